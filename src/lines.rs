//! Byte offsets ↔ 1-based line and character column.
//!
//! Built once per file in one pass. Lines end at `\n`, `\r\n` or a lone `\r`, as in
//! CommonMark (and so in comrak's source positions). Columns count characters (not bytes); a line that is pure
//! ASCII answers in O(1), so even a 2 MB line with 20,000 findings renders in linear time.

use std::ops::Range;

#[derive(Debug, Clone)]
pub struct LineIndex {
    /// Byte offset where each line starts (line 1 at index 0).
    starts: Vec<usize>,
    /// Whether each line is pure ASCII (columns = bytes).
    ascii: Vec<bool>,
    /// Length of a leading UTF-8 byte-order mark (0 or 3); it takes no column.
    bom: usize,
    len: usize,
}

/// A 1-based position: line, and column in characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Position {
    pub line: usize,
    pub column: usize,
}

impl LineIndex {
    pub fn new(text: &str) -> Self {
        let bytes = text.as_bytes();
        let bom = if text.starts_with('\u{feff}') { 3 } else { 0 };
        let mut starts = Vec::with_capacity(bytes.len() / 40 + 1);
        let mut ascii = Vec::with_capacity(bytes.len() / 40 + 1);
        starts.push(0);
        let mut from = bom;
        // Line by line: `memchr2` and `is_ascii` run over whole slices (vectorised).
        while let Some(nl) = memchr::memchr2(b'\n', b'\r', &bytes[from..]) {
            ascii.push(bytes[from..from + nl].is_ascii());
            let crlf = bytes[from + nl] == b'\r' && bytes.get(from + nl + 1) == Some(&b'\n');
            from += nl + 1 + usize::from(crlf);
            starts.push(from);
        }
        ascii.push(bytes[from..].is_ascii());
        LineIndex {
            starts,
            ascii,
            bom,
            len: text.len(),
        }
    }

    pub fn line_count(&self) -> usize {
        self.starts.len()
    }

    /// The 1-based line that contains `offset`.
    pub fn line_of(&self, offset: usize) -> usize {
        match self.starts.binary_search(&offset) {
            Ok(i) => i + 1,
            Err(i) => i,
        }
    }

    /// Where line `line` (1-based) starts, after a BOM on line 1.
    fn content_start(&self, line: usize) -> usize {
        if line == 1 {
            self.bom
        } else {
            self.starts[line - 1]
        }
    }

    /// Where line `line` (1-based) starts, counting a BOM on line 1 as part of it.
    pub fn line_start(&self, line: usize) -> usize {
        self.starts[line - 1]
    }

    /// The byte range of a line's text, without its `\n`, `\r\n` or `\r`.
    pub fn line_range(&self, text: &str, line: usize) -> Range<usize> {
        let start = self.content_start(line);
        let mut end = self.starts.get(line).copied().unwrap_or(self.len);
        let b = text.as_bytes();
        if end > start && b[end - 1] == b'\n' {
            end -= 1;
        }
        if end > start && b[end - 1] == b'\r' {
            end -= 1;
        }
        start..end.max(start)
    }

    /// The byte range of a line including its line ending.
    pub fn line_with_ending(&self, line: usize) -> Range<usize> {
        let start = self.starts[line - 1];
        start..self.starts.get(line).copied().unwrap_or(self.len)
    }

    /// 1-based line and character column of a byte offset.
    pub fn position(&self, text: &str, offset: usize) -> Position {
        let offset = floor_char_boundary(text, offset.min(self.len));
        let line = self.line_of(offset);
        let start = self.content_start(line).min(offset);
        let column = if self.ascii[line - 1] {
            offset - start + 1
        } else {
            text[start..offset].chars().count() + 1
        };
        Position { line, column }
    }

    /// Byte offset of a comrak source position (1-based line, 1-based byte column).
    pub fn offset_of(&self, line: usize, byte_column: usize) -> usize {
        if line == 0 || line > self.starts.len() {
            return self.len;
        }
        (self.starts[line - 1] + byte_column.saturating_sub(1)).min(self.len)
    }

    /// Byte range of a comrak `Sourcepos` (inclusive end; an end at column 0 means "the end of
    /// the previous line", which comrak produces for items followed by a blank line).
    /// Both ends land on character boundaries whatever comrak reports.
    pub fn span_of(&self, text: &str, sp: comrak::nodes::Sourcepos) -> Range<usize> {
        let start = floor_char_boundary(text, self.offset_of(sp.start.line, sp.start.column));
        let end = if sp.end.column == 0 {
            if sp.end.line >= 2 {
                self.line_range(text, sp.end.line - 1).end
            } else {
                start
            }
        } else {
            ceil_char_boundary(text, self.offset_of(sp.end.line, sp.end.column) + 1)
        };
        // An end at column 0 may leave trailing blank lines inside; trim whitespace.
        let mut end = end.max(start).min(self.len);
        while end > start && text.as_bytes()[end - 1].is_ascii_whitespace() {
            end -= 1;
        }
        start..end
    }
}

pub fn floor_char_boundary(text: &str, mut i: usize) -> usize {
    i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

pub fn ceil_char_boundary(text: &str, mut i: usize) -> usize {
    i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i += 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_characters_and_skip_bom() {
        let text = "\u{feff}ab\r\nçé x\nlast";
        let idx = LineIndex::new(text);
        assert_eq!(idx.line_count(), 3);
        assert_eq!(idx.position(text, 3), Position { line: 1, column: 1 });
        assert_eq!(idx.position(text, 4), Position { line: 1, column: 2 });
        let x = text.find('x').unwrap();
        assert_eq!(idx.position(text, x), Position { line: 2, column: 4 });
        assert_eq!(&text[idx.line_range(text, 1)], "ab");
        assert_eq!(&text[idx.line_range(text, 2)], "çé x");
        assert_eq!(&text[idx.line_range(text, 3)], "last");
        assert_eq!(idx.line_of(text.len()), 3);
    }

    #[test]
    fn lone_carriage_returns_end_lines() {
        let text = "a\r\nb\rc http://x.org\rd";
        let idx = LineIndex::new(text);
        assert_eq!(idx.line_count(), 4);
        let at = text.find("http").unwrap();
        assert_eq!(idx.position(text, at), Position { line: 3, column: 3 });
        assert_eq!(&text[idx.line_range(text, 2)], "b");
        assert_eq!(&text[idx.line_range(text, 3)], "c http://x.org");
        assert_eq!(&text[idx.line_range(text, 4)], "d");
        let cr_only = "x\r\r\ry";
        let idx = LineIndex::new(cr_only);
        assert_eq!(idx.line_count(), 4);
        assert_eq!(idx.position(cr_only, 4), Position { line: 4, column: 1 });
    }

    #[test]
    fn offsets_inside_characters_round_down() {
        let text = "é";
        let idx = LineIndex::new(text);
        assert_eq!(idx.position(text, 1), Position { line: 1, column: 1 });
    }
}
