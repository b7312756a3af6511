//! Fixes: edits that ride on findings, applied without overlaps until nothing changes, and
//! written so that a crash or a full disk never loses the user's file.

use std::io::Write;
use std::ops::Range;
use std::path::{Path, PathBuf};

/// Replace `range` (bytes of the file) with `replacement`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Edit {
    pub range: Range<usize>,
    pub replacement: String,
}

/// Whether a fix may be applied without a person reading it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Applicability {
    /// Keeps the meaning of the list (`http://` → `https://` on a host that serves HTTPS):
    /// `--fix` applies it.
    Safe,
    /// Changes what the list says; shown, never applied by `--fix`.
    Unsafe,
}

/// The edits that resolve one finding, applied together or not at all.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Fix {
    pub edits: Vec<Edit>,
    pub applicability: Applicability,
}

impl Fix {
    /// A safe fix of one edit.
    pub fn safe(range: Range<usize>, replacement: impl Into<String>) -> Fix {
        Fix {
            edits: vec![Edit {
                range,
                replacement: replacement.into(),
            }],
            applicability: Applicability::Safe,
        }
    }

    /// Whether `--fix` may apply it.
    pub fn is_safe(&self) -> bool {
        self.applicability == Applicability::Safe
    }
}

/// A safe fix that points a link's destination (`link.dest`, the span of the URL as written)
/// at `url`, written as that destination was (bare or inside `<…>`); None when `url` cannot
/// be written there without changing its meaning. `link/redirect` builds its fix with it:
/// `fix::replace_destination(cx.text(), dest, final_url)`.
pub fn replace_destination(text: &str, dest: &Range<usize>, url: &str) -> Option<Fix> {
    let angle = dest.start > 0
        && text.as_bytes().get(dest.start - 1) == Some(&b'<')
        && text.as_bytes().get(dest.end) == Some(&b'>');
    let written = destination_text(url, angle)?;
    (text.get(dest.clone())? != written).then(|| Fix::safe(dest.clone(), written))
}

/// `url` written as a Markdown link destination in place of one that was written bare
/// (`angle == false`) or inside `<…>`: None when it cannot be written so without changing
/// what it means (spaces or unbalanced parentheses in a bare destination, `<`/`>` in an
/// angle one, backslashes or entity-like `&…;` that Markdown would decode, control
/// characters).
pub fn destination_text(url: &str, angle: bool) -> Option<String> {
    if url.is_empty() || url.chars().any(|c| c.is_control()) || url.contains('\\') {
        return None;
    }
    // `&name;` or `&#123;` would be read as a character reference.
    let entity_like = url.match_indices('&').any(|(i, _)| {
        let rest = &url[i + 1..];
        let end = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '#'))
            .unwrap_or(rest.len());
        end > 0 && rest[end..].starts_with(';')
    });
    if entity_like {
        return None;
    }
    if angle {
        return (!url.contains(['<', '>'])).then(|| url.to_string());
    }
    let mut depth = 0i32;
    for c in url.chars() {
        match c {
            ' ' => return None,
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth < 0 {
                    return None;
                }
            }
            _ => {}
        }
    }
    (depth == 0 && !url.starts_with('<')).then(|| url.to_string())
}

/// The outcome of applying fixes to a text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Applied {
    pub text: String,
    /// Indices (into the given fixes) of the fixes applied.
    pub applied: Vec<usize>,
}

/// Applies the fixes that fit: in order of position, a fix whose edits overlap an earlier
/// accepted edit, fall outside the text or split a character is left out whole.
pub fn apply(text: &str, fixes: &[Fix]) -> Applied {
    let mut order: Vec<usize> = (0..fixes.len()).collect();
    order.sort_by_key(|&i| {
        let first = fixes[i].edits.iter().map(|e| e.range.start).min();
        (first.unwrap_or(usize::MAX), i)
    });
    // Accepted edits by (start, end, arrival): they never overlap, so their ends rise with
    // their starts, and the one that starts last before an edit's end is the only one an
    // edit can overlap (besides an insertion at the same point as an insertion).
    type Accepted<'a> = std::collections::BTreeMap<(usize, usize, usize), &'a Edit>;
    let mut accepted: Accepted = Accepted::new();
    let clashes = |accepted: &Accepted, e: &Edit| {
        let r = &e.range;
        let before_end = accepted
            .range(..(r.end, 0, 0))
            .next_back()
            .is_some_and(|(_, a)| overlaps(&a.range, r));
        let same_insert = r.is_empty()
            && accepted
                .range((r.start, r.start, 0)..=(r.start, r.start, usize::MAX))
                .next()
                .is_some();
        before_end || same_insert
    };
    let mut applied = Vec::new();
    for i in order {
        let mut edits: Vec<&Edit> = fixes[i].edits.iter().collect();
        edits.sort_by_key(|e| (e.range.start, e.range.end));
        let valid = !edits.is_empty()
            && edits.iter().all(|e| {
                e.range.start <= e.range.end
                    && e.range.end <= text.len()
                    && text.is_char_boundary(e.range.start)
                    && text.is_char_boundary(e.range.end)
            })
            && edits.windows(2).all(|w| w[0].range.end <= w[1].range.start)
            && edits.iter().all(|e| !clashes(&accepted, e));
        if valid {
            for e in edits {
                let n = accepted.len();
                accepted.insert((e.range.start, e.range.end, n), e);
            }
            applied.push(i);
        }
    }
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for e in accepted.into_values() {
        out.push_str(&text[at..e.range.start]);
        out.push_str(&e.replacement);
        at = e.range.end;
    }
    out.push_str(&text[at..]);
    applied.sort_unstable();
    Applied { text: out, applied }
}

