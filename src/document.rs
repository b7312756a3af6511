//! The parsed form of one Markdown list: sections, entries, links, text blocks and comments.
//!
//! Built once per file by one iterative walk over comrak's arena (no recursion, so a list nested
//! thousands of levels deep cannot overflow the stack). Rules only read it.

use crate::lines::LineIndex;
use crate::slug::Slugger;
use comrak::arena_tree::NodeEdge;
use comrak::nodes::NodeValue;
use comrak::{parse_document, Arena, Options};
use std::collections::HashSet;
use std::ops::Range;
use std::sync::OnceLock;

/// A heading-delimited part of the document. Section 0 is the preamble (everything before the
/// first heading, and under a lone H1 title); section `i + 1` is opened by heading `i`.
#[derive(Debug, Clone)]
pub struct Section {
    pub heading: Option<usize>,
    pub parent: Option<usize>,
    /// 0 for the preamble.
    pub level: u8,
    pub title: String,
}

#[derive(Debug, Clone)]
pub struct Heading {
    pub level: u8,
    /// The heading's visible text (code spans included, HTML dropped), as GitHub renders it.
    pub text: String,
    pub span: Range<usize>,
    /// GitHub's anchor for it, de-duplicated in document order.
    pub anchor: String,
    /// Inside a list item (GitHub still gives it an anchor).
    pub in_list_item: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkKind {
    /// `[text](url)`
    Inline,
    /// `[text][ref]`, `[text][]`, `[ref]`
    Reference,
    /// `<https://…>` or a bare URL
    Autolink,
    /// `![alt](src)`
    Image,
}

/// Where a link stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Context {
    /// In a list item's own text (a source of that entry unless it is a `#fragment`).
    ListItem,
    Paragraph,
    Table,
    Heading,
}

#[derive(Debug, Clone)]
pub struct Link {
    pub url: String,
    /// The link's visible text (alt text for images).
    pub text: String,
    pub span: Range<usize>,
    pub section: usize,
    pub kind: LinkKind,
    pub context: Context,
    /// The entry this link is a source of.
    pub entry: Option<usize>,
}

/// The scheme of a URL-like string (`https` in `https://x`), if it has one.
pub fn scheme_of(url: &str) -> Option<&str> {
    let colon = url.find(':')?;
    let scheme = &url[..colon];
    let mut chars = scheme.chars();
    let first = chars.next()?;
    (first.is_ascii_alphabetic()
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
        && scheme.len() > 1)
        .then_some(scheme)
}

/// A list item with at least one link in its own text that is not a `#fragment`.
#[derive(Debug, Clone)]
pub struct Entry {
    pub section: usize,
    pub span: Range<usize>,
    /// Indices into `Document::links`, in order.
    pub links: Vec<usize>,
    /// The item's text outside its links, with leading separators (` - `, `: `) removed.
    pub description: String,
    /// Index into `Document::blocks`.
    pub block: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlockKind {
    /// The own text of a list item (an entry if it has links).
    Item,
    Paragraph,
    Heading,
    TableRow,
}

/// A run of prose: an item's own text, a paragraph, a heading or a table row. `text` has code
/// spans, autolinked URLs, images and HTML blanked out, and maps back to source bytes.
#[derive(Debug, Clone)]
pub struct Block {
    pub kind: BlockKind,
    pub section: usize,
    pub span: Range<usize>,
    pub text: String,
    pieces: Vec<Piece>,
    pub entry: Option<usize>,
}

#[derive(Debug, Clone, Copy)]
struct Piece {
    text_start: usize,
    src: (usize, usize),
    /// The text equals its source byte for byte (no entity, escape or smart punctuation), so
    /// offsets inside it map one to one.
    exact: bool,
}

impl Block {
    /// The source byte range of a byte range of `self.text`, on character boundaries of the
    /// document's `text`. Inside a piece whose text differs from its source (an entity, an
    /// escape) offsets cannot be mapped one to one, so such a piece maps to all of its source.
    pub fn source_span(&self, text: &str, r: Range<usize>) -> Range<usize> {
        let map = |off: usize, end: bool| -> usize {
            let i = match self.pieces.binary_search_by(|p| p.text_start.cmp(&off)) {
                Ok(i) => i,
                Err(0) => return self.span.start,
                Err(i) => i - 1,
            };
            // An end offset at a piece's start belongs to the previous piece.
            let i = if end && i > 0 && self.pieces[i].text_start == off {
                i - 1
            } else {
                i
            };
            let p = self.pieces[i];
            if p.exact {
                (p.src.0 + (off - p.text_start)).min(p.src.1)
            } else if end {
                p.src.1
            } else {
                p.src.0
            }
        };
        let s = crate::lines::floor_char_boundary(text, map(r.start, false));
        let e = crate::lines::ceil_char_boundary(text, map(r.end, true)).max(s);
        s..e
    }
}

/// An HTML comment, on its own lines (`block`) or inside a line of text.
#[derive(Debug, Clone)]
pub struct Comment {
    pub span: Range<usize>,
    /// The text between `<!--` and `-->`.
    pub body: String,
    pub block: bool,
}

pub struct Document<'a> {
    pub text: &'a str,
    pub lines: LineIndex,
    pub sections: Vec<Section>,
    pub headings: Vec<Heading>,
    pub links: Vec<Link>,
    pub entries: Vec<Entry>,
    pub blocks: Vec<Block>,
    pub comments: Vec<Comment>,
    /// Explicit `<a id="…">` / `<a name="…">` anchors.
    pub html_anchors: Vec<String>,
    /// The lone H1 that titles the document, if there is one.
    pub title: Option<usize>,
    /// Fenced and indented code blocks (their text is not prose).
    pub code_blocks: Vec<Range<usize>>,
}

