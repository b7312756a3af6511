//! Performance-claim rules: every number that claims performance states its hardware,
//! workload, precision, baseline and correctness method (`perf/missing-context`), a vendor's
//! peak rate is not passed off as a measurement (`perf/vendor-peak`), and no number is above
//! what the hardware it names can deliver (`perf/exceeds-peak`, in `peak`).
//!
//! Once per file (`Context::claims`): `claims` finds the claims of each block (`forms` tells
//! which numbers are claims, `hedges` which ones a hedge, a goal or a setting makes no result,
//! `text` reads clauses and sentences, `words` holds the fixed words, `cjk` the units and cues of
//! claims written in Chinese), `vocab` compiles the policy's `[perf]` vocabularies for the file's claim blocks, and
//! `bind` binds each claim's fields (`fields`: the five fields and what was found for a claim);
//! a table row then takes what it leaves unstated from its table's header cells, the group
//! row above it and the caption or note above the table (`table`). A table cell's bare number is a claim when its column's
//! header gives its unit or the heading above the table its kind (`cells`).
//! `peak` judges rates and shares against the device table (`peak_words` reads the words
//! around them), once per file too (`Context::peaks`).

pub mod bind;
mod cells;
mod cjk;
pub mod claims;
pub mod fenced;
pub mod fields;
mod forms;
mod hedges;
pub mod peak;
mod peak_words;
mod table;
mod text;
mod title;
mod unit_index;
pub mod vocab;
mod words;

use super::Context;
use crate::document::{Block, BlockKind};
use crate::finding::{Finding, Rule, Severity};
use claims::{find_claims, Claim, ClaimKind};
use fields::{describe, help_for, Field};
use serde_json::json;

pub static MISSING_CONTEXT: Rule = Rule {
    name: "perf/missing-context",
    severity: Severity::Error,
    summary: "a performance number lacks one or more of hardware, workload, precision, baseline, correctness method",
    explanation: include_str!("../../../docs/rules/perf-missing-context.md"),
    online: false,
    fixable: false,
};

pub static VENDOR_PEAK: Rule = Rule {
    name: "perf/vendor-peak",
    severity: Severity::Error,
    summary: "a peak-rate number (FLOP/s, bandwidth) in a hardware section stated as a capability, or in any section a measurement equal to the named device's datasheet peak",
    explanation: include_str!("../../../docs/rules/perf-vendor-peak.md"),
    online: false,
    fixable: false,
};

/// Whether a block's text can hold a claim at all: a digit, or a phrase claim's word
/// ("magnitude", "times", "twice", in any ASCII case).
fn may_hold_claim(text: &str) -> bool {
    let b = text.as_bytes();
    // a digit: 16 bytes a step without an early exit inside a step, so that it is vectorised
    // (most blocks are scanned to the end: this runs on every block of a file)
    let mut chunks = b.chunks_exact(16);
    let digit = |c: &u8| c.is_ascii_digit();
    if chunks
        .by_ref()
        .any(|ch| ch.iter().fold(false, |any, c| any | digit(c)))
        || chunks.remainder().iter().any(digit)
    {
        return true;
    }
    // a word: each holds an `i` (either case) at a known place, around which it is compared
    memchr::memchr2_iter(b'i', b'I', b).any(|i| {
        [(&b"magnitude"[..], 4), (b"times", 1), (b"twice", 2)]
            .iter()
            .any(|&(word, at)| {
                i.checked_sub(at)
                    .and_then(|start| b.get(start..start + word.len()))
                    .is_some_and(|w| w.eq_ignore_ascii_case(word))
            })
    })
}

/// Whether the claims of a section are judged: not the contents list, and not an exempt
/// section (licence, acknowledgements…) unless it holds release notes, whose "15% faster
/// decode" is a claim like any other (the source rules still skip a changelog's links).
pub(crate) fn judged(cx: &Context, section: usize) -> bool {
    let scope = cx.scopes[section];
    !scope.contents
        && (!scope.exempt
            || cx.doc.ancestors(section).any(|s| {
                let t = cx.doc.sections[s]
                    .title
                    .trim_start_matches(|c: char| !c.is_alphanumeric())
                    .to_ascii_lowercase();
                [
                    "changelog",
                    "change log",
                    "release notes",
                    "what's new",
                    "what’s new",
                ]
                .iter()
                .any(|w| t.starts_with(w))
            }))
}

