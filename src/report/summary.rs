//! `--format summary`, and the job summary of `--format github`: a Markdown report of a run —
//! the totals, findings per rule, sources per kind per section, each frontier section's date
//! with its age, and (after `--online`) the live link totals.

use super::overview::KindCounts;
use super::{plural, statistics, RunReport};

pub fn render(report: &RunReport) -> String {
    let t = report.totals;
    let mut out = String::from("## sourcepolicy\n\n");
    let mark = if t.errors > 0 {
        "❌"
    } else if t.warnings > 0 {
        "⚠️"
    } else {
        "✅"
    };
    let findings = if t.errors + t.warnings == 0 {
        "No findings".to_string()
    } else {
        format!(
            "**{}** and **{}**",
            plural(t.errors, "error", "errors"),
            plural(t.warnings, "warning", "warnings")
        )
    };
    out.push_str(&format!(
        "{mark} {findings} in {} ({}, {}).\n",
        plural(t.files, "file", "files"),
        plural(t.entries, "entry", "entries"),
        plural(t.sources, "source", "sources")
    ));
    if let Some(base) = &report.changed_since {
        let hidden = report.hidden();
        out.push_str(&format!(
            "\nOnly findings on lines changed since {} are reported{}.\n",
            code(base),
            if hidden > 0 {
                format!(
                    " ({} elsewhere not shown)",
                    plural(hidden, "finding", "findings")
                )
            } else {
                String::new()
            }
        ));
    }
    let fixed = report.fixed();
    if fixed > 0 {
        out.push_str(&format!(
            "\n`--fix` fixed {}.\n",
            plural(fixed, "finding", "findings")
        ));
    }
    findings_per_rule(report, &mut out);
    sources_per_kind(report, &mut out);
    frontier(report, &mut out);
    if let Some(l) = report.links {
        out.push_str("\n### Live links\n\n| checked | broken | unverified |\n|---:|---:|---:|\n");
        out.push_str(&format!(
            "| {} | {} | {} |\n",
            l.checked, l.broken, l.unverified
        ));
    }
    out
}

fn findings_per_rule(report: &RunReport, out: &mut String) {
    let rows = statistics::counts(report);
    if rows.is_empty() {
        return;
    }
    out.push_str("\n### Findings per rule\n\n| rule | severity | findings | fires when |\n|---|---|---:|---|\n");
    for (rule, severity, n, fixable) in rows {
        out.push_str(&format!(
            "| `{}` | {severity} | {n}{} | {} |\n",
            rule.name,
            if fixable { " (fixable)" } else { "" },
            cell(rule.summary)
        ));
    }
}

fn sources_per_kind(report: &RunReport, out: &mut String) {
    let many = report.files.len() > 1;
    let rows: Vec<(&str, String, KindCounts)> = report
        .files
        .iter()
        .filter_map(|f| f.overview.as_ref().map(|o| (f, o)))
        .flat_map(|(f, o)| {
            o.sections.iter().map(move |s| {
                let name = if s.section.is_empty() {
                    "(before the first section)".to_string()
                } else {
                    s.section.join(" › ")
                };
                (f.path.as_str(), name, s.counts)
            })
        })
        .collect();
    if rows.is_empty() {
        return;
    }
    out.push_str("\n### Sources per kind\n\n");
    if many {
        out.push_str("| file ");
    }
    out.push_str("| section | paper | docs | repo | report | non-primary | unclassified |\n");
    if many {
        out.push_str("|---");
    }
    out.push_str("|---|---:|---:|---:|---:|---:|---:|\n");
    let mut all = KindCounts::default();
    for (path, section, c) in &rows {
        all.merge(c);
        if many {
            out.push_str(&format!("| {} ", cell(path)));
        }
        out.push_str(&format!("| {} {}\n", cell(section), counts(c)));
    }
    if many {
        out.push_str("| ");
    }
    out.push_str(&format!("| **all** {}\n", counts(&all)));
}

fn counts(c: &KindCounts) -> String {
    format!(
        "| {} | {} | {} | {} | {} | {} |",
        c.paper, c.docs, c.repo, c.report, c.inadmissible, c.unclassified
    )
}

fn frontier(report: &RunReport, out: &mut String) {
    let rows: Vec<_> = report
        .files
        .iter()
        .filter_map(|f| f.overview.as_ref().map(|o| (f, o)))
        .flat_map(|(f, o)| o.frontier.iter().map(move |d| (f, d)))
        .collect();
    if rows.is_empty() {
        return;
    }
    let many = report.files.len() > 1;
    out.push_str(if many {
        "\n### Frontier\n\n| file | section | verified on | age |\n|---|---|---|---|\n"
    } else {
        "\n### Frontier\n\n| section | verified on | age |\n|---|---|---|\n"
    });
    for (f, d) in rows {
        let (date, age) = match (d.date, d.age_days, &d.invalid) {
            (Some(date), Some(age), _) => {
                let state = if age < 0 {
                    format!("{} in the future", plural((-age) as usize, "day", "days"))
                } else if age > i64::from(d.max_age_days) {
                    format!(
                        "{}: stale (limit {})",
                        plural(age as usize, "day", "days"),
                        d.max_age_days
                    )
                } else {
                    format!(
                        "{} (limit {})",
                        plural(age as usize, "day", "days"),
                        d.max_age_days
                    )
                };
                (date.to_string(), state)
            }
            (_, _, Some(text)) => (code(text), "not a real date".to_string()),
            _ => ("—".to_string(), "no verification date".to_string()),
        };
        if many {
            out.push_str(&format!("| {} ", cell(&f.path)));
        }
        out.push_str(&format!("| {} | {date} | {age} |\n", cell(&d.section)));
    }
}

/// Text made safe for a Markdown table cell: no line breaks, `|` escaped, HTML inert.
fn cell(s: &str) -> String {
    super::concise::one_line(s)
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('|', "\\|")
}

/// Text as an inline code span inside a table cell (its backticks and `|` cannot end it).
fn code(s: &str) -> String {
    format!(
        "`{}`",
        super::concise::one_line(s)
            .replace('`', "'")
            .replace('|', "\\|")
    )
}
