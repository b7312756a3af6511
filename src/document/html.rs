//! Raw HTML in a list: the comments it holds (where `sourcepolicy:` directives live), the
//! anchors it defines (GitHub gives any element's `id`, and `name` on `<a>`, an anchor), and
//! the link targets it holds (`<a href>`, `<img src>`), which are checked like Markdown links.
//! Read with the shared tag scanner (`crate::html`): a tag inside a comment defines nothing.
//! The text of a raw HTML block (a `<pre>` banner, a `<ul>` of news items) becomes prose
//! blocks of kind `Html`, one per element a reader sees as its own line or paragraph, so that
//! a claim written in HTML is read like one written in Markdown; a `<table>` becomes a table
//! (`Document::tables`, its first row naming the columns) whose `<tr>` rows are blocks of kind
//! `TableRow`, each cell a word boundary, and its links stay links (never an entry's sources).

use super::prose::{Block, BlockKind, TextBuf};
use super::{Comment, Document, Link, LinkKind, Table};
use crate::html::{scan, Attr, Event};
use crate::target::TargetOptions;
use std::ops::Range;

/// A comment found in a piece of HTML: its span in the file and its body.
pub(super) struct Found {
    pub span: Range<usize>,
    pub body: String,
}

/// A link target in a piece of HTML.
pub(super) struct HtmlLink {
    /// The URL, entities decoded.
    pub url: String,
    /// The attribute (`href="…"`) in the file.
    pub span: Range<usize>,
    /// The value's bytes in the file (what a fix rewrites).
    pub dest: Range<usize>,
    /// `<img src>` (else `<a href>`).
    pub image: bool,
    /// What messages call it: the image's `alt`, the link's URL (its text is outside the tag).
    pub text: String,
}

/// What a piece of HTML holds.
#[derive(Default)]
pub(super) struct Tags {
    pub comments: Vec<Found>,
    pub anchors: Vec<String>,
    pub links: Vec<HtmlLink>,
    /// The text between tags (decoded, with its span in the file), in runs that block-level
    /// elements separate; `None` where something was blanked (a comment, code, a bare URL):
    /// a word boundary. Only when asked for.
    pub texts: Vec<Run>,
    /// The tables among the runs: each row of a table (not nested in another) is one run,
    /// its cells separated by blanks. Only when the texts are asked for.
    pub tables: Vec<HtmlTable>,
}

/// A `<table>` of a piece of HTML, read like a Markdown table: its first row names the
/// columns.
pub(super) struct HtmlTable {
    /// `<table` to `</table>` (or the last row's end when unclosed), in the file.
    pub span: Range<usize>,
    pub rows: Vec<HtmlRow>,
}

/// A `<tr>` of a table.
pub(super) struct HtmlRow {
    /// Its run in `Tags::texts`.
    pub run: usize,
    /// `<tr` to `</tr>` (or to where the next row or the table ends), in the file.
    pub span: Range<usize>,
    /// Where each cell starts in the run.
    pub cells: Vec<usize>,
}

/// A table being read: its start, and the row being read (its start, its cells' starts in
/// the run).
struct OpenTable {
    start: usize,
    rows: Vec<HtmlRow>,
    row: Option<(usize, Vec<usize>)>,
}

/// A run of an HTML block's text: pieces with their spans in the file, `None` a blank.
pub(super) type Run = Vec<Option<(Range<usize>, String)>>;

/// Elements whose text is code, blanked like a Markdown code span.
fn is_code(name: &str) -> bool {
    matches!(name, "code" | "kbd" | "samp" | "tt" | "var")
}

/// Elements that start a new line or paragraph for a reader: text on either side of one of
/// their tags is not one sentence.
fn breaks_text(name: &str) -> bool {
    matches!(
        name,
        "p" | "div"
            | "li"
            | "ul"
            | "ol"
            | "pre"
            | "br"
            | "hr"
            | "tr"
            | "td"
            | "th"
            | "table"
            | "thead"
            | "tbody"
            | "caption"
            | "h1"
            | "h2"
            | "h3"
            | "h4"
            | "h5"
            | "h6"
            | "details"
            | "summary"
            | "blockquote"
            | "dl"
            | "dt"
            | "dd"
            | "section"
            | "center"
            | "figure"
            | "figcaption"
            | "header"
            | "footer"
            | "nav"
            | "article"
    )
}

