//! Reading inputs: one `SourceFile` per list, read once, bounded, checked to be UTF-8.

use crate::error::Error;
use crate::lines::LineIndex;
use std::io::Read;
use std::path::{Path, PathBuf};

/// One list as the engine owns it: where it is, how reports name it, its text and line index.
#[derive(Debug)]
pub struct SourceFile {
    /// The path to read relative links from (None for text that is not a file, such as stdin).
    pub path: Option<PathBuf>,
    /// The name reports show: relative to the repository root when the file is in one, else as
    /// given.
    pub shown: String,
    pub text: String,
    pub lines: LineIndex,
}

impl SourceFile {
    pub fn new(path: Option<PathBuf>, shown: impl Into<String>, text: String) -> SourceFile {
        let lines = LineIndex::new(&text);
        SourceFile {
            path,
            shown: shown.into(),
            text,
            lines,
        }
    }

    /// Text without a file behind it, named `name` in reports; relative links are resolved
    /// from the folder of `name`.
    pub fn from_text(name: &str, text: impl Into<String>) -> SourceFile {
        SourceFile::new(Some(PathBuf::from(name)), name, text.into())
    }

    /// The folder relative links are resolved from.
    pub fn base_dir(&self) -> Option<&Path> {
        let p = self.path.as_deref()?.parent()?;
        Some(if p.as_os_str().is_empty() {
            Path::new(".")
        } else {
            p
        })
    }
}

/// One input to read (what `walk` resolves the user's names to).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    File(PathBuf),
    /// Standard input; `name` (from `--stdin-filename`) is the path reports show and relative
    /// links resolve from.
    Stdin {
        name: Option<PathBuf>,
    },
}

/// The folder holding `.git` at or above `start`, if any (a file or a folder named `.git`:
/// worktrees and submodules have a file).
pub fn repo_root(start: &Path) -> Option<PathBuf> {
    let abs = if start.is_absolute() {
        start.to_path_buf()
    } else {
        std::env::current_dir().ok()?.join(start)
    };
    abs.ancestors()
        .find(|a| a.join(".git").exists())
        .map(Path::to_path_buf)
}

/// How reports name a file: relative to its repository root when it lies in one (so every
/// format, annotations and SARIF included, names a file the same way from any folder, and
/// two files never share a name), else relative to the current folder when it lies below it,
/// else as the user gave it.
pub fn shown_name(path: &Path) -> String {
    let given = path.display().to_string();
    let Ok(abs) = std::path::absolute(path).map(|p| lexical(&p)) else {
        return given;
    };
    if let Some(root) = abs.parent().and_then(repo_root) {
        if let Ok(rel) = abs.strip_prefix(lexical(&root)) {
            if !rel.as_os_str().is_empty() {
                return normalise(rel);
            }
        }
    }
    if let Ok(cwd) = std::env::current_dir() {
        if let Ok(rel) = abs.strip_prefix(&cwd) {
            if !rel.as_os_str().is_empty() {
                return normalise(rel);
            }
        }
    }
    given
}

/// An absolute path with `.` and `..` resolved by their names (no symbolic links followed).
fn lexical(p: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                if !out.pop() {
                    out.push(c);
                }
            }
            c => out.push(c),
        }
    }
    out
}

/// A relative path without `.` components, with `/` separators.
fn normalise(rel: &Path) -> String {
    let parts: Vec<String> = rel
        .components()
        .filter(|c| !matches!(c, std::path::Component::CurDir))
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    parts.join("/")
}

/// Reads a list file: refuses folders, named pipes (reading one would wait for a writer),
/// files over `max_bytes` (checked while reading, so `/dev/zero` stops at the limit), and
/// non-UTF-8 text, each with a message that names the file.
pub fn read_file(path: &Path, max_bytes: u64) -> Result<SourceFile, Error> {
    let text = read_text(path, max_bytes, "[list] max_file_bytes")?;
    Ok(SourceFile::new(
        Some(path.to_path_buf()),
        shown_name(path),
        text,
    ))
}

/// Reads one input: a file, or standard input (named by `--stdin-filename`, else `<stdin>`;
/// relative links resolve from the named file's folder, and are not judged without a name).
pub fn read_input(input: &Input, max_bytes: u64) -> Result<SourceFile, Error> {
    match input {
        Input::File(p) => read_file(p, max_bytes),
        Input::Stdin { name } => {
            let shown = name
                .as_deref()
                .map_or_else(|| "<stdin>".to_string(), shown_name);
            let text = read_bounded(
                std::io::stdin().lock(),
                &shown,
                max_bytes,
                "[list] max_file_bytes",
                0,
            )?;
            Ok(SourceFile::new(name.clone(), shown, text))
        }
    }
}

