//! The device table of `[[perf.devices]]`: vendor peak rates per device, compiled once per run
//! into a matcher that finds device names in prose (with a count: "8xH100", "eight H100s"),
//! and the peak that bounds a claimed rate. `perf/exceeds-peak` and `perf/vendor-peak` use it.

use crate::policy::{DeviceList, DeviceSpec, Rate};
use std::borrow::Cow;
use std::ops::Range;
use std::sync::OnceLock;

/// A number format a peak is stated for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Precision {
    Fp64,
    Fp32,
    Tf32,
    Bf16,
    Fp16,
    Fp8,
    Fp6,
    Fp4,
    Int8,
    Int4,
}

impl Precision {
    /// The precision a word names (`BF16`, `bfloat16`, `FP8`, `E4M3`, `NVFP4`, `INT8`, …).
    /// Plain English words ("single", "double", "half") are not precisions on their own ("a
    /// single H100"): `single-precision` is read by the caller as two words.
    pub fn from_word(word: &str) -> Option<Precision> {
        let w = word.to_ascii_lowercase();
        let w = w.trim_matches(|c: char| !c.is_ascii_alphanumeric());
        Some(match w {
            "fp64" | "float64" | "dgemm" => Precision::Fp64,
            "fp32" | "float32" | "sgemm" => Precision::Fp32,
            "tf32" | "tensorfloat32" => Precision::Tf32,
            "bf16" | "bfloat16" => Precision::Bf16,
            "fp16" | "float16" | "hgemm" => Precision::Fp16,
            "fp8" | "float8" | "e4m3" | "e5m2" | "mxfp8" => Precision::Fp8,
            "fp6" | "mxfp6" => Precision::Fp6,
            "fp4" | "nvfp4" | "mxfp4" => Precision::Fp4,
            "int8" | "i8" | "w8a8" => Precision::Int8,
            "int4" | "w4a4" => Precision::Int4,
            _ => return None,
        })
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Precision::Fp64 => "FP64",
            Precision::Fp32 => "FP32",
            Precision::Tf32 => "TF32",
            Precision::Bf16 => "BF16",
            Precision::Fp16 => "FP16",
            Precision::Fp8 => "FP8",
            Precision::Fp6 => "FP6",
            Precision::Fp4 => "FP4",
            Precision::Int8 => "INT8",
            Precision::Int4 => "INT4",
        }
    }
}

/// What a claimed rate measures.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Quantity {
    /// Math rate (FLOP/s or OPS) at a precision (None: unstated), dense unless sparse.
    Compute {
        precision: Option<Precision>,
        sparse: bool,
    },
    /// Memory bandwidth.
    Memory,
    /// Scale-up link bandwidth.
    Interconnect,
}

/// The peak that bounds a claim: the value (FLOP/s, OPS or bytes/s for one device) and what it
/// is, in words.
#[derive(Debug, Clone, PartialEq)]
pub struct Peak {
    pub value: f64,
    /// As the policy writes it: "989.5 TFLOPS".
    pub text: String,
    /// "dense BF16", "sparse FP8", "dense FP64 Tensor", "memory bandwidth", "interconnect
    /// bandwidth".
    pub what: String,
    /// The table key it comes from: `bf16`, `fp64_tensor`, `memory_bandwidth`, `interconnect`.
    pub key: &'static str,
    /// From the `sparse` peaks.
    pub sparse: bool,
}

/// A device named in a text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mention {
    pub span: Range<usize>,
    /// Index into the table's devices.
    pub device: usize,
    /// How many devices ("8xH100", "eight H100s"); 1 when no count is written.
    pub count: u32,
    /// Named without a form factor: the peak is the highest of every variant of the product.
    pub bare: bool,
    /// Written in the plural ("H100s"): several devices, however many the count says.
    pub plural: bool,
}

