//! The fixed words of claim detection: speed words, directions, units and the like. (The
//! five fields' vocabularies are policy, in `[perf]`.)

pub(super) const SPEED_WORDS: &[&str] = &[
    "faster",
    "slower",
    "quicker",
    "speedup",
    "speedups",
    "speed-up",
    "speed-ups",
    "slowdown",
    "acceleration",
    "accelerated",
    "accelerates",
    "sped",
    "boost",
    "boosts",
    "gain",
    "gains",
    "improvement",
    "improvements",
    "improved",
    "cheaper",
    "sooner",
    "earlier",
];
pub(super) const DIRECTION_STEMS: &[&str] = &[
    "lower", "higher", "less", "more", "fewer", "reduc", "improv", "increas", "decreas", "cut",
    "gain", "boost", "grow", "drop", "better", "worse", "sav", "shrink", "halv", "doubl", "free",
    "longer", "shorter", "rais", "rise", "rises", "cheaper", "trim", "fall", "lift", "fell",
    "rose", "climb", "jump", "slash", "tripl", "cost", "adds", "added", "regress", "slip",
];
/// Words of a sentence about the load a system is given ("requests are sent at 10 req/s by a
/// Poisson process"), which make a request rate after "at" a setting.
pub(super) const LOAD_WORDS: &[&str] = &[
    "poisson",
    "sent",
    "send",
    "sending",
    "issued",
    "offered",
    "load",
    "arrive",
    "arriving",
    "concurrency",
    "concurrent",
];
pub(super) const PERF_NOUNS: &[&str] = &[
    // hyphenated as one word: "cut time-to-first-token by 58%"
    "time-to-first-token",
    "time-to-first-byte",
    "time-to-train",
    "time-to-solution",
    "latency",
    "latencies",
    "throughput",
    // in German: "der Durchsatz", "die Bandbreite"
    "durchsatz",
    "bandbreite",
    // "its overhead stayed below 2%"
    "overhead",
    // maximum achievable matmul FLOPS
    "mamf",
    "bandwidth",
    "time",
    "runtime",
    "cost",
    "costs",
    "memory",
    "energy",
    "power",
    "utilization",
    "utilisation",
    "performance",
    "speed",
    "flops",
    "ttft",
    "tpot",
    "itl",
    "p50",
    "p90",
    "p95",
    "p99",
    "p99.9",
    "p999",
    "tail",
    "goodput",
    "overhead",
    "cycles",
    // collective benchmarks' bus and algorithm bandwidth
    "busbw",
    "algbw",
    "footprint",
    "tokens/s",
    "qps",
    "iops",
    "volume",
    "resources",
    "sequences",
    "spend",
    "rate",
    "sequence",
    "context",
    "length",
    "hours",
    "gpu-hours",
    // how long an app takes to start: "cut startup by 18%"
    "startup",
    "start-up",
    "cold-start",
    // frames that miss their deadline: "janky frames dropped from 11.3% to 4.9%"
    "jank",
    "janky",
    "stutter",
    "stutters",
    "hitches",
];
/// The phases of a model's run that a signed or directed share can be of: "+40% token
/// generation", "trims 18% from each decode step" (not performance nouns elsewhere: "decoding
/// over long prompts" compares nothing).
pub(super) const PHASE_NOUNS: &[&str] = &["generation", "decode", "decoding", "prefill"];
/// Directions written as whole words ("throughput goes up 27%").
pub(super) const DIRECTION_WORDS: &[&str] = &["up", "down"];
/// Words that make "within N%" a statement about quality, not speed ("within 1% of FP8
/// accuracy").
pub(super) const QUALITY_WORDS: &[&str] = &[
    "accuracy",
    // "recall falls to 71%"
    "recall",
    // "within 0.8% RMSE of the BF16 output"
    "rmse",
    "mse",
    "loss",
    "perplexity",
    "ppl",
    "bleu",
    "quality",
    "score",
    "scores",
    "error",
    "f1",
    "wer",
    "map",
    "top-1",
    "top-5",
    "eval",
    "evaluation",
    // a video encoder's quality: "−27.5% BD-rate against x264", "VMAF 95"
    "bd-rate",
    "bd-psnr",
    "vmaf",
    "psnr",
    "ssim",
];
/// Words of a sentence about a model's score rather than its speed ("Pass@1 rises to 67% on
/// HumanEval, a 12% improvement").
/// Benchmarks that report a performance score, higher is faster ("| Geekbench 6 multi-core |",
/// "Procyon AI Text Gen", "3DMark Time Spy"): their columns hold results, not quality.
pub(super) const SCORED_BENCHMARKS: &[&str] = &[
    "geekbench",
    "cinebench",
    "procyon",
    "3dmark",
    "pcmark",
    "passmark",
    "antutu",
    "speedometer",
    "jetstream",
    "octanebench",
    "crossmark",
    "sysmark",
    // SPEC CPU's scores ("SPECrate2017_int_base", "SPECint", "SPEC CPU 2017 rate")
    "specrate",
    "specspeed",
    "specint",
    "specfp",
    "coremark",
];

