//! What a results table states for each of its cells: its header cells, and its caption when
//! the table completes it. A row binds its own fields first (`bind`); a field it does not
//! state is taken from a header cell whose column the row fills ("Ppl" over "6.45", "GPU" over
//! "RTX 4090", "Speedup vs. FP16" over "1.5x"), never from a column the row leaves empty ("-",
//! "N/A") nor from another column of results ("LightSeq fp16" over its own speedups), else
//! from the caption.
//!
//! The caption is only the paragraph directly before the table that ends with a colon ("The
//! following runs are from a 4090 and a 3090:"): a sentence the table completes. A paragraph
//! that ends its sentence ("Speedups below were measured on one A100."), a note after the
//! table and a heading are outside the table's entry, as the labelled fixtures read them
//! (perf-real.md; commit 2fc6c21 counted any paragraph before a table and was reverted).

use super::claims::{Claim, ClaimKind};
use super::fields::{shown, Field};
use super::text::{has_word, words};
use super::vocab::Vocab;
use super::words::{MEASURED_WORDS, RATE_UNITS};
use crate::document::{BlockKind, Document};

/// The context of one table, found once per table.
pub struct TableContext {
    /// The caption and the heading before it, as a reader sees them (empty if none).
    caption: String,
    /// The field matches of the caption: (field index, range in `caption`), in order.
    caption_fields: Vec<(usize, std::ops::Range<usize>)>,
    /// Per header cell: its text and the fields it names.
    header: Vec<(String, Vec<usize>)>,
    /// The header names what a device's specification holds ("Peak BF16", "Dense FP8",
    /// "TDP", "Memory") and nothing measured ("Achieved", "Our kernel").
    spec_header: bool,
}

/// Header words of a table of device specifications.
const SPEC_HEADER_WORDS: &[&str] = &[
    "peak",
    "dense",
    "sparse",
    "spec",
    "specs",
    "specification",
    "specifications",
    "theoretical",
    "datasheet",
    "nominal",
    "boost",
    "tdp",
    "tbp",
    "memory",
    "hbm",
    "vram",
];

/// Header words of a column that sets the run up: its number is the workload of the row.
pub(super) const WORKLOAD_HEADER_WORDS: &[&str] = &[
    "batch", "bs", "seq", "seqlen", "sequence", "length", "len", "lengths", "context", "isl",
    "osl", "input", "output", "prompt", "shape", "hidden", "dim",
];

/// Whether a header names a column that sets the run up ("Batch Size", "Seq. len.",
/// "Prefill Length").
fn is_workload_header(header: &str) -> bool {
    let h = header.to_ascii_lowercase();
    has_word(&h, WORKLOAD_HEADER_WORDS) && unit_in(&h).is_none()
}

/// The rate unit a header names as a word ("Prefill tokens/s", "TFLOPS/GPU").
pub(super) fn unit_in(h: &str) -> Option<(&'static str, bool)> {
    RATE_UNITS.iter().copied().find(|(u, _)| {
        h.match_indices(u).any(|(at, _)| {
            let before = h[..at].chars().next_back();
            let after = h[at + u.len()..].chars().next();
            before.is_none_or(|c| !c.is_alphanumeric())
                && after.is_none_or(|c| !c.is_alphanumeric())
        })
    })
}

/// The table whose span holds byte `at` of the source.
pub fn table_at(doc: &Document, at: usize) -> Option<usize> {
    let k = doc.tables.partition_point(|t| t.span.start <= at);
    let t = k.checked_sub(1)?;
    doc.tables[t].span.contains(&at).then_some(t)
}

/// The caption of `table`: the paragraph directly before it (only blank space between) when
/// it ends with a colon, as a block index. `row`: a body row of the table (a block index).
pub fn caption_blocks(doc: &Document, source: &str, table: usize, row: usize) -> Vec<usize> {
    let start = doc.tables[table].span.start;
    let mut first = row;
    while first > 0
        && doc.blocks[first - 1].kind == BlockKind::TableRow
        && doc.blocks[first - 1].span.start >= start
    {
        first -= 1;
    }
    let Some(b) = first.checked_sub(1) else {
        return Vec::new();
    };
    let prev = &doc.blocks[b];
    let adjacent = source
        .get(prev.span.end..start)
        .is_some_and(|gap| gap.trim().is_empty());
    let completed = prev.text.trim_end().ends_with(':');
    if prev.kind == BlockKind::Paragraph && adjacent && completed {
        vec![b]
    } else {
        Vec::new()
    }
}

