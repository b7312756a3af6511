//! Structure rules: the contents list, empty and overlong sections, banned headings.

use super::Context;
use crate::finding::{Finding, Severity};
use crate::slug::percent_decode;
use serde_json::json;
use std::collections::HashMap;

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
    let toc_links: Vec<usize> = (0..doc.links.len())
        .filter(|&l| doc.links[l].section == toc && doc.links[l].url.starts_with('#'))
        .collect();
    if toc_links.is_empty() {
        return Vec::new();
    }
    let by_anchor: HashMap<&str, usize> = doc
        .headings
        .iter()
        .enumerate()
        .map(|(i, h)| (h.anchor.as_str(), i))
        .collect();
    let mut out = Vec::new();
    // Each contents link → the heading it names (if any).
    let mut targets: Vec<(usize, usize)> = Vec::new(); // (link, heading)
    for &l in &toc_links {
        let link = &doc.links[l];
        let frag = percent_decode(&link.url[1..]);
        // GitHub's page script falls back to a case-insensitive match.
        let found = by_anchor
            .get(frag.as_str())
            .or_else(|| by_anchor.get(frag.to_lowercase().as_str()));
        match found {
            Some(&h) => targets.push((l, h)),
            None => out.push(
                Finding::new(
                    "structure/toc-mismatch",
                    Severity::Error,
                    link.span.clone(),
                    format!(
                        "contents entry \"{}\" points to #{frag}, but no heading has that anchor",
                        link.text
                    ),
                )
                .label("no such heading")
                .help("rename the entry's anchor to the heading's, or remove the entry")
                .data(json!({"kind": "extra", "anchor": frag})),
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
    for (i, h) in doc.headings.iter().enumerate().skip(toc_heading + 1) {
        if h.level < min || h.level > max || h.in_list_item || listed.contains(&i) {
            continue;
        }
        out.push(
            Finding::new(
                "structure/toc-mismatch",
                Severity::Error,
                h.span.clone(),
                format!("heading \"{}\" is missing from the contents list", h.text),
            )
            .label("not in the contents")
            .help(format!(
                "add `[{}](#{})` to the contents list at its place",
                h.text, h.anchor
            ))
            .data(json!({"kind": "missing", "anchor": h.anchor})),
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
            Finding::new(
                "structure/toc-mismatch",
                Severity::Error,
                link.span.clone(),
                format!(
                    "contents entry \"{}\" is out of order: its heading is on line {}",
                    link.text,
                    doc.line_of(doc.headings[h].span.start)
                ),
            )
            .label("out of order")
            .help("order the contents list as the headings appear")
            .data(json!({"kind": "order", "anchor": doc.headings[h].anchor})),
        );
    }
    out.sort_by_key(|f| f.span.start);
    out
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

fn is_external(url: &str) -> bool {
    let lower = url.get(..8).unwrap_or(url).to_ascii_lowercase();
    lower.starts_with("http://") || lower.starts_with("https://")
}

/// `structure/empty-section`: a core or frontier section (with everything under it) has no
/// external link.
pub fn empty_section(cx: &Context) -> Vec<Finding> {
    let doc = cx.doc;
    let mut has_link = vec![false; doc.sections.len()];
    for link in &doc.links {
        if is_external(&link.url) && link.kind != crate::document::LinkKind::Image {
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
            Finding::new(
                "structure/empty-section",
                Severity::Error,
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
            Finding::new(
                "structure/too-many-entries",
                Severity::Warning,
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
            .data(json!({"entries": count, "max": max})),
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
                Finding::new(
                    "structure/forbidden-heading",
                    Severity::Error,
                    h.span.clone(),
                    format!(
                        "heading \"{}\" matches the banned pattern `{}`",
                        h.text,
                        p.as_str()
                    ),
                )
                .label("banned heading")
                .help("name the section by what it teaches; order, not rank, shows what to read first")
                .data(json!({"pattern": p.as_str()})),
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
        for m in p.find_iter(doc.text) {
            if doc
                .code_blocks
                .iter()
                .any(|c| c.start <= m.start() && m.end() <= c.end)
            {
                continue;
            }
            out.push(
                Finding::new(
                    "structure/forbidden-text",
                    Severity::Error,
                    m.range(),
                    format!("`{}` matches the banned pattern `{}`", m.as_str(), p.as_str()),
                )
                .label("banned text")
                .help("remove the marker; the list's structure, not markers, carries the reading order")
                .data(json!({"pattern": p.as_str()})),
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
