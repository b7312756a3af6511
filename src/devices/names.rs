//! Finding the device names of the table in a text. A spelling matches case-insensitively
//! (ASCII), with a space, a hyphen or nothing between its words ("H100 SXM", "H100-SXM",
//! "H100SXM"), ending at a word boundary, optionally with a plural `s` ("H100s"). Where several
//! spellings match, the leftmost wins, and at one start the earlier spelling (the table sorts
//! the longest first): the semantics of one leftmost-first regular expression over all of
//! them. Found instead with one Aho-Corasick automaton over the spellings' words written
//! together, searched in the text with its separators left out and then checked against the
//! text: it builds in a fraction of the time (the regex took ~2 ms per run to build for the
//! default table, more than the rest of the rule).
//! default table's automaton is compiled when the binary is built (`build.rs`, a DFA that
//! reports every spelling ending at each byte, as Aho-Corasick does); another table's is built
//! on first use.

use super::joined::joined;
use aho_corasick::{AhoCorasick, MatchKind};
use regex_automata::dfa::{sparse, Automaton, OverlappingState};
use regex_automata::Input;
use std::borrow::Cow;
use std::ops::Range;

mod built {
    include!(concat!(env!("OUT_DIR"), "/device_names.rs"));
}

/// The default table's automaton (see `build.rs`), a sparse DFA.
static BUILT: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/device_names.bin"));

/// The default table's spellings in the matcher's order (see `joined::ordered`): (device,
/// bare, the spelling ends in `s`).
pub(super) fn default_spellings() -> &'static [(usize, bool, bool)] {
    built::SPELLINGS
}

/// Reads the default table's automaton. Without `validate`, the bytes are trusted:
/// `build.rs` wrote them for this target with `sparse::DFA::to_bytes_*_endian`, and the test
/// `the_built_automaton_is_valid_and_finds_what_aho_corasick_finds` reads them with validation.
fn built_dfa(validate: bool) -> Option<sparse::DFA<&'static [u8]>> {
    if validate {
        return sparse::DFA::from_bytes(BUILT).ok().map(|(d, _)| d);
    }
    // SAFETY: see above (a sparse DFA needs no alignment).
    unsafe { sparse::DFA::from_bytes_unchecked(BUILT) }
        .ok()
        .map(|(d, _)| d)
}

/// What finds the joined spellings in a squeezed text: every spelling that ends at each byte.
#[derive(Debug)]
enum Search {
    Built(Box<sparse::DFA<&'static [u8]>>),
    Ac(AhoCorasick),
}

/// The spellings of a device table, compiled.
#[derive(Debug)]
pub(super) struct NameMatcher {
    /// Each spelling's words written together, lower-cased ("h100sxm"), searched in the text
    /// with its spaces and hyphens left out.
    search: Search,
    /// For each pattern of the automaton: its spelling, where its words end in the joined
    /// form (the gaps that may hold a separator), and the joined form's length. (Borrowed
    /// from the binary for the default table.)
    patterns: Vec<(usize, Cow<'static, [usize]>, usize)>,
}

/// A byte that may stand between the words of a spelling (`[\s\-]` with ASCII semantics).
fn separator(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r' | b'-')
}

fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Whether `at` is an ASCII word boundary of `text`.
fn boundary(text: &[u8], at: usize) -> bool {
    let before = at > 0 && is_word(text[at - 1]);
    let after = text.get(at).is_some_and(|&b| is_word(b));
    before != after
}

impl NameMatcher {
    /// None when there is nothing to find (an empty table) or the automaton cannot be built.
    pub(super) fn new<'a>(spellings: impl Iterator<Item = &'a str>) -> Option<NameMatcher> {
        NameMatcher::with(spellings, true)
    }

