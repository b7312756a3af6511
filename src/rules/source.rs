//! Source kinds: every source (a link in an entry) is a paper, docs, a repo, a report, a known
//! non-primary kind, or nothing — with the reason that decided it, in words that name the
//! policy entry or comment, so a maintainer can see and override every verdict.

use super::Context;
use crate::finding::{Finding, Severity};
use crate::policy::{HostRules, Pattern, SourcesPolicy};
use crate::suppress::Directive;
use serde_json::json;
use std::collections::HashMap;

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
    /// For a known non-primary source: its group ("video", "blog-platform", …).
    pub inadmissible: Option<String>,
    /// Why, in words a maintainer can act on.
    pub reason: String,
}

/// What a policy entry assigns: a kind, or an inadmissible group.
#[derive(Debug, Clone)]
enum Group {
    Kind(Kind),
    Inadmissible(String),
}

impl Group {
    fn table(&self) -> String {
        match self {
            Group::Kind(k) => format!("[sources.{}]", k.as_str()),
            Group::Inadmissible(g) => format!("[sources.inadmissible.{g}]"),
        }
    }
}

/// The `[sources]` policy compiled for fast lookups: URL patterns in priority order, and host
/// entries indexed by exact host, host with path, wildcard suffix and first label.
#[derive(Debug, Default)]
pub struct Classifier {
    urls: Vec<(Group, Pattern)>,
    /// All `urls` patterns as one ASCII set, in priority order (None: some need Unicode).
    url_set: Option<crate::policy::AsciiSet>,
    exact: HashMap<String, (Group, String)>,
    with_path: HashMap<String, Vec<(String, Group, String)>>,
    suffix: HashMap<String, (Group, String)>,
    first_label: HashMap<String, (Group, String)>,
}

/// Why a `hosts` entry cannot be used, if it cannot.
pub fn host_entry_problem(entry: &str) -> Option<&'static str> {
    if entry.contains("://") {
        Some("is a URL; give the host without a scheme")
    } else if entry.trim().is_empty() {
        Some("is empty")
    } else if entry.contains(char::is_whitespace) {
        Some("contains spaces")
    } else if entry.matches('*').count() > 1
        || (entry.contains('*') && !(entry.starts_with("*.") || entry.ends_with(".*")))
    {
        Some("has a wildcard other than a leading `*.` or a trailing `.*`")
    } else {
        None
    }
}

impl Classifier {
    pub fn new(p: &SourcesPolicy) -> Classifier {
        let mut c = Classifier::default();
        // URL patterns, in priority order: inadmissible, docs, paper, report, repo.
        let mut ordered: Vec<(Group, &HostRules)> = p
            .inadmissible
            .iter()
            .map(|(g, r)| (Group::Inadmissible(g.clone()), r))
            .collect();
        ordered.push((Group::Kind(Kind::Docs), &p.docs));
        ordered.push((Group::Kind(Kind::Paper), &p.paper));
        ordered.push((Group::Kind(Kind::Report), &p.report));
        ordered.push((Group::Kind(Kind::Repo), &p.repo));
        for (group, rules) in &ordered {
            for u in &rules.urls {
                c.urls.push((group.clone(), u.clone()));
            }
            for h in &rules.hosts {
                let h = h.trim().to_ascii_lowercase();
                let h = h.strip_prefix("www.").unwrap_or(&h).to_string();
                let value = (group.clone(), h.clone());
                if let Some(suffix) = h.strip_prefix("*.") {
                    c.suffix.entry(suffix.to_string()).or_insert(value);
                } else if let Some(label) = h.strip_suffix(".*") {
                    c.first_label.entry(label.to_string()).or_insert(value);
                } else if let Some((host, path)) = h.split_once('/') {
                    c.with_path.entry(host.to_string()).or_default().push((
                        format!("/{}", path.trim_end_matches('/')),
                        group.clone(),
                        h.clone(),
                    ));
                } else {
                    c.exact.entry(h.clone()).or_insert(value);
                }
            }
        }
        c.url_set = crate::policy::AsciiSet::new(c.urls.iter().map(|(_, p)| p.as_str()));
        c
    }

