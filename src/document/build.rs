//! Builds a `Document` in one iterative walk over comrak's arena (no recursion, so a list
//! nested thousands of levels deep cannot overflow the stack).

use super::collector::Collector;
use super::dest::{self, Definitions};
use super::html;
use super::prose::{Block, BlockKind};
use super::table::{self, Cells, Table, TableOptions};
use super::{description, markdown, sections};
use super::{Document, Entry, Heading, Link, LinkKind, List, Section};
use crate::lines::LineIndex;
use crate::slug::Slugger;
use crate::target::TargetOptions;
use comrak::arena_tree::NodeEdge;
use comrak::nodes::{ListDelimType, ListType, NodeValue};
use comrak::{parse_document, Arena};
use std::cell::OnceCell;

/// A link (or image) whose content is being walked.
struct OpenLink {
    /// Index into `doc.links`.
    id: usize,
    image: bool,
    autolink: bool,
    /// Whether it shows text (outside images).
    shown: bool,
    /// Whether an image is inside it.
    image_inside: bool,
}

struct Builder<'t> {
    text: &'t str,
    doc: Document,
    defs: OnceCell<Definitions>,
    targets: TargetOptions<'t>,
    tables: Option<TableOptions<'t>>,
}

/// The URL of a link or image node, moved out of it (empty for any other node).
fn take_url<'a>(
    node: &'a comrak::arena_tree::Node<'a, std::cell::RefCell<comrak::nodes::Ast>>,
) -> String {
    match &mut node.data_mut().value {
        NodeValue::Link(l) | NodeValue::Image(l) => std::mem::take(&mut l.url),
        _ => String::new(),
    }
}

/// Room for what the walk pushes, counted on the tree first (one pass over its nodes costs
/// less than growing the large vectors of a long list step by step, each step a copy).
struct Room {
    links: usize,
    blocks: usize,
    entries: usize,
}

impl Room {
    fn of<'a>(
        root: &'a comrak::arena_tree::Node<'a, std::cell::RefCell<comrak::nodes::Ast>>,
    ) -> Room {
        let mut room = Room {
            links: 0,
            blocks: 0,
            entries: 0,
        };
        for node in root.descendants() {
            match node.data().value {
                NodeValue::Link(_) | NodeValue::Image(_) => room.links += 1,
                NodeValue::Item(_) | NodeValue::TaskItem(_) | NodeValue::TableRow(_) => {
                    room.blocks += 1;
                    room.entries += 1;
                }
                // (an item's own paragraphs are its block)
                NodeValue::Paragraph => {
                    let in_item = node.parent().is_some_and(|p| {
                        matches!(p.data().value, NodeValue::Item(_) | NodeValue::TaskItem(_))
                    });
                    room.blocks += usize::from(!in_item);
                }
                NodeValue::Heading(_) => room.blocks += 1,
                // raw HTML may hold links (`<img src>`) and text (blocks), most often one
                NodeValue::HtmlInline(_) | NodeValue::HtmlBlock(_) => {
                    room.links += 1;
                    room.blocks += 1;
                }
                _ => {}
            }
        }
        // an entry holds a link (a table of results has rows and no entries)
        room.entries = room.entries.min(room.links);
        room
    }
}

