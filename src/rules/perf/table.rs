//! What a results table states for each of its cells: its header cells, the group row above
//! the row, and the caption or note directly above the table. A row binds its own fields first
//! (`bind`); a field it does not state is taken from a header cell whose column the row fills
//! ("Ppl" over "6.45", "GPU" over "RTX 4090", "Speedup vs. FP16" over "1.5x"), never from a
//! column the row leaves empty ("-", "N/A") nor from another column of results ("LightSeq
//! fp16" over its own speedups); else from the nearest group row above it (a row that fills
//! only its first cell, `| **A100 80GB** | | |`: the hardware, workload or precision of the
//! rows under it); else from the text directly above the table. A table that sets systems
//! side by side on one measurement ("vLLM | SGLang | Ours" over a row's numbers, or rows named
//! by a column "Engine") makes each side the baseline of the others (`names_system`).
//!
//! The text directly above is the paragraph before the table (only blank space between), or
//! the list of notes there (items without links, "- GPU: RTX 4090"). A paragraph that ends
//! with a colon ("The following runs are from a 4090 and a 3090:") is a sentence the table
//! completes: every field it states counts. Any other note ("All numbers measured on an RTX
//! 4090 with fp16, batch 1.") states how the table was run: its hardware, workload, precision
//! and check count, its baseline only when it says the rows are compared. A note after the
//! table and a heading do not count.

use super::claims::{Claim, ClaimKind};
use super::fields::{shown, Field};
use super::text::{compared_words, has_word, names_spec, own_words, time_unit_in, unit_in, words};
use super::vocab::Vocab;
use super::words::{
    CHANGE_COLUMN_WORDS, COMPARING_WORDS, FOOTPRINT_HEADER_WORDS, FOOTPRINT_MEMORY_WORDS,
    LATENCY_CUES, MEASURED_WORDS, PERF_NOUNS, PHASE_NOUNS, SCORE_WORDS, SPEED_WORDS, TIME_UNITS,
    UTILIZATION_WORDS,
};
use crate::document::{BlockKind, Document};
use std::ops::Range;

/// The context of one table, found once per table.
pub struct TableContext {
    /// The caption or note and the group rows, as a reader sees them (each ends with a
    /// newline).
    caption: String,
    /// The field matches of the caption or note, in order.
    caption_fields: Vec<FieldMatch>,
    /// The group rows: (block index, field matches in `caption`), in order.
    groups: Vec<(usize, Vec<FieldMatch>)>,
    /// Per header cell: its text and the fields it names.
    header: Vec<(String, Vec<usize>)>,
    /// Per header cell: it names the device each row ran on ("Board", "Phone"), so that its
    /// cell names the row's hardware when it names a device at all.
    devices: Vec<bool>,
    /// Per header cell: it heads shares of another system's result ("% of cuBLAS"), which
    /// name that system as the baseline of the column's own cells only.
    share_of: Vec<bool>,
    /// The header names what a device's specification holds ("Peak BF16", "Dense FP8",
    /// "TDP", "Memory") and nothing measured ("Achieved", "Our kernel").
    spec_header: bool,
    /// The columns of a change: the one before ("Step time before (s)", "Old") and, per
    /// header cell, whether it holds the value after it or the change ("After", "New",
    /// "Change", "Δ"), whose baseline is the value before in the same row.
    before: Option<usize>,
    after: Vec<bool>,
    /// Per column, whether it holds the change between columns set side by side ("Δ").
    change: Vec<bool>,
    /// Per header cell: it names one of the systems the table sets side by side ("vLLM |
    /// SGLang | Ours" over tokens/s): each is the baseline of the others' cells in a row.
    systems: Vec<bool>,
    /// The column naming the system of each row ("Engine", "Implementation", "Method") of a
    /// table of several rows: the rows are compared with each other.
    system_rows: Option<usize>,
}

/// A field's match in a table's caption text: (field index, range).
type FieldMatch = (usize, std::ops::Range<usize>);

/// What stands around a table and states context for its rows (block indices).
#[derive(Debug, Default)]
pub struct Around {
    /// The paragraph or the notes directly above the table.
    pub caption: Vec<usize>,
    /// The caption is a sentence the table completes (it ends with a colon).
    pub completed: bool,
    /// Rows that fill only their first cell: a group of the rows under them.
    pub groups: Vec<usize>,
    /// How many names the first cells of the body rows hold (group rows aside): two or more
    /// when the rows are set side by side.
    pub names: usize,
    /// A body row names the run without the thing measured ("none", "baseline", "no
    /// cache"): every row is compared with it.
    pub reference_row: bool,
}

impl Around {
    /// Every block whose text states context.
    pub fn blocks(&self) -> impl Iterator<Item = usize> + '_ {
        self.caption.iter().chain(&self.groups).copied()
    }
}

/// The fields a note above a table or a group row states for the rows (how they were run).
const SET_UP: [Field; 3] = [Field::Hardware, Field::Workload, Field::Precision];

/// Header words of a table of device specifications, besides the words that quote one
/// (`SPEC_LEAD_WORDS`: peak, spec, theoretical, datasheet…).
const SPEC_HEADER_WORDS: &[&str] = &[
    "dense", "sparse", "boost", "tdp", "tbp", "memory", "hbm", "vram",
];

/// Whether a header or a note's sentence (lower case) names the memory a run took ("Peak
/// memory", "Index RAM", "Peak RSS"), not a device's memory or its bandwidth.
pub(super) fn is_footprint(h: &str) -> bool {
    has_word(h, FOOTPRINT_MEMORY_WORDS)
        && has_word(h, FOOTPRINT_HEADER_WORDS)
        && !has_word(h, &["bandwidth", "bw", "capacity"])
}

/// Whether a header names a column of bit widths ("Bits", "W bits", "wbits", "bpw"), not a
/// rate of bits ("Gbits/s").
fn is_bits_header(h: &str) -> bool {
    let h = h.to_ascii_lowercase();
    !h.contains('/')
        && words(&h).any(|w| {
            matches!(
                w,
                "bits" | "bit" | "wbits" | "bpw" | "bit-width" | "bitwidth"
            )
        })
}

/// Header words of a column that sets the run up: its number is the workload of the row.
pub(super) const WORKLOAD_HEADER_WORDS: &[&str] = &[
    "batch",
    "bs",
    "seq",
    "seqlen",
    "sequence",
    "length",
    "len",
    "lengths",
    "context",
    "isl",
    "osl",
    "input",
    "output",
    "prompt",
    "shape",
    "hidden",
    "dim",
    "message",
    "msg",
    "bytes",
    "buffer",
    "payload",
    "rows",
    "cols",
    "columns",
    // the load a serving result was measured at: "Concurrency", "Clients", "并发"
    "concurrency",
    "clients",
    "users",
    "并发",
    // what each row ran: "| Game | A780 | 4080 |", "| Scene |", "| Dataset |", "| Task |"
    "game",
    "games",
    "scene",
    "scenes",
    "dataset",
    "datasets",
    "workload",
    "workloads",
    "benchmark",
    "benchmarks",
    // "| Case | Cells | 8.2 (s) |", "| Query |", "| File |", "| Matrix |", "| Page |", "| Corpus |"
    "case",
    "cases",
    "test",
    "tests",
    "testcase",
    "testcases",
    "query",
    "queries",
    "file",
    "files",
    "corpus",
    "corpora",
    "matrix",
    "matrices",
    "circuit",
    "circuits",
    "page",
    "pages",
    "route",
    "routes",
    "endpoint",
    "task",
    "tasks",
    "scenario",
    "scenarios",
    // what each row computed: "| Pattern | Haystack |", "| Operation |", "| Algorithm |",
    // "| Model |", and the stage of a pipeline or a build ("| Stage | Before | After |" over
    // "| poetry install |": four labellers of held-out sets read it so); not "| Kernel |" over
    // "naive", "tiled": the implementations compared)
    "pattern",
    "patterns",
    "haystack",
    "operation",
    "operations",
    "algorithm",
    "algorithms",
    "model",
    "models",
    "stage",
    "stages",
    // "| Program | 18.1.8 | 19.1.0 |" over "| sqlite3 |": the program a compiler built or ran
    "program",
    "programs",
    // "| Suite | 18.1.8 | 19.1.0 |" over "| intrate |": the benchmark suite a score is of (or
    // its subtest)
    "suite",
    "suites",
    "subtest",
    "subtests",
];