pub(super) const SCORE_WORDS: &[&str] = &[
    "accuracy",
    "perplexity",
    "ppl",
    "bleu",
    "rouge",
    "score",
    "scores",
    "f1",
    "wer",
    "top-1",
    "top-5",
    "mmlu",
    "humaneval",
    // a competition's validation and leaderboard scores ("CV AUC", "LB")
    "auc",
    "gsm8k",
    // image quality against a reference ("LPIPS vs no caching", "FID")
    "lpips",
    "fid",
    "psnr",
    "ssim",
    "cer",
];
pub(super) const UTILIZATION_WORDS: &[&str] = &[
    // in French: "l'efficacité de passage à l'échelle", "le taux d'utilisation"
    "efficacité",
    // in German, Spanish and Portuguese: "Parallele Effizienz", "GPU-Auslastung", "eficiencia"
    "effizienz",
    "auslastung",
    "eficiencia",
    "eficiência",
    "mfu",
    // nvbench's column of achieved bandwidth against peak
    "bwutil",
    "hfu",
    "utilization",
    "utilisation",
    // abbreviated: "GPU util", "SM util"
    "util",
    "efficiency",
    // a column abbreviated: "Scaling eff. vs 256 GPUs"
    "eff",
    "peak",
    "roofline",
    "sol",
    "spec",
    // "achieved occupancy is 62%", "stall 0.4%" (time a loader keeps the GPUs waiting)
    "occupancy",
    "stall",
    "stalls",
    // "goodput (useful training time over wall time) was 93%"
    "goodput",
];
pub(super) const LATENCY_CUES: &[&str] = &[
    "time",
    // a training log's "elapsed 24m01s"
    "elapsed",
    "p50",
    "p90",
    "p95",
    "p99",
    "p99.9",
    "p999",
    "latency",
    "latencies",
    "percentile",
    "ttft",
    "tpot",
    "itl",
    // a web page's timings: time to first byte, largest and first contentful paint, interaction
    // to next paint, total blocking time ("LCP 2,640 ms", "TTFB fell to 410 ms")
    "ttfb",
    "lcp",
    "fcp",
    "inp",
    "tbt",
    "tail",
    "runtime",
    "wall-clock",
    "takes",
    "took",
    // a device's time to start: "power-on to UI was 2.9 s", "boots in 1.9 s"
    "boot",
    "boots",
    "power-on",
    "completes",
    "finishes",
    "end-to-end",
    "e2e",
    "overhead",
    // "the training stall is now 14 seconds"
    "stall",
    "stalls",
    // "our median over the last 40 failures was 6 min 20 s"
    "median",
    // "81k QPS, avg 0.79 ms", "mean 4.2 ms"
    "avg",
    "mean",
    "average",
    // in Spanish and Portuguese: "el tiempo por época", "uma época levava 4h40", "a latência"
    "tiempo",
    "tempo",
    "latencia",
    "latência",
    "levava",
    "leva",
    "levar",
    "tardaba",
    "tarda",
    "duração",
    "duración",
    // in German and French: "die p99-Latenz", "la latence", "Laufzeit", "la durée"
    "latenz",
    "laufzeit",
    "latence",
    "durée",
];
/// Rate units, longest first; `true` for compute and bandwidth rates (vendor peak material).
pub(super) const RATE_UNITS: &[(&str, bool)] = &[
    // energy per unit of work, an efficiency: "0.34 J per output token"
    // how fast a simulation runs against the wall clock: "212 simulated days per day", "1.4 SYPD"
    ("simulated days per day", false),
    ("simulated years per day", false),
    ("sdpd", false),
    ("sypd", false),
    // molecular dynamics: simulated nanoseconds per day of wall clock ("587.3 ns/day")
    ("ns per day", false),
    ("ns/day", false),
    ("µs/day", false),
    ("us/day", false),
    // hash rates and hashes per watt ("98.4 MH/s", "445 kH/W", "0.55 MH/W")
    ("ksol/s", false),
    ("sol/s", false),
    ("kh/s", false),
    ("mh/s", false),
    ("gh/s", false),
    ("th/s", false),
    ("kh/w", false),
    ("mh/w", false),
    ("kh/j", false),
    ("mh/j", false),
    ("h/s", false),
    // graph traversal: traversed edges per second (Graph500: "410 GTEPS")
    ("gteps", false),
    ("mteps", false),
    // the cost of a byte or a packet in clock cycles, as crypto, hashing and packet-processing
    // benchmarks report it ("0.47 cycles/byte", "1.9 cpb", "38 cycles/packet")
    ("cycles per byte", false),
    ("cycles/byte", false),
    ("cycles/packet", false),
    ("cycles per packet", false),
    ("cpb", false),
    // (and of a tuple, a row, an element or an iteration, as databases and kernels report it:
    // "213.6 cycles/tuple", "61 cycles per tuple")
    ("cycles per tuple", false),
    ("cycles/tuple", false),
    ("cycles per row", false),
    ("cycles/row", false),
    ("cycles per element", false),
    ("cycles/element", false),
    ("cycles per iteration", false),
    ("cycles/iteration", false),
    ("cycles/iter", false),
    // the energy a run used ("137,800 kWh", "1.2 MWh")
    ("kwh", false),
    ("mwh", false),
    ("gwh", false),
    // packet rates and packets per watt ("98.4 Mpps", "0.58 Mpps/W", "640 kpps")
    ("mpps/w", false),
    ("mpps", false),
    ("kpps", false),
    ("gpps", false),
    ("joules per output token", false),
    ("joules per token", false),
    ("j per output token", false),
    ("j per token", false),
    ("j/token", false),
    ("mj/token", false),
    ("mj per token", false),
    ("tokens per joule", false),
    ("tokens/j", false),
    // "roughly 20 frames per joule"
    ("frames per joule", false),
    ("frames/j", false),
    ("images per joule", false),
    ("inferences per joule", false),
    // what a run yields per unit of money, an efficiency measured like tokens per joule:
    // "9.58M tokens per $", a header's "Images per $ (spot)", "tokens per dollar"
    ("tokens per dollar", false),
    ("images per dollar", false),
    ("tokens per $", false),
    ("images per $", false),
    ("tokens / $", false),
    ("images / $", false),
    ("tokens/$", false),
    ("images/$", false),
    ("tok/$", false),
    ("img/$", false),
    // lattice updates per second, the rate lattice-Boltzmann and stencil codes report:
    // "9,850 MLUPS", "2.1 GLUP/s"
    ("mlup/s", false),
    ("glup/s", false),
    ("mlups", false),
    ("glups", false),
    ("mflups", false),
    ("tokens per second", false),
    // mlx_lm's "Generation: 256 tokens, 97.518 tokens-per-sec"
    ("tokens-per-sec", false),
    ("tokens-per-second", false),
    // in Russian ("118,6 ток/с", "токенов в секунду", "ГБ/с"), Indonesian ("52 token/detik")
    // and Vietnamese ("token/giây")
    ("токенов в секунду", false),
    ("токенов/с", false),
    ("ток/с", false),
    ("гб/с", true),
    ("ГБ/с", true),
    ("token per detik", false),
    ("tokens/detik", false),
    ("token/detik", false),
    ("token/giây", false),
    ("queries per second", false),
    ("frames per second", false),
    ("requests per second", false),
    ("tokens/second", false),
    ("tokens/sec", false),
    ("tflop/s", true),
    ("gflop/s", true),
    ("pflop/s", true),
    ("eflop/s", true),
    ("tflops", true),
    ("gflops", true),
    ("pflops", true),
    ("eflops", true),
    ("flop/s", true),
    ("tokens/s", false),
    ("frames/s", false),
    ("queries/s", false),
    ("requests/min", false),
    ("req/min", false),
    ("images/min", false),
    ("tokens/min", false),
    ("samples/min", false),
    ("seq/s", false),
    ("sequences/s", false),
    ("samples/sec", false),
    ("samples/s", false),
    ("samp/s", false),
    ("requests/s", false),
    ("images/s", false),
    ("gbit/s", true),
    ("tib/s", true),
    ("gib/s", true),
    ("gb/sec", true),
    ("tb/s", true),
    ("gb/s", true),
    ("mb/s", true),
    ("kb/s", true),
    // an accelerator's operations per second ("3,836 GOPS")
    ("gops", true),
    ("gbps", true),
    ("tbps", true),
    ("tops", true),
    ("tok/s", false),
    ("req/s", false),
    ("img/s", false),
    // IO500's metadata rates ("402.118 kIOPS"), and a million I/Os per second
    ("kiops", false),
    ("miops", false),
    ("iops", false),
    ("qps", false),
    ("tps", false),
    // TPC-C's new-order transactions per minute, TPC-H's composite queries per hour
    ("tpmc", false),
    ("qphh", false),
    // HammerDB's new orders per minute ("1.21M NOPM"), transactions per minute
    ("nopm", false),
    ("tpm", false),
    // speech: the inverse real-time factor ("58 RTFx", "RTFx 160.9")
    ("rtfx", false),
    ("rtf", false),
    ("batches/s", false),
    ("steps/s", false),
    ("rps", false),
    ("it/s", false),
    ("fps", false),
    ("t/s", false),
    // a count per second with no name, as load generators print it ("40019.1/s")
    ("/s", false),
    // energy efficiency: "4.1 tokens/J", a header's "Tokens per joule"
    ("tokens per joule", false),
    ("tokens/joule", false),
    ("tokens/j", false),
    ("tok/j", false),
];
pub(super) const TIME_UNITS: &[&str] = &[
    // compute spent: "in about 4 GPU hours"
    "gpu hours",
    "gpu-hours",
    "gpu days",
    "gpu-days",
    "node hours",
    "node-hours",
    "days",
    // in Spanish, Portuguese, French and German: "de 14 horas para 9 horas", "31 horas"
    "horas",
    "minutos",
    "segundos",
    "heures",
    "stunden",
    "minuten",
    "sekunden",
    "minutes",
    "minute",
    "hours",
    "hour",
    "mins",
    "min",
    "hrs",
    "milliseconds",
    "microseconds",
    "nanoseconds",
    "seconds",
    "second",
    "millisecond",
    "microsecond",
    "nanosecond",
    "msec",
    "secs",
    "sec",
    "ms",
    "µs",
    "μs",
    "us",
    "ns",
    "hr",
    "h",
    "s",
];
pub(super) const NUMBER_WORDS: &[&str] = &[
    "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "hundred", "thousand",
];
pub(super) const COMPARATIVES: &[&str] = &[
    "faster", "slower", "higher", "lower", "more", "less", "better", "quicker", "smaller",
    "larger", "cheaper", "sooner", "earlier",
];
pub(super) const COUNT_NOUNS: &[&str] = &[
    "gpu",
    "gpus",
    "node",
    "nodes",
    "chip",
    "chips",
    "card",
    "cards",
    "core",
    "cores",
    "device",
    "devices",
    "machine",
    "machines",
    "server",
    "servers",
    "accelerator",
    "accelerators",
    "socket",
    "sockets",
    "tray",
    "trays",
    "rack",
    "racks",
    "die",
    "dies",
    "board",
    "boards",
    "lane",
    "lanes",
    "link",
    "links",
    "port",
    "ports",
    "slot",
    "slots",
    "cpu",
    "cpus",
    "instance",
    "instances",
    "thread",
    "threads",
    "block",
    "blocks",
    "module",
    "modules",
    "package",
    "packages",
    "superchip",
    "superchips",
];
/// Work an algorithm does, which a ratio counts rather than measures ("3x fewer operations").
pub(super) const WORK_NOUNS: &[&str] = &[
    "operations",
    "ops",
    "matmul",
    "matmuls",
    "gemms",
    "multiplications",
    "multiply-adds",
    "macs",
    "computations",
    "instructions",
];
/// Parameters of a run or a model that a multiplier sets rather than measures ("4x gradient
/// accumulation", "2x the batch size", "4x the hidden size").
pub(super) const CONFIG_NOUNS: &[&str] = &[
    // what a design sets or a part holds: "1.76x the capacity of the A100", "a 1.4x storage
    // overhead", "8x depthwise-conv subsampling"
    "capacity",
    "storage",
    "subsampling",
    "downsampling",
    "upsampling",
    "gradient",
    "accumulation",
    "parallelism",
    "data-parallel",
    "tensor-parallel",
    "pipeline-parallel",
    "hidden",
    "vocabulary",
    "vocab",
    "batch",
    "micro-batch",
    "microbatch",
    "learning",
    "lr",
    "warmup",
    "heads",
    "layers",
    "experts",
];
/// What "N GFLOPs per …" counts work per, not per time ("14 GFLOPs per token").
pub(super) const PER_ITEM: &[&str] = &[
    // IPython's %timeit: "41.3 s ± 1.22 s per loop"
    "loop",
    // in Italian, Spanish and Portuguese: "25 ms per immagine", "por imagen", "por passo"
    "immagine",
    "imagen",
    "imagem",
    "passo",
    "paso",
    "token",
    "tokens",
    "sample",
    "samples",
    "image",
    "images",
    "step",
    "iteration",
    "forward",
    "backward",
    "parameter",
    "layer",
    "query",
    "request",
    "sequence",
    "batch",
    "example",
    "call",
    "kernel",
    "launch",
    "frame",
    "utterance",
    "checkpoint",
    "epoch",
    // "5.6 ms per window", "3 minutes per fold", "per chunk", "per clip"
    "window",
    "fold",
    "chunk",
    "clip",
    "file",
    "page",
    "document",
    // "443 ms per multiply", "per GEMM", "per op", "per lookup"
    "multiply",
    "matmul",
    "gemm",
    "op",
    "operation",
    "lookup",
    "invocation",
    // "14.8 ms/tile", "91 µJ per inference", "2 ms per patch"
    "tile",
    "patch",
    "inference",
    "crop",
    "pass",
];
/// Words between a count and the device it counts ("2x NVIDIA GeForce RTX 3090").
pub(super) const VENDOR_WORDS: &[&str] = &[
    "nvidia", "geforce", "amd", "intel", "google", "apple", "aws", "tesla", "quadro", "rtx",
    "radeon", "instinct", "cloud", "ascend", "huawei", // "32x TPU v5e"
    "tpu",
];
/// Words after a device that make "N× <device>" a comparison ("1.5x H100 throughput").
pub(super) const COMPARED_NOUNS: &[&str] = &[
    "throughput",
    "performance",
    "speed",
    "rate",
    "bandwidth",
    "perf",
    "tokens/s",
];
/// Words before a multiplier or percentage that quantify it rather than compare: masked
/// before fields are looked for ("over 40%" is not a baseline).
pub(super) const QUANTIFIERS: &[&str] = &[
    "more than",
    "less than",
    "fewer than",
    "greater than",
    "higher than",
    "better than",
    "as much as",
    "as many as",
    "as high as",
    "as low as",
    "as fast as",
    "over",
    "up to",
    "at least",
];
/// Words that say a power figure is a limit, a rating or a mode rather than what a run drew
/// ("power-limited to 280 W", "a 450 W TDP", "in 15 W mode").
pub(super) const POWER_LIMIT_WORDS: &[&str] = &[
    "limit", "cap", "tdp", "tgp", "rated", "budget", "mode", "max", "maximum", "psu", "spec",
];
/// Words that make a value approximate ("from roughly 1,100 to about 2,600 tokens/s"): they may
/// stand between "from" or "to" and the value.
pub(super) const APPROXIMATIONS: &[&str] = &[
    "about",
    "roughly",
    "around",
    "approximately",
    "nearly",
    "almost",
];
/// Hedges that may stand between a cue and its number ("takes around 1.5 hours").
pub(super) const HEDGES: &[&str] = &[
    "about",
    // in French, Spanish and Portuguese: "environ 7 minutes", "désormais en 2 min 40 s",
    // "alrededor de"
    "environ",
    "désormais",
    "maintenant",
    "seulement",
    "aproximadamente",
    "cerca",
    "around",
    "roughly",
    "approximately",
    "approx",
    "nearly",
    "almost",
    "just",
    "only",
    "under",
    "now",
    "~",
];
/// Words after a percentage that make it a share of something other than performance
/// ("49% accuracy", "100% test coverage").
pub(super) const NOT_PERF_AFTER: &[&str] = &[
    "accuracy",
    "correctness",
    "pass",
    "coverage",
    "top-1",
    "top-5",
    "recall",
    "f1",
    "win",
    "of",
];
/// Events counted over a window of time ("31 interruptions in 21 days").
pub(super) const EVENT_NOUNS: &[&str] = &[
    "interruptions",
    "failures",
    "errors",
    "crashes",
    "restarts",
    "incidents",
    "outages",
    "events",
    "faults",
    "preemptions",
];
/// Verbs of a pause, whose duration after "for" is a result ("stalls training for 9 minutes").
pub(super) const STALL_WORDS: &[&str] = &[
    "stall", "stalls", "stalled", "stalling", "block", "blocks", "blocked", "blocking", "pause",
    "pauses", "paused", "freeze", "freezes", "froze", "hang", "hangs", "hung",
];
/// Header words of a column of changes between two columns of results ("Change", "Δ").
pub(super) const CHANGE_COLUMN_WORDS: &[&str] = &[
    "change",
    "delta",
    "δ",
    // (headers are lowered in ASCII only)
    "Δ",
    "diff",
    "gain",
    "improvement",
    "reduction",
];
/// Nouns of a change after a percentage ("an 18% drop", "a 7% regression").
pub(super) const CHANGE_NOUNS: &[&str] = &[
    "drop",
    "regression",
    "slowdown",
    "reduction",
    "decrease",
    "increase",
    "improvement",
    "gain",
    "speedup",
    "speed-up",
    "uplift",
];
/// Words directly before a duration that make it a result ("finishes in 9.8 ms").
pub(super) const RESULT_CUES: &[&str] = &[
    "in",
    // what a change cost: "prewarming cost 90 ms on the A14"
    "cost",
    "costs",
    // in French: "la compilation prend environ 7 minutes", "dure 40 s", "redémarre en 2 min"
    "en",
    "prend",
    "prennent",
    "dure",
    "durait",
    "takes",
    "take",
    "took",
    "taking",
    "to",
    "from",
    "versus",
    "vs",
    "vs.",
    "than",
    "finishes",
    "completes",
    "completed",
    "finished",
    // what a tool or a run reports: "`ib_write_lat` reports 2.1 us"
    "reports",
    "reported",
    "measured",
    "measures",
    // "the 95th percentile reached 0.37 s"
    "reached",
    "reaches",
    // "ResNet-50 settles around 105 ms", "was hovering around 41 ms", "sat at 3.1 ms"
    "settles",
    "settled",
    "hovering",
    "hovered",
    "hovers",
    "sat",
    // "on PS5 the same change was worth 0.4 ms"
    "worth",
    // "inference alone averages 14.9 ms"
    "averages",
    "averaged",
    // a time taken off: "shaving 1.7 ms off every decode step"
    "shaving",
    "shaves",
    "shaved",
    "trims",
    "trimmed",
    "trimming",
    "saves",
    "saved",
    "plateaus",
    "plateaued",
    // "the tuner spent 6 min 40 s on the first compile"
    "spent",
    "spends",
    "spending",
    // "the production code needed 483 s on 16 nodes", "the same gemm needs 1.381 s"
    "needed",
    "needs",
    // "Inductor gets 12.3 ms on the H100", "on an H100 I get 0.071 ms"
    "gets",
    "got",
    "get",
    // what a change costs each step: "adds roughly 4–6 ms of CPU time per step"
    "adds",
    "added",
];
/// Words after a duration that make it a setting ("10 minutes per run", "3 hours each").
/// ("a 30 s ramp", "10 s warm-up": how long a run warms up before it is measured)
pub(super) const SETTING_AFTER: &[&str] = &[
    "per",
    "each",
    "every",
    "of",
    "long",
    "ago",
    "ramp",
    "ramp-up",
    "warm-up",
    "warmup",
    "cooldown",
    "cool-down",
    // "of the 9h allowed", "the 30 min budget": a limit
    "allowed",
    "budget",
];
/// Names of reference implementations written in lower case, which "N× <name>" compares
/// with ("0.9x torch").
pub(super) const LOWER_NAMES: &[&str] = &[
    "torch",
    "pytorch",
    "eager",
    // BLAS libraries a kernel is held against ("89% of MKL and 93% of OpenBLAS")
    "mkl",
    "openblas",
    "blis",
    "onednn",
    "eigen",
    "rocblas",
    "hipblaslt",
    "numpy",
    "jax",
    "xla",
    "tensorflow",
    "onnxruntime",
    "cublas",
    "cudnn",
    "nccl",
    "vllm",
    "sglang",
    "llama.cpp",
];
/// Words that make a bandwidth the capacity of a link or a memory ("NVLink at 900 GB/s",
/// "HBM3 at 3.35 TB/s", "2.4 Tbps between nodes") when nothing says it was measured.
pub(super) const LINK_WORDS: &[&str] = &[
    "fabric",
    // "3,200 Gbps of StratoNet networking"
    "networking",
    "fabrics",
    "nvlink",
    "pcie",
    "infiniband",
    "ethernet",
    "interconnect",
    "bidirectional",
    "bi-directional",
    "unidirectional",
    "link",
    "links",
    "lane",
    "lanes",
    "ici",
    "nic",
    "roce",
    "ualink",
    "xgmi",
    "hbm",
    "hbm2",
    "hbm2e",
    "hbm3",
    "hbm3e",
    "hbm4",
    "gddr6",
    "gddr6x",
    "gddr7",
    "axis",
];
/// Words that follow a multiplier in titles and are not the name of what it is compared with
/// ("5x Faster", "2x Bigger Models", "3x Inference Speedup").
pub(super) const COMMON_AFTER_RATIO: &[&str] = &[
    "bigger",
    "fewer",
    "inference",
    "training",
    "serving",
    "decoding",
    "prefill",
    "compression",
    "reduction",
    "increase",
    "growth",
    "capacity",
    "users",
    "requests",
    "models",
    "model",
    "batch",
    "the",
    "for",
    "with",
    "and",
    "over",
    "than",
    "when",
    "from",
    "via",
    "per",
];
/// Words of networks and fabrics that, with a per-device qualifier, make a bandwidth the
/// capacity of a system's links ("3.2 Tbps of scale-out bandwidth per node").
pub(super) const NETWORK_WORDS: &[&str] = &[
    "network",
    "networking",
    "fabric",
    "fabrics",
    "nics",
    "switch",
    "switches",
    "intra-node",
    "inter-node",
    "internode",
    "intranode",
    "scale-up",
    "scale-out",
    "injection",
    "rocev2",
    "nvswitch",
    "nvlink5",
    "ib",
    "ndr",
    "xdr",
    "hdr",
    "torus",
    "topology",
];
/// What a per-device qualifier after a bandwidth names besides counted hardware ("per
/// direction", "each way", "per axis").
pub(super) const PER_LINK_NOUNS: &[&str] = &["direction", "way", "axis", "hop", "pair"];
/// Nouns that a multiplier or percentage counts when it is about a project's popularity, not
/// its performance ("3x more contributors", "2x the stars", "40% more downloads").
pub(super) const POPULARITY_NOUNS: &[&str] = &[
    "contributors",
    "contributor",
    "contributions",
    "stars",
    "stargazers",
    "forks",
    "followers",
    "downloads",
    "installs",
    "installations",
    "commits",
    "committers",
    "maintainers",
    "members",
    "sponsors",
    "citations",
    "subscribers",
    "visitors",
    "views",
    "likes",
    "upvotes",
    "adopters",
    "adoption",
    "community",
    "developers",
    "companies",
    "customers",
    "organizations",
    "organisations",
    "prs",
    "issues",
    "popularity",
    "mentions",
    "signups",
    "sign-ups",
];
/// Words between a multiplier and the noun it counts ("3x more GitHub stars", "twice as many
/// active contributors", "a 2x increase in monthly downloads").
pub(super) const POPULARITY_FILLERS: &[&str] = &[
    "more",
    "fewer",
    "less",
    "as",
    "many",
    "the",
    "times",
    "github",
    "new",
    "active",
    "monthly",
    "weekly",
    "daily",
    "total",
    "unique",
    "open-source",
    "external",
    "increase",
    "growth",
    "rise",
    "jump",
    "in",
    "of",
    "number",
];
/// Words that make a number a device's specification when its clause holds one ("the spec
/// says 2x", "AMD publishes variants at exactly 2x", "its nominal peak per watt is 25%
/// lower"); also read inside hyphenated words ("product-spec table").
pub(super) const SPEC_WORDS: &[&str] = &[
    "spec",
    "specs",
    "specification",
    "specifications",
    "datasheet",
    "datasheets",
    "whitepaper",
    "whitepapers",
    "publishes",
    "publish",
    "advertised",
    "advertises",
    "nominal",
    "nominally",
    // "its rated 6,900 MB/s"
    "rated",
    "theoretical",
    "theoretically",
    // in Russian: "по паспорту" (per the datasheet)
    "паспорту",
    "паспорте",
];
/// Further words that, in its sentence, make a compute or bandwidth rate a quoted figure
/// rather than a result ("the published 1835 TFLOPS", "144 PFLOPS FP4 sparse").
pub(super) const SPEC_RATE_WORDS: &[&str] = &[
    "published",
    "quoted",
    "sparse",
    "sparsity",
    "on-paper",
    // "half of the 6.5 GB/s the drive is rated for"
    "rated",
];
/// Verbs and words before a compute or bandwidth rate that make it what a named device has
/// ("Trainium2 supports BF16 @ 2563 TFLOPS", "an A100 with its 312 TFLOPS").
pub(super) const HAS_WORDS: &[&str] = &[
    "has", "have", "offers", "offer", "features", "boasts", "packs", "supports", "support",
    "rated", "capable", "its", "promises",
    // "the L40S lists 864 GB/s of memory bandwidth"
    "lists", "listed",
];
/// What a device's specification compares: "30% more power", "a 5% faster HBM", "33% more
/// HBM capacity".
pub(super) const RESOURCE_NOUNS: &[&str] = &[
    "power",
    "hbm",
    "memory",
    "bandwidth",
    "capacity",
    "flops",
    "tflops",
    "pflops",
    "compute",
    "clock",
    "clocks",
    "cache",
    "sram",
    "tdp",
    "tbp",
    "vram",
];
/// Words that say a number was measured or obtained by someone, which a specification is not
/// ("I clocked 450 TFLOPS", "we reach", "runs at"); "I" alone is no measurement ("what I'm
/// talking about: an A100 with its 312 TFLOPS in the specs").
pub(super) const MEASURED_WORDS: &[&str] = &[
    "we",
    "our",
    "measured",
    "measure",
    "measuring",
    "clocked",
    "achieve",
    "achieves",
    "achieved",
    "achieving",
    "achievable",
    "reach",
    "reaches",
    "reached",
    "reaching",
    "hit",
    "hits",
    "hitting",
    "sustain",
    "sustains",
    "sustained",
    "sustaining",
    "attain",
    "attains",
    "attained",
    "observed",
    "obtained",
    "get",
    "gets",
    "got",
    "getting",
    "benchmarked",
    "benchmark",
    "delivers",
    "delivered",
    "kernel",
    "kernels",
];
/// Words before a share of memory that make it what a setting reserves, not a result
/// ("reserves 90% of memory", "set the cache to use 40% of GPU memory").
pub(super) const RESERVE_WORDS: &[&str] = &[
    "reserve",
    "reserves",
    "reserved",
    "handed",
    "given",
    "reserving",
    "allocate",
    "allocates",
    "allocated",
    "allocating",
    "preallocate",
    "preallocates",
    "preallocated",
    "pre-allocate",
    "pre-allocates",
    "pre-allocated",
    "dedicate",
    "dedicates",
    "dedicated",
    "cap",
    "caps",
    "capped",
    "limit",
    "limits",
    "limited",
    "set",
    "sets",
    "setting",
    "configure",
    "configures",
    "configured",
    "budget",
    "grab",
    "grabs",
];
/// Percentiles of a latency distribution ("p99", "p99.9"): a statistic of a result, named
/// beside it.
pub(super) const PERCENTILES: &[&str] = &["p50", "p90", "p95", "p99", "p99.9", "p999"];
/// Words for memory that a share can be reserved of.
pub(super) const MEMORY_WORDS: &[&str] = &[
    "memory", "vram", "hbm", "ram", "dram", "cache", "rss", "heap",
];

