//! Policy patterns: one case-insensitive regular expression (`Pattern`), and a list of them
//! matched as one automaton (`PatternList`, `AsciiSet`). Both compile on first use, so a run
//! pays only for the patterns its rules need.

use super::literal::lower_case_only;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::sync::OnceLock;

/// The compiled-size limit of one pattern.
const SIZE_LIMIT: usize = 32 << 20;

/// A case-insensitive regular expression. Its syntax is checked when the policy is read (so a
/// bad pattern is reported at its line in the policy file); it is compiled on first use, so a
/// run pays only for the patterns it needs.
#[derive(Debug, Clone)]
pub struct Pattern {
    source: String,
    re: OnceLock<Option<regex::Regex>>,
    /// The same pattern for ASCII-only text (URLs): no Unicode tables, so it compiles several
    /// times faster. None when the pattern needs Unicode mode.
    ascii: OnceLock<Option<regex::bytes::Regex>>,
    /// The ASCII-mode pattern for capture groups in a few blocks of text (`group_ranges`):
    /// only the engines that need no automaton built up front.
    groups: OnceLock<Option<regex_automata::meta::Regex>>,
    /// How `find_ranges` matches (None: in Unicode mode).
    text: OnceLock<Option<TextMatcher>>,
}

impl Pattern {
    pub fn new(source: &str) -> Result<Pattern, String> {
        // A pattern of the default policy (a user's file may repeat them all, as `init`
        // writes it) is trusted: the default is tested to compile.
        if default_patterns().contains(source) {
            return Ok(Pattern::trusted(source.to_string()));
        }
        let why = |e: &dyn std::fmt::Display| {
            let detail = e.to_string();
            detail
                .lines()
                .last()
                .unwrap_or("invalid")
                .trim()
                .to_string()
        };
        // The syntax check is cheap; translation (Unicode tables, case folding) is not, and
        // can only fail on Unicode classes and escapes, so only such patterns are translated.
        let ast = regex_syntax::ast::parse::Parser::new()
            .parse(source)
            .map_err(|e| why(&e))?;
        if source.contains("\\p") || source.contains("\\P") || !source.is_ascii() {
            regex_syntax::hir::translate::TranslatorBuilder::new()
                .case_insensitive(true)
                .build()
                .translate(source, &ast)
                .map_err(|e| why(&e))?;
        }
        let p = Pattern::trusted(source.to_string());
        // A pattern of the default policy is known to compile; any other is compiled now, so
        // that one over the size limit is an error here instead of matching nothing later.
        if !crate::policy::DEFAULT_POLICY.contains(source) && p.compiled().is_none() {
            return Err(format!(
                "it compiles to more than the limit of {} MiB: split or simplify it",
                SIZE_LIMIT >> 20
            ));
        }
        Ok(p)
    }

    /// A pattern whose syntax is not checked (the embedded default, tested separately).
    fn trusted(source: String) -> Pattern {
        Pattern {
            source,
            re: OnceLock::new(),
            ascii: OnceLock::new(),
            groups: OnceLock::new(),
            text: OnceLock::new(),
        }
    }

    /// The compiled expression; None only if it exceeds the compiled-size limit, in which
    /// case it matches nothing.
    fn compiled(&self) -> Option<&regex::Regex> {
        self.re
            .get_or_init(|| {
                regex::RegexBuilder::new(&self.source)
                    .case_insensitive(true)
                    .size_limit(SIZE_LIMIT)
                    .build()
                    .ok()
            })
            .as_ref()
    }

    pub fn is_match(&self, s: &str) -> bool {
        self.compiled().is_some_and(|r| r.is_match(s))
    }

    /// `is_match` with ASCII semantics (case folding, `\b`, `\w`, `\d` over ASCII only):
    /// several times cheaper to compile. Exact for ASCII text (URLs with percent-encoded
    /// paths); for prose, vocabularies of ASCII terms match as they would in Unicode mode.
    pub fn is_match_ascii(&self, s: &str) -> bool {
        match self.ascii_regex() {
            Some(r) => r.is_match(s.as_bytes()),
            None => self.is_match(s),
        }
    }

    /// The pattern compiled with ASCII semantics; None when it needs Unicode mode.
    fn ascii_regex(&self) -> Option<&regex::bytes::Regex> {
        self.ascii
            .get_or_init(|| {
                regex::bytes::RegexBuilder::new(&self.source)
                    .unicode(false)
                    .case_insensitive(true)
                    .size_limit(SIZE_LIMIT)
                    .build()
                    .ok()
            })
            .as_ref()
    }

