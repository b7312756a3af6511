//! Page facts: what the source rules want to know about a page, read by a small tag scanner.
//!
//! The scanner is not an HTML parser: it walks tags and text once, skips comments, scripts
//! and styles, reads attributes (quoted or not, with the common character references) and
//! keeps only what the facts need. It never fails: whatever it cannot read it passes over.

use super::forge;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;
use url::Url;

/// What a page shows, from the part of its body that was read (at most the body cap).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PageFacts {
    pub content_type: Option<String>,
    /// The body was HTML (by its content type, or by its first bytes when there is none).
    pub html: bool,
    pub bytes_read: usize,
    /// The whole body was read (not cut at the cap).
    pub complete: bool,
    pub title: Option<String>,
    /// Links to code repositories, as `https://HOST/OWNER/REPO`, sorted.
    pub code_links: Vec<String>,
    /// Up to 20 numbers with units found in the text ("740 TFLOP/s", "2.3x", "12 ms").
    pub measurements: Vec<String>,
    /// Tables with at least two rows and four numeric cells.
    pub numeric_tables: usize,
    /// `citation_*` meta tags (Highwire Press tags, as Google Scholar reads them).
    pub citation: BTreeMap<String, Vec<String>>,
    /// `<meta name="generator">`, as written.
    pub generator: Option<String>,
    /// The documentation generator recognised: sphinx, mkdocs, docusaurus, rustdoc, doxygen,
    /// javadoc, mdbook, vitepress, starlight, typedoc, gitbook, antora, jekyll, hugo.
    pub doc_generator: Option<String>,
    pub og_type: Option<String>,
    /// Element ids and `<a name>` anchors, for fragment checks.
    pub ids: BTreeSet<String>,
}

impl PageFacts {
    pub fn shows_measurements(&self) -> bool {
        !self.measurements.is_empty() || self.numeric_tables > 0
    }

    /// Whether `fragment` (as written after `#`, percent-encoded or not) names an anchor of
    /// the page. `None` when it cannot be told: not HTML, a fragment that scripts handle
    /// (`#L10-L20`, `#!/route`, text fragments), or a body cut at the cap without a match.
    pub fn fragment(&self, fragment: &str) -> Option<bool> {
        if !self.html || fragment.is_empty() || script_fragment(fragment) {
            return None;
        }
        let decoded = percent_decode(fragment);
        let found = [fragment, decoded.as_ref()].iter().any(|f| {
            self.ids.contains(*f)
                || self.ids.contains(&format!("user-content-{f}"))
                || self
                    .ids
                    .contains(&format!("user-content-{}", f.to_lowercase()))
        });
        if found {
            Some(true)
        } else if self.complete {
            Some(false)
        } else {
            None
        }
    }
}

fn script_fragment(f: &str) -> bool {
    if f.starts_with('!') || f.starts_with(":~:") || f.starts_with('/') {
        return true;
    }
    // Line anchors of code hosts: L10, L10-L20, L10C2-L12C5.
    let b = f.as_bytes();
    b.len() > 1
        && b[0] == b'L'
        && b[1].is_ascii_digit()
        && f.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'-')
}

fn percent_decode(s: &str) -> Cow<'_, str> {
    if !s.contains('%') {
        return Cow::Borrowed(s);
    }
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = |c: u8| (c as char).to_digit(16);
        if b[i] == b'%' && i + 2 < b.len() {
            if let (Some(h), Some(l)) = (hex(b[i + 1]), hex(b[i + 2])) {
                out.push((h * 16 + l) as u8);
                i += 3;
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    Cow::Owned(String::from_utf8_lossy(&out).into_owned())
}

/// Whether a body is HTML: by content type, else by its first bytes.
pub fn is_html(content_type: Option<&str>, body: &[u8]) -> bool {
    if let Some(ct) = content_type {
        let ct = ct.to_ascii_lowercase();
        if ct.contains("html") {
            return true;
        }
        if !ct.starts_with("text/plain") && !ct.is_empty() {
            return false;
        }
    }
    let head = String::from_utf8_lossy(&body[..body.len().min(512)]).to_ascii_lowercase();
    let head = head.trim_start_matches('\u{feff}').trim_start();
    head.starts_with("<!doctype html") || head.starts_with("<html")
}

/// Reads `body` (already cut at the cap; `complete` says whether it was all of it).
pub fn facts(body: &[u8], base: &Url, content_type: Option<&str>, complete: bool) -> PageFacts {
    let mut facts = PageFacts {
        content_type: content_type.map(str::to_string),
        html: is_html(content_type, body),
        bytes_read: body.len(),
        complete,
        ..PageFacts::default()
    };
    if !facts.html {
        return facts;
    }
    let text = String::from_utf8_lossy(body);
    let mut state = State {
        facts: &mut facts,
        base: base.clone(),
        base_set: false,
        text: String::new(),
        tables: Vec::new(),
        repos: BTreeSet::new(),
    };
    crate::html::scan(&text, &mut |ev| state.event(ev));
    state.finish();
    facts
}

struct Table {
    rows: usize,
    numeric: usize,
    cell: Option<String>,
}

struct State<'f> {
    facts: &'f mut PageFacts,
    base: Url,
    base_set: bool,
    text: String,
    tables: Vec<Table>,
    repos: BTreeSet<String>,
}

