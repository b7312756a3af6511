//! The invariants every run must keep, checked on arbitrary input by the fuzz targets
//! (`fuzz/`) and by the regression corpus they leave (`tests/fuzz_regressions.rs`). Not part of
//! the public API.

use crate::date::Date;
use crate::engine::{Engine, LintOptions};
use crate::input::SourceFile;
use crate::policy::Policy;
use crate::report::{render, Format, RenderOptions, RunReport};
use std::sync::OnceLock;

/// One policy and options for every input: patterns compile once, as in a real run over
/// many files.
fn setup() -> (&'static Policy, &'static LintOptions) {
    static POLICY: OnceLock<Policy> = OnceLock::new();
    static OPTS: OnceLock<LintOptions> = OnceLock::new();
    (
        POLICY.get_or_init(Policy::default_policy),
        // Fixes and the overview too: every phase of an offline run.
        OPTS.get_or_init(|| LintOptions {
            fix: true,
            overview: true,
            ..LintOptions::new(Date::parse("2026-12-02").expect("date"))
        }),
    )
}

thread_local! {
    static ENGINE: std::cell::RefCell<Option<Engine<'static>>> = const { std::cell::RefCell::new(None) };
}

/// Lints `text` with the default policy and every offline rule, fixes included, renders every
/// format, and panics if a finding's span or region is out of place or a second `--fix`
/// would change the fixed text.
pub fn lint_and_check(text: &str) {
    let (policy, opts) = setup();
    let file = ENGINE.with(|e| {
        e.borrow_mut()
            .get_or_insert_with(|| Engine::new(policy, opts))
            .lint(SourceFile::from_text("fuzz.md", text))
    });
    // With fixes applied, findings point into the fixed text.
    let text = file.text.as_str();
    for r in &file.findings {
        let (f, g) = (&r.finding, r.region);
        assert!(
            f.span.start <= f.span.end && f.span.end <= text.len(),
            "{} span {:?} out of the text ({} bytes)",
            f.rule.name,
            f.span,
            text.len()
        );
        assert!(
            text.is_char_boundary(f.span.start) && text.is_char_boundary(f.span.end),
            "{} span {:?} splits a character",
            f.rule.name,
            f.span
        );
        assert!(
            g.line >= 1
                && g.column >= 1
                && (g.line, g.column) <= (g.end_line, g.end_column)
                && g.end_line <= file.lines.line_count(),
            "{} region {g:?} is not a region of the text",
            f.rule.name
        );
    }
    if file.original.is_some() {
        let again = ENGINE.with(|e| {
            e.borrow_mut()
                .get_or_insert_with(|| Engine::new(policy, opts))
                .lint(SourceFile::from_text("fuzz.md", file.text.clone()))
        });
        assert!(
            again.original.is_none(),
            "a second --fix changed {:?} into {:?}",
            file.text,
            again.text
        );
    }
    let run = RunReport::new(vec![file]);
    for format in <Format as clap::ValueEnum>::value_variants() {
        let out = render(
            &run,
            *format,
            &RenderOptions {
                width: 80,
                ..RenderOptions::default()
            },
        );
        assert!(!out.is_empty());
    }
    let _ = crate::report::diff::render(&run);
}

/// Reads `text` as a user's policy file: it may be rejected, never panic.
pub fn read_policy(text: &str) {
    let _ = Policy::layered("fuzz.toml", text, &crate::rules::selectors());
}
