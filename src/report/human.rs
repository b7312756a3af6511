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

/// Whether to colour output: only on a terminal, and never when `NO_COLOR` is set to a
/// non-empty value (<https://no-color.org>).
pub fn color_enabled(is_terminal: bool, no_color: Option<&std::ffi::OsStr>) -> bool {
    is_terminal && no_color.is_none_or(|v| v.is_empty())
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

pub fn summary_line(report: &RunReport) -> String {
    let t = report.totals;
    let scope = format!(
        "in {} ({}, {})",
        plural(t.files, "file", "files"),
        plural(t.entries, "entry", "entries"),
        plural(t.sources, "source", "sources")
    );
    if t.errors + t.warnings == 0 {
        format!("sourcepolicy: no findings {scope}")
    } else {
        format!(
            "sourcepolicy: {} and {} {scope}",
            plural(t.errors, "error", "errors"),
            plural(t.warnings, "warning", "warnings")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::color_enabled;
    use std::ffi::OsStr;

    #[test]
    fn colour_only_on_a_terminal_without_no_color() {
        assert!(color_enabled(true, None));
        assert!(color_enabled(true, Some(OsStr::new(""))));
        assert!(!color_enabled(true, Some(OsStr::new("1"))));
        assert!(!color_enabled(false, None));
        assert!(!color_enabled(false, Some(OsStr::new("1"))));
    }
}
