//! `cargo bench`: in-process throughput of a full offline lint.
//!
//! Inputs: a generated list of 2,000 entries (always), and the real lists in
//! ../shared/corpus when that folder is present (skipped cleanly when it is not). Reports the
//! median and the spread of many runs; never a single timing.

use sourcepolicy::date::Date;
use sourcepolicy::document::Document;
use sourcepolicy::engine::{lint_text, LintOptions};
use sourcepolicy::input::SourceFile;
use sourcepolicy::policy::Policy;
use sourcepolicy::target::TargetOptions;
use std::hint::black_box;
use std::path::Path;
use std::time::{Duration, Instant};

fn generated() -> String {
    let mut s = String::from("# Generated\n\n## Contents\n\n");
    for sec in 0..40 {
        s.push_str(&format!("- [Section {sec}](#section-{sec})\n"));
    }
    for sec in 0..40 {
        s.push_str(&format!(
            "\n## Section {sec}\n\nIntro prose for the section.\n\n"
        ));
        for e in 0..50 {
            s.push_str(&format!(
                "- [Paper {sec}.{e}](https://arxiv.org/abs/2401.{:05}) - Mechanism {e}, measured on H100 in BF16 against cuBLAS.\n",
                sec * 100 + e
            ));
        }
    }
    s
}

fn measure(name: &str, mut f: impl FnMut()) {
    for _ in 0..5 {
        f();
    }
    let mut times: Vec<Duration> = Vec::new();
    let start = Instant::now();
    while times.len() < 25 || (start.elapsed() < Duration::from_secs(2) && times.len() < 2000) {
        let t = Instant::now();
        f();
        times.push(t.elapsed());
    }
    times.sort();
    let median = times[times.len() / 2];
    let p10 = times[times.len() / 10];
    let p90 = times[times.len() * 9 / 10];
    println!(
        "{name:<48} median {:>9.1} µs   p10 {:>9.1} µs   p90 {:>9.1} µs   ({} runs)",
        median.as_secs_f64() * 1e6,
        p10.as_secs_f64() * 1e6,
        p90.as_secs_f64() * 1e6,
        times.len()
    );
}

fn main() {
    let policy = Policy::default_policy();
    let opts = LintOptions::new(Date::parse("2026-12-02").unwrap());
    let mut inputs = vec![("generated 2,000 entries".to_string(), generated())];
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    for f in [
        "guide/README.fe274ee.md",
        "guide/README.3ad4ea1.md",
        "coderonion__awesome-cuda-and-hpc.md",
        "xlite-dev__Awesome-LLM-Inference.md",
        "sindresorhus__awesome.md",
    ] {
        match std::fs::read_to_string(corpus.join(f)) {
            Ok(t) => inputs.push((f.to_string(), t)),
            Err(_) => println!("(skipping {f}: ../shared/corpus not present)"),
        }
    }
    for (name, text) in &inputs {
        let file = SourceFile::from_text("bench.md", text.clone());
        let targets = TargetOptions {
            schemes: &policy.links.schemes,
            tracking: &policy.links.tracking_params,
        };
        measure(&format!("parse  {name}"), || {
            black_box(Document::parse(black_box(&file), targets));
        });
        measure(&format!("lint   {name}"), || {
            black_box(lint_text(
                "bench.md",
                black_box(text.clone()),
                &policy,
                &opts,
            ));
        });
    }
    measure("policy load (embedded default)", || {
        black_box(Policy::default_policy());
    });
}
