//! Prose blocks: the text of an item, a paragraph, a heading or a table row as a reader sees
//! it, with a map back to source bytes so a finding in the text underlines the right source.

use std::ops::Range;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlockKind {
    /// The own text of a list item (an entry if it has links).
    Item,
    Paragraph,
    Heading,
    TableRow,
    /// A run of text in a raw HTML block (an element's text: `<li>`, `<p>`, `<pre>`).
    Html,
    /// A line of a fenced code block that the performance rules read as results (never in
    /// `Document::blocks`; see `Block::verbatim`).
    CodeLine,
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
    /// The text of its code spans, one after another with a space between ("f32 canada"):
    /// words a reader sees that `text` leaves out (empty when it has none).
    pub code: String,
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
    pub(super) fn new(
        kind: BlockKind,
        section: usize,
        span: Range<usize>,
        buf: TextBuf,
        entry: Option<usize>,
    ) -> Block {
        Block {
            kind,
            section,
            span,
            text: buf.text,
            pieces: buf.pieces,
            entry,
            code: buf.code,
        }
    }

    /// A block whose text is `span` of the source as written (a line of a code block), so
    /// that its offsets map back one to one.
    pub fn verbatim(kind: BlockKind, section: usize, span: Range<usize>, source: &str) -> Block {
        Block {
            kind,
            section,
            text: source[span.clone()].to_string(),
            pieces: vec![Piece {
                text_start: 0,
                src: (span.start, span.end),
                exact: true,
            }],
            span,
            entry: None,
            code: String::new(),
        }
    }

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

/// The text of a block being collected.
#[derive(Default)]
pub(super) struct TextBuf {
    /// Prose for claim detection: code, URLs, images and HTML blanked.
    pub text: String,
    pieces: Vec<Piece>,
    /// What a reader sees (code included); kept only for the blocks that read it (headings,
    /// table rows), else left empty.
    pub plain: String,
    /// What a reader sees outside links; kept only for the blocks that read it (list items,
    /// table rows), else left empty.
    pub outside: String,
    /// The text of the code spans, space-separated.
    pub code: String,
    keep_plain: bool,
    keep_outside: bool,
}

impl TextBuf {
    /// An empty buffer for a block of `kind`, with room for `bytes` of text in each string
    /// the block reads (and a few pieces), so that collecting a block does not grow them step
    /// by step. A paragraph reads only its prose; an item also its text outside links; a
    /// heading also all it shows; a table row both.
    pub fn for_block(kind: BlockKind, bytes: usize) -> TextBuf {
        let keep_plain = matches!(kind, BlockKind::Heading | BlockKind::TableRow);
        let keep_outside = matches!(kind, BlockKind::Item | BlockKind::TableRow);
        let room = |keep: bool| {
            if keep {
                String::with_capacity(bytes)
            } else {
                String::new()
            }
        };
        TextBuf {
            text: String::with_capacity(bytes),
            pieces: Vec::with_capacity(4),
            plain: room(keep_plain),
            outside: room(keep_outside),
            code: String::new(),
            keep_plain,
            keep_outside,
        }
    }

    /// Appends text a reader sees; `outside_link`: it is not inside a link.
    pub fn push_seen(&mut self, s: &str, outside_link: bool) {
        if self.keep_plain {
            self.plain.push_str(s);
        }
        if outside_link && self.keep_outside {
            self.outside.push_str(s);
        }
    }

    /// Appends text that comrak read from `src`; spans that do not lie on character
    /// boundaries of the source (comrak misplaces a few inline nodes) are not trusted.
    pub fn push_mapped(&mut self, s: &str, src: Range<usize>, source: &str) {
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

    /// Appends the text of a code span (a reader sees it; claims are not looked for in it).
    pub fn push_code(&mut self, s: &str) {
        if !self.code.is_empty() {
            self.code.push(' ');
        }
        self.code.push_str(s);
    }

    /// A word boundary in the prose text where something was blanked out.
    pub fn blank(&mut self) {
        if !self.text.ends_with(' ') {
            self.text.push(' ');
        }
    }
}
