//! The one error type of a failed run (exit status 2): a message, optionally a help line and a
//! labelled span in a named source, rendered by miette in `main`.

use miette::{Diagnostic, LabeledSpan, SourceCode};
use std::fmt;
use std::ops::Range;

#[derive(Debug)]
pub struct Error {
    pub message: String,
    pub help: Option<String>,
    source: Option<Box<Located>>,
}

#[derive(Debug)]
struct Located {
    src: miette::NamedSource<String>,
    span: Range<usize>,
    label: String,
}

impl Error {
    pub fn new(message: impl Into<String>) -> Self {
        Error {
            message: message.into(),
            help: None,
            source: None,
        }
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// Points the error at `span` of a file's text, so the report shows the line.
    pub fn at(
        mut self,
        name: &str,
        text: &str,
        span: Range<usize>,
        label: impl Into<String>,
    ) -> Self {
        self.source = Some(Box::new(Located {
            src: miette::NamedSource::new(name, text.to_string()),
            span,
            label: label.into(),
        }));
        self
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

impl Diagnostic for Error {
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.source.as_ref().map(|l| &l.src as &dyn SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        self.source.as_ref().map(|l| {
            Box::new(std::iter::once(LabeledSpan::new_with_span(
                Some(l.label.clone()),
                l.span.clone(),
            ))) as Box<dyn Iterator<Item = LabeledSpan>>
        })
    }
}

/// The closest candidate by edit distance, when it is close enough to be a likely typo: at
/// most a third of the longer word changed (at least one edit allowed, at most two for short
/// words), and never a candidate that shares less than it changes (`two` is not `t`).
pub fn did_you_mean<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let w = word.to_lowercase();
    let wl = w.chars().count();
    let mut best: Option<(usize, &str)> = None;
    for c in candidates {
        let cl = c.chars().count();
        // Lengths alone bound the distance from below: skip hopeless candidates cheaply.
        if wl.abs_diff(cl) > 2.max(wl.max(cl) / 3) {
            continue;
        }
        let d = strsim::levenshtein(&w, &c.to_lowercase());
        // Ties go to the smaller candidate, so the answer never depends on iteration order.
        if best.is_none_or(|(bd, bc)| d < bd || (d == bd && c < bc)) {
            best = Some((d, c));
        }
    }
    best.filter(|&(d, c)| {
        let longer = wl.max(c.chars().count());
        d <= 2.max(longer / 3) && d * 2 < longer
    })
    .map(|(_, c)| c)
}

/// The rule or family name a misspelt or partial one most likely means, among `names` (rule
/// names `family/rule` and family names): a close name (`strucutre` → `structure`), the rule
/// part alone (`toc-mismatch` → `structure/toc-mismatch`), or a rule part that is a likely
/// typo or abbreviation within its family (`link/dupe` → `link/duplicate`).
pub fn did_you_mean_rule<'a>(
    word: &str,
    names: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let names: Vec<&'a str> = names.into_iter().collect();
    let word = word.trim().to_lowercase();
    if let Some(s) = did_you_mean(&word, names.iter().copied()) {
        return Some(s);
    }
    let (family, part) = match word.split_once('/') {
        Some((f, p)) => (Some(f), p),
        None => (None, word.as_str()),
    };
    // Rules whose family is the one written (or close to it), with their rule part.
    let rules: Vec<(&'a str, &'a str)> = names
        .iter()
        .filter_map(|n| n.split_once('/').map(|(f, p)| (*n, f, p)))
        .filter(|(_, f, _)| family.is_none_or(|w| w == *f || did_you_mean(w, [*f]).is_some()))
        .map(|(n, _, p)| (n, p))
        .collect();
    if part.is_empty() {
        return None;
    }
    if let Some((n, _)) = rules.iter().find(|(_, p)| *p == part) {
        return Some(n);
    }
    if let Some(p) = did_you_mean(part, rules.iter().map(|(_, p)| *p)) {
        return rules.iter().find(|(_, q)| *q == p).map(|(n, _)| *n);
    }
    // An abbreviation: the longest shared start, at least three characters, and only one rule
    // with it.
    let shared = |p: &str| {
        part.chars()
            .zip(p.chars())
            .take_while(|(a, b)| a == b)
            .count()
    };
    let best = rules.iter().map(|(_, p)| shared(p)).max().unwrap_or(0);
    let mut with_best = rules.iter().filter(|(_, p)| shared(p) == best);
    match (with_best.next(), with_best.next()) {
        (Some((n, _)), None) if best >= 3 => Some(n),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_close_words_only() {
        let keys = ["max_entries", "exempt", "frontier", "hardware"];
        assert_eq!(did_you_mean("max_entires", keys), Some("max_entries"));
        assert_eq!(did_you_mean("fronteir", keys), Some("frontier"));
        assert_eq!(did_you_mean("colour", keys), None);
        assert_eq!(did_you_mean("two", ["t", "three"]), None);
        assert_eq!(did_you_mean("htps", ["http", "https"]), Some("https"));
    }

    #[test]
    fn suggests_rule_names_from_parts_and_abbreviations() {
        let names = [
            "structure/toc-mismatch",
            "structure/empty-section",
            "link/duplicate",
            "link/insecure",
            "link/missing-file",
            "perf/missing-context",
            "structure",
            "link",
            "perf",
        ];
        let s = |w: &str| did_you_mean_rule(w, names);
        assert_eq!(s("toc-mismatch"), Some("structure/toc-mismatch"));
        assert_eq!(s("toc-mismach"), Some("structure/toc-mismatch"));
        assert_eq!(s("link/dupe"), Some("link/duplicate"));
        assert_eq!(s("lnk/dupe"), Some("link/duplicate"));
        assert_eq!(s("strucutre"), Some("structure"));
        assert_eq!(s(" Link/Insecure "), Some("link/insecure"));
        // `missing` starts two rules of different families: no guess.
        assert_eq!(s("missing"), None);
        assert_eq!(s("perf/missing"), Some("perf/missing-context"));
        assert_eq!(s("colour"), None);
        assert_eq!(s("zzz/qqqq"), None);
    }
}
