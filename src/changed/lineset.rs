//! A set of lines of one file: those added or changed, and where lines were deleted.

use crate::fix::Edit;
use crate::lines::LineIndex;
use std::ops::Range;

/// Lines of one file, 1-based.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LineSet {
    /// Added or changed lines, as sorted, disjoint half-open ranges.
    pub(super) added: Vec<Range<usize>>,
    /// Lines after which lines were deleted (0: at the top), sorted.
    pub(super) deleted_after: Vec<usize>,
}

impl LineSet {
    /// From added line ranges (any order, may overlap) and deletion points.
    pub fn new(mut added: Vec<Range<usize>>, mut deleted_after: Vec<usize>) -> LineSet {
        added.retain(|r| r.start < r.end);
        added.sort_by_key(|r| r.start);
        let mut merged: Vec<Range<usize>> = Vec::with_capacity(added.len());
        for r in added {
            match merged.last_mut() {
                Some(last) if r.start <= last.end => last.end = last.end.max(r.end),
                _ => merged.push(r),
            }
        }
        deleted_after.sort_unstable();
        deleted_after.dedup();
        LineSet {
            added: merged,
            deleted_after,
        }
    }

    /// Whether any line of `lines` (1-based, half-open) was added or changed.
    pub fn any_added(&self, lines: Range<usize>) -> bool {
        let i = self.added.partition_point(|r| r.end <= lines.start);
        self.added.get(i).is_some_and(|r| r.start < lines.end)
    }

    /// Whether the lines `lines` were touched: a line added or changed, or lines deleted
    /// between two of them or right after the last.
    pub fn touched(&self, lines: Range<usize>) -> bool {
        if self.any_added(lines.clone()) {
            return true;
        }
        let i = self.deleted_after.partition_point(|&p| p < lines.start);
        self.deleted_after
            .get(i)
            .is_some_and(|&p| p < lines.end.max(lines.start + 1))
    }

    pub fn is_empty(&self) -> bool {
        self.added.is_empty() && self.deleted_after.is_empty()
    }

    /// The same lines after `edits` (applied to `old`, giving a text indexed by `new`): a line
    /// keeps its place relative to the text around it; a changed line inside an edit becomes
    /// the lines the edit wrote.
    pub fn remap(
        &self,
        old: &str,
        old_lines: &LineIndex,
        edits: &[Edit],
        new: &LineIndex,
    ) -> LineSet {
        let mut edits: Vec<&Edit> = edits.iter().collect();
        edits.sort_by_key(|e| e.range.start);
        // Where offset `x` of the old text lands in the new one; inside an edit, at its start
        // (`end == false`) or its end.
        let map = |x: usize, end: bool| -> usize {
            let mut shift: isize = 0;
            for e in &edits {
                // Wholly before `x`; an insertion at `x` precedes a start, follows an end.
                let before = e.range.end < x || (e.range.end == x && (!end || !e.range.is_empty()));
                if before {
                    shift += e.replacement.len() as isize - e.range.len() as isize;
                    continue;
                }
                if e.range.start < x {
                    let start = (e.range.start as isize + shift) as usize;
                    return if end {
                        start + e.replacement.len()
                    } else {
                        start
                    };
                }
                break;
            }
            (x as isize + shift) as usize
        };
        let line_start = |idx: &LineIndex, line: usize| -> usize {
            if line <= idx.line_count() {
                idx.line_start(line)
            } else {
                old.len()
            }
        };
        let added = self
            .added
            .iter()
            .map(|r| {
                let start = map(line_start(old_lines, r.start), false);
                let end = map(line_start(old_lines, r.end), true);
                let first = new.line_of(start);
                let last = new.line_of(end.saturating_sub(1).max(start));
                first..last + 1
            })
            .collect();
        let deleted = self
            .deleted_after
            .iter()
            .map(|&p| {
                let at = map(line_start(old_lines, p + 1), false);
                new.line_of(at).saturating_sub(1)
            })
            .collect();
        LineSet::new(added, deleted)
    }
}

#[cfg(test)]
#[allow(clippy::single_range_in_vec_init)]
mod tests {
    use super::*;

    #[test]
    fn remaps_lines_through_edits() {
        let old = "a\nb\nc\nd\ne\n";
        let old_idx = LineIndex::new(old);
        // Lines 2 and 5 changed; an edit replaces line 3 ("c\n") by three lines.
        let set = LineSet::new(vec![2..3, 5..6], vec![4]);
        let edits = [Edit {
            range: 4..6,
            replacement: "c1\nc2\nc3\n".into(),
        }];
        let new = "a\nb\nc1\nc2\nc3\nd\ne\n";
        let new_idx = LineIndex::new(new);
        let moved = set.remap(old, &old_idx, &edits, &new_idx);
        assert_eq!(moved.added, [2..3, 7..8]);
        assert_eq!(moved.deleted_after, [6]);
        // A changed line inside an edit becomes the lines the edit wrote.
        let inside = LineSet::new(vec![3..4], vec![]).remap(old, &old_idx, &edits, &new_idx);
        assert_eq!(inside.added, [3..6]);
    }
}
