//! Lists of patterns matched as one: `PatternList` (a vocabulary or a table of URL patterns
//! of the policy, compiled on first use), `AsciiSet` (which pattern of a list matches first)
//! and `Finder` (where a list matches). One automaton per list, not one per pattern.

use super::literal::lower_case_only;
use super::pattern::{patterns, Pattern};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// A list of patterns matched as one: compiled on first use into a single ASCII-mode
/// multi-pattern automaton (one build instead of one per pattern, and without the literal
/// prefilter, which for a vocabulary costs more to build than it saves on short texts).
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(transparent)]
pub struct PatternList {
    #[serde(deserialize_with = "patterns")]
    patterns: Vec<Pattern>,
    #[serde(skip)]
    set: OnceLock<Option<AsciiSet>>,
    /// The same list in Unicode mode, for non-ASCII text (built only if such text comes).
    #[serde(skip)]
    unicode: OnceLock<Option<AsciiSet>>,
    /// The same list for finding where matches are (leftmost-first, ASCII semantics), built
    /// only for lists asked where they match.
    #[serde(skip)]
    finder: OnceLock<Option<Finder>>,
}

impl PatternList {
    /// A list of the default policy held in the binary (see `default_lists`).
    pub(crate) fn from_static(sources: &'static [&'static str]) -> PatternList {
        PatternList {
            patterns: sources.iter().map(|s| Pattern::from_static(s)).collect(),
            ..PatternList::default()
        }
    }

    pub fn iter(&self) -> std::slice::Iter<'_, Pattern> {
        self.patterns.iter()
    }

    pub fn is_empty(&self) -> bool {
        self.patterns.is_empty()
    }

    /// Whether every pattern is written in ASCII (and so matched with ASCII semantics).
    pub fn is_ascii(&self) -> bool {
        self.patterns.iter().all(|p| p.as_str().is_ascii())
    }

    fn set(&self) -> Option<&AsciiSet> {
        self.set
            .get_or_init(|| AsciiSet::build(self.patterns.iter().map(Pattern::as_str), false))
            .as_ref()
    }

    /// Whether the list is matched by DFAs compiled into the binary (a list of the default
    /// policy): asking it costs no compilation.
    pub fn is_built(&self) -> bool {
        self.set().is_some_and(AsciiSet::is_built)
    }

    /// Whether any pattern matches, with ASCII semantics (see `Pattern::is_match_ascii`).
    pub fn is_match(&self, s: &str) -> bool {
        match self.set() {
            Some(set) => set.is_match(s),
            None => self.patterns.iter().any(|p| p.is_match_ascii(s)),
        }
    }

    /// The first pattern (in list order) that matches. Patterns written in ASCII are matched
    /// with ASCII semantics (`\w`, `\b`, `\d`, `\s` and case folding over ASCII; for ASCII
    /// text that is exactly Unicode semantics); a list with a non-ASCII pattern is matched in
    /// Unicode mode against non-ASCII text.
    pub fn first_match_exact(&self, s: &str) -> Option<&Pattern> {
        if self.patterns.is_empty() {
            return None;
        }
        // ASCII patterns are matched with ASCII semantics whatever the text; a list with a
        // non-ASCII pattern gets Unicode semantics for non-ASCII text.
        let set = if s.is_ascii() || self.patterns.iter().all(|p| p.as_str().is_ascii()) {
            self.set()
        } else {
            self.unicode
                .get_or_init(|| AsciiSet::build(self.patterns.iter().map(Pattern::as_str), true))
                .as_ref()
        };
        match set {
            Some(set) => set.first_match(s).map(|i| &self.patterns[i]),
            None => self.patterns.iter().find(|p| p.is_match(s)),
        }
    }

    /// The byte ranges of non-overlapping matches of any pattern in `s`, leftmost first, with
    /// ASCII semantics (as `is_match`); ranges may need rounding to character boundaries
    /// where a user's pattern matches inside a non-ASCII character.
    pub fn find_all(&self, s: &str) -> Vec<std::ops::Range<usize>> {
        match self.finder() {
            Some(f) => f.find_all(s),
            None => {
                let mut all: Vec<std::ops::Range<usize>> = self
                    .patterns
                    .iter()
                    .flat_map(|p| p.find_iter(s).map(|m| m.range()))
                    .collect();
                all.sort_by_key(|r| (r.start, r.end));
                all
            }
        }
    }

    fn finder(&self) -> Option<&Finder> {
        if self.patterns.is_empty() {
            return None;
        }
        self.finder
            .get_or_init(|| Finder::build(&self.patterns))
            .as_ref()
    }

    /// `is_match` with full Unicode semantics (see `first_match_exact`).
    pub fn is_match_exact(&self, s: &str) -> bool {
        self.first_match_exact(s).is_some()
    }
}

/// A pattern list compiled to find where it matches: leftmost-first, ASCII semantics,
/// case-insensitive. A list whose patterns spell no capital letter is compiled
/// case-sensitively and searched in lower-cased text: the same matches at the same offsets,
/// for a fraction of the compile time (case folding every letter of a long vocabulary is most
/// of its cost).
#[derive(Debug, Clone)]
pub(super) struct Finder {
    re: regex_automata::meta::Regex,
    lowered: bool,
}

