//! The binary, run as users run it: exit codes, messages, formats, hostile input.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_sourcepolicy"));
    c.env_remove("NO_COLOR").env("COLUMNS", "100");
    c
}

fn run(args: &[&str], dir: &Path) -> Output {
    bin().args(args).current_dir(dir).output().expect("runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A fresh folder under the target dir, with a `.git` marker so discovery stops there.
fn scratch(name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("cli-{name}"));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(d.join(".git")).unwrap();
    d
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn clean_list_exits_0_and_errors_exit_1() {
    let r = run(
        &["lint", "examples/reading-guide.md", "--today", "2026-11-01"],
        &root(),
    );
    assert_eq!(r.status.code(), Some(0), "{}", text(&r.stdout));
    assert_eq!(
        text(&r.stdout),
        "sourcepolicy: no findings in 1 file (12 entries, 12 sources) with policy.toml\n"
    );
    let r = run(
        &["lint", "tests/fixtures/structure/toc-mismatch/fire.md"],
        &root(),
    );
    assert_eq!(r.status.code(), Some(1));
    let out = text(&r.stdout);
    // rustc-style headline: clickable position, severity and rule in words.
    assert!(
        out.contains(
            "tests/fixtures/structure/toc-mismatch/fire.md:8:3: error[structure/toc-mismatch]: "
        ),
        "{out}"
    );
    assert!(out.contains("help: rename the entry's anchor"), "{out}");
    assert!(!out.contains('\u{1b}'), "no colour when not a terminal");
    assert!(
        out.ends_with(
            "sourcepolicy: 13 errors and 1 warning in 1 file (8 entries, 8 sources) with policy.toml\n"
        ),
        "{out}"
    );
}

#[test]
fn warnings_alone_exit_0() {
    let r = run(
        &[
            "lint",
            "tests/fixtures/entry/missing-description/fire.md",
            "--select",
            "entry",
        ],
        &root(),
    );
    assert_eq!(r.status.code(), Some(0));
    assert!(text(&r.stdout).contains("0 errors and 5 warnings"));
}

#[test]
fn json_follows_the_contract() {
    let r = run(
        &[
            "lint",
            "tests/fixtures/structure/toc-mismatch/fire.md",
            "--format",
            "json",
            "--select",
            "structure/too-many-entries",
        ],
        &root(),
    );
    assert_eq!(r.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&r.stdout).expect("json");
    assert_eq!(v["version"], 1);
    let f = &v["findings"][0];
    let keys: Vec<&str> = f.as_object().unwrap().keys().map(String::as_str).collect();
    let mut want = [
        "rule",
        "severity",
        "path",
        "line",
        "column",
        "end_line",
        "end_column",
        "message",
        "help",
        "data",
    ];
    want.sort();
    let mut got = keys.clone();
    got.sort();
    assert_eq!(got, want);
    assert_eq!(f["rule"], "structure/too-many-entries");
    assert_eq!(f["severity"], "warning");
    assert_eq!(f["path"], "tests/fixtures/structure/toc-mismatch/fire.md");
    assert_eq!(
        (f["line"].as_u64(), f["column"].as_u64()),
        (Some(22), Some(1))
    );
    assert_eq!(
        (f["end_line"].as_u64(), f["end_column"].as_u64()),
        (Some(22), Some(21))
    );
    assert_eq!(f["data"]["entries"], 6);
    assert_eq!(
        v["summary"],
        serde_json::json!({"files": 1, "entries": 8, "sources": 8, "errors": 0, "warnings": 1})
    );
}

#[test]
fn bad_files_exit_2_with_one_clear_message() {
    let d = scratch("badfiles");
    std::fs::write(
        d.join("latin1.md"),
        b"# Caf\xe9\n\n- [x](https://e.example/) - y\n",
    )
    .unwrap();
    std::fs::create_dir_all(d.join("folder.md")).unwrap();
    let cases: [(&[&str], &str); 2] = [
        (
            &["lint", "missing.md"],
            "cannot read missing.md: no such file",
        ),
        (
            &["lint", "latin1.md"],
            "latin1.md is not valid UTF-8 (first bad byte at offset 5, line 1)",
        ),
    ];
    for (args, msg) in cases {
        let r = run(args, &d);
        assert_eq!(r.status.code(), Some(2), "{args:?}");
        let err = text(&r.stderr);
        assert!(err.contains(msg), "{args:?}: {err}");
        assert!(
            !err.contains("panicked") && !err.contains("internal error"),
            "{err}"
        );
        assert!(r.stdout.is_empty());
    }
    // A folder is walked for Markdown; one without any is a warning, not a failure.
    let r = run(&["lint", "folder.md"], &d);
    assert_eq!(r.status.code(), Some(0));
    assert!(
        text(&r.stderr).contains("warning: no Markdown files (*.md) in folder folder.md"),
        "{}",
        text(&r.stderr)
    );
}

#[test]
fn file_over_the_size_cap_exits_2() {
    let d = scratch("cap");
    std::fs::write(d.join("policy.toml"), "[list]\nmax_file_bytes = 100\n").unwrap();
    std::fs::write(d.join("big.md"), "x".repeat(101)).unwrap();
    let r = run(&["lint", "big.md"], &d);
    assert_eq!(r.status.code(), Some(2));
    assert!(text(&r.stderr).contains("big.md is 101 bytes, over the limit of 100 bytes"));
}

#[test]
fn policy_errors_name_file_line_column_and_suggest() {
    let d = scratch("policy-errors");
    std::fs::write(d.join("README.md"), "# x\n").unwrap();
    let cases = [
        (
            "[sections]\nmax_entires = 3\n",
            "policy.toml:2:1: invalid policy: unknown field `max_entires`",
            "did you mean `max_entries`?",
        ),
        (
            "[sections]\nmax_entries = \"five\"\n",
            "policy.toml:2:15: invalid policy: invalid type: string \"five\", expected usize",
            "wrong type",
        ),
        (
            "[sections]\nexempt = ['(unclosed']\n",
            "policy.toml:2:11: invalid policy: invalid regular expression `(unclosed`",
            "bad pattern",
        ),
        (
            "[rules]\n\"entry/missing-descripton\" = \"off\"\n",
            "policy.toml:2:1: invalid policy: [rules] names unknown rule `entry/missing-descripton`",
            "did you mean `entry/missing-description`?",
        ),
        (
            "[rules]\nentry = \"loud\"\n",
            "policy.toml:2:9: invalid policy: unknown variant `loud`",
            "a rule level is \"error\", \"warning\" or \"off\"",
        ),
        ("[sections\n", "policy.toml:1:10: invalid policy:", "here"),
    ];
    for (toml, msg, help) in cases {
        std::fs::write(d.join("policy.toml"), toml).unwrap();
        let r = bin()
            .args(["lint"])
            .env("COLUMNS", "400")
            .current_dir(&d)
            .output()
            .unwrap();
        assert_eq!(r.status.code(), Some(2), "{toml}");
        let err = text(&r.stderr);
        assert!(err.contains(msg), "{toml}\n{err}");
        assert!(err.contains(help), "{toml}\n{err}");
    }
}

#[test]
fn discovery_uses_policy_list_files_then_readme() {
    let d = scratch("discovery");
    std::fs::write(
        d.join("README.md"),
        "# T\n\n## A\n\n- [x](https://e.example/)\n",
    )
    .unwrap();
    let r = run(&["lint", "--format", "json"], &d);
    let v: serde_json::Value = serde_json::from_slice(&r.stdout).unwrap();
    assert_eq!(v["findings"][0]["path"], "README.md");
    // A policy in the parent folder, naming the file, is found from a subfolder.
    std::fs::create_dir_all(d.join("sub")).unwrap();
    std::fs::write(
        d.join("guide.md"),
        "# T\n\n## A\n\n- [y](https://arxiv.org/abs/2205.14135) - fine\n",
    )
    .unwrap();
    std::fs::write(d.join("policy.toml"), "[list]\nfiles = [\"guide.md\"]\n").unwrap();
    let r = run(&["lint", "--format", "json"], &d.join("sub"));
    assert_eq!(r.status.code(), Some(0), "{}", text(&r.stderr));
    let v: serde_json::Value = serde_json::from_slice(&r.stdout).unwrap();
    assert_eq!(v["summary"]["entries"], 1);
    assert_eq!(v["findings"].as_array().unwrap().len(), 0);
    // With no README and no policy: a clear error.
    let e = scratch("discovery-empty");
    let r = run(&["lint"], &e);
    assert_eq!(r.status.code(), Some(2));
    assert!(text(&r.stderr).contains("cannot read README.md: no such file"));
}

#[test]
fn init_writes_once_and_refuses_to_overwrite() {
    let d = scratch("init");
    let r = run(&["init"], &d);
    assert_eq!(r.status.code(), Some(0), "{}", text(&r.stderr));
    let written = std::fs::read_to_string(d.join("policy.toml")).unwrap();
    assert_eq!(written, sourcepolicy::policy::DEFAULT_POLICY);
    std::fs::write(d.join("policy.toml"), "# mine\n").unwrap();
    let r = run(&["init"], &d);
    assert_eq!(r.status.code(), Some(2));
    assert!(text(&r.stderr).contains("policy.toml already exists; not overwriting it"));
    assert_eq!(
        std::fs::read_to_string(d.join("policy.toml")).unwrap(),
        "# mine\n"
    );
    let leftovers: Vec<_> = std::fs::read_dir(&d)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty());
}

#[test]
fn policy_command_prints_the_layered_policy() {
    let d = scratch("policy-print");
    std::fs::write(d.join("policy.toml"), "[sections]\nmax_entries = 7\n").unwrap();
    let r = run(&["policy"], &d);
    assert_eq!(r.status.code(), Some(0));
    let out = text(&r.stdout);
    assert!(
        out.starts_with("# The policy in effect: the built-in policy with "),
        "{out}"
    );
    assert!(out.contains("max_entries = 7  # policy.toml"));
    assert!(
        out.contains("frontier = [\"^frontier\\\\b\"]") || out.contains("'^frontier\\b'"),
        "{out}"
    );
}

#[test]
fn explain_lists_and_explains_rules() {
    let r = run(&["explain"], &root());
    assert_eq!(r.status.code(), Some(0));
    let out = text(&r.stdout);
    for rule in sourcepolicy::rules::all() {
        assert!(out.contains(&format!("`{}`", rule.name)), "{}", rule.name);
    }
    let r = run(&["explain", "structure/toc-mismatch"], &root());
    let out = text(&r.stdout);
    for h in ["## What it checks", "## Why", "## Example", "## How to fix"] {
        assert!(out.contains(h), "{h}");
    }
    let r = run(&["explain", "structure/toc-mismach"], &root());
    assert_eq!(r.status.code(), Some(2));
    assert!(text(&r.stderr).contains("did you mean `structure/toc-mismatch`?"));
}

#[test]
fn every_rule_explanation_has_the_four_headings() {
    for rule in sourcepolicy::rules::all() {
        for h in ["## What it checks", "## Why", "## Example", "## How to fix"] {
            assert!(rule.explanation.contains(h), "{} lacks {h}", rule.name);
        }
    }
}

#[test]
fn bad_arguments_exit_2() {
    for (args, msg) in [
        (
            vec!["lint", "--select", "structure/nope"],
            "--select: unknown rule or family `structure/nope`",
        ),
        (
            vec!["lint", "--ignore", "perff"],
            "--ignore: unknown rule or family `perff`",
        ),
        (
            vec!["lint", "--today", "2026-02-30"],
            "--today 2026-02-30: the date is not a day of the calendar",
        ),
        (
            vec!["lint", "--today", "2026-9-1"],
            "--today 2026-9-1: the date is not of the form YYYY-MM-DD",
        ),
        (vec!["lint", "--format", "xml"], "invalid value 'xml'"),
    ] {
        let r = run(&args, &root());
        assert_eq!(r.status.code(), Some(2), "{args:?}");
        assert!(
            text(&r.stderr).contains(msg),
            "{args:?}: {}",
            text(&r.stderr)
        );
    }
}

#[test]
fn entries_lists_every_source_with_its_section() {
    let r = run(
        &["entries", "examples/reading-guide.md", "--format", "json"],
        &root(),
    );
    assert_eq!(r.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&r.stdout).unwrap();
    assert_eq!(v["version"], 1);
    let e = v["entries"].as_array().unwrap();
    assert_eq!(e.len(), 12);
    let lmdb = e.iter().find(|x| x["title"] == "LMDB").unwrap();
    assert_eq!(
        lmdb["section"],
        serde_json::json!(["1. Storage fundamentals", "B-trees"])
    );
    assert_eq!(lmdb["url"], "https://github.com/LMDB/lmdb");
    assert_eq!(lmdb["line"], 35);
    assert_eq!(lmdb["column"], 3);
    assert_eq!(lmdb["description"], "A copy-on-write B+tree in one file.");
    let r = run(&["entries", "examples/reading-guide.md"], &root());
    let out = text(&r.stdout);
    assert!(out.starts_with("LINE"), "{out}");
    // The table names the policy key that decided (the full reason is in json).
    assert!(out.contains("[sources.repo] urls"), "{out}");
    assert!(out.contains("12 entries, 12 sources"), "{out}");
}

/// Hostile inputs: each finishes in bounded time with exit 0, 1 or 2 and no panic.
#[test]
fn hostile_inputs_never_panic() {
    let d = scratch("hostile");
    let mut nested = String::new();
    for i in 0..3000 {
        nested.push_str(&"  ".repeat(i));
        nested.push_str(&format!("- [n{i}](https://e.example/{i})\n"));
    }
    let mut links = String::from("- ");
    for i in 0..20_000 {
        links.push_str(&format!("[l{i}](https://l.example/{i}) "));
    }
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("nested.md", nested.into_bytes()),
        (
            "quotes.md",
            format!("{} [q](https://q.example/)\n", ">".repeat(50_000)).into_bytes(),
        ),
        (
            "big.md",
            "- [x](https://big.example/) - an entry\n"
                .repeat(20 * 1024 * 1024 / 38)
                .into_bytes(),
        ),
        (
            "nul.md",
            b"# a\0b\n\n- [x\0](https://e.example/\0) - \0\n".to_vec(),
        ),
        (
            "longline.md",
            format!(
                "- [x](https://a.example/) {}\n",
                "word 2.3x ".repeat(200_000)
            )
            .into_bytes(),
        ),
        ("links.md", links.into_bytes()),
        (
            // claims and field words in one block: binding stays linear
            "claims.md",
            format!(
                "- [x](https://a.example/) {}\n",
                "2x faster than vLLM on 8x H100 in FP8 at batch 8, 45% lower latency vs SGLang; "
                    .repeat(10_000)
            )
            .into_bytes(),
        ),
        (
            "brackets.md",
            format!("{}{}\n", "[".repeat(50_000), "](".repeat(50_000)).into_bytes(),
        ),
    ];
    for (name, bytes) in cases {
        std::fs::write(d.join(name), bytes).unwrap();
        for format in ["json", "human"] {
            let t = Instant::now();
            let r = run(&["lint", name, "--format", format], &d);
            let took = t.elapsed();
            let err = text(&r.stderr);
            assert!(
                matches!(r.status.code(), Some(0..=2)),
                "{name}: {:?} {err}",
                r.status
            );
            assert!(
                !err.contains("panicked") && !err.contains("internal error"),
                "{name}: {err}"
            );
            // Generous for a debug build on a busy 2-core machine: a quadratic shape takes
            // minutes here (200,000 findings on one line take ~2 s in release).
            assert!(took < Duration::from_secs(90), "{name} took {took:?}");
            if name == "big.md" {
                assert_eq!(r.status.code(), Some(2));
                assert!(err.contains("over the limit of 10485760 bytes"), "{err}");
            }
        }
    }
}

