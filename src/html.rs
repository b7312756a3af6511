//! A small, forgiving HTML tag scanner: start tags with attributes, end tags, text, comments.
//! Script and style contents are skipped; title contents come as one event. Linear in the
//! input, never fails, never allocates per byte. Used for the raw HTML of a list (comments,
//! anchors, link targets: `document`) and for pages read by `--online` (page facts: `net`).

use std::borrow::Cow;
use std::ops::Range;

pub enum Event<'a> {
    /// A start tag; `name` is lower case.
    Start {
        name: &'a str,
        attrs: Vec<Attr>,
        /// The whole tag, `<` to `>`, in the scanned text.
        span: Range<usize>,
    },
    End {
        name: &'a str,
        /// The whole tag, `</` to `>`, in the scanned text.
        span: Range<usize>,
    },
    /// Text between tags, with character references decoded, and where it is in the scanned
    /// text.
    Text {
        text: &'a str,
        span: Range<usize>,
    },
    Title(&'a str),
    /// A comment: its body (between `<!--` and `-->`) and its whole span in the scanned text
    /// (an unclosed comment runs to the end).
    Comment {
        body: &'a str,
        span: Range<usize>,
    },
}

/// An attribute of a start tag.
#[derive(Debug, Clone)]
pub struct Attr {
    /// Lower case.
    pub name: String,
    /// Character references decoded.
    pub value: String,
    /// The whole `name="value"` in the scanned text.
    pub span: Range<usize>,
    /// The value as written, without its quotes.
    pub value_span: Range<usize>,
}

impl Attr {
    /// The value of attribute `name` among `attrs`.
    pub fn find<'a>(attrs: &'a [Attr], name: &str) -> Option<&'a Attr> {
        attrs.iter().find(|a| a.name == name)
    }
}

pub fn scan(text: &str, f: &mut dyn FnMut(Event<'_>)) {
    // ASCII lower-casing keeps every byte offset, so positions found in `lower` index `text`.
    let lower = text.to_ascii_lowercase();
    let b = lower.as_bytes();
    let n = b.len();
    let emit_text = |span: Range<usize>, f: &mut dyn FnMut(Event<'_>)| {
        if !span.is_empty() {
            f(Event::Text {
                text: &decode(&text[span.clone()]),
                span,
            });
        }
    };
    let mut i = 0;
    while i < n {
        let Some(off) = lower[i..].find('<') else {
            emit_text(i..n, f);
            break;
        };
        let lt = i + off;
        emit_text(i..lt, f);
        let rest = &lower[lt..];
        let next = b.get(lt + 1).copied().unwrap_or(0);
        if let Some(body) = rest.strip_prefix("<!--") {
            let end = body.find("-->").map(|e| lt + 4 + e);
            let stop = end.map_or(n, |e| e + 3);
            f(Event::Comment {
                body: &text[lt + 4..end.unwrap_or(n)],
                span: lt..stop,
            });
            i = stop;
        } else if next == b'/' {
            let start = lt + 2;
            let end = start + name_len(&b[start..]);
            let stop = lower[end..].find('>').map_or(n, |p| end + p + 1);
            if end > start {
                f(Event::End {
                    name: &lower[start..end],
                    span: lt..stop,
                });
            }
            i = stop;
        } else if next.is_ascii_alphabetic() {
            let (name_end, attrs, end) = tag(text, &lower, lt + 1);
            let name = &lower[lt + 1..name_end];
            f(Event::Start {
                name,
                attrs,
                span: lt..end,
            });
            i = end;
            if matches!(name, "script" | "style" | "title" | "textarea") {
                let close = format!("</{name}");
                let stop = lower[i..].find(&close).map_or(n, |p| i + p);
                if name == "title" {
                    f(Event::Title(&decode(&text[i..stop])));
                }
                i = stop;
            }
        } else if next == b'!' || next == b'?' {
            i = lower[lt..].find('>').map_or(n, |p| lt + p + 1);
        } else {
            emit_text(lt..lt + 1, f);
            i = lt + 1;
        }
    }
}

fn name_len(b: &[u8]) -> usize {
    b.iter()
        .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b':' | b'_'))
        .count()
}

/// Reads a start tag from just after `<`: returns where the name ends, the attributes, and
/// the offset just after the closing `>`.
fn tag(text: &str, lower: &str, start: usize) -> (usize, Vec<Attr>, usize) {
    let b = lower.as_bytes();
    let n = b.len();
    let name_end = start + name_len(&b[start..]);
    let mut j = name_end;
    let mut attrs = Vec::new();
    loop {
        while j < n && (b[j].is_ascii_whitespace() || b[j] == b'/') {
            j += 1;
        }
        if j >= n {
            return (name_end, attrs, n);
        }
        if b[j] == b'>' {
            return (name_end, attrs, j + 1);
        }
        let a0 = j;
        while j < n && !b[j].is_ascii_whitespace() && !matches!(b[j], b'=' | b'>' | b'/') {
            j += 1;
        }
        if j == a0 {
            j += 1; // a stray `=`: skip it
            continue;
        }
        let name = lower[a0..j].to_string();
        let name_end = j;
        while j < n && b[j].is_ascii_whitespace() {
            j += 1;
        }
        let mut value_span = name_end..name_end;
        let mut end = name_end;
        if j < n && b[j] == b'=' {
            j += 1;
            while j < n && b[j].is_ascii_whitespace() {
                j += 1;
            }
            if j < n && (b[j] == b'"' || b[j] == b'\'') {
                let q = b[j];
                let v0 = j + 1;
                j = lower[v0..].find(q as char).map_or(n, |p| v0 + p);
                value_span = v0..j;
                j = (j + 1).min(n);
            } else {
                let v0 = j;
                while j < n && !b[j].is_ascii_whitespace() && b[j] != b'>' {
                    j += 1;
                }
                value_span = v0..j;
            }
            end = j;
        }
        attrs.push(Attr {
            name,
            value: decode(&text[value_span.clone()]).into_owned(),
            span: a0..end,
            value_span,
        });
    }
}

