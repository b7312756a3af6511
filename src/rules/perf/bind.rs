//! Binding the five fields to each claim of a block.
//!
//! A field is recognised by the policy's vocabularies (`[perf]`) and, for the baseline and the
//! correctness method, by sentence structure ("1.6x vLLM", "1.8x the FP16 path", "93% of cuBLAS
//! throughput", "up from 46% with the BF16 recipe"; "MMLU parity", "matches the accuracy of"). The text of every claim and the quantifier before it ("over 40%", "more
//! than 2x") is masked first: a claim's own unit is never its workload ("38 tokens/s") and a
//! quantifier is never its baseline. Each claim then takes, per field, the nearest match in
//! its own clause, else in its sentence, else anywhere in its entry or paragraph; a field
//! found nowhere in the block is missing.

use super::claims::{Claim, ClaimKind};
use super::fields::{Bound, Device, Field, Loc};
use super::text::{has_word, word_after, word_before};
use super::vocab::Vocab;
use super::words::{
    APPROXIMATIONS, COMMON_AFTER_RATIO, COMPARATIVES, DIRECTION_STEMS, LOWER_NAMES, PERCENTILES,
    PERF_NOUNS, QUALITY_WORDS, SPEED_WORDS, UTILIZATION_WORDS,
};
use std::ops::Range;

/// Whether a word reads as the name of a system or device: a digit (`H100`, `CTranslate2`),
/// capitals after a small letter (`vLLM`, `cuBLAS`, `FlashAttention`), a capitalised word that
/// is not a common one (`Apex`, not `Faster` or `Throughput` in a title), or a known name
/// written in lower case (`torch`).
fn name_like(w: &str) -> bool {
    let has_digit = w.bytes().any(|c| c.is_ascii_digit());
    let has_alpha = w.bytes().any(|c| c.is_ascii_alphabetic());
    let camel = w
        .as_bytes()
        .windows(2)
        .any(|p| p[0].is_ascii_lowercase() && p[1].is_ascii_uppercase());
    let lower = w.to_ascii_lowercase();
    let capitalised = w.len() >= 3
        && w.starts_with(|c: char| c.is_ascii_uppercase())
        && w[1..].bytes().all(|c| c.is_ascii_lowercase())
        && ![
            COMPARATIVES,
            SPEED_WORDS,
            PERF_NOUNS,
            UTILIZATION_WORDS,
            COMMON_AFTER_RATIO,
        ]
        .iter()
        .any(|list| list.contains(&lower.as_str()));
    (has_digit && has_alpha) || camel || capitalised || LOWER_NAMES.contains(&lower.as_str())
}

/// Whether `w` at `at` of `text` is a product or maker written in capitals and named as such:
/// "RTX 3060", "AMD's", "TGI." (not a part of any machine, "GPU", "HBM", nor the first word of
/// a noun, "CFS periods").
fn acronym_name(text: &str, at: usize, w: &str) -> bool {
    (2..=8).contains(&w.len())
        && w.bytes().all(|c| c.is_ascii_uppercase())
        && !matches!(
            w,
            "GPU"
                | "GPUS"
                | "CPU"
                | "CPUS"
                | "TPU"
                | "NPU"
                | "HBM"
                | "DRAM"
                | "SRAM"
                | "SM"
                | "PCIE"
                | "RAM"
                | "VRAM"
                | "MFU"
                | "HFU"
                | "IO"
                | "OS"
        )
        && !word_after(text, at + w.len())
            .1
            .starts_with(|c: char| c.is_ascii_lowercase())
}

/// Verbs that pair a set-up with its value ("v0.5.3 gives 24,910 tokens/s").
const GIVES: &[&str] = &[
    "gives",
    "gave",
    "gets",
    "got",
    "does",
    "did",
    "reaches",
    "reached",
    "hits",
    "hit",
    "manages",
    "managed",
    "delivers",
    "delivered",
];

