use clap::Parser;
use sourcepolicy::changed::Changes;
use sourcepolicy::cli::{Cli, Command, EntriesFormat};
use sourcepolicy::date::Date;
use sourcepolicy::engine::{LintOptions, Selection};
use sourcepolicy::error::Error;
use sourcepolicy::report::{self, Format, RunReport};
use std::io::{IsTerminal, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    std::panic::set_hook(Box::new(|info| {
        let msg = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown".into());
        let at = info
            .location()
            .map(|l| format!(" at {}:{}", l.file(), l.line()))
            .unwrap_or_default();
        eprintln!("sourcepolicy: internal error: {msg}{at}; please report it with the input");
    }));
    let cli = Cli::parse();
    match std::panic::catch_unwind(|| run(cli)) {
        Ok(Ok(code)) => ExitCode::from(code),
        Ok(Err(e)) => {
            print_error(&e);
            ExitCode::from(2)
        }
        Err(_) => ExitCode::from(2),
    }
}

fn color_on(stream_is_tty: bool) -> bool {
    report::human::color_enabled(stream_is_tty, std::env::var_os("NO_COLOR").as_deref())
}

fn width() -> usize {
    std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.parse().ok())
        .filter(|&w: &usize| w >= 40)
        .unwrap_or(100)
}

fn print_error(e: &Error) {
    let theme = if color_on(std::io::stderr().is_terminal()) {
        miette::GraphicalTheme::unicode()
    } else {
        miette::GraphicalTheme::unicode_nocolor()
    };
    let mut s = String::new();
    let handler = miette::GraphicalReportHandler::new_themed(theme).with_width(width());
    if handler.render_report(&mut s, e).is_err() {
        s = format!("error: {e}\n");
    }
    let _ = std::io::stderr().write_all(s.as_bytes());
}

/// Writes to stdout; a closed pipe (`| head`) is not an error.
fn emit(s: &str) {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(s.as_bytes()).and_then(|_| out.flush());
}

fn run(cli: Cli) -> Result<u8, Error> {
    let cwd = std::env::current_dir().map_err(|e| Error::new(format!("no current folder: {e}")))?;
    match cli.command {
        Command::Lint(args) => {
            let today = match &args.today {
                Some(s) => Date::parse(s).map_err(|e| {
                    Error::new(format!("--today {s}: the date {e}")).with_help(
                        "give a real calendar day as YYYY-MM-DD, e.g. --today 2026-09-01",
                    )
                })?,
                None => Date::today_utc(),
            };
            let selection = Selection::new(&args.select, &args.ignore)?;
            let loaded = sourcepolicy::load_policy(args.policy.policy.as_deref(), &cwd)?;
            let files = sourcepolicy::resolve_files(&args.files, &loaded)?;
            let ci = &args.ci;
            if ci.statistics
                && (args.format.is_machine_readable() || args.format == Format::Summary)
            {
                return Err(Error::new(format!(
                    "--statistics prints a table of counts; it does not go with --format {}",
                    format_name(args.format)
                ))
                .with_help("use --format human or concise with --statistics"));
            }
            let step_summary = std::env::var_os("GITHUB_STEP_SUMMARY")
                .filter(|p| !p.is_empty() && args.format == Format::Github);
            let changes = match &ci.changed_since {
                Some(reference) => Some(Changes::since(reference, &files)?),
                None => None,
            };
            let opts = LintOptions {
                today,
                selection,
                online: false,
                changes,
                fix: ci.fix || ci.diff,
                overview: args.format.needs_overview() || step_summary.is_some(),
            };
            let run = sourcepolicy::engine::lint_files(&files, &loaded.policy, &opts)?;
            if ci.diff {
                emit(&report::diff::render(&run));
                eprint_fixes(&run, true, ci.quiet);
                let changed = run.files.iter().any(|f| f.original.is_some());
                return Ok(u8::from(changed && !ci.exit_zero));
            }
            if ci.fix {
                write_fixes(&run)?;
                eprint_fixes(&run, false, ci.quiet);
            }
            let out = report::render(
                &run,
                args.format,
                &report::RenderOptions {
                    color: color_on(std::io::stdout().is_terminal()),
                    width: width(),
                    quiet: ci.quiet,
                    statistics: ci.statistics,
                },
            );
            emit(&out);
            if let Some(path) = &ci.sarif_file {
                sourcepolicy::fix::write_atomic(path, report::sarif::render(&run).as_bytes())
                    .map_err(|e| {
                        Error::new(format!(
                            "cannot write the SARIF report to {}: {}",
                            path.display(),
                            sourcepolicy::input::io_reason(&e)
                        ))
                    })?;
            }
            if let Some(path) = step_summary {
                append_summary(std::path::Path::new(&path), &report::summary::render(&run));
            }
            Ok(u8::from(!ci.exit_zero && run.failed(ci.deny_warnings)))
        }
        Command::Entries(args) => {
            let loaded = sourcepolicy::load_policy(args.policy.policy.as_deref(), &cwd)?;
            let files = sourcepolicy::resolve_files(&args.files, &loaded)?;
            let rows = sourcepolicy::engine::list_sources(&files, &loaded.policy)?;
            emit(&match args.format {
                EntriesFormat::Json => report::entries::render_json(&rows),
                EntriesFormat::Table => report::entries::render_table(&rows, width()),
            });
            Ok(0)
        }
        Command::Explain { rule } => {
            emit(&sourcepolicy::explain(rule.as_deref())?);
            Ok(0)
        }
        Command::Init { path } => {
            sourcepolicy::policy::load::init(&path)?;
            emit(&format!(
                "wrote {}: the default policy, commented key by key; delete what you do not change\n",
                path.display()
            ));
            Ok(0)
        }
        Command::Policy { policy } => {
            let loaded = sourcepolicy::load_policy(policy.policy.as_deref(), &cwd)?;
            let origin = match &loaded.path {
                Some(p) => format!(
                    "# The built-in policy with {} layered on top.\n\n",
                    p.display()
                ),
                None => "# The built-in policy (no policy.toml found).\n\n".to_string(),
            };
            emit(&(origin + &loaded.policy.to_toml()));
            Ok(0)
        }
    }
}

