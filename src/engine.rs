//! The engine: the phases of a run over data it owns.
//!
//! read (`input`) → parse each file once (`parse`) → facts (`facts`: local files and their
//! anchors; the only I/O after reading) → rules, pure functions of (parsed, policy, facts)
//! (`rules`) → suppressions (`rules::suppression`) → the policy's levels and `--select` /
//! `--ignore` → `--changed-since` line filter (`changed`) → `--fix`: safe fixes applied and the
//! file linted again until nothing changes (`fix`) → one report (`report::RunReport`). Files
//! are linted one at a time, so the memory of a run is bounded by its largest file.

use crate::changed::{Changes, FileChanges, LineSet};
use crate::classify::Classifier;
use crate::date::Date;
use crate::error::{did_you_mean, Error};
use crate::facts::Facts;
use crate::finding::{covers, Finding, Level, Rule};
use crate::fix::{Edit, Fix};
use crate::input::SourceFile;
use crate::parse::{parse, Parsed};
use crate::policy::Policy;
use crate::report::entries::SourceRow;
use crate::report::overview::{FrontierDate, Overview};
use crate::report::{AppliedFix, FileReport, RunReport};
use crate::rules::{self, Context, RunContext, RULES};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// Which rules a run reports: `--select` (empty = all) minus `--ignore`.
#[derive(Debug, Clone, Default)]
pub struct Selection {
    select: Vec<String>,
    ignore: Vec<String>,
}

impl Selection {
    /// Validates rule names and families; unknown ones are an error with a suggestion.
    pub fn new(select: &[String], ignore: &[String]) -> Result<Selection, Error> {
        let known = rules::selectors();
        for (flag, list) in [("--select", select), ("--ignore", ignore)] {
            for s in list {
                if !known.contains(&s.as_str()) {
                    let mut e = Error::new(format!("{flag}: unknown rule or family `{s}`"));
                    e = match did_you_mean(s, known.iter().copied()) {
                        Some(k) => e.with_help(format!("did you mean `{k}`?")),
                        None => e.with_help("`sourcepolicy explain` lists every rule"),
                    };
                    return Err(e);
                }
            }
        }
        Ok(Selection {
            select: select.to_vec(),
            ignore: ignore.to_vec(),
        })
    }

    pub fn allows(&self, rule: &str) -> bool {
        (self.select.is_empty() || self.select.iter().any(|s| covers(s, rule)))
            && !self.ignore.iter().any(|s| covers(s, rule))
    }
}

/// How a run is made.
#[derive(Debug, Clone)]
pub struct LintOptions {
    /// The date frontier rules judge against.
    pub today: Date,
    pub selection: Selection,
    /// Whether rules that need live link results run.
    pub online: bool,
    /// `--changed-since`: report only findings on the lines each file changed (None: all).
    pub changes: Option<Changes>,
    /// `--fix` / `--diff`: apply safe fixes and lint again until nothing changes; the report
    /// then holds the fixed text (and the original), which the caller writes or diffs.
    pub fix: bool,
    /// Compute each file's overview (sources per kind per section, frontier dates) for the
    /// formats that show it.
    pub overview: bool,
}

impl LintOptions {
    pub fn new(today: Date) -> LintOptions {
        LintOptions {
            today,
            selection: Selection::default(),
            online: false,
            changes: None,
            fix: false,
            overview: false,
        }
    }
}

/// How many times `--fix` lints a file again after applying fixes (fixes that overlapped get
/// their turn in a later pass); a list needs two at most in practice.
const MAX_FIX_PASSES: usize = 10;

/// The fixes applied in one pass: the new text, what was fixed, and the edits made.
struct FixPass {
    text: String,
    applied: Vec<AppliedFix>,
    edits: Vec<Edit>,
}

/// A run: the policy and options, and what it learns once for all its files.
pub struct Engine<'p> {
    policy: &'p Policy,
    opts: &'p LintOptions,
    facts: Facts,
    classifier: OnceLock<Classifier>,
    known: Vec<&'static str>,
}