/// Whether a header names a column that sets the run up ("Batch Size", "Seq. len.",
/// "Prefill Length").
pub(super) fn is_workload_header(header: &str) -> bool {
    let h = header.to_ascii_lowercase();
    // a problem's dimension or size: "N", "M=N=K", "Size", "Problem size"
    let dimension = matches!(
        h.trim(),
        "n" | "m" | "k" | "d" | "mnk" | "m=n=k" | "size" | "problem size" | "matrix size"
    );
    // (a cost or a rate per item names no workload: "$ per suite (hot)", "ms per query")
    let per_item = h.contains('$') || has_word(&h, &["per"]);
    dimension || (has_word(&h, WORKLOAD_HEADER_WORDS) && unit_in(&h).is_none() && !per_item)
}

/// Whether a header names a column of quality scores ("LongBench avg", "RULER-32K", "MMLU",
/// "Accuracy (%)", "WER", "Pass@1").
pub(super) fn is_quality_header(header: &str) -> bool {
    let h = header.to_ascii_lowercase();
    let dated = has_word(&h, &["last", "date", "dated", "when", "on"]);
    let quality = words(&h).any(|w| {
        SCORE_WORDS.contains(&w)
            || matches!(w, "loss" | "recall" | "err" | "error" | "rmse")
            // a column saying each row's output was checked: "Parity" over "pass"
            || matches!(w, "parity" | "correct" | "correctness" | "verified" | "validated")
            // ("Image check" over "identical", "Verification" over "ok"; a cell saying it was not
            // checked names nothing; "Checked", "Last check" date a source)
            || (matches!(w, "check" | "verification" | "validation") && !dated)
            // "Counts agree", "Proof verifies", "Output matches" over "✓"
            || matches!(w, "agree" | "agrees" | "verifies" | "matches" | "identical")
            // detection and segmentation quality: "mAP50-95", "mAP@0.5", "mIoU"
            || (w.starts_with("map") && w[3..].starts_with(|c: char| c.is_ascii_digit() || c == '@'))
            // ("mAP<sup>val</sup> 50-95" reads "mAPval 50-95")
            || matches!(w, "miou" | "iou" | "map@50" | "ap50" | "mapval")
            || [
                "longbench",
                "ruler",
                "pass@",
                "mt-bench",
                "rouge",
                "exact",
                "recall@",
            ]
            .iter()
            .any(|p| w.starts_with(p))
    });
    quality
}

/// The table whose span holds byte `at` of the source.
pub fn table_at(doc: &Document, at: usize) -> Option<usize> {
    let k = doc.tables.partition_point(|t| t.span.start <= at);
    let t = k.checked_sub(1)?;
    doc.tables[t].span.contains(&at).then_some(t)
}

/// What stands around `table` (`row`: a body row of it, a block index): the paragraph or the
/// notes directly above it, and its group rows.
pub fn around(doc: &Document, source: &str, table: usize, row: usize) -> Around {
    let span = &doc.tables[table].span;
    let mut first = row;
    while first > 0
        && doc.blocks[first - 1].kind == BlockKind::TableRow
        && doc.blocks[first - 1].span.start >= span.start
    {
        first -= 1;
    }
    let mut out = Around::default();
    // group rows: a body row whose only filled cell is its first (`| **A100** | | |`)
    let mut last = first;
    let mut names: Vec<&str> = Vec::new();
    while last < doc.blocks.len()
        && doc.blocks[last].kind == BlockKind::TableRow
        && doc.blocks[last].span.start < span.end
    {
        let row = &source[doc.blocks[last].span.clone()];
        if last > first && is_group_row(row) {
            out.groups.push(last);
            last += 1;
            continue;
        }
        if last > first {
            let name = split_cells(row).first().map_or("", |(_, c)| c.trim());
            out.reference_row |= is_reference_name(name);
            // (not a comment written under the table, which GFM reads as a row)
            if names.len() < 2
                && !is_placeholder(name)
                && !name.starts_with("<!--")
                && !names.contains(&name)
            {
                names.push(name);
            }
        }
        last += 1;
    }
    out.names = names.len();
    // the paragraph directly above, or the notes of the list directly above
    // only blank space between (and list markers, between two items)
    let adjacent = |b: usize, to: usize, markers: bool| {
        source.get(doc.blocks[b].span.end..to).is_some_and(|gap| {
            gap.chars().all(|c| {
                // (and the markers of a block quote the table and its note are in: "> ")
                c.is_whitespace()
                    || c == '>'
                    || (markers && (matches!(c, '-' | '*' | '+' | '.' | ')') || c.is_ascii_digit()))
            })
        })
    };
    let Some(b) = above(doc, first, span.start).filter(|&b| adjacent(b, span.start, false)) else {
        return out;
    };
    let prev = &doc.blocks[b];
    match prev.kind {
        BlockKind::Paragraph | BlockKind::Html => {
            out.caption.push(b);
            out.completed = prev.text.trim_end().ends_with([':', '：']);
        }
        BlockKind::Item if prev.entry.is_none() => {
            let mut k = b;
            out.caption.push(k);
            while out.caption.len() < MAX_NOTES
                && k > 0
                && doc.blocks[k - 1].kind == BlockKind::Item
                && doc.blocks[k - 1].entry.is_none()
                && adjacent(k - 1, doc.blocks[k].span.start, true)
            {
                k -= 1;
                out.caption.push(k);
            }
            out.caption.reverse();
        }
        _ => {}
    }
    out
}

/// The block before `first`, the first row of a table starting at `start`: for a table in
/// raw HTML, the block before the HTML's (the HTML block's own block holds no text and
/// spans it all).
pub(super) fn above(doc: &Document, first: usize, start: usize) -> Option<usize> {
    let mut b = first.checked_sub(1)?;
    while doc.blocks[b].kind == BlockKind::Html
        && doc.blocks[b].text.is_empty()
        && doc.blocks[b].span.start <= start
    {
        b = b.checked_sub(1)?;
    }
    Some(b)
}

/// Whether the source between two blocks is blank: white space, and the markers of a block
/// quote both are in ("> ").
pub(super) fn blank_gap(gap: &str) -> bool {
    gap.chars().all(|c| c.is_whitespace() || c == '>')
}

/// The most notes of a list above a table that count for it.
const MAX_NOTES: usize = 8;

/// Whether a table row's source fills only its first cell (`| **A100 80GB** | | |`,
/// `| OPUS-MT model | | |`): the title of a group of the rows under it.
fn is_group_row(row: &str) -> bool {
    // read up to the first cell's end and the next filled cell only: most rows fill their
    // second cell
    let body = row.trim();
    if body.starts_with('<') {
        // an HTML row: one filled cell, the first, spanning the row or beside empty ones
        let cells = html_cells(body);
        return cells.first().is_some_and(|(_, c)| !c.is_empty())
            && cells[1..].iter().all(|(_, c)| c.is_empty())
            && (cells.len() > 1 || body.to_ascii_lowercase().contains("colspan"));
    }
    let body = body.strip_prefix('|').unwrap_or(body);
    let Some(end) = body.find('|') else {
        return false;
    };
    let first = body[..end].trim().trim_matches(['*', '_']).trim();
    !first.is_empty()
        && !first.ends_with('\\')
        && body[end..]
            .bytes()
            .all(|c| c == b'|' || c.is_ascii_whitespace())
        && body[end + 1..].contains('|')
}

