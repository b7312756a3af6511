//! Every shape of list that was once quadratic grows linearly: ten times the input takes at
//! most three times ten times as long (timed in process, the best of three runs, so a busy
//! machine does not decide). The shapes: broken anchors with suggestions, ignore comments on
//! their own line and inline, links into one other file with as many headings, frontier
//! sections, banned text among code blocks, duplicates, a table row of many claims (Markdown
//! and HTML), a long list of notes under a bold title line, claims joined by semicolons on one
//! line.

use sourcepolicy::date::Date;
use sourcepolicy::engine::{lint_paths, LintOptions};
use sourcepolicy::policy::Policy;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Items of the small and the large list of each shape; `SCALING_SIZES=10000,100000` measures
/// others (the test's sizes keep it to seconds).
fn sizes() -> (usize, usize) {
    std::env::var("SCALING_SIZES")
        .ok()
        .and_then(|v| {
            let (a, b) = v.split_once(',')?;
            Some((a.trim().parse().ok()?, b.trim().parse().ok()?))
        })
        .unwrap_or((2_000, 20_000))
}

fn shapes(n: usize, dir: &Path) -> Vec<(&'static str, PathBuf)> {
    let mut out = Vec::new();
    let mut write = |name: &'static str, file: String, text: String| {
        let p = dir.join(file);
        std::fs::write(&p, text).unwrap();
        out.push((name, p));
    };
    write(
        "broken anchors",
        format!("anchors-{n}.md"),
        "# T\n\n".to_string()
            + &(0..n)
                .map(|i| format!("## Heading {i}\n\nSee [x](#heading-{i}-missing).\n\n"))
                .collect::<String>(),
    );
    write(
        "ignore comments on their own line",
        format!("own-{n}.md"),
        "# T\n\n## S\n\n".to_string()
            + &(0..n)
                .map(|i| format!("<!-- sourcepolicy: ignore=entry reason=\"r\" -->\n- [e{i}](https://example.org/{i})\n"))
                .collect::<String>(),
    );
    write(
        "inline ignore comments",
        format!("inline-{n}.md"),
        "# T\n\n## S\n\n".to_string()
            + &(0..n)
                .map(|i| format!("- [e{i}](https://example.org/{i}) <!-- sourcepolicy: ignore=entry reason=\"r\" -->\n"))
                .collect::<String>(),
    );
    std::fs::write(
        dir.join(format!("target-{n}.md")),
        "# T\n\n".to_string() + &(0..n).map(|i| format!("## H{i}\n\n")).collect::<String>(),
    )
    .unwrap();
    write(
        "links into one file with as many headings",
        format!("links-{n}.md"),
        "# T\n\n## S\n\n".to_string()
            + &(0..n)
                .map(|i| format!("- [l{i}](target-{n}.md#h{}) - x\n", i + (i % 2) * n))
                .collect::<String>(),
    );
    write(
        "frontier sections",
        format!("frontier-{n}.md"),
        "# T\n\n".to_string()
            + &(0..n)
                .map(|i| format!("## Frontier {i}\n\nVerified on **2026-11-01**.\n\n- [a](https://example.org/f{i}) - x\n\n"))
                .collect::<String>(),
    );
    write(
        "banned text among code blocks",
        format!("banned-{n}.md"),
        "# T\n\n## S\n\n".to_string()
            + &(0..n)
                .map(|i| format!("```\ncode {i}\n```\n\n**Checkpoint:** {i}\n\n"))
                .collect::<String>(),
    );
    write(
        "duplicates across sections",
        format!("dups-{n}.md"),
        "# T\n\n".to_string()
            + &(0..n)
                .map(|i| {
                    format!(
                        "## S{i}\n\n- [p](https://arxiv.org/abs/2401.{:05}) - x\n\n",
                        i % 50
                    )
                })
                .collect::<String>(),
    );
    // one table row of n claims under n headers, in Markdown and in raw HTML (the column of
    // each claim, and the header that names a field for the whole row, once per row)
    write(
        "a table row of many claims",
        format!("wide-{n}.md"),
        format!(
            "# T\n\n| {} |\n|{}\n| {} |\n",
            vec!["Speedup vs X"; n].join(" | "),
            "---|".repeat(n),
            vec!["2.5x faster"; n].join(" | ")
        ),
    );
    // one line of n claims in clauses joined by semicolons: each claim looks for the sentence
    // a semicolon joins to its own within a window, not along the whole line
    write(
        "claims joined by semicolons",
        format!("semicolons-{n}.md"),
        format!(
            "- [x](https://a.example/) {}\n",
            "2x faster than vLLM on 8x H100 in FP8 at batch 8, 45% lower latency vs SGLang; "
                .repeat(n / 4)
        ),
    );
    // footnotes defined under many headings: each definition finds its section once
    write(
        "footnotes under headings",
        format!("footnotes-{n}.md"),
        "# T\n\n".to_string()
            + &(0..n)
                .map(|i| format!("## H{i}\n\nA note.[^{i}]\n\n[^{i}]: It is 2.5x faster.\n\n"))
                .collect::<String>(),
    );
    // a long list of notes under a bold title line: each item finds the title once
    write(
        "notes under a bold title",
        format!("title-{n}.md"),
        "# T\n\n**Kernels** (FP16, A100)\n\n".to_string()
            + &(0..n)
                .map(|i| format!("- kernel {i} is 2.5x faster\n"))
                .collect::<String>(),
    );
    write(
        "an HTML table row of many claims",
        format!("wide-html-{n}.md"),
        format!(
            "# T\n\n<table>\n<tr>{}</tr>\n<tr>{}</tr>\n</table>\n",
            "<th>Speedup vs X</th>".repeat(n),
            "<td>2.5x faster</td>".repeat(n)
        ),
    );
    out
}

fn best_of_three(path: &Path, policy: &Policy, opts: &LintOptions) -> Duration {
    (0..3)
        .map(|_| {
            let t = Instant::now();
            let run = lint_paths(&[path.to_path_buf()], policy, opts, &|_| {}).unwrap();
            assert!(run.totals.files == 1);
            t.elapsed()
        })
        .min()
        .unwrap()
}

#[test]
fn every_shape_grows_linearly() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("scaling");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join(".git")).unwrap();
    let policy = Policy::default_policy();
    let opts = LintOptions::new(Date::parse("2026-12-02").unwrap());
    let (small_n, large_n) = sizes();
    let small = shapes(small_n, &dir);
    let large = shapes(large_n, &dir);
    let mut report = Vec::new();
    for ((name, s), (_, l)) in small.iter().zip(&large) {
        let ts = best_of_three(s, &policy, &opts);
        let tl = best_of_three(l, &policy, &opts);
        let ratio = tl.as_secs_f64() / ts.as_secs_f64();
        report.push(format!(
            "{name}: {ts:?} → {tl:?} ({ratio:.1}× for 10× the input)"
        ));
        assert!(
            ratio <= 30.0,
            "{name} grows faster than linearly: {ts:?} for {small_n} items, {tl:?} for {large_n}\n{}",
            report.join("\n")
        );
    }
    eprintln!("{}", report.join("\n"));
}
