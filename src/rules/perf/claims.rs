//! The claim model and finding claims in prose.
//!
//! Detection is a hand-written scanner over a block's prose (code, URLs, HTML and comments are
//! already blanked out by the document model): linear, allocation-light, and no regular
//! expression to compile unless a number is found. A claim is
//! - a multiplier: `2.3x`, `3×`, `10-100x`, `1.4x-2.1x`, `4x ~ 7x`, "an order of magnitude
//!   faster", "3 times faster", "twice as fast", "a speedup of 3.1", "the speedup is 1.39",
//!   "a reduction of 3.7 times", and `6.7x A100` after a speed word (a comparison);
//! - a percentage tied to a performance word in its clause: `38% lower latency`, "gains of
//!   12–30%", `47% MFU`, "MFU from 31% to 44%", "93% of cuBLAS throughput";
//! - a rate: FLOP/s, TFLOPS, GB/s, tokens/s, t/s, frames/s, req/s, QPS…;
//! - a time stated as a result: `p99 of 12 ms`, "finishes in 9.8 ms", "takes 12 minutes";
//! - a saving: "saves 1.5 GB".
//!
//! Not claims: years, versions, counts, sizes (`80 GB`), model sizes (`70B`), arXiv ids,
//! dimensions (`4x4`, `8x7B`), device counts (`8x H100`, `2x RTX 4090`, `two 8x trays`),
//! ratios that a data type fixes ("a 4x smaller data type", "a 2× compression ratio"),
//! numbers that a setting cue marks as part of the set-up (`an SLO of 100 ms`, "requires at
//! least 20 tokens/s", "10 minutes per run"), hypotheticals ("if … it would reach 80%"), and
//! counts of popularity ("3x more contributors", "twice as many stars"). A bandwidth that a
//! system's links carry ("NVLink at 900 GB/s", "3.2 Tbps per node", "8 x 400 Gbps") is a
//! specification (`capability`), for `perf/vendor-peak` to judge, not a result; so is a
//! device's specification quoted in prose ("the whitepaper's 1835 TFLOPS", "144 PFLOPS FP4
//! sparse", "Trainium2 supports BF16 @ 2563 TFLOPS", "the vendor publishes sparse variants at
//! 2x", "30% more power" beside the spec sheet), unless someone measured or obtained it.

use super::fields::Bound;
use super::forms::*;
use super::hedges::hypothetical;
use super::text::*;
use super::unit_index::{rate_units_at, time_units_at};
use super::vocab::{States, Vocabulary};
use super::words::*;
use memchr::memmem::Finder;
use std::ops::Range;
use std::sync::LazyLock;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClaimKind {
    Multiplier,
    Percent,
    /// A rate; `peak_unit` when it is a compute or bandwidth rate a vendor would quote.
    Rate {
        peak_unit: bool,
    },
    /// A time stated as a result: a latency, a duration, a time to result.
    Latency,
    /// An amount of memory saved.
    Saving,
}

/// A performance claim in a block's text. Byte ranges are in the block's text.
#[derive(Debug, Clone, PartialEq)]
pub struct Claim {
    /// The claim as a user reads it: `2.3x`, `1.4x-2.1x`, `31% to 44%`, `12,000 tokens/s`.
    pub span: Range<usize>,
    pub kind: ClaimKind,
    /// The number it states (the upper end of a range or change; 2 for "twice"), if any.
    pub value: Option<f64>,
    /// Its unit as written, lower case: `x`, `%`, `tflop/s`, `ms`, `gb`; empty for phrases.
    pub unit: Box<str>,
    /// Its clause (a stretch of a sentence between commas, parentheses, colons…), cut to a
    /// window of a few words either side.
    pub clause: Range<usize>,
    /// Its sentence, cut to a window either side.
    pub sentence: Range<usize>,
    /// The claim with the quantifier before it ("over 40%", "more than 2x"): text that never
    /// states a field.
    pub own: Range<usize>,
    /// A change written "from A to B", which names its own baseline.
    pub from_to: bool,
    /// A rate stated as what a link or a memory can carry ("NVLink at 900 GB/s", "HBM3 at
    /// 3.35 TB/s"), or a number quoted from a device's specification ("the published 1835
    /// TFLOPS", "30% more power" in a sentence about the spec sheet), not as a measurement: a
    /// specification, for `perf/vendor-peak` to judge.
    pub capability: bool,
    /// The fields found for it (filled by `fields::bind`).
    pub bound: Bound,
}

/// The value and unit of a claim's text (`"10-100x"` → 100, `x`; `"12,000 tokens/s"` →
/// 12000, `tokens/s`; `"31% to 44%"` → 44, `%`).
fn value_and_unit(text: &str, kind: ClaimKind) -> (Option<f64>, String) {
    let lower = text.to_ascii_lowercase();
    if lower.starts_with("twice") {
        return (Some(2.0), "x".into());
    }
    if lower.starts_with("half") {
        return (Some(0.5), "x".into());
    }
    let b = lower.as_bytes();
    let (mut value, mut end, mut i) = (None, 0, 0);
    while i < b.len() {
        if b[i].is_ascii_digit() {
            let j = digits_end(b, i);
            let digits: String = lower[i..j].chars().filter(|&c| c != ',').collect();
            value = digits.parse::<f64>().ok().or(value);
            end = j;
            i = j;
        } else {
            i += 1;
        }
    }
    let unit = match kind {
        ClaimKind::Multiplier if value.is_some() => "x".to_string(),
        ClaimKind::Multiplier => String::new(),
        ClaimKind::Percent => "%".to_string(),
        _ => lower[end..].trim_start_matches('+').trim().to_string(),
    };
    (value, unit)
}

/// Extends a claim that ends at `end` over a range written with its unit on both ends:
/// `1.4x-2.1x`, `4x ~ 7x`, `2.5x to 3x`, `10% to 20%`, `40% to 46–47%`.
fn extend_range(lower: &str, end: usize, units: &[&str]) -> usize {
    let b = lower.as_bytes();
    let rest = &lower[end..];
    let t = rest.trim_start();
    let sep = ["to ", "-", "–", "~"].iter().find(|s| t.starts_with(**s));
    let Some(sep) = sep else { return end };
    let at = end + (rest.len() - t.len()) + sep.len();
    let at = at + (lower[at..].len() - lower[at..].trim_start().len());
    let Some(num_end) = number_at(b, at) else {
        return end;
    };
    let u = skip_space(b, num_end);
    units
        .iter()
        .find(|unit| lower[u..].starts_with(**unit))
        .map_or(end, |unit| u + unit.len())
}

/// The start of the quantifier directly before `start` ("over", "more than", "up to"), or
/// `start`.
fn quantifier_start(lower: &str, start: usize) -> usize {
    let head = lower[..start].trim_end_matches([' ', '*', '~']);
    for q in QUANTIFIERS {
        if let Some(h) = head.strip_suffix(q) {
            if h.is_empty() || !is_word_byte(*h.as_bytes().last().unwrap_or(&b' ')) {
                return h.len();
            }
        }
    }
    start
}

/// The word before `at`, skipping hedges ("takes around 1.5 hours" → "takes").
/// A unit written before its value (lower-case text, the value at `at`): "rtf 0.08", "rtfx of
/// 150", "rtf = 0.05"; where the unit starts, and the unit.
fn unit_before(lower: &str, at: usize) -> Option<(usize, &'static str)> {
    let head = lower[..at].trim_end_matches([' ', '=', ':', '~', '≈']);
    let head = head
        .strip_suffix(" of")
        .map_or(head, |h| h.trim_end_matches(' '));
    let (start, w) = word_before(head, head.len());
    let unit = match w {
        "rtf" => "rtf",
        "rtfx" => "rtfx",
        _ => return None,
    };
    // a number right after the unit, with little between ("RTF 0.08", not "RTF of the 2 runs")
    (at - (start + w.len()) <= 6).then_some((start, unit))
}

fn cue_before(lower: &str, at: usize) -> &str {
    // "vs." (a word ends at no full stop)
    if let Some(h) = lower[..at].trim_end().strip_suffix("vs.") {
        if !h.ends_with(|c: char| c.is_alphanumeric()) {
            return "vs.";
        }
    }
    let mut to = at;
    for _ in 0..3 {
        let (s, w) = word_before(lower, to);
        if w.is_empty() || !HEDGES.contains(&w) || s == 0 {
            return w;
        }
        to = s;
    }
    word_before(lower, to).1
}

/// Whether the bandwidth `start..end` (unit `unit`) is what a system's links carry, a
/// specification rather than a result: a per-device or per-direction qualifier after it
/// ("3.2 Tbps per node", "400 GB/s each way", "between nodes", "aggregate") or a count of
/// links before it ("8 x 400 Gbps"), in a sentence about links or networks (or in bits per
/// second, a link's unit), and nothing in the sentence saying it was measured.
fn link_spec(
    text: &str,
    lower: &str,
    seg: &Segments,
    start: usize,
    end: usize,
    unit: &str,
    states: States,
) -> bool {
    let bandwidth = unit.ends_with("b/s")
        || unit.ends_with("bps")
        || unit.ends_with("bit/s")
        || unit == "gb/sec";
    if !bandwidth {
        return false;
    }
    let next: Vec<&str> =
        words(&lower[end..crate::lines::floor_char_boundary(lower, (end + 80).min(lower.len()))])
            .take(6)
            .collect();
    // "per node", "each way", "between nodes"; `intrinsic` when the qualifier is a link's own
    // ("each way", "per direction", "bidirectional")
    let mut intrinsic = false;
    let per = next.iter().enumerate().any(|(k, w)| {
        if matches!(*w, "bidirectional" | "bi-directional" | "unidirectional") && k < 2 {
            intrinsic = true;
            return true;
        }
        // ("3.2 Tb/s in total", "400 Gb/s total")
        if matches!(*w, "aggregate" | "total") && k < 2 {
            return true;
        }
        // "8× ConnectX-7, 400 Gb/s each": each of the parts named before
        if *w == "each" && k + 1 == next.len() {
            return true;
        }
        if !matches!(*w, "per" | "each" | "between") {
            return false;
        }
        next[k + 1..]
            .iter()
            .find(|n| !VENDOR_WORDS.contains(n) && !matches!(**n, "the" | "a" | "one"))
            .is_some_and(|n| {
                intrinsic = PER_LINK_NOUNS.contains(n);
                COUNT_NOUNS.contains(n) || intrinsic || n.starts_with("gaudi")
            })
    });
    // "8 x 400 Gbps", "64 × 1.68TBps"
    let counted = {
        let head = lower[..start].trim_end();
        let head = head
            .strip_suffix('x')
            .or_else(|| head.strip_suffix('×'))
            .map(str::trim_end);
        head.is_some_and(|h| h.ends_with(|c: char| c.is_ascii_digit()))
    };
    // "(NVLink 4, 900 GB/s)": a link's rating in the brackets that name it
    let named = {
        let head = &lower[..start];
        head.rfind('(').is_some_and(|o| {
            start - o <= 40 && !head[o..].contains(')') && has_word(&head[o..], LINK_WORDS)
        })
    };
    if named {
        return !states(
            Vocabulary::Measurement,
            &lower[seg.sentence(lower, &(start..end))],
        );
    }
    // "over PCIe Gen5 (64 GB/s)": the rating in brackets right after the link's name
    let after_link = {
        let head = lower[..start].trim_end();
        head.strip_suffix('(').is_some_and(|h| {
            let from = crate::lines::floor_char_boundary(h, h.len().saturating_sub(24));
            has_word(&h[from..], LINK_WORDS)
        }) && !states(Vocabulary::Measurement, &lower[start..end])
    };
    if after_link {
        return true;
    }
    if !(per || counted) {
        return false;
    }
    let sentence = &lower[seg.sentence(lower, &(start..end))];
    // "Gbps", "Tb/s": bits per second, as links are rated
    let bits = text
        .get(start..end)
        .is_some_and(|t| t.contains("bps") || t.contains("b/s") || t.contains("bit/s"));
    (intrinsic || bits || has_word(sentence, LINK_WORDS) || has_word(sentence, NETWORK_WORDS))
        && !states(Vocabulary::Measurement, sentence)
}

/// Whether the request rate `start..end` (unit `unit`) is the load a measurement was taken at
/// rather than a result: "at 100 QPS" in a sentence about latency ("p95 stays under 200 ms at
/// 100 QPS") or about the load sent ("requests are sent at 10 req/s by a Poisson process").
fn offered_load(
    lower: &str,
    seg: &Segments,
    start: usize,
    end: usize,
    unit: &str,
    states: States,
) -> bool {
    let request = matches!(
        unit,
        "qps"
            | "req/s"
            | "requests/s"
            | "requests per second"
            | "queries/s"
            | "queries per second"
            | "req/min"
            | "requests/min"
    ) || (unit == "/s" && {
        // ("at 8 req/s: 412 ms": a unit before a colon is read as a bare "/s")
        let t = &lower[start..end];
        t.contains("req") || t.contains("quer")
    });
    // "Traffic: about 40k images/day", "peak demand of 900 req/s": what users ask of a system
    {
        let sentence = seg.sentence(lower, &(start..end));
        let from = sentence.start.max(start.saturating_sub(40)).min(start);
        let from = crate::lines::floor_char_boundary(lower, from);
        if has_word(&lower[from..start], &["traffic", "demand"]) {
            return true;
        }
    }
    if !request {
        return false;
    }
    let cue = cue_before(lower, start);
    // "以 4 req/s 的速率压测": at a rate of, in Chinese
    // "Below 6 req/s every engine keeps up", "above 12 req/s": a range of loads
    if lower[..start].trim_end().ends_with('以') || matches!(cue, "below" | "above") {
        return true;
    }
    // "From about 9 req/s vLLM flattens out near 2,900 output tokens/s": a load where another
    // rate is the result (not a change, "from 9.8 to 14.1 req/s")
    if cue == "from" && !lower[start..end].contains(" to ") && {
        let s = &lower[seg.sentence(lower, &(start..end))];
        s.contains("tokens/s") || s.contains("tok/s")
    } {
        return true;
    }
    if cue == "at" {
        // "the Ferrule run at 16.4 req/s", "replayed 500 prompts … at 0.5 req/s"
        let head = &lower[seg.sentence(lower, &(start..end)).start.min(start)..start];
        let run = has_word(
            head,
            &[
                "run",
                "runs",
                "replayed",
                "replay",
                "replaying",
                "sent",
                "fed",
            ],
        );
        // "5,190 tokens/s at 16.4 req/s": the load the rate before it was measured at
        let rate_before = {
            let h = lower[..start].trim_end();
            let h = h.strip_suffix("at").unwrap_or(h).trim_end();
            ["tokens/s", "tok/s", "tokens/sec", " ms", " s"]
                .iter()
                .any(|u| h.ends_with(u))
        };
        if run || rate_before {
            return true;
        }
    }
    // "once the offered load passes 24 req/s", "the arrival rate reaches 9 req/s": the load
    // named before it
    {
        let h = &lower[..start];
        let from = crate::lines::floor_char_boundary(h, h.len().saturating_sub(40));
        if ["offered load", "offered rate", "arrival rate"]
            .iter()
            .any(|w| h[from..].contains(w))
        {
            return true;
        }
    }
    // "with 20 QPS of Llama-3.1-8B traffic": the traffic sent
    if word_after(lower, end).1 == "of"
        && words(ahead(lower, end, 60))
            .skip(1)
            .take(4)
            .any(|w| matches!(w, "traffic" | "load"))
    {
        return true;
    }
    // "under a steady 400 QPS"
    let mut to = start;
    let under = loop {
        let (s, w) = word_before(lower, to);
        match w {
            "a" | "an" | "steady" | "constant" | "sustained" | "fixed" if s > 0 => to = s,
            _ => break w == "under",
        }
    };
    if under {
        return true;
    }
    // "at 8 req/s"; "past 20 req/s every engine saturates"
    if !(matches!(cue, "at" | "past" | "beyond")
        || matches!(word_after(lower, end).1, "offered" | "load" | "arrival"))
    {
        return false;
    }
    if cue != "at" {
        return true;
    }
    // "one L40S serves SDXL at 0.69 requests/s": the rate a system sustains
    let clause = seg.clause(lower, &(start..end));
    if has_word(
        &lower[clause.start.min(start)..start],
        &[
            "serves",
            "served",
            "serving",
            "sustains",
            "sustained",
            "handles",
            "handled",
        ],
    ) {
        return false;
    }
    let s = &lower[seg.sentence(lower, &(start..end))];
    has_word(s, LATENCY_CUES) || has_word(s, LOAD_WORDS) || states(Vocabulary::Setting, s)
}

/// Whether the compute or bandwidth rate `start..end` is multiplied by a count of devices or
/// links ("1024 x 1.68 TB/s is the 1.72 PB/s total", "8 × 989 TFLOPS"): arithmetic on a
/// per-device figure, a specification, unless its sentence says it was measured.
fn counted_rate(lower: &str, seg: &Segments, start: usize, end: usize, states: States) -> bool {
    let head = lower[..start].trim_end();
    let Some(h) = head
        .strip_suffix('x')
        .or_else(|| head.strip_suffix('×'))
        .or_else(|| head.strip_suffix('*'))
    else {
        return false;
    };
    // a whole count before the sign: "1024 x", "8×"
    let n = h.trim_end();
    let count = n.ends_with(|c: char| c.is_ascii_digit()) && {
        let (ws, w) = word_before(n, n.len());
        !w.is_empty()
            && w.bytes().all(|c| c.is_ascii_digit() || c == b',')
            && !n[..ws].ends_with('.')
    };
    let sentence = &lower[seg.sentence(lower, &(start..end))];
    count && !has_word(sentence, MEASURED_WORDS) && !states(Vocabulary::Measurement, sentence)
}

/// The claim a table cell makes with its number at `span` of `text` (a row's text), its kind
/// and unit given by its column's header or the heading above the table (`cells`).
pub(super) fn claim_at(text: &str, span: Range<usize>, kind: ClaimKind, unit: &str) -> Claim {
    let lower = text.to_ascii_lowercase();
    let seg = Segments::new(lower.as_bytes());
    let (value, _) = value_and_unit(&text[span.clone()], kind);
    Claim {
        clause: seg.clause(&lower, &span),
        sentence: seg.sentence(&lower, &span),
        own: span.clone(),
        from_to: false,
        capability: false,
        span,
        kind,
        value,
        unit: unit.into(),
        bound: Bound::default(),
    }
}

/// Marks as specifications the rates compared with a specification in the same sentence
/// ("10 TFLOPS against B200's 296 TFLOPS per the same table"): two figures of the datasheet
/// set side by side, unless the sentence says one was measured ("sustained 610 TFLOPS, against
/// the 989 TFLOPS datasheet number").
fn spec_pairs(lower: &str, claims: &mut [Claim], states: States) {
    let peak = |c: &Claim| matches!(c.kind, ClaimKind::Rate { peak_unit: true });
    for k in 1..claims.len() {
        let (a, b) = (&claims[k - 1], &claims[k]);
        if !(peak(a) && peak(b)) || a.capability == b.capability || a.sentence != b.sentence {
            continue;
        }
        let between = &lower[a.span.end..b.span.start];
        let compared = words(between)
            .take(4)
            .any(|w| matches!(w, "against" | "vs" | "vs." | "versus" | "compared"))
            && words(between).count() <= 4;
        let s = &lower[a.sentence.clone()];
        if compared && !has_word(s, MEASURED_WORDS) && !states(Vocabulary::Measurement, s) {
            claims[k - 1].capability = true;
            claims[k].capability = true;
        }
    }
}

