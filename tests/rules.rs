//! Rule behaviour beyond the fixture folders (`rule_fixtures.rs`): severities, suggestions,
//! boundaries, policy switches and scaling.

mod common;
use common::{lint_fixture, rows};

const TODAY: &str = "2026-12-02";

#[test]
fn suppression_rules_pass_and_suppress() {
    // Without the comments, both LLVM and MLIR would fire.
    assert_eq!(
        lint_fixture(
            "suppression/unused/pass.md",
            &["entry", "suppression"],
            TODAY
        ),
        rows(&[])
    );
    let text = std::fs::read_to_string(common::fixture_path("suppression/unused/pass.md")).unwrap();
    let stripped: String = text
        .lines()
        .filter(|l| !l.starts_with("<!-- sourcepolicy:"))
        .map(|l| l.split(" <!--").next().unwrap().to_string() + "\n")
        .collect();
    let found = common::lint_default("x.md", stripped, &["entry"]);
    assert_eq!(found.len(), 2);
}

#[test]
fn unused_is_not_reported_for_rules_that_did_not_run() {
    // link/malformed is not selected: its ignore comment cannot be judged unused.
    let found = lint_fixture("suppression/unused/fire.md", &["suppression/unused"], TODAY);
    assert_eq!(found, rows(&[]));
}

#[test]
fn policy_severity_overrides_apply() {
    let p =
        common::policy("[rules]\n\"entry/missing-description\" = \"error\"\nstructure = \"off\"\nsource = \"off\"\n");
    let path = common::fixture_path("entry/missing-description/fire.md");
    let text = std::fs::read_to_string(&path).unwrap();
    let r = common::report("entry/missing-description/fire.md", text, &[], TODAY, &p);
    assert_eq!(r.findings.len(), 5);
    assert!(r
        .findings
        .iter()
        .all(|f| f.rule.name == "entry/missing-description"
            && f.severity == sourcepolicy::finding::Severity::Error));
}

#[test]
fn link_broken_anchor_suggests_the_closest_anchor() {
    let path = common::fixture_path("link/broken-anchor/fire.md");
    let text = std::fs::read_to_string(&path).unwrap();
    let r = common::report(
        "a.md",
        text,
        &["link/broken-anchor"],
        TODAY,
        &sourcepolicy::policy::Policy::default_policy(),
    );
    let helps: Vec<&str> = r
        .findings
        .iter()
        .map(|f| f.help.as_deref().unwrap())
        .collect();
    assert_eq!(helps[2], "did you mean `#caches`?");
    assert_eq!(
        helps[0],
        "link to an existing heading's anchor (GitHub: lower case, punctuation dropped, spaces to `-`) or an element's id="
    );
    assert_eq!(helps[1], "did you mean `#caches`?");
}

#[test]
fn link_duplicate_fires_with_severity_by_section() {
    let path = common::fixture_path("link/duplicate/fire.md");
    let r = common::report(
        "d.md",
        std::fs::read_to_string(path).unwrap(),
        &["link/duplicate"],
        TODAY,
        &sourcepolicy::policy::Policy::default_policy(),
    );
    let sev: Vec<&str> = r.findings.iter().map(|f| f.severity.as_str()).collect();
    assert_eq!(
        sev,
        ["error", "warning", "warning", "error", "error", "error"]
    );
    assert_eq!(r.findings[0].data.value()["first_line"], 5);
    assert_eq!(r.findings[0].data.value()["resource"], "arxiv:2205.14135");
    // The publisher's page of a paper is its DOI.
    assert_eq!(
        r.findings[4].data.value()["resource"],
        "doi:10.1145/3600006.3613165"
    );
}

