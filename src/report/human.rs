//! `--format human`: rustc-style diagnostics, then one summary line.
//!
//! ```text
//! list.md:10:30: error[perf/missing-context]: performance claim "2.3x" lacks hardware, …
//!     │
//!  10 │ - [ARC](https://example.org/arc) - 2.3x higher hit rate.
//!     │                                    ^^^^ claim without its context
//!     = help: state the hardware (e.g. 8xH100, MI300X), …
//! ```
//!
//! The headline starts with `path:line:col` (clickable in editors and terminals) and names the
//! severity and rule in words; it is never wrapped. The quoted line is cut to the width around
//! the span when it is longer; help text is wrapped to the width, but never inside a code span,
//! an HTML comment or a URL, which the user should be able to copy whole. Control characters
//! from the file are shown as `�`, so a hostile list cannot drive the terminal.

use super::layout::{clean_char, quote_into, repeat, wrap_into, Cells};
use super::{plural, push_decimal, RenderOptions, RunReport};
use crate::finding::Severity;
use rustc_hash::FxHashMap;
use std::borrow::Cow;

/// Lines longer than this (in bytes) are not quoted: a 2 MB line would be scanned once per
/// finding.
const MAX_QUOTED_LINE: usize = 4000;

/// ANSI styles, or nothing when colour is off. Each writes its text into the output, so
/// that a report of thousands of findings is one growing string, not thousands of small ones.
struct Style {
    on: bool,
}

