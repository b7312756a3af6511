//! Raw HTML in a list: the comments it holds (where `sourcepolicy:` directives live), the
//! anchors it defines (GitHub gives any element's `id`, and `name` on `<a>`, an anchor), and
//! the link targets it holds (`<a href>`, `<img src>`), which are checked like Markdown links.
//! A small tag scanner, not a regular expression: attributes are read in order and a tag
//! inside a comment defines nothing.

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

/// What a piece of HTML holds besides comments.
#[derive(Default)]
pub(super) struct Tags {
    pub anchors: Vec<String>,
    pub links: Vec<HtmlLink>,
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

/// The anchors and link targets of the tags in `html` (which starts at byte `at` of the
/// file), outside comments.
pub(super) fn tags(html: &str, at: usize) -> Tags {
    let mut out = Tags::default();
    if !html.contains('<') {
        return out;
    }
    let b = html.as_bytes();
    let mut i = 0;
    while let Some(lt) = html[i..].find('<') {
        i += lt + 1;
        if html[i..].starts_with("!--") {
            i = html[i..].find("-->").map_or(b.len(), |e| i + e + 3);
            continue;
        }
        let name_end = i + b[i..]
            .iter()
            .take_while(|c| c.is_ascii_alphanumeric() || **c == b'-')
            .count();
        if name_end == i || !b[i].is_ascii_alphabetic() {
            continue; // `</a>`, `<!DOCTYPE`, a lone `<`
        }
        let tag = html[i..name_end].to_ascii_lowercase();
        let (attrs, end) = attributes(html, name_end);
        i = end;
        let value = |name: &str| attrs.iter().find(|a| a.name == name);
        if let Some(id) = value("id") {
            out.anchors.push(decode(&id.value));
        }
        if tag == "a" {
            if let Some(n) = value("name") {
                out.anchors.push(decode(&n.value));
            }
        }
        let target = match tag.as_str() {
            "a" => value("href").map(|a| (a, false)),
            "img" => value("src").map(|a| (a, true)),
            _ => None,
        };
        if let Some((a, image)) = target {
            out.links.push(HtmlLink {
                url: decode(&a.value),
                span: at + a.span.start..at + a.span.end,
                dest: at + a.value_span.start..at + a.value_span.end,
                image,
                text: if image {
                    value("alt").map(|a| decode(&a.value)).unwrap_or_default()
                } else {
                    decode(&a.value)
                },
            });
        }
    }
    out
}

struct Attr {
    /// Lower-cased.
    name: String,
    value: String,
    /// The whole `name="value"`, and the value without its quotes.
    span: Range<usize>,
    value_span: Range<usize>,
}

/// The attributes of a tag whose name ends at `i`, and where the tag ends.
fn attributes(html: &str, mut i: usize) -> (Vec<Attr>, usize) {
    let b = html.as_bytes();
    let mut out = Vec::new();
    loop {
        while i < b.len() && (b[i].is_ascii_whitespace() || b[i] == b'/') {
            i += 1;
        }
        if i >= b.len() || b[i] == b'>' || b[i] == b'<' {
            return (
                out,
                (i + usize::from(i < b.len() && b[i] == b'>')).min(b.len()),
            );
        }
        let start = i;
        while i < b.len() && !b[i].is_ascii_whitespace() && !b"\"'>/=<".contains(&b[i]) {
            i += 1;
        }
        if i == start {
            i += 1; // a stray quote or `=`
            continue;
        }
        let name = html[start..i].to_ascii_lowercase();
        let mut j = i;
        while j < b.len() && b[j].is_ascii_whitespace() {
            j += 1;
        }
        if j >= b.len() || b[j] != b'=' {
            continue; // a boolean attribute
        }
        j += 1;
        while j < b.len() && b[j].is_ascii_whitespace() {
            j += 1;
        }
        let (value_span, end) = match b.get(j) {
            Some(&q @ (b'"' | b'\'')) => match html[j + 1..].find(q as char) {
                Some(e) => (j + 1..j + 1 + e, j + 1 + e + 1),
                None => (j + 1..b.len(), b.len()),
            },
            _ => {
                let e = j + b[j..]
                    .iter()
                    .take_while(|c| !c.is_ascii_whitespace() && **c != b'>')
                    .count();
                (j..e, e)
            }
        };
        out.push(Attr {
            name,
            value: html[value_span.clone()].to_string(),
            span: start..end,
            value_span,
        });
        i = end;
    }
}

/// Decodes the character references an attribute value commonly holds.
fn decode(v: &str) -> String {
    if !v.contains('&') {
        return v.trim().to_string();
    }
    let mut out = String::with_capacity(v.len());
    let mut rest = v;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        rest = &rest[amp..];
        let Some(semi) = rest[..rest.len().min(12)].find(';') else {
            out.push('&');
            rest = &rest[1..];
            continue;
        };
        let entity = &rest[1..semi];
        let ch = match entity {
            "amp" => Some('&'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            "lt" => Some('<'),
            "gt" => Some('>'),
            e if e.starts_with("#x") || e.starts_with("#X") => u32::from_str_radix(&e[2..], 16)
                .ok()
                .and_then(char::from_u32),
            e if e.starts_with('#') => e[1..].parse().ok().and_then(char::from_u32),
            _ => None,
        };
        match ch {
            Some(c) => {
                out.push(c);
                rest = &rest[semi + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out.trim().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn any_id_and_a_name_are_anchors_and_href_src_are_links() {
        let html = r#"<div id="news"></div><span data-id="no" id='two words'>x</span>
<p align=center id=top><a name="old"><meta name="viewport"><!-- <a id="commented"> -->
<a href="https://example.org/?a=1&amp;b=2" title="t">x</a> <img alt="Logo" src="./logo.png" />"#;
        let t = tags(html, 100);
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
    }
}
