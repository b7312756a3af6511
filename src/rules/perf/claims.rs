//! Finding performance claims in prose.
//!
//! Detection is a hand-written scanner over a block's prose (code, URLs, HTML and comments are
//! already blanked out by the document model): linear, allocation-light, and no regular
//! expression to compile unless a claim is found. A claim is
//! - a multiplier: `2.3x`, `3×`, `10-100x`, "an order of magnitude", "3 times faster",
//!   "twice as fast", "a speedup of 3.1";
//! - a percentage tied to a performance word in its clause: `38% lower latency`,
//!   `throughput grows by 25%`, `47% MFU`;
//! - a rate: FLOP/s, TFLOPS, GB/s, TB/s, tokens/s, req/s, QPS, samples/s, IOPS…;
//! - a latency stated as a result: `p99 of 12 ms`, `TTFT of 180 ms`.
//!
//! Not claims: years, versions, counts, sizes (`80 GB`), model sizes (`70B`), arXiv ids,
//! dimensions (`4x4`, `8x7B`), device counts (`8x H100`), and numbers that a setting cue
//! marks as part of the set-up (`an SLO of 100 ms`, `an arrival rate of 2 req/s`).

use crate::policy::{PatternList, PerfPolicy};
use std::ops::Range;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClaimKind {
    Multiplier,
    Percent,
    /// A rate; `peak_unit` when it is a compute or bandwidth rate a vendor would quote.
    Rate {
        peak_unit: bool,
    },
    Latency,
}

/// A performance claim in a block's text.
#[derive(Debug, Clone, PartialEq)]
pub struct Claim {
    /// Byte range in the block's text.
    pub range: Range<usize>,
    pub kind: ClaimKind,
    /// The number it states (the upper end of a range; 2 for "twice"), if it states one.
    pub value: Option<f64>,
    /// Its unit as written, lower case: `x`, `%`, `tflop/s`, `ms`; empty for phrases.
    pub unit: String,
    /// Where its cue words are looked for: its clause (a comma-free stretch of a sentence),
    /// cut to a window of a few words either side, in the block's text.
    pub clause: Range<usize>,
}

/// The value and unit of a claim's text (`"10-100x"` → 100, `x`; `"12,000 tokens/s"` →
/// 12000, `tokens/s`).
fn value_and_unit(text: &str, kind: ClaimKind) -> (Option<f64>, String) {
    let lower = text.to_ascii_lowercase();
    if lower.starts_with("twice") {
        return (Some(2.0), "x".into());
    }
    let mut value = None;
    let mut end = 0;
    let b = lower.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() {
            let start = i;
            while i < b.len() && (b[i].is_ascii_digit() || b[i] == b',' || b[i] == b'.') {
                i += 1;
            }
            let digits: String = lower[start..i].chars().filter(|&c| c != ',').collect();
            value = digits.trim_end_matches('.').parse::<f64>().ok().or(value);
            end = i;
            continue;
        }
        // separators of a range: `-`, `–`, `~`, `to`, spaces
        if lower[i..].starts_with("to ") {
            i += 3;
        } else if matches!(b[i], b'-' | b' ' | b'~') || lower[i..].starts_with('–') {
            i += lower[i..].chars().next().map_or(1, char::len_utf8);
        } else {
            break;
        }
    }
    let unit = match kind {
        ClaimKind::Multiplier if value.is_some() => "x".to_string(),
        ClaimKind::Multiplier => String::new(),
        ClaimKind::Percent => "%".to_string(),
        _ => lower[end..].trim().to_string(),
    };
    (value, unit)
}

use super::words::*;

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Words of a lower-cased ASCII-folded text (letters, digits, `-`, `/`, `.` inside).
fn words(s: &str) -> impl Iterator<Item = &str> {
    s.split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '/' || c == '.' || c == '_'))
        .map(|w| w.trim_matches(|c| c == '.' || c == '-'))
        .filter(|w| !w.is_empty())
}

fn has_word(s: &str, list: &[&str]) -> bool {
    words(s).any(|w| list.contains(&w))
}

fn has_stem(s: &str, stems: &[&str]) -> bool {
    words(s).any(|w| stems.iter().any(|st| w.starts_with(st)))
}

