//! Claims against the device table (`[[perf.devices]]`): `perf/exceeds-peak`, a rate above
//! the physical peak of the hardware it names or a share of peak above 100%, and the table
//! half of `perf/vendor-peak`, a measurement equal to a datasheet peak.
//!
//! Each rate claim is judged once per file (`Context::peaks`): its value in base units (the
//! upper end of a range, the unit read with its case: `Gbps` is bits, `GBps` bytes), the
//! devices of the table named in its sentence (not those it is compared with), how many of
//! them it covers ("8xH100" is eight, "per GPU" one, "on 64 GPUs" an unknown number: not
//! judged), its precisions and sparsity, and what a bandwidth is of (memory, scale-up links).
//! The peak is the highest any of those devices could reach; the claim exceeds it when even
//! the lowest value its digits allow is more than 2% above it. When unsure, a claim is not
//! judged: the rule never fires on a number that is possible as stated.

use super::claims::{Claim, ClaimKind};
use super::peak_words::*;
use super::text::{word_after, word_before};
use crate::devices::{peaks_of, DeviceTable, Mention, Peak, Precision, Quantity};
use crate::finding::{Finding, Rule, Severity};
use crate::rules::Context;
use crate::units::{unit_scale, RateKind};
use serde_json::json;
use std::ops::Range;

pub static EXCEEDS_PEAK: Rule = Rule {
    name: "perf/exceeds-peak",
    severity: Severity::Error,
    summary: "a claimed rate, bandwidth or share of peak above the physical peak of the named hardware (device table in the policy)",
    explanation: include_str!("../../../docs/rules/perf-exceeds-peak.md"),
    online: false,
    fixable: false,
};

/// How far above a peak a number may be and still be that peak rounded: vendors round their
/// own figures ("2 PFLOPS" for 1,979 TFLOPS), and so do lists.
pub const ROUNDING: f64 = 0.02;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Above the physical peak.
    Exceeds,
    /// A measurement equal to a datasheet peak (within rounding).
    VendorPeak,
}

/// What a claim was found to be, against which peak.
#[derive(Debug, Clone)]
pub struct Judged {
    pub verdict: Verdict,
    /// The number claimed (the upper end of a range) in base units: FLOP/s, OPS, bytes/s, or
    /// percent for a share.
    pub claimed: f64,
    /// "FLOP/s", "OPS", "B/s" or "%".
    pub unit: &'static str,
    /// The scale of the unit the claim is written in (1e12 for TFLOP/s, 1.25e8 for Gbps).
    pub scale: f64,
    /// The device row whose peak applied (a share may name none).
    pub device: Option<usize>,
    /// How many devices the claim covers.
    pub count: u32,
    /// The peak of one device (None for a share, whose bound is 100%).
    pub peak: Option<Peak>,
    /// What the claim was held to: count × peak, or 100 for a share.
    pub bound: f64,
    /// The precisions the claim states (empty: unstated).
    pub stated: Vec<Precision>,
    /// "compute", "memory", "interconnect" or "share".
    pub quantity: &'static str,
}

/// The verdicts of a file, aligned with `Context::claims`: per block, per claim. The device
/// table is compiled only for a block with a compute or bandwidth rate, or a share above 100%.
/// Boxed: most claims get no verdict, and a claim-dense list has tens of thousands.
pub(crate) fn judge_all(cx: &Context) -> Vec<Vec<Option<Box<Judged>>>> {
    cx.claims()
        .iter()
        .map(|(b, claims)| {
            let rates = claims
                .iter()
                .any(|c| c.kind == ClaimKind::Rate { peak_unit: true });
            if !rates && !claims.iter().any(|c| c.kind == ClaimKind::Percent) {
                return vec![None; claims.len()];
            }
            let text = &cx.claim_block(*b).text;
            let lower = text.to_ascii_lowercase();
            // The devices named, in order: found now for rates, on first need for shares.
            let mentions = std::cell::OnceCell::new();
            if rates {
                mentions.get_or_init(|| sorted_mentions(cx, text));
            }
            // Cue words are read with the device names blanked: "A100 PCIe" names a card,
            // not a PCIe link.
            let mut masked = lower.clone().into_bytes();
            for m in mentions.get().map_or(&[][..], Vec::as_slice) {
                masked[m.span.clone()].fill(b' ');
            }
            let masked = String::from_utf8(masked).unwrap_or_else(|_| lower.clone());
            // Whether the entry or paragraph speaks of several devices or systems without
            // saying how many a rate covers ("on 64 GPUs", "the 8-GPU board", "a cluster").
            let several = if rates {
                (aggregate(&masked), many_systems(&masked))
            } else {
                (false, false)
            };
            (0..claims.len())
                .map(|i| {
                    let at = At {
                        text,
                        lower: &lower,
                        masked: &masked,
                        claims,
                        i,
                        mentions: &mentions,
                        several,
                    };
                    match claims[i].kind {
                        ClaimKind::Rate { peak_unit: true } => judge_rate(cx, &at),
                        ClaimKind::Percent => judge_share(cx, &at),
                        _ => None,
                    }
                    .map(Box::new)
                })
                .collect()
        })
        .collect()
}

