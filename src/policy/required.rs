//! The literals every match of a pattern contains, shared with `build.rs` (which includes this
//! file, and is its only user outside tests): for each built DFA of URL patterns, `build.rs`
//! writes what a URL must contain for one of its patterns to match, so that a run skips the
//! DFAs a URL cannot match (`src/policy/compiled.rs`) instead of walking each over the URL.
//! Depends on nothing else in the crate.

use regex_syntax::hir::{Class, Hir, HirKind};

/// The most strings an exact set (`exact`) may hold.
const MAX_STRINGS: usize = 48;

/// What every match of `hir` contains: sets of literals (lower case, each at least two bytes),
/// each set naming strings of which every match contains at least one. Empty when nothing is
/// certain. A weaker answer than the truth is always allowed (a set may be dropped, or grow),
/// never a stronger one: the literals are a filter run before the pattern itself, so they
/// must never reject a string the pattern matches. Lower case because the filter compares
/// without regard to ASCII case.
pub(crate) fn required(hir: &Hir) -> Vec<Vec<String>> {
    let mut sets = needed(hir);
    for set in &mut sets {
        // a string that contains another of its set adds nothing to it
        let all = std::mem::take(set);
        set.extend(
            all.iter()
                .filter(|s| {
                    !all.iter()
                        .any(|t| t.len() < s.len() && s.contains(t.as_str()))
                })
                .cloned(),
        );
        set.sort();
        set.dedup();
    }
    // a one-byte literal (`/`, `.`) is in nearly every URL: it filters nothing
    sets.retain(|s| !s.is_empty() && s.iter().all(|l| l.len() >= 2));
    sets.sort();
    sets.dedup();
    sets
}

/// Sets of literals every match contains one of (a conjunction of disjunctions).
fn needed(hir: &Hir) -> Vec<Vec<String>> {
    if let Some(strings) = exact(hir) {
        return useful(strings).into_iter().collect();
    }
    match hir.kind() {
        HirKind::Capture(c) => needed(&c.sub),
        HirKind::Repetition(r) if r.min >= 1 => needed(&r.sub),
        HirKind::Concat(parts) => {
            // Runs of parts whose strings are known are joined (`\.` then `pdf` is `.pdf`);
            // any other part adds what it needs itself.
            let mut out = Vec::new();
            let mut run = vec![String::new()];
            for part in parts {
                match exact(part).and_then(|e| joined(&run, &e)) {
                    Some(longer) => run = longer,
                    None => {
                        out.extend(useful(std::mem::replace(&mut run, vec![String::new()])));
                        match exact(part) {
                            Some(e) => run = e,
                            None => out.extend(needed(part)),
                        }
                    }
                }
            }
            out.extend(useful(run));
            out
        }
        HirKind::Alternation(branches) => {
            // Every branch must need something; one set of each, together, is needed.
            let mut union = Vec::new();
            for branch in branches {
                match needed(branch).into_iter().max_by_key(|s| strength(s)) {
                    Some(set) => union.extend(set),
                    None => return Vec::new(),
                }
            }
            vec![union]
        }
        _ => Vec::new(),
    }
}

/// How much a set filters: its shortest literal's length, then fewer literals.
fn strength(set: &[String]) -> (usize, std::cmp::Reverse<usize>) {
    let shortest = set.iter().map(String::len).min().unwrap_or(0);
    (shortest, std::cmp::Reverse(set.len()))
}

/// A set of strings as a requirement: none when it holds the empty string (a match need not
/// contain anything of it).
fn useful(strings: Vec<String>) -> Option<Vec<String>> {
    (!strings.iter().any(String::is_empty)).then_some(strings)
}

/// Every string of `a` followed by every string of `b`, if not too many.
fn joined(a: &[String], b: &[String]) -> Option<Vec<String>> {
    if a.len() * b.len() > MAX_STRINGS {
        return None;
    }
    let mut out: Vec<String> = a
        .iter()
        .flat_map(|x| b.iter().map(move |y| format!("{x}{y}")))
        .collect();
    out.sort();
    out.dedup();
    Some(out)
}

