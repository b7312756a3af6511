//! The pre-commit hook, through the pre-commit framework itself: `pre-commit try-repo` on
//! this repository (at its HEAD commit) in a throwaway repository holding a clean list and a
//! bad one. pre-commit builds the hook with cargo (`language: rust`) for each try-repo; the
//! dependencies' build is kept under the target folder, so only the crate is rebuilt. Skipped, with a message, when pre-commit is not installed
//! (`pip install pre-commit`; `.ci/run` installs it) or this is not a git checkout.

#[path = "common/git.rs"]
mod git;

use git::try_git as git;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn try_repo(dir: &Path, rev: &str, hook: &str, files: &[&str]) -> Output {
    let target = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    Command::new("pre-commit")
        .args(["try-repo", root().to_str().unwrap(), hook, "--ref", rev])
        .arg("--files")
        .args(files)
        .args(["--color", "never"])
        .current_dir(dir)
        .env("PRE_COMMIT_HOME", target.join("pre-commit-home"))
        // try-repo builds the hook afresh each time (in a temporary store): a quick build
        // (unoptimised, no LTO) whose dependencies are kept between runs.
        .env("CARGO_TARGET_DIR", target.join("pre-commit-build"))
        .env("CARGO_PROFILE_RELEASE_LTO", "false")
        .env("CARGO_PROFILE_RELEASE_OPT_LEVEL", "0")
        .env("CARGO_PROFILE_RELEASE_CODEGEN_UNITS", "256")
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("NO_COLOR", "1")
        .env_remove("GITHUB_STEP_SUMMARY")
        .output()
        .expect("pre-commit runs")
}

#[test]
fn pre_commit_try_repo_passes_a_clean_list_and_fails_a_bad_one() {
    if Command::new("pre-commit")
        .arg("--version")
        .output()
        .is_err()
    {
        eprintln!("skipping: pre-commit is not installed (pip install pre-commit)");
        return;
    }
    let Some(rev) = git(&root(), &["rev-parse", "HEAD"]) else {
        eprintln!("skipping: {} is not a git checkout", root().display());
        return;
    };
    if git(
        &root(),
        &["cat-file", "-e", &format!("{rev}:.pre-commit-hooks.yaml")],
    )
    .is_none()
    {
        panic!(".pre-commit-hooks.yaml is not committed at HEAD; commit it first");
    }
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("pre-commit-fixture");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    git(&dir, &["init", "-q"]).unwrap();
    std::fs::write(
        dir.join("clean.md"),
        "# Guide\n\n## Kernels\n\n- [FlashAttention](https://arxiv.org/abs/2205.14135) - Exact attention computed in tiles.\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("bad.md"),
        "# Guide\n\n## Kernels\n\n- [FlashAttention](https://arxiv.org/abs/2205.14135) - 2.3x faster.\n",
    )
    .unwrap();
    std::fs::write(dir.join("notes.txt"), "2.3x faster, and not Markdown.\n").unwrap();
    git(&dir, &["add", "-A"]).unwrap();
    let show = |o: &Output| {
        format!(
            "{}{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        )
    };
    // The clean list passes; the text file beside it never reaches the hook (were it linted
    // as Markdown, its claim would fail the run).
    let clean = try_repo(&dir, &rev, "sourcepolicy", &["clean.md", "notes.txt"]);
    assert_eq!(clean.status.code(), Some(0), "{}", show(&clean));
    assert!(show(&clean).contains("Passed"), "{}", show(&clean));
    let bad = try_repo(&dir, &rev, "sourcepolicy", &["bad.md"]);
    assert_eq!(bad.status.code(), Some(1), "{}", show(&bad));
    assert!(show(&bad).contains("Failed"), "{}", show(&bad));
    assert!(
        show(&bad).contains("perf/missing-context"),
        "{}",
        show(&bad)
    );
}
