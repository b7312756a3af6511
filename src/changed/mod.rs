//! `--changed-since GIT_REF`: the lines of each file added or changed since a git reference,
//! read from git's own diff (`git diff --unified=0 REF`, renames followed), so that a run in
//! CI reports only what a pull request touched. Files new since the reference, and files git
//! does not track, count as changed throughout. Reading the diff is I/O of the facts kind: it
//! happens once, before any file is linted; filtering is a pure function of the findings.

use crate::document::Document;
use crate::error::Error;
use crate::finding::Finding;
use crate::lines::LineIndex;
use std::collections::HashMap;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::process::Command;

mod diff;
mod lineset;

pub use diff::parse_diff;
pub use lineset::LineSet;

/// What changed in one file since the reference.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileChanges {
    /// New since the reference, or not tracked: every line counts as changed.
    Whole,
    Lines(LineSet),
}

/// The changes of every file of a run, from the diff of each repository the files lie in.
#[derive(Debug, Clone, Default)]
pub struct Changes {
    /// The reference as the user gave it.
    pub reference: String,
    /// By absolute, canonical path; a file of a repository that is not here did not change.
    files: HashMap<PathBuf, FileChanges>,
}

static UNCHANGED: FileChanges = FileChanges::Lines(LineSet {
    added: Vec::new(),
    deleted_after: Vec::new(),
});

impl Changes {
    /// Reads, with git, what changed in `files` since `reference`.
    pub fn since(reference: &str, files: &[PathBuf]) -> Result<Changes, Error> {
        if reference.starts_with('-') || reference.trim().is_empty() {
            return Err(Error::new(format!(
                "--changed-since: `{reference}` is not a git reference"
            ))
            .with_help("name a branch, tag or commit, e.g. --changed-since origin/main"));
        }
        let mut changes = Changes {
            reference: reference.to_string(),
            files: HashMap::new(),
        };
        // Files grouped by the repository they lie in, with the commit the reference names
        // there (one git call per folder).
        let mut by_repo: Vec<(PathBuf, String, Vec<PathBuf>)> = Vec::new();
        let mut repo_of_dir: HashMap<PathBuf, (PathBuf, String)> = HashMap::new();
        for f in files {
            let abs = std::fs::canonicalize(f).map_err(|e| {
                Error::new(format!(
                    "cannot read {}: {}",
                    f.display(),
                    crate::input::io_reason(&e)
                ))
            })?;
            let dir = abs.parent().unwrap_or(Path::new("/")).to_path_buf();
            let (top, commit) = match repo_of_dir.get(&dir) {
                Some(r) => r.clone(),
                None => {
                    let r = locate(&dir, f, reference)?;
                    repo_of_dir.insert(dir, r.clone());
                    r
                }
            };
            match by_repo.iter_mut().find(|(t, ..)| *t == top) {
                Some((.., v)) => v.push(abs),
                None => by_repo.push((top, commit, vec![abs])),
            }
        }
        for (top, commit, repo_files) in by_repo {
            let diff = git(
                &top,
                &[
                    "diff",
                    "--no-color",
                    "--no-ext-diff",
                    "--no-textconv",
                    "--ignore-submodules",
                    "--unified=0",
                    "--find-renames",
                    "--src-prefix=a/",
                    "--dst-prefix=b/",
                    &commit,
                    "--",
                ],
            )
            .map_err(|e| Error::new(format!("--changed-since: git diff failed: {e}")))?;
            for (rel, lines) in parse_diff(&diff) {
                changes
                    .files
                    .insert(top.join(rel), FileChanges::Lines(lines));
            }
            // Files git does not track (nor ignore rules hide from it): wholly new.
            let mut args: Vec<String> = ["ls-files", "--others", "-z", "--"]
                .map(String::from)
                .to_vec();
            args.extend(repo_files.iter().filter_map(|f| {
                f.strip_prefix(&top)
                    .ok()
                    .map(|r| format!(":(literal){}", r.to_string_lossy()))
            }));
            let arg_refs: Vec<&str> = args.iter().map(String::as_str).collect();
            let untracked = git(&top, &arg_refs)
                .map_err(|e| Error::new(format!("--changed-since: git ls-files failed: {e}")))?;
            for rel in untracked.split('\0').filter(|s| !s.is_empty()) {
                changes.files.insert(top.join(rel), FileChanges::Whole);
            }
            // A file added since the reference is changed throughout (its diff says so too,
            // line by line; an empty new file has no lines to say it with).
        }
        Ok(changes)
    }