/// A table row's links are often only `[pdf]`: a duplicate names rows by their title cell,
/// and list items (and rows without a title column) by their link text.
#[test]
fn link_duplicate_names_table_rows_by_their_title() {
    let text = "# T\n\n## Papers\n\n\
        | Title | Paper | Code |\n|---|---|---|\n\
        | FlashAttention | [pdf](https://arxiv.org/pdf/2205.14135) | [code](https://github.com/Dao-AILab/flash-attention) |\n\
        | FlashAttention, again | [abs](https://arxiv.org/abs/2205.14135v2) | - |\n\n\
        - [The FlashAttention repository](https://github.com/dao-ailab/flash-attention) - Code.\n\n\
        ## Untitled\n\n| Paper |\n|---|\n| [arXiv](https://arxiv.org/abs/2205.14135) |\n\n\
        ## Long\n\n| Title | Code |\n|---|---|\n\
        | An Extremely Long Paper Title That Also Lists Every One Of Its Many Authors: A. B., C. D. | [code](https://github.com/dao-ailab/flash-attention) |\n";
    let r = common::report(
        "t.md",
        text.to_string(),
        &["link/duplicate"],
        TODAY,
        &sourcepolicy::policy::Policy::default_policy(),
    );
    let messages: Vec<&str> = r.findings.iter().map(|f| f.message.as_str()).collect();
    assert_eq!(
        messages,
        [
            "\"FlashAttention, again\" links the same resource as \"FlashAttention\" on line 7 (in this section)",
            "\"The FlashAttention repository\" links the same resource as \"FlashAttention\" on line 7 (in this section)",
            "\"arXiv\" links the same resource as \"FlashAttention\" on line 7 (in another section: Papers)",
            // a title cell that runs on is cut to 60 characters
            "\"An Extremely Long Paper Title That Also Lists Every One Of I…\" links the same resource as \"FlashAttention\" on line 7 (in another section: Papers)",
        ]
    );
}

#[test]
fn link_duplicate_is_linear() {
    // 40,000 distinct links and 40,000 repeats: a quadratic check would take minutes.
    let mut text = String::from("# T\n\n## S\n\n");
    for i in 0..40_000 {
        text.push_str(&format!("- [a{i}](https://example.org/p/{i}) - x\n- [b{i}](https://www.example.org/p/{i}/) - y\n"));
    }
    let t = std::time::Instant::now();
    let found = common::lint_default("big.md", text, &["link/duplicate"]);
    assert_eq!(found.len(), 40_000);
    assert!(
        t.elapsed() < std::time::Duration::from_secs(20),
        "{:?}",
        t.elapsed()
    );
}

#[test]
fn frontier_stale_boundary_and_policy_limit() {
    // 2026-08-23 + 90 days = 2026-11-21: not stale that day, stale the next.
    assert_eq!(
        lint_fixture(
            "frontier/missing-date/fire.md",
            &["frontier/stale"],
            "2026-11-21"
        ),
        rows(&[])
    );
    assert_eq!(
        lint_fixture(
            "frontier/missing-date/fire.md",
            &["frontier/stale"],
            "2026-11-22"
        )
        .len(),
        1
    );
    let p = common::policy("[frontier]\nmax_age_days = 200\n");
    assert_eq!(
        common::lint_fixture_with(
            "frontier/missing-date/fire.md",
            &["frontier/stale"],
            TODAY,
            &p
        ),
        rows(&[])
    );
}

#[test]
fn frontier_sections_come_from_the_policy() {
    let p = common::policy("[sections]\nfrontier = ['^core$']\n");
    assert_eq!(
        common::lint_fixture_with(
            "frontier/missing-date/pass.md",
            &["frontier/missing-date"],
            TODAY,
            &p
        ),
        rows(&[(
            "frontier/missing-date",
            3,
            1,
            "frontier section \"Core\" states no verification date"
        )])
    );
}

/// Everything the guide's own check script rejects (anchors, a URL twice in one ### section
/// with or without a trailing slash, a ### section without an external link, `Tier N`
/// headings, `**Checkpoint:**` markers) is an error with the default policy.
#[test]
fn parity_with_the_guides_check_script() {
    let path = common::fixture_path("parity-script.md");
    let r = common::report(
        "p.md",
        std::fs::read_to_string(path).unwrap(),
        &[],
        TODAY,
        &sourcepolicy::policy::Policy::default_policy(),
    );
    let errors: Vec<(&str, usize)> = r
        .findings
        .iter()
        .zip(&r.positions)
        // The script does not judge source kinds; everything it does judge must match.
        .filter(|(f, _)| {
            f.severity == sourcepolicy::finding::Severity::Error
                && !f.rule.name.starts_with("source/")
        })
        .map(|(f, &(line, _))| (f.rule.name, line))
        .collect();
    assert_eq!(
        errors,
        [
            ("link/broken-anchor", 9),
            ("link/duplicate", 14),
            ("structure/empty-section", 16),
            ("structure/forbidden-heading", 20),
            ("structure/forbidden-text", 24),
        ]
    );
}