fn sorted_mentions(cx: &Context, text: &str) -> Vec<Mention> {
    let mut m = cx.devices().mentions(text);
    m.sort_by_key(|m| m.span.start);
    m
}

/// A claim in its block.
struct At<'a> {
    text: &'a str,
    lower: &'a str,
    /// `lower` with the devices of the table blanked.
    masked: &'a str,
    claims: &'a [Claim],
    i: usize,
    /// The devices of the table the block names, by start (found for blocks with rates).
    mentions: &'a std::cell::OnceCell<Vec<Mention>>,
    /// Whether the block speaks of several devices, and of several systems, uncounted.
    several: (bool, bool),
}

impl<'a> At<'a> {
    /// The devices named in the block, by start.
    fn mentions(&self, cx: &Context) -> &'a [Mention] {
        self.mentions.get_or_init(|| sorted_mentions(cx, self.text))
    }

    /// Those whose span meets `r`.
    fn mentions_in(&self, cx: &Context, r: &Range<usize>) -> &'a [Mention] {
        let all = self.mentions(cx);
        // spans do not overlap, so ends are sorted too
        let lo = all.partition_point(|m| m.span.end <= r.start);
        let hi = lo + all[lo..].partition_point(|m| m.span.start < r.end);
        &all[lo..hi]
    }

    fn claim(&self) -> &Claim {
        &self.claims[self.i]
    }
    fn sentence(&self) -> &str {
        &self.masked[self.claim().sentence.clone()]
    }
    fn clause(&self) -> &str {
        &self.masked[self.claim().clause.clone()]
    }
    /// The block's text before the claim and its quantifier.
    fn before(&self) -> &str {
        &self.lower[..self.claim().own.start]
    }
}

/// A device the claim may have run on, and how many of it.
struct Candidate<'m> {
    mention: &'m Mention,
    count: u32,
}

/// The devices of the table named in the claim's sentence that it may have run on, with their
/// counts; None when one of them covers an unknown number of devices ("on 64 GPUs", "H100s",
/// "a v4-8 slice"), or when the only ones named are what it is compared with ("6.4x A100").
/// Devices it is compared with still count when another is named ("H100 vs MI300X: 1,307
/// TFLOPS" may be either's): the bound is the highest of them.
fn candidates<'m>(cx: &Context, at: &At<'m>) -> Option<Vec<Candidate<'m>>> {
    let table = cx.devices();
    let c = at.claim();
    let mentions = at.mentions_in(cx, &c.sentence);
    if mentions.iter().all(|m| compared(at, m)) {
        return None;
    }
    let mut named: Vec<&Mention> = mentions.iter().collect();
    // A bare name and a variant of it: the variant says which ("GH200 … GH200 96GB").
    let refined: Vec<bool> = named
        .iter()
        .map(|m| {
            m.bare
                && named.iter().any(|v| {
                    !v.bare && v.device != m.device && table.variants(m.device).contains(&v.device)
                })
        })
        .collect();
    let mut k = 0;
    named.retain(|_| {
        k += 1;
        !refined[k - 1]
    });
    let clause = c.clause.clone();
    let per_claim = per_device(
        &at.lower[clause.start.min(c.own.start)..c.own.start],
        &at.lower[c.span.end..clause.end.max(c.span.end)],
        |off| {
            let at_byte = c.span.end + off;
            mentions
                .binary_search_by_key(&at_byte, |m| m.span.start)
                .is_ok()
        },
    );
    let (many, many_of_systems) = at.several;
    let counts: Vec<Option<u32>> = named
        .iter()
        .map(|m| {
            count_of(
                at,
                m,
                table.is_system(m.device),
                per_claim,
                many,
                many_of_systems,
            )
        })
        .collect();
    let mut out = Vec::new();
    for (m, count) in named.iter().zip(&counts) {
        match count {
            Some(count) => out.push(Candidate {
                mention: m,
                count: *count,
            }),
            // Unknown, unless the device is named again with its count ("[B200 SXM] … on a
            // B200 SXM in an HGX board").
            None => {
                let again = named
                    .iter()
                    .zip(&counts)
                    .any(|(n, c)| n.device == m.device && c.is_some());
                if !again {
                    return None;
                }
            }
        }
    }
    Some(out)
}

