//! Seeded random documents built from the pieces that stress the scanners — multi-byte
//! characters next to numbers and units, unbalanced brackets, comments, headings, tables —
//! must lint without panicking, with every finding's span inside the text on character
//! boundaries.

mod common;

const PIECES: &[&str] = &[
    "# ",
    "## ",
    "### Tier 1 ",
    "- ",
    "  - ",
    "1. ",
    "> ",
    "\n",
    "\n\n",
    "\r\n",
    " ",
    "|",
    "|---|\n",
    "[",
    "]",
    "(",
    ")",
    "[x](https://arxiv.org/abs/2205.14135)",
    "[y](#anchor)",
    "[z](./missing.md#h)",
    "<https://a.example/p>",
    "![i](img.png)",
    "`code 2.3x`",
    "```\n2.3x\n```\n",
    "<!-- sourcepolicy: ignore=perf reason=\"r\" -->",
    "<!-- sourcepolicy: type=report code=x -->",
    "<!--",
    "-->",
    "<a id=\"k\"></a>",
    "2.3x",
    "3×",
    "45%",
    "12 ms",
    "p99 of",
    "740 TFLOP/s",
    "1,200 req/s",
    "order of magnitude",
    "twice as fast",
    "three times faster",
    "speedup of 3.1",
    "on H100",
    "BF16",
    "vs cuBLAS",
    "bit-exact",
    "Verified on **2026-08-23**",
    "2026-02-30",
    "框",
    "🔥",
    "é",
    "\u{fe0f}",
    "İ",
    "ß",
    "\u{feff}",
    "\t",
    "*",
    "**",
    "_",
    "\\",
    "&amp;",
    "Frontier",
    "Contents",
];

fn xorshift(state: &mut u64) -> u64 {
    let mut x = *state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    *state = x;
    x
}

#[test]
fn random_documents_never_panic() {
    let policy = sourcepolicy::policy::Policy::default_policy();
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    for _ in 0..1000 {
        let len = 5 + (xorshift(&mut seed) % 120) as usize;
        let text: String = (0..len)
            .map(|_| PIECES[(xorshift(&mut seed) % PIECES.len() as u64) as usize])
            .collect();
        // Fixes and the overview too: every phase and every format on hostile text.
        let opts = sourcepolicy::engine::LintOptions {
            fix: true,
            overview: true,
            ..sourcepolicy::engine::LintOptions::new(
                sourcepolicy::date::Date::parse("2026-12-02").unwrap(),
            )
        };
        let file = std::panic::catch_unwind(|| {
            sourcepolicy::engine::lint_text("r.md", text.clone(), &policy, &opts)
        })
        .unwrap_or_else(|_| panic!("panicked on {text:?}"));
        let run = sourcepolicy::report::RunReport::new(vec![file]);
        for f in run.files[0].findings.iter().map(|r| &r.finding) {
            assert!(
                f.span.start <= f.span.end && f.span.end <= text.len(),
                "{f:?} in {text:?}"
            );
            assert!(
                text.is_char_boundary(f.span.start) && text.is_char_boundary(f.span.end),
                "{f:?} in {text:?}"
            );
        }
        let fixed = run.files[0].text.clone();
        if run.files[0].original.is_some() {
            // A second `--fix` changes nothing.
            let again = sourcepolicy::engine::lint_text("r.md", fixed.clone(), &policy, &opts);
            assert!(
                again.original.is_none(),
                "not idempotent on {text:?}: {fixed:?} became {:?}",
                again.text
            );
        }
        for format in <sourcepolicy::report::Format as clap::ValueEnum>::value_variants() {
            let _ = sourcepolicy::report::render(
                &run,
                *format,
                &sourcepolicy::report::RenderOptions {
                    width: 80,
                    ..Default::default()
                },
            );
        }
        let _ = sourcepolicy::report::diff::render(&run);
    }
}

/// Lone `\r` ends a line as `\n` does (CommonMark): positions count those lines, in CR-only and
/// mixed files alike.
#[test]
fn carriage_return_line_endings_place_findings_exactly() {
    for (text, line, column) in [
        ("a\r\nb\rc http://x.org\n", 3, 3),
        ("# T\r## S\r\r- [a](http://example.org/a) - x\r", 4, 3),
        (
            "# T\r\n## S\r\n\r\n- [a](http://example.org/a) - x\r\n",
            4,
            3,
        ),
        ("# T\n## S\r\r\n- [a](http://example.org/a) - x\r", 4, 3),
    ] {
        let found = common::lint_default("cr.md", text.to_string(), &["link/insecure"]);
        assert_eq!(found.len(), 1, "{text:?}: {found:?}");
        assert_eq!((found[0].1, found[0].2), (line, column), "{text:?}");
    }
}
