//! A list under a title line: a paragraph in bold ("**Hopper GEMM rewrite** (BF16, H100 SXM)")
//! directly followed by a list of notes is one entry for a reader, as a guide's bold title line
//! and the bullets under it are (also after a marker: "📄 **FlashAttention** (Dao, 2022)"). The
//! claims of its items take the hardware, workload and precision the title states when they do
//! not state their own (and the comparison or check it names: "L40S · FP8 vs BF16"), and what
//! the other items of the entry state: their set-up and correctness words, and a baseline one
//! of their claims names.

use super::claims::Claim;
use super::fields::{shown, Field};
use super::vocab::Vocab;
use crate::document::{BlockKind, Document};
use std::ops::Range;

/// The most characters of a title line: longer bold text is a paragraph, not a title.
const MAX_TITLE: usize = 200;

/// The label of a list item that names what ran in code before a colon ("- `raytrace`: 1.38x
/// faster", "- Zephyr `hello_world`: −4.1%"): a benchmark, a program or a test, the workload
/// of the claims after the colon. `text` is the item's prose (code spans blanked to one
/// space), `source` the item's source as written. Not a flag ("`--release`: …") nor a label
/// of more than four words.
pub(super) fn code_label<'s>(text: &str, source: &'s str) -> Option<(usize, &'s str)> {
    let colon = text.find(':')?;
    if text[..colon].split_whitespace().count() > 4 {
        return None;
    }
    let end = source.find(':')?;
    let label = source[..end]
        .trim_start_matches(|c: char| {
            c.is_whitespace() || matches!(c, '-' | '*' | '+' | '.' | ')') || c.is_ascii_digit()
        })
        .trim();
    let code = label.split('`').nth(1)?;
    // (not a build by its date, version or commit: "`20240502` nightly", "`v2.4.0`",
    // "`a1b2c3d`")
    let build = !code.contains(|c: char| c.is_ascii_alphabetic())
        || (code.starts_with(['v', 'V']) && code[1..].starts_with(|c: char| c.is_ascii_digit()))
        || (code.len() >= 7 && code.bytes().all(|b| b.is_ascii_hexdigit()))
        || label.split_whitespace().any(|w| {
            matches!(
                w.to_ascii_lowercase().as_str(),
                "nightly" | "build" | "commit" | "release" | "version" | "tag"
            )
        });
    (label.len() <= 60
        && !code.is_empty()
        && !code.starts_with('-')
        && !code.contains('=')
        && !build)
        .then_some((colon, label))
}

/// The title paragraph of the list whose item is block `item` (an item without links), if the
/// paragraph directly above the list (only blank space and list markers between) opens in
/// bold. `known`: an earlier item and its answer (the walk back stops there, so that the items
/// of a long list, asked in order, are walked once in all).
pub(super) fn title_above(
    doc: &Document,
    source: &str,
    item: usize,
    known: Option<(usize, Option<usize>)>,
) -> Option<usize> {
    let gap_is_blank = |from: usize, to: usize| {
        source.get(from..to).is_some_and(|gap| {
            gap.chars().all(|c| {
                c.is_whitespace() || matches!(c, '-' | '*' | '+' | '.' | ')') || c.is_ascii_digit()
            })
        })
    };
    let b = &doc.blocks[item];
    if b.kind != BlockKind::Item || b.entry.is_some() {
        return None;
    }
    let mut k = item;
    while k > 0 {
        if let Some((_, title)) = known.filter(|(at, _)| *at == k - 1) {
            return title;
        }
        let prev = &doc.blocks[k - 1];
        if !gap_is_blank(prev.span.end, doc.blocks[k].span.start) {
            return None;
        }
        match prev.kind {
            BlockKind::Item if prev.entry.is_none() => k -= 1,
            BlockKind::Paragraph => {
                // a marker may come first: an emoji or a symbol ("📄 **FlashAttention**")
                let src = source
                    .get(prev.span.clone())?
                    .trim_start_matches(|c: char| c.is_whitespace() || !c.is_ascii());
                let bold = src.starts_with("**") || src.starts_with("__");
                return (bold
                    && prev.text.trim().len() <= MAX_TITLE
                    && !prev.text.contains('\n')
                    && !is_summary_label(&prev.text)
                    && !is_period_label(&prev.text))
                .then_some(k - 1);
            }
            _ => return None,
        }
    }
    None
}

