use clap::{CommandFactory, Parser};
use sourcepolicy::changed::Changes;
use sourcepolicy::cli::{Cli, ColorChoice, Command, EntriesFormat, PolicyArg};
use sourcepolicy::date::Date;
use sourcepolicy::engine::{LintOptions, Selection};
use sourcepolicy::error::Error;
use sourcepolicy::policy::LoadedPolicy;
use sourcepolicy::report::{self, Format, RunReport};
use sourcepolicy::walk::Input;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// glibc's allocator maps every block of 128 KiB or more on its own and unmaps it when freed,
/// so each large buffer of a run (the file's text, its parsed tree, the report) touches fresh
/// pages, every one a page fault (a syscall and a trap per page, costly in a virtual machine).
/// Kept in the heap instead, a freed buffer's pages are reused by the next; memory stays bounded by the
/// largest file (a run lints one file at a time) and is returned when 64 MiB lie free.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn tune_allocator() {
    // SAFETY: `mallopt` only sets parameters of glibc's allocator; it is called before any
    // other thread exists.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 32 << 20);
        libc::mallopt(libc::M_TRIM_THRESHOLD, 64 << 20);
    }
    huge_heap();
}

/// Backs the next 8 MiB of the heap with transparent huge pages where the kernel gives them on
/// request (`madvise`, the usual setting): a run then touches a few 2 MiB pages (a fault and a
/// clear each) where it would touch hundreds of 4 KiB pages one fault at a time (~1.2 µs each in
/// a virtual machine, a third of the system time of a long list's run). It costs resident
/// memory (up to 2 MiB a huge page) and nothing else: a kernel without them, or with them off,
/// keeps small pages.
///
/// A huge page holds only a whole aligned 2 MiB: a block that is never freed fills the heap up
/// to the next 2 MiB boundary (untouched, so it takes no memory), and one large block allocated
/// and freed grows the heap past the advised range (freed, it stays in the heap: see above).
/// What the run allocates next starts at the boundary.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn huge_heap() {
    const HUGE: usize = 2 << 20;
    const HEAP: usize = 8 << 20;
    // SAFETY: only the allocator's own calls, and `madvise` of pages inside the heap, which
    // changes how they are backed, never what they hold; no other thread exists.
    unsafe {
        let first = libc::malloc(1);
        if first.is_null() {
            return;
        }
        // the heap's free end (a small block comes from there at start-up), rounded up; the
        // filler's header takes a few bytes before the boundary
        let aligned = (first as usize + 64).next_multiple_of(HUGE);
        // (`black_box`: the compiler would drop an unused allocation, or one freed unused)
        std::hint::black_box(libc::malloc(aligned - first as usize - 64));
        libc::free(std::hint::black_box(libc::malloc(HEAP)));
        libc::free(first);
        let end = (libc::sbrk(0) as usize) & !(HUGE - 1);
        if end > aligned {
            libc::madvise(
                aligned as *mut libc::c_void,
                end - aligned,
                libc::MADV_HUGEPAGE,
            );
        }
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn tune_allocator() {}

fn main() -> ExitCode {
    tune_allocator();
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
    let color = cli.color;
    match std::panic::catch_unwind(|| run(cli)) {
        Ok(Ok(code)) => ExitCode::from(code),
        Ok(Err(e)) => {
            print_error(&e, color);
            ExitCode::from(2)
        }
        Err(_) => ExitCode::from(2),
    }
}

/// Whether to colour a stream: `--color always|never`, else (auto) never with `NO_COLOR`,
/// always with `FORCE_COLOR` or `CLICOLOR_FORCE`, else on a terminal.
fn color_on(choice: ColorChoice, stream_is_tty: bool) -> bool {
    let forced = match choice {
        ColorChoice::Always => Some(true),
        ColorChoice::Never => Some(false),
        ColorChoice::Auto => None,
    };
    report::human::color_enabled(forced, stream_is_tty, |k| std::env::var_os(k))
}

/// The width to fit: `COLUMNS`, else the terminal's (stdout's, else stderr's), else 100.
fn width() -> usize {
    let from_env = std::env::var("COLUMNS").ok().and_then(|c| c.parse().ok());
    let from_tty = || {
        terminal_size::terminal_size_of(std::io::stdout())
            .or_else(|| terminal_size::terminal_size_of(std::io::stderr()))
            .map(|(w, _)| usize::from(w.0))
    };
    from_env
        .filter(|&w: &usize| w > 0)
        .or_else(from_tty)
        .unwrap_or(100)
        .max(40)
}

fn print_error(e: &Error, color: ColorChoice) {
    let theme = if color_on(color, std::io::stderr().is_terminal()) {
        miette::GraphicalTheme::unicode()
    } else {
        miette::GraphicalTheme::unicode_nocolor()
    };
    let mut s = String::new();
    let handler = miette::GraphicalReportHandler::new_themed(theme)
        .with_width(width())
        .with_break_words(false);
    if handler.render_report(&mut s, e).is_err() {
        s = format!("error: {e}\n");
    }
    let _ = std::io::stderr().write_all(s.as_bytes());
}

/// A warning on stderr: `warning: message`.
fn print_warning(message: &str, color: ColorChoice) {
    let head = if color_on(color, std::io::stderr().is_terminal()) {
        "\x1b[1;33mwarning\x1b[0m"
    } else {
        "warning"
    };
    let _ = writeln!(std::io::stderr(), "{head}: {message}");
}

/// Writes to stdout; a closed pipe (`| head`) is not an error.
fn emit(s: &str) {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(s.as_bytes()).and_then(|_| out.flush());
}

/// The live check's settings: the flags, the policy's accepted statuses and cache, the token.
fn net_options(
    args: &sourcepolicy::cli::OnlineArgs,
    policy: &sourcepolicy::policy::Policy,
) -> sourcepolicy::net::NetOptions {
    use std::time::Duration;
    let links = &policy.links;
    let cache =
        (args.cache || (links.cache && !args.no_cache)).then(|| sourcepolicy::net::CacheOptions {
            path: links.cache_path.clone().into(),
            max_age: Duration::from_secs(u64::from(links.cache_max_age_days) * 86_400),
        });
    sourcepolicy::net::NetOptions {
        timeout: Duration::from_secs(args.timeout),
        max_concurrency: args.max_concurrency as usize,
        host_concurrency: args.host_concurrency as usize,
        allow_private: args.allow_private,
        accept: links.accept.clone(),
        cache,
        ..sourcepolicy::net::NetOptions::default()
    }
    .with_env_token()
}

/// A one-line progress count on standard error while links are checked (only on a terminal).
struct Progress {
    on: bool,
    last: std::sync::Mutex<Option<std::time::Instant>>,
}

impl Progress {
    fn new(on: bool) -> Progress {
        Progress {
            on,
            last: std::sync::Mutex::new(None),
        }
    }

    fn update(&self, done: usize, total: usize) {
        if !self.on {
            return;
        }
        let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        let now = std::time::Instant::now();
        if done < total && last.is_some_and(|t| now - t < std::time::Duration::from_millis(80)) {
            return;
        }
        *last = Some(now);
        let width = 30;
        let filled = (done * width)
            .checked_div(total)
            .unwrap_or(width)
            .min(width);
        let bar = format!("{}{}", "█".repeat(filled), "░".repeat(width - filled));
        let _ = write!(
            std::io::stderr(),
            "\r\x1b[2Kchecking links {bar} {done}/{total}"
        );
    }

    fn clear(&self) {
        if self.on {
            let _ = write!(std::io::stderr(), "\r\x1b[2K");
        }
    }
}

/// Loads the policy and prints its warnings (once per run).
fn policy_for(arg: &PolicyArg, cwd: &Path, color: ColorChoice) -> Result<LoadedPolicy, Error> {
    let loaded = sourcepolicy::load_policy(arg.policy.as_deref(), cwd)?;
    for w in loaded.warnings() {
        print_warning(&w, color);
    }
    Ok(loaded)
}

/// Resolves the inputs; prints the warnings, and the errors of names that found nothing
/// (returned, so that the run exits 2 after linting the rest).
fn inputs_for(
    files: &[PathBuf],
    stdin_name: Option<&Path>,
    loaded: &LoadedPolicy,
    color: ColorChoice,
) -> (Vec<Input>, usize) {
    let found = sourcepolicy::resolve_files(files, stdin_name, loaded);
    for w in &found.warnings {
        print_warning(w, color);
    }
    for e in &found.errors {
        print_error(e, color);
    }
    (found.inputs, found.errors.len())
}

fn run(cli: Cli) -> Result<u8, Error> {
    let cwd = std::env::current_dir().map_err(|e| Error::new(format!("no current folder: {e}")))?;
    let color = cli.color;
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
            if let Some(w) = sourcepolicy::offline_selection_warning(&selection, args.online.online)
            {
                print_warning(&w, color);
            }
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
            let loaded = policy_for(&args.policy, &cwd, color)?;
            let (inputs, missing) =
                inputs_for(&args.files, args.stdin_filename.as_deref(), &loaded, color);
            if ci.fix && inputs.iter().any(|i| matches!(i, Input::Stdin { .. })) {
                return Err(Error::new("--fix cannot write back to standard input")
                    .with_help("use --diff to see the fixes, or name the file"));
            }
            let step_summary = std::env::var_os("GITHUB_STEP_SUMMARY")
                .filter(|p| !p.is_empty() && args.format == Format::Github);
            let changes = match &ci.changed_since {
                Some(reference) => {
                    let files: Vec<PathBuf> = inputs
                        .iter()
                        .filter_map(|i| match i {
                            Input::File(p) => Some(p.clone()),
                            Input::Stdin { .. } => None,
                        })
                        .collect();
                    Some(Changes::since(reference, &files)?)
                }
                None => None,
            };
            let opts = LintOptions {
                today,
                selection,
                online: args
                    .online
                    .online
                    .then(|| net_options(&args.online, &loaded.policy)),
                changes,
                fix: ci.fix || ci.diff,
                overview: args.format.needs_overview() || step_summary.is_some(),
                exiting: true,
                details: args.format.shows_details(),
            };
            let progress = Progress::new(std::io::stderr().is_terminal() && opts.online.is_some());
            let (mut run, failed) =
                sourcepolicy::engine::lint_inputs(&inputs, &loaded.policy, &opts, &|p| {
                    progress.update(p.done, p.total)
                });
            progress.clear();
            for e in &failed {
                print_error(e, color);
            }
            for note in &run.notes {
                print_warning(note, color);
            }
            run.unread += missing;
            run.policy = Some(loaded.name());
            if ci.diff {
                emit(&report::diff::render(&run));
                eprint_fixes(&run, true, ci.quiet);
                let changed = run.files.iter().any(|f| f.original.is_some());
                return Ok(if run.unread > 0 {
                    2
                } else {
                    u8::from(changed && !ci.exit_zero)
                });
            }
            if ci.fix {
                // A file that could not be written back is reported and fails the run; its
                // fixes are not claimed.
                for e in write_fixes(&mut run) {
                    print_error(&e, color);
                    run.unread += 1;
                }
                eprint_fixes(&run, false, ci.quiet);
            }
            if !run.files.is_empty() || run.unread == 0 {
                let opts = report::RenderOptions {
                    color: color_on(color, std::io::stdout().is_terminal()),
                    width: width(),
                    quiet: ci.quiet,
                    statistics: ci.statistics,
                };
                let mut out =
                    std::io::BufWriter::with_capacity(64 * 1024, std::io::stdout().lock());
                // a closed pipe (`| head`) is not an error of the run
                let _ = report::write(&run, args.format, &opts, &mut out).and_then(|_| out.flush());
            }
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
                append_summary(Path::new(&path), &report::summary::render(&run), color);
            }
            let code = if run.unread > 0 {
                2
            } else {
                u8::from(!ci.exit_zero && run.failed(ci.deny_warnings))
            };
            // The process ends here: freeing every report, document and compiled matcher one
            // allocation at a time would only cost time (a few percent of a run).
            std::mem::forget(run);
            std::mem::forget(loaded);
            Ok(code)
        }
        Command::Entries(args) => {
            let loaded = policy_for(&args.policy, &cwd, color)?;
            let (inputs, missing) =
                inputs_for(&args.files, args.stdin_filename.as_deref(), &loaded, color);
            let (rows, failed) = sourcepolicy::engine::list_inputs(&inputs, &loaded.policy);
            for e in &failed {
                print_error(e, color);
            }
            let unread = missing + failed.len();
            if unread == 0 || !rows.is_empty() {
                emit(&match args.format {
                    EntriesFormat::Json => report::entries::render_json(&rows),
                    EntriesFormat::Human => report::entries::render_table(&rows, width()),
                });
            }
            Ok(if unread > 0 { 2 } else { 0 })
        }
        Command::Explain { rule } => {
            emit(&sourcepolicy::explain(rule.as_deref())?);
            Ok(0)
        }
        Command::Init { path } => {
            sourcepolicy::policy::load::init(&path)?;
            emit(&format!(
                "wrote {}: the default policy, commented key by key; to add to a list, write \
                 extend_<key> (e.g. extend_hosts) in your own table, and delete what you do not change\n",
                path.display()
            ));
            Ok(0)
        }
        Command::Policy { policy } => {
            let loaded = policy_for(&policy, &cwd, color)?;
            let origin = match &loaded.path {
                Some(p) => format!(
                    "# The policy in effect: the built-in policy with {} layered on top.\n\
                     # Each value is followed by where it came from.\n",
                    p.display()
                ),
                None => "# The policy in effect: the built-in policy (no policy file found).\n"
                    .to_string(),
            };
            emit(&(origin + &loaded.layering.show()));
            Ok(0)
        }
        Command::Completions { shell } => {
            let mut buf = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "sourcepolicy", &mut buf);
            emit(&String::from_utf8_lossy(&buf));
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

