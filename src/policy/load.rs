//! Finding and reading policy files, and writing the default one (`init`).

use super::{Policy, DEFAULT_POLICY};
use crate::error::Error;
use std::path::{Path, PathBuf};

/// A policy file larger than this is refused: policies are a few kilobytes.
pub const MAX_POLICY_BYTES: u64 = 1 << 20;

/// The policy in effect and the file it came from (None: the embedded default).
pub struct LoadedPolicy {
    pub policy: Policy,
    pub path: Option<PathBuf>,
}

/// Loads `explicit`, else the nearest `policy.toml` from `cwd` up to the repository root,
/// else the embedded default. `rule_names` are the names `[rules]` may use.
pub fn load(
    explicit: Option<&Path>,
    cwd: &Path,
    rule_names: &[&'static str],
) -> Result<LoadedPolicy, Error> {
    let path = match explicit {
        Some(p) => Some(p.to_path_buf()),
        None => discover(cwd),
    };
    let Some(path) = path else {
        return Ok(LoadedPolicy {
            policy: Policy::default_policy(),
            path: None,
        });
    };
    let shown = path.display().to_string();
    let text =
        crate::input::read_text(&path, MAX_POLICY_BYTES, "the policy file size").map_err(|e| {
            Error::new(format!("cannot read policy: {}", e.message))
                .with_help("pass an existing file to --policy, or run `sourcepolicy init`")
        })?;
    let policy = Policy::layered(&shown, &text, rule_names)?;
    Ok(LoadedPolicy {
        policy,
        path: Some(path),
    })
}

/// Finds the policy file to use: `policy.toml` in `start` or a parent, stopping at the first
/// folder that holds `.git` (the repository root).
pub fn discover(start: &Path) -> Option<PathBuf> {
    for dir in start.ancestors() {
        let candidate = dir.join("policy.toml");
        if candidate.is_file() {
            // Shown relative to where the user stands when it is below it.
            return Some(
                candidate
                    .strip_prefix(start)
                    .map(Path::to_path_buf)
                    .unwrap_or(candidate),
            );
        }
        if dir.join(".git").exists() {
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
