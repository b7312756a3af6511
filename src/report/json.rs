//! `--format json`: the DESIGN §6 contract.

use super::totals;
use crate::lint::FileReport;
use serde::Serialize;

#[derive(Serialize)]
struct Output<'a> {
    version: u32,
    findings: Vec<JsonFinding<'a>>,
    summary: Summary,
}

#[derive(Serialize)]
struct JsonFinding<'a> {
    rule: &'a str,
    severity: &'a str,
    path: &'a str,
    line: usize,
    column: usize,
    end_line: usize,
    end_column: usize,
    message: &'a str,
    help: Option<&'a str>,
    data: serde_json::Value,
}

#[derive(Serialize)]
struct Summary {
    files: usize,
    entries: usize,
    sources: usize,
    errors: usize,
    warnings: usize,
}

pub fn render(reports: &[FileReport]) -> String {
    let mut findings = Vec::new();
    for r in reports {
        let idx = &r.lines;
        for f in &r.findings {
            let start = idx.position(&r.text, f.span.start);
            let end = idx.position(&r.text, f.span.end);
            findings.push(JsonFinding {
                rule: f.rule,
                severity: f.severity.as_str(),
                path: &r.path,
                line: start.line,
                column: start.column,
                end_line: end.line,
                end_column: end.column,
                message: &f.message,
                help: f.help.as_deref(),
                data: match &f.data {
                    serde_json::Value::Null => serde_json::Value::Object(Default::default()),
                    d => d.clone(),
                },
            });
        }
    }
    let t = totals(reports);
    let out = Output {
        version: 1,
        findings,
        summary: Summary {
            files: t.files,
            entries: t.entries,
            sources: t.sources,
            errors: t.errors,
            warnings: t.warnings,
        },
    };
    let mut s = serde_json::to_string_pretty(&out).expect("serialisable");
    s.push('\n');
    s
}
