//! The inputs fuzzing found interesting (`fuzz/regressions/<target>/`), replayed through the
//! same invariants the fuzz targets check (`sourcepolicy::invariants`), on stable Rust and
//! without the fuzzer. `scripts/fuzz.sh` adds new ones.

use std::path::Path;

fn replay(target: &str, check: fn(&str)) -> usize {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/regressions")
        .join(target);
    let mut n = 0;
    for e in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = e.unwrap().path();
        let bytes = std::fs::read(&path).unwrap();
        if let Ok(text) = std::str::from_utf8(&bytes) {
            let outcome = std::panic::catch_unwind(|| check(text));
            assert!(outcome.is_ok(), "{} broke an invariant", path.display());
            n += 1;
        }
    }
    n
}

#[test]
fn lint_regressions_keep_every_invariant() {
    let n = replay("lint", sourcepolicy::invariants::lint_and_check);
    assert!(n >= 5, "{n} inputs");
}

#[test]
fn policy_regressions_never_panic() {
    let n = replay("policy", sourcepolicy::invariants::read_policy);
    assert!(n >= 3, "{n} inputs");
}

/// Raw HTML blocks are read as prose (claims in `<pre>`, `<li>`, `<p>`): documents stitched
/// at random from fragments that stress that reading (entities at every boundary, unclosed
/// and nested tags, multi-byte text, CR and CRLF endings inside `<pre>`, comments) keep every
/// invariant the fuzz target checks. Deterministic: a fixed seed, so a failure reproduces.
#[test]
fn random_html_blocks_keep_every_invariant() {
    const PARTS: &[&str] = &[
        "<pre>\n",
        "</pre>\n",
        "<pre>✅ Run 40% faster   ✅ FP8\r\n",
        "<ul>\n",
        "</ul>\n",
        "  <li>",
        "</li>\n",
        "<li><a href=\"#x\">2.3&times; faster on H100</a>",
        "<p align=center>",
        "</p>\n",
        "&amp;",
        "&times;",
        "&#215;",
        "&nosuch;",
        "&",
        ";",
        "1.9x",
        " than cuBLAS ",
        "12,400 tokens/s",
        "🔥",
        "é",
        "\r",
        "\n",
        "\n\n",
        "<!-- sourcepolicy: ignore=perf reason=\"r\" -->",
        "<!-- x",
        "-->",
        "<td>",
        "</td></tr>\n",
        "<details><summary>",
        "</summary>",
        "# H\n",
        "## Frontier\n",
        "- [a](https://example.org/a) - 3x faster\n",
        "<br>",
        "<",
        ">",
        "</",
        "<pre",
        "<div>\n",
    ];
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for _ in 0..600 {
        let len = 1 + next() % 40;
        let mut doc = String::new();
        for _ in 0..len {
            doc.push_str(PARTS[(next() % PARTS.len() as u64) as usize]);
        }
        let outcome = std::panic::catch_unwind(|| sourcepolicy::invariants::lint_and_check(&doc));
        assert!(outcome.is_ok(), "broke an invariant:\n{doc:?}");
    }
}
