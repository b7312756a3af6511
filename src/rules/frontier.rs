//! Frontier rules: fast-moving sections carry a verification date that is real, not in the
//! future, and recent.

use super::Context;
use crate::date::{Date, DateError};
use crate::finding::{Finding, Rule, Severity};
use serde_json::json;
use std::ops::Range;

pub static MISSING_DATE: Rule = Rule {
    name: "frontier/missing-date",
    severity: Severity::Error,
    summary: "a frontier section carries no verification date",
    explanation: include_str!("../../docs/rules/frontier-missing-date.md"),
    online: false,
    fixable: false,
};

pub static INVALID_DATE: Rule = Rule {
    name: "frontier/invalid-date",
    severity: Severity::Error,
    summary: "the verification date does not exist or is not YYYY-MM-DD",
    explanation: include_str!("../../docs/rules/frontier-invalid-date.md"),
    online: false,
    fixable: false,
};

pub static FUTURE_DATE: Rule = Rule {
    name: "frontier/future-date",
    severity: Severity::Error,
    summary: "the verification date is after --today",
    explanation: include_str!("../../docs/rules/frontier-future-date.md"),
    online: false,
    fixable: false,
};

pub static STALE: Rule = Rule {
    name: "frontier/stale",
    severity: Severity::Warning,
    summary: "the verification date is older than [frontier] max_age_days",
    explanation: include_str!("../../docs/rules/frontier-stale.md"),
    online: false,
    fixable: false,
};

/// A verification date found in a frontier section.
pub struct Stamp {
    text: String,
    span: Range<usize>,
    date: Result<Date, DateError>,
}

impl Stamp {
    /// The date, when the text is a real YYYY-MM-DD day.
    pub fn date(&self) -> Option<Date> {
        self.date.clone().ok()
    }

    /// The text the date was read from.
    pub fn text(&self) -> &str {
        &self.text
    }
}

/// The frontier root sections (frontier, with a parent that is not) and the stamps found in
/// each, in its own text or in any section under it.
pub(crate) fn find_stamps(cx: &Context) -> Vec<(usize, Vec<Stamp>)> {
    let doc = cx.doc;
    let Some(pattern) = &cx.policy.frontier.verified_pattern else {
        return Vec::new();
    };
    let roots: Vec<usize> = (1..doc.sections.len())
        .filter(|&s| {
            cx.scopes[s].frontier
                && doc.sections[s]
                    .parent
                    .is_none_or(|p| !cx.scopes[p].frontier)
        })
        .collect();
    let mut out: Vec<(usize, Vec<Stamp>)> = roots.iter().map(|&r| (r, Vec::new())).collect();
    // The frontier root of each section (its slot in `out`), found once per section: a
    // section's parent comes before it, so one pass in order suffices.
    let mut slot_of: Vec<Option<usize>> = vec![None; doc.sections.len()];
    for (k, &r) in roots.iter().enumerate() {
        slot_of[r] = Some(k);
    }
    for s in 1..doc.sections.len() {
        if slot_of[s].is_none() {
            slot_of[s] = doc.sections[s].parent.and_then(|p| slot_of[p]);
        }
    }
    for block in &doc.blocks {
        let Some(k) = slot_of[block.section] else {
            continue;
        };
        for m in pattern.group_ranges(&block.text, "date") {
            let text = &block.text[m.clone()];
            out[k].1.push(Stamp {
                text: text.to_string(),
                span: block.source_span(cx.text(), m),
                date: Date::parse(text),
            });
        }
    }
    out
}

fn heading_span(cx: &Context, section: usize) -> Range<usize> {
    let h = cx.doc.sections[section]
        .heading
        .expect("frontier section has a heading");
    cx.doc.headings[h].span.clone()
}

/// `frontier/missing-date`: a frontier section (with what is under it) states no verification
/// date.
pub fn missing_date(cx: &Context) -> Vec<Finding> {
    cx.stamps()
        .iter()
        .filter(|(_, s)| s.is_empty())
        .map(|&(root, _)| {
            cx.report(
                &MISSING_DATE,
                heading_span(cx, root),
                format!(
                    "frontier section \"{}\" states no verification date",
                    cx.doc.sections[root].title
                ),
            )
            .label("no \"Verified on YYYY-MM-DD\"")
            .help("add a line such as `Verified on **2026-08-23**.` after re-checking every item")
        })
        .collect()
}

/// `frontier/invalid-date`: the verification date is not a real YYYY-MM-DD date.
pub fn invalid_date(cx: &Context) -> Vec<Finding> {
    let mut out = Vec::new();
    for (_, stamps) in cx.stamps() {
        for s in stamps {
            if let Err(e) = &s.date {
                out.push(
                    cx.report(
                        &INVALID_DATE,
                        s.span.clone(),
                        format!("verification date `{}` {e}", s.text),
                    )
                    .label("invalid date")
                    .help("write the day the section was verified as YYYY-MM-DD, e.g. 2026-08-23")
                    .data(|| json!({"date": s.text})),
                );
            }
        }
    }
    out
}

/// `frontier/future-date`: the verification date is after --today.
pub fn future_date(cx: &Context) -> Vec<Finding> {
    let mut out = Vec::new();
    for (_, stamps) in cx.stamps() {
        for s in stamps {
            let Ok(d) = s.date else { continue };
            if d > cx.today {
                let days = d.days_since_epoch() - cx.today.days_since_epoch();
                out.push(
                    cx.report(
                        &FUTURE_DATE,
                        s.span.clone(),
                        format!(
                            "verification date {d} is {days} day{} after today ({})",
                            if days == 1 { "" } else { "s" },
                            cx.today
                        ),
                    )
                    .label("in the future")
                    .help("a section can only be verified on a day that has happened; check the year and month")
                    .data(|| json!({"date": d.to_string(), "today": cx.today.to_string()})),
                );
            }
        }
    }
    out
}

/// `frontier/stale`: the verification date is older than `[frontier] max_age_days`.
pub fn stale(cx: &Context) -> Vec<Finding> {
    let max = i64::from(cx.policy.frontier.max_age_days);
    let mut out = Vec::new();
    for (_, stamps) in cx.stamps() {
        for s in stamps {
            let Ok(d) = s.date else { continue };
            let age = cx.today.days_since_epoch() - d.days_since_epoch();
            if age > max {
                let stale_since = d.add_days(max + 1);
                out.push(
                    cx.report(
                        &STALE,
                        s.span.clone(),
                        format!(
                            "verified on {d}, {age} days ago: stale since {stale_since} (limit {max} days)"
                        ),
                    )
                    .label(format!("{age} days old"))
                    .help("re-verify every item of the section, then update the date")
                    .data(|| json!({
                        "date": d.to_string(),
                        "age_days": age,
                        "max_age_days": max,
                        "stale_since": stale_since.to_string(),
                    })),
                );
            }
        }
    }
    out
}
