//! Smoke tests on the real lists in ../shared/corpus; each skips cleanly when it is absent.

mod common;
use sourcepolicy::policy::Policy;

#[test]
fn guide_links_and_frontier() {
    let Some(text) = common::corpus("guide/README.fe274ee.md") else {
        return;
    };
    let path = "guide/README.fe274ee.md";
    let p = Policy::default_policy();
    let dups = common::lint_str(
        path,
        text.clone(),
        &["link/duplicate", "link/broken-anchor"],
        "2026-12-02",
        &p,
    );
    let lines: Vec<(usize, &str)> = dups.iter().map(|r| (r.1, r.0.as_str())).collect();
    assert_eq!(
        lines,
        [
            (136, "link/duplicate"),
            (222, "link/duplicate"),
            (236, "link/duplicate"),
            (248, "link/duplicate")
        ]
    );
    assert!(dups[0].3.contains("on line 99"), "{}", dups[0].3);
    assert!(dups[1].3.contains("on line 173"));
    assert!(dups[2].3.contains("on line 66"));
    assert!(dups[3].3.contains("on line 78"));
    let stale = common::lint_str(path, text.clone(), &["frontier"], "2026-12-02", &p);
    assert_eq!(stale.len(), 1);
    assert_eq!((stale[0].0.as_str(), stale[0].1), ("frontier/stale", 272));
    assert!(common::lint_str(path, text, &["frontier"], "2026-09-01", &p).is_empty());
}

#[test]
fn coderonion_anchors_all_resolve() {
    let Some(text) = common::corpus("coderonion__awesome-cuda-and-hpc.md") else {
        return;
    };
    let path = "coderonion__awesome-cuda-and-hpc.md";
    let found = common::lint_default(
        path,
        text,
        &["link/broken-anchor", "structure/toc-mismatch"],
    );
    assert_eq!(found, vec![]);
}
