//! The forms a number takes when it is a claim and when it is not: "N times" after a
//! comparative or "reduction of", device counts and data-type ratios after a multiplier,
//! percentages tied to performance (the claims written without digits are
//! found in `claims`).

use super::fields::Field;
use super::peak_words::reference_before;
use super::text::*;
use super::vocab::{States, Vocabulary};
use super::words::*;
use std::ops::Range;

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
    if counts_work(lower, times_end) {
        return None;
    }
    if COMPARATIVES.contains(&cw) {
        return (!is_data_type_ratio(lower, start, times_end, cw, states)).then_some(cs + cw.len());
    }
    // "2.4 times as fast as the XTX" (not "3 times as many steps")
    if cw == "as" {
        let (s2, w2) = word_after(lower, cs + cw.len());
        if matches!(w2, "fast" | "quick" | "quickly" | "efficient" | "high")
            && word_after(lower, s2 + w2.len()).1 == "as"
        {
            return Some(s2 + w2.len());
        }
    }
    // "4 times the throughput of `str::parse`": a result set against another's
    if cw == "the" {
        let next = word_after(lower, cs + cw.len()).1;
        if PERF_NOUNS.contains(&next) || COMPARED_NOUNS.contains(&next) {
            return Some(times_end);
        }
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

/// Whether the ratio ending at `end` counts work an algorithm does rather than measures it
/// ("3-4x more matmuls than inference", "3x fewer operations", "2x times of `matmul`s", the
/// name in code leaving a lone plural "s" in the prose): an analytical count, a property of
/// the design, not a result.
pub(super) fn counts_work(lower: &str, end: usize) -> bool {
    let mut ws = words(ahead(lower, end, 80)).take(6).skip_while(|w| {
        matches!(
            *w,
            "more" | "fewer" | "less" | "times" | "of" | "the" | "additional"
        )
    });
    let counted = ws
        .next()
        .is_some_and(|w| WORK_NOUNS.contains(&w) || w == "s");
    // "2x more operations per second" is a rate
    counted && !matches!(ws.next(), Some("per" | "/s"))
}

/// Whether the multiplier `start..end` sets a parameter of the run or the model rather than
/// states a result: "4x gradient accumulation", "2x the batch size", "4x the hidden size", "set
/// to 2x" (not "2x batch throughput", nor "14x larger batch", a comparative).
fn sets_config(lower: &str, start: usize, end: usize) -> bool {
    let next: Vec<&str> = words(ahead(lower, end, 60)).take(4).collect();
    let k = usize::from(next.first() == Some(&"the"));
    // "2x data parallelism", "4x gradient accumulation"; not "2x batch throughput"
    let noun = next.get(k).is_some_and(|w| {
        CONFIG_NOUNS.contains(w)
            || (matches!(*w, "data" | "tensor" | "pipeline" | "expert" | "sequence")
                && next.get(k + 1).is_some_and(|n| n.starts_with("parallel")))
    });
    let config = noun
        && next
            .get(k + 1)
            .is_none_or(|w| !PERF_NOUNS.contains(w) && !SPEED_WORDS.contains(w));
    let (s1, w1) = word_before(lower, start);
    let set = (w1 == "to"
        && matches!(word_before(lower, s1).1, "set" | "configured" | "configure"))
        // ("the full set 17x faster than pandas": a set of queries, then a result)
        || (matches!(w1, "set" | "configured")
            && !next.first().is_some_and(|w| COMPARATIVES.contains(w)));
    // "the dictionary builder targets a 4x ratio": a value aimed at
    let aimed = {
        let w = if matches!(w1, "a" | "an" | "the") {
            word_before(lower, s1).1
        } else {
            w1
        };
        matches!(w, "targets" | "target" | "targeting" | "targeted")
    };
    config || set || aimed
}

/// Whether a word after a change names what a gate allows ("a 5% regression budget", "the 2%
/// slowdown threshold"): a setting, no result.
fn allowance(w: &str) -> bool {
    matches!(
        w,
        "budget"
            | "budgets"
            | "target"
            | "threshold"
            | "limit"
            | "gate"
            | "tolerance"
            | "allowance"
    )
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
    if counts_work(lower, end) || sets_config(lower, start, end) {
        return true;
    }
    // "cut the number of memory instructions by 8x": a count of work, before the multiplier
    {
        let from = crate::lines::ceil_char_boundary(lower, start.saturating_sub(80));
        let head = &lower[from..start];
        let clause = head.rfind([',', ';', '.']).map_or(head, |p| &head[p + 1..]);
        if clause.contains("number of") && clause.trim_end().ends_with(" by") {
            return true;
        }
    }
    // a compression ratio is a design parameter: "Compression ratio: 3.2x", "compresses the
    // cache by 4x"
    {
        let from = crate::lines::ceil_char_boundary(lower, start.saturating_sub(48));
        // within the claim's clause ("KV compression, 8x cache reduction" is a result)
        let head = &lower[from..start];
        let head = head
            .rfind([',', ';', '(', ')', '.'])
            .map_or(head, |p| &head[p + 1..]);
        let all: Vec<&str> = words(head).collect();
        let before: Vec<&str> = all.iter().rev().take(4).copied().collect();
        let k = before.iter().position(|w| {
            !matches!(
                *w,
                "ratio"
                    | "of"
                    | "is"
                    | "rate"
                    | "factor"
                    | "by"
                    | "up"
                    | "to"
                    | "about"
                    | "roughly"
                    | "around"
                    | "a"
                    | "an"
                    | "the"
                    | "cache"
                    | "kv"
                    | "weights"
            )
        });
        // (not a speed: "compressing 1.3x faster than zstd")
        let speed = matches!(
            word_after(lower, end).1,
            "faster" | "slower" | "quicker" | "speedup" | "speed-up"
        );
        if !speed && k.is_some_and(|k| before[k].starts_with("compress")) {
            return true;
        }
    }
    // "it also costs 17x as much per hour": a ratio of prices, not of performance
    {
        let more: Vec<&str> = words(ahead(lower, end, 60)).take(6).collect();
        let per_time = more.windows(2).any(|p| {
            matches!(p[0], "per" | "an" | "a" | "each")
                && matches!(p[1], "hour" | "hr" | "month" | "day" | "year")
        });
        let from = crate::lines::ceil_char_boundary(lower, start.saturating_sub(40));
        let head = &lower[from..start];
        let priced = words(head).chain(more.iter().copied()).any(|w| {
            matches!(
                w,
                "cost" | "costs" | "costing" | "price" | "priced" | "pricier" | "expensive"
            )
        });
        if per_time && priced {
            return true;
        }
    }
    // "a 4x larger effective cache": a size, not a speed
    if matches!(first, "larger" | "bigger")
        && next
            .iter()
            .skip(1)
            .take(2)
            .any(|w| MEMORY_WORDS.contains(w) || matches!(*w, "context" | "vocabulary"))
    {
        return true;
    }
    if COMPARATIVES.contains(&first) || SPEED_WORDS.contains(&first) {
        // a size ratio fixed by a data type
        return is_data_type_ratio(lower, start, end, first, states);
    }
    // "compression" ratios ("4x compressed weights"); a multiplier used as a verb ("you'd 2x
    // it for the pair")
    if matches!(first, "compression" | "compressed" | "it" | "them") {
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
    // ("4× used RTX 3090s": a word of the devices' state may come first)
    let k = next
        .iter()
        .position(|w| {
            !VENDOR_WORDS.contains(w)
                && !matches!(
                    *w,
                    "used" | "refurbished" | "second-hand" | "spare" | "identical" | "older"
                )
        })
        .unwrap_or(next.len());
    let device = next.get(k).is_some_and(|w| {
        states(Vocabulary::Field(Field::Hardware), w)

            || COUNT_NOUNS.contains(w)
            || (k > 0 && states(Vocabulary::Field(Field::Hardware), &format!("{} {w}", next[k - 1])))
            || (w.bytes().all(|c| c.is_ascii_digit())
                && next.get(k + 1).is_some_and(|n| COUNT_NOUNS.contains(n)))
            // a model number after a vendor: "64× Ascend 950DT"
            || (k > 0 && w.bytes().any(|c| c.is_ascii_digit()))
            // a part's model code: "8× Thor2", "8x ConnectX-7"
            || (w.starts_with(|c: char| c.is_ascii_alphabetic())
                && w.bytes().any(|c| c.is_ascii_digit())
                && w.len() >= 4)
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

/// Whether the percentage `start..end` (clause `clause`) is a gain in quality rather than in
/// performance: its clause names only a generic gain ("improvement", "gains", "boost") and its
/// sentence is about a score ("Pass@1 rises to 67% on HumanEval, a 12% improvement"), with no
/// performance noun, speed word or rate in it.
fn quality_gain(
    lower: &str,
    seg: &Segments,
    (start, end): (usize, usize),
    clause: &str,
    states: States,
) -> bool {
    const GENERIC: &[&str] = &[
        "improvement",
        "improvements",
        "improved",
        "gain",
        "gains",
        "boost",
        "boosts",
    ];
    let generic = words(clause).any(|w| GENERIC.contains(&w))
        && !words(clause).any(|w| SPEED_WORDS.contains(&w) && !GENERIC.contains(&w));
    if !generic {
        return false;
    }
    let s = &lower[seg.sentence(lower, &(start..end))];
    let score = has_word(s, SCORE_WORDS) || s.contains("pass@") || s.contains("win rate");
    // a score kept ("with no accuracy loss") is the correctness of a speed gain
    // (not a score of a benchmark that scores speed: "scores 14% higher on Speedometer 3.0")
    score
        && !words(s).any(|w| SCORED_BENCHMARKS.contains(&w))
        && !states(Vocabulary::Field(Field::Correctness), s)
        && !has_word(s, PERF_NOUNS)
        && !has_word(s, UTILIZATION_WORDS)
        && !RATE_UNITS.iter().any(|(u, _)| s.contains(u))
        && !words(s).any(|w| SPEED_WORDS.contains(&w) && !GENERIC.contains(&w))
}

/// Whether the percentage `start..end` states performance: a speed word, utilisation or a
/// direction with a performance noun in its clause, "N% <comparative> than" in a sentence
/// about performance, or "N% of <something's> throughput".
/// Verbs before a share that state it was measured: "reaches 93% of cuBLAS".
const REACH_VERBS: &[&str] = &[
    "reach",
    "achieve",
    "sustain",
    "reaches",
    "reached",
    "reaching",
    "achieves",
    "achieved",
    "achieving",
    "sustains",
    "sustained",
    "sustaining",
    "attains",
    "attained",
    "hits",
    "delivers",
    "delivering",
    "gets",
];

/// Where the hedge before a number starts ("about 93%", "roughly 93%"), else the number.
fn quantified_start(lower: &str, start: usize) -> usize {
    let (s, w) = word_before(lower, start);
    if matches!(
        w,
        "about" | "roughly" | "around" | "nearly" | "almost" | "over" | "up" | "~"
    ) {
        s
    } else if w == "to" && word_before(lower, s).1 == "up" {
        // "reaches up to 73% of theoretical max FLOPs/s"
        word_before(lower, s).0
    } else {
        start
    }
}

/// The noun a value at `at` is said of: "the gap is only", "a gap of", "goodput (useful time
/// over wall time) was" (an aside in brackets skipped).
fn subject_of(lower: &str, at: usize) -> &str {
    let mut head = lower[..at].trim_end();
    for _ in 0..2 {
        let (s, w) = word_before(head, head.len());
        if matches!(
            w,
            "is" | "was" | "of" | "now" | "only" | "just" | "stays" | "stayed"
        ) {
            head = head[..s].trim_end();
        }
    }
    if let Some(h) = head.strip_suffix(')') {
        if let Some(open) = h.rfind('(').filter(|&o| h.len() - o <= 80) {
            head = h[..open].trim_end();
        }
    }
    word_before(head, head.len()).1
}

pub(super) fn is_perf_percent(
    lower: &str,
    seg: &Segments,
    start: usize,
    end: usize,
    states: States,
) -> bool {
    // "cosine decay to 10% of peak": a learning-rate schedule
    if has_word(
        &lower[seg.sentence(lower, &(start..end))],
        &["decay", "warm-up", "warmup", "lr"],
    ) || lower[seg.sentence(lower, &(start..end))].contains("learning rate")
    {
        return false;
    }
    // "target utilisation 70%", "a threshold of 80%": a share a setting names (not "beat the
    // target by 12%")
    {
        let q = quantified_start(lower, start);
        let c = seg.clause(lower, &(start..end));
        let head: Vec<&str> = words(&lower[c.start.min(q)..q]).collect();
        if head.last() != Some(&"by")
            && head.iter().rev().take(3).any(|w| {
                matches!(
                    *w,
                    "target" | "targets" | "threshold" | "thresholds" | "budget" | "cap" | "capped"
                )
            })
        {
            return false;
        }
        // ("fell below the 30% bad-behaviour threshold": the threshold named after it)
        if matches!(head.last(), Some(&("the" | "a" | "its" | "our")))
            && words(ahead(lower, end, 40))
                .take(3)
                .any(|w| matches!(w, "threshold" | "target" | "budget" | "limit" | "cap"))
        {
            return false;
        }
    }
    let (s1, next) = word_after(lower, end);
    // "is worth about 10%": what a change gained
    {
        let (s0, w) = word_before(lower, start);
        let w = if matches!(
            w,
            "about" | "roughly" | "around" | "nearly" | "almost" | "~"
        ) {
            word_before(lower, s0).1
        } else {
            w
        };
        // (not "worth 12% of the course grade": a share of marks)
        let of_marks = next == "of"
            && words(ahead(lower, s1 + 2, 40)).take(3).any(|w| {
                matches!(
                    w,
                    "grade" | "grades" | "marks" | "mark" | "points" | "credit" | "credits"
                )
            });
        if w == "worth" && !of_marks {
            return true;
        }
    }
    // "compile time for a full build goes up by about 2%", "step time went down by 9%": the
    // change of a measure named in its clause
    {
        let q = quantified_start(lower, start);
        let (s0, by) = word_before(lower, q);
        let way = word_before(lower, s0).1;
        let c = seg.clause(lower, &(start..end));
        if by == "by"
            && matches!(way, "up" | "down")
            && has_word(&lower[c.start.min(q)..q], super::words::PERF_NOUNS)
        {
            return true;
        }
    }
    // "The match finder is 40% of the time", "accounts for 31% of step time": a part's share
    // of a run's time, as a profile breaks it down (not "works 90% of the time")
    if next == "of" {
        let (s0, w) = word_before(lower, quantified_start(lower, start));
        let w = if w == "for" && word_before(lower, s0).1.starts_with("account") {
            "accounts"
        } else {
            w
        };
        let of_time = words(ahead(lower, s1 + next.len(), 40)).take(4).any(|w| {
            matches!(
                w,
                "time" | "runtime" | "wall-clock" | "cycles" | "samples" | "step" | "frame"
            )
        });
        if of_time
            && matches!(
                w,
                "is" | "was"
                    | "are"
                    | "were"
                    | "takes"
                    | "took"
                    | "accounts"
                    | "spends"
                    | "spent"
                    | "eats"
                    | "ate"
                    | "consumes"
                    | "consumed"
            )
        {
            return true;
        }
    }
    // "+7.4% geomean on SPEC CPU2017": a signed change a suite's mean states
    if lower[..start].ends_with(['+', '-', '−'])
        && matches!(next, "geomean" | "geometric" | "geo-mean" | "gmean")
    {
        return true;
    }
    // "took 212 s, 9% longer than in 24.1": a time's change against an earlier run
    if matches!(next, "longer" | "shorter") && word_after(lower, s1 + next.len()).1 == "than" {
        return true;
    }
    // "trimmed 4% off cold start", "took 40% off the build": a share taken off a time
    if next == "off" {
        let (_, w) = word_before(lower, quantified_start(lower, start));
        if has_stem(w, DIRECTION_STEMS)
            || matches!(
                w,
                "took" | "takes" | "take" | "shaved" | "shaves" | "knocked" | "knocks"
            )
        {
            return true;
        }
    }
    // "saved 4–5% on the forward pass", "saves 7% per step": a share of a run's time saved
    if matches!(next, "on" | "per" | "in" | "across") {
        let (_, verb) = word_before(lower, quantified_start(lower, start));
        if matches!(
            verb,
            "saved" | "saves" | "save" | "saving" | "shaved" | "shaves" | "trimmed" | "trims"
        ) && words(ahead(lower, s1 + next.len(), 40)).take(4).any(|w| {
            matches!(
                w,
                "pass"
                    | "step"
                    | "iteration"
                    | "epoch"
                    | "frame"
                    | "run"
                    | "build"
                    | "query"
                    | "batch"
                    | "inference"
                    | "request"
                    | "token"
                    | "kernel"
                    | "launch"
            )
        }) {
            return true;
        }
    }
    // "Jank went from 7.4% of frames to 2.2%": the share of frames that missed their deadline
    // ("communication takes 38% of the step": a run's time spent on one part)
    if next == "of" {
        let (ts, t) = word_after(lower, s1 + 2);
        // ("spent 23% of each step waiting on the loader")
        let what = if matches!(t, "the" | "each" | "every") {
            word_after(lower, ts + t.len()).1
        } else {
            t
        };
        let (_, verb) = word_before(lower, quantified_start(lower, start));
        if (what == "frames"
            && has_word(
                &lower[seg.sentence(lower, &(start..end))],
                &["jank", "janky", "dropped", "stutter", "stutters", "missed"],
            ))
            || (matches!(
                what,
                "step" | "iteration" | "frame" | "runtime" | "wall-clock"
            ) && matches!(
                verb,
                "takes" | "took" | "take" | "spends" | "spent" | "eats" | "ate" | "consumes"
            ))
        {
            return true;
        }
    }
    // "7% below the partition median", "3% above the fleet average": a result set against the
    // others' middle
    if matches!(next, "below" | "above" | "under" | "over") {
        let ws: Vec<&str> = words(ahead(lower, s1 + next.len(), 40)).take(4).collect();
        if ws.first() == Some(&"the")
            && ws[1..]
                .iter()
                .take(2)
                .any(|w| matches!(*w, "median" | "mean" | "average"))
        {
            return true;
        }
    }
    // "is 79.2% of the CPU partition's Rpeak": a share of the machine's theoretical peak
    if next == "of"
        && words(ahead(lower, s1 + 2, 80))
            .take(8)
            .any(|w| matches!(w, "rpeak" | "rmax"))
    {
        return true;
    }
    // "at 99% of its 6,900 MB/s spec", "93% of the 3.35 TB/s peak": a share of a rate
    if next == "of" {
        let mut at = s1 + 2;
        for _ in 0..2 {
            let (ws, w) = word_after(lower, at);
            if matches!(
                w,
                "its" | "their" | "the" | "rated" | "peak" | "theoretical"
            ) {
                at = ws + w.len();
            }
        }
        let n = skip_space(lower.as_bytes(), at);
        if let Some(e) = number_at(lower.as_bytes(), n).filter(|&e| e > n) {
            let u = skip_space(lower.as_bytes(), e);
            if unit_in(ahead(lower, u, 12).split(' ').next().unwrap_or("")).is_some() {
                return true;
            }
        }
    }
    // "sat at 38% average CPU": how busy a device was, a statistic of readings
    if matches!(next, "average" | "avg" | "mean" | "median") {
        let (_, what) = word_after(lower, s1 + next.len());
        if matches!(
            what,
            "cpu" | "gpu" | "utilization" | "utilisation" | "util" | "occupancy" | "usage"
        ) {
            return true;
        }
    }
    // "Pod CPU hits 96%", "24 pods at ~41% CPU", "service CPU dropped by 18%": how busy the
    // processors were, measured (not "CPU time", "CPU cores")
    if (next == "cpu"
        && !matches!(
            word_after(lower, s1 + 3).1,
            "time" | "cores" | "threads" | "limit"
        ))
        || {
            let mut from = quantified_start(lower, start);
            let mut of_cpu = false;
            for _ in 0..3 {
                let (s0, w) = word_before(lower, from);
                if matches!(w, "cpu" | "cpus") {
                    of_cpu = true;
                    break;
                }
                if !(matches!(
                    w,
                    "at" | "to"
                        | "by"
                        | "hits"
                        | "hit"
                        | "was"
                        | "is"
                        | "reached"
                        | "peaked"
                        | "averaged"
                        | "stayed"
                        | "usage"
                        | "utilization"
                        | "utilisation"
                        | "load"
                ) || has_stem(w, DIRECTION_STEMS))
                {
                    break;
                }
                from = s0;
            }
            of_cpu
        }
    {
        return true;
    }
    // "matches cuDNN within 5%", "within 3% of the CUDA version", not "within 1% of FP8
    // accuracy"
    if word_before(lower, start).1 == "within" {
        return !has_word(&lower[seg.sentence(lower, &(start..end))], QUALITY_WORDS);
    }
    // "skipped 12% of the time", but "keeping the tensor cores busy 88% of the time": a
    // unit's utilization
    if next == "of" && lower[s1..].starts_with("of the time") {
        let (_, w) = word_before(lower, quantified_start(lower, start));
        return matches!(
            w,
            "busy" | "active" | "idle" | "stalled" | "occupied" | "saturated"
        );
    }
    if next == "of" {
        if super::hedges::reserved_share(lower, seg, start, s1 + 2) {
            return false;
        }
        // "with accuracy at 99% of the reference": a quality check, not a speed
        {
            let (s0, w0) = word_before(lower, quantified_start(lower, start));
            let w0 = if matches!(w0, "at" | "is" | "was" | "of") {
                word_before(lower, s0).1
            } else {
                w0
            };
            if QUALITY_WORDS.contains(&w0) {
                return false;
            }
        }
        // "93% of cuBLAS throughput", "71% of theoretical peak", not "64% of respondents"
        let after: Vec<&str> = words(ahead(lower, s1 + 2, 60)).take(4).collect();
        // "75% of the 989 TFLOPS dense BF16 peak", "94% of the card's 864 GB/s peak"
        // (words: "the h100's 989 tflops bf16 tensor-core peak" is ten)
        if words(ahead(lower, s1 + 2, 80))
            .take(10)
            .any(|w| w == "peak")
        {
            return true;
        }
        // "up to 73% of theoretical max FLOPs/s", "81% of the maximum throughput": a share of
        // what the hardware could do
        {
            let first: Vec<&str> = after.iter().copied().filter(|w| *w != "the").collect();
            let ceiling = first.first().is_some_and(|w| *w == "theoretical")
                || (first
                    .first()
                    .is_some_and(|w| matches!(*w, "max" | "maximum"))
                    && first.get(1).is_some_and(|w| {
                        unit_in(w).is_some()
                            || matches!(
                                *w,
                                "flops" | "flop/s" | "throughput" | "bandwidth" | "performance"
                            )
                    }));
            if ceiling {
                return true;
            }
        }
        // "manages 309 GFLOPS, which is 1.3% of cuBLAS", "2.9 TB/s, about 87% of the 3.35
        // TB/s": a share of another result or of a peak, after a rate in its sentence
        let sentence = seg.sentence(lower, &(start..end));
        if unit_in(&lower[sentence.start..start]).is_some()
            && !after.iter().any(|w| QUALITY_WORDS.contains(w))
        {
            return true;
        }
        // "reaches 93% of cuBLAS", "sustaining 95% of it": a measured share of something
        // ("stays at 91% of the first minute's", "holds at 97% of it")
        let reach_verb = {
            // ("reach only 38% of the dense kernel's FLOP rate")
            let mut from = quantified_start(lower, start);
            let (s0, w) = loop {
                let (s0, w) = word_before(lower, from);
                if s0 > 0 && matches!(w, "only" | "just" | "merely" | "barely") {
                    from = s0;
                } else {
                    break (s0, w);
                }
            };
            REACH_VERBS.contains(&w)
                || (w == "at" && {
                    let v = word_before(lower, s0).1;
                    matches!(
                        v,
                        "stays"
                            | "stayed"
                            | "remains"
                            | "remained"
                            | "holds"
                            | "held"
                            // "it is back at 99% of 3.0"
                            | "back"
                            // "was measured at 86% of its CUDA backend's speed"
                            | "measured"
                            | "clocked"
                            | "benchmarked"
                            // "lands at 45% of the 4090"
                            | "lands"
                            | "landed"
                            // "its fused kernel runs at 71% of the hand-written one's"
                            | "runs"
                            | "ran"
                            | "running"
                    ) || REACH_VERBS.contains(&v)
                        // "measures llama.cpp's Vulkan backend at 92% of the CUDA backend's"
                        || words_before(lower, s0, 5).any(|p| {
                            matches!(p, "measures" | "measured" | "clocks" | "puts" | "put")
                        })
                })
                // "gets Triton to 91% of a hand-written CUDA kernel"
                || (w == "to"
                    && words_before(lower, s0, 4).any(|p| {
                        matches!(p, "gets" | "got" | "brings" | "brought" | "pushes" | "pushed")
                    }))
        };
        let reached = reach_verb
            && after.first().is_some_and(|w| !QUALITY_WORDS.contains(w))
            && !after.iter().any(|w| QUALITY_WORDS.contains(w));
        // "roughly 56% of the H100 number": a share of another system's result
        // (a named one: not "30% of the results", "50% of the number of requests")
        // ("dropped to 61% of the 3.0 level")
        let of_result = (1..after.len()).any(|j| {
            matches!(
                after[j],
                "number" | "numbers" | "result" | "results" | "level"
            ) && !matches!(
                after[j - 1],
                "the" | "a" | "an" | "all" | "our" | "these" | "those"
            ) && after.get(j + 1) != Some(&"of")
        });
        // "lands at ~94% of cuBLAS": a share of a reference implementation's result
        // ("that is 97% of plain cuBLAS", "80% of stock PyTorch")
        let of_reference = after
            .iter()
            .find(|w| {
                !matches!(
                    **w,
                    "the" | "plain" | "stock" | "vanilla" | "unfused" | "upstream"
                )
            })
            .is_some_and(|w| LOWER_NAMES.contains(w));
        // "back at 99–101% of 3.0": a share of an earlier version's result
        let of_version = after.iter().find(|w| **w != "the").is_some_and(|w| {
            let v = w.strip_prefix('v').unwrap_or(w);
            v.contains('.') && v.len() <= 8 && v.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        }) && has_word(&lower[seg.sentence(lower, &(start..end))], PERF_NOUNS);
        // "roughly 60% of what an H100 gives us": a share of another device's result
        let of_what = after.first() == Some(&"what")
            && states(Vocabulary::Field(Field::Hardware), ahead(lower, s1 + 2, 40));
        // "fell to 6.2% of the step": a share of the step's time
        let of_step = after
            .iter()
            .take(3)
            .any(|w| matches!(*w, "step" | "iteration"))
            && has_word(&lower[seg.sentence(lower, &(start..end))], PERF_NOUNS);
        return reached
            || of_what
            || of_step
            || of_result
            || of_reference
            || of_version
            || after
                .iter()
                .any(|w| PERF_NOUNS.contains(w) || UTILIZATION_WORDS.contains(w));
    }
    if NOT_PERF_AFTER.contains(&next) {
        return false;
    }
    // "MFU under 35% on H100 usually means NCCL is not using all 8 NICs": a threshold of a
    // rule of thumb
    if matches!(
        word_before(lower, start).1,
        "under" | "below" | "above" | "over"
    ) && has_word(
        &lower[seg.sentence(lower, &(start..end))],
        &["means", "indicates"],
    ) {
        return false;
    }
    // "its overhead stayed below 2%": a performance noun held under a share
    {
        let (bs, below) = word_before(lower, start);
        if matches!(below, "below" | "under")
            && matches!(
                word_before(lower, bs).1,
                "stayed" | "stays" | "stay" | "remained" | "remains" | "was" | "is" | "kept"
            )
            && has_word(&lower[seg.clause(lower, &(start..end))], PERF_NOUNS)
        {
            return true;
        }
    }
    // in German and French: "45 % schneller", "24 % vor vLLM", "40 % weniger Speicher", "35 %
    // plus rapide"; "um 35 %" or "une baisse de 35 %" after a word of change
    // (in Russian: "на 14% быстрее", "на 20% меньше памяти")
    if EU_AFTER.contains(&next) || RUSSIAN_COMPARATIVES.contains(&next) {
        return true;
    }
    // in French: "24 % de débit en plus que vLLM", "30 % de mémoire en moins"
    if next == "de" || next.starts_with("d'") || next.starts_with("d’") {
        let ahead: Vec<&str> = words(ahead(lower, s1, 48)).take(5).collect();
        if ahead
            .windows(2)
            .any(|p| p[0] == "en" && matches!(p[1], "plus" | "moins"))
        {
            return true;
        }
    }
    {
        let (bs, before) = word_before(lower, start);
        if matches!(before, "um" | "de" | "un" | "em" | "en" | "del" | "на") {
            let clause = &lower[seg.clause(lower, &(start..end))];
            let (hs, head) = word_before(lower, bs);
            // ("il ralentit chaque étape de 27 %": the verb two words before)
            let (h2s, head2) = word_before(lower, hs);
            let head3 = word_before(lower, h2s).1;
            if [head, head2, head3]
                .iter()
                .any(|h| EU_CHANGE.iter().any(|st| h.starts_with(st)))
                || (before != "de" && has_stem(clause, EU_CHANGE))
                // "le taux d'utilisation … était de 31 %"
                || (before == "de"
                    && has_word(&lower[seg.sentence(lower, &(start..end))], UTILIZATION_WORDS))
            {
                return true;
            }
        }
        // "a coûté 9 % de débit", "tombait à 61 %" (an efficiency)
        if matches!(before, "coûté" | "coûte" | "gagné" | "perdu")
            || (before == "à"
                && has_word(
                    &lower[seg.sentence(lower, &(start..end))],
                    UTILIZATION_WORDS,
                ))
        {
            return true;
        }
    }
    // "faster than llama.cpp … in my experience, by 10-20%": the amount of a comparison its
    // sentence makes
    // ("the XTX beats the 4080 Super by 8%": the margin of a win or a loss)
    // ("beats it by another 9%", "by a further 4%")
    let by = {
        let (s0, w) = word_before(lower, start);
        match w {
            "another" | "further" | "additional" | "extra" => {
                let (s1, w1) = word_before(lower, s0);
                if matches!(w1, "a" | "an") {
                    word_before(lower, s1).1
                } else {
                    w1
                }
            }
            _ => w,
        }
    };
    if by == "by"
        && (has_word(&lower[seg.sentence(lower, &(start..end))], SPEED_WORDS)
            || has_word(
                &lower[seg.clause(lower, &(start..end))],
                &[
                    "beats",
                    "beat",
                    "outperforms",
                    "outperformed",
                    "outpaces",
                    "outpaced",
                    "trails",
                    "trailed",
                    "lags",
                    "lagged",
                    "leads",
                    "led",
                    "edges",
                ],
            ))
    {
        return true;
    }
    // the block speaks of performance: a rate, a performance noun or a share of a resource
    // (or a benchmark that scores speed: "scores 14% higher on Speedometer 3.0 than …")
    let block_perf = || {
        has_word(lower, PERF_NOUNS)
            || has_word(lower, UTILIZATION_WORDS)
            || has_word(lower, MEMORY_WORDS)
            || RATE_UNITS.iter().any(|(u, _)| lower.contains(u))
            || words(lower).any(|w| SCORED_BENCHMARKS.contains(&w))
    };
    // "That is an 18% drop.", "about a 7% regression", "a 23% reduction": a change whose
    // subject the block names (not "a 2% drop in accuracy")
    if CHANGE_NOUNS.contains(&next) {
        let (s2, then) = word_after(lower, s1 + next.len());
        let of_quality = matches!(then, "in" | "of")
            && QUALITY_WORDS.contains(&word_after(lower, s2 + then.len()).1);
        let article = matches!(
            word_before(lower, quantified_start(lower, start)).1,
            "a" | "an"
        ) || matches!(word_before(lower, start).1, "a" | "an");
        // a regression, a slowdown or a speedup is one of performance whatever the block says
        let of_speed = matches!(next, "regression" | "slowdown" | "speedup" | "speed-up");
        // ("a 5% regression budget": the change a gate allows, a setting)
        if !of_quality && article && !allowance(then) && (of_speed || block_perf()) {
            return true;
        }
    }
    // "a 2% single-writer regression", "the 12% end-to-end slowdown": a change of speed
    // named after the words that say what regressed
    {
        let (s2, second) = word_after(lower, s1 + next.len());
        let (s3, third) = word_after(lower, s2 + second.len());
        let article = matches!(
            word_before(lower, quantified_start(lower, start)).1,
            "a" | "an" | "the"
        ) || matches!(word_before(lower, start).1, "a" | "an" | "the");
        let of_speed = |w: &str| matches!(w, "regression" | "slowdown" | "speedup" | "speed-up");
        let named = (of_speed(second) && !allowance(third))
            || (of_speed(third) && !allowance(word_after(lower, s3 + third.len()).1));
        if article && !CHANGE_NOUNS.contains(&next) && named {
            return true;
        }
    }
    // "cache hit rate across all builds was 88%, against 31% in December": what share of
    // lookups a cache served, measured
    {
        let s = &lower[seg.sentence(lower, &(start..end))];
        if (s.contains("hit rate") || s.contains("hit ratio") || s.contains("hit-rate"))
            && !has_word(s, QUALITY_WORDS)
        {
            return true;
        }
    }
    // "the gap is only ~3%", "a gap of 4%": the difference between two results; "goodput
    // (useful time over wall time) was 93%": a share its subject names
    let subject = subject_of(lower, quantified_start(lower, start));
    if (matches!(subject, "gap" | "difference") || UTILIZATION_WORDS.contains(&subject))
        && !has_word(&lower[seg.sentence(lower, &(start..end))], QUALITY_WORDS)
    {
        return true;
    }
    if matches!(next, "behind" | "ahead") {
        return true;
    }
    // "roughly 5% overhead vs no bias": the cost of a feature in time
    // "That is about 18% lower than 0.7.1": a comparison with another result, in a block of
    // results
    // ("14% higher on Speedometer 3.0 than Nimbus 124": a few words may stand between)
    let than = matches!(
        next,
        "lower" | "higher" | "less" | "more" | "worse" | "better"
    ) && words(ahead(lower, s1 + next.len(), 60))
        .take(5)
        .take_while(|w| !matches!(*w, "and" | "but" | "while" | "which"))
        .any(|w| w == "than");
    if (next == "overhead" || (than && block_perf())) && {
        let s = &lower[seg.sentence(lower, &(start..end))];
        !has_word(s, QUALITY_WORDS) || words(s).any(|w| SCORED_BENCHMARKS.contains(&w))
    } {
        return true;
    }
    if matches!(next, "above" | "below") {
        let s = &lower[seg.sentence(lower, &(start..end))];
        if RATE_UNITS.iter().any(|(u, _)| s.contains(u)) || has_word(s, PERF_NOUNS) {
            return true;
        }
        // "still ~2.7% below v0.5.3": below a release, in a block about its performance
        let (_, what) = word_after(lower, s1 + next.len());
        let release = what.starts_with('v') && what[1..].starts_with(|c: char| c.is_ascii_digit());
        if release && !has_word(s, QUALITY_WORDS) {
            return true;
        }
        // "axum lands 7.4% below it": below another system's result, named before
        if matches!(what, "it" | "them") && !has_word(s, QUALITY_WORDS) {
            return true;
        }
    }
    let w = &lower[seg.clause(lower, &(start..end))];
    if quality_gain(lower, seg, (start, end), w, states) {
        return false;
    }
    // a sign or an arrow is a direction: "(+35% throughput)", "latency ↓ 40%"
    let signed = lower[..start].ends_with(['+', '-', '−'])
        && lower[..start]
            .trim_end_matches(['+', '-', '−'])
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_alphanumeric());
    let perf = |w: &str| {
        let arrow = w.contains(['↑', '↓', '⬆', '⬇']);
        has_word(w, SPEED_WORDS)
            || has_word(w, UTILIZATION_WORDS)
            || w.contains("of peak")
            || ((has_stem(w, DIRECTION_STEMS) || has_word(w, DIRECTION_WORDS) || signed || arrow)
                && (has_word(w, PERF_NOUNS)
                    || has_word(w, PHASE_NOUNS)
                    || RATE_UNITS.iter().any(|(u, _)| w.contains(u))))
    };
    if perf(w) {
        return true;
    }
    // "gives another 4% on pp512": a further gain
    if matches!(word_before(lower, start).1, "another" | "further" | "extra") && {
        let (s0, _) = word_before(lower, start);
        let v = word_before(lower, s0).1;
        let v = if matches!(v, "a" | "an") {
            word_before(lower, word_before(lower, s0).0).1
        } else {
            v
        };
        matches!(
            v,
            "gives"
                | "gave"
                | "adds"
                | "added"
                | "buys"
                | "bought"
                | "brings"
                | "yields"
                | "another"
        ) || has_stem(v, &["gain", "improv", "boost"])
    } {
        return true;
    }
    // "keeps memory waste under 4%": memory a method wastes is a resource result
    if has_word(w, &["waste", "wasted", "wastage"]) && has_word(w, MEMORY_WORDS) {
        return true;
    }
    // a percentage alone in brackets or after a label reads with the clause before it:
    // "inference speed improved (46%)", "Throughput gains: 46%", "latency (-21%)"
    // ("(≈37%)", "(~21%)": an approximation sign inside the bracket)
    let head = lower[..start]
        .trim_end_matches(['+', '-', '−', '~', '≈'])
        .trim_end();
    let bracketed = head.ends_with('(') && lower[end..].trim_start().starts_with(')');
    if bracketed || head.ends_with(':') {
        let p = head.len() - 1;
        let outer = &lower[seg.clause(lower, &(p..p))];
        if !quality_gain(lower, seg, (start, end), outer, states) && perf(outer) {
            return true;
        }
    }
    if COMPARATIVES.contains(&next) && word_after(lower, s1 + next.len()).1 == "than" {
        let s = &lower[seg.sentence(lower, &(start..end))];
        return has_word(s, PERF_NOUNS) || RATE_UNITS.iter().any(|(u, _)| s.contains(u));
    }
    false
}

/// Whether a word of `s` is in `list`, a hyphenated word's parts included ("product-spec").
fn has_part(s: &str, list: &[&str]) -> bool {
    // A word or part in the list is also in `s` as it is: most sentences hold none of them,
    // and finding that out costs a fraction of splitting the sentence into words (each claim
    // of a long line reads its sentence again).
    list.iter().any(|w| s.contains(w)) && {
        let mut ws = words(s).peekable();
        while let Some(w) = ws.next() {
            // (the SPEC benchmark suites are no specification: "a full SPEC build")
            if w == "spec" && ws.peek().is_some_and(|n| super::text::spec_suite(n)) {
                continue;
            }
            if list.contains(&w) || (w.contains('-') && w.split('-').any(|p| list.contains(&p))) {
                return true;
            }
        }
        false
    }
}

/// Whether `s` says its numbers were measured or obtained by someone ("we", "I clocked",
/// "runs at", the policy's measurement cues).
fn measured(s: &str, states: States) -> bool {
    has_word(s, MEASURED_WORDS) || states(Vocabulary::Measurement, s)
}

/// Whether a sentence lists what each device has: a memory capacity beside a memory word
/// ("192GB HBM", "95 GB of HBM2e", "memory of up to 1024 x 96GB") with a per-device
/// qualifier ("per chip", "per accelerator") or a resource "of up to" ("compute of up to
/// 1 EFLOPS"): "TPU v5p per chip: 459 TFLOPS of BF16, 95 GB of HBM2e at 2.76 TB/s".
fn spec_listing(s: &str) -> bool {
    let w: Vec<&str> = words(s).collect();
    let is_capacity = |k: usize| {
        let x = w[k];
        let unit = |u: &str| matches!(u, "gb" | "gib" | "tb" | "tib");
        (x.len() > 2
            && x.bytes().next().is_some_and(|c| c.is_ascii_digit())
            && unit(x.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.')))
            || (unit(x)
                && k > 0
                && w[k - 1]
                    .bytes()
                    .all(|c| c.is_ascii_digit() || c == b'.' || c == b','))
    };
    let memory = |x: &str| {
        matches!(x, "memory" | "vram" | "on-chip")
            || x.starts_with("hbm")
            || x.starts_with("gddr")
            || x.starts_with("lpddr")
    };
    let capacity = (0..w.len()).any(|k| {
        is_capacity(k)
            && (w[k + 1..w.len().min(k + 3)].iter().any(|x| memory(x))
                || w[k.saturating_sub(6)..k].iter().any(|x| memory(x)))
    });
    let per_device = w
        .windows(2)
        .any(|p| p[0] == "per" && COUNT_NOUNS.contains(&p[1]) || p[0] == "per-chip");
    let up_to = w
        .windows(4)
        .any(|p| RESOURCE_NOUNS.contains(&p[0]) && p[1] == "of" && p[2] == "up" && p[3] == "to");
    capacity && (per_device || up_to)
}

/// Whether the claim `span` (kind by `rate`: a compute or bandwidth rate) states a device's
/// specification rather than a result: a rate in a sentence that quotes a specification
/// ("the published spec in the whitepaper (1835 TFLOPS)", "144 PFLOPS FP4 sparse"), or that
/// a named device has ("Trainium2 supports BF16 @ 2563 TFLOPS", "B200's 296 TFLOPS"); a
/// multiplier or percentage in a clause that quotes one ("AMD publishes variants at exactly
/// 2x", "its nominal peak per watt is 25% lower") or that compares a device's resources in
/// such a sentence ("30% more power", "13% more memory bandwidth"). Never when the sentence
/// says someone measured or obtained it, nor for a share ("70% of the theoretical peak").
pub(super) fn is_spec_statement(
    lower: &str,
    span: &Range<usize>,
    clause: &Range<usize>,
    sentence: &Range<usize>,
    rate: bool,
    states: States,
) -> bool {
    let (c, s) = (&lower[clause.clone()], &lower[sentence.clone()]);
    let hardware = |t: &str| states(Vocabulary::Field(Field::Hardware), t);
    if rate {
        // "the dense FP8 peak of 1,979 TFLOPS", "dense BF16 peaks: H100 SXM 989 TFLOPS": a
        // device's peak named as such (not "a peak of 700 TFLOPS", a result)
        {
            let head = &lower[sentence.start..span.start];
            let peak_of = head.trim_end().strip_suffix("peak of").is_some_and(|h| {
                let ws: Vec<&str> = words(h).collect();
                ws.iter().rev().take(4).any(|w| *w == "the")
                    && !ws.iter().rev().take(4).any(|w| matches!(*w, "a" | "an"))
            });
            let peaks_listed = head.rfind("peak").is_some_and(|p| head[p..].contains(':'))
                && !measured(&lower[sentence.clone()], states);
            if peak_of || peaks_listed {
                return true;
            }
        }
        // the signals first (words only), the vocabularies only for a rate that has one
        let in_clause = has_part(c, SPEC_WORDS) || has_part(c, SPEC_RATE_WORDS);
        let in_sentence = in_clause || has_part(s, SPEC_WORDS) || has_part(s, SPEC_RATE_WORDS);
        let head = &lower[clause.start..span.start];
        let owner = head
            .trim_end()
            .strip_suffix("'s")
            .or_else(|| head.trim_end().strip_suffix("’s"));
        let has = has_word(head, HAS_WORDS);
        let listing = !(in_sentence || owner.is_some() || has) && spec_listing(s);
        if !(in_sentence || owner.is_some() || has || listing) {
            return false;
        }
        // "runs at 740 TFLOPS" (not "a clock the parts never run at")
        let (w1s, w1) = word_before(lower, span.start);
        let run_at = matches!(w1, "at" | "about" | "around" | "~")
            && matches!(
                word_before(lower, w1s).1,
                "run" | "runs" | "ran" | "running"
            );
        // a speed word compares ("1.5x faster … at 740 TFLOPS"); a "boost clock" does not
        let mut ws = words(c).peekable();
        let mut speed = false;
        while let Some(w) = ws.next() {
            let clock = ws.peek().is_some_and(|n| n.starts_with("clock"));
            speed |= SPEED_WORDS.contains(&w) && !(w.starts_with("boost") && clock);
        }
        // "reaches 99% of its rated 6,900 MB/s", "97% of its 14,000 MB/s spec": the quoted
        // rate a measured share is of, whatever verb measured the share
        let share_of = {
            let mut h = head.trim_end();
            for w in ["rated", "its", "their", "the"] {
                h = h.strip_suffix(w).map_or(h, str::trim_end);
            }
            h.strip_suffix("of")
                .is_some_and(|h| h.trim_end().ends_with('%'))
        };
        if share_of && in_sentence {
            return true;
        }
        if run_at || speed || measured(c, states) {
            return false;
        }
        // a measured sentence keeps the number it compares with ("sustained 610 TFLOPS,
        // against the 989 TFLOPS datasheet number"), and any number a spec word does not
        // stand beside
        let measured_sentence = measured(s, states);
        if in_clause {
            return !(measured_sentence && reference_before(&lower[sentence.start..span.start]));
        }
        if measured_sentence {
            return false;
        }
        // "streams 870 GB/s, about 86% of its 1,008 GB/s datasheet bandwidth": the spec is
        // the reference of a share after the claim, not what the claim states
        let share_of_spec = lower[span.end..sentence.end.max(span.end)]
            .find("% of")
            .is_some_and(|p| {
                let upto = &lower[sentence.start..span.end + p];
                !has_part(upto, SPEC_WORDS) && !has_part(upto, SPEC_RATE_WORDS)
            });
        if share_of_spec {
            return false;
        }
        if in_sentence || listing {
            return true;
        }
        // what a named device has: "supports … @ N", "with its N", "B200's N"
        return owner.is_some_and(|h| hardware(word_before(h, h.len()).1)) || (has && hardware(s));
    }
    if word_after(lower, span.end).1 == "of" {
        return false;
    }
    // (up to a share of a peak later in the clause: "2x over FlashAttention and up to 73% of
    // theoretical max" quotes no specification for the 2x)
    let own_clause = lower[span.end..clause.end.max(span.end)]
        .find("% of")
        .map_or(c, |p| &lower[clause.start..span.end + p]);
    if has_part(own_clause, SPEC_WORDS) {
        return !measured(c, states);
    }
    // "30% more power", "a 5% faster HBM", "33% more HBM capacity"; "five times more compute"
    // (the comparative inside the claim)
    let next: Vec<&str> = words(ahead(lower, span.end, 60)).take(6).collect();
    let k = next
        .iter()
        .take(3)
        .position(|w| !COMPARATIVES.contains(w) && *w != "the")
        .unwrap_or(next.len().min(3));
    let comparative = k > 0 || COMPARATIVES.contains(&word_before(lower, span.end).1);
    let resource = comparative && next[k..].iter().take(2).any(|w| RESOURCE_NOUNS.contains(w));
    // "4x less memory than storing every activation" compares a method with another; "76%
    // more memory than the H100" one device with another
    let tail = &lower[span.end..clause.end.max(span.end)];
    let compared = has_word(tail, &["than", "vs", "versus"]) && !hardware(tail);
    // what each device or link has: "5x more compute per accelerator", "4x more network
    // bandwidth", in any sentence
    let per_device = next
        .windows(2)
        .any(|p| p[0] == "per" && COUNT_NOUNS.contains(&p[1]));
    let link = next[k..]
        .iter()
        .take(2)
        .any(|w| LINK_WORDS.contains(w) || NETWORK_WORDS.contains(w));
    if resource && (per_device || link) && !compared && !measured(s, states) {
        return true;
    }
    // in a sentence that quotes a specification, a multiplier with no speed, performance or
    // utilisation word in its clause
    // ("vendors publish TFLOPS with sparsity, as they are ~2x bigger")
    // (not one that compares a system with another: "3.7x over FP16 cuBLAS on A10, near the
    // theoretical 4x")
    if has_part(s, SPEC_WORDS)
        && !lower[span.clone()].contains('%')
        && !matches!(
            word_after(lower, span.end).1,
            "over" | "vs" | "vs." | "versus"
        )
        && !has_word(c, SPEED_WORDS)
        && !has_word(c, PERF_NOUNS)
        && !has_word(c, UTILIZATION_WORDS)
    {
        return !compared && !measured(s, states);
    }
    if !resource || !has_part(s, SPEC_WORDS) {
        return false;
    }
    !compared && !measured(s, states)
}

/// Words after a percentage that make it a change of performance in German and French.
const EU_AFTER: &[&str] = &[
    "schneller",
    "langsamer",
    "weniger",
    "mehr",
    "höher",
    "niedriger",
    "kürzer",
    "geringer",
    "vor",
    "hinter",
    "durchsatz",
    "plus",
    "moins",
    // in Spanish and Portuguese: "un 31 % más rápido", "35% menos memória", "22% mais lento"
    "más",
    "mais",
    "menos",
    // in Italian: "un 31% più veloce"
    "più",
    "meno",
];

/// Stems of words of change in German and French, before "um N %" or "de N %" ("reduziert um
/// 35 %", "une baisse de 35 %", "réduite de 35 %").
const EU_CHANGE: &[&str] = &[
    "reduz",
    "gesenkt",
    "gesteiger",
    "verbesser",
    "erhöh",
    "verringer",
    "beschleunig",
    "sinkt",
    "steigt",
    "sank",
    "stieg",
    "baiss",
    "hausse",
    "ralent",
    "gain",
    "réduct",
    "rédui",
    "diminu",
    "augment",
    "amélior",
    "accélér",
    // in Spanish and Portuguese: "redução de 35%", "reduce la latencia un 40 %", "una mejora del
    // 21 %", "ganho de 6%", "eficiencia de escalado ... del 78 %"
    "redu",
    "aument",
    "mejor",
    "melhor",
    "ganancia",
    "ganho",
    "acelera",
    "caída",
    "queda",
    "eficien",
    // in Italian: "riduce la latenza del 30%", "una riduzione del 20%", "migliora del 15%"
    "riduc",
    "riduz",
    "miglior",
    "scend",
    // in Russian, before "на N %": speed-up, cut, lowered, grew, saving
    "ускор",
    "сократ",
    "сниз",
    "сниж",
    "уменьш",
    "увелич",
    "вырос",
    "прирост",
    "эконом",
];

/// A signed share after a name or in brackets, in a sentence that scores nothing: a change
/// ("519.lbm_r +11.3%, 544.nab_r +6.0%", "Code size -1.8%", "at about -6%", "… machine
/// (−10%)"); not a range's end ("5-10%"), a score's change ("Top-1: +0.3%", "WER -0.2%"), a
/// price's, or a limit's ("the alert threshold (+25% for an hour)"). (Not for a table's row,
/// whose header says what its cells hold.)
pub(super) fn signed_change(lower: &str, seg: &Segments, start: usize, end: usize) -> bool {
    let Some(sign) = lower[..start]
        .chars()
        .next_back()
        .filter(|c| matches!(c, '+' | '-' | '−'))
    else {
        return false;
    };
    let at = start - sign.len_utf8();
    let before = lower[..at].chars().next_back();
    let s = seg.sentence(lower, &(start..end));
    let sentence = &lower[s.start.min(at)..s.end.max(end)];
    before.is_none_or(|c| matches!(c, ' ' | '(' | '\n' | ':'))
        && !limit_before(lower, seg, at)
        && !has_word(sentence, super::words::QUALITY_WORDS)
        && !has_word(sentence, super::words::SCORE_WORDS)
        && !has_word(
            sentence,
            &[
                "price", "prices", "priced", "cost", "costs", "share", "margin", "revenue",
            ],
        )
        && !sentence.contains('$')
}

/// Whether a limit is named in the three words before `at`, in its sentence: "the alert
/// threshold (+25% over an hour)", "budget: +10%".
pub(super) fn limit_before(lower: &str, seg: &Segments, at: usize) -> bool {
    let s = seg.sentence(lower, &(at..at));
    let head: Vec<&str> = words(&lower[s.start.min(at)..at]).collect();
    head.iter().rev().take(3).any(|w| {
        matches!(
            *w,
            "threshold" | "target" | "budget" | "limit" | "alert" | "slo" | "cap" | "tolerance"
        )
    })
}
