//! How the policy scopes each section of a document: exempt, core, frontier, hardware, or the
//! contents list.

use super::{PatternList, Policy};
use crate::document::Document;

/// How the policy scopes one section.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Scope {
    pub exempt: bool,
    pub core: bool,
    pub frontier: bool,
    pub hardware: bool,
    pub contents: bool,
}

/// The scope of each section of `doc` (indexed like `doc.sections`). A section inherits
/// exempt, frontier and hardware from its ancestors.
pub fn scopes(policy: &Policy, doc: &Document) -> Vec<Scope> {
    let s = &policy.sections;
    (0..doc.sections.len())
        .map(|i| {
            if i == 0 || doc.is_title_section(i) {
                return Scope::default();
            }
            let titles: Vec<&str> = doc
                .ancestors(i)
                .filter(|&a| a != 0 && !doc.is_title_section(a))
                .map(|a| doc.sections[a].title.as_str())
                .collect();
            let any = |p: &PatternList| titles.iter().any(|t| p.is_match_exact(t));
            let exempt = any(&s.exempt);
            let frontier = any(&s.frontier);
            let contents = s.contents.is_match_exact(&doc.sections[i].title);
            let core = !exempt && !frontier && !contents && (s.core.is_empty() || any(&s.core));
            Scope {
                exempt,
                core,
                frontier,
                hardware: any(&s.hardware),
                contents,
            }
        })
        .collect()
}