#[derive(Default)]
struct TextBuf {
    /// Prose for claim detection: code, URLs, images and HTML blanked.
    text: String,
    pieces: Vec<Piece>,
    /// What a reader sees (code included).
    plain: String,
    /// What a reader sees outside links.
    outside: String,
}

impl TextBuf {
    fn push_mapped(&mut self, s: &str, src: Range<usize>, source: &str) {
        // Spans are trimmed of trailing whitespace, so the text may run on past its source.
        let exact = source
            .get(src.clone())
            .is_some_and(|x| s.starts_with(x) && s[x.len()..].trim().is_empty());
        self.pieces.push(Piece {
            text_start: self.text.len(),
            src: (src.start, src.end.max(src.start)),
            exact,
        });
        self.text.push_str(s);
    }
    fn blank(&mut self) {
        if !self.text.ends_with(' ') {
            self.text.push(' ');
        }
    }
}

struct Collector {
    kind: BlockKind,
    span: Range<usize>,
    section: usize,
    buf: TextBuf,
    links: Vec<usize>,
}

fn options() -> Options<'static> {
    let mut o = Options::default();
    o.extension.autolink = true;
    o.extension.table = true;
    o.extension.footnotes = true;
    o.extension.strikethrough = true;
    o.extension.tasklist = true;
    o
}

fn anchor_re() -> &'static regex::Regex {
    static RE: OnceLock<regex::Regex> = OnceLock::new();
    RE.get_or_init(|| {
        regex::Regex::new(r#"(?i)<a\s[^>]*?\b(?:id|name)\s*=\s*["']?([^"'\s>]+)"#).expect("valid")
    })
}

