//! CLI cases as folders, run as users run the binary. A case is `tests/cmd/NAME.toml`:
//!
//! ```toml
//! args = ["lint", "list.md"]   # the arguments
//! status = 1                   # the exit status
//! stdin = "…"                  # optional: standard input
//! cwd = "sub"                  # optional: the folder to run in, inside NAME.in
//! env = { COLUMNS = "60" }     # optional: environment variables to set (or override)
//! ```
//!
//! Cases run with `COLUMNS=100` and `NO_COLOR=1` unless `env` says otherwise.
//!
//! with `NAME.in/` (the files; copied to a fresh folder that is its own repository root, so
//! a case never sees this repository's files) and `NAME.stdout` / `NAME.stderr` (the exact
//! output; a missing file means none). `SOURCEPOLICY_BLESS=1 cargo test --test cmd`
//! regenerates the expected output on purpose; read the diff before committing it.

use serde::Deserialize;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    args: Vec<String>,
    status: i32,
    stdin: Option<String>,
    cwd: Option<String>,
    #[serde(default)]
    env: std::collections::BTreeMap<String, String>,
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let target = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), target).unwrap();
        }
    }
}

/// Runs one case; returns a description of each difference.
fn run_case(toml_path: &Path, bless: bool) -> Vec<String> {
    let name = toml_path
        .file_stem()
        .unwrap()
        .to_string_lossy()
        .into_owned();
    let dir = toml_path.parent().unwrap();
    let case: Case = toml::from_str(&std::fs::read_to_string(toml_path).unwrap())
        .unwrap_or_else(|e| panic!("{name}.toml: {e}"));
    let sandbox = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("cmd")
        .join(&name);
    let _ = std::fs::remove_dir_all(&sandbox);
    std::fs::create_dir_all(sandbox.join(".git")).unwrap();
    let input = dir.join(format!("{name}.in"));
    if input.is_dir() {
        copy_dir(&input, &sandbox);
    }
    let cwd = case
        .cwd
        .as_deref()
        .map_or(sandbox.clone(), |c| sandbox.join(c));
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_sourcepolicy"));
    cmd.args(&case.args)
        .current_dir(&cwd)
        .env("COLUMNS", "100")
        .env("NO_COLOR", "1")
        .env_remove("FORCE_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .env_remove("GITHUB_STEP_SUMMARY")
        .env_remove("GITHUB_TOKEN")
        .envs(&case.env)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    if let Some(input) = &case.stdin {
        // A run may end without reading its input (`--fix -` is refused first): a closed pipe
        // is then no failure of the case.
        let written = child.stdin.take().unwrap().write_all(input.as_bytes());
        if let Err(e) = written {
            assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{name}: {e}");
        }
    }
    drop(child.stdin.take());
    let out = child.wait_with_output().unwrap();
    let mut problems = Vec::new();
    if out.status.code() != Some(case.status) {
        problems.push(format!(
            "{name}: exit status {:?}, expected {}\nstderr: {}",
            out.status.code(),
            case.status,
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    for (stream, got) in [("stdout", &out.stdout), ("stderr", &out.stderr)] {
        let path = dir.join(format!("{name}.{stream}"));
        let got = String::from_utf8_lossy(got).into_owned();
        if bless {
            if got.is_empty() {
                let _ = std::fs::remove_file(&path);
            } else {
                std::fs::write(&path, &got).unwrap();
            }
            continue;
        }
        let expected = std::fs::read_to_string(&path).unwrap_or_default();
        if got != expected {
            problems.push(format!(
                "{name}: {stream} differs (SOURCEPOLICY_BLESS=1 regenerates)\n--- expected\n{expected}\n--- got\n{got}"
            ));
        }
    }
    problems
}

#[test]
fn cli_cases() {
    let bless = std::env::var_os("SOURCEPOLICY_BLESS").is_some();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cmd");
    let mut cases: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    cases.sort();
    assert!(cases.len() >= 10, "{} cases", cases.len());
    let problems: Vec<String> = cases.iter().flat_map(|c| run_case(c, bless)).collect();
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}
