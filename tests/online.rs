//! `lint --online` as users run it, against a server this test starts on 127.0.0.1 (never
//! the internet): verdicts in the json contract, the cache across runs, the address guard, the
//! source rules completed by page facts, and suppressions of online rules on offline runs.

mod common;
use common::rules_at;
mod netserver;

use netserver::{Reply, Server};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn scratch(name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("online-{name}"));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(d.join(".git")).unwrap();
    d
}

fn lint(dir: &Path, args: &[&str]) -> (Output, serde_json::Value) {
    let out = Command::new(env!("CARGO_BIN_EXE_sourcepolicy"))
        .args(["lint", "--format", "json", "--today", "2026-12-02"])
        .args(args)
        .current_dir(dir)
        .env_remove("GITHUB_TOKEN")
        .output()
        .unwrap();
    let v = serde_json::from_slice(&out.stdout).unwrap_or(serde_json::Value::Null);
    (out, v)
}

fn site() -> Server {
    Server::start(|r| {
        match r.path.as_str() {
        "/paper" => Reply::html("<html><head><meta name=\"citation_doi\" content=\"10.1145/1234.5678\"></head><body>A paper</body></html>"),
        "/report-good" => Reply::html("<html><body><a href=\"https://github.com/example/kernels\">code</a><table><tr><td>size</td><td>ms</td></tr><tr><td>1024</td><td>1.5</td></tr><tr><td>2048</td><td>5.9</td></tr></table><p>2.1x faster at 740 TFLOP/s</p></body></html>"),
        "/report-bare" => Reply::html("<html><body><p>Thoughts about kernels.</p></body></html>"),
        "/moved" => Reply::redirect(308, "/paper"),
        "/gone" => Reply::status(404),
        "/ok" => Reply::status(200),
        _ => Reply::status(404),
    }
    })
}

#[test]
fn verdicts_cache_and_page_facts() {
    let s = site();
    let d = scratch("verdicts");
    let list = format!(
        "# Guide\n\n## Kernels\n\n\
         - [A paper page]({p}) - Unknown host, but its page says it is a paper.\n\
         <!-- sourcepolicy: type=report code=https://github.com/example/kernels -->\n\
         - [Worklog]({good}) - The implementer's own measurements.\n\
         <!-- sourcepolicy: type=report code=https://github.com/example/other -->\n\
         - [Musings]({bare}) - No code, no numbers on the page.\n\
         - [Moved]({moved}) - Moved for good.\n\
         - [Gone]({gone}) - Removed.\n",
        p = s.url("/paper"),
        good = s.url("/report-good"),
        bare = s.url("/report-bare"),
        moved = s.url("/moved"),
        gone = s.url("/gone"),
    );
    std::fs::write(d.join("list.md"), &list).unwrap();
    let select = "--select=link,source";
    // Without --allow-private, the loopback server is never asked.
    let (out, v) = lint(&d, &["list.md", "--online", "--no-cache", select]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        s.count(),
        0,
        "the guard refuses loopback before any request"
    );
    let private = rules_at(&v)
        .iter()
        .filter(|(r, _)| r == "link/private-address")
        .count();
    assert_eq!(private, 5);

    let (out, v) = lint(
        &d,
        &[
            "list.md",
            "--online",
            "--allow-private",
            "--timeout",
            "5",
            select,
        ],
    );
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        rules_at(&v),
        [
            ("source/unclassified".to_string(), 5),
            ("source/report-evidence".to_string(), 9),
            ("link/redirect".to_string(), 10),
            ("source/unclassified".to_string(), 10),
            ("link/broken".to_string(), 11),
            ("source/unclassified".to_string(), 11),
        ]
    );
    let f = &v["findings"];
    assert!(
        f[0]["help"]
            .as_str()
            .unwrap()
            .starts_with("the page carries citation_doi 10.1145/1234.5678: it looks like a paper"),
        "{}",
        f[0]["help"]
    );
    assert_eq!(
        f[1]["message"].as_str().unwrap(),
        "report \"Musings\": its page links no code repository and shows no measurements"
    );
    assert_eq!(f[2]["data"]["final_url"], s.url("/paper"));
    assert_eq!(f[4]["data"]["status"], 404);
    // The cache holds the successes: a second run asks only for what failed or moved.
    assert!(d.join(".sourcepolicy-cache.json").is_file());
    let before: Vec<String> = s.requests().iter().map(|r| r.path.clone()).collect();
    let (_, v2) = lint(&d, &["list.md", "--online", "--allow-private", select]);
    assert_eq!(rules_at(&v2), rules_at(&v));
    let after: Vec<String> = s.requests().iter().map(|r| r.path.clone()).collect();
    let again: Vec<&String> = after[before.len()..].iter().collect();
    assert!(again.iter().all(|p| p.as_str() == "/gone"), "{again:?}");
    assert!(!again.is_empty(), "failures are checked again");
}

