//! The GitHub Action, run here: the `run:` steps of action.yml, in order, in bash, with the
//! `GITHUB_*` files pointing at temporary files, on a shallow clone of a throwaway repository
//! that holds a list and a pull-request-like change. Steps that use other actions (cache,
//! SARIF upload) and the build (the binary cargo built for these tests stands in) are not
//! run. Also: no step ever puts an expression into shell code, and every input is documented.

#[path = "common/git.rs"]
mod git;
#[path = "common/schema.rs"]
mod schema;

use git::git;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use yaml_rust2::{Yaml, YamlLoader};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn action() -> Yaml {
    let text = std::fs::read_to_string(root().join("action.yml")).unwrap();
    YamlLoader::load_from_str(&text).unwrap().remove(0)
}

fn steps(action: &Yaml) -> Vec<Yaml> {
    action["runs"]["steps"].as_vec().unwrap().clone()
}

#[test]
fn no_expression_is_ever_shell_code_and_every_input_is_documented() {
    let a = action();
    assert_eq!(a["runs"]["using"].as_str(), Some("composite"));
    for step in steps(&a) {
        if let Some(script) = step["run"].as_str() {
            assert!(
                !script.contains("${{"),
                "step {:?} puts an expression into its script; pass it through env",
                step["id"]
            );
            assert_eq!(step["shell"].as_str(), Some("bash"), "{:?}", step["id"]);
            // The token reaches sourcepolicy only in an online run (the script passes it on).
            assert!(
                step["env"]["GITHUB_TOKEN"].is_badvalue(),
                "step {:?} exports GITHUB_TOKEN to every run",
                step["id"]
            );
            if script.contains("sourcepolicy \"${args[@]}\"") {
                assert!(script.contains("unset INPUT_TOKEN GITHUB_TOKEN"));
                assert!(script.contains("GITHUB_TOKEN=\"$token\" sourcepolicy"));
            }
        }
    }
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    for (name, input) in a["inputs"].as_hash().unwrap() {
        let name = name.as_str().unwrap();
        assert!(
            input["description"].as_str().is_some_and(|d| !d.is_empty()),
            "{name} has no description"
        );
        assert!(
            readme.contains(&format!("`{name}`")),
            "README.md does not document input `{name}`"
        );
    }
}

/// What `${{ … }}` evaluates to in this test's run.
struct Context {
    inputs: BTreeMap<String, String>,
    github: BTreeMap<&'static str, String>,
    outputs: BTreeMap<String, BTreeMap<String, String>>,
}

impl Context {
    fn eval(&self, value: &str) -> String {
        let mut out = String::new();
        let mut rest = value;
        while let Some(start) = rest.find("${{") {
            out.push_str(&rest[..start]);
            let end = rest[start..].find("}}").expect("closed expression") + start;
            let expr = rest[start + 3..end].trim();
            let v = if let Some(name) = expr.strip_prefix("inputs.") {
                self.inputs.get(name).cloned()
            } else if let Some(path) = expr.strip_prefix("steps.") {
                let (id, output) = path.split_once(".outputs.").expect("steps.ID.outputs.NAME");
                Some(
                    self.outputs
                        .get(id)
                        .and_then(|o| o.get(output))
                        .cloned()
                        .unwrap_or_default(),
                )
            } else {
                self.github.get(expr).cloned()
            };
            out.push_str(&v.unwrap_or_else(|| panic!("this test does not know `{expr}`")));
            rest = &rest[end + 2..];
        }
        out.push_str(rest);
        out
    }
}

/// A run of the action's `run:` steps: each step's output, stdout and exit status.
struct Run {
    outputs: BTreeMap<String, BTreeMap<String, String>>,
    stdout: BTreeMap<String, String>,
    status: BTreeMap<String, i32>,
    summary: String,
    path_file: String,
}

