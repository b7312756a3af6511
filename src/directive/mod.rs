//! `<!-- sourcepolicy: … -->` comments (DESIGN §5): which lines each governs, and what it says
//! (`type=`, `code=`, `ignore=`, `reason=`, `scope=section`, `ignore-start=` … `ignore-end`).
//! Read once per file, in the parse phase (`grammar` reads a comment's text); the suppressions
//! phase (`rules::suppression`) applies them.

mod grammar;

use crate::document::{BlockKind, Document};
use crate::input::SourceFile;
use grammar::Marker;
use std::collections::HashMap;
use std::ops::{Range, RangeInclusive};

/// How far a comment reaches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach {
    /// The entry or paragraph it stands in, is indented under, or stands directly above.
    Here,
    /// `scope=section` above a heading: the heading and everything under it.
    Section,
    /// `ignore-start=`: the lines up to its `ignore-end`.
    Block,
    /// `ignore-end`: closes the block before it; governs nothing itself.
    End,
}

/// One `sourcepolicy:` comment, read.
#[derive(Debug, Clone)]
pub struct Directive {
    /// The comment's byte span.
    pub span: Range<usize>,
    /// The lines it governs (1-based, inclusive).
    pub lines: Option<RangeInclusive<usize>>,
    /// The entry it governs, if it governs one entry.
    pub entry: Option<usize>,
    pub reach: Reach,
    /// `type=` as written.
    pub kind: Option<Value>,
    /// `code=` as written.
    pub code: Option<Value>,
    /// `ignore=` (or `ignore-start=`) rule names or families, comma-separated.
    pub ignore: Vec<Value>,
    /// `reason="…"`.
    pub reason: Option<String>,
    /// Problems reading the comment or placing it: (span, message).
    pub problems: Vec<(Range<usize>, String)>,
}

/// A value and where it stands in the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Value {
    pub text: String,
    pub span: Range<usize>,
}

/// Reads every `sourcepolicy:` comment of a document (and every near-miss of the grammar).
/// Linear: blocks are indexed by their first line, a comment knows the block it stands in (or
/// the item it is indented under) from the parse, and blocks and sections are paired in one
/// pass each.
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
    // Fenced and indented code blocks by first line: (last line, first byte). A block of
    // results pasted after its lead-in paragraph is governed with it (`perf` reads its lines).
    let code_lines: HashMap<usize, (usize, usize)> = doc
        .code_blocks
        .iter()
        .map(|c| {
            let e = line_of(c.end.saturating_sub(1).max(c.start));
            (line_of(c.start), (e, c.start))
        })
        .collect();
    let code_after = |end: usize, at: usize| -> Option<usize> {
        let (e, start) = (end + 1..=end + 2).find_map(|l| code_lines.get(&l))?;
        file.text
            .get(at..*start)
            .is_some_and(|gap| gap.trim().is_empty())
            .then_some(*e)
    };
    let mut section_ends: Option<Vec<usize>> = None;
    let last_line = file.lines.line_count();
    for c in &doc.comments {
        let body_at = c.span.start + 4;
        let mut d = Directive {
            span: c.span.clone(),
            lines: None,
            entry: None,
            reach: Reach::Here,
            kind: None,
            code: None,
            ignore: Vec::new(),
            reason: None,
            problems: Vec::new(),
        };
        match grammar::marker(&c.body) {
            Marker::None => continue,
            Marker::Unreadable(span, message) => {
                d.problems
                    .push((body_at + span.start..body_at + span.end, message));
                d.reach = Reach::End; // governs nothing, and says so
                out.push(d);
                continue;
            }
            Marker::Pairs(at, problem) => {
                if let Some((span, message)) = problem {
                    d.problems
                        .push((body_at + span.start..body_at + span.end, message));
                }
                grammar::parse_pairs(&c.body[at..], body_at + at, &mut d);
            }
        }
        // What it governs: the block it stands in or is indented under, else (on its own
        // lines) the block that starts on the next line.
        let block = match c.container {
            Some(b) => Some(b),
            None if c.block => by_start
                .get(&(line_of(c.span.end.saturating_sub(1)) + 1))
                .copied(),
            None => None,
        };
        let here = line_of(c.span.start);
        match d.reach {
            Reach::Here => match block {
                Some(b) => {
                    let (s, e) = block_lines[b];
                    let first = if c.container.is_none() {
                        s
                    } else {
                        s.min(here)
                    };
                    let e = code_after(e, doc.blocks[b].span.end).unwrap_or(e);
                    d.lines = Some(first..=e);
                    d.entry = doc.blocks[b].entry;
                }
                None if !c.block => d.lines = Some(here..=here),
                // on its own lines right before a code block: that block
                None => {
                    let below = line_of(c.span.end.saturating_sub(1));
                    if let Some(&(e, _)) = code_lines.get(&(below + 1)) {
                        d.lines = Some(below + 1..=e);
                    }
                }
            },
            Reach::Section => {
                let heading = block
                    .filter(|&b| c.container.is_none() && doc.blocks[b].kind == BlockKind::Heading);
                match heading {
                    Some(b) => {
                        let ends = section_ends.get_or_insert_with(|| ends_of_sections(file, doc));
                        let h = doc
                            .headings
                            .partition_point(|h| h.span.start < doc.blocks[b].span.start);
                        d.lines =
                            Some(block_lines[b].0..=ends.get(h).copied().unwrap_or(last_line));
                    }
                    None => d.problems.push((
                        d.span.clone(),
                        "scope=section must stand on its own line directly above a heading".into(),
                    )),
                }
                if d.kind.is_some() || d.code.is_some() {
                    d.problems.push((
                        d.span.clone(),
                        "type= and code= describe one entry: put them on the entry, not on a section".into(),
                    ));
                }
            }
            Reach::Block | Reach::End => d.lines = Some(here..=here),
        }
        out.push(d);
    }
    pair_blocks(&mut out, &file.lines, last_line);
    out
}