/// Inputs without end or without a writer: a bounded read stops at the limit, a named pipe
/// is refused rather than waited on, and the policy file is capped too. Each in bounded time,
/// exit 2, one clear message.
#[cfg(unix)]
#[test]
fn endless_and_blocking_inputs_are_refused_quickly() {
    use std::io::Write;
    use std::process::Stdio;
    let d = scratch("endless");
    std::fs::write(d.join("list.md"), "# T\n").unwrap();
    let fifo = d.join("pipe.md");
    let made = Command::new("mkfifo").arg(&fifo).status();
    let cases: Vec<(Vec<&str>, &str)> = {
        let mut c = vec![
            (
                vec!["lint", "/dev/zero"],
                "/dev/zero is over the limit of 10485760 bytes",
            ),
            (
                vec!["lint", "--policy", "/dev/zero", "list.md"],
                "/dev/zero is over the limit of 1048576 bytes",
            ),
        ];
        if made.is_ok_and(|s| s.success()) {
            c.push((vec!["lint", "pipe.md"], "it is a named pipe or socket"));
        }
        c
    };
    for (args, msg) in cases {
        let t = Instant::now();
        let r = run(&args, &d);
        assert!(
            t.elapsed() < Duration::from_secs(20),
            "{args:?} took {:?}",
            t.elapsed()
        );
        assert_eq!(r.status.code(), Some(2), "{args:?}");
        let err = text(&r.stderr);
        assert!(err.contains(msg), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    // Standard input that never ends: read up to the limit, then refused.
    let mut child = bin()
        .args(["lint", "-"])
        .current_dir(&d)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let line = b"- [x](https://example.org/x) - an endless list\n".repeat(1000);
        // Stops when the reader has gone away.
        while stdin.write_all(&line).is_ok() {}
    });
    let t = Instant::now();
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(t.elapsed() < Duration::from_secs(20));
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("<stdin> is over the limit of 10485760 bytes"),
        "{}",
        text(&out.stderr)
    );
}