/// Whether the multiplier or percentage ending at `end` counts a project's popularity ("3x
/// more contributors", "twice as many stars", "a 2x increase in monthly downloads"), or its
/// clause is about popularity and names no performance at all.
fn popularity(lower: &str, clause: &Range<usize>, end: usize) -> bool {
    let ahead = &lower[end..crate::lines::floor_char_boundary(lower, (end + 80).min(lower.len()))];
    let mut next = words(ahead).peekable();
    while let Some(w) = next.next() {
        if POPULARITY_NOUNS.contains(&w)
            || (w == "pull" && next.peek().is_some_and(|n| n.starts_with("request")))
        {
            return true;
        }
        if !POPULARITY_FILLERS.contains(&w) {
            break;
        }
    }
    let c = &lower[clause.clone()];
    has_word(c, POPULARITY_NOUNS)
        && !has_word(c, SPEED_WORDS)
        && !has_word(c, PERF_NOUNS)
        && !has_word(c, UTILIZATION_WORDS)
        && !RATE_UNITS.iter().any(|(u, _)| c.contains(u))
}

/// Words that may stand between a number and its rate unit: "6,420 output tokens/s".
/// What a run or a build produces whose size a change reports ("the final image went from
/// 1.94 GB to 412 MB", "peak commit went from 71 GB to 58 GB").
const SIZE_WORDS: &[&str] = &[
    "image",
    "binary",
    "bundle",
    "apk",
    "artifact",
    "artifacts",
    "index",
    "package",
    "footprint",
    // "peak heap … went from 96 MiB to 4 MiB", "the texture streaming pool shrank from 2.9 GB"
    "heap",
    "pool",
    "commit",
    "download",
    "spill",
    "spilled",
    "checkpoint",
    "checkpoints",
];

const RATE_QUALIFIERS: &[&str] = &[
    "output",
    "input",
    "generated",
    "total",
    "prefill",
    "decode",
    // ("16.8M env steps/s", "60,500 environment steps/s")
    "env",
    "environment",
];

/// The end of a rate unit written as a noun per second or minute at `u` ("24,270 vectors/s",
/// "rows/sec", "118 pairs/min"),
/// not one of `RATE_UNITS`.
fn per_second(lower: &[u8], u: usize) -> Option<usize> {
    let mut k = u;
    // ("audio-seconds per second": a hyphen inside the noun)
    while k < lower.len()
        && (lower[k].is_ascii_lowercase()
            || lower[k] == b'-' && k > u && lower.get(k + 1).is_some_and(u8::is_ascii_lowercase))
    {
        k += 1;
    }
    if k - u < 3 {
        return None;
    }
    // "410,000 samples per second", "118 pairs per minute", "74 tokens por segundo"; not "3
    // times per second"
    // (in Italian "al secondo")
    // ("22 tokens a second", as people say it)
    const PER: [&[u8]; 6] = [b" per ", b" por ", b" par ", b" pro ", b" al ", b" a "];
    let per = PER.iter().find(|p| lower[k..].starts_with(p));
    if let Some(p) = per.filter(|_| &lower[u..k] != b"times") {
        let w = k + p.len();
        return [
            &b"seconde"[..],
            b"second",
            b"segundo",
            b"secondo",
            b"sekunde",
            b"sec",
            b"minute",
            b"minuto",
            b"min",
            // ("1.03 genomes per hour", "25 genomes per day"; not "430 pipelines a day", a count
            // as people say it)
            b"hour",
            b"day",
        ]
        .iter()
        .filter(|unit| p.starts_with(b" per") || !matches!(**unit, b"hour" | b"day"))
        .find(|unit| {
            lower[w..].starts_with(unit)
                && lower.get(w + unit.len()).is_none_or(|c| !is_word_byte(*c))
        })
        .map(|unit| w + unit.len());
    }
    if lower.get(k) != Some(&b'/') {
        return None;
    }
    let rest = &lower[k + 1..];
    // ("171 queries/hour", "25 genomes/day")
    let n = if rest.starts_with(b"hour") {
        4
    } else if rest.starts_with(b"sec") || rest.starts_with(b"min") || rest.starts_with(b"day") {
        3
    } else if rest.starts_with(b"s") || rest.starts_with(b"h") {
        1
    } else {
        return None;
    };
    let end = k + 1 + n;
    // ("117,890 reads/s/GPU": per second and per device)
    let end = match lower.get(end) {
        Some(b'/') => {
            let d = lower[end + 1..]
                .iter()
                .take_while(|c| c.is_ascii_alphanumeric())
                .count();
            if !(2..=6).contains(&d) {
                return None;
            }
            end + 1 + d
        }
        _ => end,
    };
    lower
        .get(end)
        .is_none_or(|c| !is_word_byte(*c) && *c != b'/')
        .then_some(end)
}

/// What a cost is per when it measures efficiency: an amount of work, not a span of time.
const WORK_UNITS: &[&str] = &[
    "token",
    "tokens",
    "million",
    "1m",
    "1k",
    "thousand",
    "image",
    "images",
    "request",
    "requests",
    "query",
    "queries",
    "inference",
    "inferences",
    "step",
    "steps",
];

/// Where the first word of work in `s` ends ("per 1M output tokens" → after "tokens"), if it
/// ends within `limit` bytes.
fn work_word_end(s: &str, limit: usize) -> Option<usize> {
    [
        "tokens", "token", "images", "image", "requests", "request", "queries", "query",
    ]
    .iter()
    .filter_map(|w| s.find(w).map(|k| k + w.len()))
    .filter(|&end| end <= limit)
    .min()
}

/// Whether the amount of money at `dollar..end` is a cost per unit of work: "$0.40 per 1M
/// tokens", "$0.21/1M tokens", or after "cost per million output tokens" in its clause. Gives
/// the text that is the claim's own (the amount and what it is per).
fn cost_per_work(lower: &str, seg: &Segments, dollar: usize, end: usize) -> Option<Range<usize>> {
    let tail_at = skip_space(lower.as_bytes(), end);
    let tail = &lower[tail_at..];
    let per = tail
        .strip_prefix("per ")
        .or_else(|| tail.strip_prefix('/'))
        .map(|t| lower.len() - t.len());
    if let Some(p) = per {
        if words(&lower[p..])
            .next()
            .is_some_and(|w| WORK_UNITS.contains(&w))
        {
            // the unit runs to the end of its word of work ("per 1M output tokens")
            return Some(dollar..p + work_word_end(&lower[p..], 40).unwrap_or(0));
        }
    }
    let c = seg.clause(lower, &(dollar..end));
    let head = &lower[c.start..dollar];
    let ws: Vec<&str> = words(head).collect();
    let found = ws.windows(2).enumerate().any(|(k, p)| {
        matches!(p, ["cost" | "price", "per"])
            && ws[k + 2..].iter().take(3).any(|w| WORK_UNITS.contains(w))
    });
    found.then(|| {
        // the unit is "cost per million output tokens": up to its word of work
        let from = head
            .rfind("cost per")
            .or_else(|| head.rfind("price per"))
            .unwrap_or(0);
        let to = work_word_end(&head[from..], 48).unwrap_or("cost per".len());
        c.start + from..c.start + from + to
    })
}

/// Whether the multiplier ending at `end` counts devices of a product the vocabulary does not
/// know, named as products are: a capitalised word and a model number ("8x Vesta V2 vs 8x
/// Vesta V1", "4× Gaudi 3", "2x AMD EPYC 9654"), not a word of speed ("2x Faster Inference").
fn device_count(text: &str, end: usize) -> bool {
    let rest = &text[end..];
    let Some(rest) = rest.strip_prefix(' ') else {
        return false;
    };
    let mut ws = rest.split(' ');
    let (Some(name), Some(model)) = (ws.next(), ws.next()) else {
        return false;
    };
    let model = model.trim_end_matches([',', '.', ';', ':', ')']);
    let lower = name.to_ascii_lowercase();
    // (a vendor, then its product: "2x AMD EPYC 9654", "2x Intel Xeon Platinum 8480+")
    if matches!(
        lower.as_str(),
        "amd" | "nvidia" | "intel" | "ampere" | "arm" | "ibm" | "aws" | "google" | "apple"
    ) && model.starts_with(|c: char| c.is_ascii_uppercase())
    {
        return true;
    }
    name.len() >= 3
        && name.starts_with(|c: char| c.is_ascii_uppercase())
        && name[1..].bytes().all(|b| b.is_ascii_lowercase())
        && !COMPARATIVES.contains(&lower.as_str())
        && !SPEED_WORDS.contains(&lower.as_str())
        && !model.is_empty()
        && model.len() <= 5
        && model.bytes().all(|b| b.is_ascii_alphanumeric())
        && model.bytes().any(|b| b.is_ascii_digit())
}

/// Whether the number at `start` follows a popularity label ("Contributors: 3x more than in
/// 0.7").
fn popularity_label(lower: &str, start: usize) -> bool {
    lower[..start]
        .trim_end()
        .strip_suffix(':')
        .is_some_and(|h| POPULARITY_NOUNS.contains(&word_before(h, h.len()).1))
}

/// Every performance claim in `text`, in order, without fields bound. Linear in the length
/// of the text: each claim looks at a bounded window around it.
/// The end of a power reading at `i..num_end`, when the words before it say it was drawn
/// while something ran ("the Orin draws 31 W at the wall", "pulls 7.9 W while generating",
/// "average power was 212 W"); not a limit, a rating or a mode ("power-limited to 280 W",
/// "a 450 W TDP", "in 15 W mode", "draws up to 700 W").
fn measured_power<'s>(
    lower: &str,
    seg: impl Fn() -> &'s Segments,
    i: usize,
    num_end: usize,
) -> Option<usize> {
    let b = lower.as_bytes();
    let u = skip_space(b, num_end);
    let unit = ["watts", "watt", "kw", "mw", "w"].iter().find(|w| {
        lower[u..].starts_with(**w) && b.get(u + w.len()).is_none_or(|c| !is_word_byte(*c))
    })?;
    let end = u + unit.len();
    // (the text's segments only once a power follows the number)
    let seg = seg();
    let clause = seg.clause(lower, &(i..end));
    let head: Vec<&str> = words(&lower[clause.start.min(i)..i]).collect();
    let near = &head[head.len().saturating_sub(4)..];
    let drawn_word = |w: &str| {
        matches!(
            w,
            "draws"
                | "drew"
                | "drawing"
                | "pulls"
                | "pulled"
                | "pulling"
                | "consumes"
                | "consumed"
                | "consuming"
                | "averages"
                | "averaged"
                | "averaging"
                // in German: "ein Knoten zieht im Mittel 2,9 kW", "verbraucht 310 W"
                | "zieht"
                | "zog"
                | "verbraucht"
                | "verbrauchte"
        )
    };
    // the power named, then what it was
    let names_power = |ws: &[&str]| ws.iter().any(|w| matches!(*w, "power" | "draw"));
    // "average board power in our gaming loop was 312 W"
    // ("the package power stayed around 38 W during the run")
    let verb = head.iter().rev().find(|w| !HEDGES.contains(w)).copied();
    let named = names_power(&head)
        && matches!(
            verb,
            Some(
                "is" | "was"
                    | "averaged"
                    | "averages"
                    | "stayed"
                    | "stays"
                    | "hovered"
                    | "hovers"
                    | "sat"
                    | "peaked"
                    | "settled"
                    // "board power … dropped from 212 W to 188 W": both readings of a change
                    | "from"
                    | "to"
            )
        );
    // "the 7950X package sat at 38 W": a reading held during the run
    let held = matches!(
        near,
        [
            ..,
            "sat" | "sits" | "sitting" | "stayed" | "hovered" | "hovering" | "settled",
            "at" | "around"
        ]
    );
    // "… was 312 W on the 9070 XT and 287 W on the 5070 Ti": the next reading of a list
    // ("while drawing 61 W instead of 212 W": the other reading of the comparison)
    let instead = lower[..i].trim_end().ends_with("instead of");
    let listed = (instead
        || matches!(
            word_before(lower, i).1,
            "and" | "vs" | "vs." | "versus" | "against"
        ))
        && {
            let s = seg.sentence(lower, &(i..end));
            let before: Vec<&str> = words(&lower[s.start.min(i)..i]).collect();
            before.iter().any(|w| drawn_word(w))
                || (names_power(&before)
                    && before
                        .iter()
                        .any(|w| matches!(*w, "is" | "was" | "averaged")))
        };
    // "Average IT power was 5.9 MW, peaking at 6.4 MW": the peak of a power the sentence
    // reads
    let peaking = matches!(near, [.., "peaking" | "peaked" | "peaks", "at"]) && {
        let s = seg.sentence(lower, &(i..end));
        names_power(&words(&lower[s.start.min(i)..i]).collect::<Vec<_>>())
    };
    // "Drive power during the random-read runs: PM9A3 13.1 W, CM7-R 21.8 W": readings listed
    // by system after a lead-in that names the power
    let lead_listed = {
        let s = seg.sentence(lower, &(i..end));
        let head = &lower[s.start.min(i)..i];
        head.rfind(':').is_some_and(|c| {
            names_power(&words(&head[..c]).collect::<Vec<_>>())
                && head[c + 1..]
                    .split([',', ';'])
                    .all(|p| words(p).count() <= 4)
        })
    };
    // "127 fps at 6.3 W": the power a run drew at the rate it reached
    let at_rate = matches!(near, [.., u, "at"] if unit_in(u).is_some());
    let drawn = named
        || held
        || listed
        || at_rate
        || peaking
        || lead_listed
        || near.iter().any(|w| drawn_word(w))
        || matches!(
            near,
            [
                ..,
                "power" | "draw" | "consumption",
                "is" | "was" | "of" | "at"
            ]
        )
        || ahead(lower, end, 16)
            .trim_start()
            .starts_with("at the wall")
        // "1.9 mW average over a 60 s capture": a statistic of readings
        || matches!(
            words(ahead(lower, end, 16)).next(),
            Some("average" | "avg" | "mean" | "median")
        );
    let limit = head.iter().any(|w| {
        POWER_LIMIT_WORDS.contains(w)
            || matches!(
                *w,
                "limited" | "limits" | "capped" | "supply" | "envelope" | "up"
            )
    }) || words(ahead(lower, end, 24)).take(2).any(|w| {
        POWER_LIMIT_WORDS.contains(&w) && !matches!(w, "rated" | "max" | "maximum" | "spec")
    });
    (drawn && !limit).then_some(end)
}

/// The end and unit of a change "from N to M" of bare numbers starting at `i..num_end`, when
/// the clause names the rate before it ("QPS goes from 3,410 to 2,900"; not "batch from 8 to
/// 64", nor "from 2,418 tok/s to 1,987 tok/s", which carries its unit).
fn named_from_to(
    lower: &str,
    seg: &Segments,
    i: usize,
    num_end: usize,
) -> Option<(usize, &'static str)> {
    // (or an arrow between them: "QPS went 820 → 3,150")
    let from = word_before(lower, i).1 == "from";
    let b = lower.as_bytes();
    // (the number read already holds the range: "3,410 to 2,900"; "from 1.52M to 1.74M")
    let end = if from && lower[i..num_end].contains(" to ") {
        num_end
    } else {
        let to = skip_space(b, magnitude_end(b, num_end));
        let rest = if from {
            lower[to..].strip_prefix("to ")?
        } else {
            lower[to..]
                .strip_prefix('→')
                .or_else(|| lower[to..].strip_prefix("->"))?
        };
        magnitude_end(b, number_at(b, skip_space(b, lower.len() - rest.len()))?)
    };
    // (the second value bare: no unit, share or multiplier after it)
    if b.get(end)
        .is_some_and(|c| is_word_byte(*c) || matches!(c, b'%' | b'/'))
    {
        return None;
    }
    let (_, next) = word_after(lower, end);
    if !next.is_empty()
        && (rate_units_at(next.as_bytes()).next().is_some()
            || matches!(
                next,
                "x" | "%" | "ms" | "s" | "us" | "gb" | "mb" | "percent"
            ))
    {
        return None;
    }
    // ("… 152 ns/day when moving from 4.1 to 4.2": a change of release, not of the rate)
    let (fs, _) = word_before(lower, i);
    if from
        && matches!(
            word_before(lower, fs).1,
            "moving" | "upgrading" | "switching" | "migrating" | "updating" | "bumping"
        )
    {
        return None;
    }
    // ("plot TFLOPS against size from 512 to 8192": the range of a sweep's axis, not the rate)
    if from
        && matches!(
            word_before(lower, fs).1,
            "size"
                | "sizes"
                | "batch"
                | "length"
                | "lengths"
                | "dimension"
                | "dimensions"
                | "shape"
                | "shapes"
                | "threads"
                | "nodes"
                | "gpus"
                | "ranks"
                | "workers"
        )
    {
        return None;
    }
    let clause = seg.clause(lower, &(i..end));
    let head = &lower[clause.start.min(i)..if from { fs } else { i }];
    let (unit, _) = unit_in(head)?;
    Some((end, unit))
}

/// The end of a number's magnitude suffix ("1.52m", "402k", "3.1b") after `end`, or `end`.
fn magnitude_end(b: &[u8], end: usize) -> usize {
    match b.get(end) {
        Some(b'k' | b'm' | b'b') if b.get(end + 1).is_none_or(|c| !is_word_byte(*c)) => end + 1,
        _ => end,
    }
}

/// A number written without a unit at `at` (digits, perhaps a magnitude: "1.08m", "688k"),
/// followed by no unit, share or multiplier of its own: its end.
fn bare_value(lower: &str, at: usize) -> Option<usize> {
    let b = lower.as_bytes();
    let at = if b.get(at) == Some(&b'~') { at + 1 } else { at };
    let num = number_at(b, at).filter(|&e| e > at)?;
    let end = magnitude_end(b, num);
    // (a measured value as rates are written: a magnitude, a fraction or grouped thousands,
    // not a name's number, "an RTX 3090 versus …")
    if end == num && !lower[at..num].contains(['.', ',']) {
        return None;
    }
    // (not a release, "0.8.0:", nor a label)
    if lower[at..num].matches('.').count() > 1
        || b.get(end)
            .is_some_and(|c| is_word_byte(*c) || matches!(c, b'%' | b'/' | b'.' | b'\'' | b':'))
    {
        return None;
    }
    let (_, next) = word_after(lower, end);
    let own_unit = rate_units_at(next.as_bytes()).next().is_some()
        || matches!(
            next,
            "x" | "%" | "ms" | "s" | "us" | "gb" | "mb" | "percent"
        );
    (!own_unit).then_some(end)
}

