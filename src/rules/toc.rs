//! The contents list regenerated from the headings, in the list's own style: its bullets or
//! numbering (sequential, or one number repeated), its indentation per level, the spacing
//! after each marker, its line endings. Items that still name a heading keep their own text
//! (an abbreviated title, a trailing note); a heading missing from the list gets a new item;
//! an item that names no heading is dropped; the order is the headings'. The fix of
//! `structure/toc-mismatch`.
//!
//! Only a list it fully understands is regenerated: one list (with its nested lists) whose
//! every line is an item holding one `#anchor` link, indented with spaces. Anything else (a
//! loose list, items over several lines, a list in a quote) keeps its finding without a fix.

use super::Context;
use crate::fix::Fix;
use crate::slug::AnchorSet;
use crate::target::Target;
use std::collections::HashMap;

/// How the items of one nesting level are written.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Style {
    /// `None`: a bullet list with this character; `Some(delimiter)`: an ordered list.
    ordered: Option<u8>,
    bullet: u8,
    start: usize,
    /// Every item carries the same number (`1.` `1.` `1.`).
    same_number: bool,
    /// Spaces before the marker.
    indent: usize,
    /// Spaces between the marker and the text.
    gap: usize,
}

impl Style {
    fn marker(&self, n: usize) -> String {
        match self.ordered {
            Some(d) => format!(
                "{}{}",
                if self.same_number { self.start } else { n },
                d as char
            ),
            None => (self.bullet as char).to_string(),
        }
    }
}

/// One item of the existing list.
struct Item {
    line: usize,
    depth: usize,
    /// The item's text after its marker.
    content: String,
    /// The heading its link names.
    heading: Option<usize>,
    /// Its link's text.
    title: String,
    style: Style,
}

