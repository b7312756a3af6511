//! Entry rules: the shape of one list item.

use super::Context;
use crate::finding::{Finding, Severity};

/// `entry/missing-description`: an entry in a core or frontier section has a link and nothing
/// else.
pub fn missing_description(cx: &Context) -> Vec<Finding> {
    let doc = cx.doc;
    let mut out = Vec::new();
    for e in &doc.entries {
        let scope = cx.scopes[e.section];
        if !(scope.core || scope.frontier) || !e.description.is_empty() {
            continue;
        }
        let first = &doc.links[e.links[0]];
        out.push(
            Finding::new(
                "entry/missing-description",
                Severity::Warning,
                first.span.clone(),
                format!("entry \"{}\" has no description", first.text.trim()),
            )
            .label("link without a description")
            .help("after the link, say what mechanism the source teaches: `[Title](url) - what it teaches`"),
        );
    }
    out
}