/// Values a rate claim is compared with or against, written without the unit it shares:
/// "2.71M IOPS vs 1.08M for the PM9A3", "Postgres 39.8k vs MySQL 33.1k TPS".
fn compared_bare(lower: &str, claims: &[Claim]) -> Vec<(Range<usize>, usize)> {
    const VERSUS: &[&str] = &["vs", "vs.", "versus", "against"];
    let mut found = Vec::new();
    for (k, c) in claims.iter().enumerate() {
        // (a rate written with its unit: not a value that took it from another, "… vs 66.3")
        let written = lower[c.span.clone()]
            .split(|ch: char| !ch.is_ascii_alphabetic())
            .any(|w| w.len() >= 2);
        if !matches!(c.kind, ClaimKind::Rate { .. }) || c.capability || !written {
            continue;
        }
        // after: "… IOPS vs 1.08M", "… IOPS for the CM7-R vs 1.08M" (a few words between)
        let mut at = c.span.end;
        for _ in 0..5 {
            let (ws, w) = word_after(lower, at);
            if w.is_empty() || w.contains(|ch: char| ch.is_ascii_digit()) {
                break;
            }
            if VERSUS.contains(&w) {
                let n = skip_space(lower.as_bytes(), ws + w.len());
                if let Some(e) = bare_value(lower, n) {
                    found.push((n..e, k));
                }
                break;
            }
            if lower[at..ws].contains([',', ';', '(', ')', ':']) {
                break;
            }
            at = ws + w.len();
        }
        // before: "39.8k vs MySQL 33.1k TPS" (at most two words between)
        let mut at = c.span.start;
        for _ in 0..3 {
            let (ws, w) = word_before(lower, at);
            if w.is_empty() || w.contains(|ch: char| ch.is_ascii_digit()) {
                break;
            }
            if VERSUS.contains(&w) {
                let h = lower[..ws].trim_end();
                let b = h.as_bytes();
                let mut ps = h.len();
                if ps > 0 && matches!(b[ps - 1], b'k' | b'm' | b'b') {
                    ps -= 1;
                }
                while ps > 0 && (b[ps - 1].is_ascii_digit() || matches!(b[ps - 1], b',' | b'.')) {
                    ps -= 1;
                }
                let alone =
                    ps == 0 || !(is_word_byte(b[ps - 1]) || matches!(b[ps - 1], b'-' | b'#'));
                if alone && ps < h.len() && bare_value(lower, ps) == Some(h.len()) {
                    found.push((ps..h.len(), k));
                }
                break;
            }
            if lower[ws + w.len()..at].contains([',', ';', '(', ')', ':']) {
                break;
            }
            at = ws;
        }
    }
    found
}

/// Whether the number at `at` carries a sign of change right before it ("+18%", "−4%").
fn signed_at(lower: &str, at: usize) -> bool {
    let h = &lower[..at];
    h.ends_with('+')
        || h.ends_with('−')
        || (h.ends_with('-') && !h[..h.len() - 1].ends_with(|c: char| c.is_ascii_alphanumeric()))
}

/// The signed percentages of `sentence` each after a word ("dgrad +11%"), as ranges without
/// the sign.
fn signed_shares(lower: &str, sentence: Range<usize>) -> impl Iterator<Item = Range<usize>> + '_ {
    let b = lower.as_bytes();
    let mut at = sentence.start;
    std::iter::from_fn(move || {
        while at < sentence.end {
            let i = at;
            at += 1;
            if !b[i].is_ascii_digit() || (i > 0 && (b[i - 1].is_ascii_digit() || b[i - 1] == b'.'))
            {
                continue;
            }
            if !signed_at(lower, i) {
                continue;
            }
            let Some(end) = number_at(b, i) else {
                continue;
            };
            if b.get(end) != Some(&b'%') {
                continue;
            }
            // (after a word and a space: "dgrad +11%", not "(+11%)")
            let sign = lower[..i].char_indices().next_back().map_or(i, |(p, _)| p);
            if !lower[..sign].ends_with(' ')
                || !lower[..sign]
                    .trim_end()
                    .ends_with(|c: char| c.is_ascii_alphabetic())
            {
                continue;
            }
            at = end + 1;
            return Some(i..end + 1);
        }
        None
    })
}

/// The claim of `kind` at `span` of `text` (`lower`: `text` lower-cased; `seg`: its clause and
/// sentence ends), its fields not yet bound.
fn new_claim(
    text: &str,
    lower: &str,
    seg: &Segments,
    span: Range<usize>,
    kind: ClaimKind,
) -> Claim {
    let (value, unit) = value_and_unit(&text[span.clone()], kind);
    let q = quantifier_start(lower, span.start);
    let from_to = lower[span.clone()].contains(" to ") && lower[..q].trim_end().ends_with("from");
    Claim {
        clause: seg.clause(lower, &span),
        sentence: seg.sentence(lower, &span),
        own: q..span.end,
        from_to,
        capability: false,
        span,
        kind,
        value,
        unit: unit.into_boxed_str(),
        bound: Bound::default(),
    }
}

/// The size an item of a list of footprints states after its label ("- WAMR fast interpreter:
/// 17 MB" under "Resident memory after instantiating the module:"): the memory that run kept.
pub fn listed_footprint(text: &str) -> Option<Claim> {
    // (a colon in the first 49 bytes: looked for before the text is copied in lower case)
    let colon = memchr::memchr(b':', &text.as_bytes()[..text.len().min(49)])?;
    let lower = text.to_ascii_lowercase();
    let b = lower.as_bytes();
    let at = skip_space(b, colon + 1);
    let num_end = number_at(b, at).filter(|&e| e > at)?;
    let u = skip_space(b, num_end);
    let unit = ["gib", "mib", "kib", "tib", "gb", "mb", "kb", "tb"]
        .iter()
        .find(|un| {
            lower[u..].starts_with(*un) && b.get(u + un.len()).is_none_or(|c| !is_word_byte(*c))
        })?;
    let seg = Segments::new(b);
    Some(new_claim(
        text,
        &lower,
        &seg,
        at..u + unit.len(),
        ClaimKind::Saving,
    ))
}

pub fn find_claims(text: &str, states: States) -> Vec<Claim> {
    find_claims_in(text, states, false)
}