impl TableContext {
    /// The context of `table` with the caption made of `caption` blocks.
    pub fn new(doc: &Document, table: usize, caption: &[usize], vocab: &Vocab) -> TableContext {
        let mut text = String::new();
        for &b in caption {
            text.push_str(&doc.blocks[b].text);
            text.push('\n');
        }
        let caption_fields = vocab.matches(&text);
        let header: Vec<(String, Vec<usize>)> = doc.tables[table]
            .header
            .iter()
            .map(|h| {
                let mut fields: Vec<usize> = vocab.matches(h).into_iter().map(|(k, _)| k).collect();
                // a column that sets the run up: "Batch Size" over "8", "Seq. len." over "2048"
                if is_workload_header(h) {
                    fields.push(Field::Workload as usize);
                }
                fields.sort_unstable();
                fields.dedup();
                (h.clone(), fields)
            })
            .collect();
        let head: Vec<String> = header.iter().map(|(h, _)| h.to_ascii_lowercase()).collect();
        let spec_header = head.iter().any(|h| has_word(h, SPEC_HEADER_WORDS))
            && !head
                .iter()
                .any(|h| has_word(h, MEASURED_WORDS) || words(h).any(|w| w.starts_with("achiev")));
        TableContext {
            caption: text,
            caption_fields,
            header,
            spec_header,
        }
    }

    /// Fills the fields the claims of a body row leave missing from the table's context:
    /// `row_source` is the row's line in the source, `at` the offset in it of each claim.
    /// A header cell that names the field counts where the row fills its column, the claim's
    /// own column first ("FP16 | INT8" over two speeds); else the caption.
    pub fn bind(&self, claims: &mut [Claim], row_source: &str, at: &[usize]) {
        let cells = split_cells(row_source);
        let row_measured = || has_word(&row_source.to_ascii_lowercase(), MEASURED_WORDS);
        let column = |off: usize| cells.iter().rposition(|(s, _)| *s <= off);
        // a header over another column of results names that column's variant ("LightSeq
        // fp16" over its speedups), not this one's
        let result_columns: Vec<usize> = at.iter().filter_map(|&off| column(off)).collect();
        for (c, &off) in claims.iter_mut().zip(at) {
            let own = column(off);
            for f in c.bound.missing() {
                let k = f as usize;
                let names = |col: usize| {
                    self.header
                        .get(col)
                        .is_some_and(|(_, fields)| fields.contains(&k))
                        && cells.get(col).is_some_and(|(_, v)| !is_placeholder(v))
                };
                let col = own.filter(|&col| names(col)).or_else(|| {
                    (0..cells.len()).find(|&col| names(col) && !result_columns.contains(&col))
                });
                let stated = match col {
                    Some(col) => Some(format!("{}: {}", self.header[col].0, cells[col].1.trim())),
                    None => self
                        .caption_fields
                        .iter()
                        .find(|(j, _)| *j == k)
                        .map(|(_, r)| shown(&self.caption, f, r.clone()).to_string()),
                };
                c.bound.set_from_table(k, stated);
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

/// Whether a cell holds no value: empty, a dash, "N/A", a question mark.
fn is_placeholder(cell: &str) -> bool {
    let c = cell.trim().trim_matches('*');
    c.is_empty()
        || matches!(
            c.to_ascii_lowercase().as_str(),
            "-" | "--" | "–" | "—" | "n/a" | "na" | "?" | "none" | "x" | "✗" | "❌" | "tbd"
        )
}

/// The cells of a table row's source line with where each starts: split at `|` outside code
/// spans and not escaped, the outer pipes dropped.
pub(super) fn split_cells(line: &str) -> Vec<(usize, &str)> {
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
        assert!(is_workload_header("Seq. len."));
        assert!(!is_workload_header("Prefill tokens/s"));
    }
}
