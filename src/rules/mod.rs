//! The rule table: every rule's name, default severity, one-line summary, embedded explanation
//! and check function. A plain static table, no macros: to add a rule, add a row.

use crate::date::Date;
use crate::document::Document;
use crate::finding::{Finding, Severity};
use crate::policy::{Policy, Scope};
use crate::suppress::Directive;
use std::path::Path;

pub mod entry;
pub mod frontier;
pub mod links;
pub mod perf;
pub mod source;
pub mod structure;

/// What every check function gets: the parsed document and the policy, plus what is derived
/// from them once per file.
pub struct Context<'a> {
    pub doc: &'a Document<'a>,
    pub policy: &'a Policy,
    /// How the policy scopes each section (indexed like `doc.sections`).
    pub scopes: Vec<Scope>,
    pub directives: &'a [Directive],
    /// The date frontier rules judge against.
    pub today: Date,
    /// The folder of the linted file, for relative links (None for text without a file).
    pub base_dir: Option<&'a Path>,
    /// Each link's classification (None for links that are not sources), computed once.
    classes: std::cell::OnceCell<Vec<Option<source::Classification>>>,
    /// The verification dates of each frontier section, found once for the four frontier rules.
    stamps: std::cell::OnceCell<Vec<(usize, Vec<frontier::Stamp>)>>,
}

impl<'a> Context<'a> {
    pub fn new(
        doc: &'a Document<'a>,
        policy: &'a Policy,
        directives: &'a [Directive],
        today: Date,
        base_dir: Option<&'a Path>,
    ) -> Context<'a> {
        Context {
            doc,
            policy,
            scopes: policy.scopes(doc),
            directives,
            today,
            base_dir,
            classes: Default::default(),
            stamps: Default::default(),
        }
    }

    /// Each link's source classification, indexed like `doc.links`.
    pub fn classes(&self) -> &[Option<source::Classification>] {
        self.classes.get_or_init(|| source::classify_all(self))
    }

    /// Each frontier root section with the verification dates found in it.
    pub fn stamps(&self) -> &[(usize, Vec<frontier::Stamp>)] {
        self.stamps.get_or_init(|| frontier::find_stamps(self))
    }
}

pub type Check = fn(&Context) -> Vec<Finding>;

pub struct Rule {
    pub name: &'static str,
    pub severity: Severity,
    pub summary: &'static str,
    /// Markdown under the headings What it checks / Why / Example / How to fix.
    pub explanation: &'static str,
    /// None for rules the engine itself reports (suppression/*).
    pub check: Option<Check>,
}

impl Rule {
    pub fn family(&self) -> &'static str {
        self.name.split('/').next().unwrap_or(self.name)
    }
}

use Severity::{Error, Warning};

