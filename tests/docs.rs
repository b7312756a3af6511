//! Generated documentation must not go stale.

#[test]
fn readme_rule_table_matches_the_registry() {
    let readme = include_str!("../README.md");
    let start = readme.find("<!-- rules:start -->\n").expect("start marker") + 21;
    let end = readme.find("<!-- rules:end -->").expect("end marker");
    assert_eq!(
        &readme[start..end],
        sourcepolicy::rules::table(),
        "README.md's rule table is stale: paste `sourcepolicy explain` output between the markers"
    );
}

#[test]
fn default_policy_passes_the_checks_a_user_file_gets() {
    // Every pattern of the embedded policy is checked here as if a user had written it.
    let names = sourcepolicy::rules::selectors();
    let p = sourcepolicy::policy::Policy::layered(
        "policy.toml",
        sourcepolicy::policy::DEFAULT_POLICY,
        &names,
    )
    .expect("the default policy is valid");
    let s = &p.sources;
    let all = [&s.paper, &s.docs, &s.repo, &s.report]
        .into_iter()
        .chain(s.inadmissible.values())
        .flat_map(|g| g.urls.iter())
        .chain(p.sections.exempt.iter())
        .chain(p.sections.forbidden_text.iter())
        .chain(p.frontier.verified_pattern.iter());
    for pat in all {
        assert!(
            sourcepolicy::policy::Pattern::new(pat.as_str()).is_ok(),
            "{}",
            pat.as_str()
        );
        let _ = pat.is_match("compiles");
    }
}

#[test]
fn default_policy_parses_and_every_rule_has_a_unique_name() {
    let p = sourcepolicy::policy::Policy::default_policy();
    assert_eq!(p.sections.max_entries, 5);
    let mut names: Vec<&str> = sourcepolicy::rules::all().map(|r| r.name).collect();
    let n = names.len();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), n);
}

#[test]
fn contributing_names_files_that_exist() {
    let c = include_str!("../CONTRIBUTING.md");
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    // Every path CONTRIBUTING.md quotes (`src/…`, `tests/…`, `docs/…`, `scripts/…`) exists,
    // except the placeholders of the steps (`<family>`, `my-rule`, `NAME`).
    let mut checked = 0;
    for quoted in c.split('`').skip(1).step_by(2) {
        let path = quoted.split_whitespace().next().unwrap_or("");
        let is_path = ["src/", "tests/", "docs/", "scripts/"]
            .iter()
            .any(|p| path.starts_with(p));
        let placeholder = ["<", "my-rule", "NAME", "family"]
            .iter()
            .any(|p| path.contains(p));
        if is_path && !placeholder {
            assert!(
                root.join(path).exists(),
                "CONTRIBUTING.md names {path}, which does not exist"
            );
            checked += 1;
        }
    }
    assert!(checked >= 15, "{checked} paths checked");
    for needed in [
        "src/rules/mod.rs",
        "tests/fixtures/",
        "tests/cmd/",
        "src/report/mod.rs",
    ] {
        assert!(
            c.contains(needed),
            "CONTRIBUTING.md should mention {needed}"
        );
    }
}
