//! The source policy: its schema and the embedded default, layered with a user's file. Values
//! checked while a user's file is read live in `checked`, errors that point at the offending
//! key in `errors`, layering in `layer`, patterns in `pattern`, how the policy scopes a
//! document's sections in `scope`, finding and reading policy files in `load`.

pub mod builtin;
mod checked;
pub mod compiled;
mod default_lists;
pub mod device;
mod errors;
pub mod finder;
mod grams;
pub(crate) mod host_key;
pub mod layer;
pub(crate) mod literal;
pub mod load;
pub mod pattern;
pub mod pattern_list;
#[cfg(test)]
mod required;
pub mod scope;
mod verified;
mod vocab_dfa;

pub use builtin::BuiltHosts;
pub use compiled::OrderedPatterns;
pub use device::{DeviceList, DeviceSpec, Peaks, Rate};
pub use finder::ListFinder;
pub use layer::{Origin, Origins, Replaced};
pub use load::{discover, load, LoadedPolicy};
pub use pattern::Pattern;
pub use pattern_list::{AsciiSet, PatternList};
pub use scope::Scope;

pub use checked::{host_entry_problem, SCOPE_NAMES};

use crate::error::Error;
use crate::finding::Level;
// `checking` and `fail_at` are also what `pattern` reaches as `super::…`.
use checked::{
    checking, date_pattern, fail_at, from_checked, host_entries, project_paths, rule_levels,
    scope_names,
};
use errors::{positioned, toml_error};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The default policy, `policy.toml` at the repository root, compiled in.
pub const DEFAULT_POLICY: &str = include_str!("../../policy.toml");

/// `default_main()` as JSON without `[sources]`, written by `build.rs`.
const DEFAULT_MAIN_JSON: &str = include_str!(concat!(env!("OUT_DIR"), "/default_main.json"));

/// `DEFAULT_MAIN_JSON` without the pattern lists that `default_lists` sets (`build.rs`).
const DEFAULT_LEAN_JSON: &str = include_str!(concat!(env!("OUT_DIR"), "/default_lean.json"));

/// The default `[sources]` as JSON, written by `build.rs`: read only to layer a user's file
/// that changes them, or to show them (a run reads them from `builtin`).
const DEFAULT_SOURCES_JSON: &str = include_str!(concat!(env!("OUT_DIR"), "/default_sources.json"));

/// The default `[sources]` as a TOML value.
fn default_sources_table() -> toml::Value {
    serde_json::from_str(DEFAULT_SOURCES_JSON).expect("the embedded [sources] is valid JSON")
}

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

/// The default policy without its device table (read from its JSON at run time).
#[cfg(test)]
fn default_main() -> &'static str {
    default_split().0
}

/// The default device table (`[[perf.devices]]` entries).
pub(crate) fn default_devices() -> &'static str {
    default_split().1
}

/// `text` with the bytes of `range` turned into spaces (line breaks kept, so every position
/// after it stays where it was).
fn blank(text: &str, range: std::ops::Range<usize>) -> String {
    let mut out = String::with_capacity(text.len());
    out.push_str(&text[..range.start]);
    out.extend(
        text[range.clone()]
            .chars()
            .map(|c| if c == '\n' { '\n' } else { ' ' }),
    );
    out.push_str(&text[range.end..]);
    out
}

/// Whether `range` of a TOML text starts on a line of its own and is followed only by
/// comments or a table header: no key after it would move into another table without it.
fn whole_tables(text: &str, range: std::ops::Range<usize>) -> bool {
    let starts_line = range.start == 0 || text[..range.start].ends_with('\n');
    let next = text[range.end..]
        .lines()
        .map(str::trim_start)
        .find(|l| !l.is_empty() && !l.starts_with('#'));
    starts_line && next.is_none_or(|l| l.starts_with('['))
}

