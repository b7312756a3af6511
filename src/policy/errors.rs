//! Policy errors that point into the file: `file:line:col: invalid policy: message`, the
//! offending text underlined, and help: the check's own, a close key (only keys of that
//! table, and the `extend_` twins of its lists), or the valid keys.

use super::{checked, layer, DEFAULT_POLICY};
use crate::error::{did_you_mean, Error};

/// A policy error at `span` of the file: `file:line:col: invalid policy: message`, the text
/// underlined with `label`.
pub(super) fn positioned(
    name: &str,
    text: &str,
    span: std::ops::Range<usize>,
    message: &str,
    label: &str,
) -> Error {
    let pos = crate::lines::LineIndex::new(text).position(text, span.start);
    Error::new(format!(
        "{name}:{}:{}: invalid policy: {message}",
        pos.line, pos.column
    ))
    .at(name, text, span, label)
}

/// A policy error: `file:line:col: invalid policy: message`, the offending text underlined
/// (the position comes from the TOML parser), and a suggestion where one is close.
pub(super) fn toml_error(name: &str, text: &str, e: &toml::de::Error) -> Error {
    let full = e.message().trim().to_string();
    // A checked value's message carries its own help after a line break.
    let (message, help) = match full.split_once(checked::HELP) {
        Some((m, h)) => (m.to_string(), Some(h.to_string())),
        None => (full.clone(), None),
    };
    let span = checked::take_failed_at()
        .or_else(|| e.span())
        .unwrap_or(0..0);
    let mut err = positioned(name, text, span.clone(), &message, &short_label(&message));
    if let Some(h) = help {
        return err.with_help(h);
    }
    // serde: "unknown field `x`, expected one of `a`, `b`" / "expected `a` or `b`"
    if let Some(rest) = message.strip_prefix("unknown field `") {
        if let Some((unknown, expected)) = rest.split_once('`') {
            let keys: Vec<&str> = expected.split('`').skip(1).step_by(2).collect();
            // Each list key of this table also has its `extend_` twin.
            let lists = layer::lists_beside(
                &DEFAULT_POLICY.parse().expect("embedded policy parses"),
                text,
                span.clone(),
            );
            let twins: Vec<String> = keys
                .iter()
                .filter(|k| lists.iter().any(|l| l == *k))
                .map(|k| format!("{}{k}", layer::EXTEND))
                .collect();
            let candidates = keys.iter().copied().chain(twins.iter().map(String::as_str));
            err = match (unknown.strip_prefix(layer::EXTEND), did_you_mean(unknown, candidates)) {
                (Some(base), _) if keys.contains(&base) => err.with_help(format!(
                    "`{unknown}` adds to a default list, and this table has none: write `{base} = [...]`"
                )),
                (_, Some(s)) => err.with_help(format!("did you mean `{s}`?")),
                (_, None) => {
                    let mut all: Vec<&str> = keys.clone();
                    all.extend(twins.iter().map(String::as_str));
                    err.with_help(format!("valid keys here: {}", all.join(", ")))
                }
            };
        }
    } else if message.contains("unknown variant") {
        err = err.with_help("a rule level is \"error\", \"warning\" or \"off\"");
    }
    err
}

fn short_label(message: &str) -> String {
    if message.starts_with("unknown field") {
        "unknown key".into()
    } else if message.starts_with("invalid type") {
        "wrong type".into()
    } else if message.starts_with("invalid regular expression") {
        "bad pattern".into()
    } else if message.starts_with("[rules] names unknown rule") {
        "no such rule or family".into()
    } else if message.starts_with("host entry") {
        "bad host entry".into()
    } else if message.starts_with("unknown section scope") {
        "no such scope".into()
    } else if message.starts_with("verified_pattern") {
        "no (?P<date>…) group".into()
    } else {
        "here".into()
    }
}
