//! Finding and reading policy files, and writing the default one (`init`).

use super::{Layering, Policy, DEFAULT_POLICY};
use crate::error::Error;
use std::path::{Path, PathBuf};

/// A policy file larger than this is refused: policies are a few kilobytes.
pub const MAX_POLICY_BYTES: u64 = 1 << 20;

/// The names a policy file is found by, in order of preference within one folder.
pub const POLICY_NAMES: [&str; 3] = ["sourcepolicy.toml", ".sourcepolicy.toml", "policy.toml"];

/// The policy in effect, the file it came from, and where each value came from.
pub struct LoadedPolicy {
    pub policy: Policy,
    /// The user's file (None: the embedded default).
    pub path: Option<PathBuf>,
    /// The folder the policy's `[list] files` are relative to: the folder of the policy file
    /// discovery finds (the project's), else the current folder — never the folder of a file
    /// given with `--policy`, which chooses the rules, not the files.
    pub base: PathBuf,
    /// How it was layered: origins of values, and replaced default lists to warn about.
    pub layering: Layering,
}

impl LoadedPolicy {
    /// How the human summary names the policy: the file, or "built-in".
    pub fn name(&self) -> String {
        match &self.path {
            Some(p) => p.display().to_string(),
            None => "built-in".to_string(),
        }
    }

    /// One warning per default list the user's file replaced in a way that looks like a
    /// mistake: `policy.toml:3:1: [sources.docs] hosts = [...] replaces …`.
    pub fn warnings(&self) -> Vec<String> {
        let Some(path) = &self.path else {
            return Vec::new();
        };
        self.layering
            .replaced
            .iter()
            .map(|r| format!("{}:{}:{}: {}", path.display(), r.at.0, r.at.1, r.message()))
            .collect()
    }
}

/// Loads `explicit`, else the policy file discovery finds from `cwd`, else the embedded
/// default. `rule_names` are the names `[rules]` may use.
pub fn load(
    explicit: Option<&Path>,
    cwd: &Path,
    rule_names: &[&'static str],
) -> Result<LoadedPolicy, Error> {
    let found = discover(cwd);
    let base = found
        .as_deref()
        .and_then(Path::parent)
        .filter(|d| !d.as_os_str().is_empty())
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf);
    let path = match explicit {
        Some(p) => Some(p.to_path_buf()),
        None => found,
    };
    let Some(path) = path else {
        return Ok(LoadedPolicy {
            policy: Policy::default_policy(),
            path: None,
            base,
            layering: Layering::default(),
        });
    };
    let shown = path.display().to_string();
    let text =
        crate::input::read_text(&path, MAX_POLICY_BYTES, "the policy file size").map_err(|e| {
            Error::new(format!("cannot read policy: {}", e.message))
                .with_help("pass an existing file to --policy, or run `sourcepolicy init`")
        })?;
    let (policy, layering) = Policy::layer(&shown, &text, rule_names)?;
    Ok(LoadedPolicy {
        policy,
        path: Some(path),
        base,
        layering,
    })
}

/// Finds the policy file to use: `sourcepolicy.toml`, `.sourcepolicy.toml` or `policy.toml`
/// (in that order) in `start` or a parent, stopping at the repository root (the first folder
/// that holds `.git`). Outside a repository only `start` itself is searched: a parent folder
/// may belong to another project.
pub fn discover(start: &Path) -> Option<PathBuf> {
    let in_repo = crate::input::repo_root(start).is_some();
    for (up, dir) in start.ancestors().enumerate() {
        for name in POLICY_NAMES {
            if dir.join(name).is_file() {
                // Relative to where the user stands: `policy.toml`, `../../policy.toml`.
                let mut p: PathBuf = std::iter::repeat_n("..", up).collect();
                p.push(name);
                return Some(p);
            }
        }
        if !in_repo || dir.join(".git").exists() {
            break;
        }
    }
    None
}

/// `init`: writes the default policy to `path`, never over an existing file.
pub fn init(path: &Path) -> Result<(), Error> {
    let shown = path.display();
    crate::fix::write_new(path, DEFAULT_POLICY.as_bytes()).map_err(|e| {
        if e.kind() == std::io::ErrorKind::AlreadyExists {
            Error::new(format!("{shown} already exists; not overwriting it")).with_help(
                "`sourcepolicy policy` prints the policy in effect; edit the file you have",
            )
        } else {
            Error::new(format!("cannot write {shown}: {e}"))
        }
    })
}