/// Whether a section's title says it lists goals or plans ("Targets for Q3", "Goals",
/// "Roadmap", "Next steps"): the numbers of its items and rows are aims, not results.
fn planned(title: &str) -> bool {
    let t = title
        .trim_start_matches(|c: char| !c.is_alphanumeric())
        .to_ascii_lowercase();
    let first = t.split(|c: char| !c.is_alphanumeric()).next().unwrap_or("");
    matches!(
        first,
        "target"
            | "targets"
            | "goal"
            | "goals"
            | "roadmap"
            | "plan"
            | "plans"
            | "planned"
            | "todo"
            | "objectives"
            | "wishlist"
    ) || t.starts_with("next steps")
        || t.starts_with("future work")
}

/// Whether a section's title names a specification ("Specifications", "Tech specs", "Spec
/// sheet", "Hardware specifications"): the rows of its tables are datasheet figures.
fn specified(title: &str) -> bool {
    let t = title
        .trim_start_matches(|c: char| !c.is_alphabetic())
        .to_lowercase();
    let ws: Vec<&str> = t
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    // the title is the specifications, perhaps of something ("Tech specs", "Hardware
    // specifications"), not a section about them ("Specification tables")
    let spec = |w: &str| {
        matches!(
            w,
            "specifications"
                | "specs"
                | "datasheet"
                | "especificaciones"
                | "especificações"
                | "spécifications"
        )
    };
    matches!(ws[..], [w] | [_, w] if spec(w))
        || ws.first().is_some_and(|w| spec(w))
        || t.starts_with("spec sheet")
        || t.starts_with("technische daten")
        || t.contains("规格")
}

