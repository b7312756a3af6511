//! The engine's own guarantees: severities per rule, one anchor matcher, linear phases, and a
//! module graph without cycles.

mod common;

use common::{lint_default, lint_str, policy};
use sourcepolicy::policy::Policy;

const TODAY: &str = "2026-12-02";

/// `link/duplicate` reports within a section at the rule's level and across sections one
/// step below; overriding the rule keeps that distinction where it can.
#[test]
fn duplicate_keeps_its_two_severities_under_an_override() {
    let text = "# T\n\n## A\n\n- [P](https://arxiv.org/abs/2205.14135) - p.\n- [P again](https://arxiv.org/pdf/2205.14135v2) - same section.\n\n## B\n\n- [P elsewhere](https://arxiv.org/abs/2205.14135) - other section.\n".to_string();
    let severities = |p: &Policy| -> Vec<String> {
        common::report("d.md", text.clone(), &["link/duplicate"], TODAY, p)
            .findings
            .iter()
            .map(|f| f.severity.as_str().to_string())
            .collect()
    };
    assert_eq!(severities(&Policy::default_policy()), ["error", "warning"]);
    assert_eq!(
        severities(&policy("[rules]\n\"link/duplicate\" = \"error\"\n")),
        ["error", "warning"]
    );
    assert_eq!(
        severities(&policy("[rules]\nlink = \"warning\"\n")),
        ["warning", "warning"]
    );
    assert!(severities(&policy("[rules]\n\"link/duplicate\" = \"off\"\n")).is_empty());
}

/// The contents list and `#fragment` links resolve through one matcher: percent-decoding,
/// GitHub's `user-content-` prefix and a case-insensitive fallback, in both rules alike.
#[test]
fn contents_and_anchor_links_agree() {
    for (fragment, resolves) in [
        ("caches", true),
        ("Caches", true),
        ("user-content-caches", true),
        ("c%61ches", true),
        ("ÉTÉ", true),
        ("%C3%A9t%C3%A9", true),
        ("nowhere", false),
        ("cache", false),
    ] {
        let text = format!(
            "# T

## Contents

- [Caches](#caches)
- [It](#{fragment})

## Caches

### Été

See [it](#{fragment}).
"
        );
        let found = lint_default(
            "t.md",
            text,
            &["structure/toc-mismatch", "link/broken-anchor"],
        );
        let rules: Vec<&str> = found.iter().map(|r| r.0.as_str()).collect();
        let expected: &[&str] = if resolves {
            &[]
        } else {
            &["structure/toc-mismatch", "link/broken-anchor"]
        };
        // A resolving contents entry may still be out of order or a repeat; only "no such
        // anchor" matters here.
        let misses: Vec<&str> = rules
            .iter()
            .zip(&found)
            .filter(|(_, r)| r.3.contains("no heading"))
            .map(|(rule, _)| *rule)
            .collect();
        assert_eq!(misses, expected, "#{fragment}: {found:?}");
    }
}

/// One ignore comment per entry, on its own line and inline, 40,000 entries: the
/// suppressions phase is a sweep, not a search per finding (it took ~33 s at 4 MB).
#[test]
fn suppressions_are_linear() {
    let mut own_line = String::from("# T\n\n## S\n\n");
    let mut inline = own_line.clone();
    for i in 0..40_000 {
        own_line.push_str(&format!(
            "<!-- sourcepolicy: ignore=entry reason=\"r\" -->\n- [e{i}](https://example.org/{i})\n"
        ));
        inline.push_str(&format!(
            "- [e{i}](https://example.org/{i}) <!-- sourcepolicy: ignore=entry reason=\"r\" -->\n"
        ));
    }
    for text in [own_line, inline] {
        let t = std::time::Instant::now();
        let found = lint_str(
            "s.md",
            text,
            &["entry", "suppression"],
            TODAY,
            &Policy::default_policy(),
        );
        let took = t.elapsed();
        assert!(found.is_empty(), "{:?}", &found[..found.len().min(3)]);
        // Generous for a debug build on a loaded 2-core machine; release takes ~0.1 s.
        assert!(took.as_secs_f64() < 10.0, "took {took:?}");
    }
}

/// No two top-level modules of the library import each other, directly or through others.
#[test]
fn modules_form_no_cycle() {
    use std::collections::{BTreeMap, BTreeSet};
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut stack = vec![src.clone()];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
                continue;
            }
            let rel = p.strip_prefix(&src).unwrap();
            let top = rel
                .components()
                .next()
                .unwrap()
                .as_os_str()
                .to_string_lossy()
                .trim_end_matches(".rs")
                .to_string();
            if top == "main" || top == "lib" {
                continue;
            }
            let text = std::fs::read_to_string(&p).unwrap();
            for (i, _) in text.match_indices("crate::") {
                let rest = &text[i + 7..];
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if !name.is_empty() && name != top {
                    edges.entry(top.clone()).or_default().insert(name);
                }
            }
        }
    }
    // Depth-first search for a cycle.
    fn visit(
        n: &str,
        edges: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(i) = path.iter().position(|p| p == n) {
            let mut cycle = path[i..].to_vec();
            cycle.push(n.to_string());
            return Some(cycle);
        }
        if done.contains(n) {
            return None;
        }
        path.push(n.to_string());
        for m in edges.get(n).into_iter().flatten() {
            if let Some(c) = visit(m, edges, path, done) {
                return Some(c);
            }
        }
        path.pop();
        done.insert(n.to_string());
        None
    }
    let mut done = BTreeSet::new();
    for n in edges.keys() {
        if let Some(cycle) = visit(n, &edges, &mut Vec::new(), &mut done) {
            panic!("import cycle: {}", cycle.join(" → "));
        }
    }
    assert!(edges.len() >= 10, "{edges:?}");
}

