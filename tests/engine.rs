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

/// No source file of the library imports one that imports it back, directly or through
/// others; nor does any top-level module.
#[test]
fn modules_form_no_cycle() {
    use std::collections::{BTreeMap, BTreeSet};
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    let mut stack = vec![src.clone()];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                let rel = p
                    .strip_prefix(&src)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/");
                if rel != "main.rs" {
                    files.push((rel, std::fs::read_to_string(&p).unwrap()));
                }
            }
        }
    }
    let edges = file_graph(&files);
    if let Some(cycle) = find_cycle(&edges) {
        panic!("import cycle between files: {}", cycle.join(" → "));
    }
    assert!(
        edges.values().map(BTreeSet::len).sum::<usize>() >= 100,
        "{edges:?}"
    );
    // The same graph, one node per top-level module.
    let top = |f: &str| {
        f.split('/')
            .next()
            .unwrap()
            .trim_end_matches(".rs")
            .to_string()
    };
    let mut modules: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (from, tos) in &edges {
        if from == "lib.rs" {
            continue;
        }
        let node = modules.entry(top(from)).or_default();
        node.extend(
            tos.iter()
                .map(|t| top(t))
                .filter(|t| *t != top(from) && t != "lib"),
        );
    }
    if let Some(cycle) = find_cycle(&modules) {
        panic!("import cycle between modules: {}", cycle.join(" → "));
    }
    assert!(modules.len() >= 10, "{modules:?}");
}

/// The graph `modules_form_no_cycle` checks: edges from `use super::…`, `use crate::…` and
/// inline paths, groups expanded; comments, strings and a file's own inline modules add none.
#[test]
fn file_graph_sees_the_imports_of_each_file() {
    let files: Vec<(String, String)> = [
        ("lib.rs", "pub mod a;\npub mod b;\n"),
        ("a/mod.rs", "mod x;\nmod y;\npub struct T;\npub fn f() { x::g() }\n"),
        (
            "a/x.rs",
            "use super::{T, y::{self, Y}};\n// crate::b::B\nconst S: &str = \"super::z\";\npub fn g() { y::h() }\n#[cfg(test)]\nmod tests {\n    use super::*;\n}\n",
        ),
        ("a/y.rs", "pub struct Y;\npub fn h() -> usize { crate::b::size(&'a') }\n"),
        ("b.rs", "pub fn size(c: &char) -> usize { c.len_utf8() }\n"),
    ]
    .iter()
    .map(|(p, t)| (p.to_string(), t.to_string()))
    .collect();
    let edges = file_graph(&files);
    let of = |f: &str| edges[f].iter().map(String::as_str).collect::<Vec<_>>();
    assert_eq!(of("a/x.rs"), ["a/mod.rs", "a/y.rs"]);
    assert_eq!(of("a/y.rs"), ["b.rs"]);
    assert!(of("a/mod.rs").is_empty() && of("b.rs").is_empty());
    assert_eq!(find_cycle(&edges), None);
    // Test code may use x from y: it is not part of the library's graph.
    let mut with_tests = files.clone();
    with_tests[3].1.push_str(
        "#[cfg(test)]\nmod tests {\n    use super::super::x::g;\n}\n#[cfg(test)]\nmod more;\n",
    );
    with_tests.push(("a/y/more.rs".into(), "use super::super::x::g;\n".into()));
    assert_eq!(find_cycle(&file_graph(&with_tests)), None);
    // y using something of x's back closes a cycle, however it is spelled.
    for back in [
        "use super::x::g;",
        "use crate::a::{x::g};",
        "fn k() { super::x::g() }",
        "use super::{T, x};",
    ] {
        let mut files = files.clone();
        files[3].1.push_str(back);
        let cycle = find_cycle(&file_graph(&files)).unwrap_or_default();
        assert_eq!(cycle, ["a/x.rs", "a/y.rs", "a/x.rs"], "{back}");
    }
}