/// How many of a named device a claim covers, or None when the text does not say.
fn count_of(
    at: &At,
    m: &Mention,
    system: bool,
    per_claim: bool,
    many: bool,
    many_of_systems: bool,
) -> Option<u32> {
    if slice(at.text, m) {
        return None;
    }
    let (bs, before) = word_before(at.lower, m.span.start);
    let after = word_after(at.lower, m.span.end).1;
    // "H100 nodes", "8 A100 servers": the count is of systems the table does not know
    let of_systems = !system && SYSTEM_NOUNS.contains(&after);
    if per_claim
        || single_before(before)
        || (matches!(before, "a" | "an") && !of_systems && !SYSTEM_NOUNS.contains(&after))
    {
        return Some(1);
    }
    if of_systems || m.plural || plural_noun(after) {
        // "H100 GPUs", "TPU v5p chips": several, however many the count says
        return (m.count > 1 && !of_systems).then_some(m.count);
    }
    // "thousands of H100", "16K H100", "all H100"
    let vague = matches!(
        before,
        "thousands"
            | "hundreds"
            | "dozens"
            | "tens"
            | "many"
            | "several"
            | "multiple"
            | "all"
            | "some"
            | "numerous"
            | "more"
            | "additional"
    ) || (before == "of"
        && matches!(
            word_before(at.lower, bs).1,
            "thousands"
                | "hundreds"
                | "dozens"
                | "tens"
                | "lots"
                | "cluster"
                | "fleet"
                | "pair"
                | "couple"
                | "number"
        ))
        || (before.ends_with('k')
            && before[..before.len() - 1]
                .bytes()
                .all(|b| b.is_ascii_digit() || b == b'.')
            && before.len() > 1);
    if vague {
        return None;
    }
    // a count after the name: "A100-SXM4-80GB x 8", "H100 ×8"
    if let Some(n) = count_after(&at.lower[m.span.end..]) {
        return Some(n);
    }
    if m.count > 1 {
        return Some(m.count);
    }
    if if system { many_of_systems } else { many } {
        return None;
    }
    Some(1)
}

/// A count written right after a device name: " x 8", "×8", " (x8)".
fn count_after(rest: &str) -> Option<u32> {
    let t = rest.trim_start().trim_start_matches('(').trim_start();
    let t = t
        .strip_prefix('x')
        .or_else(|| t.strip_prefix('×'))?
        .trim_start();
    let digits: String = t.chars().take_while(char::is_ascii_digit).collect();
    let next = t[digits.len()..].chars().next();
    if digits.is_empty() || next.is_some_and(|c| c.is_ascii_alphanumeric()) {
        return None;
    }
    digits.parse().ok().filter(|&n| n > 0)
}

/// Whether a word after a device name is a plural noun for devices ("GPUs", "chips").
fn plural_noun(w: &str) -> bool {
    matches!(
        w,
        "gpus"
            | "chips"
            | "accelerators"
            | "cards"
            | "devices"
            | "tpus"
            | "dies"
            | "packages"
            | "superchips"
            | "apus"
            | "parts"
            | "units"
            | "boards"
            | "modules"
    )
}

/// Whether a device is named with a slice size ("TPU v4-8", "v5p-128"): a number of chips
/// or cores the table cannot count.
fn slice(text: &str, m: &Mention) -> bool {
    let rest = &text.as_bytes()[m.span.end..];
    rest.first() == Some(&b'-')
        && rest.get(1).is_some_and(u8::is_ascii_digit)
        && rest[1..]
            .iter()
            .find(|b| !b.is_ascii_digit())
            .is_none_or(|b| !b.is_ascii_alphanumeric())
}

