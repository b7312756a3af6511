//! A block being collected by the walk (an item, paragraph, heading or table row): its text
//! so far, its links, the comments inside it and, for a table row, where its cells start.

use super::prose::{Block, BlockKind, TextBuf};
use super::table::Cells;
use super::Document;
use std::ops::Range;

/// The most a block's text buffers reserve up front: an item's own text is at most its span
/// (bar a few decoded entities), but the span of an item that holds a nested list or of a long
/// paragraph says little about it, and nested blocks would each reserve it again.
const TEXT_CAPACITY: usize = 512;

/// A block being collected: an item, paragraph, heading or table row.
pub(super) struct Collector {
    pub kind: BlockKind,
    pub span: Range<usize>,
    pub section: usize,
    pub buf: TextBuf,
    pub links: Vec<usize>,
    /// Comments found inside it, whose container is this block once it is pushed.
    pub comments: Vec<usize>,
    /// For a table row: where its cells start.
    pub cells: Option<Cells>,
    /// Badges of a table row: links that show only an image (not sources).
    pub badges: Vec<usize>,
}

impl Collector {
    pub(super) fn new(kind: BlockKind, span: Range<usize>, section: usize) -> Collector {
        Collector {
            kind,
            buf: TextBuf::for_block(kind, span.len().min(TEXT_CAPACITY)),
            span,
            section,
            links: Vec::new(),
            comments: Vec::new(),
            cells: None,
            badges: Vec::new(),
        }
    }

    /// Pushes the finished block to `doc` (for an entry, `entry` is its index); the comments
    /// inside it get it as their container.
    pub(super) fn push_into(self, doc: &mut Document, entry: Option<usize>) {
        let index = doc.blocks.len();
        for &k in &self.comments {
            doc.comments[k].container = Some(index);
        }
        doc.blocks.push(Block::new(
            self.kind,
            self.section,
            self.span,
            self.buf,
            entry,
        ));
    }
}
