//! The HTTP side: one reqwest client per run, the limits, one attempt, retries, and the hop
//! loop (HEAD first, GET when HEAD is refused; redirects followed one at a time).

use super::body::{self, Need};
use super::guard::{self, GuardResolver, Hook};
use super::hosts::{self, Hosts};
use super::retry;
use super::status::{self, Failure};
use super::{Hop, NetError, NetOptions};
use reqwest::header::{HeaderMap, HeaderValue, AUTHORIZATION, CONTENT_TYPE, LOCATION, RETRY_AFTER};
use reqwest::Method;
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime};
use tokio::sync::{OnceCell, Semaphore};
use url::Url;

/// A response, with as much body as was needed.
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub headers: HeaderMap,
    pub body: Vec<u8>,
    /// The body was read to its end.
    pub complete: bool,
    pub challenge: Option<&'static str>,
}

impl Reply {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }
    pub fn content_type(&self) -> Option<&str> {
        self.header(CONTENT_TYPE.as_str())
    }
}

/// Where a hop loop ended.
#[derive(Debug)]
pub struct Fetched {
    pub result: Result<Reply, Failure>,
    /// Attempts made at the last URL.
    pub tries: u32,
    pub hops: Vec<Hop>,
    pub reached: Url,
}

#[derive(Default)]
pub struct Counters {
    pub requests: AtomicU64,
    pub retries: AtomicU64,
    pub api_requests: AtomicU64,
    pub bytes: AtomicU64,
}

pub struct Checker {
    client: reqwest::Client,
    pub opts: NetOptions,
    resolver: Arc<GuardResolver>,
    exempt: HashSet<String>,
    global: Semaphore,
    hosts: Hosts,
    probe: OnceCell<bool>,
    pub counters: Counters,
    pub api_blocked: AtomicBool,
    pub warnings: Mutex<Vec<String>>,
}

impl Checker {
    pub fn new(opts: &NetOptions) -> Result<Checker, NetError> {
        // The ring provider, once per process; an already installed one is kept.
        let _ = rustls::crypto::ring::default_provider().install_default();
        let exempt: HashSet<String> = opts
            .guard_exempt_hosts
            .iter()
            .map(|h| h.to_ascii_lowercase())
            .collect();
        let resolver = Arc::new(GuardResolver {
            overrides: opts
                .resolve
                .iter()
                .map(|(h, a)| (h.to_ascii_lowercase(), a.clone()))
                .collect(),
            overrides_only: opts.resolve_only_overrides,
            allow_private: opts.allow_private,
            exempt: exempt.clone(),
        });
        let client = reqwest::Client::builder()
            .user_agent(opts.user_agent.clone())
            .redirect(reqwest::redirect::Policy::none())
            .retry(reqwest::retry::never())
            // A proxy would resolve names where the guard cannot see them.
            .no_proxy()
            .dns_resolver(Arc::new(Hook(resolver.clone())))
            .connect_timeout(opts.timeout.min(Duration::from_secs(10)))
            .pool_max_idle_per_host(opts.host_concurrency.max(1))
            .pool_idle_timeout(Duration::from_secs(30))
            .build()
            .map_err(|e| NetError::Setup(e.to_string()))?;
        Ok(Checker {
            client,
            opts: opts.clone(),
            resolver,
            exempt,
            global: Semaphore::new(opts.max_concurrency.max(1)),
            hosts: Hosts::new(opts.host_concurrency),
            probe: OnceCell::new(),
            counters: Counters::default(),
            api_blocked: AtomicBool::new(false),
            warnings: Mutex::new(Vec::new()),
        })
    }

    pub fn warn(&self, message: String) {
        let mut w = self.warnings.lock().unwrap();
        if !w.contains(&message) {
            w.push(message);
        }
    }

    /// Whether the network reaches anything (see [`hosts::reachable`]). Asked once per run,
    /// only when a verdict depends on it.
    pub async fn network_up(&self) -> bool {
        let wait = self.opts.timeout.min(Duration::from_secs(3));
        let probe = hosts::reachable(self.resolver.clone(), &self.opts.network_probe, wait);
        *self.probe.get_or_init(|| probe).await
    }

