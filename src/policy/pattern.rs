//! A policy pattern: one case-insensitive regular expression (`Pattern`), checked when the
//! policy is read and compiled on first use, so a run pays only for the patterns its rules
//! need. Lists of them, matched as one automaton, are in `pattern_list`.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::borrow::Cow;
use std::sync::OnceLock;

/// The compiled-size limit of one pattern.
const SIZE_LIMIT: usize = 32 << 20;

/// A case-insensitive regular expression. Its syntax is checked when the policy is read (so a
/// bad pattern is reported at its line in the policy file); it is compiled on first use, so a
/// run pays only for the patterns it needs.
#[derive(Debug, Clone)]
pub struct Pattern {
    /// (Borrowed for the default policy's patterns compiled into the binary.)
    source: Cow<'static, str>,
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

    /// A pattern of the default policy held in the binary (tested to compile).
    pub(crate) fn from_static(source: &'static str) -> Pattern {
        Pattern::trusted(Cow::Borrowed(source))
    }

    /// A pattern whose syntax is not checked (the embedded default, tested separately).
    fn trusted(source: impl Into<Cow<'static, str>>) -> Pattern {
        Pattern {
            source: source.into(),
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
        // The default verification-date pattern is matched by hand in ASCII text (compiling
        // it costs more than the frontier rules' other work on a short list).
        if name == "date" && self.source == super::verified::DEFAULT && s.is_ascii() {
            return super::verified::dates(s);
        }
        self.group_ranges_compiled(s, name)
    }

    /// `group_ranges` with the pattern compiled.
    pub(crate) fn group_ranges_compiled(&self, s: &str, name: &str) -> Vec<std::ops::Range<usize>> {
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
    // Candidates by the first byte in either case, then compared ignoring ASCII case: no
    // lower-case copy of the whole text per pattern.
    let (hay, needle) = (s.as_bytes(), lit.as_bytes());
    let mut out = Vec::new();
    let Some(&first) = needle.first() else {
        return out;
    };
    let (lower, upper) = (first.to_ascii_lowercase(), first.to_ascii_uppercase());
    let mut from = 0;
    while from + needle.len() <= hay.len() {
        let Some(i) = memchr::memchr2(lower, upper, &hay[from..=hay.len() - needle.len()]) else {
            break;
        };
        let start = from + i;
        if hay[start..start + needle.len()].eq_ignore_ascii_case(needle) {
            out.push(start..start + needle.len());
            from = start + needle.len();
        } else {
            from = start + 1;
        }
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
            "a",
            "",
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
}
