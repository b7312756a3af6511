//! Layering a user's policy file over the default, generically for every key: tables merge key
//! by key, a value replaces the default's, and every list key `<key>` has an additive twin
//! `extend_<key>` in the same table that appends to the list instead (like ruff's
//! `extend-select`). Records where each value of the policy in effect came from, and which
//! default lists a user's array replaced in a way that looks like a mistake.

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::ops::Range;
use toml::de::{DeTable, DeValue};
use toml::Spanned;

/// The prefix of a list key's additive twin.
pub const EXTEND: &str = "extend_";

/// A default list longer than this that a user's array replaces — keeping fewer than half of
/// its values and adding new ones, which is what "add my host" written as `hosts = [...]`
/// looks like — is worth a warning. A subset of the defaults (narrowing on purpose) is not.
const FEW: usize = 3;

/// Where a value of the policy in effect came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    Default,
    /// Set (replaced) by the user's file.
    File,
    /// The default list with this many values appended by the user's `extend_<key>`.
    Extended {
        added: usize,
    },
}

/// Where every value of the policy in effect came from: keys are paths of table names ending
/// in the key (`["sources", "docs", "hosts"]`); a key not recorded is the default.
#[derive(Debug, Clone, Default)]
pub struct Origins {
    /// The user's file, as errors name it (None: the built-in policy alone).
    pub file: Option<String>,
    keys: BTreeMap<Vec<String>, Origin>,
}

impl Origins {
    /// No value from a file yet: everything is the default; `file` names the user's file.
    pub fn new(file: Option<String>) -> Origins {
        Origins {
            file,
            keys: BTreeMap::new(),
        }
    }

    pub fn of(&self, path: &[String]) -> Origin {
        self.keys.get(path).copied().unwrap_or(Origin::Default)
    }
}

/// A default list that a user's array replaced, as the layering warning reports it.
#[derive(Debug, Clone)]
pub struct Replaced {
    pub path: Vec<String>,
    /// The key's span in the user's file, and its line and column (1-based).
    pub span: Range<usize>,
    pub at: (usize, usize),
    pub default_len: usize,
    pub kept: usize,
}

impl Replaced {
    /// `[sources.docs] hosts = [...] replaces the 95 default values (keeps 0): write
    /// extend_hosts = [...] to add to them`
    pub fn message(&self) -> String {
        let (key, tables) = self.path.split_last().expect("a key path");
        let table = if tables.is_empty() {
            String::new()
        } else {
            format!("[{}] ", tables.join("."))
        };
        format!(
            "{table}{key} = [...] replaces the {} default values (keeps {}); to add to them \
             instead, write {EXTEND}{key} = [...]",
            self.default_len, self.kept
        )
    }
}

/// A problem with an `extend_` key, at the key's span.
pub(super) struct TwinError {
    pub span: Range<usize>,
    pub message: String,
    pub help: String,
}

/// Prepares a user's file for the checked read: each `extend_<key>` whose table in the
/// default has a list `<key>` is renamed `<key>` (appended to the user's own `<key>` if the
/// file has both), so that its values are checked, with their spans, as the list's would be.
/// Also records the span of every key with an array value (for `Replaced`).
pub(super) fn rename_twins(
    user: &mut DeTable<'_>,
    default: Option<&toml::Table>,
    path: &mut Vec<String>,
    array_keys: &mut HashMap<Vec<String>, Range<usize>>,
) -> Result<(), TwinError> {
    let keys: Vec<String> = user.keys().map(|k| k.get_ref().to_string()).collect();
    for key in keys {
        let Some(base) = key.strip_prefix(EXTEND) else {
            continue;
        };
        let Some(default_value) = default.and_then(|d| d.get(base)) else {
            continue; // not a twin: the schema reports the unknown key
        };
        let (k, v) = user.remove_entry(key.as_str()).expect("listed key");
        if !default_value.is_array() {
            return Err(TwinError {
                span: k.span(),
                message: format!("`{key}`: `{base}` is not a list, so it has nothing to extend"),
                help: format!("set it with `{base} = …`"),
            });
        }
        match (user.get_mut(base).map(Spanned::get_mut), v.get_ref()) {
            (Some(DeValue::Array(own)), DeValue::Array(more)) => {
                let mut all: Vec<_> = own.iter().cloned().collect();
                all.extend(more.iter().cloned());
                *own = all.into_iter().collect();
            }
            (Some(_), _) => {
                // Both keys, not both arrays: the schema reports the type of `<key>`; keep
                // the twin's value out of the way.
            }
            (None, _) => {
                user.insert(Spanned::new(k.span(), Cow::Owned(base.to_string())), v);
            }
        }
    }
    for (k, v) in user.iter_mut() {
        path.push(k.get_ref().to_string());
        match v.get_mut() {
            DeValue::Table(t) => {
                let sub = default
                    .and_then(|d| d.get(k.get_ref().as_ref()))
                    .and_then(toml::Value::as_table);
                rename_twins(t, sub, path, array_keys)?;
            }
            DeValue::Array(_) => {
                array_keys.insert(path.clone(), k.span());
            }
            _ => {}
        }
        path.pop();
    }
    Ok(())
}