/// The claims of a text, which is a table's row when `row` is set (its cells' header says
/// what they hold: a bare signed share there is no change unless the header says so).
pub fn find_claims_in(text: &str, states: States, row: bool) -> Vec<Claim> {
    let lower_s = text.to_ascii_lowercase();
    let lower = lower_s.as_bytes();
    // clause and sentence ends, found only once a number may be a claim
    let seg_cell = std::cell::OnceCell::new();
    let seg = || seg_cell.get_or_init(|| Segments::new(lower));
    let hypothetical = |r: &Range<usize>| hypothetical(&lower_s, seg(), r, states);
    // "SLO: TTFT p99 ≤ 1.5 s": a bound a sentence of settings sets, not a result
    // ("SLO: p99 TTFT at most 2 s")
    let bound = |r: &Range<usize>| {
        let h = lower_s[..r.start].trim_end();
        (h.ends_with(['≤', '<', '≦', '＜'])
            || h.ends_with("<=")
            || h.ends_with(" at most")
            || h.ends_with(" no more than"))
            && states(Vocabulary::Setting, &lower_s[seg().sentence(&lower_s, r)])
    };
    let claim = |span: Range<usize>, kind: ClaimKind| new_claim(text, &lower_s, seg(), span, kind);
    let mut out: Vec<Claim> = Vec::new();
    // Chinese units and cues are looked for only in a text that has characters beyond ASCII
    let cjk = !lower.is_ascii();
    let mut i = 0;
    while i < lower.len() {
        // a claim starts at a number: on to the next digit (most of a text has none)
        let Some(digit) = lower[i..].iter().position(u8::is_ascii_digit) else {
            break;
        };
        i += digit;
        let word_start = i == 0
            || !(is_word_byte(lower[i - 1])
                || lower[i - 1] == b'.'
                || lower[i - 1] == b'@'
                || (lower[i - 1] == b'-' && i > 1 && is_word_byte(lower[i - 2])));
        if !word_start {
            i += 1;
            continue;
        }
        let Some(num_end) = number_at(lower, i) else {
            i += 1;
            continue;
        };
        // a release's number, "0.6.1 tok/s" naming a column, is no value (a German number,
        // "1.234.567", groups its digits by three)
        let first = super::text::digits_end(lower, i);
        if super::text::is_release(&lower_s[i..first]) {
            i = first;
            continue;
        }
        // a date ("2025-01-10", "2024-11"): no value
        if let Some(end) = date_at(lower, i) {
            i = end;
            continue;
        }
        // a clock's parts ("00:21:07"): none a value of its own
        let clock_part = |j: usize| {
            lower.get(j) == Some(&b':') && {
                let k = if j > i { j + 1 } else { j.wrapping_sub(1) };
                lower.get(k).is_some_and(u8::is_ascii_digit)
            }
        };
        let digits = super::text::digits_end(lower, i);
        if (i > 0 && clock_part(i - 1)) || clock_part(digits) {
            i = digits;
            continue;
        }
        // "180+ TFLOPS", "100+ tokens/s": at least the number (not "2+2", "2.6.0+cu121")
        let num_end = if lower.get(num_end) == Some(&b'+')
            && lower.get(num_end + 1).is_none_or(|c| {
                !c.is_ascii_alphanumeric() || {
                    let u = skip_space(lower, num_end + 1);
                    rate_units_at(&lower[u..]).next().is_some()
                }
            }) {
            num_end + 1
        } else {
            num_end
        };
        // "cost per million output tokens down to $0.17", "$0.40 per 1M tokens": a cost per unit
        // of work, an efficiency (a price alone, "$1.86 per hour", is none)
        let cost = (i > 0 && lower[i - 1] == b'$')
            .then(|| {
                cost_per_work(&lower_s, seg(), i - 1, num_end).or_else(|| {
                    // "$0.23 per 1M tokens, against $0.41 on the older instance": the cost it
                    // is compared with
                    let prev = out.last()?;
                    (&*prev.unit == "$"
                        && prev.sentence.contains(&i)
                        && matches!(
                            cue_before(&lower_s, i - 1),
                            "against" | "vs" | "vs." | "versus" | "from" | "to" | "and" | "or"
                        ))
                    .then_some(i - 1..num_end)
                })
            })
            .flatten();
        if let Some(own) = cost {
            if !hypothetical(&(i - 1..num_end)) {
                let mut c = claim(i - 1..num_end, ClaimKind::Rate { peak_unit: false });
                c.unit = "$".into();
                // what it is per is its unit, not a workload ("output tokens")
                c.own = own;
                out.push(c);
            }
            i = num_end;
            continue;
        }
        // "RTF 0.08", "RTFx of 150", "RTF=0.05": a real-time factor written before its value
        if let Some((start, unit)) = unit_before(&lower_s, i) {
            if !hypothetical(&(start..num_end)) {
                let mut c = claim(start..num_end, ClaimKind::Rate { peak_unit: false });
                c.unit = unit.into();
                out.push(c);
            }
            i = num_end;
            continue;
        }
        let after = skip_space(lower, num_end);
        // "초당 5.8건": a count per second
        if let Some(end) = cjk
            .then(|| super::cjk::per_second_count(&lower_s, i, after))
            .flatten()
        {
            if !hypothetical(&(i..end)) {
                let mut c = claim(i..end, ClaimKind::Rate { peak_unit: false });
                c.unit = "/s".into();
                out.push(c);
            }
            i = end;
            continue;
        }
        // "1.6 倍", "耗时 0.43 秒" (see `cjk`)
        if let Some((end, unit)) = cjk.then(|| super::cjk::unit_at(&lower_s, after)).flatten() {
            let kind = match unit {
                super::cjk::Unit::Times => ClaimKind::Multiplier,
                super::cjk::Unit::Time(_) => ClaimKind::Latency,
            };
            // "3～4 倍": a range with a full-width tilde
            let head = &lower_s[..i];
            let start = head
                .strip_suffix(['～', '~', '-', '–'])
                .map(|h| h.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.'))
                .filter(|h| h.len() < i - 1 && !h.ends_with(|c: char| c.is_ascii_alphanumeric()))
                .map_or(i, str::len);
            if super::cjk::states_result(&lower_s, start, end, unit)
                && !hypothetical(&(start..end))
                && !bound(&(start..end))
            {
                out.push(claim(start..end, kind));
            }
            i = end;
            continue;
        }
        // "draws 31 W at the wall": power measured while a run goes on
        if let Some(end) = measured_power(&lower_s, seg, i, num_end) {
            if !hypothetical(&(i..end)) {
                out.push(claim(i..end, ClaimKind::Rate { peak_unit: false }));
            }
            i = end;
            continue;
        }
        let rest = &lower[after..];
        // multiplier: 2.3x, 3×, 10-100x
        let x_len = if rest.first() == Some(&b'x') {
            1
        } else if rest.starts_with("×".as_bytes()) {
            2
        } else {
            0
        };
        // "×1.30": the sign before a ratio, as tables of ratios write it (not "1024×1024", a
        // product, nor "×8", a count); "×1.00" is the reference itself
        if x_len == 0
            && lower_s[..i]
                .strip_suffix('×')
                .is_some_and(|h| !h.ends_with(|c: char| c.is_alphanumeric() || c == '.'))
            && lower_s[i..num_end].contains(['.', ','])
            && lower.get(num_end).is_none_or(|c| !is_word_byte(*c))
        {
            let start = i - '×'.len_utf8();
            let n = lower_s[i..num_end]
                .trim_end_matches('0')
                .trim_end_matches(['.', ',']);
            if n != "1" && !hypothetical(&(start..num_end)) {
                out.push(claim(start..num_end, ClaimKind::Multiplier));
            }
            i = num_end;
            continue;
        }
        // "2600 X" (a table's "not supported" mark after a number) and "7950X" (a product)
        let product = x_len == 1
            && text.as_bytes()[after] == b'X'
            && (after > num_end
                || (num_end - i >= 3 && !lower_s[i..num_end].contains('.') && {
                    let w = word_after(&lower_s, after + 1).1;
                    !COMPARATIVES.contains(&w) && !SPEED_WORDS.contains(&w)
                }));
        if product {
            i = after + 1;
            continue;
        }
        if x_len > 0 {
            let end = after + x_len;
            let boundary = lower.get(end).is_none_or(|c| !is_word_byte(*c));
            // "132 × *k* thread blocks": a product with a variable
            // "6 × parameters × tokens": a formula
            let formula = {
                let (ws, w) = word_after(&lower_s, end);
                ws > end
                    && w.bytes().all(|b| b.is_ascii_lowercase())
                    && lower_s[ws + w.len()..].trim_start().starts_with(['×', '*'])
            };
            // "3.1 × 10⁻³", "2 x 10^-4", "1.4 × 10-3": a number in scientific notation
            let scientific = {
                let at = skip_space(lower, end);
                lower[at..].starts_with(b"10")
                    && (lower_s[at + 2..]
                        .starts_with(['^', '⁻', '⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'])
                        || lower_s[at + 2..].starts_with("-")
                            && lower.get(at + 3).is_some_and(u8::is_ascii_digit))
            };
            if formula || scientific {
                let at = skip_space(lower, end);
                i = if scientific { at + 2 } else { end };
                continue;
            }
            let variable = {
                let (ws, w) = word_after(&lower_s, end);
                // (not the article: "7.7x a single appliance")
                ws > end && w.len() == 1 && w != "a" && w.bytes().all(|b| b.is_ascii_lowercase())
            };
            if variable {
                i = end;
                continue;
            }
            // "4x 4 tiles" is a dimension; "1.12x 1.21x" (the cells of a table row) are two
            // multipliers, but "2x 8x H100" counts nodes of eight devices
            let dimension = {
                let next = skip_space(lower, end);
                let whole = !lower_s[i..num_end].contains('.');
                // the end of a multiplier at `next`, if one stands there
                let multiplier = number_at(lower, next).and_then(|e| {
                    let x = skip_space(lower, e);
                    let len = if lower.get(x) == Some(&b'x') {
                        1
                    } else if lower[x..].starts_with("×".as_bytes()) {
                        2
                    } else {
                        return None;
                    };
                    lower
                        .get(x + len)
                        .is_none_or(|c| !is_word_byte(*c))
                        .then_some((e, x + len))
                });
                // ("2 × 4096 × 8192 × 2 bytes": a product written out)
                let chain = multiplier.is_some_and(|(_, x_end)| {
                    lower
                        .get(skip_space(lower, x_end))
                        .is_some_and(u8::is_ascii_digit)
                });
                lower.get(next).is_some_and(u8::is_ascii_digit)
                    && whole
                    && (chain
                        || multiplier.is_none_or(|(e, x_end)| {
                            !lower_s[next..e].contains('.')
                                && is_count_or_ratio(&lower_s, next, x_end, false, states)
                        }))
            };
            if boundary && !dimension {
                let end = extend_range(&lower_s, end, &["x", "×"]);
                let decimal = lower_s[i..num_end].contains('.');
                // "1.00x" (the reference a table's ratios are relative to) states no result
                let unit_ratio = end == after + x_len && {
                    let n = &lower_s[i..num_end];
                    // (with a decimal comma too: "1,00x")
                    let n = if n.contains(['.', ',']) {
                        n.trim_end_matches('0').trim_end_matches(['.', ','])
                    } else {
                        n
                    };
                    n == "1"
                };
                // "were ~2x too high" is the size of an error; "4 × (96 GB HBM3 + …)" a count
                // of parts
                let error = word_after(&lower_s, end).1 == "too"
                    || (!decimal
                        && lower_s[end..]
                            .trim_start()
                            .strip_prefix('(')
                            .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit())));
                if !unit_ratio
                    && !error
                    && (decimal || !device_count(text, end))
                    && !is_count_or_ratio(&lower_s, i, end, decimal, states)
                    && !hypothetical(&(i..end))
                    // "预计 decode 速度可提升 2x 左右": an expectation in Chinese prose
                    && !(cjk
                        && (super::cjk::hedged(&lower_s, i)
                            || super::cjk::hedged_after(&lower_s, end)))
                {
                    out.push(claim(i..end, ClaimKind::Multiplier));
                }
                i = end;
            } else {
                i = end;
            }
            continue;
        }
        // percentage tied to a performance word near it, in its clause
        if rest.first() == Some(&b'%') || rest.starts_with(b"percent") {
            let end = after + if rest[0] == b'%' { 1 } else { 7 };
            let end = extend_range(&lower_s, end, &["%"]);
            let follows = |c: &Claim| {
                &*c.unit == "%" && c.sentence.start <= i && i < c.sentence.end.max(c.span.end + 1)
            };
            // "62% … versus 51%", "31% speedup on attention kernels, 22% on matmuls"
            let (ns, next) = word_after(&lower_s, end);
            // ("trims 6% off kernel time, but recall falls to 71%": a score in a clause of its
            // own does not continue the result before it)
            let of_score = {
                let c = seg().clause(&lower_s, &(i..end));
                has_word(&lower_s[c.start.min(i)..i], QUALITY_WORDS)
            };
            let continues = (out.last().is_some_and(follows)
                && !of_score
                && (matches!(
                    cue_before(&lower_s, i),
                    "versus" | "vs" | "vs." | "from" | "against" | "previously" | "formerly"
                ) || (cue_before(&lower_s, i) == "the"
                    // "raised MFU to 48%, up from the 41% of the BF16 runs"
                    && word_before(&lower_s, word_before(&lower_s, i).0).1 == "from")
                    || matches!(next, "" | "on" | "for" | "in" | "at" | "with" | "and")))
                // "takes 4.5 ms, 60% less than AdamW", "349 µs, 15% below the unfused kernels"
                || (out.last().is_some_and(|c| {
                    c.sentence.start <= i && i < c.sentence.end.max(c.span.end + 1)
                }) && ((COMPARATIVES.contains(&next)
                    && word_after(&lower_s, ns + next.len()).1 == "than")
                    // "171 tok/s against 148 for vLLM, about 16% more.": the difference of
                    // the results before, closing the sentence
                    || (COMPARATIVES.contains(&next) && {
                        let rest = lower_s[ns + next.len()..].trim_start_matches([' ', '*', '_', ')']);
                        rest.is_empty() || rest.starts_with(['.', ';', '\n'])
                    })
                    || matches!(next, "below" | "above")));
            // "between 7% and 9% of step time": the lower end of a range whose upper end is one
            let range_start = matches!(next, "and" | "to") && {
                let at = skip_space(lower, ns + next.len());
                number_at(lower, at).is_some_and(|e| {
                    lower.get(e) == Some(&b'%')
                        && is_perf_percent(&lower_s, seg(), at, e + 1, states)
                })
            };
            // "(+11% vs 3.1)": a signed change against what follows
            let signed_versus = lower_s[..i].ends_with(['+', '-', '−'])
                && matches!(next, "vs" | "vs." | "versus" | "over" | "against")
                && !limit_before(
                    &lower_s,
                    seg(),
                    lower_s[..i]
                        .char_indices()
                        .next_back()
                        .map_or(i, |(k, _)| k),
                );
            // a step of a breakdown and what it gained: "Paged KV cache: +9.5%.", "FP8 KV
            // cache: another 12%, mostly from a larger batch" (not a score: "Top-1: +0.3%")
            let step_gain = {
                let signed = lower_s[..i].ends_with(['+', '-', '−']);
                let h = lower_s[..i].trim_end_matches(['+', '-', '−']).trim_end();
                let another = !signed && h.ends_with("another");
                let h = if another {
                    h[..h.len() - "another".len()].trim_end()
                } else {
                    h
                };
                (signed || another) && h.ends_with(':') && {
                    let line = h[..h.len() - 1].rsplit('\n').next().unwrap_or("");
                    !has_word(line, QUALITY_WORDS) && !has_word(line, SCORE_WORDS)
                }
            };
            // "14.2 ms → 13.1 ms, i.e. only −8%": the change of the times before, restated
            let restated_change = out.last().is_some_and(|c| {
                matches!(c.kind, ClaimKind::Latency | ClaimKind::Rate { .. })
                    && c.sentence.start <= i
                    && i < c.sentence.end.max(c.span.end + 1)
            }) && {
                let mut h = lower_s[..i].trim_end_matches(['+', '-', '−', ' ', '~']);
                for q in [
                    "only", "just", "about", "roughly", "around", "nearly", "almost",
                ] {
                    h = h.strip_suffix(q).map_or(h, str::trim_end);
                }
                let h = h.trim_end_matches(',');
                ["i.e.", "i.e", "ie", "that is", "that's", " or", "a.k.a."]
                    .iter()
                    .any(|w| h.ends_with(w))
                    // "goes from 701 ms to 866 ms (+23.6%)": in brackets right after the times
                    || out.last().is_some_and(|c| {
                        c.span.end <= i
                            && lower_s[c.span.end..i].trim_end_matches(['+', '-', '−']).trim()
                                == "("
                    })
            };
            if (continues
                || restated_change
                || (!row && signed_change(&lower_s, seg(), i, end))
                || signed_versus
                || step_gain
                || range_start
                || is_perf_percent(&lower_s, seg(), i, end, states)
                || (cjk
                    && (super::cjk::percent_cue(&lower_s, i)
                        || super::cjk::tail_cue(&lower_s, end))))
                && !hypothetical(&(i..end))
                && !(cjk
                    && (super::cjk::hedged(&lower_s, i)
                        || super::cjk::hedged_after(&lower_s, end)
                        || super::cjk::quality_before(&lower_s, i)))
            {
                out.push(claim(i..end, ClaimKind::Percent));
            }
            i = end;
            continue;
        }
        // "QPS goes from 3,410 to 2,900", "output tokens/s went from 2,263 to 1,857": a change
        // of a rate its clause names before the two values
        if let Some((end, unit)) = named_from_to(&lower_s, seg(), i, num_end) {
            if !hypothetical(&(i..end)) {
                let mut c = claim(i..end, ClaimKind::Rate { peak_unit: false });
                c.unit = unit.into();
                c.from_to = true;
                out.push(c);
            }
            i = end;
            continue;
        }
        // rate: an optional k/M/G multiplier, then a unit; not when a setting cue precedes it
        // ("26.1 ± 0.1 t/s": the unit after the spread)
        let mut u = lower_s[after..]
            .strip_prefix('±')
            .map(|r| skip_space(lower, lower.len() - r.len()))
            .and_then(|k| number_at(lower, k))
            .map_or(after, |e| skip_space(lower, e));
        // ("1.71B tokens/s": billions, with a fraction; "70B tokens/s" names a model)
        if u < lower.len()
            && (matches!(lower[u], b'k' | b'm' | b'g')
                || (lower[u] == b'b' && lower[i..u].contains(&b'.')))
            && lower.get(u + 1).is_some_and(|c| *c == b' ' || *c == b'/')
        {
            u = skip_space(lower, u + 1);
        }
        // "3.1 million metrics/s": the multiplier written as a word
        if let Some(w) = ["million", "billion", "thousand"]
            .iter()
            .find(|w| lower[u..].starts_with(w.as_bytes()) && lower.get(u + w.len()) == Some(&b' '))
        {
            u = skip_space(lower, u + w.len());
        }
        let rate_at = |u: usize| {
            rate_units_at(&lower[u..])
                .find(|(unit, _)| {
                    lower.get(u + unit.len()).is_none_or(|c| !is_word_byte(*c))
                        // "tps: 9,811  tflops: 141.3": a unit followed by a colon labels the
                        // next value
                        && !matches!(lower.get(u + unit.len()), Some(b':' | b'='))
                })
                .map(|(unit, peak)| (unit, peak, u + unit.len()))
                .or_else(|| per_second(lower, u).map(|end| ("/s", false, end)))
        };
        // "6,420 output tokens/s": one qualifier between the number and its unit
        let rate = rate_at(u).or_else(|| {
            let (ws, w) = word_after(&lower_s, u);
            let next = skip_space(lower, u + w.len());
            if ws == u && RATE_QUALIFIERS.contains(&w) {
                return rate_at(next);
            }
            // "310 compile actions/s", "2.25e4 beams/s": any one word before a noun per second
            // written with its slash
            (ws == u && w.len() >= 3 && w.bytes().all(|c| c.is_ascii_lowercase()))
                .then(|| per_second(lower, next))
                .flatten()
                .filter(|&end| lower[next..end].contains(&b'/'))
                .map(|end| ("/s", false, end))
        });
        if let Some((unit, peak, end)) = rate {
            let w = seg().clause(&lower_s, &(i..end));
            // "14 GFLOPs per token" is an amount of work, not a rate
            let per_item = unit.ends_with("flops") && {
                let (s, w) = word_after(&lower_s, end);
                w == "per" && PER_ITEM.contains(&word_after(&lower_s, s + 3).1)
            };
            // "needs about 900 samples/s per node": a requirement; "write target: 6 GB/s": a
            // label that sets the value
            // "so the ceiling is ~80 tok/s": a bound worked out, not a result
            let ceiling = {
                let head: Vec<&str> = words(&lower_s[w.start..i])
                    .filter(|w| !HEDGES.contains(w))
                    .collect();
                matches!(
                    head.as_slice(),
                    [.., "ceiling" | "roofline", "is" | "of" | "at"]
                        | [.., "upper", "bound", "is" | "of"]
                )
                // "the attainable ceiling on the A100 is roughly 155 GFLOP/s"
                || (head.iter().any(|w| matches!(*w, "ceiling" | "roofline"))
                    && matches!(head.last(), Some(&("is" | "was"))))
            };
            // "Datasheet 4K random read: 2.7M / 2.5M / 1.1M IOPS": figures a datasheet gives
            let quoted_spec = {
                let sentence = seg().sentence(&lower_s, &(i..end));
                has_word(
                    &lower_s[sentence.start..i],
                    &["datasheet", "datasheets", "nominal", "advertised", "rated"],
                    // (a word list, not the vocabulary: the first pass, which answers no to
                    // every vocabulary, must find every claim the second does)
                ) && !has_word(&lower_s[sentence], MEASURED_WORDS)
            };
            // "whose HCA had negotiated 100 Gb/s instead of 200 Gb/s": the bit rate of a link,
            // as it was set up
            // (what a link carried, measured: "the link runs at 97.6 Gbit/s average")
            let averaged = words(ahead(&lower_s, end, 20))
                .next()
                .is_some_and(|w| matches!(w, "average" | "avg" | "sustained" | "measured"))
                || matches!(
                    cue_before(&lower_s, i),
                    "averaged" | "averages" | "sustained" | "sustains" | "measured"
                );
            let link_rate = {
                let bits = text[u..].starts_with("Gb/s")
                    || text[u..].starts_with("Gbit/s")
                    || text[u..].starts_with("Gbps");
                bits && has_word(
                    &lower_s[seg().sentence(&lower_s, &(i..end))],
                    &[
                        "negotiated",
                        "negotiates",
                        "link",
                        "links",
                        "port",
                        "ports",
                        "hca",
                        "lanes",
                    ],
                ) && !averaged
            };
            // "Theoretical line rate for 100GbE at 64 B is 148.8 Mpps": a bound worked out
            let theoretical = {
                let head = &lower_s[w.start..i];
                let ws: Vec<&str> = words(head).collect();
                (ws.first() == Some(&"theoretical") || head.contains("line rate"))
                    && matches!(ws.last(), Some(&("is" | "of" | "are")))
            };
            // (a peak rate so quoted is a capability, for `perf/vendor-peak` to judge)
            // "(60 fps performance mode)", "a 30 fps cap": a mode or a cap the rate names
            // ("'performance' mode at 40 fps", "capped at 30 fps")
            let mode_after = words(ahead(&lower_s, end, 30))
                .take(2)
                .any(|w| matches!(w, "mode" | "modes" | "cap" | "limit" | "target" | "budget"))
                || (cue_before(&lower_s, i) == "at"
                    && matches!(
                        word_before(&lower_s, word_before(&lower_s, i).0).1,
                        "mode" | "capped" | "locked" | "limited" | "cap"
                    ))
                // "at a locked 60 fps", "a capped 30 fps": the rate a run was held to
                || matches!(
                    cue_before(&lower_s, i),
                    "locked" | "capped" | "fixed" | "vsynced"
                );
            let required = link_rate
                || (theoretical && !peak)
                || mode_after
                || ceiling
                || (quoted_spec && !peak)
                || matches!(
                    cue_before(&lower_s, i),
                    "needs" | "need" | "requires" | "require" | "required"
                )
                || (w.start == i || lower_s[w.start..i].trim().is_empty())
                    && lower_s[..w.start].trim_end().ends_with(':')
                    && {
                        let h = lower_s[..w.start].trim_end();
                        let from = crate::lines::floor_char_boundary(h, h.len().saturating_sub(40));
                        states(Vocabulary::Setting, &h[from..])
                    };
            // "BW=4140MiB/s (4341MB/s)": the same rate again in other units
            let restated = lower_s[..i].trim_end().strip_suffix('(').is_some_and(|h| {
                out.last().is_some_and(|p| {
                    matches!(p.kind, ClaimKind::Rate { .. }) && p.span.end == h.trim_end().len()
                })
            });
            // "our own 4K 60 fps drone clip", "a 120 fps camera": the frame rate of the material
            // or the device, not of the run
            let of_material = unit == "fps"
                && words(ahead(&lower_s, end, 30)).take(2).any(|w| {
                    matches!(
                        w,
                        "clip"
                            | "clips"
                            | "video"
                            | "videos"
                            | "footage"
                            | "source"
                            | "content"
                            | "stream"
                            | "display"
                            | "monitor"
                            | "panel"
                            | "screen"
                            | "camera"
                            | "recording"
                    )
                });
            if !per_item
                && !required
                && !restated
                && !of_material
                // (a set-up phrase a comma closes sets no limit on the result: "At a 2-second
                // p95 SLO, one L40S serves 0.69 requests/s")
                && !states(Vocabulary::Setting, {
                    let head = &lower_s[w.start..i];
                    head.rfind(", ").map_or(head, |p| &head[p + 2..])
                })
                && !offered_load(&lower_s, seg(), i, end, unit, states)
                && !hypothetical(&(i..end))
                // "8,000 tok/s는 넘길 거라고 기대하는": an expectation written after the number
                && !(cjk
                    && (super::cjk::hedged(&lower_s, i) || super::cjk::hedged_after(&lower_s, end)))
            {
                let mut c = claim(i..end, ClaimKind::Rate { peak_unit: peak });
                let clause = &lower_s[w.clone()];
                // "out of a 1,979 TFLOPS peak", "the 989 TFLOPS dense BF16 peak"
                let peak_after = {
                    let rest = ahead(&lower_s, end, 40);
                    let rest = rest
                        .find([',', ';', '(', ')', '.'])
                        .map_or(rest, |p| &rest[..p]);
                    words(rest).take(3).any(|w| w == "peak")
                        // "13 TOPS and … 40 TOPS are vendor INT8 peaks": the clause calls them
                        // peaks
                        || {
                            let rest = ahead(&lower_s, end, 160);
                            let rest = rest
                                .find([',', ';', '(', ')', '.'])
                                .map_or(rest, |p| &rest[..p]);
                            words(rest).any(|w| w == "peaks")
                        }
                };
                // "the dense BF16 peak is 989 TFLOPS", "specified at 3.35 TB/s"
                let peak_before = {
                    let head: Vec<&str> = words(&lower_s[w.start..i]).collect();
                    // ("a theoretical Rpeak of 57.9 PFLOP/s"; "Gaudi 3 is rated at 2.5 PFLOPS";
                    // "dense throughput for MFU purposes is taken as 989 TFLOPS")
                    quoted_spec
                        || lower_s[w.start..i].trim_end().ends_with("taken as")
                        || lower_s[w.start..i].trim_end().ends_with("assumed to be")
                        || head.iter().rev().take(4).any(|w| matches!(*w, "rpeak" | "theoretical"))
                        // "Peak dense BF16 throughput of an H100 SXM is 989 TFLOPS": a clause
                        // about a peak that says what it is
                        || (matches!(head.first(), Some(&("peak" | "theoretical")))
                            && matches!(head.last(), Some(&("is" | "are"))))
                        // "Single-GPU peak for H200 is 989 TFLOPS"; a row labelled by its peak
                        // ("| Peak memory bandwidth | 409.6 GB/s | 1,555 GB/s |")
                        || (head.iter().take(4).any(|w| *w == "peak")
                            && matches!(head.last(), Some(&("is" | "are")))
                            && !states(Vocabulary::Measurement, clause))
                        || (head.first() == Some(&"peak")
                            && head.len() <= 6
                            && !head.iter().any(|w| {
                                matches!(
                                    *w,
                                    "reached" | "reaches" | "hit" | "hits" | "measured"
                                        | "achieved" | "achieves" | "got" | "gets" | "sustained"
                                        | "sustains" | "was" | "were"
                                )
                            }))
                        // "M2 Max is 400 GB/s": what a device has, as its datasheet says
                        || (peak
                            && matches!(head.last(), Some(&("is" | "has")))
                            && head.len() <= 4
                            && states(
                                Vocabulary::Field(super::fields::Field::Hardware),
                                &lower_s[w.start..i],
                            )
                            && !states(Vocabulary::Measurement, clause))
                        || matches!(
                        head.as_slice(),
                        [.., "peak", "is"]
                            | [.., "specified" | "specced" | "spec'd" | "rated", "at"]
                            | [.., "specifies" | "specify" | "advertises" | "advertised"]
                    ) || lower_s[w.start..i].trim_end().ends_with("peak:")
                        // "the M2 Ultra is specced at 800 GB/s, the RTX 4090 at 1008 GB/s": the
                        // list goes on naming specifications
                        || (head.last() == Some(&"at")
                            && head.len() <= 10
                            && !head.iter().any(|w| {
                                matches!(
                                    *w,
                                    "reached" | "reaches" | "measured" | "achieved" | "sustained"
                                        | "ran" | "runs" | "hit" | "hits" | "got" | "gets"
                                )
                            })
                            && {
                            let s = seg().sentence(&lower_s, &(i..end));
                            let before = &lower_s[s.start.min(w.start)..w.start];
                            ["specced at", "specified at", "spec'd at", "rated at"]
                                .iter()
                                .any(|p| before.contains(p))
                        })
                        // "BF16 dense peak, 989 TFLOPS per GPU": the peak named, then its value
                        || lower_s[..i]
                            .trim_end()
                            .strip_suffix(',')
                            .is_some_and(|h| h.trim_end().ends_with("peak"))
                        // "Dense FP16 throughput is 1,307 TFLOPS": a datasheet figure, named
                        // by its sparsity, unless the clause says it was measured
                        || (matches!(head.last(), Some(&("is" | "of" | "at")))
                            && head.iter().rev().take(5).any(|w| matches!(*w, "dense" | "sparse"))
                            && !states(Vocabulary::Measurement, clause))
                        // "87% of the 3.35 TB/s the datasheet lists": the reference of a share
                        || {
                            let head = lower_s[..i].trim_end();
                            let head = head.strip_suffix("the").unwrap_or(head).trim_end();
                            head.strip_suffix("of")
                                .is_some_and(|h| h.trim_end().ends_with('%'))
                        }
                };
                // "8x ConnectX-7 400 Gb/s NICs": the speed of a part; "Hailo-8L (13 TOPS)",
                // "(Hailo-8L, 13 TOPS)": the rating a part's name carries in brackets
                let part_after = {
                    let (ps, p) = word_after(&lower_s, end);
                    PART_NOUNS.contains(&p)
                        || PART_NOUNS.contains(&word_after(&lower_s, ps + p.len()).1)
                };
                // "141 GB at 4.8 TB/s": a memory's capacity and bandwidth
                let capacity_at = {
                    let (s0, at) = word_before(&lower_s, i);
                    at == "at" && {
                        let (s1, u) = word_before(&lower_s, s0);
                        let u = u.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
                        matches!(u, "gb" | "gib" | "tb")
                            && (s1 == 0
                                || lower_s[..s1]
                                    .trim_end()
                                    .ends_with(|c: char| c.is_ascii_digit())
                                || lower_s[s1..s0].starts_with(|c: char| c.is_ascii_digit()))
                    }
                };
                let rating = unit == "tops"
                    && lower_s[end..].trim_start().starts_with(')')
                    && lower_s[..i].rfind('(').is_some_and(|open| {
                        i - open < 40
                            && !lower_s[open..i].contains(')')
                            && words(&lower_s[open..i]).count() <= 3
                    });
                // "(GA102, 82 SMs, 35.6 TFLOPS FP32 peak, 936 GB/s)": a device's specification
                // listed in brackets
                let spec_list = lower_s[..i].rfind('(').is_some_and(|open| {
                    i - open < 120
                        && !lower_s[open..i].contains(')')
                        && lower_s[end..].find(')').is_some_and(|p| {
                            p < 120
                                && has_word(
                                    &lower_s[open..end + p],
                                    &["peak", "sms", "cus", "cores", "datasheet", "spec"],
                                )
                        })
                });
                c.capability = peak
                    && (peak_after
                        || spec_list
                        || peak_before
                        || part_after
                        || capacity_at
                        || (cjk && super::cjk::spec_before(&lower_s, i))
                        || rating
                        || (has_word(clause, LINK_WORDS)
                            && !averaged
                            && !states(Vocabulary::Measurement, clause))
                        || link_spec(text, &lower_s, seg(), i, end, unit, states)
                        || counted_rate(&lower_s, seg(), i, end, states));
                // "from 2,950 to 6,420 tokens/s", "17.9 → 24.6 t/s": the value before, written
                // without its unit, is a rate of the same unit
                let head = lower_s[..i].trim_end();
                // ("from roughly 1,100 to about 2,600 output tokens/s": a quantifier after the
                // joining word)
                let head = APPROXIMATIONS
                    .iter()
                    .chain(&["~"])
                    .find_map(|q| {
                        head.strip_suffix(q)
                            .filter(|h| q.len() == 1 || h.ends_with(' '))
                            .map(str::trim_end)
                    })
                    .unwrap_or(head);
                // ("20,910 vs 20,950 GFLOPS"; "183k and 97k QPS": two values in thousands)
                let thousands = lower.get(num_end) == Some(&b'k');
                let joined = ["to", "→", "->", "vs", "vs.", "versus", "and"]
                    .iter()
                    .find_map(|j| {
                        let h = head.strip_suffix(j).filter(|h| {
                            !h.ends_with(|c: char| c.is_alphanumeric())
                                || j.starts_with(|c: char| !c.is_alphabetic())
                        })?;
                        Some((*j, h.trim_end()))
                    });
                if let Some((j, h)) = joined {
                    let (h, k) = match h.strip_suffix('k') {
                        Some(n) if n.ends_with(|c: char| c.is_ascii_digit()) => (n, 1),
                        _ => (h, 0),
                    };
                    let hb = h.as_bytes();
                    let mut ps = h.len();
                    while ps > 0
                        && (hb[ps - 1].is_ascii_digit() || matches!(hb[ps - 1], b',' | b'.'))
                    {
                        ps -= 1;
                    }
                    let pw = &h[ps..];
                    // (not a card's number: "on an RTX 3090 versus 64 tokens/s")
                    let alone = (ps == 0 || !hb[ps - 1].is_ascii_alphanumeric())
                        && !states(
                            Vocabulary::Field(super::fields::Field::Hardware),
                            &h[word_before(h, ps).0..],
                        );
                    if alone
                        && (j != "and" || (k == 1 && thousands))
                        && !pw.is_empty()
                        && number_at(pw.as_bytes(), 0) == Some(pw.len())
                        // (not a release or a pull request: "0.8.0 → 9,840 tok/s, #1851 → …")
                        && pw.matches('.').count() < 2
                        && !h[..ps].ends_with(['#', 'v'])
                    {
                        let mut prev =
                            claim(ps..ps + pw.len() + k, ClaimKind::Rate { peak_unit: peak });
                        prev.capability = c.capability;
                        if !out.iter().any(|o| o.span.start <= ps && ps < o.span.end) {
                            out.push(prev);
                        }
                    }
                }
                out.push(c);
            }
            i = end;
            continue;
        }
        // a time: with a latency cue in its clause, or a result cue before it
        // ("2.788M GPU hours": compute spent in thousands or millions)
        let after = match lower.get(after..after + 5) {
            Some(b"k gpu" | b"m gpu" | b"k nod" | b"m nod") => after + 2,
            _ => after,
        };
        // "2m 50s", "1h 20m", "4m 05s": a duration written compactly, in two units
        let compact = (after == num_end)
            .then(|| {
                let (big, small): (u8, &[u8]) = match lower.get(after)? {
                    b'h' => (b'h', b"m"),
                    b'm' => (b'm', b"s"),
                    _ => return None,
                };
                let n = skip_space(lower, after + 1);
                let e = number_at(lower, n).filter(|e| *e > n)?;
                // "6h40", "14h00": hours and two digits of minutes, as written in Portuguese,
                // Spanish and French
                if big == b'h'
                    && n == after + 1
                    && e == n + 2
                    && lower.get(e).is_none_or(|c| !is_word_byte(*c))
                {
                    return Some((e, "h"));
                }
                let e = lower[e..].starts_with(small).then_some(e + 1)?;
                let e = if small == b"m" && lower[e..].starts_with(b"in") {
                    e + 2
                } else {
                    e
                };
                lower
                    .get(e)
                    .is_none_or(|c| !is_word_byte(*c))
                    .then_some((e, if big == b'h' { "h" } else { "min" }))
            })
            .flatten();
        let time = compact.or_else(|| {
            let unit = time_units_at(&lower[after..]).find(|unit| {
                let e = after + unit.len();
                lower.get(e).is_none_or(|c| !is_word_byte(*c))
                    // "400 min=400", "6240 min, 6250 max, 6249 mean": a minimum, not minutes
                    && !(*unit == "min"
                        && (lower.get(e) == Some(&b'=') || {
                            let r = lower_s[e..].trim_start_matches([',', ' ']);
                            number_at(r.as_bytes(), 0)
                                .is_some_and(|n| n > 0 && r[n..].trim_start().starts_with("max"))
                        }))
            })?;
            // "6 min 12 s", "1 h 20 min": one duration in two units
            let end = after + unit.len();
            let next = skip_space(lower, end);
            let smaller: &[&str] = match unit {
                "min" | "mins" | "minute" | "minutes" => &["s", "sec", "seconds"],
                "h" | "hour" | "hours" | "hrs" => &["min", "mins", "minutes"],
                _ => &[],
            };
            let end = match number_at(lower, next) {
                Some(e) if !smaller.is_empty() && next > end => {
                    let u = skip_space(lower, e);
                    smaller
                        .iter()
                        .find(|s| {
                            lower[u..].starts_with(s.as_bytes())
                                && lower.get(u + s.len()).is_none_or(|c| !is_word_byte(*c))
                        })
                        .map_or(end, |s| u + s.len())
                }
                _ => end,
            };
            Some((end, unit))
        });
        // "on the two 3090s": a card's number with a plural s, not seconds
        let card = time.is_some_and(|(end, unit)| {
            unit == "s"
                && end == num_end + 1
                && states(
                    Vocabulary::Field(super::fields::Field::Hardware),
                    &lower_s[word_before(&lower_s, i).0..end],
                )
        });
        if card {
            i = time.map_or(num_end, |(end, _)| end);
            continue;
        }
        if let Some((end, _unit)) = time {
            // "0.61 s/token", "54.1 ms/step": a time per item, in one unit
            let (end, slash_item) = match lower.get(end) {
                Some(b'/') => {
                    let (ws, w) = word_after(&lower_s, end + 1);
                    if ws == end + 1
                        && (PER_ITEM.contains(&w) || matches!(w, "it" | "iter" | "img"))
                    {
                        (ws + w.len(), true)
                    } else {
                        (end, false)
                    }
                }
                _ => (end, false),
            };
            let w = &lower_s[seg().clause(&lower_s, &(i..end))];
            // "The median barely moved (0.62 ms vs 0.58 ms)": times in brackets read with the
            // clause before the bracket
            let opened = {
                let c = seg().clause(&lower_s, &(i..end));
                lower_s[..c.start]
                    .trim_end()
                    .strip_suffix('(')
                    .map(|h| &lower_s[seg().clause(&lower_s, &(h.len()..h.len())).start..c.end])
            };
            let w_open = opened.unwrap_or(w);
            let before = cue_before(&lower_s, i);
            // "takes 10-15 minutes on 7B models, and around 1 hour for 70B models"
            // (the time of its sentence before it, with perhaps an amount of memory after that:
            // "takes 38 ms and 21 MB of RSS, compared with 310 ms and 94 MB")
            // ("1.22 s vs our 1.49 s": whose time it is, after the word that compares)
            let before_owner = match before {
                "our" | "their" | "my" | "its" => {
                    word_before(&lower_s, word_before(&lower_s, i).0).1
                }
                _ => before,
            };
            let continues = out.iter().rev().take(2).any(|c| {
                c.kind == ClaimKind::Latency && c.sentence.start <= i && i < c.sentence.end
            }) && (matches!(
                before_owner,
                "and"
                    | "or"
                    | "versus"
                    | "vs"
                    | "vs."
                    | "than"
                    | "against"
                    | "para"
                    | "contra"
                    // in French: "en 2 min 40 s, contre 11 minutes auparavant"
                    | "contre"
            ) || (matches!(before, "with" | "to")
                // "in 19 days, compared with 41 days for a pod of V1"
                && matches!(
                    word_before(&lower_s, word_before(&lower_s, i).0).1,
                    "compared" | "comparison"
                ))
                || (matches!(before, "a" | "à")
                && out.last().is_some_and(|c| cue_before(&lower_s, c.span.start) == "de"))
                || (before == "of"
                && lower_s[..i].trim_end().ends_with("instead of"))
                // "318 ms (v1.2: 905 ms)": an earlier value, labelled in brackets
                || lower_s[..i].trim_end().strip_suffix(':').is_some_and(|h| {
                    h.rfind('(').is_some_and(|o| h.len() - o <= 24 && !h[o..].contains(')'))
                })
                // "in 5.1 h on 8× H100 (was 9.6 h)": the value before, in brackets
                || (before == "was" && lower_s[..i].trim_end().ends_with("(was"))
                // "roughly half of v0.7's 3.5 s": the earlier value it is compared with
                || lower_s[..i].trim_end().ends_with("'s")
                || lower_s[..i].trim_end().ends_with("’s")
                // "3.1 ms for axum, 2.6 ms for actix-web and 7.9 ms for Go": the next item of
                // a list of times, each for what it names
                || out.last().is_some_and(|c| {
                    let gap = &lower_s[c.span.end..i];
                    gap.len() <= 40
                        && gap.trim_end().ends_with(',')
                        && words(gap).next() == Some("for")
                        && !gap.contains([';', ':', '(', ')'])
                }));
            // "takes 6 min 12 s on an A100; with the cache warm it is 38 s": the same
            // measurement in its next clause
            // ("compiled is now 7.9 ms": what a change brought a time to)
            let now = {
                let h = lower_s[..quantifier_start(&lower_s, i)].trim_end();
                h.strip_suffix("now").is_some_and(|h| {
                    h.ends_with(' ')
                        && matches!(
                            word_before(h, h.len()).1,
                            "is" | "are" | "was" | "it's" | "it’s" | "takes" | "runs"
                        )
                })
            };
            let restated = matches!(before, "is" | "was")
                && word_before(&lower_s, word_before(&lower_s, i).0).1 == "it"
                && out.last().is_some_and(|c| {
                    c.kind == ClaimKind::Latency
                        && i - c.span.end < 120
                        && !lower_s[c.span.end..i].contains(['.', '\n'])
                });
            // "10 minutes per run" is a setting, "0.8 seconds per image" a result
            let (ps, after_unit) = word_after(&lower_s, end);
            // ("0.9 ms per decoding step", "14m 30s per save")
            let per_item = slash_item
                || (after_unit == "per" && {
                    let (is, item) = word_after(&lower_s, ps + 3);
                    // ("3.1 ms per 4096-token batch": the item after its size)
                    let item = if matches!(
                        item,
                        "decoding" | "decode" | "training" | "generated" | "output" | "input"
                    ) || item.starts_with(|c: char| c.is_ascii_digit())
                    {
                        word_after(&lower_s, is + item.len()).1
                    } else {
                        item
                    };
                    PER_ITEM.contains(&item.trim_end_matches('s')) || item == "save"
                });
            // "brings the cost down to about 5.4 ms"; "while the HTP path stays flat at 2.9 ms"
            // after a time in its sentence
            let down_to = before == "to"
                && matches!(
                    word_before(&lower_s, word_before(&lower_s, i).0).1,
                    "down" | "up"
                );
            let held_at = before == "at"
                && (out.last().is_some_and(|c| {
                    c.kind == ClaimKind::Latency && c.sentence.start <= i && i < c.sentence.end
                }) || matches!(
                    word_before(&lower_s, word_before(&lower_s, i).0).1,
                    "running" | "runs" | "ran" | "run"
                    // "Q9 remains the slowest at 11.8 s"
                    | "slowest" | "fastest"
                ));
            // "5 minutes to fine-tune BERT-base"
            let to_do = {
                let (ts, to) = word_after(&lower_s, end);
                to == "to" && {
                    let v = word_after(&lower_s, ts + 2).1;
                    !v.is_empty() && !v.starts_with(|c: char| c.is_ascii_digit())
                }
            };
            // "cold start is 5 s, down from 40 s", "12 s → 4 s", "95 s (first run) → 3.2 s"
            let changed = {
                let rest = lower_s[end..].trim_start_matches([',', ' ']);
                let rest = match rest.strip_prefix('(') {
                    Some(r) if r.find(')').is_some_and(|p| p < 40) => {
                        r[r.find(')').unwrap_or(0) + 1..].trim_start()
                    }
                    _ => rest,
                };
                // ("6.1 ms eager → 3.9 ms": the side it names between time and arrow)
                let rest_named = {
                    let (ws, w) = word_after(rest, 0);
                    if ws == 0
                        && !w.is_empty()
                        && w.starts_with(|c: char| c.is_ascii_alphabetic())
                        && rest[w.len()..].trim_start().starts_with(['→', '-'])
                    {
                        rest[w.len()..].trim_start()
                    } else {
                        rest
                    }
                };
                let arrow_after = ["→", "->"].iter().any(|a| {
                    rest_named.strip_prefix(a).is_some_and(|r| {
                        let at = skip_space(lower, lower.len() - r.len());
                        number_at(lower, at).is_some()
                    })
                });
                let arrow_before = {
                    let head = lower_s[..i].trim_end();
                    (head.ends_with('→') || head.ends_with("->"))
                        && out.last().is_some_and(|c| c.kind == ClaimKind::Latency)
                };
                // "de 14 horas para 9 horas", "pasa de 48 s a 19 s": from one to the other, in
                // Portuguese and Spanish
                // (and French: "passé de 94 s à 3,8 s")
                let de_para = matches!(before, "de" | "da")
                    && ["para ", "a ", "à "].iter().any(|w| {
                        rest.strip_prefix(w).is_some_and(|r| {
                            number_at(lower, skip_space(lower, lower.len() - r.len())).is_some()
                        })
                    });
                // "blocks the loop for 2.1 s instead of 48 s"
                de_para
                    || rest.starts_with("down from")
                    || rest.starts_with("up from")
                    || (rest.starts_with("instead of")
                        && number_at(lower, skip_space(lower, lower.len() - rest.len() + 10))
                            .is_some())
                    || arrow_after
                    || arrow_before
            };
            // "Latency: 12 ms", "19 ms (p99)"
            let labelled = {
                let head = lower_s[..i].trim_end_matches([' ', '*']);
                head.strip_suffix([':', '=']).is_some_and(|h| {
                    let from = crate::lines::floor_char_boundary(h, h.len().saturating_sub(80));
                    // (the label's own sentence: "… done. Rollout: 4 h" names no latency)
                    let from = h[from..].rfind(". ").map_or(from, |p| from + p + 2);
                    let ws: Vec<&str> = words(&h[from..]).collect();
                    // ("P99 TTFT at 8 req/s: 412 ms": the label names its load too)
                    // ("Result: 41.3 ms", "Scoring overhead: 0.9 ms")
                    // ("p99 latency at an offered load of 1M ops/s: 0.41 ms", "Major GC pause,
                    // p99 over a 30-minute browsing trace: 14.2 ms")
                    let near = ws.iter().rev().take(6).any(|w| {
                        LATENCY_CUES.contains(w)
                            || matches!(
                                *w,
                                "result"
                                    | "results"
                                    | "overhead"
                                    // "Full background upload: 95 to 110 s", "Restore: 1 min 52 s"
                                    | "upload"
                                    | "download"
                                    | "restore"
                                    | "save"
                                    | "startup"
                                    | "compile"
                                    | "compilation"
                                    | "build"
                                    | "recovery"
                                    | "checkpoint"
                                    // a log's "New total: 20.9 ms", "First try end to end: 29.8 ms",
                                    // "Naive baseline (…): 41.2 ms"
                                    | "total"
                                    | "end"
                                    | "try"
                                    | "baseline"
                            )
                    });
                    // (k6 writes a percentile "p(95)=68.9ms")
                    let paren_percentile = h
                        .strip_suffix(')')
                        .and_then(|h| h.rsplit_once("p("))
                        .is_some_and(|(pre, n)| {
                            !pre.ends_with(|c: char| c.is_alphanumeric())
                                && !n.is_empty()
                                && n.bytes().all(|b| b.is_ascii_digit() || b == b'.')
                        });
                    near || paren_percentile
                        || ws.iter().rev().take(12).any(|w| {
                            PERCENTILES.contains(w) || matches!(*w, "latency" | "pause" | "pauses")
                        })
                }) || (head.ends_with(':') && {
                    // a line that is a label and its time, as a breakdown lists them
                    // ("- ring, 4 channels: 41.2 us"); a setting's label ("timeout: 30 s")
                    // is judged a set-up below
                    let line = lower_s[..i].rfind('\n').map_or(0, |p| p + 1);
                    let label = lower_s[line..head.len() - 1].trim();
                    let tail = lower_s[end..].split('\n').next().unwrap_or("").trim();
                    !label.is_empty()
                        && label.len() <= 48
                        && !label.contains(". ")
                        && (tail.is_empty() || tail.starts_with('('))
                }) || (head.ends_with(':') && {
                    // "Coalesced now: 1.92 ms, 13.9% of bandwidth, a 21.5x speedup"
                    // ("OpenMP, 48 threads: 2.21 s, 18.9× over serial")
                    let s = &lower_s[seg().sentence(&lower_s, &(i..end))];
                    let multiplier = s.char_indices().any(|(k, c)| {
                        matches!(c, 'x' | '×')
                            && s[..k].ends_with(|d: char| d.is_ascii_digit())
                            && s[k + c.len_utf8()..]
                                .chars()
                                .next()
                                .is_none_or(|n| !n.is_alphanumeric())
                    });
                    has_word(s, SPEED_WORDS)
                        || s.contains("% of")
                        || (multiplier && has_word(s, &["over", "vs", "vs.", "versus", "than"]))
                }) || lower_s[end..]
                    .trim_start()
                    .strip_prefix('(')
                    .is_some_and(|r| LATENCY_CUES.contains(&word_after(r, 0).1))
            };
            // "38 ms에서 44 ms로", "평균 9 ms씩": a change or a statistic written in Korean or
            // Japanese
            let cjk_change =
                cjk && (super::cjk::tail_cue(&lower_s, end) || super::cjk::change_end(&lower_s, i));
            // "emits a token every 9.8 ms": how often an item comes out, a rate (not "every 5
            // minutes", a schedule)
            let item_every = before == "every" && {
                let (is, item) = word_before(&lower_s, word_before(&lower_s, i).0);
                PER_ITEM.contains(&item.trim_end_matches('s'))
                    && matches!(word_before(&lower_s, is).1, "a" | "an" | "one")
            };
            // "with a 13B model that's 48 seconds": what the run just described took
            let thats = matches!(before, "that's" | "that’s")
                || (before == "s" && {
                    let h = lower_s[..i].trim_end();
                    h.ends_with("that's") || h.ends_with("that’s")
                })
                || (before == "is"
                    && word_before(&lower_s, word_before(&lower_s, i).0).1 == "that");
            // "33.1 ms total", "41.2 ms fwd": what the time is of, after it
            // ("6h 40m end to end")
            // ("48 minutes wall clock", "2.3 s wall-clock")
            let of_run = matches!(
                after_unit,
                "total" | "fwd" | "bwd" | "forward" | "backward" | "end-to-end" | "e2e"
            ) || ["end to end", "wall clock", "wall-clock", "wall time"]
                .iter()
                .any(|p| lower_s[ps..].trim_start().starts_with(p));
            // "−160 ms on the Pixel 8": a time with its sign, a change
            let signed = {
                let h = &lower_s[..i];
                let sign = h.strip_suffix('−').or_else(|| h.strip_suffix(['+', '-']));
                sign.is_some_and(|h| h.is_empty() || h.ends_with([' ', '(', ':']))
            };
            // "blocks training for 14 s": how long a stall lasts
            let stalled = before == "for" && {
                let h = &lower_s[..i];
                let h = h.trim_end().strip_suffix("for").unwrap_or(h);
                let from = crate::lines::floor_char_boundary(h, h.len().saturating_sub(40));
                let ws: Vec<&str> = words(&h[from..]).collect();
                ws.iter().rev().take(3).any(|w| STALL_WORDS.contains(w))
            };
            // "was slower than eager at batch 1 (11.8 ms vs 9.4 ms)": the times a comparison
            // of speed gives in brackets after it
            let bracketed_speed = opened.is_some_and(|o| {
                has_word(
                    o,
                    &[
                        "slower",
                        "faster",
                        "quicker",
                        "speedup",
                        "speed-up",
                        "beats",
                        "beat",
                        "outperforms",
                        "outperformed",
                    ],
                )
            });
            // "SF10, all 22 queries: Polars 14.9 s, DuckDB 12.2 s, pandas 4 min 37 s": the times
            // of systems listed by name after a colon
            let listed = {
                let (ns, name) = word_before(&lower_s, i);
                let sep = lower_s[..ns].trim_end();
                let after_list = sep.ends_with(':')
                    || (sep.ends_with([',', ';'])
                        && out.last().is_some_and(|c| {
                            c.kind == ClaimKind::Latency
                                && c.sentence.start <= i
                                && i < c.sentence.end
                                && lower_s[c.span.end..ns].trim() == ","
                        }));
                let next_named = lower_s[end..]
                    .trim_start()
                    .strip_prefix([',', ';'])
                    .is_some_and(|r| {
                        let (s0, w) = word_after(r, 0);
                        !w.is_empty()
                            && w.starts_with(|c: char| c.is_alphabetic())
                            && number_at(r.as_bytes(), skip_space(r.as_bytes(), s0 + w.len()))
                                .is_some()
                    });
                // "fog 0.71 ms → 0.38 ms; whole GPU frame 14.9 ms": the next time of the
                // sentence, after a semicolon and a short name of what it times
                let after_semicolon = out.last().is_some_and(|c| {
                    c.kind == ClaimKind::Latency
                        && c.span.end <= i
                        && lower_s[c.span.end..i]
                            .trim_start()
                            .strip_prefix(';')
                            .is_some_and(|gap| {
                                let ws: Vec<&str> = words(gap).collect();
                                (1..=4).contains(&ws.len())
                                    && gap.bytes().all(|b| {
                                        b.is_ascii_alphabetic() || matches!(b, b' ' | b'-')
                                    })
                                    && ws.iter().all(|w| !LIST_STOP_WORDS.contains(w))
                            })
                });
                after_semicolon
                    || (!name.is_empty()
                        && name.starts_with(|c: char| c.is_alphabetic())
                        && !LIST_STOP_WORDS.contains(&name)
                        && after_list
                        && (next_named || !sep.ends_with(':')))
            };
            // "It stayed above 2 s for most of the next half hour": where a time held, observed
            let held = matches!(before, "above" | "below" | "under" | "over" | "at")
                && matches!(
                    word_before(&lower_s, word_before(&lower_s, i).0).1,
                    "stayed" | "remained" | "hovered" | "sat" | "held" | "sitting" | "sits"
                );
            // "5.3 ms in FP32 vs 4.1 ms in FP16": the first of two times compared
            let versus_after = {
                let c = seg().clause(&lower_s, &(i..end));
                let rest = &lower_s[end..c.end.max(end)];
                let rest = ahead(rest, 0, 30);
                rest.find(" vs")
                    .or_else(|| rest.find(" versus "))
                    .is_some_and(|p| {
                        let r = &rest[p..];
                        let (vs, v) = word_after(r, 0);
                        let at = end + p + vs + v.len();
                        // ("1.22 s vs our 1.49 s": whose time it is, between)
                        let at = match word_after(&lower_s, at) {
                            (o, "our" | "their" | "the" | "my" | "its" | "his" | "her") => {
                                o + word_after(&lower_s, at).1.len()
                            }
                            _ => at,
                        };
                        let n = skip_space(lower, at);
                        number_at(lower, n).is_some_and(|e| {
                            let u = skip_space(lower, e);
                            time_units_at(&lower[u..])
                                .any(|t| lower.get(u + t.len()).is_none_or(|c| !is_word_byte(*c)))
                        })
                    })
            };
            // "98 ns tick-to-trade": the kind of time named after it (not "170 ms RTT", as often
            // a simulated network's setting);
            // "osu_latency at 8 bytes is 0.21 µs": a latency test's name
            let named_after = matches!(after_unit, "tick-to-trade" | "end-to-end")
                || w_open.contains("_latency")
                || w_open.contains("latency_");
            // "about 0.6 ms on PS5", "0.2 ms on an H100": a time measured on a named device (a
            // name with a capital or a digit, as vocabularies are not consulted here: this runs
            // before them too)
            let on_device = after_unit == "on"
                && !has_word(
                    w,
                    &[
                        "wait", "waits", "waited", "sleep", "sleeps", "warm", "warmup", "warm-up",
                    ],
                )
                && {
                    let (s0, w) = word_after(&lower_s, ps + 2);
                    let at = if matches!(w, "a" | "an" | "the" | "our" | "my" | "their" | "its") {
                        word_after(&lower_s, s0 + w.len()).0
                    } else {
                        s0
                    };
                    let (_, name) = word_after(&lower_s, at);
                    text.get(at..at + name.len()).is_some_and(|n| {
                        n.len() >= 2
                            && (n.starts_with(|c: char| c.is_ascii_uppercase())
                                || n.bytes().any(|c| c.is_ascii_digit()))
                    })
                };
            let cue = has_word(w_open, LATENCY_CUES)
                || named_after
                || on_device
                || listed
                || held
                || versus_after
                || bracketed_speed
                || signed
                || stalled
                || of_run
                || item_every
                || thats
                || changed
                || down_to
                || held_at
                || cjk_change
                || (cjk && super::cjk::time_cue(&lower_s, i))
                || labelled
                || w.contains("time to first token")
                || w.contains("time-to-first-token")
                || RESULT_CUES.contains(&before)
                // "measures prefill of a 1M-token prompt at 9.2 minutes"
                || (before == "at" && has_word(w, &["measures", "measured", "clocked", "clocks"]))
                || continues
                || now
                || restated
                || to_do
                || per_item;
            // a time in a sentence that sets up the experiment ("a run takes 20 minutes, and
            // the timeout is 30 s") is part of the set-up
            // "41 days of wall-clock time", "2 ms of latency" are results
            let of_time = after_unit == "of" && {
                let n = word_after(&lower_s, ps + 2).1;
                LATENCY_CUES.contains(&n)
                    || matches!(
                        n,
                        "wall-clock" | "wall" | "overhead" | "cpu" | "gpu" | "extra"
                            // "380 ms of main-thread time before the first activity"
                            | "main-thread" | "main"
                    )
            };
            // (a limit the result is then held against is not its set-up: "reached a TTFT of
            // 0.41 s at p99, against the 0.45 s limit", "1.9 s, within the 2 s SLO")
            let set_up = {
                let s = seg().sentence(&lower_s, &(i..end));
                let c = seg().clause(&lower_s, &(i..end));
                let from = c.end.clamp(s.start, s.end);
                let from = lower_s[from..]
                    .chars()
                    .next()
                    .map_or(from, |ch| from + ch.len_utf8());
                let next = word_after(&lower_s, from).1;
                // "the SLO is under 10 minutes, and our median was 6 min 20 s": a statistic
                // of the claim's own clause is a result, whatever limit an earlier one sets
                let own = &lower_s[c.clone()];
                let statistic = (has_word(own, &["median", "mean", "average"])
                    || has_word(own, PERCENTILES))
                    && !states(Vocabulary::Setting, own)
                    // ("p99 latency at an offered load of 1M ops/s: 0.41 ms": the statistic its
                    // label names, whatever load the label sets)
                    || (labelled && has_word(&lower_s[s.start.min(i)..i], PERCENTILES));
                let start = if statistic {
                    c.start.max(s.start)
                } else {
                    s.start
                };
                // ("holds p99 TTFT at 180 ms … (our SLO is 200 ms)": the limit in brackets)
                let bracketed = lower_s[c.end.min(s.end)..s.end]
                    .trim_start()
                    .starts_with('(');
                if c.end < s.end
                    && (bracketed
                        || matches!(
                            next,
                            "against"
                                | "with"
                                | "under"
                                | "within"
                                | "below"
                                | "inside"
                                | "meeting"
                                | "versus"
                                | "vs"
                                // ("p99 stayed at 240 ms, compared with 2.6 s under the old
                                // limit": the set-up of what it is compared with)
                                | "compared"
                        ))
                {
                    start..c.end
                } else {
                    start..s.end
                }
            };
            // ("shaving 1.7 ms off every decode step": a time taken off, whatever follows)
            let taken_off = after_unit == "off";
            // ("finishes in 3h 10m of the 9h budget": the share of a limit a run used; the
            // limit is the setting)
            let of_limit = matches!(after_unit, "of" | "out")
                && words(ahead(&lower_s, ps + after_unit.len(), 40))
                    .take(5)
                    .any(|w| {
                        matches!(
                            w,
                            "budget"
                                | "limit"
                                | "allowance"
                                | "quota"
                                | "timeout"
                                | "cap"
                                | "allowed"
                        )
                    });
            // (the item a time is per is no setting: "4.8 ms per window")
            let set_up_text = if per_item && !slash_item {
                let item_end = word_after(&lower_s, ps + 3);
                let item_end = (item_end.0 + item_end.1.len()).clamp(set_up.start, set_up.end);
                let head_end = end.clamp(set_up.start, set_up.end);
                format!(
                    "{} {}",
                    &lower_s[set_up.start..head_end],
                    &lower_s[item_end..set_up.end]
                )
            } else {
                lower_s[set_up.clone()].to_string()
            };
            // (a time compared with the one before it is a result as that one is: "4.8 ms per
            // window versus 12.1 ms for the teacher")
            // ("median cold start at 1.7 s, down from 2.9 s": the value it changed from)
            let compared = (continues
                && (matches!(before, "versus" | "vs" | "vs." | "than" | "against")
                    || (matches!(before, "with" | "to")
                        && word_before(&lower_s, word_before(&lower_s, i).0).1 == "compared")))
                || (before == "from"
                    && matches!(
                        word_before(&lower_s, word_before(&lower_s, i).0).1,
                        "down" | "up"
                    )
                    && out.last().is_some_and(|c| {
                        c.kind == ClaimKind::Latency
                            && c.span.end <= i
                            && lower_s[c.span.end..i].len() < 48
                    }));
            // ("blobs that took 7 minutes each": what each one took)
            let each_took =
                after_unit == "each" && matches!(before, "took" | "takes" | "take" | "taking");
            // "a 30 s clip of podcast audio", "A 1 µs production run of STMV", "a 45-minute
            // replay": how long the work is, a workload (not "a 2 s pause", "a 200 ms stall")
            let length_of_work = matches!(before, "a" | "an" | "the")
                && matches!(
                    after_unit,
                    "run"
                        | "runs"
                        | "clip"
                        | "clips"
                        | "video"
                        | "videos"
                        | "audio"
                        | "recording"
                        | "trace"
                        | "replay"
                        | "simulation"
                        | "trajectory"
                        | "segment"
                        | "song"
                        | "podcast"
                        | "soak"
                        | "capture"
                        | "window"
                        | "production"
                );
            // "slow starts (longer than 5 s)": the threshold a bracket defines a kind by
            let threshold = {
                let h = lower_s[..quantifier_start(&lower_s, i)].trim_end();
                [
                    "(longer than",
                    "(slower than",
                    "(more than",
                    "(over",
                    "(above",
                    "(exceeding",
                    "(>",
                    "(≥",
                    "(>=",
                ]
                .iter()
                .any(|t| h.ends_with(t))
            };
            // "90 s runtime after a 20 s ramp": how long a configured run lasts
            let configured_runtime = after_unit == "runtime"
                && words(&lower_s[seg().sentence(&lower_s, &(i..end))])
                    .any(|w| matches!(w, "ramp" | "ramp-up" | "warm-up" | "warmup" | "ramp_time"));
            // the end of a change: "reduced from 55 µs to 18 µs per plan"
            let change_end = before == "to"
                && out.last().is_some_and(|c| {
                    c.kind == ClaimKind::Latency
                        && c.sentence.start <= i
                        && i < c.sentence.end
                        && word_before(&lower_s, quantifier_start(&lower_s, c.span.start)).1
                            == "from"
                });
            let setting = length_of_work
                || threshold
                || configured_runtime
                || !taken_off
                && !of_limit
                && !item_every
                && !cjk_change
                && !compared
                && states(Vocabulary::Setting, &set_up_text)
                || (SETTING_AFTER.contains(&after_unit)
                    && !per_item
                    && !of_time
                    && !of_limit
                    && !each_took
                    && !change_end)
                // "mean time between failures was ~19 hours" is reliability, not speed
                // "the median of 3 runs of 60 seconds": how long each run lasts
                || (before == "of"
                    && matches!(
                        word_before(&lower_s, word_before(&lower_s, i).0).1,
                        "runs" | "run" | "trials" | "trial" | "windows" | "sessions" | "intervals"
                    ))
                || w.contains("between failures")
                // "Making it fit in 90 minutes": a limit to fit
                || (before == "in"
                    && has_stem(&lower_s[seg().clause(&lower_s, &(i..end)).start.min(i)..i], &["fit"]))
                || w.contains("time between")
                || has_word(w, &["mtbf"])
                // "31 interruptions in 21 days": the window events were counted over
                || (before == "in" && {
                    let h = &lower_s[..quantifier_start(&lower_s, i)];
                    let (_, ev) = word_before(h, word_before(h, h.len()).0);
                    EVENT_NOUNS.contains(&ev)
                })
                || ((matches!(before, "for" | "after" | "over" | "within")
                    || (before == "every" && !item_every))
                    && !changed
                    // "used to stall training for 9–11 minutes": how long a stall lasts
                    && !(before == "for" && has_word(w, STALL_WORDS)));
            // "stddev: 31.14ms", "sum: 129.2sec": the spread or the sum of the times, no result
            let spread = spread_label(&lower_s[..i]);
            if cue && !setting && !spread && !hypothetical(&(i..end)) && !bound(&(i..end)) {
                // "ranged between 38 and 61 µs": the lower end, written without its unit
                let h = lower_s[..i].trim_end();
                if let Some(h) = h.strip_suffix(" and").map(str::trim_end) {
                    let ps = h
                        .trim_end_matches(|c: char| c.is_ascii_digit() || c == '.')
                        .len();
                    if ps < h.len()
                        && lower_s[..ps].trim_end().ends_with(" between")
                        && number_at(lower, ps) == Some(h.len())
                    {
                        out.push(claim(ps..h.len(), ClaimKind::Latency));
                    }
                }
                // "p99 pause went 410 → 240 ms", "from 8.3 to 5.6 ms": the value before,
                // written without its unit
                if let Some(r) = bare_before(&lower_s, i) {
                    if !out
                        .iter()
                        .any(|o| o.span.start < r.end && r.start < o.span.end)
                    {
                        out.push(claim(r, ClaimKind::Latency));
                    }
                }
                out.push(claim(i..end, ClaimKind::Latency));
            }
            i = end;
            continue;
        }
        // a saving: "saves 1.5 GB"
        // (French writes gigabytes "Go")
        if let Some(unit) = ["gib", "mib", "gb", "mb", "tb", "go"].iter().find(|unit| {
            lower[after..].starts_with(unit.as_bytes())
                && lower
                    .get(after + unit.len())
                    .is_none_or(|c| !is_word_byte(*c))
        }) {
            let end = after + unit.len();
            // ("saves up to 1.8 GB"); "needs ~9.6 GB less VRAM than BF16"
            let (ls, less) = word_after(&lower_s, end);
            // ("5.2 GB less KV memory": one word may stand between)
            // ("at a cost of 9 GB more memory per GPU than full sharding")
            let less_memory = matches!(less, "less" | "lower" | "fewer" | "more" | "extra") && {
                let (ms, m) = word_after(&lower_s, ls + less.len());
                MEMORY_WORDS.contains(&m)
                    || MEMORY_WORDS.contains(&word_after(&lower_s, ms + m.len()).1)
            };
            // "peak memory drops by 0.7 GB", "reduces memory by 18 GB", "reduced peak GPU
            // memory for the 8B recipe by 6.4 GB": a change of memory, its verb in the clause
            let by_change = cue_before(&lower_s, i) == "by" && {
                let (bs, _) = word_before(&lower_s, i);
                has_stem(word_before(&lower_s, bs).1, DIRECTION_STEMS) || {
                    let c = seg().clause(&lower_s, &(i..end));
                    let head = &lower_s[c.start..bs];
                    has_word(head, MEMORY_WORDS)
                        && words(head).any(|w| {
                            [
                                "reduc", "cut", "lower", "decreas", "shrink", "shrank", "trim",
                            ]
                            .iter()
                            .any(|st| w.starts_with(st))
                        })
                }
            };
            // "VRAM use for SDXL falls from 11.2 GB to 8.6 GB": a change of memory, both ends
            let moved = {
                let c = seg().clause(&lower_s, &(i..end));
                let q = quantifier_start(&lower_s, i);
                match cue_before(&lower_s, q) {
                    "from" => {
                        let (fs, _) = word_before(&lower_s, q);
                        let dir = word_before(&lower_s, fs).1;
                        let head = &lower_s[c.start..fs];
                        // "stayed under 19 GB, down from 31 GB": the value before, in a
                        // sentence about memory
                        (matches!(dir, "down" | "up") && {
                            let s = &lower_s[seg().sentence(&lower_s, &(i..end))];
                            has_word(s, MEMORY_WORDS) || has_word(s, MOVED_DATA_WORDS)
                        })
                            // "cut index memory from 36 GB to 10 GB": the verb may stand
                            // before what it changes (not a product's capacity: "HBM
                            // capacity grew from 80 GB to 141 GB")
                            || ((has_stem(dir, DIRECTION_STEMS)
                                || words(head).any(|w| has_stem(w, DIRECTION_STEMS)))
                                && has_word(head, MEMORY_WORDS)
                                && !has_word(head, &["capacity", "capacities"]))
                            // "the final image went from 1.94 GB to 412 MB", "shrinks the
                            // HNSW footprint from 34.8 GB to 10.2 GB": what a build produced
                            // or a run keeps; "KV memory goes from 16 GB to 4.3 GB": memory a
                            // run used (not "the card's memory went from 8 GB to 16", a
                            // product's)
                            || (words(head).any(|w| {
                                has_stem(w, DIRECTION_STEMS)
                                    || matches!(
                                        w,
                                        "went" | "go" | "goes" | "shrank" | "shrunk" | "moved"
                                            | "moves"
                                    )
                            }) && (has_word(head, SIZE_WORDS)
                                || (has_word(head, MEMORY_WORDS)
                                    && (has_word(head, FOOTPRINT_WORDS)
                                        || has_word(head, &["kv", "activation", "activations"]))))
                                && !has_word(head, &["capacity", "capacities"]))
                    }
                    "to" => out.last().is_some_and(|p| {
                        p.kind == ClaimKind::Saving
                            && p.span.start >= c.start
                            && lower_s.get(p.span.end..q).is_some_and(|g| g.trim() == "to")
                    }),
                    // "Peak RSS was 51 GB, against 38 GB at steady state", "leaves 15 GB
                    // free versus 4 GB with FP16": the other footprint of the comparison
                    // ("fits in 48 GB of GPU memory (was 80 GB)")
                    "was" if lower_s[..q].trim_end().ends_with("(was") => {
                        out.last().is_some_and(|p| {
                            p.kind == ClaimKind::Saving
                                && p.sentence == seg().sentence(&lower_s, &(i..end))
                        })
                    }
                    "against" | "versus" | "vs" | "vs." => out.last().is_some_and(|p| {
                        p.kind == ClaimKind::Saving
                            && p.sentence == seg().sentence(&lower_s, &(i..end))
                    }),
                    _ => false,
                }
            };
            // (the value after, before its "down from")
            let before_change = {
                let rest = lower_s[end..].trim_start_matches([',', ' ', '(']);
                (rest.starts_with("down from ") || rest.starts_with("up from ")) && {
                    let s = &lower_s[seg().sentence(&lower_s, &(i..end))];
                    has_word(s, MEMORY_WORDS) || has_word(s, MOVED_DATA_WORDS)
                }
            };
            // a footprint reached: "Peak RSS during the build was 51 GB", "the index needs
            // only 9.8 GB of RAM", "the int4 model leaves 21 GB free for KV cache" (not a
            // device's capacity, "a card with 24 GB of VRAM", nor a requirement, "needs at
            // least 24 GB")
            let footprint = {
                let c = seg().clause(&lower_s, &(i..end));
                let q = quantifier_start(&lower_s, i);
                let head = &lower_s[c.start..q];
                let (ms, m) = word_after(&lower_s, end);
                // (a cache is a KV cache: "uses its GPU cache hierarchy" names none)
                let memory = |w: &str| MEMORY_WORDS.contains(&w) && w != "cache";
                // ("38 GB of host RAM": whose memory may stand between)
                let memory_after = memory(m)
                    || (m == "of" && {
                        let (ns, n) = word_after(&lower_s, ms + 2);
                        memory(n)
                            || (matches!(n, "host" | "system" | "cpu" | "resident")
                                && memory(word_after(&lower_s, ns + n.len()).1))
                    });
                // "the naive path peaks at 12.6 GB": what a run peaked at is its footprint
                let peaked_at = matches!(
                    lower_s[..q].trim_end().rsplit(' ').nth(1),
                    Some("peaks" | "peaked" | "peaking")
                ) && lower_s[..q].trim_end().ends_with(" at");
                let memory_before = words(head).any(memory)
                    || head.contains("kv cache")
                    || head.contains("kv-cache");
                let freed = words(head).any(|w| w == "leaves" || w == "leaving") && m == "free";
                // "Memory for 10 million keys with 32-byte values: 1.21 GB in Ember vs …": a
                // label that names the memory, the size first after its colon
                let labelled = lower_s[..q]
                    .trim_end_matches([' ', '*'])
                    .strip_suffix(':')
                    .is_some_and(|h| {
                        let s = seg().sentence(&lower_s, &(i..end));
                        let h = &h[s.start.min(h.len())..];
                        // (not a device's "Memory:" in a list of its specifications)
                        words(h).nth(1).is_some()
                            && words(h).take(3).any(|w| {
                                FOOTPRINT_MEMORY_WORDS.contains(&w)
                                    || matches!(w, "footprint" | "peak")
                            })
                            && !has_word(
                                &lower_s[s.clone()],
                                &[
                                    "capacity",
                                    "limit",
                                    "budget",
                                    "requirement",
                                    "requirements",
                                    "minimum",
                                ],
                            )
                    });
                let used = has_word(head, FOOTPRINT_WORDS);
                let at_least = lower_s[..i].trim_end().ends_with("at least")
                    || has_word(
                        head,
                        &["minimum", "min", "requires", "required", "capacity"],
                    )
                    || matches!(
                        cue_before(&lower_s, q),
                        "with" | "has" | "have" | "had" | "offers" | "packs" | "budget"
                    );
                // ("after instantiating the same 9.4 MB module": the size of what was loaded)
                let thing_after = matches!(
                    m,
                    "module"
                        | "modules"
                        | "file"
                        | "files"
                        | "binary"
                        | "input"
                        | "dataset"
                        | "payload"
                        | "blob"
                        | "archive"
                        | "database"
                        | "table"
                        | "corpus"
                        // ("close to the 29 GB limit": a limit)
                        | "limit"
                        | "cap"
                        | "quota"
                        | "budget"
                ) || lower_s[c.start.min(q)..q].contains("out of")
                    // ("while parsing the 40 MB log": the size of a thing, not memory)
                    || (matches!(cue_before(&lower_s, q), "the" | "a" | "an")
                        && !memory(m)
                        && !matches!(m, "of" | "peak" | "more" | "less" | "free"));
                (freed || peaked_at || labelled || (used && (memory_after || memory_before)))
                    && !at_least
                    && !thing_after
                    && !hypothetical(&(i..end))
            };
            if less_memory
                || moved
                || footprint
                || before_change
                || by_change
                // "峰值内存减少 0.7 GB", "显存占用从 29.6 GB 降至 10.2 GB"
                || (cjk
                    && (super::cjk::percent_cue(&lower_s, i)
                        || super::cjk::memory_change(&lower_s, i)
                        || super::cjk::tail_cue(&lower_s, end)))
                || matches!(
                    cue_before(&lower_s, quantifier_start(&lower_s, i)),
                    "saves" | "save" | "saved" | "saving" | "frees" | "freed" | "freeing" | "reclaims"
                        // in French: "il libère 11 Go de mémoire"
                        | "libère" | "libèrent" | "économise"
                        // "the job spilled 1.7 TB": what a run wrote out beyond memory
                        | "spilled" | "spills"
                )
            {
                out.push(claim(i..end, ClaimKind::Saving));
            }
            i = end;
            continue;
        }
        // "bought about 6 points of MFU": a change of a share, in points
        {
            let (ps, points) = word_after(&lower_s, num_end);
            if matches!(points, "points" | "pp" | "percentage") {
                let mut e = ps + points.len();
                if points == "percentage" && word_after(&lower_s, e).1 == "points" {
                    e = word_after(&lower_s, e).0 + 6;
                }
                let (os, of) = word_after(&lower_s, e);
                if of == "of"
                    && UTILIZATION_WORDS.contains(&word_after(&lower_s, os + 2).1)
                    && !hypothetical(&(i..e))
                {
                    out.push(claim(i..e, ClaimKind::Percent));
                    i = e;
                    continue;
                }
            }
        }
        // "a speedup of 3.1", "the speedup is 1.39", "the speedup reaches 1.52"
        let (s1, verb) = word_before(&lower_s, i);
        // "Speedup: 2.1", "speedup = 1.8"
        let labelled = lower_s[..i]
            .trim_end_matches([' ', '*'])
            .strip_suffix([':', '='])
            .map(|h| word_before(h, h.len()).1);
        let noun = if let Some(label) = labelled.filter(|_| verb.is_empty()) {
            label
        } else if matches!(verb, "of" | "is" | "was" | "reaches" | "reached" | "=") {
            word_before(&lower_s, s1).1
        } else {
            verb
        };
        // ("a real-time factor of 0.063": how much of real time a run took)
        let real_time_factor = matches!(noun, "factor" | "rtf")
            && (noun == "rtf" || lower_s[..i].trim_end().contains("real-time factor"));
        if matches!(noun, "speedup" | "speed-up") || real_time_factor {
            out.push(claim(i..num_end, ClaimKind::Multiplier));
        }
        // "~112 t/s on Linux, vs ~95 on Windows": a bare number compared with the rate before
        // it in its sentence has that rate's unit
        let cue = cue_before(&lower_s, i);
        let cue = if cue.is_empty() {
            let h = lower_s[..i].trim_end().trim_end_matches('~');
            word_before(h, h.len()).1
        } else {
            cue
        };
        // ("~3.0k t/s, vs ~3.9k on H100": thousands written with a k)
        let value_end = if lower.get(num_end) == Some(&b'k') {
            num_end + 1
        } else {
            num_end
        };
        // "5.6 tokens/s per watt, up from 4.7 in v4.1": the value before, in the same unit
        let up_from = cue == "from"
            && matches!(
                word_before(&lower_s, word_before(&lower_s, i).0).1,
                "up" | "down"
            );
        // "139 GFLOPS on one core becomes about 926 with sixteen" (also after a semicolon:
        // "…; that becomes about 880")
        let becomes = matches!(cue, "becomes" | "became");
        // ("1.15 tok/s per W against 0.42 for the RTX 4090": what follows names its system)
        let against = cue == "against"
            && matches!(
                word_after(&lower_s, value_end).1,
                "" | "for" | "on" | "with" | "in" | "at" | "by" | "from"
            );
        // "23.1k req/s vs FastAPI's 14.8k", "52.1k req/s and Litestar at 66.0k": another
        // system's value, named before it
        let named = {
            let h = lower_s[..i].trim_end().trim_end_matches('~');
            let possessed = h
                .strip_suffix("'s")
                .or_else(|| h.strip_suffix("’s"))
                .is_some_and(|h| {
                    let (s0, _) = word_before(h, h.len());
                    matches!(word_before(h, s0).1, "vs" | "vs." | "versus" | "against")
                });
            let (s0, _) = word_before(&lower_s, i);
            let (s1, w1) = word_before(&lower_s, s0);
            possessed || (cue == "at" && word_before(&lower_s, s1).1 == "and" && !w1.is_empty())
        };
        if (matches!(cue, "vs" | "vs." | "versus") || up_from || against || becomes || named)
            && lower
                .get(value_end)
                .is_none_or(|c| !c.is_ascii_alphanumeric() && *c != b'%')
        {
            if let Some(prev) = out.last().filter(|c| {
                matches!(c.kind, ClaimKind::Rate { .. } | ClaimKind::Latency)
                    && ((c.sentence.start <= i && i < c.sentence.end)
                        || (becomes
                            && c.span.end < i
                            && !lower_s[c.span.end..i].contains(['.', '\n'])))
            }) {
                let kind = prev.kind;
                out.push(claim(i..value_end, kind));
            }
        }
        // in German and French: "1,8-mal schneller", "1,5-mal so viel", "2,3 fois plus rapide"
        {
            let k = skip_space(lower, num_end);
            let rest = &lower_s[k..];
            let after = rest
                .strip_prefix("-mal ")
                .or_else(|| rest.strip_prefix("mal "))
                .or_else(|| rest.strip_prefix("fois "))
                .or_else(|| rest.strip_prefix("veces "))
                .or_else(|| rest.strip_prefix("vezes "))
                .or_else(|| rest.strip_prefix("volte "));
            if let Some(after) = after {
                let ws: Vec<&str> = words(after).take(2).collect();
                let compared = matches!(
                    ws.first().copied(),
                    Some(
                        "schneller"
                            | "langsamer"
                            | "höher"
                            | "mehr"
                            | "weniger"
                            | "kürzer"
                            | "größer"
                            | "kleiner"
                            | "besser"
                    )
                ) || matches!(ws[..], ["so", "viel" | "schnell" | "hoch"])
                    || matches!(
                        ws[..],
                        [
                            "plus" | "moins",
                            "rapide" | "lent" | "élevé" | "de" | "efficace" | "vite"
                        ]
                    )
                    // in Spanish and Portuguese: "3,2 veces más rápido que", "2 vezes mais rápido"
                    || matches!(
                        ws[..],
                        [
                            "más" | "mais" | "menos" | "più" | "meno",
                            "rápido" | "rápida" | "lento" | "lenta" | "eficiente" | "alto" | "alta" | "de"
                                | "veloce" | "efficiente" | "lenti"
                        ]
                    );
                if compared && !hypothetical(&(i..num_end)) {
                    // the claim is the number and its "-mal"/"fois"; the comparison after it
                    // ("schneller als vLLM", "plus rapide que X") names the baseline
                    let end = lower.len() - after.len() - 1;
                    out.push(claim(i..end, ClaimKind::Multiplier));
                    i = end;
                    continue;
                }
            }
        }
        // "3 times faster", "a reduction of 3.4 times"
        let k = skip_space(lower, num_end);
        // ("2.52 ± 0.11 times faster than deno", as hyperfine's summary prints it: the ratio
        // and its spread)
        let k = match lower_s[k..]
            .strip_prefix("±")
            .or_else(|| lower_s[k..].strip_prefix("+/-"))
        {
            Some(r) => {
                let at = skip_space(lower, lower.len() - r.len());
                number_at(lower, at).map_or(k, |e| skip_space(lower, e))
            }
            None => k,
        };
        if lower_s[k..].starts_with("times") {
            if let Some(end) = times_claim(&lower_s, i, k, states) {
                out.push(claim(i..end, ClaimKind::Multiplier));
            }
        }
        i = num_end.max(i + 1);
    }
    // "climbs from 382 TFLOPS at d=64 to 561 at d=128": the later value, written without the
    // unit the earlier one carries
    let mut later = Vec::new();
    for c in &out {
        if !matches!(c.kind, ClaimKind::Rate { .. } | ClaimKind::Latency)
            || word_before(&lower_s, quantifier_start(&lower_s, c.span.start)).1 != "from"
            || c.from_to
        {
            continue;
        }
        let window = ahead(&lower_s, c.span.end, 40);
        let window = window.find(['.', ';', '\n']).map_or(window, |p| {
            // (a decimal point inside "d=6.4" is no sentence end)
            if window[p + 1..].starts_with(|d: char| d.is_ascii_digit()) {
                window
            } else {
                &window[..p]
            }
        });
        let Some(to) = window.find(" to ") else {
            continue;
        };
        let at = skip_space(lower, c.span.end + to + 4);
        let Some(end) = number_at(lower, at) else {
            continue;
        };
        let bare = lower
            .get(end)
            .is_none_or(|b| !is_word_byte(*b) && *b != b'%')
            && matches!(
                word_after(&lower_s, end).1,
                "" | "at" | "on" | "with" | "for" | "in" | "when" | "once" | "after" | "and"
            );
        if bare && !taken(&out, at..end) {
            let mut y = claim(at..end, c.kind);
            y.unit = c.unit.clone();
            later.push(y);
        }
    }
    out.extend(later);
    // "p50 205 ms, rps 4,290": a rate named by its abbreviation before its value, as a list of
    // metrics writes it
    static ABBREVIATIONS: LazyLock<[(&str, Finder<'static>); 4]> =
        LazyLock::new(|| ["rps", "qps", "tps", "iops"].map(|a| (a, Finder::new(a))));
    for &(abbr, ref finder) in ABBREVIATIONS.iter() {
        // (no abbreviation overlaps itself: each match is one `match_indices` finds)
        for at in finder.find_iter(lower) {
            let end = at + abbr.len();
            if lower[..at].last().is_some_and(|b| is_word_byte(*b)) {
                continue;
            }
            let n = match lower.get(end) {
                Some(b':' | b'=') => skip_space(lower, end + 1),
                Some(b' ') => skip_space(lower, end),
                _ => continue,
            };
            let Some(num_end) = number_at(lower, n) else {
                continue;
            };
            // (not the unit of the value before it, "50k RPS | 2025-01-10", nor before a date)
            let unit_of_before = out.iter().any(|c| c.span.end == end);
            if unit_of_before || date_at(lower, n).is_some() {
                continue;
            }
            let bare = lower
                .get(num_end)
                .is_none_or(|b| !is_word_byte(*b) && !matches!(b, b'%' | b'/'));
            // (a load it was run at is a setting: "at qps 20")
            let setting = matches!(word_before(&lower_s, at).1, "at" | "of" | "target" | "max");
            if n > end
                && bare
                && !setting
                && !taken(&out, n..num_end)
                && !hypothetical(&(n..num_end))
                && !states(
                    Vocabulary::Setting,
                    &lower_s[seg().clause(&lower_s, &(n..num_end))],
                )
            {
                let mut c = claim(n..num_end, ClaimKind::Rate { peak_unit: false });
                c.unit = abbr.into();
                out.push(c);
            }
        }
    }
    // "from 1,150 to 1,610 img/s": the value before and the value after are two claims (each
    // the other's baseline), not one range
    let mut split = Vec::new();
    out.retain(|c| {
        let t = &lower_s[c.span.clone()];
        // ("from 1,150 to 1,610", "820 → 3,150")
        let Some((p, sep)) = [" to ", "→", "->"]
            .iter()
            .find_map(|sep| t.find(sep).map(|p| (p, sep.len())))
            .filter(|_| c.from_to)
        else {
            return true;
        };
        let first_end = c.span.start + t[..p].trim_end().len();
        let second = skip_space(lower, c.span.start + p + sep);
        if first_end <= c.span.start || second >= c.span.end {
            return true;
        }
        let after = claim(second..c.span.end, c.kind);
        let mut before = claim(c.span.start..first_end, c.kind);
        if before.unit.is_empty() {
            before.unit = after.unit.clone();
        }
        for mut v in [before, after] {
            v.from_to = true;
            v.capability = c.capability;
            split.push(v);
        }
        false
    });
    out.extend(split);
    // "2.71M IOPS vs 1.08M for the PM9A3": the value compared, in the rate's unit
    let compared = compared_bare(&lower_s, &out);
    if !compared.is_empty() {
        // (what is taken, by start, to look up in logarithmic time: a row may hold thousands)
        let mut spans: Vec<Range<usize>> = out.iter().map(|c| c.span.clone()).collect();
        spans.sort_by_key(|r| r.start);
        let mut longest = 0;
        let reach: Vec<usize> = spans
            .iter()
            .map(|r| {
                longest = longest.max(r.end);
                longest
            })
            .collect();
        for (r, k) in compared {
            // (a span before `r.end` that ends after `r.start` overlaps it)
            let before = spans.partition_point(|s| s.start < r.end);
            let overlaps = before > 0 && reach[before - 1] > r.start;
            if !overlaps && !hypothetical(&r) {
                let mut c = claim(r, out[k].kind);
                c.unit = out[k].unit.clone();
                out.push(c);
            }
        }
    }
    find_phrases(&lower_s, states, seg, &mut out, &claim);
    // "1% low", "0.1% lows": the name of a game benchmark's frame-rate statistic, not a share
    out.retain(|c| {
        c.kind != ClaimKind::Percent
            || !matches!(
                lower_s[c.span.clone()].trim(),
                "1%" | "0.1%" | "1 %" | "0.1 %"
            )
            || !matches!(
                word_after(&lower_s, c.span.end).1,
                "low" | "lows" | "high" | "highs"
            )
    });
    out.retain(|c| {
        !matches!(c.kind, ClaimKind::Multiplier | ClaimKind::Percent)
            || !(popularity(&lower_s, &c.clause, c.span.end)
                || popularity_label(&lower_s, c.span.start))
    });
    // a device's specification is not a result ("the published 1835 TFLOPS", "30% more power")
    for c in out.iter_mut().filter(|c| !c.capability) {
        let rate = matches!(c.kind, ClaimKind::Rate { peak_unit: true });
        if (rate || matches!(c.kind, ClaimKind::Multiplier | ClaimKind::Percent))
            && is_spec_statement(&lower_s, &c.span, &c.clause, &c.sentence, rate, states)
        {
            c.capability = true;
        }
    }
    // the signed shares listed with one that is a claim ("forward +18%, dgrad +11%, wgrad +23%
    // vs 3.0"): the same kind of change, each a claim
    // (each sentence scanned once, however many of its shares are signed)
    let mut sentences: Vec<Range<usize>> = out
        .iter()
        .filter(|c| {
            c.kind == ClaimKind::Percent && !c.capability && signed_at(&lower_s, c.span.start)
        })
        .map(|c| c.sentence.clone())
        .collect();
    sentences.sort_by_key(|r| (r.start, r.end));
    sentences.dedup();
    let listed: Vec<Range<usize>> = sentences
        .into_iter()
        .flat_map(|s| signed_shares(&lower_s, s))
        .collect();
    for r in listed {
        if !taken(&out, r.clone()) {
            out.push(claim(r, ClaimKind::Percent));
        }
    }
    out.sort_by_key(|c| (c.span.start, std::cmp::Reverse(c.span.end)));
    let mut out = dedup(out);
    // "3840×2160, 24 fps, 1,440 frames", "bitrate: 2388787 kb/s": what a clip is, not how fast
    // something ran
    out.retain(|c| !clip_property(&lower_s, c));
    // "| ≥ 520 TFLOPS |", "≥ 600 GB/s": a floor a result must reach, not a result
    out.retain(|c| {
        !matches!(c.kind, ClaimKind::Rate { .. } | ClaimKind::Latency)
            || !{
                let h = lower_s[..c.span.start].trim_end();
                h.ends_with(['≥', '≧']) || h.ends_with(">=")
            }
    });
    // "118 ms ± 1.4 ms per loop", "45.1 ± 0.3 t/s": the spread of a result, not a result
    out.retain(|c| {
        let head = lower_s[..c.span.start].trim_end();
        !(head.ends_with('±') || head.ends_with("+/-") || head.ends_with("+-"))
    });
    spec_pairs(&lower_s, &mut out, states);
    out
}

/// Whether a rate claim states a property of a video clip: its frame rate listed beside its
/// resolution or its frame count ("3840×2160, 24 fps, 1,440 frames"), or a bitrate a label
/// names ("bitrate: 2388787 kb/s").
fn clip_property(lower: &str, c: &Claim) -> bool {
    if !matches!(c.kind, ClaimKind::Rate { .. }) {
        return false;
    }
    let unit = &*c.unit;
    if matches!(unit, "fps" | "frames/s" | "frame/s") {
        let head = lower[..c.own.start].trim_end();
        let resolution = head.strip_suffix(',').is_some_and(|h| {
            let last = h.rsplit([' ', ',', '(']).next().unwrap_or("");
            last.split(['×', 'x'])
                .filter(|p| p.len() >= 3 && p.bytes().all(|b| b.is_ascii_digit()))
                .count()
                == 2
        });
        let frames = lower[c.span.end..]
            .trim_start()
            .strip_prefix(',')
            .is_some_and(|t| {
                let t = t.trim_start();
                let n = t
                    .bytes()
                    .take_while(|b| b.is_ascii_digit() || *b == b',')
                    .count();
                n > 0 && t[n..].trim_start().starts_with("frames")
            });
        return resolution || frames;
    }
    if unit.starts_with("kb") || unit.starts_with("mb") || unit.starts_with("kbit") {
        let head = lower[..c.own.start].trim_end().trim_end_matches([':', '=']);
        return head.ends_with("bitrate") || head.ends_with("bit rate");
    }
    false
}

/// Whether a claim already covers part of `r`.
pub(super) fn taken(claims: &[Claim], r: Range<usize>) -> bool {
    claims
        .iter()
        .any(|c| c.span.start < r.end && r.start < c.span.end)
}

/// Claims without digits: "an order of magnitude faster", "five times faster", "twice as
/// fast", "a reduction of three times".
fn find_phrases<'s>(
    lower: &str,
    states: States,
    seg: impl Fn() -> &'s Segments,
    out: &mut Vec<Claim>,
    claim: &dyn Fn(Range<usize>, ClaimKind) -> Claim,
) {
    let b = lower.as_bytes();
    // a phrase holds one of the first four words, or a time spelled out ("took nineteen days",
    // "takes about ten minutes")
    static WORDS: LazyLock<[Finder<'static>; 9]> = LazyLock::new(|| {
        [
            "magnitude",
            "times",
            "twice",
            "half as",
            "second",
            "minute",
            "hour",
            "day",
            "week",
        ]
        .map(Finder::new)
    });
    let holds = |w: &[Finder]| w.iter().any(|w| w.find(b).is_some());
    let spelled_time = holds(&WORDS[4..]);
    if !(spelled_time || holds(&WORDS[..4])) {
        return;
    }
    for phrase in [
        "orders of magnitude",
        "order of magnitude",
        "order-of-magnitude",
    ] {
        for (at, _) in lower.match_indices(phrase) {
            let r = at..at + phrase.len();
            let w = &lower[seg().clause(lower, &r)];
            let perf = has_word(w, COMPARATIVES)
                || has_word(w, SPEED_WORDS)
                || (has_stem(w, DIRECTION_STEMS) && has_word(w, PERF_NOUNS));
            if perf
                && !out
                    .iter()
                    .any(|c| c.span.start < r.end && r.start < c.span.end)
            {
                out.push(claim(r, ClaimKind::Multiplier));
            }
        }
    }
    for w in NUMBER_WORDS
        .iter()
        .chain(TEEN_AND_TENS_WORDS)
        .chain(&["twice", "half"])
    {
        for (at, _) in lower.match_indices(w) {
            let from = at + w.len();
            if (at > 0 && is_word_byte(b[at - 1])) || b.get(from).is_some_and(|c| is_word_byte(*c))
            {
                continue;
            }
            // "The run took nineteen days", "it takes about ten minutes": a time spelled out,
            // after a word that states a result
            if spelled_time && !matches!(*w, "twice" | "half" | "hundred" | "thousand") {
                let (us, unit) = word_after(lower, from);
                let cue = cue_before(lower, at);
                if SPELLED_TIME_UNITS.contains(&unit)
                    && matches!(
                        cue,
                        "took"
                            | "takes"
                            | "take"
                            | "taking"
                            | "in"
                            | "finishes"
                            | "finished"
                            | "completes"
                            | "completed"
                            | "lasted"
                            | "needs"
                            | "needed"
                    )
                    && !hypothetical(lower, seg(), &(at..us + unit.len()), states)
                    && !out
                        .iter()
                        .any(|c| c.span.start < us + unit.len() && at < c.span.end)
                {
                    out.push(claim(at..us + unit.len(), ClaimKind::Latency));
                    continue;
                }
            }
            if *w == "half" {
                // "half as fast as the iGPU"
                let (s, lead) = word_after(lower, from);
                let (ns, next) = word_after(lower, s + lead.len());
                if lead == "as" && ["fast", "quick", "efficient"].contains(&next) {
                    out.push(claim(at..ns + next.len(), ClaimKind::Multiplier));
                }
                continue;
            }
            if *w == "twice" {
                let (s, lead) = word_after(lower, from);
                let (ns, next) = word_after(lower, s + lead.len());
                // "twice as much throughput", "twice as many tokens per second"; not a count
                // ("fitting twice as many sequences in the cache")
                let counted = matches!(next, "much" | "many") && {
                    let (ts, thing) = word_after(lower, ns + next.len());
                    !(matches!(
                        thing,
                        "throughput" | "bandwidth" | "performance" | "speed" | "flops" | "goodput"
                    ) || word_after(lower, ts + thing.len()).1 == "per")
                };
                if lead == "as"
                    && ["fast", "quick", "much", "many", "high", "efficient"].contains(&next)
                    && !counted
                {
                    out.push(claim(at..ns + next.len(), ClaimKind::Multiplier));
                } else if (lead == "the"
                    && (PERF_NOUNS.contains(&next) || COMPARED_NOUNS.contains(&next)))
                    // "the kernel's L2 bandwidth is now around twice what it managed before"
                    || (lead == "what" && has_word(&lower[seg().clause(lower, &(at..from))], PERF_NOUNS))
                {
                    // "twice the speed of the previous build"
                    out.push(claim(at..from, ClaimKind::Multiplier));
                }
                continue;
            }
            let k = skip_space(b, from);
            if lower[k..].starts_with("times") {
                if let Some(end) = times_claim(lower, at, k, states) {
                    out.push(claim(at..end, ClaimKind::Multiplier));
                }
            }
        }
    }
}

