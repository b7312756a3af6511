//! The floor for a comrak-based linter: read a file and parse it, nothing else.
//! Used by scripts/compare.sh (`cargo build --release --example parse_only`).

fn main() {
    let path = std::env::args().nth(1).expect("usage: parse_only FILE");
    let text = std::fs::read_to_string(path).expect("readable UTF-8 file");
    let arena = comrak::Arena::new();
    let mut o = comrak::Options::default();
    o.extension.autolink = true;
    o.extension.table = true;
    o.extension.footnotes = true;
    o.extension.strikethrough = true;
    let root = comrak::parse_document(&arena, &text, &o);
    std::hint::black_box(root.descendants().count());
}
