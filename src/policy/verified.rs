//! The default `[frontier] verified_pattern`, matched by hand in ASCII text: compiling it (a
//! backtracker and a PikeVM) cost about as much as the rest of the frontier rules on a short
//! list. `Pattern::group_ranges` uses it for exactly this pattern and its `date` group, and
//! a test holds it to the compiled pattern on generated texts; any other pattern (or text
//! that is not ASCII) is compiled as before.

use std::ops::Range;

/// The pattern `dates` matches, as the default policy writes it.
pub(crate) const DEFAULT: &str = r"\bverified(?:\s+on)?\s*:?\s*(?P<date>\d{1,4}[./-]\d{1,2}[./-]\d{1,4}|\d{1,2}\s+[a-z]+\s+\d{4}|[a-z]+\s+\d{1,2},?\s+\d{4})";

/// `\s` in ASCII mode.
fn space(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | 0x0B | 0x0C | b'\r' | b' ')
}

/// `\w` in ASCII mode.
fn word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// The end of the run of bytes from `at` that satisfy `f`.
fn run(s: &[u8], at: usize, f: impl Fn(u8) -> bool) -> usize {
    at + s[at..].iter().take_while(|&&b| f(b)).count()
}

/// The end of the date alternatives matched at `at` (the first that matches, each of which
/// can match in one way only: every repetition is followed by what it cannot match).
fn date(s: &[u8], at: usize) -> Option<usize> {
    let digit = |b: u8| b.is_ascii_digit();
    let sep = |i: usize| matches!(s.get(i), Some(b'.' | b'/' | b'-'));
    // `\d{1,4}` … up to four digits, the rest of a longer run being left
    let digits = |at: usize, max: usize| run(s, at, digit).min(at + max);
    // \d{1,4}[./-]\d{1,2}[./-]\d{1,4}
    let d1 = run(s, at, digit);
    if (1..=4).contains(&(d1 - at)) && sep(d1) {
        let d2 = run(s, d1 + 1, digit);
        if (1..=2).contains(&(d2 - d1 - 1)) && sep(d2) && digits(d2 + 1, 4) > d2 + 1 {
            return Some(digits(d2 + 1, 4));
        }
    }
    // \d{1,2}\s+[a-z]+\s+\d{4}
    if (1..=2).contains(&(d1 - at)) {
        let w1 = run(s, d1, space);
        let l = run(s, w1, |b| b.is_ascii_alphabetic());
        let w2 = run(s, l, space);
        if w1 > d1 && l > w1 && w2 > l && digits(w2, 4) == w2 + 4 {
            return Some(w2 + 4);
        }
    }
    // [a-z]+\s+\d{1,2},?\s+\d{4}
    let l = run(s, at, |b| b.is_ascii_alphabetic());
    let w1 = run(s, l, space);
    let d = run(s, w1, digit);
    if l > at && w1 > l && (1..=2).contains(&(d - w1)) {
        let comma = d + usize::from(s.get(d) == Some(&b','));
        let w2 = run(s, comma, space);
        if w2 > comma && digits(w2, 4) == w2 + 4 {
            return Some(w2 + 4);
        }
    }
    None
}

/// Where the date group of `DEFAULT` lies in each match in the ASCII text `s` (what the
/// compiled pattern's `captures_iter` gives in ASCII mode, case ignored).
pub(crate) fn dates(s: &str) -> Vec<Range<usize>> {
    debug_assert!(s.is_ascii());
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(i) = memchr::memchr2(b'v', b'V', &b[at.min(b.len())..]) {
        let start = at + i;
        at = start + 1;
        let Some(v) = b.get(start..start + 8) else {
            break;
        };
        if !v.eq_ignore_ascii_case(b"verified") || (start > 0 && word(b[start - 1])) {
            continue;
        }
        let after = start + 8;
        // `(?:\s+on)?` is tried first; then `\s*:?\s*` leaves one place for the date: after
        // the colon and the spaces after it, or after the spaces when no colon follows.
        let on = run(b, after, space);
        let with_on = (on > after
            && b.get(on..on + 2)
                .is_some_and(|o| o.eq_ignore_ascii_case(b"on")))
        .then_some(on + 2);
        let found = with_on.into_iter().chain([after]).find_map(|p| {
            let w = run(b, p, space);
            let d = if b.get(w) == Some(&b':') {
                run(b, w + 1, space)
            } else {
                w
            };
            date(b, d).map(|end| d..end)
        });
        if let Some(m) = found {
            at = m.end;
            out.push(m);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::Pattern;

    /// `dates` finds what the compiled pattern finds, on texts made of the pattern's pieces.
    #[test]
    fn dates_are_found_as_the_compiled_pattern_finds_them() {
        let compiled = Pattern::new(DEFAULT).unwrap();
        let pieces = [
            "verified",
            "Verified",
            "VERIFIED",
            "on",
            "On",
            " ",
            "  ",
            "\t",
            "\n",
            "\x0b",
            ":",
            ",",
            ".",
            "/",
            "-",
            "1",
            "12",
            "123",
            "2026",
            "20261",
            "08",
            "3",
            "June",
            "jun",
            "x",
            "_",
            "a",
            "é",
            "unverified",
            "verifiedon",
            "2026-08-23",
            "Aug 3, 2026",
            "3 August 2026",
            "5/6/2026",
        ];
        // a small deterministic generator (xorshift)
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        let mut matched = 0;
        for _ in 0..60_000 {
            let mut text = String::new();
            for _ in 0..next(12) + 1 {
                text.push_str(pieces[next(pieces.len())]);
            }
            if !text.is_ascii() {
                continue;
            }
            let want = compiled.group_ranges_compiled(&text, "date");
            assert_eq!(dates(&text), want, "{text:?}");
            matched += usize::from(!want.is_empty());
        }
        assert!(matched > 1_000, "{matched}");
        let text = "Verified on **2026-08-23**. verified: 3 Aug 2026, verified Aug 3, 2026";
        let got: Vec<&str> = dates(text).into_iter().map(|r| &text[r]).collect();
        assert_eq!(got, ["3 Aug 2026", "Aug 3, 2026"]);
    }

    /// The default policy's pattern is the one `dates` matches by hand: if this fails after a
    /// change of `verified_pattern` in `policy.toml`, change `DEFAULT` and `dates` with it
    /// (the test above checks them), or the frontier rules compile the pattern on every run.
    #[test]
    fn the_default_pattern_is_matched_by_hand() {
        let p = crate::policy::Policy::default_policy();
        let pattern = p
            .frontier
            .verified_pattern
            .expect("a default verified_pattern");
        assert_eq!(pattern.as_str(), DEFAULT);
    }
}