/// Spelled numbers past ten, for multipliers and times written out ("eighteen times faster",
/// "took nineteen days").
const TEEN_AND_TENS_WORDS: &[&str] = &[
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
    "thirty",
    "forty",
    "fifty",
    "sixty",
];

/// Time units written out after a spelled number.
const SPELLED_TIME_UNITS: &[&str] = &["seconds", "minutes", "hours", "days", "weeks"];

/// The end of an ISO date or month starting at `at` ("2025-01-10", "2024-11"), if one does.
fn date_at(b: &[u8], at: usize) -> Option<usize> {
    let digits = |from: usize, n: usize| {
        b.get(from..from + n)
            .is_some_and(|d| d.iter().all(u8::is_ascii_digit))
    };
    let year = digits(at, 4) && matches!(&b[at..at + 2], b"19" | b"20");
    if !(year && b.get(at + 4) == Some(&b'-') && digits(at + 5, 2)) {
        return None;
    }
    let month = (b[at + 5] - b'0') * 10 + (b[at + 6] - b'0');
    if !(1..=12).contains(&month) {
        return None;
    }
    let end = if b.get(at + 7) == Some(&b'-') && digits(at + 8, 2) {
        at + 10
    } else {
        at + 7
    };
    b.get(end)
        .is_none_or(|c| !c.is_ascii_digit())
        .then_some(end)
}

