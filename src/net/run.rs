//! One run: requests become jobs (one per page), the cache answers what it can, a runtime
//! checks the rest, and jobs become results again (one per distinct URL).

use super::cache::{self, Cache, Entry};
use super::client::Checker;
use super::forge;
use super::job::Outcome;
use super::job::{api_wanted, check_job, needs_body, result_for, Job, Key};
use super::status::Failure;
use super::{CheckRun, LinkResult, NetError, NetOptions, Progress, Request};
use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Instant;
use url::Url;

fn push_unique(v: &mut Vec<String>, s: String) {
    if !s.is_empty() && !v.contains(&s) {
        v.push(s);
    }
}

/// Checks every URL of `requests` once and returns a result per distinct `Request::url`.
/// Blocks until done. Called from inside a tokio runtime, it runs on a thread of its own.
pub fn check(
    requests: &[Request],
    opts: &NetOptions,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<CheckRun, NetError> {
    if tokio::runtime::Handle::try_current().is_ok() {
        return std::thread::scope(|s| {
            let run = s.spawn(|| check_here(requests, opts, progress));
            run.join().unwrap_or_else(|e| std::panic::resume_unwind(e))
        });
    }
    check_here(requests, opts, progress)
}

fn check_here(
    requests: &[Request],
    opts: &NetOptions,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<CheckRun, NetError> {
    let started = Instant::now();
    let (keys, jobs) = plan(requests);
    let mut run = CheckRun::default();
    let auth = opts.github_token.is_some();
    let mut cache = opts
        .cache
        .as_ref()
        .map(|c| Cache::load(c, &mut run.warnings));
    let now = cache::now();
    let total = jobs.len();
    let mut outcomes: Vec<Option<(Outcome, bool)>> = vec![None; total];
    let mut done = 0;
    for (i, job) in jobs.iter().enumerate() {
        let Some(entry) = cache
            .as_ref()
            .and_then(|c| c.get(job.url.as_str(), opts.allow_private, auth, now))
        else {
            continue;
        };
        let o = &entry.outcome;
        if (needs_body(job, opts) && o.page.is_none())
            || (api_wanted(job, opts) && o.repo.is_none())
        {
            continue;
        }
        outcomes[i] = Some((o.clone(), true));
        done += 1;
        run.stats.cache_hits += 1;
        progress(Progress {
            done,
            total,
            url: job.url.to_string(),
            cached: true,
        });
    }
    let pending: Vec<usize> = (0..total).filter(|i| outcomes[*i].is_none()).collect();
    if !pending.is_empty() {
        // Worker threads for TLS handshakes and HTML scans; the waiting is all async.
        let workers = std::thread::available_parallelism().map_or(2, |n| n.get().clamp(1, 4));
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(workers)
            .enable_all()
            .build()
            .map_err(|e| NetError::Setup(e.to_string()))?;
        let checker = rt.block_on(async {
            let checker = Arc::new(Checker::new(opts)?);
            let mut set = tokio::task::JoinSet::new();
            for &i in &pending {
                let (c, job) = (checker.clone(), jobs[i].clone());
                set.spawn(async move { (i, check_job(&c, &job).await) });
            }
            while let Some(joined) = set.join_next().await {
                let (i, outcome) = match joined {
                    Ok(r) => r,
                    Err(e) => std::panic::resume_unwind(e.into_panic()),
                };
                done += 1;
                progress(Progress {
                    done,
                    total,
                    url: jobs[i].url.to_string(),
                    cached: false,
                });
                outcomes[i] = Some((outcome, false));
            }
            Ok::<_, NetError>(checker)
        })?;
        let counters = &checker.counters;
        run.stats.requests = counters.requests.load(Ordering::Relaxed);
        run.stats.retries = counters.retries.load(Ordering::Relaxed);
        run.stats.api_requests = counters.api_requests.load(Ordering::Relaxed);
        run.stats.bytes_read = counters.bytes.load(Ordering::Relaxed);
        run.warnings
            .extend(checker.warnings.lock().unwrap().drain(..));
        if checker.probed() == Some(false) {
            let probes = opts.network_probe.join(", ");
            run.warnings.push(format!(
                "no network: none of [{probes}] could be reached; links that failed to connect are reported unverified, not broken"
            ));
        }
    }
    if let Some(cache) = cache.as_mut() {
        for &i in &pending {
            let outcome = &outcomes[i].as_ref().expect("every job ran").0;
            if outcome.cacheable() {
                let entry = Entry {
                    checked: now,
                    allow_private: opts.allow_private,
                    auth,
                    outcome: outcome.clone(),
                };
                cache.insert(jobs[i].url.to_string(), entry);
            }
        }
        // Nothing new to keep: leave the file as it is (a fully cached re-run writes nothing).
        if !pending.is_empty() {
            if let Err(e) = cache.save() {
                run.warnings.push(e);
            }
        }
    }
    for key in &keys {
        let result = match &key.job {
            Err(f) => LinkResult {
                verdict: f.verdict(true, 1),
                redirect: None,
                page: None,
                repo: None,
                fragment_found: None,
                missing_fragments: Vec::new(),
                cached: false,
            },
            Ok(j) => {
                let (outcome, cached) = outcomes[*j].clone().expect("every job ran");
                result_for(key, outcome, cached)
            }
        };
        run.results.insert(key.url.clone(), result);
    }
    run.stats.urls = keys.len();
    run.stats.pages = jobs.len();
    run.stats.elapsed = started.elapsed();
    Ok(run)
}

/// Distinct URLs (keys) and distinct pages (jobs).
fn plan(requests: &[Request]) -> (Vec<Key>, Vec<Job>) {
    let mut keys: Vec<Key> = Vec::new();
    let mut key_of: HashMap<&str, usize> = HashMap::new();
    let mut jobs: Vec<Job> = Vec::new();
    let mut job_of: HashMap<String, usize> = HashMap::new();
    for r in requests {
        let k = *key_of.entry(r.url.as_str()).or_insert_with(|| {
            let job = parse(&r.url).map(|url| {
                let page = url.to_string();
                *job_of.entry(page).or_insert_with(|| {
                    let repo = forge::repo_root(&url);
                    jobs.push(Job {
                        url,
                        read_page: false,
                        fragments: Vec::new(),
                        repo,
                    });
                    jobs.len() - 1
                })
            });
            keys.push(Key {
                url: r.url.clone(),
                job,
                fragments: Vec::new(),
            });
            keys.len() - 1
        });
        let key = &mut keys[k];
        let own = Url::parse(&r.url)
            .ok()
            .and_then(|u| u.fragment().map(str::to_string));
        for f in r.fragment.iter().cloned().chain(own) {
            push_unique(&mut key.fragments, f);
        }
        if let Ok(j) = key.job {
            jobs[j].read_page |= r.read_page;
            for f in key.fragments.clone() {
                push_unique(&mut jobs[j].fragments, f);
            }
        }
    }
    (keys, jobs)
}

fn parse(raw: &str) -> Result<Url, Failure> {
    let mut url =
        Url::parse(raw.trim()).map_err(|e| Failure::NotChecked(format!("malformed URL ({e})")))?;
    if !matches!(url.scheme(), "http" | "https") {
        return Err(Failure::NotChecked(format!(
            "{} URLs are not checked",
            url.scheme()
        )));
    }
    if url.host_str().is_none_or(str::is_empty) {
        return Err(Failure::NotChecked("URL without a host".into()));
    }
    url.set_fragment(None);
    Ok(url)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plan_dedups_urls_and_pages() {
        let r = |url: &str, read_page: bool| Request {
            url: url.into(),
            read_page,
            fragment: None,
        };
        let (keys, jobs) = plan(&[
            r("https://a.example/x#one", false),
            r("https://a.example/x#two", true),
            r("https://A.example/x", false),
            r("https://a.example/x#one", false),
            r("mailto:me@example.com", false),
            r("not a url", false),
        ]);
        assert_eq!(keys.len(), 5);
        assert_eq!(jobs.len(), 1);
        assert!(jobs[0].read_page);
        assert_eq!(jobs[0].fragments, ["one", "two"]);
        assert!(keys[3].job.is_err() && keys[4].job.is_err());
    }
}
