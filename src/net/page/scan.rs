//! The scanner behind page facts: one pass over the tags and text of a page (through the
//! shared tag scanner, `crate::html`) collecting ids, code links, `<meta>` tags, tables of
//! numbers and measurements in the text.

use super::PageFacts;
use crate::html::{Attr, Event};
use crate::net::forge;
use std::collections::BTreeSet;
use std::sync::OnceLock;
use url::Url;

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

/// Reads the HTML `text` (a page's body as far as it was read) into `facts`; links resolve
/// against `base` (or the page's `<base href>`).
pub(super) fn read(text: &str, base: &Url, facts: &mut PageFacts) {
    let mut state = State {
        facts,
        base: base.clone(),
        base_set: false,
        text: String::new(),
        tables: Vec::new(),
        repos: BTreeSet::new(),
    };
    crate::html::scan(text, &mut |ev| state.event(ev));
    state.finish();
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

impl State<'_> {
    fn event(&mut self, ev: Event<'_>) {
        match ev {
            Event::Start { name, attrs, .. } => self.start(name, &attrs),
            Event::End { name, .. } => self.end(name),
            Event::Text { text: t, .. } => {
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
