//! The one report model of a run, and a renderer per format. Renderers turn a `RunReport`
//! into a string; only `main` prints. Adding a format is one file here and one arm in
//! `render`.

pub mod concise;
pub mod diff;
pub mod entries;
pub mod github;
pub mod human;
pub mod json;
mod layout;
pub mod overview;
pub mod sarif;
pub mod statistics;
pub mod summary;

use crate::finding::{Finding, Rule, Severity};
use crate::input::SourceFile;
use crate::lines::LineIndex;
pub use overview::{LinkTotals, Overview};

/// Where a finding stands, 1-based, columns in characters; computed once per finding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Region {
    pub line: usize,
    pub column: usize,
    pub end_line: usize,
    pub end_column: usize,
}

/// A finding with its region.
#[derive(Debug, Clone)]
pub struct Reported {
    pub finding: Finding,
    pub region: Region,
}

/// Everything a renderer needs about one linted file.
pub struct FileReport {
    /// The path as reports show it.
    pub path: String,
    /// The text, for quoting lines.
    pub text: String,
    pub lines: LineIndex,
    /// In order of position.
    pub findings: Vec<Reported>,
    pub entries: usize,
    pub sources: usize,
    /// Sources per kind per section and the frontier dates, for the job summary (computed
    /// when the format shows them).
    pub overview: Option<Overview>,
    /// The fixes `--fix` applied, in the order applied.
    pub fixed: Vec<AppliedFix>,
    /// The text as read, when fixes changed it (`text` is then the fixed text).
    pub original: Option<String>,
    /// Findings left out because they are not on lines changed since `--changed-since`.
    pub hidden: usize,
    /// The file the text was read from (None for standard input): where `--fix` writes.
    pub source: Option<std::path::PathBuf>,
}

/// A fix `--fix` applied: the finding it resolved, where that finding stood (in the text the
/// fix was applied to), and the lines it rewrote.
#[derive(Debug, Clone)]
pub struct AppliedFix {
    pub rule: &'static Rule,
    pub message: String,
    pub line: usize,
    pub column: usize,
    /// What the edits replaced: `(old text, new text)` of each edit, in order.
    pub edits: Vec<(String, String)>,
}

/// How many findings a report takes in one piece (see `FileReport::new`).
const REPORTED_AT_ONCE: usize = 4096;

impl FileReport {
    /// Orders the findings by position and computes their regions.
    pub fn new(
        file: SourceFile,
        mut findings: Vec<Finding>,
        entries: usize,
        sources: usize,
    ) -> FileReport {
        findings.sort_by(|a, b| {
            (a.span.start, a.rule.name, a.span.end).cmp(&(b.span.start, b.rule.name, b.span.end))
        });
        let text = &file.text;
        let reported = |f: Finding| {
            let start = file.lines.position(text, f.span.start);
            let end = file.lines.position(text, f.span.end);
            Reported {
                region: Region {
                    line: start.line,
                    column: start.column,
                    end_line: end.line,
                    end_column: end.column,
                },
                finding: f,
            }
        };
        let findings: Vec<Reported> = if findings.len() <= REPORTED_AT_ONCE {
            findings.into_iter().map(reported).collect()
        } else {
            // A slice at a time, taken from the end of the list reversed: the findings' list
            // shrinks as the report's grows (by an eighth at a time), so that a report of
            // many findings does not hold them twice at once (each `Reported` is a `Finding`
            // and its region).
            findings.reverse();
            let mut out: Vec<Reported> = Vec::new();
            while !findings.is_empty() {
                let k = (out.len() / 8).max(REPORTED_AT_ONCE).min(findings.len());
                out.reserve_exact(k);
                let from = findings.len() - k;
                out.extend(findings.drain(from..).rev().map(reported));
                findings.shrink_to_fit();
            }
            out
        };
        FileReport {
            source: file.path,
            path: file.shown,
            text: file.text,
            lines: file.lines,
            findings,
            entries,
            sources,
            overview: None,
            fixed: Vec::new(),
            original: None,
            hidden: 0,
        }
    }
}

/// Totals over all files.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Totals {
    pub files: usize,
    pub entries: usize,
    pub sources: usize,
    pub errors: usize,
    pub warnings: usize,
}

/// The result of a run: every file's findings and the totals.
pub struct RunReport {
    pub files: Vec<FileReport>,
    pub totals: Totals,
    /// Live link results (`--online`); None offline.
    pub links: Option<LinkTotals>,
    /// The `--changed-since` reference, when findings were limited to changed lines.
    pub changed_since: Option<String>,
    /// Problems of the run itself, for the user but not findings (an unreadable link cache,
    /// no network): `main` prints them to standard error.
    pub notes: Vec<String>,
    /// How many inputs could not be read (reported on their own; the run exits 2).
    pub unread: usize,
    /// The policy in use, as the human summary names it (a file, or "built-in").
    pub policy: Option<String>,
}