pub(super) fn build<'t>(
    text: &'t str,
    lines: &LineIndex,
    targets: TargetOptions<'t>,
    tables: Option<TableOptions<'t>>,
) -> Document {
    let arena = Arena::new();
    let root = parse_document(&arena, text, &markdown::options());
    let room = Room::of(root);
    let mut b = Builder {
        text,
        doc: Document {
            sections: vec![Section {
                heading: None,
                parent: None,
                level: 0,
                title: String::new(),
            }],
            links: Vec::with_capacity(room.links),
            blocks: Vec::with_capacity(room.blocks),
            entries: Vec::with_capacity(room.entries),
            ..Document::default()
        },
        defs: OnceCell::new(),
        targets,
        tables,
    };
    // Table rows are entries unless the policy says otherwise.
    let row_entries = tables.is_none_or(|t| t.entries);
    // The open table (index into doc.tables) and its body rows so far.
    let mut open_table: Option<(usize, usize)> = None;
    let mut slugger = Slugger::default();
    let mut stack: Vec<Collector> = Vec::new();
    let mut open_links: Vec<OpenLink> = Vec::new();
    // Open lists: index into doc.lists.
    let mut open_lists: Vec<usize> = Vec::new();
    let mut section = 0usize;
    // The first block of a footnote definition (see `place_footnotes`).
    let mut footnotes_from: Option<usize> = None;
    let mut items_open = 0usize;
    // Lines to add to the positions comrak gives the inline nodes of the current paragraph
    // (see `inline_line_shift`).
    let mut shift = 0usize;

    for edge in root.traverse() {
        match edge {
            NodeEdge::Start(node) => {
                // A link's URL is moved out of the tree (nothing reads it there again).
                let url = take_url(node);
                let data = node.data();
                let mut pos = data.sourcepos;
                if shift > 0 && !matches!(data.value, NodeValue::Paragraph) {
                    pos.start.line += shift;
                    pos.end.line += shift;
                }
                let span = lines.span_of(text, pos);
                match &data.value {
                    NodeValue::List(l) => {
                        open_lists.push(b.doc.lists.len());
                        b.doc.lists.push(List {
                            span,
                            section,
                            ordered: l.list_type == ListType::Ordered,
                            bullet: l.bullet_char,
                            delimiter: match l.delimiter {
                                ListDelimType::Period => b'.',
                                ListDelimType::Paren => b')',
                            },
                            start: l.start,
                            indent: l.marker_offset,
                            tight: l.tight,
                            items: Vec::new(),
                        });
                    }
                    NodeValue::Item(_) | NodeValue::TaskItem(_) => {
                        items_open += 1;
                        stack.push(Collector::new(BlockKind::Item, span, section));
                    }
                    NodeValue::Paragraph => {
                        shift = markdown::inline_line_shift(node, text, lines);
                        if !matches!(stack.last(), Some(c) if c.kind == BlockKind::Item) {
                            stack.push(Collector::new(BlockKind::Paragraph, span, section));
                        } else if let Some(c) = stack.last_mut() {
                            c.buf.blank();
                            c.buf.push_seen(" ", true);
                        }
                    }
                    NodeValue::Heading(_) => {
                        stack.push(Collector::new(BlockKind::Heading, span, section));
                    }
                    // comrak moves footnote definitions to the end of the tree, after the
                    // last section: a definition belongs to the section it is written in
                    NodeValue::FootnoteDefinition(_) => {
                        footnotes_from.get_or_insert(b.doc.blocks.len());
                        // (the headings before it, by position: section `id + 1` follows
                        // heading `id`)
                        section = b
                            .doc
                            .headings
                            .partition_point(|h| h.span.start <= span.start);
                    }
                    NodeValue::Table(_) => {
                        open_table = Some((b.doc.tables.len(), 0));
                        b.doc.tables.push(Table {
                            span,
                            section,
                            header: Vec::new(),
                            roles: Vec::new(),
                        });
                    }
                    NodeValue::TableRow(header) => {
                        let mut c = Collector::new(BlockKind::TableRow, span, section);
                        c.cells = Some(Cells {
                            header: *header,
                            starts: Vec::new(),
                        });
                        stack.push(c);
                    }
                    NodeValue::TableCell => {
                        if let Some(c) = stack.last_mut() {
                            c.buf.blank();
                            c.buf.push_seen(" ", true);
                            let at = (c.buf.outside.len(), c.buf.plain.len(), c.links.len());
                            if let Some(cells) = c.cells.as_mut() {
                                cells.starts.push(at);
                            }
                        }
                    }
                    NodeValue::Link(_) | NodeValue::Image(_) => {
                        let image = matches!(data.value, NodeValue::Image(_));
                        let src = &text[span.clone()];
                        let kind = if image {
                            LinkKind::Image
                        } else if !src.starts_with('[') {
                            LinkKind::Autolink
                        } else if src.contains("](") {
                            LinkKind::Inline
                        } else {
                            LinkKind::Reference
                        };
                        let in_item = matches!(stack.last(), Some(c) if c.kind == BlockKind::Item
                            || (row_entries && c.cells.as_ref().is_some_and(|r| !r.header)));
                        let inside_link = !open_links.is_empty();
                        if image {
                            if let Some(outer) = open_links.last_mut() {
                                outer.image_inside = true;
                            }
                        }
                        let id = b.doc.links.len();
                        let fragment = url.starts_with('#');
                        b.doc.links.push(Link {
                            target: crate::target::parse(&url, b.targets),
                            url,
                            text: String::new(),
                            dest: dest::locate(text, &span, kind, &b.defs),
                            span,
                            section,
                            kind,
                            entry: None,
                            badge: false,
                        });
                        // Images, links nested in links (badges) and `#fragment` links
                        // (contents lists) are never sources; nor, in a table row, a link
                        // with an empty destination or one that shows only an image.
                        if in_item && !image && !inside_link && !fragment {
                            if let Some(c) = stack.last_mut() {
                                c.links.push(id);
                            }
                        }
                        open_links.push(OpenLink {
                            id,
                            image,
                            autolink: kind == LinkKind::Autolink,
                            shown: false,
                            image_inside: false,
                        });
                    }
                    NodeValue::Text(t) => {
                        let in_image = open_links.iter().any(|l| l.image);
                        let in_autolink = open_links.iter().any(|l| l.autolink);
                        if let Some(l) = open_links.last_mut() {
                            b.doc.links[l.id].text.push_str(t);
                            l.shown |= !in_image && !t.trim().is_empty();
                        }
                        if let Some(c) = stack.last_mut() {
                            if !in_image {
                                c.buf.push_seen(t, open_links.is_empty());
                                if in_autolink {
                                    c.buf.blank();
                                } else {
                                    c.buf.push_mapped(t, span, text);
                                }
                            }
                        }
                    }
                    NodeValue::Code(code) => {
                        if let Some(l) = open_links.last_mut() {
                            b.doc.links[l.id].text.push_str(&code.literal);
                            l.shown = true;
                        }
                        if let Some(c) = stack.last_mut() {
                            c.buf.push_seen(&code.literal, open_links.is_empty());
                            c.buf.push_code(&code.literal);
                            c.buf.blank();
                        }
                    }
                    NodeValue::SoftBreak | NodeValue::LineBreak => {
                        if let Some(&OpenLink { id, .. }) = open_links.last() {
                            b.doc.links[id].text.push(' ');
                        }
                        if let Some(c) = stack.last_mut() {
                            c.buf.push_seen(" ", true);
                            c.buf.blank();
                        }
                    }
                    NodeValue::HtmlInline(_) | NodeValue::HtmlBlock(_) => {
                        let block = matches!(data.value, NodeValue::HtmlBlock(_));
                        // (in a block quote the text would carry its `>` markers)
                        let prose = block
                            && stack.is_empty()
                            && !node
                                .ancestors()
                                .any(|a| matches!(a.data().value, NodeValue::BlockQuote));
                        let found = html::record(
                            &mut b.doc,
                            b.text,
                            b.targets,
                            span,
                            (block, prose),
                            section,
                        );
                        if let Some(c) = stack.last_mut() {
                            c.comments.extend(found);
                        }
                        if !block {
                            if let Some(c) = stack.last_mut() {
                                c.buf.blank();
                            }
                        }
                    }
                    NodeValue::CodeBlock(_) => b.doc.code_blocks.push(span),
                    _ => {}
                }
            }
            NodeEdge::End(node) => {
                let data = node.data();
                match &data.value {
                    NodeValue::List(_) => {
                        open_lists.pop();
                    }
                    NodeValue::Link(_) | NodeValue::Image(_) => {
                        let Some(l) = open_links.pop() else {
                            continue;
                        };
                        let id = l.id;
                        let badge = !l.image && !l.shown && l.image_inside;
                        b.doc.links[id].badge = badge;
                        // A badge or an empty link in a table row is not a source.
                        if let Some(c) = stack.last_mut() {
                            let empty = b.doc.links[id].url.trim().is_empty();
                            if c.cells.is_some() && (badge || empty) && c.links.last() == Some(&id)
                            {
                                c.links.pop();
                                c.badges.push(id);
                            }
                        }
                    }
                    NodeValue::Table(_) => {
                        open_table = None;
                    }
                    NodeValue::Heading(h) => {
                        let c = stack.pop().expect("heading collector");
                        let id = b.doc.headings.len();
                        let title = c.buf.plain.trim().to_string();
                        b.doc.headings.push(Heading {
                            level: h.level,
                            text: title.clone(),
                            span: c.span.clone(),
                            anchor: slugger.unique(&c.buf.plain),
                            in_list_item: items_open > 0,
                        });
                        b.doc.sections.push(Section {
                            heading: Some(id),
                            parent: None,
                            level: h.level,
                            title,
                        });
                        c.push_into(&mut b.doc, None);
                        section = id + 1;
                    }
                    NodeValue::Paragraph => {
                        shift = 0;
                        if matches!(stack.last(), Some(c) if c.kind == BlockKind::Paragraph) {
                            let c = stack.pop().expect("paragraph collector");
                            c.push_into(&mut b.doc, None);
                        }
                    }
                    NodeValue::TableRow(_) => {
                        let c = stack.pop().expect("row collector");
                        match open_table.as_mut() {
                            Some((t, rows)) => {
                                let entry = c.cells.as_ref().and_then(|cells| {
                                    let parts = table::RowParts {
                                        cells,
                                        outside: &c.buf.outside,
                                        plain: &c.buf.plain,
                                        links: &c.links,
                                        badges: &c.badges,
                                        section: c.section,
                                        span: c.span.clone(),
                                    };
                                    table::finish_row(&mut b.doc, *t, rows, parts, b.tables)
                                });
                                c.push_into(&mut b.doc, entry);
                            }
                            None => c.push_into(&mut b.doc, None),
                        }
                    }
                    NodeValue::Item(_) | NodeValue::TaskItem(_) => {
                        items_open -= 1;
                        let mut c = stack.pop().expect("item collector");
                        if let Some(&l) = open_lists.last() {
                            b.doc.lists[l].items.push(c.span.clone());
                        }
                        if c.links.is_empty() {
                            c.push_into(&mut b.doc, None);
                        } else {
                            let entry = b.doc.entries.len();
                            // the entry takes the links (the block keeps none)
                            let links = std::mem::take(&mut c.links);
                            for &l in &links {
                                b.doc.links[l].entry = Some(entry);
                            }
                            b.doc.entries.push(Entry {
                                section: c.section,
                                span: c.span.clone(),
                                links,
                                description: description::description_of(&c.buf.outside),
                                block: b.doc.blocks.len(),
                                row: None,
                            });
                            c.push_into(&mut b.doc, Some(entry));
                        }
                    }
                    _ => {}
                }
            }
        }
    }
    if let Some(from) = footnotes_from {
        place_footnotes(&mut b.doc, from);
    }
    sections::link_sections(&mut b.doc);
    b.doc
}

