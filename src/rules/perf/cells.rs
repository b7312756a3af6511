//! Claims of table cells that hold a bare number: the unit is in the column's header
//! ("Throughput (tokens/s)" over "1234", "TFLOPS/GPU" over "534.18", "Latency (ms)" over
//! "12.5", "Speedup" over "1.8"), or the kind is in the heading directly above the table
//! ("Speedup of BERT inference" over a table of ratios), or the unit is in the note directly
//! above the table that announces its results ("Decoding speed (tokens/s) on one 4090:",
//! "All latencies in ms:") and the header names no kind. Columns that set the run up (batch,
//! sequence length, sizes, counts), and columns of a specification ("Spec TFLOPS", "Peak
//! bandwidth (TB/s)"), hold no claims; a workload column is what the row ran (`table`).

use super::claims::{claim_at, Claim, ClaimKind};
use super::table::{above, blank_gap, split_cells, table_at, WORKLOAD_HEADER_WORDS};
use super::text::{
    has_word, is_version_header, lone_number, names_spec, number_at, own_words, time_unit_in,
    unit_in, words,
};
use super::words::{
    CHANGE_COLUMN_WORDS, MEASURED_WORDS, POWER_LIMIT_WORDS, SCORED_BENCHMARKS, SCORE_WORDS,
    TIME_UNITS, UTILIZATION_WORDS,
};
use crate::document::{BlockKind, Document};
use crate::policy::PerfPolicy;

/// What the number cells of a column claim: their kind and unit.
pub(super) type CellKind = Option<(ClaimKind, &'static str)>;

/// The unit of a column of times whose cells carry their own ("TTFT p50" over "118 ms"): a
/// bare number under it is no claim.
pub(super) const OWN_UNIT: &str = "own";

/// Header words of a column whose numbers are not results of speed: sizes, counts, memory,
/// quality, versions.
const OTHER_HEADER_WORDS: &[&str] = &[
    // power ("Avg. power (W)"): no speed, though a column of it beside results is a reading of
    // the same run (`is_power_header`)
    "power",
    "watts",
    "tdp",
    "size",
    "params",
    "parameters",
    "gpus",
    "nodes",
    "devices",
    // degrees of parallelism ("TP", "TP×PP×DP")
    "tp",
    "pp",
    "dp",
    "ep",
    "count",
    "memory",
    "mem",
    "vram",
    "bleu",
    "wer",
    "cer",
    "wer/cer",
    "map",
    "f1",
    "recall",
    "rmse",
    "accuracy",
    "acc",
    "ppl",
    "perplexity",
    "score",
    "loss",
    "version",
    "year",
    "date",
    "cores",
    "clock",
    "release",
    "rank",
    "id",
    "no",
    "step",
    "steps",
    "epoch",
    "epochs",
    "layers",
    "heads",
    "experts",
    "number",
];

/// Header words of a column of savings: its cells carry their own unit, a share ("68%") or an
/// amount of memory ("54.9 GB").
const SAVING_WORDS: &[&str] = &["saved", "saving", "savings", "freed"];

/// Units of an amount of memory in a cell of savings.
const MEMORY_UNITS: &[&str] = &["gb", "gib", "mb", "mib", "tb", "tib", "kb", "kib"];

/// Header words of a column of a device's specification, not of a measurement.
const SPEC_WORDS: &[&str] = &[
    "peak",
    "spec",
    "specs",
    "specification",
    "theoretical",
    "theory",
    "datasheet",
    "nominal",
    "advertised",
    "rated",
    "max",
    "max.",
    "maximum",
    "dense",
    "sparse",
    "boost",
];

/// Header words of a column that sets the run up rather than measures it: "Timeout (s)",
/// "Rate limit (req/s)", "SLO (ms)", "Arrival rate (req/s)".
const SETTING_WORDS: &[&str] = &[
    "timeout", "interval", "default", "limit", "budget", "deadline", "slo", "target", "window",
    "arrival", "offered", "load", "min", "min.", "minimum", "warmup",
];

/// Header words of a column of times that are results: "Latency (ms)", "Step time (s)".
const TIME_WORDS: &[&str] = &[
    "time",
    // in Japanese, Korean and Chinese: "step時間 (ms)", "단계 시간", "耗时"
    "時間",
    "시간",
    "耗时",
    "时间",
    // in Portuguese, Spanish, French and German: "Tempo total", "Tiempo (s)", "Durée", "Zeit"
    "tempo",
    "tiempo",
    "durée",
    "zeit",
    // German compounds: "Laufzeit" (run time), "Rechenzeit" (compute time)
    "laufzeit",
    "rechenzeit",
    "duration",
    "elapsed",
    "latency",
    "latencies",
    "runtime",
    "ttft",
    "tpot",
    "itl",
    // a consumer's lag ("lag (max)" over "47 min"), a game's frame time ("Avg frametime")
    "lag",
    "frametime",
    "frametimes",
    // a web page's timings ("TTFB", "LCP p75")
    "ttfb",
    "lcp",
    "fcp",
    "inp",
    "tbt",
    "p50",
    "p90",
    "p95",
    "p99",
    "p99.9",
    "p999",
    "wall-clock",
    "e2e",
];

/// First headers of a table of settings ("Setting | Value"), whose numbers are no results
/// whatever the note above it names.
const SETTINGS_HEADERS: &[&str] = &[
    "setting",
    "settings",
    "parameter",
    "parameters",
    "hyperparameter",
    "hyperparameters",
    "option",
    "options",
    "config",
    "configuration",
    "flag",
    "flags",
    "knob",
    "key",
];

/// Whether a header names a compressor's measured ratio ("Ratio", "Compression ratio",
/// "comp. ratio"), read as a result only beside columns of speeds.
pub(super) fn is_measured_ratio_header(header: &str) -> bool {
    matches!(
        header
            .trim()
            .trim_matches('*')
            .to_ascii_lowercase()
            .as_str(),
        "ratio" | "compression ratio" | "comp. ratio" | "comp ratio" | "compression"
    )
}

/// A time unit a note names for the numbers under it: "(ms)", "in ms", "in seconds".
pub(super) fn time_unit_of_note(note: &str) -> Option<&'static str> {
    // ("latency in core cycles", "(clock cycles)")
    let note = &note
        .replace("core cycles", "cycles")
        .replace("clock cycles", "cycles");
    const UNITS: &[(&str, &str)] = &[
        ("ms", "ms"),
        ("milliseconds", "ms"),
        ("s", "s"),
        ("sec", "s"),
        ("seconds", "s"),
        ("us", "us"),
        ("µs", "us"),
        ("μs", "us"),
        ("microseconds", "us"),
        // as kernel and system benchmarks print them ("p99 wakeup latency in usec")
        ("usec", "us"),
        ("msec", "ms"),
        ("nsec", "ns"),
        ("ns", "ns"),
        ("nanoseconds", "ns"),
        ("minutes", "min"),
        ("hours", "h"),
        // a microbenchmark's latencies ("Load-to-use latency in core cycles")
        ("cycles", "cycles"),
    ];
    // a note that opens with the unit spelled out ("Milliseconds, median of 20 runs:",
    // "Seconds per iteration.")
    let opening = note
        .trim_start_matches(|c: char| !c.is_alphanumeric())
        .split(|c: char| !c.is_alphanumeric())
        .next()
        .unwrap_or("");
    if let Some(&(_, unit)) = UNITS
        .iter()
        .find(|(word, _)| word.len() > 5 && opening == *word)
    {
        return Some(unit);
    }
    // "CTMark, wall-clock seconds at -O3, median of five runs": the unit a clock names
    {
        let ws: Vec<&str> = words(note).collect();
        if let Some(&(_, unit)) = ws.windows(2).find_map(|p| {
            matches!(p[0], "wall-clock" | "wall" | "elapsed" | "cpu")
                .then(|| {
                    UNITS
                        .iter()
                        .find(|(word, _)| word.len() > 5 && p[1] == *word)
                })
                .flatten()
        }) {
            return Some(unit);
        }
    }
    UNITS.iter().find_map(|&(word, unit)| {
        let ends = |rest: &str| rest.chars().next().is_none_or(|c| !c.is_alphanumeric());
        let bracketed = format!("({word})");
        // "(ms, mean of 5 runs)"
        let listed = format!("({word},");
        // "(ms/step)", "(s/it)": a time per item
        let per = format!("({word}/");
        let after_in = format!("in {word}");
        // ("Time to initial display, median, ms:": the unit last in a list before a colon)
        let last_listed = note
            .trim_end()
            .trim_end_matches([':', '.'])
            .trim_end()
            .strip_suffix(word)
            .is_some_and(|h| h.ends_with(", "));
        (last_listed
            || note.contains(&bracketed)
            || note.contains(&listed)
            || note.contains(&per)
            || note.match_indices(&after_in).any(|(at, m)| {
                ends(&note[at + m.len()..])
                    && (at == 0 || !note[..at].ends_with(|c: char| c.is_alphanumeric()))
            }))
        .then_some(unit)
    })
}

