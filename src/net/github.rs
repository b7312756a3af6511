//! GitHub repositories through the API: does it exist, is it archived, is it code or a list
//! of links. The token, when set, is attached by the client to its own origins only.

use super::body::Need;
use super::client::Checker;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::atomic::Ordering;
use url::Url;

/// What the API says of a `github.com/OWNER/REPO` link.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RepoFacts {
    /// As written in the link.
    pub owner: String,
    pub name: String,
    pub exists: bool,
    /// Where the repository lives now (differs from the link after a rename or transfer).
    pub full_name: Option<String>,
    pub html_url: Option<String>,
    pub private: bool,
    pub archived: bool,
    pub fork: bool,
    pub description: Option<String>,
    pub stars: u64,
    pub pushed_at: Option<String>,
    /// Bytes per language, as GitHub's linguist counts them.
    pub languages: BTreeMap<String, u64>,
    /// Bytes in languages that are code (not prose or markup: Markdown, text,
    /// reStructuredText, AsciiDoc, Org, MDX, HTML, CSS, SCSS).
    pub code_bytes: u64,
}

impl RepoFacts {
    /// A repository of code, as opposed to one that only lists links.
    pub fn is_code(&self) -> bool {
        self.code_bytes > 0
    }
}

const PROSE: &[&str] = &[
    "Markdown",
    "Text",
    "reStructuredText",
    "AsciiDoc",
    "Org",
    "MDX",
    "HTML",
    "CSS",
    "SCSS",
];

pub enum Api {
    /// The repository, and whether the API redirected (renamed or transferred).
    Found(RepoFacts, bool),
    NotFound(RepoFacts),
    /// Rate limit, bad token, network trouble: no answer; check the page instead.
    Unavailable,
}

#[derive(Deserialize)]
struct ApiRepo {
    full_name: String,
    html_url: String,
    #[serde(default)]
    private: bool,
    #[serde(default)]
    archived: bool,
    #[serde(default)]
    fork: bool,
    description: Option<String>,
    #[serde(default)]
    stargazers_count: u64,
    pushed_at: Option<String>,
}

pub async fn ask(checker: &Checker, owner: &str, name: &str) -> Api {
    if checker.api_blocked.load(Ordering::Relaxed) {
        return Api::Unavailable;
    }
    let base = checker.opts.github_api_url.trim_end_matches('/');
    let Ok(url) = Url::parse(&format!("{base}/repos/{owner}/{name}")) else {
        return Api::Unavailable;
    };
    let mut facts = RepoFacts {
        owner: owner.to_string(),
        name: name.to_string(),
        ..RepoFacts::default()
    };
    let fetched = checker.fetch(&url, &Need::Api).await;
    let Ok(reply) = fetched.result else {
        return Api::Unavailable;
    };
    match reply.status {
        200 => {}
        404 | 451 => return Api::NotFound(facts),
        status => {
            let exhausted = reply.header("x-ratelimit-remaining") == Some("0");
            let why = match status {
                401 => Some("the GitHub API rejected the token (401)"),
                403 | 429 if exhausted || status == 429 => {
                    Some("the GitHub API rate limit is reached")
                }
                _ => None,
            };
            if let Some(why) = why {
                checker.api_blocked.store(true, Ordering::Relaxed);
                let hint = if checker.opts.github_token.is_some() {
                    ""
                } else {
                    "; set GITHUB_TOKEN"
                };
                checker.warn(format!(
                    "{why}: repository facts are missing for the rest of the run{hint}"
                ));
            }
            return Api::Unavailable;
        }
    }
    let Ok(repo) = serde_json::from_slice::<ApiRepo>(&reply.body) else {
        return Api::Unavailable;
    };
    let languages_url = fetched.reached.as_str().trim_end_matches('/').to_string() + "/languages";
    if let Ok(lurl) = Url::parse(&languages_url) {
        let langs = checker.fetch(&lurl, &Need::Api).await;
        if let Ok(r) = langs.result.as_ref() {
            if r.status == 200 {
                facts.languages = serde_json::from_slice(&r.body).unwrap_or_default();
            }
        }
    }
    facts.code_bytes = facts
        .languages
        .iter()
        .filter(|(l, _)| !PROSE.contains(&l.as_str()))
        .map(|(_, b)| b)
        .sum();
    facts.exists = true;
    facts.full_name = Some(repo.full_name);
    facts.html_url = Some(repo.html_url);
    facts.private = repo.private;
    facts.archived = repo.archived;
    facts.fork = repo.fork;
    facts.description = repo.description;
    facts.stars = repo.stargazers_count;
    facts.pushed_at = repo.pushed_at;
    Api::Found(facts, !fetched.hops.is_empty())
}