/// Reads a UTF-8 text file of at most `max_bytes`; `limit_key` names the setting that raises
/// the limit.
pub fn read_text(path: &Path, max_bytes: u64, limit_key: &str) -> Result<String, Error> {
    let shown = path.display();
    let meta = std::fs::metadata(path).map_err(|e| {
        Error::new(format!("cannot read {shown}: {}", io_reason(&e))).with_help(
            "check the path; with no FILES, lint reads [list] files from the policy, else README.md",
        )
    })?;
    if meta.is_dir() {
        return Err(
            Error::new(format!("cannot read {shown}: it is a directory"))
                .with_help("name the Markdown file(s) inside it"),
        );
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if meta.file_type().is_fifo() || meta.file_type().is_socket() {
            return Err(
                Error::new(format!("cannot read {shown}: it is a named pipe or socket")).with_help(
                    "pipe the list into standard input instead: `… | sourcepolicy lint -`",
                ),
            );
        }
    }
    if meta.is_file() && meta.len() > max_bytes {
        return Err(too_large(
            &format!("{shown} is {} bytes,", meta.len()),
            max_bytes,
            limit_key,
        ));
    }
    let file = std::fs::File::open(path)
        .map_err(|e| Error::new(format!("cannot read {shown}: {}", io_reason(&e))))?;
    // A regular file's size is known: one buffer of that size (plus the byte that tells
    // there is more), not a doubling series of copies.
    let hint = if meta.is_file() { meta.len() } else { 0 };
    read_bounded(file, &shown.to_string(), max_bytes, limit_key, hint)
}

/// Reads at most `max_bytes` from `reader` (one byte more tells that there was more) and
/// checks the text is UTF-8. `size_hint` is the expected length (0: unknown); it only sizes
/// the first buffer, never bounds the read.
pub fn read_bounded(
    reader: impl Read,
    shown: &str,
    max_bytes: u64,
    limit_key: &str,
    size_hint: u64,
) -> Result<String, Error> {
    let first = size_hint.min(max_bytes).saturating_add(1);
    let mut bytes = Vec::with_capacity(usize::try_from(first).unwrap_or(0));
    reader
        .take(max_bytes.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| Error::new(format!("cannot read {shown}: {}", io_reason(&e))))?;
    if bytes.len() as u64 > max_bytes {
        return Err(too_large(&format!("{shown} is"), max_bytes, limit_key));
    }
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let line = e.as_bytes()[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        Error::new(format!(
            "{shown} is not valid UTF-8 (first bad byte at offset {at}, line {line})"
        ))
        .with_help("save the file as UTF-8")
    })
}

/// `what` is the start of the message: "README.md is 101 bytes," or "README.md is".
fn too_large(what: &str, max_bytes: u64, limit_key: &str) -> Error {
    Error::new(format!("{what} over the limit of {max_bytes} bytes")).with_help(format!(
        "raise {limit_key} in policy.toml if this file is really that large"
    ))
}

pub fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file".into(),
        std::io::ErrorKind::PermissionDenied => "permission denied".into(),
        _ => e.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounded_reads_stop_at_the_limit() {
        let endless = std::io::repeat(b'a');
        let e = read_bounded(endless, "zeros", 1000, "[list] max_file_bytes", 0).unwrap_err();
        assert_eq!(e.message, "zeros is over the limit of 1000 bytes");
        // A size hint sizes the buffer only: a file that grew or shrank since its size was
        // read is read whole, and the limit holds whatever the hint says.
        for hint in [0, 2, 4, 1 << 40] {
            let ok = read_bounded(&b"# T\n"[..], "t.md", 4, "k", hint).unwrap();
            assert_eq!(ok, "# T\n");
            let e = read_bounded(std::io::repeat(b'a'), "z", 1000, "k", hint).unwrap_err();
            assert_eq!(e.message, "z is over the limit of 1000 bytes");
        }
        let bad = read_bounded(&b"a\n\xff"[..], "b.md", 10, "k", 0).unwrap_err();
        assert_eq!(
            bad.message,
            "b.md is not valid UTF-8 (first bad byte at offset 2, line 2)"
        );
    }
}
