//! The command line (DESIGN §3).

use crate::report::Format;
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

#[derive(Parser, Debug)]
#[command(
    name = "sourcepolicy",
    version,
    about = "Lint curated Markdown resource lists against a written source policy",
    long_about = "Lint curated Markdown resource lists (reading guides, awesome lists) against a \
written source policy: every core source is a paper, official docs or spec, the implementing \
repository, or a direct implementer report; sections are well formed; links are sound.\n\n\
Exit status: 0 no error-severity finding, 1 at least one, 2 the run itself failed.",
    after_help = "Examples:\n  sourcepolicy lint                       lint the policy's [list] files, else README.md\n  sourcepolicy lint docs/ 'guides/*.md'   folders are walked for *.md; globs are expanded\n  cat list.md | sourcepolicy lint - --stdin-filename docs/list.md\n  sourcepolicy lint README.md --format json\n  sourcepolicy lint --select structure,link --ignore link/malformed\n  sourcepolicy entries README.md          every source with its kind and the policy key that decided\n  sourcepolicy explain perf/missing-context\n  sourcepolicy init                       write the default policy.toml to edit\n  sourcepolicy policy                     the policy in effect, each value with its origin\n  sourcepolicy completions bash           shell completions (also zsh, fish, elvish, powershell)\n\nPolicy files: sourcepolicy.toml, .sourcepolicy.toml or policy.toml in the current folder, or in\na git repository also in a parent up to its root (outside one, only the current folder).\nAdd to a default list with extend_<key> (extend_hosts, …)."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    /// When to colour output: auto (a terminal, unless NO_COLOR is set; FORCE_COLOR or
    /// CLICOLOR_FORCE force it), always, never
    #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto, value_name = "WHEN")]
    pub color: ColorChoice,
}

/// `--color`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Check lists against the policy and report findings
    Lint(LintArgs),
    /// List every source (a link inside an entry) with its section, kind and the reason
    Entries(EntriesArgs),
    /// Explain a rule: what it checks, why, an example, how to fix; no RULE lists all rules
    Explain {
        /// A rule name (`structure/toc-mismatch`) or a family (`structure`)
        rule: Option<String>,
    },
    /// Write the default policy.toml into the current folder (refuses to overwrite)
    Init {
        /// Where to write it
        #[arg(long, default_value = "policy.toml", value_name = "FILE")]
        path: PathBuf,
    },
    /// Print the policy in effect: the default with your policy.toml layered on top, each
    /// value marked with where it came from
    Policy {
        #[command(flatten)]
        policy: PolicyArg,
    },
    /// Print a shell completion script: `sourcepolicy completions bash > ~/.local/share/bash-completion/completions/sourcepolicy`
    Completions {
        /// The shell
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
}