impl Finder {
    pub(super) fn build(patterns: &[Pattern]) -> Option<Finder> {
        let sources: Vec<&str> = patterns.iter().map(Pattern::as_str).collect();
        Finder::from_sources(&sources)
    }

    pub(super) fn from_sources(sources: &[&str]) -> Option<Finder> {
        Finder::compile(sources, sources.iter().all(|p| lower_case_only(p)))
    }

    /// Compiled case-sensitively for lower-cased text if `lowered` (every pattern must then be
    /// `lower_case_only`), else case-insensitively. A pattern that ASCII mode cannot express
    /// (a non-ASCII character in a class, `[~≈]`; `\p{..}`) is compiled in Unicode mode, as
    /// `Pattern` matches it alone, so that the list still compiles as one: failing would leave
    /// callers to search list by list, which keeps matches that the leftmost-first search of
    /// one automaton drops (a baseline's "against" inside a check's "compared against").
    pub(super) fn compile(sources: &[&str], lowered: bool) -> Option<Finder> {
        Finder::compile_ascii(sources, lowered).or_else(|| {
            // (a parser is not reused: one that failed to translate keeps its state)
            let ascii = |p: &str| {
                regex_syntax::ParserBuilder::new()
                    .unicode(false)
                    .utf8(false)
                    .case_insensitive(!lowered)
                    .build()
                    .parse(p)
                    .is_ok()
            };
            let mut unicode = false;
            let sources: Vec<std::borrow::Cow<str>> = sources
                .iter()
                .map(|&p| {
                    if ascii(p) {
                        p.into()
                    } else {
                        unicode = true;
                        format!("(?u:{p})").into()
                    }
                })
                .collect();
            if !unicode {
                return None;
            }
            let sources: Vec<&str> = sources.iter().map(|p| p.as_ref()).collect();
            Finder::compile_ascii(&sources, lowered)
        })
    }

    fn compile_ascii(sources: &[&str], lowered: bool) -> Option<Finder> {
        use regex_automata::{meta, util::syntax};
        let re = meta::Regex::builder()
            .configure(
                meta::Config::new()
                    .auto_prefilter(false)
                    .onepass(false)
                    .which_captures(regex_automata::nfa::thompson::WhichCaptures::Implicit),
            )
            .syntax(
                syntax::Config::new()
                    .unicode(false)
                    .utf8(false)
                    .case_insensitive(!lowered),
            )
            .build_many(sources)
            .ok()?;
        Some(Finder { re, lowered })
    }

    fn haystack<'a>(&self, s: &'a str) -> std::borrow::Cow<'a, [u8]> {
        if self.lowered && s.bytes().any(|b| b.is_ascii_uppercase()) {
            std::borrow::Cow::Owned(s.as_bytes().to_ascii_lowercase())
        } else {
            std::borrow::Cow::Borrowed(s.as_bytes())
        }
    }

    pub(super) fn find_all(&self, s: &str) -> Vec<std::ops::Range<usize>> {
        let h = self.haystack(s);
        self.re.find_iter(h.as_ref()).map(|m| m.range()).collect()
    }

    /// The first match in `h` at or after `at` (leftmost-first): the index of its pattern and
    /// its range. `h` is the text, lower-cased if the finder is `lowered`.
    pub(super) fn search_at(&self, h: &[u8], at: usize) -> Option<(usize, std::ops::Range<usize>)> {
        let input = regex_automata::Input::new(h).span(at..h.len());
        self.re
            .search(&input)
            .map(|m| (m.pattern().as_usize(), m.range()))
    }

    /// Each match with the index of the pattern that matched.
    pub(super) fn find_ids(&self, s: &str) -> Vec<(usize, std::ops::Range<usize>)> {
        let h = self.haystack(s);
        self.re
            .find_iter(h.as_ref())
            .map(|m| (m.pattern().as_usize(), m.range()))
            .collect()
    }
}

/// Patterns compiled together with ASCII semantics, case-insensitively; answers whether any
/// matches and which is the first (in list order) that does. A list of the default policy in
/// ASCII mode is read from the DFAs compiled into the binary (`compiled::BuiltSet`); any other
/// is compiled here.
#[derive(Debug, Clone)]
pub struct AsciiSet {
    inner: SetInner,
}

#[derive(Debug, Clone)]
enum SetInner {
    Built(super::compiled::BuiltSet),
    Compiled(regex_automata::meta::Regex),
}

