//! The document model on small texts, with exact positions.

use super::*;
use crate::input::SourceFile;

fn parse(text: &str) -> (SourceFile, Document) {
    let file = SourceFile::from_text("t.md", text);
    let schemes = ["http", "https", "mailto"].map(String::from);
    let doc = Document::parse(
        &file,
        TargetOptions {
            schemes: &schemes,
            tracking: &[],
        },
    );
    (file, doc)
}

#[test]
fn crlf_bom_reference_and_autolinks_keep_exact_positions() {
    let text = "\u{feff}# Guide\r\n\r\n## Kernels\r\n\r\n### Attention\r\n\r\n- [Flash][fa] - See <https://a.example/x> and https://b.example/y too\r\n- #### Inside\r\n  [Item](https://c.example/) - text\r\n\r\n[fa]: https://arxiv.org/abs/2205.14135\r\n";
    let (file, doc) = parse(text);
    let pos = |l: &Link| {
        let p = file.lines.position(text, l.span.start);
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
        file.lines.position(text, doc.headings[0].span.start).column,
        1
    );
}

#[test]
fn descriptions_strip_separators_but_not_words() {
    assert_eq!(
        description::description_of(" - Fast attention."),
        "Fast attention."
    );
    assert_eq!(description::description_of(", , and "), "");
    assert_eq!(description::description_of(" — "), "");
    assert_eq!(description::description_of(":  the spec"), "the spec");
    assert_eq!(
        description::description_of(" and Rubin CPX, pending"),
        "and Rubin CPX, pending"
    );
}

#[test]
fn destinations_point_at_the_url_bytes() {
    let text = "# T\n\n- [A](https://a.example/x \"title\") - one\n- [B][b] and [c] and <https://d.example/> and https://e.example/f\n- ![img](pic.png) [`code]`](<https://g.example/a b>)\n\n[b]: https://b.example/\n  [C]: <https://c.example/>\n";
    let (_, doc) = parse(text);
    let dests: Vec<(&str, &str)> = doc
        .links
        .iter()
        .map(|l| (l.url.as_str(), l.dest.clone().map_or("", |d| &text[d])))
        .collect();
    assert_eq!(
        dests,
        [
            ("https://a.example/x", "https://a.example/x"),
            ("https://b.example/", "https://b.example/"),
            ("https://c.example/", "https://c.example/"),
            ("https://d.example/", "https://d.example/"),
            ("https://e.example/f", "https://e.example/f"),
            ("pic.png", "pic.png"),
            ("https://g.example/a b", "https://g.example/a b"),
        ]
    );
}

#[test]
fn lists_and_comment_containers_are_kept() {
    let text = "# T\n\n## Contents\n\n1. [A](#a)\n2. [B](#b)\n   - [C](#c)\n\n## A\n\n- [X](https://x.example/) - x <!-- inline -->\n  <!-- under the item -->\n\n<!-- alone -->\n";
    let (_, doc) = parse(text);
    let shapes: Vec<(bool, u8, usize, usize)> = doc
        .lists
        .iter()
        .map(|l| {
            (
                l.ordered,
                if l.ordered { l.delimiter } else { l.bullet },
                l.start,
                l.items.len(),
            )
        })
        .collect();
    assert_eq!(
        shapes,
        [(true, b'.', 1, 2), (false, b'-', 1, 1), (false, b'-', 1, 1)]
    );
    let containers: Vec<(&str, Option<BlockKind>)> = doc
        .comments
        .iter()
        .map(|c| (c.body.trim(), c.container.map(|b| doc.blocks[b].kind)))
        .collect();
    assert_eq!(
        containers,
        [
            ("inline", Some(BlockKind::Item)),
            ("under the item", Some(BlockKind::Item)),
            ("alone", None)
        ]
    );
}

#[test]
fn links_after_reference_definitions_keep_their_lines() {
    // comrak places inline nodes of a paragraph that began with definitions on the wrong line.
    for (text, line_of_link) in [
        ("# T\n\n[e]:/\nxxg](http://g.example.org/a\n", 4),
        (
            "# T\n\n[e]:/\n[f]:/\nxxg](http://g.example.org/a and *em*\n",
            5,
        ),
        ("# T\n\n[e]:/\n\u{1f525}g](http://g.example.org/a\n", 4),
    ] {
        let (file, doc) = parse(text);
        let link = doc.links.last().expect("the autolink");
        let p = file.lines.position(text, link.span.start);
        assert_eq!(p.line, line_of_link, "{text:?}");
        assert_eq!(
            &text[link.span.clone()],
            "http://g.example.org/a",
            "{text:?}"
        );
    }
}

