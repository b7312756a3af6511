//! GitHub heading anchors: a table of heading → anchor pairs, and the document-level cases
//! (repeats, headings in list items, setext, explicit HTML anchors).

use sourcepolicy::document::Document;
use sourcepolicy::slug::slug;

const PAIRS: &[(&str, &str)] = &[
    ("Hello World", "hello-world"),
    ("1. Storage fundamentals", "1-storage-fundamentals"),
    (
        "Queues, locks, and wait-free rings",
        "queues-locks-and-wait-free-rings",
    ),
    ("Caches & Write Buffers", "caches--write-buffers"),
    (
        "Read first: a small map of the field",
        "read-first-a-small-map-of-the-field",
    ),
    ("Query Planning (The Basics)", "query-planning-the-basics"),
    (
        "Tracing, sampling, and replay",
        "tracing-sampling-and-replay",
    ),
    ("What's new?", "whats-new"),
    ("C++ templates", "c-templates"),
    ("snake_case_name", "snake_case_name"),
    ("kebab-case-name", "kebab-case-name"),
    ("Ünïcödé Überschrift", "ünïcödé-überschrift"),
    ("日本語の見出し", "日本語の見出し"),
    ("Привет мир", "привет-мир"),
    ("🚀 Launch", "-launch"),
    ("Launch 🚀", "launch-"),
    ("⚡\u{fe0f} Fast", "\u{fe0f}-fast"),
    ("Version 2.0", "version-20"),
    ("Q&A", "qa"),
    ("A/B testing", "ab-testing"),
    ("Émoji — dash", "émoji--dash"),
    ("100% coverage", "100-coverage"),
    ("$HOME and ~/.config", "home-and-config"),
    ("Trailing punctuation!", "trailing-punctuation"),
    ("Mixed CASE Heading", "mixed-case-heading"),
    ("under_score and-hyphen", "under_score-and-hyphen"),
    ("Numbers 123 456", "numbers-123-456"),
    (
        "Hopper (H100) & Blackwell (B200)",
        "hopper-h100--blackwell-b200",
    ),
    ("FAQ: why?", "faq-why"),
    ("x86-64 vs. ARM64", "x86-64-vs-arm64"),
    ("«Quoted»", "quoted"),
    ("Ωmega ≈ 3", "ωmega--3"),
    ("Café au lait", "café-au-lait"),
    ("Straße", "straße"),
    ("Árvíztűrő tükörfúrógép", "árvíztűrő-tükörfúrógép"),
    ("مرحبا بالعالم", "مرحبا-بالعالم"),
    ("हिन्दी शीर्षक", "हिन्दी-शीर्षक"),
    ("2. Query execution", "2-query-execution"),
    ("Inference @ scale", "inference--scale"),
    ("Double  space", "double--space"),
    ("[Bracketed] {braced} <angled>", "bracketed-braced-angled"),
    ("Dots...and...more", "dotsandmore"),
    ("#hashtag heading", "hashtag-heading"),
    ("Ends with hyphen -", "ends-with-hyphen--"),
];

#[test]
fn slug_table() {
    assert!(PAIRS.len() >= 40);
    for (heading, anchor) in PAIRS {
        assert_eq!(slug(heading), *anchor, "heading {heading:?}");
    }
}

#[test]
fn document_headings_get_github_anchors() {
    let text = "\
# Title

## Example
## Example
## Example-1
## `code` and **bold** [link](https://e.example/)
## Heading with <kbd>html</kbd>
Setext heading
--------------
- ### Inside a list item
## Closed heading ##
<a id=\"custom-anchor\"></a>
<a name='legacy'></a>
";
    let file = sourcepolicy::input::SourceFile::from_text("a.md", text);
    let doc = Document::parse(
        &file,
        sourcepolicy::target::TargetOptions {
            schemes: &[],
            tracking: &[],
        },
    );
    let anchors: Vec<&str> = doc.headings.iter().map(|h| h.anchor.as_str()).collect();
    assert_eq!(
        anchors,
        [
            "title",
            "example",
            "example-1",
            "example-1-1",
            "code-and-bold-link",
            "heading-with-html",
            "setext-heading",
            "inside-a-list-item",
            "closed-heading"
        ]
    );
    assert!(doc.headings[7].in_list_item);
    assert_eq!(doc.html_anchors, ["custom-anchor", "legacy"]);
}