/// Layers `over` (the user's table) on `base` (the default's): tables merge, values replace,
/// `extend_<key>` appends to `<key>` after the file's own replacements. Records origins and
/// the replacements that look like a mistake.
pub(super) fn merge(
    base: &mut toml::Table,
    over: toml::Table,
    path: &mut Vec<String>,
    origins: &mut Origins,
    array_keys: &HashMap<Vec<String>, Range<usize>>,
    replaced: &mut Vec<Replaced>,
) {
    let mut twins = Vec::new();
    for (k, v) in over {
        if let Some(key) = k.strip_prefix(EXTEND) {
            if base.get(key).is_some_and(toml::Value::is_array) && v.is_array() {
                twins.push((key.to_string(), v));
                continue;
            }
        }
        path.push(k.clone());
        match (base.get_mut(&k), v) {
            (Some(toml::Value::Table(b)), toml::Value::Table(o)) => {
                merge(b, o, path, origins, array_keys, replaced);
            }
            (old, v) => {
                if let (Some(toml::Value::Array(d)), toml::Value::Array(u)) = (&old, &v) {
                    let kept = d.iter().filter(|x| u.contains(x)).count();
                    let adds = u.iter().any(|x| !d.contains(x));
                    if d.len() > FEW && kept * 2 < d.len() && adds {
                        if let Some(span) = array_keys.get(path.as_slice()) {
                            replaced.push(Replaced {
                                path: path.clone(),
                                span: span.clone(),
                                at: (0, 0),
                                default_len: d.len(),
                                kept,
                            });
                        }
                    }
                }
                mark_file(&v, path, origins);
                base.insert(k, v);
            }
        }
        path.pop();
    }
    for (key, v) in twins {
        path.push(key.clone());
        let toml::Value::Array(more) = v else {
            unreachable!("twins are arrays")
        };
        let added = more.len();
        if let Some(toml::Value::Array(list)) = base.get_mut(&key) {
            list.extend(more);
        }
        let origin = match origins.of(path) {
            Origin::File => Origin::File,
            Origin::Extended { added: before } => Origin::Extended {
                added: before + added,
            },
            Origin::Default => Origin::Extended { added },
        };
        origins.keys.insert(path.clone(), origin);
        path.pop();
    }
}

/// Marks a value the user's file set, and everything inside it, as the file's.
fn mark_file(v: &toml::Value, path: &mut Vec<String>, origins: &mut Origins) {
    if let toml::Value::Table(t) = v {
        for (k, v) in t {
            path.push(k.clone());
            mark_file(v, path, origins);
            path.pop();
        }
    } else {
        origins.keys.insert(path.clone(), Origin::File);
    }
}

/// The list keys (what has an `extend_` twin) of the default's table that holds the key at
/// `span` of a user's policy `text`: none when no key is there or the default has no such
/// table. A key of the same name in another table (`[sections] frontier` is a list, the
/// top-level `frontier` a table) does not count.
pub(super) fn lists_beside(default: &toml::Table, text: &str, span: Range<usize>) -> Vec<String> {
    fn find(t: &DeTable<'_>, span: &Range<usize>, path: &mut Vec<String>) -> bool {
        for (k, v) in t.iter() {
            if k.span() == *span {
                return true;
            }
            path.push(k.get_ref().to_string());
            let inside = match v.get_ref() {
                DeValue::Table(sub) => find(sub, span, path),
                DeValue::Array(items) => items.iter().any(|i| match i.get_ref() {
                    DeValue::Table(sub) => find(sub, span, path),
                    _ => false,
                }),
                _ => false,
            };
            if inside {
                return true;
            }
            path.pop();
        }
        false
    }
    let Ok(user) = DeTable::parse(text) else {
        return Vec::new();
    };
    let mut path = Vec::new();
    if !find(user.get_ref(), &span, &mut path) {
        return Vec::new();
    }
    let mut table = Some(default);
    for k in &path {
        table = table.and_then(|t| t.get(k)).and_then(toml::Value::as_table);
    }
    table
        .into_iter()
        .flatten()
        .filter(|(_, v)| v.is_array())
        .map(|(k, _)| k.clone())
        .collect()
}