/// Runs the steps of action.yml in `work` as GitHub would for `event`.
fn run_action(work: &Path, tmp: &Path, inputs: &[(&str, &str)], event: &str, base: &str) -> Run {
    let a = action();
    let mut cx = Context {
        inputs: a["inputs"]
            .as_hash()
            .unwrap()
            .iter()
            .map(|(k, v)| {
                let default = v["default"].as_str().unwrap_or("");
                (k.as_str().unwrap().to_string(), default.to_string())
            })
            .collect(),
        github: BTreeMap::from([
            ("github.action_path", root().display().to_string()),
            ("github.event_name", event.to_string()),
            ("github.event.pull_request.base.sha", base.to_string()),
            ("github.token", String::new()),
        ]),
        outputs: BTreeMap::new(),
    };
    // Defaults may be expressions themselves (the token).
    let defaults: Vec<(String, String)> = cx
        .inputs
        .iter()
        .map(|(k, v)| (k.clone(), cx.eval(v)))
        .collect();
    cx.inputs = defaults.into_iter().collect();
    for (k, v) in inputs {
        assert!(cx.inputs.contains_key(*k), "action.yml has no input {k}");
        cx.inputs.insert(k.to_string(), v.to_string());
    }
    let summary = tmp.join("step-summary.md");
    let path_file = tmp.join("path");
    std::fs::write(&summary, "").unwrap();
    std::fs::write(&path_file, "").unwrap();
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_sourcepolicy"))
        .parent()
        .unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut run = Run {
        outputs: BTreeMap::new(),
        stdout: BTreeMap::new(),
        status: BTreeMap::new(),
        summary: String::new(),
        path_file: String::new(),
    };
    let mut ran = Vec::new();
    for step in steps(&a) {
        let id = step["id"]
            .as_str()
            .expect("every step has an id")
            .to_string();
        let Some(script) = step["run"].as_str() else {
            continue; // `uses:` steps: other actions
        };
        if id == "install" {
            continue; // cargo built the binary already
        }
        ran.push(id.clone());
        let output = tmp.join(format!("output-{id}"));
        std::fs::write(&output, "").unwrap();
        let script_file = tmp.join(format!("step-{id}.sh"));
        std::fs::write(&script_file, script).unwrap();
        let mut cmd = Command::new("bash");
        cmd.args(["--noprofile", "--norc", "-eo", "pipefail"])
            .arg(&script_file)
            .current_dir(work)
            .env_clear()
            .env("PATH", &path)
            .env("HOME", tmp)
            .env("GIT_CONFIG_GLOBAL", "/dev/null")
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .env("GITHUB_OUTPUT", &output)
            .env("GITHUB_STEP_SUMMARY", &summary)
            .env("GITHUB_PATH", &path_file)
            .env("GITHUB_ENV", tmp.join("env"))
            .env("GITHUB_ACTION_PATH", root())
            .env("GITHUB_WORKSPACE", work)
            .env("RUNNER_TEMP", tmp)
            .env("RUNNER_TOOL_CACHE", tmp.join("tool-cache"))
            .env("RUNNER_OS", "Linux")
            .env("RUNNER_ARCH", "X64");
        if let Some(env) = step["env"].as_hash() {
            for (k, v) in env {
                cmd.env(k.as_str().unwrap(), cx.eval(v.as_str().unwrap_or("")));
            }
        }
        let out = cmd.output().unwrap();
        let outputs: BTreeMap<String, String> = std::fs::read_to_string(&output)
            .unwrap()
            .lines()
            .filter_map(|l| l.split_once('='))
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        run.status
            .insert(id.clone(), out.status.code().unwrap_or(-1));
        run.stdout.insert(
            id.clone(),
            String::from_utf8_lossy(&out.stdout).into_owned()
                + &String::from_utf8_lossy(&out.stderr),
        );
        cx.outputs.insert(id.clone(), outputs.clone());
        run.outputs.insert(id, outputs);
    }
    assert_eq!(ran, ["version", "path", "lint", "result"]);
    run.summary = std::fs::read_to_string(&summary).unwrap();
    run.path_file = std::fs::read_to_string(&path_file).unwrap();
    run
}

const BASE: &str = "# Reading list

## Caches