/// Baselines stated by structure around the claims: "1.6x vLLM", "1.8x the FP16 path",
/// "2.2x that of X", "0.15x an RTX 4090", "93% of cuBLAS throughput", "up from 46% with the BF16
/// recipe" (not "from 31% to 44%": a value before names no configuration).
fn structural_baselines(text: &str, claims: &[Claim]) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    // "3,200 tok/s → 4,100 tok/s", "45 min -> 3 min": a change names its own baseline
    for p in claims.windows(2) {
        let between = &text[p[0].span.end..p[1].span.start];
        if p[0].kind == p[1].kind
            && (between.contains(['→', '⟶', '⇒']) || between.contains("->"))
            && between.split_whitespace().count() <= 4
        {
            out.push(p[0].span.start..p[1].span.end);
        }
        // "从 38 tokens/s 提升到 97 tokens/s", "从 29.6 GB 降至 10.2 GB", "从约 25 分钟降到了 6
        // 分钟": a change written in Chinese names its own baseline
        let head = text[..p[0].own.start].trim_end();
        let head = ["大约", "约", "近"]
            .iter()
            .find_map(|w| head.strip_suffix(w))
            .unwrap_or(head)
            .trim_end();
        let to = between.trim();
        let to = to.strip_suffix('了').unwrap_or(to);
        if p[0].kind == p[1].kind
            && head.ends_with('从')
            && super::cjk::CHANGE_TO.iter().any(|w| to.ends_with(w))
        {
            out.push(p[0].span.start..p[1].span.end);
        }
        // "5.1 h on 8× H100 (was 9.6 h)", "1,840 tokens/s before, 2,310 tokens/s after": a value
        // and the one before it
        let after_word = word_after(text, p[1].span.end).1;
        if p[0].kind == p[1].kind
            && (["(was", "(was:", "(before", "(before:"]
                .iter()
                .any(|w| between.trim_end().ends_with(w))
                || (between.trim().trim_end_matches(',').trim() == "before"
                    && after_word.eq_ignore_ascii_case("after")))
        {
            out.push(p[0].span.start..p[1].span.end);
        }
        // "v0.5.3 gives 24,910 tokens/s and v0.6.0 gives 21,300 tokens/s", "0.9.2 gets 612 tok/s,
        // 0.10.0 gets 455": two set-ups in one sentence, each the other's baseline
        let gives = |w: &str| GIVES.contains(&w.to_ascii_lowercase().as_str());
        if p[0].kind == p[1].kind
            && p[0].sentence == p[1].sentence
            && gives(word_before(text, p[0].own.start).1)
            && gives(word_before(text, p[1].own.start).1)
            && (between.contains(", ") || between.contains(" and ") || between.contains(" while "))
            && between.split_whitespace().count() <= 7
        {
            out.push(p[0].span.start..p[1].span.end);
        }
        // "von 310 ms auf 205 ms": from one value to the other, in German
        if p[0].kind == p[1].kind
            && between.trim() == "auf"
            && word_before(text, p[0].own.start)
                .1
                .eq_ignore_ascii_case("von")
        {
            out.push(p[0].span.start..p[1].span.end);
        }
        // "de 14 horas para 9 horas", "pasa de 117 a 201 tok/s": from one value to the other,
        // in Portuguese and Spanish
        // "en 3 min 10 s, contre 12 minutes auparavant": a time against the one before it, in
        // French
        if p[0].kind == p[1].kind && between.trim_start_matches([',', ' ']).trim() == "contre" {
            out.push(p[0].span.start..p[1].span.end);
        }
        // (in Russian: "сократилось с 3,9 с до 2,6 с")
        if p[0].kind == p[1].kind
            && between.trim() == "до"
            && word_before(text, p[0].own.start).1 == "с"
        {
            out.push(p[0].span.start..p[1].span.end);
        }
        // (and in French: "passé de 94 s à 3,8 s")
        if matches!(between.trim(), "para" | "a" | "à")
            && matches!(
                word_before(text, p[0].own.start)
                    .1
                    .to_ascii_lowercase()
                    .as_str(),
                "de" | "da"
            )
        {
            out.push(p[0].span.start..p[1].span.end);
        }
        // "48 秒から 19 秒に短縮", "14.2초에서 12.6초로 단축": from one value to the other
        if p[0].kind == p[1].kind
            && (between.trim_start().starts_with("から")
                || between.trim_start().starts_with("에서"))
            && between.chars().count() <= 6
        {
            out.push(p[0].span.start..p[1].span.end);
        }
        // "318 ms (v1.2: 905 ms)": a value and the earlier one beside it, labelled
        // ("1.141 ms (main 1.918 ms)": the earlier one named by one word)
        let bracketed = between.trim().strip_prefix('(').is_some_and(|b| {
            let b = b.trim_end();
            (b.ends_with(':') || (!b.is_empty() && !b.contains(' ') && b.len() <= 12))
                && b.len() <= 24
                && !b.contains([')', '('])
                // (a ceiling beside the result, "2.36 TB/s (peak 2.76 TB/s)", is no earlier
                // value)
                && !matches!(
                    b.trim_end_matches(':').to_ascii_lowercase().as_str(),
                    "peak" | "theoretical" | "spec" | "datasheet" | "max" | "limit" | "target"
                        | "slo" | "budget" | "roofline" | "ceiling" | "bound"
                )
        });
        if p[0].kind == p[1].kind && bracketed {
            out.push(p[0].span.start..p[1].span.end);
        }
    }
    for c in claims {
        // A change from a number states its baseline, the value before ("cuts the stall from
        // 84 s to 6 s", "p99 fell from 14.2 s to 6.1 s", "up from 46%"), except along a
        // scaling series ("MFU increases from 41% to 47% with model size", "from 47% to 42% at
        // larger scale"): there the value before is another configuration's, a baseline only
        // when it names that configuration ("up from 46% with the BF16 recipe").
        let (fs, fw) = word_before(text, c.own.start);
        // ("from roughly 1,100 to about 2,600 tokens/s": an approximation before the value)
        let (fs, fw) = if APPROXIMATIONS.contains(&fw.to_ascii_lowercase().as_str()) {
            word_before(text, fs)
        } else {
            (fs, fw)
        };
        // "pasa de 117 a 201 tok/s", "von 310 auf 205 ms", "1,240 से 1,910 tokens/s": from a
        // bare number before it to this one
        if matches!(fw, "a" | "para" | "à" | "auf" | "से" | "до" | "menjadi") {
            let (ns, n) = word_before(text, fs);
            let n_start = text[..ns]
                .trim_end_matches(|ch: char| ch.is_ascii_digit() || ch == ',' || ch == '.')
                .len();
            let (_, from) = word_before(text, n_start);
            let from = from.to_lowercase();
            let number = n.starts_with(|ch: char| ch.is_ascii_digit())
                && n.bytes()
                    .all(|b| b.is_ascii_digit() || b == b'.' || b == b',');
            if number
                && (fw == "से"
                    || matches!(
                        from.as_str(),
                        "de" | "da" | "von" | "с" | "dari" | "sekitar"
                    ))
            {
                out.push(n_start..c.span.end);
                continue;
            }
        }
        // (the value after a change split from the one before: "from 1,150 to 1,610 img/s"
        // reads from "from")
        let fs = if c.from_to && fw.eq_ignore_ascii_case("to") {
            let floor = crate::lines::floor_char_boundary(text, fs.saturating_sub(48));
            text[floor..fs]
                .to_ascii_lowercase()
                .rfind("from")
                .map_or(fs, |p| floor + p)
        } else {
            fs
        };
        if c.from_to || fw.eq_ignore_ascii_case("from") {
            if !scaling_series(text, c.sentence.clone()) {
                out.push(fs..c.span.end);
            } else if let Some(end) = (!c.from_to).then(|| configuration_after(text, c)).flatten() {
                out.push(fs..end);
            }
            continue;
        }
        let (s, w) = word_after(text, c.span.end);
        if w.is_empty() || s > c.span.end + 3 {
            continue;
        }
        let lw = w.to_ascii_lowercase();
        match c.kind {
            ClaimKind::Multiplier => {
                // "twice as fast as the reference kernel", "as on the Pi 4", "2x what X gets"
                if lw == "as" || lw == "what" {
                    let (s2, w2) = word_after(text, s + w.len());
                    out.push(s..s2 + w2.len());
                    continue;
                }
                // ("2.1x my old 7900 XTX", "1.4x our previous kernel")
                let article = matches!(lw.as_str(), "the" | "an" | "a" | "my" | "our" | "their")
                    || (lw == "that" && word_after(text, s + w.len()).1 == "of");
                // "0.92x of eager", "1.3x of cuBLAS"
                let (of_s, of_w) = word_after(text, s + w.len());
                if lw == "of"
                    && (name_like(of_w)
                        || LOWER_NAMES.contains(&of_w.to_ascii_lowercase().as_str()))
                {
                    out.push(s..of_s + of_w.len());
                    continue;
                }
                // (not the next cell of a row of ratios: "1.31x | 1.58x")
                let number = w
                    .trim_end_matches(['x', 'X', '%'])
                    .trim_end_matches('×')
                    .bytes()
                    .all(|b| b.is_ascii_digit() || b == b'.' || b == b',');
                if article || (name_like(w) && !number) {
                    let (s2, w2) = word_after(text, s + w.len());
                    let end = if article && !w2.is_empty() {
                        s2 + w2.len()
                    } else {
                        s + w.len()
                    };
                    out.push(s..end);
                }
            }
            // "41% above step 1", "12% below the eager build": what it is above or below
            // (German: "24 % vor vLLM", "12 % hinter TGI")
            ClaimKind::Percent if matches!(lw.as_str(), "above" | "below" | "vor" | "hinter") => {
                let (s2, w2) = word_after(text, s + w.len());
                if !w2.is_empty() && !w2.starts_with(|ch: char| ch.is_ascii_digit()) {
                    out.push(s..s2 + w2.len());
                }
            }
            // "matches cuDNN within 5%": what it matches
            ClaimKind::Percent if fw.eq_ignore_ascii_case("within") && lw != "of" => {
                let clause_head = &text[c.clause.start.min(fs)..fs];
                if let Some(at) = clause_head.to_ascii_lowercase().rfind("match") {
                    out.push(c.clause.start.min(fs) + at..fs);
                }
            }
            ClaimKind::Percent if lw == "of" => {
                let (mut s2, mut w2) = word_after(text, s + w.len());
                if w2.eq_ignore_ascii_case("the") {
                    (s2, w2) = word_after(text, s2 + w2.len());
                }
                // ("92% of plain cuDNN", "80% of stock PyTorch")
                if ["plain", "stock", "vanilla", "unfused", "upstream"]
                    .iter()
                    .any(|m| w2.eq_ignore_ascii_case(m))
                {
                    (s2, w2) = word_after(text, s2 + w2.len());
                }
                // not the device whose peak it is a share of ("61% of the MI300X's 1,307
                // TFLOPS FP16 peak": utilization, no baseline)
                let of_peak = {
                    let tail = &text[s2..c.clause.end.max(s2)];
                    let tail = &tail[..crate::lines::floor_char_boundary(tail, 80)];
                    // ("81.5% of the partition's Rpeak": the machine's theoretical peak)
                    super::text::words(tail).any(|w| {
                        ["peak", "rpeak", "rmax"]
                            .iter()
                            .any(|p| w.eq_ignore_ascii_case(p))
                    })
                };
                // "61% of the 0.8.1 throughput": a share of a version's
                // ("61% of the 3.0 level", "99% of 3.0": one dot, before a word of a result or
                // at the clause's end, not "of the 3.5 GB")
                let version = w2.bytes().all(|b| b.is_ascii_digit() || b == b'.')
                    && (w2.matches('.').count() >= 2
                        || (w2.matches('.').count() == 1 && {
                            let (ns, n) = word_after(text, s2 + w2.len());
                            let n = n.to_ascii_lowercase();
                            ns >= c.clause.end
                                || matches!(
                                    n.as_str(),
                                    "level"
                                        | "release"
                                        | "build"
                                        | "baseline"
                                        | "numbers"
                                        | "results"
                                        | "throughput"
                                        | "speed"
                                        | "performance"
                                )
                        }));
                // "91% of the first minute's": a share of another run's result
                let possessive = {
                    let t = &text[s2..];
                    let t = &t[..crate::lines::floor_char_boundary(t, 40)];
                    t.find(['\'', '’']).is_some_and(|p| {
                        !t[..p].contains([',', ';', ')', '(']) && {
                            let r = &t[p..];
                            let r = r.strip_prefix('\'').or_else(|| r.strip_prefix('’'));
                            r.is_some_and(|r| {
                                r.starts_with('s') && !r[1..].starts_with(char::is_alphanumeric)
                            })
                        }
                    })
                };
                // "94% of the per-chip throughput of 8K-sequence training", "96% of the in-HBM
                // decode throughput": a share of another set-up's result, named before its noun
                let of_result = {
                    let t = &text[s2..c.clause.end.max(s2)];
                    let t = &t[..crate::lines::floor_char_boundary(t, 48)];
                    super::text::words(t).take(3).any(|w| {
                        matches!(
                            w.to_ascii_lowercase().as_str(),
                            "throughput" | "performance" | "speed"
                        )
                    }) && (w2.contains('-') || name_like(w2))
                };
                if (name_like(w2)
                    || acronym_name(text, s2, w2)
                    || version
                    || possessive
                    || of_result
                    || fw.eq_ignore_ascii_case("within"))
                    && !of_peak
                {
                    out.push(s..s2 + w2.len());
                }
            }
            _ => {}
        }
    }
    out
}

