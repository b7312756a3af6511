//! `--format human`: rustc-style diagnostics through miette, then one summary line.

use super::{plural, RenderOptions, RunReport};
use crate::finding::{Finding, Severity};
use crate::lines::LineIndex;
use miette::{
    Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteError,
    MietteSpanContents, SourceCode, SourceSpan, SpanContents,
};
use std::fmt;

/// Lines longer than this are not quoted (a 2 MB line would be printed once per finding).
const MAX_QUOTED_LINE: usize = 400;

/// A file's text under its name. Spans are resolved through the line index, so quoting a
/// line costs O(line), not O(file) as miette's own `str` source does.
struct Named<'a> {
    name: &'a str,
    text: &'a str,
    lines: &'a LineIndex,
}

impl SourceCode for Named<'_> {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let start = span.offset();
        let end = start + span.len();
        if end > self.text.len() {
            return Err(MietteError::OutOfBounds);
        }
        let first = self.lines.line_of(start).saturating_sub(before).max(1);
        let last = (self.lines.line_of(end) + after).min(self.lines.line_count());
        // miette reads the header's line:column from the contents' line and column: give the
        // span's own column, while the data starts at the line so the whole line is quoted.
        let from = self.lines.line_start(first);
        let column = if before == 0 {
            self.lines.position(self.text, start).column - 1
        } else {
            0
        };
        let to = self.lines.line_range(self.text, last).end;
        let to = if self.text[to..].starts_with("\r\n") {
            to + 2
        } else if self.text[to..].starts_with('\n') {
            to + 1
        } else {
            to
        };
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.to_string(),
            &self.text.as_bytes()[from..to],
            (from, to - from).into(),
            first - 1,
            column,
            last - first + 1,
        )))
    }
}

struct Diag<'a> {
    f: &'a Finding,
    message: String,
    src: Option<Named<'a>>,
}

impl fmt::Debug for Diag<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}
impl fmt::Display for Diag<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}
impl std::error::Error for Diag<'_> {}

impl Diagnostic for Diag<'_> {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.f.rule.name))
    }
    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.f.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
        })
    }
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.f
            .help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }
    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.src.as_ref().map(|s| s as &dyn SourceCode)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        self.src.as_ref()?;
        Some(Box::new(std::iter::once(LabeledSpan::new_with_span(
            self.f.label.clone(),
            self.f.span.clone(),
        ))))
    }
}

/// Whether to colour output. `forced` is `--color always` (Some(true)) or `never`
/// (Some(false)); else (auto): never when `NO_COLOR` is set to a non-empty value
/// (<https://no-color.org>), which wins over the variables that force colour; always when
/// `FORCE_COLOR` or `CLICOLOR_FORCE` is set to a value other than empty or `0`; else only on a
/// terminal, unless `CLICOLOR=0`. `env` reads a variable.
pub fn color_enabled(
    forced: Option<bool>,
    is_terminal: bool,
    env: impl Fn(&str) -> Option<std::ffi::OsString>,
) -> bool {
    if let Some(f) = forced {
        return f;
    }
    let set = |k: &str| env(k).is_some_and(|v| !v.is_empty());
    let on = |k: &str| env(k).is_some_and(|v| !v.is_empty() && v != "0" && v != "false");
    if set("NO_COLOR") {
        return false;
    }
    if on("FORCE_COLOR") || on("CLICOLOR_FORCE") {
        return true;
    }
    is_terminal && env("CLICOLOR").is_none_or(|v| v != "0")
}

pub fn render(report: &RunReport, opts: &RenderOptions) -> String {
    let theme = if opts.color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let handler = GraphicalReportHandler::new_themed(theme)
        .with_width(opts.width)
        .with_context_lines(0)
        .with_links(false);
    let mut out = String::new();
    for r in &report.files {
        let idx = &r.lines;
        for reported in &r.findings {
            let f = &reported.finding;
            let pos = reported.region;
            let line = idx.line_range(&r.text, pos.line);
            let quotable = line.len() <= MAX_QUOTED_LINE
                && f.span.end <= r.text.len()
                && idx.line_of(f.span.end) <= pos.line + 3;
            if !quotable {
                // No line to quote: the same layout as miette's, written directly (a hostile
                // file can hold hundreds of thousands of these).
                let mark = match f.severity {
                    Severity::Error => "×",
                    Severity::Warning => "⚠",
                };
                out.push_str(&format!(
                    "{}\n\n  {mark} {}:{}:{}: {}\n",
                    f.rule.name, r.path, pos.line, pos.column, f.message
                ));
                if let Some(h) = &f.help {
                    out.push_str(&format!("  help: {h}\n"));
                }
                out.push('\n');
                continue;
            }
            let diag = Diag {
                f,
                message: f.message.clone(),
                src: Some(Named {
                    name: &r.path,
                    text: &r.text,
                    lines: idx,
                }),
            };
            let _ = handler.render_report(&mut out, &diag);
            out.push('\n');
        }
    }
    out.push_str(&summary_line(report));
    out.push('\n');
    out
}

/// `sourcepolicy: 4 errors and 1 warning in 2 files (9 entries, 11 sources) with policy.toml`
pub fn summary_line(report: &RunReport) -> String {
    let t = report.totals;
    let scope = format!(
        "in {} ({}, {})",
        plural(t.files, "file", "files"),
        plural(t.entries, "entry", "entries"),
        plural(t.sources, "source", "sources")
    );
    let policy = match report.policy.as_deref() {
        Some("built-in") => " with the built-in policy".to_string(),
        Some(p) => format!(" with {p}"),
        None => String::new(),
    };
    let unread = match report.unread {
        0 => String::new(),
        n => format!("; {} could not be read", plural(n, "file", "files")),
    };
    if t.errors + t.warnings == 0 {
        format!("sourcepolicy: no findings {scope}{policy}{unread}")
    } else {
        format!(
            "sourcepolicy: {} and {} {scope}{policy}{unread}",
            plural(t.errors, "error", "errors"),
            plural(t.warnings, "warning", "warnings")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::color_enabled;

    #[test]
    fn colour_follows_the_flag_then_the_environment() {
        let env = |vars: &'static [(&'static str, &'static str)]| {
            move |k: &str| {
                vars.iter()
                    .find(|(n, _)| *n == k)
                    .map(|(_, v)| std::ffi::OsString::from(v))
            }
        };
        assert!(color_enabled(None, true, env(&[])));
        assert!(!color_enabled(None, false, env(&[])));
        assert!(color_enabled(None, true, env(&[("NO_COLOR", "")])));
        assert!(!color_enabled(None, true, env(&[("NO_COLOR", "1")])));
        assert!(color_enabled(None, false, env(&[("FORCE_COLOR", "1")])));
        assert!(color_enabled(None, false, env(&[("CLICOLOR_FORCE", "1")])));
        assert!(!color_enabled(None, false, env(&[("FORCE_COLOR", "0")])));
        // NO_COLOR wins over the variables that force colour.
        assert!(!color_enabled(
            None,
            true,
            env(&[("NO_COLOR", "1"), ("FORCE_COLOR", "1")])
        ));
        assert!(!color_enabled(None, true, env(&[("CLICOLOR", "0")])));
        // The flag wins over everything.
        assert!(color_enabled(Some(true), false, env(&[("NO_COLOR", "1")])));
        assert!(!color_enabled(
            Some(false),
            true,
            env(&[("FORCE_COLOR", "1")])
        ));
    }
}