    /// The probe's answer, if it was asked.
    pub fn probed(&self) -> Option<bool> {
        self.probe.get().copied()
    }

    /// Follows `start` one hop at a time. HEAD first when only the status is needed; GET
    /// when HEAD answers anything but success or a redirect, or fails mid-way.
    pub async fn fetch(&self, start: &Url, need: &Need) -> Fetched {
        let mut url = start.clone();
        let mut hops = Vec::new();
        let mut seen: HashSet<String> = HashSet::from([url.to_string()]);
        let mut cookies = false;
        let mut method = if *need == Need::Status {
            Method::HEAD
        } else {
            Method::GET
        };
        loop {
            let (result, tries) = self.request(&method, &url, need).await;
            let done = |result, hops: &Vec<Hop>, url: &Url| Fetched {
                result,
                tries,
                hops: hops.clone(),
                reached: url.clone(),
            };
            let reply = match result {
                Err(Failure::Reset(_)) if method == Method::HEAD => {
                    method = Method::GET;
                    continue;
                }
                Err(f) => return done(Err(f), &hops, &url),
                Ok(r) => r,
            };
            let status = reply.status;
            let location = reply.header(LOCATION.as_str()).map(str::to_string);
            if let (true, Some(location)) = (is_redirect(status), location) {
                cookies |= reply.headers.contains_key("set-cookie");
                let next = match url.join(location.trim()) {
                    Ok(mut n) if matches!(n.scheme(), "http" | "https") => {
                        n.set_fragment(None);
                        n
                    }
                    Ok(n) => {
                        let f = Failure::NotChecked(format!("redirect to a {} URL", n.scheme()));
                        return done(Err(f), &hops, &url);
                    }
                    Err(e) => {
                        let f = Failure::BadRedirect(format!("Location {location:?}: {e}"));
                        return done(Err(f), &hops, &url);
                    }
                };
                hops.push(Hop {
                    url: url.to_string(),
                    status,
                });
                if hops.len() > self.opts.max_redirects {
                    let f = Failure::TooManyRedirects(self.opts.max_redirects);
                    return done(Err(f), &hops, &url);
                }
                if !seen.insert(next.to_string()) {
                    let f = if cookies {
                        Failure::Other("redirect loop: the site wants cookies".into())
                    } else {
                        Failure::RedirectLoop
                    };
                    return done(Err(f), &hops, &url);
                }
                url = next;
                continue;
            }
            if method == Method::HEAD && !(200..300).contains(&status) {
                method = Method::GET;
                continue;
            }
            return done(Ok(reply), &hops, &url);
        }
    }

    /// One request with its retries. HEAD is not retried on a status: the GET that follows
    /// it is.
    pub async fn request(
        &self,
        method: &Method,
        url: &Url,
        need: &Need,
    ) -> (Result<Reply, Failure>, u32) {
        let mut tries = 0;
        let host = self.hosts.get(url);
        loop {
            tries += 1;
            // The host's permit is held until what this try taught about the host is recorded
            // (below), so that a request waiting for it sees a host-wide failure (a silent host
            // with no network) instead of sending one more request.
            let permit = host.permits.acquire().await.expect("never closed");
            let result = self.attempt(method, url, need).await;
            let last = tries > self.opts.max_retries;
            // A `Retry-After` within the cap holds back every request to the host, the GET
            // that follows a refused HEAD included; beyond the cap it is not waited for.
            let retry_after = match &result {
                Ok(r) if retry::retryable_status(r.status) && r.challenge.is_none() => r
                    .header(RETRY_AFTER.as_str())
                    .and_then(|v| retry::parse_retry_after(v, SystemTime::now())),
                _ => None,
            };
            let within_cap = retry_after.filter(|d| *d <= self.opts.retry_after_cap);
            if let Some(d) = within_cap {
                self.hosts.get(url).hold(d);
            }
            let wait = match &result {
                Ok(r)
                    if !last
                        && *method != Method::HEAD
                        && r.challenge.is_none()
                        && retry::retryable_status(r.status) =>
                {
                    match retry_after {
                        Some(_) => within_cap,
                        None => Some(retry::backoff(self.opts.retry_base, tries - 1)),
                    }
                }
                // A HEAD that breaks off is followed by a GET instead (see `fetch`).
                Err(Failure::Reset(_)) if *method == Method::HEAD => None,
                Err(f) if !last && f.retryable() => {
                    if *f == Failure::Timeout && !self.network_up().await {
                        None
                    } else {
                        Some(retry::backoff(self.opts.retry_base, tries - 1))
                    }
                }
                _ => None,
            };
            match wait {
                None => {
                    // Later requests to the host reuse a failure of the host itself, and, with
                    // no network, any failure to reach it: one timeout per host, not per link.
                    if let Err(f) = &result {
                        let offline = f.network_dependent() && self.probed() == Some(false);
                        if f.host_wide() || offline {
                            *host.failure.lock().unwrap() = Some(f.clone());
                        }
                    }
                    drop(permit);
                    return (result, tries);
                }
                Some(d) => {
                    drop(permit);
                    self.counters.retries.fetch_add(1, Ordering::Relaxed);
                    tokio::time::sleep(d).await;
                }
            }
        }
    }