/// Whether a sentence reports a scaling series (model size, GPU count, scale), whose values
/// belong to different configurations rather than to a change and its baseline.
fn scaling_series(text: &str, sentence: Range<usize>) -> bool {
    let s = text.get(sentence).unwrap_or(text).to_ascii_lowercase();
    // "scaling", "scaled", "at scale" (not a benchmark's scale factor: "TPC-B (scale 500)")
    s.match_indices("scal").any(|(at, _)| {
        // (a word of its own: not "scalar", "upscaling")
        if s[at..].starts_with("scalar")
            || s[..at].ends_with(|ch: char| ch.is_alphanumeric())
        {
            return false;
        }
        let rest = s[at..].trim_start_matches(|ch: char| ch.is_ascii_alphabetic());
        let rest = rest.trim_start_matches([' ', '=', ':']);
        !(s[at..].starts_with("scale")
            && (rest.starts_with(|ch: char| ch.is_ascii_digit()) || rest.starts_with("factor")))
    }) || [
        "model size",
        "smallest",
        "largest",
        "cluster grows",
        "cluster size",
        "gpu count",
        "number of gpus",
        // "from 48% at 128 GPUs to 41% on the full cluster"
        "full cluster",
        "whole cluster",
        "entire cluster",
        "full scale",
    ]
    .iter()
    .any(|w| s.contains(w))
        // "MFU goes from 43% at 64 GPUs to 39% at 1,024 GPUs": two cluster sizes
        || {
            let ws: Vec<&str> = super::text::words(&s).collect();
            ws.windows(2)
                .filter(|p| {
                    p[0].starts_with(|c: char| c.is_ascii_digit())
                        && (matches!(
                            p[1],
                            "gpus"
                                | "nodes"
                                | "chips"
                                | "accelerators"
                                | "devices"
                                // "from 11 RTFx at 2 threads to 58 RTFx at 16 threads", "at 56
                                // processes … at 224 processes"
                                | "threads"
                                | "cores"
                                | "processes"
                                | "workers"
                                | "ranks"
                        )
                            // "at 2,048 H100s"
                            || (p[1].len() > 3
                                && p[1].ends_with('s')
                                && p[1].bytes().any(|b| b.is_ascii_digit())))
                })
                .count()
                >= 2
        }
        // "from 382 TFLOPS at d=64 to 561 at d=128", "at batch 8 … at batch 64": a setting
        // named twice with two values
        || {
            let ws: Vec<&str> = super::text::words(&s).collect();
            let settings: Vec<(&str, &str)> = ws
                .windows(3)
                .filter(|p| p[0] == "at")
                .filter_map(|p| match p[1].split_once('=') {
                    Some((k, v)) if !k.is_empty() && !v.is_empty() => Some((k, v)),
                    None if p[2].starts_with(|c: char| c.is_ascii_digit())
                        && p[1].starts_with(|c: char| c.is_ascii_alphabetic()) =>
                    {
                        Some((p[1], p[2]))
                    }
                    _ => None,
                })
                .collect();
            settings.iter().enumerate().any(|(k, (name, value))| {
                settings[k + 1..]
                    .iter()
                    .any(|(n, v)| n == name && v != value)
            })
        }
}

/// The end of the configuration that a before-value names right after it, in its clause
/// ("46% with the BF16 recipe", "26 frames/s in FP16", "260 s using inductor defaults", "120 ms
/// (PyTorch)"), or None ("46% before", "41% for the smallest model to 47%", "25 s, on …",
/// "120 ms (p99)").
fn configuration_after(text: &str, c: &Claim) -> Option<usize> {
    // "from 120 ms (PyTorch) to 40 ms": the configuration in brackets right after it, not a
    // statistic ("(p99)", "(mean)")
    let rest = &text[c.span.end..];
    let t = rest.trim_start_matches(' ');
    if let Some(inner) = t.strip_prefix('(') {
        let close = inner.find(')')?;
        let names = inner[..close].split_whitespace().any(|w| {
            let w = w.trim_matches(|ch: char| !ch.is_alphanumeric());
            let lw = w.to_ascii_lowercase();
            name_like(w)
                && !PERCENTILES.contains(&lw.as_str())
                && !matches!(lw.as_str(), "mean" | "median" | "avg" | "average")
        });
        let end = c.span.end + (rest.len() - t.len()) + 1 + close + 1;
        return names.then_some(end);
    }
    let (s, w) = word_after(text, c.span.end);
    let clause_end = c.clause.end.max(c.span.end);
    if w.is_empty() || s + w.len() > clause_end || text[c.span.end..s].contains([',', ';', '(']) {
        return None;
    }
    if !matches!(
        w.to_ascii_lowercase().as_str(),
        "with" | "using" | "in" | "under" | "via" | "on"
    ) {
        return None;
    }
    // the words of the configuration, up to "to" (the value after) or the clause's end
    let (mut at, mut end, mut named) = (s + w.len(), None, false);
    for _ in 0..4 {
        let (s2, w2) = word_after(text, at);
        if w2.is_empty() || s2 + w2.len() > clause_end {
            break;
        }
        let lw = w2.to_ascii_lowercase();
        if lw == "to" || w2.starts_with(|ch: char| ch.is_ascii_digit()) && !name_like(w2) {
            break;
        }
        if !matches!(lw.as_str(), "the" | "a" | "an" | "our" | "its" | "their") {
            named = true;
            end = Some(s2 + w2.len());
        }
        at = s2 + w2.len();
    }
    end.filter(|_| named)
}

