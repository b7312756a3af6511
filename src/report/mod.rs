//! The one report model of a run, and a renderer per format. Renderers turn a `RunReport`
//! into a string; only `main` prints. Adding a format is one file here and one arm in
//! `render`.

pub mod entries;
pub mod human;
pub mod json;

use crate::finding::{Finding, Severity};
use crate::input::SourceFile;
use crate::lines::LineIndex;

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
}

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
        let findings = findings
            .into_iter()
            .map(|f| {
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
            })
            .collect();
        FileReport {
            path: file.shown,
            text: file.text,
            lines: file.lines,
            findings,
            entries,
            sources,
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
            notes: Vec::new(),
            unread: 0,
            policy: None,
        }
    }
}

/// The formats of `lint --format`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// rustc-style diagnostics with the source line, then a summary line
    Human,
    /// One JSON object: {"version": 1, "findings": [...], "summary": {...}}
    Json,
}

/// How human output looks.
#[derive(Debug, Clone)]
pub struct RenderOptions {
    pub color: bool,
    pub width: usize,
}

/// Renders a run in a format.
pub fn render(report: &RunReport, format: Format, opts: &RenderOptions) -> String {
    match format {
        Format::Human => human::render(report, opts),
        Format::Json => json::render(report),
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
