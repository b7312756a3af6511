//! `--changed-since GIT_REF`: the lines of each file added or changed since a git reference,
//! read from git's own diff (`git diff --unified=0 REF`, renames followed), so that a run in
//! CI reports only what a pull request touched. Files new since the reference, and files git
//! does not track, count as changed throughout. Reading the diff is I/O of the facts kind: it
//! happens once, before any file is linted; filtering is a pure function of the findings.

use crate::document::Document;
use crate::error::Error;
use crate::finding::Finding;
use crate::fix::Edit;
use crate::lines::LineIndex;
use std::collections::HashMap;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Lines of one file, 1-based.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LineSet {
    /// Added or changed lines, as sorted, disjoint half-open ranges.
    added: Vec<Range<usize>>,
    /// Lines after which lines were deleted (0: at the top), sorted.
    deleted_after: Vec<usize>,
}

impl LineSet {
    /// From added line ranges (any order, may overlap) and deletion points.
    pub fn new(mut added: Vec<Range<usize>>, mut deleted_after: Vec<usize>) -> LineSet {
        added.retain(|r| r.start < r.end);
        added.sort_by_key(|r| r.start);
        let mut merged: Vec<Range<usize>> = Vec::with_capacity(added.len());
        for r in added {
            match merged.last_mut() {
                Some(last) if r.start <= last.end => last.end = last.end.max(r.end),
                _ => merged.push(r),
            }
        }
        deleted_after.sort_unstable();
        deleted_after.dedup();
        LineSet {
            added: merged,
            deleted_after,
        }
    }

    /// Whether any line of `lines` (1-based, half-open) was added or changed.
    pub fn any_added(&self, lines: Range<usize>) -> bool {
        let i = self.added.partition_point(|r| r.end <= lines.start);
        self.added.get(i).is_some_and(|r| r.start < lines.end)
    }

    /// Whether the lines `lines` were touched: a line added or changed, or lines deleted
    /// between two of them or right after the last.
    pub fn touched(&self, lines: Range<usize>) -> bool {
        if self.any_added(lines.clone()) {
            return true;
        }
        let i = self.deleted_after.partition_point(|&p| p < lines.start);
        self.deleted_after
            .get(i)
            .is_some_and(|&p| p < lines.end.max(lines.start + 1))
    }

    pub fn is_empty(&self) -> bool {
        self.added.is_empty() && self.deleted_after.is_empty()
    }