/// Puts the blocks of footnote definitions (`from` on: comrak moves the definitions to the end
/// of the tree) back among the others, each before the first block that starts after it, so
/// that a block is found by its position; entries and comments follow their blocks.
fn place_footnotes(doc: &mut Document, from: usize) {
    if from >= doc.blocks.len() {
        return;
    }
    let mut tail: Vec<(usize, Block)> =
        doc.blocks.split_off(from).into_iter().enumerate().collect();
    tail.sort_by_key(|(_, b)| b.span.start);
    let main = std::mem::take(&mut doc.blocks);
    let mut new_of = vec![0; main.len() + tail.len()];
    let mut out: Vec<Block> = Vec::with_capacity(new_of.len());
    let mut tail = tail.into_iter().peekable();
    for (old, block) in main.into_iter().enumerate() {
        while let Some((k, t)) = tail.next_if(|(_, t)| t.span.start < block.span.start) {
            new_of[from + k] = out.len();
            out.push(t);
        }
        new_of[old] = out.len();
        out.push(block);
    }
    for (k, t) in tail {
        new_of[from + k] = out.len();
        out.push(t);
    }
    doc.blocks = out;
    for e in &mut doc.entries {
        e.block = new_of[e.block];
    }
    for c in &mut doc.comments {
        if let Some(b) = &mut c.container {
            *b = new_of[*b];
        }
    }
}