impl<'a> Document<'a> {
    pub fn parse(text: &'a str) -> Document<'a> {
        let arena = Arena::new();
        let root = parse_document(&arena, text, &options());
        let lines = LineIndex::new(text);
        let mut doc = Document {
            text,
            lines,
            sections: vec![Section {
                heading: None,
                parent: None,
                level: 0,
                title: String::new(),
            }],
            headings: Vec::new(),
            links: Vec::new(),
            entries: Vec::new(),
            blocks: Vec::new(),
            comments: Vec::new(),
            html_anchors: Vec::new(),
            title: None,
            code_blocks: Vec::new(),
        };
        let mut slugger = Slugger::default();
        let mut stack: Vec<Collector> = Vec::new();
        // Open links: (index into doc.links, is image, is autolink).
        let mut open_links: Vec<(usize, bool, bool)> = Vec::new();
        let mut section = 0usize;
        let mut items_open = 0usize;

        for edge in root.traverse() {
            match edge {
                NodeEdge::Start(node) => {
                    let data = node.data();
                    let span = doc.lines.span_of(text, data.sourcepos);
                    match &data.value {
                        NodeValue::Item(_) => {
                            items_open += 1;
                            stack.push(Collector {
                                kind: BlockKind::Item,
                                span,
                                section,
                                buf: TextBuf::default(),
                                links: Vec::new(),
                            });
                        }
                        NodeValue::Paragraph => {
                            if !matches!(stack.last(), Some(c) if c.kind == BlockKind::Item) {
                                stack.push(Collector {
                                    kind: BlockKind::Paragraph,
                                    span,
                                    section,
                                    buf: TextBuf::default(),
                                    links: Vec::new(),
                                });
                            } else if let Some(c) = stack.last_mut() {
                                c.buf.blank();
                                c.buf.plain.push(' ');
                                c.buf.outside.push(' ');
                            }
                        }
                        NodeValue::Heading(_) | NodeValue::TableRow(_) => {
                            let kind = if matches!(data.value, NodeValue::Heading(_)) {
                                BlockKind::Heading
                            } else {
                                BlockKind::TableRow
                            };
                            stack.push(Collector {
                                kind,
                                span,
                                section,
                                buf: TextBuf::default(),
                                links: Vec::new(),
                            });
                        }
                        NodeValue::TableCell => {
                            if let Some(c) = stack.last_mut() {
                                c.buf.blank();
                                c.buf.plain.push(' ');
                            }
                        }
                        NodeValue::Link(l) | NodeValue::Image(l) => {
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
                            let (context, entry_owner) = match stack.last() {
                                Some(c) => match c.kind {
                                    BlockKind::Item => (Context::ListItem, true),
                                    BlockKind::Paragraph => (Context::Paragraph, false),
                                    BlockKind::Heading => (Context::Heading, false),
                                    BlockKind::TableRow => (Context::Table, false),
                                },
                                None => (Context::Paragraph, false),
                            };
                            let inside_link = !open_links.is_empty();
                            let id = doc.links.len();
                            doc.links.push(Link {
                                url: l.url.clone(),
                                text: String::new(),
                                span,
                                section,
                                kind,
                                context: if image || inside_link {
                                    match context {
                                        Context::ListItem => Context::Paragraph,
                                        c => c,
                                    }
                                } else {
                                    context
                                },
                                entry: None,
                            });
                            // Images, links nested in links (badges) and `#fragment` links
                            // (contents lists) are never sources.
                            if entry_owner && !image && !inside_link && !l.url.starts_with('#') {
                                if let Some(c) = stack.last_mut() {
                                    c.links.push(id);
                                }
                            }
                            open_links.push((id, image, kind == LinkKind::Autolink));
                        }
                        NodeValue::Text(t) => {
                            let in_image = open_links.iter().any(|l| l.1);
                            let in_autolink = open_links.iter().any(|l| l.2);
                            if let Some(&(id, ..)) = open_links.last() {
                                doc.links[id].text.push_str(t);
                            }
                            if let Some(c) = stack.last_mut() {
                                if !in_image {
                                    c.buf.plain.push_str(t);
                                    if open_links.is_empty() {
                                        c.buf.outside.push_str(t);
                                    }
                                    if in_autolink {
                                        c.buf.blank();
                                    } else {
                                        c.buf.push_mapped(t, span, text);
                                    }
                                }
                            }
                        }
                        NodeValue::Code(code) => {
                            if let Some(&(id, ..)) = open_links.last() {
                                doc.links[id].text.push_str(&code.literal);
                            }
                            if let Some(c) = stack.last_mut() {
                                c.buf.plain.push_str(&code.literal);
                                if open_links.is_empty() {
                                    c.buf.outside.push_str(&code.literal);
                                }
                                c.buf.blank();
                            }
                        }
                        NodeValue::SoftBreak | NodeValue::LineBreak => {
                            if let Some(&(id, ..)) = open_links.last() {
                                doc.links[id].text.push(' ');
                            }
                            if let Some(c) = stack.last_mut() {
                                c.buf.plain.push(' ');
                                c.buf.outside.push(' ');
                                c.buf.blank();
                            }
                        }
                        NodeValue::HtmlInline(_) => {
                            doc.scan_html(span, false);
                            if let Some(c) = stack.last_mut() {
                                c.buf.blank();
                            }
                        }
                        NodeValue::HtmlBlock(_) => doc.scan_html(span, true),
                        NodeValue::CodeBlock(_) => doc.code_blocks.push(span),
                        _ => {}
                    }
                }
                NodeEdge::End(node) => {
                    let data = node.data();
                    match &data.value {
                        NodeValue::Link(_) | NodeValue::Image(_) => {
                            open_links.pop();
                        }
                        NodeValue::Heading(h) => {
                            let c = stack.pop().expect("heading collector");
                            let id = doc.headings.len();
                            let anchor = slugger.unique(&c.buf.plain);
                            doc.headings.push(Heading {
                                level: h.level,
                                text: c.buf.plain.trim().to_string(),
                                span: c.span.clone(),
                                anchor,
                                in_list_item: items_open > 0,
                            });
                            doc.sections.push(Section {
                                heading: Some(id),
                                parent: None,
                                level: h.level,
                                title: c.buf.plain.trim().to_string(),
                            });
                            doc.push_block(c, None);
                            section = id + 1;
                        }
                        NodeValue::Paragraph => {
                            if matches!(stack.last(), Some(c) if c.kind == BlockKind::Paragraph) {
                                let c = stack.pop().expect("paragraph collector");
                                doc.push_block(c, None);
                            }
                        }
                        NodeValue::TableRow(_) => {
                            let c = stack.pop().expect("row collector");
                            doc.push_block(c, None);
                        }
                        NodeValue::Item(_) => {
                            items_open -= 1;
                            let c = stack.pop().expect("item collector");
                            if c.links.is_empty() {
                                doc.push_block(c, None);
                            } else {
                                let entry = doc.entries.len();
                                let block = doc.blocks.len();
                                for &l in &c.links {
                                    doc.links[l].entry = Some(entry);
                                }
                                doc.entries.push(Entry {
                                    section: c.section,
                                    span: c.span.clone(),
                                    links: c.links.clone(),
                                    description: description_of(&c.buf.outside),
                                    block,
                                });
                                doc.push_block(c, Some(entry));
                            }
                        }
                        _ => {}
                    }
                }
            }
        }
        doc.finish_sections();
        doc
    }

    fn push_block(&mut self, c: Collector, entry: Option<usize>) {
        self.blocks.push(Block {
            kind: c.kind,
            section: c.section,
            span: c.span,
            text: c.buf.text,
            pieces: c.buf.pieces,
            entry,
        });
    }

    /// Records comments and explicit anchors in a piece of raw HTML.
    fn scan_html(&mut self, span: Range<usize>, block: bool) {
        let html = &self.text[span.clone()];
        let mut from = 0;
        while let Some(open) = html[from..].find("<!--") {
            let start = from + open;
            let (body_end, end) = match html[start + 4..].find("-->") {
                Some(e) => (start + 4 + e, start + 4 + e + 3),
                None => (html.len(), html.len()),
            };
            self.comments.push(Comment {
                span: span.start + start..span.start + end,
                body: html[start + 4..body_end].to_string(),
                block,
            });
            from = end;
        }
        let has_anchor_tag = html
            .as_bytes()
            .windows(3)
            .any(|w| w[0] == b'<' && (w[1] | 0x20) == b'a' && w[2].is_ascii_whitespace());
        if has_anchor_tag {
            for cap in anchor_re().captures_iter(html) {
                self.html_anchors.push(cap[1].to_string());
            }
        }
    }

    /// Links sections to their parents and detects a lone H1 title.
    fn finish_sections(&mut self) {
        let h1s: Vec<usize> = (0..self.headings.len())
            .filter(|&i| self.headings[i].level == 1)
            .collect();
        if h1s.len() == 1 && h1s[0] == 0 {
            self.title = Some(0);
        }
        // Nearest open section of a lower level, per level (a stack).
        let mut open: Vec<usize> = Vec::new();
        for s in 1..self.sections.len() {
            let level = self.sections[s].level;
            while let Some(&top) = open.last() {
                if self.sections[top].level >= level {
                    open.pop();
                } else {
                    break;
                }
            }
            self.sections[s].parent = Some(open.last().copied().unwrap_or(0));
            open.push(s);
        }
    }

    /// Whether a section is the document's title section (treated as preamble).
    pub fn is_title_section(&self, section: usize) -> bool {
        self.title.is_some() && self.sections[section].heading == self.title
    }

    /// Heading texts from the outermost section down to `section` (title and preamble left out).
    pub fn section_path(&self, section: usize) -> Vec<&str> {
        let mut path = Vec::new();
        let mut s = Some(section);
        while let Some(i) = s {
            if i != 0 && !self.is_title_section(i) {
                path.push(self.sections[i].title.as_str());
            }
            s = self.sections[i].parent;
        }
        path.reverse();
        path
    }

    /// Sections from `section` up to the root (itself first).
    pub fn ancestors(&self, section: usize) -> impl Iterator<Item = usize> + '_ {
        std::iter::successors(Some(section), move |&s| self.sections[s].parent)
    }