/// The claims of every judged block (items, paragraphs and table rows of the sections
/// `judged` names): (block index, its claims), blocks without claims left out.
pub(crate) fn find_all(cx: &Context) -> Vec<(usize, Vec<Claim>)> {
    let policy = &cx.policy.perf;
    // Blocks with a claim when every device and precision check says no: a superset of the
    // blocks with claims, whose text is all the vocabularies are compiled for.
    let never = |_: vocab::Vocabulary, _: &str| false;
    // the bare numbers of table cells whose unit or kind the header or heading gives
    let cells = cells::TableCells::new(cx.doc, cx.text(), policy);
    let row_cells = |b: &Block| {
        (b.kind == BlockKind::TableRow)
            .then(|| table::table_at(cx.doc, b.span.start))
            .flatten()
            .filter(|&t| cells.any(t))
    };
    let candidates: Vec<usize> = cx
        .doc
        .blocks
        .iter()
        .enumerate()
        .filter(|(_, b)| {
            matches!(
                b.kind,
                BlockKind::Item
                    | BlockKind::Paragraph
                    | BlockKind::TableRow
                    | BlockKind::Html
                    | BlockKind::Heading
            ) && judged(cx, b.section)
                // the items and rows of a list of goals are aims (a reply after them is not)
                && !(matches!(b.kind, BlockKind::Item | BlockKind::TableRow)
                    && planned(&cx.doc.sections[b.section].title))
                // the rows of a table of specifications are datasheet figures (under a title
                // that says so, or a first column headed "Specification")
                && !(b.kind == BlockKind::TableRow
                    && (specified(&cx.doc.sections[b.section].title)
                        || table::table_at(cx.doc, b.span.start).is_some_and(|t| {
                            cx.doc.tables[t].header.first().is_some_and(|h| {
                                matches!(
                                    h.trim().to_lowercase().as_str(),
                                    "specification" | "specifications" | "spec" | "specs"
                                )
                            })
                        })))
                // a row of a table of settings states no result
                && (b.kind != BlockKind::TableRow
                    || !table::table_at(cx.doc, b.span.start).is_some_and(|t| cells.of_settings(t)))
                && ((may_hold_claim(&b.text) && !find_claims(&b.text, &never).is_empty())
                    || row_cells(b).is_some()
                    || (b.kind == BlockKind::Item
                        && claims::listed_footprint(&b.text).is_some()
                        && hedges::under_footprint_lead(cx.text(), b.span.start)))
        })
        .map(|(i, _)| i)
        // then the lines of results pasted in code blocks (`fenced`), past the blocks
        .chain((0..cx.result_lines().len()).map(|j| cx.doc.blocks.len() + j))
        .collect();
    if candidates.is_empty() {
        return Vec::new();
    }
    let line_of = |i: usize| {
        i.checked_sub(cx.doc.blocks.len())
            .map(|j| &cx.result_lines()[j])
    };
    // Each body row's table with what stands around it (the caption or notes above it, its
    // group rows), found once per table.
    let mut tables: Vec<(usize, table::Around)> = Vec::new();
    let row_table: Vec<Option<usize>> = candidates
        .iter()
        .map(|&i| {
            let b = cx.claim_block(i);
            if b.kind != BlockKind::TableRow {
                return None;
            }
            let t = table::table_at(cx.doc, b.span.start)?;
            if tables.last().is_none_or(|(last, _)| *last != t) {
                tables.push((t, table::around(cx.doc, cx.text(), t, i)));
            }
            Some(tables.len() - 1)
        })
        .collect();
    // the bold title line above a list of notes, per candidate item
    // (asked in order, each answer given to the next walk)
    // (or the entry's item a note is nested in: "- **Paper** [[paper]](…)" over "  - 2.1x …")
    let nested = title::nested_notes(cx.doc);
    let nested_in = |i: usize| {
        let g = nested.partition_point(|(_, r)| r.end <= i);
        nested
            .get(g)
            .filter(|(p, r)| r.contains(&i) && i != *p)
            .map(|(p, _)| *p)
    };
    let mut known = None;
    let titles: Vec<Option<usize>> = candidates
        .iter()
        .map(|&i| {
            if let Some(p) = nested_in(i) {
                return Some(p);
            }
            let title = (i < cx.doc.blocks.len())
                .then(|| title::title_above(cx.doc, cx.text(), i, known))
                .flatten();
            if i < cx.doc.blocks.len() && cx.doc.blocks[i].kind == BlockKind::Item {
                known = Some((i, title));
            }
            title
        })
        .collect();
    // the items of each entry under a title, which share what they state (titles come in
    // order: each entry once)
    let mut entries: Vec<(usize, std::ops::Range<usize>)> = Vec::new();
    for &t in titles.iter().flatten() {
        if entries.last().is_none_or(|(u, _)| *u != t) {
            let items = match nested.binary_search_by_key(&t, |(p, _)| *p) {
                Ok(g) => nested[g].1.clone(),
                Err(_) => title::items_under(cx.doc, cx.text(), t),
            };
            entries.push((t, items));
        }
    }
    let mut within = String::new();
    for (_, items) in &entries {
        for k in items.clone() {
            within.push_str(&cx.doc.blocks[k].text.to_ascii_lowercase());
            within.push('\n');
        }
    }
    for &i in &candidates {
        let b = cx.claim_block(i);
        within.push_str(&b.text.to_ascii_lowercase());
        within.push('\n');
        within.push_str(&b.code.to_ascii_lowercase());
        within.push('\n');
    }
    for &t in titles.iter().flatten() {
        within.push_str(&cx.doc.blocks[t].text.to_ascii_lowercase());
        within.push('\n');
    }
    // what a results block's lead-in and header line state for its lines
    let mut last_code = None;
    for line in cx.result_lines() {
        if last_code != Some(line.code) {
            last_code = Some(line.code);
            within.push_str(&cx.doc.blocks[line.lead].text.to_ascii_lowercase());
            within.push('\n');
            for r in line.header.iter().chain(&line.command) {
                within.push_str(&cx.text()[r.clone()].to_ascii_lowercase());
                within.push('\n');
            }
        }
    }
    for (t, around) in &tables {
        for b in around.blocks() {
            within.push_str(&cx.doc.blocks[b].text.to_ascii_lowercase());
            within.push('\n');
            within.push_str(&cx.doc.blocks[b].code.to_ascii_lowercase());
            within.push('\n');
        }
        for h in &cx.doc.tables[*t].header {
            within.push_str(&h.to_ascii_lowercase());
            within.push('\n');
        }
    }
    let vocab = vocab::Vocab::for_texts(policy, &within);
    let states = |v: vocab::Vocabulary, s: &str| vocab.has(v, s);
    let mut contexts: Vec<Option<table::TableContext>> = tables.iter().map(|_| None).collect();
    let mut found: Vec<(usize, Vec<Claim>)> = candidates
        .iter()
        .copied()
        .zip(row_table)
        .zip(titles.iter().copied())
        .filter_map(|((i, row), title)| {
            let block = cx.claim_block(i);
            // the first row of its table: a Markdown table's header row names columns
            // ("TFLOPS @ 32k | TFLOPS @ 128k"), no result; an HTML table's may hold values
            // (`<tr><td>Throughput</td>…`), with no header above them
            let first_row = row.is_some_and(|k| {
                let start = cx.doc.tables[tables[k].0].span.start;
                cx.doc.blocks[..i]
                    .last()
                    .is_none_or(|p| p.kind != BlockKind::TableRow || p.span.start < start)
            });
            let html = cx.text()[block.span.clone()].trim_start().starts_with('<');
            if first_row && !html {
                return None;
            }
            let text = &block.text;
            let mut claims = claims::find_claims_in(text, &states, row.is_some());
            // an item of a list of targets ("Agreed targets for Q3:" over "- decode ≥ 2,600
            // tok/s at batch 64"): a plan, not a result
            if !claims.is_empty()
                && block.kind == BlockKind::Item
                && hedges::under_plan_lead(cx.text(), block.span.start)
            {
                return None;
            }
            // an item of a list of footprints ("Resident memory after instantiating the
            // module:" over "- wasm3: 12 MB"): the memory that run kept
            if block.kind == BlockKind::Item
                && !claims.iter().any(|c| c.kind == ClaimKind::Saving)
                && hedges::under_footprint_lead(cx.text(), block.span.start)
            {
                if let Some(c) = claims::listed_footprint(text) {
                    if !claims
                        .iter()
                        .any(|o| o.span.start < c.span.end && c.span.start < o.span.end)
                    {
                        claims.push(c);
                        claims.sort_by_key(|c| c.span.start);
                    }
                }
            }
            if let Some(line) = line_of(i) {
                // a line of results, unless its lead-in expects or supposes them ("We expect
                // the following speedups:"); a bare time after a lead-in that announces times,
                // the set-up stated by the block's header line and its lead-in
                let lead = &cx.doc.blocks[line.lead].text;
                if states(
                    vocab::Vocabulary::Hypothetical,
                    &fenced::without_asides(&fenced::last_sentence(lead)),
                ) {
                    return None;
                }
                if line.times {
                    let times = fenced::bare_times(text, &claims);
                    claims.extend(times);
                    if let Some(unit) = line.time_unit {
                        claims.extend(fenced::trailing_time(text, &claims, unit));
                    }
                }
                claims.extend(fenced::labelled_value(text, &claims));
                let section = fenced::section_line(cx.text(), block.span.start);
                claims.extend(fenced::section_values(text, section, &claims));
                let header = line.header.clone().map_or("", |h| &cx.text()[h]);
                let names = line.names.clone().map_or(header, |n| &cx.text()[n]);
                claims.extend(fenced::column_values(names, text, &claims, line.lead_kind));
                claims.extend(fenced::matrix_values(header, names, text, &claims));
                claims.extend(fenced::json_values(text, &claims));
                // (the builds its columns set side by side: "0.6.1 tok/s  0.6.2 tok/s")
                let builds = fenced::compared_columns(names).filter(|_| claims.len() >= 2);
                let compared = fenced::benchstat_times(names, text, &claims);
                let benchstat = !compared.is_empty();
                claims.extend(compared);
                claims.sort_by_key(|c| c.span.start);
                fenced::signed_changes(text, &mut claims);
                fenced::wrk_report(text, &mut claims);
                fenced::log_timestamp(text, &mut claims);
                // in order, and no two claims on the same text (each step above looks for its
                // own kind of value; the first claim on a piece of text keeps it)
                claims.sort_by_key(|c| c.span.start);
                claims.dedup_by(|later, kept| later.span.start < kept.span.end);
                let changes = fenced::intervals(text, &mut claims);
                fenced::cpu_column(header, text, &mut claims);
                bind::bind(text, &mut claims, &vocab);
                if let Some(p) = line.parent.clone() {
                    fenced::bind_context(&mut claims, &cx.text()[p], "", &vocab);
                }
                if let Some(b) = &builds {
                    for c in claims.iter_mut() {
                        c.bound.fill(fields::Field::Baseline, b);
                    }
                }
                // (or its lines, a build each: "mesa 24.0.8 …" over "mesa 24.1.0 …"; or a
                // system each: "pandas read …" over "polars read …" over "cudf read …")
                if let Some(b) = fenced::row_builds(cx.text(), cx.result_lines(), line)
                    .or_else(|| fenced::row_systems(cx.text(), cx.result_lines(), line))
                    .or_else(|| fenced::baseline_line(cx.text(), cx.result_lines(), line))
                {
                    for c in claims.iter_mut() {
                        c.bound.fill(fields::Field::Baseline, &b);
                    }
                }
                // (a heading over the block names it and states nothing for its lines: "##
                // Baseline: pandas" over what that run printed)
                let lead = if cx.doc.blocks[line.lead].kind == BlockKind::Heading {
                    ""
                } else {
                    lead
                };
                fenced::bind_context(&mut claims, header, lead, &vocab);
                // the block's own check line ("Solution Validates: …")
                if let Some(r) = line.check.clone() {
                    let check = cx.text()[r].trim();
                    let check = check.split(':').next().unwrap_or(check);
                    for c in claims.iter_mut() {
                        c.bound.fill(fields::Field::Correctness, check);
                    }
                }
                // what the command that printed the block ran ("--model … --dtype bf16")
                if let Some(c) = line.command.clone() {
                    fenced::bind_command(&mut claims, &cx.text()[c], &vocab);
                }
                // a benchmark named with its size ("dot/f32/768", "topk/f32/768/100k"), on
                // its line or the one it continues, is the workload
                let name = line.parent.clone().map_or_else(
                    || text.split_whitespace().next().unwrap_or(""),
                    |p| &cx.text()[p],
                );
                if fenced::sized_name(name) {
                    for c in claims.iter_mut() {
                        c.bound.fill(fields::Field::Workload, name);
                    }
                }
                if let Some(w) = fenced::keyed_workload(text) {
                    for c in claims.iter_mut() {
                        c.bound.fill(fields::Field::Workload, w);
                    }
                }
                // nccl-tests' "#wrong" column, the last: each line reports the check of its
                // results (not "N/A", printed when the check is off, nor a summary line)
                let wrong_count = text
                    .split_whitespace()
                    .last()
                    .is_some_and(|w| w.bytes().all(|b| b.is_ascii_digit()));
                if wrong_count
                    && (header.split_whitespace().any(|w| w == "#wrong")
                        || names.split_whitespace().any(|w| w == "#wrong"))
                {
                    for c in claims.iter_mut() {
                        c.bound.fill(fields::Field::Correctness, "#wrong");
                    }
                }
                // nccl-tests' "type" column names the data type each line reduced ("float",
                // "half", "bfloat16"): its precision
                if names.split_whitespace().any(|w| w == "busbw") {
                    if let Some(k) = names
                        .trim_start_matches('#')
                        .split_whitespace()
                        .position(|w| w == "type")
                    {
                        if let Some(t) = text.split_whitespace().nth(k).filter(|t| {
                            matches!(
                                *t,
                                "float"
                                    | "half"
                                    | "bfloat16"
                                    | "double"
                                    | "int8"
                                    | "uint8"
                                    | "int32"
                                    | "uint32"
                                    | "int64"
                                    | "uint64"
                                    | "f8e4m3"
                                    | "f8e5m2"
                                    | "fp8_e4m3"
                                    | "fp8_e5m2"
                            )
                        }) {
                            for c in claims.iter_mut() {
                                c.bound.fill(fields::Field::Precision, t);
                            }
                        }
                    }
                }
                // a column of quality beside the results ("recall@10" among the column names)
                // states the correctness of every value of the line
                if let Some(n) = line.names.clone() {
                    let names = &cx.text()[n];
                    // the set-up columns of the line ("M  N  K") state its workload
                    if let Some(w) = fenced::workload_of_columns(names, text) {
                        for c in claims.iter_mut() {
                            c.bound.fill(fields::Field::Workload, &w);
                        }
                    }
                    // a "verify" column's "ok" checks the line
                    if let Some(check) = fenced::check_column(names, text) {
                        for c in claims.iter_mut() {
                            c.bound.fill(fields::Field::Correctness, &check);
                        }
                    }
                    // the value under a "vs cuBLAS" column is set against cuBLAS
                    if let Some((r, name)) = fenced::ratio_column(names, text) {
                        for c in claims
                            .iter_mut()
                            .filter(|c| c.span.start < r.end && r.start < c.span.end)
                        {
                            c.bound.fill(fields::Field::Baseline, name);
                        }
                    }
                    if let Some((_, r)) = vocab
                        .matches(names)
                        .into_iter()
                        .find(|(k, _)| *k == fields::Field::Correctness as usize)
                    {
                        for c in claims.iter_mut() {
                            c.bound
                                .fill(fields::Field::Correctness, names[r.clone()].trim());
                        }
                    }
                }
                // a harness's change is measured against the baseline it saved, and a
                // benchstat line's values against its base column
                for c in claims
                    .iter_mut()
                    .filter(|c| benchstat || changes.contains(&c.span))
                {
                    c.bound.fill(
                        fields::Field::Baseline,
                        if benchstat {
                            "the base column"
                        } else {
                            "the saved baseline"
                        },
                    );
                }
                return (!claims.is_empty()).then_some((i, claims));
            }
            // (a row's plan cells hold no claims, whatever its other cells hold: "| pod start
            // < 40 s |" under "Target")
            let row_table = (block.kind == BlockKind::TableRow)
                .then(|| table::table_at(cx.doc, block.span.start))
                .flatten();
            if let Some(t) = row_table {
                let plans = cells.plan_spans(t, text, &cx.text()[block.span.clone()]);
                claims.retain(|c| {
                    !plans
                        .iter()
                        .any(|p| p.start <= c.span.start && c.span.end <= p.end)
                });
                let cell_claims = cells.claims(t, i, text, &cx.text()[block.span.clone()]);
                if !cell_claims.is_empty() {
                    claims.extend(cell_claims);
                    claims.sort_by_key(|c| c.span.start);
                    claims.dedup_by(|b, a| b.span.start < a.span.end);
                }
            }
            bind::bind(text, &mut claims, &vocab);
            // what its code spans name ("`f32` vectors", "the `canada` corpus"), as the block
            // does anywhere
            if !block.code.is_empty() {
                let found = vocab.matches(&block.code);
                for c in claims.iter_mut() {
                    for f in c.bound.missing() {
                        if let Some((_, r)) = found.iter().find(|(k, _)| *k == f as usize) {
                            c.bound.set_from_table(
                                f as usize,
                                Some(block.code[r.clone()].to_string()),
                            );
                        }
                    }
                }
            }
            // what an item's label names in code ("- `raytrace`: 1.38x faster than …")
            if block.kind == BlockKind::Item && !block.code.is_empty() {
                if let Some((colon, label)) =
                    title::code_label(text, &cx.text()[block.span.clone()])
                {
                    for c in claims.iter_mut().filter(|c| c.span.start > colon) {
                        c.bound.fill(fields::Field::Workload, label);
                    }
                }
            }
            if let Some(t) = title {
                title::bind_title(&mut claims, &cx.doc.blocks[t].text, &vocab);
            }
            // a body row takes what it leaves unstated from its table's header, group rows and
            // caption
            if let Some(k) =
                row.filter(|_| !first_row && claims.iter().any(|c| !c.bound.missing().is_empty()))
            {
                let (t, around) = &tables[k];
                let ctx = contexts[k]
                    .get_or_insert_with(|| table::TableContext::new(cx.doc, *t, around, &vocab));
                let at: Vec<usize> = claims
                    .iter()
                    .map(|c| {
                        block
                            .source_span(cx.text(), c.span.clone())
                            .start
                            .saturating_sub(block.span.start)
                    })
                    .collect();
                ctx.bind(&mut claims, i, &cx.text()[block.span.clone()], &at);
            }
            // kept for the whole run of the rules: without the room a vector grows with
            // (four claims' room for a table row's two)
            claims.shrink_to_fit();
            (!claims.is_empty()).then_some((i, claims))
        })
        .collect();
    // the items of an entry under a title share what they state
    let mut at = 0;
    for (_, items) in &entries {
        let mut shared = title::Shared::default();
        // the claims of the entry: `found` is in block order
        while found.get(at).is_some_and(|(i, _)| *i < items.start) {
            at += 1;
        }
        let mut end = at;
        while found.get(end).is_some_and(|(i, _)| items.contains(i)) {
            end += 1;
        }
        let mut next = at;
        for k in items.clone() {
            let text = &cx.doc.blocks[k].text;
            let mut baseline = None;
            if found.get(next).is_some_and(|(i, _)| *i == k) {
                baseline = found[next].1.iter().find_map(|c| {
                    c.bound
                        .found(text)
                        .into_iter()
                        .find(|(f, s)| *f == Field::Baseline && !s.is_empty())
                        .map(|(_, s)| s)
                });
                next += 1;
            }
            shared.add(k, text, baseline, &vocab);
        }
        for (i, claims) in &mut found[at..end] {
            shared.bind(claims, *i);
        }
        at = end;
    }
    found
}

