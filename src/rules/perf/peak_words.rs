//! Reading the words around a rate or a share for `perf/exceeds-peak` and the table half of
//! `perf/vendor-peak`: the precisions a claim is stated in, whether it is per device or a
//! total, what a bandwidth is of, how much rounding its digits allow, and the words that make
//! a number something other than a physical rate ("effective", "impossible", "at most").
//! Every reader looks at a bounded window (a clause or a sentence) in lower case.

use super::text::{is_word_byte, word_after, word_before, words};
use crate::devices::Precision;

/// The precisions stated in `window` (lower case) for the math a rate measures: a precision
/// word, unless it names what is only stored or compared with ("FP32 accumulation", "INT4
/// weights", "over FP16", "an FP8 KV cache").
pub(super) fn precisions(window: &str) -> Vec<Precision> {
    let toks: Vec<&str> = window
        .split(|c: char| !c.is_ascii_alphanumeric() && c != '.')
        .map(|w| w.trim_matches('.'))
        .filter(|w| !w.is_empty())
        .collect();
    let mut out = Vec::new();
    for (i, &w) in toks.iter().enumerate() {
        let next = toks.get(i + 1).copied().unwrap_or("");
        let p = match w {
            "single" if next == "precision" => Some(Precision::Fp32),
            "double" if next == "precision" => Some(Precision::Fp64),
            "half" if next == "precision" => Some(Precision::Fp16),
            _ => Precision::from_word(w),
        };
        let Some(p) = p else { continue };
        let stored = NOT_COMPUTED_AFTER.iter().any(|s| next.starts_with(s));
        let before = if i > 0 { toks[i - 1] } else { "" };
        let compared = COMPARED_BEFORE.contains(&before);
        if !stored && !compared && !out.contains(&p) {
            out.push(p);
        }
    }
    out
}

/// Words after a precision that make it what is stored, accumulated or compared with rather
/// than the math the rate counts (prefixes).
const NOT_COMPUTED_AFTER: &[&str] = &[
    "accum",
    "master",
    "output",
    "optimizer",
    "state",
    "weight",
    "kv",
    "cache",
    "gradient",
    "reference",
    "baseline",
    "storage",
    "communication",
    "comm",
    "all-reduce",
    "allreduce",
    "checkpoint",
    "scale",
    "copy",
    "copies",
];

/// Words before a precision that make it the baseline ("1.6x over FP16").
const COMPARED_BEFORE: &[&str] = &[
    "than", "vs", "versus", "over", "against", "from", "instead", "unlike", "relative",
];

/// Words before a device that make it what a claim is compared with ("than an A100", "vs
/// H100", "moving from A100 to H100").
pub(super) const COMPARED_DEVICE: &[&str] = &[
    "than",
    "vs",
    "vs.",
    "versus",
    "over",
    "of",
    "against",
    "to",
    "with",
    "from",
    "unlike",
    "beats",
    "outperforms",
];

/// Nouns for one device, after "per" or "each" ("400 TFLOP/s per GPU", "each chip").
const DEVICE_NOUNS: &[&str] = &[
    "gpu",
    "chip",
    "device",
    "accelerator",
    "card",
    "die",
    "package",
    "socket",
    "tpu",
    "core",
    "gcd",
    "superchip",
    "xpu",
    "npu",
];

/// Whether the words of `after` (the rest of the claim's clause) or `before` (its start)
/// make the rate one device's: "400 TFLOP/s per GPU", "BF16 per chip", "each GPU reaches",
/// "a per-GPU rate of", "on a single GPU". `is_mention(offset)` tells whether a device of the
/// table is named at a byte offset of `after`.
pub(super) fn per_device(before: &str, after: &str, mention_after: impl Fn(usize) -> bool) -> bool {
    // After the number: within four words, "per <device>" or "each".
    let mut at = 0;
    for _ in 0..4 {
        let (s, w) = word_after(after, at);
        if w.is_empty() {
            break;
        }
        if w == "each" || w.starts_with("/gpu") || w.starts_with("/chip") {
            return true;
        }
        if w == "per" {
            let (s2, w2) = word_after(after, s + w.len());
            return DEVICE_NOUNS.contains(&w2.trim_end_matches('s')) || mention_after(s2);
        }
        at = s + w.len();
    }
    // Before it, in its clause.
    let ws: Vec<&str> = words(before).collect();
    ws.iter().enumerate().any(|(i, &w)| {
        let next = ws.get(i + 1).map_or("", |n| n.trim_end_matches('s'));
        matches!(
            w,
            "per-gpu"
                | "per-chip"
                | "per-device"
                | "per-accelerator"
                | "single-gpu"
                | "single-chip"
        ) || (matches!(w, "per" | "each" | "single" | "one") && DEVICE_NOUNS.contains(&next))
    })
}

