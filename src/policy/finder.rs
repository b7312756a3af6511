//! Finding where pattern lists match: one automaton for several lists (`ListFinder`), compiled
//! into the binary for the default policy's lists (`vocab_dfa.rs`), else compiled only from
//! the patterns that can match the texts at hand, and searched in lower-cased text when no
//! pattern spells a capital letter. Used for vocabularies that must say where they matched
//! (the fields of a performance claim), not only whether.

use super::literal::lower_case_only;
use super::pattern_list::{Finder, PatternList};
use super::vocab_dfa::BuiltFinder;

/// Several pattern lists searched as one automaton (one compilation and one pass over a text
/// instead of one per list); each match says which list it belongs to. Where matches of two
/// lists overlap, the one that starts first wins, and at the same start the earlier list.
#[derive(Debug, Clone)]
pub struct ListFinder {
    search: Search,
    /// The list of each pattern, by pattern index.
    list_of: Vec<usize>,
}

#[derive(Debug, Clone)]
enum Search {
    /// The default policy's lists, compiled into the binary.
    Built(BuiltFinder),
    /// Lists compiled at run time, of only the patterns that could match.
    Compiled(Finder),
}

impl ListFinder {
    /// The lists compiled for searching texts whose lower-cased concatenation is `within`.
    /// Lists of the default policy (the `[perf]` vocabularies) were compiled when the binary
    /// was built; of other lists, a pattern that must start with a literal (`\bllama…`,
    /// `\b(?:than|versus)\b`) is compiled only if one of its literals occurs in `within`,
    /// which for a long vocabulary and a few sentences skips most of the compilation and most
    /// of the search. None if no pattern can match there, or the patterns do not compile
    /// together (then callers search list by list).
    pub fn build_for(lists: &[&PatternList], within: &str) -> Option<ListFinder> {
        let mut all: Vec<(&str, usize)> = Vec::new();
        for (k, list) in lists.iter().enumerate() {
            all.extend(list.iter().map(|p| (p.as_str(), k)));
        }
        let (sources, list_of): (Vec<&str>, Vec<usize>) = all.into_iter().unzip();
        if let Some(built) = BuiltFinder::find(&sources, |p| could_match(p, within), Some(within)) {
            return Some(ListFinder {
                search: Search::Built(built),
                list_of,
            });
        }
        let mut literals: Vec<(String, usize)> = Vec::new();
        let mut needed: Vec<bool> = Vec::new();
        for (i, p) in sources.iter().enumerate() {
            match leading_literals(p) {
                Some(lits) => {
                    needed.push(false);
                    literals.extend(lits.into_iter().map(|l| (l, i)));
                }
                None => needed.push(true),
            }
        }
        if !literals.is_empty() {
            // the plain NFA: building the faster forms costs more than one short search saves
            let ac = aho_corasick::AhoCorasick::builder()
                .kind(Some(aho_corasick::AhoCorasickKind::NoncontiguousNFA))
                .build(literals.iter().map(|(l, _)| l.as_str()))
                .ok()?;
            for m in ac.find_overlapping_iter(within) {
                needed[literals[m.pattern().as_usize()].1] = true;
            }
        }
        let (sources, list_of): (Vec<&str>, Vec<usize>) = sources
            .into_iter()
            .zip(list_of)
            .zip(&needed)
            .filter(|(_, n)| **n)
            .map(|(p, _)| p)
            .unzip();
        if sources.is_empty() {
            return None;
        }
        Some(ListFinder {
            search: Search::Compiled(Finder::from_sources(&sources)?),
            list_of,
        })
    }

    /// Whether the lists were compiled into the binary (no compilation at run time, but for
    /// a pattern too large for a DFA).
    pub fn is_built(&self) -> bool {
        matches!(self.search, Search::Built(_))
    }