/// Two ranges overlap, or are both insertions at the same point (their order would be
/// arbitrary).
fn overlaps(a: &Range<usize>, b: &Range<usize>) -> bool {
    (a.start < b.end && b.start < a.end) || (a.is_empty() && b.is_empty() && a.start == b.start)
}

/// Applies the safe fixes `pass` finds, again on the result, until a pass finds nothing it can
/// apply (at most `max_passes`): fixes that overlapped in one pass get their turn in the next.
/// Returns the final text and how many fixes were applied in all.
pub fn apply_until_stable(
    text: &str,
    max_passes: usize,
    mut pass: impl FnMut(&str) -> Vec<Fix>,
) -> (String, usize) {
    let mut current = text.to_string();
    let mut total = 0;
    for _ in 0..max_passes {
        let fixes: Vec<Fix> = pass(&current)
            .into_iter()
            .filter(|f| f.applicability == Applicability::Safe)
            .collect();
        if fixes.is_empty() {
            break;
        }
        let a = apply(&current, &fixes);
        if a.applied.is_empty() || a.text == current {
            break;
        }
        total += a.applied.len();
        current = a.text;
    }
    (current, total)
}

/// A temporary file beside `path` (same folder, so the rename stays on one filesystem).
fn temp_beside(path: &Path) -> PathBuf {
    static COUNTER: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    dir.join(format!(
        ".{name}.sourcepolicy-{}-{n}.tmp",
        std::process::id()
    ))
}

/// Replaces `path` with `bytes` atomically: the text goes to a temporary file in the same
/// folder, is flushed to disk and renamed over the original, whose permissions it keeps. A
/// failure at any step leaves the original untouched (and removes the temporary file).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let tmp = temp_beside(path);
    let result = (|| {
        let mut f = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)?;
        f.write_all(bytes)?;
        if let Ok(meta) = std::fs::metadata(path) {
            f.set_permissions(meta.permissions())?;
        }
        f.sync_all()?;
        drop(f);
        std::fs::rename(&tmp, path)?;
        sync_dir(path);
        Ok(())
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// Writes the fixed text of a list over the file it was read from: only if the file still
/// holds the text that was read (Ok(false), nothing written, when it changed meanwhile),
/// through symbolic links (the link stays a link), atomically and keeping its permissions.
pub fn write_back(path: &Path, read: &str, fixed: &str) -> std::io::Result<bool> {
    let target = std::fs::canonicalize(path)?;
    if std::fs::read(&target)? != read.as_bytes() {
        return Ok(false);
    }
    write_atomic(&target, fixed.as_bytes())?;
    Ok(true)
}

/// Creates `path` with `bytes`, never replacing an existing file (`AlreadyExists` then). The
/// file is created exclusively, so a file that appears meanwhile is never overwritten; a
/// failed write removes what it created.
pub fn write_new(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)?;
    let result = f.write_all(bytes).and_then(|_| f.sync_all());
    if result.is_err() {
        drop(f);
        let _ = std::fs::remove_file(path);
    }
    result
}

