//! sourcepolicy: lint curated Markdown resource lists against a written source policy.
//!
//! A run is a pipeline of phases over data the engine owns (`engine`): each input is read once
//! (`input`) and parsed once into a [`document::Document`] with its `sourcepolicy:` directives
//! (`parse`, `directive`); the facts phase (`facts`) learns what the rules need from outside
//! the file; the rules of [`rules::RULES`] — pure functions of the parsed file, the
//! [`policy::Policy`] and the facts — produce [`finding::Finding`]s; suppressions, the policy's
//! levels and `--select`/`--ignore` follow; the findings become one [`report::RunReport`],
//! which a renderer per format turns into text. The library never prints: `main` does.
//!
//! ```
//! use sourcepolicy::{date::Date, engine::{lint_text, LintOptions}, policy::Policy};
//!
//! let policy = Policy::default_policy();
//! let opts = LintOptions::new(Date::parse("2026-12-02").unwrap());
//! let text = "# Guide\n\n## Kernels\n\n\
//!             - [FlashAttention](https://arxiv.org/abs/2205.14135) - 2.3x faster on H100.\n";
//! let report = lint_text("README.md", text, &policy, &opts);
//! let f = &report.findings[0].finding;
//! assert_eq!(f.rule.name, "perf/missing-context");
//! assert_eq!(f.data.value()["missing"], serde_json::json!(["workload", "precision", "baseline", "correctness"]));
//! ```

#![warn(clippy::print_stdout, clippy::print_stderr)]

pub mod changed;
pub mod classify;
pub mod cli;
pub mod date;
pub mod devices;
pub mod directive;
pub mod document;
pub mod engine;
pub mod error;
pub mod facts;
pub mod finding;
pub mod fix;
pub mod html;
pub mod input;
#[doc(hidden)]
pub mod invariants;
pub mod lines;
pub mod net;
pub mod parse;
pub mod policy;
pub mod report;
pub mod rules;
pub mod slug;
pub mod target;
pub mod units;
pub mod walk;

use error::Error;
use policy::LoadedPolicy;
use std::path::{Path, PathBuf};

/// Loads `explicit`, else the policy file discovery finds from `cwd` (`sourcepolicy.toml`,
/// `.sourcepolicy.toml`, `policy.toml`; in a git repository also in parents up to its root),
/// else the embedded default.
pub fn load_policy(explicit: Option<&Path>, cwd: &Path) -> Result<LoadedPolicy, Error> {
    policy::load(explicit, cwd, &rules::selectors())
}

/// The inputs to read: those given (files, folders, globs, `-` for standard input named
/// `stdin_name`), else the policy's `[list] files` (relative to the project folder the policy
/// was discovered in, else the current folder; globs allowed), else README.md.
pub fn resolve_files(
    given: &[PathBuf],
    stdin_name: Option<&Path>,
    loaded: &LoadedPolicy,
) -> walk::Inputs {
    // `--stdin-filename` alone means standard input (as in ruff); with FILES it names `-`.
    if given.is_empty() && stdin_name.is_some() {
        return walk::resolve(&[PathBuf::from("-")], stdin_name);
    }
    if !given.is_empty() {
        let mut found = walk::resolve(given, stdin_name);
        if stdin_name.is_some() && !given.iter().any(|g| g.as_os_str() == "-") {
            found.warnings.push(
                "--stdin-filename names standard input, but `-` is not among the FILES".into(),
            );
        }
        return found;
    }
    let base = &loaded.base;
    let files: Vec<PathBuf> = loaded
        .policy
        .list
        .files
        .iter()
        .map(|f| {
            if base == Path::new(".") {
                PathBuf::from(f)
            } else {
                base.join(f)
            }
        })
        .collect();
    if files.is_empty() {
        return walk::resolve(&[PathBuf::from("README.md")], None);
    }
    let mut found = walk::resolve(&files, None);
    // Files the policy names stay inside its project, symbolic links included (the policy
    // refuses absolute paths and `..` already).
    if let Ok(fence) = std::fs::canonicalize(base) {
        found.inputs.retain(|i| {
            let walk::Input::File(p) = i else { return true };
            let inside = std::fs::canonicalize(p).map_or(true, |c| c.starts_with(&fence));
            if !inside {
                found.errors.push(Error::new(format!(
                    "{} leads outside the project ({}); not read",
                    p.display(),
                    fence.display()
                )));
            }
            inside
        });
    }
    found
}

/// `explain`: a rule's explanation, a family's rules, or (None) the table of all rules.
pub fn explain(rule: Option<&str>) -> Result<String, Error> {
    let Some(name) = rule else {
        return Ok(rules::table());
    };
    if let Some(r) = rules::find(name) {
        return Ok(format!(
            "# {}\n\nDefault severity: {}. {}\n\n{}",
            r.name,
            r.severity.as_str(),
            capitalise(r.summary),
            r.explanation
        ));
    }
    if rules::families().contains(&name) {
        return Ok(rules::table_of(Some(name)));
    }
    let mut e = Error::new(format!("no rule or family named `{name}`"));
    e = match error::did_you_mean_rule(name, rules::selectors()) {
        Some(s) => e.with_help(format!("did you mean `{s}`?")),
        None => e.with_help("`sourcepolicy explain` lists every rule"),
    };
    Err(e)
}

/// The warning for a run that can check nothing: `--select` leaves only rules that need
/// `--online` (`link/broken`, `link/redirect`, …), and `--online` is not given. None when
/// `online` is set, when no rule is left, or when any rule left runs offline.
pub fn offline_selection_warning(selection: &engine::Selection, online: bool) -> Option<String> {
    if online {
        return None;
    }
    let selected: Vec<&finding::Rule> = rules::all().filter(|r| selection.allows(r.name)).collect();
    if selected.is_empty() || !selected.iter().all(|r| r.online) {
        return None;
    }
    let names: Vec<&str> = selected.iter().map(|r| r.name).collect();
    Some(format!(
        "{}: these rules run only with --online; nothing was checked",
        names.join(", ")
    ))
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str() + ".",
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::Selection;

    fn warning(select: &[&str], ignore: &[&str], online: bool) -> Option<String> {
        let list = |l: &[&str]| l.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let selection = Selection::new(&list(select), &list(ignore)).unwrap();
        offline_selection_warning(&selection, online)
    }

    #[test]
    fn a_selection_of_online_rules_alone_warns_without_online() {
        assert_eq!(
            warning(&["link/broken", "link/redirect"], &[], false).as_deref(),
            Some("link/broken, link/redirect: these rules run only with --online; nothing was checked")
        );
        assert_eq!(
            warning(&["link/private-address"], &[], false).as_deref(),
            Some("link/private-address: these rules run only with --online; nothing was checked")
        );
        // Online, or any offline rule selected, or nothing selected at all: no warning.
        assert_eq!(warning(&["link/broken"], &[], true), None);
        assert_eq!(warning(&["link"], &[], false), None);
        assert_eq!(
            warning(&["link/broken", "link/duplicate"], &[], false),
            None
        );
        assert_eq!(warning(&[], &[], false), None);
        assert_eq!(warning(&[], &["structure"], false), None);
        assert_eq!(warning(&["link/broken"], &["link"], false), None);
    }
}