impl TableContext {
    /// The context of `table` with what stands `around` it.
    pub fn new(doc: &Document, table: usize, around: &Around, vocab: &Vocab) -> TableContext {
        let mut text = String::new();
        for &b in &around.caption {
            text.push_str(&doc.blocks[b].text);
            text.push('\n');
            // and what its code spans name ("on the `r7i.8xlarge`", "`--dtype bf16`")
            if !doc.blocks[b].code.is_empty() {
                text.push_str(&doc.blocks[b].code);
                text.push('\n');
            }
        }
        // a note that the table does not complete states only how the rows were run, and
        // what they are compared with when it says it compares ("We compare ours with X and Y
        // on …", "Speedups relative to cuBLAS")
        // (a comparison inside a check, "outputs were compared against a dense reference", is
        // the check, not what the rows are compared with)
        let all = vocab.matches(&text);
        let checks: Vec<Range<usize>> = all
            .iter()
            .filter(|(k, _)| *k == Field::Correctness as usize)
            .map(|(_, r)| r.clone())
            .collect();
        // (so is a sentence about a score: "Recall is measured on 10,000 queries, compared
        // with exact f32 search")
        let lower = text.to_ascii_lowercase();
        let mut checks = checks;
        let mut from = 0;
        for part in lower.split_inclusive(['.', '\n']) {
            let sentence = from..from + part.len();
            from = sentence.end;
            let score = words(part).any(|w| {
                SCORE_WORDS.contains(&w)
                    || matches!(w, "recall" | "error" | "err")
                    || w.starts_with("recall@")
            });
            if score && !has_word(part, PERF_NOUNS) && !has_word(part, SPEED_WORDS) {
                checks.push(sentence);
            }
        }
        let in_check = |r: &Range<usize>| checks.iter().any(|c| c.start < r.end && r.start < c.end);
        let mut unchecked = lower;
        for c in &checks {
            unchecked.replace_range(c.start..c.end, &" ".repeat(c.end - c.start));
        }
        let compares = has_word(&unchecked, COMPARING_WORDS);
        let caption_fields: Vec<FieldMatch> = all
            .into_iter()
            .filter(|(k, r)| {
                around.completed
                    || SET_UP.iter().any(|f| *f as usize == *k)
                    // (how the rows were checked: "Cosine similarity to the reference
                    // embeddings is at least 0.999")
                    || *k == Field::Correctness as usize
                    || (compares && *k == Field::Baseline as usize && !in_check(r))
            })
            // ("M2 Ultra over Metal", "MFU counted against the dense BF16 peak")
            .filter(|(k, r)| {
                *k != Field::Baseline as usize || super::bind::compares(&text, r, None)
            })
            // ("so that per-GPU work is unchanged": what the runs kept, no check)
            .filter(|(k, r)| {
                *k != Field::Correctness as usize || !super::bind::speed_unchanged(&text, r)
            })
            .collect();
        let groups = around
            .groups
            .iter()
            .map(|&b| {
                let at = text.len();
                text.push_str(&doc.blocks[b].text);
                text.push('\n');
                let fields = vocab
                    .matches(&text[at..])
                    .into_iter()
                    .filter(|(k, _)| SET_UP.iter().any(|f| *f as usize == *k))
                    .map(|(k, r)| (k, r.start + at..r.end + at))
                    .collect();
                (b, fields)
            })
            .collect();
        let devices: Vec<bool> = doc.tables[table]
            .header
            .iter()
            .map(|h| is_hardware_header(h))
            .collect();
        let header: Vec<(String, Vec<usize>)> = doc.tables[table]
            .header
            .iter()
            .enumerate()
            .map(|(col, h)| {
                let mut fields: Vec<usize> = vocab.matches(h).into_iter().map(|(k, _)| k).collect();
                // a column of a check ("max abs err vs fp64"): the format and the run it names
                // are the reference's, not the row's
                if fields.contains(&(Field::Correctness as usize)) {
                    fields.retain(|&k| {
                        k != Field::Precision as usize && k != Field::Baseline as usize
                    });
                }
                // a column that sets the run up: "Batch Size" over "8", "Seq. len." over "2048"
                if is_workload_header(h) {
                    fields.push(Field::Workload as usize);
                }
                // a column of quality beside the results ("LongBench avg", "RULER-32K",
                // "Accuracy"): the row states what its speed costs in quality
                if is_quality_header(h) {
                    fields.push(Field::Correctness as usize);
                }
                // a column naming the device each row ran on ("| Board |" over "NUCLEO-F446RE",
                // "| Phone |", "| Instance |"): its cell states the row's hardware, whatever
                // the name
                if devices[col] {
                    fields.push(Field::Hardware as usize);
                }
                // a column of a system named with its count of devices ("Atlas-3 (8x)",
                // "Ours (x4)"): its cells ran on those devices
                if device_count_suffix(h) {
                    fields.push(Field::Hardware as usize);
                }
                // a column of bit widths ("Bits" over "4", "wbits", "bpw"): the number format
                // of the row's weights
                if is_bits_header(h) {
                    fields.push(Field::Precision as usize);
                }
                // a column of one system's results over another's ("MI300X / H100")
                if ratio_of_names(h).is_some() {
                    fields.push(Field::Baseline as usize);
                }
                fields.sort_unstable();
                fields.dedup();
                (h.clone(), fields)
            })
            .collect();
        let head: Vec<String> = header.iter().map(|(h, _)| h.to_ascii_lowercase()).collect();
        let share_of = head
            .iter()
            .map(|h| {
                h.split_once("% of ").is_some_and(|(_, of)| {
                    let w = words(of).next().unwrap_or("");
                    // ("% of H100 dense BF16 peak (989)": a share of a peak, named later)
                    !w.is_empty()
                        && !UTILIZATION_WORDS.contains(&w)
                        && !matches!(w, "the" | "theoretical" | "total" | "time" | "all")
                        && !has_word(of, &["peak", "datasheet", "theoretical", "roofline"])
                })
            })
            .collect();
        let spec_header = head.iter().any(|h| {
            let own = own_words(h);
            (has_word(own, SPEC_HEADER_WORDS) || names_spec(own)) && !is_footprint(h)
        }) && !head
            .iter()
            .any(|h| has_word(h, MEASURED_WORDS) || words(h).any(|w| w.starts_with("achiev")));
        let before = head
            .iter()
            .position(|h| has_word(h, &["before", "old", "previous", "prior"]));
        let after = head
            .iter()
            .map(|h| {
                before.is_some()
                    && (has_word(h, &["after", "new", "now"])
                        || has_word(h, CHANGE_COLUMN_WORDS)
                        || h.contains('Δ'))
            })
            .collect();
        // systems side by side: two or more columns that name one, one of them surely
        // (each header once without what its fields name: "TFLOP/s @ 16k" is "TFLOP/s @")
        let unset: Vec<(String, bool)> = header
            .iter()
            .map(|(h, _)| without_fields(h, vocab))
            .collect();
        let named: Vec<Named> = header
            .iter()
            .zip(&unset)
            .enumerate()
            .map(|(col, ((h, _), (rest, side)))| {
                if col > 0 {
                    names_system(h, rest, *side)
                } else {
                    Named::No
                }
            })
            .collect();
        // (columns whose headers differ only in what they ran, "TFLOP/s @ 16k | TFLOP/s @
        // 64k", are set-ups of one system)
        let bare: Vec<String> = unset
            .iter()
            .map(|(rest, _)| {
                words(&rest.to_ascii_lowercase())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        // (not number formats or devices: "W4 g128 | W3 g128" compare their formats)
        let alike = (1..named.len()).any(|a| {
            named[a] > Named::No
                && !unset[a].1
                && !bare[a].is_empty()
                && (a + 1..named.len()).any(|b| named[b] > Named::No && bare[a] == bare[b])
        });
        let mut systems: Vec<bool> = named.iter().map(|&n| n > Named::No).collect();
        // (names written in lower case, "flashinfer | pagedkit", when every column after the
        // first names one)
        let all_maybe = named.len() >= 3
            && named[1..].iter().all(|&n| n == Named::Maybe)
            && header[1..].iter().all(|(h, _)| bare_name(h));
        // (a table of specifications compares devices' datasheets, not results)
        let ratio_sides = ratio_sides(&head);
        // (a column of energy, power or memory beside columns of speed or time measures
        // another thing: "NPU (ms) | NPU energy (mJ/inf)", "1.3.1 | 1.4.0 | Peak RSS, 1.4.0";
        // only the columns that measure what the first one does are set side by side)
        let measure = |h: &str| {
            if has_word(h, &["energy", "power", "watts", "joules", "mj", "j", "w"]) {
                1
            } else if is_footprint(h) || has_word(h, &["rss", "vram", "memory", "mem", "heap"]) {
                2
            } else {
                0
            }
        };
        if let Some(first) = systems.iter().position(|&s| s).map(|k| measure(&head[k])) {
            for (k, s) in systems.iter_mut().enumerate() {
                if *s && measure(&head[k]) != first {
                    *s = false;
                }
            }
        }
        // (systems side by side state their unit alike: beside "TTT (min)", a "Seed" column
        // is no system; "H100 (tok/s) | MI300X (tok/s)" both carry one, and one alone names
        // no comparison)
        // ("RTX 4090 t/s | M4 Pro t/s": the unit last, bare)
        let unit_bracket = |h: &str| {
            h.rsplit_once('(')
                .and_then(|(_, r)| r.split_once(')'))
                .is_some_and(|(u, _)| unit_in(u.trim()).is_some() || time_unit_in(h).is_some())
                || h.split_whitespace()
                    .last()
                    .is_some_and(|u| h.contains(' ') && unit_in(u).is_some())
        };
        let with_unit = (0..systems.len())
            .filter(|&k| systems[k] && unit_bracket(&head[k]))
            .count();
        if with_unit == 1 {
            systems.clear();
        }
        if systems.iter().filter(|&&s| s).count() < 2
            || (!named.contains(&Named::Surely) && !all_maybe)
            || alike
            || spec_header
        {
            systems.clear();
        }
        // columns a ratio column divides ("H100 (tok/s) | MI300X (tok/s) | MI300X / H100"):
        // the two are set side by side, whatever they name
        if systems.is_empty() && !spec_header {
            if let Some((a, b)) = ratio_sides {
                systems = vec![false; head.len()];
                systems[a] = true;
                systems[b] = true;
            } else if let Some(sides) = change_sides(&head) {
                // a change column named by the column it is measured from ("Plain | Lookahead
                // | Change vs plain"): that column and the ones up to the change are set side
                // by side
                systems = vec![false; head.len()];
                for col in sides {
                    systems[col] = true;
                }
            }
        }
        let change = head
            .iter()
            .map(|h| {
                !systems.is_empty()
                    && (has_word(h, CHANGE_COLUMN_WORDS) || has_word(h, SPEEDUP_COLUMN_WORDS))
            })
            .collect();
        // (the first column names the rows: "| Engine | Tokens/s |"; a column of versions
        // beside a model's name is a detail of each row's run)
        // (devices in rows: not in a specification table, whose rows compare no measurement;
        // a column of what each device has, "VRAM", beside columns of speeds a run reaches,
        // "SD1.5 (it/s)", "s/image", leaves the rows results)
        // (and no column sets each row's run apart, "Grid" beside "GPU": a plain list)
        let run_speeds = head
            .iter()
            .any(|h| matches!(unit_in(h), Some((_, false))) || time_unit_in(h).is_some())
            && !head[1..]
                .iter()
                .any(|h| is_workload_header(h) || has_word(h, &["grid", "mesh", "resolution"]));
        let system_rows = ((around.reference_row && around.names >= 1)
            || (around.names >= 2
                && head.first().is_some_and(|h| {
                    has_word(h, SYSTEM_HEADER_WORDS)
                        || (has_word(h, DEVICE_HEADER_WORDS) && (!spec_header || run_speeds))
                        // checkpoints of one model in several number formats ("| Checkpoint |"
                        // over "fp32", "int8 dynamic", "int4 (W4A16)")
                        || has_word(
                            h,
                            &["checkpoint", "checkpoints", "quantization", "quantisation", "dtype"],
                        )
                })))
        .then_some(0);
        TableContext {
            caption: text,
            caption_fields,
            groups,
            header,
            devices,
            share_of,
            spec_header,
            before,
            after,
            change,
            systems,
            system_rows,
        }
    }

    /// The other systems a cell in column `own` of a row is set beside: another system's
    /// column the row fills, or the other rows of a column of systems.
    fn compared(&self, cells: &[(usize, &str)], own: usize) -> Option<String> {
        // (another system's number: the same measurement)
        let number = |v: &str| {
            v.trim()
                .trim_start_matches(['*', '~', '≈', '<', '>'])
                .starts_with(|c: char| c.is_ascii_digit())
        };
        // the change between the systems ("Δ" after "0.9.2 | 0.10.0"): from the first
        if self.change.get(own) == Some(&true) {
            if let Some(first) = (0..cells.len())
                .find(|&col| self.systems.get(col) == Some(&true) && number(cells[col].1))
            {
                return Some(format!(
                    "{}: {}",
                    self.header[first].0,
                    cells[first].1.trim()
                ));
            }
        }
        if self.systems.get(own) == Some(&true) {
            if let Some(other) = (0..cells.len()).find(|&col| {
                col != own && self.systems.get(col) == Some(&true) && number(cells[col].1)
            }) {
                return Some(format!(
                    "{}: {}",
                    self.header[other].0,
                    cells[other].1.trim()
                ));
            }
        }
        let col = self.system_rows.filter(|&col| col != own)?;
        // (the reference row too: "none" is the others' baseline and they are its)
        let name = cells
            .get(col)
            .map(|(_, v)| v.trim())
            .filter(|v| !is_placeholder(v) || is_reference_name(v))?;
        Some(format!(
            "the other rows of {} (this row: {name})",
            self.header[col].0.trim()
        ))
    }

    /// Fills the fields the claims of a body row leave missing from the table's context:
    /// `row` is the row's block, `row_source` its line in the source, `at` the offset in it of
    /// each claim. A header cell that names the field counts where the row fills its column,
    /// the claim's own column first ("FP16 | INT8" over two speeds); else the group row above
    /// the row; else the caption or note above the table.
    pub fn bind(&self, claims: &mut [Claim], row: usize, row_source: &str, at: &[usize]) {
        let group = self
            .groups
            .get(
                self.groups
                    .partition_point(|(b, _)| *b < row)
                    .wrapping_sub(1),
            )
            .map(|(_, fields)| fields);
        let cells = split_cells(row_source);
        let row_measured = || has_word(&row_source.to_ascii_lowercase(), MEASURED_WORDS);
        // cells start in order: the column of an offset by binary search
        let column = |off: usize| cells.partition_point(|(s, _)| *s <= off).checked_sub(1);
        // a header over another column of results names that column's variant ("LightSeq
        // fp16" over its speedups), not this one's
        let mut result_column = vec![false; cells.len()];
        for col in at.iter().filter_map(|&off| column(off)) {
            result_column[col] = true;
        }
        // (a column of ratios against a reference holds results in its reference row too,
        // where "100%" or "1.00x" states none: "Parallel efficiency vs. 16 nodes")
        for (col, (_, v)) in cells.iter().enumerate() {
            // (not a score against a reference: "ROUGE-L vs FP32 reference")
            let ratio_header = self.header.get(col).is_some_and(|(h, _)| {
                let h = h.to_ascii_lowercase();
                has_word(&h, &["vs", "vs.", "versus", "relative", "speedup"])
                    && !is_quality_header(&h)
            });
            if ratio_header
                && v.trim()
                    .trim_matches('*')
                    .starts_with(|c: char| c.is_ascii_digit())
            {
                result_column[col] = true;
            }
        }
        let names = |col: usize, k: usize| {
            self.header
                .get(col)
                .is_some_and(|(_, fields)| fields.contains(&k))
                && cells.get(col).is_some_and(|(_, v)| {
                    !is_placeholder(v)
                        // (a device by name, not a count: "| GPU |" over "4")
                        && (k != Field::Hardware as usize
                            || !self.devices[col]
                            || v.chars().any(char::is_alphabetic))
                })
        };
        // per field, the first column whose header names it for the whole row: one that
        // holds no result ("Baseline" over "cuBLAS"); a header over results, "Speedup vs
        // FA2", names the baseline of its own cells only; found once per row
        let row_column: Vec<Option<usize>> = Field::ALL
            .iter()
            .map(|&f| {
                let k = f as usize;
                (0..cells.len()).find(|&col| names(col, k) && !result_column[col])
            })
            .collect();
        for (c, &off) in claims.iter_mut().zip(at) {
            let own = column(off);
            for f in c.bound.missing() {
                let k = f as usize;
                let share = |col: usize| {
                    f == Field::Baseline
                        && self.share_of.get(col) == Some(&true)
                        && cells.get(col).is_some_and(|(_, v)| !is_placeholder(v))
                };
                // (a change column names what it changes by the column before it: "Δ vs
                // before" after "PS5 (ms)" is the PS5's change)
                let changed = || {
                    let o = own?;
                    let changes = self.header.get(o).is_some_and(|(h, _)| {
                        has_word(&h.to_ascii_lowercase(), CHANGE_COLUMN_WORDS)
                    });
                    (changes && f != Field::Baseline && o > 0 && names(o - 1, k)).then(|| o - 1)
                };
                let col = own
                    .filter(|&col| names(col, k) || share(col))
                    .or_else(changed)
                    .or(row_column[k]);
                // (the value after a change, or the change, against the value before it)
                let before = self.before.filter(|&b| {
                    f == Field::Baseline
                        && own.is_some_and(|o| o != b && self.after.get(o) == Some(&true))
                        && cells.get(b).is_some_and(|(_, v)| !is_placeholder(v))
                });
                let col = col.or(before);
                // a value alone in its cell, beside the same measurement of other systems
                // (another system's column, or another row of a column of systems)
                let alone = || {
                    own.and_then(|o| cells.get(o))
                        .is_some_and(|(_, v)| v.trim().len() <= c.span.len() + SHORT_CELL)
                };
                let beside = (f == Field::Baseline && col.is_none() && alone())
                    .then(|| self.compared(&cells, own?))
                    .flatten();
                let stated = match col {
                    Some(col) => Some(format!("{}: {}", self.header[col].0, cells[col].1.trim())),
                    None if beside.is_some() => beside,
                    None => group
                        .and_then(|g| g.iter().find(|(j, _)| *j == k))
                        .or_else(|| self.caption_fields.iter().find(|(j, _)| *j == k))
                        .map(|(_, r)| shown(&self.caption, f, r.clone()).to_string()),
                };
                c.bound.set_from_table(k, stated);
            }
            // a cell under a column of a specification ("Peak dense BF16 (per GPU)", "Network"
            // in Gbps): what the device has, not a result
            let spec_column = own
                .and_then(|col| self.header.get(col))
                .is_some_and(|(h, _)| {
                    let h = h.to_ascii_lowercase();
                    // (not a share of one: "% of peak", "Share of datasheet")
                    // (nor the memory a run took at its peak: "Peak RSS")
                    // (nor what the column is compared with: "Change vs no spec")
                    (names_spec(own_words(&h))
                        && !has_word(&h, MEASURED_WORDS)
                        && !is_footprint(&h)
                        && !h.contains('%')
                        && !has_word(&h, &["share", "fraction", "of"]))
                        || (has_word(&h, LINK_WORDS) && c.unit.contains("bps"))
                });
            if spec_column && !row_measured() {
                c.capability = true;
            }
            // a row of a specification in a table of systems side by side ("| | AX6 | AX7 |"
            // over "| Memory bandwidth (per GPU) | 3.35 TB/s | 8 TB/s |", "| Dense FP8 | … |",
            // "| Network | 3.2 Tbps | … |"): what each system has
            let spec_row = own.is_some_and(|o| o > 0)
                && self.header.first().is_some_and(|(h, _)| {
                    let h = h.trim().to_ascii_lowercase();
                    h.is_empty() || matches!(h.as_str(), "spec" | "specs" | "specification")
                })
                && self.systems.iter().filter(|&&s| s).count() >= 2
                && cells.first().is_some_and(|(_, label)| {
                    let l = label.trim().trim_matches('*').to_ascii_lowercase();
                    let own_l = own_words(&l);
                    !has_word(&l, MEASURED_WORDS)
                        && !is_footprint(&l)
                        && !l.contains('%')
                        && ((has_word(own_l, SPEC_HEADER_WORDS) || names_spec(own_l))
                            || ((has_word(&l, LINK_WORDS) || has_word(&l, &["bandwidth"])) && {
                                let u = c.unit.to_ascii_lowercase();
                                u.contains("bps") || u.contains("b/s")
                            }))
                });
            if spec_row {
                c.capability = true;
            }
            // a row of a specification table: a device's peak rates, no workload, nothing
            // compared with and nothing measured ("| H100 SXM | 989 TFLOPS | 80 GB |" under
            // "Peak BF16" or "Memory")
            let missing = c.bound.missing();
            if self.spec_header
                && matches!(c.kind, ClaimKind::Rate { peak_unit: true })
                && !missing.contains(&Field::Hardware)
                && missing.contains(&Field::Workload)
                && missing.contains(&Field::Baseline)
                && !row_measured()
            {
                c.capability = true;
            }
        }
    }
}

/// Words of a header or a row label that names a link or a network ("Network", "NVLink
/// bandwidth (per GPU)"): its rate in bits or bytes per second is what the link carries.
const LINK_WORDS: &[&str] = &[
    "network",
    "networking",
    "interconnect",
    "nvlink",
    "infiniband",
    "ethernet",
    "fabric",
];

/// How much longer than its value a cell may be and still hold that value alone ("**1.42x**",
/// "118 (±3)").
const SHORT_CELL: usize = 12;

/// Header words of a column naming the system each row runs: its rows are compared with each
/// other ("| Engine | Tokens/s |").
pub(super) const SYSTEM_HEADER_WORDS: &[&str] = &[
    "system",
    "systems",
    "engine",
    "engines",
    "framework",
    "frameworks",
    "library",
    "libraries",
    "implementation",
    "implementations",
    "impl",
    "method",
    "methods",
    "approach",
    "backend",
    "backends",
    "kernel",
    "kernels",
    "solution",
    "runtime",
    "runtimes",
    "server",
    "variant",
    "variants",
    "version",
    "versions",
    "configuration",
    "config",
    // parallel layouts set side by side: "| Layout | Step time (s) |" over EP8, EP16
    "layout",
    "layouts",
    "technique",
    "strategy",
    "optimization",
    "optimisation",
    "compiler",
    // video encoders and codecs compared row by row ("| Encoder | Speed (fps) |")
    "encoder",
    "encoders",
    "codec",
    "codecs",
    // number formats compared row by row: "| Precision | Tokens/s |" over BF16, FP8, INT4
    // (execution paths: "| Path | Latency (ms) |" over eager, compiled, TensorRT)
    "path",
    "paths",
    // in Chinese: version, method, implementation, scheme, framework, engine, backend
    "版本",
    "方法",
    "实现",
    "方案",
    "框架",
    "引擎",
    "后端",
    "precision",
    "format",
    "formats",
    "dtype",
    "quantization",
    "quantisation",
    "quant",
    // the steps of an ablation, each row adding one ("| Change (cumulative) | Step time |")
    "change",
    "changes",
    "cumulative",
    "ablation",
    // a leaderboard's entries ("| Team | GB/s |")
    "team",
    "teams",
    "submission",
    "submissions",
    // packages compared row by row ("| Crate | 16 B | 4 KiB |" over hashers)
    "crate",
    "crates",
    "package",
    "packages",
    "hasher",
    "hashers",
    "allocator",
    "allocators",
    "parser",
    "parsers",
    // the commits of a bisect, each built and run the same way ("| Commit | Step time (s) |")
    "commit",
    "commits",
    "revision",
    "build",
    "builds",
];

/// Header words of a column naming the device each row ran on: rows of results measured the
/// same way are compared with each other ("| Card | Gaming power (W) |"), rows of a
/// specification are not (not "GPUs", a count).
const DEVICE_HEADER_WORDS: &[&str] = &[
    "device",
    "devices",
    "gpu",
    "card",
    "cards",
    "board",
    "boards",
    "machine",
    "box",
    "rig",
    "hardware",
    "platform",
    "accelerator",
    "phone",
    "phones",
    "soc",
    "instance",
    "instances",
    "chip",
    "cpu",
    "processor",
    "mcu",
];

/// Whether a header names only the device of each row ("Board", "GPU model", "Instance type",
/// "Phone"), not a measurement on it ("GPU util", "CPU time") nor a count ("GPUs").
fn is_hardware_header(header: &str) -> bool {
    let h = header.to_ascii_lowercase();
    let mut any = false;
    for w in words(&h) {
        if DEVICE_HEADER_WORDS.contains(&w) && !w.ends_with('s') {
            any = true;
        } else if !matches!(w, "type" | "model" | "name" | "sku") {
            return false;
        }
    }
    any
}

/// Whether a header closes with a count of devices in brackets ("Atlas-3 (8x)", "Ours (x4)",
/// "Rig B (4×)").
fn device_count_suffix(header: &str) -> bool {
    let Some(inner) = header
        .trim_end()
        .strip_suffix(')')
        .and_then(|h| h.rsplit_once('(').map(|(_, i)| i.trim()))
    else {
        return false;
    };
    let digits = inner
        .strip_suffix(['x', 'X'])
        .or_else(|| inner.strip_suffix('×'))
        .or_else(|| inner.strip_prefix(['x', 'X']))
        .or_else(|| inner.strip_prefix('×'))
        .unwrap_or("")
        .trim();
    !digits.is_empty() && digits.len() <= 4 && digits.bytes().all(|b| b.is_ascii_digit())
}

/// How a header cell names a system the table may set beside others.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Named {
    /// A measurement ("Prefill tok/s", "p99 (ms)") or a set-up ("A100", "Batch 8").
    No,
    /// Some name that is neither ("Ferrite 0.5", "After rollback" once a named system or a
    /// state before is beside it).
    Maybe,
    /// A name as products are written ("vLLM", "SGLang (tok/s)", "TensorRT-LLM FP8",
    /// "llama.cpp", "TGI"), a number format set beside another ("FP16", "INT8"), or the
    /// comparison's own words ("Ours", "Baseline", "Before", "Eager").
    Surely,
}

/// Words of a header naming one side of a comparison.
const COMPARED_SIDE_WORDS: &[&str] = &[
    "ours",
    "mine",
    "baseline",
    "naive",
    "eager",
    "reference",
    "proposed",
    "vanilla",
    "default",
    "stock",
    "before",
    "after",
    "normal",
    "old",
    "new",
    "optimized",
    "optimised",
    "fused",
    "unfused",
    "original",
    "previous",
    "current",
    "patched",
    "unpatched",
    "compiled",
    // a branch against a change ("| main | this PR |") and generations of a design ("Gen 1 |
    // Gen 2")
    "main",
    "master",
    "trunk",
    "pr",
    "gen",
];

/// Words a header of a column of results names its measurement with, not a system.
const METRIC_HEADER_WORDS: &[&str] = &[
    "avg",
    "average",
    "mean",
    "median",
    "max",
    "min",
    "std",
    "total",
    "best",
    "worst",
    "ratio",
    "vs",
    "vs.",
    "versus",
    "relative",
    "rel",
    "per",
    "gpu",
    "gpus",
    "read",
    "write",
    "cold",
    "warm",
    "e2e",
    "end-to-end",
    "step",
    "iter",
    "op",
    "ops",
    "request",
    "requests",
    "token",
    "tokens",
    "first",
    "inter-token",
    "score",
    "note",
    "notes",
    "paper",
    "code",
    "link",
    "date",
    "year",
    "stars",
    "license",
    "description",
    "params",
    "parameters",
    "size",
    "run",
    "runs",
    "forward",
    "backward",
    "fwd",
    "bwd",
    "train",
    "training",
    "inference",
    "small",
    "medium",
    "large",
    "short",
    "long",
    "speed",
    "metric",
    // a run's memory and what else it took: "Index RAM", "Peak RSS", "Build time"
    "memory",
    "mem",
    "ram",
    "rss",
    "vram",
    "hbm",
    "peak",
    "usage",
    "footprint",
    "index",
    "build",
    "disk",
    "value",
    "result",
    "results",
    "gb",
    "mb",
    "kb",
    "tb",
    "gib",
    "mib",
    "kib",
    "tib",
    "w",
    "kw",
    "gbps",
    "tbps",
    "mhz",
    "ghz",
    "type",
    "kwh",
    "wh",
    "mj",
    "j",
    "nodes",
    "node",
    "cores",
    "threads",
    "to",
    "of",
    "at",
    "on",
    "in",
    "the",
    "a",
    "an",
    "with",
    "for",
    "and",
    "or",
    "by",
    "from",
    "no",
];

/// Whether a header's word (lower case) names a measurement, its unit or its statistic.
fn is_metric(l: &str) -> bool {
    PERF_NOUNS.contains(&l)
        || SPEED_WORDS.contains(&l)
        || UTILIZATION_WORDS.contains(&l)
        || SCORE_WORDS.contains(&l)
        || PHASE_NOUNS.contains(&l)
        || LATENCY_CUES.contains(&l)
        || TIME_UNITS.contains(&l)
        || METRIC_HEADER_WORDS.contains(&l)
        || CHANGE_COLUMN_WORDS.contains(&l)
        || unit_in(l).is_some()
}

/// Whether a header is a name and nothing else: words of Latin letters, none a measurement or
/// its unit, the first no number ("flashinfer", "pagedkit"; not "Compile time", "4 streams",
/// "step時間 (ms)").
fn bare_name(header: &str) -> bool {
    let h = header.trim().trim_matches(['*', '_']);
    !h.is_empty()
        && !h.starts_with(|c: char| c.is_ascii_digit())
        && h.split_whitespace().all(|w| {
            w.is_ascii()
                && w.chars().any(|c| c.is_ascii_alphabetic())
                && !is_metric(&w.to_ascii_lowercase())
                && unit_in(&w.to_ascii_lowercase()).is_none()
        })
        // (nor a run's own setting: "Seed", "Rank", "Trial")
        && !matches!(
            h.to_ascii_lowercase().as_str(),
            "seed" | "seeds" | "rank" | "trial" | "run" | "iteration" | "epoch" | "step" | "id"
        )
}

/// A header with what its fields' words name blanked out (a device, a model, a number format;
/// each byte kept in place), and whether it names a number format or a device: a side a
/// table may set beside others ("FP16 | INT8", "H100 (tok/s) | MI300X (tok/s)").
fn without_fields(header: &str, vocab: &Vocab) -> (String, bool) {
    let mut h = header.to_string();
    let mut side = false;
    for (k, r) in vocab.matches(header) {
        side |= k == Field::Precision as usize || k == Field::Hardware as usize;
        h.replace_range(r.clone(), &" ".repeat(r.len()));
    }
    (h, side)
}

/// How a header cell names a system, given the header without its fields' words (`h`, from
/// `without_fields`) and whether those named a number format or a device (`side`).
fn names_system(header: &str, h: &str, side: bool) -> Named {
    let lower = h.to_ascii_lowercase();
    let whole = header.to_ascii_lowercase();
    // (a column of ratios, prices or scores: "Parallel efficiency vs. 16 nodes", "On-demand
    // ($/hr)", "ROUGE-L vs FP32 reference")
    if whole.contains(['%', 'Δ', '$', '€', '¥'])
        || has_word(
            &whole,
            &[
                "vs", "vs.", "versus", "relative", "speedup", "ratio", "price", "cost",
            ],
        )
        || is_quality_header(&whole)
        || is_workload_header(&lower)
        // (a column of the rows' number formats: "Quant", "Format", "dtype")
        || (!side
            && has_word(
                &whole,
                &[
                    "quant",
                    "quantization",
                    "quantisation",
                    "format",
                    "dtype",
                    "precision",
                    "bits",
                ],
            ))
    {
        return Named::No;
    }
    // a release named with its number: "Rook 118 | Rook 124", "7.2 | 7.3"
    if super::text::is_version_header(&whole) {
        return Named::Surely;
    }
    let judge = |w: &str| {
        // ("Avg." is "avg")
        let w = w.trim_matches('.');
        // a release ("0.9.2 (tok/s) | 0.10.0 (tok/s)", "v1.4")
        let v = w.strip_prefix(['v', 'V']).unwrap_or(w);
        if v.contains('.')
            && v.len() <= 10
            && v.starts_with(|c: char| c.is_ascii_digit())
            && v.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        {
            return Named::Surely;
        }
        // a leaderboard's place beside one's own ("Mine (µs) | #1 (µs)")
        if w.len() >= 2 && w.starts_with('#') && w[1..].bytes().all(|b| b.is_ascii_digit()) {
            return Named::Maybe;
        }
        if is_metric(&w.to_ascii_lowercase()) || !w.chars().any(char::is_alphabetic) {
            return Named::No;
        }
        let first = w.chars().next().unwrap_or(' ');
        let upper = w.bytes().filter(u8::is_ascii_uppercase).count();
        // "vLLM", "cuBLAS", "SGLang", "PyTorch"
        let camel = (upper >= 2 && w.bytes().any(|b| b.is_ascii_lowercase()))
            || w.as_bytes()
                .windows(2)
                .any(|p| p[0].is_ascii_lowercase() && p[1].is_ascii_uppercase());
        // "TGI", "ORT", "FA2"
        let acronym = w.len() >= 3
            && w.bytes()
                .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit());
        // "llama.cpp", "TensorRT-LLM"
        let dotted = w.contains('.') && first.is_alphabetic();
        // (not "On-demand")
        let hyphened = first.is_ascii_uppercase()
            && w.split_once('-').is_some_and(|(_, b)| {
                b.starts_with(|c: char| c.is_ascii_uppercase() || c.is_ascii_digit())
            });
        // (not header words run together: "Peak<br>Bandwidth" reads "PeakBandwidth")
        let mut parts = Vec::new();
        let mut from = 0;
        for (i, c) in w.char_indices().skip(1) {
            if c.is_ascii_uppercase() && w[..i].ends_with(|p: char| p.is_ascii_lowercase()) {
                parts.push(&w[from..i]);
                from = i;
            }
        }
        parts.push(&w[from..]);
        if parts.len() > 1 && parts.iter().any(|p| is_metric(&p.to_ascii_lowercase())) {
            return Named::No;
        }
        if camel
            || acronym
            || dotted
            || hyphened
            || COMPARED_SIDE_WORDS.contains(&w.to_ascii_lowercase().as_str())
        {
            Named::Surely
        } else {
            Named::Maybe
        }
    };
    // the header's words, as written, but those a field's match covers whole ("FP16",
    // "A100"; not "llama.cpp", where a model's name is part of the tool's)
    let covered = |at: usize, w: &str| h[at..at + w.len()].trim().is_empty();
    let mut named = Named::No;
    let mut at = 0;
    for w in header.split_inclusive(|c: char| {
        c.is_whitespace() || matches!(c, '(' | ')' | '[' | ']' | ',' | '*' | '_' | '`' | ':' | '@')
    }) {
        let start = at;
        at += w.len();
        let w = w.trim_end_matches(|c: char| {
            c.is_whitespace()
                || matches!(c, '(' | ')' | '[' | ']' | ',' | '*' | '_' | '`' | ':' | '@')
        });
        if !w.is_empty() && !covered(start, w) {
            named = named.max(judge(w));
        }
    }
    // ("FP16 | INT8" over two speeds of one model: the formats compared; "H100 (tok/s) |
    // MI300X (tok/s)": the devices, with the unit in brackets)
    // ("RTX 4090 t/s | M4 Pro t/s": the unit after the device, bare)
    let only_unit = {
        let bare = lower.trim();
        let u = bare
            .strip_prefix('(')
            .and_then(|r| r.strip_suffix(')'))
            .unwrap_or(bare)
            .trim();
        !u.is_empty() && !u.contains(' ') && (unit_in(u).is_some() || TIME_UNITS.contains(&u))
    };
    // (a device with what it is, "M1 Max (32c GPU)", "M2 Ultra, 76-core": the device; a
    // bracket that names no unit only describes it)
    let described = {
        let mut out = String::new();
        let mut rest = lower.as_str();
        while let Some((a, b)) = rest.split_once('(') {
            out.push_str(a);
            let Some((inside, after)) = b.split_once(')') else {
                out.push('(');
                rest = b;
                continue;
            };
            if unit_in(inside).is_some() || time_unit_in(&format!("({inside})")).is_some() {
                out.push('(');
                out.push_str(inside);
                out.push(')');
            }
            rest = after;
        }
        out.push_str(rest);
        out
    };
    if side
        && (named == Named::No || (named == Named::Maybe && described.len() < lower.len()))
        && ((!has_word(&described, METRIC_HEADER_WORDS) && unit_in(&described).is_none())
            || only_unit)
    {
        return Named::Surely;
    }
    named
}