/// Words before a device that name exactly one of it ("on one H100", "a single MI300X",
/// "per H100").
pub(super) fn single_before(word: &str) -> bool {
    matches!(word, "one" | "single" | "each" | "per" | "every")
}

/// Whether a sentence (lower case, with the device names blanked) speaks of several devices
/// without saying how many a rate covers: "on 64 GPUs", "an 8-GPU node", "the cluster",
/// "aggregate", "in total".
pub(super) fn aggregate(sentence: &str) -> bool {
    const COUNTED: &[&str] = &[
        "gpu",
        "chip",
        "accelerator",
        "card",
        "device",
        "node",
        "server",
        "host",
        "machine",
        "rack",
        "pod",
        "tpu",
        "worker",
        "rank",
        "replica",
        "instance",
        "board",
        "system",
    ];
    const WORDS: &[&str] = &[
        "node",
        "nodes",
        "cluster",
        "clusters",
        "pod",
        "pods",
        "superpod",
        "rack",
        "racks",
        "aggregate",
        "aggregated",
        "combined",
        "total",
        "totals",
        "cumulative",
        "multi-gpu",
        "multi-node",
        "multinode",
        "fleet",
        "supercomputer",
        "board",
        "platform",
        "slice",
        // work split over devices
        "parallelism",
        "tensor-parallel",
        "pipeline-parallel",
        "data-parallel",
        "expert-parallel",
        "fsdp",
        "ddp",
        "zero-3",
        "megatron",
        "distributed",
        "tp",
        "pp",
        "dp",
        "ep",
        "world-size",
        "scale-out",
    ];
    let ws: Vec<&str> = words(sentence).collect();
    ws.iter().enumerate().any(|(i, &w)| {
        if WORDS.contains(&w) {
            return true;
        }
        // "64 GPUs", "1,024 chips", "an 8-GPU node", "512-chip"
        let counted = |noun: &str| COUNTED.contains(&noun.trim_end_matches('s'));
        let number = |s: &str| !s.is_empty() && s.bytes().all(|c| c.is_ascii_digit() || c == b',');
        if let Some((n, noun)) = w.split_once('-') {
            if number(n) && (counted(noun) || noun == "way") {
                return true;
            }
        }
        // "TP=8", "world size 64"
        if (w == "world" && ws.get(i + 1) == Some(&"size")) || w.starts_with("tp=") {
            return true;
        }
        number(w) && ws.get(i + 1).is_some_and(|n| counted(n))
    })
}

/// Nouns after "a <device>" that make it a system of several ("an H100 node").
pub(super) const SYSTEM_NOUNS: &[&str] = &[
    "node",
    "nodes",
    "server",
    "servers",
    "system",
    "systems",
    "cluster",
    "clusters",
    "pod",
    "pods",
    "box",
    "machine",
    "machines",
    "rack",
    "racks",
    "instance",
    "instances",
    "vm",
    "board",
    "tray",
    "host",
    "workstation",
    "rig",
    "setup",
    "slice",
    "superpod",
];

/// Whether a sentence (device names blanked) speaks of several systems ("a cluster", "16
/// nodes", "multi-node"): a system row ("DGX H100") then covers an unknown number of itself.
pub(super) fn many_systems(sentence: &str) -> bool {
    const SYSTEMS: &[&str] = &[
        "node",
        "server",
        "system",
        "rack",
        "pod",
        "board",
        "instance",
        "machine",
        "host",
        "superpod",
        "ultraserver",
    ];
    let ws: Vec<&str> = words(sentence).collect();
    ws.iter().enumerate().any(|(i, &w)| {
        matches!(
            w,
            "cluster"
                | "clusters"
                | "fleet"
                | "supercomputer"
                | "multi-node"
                | "multinode"
                | "multi-rack"
                | "multi-pod"
        ) || {
            let n: String = w.chars().filter(|c| *c != ',').collect();
            n.parse::<u32>().is_ok_and(|n| n > 1)
                && ws
                    .get(i + 1)
                    .is_some_and(|x| SYSTEMS.contains(&x.trim_end_matches('s')))
        }
    })
}

