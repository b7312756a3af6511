//! Page facts: what the source rules want to know about a page, read by a small tag scanner.
//!
//! The scanner is not an HTML parser: it walks tags and text once, skips comments, scripts
//! and styles, reads attributes (quoted or not, with the common character references) and
//! keeps only what the facts need. It never fails: whatever it cannot read it passes over.

mod scan;

use crate::target::percent_decode;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
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
        let found = [fragment, decoded.as_str()].iter().any(|f| {
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
    scan::read(&String::from_utf8_lossy(body), base, &mut facts);
    facts
}

#[cfg(test)]
mod tests;