/// The `[[perf.devices]]` table, compiled.
#[derive(Debug)]
pub struct DeviceTable {
    /// (Borrowed for the default table, which is read once per process.)
    pub devices: Cow<'static, [DeviceSpec]>,
    /// One pattern per spelling, longest spelling first: (device, bare, the spelling ends in
    /// `s`).
    spellings: Cow<'static, [(usize, bool, bool)]>,
    matcher: Option<names::NameMatcher>,
    /// For each device, the devices a bare name of it stands for (itself and its variants):
    /// worked out when a peak is first looked up.
    variants: OnceLock<Vec<Vec<usize>>>,
    /// For each device, whether it is a system of several others (see `is_system`), likewise.
    systems: OnceLock<Vec<bool>>,
}

const NUMBER_WORDS: [(&str, u32); 12] = [
    ("two", 2),
    ("three", 3),
    ("four", 4),
    ("five", 5),
    ("six", 6),
    ("seven", 7),
    ("eight", 8),
    ("nine", 9),
    ("ten", 10),
    ("twelve", 12),
    ("sixteen", 16),
    ("pair of", 2),
];

impl DeviceTable {
    pub fn new(devices: &[DeviceSpec]) -> DeviceTable {
        let spellings = joined::ordered(
            devices
                .iter()
                .map(|d| (d.names.as_slice(), d.bare.as_slice())),
        );
        let matcher = names::NameMatcher::new(spellings.iter().map(|(s, ..)| s.as_str()));
        DeviceTable {
            devices: Cow::Owned(devices.to_vec()),
            spellings: spellings
                .into_iter()
                .map(|(s, d, b)| (d, b, s.ends_with(['s', 'S'])))
                .collect(),
            matcher,
            variants: OnceLock::new(),
            systems: OnceLock::new(),
        }
    }

    /// The table of a policy's `[[perf.devices]]`. The default's is borrowed, with its
    /// spellings' order and matcher as `build.rs` worked them out (the same as `new` makes of
    /// it, tested): copying the table and joining and sorting its ~200 spellings cost most of
    /// what compiling it did.
    pub fn for_list(list: &DeviceList) -> DeviceTable {
        let (Some(devices), Some(matcher)) = (list.builtin(), names::NameMatcher::default_table())
        else {
            return DeviceTable::new(list.get());
        };
        DeviceTable {
            devices: Cow::Borrowed(devices),
            spellings: Cow::Borrowed(names::default_spellings()),
            matcher: Some(matcher),
            variants: OnceLock::new(),
            systems: OnceLock::new(),
        }
    }

    /// Every device named in `text`, in order, with the count written before it.
    pub fn mentions(&self, text: &str) -> Vec<Mention> {
        let Some(matcher) = &self.matcher else {
            return Vec::new();
        };
        let bytes = text.as_bytes();
        matcher
            .find_iter(text)
            .into_iter()
            .filter(|(_, m)| {
                // Not inside a longer word ("XH100Z"); a count may be glued on ("8xH100").
                let i = m.start;
                let glued_count =
                    i >= 2 && matches!(bytes[i - 1], b'x' | b'X') && bytes[i - 2].is_ascii_digit();
                glued_count || i == 0 || !bytes[i - 1].is_ascii_alphanumeric()
            })
            .map(|(spelling, m)| {
                let (device, bare, ends_in_s) = self.spellings[spelling];
                let (count, start) = count_before(text, m.start);
                let plural = !ends_in_s && matches!(bytes[m.end - 1], b's' | b'S');
                Mention {
                    span: start..m.end,
                    device,
                    count,
                    bare,
                    plural,
                }
            })
            .collect()
    }

    /// The devices a bare name of `device` stands for: itself and its variants ("H100" → the
    /// SXM, PCIe and NVL rows).
    pub fn variants(&self, device: usize) -> &[usize] {
        &self.variants.get_or_init(|| variants(&self.devices))[device]
    }

