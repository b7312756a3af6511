//! The forms a number takes when it is a claim and when it is not: "N times" after a
//! comparative or "reduction of", device counts and data-type ratios after a multiplier,
//! percentages tied to performance (the claims written without digits are
//! found in `claims`).

use super::fields::Field;
use super::text::*;
use super::vocab::{States, Vocabulary};
use super::words::*;

/// Up to `n` bytes of `text` from `at`, cut on a character boundary.
fn ahead(text: &str, at: usize, n: usize) -> &str {
    &text[at..crate::lines::floor_char_boundary(text, (at + n).min(text.len())).max(at)]
}

/// The end of "N times" as a claim at `start` (`times` at `k`): "3 times faster", or after
/// "reduction of", "by (up to)", "factor of".
pub(super) fn times_claim(lower: &str, start: usize, k: usize, states: States) -> Option<usize> {
    let times_end = k + "times".len();
    if lower
        .as_bytes()
        .get(times_end)
        .is_some_and(|c| is_word_byte(*c))
    {
        return None;
    }
    let (cs, cw) = word_after(lower, times_end);
    if COMPARATIVES.contains(&cw) {
        return (!is_data_type_ratio(lower, start, times_end, cw, states)).then_some(cs + cw.len());
    }
    let mut to = start;
    for _ in 0..4 {
        let (s, w) = word_before(lower, to);
        match w {
            "by" | "reduction" | "improvement" | "factor" | "increase" | "decrease" => {
                return Some(times_end)
            }
            "up" | "to" | "of" | "as" | "much" | "about" | "around" | "roughly" | "nearly" => {
                to = s
            }
            _ => return None,
        }
    }
    None
}

/// Whether the multiplier `start..end` counts devices ("8x H100", "2x RTX 4090", "two 8x
/// trays") or states a ratio a data type fixes ("a 4x smaller data type") rather than a result.
pub(super) fn is_count_or_ratio(
    lower: &str,
    start: usize,
    end: usize,
    decimal: bool,
    states: States,
) -> bool {
    let next: Vec<&str> = words(ahead(lower, end, 80)).take(5).collect();
    let Some(&first) = next.first() else {
        return false;
    };
    if COMPARATIVES.contains(&first) || SPEED_WORDS.contains(&first) {
        // a size ratio fixed by a data type
        return is_data_type_ratio(lower, start, end, first, states);
    }
    if first == "compression" {
        return true;
    }
    // a device count is a whole number: "8.8x CPU inference speedup" compares
    if decimal {
        return false;
    }
    if first == "the" && next.get(1).is_some_and(|w| ["dense", "sparse"].contains(w)) {
        return true;
    }
    // a device (skipping vendor words) or a counted noun directly after the number
    let k = next
        .iter()
        .position(|w| !VENDOR_WORDS.contains(w))
        .unwrap_or(next.len());
    let device = next.get(k).is_some_and(|w| {
        states(Vocabulary::Field(Field::Hardware), w)
            || COUNT_NOUNS.contains(w)
            || (k > 0 && states(Vocabulary::Field(Field::Hardware), &format!("{} {w}", next[k - 1])))
            || (w.bytes().all(|c| c.is_ascii_digit())
                && next.get(k + 1).is_some_and(|n| COUNT_NOUNS.contains(n)))
            // a model number after a vendor: "64× Ascend 950DT"
            || (k > 0 && w.bytes().any(|c| c.is_ascii_digit()))
    });
    if !device {
        return false;
    }
    if COUNT_NOUNS.contains(&next[k]) {
        return true;
    }
    // "6.7x A100", "1.5x H100 throughput", "speed 2x A100": a comparison with that device
    let compared_after = next
        .get(k + 1..)
        .is_some_and(|ws| ws.iter().take(2).any(|w| COMPARED_NOUNS.contains(w)));
    let speed_before = {
        let (_, w) = word_before(lower, start);
        SPEED_WORDS.contains(&w) || COMPARED_NOUNS.contains(&w)
    };
    if next.get(k + 1).is_some_and(|w| COUNT_NOUNS.contains(w)) {
        return true;
    }
    !(decimal || compared_after || speed_before)
}

/// Whether a size ratio ("4x smaller", "4 times smaller") follows from a data type: its clause
/// names a precision, a data type or quantization ("INT4 is a 4x smaller data type", "your
/// weights are 3x smaller because they are quantized").
fn is_data_type_ratio(lower: &str, start: usize, end: usize, word: &str, states: States) -> bool {
    if !["smaller", "larger", "bigger"].contains(&word) {
        return false;
    }
    let from = crate::lines::ceil_char_boundary(lower, start.saturating_sub(WINDOW));
    let to = crate::lines::floor_char_boundary(lower, (end + WINDOW).min(lower.len()));
    let clause = &lower[lower[from..start]
        .rfind([',', ';', '(', ':', '.'])
        .map_or(from, |p| from + p + 1)
        ..lower[end..to].find([',', ';', ')']).map_or(to, |p| end + p)];
    clause.contains("data type")
        || clause.contains("by construction")
        || clause.contains("quantiz")
        || states(Vocabulary::Field(Field::Precision), clause)
}

/// Whether the percentage `start..end` states performance: a speed word, utilisation or a
/// direction with a performance noun in its clause, "N% <comparative> than" in a sentence
/// about performance, or "N% of <something's> throughput".
pub(super) fn is_perf_percent(lower: &str, seg: &Segments, start: usize, end: usize) -> bool {
    let (s1, next) = word_after(lower, end);
    // "matches cuDNN within 5%", "within 3% of the CUDA version", not "within 1% of FP8
    // accuracy"
    if word_before(lower, start).1 == "within" {
        return !has_word(&lower[seg.sentence(lower, &(start..end))], QUALITY_WORDS);
    }
    if next == "of" && lower[s1..].starts_with("of the time") {
        return false;
    }
    if next == "of" {
        // "93% of cuBLAS throughput", "71% of theoretical peak", not "64% of respondents"
        let after: Vec<&str> = words(ahead(lower, s1 + 2, 60)).take(4).collect();
        return after
            .iter()
            .any(|w| PERF_NOUNS.contains(w) || UTILIZATION_WORDS.contains(w));
    }
    if NOT_PERF_AFTER.contains(&next) {
        return false;
    }
    let w = &lower[seg.clause(lower, &(start..end))];
    if has_word(w, SPEED_WORDS)
        || has_word(w, UTILIZATION_WORDS)
        || w.contains("of peak")
        || ((has_stem(w, DIRECTION_STEMS) || has_word(w, DIRECTION_WORDS))
            && has_word(w, PERF_NOUNS))
    {
        return true;
    }
    if COMPARATIVES.contains(&next) && word_after(lower, s1 + next.len()).1 == "than" {
        let s = &lower[seg.sentence(lower, &(start..end))];
        return has_word(s, PERF_NOUNS) || RATE_UNITS.iter().any(|(u, _)| s.contains(u));
    }
    false
}