/// Words of a sentence about data a run moved ("shuffled 620 GB, down from 1.9 TB").
pub(super) const MOVED_DATA_WORDS: &[&str] = &[
    "shuffled",
    "shuffle",
    "spilled",
    "spill",
    "transferred",
    "egress",
    "scanned",
    "read",
    "wrote",
    "written",
];

/// Header words of a column of memory (`MEMORY_WORDS` less a cache, which a header names as
/// a device's, and with "mem"), and the words that make it the memory a run took ("Peak
/// memory", "Index RAM", "RSS"), not a device's ("VRAM"); `table::is_footprint`.
pub(super) const FOOTPRINT_MEMORY_WORDS: &[&str] = &["memory", "mem", "vram", "ram", "rss", "hbm"];
pub(super) const FOOTPRINT_HEADER_WORDS: &[&str] = &[
    "peak",
    "rss",
    "usage",
    "used",
    "footprint",
    "resident",
    "allocated",
    "index",
    "consumption",
];

/// Words of a clause that states an amount of memory a run used, not one a device has ("Peak
/// RSS was 51 GB", "the index needs only 9.8 GB of RAM").
pub(super) const FOOTPRINT_WORDS: &[&str] = &[
    "peak",
    "peaked",
    "peaks",
    "rss",
    "footprint",
    "footprints",
    "usage",
    "uses",
    "used",
    "using",
    "needs",
    "needed",
    "consumes",
    "consumed",
    "consumption",
    "occupies",
    "occupied",
    "resident",
    "allocated",
    "took",
    "takes",
    // "quantising 70B models now fits in 48 GB of GPU memory"
    "fits",
];