/// The two names a header divides one by the other ("MI300X / H100", "ours / cuBLAS"): words
/// that name no measurement or unit, each with a capital or a digit (not "TFLOPs / GPU").
fn ratio_of_names(header: &str) -> Option<(String, String)> {
    let (a, b) = header.split_once(" / ")?;
    let name = |s: &str| {
        let s = s.trim().trim_matches(['*', '_']);
        (!s.is_empty()
            && s.chars()
                .any(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
            && s.split_whitespace().all(|w| {
                !is_metric(&w.to_ascii_lowercase()) && unit_in(&w.to_ascii_lowercase()).is_none()
            }))
        .then(|| s.to_ascii_lowercase())
    };
    Some((name(a)?, name(b)?))
}

/// The two other columns a ratio column divides, by the names their headers start with.
fn ratio_sides(head: &[String]) -> Option<(usize, usize)> {
    head.iter().find_map(|h| {
        let (a, b) = ratio_of_names(h)?;
        let col = |n: &str| {
            head.iter().position(|o| {
                o != h && (o.trim() == n || o.trim_start().starts_with(&format!("{n} ")))
            })
        };
        let (ca, cb) = (col(&a)?, col(&b)?);
        (ca != cb).then_some((ca, cb))
    })
}

/// Header words of a speedup column, a change between the columns before it ("| main (µs) |
/// this PR (µs) | Speedup |").
const SPEEDUP_COLUMN_WORDS: &[&str] = &["speedup", "speed-up"];

/// The columns a change column is measured between, by the name after its "vs": "Change vs
/// plain" after "Plain decoding | Lookahead": the named column and those after it up to the
/// change. A word of the name may be cut short ("no spec" for "No speculation").
fn change_sides(head: &[String]) -> Option<Vec<usize>> {
    // (the first columns only: a header of thousands of change columns costs no more than a
    // real table's)
    head.iter().enumerate().take(64).find_map(|(change, h)| {
        // ("| main (µs) | this PR (µs) | Speedup |": a speedup is a change too)
        let speedup = !has_word(h, CHANGE_COLUMN_WORDS) && !h.contains('Δ');
        if speedup && !has_word(h, SPEEDUP_COLUMN_WORDS) {
            return None;
        }
        let named: Vec<&str> = words(compared_words(h)).collect();
        if named.is_empty() {
            // "| Model | Cold cache | Warm cache | Reduction |", "| Metric | G6e | G7e | Change
            // |": a change after two columns of the same measure compares them
            let bracket = |h: &str| {
                h.split_once('(')
                    .and_then(|(_, r)| r.split_once(')'))
                    .map(|(u, _)| u.trim().to_string())
            };
            // (the two columns right before the change, after the row's label)
            let (a, b) = (change.checked_sub(2).filter(|&a| a >= 1)?, change - 1);
            // (further right, the headers must name their measure: "main (µs) | this PR
            // (µs)", not "Params | Dataset")
            let same_measure = unit_in(&head[a]) == unit_in(&head[b])
                && bracket(&head[a]) == bracket(&head[b])
                && ((a == 1 && !speedup)
                    || bracket(&head[a]).is_some()
                    || unit_in(&head[a]).is_some());
            return same_measure.then(|| vec![a, b]);
        }
        let reference = (1..change).find(|&col| {
            let own: Vec<&str> = words(&head[col]).collect();
            own.len() >= named.len()
                && named
                    .iter()
                    .zip(&own)
                    .all(|(n, o)| o.starts_with(n) && (n.len() >= 2 || n == o))
        })?;
        (reference + 1 < change).then(|| (reference..change).collect())
    })
}

/// Whether a row's first cell names the run without what the table measures: "none" under
/// "Draft", "Baseline", "No cache", "without fusion", "off".
fn is_reference_name(cell: &str) -> bool {
    let c = cell
        .trim()
        .trim_matches(['*', '_', '`'])
        .to_ascii_lowercase();
    matches!(
        c.as_str(),
        "none" | "baseline" | "off" | "disabled" | "vanilla" | "no" | "(none)"
    ) || c.starts_with("no ")
        || c.starts_with("without ")
        || c.starts_with("baseline ")
        || c.starts_with("baseline (")
}

/// Whether a cell holds no value: empty, a dash, "N/A", a question mark.
fn is_placeholder(cell: &str) -> bool {
    let c = cell.trim().trim_matches('*');
    c.is_empty()
        || matches!(
            c.to_ascii_lowercase().as_str(),
            "-" | "--" | "–" | "—" | "n/a" | "na" | "?" | "none" | "x" | "✗" | "❌" | "tbd"
                | "unchecked" | "untested" | "skipped"
        )
        // ("not checked", "not measured": a check said not done)
        || c.to_ascii_lowercase().starts_with("not ")
}

/// The cells of a table row's source line with where each starts: split at `|` outside code
/// spans and not escaped, the outer pipes dropped.
pub(super) fn split_cells(line: &str) -> Vec<(usize, &str)> {
    if line.trim_start().starts_with('<') {
        return html_cells(line);
    }
    let lead = line.len() - line.trim_start().len();
    let body = line.trim();
    let (skip, body) = match body.strip_prefix('|') {
        Some(b) => (lead + 1, b),
        None => (lead, body),
    };
    let mut cells = Vec::new();
    let (mut start, mut code, mut escaped) = (0, false, false);
    for (i, ch) in body.char_indices() {
        match ch {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '`' => code = !code,
            '|' if !code => {
                cells.push((skip + start, &body[start..i]));
                start = i + 1;
            }
            _ => {}
        }
    }
    let last = &body[start..];
    if !last.trim().is_empty() {
        cells.push((skip + start, last));
    }
    cells
}

/// The cells of an HTML table row's source (`<tr><td>a</td><th>b</th></tr>`) with where each
/// starts: each cell's content between its start tag and the next cell or the row's end,
/// without the tags that open or close it (`<b>12.3</b>` is `12.3`).
fn html_cells(row: &str) -> Vec<(usize, &str)> {
    let lower = row.to_ascii_lowercase();
    let is_cell = |at: usize| {
        ["<td", "<th"].iter().any(|t| {
            lower[at..].starts_with(t)
                && lower[at + 3..]
                    .bytes()
                    .next()
                    .is_some_and(|c| c == b'>' || c == b'/' || c.is_ascii_whitespace())
        })
    };
    let starts: Vec<usize> = lower
        .match_indices('<')
        .map(|(at, _)| at)
        .filter(|&at| is_cell(at))
        .collect();
    let mut out = Vec::with_capacity(starts.len());
    for (k, &at) in starts.iter().enumerate() {
        let Some(open) = lower[at..].find('>').map(|p| at + p + 1) else {
            break;
        };
        let next = starts.get(k + 1).copied().unwrap_or(row.len());
        let mut end = ["</td", "</th", "</tr"]
            .iter()
            .filter_map(|t| lower.get(open..next)?.find(t).map(|p| open + p))
            .min()
            .unwrap_or(next)
            .max(open);
        let mut start = open;
        // the tags around the content (`<b>`, `</strong>`), and the space beside them
        loop {
            let inner = &row[start..end];
            let trimmed = inner.trim_start();
            if trimmed.starts_with('<') {
                if let Some(p) = trimmed.find('>') {
                    start += inner.len() - trimmed.len() + p + 1;
                    continue;
                }
            }
            break;
        }
        loop {
            let inner = &row[start..end];
            let trimmed = inner.trim_end();
            if trimmed.ends_with('>') {
                if let Some(p) = trimmed.rfind('<') {
                    end = start + p;
                    continue;
                }
            }
            break;
        }
        let lead = row[start..end].len() - row[start..end].trim_start().len();
        out.push((start + lead, row[start + lead..end].trim_end()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_of_a_row() {
        let texts = |l: &str| -> Vec<String> {
            split_cells(l)
                .into_iter()
                .map(|(_, c)| c.to_string())
                .collect()
        };
        assert_eq!(
            texts("| a | `x|y` | b\\|c | - |"),
            [" a ", " `x|y` ", " b\\|c ", " - "]
        );
        assert_eq!(texts("a | b"), ["a ", " b"]);
        assert_eq!(split_cells("| a | b |")[1], (5, " b "));
        assert!(is_placeholder(" - "));
        assert!(is_placeholder(" N/A "));
        assert!(!is_placeholder(" 6.45 "));
        assert!(is_group_row("| **A100 80GB** | | |"));
        assert!(is_group_row("| OPUS-MT model |  |  |  |"));
        assert!(!is_group_row("| ... | ... | ... |"));
        assert!(!is_group_row("| A100 | 312 | |"));
        assert!(!is_group_row("| A100 |"));
        assert_eq!(
            split_cells("<tr><td>A100</td><th align=\"right\"> <b>12.5</b> </th><td></td></tr>"),
            [(8, "A100"), (39, "12.5"), (57, "")]
        );
        assert!(is_group_row("<tr><td colspan=\"3\"><b>H100</b></td></tr>"));
        assert!(is_group_row("<tr><td>H100</td><td></td></tr>"));
        assert!(!is_group_row("<tr><td>H100</td><td>1.2</td></tr>"));
        assert!(!is_group_row("<tr><td>H100</td></tr>"));
        assert!(is_workload_header("Seq. len."));
        assert!(!is_workload_header("Prefill tokens/s"));
    }
}