/// Appends the text at `span` of `html` (which starts at byte `at` of the file) to `run` in
/// pieces: each character reference its own piece, decoded, so that the text around it maps
/// to the file byte for byte; a bare URL is blanked, as Markdown's autolinks are.
fn push_text(run: &mut Run, html: &str, span: Range<usize>, at: usize) {
    let raw = &html[span.clone()];
    let base = at + span.start;
    let piece = |run: &mut Run, r: Range<usize>, t: String| {
        if !r.is_empty() {
            run.push(Some((base + r.start..base + r.end, t)));
        }
    };
    let b = raw.as_bytes();
    let (mut from, mut i) = (0, 0);
    while i < b.len() {
        let word_start = i == 0 || b[i - 1].is_ascii_whitespace() || b[i - 1] == b'(';
        let url = word_start
            && ["http://", "https://", "www."].iter().any(|p| {
                raw[i..]
                    .get(..p.len())
                    .is_some_and(|h| h.eq_ignore_ascii_case(p))
            });
        if url {
            piece(run, from..i, raw[from..i].to_string());
            let end = raw[i..]
                .find(char::is_whitespace)
                .map_or(raw.len(), |e| i + e);
            run.push(None);
            (from, i) = (end, end);
            continue;
        }
        if b[i] == b'&' {
            let semi = raw[i..].bytes().take(12).position(|c| c == b';');
            if let Some(end) = semi.map(|e| i + e + 1) {
                piece(run, from..i, raw[from..i].to_string());
                piece(run, i..end, crate::html::decode(&raw[i..end]).into_owned());
                (from, i) = (end, end);
                continue;
            }
        }
        i += 1;
    }
    piece(run, from..raw.len(), raw[from..].to_string());
}