impl<'p> Engine<'p> {
    pub fn new(policy: &'p Policy, opts: &'p LintOptions) -> Engine<'p> {
        Engine {
            policy,
            opts,
            facts: Facts::default(),
            classifier: OnceLock::new(),
            known: rules::selectors(),
        }
    }

    /// Whether a rule runs: selected, not turned off by the policy, and online only when the
    /// run is.
    pub fn enabled(&self, rule: &Rule) -> bool {
        (!rule.online || self.opts.online)
            && self.opts.selection.allows(rule.name)
            && self.policy.level_for(rule.name) != Some(Level::Off)
    }

    /// Lints one file through every phase.
    pub fn lint(&mut self, file: SourceFile) -> FileReport {
        // Only the changed lines count, unless the file is new (or without a path).
        let mut changed: Option<LineSet> = match self
            .opts
            .changes
            .as_ref()
            .and_then(|c| c.of(file.path.as_deref()))
        {
            Some(FileChanges::Lines(l)) => Some(l.clone()),
            Some(FileChanges::Whole) | None => None,
        };
        let mut parsed = parse(file, self.policy);
        let (mut findings, mut hidden) = self.findings(&parsed, changed.as_ref());
        let mut fixed = Vec::new();
        let mut original = None;
        if self.opts.fix {
            for _ in 0..MAX_FIX_PASSES {
                let Some(pass) = fix_pass(&parsed, &findings) else {
                    break;
                };
                original.get_or_insert_with(|| parsed.file.text.clone());
                let file = SourceFile::new(
                    parsed.file.path.clone(),
                    parsed.file.shown.clone(),
                    pass.text,
                );
                changed = changed.map(|c| {
                    c.remap(
                        &parsed.file.text,
                        &parsed.file.lines,
                        &pass.edits,
                        &file.lines,
                    )
                });
                fixed.extend(pass.applied);
                parsed = parse(file, self.policy);
                (findings, hidden) = self.findings(&parsed, changed.as_ref());
            }
        }
        let overview = self.opts.overview.then(|| self.overview(&parsed));
        let entries = parsed.doc.entries.len();
        let sources = parsed.doc.entries.iter().map(|e| e.links.len()).sum();
        let mut report = FileReport::new(parsed.file, findings, entries, sources);
        report.overview = overview;
        report.fixed = fixed;
        report.original = original;
        report.hidden = hidden;
        report
    }

    /// Facts, rules, suppressions, levels and selection, then the `--changed-since` filter:
    /// the findings of one parsed file, and how many the filter left out.
    fn findings(&mut self, parsed: &Parsed, changed: Option<&LineSet>) -> (Vec<Finding>, usize) {
        let repo_root = parsed.file.base_dir().and_then(crate::input::repo_root);
        // Facts: the only I/O after reading. (Live link checks request only the links of
        // `crate::changed::links_in_scope(&parsed.doc, &parsed.file.lines, changed)`.)
        self.facts.gather_local(
            &parsed.file,
            &parsed.doc,
            repo_root.as_deref(),
            self.policy.list.max_file_bytes,
        );
        let findings = self.check(parsed, repo_root.as_deref());
        let findings = rules::suppression::apply(
            &parsed.file.lines,
            &parsed.directives,
            findings,
            &|r| self.enabled(r),
            &self.known,
        );
        let findings: Vec<Finding> = findings
            .into_iter()
            .filter(|f| self.enabled(f.rule))
            .map(|f| {
                let level = match self.policy.level_for(f.rule.name) {
                    Some(Level::Error) => crate::finding::Severity::Error,
                    Some(Level::Warning) => crate::finding::Severity::Warning,
                    _ => f.rule.severity,
                };
                f.at_level(level)
            })
            .collect();
        match changed {
            Some(lines) => crate::changed::filter(findings, lines, &parsed.doc, &parsed.file.lines),
            None => (findings, 0),
        }
    }

    /// Sources per kind per section and the frontier dates of a parsed file.
    fn overview(&self, parsed: &Parsed) -> Overview {
        let repo_root = parsed.file.base_dir().and_then(crate::input::repo_root);
        let run = RunContext {
            policy: self.policy,
            facts: &self.facts,
            today: self.opts.today,
            classifier: &self.classifier,
        };
        let cx = Context::new(parsed, &run, repo_root.as_deref());
        let max_age_days = self.policy.frontier.max_age_days;
        let frontier = cx
            .stamps()
            .iter()
            .map(|(root, stamps)| {
                let first = stamps.first();
                let date = first.and_then(|s| s.date());
                FrontierDate {
                    section: parsed.doc.sections[*root].title.clone(),
                    date,
                    invalid: first
                        .filter(|s| s.date().is_none())
                        .map(|s| s.text().to_string()),
                    age_days: date
                        .map(|d| self.opts.today.days_since_epoch() - d.days_since_epoch()),
                    max_age_days,
                }
            })
            .collect();
        Overview::new(&parsed.doc, cx.classes(), frontier)
    }

    /// The rules phase: every enabled check over one parsed file.
    fn check(&self, parsed: &Parsed, repo_root: Option<&Path>) -> Vec<Finding> {
        let run = RunContext {
            policy: self.policy,
            facts: &self.facts,
            today: self.opts.today,
            classifier: &self.classifier,
        };
        let cx = Context::new(parsed, &run, repo_root);
        let mut findings = Vec::new();
        for r in RULES {
            if let Some(check) = r.check {
                if self.enabled(r.rule) {
                    findings.extend(check(&cx));
                }
            }
        }
        findings
    }

    /// Every source of a file with its classification (for `entries`).
    pub fn entries(&self, file: SourceFile) -> Vec<SourceRow> {
        let parsed = parse(file, self.policy);
        let run = RunContext {
            policy: self.policy,
            facts: &self.facts,
            today: self.opts.today,
            classifier: &self.classifier,
        };
        let cx = Context::new(&parsed, &run, None);
        crate::report::entries::rows(&parsed.file, &parsed.doc, cx.classes())
    }
}