pub static RULES: &[Rule] = &[
    Rule {
        name: "source/unclassified",
        severity: Error,
        summary: "a source in a core section matches none of the four admissible kinds",
        explanation: include_str!("../../docs/rules/source-unclassified.md"),
        check: Some(source::unclassified),
    },
    Rule {
        name: "source/inadmissible",
        severity: Error,
        summary: "a source is a known non-primary kind (video, social, forum, blog platform, aggregator, news, marketing)",
        explanation: include_str!("../../docs/rules/source-inadmissible.md"),
        check: Some(source::inadmissible),
    },
    Rule {
        name: "source/report-evidence",
        severity: Error,
        summary: "a `report` names no code (a repository link in the entry, or `code=` in its comment)",
        explanation: include_str!("../../docs/rules/source-report-evidence.md"),
        check: Some(source::report_evidence),
    },
    Rule {
        name: "structure/toc-mismatch",
        severity: Error,
        summary: "the contents list and the headings disagree (missing, extra, out of order)",
        explanation: include_str!("../../docs/rules/structure-toc-mismatch.md"),
        check: Some(structure::toc_mismatch),
    },
    Rule {
        name: "structure/empty-section",
        severity: Error,
        summary: "a core or frontier section has no external link",
        explanation: include_str!("../../docs/rules/structure-empty-section.md"),
        check: Some(structure::empty_section),
    },
    Rule {
        name: "structure/too-many-entries",
        severity: Warning,
        summary: "a section has more entries than [sections] max_entries",
        explanation: include_str!("../../docs/rules/structure-too-many-entries.md"),
        check: Some(structure::too_many_entries),
    },
    Rule {
        name: "structure/forbidden-heading",
        severity: Error,
        summary: "a heading matches a banned pattern (e.g. `Tier 2`)",
        explanation: include_str!("../../docs/rules/structure-forbidden-heading.md"),
        check: Some(structure::forbidden_heading),
    },
    Rule {
        name: "structure/forbidden-text",
        severity: Error,
        summary: "the source contains banned text (e.g. `**Checkpoint:**` markers)",
        explanation: include_str!("../../docs/rules/structure-forbidden-text.md"),
        check: Some(structure::forbidden_text),
    },
    Rule {
        name: "entry/missing-description",
        severity: Warning,
        summary: "an entry has a link but no description",
        explanation: include_str!("../../docs/rules/entry-missing-description.md"),
        check: Some(entry::missing_description),
    },
    Rule {
        name: "link/malformed",
        severity: Error,
        summary: "a URL does not parse, or uses a scheme a list should not link to",
        explanation: include_str!("../../docs/rules/link-malformed.md"),
        check: Some(links::malformed),
    },
    Rule {
        name: "link/broken-anchor",
        severity: Error,
        summary: "a `#fragment` matches no heading's GitHub anchor",
        explanation: include_str!("../../docs/rules/link-broken-anchor.md"),
        check: Some(links::broken_anchor),
    },
    Rule {
        name: "link/missing-file",
        severity: Error,
        summary: "a relative link points to a file (or an anchor in it) that does not exist",
        explanation: include_str!("../../docs/rules/link-missing-file.md"),
        check: Some(links::missing_file),
    },
    Rule {
        name: "link/duplicate",
        severity: Error,
        summary:
            "the same resource twice after normalisation (error in one section, warning across)",
        explanation: include_str!("../../docs/rules/link-duplicate.md"),
        check: Some(links::duplicate),
    },
    Rule {
        name: "link/insecure",
        severity: Warning,
        summary: "an `http://` link to a public host",
        explanation: include_str!("../../docs/rules/link-insecure.md"),
        check: Some(links::insecure),
    },
    Rule {
        name: "perf/missing-context",
        severity: Error,
        summary: "a performance number lacks one or more of hardware, workload, precision, baseline, correctness method",
        explanation: include_str!("../../docs/rules/perf-missing-context.md"),
        check: Some(perf::missing_context),
    },
    Rule {
        name: "perf/vendor-peak",
        severity: Error,
        summary: "a peak-rate number (FLOP/s, bandwidth) in a hardware section, stated as a capability",
        explanation: include_str!("../../docs/rules/perf-vendor-peak.md"),
        check: Some(perf::vendor_peak),
    },
    Rule {
        name: "frontier/missing-date",
        severity: Error,
        summary: "a frontier section carries no verification date",
        explanation: include_str!("../../docs/rules/frontier-missing-date.md"),
        check: Some(frontier::missing_date),
    },
    Rule {
        name: "frontier/invalid-date",
        severity: Error,
        summary: "the verification date does not exist or is not YYYY-MM-DD",
        explanation: include_str!("../../docs/rules/frontier-invalid-date.md"),
        check: Some(frontier::invalid_date),
    },
    Rule {
        name: "frontier/future-date",
        severity: Error,
        summary: "the verification date is after --today",
        explanation: include_str!("../../docs/rules/frontier-future-date.md"),
        check: Some(frontier::future_date),
    },
    Rule {
        name: "frontier/stale",
        severity: Warning,
        summary: "the verification date is older than [frontier] max_age_days",
        explanation: include_str!("../../docs/rules/frontier-stale.md"),
        check: Some(frontier::stale),
    },
    Rule {
        name: "suppression/unused",
        severity: Warning,
        summary: "an ignore comment suppressed nothing",
        explanation: include_str!("../../docs/rules/suppression-unused.md"),
        check: None,
    },
    Rule {
        name: "suppression/missing-reason",
        severity: Error,
        summary: "an ignore comment gives no reason",
        explanation: include_str!("../../docs/rules/suppression-missing-reason.md"),
        check: None,
    },
    Rule {
        name: "suppression/invalid",
        severity: Error,
        summary: "a sourcepolicy comment cannot be read (unknown key or rule, bad quoting)",
        explanation: include_str!("../../docs/rules/suppression-invalid.md"),
        check: None,
    },
];

pub fn find(name: &str) -> Option<&'static Rule> {
    RULES.iter().find(|r| r.name == name)
}

/// Every rule family, in table order.
pub fn families() -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for r in RULES {
        if !out.contains(&r.family()) {
            out.push(r.family());
        }
    }
    out
}

/// Rule names and family names: what `--select`, `--ignore`, `[rules]` and `ignore=` accept.
pub fn selectors() -> Vec<&'static str> {
    let mut v: Vec<&'static str> = RULES.iter().map(|r| r.name).collect();
    v.extend(families());
    v
}

/// Whether `selector` (a rule name or a family) covers `rule`.
pub fn covers(selector: &str, rule: &str) -> bool {
    selector == rule
        || rule
            .strip_prefix(selector)
            .is_some_and(|rest| rest.starts_with('/'))
}