/// The import graph of the library's source files: every `.rs` file under `src/` (but
/// `main.rs`, a crate of its own) is a node, named by its path under `src/`; an edge goes
/// from a file to the file that defines what a `crate::…`, `super::…` or `self::…` path in
/// its code (in `use` declarations, groups expanded, or inline) names. Comments and string
/// literals are not code; `super` inside an inline `mod name { … }` is the file's own module.
/// A parent naming its children (`mod x;`, `x::f()`) is how Rust declares them: no edge.
/// Test code (an item under `#[cfg(test)]`, and a file declared `#[cfg(test)] mod x;`) is
/// left out: a unit test may drive a neighbour of the code it tests.
fn file_graph(
    files: &[(String, String)],
) -> std::collections::BTreeMap<String, std::collections::BTreeSet<String>> {
    use std::collections::{BTreeMap, BTreeSet};
    // Module path of each file: `document/build.rs` → [document, build], `document/mod.rs`
    // → [document], `lib.rs` → [].
    let module_of = |rel: &str| -> Vec<String> {
        let mut parts: Vec<String> = rel
            .trim_end_matches(".rs")
            .split('/')
            .map(str::to_string)
            .collect();
        if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
            parts.pop();
        }
        parts
    };
    let code_of: BTreeMap<&str, String> = files
        .iter()
        .map(|(rel, text)| (rel.as_str(), strip_comments_and_strings(text)))
        .collect();
    // Files of test code: declared `#[cfg(test)] mod name;` by their parent.
    let mut tests: BTreeSet<Vec<String>> = BTreeSet::new();
    for (rel, code) in &code_of {
        for (at, _) in code.match_indices("#[cfg(test)]") {
            let rest = code[at + 12..].trim_start();
            if let Some(decl) = rest.strip_prefix("mod ") {
                let name = decl.split(';').next().unwrap_or("").trim();
                if decl[name.len()..].trim_start().starts_with(';') {
                    let mut m = module_of(rel);
                    m.push(name.to_string());
                    tests.insert(m);
                }
            }
        }
    }
    let by_module: BTreeMap<Vec<String>, String> = files
        .iter()
        .map(|(rel, _)| (module_of(rel), rel.clone()))
        .collect();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (rel, _) in files {
        if tests.contains(&module_of(rel)) {
            continue;
        }
        let code = without_test_items(&code_of[rel.as_str()]);
        let own = module_of(rel);
        let node = edges.entry(rel.clone()).or_default();
        let b = code.as_bytes();
        let ident_at = |i: usize| -> &str {
            let end = code[i..]
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .map_or(code.len(), |n| i + n);
            &code[i..end]
        };
        // Inline modules open at `mod name {` and close at their brace.
        let mut inline: Vec<(String, usize)> = Vec::new();
        let mut depth = 0usize;
        let mut i = 0;
        while i < b.len() {
            let c = b[i];
            let boundary = i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_');
            if c == b'{' {
                depth += 1;
            } else if c == b'}' {
                depth = depth.saturating_sub(1);
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
            } else if boundary && c.is_ascii_alphabetic() {
                let word = ident_at(i);
                if word == "mod" {
                    let rest = code[i + 3..].trim_start();
                    let name = ident_at(code.len() - rest.len());
                    if code[code.len() - rest.len() + name.len()..]
                        .trim_start()
                        .starts_with('{')
                    {
                        inline.push((name.to_string(), depth));
                    }
                } else if matches!(word, "crate" | "super" | "self")
                    && code[i + word.len()..].starts_with("::")
                    && (i == 0 || b[i - 1] != b'$')
                {
                    let mut here = own.clone();
                    here.extend(inline.iter().map(|(n, _)| n.clone()));
                    let mut paths = Vec::new();
                    path_tree(&code[i..], Vec::new(), &mut paths);
                    for path in paths {
                        let mut module = here.clone();
                        let mut segs = path.into_iter().peekable();
                        if segs.peek().is_some_and(|s| s == "crate") {
                            module.clear();
                        }
                        while let Some(s) =
                            segs.next_if(|s| s == "super" || s == "crate" || s == "self")
                        {
                            if s == "super" {
                                module.pop();
                            }
                        }
                        module.extend(segs);
                        // The deepest module with a file of its own defines the item.
                        while !module.is_empty() && !by_module.contains_key(&module) {
                            module.pop();
                        }
                        if let Some(to) = by_module.get(&module) {
                            if to != rel {
                                node.insert(to.clone());
                            }
                        }
                    }
                    i += word.len();
                    continue;
                }
                i += word.len();
                continue;
            }
            i += 1;
        }
    }
    edges
}

/// The paths a `use` tree (or an inline path) starting at `s` names, groups expanded:
/// `super::{a, b::{self, C}}` → `super::a`, `super::b`, `super::b::C`.
fn path_tree(s: &str, prefix: Vec<String>, out: &mut Vec<Vec<String>>) -> usize {
    let mut path = prefix;
    let mut i = 0;
    let b = s.as_bytes();
    loop {
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        if i < b.len() && b[i] == b'{' {
            i += 1;
            loop {
                while i < b.len() && (b[i].is_ascii_whitespace() || b[i] == b',') {
                    i += 1;
                }
                if i >= b.len() || b[i] == b'}' {
                    return i + 1;
                }
                i += path_tree(&s[i..], path.clone(), out);
            }
        }
        let start = i;
        while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'*') {
            i += 1;
        }
        let seg = &s[start..i];
        if !seg.is_empty() && seg != "*" && (seg != "self" || path.is_empty()) {
            path.push(seg.to_string());
        }
        if s[i..].starts_with("::") {
            i += 2;
            continue;
        }
        out.push(path);
        // Skip `as name` and stop at what ends this tree.
        while i < b.len() && !matches!(b[i], b',' | b'}' | b';' | b'(' | b')' | b'<' | b'\n') {
            i += 1;
        }
        return i;
    }
}