/// Clause boundaries: sentence ends, `;`, `,`, parentheses, ` - ` separators and line
/// breaks, computed once per text so that finding a claim's clause is a binary search.
struct Clauses {
    ends: Vec<usize>,
    len: usize,
}

/// How far around a claim cue words are looked for: a few words, so that a clause of a
/// megabyte costs no more per claim than a sentence.
const WINDOW: usize = 120;

impl Clauses {
    fn new(lower: &[u8]) -> Clauses {
        let is_end = |i: usize| -> bool {
            let b = lower[i];
            match b {
                b';' | b',' | b'(' | b')' | b'\n' | b'|' => {
                    // a thousands separator is not a clause end
                    !(b == b','
                        && i > 0
                        && i + 1 < lower.len()
                        && lower[i - 1].is_ascii_digit()
                        && lower[i + 1].is_ascii_digit())
                }
                b'.' | b'!' | b'?' | b':' => i + 1 >= lower.len() || lower[i + 1] == b' ',
                b'-' => {
                    i > 0 && i + 1 < lower.len() && lower[i - 1] == b' ' && lower[i + 1] == b' '
                }
                _ => false,
            }
        };
        Clauses {
            ends: (0..lower.len()).filter(|&i| is_end(i)).collect(),
            len: lower.len(),
        }
    }

    /// The clause around `at`.
    fn of(&self, at: usize) -> Range<usize> {
        let k = self.ends.partition_point(|&e| e < at);
        let start = if k == 0 { 0 } else { self.ends[k - 1] + 1 };
        let end = self.ends.get(k).copied().unwrap_or(self.len);
        start..end.max(start)
    }

    /// The clause around `range`, cut to `WINDOW` bytes either side (on character boundaries).
    fn window(&self, text: &str, range: &Range<usize>) -> Range<usize> {
        let c = self.of(range.start);
        let s =
            crate::lines::ceil_char_boundary(text, c.start.max(range.start.saturating_sub(WINDOW)));
        let e = crate::lines::floor_char_boundary(text, c.end.min(range.end + WINDOW));
        s..e.max(s)
    }
}

/// A number at `i` (digits, `,` thousands, `.` decimals), optionally a range (`10-100`), and
/// where it ends.
fn number_at(b: &[u8], i: usize) -> Option<usize> {
    let digits = |mut j: usize| -> usize {
        while j < b.len()
            && (b[j].is_ascii_digit()
                || ((b[j] == b',' || b[j] == b'.')
                    && j + 1 < b.len()
                    && b[j + 1].is_ascii_digit()
                    && j > 0
                    && b[j - 1].is_ascii_digit()))
        {
            j += 1;
        }
        j
    };
    let mut j = digits(i);
    if j == i {
        return None;
    }
    // a range: 10-100, 12–55 (en dash is 3 bytes)
    for sep in ["-", "–", " to "] {
        let sb = sep.as_bytes();
        if b[j..].starts_with(sb) && b.get(j + sb.len()).is_some_and(u8::is_ascii_digit) {
            j = digits(j + sb.len());
            break;
        }
    }
    Some(j)
}

fn skip_space(b: &[u8], mut j: usize) -> usize {
    if j < b.len() && b[j] == b' ' {
        j += 1;
    }
    j
}

fn next_word(lower: &str, from: usize) -> &str {
    let rest = lower[from..].trim_start();
    let end = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '-'))
        .unwrap_or(rest.len());
    &rest[..end]
}

fn any_match(patterns: &PatternList, s: &str) -> bool {
    patterns.is_match(s)
}

