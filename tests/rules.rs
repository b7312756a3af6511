//! Every rule: a fixture that fires with exact findings, and one that must not.

mod common;
use common::{lint_fixture, rows};

const TODAY: &str = "2026-12-02";

#[test]
fn structure_rules_fire() {
    assert_eq!(
        lint_fixture("structure-fire.md", &["structure"], TODAY),
        rows(&[
            ("structure/toc-mismatch", 6, 3, "contents entry \"Eviction\" is out of order: its heading is on line 18"),
            ("structure/toc-mismatch", 8, 3, "contents entry \"Ghost section\" points to #ghost-section, but no heading has that anchor"),
            ("structure/forbidden-heading", 22, 1, "heading \"Tier 1: classics\" matches the banned pattern `\\btier\\s*\\d+\\b`"),
            ("structure/too-many-entries", 22, 1, "section \"Tier 1: classics\" has 6 entries, more than 5"),
            ("structure/empty-section", 31, 1, "section \"Notes without sources\" has no external link"),
            ("structure/empty-section", 35, 1, "section \"Appendix\" has no external link"),
            ("structure/toc-mismatch", 35, 1, "heading \"Appendix\" is missing from the contents list"),
        ])
    );
}

#[test]
fn structure_rules_pass() {
    assert_eq!(
        lint_fixture("structure-pass.md", &["structure"], TODAY),
        rows(&[])
    );
}

#[test]
fn entry_missing_description_fires() {
    assert_eq!(
        lint_fixture("entry-fire.md", &["entry/missing-description"], TODAY),
        rows(&[
            (
                "entry/missing-description",
                5,
                3,
                "entry \"LLVM\" has no description"
            ),
            (
                "entry/missing-description",
                6,
                3,
                "entry \"MLIR\" has no description"
            ),
            (
                "entry/missing-description",
                7,
                3,
                "entry \"XLA\" has no description"
            ),
            (
                "entry/missing-description",
                9,
                5,
                "entry \"Child link\" has no description"
            ),
        ])
    );
}

#[test]
fn entry_missing_description_passes() {
    assert_eq!(
        lint_fixture("entry-pass.md", &["entry", "suppression"], TODAY),
        rows(&[])
    );
}

#[test]
fn link_malformed_fires() {
    assert_eq!(
        lint_fixture("link-malformed-fire.md", &["link/malformed"], TODAY),
        rows(&[
            ("link/malformed", 5, 3, "malformed link `htps://example.org/a`: unsupported URL scheme `htps` (did you mean `https`?)"),
            ("link/malformed", 6, 45, "malformed link `https:/example.org/c`: `https:` must be followed by `//`"),
            ("link/malformed", 7, 3, "malformed link `javascript:alert(1)`: `javascript:` URLs have no place in a resource list"),
            ("link/malformed", 8, 3, "malformed link `http://exa mple.org/`: the URL does not parse: invalid international domain name"),
            ("link/malformed", 9, 3, "malformed link ``: the link has an empty target"),
            ("link/malformed", 11, 16, "malformed link `data:image/png;base64,AAAA`: `data:` URLs have no place in a resource list"),
            ("link/malformed", 11, 57, "malformed link `mailto:nobody`: a mailto: link needs an address"),
        ])
    );
}

#[test]
fn link_malformed_passes() {
    assert_eq!(
        lint_fixture("link-malformed-pass.md", &["link/malformed"], TODAY),
        rows(&[])
    );
}

#[test]
fn suppression_rules_fire() {
    assert_eq!(
        lint_fixture("suppression-fire.md", &["entry", "link/malformed", "suppression"], TODAY),
        rows(&[
            ("suppression/missing-reason", 5, 1, "ignore comment gives no reason"),
            ("suppression/unused", 8, 27, "ignore=link/malformed suppressed nothing here"),
            ("suppression/invalid", 11, 72, "unknown key `ignroe` (known: type, code, ignore, reason)"),
            ("suppression/invalid", 11, 89, "unknown source type `book` (one of: paper, docs, repo, report)"),
            ("suppression/invalid", 13, 27, "ignore= names unknown rule `entry/missing-descripton` (did you mean `entry/missing-description`?)"),
            ("suppression/invalid", 16, 1, "this sourcepolicy comment governs nothing: no entry or paragraph starts on the next line"),
        ])
    );
}

