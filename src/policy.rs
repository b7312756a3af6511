//! The source policy: schema, the embedded default, layering a user's file over it, and
//! errors that point at the offending key.

use crate::document::Document;
use crate::error::{did_you_mean, Error};
use crate::finding::Level;
use crate::rules::source::Classifier;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

/// The default policy, `policy.toml` at the repository root, compiled in.
pub const DEFAULT_POLICY: &str = include_str!("../policy.toml");

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct Policy {
    pub list: ListPolicy,
    pub sections: SectionPolicy,
    pub links: LinkPolicy,
    pub frontier: FrontierPolicy,
    pub sources: SourcesPolicy,
    pub perf: PerfPolicy,
    /// Severity per rule name or family.
    pub rules: BTreeMap<String, Level>,
    /// The source classifier compiled from `sources`, built on first use.
    #[serde(skip)]
    classifier: OnceLock<Arc<Classifier>>,
}

/// Vocabularies of the five fields of a performance claim, and the cues that tell results
/// from settings and measurements from capabilities.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct PerfPolicy {
    pub hardware: PatternList,
    pub workload: PatternList,
    pub precision: PatternList,
    pub baseline: PatternList,
    pub correctness: PatternList,
    pub setting_cues: PatternList,
    pub measurement_cues: PatternList,
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct SourcesPolicy {
    pub paper: HostRules,
    pub docs: HostRules,
    pub repo: HostRules,
    pub report: HostRules,
    /// Known non-primary kinds, by group name ("video", "social", …).
    pub inadmissible: BTreeMap<String, HostRules>,
}

/// Hosts (`arxiv.org`, `*.acm.org`, `docs.*`, `developer.nvidia.com/blog`) and URL patterns
/// of one group of sources.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct HostRules {
    pub hosts: Vec<String>,
    pub urls: Vec<Pattern>,
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct ListPolicy {
    pub files: Vec<String>,
    pub max_file_bytes: u64,
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct SectionPolicy {
    pub exempt: PatternList,
    pub core: PatternList,
    pub frontier: PatternList,
    pub hardware: PatternList,
    pub contents: PatternList,
    pub max_entries: usize,
    pub forbidden_headings: PatternList,
    pub forbidden_text: Vec<Pattern>,
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct LinkPolicy {
    pub schemes: Vec<String>,
    pub tracking_params: Vec<String>,
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct FrontierPolicy {
    pub verified_pattern: Option<Pattern>,
    pub max_age_days: u32,
}

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
}

impl Pattern {
    pub fn new(source: &str) -> Result<Pattern, String> {
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
        Ok(Pattern {
            source: source.to_string(),
            re: OnceLock::new(),
            ascii: OnceLock::new(),
        })
    }

    /// The compiled expression; None only if it exceeds the compiled-size limit, in which
    /// case it matches nothing.
    fn compiled(&self) -> Option<&regex::Regex> {
        self.re
            .get_or_init(|| {
                regex::RegexBuilder::new(&self.source)
                    .case_insensitive(true)
                    .size_limit(32 << 20)
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
        let ascii = self.ascii.get_or_init(|| {
            regex::bytes::RegexBuilder::new(&self.source)
                .unicode(false)
                .case_insensitive(true)
                .build()
                .ok()
        });
        match ascii {
            Some(r) => r.is_match(s.as_bytes()),
            None => self.is_match(s),
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

    /// Whether the pattern has a capture group of this name.
    pub fn has_group(&self, name: &str) -> bool {
        self.compiled()
            .is_some_and(|r| r.capture_names().any(|n| n == Some(name)))
    }

    pub fn as_str(&self) -> &str {
        &self.source
    }
}

/// A list of patterns matched as one: compiled on first use into a single ASCII-mode
/// multi-pattern automaton (one build instead of one per pattern, and without the literal
/// prefilter, which for a vocabulary costs more to build than it saves on short texts).
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(transparent)]
pub struct PatternList {
    patterns: Vec<Pattern>,
    #[serde(skip)]
    set: OnceLock<Option<AsciiSet>>,
    /// The same list in Unicode mode, for non-ASCII text (built only if such text comes).
    #[serde(skip)]
    unicode: OnceLock<Option<AsciiSet>>,
}

impl PatternList {
    pub fn iter(&self) -> std::slice::Iter<'_, Pattern> {
        self.patterns.iter()
    }

    pub fn is_empty(&self) -> bool {
        self.patterns.is_empty()
    }

    fn set(&self) -> Option<&AsciiSet> {
        self.set
            .get_or_init(|| AsciiSet::build(self.patterns.iter().map(Pattern::as_str), false))
            .as_ref()
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

    /// `is_match` with full Unicode semantics (see `first_match_exact`).
    pub fn is_match_exact(&self, s: &str) -> bool {
        self.first_match_exact(s).is_some()
    }
}

/// Patterns compiled together with ASCII semantics, case-insensitively; answers whether any
/// matches and which is the first (in list order) that does.
#[derive(Debug, Clone)]
pub struct AsciiSet {
    re: regex_automata::meta::Regex,
}

impl AsciiSet {
    /// None if a pattern needs Unicode mode (callers then match one by one).
    pub fn new<'a>(sources: impl Iterator<Item = &'a str>) -> Option<AsciiSet> {
        AsciiSet::build(sources, false)
    }

    /// The set in ASCII or (for non-ASCII text) Unicode mode.
    pub fn build<'a>(sources: impl Iterator<Item = &'a str>, unicode: bool) -> Option<AsciiSet> {
        use regex_automata::{meta, util::syntax};
        let sources: Vec<&str> = sources.collect();
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
            .build_many(&sources)
            .ok()
            .map(|re| AsciiSet { re })
    }

    pub fn is_match(&self, s: &str) -> bool {
        self.re.is_match(s.as_bytes())
    }

    /// The lowest-numbered pattern that matches anywhere in `s`.
    pub fn first_match(&self, s: &str) -> Option<usize> {
        let mut set = regex_automata::PatternSet::new(self.re.pattern_len());
        self.re
            .which_overlapping_matches(&regex_automata::Input::new(s.as_bytes()), &mut set);
        set.iter().next().map(|p| p.as_usize())
    }
}

thread_local! {
    /// Set while a user's policy file is read: its patterns are checked then. The embedded
    /// default is trusted (a test checks it the same way), which keeps start-up fast.
    static CHECK_PATTERNS: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

impl<'de> Deserialize<'de> for Pattern {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        if !CHECK_PATTERNS.with(|c| c.get()) {
            return Ok(Pattern {
                source: s,
                re: OnceLock::new(),
                ascii: OnceLock::new(),
            });
        }
        Pattern::new(&s).map_err(|why| {
            serde::de::Error::custom(format!("invalid regular expression `{s}`: {why}"))
        })
    }
}

/// Reads a policy text with every pattern checked.
fn from_str_checked(text: &str) -> Result<Policy, toml::de::Error> {
    CHECK_PATTERNS.with(|c| c.set(true));
    let result = toml::from_str(text);
    CHECK_PATTERNS.with(|c| c.set(false));
    result
}

impl Serialize for Pattern {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.source)
    }
}

/// How the policy scopes one section.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Scope {
    pub exempt: bool,
    pub core: bool,
    pub frontier: bool,
    pub hardware: bool,
    pub contents: bool,
}