#[derive(Args, Debug, Clone)]
pub struct PolicyArg {
    /// Policy file [default: sourcepolicy.toml, .sourcepolicy.toml or policy.toml in the current
    /// folder, or in a git repository also in a parent up to its root; else the built-in
    /// policy]. It chooses the rules, never which files are linted
    #[arg(long, value_name = "FILE")]
    pub policy: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub struct LintArgs {
    /// Files, folders (walked for *.md, .gitignore respected), globs, or - for standard input
    /// [default: the policy's [list] files, else README.md]
    pub files: Vec<PathBuf>,
    /// The path reports show for standard input (`-`); relative links resolve from its folder
    #[arg(long, value_name = "PATH")]
    pub stdin_filename: Option<PathBuf>,
    #[command(flatten)]
    pub policy: PolicyArg,
    /// Output format
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// The date frontier rules judge against, YYYY-MM-DD [default: today, UTC]
    #[arg(long, value_name = "YYYY-MM-DD")]
    pub today: Option<String>,
    /// Report only these rules or families (comma-separated: `perf,link/duplicate`)
    #[arg(long, value_delimiter = ',', value_name = "RULE,...")]
    pub select: Vec<String>,
    /// Do not report these rules or families (comma-separated)
    #[arg(long, value_delimiter = ',', value_name = "RULE,...")]
    pub ignore: Vec<String>,
    #[command(flatten)]
    pub online: OnlineArgs,
    #[command(flatten)]
    pub ci: CiArgs,
}

/// Live link checking (off by default: `lint` is offline and never touches the network).
#[derive(Args, Debug, Clone)]
#[command(next_help_heading = "Live link checks")]
pub struct OnlineArgs {
    /// Also check every web link live (link/broken, link/redirect, link/unverified,
    /// link/private-address); each URL is requested once per run. GITHUB_TOKEN, when set, is
    /// sent to github.com and api.github.com only
    #[arg(long)]
    pub online: bool,
    /// Let --online reach loopback, private, link-local and CGNAT addresses (cloud metadata
    /// endpoints stay refused)
    #[arg(long, requires = "online")]
    pub allow_private: bool,
    /// Seconds one request may take, per attempt
    #[arg(long, value_name = "SECONDS", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=600), requires = "online")]
    pub timeout: u64,
    /// Requests in flight at once, over all hosts
    #[arg(long, value_name = "N", default_value_t = 128, value_parser = clap::value_parser!(u64).range(1..=1024), requires = "online")]
    pub max_concurrency: u64,
    /// Requests in flight at once to one host (polite by default)
    #[arg(long, value_name = "N", default_value_t = 4, value_parser = clap::value_parser!(u64).range(1..=64), requires = "online")]
    pub host_concurrency: u64,
    /// Keep successes in the cache file ([links] cache_path) so re-runs request only new links
    /// [default: [links] cache in the policy, which is on]
    #[arg(long, overrides_with = "no_cache", requires = "online")]
    pub cache: bool,
    /// Neither read nor write the cache file
    #[arg(long, overrides_with = "cache")]
    pub no_cache: bool,
}

/// What a run in CI or a pre-commit hook needs: changed lines, fixes, exit status, brevity.
#[derive(Args, Debug, Default, Clone)]
pub struct CiArgs {
    /// Report only findings on lines added or changed since GIT_REF (a branch, tag or
    /// commit), from `git diff`; a finding on a heading is reported when its section changed.
    /// Files new since GIT_REF, and files git does not track yet, count as changed throughout
    #[arg(long, value_name = "GIT_REF", help_heading = "CI")]
    pub changed_since: Option<String>,
    /// Apply safe fixes in place (http:// to https:// on hosts the policy lists in
    /// [links] https_hosts, tracking parameters removed, the contents list regenerated, and
    /// with --online permanent redirects rewritten to their final URL), then report what
    /// remains. Each file is replaced atomically and only where a fix applies
    #[arg(long, help_heading = "Fixes", conflicts_with = "diff")]
    pub fix: bool,
    /// Print the changes --fix would make as a unified diff, write nothing; exit 1 if there
    /// are any
    #[arg(long, help_heading = "Fixes")]
    pub diff: bool,
    /// Exit 1 on warnings too, not only on errors
    #[arg(long, conflicts_with = "exit_zero", help_heading = "CI")]
    pub deny_warnings: bool,
    /// Exit 0 whatever is found (2 still means the run itself failed)
    #[arg(long, help_heading = "CI")]
    pub exit_zero: bool,
    /// Print how many findings each rule reported instead of the findings (human and concise)
    #[arg(long, help_heading = "CI")]
    pub statistics: bool,
    /// Print only the summary line, and nothing when there are no findings (human, concise)
    #[arg(short, long, help_heading = "CI")]
    pub quiet: bool,
    /// Also write the SARIF report to FILE, whatever --format prints (one run can annotate a
    /// pull request and feed code scanning)
    #[arg(long, value_name = "FILE", help_heading = "CI")]
    pub sarif_file: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub struct EntriesArgs {
    /// Files, folders, globs, or - for standard input [default: the policy's [list] files, else
    /// README.md]
    pub files: Vec<PathBuf>,
    /// The path reports show for standard input (`-`)
    #[arg(long, value_name = "PATH")]
    pub stdin_filename: Option<PathBuf>,
    #[command(flatten)]
    pub policy: PolicyArg,
    /// Output format
    #[arg(long, value_enum, default_value_t = EntriesFormat::Human)]
    pub format: EntriesFormat,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum EntriesFormat {
    /// An aligned table that fits the terminal (also accepted: `table`)
    #[value(alias = "table")]
    Human,
    /// {"version": 1, "entries": [...]}
    Json,
}
