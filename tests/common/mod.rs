//! Shared test helpers: lint a fixture through the library and reduce findings to
//! (rule, line, column, message).
#![allow(dead_code)]

use sourcepolicy::date::Date;
use sourcepolicy::engine::{lint_text, LintOptions, Selection};
use sourcepolicy::finding::Finding;
use sourcepolicy::policy::Policy;
use std::path::PathBuf;

pub type Row = (String, usize, usize, String);

pub fn fixture_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// Lints `tests/fixtures/NAME` with the default policy, reporting only `select`.
pub fn lint_fixture(name: &str, select: &[&str], today: &str) -> Vec<Row> {
    lint_fixture_with(name, select, today, &Policy::default_policy())
}

pub fn lint_fixture_with(name: &str, select: &[&str], today: &str, policy: &Policy) -> Vec<Row> {
    let path = fixture_path(name);
    let text = std::fs::read_to_string(&path).expect("fixture exists");
    lint_str(&path.display().to_string(), text, select, today, policy)
}

/// A file's findings with the text they point into.
pub struct Report {
    pub text: String,
    pub findings: Vec<Finding>,
    /// (line, column) of each finding's start.
    pub positions: Vec<(usize, usize)>,
}

/// Lints `text` reporting only `select` (every rule when empty); the whole report.
pub fn report(path: &str, text: String, select: &[&str], today: &str, policy: &Policy) -> Report {
    let select: Vec<String> = select.iter().map(|s| s.to_string()).collect();
    let opts = LintOptions {
        selection: Selection::new(&select, &[]).expect("known rules"),
        ..LintOptions::new(Date::parse(today).expect("date"))
    };
    let r = lint_text(path, text, policy, &opts);
    Report {
        positions: r
            .findings
            .iter()
            .map(|f| (f.region.line, f.region.column))
            .collect(),
        findings: r.findings.into_iter().map(|f| f.finding).collect(),
        text: r.text,
    }
}

pub fn lint_str(
    path: &str,
    text: String,
    select: &[&str],
    today: &str,
    policy: &Policy,
) -> Vec<Row> {
    let report = report(path, text, select, today, policy);
    report
        .findings
        .iter()
        .zip(&report.positions)
        .map(|(f, &(line, column))| (f.rule.name.to_string(), line, column, f.message.clone()))
        .collect()
}

/// `lint_str` with the default policy on the day the fixtures are written for.
pub fn lint_default(path: &str, text: String, select: &[&str]) -> Vec<Row> {
    lint_str(path, text, select, "2026-12-02", &Policy::default_policy())
}

/// Builds expected rows from string slices.
pub fn rows(expected: &[(&str, usize, usize, &str)]) -> Vec<Row> {
    expected
        .iter()
        .map(|&(r, l, c, m)| (r.to_string(), l, c, m.to_string()))
        .collect()
}

/// A policy: the default with `toml` layered on top.
pub fn policy(toml: &str) -> Policy {
    let names = sourcepolicy::rules::selectors();
    Policy::layered("test-policy.toml", toml, &names).expect("valid test policy")
}

/// A file of ../shared/corpus, or None (with a note) when the corpus is not beside the repo.
pub fn corpus(name: &str) -> Option<String> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpus")
        .join(name);
    std::fs::read_to_string(&p).ok().or_else(|| {
        eprintln!("skipping: {} not present", p.display());
        None
    })
}

/// (rule, line) of each finding of a `--format json` run's output.
pub fn rules_at(v: &serde_json::Value) -> Vec<(String, u64)> {
    v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["rule"].as_str().unwrap().to_string(),
                f["line"].as_u64().unwrap(),
            )
        })
        .collect()
}
