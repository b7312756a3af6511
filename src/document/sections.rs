//! The section tree: each section's parent (the nearest section of a lower level before it),
//! and the lone H1 that titles the document.

use super::Document;

/// Links sections to their parents and detects a lone H1 title.
pub(super) fn link_sections(doc: &mut Document) {
    let h1s: Vec<usize> = (0..doc.headings.len())
        .filter(|&i| doc.headings[i].level == 1)
        .collect();
    if h1s.len() == 1 && h1s[0] == 0 {
        doc.title = Some(0);
    }
    // Nearest open section of a lower level, per level (a stack).
    let mut open: Vec<usize> = Vec::new();
    for s in 1..doc.sections.len() {
        let level = doc.sections[s].level;
        while let Some(&top) = open.last() {
            if doc.sections[top].level >= level {
                open.pop();
            } else {
                break;
            }
        }
        doc.sections[s].parent = Some(open.last().copied().unwrap_or(0));
        open.push(s);
    }
}