/// Decodes the character references that matter here; others are left as written.
pub fn decode(s: &str) -> Cow<'_, str> {
    if !s.contains('&') {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(p) = rest.find('&') {
        out.push_str(&rest[..p]);
        rest = &rest[p..];
        let semi = rest.bytes().take(12).position(|c| c == b';');
        let ch = semi.and_then(|semi| {
            let ent = &rest[1..semi];
            let c = match ent {
                "amp" => Some('&'),
                "lt" => Some('<'),
                "gt" => Some('>'),
                "quot" => Some('"'),
                "apos" => Some('\''),
                "nbsp" => Some(' '),
                "times" => Some('×'),
                "plusmn" => Some('±'),
                "micro" => Some('µ'),
                "asymp" => Some('≈'),
                _ => {
                    let num = ent.strip_prefix('#');
                    let hex = num.and_then(|n| n.strip_prefix(['x', 'X']));
                    match (num, hex) {
                        (_, Some(h)) => u32::from_str_radix(h, 16).ok().and_then(char::from_u32),
                        (Some(d), None) => d.parse().ok().and_then(char::from_u32),
                        _ => None,
                    }
                }
            };
            c.map(|c| (c, semi))
        });
        match ch {
            Some((c, semi)) => {
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
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn events(html: &str) -> Vec<String> {
        let mut out = Vec::new();
        scan(html, &mut |e| {
            out.push(match e {
                Event::Start { name, attrs, .. } => {
                    let a: Vec<String> = attrs
                        .iter()
                        .map(|a| format!("{}={}", a.name, a.value))
                        .collect();
                    format!("<{name} {}>", a.join(" "))
                }
                Event::End { name, .. } => format!("</{name}>"),
                Event::Text { text: t, .. } => format!("T:{t}"),
                Event::Title(t) => format!("TITLE:{t}"),
                Event::Comment { body, .. } => format!("C:{body}"),
            })
        });
        out
    }

    #[test]
    fn attribute_spans_point_at_the_source() {
        let html = r#"<a  href = "x&amp;y" id=top data-z>"#;
        let mut seen = Vec::new();
        scan(html, &mut |e| {
            if let Event::Start { attrs, .. } = e {
                for a in attrs {
                    seen.push((
                        a.name.clone(),
                        a.value.clone(),
                        html[a.span.clone()].to_string(),
                        html[a.value_span.clone()].to_string(),
                    ));
                }
            }
        });
        let s = |x: &str| x.to_string();
        assert_eq!(
            seen,
            [
                (s("href"), s("x&y"), s(r#"href = "x&amp;y""#), s("x&amp;y")),
                (s("id"), s("top"), s("id=top"), s("top")),
                (s("data-z"), s(""), s("data-z"), s("")),
            ]
        );
    }

    #[test]
    fn tags_attributes_text() {
        let e = events(r#"<A HREF="/x?a=1&amp;b=2" data-x='a>b' checked id=top>Hi &times; 2</a>"#);
        assert_eq!(
            e,
            [
                "<a href=/x?a=1&b=2 data-x=a>b checked= id=top>",
                "T:Hi × 2",
                "</a>"
            ]
        );
    }

    #[test]
    fn skips_scripts_styles_comments_and_declarations() {
        let e = events("<!DOCTYPE html><script>if (a<b) { x='<a href=1>' }</script><style>p{}</style><!-- <p id=no> -->ok<?xml x?>");
        assert_eq!(
            e,
            [
                "<script >",
                "</script>",
                "<style >",
                "</style>",
                "C: <p id=no> ",
                "T:ok"
            ]
        );
    }

    #[test]
    fn title_and_stray_angles() {
        let e = events("<title>A &amp; B</title>1 < 2 <3");
        assert_eq!(
            e,
            [
                "<title >",
                "TITLE:A & B",
                "</title>",
                "T:1 ",
                "T:<",
                "T: 2 ",
                "T:<",
                "T:3"
            ]
        );
    }

    #[test]
    fn unterminated_input_and_unicode() {
        for html in [
            "<a href=\"x",
            "<!-- open",
            "<p id='é",
            "</",
            "<",
            "é<é>é",
            "<a b=&#x1F600;>",
        ] {
            let _ = events(html);
        }
        assert_eq!(events("<a b=&#x1F600;>"), ["<a b=😀>"]);
        assert_eq!(decode("&#65;&#x42;&bogus;&"), "AB&bogus;&");
    }
}
