//! The default policy's `[sources]`, compiled into the binary by `build.rs`
//! (`default_sources.rs`): its tables, read without parsing anything and with no allocation
//! per string (the strings are borrowed from one static text), and the classifier's index of
//! their hosts (`BuiltHosts`), so that a run with the default sources builds no hash map.

use super::{HostRules, Pattern, SourcesPolicy};
use std::borrow::Cow;
use std::collections::BTreeMap;

/// (offset, length) of a string of `TEXT`.
type Span = (u32, u32);
/// (kind, group name, about, hosts from, to, patterns from, to): see `build.rs`.
type Table = (u8, Span, Span, usize, usize, usize, usize);
/// A key of the host index: (key, its entries `ENTRIES[from..to]`).
type Key = (Span, usize, usize);
/// (table, the entry as the classifier keys it, its path prefix).
type Entry = (usize, Span, Span);

mod built {
    use super::{Entry, Key, Span, Table};
    include!(concat!(env!("OUT_DIR"), "/default_sources.rs"));
}

fn text(&(at, len): &Span) -> &'static str {
    &built::TEXT[at as usize..(at + len) as usize]
}

impl SourcesPolicy {
    /// The default policy's `[sources]` (the same tables as `policy.toml`'s, tested).
    pub fn builtin() -> SourcesPolicy {
        let mut s = SourcesPolicy {
            accept_evidence: built::ACCEPT_EVIDENCE,
            ..SourcesPolicy::default()
        };
        for &(kind, name, about, h0, h1, u0, u1) in &built::TABLES {
            let rules = HostRules {
                about: text(&about).to_string(),
                hosts: built::HOSTS[h0..h1]
                    .iter()
                    .map(|h| Cow::Borrowed(text(h)))
                    .collect(),
                urls: built::URLS[u0..u1]
                    .iter()
                    .map(|u| Pattern::from_static(text(u)))
                    .collect(),
            };
            let group = |map: &mut BTreeMap<String, HostRules>, rules| {
                map.insert(text(&name).to_string(), rules);
            };
            match kind {
                0 => group(&mut s.inadmissible, rules),
                1 => group(&mut s.none, rules),
                2 => s.docs = rules,
                3 => s.paper = rules,
                4 => s.report = rules,
                _ => s.repo = rules,
            }
        }
        s
    }
}

/// The index of the default policy's hosts, for a classifier whose tables (in its priority
/// order: see `build.rs`) hold exactly the default's hosts. Lookups answer as the maps that
/// `Classifier::new` builds for any other policy would.
#[derive(Debug, Clone, Copy)]
pub struct BuiltHosts(());

impl BuiltHosts {
    /// The index, if `tables` — each (group name, or "" for a kind; its hosts), in the
    /// classifier's priority order — are the default's.
    pub fn for_tables<'a>(
        tables: impl ExactSizeIterator<Item = (&'a str, &'a [Cow<'static, str>])>,
    ) -> Option<BuiltHosts> {
        if tables.len() != built::TABLES.len() {
            return None;
        }
        let same = |a: &str, b: &str| std::ptr::eq(a, b) || a == b;
        for ((name, hosts), &(kind, built_name, _, h0, h1, ..)) in tables.zip(&built::TABLES) {
            let named = kind < 2;
            if named == name.is_empty()
                || !same(name, text(&built_name))
                || hosts.len() != h1 - h0
                || !hosts
                    .iter()
                    .zip(&built::HOSTS[h0..h1])
                    .all(|(h, b)| same(h, text(b)))
            {
                return None;
            }
        }
        Some(BuiltHosts(()))
    }

    fn find(
        slots: &[u16],
        keys: &'static [Key],
        key: &str,
    ) -> impl Iterator<Item = (usize, &'static str, &'static str)> {
        let found = super::host_key::probe(slots, key, |k| text(&keys[k].0) == key);
        let entries = found.map_or(&[][..], |k| &built::ENTRIES[keys[k].1..keys[k].2]);
        entries
            .iter()
            .map(|(t, entry, prefix)| (*t, text(entry), text(prefix)))
    }

    /// The table and entry of the host `key`.
    pub fn exact(&self, key: &str) -> Option<(usize, &'static str)> {
        Self::find(&built::EXACT_SLOTS, &built::EXACT_KEYS, key)
            .next()
            .map(|(t, e, _)| (t, e))
    }

    /// The entries with a path of the host `key`: (path prefix, table, entry), in order.
    pub fn with_path(
        &self,
        key: &str,
    ) -> impl Iterator<Item = (&'static str, usize, &'static str)> {
        Self::find(&built::PATH_SLOTS, &built::PATH_KEYS, key).map(|(t, e, p)| (p, t, e))
    }

    /// The table and entry of the wildcard `*.key`.
    pub fn suffix(&self, key: &str) -> Option<(usize, &'static str)> {
        Self::find(&built::SUFFIX_SLOTS, &built::SUFFIX_KEYS, key)
            .next()
            .map(|(t, e, _)| (t, e))
    }

    /// The table and entry of the wildcard `key.*`.
    pub fn first_label(&self, key: &str) -> Option<(usize, &'static str)> {
        Self::find(&built::LABEL_SLOTS, &built::LABEL_KEYS, key)
            .next()
            .map(|(t, e, _)| (t, e))
    }
}