/// The comments, anchors and link targets of `html`, which starts at byte `at` of the file;
/// with `texts`, its text too.
pub(super) fn read(html: &str, at: usize, texts: bool) -> Tags {
    let mut out = Tags::default();
    if !html.contains('<') {
        return out;
    }
    let shift = |r: &Range<usize>| at + r.start..at + r.end;
    let mut run: Run = Vec::new();
    let (mut pre, mut code) = (0usize, 0usize);
    let end_run = |run: &mut Run, out: &mut Tags| {
        if run.iter().flatten().any(|(_, t)| !t.trim().is_empty()) {
            out.texts.push(std::mem::take(run));
        } else {
            run.clear();
        }
    };
    // tables: the outermost one open (a nested table is text of the cell it is in), and how
    // deep the nesting is
    let mut table: Option<OpenTable> = None;
    let mut depth = 0usize;
    // ends the row being read at `end` (in `html`): its run, when it holds text, is a row
    let end_row = |t: &mut OpenTable, run: &mut Run, out: &mut Tags, end: usize| {
        let Some((start, cells)) = t.row.take() else {
            return;
        };
        let before = out.texts.len();
        end_run(run, out);
        if out.texts.len() > before {
            t.rows.push(HtmlRow {
                run: before,
                span: shift(&(start..end)),
                cells,
            });
        }
    };
    scan(html, &mut |e| {
        // inside a table's row, an element that breaks text (a nested table, `<br>`, `<p>`) is a
        // word boundary of the row, not the end of it
        let in_row = table.as_ref().is_some_and(|t| t.row.is_some());
        let brk = |run: &mut Run, out: &mut Tags| {
            if in_row {
                run.push(None);
            } else {
                end_run(run, out);
            }
        };
        match e {
            Event::End { name, span } if texts && matches!(name, "table" | "tr" | "td" | "th") => {
                match (name, table.as_mut()) {
                    ("table", Some(t)) if depth == 1 => {
                        end_row(t, &mut run, &mut out, span.start);
                        end_run(&mut run, &mut out);
                        let t = table.take().expect("open table");
                        out.tables.push(HtmlTable {
                            span: shift(&(t.start..span.end)),
                            rows: t.rows,
                        });
                        depth = 0;
                    }
                    ("table", Some(_)) => depth -= 1,
                    ("tr", Some(t)) if depth == 1 => end_row(t, &mut run, &mut out, span.end),
                    _ => brk(&mut run, &mut out),
                }
            }
            // code is blanked, as a Markdown code span is
            Event::Text { .. } if texts && code > 0 => run.push(None),
            // in preformatted text each line is a line of its own ("✅ 40% faster   ✅ FP8")
            Event::Text { span, .. } if texts && pre > 0 => {
                let mut from = span.start;
                for (k, line) in html[span.clone()].split(['\n', '\r']).enumerate() {
                    if k > 0 {
                        brk(&mut run, &mut out);
                    }
                    push_text(&mut run, html, from..from + line.len(), at);
                    from += line.len() + 1;
                }
            }
            Event::Text { span, .. } if texts => push_text(&mut run, html, span, at),
            Event::End { name, .. } if texts && is_code(name) => {
                code = code.saturating_sub(1);
                run.push(None);
            }
            Event::End { name, .. } if texts && breaks_text(name) => {
                if name == "pre" {
                    pre = pre.saturating_sub(1);
                }
                brk(&mut run, &mut out)
            }
            Event::Comment { body, span } => {
                if texts {
                    run.push(None);
                }
                out.comments.push(Found {
                    span: shift(&span),
                    body: body.to_string(),
                })
            }
            Event::Start { name, attrs, span } => {
                if texts && matches!(name, "table" | "tr" | "td" | "th") {
                    match (name, table.as_mut()) {
                        ("table", None) => {
                            end_run(&mut run, &mut out);
                            table = Some(OpenTable {
                                start: span.start,
                                rows: Vec::new(),
                                row: None,
                            });
                            depth = 1;
                        }
                        ("table", Some(_)) => depth += 1,
                        ("tr", Some(t)) if depth == 1 => {
                            end_row(t, &mut run, &mut out, span.start);
                            end_run(&mut run, &mut out);
                            t.row = Some((span.start, Vec::new()));
                        }
                        (_, Some(t)) if depth == 1 && t.row.is_some() => {
                            // a cell: a word boundary within its row
                            run.push(None);
                            if let Some((_, cells)) = t.row.as_mut() {
                                cells.push(run.len());
                            }
                        }
                        _ => brk(&mut run, &mut out),
                    }
                } else if texts && breaks_text(name) {
                    brk(&mut run, &mut out);
                    if name == "pre" {
                        pre += 1;
                    }
                }
                if texts && is_code(name) {
                    code += 1;
                    run.push(None);
                }
                if let Some(id) = Attr::find(&attrs, "id") {
                    out.anchors.push(id.value.trim().to_string());
                }
                if name == "a" {
                    if let Some(n) = Attr::find(&attrs, "name") {
                        out.anchors.push(n.value.trim().to_string());
                    }
                }
                let target = match name {
                    "a" => Attr::find(&attrs, "href").map(|a| (a, false)),
                    "img" => Attr::find(&attrs, "src").map(|a| (a, true)),
                    _ => None,
                };
                if let Some((a, image)) = target {
                    out.links.push(HtmlLink {
                        url: a.value.trim().to_string(),
                        span: shift(&a.span),
                        dest: shift(&a.value_span),
                        image,
                        text: if image {
                            Attr::find(&attrs, "alt")
                                .map(|a| a.value.trim().to_string())
                                .unwrap_or_default()
                        } else {
                            a.value.trim().to_string()
                        },
                    });
                }
            }
            _ => {}
        }
    });
    // an unclosed table ends with the piece of HTML
    if let Some(mut t) = table.take() {
        end_row(&mut t, &mut run, &mut out, html.len());
        let end = t.rows.last().map_or(html.len(), |r| r.span.end - at);
        out.tables.push(HtmlTable {
            span: shift(&(t.start..end)),
            rows: t.rows,
        });
    }
    end_run(&mut run, &mut out);
    out
}

/// The text of each cell of a table row's run (`cells`: where each starts), whitespace
/// collapsed.
fn cell_texts(run: &Run, cells: &[usize]) -> Vec<String> {
    (0..cells.len())
        .map(|c| {
            let end = cells.get(c + 1).copied().unwrap_or(run.len());
            let mut cell = String::new();
            for piece in &run[cells[c].min(end)..end] {
                match piece {
                    Some((_, t)) => cell.push_str(t),
                    None => cell.push(' '),
                }
            }
            cell.split_whitespace().collect::<Vec<_>>().join(" ")
        })
        .collect()
}

