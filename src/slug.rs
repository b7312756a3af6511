//! GitHub-style heading anchors.
//!
//! GitHub lower-cases the heading's text, drops every character that is not a letter, a mark,
//! a number, connector punctuation (`_`), a hyphen or a space, and turns each space into `-`
//! (no collapsing: `A & B` becomes `a--b`). Marks are kept, so an emoji's variation selector
//! (U+FE0F) survives while the emoji itself is dropped. A repeated anchor gets `-1`, `-2`, …

use std::collections::HashMap;
use std::sync::OnceLock;

/// The characters GitHub keeps in an anchor besides `-` and space: letters, marks, numbers and
/// connector punctuation, as sorted ranges (translated once from the Unicode tables of
/// `regex-syntax`; a binary search per character, no automaton to build).
fn kept_ranges() -> &'static [(char, char)] {
    static RANGES: OnceLock<Vec<(char, char)>> = OnceLock::new();
    RANGES.get_or_init(|| {
        let hir = regex_syntax::Parser::new()
            .parse(r"[\p{L}\p{M}\p{N}\p{Pc}]")
            .expect("valid class");
        match hir.kind() {
            regex_syntax::hir::HirKind::Class(regex_syntax::hir::Class::Unicode(c)) => {
                c.ranges().iter().map(|r| (r.start(), r.end())).collect()
            }
            _ => unreachable!("a Unicode class"),
        }
    })
}

fn kept(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == ' ';
    }
    let ranges = kept_ranges();
    let i = ranges.partition_point(|&(_, end)| end < c);
    ranges.get(i).is_some_and(|&(start, _)| start <= c)
}

/// The anchor GitHub gives a heading with this text, before de-duplication.
pub fn slug(text: &str) -> String {
    text.to_lowercase()
        .chars()
        .filter(|&c| kept(c))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// Hands out unique anchors in document order, as GitHub does for repeated headings.
#[derive(Default)]
pub struct Slugger {
    seen: HashMap<String, usize>,
}

impl Slugger {
    pub fn unique(&mut self, text: &str) -> String {
        let original = slug(text);
        let mut result = original.clone();
        while self.seen.contains_key(&result) {
            let count = self.seen.get_mut(&original).expect("original seen first");
            *count += 1;
            result = format!("{original}-{count}");
        }
        self.seen.insert(result.clone(), 0);
        result
    }
}

/// Decodes `%XX` escapes in a fragment (invalid escapes are kept as written).
pub fn percent_decode(fragment: &str) -> String {
    if !fragment.contains('%') {
        return fragment.to_string();
    }
    let b = fragment.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' && i + 2 < b.len() {
            let hex = std::str::from_utf8(&b[i + 1..i + 3]).ok();
            if let Some(v) = hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
                out.push(v);
                i += 3;
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    String::from_utf8(out).unwrap_or_else(|_| fragment.to_string())
}
