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
use crate::error::{did_you_mean_rule, Error};
use crate::facts::Facts;
use crate::finding::{covers, Finding, Level, Rule};
use crate::fix::{Edit, Fix};
use crate::input::{Input, SourceFile};
use crate::net::{NetOptions, Progress, Request};
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
    /// Validates rule names and families (spaces around names and empty items are dropped:
    /// `--select "link, source"`); unknown ones are an error with a suggestion.
    pub fn new(select: &[String], ignore: &[String]) -> Result<Selection, Error> {
        let known = rules::selectors();
        let clean = |list: &[String]| -> Vec<String> {
            list.iter()
                .map(|s| s.trim())
                .filter(|s| !s.is_empty())
                .map(String::from)
                .collect()
        };
        let (select, ignore) = (clean(select), clean(ignore));
        for (flag, list) in [("--select", &select), ("--ignore", &ignore)] {
            for s in list {
                if !known.contains(&s.as_str()) {
                    let mut e = Error::new(format!("{flag}: unknown rule or family `{s}`"));
                    e = match did_you_mean_rule(s, known.iter().copied()) {
                        Some(k) => e.with_help(format!("did you mean `{k}`?")),
                        None => e.with_help("`sourcepolicy explain` lists every rule"),
                    };
                    return Err(e);
                }
            }
        }
        Ok(Selection { select, ignore })
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
    /// `--online`: how to check links live (the rules that need live results run only then).
    pub online: Option<NetOptions>,
    /// `--changed-since`: report only findings on the lines each file changed (None: all).
    pub changes: Option<Changes>,
    /// `--fix` / `--diff`: apply safe fixes and lint again until nothing changes; the report
    /// then holds the fixed text (and the original), which the caller writes or diffs.
    pub fix: bool,
    /// Compute each file's overview (sources per kind per section, frontier dates) for the
    /// formats that show it.
    pub overview: bool,
    /// The process ends once the report is written (the command-line tool): the run's
    /// matchers and, offline, the last file's parsed document are left for the system to
    /// reclaim at exit instead of being freed one allocation at a time (a few percent of a
    /// run). Every other file's are freed as usual, so memory stays bounded by the largest
    /// file.
    pub exiting: bool,
    /// Give each finding its machine-readable `data` (the json format prints it). Off, the
    /// rules skip building it: a report of thousands of findings spends a tenth of its time
    /// on JSON no one reads.
    pub details: bool,
}