/// Whether "over" at `at` compares: it follows a ratio claim, a speed or comparative word, a
/// direction or a performance noun within two words ("8.8x speedup over llama.cpp", "by 25%
/// over SGLang", "1.5x throughput over vLLM", "improves over"). Elsewhere "over" is a place, a
/// span or a medium ("inference over long sequences", "over NVLink", "over time", "cross-checks
/// twice over"), not a baseline.
/// Whether a baseline word at `r` of `text` compares with something: not "over" outside a
/// comparison ("310 GB/s over NVLink", "M2 Ultra over Metal"), not "against" what guards
/// ("robust against NaNs"), a limit ("against the 0.45 s limit") or the peak a share is
/// counted against ("MFU counted against the dense BF16 peak"). Without `claims` (a table's
/// caption), "over" is judged only by what follows it.
pub(super) fn compares(text: &str, r: &Range<usize>, claims: Option<&[Claim]>) -> bool {
    let t = text[r.clone()].trim().to_ascii_lowercase();
    let tail = &text[r.end..];
    let tail = &tail[..crate::lines::floor_char_boundary(tail, 48)];
    let next: Vec<String> = super::text::words(tail)
        .take(5)
        .map(str::to_ascii_lowercase)
        .collect();
    match t.as_str() {
        "over" => {
            // a span or an axis: "softmax over the last dimension", "over all layers", "over
            // 10 runs", "over the whole trace"
            // (not "over last round", "over the 4090", "over full cache": comparisons)
            let span = {
                let w = |k: usize| next.get(k).map_or("", String::as_str);
                w(0).starts_with(|c: char| c.is_ascii_digit())
                    || matches!(
                        w(0),
                        "all" | "each" | "every" | "time" | "multiple" | "several" | "many"
                    )
                    || (w(0) == "the" && matches!(w(1), "whole" | "entire" | "course" | "same"))
                    || (w(0) == "the"
                        && matches!(w(1), "last" | "first")
                        && matches!(
                            w(2),
                            "dimension" | "dim" | "axis" | "row" | "rows" | "column" | "columns"
                        ))
                    // a stretch of time or of runs: "over one week", "over a weekend", "over
                    // the first two weeks of the rollout", "over the last 24 h"
                    || {
                        let k = usize::from(w(0) == "the")
                            + usize::from(
                                w(0) == "the"
                                    && matches!(
                                        w(1),
                                        "first" | "last" | "past" | "next" | "final" | "following"
                                    ),
                            );
                        let k = k + usize::from(
                            matches!(
                                w(k),
                                "a" | "an"
                                    | "one"
                                    | "two"
                                    | "three"
                                    | "four"
                                    | "five"
                                    | "six"
                                    | "seven"
                                    | "ten"
                                    | "twelve"
                                    | "half"
                                    | "several"
                                    | "few"
                            ) || w(k).starts_with(|c: char| c.is_ascii_digit()),
                        );
                        k > 0 && is_stretch(w(k))
                    }
            };
            !span
                && claims.is_none_or(|claims| over_compares(text, r.start, claims))
                && !next.first().is_some_and(|w| {
                    matches!(
                        w.as_str(),
                        "metal"
                            | "cuda"
                            | "vulkan"
                            | "rocm"
                            | "opencl"
                            | "pcie"
                            | "nvlink"
                            | "infiniband"
                            | "ethernet"
                            | "tcp"
                            | "rdma"
                            | "usb"
                            | "thunderbolt"
                            | "wifi"
                            | "http"
                            | "ssh"
                    )
                })
        }
        "against" => {
            // "what we tune against. For …": nothing follows it in its sentence
            if tail.trim_start().starts_with(['.', ',', ';', ':', ')']) || tail.trim().is_empty() {
                return false;
            }
            let w = word_before(text, r.start).1.to_ascii_lowercase();
            let guards = w.starts_with("robust")
                || w.starts_with("protect")
                || w.starts_with("guard")
                || w.starts_with("defen")
                || w.starts_with("secur")
                || w.starts_with("resilien")
                || w.starts_with("harden")
                || w == "safe";
            // (also a few words on: "against the 989 TFLOPS dense BF16 peak")
            let far: Vec<String> = super::text::words(
                &text[r.end..][..crate::lines::floor_char_boundary(&text[r.end..], 64)],
            )
            .take(7)
            .map(str::to_ascii_lowercase)
            .collect();
            // "plotted against batch size": an axis
            let axis = matches!(
                next.first().map(String::as_str),
                Some("batch" | "sequence" | "concurrency" | "load" | "time" | "step" | "steps")
            );
            let bound = axis
                || far.iter().any(|w| {
                    matches!(
                        w.as_str(),
                        "limit"
                        | "limits"
                        | "slo"
                        | "slos"
                        | "budget"
                        | "budgets"
                        | "target"
                        | "targets"
                        | "deadline"
                        | "threshold"
                        | "thresholds"
                        | "requirements"
                        | "cap"
                        | "peak"
                        // "against a theoretical Rpeak of 25.1 PFLOP/s": a share of a peak
                        | "rpeak"
                        | "theoretical"
                    )
                });
            // "run against the three i4i.4xlarge nodes", "against a local server": where the
            // load went, not what the result is compared with
            let target = next.iter().take(5).any(|w| {
                matches!(
                    w.as_str(),
                    "node"
                        | "nodes"
                        | "cluster"
                        | "server"
                        | "servers"
                        | "endpoint"
                        | "endpoints"
                        | "instance"
                        | "instances"
                        | "database"
                        | "deployment"
                        // "IO500 … against the Lustre file system", "against a staging bucket"
                        | "file"
                        | "filesystem"
                        | "storage"
                        | "volume"
                        | "bucket"
                        | "backend"
                        | "service"
                        | "api"
                        | "host"
                        | "hosts"
                        | "replica"
                        | "replicas"
                        | "machine"
                        | "machines"
                        | "scratch"
                )
            }) && next
                .first()
                .is_some_and(|w| matches!(w.as_str(), "the" | "a" | "an" | "our" | "one"));
            // "when one of us last checked the claim against the source", "verified each
            // output against cuBLAS": what a check compares with is the check's reference
            let checked = super::text::words_before(text, r.start, 4).any(|w| {
                let w = w.to_ascii_lowercase();
                ["check", "verif", "validat", "cross-check", "re-check"]
                    .iter()
                    .any(|v| w.starts_with(v))
            });
            !guards && !bound && !target && !checked
        }
        // Android's Baseline Profiles are a build's set-up (ahead-of-time compiled code), not
        // a baseline: "with the Baseline Profile", "a baseline profile build"
        "baseline" | "baselines" => !next
            .first()
            .is_some_and(|w| matches!(w.as_str(), "profile" | "profiles")),
        // an axis a result is plotted along, not what it is compared with: "throughput vs
        // batch size", "latency versus sequence length", "QPS vs. number of clients"
        "vs" | "vs." | "versus" => {
            let w = |k: usize| next.get(k).map_or("", String::as_str);
            let at = usize::from(matches!(w(0), "the" | "number" | "a"))
                + usize::from(w(1) == "of" && w(0) == "number");
            let at = if w(at) == "of" { at + 1 } else { at };
            !matches!(
                w(at),
                "batch"
                    | "batch-size"
                    | "sequence"
                    | "seq"
                    | "context"
                    | "concurrency"
                    | "clients"
                    | "threads"
                    | "nodes"
                    | "gpus"
                    | "message"
                    | "prompt"
                    | "input"
                    | "load"
                    | "size"
                    | "time"
                    | "step"
                    | "steps"
            ) || {
                // ("vs batch 1": a comparison with one setting)
                w(at + 1).starts_with(|c: char| c.is_ascii_digit())
            }
        }
        _ => true,
    }
}

/// A word for a stretch of time or of repeated runs ("week", "24 h", "runs"): "over" it spans,
/// it does not compare.
fn is_stretch(w: &str) -> bool {
    matches!(
        w.trim_end_matches('s'),
        "second"
            | "sec"
            | "minute"
            | "min"
            | "hour"
            | "h"
            | "day"
            | "night"
            | "week"
            | "weekend"
            | "month"
            | "year"
            | "quarter"
            | "run"
            | "iteration"
            | "epoch"
            | "step"
            | "trial"
            | "session"
            | "sprint"
    )
}

fn over_compares(text: &str, at: usize, claims: &[Claim]) -> bool {
    let k = claims.partition_point(|c| c.span.end <= at);
    // after a ratio ("2x over vLLM"), not after a rate or a time ("310 GB/s over NVLink")
    if k > 0
        && matches!(
            claims[k - 1].kind,
            ClaimKind::Multiplier | ClaimKind::Percent
        )
        && text[claims[k - 1].span.end..at].split_whitespace().count() <= 2
    {
        return true;
    }
    let mut to = at;
    for _ in 0..2 {
        let (s, w) = word_before(text, to);
        let w = w.to_ascii_lowercase();
        let w = w.as_str();
        if SPEED_WORDS.contains(&w)
            || COMPARATIVES.contains(&w)
            || PERF_NOUNS.contains(&w)
            || UTILIZATION_WORDS.contains(&w)
            || (!w.is_empty() && DIRECTION_STEMS.iter().any(|d| w.starts_with(d)))
            || matches!(w, "advantage" | "edge" | "lead" | "wins" | "win" | "up")
        {
            return true;
        }
        if s == 0 || s >= to {
            return false;
        }
        to = s;
    }
    false
}

