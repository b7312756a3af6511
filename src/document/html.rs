//! Raw HTML in a list: the comments it holds (where `sourcepolicy:` directives live) and the
//! explicit anchors it defines.

use std::ops::Range;
use std::sync::OnceLock;

fn anchor_re() -> &'static regex::Regex {
    static RE: OnceLock<regex::Regex> = OnceLock::new();
    RE.get_or_init(|| {
        regex::Regex::new(r#"(?i)<a\s[^>]*?\b(?:id|name)\s*=\s*["']?([^"'\s>]+)"#).expect("valid")
    })
}

/// A comment found in a piece of HTML: its span in the file and its body.
pub(super) struct Found {
    pub span: Range<usize>,
    pub body: String,
}

/// The comments in `html` (which starts at byte `at` of the file); an unclosed comment runs to
/// the end of the piece.
pub(super) fn comments(html: &str, at: usize) -> Vec<Found> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(open) = html[from..].find("<!--") {
        let start = from + open;
        let (body_end, end) = match html[start + 4..].find("-->") {
            Some(e) => (start + 4 + e, start + 4 + e + 3),
            None => (html.len(), html.len()),
        };
        out.push(Found {
            span: at + start..at + end,
            body: html[start + 4..body_end].to_string(),
        });
        from = end;
    }
    out
}

/// The explicit anchors (`<a id="…">`, `<a name="…">`) defined in `html`.
pub(super) fn anchors(html: &str) -> Vec<String> {
    let has_anchor_tag = html
        .as_bytes()
        .windows(3)
        .any(|w| w[0] == b'<' && (w[1] | 0x20) == b'a' && w[2].is_ascii_whitespace());
    if !has_anchor_tag {
        return Vec::new();
    }
    anchor_re()
        .captures_iter(html)
        .map(|cap| cap[1].to_string())
        .collect()
}
