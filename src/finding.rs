//! Findings: what a rule reports, where, and how bad it is.

use serde::{Deserialize, Serialize};
use std::ops::Range;

/// How bad a finding is. `Error` makes `lint` exit 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Warning,
    Error,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// What the policy's `[rules]` table may set a rule to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Off,
    Warning,
    Error,
}

/// One problem found in one file. Spans are byte ranges into the file's text; line and column
/// are computed only when a report is rendered.
#[derive(Clone, Debug, PartialEq)]
pub struct Finding {
    pub rule: &'static str,
    pub severity: Severity,
    pub span: Range<usize>,
    pub message: String,
    /// What to do about it, one sentence.
    pub help: Option<String>,
    /// A short label drawn under the span in human output.
    pub label: Option<String>,
    /// Machine-readable details (`data` in json output); `Null` when there are none.
    pub data: serde_json::Value,
}

impl Finding {
    pub fn new(
        rule: &'static str,
        severity: Severity,
        span: Range<usize>,
        message: impl Into<String>,
    ) -> Self {
        Finding {
            rule,
            severity,
            span,
            message: message.into(),
            help: None,
            label: None,
            data: serde_json::Value::Null,
        }
    }

    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    pub fn label(mut self, label: impl Into<String>) -> Self {
        self.label = Some(label.into());
        self
    }

    pub fn data(mut self, data: serde_json::Value) -> Self {
        self.data = data;
        self
    }
}
