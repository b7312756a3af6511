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
        .split(|c: char| {
            c.is_whitespace() || matches!(c, ',' | ';' | '.' | '(' | ')' | '|' | '/' | '&')
        })
        .all(|w| w.is_empty() || w.eq_ignore_ascii_case("and") || w.eq_ignore_ascii_case("or"));
    if only_joiners {
        String::new()
    } else if single_spaced(t) {
        // Words already apart by single spaces (most descriptions): nothing to join.
        t.to_string()
    } else {
        let mut out = String::with_capacity(t.len());
        for w in t.split_whitespace() {
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(w);
        }
        out
    }
}

/// Whether the words of `t` (trimmed: no white space at either end) are apart by single
/// spaces, with no other white space: then joining its words by one space gives `t` back.
/// Byte by byte, decoding only the characters outside ASCII.
fn single_spaced(t: &str) -> bool {
    let b = t.as_bytes();
    let (mut i, mut after_space) = (0, true);
    while i < b.len() {
        let x = b[i];
        if x == b' ' {
            if after_space {
                return false;
            }
            after_space = true;
            i += 1;
        } else if x.is_ascii() {
            // ASCII white space other than the space (`char::is_whitespace` includes 0x0B)
            if matches!(x, b'\t' | b'\n' | 0x0B | 0x0C | b'\r') {
                return false;
            }
            after_space = false;
            i += 1;
        } else {
            let c = t[i..].chars().next().expect("a character starts here");
            if c.is_whitespace() {
                return false;
            }
            after_space = false;
            i += c.len_utf8();
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::{description_of, single_spaced};

    #[test]
    fn single_spacing_is_judged_in_one_pass() {
        for t in [
            "Fast kernels for GEMM",
            "two  spaces",
            "tab\there",
            "caf\u{e9} au lait",
            "\u{4e2d}\u{6587} \u{6559}\u{7a0b}",
            "no\u{a0}break",
            "ideographic\u{3000}space",
            "",
            "a \u{b} b",
            "next\u{85}line",
            "en\u{2002}space",
            "\u{1680}",
            " lead",
        ] {
            let joined = t.split_whitespace().collect::<Vec<_>>().join(" ");
            assert_eq!(single_spaced(t), joined == t, "{t:?}");
        }
    }

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
