//! Entry rules: the shape of one list item or table row.

use super::Context;
use crate::finding::{Finding, Rule, Severity};

pub static MISSING_DESCRIPTION: Rule = Rule {
    name: "entry/missing-description",
    severity: Severity::Warning,
    summary: "an entry has a link but no description",
    explanation: include_str!("../../docs/rules/entry-missing-description.md"),
    online: false,
    fixable: false,
};

/// `entry/missing-description`: an entry in a core or frontier section has a link and nothing
/// else (a table row: no text outside its links but in its source, code and date columns).
pub fn missing_description(cx: &Context) -> Vec<Finding> {
    let doc = cx.doc;
    let mut out = Vec::new();
    for e in &doc.entries {
        let scope = cx.scopes[e.section];
        if !(scope.core || scope.frontier) || !e.description.is_empty() {
            continue;
        }
        let first = &doc.links[e.links[e.primary(doc)]];
        out.push(
            cx.report(
                &MISSING_DESCRIPTION,
                first.span.clone(),
                format!("entry \"{}\" has no description", e.title(doc)),
            )
            .label("link without a description")
            .help(if e.row.is_some() {
                "give the row a title or description column that says what mechanism the source teaches"
            } else {
                "after the link, say what mechanism the source teaches: `[Title](url) - what it teaches`"
            }),
        );
    }
    out
}
