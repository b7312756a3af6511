//! The five fields a performance claim must state, and what was found for a claim (`Bound`):
//! where each field is stated, and the device, precision and sparsity a check of physically
//! possible numbers needs. `bind` finds them; `vocab` holds the policy's vocabularies.

use super::text::word_after;
use crate::policy::{PatternList, PerfPolicy};
use std::ops::Range;
/// One of the five fields, in the order messages name them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    Hardware,
    Workload,
    Precision,
    Baseline,
    Correctness,
}

impl Field {
    pub const ALL: [Field; 5] = [
        Field::Hardware,
        Field::Workload,
        Field::Precision,
        Field::Baseline,
        Field::Correctness,
    ];

    /// The word json uses (contract: `missing` holds exactly these).
    pub fn key(self) -> &'static str {
        match self {
            Field::Hardware => "hardware",
            Field::Workload => "workload",
            Field::Precision => "precision",
            Field::Baseline => "baseline",
            Field::Correctness => "correctness",
        }
    }

    /// The words messages use.
    pub fn name(self) -> &'static str {
        match self {
            Field::Correctness => "correctness method",
            f => f.key(),
        }
    }

    /// What to state, with examples, for the help line.
    fn advice(self) -> &'static str {
        match self {
            Field::Hardware => "the hardware (e.g. 8xH100, MI300X)",
            Field::Workload => "the workload (shapes, batch size, sequence length, model)",
            Field::Precision => "the precision (e.g. BF16, FP8)",
            Field::Baseline => "the baseline (faster than what?)",
            Field::Correctness => "the correctness method (e.g. max abs error against a reference)",
        }
    }

    pub(super) fn vocabulary(self, vocab: &PerfPolicy) -> &PatternList {
        match self {
            Field::Hardware => &vocab.hardware,
            Field::Workload => &vocab.workload,
            Field::Precision => &vocab.precision,
            Field::Baseline => &vocab.baseline,
            Field::Correctness => &vocab.correctness,
        }
    }
}

/// A byte range of a block's text in half the room of a `Range<usize>`: a claim-dense list
/// holds tens of thousands of claims, each with several. (A range past 4 GiB, which only a
/// policy raising `[list] max_file_bytes` that far could let in, becomes an empty one at
/// 4 GiB: it is then shown as no text, never read out of bounds.)
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Loc {
    start: u32,
    end: u32,
}

impl Loc {
    pub fn new(r: &Range<usize>) -> Loc {
        match (u32::try_from(r.start), u32::try_from(r.end)) {
            (Ok(start), Ok(end)) => Loc { start, end },
            _ => Loc {
                start: u32::MAX,
                end: u32::MAX,
            },
        }
    }

    pub fn range(self) -> Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// A device a claim was measured on (or compared with), as written.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Device {
    /// The device's name as written (`H100 SXM`, `RTX 4090`, `A100-80G`), without its count.
    pub name: Box<str>,
    /// How many: `8` for "8x H100", "8xH100", "8 H100s"; None when not stated.
    pub count: Option<u32>,
    /// The count and name in the block's text.
    pub span: Loc,
    /// Named as what the claim is compared with ("than an A100", "6.7x A100").
    pub compared: bool,
}

/// What a claim states, found for it: per field, the text that satisfied it (a byte range in
/// the block's text); and what a check of physically possible numbers needs.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Bound {
    /// Per field, in `Field::ALL` order: where it is stated; None when it is missing.
    pub fields: [Option<Loc>; 5],
    /// The device the claim was measured on: the nearest one not named as the comparison
    /// point, else the nearest.
    pub hardware: Option<Device>,
    /// A mention of sparsity in the claim's sentence ("with 2:4 sparsity").
    pub sparsity: Option<Loc>,
    /// Per field, for a claim in a table row that does not state it: the text of the table's
    /// caption or header that does ("GPU: RTX 4090", "a 4090"; see `table`). Boxed, as only
    /// claims in tables have it: a claim-dense list holds tens of thousands of claims.
    pub table: Option<Box<[Option<String>; 5]>>,
}

impl Bound {
    /// The text a table's caption or header states for field `k` of a claim in a row.
    fn table_text(&self, k: usize) -> Option<&String> {
        self.table.as_ref().and_then(|t| t[k].as_ref())
    }

    /// Records what a table's caption or header states for field `k`.
    pub fn set_from_table(&mut self, k: usize, text: Option<String>) {
        match (&mut self.table, text) {
            (Some(t), text) => t[k] = text,
            (None, None) => {}
            (table @ None, Some(text)) => {
                let mut t: Box<[Option<String>; 5]> = Box::default();
                t[k] = Some(text);
                *table = Some(t);
            }
        }
    }

