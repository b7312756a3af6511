//! What the walk needs from comrak beyond its tree: the options a list is parsed with, and a
//! correction to the lines comrak reports for some inline nodes.

use crate::lines::LineIndex;
use comrak::nodes::NodeValue;
use comrak::Options;

/// The Markdown a list is read as: GitHub's extensions that change what is a link or a block.
pub(super) fn options() -> Options<'static> {
    let mut o = Options::default();
    o.extension.autolink = true;
    o.extension.table = true;
    o.extension.footnotes = true;
    o.extension.strikethrough = true;
    o.extension.tasklist = true;
    // a YAML block at the top ("---" … "---", as Jekyll, Hugo and blog exports write) is
    // metadata, not a thematic break over a setext heading
    o.extension.front_matter_delimiter = Some("---".to_owned());
    o
}

/// comrak removes link reference definitions from the start of a paragraph but places the
/// paragraph's inline nodes as if the remaining text began on the paragraph's first line: their
/// lines are short by the lines the definitions took (columns are right). Finds that shift by
/// locating the first text node's literal on the lines below its reported line; 0 when it sits
/// where reported, or cannot be verified (an entity, an escape).
pub(super) fn inline_line_shift<'a>(
    paragraph: &'a comrak::arena_tree::Node<'a, std::cell::RefCell<comrak::nodes::Ast>>,
    text: &str,
    lines: &LineIndex,
) -> usize {
    let Some(first) = paragraph.first_child() else {
        return 0;
    };
    let data = first.data();
    let NodeValue::Text(literal) = &data.value else {
        return 0;
    };
    let literal: &str = literal;
    if literal.is_empty() {
        return 0;
    }
    let at = |line: usize| -> bool {
        let start = lines.offset_of(line, data.sourcepos.start.column);
        text.get(start..)
            .is_some_and(|rest| rest.starts_with(literal))
    };
    let reported = data.sourcepos.start.line;
    if at(reported) {
        return 0;
    }
    let last = paragraph.data().sourcepos.end.line;
    (reported + 1..=last)
        .find(|&l| at(l))
        .map_or(0, |l| l - reported)
}