/// Words of a lead-in that quotes a device's specification rather than a result ("Peak dense
/// throughput per the datasheets:"), unless it also says the numbers were measured.
pub(super) const SPEC_LEAD_WORDS: &[&str] = &[
    "peak",
    "spec",
    "specs",
    "specification",
    "specifications",
    "theoretical",
    "datasheet",
    "datasheets",
    "nominal",
    "advertised",
    "rated",
];

/// Words of a note above a table that says its rows are compared.
pub(super) const COMPARING_WORDS: &[&str] = &[
    "compare",
    "compares",
    "compared",
    "comparing",
    "comparison",
    "vs",
    "vs.",
    "versus",
    "relative",
    "against",
];
/// Parts named right after a rate, which make it the part's rated speed ("400 Gb/s NICs").
pub(super) const PART_NOUNS: &[&str] = &[
    "nic",
    "nics",
    "hca",
    "hcas",
    "port",
    "ports",
    "adapter",
    "adapters",
    "switch",
    "switches",
    "transceiver",
    "transceivers",
    "cable",
    "cables",
    "ethernet",
    "infiniband",
];

/// Russian comparatives after a number: faster, slower, less, more, higher, lower, cheaper
/// ("в 1,3 раза быстрее", "на 14% быстрее").
pub(super) const RUSSIAN_COMPARATIVES: &[&str] = &[
    "быстрее",
    "медленнее",
    "меньше",
    "больше",
    "выше",
    "ниже",
    "дешевле",
];