- [ARC](https://www.usenix.org/conference/fast-03/arc) - Adaptive replacement, 2x fewer misses.
- [LIRS](https://dl.acm.org/doi/10.1145/511334.511340) - Inter-reference recency.

## Queues

- [Ring buffers](https://github.com/owner/rings) - A lock-free ring.
";

/// An origin with `main` and a pull request branch, and a shallow clone of the pull request
/// as `actions/checkout` makes it: the base commit is not in it. Returns (work, base sha).
fn repository(name: &str) -> (PathBuf, PathBuf, String) {
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("action-{name}"));
    let _ = std::fs::remove_dir_all(&tmp);
    let origin = tmp.join("origin");
    std::fs::create_dir_all(&origin).unwrap();
    git(&origin, &["init", "-q", "-b", "main"]);
    git(
        &origin,
        &["config", "uploadpack.allowReachableSHA1InWant", "true"],
    );
    std::fs::write(origin.join("README.md"), BASE).unwrap();
    git(&origin, &["add", "-A"]);
    git(&origin, &["commit", "-q", "-m", "list"]);
    let base = git(&origin, &["rev-parse", "HEAD"]);
    git(&origin, &["checkout", "-q", "-b", "pr"]);
    // The change: a new claim on line 6 and a new http:// link on line 10.
    let changed = BASE
        .replace(
            "Inter-reference recency.",
            "Inter-reference recency, 3x faster lookups.",
        )
        .replace(
            "- [Ring buffers]",
            "- [Queue paper](http://arxiv.org/abs/1012.1824) - Bounded queues.\n- [Ring buffers]",
        );
    std::fs::write(origin.join("README.md"), changed).unwrap();
    git(&origin, &["commit", "-q", "-am", "change"]);
    let work = tmp.join("work");
    let url = format!("file://{}", origin.display());
    git(
        &tmp,
        &[
            "clone",
            "-q",
            "--depth=1",
            "--branch",
            "pr",
            &url,
            work.to_str().unwrap(),
        ],
    );
    let runner = tmp.join("runner");
    std::fs::create_dir_all(&runner).unwrap();
    (work, runner, base)
}

/// The (level, line) of each annotation a step printed.
fn annotations(stdout: &str) -> Vec<(String, u64)> {
    stdout
        .lines()
        .filter_map(|l| {
            let rest = l.strip_prefix("::")?;
            let (level, rest) = rest.split_once(' ')?;
            let line = rest.split(',').find_map(|p| p.strip_prefix("line="))?;
            Some((level.to_string(), line.parse().ok()?))
        })
        .collect()
}

#[test]
fn on_a_pull_request_it_annotates_the_changed_lines_and_writes_summary_and_sarif() {
    let (work, tmp, base) = repository("pr");
    // The base commit is not in the shallow clone: the action must fetch it.
    assert!(Command::new("git")
        .args(["cat-file", "-e", &format!("{base}^{{commit}}")])
        .current_dir(&work)
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| !s.success()));
    let run = run_action(&work, &tmp, &[("sarif", "true")], "pull_request", &base);
    let lint = &run.stdout["lint"];
    assert_eq!(run.status["lint"], 0, "{lint}");
    assert_eq!(run.outputs["lint"]["exit-code"], "1", "{lint}");
    // Only the changed lines: the claim on line 5 was there before.
    assert_eq!(
        annotations(lint),
        [("error".to_string(), 6), ("warning".to_string(), 10)],
        "{lint}"
    );
    assert!(
        lint.contains("::error file=README.md,line=6,col="),
        "{lint}"
    );
    // The job summary.
    assert!(
        run.summary.starts_with("## sourcepolicy\n"),
        "{}",
        run.summary
    );
    assert!(
        run.summary.contains("**1 error** and **1 warning**"),
        "{}",
        run.summary
    );
    assert!(
        run.summary
            .contains(&format!("Only findings on lines changed since `{base}`")),
        "{}",
        run.summary
    );
    assert!(
        run.summary.contains("### Sources per kind"),
        "{}",
        run.summary
    );
    // The SARIF file: schema-valid, the same two results.
    assert_eq!(run.outputs["lint"]["sarif-file"], "sourcepolicy.sarif");
    let sarif: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(work.join("sourcepolicy.sarif")).unwrap())
            .unwrap();
    schema::validate_sarif(&sarif).unwrap();
    let lines: Vec<u64> = sarif["runs"][0]["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            r["locations"][0]["physicalLocation"]["region"]["startLine"]
                .as_u64()
                .unwrap()
        })
        .collect();
    assert_eq!(lines, [6, 10]);
    // The build is cached by version and source hash, and put on PATH.
    let key = &run.outputs["version"]["key"];
    assert!(
        key.starts_with(&format!("sourcepolicy-{}-", env!("CARGO_PKG_VERSION"))),
        "{key}"
    );
    assert_eq!(
        run.path_file.trim(),
        format!("{}/bin", run.outputs["version"]["dir"])
    );
    // The last step fails the job with the run's status.
    assert_eq!(run.status["result"], 1);
}

#[test]
fn on_a_push_it_reports_everything_and_inputs_are_never_run_as_code() {
    let (work, tmp, base) = repository("push");
    let run = run_action(&work, &tmp, &[], "push", &base);
    let lint = &run.stdout["lint"];
    assert_eq!(
        annotations(lint),
        [
            ("error".to_string(), 5),
            ("error".to_string(), 6),
            ("warning".to_string(), 10)
        ],
        "{lint}"
    );
    assert!(!run.summary.contains("Only findings on lines changed"));
    assert!(
        !work.join("sourcepolicy.sarif").exists(),
        "no SARIF unless asked"
    );
    // Hostile inputs are arguments, never shell code.
    let marker = tmp.join("pwned");
    let run = run_action(
        &work,
        &tmp,
        &[
            (
                "files",
                &format!("README.md $(touch {0}) `touch {0}`", marker.display()),
            ),
            ("args", &format!("--exit-zero ; touch {}", marker.display())),
            ("policy", &format!("\"; touch {} #", marker.display())),
        ],
        "push",
        &base,
    );
    assert!(!marker.exists(), "an input ran as shell code");
    assert_eq!(
        run.outputs["lint"]["exit-code"], "2",
        "{}",
        run.stdout["lint"]
    );
    assert!(run.stdout["lint"].contains("::error title=sourcepolicy::the run itself failed"));
    assert_eq!(run.status["result"], 2);
}

#[test]
fn deny_warnings_through_args_and_base_ref_by_name() {
    let (work, tmp, _) = repository("args");
    // Outside a pull request, with an explicit base given by branch name (fetched).
    let run = run_action(
        &work,
        &tmp,
        &[
            ("changed-only", "true"),
            ("base-ref", "main"),
            ("args", "--select link --deny-warnings"),
        ],
        "workflow_dispatch",
        "",
    );
    let lint = &run.stdout["lint"];
    assert_eq!(annotations(lint), [("warning".to_string(), 10)], "{lint}");
    assert_eq!(
        run.outputs["lint"]["exit-code"], "1",
        "warnings fail with --deny-warnings"
    );
}