/// The unit a note names for the numbers below it, in brackets or after "in" ("prints the
/// following (TFLOPS for square problems):", "all numbers in GB/s"): a rate's or a time's.
pub(super) fn unit_of_note(note: &str, policy: &PerfPolicy) -> CellKind {
    let n = note.to_ascii_lowercase();
    let kind = note_kind(note, policy)?;
    // (or as an item of its own in a list of the set-up: "8× H100, BF16, tokens/s/GPU, median
    // of 3 runs:")
    let named = |u: &str| {
        n.contains(&format!("({u}"))
            || n.contains(&format!("in {u}"))
            || n.match_indices(&format!(", {u}")).any(|(at, m)| {
                n[at + m.len()..]
                    .chars()
                    .next()
                    .is_none_or(|c| matches!(c, ',' | '/' | ':' | ';' | '.' | ')'))
            })
    };
    match kind {
        (ClaimKind::Rate { .. }, unit) if named(unit) => Some(kind),
        (ClaimKind::Latency, unit) if unit != OWN_UNIT => Some(kind),
        _ => None,
    }
}

/// The first sentence of a note below a table when it only names the unit of the table's
/// numbers: "Units: generated tokens/s.", "All numbers in ms.", "Tokens/s again." (a few
/// words that hold a unit), not a remark about the results ("The 4090 does 38 tokens/s on
/// the same model.").
fn unit_note_below(note: &str) -> Option<&str> {
    let first = note
        .split(". ")
        .next()
        .unwrap_or(note)
        .trim()
        .trim_end_matches('.');
    let lower = first.to_ascii_lowercase();
    let ws: Vec<&str> = words(&lower).collect();
    let labelled = matches!(ws.first(), Some(&("units" | "unit")))
        || (matches!(ws.first(), Some(&"all"))
            && ws.iter().take(4).any(|w| *w == "in")
            && ws.len() <= 8);
    let short = ws.len() <= 3
        && (unit_in(&lower).is_some() || time_unit_of_note(&format!("({lower})")).is_some());
    (labelled || short).then_some(first)
}

/// The kind a note directly above a table gives the number cells of the columns whose header
/// names none: a note that names their unit ("Decoding speed (tokens/s) on an RTX 4090:",
/// "Bus bandwidth in GB/s, median of 20 iterations", "All latencies in ms:"); not one that
/// quotes a specification ("peak TFLOPS per the datasheet") unless it says the numbers were
/// measured, nor one that expects them.
fn note_kind(note: &str, policy: &PerfPolicy) -> CellKind {
    let n = note.to_ascii_lowercase();
    if policy.hypothetical_cues.is_match(&n) {
        return None;
    }
    // "Peak GPU memory while decoding …": the memory each run took, in the cells' own unit
    // (the note's first sentence says so; not "Peak memory bandwidth")
    let first = n.split(". ").next().unwrap_or("");
    if super::table::is_footprint(first) && unit_in(first).is_none() {
        return Some((ClaimKind::Saving, OWN_UNIT));
    }
    if names_spec(&n) && !has_word(&n, MEASURED_WORDS) {
        return None;
    }
    // (a rate after a number is the run's setting, "ShareGPT at 1.5 req/s", when the note
    // names the unit of the times in brackets: "TTFT and TPOT (ms) for …")
    let set_rate = |unit: &str| {
        n.find(unit)
            .is_some_and(|at| n[..at].trim_end().ends_with(|c: char| c.is_ascii_digit()))
    };
    if let Some((unit, peak)) = unit_in(&n) {
        let bracketed_time = time_unit_of_note(&n).is_some_and(|t| n.contains(&format!("({t})")));
        if !(set_rate(unit) && bracketed_time) {
            return Some((ClaimKind::Rate { peak_unit: peak }, unit));
        }
    }
    if let Some(unit) = time_unit_of_note(&n) {
        return Some((ClaimKind::Latency, unit));
    }
    // "Speedometer 3.0, higher is better, median of 5 runs:": the benchmark's scores
    // (a note that calls its numbers times names a benchmark as their workload: "Times are
    // per subtest, Speedometer 3.0, …")
    let called_times = words(&n)
        .next()
        .is_some_and(|w| matches!(w, "times" | "timings" | "latencies" | "durations"));
    if !called_times
        && (words(&n).any(|w| SCORED_BENCHMARKS.contains(&w)) || n.contains("spec cpu"))
    {
        return Some((ClaimKind::Rate { peak_unit: false }, "score"));
    }
    // "Measured save and restore times (March 2025):": times whose cells carry their unit
    let times = words(&n).any(|w| matches!(w, "times" | "durations" | "latencies" | "timings"));
    // "Cold-cache compile time for whole models on our build host.": a time of a kind of run
    let run_time = {
        let w: Vec<&str> = words(&n).collect();
        w.windows(2).any(|p| {
            p[1] == "time"
                && matches!(
                    p[0],
                    "compile"
                        | "compilation"
                        | "load"
                        | "loading"
                        | "build"
                        | "startup"
                        | "start-up"
                        | "step"
                        | "run"
                        | "wall"
                        | "wall-clock"
                        | "training"
                        | "iteration"
                        | "boot"
                        | "export"
                        | "warmup"
                        | "warm-up"
                )
        })
    };
    (times || run_time).then_some((ClaimKind::Latency, OWN_UNIT))
}

