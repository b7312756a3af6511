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
    stitched(PARTS, 0x9e37_79b9_7f4a_7c15, 600, 40);
}

/// Results pasted in code blocks are read line by line by several finders (times, labelled
/// values, columns, benchstat values, signed changes, intervals) whose claims must never
/// overlap: a line printing two times and their signed change once found the change twice and
/// ended the run with an internal error. Documents stitched at random from the pieces such
/// blocks are made of keep every invariant. Deterministic: a fixed seed.
#[test]
fn random_result_blocks_keep_every_invariant() {
    const PARTS: &[&str] = &[
        "Benchmark results on an L40S:\n\n",
        "Timings (ms, median of 5):\n\n",
        "Nsight Compute results for the kernel:\n\n",
        "The PR against main, benchstat of 10 runs:\n\n",
        "```\n",
        "```\n",
        "case   main   PR   change\n",
        "name  old time/op  new time/op  delta\n",
        "      │ sec/op │ sec/op  vs base │\n",
        "goos: linux\ncpu: AMD EPYC 9654\n",
        "  k(int, float *) (128, 1, 1)x(256, 1, 1), Device 0\n",
        "    Section: GPU Speed Of Light Throughput\n",
        "    Duration   ms   4.12\n",
        "    DRAM Throughput   %   91.20\n",
        "attn_bf16_b16   211.4 us   160.2 us   -24.2%\n",
        "Dot/f32/768-8   212.4n ± 1%   58.3n ± 2%  -72.55% (p=0.000 n=10)\n",
        "geomean   538.4n   133.8n   -75.15%\n",
        "dot/f32/768   time:   [41.2 ns 41.3 ns 41.5 ns]\n",
        "               thrpt:  [18.4 Gelem/s 18.5 Gelem/s 18.6 Gelem/s]\n",
        "        change: [-38.9% -38.4% -37.9%] (p = 0.00 < 0.05)\n",
        "decode   128.3 ms   96.8 ms   -24.6% +1.0% −3.2%\n",
        "step 10 | loss 2.18 | tok/s 1086.1 | mfu 52.4%\n",
        "mean 41.3 ms  p99: 112 ms\n",
        "-24.6%",
        "+13.0%",
        " ± 2%",
        " → ",
        " (was 7.9 ms)",
        "12 s",
        "1,520 tokens/s",
        "2.3x",
        "  ",
        "\t",
        "\n",
        "\r\n",
        "µ",
        "−",
        "| a | ms | Speedup |\n|---|---|---|\n| x | 4.1 | 1.2x |\n",
    ];
    stitched(PARTS, 0x2545_f491_4f6c_dd1d, 800, 30);
}

/// Lints `docs` documents of 1 to `most` pieces of `parts` each, chosen by a xorshift generator
/// from `seed`, and asserts that each keeps every invariant the fuzz target checks.
fn stitched(parts: &[&str], seed: u64, docs: usize, most: u64) {
    let mut seed = seed;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for _ in 0..docs {
        let len = 1 + next() % most;
        let mut doc = String::new();
        for _ in 0..len {
            doc.push_str(parts[(next() % parts.len() as u64) as usize]);
        }
        let outcome = std::panic::catch_unwind(|| sourcepolicy::invariants::lint_and_check(&doc));
        assert!(outcome.is_ok(), "broke an invariant:\n{doc:?}");
    }
}