    /// A set of changes made by hand (tests, and callers that know the lines).
    pub fn from_files(reference: &str, files: Vec<(PathBuf, FileChanges)>) -> Changes {
        Changes {
            reference: reference.to_string(),
            files: files.into_iter().collect(),
        }
    }

    /// What changed in the file at `path`; None when a file has no path (standard input),
    /// which is then reported whole.
    pub fn of(&self, path: Option<&Path>) -> Option<&FileChanges> {
        let path = path?;
        let abs = std::fs::canonicalize(path).ok()?;
        Some(self.files.get(&abs).unwrap_or(&UNCHANGED))
    }
}

/// The repository a folder lies in (its root, as git sees it) and the commit `reference`
/// names there, from one `git rev-parse`; `file` names the file in errors.
fn locate(dir: &Path, file: &Path, reference: &str) -> Result<(PathBuf, String), Error> {
    let spec = format!("{reference}^{{commit}}");
    let (ok, out) = git_status(
        dir,
        &["rev-parse", "--show-toplevel", "--verify", "--quiet", &spec],
    )
    .map_err(|e| Error::new(format!("--changed-since: {e}")))?;
    let mut lines = out.lines();
    let top = lines
        .next()
        .filter(|t| !t.is_empty())
        .and_then(|t| std::fs::canonicalize(t).ok())
        .ok_or_else(|| {
            Error::new(format!(
                "--changed-since: {} is not in a git repository",
                file.display()
            ))
            .with_help("--changed-since compares with git history; lint the file without it")
        })?;
    match lines.next().map(str::trim).filter(|c| ok && !c.is_empty()) {
        Some(commit) => Ok((top, commit.to_string())),
        None => Err(Error::new(format!(
            "--changed-since: `{reference}` is not a commit of the repository at {}",
            top.display()
        ))
        .with_help(
            "name a branch, tag or commit; a shallow CI clone may need it fetched first: `git fetch --depth=1 origin main`",
        )),
    }
}

/// Runs git in `dir` (Err: it could not run at all).
fn run_git(dir: &Path, args: &[&str]) -> Result<std::process::Output, String> {
    Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(args)
        .env("GIT_TERMINAL_PROMPT", "0")
        .stdin(std::process::Stdio::null())
        .output()
        .map_err(|e| {
            if e.kind() == std::io::ErrorKind::NotFound {
                "git is not installed (or not on PATH)".to_string()
            } else {
                e.to_string()
            }
        })
}

/// Runs git in `dir`: whether it succeeded, and its stdout.
fn git_status(dir: &Path, args: &[&str]) -> Result<(bool, String), String> {
    let out = run_git(dir, args)?;
    Ok((
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    ))
}

/// Runs git in `dir`: its stdout, or what it said on failure.
fn git(dir: &Path, args: &[&str]) -> Result<String, String> {
    let out = run_git(dir, args)?;
    if !out.status.success() {
        return Err(String::from_utf8_lossy(&out.stderr).trim().to_string());
    }
    String::from_utf8(out.stdout).map_err(|_| "git printed a path that is not UTF-8".to_string())
}

