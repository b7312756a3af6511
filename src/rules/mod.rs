//! The rules: what each check reads (`Context`), and the table of every rule. A rule's row
//! (name, default severity, summary, explanation, needs) is declared once, beside its check,
//! in its family's file; `RULES` lists the rows with their checks. A plain static table, no
//! macros: to add a rule, add a row here.

use crate::classify::{Classification, Classifier};
use crate::date::Date;
use crate::devices::DeviceTable;
use crate::directive::Directive;
use crate::document::Document;
use crate::facts::Facts;
use crate::finding::{Finding, Rule, Text};
use crate::input::SourceFile;
use crate::parse::Parsed;
use crate::policy::{scope, Policy, Scope};
use std::cell::{OnceCell, RefCell};
use std::ops::Range;
use std::path::Path;
use std::sync::{Arc, OnceLock};

pub mod entry;
pub mod evidence;
pub mod frontier;
pub mod links;
pub mod live;
pub mod perf;
pub mod source;
pub mod structure;
pub mod suppression;
mod toc;

/// What every check reads: the parsed file, the policy and the facts, plus what is derived
/// from them once per file. Checks are pure functions of it.
pub struct Context<'a, 'p> {
    pub file: &'a SourceFile,
    pub doc: &'a Document,
    pub directives: &'a [Directive],
    pub policy: &'p Policy,
    pub facts: &'a Facts,
    /// How the policy scopes each section (indexed like `doc.sections`).
    pub scopes: Vec<Scope>,
    /// The date frontier rules judge against.
    pub today: Date,
    /// The repository the file lies in (root-relative links resolve from it).
    pub repo_root: Option<&'a Path>,
    /// Whether findings carry their `data` (see `RunContext::details`).
    details: bool,
    classifier: &'a OnceLock<Classifier<'p>>,
    /// Each link's classification (None for links that are not sources), computed once.
    classes: OnceCell<Vec<Option<Classification>>>,
    /// The verification dates of each frontier section, found once for the four frontier rules.
    stamps: OnceCell<Vec<(usize, Vec<frontier::Stamp>)>>,
    /// The lines of results pasted in code blocks, read as claim blocks (see
    /// `claim_block`), found once for the perf rules.
    result_lines: OnceCell<Vec<perf::fenced::ResultLine>>,
    /// The performance claims of each block that has some, found once for the perf rules.
    claims: OnceCell<Vec<(usize, Vec<perf::claims::Claim>)>>,
    devices: &'a OnceLock<DeviceTable>,
    /// Each claim judged against the device table, aligned with `claims`.
    peaks: OnceCell<Vec<Vec<Option<Box<perf::peak::Judged>>>>>,
    /// Texts that many findings share (see `shared`), each held once.
    texts: RefCell<rustc_hash::FxHashSet<Arc<str>>>,
}

/// What a run shares with the rules of every file.
pub struct RunContext<'a, 'p> {
    pub policy: &'p Policy,
    pub facts: &'a Facts,
    pub today: Date,
    /// The `[sources]` policy compiled, on first use, once per run.
    pub classifier: &'a OnceLock<Classifier<'p>>,
    /// The `[[perf.devices]]` table compiled, on first use, once per run.
    pub devices: &'a OnceLock<DeviceTable>,
    /// Whether findings carry their machine-readable `data` (false when the output format
    /// never shows it).
    pub details: bool,
}

impl<'a, 'p> Context<'a, 'p> {
    pub fn new(
        parsed: &'a Parsed,
        run: &RunContext<'a, 'p>,
        repo_root: Option<&'a Path>,
    ) -> Context<'a, 'p> {
        Context {
            file: &parsed.file,
            doc: &parsed.doc,
            directives: &parsed.directives,
            policy: run.policy,
            facts: run.facts,
            scopes: scope::scopes(run.policy, &parsed.doc),
            today: run.today,
            repo_root,
            details: run.details,
            classifier: run.classifier,
            classes: OnceCell::new(),
            stamps: OnceCell::new(),
            result_lines: OnceCell::new(),
            claims: OnceCell::new(),
            devices: run.devices,
            peaks: OnceCell::new(),
            texts: RefCell::default(),
        }
    }