/// A policy pattern that would compile beyond the size limit is a policy error, not a
/// pattern that silently matches nothing.
#[test]
fn oversized_patterns_are_policy_errors() {
    let names = sourcepolicy::rules::selectors();
    let e = Policy::layered(
        "p.toml",
        "[sections]\nforbidden_headings = ['\\w{2000}\\w{2000}']\n",
        &names,
    )
    .unwrap_err();
    assert!(
        e.message
            .starts_with("p.toml:2:23: invalid policy: invalid regular expression"),
        "{}",
        e.message
    );
    assert!(
        e.message.contains("compiles to more than the limit"),
        "{}",
        e.message
    );
}

/// Device rates are checked like every other policy value: a unit that is not a rate, or a
/// bandwidth where a math rate belongs, is an error at its place.
#[test]
fn device_rates_are_checked() {
    let names = sourcepolicy::rules::selectors();
    for (toml, message) in [
        (
            "[[perf.devices]]\nname = \"X\"\nsource = \"https://x.example/\"\ndense = { bf16 = \"3 TB/s\" }\n",
            "p.toml:4:18: invalid policy: `3 TB/s` is a bandwidth; a peak math rate is in TFLOPS, PFLOP/s or TOPS",
        ),
        (
            "[[perf.devices]]\nname = \"X\"\nsource = \"https://x.example/\"\nmemory_bandwidth = \"fast\"\n",
            "p.toml:4:20: invalid policy: `fast` does not start with a number",
        ),
        (
            "[[perf.devices]]\nname = \"X\"\nsource = \"https://x.example/\"\ndense = { bf61 = \"1 TFLOPS\" }\n",
            "p.toml:4:11: invalid policy: unknown field `bf61`",
        ),
    ] {
        let e = Policy::layered("p.toml", toml, &names).unwrap_err();
        assert!(e.message.starts_with(message), "{}", e.message);
    }
    let ok = Policy::layered(
        "p.toml",
        "[[perf.devices]]\nname = \"X\"\nsource = \"https://x.example/\"\ndense = { bf16 = \"1,000 TFLOPS\" }\n",
        &names,
    )
    .unwrap();
    assert_eq!(ok.perf.devices.get().len(), 1);
    assert_eq!(
        ok.perf.devices.get()[0].dense.bf16.as_ref().unwrap().value,
        1e15
    );
}

/// A list may link files outside its repository, but the run never reads them: their
/// headings would be quoted back in "did you mean" help (a list from an untrusted pull
/// request must not make CI print the runner's files).
#[test]
fn linked_files_outside_the_repository_are_not_read() {
    let top = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("fence");
    let _ = std::fs::remove_dir_all(&top);
    let repo = top.join("repo");
    std::fs::create_dir_all(repo.join(".git")).unwrap();
    std::fs::write(top.join("secret.md"), "# Secret heading\n").unwrap();
    std::fs::write(repo.join("inside.md"), "# Inside heading\n").unwrap();
    std::fs::write(
        repo.join("list.md"),
        "# T\n\n## S\n\n- [a](../secret.md#secret-headin) - outside.\n- [b](inside.md#inside-headin) - inside.\n",
    )
    .unwrap();
    let opts =
        sourcepolicy::engine::LintOptions::new(sourcepolicy::date::Date::parse(TODAY).unwrap());
    let run = sourcepolicy::engine::lint_paths(
        &[repo.join("list.md")],
        &Policy::default_policy(),
        &opts,
        &|_| {},
    )
    .unwrap();
    let found: Vec<String> = run.files[0]
        .findings
        .iter()
        .filter(|f| f.finding.rule.name == "link/missing-file")
        .map(|f| {
            format!(
                "{} | {}",
                f.finding.message,
                f.finding.help.clone().unwrap_or_default()
            )
        })
        .collect();
    assert_eq!(
        found,
        ["`inside.md` has no heading with the anchor `#inside-headin` | did you mean `#inside-heading`?"]
    );
}
