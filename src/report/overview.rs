//! What the job summary shows besides findings: the sources of each section by kind, the
//! frontier verification dates with their age, and (with `--online`) the live link totals.
//! Computed once per file by the engine, only for the formats that show it.

use crate::classify::{Classification, Kind};
use crate::date::Date;
use crate::document::Document;

/// Sources by kind, and the frontier dates, of one file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Overview {
    /// Sections that hold sources, in document order.
    pub sections: Vec<SectionSources>,
    pub frontier: Vec<FrontierDate>,
}

/// The sources of one section (its own entries, not those of sections under it).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SectionSources {
    /// The heading path, outermost first (empty for the preamble).
    pub section: Vec<String>,
    pub counts: KindCounts,
}

/// Sources per kind: the four admissible kinds, known non-primary sources, and sources that
/// match no kind.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct KindCounts {
    pub paper: usize,
    pub docs: usize,
    pub repo: usize,
    pub report: usize,
    pub inadmissible: usize,
    pub unclassified: usize,
}

impl KindCounts {
    pub fn add(&mut self, c: &Classification) {
        match (c.kind, &c.inadmissible) {
            (Some(Kind::Paper), _) => self.paper += 1,
            (Some(Kind::Docs), _) => self.docs += 1,
            (Some(Kind::Repo), _) => self.repo += 1,
            (Some(Kind::Report), _) => self.report += 1,
            (None, Some(_)) => self.inadmissible += 1,
            (None, None) => self.unclassified += 1,
        }
    }

    pub fn total(&self) -> usize {
        self.paper + self.docs + self.repo + self.report + self.inadmissible + self.unclassified
    }

    pub fn merge(&mut self, o: &KindCounts) {
        self.paper += o.paper;
        self.docs += o.docs;
        self.repo += o.repo;
        self.report += o.report;
        self.inadmissible += o.inadmissible;
        self.unclassified += o.unclassified;
    }
}

/// The verification date of one frontier section, as found in its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FrontierDate {
    pub section: String,
    /// The first date stated in the section (None: no date, or none that is a real day).
    pub date: Option<Date>,
    /// The text of the first stamp, when it is not a real day (`2026-02-30`).
    pub invalid: Option<String>,
    /// Days from the date to the run's `--today` (negative: in the future).
    pub age_days: Option<i64>,
    /// The policy's `[frontier] max_age_days`.
    pub max_age_days: u32,
}

/// Live link totals of an `--online` run (filled by the online facts phase).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LinkTotals {
    /// Distinct URLs requested (or answered from the cache).
    pub checked: usize,
    /// `link/broken` findings.
    pub broken: usize,
    /// `link/unverified` findings: sites that would not let us check.
    pub unverified: usize,
}

impl Overview {
    /// Counts each source (a link of an entry) under its section; `classes` is indexed like
    /// `doc.links`. `frontier` holds each frontier section's first stamp: its title and the
    /// date (or the text that is not one).
    pub fn new(
        doc: &Document,
        classes: &[Option<Classification>],
        frontier: Vec<FrontierDate>,
    ) -> Overview {
        let mut per_section: Vec<KindCounts> = vec![KindCounts::default(); doc.sections.len()];
        for entry in &doc.entries {
            for &l in &entry.links {
                if let Some(Some(c)) = classes.get(l) {
                    per_section[doc.links[l].section].add(c);
                }
            }
        }
        let sections = per_section
            .into_iter()
            .enumerate()
            .filter(|(_, c)| c.total() > 0)
            .map(|(s, counts)| SectionSources {
                section: doc.section_path(s).into_iter().map(String::from).collect(),
                counts,
            })
            .collect();
        Overview { sections, frontier }
    }
}
