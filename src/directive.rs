//! `<!-- sourcepolicy: … -->` comments (DESIGN §5): which entry or lines each governs, and what
//! it says (`type=`, `code=`, `ignore=`, `reason=`). Read once per file, in the parse phase;
//! the suppressions phase (`rules::suppression`) applies them.

use crate::document::Document;
use crate::input::SourceFile;
use std::collections::HashMap;
use std::ops::{Range, RangeInclusive};

/// One `sourcepolicy:` comment, read.
#[derive(Debug, Clone)]
pub struct Directive {
    /// The comment's byte span.
    pub span: Range<usize>,
    /// The lines it governs (1-based, inclusive): the block on its line, or the block that
    /// starts on the line after it.
    pub lines: Option<RangeInclusive<usize>>,
    /// The entry it governs, if that block is an entry.
    pub entry: Option<usize>,
    /// `type=` as written.
    pub kind: Option<Value>,
    /// `code=` as written.
    pub code: Option<Value>,
    /// `ignore=` rule names or families, comma-separated.
    pub ignore: Vec<Value>,
    /// `reason="…"`.
    pub reason: Option<String>,
    /// Problems reading the comment: (span, message).
    pub problems: Vec<(Range<usize>, String)>,
}

/// A value and where it stands in the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Value {
    pub text: String,
    pub span: Range<usize>,
}

const MARKER: &str = "sourcepolicy:";

/// Reads every `sourcepolicy:` comment of a document. Linear: blocks are indexed by their
/// first line, and an inline comment knows its block from the parse.
pub fn directives(file: &SourceFile, doc: &Document) -> Vec<Directive> {
    let mut out = Vec::new();
    if doc.comments.is_empty() {
        return out;
    }
    let line_of = |offset: usize| file.lines.line_of(offset);
    // Blocks by first line; the widest wins (an item over the paragraph inside it).
    let block_lines: Vec<(usize, usize)> = doc
        .blocks
        .iter()
        .map(|b| (line_of(b.span.start), line_of(b.span.end)))
        .collect();
    let mut by_start: HashMap<usize, usize> = HashMap::new();
    for (i, &(s, e)) in block_lines.iter().enumerate() {
        by_start
            .entry(s)
            .and_modify(|j| {
                if e > block_lines[*j].1 {
                    *j = i
                }
            })
            .or_insert(i);
    }
    for c in &doc.comments {
        let body = c.body.trim_start();
        let Some(rest) = body.strip_prefix(MARKER) else {
            continue;
        };
        let body_start = c.span.start + 4 + (c.body.len() - body.len()) + MARKER.len();
        let mut d = Directive {
            span: c.span.clone(),
            lines: None,
            entry: None,
            kind: None,
            code: None,
            ignore: Vec::new(),
            reason: None,
            problems: Vec::new(),
        };
        parse_pairs(rest, body_start, &mut d);
        // What it governs: the block it stands in, else (on its own lines) the block that
        // starts on the next line.
        let block = if c.block {
            by_start
                .get(&(line_of(c.span.end.saturating_sub(1)) + 1))
                .copied()
        } else {
            c.container
        };
        match block {
            Some(b) => {
                let (s, e) = block_lines[b];
                let first = if c.block {
                    s
                } else {
                    s.min(line_of(c.span.start))
                };
                d.lines = Some(first..=e);
                d.entry = doc.blocks[b].entry;
            }
            None if !c.block => {
                let l = line_of(c.span.start);
                d.lines = Some(l..=l);
            }
            None => {}
        }
        out.push(d);
    }
    out
}

