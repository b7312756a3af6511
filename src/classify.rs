//! Source kinds: every source (a link in an entry) is a paper, docs, a repo, a report, a known
//! non-primary kind, a page the policy knows is none of the kinds (a course, a listing, a
//! book…), or nothing — with the reason that decided it, in words that name the policy entry
//! or comment, so a maintainer can see and override every verdict. The policy's `[sources]`
//! tables are compiled once per run into a `Classifier`.

use crate::policy::host_key::{normalised, slot, Slot};
use crate::policy::{BuiltHosts, HostRules, OrderedPatterns, Pattern, SourcesPolicy};
use crate::target::Target;
use rustc_hash::FxHashMap;
use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

/// What a path on web.archive.org shows.
enum Archived<'a> {
    /// One capture of the page at this URL (`/web/20120111220406/http://…`, also with a mode
    /// after the timestamp: `/web/20120111220406id_/http://…`).
    Copy(&'a str),
    /// The captures of a page over time (`/web/2023*/http://…`, `/web/*/http://…`).
    Calendar,
}

/// What the web archive's path `path` shows, if it is a capture or a calendar of one.
fn archived(path: &str) -> Option<Archived<'_>> {
    let rest = path.strip_prefix("/web/")?;
    let (stamp, url) = rest.split_once('/')?;
    if stamp.contains('*') {
        return Some(Archived::Calendar);
    }
    let digits = stamp.bytes().take_while(u8::is_ascii_digit).count();
    let mode = &stamp[digits..];
    if digits < 4 || !(mode.is_empty() || (mode.len() == 3 && mode.ends_with('_'))) {
        return None;
    }
    // (a path's "//" may have been folded to "/": "http:/example.org")
    let scheme_end = url.find(":/")?;
    matches!(&url[..scheme_end], "http" | "https").then_some(Archived::Copy(url))
}

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
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Classification {
    pub kind: Option<Kind>,
    /// For a known non-primary source: its group ("video", "blog-platform", …). (Shared,
    /// as the reason is.)
    pub inadmissible: Option<Arc<str>>,
    /// For a page the policy knows is none of the kinds: its `[sources.none]` group
    /// ("course", "listing", …) and what that group is.
    pub none: Option<NoneGroup>,
    /// Why, in words a maintainer can act on. (Shared: every link a pattern decides has
    /// the same reason, and a list may hold thousands.)
    pub reason: Arc<str>,
}

/// A `[sources.none.GROUP]` verdict: the group and its `about` text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoneGroup {
    pub name: Arc<str>,
    pub about: Arc<str>,
}

/// What a policy table assigns: a kind, an inadmissible group, or a none group.
#[derive(Debug, Clone)]
enum Group {
    Kind(Kind),
    Inadmissible(Arc<str>),
    None(Arc<str>),
}

/// A policy table: what it assigns, its `about` text and its name in reasons.
#[derive(Debug)]
struct Table {
    group: Group,
    about: Arc<str>,
    name: String,
}

impl Table {
    fn new(group: Group, about: Arc<str>) -> Table {
        let name = match &group {
            Group::Kind(k) => format!("[sources.{}]", k.as_str()),
            Group::Inadmissible(g) => format!("[sources.inadmissible.{g}]"),
            Group::None(g) => format!("[sources.none.{g}]"),
        };
        Table { group, about, name }
    }

    fn name(&self) -> &str {
        &self.name
    }

    /// The verdict of this table, with `why` (prefixed by the table's `about`).
    fn verdict(&self, why: String) -> Classification {
        self.verdict_with(self.reason(why))
    }

    /// `why` prefixed by the table's `about`.
    fn reason(&self, why: String) -> Arc<str> {
        if self.about.is_empty() {
            why.into()
        } else {
            format!("{}: {why}", self.about).into()
        }
    }

    /// The verdict of this table, for `reason`.
    fn verdict_with(&self, reason: Arc<str>) -> Classification {
        let mut c = Classification {
            reason,
            ..Classification::default()
        };
        match &self.group {
            Group::Kind(k) => c.kind = Some(*k),
            Group::Inadmissible(g) => c.inadmissible = Some(Arc::clone(g)),
            Group::None(g) => {
                c.none = Some(NoneGroup {
                    name: Arc::clone(g),
                    about: Arc::clone(&self.about),
                })
            }
        }
        c
    }

    /// Whether this table's kind names one work (a paper, an article), so that the index
    /// page of one of its hosts or paths is not one.
    fn one_work(&self) -> bool {
        matches!(self.group, Group::Kind(Kind::Paper | Kind::Report))
    }
}