/// The words of a text (letters, digits and `-`, `.`, `/`, `_`, `'` inside) with where each
/// starts.
fn word_spans(s: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in s.char_indices() {
        let inside = c.is_alphanumeric() || matches!(c, '-' | '.' | '/' | '_' | '\'');
        match (inside, start) {
            (true, None) => start = Some(i),
            (false, Some(st)) => {
                out.push((st, &s[st..i]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(st) = start {
        out.push((st, &s[st..]));
    }
    out.into_iter()
        .map(|(st, w)| {
            let t = w.trim_end_matches(['.', '-', '\'']);
            (st, t)
        })
        .filter(|(_, w)| !w.is_empty())
        .collect()
}

/// Correctness stated by structure (`lower`: the block's masked text, lower case; `workloads`:
/// its workload matches): parity on a quality measure or a benchmark ("MMLU parity", "parity on GSM8K", "quality parity with
/// FP16", not "throughput parity with vLLM"), and matching a quality measure ("matches the
/// accuracy of", "retains the perplexity of", "on par with FP16 in accuracy", "as accurate
/// as").
fn structural_correctness(lower: &str, workloads: &[Range<usize>]) -> Vec<Range<usize>> {
    if !(lower.contains("parity")
        || lower.contains("par ")
        || lower.contains("accurate")
        || has_word(lower, QUALITY_WORDS))
    {
        return Vec::new();
    }
    let ws = word_spans(lower);
    let quality = |w: &str| QUALITY_WORDS.contains(&w) || w == "accuracies" || w == "quality";
    // a benchmark or dataset the workload vocabulary names ("MMLU", "GSM8K")
    let bench = |r: Range<usize>| {
        workloads
            .iter()
            .any(|w| w.start <= r.start && r.end <= w.end)
    };
    let end_of = |k: usize| ws[k].0 + ws[k].1.len();
    let mut out = Vec::new();
    for (k, &(at, w)) in ws.iter().enumerate() {
        match w {
            "parity" => {
                let before = k.checked_sub(1).map(|j| ws[j].1);
                let perf_before = before.is_some_and(|b| {
                    PERF_NOUNS.contains(&b)
                        || SPEED_WORDS.contains(&b)
                        || matches!(b, "feature" | "api" | "functional" | "price" | "hardware")
                });
                if perf_before {
                    continue;
                }
                // "MMLU parity": a benchmark or a quality measure before it
                let named_before = k
                    .checked_sub(1)
                    .is_some_and(|j| quality(ws[j].1) || bench(ws[j].0..end_of(j)));
                // "parity on GSM8K", "parity with FP16 in accuracy"
                let quality_after = ws[k + 1..].iter().take(5).any(|(_, a)| quality(a));
                let on_bench = ws.get(k + 1).is_some_and(|(_, a)| *a == "on")
                    && ws
                        .get(k + 2)
                        .is_some_and(|&(s2, a2)| quality(a2) || bench(s2..s2 + a2.len()));
                if named_before || quality_after || on_bench {
                    let s0 = k
                        .checked_sub(1)
                        .filter(|_| named_before)
                        .map_or(at, |j| ws[j].0);
                    out.push(s0..end_of(k));
                }
            }
            "matches" | "match" | "matched" | "matching" | "equals" | "equal" | "equaling"
            | "rivals" | "retains" | "retain" | "retained" | "preserves" | "preserve"
            | "preserved" | "maintains" | "maintain" | "maintained" => {
                if let Some(j) = (k + 1..ws.len().min(k + 5)).find(|&j| quality(ws[j].1)) {
                    out.push(at..end_of(j));
                }
            }
            // "on par with FP16 in accuracy", "accuracy on par with"
            "par" if k > 0 && ws[k - 1].1 == "on" => {
                let after = (k + 1..ws.len().min(k + 6)).find(|&j| quality(ws[j].1));
                let before = (k.saturating_sub(4)..k - 1).find(|&j| quality(ws[j].1));
                match (before, after) {
                    (_, Some(j)) => out.push(ws[k - 1].0..end_of(j)),
                    (Some(j), None) => out.push(ws[j].0..end_of(k)),
                    _ => {}
                }
            }
            // "as accurate as"
            "accurate" if k > 0 && ws[k - 1].1 == "as" => out.push(ws[k - 1].0..end_of(k)),
            _ => {}
        }
    }
    out
}

/// The index of the nearest candidate to `claim` (candidates sorted by start), looked for in
/// its clause, then its sentence, then anywhere; `prefer` ranks candidates before distance
/// (lower first) inside the clause and the sentence. Each look reads only the candidates
/// inside a bounded window, so a block of a megabyte costs no more per claim than a sentence.
fn nearest(cands: &[Range<usize>], claim: &Claim, prefer: impl Fn(usize) -> u8) -> Option<usize> {
    let dist = |r: &Range<usize>| -> usize {
        if r.end <= claim.span.start {
            claim.span.start - r.end
        } else {
            r.start.saturating_sub(claim.span.end)
        }
    };
    for w in [&claim.clause, &claim.sentence] {
        let lo = cands.partition_point(|r| r.start + MAX_MATCH < w.start);
        let best = (lo..cands.len())
            .take_while(|&k| cands[k].start < w.end)
            .filter(|&k| cands[k].end > w.start)
            .min_by_key(|&k| (prefer(k), dist(&cands[k])));
        if best.is_some() {
            return best;
        }
    }
    let k = cands.partition_point(|r| r.start < claim.span.start);
    [k.checked_sub(1), Some(k)]
        .into_iter()
        .flatten()
        .filter(|&k| k < cands.len())
        .min_by_key(|&k| dist(&cands[k]))
}

/// Whether a baseline match is one a claim states: in its sentence, or in the sentence a
/// semicolon or "That is …" joins to it ("Compared to PyTorch, A gives 1.2x; while B gives
/// 3.8x", "lands at 3.1 ms. That is 92% of cuDNN"). A comparison made in another sentence
/// ("MFU goes from 51.5% at 256 GPUs to 44.3%") is no baseline of the claims before it.
fn in_scope(text: &str, c: &Claim, r: &Range<usize>) -> bool {
    const SENTENCE_ENDS: [&str; 4] = [". ", "! ", "? ", "\n"];
    // ("That is 92% of cuDNN" restates the claim before; "That is the number to beat" does not)
    let refers = |s: &str| {
        let s = s.trim_start().to_ascii_lowercase();
        let restates = ["that is", "that's", "that’s", "this is", "which is", "i.e."]
            .iter()
            .find_map(|w| s.strip_prefix(w))
            .is_some_and(|rest| {
                let rest = rest.trim_start();
                let rest = ["about ", "roughly ", "around ", "~"]
                    .iter()
                    .find_map(|w| rest.strip_prefix(w))
                    .unwrap_or(rest);
                rest.starts_with(|c: char| c.is_ascii_digit())
            });
        // "Throughput reaches 5,600 tokens/s. The baseline is TensorRT-LLM at 4,100."
        restates || s.starts_with("the baseline") || s.starts_with("baseline")
    };
    // (the sentence joined to the claim's is looked for within a sentence's window, as the
    // claim's own is: a line of ten thousand clauses joined by semicolons costs each claim no
    // more than its neighbours)
    let window = super::text::SENTENCE_WINDOW;
    let head = text[..c.sentence.start].trim_end();
    let own = &text[c.sentence.clone()];
    let from = if head.ends_with(';') || refers(own) {
        let h = head.trim_end_matches([';', '.']);
        let lo = crate::lines::floor_char_boundary(h, h.len().saturating_sub(window));
        SENTENCE_ENDS
            .iter()
            .filter_map(|e| h[lo..].rfind(e).map(|p| lo + p + e.len()))
            .max()
            .unwrap_or(lo)
    } else {
        c.sentence.start
    };
    let tail = &text[c.sentence.end..];
    let next = tail.trim_start_matches(['.', '!', '?', ';']);
    let to = if tail.starts_with(';') || (tail.starts_with('.') && refers(next)) {
        let rest = text.len() - next.len();
        let hi = crate::lines::floor_char_boundary(text, (rest + window).min(text.len()));
        SENTENCE_ENDS
            .iter()
            .filter_map(|e| text[rest..hi].find(e).map(|p| rest + p))
            .min()
            .unwrap_or(hi)
    } else {
        c.sentence.end
    };
    r.end > from && r.start < to
}

/// The longest field match a window look-up expects to reach into it from before.
const MAX_MATCH: usize = 200;

/// The device around a hardware match: its name as written and a count before it.
fn device(text: &str, r: &Range<usize>, claims: &[Claim]) -> Device {
    let b = text.as_bytes();
    // widen to whole words
    let mut s = r.start;
    while s > 0 && (b[s - 1].is_ascii_alphanumeric()) {
        s -= 1;
    }
    let mut e = r.end;
    while e < b.len()
        && (b[e].is_ascii_alphanumeric()
            || (b[e] == b'-' && e + 1 < b.len() && b[e + 1].is_ascii_alphanumeric()))
    {
        e += 1;
    }
    let written = &text[s..e];
    let lead: String = written.chars().take_while(|c| c.is_ascii_digit()).collect();
    let rest = &written[lead.len()..];
    let (count, name, start) =
        if !lead.is_empty() && (rest.starts_with(['x', 'X', '×']) || rest.starts_with(' ')) {
            let name = rest.trim_start_matches(['x', 'X', '×', ' ']);
            (lead.parse().ok(), name.to_string(), s)
        } else {
            // a count before: "8x H100", "8 × H100", "64 H100s", "1,024 H100s"
            let (ws, w) = word_before(text, s);
            let w = w.trim_end_matches(['x', 'X', '×']);
            let n: String = w.chars().filter(|c| *c != ',').collect();
            match n.parse::<u32>() {
                Ok(n) if !w.is_empty() && ws + w.len() <= s => (Some(n), written.to_string(), ws),
                _ => (None, written.to_string(), s),
            }
        };
    let (_, before) = word_before(text, start);
    let compared = matches!(
        before.to_ascii_lowercase().as_str(),
        "than" | "vs" | "versus" | "over" | "of" | "against" | "to" | "with"
    ) || {
        // directly after a multiplier: "6.7x A100"
        let k = claims.partition_point(|c| c.span.end <= start);
        k > 0 && {
            let c = &claims[k - 1];
            c.kind == ClaimKind::Multiplier
                && text[c.span.end..start]
                    .trim_matches([' ', '*', '~'])
                    .is_empty()
        }
    } || {
        // "than an A100", "vs the H100"
        let (ps, pw) = word_before(text, start);
        matches!(pw.to_ascii_lowercase().as_str(), "a" | "an" | "the")
            && matches!(
                word_before(text, ps).1.to_ascii_lowercase().as_str(),
                "than" | "vs" | "versus" | "over" | "of" | "against" | "to" | "with"
            )
    };
    Device {
        name: name.into_boxed_str(),
        count,
        span: Loc::new(&(start..e)),
        compared,
    }
}

/// Rounds a range to character boundaries of `text`, and widens a match that starts inside a
/// number written with thousands separators to the whole number ("1,152 sequences", not
/// "152 sequences": a pattern's `\b` also holds after the comma).
fn on_chars(text: &str, r: Range<usize>) -> Range<usize> {
    let mut s = crate::lines::floor_char_boundary(text, r.start);
    let e = crate::lines::ceil_char_boundary(text, r.end).max(s);
    let b = text.as_bytes();
    // a group of exactly three digits after "<digit>,"
    let group = |at: usize| {
        at >= 2
            && b[at - 1] == b','
            && b[at - 2].is_ascii_digit()
            && b.len() >= at + 3
            && b[at..at + 3].iter().all(u8::is_ascii_digit)
            && b.get(at + 3).is_none_or(|c| !c.is_ascii_digit())
    };
    if group(s) {
        // back over "d,ddd," groups to the number's first digit
        let mut k = s - 1;
        loop {
            let mut d = k;
            while d > 0 && b[d - 1].is_ascii_digit() && k - d < 3 {
                d -= 1;
            }
            let lead = d > 0 && b[d - 1].is_ascii_digit();
            let comma = d >= 2 && b[d - 1] == b',' && b[d - 2].is_ascii_digit();
            if k - d == 3 && comma {
                k = d - 1;
                continue;
            }
            // "8,16,512" is a list, not a number
            if !lead && !comma && d < k {
                s = d;
            }
            break;
        }
    }
    s..e
}

/// Words that deny a check near it: "not confirmed", "isn't validated", "yet to be
/// verified", "unverified".
const NEGATIONS: &[&str] = &[
    "not",
    "never",
    "isn't",
    "wasn't",
    "aren't",
    "weren't",
    "hasn't",
    "haven't",
    "didn't",
    "don't",
    "doesn't",
    "unverified",
    "unconfirmed",
    "unvalidated",
    "untested",
    "unchecked",
    "pending",
    "tbd",
];

/// Whether the correctness match `r` of `text` is denied within its clause: a negation among
/// the four words before it or the five after it ("we have not yet validated accuracy", "loss
/// parity at this scale is not confirmed yet", "outputs not checked against the reference").
fn negated(text: &str, r: &Range<usize>) -> bool {
    let stop = |c: char| matches!(c, '.' | ';' | ':' | '(' | ')' | '!' | '?' | '\n');
    let from = crate::lines::ceil_char_boundary(text, r.start.saturating_sub(48));
    let before = &text[from..r.start];
    let before = before.rfind(stop).map_or(before, |p| &before[p + 1..]);
    let to = crate::lines::floor_char_boundary(text, (r.end + 48).min(text.len()));
    let after = &text[r.end..to];
    let after = after.find(stop).map_or(after, |p| &after[..p]);
    let denies = |w: &str| {
        let w = w
            .trim_matches(|c: char| !c.is_alphanumeric() && c != '\'' && c != '’')
            .to_ascii_lowercase()
            .replace('’', "'");
        NEGATIONS.contains(&w.as_str())
    };
    let before_words: Vec<&str> = before.split_whitespace().collect();
    before_words.iter().rev().take(4).any(|w| denies(w))
        || after.split_whitespace().take(5).any(denies)
        || after.to_ascii_lowercase().contains("yet to ")
}

/// Whether a correctness match is only "unchanged" said of a speed ("Request throughput is
/// unchanged", "latency stays essentially unchanged"): a result, no check of the output; or of
/// the set-up ("per-GPU work is unchanged"): what a run kept.
pub(super) fn speed_unchanged(text: &str, r: &Range<usize>) -> bool {
    if !text[r.clone()].trim().eq_ignore_ascii_case("unchanged") {
        return false;
    }
    // (the few words before it, lower-cased: not the whole text before, once a match)
    let from = crate::lines::ceil_char_boundary(text, r.start.saturating_sub(80));
    let before = text[from..r.start].to_ascii_lowercase();
    let subject = super::text::words_before(&before, before.len(), 8)
        .find(|w| {
            !matches!(
                *w,
                "is" | "are"
                    | "was"
                    | "were"
                    | "stays"
                    | "stay"
                    | "stayed"
                    | "remains"
                    | "remain"
                    | "remained"
                    | "essentially"
                    | "basically"
                    | "largely"
                    | "roughly"
                    | "virtually"
                    | "effectively"
                    | "practically"
            )
        })
        .is_some_and(|w| {
            super::words::PERF_NOUNS.contains(&w)
                || super::words::SPEED_WORDS.contains(&w)
                || matches!(
                    w,
                    "speed" | "time" | "memory" | "usage" | "footprint" | "utilization"
                )
                // nor of the set-up ("so that per-GPU work is unchanged", "everything else
                // unchanged"): what was kept, not a check of the output
                || matches!(
                    w,
                    "work"
                        | "config"
                        | "configuration"
                        | "settings"
                        | "setup"
                        | "set-up"
                        | "recipe"
                        | "hyperparameters"
                        | "shape"
                        | "shapes"
                        | "else"
                        | "layout"
                        | "workload"
                )
        });
    subject
}

/// Binds the fields of each claim of a block's `text` (see the module's head).
pub fn bind(text: &str, claims: &mut [Claim], vocab: &Vocab) {
    if claims.is_empty() {
        return;
    }
    debug_assert!(
        claims.windows(2).all(|p| p[0].span.end <= p[1].span.start),
        "claims must be in order and disjoint"
    );
    let mut masked = text.as_bytes().to_vec();
    for c in claims.iter() {
        masked[c.own.clone()].fill(b' ');
    }
    // Whole characters were replaced by spaces, so the text is still UTF-8.
    let masked = String::from_utf8(masked).unwrap_or_default();
    let mut cands: Vec<Vec<Range<usize>>> = vec![Vec::new(); Field::ALL.len()];
    for (k, r) in vocab.matches(&masked) {
        if k < cands.len() {
            cands[k].push(on_chars(text, r));
        }
    }
    // A baseline word inside a correctness match ("checked against the reference") and "over"
    // or "than" before a number ("over 100 iterations") are not baselines.
    let mut correct = std::mem::take(&mut cands[Field::Correctness as usize]);
    // "loss parity is not confirmed yet", "not yet validated against the reference": a check
    // said not to have been made is none
    correct.retain(|r| !negated(text, r) && !speed_unchanged(text, r));
    cands[Field::Baseline as usize].retain(|r| {
        let t = text[r.clone()].trim().to_ascii_lowercase();
        let quantifier = matches!(t.as_str(), "over" | "than") && {
            let w = word_after(text, r.end).1;
            // a version ("than 0.13.2") is a baseline
            w.starts_with(|c: char| c.is_ascii_digit())
                && w.bytes()
                    .all(|c| c.is_ascii_digit() || c == b',' || c == b'.')
                && w.matches('.').count() < 2
        };
        // "up from 46%", "down from 25 s": the value before, which `structural_baselines`
        // judges (a baseline only with the configuration it names)
        let before_value = t.ends_with(" from")
            && word_after(text, r.end)
                .1
                .starts_with(|c: char| c.is_ascii_digit())
            && claims
                .iter()
                .any(|c| c.sentence.contains(&r.start) && scaling_series(text, c.sentence.clone()));
        // "scaled better than we feared", "faster than expected": set against a hope, not a
        // run
        let hoped = t == "than"
            && matches!(
                word_after(text, r.end).1.to_ascii_lowercase().as_str(),
                "we" | "i"
                    | "expected"
                    | "anticipated"
                    | "hoped"
                    | "feared"
                    | "predicted"
                    | "planned"
                    | "thought"
                    | "projected"
            );
        let not_compared = before_value || hoped || !compares(text, r, Some(claims));
        // "bit-exact against the reference implementation": the check's reference, right
        // after the check
        let checked_against = {
            let after = &text[r.end..];
            let after = &after[..crate::lines::floor_char_boundary(after, 40)];
            after.to_ascii_lowercase().contains("reference")
                && correct
                    .iter()
                    .any(|c| c.end <= r.start && r.start - c.end <= 12)
        };
        !quantifier
            && !not_compared
            && !checked_against
            && !correct.iter().any(|c| c.start <= r.start && r.end <= c.end)
    });
    cands[Field::Correctness as usize] = correct;
    let by_structure = structural_correctness(
        &masked.to_ascii_lowercase(),
        &cands[Field::Workload as usize],
    );
    cands[Field::Correctness as usize]
        .extend(by_structure.into_iter().filter(|r| !negated(text, r)));
    // A memory size that belongs to a device ("80GiB A100", "96GiB HBM2E") is not a workload.
    let devices = std::mem::take(&mut cands[Field::Hardware as usize]);
    cands[Field::Workload as usize].retain(|r| {
        let t = &text[r.clone()];
        let size = t.ends_with(['b', 'B']) && t.starts_with(|c: char| c.is_ascii_digit());
        let next = word_after(text, r.end).1.to_ascii_lowercase();
        !(size
            && (next.starts_with("hbm")
                || matches!(next.as_str(), "memory" | "vram" | "ram")
                || devices
                    .get(devices.partition_point(|d| d.start < r.end))
                    .is_some_and(|d| {
                        d.start <= r.end + 2
                            && !text[d.clone()].starts_with(|c: char| c.is_ascii_digit())
                    })))
    });
    // A model's name inside a tool's ("llama.cpp", "whisper.cpp", "LLaMA-Factory") names no
    // workload: the tool is the system measured or compared with.
    cands[Field::Workload as usize].retain(|r| {
        let t = text[r.clone()].to_ascii_lowercase();
        let rest = text[r.end..].get(..4).unwrap_or("").to_ascii_lowercase();
        !(rest == ".cpp"
            || rest == "-cpp"
            || t.contains("cpp")
            || t.ends_with("-factory")
            || t.ends_with("-index"))
    });
    cands[Field::Hardware as usize] = devices;
    // A number format inside a model's name ("Mistral-7B-Instruct-v0.3-4bit",
    // "Llama-3.1-8B-Instruct-FP8"): the checkpoint's precision, which the name's match as a
    // workload covered.
    let mut formats = Vec::new();
    for r in &cands[Field::Workload as usize] {
        let name = &text[r.clone()];
        if !name.contains(['-', '_']) {
            continue;
        }
        let spaced: String = name
            .chars()
            .map(|c| if matches!(c, '-' | '_' | '/') { ' ' } else { c })
            .collect();
        for (k, m) in vocab.matches(&spaced) {
            if k == Field::Precision as usize && m.start > 0 {
                formats.push(r.start + m.start..r.start + m.end);
            }
        }
    }
    cands[Field::Precision as usize].extend(formats);
    cands[Field::Baseline as usize].extend(structural_baselines(text, claims));
    for c in &mut cands {
        c.sort_by_key(|r| (r.start, r.end));
    }
    let lower = text.to_ascii_lowercase();
    let hw = &cands[Field::Hardware as usize];
    let devices: Vec<Device> = hw.iter().map(|r| device(text, r, claims)).collect();
    let bounds: Vec<Bound> = claims
        .iter()
        .map(|c| {
            let mut bound = Bound::default();
            for f in Field::ALL {
                let list = &cands[f as usize];
                bound.fields[f as usize] = nearest(list, c, |_| 0)
                    // a comparison is made for the claims of its own sentence ("from 51.5% at
                    // 256 GPUs to 44.3%" is no baseline of the sentence before)
                    .filter(|&k| f != Field::Baseline || in_scope(text, c, &list[k]))
                    // a share of a ceiling is counted against the ceiling, not compared with
                    // what another claim of its sentence is ("1.8x over v1 and up to 71% of
                    // theoretical max FLOPs/s")
                    .filter(|_| f != Field::Baseline || !share_of_ceiling(&lower, c))
                    .map(|k| Loc::new(&list[k]));
            }
            // the device it was measured on rather than the one it is compared with
            let k = nearest(hw, c, |k| u8::from(devices[k].compared));
            bound.fields[Field::Hardware as usize] = k.map(|k| Loc::new(&hw[k]));
            bound.hardware = k.map(|k| devices[k].clone());
            let s = &lower[c.sentence.clone()];
            bound.sparsity = ["sparsity", "sparse", "2:4"]
                .iter()
                .filter_map(|w| s.find(w).map(|at| (at, w.len())))
                .min()
                .map(|(at, n)| Loc::new(&(c.sentence.start + at..c.sentence.start + at + n)));
            bound
        })
        .collect();
    for (c, b) in claims.iter_mut().zip(bounds) {
        c.bound = b;
    }
}

/// Whether `c` is a share of what the hardware could do ("71% of theoretical max FLOPs/s",
/// "64% of the peak", "88% of the roofline").
fn share_of_ceiling(lower: &str, c: &Claim) -> bool {
    if c.kind != ClaimKind::Percent {
        return false;
    }
    // (not the end of a change: "climbs from 52% to 61% of peak")
    if c.from_to
        || matches!(word_before(lower, c.own.start).1, "to" | "from")
        || lower[..c.own.start].trim_end().ends_with(['→', '>'])
    {
        return false;
    }
    let Some(rest) = lower[c.span.end..].trim_start().strip_prefix("of ") else {
        return false;
    };
    super::text::words(rest)
        .filter(|w| !matches!(*w, "the" | "its" | "their" | "a" | "an"))
        .take(2)
        .any(|w| {
            matches!(
                w,
                "peak"
                    | "rpeak"
                    | "theoretical"
                    | "max"
                    | "maximum"
                    | "roofline"
                    | "speed-of-light"
                    | "sol"
                    | "ceiling"
            )
        })
}

#[cfg(test)]
mod tests {
    use super::super::claims::{find_claims, ClaimKind};
    use super::*;

    fn bound(text: &str) -> Vec<Claim> {
        let policy = crate::policy::Policy::default_policy().perf;
        let vocab = Vocab::for_texts(&policy, &text.to_ascii_lowercase());
        let mut claims = find_claims(text, &|v, s| vocab.has(v, s));
        bind(text, &mut claims, &vocab);
        claims
    }

    fn found(text: &str, field: Field) -> Vec<String> {
        bound(text)
            .iter()
            .map(|c| {
                c.bound
                    .found(text)
                    .into_iter()
                    .find(|(f, _)| *f == field)
                    .map_or(String::new(), |(_, t)| t.to_string())
            })
            .collect()
    }

    #[test]
    fn each_claim_binds_its_own_device_precision_and_sparsity() {
        let text = "On 8x H100 in FP8 with 2:4 sparsity the GEMM reaches 1,450 TFLOP/s; \
                    on one A100 in BF16 it runs 1.9x faster than an H100.";
        let claims = bound(text);
        assert_eq!(claims.len(), 2);
        let (a, b) = (&claims[0], &claims[1]);
        assert_eq!(a.kind, ClaimKind::Rate { peak_unit: true });
        assert_eq!((a.value, &*a.unit), (Some(1450.0), "tflop/s"));
        let d = a.bound.hardware.as_ref().unwrap();
        assert_eq!((&*d.name, d.count, d.compared), ("H100", Some(8), false));
        assert_eq!(&text[d.span.range()], "8x H100");
        assert_eq!(
            &text[a.bound.fields[Field::Precision as usize].unwrap().range()],
            "FP8"
        );
        assert_eq!(&text[a.bound.sparsity.unwrap().range()], "2:4");
        // the second claim is measured on the A100 and compared with an H100
        assert_eq!(b.kind, ClaimKind::Multiplier);
        assert_eq!((b.value, &*b.unit), (Some(1.9), "x"));
        let d = b.bound.hardware.as_ref().unwrap();
        assert_eq!((&*d.name, d.count, d.compared), ("A100", None, false));
        assert_eq!(
            &text[b.bound.fields[Field::Precision as usize].unwrap().range()],
            "BF16"
        );
        assert_eq!(b.bound.sparsity, None);
        assert_eq!(
            b.bound.found(text),
            [
                (Field::Hardware, "A100"),
                (Field::Precision, "BF16"),
                (Field::Baseline, "than an H100"),
            ]
        );
        assert_eq!(b.bound.missing(), [Field::Workload, Field::Correctness]);
    }

    #[test]
    fn counts_and_compared_devices() {
        let text = "Llama-2-70B on 64 H100s runs 1.3x faster than on 1,024 MI300X; a 4090 reaches 0.8x the speed of an A100-80G.";
        let claims = bound(text);
        let devices: Vec<(String, Option<u32>, bool)> = claims
            .iter()
            .map(|c| {
                let d = c.bound.hardware.clone().unwrap();
                (d.name.into(), d.count, d.compared)
            })
            .collect();
        assert_eq!(
            devices,
            [
                ("H100s".into(), Some(64), false),
                ("a 4090".into(), None, false)
            ]
        );
    }

    #[test]
    fn a_claims_own_unit_and_quantifier_never_state_a_field() {
        // "38 tokens/s" is not a workload, "over 40%" is not a baseline
        let c = bound("Serves 38 tokens/s on an H100 in FP8.");
        assert!(c[0].bound.missing().contains(&Field::Workload));
        let c = bound("Over 40% lower latency on an A100 for Llama-3-8B in BF16.");
        assert!(c[0].bound.missing().contains(&Field::Baseline));
        // "over 100 iterations" quantifies; "checked against" is correctness, not a baseline
        let c = bound("Measured 795 TFLOPS on an H100, averaged over 100 iterations and checked against cuBLAS.");
        assert!(c[0].bound.missing().contains(&Field::Baseline));
        assert!(!c[0].bound.missing().contains(&Field::Correctness));
    }

    #[test]
    fn correctness_stated_as_parity() {
        for (text, want) in [
            ("2x faster on an L4 with MMLU parity.", "mmlu parity"),
            ("1.6x faster, at parity on GSM8K.", "parity"),
            (
                "1.8x faster while matching the accuracy of BF16.",
                "matching the accuracy",
            ),
            (
                "2x faster and on par with FP8 in accuracy.",
                "on par with fp8 in accuracy",
            ),
            ("1.7x faster and as accurate as FP16.", "as accurate"),
            (
                "1.9x faster and retains the perplexity of the original.",
                "retains the perplexity",
            ),
        ] {
            let got = found(text, Field::Correctness);
            assert_eq!(got[0].to_ascii_lowercase(), want, "{text}");
        }
        for text in [
            "1.4x faster, at throughput parity with vLLM.",
            "1.3x faster, now at feature parity with CUDA.",
            "1.2x faster, on par with cuBLAS.",
        ] {
            assert_eq!(found(text, Field::Correctness), [""], "{text}");
        }
    }

    #[test]
    fn numbers_with_thousands_separators_are_found_whole() {
        let text = "MFU falls to 42% on H100 at a global batch of 1,152 sequences.";
        assert_eq!(found(text, Field::Workload), ["batch of 1,152"]);
        let text = "MFU falls to 42% on H100 for 1,152 sequences of GPT-3.";
        assert_eq!(found(text, Field::Workload), ["1,152 sequences"]);
        let text = "MFU falls to 42% on H100 for 12,345,678 tokens of C4.";
        assert!(found(text, Field::Workload)[0].starts_with("12,345,678 tokens"));
    }

    #[test]
    fn over_is_a_baseline_only_as_a_comparison() {
        for (text, want) in [
            (
                "An 8.8x speedup over llama.cpp on POWER9.",
                "over llama.cpp",
            ),
            ("Cuts latency by 25% over SGLang.", "over SGLang"),
            ("1.5x throughput over vLLM on an L4.", "over vLLM"),
            (
                "A 2x improvement over the previous release.",
                "over the previous",
            ),
        ] {
            assert_eq!(found(text, Field::Baseline), [want], "{text}");
        }
        for text in [
            "Sparse attention: 11x speedup for inference over long sequences.",
            "Reaches 310 GB/s over NVLink between two H100s.",
            "Training holds 48% MFU on H100 over the whole run.",
            "The counts cross-check twice over: 64 x 1.6 TB/s per cabinet.",
            "Median page load improved by 9% over the first two weeks of the rollout.",
            "Sustained 41k IOPS over one week of mixed traffic.",
            "p99 fell 12% over a weekend of canary traffic.",
            "Wrote 212 GiB/s from 640 ranks against the Lustre file system.",
            "HPL reached 1.47 PFLOP/s on 64 nodes, scored against the acceptance targets.",
        ] {
            assert_eq!(found(text, Field::Baseline), [""], "{text}");
        }
    }

    #[test]
    fn baselines_stated_by_structure() {
        for (text, want) in [
            ("Decodes 1.6x vLLM on Llama-3-8B.", "vLLM"),
            ("The INT8 path is 1.8x the FP16 path.", "the FP16"),
            ("Speed is 2.2x that of transformers.", "that of"),
            ("Reaches 93% of cuBLAS throughput.", "of cuBLAS"),
            (
                "Reaches 54% MFU, up from 46% with the BF16 recipe.",
                "up from",
            ),
            (
                "Runs at 41 frames/s, up from 26 frames/s in FP16.",
                "up from",
            ),
            (
                "Cold start drops from 40 s to 9 s on a Graviton3.",
                "from 40 s",
            ),
            (
                "Warm start is 3 s, down from 25 s, on a g5.xlarge.",
                "down from",
            ),
            (
                "We compare Ours 1.2 with X on ShareGPT: 2,310 tokens/s.",
                "compare Ours",
            ),
            ("Runs twice as fast as the reference kernel.", "as the"),
            (
                "Going from NCCL to Sluice cuts time by 37%.",
                "Going from NCCL",
            ),
            ("Costs fall 46x (from A100 to RTX 3060).", "from A100 to"),
            (
                "Decoding is 1.4x faster on a TPU v5e than on an A100.",
                "than on an A100",
            ),
        ] {
            let got = found(text, Field::Baseline);
            assert!(
                got.iter().any(|g| g.starts_with(want)),
                "{text}: {got:?} does not start with {want:?}"
            );
        }
        assert_eq!(
            found("Up to 20x LLM serving throughput.", Field::Baseline),
            [""]
        );
    }

    #[test]
    fn a_value_before_along_a_scaling_series_is_no_baseline_without_its_configuration() {
        for text in [
            "MFU increases from 38% to 45–46% with model size.",
            "Weak scaling: MFU grows from 31% to 44% on BERT.",
            "MFU rises from 40% for the smallest model to 47%.",
            "As the cluster grows, MFU drops from 44% to 39% on H100.",
        ] {
            assert!(
                found(text, Field::Baseline).iter().all(String::is_empty),
                "{text}: {:?}",
                found(text, Field::Baseline)
            );
        }
        // a configuration named as the starting point is compared with
        for (text, want) in [
            (
                "Going from FP16 to FP8 gives a 1.6x speedup.",
                "Going from FP16",
            ),
            (
                "Strong scaling: MFU is 41% at 4,096 GPUs, down from 46% with the 128-GPU run.",
                "from 46% with the 128-GPU run",
            ),
            (
                "Latency drops from 120 ms (PyTorch) to 40 ms on an A10G.",
                "from 120 ms",
            ),
        ] {
            let got = found(text, Field::Baseline);
            assert!(got.iter().all(|g| g.starts_with(want)), "{text}: {got:?}");
        }
    }
}