fn parse_pairs(s: &str, base: usize, d: &mut Directive) {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        if i >= b.len() {
            break;
        }
        let key_start = i;
        while i < b.len() && !b[i].is_ascii_whitespace() && b[i] != b'=' {
            i += 1;
        }
        let key = &s[key_start..i];
        if i >= b.len() || b[i] != b'=' {
            d.problems.push((
                base + key_start..base + i,
                format!("`{key}` is not of the form key=value"),
            ));
            continue;
        }
        i += 1;
        let (value, vspan) = if i < b.len() && b[i] == b'"' {
            let start = i + 1;
            let mut v = String::new();
            i += 1;
            let mut closed = false;
            while i < b.len() {
                match b[i] {
                    b'\\' if i + 1 < b.len() => {
                        let ch = s[i + 1..].chars().next().expect("char");
                        v.push(ch);
                        i += 1 + ch.len_utf8();
                    }
                    b'"' => {
                        closed = true;
                        i += 1;
                        break;
                    }
                    _ => {
                        let ch = s[i..].chars().next().expect("char");
                        v.push(ch);
                        i += ch.len_utf8();
                    }
                }
            }
            if !closed {
                d.problems.push((
                    base + key_start..base + i,
                    format!("the quoted value of `{key}` is not closed"),
                ));
            }
            (v, base + start..base + i - usize::from(closed))
        } else {
            let start = i;
            loop {
                while i < b.len() && !b[i].is_ascii_whitespace() {
                    i += 1;
                }
                // `ignore=a, b`: a list continues after a comma and spaces.
                let mut j = i;
                while j < b.len() && b[j].is_ascii_whitespace() {
                    j += 1;
                }
                if i > start && b[i - 1] == b',' && j < b.len() && j > i {
                    i = j;
                } else {
                    break;
                }
            }
            (s[start..i].to_string(), base + start..base + i)
        };
        let val = Value {
            text: value,
            span: vspan,
        };
        match key {
            "type" => d.kind = Some(val),
            "code" => d.code = Some(val),
            "reason" => d.reason = Some(val.text),
            "ignore" => {
                let mut off = val.span.start;
                for part in val.text.split(',') {
                    let t = part.trim();
                    if !t.is_empty() {
                        let lead = part.len() - part.trim_start().len();
                        d.ignore.push(Value {
                            text: t.to_string(),
                            span: off + lead..off + lead + t.len(),
                        });
                    }
                    off += part.len() + 1;
                }
            }
            _ => d.problems.push((
                base + key_start..base + key_start + key.len(),
                format!("unknown key `{key}` (known: type, code, ignore, reason)"),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Vec<Directive> {
        let file = SourceFile::from_text("t.md", text);
        let schemes = ["https".to_string()];
        let doc = Document::parse(
            &file,
            crate::target::TargetOptions {
                schemes: &schemes,
                tracking: &[],
            },
        );
        directives(&file, &doc)
    }

    #[test]
    fn reads_pairs_and_governed_lines() {
        let text = "# T\n\n## S\n\n<!-- sourcepolicy: ignore=perf, link/duplicate reason=\"quoted \\\"table\\\"\" -->\n- [A](https://a.example/) - one\n  two\n- [B](https://b.example/) - x <!-- sourcepolicy: type=report code=https://github.com/o/r -->\n";
        let ds = read(text);
        assert_eq!(ds.len(), 2);
        let rules: Vec<&str> = ds[0].ignore.iter().map(|v| v.text.as_str()).collect();
        assert_eq!(rules, ["perf", "link/duplicate"]);
        assert_eq!(&text[ds[0].ignore[1].span.clone()], "link/duplicate");
        assert_eq!(ds[0].reason.as_deref(), Some("quoted \"table\""));
        assert_eq!(ds[0].lines, Some(6..=7));
        assert_eq!(ds[0].entry, Some(0));
        assert_eq!(ds[1].kind.as_ref().map(|v| v.text.as_str()), Some("report"));
        assert_eq!(
            ds[1].code.as_ref().map(|v| &text[v.span.clone()]),
            Some("https://github.com/o/r")
        );
        assert_eq!(ds[1].lines, Some(8..=8));
        assert_eq!(ds[1].entry, Some(1));
        assert!(ds.iter().all(|d| d.problems.is_empty()));
    }

    #[test]
    fn reports_unreadable_pairs() {
        let ds = read("<!-- sourcepolicy: ignroe=perf reason=\"open -->\n\ntext\n");
        let msgs: Vec<&str> = ds[0].problems.iter().map(|p| p.1.as_str()).collect();
        assert_eq!(
            msgs,
            [
                "unknown key `ignroe` (known: type, code, ignore, reason)",
                "the quoted value of `reason` is not closed"
            ]
        );
    }
}
