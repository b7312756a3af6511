//! The default policy's pattern lists, written out as Rust by `build.rs` (`default_lists.rs`):
//! a run borrows each pattern from the binary instead of unescaping and copying it out of the
//! embedded JSON, which was most of the cost of reading the default policy.

use super::{Pattern, PatternList, Policy};

/// A policy field that holds patterns, made from patterns held in the binary.
trait FromStatic {
    fn from_static(sources: &'static [&'static str]) -> Self;
}

impl FromStatic for PatternList {
    fn from_static(sources: &'static [&'static str]) -> PatternList {
        PatternList::from_static(sources)
    }
}

impl FromStatic for Vec<Pattern> {
    fn from_static(sources: &'static [&'static str]) -> Vec<Pattern> {
        sources.iter().map(|s| Pattern::from_static(s)).collect()
    }
}

include!(concat!(env!("OUT_DIR"), "/default_lists.rs"));