impl Style {
    fn paint(&self, out: &mut String, code: &str, s: &str) {
        if self.on && !s.is_empty() {
            out.push_str("\x1b[");
            out.push_str(code);
            out.push('m');
            out.push_str(s);
            out.push_str("\x1b[0m");
        } else {
            out.push_str(s);
        }
    }
    fn severity(&self, out: &mut String, sev: Severity, s: &str) {
        match sev {
            Severity::Error => self.paint(out, "1;31", s),
            Severity::Warning => self.paint(out, "1;33", s),
        }
    }
    fn bold(&self, out: &mut String, s: &str) {
        self.paint(out, "1", s)
    }
    fn gutter(&self, out: &mut String, s: &str) {
        self.paint(out, "1;34", s)
    }
    fn help(&self, out: &mut String, s: &str) {
        self.paint(out, "1;36", s)
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

/// Text from the file, safe to print: control characters (other than tab, shown as a space)
/// become `�`. Borrowed when there is nothing to replace (almost always).
fn clean(s: &str) -> Cow<'_, str> {
    // Control characters are C0 and DEL (one byte each) and C1 (U+0080..U+009F, whose UTF-8
    // starts with 0xC2): a text without those bytes has none, and is checked a byte at a time.
    if !may_hold_control(s.as_bytes()) || !s.chars().any(char::is_control) {
        return Cow::Borrowed(s);
    }
    Cow::Owned(s.chars().map(clean_char).collect())
}

/// Whether `b` holds a byte that starts a control character (see `clean`). Checked 32 bytes
/// at a time without an early exit inside a block, which the compiler turns into vector
/// compares: help text is scanned for every finding.
fn may_hold_control(b: &[u8]) -> bool {
    let lead = |x: u8| x < 0x20 || x == 0x7f || x == 0xc2;
    let mut blocks = b.chunks_exact(32);
    for block in &mut blocks {
        if block.iter().fold(false, |m, &x| m | lead(x)) {
            return true;
        }
    }
    blocks.remainder().iter().any(|&x| lead(x))
}

/// The report as text (see `write`).
pub fn render(report: &RunReport, opts: &RenderOptions) -> String {
    let mut out = Vec::new();
    write(report, opts, &mut out).expect("writing to memory does not fail");
    String::from_utf8(out).expect("the report is built from text")
}

/// Once this much text is waiting, it goes to the writer: a report of thousands of findings
/// is written in pieces, never held whole.
const FLUSH_AT: usize = 32 * 1024;

/// Writes the report: each finding, then the summary line.
pub fn write(
    report: &RunReport,
    opts: &RenderOptions,
    w: &mut dyn std::io::Write,
) -> std::io::Result<()> {
    let style = Style { on: opts.color };
    let mut out = String::with_capacity(FLUSH_AT + 4096);
    let mut scratch = String::new();
    let mut number = String::new();
    let mut cells = Cells::default();
    // The last quoted line as shown and its underline, kept for the next finding at the same
    // place (a link is often both a duplicate and inadmissible).
    let mut shown = String::new();
    let mut marks = (0, 0);
    // Help text as wrapped, by the width of the gutter (the line number's digits) and text.
    let mut wrapped: FxHashMap<usize, FxHashMap<crate::finding::Text, String>> =
        FxHashMap::default();
    for r in &report.files {
        let path = clean(&r.path);
        // where `shown` was cut from: (line start, the span's part of the line)
        let mut shown_for: Option<(usize, usize, usize)> = None;
        for reported in &r.findings {
            let f = &reported.finding;
            let pos = reported.region;
            scratch.clear();
            scratch.push_str(&path);
            scratch.push(':');
            push_decimal(&mut scratch, pos.line);
            scratch.push(':');
            push_decimal(&mut scratch, pos.column);
            style.bold(&mut out, &scratch);
            out.push_str(": ");
            style.severity(&mut out, f.severity, f.severity.as_str());
            scratch.clear();
            scratch.push('[');
            scratch.push_str(f.rule.name);
            scratch.push(']');
            style.bold(&mut out, &scratch);
            out.push_str(": ");
            out.push_str(&clean(&f.message));
            out.push('\n');
            let line = r.lines.line_range(&r.text, pos.line);
            number.clear();
            push_decimal(&mut number, pos.line);
            let pad_len = number.len() + 1;
            let pad = |out: &mut String| repeat(out, ' ', pad_len);
            if line.len() <= MAX_QUOTED_LINE && f.span.end <= r.text.len() {
                let text = &r.text[line.clone()];
                // The span's part on this line, as byte offsets within it.
                let from = f.span.start.clamp(line.start, line.end) - line.start;
                let to = f.span.end.clamp(line.start, line.end) - line.start;
                if shown_for != Some((line.start, from, to)) {
                    shown.clear();
                    marks = quote_into(
                        &mut shown,
                        &mut cells,
                        text,
                        from,
                        to,
                        opts.width.saturating_sub(pad_len + 3),
                    );
                    shown_for = Some((line.start, from, to));
                }
                let more = r.lines.line_of(f.span.end.saturating_sub(1)) > pos.line;
                pad(&mut out);
                style.gutter(&mut out, "│");
                out.push('\n');
                style.gutter(&mut out, number.as_str());
                out.push(' ');
                style.gutter(&mut out, "│");
                out.push(' ');
                out.push_str(&shown);
                out.push('\n');
                pad(&mut out);
                style.gutter(&mut out, "│");
                out.push(' ');
                repeat(&mut out, ' ', marks.0);
                scratch.clear();
                repeat(&mut scratch, '^', marks.1.max(1));
                if more {
                    scratch.push_str(" …");
                }
                style.severity(&mut out, f.severity, &scratch);
                let label = f.label.as_deref().map(clean).unwrap_or_default();
                if !label.trim_end().is_empty() {
                    out.push(' ');
                    out.push_str(label.trim_end());
                }
                out.push('\n');
            }
            if let Some(h) = &f.help {
                // Most findings of a rule share their help: it is wrapped once per gutter width.
                let by_help = wrapped.entry(pad_len).or_default();
                if let Some(text) = by_help.get(h.as_str()) {
                    out.push_str(text);
                } else {
                    let lead = pad_len + "= ".len();
                    let mut head = String::with_capacity(lead + 16);
                    repeat(&mut head, ' ', pad_len);
                    head.push_str("= ");
                    style.help(&mut head, "help");
                    head.push_str(": ");
                    let indent = " ".repeat(lead + "help: ".len());
                    let mut text = String::new();
                    wrap_into(&mut text, &clean(h), &head, &indent, opts.width, lead + 6);
                    out.push_str(&text);
                    by_help.insert(h.clone(), text);
                }
            }
            out.push('\n');
            if out.len() >= FLUSH_AT {
                w.write_all(out.as_bytes())?;
                out.clear();
            }
        }
    }
    style.bold(&mut out, &summary_line(report));
    out.push('\n');
    w.write_all(out.as_bytes())
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
    use super::*;

    #[test]
    fn control_bytes_are_found_in_any_block() {
        let mut text = "a".repeat(100);
        assert!(!may_hold_control(text.as_bytes()));
        for (at, byte) in [(0, 0x01u8), (31, 0x1b), (32, 0x7f), (70, 0xc2), (99, b'\n')] {
            let mut b = text.clone().into_bytes();
            b[at] = byte;
            assert!(may_hold_control(&b), "byte {byte:#x} at {at}");
        }
        text.push('\u{85}');
        assert_eq!(clean(&text), format!("{}\u{fffd}", "a".repeat(100)));
        assert!(matches!(clean("caf\u{e9} \u{2014} ok"), Cow::Borrowed(_)));
    }

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
