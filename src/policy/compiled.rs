//! Pattern lists compiled into the binary. The default policy's URL tables and its heading and
//! header-name lists were compiled when the binary was built (`build.rs`: dense DFAs, each
//! shared by a few consecutive patterns of a list). `OrderedPatterns` matches tables of URL
//! patterns in priority order (a table the user's policy changed is matched pattern by
//! pattern, each compiled on first use); `BuiltSet` is one built list, which `PatternList`
//! uses instead of compiling it. A URL is first passed once through an automaton of the
//! literals the built URL DFAs need (`required.rs`, `held`): a DFA whose every pattern needs a
//! literal the URL lacks is skipped, which is most of them for most URLs. Compiling the
//! default `[sources]` patterns at run time would cost more than the rest of a lint of a large
//! list, and one automaton for all of them would multiply their states.

use super::literal::literal_hosts;
use super::Pattern;
use regex_automata::dfa::{dense, Automaton, OverlappingState};
use regex_automata::{Anchored, Input};
use rustc_hash::FxHashMap;
use std::borrow::Cow;
use std::sync::OnceLock;

mod built {
    include!(concat!(env!("OUT_DIR"), "/pattern_dfas.rs"));
}

/// Bytes embedded with the alignment `dense::DFA` needs (here and in `vocab_dfa.rs`).
#[repr(C)]
pub(crate) struct Aligned<B: ?Sized> {
    pub(crate) _align: [u64; 0],
    pub(crate) bytes: B,
}

static BLOB: &Aligned<[u8]> = &Aligned {
    _align: [],
    bytes: *include_bytes!(concat!(env!("OUT_DIR"), "/pattern_dfas.bin")),
};

type Dfa = dense::DFA<&'static [u32]>;

/// A DFA of the blob: (offset, length, searched anchored, how many patterns, the hosts its
/// patterns name — see `literal_hosts` — or None when they may match any host, and for URL
/// patterns its gate: per pattern, the sets of `GATE_LITERALS` of which a string must hold a
/// literal each to match it — see `required` — or None when a pattern needs none).
type Chunk = (
    usize,
    usize,
    bool,
    usize,
    Option<&'static [&'static str]>,
    Option<&'static [&'static [u16]]>,
);

/// The literal sets a string holds (bit `s` for set `s` of the gates).
type Held = [u64; built::GATE_SETS.div_ceil(64)];

/// Which of the gates' literal sets `s` holds: one pass of the automaton `build.rs` made of
/// every literal (ASCII case ignored, as the patterns ignore it).
fn held(s: &str) -> Held {
    let mut held: Held = [0; built::GATE_SETS.div_ceil(64)];
    let mut state = 0;
    for &b in s.as_bytes() {
        let column = usize::from(built::GATE_CLASSES[usize::from(b)]);
        state = usize::from(built::GATE_NEXT[state * built::GATE_STRIDE + column]);
        let at = usize::from(built::GATE_AT[state]);
        if at != 0 {
            for (h, m) in held.iter_mut().zip(&built::GATE_MASKS[at - 1]) {
                *h |= m;
            }
        }
    }
    held
}

/// Whether a string that holds `held` may match a pattern of a chunk whose gate is `gate`.
fn may_match(gate: &[&[u16]], held: &Held) -> bool {
    gate.iter().any(|sets| {
        sets.iter()
            .all(|&set| held[usize::from(set) / 64] & (1 << (set % 64)) != 0)
    })
}

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
/// of a few hosts (`^github\.com/…`, `^(?:nvidia|intel)\.com/…`) are tried only on those, and
/// a built unit only on a URL that holds a literal of its gate. Sets of units are bit sets
/// (bit `u` for unit `u`, in `words` words), so that a URL visits only the units it may
/// match, in order.
#[derive(Debug, Default)]
pub struct OrderedPatterns {
    /// Each unit with the position of its first pattern in the whole order.
    units: Vec<(usize, Unit)>,
    /// How many words a set of units takes.
    words: usize,
    /// The units to try on a host that no pattern names.
    generic: Vec<u64>,
    /// The units whose patterns name a host, by host: tried on that host, in order with the
    /// generic ones. Each host's set is `words` words of `host_sets`, from the offset given
    /// (one buffer: ~100 hosts name patterns of the default policy).
    by_host: FxHashMap<Cow<'static, str>, usize>,
    host_sets: Vec<u64>,
    /// The units that may match whatever literals a URL holds (no gate, or a pattern that
    /// needs none).
    ungated: Vec<u64>,
    /// For each literal set of the gates, the units that have a pattern needing it first
    /// (`words` words a set): a URL that holds none of a unit's sets is not tried on it.
    by_set: Vec<u64>,
}