/// `code` (comments and strings blanked) with each item under `#[cfg(test)]` blanked too:
/// from the attribute to the `;` or the closing brace that ends the item.
fn without_test_items(code: &str) -> String {
    let mut out = code.as_bytes().to_vec();
    for (at, _) in code.match_indices("#[cfg(test)]") {
        let b = code.as_bytes();
        let mut i = at;
        let mut depth = 0usize;
        while i < b.len() {
            match b[i] {
                b'{' => depth += 1,
                b'}' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        i += 1;
                        break;
                    }
                }
                b';' if depth == 0 => {
                    i += 1;
                    break;
                }
                _ => {}
            }
            i += 1;
        }
        for x in &mut out[at..i] {
            if *x != b'\n' {
                *x = b' ';
            }
        }
    }
    String::from_utf8(out).expect("only ASCII was blanked")
}

/// `text` with comments, string and character literals blanked (lengths kept).
fn strip_comments_and_strings(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = b.to_vec();
    let blank = |out: &mut Vec<u8>, r: std::ops::Range<usize>| {
        for x in &mut out[r] {
            if *x != b'\n' {
                *x = b' ';
            }
        }
    };
    let mut i = 0;
    while i < b.len() {
        let rest = &b[i..];
        if rest.starts_with(b"//") {
            let end = rest
                .iter()
                .position(|&c| c == b'\n')
                .map_or(b.len(), |n| i + n);
            blank(&mut out, i..end);
            i = end;
        } else if rest.starts_with(b"/*") {
            let (mut j, mut nest) = (i + 2, 1);
            while j < b.len() && nest > 0 {
                if b[j..].starts_with(b"/*") {
                    nest += 1;
                    j += 2;
                } else if b[j..].starts_with(b"*/") {
                    nest -= 1;
                    j += 2;
                } else {
                    j += 1;
                }
            }
            blank(&mut out, i..j);
            i = j;
        } else if (rest.starts_with(b"r#") || rest.starts_with(b"r\"") || rest.starts_with(b"br"))
            && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_'))
        {
            let mut j = i + if rest[0] == b'b' { 2 } else { 1 };
            let hashes = b[j..].iter().take_while(|&&c| c == b'#').count();
            j += hashes;
            if b.get(j) != Some(&b'"') {
                i += 1;
                continue;
            }
            let close: Vec<u8> = std::iter::once(b'"')
                .chain(std::iter::repeat_n(b'#', hashes))
                .collect();
            let end = b[j + 1..]
                .windows(close.len())
                .position(|w| w == close)
                .map_or(b.len(), |n| j + 1 + n + close.len());
            blank(&mut out, i..end);
            i = end;
        } else if b[i] == b'"' {
            let mut j = i + 1;
            while j < b.len() && b[j] != b'"' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            blank(&mut out, i..(j + 1).min(b.len()));
            i = j + 1;
        } else if b[i] == b'\'' {
            // A character literal ('x', '\n', '\u{1F600}'), not a lifetime ('a).
            let end = if b.get(i + 1) == Some(&b'\\') {
                b[i + 2..]
                    .iter()
                    .position(|&c| c == b'\'')
                    .map(|n| i + 2 + n + 1)
            } else {
                let ch = text[i + 1..].chars().next().map_or(1, char::len_utf8);
                (b.get(i + 1 + ch) == Some(&b'\'')).then_some(i + 2 + ch)
            };
            match end {
                Some(e) => {
                    blank(&mut out, i..e);
                    i = e;
                }
                None => i += 1,
            }
        } else {
            i += 1;
        }
    }
    String::from_utf8(out).expect("whole characters were blanked")
}