    /// Classifies a URL by the policy alone (no comment).
    pub fn classify_url(&self, url: &str) -> Classification {
        let none = |reason: String| Classification {
            kind: None,
            inadmissible: None,
            reason,
        };
        let Some((host, path)) = split_web_url(url) else {
            return none(
                if url.starts_with('#') || crate::document::scheme_of(url).is_none() {
                    "not a web URL: a relative link".into()
                } else {
                    "not a web URL".into()
                },
            );
        };
        let verdict = |g: &Group, reason: String| match g {
            Group::Kind(k) => Classification {
                kind: Some(*k),
                inadmissible: None,
                reason,
            },
            Group::Inadmissible(name) => Classification {
                kind: None,
                inadmissible: Some(name.clone()),
                reason,
            },
        };
        let key = format!("{host}{path}");
        let first = match (&self.url_set, key.is_ascii()) {
            (Some(set), true) => set.first_match(&key),
            _ => self.urls.iter().position(|(_, p)| p.is_match(&key)),
        };
        if let Some((g, p)) = first.map(|i| &self.urls[i]) {
            return verdict(
                g,
                format!("URL matches {} pattern `{}`", g.table(), p.as_str()),
            );
        }
        // The most specific host entry: host with path, exact host, wildcard suffix, first label.
        let host_chain =
            || std::iter::successors(Some(host.as_str()), |h| h.split_once('.').map(|(_, r)| r));
        for h in host_chain() {
            if let Some(entries) = self.with_path.get(h) {
                let best = entries
                    .iter()
                    .filter(|(prefix, ..)| {
                        path.starts_with(prefix.as_str())
                            && matches!(
                                path.as_bytes().get(prefix.len()),
                                None | Some(b'/' | b'?' | b'#' | b'.' | b'-' | b'_')
                            )
                    })
                    .max_by_key(|(prefix, ..)| prefix.len());
                if let Some((_, g, entry)) = best {
                    return verdict(g, format!("`{entry}` is listed under {}", g.table()));
                }
            }
            if h != host {
                break; // host-with-path entries name the host itself (after `www.`)
            }
        }
        if let Some((g, entry)) = self.exact.get(&host) {
            return verdict(g, format!("host {entry} is listed under {}", g.table()));
        }
        for h in host_chain() {
            if let Some((g, entry)) = self.suffix.get(h) {
                return verdict(
                    g,
                    format!("host {host} matches `{entry}` under {}", g.table()),
                );
            }
        }
        if let Some(label) = host.split('.').next() {
            if host.contains('.') {
                if let Some((g, entry)) = self.first_label.get(label) {
                    return verdict(
                        g,
                        format!("host {host} matches `{entry}` under {}", g.table()),
                    );
                }
            }
        }
        none(format!("no rule of the policy matches host {host}"))
    }
}

