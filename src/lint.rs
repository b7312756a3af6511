//! The engine: read a list, parse it once, run the enabled rules, apply the policy's severities
//! and the list's suppression comments.

use crate::date::Date;
use crate::document::Document;
use crate::error::{did_you_mean, Error};
use crate::finding::{Finding, Level, Severity};
use crate::policy::Policy;
use crate::rules::{self, covers, Context, RULES};
use crate::suppress::{directives, Directive};
use serde_json::json;
use std::path::Path;

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

pub struct LintOptions {
    pub today: Date,
    pub selection: Selection,
}

/// Everything a reporter needs about one linted file.
pub struct FileReport {
    /// The path as the user gave it.
    pub path: String,
    pub text: String,
    pub findings: Vec<Finding>,
    pub entries: usize,
    pub sources: usize,
    /// The text's line index, built once by the parse and reused by the reporters.
    pub lines: crate::lines::LineIndex,
}

/// Reads a list file: refuses directories, files over `max_bytes`, and non-UTF-8 text, each
/// with a message that names the file.
pub fn read_list(path: &Path, max_bytes: u64) -> Result<String, Error> {
    let shown = path.display();
    let meta = std::fs::metadata(path).map_err(|e| {
        Error::new(format!("cannot read {shown}: {}", io_reason(&e)))
            .with_help("check the path; with no FILES, lint reads [list] files from the policy, else README.md")
    })?;
    if meta.is_dir() {
        return Err(
            Error::new(format!("cannot read {shown}: it is a directory"))
                .with_help("name the Markdown file(s) inside it"),
        );
    }
    if meta.len() > max_bytes {
        return Err(Error::new(format!(
            "{shown} is {} bytes, over the limit of {max_bytes} bytes",
            meta.len()
        ))
        .with_help(
            "raise [list] max_file_bytes in policy.toml if this list is really that large",
        ));
    }
    let bytes = std::fs::read(path)
        .map_err(|e| Error::new(format!("cannot read {shown}: {}", io_reason(&e))))?;
    if bytes.len() as u64 > max_bytes {
        return Err(Error::new(format!(
            "{shown} is over the limit of {max_bytes} bytes"
        )));
    }
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let text = String::from_utf8_lossy(&e.as_bytes()[..at]);
        let line = text.matches('\n').count() + 1;
        Error::new(format!(
            "{shown} is not valid UTF-8 (first bad byte at offset {at}, line {line})"
        ))
        .with_help("save the file as UTF-8")
    })
}

fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file".into(),
        std::io::ErrorKind::PermissionDenied => "permission denied".into(),
        _ => e.to_string(),
    }
}

/// Lints one file's text.
pub fn lint_text(path: &str, text: String, policy: &Policy, opts: &LintOptions) -> FileReport {
    let base_dir = Path::new(path).parent().map(|p| {
        if p.as_os_str().is_empty() {
            Path::new(".")
        } else {
            p
        }
    });
    let doc = Document::parse(&text);
    let dirs = directives(&doc);
    let cx = Context::new(&doc, policy, &dirs, opts.today, base_dir);
    let enabled =
        |rule: &str| opts.selection.allows(rule) && policy.level_for(rule) != Some(Level::Off);
    let mut findings = Vec::new();
    for rule in RULES {
        if let Some(check) = rule.check {
            if enabled(rule.name) {
                findings.extend(check(&cx));
            }
        }
    }
    let findings = apply_suppressions(&doc, &dirs, findings, &enabled);
    let mut findings: Vec<Finding> = findings
        .into_iter()
        .map(|mut f| {
            match policy.level_for(f.rule) {
                Some(Level::Error) => f.severity = Severity::Error,
                Some(Level::Warning) => f.severity = Severity::Warning,
                _ => {}
            }
            f
        })
        .collect();
    findings.sort_by(|a, b| {
        (a.span.start, a.rule, a.span.end).cmp(&(b.span.start, b.rule, b.span.end))
    });
    let entries = doc.entries.len();
    let sources = doc.entries.iter().map(|e| e.links.len()).sum();
    drop(cx);
    let lines = doc.lines;
    FileReport {
        path: path.to_string(),
        text,
        findings,
        entries,
        sources,
        lines,
    }
}

