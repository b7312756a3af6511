//! The parsed form of one Markdown list: sections, headings, entries, links with their
//! targets, prose blocks, lists and comments. Built once per file (`build`), owned (it does not
//! borrow the text), and only read afterwards.

mod build;
mod collector;
mod description;
mod dest;
mod html;
mod markdown;
mod prose;
mod sections;
mod table;

pub use prose::{Block, BlockKind};
pub use table::{ColumnRole, Row, Table, TableOptions};

use crate::input::SourceFile;
use crate::slug::AnchorSet;
use crate::target::{Target, TargetOptions};
use std::ops::Range;

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

#[derive(Debug, Clone)]
pub struct Link {
    /// The destination as Markdown defines it (escapes and entities resolved).
    pub url: String,
    /// What the destination points at, parsed once.
    pub target: Target,
    /// The link's visible text (alt text for images).
    pub text: String,
    /// The whole link in the source.
    pub span: Range<usize>,
    /// The destination's bytes in the source (for reference links, in the definition), when
    /// they could be located: what a fix rewrites.
    pub dest: Option<Range<usize>>,
    pub section: usize,
    pub kind: LinkKind,
    /// The entry this link belongs to: a source of it, or a badge in its table row.
    pub entry: Option<usize>,
    /// It shows only an image (a badge: `[![stars](…svg)](…)`).
    pub badge: bool,
}

/// A list item with at least one link in its own text that is not a `#fragment`, or a table
/// row with at least one such link that is not an image or a badge.
#[derive(Debug, Clone)]
pub struct Entry {
    pub section: usize,
    pub span: Range<usize>,
    /// Indices into `Document::links`, in order.
    pub links: Vec<usize>,
    /// The item's text outside its links, with leading separators (` - `, `: `) removed; for
    /// a table row, that text of its cells other than its source, code and date columns,
    /// joined by " | ".
    pub description: String,
    /// Index into `Document::blocks`.
    pub block: usize,
    /// For a table row: its table, number, the column of each link, its title and date.
    pub row: Option<Row>,
}

impl Entry {
    fn role(&self, doc: &Document, i: usize) -> Option<ColumnRole> {
        let row = self.row.as_ref()?;
        doc.tables[row.table].role(*row.columns.get(i)?)
    }

    /// The position in `links` of the entry's own source, which a `type=` comment declares:
    /// its first link; in a table row, the first link of a source column, else the first
    /// link outside a code column.
    pub fn primary(&self, doc: &Document) -> usize {
        if self.row.is_none() {
            return 0;
        }
        let n = self.links.len();
        (0..n)
            .find(|&i| self.role(doc, i) == Some(ColumnRole::Source))
            .or_else(|| (0..n).find(|&i| self.role(doc, i) != Some(ColumnRole::Code)))
            .unwrap_or(0)
    }

    /// Whether the entry's `i`-th link sits in a code column of its table.
    pub fn in_code_column(&self, doc: &Document, i: usize) -> bool {
        self.role(doc, i) == Some(ColumnRole::Code)
    }

    /// The entry's title: a table row's title column, else its first link's text.
    pub fn title<'d>(&'d self, doc: &'d Document) -> &'d str {
        match self.row.as_ref().and_then(|r| r.title.as_deref()) {
            Some(t) => t,
            None => doc.links[self.links[self.primary(doc)]].text.trim(),
        }
    }
}

/// A Markdown list, kept so that a contents list can be regenerated in its own style.
#[derive(Debug, Clone)]
pub struct List {
    pub span: Range<usize>,
    pub section: usize,
    pub ordered: bool,
    /// `-`, `*` or `+` for bullet lists.
    pub bullet: u8,
    /// `.` or `)` for ordered lists.
    pub delimiter: u8,
    pub start: usize,
    /// Columns before the marker.
    pub indent: usize,
    pub tight: bool,
    /// The items' spans, in order.
    pub items: Vec<Range<usize>>,
}

/// An HTML comment, on its own lines (`block`) or inside a line of text.
#[derive(Debug, Clone)]
pub struct Comment {
    pub span: Range<usize>,
    /// The text between `<!--` and `-->`.
    pub body: String,
    pub block: bool,
    /// The block (an item's text, a paragraph, a heading or a table row) the comment stands
    /// inside, if any: for a comment on its own lines, the list item it is indented under.
    pub container: Option<usize>,
}

#[derive(Debug, Default)]
pub struct Document {
    pub sections: Vec<Section>,
    pub headings: Vec<Heading>,
    pub links: Vec<Link>,
    pub entries: Vec<Entry>,
    pub blocks: Vec<Block>,
    pub lists: Vec<List>,
    pub comments: Vec<Comment>,
    /// Anchors HTML defines: any element's `id="…"`, and `name="…"` on `<a>`.
    pub html_anchors: Vec<String>,
    /// The lone H1 that titles the document, if there is one.
    pub title: Option<usize>,
    /// Fenced and indented code blocks (their text is not prose), in document order.
    pub code_blocks: Vec<Range<usize>>,
    /// Tables, in document order.
    pub tables: Vec<Table>,
}

impl Document {
    /// Parses a file; `targets` says which schemes a link may use and which query parameters
    /// do not change a resource.
    pub fn parse(file: &SourceFile, targets: TargetOptions) -> Document {
        build::build(&file.text, &file.lines, targets, None)
    }

    /// `parse`, with the policy's `[tables]` saying whether table rows are entries and which
    /// header names give a column its role (without it, every row with a link is an entry and
    /// no column has a role).
    pub fn parse_with(file: &SourceFile, targets: TargetOptions, tables: TableOptions) -> Document {
        build::build(&file.text, &file.lines, targets, Some(tables))
    }

    /// How a message names link `l`: its text; in a table row with a title column, the
    /// row's title (a row's links are often only `[pdf]` or `[code]`).
    /// A title cell often holds the authors too: a name is cut to its first 60 characters.
    pub fn link_name(&self, l: usize) -> std::borrow::Cow<'_, str> {
        const MAX: usize = 60;
        let link = &self.links[l];
        let name = link
            .entry
            .and_then(|e| self.entries[e].row.as_ref()?.title.as_deref())
            .unwrap_or_else(|| link.text.trim());
        match name.char_indices().nth(MAX) {
            Some((cut, _)) => format!("{}…", name[..cut].trim_end()).into(),
            None => name.into(),
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

    /// Every anchor a `#fragment` may target: heading anchors (indices `0..headings.len()`),
    /// then explicit HTML anchors.
    pub fn anchors(&self) -> AnchorSet {
        AnchorSet::new(
            self.headings
                .iter()
                .map(|h| h.anchor.as_str())
                .chain(self.html_anchors.iter().map(String::as_str)),
        )
    }

    /// Whether `offset` lies inside a fenced or indented code block.
    pub fn in_code_block(&self, offset: usize) -> bool {
        let i = self.code_blocks.partition_point(|c| c.end <= offset);
        self.code_blocks
            .get(i)
            .is_some_and(|c| c.start <= offset && offset < c.end)
    }
}

#[cfg(test)]
mod tests;
