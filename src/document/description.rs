//! An entry's description: what its text says besides its links (list items and table rows
//! alike).

/// The description of an entry from its text outside links: separators and list punctuation
/// that only join links (`, `, `and`, ` - `) are not a description.
pub(super) fn description_of(outside: &str) -> String {
    let t = outside.trim();
    let t = t.trim_start_matches(|c: char| {
        c.is_whitespace() || matches!(c, '-' | '–' | '—' | ':' | ',' | '|' | '·' | '(' | ')')
    });
    let t = t.trim();
    let only_joiners = t
        .split(|c: char| c.is_whitespace() || ",;.()|/&".contains(c))
        .all(|w| w.is_empty() || w.eq_ignore_ascii_case("and") || w.eq_ignore_ascii_case("or"));
    if only_joiners {
        String::new()
    } else {
        t.split_whitespace().collect::<Vec<_>>().join(" ")
    }
}
