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
    } else if t.is_ascii()
        && !t
            .bytes()
            .any(|b| matches!(b, b'\t' | b'\n' | 0x0B | 0x0C | b'\r'))
        && !t.contains("  ")
    {
        // Words already apart by single spaces (most descriptions): nothing to join.
        t.to_string()
    } else {
        t.split_whitespace().collect::<Vec<_>>().join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::description_of;

    #[test]
    fn runs_of_white_space_become_one_space() {
        assert_eq!(
            description_of(" - Fast  kernels\tfor\nGEMM "),
            "Fast kernels for GEMM"
        );
        assert_eq!(
            description_of("- caf\u{e9}\u{a0} au lait"),
            "caf\u{e9} au lait"
        );
        assert_eq!(description_of("Plain words here"), "Plain words here");
        assert_eq!(description_of("a\u{b}b"), "a b");
        assert_eq!(description_of(", and "), "");
    }
}
