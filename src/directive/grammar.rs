//! Reading the text of a `sourcepolicy:` comment: the marker, then `key=value` pairs. What is
//! almost the grammar — a wrong case, a missing colon, `sourcepolicy-disable`, single or curly
//! quotes, a comma before a key — is read where the intent is clear and always reported, with
//! what to write instead: a comment that looks meant for sourcepolicy is never ignored.

use super::{Directive, Reach, Value};
use crate::error::did_you_mean;

pub(super) const MARKER: &str = "sourcepolicy:";

/// The keys a comment may use.
pub(super) const KEYS: [&str; 7] = [
    "type",
    "code",
    "ignore",
    "reason",
    "scope",
    "ignore-start",
    "ignore-end",
];

/// How a comment's body starts.
pub(super) enum Marker {
    /// Not meant for sourcepolicy.
    None,
    /// The pairs start at this byte of the body; a problem with the marker, if any (span within
    /// the body, message).
    Pairs(usize, Option<(std::ops::Range<usize>, String)>),
    /// Meant for sourcepolicy but not readable: (span within the body, message).
    Unreadable(std::ops::Range<usize>, String),
}

/// Reads the marker at the start of a comment's body (after leading spaces).
pub(super) fn marker(body: &str) -> Marker {
    let lead = body.len() - body.trim_start().len();
    let b = &body[lead..];
    if b.starts_with(MARKER) {
        return Marker::Pairs(lead + MARKER.len(), None);
    }
    // `SourcePolicy:`, `source-policy:`, `source policy:` …
    let word_len = [
        "sourcepolicy",
        "source-policy",
        "source_policy",
        "source policy",
    ]
    .iter()
    .find(|w| {
        b.get(..w.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(w))
    })
    .map(|w| w.len());
    let Some(n) = word_len else {
        return Marker::None;
    };
    let at = lead..lead + n;
    let rest = &b[n..];
    let fix = "write the marker as `sourcepolicy:` (lower case, one word, a colon)";
    if let Some(r) = rest.strip_prefix(':') {
        let _ = r;
        return Marker::Pairs(
            lead + n + 1,
            Some((
                lead..lead + n + 1,
                format!("`{}` is not the marker: {fix}", &b[..=n]),
            )),
        );
    }
    if rest.starts_with(['-', '_']) {
        // markdownlint-style: `sourcepolicy-disable`, `sourcepolicy-ignore`, …
        let word: String = rest[1..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
            .collect();
        let written = &b[..n + 1 + word.len()];
        let instead = if word.starts_with("enable") || word.ends_with("end") {
            "<!-- sourcepolicy: ignore-end -->"
        } else if word == "disable" || word.ends_with("start") {
            "<!-- sourcepolicy: ignore-start=RULE reason=\"…\" --> … <!-- sourcepolicy: ignore-end -->"
        } else {
            "<!-- sourcepolicy: ignore=RULE reason=\"…\" -->"
        };
        return Marker::Unreadable(
            lead..lead + written.len(),
            format!("`{written}` is not a sourcepolicy comment; did you mean `{instead}`?"),
        );
    }
    // `sourcepolicy ignore=…`: a key follows without the colon.
    let first = rest.split_whitespace().next().unwrap_or("");
    let key = first.split('=').next().unwrap_or("");
    let starts_with_space = rest.starts_with(char::is_whitespace);
    if starts_with_space
        && (first.contains('=') || KEYS.contains(&key.to_ascii_lowercase().as_str()))
    {
        return Marker::Pairs(
            lead + n,
            Some((
                at,
                format!("`{}` has no colon: write `sourcepolicy: {first}`", &b[..n]),
            )),
        );
    }
    Marker::None
}

/// Reads `key=value` pairs from `s`, which starts at byte `base` of the file.
pub(super) fn parse_pairs(s: &str, base: usize, d: &mut Directive) {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        if i >= b.len() {
            break;
        }
        let key_start = i;
        while i < b.len() && !b[i].is_ascii_whitespace() && b[i] != b'=' {
            i += 1;
        }
        let written = &s[key_start..i];
        let key_span = base + key_start..base + i;
        let key = known_key(written, key_span.clone(), d);
        if i >= b.len() || b[i] != b'=' {
            match key.as_deref() {
                Some("ignore-end") => set_reach(d, Reach::End, key_span),
                Some(k) => d
                    .problems
                    .push((key_span, format!("`{k}` needs a value: {k}=…"))),
                None if written.is_empty() => {}
                None => d.problems.push((
                    key_span,
                    format!("`{written}` is not of the form key=value"),
                )),
            }
            continue;
        }
        i += 1;
        let (value, vspan, next) = read_value(s, i, base, written, d);
        i = next;
        let val = Value {
            text: value,
            span: vspan,
        };
        let Some(key) = key else { continue };
        match key.as_str() {
            "type" => d.kind = Some(val),
            "code" => d.code = Some(val),
            "reason" => d.reason = Some(val.text),
            "ignore" | "ignore-start" => {
                if key == "ignore-start" {
                    set_reach(d, Reach::Block, key_span);
                }
                split_rules(&val, d);
            }
            "ignore-end" => {
                d.problems.push((
                    val.span.clone(),
                    "ignore-end takes no value: it closes the ignore-start before it".into(),
                ));
                set_reach(d, Reach::End, key_span);
            }
            "scope" => {
                if val.text == "section" {
                    set_reach(d, Reach::Section, key_span);
                } else {
                    let hint = did_you_mean(&val.text, ["section"])
                        .map(|s| format!("; did you mean `{s}`?"))
                        .unwrap_or_else(|| {
                            "; the only scope is `section` (on a comment above a heading)".into()
                        });
                    d.problems.push((
                        val.span.clone(),
                        format!("unknown scope `{}`{hint}", val.text),
                    ));
                }
            }
            _ => unreachable!("known keys"),
        }
    }
}

