//! Tables: a row that holds a link is an entry, like a list item. The header names say which
//! column holds the row's title, its source, its code and its date (`[tables]` in the
//! policy); the section is the heading above the table.

use super::{Document, Entry};
use std::ops::Range;

/// What a column holds, from its header name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColumnRole {
    Title,
    Source,
    Code,
    Date,
}

impl ColumnRole {
    pub fn as_str(self) -> &'static str {
        match self {
            ColumnRole::Title => "title",
            ColumnRole::Source => "source",
            ColumnRole::Code => "code",
            ColumnRole::Date => "date",
        }
    }
}

/// How a document reads its tables (from the policy's `[tables]`).
#[derive(Clone, Copy)]
pub struct TableOptions<'a> {
    /// Whether a body row that holds a link is an entry.
    pub entries: bool,
    /// The role a header name gives its column.
    pub role: &'a dyn Fn(&str) -> Option<ColumnRole>,
}

/// A Markdown table.
#[derive(Debug, Clone)]
pub struct Table {
    pub span: Range<usize>,
    pub section: usize,
    /// The header cells as a reader sees them.
    pub header: Vec<String>,
    /// Each column's role (indexed like `header`).
    pub roles: Vec<Option<ColumnRole>>,
}

impl Table {
    pub fn role(&self, column: usize) -> Option<ColumnRole> {
        self.roles.get(column).copied().flatten()
    }
}

/// Where an entry that is a table row sits, and what its cells say.
#[derive(Debug, Clone)]
pub struct Row {
    /// Index into `Document::tables`.
    pub table: usize,
    /// 1-based among the table's body rows.
    pub number: usize,
    /// The column of each of the entry's links (indexed like `Entry::links`).
    pub columns: Vec<usize>,
    /// The title column's text, if the table has one and it is not empty.
    pub title: Option<String>,
    /// The date column's text, if the table has one and it is not empty.
    pub date: Option<String>,
}

/// Where each cell of a row being collected starts in its text buffers and links.
#[derive(Debug, Default)]
pub(super) struct Cells {
    pub header: bool,
    /// (start in `outside`, start in `plain`, start in the row's links) per cell.
    pub starts: Vec<(usize, usize, usize)>,
}

impl Cells {
    /// Each cell's (outside-link text, whole text, links range), from the row's buffers.
    pub fn split<'a>(
        &self,
        outside: &'a str,
        plain: &'a str,
        links: usize,
    ) -> Vec<(&'a str, &'a str, Range<usize>)> {
        (0..self.starts.len())
            .map(|i| {
                let (o, p, l) = self.starts[i];
                let (o2, p2, l2) =
                    self.starts
                        .get(i + 1)
                        .copied()
                        .unwrap_or((outside.len(), plain.len(), links));
                (
                    outside.get(o..o2).unwrap_or(""),
                    plain.get(p..p2).unwrap_or(""),
                    l..l2,
                )
            })
            .collect()
    }
}

/// The role of each header cell.
fn roles(header: &[String], opts: Option<TableOptions>) -> Vec<Option<ColumnRole>> {
    header
        .iter()
        .map(|h| {
            let h = h.trim();
            opts.filter(|_| !h.is_empty()).and_then(|o| (o.role)(h))
        })
        .collect()
}

/// Whitespace collapsed.
fn squeeze(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A table row as the builder collected it.
pub(super) struct RowParts<'a> {
    pub cells: &'a Cells,
    /// The row's text outside links, and all its text, cell after cell.
    pub outside: &'a str,
    pub plain: &'a str,
    /// Its sources, and its badges (links that show only an image).
    pub links: &'a [usize],
    pub badges: &'a [usize],
    pub section: usize,
    pub span: Range<usize>,
}

/// Finishes a table row: a header names its table's columns; a body row with sources becomes
/// an entry (returned). `rows` counts the table's body rows.
pub(super) fn finish_row(
    doc: &mut Document,
    table: usize,
    rows: &mut usize,
    r: RowParts,
    opts: Option<TableOptions>,
) -> Option<usize> {
    let split = r.cells.split(r.outside, r.plain, r.links.len());
    if r.cells.header {
        let header: Vec<String> = split.iter().map(|(_, plain, _)| squeeze(plain)).collect();
        doc.tables[table].roles = roles(&header, opts);
        doc.tables[table].header = header;
        return None;
    }
    *rows += 1;
    if r.links.is_empty() {
        return None;
    }
    let (description, row) = row_entry((table, &doc.tables[table]), *rows, &split, r.links.len());
    let entry = doc.entries.len();
    // Badges belong to the row too (a badge and a link to the same repository are not
    // duplicates), without being its sources.
    for &l in r.links.iter().chain(r.badges) {
        doc.links[l].entry = Some(entry);
    }
    doc.entries.push(Entry {
        section: r.section,
        span: r.span,
        links: r.links.to_vec(),
        description,
        block: doc.blocks.len(),
        row: Some(row),
    });
    Some(entry)
}

/// A body row's entry parts: its description (the text outside links of the cells that are
/// not its source, code or date, cells joined by " | "), and where it sits.
fn row_entry(
    table: (usize, &Table),
    number: usize,
    cells: &[(&str, &str, Range<usize>)],
    links: usize,
) -> (String, Row) {
    let (index, t) = table;
    let mut columns = vec![0; links];
    let mut description = Vec::new();
    let mut title = None;
    let mut date = None;
    for (c, (outside, plain, range)) in cells.iter().enumerate() {
        for l in range.clone() {
            if let Some(slot) = columns.get_mut(l) {
                *slot = c;
            }
        }
        let role = t.role(c);
        match role {
            Some(ColumnRole::Title) if title.is_none() => {
                title = Some(squeeze(plain)).filter(|s| !s.is_empty());
            }
            Some(ColumnRole::Date) if date.is_none() => {
                date = Some(squeeze(plain)).filter(|s| !s.is_empty());
            }
            _ => {}
        }
        if !matches!(
            role,
            Some(ColumnRole::Source | ColumnRole::Code | ColumnRole::Date)
        ) {
            let d = super::description::description_of(outside);
            if !d.is_empty() {
                description.push(d);
            }
        }
    }
    (
        description.join(" | "),
        Row {
            table: index,
            number,
            columns,
            title,
            date,
        },
    )
}