/// Records in `doc` the comments, anchors (any element's `id`, `name` on `<a>`) and link
/// targets (`<a href>`, `<img src>`: links, never sources of an entry) of the raw HTML at
/// `span` of `text`, and with `prose` (an HTML block outside any block being collected) its
/// text as blocks of kind `Html`; returns the indices of the comments it added (a block being
/// collected holds them).
pub(super) fn record(
    doc: &mut Document,
    text: &str,
    targets: TargetOptions,
    span: Range<usize>,
    (block, prose): (bool, bool),
    section: usize,
) -> Range<usize> {
    let first = doc.comments.len();
    let Some(raw) = text.get(span.clone()) else {
        return first..first;
    };
    let tags = read(raw, span.start, prose);
    // The node's text, one block per element; first, a block of no text spanning the whole
    // node, which a directive on the line before it governs (as it governs a whole list).
    let blocks = doc.blocks.len();
    if !tags.texts.is_empty() {
        doc.blocks.push(Block::new(
            BlockKind::Html,
            section,
            span.clone(),
            TextBuf::default(),
            None,
        ));
    }
    // the rows of tables, by run: (table, row)
    let mut rows: Vec<Option<(usize, usize)>> = vec![None; tags.texts.len()];
    for (t, table) in tags.tables.iter().enumerate() {
        for (r, row) in table.rows.iter().enumerate() {
            rows[row.run] = Some((t, r));
        }
    }
    for (k, run) in tags.texts.iter().enumerate() {
        let mut buf = TextBuf::default();
        let mut spans = run.iter().flatten().map(|(r, _)| r);
        let (Some(first), last) = (spans.next(), spans.next_back()) else {
            continue;
        };
        for piece in run {
            match piece {
                Some((src, t)) => buf.push_mapped(t, src.clone(), text),
                None => buf.blank(),
            }
        }
        let (kind, span) = match rows[k] {
            Some((t, r)) => {
                let table = &tags.tables[t];
                if r == 0 {
                    // a table's first row names its columns, as a Markdown table's header
                    doc.tables.push(Table {
                        span: table.span.clone(),
                        section,
                        header: cell_texts(run, &table.rows[0].cells),
                        roles: Vec::new(),
                    });
                }
                (BlockKind::TableRow, table.rows[r].span.clone())
            }
            None => (BlockKind::Html, first.start..last.unwrap_or(first).end),
        };
        doc.blocks.push(Block::new(kind, section, span, buf, None));
    }
    for c in tags.comments {
        // a comment stands in the element whose text it is in or ends the line of (as an
        // inline comment stands in its paragraph); on a line of its own, in none
        let container = (blocks + 1..doc.blocks.len()).rev().find(|&b| {
            let s = &doc.blocks[b].span;
            s.start <= c.span.start
                && text
                    .get(s.end.min(c.span.start)..c.span.start)
                    .is_some_and(|gap| !gap.contains(['\n', '\r']))
        });
        doc.comments.push(Comment {
            span: c.span,
            body: c.body,
            block,
            container,
        });
    }
    doc.html_anchors.extend(tags.anchors);
    for l in tags.links {
        doc.links.push(Link {
            target: crate::target::parse(&l.url, targets),
            url: l.url,
            text: l.text,
            span: l.span,
            dest: Some(l.dest),
            section,
            kind: if l.image {
                LinkKind::Image
            } else {
                LinkKind::Inline
            },
            entry: None,
            badge: false,
        });
    }
    first..doc.comments.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn any_id_and_a_name_are_anchors_and_href_src_are_links() {
        let html = r#"<div id="news"></div><span data-id="no" id='two words'>x</span>
<p align=center id=top><a name="old"><meta name="viewport"><!-- <a id="commented"> -->
<a href="https://example.org/?a=1&amp;b=2" title="t">x</a> <img alt="Logo" src="./logo.png" />"#;
        let t = read(html, 100, false);
        assert_eq!(t.anchors, ["news", "two words", "top", "old"]);
        let links: Vec<(&str, bool, &str, &str)> = t
            .links
            .iter()
            .map(|l| {
                (
                    l.url.as_str(),
                    l.image,
                    &html[l.dest.start - 100..l.dest.end - 100],
                    l.text.as_str(),
                )
            })
            .collect();
        assert_eq!(
            links,
            [
                (
                    "https://example.org/?a=1&b=2",
                    false,
                    "https://example.org/?a=1&amp;b=2",
                    "https://example.org/?a=1&b=2"
                ),
                ("./logo.png", true, "./logo.png", "Logo"),
            ]
        );
        assert_eq!(
            &html[t.links[1].span.start - 100..t.links[1].span.end - 100],
            "src=\"./logo.png\""
        );
        let comments: Vec<(&str, &str)> = t
            .comments
            .iter()
            .map(|c| (c.body.as_str(), &html[c.span.start - 100..c.span.end - 100]))
            .collect();
        assert_eq!(
            comments,
            [(" <a id=\"commented\"> ", "<!-- <a id=\"commented\"> -->")]
        );
    }
}