/// `(host, path)` of an http(s) URL: host lower-cased without `www.`, a port or user
/// information; path up to the query, non-ASCII bytes percent-encoded as a browser would.
/// Hand-written: the `url` parser costs more than all the rest of classification.
fn split_web_url(url: &str) -> Option<(String, String)> {
    let u = url.trim();
    let lower_head = u.get(..8).unwrap_or(u).to_ascii_lowercase();
    let rest = if lower_head.starts_with("https://") {
        &u[8..]
    } else if lower_head.starts_with("http://") {
        &u[7..]
    } else {
        return None;
    };
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let authority = rest[..end].rsplit('@').next().unwrap_or("");
    let host = if let Some(v6) = authority.strip_prefix('[') {
        v6.split(']').next().unwrap_or("")
    } else {
        authority.split(':').next().unwrap_or("")
    };
    let host = host.trim_end_matches('.').to_lowercase();
    if host.is_empty() {
        return None;
    }
    let host = host
        .strip_prefix("www.")
        .map(str::to_string)
        .unwrap_or(host);
    let path = &rest[end..];
    let path = &path[..path.find(['?', '#']).unwrap_or(path.len())];
    let mut out = String::with_capacity(path.len() + 1);
    if !path.starts_with('/') {
        out.push('/');
    }
    for b in path.bytes() {
        if b.is_ascii() {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    Some((host, out))
}

/// The host of a source, for messages.
pub fn host_of(url: &str) -> String {
    split_web_url(url)
        .map(|(h, _)| h)
        .unwrap_or_else(|| url.to_string())
}

/// The directive that declares things about an entry (`type=`, `code=`), if any.
pub fn entry_directive(dirs: &[Directive], entry: usize) -> Option<&Directive> {
    dirs.iter()
        .find(|d| d.entry == Some(entry) && (d.kind.is_some() || d.code.is_some()))
}

/// Classifies every link of the document that is a source; `None` for other links.
pub fn classify_all(cx: &Context) -> Vec<Option<Classification>> {
    let classifier = cx.policy.classifier();
    let doc = cx.doc;
    let mut out: Vec<Option<Classification>> = vec![None; doc.links.len()];
    for (e, entry) in doc.entries.iter().enumerate() {
        let declared = entry_directive(cx.directives, e).and_then(|d| {
            let k = Kind::parse(&d.kind.as_ref()?.text)?;
            Some((k, doc.line_of(d.span.start)))
        });
        for (i, &l) in entry.links.iter().enumerate() {
            out[l] = Some(match declared {
                Some((k, line)) if i == 0 => Classification {
                    kind: Some(k),
                    inadmissible: None,
                    reason: format!("declared type={} by the comment on line {line}", k.as_str()),
                },
                _ => classifier.classify_url(&doc.links[l].url),
            });
        }
    }
    out
}

fn title(cx: &Context, l: usize) -> String {
    cx.doc.links[l].text.trim().to_string()
}

/// Every source of a core section with its classification: (link index, classification).
fn core_sources<'c>(cx: &'c Context) -> impl Iterator<Item = (usize, &'c Classification)> + 'c {
    let classes = cx.classes();
    cx.doc
        .entries
        .iter()
        .filter(|e| cx.scopes[e.section].core)
        .flat_map(|e| e.links.iter().copied())
        .filter_map(move |l| classes[l].as_ref().map(|c| (l, c)))
}

/// `source/unclassified`: a source in a core section that is none of the four kinds.
pub fn unclassified(cx: &Context) -> Vec<Finding> {
    core_sources(cx)
        .filter(|(_, c)| c.kind.is_none() && c.inadmissible.is_none())
        .map(|(l, c)| {
            let link = &cx.doc.links[l];
            Finding::new(
                "source/unclassified",
                Severity::Error,
                link.span.clone(),
                format!(
                    "source \"{}\" ({}) is none of paper, docs, repo, report",
                    title(cx, l),
                    host_of(&link.url)
                ),
            )
            .label("unclassified source")
            .help("replace it with the primary source, declare its kind (<!-- sourcepolicy: type=paper|docs|repo|report -->), or add its host to [sources.<kind>] hosts in policy.toml")
            .data(json!({"url": link.url, "host": host_of(&link.url), "reason": c.reason}))
        })
        .collect()
}

/// `source/inadmissible`: a source in a core section of a known non-primary kind.
pub fn inadmissible(cx: &Context) -> Vec<Finding> {
    core_sources(cx)
        .filter_map(|(l, c)| c.inadmissible.as_ref().map(|g| (l, g, &c.reason)))
        .map(|(l, group, reason)| {
            let link = &cx.doc.links[l];
            Finding::new(
                "source/inadmissible",
                Severity::Error,
                link.span.clone(),
                format!(
                    "source \"{}\" is not primary: {} ({group})",
                    title(cx, l),
                    host_of(&link.url)
                ),
            )
            .label(format!("{group} link"))
            .help("link the paper, specification, repository or implementer report it is about; a direct implementer report can be declared with <!-- sourcepolicy: type=report code=URL -->")
            .data(json!({"url": link.url, "group": group, "reason": reason}))
        })
        .collect()
}

/// `source/report-evidence` (offline part): a report must name its code — a repository link
/// in the same entry, or `code=` in its comment.
pub fn report_evidence(cx: &Context) -> Vec<Finding> {
    let doc = cx.doc;
    let classes = cx.classes();
    let mut out = Vec::new();
    for (e, entry) in doc.entries.iter().enumerate() {
        if !cx.scopes[entry.section].core {
            continue;
        }
        let is_kind = |l: usize, k: Kind| classes[l].as_ref().is_some_and(|c| c.kind == Some(k));
        let has_repo = entry.links.iter().any(|&l| is_kind(l, Kind::Repo));
        let code = entry_directive(cx.directives, e).and_then(|d| d.code.as_ref());
        let code_ok = code.is_some_and(|c| split_web_url(&c.text).is_some());
        for &l in &entry.links {
            if !is_kind(l, Kind::Report) || has_repo || code_ok {
                continue;
            }
            let link = &doc.links[l];
            let message = match code {
                Some(c) => format!(
                    "report \"{}\" names code `{}`, which is not an http(s) URL",
                    title(cx, l),
                    c.text
                ),
                None => format!("report \"{}\" names no code", title(cx, l)),
            };
            out.push(
                Finding::new("source/report-evidence", Severity::Error, link.span.clone(), message)
                    .label("report without code")
                    .help("add the repository to the entry (`([code](https://github.com/owner/repo))`) or code=URL to its <!-- sourcepolicy: … --> comment")
                    .data(json!({"url": link.url})),
            );
        }
    }
    out
}
