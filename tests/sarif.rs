//! `--format sarif`: valid against the SARIF 2.1.0 JSON schema (vendored in tests/schemas),
//! with what GitHub code scanning reads: rules with help, default levels and help URIs;
//! results with physical locations in SARIF's column convention; fingerprints that do not
//! move with unrelated lines.

use serde_json::Value;
use sourcepolicy::date::Date;
use sourcepolicy::engine::{lint_text, LintOptions};
use sourcepolicy::policy::Policy;
use sourcepolicy::report::RunReport;

#[path = "common/schema.rs"]
mod schema;

use schema::validate_sarif as validate;

fn sarif(text: &str) -> Value {
    let opts = LintOptions::new(Date::parse("2026-12-02").unwrap());
    let file = lint_text(
        "docs/reading list.md",
        text,
        &Policy::default_policy(),
        &opts,
    );
    let out = sourcepolicy::report::sarif::render(&RunReport::new(vec![file]));
    serde_json::from_str(&out).expect("sarif is json")
}

/// A list that triggers rules of several families, on one line and over several, with
/// characters outside ASCII before a finding.
const LIST: &str = "# Caching

## Contents

- [Eviction](#eviction)
- [Admission](#admision)

## Eviction

- [ARC](https://www.usenix.org/conference/fast-03/arc) - Ça marche: 2.3x higher hit rate.
- [A talk](https://www.youtube.com/watch?v=cache) - An overview.

## Admission

- [TinyLFU](http://arxiv.org/abs/1512.00727?utm_source=feed) - Admission by a frequency sketch.
";

#[test]
fn the_output_is_valid_sarif_2_1_0() {
    let log = sarif(LIST);
    validate(&log).unwrap_or_else(|e| panic!("{e}\n{log:#}"));
    assert!(log["runs"][0]["results"].as_array().unwrap().len() >= 5);
    // A clean run is valid too.
    let clean = sarif("# Nothing\n\nNo links here.\n");
    validate(&clean).unwrap();
    assert_eq!(clean["runs"][0]["results"], serde_json::json!([]));
}

#[test]
fn the_validator_rejects_what_code_scanning_would() {
    // The test above means something only if the schema check can fail.
    let mut log = sarif(LIST);
    log["runs"][0]["results"][0]["level"] = "fatal".into();
    assert!(validate(&log).is_err());
    let mut log = sarif(LIST);
    log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]["startLine"] =
        0.into();
    assert!(validate(&log).is_err());
    let mut log = sarif(LIST);
    log["version"] = "2.0.0".into();
    assert!(validate(&log).is_err());
}

#[test]
fn rules_carry_help_default_levels_and_help_uris() {
    let log = sarif(LIST);
    let rules = log["runs"][0]["tool"]["driver"]["rules"]
        .as_array()
        .unwrap();
    assert_eq!(rules.len(), sourcepolicy::rules::all().count());
    for (rule, row) in rules.iter().zip(sourcepolicy::rules::all()) {
        assert_eq!(rule["id"], row.name);
        assert_eq!(rule["defaultConfiguration"]["level"], row.severity.as_str());
        assert_eq!(rule["shortDescription"]["text"], row.summary);
        let help = rule["help"]["markdown"].as_str().unwrap();
        assert!(help.contains("## How to fix"), "{}", row.name);
        assert!(!rule["fullDescription"]["text"].as_str().unwrap().is_empty());
        let uri = rule["helpUri"].as_str().unwrap();
        let page = format!("docs/rules/{}.md", row.name.replace('/', "-"));
        assert!(uri.ends_with(&page), "{uri}");
        assert!(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join(&page)
                .is_file(),
            "{page}"
        );
    }
    // Every result points at its rule by id and index.
    for r in log["runs"][0]["results"].as_array().unwrap() {
        let i = r["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(rules[i]["id"], r["ruleId"]);
    }
}

#[test]
fn locations_use_sarif_columns() {
    let log = sarif(LIST);
    let results = log["runs"][0]["results"].as_array().unwrap();
    assert_eq!(log["runs"][0]["columnKind"], "unicodeCodePoints");
    let claim = results
        .iter()
        .find(|r| r["ruleId"] == "perf/missing-context")
        .unwrap();
    let loc = &claim["locations"][0]["physicalLocation"];
    assert_eq!(loc["artifactLocation"]["uri"], "docs/reading%20list.md");
    // "2.3x" on line 10, after "Ç" (one code point, two bytes): columns 68..72, the end
    // column being the one after the last character.
    let line = LIST.lines().nth(9).unwrap();
    let col = line[..line.find("2.3x").unwrap()].chars().count() + 1;
    assert_eq!(
        col + 1,
        line.find("2.3x").unwrap() + 1,
        "one character of two bytes before it"
    );
    assert_eq!(
        loc["region"],
        serde_json::json!({
            "startLine": 10, "startColumn": col, "endLine": 10,
            "endColumn": col + 4, "snippet": {"text": line}
        })
    );
    // A finding on a heading spans it.
    let missing = results
        .iter()
        .find(|r| {
            r["ruleId"] == "structure/toc-mismatch"
                && r["message"]["text"].as_str().unwrap().contains("missing")
        })
        .unwrap();
    assert_eq!(
        missing["locations"][0]["physicalLocation"]["region"]["startLine"],
        13
    );
}

#[test]
fn fingerprints_stay_when_unrelated_lines_move() {
    let fingerprints = |log: &Value| -> Vec<(String, String, u64)> {
        log["runs"][0]["results"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                (
                    r["ruleId"].as_str().unwrap().to_string(),
                    r["partialFingerprints"]["sourcepolicy/v1"]
                        .as_str()
                        .unwrap()
                        .to_string(),
                    r["locations"][0]["physicalLocation"]["region"]["startLine"]
                        .as_u64()
                        .unwrap(),
                )
            })
            .collect()
    };
    let before = fingerprints(&sarif(LIST));
    let moved = LIST.replace(
        "# Caching\n",
        "# Caching\n\nAn introduction\nover three\nlines.\n",
    );
    let after = fingerprints(&sarif(&moved));
    assert_eq!(before.len(), after.len());
    for (b, a) in before.iter().zip(&after) {
        assert_eq!((&b.0, &b.1), (&a.0, &a.1), "fingerprint moved");
        assert_eq!(a.2, b.2 + 4, "the line did move");
    }
    // Distinct findings have distinct fingerprints, even two alike in one file.
    let twice = LIST.replace(
        "- [A talk](https://www.youtube.com/watch?v=cache) - An overview.\n",
        "- [A talk](https://www.youtube.com/watch?v=cache) - An overview.\n- [A talk](https://www.youtube.com/watch?v=cache) - An overview.\n",
    );
    let mut prints: Vec<String> = fingerprints(&sarif(&twice))
        .into_iter()
        .map(|f| f.1)
        .collect();
    let n = prints.len();
    prints.sort();
    prints.dedup();
    assert_eq!(prints.len(), n);
}
