use clap::Parser;
use sourcepolicy::cli::{Cli, Command, EntriesFormat};
use sourcepolicy::date::Date;
use sourcepolicy::engine::{LintOptions, Selection};
use sourcepolicy::error::Error;
use sourcepolicy::report;
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
            let opts = LintOptions {
                today,
                selection,
                online: args
                    .online
                    .online
                    .then(|| net_options(&args.online, &loaded.policy)),
            };
            let progress = Progress::new(std::io::stderr().is_terminal() && opts.online.is_some());
            let run = sourcepolicy::engine::lint_paths(&files, &loaded.policy, &opts, &|p| {
                progress.update(p.done, p.total)
            });
            progress.clear();
            let run = run?;
            for note in &run.notes {
                eprintln!("sourcepolicy: warning: {note}");
            }
            let out = report::render(
                &run,
                args.format,
                &report::RenderOptions {
                    color: color_on(std::io::stdout().is_terminal()),
                    width: width(),
                },
            );
            emit(&out);
            Ok(u8::from(run.totals.errors > 0))
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