/// The policy in effect as TOML, each value followed by where it came from: `default`, or the
/// user's file. Keys keep the order of the default policy.
pub fn show(table: &toml::Table, origins: &Origins) -> String {
    let order = default_order();
    let mut out = String::new();
    show_table(&mut out, table, &mut Vec::new(), origins, &order);
    out
}

/// The position of every key of the default policy in its text, for ordering.
fn default_order() -> HashMap<Vec<String>, usize> {
    fn walk(t: &DeTable<'_>, path: &mut Vec<String>, out: &mut HashMap<Vec<String>, usize>) {
        for (k, v) in t.iter() {
            path.push(k.get_ref().to_string());
            out.insert(path.clone(), k.span().start);
            if let DeValue::Table(sub) = v.get_ref() {
                walk(sub, path, out);
            }
            path.pop();
        }
    }
    let mut out = HashMap::new();
    if let Ok(t) = DeTable::parse(super::DEFAULT_POLICY) {
        walk(t.get_ref(), &mut Vec::new(), &mut out);
    }
    out
}

fn show_table(
    out: &mut String,
    table: &toml::Table,
    path: &mut Vec<String>,
    origins: &Origins,
    order: &HashMap<Vec<String>, usize>,
) {
    let mut keys: Vec<&String> = table.keys().collect();
    let position = |k: &String| {
        let mut p = path.clone();
        p.push(k.clone());
        order.get(&p).copied().unwrap_or(usize::MAX)
    };
    keys.sort_by_key(|k| (position(k), k.as_str()));
    let (tables, values): (Vec<&String>, Vec<&String>) =
        keys.into_iter().partition(|k| table[*k].is_table());
    if !path.is_empty() && (!values.is_empty() || tables.is_empty()) {
        let header: Vec<String> = path.iter().map(|p| key(p)).collect();
        out.push_str(&format!("\n[{}]\n", header.join(".")));
    }
    let file = origins.file.as_deref().unwrap_or("policy file");
    for k in values {
        path.push(k.clone());
        let origin = origins.of(path);
        let note = match origin {
            Origin::Default => "default".to_string(),
            Origin::File => file.to_string(),
            Origin::Extended { added } => format!("default + {added} from {file}"),
        };
        match &table[k] {
            toml::Value::Array(items) => {
                let one_line = format!(
                    "{} = [{}]",
                    key(k),
                    items.iter().map(value).collect::<Vec<_>>().join(", ")
                );
                if !matches!(origin, Origin::Extended { .. }) && one_line.len() <= 90 {
                    out.push_str(&format!("{one_line}  # {note}\n"));
                } else {
                    out.push_str(&format!("{} = [  # {note}\n", key(k)));
                    let from_file = match origin {
                        Origin::Extended { added } => items.len().saturating_sub(added),
                        _ => usize::MAX,
                    };
                    for (i, item) in items.iter().enumerate() {
                        let mark = if i >= from_file {
                            format!("  # {file}")
                        } else {
                            String::new()
                        };
                        out.push_str(&format!("  {},{mark}\n", value(item)));
                    }
                    out.push_str("]\n");
                }
            }
            v => out.push_str(&format!("{} = {}  # {note}\n", key(k), value(v))),
        }
        path.pop();
    }
    for k in tables {
        path.push(k.clone());
        if let toml::Value::Table(t) = &table[k] {
            show_table(out, t, path, origins, order);
        }
        path.pop();
    }
}

/// A key as TOML writes it: bare when it can be.
fn key(k: &str) -> String {
    if !k.is_empty()
        && k.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
    {
        k.to_string()
    } else {
        toml::Value::String(k.to_string()).to_string()
    }
}