fn parse_tables(text: &str, entries: bool) -> Document {
    let file = SourceFile::from_text("t.md", text);
    let schemes = ["http", "https"].map(String::from);
    let role = |h: &str| match h.to_ascii_lowercase().as_str() {
        "date" => Some(ColumnRole::Date),
        "title" => Some(ColumnRole::Title),
        "paper" => Some(ColumnRole::Source),
        "code" => Some(ColumnRole::Code),
        _ => None,
    };
    Document::parse_with(
        &file,
        TargetOptions {
            schemes: &schemes,
            tracking: &[],
        },
        TableOptions {
            entries,
            role: &role,
        },
    )
}

const TABLE: &str = "# L\n\n## Kernels\n\n| Date | **Title** | Paper | Code |\n|---|---|---|---|\n| 2024.05 | *Flash* tiles | [pdf](https://arxiv.org/abs/1) | [repo](https://github.com/a/b) ![stars](https://img.shields.io/x.svg) |\n| 2024.06 | No link | - | - |\n| 2024.07 | [![badge](https://img.shields.io/y.svg)](https://github.com/c/d) Other | [pdf](https://arxiv.org/abs/2) | [x]() |\n";

#[test]
fn table_rows_with_links_are_entries() {
    let doc = parse_tables(TABLE, true);
    assert_eq!(doc.tables.len(), 1);
    assert_eq!(doc.tables[0].header, ["Date", "Title", "Paper", "Code"]);
    assert_eq!(
        doc.tables[0].roles,
        [
            Some(ColumnRole::Date),
            Some(ColumnRole::Title),
            Some(ColumnRole::Source),
            Some(ColumnRole::Code)
        ]
    );
    assert_eq!(
        doc.entries.len(),
        2,
        "the header and the row without a link are not entries"
    );
    let urls =
        |e: &Entry| -> Vec<&str> { e.links.iter().map(|&l| doc.links[l].url.as_str()).collect() };
    let (a, b) = (&doc.entries[0], &doc.entries[1]);
    assert_eq!(doc.sections[a.section].title, "Kernels");
    assert_eq!(
        urls(a),
        ["https://arxiv.org/abs/1", "https://github.com/a/b"]
    );
    let row = a.row.as_ref().unwrap();
    assert_eq!((row.number, row.columns.as_slice()), (1, &[2, 3][..]));
    assert_eq!(row.title.as_deref(), Some("Flash tiles"));
    assert_eq!(row.date.as_deref(), Some("2024.05"));
    assert_eq!(
        a.description, "Flash tiles",
        "the source, code and date columns are not description"
    );
    assert_eq!((a.primary(&doc), a.in_code_column(&doc, 1)), (0, true));
    assert_eq!(a.title(&doc), "Flash tiles");
    // The badge and the empty link are not sources; the badge still belongs to the row.
    assert_eq!(urls(b), ["https://arxiv.org/abs/2"]);
    assert_eq!(b.row.as_ref().unwrap().number, 3);
    let badge = doc
        .links
        .iter()
        .find(|l| l.url == "https://github.com/c/d")
        .unwrap();
    assert!(badge.badge);
    assert_eq!(badge.entry, Some(1));
    assert_eq!(b.description, "Other");
    // The row's block is the entry's, so comments in a row govern it.
    assert_eq!(doc.blocks[a.block].entry, Some(0));
}

#[test]
fn tables_without_roles_or_as_prose() {
    // Without the policy: every row with a link is an entry, no column has a role.
    let file = SourceFile::from_text("t.md", TABLE);
    let schemes = ["http", "https"].map(String::from);
    let doc = Document::parse(
        &file,
        TargetOptions {
            schemes: &schemes,
            tracking: &[],
        },
    );
    assert_eq!(doc.entries.len(), 2);
    let a = &doc.entries[0];
    assert_eq!((a.primary(&doc), a.title(&doc)), (0, "pdf"));
    assert_eq!(a.description, "2024.05 | Flash tiles");
    // `[tables] entries = false`: rows are prose.
    let doc = parse_tables(TABLE, false);
    assert!(doc.entries.is_empty());
    assert!(doc.links.iter().all(|l| l.entry.is_none()));
}

