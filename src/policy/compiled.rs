//! Pattern lists compiled into the binary. The default policy's URL tables and its heading and
//! header-name lists were compiled when the binary was built (`build.rs`: dense DFAs, each
//! shared by a few consecutive patterns of a list). `OrderedPatterns` matches tables of URL
//! patterns in priority order (a table the user's policy changed is matched pattern by
//! pattern, each compiled on first use); `BuiltSet` is one built list, which `PatternList`
//! uses instead of compiling it. Compiling the default `[sources]` patterns at run time would
//! cost more than the rest of a lint of a large list, and one automaton for all of them would
//! multiply their states.

use super::literal::literal_hosts;
use super::Pattern;
use regex_automata::dfa::{dense, Automaton, OverlappingState};
use regex_automata::{Anchored, Input};
use rustc_hash::FxHashMap;
use std::sync::OnceLock;

mod built {
    include!(concat!(env!("OUT_DIR"), "/pattern_dfas.rs"));
}

/// Bytes embedded with the alignment `dense::DFA` needs (here and in `vocab_dfa.rs`).
#[repr(C)]
pub(super) struct Aligned<B: ?Sized> {
    pub(super) _align: [u64; 0],
    pub(super) bytes: B,
}

static BLOB: &Aligned<[u8]> = &Aligned {
    _align: [],
    bytes: *include_bytes!(concat!(env!("OUT_DIR"), "/pattern_dfas.bin")),
};

type Dfa = dense::DFA<&'static [u32]>;

/// A DFA of the blob: (offset, length, searched anchored, how many patterns, the hosts its
/// patterns name — see `literal_hosts` — or None when they may match any host).
type Chunk = (usize, usize, bool, usize, Option<&'static [&'static str]>);

/// Reads a DFA of the blob.
///
/// Without `validate`, the bytes are trusted: `build.rs` wrote them with
/// `dense::DFA::to_bytes_*_endian` for this target's endianness, they are embedded verbatim,
/// and the test `built_dfas_are_valid` reads every one with validation. Validating ~1 MB of
/// transitions on every run would cost more than classifying a large list.
fn load(&(offset, len, ..): &Chunk, validate: bool) -> Option<Dfa> {
    let bytes = BLOB.bytes.get(offset..offset + len)?;
    if validate {
        return dense::DFA::from_bytes(bytes).ok().map(|(d, _)| d);
    }
    // SAFETY: see above; the slice is 8-byte aligned (BLOB is, and build.rs aligns offsets).
    unsafe { dense::DFA::from_bytes_unchecked(bytes) }
        .ok()
        .map(|(d, _)| d)
}

/// What matches a run of consecutive patterns.
#[derive(Debug, Clone)]
enum Unit {
    /// A DFA compiled into the binary that reports which of its patterns match, read on
    /// first use (a run reads only the DFAs of the hosts its links name).
    Built(&'static Chunk, OnceLock<Option<Box<Dfa>>>),
    /// One pattern of the user's policy, compiled on first use.
    Runtime(Pattern),
}

impl Unit {
    /// The lowest of the unit's patterns that matches anywhere in `s`.
    fn first_match(&self, s: &str) -> Option<usize> {
        match self {
            Unit::Built(chunk, dfa) => {
                let anchored = &chunk.2;
                let dfa = dfa
                    .get_or_init(|| load(chunk, false).map(Box::new))
                    .as_ref()?;
                // Most URLs match no pattern of a unit: find that out with the cheaper
                // search, which stops at the first match, before asking which pattern.
                let input = Input::new(s.as_bytes())
                    .anchored(if *anchored {
                        Anchored::Yes
                    } else {
                        Anchored::No
                    })
                    .earliest(true);
                if !matches!(dfa.try_search_fwd(&input), Ok(Some(_))) {
                    return None;
                }
                if dfa.pattern_len() == 1 {
                    return Some(0);
                }
                first_of(dfa, *anchored, s)
            }
            Unit::Runtime(p) if s.is_ascii() => p.is_match_ascii(s).then_some(0),
            Unit::Runtime(p) => p.is_match(s).then_some(0),
        }
    }
}

/// Patterns tried in order: the first that matches wins. Patterns that can only match URLs
/// of a few hosts (`^github\.com/…`, `^(?:nvidia|intel)\.com/…`) are tried only on those.
#[derive(Debug, Default)]
pub struct OrderedPatterns {
    /// Each unit with the position of its first pattern in the whole order.
    units: Vec<(usize, Unit)>,
    /// The units to try on a host that no pattern names (in order).
    generic: Vec<usize>,
    /// The units whose patterns name a host, by host (in order): tried on that host, in order
    /// with the generic ones.
    by_host: FxHashMap<String, Vec<usize>>,
}

/// A unit of a table: (unit, how many patterns it holds, the hosts they name — None: any).
type TableUnit = (Unit, usize, Option<Vec<String>>);

/// The DFAs built for a table of the default policy.
fn built(patterns: &[Pattern]) -> Option<Vec<TableUnit>> {
    let chunks = built_chunks(patterns.iter().map(Pattern::as_str))?;
    let unit = |chunk: &'static Chunk| {
        let hosts = chunk.4.map(|h| h.iter().map(|s| s.to_string()).collect());
        (Unit::Built(chunk, OnceLock::new()), chunk.3, hosts)
    };
    Some(chunks.iter().map(unit).collect())
}

