//! Live link checking: the only network code and the only async code of sourcepolicy.
//!
//! One blocking entry point, [`check`], takes every URL of a run, requests each page once
//! (however many files, lines and fragments point at it), and returns a [`LinkResult`] per
//! distinct URL, keyed by the URL as given, so that output order never depends on which
//! request finished first. Inside: reqwest (rustls, no OpenSSL) on a tokio runtime that
//! lives only for the call.
//!
//! - `client.rs`: requests, HEAD→GET, redirects one hop at a time, bodies within a cap,
//!   the global and per-host limits, retries; `retry.rs`: what is retried and how long to
//!   wait (`Retry-After`, backoff with jitter).
//! - `guard.rs`: the address guard, enforced in the resolver reqwest connects through.
//! - `status.rs`: failures and statuses to verdicts; bot-challenge pages.
//! - `cache.rs`: the results file; `page/`: page facts (read with `crate::html`); `github.rs`: the
//!   GitHub API for repository links (and the only place the token is used).
//! - `run.rs`: the run: requests to jobs, the cache, the runtime, jobs back to results.
//!
//! The library never prints: progress goes to the caller's callback, problems of the run
//! (an unreadable cache, the GitHub API's rate limit) to [`CheckRun::warnings`].

mod body;
mod cache;
mod client;
mod forge;
mod github;
mod guard;
mod hosts;
mod job;
mod page;
mod retry;
mod run;
mod status;

pub use github::RepoFacts;
pub use guard::{classify as classify_address, Class as AddressClass};
pub use page::PageFacts;
pub use run::check;

use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::net::IpAddr;
use std::path::PathBuf;
use std::time::Duration;

/// How to check. `Default` is polite: 4 requests at a time per host, 128 in all, 2 retries.
/// `Debug` never shows the token.
#[derive(Clone)]
pub struct NetOptions {
    /// Per attempt, from sending to the last byte read. The connect timeout is
    /// `min(timeout, 10 s)`.
    pub timeout: Duration,
    /// Requests in flight at once, over all hosts.
    pub max_concurrency: usize,
    /// Requests in flight at once to one host name.
    pub host_concurrency: usize,
    /// Allow loopback, private, link-local, CGNAT, unique-local addresses (never cloud
    /// metadata endpoints such as 169.254.169.254: those stay refused).
    pub allow_private: bool,
    /// Statuses accepted as fine besides 2xx (the policy's list). Applies to the final
    /// response; redirects are always followed.
    pub accept: Vec<u16>,
    /// Retries after the first attempt, for 408, 429, 5xx, timeouts and resets.
    pub max_retries: u32,
    /// Longest `Retry-After` honoured; a server asking for more gets an unverified verdict.
    pub retry_after_cap: Duration,
    /// Most bytes of a body read for page facts and fragments.
    pub body_cap: usize,
    pub max_redirects: usize,
    pub user_agent: String,
    /// Sent only to [`token_origins`](Self::token_origins) over their exact origin; never
    /// printed, never stored. [`NetOptions::with_env_token`] reads `GITHUB_TOKEN`.
    pub github_token: Option<String>,
    pub cache: Option<CacheOptions>,
    /// Read the page of a URL whose request carries a fragment, to check it against the
    /// page's anchors (within `body_cap`). Off: fragments are checked only on pages read
    /// for facts anyway.
    pub check_fragments: bool,
    /// Ask the GitHub API about `github.com/OWNER/REPO` links when a token is set or page
    /// facts are asked for.
    pub github_api: bool,

    // Advanced and test options.
    /// First wait before a retry; doubles each time, with jitter.
    pub retry_base: Duration,
    /// `host:port` pairs whose reachability tells "no network" from a dead link: asked
    /// (DNS, then a TCP connection, nothing sent) only when a DNS failure, a refused or
    /// unreachable connection or a timeout needs a verdict. None reachable: such links are
    /// unverified ("no network"), never broken. Empty: the network counts as down.
    pub network_probe: Vec<String>,
    /// Host name → addresses, used instead of DNS (like curl's `--resolve`). The guard still
    /// applies to them.
    pub resolve: HashMap<String, Vec<IpAddr>>,
    /// Never ask the system resolver: names not in `resolve` do not resolve (tests).
    pub resolve_only_overrides: bool,
    /// Host names the guard lets through whatever they resolve to (tests of redirects from
    /// an allowed host to a refused one).
    pub guard_exempt_hosts: Vec<String>,
    /// The GitHub API's base URL.
    pub github_api_url: String,
    /// Origins (`scheme://host[:port]`) the token is sent to.
    pub token_origins: Vec<String>,
}

impl Default for NetOptions {
    fn default() -> Self {
        NetOptions {
            timeout: Duration::from_secs(10),
            max_concurrency: 128,
            host_concurrency: 4,
            allow_private: false,
            accept: Vec::new(),
            max_retries: 2,
            retry_after_cap: Duration::from_secs(30),
            body_cap: 1 << 20,
            max_redirects: 10,
            user_agent: default_user_agent(),
            github_token: None,
            cache: None,
            check_fragments: false,
            github_api: true,
            retry_base: Duration::from_millis(500),
            network_probe: vec!["github.com:443".into(), "example.com:443".into()],
            resolve: HashMap::new(),
            resolve_only_overrides: false,
            guard_exempt_hosts: Vec::new(),
            github_api_url: "https://api.github.com".into(),
            token_origins: vec!["https://github.com".into(), "https://api.github.com".into()],
        }
    }
}

