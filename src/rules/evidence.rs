//! What a live page shows about a source (`--online` page facts and GitHub's API), for the
//! source rules: evidence suggests a kind in the help of `source/unclassified` (and accepts it
//! only when `[sources] accept_evidence` is on, naming the evidence), unmasks a "repository"
//! that only lists links, and completes `source/report-evidence`.

use super::Context;
use crate::classify::{Classification, Kind};
use crate::net::{LinkResult, PageFacts};

/// A kind a page's own facts point to, and why.
pub struct Evidence {
    pub kind: Kind,
    pub why: String,
}

fn live<'c>(cx: &'c Context, link: usize) -> Option<&'c LinkResult> {
    cx.facts.web(&cx.doc.links[link].url)
}

/// What the page of a link shows it is, if anything.
pub fn of(cx: &Context, link: usize) -> Option<Evidence> {
    let r = live(cx, link)?;
    if let Some(repo) = r.repo.as_ref().filter(|r| r.exists && r.is_code()) {
        return Some(Evidence {
            kind: Kind::Repo,
            why: format!("GitHub's API shows code in {}/{}", repo.owner, repo.name),
        });
    }
    let page: &PageFacts = r.page.as_ref()?;
    let cite = |k: &str| page.citation.get(k).and_then(|v| v.first());
    if let Some(doi) = cite("citation_doi") {
        return Some(Evidence {
            kind: Kind::Paper,
            why: format!("the page carries citation_doi {doi}"),
        });
    }
    if let Some(pdf) = cite("citation_pdf_url").or_else(|| cite("citation_title")) {
        return Some(Evidence {
            kind: Kind::Paper,
            why: format!("the page carries scholarly citation_* tags ({pdf})"),
        });
    }
    if let Some(g) = &page.doc_generator {
        return Some(Evidence {
            kind: Kind::Docs,
            why: format!("the page is built by the documentation generator {g}"),
        });
    }
    None
}

/// A classification corrected by live facts: a "repository" GitHub shows to hold no code is a
/// list of links; with `[sources] accept_evidence`, an unclassified source is accepted on its
/// page's evidence.
pub fn adjust(cx: &Context, link: usize, c: Classification) -> Classification {
    if !cx.facts.online() {
        return c;
    }
    if c.kind == Some(Kind::Repo) {
        if let Some(repo) = live(cx, link).and_then(|r| r.repo.as_ref()) {
            if repo.exists && !repo.is_code() {
                let langs: Vec<&str> = repo.languages.keys().map(String::as_str).collect();
                return Classification {
                    kind: None,
                    none: None,
                    inadmissible: Some("aggregator".into()),
                    reason: format!(
                        "GitHub's API shows no code in {}/{} (languages: {}): a list of links",
                        repo.owner,
                        repo.name,
                        if langs.is_empty() {
                            "none".into()
                        } else {
                            langs.join(", ")
                        }
                    )
                    .into(),
                };
            }
        }
    }
    if c.kind.is_none()
        && c.inadmissible.is_none()
        && c.none.is_none()
        && cx.policy.sources.accept_evidence
    {
        if let Some(e) = of(cx, link) {
            return Classification {
                kind: Some(e.kind),
                none: None,
                inadmissible: None,
                reason: format!("{} ([sources] accept_evidence)", e.why).into(),
            };
        }
    }
    c
}

/// The help of `source/unclassified` for a link, backed by its page's evidence when there is
/// some.
pub fn unclassified_help(cx: &Context, link: usize) -> Option<String> {
    let e = of(cx, link)?;
    let kind = e.kind.as_str();
    Some(format!(
        "{}: it looks like a {kind}; declare it (<!-- sourcepolicy: type={kind} -->) or add its host to [sources.{kind}] extend_hosts",
        e.why
    ))
}

/// What a report's page lacks, when the page was read: code links, measurements.
pub fn report_page_gaps(cx: &Context, link: usize) -> Vec<&'static str> {
    let Some(page) = live(cx, link).and_then(|r| r.page.as_ref()) else {
        return Vec::new();
    };
    let mut gaps = Vec::new();
    if page.code_links.is_empty() {
        gaps.push("links no code repository");
    }
    if !page.shows_measurements() {
        gaps.push("shows no measurements");
    }
    gaps
}