/// Closes each `ignore-start` at the next `ignore-end` (innermost first): its lines run from
/// the start comment to the end comment. An unclosed block runs to the end of the file and is
/// reported, as is an `ignore-end` with no block to close.
fn pair_blocks(dirs: &mut [Directive], lines: &crate::lines::LineIndex, last_line: usize) {
    let mut open: Vec<usize> = Vec::new();
    for i in 0..dirs.len() {
        match dirs[i].reach {
            Reach::Block => open.push(i),
            Reach::End if dirs[i].lines.is_some() => {
                let end = lines.line_of(dirs[i].span.end.saturating_sub(1));
                match open.pop() {
                    Some(s) => {
                        let start = dirs[s].lines.as_ref().map_or(end, |r| *r.start());
                        dirs[s].lines = Some(start..=end);
                    }
                    None => {
                        let span = dirs[i].span.clone();
                        dirs[i].problems.push((
                            span,
                            "ignore-end closes nothing: no ignore-start before it".into(),
                        ));
                    }
                }
                dirs[i].lines = None;
            }
            _ => {}
        }
    }
    for s in open {
        let start = dirs[s].lines.as_ref().map_or(1, |r| *r.start());
        dirs[s].lines = Some(start..=last_line);
        let span = dirs[s].span.clone();
        dirs[s].problems.push((
            span,
            "ignore-start has no ignore-end: it governs the rest of the file; close it with <!-- sourcepolicy: ignore-end -->".into(),
        ));
    }
}

