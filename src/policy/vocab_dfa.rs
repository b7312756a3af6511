//! The default policy's `[perf]` vocabularies compiled into the binary (`build.rs`): the five
//! field lists as one set of patterns and the three cue lists as another, as `ListFinder`
//! searches them. A set is split into chunks of consecutive patterns (one automaton for a
//! whole set would multiply its states), each a dense forward DFA that finds where a match
//! ends and which pattern it is, and a sparse reverse DFA that finds where it starts. A
//! pattern too large for a DFA (`replac… [^.;]{1,60}? with`) is compiled at run time, and only
//! when the texts could hold a match. A chunk's DFAs are read when a text is first searched
//! with them, and a chunk whose patterns all need literals (`build.rs` lists them:
//! `required.rs`) that the file's texts lack (`Grams`) is not searched at all: its DFAs are
//! never read. Most files hold the words of few vocabulary patterns, and reading a chunk
//! touches pages of a 5 MB blob, each a page fault. `BuiltFinder` merges the chunks' matches
//! into the leftmost-first matches of the whole set, the ones `Finder` finds.

use super::compiled::Aligned;
use super::grams::Grams;
use super::pattern_list::Finder;
use regex_automata::dfa::{dense, sparse, Automaton};
use regex_automata::{Anchored, Input};
use std::ops::Range;
use std::sync::OnceLock;

mod built {
    include!(concat!(env!("OUT_DIR"), "/vocab_dfas.rs"));
}

static BLOB: &Aligned<[u8]> = &Aligned {
    _align: [],
    bytes: *include_bytes!(concat!(env!("OUT_DIR"), "/vocab_dfas.bin")),
};

/// A set: its patterns, whether they are matched case-sensitively in lower-cased text (as
/// `Finder` matches patterns that spell no capital letter), and its chunks.
type Set = (&'static [&'static str], bool, &'static [Chunk]);

/// A chunk of a set: how many patterns, where its DFAs are in the blob (forward offset and
/// length, reverse offset and length; None when they are compiled at run time), and its gate.
type Chunk = (usize, Option<(usize, usize, usize, usize)>, Option<Gate>);

/// What texts must hold for a chunk to match there: per pattern, sets of literals (lower case)
/// of which a match holds one each. None: a pattern needs no literal.
type Gate = &'static [&'static [&'static [&'static str]]];

/// Whether a text that may hold the literals `may_hold` accepts may match a chunk gated by
/// `gate`: one of its patterns has a literal of each of its sets there.
fn may_match(gate: Option<Gate>, may_hold: &impl Fn(&str) -> bool) -> bool {
    gate.is_none_or(|patterns| {
        patterns
            .iter()
            .any(|sets| sets.iter().all(|set| set.iter().any(|l| may_hold(l))))
    })
}

type Forward = dense::DFA<&'static [u32]>;
type Reverse = sparse::DFA<&'static [u8]>;

/// A unit's first match from a position, if any: (pattern, range).
type Found = Option<(usize, Range<usize>)>;

/// A chunk's forward and reverse DFAs.
type Dfas = (Forward, Reverse);

/// Reads the DFAs of a chunk.
///
/// Without `validate`, the bytes are trusted: `build.rs` wrote them with
/// `to_bytes_*_endian` for this target's endianness, they are embedded verbatim, and the test
/// `built_vocab_dfas_are_valid` reads every one with validation (as `compiled.rs` does for
/// the URL patterns).
fn load((f, fl, r, rl): (usize, usize, usize, usize), validate: bool) -> Option<Dfas> {
    let (fwd, rev) = (BLOB.bytes.get(f..f + fl)?, BLOB.bytes.get(r..r + rl)?);
    let (fwd, rev) = if validate {
        (
            dense::DFA::from_bytes(fwd).ok()?.0,
            sparse::DFA::from_bytes(rev).ok()?.0,
        )
    } else {
        // SAFETY: see above; the forward DFA is 8-byte aligned (BLOB is, and build.rs aligns
        // offsets), and a sparse DFA needs no alignment.
        unsafe {
            (
                dense::DFA::from_bytes_unchecked(fwd).ok()?.0,
                sparse::DFA::from_bytes_unchecked(rev).ok()?.0,
            )
        }
    };
    Some((fwd, rev))
}

