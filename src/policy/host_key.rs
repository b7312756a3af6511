//! How the source classifier files a `hosts` entry, shared with `build.rs` (which includes
//! this file to index the default policy's hosts when the binary is built): the entry as it
//! is keyed, which of the four lookups it belongs to, and the hash of the index `build.rs`
//! writes. Depends on nothing else in the crate.

use std::borrow::Cow;
use std::ops::Range;

/// A host entry as the classifier keys it: trimmed, without `www.`, lower case (borrowed when
/// it is written so).
pub(crate) fn normalised(written: &str) -> Cow<'_, str> {
    let written = written.trim();
    let bare = written
        .get(..4)
        .filter(|p| p.eq_ignore_ascii_case("www."))
        .map_or(written, |_| &written[4..]);
    if bare.bytes().any(|b| b.is_ascii_uppercase()) {
        Cow::Owned(bare.to_ascii_lowercase())
    } else {
        Cow::Borrowed(bare)
    }
}

/// Which lookup a normalised entry belongs to, with the parts of it that are keys.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Slot {
    /// `*.example.org`: the suffix after `*.`.
    Suffix(Range<usize>),
    /// `docs.*`: the first label.
    FirstLabel(Range<usize>),
    /// `developer.nvidia.com/blog`: the host, and the path prefix (from its `/`, without a
    /// trailing one).
    WithPath {
        host: Range<usize>,
        prefix: Range<usize>,
    },
    /// A host: the whole entry.
    Exact,
}

/// The lookup a normalised entry `h` belongs to.
pub(crate) fn slot(h: &str) -> Slot {
    if h.starts_with("*.") {
        Slot::Suffix(2..h.len())
    } else if let Some(label) = h.strip_suffix(".*") {
        Slot::FirstLabel(0..label.len())
    } else if let Some(slash) = h.find('/') {
        // the prefix keeps its leading `/`, without a trailing one
        let end = slash + h[slash..].trim_end_matches('/').len().max(1);
        Slot::WithPath {
            host: 0..slash,
            prefix: slash..end,
        }
    } else {
        Slot::Exact
    }
}

/// The hash of a key in the index of the default hosts (FNV-1a).
pub(crate) fn hash(key: &str) -> u32 {
    key.bytes().fold(0x811c_9dc5_u32, |h, b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

/// The slot of `key` in an open-addressing table of `slots` (a power of two) slots, probed
/// linearly: `is_key(k)` tells whether the key stored as `k` (a slot's value less one) is
/// `key`. None when an empty slot (0) comes first.
pub(crate) fn probe(slots: &[u16], key: &str, is_key: impl Fn(usize) -> bool) -> Option<usize> {
    let mask = slots.len().checked_sub(1)?;
    let mut i = hash(key) as usize & mask;
    loop {
        match slots[i] {
            0 => return None,
            k if is_key(usize::from(k) - 1) => return Some(usize::from(k) - 1),
            _ => i = (i + 1) & mask,
        }
    }
}