/// What a column's number cells claim, from its header and the heading above the table.
pub(super) fn column_kind(header: &str, heading: CellKind) -> CellKind {
    // (full-width brackets, as Chinese headers write them: "单步耗时（秒）"; a footnote's
    // marker after the name, "GPU util¹", "Load†", is no part of it)
    let h = header
        .trim_end_matches([
            '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹', '⁰', '†', '‡', '*',
        ])
        .to_ascii_lowercase()
        .replace('（', " (")
        .replace('）', ")");
    let own = own_words(&h);
    // "Bitrate (kb/s)", "BD-rate": what an encoder was set to spend or its quality, not a
    // speed
    if has_word(&h, ENCODER_SETTING_WORDS) || h.contains("bit rate") {
        return None;
    }
    // "1% low", "0.1% lows": the frame rate of the slowest frames, as game benchmarks report
    // it
    {
        let t = h.trim().trim_end_matches(" fps").trim_end_matches(" (fps)");
        if matches!(t, "1% low" | "1% lows" | "0.1% low" | "0.1% lows") {
            return Some((ClaimKind::Rate { peak_unit: false }, "fps"));
        }
    }
    // "Load", "Cold start" over "3.1 s": how long loading took, in each cell's own unit
    if matches!(
        h.trim(),
        "load" | "loading" | "cold start" | "warm start" | "startup" | "start-up" | "boot"
    ) {
        return Some((ClaimKind::Latency, OWN_UNIT));
    }
    // "vs cuBLAS" over "107%": a share of another system's result
    if own.trim().is_empty() && !h.trim().is_empty() {
        return Some((ClaimKind::Percent, "%"));
    }
    // "% of peak", "% of cuBLAS": a share of a peak or of another system's result, not of a
    // whole ("% of total", "Time (%)"); also written "Share of FA-2 dense rate"
    if let Some((_, of)) = h
        .split_once("% of ")
        .or_else(|| h.trim_start().strip_prefix("share of ").map(|of| ("", of)))
    {
        // ("% of memory roof", "% of memory bandwidth": a share of a peak)
        let peak = words(of).skip(1).take(2).any(|w| {
            matches!(
                w,
                "roof" | "roofline" | "peak" | "bandwidth" | "ceiling" | "limit" | "bound"
            )
        });
        let whole = !peak
            && matches!(
                words(of).next().unwrap_or(""),
                "total"
                    | "time"
                    | "runtime"
                    | "all"
                    | "calls"
                    | "samples"
                    | "memory"
                    | "vram"
                    | "params"
            );
        return (!whole).then_some((ClaimKind::Percent, "%"));
    }
    // "Cost per 1M output tokens ($)", "$/1M tokens": a cost per unit of work, an efficiency
    // (not "On-demand ($/hr)", a price)
    if (h.contains("cost per")
        || h.contains("price per")
        || h.contains("$/1m")
        || h.contains("$ per 1m"))
        && ["token", "image", "request", "quer", "1m", "million"]
            .iter()
            .any(|w| h.contains(w))
    {
        return Some((ClaimKind::Rate { peak_unit: false }, "$"));
    }
    // "Max rate (queries/s)": the highest request rate a system sustains, a result
    let max_rate = unit_in(&h)
        .is_some_and(|(u, _)| u.contains("quer") || u.contains("req") || u == "qps")
        && has_word(own, &["max", "max.", "maximum"]);
    // ("Wall time (min)": minutes, not a minimum)
    let minutes = time_unit_in(&h) == Some("min");
    // (what a column is compared with is no setting: "Speedup vs 64 nodes")
    // ("Model load (ms)", "Load time (s)": how long loading takes, not an offered load)
    let loading = h.contains("model load") || h.contains("load time");
    // ("Request rate (req/s)": the rate requests were sent at, a sweep's load)
    let setting = words(own).any(|w| {
        SETTING_WORDS.contains(&w)
            && !(minutes && w.starts_with("min"))
            && !(loading && w == "load")
    }) || ["request rate", "query rate", "req rate"]
        .iter()
        .any(|w| own.contains(w));
    // ("M4 Max", "iPhone 15 Pro Max", "Ryzen AI Max": a device's name, no maximum)
    let device_max = |own: &str| {
        let w: Vec<&str> = words(own).collect();
        w.windows(2).any(|p| {
            p[1] == "max"
                && (matches!(p[0], "pro" | "ai")
                    || (p[0].len() == 2
                        && p[0].starts_with('m')
                        && p[0].as_bytes()[1].is_ascii_digit()))
        })
    };
    // "Peak memory", "Index RAM", "Peak RSS (GB)", "Memory used": the memory a run took, a
    // result (not a device's "VRAM (GB)" or "Memory", nor "Peak memory bandwidth")
    if super::table::is_footprint(own) && unit_in(&h).is_none() && !h.contains('%') {
        let unit = words(&h)
            .find_map(|w| MEMORY_UNITS.iter().find(|u| **u == w))
            .copied()
            .unwrap_or(OWN_UNIT);
        return Some((ClaimKind::Saving, unit));
    }
    // "Procyon AI Text Gen (Llama-3.1-8B)", "Geekbench 6 multi-core": a benchmark's score, a
    // result (higher is faster), unless the header names a unit of its own
    if words(&h).any(|w| SCORED_BENCHMARKS.contains(&w)) && unit_in(&h).is_none() {
        return Some((ClaimKind::Rate { peak_unit: false }, "score"));
    }
    // "1% low", "0.1% lows": a game's low frame rates, in frames per second
    if h.contains("% low") {
        return Some((ClaimKind::Rate { peak_unit: false }, "fps"));
    }
    // (a word of a specification other than the device's "Max")
    let spec = has_word(own, SPEC_WORDS)
        && (!device_max(own) || words(own).any(|w| w != "max" && SPEC_WORDS.contains(&w)));
    // "Expected busbw (GB/s)", "Projected step time": a planning figure, no result (unless it
    // is set against one: "Achieved / expected")
    let expected =
        has_word(own, EXPECTED_WORDS) && !has_word(&h, AGAINST_RESULT) && !h.contains(" / ");
    // "Leader CPU (max broker)" over "39%": the share of the processor a run kept busy (only its
    // cells written as shares; a column of CPUs names them; "CPU (s)" beside "GPU (s)" holds
    // the CPU's times)
    // "Epoch time (mm:ss)", "CPU (h:mm)": times written as a clock
    let clock = [
        "(mm:ss)",
        "(m:ss)",
        "(h:mm:ss)",
        "(hh:mm:ss)",
        "(h:mm)",
        "(hh:mm)",
    ]
    .iter()
    .any(|u| h.contains(u));
    if has_word(own, &["cpu"])
        && !clock
        && !setting
        && !expected
        && !has_word(own, &["time", "cores", "threads", "model", "type", "limit"])
        && time_unit_in(&h).is_none()
        && unit_in(&h).is_none()
    {
        return Some((ClaimKind::Percent, OWN_UNIT));
    }
    if (spec && !max_rate) || setting || expected || h.contains('\\') {
        return None;
    }
    // "TTFT reduction vs vLLM": a change of a time, a share (unless its header names a unit)
    if has_word(own, CHANGE_COLUMN_WORDS) && time_unit_in(&h).is_none() && unit_in(&h).is_none() {
        return Some((ClaimKind::Percent, "%"));
    }
    if clock {
        return Some((ClaimKind::Latency, "h:m:s"));
    }
    // "Simulated days per day", "SYPD": how fast a simulation runs against the wall clock
    if h.contains("days per day")
        || h.contains("years per day")
        || h.contains("days per wall")
        || has_word(&h, &["sypd", "sdpd"])
    {
        return Some((ClaimKind::Rate { peak_unit: false }, "/day"));
    }
    // "Energy to solution (kWh)": the energy a run took, a result like its time
    // ("Energy per frame (mJ)": the energy an item took)
    // ("NPU energy (mJ/inf)", "Energy (J/token)": the energy an item took, its unit first)
    if h.contains("energy to solution")
        || h.contains("energy-to-solution")
        || h.contains("energy per")
        || has_word(&h, &["energy"])
    {
        let bracket = h
            .rsplit_once('(')
            .and_then(|(_, r)| r.split_once(')'))
            .map(|(u, _)| u.split(['/', ',']).next().unwrap_or(u).trim());
        let unit = ["kwh", "mwh", "wh", "mj", "j"]
            .iter()
            .find(|u| bracket == Some(**u));
        if let Some(unit) = unit {
            return Some((ClaimKind::Rate { peak_unit: false }, unit));
        }
    }
    // in Chinese: "扩展效率" (scaling efficiency), "利用率" (utilisation)
    if h.contains("效率") || h.contains("利用率") {
        return Some((ClaimKind::Percent, "%"));
    }
    if let Some((unit, peak)) = unit_in(&h) {
        return Some((ClaimKind::Rate { peak_unit: peak }, unit));
    }
    // (or a time per unit of training: "Epoch (s)", "Step (ms)", "Fold (min)")
    if let Some(unit) = time_unit_in(&h).filter(|_| {
        has_word(&h, TIME_WORDS)
            || matches!(
                words(own).next(),
                Some("epoch" | "step" | "iteration" | "iter" | "fold")
            ) && words(own.split('(').next().unwrap_or(own)).count() == 1
    }) {
        return Some((ClaimKind::Latency, unit));
    }
    // any other header with a time unit in brackets: "Eager step (ms)", "Triton BS (ms)"
    if let Some(unit) =
        time_unit_in(&h).filter(|u| *u != "d" && (h.contains('(') || h.contains('[')))
    {
        return Some((ClaimKind::Latency, unit));
    }
    // "ms/iter", "s/it", "us/call": a time per item as a column name (after the words
    // that say which: "FP16 ms/frame", "Latency ms/token")
    if let Some((u, item)) = h.trim().split_once('/') {
        let unit = match u.rsplit(' ').next().unwrap_or(u).trim() {
            "s" | "sec" | "seconds" => Some("s"),
            "ms" => Some("ms"),
            "us" | "µs" | "μs" => Some("us"),
            "min" => Some("min"),
            _ => None,
        };
        let item = item.trim();
        if let Some(unit) = unit.filter(|_| {
            !item.is_empty() && item.len() <= 12 && item.bytes().all(|b| b.is_ascii_alphabetic())
        }) {
            return Some((ClaimKind::Latency, unit));
        }
    }
    // "Days to 1T tokens", "Hours to train": a time to a result
    {
        let mut ws = words(&h);
        if let (Some(u), Some("to")) = (ws.next(), ws.next()) {
            let unit = match u {
                "days" => Some("days"),
                "hours" => Some("hours"),
                "minutes" => Some("min"),
                "seconds" => Some("s"),
                _ => None,
            };
            if let Some(unit) = unit {
                return Some((ClaimKind::Latency, unit));
            }
        }
    }
    // a column named by its unit alone: "Hours" (where a run's wall-clock time went), "ms"
    {
        let unit = match h.trim() {
            "hours" | "hrs" => Some("hours"),
            "minutes" | "mins" => Some("min"),
            "seconds" | "secs" => Some("s"),
            "ms" | "milliseconds" => Some("ms"),
            _ => None,
        };
        if let Some(unit) = unit {
            return Some((ClaimKind::Latency, unit));
        }
    }
    // "GPU ms", "CPU us", "frame ms": a time in the unit its last word names
    {
        let ws: Vec<&str> = words(&h).collect();
        let unit = match ws.last().copied() {
            Some("ms" | "msec") => Some("ms"),
            Some("us" | "µs" | "μs" | "usec") => Some("us"),
            Some("ns" | "nsec") => Some("ns"),
            _ => None,
        };
        if let Some(unit) = unit.filter(|_| (2..=3).contains(&ws.len())) {
            return Some((ClaimKind::Latency, unit));
        }
    }
    // "Seconds per image", "ms per token": a time per item named first
    {
        let mut ws = words(&h);
        if let (Some(u), Some("per")) = (ws.next(), ws.next()) {
            let unit = match u {
                "seconds" | "second" | "sec" | "s" => Some("s"),
                "ms" | "milliseconds" => Some("ms"),
                "minutes" | "min" => Some("min"),
                "us" | "µs" | "microseconds" => Some("us"),
                _ => None,
            };
            if let Some(unit) = unit {
                return Some((ClaimKind::Latency, unit));
            }
        }
    }
    // "TTFT p50" over "118 ms": times that carry their own unit
    // ("Step time", "Epoch time": the time of a step, not a step's number)
    if has_word(&h, TIME_WORDS)
        && !words(&h).any(|w| {
            OTHER_HEADER_WORDS.contains(&w) && !matches!(w, "step" | "steps" | "epoch" | "epochs")
        })
        && !h.contains('%')
    {
        return Some((ClaimKind::Latency, OWN_UNIT));
    }
    if has_word(&h, SAVING_WORDS) {
        return Some((ClaimKind::Saving, OWN_UNIT));
    }
    // a column of shares: a share of peak ("MFU (%)"), a change ("Change", "Gain (%)"), else
    // no result of the note's unit ("WER (%)", "FP32 reference (%)")
    if h.contains('%') || has_word(&h, CHANGE_COLUMN_WORDS) {
        return if has_word(&h, UTILIZATION_WORDS) || has_word(&h, CHANGE_COLUMN_WORDS) {
            Some((ClaimKind::Percent, "%"))
        } else {
            None
        };
    }
    // "Seq len" holds the setting; "seq 4K", "Batch 8", "bs=16" name one value of it, and
    // their cells are the results at that value
    // "Scaling efficiency vs. 8 nodes": a share, whatever else it names
    if has_word(&h, UTILIZATION_WORDS) {
        return Some((ClaimKind::Percent, "%"));
    }
    let setting_value = h.bytes().any(|c| c.is_ascii_digit());
    if (has_word(own, WORKLOAD_HEADER_WORDS) && !setting_value) || has_word(own, OTHER_HEADER_WORDS)
    {
        return None;
    }
    // "RTF", "RTFx": real-time factors of speech models
    if let Some(w) = words(&h).find(|w| matches!(*w, "rtf" | "rtfx")) {
        return Some((
            ClaimKind::Rate { peak_unit: false },
            if w == "rtf" { "rtf" } else { "rtfx" },
        ));
    }
    // in Chinese, Japanese and Korean: "加速比", "倍率", "기본 설정 대비" (against the default)
    if words(&h).any(|w| w.starts_with("speedup") || w.starts_with("speed-up"))
        || ["加速比", "倍率", "대비"].iter().any(|w| h.contains(w))
    {
        return Some((ClaimKind::Multiplier, "x"));
    }
    // "Reference (µs)", "Ours (ms)": times in the unit the header names
    if let Some(unit) = time_unit_in(&h) {
        return Some((ClaimKind::Latency, unit));
    }
    // "ROUGE-L vs FP32 reference": a score against a reference, not a ratio of results
    if words(&h).any(|w| SCORE_WORDS.contains(&w) || w.starts_with("rouge")) {
        return None;
    }
    // "braid / NCCL", "ours vs. cuBLAS": the ratio of two systems' results
    let ratio_of = |sep: &str| {
        h.split_once(sep).is_some_and(|(a, b)| {
            // (or two versions: "3.2 vs 3.1", "v0.5 / v0.4")
            let name = |s: &str| {
                let s = s.trim();
                let v = s.strip_prefix('v').unwrap_or(s);
                (!s.is_empty() && s.starts_with(|c: char| c.is_alphabetic()))
                    || (v.contains('.')
                        && v.len() <= 8
                        && v.bytes().all(|b| b.is_ascii_digit() || b == b'.'))
            };
            name(a) && name(b)
        })
    };
    if ratio_of(" / ") || ratio_of(" vs ") || ratio_of(" vs. ") {
        return Some((ClaimKind::Multiplier, "x"));
    }
    // "| Query | 3.5.4 | 3.6.0 |" over "| Q8 | 0.412 s | 0.188 s |", "Kestrel 128": a release's
    // results, in each cell's own unit (unless the note above names one)
    heading.or_else(|| is_version_header(&h).then_some((ClaimKind::Latency, OWN_UNIT)))
}