/// The last line of each heading's section (indexed like `doc.headings`): the line before the
/// next heading of the same or a higher level, else the file's last line. One pass with a
/// stack.
fn ends_of_sections(file: &SourceFile, doc: &Document) -> Vec<usize> {
    let last = file.lines.line_count();
    let mut ends = vec![last; doc.headings.len()];
    let mut open: Vec<usize> = Vec::new();
    for (j, h) in doc.headings.iter().enumerate() {
        let line = file.lines.line_of(h.span.start);
        while let Some(&top) = open.last() {
            if doc.headings[top].level >= h.level {
                ends[top] = line.saturating_sub(1).max(1);
                open.pop();
            } else {
                break;
            }
        }
        open.push(j);
    }
    ends
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
                "unknown key `ignroe`; did you mean `ignore`?",
                "the quoted value of `reason` is not closed"
            ]
        );
    }

    /// (message, the text it points at) of each problem of each comment.
    fn problems(text: &str) -> Vec<(String, String)> {
        read(text)
            .iter()
            .flat_map(|d| d.problems.iter())
            .map(|(span, m)| (m.clone(), text[span.clone()].to_string()))
            .collect()
    }

    #[test]
    fn near_misses_are_read_where_clear_and_always_reported() {
        let text = "# T\n\n<!-- SourcePolicy: ignore=perf reason=\"r\" -->\nA.\n\n\
                    <!-- sourcepolicy ignore=perf reason=\"r\" -->\nB.\n\n\
                    <!-- sourcepolicy-disable -->\nC.\n\n\
                    <!-- sourcepolicy: ignore=perf reason='single quoted' -->\nD.\n\n\
                    <!-- sourcepolicy: ignore=perf, reason=\"comma\" -->\nE.\n\n\
                    <!-- sourcepolicy: Ignore=perf reason=\"r\" -->\nF.\n\n\
                    <!-- sourcepolicy checks this list; this is prose -->\nG.\n";
        let got = problems(text);
        let msgs: Vec<&str> = got.iter().map(|(m, _)| m.as_str()).collect();
        assert_eq!(msgs.len(), 6, "{got:#?}");
        assert!(
            msgs[0].starts_with("`SourcePolicy:` is not the marker"),
            "{got:#?}"
        );
        assert_eq!(got[0].1, "SourcePolicy:");
        assert!(msgs[1].contains("has no colon"), "{got:#?}");
        assert!(
            msgs[2].contains("did you mean `<!-- sourcepolicy: ignore-start="),
            "{got:#?}"
        );
        assert!(
            msgs[3].starts_with("quote the value of `reason`"),
            "{got:#?}"
        );
        assert_eq!(got[3].1, "'");
        assert!(
            msgs[4].starts_with("a comma separates rule names"),
            "{got:#?}"
        );
        assert_eq!(got[4].1, ",");
        assert_eq!(msgs[5], "write the key `Ignore` in lower case: `ignore`");
        // Where the intent is clear the comment is still read: each ignores `perf` with a
        // reason (the markdownlint-style one is not read).
        let ds = read(text);
        let read_ok: Vec<bool> = ds
            .iter()
            .map(|d| d.ignore.iter().any(|v| v.text == "perf") && d.reason.is_some())
            .collect();
        assert_eq!(read_ok, [true, true, false, true, true, true]);
    }

    #[test]
    fn comments_reach_their_entry_block_or_section() {
        let text = "# T\n\n## S\n\n\
                    - [A](https://a.example/) - a\n  <!-- sourcepolicy: ignore=entry reason=\"r\" -->\n\
                    - [B](https://b.example/) - b\n\n\
                    <!-- sourcepolicy: ignore-start=link reason=\"r\" -->\n\
                    x\n\n<!-- sourcepolicy: ignore-end -->\n\n\
                    <!-- sourcepolicy: scope=section ignore=perf reason=\"r\" -->\n\
                    ## U\n\ntext\n\n### U.1\n\nmore\n\n## V\n\n\
                    <!-- sourcepolicy: ignore-start=perf reason=\"r\" -->\nlast\n";
        let ds = read(text);
        let reach: Vec<(Reach, Option<RangeInclusive<usize>>)> =
            ds.iter().map(|d| (d.reach, d.lines.clone())).collect();
        assert_eq!(
            reach,
            [
                // Indented under A: governs A (lines 5-6), not B.
                (Reach::Here, Some(5..=6)),
                (Reach::Block, Some(9..=12)),
                (Reach::End, None),
                // From the heading to the line before `## V`.
                (Reach::Section, Some(15..=22)),
                (Reach::Block, Some(25..=27)),
            ]
        );
        assert_eq!(ds[0].entry, Some(0));
        let problems: Vec<&str> = ds
            .iter()
            .flat_map(|d| d.problems.iter().map(|p| p.1.as_str()))
            .collect();
        assert_eq!(problems.len(), 1);
        assert!(problems[0].starts_with("ignore-start has no ignore-end"));
    }
}