/// Whether a user's file sets the device table (`[[perf.devices]]`, `perf.devices = …` or
/// `extend_devices`).
fn sets_devices(user: &toml::de::DeTable<'_>) -> bool {
    user.get("perf")
        .and_then(|p| match p.get_ref() {
            toml::de::DeValue::Table(t) => Some(t),
            _ => None,
        })
        .is_some_and(|t| t.keys().any(|k| k.get_ref().ends_with("devices")))
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
    /// Words of a lead-in that announces results pasted in the code block after it
    /// ("Throughput on one A100:", "we see the following timings:").
    pub results_cues: PatternList,
    /// Words of a lead-in that introduces commands or code instead ("Run the benchmark:").
    pub command_cues: PatternList,
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
    /// (Borrowed from the binary for the default policy: see `builtin`.)
    #[serde(deserialize_with = "host_entries")]
    pub hosts: Vec<std::borrow::Cow<'static, str>>,
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
        // Lists of the default policy are in the binary: asked one by one. Otherwise one
        // automaton for the four: a table's header is read once, and compiling four would cost
        // more than reading every row.
        if lists.iter().all(|(l, _)| l.is_empty() || l.is_built()) {
            return lists
                .into_iter()
                .find(|(names, _)| names.is_match_exact(header))
                .map(|(_, role)| role);
        }
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

impl Policy {
    /// The embedded default policy, read from what `build.rs` wrote of it (the same values
    /// as `policy.toml` without its device table, tested): its pattern lists and `[sources]`
    /// as Rust, the rest as JSON (serde reads JSON several times faster than TOML).
    pub fn default_policy() -> Policy {
        let mut p: Policy =
            serde_json::from_str(DEFAULT_LEAN_JSON).expect("the embedded policy is valid (tested)");
        default_lists::fill(&mut p);
        p.sources = SourcesPolicy::builtin();
        p
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
        // The default policy as `init` wrote it: nothing to layer (and the layering, a few
        // milliseconds of TOML for a file this size, is done only if `policy` shows it).
        if text == DEFAULT_POLICY {
            return Ok((
                Policy::default_policy(),
                Layering {
                    origins: Origins::new(Some(name.to_string())),
                    verbatim: Some((name.to_string(), rule_names.to_vec())),
                    ..Layering::default()
                },
            ));
        }
        Policy::layer_file(name, text, rule_names)
    }

    /// `layer` without the shortcut for a verbatim default.
    fn layer_file(
        name: &str,
        text: &str,
        rule_names: &[&'static str],
    ) -> Result<(Policy, Layering), Error> {
        // The device table is two thirds of the default: left out (and read only when a rule
        // asks) unless the user's file changes it. A file that holds the default table as
        // `init` wrote it is read without it (blanked, so positions stay), as if it had left
        // the table out: the same policy, without parsing the table three more times.
        // (Only a file at least as long as the table can hold it: looking for it costs more
        // than the rest of reading a short file.)
        let blanked = (text.len() >= default_devices().len())
            .then(|| text.find(default_devices()))
            .flatten()
            .map(|at| at..at + default_devices().len())
            .filter(|r| whole_tables(text, r.clone()))
            .map(|r| blank(text, r));
        let mut user = None;
        if let Some(b) = &blanked {
            let t = toml::de::DeTable::parse(b).map_err(|e| toml_error(name, b, &e))?;
            if !sets_devices(t.get_ref()) {
                user = Some((t, b.as_str()));
            }
        }
        // Read the user's file on its own first, so errors point into it.
        let (mut user, text) = match user {
            Some(u) => u,
            None => (
                toml::de::DeTable::parse(text).map_err(|e| toml_error(name, text, &e))?,
                text,
            ),
        };
        // The default as a table: without its device table, from the JSON `build.rs` wrote
        // (the same table, read several times faster than its TOML), and without `[sources]`
        // unless the file changes them (the policy then takes the default's from `builtin`).
        let sets_sources = user.get_ref().contains_key("sources");
        let default: toml::Table = if sets_devices(user.get_ref()) {
            DEFAULT_POLICY.parse().expect("embedded policy parses")
        } else {
            let mut t: toml::Table =
                serde_json::from_str(DEFAULT_MAIN_JSON).expect("the embedded policy is valid JSON");
            if sets_sources {
                t.insert("sources".into(), default_sources_table());
            }
            t
        };
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
        let mut policy: Policy =
            toml::Value::Table(table.clone())
                .try_into()
                .map_err(|e: toml::de::Error| {
                    Error::new(format!("{name}: invalid policy: {}", e.message()))
                })?;
        if !table.contains_key("sources") {
            policy.sources = SourcesPolicy::builtin();
        }
        Ok((
            policy,
            Layering {
                table: Some(table),
                origins,
                replaced,
                verbatim: None,
            },
        ))
    }

    /// The level the policy sets for a rule, if it sets one (a rule name beats its family).
    pub fn level_for(&self, rule: &str) -> Option<Level> {
        // (Asked twice per finding: most policies set no level at all.)
        if self.rules.is_empty() {
            return None;
        }
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
    /// A file that is the default policy word for word (as `init` writes it), by name: the
    /// policy is the default, and where each value came from is worked out only if shown.
    verbatim: Option<(String, Vec<&'static str>)>,
}

impl Layering {
    /// The policy in effect as TOML, each value followed by where it came from.
    pub fn show(&self) -> String {
        if let Some((name, rule_names)) = &self.verbatim {
            if let Ok((_, full)) = Policy::layer_file(name, DEFAULT_POLICY, rule_names) {
                return full.show();
            }
        }
        match &self.table {
            // the default `[sources]`, left out of the table unless the file changed them
            Some(t) if !t.contains_key("sources") => {
                let mut t = t.clone();
                t.insert("sources".into(), default_sources_table());
                layer::show(&t, &self.origins)
            }
            Some(t) => layer::show(t, &self.origins),
            None => layer::show(
                &DEFAULT_POLICY.parse().expect("embedded policy parses"),
                &self.origins,
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The JSON that `build.rs` wrote holds the same policy as the TOML it was made from.
    #[test]
    fn the_built_json_is_the_default_policy() {
        let from_toml: Policy = toml::from_str(default_main()).expect("policy.toml reads");
        let from_json = Policy::default_policy();
        let show = |p: &Policy| toml::to_string(p).expect("policy serialises");
        assert_eq!(show(&from_json), show(&from_toml));
        assert!(show(&from_json).contains("arxiv"));
    }

    /// A user's file is layered over the default read as a table from the built JSON: the
    /// same table, value for value (integers stay integers), as the TOML it was made from.
    #[test]
    fn the_built_json_is_the_default_table() {
        let mut from_json: toml::Table = serde_json::from_str(DEFAULT_MAIN_JSON).unwrap();
        assert!(!from_json.contains_key("sources"));
        from_json.insert("sources".into(), default_sources_table());
        let from_toml: toml::Table = default_main().parse().unwrap();
        assert_eq!(from_json, from_toml);
        assert!(matches!(
            from_json["frontier"]["max_age_days"],
            toml::Value::Integer(90)
        ));
    }

    /// The device table's JSON holds the same devices as the TOML it was made from.
    #[test]
    fn the_built_device_table_is_the_default_table() {
        #[derive(Deserialize)]
        struct File {
            perf: Perf,
        }
        #[derive(Deserialize)]
        struct Perf {
            devices: Vec<device::DeviceSpec>,
        }
        let from_toml: File = toml::from_str(default_devices()).expect("the table reads");
        let from_json = Policy::default_policy();
        let (a, b) = (from_toml.perf.devices, from_json.perf.devices.get());
        let show = |d: &[device::DeviceSpec]| serde_json::to_string(d).expect("serialises");
        assert_eq!(show(b), show(&a));
        // the rates' values too (`build.rs` parsed them; the text alone is serialised)
        let values = |d: &[device::DeviceSpec]| {
            d.iter()
                .flat_map(|d| {
                    [&d.memory_bandwidth, &d.interconnect]
                        .into_iter()
                        .flatten()
                        .chain(d.dense.entries().chain(d.sparse.entries()).map(|(_, r)| r))
                        .map(|r| r.value.to_bits())
                        .collect::<Vec<_>>()
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(values(b), values(&a));
        assert!(a.len() > 40, "{}", a.len());
    }

    /// The heading and header-name lists of the default policy cost no compilation at run
    /// time: `build.rs` compiled each into the binary.
    #[test]
    fn default_heading_and_header_lists_are_built_in() {
        let p = Policy::default_policy();
        let s = &p.sections;
        let t = &p.tables;
        let lists = [
            ("exempt", &s.exempt),
            ("core", &s.core),
            ("frontier", &s.frontier),
            ("hardware", &s.hardware),
            ("contents", &s.contents),
            ("forbidden_headings", &s.forbidden_headings),
            ("title", &t.title),
            ("source", &t.source),
            ("code", &t.code),
            ("date", &t.date),
        ];
        for (name, list) in lists {
            assert!(
                list.is_empty() || list.is_built(),
                "{name} is compiled at run time"
            );
        }
        // A list the user changed is compiled at run time, and matches the same way.
        let user: PatternList = serde_json::from_str(r#"["^frontier\\b", "^extra$"]"#).unwrap();
        assert!(!user.is_built());
        assert!(
            user.is_match_exact("Frontier (2026)") && s.frontier.is_match_exact("Frontier (2026)")
        );
    }
}