/// Words before a number that make no name of a listed system ("in 4 s", "about 4 s").
const LIST_STOP_WORDS: &[&str] = &[
    "in",
    "at",
    "for",
    "of",
    "to",
    "by",
    "with",
    "on",
    "and",
    "or",
    "the",
    "a",
    "an",
    "about",
    "around",
    "roughly",
    "approximately",
    "under",
    "over",
    "than",
    "within",
    "after",
    "every",
    "each",
    "is",
    "was",
    "are",
    "were",
    "timeout",
    "interval",
    "window",
];

/// The number before a value at `at` that an arrow, "vs" or "from … to" joins to it, written
/// without a unit of its own ("410 → 240 ms", "3.92 vs 3.90 ms", "from 8.3 to 5.6 ms"); not a
/// release ("0.8.0 → …", "v2 → …", "#1851 → …") nor a number inside a name ("RTX 4090 → 5.6
/// ms").
fn bare_before(lower: &str, at: usize) -> Option<Range<usize>> {
    let head = lower[..at].trim_end();
    let (h, needs_from) = if let Some(h) = head
        .strip_suffix('→')
        .or_else(|| head.strip_suffix("->"))
        .or_else(|| head.strip_suffix(" vs"))
        .or_else(|| head.strip_suffix(" vs."))
        .or_else(|| head.strip_suffix(" versus"))
    {
        (h.trim_end(), false)
    } else {
        (head.strip_suffix(" to")?.trim_end(), true)
    };
    let b = h.as_bytes();
    let mut ps = h.len();
    while ps > 0 && (b[ps - 1].is_ascii_digit() || matches!(b[ps - 1], b',' | b'.')) {
        ps -= 1;
    }
    let n = &h[ps..];
    let alone =
        ps == 0 || !(b[ps - 1].is_ascii_alphanumeric() || matches!(b[ps - 1], b'#' | b'-' | b'_'));
    let from = h[..ps].trim_end();
    (alone
        && !n.is_empty()
        && n.starts_with(|c: char| c.is_ascii_digit())
        && number_at(n.as_bytes(), 0) == Some(n.len())
        && n.matches('.').count() < 2
        && !from.ends_with('v')
        && (!needs_from || from.ends_with(" from") || from == "from"))
        .then_some(ps..h.len())
}

