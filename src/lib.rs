//! sourcepolicy: lint curated Markdown resource lists against a written source policy.
//!
//! Pipeline: a Markdown file is parsed once into a [`document::Document`]; the [`policy::Policy`]
//! (the embedded default with the user's file layered on top) scopes its sections; the rules of
//! [`rules::RULES`] turn both into [`finding::Finding`]s; suppression comments and the policy's
//! severities are applied in [`lint`]; a renderer in [`report`] turns the result into text.
//! The library never prints: `main` does.
//!
//! ```
//! use sourcepolicy::{date::Date, lint::{lint_text, LintOptions}, policy::Policy};
//!
//! let policy = Policy::default_policy();
//! let opts = LintOptions {
//!     today: Date::parse("2026-12-02").unwrap(),
//!     selection: Default::default(),
//! };
//! let text = "# Guide\n\n## Kernels\n\n\
//!             - [FlashAttention](https://arxiv.org/abs/2205.14135) - 2.3x faster on H100.\n";
//! let report = lint_text("README.md", text.to_string(), &policy, &opts);
//! let f = &report.findings[0];
//! assert_eq!(f.rule, "perf/missing-context");
//! assert_eq!(f.data["missing"], serde_json::json!(["workload", "precision", "baseline", "correctness"]));
//! ```

#![warn(clippy::print_stdout, clippy::print_stderr)]

pub mod cli;
pub mod date;
pub mod document;
pub mod error;
pub mod finding;
pub mod lines;
pub mod lint;
pub mod net;
pub mod policy;
pub mod report;
pub mod rules;
pub mod slug;
pub mod suppress;

use error::Error;
use policy::Policy;
use std::path::{Path, PathBuf};

/// The four admissible source kinds, as written in `type=` comments and json output.
pub const KINDS: [&str; 4] = ["paper", "docs", "repo", "report"];

/// The policy in effect and the file it came from (None: the embedded default).
pub struct LoadedPolicy {
    pub policy: Policy,
    pub path: Option<PathBuf>,
}

/// Loads `explicit`, else the nearest `policy.toml` from `cwd` up to the repository root,
/// else the embedded default.
pub fn load_policy(explicit: Option<&Path>, cwd: &Path) -> Result<LoadedPolicy, Error> {
    let path = match explicit {
        Some(p) => Some(p.to_path_buf()),
        None => policy::discover(cwd),
    };
    let Some(path) = path else {
        return Ok(LoadedPolicy {
            policy: Policy::default_policy(),
            path: None,
        });
    };
    let shown = path.display().to_string();
    let bytes = std::fs::read(&path).map_err(|e| {
        Error::new(format!("cannot read policy {shown}: {e}"))
            .with_help("pass an existing file to --policy, or run `sourcepolicy init`")
    })?;
    let text = String::from_utf8(bytes)
        .map_err(|_| Error::new(format!("policy {shown} is not valid UTF-8")))?;
    let policy = Policy::layered(&shown, &text, &rules::selectors())?;
    Ok(LoadedPolicy {
        policy,
        path: Some(path),
    })
}

/// The files to lint: those given, else the policy's `[list] files` (relative to the policy
/// file's folder), else README.md.
pub fn resolve_files(given: &[PathBuf], loaded: &LoadedPolicy) -> Result<Vec<PathBuf>, Error> {
    if !given.is_empty() {
        return Ok(given.to_vec());
    }
    let dir = loaded
        .path
        .as_deref()
        .and_then(Path::parent)
        .filter(|d| !d.as_os_str().is_empty());
    let files: Vec<PathBuf> = loaded
        .policy
        .list
        .files
        .iter()
        .map(|f| dir.map_or_else(|| PathBuf::from(f), |d| d.join(f)))
        .collect();
    if files.is_empty() {
        return Ok(vec![PathBuf::from("README.md")]);
    }
    Ok(files)
}

/// Lints every file; the first unreadable file fails the run.
pub fn lint_files(
    files: &[PathBuf],
    policy: &Policy,
    opts: &lint::LintOptions,
) -> Result<Vec<lint::FileReport>, Error> {
    let mut texts = Vec::with_capacity(files.len());
    for f in files {
        texts.push(lint::read_list(f, policy.list.max_file_bytes)?);
    }
    Ok(files
        .iter()
        .zip(texts)
        .map(|(f, text)| lint::lint_text(&f.display().to_string(), text, policy, opts))
        .collect())
}

/// Every source of every file, with its classification.
pub fn list_sources(
    files: &[PathBuf],
    policy: &Policy,
) -> Result<Vec<report::entries::SourceRow>, Error> {
    let mut rows = Vec::new();
    for f in files {
        let text = lint::read_list(f, policy.list.max_file_bytes)?;
        rows.extend(lint::source_rows(&f.display().to_string(), &text, policy));
    }
    Ok(rows)
}

/// `explain`: a rule's explanation, a family's rules, or (None) the table of all rules.
pub fn explain(rule: Option<&str>) -> Result<String, Error> {
    let Some(name) = rule else {
        return Ok(rules_table());
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
        let mut s = format!("Rules of the `{name}` family:\n\n");
        for r in rules::RULES.iter().filter(|r| r.family() == name) {
            s.push_str(&format!(
                "  {:<30} {:<8} {}\n",
                r.name,
                r.severity.as_str(),
                r.summary
            ));
        }
        s.push_str("\n`sourcepolicy explain RULE` explains one.\n");
        return Ok(s);
    }
    let mut e = Error::new(format!("no rule or family named `{name}`"));
    e = match error::did_you_mean(name, rules::selectors()) {
        Some(s) => e.with_help(format!("did you mean `{s}`?")),
        None => e.with_help("`sourcepolicy explain` lists every rule"),
    };
    Err(e)
}

/// The table of all rules, as `explain` prints it and README.md shows it.
pub fn rules_table() -> String {
    let mut s = String::from("| rule | default | fires when |\n|---|---|---|\n");
    for r in rules::RULES {
        s.push_str(&format!(
            "| `{}` | {} | {} |\n",
            r.name,
            r.severity.as_str(),
            r.summary
        ));
    }
    s
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str() + ".",
        None => String::new(),
    }
}

/// `init`: writes the default policy to `path`, never over an existing file. The text goes to
/// a temporary file first and is linked into place, so `path` is either absent or complete.
pub fn init(path: &Path) -> Result<(), Error> {
    let shown = path.display();
    if path.exists() {
        return Err(
            Error::new(format!("{shown} already exists; not overwriting it")).with_help(
                "`sourcepolicy policy` prints the policy in effect; edit the file you have",
            ),
        );
    }
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let tmp = dir.join(format!(".sourcepolicy-init-{}.tmp", std::process::id()));
    let write = || -> std::io::Result<()> {
        use std::io::Write;
        let mut f = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)?;
        f.write_all(policy::DEFAULT_POLICY.as_bytes())?;
        f.sync_all()?;
        // hard_link fails if `path` appeared meanwhile: never clobbers.
        std::fs::hard_link(&tmp, path)
    };
    let result = write();
    let _ = std::fs::remove_file(&tmp);
    result.map_err(|e| {
        if e.kind() == std::io::ErrorKind::AlreadyExists {
            Error::new(format!("{shown} already exists; not overwriting it"))
        } else {
            Error::new(format!("cannot write {shown}: {e}"))
        }
    })
}