#[test]
fn suppression_rules_pass_and_suppress() {
    // Without the comments, both LLVM and MLIR would fire.
    assert_eq!(
        lint_fixture("suppression-pass.md", &["entry", "suppression"], TODAY),
        rows(&[])
    );
    let text = std::fs::read_to_string(common::fixture_path("suppression-pass.md")).unwrap();
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
    let found = lint_fixture("suppression-fire.md", &["suppression/unused"], TODAY);
    assert_eq!(found, rows(&[]));
}

#[test]
fn policy_severity_overrides_apply() {
    let p =
        common::policy("[rules]\n\"entry/missing-description\" = \"error\"\nstructure = \"off\"\nsource = \"off\"\n");
    let path = common::fixture_path("entry-fire.md");
    let text = std::fs::read_to_string(&path).unwrap();
    let r = common::report("entry-fire.md", text, &[], TODAY, &p);
    assert_eq!(r.findings.len(), 4);
    assert!(r
        .findings
        .iter()
        .all(|f| f.rule.name == "entry/missing-description"
            && f.severity == sourcepolicy::finding::Severity::Error));
}

#[test]
fn link_broken_anchor_fires() {
    assert_eq!(
        lint_fixture("link-anchor-fire.md", &["link/broken-anchor"], TODAY),
        rows(&[
            (
                "link/broken-anchor",
                9,
                5,
                "no heading has the anchor `#evicton`"
            ),
            (
                "link/broken-anchor",
                9,
                36,
                "no heading has the anchor `#caches-1`"
            ),
            (
                "link/broken-anchor",
                9,
                61,
                "no heading has the anchor `#caçhe`"
            ),
            (
                "link/broken-anchor",
                13,
                9,
                "no heading has the anchor `#nowhere`"
            ),
        ])
    );
}

#[test]
fn link_broken_anchor_suggests_the_closest_anchor() {
    let path = common::fixture_path("link-anchor-fire.md");
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
        "link to an existing heading's anchor (GitHub: lower case, punctuation dropped, spaces to `-`)"
    );
    assert_eq!(helps[1], "did you mean `#caches`?");
}

#[test]
fn link_broken_anchor_passes() {
    assert_eq!(
        lint_fixture("link-anchor-pass.md", &["link/broken-anchor"], TODAY),
        rows(&[])
    );
}

#[test]
fn link_missing_file_fires() {
    assert_eq!(
        lint_fixture("link-file-fire.md", &["link/missing-file"], TODAY),
        rows(&[
            (
                "link/missing-file",
                5,
                3,
                "linked file `linked/note.md` does not exist"
            ),
            (
                "link/missing-file",
                6,
                3,
                "`linked/notes.md` has no heading with the anchor `#set-up-steps`"
            ),
            (
                "link/missing-file",
                7,
                3,
                "linked image `linked/diagram.svg` does not exist"
            ),
            (
                "link/missing-file",
                8,
                3,
                "linked file `linked/missing/readme.md` does not exist"
            ),
        ])
    );
}

#[test]
fn link_missing_file_passes() {
    assert_eq!(
        lint_fixture("link-file-pass.md", &["link/missing-file"], TODAY),
        rows(&[])
    );
}

#[test]
fn link_duplicate_fires_with_severity_by_section() {
    let found = lint_fixture("link-duplicate-fire.md", &["link/duplicate"], TODAY);
    assert_eq!(
        found,
        rows(&[
            ("link/duplicate", 6, 3, "\"FlashAttention PDF\" links the same resource as \"FlashAttention\" on line 5 (in this section)"),
            ("link/duplicate", 11, 3, "\"Paper again\" links the same resource as \"FlashAttention\" on line 5 (in another section: Attention)"),
            ("link/duplicate", 12, 3, "\"Repo, other case\" links the same resource as \"Kernels\" on line 7 (in another section: Attention)"),
            ("link/duplicate", 14, 3, "\"DOI again\" links the same resource as \"DOI\" on line 13 (in this section)"),
            ("link/duplicate", 17, 10, "\"the post\" links the same resource as \"Post\" on line 15 (in this section)"),
        ])
    );
    let path = common::fixture_path("link-duplicate-fire.md");
    let r = common::report(
        "d.md",
        std::fs::read_to_string(path).unwrap(),
        &["link/duplicate"],
        TODAY,
        &sourcepolicy::policy::Policy::default_policy(),
    );
    let sev: Vec<&str> = r.findings.iter().map(|f| f.severity.as_str()).collect();
    assert_eq!(sev, ["error", "warning", "warning", "error", "error"]);
    assert_eq!(r.findings[0].data["first_line"], 5);
    assert_eq!(r.findings[0].data["resource"], "arxiv:2205.14135");
}

