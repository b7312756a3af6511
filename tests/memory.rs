//! Memory per input byte on a claim-dense list: a finding on every claim of every line is the
//! heaviest shape a list has. Measured in process by a counting allocator (the peak of live
//! heap bytes while one file is linted), so the number does not depend on the machine.

use sourcepolicy::date::Date;
use sourcepolicy::engine::{lint_text, LintOptions};
use sourcepolicy::policy::Policy;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grew(by: usize) {
    let now = LIVE.fetch_add(by, Relaxed) + by;
    PEAK.fetch_max(now, Relaxed);
}

// SAFETY: every call is forwarded to the system allocator unchanged; only counters are kept.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        grew(layout.size());
        System.alloc(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Relaxed);
        System.dealloc(ptr, layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if new_size > layout.size() {
            grew(new_size - layout.size());
        } else {
            LIVE.fetch_sub(layout.size() - new_size, Relaxed);
        }
        System.realloc(ptr, layout, new_size)
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Entries with four claims each, none of them stating all five fields.
fn dense(bytes: usize) -> String {
    let mut s = String::from("# Results\n\n## Kernels\n\n");
    let mut i = 0;
    while s.len() < bytes {
        s.push_str(&format!(
            "- [Kernel {i}](https://github.com/o/r{i}) - {}.{}x faster than cuBLAS, {} TFLOP/s \
             on H100, 38% lower latency, 2,{:03} tokens/s with FP8.\n",
            1 + i % 9,
            i % 10,
            100 + i % 800,
            i % 1000
        ));
        i += 1;
    }
    s
}

/// The counters are the process's: one measurement at a time.
static MEASURING: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// The peak of live heap bytes, per byte of `text`, while it is linted (after a smaller
/// `warm` text, so that the policy's lazily built matchers are not counted as per-byte
/// costs); the findings; and the hold on the counters, for the caller to keep while it
/// asserts (a failed assertion's backtrace, symbolized on another test's thread, allocates
/// tens of megabytes: another test measuring meanwhile would count them).
fn heap_per_byte(
    warm: impl Fn() -> String,
    text: impl Fn() -> String,
) -> (f64, usize, std::sync::MutexGuard<'static, ()>) {
    let one = MEASURING.lock().unwrap_or_else(|e| e.into_inner());
    let (warm, text) = (warm(), text());
    let policy = Policy::default_policy();
    let opts = LintOptions::new(Date::parse("2026-12-02").unwrap());
    lint_text("warm.md", warm, &policy, &opts);
    let len = text.len();
    let base = LIVE.load(Relaxed);
    PEAK.store(base, Relaxed);
    let report = lint_text("list.md", text, &policy, &opts);
    let used = PEAK.load(Relaxed) - base;
    (used as f64 / len as f64, report.findings.len(), one)
}

#[test]
fn a_claim_dense_list_stays_under_the_memory_budget() {
    let (per_byte, findings, _one) = heap_per_byte(|| dense(20_000), || dense(1_000_000));
    assert!(findings > 20_000, "{findings}");
    // 2026-12: 100 bytes per input byte with findings' data as JSON objects; 60 once kept as
    // text; 52, then 41 with table fields and peak verdicts boxed and fixed help and label
    // texts borrowed; 29.4 with the rules' findings gathered without a second copy, claims'
    // field ranges in 32 bits, fixes boxed and classification reasons shared; 26.2 with
    // messages and help texts without spare capacity. Issue 14's aim is under 30.
    assert!(
        per_byte < 30.0,
        "{per_byte:.1} bytes of heap per input byte"
    );
    eprintln!("peak heap per input byte: {per_byte:.1}");
}

/// A contents list of `n` entries, every one out of order (the list runs backwards).
fn backwards_contents(n: usize) -> String {
    let mut s = String::from("# Guide\n\n## Contents\n\n");
    for i in (0..n).rev() {
        s.push_str(&format!("- [Part {i}](#part-{i})\n"));
    }
    for i in 0..n {
        s.push_str(&format!("\n## Part {i}\n\nText.\n"));
    }
    s
}

/// Every `structure/toc-mismatch` of a contents list carries the fix that regenerates the
/// whole list: shared, not copied per finding (a copy each made memory grow with the square of
/// the list: 750 MB for the guide repeated 100 times).
#[test]
fn findings_that_share_a_fix_hold_it_once() {
    let (per_byte, findings, _one) =
        heap_per_byte(|| backwards_contents(100), || backwards_contents(3_000));
    assert!(findings >= 3_000, "{findings}");
    // 2026-12: 66 bytes per input byte (a finding on every short line); ~1,500 with a copy of
    // the fix in each finding, and growing with the list.
    assert!(
        per_byte < 100.0,
        "{per_byte:.1} bytes of heap per input byte"
    );
    eprintln!("contents list out of order, peak heap per input byte: {per_byte:.1}");
}

/// A table of results: a row per model, each number a performance claim that states only some
/// of its fields (a finding on every cell that holds one).
fn results_table(bytes: usize) -> String {
    let mut s = String::from(
        "# Results\n\n## Benchmarks\n\n| Model | GPU | Throughput (tokens/s) | Speedup |\n\
         |---|---|---|---|\n",
    );
    let mut k = 0;
    while s.len() < bytes {
        s.push_str(&format!(
            "| model-{k} | A100 | {} tokens/s | {}.{}x |\n",
            1000 + k % 9000,
            1 + k % 9,
            k % 10
        ));
        k += 1;
    }
    s
}

#[test]
fn a_finding_dense_table_stays_within_its_measured_memory() {
    let (per_byte, findings, _one) =
        heap_per_byte(|| results_table(20_000), || results_table(1_000_000));
    assert!(findings > 40_000, "{findings}");
    // 2026-12: 43.3 bytes per input byte; 39.5 with the help of the claims that refer to one
    // claim held once, claims without spare room and the document freed before the report
    // is made. Most of what is left is comrak's tree while the file is parsed: ten nodes of
    // 136 bytes for a row of four short cells (~27 bytes per input byte, the peak of the run
    // is there); under 30 needs tables parsed without the whole tree.
    // Issue 14's aim of 30 is not met by this shape: the bound guards what was reached.
    assert!(
        per_byte < 45.0,
        "{per_byte:.1} bytes of heap per input byte"
    );
    eprintln!("table of results, peak heap per input byte: {per_byte:.1}");
}

/// Entries whose links all fail: plain `http`, an anchor the file lacks, and the same URL as
/// other entries (five findings on a line of ~70 bytes).
fn broken_links(bytes: usize) -> String {
    let mut s = String::from("# Links\n\n## Tools\n\n");
    let mut k = 0;
    while s.len() < bytes {
        s.push_str(&format!(
            "- [Tool {k}](http://example.com/t{}) [a](#nope-{k}) [b](http://example.com/t{})\n",
            k % 500,
            k % 500
        ));
        k += 1;
    }
    s
}

#[test]
fn a_list_of_broken_links_stays_within_its_measured_memory() {
    let (per_byte, findings, _one) =
        heap_per_byte(|| broken_links(20_000), || broken_links(1_000_000));
    assert!(findings > 50_000, "{findings}");
    // 2026-12: 88.2 bytes per input byte (~8 findings on a line of 84 bytes, ~930 bytes a
    // finding); 67.5 with help texts exact and a host's shared. Left: each finding twice
    // while the report orders them (`Finding`, 128 bytes, then `Reported`, 160), its message
    // and its data (~80 bytes of JSON).
    // Issue 14's aim of 30 is not met by this shape: the bound guards what was reached.
    assert!(
        per_byte < 75.0,
        "{per_byte:.1} bytes of heap per input byte"
    );
    eprintln!("broken links, peak heap per input byte: {per_byte:.1}");
}

/// A table whose rows are entries: a link that fails in the first cell, claims in the others.
fn table_of_entries(bytes: usize) -> String {
    let mut s = String::from(
        "# Results\n\n## Benchmarks\n\n| Name | Model | GPU | Throughput (tokens/s) | Speedup |\n\
         |---|---|---|---|---|\n",
    );
    let mut k = 0;
    while s.len() < bytes {
        s.push_str(&format!(
            "| [Tool {k}](http://example.com/t{}#nope) | model-{k} | A100 | {} tokens/s | {}.{}x |\n",
            k % 500,
            1000 + k % 9000,
            1 + k % 9,
            k % 10
        ));
        k += 1;
    }
    s
}

#[test]
fn a_table_of_failing_entries_stays_within_its_measured_memory() {
    let (per_byte, findings, _one) =
        heap_per_byte(|| table_of_entries(20_000), || table_of_entries(1_000_000));
    assert!(findings > 30_000, "{findings}");
    // 2026-12: 54.9 bytes per input byte; 46.0 with the changes above (both the parse tree
    // of a table and findings on every link).
    // Issue 14's aim of 30 is not met by this shape: the bound guards what was reached.
    assert!(
        per_byte < 50.0,
        "{per_byte:.1} bytes of heap per input byte"
    );
    eprintln!("table of entries, peak heap per input byte: {per_byte:.1}");
}