/// The line span `[first, last + 1)` of each heading's section: from the heading to the line
/// before the next heading of the same or a higher level (or the end of the file).
fn section_lines(doc: &Document, lines: &LineIndex) -> Vec<Range<usize>> {
    let n = doc.headings.len();
    let mut out = vec![0..0; n];
    let mut open: Vec<usize> = Vec::new(); // headings whose section is still open
    let line_of = |h: usize| lines.line_of(doc.headings[h].span.start);
    for h in 0..n {
        while let Some(&o) = open.last() {
            if doc.headings[o].level >= doc.headings[h].level {
                out[o] = line_of(o)..line_of(h);
                open.pop();
            } else {
                break;
            }
        }
        open.push(h);
    }
    let end = lines.line_count() + 1;
    for o in open {
        out[o] = line_of(o)..end;
    }
    out
}

/// Keeps the findings on changed lines; a finding on a heading (a whole-section finding such
/// as an empty or overlong section) is kept when its section was touched. Returns the kept
/// findings and how many were left out.
pub fn filter(
    findings: Vec<Finding>,
    changes: &LineSet,
    doc: &Document,
    lines: &LineIndex,
) -> (Vec<Finding>, usize) {
    let before = findings.len();
    let mut sections: Option<Vec<Range<usize>>> = None;
    let kept: Vec<Finding> = findings
        .into_iter()
        .filter(|f| {
            let first = lines.line_of(f.span.start);
            let last = lines.line_of(f.span.end.saturating_sub(1).max(f.span.start));
            if changes.any_added(first..last + 1) {
                return true;
            }
            let i = doc.headings.partition_point(|h| h.span.end <= f.span.start);
            let on_heading = doc
                .headings
                .get(i)
                .is_some_and(|h| h.span.start <= f.span.start && f.span.end <= h.span.end);
            if !on_heading {
                return false;
            }
            let sections = sections.get_or_insert_with(|| section_lines(doc, lines));
            changes.touched(sections[i].clone())
        })
        .collect();
    let hidden = before - kept.len();
    (kept, hidden)
}

/// The links whose line changed (or, for a reference link, whose definition's line did),
/// by index into `doc.links`: under `--changed-since`, the only links `--online` requests.
/// All links when nothing limits the run (`changed` is None).
pub fn links_in_scope(doc: &Document, lines: &LineIndex, changed: Option<&LineSet>) -> Vec<usize> {
    let on_changed_line = |span: &Range<usize>, set: &LineSet| {
        let first = lines.line_of(span.start);
        let last = lines.line_of(span.end.saturating_sub(1).max(span.start));
        set.any_added(first..last + 1)
    };
    (0..doc.links.len())
        .filter(|&i| {
            let Some(set) = changed else {
                return true;
            };
            let link = &doc.links[i];
            on_changed_line(&link.span, set)
                || link.dest.as_ref().is_some_and(|d| on_changed_line(d, set))
        })
        .collect()
}

#[cfg(test)]
#[allow(clippy::single_range_in_vec_init)]
mod tests {
    use super::*;

    #[test]
    fn online_checks_only_links_on_changed_lines() {
        let text = "# L\n\n- [a](https://a.example/) x\n- [b][r] y\n- [c](https://c.example/) z\n\n[r]: https://r.example/\n";
        let file = crate::input::SourceFile::from_text("l.md", text);
        let parsed = crate::parse::parse(file, &crate::policy::Policy::default_policy());
        let (doc, lines) = (&parsed.doc, &parsed.file.lines);
        assert_eq!(links_in_scope(doc, lines, None), [0, 1, 2]);
        // Line 3 changed, and the definition on line 7: links a and b.
        let set = LineSet::new(vec![3..4, 7..8], vec![]);
        assert_eq!(links_in_scope(doc, lines, Some(&set)), [0, 1]);
        // Line 5 changed (a deletion after line 2 touches no link).
        let set = LineSet::new(vec![5..6], vec![2]);
        assert_eq!(links_in_scope(doc, lines, Some(&set)), [2]);
    }
}