/// Whether a device is named as what the claim is compared with ("than an A100", "vs H100",
/// "6.7x A100"), or as the one its fields were bound to as a comparison.
fn compared(at: &At, m: &Mention) -> bool {
    let c = at.claim();
    // named right before the number it owns: "B200's 296 TFLOPS", "H100: 989 TFLOPS"
    if m.span.end <= c.span.start {
        let between = at.lower[m.span.end..c.span.start].trim();
        if matches!(between, "" | "'s" | "’s" | ":" | "'s:") {
            return false;
        }
    }
    if let Some(d) = &c.bound.hardware {
        let ds = d.span.range();
        if d.compared && ds.start < m.span.end && m.span.start < ds.end {
            return true;
        }
    }
    let (s, w) = word_before(at.lower, m.span.start);
    let w = if matches!(w, "a" | "an" | "the" | "its") {
        word_before(at.lower, s).1
    } else {
        w
    };
    if COMPARED_DEVICE.contains(&w) {
        return true;
    }
    // directly after a multiplier: "6.7x A100"
    let k = at.claims.partition_point(|x| x.span.end <= m.span.start);
    k > 0 && {
        let x = &at.claims[k - 1];
        x.kind == ClaimKind::Multiplier
            && at.text[x.span.end..m.span.start]
                .trim_matches([' ', '*', '~'])
                .is_empty()
    }
}

/// Judges a compute or bandwidth rate.
fn judge_rate(cx: &Context, at: &At) -> Option<Judged> {
    let c = at.claim();
    let written = &at.text[c.span.clone()];
    let number = last_number(written);
    if number.is_empty() || !plain_number(number) {
        return None;
    }
    let unit_at = written.rfind(number)? + number.len();
    let (scale, kind) = unit_scale(written[unit_at..].trim())?;
    let before_number = &at.lower[..c.span.start];
    if disputed(at.sentence())
        || not_physical(at.clause())
        || upper_bound(before_number)
        || amount(&at.lower[c.span.end..])
    {
        return None;
    }
    let claimed = c.value? * scale;
    let low = claimed - half_unit(number, approximate(before_number)) * scale;
    let sparse = c.bound.sparsity.is_some();
    let (quantities, stated, quantity) = match kind {
        RateKind::Compute => {
            let mut ps = precisions(at.clause());
            if ps.is_empty() {
                ps = precisions(at.sentence());
            }
            (Vec::new(), ps, "compute")
        }
        RateKind::Bandwidth => {
            let mut l = lane(at.clause());
            if l == Lane::Either {
                l = lane(at.sentence());
            }
            match l {
                Lane::Elsewhere => return None,
                Lane::Memory => (vec![Quantity::Memory], Vec::new(), "memory"),
                Lane::Interconnect => (vec![Quantity::Interconnect], Vec::new(), "interconnect"),
                Lane::Both | Lane::Either => (
                    vec![Quantity::Memory, Quantity::Interconnect],
                    Vec::new(),
                    "bandwidth",
                ),
            }
        }
    };
    let table = cx.devices();
    let cands = candidates(cx, at)?;
    // The highest bound of any device it may have run on; a device without a peak for the
    // quantity bounds nothing, so the claim is not judged.
    let mut best: Option<(f64, usize, u32, Peak)> = None;
    for cand in &cands {
        let (device, peak) = if kind == RateKind::Compute {
            compute_peak(table, cand.mention, &stated, sparse)?
        } else {
            quantities
                .iter()
                .filter_map(|&q| table.peak(cand.mention, q))
                .fold(None, |b: Option<(usize, Peak)>, p| match b {
                    Some(b) if b.1.value >= p.1.value => Some(b),
                    _ => Some(p),
                })?
        };
        let bound = peak.value * f64::from(cand.count);
        if best.as_ref().is_none_or(|b| bound > b.0) {
            best = Some((bound, device, cand.count, peak));
        }
    }
    let (bound, device, count, peak) = best?;
    let ops = peak.text.trim_end().ends_with("OPS") && !peak.text.trim_end().ends_with("FLOPS");
    let unit = match kind {
        RateKind::Bandwidth => "B/s",
        RateKind::Compute if ops => "OPS",
        RateKind::Compute => "FLOP/s",
    };
    let judged = |verdict, device, count, peak: Peak, bound| Judged {
        verdict,
        claimed,
        unit,
        scale,
        device: Some(device),
        count,
        quantity: match quantity {
            "bandwidth" if peak.key == "interconnect" => "interconnect",
            "bandwidth" => "memory",
            q => q,
        },
        peak: Some(peak),
        bound,
        stated: stated.clone(),
    };
    if low > bound * (1.0 + ROUNDING) {
        return Some(judged(Verdict::Exceeds, device, count, peak, bound));
    }
    // A measurement equal to a datasheet peak: stated as a result, not quoted as the peak.
    let clause_text = &at.text[c.clause.clone()];
    if !cx.policy.perf.measurement_cues.is_match(clause_text)
        || marked_as_peak(at.clause())
        || reference_before(at.before())
    {
        return None;
    }
    let slack = (claimed - low).max(0.0);
    for cand in &cands {
        let spec = &table.devices[cand.mention.device];
        let all: Vec<Peak> = if kind == RateKind::Compute {
            if stated.is_empty() {
                peaks_of(
                    spec,
                    Quantity::Compute {
                        precision: None,
                        sparse,
                    },
                )
            } else {
                stated
                    .iter()
                    .flat_map(|&p| {
                        peaks_of(
                            spec,
                            Quantity::Compute {
                                precision: Some(p),
                                sparse,
                            },
                        )
                    })
                    .collect()
            }
        } else {
            quantities.iter().flat_map(|&q| peaks_of(spec, q)).collect()
        };
        let n = f64::from(cand.count);
        if let Some(p) = all.into_iter().find(|p| {
            let v = p.value * n;
            (claimed - v).abs() <= (v * ROUNDING).max(slack)
        }) {
            let v = p.value * n;
            return Some(judged(
                Verdict::VendorPeak,
                cand.mention.device,
                cand.count,
                p,
                v,
            ));
        }
    }
    None
}

