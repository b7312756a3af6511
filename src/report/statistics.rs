//! `--statistics`: how many findings of each rule, most frequent first, then the summary line.

use super::RunReport;
use crate::finding::Rule;

/// Counts per rule (and per severity, as a rule may report both), most frequent first, ties by
/// rule name; with whether `--fix` can resolve some of them.
pub fn counts(report: &RunReport) -> Vec<(&'static Rule, &'static str, usize, bool)> {
    let mut rows: Vec<(&'static Rule, &'static str, usize, bool)> = Vec::new();
    for (_, r) in report.findings() {
        let f = &r.finding;
        let fixable = f.fix.as_ref().is_some_and(|x| x.is_safe());
        match rows
            .iter_mut()
            .find(|(rule, sev, ..)| rule.name == f.rule.name && *sev == f.severity.as_str())
        {
            Some(row) => {
                row.2 += 1;
                row.3 |= fixable;
            }
            None => rows.push((f.rule, f.severity.as_str(), 1, fixable)),
        }
    }
    rows.sort_by(|a, b| {
        b.2.cmp(&a.2)
            .then(a.0.name.cmp(b.0.name))
            .then(a.1.cmp(b.1))
    });
    rows
}

pub fn render(report: &RunReport) -> String {
    let rows = counts(report);
    let mut out = String::new();
    let width = rows
        .iter()
        .map(|r| r.2.to_string().len())
        .max()
        .unwrap_or(1);
    let name_width = rows.iter().map(|r| r.0.name.len()).max().unwrap_or(0);
    for (rule, severity, n, fixable) in &rows {
        out.push_str(&format!(
            "{n:>width$}  {:<name_width$}  {severity:<7}  {}  {}\n",
            rule.name,
            if *fixable { "[*]" } else { "[ ]" },
            rule.summary
        ));
    }
    if rows.iter().any(|r| r.3) {
        out.push_str("[*] some of these findings can be fixed with `--fix`\n");
    }
    out.push_str(&super::human::summary_line(report));
    out.push('\n');
    out
}
