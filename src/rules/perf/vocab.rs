//! The vocabularies of `[perf]` ready to search one file's claim blocks.

use super::fields::Field;
use crate::policy::{ListFinder, PatternList, PerfPolicy};
use std::ops::Range;

/// One of the vocabularies of `[perf]`: a field's, or the cues that make a number a setting, a
/// hypothetical, or a measurement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Vocabulary {
    Field(Field),
    Setting,
    Hypothetical,
    Measurement,
}

impl Vocabulary {
    const ALL: [Vocabulary; 8] = [
        Vocabulary::Field(Field::Hardware),
        Vocabulary::Field(Field::Workload),
        Vocabulary::Field(Field::Precision),
        Vocabulary::Field(Field::Baseline),
        Vocabulary::Field(Field::Correctness),
        // before the settings: where a cue of each starts at the same word, the search keeps
        // the first list's ("a target of 50% MFU" is a goal, not only a set-up word)
        Vocabulary::Hypothetical,
        Vocabulary::Setting,
        Vocabulary::Measurement,
    ];

    /// Its index in `ALL` (a field's is `Field as usize`).
    fn index(self) -> usize {
        match self {
            Vocabulary::Field(f) => f as usize,
            Vocabulary::Hypothetical => 5,
            Vocabulary::Setting => 6,
            Vocabulary::Measurement => 7,
        }
    }

    fn patterns(self, policy: &PerfPolicy) -> &PatternList {
        match self {
            Vocabulary::Field(f) => f.vocabulary(policy),
            Vocabulary::Setting => &policy.setting_cues,
            Vocabulary::Hypothetical => &policy.hypothetical_cues,
            Vocabulary::Measurement => &policy.measurement_cues,
        }
    }
}

/// The vocabularies of `[perf]` ready to search the blocks of one file: the five fields as one
/// automaton and the three cue lists as another (the default's compiled into the binary; a
/// changed list compiled of only the patterns that can match there at all: see
/// `ListFinder::build_for`). Within an automaton, overlapping matches of
/// two lists keep the leftmost; the cues are apart so that a field never hides one.
pub struct Vocab<'p> {
    policy: &'p PerfPolicy,
    fields: Option<ListFinder>,
    cues: Option<ListFinder>,
}

impl<'p> Vocab<'p> {
    /// For texts whose lower-cased concatenation is `within`.
    pub fn for_texts(policy: &'p PerfPolicy, within: &str) -> Vocab<'p> {
        let lists: Vec<&PatternList> = Vocabulary::ALL.iter().map(|v| v.patterns(policy)).collect();
        Vocab {
            policy,
            fields: ListFinder::build_for(&lists[..5], within),
            cues: ListFinder::build_for(&lists[5..], within),
        }
    }

    /// Every match in `s` (a text inside `within`) of the vocabularies `from..from + n` of
    /// `ALL`: (vocabulary index, range).
    fn search(
        &self,
        finder: &Option<ListFinder>,
        from: usize,
        n: usize,
        s: &str,
    ) -> Vec<(usize, Range<usize>)> {
        match finder {
            Some(f) => f
                .find_all(s)
                .into_iter()
                .map(|(k, r)| (from + k, r))
                .collect(),
            // nothing could match, or the lists do not compile together: list by list, then
            // what one automaton's leftmost-first search keeps (the earliest start, the earlier
            // list at the same start; none inside another)
            None => {
                let mut all: Vec<(usize, Range<usize>)> = (from..from + n)
                    .flat_map(|k| {
                        Vocabulary::ALL[k]
                            .patterns(self.policy)
                            .find_all(s)
                            .into_iter()
                            .map(move |r| (k, r))
                    })
                    .collect();
                all.sort_by_key(|(k, r)| (r.start, *k));
                let mut end = 0;
                all.retain(|(_, r)| {
                    let keep = r.start >= end;
                    if keep {
                        end = r.end;
                    }
                    keep
                });
                all
            }
        }
    }

    /// Every match of the five fields in `s`: (field index, range).
    pub(super) fn matches(&self, s: &str) -> Vec<(usize, Range<usize>)> {
        let mut all = self.search(&self.fields, 0, 5, s);
        // a device named as the comparison point ("vs. RTX 4090", "versus 4090"): the
        // hardware match holds the comparison word, which names a baseline too
        let compared: Vec<Range<usize>> = all
            .iter()
            .filter(|(k, _)| *k == super::fields::Field::Hardware as usize)
            .filter_map(|(_, r)| {
                let t = s.get(r.clone())?;
                let w = t.split([' ', '.']).next()?;
                (w.eq_ignore_ascii_case("vs") || w.eq_ignore_ascii_case("versus"))
                    .then(|| r.start..r.start + w.len())
            })
            .collect();
        all.extend(
            compared
                .into_iter()
                .map(|r| (super::fields::Field::Baseline as usize, r)),
        );
        // a kernel's tile, not the problem it runs: "32×32 tiles", "an 8×8 block of C"
        all.retain(|(k, r)| *k != super::fields::Field::Workload as usize || !tile_shape(s, r));
        all
    }

    /// Whether `s` (a text inside `within`) matches `v`.
    pub fn has(&self, v: Vocabulary, s: &str) -> bool {
        let all = match v {
            Vocabulary::Field(_) => self.matches(s),
            _ => self.search(&self.cues, 5, 3, s),
        };
        all.iter().any(|(k, _)| *k == v.index())
    }
}

/// Whether the match `r` of `s` is a shape followed by what a kernel cuts its work into
/// ("32×32 tiles", "8×8 block", "128x64 thread block").
fn tile_shape(s: &str, r: &Range<usize>) -> bool {
    let Some(shape) = s.get(r.clone()) else {
        return false;
    };
    if !shape.contains(['x', 'X', '×']) || !shape.starts_with(|c: char| c.is_ascii_digit()) {
        return false;
    }
    let after = s[r.end..].trim_start().to_ascii_lowercase();
    let next = after
        .split(|c: char| !c.is_ascii_alphabetic())
        .next()
        .unwrap_or("");
    matches!(
        next,
        "tile"
            | "tiles"
            | "tiling"
            | "block"
            | "blocks"
            | "warp"
            | "warps"
            | "thread"
            | "threads"
            | "fragment"
            | "fragments"
            | "threadblock"
            | "threadblocks"
    )
}

/// Whether a text matches one of the policy's vocabularies: a field (the hardware after a
/// multiplier tells a device count; a precision near a size ratio tells a data-type ratio) or
/// a cue (settings, hypotheticals, measurements).
pub type States<'a> = &'a dyn Fn(Vocabulary, &str) -> bool;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::Policy;