/// Whether a rate claim in a hardware section is stated as a capability (a vendor peak).
fn is_capability_peak(cx: &Context, block: &Block, claim: &Claim) -> bool {
    matches!(claim.kind, ClaimKind::Rate { peak_unit: true })
        && cx.scopes[block.section].hardware
        && !cx
            .policy
            .perf
            .measurement_cues
            .is_match(&block.text[claim.clause.clone()])
}

/// The claim's verdict against the device table when it is a measurement equal to a
/// datasheet peak (`at`: its place in `cx.claims()`, block then claim).
fn table_peak<'c>(cx: &'c Context, claim: &Claim, at: (usize, usize)) -> Option<&'c peak::Judged> {
    if !matches!(claim.kind, ClaimKind::Rate { peak_unit: true }) {
        return None;
    }
    cx.peaks()[at.0][at.1]
        .as_deref()
        .filter(|j| j.verdict == peak::Verdict::VendorPeak)
}

/// `perf/missing-context`: a performance claim whose entry or paragraph does not state all
/// five fields.
pub fn missing_context(cx: &Context) -> Vec<Finding> {
    let mut out = Vec::new();
    // The fields are named once per entry or paragraph, and once per table: its first claim
    // names them and says what to add; a later claim that lacks the same fields refers to it
    // (with its line when it is on another row). Every cell keeps its own finding, so a
    // change to one row is reported on that row (`--changed-since`, annotations).
    let mut first: Option<(&str, Vec<Field>, usize)> = None;
    // The help of the claims that refer to one claim, the same text: held once.
    let mut same_help: Option<(&str, std::sync::Arc<str>)> = None;
    let mut table: Option<(bool, usize)> = None;
    for (k, (b, claims)) in cx.claims().iter().enumerate() {
        let block = cx.claim_block(*b);
        // a table, or a code block of results, names the fields once
        let in_table = match block.kind {
            BlockKind::TableRow => table::table_at(cx.doc, block.span.start).map(|t| (true, t)),
            BlockKind::CodeLine => Some((false, cx.result_lines()[*b - cx.doc.blocks.len()].code)),
            _ => None,
        };
        if in_table.is_none() || in_table != table {
            first = None;
        }
        table = in_table;
        for (i, claim) in claims.iter().enumerate() {
            let missing = claim.bound.missing();
            if missing.is_empty()
                || claim.capability
                || is_capability_peak(cx, block, claim)
                || table_peak(cx, claim, (k, i)).is_some()
            {
                continue;
            }
            let text = &block.text[claim.span.clone()];
            let span = block.source_span(cx.text(), claim.span.clone());
            let finding = match &first {
                Some((f, same, at)) if *same == missing => cx
                    .report(
                        &MISSING_CONTEXT,
                        span,
                        if *at == *b {
                            format!("performance claim \"{text}\" lacks the same context as \"{f}\"")
                        } else {
                            let line = cx.line_of(cx.claim_block(*at).span.start);
                            format!("performance claim \"{text}\" lacks the same context as \"{f}\" on line {line}")
                        },
                    )
                    .help(match &same_help {
                        Some((g, h)) if g == f => std::sync::Arc::clone(h),
                        _ => {
                            let h: std::sync::Arc<str> = format!(
                                "the context stated for \"{f}\" covers this number too, or omit it"
                            )
                            .into();
                            same_help = Some((f, std::sync::Arc::clone(&h)));
                            h
                        }
                    }),
                _ => cx
                    .report(
                        &MISSING_CONTEXT,
                        span,
                        format!("performance claim \"{text}\" lacks {}", describe(&missing)),
                    )
                    .help(help_for(&missing)),
            };
            // a claim named in full becomes the reference unless its block has one already
            let referred = matches!(&first, Some((_, same, _)) if *same == missing);
            if !referred && first.as_ref().is_none_or(|(_, _, at)| at != b) {
                first = Some((text, missing.clone(), *b));
            }
            out.push(finding.label("claim without its context").data(|| {
                let keys: Vec<&str> = missing.iter().map(|f: &Field| f.key()).collect();
                let found: serde_json::Map<String, serde_json::Value> = claim
                    .bound
                    .found(&block.text)
                    .into_iter()
                    .map(|(f, t)| (f.key().to_string(), t.into()))
                    .collect();
                json!({"claim": text, "missing": keys, "found": found})
            }));
        }
    }
    out
}