/// `--fix`: writes each fixed file back, atomically, unless it changed on disk meanwhile. A
/// file that could not be written keeps no record of fixes (so none is claimed); its error is
/// returned.
fn write_fixes(run: &mut RunReport) -> Vec<Error> {
    let mut errors = Vec::new();
    for f in &mut run.files {
        let Some(original) = &f.original else {
            continue;
        };
        let Some(path) = &f.source else {
            continue; // standard input is refused before the run
        };
        let problem = match sourcepolicy::fix::write_back(path, original, &f.text) {
            Ok(true) => continue,
            Ok(false) => Error::new(format!(
                "{} changed on disk while it was linted; it was not fixed",
                f.path
            ))
            .with_help("run again"),
            Err(e) => Error::new(format!(
                "cannot write the fixes to {}: {}",
                f.path,
                sourcepolicy::input::io_reason(&e)
            ))
            .with_help("the file is unchanged; check its permissions and free space"),
        };
        f.fixed.clear();
        errors.push(problem);
    }
    errors
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
fn append_summary(path: &Path, text: &str, color: ColorChoice) {
    let result = std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(path)
        .and_then(|mut f| f.write_all(text.as_bytes()));
    if let Err(e) = result {
        print_warning(
            &format!(
                "cannot append the job summary to {}: {}",
                path.display(),
                sourcepolicy::input::io_reason(&e)
            ),
            color,
        );
    }
}