impl LintOptions {
    pub fn new(today: Date) -> LintOptions {
        LintOptions {
            today,
            selection: Selection::default(),
            online: None,
            changes: None,
            fix: false,
            overview: false,
            exiting: false,
            details: true,
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
    classifier: OnceLock<Classifier<'p>>,
    devices: OnceLock<crate::devices::DeviceTable>,
    known: Vec<&'static str>,
    /// Leave the next parsed file unfreed (the last of a run that ends the process).
    keep_parse: bool,
}

impl<'p> Engine<'p> {
    pub fn new(policy: &'p Policy, opts: &'p LintOptions) -> Engine<'p> {
        Engine {
            policy,
            opts,
            facts: Facts::default(),
            classifier: OnceLock::new(),
            devices: OnceLock::new(),
            known: rules::selectors(),
            keep_parse: false,
        }
    }

    /// What every rule of this run sees besides the file: the policy, the facts, the date and
    /// the matchers compiled once per run.
    fn run_context(&self) -> RunContext<'_, 'p> {
        RunContext {
            policy: self.policy,
            facts: &self.facts,
            today: self.opts.today,
            classifier: &self.classifier,
            devices: &self.devices,
            details: self.opts.details,
        }
    }

    /// Whether a rule runs: selected, not turned off by the policy, and online only when the
    /// live facts were gathered.
    pub fn enabled(&self, rule: &Rule) -> bool {
        (!rule.online || self.facts.online())
            && self.opts.selection.allows(rule.name)
            && self.policy.level_for(rule.name) != Some(Level::Off)
    }

    /// Lints one file through every phase (offline; an online run gathers the live facts of
    /// all its files first, see `lint_paths`).
    pub fn lint(&mut self, file: SourceFile) -> FileReport {
        let parsed = parse(file, self.policy);
        self.lint_parsed(parsed)
    }

    /// The phases after parsing.
    fn lint_parsed(&mut self, parsed: Parsed) -> FileReport {
        if self.facts.tracks_inputs() {
            if let Some(c) = parsed
                .file
                .path
                .as_deref()
                .and_then(|p| std::fs::canonicalize(p).ok())
            {
                self.facts.linted(c, parsed.doc.anchors());
            }
        }
        // Only the changed lines count, unless the file is new (or without a path).
        let mut changed = self.changed_lines(&parsed.file);
        let mut parsed = parsed;
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
        let Parsed {
            file,
            doc,
            directives,
        } = parsed;
        // Freed before the report is made: a report of many findings holds them twice while
        // it orders them and computes their regions.
        if self.keep_parse {
            std::mem::forget((doc, directives));
        } else {
            drop((doc, directives));
        }
        let mut report = FileReport::new(file, findings, entries, sources);
        report.overview = overview;
        report.fixed = fixed;
        report.original = original;
        report.hidden = hidden;
        report
    }

    /// The lines of a file that `--changed-since` keeps findings on (None: all of them).
    fn changed_lines(&self, file: &SourceFile) -> Option<LineSet> {
        match self.opts.changes.as_ref()?.of(file.path.as_deref())? {
            FileChanges::Lines(l) => Some(l.clone()),
            FileChanges::Whole => None,
        }
    }

    /// Facts, rules, suppressions, levels and selection, then the `--changed-since` filter:
    /// the findings of one parsed file, and how many the filter left out.
    fn findings(&mut self, parsed: &Parsed, changed: Option<&LineSet>) -> (Vec<Finding>, usize) {
        let repo_root = parsed.file.base_dir().and_then(crate::input::repo_root);
        // Facts: the only I/O after reading (the live ones were gathered for all files first).
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
        let run = self.run_context();
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

    /// The web links of a parsed file to check live: every http(s) link; the pages of sources
    /// the rules need to see (reports, unclassified sources, and repositories when a token can
    /// ask GitHub's API) are read for facts.
    fn web_requests(&self, parsed: &Parsed, token: bool) -> Vec<Request> {
        let run = self.run_context();
        let cx = Context::new(parsed, &run, None);
        let classes = cx.classes();
        // Under `--changed-since`, only the links on changed lines are requested.
        let changed = self.changed_lines(&parsed.file);
        crate::changed::links_in_scope(&parsed.doc, &parsed.file.lines, changed.as_ref())
            .into_iter()
            .map(|i| (i, &parsed.doc.links[i]))
            .filter(|(_, l)| matches!(l.target, crate::target::Target::Web(_)))
            .map(|(i, l)| {
                let read_page = classes[i].as_ref().is_some_and(|c| match c.kind {
                    Some(crate::classify::Kind::Report) => true,
                    Some(crate::classify::Kind::Repo) => token,
                    Some(_) => false,
                    None => c.inadmissible.is_none() && c.none.is_none(),
                });
                Request {
                    url: l.url.trim().to_string(),
                    read_page,
                    fragment: None,
                }
            })
            .collect()
    }

    /// The rules phase: every enabled check over one parsed file.
    fn check(&self, parsed: &Parsed, repo_root: Option<&Path>) -> Vec<Finding> {
        let run = self.run_context();
        let cx = Context::new(parsed, &run, repo_root);
        let mut findings: Vec<Finding> = Vec::new();
        for r in RULES {
            if let Some(check) = r.check {
                if self.enabled(r.rule) {
                    let mut more = check(&cx);
                    // The larger list takes the other in, in rule order (`--fix` resolves
                    // clashing fixes by it): on a claim-dense list one rule's findings are
                    // most of the memory of a run, and extending a smaller list with them
                    // would hold both copies at once.
                    if more.len() > findings.len() {
                        more.splice(0..0, findings.drain(..));
                        findings = more;
                    } else {
                        findings.append(&mut more);
                    }
                }
            }
        }
        findings
    }

    /// Every source of a file with its classification (for `entries`).
    pub fn entries(&self, file: SourceFile) -> Vec<SourceRow> {
        let parsed = parse(file, self.policy);
        let run = self.run_context();
        let cx = Context::new(&parsed, &run, None);
        crate::report::entries::rows(&parsed.file, &parsed.doc, cx.classes())
    }
}

impl Engine<'_> {
    /// The facts phase's live part: checks the web links of every parsed file at once, so
    /// that each URL of the run is requested once, whatever file holds it.
    fn gather_web(
        &mut self,
        parsed: &[Parsed],
        net: &NetOptions,
        progress: &(dyn Fn(Progress) + Sync),
    ) -> Result<(), Error> {
        let token = net.github_token.is_some();
        let requests: Vec<Request> = parsed
            .iter()
            .flat_map(|p| self.web_requests(p, token))
            .collect();
        self.facts
            .gather_web(&requests, net, progress)
            .map_err(|e| Error::new(e.to_string()))
    }
}

/// Reads and lints files (see `lint_inputs`); the first unreadable file fails the run.
pub fn lint_paths(
    paths: &[PathBuf],
    policy: &Policy,
    opts: &LintOptions,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<RunReport, Error> {
    let inputs: Vec<Input> = paths.iter().cloned().map(Input::File).collect();
    let (report, mut failed) = lint_inputs(&inputs, policy, opts, progress);
    match failed.is_empty() {
        true => Ok(report),
        false => Err(failed.remove(0)),
    }
}

/// Reads and lints inputs. An input that cannot be read is returned with the report of the
/// others (the run then exits 2). Offline, each input is read, parsed and linted before the
/// next is read (memory bounded by the largest file); online, every input is parsed first so
/// that the live check requests each URL of the run once. `progress` hears about the live
/// check.
pub fn lint_inputs(
    inputs: &[Input],
    policy: &Policy,
    opts: &LintOptions,
    progress: &(dyn Fn(Progress) + Sync),
) -> (RunReport, Vec<Error>) {
    let mut engine = Engine::new(policy, opts);
    // With several inputs, a file that one links (with a #fragment) and the run lints is
    // read once: the facts phase shares what it reads.
    let canonical: Vec<Option<PathBuf>> = inputs
        .iter()
        .map(|i| match i {
            Input::File(p) if inputs.len() > 1 => std::fs::canonicalize(p).ok(),
            _ => None,
        })
        .collect();
    engine
        .facts
        .expect_inputs(canonical.iter().flatten().cloned());
    let read = |engine: &mut Engine, input: &Input, canonical: &Option<PathBuf>| {
        let kept = canonical.as_deref().and_then(|c| engine.facts.take_read(c));
        kept.map_or_else(
            || crate::input::read_input(input, policy.list.max_file_bytes),
            Ok,
        )
    };
    let mut files = Vec::with_capacity(inputs.len());
    let mut failed = Vec::new();
    match &opts.online {
        None => {
            for (k, (input, canonical)) in inputs.iter().zip(&canonical).enumerate() {
                engine.keep_parse = opts.exiting && k + 1 == inputs.len();
                match read(&mut engine, input, canonical) {
                    Ok(file) => files.push(engine.lint(file)),
                    Err(e) => failed.push(e),
                }
            }
        }
        Some(net) => {
            let mut parsed = Vec::with_capacity(inputs.len());
            for (input, canonical) in inputs.iter().zip(&canonical) {
                match read(&mut engine, input, canonical) {
                    Ok(file) => parsed.push(parse(file, policy)),
                    Err(e) => failed.push(e),
                }
            }
            match engine.gather_web(&parsed, net, progress) {
                Ok(()) => files.extend(parsed.into_iter().map(|p| engine.lint_parsed(p))),
                Err(e) => failed.push(e),
            }
        }
    }
    let mut report = RunReport::new(files);
    report.unread = failed.len();
    report.changed_since = opts.changes.as_ref().map(|c| c.reference.clone());
    if let Some(web) = engine.facts.web_facts() {
        report.notes.extend(web.warnings.iter().cloned());
        // The job summary's live links: what was requested, and what the rules made of it.
        let count = |rule: &str| {
            report
                .findings()
                .filter(|(_, r)| r.finding.rule.name == rule)
                .count()
        };
        report.links = Some(crate::report::LinkTotals {
            checked: web.stats.urls,
            broken: count("link/broken"),
            unverified: count("link/unverified"),
        });
    }
    if opts.exiting {
        std::mem::forget(engine);
    }
    (report, failed)
}

/// The `--fix` phase over one file: the safe fixes its findings carry, applied where they do
/// not overlap (findings that share one fix, such as every `structure/toc-mismatch` of a
/// contents list, are resolved by it together). None when nothing applies.
fn fix_pass(parsed: &Parsed, findings: &[Finding]) -> Option<FixPass> {
    let mut unique: Vec<&Fix> = Vec::new();
    let mut owners: Vec<Vec<&Finding>> = Vec::new();
    let mut index: std::collections::HashMap<&Fix, usize> = std::collections::HashMap::new();
    // A fix that findings share is one allocation: known by its address, it is compared (and
    // hashed, all of a regenerated contents list) once, not once per finding.
    let mut by_address: std::collections::HashMap<*const Fix, usize> =
        std::collections::HashMap::new();
    for f in findings {
        let Some(fix) = f.fix.as_deref().filter(|x| x.is_safe()) else {
            continue;
        };
        if let Some(&i) = by_address.get(&std::ptr::from_ref(fix)) {
            owners[i].push(f);
            continue;
        }
        by_address.insert(
            std::ptr::from_ref(fix),
            index.get(fix).copied().unwrap_or(unique.len()),
        );
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
    let inputs: Vec<Input> = paths.iter().cloned().map(Input::File).collect();
    let (rows, mut failed) = list_inputs(&inputs, policy);
    match failed.is_empty() {
        true => Ok(rows),
        false => Err(failed.remove(0)),
    }
}

/// Every source of every readable input, with its classification; and the inputs that could
/// not be read.
pub fn list_inputs(inputs: &[Input], policy: &Policy) -> (Vec<SourceRow>, Vec<Error>) {
    let opts = LintOptions::new(Date::today_utc());
    let engine = Engine::new(policy, &opts);
    let mut rows = Vec::new();
    let mut failed = Vec::new();
    for input in inputs {
        match crate::input::read_input(input, policy.list.max_file_bytes) {
            Ok(file) => rows.extend(engine.entries(file)),
            Err(e) => failed.push(e),
        }
    }
    (rows, failed)
}

/// Lints a text as if it were the file `name` (relative links resolve from its folder).
///
/// # Panics
/// With `opts.online`, when the live checker cannot start (no async runtime); the binary
/// uses `lint_paths`, which reports that as an error.
pub fn lint_text(
    name: &str,
    text: impl Into<String>,
    policy: &Policy,
    opts: &LintOptions,
) -> FileReport {
    let mut engine = Engine::new(policy, opts);
    let parsed = parse(SourceFile::from_text(name, text), policy);
    if let Some(net) = &opts.online {
        if let Err(e) = engine.gather_web(std::slice::from_ref(&parsed), net, &|_| {}) {
            panic!("{}", e.message);
        }
    }
    engine.lint_parsed(parsed)
}

/// The sources of a text as if it were the file `name`.
pub fn source_rows(name: &str, text: &str, policy: &Policy) -> Vec<SourceRow> {
    let opts = LintOptions::new(Date::today_utc());
    Engine::new(policy, &opts).entries(SourceFile::from_text(name, text))
}
