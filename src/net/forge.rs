//! Code forges: which URLs point into a code repository, and which are a GitHub
//! repository's home.

use url::Url;

/// The code repository a URL points into, as `https://HOST/OWNER/REPO`.
pub fn code_repo(url: &Url) -> Option<String> {
    let host = url.host_str()?.to_ascii_lowercase();
    let host = host.strip_prefix("www.").unwrap_or(&host).to_string();
    let segs: Vec<&str> = url.path_segments()?.filter(|s| !s.is_empty()).collect();
    let reserved: &[&str] = match host.as_str() {
        "github.com" => GITHUB_RESERVED,
        "gitlab.com" => &[
            "explore",
            "help",
            "users",
            "dashboard",
            "groups",
            "search",
            "-",
            "api",
        ],
        "codeberg.org" | "gitea.com" => &["explore", "user", "org", "api", "assets", "repo"],
        "bitbucket.org" => &["account", "dashboard", "product", "blog", "site", "repo"],
        "gitee.com" => &["explore", "help", "enterprises", "login", "signup", "api"],
        "git.sr.ht" => &[],
        _ => return None,
    };
    let (owner, rest) = segs.split_first()?;
    if reserved.iter().any(|r| owner.eq_ignore_ascii_case(r)) {
        return None;
    }
    if host == "git.sr.ht" && !owner.starts_with('~') {
        return None;
    }
    // GitLab projects may sit in nested groups, up to the `/-/` separator.
    let repo_path: Vec<&str> = if host == "gitlab.com" {
        rest.iter().take_while(|s| **s != "-").copied().collect()
    } else {
        rest.iter().take(1).copied().collect()
    };
    let (last, groups) = repo_path.split_last()?;
    let last = last.strip_suffix(".git").unwrap_or(last);
    let ok = |s: &str| {
        !s.is_empty()
            && s.bytes()
                .all(|c| c.is_ascii_alphanumeric() || b"-_.~".contains(&c))
    };
    if !ok(owner) || !ok(last) || !groups.iter().all(|g| ok(g)) || last == "." || last == ".." {
        return None;
    }
    let mut path = vec![*owner];
    path.extend(groups);
    path.push(last);
    Some(format!("https://{host}/{}", path.join("/")))
}

/// First path segments of github.com that are pages of the site, not owners.
pub const GITHUB_RESERVED: &[&str] = &[
    "about",
    "apps",
    "collections",
    "contact",
    "customer-stories",
    "codespaces",
    "dashboard",
    "enterprise",
    "events",
    "explore",
    "features",
    "git-guides",
    "github",
    "issues",
    "join",
    "login",
    "logout",
    "marketplace",
    "mobile",
    "new",
    "notifications",
    "orgs",
    "organizations",
    "pricing",
    "pulls",
    "readme",
    "resources",
    "search",
    "security",
    "settings",
    "signup",
    "site",
    "solutions",
    "sponsors",
    "stars",
    "team",
    "topics",
    "trending",
    "watching",
];

/// `(owner, repo)` when `url` is a repository's home on github.com (not a file, issue or
/// tree inside it).
pub fn repo_root(url: &Url) -> Option<(String, String)> {
    let host = url.host_str()?.to_ascii_lowercase();
    if host != "github.com" && host != "www.github.com" {
        return None;
    }
    let segs: Vec<&str> = url.path_segments()?.filter(|s| !s.is_empty()).collect();
    let [owner, repo] = segs[..] else {
        return None;
    };
    let repo = repo.strip_suffix(".git").unwrap_or(repo);
    let ok = |s: &str| {
        !s.is_empty()
            && s.bytes()
                .all(|c| c.is_ascii_alphanumeric() || b"-_.".contains(&c))
    };
    if !ok(owner)
        || !ok(repo)
        || GITHUB_RESERVED
            .iter()
            .any(|r| owner.eq_ignore_ascii_case(r))
    {
        return None;
    }
    Some((owner.to_string(), repo.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use url::Url;

    fn root(u: &str) -> Option<(String, String)> {
        repo_root(&Url::parse(u).unwrap())
    }

    #[test]
    fn repository_homes_only() {
        let want = Some(("rust-lang".to_string(), "rust".to_string()));
        assert_eq!(root("https://github.com/rust-lang/rust"), want);
        assert_eq!(root("https://github.com/rust-lang/rust/"), want);
        assert_eq!(root("https://www.github.com/rust-lang/rust.git"), want);
        assert_eq!(root("https://github.com/rust-lang/rust/issues"), None);
        assert_eq!(root("https://github.com/rust-lang"), None);
        assert_eq!(root("https://github.com/features/actions"), None);
        assert_eq!(root("https://gitlab.com/a/b"), None);
    }

    #[test]
    fn code_repositories_on_each_forge() {
        let repo = |u: &str| code_repo(&Url::parse(u).unwrap());
        let cases = [
            (
                "https://github.com/acme/kern/blob/main/x.cu",
                Some("https://github.com/acme/kern"),
            ),
            (
                "https://www.github.com/acme/kern.git",
                Some("https://github.com/acme/kern"),
            ),
            (
                "https://gitlab.com/g/sub/proj/-/tree/main",
                Some("https://gitlab.com/g/sub/proj"),
            ),
            ("https://codeberg.org/u/r", Some("https://codeberg.org/u/r")),
            (
                "https://bitbucket.org/team/repo/src",
                Some("https://bitbucket.org/team/repo"),
            ),
            (
                "https://git.sr.ht/~user/repo/tree",
                Some("https://git.sr.ht/~user/repo"),
            ),
            ("https://github.com/acme", None),
            ("https://github.com/topics/cuda", None),
            ("https://gitlab.com/explore/projects", None),
            ("https://git.sr.ht/user/repo", None),
            ("https://example.com/a/b", None),
        ];
        for (u, want) in cases {
            assert_eq!(repo(u).as_deref(), want, "{u}");
        }
    }
}