    /// The pattern in ASCII mode for `group_ranges`: a bounded backtracker and the PikeVM, led
    /// by the literal prefilter. Compiling the lazy and one-pass DFAs of the full engine would
    /// cost more than the few blocks this searches.
    fn group_regex(&self) -> Option<&regex_automata::meta::Regex> {
        use regex_automata::{meta, util::syntax};
        self.groups
            .get_or_init(|| {
                meta::Regex::builder()
                    .configure(
                        meta::Config::new()
                            .hybrid(false)
                            .onepass(false)
                            .auto_prefilter(false)
                            .nfa_size_limit(Some(SIZE_LIMIT)),
                    )
                    .syntax(
                        syntax::Config::new()
                            .unicode(false)
                            .utf8(false)
                            .case_insensitive(true),
                    )
                    .build(&self.source)
                    .ok()
            })
            .as_ref()
    }

    /// Where the pattern matches in `s` (non-overlapping), with the semantics of pattern lists:
    /// a pattern written in ASCII is matched with ASCII case folding, `\w`, `\b`, `\d`, `\s`
    /// (compiled without Unicode tables: several times cheaper); a pattern that could then
    /// match part of a character (`.`, a negated class) or that is not ASCII, in Unicode mode.
    /// Every range lies on character boundaries.
    pub fn find_ranges(&self, s: &str) -> Vec<std::ops::Range<usize>> {
        let text = self
            .text
            .get_or_init(|| {
                use regex_automata::{meta, util::syntax};
                if !self.source.is_ascii() {
                    return None;
                }
                // A literal (`\*\*Checkpoint:\*\*`) needs no automaton: compiling one costs
                // more than searching a whole list.
                if let Some(lit) = ascii_literal(&self.source) {
                    return Some(TextMatcher::Literal(lit));
                }
                meta::Regex::builder()
                    .configure(meta::Config::new().nfa_size_limit(Some(SIZE_LIMIT)))
                    .syntax(
                        syntax::Config::new()
                            .unicode(false)
                            .utf8(true)
                            .case_insensitive(true),
                    )
                    .build(&self.source)
                    .ok()
                    .map(TextMatcher::Regex)
            })
            .as_ref();
        match text {
            Some(TextMatcher::Regex(r)) => r.find_iter(s.as_bytes()).map(|m| m.range()).collect(),
            Some(TextMatcher::Literal(lit)) => find_literal(s, lit),
            None => self.find_iter(s).map(|m| m.range()).collect(),
        }
    }

    /// Non-overlapping matches in `s`.
    pub fn find_iter<'a, 'h: 'a>(
        &'a self,
        s: &'h str,
    ) -> impl Iterator<Item = regex::Match<'h>> + 'a {
        self.compiled()
            .into_iter()
            .flat_map(move |r| r.find_iter(s))
    }

    /// Capture groups of each match in `s`.
    pub fn captures_iter<'a, 'h: 'a>(
        &'a self,
        s: &'h str,
    ) -> impl Iterator<Item = regex::Captures<'h>> + 'a {
        self.compiled()
            .into_iter()
            .flat_map(move |r| r.captures_iter(s))
    }

    /// Whether the pattern has a capture group of this name: read from its syntax tree, so
    /// the check compiles nothing.
    pub fn has_group(&self, name: &str) -> bool {
        use regex_syntax::ast::{Ast, GroupKind};
        fn walk(ast: &Ast, name: &str) -> bool {
            match ast {
                Ast::Group(g) => {
                    matches!(&g.kind, GroupKind::CaptureName { name: n, .. } if n.name == name)
                        || walk(&g.ast, name)
                }
                Ast::Repetition(r) => walk(&r.ast, name),
                Ast::Alternation(a) => a.asts.iter().any(|x| walk(x, name)),
                Ast::Concat(c) => c.asts.iter().any(|x| walk(x, name)),
                _ => false,
            }
        }
        // Iterative parsing in regex-syntax bounds the nesting; the depth of the tree is the
        // pattern's own (a policy value of bounded size).
        regex_syntax::ast::parse::Parser::new()
            .parse(&self.source)
            .is_ok_and(|ast| walk(&ast, name))
    }

    /// The ranges of the group `name` in each match in `s`. ASCII text matched by a pattern
    /// written in ASCII goes through the ASCII-mode expression (the same matches there, and
    /// several times cheaper to compile); other text through the Unicode one.
    pub fn group_ranges(&self, s: &str, name: &str) -> Vec<std::ops::Range<usize>> {
        if s.is_ascii() && self.source.is_ascii() {
            if let Some(r) = self.group_regex() {
                let Some(group) = r
                    .group_info()
                    .to_index(regex_automata::PatternID::ZERO, name)
                else {
                    return Vec::new();
                };
                let mut out = Vec::new();
                r.captures_iter(s.as_bytes()).for_each(|c| {
                    out.extend(c.get_group(group).map(|m| m.range()));
                });
                return out;
            }
        }
        self.captures_iter(s)
            .filter_map(|c| c.name(name).map(|m| m.range()))
            .collect()
    }

    pub fn as_str(&self) -> &str {
        &self.source
    }
}