/// What a bandwidth is of, from the words of a window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Lane {
    /// Nothing says: memory or scale-up link, whichever is higher.
    Either,
    Memory,
    Interconnect,
    Both,
    /// Caches, host links, storage, networks between nodes: not in the table.
    Elsewhere,
}

/// What the bandwidth in `window` (lower case) is of.
pub(super) fn lane(window: &str) -> Lane {
    const ON_CHIP: &[&str] = &[
        "l1",
        "l2",
        "l3",
        "cache",
        "caches",
        "smem",
        "sram",
        "shared",
        "register",
        "registers",
        "on-chip",
        "tmem",
        "lds",
        "scratchpad",
        "vmem",
        "cmem",
        "texture",
        "llc",
        "l2-cache",
    ];
    const OFF_DEVICE: &[&str] = &[
        "pcie",
        "host",
        "cpu",
        "h2d",
        "d2h",
        "host-to-device",
        "device-to-host",
        "nvme",
        "ssd",
        "disk",
        "disks",
        "storage",
        "network",
        "infiniband",
        "ib",
        "ethernet",
        "roce",
        "nic",
        "nics",
        "rdma",
        "efa",
        "scale-out",
        "inter-node",
        "internode",
        "cross-node",
        "between",
        "dcn",
        "wan",
        "lan",
        "gpudirect",
        "cxl",
        "lpddr5x",
        "ddr5",
        "ddr4",
    ];
    const LINKS: &[&str] = &[
        "nvlink",
        "nvswitch",
        "ici",
        "xgmi",
        "neuronlink",
        "interconnect",
        "scale-up",
        "p2p",
        "peer-to-peer",
        "all-reduce",
        "allreduce",
        "all-gather",
        "allgather",
        "busbw",
        "link",
        "links",
        "c2c",
        "nvlink-c2c",
        "ualink",
        "fabric",
        "chip-to-chip",
        "inter-chip",
        "bidirectional",
        "bi-directional",
    ];
    const MEMORY: &[&str] = &[
        "hbm", "hbm2", "hbm2e", "hbm3", "hbm3e", "hbm4", "memory", "dram", "gddr6", "gddr6x",
        "gddr7", "vram", "copy", "copies", "memcpy", "stream", "triad",
    ];
    let ws: Vec<&str> = words(window).collect();
    let has = |list: &[&str]| ws.iter().any(|w| list.contains(w));
    if has(ON_CHIP) {
        return Lane::Elsewhere;
    }
    let (link, memory) = (has(LINKS), has(MEMORY));
    if has(OFF_DEVICE) && !link && !window.contains("scale-up") {
        return Lane::Elsewhere;
    }
    match (memory, link) {
        (true, true) => Lane::Both,
        (true, false) => Lane::Memory,
        (false, true) => Lane::Interconnect,
        (false, false) => Lane::Either,
    }
}

/// Words in a claim's clause that make a rate something other than what the hardware did:
/// work counted that was never done ("effective", "dense-equivalent"), or a rate emulated.
pub(super) fn not_physical(clause: &str) -> bool {
    words(clause).any(|w| {
        matches!(
            w,
            "effective"
                | "effectively"
                | "equivalent"
                | "dense-equivalent"
                | "emulated"
                | "logical"
        )
    })
}

/// Words in a claim's sentence that dispute the number or speak of it as impossible: a list
/// that says "1,200 TFLOP/s on an H100 is impossible" states no such rate.
pub(super) fn disputed(sentence: &str) -> bool {
    words(sentence).any(|w| {
        matches!(
            w,
            "impossible"
                | "impossibly"
                | "cannot"
                | "can't"
                | "couldn't"
                | "exceed"
                | "exceeds"
                | "exceeded"
                | "exceeding"
                | "beyond"
                | "bogus"
                | "bug"
                | "bugs"
                | "buggy"
                | "erroneous"
                | "incorrect"
                | "wrong"
                | "invalid"
                | "flag"
                | "flags"
                | "flagged"
                | "flagging"
                | "reject"
                | "rejects"
                | "rejected"
                | "suspicious"
                | "hack"
                | "hacking"
                | "hacked"
                | "cheat"
                | "cheats"
                | "cheating"
                | "physics"
                | "physical"
                | "physically"
                | "violate"
                | "violates"
                | "violating"
                | "misreported"
        )
    })
}