/// The highest compute peak of a device for the precisions a claim states (all of them when
/// it states none, or one the table has no peak for).
fn compute_peak(
    table: &DeviceTable,
    m: &Mention,
    stated: &[Precision],
    sparse: bool,
) -> Option<(usize, Peak)> {
    let any = || {
        table.peak(
            m,
            Quantity::Compute {
                precision: None,
                sparse,
            },
        )
    };
    let mut best: Option<(usize, Peak)> = None;
    for &p in stated {
        let Some(found) = table.peak(
            m,
            Quantity::Compute {
                precision: Some(p),
                sparse,
            },
        ) else {
            return any();
        };
        if best.as_ref().is_none_or(|b| found.1.value > b.1.value) {
            best = Some(found);
        }
    }
    best.or_else(any)
}

/// Judges a percentage that is a share of the hardware's peak.
fn judge_share(cx: &Context, at: &At) -> Option<Judged> {
    let c = at.claim();
    let after = &at.lower[c.span.end..c.sentence.end.max(c.span.end)];
    if !share_of_peak(at.before(), after) || disputed(at.sentence()) {
        return None;
    }
    let number = last_number(&at.text[c.span.clone()]);
    let claimed = c.value?;
    let low = claimed - half_unit(number, approximate(&at.lower[..c.span.start]));
    if low <= 100.0 * (1.0 + ROUNDING) {
        return None;
    }
    // The device, for the message: the nearest one it may have run on.
    let mentions = at.mentions_in(cx, &c.sentence);
    let near = |r: &Range<usize>| r.start.abs_diff(c.span.start);
    let device = mentions
        .iter()
        .filter(|m| m.span.start < c.sentence.end && m.span.end > c.sentence.start)
        .filter(|m| !compared(at, m))
        .min_by_key(|m| near(&m.span))
        .map(|m| m.device);
    Some(Judged {
        verdict: Verdict::Exceeds,
        claimed,
        unit: "%",
        scale: 1.0,
        device,
        count: 1,
        peak: None,
        bound: 100.0,
        stated: Vec::new(),
        quantity: "share",
    })
}

/// A rate in the units a peak is written in (7,916 TFLOPS, 3.35 TB/s), and that unit's scale.
fn shown(value: f64, unit: &str) -> (String, f64) {
    let (steps, base): (&[(&str, f64)], &str) = match unit {
        "B/s" => (&[("G", 1e9), ("T", 1e12), ("P", 1e15)], "B/s"),
        "OPS" => (&[("T", 1e12), ("P", 1e15), ("E", 1e18)], "OPS"),
        _ => (&[("T", 1e12), ("P", 1e15), ("E", 1e18)], "FLOPS"),
    };
    // the smallest prefix that keeps the number below 10,000 (1,000 for bandwidths)
    let limit = if unit == "B/s" { 1000.0 } else { 10_000.0 };
    let (p, s) = steps
        .iter()
        .find(|(_, s)| value / s < limit)
        .copied()
        .unwrap_or(steps[steps.len() - 1]);
    (format!("{} {p}{base}", number(value / s)), s)
}