/// Every performance claim in `text`, in order. Linear in the length of the text: each claim
/// looks at a bounded window around it.
pub fn find_claims(text: &str, vocab: &PerfPolicy) -> Vec<Claim> {
    let lower_s = text.to_ascii_lowercase();
    let lower = lower_s.as_bytes();
    let clauses = Clauses::new(lower);
    let claim = |range: Range<usize>, kind: ClaimKind| {
        let (value, unit) = value_and_unit(&text[range.clone()], kind);
        Claim {
            clause: clauses.window(&lower_s, &range),
            range,
            kind,
            value,
            unit,
        }
    };
    let mut numeric: Vec<Claim> = Vec::new();
    let mut i = 0;
    while i < lower.len() {
        let b = lower[i];
        let word_start = i == 0
            || !(is_word_byte(lower[i - 1])
                || lower[i - 1] == b'.'
                || (lower[i - 1] == b'-' && i > 1 && is_word_byte(lower[i - 2])));
        if !b.is_ascii_digit() || !word_start {
            i += 1;
            continue;
        }
        let Some(num_end) = number_at(lower, i) else {
            i += 1;
            continue;
        };
        let after = skip_space(lower, num_end);
        let rest = &lower[after..];
        // multiplier: 2.3x, 3×, 10-100x
        let x_len = if rest.first() == Some(&b'x') {
            1
        } else if rest.starts_with("×".as_bytes()) {
            2
        } else {
            0
        };
        if x_len > 0 {
            let end = after + x_len;
            let boundary = lower.get(end).is_none_or(|c| !is_word_byte(*c));
            let dimension = lower
                .get(skip_space(lower, end))
                .is_some_and(u8::is_ascii_digit);
            if boundary && !dimension {
                let nw = next_word(&lower_s, end);
                let device_count = COUNT_NOUNS.contains(&nw)
                    || (!nw.is_empty()
                        && !SPEED_WORDS.contains(&nw)
                        && any_match(&vocab.hardware, nw));
                if !device_count {
                    numeric.push(claim(i..end, ClaimKind::Multiplier));
                }
            }
            i = end;
            continue;
        }
        // percentage tied to a performance word near it, in its clause
        if rest.first() == Some(&b'%') || rest.starts_with(b"percent") {
            let end = after + if rest[0] == b'%' { 1 } else { 7 };
            let w = &lower_s[clauses.window(&lower_s, &(i..end))];
            let perf = has_word(w, SPEED_WORDS)
                || has_word(w, UTILIZATION_WORDS)
                || w.contains("of peak")
                || (has_stem(w, DIRECTION_STEMS) && has_word(w, PERF_NOUNS));
            if perf {
                numeric.push(claim(i..end, ClaimKind::Percent));
            }
            i = end;
            continue;
        }
        // rate: an optional k/M/G multiplier, then a unit; not when a setting cue precedes it
        let mut u = after;
        if u < lower.len()
            && matches!(lower[u], b'k' | b'm' | b'g')
            && lower.get(u + 1).is_some_and(|c| *c == b' ' || *c == b'/')
        {
            u = skip_space(lower, u + 1);
        }
        if let Some(&(unit, peak)) = RATE_UNITS.iter().find(|(unit, _)| {
            lower[u..].starts_with(unit.as_bytes())
                && lower.get(u + unit.len()).is_none_or(|c| !is_word_byte(*c))
        }) {
            let end = u + unit.len();
            let w = clauses.window(&lower_s, &(i..end));
            if !any_match(&vocab.setting_cues, &lower_s[w.start..i]) {
                numeric.push(claim(i..end, ClaimKind::Rate { peak_unit: peak }));
            }
            i = end;
            continue;
        }
        // latency: a time unit with a latency cue and no setting cue nearby
        if let Some(unit) = TIME_UNITS.iter().find(|unit| {
            lower[after..].starts_with(unit.as_bytes())
                && lower
                    .get(after + unit.len())
                    .is_none_or(|c| !is_word_byte(*c))
        }) {
            let end = after + unit.len();
            let w = &lower_s[clauses.window(&lower_s, &(i..end))];
            let cue = has_word(w, LATENCY_CUES)
                || w.contains("time to first token")
                || w.contains("time-to-first-token");
            if cue && !any_match(&vocab.setting_cues, w) {
                numeric.push(claim(i..end, ClaimKind::Latency));
            }
            i = end;
            continue;
        }
        // "a speedup of 3.1"
        let head = lower_s[crate::lines::floor_char_boundary(&lower_s, i.saturating_sub(20))..i]
            .trim_end();
        if head.ends_with("speedup of") || head.ends_with("speed-up of") {
            numeric.push(claim(i..num_end, ClaimKind::Multiplier));
        }
        // "3 times faster"
        let k = skip_space(lower, num_end);
        if lower_s[k..].starts_with("times ") {
            let cw = next_word(&lower_s, k + 6);
            if COMPARATIVES.contains(&cw) {
                let end = k + 6 + lower_s[k + 6..].find(cw).unwrap_or(0) + cw.len();
                numeric.push(claim(i..end, ClaimKind::Multiplier));
            }
        }
        i = num_end.max(i + 1);
    }
    // Phrases without digits: "an order of magnitude", "five times faster", "twice as fast".
    let mut phrases: Vec<Claim> = Vec::new();
    if lower_s.contains("magnitude") || lower_s.contains("times") || lower_s.contains("twice") {
        for phrase in [
            "orders of magnitude",
            "order of magnitude",
            "order-of-magnitude",
        ] {
            for (at, _) in lower_s.match_indices(phrase) {
                phrases.push(claim(at..at + phrase.len(), ClaimKind::Multiplier));
            }
        }
        for w in NUMBER_WORDS.iter().chain(&["twice"]) {
            for (at, _) in lower_s.match_indices(w) {
                let from = at + w.len();
                if (at > 0 && is_word_byte(lower[at - 1]))
                    || lower.get(from).is_some_and(|c| is_word_byte(*c))
                {
                    continue;
                }
                let rest = &lower_s[from..];
                let rest_t = rest.trim_start();
                let (lead, ok_words): (&str, &[&str]) = if *w == "twice" {
                    (
                        "as ",
                        &["fast", "quick", "much", "many", "high", "efficient"],
                    )
                } else {
                    ("times ", COMPARATIVES)
                };
                if !rest_t.starts_with(lead) {
                    continue;
                }
                let next = next_word(rest_t, lead.len());
                if !ok_words.contains(&next) {
                    continue;
                }
                let off = from + (rest.len() - rest_t.len());
                let end =
                    off + lead.len() + rest_t[lead.len()..].find(next).unwrap_or(0) + next.len();
                phrases.push(claim(at..end, ClaimKind::Multiplier));
            }
        }
    }
    if phrases.is_empty() {
        return dedup(numeric);
    }
    phrases.sort_by_key(|c| c.range.start);
    numeric.extend(phrases);
    numeric.sort_by_key(|c| (c.range.start, std::cmp::Reverse(c.range.end)));
    dedup(numeric)
}