/// How `Pattern::find_ranges` searches: a literal, or an automaton in ASCII mode.
#[derive(Debug, Clone)]
enum TextMatcher {
    /// The pattern's text, lower case (it matches with ASCII case folding).
    Literal(String),
    Regex(regex_automata::meta::Regex),
}

/// The text a pattern matches when it is a literal: letters, digits, spaces, punctuation
/// without a meaning in patterns, and punctuation escaped with `\`; lower case. None for
/// anything else (classes, repetitions, groups, `\b`-like escapes) and for an empty pattern.
fn ascii_literal(p: &str) -> Option<String> {
    let mut out = String::with_capacity(p.len());
    let mut bytes = p.bytes();
    while let Some(b) = bytes.next() {
        match b {
            // an escaped meta character is itself; other escapes (`\<`, `\b`, `\d`) are not
            b'\\' => match bytes.next() {
                Some(e) if regex_syntax::is_meta_character(char::from(e)) => {
                    out.push(char::from(e))
                }
                _ => return None,
            },
            b'.' | b'^' | b'$' | b'*' | b'+' | b'?' | b'(' | b')' | b'[' | b']' | b'{' | b'}'
            | b'|' => return None,
            b if b.is_ascii_alphanumeric() || b == b' ' || b.is_ascii_punctuation() => {
                out.push(char::from(b.to_ascii_lowercase()))
            }
            _ => return None,
        }
    }
    (!out.is_empty()).then_some(out)
}

/// Where the lower-case ASCII literal `lit` occurs in `s` with ASCII case folding, without
/// overlaps, leftmost first (what a pattern of it finds).
fn find_literal(s: &str, lit: &str) -> Vec<std::ops::Range<usize>> {
    let lower = s.to_ascii_lowercase();
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = lower[from..].find(lit) {
        let start = from + i;
        out.push(start..start + lit.len());
        from = start + lit.len();
    }
    out
}

/// The single-quoted strings of the default policy: its patterns (and a few other literals).
fn default_patterns() -> &'static std::collections::HashSet<&'static str> {
    static SET: OnceLock<std::collections::HashSet<&'static str>> = OnceLock::new();
    SET.get_or_init(|| {
        crate::policy::DEFAULT_POLICY
            .lines()
            .filter(|l| !l.trim_start().starts_with('#'))
            .flat_map(|l| l.split('\'').skip(1).step_by(2))
            .collect()
    })
}

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
    /// `lower_case_only`), else case-insensitively.
    pub(super) fn compile(sources: &[&str], lowered: bool) -> Option<Finder> {
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

impl<'de> Deserialize<'de> for Pattern {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        if !super::checking() {
            return Ok(Pattern::trusted(s));
        }
        Pattern::new(&s).map_err(|why| {
            serde::de::Error::custom(format!("invalid regular expression `{s}`: {why}"))
        })
    }
}

/// A list of patterns, each checked while a user's file is read; an error points at the
/// pattern itself.
pub fn patterns<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Pattern>, D::Error> {
    if !super::checking() {
        return Ok(Vec::<String>::deserialize(d)?
            .into_iter()
            .map(Pattern::trusted)
            .collect());
    }
    // Only the parser of a policy text knows spans (not the layered table).
    let sources = Vec::<toml::Spanned<String>>::deserialize(d)?;
    let mut out = Vec::with_capacity(sources.len());
    for s in sources {
        match Pattern::new(s.get_ref()) {
            Ok(p) => out.push(p),
            Err(why) => {
                super::fail_at(s.span());
                return Err(serde::de::Error::custom(format!(
                    "invalid regular expression `{}`: {why}",
                    s.get_ref()
                )));
            }
        }
    }
    Ok(out)
}