/// A peak (times a count) as a message shows it: in the unit the table writes it in for one
/// device ("1,555 GB/s", "989.5 TFLOPS"), else in the unit that keeps the number short
/// ("7,916 TFLOPS", "1,440 PFLOPS"); and that unit's scale.
pub(crate) fn peak_shown(peak: &Peak, count: u32, unit: &str) -> (String, f64) {
    let total = peak.value * f64::from(count);
    let (n, u) = peak.text.trim().split_once(' ').unwrap_or(("", ""));
    let n: Option<f64> = n.replace(',', "").parse().ok();
    match (count, n, unit_scale(u)) {
        (1, Some(n), Some((scale, _))) if n < 10_000.0 => (format!("{} {u}", number(n)), scale),
        _ => shown(total, unit),
    }
}

/// A number as a reader writes it: thousands separated, at most two decimals.
fn number(x: f64) -> String {
    let rounded = (x * 100.0).round() / 100.0;
    let int = rounded.trunc() as u64;
    let frac = ((rounded - rounded.trunc()) * 100.0).round() as u64;
    let digits = int.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    match frac {
        0 => out,
        f if f.is_multiple_of(10) => format!("{out}.{}", f / 10),
        f => format!("{out}.{f:02}"),
    }
}

/// `perf/exceeds-peak`: a rate above the peak of the hardware it names, or a share of peak
/// above 100%.
pub fn exceeds_peak(cx: &Context) -> Vec<Finding> {
    let mut out = Vec::new();
    for ((b, claims), verdicts) in cx.claims().iter().zip(cx.peaks()) {
        let block = &cx.claim_block(*b);
        for (claim, judged) in claims.iter().zip(verdicts) {
            let Some(j) = judged.as_ref().filter(|j| j.verdict == Verdict::Exceeds) else {
                continue;
            };
            let text = &block.text[claim.span.clone()];
            let spec = j.device.map(|d| &cx.devices().devices[d]);
            let finding = cx.report(
                &EXCEEDS_PEAK,
                block.source_span(cx.text(), claim.span.clone()),
                message(text, j, spec),
            );
            let stated: Vec<String> = j.stated.iter().map(|p| p.as_str().to_string()).collect();
            out.push(
                finding
                    .label("above the physical peak")
                    .help(if j.peak.is_none() {
                        "a share of peak cannot pass 100%: check the FLOP count, the timer and the peak it is divided by"
                    } else {
                        "re-check the measurement (FLOP count, timer, units) and the hardware named: a total over several devices states their count (8x H100), a rate with sparsity says so, another variant is named (H100 NVL)"
                    })
                    .data(|| json!({
                        "claim": text,
                        "claimed": j.claimed,
                        "peak": j.bound,
                        "unit": j.unit,
                        "device": spec.map(|d| d.name.as_str()),
                        "count": j.count,
                        "precision": j.peak.as_ref().filter(|_| j.quantity == "compute").map(|p| p.key),
                        "sparse": j.peak.as_ref().is_some_and(|p| p.sparse),
                        "stated": stated,
                        "quantity": j.quantity,
                        "source": spec.map(|d| d.source.as_str()),
                    })),
            );
        }
    }
    out
}

/// `"1,200 TFLOP/s" is above the peak of NVIDIA H100 SXM: 989.5 TFLOPS dense BF16 (source)`;
/// a claim in other units than the peak also in the peak's: `"30,000 Gbps" (3.75 TB/s)`.
fn message(text: &str, j: &Judged, spec: Option<&crate::policy::DeviceSpec>) -> String {
    let Some(peak) = &j.peak else {
        let on = spec.map_or(String::new(), |d| format!(" on {}", d.name));
        return format!(
            "share of peak \"{text}\"{on} is above 100%, which no hardware can deliver"
        );
    };
    let spec = spec.expect("a rate is judged against a device");
    let (total, total_scale) = peak_shown(peak, j.count, j.unit);
    let claim = if total_scale == j.scale {
        format!("\"{text}\"")
    } else {
        let v = j.claimed / total_scale;
        let unit = total.split_once(' ').map_or("", |(_, u)| u);
        let unit = if unit == "FLOPS" { "FLOP/s" } else { unit };
        format!("\"{text}\" ({} {unit})", number(v))
    };
    let device = if j.count > 1 {
        format!("{} × {}", j.count, spec.name)
    } else {
        spec.name.clone()
    };
    let each = if j.count > 1 {
        format!("{} × {}, ", j.count, peak.text)
    } else {
        String::new()
    };
    format!(
        "{claim} is above the peak of {device}: {total} {} ({each}{})",
        peak.what, spec.source
    )
}