const BLOCK: &[&str] = &[
    "p",
    "div",
    "br",
    "li",
    "tr",
    "td",
    "th",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "table",
    "section",
    "article",
    "pre",
    "ul",
    "ol",
    "dt",
    "dd",
    "blockquote",
    "hr",
    "header",
    "footer",
];

use crate::html::{Attr, Event};

impl State<'_> {
    fn event(&mut self, ev: Event<'_>) {
        match ev {
            Event::Start { name, attrs } => self.start(name, &attrs),
            Event::End { name } => self.end(name),
            Event::Text(t) => {
                self.text.push_str(t);
                if let Some(cell) = self.tables.last_mut().and_then(|t| t.cell.as_mut()) {
                    cell.push_str(t);
                }
            }
            Event::Title(t) => {
                if self.facts.title.is_none() {
                    let t: String = t.split_whitespace().collect::<Vec<_>>().join(" ");
                    self.facts.title = Some(t.chars().take(300).collect());
                }
            }
            Event::Comment { body: c, .. } => {
                if c.contains("mdBook") && self.facts.doc_generator.is_none() {
                    self.facts.doc_generator = Some("mdbook".into());
                }
            }
        }
    }

    fn start(&mut self, name: &str, attrs: &[Attr]) {
        let attr = |k: &str| Attr::find(attrs, k).map(|a| a.value.as_str());
        if let Some(id) = attr("id").filter(|v| !v.is_empty()) {
            self.facts.ids.insert(id.to_string());
        }
        if BLOCK.contains(&name) {
            self.text.push('\n');
        }
        match name {
            "a" => {
                if let Some(n) = attr("name").filter(|v| !v.is_empty()) {
                    self.facts.ids.insert(n.to_string());
                }
                if let Some(href) = attr("href") {
                    if let Some(repo) = self
                        .base
                        .join(href.trim())
                        .ok()
                        .as_ref()
                        .and_then(forge::code_repo)
                    {
                        self.repos.insert(repo);
                    }
                }
            }
            "base" if !self.base_set => {
                if let Some(u) = attr("href").and_then(|h| self.base.join(h).ok()) {
                    self.base = u;
                    self.base_set = true;
                }
            }
            "meta" => self.meta(attr("name").or(attr("property")), attr("content")),
            "table" => self.tables.push(Table {
                rows: 0,
                numeric: 0,
                cell: None,
            }),
            "tr" => {
                self.close_cell();
                if let Some(t) = self.tables.last_mut() {
                    t.rows += 1;
                }
            }
            "td" | "th" => {
                self.close_cell();
                if let Some(t) = self.tables.last_mut() {
                    t.cell = Some(String::new());
                }
            }
            _ => {}
        }
    }

    fn end(&mut self, name: &str) {
        if BLOCK.contains(&name) {
            self.text.push('\n');
        }
        match name {
            "td" | "th" | "tr" => self.close_cell(),
            "table" => {
                self.close_cell();
                if let Some(t) = self.tables.pop() {
                    if t.rows >= 2 && t.numeric >= 4 {
                        self.facts.numeric_tables += 1;
                    }
                }
            }
            _ => {}
        }
    }

    fn close_cell(&mut self) {
        if let Some(t) = self.tables.last_mut() {
            if let Some(cell) = t.cell.take() {
                if regexes().cell.is_match(cell.trim()) {
                    t.numeric += 1;
                }
            }
        }
    }

    fn meta(&mut self, name: Option<&str>, content: Option<&str>) {
        let (Some(name), Some(content)) = (name, content) else {
            return;
        };
        let name = name.trim().to_ascii_lowercase();
        let content = content.trim();
        if name.starts_with("citation_") {
            self.facts
                .citation
                .entry(name)
                .or_default()
                .push(content.to_string());
        } else if name == "generator" && self.facts.generator.is_none() {
            self.facts.generator = Some(content.to_string());
            if let Some(g) = doc_generator(content) {
                self.facts.doc_generator = Some(g.to_string());
            }
        } else if name == "og:type" && self.facts.og_type.is_none() {
            self.facts.og_type = Some(content.to_string());
        }
    }

    fn finish(self) {
        // Tables left open at the cap still count.
        let State {
            facts,
            text,
            mut tables,
            repos,
            ..
        } = self;
        while let Some(mut t) = tables.pop() {
            if let Some(cell) = t.cell.take() {
                if regexes().cell.is_match(cell.trim()) {
                    t.numeric += 1;
                }
            }
            if t.rows >= 2 && t.numeric >= 4 {
                facts.numeric_tables += 1;
            }
        }
        let mut seen = BTreeSet::new();
        for m in regexes().measure.find_iter(&text) {
            let sample: String = m.as_str().split_whitespace().collect::<Vec<_>>().join(" ");
            if seen.insert(sample.clone()) {
                facts.measurements.push(sample);
                if facts.measurements.len() == 20 {
                    break;
                }
            }
        }
        facts.code_links = repos.into_iter().collect();
    }
}

