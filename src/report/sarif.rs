//! `--format sarif`: SARIF 2.1.0 as GitHub code scanning reads it. Every rule of the table
//! with its explanation as help, its default level and the URL of its page; each finding as a
//! result with a physical location (columns in Unicode code points, end column exclusive, as
//! SARIF counts them) and a partial fingerprint that does not depend on line numbers, so a
//! result keeps its identity when unrelated lines move.

use super::{FileReport, Reported, RunReport};
use crate::finding::{Rule, Severity};
use serde::Serialize;
use std::collections::HashMap;

/// Where the rule pages live: the repository's `docs/rules/` at the released version.
fn help_uri(rule: &Rule) -> Option<String> {
    let repo = env!("CARGO_PKG_REPOSITORY").trim_end_matches('/');
    (!repo.is_empty()).then(|| {
        format!(
            "{repo}/blob/v{}/docs/rules/{}.md",
            env!("CARGO_PKG_VERSION"),
            rule.name.replace('/', "-")
        )
    })
}

#[derive(Serialize)]
struct Log<'a> {
    #[serde(rename = "$schema")]
    schema: &'static str,
    version: &'static str,
    runs: [Run<'a>; 1],
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Run<'a> {
    tool: Tool,
    invocations: [Invocation; 1],
    column_kind: &'static str,
    results: Results<'a>,
}

/// The run's results, each made only while it is written: a report of tens of thousands of
/// findings never holds them all as SARIF values (with their messages, snippets and
/// fingerprints copied) besides the text they are written to.
struct Results<'a> {
    report: &'a RunReport,
    index: HashMap<&'static str, usize>,
    /// How many results so far had each fingerprint key (the n-th repeat is told apart).
    seen: std::cell::RefCell<HashMap<u64, usize>>,
}

impl Serialize for Results<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seen = self.seen.borrow_mut();
        s.collect_seq(
            self.report
                .findings()
                .map(|(file, r)| result(file, r, &self.index, &mut seen)),
        )
    }
}

