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
    let found = common::lint_str(
        "x.md",
        stripped,
        &["entry"],
        TODAY,
        &sourcepolicy::policy::Policy::default_policy(),
    );
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
        common::policy("[rules]\n\"entry/missing-description\" = \"error\"\nstructure = \"off\"\n");
    let path = common::fixture_path("entry-fire.md");
    let text = std::fs::read_to_string(&path).unwrap();
    let opts = sourcepolicy::lint::LintOptions {
        today: sourcepolicy::date::Date::parse(TODAY).unwrap(),
        selection: Default::default(),
    };
    let r = sourcepolicy::lint::lint_text("entry-fire.md", text, &p, &opts);
    assert_eq!(r.findings.len(), 4);
    assert!(r
        .findings
        .iter()
        .all(|f| f.rule == "entry/missing-description"
            && f.severity == sourcepolicy::finding::Severity::Error));
}
