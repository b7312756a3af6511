//! Structure rules: the contents list, empty and overlong sections, banned headings.

use super::Context;
use crate::document::LinkKind;
use crate::finding::{Finding, Rule, Severity};
use crate::target::Target;
use serde_json::json;

pub static TOC_MISMATCH: Rule = Rule {
    name: "structure/toc-mismatch",
    severity: Severity::Error,
    summary: "the contents list and the headings disagree (missing, extra, out of order)",
    explanation: include_str!("../../docs/rules/structure-toc-mismatch.md"),
    online: false,
    fixable: true,
};

pub static EMPTY_SECTION: Rule = Rule {
    name: "structure/empty-section",
    severity: Severity::Error,
    summary: "a core or frontier section has no external link",
    explanation: include_str!("../../docs/rules/structure-empty-section.md"),
    online: false,
    fixable: false,
};

pub static TOO_MANY_ENTRIES: Rule = Rule {
    name: "structure/too-many-entries",
    severity: Severity::Warning,
    summary: "a section has more entries than [sections] max_entries",
    explanation: include_str!("../../docs/rules/structure-too-many-entries.md"),
    online: false,
    fixable: false,
};

pub static FORBIDDEN_HEADING: Rule = Rule {
    name: "structure/forbidden-heading",
    severity: Severity::Error,
    summary: "a heading matches a banned pattern (e.g. `Tier 2`)",
    explanation: include_str!("../../docs/rules/structure-forbidden-heading.md"),
    online: false,
    fixable: false,
};

pub static FORBIDDEN_TEXT: Rule = Rule {
    name: "structure/forbidden-text",
    severity: Severity::Error,
    summary: "the source contains banned text (e.g. `**Checkpoint:**` markers)",
    explanation: include_str!("../../docs/rules/structure-forbidden-text.md"),
    online: false,
    fixable: false,
};