    /// Every anchor a `#fragment` may target: heading anchors and explicit HTML anchors.
    pub fn anchors(&self) -> HashSet<&str> {
        self.headings
            .iter()
            .map(|h| h.anchor.as_str())
            .chain(self.html_anchors.iter().map(String::as_str))
            .collect()
    }

    pub fn line_of(&self, offset: usize) -> usize {
        self.lines.line_of(offset)
    }
}

/// The description of an entry from its text outside links: separators and list punctuation
/// that only join links (`, `, `and`, ` - `) are not a description.
fn description_of(outside: &str) -> String {
    let t = outside.trim();
    let t = t.trim_start_matches(|c: char| {
        c.is_whitespace() || matches!(c, '-' | '–' | '—' | ':' | ',' | '|' | '·' | '(' | ')')
    });
    let t = t.trim();
    let only_joiners = t
        .split(|c: char| c.is_whitespace() || ",;.()|/&".contains(c))
        .all(|w| w.is_empty() || w.eq_ignore_ascii_case("and") || w.eq_ignore_ascii_case("or"));
    if only_joiners {
        String::new()
    } else {
        t.split_whitespace().collect::<Vec<_>>().join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crlf_bom_reference_and_autolinks_keep_exact_positions() {
        let text = "\u{feff}# Guide\r\n\r\n## Kernels\r\n\r\n### Attention\r\n\r\n- [Flash][fa] - See <https://a.example/x> and https://b.example/y too\r\n- #### Inside\r\n  [Item](https://c.example/) - text\r\n\r\n[fa]: https://arxiv.org/abs/2205.14135\r\n";
        let doc = Document::parse(text);
        let pos = |l: &Link| {
            let p = doc.lines.position(text, l.span.start);
            (p.line, p.column)
        };
        let got: Vec<(&str, LinkKind, (usize, usize), &str)> = doc
            .links
            .iter()
            .map(|l| (l.url.as_str(), l.kind, pos(l), &text[l.span.clone()]))
            .collect();
        assert_eq!(
            got,
            [
                (
                    "https://arxiv.org/abs/2205.14135",
                    LinkKind::Reference,
                    (7, 3),
                    "[Flash][fa]"
                ),
                (
                    "https://a.example/x",
                    LinkKind::Autolink,
                    (7, 21),
                    "<https://a.example/x>"
                ),
                (
                    "https://b.example/y",
                    LinkKind::Autolink,
                    (7, 47),
                    "https://b.example/y"
                ),
                (
                    "https://c.example/",
                    LinkKind::Inline,
                    (9, 3),
                    "[Item](https://c.example/)"
                ),
            ]
        );
        // The heading inside a list item opens a section; the entry under it belongs to it.
        assert_eq!(
            doc.section_path(doc.links[0].section),
            ["Kernels", "Attention"]
        );
        assert_eq!(
            doc.section_path(doc.links[3].section),
            ["Kernels", "Attention", "Inside"]
        );
        assert_eq!(doc.title, Some(0));
        assert_eq!(doc.entries.len(), 2);
        assert_eq!(doc.entries[0].links.len(), 3);
        assert_eq!(doc.entries[0].description, "See and too");
        // Heading positions skip the BOM on line 1.
        assert_eq!(
            doc.lines.position(text, doc.headings[0].span.start).column,
            1
        );
    }

    #[test]
    fn descriptions_strip_separators_but_not_words() {
        assert_eq!(description_of(" - Fast attention."), "Fast attention.");
        assert_eq!(description_of(", , and "), "");
        assert_eq!(description_of(" — "), "");
        assert_eq!(description_of(":  the spec"), "the spec");
        assert_eq!(
            description_of(" and Rubin CPX, pending"),
            "and Rubin CPX, pending"
        );
    }
}
