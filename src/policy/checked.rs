//! Values checked while a user's policy file is read: `[rules]` names, `hosts` entries,
//! section scopes, `[list] files`, the verification-date pattern (patterns themselves are
//! checked in `pattern`). The embedded default is trusted, which keeps start-up fast; a
//! failed check's message carries its help after `HELP` and, inside an array, the exact span
//! of the value.

use super::{Pattern, Policy};
use crate::error::{did_you_mean, did_you_mean_rule};
use crate::finding::Level;
use serde::{Deserialize, Deserializer};
use std::collections::BTreeMap;

/// Separates a checked value's message from its help in a deserialisation error.
pub(super) const HELP: &str = "\n";

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
pub(super) fn fail_at(span: std::ops::Range<usize>) {
    FAILED_AT.with(|c| c.set(Some((span.start, span.end))));
}

/// The span of the value inside an array that failed its check, once (the parser reports
/// the array's).
pub(super) fn take_failed_at() -> Option<std::ops::Range<usize>> {
    FAILED_AT.with(|c| c.take()).map(|(s, e)| s..e)
}

/// Whether a user's file is being read (its values are checked).
pub(super) fn checking() -> bool {
    CHECKING.with(|c| c.borrow().is_some())
}

/// Reads a user's policy file (parsed, its `extend_` twins renamed) with every value checked;
/// `rule_names` are what `[rules]` may name.
pub(super) fn from_checked(
    user: toml::Spanned<toml::de::DeTable<'_>>,
    rule_names: &[&'static str],
) -> Result<Policy, toml::de::Error> {
    CHECKING.with(|c| *c.borrow_mut() = Some(rule_names.to_vec()));
    FAILED_AT.with(|c| c.set(None));
    let result = Policy::deserialize(toml::de::Deserializer::from(user));
    CHECKING.with(|c| *c.borrow_mut() = None);
    result
}

pub(super) fn rule_levels<'de, D: Deserializer<'de>>(
    d: D,
) -> Result<BTreeMap<String, Level>, D::Error> {
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
pub(super) fn host_entries<'de, D: Deserializer<'de>, T: From<String>>(
    d: D,
) -> Result<Vec<T>, D::Error> {
    if !checking() {
        return Ok(Vec::<String>::deserialize(d)?
            .into_iter()
            .map(T::from)
            .collect());
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
    Ok(hosts.into_iter().map(|h| T::from(h.into_inner())).collect())
}

/// The scopes `contents_covers` may name.
pub const SCOPE_NAMES: [&str; 4] = ["core", "frontier", "exempt", "other"];

/// `contents_covers` entries, each checked while a user's file is read.
pub(super) fn scope_names<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
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

pub(super) fn date_pattern<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Pattern>, D::Error> {
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

/// `[list] files`: paths (or globs) inside the project, relative to the policy's folder. An
/// absolute path or one that climbs out with `..` is refused: a policy from an untrusted pull
/// request must not make the run read the runner's other files.
pub(super) fn project_paths<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
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
