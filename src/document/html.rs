//! Raw HTML in a list: the comments it holds (where `sourcepolicy:` directives live), the
//! anchors it defines (GitHub gives any element's `id`, and `name` on `<a>`, an anchor), and
//! the link targets it holds (`<a href>`, `<img src>`), which are checked like Markdown links.
//! Read with the shared tag scanner (`crate::html`): a tag inside a comment defines nothing.

use super::{Comment, Document, Link, LinkKind};
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
}

/// The comments, anchors and link targets of `html`, which starts at byte `at` of the file.
pub(super) fn read(html: &str, at: usize) -> Tags {
    let mut out = Tags::default();
    if !html.contains('<') {
        return out;
    }
    let shift = |r: &Range<usize>| at + r.start..at + r.end;
    scan(html, &mut |e| match e {
        Event::Comment { body, span } => out.comments.push(Found {
            span: shift(&span),
            body: body.to_string(),
        }),
        Event::Start { name, attrs } => {
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
    });
    out
}

/// Records in `doc` the comments, anchors (any element's `id`, `name` on `<a>`) and link
/// targets (`<a href>`, `<img src>`: links, never sources of an entry) of the raw HTML at
/// `span` of `text`; returns the indices of the comments it added (a block being collected
/// holds them).
pub(super) fn record(
    doc: &mut Document,
    text: &str,
    targets: TargetOptions,
    span: Range<usize>,
    block: bool,
    section: usize,
) -> Range<usize> {
    let first = doc.comments.len();
    let Some(raw) = text.get(span.clone()) else {
        return first..first;
    };
    let tags = read(raw, span.start);
    for c in tags.comments {
        doc.comments.push(Comment {
            span: c.span,
            body: c.body,
            block,
            container: None,
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
        let t = read(html, 100);
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