impl std::fmt::Debug for NetOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let token = self.github_token.as_ref().map(|_| "<redacted>");
        f.debug_struct("NetOptions")
            .field("timeout", &self.timeout)
            .field("max_concurrency", &self.max_concurrency)
            .field("host_concurrency", &self.host_concurrency)
            .field("allow_private", &self.allow_private)
            .field("accept", &self.accept)
            .field("max_retries", &self.max_retries)
            .field("retry_after_cap", &self.retry_after_cap)
            .field("body_cap", &self.body_cap)
            .field("max_redirects", &self.max_redirects)
            .field("user_agent", &self.user_agent)
            .field("github_token", &token)
            .field("cache", &self.cache)
            .field("check_fragments", &self.check_fragments)
            .field("github_api", &self.github_api)
            .field("retry_base", &self.retry_base)
            .field("network_probe", &self.network_probe)
            .field("resolve", &self.resolve)
            .field("resolve_only_overrides", &self.resolve_only_overrides)
            .field("guard_exempt_hosts", &self.guard_exempt_hosts)
            .field("github_api_url", &self.github_api_url)
            .field("token_origins", &self.token_origins)
            .finish()
    }
}

impl NetOptions {
    /// Takes `GITHUB_TOKEN` from the environment when it is set and not empty.
    pub fn with_env_token(mut self) -> Self {
        self.github_token = std::env::var("GITHUB_TOKEN")
            .ok()
            .filter(|t| !t.trim().is_empty());
        self
    }
}

/// `sourcepolicy/VERSION (+REPOSITORY)`.
pub fn default_user_agent() -> String {
    let repo = env!("CARGO_PKG_REPOSITORY");
    if repo.is_empty() {
        format!("sourcepolicy/{}", env!("CARGO_PKG_VERSION"))
    } else {
        format!("sourcepolicy/{} (+{repo})", env!("CARGO_PKG_VERSION"))
    }
}

#[derive(Debug, Clone)]
pub struct CacheOptions {
    pub path: PathBuf,
    pub max_age: Duration,
}

impl CacheOptions {
    pub const DEFAULT_PATH: &'static str = ".sourcepolicy-cache.json";
}

/// One URL to check. The same `url` may come many times: it is checked once, `read_page`
/// and fragments merged. A fragment may be given here or inside `url`.
#[derive(Debug, Clone, Default)]
pub struct Request {
    pub url: String,
    /// Read the page (within the body cap) for [`PageFacts`].
    pub read_page: bool,
    pub fragment: Option<String>,
}

/// Progress of a run, after each distinct page (URL without fragment; cached ones included).
#[derive(Debug, Clone)]
pub struct Progress {
    pub done: usize,
    pub total: usize,
    /// The URL just finished.
    pub url: String,
    pub cached: bool,
}

#[derive(Debug, Clone, Default)]
pub struct CheckRun {
    /// One result per distinct `Request::url`, keyed by it exactly as given.
    pub results: HashMap<String, LinkResult>,
    /// Problems of the run itself, each once: a corrupt cache, an unwritable cache, the
    /// GitHub API's rate limit, no network reachable.
    pub warnings: Vec<String>,
    pub stats: Stats,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stats {
    /// Distinct URLs asked for.
    pub urls: usize,
    /// Distinct pages (URLs without fragment) among them.
    pub pages: usize,
    pub cache_hits: usize,
    /// HTTP requests attempted, every retry, hop and API call counted (an attempt that
    /// failed before sending, say at DNS, counts too).
    pub requests: u64,
    pub retries: u64,
    pub api_requests: u64,
    pub bytes_read: u64,
    pub elapsed: Duration,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LinkResult {
    /// The verdict of the final destination.
    pub verdict: Verdict,
    pub redirect: Option<Redirect>,
    /// When the body was read: `read_page` asked, or `check_fragments` with a fragment.
    pub page: Option<PageFacts>,
    /// GitHub repositories, when the API was asked.
    pub repo: Option<RepoFacts>,
    /// When a fragment was asked and the page was read: all fragments found (true), one
    /// missing (false); None when it cannot be told.
    pub fragment_found: Option<bool>,
    /// The fragments the page lacks.
    pub missing_fragments: Vec<String>,
    pub cached: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Verdict {
    Ok { status: u16 },
    Broken { status: Option<u16>, reason: String },
    Unverified { status: Option<u16>, reason: String },
    PrivateAddress { host: String, addr: String },
}

impl Verdict {
    pub fn is_ok(&self) -> bool {
        matches!(self, Verdict::Ok { .. })
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Redirect {
    /// The first hop is permanent (301 or 308): the link should be updated.
    pub permanent: bool,
    /// What the link should become: where the leading run of permanent hops leads (a
    /// temporary hop after it is not followed into the link). Without a permanent first
    /// hop, the URL reached. Carries the request's fragment.
    pub final_url: String,
    /// The URL whose response gave the verdict.
    pub reached: String,
    /// Every redirect response, in order: the URL requested and its status.
    pub hops: Vec<Hop>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hop {
    pub url: String,
    pub status: u16,
}

#[derive(Debug)]
pub enum NetError {
    /// The async runtime or the HTTP client could not be built.
    Setup(String),
}

impl std::fmt::Display for NetError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NetError::Setup(m) => write!(f, "cannot start the link checker: {m}"),
        }
    }
}

impl std::error::Error for NetError {}
