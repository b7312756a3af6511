//! Reading `git diff --unified=0`: the added lines and deletion points of each file.

use super::LineSet;
use std::ops::Range;
use std::path::PathBuf;

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
}
