//! The rate and time units a text starts with, found by the text's first byte: each list of
//! `words` is indexed, when the binary is compiled, by the first byte of its units, so that
//! asking which units stand at a place compares the text with the few units that begin as it
//! does, not with each of the list's 150 (once per number of every block).

use super::words::{RATE_UNITS, TIME_UNITS};

/// A list of units indexed by their first byte: `first[b]` is one more than the index of the
/// first unit that starts with byte `b` (0: none), `next[i]` one more than the index of the
/// next unit after unit `i` that starts with the same byte (0: none).
struct FirstByte<const N: usize> {
    first: [u16; 256],
    next: [u16; N],
}

impl<const N: usize> FirstByte<N> {
    /// The index of a list whose units start with the bytes `firsts`, in list order.
    const fn new(firsts: [u8; N]) -> Self {
        assert!(N < u16::MAX as usize);
        let mut first = [0u16; 256];
        let mut next = [0u16; N];
        // one more than the index of the last unit seen, by first byte
        let mut last = [0u16; 256];
        let mut i = 0;
        while i < N {
            let b = firsts[i] as usize;
            if last[b] == 0 {
                first[b] = (i + 1) as u16;
            } else {
                next[last[b] as usize - 1] = (i + 1) as u16;
            }
            last[b] = (i + 1) as u16;
            i += 1;
        }
        FirstByte { first, next }
    }

    /// The indexes, in list order, of the units that start with the byte `b` (none for None).
    fn starting(&self, b: Option<&u8>) -> impl Iterator<Item = usize> + '_ {
        let mut k = b.map_or(0, |&b| self.first[usize::from(b)]);
        std::iter::from_fn(move || {
            let i = usize::from(k).checked_sub(1)?;
            k = self.next[i];
            Some(i)
        })
    }
}

/// The first byte of each unit (none is empty).
const fn first_bytes<const N: usize>(units: &[&str]) -> [u8; N] {
    let mut out = [0u8; N];
    let mut i = 0;
    while i < N {
        out[i] = units[i].as_bytes()[0];
        i += 1;
    }
    out
}

/// The first byte of each of `RATE_UNITS` (a const fn cannot map the list to its names).
const fn rate_first_bytes<const N: usize>() -> [u8; N] {
    let mut out = [0u8; N];
    let mut i = 0;
    while i < N {
        out[i] = RATE_UNITS[i].0.as_bytes()[0];
        i += 1;
    }
    out
}

static RATES: FirstByte<{ RATE_UNITS.len() }> = FirstByte::new(rate_first_bytes());
static TIMES: FirstByte<{ TIME_UNITS.len() }> = FirstByte::new(first_bytes(TIME_UNITS));

/// The `RATE_UNITS` that `s` starts with, in their order: (unit, whether a peak rate).
pub(super) fn rate_units_at(s: &[u8]) -> impl Iterator<Item = (&'static str, bool)> + '_ {
    RATES
        .starting(s.first())
        .map(|i| RATE_UNITS[i])
        .filter(move |(u, _)| s.starts_with(u.as_bytes()))
}

/// The `TIME_UNITS` that `s` starts with, in their order.
pub(super) fn time_units_at(s: &[u8]) -> impl Iterator<Item = &'static str> + '_ {
    TIMES
        .starting(s.first())
        .map(|i| TIME_UNITS[i])
        .filter(move |u| s.starts_with(u.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The index finds what a scan of the whole list finds, in the same order, at every place
    /// of a text that holds each unit.
    #[test]
    fn the_index_finds_what_a_scan_finds() {
        let mut text = String::new();
        for (u, _) in RATE_UNITS {
            text.push_str(&format!("1 {u} "));
        }
        for u in TIME_UNITS {
            text.push_str(&format!("2 {u}, "));
        }
        let lower = text.to_lowercase();
        for t in [text.as_bytes(), lower.as_bytes()] {
            for at in 0..=t.len() {
                let s = &t[at..];
                let rates: Vec<_> = RATE_UNITS
                    .iter()
                    .copied()
                    .filter(|(u, _)| s.starts_with(u.as_bytes()))
                    .collect();
                assert_eq!(rate_units_at(s).collect::<Vec<_>>(), rates);
                let times: Vec<_> = TIME_UNITS
                    .iter()
                    .copied()
                    .filter(|u| s.starts_with(u.as_bytes()))
                    .collect();
                assert_eq!(time_units_at(s).collect::<Vec<_>>(), times);
            }
        }
    }
}