/// An `ignore=` of an online rule is not "unused" on an offline run (the rule did not run),
/// and suppresses its finding online.
#[test]
fn online_rules_in_suppressions() {
    let s = site();
    let d = scratch("suppress");
    let list = format!(
        "# Guide\n\n## Kernels\n\n\
         <!-- sourcepolicy: ignore=link/broken reason=\"restored next week\" -->\n\
         - [Gone]({}) - Removed.\n",
        s.url("/gone")
    );
    std::fs::write(d.join("list.md"), list).unwrap();
    let (_, v) = lint(&d, &["list.md", "--select=link,suppression"]);
    assert_eq!(rules_at(&v), []);
    let (_, v) = lint(
        &d,
        &[
            "list.md",
            "--online",
            "--allow-private",
            "--no-cache",
            "--select=link,suppression",
        ],
    );
    assert_eq!(rules_at(&v), [], "suppressed online, and used");
    assert!(s.count_path("/gone") >= 1, "requested online");
}

#[test]
fn online_flags_need_online() {
    let d = scratch("flags");
    std::fs::write(d.join("list.md"), "# T\n").unwrap();
    let (out, _) = lint(&d, &["list.md", "--allow-private"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--online"), "{err}");
}

/// `--online --fix` rewrites a permanent redirect to its final URL (and nothing else); the
/// job summary counts the links checked, broken and unverified.
#[test]
fn redirects_are_fixed_and_the_summary_counts_live_links() {
    let s = site();
    let d = scratch("redirect-fix");
    let list = format!(
        "# Guide\n\n## Kernels\n\n- [Moved]({moved}) - Moved for good.\n- [Gone]({gone}) - Removed.\n- [Fine]({ok}) - Here.\n",
        moved = s.url("/moved"),
        gone = s.url("/gone"),
        ok = s.url("/ok"),
    );
    std::fs::write(d.join("list.md"), &list).unwrap();
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_sourcepolicy"))
            .args([
                "lint",
                "list.md",
                "--online",
                "--allow-private",
                "--no-cache",
            ])
            .args(["--select", "link", "--today", "2026-12-02"])
            .args(args)
            .current_dir(&d)
            .env_remove("GITHUB_TOKEN")
            .output()
            .unwrap()
    };
    let out = run(&["--format", "summary"]);
    let summary = String::from_utf8_lossy(&out.stdout);
    assert!(
        summary.contains(
            "### Live links\n\n| checked | broken | unverified |\n|---:|---:|---:|\n| 3 | 1 | 0 |"
        ),
        "{summary}"
    );
    let out = run(&["--fix"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("fixed list.md:5:3: link/redirect"),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read_to_string(d.join("list.md")).unwrap(),
        list.replace(&s.url("/moved"), &s.url("/paper"))
    );
    // The final URL is fine: a second run has nothing to fix.
    let out = run(&["--diff"]);
    assert!(
        out.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}
