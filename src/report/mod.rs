//! Renderers: each turns reports into a string; only `main` prints.

pub mod entries;
pub mod human;
pub mod json;

use crate::finding::Severity;
use crate::lint::FileReport;

/// Totals over all files.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Totals {
    pub files: usize,
    pub entries: usize,
    pub sources: usize,
    pub errors: usize,
    pub warnings: usize,
}

pub fn totals(reports: &[FileReport]) -> Totals {
    let mut t = Totals {
        files: reports.len(),
        ..Totals::default()
    };
    for r in reports {
        t.entries += r.entries;
        t.sources += r.sources;
        for f in &r.findings {
            match f.severity {
                Severity::Error => t.errors += 1,
                Severity::Warning => t.warnings += 1,
            }
        }
    }
    t
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
