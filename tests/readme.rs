//! The outputs README.md shows are the binary's real output. Each block between
//! `<!-- output:start -->` and `<!-- output:end -->` is a ```text fence whose first line is
//! `$ sourcepolicy ARGS…`; the rest is what that command prints, run from the repository root
//! with `COLUMNS=100` and no colour. `SOURCEPOLICY_BLESS=1 cargo test --test readme` rewrites
//! the blocks from the binary.

use std::path::Path;
use std::process::Command;

const START: &str = "<!-- output:start -->\n```text\n";
const END: &str = "```\n<!-- output:end -->";

/// Runs `$ sourcepolicy ARGS` as the README shows it.
fn run(command_line: &str) -> String {
    let args: Vec<&str> = command_line
        .strip_prefix("$ sourcepolicy ")
        .unwrap_or_else(|| panic!("README output block starts with `{command_line}`"))
        .split_whitespace()
        .collect();
    let out = Command::new(env!("CARGO_BIN_EXE_sourcepolicy"))
        .args(&args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("COLUMNS", "100")
        .env("NO_COLOR", "1")
        .env_remove("FORCE_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .output()
        .unwrap();
    assert!(
        out.stderr.is_empty(),
        "{command_line}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn readme_outputs_are_real() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md");
    let readme = std::fs::read_to_string(&path).unwrap();
    let bless = std::env::var_os("SOURCEPOLICY_BLESS").is_some();
    let mut rebuilt = String::new();
    let mut rest = readme.as_str();
    let mut blocks = 0;
    let mut stale = Vec::new();
    while let Some(start) = rest.find(START) {
        let body_at = start + START.len();
        let end = body_at + rest[body_at..].find(END).expect("output block is closed");
        let body = &rest[body_at..end];
        let (command_line, shown) = body.split_once('\n').unwrap_or((body, ""));
        let real = run(command_line);
        if shown != real {
            stale.push(format!(
                "--- README shows after `{command_line}`:\n{shown}\n--- the binary prints:\n{real}"
            ));
        }
        rebuilt.push_str(&rest[..body_at]);
        rebuilt.push_str(command_line);
        rebuilt.push('\n');
        rebuilt.push_str(&real);
        rest = &rest[end..];
        blocks += 1;
    }
    rebuilt.push_str(rest);
    assert!(blocks >= 2, "{blocks} output blocks in README.md");
    if bless {
        std::fs::write(&path, rebuilt).unwrap();
        return;
    }
    assert!(
        stale.is_empty(),
        "README.md shows stale output (SOURCEPOLICY_BLESS=1 cargo test --test readme rewrites it):\n{}",
        stale.join("\n")
    );
}