/// A host entry: the table it belongs to and the entry as written (for reasons).
type HostEntry<'p> = (usize, Cow<'p, str>);

/// A host entry with a path: the path prefix (from its `/`), the table and the entry.
type PathEntry<'p> = (Cow<'p, str>, usize, Cow<'p, str>);

/// The `[sources]` policy compiled for fast lookups: URL patterns in priority order, and host
/// entries indexed by exact host, host with path, wildcard suffix and first label.
#[derive(Debug, Default)]
pub struct Classifier<'p> {
    tables: Vec<Table>,
    /// (table, pattern, the reason of its verdicts once one was given), in priority order.
    urls: Vec<(usize, &'p Pattern, OnceLock<Arc<str>>)>,
    /// The `urls` patterns, matched in priority order.
    url_matcher: OrderedPatterns,
    hosts: Hosts<'p>,
    /// Reasons given once, by what decides them (see `cached`), with a buffer to join a key
    /// in. Keyed by hosts of the lists, so hashed with SipHash (a chosen set of colliding
    /// hosts cannot make lookups slow).
    reasons: Mutex<Reasons>,
}

/// A buffer to join a key in, and the reasons given by key.
type Reasons = (String, HashMap<Box<str>, Arc<str>>);

/// The index of host entries: the one `build.rs` made of the default policy's, or maps built
/// for the policy of the run.
#[derive(Debug)]
enum Hosts<'p> {
    Built(BuiltHosts),
    Maps(Box<HostMaps<'p>>),
}

impl Default for Hosts<'_> {
    fn default() -> Self {
        Hosts::Maps(Box::default())
    }
}

/// Host entries indexed for lookups. Keys and entries borrow the policy's own text (lower
/// case, without `www.`, as the default policy writes them; a copy only where an entry is
/// written otherwise).
#[derive(Debug, Default)]
struct HostMaps<'p> {
    /// Host → table (the host is the entry as written).
    exact: FxHashMap<Cow<'p, str>, usize>,
    /// Host → (path prefix, table, entry).
    with_path: FxHashMap<Cow<'p, str>, Vec<PathEntry<'p>>>,
    suffix: FxHashMap<Cow<'p, str>, HostEntry<'p>>,
    first_label: FxHashMap<Cow<'p, str>, HostEntry<'p>>,
}

/// Part `range` of `s`, borrowed from the policy when `s` is.
fn part<'p>(s: &Cow<'p, str>, range: std::ops::Range<usize>) -> Cow<'p, str> {
    match s {
        Cow::Borrowed(b) => Cow::Borrowed(&b[range]),
        Cow::Owned(o) => Cow::Owned(o[range].to_string()),
    }
}

/// Whether a path on a documentation host is one article of its blog: `/blog/<slug>`,
/// `/blogs/<slug>`, `/YYYY/MM/DD/<slug>` (not a blog's index, tag or paging pages).
fn is_blog_article(rest: &str) -> bool {
    let parts: Vec<&str> = rest
        .split(['?', '#'])
        .next()
        .unwrap_or("")
        .split('/')
        .filter(|p| !p.is_empty())
        .collect();
    let slug = |p: &str| {
        !matches!(
            p,
            "tag" | "tags" | "category" | "categories" | "page" | "author" | "index.html"
        ) && !p.bytes().all(|c| c.is_ascii_digit())
    };
    let num = |p: &str, n: usize| p.len() == n && p.bytes().all(|c| c.is_ascii_digit());
    match parts.as_slice() {
        [b, s] => matches!(*b, "blog" | "blogs") && slug(s),
        [y, m, d, s, ..] => num(y, 4) && num(m, 2) && num(d, 2) && slug(s),
        _ => false,
    }
}

/// Paths that are a host's or a path entry's own index page.
fn is_index(rest: &str) -> bool {
    matches!(
        rest.trim_start_matches('/'),
        "" | "index.html" | "index.htm" | "index.php"
    )
}