/// Columns of bare numbers set side by side that the table states are results, though their
/// headers name no unit:
/// - a change or a speedup column after them ("| Suite | 18.1.8 | 19.1.0 | Δ |" over "| intrate
///   | 412 | 429 | +4.1% |", "| Input | main | this PR | Speedup |"): the numbers it compares,
///   scores or times in a unit the table does not name;
/// - a corner cell naming a time unit over rows of labels ("| Tick-to-trade (ns) | Gen 1 | Gen
///   2 |" over "| p99 | 14,200 | 2,610 |"): times in that unit.
///
/// Only columns the header leaves without a kind of their own (or releases, whose cells would
/// carry their unit), never set-up, quality or plan columns, and only where most body cells of
/// the column are bare numbers.
fn compared_columns(columns: &mut [CellKind], header: &[String], plans: &[bool], table: &str) {
    let rows: Vec<Vec<&str>> = table
        .lines()
        .skip(2)
        .map(|l| {
            let l = l.trim_start();
            let l = l.strip_prefix('>').unwrap_or(l);
            split_cells(l).into_iter().map(|(_, c)| c.trim()).collect()
        })
        .filter(|cells: &Vec<&str>| !cells.is_empty())
        .collect();
    let numeric = |k: usize| {
        let cells: Vec<&str> = rows.iter().filter_map(|r| r.get(k).copied()).collect();
        let bare = cells.iter().filter(|c| lone_number(c)).count();
        bare >= 2 && bare * 2 > cells.len()
    };
    let open: Vec<bool> = header
        .iter()
        .enumerate()
        .map(|(k, h)| {
            let l = h.to_ascii_lowercase();
            !plans.get(k).copied().unwrap_or(false)
                && matches!(columns.get(k), Some(None | Some((_, OWN_UNIT))))
                && !super::table::is_workload_header(h)
                && !super::table::is_quality_header(h)
                && !has_word(&l, OTHER_HEADER_WORDS)
                && !has_word(&l, SETTING_WORDS)
                && unit_in(&l).is_none()
                && !l.contains('%')
        })
        .collect();
    // the change or speedup column, and the run of open numeric columns right before it
    let change = header.iter().enumerate().skip(2).find(|(_, h)| {
        let l = h.to_ascii_lowercase();
        (has_word(&l, CHANGE_COLUMN_WORDS)
            || h.trim() == "Δ"
            || words(&l).any(|w| w.starts_with("speedup")))
            && time_unit_in(&l).is_none()
            && unit_in(&l).is_none()
    });
    if let Some((c, _)) = change {
        let mut k = c;
        while k > 1 && open[k - 1] && numeric(k - 1) {
            k -= 1;
        }
        if c - k >= 2 {
            for col in columns.iter_mut().take(c).skip(k) {
                *col = Some((ClaimKind::Rate { peak_unit: false }, "score"));
            }
        }
    }
    // the corner cell's time unit over labels of rows
    let corner = header
        .first()
        .map(|h| h.to_ascii_lowercase())
        .unwrap_or_default();
    let labels = rows
        .iter()
        .filter(|r| r.first().is_some_and(|c| !c.is_empty() && !lone_number(c)))
        .count();
    if let Some(unit) = time_unit_in(&corner).filter(|_| {
        (corner.contains('(') || corner.contains('['))
            && labels * 2 > rows.len()
            && header.len() >= 3
            && header
                .iter()
                .enumerate()
                .skip(1)
                .all(|(k, h)| open[k] && time_unit_in(&h.to_ascii_lowercase()).is_none())
    }) {
        for (k, col) in columns.iter_mut().enumerate().skip(1) {
            if numeric(k) {
                *col = Some((ClaimKind::Latency, unit));
            }
        }
    }
}