/// `perf/vendor-peak`: a peak compute or bandwidth rate in a hardware section stated as a
/// capability rather than a measurement, or, in any section, a measurement equal to a
/// datasheet peak of the device it names (the device table).
pub fn vendor_peak(cx: &Context) -> Vec<Finding> {
    let mut out = Vec::new();
    for (k, (b, claims)) in cx.claims().iter().enumerate() {
        let block = cx.claim_block(*b);
        for (i, claim) in claims.iter().enumerate() {
            let capability = is_capability_peak(cx, block, claim);
            let datasheet = table_peak(cx, claim, (k, i));
            if !capability && datasheet.is_none() {
                continue;
            }
            let text = &block.text[claim.span.clone()];
            let span = block.source_span(cx.text(), claim.span.clone());
            let help = "omit the number and link the architecture documentation, or replace it with a measurement that states hardware, workload, precision, baseline and correctness method";
            let finding = match datasheet.and_then(|j| Some((j, j.device?, j.peak.as_ref()?))) {
                Some((j, d, p)) => {
                    let spec = &cx.devices().devices[d];
                    let (of, each) = if j.count > 1 {
                        (format!("{} × {}", j.count, spec.name), " each")
                    } else {
                        (spec.name.clone(), "")
                    };
                    cx.report(
                        &VENDOR_PEAK,
                        span,
                        format!(
                            "\"{text}\" is the datasheet peak of {of} ({} {}{each}), not a performance measurement",
                            peak::peak_shown(p, 1, j.unit).0,
                            p.what
                        ),
                    )
                    .label("a datasheet number stated as a result")
                    .data(|| json!({
                        "claim": text,
                        "device": spec.name,
                        "count": j.count,
                        "peak": j.bound,
                        "unit": j.unit,
                        "source": spec.source,
                    }))
                }
                None => cx
                    .report(
                        &VENDOR_PEAK,
                        span,
                        format!("\"{text}\" is a vendor peak rate, not a performance measurement"),
                    )
                    .label("peak rate stated as a capability")
                    .data(|| json!({"claim": text})),
            };
            out.push(finding.help(help));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_blocks_that_can_hold_a_claim_are_scanned() {
        assert!(may_hold_claim("about 3 ms"));
        assert!(may_hold_claim("an Order of Magnitude faster"));
        assert!(may_hold_claim("Twice as fast"));
        assert!(may_hold_claim("five times faster"));
        assert!(!may_hold_claim("the matrix multiply tutorial, with notes"));
    }

    /// The vectorised scan answers as a plain search for a digit or the words would, on
    /// texts around every edge (a word at either end, split by a chunk's end, in any case).
    #[test]
    fn the_claim_prefilter_is_a_plain_search() {
        let plain = |t: &str| {
            let ci = |n: &str| {
                t.as_bytes()
                    .windows(n.len())
                    .any(|w| w.eq_ignore_ascii_case(n.as_bytes()))
            };
            t.bytes().any(|c| c.is_ascii_digit()) || ci("magnitude") || ci("times") || ci("twice")
        };
        let words = [
            "MAGNITUDE",
            "Times",
            "twIce",
            "time",
            "twic",
            "agnitude",
            "7",
            "é",
            "i",
        ];
        for pad in 0..40 {
            for w in words {
                for t in [
                    format!("{}{w}", "x".repeat(pad)),
                    format!("{w}{}", "y".repeat(pad)),
                    format!("{}{w}{}", "z".repeat(pad), "ii".repeat(pad)),
                ] {
                    assert_eq!(may_hold_claim(&t), plain(&t), "{t:?}");
                }
            }
        }
    }
}