    fn built(f: &Option<ListFinder>) -> bool {
        f.as_ref().is_some_and(ListFinder::is_built)
    }

    /// The default vocabularies cost no compilation: both automata were compiled into the
    /// binary. A policy that changes a vocabulary has that set compiled at run time (the
    /// other stays built in), and matches its own patterns.
    #[test]
    fn default_vocabularies_are_built_in() {
        let p = Policy::default_policy();
        let v = Vocab::for_texts(&p.perf, "");
        assert!(built(&v.fields) && built(&v.cues));

        let extended = "[perf]\nextend_hardware = ['\\bquasar-\\d+\\b']\n";
        let user = Policy::layered("p.toml", extended, &[]).unwrap();
        let text = "2x faster on a Quasar-9 than an H100";
        let v = Vocab::for_texts(&user.perf, &text.to_ascii_lowercase());
        assert!(!built(&v.fields) && built(&v.cues));
        assert!(v.has(Vocabulary::Field(Field::Hardware), "on a Quasar-9"));
        assert!(!Vocab::for_texts(&p.perf, "").has(Vocabulary::Field(Field::Hardware), "Quasar-9"));

        // one pattern changed: `\bslos?\d*\b` -> `\bslas?\d*\b`
        let cues: Vec<String> = p
            .perf
            .setting_cues
            .iter()
            .map(|c| format!("'{}'", c.as_str().replace("slo", "sla")))
            .collect();
        let changed = format!("[perf]\nsetting_cues = [{}]\n", cues.join(", "));
        let user = Policy::layered("p.toml", &changed, &[]).unwrap();
        let v = Vocab::for_texts(&user.perf, "an sla of 100 ms");
        assert!(built(&v.fields) && !built(&v.cues));
        assert!(v.has(Vocabulary::Setting, "an SLA of 100 ms"));
        assert!(!v.has(Vocabulary::Setting, "an SLO of 100 ms"));
    }

    /// Searched list by list (the lists not compiled together), the fields keep what one
    /// automaton keeps: a baseline's "against" inside a check's "compared against" is not
    /// found, nor anything inside an earlier match.
    #[test]
    fn list_by_list_matches_do_not_overlap() {
        let p = Policy::default_policy();
        let one = Vocab::for_texts(&p.perf, "");
        let apart = Vocab {
            policy: &p.perf,
            fields: None,
            cues: None,
        };
        let text = "On one H100 in BF16, outputs compared against an FP32 reference:";
        let found = |v: &Vocab| -> Vec<(usize, String)> {
            v.matches(text)
                .into_iter()
                .map(|(k, r)| (k, text[r].to_string()))
                .collect()
        };
        assert_eq!(found(&apart), found(&one));
        assert!(!found(&apart)
            .iter()
            .any(|(k, _)| *k == Field::Baseline as usize));
    }
}