/// The kind a heading gives the number cells of the table directly under it: "Speedup of …"
/// ratios, "Throughput …" rates (in the unit it names, if any), "Latency …" times.
fn heading_kind(heading: &str) -> CellKind {
    let h = heading.to_ascii_lowercase();
    let first = words(&h).next().unwrap_or("");
    // "Speedup of …", "Ablation (speedup)": the kind first, or in brackets after the subject
    let bracketed = h
        .split_once('(')
        .and_then(|(_, r)| r.split_once(')'))
        .map_or("", |(k, _)| k.trim());
    if [first, bracketed]
        .iter()
        .any(|w| w.starts_with("speedup") || w.starts_with("speed-up"))
    {
        return Some((ClaimKind::Multiplier, "x"));
    }
    // (also "Inference throughput (output tokens/s per instance)", "Decode throughput")
    if first == "throughput"
        || words(&h).take(3).any(|w| w == "throughput") && unit_in(&h).is_some()
    {
        let (unit, peak) = unit_in(&h).unwrap_or(("", false));
        return Some((ClaimKind::Rate { peak_unit: peak }, unit));
    }
    if first.starts_with("latenc") || first.starts_with("latenz") {
        return Some((ClaimKind::Latency, time_unit_in(&h).unwrap_or("")));
    }
    // "Index build time", "Cold start times": how long something took, in cells that carry
    // their unit ("4 min 12 s"; not the bare counts beside them)
    if words(&h).any(|w| matches!(w, "time" | "times" | "duration" | "durations")) {
        return Some((ClaimKind::Latency, time_unit_in(&h).unwrap_or(OWN_UNIT)));
    }
    // "Attention forward (TFLOPS)", "Decode (tokens/s)": a rate in brackets after the subject;
    // "Open Data benchmark 4.2, samples per minute": named anywhere
    if let Some((unit, peak)) = unit_in(bracketed).or_else(|| unit_in(&h)) {
        return Some((ClaimKind::Rate { peak_unit: peak }, unit));
    }
    None
}

/// The claims a table's cells make, per table: the kind of each column, and the block of its
/// header row.
pub struct TableCells {
    columns: Vec<Vec<CellKind>>,
    header_row: Vec<Option<usize>>,
    /// Whether a body row of the table names its kind in its first cell (a transposed table:
    /// "| Aggregate FPS | 96 | 248 |", "| p95 latency (ms) | 14 | 19 |").
    row_kinds: Vec<bool>,
    /// Whether the table lists a set-up's settings or items and their values ("| Setting |
    /// Value |", "| Item | Value |"): its rows state no results.
    settings: Vec<bool>,
    /// Per table: a body row holds two or more times with their units (`timed_row`).
    timed: Vec<bool>,
    /// Whether a table sets runs before and after a change, or releases, side by side ("| Stage
    /// | Before | After |", "| Query | 3.5.4 | 3.6.0 |"): its columns take the unit of each cell,
    /// unless the row names its kind.
    before_after: Vec<bool>,
    /// Whether a column holds plans, not results ("Target (v3)", "SLO", "Expected"): the kind
    /// its row names does not make its cells claims.
    plans: Vec<Vec<bool>>,
    /// Per column: the kind of the column a change column follows ("Δ vs before" after "PS5
    /// (ms)"): a signed number in it is a change in that unit.
    changes: Vec<Vec<CellKind>>,
}

/// Whether a header names a column of plans rather than results: "Target (v3)", "SLO",
/// "Budget", "Expected busbw", "Requirement", "Must reach" (what a result had to reach); or of what an
/// encoder was set to spend and the quality it kept ("Bitrate (kb/s)", "BD-rate vs x264").
fn is_plan_header(header: &str) -> bool {
    let h = header.to_ascii_lowercase();
    (has_word(
        &h,
        &[
            "target",
            "targets",
            "goal",
            "goals",
            "slo",
            "sla",
            "budget",
            "threshold",
            "thresholds",
            "requirement",
            "requirements",
            "required",
            "acceptance",
            "criterion",
            "criteria",
            // "Your kernel must reach": a grading scale
            "must",
        ],
    ) || has_word(&h, EXPECTED_WORDS))
        && !has_word(&h, AGAINST_RESULT)
        || has_word(&h, ENCODER_SETTING_WORDS)
}

/// Header words of what an encoder was set to spend or the quality it kept ("Bitrate (kb/s)",
/// "BD-rate vs x264"): neither a speed nor a result to set beside one.
const ENCODER_SETTING_WORDS: &[&str] = &["bitrate", "bitrates", "bd-rate", "bd-br", "bd-psnr"];

/// Header words of a column of values foreseen, not measured: "Expected busbw", "Projected".
const EXPECTED_WORDS: &[&str] = &["expected", "projected", "predicted", "estimated", "est."];

/// Header words that set a plan against a result ("Achieved / expected", "Measured vs
/// target"): such a column holds results.
const AGAINST_RESULT: &[&str] = &["achieved", "measured", "actual", "observed", "vs", "vs."];

/// Whether a header names the state of a run before or after a change ("Before", "After",
/// "Old", "New", "Optimized").
fn is_before_after(header: &str) -> bool {
    // the word alone or leading the set-up it names ("Before (hosted, no cache)", "After,
    // warm (c6i.2xlarge)")
    let h = header.trim().trim_matches(['*', '_']).to_ascii_lowercase();
    let first = h
        .split(|c: char| !c.is_ascii_alphanumeric())
        .next()
        .unwrap_or("");
    matches!(
        first,
        "before" | "after" | "old" | "new" | "optimized" | "optimised" | "unoptimized"
    ) && h[first.len()..]
        .chars()
        .next()
        .is_none_or(|c| matches!(c, ' ' | ',' | '(' | ':' | '-' | '/'))
}

/// Whether a column holds the power a run drew ("Power (W)", "Gaming power (W)", "Avg. draw
/// (watts)"), not a limit or a rating ("TDP (W)", "Power limit (W)").
fn is_power_header(header: &str) -> bool {
    let h = header.to_ascii_lowercase();
    // ("Power (32B tg)" over "62 W": the cells carry the unit)
    let named = has_word(&h, &["power", "draw", "watts"]);
    named && !has_word(&h, POWER_LIMIT_WORDS) && !has_word(&h, &["max.", "idle"])
}

/// Whether a table's header is that of a list of settings or items and their values
/// ("Setting | Value", "Item | Value", "Parameter | Default"): what a run was set up with.
fn lists_settings(header: &[String]) -> bool {
    let name = |k: usize| {
        header
            .get(k)
            .map(|h| h.trim().trim_matches(['*', '_']).to_ascii_lowercase())
            .unwrap_or_default()
    };
    let first = name(0);
    (SETTINGS_HEADERS.contains(&first.as_str())
        || matches!(first.as_str(), "item" | "component" | "property"))
        && header.len() == 2
        && matches!(
            name(1).as_str(),
            "value" | "values" | "default" | "setting" | "details" | "spec"
        )
}