/// `structure/toc-mismatch`: the contents list and the headings disagree.
pub fn toc_mismatch(cx: &Context) -> Vec<Finding> {
    let doc = cx.doc;
    let Some(toc) = (1..doc.sections.len()).find(|&s| cx.scopes[s].contents) else {
        return Vec::new();
    };
    let toc_heading = doc.sections[toc]
        .heading
        .expect("contents section has a heading");
    // Contents links: `#fragment` links in the contents section.
    let toc_links: Vec<(usize, &str)> = doc
        .links
        .iter()
        .enumerate()
        .filter(|(_, l)| l.section == toc)
        .filter_map(|(i, l)| match &l.target {
            Target::Fragment(f) => Some((i, f.as_str())),
            _ => None,
        })
        .collect();
    if toc_links.is_empty() {
        return Vec::new();
    }
    // The one anchor matcher (as `link/broken-anchor`): headings only, as a contents list
    // names headings.
    let anchors = crate::slug::AnchorSet::new(doc.headings.iter().map(|h| h.anchor.as_str()));
    let mut out = Vec::new();
    // Each contents link → the heading it names (if any).
    let mut targets: Vec<(usize, usize)> = Vec::new(); // (link, heading)
    let mut all_anchors: Option<crate::slug::AnchorSet> = None;
    for &(l, fragment) in &toc_links {
        let link = &doc.links[l];
        let frag = crate::slug::AnchorSet::target(fragment);
        match anchors.lookup(fragment) {
            Some(h) => targets.push((l, h)),
            // An HTML id is a working anchor, if not a heading: not an extra entry.
            None if all_anchors
                .get_or_insert_with(|| doc.anchors())
                .contains(fragment) => {}
            None => out.push(
                cx.report(
                    &TOC_MISMATCH,
                    link.span.clone(),
                    format!(
                        "contents entry \"{}\" points to #{frag}, but no heading has that anchor",
                        link.text
                    ),
                )
                .label("no such heading")
                .help("rename the entry's anchor to the heading's, or remove the entry")
                .data(|| json!({"kind": "extra", "anchor": frag})),
            ),
        }
    }
    if targets.is_empty() {
        return out;
    }
    // The heading levels the contents list covers.
    let levels = targets.iter().map(|&(_, h)| doc.headings[h].level);
    let (min, max) = (levels.clone().min().unwrap_or(2), levels.max().unwrap_or(6));
    let listed: std::collections::HashSet<usize> = targets.iter().map(|&(_, h)| h).collect();
    let covers = &cx.policy.sections.contents_covers;
    for (i, h) in doc.headings.iter().enumerate().skip(toc_heading + 1) {
        if h.level < min || h.level > max || h.in_list_item || listed.contains(&i) {
            continue;
        }
        // Section `i + 1` is the one heading `i` opens; the policy says which scopes the
        // contents list must name.
        if !covers.iter().any(|c| c == scope_name(cx.scopes[i + 1])) {
            continue;
        }
        out.push(
            cx.report(
                &TOC_MISMATCH,
                h.span.clone(),
                format!("heading \"{}\" is missing from the contents list", h.text),
            )
            .label("not in the contents")
            .help(format!(
                "add `[{}](#{})` to the contents list at its place",
                h.text, h.anchor
            ))
            .data(|| json!({"kind": "missing", "anchor": h.anchor})),
        );
    }
    // Order: entries outside a longest increasing run of heading positions are out of order.
    let seq: Vec<usize> = targets.iter().map(|&(_, h)| h).collect();
    let keep = longest_increasing(&seq);
    for (k, &(l, h)) in targets.iter().enumerate() {
        if keep[k] {
            continue;
        }
        let link = &doc.links[l];
        out.push(
            cx.report(
                &TOC_MISMATCH,
                link.span.clone(),
                format!(
                    "contents entry \"{}\" is out of order: its heading is on line {}",
                    link.text,
                    cx.line_of(doc.headings[h].span.start)
                ),
            )
            .label("out of order")
            .help("order the contents list as the headings appear")
            .data(|| json!({"kind": "order", "anchor": doc.headings[h].anchor})),
        );
    }
    out.sort_by_key(|f| f.span.start);
    // One fix for all of them: the list regenerated from the headings, in its own style.
    if !out.is_empty() {
        if let Some(fix) = super::toc::regenerate(cx, toc, &anchors, min, max) {
            let fix = std::sync::Arc::new(fix);
            out = out.into_iter().map(|f| f.shared_fix(&fix)).collect();
        }
    }
    out
}

/// The scope a section has for `[sections] contents_covers`: exempt, else frontier, else core,
/// else other.
fn scope_name(s: crate::policy::Scope) -> &'static str {
    if s.exempt || s.contents {
        "exempt"
    } else if s.frontier {
        "frontier"
    } else if s.core {
        "core"
    } else {
        "other"
    }
}

/// Marks the members of one longest strictly increasing subsequence (O(n log n)).
fn longest_increasing(seq: &[usize]) -> Vec<bool> {
    let mut tails: Vec<usize> = Vec::new(); // indices into seq
    let mut prev: Vec<Option<usize>> = vec![None; seq.len()];
    for i in 0..seq.len() {
        let pos = tails.partition_point(|&t| seq[t] < seq[i]);
        if pos > 0 {
            prev[i] = Some(tails[pos - 1]);
        }
        if pos == tails.len() {
            tails.push(i);
        } else {
            tails[pos] = i;
        }
    }
    let mut keep = vec![false; seq.len()];
    let mut cur = tails.last().copied();
    while let Some(i) = cur {
        keep[i] = true;
        cur = prev[i];
    }
    keep
}

