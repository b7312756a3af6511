//! One page's check: the GitHub API or the page itself, then its outcome; and an outcome
//! back to the result of each URL that pointed at the page.

use super::body::Need;
use super::client::{Checker, Fetched};
use super::github::{self, Api};
use super::status::{self, Failure};
use super::{page, Hop, LinkResult, NetOptions, PageFacts, Redirect, RepoFacts, Verdict};
use serde::{Deserialize, Serialize};
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

    pub fn cacheable(&self) -> bool {
        matches!(self.verdict, Verdict::Ok { status } if (200..300).contains(&status))
    }
}

#[derive(Debug, Clone)]
pub struct Job {
    /// The page: the URL without its fragment, as the url crate normalises it.
    pub url: Url,
    pub read_page: bool,
    pub fragments: Vec<String>,
    pub repo: Option<(String, String)>,
}

pub struct Key {
    pub url: String,
    pub job: Result<usize, Failure>,
    pub fragments: Vec<String>,
}

pub fn needs_body(job: &Job, opts: &NetOptions) -> bool {
    job.read_page || (opts.check_fragments && !job.fragments.is_empty())
}

pub fn api_wanted(job: &Job, opts: &NetOptions) -> bool {
    opts.github_api && job.repo.is_some() && (opts.github_token.is_some() || job.read_page)
}

pub async fn check_job(c: &Checker, job: &Job) -> Outcome {
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
                // The token may see a private repository; the list's readers cannot.
                let verdict = if facts.private {
                    Verdict::Broken {
                        status: None,
                        reason: "private repository: readers without access get 404".into(),
                    }
                } else {
                    Verdict::Ok { status: 200 }
                };
                return Outcome {
                    verdict,
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

pub fn result_for(key: &Key, outcome: Outcome, cached: bool) -> LinkResult {
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