impl TableCells {
    /// Reads every table's header and the heading or note directly above it (only blank
    /// space between): one pass over the blocks, none when the document has no table.
    pub fn new(doc: &Document, source: &str, policy: &PerfPolicy) -> TableCells {
        let n = doc.tables.len();
        let mut header_row = vec![None; n];
        let mut columns = vec![Vec::new(); n];
        let mut row_kinds = vec![false; n];
        let mut before_after = vec![false; n];
        let mut timed = vec![false; n];
        let mut changes = vec![Vec::new(); n];
        let plans: Vec<Vec<bool>> = doc
            .tables
            .iter()
            .map(|t| t.header.iter().map(|h| is_plan_header(h)).collect())
            .collect();
        let settings = doc
            .tables
            .iter()
            .map(|t| lists_settings(&t.header))
            .collect();
        if n == 0 {
            return TableCells {
                columns,
                header_row,
                row_kinds,
                settings,
                before_after,
                plans,
                timed,
                changes,
            };
        }
        for (i, b) in doc.blocks.iter().enumerate() {
            if b.kind != BlockKind::TableRow {
                continue;
            }
            let Some(t) = table_at(doc, b.span.start) else {
                continue;
            };
            if header_row[t].is_some() {
                if !row_kinds[t] {
                    row_kinds[t] = row_kind(&source[b.span.clone()]).is_some();
                }
                // (not a table of settings changed: "| Parameter | Before | After |" over
                // "| probe timeout | 30 s | 5 s |")
                if !timed[t] {
                    timed[t] = timed_row(&source[b.span.clone()])
                        && !doc.tables[t].header.first().is_some_and(|h| {
                            has_word(
                                &h.to_ascii_lowercase(),
                                &[
                                    "parameter",
                                    "option",
                                    "knob",
                                    "flag",
                                    "config",
                                    "setting",
                                    "settings",
                                ],
                            )
                        });
                }
                continue;
            }
            header_row[t] = Some(i);
            let start = doc.tables[t].span.start;
            let above_at = above(doc, i, start).filter(|&p| {
                source
                    .get(doc.blocks[p].span.end..start)
                    .is_some_and(blank_gap)
            });
            let above = above_at.map(|p| &doc.blocks[p]);
            // a table of settings ("Setting | Value") holds no results
            let settings = doc.tables[t].header.first().is_some_and(|h| {
                SETTINGS_HEADERS.contains(&h.trim().trim_matches('*').to_ascii_lowercase().as_str())
            });
            let heading = above.filter(|_| !settings).and_then(|p| match p.kind {
                BlockKind::Heading => heading_kind(&p.text),
                BlockKind::Paragraph | BlockKind::Html => note_kind(&p.text, policy),
                BlockKind::Item if p.entry.is_none() => note_kind(&p.text, policy),
                _ => None,
            });
            // the heading over a note that names no kind ("### Attention forward (TFLOPS)",
            // then "Forward pass, BF16, batch 4.", then the table)
            let heading = heading.or_else(|| {
                let k = above_at
                    .filter(|&k| !settings && doc.blocks[k].kind == BlockKind::Paragraph)?;
                let p = &doc.blocks[k];
                let h = &doc.blocks[k.checked_sub(1)?];
                (h.kind == BlockKind::Heading
                    && source.get(h.span.end..p.span.start).is_some_and(blank_gap))
                .then(|| heading_kind(&h.text))
                .flatten()
            });
            // the heading's kind is not the first column's, which labels the rows; nor, when
            // the header names a column of results itself ("t/s" beside "ngl" and "size"),
            // any other column's
            let named = doc.tables[t].header.iter().skip(1).any(|h| {
                let h = h.to_ascii_lowercase();
                unit_in(&h).is_some() && column_kind(&h, None).is_some()
            });
            let heading = heading.filter(|_| !named);
            // the corner cell naming the unit of the cells it labels the rows of ("Model
            // (pp512, tokens/s) | RTX 5090 | M4 Max"): the table's own heading
            let heading = heading.or_else(|| {
                let corner = doc.tables[t].header.first()?.to_ascii_lowercase();
                let bracketed = corner.split_once('(')?.1.split_once(')')?.0;
                (!named && unit_in(bracketed).is_some())
                    .then(|| heading_kind(&corner))
                    .flatten()
            });
            // the note right below a table that only names the unit of its numbers ("Units:
            // generated tokens/s.", "Tokens/s again.", "All numbers in ms."), when nothing
            // above it does
            let heading = heading.or_else(|| {
                if settings || named {
                    return None;
                }
                let end = doc.tables[t].span.end;
                let below = doc.blocks[i..].iter().find(|b| b.span.start >= end)?;
                if below.kind != BlockKind::Paragraph
                    || !source.get(end..below.span.start).is_some_and(blank_gap)
                {
                    return None;
                }
                unit_note_below(&below.text).and_then(|first| note_kind(first, policy))
            });
            // a note that calls the table's costs prices ("list prices of hosted APIs, not
            // measurements"): its columns of cost per token are prices, not efficiencies
            let priced = above.is_some_and(|p| {
                let n = p.text.to_ascii_lowercase();
                has_word(&n, &["prices", "pricing", "price", "priced"])
                    && !has_word(&n, MEASURED_WORDS)
            });
            // (not a table of settings changed: "| Parameter | Before | After |")
            let changed = doc.tables[t].header.first().is_some_and(|h| {
                let h = h.trim().to_ascii_lowercase();
                !SETTINGS_HEADERS.contains(&h.as_str())
                    && !has_word(&h, &["parameter", "option", "knob", "flag", "config"])
            });
            columns[t] = doc.tables[t]
                .header
                .iter()
                .enumerate()
                .map(|(k, h)| {
                    // (a column of scores, "RULER-32K", "Top-1", takes no unit from the note)
                    // (nor does a column that sets the run up: "M | N | K" beside "cuBLAS";
                    // "seq 2K | seq 8K" name the set-up of their results)
                    let heading = heading.filter(|_| {
                        k > 0
                            && !super::table::is_quality_header(h)
                            && (!super::table::is_workload_header(h)
                                || h.contains(|c: char| c.is_ascii_digit()))
                    });
                    // (a release's column, "0.6.2", takes its cells' units: a row that names
                    // its kind, "| Median TPOT (ms) | 58.97 |", gives them theirs)
                    if k > 0 && heading.is_none() && is_version_header(&h.to_ascii_lowercase()) {
                        before_after[t] = true;
                    }
                    column_kind(h, heading)
                        // "| Stage | Before | After |" over "| Kernel | 3.02 s | 0.71 s |": the
                        // times of a run before and after a change, each with its unit
                        .or_else(|| {
                            (k > 0 && changed && is_before_after(h)).then(|| {
                                before_after[t] = true;
                                (ClaimKind::Latency, OWN_UNIT)
                            })
                        })
                        .filter(|(_, unit)| !(priced && *unit == "$"))
                        // "p50 TTFT" over "131" under a heading "Latency under load": the
                        // heading names the kind of the bare numbers
                        .map(|(kind, unit)| match heading {
                            Some((ClaimKind::Latency, u))
                                if kind == ClaimKind::Latency && unit == OWN_UNIT && k > 0 =>
                            {
                                (kind, u)
                            }
                            _ => (kind, unit),
                        })
                })
                .collect();
            // a table of scores ("Metric | FP32 reference | Ours | % of reference"): a share
            // of a score is no performance
            let scores = doc.tables[t].header.iter().any(|h| {
                h.trim().trim_matches('*').eq_ignore_ascii_case("metric")
                    || super::table::is_quality_header(h)
            }) && !columns[t].iter().any(|c| {
                matches!(
                    c,
                    Some((
                        ClaimKind::Rate { .. } | ClaimKind::Latency | ClaimKind::Multiplier,
                        _
                    ))
                )
            });
            if scores {
                for c in columns[t].iter_mut() {
                    if matches!(c, Some((ClaimKind::Percent, _))) {
                        *c = None;
                    }
                }
            }
            // a compressor's measured ratio beside its speeds ("Ratio" next to "Compression
            // (MB/s)"): a result, where a ratio set as a parameter is none; the power drawn
            // beside speeds ("Power (W)" next to "Decode (tok/s)"), a reading of the same run
            if columns[t]
                .iter()
                .any(|c| matches!(c, Some((ClaimKind::Rate { .. } | ClaimKind::Latency, _))))
            {
                for (k, h) in doc.tables[t].header.iter().enumerate() {
                    if k == 0 || columns[t][k].is_some() {
                        continue;
                    }
                    if is_measured_ratio_header(h) {
                        columns[t][k] = Some((ClaimKind::Multiplier, "x"));
                    } else if is_power_header(h) {
                        columns[t][k] = Some((ClaimKind::Rate { peak_unit: false }, "w"));
                    }
                }
            }
            compared_columns(
                &mut columns[t],
                &doc.tables[t].header,
                &plans[t],
                source.get(doc.tables[t].span.clone()).unwrap_or(""),
            );
            // "Δ vs before" right after "PS5 (ms)": a signed number in it is the change of the
            // column it follows, in that column's unit (a unitless change column alone holds
            // shares)
            changes[t] = (0..columns[t].len())
                .map(|k| {
                    let h = doc.tables[t].header[k].to_ascii_lowercase();
                    let prev = columns[t][k.checked_sub(1)?]?;
                    (unit_in(&h).is_none()
                        && time_unit_in(&h).is_none()
                        && has_word(&h, CHANGE_COLUMN_WORDS)
                        && matches!(prev.0, ClaimKind::Latency | ClaimKind::Rate { .. })
                        && prev.1 != OWN_UNIT)
                        .then_some(prev)
                })
                .collect();
        }
        TableCells {
            columns,
            header_row,
            row_kinds,
            settings,
            before_after,
            plans,
            timed,
            changes,
        }
    }

