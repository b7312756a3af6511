//! `--format github`: one GitHub Actions workflow command per finding,
//! `::error file=F,line=L,col=C,endLine=L2,endColumn=C2,title=RULE::MESSAGE`, escaped as GitHub
//! documents, then the summary line (plain log text). The Markdown job summary that goes with
//! it is `summary::render`; `main` appends it to `$GITHUB_STEP_SUMMARY`.

use super::{Region, RunReport};
use crate::finding::Severity;

pub fn render(report: &RunReport) -> String {
    let mut out = String::new();
    for (file, r) in report.findings() {
        let f = &r.finding;
        let command = match f.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let mut message = f.message.clone();
        if let Some(h) = &f.help {
            message.push_str("\nhelp: ");
            message.push_str(h);
        }
        out.push_str(&format!(
            "::{command} {}::{}\n",
            properties(&file.path, r.region, f.rule.name),
            escape_data(&message)
        ));
    }
    out.push_str(&super::human::summary_line(report));
    out.push('\n');
    out
}

/// `file=…,line=…[,col=…],endLine=…[,endColumn=…],title=…`. GitHub takes columns only on a
/// one-line annotation, and its end column is the last character (ours is the one after).
fn properties(path: &str, region: Region, rule: &str) -> String {
    let mut p = format!("file={},line={}", escape_property(path), region.line.max(1));
    let one_line = region.end_line == region.line;
    if one_line {
        p.push_str(&format!(",col={}", region.column));
    }
    p.push_str(&format!(",endLine={}", region.end_line.max(region.line)));
    if one_line {
        let end = region.end_column.saturating_sub(1).max(region.column);
        p.push_str(&format!(",endColumn={end}"));
    }
    p.push_str(&format!(",title={}", escape_property(rule)));
    p
}

/// A command's message: `%`, carriage return and line feed escaped.
pub fn escape_data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// A command's property value: as a message, and `:` and `,` too.
pub fn escape_property(s: &str) -> String {
    escape_data(s).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_as_github_documents() {
        assert_eq!(
            escape_data("50% off\r\nnext: a,b"),
            "50%25 off%0D%0Anext: a,b"
        );
        assert_eq!(
            escape_property("docs/a,b:c%.md\n"),
            "docs/a%2Cb%3Ac%25.md%0A"
        );
        // `%` first, so an escape is never escaped twice.
        assert_eq!(escape_data("%0A"), "%250A");
    }

    #[test]
    fn columns_only_on_one_line() {
        let one = Region {
            line: 3,
            column: 5,
            end_line: 3,
            end_column: 9,
        };
        assert_eq!(
            properties("README.md", one, "perf/missing-context"),
            "file=README.md,line=3,col=5,endLine=3,endColumn=8,title=perf/missing-context"
        );
        let many = Region {
            line: 3,
            column: 5,
            end_line: 6,
            end_column: 2,
        };
        assert_eq!(
            properties("README.md", many, "structure/toc-mismatch"),
            "file=README.md,line=3,endLine=6,title=structure/toc-mismatch"
        );
        let empty = Region {
            line: 2,
            column: 4,
            end_line: 2,
            end_column: 4,
        };
        assert!(properties("a.md", empty, "r").contains("col=4,endLine=2,endColumn=4"));
    }
}