/// All the strings `hir` matches (lower case), if they are few: literals, small classes
/// (`[Ss]`, `[_.-]`), and what concatenation, alternation and `?` make of them. Assertions
/// (`^`, `$`, `\b`) match the empty string.
fn exact(hir: &Hir) -> Option<Vec<String>> {
    match hir.kind() {
        HirKind::Empty | HirKind::Look(_) => Some(vec![String::new()]),
        HirKind::Literal(lit) => {
            let s = std::str::from_utf8(&lit.0).ok()?;
            Some(vec![s.to_ascii_lowercase()])
        }
        HirKind::Class(class) => class_strings(class),
        HirKind::Capture(c) => exact(&c.sub),
        HirKind::Repetition(r) if r.max == Some(1) => {
            let mut strings = exact(&r.sub)?;
            if r.min == 0 {
                strings.push(String::new());
            }
            strings.sort();
            strings.dedup();
            Some(strings)
        }
        HirKind::Concat(parts) => parts
            .iter()
            .try_fold(vec![String::new()], |acc, p| joined(&acc, &exact(p)?)),
        HirKind::Alternation(branches) => {
            let mut out = Vec::new();
            for b in branches {
                out.extend(exact(b)?);
                if out.len() > MAX_STRINGS {
                    return None;
                }
            }
            out.sort();
            out.dedup();
            Some(out)
        }
        HirKind::Repetition(_) => None,
    }
}

/// The characters of a class of a few ASCII characters, lower-cased (`[Ss]` is `s`).
fn class_strings(class: &Class) -> Option<Vec<String>> {
    let mut chars: Vec<char> = Vec::new();
    let mut add = |lo: u32, hi: u32| -> Option<()> {
        if hi - lo > 8 {
            return None;
        }
        for c in lo..=hi {
            let c = char::from_u32(c).filter(char::is_ascii)?;
            chars.push(c.to_ascii_lowercase());
        }
        Some(())
    };
    match class {
        Class::Bytes(b) => {
            for r in b.ranges() {
                add(u32::from(r.start()), u32::from(r.end()))?;
            }
        }
        Class::Unicode(u) => {
            for r in u.ranges() {
                add(u32::from(r.start()), u32::from(r.end()))?;
            }
        }
    }
    chars.sort();
    chars.dedup();
    (chars.len() <= 4).then(|| chars.into_iter().map(String::from).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(pattern: &str) -> Vec<Vec<String>> {
        let hir = regex_syntax::ParserBuilder::new()
            .unicode(false)
            .utf8(false)
            .case_insensitive(true)
            .build()
            .parse(pattern)
            .unwrap();
        required(&hir)
    }

    fn sets(sets: &[&[&str]]) -> Vec<Vec<String>> {
        sets.iter()
            .map(|s| s.iter().map(|l| l.to_string()).collect())
            .collect()
    }

    #[test]
    fn literals_joined_across_classes_and_options() {
        assert_eq!(
            of(r"^.*\.(?:pptx?|key|odp)$"),
            sets(&[&[".key", ".odp", ".ppt"]])
        );
        assert_eq!(
            of(r"^(?:github\.com|gitlab\.com)/[^/]+/[^/]+/(?:-/)?(?:blob|raw)/"),
            sets(&[&["/blob/", "/raw/"], &["github.com/", "gitlab.com/"]])
        );
        // case folds: the filter compares without regard to case
        assert_eq!(of(r"^Usenix\.ORG/"), sets(&[&["usenix.org/"]]));
        assert_eq!(
            of(r"[_.-](?:slides?)"),
            sets(&[&["-slide", ".slide", "_slide"]])
        );
    }

    #[test]
    fn what_may_be_absent_is_not_required() {
        // an optional part, a part that may repeat zero times, a branch that needs nothing
        assert_eq!(of(r"^[^/]+/(?:docs)?$"), sets(&[]));
        assert_eq!(of(r"^[^/]+/(?:[^/]+/)*x"), sets(&[]));
        assert_eq!(of(r"(?:abc|\d+)[yz]"), sets(&[]));
        // what follows a part that may be absent is still needed
        assert_eq!(of(r"^(?:abc|[^/]+)/x"), sets(&[&["/x"]]));
        // a class too large to spell, a one-byte literal
        assert_eq!(of(r"\d{4}"), sets(&[]));
        assert_eq!(of(r"^[^/]+/\d+/"), sets(&[]));
        // a repetition of at least one keeps what one copy needs
        assert_eq!(of(r"(?:abc)+"), sets(&[&["abc"]]));
    }

    #[test]
    fn every_branch_of_an_alternation_gives_its_strongest_set() {
        assert_eq!(
            of(r"^(?:[^/]+\.)?(?:dspace|eprints?)\.[^/]+/|^[^/]+/handle/\d+"),
            sets(&[&["/handle/", "dspace.", "eprint.", "eprints."]])
        );
    }
}