    /// Every match in `s`: (list index, byte range), leftmost first.
    pub fn find_all(&self, s: &str) -> Vec<(usize, std::ops::Range<usize>)> {
        let found = match &self.search {
            Search::Built(b) => b.find_ids(s),
            Search::Compiled(f) => f.find_ids(s),
        };
        found
            .into_iter()
            .map(|(p, r)| (self.list_of[p], r))
            .collect()
    }
}

/// Whether `p` could match in texts whose lower-cased concatenation is `within`: one of its
/// leading literals occurs there, or it has none (what the automaton of `build_for` finds,
/// for a few patterns).
pub(super) fn could_match(p: &str, within: &str) -> bool {
    leading_literals(p).is_none_or(|lits| lits.iter().any(|l| within.contains(l.as_str())))
}

/// The literals one of which every match of a lower-case pattern starts with, one per
/// top-level alternative: `\b(?:llama|qwen)[\w.]*\d` → `llama`, `qwen`; `\bcifar-?\d+` →
/// `cifar`. None when an alternative may start with something else (a class, an optional
/// character, a group) or the pattern is not lower-case only.
fn leading_literals(p: &str) -> Option<Vec<String>> {
    if !lower_case_only(p) {
        return None;
    }
    let s = p.strip_prefix("\\b").unwrap_or(p);
    let alts: Vec<&str> = if let Some(inner) = s.strip_prefix("(?:") {
        let close = top_level(inner, b')')?;
        let after = &inner[close + 1..];
        if after.starts_with(['?', '*', '{']) || top_level(after, b'|').is_some() {
            return None;
        }
        split_top_level(&inner[..close])
    } else {
        split_top_level(s)
    };
    alts.into_iter()
        .map(|a| {
            let lit = literal_prefix(a);
            (!lit.is_empty()).then_some(lit)
        })
        .collect()
}

/// The literal characters an alternative starts with (before any class, group, escape of a
/// class, or optional character).
fn literal_prefix(a: &str) -> String {
    let b = a.strip_prefix("\\b").unwrap_or(a).as_bytes();
    let mut out = String::new();
    let mut i = 0;
    while i < b.len() {
        let (c, next) = match b[i] {
            b'\\' => match b.get(i + 1) {
                Some(&e) if e.is_ascii_punctuation() => (e, i + 2),
                _ => break,
            },
            c if c.is_ascii_lowercase()
                || c.is_ascii_digit()
                || matches!(
                    c,
                    b' ' | b'-' | b'_' | b'/' | b',' | b':' | b'%' | b'=' | b'\''
                ) =>
            {
                (c, i + 1)
            }
            _ => break,
        };
        match b.get(next) {
            Some(b'?' | b'*' | b'{') => break,
            Some(b'+') => {
                out.push(c as char);
                break;
            }
            _ => out.push(c as char),
        }
        i = next;
    }
    out
}

/// The first index of `byte` at depth 0 of `s` (outside groups, classes and escapes).
fn top_level(s: &str, byte: u8) -> Option<usize> {
    let b = s.as_bytes();
    let (mut depth, mut i, mut class) = (0usize, 0, false);
    while i < b.len() {
        match b[i] {
            b'\\' => i += 1,
            b'[' if !class => class = true,
            b']' if class => class = false,
            _ if class => {}
            c if c == byte && depth == 0 => return Some(i),
            b'(' => depth += 1,
            b')' => depth = depth.saturating_sub(1),
            _ => {}
        }
        i += 1;
    }
    None
}

