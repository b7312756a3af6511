//! `--changed-since GIT_REF` in throwaway git repositories: findings on changed lines only,
//! whole-section findings when the section was touched, new, untracked and renamed files,
//! fixes limited to the changed lines, and clear errors.

mod common;

#[path = "common/git.rs"]
mod git;

use git::git;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A fresh repository under the target dir, isolated from the machine's git configuration.
fn repo(name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("changed-{name}"));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    git(&d, &["init", "-q", "-b", "main"]);
    d
}

fn commit_all(dir: &Path, message: &str) {
    git(dir, &["add", "-A"]);
    git(dir, &["commit", "-q", "-m", message]);
}

fn lint(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sourcepolicy"))
        .arg("lint")
        .args(args)
        .current_dir(dir)
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("NO_COLOR", "1")
        .env_remove("GITHUB_STEP_SUMMARY")
        .output()
        .unwrap()
}

/// (rule, line) of each finding of a json run.
fn findings(out: &Output) -> Vec<(String, u64)> {
    let v: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{e}: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    });
    common::rules_at(&v)
}

const LIST: &str = "# Reading list

## Caches

- [ARC](https://www.usenix.org/conference/fast-03/arc) - Adaptive replacement, 2x fewer misses.
- [LIRS](https://dl.acm.org/doi/10.1145/511334.511340) - Inter-reference recency.

## Queues

- [Ring buffers](https://github.com/owner/rings) - A lock-free ring.
";

const ONLY: &[&str] = &["--select", "perf,structure,link", "--format", "json"];

#[test]
fn only_findings_on_changed_lines_are_reported() {
    let d = repo("lines");
    std::fs::write(d.join("list.md"), LIST).unwrap();
    commit_all(&d, "list");
    // Without the filter: the claim on line 5 (committed before) is reported.
    let all = lint(&d, &[&["list.md"], ONLY].concat());
    assert_eq!(findings(&all), [("perf/missing-context".to_string(), 5)]);
    // A PR-like change: one line edited with a new claim, one line added with an http link.
    let changed = LIST
        .replace(
            "Inter-reference recency.",
            "Inter-reference recency, 3x faster lookups.",
        )
        .replace(
            "- [Ring buffers]",
            "- [Queue paper](http://arxiv.org/abs/1012.1824) - Bounded queues.\n- [Ring buffers]",
        );
    std::fs::write(d.join("list.md"), changed).unwrap();
    let out = lint(
        &d,
        &[&["list.md", "--changed-since", "main"], ONLY].concat(),
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        findings(&out),
        [
            ("perf/missing-context".to_string(), 6),
            ("link/insecure".to_string(), 10)
        ]
    );
    // The same change committed: compared with the commit before it.
    commit_all(&d, "change");
    let out = lint(
        &d,
        &[&["list.md", "--changed-since", "HEAD~1"], ONLY].concat(),
    );
    assert_eq!(findings(&out).len(), 2);
    // Nothing changed since HEAD: nothing reported, exit 0, and the summary says why.
    let out = lint(
        &d,
        &["list.md", "--changed-since", "HEAD", "--format", "summary"],
    );
    assert_eq!(out.status.code(), Some(0));
    let summary = String::from_utf8_lossy(&out.stdout);
    assert!(
        summary.contains("Only findings on lines changed since `HEAD` are reported"),
        "{summary}"
    );
    assert!(summary.contains("elsewhere not shown"), "{summary}");
}

#[test]
fn whole_section_findings_are_reported_when_their_section_was_touched() {
    let d = repo("sections");
    let text = "# Reading list

## Empty already

Nothing here yet.

## Caches

- [LIRS](https://dl.acm.org/doi/10.1145/511334.511340) - Inter-reference recency.

## Queues

- [Ring buffers](https://github.com/owner/rings) - A lock-free ring.
";
    std::fs::write(d.join("list.md"), text).unwrap();
    commit_all(&d, "list");
    let policy = "[sections]\ncore = ['.*']\n";
    std::fs::write(d.join("policy.toml"), policy).unwrap();
    commit_all(&d, "policy");
    let select = ["--select", "structure/empty-section", "--format", "json"];
    // The only entry of "Caches" removed: its section lost its last source. "Empty already"
    // was empty before and is not touched: not reported.
    let without = text.replace(
        "- [LIRS](https://dl.acm.org/doi/10.1145/511334.511340) - Inter-reference recency.\n",
        "",
    );
    std::fs::write(d.join("list.md"), &without).unwrap();
    let out = lint(
        &d,
        &[&["list.md", "--changed-since", "main"][..], &select].concat(),
    );
    assert_eq!(findings(&out), [("structure/empty-section".to_string(), 7)]);
    // Without the filter both are reported.
    let out = lint(&d, &[&["list.md"][..], &select].concat());
    assert_eq!(findings(&out).len(), 2);
    // A change under a section's heading touches it; one in another section does not.
    std::fs::write(
        d.join("list.md"),
        text.replace("Nothing here yet.", "Nothing here, yet."),
    )
    .unwrap();
    let out = lint(
        &d,
        &[&["list.md", "--changed-since", "main"][..], &select].concat(),
    );
    assert_eq!(findings(&out), [("structure/empty-section".to_string(), 3)]);
    std::fs::write(
        d.join("list.md"),
        text.replace("A lock-free ring.", "A ring."),
    )
    .unwrap();
    let out = lint(
        &d,
        &[&["list.md", "--changed-since", "main"][..], &select].concat(),
    );
    assert_eq!(findings(&out), []);
}

#[test]
fn new_untracked_and_renamed_files() {
    let d = repo("files");
    std::fs::write(d.join("list.md"), LIST).unwrap();
    commit_all(&d, "list");
    // Committed since the reference: changed throughout. (Its own text: a copy of the list
    // would be, to git, where `list.md` went.)
    std::fs::write(
        d.join("added.md"),
        "# Other list\n\n## Disks\n\n- [Log](https://dl.acm.org/doi/10.1145/146941.146943) - Writes, 2x faster.\n",
    )
    .unwrap();
    commit_all(&d, "added");
    // Not tracked at all: changed throughout.
    std::fs::write(
        d.join("untracked.md"),
        LIST.replace("# Reading list", "# Untracked list"),
    )
    .unwrap();
    // Renamed, with one line changed: only that line.
    git(&d, &["mv", "list.md", "moved.md"]);
    std::fs::write(
        d.join("moved.md"),
        LIST.replace("A lock-free ring.", "A lock-free ring, 3x faster."),
    )
    .unwrap();
    let out = lint(
        &d,
        &[
            &[
                "added.md",
                "untracked.md",
                "moved.md",
                "--changed-since",
                "main~1",
            ][..],
            ONLY,
        ]
        .concat(),
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let got: Vec<(String, u64)> = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["path"].as_str().unwrap().to_string(),
                f["line"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            ("added.md".to_string(), 5),
            ("untracked.md".to_string(), 5),
            ("moved.md".to_string(), 10)
        ]
    );
}

#[test]
fn fixes_apply_only_on_changed_lines() {
    let d = repo("fix");
    let text = "# L\n\n## A\n\n- [P](http://arxiv.org/abs/1512.00727) - Old line.\n- [Q](http://github.com/owner/q) - Another.\n";
    std::fs::write(d.join("list.md"), text).unwrap();
    commit_all(&d, "list");
    let edited = text.replace("Another.", "Another, edited.");
    std::fs::write(d.join("list.md"), &edited).unwrap();
    let out = lint(
        &d,
        &[
            "list.md",
            "--changed-since",
            "main",
            "--fix",
            "--select",
            "link",
        ],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        std::fs::read_to_string(d.join("list.md")).unwrap(),
        edited.replace("http://github.com", "https://github.com")
    );
}

#[test]
fn bad_references_and_folders_outside_git_exit_2() {
    let d = repo("errors");
    std::fs::write(d.join("list.md"), LIST).unwrap();
    commit_all(&d, "list");
    for (reference, expected) in [
        (
            "no-such-branch",
            "`no-such-branch` is not a commit of the repository",
        ),
        ("--output=x", "`--output=x` is not a git reference"),
    ] {
        let out = lint(&d, &["list.md", &format!("--changed-since={reference}")]);
        assert_eq!(out.status.code(), Some(2), "{reference}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(expected), "{err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    assert!(!d.join("x").exists());
    let outside = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("changed-outside");
    let _ = std::fs::remove_dir_all(&outside);
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::write(outside.join("list.md"), LIST).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_sourcepolicy"))
        .args(["lint", "list.md", "--changed-since", "main"])
        .current_dir(&outside)
        .env("GIT_CEILING_DIRECTORIES", outside.parent().unwrap())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("list.md is not in a git repository"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