/// A cycle in `edges`, as the nodes along it (first and last the same), if any.
fn find_cycle(
    edges: &std::collections::BTreeMap<String, std::collections::BTreeSet<String>>,
) -> Option<Vec<String>> {
    use std::collections::{BTreeMap, BTreeSet};
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
    edges
        .keys()
        .find_map(|n| visit(n, edges, &mut Vec::new(), &mut done))
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

/// Without `details` (formats that never print `data`), a run reports the same findings, each
/// without its data; with it (the default, and `--format json`), the data is there.
#[test]
fn details_off_drops_only_the_data() {
    use sourcepolicy::date::Date;
    use sourcepolicy::engine::{lint_text, LintOptions};
    let text = "# List\n\n## Papers\n\n- [A](https://www.youtube.com/watch?v=abc) - a talk.\n- [B](http://example.org/b) - 2.3x faster.\n- [A](https://www.youtube.com/watch?v=abc) - again.\n";
    let policy = sourcepolicy::policy::Policy::default_policy();
    let run = |details: bool| {
        let opts = LintOptions {
            details,
            ..LintOptions::new(Date::parse("2026-12-02").expect("date"))
        };
        lint_text("l.md", text.to_string(), &policy, &opts).findings
    };
    let (with, without) = (run(true), run(false));
    assert!(with.len() >= 3, "{with:#?}");
    assert!(with.iter().all(|f| !f.finding.data.is_empty()), "{with:#?}");
    assert!(without.iter().all(|f| f.finding.data.is_empty()));
    let shown = |v: &[sourcepolicy::report::Reported]| {
        v.iter()
            .map(|f| {
                let f = &f.finding;
                (
                    f.rule.name,
                    f.span.clone(),
                    f.message.clone(),
                    f.help.clone(),
                    f.label.clone(),
                )
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(shown(&with), shown(&without));
}

/// Findings that share their help (one rule, many lines) each print it under their own
/// gutter: the help is wrapped once per gutter width, and a line number with one more digit
/// moves it one column right.
#[test]
fn shared_help_follows_each_findings_gutter() {
    use sourcepolicy::date::Date;
    use sourcepolicy::engine::{lint_text, LintOptions};
    use sourcepolicy::report::{render, Format, RenderOptions, RunReport};
    let mut text = String::from("# List\n\n## Talks\n\n");
    for n in 5..=12 {
        text.push_str(&format!(
            "- [T{n}](https://www.youtube.com/watch?v=t{n}) - a talk.\n"
        ));
    }
    let policy = Policy::default_policy();
    let file = lint_text(
        "l.md",
        text,
        &policy,
        &LintOptions::new(Date::parse("2026-12-02").expect("date")),
    );
    let run = RunReport::new(vec![file]);
    let opts = RenderOptions {
        width: 60,
        ..Default::default()
    };
    let out = render(&run, Format::Human, &opts);
    // each finding: its headline, then (after the quoted line) its help, wrapped
    let helps: Vec<(usize, String)> = out
        .split("\n\n")
        .filter(|f| f.contains("error[source/inadmissible]"))
        .map(|f| {
            let line: usize = f
                .split(':')
                .nth(1)
                .and_then(|n| n.parse().ok())
                .expect("line");
            let help = &f[f.find("= help").expect("help")..];
            let pad = f[..f.find("= help").expect("help")]
                .rsplit('\n')
                .next()
                .expect("line")
                .len();
            (line, format!("{pad} {help}"))
        })
        .collect();
    assert_eq!(helps.len(), 8, "{out}");
    for (line, help) in &helps {
        let pad = line.to_string().len() + 1;
        assert!(
            help.starts_with(&format!("{pad} = help: ")),
            "{line}: {help}"
        );
        // wrapped lines are indented past `= help: `
        for cont in help.lines().skip(1) {
            assert!(cont.starts_with(&" ".repeat(pad + 8)), "{line}: {help}");
        }
    }
    // same width, same text; one more digit, the same words moved right
    assert_eq!(helps[0].1, helps[4].1);
    assert_eq!(helps[5].1, helps[7].1);
    assert_ne!(helps[4].1, helps[5].1);
    let words = |h: &str| h.split_whitespace().skip(1).collect::<Vec<_>>().join(" ");
    assert_eq!(words(&helps[4].1), words(&helps[5].1));
}

/// A quoted line is reused for the next finding at the same place of the same file only: two
/// files with a finding at the same offsets each show their own line.
#[test]
fn each_file_quotes_its_own_lines() {
    use sourcepolicy::date::Date;
    use sourcepolicy::engine::{lint_text, LintOptions};
    use sourcepolicy::report::{render, Format, RenderOptions, RunReport};
    let policy = Policy::default_policy();
    let opts = LintOptions::new(Date::parse("2026-12-02").expect("date"));
    let file = |name: &str, id: &str| {
        let text = format!(
            "# List\n\n## Talks\n\n- [T](https://www.youtube.com/watch?v={id}) - a talk.\n"
        );
        lint_text(name, text, &policy, &opts)
    };
    let run = RunReport::new(vec![file("a.md", "aaaa"), file("b.md", "bbbb")]);
    let opts = RenderOptions {
        width: 100,
        ..Default::default()
    };
    let out = render(&run, Format::Human, &opts);
    for f in out.split("\n\n").filter(|f| f.contains(".md:")) {
        let id = if f.starts_with("a.md") {
            "aaaa"
        } else {
            "bbbb"
        };
        let quoted = f.lines().nth(2).expect("a quoted line");
        assert!(quoted.contains(id), "{f}");
    }
    // the last finding of one file and the first of the next are at the same place
    assert!(
        out.contains("a.md:5:3:") && out.contains("b.md:5:3:"),
        "{out}"
    );
}