/// Drops suppressed findings and adds the `suppression/*` findings.
fn apply_suppressions(
    doc: &Document,
    dirs: &[Directive],
    findings: Vec<Finding>,
    enabled: &dyn Fn(&str) -> bool,
) -> Vec<Finding> {
    let known = rules::selectors();
    let mut used = vec![Vec::new(); dirs.len()];
    for (i, d) in dirs.iter().enumerate() {
        used[i] = vec![false; d.ignore.len()];
    }
    let mut kept = Vec::with_capacity(findings.len());
    for f in findings {
        let line = doc.line_of(f.span.start);
        let mut suppressed = false;
        for (i, d) in dirs.iter().enumerate() {
            let Some(lines) = &d.lines else { continue };
            if !lines.contains(&line) {
                continue;
            }
            for (j, sel) in d.ignore.iter().enumerate() {
                if covers(&sel.text, f.rule) {
                    used[i][j] = true;
                    suppressed = true;
                }
            }
        }
        if !suppressed {
            kept.push(f);
        }
    }
    for (i, d) in dirs.iter().enumerate() {
        if enabled("suppression/invalid") {
            for (span, msg) in &d.problems {
                kept.push(invalid(span.clone(), msg.clone()));
            }
            if d.lines.is_none() {
                kept.push(invalid(
                    d.span.clone(),
                    "this sourcepolicy comment governs nothing: no entry or paragraph starts on the next line".into(),
                ));
            }
            if let Some(k) = &d.kind {
                if !crate::KINDS.contains(&k.text.as_str()) {
                    kept.push(invalid(
                        k.span.clone(),
                        format!(
                            "unknown source type `{}` (one of: {})",
                            k.text,
                            crate::KINDS.join(", ")
                        ),
                    ));
                }
            }
        }
        for (j, sel) in d.ignore.iter().enumerate() {
            if !known.contains(&sel.text.as_str()) {
                if enabled("suppression/invalid") {
                    let hint = did_you_mean(&sel.text, known.iter().copied())
                        .map(|k| format!(" (did you mean `{k}`?)"))
                        .unwrap_or_default();
                    kept.push(invalid(
                        sel.span.clone(),
                        format!("ignore= names unknown rule `{}`{hint}", sel.text),
                    ));
                }
                continue;
            }
            let any_enabled = RULES
                .iter()
                .any(|r| r.check.is_some() && covers(&sel.text, r.name) && enabled(r.name));
            if !used[i][j] && any_enabled && d.lines.is_some() && enabled("suppression/unused") {
                kept.push(
                    Finding::new(
                        "suppression/unused",
                        Severity::Warning,
                        sel.span.clone(),
                        format!("ignore={} suppressed nothing here", sel.text),
                    )
                    .label("unused")
                    .help("remove it, or place it on or directly above the line it is meant for")
                    .data(json!({"rule": sel.text})),
                );
            }
        }
        let no_reason = d.reason.as_deref().is_none_or(|r| r.trim().is_empty());
        if !d.ignore.is_empty() && no_reason && enabled("suppression/missing-reason") {
            kept.push(
                Finding::new(
                    "suppression/missing-reason",
                    Severity::Error,
                    d.span.clone(),
                    "ignore comment gives no reason",
                )
                .label("no reason=\"…\"")
                .help("say why this is an exception: reason=\"…\""),
            );
        }
    }
    kept
}

fn invalid(span: std::ops::Range<usize>, message: String) -> Finding {
    Finding::new("suppression/invalid", Severity::Error, span, message)
        .label("unreadable")
        .help("keys: type=, code=, ignore=, reason=\"…\"; `sourcepolicy explain` lists rule names")
}

/// The sources of one file with their classification (for `entries`).
pub fn source_rows(
    path: &str,
    text: &str,
    policy: &Policy,
) -> Vec<crate::report::entries::SourceRow> {
    let doc = Document::parse(text);
    let dirs = directives(&doc);
    let cx = Context::new(&doc, policy, &dirs, Date::today_utc(), None);
    crate::report::entries::rows(path, &doc, cx.classes())
}
