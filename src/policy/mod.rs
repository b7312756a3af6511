//! The source policy: its schema, the embedded default, layering a user's file over it, and
//! errors that point at the offending key. Patterns live in `pattern`, how the policy scopes a
//! document's sections in `scope`, finding and reading policy files in `load`.

pub mod compiled;
pub mod device;
pub mod finder;
pub mod layer;
pub(crate) mod literal;
pub mod load;
pub mod pattern;
pub mod scope;

pub use compiled::OrderedPatterns;
pub use device::{DeviceList, DeviceSpec, Peaks, Rate};
pub use finder::ListFinder;
pub use layer::{Origin, Origins, Replaced};
pub use load::{discover, load, LoadedPolicy};
pub use pattern::{AsciiSet, Pattern, PatternList};
pub use scope::Scope;

use crate::error::{did_you_mean, did_you_mean_rule, Error};
use crate::finding::Level;
use serde::{Deserialize, Deserializer, Serialize};
use std::collections::BTreeMap;

/// The default policy, `policy.toml` at the repository root, compiled in.
pub const DEFAULT_POLICY: &str = include_str!("../../policy.toml");

/// Where the device table starts in the default policy: it ends the file, and is read only
/// when a rule needs it (see `DeviceList`).
const DEVICES_MARKER: &str = "\n[[perf.devices]]\n";

fn default_split() -> (&'static str, &'static str) {
    // Just before the comment block that introduces the table.
    let at = DEFAULT_POLICY
        .find(DEVICES_MARKER)
        .expect("the default policy ends with its device table");
    let head = &DEFAULT_POLICY[..at];
    let intro = head.rfind("\n\n").map_or(at, |i| i + 1);
    (&DEFAULT_POLICY[..intro], &DEFAULT_POLICY[intro..])
}

/// The default policy without its device table.
fn default_main() -> &'static str {
    default_split().0
}

/// The default device table (`[[perf.devices]]` entries).
pub(crate) fn default_devices() -> &'static str {
    default_split().1
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct Policy {
    pub list: ListPolicy,
    pub sections: SectionPolicy,
    pub links: LinkPolicy,
    pub frontier: FrontierPolicy,
    pub sources: SourcesPolicy,
    pub tables: TablePolicy,
    pub perf: PerfPolicy,
    /// Severity per rule name or family.
    #[serde(deserialize_with = "rule_levels")]
    pub rules: BTreeMap<String, Level>,
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
    /// Words that make a sentence's numbers hypothetical ("if … it would reach 80%").
    pub hypothetical_cues: PatternList,
    /// Vendor peaks per device (`perf/exceeds-peak`).
    pub devices: DeviceList,
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
    /// Pages that are none of the four kinds whatever their host ("course", "listing", …).
    pub none: BTreeMap<String, HostRules>,
    /// With `--online`, let what a page shows (scholarly `citation_*` tags, a documentation
    /// generator, a code repository) accept a source the hosts and patterns do not.
    pub accept_evidence: bool,
}

/// Hosts (`arxiv.org`, `*.acm.org`, `docs.*`, `developer.nvidia.com/blog`) and URL patterns
/// of one group of sources.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct HostRules {
    /// What the group is, in words; reasons from this table start with it.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub about: String,
    #[serde(deserialize_with = "host_entries")]
    pub hosts: Vec<String>,
    #[serde(deserialize_with = "pattern::patterns")]
    pub urls: Vec<Pattern>,
}

/// Table rows as entries: whether they are, and which header names give a column its role.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct TablePolicy {
    /// Whether a table row that holds a link is an entry.
    pub entries: bool,
    /// Header names of the column that holds the row's title.
    pub title: PatternList,
    /// Header names of the columns that hold the row's source.
    pub source: PatternList,
    /// Header names of the columns that hold the row's code.
    pub code: PatternList,
    /// Header names of the column that holds the row's date.
    pub date: PatternList,
    /// The four lists as one automaton, in that order (None: a list needs Unicode mode).
    #[serde(skip)]
    all: std::sync::OnceLock<Option<AsciiSet>>,
}