    /// The file's text.
    pub fn text(&self) -> &'a str {
        &self.file.text
    }

    /// The 1-based line of a byte offset.
    pub fn line_of(&self, offset: usize) -> usize {
        self.file.lines.line_of(offset)
    }

    /// A finding of `rule` at `span` (its severity is the rule's; the engine applies the
    /// policy's level).
    pub fn report(
        &self,
        rule: &'static Rule,
        span: Range<usize>,
        message: impl Into<String>,
    ) -> Finding {
        Finding::new(rule, span, message).details(self.details)
    }

    /// `text` held once for every finding of the file that has the same (a help that names
    /// a host: a list links few hosts many times).
    pub fn shared(&self, text: String) -> Text {
        let mut texts = self.texts.borrow_mut();
        if let Some(t) = texts.get(text.as_str()) {
            return Text::Shared(Arc::clone(t));
        }
        let t: Arc<str> = text.into();
        texts.insert(Arc::clone(&t));
        Text::Shared(t)
    }

    /// The source classifier of the run's policy.
    pub fn classifier(&self) -> &Classifier<'p> {
        self.classifier
            .get_or_init(|| Classifier::new(&self.policy.sources))
    }

    /// Each link's source classification, indexed like `doc.links`.
    pub fn classes(&self) -> &[Option<Classification>] {
        self.classes.get_or_init(|| source::classify_all(self))
    }

    /// Each frontier root section with the verification dates found in it.
    pub fn stamps(&self) -> &[(usize, Vec<frontier::Stamp>)] {
        self.stamps.get_or_init(|| frontier::find_stamps(self))
    }

    /// The lines of results pasted in fenced code blocks after a lead-in that announces
    /// them (`perf::fenced`), in order.
    pub fn result_lines(&self) -> &[perf::fenced::ResultLine] {
        self.result_lines.get_or_init(|| {
            if self.doc.code_blocks.is_empty() {
                return Vec::new();
            }
            perf::fenced::result_lines(self.doc, self.text(), &self.policy.perf, |s| {
                !perf::judged(self, s)
            })
        })
    }

    /// The block a claim of `claims()` stands in: a block of the document, or (past
    /// `doc.blocks`) a line of `result_lines()`.
    pub fn claim_block(&self, i: usize) -> &crate::document::Block {
        match self.doc.blocks.get(i) {
            Some(b) => b,
            None => &self.result_lines()[i - self.doc.blocks.len()].block,
        }
    }

    /// Each block with performance claims (block index, see `claim_block`; its claims), in
    /// order: the document's blocks, then the lines of results in code blocks.
    pub fn claims(&self) -> &[(usize, Vec<perf::claims::Claim>)] {
        self.claims.get_or_init(|| perf::find_all(self))
    }

    /// The device table of the run's policy, compiled on first use.
    pub fn devices(&self) -> &DeviceTable {
        self.devices
            .get_or_init(|| DeviceTable::for_list(&self.policy.perf.devices))
    }

    /// Each claim of `claims()` judged against the device table (None: nothing to report).
    pub fn peaks(&self) -> &[Vec<Option<Box<perf::peak::Judged>>>] {
        self.peaks.get_or_init(|| perf::peak::judge_all(self))
    }
}

/// A check: a pure function of the context.
pub type Check = fn(&Context) -> Vec<Finding>;

/// A row of the table: the rule and its check (None: reported by the engine's suppressions
/// phase, `suppression/*`).
pub struct Registered {
    pub rule: &'static Rule,
    pub check: Option<Check>,
}

const fn row(rule: &'static Rule, check: Check) -> Registered {
    Registered {
        rule,
        check: Some(check),
    }
}

pub static RULES: &[Registered] = &[
    row(&source::UNCLASSIFIED, source::unclassified),
    row(&source::INADMISSIBLE, source::inadmissible),
    row(&source::REPORT_EVIDENCE, source::report_evidence),
    row(&structure::TOC_MISMATCH, structure::toc_mismatch),
    row(&structure::EMPTY_SECTION, structure::empty_section),
    row(&structure::TOO_MANY_ENTRIES, structure::too_many_entries),
    row(&structure::FORBIDDEN_HEADING, structure::forbidden_heading),
    row(&structure::FORBIDDEN_TEXT, structure::forbidden_text),
    row(&entry::MISSING_DESCRIPTION, entry::missing_description),
    row(&links::MALFORMED, links::malformed),
    row(&links::BROKEN_ANCHOR, links::broken_anchor),
    row(&links::MISSING_FILE, links::missing_file),
    row(&links::DUPLICATE, links::duplicate),
    row(&links::INSECURE, links::insecure),
    row(&links::TRACKING_PARAMS, links::tracking_params),
    row(&live::BROKEN, live::broken),
    row(&live::REDIRECT, live::redirect),
    row(&live::UNVERIFIED, live::unverified),
    row(&live::PRIVATE_ADDRESS, live::private_address),
    row(&perf::MISSING_CONTEXT, perf::missing_context),
    row(&perf::VENDOR_PEAK, perf::vendor_peak),
    row(&perf::peak::EXCEEDS_PEAK, perf::peak::exceeds_peak),
    row(&frontier::MISSING_DATE, frontier::missing_date),
    row(&frontier::INVALID_DATE, frontier::invalid_date),
    row(&frontier::FUTURE_DATE, frontier::future_date),
    row(&frontier::STALE, frontier::stale),
    Registered {
        rule: &suppression::UNUSED,
        check: None,
    },
    Registered {
        rule: &suppression::MISSING_REASON,
        check: None,
    },
    Registered {
        rule: &suppression::INVALID,
        check: None,
    },
];

/// Every rule, in table order.
pub fn all() -> impl Iterator<Item = &'static Rule> {
    RULES.iter().map(|r| r.rule)
}

pub fn find(name: &str) -> Option<&'static Rule> {
    all().find(|r| r.name == name)
}

/// Every rule family, in table order.
pub fn families() -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for r in all() {
        if !out.contains(&r.family()) {
            out.push(r.family());
        }
    }
    out
}

/// Rule names and family names: what `--select`, `--ignore`, `[rules]` and `ignore=` accept.
pub fn selectors() -> Vec<&'static str> {
    let mut v: Vec<&'static str> = all().map(|r| r.name).collect();
    v.extend(families());
    v
}

/// The table of all rules, as `explain` prints it and README.md shows it.
pub fn table() -> String {
    table_of(None)
}

/// The table of one family's rules (None: all), in the same style as `table`.
pub fn table_of(family: Option<&str>) -> String {
    let mut s = String::from("| rule | default | fires when |\n|---|---|---|\n");
    for r in all().filter(|r| family.is_none_or(|f| r.family() == f)) {
        s.push_str(&format!(
            "| `{}` | {} | {} |\n",
            r.name,
            r.severity.as_str(),
            r.summary
        ));
    }
    s
}