/// A format's name as `--format` spells it.
fn format_name(f: Format) -> String {
    use clap::ValueEnum;
    f.to_possible_value()
        .map(|v| v.get_name().to_string())
        .unwrap_or_default()
}

/// `--fix`: writes each fixed file back, atomically, unless it changed on disk meanwhile.
fn write_fixes(run: &RunReport) -> Result<(), Error> {
    for f in &run.files {
        let Some(original) = &f.original else {
            continue;
        };
        let Some(path) = &f.source else {
            eprintln!(
                "sourcepolicy: {} is not a file; nothing written (--diff shows the fixes)",
                f.path
            );
            continue;
        };
        match sourcepolicy::fix::write_back(path, original, &f.text) {
            Ok(true) => {}
            Ok(false) => eprintln!(
                "sourcepolicy: {} changed on disk while it was linted; not fixed (run again)",
                f.path
            ),
            Err(e) => {
                return Err(Error::new(format!(
                    "cannot write the fixes to {}: {}",
                    f.path,
                    sourcepolicy::input::io_reason(&e)
                ))
                .with_help("the file is unchanged; check its permissions and free space"))
            }
        }
    }
    Ok(())
}

/// What `--fix` changed (or, with `--diff`, would change), on standard error.
fn eprint_fixes(run: &RunReport, dry_run: bool, quiet: bool) {
    let mut s = String::new();
    let mut files = 0;
    for f in &run.files {
        if f.fixed.is_empty() {
            continue;
        }
        files += 1;
        if quiet {
            continue;
        }
        for x in &f.fixed {
            s.push_str(&format!(
                "{} {}:{}:{}: {}: {}\n",
                if dry_run { "would fix" } else { "fixed" },
                f.path,
                x.line,
                x.column,
                x.rule.name,
                x.message
            ));
        }
    }
    let n = run.fixed();
    if n > 0 {
        s.push_str(&format!(
            "sourcepolicy: {} {n} finding{} in {files} file{}\n",
            if dry_run { "--fix would fix" } else { "fixed" },
            if n == 1 { "" } else { "s" },
            if files == 1 { "" } else { "s" }
        ));
    } else if !quiet {
        s.push_str("sourcepolicy: nothing to fix\n");
    }
    let _ = std::io::stderr().write_all(s.as_bytes());
}

/// Appends the job summary to `$GITHUB_STEP_SUMMARY` (a failure to is a warning: the
/// annotations are out, and the exit status must still tell the findings).
fn append_summary(path: &std::path::Path, text: &str) {
    let result = std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(path)
        .and_then(|mut f| f.write_all(text.as_bytes()));
    if let Err(e) = result {
        eprintln!(
            "sourcepolicy: warning: cannot append the job summary to {}: {}",
            path.display(),
            sourcepolicy::input::io_reason(&e)
        );
    }
}
