//! Source kinds: every source (a link in an entry) is a paper, docs, a repo, a report, or none,
//! with the reason that decided it.

use super::Context;
use crate::document::Link;
use crate::suppress::Directive;

/// The four admissible kinds (DESIGN §4, contract).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    Paper,
    Docs,
    Repo,
    Report,
}

impl Kind {
    pub const ALL: [Kind; 4] = [Kind::Paper, Kind::Docs, Kind::Repo, Kind::Report];

    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Paper => "paper",
            Kind::Docs => "docs",
            Kind::Repo => "repo",
            Kind::Report => "report",
        }
    }

    pub fn parse(s: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.as_str() == s)
    }
}

/// A verdict on one source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Classification {
    pub kind: Option<Kind>,
    /// For a non-primary source: the group it matched (e.g. "video").
    pub inadmissible: Option<String>,
    /// Why, in words a maintainer can act on.
    pub reason: String,
}

/// The directive governing a link's entry, if any.
pub fn directive_for<'d>(
    cx: &Context,
    link: &Link,
    dirs: &'d [Directive],
) -> Option<&'d Directive> {
    let entry = link.entry?;
    let _ = cx;
    dirs.iter().find(|d| d.entry == Some(entry))
}

/// Classifies every source of the document, in `doc.sources()` order.
pub fn classify_all(cx: &Context) -> Vec<Classification> {
    cx.doc.sources().map(|link| classify(cx, link)).collect()
}

/// Classifies one source.
pub fn classify(cx: &Context, link: &Link) -> Classification {
    if let Some(d) = directive_for(cx, link, cx.directives) {
        if let Some(k) = d.kind.as_ref().and_then(|v| Kind::parse(&v.text)) {
            let first = cx.doc.entries[link.entry.expect("source")].links[0];
            if std::ptr::eq(&cx.doc.links[first], link) {
                return Classification {
                    kind: Some(k),
                    inadmissible: None,
                    reason: format!(
                        "declared type={} by comment on line {}",
                        k.as_str(),
                        cx.doc.line_of(d.span.start)
                    ),
                };
            }
        }
    }
    Classification {
        kind: None,
        inadmissible: None,
        reason: "no rule of the policy matches this URL".into(),
    }
}