impl Serialize for Pattern {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.source)
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
    fn literal_patterns_find_what_their_automaton_finds() {
        assert_eq!(
            ascii_literal("\\*\\*Checkpoint:\\*\\*").as_deref(),
            Some("**checkpoint:**")
        );
        assert_eq!(
            ascii_literal("TODO later, #1!").as_deref(),
            Some("todo later, #1!")
        );
        for not in [
            "a.b",
            "\\bword",
            "a+",
            "(x)",
            "[ab]",
            "a|b",
            "x{2}",
            "",
            "caf\u{e9}",
            "a\\d",
            "\\<todo\\>",
            "a\\>b",
            "\\/",
        ] {
            assert_eq!(ascii_literal(not), None, "{not}");
        }
        let texts = [
            "**Checkpoint:** one, **checkpoint:** two and **CHECKPOINT:**",
            "aaaa aAaA",
            "no match here",
            "caf\u{e9} **checkpoint:**\u{1f525}**Checkpoint:**",
        ];
        for p in ["\\*\\*Checkpoint:\\*\\*", "aa", "Here", "\\*"] {
            let pattern = Pattern::trusted(p.to_string());
            let lit = ascii_literal(p).expect(p);
            let re = regex_automata::meta::Regex::builder()
                .syntax(
                    regex_automata::util::syntax::Config::new()
                        .unicode(false)
                        .case_insensitive(true),
                )
                .build(p)
                .unwrap();
            for t in texts {
                let want: Vec<_> = re.find_iter(t.as_bytes()).map(|m| m.range()).collect();
                assert_eq!(find_literal(t, &lit), want, "{p} in {t}");
                assert_eq!(pattern.find_ranges(t), want, "{p} in {t}");
            }
        }
    }

    #[test]
    fn groups_are_read_from_the_syntax_tree() {
        let p = |s: &str| Pattern::new(s).unwrap();
        assert!(p(r"on (?P<date>\d+)").has_group("date"));
        assert!(p(r"a|(b(?:c|(?<date>\d)))*").has_group("date"));
        assert!(!p(r"on (\d+)").has_group("date"));
        assert!(!p(r"(?P<day>\d+)").has_group("date"));
    }

    #[test]
    fn text_is_searched_with_the_semantics_of_pattern_lists() {
        let text = "é **CHECKPOINT:** and **Checkpoint:** — a«b aéb";
        let at = |needle: &str| {
            let i = text.find(needle).expect("in the text");
            i..i + needle.len()
        };
        let banned = Pattern::new(r"\*\*checkpoint:\*\*").unwrap();
        assert_eq!(
            banned.find_ranges(text),
            [at("**CHECKPOINT:**"), at("**Checkpoint:**")]
        );
        // `.` could match one byte of a character in ASCII mode: matched in Unicode mode, so
        // ranges stay on character boundaries.
        let any = Pattern::new("a.b").unwrap();
        assert_eq!(any.find_ranges(text), [at("a«b"), at("aéb")]);
        // `\w` and `\b` are ASCII, as in pattern lists: `é` is not a word character.
        let word = Pattern::new(r"\ba\w*b\b").unwrap();
        assert_eq!(
            word.find_ranges("éab aéb"),
            [std::ops::Range { start: 2, end: 4 }]
        );
    }

    #[test]
    fn group_ranges_agree_in_ascii_and_unicode_text() {
        let p = Pattern::new(r"verified:?\s*(?P<date>\d{4}-\d{2}-\d{2})").unwrap();
        let ascii = "Verified: 2026-01-02; verified 2026-02-03";
        let got: Vec<&str> = p
            .group_ranges(ascii, "date")
            .into_iter()
            .map(|r| &ascii[r])
            .collect();
        assert_eq!(got, ["2026-01-02", "2026-02-03"]);
        // Unicode text keeps Unicode semantics: a no-break space is a space
        let unicode = "Verified:\u{a0}2026-01-02 \u{2014} ok";
        let got: Vec<&str> = p
            .group_ranges(unicode, "date")
            .into_iter()
            .map(|r| &unicode[r])
            .collect();
        assert_eq!(got, ["2026-01-02"]);
    }

    #[test]
    fn pattern_lists_find_where_they_match() {
        let list: PatternList = serde_json::from_str(r#"["\\bh100\\b", "\\bfp8\\b"]"#).unwrap();
        let text = "FP8 on an H100, fp8 again; h1000 no";
        let got: Vec<&str> = list.find_all(text).into_iter().map(|r| &text[r]).collect();
        assert_eq!(got, ["FP8", "H100", "fp8"]);
        assert!(PatternList::default().find_all(text).is_empty());
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