/// Whether the words after a rate make it an amount of work ("3,640 PFLOP/s-days", "PFLOPS
/// days of compute", "per token").
pub(super) fn amount(after: &str) -> bool {
    let t = after.trim_start_matches([' ', '-', '·', '×', '*']);
    let w = t
        .split(|c: char| !c.is_ascii_alphanumeric())
        .next()
        .unwrap_or("");
    matches!(
        w,
        "day" | "days" | "hour" | "hours" | "hr" | "hrs" | "year" | "years" | "week" | "weeks"
    ) || (w == "per" && {
        let rest = &t[3..];
        let n = rest
            .trim_start()
            .split(|c: char| !c.is_ascii_alphanumeric())
            .next()
            .unwrap_or("");
        matches!(
            n,
            "token"
                | "tokens"
                | "step"
                | "steps"
                | "sample"
                | "samples"
                | "image"
                | "images"
                | "query"
                | "request"
                | "sequence"
                | "iteration"
                | "epoch"
                | "batch"
                | "forward"
                | "layer"
                | "parameter"
        )
    })
}

/// Words before a number that make it a bound from above ("less than 3 TB/s", "at most"):
/// such a number claims no rate above it.
pub(super) fn upper_bound(before: &str) -> bool {
    let t = before.trim_end_matches([' ', '*', '~']);
    [
        "less than",
        "fewer than",
        "lower than",
        "at most",
        "no more than",
        "not more than",
        "under",
        "below",
        "within",
        "<",
        "≤",
        "<=",
    ]
    .iter()
    .any(|q| {
        t.strip_suffix(q).is_some_and(|h| {
            h.is_empty()
                || !is_word_byte(*h.as_bytes().last().unwrap_or(&b' '))
                || q.starts_with(['<', '≤'])
        })
    })
}

/// Words before a number that make it approximate ("~5 TB/s", "about 1 PFLOP/s").
pub(super) fn approximate(before: &str) -> bool {
    let t = before.trim_end_matches([' ', '*']);
    if t.ends_with(['~', '≈']) {
        return true;
    }
    matches!(
        word_before(t, t.len()).1,
        "about"
            | "around"
            | "roughly"
            | "approximately"
            | "approx"
            | "nearly"
            | "almost"
            | "circa"
            | "ca"
    ) || t.ends_with("close to")
}

/// The last number written in a claim's text (`"1.2–1.4 PFLOP/s"` → `"1.4"`), as written.
pub(super) fn last_number(text: &str) -> &str {
    let b = text.as_bytes();
    let Some(end) = b.iter().rposition(u8::is_ascii_digit).map(|i| i + 1) else {
        return "";
    };
    let mut start = end;
    while start > 0
        && (b[start - 1].is_ascii_digit()
            || (matches!(b[start - 1], b'.' | b',') && start >= 2 && b[start - 2].is_ascii_digit()))
    {
        start -= 1;
    }
    &text[start..end]
}

/// Whether a number's commas are thousands separators ("1,200"); "1,5" is not read.
pub(super) fn plain_number(n: &str) -> bool {
    let int = n.split('.').next().unwrap_or(n);
    if !int.contains(',') {
        return true;
    }
    let mut groups = int.split(',');
    let first = groups.next().unwrap_or("");
    (1..=3).contains(&first.len()) && groups.all(|g| g.len() == 3)
}

/// Half a unit of a number's last written digit: 0.05 for "1.4"; for a whole number, 0.5 when
/// it is approximate ("~5") and 0 when not ("5" is read as written).
pub(super) fn half_unit(n: &str, approximate: bool) -> f64 {
    match n.split_once('.') {
        Some((_, d)) => 0.5 * 10f64.powi(-(d.len() as i32)),
        None if approximate => 0.5,
        None => 0.0,
    }
}