/// A unit of a table: (unit, how many patterns it holds, the hosts they name — None: any).
type TableUnit = (Unit, usize, Option<Vec<Cow<'static, str>>>);

/// The DFAs built for a table of the default policy.
fn built(patterns: &[Pattern]) -> Option<Vec<TableUnit>> {
    let chunks = built_chunks(patterns.iter().map(Pattern::as_str))?;
    let unit = |chunk: &'static Chunk| {
        let hosts = chunk
            .4
            .map(|h| h.iter().map(|&s| Cow::Borrowed(s)).collect());
        (Unit::Built(chunk, OnceLock::new()), chunk.3, hosts)
    };
    Some(chunks.iter().map(unit).collect())
}

/// The chunks built for a list of patterns (in order), if the binary holds them.
fn built_chunks<'a>(sources: impl Iterator<Item = &'a str> + Clone) -> Option<&'static [Chunk]> {
    let first = sources.clone().next()?;
    // Whether `key` is `sources` joined by NUL: each pattern compared as one slice (splitting
    // the key character by character cost more than the rest of building the classifier). A
    // pattern holding a NUL is no pattern of a key.
    let joined = |key: &str| {
        let mut rest = key;
        for (i, s) in sources.clone().enumerate() {
            if i > 0 {
                let Some(r) = rest.strip_prefix('\0') else {
                    return false;
                };
                rest = r;
            }
            match rest.strip_prefix(s) {
                Some(r) if !s.contains('\0') => rest = r,
                _ => return false,
            }
        }
        rest.is_empty()
    };
    built::INDEX
        .iter()
        .find(|(key, _)| {
            // most keys differ in their first pattern: compare that before the whole list
            key.strip_prefix(first)
                .is_some_and(|rest| rest.is_empty() || rest.starts_with('\0'))
                && joined(key)
        })
        .map(|(_, chunks)| *chunks)
}