    /// The same lines after `edits` (applied to `old`, giving a text indexed by `new`): a line
    /// keeps its place relative to the text around it; a changed line inside an edit becomes
    /// the lines the edit wrote.
    pub fn remap(
        &self,
        old: &str,
        old_lines: &LineIndex,
        edits: &[Edit],
        new: &LineIndex,
    ) -> LineSet {
        let mut edits: Vec<&Edit> = edits.iter().collect();
        edits.sort_by_key(|e| e.range.start);
        // Where offset `x` of the old text lands in the new one; inside an edit, at its start
        // (`end == false`) or its end.
        let map = |x: usize, end: bool| -> usize {
            let mut shift: isize = 0;
            for e in &edits {
                // Wholly before `x`; an insertion at `x` precedes a start, follows an end.
                let before = e.range.end < x || (e.range.end == x && (!end || !e.range.is_empty()));
                if before {
                    shift += e.replacement.len() as isize - e.range.len() as isize;
                    continue;
                }
                if e.range.start < x {
                    let start = (e.range.start as isize + shift) as usize;
                    return if end {
                        start + e.replacement.len()
                    } else {
                        start
                    };
                }
                break;
            }
            (x as isize + shift) as usize
        };
        let line_start = |idx: &LineIndex, line: usize| -> usize {
            if line <= idx.line_count() {
                idx.line_start(line)
            } else {
                old.len()
            }
        };
        let added = self
            .added
            .iter()
            .map(|r| {
                let start = map(line_start(old_lines, r.start), false);
                let end = map(line_start(old_lines, r.end), true);
                let first = new.line_of(start);
                let last = new.line_of(end.saturating_sub(1).max(start));
                first..last + 1
            })
            .collect();
        let deleted = self
            .deleted_after
            .iter()
            .map(|&p| {
                let at = map(line_start(old_lines, p + 1), false);
                new.line_of(at).saturating_sub(1)
            })
            .collect();
        LineSet::new(added, deleted)
    }
}

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
        // Files grouped by the repository they lie in.
        let mut by_repo: Vec<(PathBuf, Vec<PathBuf>)> = Vec::new();
        let mut top_of_dir: HashMap<PathBuf, PathBuf> = HashMap::new();
        for f in files {
            let abs = std::fs::canonicalize(f).map_err(|e| {
                Error::new(format!(
                    "cannot read {}: {}",
                    f.display(),
                    crate::input::io_reason(&e)
                ))
            })?;
            let dir = abs.parent().unwrap_or(Path::new("/")).to_path_buf();
            let top = match top_of_dir.get(&dir) {
                Some(t) => t.clone(),
                None => {
                    let t = toplevel(&dir).ok_or_else(|| {
                        Error::new(format!(
                            "--changed-since: {} is not in a git repository",
                            f.display()
                        ))
                        .with_help(
                            "--changed-since compares with git history; lint the file without it",
                        )
                    })?;
                    top_of_dir.insert(dir, t.clone());
                    t
                }
            };
            match by_repo.iter_mut().find(|(t, _)| *t == top) {
                Some((_, v)) => v.push(abs),
                None => by_repo.push((top, vec![abs])),
            }
        }
        for (top, repo_files) in by_repo {
            let commit = resolve(&top, reference)?;
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

/// The repository root of a folder, as git sees it.
fn toplevel(dir: &Path) -> Option<PathBuf> {
    let out = git(dir, &["rev-parse", "--show-toplevel"]).ok()?;
    let top = PathBuf::from(out.trim_end_matches(['\n', '\r']));
    std::fs::canonicalize(&top).ok()
}

/// The commit a reference names in the repository at `top`.
fn resolve(top: &Path, reference: &str) -> Result<String, Error> {
    let spec = format!("{reference}^{{commit}}");
    git(top, &["rev-parse", "--verify", "--quiet", &spec])
        .map(|s| s.trim().to_string())
        .ok()
        .filter(|s| !s.is_empty())
        .ok_or_else(|| {
            Error::new(format!(
                "--changed-since: `{reference}` is not a commit of the repository at {}",
                top.display()
            ))
            .with_help(
                "name a branch, tag or commit; a shallow CI clone may need it fetched first: `git fetch --depth=1 origin main`",
            )
        })
}

/// Runs git in `dir`; its stdout, or what it said on failure.
fn git(dir: &Path, args: &[&str]) -> Result<String, String> {
    let out = Command::new("git")
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
        })?;
    if !out.status.success() {
        return Err(String::from_utf8_lossy(&out.stderr).trim().to_string());
    }
    String::from_utf8(out.stdout).map_err(|_| "git printed a path that is not UTF-8".to_string())
}

/// The added lines and deletion points of each file a `git diff --unified=0` shows, by its
/// path in the new tree (renamed files under their new name; deleted files left out).
pub fn parse_diff(diff: &str) -> Vec<(PathBuf, LineSet)> {
    /// A file being read: its path, added ranges and deletion points.
    type Open = Option<(PathBuf, Vec<Range<usize>>, Vec<usize>)>;
    let mut out: Vec<(PathBuf, LineSet)> = Vec::new();
    let mut current: Open = None;
    let mut flush = |cur: &mut Open| {
        if let Some((p, a, d)) = cur.take() {
            out.push((p, LineSet::new(a, d)));
        }
    };
    for line in diff.lines() {
        if line.starts_with("diff --git ") {
            flush(&mut current);
        } else if let Some(path) = line.strip_prefix("+++ ") {
            flush(&mut current);
            let path = unquote(path.trim_end_matches('\t'));
            if let Some(rel) = path.strip_prefix("b/") {
                current = Some((PathBuf::from(rel), Vec::new(), Vec::new()));
            }
        } else if let Some(hunk) = line.strip_prefix("@@ ") {
            let Some((_, cur_added, cur_deleted)) = current.as_mut() else {
                continue;
            };
            // `-a[,b] +c[,d] @@`
            let Some(new) = hunk.split_whitespace().find(|w| w.starts_with('+')) else {
                continue;
            };
            let (start, count) = match new[1..].split_once(',') {
                Some((s, c)) => (s.parse::<usize>(), c.parse::<usize>()),
                None => (new[1..].parse::<usize>(), Ok(1)),
            };
            let (Ok(start), Ok(count)) = (start, count) else {
                continue;
            };
            if count == 0 {
                cur_deleted.push(start);
            } else {
                cur_added.push(start..start + count);
            }
        }
    }
    flush(&mut current);
    out
}

