//! Where a link's destination stands in the source, so that a fix can rewrite exactly the
//! URL: inside `(…)` of an inline link, inside `<…>` of an autolink, or in the reference
//! definition (`[label]: url`) of a reference link.

use super::LinkKind;
use std::collections::HashMap;
use std::ops::Range;

/// Reference definitions of a file: normalised label → destination span. First definition
/// wins, as in CommonMark.
#[derive(Default)]
pub(super) struct Definitions {
    by_label: HashMap<String, Range<usize>>,
}

/// A label as CommonMark matches it: case-folded, inner whitespace collapsed.
fn normalise_label(label: &str) -> String {
    label
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

impl Definitions {
    /// Finds `[label]: destination` lines (up to three spaces of indentation).
    pub fn scan(text: &str) -> Definitions {
        let mut defs = Definitions::default();
        let mut at = 0;
        for line in text.split_inclusive(['\n', '\r']) {
            let start = at;
            at += line.len();
            let trimmed = line.trim_start_matches(' ');
            let indent = line.len() - trimmed.len();
            if indent > 3 || !trimmed.starts_with('[') {
                continue;
            }
            let Some(close) = find_close(trimmed.as_bytes(), 0) else {
                continue;
            };
            if trimmed.as_bytes().get(close + 1) != Some(&b':') {
                continue;
            }
            let label = normalise_label(&trimmed[1..close]);
            if label.is_empty() {
                continue;
            }
            let rest = &trimmed[close + 2..];
            let lead = rest.len() - rest.trim_start_matches([' ', '\t']).len();
            let dest_start = start + indent + close + 2 + lead;
            if let Some(r) = destination(text, dest_start) {
                defs.by_label.entry(label).or_insert(r);
            }
        }
        defs
    }
}

/// The index of the `]` that closes the `[` at `open`, skipping escapes and code spans.
fn find_close(b: &[u8], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut i = open;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 1,
            b'`' => {
                let run = b[i..].iter().take_while(|&&c| c == b'`').count();
                let fence = &b[i..i + run];
                let close = b[i + run..]
                    .windows(run)
                    .position(|w| w == fence)
                    .map(|p| i + run + p);
                match close {
                    Some(c) => i = c + run - 1,
                    None => i += run - 1,
                }
            }
            b'[' => depth += 1,
            b']' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i);
                }
            }
            b'\n' | b'\r' if i + 1 < b.len() && matches!(b[i + 1], b'\n' | b'\r') => {
                return None; // a blank line ends the paragraph
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// The destination that starts at `start`: `<…>` (without the brackets) or a run without
/// spaces and with balanced parentheses.
fn destination(text: &str, start: usize) -> Option<Range<usize>> {
    let b = text.as_bytes();
    if b.get(start) == Some(&b'<') {
        let end = b[start + 1..]
            .iter()
            .position(|&c| c == b'>' || c == b'\n')?;
        return (b[start + 1 + end] == b'>').then_some(start + 1..start + 1 + end);
    }
    let mut depth = 0usize;
    let mut i = start;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 1,
            b'(' => depth += 1,
            b')' if depth == 0 => break,
            b')' => depth -= 1,
            c if c.is_ascii_whitespace() => break,
            _ => {}
        }
        i += 1;
    }
    let end = i.min(b.len());
    (end > start).then_some(start..end)
}

/// The destination span of a link whose whole source is `span`.
pub(super) fn locate(
    text: &str,
    span: &Range<usize>,
    kind: LinkKind,
    defs: &std::cell::OnceCell<Definitions>,
) -> Option<Range<usize>> {
    let defs = || defs.get_or_init(|| Definitions::scan(text));
    let src = text.get(span.clone())?;
    let b = src.as_bytes();
    match kind {
        LinkKind::Autolink => {
            if src.starts_with('<') && src.ends_with('>') && src.len() > 2 {
                Some(span.start + 1..span.end - 1)
            } else {
                Some(span.clone())
            }
        }
        LinkKind::Inline | LinkKind::Image | LinkKind::Reference => {
            let open = usize::from(b.first() == Some(&b'!'));
            let close = find_close(b, open)?;
            match b.get(close + 1) {
                Some(b'(') => {
                    let rest = &src[close + 2..];
                    let lead = rest.len() - rest.trim_start().len();
                    destination(text, span.start + close + 2 + lead)
                }
                Some(b'[') => {
                    let end = find_close(b, close + 1)?;
                    let label = &src[close + 2..end];
                    let label = if label.trim().is_empty() {
                        &src[open + 1..close]
                    } else {
                        label
                    };
                    defs().by_label.get(&normalise_label(label)).cloned()
                }
                _ => defs()
                    .by_label
                    .get(&normalise_label(&src[open + 1..close]))
                    .cloned(),
            }
        }
    }
}