#[test]
fn link_duplicate_passes() {
    assert_eq!(
        lint_fixture("link-duplicate-pass.md", &["link/duplicate"], TODAY),
        rows(&[])
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
fn link_insecure_fires() {
    assert_eq!(
        lint_fixture("link-insecure-fire.md", &["link/insecure"], TODAY),
        rows(&[
            (
                "link/insecure",
                5,
                3,
                "`http://example.org/paper.pdf` uses http:// to a public host"
            ),
            (
                "link/insecure",
                6,
                3,
                "`HTTP://Example.NET/` uses http:// to a public host"
            ),
        ])
    );
}

#[test]
fn link_insecure_passes() {
    assert_eq!(
        lint_fixture("link-insecure-pass.md", &["link/insecure"], TODAY),
        rows(&[])
    );
}

#[test]
fn frontier_rules_fire() {
    assert_eq!(
        lint_fixture("frontier-fire.md", &["frontier"], TODAY),
        rows(&[
            (
                "frontier/missing-date",
                3,
                1,
                "frontier section \"Frontier\" states no verification date"
            ),
            (
                "frontier/invalid-date",
                13,
                15,
                "verification date `2026-02-30` is not a day of the calendar"
            ),
            (
                "frontier/future-date",
                19,
                16,
                "verification date 2027-01-15 is 44 days after today (2026-12-02)"
            ),
            (
                "frontier/invalid-date",
                19,
                59,
                "verification date `2026-8-23` is not of the form YYYY-MM-DD"
            ),
            (
                "frontier/stale",
                25,
                15,
                "verified on 2026-08-23, 101 days ago: stale since 2026-11-22 (limit 90 days)"
            ),
        ])
    );
}

#[test]
fn frontier_rules_pass() {
    assert_eq!(
        lint_fixture("frontier-pass.md", &["frontier"], TODAY),
        rows(&[])
    );
}

#[test]
fn frontier_stale_boundary_and_policy_limit() {
    // 2026-08-23 + 90 days = 2026-11-21: not stale that day, stale the next.
    assert_eq!(
        lint_fixture("frontier-fire.md", &["frontier/stale"], "2026-11-21"),
        rows(&[])
    );
    assert_eq!(
        lint_fixture("frontier-fire.md", &["frontier/stale"], "2026-11-22").len(),
        1
    );
    let p = common::policy("[frontier]\nmax_age_days = 200\n");
    assert_eq!(
        common::lint_fixture_with("frontier-fire.md", &["frontier/stale"], TODAY, &p),
        rows(&[])
    );
}

#[test]
fn frontier_sections_come_from_the_policy() {
    let p = common::policy("[sections]\nfrontier = ['^core$']\n");
    assert_eq!(
        common::lint_fixture_with("frontier-pass.md", &["frontier/missing-date"], TODAY, &p),
        rows(&[(
            "frontier/missing-date",
            3,
            1,
            "frontier section \"Core\" states no verification date"
        )])
    );
}

#[test]
fn forbidden_text_fires() {
    assert_eq!(
        lint_fixture(
            "forbidden-text-fire.md",
            &["structure/forbidden-text"],
            TODAY
        ),
        rows(&[
            (
                "structure/forbidden-text",
                7,
                1,
                "`**Checkpoint:**` matches the banned pattern `\\*\\*Checkpoint:\\*\\*`"
            ),
            (
                "structure/forbidden-text",
                9,
                38,
                "`**checkpoint:**` matches the banned pattern `\\*\\*Checkpoint:\\*\\*`"
            ),
        ])
    );
}

#[test]
fn forbidden_text_passes() {
    assert_eq!(
        lint_fixture(
            "forbidden-text-pass.md",
            &["structure/forbidden-text"],
            TODAY
        ),
        rows(&[])
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