/// Reads and lints files one at a time; the first unreadable file fails the run.
pub fn lint_files(
    paths: &[PathBuf],
    policy: &Policy,
    opts: &LintOptions,
) -> Result<RunReport, Error> {
    let mut engine = Engine::new(policy, opts);
    let mut files = Vec::with_capacity(paths.len());
    for p in paths {
        let file = crate::input::read_file(p, policy.list.max_file_bytes)?;
        files.push(engine.lint(file));
    }
    let mut report = RunReport::new(files);
    report.changed_since = opts.changes.as_ref().map(|c| c.reference.clone());
    Ok(report)
}

/// The `--fix` phase over one file: the safe fixes its findings carry, applied where they do
/// not overlap (findings that share one fix, such as every `structure/toc-mismatch` of a
/// contents list, are resolved by it together). None when nothing applies.
fn fix_pass(parsed: &Parsed, findings: &[Finding]) -> Option<FixPass> {
    let mut unique: Vec<&Fix> = Vec::new();
    let mut owners: Vec<Vec<&Finding>> = Vec::new();
    let mut index: std::collections::HashMap<&Fix, usize> = std::collections::HashMap::new();
    for f in findings {
        let Some(fix) = f.fix.as_ref().filter(|x| x.is_safe()) else {
            continue;
        };
        match index.get(fix) {
            Some(&i) => owners[i].push(f),
            None => {
                index.insert(fix, unique.len());
                unique.push(fix);
                owners.push(vec![f]);
            }
        }
    }
    if unique.is_empty() {
        return None;
    }
    let fixes: Vec<Fix> = unique.iter().map(|f| (*f).clone()).collect();
    let text = &parsed.file.text;
    let a = crate::fix::apply(text, &fixes);
    if a.applied.is_empty() || a.text == *text {
        return None;
    }
    let mut applied = Vec::new();
    let mut edits = Vec::new();
    for &i in &a.applied {
        let changes: Vec<(String, String)> = fixes[i]
            .edits
            .iter()
            .map(|e| (text[e.range.clone()].to_string(), e.replacement.clone()))
            .collect();
        edits.extend(fixes[i].edits.iter().cloned());
        for f in &owners[i] {
            let pos = parsed.file.lines.position(text, f.span.start);
            applied.push(AppliedFix {
                rule: f.rule,
                message: f.message.clone(),
                line: pos.line,
                column: pos.column,
                edits: changes.clone(),
            });
        }
    }
    applied.sort_by_key(|f| (f.line, f.column));
    Some(FixPass {
        text: a.text,
        applied,
        edits,
    })
}

/// Every source of every file, with its classification.
pub fn list_sources(paths: &[PathBuf], policy: &Policy) -> Result<Vec<SourceRow>, Error> {
    let opts = LintOptions::new(Date::today_utc());
    let engine = Engine::new(policy, &opts);
    let mut rows = Vec::new();
    for p in paths {
        let file = crate::input::read_file(p, policy.list.max_file_bytes)?;
        rows.extend(engine.entries(file));
    }
    Ok(rows)
}

/// Lints a text as if it were the file `name` (relative links resolve from its folder).
pub fn lint_text(
    name: &str,
    text: impl Into<String>,
    policy: &Policy,
    opts: &LintOptions,
) -> FileReport {
    Engine::new(policy, opts).lint(SourceFile::from_text(name, text))
}

/// The sources of a text as if it were the file `name`.
pub fn source_rows(name: &str, text: &str, policy: &Policy) -> Vec<SourceRow> {
    let opts = LintOptions::new(Date::today_utc());
    Engine::new(policy, &opts).entries(SourceFile::from_text(name, text))
}
