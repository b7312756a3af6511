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
        build::description_of(" - Fast attention."),
        "Fast attention."
    );
    assert_eq!(build::description_of(", , and "), "");
    assert_eq!(build::description_of(" — "), "");
    assert_eq!(build::description_of(":  the spec"), "the spec");
    assert_eq!(
        build::description_of(" and Rubin CPX, pending"),
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