/// What finds the matches of a chunk.
#[derive(Debug, Clone)]
enum Unit {
    /// A chunk compiled into the binary (where its DFAs are in the blob), read on first use;
    /// and whether the texts it was chosen for may hold a match (see `BuiltFinder::find`).
    Dfa {
        at: (usize, usize, usize, usize),
        dfas: OnceLock<Option<Box<Dfas>>>,
        held: bool,
    },
    /// Patterns compiled at run time (those that could match), with each one's index in the
    /// chunk.
    Runtime(Finder, Vec<usize>),
}

impl Unit {
    /// The first match in `h` at or after `at` (leftmost-first among the unit's patterns):
    /// (pattern index in the chunk, range). None if a DFA gave up.
    fn search_at(&self, h: &[u8], at: usize) -> Option<Found> {
        match self {
            Unit::Dfa { at: blob, dfas, .. } => {
                let (fwd, rev) = &**dfas
                    .get_or_init(|| load(*blob, false).map(Box::new))
                    .as_ref()?;
                let input = Input::new(h).span(at..h.len());
                let Some(end) = fwd.try_search_fwd(&input).ok()? else {
                    return Some(None);
                };
                // as `regex_automata::dfa::regex::Regex` does: back from the end, anchored,
                // to the leftmost start
                let back = Input::new(h).span(at..end.offset()).anchored(Anchored::Yes);
                let start = rev.try_search_rev(&back).ok()??;
                Some(Some((
                    end.pattern().as_usize(),
                    start.offset()..end.offset(),
                )))
            }
            Unit::Runtime(finder, ids) => Some(finder.search_at(h, at).map(|(p, r)| (ids[p], r))),
        }
    }
}

/// A vocabulary set of the default policy, compiled into the binary.
#[derive(Debug, Clone)]
pub(super) struct BuiltFinder {
    /// Each unit with the index of its first pattern in the set.
    units: Vec<(usize, Unit)>,
    lowered: bool,
    sources: &'static [&'static str],
    /// All the patterns compiled at run time, for a text the DFAs cannot search.
    fallback: OnceLock<Option<Finder>>,
    /// What the texts to search hold, when chunks were left out for them (`find`).
    grams: Option<Grams>,
}

impl BuiltFinder {
    /// The set whose patterns are `sources` (in order), if the binary holds it. A pattern
    /// left to run time is compiled only if `could_match` says it could match the texts to
    /// search. Given those texts (`within`, lower-cased), a chunk whose literals they lack is
    /// left out of the search of a text whose pairs and triples of bytes they all hold (it
    /// finds nothing there); a text that holds others (callers also search text made
    /// otherwise) is searched with every chunk.
    pub(super) fn find(
        sources: &[&str],
        could_match: impl Fn(&str) -> bool,
        within: Option<&str>,
    ) -> Option<BuiltFinder> {
        let &(set, lowered, chunks) = built::SETS
            .iter()
            .find(|(set, ..)| set.len() == sources.len() && set.iter().eq(sources))?;
        let grams = within.map(Grams::of);
        let mut units = Vec::with_capacity(chunks.len());
        let mut first = 0;
        for &(count, dfas, gate) in chunks {
            let patterns = set.get(first..first + count)?;
            match dfas {
                Some(at) => {
                    let held = grams
                        .as_ref()
                        .is_none_or(|g| may_match(gate, &|l| g.may_hold(l)));
                    let dfas = OnceLock::new();
                    units.push((first, Unit::Dfa { at, dfas, held }));
                }
                None => {
                    let (ids, needed): (Vec<usize>, Vec<&str>) = patterns
                        .iter()
                        .enumerate()
                        .filter(|(_, p)| could_match(p))
                        .unzip();
                    if !needed.is_empty() {
                        let finder = Finder::compile(&needed, lowered)?;
                        units.push((first, Unit::Runtime(finder, ids)));
                    }
                }
            }
            first += count;
        }
        Some(BuiltFinder {
            units,
            lowered,
            sources: set,
            fallback: OnceLock::new(),
            grams,
        })
    }

