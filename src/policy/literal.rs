//! What a pattern's text says, shared with `build.rs` (which includes this file): which hosts
//! a URL pattern can match (patterns naming their hosts are grouped and tried only on those
//! hosts), and whether a pattern can be matched case-sensitively in lower-cased text (how
//! vocabularies are compiled, at run time and into the binary). Depends on nothing else in
//! the crate.

/// The hosts a pattern can only match, when it starts with `^` and spells them literally up to
/// the first `/`: `^github\.com/…`, `^(?:github\.com|gitlab\.com)/…`,
/// `^research\.(?:fb|facebook)\.com/…` (lower case). None when it may match any host.
pub(crate) fn literal_hosts(pattern: &str) -> Option<Vec<String>> {
    let mut rest = pattern.strip_prefix('^')?;
    let mut hosts = vec![String::new()];
    loop {
        if rest.starts_with('/') {
            return Some(hosts);
        }
        if let Some(r) = rest.strip_prefix("(?:") {
            let end = r.find(')')?;
            let options: Vec<String> = r[..end]
                .split('|')
                .map(literal)
                .collect::<Option<Vec<_>>>()?;
            hosts = hosts
                .iter()
                .flat_map(|h| options.iter().map(move |o| format!("{h}{o}")))
                .collect();
            rest = &r[end + 1..];
            continue;
        }
        let end = rest.find(['/', '(']).unwrap_or(rest.len());
        if end == 0 {
            return None;
        }
        let lit = literal(&rest[..end])?;
        for h in &mut hosts {
            h.push_str(&lit);
        }
        rest = &rest[end..];
        if rest.is_empty() {
            return None;
        }
    }
}

/// A piece of a host written literally: letters, digits, `-` and `\.`; lower-cased.
fn literal(piece: &str) -> Option<String> {
    let mut out = String::new();
    let mut chars = piece.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.next() == Some('.') => out.push('.'),
            c if c.is_ascii_alphanumeric() || c == '-' => out.push(c.to_ascii_lowercase()),
            _ => return None,
        }
    }
    (!out.is_empty()).then_some(out)
}

/// Whether a pattern matches the same case-sensitively in lower-cased text as it does
/// case-insensitively: no capital letter outside an escape (`\S`, `\W` are fine), no escape
/// that spells a character by number, and no inline flags.
pub(crate) fn lower_case_only(p: &str) -> bool {
    let b = p.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' => {
                if matches!(b.get(i + 1), Some(b'x' | b'u' | b'U' | b'p' | b'P')) {
                    return false;
                }
                i += 2;
                continue;
            }
            b'(' if b.get(i + 1) == Some(&b'?') && !matches!(b.get(i + 2), Some(b':')) => {
                return false
            }
            c if c.is_ascii_uppercase() => return false,
            _ => {}
        }
        i += 1;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literal_hosts_of_patterns() {
        let h = |p: &str| literal_hosts(p);
        assert_eq!(h("^github\\.com/x"), Some(vec!["github.com".into()]));
        assert_eq!(
            h("^(?:GitHub\\.com|gitlab\\.com)/[^/]+"),
            Some(vec!["github.com".into(), "gitlab.com".into()])
        );
        assert_eq!(
            h("^research\\.(?:fb|facebook)\\.com/wp"),
            Some(vec![
                "research.fb.com".into(),
                "research.facebook.com".into()
            ])
        );
        for any in [
            "^[^/]+/docs",
            "github\\.com/x",
            "^sc\\d{2}\\.x\\.org/",
            "^a\\.com",
            "^(?:a|b.)c/",
        ] {
            assert_eq!(h(any), None, "{any}");
        }
    }
}
