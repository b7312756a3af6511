//! `--format json`: the DESIGN §6 contract.

use super::RunReport;
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

pub fn render(report: &RunReport) -> String {
    let mut findings = Vec::new();
    for r in &report.files {
        for reported in &r.findings {
            let (f, region) = (&reported.finding, reported.region);
            findings.push(JsonFinding {
                rule: f.rule.name,
                severity: f.severity.as_str(),
                path: &r.path,
                line: region.line,
                column: region.column,
                end_line: region.end_line,
                end_column: region.end_column,
                message: &f.message,
                help: f.help.as_deref(),
                data: match f.data.value() {
                    serde_json::Value::Null => serde_json::Value::Object(Default::default()),
                    d => d,
                },
            });
        }
    }
    let t = report.totals;
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