    /// Whether a row is a system of several devices of another row: one of its spellings
    /// contains one of that row's ("DGX H100", "GB200 NVL72", "TPU v4 Pod") and its peaks are
    /// at least twice that row's. Words such as "rack", "pod" or "in total" describe such a
    /// system itself, not an unknown number of it.
    pub fn is_system(&self, device: usize) -> bool {
        self.systems.get_or_init(|| systems(&self.devices))[device]
    }

    /// The peak of one device (for a bare name: the highest of its variants, the named row
    /// itself on a tie) for a quantity, if the table states one.
    pub fn peak(&self, mention: &Mention, quantity: Quantity) -> Option<(usize, Peak)> {
        let candidates: &[usize] = if mention.bare {
            self.variants(mention.device)
        } else {
            std::slice::from_ref(&mention.device)
        };
        let mut best: Option<(usize, Peak)> = None;
        for &d in candidates {
            if let Some(p) = peak_of(&self.devices[d], quantity) {
                if best.as_ref().is_none_or(|b| p.value > b.1.value) {
                    best = Some((d, p));
                }
            }
        }
        best
    }
}

/// For each row, the rows a bare name of it stands for (see `DeviceTable::variants`).
fn variants(devices: &[DeviceSpec]) -> Vec<Vec<usize>> {
    let lower_names: Vec<Vec<String>> = devices
        .iter()
        .map(|d| d.names.iter().map(|n| n.to_ascii_lowercase()).collect())
        .collect();
    (0..devices.len())
        .map(|i| {
            let mut v = vec![i];
            for bare in &devices[i].bare {
                let prefix = bare.to_ascii_lowercase();
                for (j, names) in lower_names.iter().enumerate() {
                    let is_variant = j != i
                        && names.iter().any(|n| {
                            n.strip_prefix(&prefix)
                                .is_some_and(|rest| rest.starts_with([' ', '-']))
                        });
                    if is_variant && !v.contains(&j) {
                        v.push(j);
                    }
                }
            }
            v
        })
        .collect()
}

/// Which rows are systems of another row's devices (see `DeviceTable::is_system`).
fn systems(devices: &[DeviceSpec]) -> Vec<bool> {
    let words = |s: &str| -> Vec<String> {
        s.to_ascii_lowercase()
            .split([' ', '-'])
            .filter(|w| !w.is_empty())
            .map(str::to_string)
            .collect()
    };
    let spellings: Vec<Vec<Vec<String>>> = devices
        .iter()
        .map(|d| d.names.iter().chain(&d.bare).map(|s| words(s)).collect())
        .collect();
    let top = |d: &DeviceSpec| {
        d.dense
            .entries()
            .chain(d.sparse.entries())
            .map(|(_, r)| r.value)
            .chain(d.memory_bandwidth.iter().map(|r| r.value))
            .fold(0.0, f64::max)
    };
    let tops: Vec<f64> = devices.iter().map(top).collect();
    (0..devices.len())
        .map(|i| {
            (0..devices.len()).any(|j| {
                j != i
                    && tops[i] >= 2.0 * tops[j]
                    && spellings[i].iter().any(|a| {
                        spellings[j]
                            .iter()
                            .any(|b| b.len() < a.len() && a.windows(b.len()).any(|w| w == &b[..]))
                    })
            })
        })
        .collect()
}