impl Policy {
    /// The embedded default policy.
    pub fn default_policy() -> Policy {
        toml::from_str(DEFAULT_POLICY).expect("the embedded policy.toml is valid (tested)")
    }

    /// The default policy with a user's policy file layered over it. `name` labels errors.
    pub fn layered(name: &str, text: &str, rule_names: &[&str]) -> Result<Policy, Error> {
        // Read the user's file on its own first, so errors point into it.
        let user: Policy = from_str_checked(text).map_err(|e| toml_error(name, text, &e))?;
        let s = &user.sources;
        let groups = [&s.paper, &s.docs, &s.repo, &s.report]
            .into_iter()
            .chain(s.inadmissible.values());
        for host in groups.flat_map(|g| g.hosts.iter()) {
            if let Some(problem) = crate::rules::source::host_entry_problem(host) {
                let span = find_key(text, host);
                return Err(Error::new(format!(
                    "{name}: [sources] host entry `{host}` {problem}"
                ))
                .at(name, text, span, "bad host entry")
                .with_help("write a host (`arxiv.org`), a wildcard (`*.acm.org`, `docs.*`) or a host with a path (`developer.nvidia.com/blog`)"));
            }
        }
        if let Some(p) = &user.frontier.verified_pattern {
            if !p.has_group("date") {
                let span = find_key(text, "verified_pattern");
                return Err(Error::new(format!(
                    "{name}: [frontier] verified_pattern has no group named `date`"
                ))
                .at(name, text, span, "no (?P<date>…) group")
                .with_help("capture the date: 'verified on (?P<date>\\d{4}-\\d{2}-\\d{2})'"));
            }
        }
        for key in user.rules.keys() {
            if !rule_names.contains(&key.as_str()) {
                let span = find_key(text, key);
                let mut err = Error::new(format!("{name}: [rules] names unknown rule `{key}`")).at(
                    name,
                    text,
                    span,
                    "no such rule or family",
                );
                if let Some(s) = did_you_mean(key, rule_names.iter().copied()) {
                    err = err.with_help(format!("did you mean `{s}`?"));
                } else {
                    err = err.with_help("`sourcepolicy explain` lists every rule");
                }
                return Err(err);
            }
        }
        let mut base: toml::Table = DEFAULT_POLICY.parse().expect("embedded policy parses");
        let over: toml::Table = text.parse().map_err(|e| toml_error(name, text, &e))?;
        merge(&mut base, over);
        toml::Value::Table(base)
            .try_into()
            .map_err(|e: toml::de::Error| Error::new(format!("{name}: {}", e.message())))
    }