/// Drops claims that overlap an earlier one (input sorted by start).
fn dedup(claims: Vec<Claim>) -> Vec<Claim> {
    let mut out: Vec<Claim> = Vec::with_capacity(claims.len());
    for c in claims {
        if out.last().is_none_or(|l| l.span.end <= c.span.start) {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::PerfPolicy;

    fn vocab() -> PerfPolicy {
        crate::policy::Policy::default_policy().perf
    }

    use super::super::bind::bind;
    use super::super::vocab::Vocab;

    /// The claims of `text`, with fields bound, as the rules see them.
    fn claims_of(text: &str, policy: &PerfPolicy) -> Vec<Claim> {
        let vocab = Vocab::for_texts(policy, &text.to_ascii_lowercase());
        claims_with(text, &vocab)
    }

    /// The same with vocabularies compiled for a text that contains `text`.
    fn claims_with(text: &str, vocab: &Vocab) -> Vec<Claim> {
        let mut claims = find_claims(text, &|v, s| vocab.has(v, s));
        bind(text, &mut claims, vocab);
        claims
    }

    fn spans(text: &str) -> Vec<String> {
        claims_of(text, &vocab())
            .into_iter()
            .map(|c| text[c.span].to_string())
            .collect()
    }

    #[test]
    fn claims_carry_value_and_unit() {
        let got: Vec<(String, Option<f64>, String)> = claims_of(
            "10-100x faster; 12,000 tokens/s; 38% lower latency; p99 of 12 ms; twice as fast; MFU from 31% to 44%",
            &vocab(),
        )
        .into_iter()
        .map(|c| (format!("{:?}", c.kind), c.value, c.unit.into()))
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
                // a change: the value before and the value after
                ("Percent".into(), Some(31.0), "%".into()),
                ("Percent".into(), Some(44.0), "%".into()),
            ]
        );
    }

    #[test]
    fn a_device_after_a_multiplier_is_a_count_unless_compared() {
        assert_eq!(spans("Inference speed 6.7x A100 on Llama-2-13B"), ["6.7x"]);
        assert_eq!(spans("Claims 1.5x H100 training throughput"), ["1.5x"]);
        assert_eq!(spans("2x A100 throughput for BERT"), ["2x"]);
        assert!(spans("BERT pretraining on 8x A100 finished").is_empty());
        assert!(spans("Runs on 2x RTX 4090 with the model split").is_empty());
        assert!(spans("GPU: 2x NVIDIA GeForce RTX 3090").is_empty());
        assert!(spans("Racks hold 16x MI355X in two 8x trays").is_empty());
        assert!(spans("64× Ascend 950 accelerators per cabinet").is_empty());
    }

    #[test]
    fn ranges_and_wordings() {
        assert_eq!(spans("a 1.4x-2.1x speed boost"), ["1.4x-2.1x"]);
        assert_eq!(spans("roughly 4x ~ 7x speedup"), ["4x ~ 7x"]);
        assert_eq!(spans("typically 10% to 20% faster"), ["10% to 20%"]);
        // (a change is two claims, a range one)
        assert_eq!(spans("MFU rises from 40% to 46–47% as"), ["40%", "46–47%"]);
        assert_eq!(spans("the speedup is 1.39 over TensorRT"), ["1.39"]);
        assert_eq!(spans("a reduction of 3.4 times in memory"), ["3.4 times"]);
        assert_eq!(spans("by up to 4.1 times on one GPU"), ["4.1 times"]);
        assert_eq!(spans("Gains of 12–30% across models"), ["12–30%"]);
        assert_eq!(spans("takes 8 to 12 minutes"), ["8 to 12 minutes"]);
        assert_eq!(spans("(saves 1.5 GB VRAM)"), ["1.5 GB"]);
    }

    #[test]
    fn a_number_with_a_plus_is_at_least_that_number() {
        let c = claims_of("with the fused kernel it is around 180+TFLOPS", &vocab());
        assert_eq!(c.len(), 1);
        assert_eq!((c[0].value, &*c[0].unit), (Some(180.0), "tflops"));
        assert_eq!(spans("decoding at 100+ tokens/s"), ["100+ tokens/s"]);
        assert!(spans("needs torch 2.6.0+cu121 and 2+2 GPUs").is_empty());
    }

    #[test]
    fn settings_ratios_and_hypotheticals_are_not_claims() {
        for t in [
            "INT4 is a 4x smaller data type than FP16.",
            "An FP8 KV cache gives a 2× compression ratio by construction.",
            "Poisson arrivals at 4 req/s for 10 minutes per run.",
            "each user requires at least 20 tokens/s",
            "If a run held 50% MFU on 1,024 H100s, it would take about 3 weeks.",
            "12 lectures over 6 weeks, 3 hours each.",
            "Works on RTX 40x0 cards.",
            "A forward pass costs about 14 GFLOPs per token.",
            "Gradient norms vary by orders of magnitude across layers.",
            "Repeat each measurement three times and report the median.",
            "The backward pass does an additional 2x times of `matmul`s.",
            "Training needs 3-4x more matmuls than inference.",
            "The new algorithm needs 3x fewer operations than the naive one.",
            "It does four times fewer multiplications.",
            "Expect this to take 10-15 minutes on a small model.",
            "We aim to reach 2x on the next GPU generation.",
            "The goal is 50% MFU at 1,024 GPUs.",
            "With speculation, decode could get 3x faster.",
            "A setting of 0.9 reserves 90% of GPU memory for the cache.",
            "Set the cache to use 40% of VRAM.",
        ] {
            assert!(spans(t).is_empty(), "{t}: {:?}", spans(t));
        }
    }

    #[test]
    fn a_hedge_governs_what_follows_it_not_a_result_before_it() {
        assert_eq!(
            spans("Decode is 1.7x faster, which could help long prompts."),
            ["1.7x"]
        );
        assert_eq!(
            spans("150 TFLOPS was close to the best one could get."),
            ["150 TFLOPS"]
        );
        assert_eq!(spans("As expected, INT8 runs 1.4x faster."), ["1.4x"]);
        assert_eq!(spans("May 2024: prefill is 35% faster."), ["35%"]);
        assert!(spans("Training takes 2-3x longer than planned.").is_empty());
    }

    #[test]
    fn link_specs_and_popularity_are_not_results() {
        let capability = |t: &str| -> Vec<bool> {
            claims_of(t, &vocab())
                .iter()
                .map(|c| c.capability)
                .collect()
        };
        for t in [
            "Hosts get 3.2 Tbps of scale-out bandwidth per node.",
            "Racks wire 8 x 400 Gbps into the spine.",
            "The tray moves 1.8 TB/s each way between GPUs.",
            "Links give 262 GB/s per Gaudi chip over Ethernet.",
        ] {
            assert_eq!(capability(t), [true], "{t}");
        }
        for t in [
            "The all-to-all measured 310 GB/s per GPU across two nodes.",
            "The parser processes 1.5 GB/s per core.",
            "Copies reach 53 GB/s on a GH200.",
        ] {
            assert_eq!(capability(t), [false], "{t}");
        }
        for t in [
            "It has 3x more contributors than last year.",
            "Twice as many GitHub stars as the next library.",
            "A 5x increase in pull requests from new contributors.",
            "Downloads are up 45% and forks up 2x since 1.0.",
        ] {
            assert!(spans(t).is_empty(), "{t}: {:?}", spans(t));
        }
        assert_eq!(spans("Serves 2x more concurrent users."), ["2x"]);
        assert_eq!(spans("2x faster builds and 3x more stars."), ["2x"]);
        assert_eq!(spans("Runs 2x more operations per second."), ["2x"]);
    }

    #[test]
    fn windows_after_a_claim_end_on_characters() {
        let wide = "框".repeat(40);
        let policy = vocab();
        let leads = [
            "4x ",
            "45% of ",
            "2.5x the ",
            "3 times ",
            "saves 2 GB ",
            "takes 3 s ",
        ];
        let all = Vocab::for_texts(&policy, &leads.concat());
        for lead in leads {
            for pad in 0..4 {
                let s = format!("{}{lead}{wide}", "é".repeat(pad));
                for cut in (0..s.len()).filter(|&c| s.is_char_boundary(c)) {
                    let _ = claims_with(&s[cut..], &all);
                }
            }
        }
    }

    #[test]
    fn never_slices_inside_a_character() {
        let policy = vocab();
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
            "–",
            "×",
        ];
        let all = Vocab::for_texts(&policy, &pieces.concat().to_ascii_lowercase());
        for a in pieces {
            for b in pieces {
                for c in pieces {
                    let s = format!("{a}{b}{c}{a}");
                    for cut in 0..s.len() {
                        if s.is_char_boundary(cut) {
                            let _ = claims_with(&s[cut..], &all);
                        }
                    }
                }
            }
        }
    }
}