/// Drops claims that overlap an earlier one (input sorted by start).
fn dedup(claims: Vec<Claim>) -> Vec<Claim> {
    let mut out: Vec<Claim> = Vec::with_capacity(claims.len());
    for c in claims {
        if out.last().is_none_or(|l| l.range.end <= c.range.start) {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn claims_carry_value_and_unit() {
        let vocab = crate::policy::Policy::default_policy().perf;
        let got: Vec<(String, Option<f64>, String)> = find_claims(
            "10-100x faster; 12,000 tokens/s; 38% lower latency; p99 of 12 ms; twice as fast",
            &vocab,
        )
        .into_iter()
        .map(|c| (format!("{:?}", c.kind), c.value, c.unit))
        .collect();
        assert_eq!(
            got,
            [
                ("Multiplier".into(), Some(100.0), "x".into()),
                (
                    "Rate { peak_unit: false }".into(),
                    Some(12000.0),
                    "tokens/s".into()
                ),
                ("Percent".into(), Some(38.0), "%".into()),
                ("Latency".into(), Some(12.0), "ms".into()),
                ("Multiplier".into(), Some(2.0), "x".into()),
            ]
        );
    }

    #[test]
    fn never_slices_inside_a_character() {
        let vocab = crate::policy::Policy::default_policy().perf;
        let pieces = [
            "框",
            "🔥",
            "é",
            "2.3x",
            "45% lower latency",
            " speedup of 3",
            "12 ms p99",
            " ",
            "x",
            "%",
            "-",
            "twice as fast",
            "3 times faster",
        ];
        for a in pieces {
            for b in pieces {
                for c in pieces {
                    let s = format!("{a}{b}{c}{a}");
                    for cut in 0..s.len() {
                        if s.is_char_boundary(cut) {
                            let _ = find_claims(&s[cut..], &vocab);
                        }
                    }
                }
            }
        }
    }
}