    /// Whether field `f` is not stated.
    pub fn lacks(&self, f: Field) -> bool {
        let k = f as usize;
        self.fields[k].is_none() && self.table_text(k).is_none()
    }

    /// Records `text` as what states field `f`, unless the claim states it already (a line's
    /// name, its set-up columns, a check among its column names, its base column).
    pub fn fill(&mut self, f: Field, text: &str) {
        if self.lacks(f) {
            self.set_from_table(f as usize, Some(text.to_string()));
        }
    }

    /// The fields not stated.
    pub fn missing(&self) -> Vec<Field> {
        Field::ALL
            .into_iter()
            .enumerate()
            .filter(|&(_, f)| self.lacks(f))
            .map(|(_, f)| f)
            .collect()
    }

    /// Each stated field with the text that satisfied it.
    pub fn found<'t>(&'t self, text: &'t str) -> Vec<(Field, &'t str)> {
        Field::ALL
            .into_iter()
            .enumerate()
            .map(|(k, f)| (f, (&self.fields[k], self.table_text(k))))
            .filter_map(|(f, (r, t))| match (r, t) {
                (Some(r), _) if text.get(r.range()).is_some() => {
                    Some((f, shown(text, f, r.range())))
                }
                (Some(_), _) => Some((f, "")),
                (None, Some(t)) => Some((f, t.as_str())),
                (None, None) => None,
            })
            .collect()
    }
}

/// The text a user reads for a found field: a baseline connective with what it connects
/// ("than cuBLAS", "vs. round-robin", "compared with vLLM").
pub(super) fn shown(text: &str, field: Field, r: Range<usize>) -> &str {
    // the whole word or number a match ends in: "2x B200", not the pattern's "2x B2";
    // "sequence length 8192", not "sequence length 8"
    let b = text.as_bytes();
    let mut e = r.end;
    if e > r.start && b[e - 1].is_ascii_alphanumeric() {
        while e < b.len()
            && (b[e].is_ascii_alphanumeric()
                || (matches!(b[e], b'-' | b',' | b'.')
                    && b.get(e + 1).is_some_and(u8::is_ascii_alphanumeric)))
        {
            e += 1;
        }
    }
    let r = r.start..e;
    let t = text[r.clone()].trim();
    if field == Field::Hardware {
        return t;
    }
    // a connective is shown with what it connects: "than cuBLAS", "replacement for
    // torch.nn.Linear", "Swap the attention backend for FlashInfer"
    let connective = t.split_whitespace().next_back().is_some_and(|w| {
        matches!(
            w.to_ascii_lowercase().as_str(),
            "for" | "with" | "to" | "than" | "vs" | "vs." | "versus" | "against" | "over" | "from"
        )
    });
    if field != Field::Baseline || (t.split_whitespace().count() > 2 && !connective) {
        return t;
    }
    // "than the H100", "than on an A100"
    let (mut s, mut w) = word_after(text, r.end);
    for _ in 0..2 {
        if !matches!(
            w.to_ascii_lowercase().as_str(),
            "the" | "a" | "an" | "that" | "of" | "on" | "in" | "with" | "for" | "using"
        ) {
            break;
        }
        (s, w) = word_after(text, s + w.len());
    }
    let end = if w.is_empty() { r.end } else { s + w.len() };
    text[r.start..end].trim()
}

/// "hardware, precision, correctness method"
pub fn describe(missing: &[Field]) -> String {
    let names: Vec<&str> = missing.iter().map(|f| f.name()).collect();
    names.join(", ")
}

/// "state the hardware (…) and the precision (…), or omit the number"
pub fn help_for(missing: &[Field]) -> &'static str {
    // one text per set of missing fields, made once: a claim-dense list has thousands of
    // findings that share a few of them
    static TEXTS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    let texts = TEXTS.get_or_init(|| {
        (0..1usize << Field::ALL.len())
            .map(|mask| {
                let parts: Vec<&str> = Field::ALL
                    .iter()
                    .enumerate()
                    .filter(|(k, _)| mask & (1 << k) != 0)
                    .map(|(_, f)| f.advice())
                    .collect();
                let list = match parts.len() {
                    0 => String::new(),
                    1 => parts[0].to_string(),
                    n => format!("{} and {}", parts[..n - 1].join(", "), parts[n - 1]),
                };
                format!("state {list}, or omit the number")
            })
            .collect()
    });
    let mask = missing.iter().fold(0, |m, f| {
        m | 1 << Field::ALL.iter().position(|g| g == f).unwrap_or(0)
    });
    &texts[mask]
}