    /// The source classifier for this policy (compiled once).
    pub fn classifier(&self) -> Arc<Classifier> {
        self.classifier
            .get_or_init(|| Arc::new(Classifier::new(&self.sources)))
            .clone()
    }

    /// The level the policy sets for a rule, if it sets one (a rule name beats its family).
    pub fn level_for(&self, rule: &str) -> Option<Level> {
        self.rules.get(rule).copied().or_else(|| {
            let family = rule.split('/').next().unwrap_or(rule);
            self.rules.get(family).copied()
        })
    }

    /// How the policy scopes each section of a document (indexed like `doc.sections`).
    pub fn scopes(&self, doc: &Document) -> Vec<Scope> {
        let s = &self.sections;
        (0..doc.sections.len())
            .map(|i| {
                if i == 0 || doc.is_title_section(i) {
                    return Scope::default();
                }
                let titles: Vec<&str> = doc
                    .ancestors(i)
                    .filter(|&a| a != 0 && !doc.is_title_section(a))
                    .map(|a| doc.sections[a].title.as_str())
                    .collect();
                let any = |p: &PatternList| titles.iter().any(|t| p.is_match_exact(t));
                let exempt = any(&s.exempt);
                let frontier = any(&s.frontier);
                let contents = s.contents.is_match_exact(&doc.sections[i].title);
                let core = !exempt && !frontier && !contents && (s.core.is_empty() || any(&s.core));
                Scope {
                    exempt,
                    core,
                    frontier,
                    hardware: any(&s.hardware),
                    contents,
                }
            })
            .collect()
    }

    /// The policy as TOML, for `sourcepolicy policy`.
    pub fn to_toml(&self) -> String {
        toml::to_string_pretty(self).expect("policy serialises")
    }
}

/// Deep-merges `over` into `base`: tables merge key by key, anything else replaces.
fn merge(base: &mut toml::Table, over: toml::Table) {
    for (k, v) in over {
        match (base.get_mut(&k), v) {
            (Some(toml::Value::Table(b)), toml::Value::Table(o)) => merge(b, o),
            (_, v) => {
                base.insert(k, v);
            }
        }
    }
}

/// The byte range of `key` as written in a TOML text (quoted or bare), for error labels.
fn find_key(text: &str, key: &str) -> std::ops::Range<usize> {
    for needle in [format!("\"{key}\""), format!("'{key}'"), key.to_string()] {
        if let Some(i) = text.find(&needle) {
            return i..i + needle.len();
        }
    }
    0..0
}

fn toml_error(name: &str, text: &str, e: &toml::de::Error) -> Error {
    let message = e.message().trim().to_string();
    let span = e.span().unwrap_or(0..0);
    let pos = crate::lines::LineIndex::new(text).position(text, span.start);
    let (line, col) = (pos.line, pos.column);
    let mut err = Error::new(format!("{name}:{line}:{col}: invalid policy: {message}")).at(
        name,
        text,
        span,
        short_label(&message),
    );
    // serde: "unknown field `x`, expected one of `a`, `b`" / "expected `a` or `b`"
    if let Some(rest) = message.strip_prefix("unknown field `") {
        if let Some((unknown, expected)) = rest.split_once('`') {
            let keys: Vec<&str> = expected.split('`').skip(1).step_by(2).collect();
            err = match did_you_mean(unknown, keys.iter().copied()) {
                Some(s) => err.with_help(format!("did you mean `{s}`?")),
                None => err.with_help(format!("valid keys here: {}", keys.join(", "))),
            };
        }
    } else if message.contains("unknown variant") {
        err = err.with_help("a rule level is \"error\", \"warning\" or \"off\"");
    }
    err
}

fn short_label(message: &str) -> String {
    if message.starts_with("unknown field") {
        "unknown key".into()
    } else if message.starts_with("invalid type") {
        "wrong type".into()
    } else if message.starts_with("invalid regular expression") {
        "bad pattern".into()
    } else {
        "here".into()
    }
}

/// Finds the policy file to use: `explicit`, else `policy.toml` in `start` or a parent,
/// stopping at the first folder that holds `.git` (the repository root).
pub fn discover(start: &Path) -> Option<PathBuf> {
    for dir in start.ancestors() {
        let candidate = dir.join("policy.toml");
        if candidate.is_file() {
            // Shown relative to where the user stands when it is below it.
            return Some(
                candidate
                    .strip_prefix(start)
                    .map(Path::to_path_buf)
                    .unwrap_or(candidate),
            );
        }
        if dir.join(".git").exists() {
            break;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn ascii_sets_report_the_first_pattern_in_list_order() {
        let set = AsciiSet::new(["b", "a", "ab"].into_iter()).unwrap();
        assert_eq!(set.first_match("xab"), Some(0));
        assert_eq!(set.first_match("xa"), Some(1));
        assert_eq!(set.first_match("zzz"), None);
        assert!(set.is_match("AB"));
    }
}