/// Flushes the folder entry of a rename (best effort; not every platform allows it).
fn sync_dir(path: &Path) {
    #[cfg(unix)]
    if let Some(dir) = path.parent() {
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        if let Ok(d) = std::fs::File::open(dir) {
            let _ = d.sync_all();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edit(r: Range<usize>, s: &str) -> Fix {
        Fix::safe(r, s)
    }

    #[test]
    fn applies_in_order_and_rejects_overlaps_whole() {
        let text = "http://a http://b http://c";
        let fixes = [
            edit(9..13, "https"),
            edit(0..4, "https"),
            // overlaps the first fix: left out, whole, even its second edit
            Fix {
                edits: vec![
                    Edit {
                        range: 11..12,
                        replacement: "X".into(),
                    },
                    Edit {
                        range: 18..22,
                        replacement: "Y".into(),
                    },
                ],
                applicability: Applicability::Safe,
            },
            edit(18..22, "https"),
            edit(30..31, "out of bounds"),
        ];
        let a = apply(text, &fixes);
        assert_eq!(a.text, "https://a https://b https://c");
        assert_eq!(a.applied, [0, 1, 3]);
    }

    #[test]
    fn destinations_are_written_only_when_they_keep_their_meaning() {
        assert_eq!(
            destination_text("https://example.org/a_(b)?x=1&y=2", false).as_deref(),
            Some("https://example.org/a_(b)?x=1&y=2")
        );
        for bad in [
            "https://example.org/a b",
            "https://example.org/a)",
            "https://example.org/a\\b",
            "https://example.org/?a=1&amp;b",
            "https://example.org/?q=&#40;",
            "",
        ] {
            assert_eq!(destination_text(bad, false), None, "{bad}");
        }
        assert_eq!(
            destination_text("https://example.org/a b", true).as_deref(),
            Some("https://example.org/a b")
        );
        assert_eq!(destination_text("https://example.org/<x>", true), None);
    }

    #[test]
    fn a_destination_is_replaced_as_it_was_written() {
        let text = "[a](http://old.example/x) [b](<http://old.example/a b>)";
        let bare = 4..24;
        let angle = 31..53;
        assert_eq!(&text[bare.clone()], "http://old.example/x");
        assert_eq!(&text[angle.clone()], "http://old.example/a b");
        let fixes = [
            replace_destination(text, &bare, "https://new.example/x").unwrap(),
            replace_destination(text, &angle, "https://new.example/a b").unwrap(),
        ];
        assert_eq!(
            apply(text, &fixes).text,
            "[a](https://new.example/x) [b](<https://new.example/a b>)"
        );
        // A space cannot go into a bare destination; the same URL is no change.
        assert_eq!(
            replace_destination(text, &bare, "https://new.example/a b"),
            None
        );
        assert_eq!(
            replace_destination(text, &bare, "http://old.example/x"),
            None
        );
    }

    #[test]
    fn never_splits_a_character_and_orders_same_point_inserts() {
        let text = "é";
        assert!(apply(text, &[edit(1..1, "x")]).applied.is_empty());
        let a = apply("ab", &[edit(1..1, "x"), edit(1..1, "y")]);
        assert_eq!(a.text, "axb");
        assert_eq!(a.applied, [0]);
    }

    #[test]
    fn repeats_until_nothing_changes() {
        // Each pass can only fix the first `http://` (the fixes overlap by design).
        let (text, n) = apply_until_stable("http://a http://b", 10, |t| {
            t.match_indices("http://")
                .map(|(i, _)| Fix {
                    edits: vec![Edit {
                        range: i..t.len(),
                        replacement: format!("https://{}", &t[i + 7..]),
                    }],
                    applicability: Applicability::Safe,
                })
                .collect()
        });
        assert_eq!(text, "https://a https://b");
        assert_eq!(n, 2);
        // Unsafe fixes are never applied.
        let (text, n) = apply_until_stable("x", 10, |_| {
            vec![Fix {
                edits: vec![Edit {
                    range: 0..1,
                    replacement: "y".into(),
                }],
                applicability: Applicability::Unsafe,
            }]
        });
        assert_eq!((text.as_str(), n), ("x", 0));
    }

    fn scratch(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("sp-fix-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn atomic_write_replaces_keeps_permissions_and_leaves_no_temp() {
        let d = scratch("atomic");
        let p = d.join("list.md");
        std::fs::write(&p, "old").unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o640)).unwrap();
        }
        write_atomic(&p, b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "new");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&p).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode, 0o640);
        }
        let names: Vec<String> = std::fs::read_dir(&d)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, ["list.md"]);
        // A folder that does not exist: an error, nothing written.
        assert!(write_atomic(&d.join("no/such/dir.md"), b"x").is_err());
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn write_back_follows_links_and_leaves_a_changed_file_alone() {
        let d = scratch("back");
        let p = d.join("list.md");
        std::fs::write(&p, "old\r\n").unwrap();
        assert!(write_back(&p, "old\r\n", "new\r\n").unwrap());
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "new\r\n");
        // Changed on disk since it was read: not written.
        assert!(!write_back(&p, "old\r\n", "newer").unwrap());
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "new\r\n");
        #[cfg(unix)]
        {
            let link = d.join("link.md");
            std::os::unix::fs::symlink(&p, &link).unwrap();
            assert!(write_back(&link, "new\r\n", "via link").unwrap());
            assert!(std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink());
            assert_eq!(std::fs::read_to_string(&p).unwrap(), "via link");
        }
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn write_new_never_replaces() {
        let d = scratch("new");
        let p = d.join("policy.toml");
        write_new(&p, b"first").unwrap();
        let e = write_new(&p, b"second").unwrap_err();
        assert_eq!(e.kind(), std::io::ErrorKind::AlreadyExists);
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "first");
        let _ = std::fs::remove_dir_all(&d);
    }
}