#[test]
fn an_html_table_is_a_table_whose_rows_are_row_blocks() {
    let text = "# L\n\nNote above:\n\n<table>\n<tr><th>Engine</th><th>Speed (tok/s)</th></tr>\n<tr><td>a <b>b</b></td><td>12</td></tr>\n<tr><td>\n<table><tr><td>inner</td></tr></table>\n</td><td>7</td></tr>\n</table>\n\nAfter.\n";
    let (_, doc) = parse(text);
    assert_eq!(doc.tables.len(), 1);
    assert_eq!(doc.tables[0].header, ["Engine", "Speed (tok/s)"]);
    let table = &doc.tables[0].span;
    assert!(text[table.clone()].starts_with("<table>\n<tr>"));
    assert!(text[table.clone()].ends_with("</table>\n</td><td>7</td></tr>\n</table>"));
    let rows: Vec<(&str, &str)> = doc
        .blocks
        .iter()
        .filter(|b| b.kind == BlockKind::TableRow)
        .map(|b| (&text[b.span.clone()], b.text.trim()))
        .collect();
    // each row spans its <tr> element; a nested table's text stays in its cell
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[0].0, "<tr><th>Engine</th><th>Speed (tok/s)</th></tr>");
    assert_eq!(
        rows[1],
        ("<tr><td>a <b>b</b></td><td>12</td></tr>", "a b 12")
    );
    assert!(rows[2].1.contains("inner") && rows[2].1.ends_with('7'));
    // the text around the table stays prose
    assert!(doc
        .blocks
        .iter()
        .any(|b| b.kind == BlockKind::Paragraph && b.text == "After."));
}

#[test]
fn task_list_items_are_items_and_entries() {
    // A checklist of sources ("- [x] …") is a list whose items are entries, as without the
    // boxes; the text of a task item is its own, not a paragraph of the list.
    let text = "## Reading\n\n- [x] [FlashAttention](https://arxiv.org/abs/2205.14135) - the paper\n- [ ] [Triton](https://github.com/openai/triton) - the compiler\n- [ ] port the RK3566 notes\n";
    let (_, doc) = parse(text);
    let kinds: Vec<BlockKind> = doc.blocks.iter().map(|b| b.kind).collect();
    assert_eq!(
        kinds,
        [
            BlockKind::Heading,
            BlockKind::Item,
            BlockKind::Item,
            BlockKind::Item
        ]
    );
    let entries: Vec<(Vec<&str>, &str)> = doc
        .entries
        .iter()
        .map(|e| {
            (
                e.links.iter().map(|&l| doc.links[l].url.as_str()).collect(),
                e.description.as_str(),
            )
        })
        .collect();
    assert_eq!(
        entries,
        [
            (vec!["https://arxiv.org/abs/2205.14135"], "the paper"),
            (vec!["https://github.com/openai/triton"], "the compiler"),
        ]
    );
    assert_eq!(doc.lists.len(), 1);
    assert_eq!(doc.lists[0].items.len(), 3);
}

#[test]
fn footnote_definitions_keep_their_place_and_section() {
    // comrak moves a footnote's definition to the end of its tree: its block comes back to
    // where it is written, in the section it is written in, and an entry after it still finds
    // its own block
    let text = "# T\n\n## Results\n\nA claim.[^n]\n\n[^n]: The note, 2x faster.\n\n## Later\n\n- [Item](https://a.example/) - after the note\n";
    let (_, doc) = parse(text);
    let starts: Vec<usize> = doc.blocks.iter().map(|b| b.span.start).collect();
    let mut sorted = starts.clone();
    sorted.sort_unstable();
    assert_eq!(starts, sorted);
    let note = doc
        .blocks
        .iter()
        .find(|b| b.text.contains("The note"))
        .expect("the footnote's block");
    assert_eq!(doc.sections[note.section].title, "Results");
    let item = &doc.blocks[doc.entries[0].block];
    assert!(item.text.contains("after the note"), "{:?}", item.text);
}
