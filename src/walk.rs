//! Which files a run reads, from what the user named: files, folders (walked for Markdown,
//! `.gitignore` respected, with the `ignore` crate), globs (matched with `globset`), and `-`
//! for standard input. A name that finds nothing is reported and the rest still run; a file
//! named twice (or named and also found in a folder) is read once.

use crate::error::Error;
use std::collections::HashSet;
use std::path::{Path, PathBuf};

pub use crate::input::Input;

/// What the names resolved to: the inputs in order, what named nothing (each an error: the
/// run exits 2 after linting the rest), and folders without Markdown (warnings).
#[derive(Debug, Default)]
pub struct Inputs {
    pub inputs: Vec<Input>,
    pub errors: Vec<Error>,
    pub warnings: Vec<String>,
}

/// File extensions a folder walk lints.
const MARKDOWN: [&str; 2] = ["md", "markdown"];

fn is_glob(s: &str) -> bool {
    s.contains(['*', '?', '[', '{'])
}

fn is_markdown(p: &Path) -> bool {
    p.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| MARKDOWN.iter().any(|m| e.eq_ignore_ascii_case(m)))
}

/// Resolves what the user named, in order. `stdin_name` names standard input (`-`).
pub fn resolve(names: &[PathBuf], stdin_name: Option<&Path>) -> Inputs {
    let mut out = Inputs::default();
    let mut seen: HashSet<PathBuf> = HashSet::new();
    let mut push = |out: &mut Inputs, p: PathBuf| {
        let key = std::fs::canonicalize(&p).unwrap_or_else(|_| p.clone());
        if seen.insert(key) {
            out.inputs.push(Input::File(p));
        }
    };
    let mut stdin_taken = false;
    for name in names {
        let text = name.to_string_lossy();
        if text == "-" {
            if !stdin_taken {
                stdin_taken = true;
                out.inputs.push(Input::Stdin {
                    name: stdin_name.map(Path::to_path_buf),
                });
            }
            continue;
        }
        match std::fs::metadata(name) {
            Ok(m) if m.is_dir() => {
                let found = walk(name, None);
                if found.is_empty() {
                    out.warnings.push(format!(
                        "no Markdown files (*.md) in folder {} (files ignored by .gitignore are skipped)",
                        name.display()
                    ));
                }
                for p in found {
                    push(&mut out, p);
                }
            }
            Ok(_) => push(&mut out, name.clone()),
            Err(_) if is_glob(&text) => match glob(&text) {
                Ok(found) if found.is_empty() => out.errors.push(
                    Error::new(format!("no file matches `{text}`"))
                        .with_help("check the pattern; `*` stays within a folder, `**/` crosses folders"),
                ),
                Ok(found) => {
                    for p in found {
                        push(&mut out, p);
                    }
                }
                Err(e) => out.errors.push(e),
            },
            Err(e) => out.errors.push(
                Error::new(format!(
                    "cannot read {}: {}",
                    name.display(),
                    crate::input::io_reason(&e)
                ))
                .with_help(
                    "check the path; with no FILES, lint reads [list] files from the policy, else README.md",
                ),
            ),
        }
    }
    out
}

/// The files under `dir` (sorted, `.gitignore` and hidden files respected) that are Markdown,
/// or that `matcher` accepts (paths as the walk spells them, `./` dropped).
fn walk(dir: &Path, matcher: Option<&globset::GlobMatcher>) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let walker = ignore::WalkBuilder::new(dir)
        .sort_by_file_name(|a, b| a.cmp(b))
        .build();
    for entry in walker.flatten() {
        if !entry.file_type().is_some_and(|t| t.is_file()) {
            continue;
        }
        let path = entry.into_path();
        let path = match path.strip_prefix("./") {
            Ok(p) if dir == Path::new(".") => p.to_path_buf(),
            _ => path,
        };
        let keep = match matcher {
            Some(m) => m.is_match(&path),
            None => is_markdown(&path),
        };
        if keep {
            out.push(path);
        }
    }
    out
}

/// The files a glob matches: the folders before its first wildcard are walked, and each file
/// is matched against the whole pattern (`*` within a folder, `**` across folders).
fn glob(pattern: &str) -> Result<Vec<PathBuf>, Error> {
    let matcher = globset::GlobBuilder::new(pattern)
        .literal_separator(true)
        .build()
        .map_err(|e| {
            Error::new(format!("invalid glob `{pattern}`: {}", e.kind()))
                .with_help("`*` matches within a folder, `**/` across folders, `{a,b}` either")
        })?
        .compile_matcher();
    let literal: Vec<&str> = pattern.split('/').take_while(|c| !is_glob(c)).collect();
    // The last literal component may be a file name: walk its folder.
    let depth = literal
        .len()
        .min(pattern.split('/').count().saturating_sub(1));
    let base = literal[..depth].join("/");
    let base = if pattern.starts_with('/') && base.is_empty() {
        "/".to_string()
    } else if base.is_empty() {
        ".".to_string()
    } else {
        base
    };
    let base = PathBuf::from(base);
    if !base.is_dir() {
        return Ok(Vec::new());
    }
    Ok(walk(&base, Some(&matcher)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs_and_folders_find_files_once() {
        let dir = std::env::temp_dir().join(format!("sp-walk-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("docs/deep")).unwrap();
        std::fs::create_dir_all(dir.join(".git")).unwrap();
        for f in [
            "a.md",
            "docs/b.md",
            "docs/deep/c.md",
            "docs/notes.txt",
            "docs/skip.md",
        ] {
            std::fs::write(dir.join(f), "# x\n").unwrap();
        }
        std::fs::write(dir.join(".gitignore"), "skip.md\n").unwrap();
        let p = |s: &str| dir.join(s);
        let names = [
            p("docs"),
            p("docs/b.md"),
            PathBuf::from(format!("{}/**/*.md", dir.display())),
            p("missing.md"),
            PathBuf::from(format!("{}/none/*.md", dir.display())),
        ];
        let got = resolve(&names, None);
        let files: Vec<String> = got
            .inputs
            .iter()
            .map(|i| match i {
                Input::File(f) => f.strip_prefix(&dir).unwrap().display().to_string(),
                Input::Stdin { .. } => "-".into(),
            })
            .collect();
        assert_eq!(files, ["docs/b.md", "docs/deep/c.md", "a.md"]);
        let errors: Vec<&str> = got.errors.iter().map(|e| e.message.as_str()).collect();
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert!(
            errors[0].ends_with("missing.md: no such file"),
            "{errors:?}"
        );
        assert!(errors[1].starts_with("no file matches"), "{errors:?}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