    /// Whether `table` lists settings and their values: its rows hold no claims.
    pub fn of_settings(&self, table: usize) -> bool {
        self.settings[table]
    }

    /// Whether any column or row of `table` holds claims.
    pub fn any(&self, table: usize) -> bool {
        self.row_kinds[table]
            || self.timed[table]
            || self.columns[table].iter().any(Option::is_some)
    }

    /// Where in a row's text (`text`, the row's source `row`) its cells under a plan's column
    /// stand ("Target (v3)", "SLO", "Expected"): no number there is a result, whatever the
    /// prose reading of the row finds ("≤ 15 ms").
    pub fn plan_spans(&self, table: usize, text: &str, row: &str) -> Vec<std::ops::Range<usize>> {
        if !self.plans[table].iter().any(|&p| p) {
            return Vec::new();
        }
        located_cells(text, row)
            .into_iter()
            .filter(|&(col, _, _)| self.plans[table].get(col).copied().unwrap_or(false))
            .map(|(_, at, cell)| at..at + cell.len())
            .collect()
    }

    /// The claims of the bare number cells of body row `block` of `table` (`text`: the
    /// block's text, `row`: its source line), without fields bound.
    pub fn claims(&self, table: usize, block: usize, text: &str, row: &str) -> Vec<Claim> {
        if self.header_row[table] == Some(block) || !self.any(table) {
            return Vec::new();
        }
        let mut out = Vec::new();
        let by_row = if self.row_kinds[table] {
            row_kind(row)
        } else {
            None
        };
        // a row of two or more times with their units under columns that name no kind
        // ("| AES-256-GCM seal | 2.72 µs | 2.79 µs | 4.40 µs |" under the libraries compared):
        // times measured side by side (one time a row is a talk's length, a schedule's slot)
        let timed_row = self.timed[table] && !self.settings[table] && timed_row(row);
        for (col, at, cell) in located_cells(text, row) {
            // a column's own kind first, else the kind the row's first cell names (which also
            // names the unit of a column that only takes its cells' own: "| decode tok/s | 22 |
            // 58 |" under "| metric | before | after |")
            let column = self.columns[table].get(col).copied().flatten();
            let plan = self.plans[table].get(col).copied().unwrap_or(false);
            let row = by_row.filter(|_| col > 0 && !plan);
            // (a signed number under a change column takes the unit of the column before it)
            let change = self.changes[table].get(col).copied().flatten().filter(|_| {
                cell.strip_prefix(['+', '-', '−'])
                    .is_some_and(|n| lone_number(n.trim_start()))
            });
            let Some((kind, unit)) = change
                .or(match column {
                    Some((_, OWN_UNIT)) if row.is_some() && self.before_after[table] => row,
                    _ => column.or(row),
                })
                .or_else(|| {
                    (timed_row && col > 0 && !plan && duration_cell(cell))
                        .then_some((ClaimKind::Latency, OWN_UNIT))
                })
            else {
                continue;
            };
            let (kind, unit) = (&kind, unit);
            let number = cell.trim_end_matches(['¹', '²', '³', '*', '†', ' ']);
            // "< 1 min", "~12 s": a bound or an approximation before the value (its span is
            // the value's)
            let (at, number) = match number.strip_prefix(['<', '~', '≈', '≤']) {
                Some(n) => {
                    let n = n.trim_start();
                    (at + (number.len() - n.len()), n)
                }
                None => (at, number),
            };
            // a number alone, also with a decimal comma ("41,3") or thousands grouped by spaces
            // ("3 412", as Russian and French print them)
            let bare = |v: &str| lone_number(v) || space_grouped(v);
            // "1.08M" under "Tokens/s (cluster)": a rate in thousands or millions
            let scaled = matches!(kind, ClaimKind::Rate { .. })
                && number
                    .strip_suffix(['k', 'K', 'M'])
                    .is_some_and(|n| bare(n) && n.contains(|c: char| c.is_ascii_digit()));
            // "4512.31 ± 21.40": a result and its spread (llama-bench prints them so)
            let number = number
                .split_once('±')
                .filter(|(_, spread)| bare(spread.trim()))
                .map_or(number, |(n, _)| n.trim_end());
            // "9,650 (45.5%)", "1,204 (1.3×)": a result with its share or ratio in brackets
            // (MFU beside tokens/s, a speed-up beside a time), each a result
            let (number, aside) = match number
                .strip_suffix(')')
                .and_then(|n| n.rsplit_once(" ("))
                .and_then(|(n, a)| Some((n.trim_end(), a, bracketed_kind(a, bare)?)))
            {
                Some((n, a, k)) if bare(n) => {
                    let a_at = at + number.len() - 1 - a.len();
                    (n, Some(claim_at(text, a_at..a_at + a.len(), k.0, k.1)))
                }
                _ => (number, None),
            };
            let before = out.len();
            // a share written with its sign under a share's header ("86.9%" under "Efficiency")
            // ("111%" under "Perf/W vs RTX 4090": a ratio written as a share)
            // ("100%" under "Parallel efficiency vs. 64 nodes": the reference row, as "1.00x")
            let share = matches!(kind, ClaimKind::Percent | ClaimKind::Multiplier)
                && number.strip_suffix('%').is_some_and(|n| {
                    bare(n.trim_end().trim_start_matches(['+', '-', '−']))
                        && n.trim_end().replace(',', ".").parse::<f64>() != Ok(100.0)
                });
            // a time with its unit under a column of times ("118 ms" under "TTFT p50")
            let timed = (*kind == ClaimKind::Latency)
                .then(|| {
                    let (n, u) = number.split_at(number_at(number.as_bytes(), 0)?);
                    let u = u.trim_start();
                    // ("2 min 50 s": a duration in two units, named by the first)
                    // ("2m 50s", "1h 20m": compactly)
                    // (the last character split off whole: a cell may end in "µ")
                    let compact = |a: &str, b: &str| {
                        let Some(small) = b.chars().next_back() else {
                            return false;
                        };
                        let m = &b[..b.len() - small.len_utf8()];
                        matches!((a, small), ("h", 'm') | ("m", 's')) && bare(m)
                    };
                    // ("2m52s", "1h05m": the two units glued, as Go and many tools print)
                    let glued = |a: &str| {
                        a.len() >= 3 && a.is_char_boundary(1) && compact(&a[..1], &a[1..])
                    };
                    let first = match u.split_whitespace().collect::<Vec<_>>()[..] {
                        [a] if glued(a) => {
                            if a.starts_with('h') {
                                "hours"
                            } else {
                                "min"
                            }
                        }
                        // "8h35": hours and two digits of minutes
                        [a] if a.len() == 3
                            && a.starts_with('h')
                            && a[1..].bytes().all(|b| b.is_ascii_digit()) =>
                        {
                            "hours"
                        }
                        [a, m, b] if bare(m) && TIME_UNITS.contains(&b) => a,
                        [a, b] if compact(a, b) => {
                            if a == "h" {
                                "hours"
                            } else {
                                "min"
                            }
                        }
                        _ => u,
                    };
                    (!n.is_empty() && TIME_UNITS.contains(&first)).then_some(first)
                })
                .flatten();
            // a share or an amount of memory under a column of savings ("68%", "54.9 GB")
            let saved = (*kind == ClaimKind::Saving)
                .then(|| {
                    let (n, u) = number.split_at(number_at(number.as_bytes(), 0)?);
                    let u = u.trim_start();
                    if n.is_empty() {
                        None
                    } else if u == "%" {
                        Some((ClaimKind::Percent, "%"))
                    } else {
                        MEMORY_UNITS
                            .iter()
                            .find(|m| m.eq_ignore_ascii_case(u))
                            .map(|m| (ClaimKind::Saving, *m))
                    }
                })
                .flatten();
            if let Some(u) = timed {
                out.push(claim_at(text, at..at + number.len(), *kind, u));
            } else if let Some((k, u)) = saved {
                out.push(claim_at(text, at..at + number.len(), k, u));
            } else if scaled
                // "62 W" under a column of power drawn
                || (unit == "w"
                    && number
                        .strip_suffix(['W', 'w'])
                        .is_some_and(|n| bare(n.trim_end())))
            {
                out.push(claim_at(text, at..at + number.len(), *kind, unit));
            } else if share {
                out.push(claim_at(
                    text,
                    at..at + number.len(),
                    ClaimKind::Percent,
                    "%",
                ));
            } else if unit == "h:m:s" && {
                let parts: Vec<&str> = number.split(':').collect();
                (2..=3).contains(&parts.len())
                    && parts
                        .iter()
                        .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
                    && parts[1..].iter().all(|p| p.len() == 2)
            } {
                // "41:00" under "Epoch time (mm:ss)"
                out.push(claim_at(text, at..at + number.len(), *kind, unit));
            } else if (bare(number) && unit != OWN_UNIT)
                // "+0.09" under "Δ (ms)": a change with its sign, in the column's unit
                || (unit != OWN_UNIT
                    && *kind != ClaimKind::Percent
                    && number.starts_with(['+', '-', '−'])
                    && bare(number.trim_start_matches(['+', '-', '−'])))
                // "1.28배", "1.6倍" under a column of ratios, and "×1.30" (the sign first)
                || (*kind == ClaimKind::Multiplier
                    && (number
                        .strip_suffix(['배', '倍'])
                        .is_some_and(|n| bare(n.trim_end()))
                        || number
                            .strip_prefix('×')
                            .is_some_and(|n| bare(n.trim_start()))))
            {
                out.push(claim_at(text, at..at + number.len(), *kind, unit));
            } else if number.strip_suffix('%').is_some_and(|n| {
                // "+9%" under "t/s change vs b4100": a signed change of a column's results
                let n = n.trim_end();
                n.starts_with(['+', '-', '−']) && bare(n.trim_start_matches(['+', '-', '−']))
            }) {
                out.push(claim_at(
                    text,
                    at..at + number.len(),
                    ClaimKind::Percent,
                    "%",
                ));
            }
            // (the bracketed value is a result only beside one)
            if out.len() > before {
                out.extend(aside);
            }
        }
        out
    }
}

