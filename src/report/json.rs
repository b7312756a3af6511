//! `--format json`: the DESIGN §6 contract.

use super::RunReport;
use serde::Serialize;
use std::io::Write;

#[derive(Serialize)]
struct Output<'a> {
    version: u32,
    findings: Findings<'a>,
    summary: Summary,
}

/// Every file's findings, each made a `JsonFinding` only while it is written (a list of them
/// all cost 120 bytes a finding on top of the report).
struct Findings<'a>(&'a RunReport);

impl Serialize for Findings<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.files.iter().flat_map(|r| {
            r.findings.iter().map(move |reported| {
                let (f, region) = (&reported.finding, reported.region);
                JsonFinding {
                    rule: f.rule.name,
                    severity: f.severity.as_str(),
                    path: &r.path,
                    line: region.line,
                    column: region.column,
                    end_line: region.end_line,
                    end_column: region.end_column,
                    message: &f.message,
                    help: f.help.as_deref(),
                    data: LazyData(&f.data),
                }
            })
        }))
    }
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
    data: LazyData<'a>,
}

/// A finding's details, parsed from their compact text only while being written, so that a
/// report of tens of thousands of findings never holds them all as JSON values at once.
struct LazyData<'a>(&'a crate::finding::Data);

impl Serialize for LazyData<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0.value() {
            serde_json::Value::Null => serde_json::Map::new().serialize(s),
            d => d.serialize(s),
        }
    }
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
    let mut out = Vec::new();
    write(report, &mut out).expect("writing to memory");
    String::from_utf8(out).expect("serde_json writes UTF-8")
}

/// Writes the report to `w` as it is serialised (a report of tens of thousands of findings
/// is never held as text).
pub fn write(report: &RunReport, w: &mut dyn std::io::Write) -> std::io::Result<()> {
    let t = report.totals;
    let out = Output {
        version: 1,
        findings: Findings(report),
        summary: Summary {
            files: t.files,
            entries: t.entries,
            sources: t.sources,
            errors: t.errors,
            warnings: t.warnings,
        },
    };
    // A buffer of its own: the serialiser writes a few bytes at a time, each a call through
    // `w` otherwise.
    let mut buffered = std::io::BufWriter::with_capacity(1 << 16, &mut *w);
    serde_json::to_writer_pretty(&mut buffered, &out).map_err(std::io::Error::from)?;
    buffered.write_all(b"\n")?;
    buffered.flush()
}
