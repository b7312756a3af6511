//! git for tests: throwaway repositories, isolated from the machine's git configuration.
#![allow(dead_code)]

use std::path::Path;
use std::process::Command;

/// Runs git in `dir` with a fixed identity and no user or system configuration; its stdout
/// (trimmed), or None when it failed.
pub fn try_git(dir: &Path, args: &[&str]) -> Option<String> {
    let out = Command::new("git")
        .args(["-c", "user.name=Test", "-c", "user.email=test@example.org"])
        .args([
            "-c",
            "commit.gpgsign=false",
            "-c",
            "protocol.file.allow=always",
        ])
        .args(args)
        .current_dir(dir)
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .output()
        .ok()?;
    if !out.status.success() {
        eprintln!("git {args:?}: {}", String::from_utf8_lossy(&out.stderr));
        return None;
    }
    Some(String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// `try_git` that must succeed.
pub fn git(dir: &Path, args: &[&str]) -> String {
    try_git(dir, args).unwrap_or_else(|| panic!("git {args:?} failed in {}", dir.display()))
}