/// A path as git prints it: as is, or C-quoted (`"a\"b\303\251"`) when it has unusual bytes.
fn unquote(s: &str) -> String {
    let Some(inner) = s.strip_prefix('"').and_then(|r| r.strip_suffix('"')) else {
        return s.to_string();
    };
    let b = inner.as_bytes();
    let mut out: Vec<u8> = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'\\' || i + 1 >= b.len() {
            out.push(b[i]);
            i += 1;
            continue;
        }
        let c = b[i + 1];
        i += 2;
        match c {
            b'n' => out.push(b'\n'),
            b't' => out.push(b'\t'),
            b'r' => out.push(b'\r'),
            b'a' => out.push(7),
            b'b' => out.push(8),
            b'f' => out.push(12),
            b'v' => out.push(11),
            b'0'..=b'7' => {
                let digits = &b[i - 1..(i + 2).min(b.len())];
                let v = digits
                    .iter()
                    .take_while(|d| (b'0'..=b'7').contains(d))
                    .fold(0u32, |v, d| v * 8 + u32::from(d - b'0'));
                out.push(v as u8);
                i += digits.len() - 1;
            }
            other => out.push(other),
        }
    }
    String::from_utf8_lossy(&out).into_owned()
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

#[cfg(test)]
#[allow(clippy::single_range_in_vec_init)]
mod tests {
    use super::*;

    #[test]
    fn reads_added_lines_deletions_renames_and_new_files() {
        let diff = "\
diff --git a/list.md b/list.md
index 1..2 100644
--- a/list.md
+++ b/list.md
@@ -3 +3 @@ heading
-old
+new
@@ -10,2 +9,0 @@
-gone
-gone
@@ -20,0 +19,3 @@
+a
+b
+c
diff --git a/old.md b/moved.md
similarity index 100%
rename from old.md
rename to moved.md
diff --git a/edited.md b/renamed.md
similarity index 90%
rename from edited.md
rename to renamed.md
--- a/edited.md
+++ b/renamed.md
@@ -1 +1 @@
-x
+y
diff --git a/new.md b/new.md
new file mode 100644
--- /dev/null
+++ b/new.md
@@ -0,0 +1,2 @@
+one
+two
diff --git a/deleted.md b/deleted.md
deleted file mode 100644
--- a/deleted.md
+++ /dev/null
@@ -1 +0,0 @@
-bye
diff --git \"a/sp ace\\303\\251.md\" \"b/sp ace\\303\\251.md\"
--- \"a/sp ace\\303\\251.md\"
+++ \"b/sp ace\\303\\251.md\"
@@ -2 +2 @@
-q
+r
";
        let files = parse_diff(diff);
        let names: Vec<String> = files.iter().map(|(p, _)| p.display().to_string()).collect();
        assert_eq!(names, ["list.md", "renamed.md", "new.md", "sp aceé.md"]);
        let list = &files[0].1;
        assert_eq!(list.added, [3..4, 19..22]);
        assert_eq!(list.deleted_after, [9]);
        assert!(list.any_added(3..4) && !list.any_added(4..19) && list.any_added(21..30));
        // Deleted lines touch the lines around them: line 9 and what follows it.
        assert!(list.touched(5..10) && !list.touched(5..9) && !list.touched(10..12));
        assert_eq!(files[2].1.added, [1..3]);
    }

    #[test]
    fn unquotes_c_style_paths() {
        assert_eq!(unquote("b/plain.md"), "b/plain.md");
        assert_eq!(unquote("\"b/a\\\"b\\\\c\\tx.md\""), "b/a\"b\\c\tx.md");
        assert_eq!(unquote("\"b/\\303\\251t\\303\\251.md\""), "b/été.md");
    }

    #[test]
    fn remaps_lines_through_edits() {
        let old = "a\nb\nc\nd\ne\n";
        let old_idx = LineIndex::new(old);
        // Lines 2 and 5 changed; an edit replaces line 3 ("c\n") by three lines.
        let set = LineSet::new(vec![2..3, 5..6], vec![4]);
        let edits = [Edit {
            range: 4..6,
            replacement: "c1\nc2\nc3\n".into(),
        }];
        let new = "a\nb\nc1\nc2\nc3\nd\ne\n";
        let new_idx = LineIndex::new(new);
        let moved = set.remap(old, &old_idx, &edits, &new_idx);
        assert_eq!(moved.added, [2..3, 7..8]);
        assert_eq!(moved.deleted_after, [6]);
        // A changed line inside an edit becomes the lines the edit wrote.
        let inside = LineSet::new(vec![3..4], vec![]).remap(old, &old_idx, &edits, &new_idx);
        assert_eq!(inside.added, [3..6]);
    }
}
