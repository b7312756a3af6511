//! GitHub-style heading anchors, and matching fragments against them.
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

/// Every anchor a `#fragment` may name in one file — heading anchors and explicit HTML ids —
/// and the one way fragments are matched against them: percent-decoded, without GitHub's
/// `user-content-` prefix, exactly or else ignoring case (as GitHub's page script does).
#[derive(Debug, Default, Clone)]
pub struct AnchorSet {
    exact: HashMap<String, usize>,
    folded: HashMap<String, usize>,
    /// Anchors by their length in characters (in document order within a length), so that a
    /// suggestion looks only at anchors of a similar length.
    by_len: std::collections::BTreeMap<usize, Vec<String>>,
}

/// How many candidates a suggestion compares at most: a file with 100,000 headings and as
/// many broken links stays linear.
const MAX_SUGGESTION_CANDIDATES: usize = 64;
/// Anchors longer than this get no suggestion (edit distance is quadratic in length).
const MAX_SUGGESTION_LEN: usize = 80;

impl AnchorSet {
    /// Anchors in order; `lookup` answers the index of the first one a fragment names.
    pub fn new<'a>(anchors: impl IntoIterator<Item = &'a str>) -> AnchorSet {
        let mut set = AnchorSet::default();
        for (i, a) in anchors.into_iter().enumerate() {
            set.exact.entry(a.to_string()).or_insert(i);
            set.folded.entry(a.to_lowercase()).or_insert(i);
            set.by_len
                .entry(a.chars().count())
                .or_default()
                .push(a.to_string());
        }
        set
    }

    /// The fragment as an anchor name: percent-decoded, without `user-content-`.
    pub fn target(fragment: &str) -> String {
        let decoded = crate::target::percent_decode(fragment);
        match decoded.strip_prefix("user-content-") {
            Some(rest) => rest.to_string(),
            None => decoded,
        }
    }

    /// The index of the anchor `fragment` (as written after `#`) names, if any.
    pub fn lookup(&self, fragment: &str) -> Option<usize> {
        let t = AnchorSet::target(fragment);
        self.exact
            .get(&t)
            .or_else(|| self.folded.get(&t.to_lowercase()))
            .copied()
    }

    /// Whether `fragment` names an anchor (an empty fragment names the top of the page).
    pub fn contains(&self, fragment: &str) -> bool {
        fragment.is_empty() || self.lookup(fragment).is_some()
    }

    /// A close anchor for a fragment that names none: only a likely typo, compared against a
    /// bounded number of candidates of similar length.
    pub fn suggest(&self, fragment: &str) -> Option<&str> {
        let t = AnchorSet::target(fragment).to_lowercase();
        let len = t.chars().count();
        if len == 0 || len > MAX_SUGGESTION_LEN {
            return None;
        }
        let close = |n: usize| n.abs_diff(len) <= 2.max(len.max(n) / 3);
        let candidates = self
            .by_len
            .range(len.saturating_sub(2.max(len / 3))..=len + 2.max(len / 2) + 1)
            .filter(|(n, _)| close(**n))
            .flat_map(|(_, names)| names.iter().map(String::as_str))
            .take(MAX_SUGGESTION_CANDIDATES);
        crate::error::did_you_mean(&t, candidates)
    }
}