impl TablePolicy {
    /// The role a header name gives its column: the first of title, source, code and date
    /// whose names match.
    pub fn role(&self, header: &str) -> Option<crate::document::ColumnRole> {
        use crate::document::ColumnRole;
        let lists = [
            (&self.title, ColumnRole::Title),
            (&self.source, ColumnRole::Source),
            (&self.code, ColumnRole::Code),
            (&self.date, ColumnRole::Date),
        ];
        // One automaton for the four lists: a table's header is read once, and compiling four
        // would cost more than reading every row.
        let all = self.all.get_or_init(|| {
            AsciiSet::new(
                lists
                    .iter()
                    .flat_map(|(l, _)| l.iter().map(Pattern::as_str)),
            )
        });
        match all {
            Some(set) if header.is_ascii() || lists.iter().all(|(l, _)| l.is_ascii()) => {
                let mut i = set.first_match(header)?;
                lists.into_iter().find_map(|(l, role)| {
                    let n = l.iter().len();
                    if i < n {
                        Some(role)
                    } else {
                        i -= n;
                        None
                    }
                })
            }
            _ => lists
                .into_iter()
                .find(|(names, _)| names.is_match_exact(header))
                .map(|(_, role)| role),
        }
    }
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct ListPolicy {
    #[serde(deserialize_with = "project_paths")]
    pub files: Vec<String>,
    pub max_file_bytes: u64,
}

/// `[list] files`: paths (or globs) inside the project, relative to the policy's folder. An
/// absolute path or one that climbs out with `..` is refused: a policy from an untrusted pull
/// request must not make the run read the runner's other files.
fn project_paths<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    let files = Vec::<String>::deserialize(d)?;
    for f in &files {
        let p = std::path::Path::new(f);
        let escapes = p.is_absolute()
            || f.starts_with('/')
            || f.starts_with('\\')
            || p.components().any(|c| {
                matches!(
                    c,
                    std::path::Component::ParentDir | std::path::Component::Prefix(_)
                )
            });
        if escapes {
            return Err(serde::de::Error::custom(format!(
                "[list] files entry `{f}` is outside the project{HELP}name files relative to the policy's folder, inside it (`README.md`, `docs/*.md`)"
            )));
        }
    }
    Ok(files)
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct SectionPolicy {
    pub exempt: PatternList,
    pub core: PatternList,
    pub frontier: PatternList,
    pub hardware: PatternList,
    pub contents: PatternList,
    /// Which sections the contents list must name, by scope: `core`, `frontier`, `exempt`,
    /// `other` (none of those three).
    #[serde(deserialize_with = "scope_names")]
    pub contents_covers: Vec<String>,
    pub max_entries: usize,
    pub forbidden_headings: PatternList,
    #[serde(deserialize_with = "pattern::patterns")]
    pub forbidden_text: Vec<Pattern>,
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct LinkPolicy {
    pub schemes: Vec<String>,
    pub tracking_params: Vec<String>,
    /// Hosts known to serve HTTPS: `--fix` rewrites their `http://` links to `https://`.
    #[serde(deserialize_with = "host_entries")]
    pub https_hosts: Vec<String>,
    /// Statuses `--online` accepts as fine besides 2xx.
    pub accept: Vec<u16>,
    /// Whether `--online` keeps successes in a cache file (`--cache`/`--no-cache` override).
    pub cache: bool,
    /// The cache file, relative to the current folder.
    pub cache_path: String,
    /// How long a cached success stays fresh.
    pub cache_max_age_days: u32,
}

impl LinkPolicy {
    /// Whether `host` (lower case, without `www.`) is listed in `https_hosts`: an exact host
    /// (its `www.` form too), `*.example.org` (it and every subdomain) or `docs.*` (any host
    /// whose first label is `docs`). A path after an entry's host is ignored: HTTPS is a
    /// property of the host.
    pub fn serves_https(&self, host: &str) -> bool {
        self.https_hosts.iter().any(|entry| {
            let e = entry.trim().to_ascii_lowercase();
            let e = e.split('/').next().unwrap_or("");
            let e = e.strip_prefix("www.").unwrap_or(e);
            if let Some(suffix) = e.strip_prefix("*.") {
                host == suffix || host.ends_with(&format!(".{suffix}"))
            } else if let Some(label) = e.strip_suffix(".*") {
                host.split_once('.')
                    .is_some_and(|(first, _)| first == label)
            } else {
                host == e
            }
        })
    }
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct FrontierPolicy {
    #[serde(deserialize_with = "date_pattern")]
    pub verified_pattern: Option<Pattern>,
    pub max_age_days: u32,
}

/// Separates a checked value's message from its help in a deserialisation error.
const HELP: &str = "\n";

thread_local! {
    /// While a user's policy file is read: the rule and family names `[rules]` may use. Its
    /// patterns, hosts and rule names are checked then; the embedded default is trusted (a
    /// test checks it the same way), which keeps start-up fast.
    static CHECKING: std::cell::RefCell<Option<Vec<&'static str>>> =
        const { std::cell::RefCell::new(None) };
    /// The exact span of a value inside an array that failed its check (the parser reports
    /// the array's).
    static FAILED_AT: std::cell::Cell<Option<(usize, usize)>> = const { std::cell::Cell::new(None) };
}

/// Records the exact span of a value in an array that failed its check.
fn fail_at(span: std::ops::Range<usize>) {
    FAILED_AT.with(|c| c.set(Some((span.start, span.end))));
}

/// Whether a user's file is being read (its values are checked).
fn checking() -> bool {
    CHECKING.with(|c| c.borrow().is_some())
}

/// Reads a user's policy file (parsed, its `extend_` twins renamed) with every value checked;
/// `rule_names` are what `[rules]` may name.
fn from_checked(
    user: toml::Spanned<toml::de::DeTable<'_>>,
    rule_names: &[&'static str],
) -> Result<Policy, toml::de::Error> {
    CHECKING.with(|c| *c.borrow_mut() = Some(rule_names.to_vec()));
    FAILED_AT.with(|c| c.set(None));
    let result = Policy::deserialize(toml::de::Deserializer::from(user));
    CHECKING.with(|c| *c.borrow_mut() = None);
    result
}

fn rule_levels<'de, D: Deserializer<'de>>(d: D) -> Result<BTreeMap<String, Level>, D::Error> {
    let map = BTreeMap::<RuleName, Level>::deserialize(d)?;
    Ok(map.into_iter().map(|(k, v)| (k.0, v)).collect())
}

/// A `[rules]` key: checked against the rule and family names while a user's file is read.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
struct RuleName(String);

impl<'de> Deserialize<'de> for RuleName {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let key = String::deserialize(d)?;
        let problem = CHECKING.with(|c| {
            let names = c.borrow();
            let names = names.as_ref()?;
            if names.contains(&key.as_str()) {
                return None;
            }
            Some(match did_you_mean_rule(&key, names.iter().copied()) {
                Some(s) => format!("[rules] names unknown rule `{key}`{HELP}did you mean `{s}`?"),
                None => format!(
                    "[rules] names unknown rule `{key}`{HELP}`sourcepolicy explain` lists every rule"
                ),
            })
        });
        match problem {
            Some(p) => Err(serde::de::Error::custom(p)),
            None => Ok(RuleName(key)),
        }
    }
}

/// `hosts` entries, each checked while a user's file is read; an error points at the entry.
fn host_entries<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    if !checking() {
        return Vec::<String>::deserialize(d);
    }
    // Only the parser of a policy text knows spans (not the layered table).
    let hosts = Vec::<toml::Spanned<String>>::deserialize(d)?;
    {
        for h in &hosts {
            if let Some(problem) = host_entry_problem(h.get_ref()) {
                fail_at(h.span());
                return Err(serde::de::Error::custom(format!(
                    "host entry `{}` {problem}{HELP}write a host (`arxiv.org`), a wildcard (`*.acm.org`, `docs.*`) or a host with a path (`developer.nvidia.com/blog`)",
                    h.get_ref()
                )));
            }
        }
    }
    Ok(hosts.into_iter().map(toml::Spanned::into_inner).collect())
}

/// The scopes `contents_covers` may name.
pub const SCOPE_NAMES: [&str; 4] = ["core", "frontier", "exempt", "other"];

/// `contents_covers` entries, each checked while a user's file is read.
fn scope_names<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    if !checking() {
        return Vec::<String>::deserialize(d);
    }
    let names = Vec::<toml::Spanned<String>>::deserialize(d)?;
    for n in &names {
        if !SCOPE_NAMES.contains(&n.get_ref().as_str()) {
            fail_at(n.span());
            let hint = match did_you_mean(n.get_ref(), SCOPE_NAMES) {
                Some(s) => format!("did you mean `{s}`?"),
                None => format!("the scopes are {}", SCOPE_NAMES.join(", ")),
            };
            return Err(serde::de::Error::custom(format!(
                "unknown section scope `{}` in contents_covers{HELP}{hint}",
                n.get_ref()
            )));
        }
    }
    Ok(names.into_iter().map(toml::Spanned::into_inner).collect())
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

fn date_pattern<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Pattern>, D::Error> {
    let p = Option::<Pattern>::deserialize(d)?;
    if let Some(p) = &p {
        if checking() && !p.has_group("date") {
            return Err(serde::de::Error::custom(format!(
                "verified_pattern `{}` has no group named `date`{HELP}capture the date: 'verified on (?P<date>\\d{{4}}-\\d{{2}}-\\d{{2}})'",
                p.as_str()
            )));
        }
    }
    Ok(p)
}

impl Policy {
    /// The embedded default policy.
    pub fn default_policy() -> Policy {
        toml::from_str(default_main()).expect("the embedded policy.toml is valid (tested)")
    }

    /// The default policy with a user's policy file layered over it: tables merge key by key,
    /// an array replaces the default's, `extend_<key>` appends to it. `name` labels errors;
    /// `rule_names` are the rule and family names `[rules]` may use.
    pub fn layered(name: &str, text: &str, rule_names: &[&'static str]) -> Result<Policy, Error> {
        Ok(Policy::layer(name, text, rule_names)?.0)
    }

    /// `layered`, with how it was layered: where each value came from and the default lists
    /// the file replaced in a way that looks like a mistake.
    pub fn layer(
        name: &str,
        text: &str,
        rule_names: &[&'static str],
    ) -> Result<(Policy, Layering), Error> {
        // The device table is two thirds of the default: left out (and read only when a rule
        // asks) unless the user's file touches it.
        let base = if text.contains("devices") {
            DEFAULT_POLICY
        } else {
            default_main()
        };
        let default: toml::Table = base.parse().expect("embedded policy parses");
        // Read the user's file on its own first, so errors point into it.
        let mut user = toml::de::DeTable::parse(text).map_err(|e| toml_error(name, text, &e))?;
        let mut array_keys = std::collections::HashMap::new();
        layer::rename_twins(
            user.get_mut(),
            Some(&default),
            &mut Vec::new(),
            &mut array_keys,
        )
        .map_err(|e| positioned(name, text, e.span, &e.message, "not a list").with_help(e.help))?;
        from_checked(user, rule_names).map_err(|e| toml_error(name, text, &e))?;
        let over: toml::Table = text.parse().map_err(|e| toml_error(name, text, &e))?;
        let mut table = default;
        let mut origins = Origins::new(Some(name.to_string()));
        let mut replaced = Vec::new();
        layer::merge(
            &mut table,
            over,
            &mut Vec::new(),
            &mut origins,
            &array_keys,
            &mut replaced,
        );
        let lines = crate::lines::LineIndex::new(text);
        for r in &mut replaced {
            let p = lines.position(text, r.span.start);
            r.at = (p.line, p.column);
        }
        let policy =
            toml::Value::Table(table.clone())
                .try_into()
                .map_err(|e: toml::de::Error| {
                    Error::new(format!("{name}: invalid policy: {}", e.message()))
                })?;
        Ok((
            policy,
            Layering {
                table: Some(table),
                origins,
                replaced,
            },
        ))
    }

    /// The level the policy sets for a rule, if it sets one (a rule name beats its family).
    pub fn level_for(&self, rule: &str) -> Option<Level> {
        self.rules.get(rule).copied().or_else(|| {
            let family = rule.split('/').next().unwrap_or(rule);
            self.rules.get(family).copied()
        })
    }

    /// The policy as TOML, for `sourcepolicy policy`.
    pub fn to_toml(&self) -> String {
        toml::to_string_pretty(self).expect("policy serialises")
    }
}

/// How a policy was layered: the merged table it was read from, where each value came from,
/// and the default lists a file replaced in a way that looks like a mistake.
#[derive(Default)]
pub struct Layering {
    /// None for the built-in policy alone (parsed again only if shown).
    table: Option<toml::Table>,
    pub origins: Origins,
    pub replaced: Vec<Replaced>,
}

impl Layering {
    /// The policy in effect as TOML, each value followed by where it came from.
    pub fn show(&self) -> String {
        match &self.table {
            Some(t) => layer::show(t, &self.origins),
            None => layer::show(
                &DEFAULT_POLICY.parse().expect("embedded policy parses"),
                &self.origins,
            ),
        }
    }
}

/// A policy error at `span` of the file: `file:line:col: invalid policy: message`, the text
/// underlined with `label`.
fn positioned(
    name: &str,
    text: &str,
    span: std::ops::Range<usize>,
    message: &str,
    label: &str,
) -> Error {
    let pos = crate::lines::LineIndex::new(text).position(text, span.start);
    Error::new(format!(
        "{name}:{}:{}: invalid policy: {message}",
        pos.line, pos.column
    ))
    .at(name, text, span, label)
}

/// A policy error: `file:line:col: invalid policy: message`, the offending text underlined
/// (the position comes from the TOML parser), and a suggestion where one is close.
fn toml_error(name: &str, text: &str, e: &toml::de::Error) -> Error {
    let full = e.message().trim().to_string();
    // A checked value's message carries its own help after a line break.
    let (message, help) = match full.split_once(HELP) {
        Some((m, h)) => (m.to_string(), Some(h.to_string())),
        None => (full.clone(), None),
    };
    let span = FAILED_AT
        .with(|c| c.take())
        .map(|(s, e)| s..e)
        .or_else(|| e.span())
        .unwrap_or(0..0);
    let mut err = positioned(name, text, span.clone(), &message, &short_label(&message));
    if let Some(h) = help {
        return err.with_help(h);
    }
    // serde: "unknown field `x`, expected one of `a`, `b`" / "expected `a` or `b`"
    if let Some(rest) = message.strip_prefix("unknown field `") {
        if let Some((unknown, expected)) = rest.split_once('`') {
            let keys: Vec<&str> = expected.split('`').skip(1).step_by(2).collect();
            // Each list key of this table also has its `extend_` twin.
            let lists = layer::lists_beside(
                &DEFAULT_POLICY.parse().expect("embedded policy parses"),
                text,
                span.clone(),
            );
            let twins: Vec<String> = keys
                .iter()
                .filter(|k| lists.iter().any(|l| l == *k))
                .map(|k| format!("{}{k}", layer::EXTEND))
                .collect();
            let candidates = keys.iter().copied().chain(twins.iter().map(String::as_str));
            err = match (unknown.strip_prefix(layer::EXTEND), did_you_mean(unknown, candidates)) {
                (Some(base), _) if keys.contains(&base) => err.with_help(format!(
                    "`{unknown}` adds to a default list, and this table has none: write `{base} = [...]`"
                )),
                (_, Some(s)) => err.with_help(format!("did you mean `{s}`?")),
                (_, None) => {
                    let mut all: Vec<&str> = keys.clone();
                    all.extend(twins.iter().map(String::as_str));
                    err.with_help(format!("valid keys here: {}", all.join(", ")))
                }
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
    } else if message.starts_with("[rules] names unknown rule") {
        "no such rule or family".into()
    } else if message.starts_with("host entry") {
        "bad host entry".into()
    } else if message.starts_with("unknown section scope") {
        "no such scope".into()
    } else if message.starts_with("verified_pattern") {
        "no (?P<date>…) group".into()
    } else {
        "here".into()
    }
}
