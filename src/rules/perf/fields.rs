//! The five fields a performance claim must state, and how a context states them (the
//! policy's vocabularies).

use crate::policy::{PatternList, PerfPolicy};

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

    fn vocabulary(self, vocab: &PerfPolicy) -> &PatternList {
        match self {
            Field::Hardware => &vocab.hardware,
            Field::Workload => &vocab.workload,
            Field::Precision => &vocab.precision,
            Field::Baseline => &vocab.baseline,
            Field::Correctness => &vocab.correctness,
        }
    }
}

/// The fields `context` does not state, by the policy's vocabularies.
pub fn missing_fields(context: &str, vocab: &PerfPolicy) -> Vec<Field> {
    Field::ALL
        .into_iter()
        .filter(|f| !f.vocabulary(vocab).is_match(context))
        .collect()
}

/// "hardware, precision, correctness method"
pub fn describe(missing: &[Field]) -> String {
    let names: Vec<&str> = missing.iter().map(|f| f.name()).collect();
    names.join(", ")
}

/// "state the hardware (…) and the precision (…), or omit the number"
pub fn help_for(missing: &[Field]) -> String {
    let parts: Vec<&str> = missing.iter().map(|f| f.advice()).collect();
    let list = match parts.len() {
        0 => String::new(),
        1 => parts[0].to_string(),
        n => format!("{} and {}", parts[..n - 1].join(", "), parts[n - 1]),
    };
    format!("state {list}, or omit the number")
}