/// Whether a bold line only announces the list under it ("**TL;DR**", "**Highlights:**",
/// "**Key results**"): a post's points, each a claim of its own, not one entry's notes.
fn is_summary_label(text: &str) -> bool {
    let t = text
        .trim()
        .trim_end_matches([':', '.', '!'])
        .trim()
        .to_ascii_lowercase();
    matches!(
        t.as_str(),
        "tl;dr"
            | "tldr"
            | "tl,dr"
            | "summary"
            | "in summary"
            | "in short"
            | "highlights"
            | "key highlights"
            | "results"
            | "key results"
            | "findings"
            | "key findings"
            | "takeaways"
            | "key takeaways"
            | "main takeaways"
            | "bottom line"
            | "what changed"
            | "what's new"
            | "what’s new"
            | "notes"
            | "caveats"
            | "pros"
            | "cons"
            | "update"
            | "edit"
    )
}

/// Whether a bold line only dates or versions the list under it ("**2025-01**", "**March
/// 2025**", "**Q3 2024:**", "**v0.6.2**"): a group of separate entries or changes, each with
/// its own set-up, not one entry's notes.
fn is_period_label(text: &str) -> bool {
    const MONTHS: [&str; 12] = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ];
    let t = text
        .trim()
        .trim_end_matches([':', '.'])
        .trim_matches(|c: char| matches!(c, '(' | ')' | '[' | ']'))
        .to_ascii_lowercase();
    let words: Vec<&str> = t
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .collect();
    let dated = |w: &str| {
        let w = w.strip_prefix('v').unwrap_or(w);
        w.starts_with(|c: char| c.is_ascii_digit())
            && w.bytes()
                .all(|b| b.is_ascii_digit() || matches!(b, b'-' | b'.' | b'/'))
    };
    let month = |w: &str| {
        w.len() >= 3
            && MONTHS.iter().any(|m| {
                w.starts_with(m) && w.len() <= 9 && w.bytes().all(|b| b.is_ascii_alphabetic())
            })
    };
    let quarter = |w: &str| {
        matches!(
            w,
            "q1" | "q2" | "q3" | "q4" | "h1" | "h2" | "week" | "release"
        )
    };
    !words.is_empty()
        && words.len() <= 4
        && words.iter().any(|w| dated(w))
        && words.iter().all(|w| dated(w) || month(w) || quarter(w))
}

/// Fills what `claims` leave unstated from the title paragraph's text: its set-up (hardware,
/// workload, precision), the comparison it names ("FP8 vs BF16") and its check.
pub(super) fn bind_title(claims: &mut [Claim], title: &str, vocab: &Vocab) {
    let found: Vec<(usize, Range<usize>)> = vocab
        .matches(title)
        .into_iter()
        // a title's comparison ("FP8 vs BF16") is the entry's baseline; a bare "over" or
        // "than" there compares nothing a claim of it states
        .filter(|(k, r)| {
            *k != Field::Baseline as usize || {
                let t = title[r.clone()].trim().to_ascii_lowercase();
                !matches!(t.as_str(), "over" | "than") && super::bind::compares(title, r, None)
            }
        })
        .collect();
    for c in claims.iter_mut() {
        for f in c.bound.missing() {
            let k = f as usize;
            if let Some((_, r)) = found.iter().find(|(j, _)| *j == k) {
                c.bound
                    .set_from_table(k, Some(shown(title, f, r.clone()).to_string()));
            }
        }
    }
}