/// `structure/empty-section`: a core or frontier section (with everything under it) has no
/// external link.
pub fn empty_section(cx: &Context) -> Vec<Finding> {
    let doc = cx.doc;
    let mut has_link = vec![false; doc.sections.len()];
    for link in &doc.links {
        if matches!(link.target, Target::Web(_)) && link.kind != LinkKind::Image {
            for s in doc.ancestors(link.section) {
                if has_link[s] {
                    break;
                }
                has_link[s] = true;
            }
        }
    }
    let mut out = Vec::new();
    for (s, &linked) in has_link.iter().enumerate().skip(1) {
        let scope = cx.scopes[s];
        if !(scope.core || scope.frontier) || linked {
            continue;
        }
        let h = &doc.headings[doc.sections[s].heading.expect("section has heading")];
        out.push(
            cx.report(
                &EMPTY_SECTION,
                h.span.clone(),
                format!("section \"{}\" has no external link", h.text),
            )
            .label("no source under this heading")
            .help("add the primary source this section teaches, or remove the section"),
        );
    }
    out
}

/// `structure/too-many-entries`: more entries in one section than the policy allows.
pub fn too_many_entries(cx: &Context) -> Vec<Finding> {
    let doc = cx.doc;
    let max = cx.policy.sections.max_entries;
    let mut counts = vec![0usize; doc.sections.len()];
    for e in &doc.entries {
        counts[e.section] += 1;
    }
    let mut out = Vec::new();
    for (s, &count) in counts.iter().enumerate().skip(1) {
        let scope = cx.scopes[s];
        if count <= max || !(scope.core || scope.frontier) {
            continue;
        }
        let h = &doc.headings[doc.sections[s].heading.expect("section has heading")];
        out.push(
            cx.report(
                &TOO_MANY_ENTRIES,
                h.span.clone(),
                format!(
                    "section \"{}\" has {} entries, more than {max}",
                    h.text, count
                ),
            )
            .label(format!("{count} entries"))
            .help(format!(
                "keep the {max} sources that teach the mechanism best (which one does a new entry replace?), or raise [sections] max_entries"
            ))
            .data(|| json!({"entries": count, "max": max})),
        );
    }
    out
}

/// `structure/forbidden-heading`: a heading matches a banned pattern.
pub fn forbidden_heading(cx: &Context) -> Vec<Finding> {
    let mut out = Vec::new();
    for h in &cx.doc.headings {
        if let Some(p) = cx
            .policy
            .sections
            .forbidden_headings
            .first_match_exact(&h.text)
        {
            out.push(
                cx.report(
                    &FORBIDDEN_HEADING,
                    h.span.clone(),
                    format!(
                        "heading \"{}\" matches the banned pattern `{}`",
                        h.text,
                        p.as_str()
                    ),
                )
                .label("banned heading")
                .help("name the section by what it teaches; order, not rank, shows what to read first")
                .data(|| json!({"pattern": p.as_str()})),
            );
        }
    }
    out
}

/// `structure/forbidden-text`: a line of the Markdown source (outside code blocks) matches a
/// banned pattern, such as the `**Checkpoint:**` markers a guide's maintainers removed.
pub fn forbidden_text(cx: &Context) -> Vec<Finding> {
    let doc = cx.doc;
    let patterns = &cx.policy.sections.forbidden_text;
    if patterns.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    for p in patterns {
        for m in p.find_ranges(cx.text()) {
            if doc.in_code_block(m.start) && doc.in_code_block(m.end.saturating_sub(1)) {
                continue;
            }
            let found = &cx.text()[m.clone()];
            out.push(
                cx.report(
                    &FORBIDDEN_TEXT,
                    m,
                    format!("`{found}` matches the banned pattern `{}`", p.as_str()),
                )
                .label("banned text")
                .help("remove the marker; the list's structure, not markers, carries the reading order")
                .data(|| json!({"pattern": p.as_str()})),
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::longest_increasing;

    #[test]
    fn longest_increasing_marks_the_moved_item() {
        assert_eq!(longest_increasing(&[1, 2, 3]), [true, true, true]);
        assert_eq!(
            longest_increasing(&[1, 3, 2, 4])
                .iter()
                .filter(|k| !**k)
                .count(),
            1
        );
        assert_eq!(longest_increasing(&[5, 1, 2, 3]), [false, true, true, true]);
    }
}