/// The count written before a device name at `at` ("8x", "8 ×", "64 ", "eight "), and where
/// the mention then starts.
fn count_before(text: &str, at: usize) -> (u32, usize) {
    let head = &text[..at];
    let t = head.trim_end();
    // "8x" / "8 x" / "8×"
    let t2 = t
        .strip_suffix('x')
        .or_else(|| t.strip_suffix('X'))
        .or_else(|| t.strip_suffix('×'))
        .map(str::trim_end);
    let digits_end = t2.unwrap_or(t);
    let digits: String = digits_end
        .chars()
        .rev()
        .take_while(|c| c.is_ascii_digit() || *c == ',')
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    let digits_clean: String = digits.chars().filter(|c| c.is_ascii_digit()).collect();
    if !digits_clean.is_empty() {
        let start = digits_end.len() - digits.len();
        // not the end of a decimal ("6.4x A100" is a ratio, not four A100s)
        let word_start = start == 0
            || !(text.as_bytes()[start - 1].is_ascii_alphanumeric()
                || text.as_bytes()[start - 1] == b'.');
        if word_start {
            if let Ok(n) = digits_clean.parse::<u32>() {
                if n > 0 && (t2.is_some() || head.ends_with(' ')) {
                    return (n, start);
                }
            }
        }
    }
    // Only the last words matter: lower-casing the whole text before every mention would make
    // a long block quadratic.
    let mut tail = t.len().saturating_sub(16);
    while !t.is_char_boundary(tail) {
        tail -= 1;
    }
    let lower = t[tail..].to_ascii_lowercase();
    for (word, n) in NUMBER_WORDS {
        if let Some(rest) = lower.strip_suffix(word) {
            let whole = if rest.is_empty() {
                tail == 0 || !t.as_bytes()[tail - 1].is_ascii_alphanumeric()
            } else {
                rest.ends_with(|c: char| !c.is_ascii_alphanumeric())
            };
            if whole {
                return (n, tail + rest.len());
            }
        }
    }
    (1, at)
}

/// How a table key reads in a message: `fp64_tensor` → "FP64 Tensor".
fn key_words(key: &str) -> String {
    match key.strip_suffix("_tensor") {
        Some(p) => format!("{} Tensor", p.to_ascii_uppercase()),
        None => key.to_ascii_uppercase(),
    }
}

/// Every peak a device row states that bounds a quantity: for a stated precision its dense
/// peaks (and sparse ones when the claim is sparse); for an unstated precision every math
/// peak, dense and sparse. FP64 is bounded by its vector and tensor peaks, FP32 also by TF32
/// (the tensor-core path for FP32 work).
pub fn peaks_of(d: &DeviceSpec, quantity: Quantity) -> Vec<Peak> {
    let one = |rate: &Option<Rate>, what: &str, key: &'static str| {
        rate.iter()
            .map(|r| Peak {
                value: r.value,
                text: r.text.clone(),
                what: what.to_string(),
                key,
                sparse: false,
            })
            .collect()
    };
    match quantity {
        Quantity::Memory => one(&d.memory_bandwidth, "memory bandwidth", "memory_bandwidth"),
        Quantity::Interconnect => one(&d.interconnect, "interconnect bandwidth", "interconnect"),
        Quantity::Compute { precision, sparse } => {
            let tables: &[(&crate::policy::Peaks, bool)] = if sparse || precision.is_none() {
                &[(&d.dense, false), (&d.sparse, true)]
            } else {
                &[(&d.dense, false)]
            };
            let mut out = Vec::new();
            for &(table, is_sparse) in tables {
                for (key, rate) in table.entries() {
                    let applies = match precision {
                        None => true,
                        Some(Precision::Fp64) => matches!(key, "fp64" | "fp64_tensor"),
                        Some(Precision::Fp32) => matches!(key, "fp32" | "tf32"),
                        Some(p) => key.eq_ignore_ascii_case(p.as_str()),
                    };
                    if applies {
                        let kind = if is_sparse { "sparse" } else { "dense" };
                        out.push(Peak {
                            value: rate.value,
                            text: rate.text.clone(),
                            what: format!("{kind} {}", key_words(key)),
                            key,
                            sparse: is_sparse,
                        });
                    }
                }
            }
            out
        }
    }
}

/// The highest peak a device row states for a quantity (the first on a tie).
fn peak_of(d: &DeviceSpec, quantity: Quantity) -> Option<Peak> {
    let mut best: Option<Peak> = None;
    for p in peaks_of(d, quantity) {
        if best.as_ref().is_none_or(|b| p.value > b.value) {
            best = Some(p);
        }
    }
    best
}

mod joined;
mod names;
#[cfg(test)]
mod tests;
