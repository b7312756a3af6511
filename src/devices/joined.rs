//! How the device-name matcher (`names.rs`) reads a device table's spellings: their order and
//! the form it searches. Shared with `build.rs` (which includes this file and compiles the
//! default table's spellings into an automaton); depends on nothing else in the crate.

/// The spellings of a device table in the order the matcher prefers them: (spelling, device,
/// whether it is a bare name). Longest first (then in byte order), so that "H100 NVL" wins
/// over "H100" and "DGX H100" over "H100".
pub(crate) fn ordered<'a>(
    devices: impl Iterator<Item = (&'a [String], &'a [String])>,
) -> Vec<(String, usize, bool)> {
    let mut spellings = Vec::new();
    for (i, (names, bare)) in devices.enumerate() {
        spellings.extend(names.iter().map(|s| (s.clone(), i, false)));
        spellings.extend(bare.iter().map(|s| (s.clone(), i, true)));
    }
    spellings.sort_by(|a, b| b.0.len().cmp(&a.0.len()).then(a.0.cmp(&b.0)));
    spellings
}

/// A spelling's words written together, lower case ("h100sxm" for "H100 SXM"), and where each
/// word but the last ends in that form (the gaps that may hold a separator in a text). None
/// for a spelling without a word.
pub(crate) fn joined(spelling: &str) -> Option<(String, Vec<usize>)> {
    let mut word = String::new();
    let mut ends = Vec::new();
    for part in spelling.split([' ', '-']).filter(|p| !p.is_empty()) {
        word.push_str(&part.to_ascii_lowercase());
        ends.push(word.len());
    }
    ends.pop();
    (!word.is_empty()).then_some((word, ends))
}