impl AsciiSet {
    /// None if a pattern needs Unicode mode (callers then match one by one).
    pub fn new<'a>(sources: impl Iterator<Item = &'a str>) -> Option<AsciiSet> {
        AsciiSet::build(sources, false)
    }

    /// The set in ASCII or (for non-ASCII text) Unicode mode.
    pub fn build<'a>(sources: impl Iterator<Item = &'a str>, unicode: bool) -> Option<AsciiSet> {
        let sources: Vec<&str> = sources.collect();
        if !unicode {
            if let Some(built) = super::compiled::BuiltSet::find(&sources) {
                return Some(AsciiSet {
                    inner: SetInner::Built(built),
                });
            }
        }
        AsciiSet::compile(&sources, unicode)
    }

    /// The set compiled at run time (what `build` does for a list the binary does not hold).
    fn compile(sources: &[&str], unicode: bool) -> Option<AsciiSet> {
        use regex_automata::{meta, util::syntax};
        meta::Regex::builder()
            .configure(
                meta::Config::new()
                    .auto_prefilter(false)
                    .onepass(false)
                    .backtrack(false)
                    .which_captures(regex_automata::nfa::thompson::WhichCaptures::None)
                    .match_kind(regex_automata::MatchKind::All),
            )
            .syntax(
                syntax::Config::new()
                    .unicode(unicode)
                    .utf8(unicode)
                    .case_insensitive(true),
            )
            .build_many(sources)
            .ok()
            .map(|re| AsciiSet {
                inner: SetInner::Compiled(re),
            })
    }

    /// Whether the set was compiled into the binary.
    pub fn is_built(&self) -> bool {
        matches!(self.inner, SetInner::Built(_))
    }

    pub fn is_match(&self, s: &str) -> bool {
        match &self.inner {
            SetInner::Built(b) => b.first_match(s).is_some(),
            SetInner::Compiled(re) => re.is_match(s.as_bytes()),
        }
    }

    /// The lowest-numbered pattern that matches anywhere in `s`.
    pub fn first_match(&self, s: &str) -> Option<usize> {
        match &self.inner {
            SetInner::Built(b) => b.first_match(s),
            SetInner::Compiled(re) => {
                let mut set = regex_automata::PatternSet::new(re.pattern_len());
                re.which_overlapping_matches(&regex_automata::Input::new(s.as_bytes()), &mut set);
                set.iter().next().map(|p| p.as_usize())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::Policy;

    /// The default vocabularies and URL patterns must compile as ASCII sets: the fallback
    /// (one Unicode regex per pattern) costs milliseconds of start-up.
    #[test]
    fn default_pattern_lists_compile_as_ascii_sets() {
        let p = Policy::default_policy();
        let v = &p.perf;
        for (name, list) in [
            ("hardware", &v.hardware),
            ("workload", &v.workload),
            ("precision", &v.precision),
            ("baseline", &v.baseline),
            ("correctness", &v.correctness),
            ("setting_cues", &v.setting_cues),
            ("measurement_cues", &v.measurement_cues),
            ("hypothetical_cues", &v.hypothetical_cues),
            ("results_cues", &v.results_cues),
            ("command_cues", &v.command_cues),
        ] {
            for pat in list.iter() {
                assert!(
                    AsciiSet::new(std::iter::once(pat.as_str())).is_some(),
                    "[perf] {name}: `{}` needs Unicode mode",
                    pat.as_str()
                );
            }
            assert!(list.set().is_some(), "[perf] {name}");
        }
        let s = &p.sources;
        let urls = [&s.paper, &s.docs, &s.repo, &s.report]
            .into_iter()
            .chain(s.inadmissible.values())
            .flat_map(|g| g.urls.iter().map(Pattern::as_str));
        assert!(AsciiSet::new(urls).is_some());
    }

    /// A literal pattern is searched without an automaton, and finds what the automaton would.
    #[test]
    fn pattern_lists_find_where_they_match() {
        let list: PatternList = serde_json::from_str(r#"["\\bh100\\b", "\\bfp8\\b"]"#).unwrap();
        let text = "FP8 on an H100, fp8 again; h1000 no";
        let got: Vec<&str> = list.find_all(text).into_iter().map(|r| &text[r]).collect();
        assert_eq!(got, ["FP8", "H100", "fp8"]);
        assert!(PatternList::default().find_all(text).is_empty());
    }

    /// A pattern that ASCII mode cannot compile (a non-ASCII character in a class) does not
    /// keep its list from compiling as one automaton; it matches in Unicode mode.
    #[test]
    fn finders_compile_patterns_that_need_unicode_mode() {
        for lowered in [true, false] {
            let f = Finder::compile(&[r"\bagainst\b", r"(?:was|were) [~≈]?\d"], lowered)
                .expect("the list compiles as one");
            let text = "was ≈3, were 4 and against";
            let got: Vec<(usize, &str)> = f
                .find_ids(text)
                .into_iter()
                .map(|(p, r)| (p, &text[r]))
                .collect();
            assert_eq!(
                got,
                [(1, "was ≈3"), (1, "were 4"), (0, "against")],
                "{lowered}"
            );
        }
    }

    #[test]
    fn ascii_sets_report_the_first_pattern_in_list_order() {
        let set = AsciiSet::new(["b", "a", "ab"].into_iter()).unwrap();
        assert_eq!(set.first_match("xab"), Some(0));
        assert_eq!(set.first_match("xa"), Some(1));
        assert_eq!(set.first_match("zzz"), None);
        assert!(set.is_match("AB"));
    }
}