/// The chunks built for a list of patterns (in order), if the binary holds them.
fn built_chunks<'a>(sources: impl Iterator<Item = &'a str> + Clone) -> Option<&'static [Chunk]> {
    let first = sources.clone().next()?;
    built::INDEX
        .iter()
        .find(|(key, _)| {
            // most keys differ in their first pattern: compare that before the whole list
            key.split('\0').next() == Some(first) && key.split('\0').eq(sources.clone())
        })
        .map(|(_, chunks)| *chunks)
}

impl OrderedPatterns {
    /// `tables` in priority order, each a list of patterns in priority order.
    pub fn new<'p>(tables: impl Iterator<Item = &'p [Pattern]>) -> OrderedPatterns {
        let mut out = OrderedPatterns::default();
        // Each unit's hosts (None: any host).
        let mut hosts: Vec<Option<Vec<String>>> = Vec::new();
        let mut start = 0;
        for patterns in tables.filter(|t| !t.is_empty()) {
            let units = built(patterns).unwrap_or_else(|| {
                patterns
                    .iter()
                    .map(|p| (Unit::Runtime(p.clone()), 1, literal_hosts(p.as_str())))
                    .collect()
            });
            let mut local = 0;
            for (unit, count, names) in units {
                out.units.push((start + local, unit));
                hosts.push(names);
                local += count;
            }
            start += patterns.len();
        }
        for (u, names) in hosts.into_iter().enumerate() {
            match names {
                None => out.generic.push(u),
                Some(names) => {
                    for h in names {
                        let list = out.by_host.entry(h).or_default();
                        if list.last() != Some(&u) {
                            list.push(u);
                        }
                    }
                }
            }
        }
        out
    }

    /// The position (in the whole order) of the first pattern that matches anywhere in `key`,
    /// the URL of `host` (lower case, without `www.`) written as the patterns see it.
    pub fn first_match(&self, host: &str, key: &str) -> Option<usize> {
        let named: &[usize] = self.by_host.get(host).map_or(&[], Vec::as_slice);
        // The generic units and the host's, merged in order.
        let (mut g, mut n) = (0, 0);
        loop {
            let u = match (self.generic.get(g), named.get(n)) {
                (Some(&a), Some(&b)) if a < b => {
                    g += 1;
                    a
                }
                (_, Some(&b)) => {
                    n += 1;
                    b
                }
                (Some(&a), None) => {
                    g += 1;
                    a
                }
                (None, None) => return None,
            };
            let (first, unit) = &self.units[u];
            if let Some(i) = unit.first_match(key) {
                return Some(first + i);
            }
        }
    }

    /// How many patterns are compiled at run time (none, for the default policy).
    pub fn runtime_patterns(&self) -> usize {
        self.units
            .iter()
            .filter(|(_, u)| matches!(u, Unit::Runtime(_)))
            .count()
    }
}

/// A pattern list of the default policy, compiled into the binary: which of its patterns is
/// the first (in list order) to match anywhere in a text, with the ASCII semantics of
/// `AsciiSet`.
#[derive(Debug, Clone)]
pub struct BuiltSet {
    /// Each unit with the position of its first pattern in the list.
    units: Vec<(usize, Unit)>,
}

impl BuiltSet {
    /// The built DFAs of the list `sources`, if the binary holds them.
    pub fn find(sources: &[&str]) -> Option<BuiltSet> {
        let chunks = built_chunks(sources.iter().copied())?;
        let mut units = Vec::with_capacity(chunks.len());
        let mut first = 0;
        for chunk in chunks {
            units.push((first, Unit::Built(chunk, OnceLock::new())));
            first += chunk.3;
        }
        Some(BuiltSet { units })
    }

    /// The lowest-numbered pattern that matches anywhere in `s`.
    pub fn first_match(&self, s: &str) -> Option<usize> {
        self.units
            .iter()
            .find_map(|(first, unit)| unit.first_match(s).map(|i| first + i))
    }
}

/// The lowest pattern of a multi-pattern DFA that matches anywhere in `s`.
fn first_of(dfa: &Dfa, anchored: bool, s: &str) -> Option<usize> {
    let input = Input::new(s.as_bytes()).anchored(if anchored {
        Anchored::Yes
    } else {
        Anchored::No
    });
    let mut state = OverlappingState::start();
    let mut best: Option<usize> = None;
    while let Ok(()) = dfa.try_search_overlapping_fwd(&input, &mut state) {
        let Some(m) = state.get_match() else {
            break;
        };
        let p = m.pattern().as_usize();
        best = Some(best.map_or(p, |b| b.min(p)));
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every DFA compiled into the binary reads back with full validation (what makes the
    /// unchecked read of `load` sound).
    #[test]
    fn built_dfas_are_valid() {
        let mut n = 0;
        for (_, chunks) in built::INDEX {
            for chunk in *chunks {
                assert_eq!(chunk.0 % 8, 0, "aligned");
                assert!(load(chunk, true).is_some());
                n += 1;
            }
        }
        assert!(n > 0);
    }
}