/// Whether the words right after a percentage, or right before it, make it a share of the
/// hardware's peak: "112% MFU", "104% of peak FP8 throughput", "107% of speed-of-light", "MFU
/// of 58%", "MFU from 31% to 44%". `before` ends where the claim (with its quantifier) starts,
/// `after` starts where it ends.
pub(super) fn share_of_peak(before: &str, after: &str) -> bool {
    let ws: Vec<&str> = words(&after[..crate::lines::floor_char_boundary(after, 120)])
        .take(8)
        .collect();
    let w = |i: usize| ws.get(i).copied().unwrap_or("");
    let after_share = match w(0) {
        "mfu" | "hfu" | "sol" | "speed-of-light" => true,
        "model" | "hardware" => matches!(w(1), "flops" | "flop") && w(2).starts_with("utili"),
        "of" => {
            let mut i = 1;
            while matches!(
                w(i),
                "the"
                    | "its"
                    | "their"
                    | "theoretical"
                    | "hardware"
                    | "device"
                    | "gpu"
                    | "chip"
                    | "vendor"
            ) {
                i += 1;
            }
            match w(i) {
                "speed-of-light" | "sol" | "roofline" => !compares(&ws[i + 1..]),
                "speed" => w(i + 1) == "of" && w(i + 2) == "light" && !compares(&ws[i + 3..]),
                "peak" => peak_of_hardware(&ws[i + 1..]),
                _ => false,
            }
        }
        _ => false,
    };
    if after_share {
        return true;
    }
    // "MFU of 58%", "MFU: 58%", "MFU reached 58%", "MFU from 31% to 44%"
    let mut to = before.len();
    for _ in 0..4 {
        let (s, w) = word_before(before, to);
        match w {
            "mfu" | "hfu" => return true,
            "of" | "at" | "is" | "was" | "reaches" | "reached" | "hits" | "hit" | "sustains"
            | "sustained" | "achieves" | "achieved" | "stays" | "stayed" | "around" | "about"
            | "roughly" | "nearly" | "from" | "=" | "a" | "an" | "peak" => to = s,
            "" if s > 0 && before[..s].trim_end().ends_with(':') => {
                to = before[..s].trim_end().len() - 1;
            }
            _ => return false,
        }
    }
    false
}

/// Whether the words after "peak" ("of peak FP8 throughput on MI300X") keep it the hardware's
/// peak, not a peak of something else ("of peak memory", "of the peak throughput of vLLM").
fn peak_of_hardware(after: &[&str]) -> bool {
    for (i, &w) in after.iter().take(5).enumerate() {
        if compares(&after[i..i + 1]) {
            return false;
        }
        if w == "memory" {
            return after.get(i + 1) == Some(&"bandwidth");
        }
        if matches!(
            w,
            "usage"
                | "allocation"
                | "rss"
                | "power"
                | "load"
                | "traffic"
                | "demand"
                | "hours"
                | "season"
                | "latency"
                | "utilization"
                | "utilisation"
        ) {
            return false;
        }
    }
    true
}

/// Whether words compare with something else ("of vLLM", "than FA2").
fn compares(ws: &[&str]) -> bool {
    ws.iter()
        .take(5)
        .any(|w| matches!(*w, "of" | "than" | "vs" | "versus" | "over" | "compared"))
}

/// Words in a clause that mark its number as the peak itself, quoted as such ("the 3.35 TB/s
/// peak", "989 TFLOPS on paper", "the datasheet's 1,979 TFLOPS").
pub(super) fn marked_as_peak(clause: &str) -> bool {
    words(clause).any(|w| {
        matches!(
            w,
            "peak"
                | "peaks"
                | "theoretical"
                | "theoretically"
                | "datasheet"
                | "datasheets"
                | "spec"
                | "specs"
                | "specification"
                | "specifications"
                | "nominal"
                | "rated"
                | "advertised"
                | "marketed"
                | "headline"
                | "whitepaper"
                | "published"
                | "official"
                | "vendor"
                | "speed-of-light"
                | "sol"
                | "roofline"
                | "ceiling"
                | "maximum"
                | "max"
                | "limit"
                | "bound"
                | "paper"
        )
    })
}

/// Whether the word before a number makes it a reference point rather than the result ("of
/// the 3.35 TB/s", "against 989 TFLOPS", "than 1 PFLOP/s").
pub(super) fn reference_before(before: &str) -> bool {
    let (s, w) = word_before(before, before.len());
    let w = if matches!(w, "the" | "a" | "its" | "their") {
        word_before(before, s).1
    } else {
        w
    };
    matches!(
        w,
        "of" | "against" | "vs" | "versus" | "than" | "with" | "to" | "from"
    )
}
