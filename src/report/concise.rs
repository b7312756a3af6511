//! `--format concise`: one line per finding, `path:line:col: severity[rule] message`, the
//! shape editors, grep and problem matchers read; then the summary line.

use super::RunReport;

pub fn render(report: &RunReport) -> String {
    let mut out = String::new();
    for (file, r) in report.findings() {
        let f = &r.finding;
        out.push_str(&format!(
            "{}:{}:{}: {}[{}] {}\n",
            file.path,
            r.region.line,
            r.region.column,
            f.severity.as_str(),
            f.rule.name,
            one_line(&f.message)
        ));
    }
    out.push_str(&super::human::summary_line(report));
    out.push('\n');
    out
}

/// The text on one line: line breaks become spaces (a message quotes the list's text).
pub(crate) fn one_line(s: &str) -> String {
    if !s.contains(['\n', '\r']) {
        return s.to_string();
    }
    s.split(['\n', '\r'])
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}