/// Outside a git repository only the current folder is searched for a policy: a parent's
/// file may belong to another project. Inside one, parents up to its root are searched (the
/// cmd case `parent-policy`). `--help` says both.
#[test]
fn discovery_outside_a_repository_searches_only_the_current_folder() {
    let base = std::env::temp_dir().join(format!("sourcepolicy-no-repo-{}", std::process::id()));
    if base.ancestors().any(|a| a.join(".git").exists()) {
        eprintln!("skipped: {} lies inside a git repository", base.display());
        return;
    }
    let _ = std::fs::remove_dir_all(&base);
    let sub = base.join("sub");
    std::fs::create_dir_all(&sub).unwrap();
    let list = "# T\n\n## A\n\n- [x](https://arxiv.org/abs/2205.14135)\n";
    std::fs::write(base.join("README.md"), list).unwrap();
    std::fs::write(sub.join("README.md"), list).unwrap();
    let policy = "[rules]\n\"entry/missing-description\" = \"off\"\n";
    std::fs::write(base.join("sourcepolicy.toml"), policy).unwrap();
    let lint = |dir: &Path| {
        let r = run(&["lint", "--format", "concise"], dir);
        (r.status.code(), text(&r.stdout))
    };
    // In the policy's own folder it is used.
    let (status, out) = lint(&base);
    assert_eq!(status, Some(0), "{out}");
    assert!(!out.contains("entry/missing-description"), "{out}");
    assert!(out.contains("with sourcepolicy.toml"), "{out}");
    // From a subfolder the parent's policy is not: the built-in one applies.
    let (status, out) = lint(&sub);
    assert_eq!(status, Some(0), "{out}");
    assert!(out.contains("warning[entry/missing-description]"), "{out}");
    assert!(out.contains("with the built-in policy"), "{out}");
    let help = text(&run(&["--help"], &sub).stdout);
    assert!(
        help.contains("or in\na git repository also in a parent up to its root (outside one, only the current folder)"),
        "{help}"
    );
    let _ = std::fs::remove_dir_all(&base);
}