/// The key as the grammar knows it; a wrong case is read and reported, anything else is
/// reported with the closest key.
fn known_key(written: &str, span: std::ops::Range<usize>, d: &mut Directive) -> Option<String> {
    if written.is_empty() {
        return None;
    }
    if KEYS.contains(&written) {
        return Some(written.to_string());
    }
    let lower = written.to_ascii_lowercase();
    if KEYS.contains(&lower.as_str()) {
        d.problems.push((
            span,
            format!("write the key `{written}` in lower case: `{lower}`"),
        ));
        return Some(lower);
    }
    if written.contains('=') || written.starts_with(['"', '\'']) {
        return None; // not a key at all: reported by the caller
    }
    let hint = match did_you_mean(written, KEYS) {
        Some(k) => format!("did you mean `{k}`?"),
        None => format!("known keys: {}", KEYS.join(", ")),
    };
    d.problems
        .push((span, format!("unknown key `{written}`; {hint}")));
    None
}

/// A directive reaches one thing unless a key says otherwise; two such keys conflict.
fn set_reach(d: &mut Directive, reach: Reach, span: std::ops::Range<usize>) {
    if d.reach != Reach::Here && d.reach != reach {
        d.problems.push((
            span,
            "a comment is one of: on an entry, scope=section, ignore-start, ignore-end".into(),
        ));
        return;
    }
    d.reach = reach;
}

/// `ignore=a, b`: the rule names, each with its span.
fn split_rules(val: &Value, d: &mut Directive) {
    let mut off = val.span.start;
    for part in val.text.split(',') {
        let t = part.trim();
        if !t.is_empty() {
            let lead = part.len() - part.trim_start().len();
            d.ignore.push(Value {
                text: t.to_string(),
                span: off + lead..off + lead + t.len(),
            });
        }
        off += part.len() + 1;
    }
}

/// Reads the value that starts at byte `i` of `s`: `"quoted"` (with `\` escapes), or a run
/// without spaces that continues after a comma (`a, b`) unless a key follows the comma.
/// Single and curly quotes are read and reported. Returns the value, its span in the file and
/// where reading continues.
fn read_value(
    s: &str,
    mut i: usize,
    base: usize,
    key: &str,
    d: &mut Directive,
) -> (String, std::ops::Range<usize>, usize) {
    let b = s.as_bytes();
    let open = s[i..].chars().next();
    let close = match open {
        Some('"') => Some('"'),
        Some('\'') => Some('\''),
        Some('“') => Some('”'),
        Some('‘') => Some('’'),
        _ => None,
    };
    if let (Some(open), Some(close)) = (open, close) {
        if open != '"' {
            d.problems.push((
                base + i..base + i + open.len_utf8(),
                format!("quote the value of `{key}` with straight double quotes: {key}=\"…\""),
            ));
        }
        let start = i + open.len_utf8();
        let mut v = String::new();
        i = start;
        let mut closed = false;
        while i < b.len() {
            let ch = s[i..].chars().next().expect("char");
            if ch == '\\' && open == '"' && i + 1 < b.len() {
                let next = s[i + 1..].chars().next().expect("char");
                v.push(next);
                i += 1 + next.len_utf8();
            } else if ch == close {
                closed = true;
                i += ch.len_utf8();
                break;
            } else {
                v.push(ch);
                i += ch.len_utf8();
            }
        }
        if !closed {
            d.problems.push((
                base + start - open.len_utf8()..base + i,
                format!("the quoted value of `{key}` is not closed"),
            ));
        }
        let end = if closed { i - close.len_utf8() } else { i };
        return (v, base + start..base + end, i);
    }
    let start = i;
    loop {
        while i < b.len() && !b[i].is_ascii_whitespace() {
            i += 1;
        }
        // `ignore=a, b`: a list continues after a comma and spaces — unless a key follows.
        let mut j = i;
        while j < b.len() && b[j].is_ascii_whitespace() {
            j += 1;
        }
        if i > start && b[i - 1] == b',' && j < b.len() && j > i {
            let next: &str = s[j..].split_whitespace().next().unwrap_or("");
            let next_key = next.split('=').next().unwrap_or("");
            if next.contains('=') && KEYS.contains(&next_key.to_ascii_lowercase().as_str()) {
                d.problems.push((
                    base + i - 1..base + i,
                    format!(
                        "a comma separates rule names, not keys: remove the `,` before `{next_key}=`"
                    ),
                ));
                let v = s[start..i - 1].to_string();
                return (v, base + start..base + i - 1, i);
            }
            i = j;
        } else {
            break;
        }
    }
    (s[start..i].to_string(), base + start..base + i, i)
}
