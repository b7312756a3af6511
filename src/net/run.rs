//! One run: requests become jobs (one per page), the cache answers what it can, a runtime
//! checks the rest, and jobs become results again (one per distinct URL).

use super::cache::{self, Cache, Entry};
use super::client::{Checker, Fetched, Need};
use super::github::{self, Api};
use super::status::{self, Failure};
use super::{
    page, CheckRun, Hop, LinkResult, NetError, NetOptions, PageFacts, Progress, Redirect,
    RepoFacts, Request, Verdict,
};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Instant;
use url::Url;

/// What a check of one page found; what the cache keeps.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub verdict: Verdict,
    pub redirect: Option<Redirect>,
    pub page: Option<PageFacts>,
    pub repo: Option<RepoFacts>,
}

impl Outcome {
    #[cfg(test)]
    pub fn plain(verdict: Verdict) -> Outcome {
        Outcome {
            verdict,
            redirect: None,
            page: None,
            repo: None,
        }
    }

    fn cacheable(&self) -> bool {
        matches!(self.verdict, Verdict::Ok { status } if (200..300).contains(&status))
    }
}

#[derive(Debug, Clone)]
struct Job {
    /// The page: the URL without its fragment, as the url crate normalises it.
    url: Url,
    read_page: bool,
    fragments: Vec<String>,
    repo: Option<(String, String)>,
}

struct Key {
    url: String,
    job: Result<usize, Failure>,
    fragments: Vec<String>,
}

fn push_unique(v: &mut Vec<String>, s: String) {
    if !s.is_empty() && !v.contains(&s) {
        v.push(s);
    }
}

/// Checks every URL of `requests` once and returns a result per distinct `Request::url`.
/// Blocks until done. Must not be called from inside a tokio runtime.
pub fn check(
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
        let rt = tokio::runtime::Builder::new_current_thread()
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
        if let Err(e) = cache.save() {
            run.warnings.push(e);
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
                    let repo = github::repo_root(&url);
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

fn needs_body(job: &Job, opts: &NetOptions) -> bool {
    job.read_page || (opts.check_fragments && !job.fragments.is_empty())
}

fn api_wanted(job: &Job, opts: &NetOptions) -> bool {
    opts.github_api && job.repo.is_some() && (opts.github_token.is_some() || job.read_page)
}

async fn check_job(c: &Checker, job: &Job) -> Outcome {
    let need = if job.read_page {
        Need::Page
    } else if needs_body(job, &c.opts) {
        Need::Anchors(job.fragments.clone())
    } else {
        Need::Status
    };
    if let (Some((owner, name)), true) = (&job.repo, api_wanted(job, &c.opts)) {
        match github::ask(c, owner, name).await {
            Api::Found(facts, moved) => {
                let redirect = facts.html_url.clone().filter(|_| moved).map(|to| Redirect {
                    permanent: true,
                    final_url: to.clone(),
                    reached: to,
                    hops: vec![Hop {
                        url: job.url.to_string(),
                        status: 301,
                    }],
                });
                let page = if need == Need::Status {
                    None
                } else {
                    let f = c.fetch(&job.url, &need).await;
                    f.result
                        .ok()
                        .filter(|r| (200..300).contains(&r.status))
                        .map(|r| page::facts(&r.body, &f.reached, r.content_type(), r.complete))
                };
                return Outcome {
                    verdict: Verdict::Ok { status: 200 },
                    redirect,
                    page,
                    repo: Some(facts),
                };
            }
            Api::NotFound(facts) => {
                return Outcome {
                    verdict: Verdict::Broken {
                        status: Some(404),
                        reason: "repository not found (deleted, or private)".into(),
                    },
                    redirect: None,
                    page: None,
                    repo: Some(facts),
                };
            }
            Api::Unavailable => {}
        }
    }
    let f = c.fetch(&job.url, &need).await;
    outcome_of(c, &f, &need).await
}

async fn outcome_of(c: &Checker, f: &Fetched, need: &Need) -> Outcome {
    let redirect = redirect_of(&f.hops, &f.reached);
    match &f.result {
        Err(failure) => {
            let up = !failure.network_dependent() || c.network_up().await;
            Outcome {
                verdict: failure.verdict(up, f.tries),
                redirect,
                page: None,
                repo: None,
            }
        }
        Ok(reply) => {
            let verdict =
                status::status_verdict(reply.status, &c.opts.accept, reply.challenge, f.tries);
            let read = *need != Need::Status && (200..300).contains(&reply.status);
            let page = read.then(|| {
                page::facts(
                    &reply.body,
                    &f.reached,
                    reply.content_type(),
                    reply.complete,
                )
            });
            Outcome {
                verdict,
                redirect,
                page,
                repo: None,
            }
        }
    }
}

fn redirect_of(hops: &[Hop], reached: &Url) -> Option<Redirect> {
    let first = hops.first()?;
    let permanent_hop = |h: &Hop| matches!(h.status, 301 | 308);
    let permanent = permanent_hop(first);
    let leading = hops.iter().take_while(|h| permanent_hop(h)).count();
    let final_url = if permanent && leading < hops.len() {
        hops[leading].url.clone()
    } else {
        reached.to_string()
    };
    Some(Redirect {
        permanent,
        final_url,
        reached: reached.to_string(),
        hops: hops.to_vec(),
    })
}

fn result_for(key: &Key, outcome: Outcome, cached: bool) -> LinkResult {
    let Outcome {
        verdict,
        mut redirect,
        page,
        repo,
    } = outcome;
    let mut fragment_found = None;
    let mut missing = Vec::new();
    if let Some(p) = &page {
        let answers: Vec<Option<bool>> = key.fragments.iter().map(|f| p.fragment(f)).collect();
        for (f, a) in key.fragments.iter().zip(&answers) {
            if *a == Some(false) {
                missing.push(f.clone());
            }
        }
        if !missing.is_empty() {
            fragment_found = Some(false);
        } else if !answers.is_empty() && answers.iter().all(|a| *a == Some(true)) {
            fragment_found = Some(true);
        }
    }
    // The link's own fragment survives a redirect whose target names none.
    if let (Some(r), Some(frag)) = (
        redirect.as_mut(),
        Url::parse(&key.url)
            .ok()
            .and_then(|u| u.fragment().map(str::to_string)),
    ) {
        if let Ok(mut u) = Url::parse(&r.final_url) {
            if u.fragment().is_none() {
                u.set_fragment(Some(&frag));
                r.final_url = u.to_string();
            }
        }
    }
    LinkResult {
        verdict,
        redirect,
        page,
        repo,
        fragment_found,
        missing_fragments: missing,
        cached,
    }
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

    #[test]
    fn final_url_stops_at_the_first_temporary_hop() {
        let hop = |u: &str, s| Hop {
            url: u.into(),
            status: s,
        };
        let reached = Url::parse("https://c/").unwrap();
        let r = redirect_of(&[hop("http://a/", 301), hop("https://b/", 302)], &reached).unwrap();
        assert!(r.permanent);
        assert_eq!(r.final_url, "https://b/");
        let r = redirect_of(&[hop("http://a/", 308), hop("https://b/", 301)], &reached).unwrap();
        assert_eq!(r.final_url, "https://c/");
        let r = redirect_of(&[hop("http://a/", 302)], &reached).unwrap();
        assert!(!r.permanent);
        assert!(redirect_of(&[], &reached).is_none());
    }
}