/// The kind the first cell of a body row names for the row's numbers, as a header would
/// ("Aggregate FPS", "p95 latency (ms)", "Speedup"): a transposed table.
/// A row's cells that hold anything (emphasis trimmed), each with its column and where it stands
/// in the row's text `text` (found in order; a cell the text does not show is left out).
fn located_cells<'r>(text: &str, row: &'r str) -> Vec<(usize, usize, &'r str)> {
    let mut out = Vec::new();
    let mut cursor = 0;
    for (col, (_, cell)) in split_cells(row).into_iter().enumerate() {
        let cell = cell.trim().trim_matches(['*', '_', ' ']);
        if cell.is_empty() {
            continue;
        }
        let Some(at) = find_word(text, cursor, cell) else {
            continue;
        };
        cursor = at + cell.len();
        out.push((col, at, cell));
    }
    out
}

/// The kind of a share or a ratio written in brackets after a cell's result ("45.5%", "1.3×",
/// "+12%").
fn bracketed_kind(a: &str, bare: impl Fn(&str) -> bool) -> Option<(ClaimKind, &'static str)> {
    let a = a.trim();
    let unsigned = |n: &str| bare(n.trim_end().trim_start_matches(['+', '-', '−']));
    if a.strip_suffix('%').is_some_and(unsigned) {
        Some((ClaimKind::Percent, "%"))
    } else if a.strip_suffix(['x', '×']).is_some_and(unsigned) {
        Some((ClaimKind::Multiplier, "x"))
    } else {
        None
    }
}

/// Whether a table row holds two or more times with their units after its first cell.
fn timed_row(row: &str) -> bool {
    split_cells(row)
        .iter()
        .skip(1)
        .filter(|(_, c)| duration_cell(c.trim().trim_matches(['*', '_', ' '])))
        .count()
        >= 2
}

/// Whether a cell is a time with its unit and nothing else ("2.72 µs", "71.4 s", "12 ms").
fn duration_cell(cell: &str) -> bool {
    let Some(end) = number_at(cell.as_bytes(), 0) else {
        return false;
    };
    matches!(
        cell[end..].trim_start(),
        "ns" | "µs" | "μs" | "us" | "ms" | "s" | "sec" | "min"
    ) && end > 0
}

fn row_kind(row: &str) -> CellKind {
    let cells = split_cells(row);
    let label = |k: usize| {
        let c = cells.get(k)?.1.trim().trim_matches(['*', '_', ' ']);
        (!c.is_empty() && !c.starts_with(|c: char| c.is_ascii_digit())).then_some(c)
    };
    let first = label(0)?;
    // (or the second, after the task the row is of: "| SDXL | Offline (samples/s) | 13.8 |")
    label_kind(first).or_else(|| {
        label(1)
            .filter(|c| {
                !c.contains(|c: char| c.is_ascii_digit())
                    && unit_in(&c.to_ascii_lowercase()).is_some()
            })
            .and_then(label_kind)
    })
}

/// The kind a row's label names for its numbers.
fn label_kind(first: &str) -> CellKind {
    // a device or a pair of names ("AWS Trainium2 / Ultra") labels the row: no ratio
    let kind = column_kind(first, None);
    let pair = first.contains(" / ") || first.to_ascii_lowercase().contains(" vs");
    let speedup = first.to_ascii_lowercase().contains("speed");
    if pair && !speedup && kind == Some((ClaimKind::Multiplier, "x")) {
        return None;
    }
    // "| GC throughput | 97.2% | 95.8% |", "| Cache hit rate | 88% | 31% |": shares a row of
    // results names, its cells written with their "%"
    kind.or_else(|| {
        let l = first.to_ascii_lowercase();
        (has_word(
            &l,
            &[
                "throughput",
                "occupancy",
                "utilization",
                "utilisation",
                "efficiency",
            ],
        ) || l.contains("hit rate")
            || l.contains("hit ratio"))
        .then_some((ClaimKind::Percent, OWN_UNIT))
    })
}

/// Where `needle` stands in `text` at or after `from` as a whole word (no letter, digit or
/// `.` either side).
fn find_word(text: &str, from: usize, needle: &str) -> Option<usize> {
    let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '.');
    text.get(from..)?
        .match_indices(needle)
        .map(|(at, _)| from + at)
        .find(|&at| {
            !word(text[..at].chars().next_back()) && !word(text[at + needle.len()..].chars().next())
        })
}

/// Whether `v` is a whole number with its thousands grouped by spaces ("3 412", "1 450 000",
/// also with a no-break or narrow no-break space), and an optional decimal part after a comma.
fn space_grouped(v: &str) -> bool {
    let (int, frac) = v.split_once(',').unwrap_or((v, ""));
    let mut groups = int.split([' ', '\u{a0}', '\u{202f}']);
    let digits = |g: &str| !g.is_empty() && g.bytes().all(|c| c.is_ascii_digit());
    groups.next().is_some_and(|g| digits(g) && g.len() <= 3)
        && {
            let rest: Vec<&str> = groups.collect();
            !rest.is_empty() && rest.iter().all(|g| digits(g) && g.len() == 3)
        }
        && (frac.is_empty() || digits(frac))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_take_their_kind_from_header_and_heading() {
        let speed = heading_kind("Speedup of BERT inference");
        assert_eq!(
            column_kind("Throughput (tokens/s)", None),
            Some((ClaimKind::Rate { peak_unit: false }, "tokens/s"))
        );
        assert_eq!(
            column_kind("TFLOPS/GPU", None),
            Some((ClaimKind::Rate { peak_unit: true }, "tflops"))
        );
        assert_eq!(
            column_kind("Latency (ms)", None),
            Some((ClaimKind::Latency, "ms"))
        );
        assert_eq!(column_kind("Spec TFLOPS", None), None);
        assert_eq!(column_kind("Timeout (s)", None), None);
        assert_eq!(column_kind("Rate limit (req/s)", None), None);
        assert_eq!(column_kind("Warmup (s)", speed), None);
        assert_eq!(column_kind("Peak Bandwidth (TBps)", None), None);
        assert_eq!(column_kind("Batch Size", speed), None);
        assert_eq!(column_kind("Memory (GB)", speed), None);
        assert_eq!(column_kind("Ours fp16", speed), speed);
        assert_eq!(column_kind("Ours fp16", None), None);
        // what a column is compared with is not its setting
        assert_eq!(
            column_kind("Speedup vs 64 nodes", None),
            Some((ClaimKind::Multiplier, "x"))
        );
        assert_eq!(
            column_kind("Simulated days per day", None),
            Some((ClaimKind::Rate { peak_unit: false }, "/day"))
        );
    }

    #[test]
    fn cells_are_found_in_order() {
        let text = " 1 128 9.96 10.85 ";
        assert_eq!(find_word(text, 0, "1"), Some(1));
        assert_eq!(find_word(text, 2, "128"), Some(3));
        assert_eq!(find_word(text, 6, "10.85"), Some(12));
        assert_eq!(find_word(text, 0, "8"), None);
    }
}
