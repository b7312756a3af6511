use super::*;

fn read(html: &str) -> PageFacts {
    let base = Url::parse("https://example.org/posts/a.html").unwrap();
    facts(
        html.as_bytes(),
        &base,
        Some("text/html; charset=utf-8"),
        true,
    )
}

#[test]
fn paper_page_citation_tags() {
    let f = read(
        r#"<html><head><title>  A  Paper </title>
        <meta name="citation_title" content="Fast Attention">
        <meta name="citation_author" content="Ada">
        <meta name="citation_author" content="Grace">
        <meta name="citation_doi" content="10.1000/xyz">
        <meta NAME="citation_pdf_url" content="https://example.org/a.pdf">
        <meta property="og:type" content="article"></head><body></body></html>"#,
    );
    assert_eq!(f.title.as_deref(), Some("A Paper"));
    assert_eq!(f.citation["citation_author"], ["Ada", "Grace"]);
    assert_eq!(f.citation["citation_doi"], ["10.1000/xyz"]);
    assert!(f.citation.contains_key("citation_pdf_url"));
    assert_eq!(f.og_type.as_deref(), Some("article"));
    assert!(f.code_links.is_empty() && !f.shows_measurements());
}

#[test]
fn documentation_generators() {
    for (meta, want) in [
        ("Docutils 0.19: https://docutils.sourceforge.io/", "sphinx"),
        ("mkdocs-1.5.3, mkdocs-material-9.4.6", "mkdocs"),
        ("Docusaurus v3.1.0", "docusaurus"),
        ("rustdoc", "rustdoc"),
        ("Doxygen 1.9.8", "doxygen"),
    ] {
        let f = read(&format!(
            r#"<meta name="generator" content="{meta}"><p>x</p>"#
        ));
        assert_eq!(f.doc_generator.as_deref(), Some(want), "{meta}");
        assert_eq!(f.generator.as_deref(), Some(meta));
    }
    let f = read("<!-- Book generated using mdBook --><p>x</p>");
    assert_eq!(f.doc_generator.as_deref(), Some("mdbook"));
    assert_eq!(read("<p>plain</p>").doc_generator, None);
}

#[test]
fn report_page_code_and_measurements() {
    let f = read(
        r#"<h1 id="results">Results</h1>
        <p>Code: <a href="https://github.com/acme/fastkern">repo</a>,
        <a href="https://github.com/acme/fastkern/tree/main/src">src</a>,
        <a href="//gitlab.com/group/sub/proj/-/blob/main/x.py">gl</a>,
        <a href="/about">about</a>, <a href="https://github.com/features/copilot">ad</a>,
        <a href="https://codeberg.org/u/r.git">cb</a>.</p>
        <p>We reach 612 TFLOP/s and 2.3x over the baseline; p99 latency 4.1 ms, 1,850 tokens/s.</p>
        <script>var fake = "999 TFLOP/s";</script>"#,
    );
    assert_eq!(
        f.code_links,
        [
            "https://codeberg.org/u/r",
            "https://github.com/acme/fastkern",
            "https://gitlab.com/group/sub/proj"
        ]
    );
    assert_eq!(
        f.measurements,
        ["612 TFLOP/s", "2.3x", "4.1 ms", "1,850 tokens/s"]
    );
    assert!(!f.measurements.iter().any(|m| m.starts_with("999")));
    assert!(f.shows_measurements());
}

#[test]
fn tables_with_numbers() {
    let table = "<table><tr><th>Size</th><th>Time</th></tr>\
                 <tr><td>1024</td><td>1.2 ms</td></tr><tr><td>2048</td><td>4.8 ms</td></tr></table>";
    let f = read(table);
    assert_eq!(f.numeric_tables, 1);
    let words = "<table><tr><td>Name</td><td>Kind</td></tr><tr><td>a</td><td>b</td></tr></table>";
    assert_eq!(read(words).numeric_tables, 0);
    // Cells without end tags, as HTML allows.
    let loose = "<table><tr><td>1<td>2<tr><td>3<td>4</table>";
    assert_eq!(read(loose).numeric_tables, 1);
}

#[test]
fn marketing_page_shows_nothing() {
    let f =
        read("<h1>The fastest platform</h1><p>Try it free for 30 days. Version 2.1 is out.</p>");
    assert!(f.code_links.is_empty() && !f.shows_measurements() && f.citation.is_empty());
}

#[test]
fn anchors_and_fragments() {
    let f = read(
        r#"<h2 id="install">I</h2><a name="old-anchor"></a><h2 id="user-content-usage">U</h2><h2 id="caf%C3%A9x">"#,
    );
    assert_eq!(f.fragment("install"), Some(true));
    assert_eq!(f.fragment("old-anchor"), Some(true));
    assert_eq!(f.fragment("usage"), Some(true));
    assert_eq!(f.fragment("missing"), Some(false));
    assert_eq!(f.fragment("L10-L20"), None);
    assert_eq!(f.fragment(":~:text=foo"), None);
    let cut = facts(
        b"<h2 id=a>",
        &Url::parse("https://x/").unwrap(),
        Some("text/html"),
        false,
    );
    assert_eq!(cut.fragment("a"), Some(true));
    assert_eq!(
        cut.fragment("b"),
        None,
        "not found in a truncated page is not 'missing'"
    );
    let decoded = read(r#"<h2 id="café">"#);
    assert_eq!(decoded.fragment("caf%C3%A9"), Some(true));
}

#[test]
fn non_html_is_not_scanned() {
    let base = Url::parse("https://x/a.pdf").unwrap();
    let f = facts(
        b"%PDF-1.7 <a href=https://github.com/a/b>",
        &base,
        Some("application/pdf"),
        false,
    );
    assert!(!f.html && f.code_links.is_empty());
    assert!(is_html(None, b"  <!DOCTYPE html><html>"));
    assert!(!is_html(None, b"just text"));
}

/// A fragment's escapes are decoded as links to local files and headings are
/// (`crate::target::percent_decode`): UTF-8 escapes name the id they spell, upper or lower
/// case hex, and escapes that are not UTF-8 stay as written rather than becoming U+FFFD (two
/// different fragments must not match one id).
#[test]
fn percent_escaped_fragments_match_ids() {
    let f = read(
        "<h2 id=\"été\">E</h2><h2 id=\"a b\">S</h2><h2 id=\"user-content-über\">U</h2><h2 id=\"\u{FFFD}t\u{FFFD}\">R</h2>",
    );
    assert_eq!(f.fragment("%C3%A9t%C3%A9"), Some(true));
    assert_eq!(f.fragment("%c3%a9t%c3%a9"), Some(true));
    assert_eq!(f.fragment("a%20b"), Some(true));
    assert_eq!(f.fragment("%C3%BCber"), Some(true));
    assert_eq!(f.fragment("%C3%A9t"), Some(false));
    assert_eq!(f.fragment("%E9t%E9"), Some(false));
}