    /// One try of a request (the caller, `request`, holds the host's permit).
    async fn attempt(&self, method: &Method, url: &Url, need: &Need) -> Result<Reply, Failure> {
        guard::check_literal(url, self.opts.allow_private, &self.exempt).map_err(|r| {
            Failure::Private {
                host: r.host,
                addr: r.addr.to_string(),
            }
        })?;
        let host = self.hosts.get(url);
        if let Some(f) = host.failure.lock().unwrap().clone() {
            return Err(f);
        }
        let not_before = *host.not_before.lock().unwrap();
        if let Some(t) = not_before {
            tokio::time::sleep_until(t.into()).await;
        }
        let _permit = self.global.acquire().await.expect("never closed");
        let mut req = self.client.request(method.clone(), url.clone());
        if *need == Need::Api {
            req = req
                .header("accept", "application/vnd.github+json")
                .header("x-github-api-version", "2022-11-28");
        }
        if let Some(token) = self.token_for(url) {
            req = req.header(AUTHORIZATION, token);
        }
        self.counters.requests.fetch_add(1, Ordering::Relaxed);
        if *need == Need::Api {
            self.counters.api_requests.fetch_add(1, Ordering::Relaxed);
        }
        let exchange = async {
            let mut resp = req.send().await.map_err(|e| status::from_reqwest(&e))?;
            // The resolver only hands out allowed addresses; check the one connected to anyway.
            if let Some(addr) = resp.remote_addr() {
                let named = url.host_str().unwrap_or_default();
                if !guard::allowed(addr.ip(), self.opts.allow_private)
                    && !self.exempt.contains(named)
                {
                    return Err(Failure::Private {
                        host: named.to_string(),
                        addr: addr.ip().to_string(),
                    });
                }
            }
            let status = resp.status().as_u16();
            let headers = std::mem::take(resp.headers_mut());
            let limit = body::limit(method, status, &headers, need, self.opts.body_cap);
            let (body, complete) = body::read(&mut resp, limit, need, &self.counters.bytes).await?;
            // Body markers only on error pages: a 2xx page may well write about them.
            let challenge = match (status, need) {
                (_, Need::Api) => None,
                (200..=299, _) => status::challenge(&headers, b""),
                _ => status::challenge(&headers, &body),
            };
            Ok(Reply {
                status,
                headers,
                body,
                complete,
                challenge,
            })
        };
        match tokio::time::timeout(self.opts.timeout, exchange).await {
            Ok(r) => r,
            Err(_) => Err(Failure::Timeout),
        }
    }

    /// `Bearer TOKEN` for the token's own origins, and only over them.
    fn token_for(&self, url: &Url) -> Option<HeaderValue> {
        let token = self.opts.github_token.as_deref()?;
        let origin = url.origin().ascii_serialization();
        if !self
            .opts
            .token_origins
            .iter()
            .any(|o| o.trim_end_matches('/') == origin)
        {
            return None;
        }
        let mut v = HeaderValue::from_str(&format!("Bearer {token}")).ok()?;
        v.set_sensitive(true);
        Some(v)
    }
}

fn is_redirect(status: u16) -> bool {
    matches!(status, 301 | 302 | 303 | 307 | 308)
}
