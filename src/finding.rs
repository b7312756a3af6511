//! Rules and findings: what a rule is (its row: name, default severity, docs, needs), and what
//! it reports, where, and how bad it is.

use crate::fix::Fix;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::fmt;
use std::ops::{Deref, Range};
use std::sync::Arc;

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

/// A rule's row: declared once, beside its check, in its family's file
/// (`pub static INSECURE: Rule = …`), and listed in `rules::RULES`.
#[derive(Debug)]
pub struct Rule {
    /// `family/what-it-flags`.
    pub name: &'static str,
    /// The severity unless the policy's `[rules]` says otherwise.
    pub severity: Severity,
    /// One line: when it fires.
    pub summary: &'static str,
    /// Markdown under the headings What it checks / Why / Example / How to fix.
    pub explanation: &'static str,
    /// Needs `--online` (live link results): never run, nor expected by suppressions, offline.
    pub online: bool,
    /// Its findings can carry a fix that `--fix` applies.
    pub fixable: bool,
}

impl Rule {
    pub fn family(&self) -> &'static str {
        self.name.split('/').next().unwrap_or(self.name)
    }
}

impl PartialEq for Rule {
    fn eq(&self, other: &Rule) -> bool {
        self.name == other.name
    }
}

/// `parts` joined, in a string of exactly their length: a message built so needs no
/// formatting machinery and no shrinking (`Finding::new` keeps it as it is).
pub fn concat(parts: &[&str]) -> String {
    let mut out = String::with_capacity(parts.iter().map(|p| p.len()).sum());
    for p in parts {
        out.push_str(p);
    }
    out
}

/// Whether `selector` (a rule name or a family) covers `rule`.
pub fn covers(selector: &str, rule: &str) -> bool {
    selector == rule
        || rule
            .strip_prefix(selector)
            .is_some_and(|rest| rest.starts_with('/'))
}

/// A finding's machine-readable details, kept as compact JSON text: a parsed JSON object costs
/// a map node of several hundred bytes per object, and a claim-dense list has a finding on
/// every line (this made findings most of the memory of a run).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Data(Option<Box<str>>);

impl Data {
    /// The details of `value`; none for `null`.
    pub fn new(value: &serde_json::Value) -> Data {
        if value.is_null() {
            return Data(None);
        }
        Data(Some(value.to_string().into_boxed_str()))
    }

    /// The details as a JSON value (`null` when there are none).
    pub fn value(&self) -> serde_json::Value {
        self.0
            .as_deref()
            .and_then(|s| serde_json::from_str(s).ok())
            .unwrap_or(serde_json::Value::Null)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_none()
    }
}

/// A finding's help or label: fixed text borrowed, a text made for one finding held without
/// spare capacity, or a text that many findings share held once (a table's claims that refer
/// to one claim, the sources of one host). The same size as a `Cow<'static, str>`.
#[derive(Clone)]
pub enum Text {
    Static(&'static str),
    Owned(Box<str>),
    Shared(Arc<str>),
}

impl Text {
    pub fn as_str(&self) -> &str {
        match self {
            Text::Static(s) => s,
            Text::Owned(s) => s,
            Text::Shared(s) => s,
        }
    }
}

impl Deref for Text {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl Default for Text {
    fn default() -> Text {
        Text::Static("")
    }
}

impl PartialEq for Text {
    fn eq(&self, other: &Text) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Text {}

impl std::hash::Hash for Text {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.as_str().hash(h)
    }
}

impl std::borrow::Borrow<str> for Text {
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl fmt::Debug for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl From<&'static str> for Text {
    fn from(s: &'static str) -> Text {
        Text::Static(s)
    }
}

impl From<String> for Text {
    /// Without the spare capacity `format!` leaves (often a third of a long help text).
    fn from(s: String) -> Text {
        Text::Owned(s.into_boxed_str())
    }
}

impl From<Cow<'static, str>> for Text {
    fn from(s: Cow<'static, str>) -> Text {
        match s {
            Cow::Borrowed(s) => Text::Static(s),
            Cow::Owned(s) => s.into(),
        }
    }
}

impl From<Arc<str>> for Text {
    fn from(s: Arc<str>) -> Text {
        Text::Shared(s)
    }
}

/// One problem found in one file. Spans are byte ranges into the file's text; line and column
/// are computed once, when the report is made.
#[derive(Clone, Debug, PartialEq)]
pub struct Finding {
    pub rule: &'static Rule,
    /// The rule's default until the engine applies the policy's level.
    pub severity: Severity,
    /// One step below the rule's level (`link/duplicate` across sections): an error-level rule
    /// reports it as a warning.
    pub demoted: bool,
    pub span: Range<usize>,
    pub message: String,
    /// What to do about it, one sentence. (Mostly fixed text: borrowed, not copied, so that
    /// tens of thousands of findings do not hold as many copies.)
    pub help: Option<Text>,
    /// A short label drawn under the span in human output.
    pub label: Option<Text>,
    /// Machine-readable details (`data` in json output).
    pub data: Data,
    /// Shared: findings resolved by one fix hold it once (every `structure/toc-mismatch` of a
    /// contents list carries the whole regenerated list), and behind a pointer, as few
    /// findings have one and a claim-dense list has tens of thousands.
    pub fix: Option<Arc<Fix>>,
    /// Whether `data` is built: false when the run's output never shows it (see
    /// `LintOptions::details`), so that a rule does not build JSON nobody reads.
    pub details: bool,
}

impl Finding {
    /// A finding of `rule` at `span`, at the rule's default severity.
    pub fn new(rule: &'static Rule, span: Range<usize>, message: impl Into<String>) -> Self {
        let mut message = message.into();
        // `format!` leaves spare capacity; tens of thousands of findings would keep it.
        message.shrink_to_fit();
        Finding {
            rule,
            severity: rule.severity,
            demoted: false,
            span,
            message,
            help: None,
            label: None,
            data: Data::default(),
            fix: None,
            details: true,
        }
    }

    pub fn help(mut self, help: impl Into<Text>) -> Self {
        self.help = Some(help.into());
        self
    }

    pub fn label(mut self, label: impl Into<Text>) -> Self {
        self.label = Some(label.into());
        self
    }

    /// Sets the machine-readable details, built by `data` only when the finding keeps them.
    pub fn data(mut self, data: impl FnOnce() -> serde_json::Value) -> Self {
        if self.details {
            self.data = Data::new(&data());
        }
        self
    }

    /// Whether `data` builds the details (see `details`).
    pub fn details(mut self, keep: bool) -> Self {
        self.details = keep;
        self
    }

    /// Reports this finding one step below the rule's level.
    pub fn demote(mut self) -> Self {
        self.demoted = true;
        self.severity = Severity::Warning;
        self
    }

    pub fn fix(mut self, fix: Fix) -> Self {
        self.fix = Some(Arc::new(fix));
        self
    }

    /// This finding is resolved by `fix`, which other findings share.
    pub fn shared_fix(mut self, fix: &Arc<Fix>) -> Self {
        self.fix = Some(Arc::clone(fix));
        self
    }

    /// Sets the severity from the rule's level (the policy's, else the rule's default).
    pub fn at_level(mut self, level: Severity) -> Self {
        self.severity = if self.demoted {
            Severity::Warning
        } else {
            level
        };
        self
    }
}
