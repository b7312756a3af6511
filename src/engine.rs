//! The engine: the phases of a run over data it owns.
//!
//! read (`input`) → parse each file once (`parse`) → facts (`facts`: local files and their
//! anchors; the only I/O after reading) → rules, pure functions of (parsed, policy, facts)
//! (`rules`) → suppressions (`rules::suppression`) → the policy's levels and `--select` /
//! `--ignore` → one report (`report::RunReport`). Files are linted one at a time, so the
//! memory of a run is bounded by its largest file.

use crate::classify::Classifier;
use crate::date::Date;
use crate::error::{did_you_mean, Error};
use crate::facts::Facts;
use crate::finding::{covers, Finding, Level, Rule};
use crate::input::SourceFile;
use crate::net::{NetOptions, Progress, Request};
use crate::parse::{parse, Parsed};
use crate::policy::Policy;
use crate::report::entries::SourceRow;
use crate::report::{FileReport, RunReport};
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
    /// `--online`: how to check links live (the rules that need live results run only then).
    pub online: Option<NetOptions>,
}

impl LintOptions {
    pub fn new(today: Date) -> LintOptions {
        LintOptions {
            today,
            selection: Selection::default(),
            online: None,
        }
    }
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
        let repo_root = parsed.file.base_dir().and_then(crate::input::repo_root);
        // Facts: the only I/O after reading.
        self.facts.gather_local(
            &parsed.file,
            &parsed.doc,
            repo_root.as_deref(),
            self.policy.list.max_file_bytes,
        );
        let findings = self.check(&parsed, repo_root.as_deref());
        let findings = rules::suppression::apply(
            &parsed.file.lines,
            &parsed.directives,
            findings,
            &|r| self.enabled(r),
            &self.known,
        );
        let findings = findings
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
        let entries = parsed.doc.entries.len();
        let sources = parsed.doc.entries.iter().map(|e| e.links.len()).sum();
        FileReport::new(parsed.file, findings, entries, sources)
    }

    /// The web links of a parsed file to check live: every http(s) link; the pages of sources
    /// the rules need to see (reports, unclassified sources, and repositories when a token can
    /// ask GitHub's API) are read for facts.
    fn web_requests(&self, parsed: &Parsed, token: bool) -> Vec<Request> {
        let run = RunContext {
            policy: self.policy,
            facts: &self.facts,
            today: self.opts.today,
            classifier: &self.classifier,
        };
        let cx = Context::new(parsed, &run, None);
        let classes = cx.classes();
        parsed
            .doc
            .links
            .iter()
            .enumerate()
            .filter(|(_, l)| matches!(l.target, crate::target::Target::Web(_)))
            .map(|(i, l)| {
                let read_page = classes[i].as_ref().is_some_and(|c| match c.kind {
                    Some(crate::classify::Kind::Report) => true,
                    Some(crate::classify::Kind::Repo) => token,
                    Some(_) => false,
                    None => c.inadmissible.is_none(),
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

impl Engine<'_> {
    /// Lints files as `files` yields them; the first error fails the run. Offline, each file is
    /// read, parsed and linted before the next is read (memory bounded by the largest file);
    /// online, every file is parsed first so that the live check requests each URL of the run
    /// once, whatever file holds it. `progress` hears about the live check.
    pub fn lint_all(
        &mut self,
        files: impl IntoIterator<Item = Result<SourceFile, Error>>,
        progress: &(dyn Fn(Progress) + Sync),
    ) -> Result<RunReport, Error> {
        let mut reports = Vec::new();
        let Some(net) = self.opts.online.clone() else {
            for file in files {
                reports.push(self.lint(file?));
            }
            return Ok(RunReport::new(reports));
        };
        let mut parsed = Vec::new();
        for file in files {
            parsed.push(parse(file?, self.policy));
        }
        let token = net.github_token.is_some();
        let requests: Vec<Request> = parsed
            .iter()
            .flat_map(|p| self.web_requests(p, token))
            .collect();
        self.facts
            .gather_web(&requests, &net, progress)
            .map_err(|e| Error::new(e.to_string()))?;
        for p in parsed {
            reports.push(self.lint_parsed(p));
        }
        let mut report = RunReport::new(reports);
        if let Some(web) = self.facts.web_facts() {
            report.notes.extend(web.warnings.iter().cloned());
        }
        Ok(report)
    }
}

/// Reads and lints files (see `Engine::lint_all`).
pub fn lint_paths(
    paths: &[PathBuf],
    policy: &Policy,
    opts: &LintOptions,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<RunReport, Error> {
    let max = policy.list.max_file_bytes;
    Engine::new(policy, opts).lint_all(
        paths.iter().map(|p| crate::input::read_file(p, max)),
        progress,
    )
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
    let file = SourceFile::from_text(name, text);
    match Engine::new(policy, opts).lint_all([Ok(file)], &|_| {}) {
        Ok(mut run) => run.files.remove(0),
        // Only the live check's set-up can fail here.
        Err(e) => panic!("{}", e.message),
    }
}

/// The sources of a text as if it were the file `name`.
pub fn source_rows(name: &str, text: &str, policy: &Policy) -> Vec<SourceRow> {
    let opts = LintOptions::new(Date::today_utc());
    Engine::new(policy, &opts).entries(SourceFile::from_text(name, text))
}