impl OrderedPatterns {
    /// `tables` in priority order, each a list of patterns in priority order.
    pub fn new<'p>(tables: impl Iterator<Item = &'p [Pattern]>) -> OrderedPatterns {
        let mut out = OrderedPatterns::default();
        // Each unit's hosts (None: any host).
        let mut hosts: Vec<Option<Vec<Cow<'static, str>>>> = Vec::new();
        let mut start = 0;
        for patterns in tables.filter(|t| !t.is_empty()) {
            let units = built(patterns).unwrap_or_else(|| {
                patterns
                    .iter()
                    .map(|p| {
                        let hosts = literal_hosts(p.as_str())
                            .map(|h| h.into_iter().map(Cow::Owned).collect());
                        (Unit::Runtime(p.clone()), 1, hosts)
                    })
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
        let words = out.units.len().div_ceil(64);
        out.words = words;
        // Room for every host named (most are named once), so the map is not rehashed as it
        // grows.
        let named = hosts.iter().flatten().map(Vec::len).sum();
        out.by_host.reserve(named);
        out.generic = vec![0; words];
        out.ungated = vec![0; words];
        out.by_set = vec![0; built::GATE_SETS * words];
        for (u, names) in hosts.into_iter().enumerate() {
            let (w, bit) = (u / 64, 1u64 << (u % 64));
            match names {
                None => out.generic[w] |= bit,
                Some(names) => {
                    for h in names {
                        let sets = &mut out.host_sets;
                        let at = *out.by_host.entry(h).or_insert_with(|| {
                            sets.resize(sets.len() + words, 0);
                            sets.len() - words
                        });
                        out.host_sets[at + w] |= bit;
                    }
                }
            }
            match &out.units[u].1 {
                Unit::Built((.., Some(gate)), _) if gate.iter().all(|sets| !sets.is_empty()) => {
                    for sets in gate.iter() {
                        out.by_set[usize::from(sets[0]) * words + w] |= bit;
                    }
                }
                _ => out.ungated[w] |= bit,
            }
        }
        out
    }

    /// The position (in the whole order) of the first pattern that matches anywhere in `key`,
    /// the URL of `host` (lower case, without `www.`) written as the patterns see it.
    pub fn first_match(&self, host: &str, key: &str) -> Option<usize> {
        if self.words == 0 {
            return None;
        }
        let named = self
            .by_host
            .get(host)
            .map(|&at| &self.host_sets[at..at + self.words]);
        // The literal sets the key holds.
        let sets = held(key);
        for w in 0..self.words {
            let allowed = self.generic[w] | named.map_or(0, |n| n[w]);
            if allowed == 0 {
                continue;
            }
            let mut wanted = self.ungated[w];
            for (i, &word) in sets.iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let set = i * 64 + bits.trailing_zeros() as usize;
                    wanted |= self.by_set[set * self.words + w];
                    bits &= bits - 1;
                }
            }
            let mut candidates = allowed & wanted;
            while candidates != 0 {
                let u = w * 64 + candidates.trailing_zeros() as usize;
                candidates &= candidates - 1;
                let (first, unit) = &self.units[u];
                if let Unit::Built((.., Some(gate)), _) = unit {
                    if !may_match(gate, &sets) {
                        continue;
                    }
                }
                if let Some(i) = unit.first_match(key) {
                    return Some(first + i);
                }
            }
        }
        None
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
    let mut best: Option<usize> = None;
    each_match(dfa, anchored, s, |p| {
        best = Some(best.map_or(p, |b| b.min(p)))
    });
    best
}

/// Calls `found` with each pattern of a multi-pattern DFA that matches in `s` (once per
/// place it matches).
fn each_match(dfa: &Dfa, anchored: bool, s: &str, mut found: impl FnMut(usize)) {
    let input = Input::new(s.as_bytes()).anchored(if anchored {
        Anchored::Yes
    } else {
        Anchored::No
    });
    let mut state = OverlappingState::start();
    while let Ok(()) = dfa.try_search_overlapping_fwd(&input, &mut state) {
        let Some(m) = state.get_match() else {
            break;
        };
        found(m.pattern().as_usize());
    }
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

    /// A list finds the DFAs of the built list that is the same patterns, one for one: not
    /// those of a longer list it starts, nor those of patterns joined into one with a NUL.
    #[test]
    fn built_lists_are_found_pattern_for_pattern() {
        let by_split = |list: &[&str]| {
            built::INDEX
                .iter()
                .find(|(key, _)| key.split('\0').eq(list.iter().copied()))
                .map(|(_, chunks)| *chunks)
        };
        let same = |a: Option<&[Chunk]>, b: Option<&[Chunk]>| match (a, b) {
            (Some(a), Some(b)) => std::ptr::eq(a, b),
            (a, b) => a.is_none() && b.is_none(),
        };
        for (key, _) in built::INDEX {
            let list: Vec<&str> = key.split('\0').collect();
            for n in 1..=list.len() {
                let part = &list[..n];
                assert!(
                    same(built_chunks(part.iter().copied()), by_split(part)),
                    "{part:?}"
                );
            }
            assert!(built_chunks(list.iter().copied()).is_some());
            if list.len() > 1 {
                assert!(built_chunks(std::iter::once(*key)).is_none(), "{key:?}");
            }
        }
    }

    /// URL keys (host and path, as classification matches them) of every link in the test
    /// fixtures, the examples and, when it is beside the repository, the corpus; and keys made
    /// to hold each gate literal (with the hosts the patterns name).
    fn sample_keys() -> Vec<String> {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut dirs = vec![
            root.join("examples"),
            root.join("../shared/corpus"),
            root.join("../shared/corpus/dev"),
            root.join("../shared/corpus/guide"),
        ];
        let mut files = Vec::new();
        while let Some(dir) = dirs.pop() {
            for e in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
                let path = e.path();
                if path.is_dir() {
                    dirs.push(path);
                } else {
                    files.push(path);
                }
            }
            if dir == root.join("examples") {
                dirs.push(root.join("tests/fixtures"));
            }
        }
        let mut keys = Vec::new();
        for f in files {
            let text = std::fs::read_to_string(f).unwrap_or_default();
            for part in text.split("http").skip(1) {
                let url = format!("http{part}");
                let end = url
                    .find(|c: char| c.is_whitespace() || matches!(c, ')' | '>' | '"' | ']' | '\''))
                    .unwrap_or(url.len());
                if let Some((host, path)) = crate::target::split_web_url(&url[..end]) {
                    keys.push(format!("{host}{path}"));
                }
            }
        }
        assert!(keys.len() > 300, "the fixtures hold links: {}", keys.len());
        let hosts: Vec<&str> = built::INDEX
            .iter()
            .flat_map(|(_, chunks)| chunks.iter().flat_map(|c| c.4.unwrap_or_default()))
            .copied()
            .collect();
        for (i, h) in hosts.iter().enumerate() {
            keys.push(format!("{h}/a/paper/b/{i}.pdf"));
            keys.push(format!("{h}/docs/blob/main/x/slides-2024.pptx"));
        }
        keys
    }

    /// The gates never turn away a URL one of their patterns matches (on every link of the
    /// fixtures and corpus), and they do turn away most DFAs for most URLs (else they would
    /// only cost).
    #[test]
    fn gates_let_through_every_url_their_patterns_match() {
        let keys = sample_keys();
        let (mut tried, mut skipped, mut matched) = (0, 0, 0);
        for (_, chunks) in built::INDEX {
            for chunk in *chunks {
                let Some(gate) = chunk.5 else { continue };
                assert_eq!(gate.len(), chunk.3, "a gate per pattern");
                let dfa = load(chunk, true).unwrap();
                for key in &keys {
                    let held = held(key);
                    let mut matched_here = Vec::new();
                    each_match(&dfa, chunk.2, key, |p| matched_here.push(p));
                    for p in matched_here {
                        matched += 1;
                        assert!(
                            may_match(&gate[p..=p], &held),
                            "pattern {p} of a chunk matches {key} but its gate says no"
                        );
                    }
                    tried += 1;
                    skipped += usize::from(!may_match(gate, &held));
                }
            }
        }
        assert!(
            matched > 500,
            "the sample exercises the patterns: {matched}"
        );
        assert!(
            skipped * 10 > tried * 7,
            "the gates skip most DFAs: {skipped} of {tried}"
        );
    }

    /// `held` finds every literal, in any case, where it occurs, and only those.
    #[test]
    fn the_gate_automaton_finds_its_literals() {
        let ids = |s: &str| {
            let h = held(s);
            (0..built::GATE_SETS)
                .filter(|&i| h[i / 64] & (1 << (i % 64)) != 0)
                .count()
        };
        assert_eq!(ids(""), 0);
        assert_eq!(ids("zzzz/qqqq"), 0);
        assert!(ids("github.com/a/b/blob/main/x.pdf") >= 3);
        assert_eq!(
            ids("GitHub.COM/a/b/BLOB/main/x.PDF"),
            ids("github.com/a/b/blob/main/x.pdf")
        );
    }
}