#[derive(Serialize)]
struct Tool {
    driver: Driver,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Driver {
    name: &'static str,
    version: &'static str,
    semantic_version: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    information_uri: Option<&'static str>,
    rules: Vec<RuleDescriptor>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RuleDescriptor {
    id: &'static str,
    short_description: Text,
    full_description: Text,
    help: Help,
    #[serde(skip_serializing_if = "Option::is_none")]
    help_uri: Option<String>,
    default_configuration: Configuration,
    properties: Properties,
}

#[derive(Serialize)]
struct Text {
    text: String,
}

#[derive(Serialize)]
struct Help {
    text: String,
    markdown: String,
}

#[derive(Serialize)]
struct Configuration {
    level: &'static str,
}

#[derive(Serialize)]
struct Properties {
    tags: Vec<&'static str>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Invocation {
    execution_successful: bool,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifResult<'a> {
    rule_id: &'static str,
    rule_index: usize,
    level: &'static str,
    message: Text,
    locations: [Location<'a>; 1],
    partial_fingerprints: HashMap<&'static str, String>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Location<'a> {
    physical_location: PhysicalLocation<'a>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PhysicalLocation<'a> {
    artifact_location: ArtifactLocation,
    region: Region<'a>,
}

#[derive(Serialize)]
struct ArtifactLocation {
    uri: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Region<'a> {
    start_line: usize,
    start_column: usize,
    end_line: usize,
    end_column: usize,
    snippet: Snippet<'a>,
}

#[derive(Serialize)]
struct Snippet<'a> {
    text: &'a str,
}

fn level(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
    }
}

/// The paragraph under `## What it checks` of an explanation (else its first paragraph).
fn what_it_checks(explanation: &str) -> String {
    let body = explanation
        .split_once("## What it checks")
        .map_or(explanation, |(_, rest)| rest);
    body.split("\n\n")
        .map(str::trim)
        .find(|p| !p.is_empty() && !p.starts_with('#'))
        .unwrap_or("")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

fn descriptor(rule: &'static Rule) -> RuleDescriptor {
    let doc = format!("# {}\n\n{}", rule.name, rule.explanation.trim());
    RuleDescriptor {
        id: rule.name,
        short_description: Text {
            text: rule.summary.to_string(),
        },
        full_description: Text {
            text: what_it_checks(rule.explanation),
        },
        help: Help {
            text: doc.clone(),
            markdown: doc,
        },
        help_uri: help_uri(rule),
        default_configuration: Configuration {
            level: level(rule.severity),
        },
        properties: Properties {
            tags: vec![rule.family()],
        },
    }
}

/// A path as a URI reference: relative paths stay relative (to the repository root, as code
/// scanning resolves them), absolute ones become `file://` URIs; reserved bytes escaped.
pub fn uri(path: &str) -> String {
    let mut out = String::with_capacity(path.len() + 8);
    if path.starts_with('/') {
        out.push_str("file://");
    }
    for b in path.bytes() {
        if b.is_ascii_alphanumeric() || b"/-._~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The line a result stands on, cut at 1,000 bytes (a list can hold a line of megabytes).
fn snippet(line: &str) -> &str {
    &line[..crate::lines::floor_char_boundary(line, 1000)]
}

/// FNV-1a, 64 bits: stable across runs, platforms and Rust versions (unlike `DefaultHasher`).
fn fnv1a(parts: &[&[u8]]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        for &b in *part {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        // A separator, so that ("ab", "c") and ("a", "bc") differ.
        h ^= 0xff;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// One finding as a SARIF result (`seen`: the results before it, by fingerprint key).
fn result<'a>(
    file: &'a FileReport,
    r: &'a Reported,
    index: &HashMap<&'static str, usize>,
    seen: &mut HashMap<u64, usize>,
) -> SarifResult<'a> {
    let f = &r.finding;
    // What the finding is about, whatever line it is on: the rule, the file and the text
    // it points at (its line's text when it points at nothing), whitespace collapsed; the
    // n-th repeat of the same tells repeats apart.
    let span_text = file.text.get(f.span.clone()).unwrap_or("");
    let about = if span_text.trim().is_empty() {
        let line = file.lines.line_range(&file.text, r.region.line);
        file.text.get(line).unwrap_or("")
    } else {
        span_text
    };
    let about = about.split_whitespace().collect::<Vec<_>>().join(" ");
    let key = fnv1a(&[
        f.rule.name.as_bytes(),
        file.path.as_bytes(),
        about.as_bytes(),
    ]);
    let n = seen.entry(key).or_insert(0);
    *n += 1;
    let fingerprint = format!("{:016x}:{}", key, n);
    let line = file.lines.line_range(&file.text, r.region.line);
    let mut message = f.message.clone();
    if let Some(h) = &f.help {
        message.push_str("\nhelp: ");
        message.push_str(h);
    }
    SarifResult {
        rule_id: f.rule.name,
        rule_index: index.get(f.rule.name).copied().unwrap_or(0),
        level: level(f.severity),
        message: Text { text: message },
        locations: [Location {
            physical_location: PhysicalLocation {
                artifact_location: ArtifactLocation {
                    uri: uri(&file.path),
                },
                region: Region {
                    start_line: r.region.line.max(1),
                    start_column: r.region.column.max(1),
                    end_line: r.region.end_line.max(r.region.line).max(1),
                    end_column: r.region.end_column.max(1),
                    snippet: Snippet {
                        text: snippet(file.text.get(line).unwrap_or("")),
                    },
                },
            },
        }],
        partial_fingerprints: HashMap::from([("sourcepolicy/v1", fingerprint)]),
    }
}

pub fn render(report: &RunReport) -> String {
    let mut out = Vec::new();
    write(report, &mut out).expect("writing to memory");
    String::from_utf8(out).expect("serde_json writes UTF-8")
}

/// The SARIF log of a run (its results made as it is written).
fn log(report: &RunReport) -> Log<'_> {
    let rules: Vec<&'static Rule> = crate::rules::all().collect();
    let index: HashMap<&'static str, usize> =
        rules.iter().enumerate().map(|(i, r)| (r.name, i)).collect();
    let repo = env!("CARGO_PKG_REPOSITORY");
    Log {
        schema: "https://json.schemastore.org/sarif-2.1.0.json",
        version: "2.1.0",
        runs: [Run {
            tool: Tool {
                driver: Driver {
                    name: "sourcepolicy",
                    version: env!("CARGO_PKG_VERSION"),
                    semantic_version: env!("CARGO_PKG_VERSION"),
                    information_uri: (!repo.is_empty()).then_some(repo),
                    rules: rules.into_iter().map(descriptor).collect(),
                },
            },
            invocations: [Invocation {
                execution_successful: true,
            }],
            column_kind: "unicodeCodePoints",
            results: Results {
                report,
                index,
                seen: Default::default(),
            },
        }],
    }
}

/// Writes the report to `w` as it is serialised (the log of tens of thousands of results is
/// never held as text).
pub fn write(report: &RunReport, w: &mut dyn std::io::Write) -> std::io::Result<()> {
    write_log(&log(report), w)
}

fn write_log(log: &Log, w: &mut dyn std::io::Write) -> std::io::Result<()> {
    use std::io::Write as _;
    // A buffer of its own: the serialiser writes a few bytes at a time.
    let mut buffered = std::io::BufWriter::with_capacity(1 << 16, &mut *w);
    serde_json::to_writer_pretty(&mut buffered, log).map_err(std::io::Error::from)?;
    buffered.write_all(b"\n")?;
    buffered.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uris_are_escaped_references() {
        assert_eq!(uri("docs/reading list.md"), "docs/reading%20list.md");
        assert_eq!(uri("/tmp/a#b.md"), "file:///tmp/a%23b.md");
        assert_eq!(uri("été.md"), "%C3%A9t%C3%A9.md");
    }

    #[test]
    fn fingerprints_separate_parts() {
        assert_ne!(fnv1a(&[b"ab", b"c"]), fnv1a(&[b"a", b"bc"]));
        assert_eq!(fnv1a(&[b"x"]), fnv1a(&[b"x"]));
    }

    #[test]
    fn what_it_checks_takes_its_paragraph() {
        let e = "## What it checks\n\nA link\nwith `http://`.\n\n## Why\n\nBecause.";
        assert_eq!(what_it_checks(e), "A link with `http://`.");
    }
}