impl<'p> HostMaps<'p> {
    /// The maps of `tables`' hosts (in priority order).
    fn new(tables: &[(Group, &'p HostRules)]) -> HostMaps<'p> {
        let mut c = HostMaps::default();
        // Sized up front: a policy may list hundreds of hosts, and growing the maps one
        // doubling at a time costs more than filling them.
        let hosts: usize = tables.iter().map(|(_, r)| r.hosts.len()).sum();
        c.exact.reserve(hosts);
        for (t, (_, rules)) in tables.iter().enumerate() {
            for written in &rules.hosts {
                let h = normalised(written);
                match slot(&h) {
                    Slot::Suffix(r) => {
                        if !c.suffix.contains_key(&h[r.clone()]) {
                            c.suffix.insert(part(&h, r), (t, h));
                        }
                    }
                    Slot::FirstLabel(r) => {
                        if !c.first_label.contains_key(&h[r.clone()]) {
                            c.first_label.insert(part(&h, r), (t, h));
                        }
                    }
                    Slot::WithPath { host, prefix } => {
                        let (host, prefix) = (part(&h, host), part(&h, prefix));
                        c.with_path.entry(host).or_default().push((prefix, t, h));
                    }
                    Slot::Exact => {
                        // the key is the entry as written (see `host_entry`)
                        c.exact.entry(h).or_insert(t);
                    }
                }
            }
        }
        c
    }
}

impl<'p> Classifier<'p> {
    pub fn new(p: &'p SourcesPolicy) -> Classifier<'p> {
        let mut c = Classifier::default();
        // Priority order: inadmissible, none, docs, paper, report, repo.
        let mut ordered: Vec<(Group, &HostRules)> = p
            .inadmissible
            .iter()
            .map(|(g, r)| (Group::Inadmissible(g.as_str().into()), r))
            .collect();
        ordered.extend(
            p.none
                .iter()
                .map(|(g, r)| (Group::None(g.as_str().into()), r)),
        );
        ordered.push((Group::Kind(Kind::Docs), &p.docs));
        ordered.push((Group::Kind(Kind::Paper), &p.paper));
        ordered.push((Group::Kind(Kind::Report), &p.report));
        ordered.push((Group::Kind(Kind::Repo), &p.repo));
        c.url_matcher = OrderedPatterns::new(ordered.iter().map(|(_, r)| r.urls.as_slice()));
        // The default policy's hosts were indexed when the binary was built.
        let built = BuiltHosts::for_tables(ordered.iter().map(|(g, r)| {
            let name = match g {
                Group::Inadmissible(n) | Group::None(n) => &**n,
                Group::Kind(_) => "",
            };
            (name, r.hosts.as_slice())
        }));
        c.hosts = match built {
            Some(built) => Hosts::Built(built),
            None => Hosts::Maps(Box::new(HostMaps::new(&ordered))),
        };
        c.tables.reserve_exact(ordered.len());
        c.urls
            .reserve_exact(ordered.iter().map(|(_, r)| r.urls.len()).sum());
        for (group, rules) in ordered {
            let t = c.tables.len();
            c.tables.push(Table::new(group, rules.about.trim().into()));
            for u in &rules.urls {
                c.urls.push((t, u, OnceLock::new()));
            }
        }
        c
    }

    /// How many of the policy's URL patterns are compiled at run time (none of the default's).
    pub fn runtime_patterns(&self) -> usize {
        self.url_matcher.runtime_patterns()
    }

    /// Classifies a link's target by the policy alone (no comment).
    pub fn classify(&self, target: &Target) -> Classification {
        let none = |reason: String| Classification {
            reason: reason.into(),
            ..Classification::default()
        };
        let (host, path, key) = match target {
            Target::Web(w) => (w.host(), w.path(), w.host_path()),
            Target::Relative { .. } | Target::Fragment(_) => {
                return none("not a web URL: a relative link".into())
            }
            Target::Other { scheme } if scheme.is_empty() => {
                return none("not a web URL: a relative link".into())
            }
            _ => return none("not a web URL".into()),
        };
        // a web archive's copy of a page is the page it copies (web.archive.org/web/20120111/
        // https://…); its calendar of captures (…/web/2023*/https://…) is a listing
        if host == "web.archive.org" {
            match archived(path) {
                Some(Archived::Copy(url)) => {
                    let schemes = ["http".to_string(), "https".to_string()];
                    let inner = crate::target::parse(
                        url,
                        crate::target::TargetOptions {
                            schemes: &schemes,
                            tracking: &[],
                        },
                    );
                    if matches!(inner, Target::Web(_)) {
                        let mut c = self.classify(&inner);
                        c.reason = format!("an archived copy of {url}: {}", c.reason).into();
                        return c;
                    }
                }
                Some(Archived::Calendar) => {
                    return none(
                        "a web archive's list of captures of a page, not the page itself".into(),
                    )
                }
                None => {}
            }
        }
        if let Some((t, p, reason)) = self
            .url_matcher
            .first_match(host, key)
            .map(|i| &self.urls[i])
        {
            let table = &self.tables[*t];
            // A host the policy files under a non-primary group keeps its group even where a
            // `[sources.none]` path pattern matches (a video host's keynote, a news site's
            // `/news/` page): both verdicts reject the page, the host says what it is. (A
            // kind's path pattern still wins: a vendor's marketing host keeps its datasheets and
            // whitepapers as docs.)
            let host_group = match table.group {
                Group::None(_) => self
                    .host_entry(host, path)
                    .filter(|(t, ..)| matches!(self.tables[*t].group, Group::Inadmissible(_))),
                _ => None,
            };
            if let Some((t, entry, _)) = host_group {
                return self.tables[t].verdict(Self::host_why(&self.tables[t], host, entry));
            }
            let reason = reason.get_or_init(|| {
                table.reason(format!(
                    "URL matches {} pattern `{}`",
                    table.name(),
                    p.as_str()
                ))
            });
            return table.verdict_with(reason.clone());
        }
        let Some((t, entry, rest)) = self.host_entry(host, path) else {
            let reason = self.cached(&["", host], || {
                format!("no rule of the policy matches host {host}").into()
            });
            return Classification {
                reason,
                ..Classification::default()
            };
        };
        let table = &self.tables[t];
        // a project's own blog on its documentation host: one article by the people who built
        // it is a report (`tvm.apache.org/2018/10/03/auto-opt`, `onnxruntime.ai/blogs/phi-3`)
        // (on GitHub Pages the first folder is the project's: `nvidia.github.io/TensorRT-LLM/
        // blogs/some-post.html`)
        let in_project = host
            .ends_with(".github.io")
            .then(|| rest.trim_start_matches('/').split_once('/').map(|(_, r)| r))
            .flatten();
        if matches!(table.group, Group::Kind(Kind::Docs))
            && (is_blog_article(rest) || in_project.is_some_and(is_blog_article))
        {
            if let Some(report) = self
                .tables
                .iter()
                .find(|r| matches!(r.group, Group::Kind(Kind::Report)))
            {
                return report.verdict(format!(
                    "{}, and this is an article of its blog",
                    Self::host_why(table, host, entry)
                ));
            }
        }
        if table.one_work() && is_index(rest) {
            let what = if entry.contains('/') {
                format!(
                    "`{entry}` is listed under {}, but this is its index page",
                    table.name()
                )
            } else {
                format!(
                    "host {host} is listed under {}, but this is its front page",
                    table.name()
                )
            };
            return none(format!(
                "{what}: a listing, not one {}",
                if matches!(table.group, Group::Kind(Kind::Paper)) {
                    "paper"
                } else {
                    "article"
                }
            ));
        }
        let reason = self.cached(&[table.name(), entry, host], || {
            table.reason(Self::host_why(table, host, entry))
        });
        table.verdict_with(reason)
    }

    /// The reason `make` gives, made once per run for the same `key` (the parts that decide
    /// it): a list links few hosts many times, each under the same entry.
    fn cached(&self, key: &[&str], make: impl FnOnce() -> Arc<str>) -> Arc<str> {
        let mut reasons = self.reasons.lock().unwrap_or_else(PoisonError::into_inner);
        let (joined, map) = &mut *reasons;
        joined.clear();
        for part in key {
            joined.push_str(part);
            joined.push('\0');
        }
        if let Some(reason) = map.get(joined.as_str()) {
            return Arc::clone(reason);
        }
        let reason = make();
        map.insert(joined.as_str().into(), Arc::clone(&reason));
        reason
    }

    /// Why a host entry decided: the entry as written and its table.
    fn host_why(table: &Table, host: &str, entry: &str) -> String {
        if entry.contains('/') {
            format!("`{entry}` is listed under {}", table.name())
        } else if entry == host {
            format!("host {entry} is listed under {}", table.name())
        } else {
            format!("host {host} matches `{entry}` under {}", table.name())
        }
    }

    /// The most specific host entry for a host and path: a host with a path (the longest
    /// prefix, compared without regard to ASCII case), the exact host, a wildcard suffix, a first label. Returns the table, the entry
    /// as written and the part of the path after what the entry names.
    fn host_entry<'a>(&'a self, host: &str, path: &'a str) -> Option<(usize, &'a str, &'a str)> {
        // Whether `path` is under an entry's path `prefix`. The entry is lower case; a URL's
        // path keeps its case (`/PDL-FTP/` on a host whose entry says `/pdl-ftp`).
        let under = |prefix: &str| {
            path.as_bytes()
                .get(..prefix.len())
                .is_some_and(|p| p.eq_ignore_ascii_case(prefix.as_bytes()))
                && matches!(
                    path.as_bytes().get(prefix.len()),
                    None | Some(b'/' | b'?' | b'#' | b'.' | b'-' | b'_')
                )
        };
        let best = match &self.hosts {
            Hosts::Built(b) => b
                .with_path(host)
                .filter(|(prefix, ..)| under(prefix))
                .max_by_key(|(prefix, ..)| prefix.len()),
            Hosts::Maps(m) => m.with_path.get(host).and_then(|entries| {
                entries
                    .iter()
                    .map(|(prefix, t, entry)| (prefix.as_ref(), *t, entry.as_ref()))
                    .filter(|(prefix, ..)| under(prefix))
                    .max_by_key(|(prefix, ..)| prefix.len())
            }),
        };
        if let Some((prefix, t, entry)) = best {
            return Some((t, entry, &path[prefix.len()..]));
        }
        let exact = match &self.hosts {
            Hosts::Built(b) => b.exact(host),
            Hosts::Maps(m) => m.exact.get_key_value(host).map(|(e, t)| (*t, e.as_ref())),
        };
        if let Some((t, entry)) = exact {
            return Some((t, entry, path));
        }
        let suffix = |h: &str| match &self.hosts {
            Hosts::Built(b) => b.suffix(h),
            Hosts::Maps(m) => m.suffix.get(h).map(|(t, e)| (*t, e.as_ref())),
        };
        let chain = std::iter::successors(Some(host), |h| h.split_once('.').map(|(_, r)| r));
        for h in chain {
            if let Some((t, entry)) = suffix(h) {
                // a first label that rejects (`discuss.*`, `forum.*`) beats a kind's wildcard
                // suffix (`discuss.tvm.apache.org` under `*.apache.org`)
                let label = host.split('.').next().unwrap_or("");
                let first = match &self.hosts {
                    Hosts::Built(b) => b.first_label(label),
                    Hosts::Maps(m) => m.first_label.get(label).map(|(t, e)| (*t, e.as_ref())),
                };
                let rejecting = first.filter(|(lt, _)| {
                    matches!(self.tables[t].group, Group::Kind(_))
                        && !matches!(self.tables[*lt].group, Group::Kind(_))
                });
                if let Some((lt, lentry)) = rejecting {
                    return Some((lt, lentry, path));
                }
                return Some((t, entry, path));
            }
        }
        let label = host.split('.').next()?;
        if host.contains('.') {
            let first = match &self.hosts {
                Hosts::Built(b) => b.first_label(label),
                Hosts::Maps(m) => m.first_label.get(label).map(|(t, e)| (*t, e.as_ref())),
            };
            if let Some((t, entry)) = first {
                return Some((t, entry, path));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::Policy;

    /// The index `build.rs` made of the default policy's hosts answers every lookup as the
    /// maps built at run time do.
    #[test]
    fn the_built_host_index_answers_as_the_maps() {
        let policy = Policy::default_policy();
        let built = Classifier::new(&policy.sources);
        assert!(matches!(built.hosts, Hosts::Built(_)));
        let mut maps = Classifier::new(&policy.sources);
        let tables: Vec<(Group, &HostRules)> = built
            .tables
            .iter()
            .map(|t| t.group.clone())
            .zip(
                policy
                    .sources
                    .inadmissible
                    .values()
                    .chain(policy.sources.none.values())
                    .chain([
                        &policy.sources.docs,
                        &policy.sources.paper,
                        &policy.sources.report,
                        &policy.sources.repo,
                    ]),
            )
            .collect();
        maps.hosts = Hosts::Maps(Box::new(HostMaps::new(&tables)));
        let mut n = 0;
        for (_, rules) in &tables {
            for written in &rules.hosts {
                let h = normalised(written).into_owned();
                let bare = h.trim_start_matches("*.").trim_end_matches(".*");
                let (host, path) = bare.split_once('/').unwrap_or((bare, ""));
                for host in [
                    host.to_string(),
                    format!("sub.{host}"),
                    format!("{host}.example"),
                    format!("x{host}"),
                ] {
                    for path in [
                        String::new(),
                        "/".into(),
                        format!("/{path}"),
                        format!("/{path}/x"),
                        format!("/{}", path.to_uppercase()),
                        format!("/{path}x"),
                    ] {
                        assert_eq!(
                            built.host_entry(&host, &path),
                            maps.host_entry(&host, &path),
                            "{host}{path}"
                        );
                        n += built.host_entry(&host, &path).is_some() as usize;
                    }
                }
            }
        }
        assert!(n > 1000, "{n}");
        // a policy that changes a host list is indexed at run time
        let mut changed = Policy::default_policy();
        changed.sources.docs.hosts.push("docs.example.org".into());
        assert!(matches!(
            Classifier::new(&changed.sources).hosts,
            Hosts::Maps(_)
        ));
    }
}