impl RunReport {
    pub fn new(files: Vec<FileReport>) -> RunReport {
        let mut t = Totals {
            files: files.len(),
            ..Totals::default()
        };
        for r in &files {
            t.entries += r.entries;
            t.sources += r.sources;
            for f in &r.findings {
                match f.finding.severity {
                    Severity::Error => t.errors += 1,
                    Severity::Warning => t.warnings += 1,
                }
            }
        }
        RunReport {
            files,
            totals: t,
            links: None,
            changed_since: None,
            notes: Vec::new(),
            unread: 0,
            policy: None,
        }
    }

    /// Every reported finding with the file it is in, in report order.
    pub fn findings(&self) -> impl Iterator<Item = (&FileReport, &Reported)> {
        self.files
            .iter()
            .flat_map(|f| f.findings.iter().map(move |r| (f, r)))
    }

    /// How many fixes `--fix` applied in all.
    pub fn fixed(&self) -> usize {
        self.files.iter().map(|f| f.fixed.len()).sum()
    }

    /// Findings left out by `--changed-since`.
    pub fn hidden(&self) -> usize {
        self.files.iter().map(|f| f.hidden).sum()
    }

    /// Whether the run fails (exit status 1): an error-severity finding, or with
    /// `deny_warnings` any finding.
    pub fn failed(&self, deny_warnings: bool) -> bool {
        self.totals.errors > 0 || (deny_warnings && self.totals.warnings > 0)
    }
}

/// The formats of `lint --format`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// rustc-style diagnostics with the source line, then a summary line
    Human,
    /// One line per finding: `path:line:col: severity[rule] message` (editors, grep, problem
    /// matchers)
    Concise,
    /// One JSON object: {"version": 1, "findings": [...], "summary": {...}}
    Json,
    /// GitHub Actions annotations, one workflow command per finding; with
    /// GITHUB_STEP_SUMMARY set, also appends a Markdown job summary to that file
    Github,
    /// SARIF 2.1.0, for GitHub code scanning and other SARIF viewers
    Sarif,
    /// The Markdown summary (findings per rule, sources per kind, frontier dates), for release
    /// notes
    Summary,
}

impl Format {
    /// Whether the format prints the per-section overview (sources per kind, frontier dates);
    /// `github` shows it in the job summary, when there is one to write.
    pub fn needs_overview(self) -> bool {
        self == Format::Summary
    }

    /// Whether the format prints each finding's `data` (the others let the rules skip it).
    pub fn shows_details(self) -> bool {
        self == Format::Json
    }

    /// Whether the format is read by programs, not people (`--quiet` and `--statistics` leave
    /// it alone).
    pub fn is_machine_readable(self) -> bool {
        matches!(self, Format::Json | Format::Github | Format::Sarif)
    }
}

/// How output looks.
#[derive(Debug, Clone, Default)]
pub struct RenderOptions {
    pub color: bool,
    pub width: usize,
    /// `--quiet`: people's formats print only the summary line, and nothing when clean.
    pub quiet: bool,
    /// `--statistics`: people's formats print counts per rule instead of each finding.
    pub statistics: bool,
}

/// Renders a run in a format.
/// Writes the report in `format` to `w`: what `render` returns, streamed where the format
/// allows (JSON, SARIF), so that the output of a large run is not held in memory as well.
pub fn write(
    report: &RunReport,
    format: Format,
    opts: &RenderOptions,
    w: &mut dyn std::io::Write,
) -> std::io::Result<()> {
    if format == Format::Json {
        return json::write(report, w);
    }
    if format == Format::Sarif {
        return sarif::write(report, w);
    }
    if format == Format::Human && !opts.quiet && !opts.statistics {
        return human::write(report, opts, w);
    }
    w.write_all(render(report, format, opts).as_bytes())
}

pub fn render(report: &RunReport, format: Format, opts: &RenderOptions) -> String {
    if !format.is_machine_readable() && format != Format::Summary {
        if opts.quiet {
            return quiet(report);
        }
        if opts.statistics {
            return statistics::render(report);
        }
    }
    match format {
        Format::Human => human::render(report, opts),
        Format::Concise => concise::render(report),
        Format::Json => json::render(report),
        Format::Github => github::render(report),
        Format::Sarif => sarif::render(report),
        Format::Summary => summary::render(report),
    }
}

/// `--quiet`: the summary line when there are findings, else nothing.
fn quiet(report: &RunReport) -> String {
    let t = report.totals;
    if t.errors + t.warnings == 0 {
        return String::new();
    }
    human::summary_line(report) + "\n"
}

/// Appends a number in decimal, as `{n}` would, without the formatting machinery (renderers
/// write two or three per finding).
fn push_decimal(out: &mut String, mut n: usize) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.push_str(std::str::from_utf8(&digits[i..]).expect("ASCII digits"));
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    #[test]
    fn decimals_are_written_as_format_writes_them() {
        for n in [0, 7, 10, 99, 100, 12345, usize::MAX] {
            let mut s = String::from("x");
            super::push_decimal(&mut s, n);
            assert_eq!(s, format!("x{n}"));
        }
    }
}
