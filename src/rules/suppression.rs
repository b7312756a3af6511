//! The suppressions phase and its rules: `<!-- sourcepolicy: ignore=… -->` comments (on an
//! entry, `scope=section` above a heading, or `ignore-start=` … `ignore-end` around a block)
//! drop the findings they govern; a comment that cannot be read, gives no reason, or
//! suppresses nothing is itself reported. Linear: directives and findings are swept in line
//! order.

use super::RULES;
use crate::classify::Kind;
use crate::directive::{Directive, Reach};
use crate::error::did_you_mean_rule;
use crate::finding::{covers, Finding, Rule, Severity};
use crate::lines::LineIndex;
use serde_json::json;
use std::ops::Range;

pub static UNUSED: Rule = Rule {
    name: "suppression/unused",
    severity: Severity::Warning,
    summary: "an ignore comment suppressed nothing",
    explanation: include_str!("../../docs/rules/suppression-unused.md"),
    online: false,
    fixable: false,
};

pub static MISSING_REASON: Rule = Rule {
    name: "suppression/missing-reason",
    severity: Severity::Error,
    summary: "an ignore comment gives no reason",
    explanation: include_str!("../../docs/rules/suppression-missing-reason.md"),
    online: false,
    fixable: false,
};

pub static INVALID: Rule = Rule {
    name: "suppression/invalid",
    severity: Severity::Error,
    summary: "a sourcepolicy comment cannot be read, or is a near-miss of the grammar",
    explanation: include_str!("../../docs/rules/suppression-invalid.md"),
    online: false,
    fixable: false,
};

/// Drops the findings the file's directives suppress and adds the `suppression/*` findings.
/// `enabled` says whether a rule runs in this run (selected, not off, online when it needs to
/// be); `known` are the rule and family names `ignore=` may use.
pub fn apply(
    lines: &LineIndex,
    dirs: &[Directive],
    findings: Vec<Finding>,
    enabled: &dyn Fn(&Rule) -> bool,
    known: &[&str],
) -> Vec<Finding> {
    let mut used: Vec<Vec<bool>> = dirs.iter().map(|d| vec![false; d.ignore.len()]).collect();
    // Directives that govern lines, by first line; findings by line.
    let mut governing: Vec<usize> = (0..dirs.len())
        .filter(|&i| dirs[i].lines.is_some() && !dirs[i].ignore.is_empty())
        .collect();
    governing.sort_by_key(|&i| dirs[i].lines.as_ref().map(|r| *r.start()));
    let lines_of: Vec<usize> = findings
        .iter()
        .map(|f| lines.line_of(f.span.start))
        .collect();
    let mut order: Vec<usize> = (0..findings.len()).collect();
    order.sort_by_key(|&k| lines_of[k]);
    let mut suppressed = vec![false; findings.len()];
    let mut next = 0;
    let mut active: Vec<usize> = Vec::new();
    for k in order {
        let line = lines_of[k];
        while next < governing.len()
            && dirs[governing[next]]
                .lines
                .as_ref()
                .is_some_and(|r| *r.start() <= line)
        {
            active.push(governing[next]);
            next += 1;
        }
        active.retain(|&i| dirs[i].lines.as_ref().is_some_and(|r| *r.end() >= line));
        for &i in &active {
            for (j, sel) in dirs[i].ignore.iter().enumerate() {
                if covers(&sel.text, findings[k].rule.name) {
                    used[i][j] = true;
                    suppressed[k] = true;
                }
            }
        }
    }
    let mut kept: Vec<Finding> = findings
        .into_iter()
        .zip(suppressed)
        .filter_map(|(f, s)| (!s).then_some(f))
        .collect();
    for (i, d) in dirs.iter().enumerate() {
        report_directive(d, &used[i], enabled, known, &mut kept);
    }
    kept
}

/// The `suppression/*` findings of one directive.
fn report_directive(
    d: &Directive,
    used: &[bool],
    enabled: &dyn Fn(&Rule) -> bool,
    known: &[&str],
    out: &mut Vec<Finding>,
) {
    if enabled(&INVALID) {
        for (span, msg) in &d.problems {
            out.push(invalid(span.clone(), msg.clone()));
        }
        if d.lines.is_none() && d.reach == Reach::Here {
            out.push(invalid(
                d.span.clone(),
                "this sourcepolicy comment governs nothing: no entry or paragraph starts on the next line".into(),
            ));
        }
        if let Some(k) = &d.kind {
            if Kind::parse(&k.text).is_none() {
                let names: Vec<&str> = Kind::ALL.iter().map(|k| k.as_str()).collect();
                out.push(invalid(
                    k.span.clone(),
                    format!(
                        "unknown source type `{}` (one of: {})",
                        k.text,
                        names.join(", ")
                    ),
                ));
            }
        }
    }
    for (j, sel) in d.ignore.iter().enumerate() {
        if !known.contains(&sel.text.as_str()) {
            if enabled(&INVALID) {
                let hint = did_you_mean_rule(&sel.text, known.iter().copied())
                    .map(|k| format!(" (did you mean `{k}`?)"))
                    .unwrap_or_default();
                out.push(invalid(
                    sel.span.clone(),
                    format!("ignore= names unknown rule `{}`{hint}", sel.text),
                ));
            }
            continue;
        }
        // Only a rule that ran can show that an ignore= is unused: not one left out by
        // --select, turned off, or needing --online on an offline run.
        let any_ran = RULES
            .iter()
            .any(|r| r.check.is_some() && covers(&sel.text, r.rule.name) && enabled(r.rule));
        if !used[j] && any_ran && d.lines.is_some() && enabled(&UNUSED) {
            out.push(
                Finding::new(
                    &UNUSED,
                    sel.span.clone(),
                    format!("ignore={} suppressed nothing here", sel.text),
                )
                .label("unused")
                .help("remove it, or place it on or directly above the line it is meant for")
                .data(|| json!({"rule": sel.text})),
            );
        }
    }
    let no_reason = d.reason.as_deref().is_none_or(|r| r.trim().is_empty());
    if !d.ignore.is_empty() && no_reason && enabled(&MISSING_REASON) {
        out.push(
            Finding::new(
                &MISSING_REASON,
                d.span.clone(),
                "ignore comment gives no reason",
            )
            .label("no reason=\"…\"")
            .help("say why this is an exception: reason=\"…\""),
        );
    }
}

fn invalid(span: Range<usize>, message: String) -> Finding {
    Finding::new(&INVALID, span, message).help("<!-- sourcepolicy: ignore=RULE reason=\"…\" -->, type=, code=, scope=section, ignore-start= … ignore-end; `sourcepolicy explain suppression/invalid`")
}
