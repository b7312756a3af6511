//! Source kinds: every source (a link in an entry) is a paper, docs, a repo, a report, a known
//! non-primary kind, or nothing — with the reason that decided it, in words that name the
//! policy entry or comment, so a maintainer can see and override every verdict. The policy's
//! `[sources]` tables are compiled once per run into a `Classifier`.

use crate::policy::{AsciiSet, HostRules, Pattern, SourcesPolicy};
use crate::target::Target;
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
    /// The kinds as `type=` comments and json output write them (DESIGN §4, contract).
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
    url_set: Option<AsciiSet>,
    exact: HashMap<String, (Group, String)>,
    with_path: HashMap<String, Vec<(String, Group, String)>>,
    suffix: HashMap<String, (Group, String)>,
    first_label: HashMap<String, (Group, String)>,
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
        c.url_set = AsciiSet::new(c.urls.iter().map(|(_, p)| p.as_str()));
        c
    }

    /// Classifies a link's target by the policy alone (no comment).
    pub fn classify(&self, target: &Target) -> Classification {
        let none = |reason: String| Classification {
            kind: None,
            inadmissible: None,
            reason,
        };
        let (host, path) = match target {
            Target::Web(w) => (&w.host, &w.path),
            Target::Relative { .. } | Target::Fragment(_) => {
                return none("not a web URL: a relative link".into())
            }
            Target::Other { scheme } if scheme.is_empty() => {
                return none("not a web URL: a relative link".into())
            }
            _ => return none("not a web URL".into()),
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
        let host = host.as_str();
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
            || std::iter::successors(Some(host), |h| h.split_once('.').map(|(_, r)| r));
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
        if let Some((g, entry)) = self.exact.get(host) {
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