/// The regenerated contents list as a fix replacing the lines of the existing one, or None
/// when the list is not one this can rewrite faithfully, or already matches.
/// `toc` is the contents section, `anchors` the headings' anchors, `min..=max` the heading
/// levels the list covers.
pub(super) fn regenerate(
    cx: &Context,
    toc: usize,
    anchors: &AnchorSet,
    min: u8,
    max: u8,
) -> Option<Fix> {
    let doc = cx.doc;
    let text = cx.text();
    let lines = &cx.file.lines;
    let toc_heading = doc.sections[toc].heading?;
    let lists: Vec<usize> = (0..doc.lists.len())
        .filter(|&l| doc.lists[l].section == toc)
        .collect();
    let inside = |a: &std::ops::Range<usize>, b: &std::ops::Range<usize>| {
        b.start <= a.start && a.end <= b.end && a != b
    };
    let depth_of = |l: usize| {
        lists
            .iter()
            .filter(|&&o| inside(&doc.lists[l].span, &doc.lists[o].span))
            .count()
    };
    let tops: Vec<usize> = lists
        .iter()
        .copied()
        .filter(|&l| depth_of(l) == 0)
        .collect();
    let [top] = tops[..] else {
        return None;
    };
    let top_span = doc.lists[top].span.clone();
    // Every `#anchor` link of the section lies in the list.
    let section_links: Vec<usize> = (0..doc.links.len())
        .filter(|&i| doc.links[i].section == toc)
        .collect();
    if section_links.iter().any(|&i| {
        matches!(doc.links[i].target, Target::Fragment(_))
            && !(top_span.start <= doc.links[i].span.start && doc.links[i].span.end <= top_span.end)
    }) {
        return None;
    }
    let mut items: Vec<Item> = Vec::new();
    for &l in &lists {
        let list = &doc.lists[l];
        if !list.tight {
            return None;
        }
        let depth = depth_of(l);
        let first_item = items.len();
        let mut numbers = Vec::new();
        let mut style: Option<Style> = None;
        for span in &list.items {
            let line = lines.line_of(span.start);
            let range = lines.line_range(text, line);
            let prefix = text.get(range.start..span.start)?;
            if !prefix.bytes().all(|b| b == b' ') {
                return None; // a tab, a quote marker, text before the item
            }
            let rest = text.get(span.start..range.end)?;
            let (marker_len, number) = if list.ordered {
                let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
                if digits == 0 || digits > 9 || rest.as_bytes().get(digits) != Some(&list.delimiter)
                {
                    return None;
                }
                (digits + 1, rest[..digits].parse::<usize>().ok()?)
            } else {
                (1, 0)
            };
            numbers.push(number);
            let after = &rest[marker_len..];
            let gap = after.len() - after.trim_start_matches(' ').len();
            if gap == 0 || gap > 4 {
                return None;
            }
            let content = after[gap..].trim_end().to_string();
            // The item's links on its first line: exactly one, an `#anchor`.
            // (links are in document order: a binary search finds the line's first)
            let from = section_links.partition_point(|&i| doc.links[i].span.start < range.start);
            let on_line: Vec<usize> = section_links[from..]
                .iter()
                .copied()
                .take_while(|&i| doc.links[i].span.start < range.end)
                .filter(|&i| doc.links[i].span.end <= range.end)
                .collect();
            let [link] = on_line[..] else {
                return None;
            };
            let Target::Fragment(fragment) = &doc.links[link].target else {
                return None;
            };
            let s = style.get_or_insert(Style {
                ordered: list.ordered.then_some(list.delimiter),
                bullet: list.bullet,
                start: number,
                same_number: false,
                indent: prefix.len(),
                gap,
            });
            let s = s.clone();
            items.push(Item {
                line,
                depth,
                content,
                heading: anchors.lookup(fragment),
                title: doc.links[link].text.trim().to_string(),
                style: s,
            });
        }
        if list.ordered && numbers.len() > 1 && numbers.iter().all(|&n| n == numbers[0]) {
            for it in &mut items[first_item..] {
                it.style.same_number = true;
            }
        }
    }
    items.sort_by_key(|it| it.line);
    let first = lines.line_of(top_span.start);
    let last = items.last()?.line;
    // Every line of the list is the first line of an item: no text over several lines.
    if last - first + 1 != items.len() || items.windows(2).any(|w| w[0].line == w[1].line) {
        return None;
    }
    // The style of each level: its first list's.
    let mut styles: Vec<Style> = Vec::new();
    for it in &items {
        if it.depth == styles.len() {
            styles.push(it.style.clone());
        }
    }
    // The headings the list should name, in document order.
    let mut wanted: Vec<usize> = doc
        .headings
        .iter()
        .enumerate()
        .skip(toc_heading + 1)
        .filter(|(_, h)| (min..=max).contains(&h.level) && !h.in_list_item)
        .map(|(i, _)| i)
        .chain(items.iter().filter_map(|it| it.heading))
        .collect();
    wanted.sort_unstable();
    wanted.dedup();
    let mut kept: HashMap<usize, &str> = HashMap::new();
    for it in &items {
        if let Some(h) = it.heading {
            kept.entry(h).or_insert(&it.content);
        }
    }
    // Numbered headings ("4. Attention") listed without their number, as the existing items do.
    let (mut drop_numbers, mut keep_numbers) = (false, false);
    for it in &items {
        let Some(h) = it.heading else { continue };
        let text = doc.headings[h].text.as_str();
        let bare = without_number(text);
        if bare.len() != text.len() {
            drop_numbers |= it.title == bare;
            keep_numbers |= it.title == text;
        }
    }
    let drop_numbers = drop_numbers && !keep_numbers;
    let eol = {
        let end = lines.line_range(text, first).end;
        if text[end..].starts_with("\r\n") {
            "\r\n"
        } else if text[end..].starts_with('\r') {
            "\r"
        } else {
            "\n"
        }
    };
    // Write the items: depth from the heading level, one step deeper at most.
    let mut out: Vec<String> = Vec::with_capacity(wanted.len());
    let mut counters: Vec<usize> = Vec::new();
    // The column where the text of the last item at each depth starts.
    let mut content_col: Vec<usize> = Vec::new();
    for &h in &wanted {
        let heading = &doc.headings[h];
        let depth = usize::from(heading.level.saturating_sub(min)).min(counters.len());
        counters.truncate(depth + 1);
        content_col.truncate(depth);
        if counters.len() == depth {
            counters.push(0);
        }
        let style = match styles.get(depth) {
            Some(s) => s.clone(),
            None => {
                let mut s = styles.last().cloned()?;
                s.start = 1;
                s.same_number = false;
                styles.push(s.clone());
                s
            }
        };
        let n = style.start + counters[depth];
        counters[depth] += 1;
        let marker = style.marker(n);
        // Nested items start at their level's indentation, and never left of the text of
        // the item they belong to (Markdown would not nest them otherwise).
        let indent = match depth {
            0 => style.indent,
            _ => style.indent.max(content_col[depth - 1]),
        };
        content_col.push(indent + marker.len() + style.gap);
        let content = match kept.get(&h) {
            Some(c) => c.to_string(),
            None => {
                let title = link_text(text, heading);
                let title = if drop_numbers {
                    without_number(&title).to_string()
                } else {
                    title
                };
                format!("[{title}](#{})", heading.anchor)
            }
        };
        out.push(format!(
            "{}{marker}{}{content}",
            " ".repeat(indent),
            " ".repeat(style.gap)
        ));
    }
    let range = lines.line_start(first)..lines.line_range(text, last).end;
    let new = out.join(eol);
    if text.get(range.clone())? == new {
        return None;
    }
    Some(Fix::safe(range, new))
}

/// A heading's text without a leading section number (`4. `, `2) `, `10 `).
fn without_number(text: &str) -> &str {
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return text;
    }
    let rest = &text[digits..];
    let rest = rest.strip_prefix(['.', ')']).unwrap_or(rest);
    let bare = rest.trim_start();
    if bare.len() == rest.len() || bare.is_empty() {
        return text;
    }
    bare
}

/// A heading's text for a new contents item: the heading as written when it is plain inline
/// Markdown (code spans and emphasis kept), else its visible text with Markdown escaped.
fn link_text(text: &str, heading: &crate::document::Heading) -> String {
    let raw = text.get(heading.span.clone()).unwrap_or("");
    let atx = raw.trim_start_matches(' ').trim_start_matches('#').trim();
    let atx = atx
        .trim_end_matches('#')
        .strip_suffix(' ')
        .map_or(atx, str::trim_end);
    let atx = if atx.is_empty() { raw.trim() } else { atx };
    if raw.trim_start().starts_with('#')
        && !atx.is_empty()
        && !atx.contains(['[', ']', '<', '>', '\n', '\r', '\\'])
    {
        return atx.to_string();
    }
    let mut out = String::with_capacity(heading.text.len());
    for c in heading.text.chars() {
        if matches!(c, '\\' | '[' | ']' | '*' | '_' | '`' | '<' | '>') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}