    /// Each match in `s`, leftmost-first: the index of its pattern in the set, and its range.
    pub(super) fn find_ids(&self, s: &str) -> Vec<(usize, Range<usize>)> {
        let lower;
        let h = if self.lowered && s.bytes().any(|b| b.is_ascii_uppercase()) {
            lower = s.as_bytes().to_ascii_lowercase();
            &lower[..]
        } else {
            s.as_bytes()
        };
        if let Some(found) = self.merged(h) {
            return found;
        }
        self.fallback
            .get_or_init(|| Finder::compile(self.sources, self.lowered))
            .as_ref()
            .map_or_else(Vec::new, |f| f.find_ids(s))
    }

    /// The units' matches merged: from each position, the match that starts first, and at the
    /// same start the one of the lower pattern (what leftmost-first means for one automaton of
    /// all the patterns). A unit is searched again only when its last match starts before the
    /// position: a later one is still its first from there. None if a DFA gave up, or a match
    /// is empty (the set's engine decides how to step past those; no vocabulary has one).
    fn merged(&self, h: &[u8]) -> Option<Vec<(usize, Range<usize>)>> {
        let mut out = Vec::new();
        // each unit's first match from some position at or before `at` (None: not searched);
        // in a text made of the texts `find` was given, a chunk they cannot match finds
        // nothing, and its DFAs are not read
        let covered = self.grams.as_ref().is_some_and(|g| g.covers(h));
        let mut next: Vec<Option<Found>> = self
            .units
            .iter()
            .map(|(_, u)| match u {
                Unit::Dfa { held: false, .. } if covered => Some(None),
                _ => None,
            })
            .collect();
        let mut at = 0;
        loop {
            let mut best: Option<(usize, Range<usize>)> = None;
            for ((first, unit), next) in self.units.iter().zip(&mut next) {
                if next
                    .as_ref()
                    .is_none_or(|m| m.as_ref().is_some_and(|(_, r)| r.start < at))
                {
                    *next = Some(unit.search_at(h, at)?.map(|(p, r)| (first + p, r)));
                }
                if let Some(Some((p, r))) = next {
                    if best
                        .as_ref()
                        .is_none_or(|(bp, br)| (r.start, *p) < (br.start, *bp))
                    {
                        best = Some((*p, r.clone()));
                    }
                }
            }
            let Some((p, r)) = best else {
                return Some(out);
            };
            if r.is_empty() {
                return None;
            }
            at = r.end;
            out.push((p, r));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every DFA compiled into the binary reads back with full validation (what makes the
    /// unchecked read of `load` sound), and only the known pattern is left to run time.
    #[test]
    fn built_vocab_dfas_are_valid() {
        let mut n = 0;
        let mut runtime: Vec<&str> = Vec::new();
        for (set, _, chunks) in built::SETS {
            assert_eq!(chunks.iter().map(|c| c.0).sum::<usize>(), set.len());
            let mut first = 0;
            for &(count, dfas, _) in *chunks {
                match dfas {
                    Some(at) => {
                        assert_eq!(at.0 % 8, 0, "aligned");
                        assert!(load(at, true).is_some());
                        n += 1;
                    }
                    None => runtime.extend(&set[first..first + count]),
                }
                first += count;
            }
        }
        assert!(n > 0);
        // A pattern whose DFA is too large is compiled in every file where its literal
        // occurs: simplify it (a bounded repetition of a broad class multiplies states).
        assert_eq!(runtime, [r"\breplac(?:e|es|ed|ing) [^.;]{1,60}? with\b"]);
    }

    /// The default policy's two vocabulary sets, as `Vocab` passes them to `ListFinder`.
    fn default_sets() -> Vec<Vec<String>> {
        let p = crate::policy::Policy::default_policy().perf;
        let sets = [
            vec![
                &p.hardware,
                &p.workload,
                &p.precision,
                &p.baseline,
                &p.correctness,
            ],
            vec![&p.hypothetical_cues, &p.setting_cues, &p.measurement_cues],
        ];
        sets.iter()
            .map(|lists| {
                lists
                    .iter()
                    .flat_map(|l| l.iter().map(|p| p.as_str().to_string()))
                    .collect()
            })
            .collect()
    }

    /// Texts to search: the repository's fixtures (whole, by paragraph, by line) and
    /// generated strings of vocabulary words, numbers, punctuation and non-ASCII characters,
    /// in random case.
    fn texts() -> Vec<String> {
        let mut out = Vec::new();
        let mut dirs = vec![std::path::PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures"
        ))];
        while let Some(dir) = dirs.pop() {
            for e in std::fs::read_dir(&dir).expect("fixtures are readable") {
                let path = e.expect("a fixture").path();
                if path.is_dir() {
                    dirs.push(path);
                } else if let Ok(text) = std::fs::read_to_string(&path) {
                    out.extend(text.split("\n\n").map(str::to_string));
                    out.extend(text.lines().map(str::to_string));
                    out.push(text);
                }
            }
        }
        // vocabulary words and near misses, numbers, punctuation, non-ASCII characters
        let words: Vec<&str> =
            "H100|8x|A100-80GB|fp8|BF16|int4|vs.|vs|than|over|replaced|replace the kernel|\
             with|swapped out for|batch size of|bs=|llama-2-7b|Qwen2.5|4096x4096|8192|³|×|\
             seq len|2048|1 GiB|tokens|128k-token context|would|it'd|measured|achieved|SLO|\
             target|identical|outputs are identical|max abs error|within 1e-3|accuracy|\
             unchanged|without losing accuracy|MI300X|g5.2xlarge|i9-13900k|Apple M2 Max|\
             snapdragon 8 gen 3|rtx 4090 ti|a 4090|TPU v5e|cifar-10|ogbn-papers100M|\
             M=N=K=8192|[8192, 8192]|bench|microbench|from NCCL to|up from|as fast as|é|框|\
             🔥|.|;|,|-|_|(|)|%|0|7|42|3.5|B|m|x"
                .split('|')
                .collect();
        let seps = [" ", "", " ", "\n", "-", " ", "\t", ". "];
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = move |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        for _ in 0..4000 {
            let mut s = String::new();
            for _ in 0..1 + next(24) {
                let w = words[next(words.len())];
                match next(3) {
                    0 => s.push_str(&w.to_ascii_uppercase()),
                    _ => s.push_str(w),
                }
                s.push_str(seps[next(seps.len())]);
            }
            out.push(s);
        }
        out
    }

    /// The DFAs compiled into the binary find the same matches (pattern and range, in order)
    /// as the default lists compiled at run time.
    #[test]
    fn built_vocabularies_find_what_compiled_ones_find() {
        let texts = texts();
        for sources in default_sets() {
            let sources: Vec<&str> = sources.iter().map(String::as_str).collect();
            let built = BuiltFinder::find(&sources, |_| true, None).expect("the set is built in");
            assert!(built
                .units
                .iter()
                .any(|(_, u)| matches!(u, Unit::Dfa { .. })));
            let compiled = Finder::from_sources(&sources).expect("the set compiles");
            let mut found = 0;
            for t in &texts {
                let want = compiled.find_ids(t);
                assert_eq!(built.find_ids(t), want, "{t:?}");
                // as `ListFinder` builds it: what could match the text, no more
                let within = t.to_ascii_lowercase();
                let could = |p: &str| super::super::finder::could_match(p, &within);
                let narrow = BuiltFinder::find(&sources, could, Some(&within)).expect("built in");
                assert_eq!(narrow.find_ids(t), want, "{t:?}");
                found += want.len();
            }
            assert!(found > 1000, "{found} matches");
            // no fallback was needed
            assert!(built.fallback.get().is_none());
        }
    }
}