/// The top-level alternatives of `s`.
fn split_top_level(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = s;
    while let Some(i) = top_level(rest, b'|') {
        out.push(&rest[..i]);
        rest = &rest[i + 1..];
    }
    out.push(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_without_capitals_search_lower_cased_text() {
        assert!(lower_case_only(r"\bh100\b|\S+\d"));
        assert!(!lower_case_only(r"\bH100\b"));
        assert!(!lower_case_only(r"(?-i)x"));
        assert!(!lower_case_only(r"\x41"));
        let list: PatternList = serde_json::from_str(r#"["\\bsm\\d+\\b", "[A-Z]{3}\\d"]"#).unwrap();
        let text = "SM90 and sm100; ABC1 abc2";
        let got: Vec<&str> = list.find_all(text).into_iter().map(|r| &text[r]).collect();
        assert_eq!(got, ["SM90", "sm100", "ABC1", "abc2"]);
    }

    #[test]
    fn leading_literals_of_vocabulary_patterns() {
        let lits = |p: &str| leading_literals(p);
        let v = |xs: &[&str]| Some(xs.iter().map(|x| x.to_string()).collect::<Vec<_>>());
        assert_eq!(lits(r"\b(?:llama|qwen)[\w.]*\d"), v(&["llama", "qwen"]));
        assert_eq!(lits(r"\bcifar-?\d+"), v(&["cifar"]));
        assert_eq!(lits(r"\bvs\.?(?:\s|$)"), v(&["vs"]));
        assert_eq!(lits(r"\bcompared (?:with|to)\b"), v(&["compared "]));
        assert_eq!(lits(r"bench\b"), v(&["bench"]));
        assert_eq!(lits(r"\b(?:up|down) from\b"), v(&["up", "down"]));
        assert_eq!(lits(r"\bmax\b|\bmin\b"), v(&["max", "min"]));
        for none in [
            r"\b[abh]\d{3}x",
            r"\b(?:a|[bc])\b",
            r"\b(?:ab)?c",
            r"\bH100",
            r"\b(?:x|y)\b|\d",
            r"\bx?y",
        ] {
            assert_eq!(lits(none), None, "{none}");
        }
    }

    #[test]
    fn a_list_finder_compiles_only_what_can_match() {
        let hw: PatternList =
            serde_json::from_str(r#"["\\bh100\\b", "\\b[abl]\\d{2}\\b"]"#).unwrap();
        let pr: PatternList = serde_json::from_str(r#"["\\bfp8\\b", "\\bbf16\\b"]"#).unwrap();
        let text = "on an H100 and an L40 in FP8";
        let f = ListFinder::build_for(&[&hw, &pr], &text.to_ascii_lowercase()).unwrap();
        // bf16 cannot match, so it is not compiled; the class pattern always is
        assert_eq!(f.list_of, [0, 0, 1]);
        let got: Vec<(usize, &str)> = f
            .find_all(text)
            .into_iter()
            .map(|(k, r)| (k, &text[r]))
            .collect();
        assert_eq!(got, [(0, "H100"), (0, "L40"), (1, "FP8")]);
        assert!(ListFinder::build_for(&[&pr], "nothing here").is_none());
    }

    /// Lists one of whose patterns needs Unicode mode (`[~≈]`) are still searched as one
    /// automaton: a match of a later list inside an earlier match ("against" inside
    /// "compared against") is not found, wherever that pattern stands in its list.
    #[test]
    fn a_pattern_in_unicode_mode_keeps_overlaps_resolved() {
        let check: PatternList =
            serde_json::from_str(r#"["\\boutputs? compared (?:against|with)\\b"]"#).unwrap();
        let unicode = r#""\\((?:was|were) [~≈]?\\d""#;
        let text = "Outputs compared against an FP32 reference (ms)";
        for base in [
            format!(r#"["\\bagainst\\b", {unicode}]"#),
            format!(r#"[{unicode}, "\\bagainst\\b"]"#),
        ] {
            let base: PatternList = serde_json::from_str(&base).unwrap();
            let f = ListFinder::build_for(&[&base, &check], &text.to_ascii_lowercase())
                .expect("the lists compile together");
            let got: Vec<(usize, &str)> = f
                .find_all(text)
                .into_iter()
                .map(|(k, r)| (k, &text[r]))
                .collect();
            assert_eq!(got, [(1, "Outputs compared against")]);
        }
    }
}