/// A value as TOML writes it; strings with backslashes (patterns) as literal strings.
fn value(v: &toml::Value) -> String {
    match v {
        toml::Value::String(s) if s.contains('\\') && !s.contains('\'') && !s.contains('\n') => {
            format!("'{s}'")
        }
        toml::Value::Array(items) => {
            format!(
                "[{}]",
                items.iter().map(value).collect::<Vec<_>>().join(", ")
            )
        }
        v => v.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::policy::{default_devices, Policy, DEFAULT_POLICY};

    fn devices(p: &Policy) -> usize {
        p.perf.devices.get().len()
    }

    /// `init`'s file as written, and with edits: the same policy as layering the whole file.
    #[test]
    fn a_file_holding_the_default_table_reads_as_the_default() {
        let n = devices(&Policy::default_policy());
        assert!(n > 40);
        let (p, l) = Policy::layer("p.toml", DEFAULT_POLICY, &[]).unwrap();
        assert_eq!(devices(&p), n);
        assert!(
            l.show().contains("# p.toml"),
            "origins are shown from the file"
        );
        // an edit outside the table: the table is still the default's
        let edited = DEFAULT_POLICY.replace("max_age_days = 90", "max_age_days = 30");
        let p = Policy::layered("p.toml", &edited, &[]).unwrap();
        assert_eq!((p.frontier.max_age_days, devices(&p)), (30, n));
        assert!(
            p.perf.devices.is_default(),
            "the table is not read from the file"
        );
        // a device added after the table: the file's table, with the addition
        let more = format!(
            "{DEFAULT_POLICY}\n[[perf.devices]]\nname = \"Quasar 9\"\nnames = ['Quasar 9']\nsource = \"https://example.org/q9\"\nmemory_bandwidth = \"1 TB/s\"\n"
        );
        let p = Policy::layered("p.toml", &more, &[]).unwrap();
        assert_eq!(devices(&p), n + 1);
        assert!(!p.perf.devices.is_default());
        // a key after the table belongs to its last device, with the table or without it
        let stray = format!("{DEFAULT_POLICY}\nmax_entries = 3\n");
        assert!(Policy::layered("p.toml", &stray, &[]).is_err());
        assert!(DEFAULT_POLICY.ends_with(default_devices()));
    }

    /// Only the lists of the table the key is in have twins: `frontier` is a list of
    /// `[s]` but a table at the top level.
    #[test]
    fn lists_beside_reads_the_table_of_the_key() {
        let default: toml::Table = "[frontier]\nmax_age_days = 90\n[s]\nfrontier = [\"a\"]\nlimit = 3\n[[s.d]]\nnames = []\n"
            .parse()
            .unwrap();
        let text = "fronteir = 1\n[s]\nfronteir = 2\n[t]\nfronteir = 3\n[[s.d]]\nx = 1\n";
        let key = |n: usize| {
            let at = text.match_indices("fronteir").nth(n).unwrap().0;
            at..at + "fronteir".len()
        };
        assert!(lists_beside(&default, text, key(0)).is_empty());
        assert_eq!(lists_beside(&default, text, key(1)), ["d", "frontier"]);
        assert!(lists_beside(&default, text, key(2)).is_empty());
        let x = text.find("x =").unwrap();
        assert!(lists_beside(&default, text, x..x + 1).is_empty());
        assert!(lists_beside(&default, text, 0..3).is_empty());
    }

    #[test]
    fn replacements_that_look_like_additions_are_flagged() {
        let mut base: toml::Table = "[s]\nhosts = [\"a\", \"b\", \"c\", \"d\"]\nschemes = [\"w\", \"x\", \"y\", \"z\"]\nfew = [\"a\"]\n"
            .parse()
            .unwrap();
        let over: toml::Table =
            "[s]\nhosts = [\"new\"]\nschemes = [\"x\"]\nfew = [\"b\"]\nextend_few = [\"c\"]\n"
                .parse()
                .unwrap();
        let spans: HashMap<Vec<String>, Range<usize>> = ["hosts", "schemes", "few"]
            .iter()
            .map(|k| (vec!["s".to_string(), k.to_string()], 0..1))
            .collect();
        let mut origins = Origins::default();
        let mut replaced = Vec::new();
        merge(
            &mut base,
            over,
            &mut Vec::new(),
            &mut origins,
            &spans,
            &mut replaced,
        );
        // `hosts` dropped every default for a new value; `schemes` only narrowed them; `few`
        // had too few defaults to matter.
        let paths: Vec<&str> = replaced.iter().map(|r| r.path[1].as_str()).collect();
        assert_eq!(paths, ["hosts"]);
        assert_eq!(
            replaced[0].message(),
            "[s] hosts = [...] replaces the 4 default values (keeps 0); to add to them instead, write extend_hosts = [...]"
        );
        // The file's own list, then its extension: both the file's.
        assert_eq!(base["s"]["few"].as_array().unwrap().len(), 2);
        let few = vec!["s".to_string(), "few".to_string()];
        assert_eq!(origins.of(&few), Origin::File);
    }
}