    /// The default table's matcher, all of it written by `build.rs`: the matcher `new` makes
    /// of the spellings `default_spellings` orders (tested), without joining them again.
    pub(super) fn default_table() -> Option<NameMatcher> {
        let dfa = built_dfa(false)?;
        Some(NameMatcher {
            search: Search::Built(Box::new(dfa)),
            patterns: built::PATTERNS
                .iter()
                .map(|&(i, gaps, len)| (i, Cow::Borrowed(gaps), len))
                .collect(),
        })
    }

    /// `new`, using the automaton built with the binary when the spellings are the default
    /// table's (`prebuilt`).
    fn with<'a>(spellings: impl Iterator<Item = &'a str>, prebuilt: bool) -> Option<NameMatcher> {
        let mut words = Vec::new();
        let mut patterns = Vec::new();
        for (i, s) in spellings.enumerate() {
            if let Some((word, gaps)) = joined(s) {
                patterns.push((i, Cow::Owned(gaps), word.len()));
                words.push(word);
            }
        }
        if words.is_empty() {
            return None;
        }
        let default = prebuilt
            && words
                .iter()
                .map(String::as_str)
                .eq(built::JOINED.iter().copied());
        let search = match default.then(|| built_dfa(false)).flatten() {
            Some(dfa) => Search::Built(Box::new(dfa)),
            None => Search::Ac(
                AhoCorasick::builder()
                    .match_kind(MatchKind::Standard)
                    .build(&words)
                    .ok()?,
            ),
        };
        Some(NameMatcher { search, patterns })
    }

    /// Every (pattern, start, end) of the automaton in `hay`, overlapping ones included.
    fn each(&self, hay: &[u8], mut found: impl FnMut(usize, usize, usize)) {
        match &self.search {
            Search::Ac(ac) => {
                for m in ac.find_overlapping_iter(hay) {
                    found(m.pattern().as_usize(), m.start(), m.end());
                }
            }
            Search::Built(dfa) => {
                let input = Input::new(hay);
                let mut state = OverlappingState::start();
                while let Ok(()) = dfa.try_search_overlapping_fwd(&input, &mut state) {
                    let Some(m) = state.get_match() else {
                        break;
                    };
                    let p = m.pattern().as_usize();
                    found(p, m.offset() - self.patterns[p].2, m.offset());
                }
            }
        }
    }

