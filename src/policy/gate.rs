//! The walk of a literal gate `build.rs` wrote (`Gates`): an Aho-Corasick DFA of the literals
//! the built DFAs of a list need, copied into tables. One pass over a text tells which literal
//! sets it holds; a built DFA whose every pattern needs a set the text lacks cannot match
//! there, and is skipped. Shared by the URL patterns (`compiled.rs`, a gate per URL) and the
//! `[perf]` vocabularies (`vocab_dfa.rs`, a gate per file's texts).

/// A gate's tables, as `build.rs` writes them: `classes` maps a byte to its column, `next`
/// is the next state by state and column (`stride` columns a state), and `at` gives, by state,
/// the mask in `masks` of the sets whose literals end there (0: none, else index + 1).
pub(crate) struct Tables<const W: usize> {
    pub(crate) classes: &'static [u8; 256],
    pub(crate) stride: usize,
    pub(crate) next: &'static [u16],
    pub(crate) at: &'static [u16],
    pub(crate) masks: &'static [[u64; W]],
}

impl<const W: usize> Tables<W> {
    /// The literal sets `s` holds (bit `k` for set `k`), ASCII case ignored.
    pub(crate) fn held(&self, s: &[u8]) -> [u64; W] {
        let mut held = [0; W];
        let mut state = 0;
        for &b in s {
            let column = usize::from(self.classes[usize::from(b)]);
            state = usize::from(self.next[state * self.stride + column]);
            let at = usize::from(self.at[state]);
            if at != 0 {
                for (h, m) in held.iter_mut().zip(&self.masks[at - 1]) {
                    *h |= m;
                }
            }
        }
        held
    }
}

/// The gate `build.rs` wrote into the module `$built` (its `GATE_*` items), as a static `$name`.
macro_rules! gate_tables {
    ($name:ident, $built:ident) => {
        static $name: $crate::policy::gate::Tables<{ $built::GATE_SETS.div_ceil(64) }> =
            $crate::policy::gate::Tables {
                classes: &$built::GATE_CLASSES,
                stride: $built::GATE_STRIDE,
                next: &$built::GATE_NEXT,
                at: &$built::GATE_AT,
                masks: &$built::GATE_MASKS,
            };
    };
}
pub(crate) use gate_tables;

/// Whether a text that holds `held` may match one of the patterns whose gate is `gate` (per
/// pattern, the sets it needs a literal of each).
pub(crate) fn may_match<const W: usize>(gate: &[&[u16]], held: &[u64; W]) -> bool {
    gate.iter().any(|sets| {
        sets.iter()
            .all(|&set| held[usize::from(set) / 64] & (1 << (set % 64)) != 0)
    })
}