/// Recognises a documentation generator from `<meta name="generator">`.
pub fn doc_generator(generator: &str) -> Option<&'static str> {
    let g = generator.to_ascii_lowercase();
    const KNOWN: [(&str, &str); 15] = [
        ("sphinx", "sphinx"),
        ("docutils", "sphinx"),
        ("mkdocs", "mkdocs"),
        ("docusaurus", "docusaurus"),
        ("rustdoc", "rustdoc"),
        ("doxygen", "doxygen"),
        ("javadoc", "javadoc"),
        ("mdbook", "mdbook"),
        ("vitepress", "vitepress"),
        ("starlight", "starlight"),
        ("typedoc", "typedoc"),
        ("gitbook", "gitbook"),
        ("antora", "antora"),
        ("jekyll", "jekyll"),
        ("hugo", "hugo"),
    ];
    KNOWN.iter().find(|(k, _)| g.contains(k)).map(|(_, v)| *v)
}

struct Regexes {
    measure: regex::Regex,
    cell: regex::Regex,
}

fn regexes() -> &'static Regexes {
    static R: OnceLock<Regexes> = OnceLock::new();
    R.get_or_init(|| Regexes {
        measure: regex::Regex::new(concat!(
            r"\b\d+(?:[.,]\d+)?\s?(?:",
            r"(?i:[kmgtpe]?flop/?s|[kmgtpe]i?b/s|[kmgt]bps|",
            r"(?:tokens?|tok|samples?|images?|img|it|queries|req|requests|frames?)/s(?:ec)?|",
            r"(?:tokens?|samples?|images?|queries|requests|frames)\s(?:per|/)\s?(?:second|sec|s))",
            r"|ms|µs|μs|us|ns|QPS|RPS|fps)\b",
            r"|\b\d+(?:\.\d+)?(?:x\b|×)",
            r"|\b\d+(?:\.\d+)?\s?%\s(?:faster|slower|lower|higher|less|more|better|speedup|reduction|improvement)\b",
        ))
        .expect("measurement pattern"),
        cell: regex::Regex::new(
            r"^[~≈<>±+\-]?\$?\d[\d,]*(?:\.\d+)?\s*(?:%|x|×|[A-Za-zµμ/]{1,8})?(?:\s*±\s*\d+(?:\.\d+)?)?$",
        )
        .expect("cell pattern"),
    })
}

#[cfg(test)]
mod tests {
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
        let words =
            "<table><tr><td>Name</td><td>Kind</td></tr><tr><td>a</td><td>b</td></tr></table>";
        assert_eq!(read(words).numeric_tables, 0);
        // Cells without end tags, as HTML allows.
        let loose = "<table><tr><td>1<td>2<tr><td>3<td>4</table>";
        assert_eq!(read(loose).numeric_tables, 1);
    }

    #[test]
    fn marketing_page_shows_nothing() {
        let f = read(
            "<h1>The fastest platform</h1><p>Try it free for 30 days. Version 2.1 is out.</p>",
        );
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
}
