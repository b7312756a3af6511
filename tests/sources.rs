//! Source classification: a labelled fixture of more than 60 sources, and the source rules.

mod common;
use sourcepolicy::policy::Policy;

/// The verdict as the fixture writes it: a kind, `none`, or `inadmissible-GROUP`.
fn verdict(row: &sourcepolicy::report::entries::SourceRow) -> String {
    match (row.kind, row.reason.strip_prefix("inadmissible (")) {
        (Some(k), _) => k.to_string(),
        (None, Some(rest)) => format!("inadmissible-{}", rest.split(')').next().unwrap()),
        (None, None) => "none".to_string(),
    }
}

#[test]
fn labelled_sources_get_their_kinds() {
    let path = common::fixture_path("sources-kinds.md");
    let text = std::fs::read_to_string(&path).unwrap();
    let rows =
        sourcepolicy::engine::source_rows("sources-kinds.md", &text, &Policy::default_policy());
    assert!(rows.len() >= 60, "{} sources", rows.len());
    // Each entry's description names the expected verdict of each of its links, in order.
    let mut by_entry: Vec<(usize, Vec<&sourcepolicy::report::entries::SourceRow>)> = Vec::new();
    for r in &rows {
        match by_entry.last_mut() {
            Some((line, v)) if *line == r.line => v.push(r),
            _ => by_entry.push((r.line, vec![r])),
        }
    }
    let mut checked = 0;
    let mut wrong = Vec::new();
    for (line, links) in &by_entry {
        let expected: Vec<&str> = text
            .lines()
            .nth(line - 1)
            .unwrap()
            .split("expect:")
            .skip(1)
            .map(|s| {
                s.split(|c: char| c.is_whitespace() || c == ')' || c == ',')
                    .next()
                    .unwrap()
            })
            .collect();
        assert_eq!(
            expected.len(),
            links.len(),
            "line {line}: one expect: per link"
        );
        for (r, want) in links.iter().zip(expected) {
            checked += 1;
            if verdict(r) != want {
                wrong.push(format!(
                    "line {line} {} → {} ({}), expected {want}",
                    r.url,
                    verdict(r),
                    r.reason
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert_eq!(checked, rows.len());
}

#[test]
fn reasons_name_the_policy_entry_or_comment() {
    let text = std::fs::read_to_string(common::fixture_path("sources-kinds.md")).unwrap();
    let rows = sourcepolicy::engine::source_rows("k.md", &text, &Policy::default_policy());
    let reason = |title: &str| {
        rows.iter()
            .find(|r| r.title == title)
            .unwrap()
            .reason
            .clone()
    };
    assert_eq!(
        reason("Preprint"),
        "host arxiv.org is listed under [sources.paper]"
    );
    assert_eq!(
        reason("ACM subdomain"),
        "host cacm.acm.org is listed under [sources.paper]"
    );
    assert_eq!(
        reason("Read the Docs"),
        "host someproject.readthedocs.io matches `*.readthedocs.io` under [sources.docs]"
    );
    assert_eq!(
        reason("docs.* wildcard"),
        "host docs.example-framework.dev matches `docs.*` under [sources.docs]"
    );
    assert_eq!(
        reason("Vendor engineering blog"),
        "`developer.nvidia.com/blog` is listed under [sources.report]"
    );
    assert!(
        reason("GitHub repo").starts_with("URL matches [sources.repo] pattern `^(?:github\\.com")
    );
    assert_eq!(
        reason("Personal worklog"),
        "declared type=report by the comment on line 78"
    );
    assert_eq!(
        reason("Textbook declared docs"),
        "declared type=docs by the comment on line 81"
    );
    assert_eq!(
        reason("Textbook"),
        "no rule of the policy matches host publisher.example.com"
    );
    assert_eq!(
        reason("Video"),
        "inadmissible (video): host youtube.com is listed under [sources.inadmissible.video]"
    );
    assert_eq!(reason("Relative file"), "not a web URL: a relative link");
}

#[test]
fn user_policy_hosts_extend_and_override() {
    let p = common::policy(
        "[sources.report]\nhosts = [\"someone.example.net\"]\n[sources.inadmissible.video]\nhosts = []\n",
    );
    let text = "# T\n\n## S\n\n- [W](https://someone.example.net/x) - a\n- [V](https://www.youtube.com/watch?v=1) - b\n- [N](https://developer.nvidia.com/blog/x) - c\n";
    let rows = sourcepolicy::engine::source_rows("t.md", text, &p);
    let kinds: Vec<Option<&str>> = rows.iter().map(|r| r.kind).collect();
    // The user's report hosts replace the default array: the NVIDIA blog is now docs (its host).
    assert_eq!(kinds, [Some("report"), None, Some("docs")]);
    assert_eq!(
        rows[1].reason,
        "no rule of the policy matches host youtube.com"
    );
}

#[test]
fn bad_host_entries_are_policy_errors() {
    let names = sourcepolicy::rules::selectors();
    let e = Policy::layered(
        "p.toml",
        "[sources.paper]\nhosts = [\"https://arxiv.org\"]\n",
        &names,
    )
    .unwrap_err();
    assert_eq!(
        e.message,
        "p.toml:2:10: invalid policy: host entry `https://arxiv.org` is a URL; give the host without a scheme"
    );
    let e = Policy::layered(
        "p.toml",
        "[sources.docs]\nhosts = [\"do*cs.example\"]\n",
        &names,
    )
    .unwrap_err();
    assert!(
        e.message.contains("has a wildcard other than"),
        "{}",
        e.message
    );
}

#[test]
fn guide_sources_are_classified() {
    let Some(text) = common::corpus("guide/README.fe274ee.md") else {
        return;
    };
    let rows = sourcepolicy::engine::source_rows("g.md", &text, &Policy::default_policy());
    let count = |k: Option<&str>| rows.iter().filter(|r| r.kind == k).count();
    assert_eq!(
        (
            count(Some("paper")),
            count(Some("docs")),
            count(Some("repo")),
            count(Some("report")),
            count(None)
        ),
        (49, 45, 18, 4, 6)
    );
}