    /// The matches in `text`, left to right, without overlaps: (spelling, byte range).
    pub(super) fn find_iter(&self, text: &str) -> Vec<(usize, Range<usize>)> {
        let bytes = text.as_bytes();
        // The text lower-cased without its separators, and where each of its bytes was.
        let mut squeezed = Vec::with_capacity(bytes.len());
        let mut at = Vec::with_capacity(bytes.len());
        for (i, &b) in bytes.iter().enumerate() {
            if !separator(b) {
                squeezed.push(b.to_ascii_lowercase());
                at.push(i);
            }
        }
        let mut found: Vec<(usize, usize, usize)> = Vec::new();
        self.each(&squeezed, |p, m_start, m_end| {
            let (spelling, gaps, _) = &self.patterns[p];
            // No separator inside a word, at most one between two words.
            let ok = (m_start + 1..m_end).all(|k| {
                let skipped = at[k] - at[k - 1] - 1;
                skipped == 0 || (skipped == 1 && gaps.contains(&(k - m_start)))
            });
            if !ok {
                return;
            }
            let (start, end) = (at[m_start], at[m_end - 1] + 1);
            // A plural `s`, then a word boundary.
            let end = if matches!(bytes.get(end), Some(b's' | b'S')) && boundary(bytes, end + 1) {
                end + 1
            } else if boundary(bytes, end) {
                end
            } else {
                return;
            };
            found.push((start, *spelling, end));
        });
        found.sort_unstable();
        let mut out = Vec::new();
        let mut from = 0;
        for (start, spelling, end) in found {
            if start >= from {
                out.push((spelling, start..end));
                from = end;
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn find(spellings: &[&str], text: &str) -> Vec<(usize, String)> {
        let m = NameMatcher::new(spellings.iter().copied()).unwrap();
        m.find_iter(text)
            .into_iter()
            .map(|(s, r)| (s, text[r].to_string()))
            .collect()
    }

    #[test]
    fn separators_case_plural_and_boundaries() {
        let sp = ["H100 SXM", "H100", "TPU v5e"];
        assert_eq!(
            find(&sp, "an h100-sxm, H100SXM and h100 sxm"),
            [(0, "h100-sxm"), (0, "H100SXM"), (0, "h100 sxm")].map(|(i, s)| (i, s.into()))
        );
        assert_eq!(
            find(&sp, "eight H100s; TPU\tv5e; tpuv5e"),
            [(1, "H100s"), (2, "TPU\tv5e"), (2, "tpuv5e")].map(|(i, s)| (i, s.into()))
        );
        // inside a longer word, or a separator the spelling does not allow
        assert!(find(&sp, "H1000 H100x H 100 XH100Z").is_empty());
        // the earlier spelling wins at one start; the leftmost start wins over priority
        assert_eq!(
            find(&["A B C", "B C D", "A"], "a b c d"),
            [(0, "a b c".into())]
        );
        assert_eq!(find(&["B C", "A B"], "a b c"), [(1, "a b".into())]);
    }

    /// The automaton compiled with the binary reads back with validation (what makes the
    /// unchecked read sound), is what the default table uses, and finds exactly what the
    /// Aho-Corasick automaton of the same spellings finds, on every fixture and corpus text.
    #[test]
    fn the_built_automaton_is_valid_and_finds_what_aho_corasick_finds() {
        assert!(built_dfa(true).is_some());
        let policy = crate::policy::Policy::default_policy();
        let specs = policy.perf.devices.get();
        let spellings = super::super::joined::ordered(
            specs
                .iter()
                .map(|d| (d.names.as_slice(), d.bare.as_slice())),
        );
        let names = || spellings.iter().map(|(s, ..)| s.as_str());
        let built = NameMatcher::with(names(), true).unwrap();
        let ac = NameMatcher::with(names(), false).unwrap();
        // the matcher `build.rs` wrote out whole is the one made of the spellings
        assert_eq!(
            NameMatcher::default_table().unwrap().patterns,
            built.patterns
        );
        assert!(matches!(built.search, Search::Built(_)));
        assert!(matches!(ac.search, Search::Ac(_)));
        // another table (one spelling fewer) builds its own
        let other = NameMatcher::with(names().skip(1), true).unwrap();
        assert!(matches!(other.search, Search::Ac(_)));
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut texts =
            vec!["8xH100 SXM, h100-sxm5 and two MI300Xs; GB200\nNVL72 or TPU v5e".to_string()];
        for dir in ["tests/fixtures", "../shared/corpus", "../shared/corpus/dev"] {
            let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
                continue;
            };
            for e in entries.flatten() {
                if e.path().extension().is_some_and(|x| x == "md") {
                    texts.extend(std::fs::read_to_string(e.path()).ok());
                }
            }
        }
        let mut found = 0;
        for text in &texts {
            let want = ac.find_iter(text);
            assert_eq!(built.find_iter(text), want);
            found += want.len();
        }
        assert!(found > 100, "{found} device names in {} texts", texts.len());
    }

    #[test]
    fn a_separator_only_between_words() {
        let sp = ["GB200 NVL72", "A B C"];
        assert_eq!(find(&sp, "GB200\nNVL72"), [(0, "GB200\nNVL72".into())]);
        assert!(find(&sp, "GB-200 NVL72 GB200  NVL72 GB200 -NVL72").is_empty());
        assert_eq!(find(&sp, "a-b c"), [(1, "a-b c".into())]);
        assert!(NameMatcher::new([" - ", ""].into_iter()).is_none());
        assert_eq!(find(&["", "b"], "a b"), [(1, "b".into())]);
    }
}