/// The notes nested in an entry's list item ("- **Paper** [[paper]](…)" and the link-less
/// bullets under it), which a reader takes as one entry with it: per such item, its block and
/// the run of blocks of its notes and itself (the notes come first: a list item's block is
/// pushed when it closes). One walk back from each entry's block, stopping at the first block
/// outside it: each block is looked at once or twice.
pub(super) fn nested_notes(doc: &Document) -> Vec<(usize, Range<usize>)> {
    let mut out = Vec::new();
    for e in doc.entries.iter().filter(|e| e.row.is_none()) {
        let p = e.block;
        let mut k = p;
        while k > 0 && {
            let b = &doc.blocks[k - 1];
            b.kind == BlockKind::Item && b.entry.is_none() && e.span.contains(&b.span.start)
        } {
            k -= 1;
        }
        if k < p && doc.blocks[p].text.trim().len() <= MAX_TITLE {
            out.push((p, k..p + 1));
        }
    }
    // a list item without a source and its sub-bullets, none a source either ("- INT8 GEMM
    // fusion:" over "  - Llama-2-7B prefill: 9,850 tokens/s" and "  - perplexity unchanged"):
    // one item, as the reader takes it (the outermost such item; an item whose sub-bullets are
    // entries is a category over them, and they state nothing for each other)
    let mut plain = Vec::new();
    for (p, b) in doc.blocks.iter().enumerate() {
        if b.kind != BlockKind::Item || b.entry.is_some() {
            continue;
        }
        let mut k = p;
        while k > 0 && {
            let c = &doc.blocks[k - 1];
            c.kind == BlockKind::Item && c.entry.is_none() && b.span.contains(&c.span.start)
        } {
            k -= 1;
        }
        // (an item whose sub-bullets hold an entry stops the walk before it: its run is
        // no item of plain notes)
        let sourced = k > 0 && {
            let c = &doc.blocks[k - 1];
            c.kind == BlockKind::Item && b.span.contains(&c.span.start)
        };
        if k < p && !sourced {
            // (an outer item's run takes in its inner items' runs, which come before it)
            while plain
                .last()
                .is_some_and(|(_, r): &(usize, Range<usize>)| r.start >= k)
            {
                plain.pop();
            }
            plain.push((p, k..p + 1));
        }
    }
    // (the notes of an entry's item take in the plain items nested in them)
    plain.retain(|(_, r)| !out.iter().any(|(_, e)| e.contains(&r.start)));
    if !plain.is_empty() {
        out.extend(plain);
        out.sort_by_key(|(p, _)| *p);
    }
    out
}

/// The items of the entry whose title paragraph is block `title`: the link-less items after it
/// that `title_above` gives to it, a run of blocks.
pub(super) fn items_under(doc: &Document, source: &str, title: usize) -> Range<usize> {
    let mut known = None;
    let mut end = title + 1;
    while end < doc.blocks.len() {
        let above = title_above(doc, source, end, known);
        if above != Some(title) {
            break;
        }
        known = Some((end, above));
        end += 1;
    }
    title + 1..end
}

/// What the items of one entry state, for its other items: per field, the first two items
/// that name it (so that every item has one besides itself) with the text shown. Set-up and
/// correctness come from the items' words, a baseline only from one a claim names (a baseline
/// word out of its claim may be a quantifier's "more than").
#[derive(Default)]
pub(super) struct Shared {
    named: [Vec<(usize, String)>; 5],
}

impl Shared {
    /// Records what item `item` (its text) states, and the baseline its claims name.
    pub(super) fn add(&mut self, item: usize, text: &str, baseline: Option<&str>, vocab: &Vocab) {
        for (k, r) in vocab.matches(text) {
            if k != Field::Baseline as usize {
                self.note(k, item, shown(text, Field::ALL[k], r));
            }
        }
        if let Some(b) = baseline {
            self.note(Field::Baseline as usize, item, b);
        }
    }

    fn note(&mut self, k: usize, item: usize, text: &str) {
        let named = &mut self.named[k];
        if named.len() < 2 && named.iter().all(|(at, _)| *at != item) {
            named.push((item, text.to_string()));
        }
    }

    /// Fills what `claims` (of item `item`) leave unstated from the entry's other items.
    pub(super) fn bind(&self, claims: &mut [Claim], item: usize) {
        for c in claims.iter_mut() {
            for f in c.bound.missing() {
                let k = f as usize;
                if let Some((_, text)) = self.named[k].iter().find(|(at, _)| *at != item) {
                    c.bound.set_from_table(k, Some(text.clone()));
                }
            }
        }
    }
}
