//! Offline link rules.

use super::Context;
use crate::document::scheme_of;
use crate::error::did_you_mean;
use crate::finding::{Finding, Severity};
use serde_json::json;

/// Why a URL is malformed, or None when it is fine (relative paths and fragments included).
pub fn malformed_reason(url: &str, schemes: &[String]) -> Option<String> {
    let trimmed = url.trim();
    if trimmed.is_empty() {
        return Some("the link has an empty target".into());
    }
    let Some(scheme) = scheme_of(trimmed) else {
        return None; // a relative path or #fragment
    };
    let lower = scheme.to_ascii_lowercase();
    if matches!(lower.as_str(), "javascript" | "data" | "vbscript" | "file") {
        return Some(format!("`{lower}:` URLs have no place in a resource list"));
    }
    if !schemes.iter().any(|s| s.eq_ignore_ascii_case(&lower)) {
        let hint = did_you_mean(&lower, schemes.iter().map(String::as_str))
            .map(|s| format!(" (did you mean `{s}`?)"))
            .unwrap_or_default();
        return Some(format!("unsupported URL scheme `{scheme}`{hint}"));
    }
    if lower == "mailto" {
        return (!trimmed[scheme.len() + 1..].contains('@'))
            .then(|| "a mailto: link needs an address".to_string());
    }
    if !trimmed[scheme.len() + 1..].starts_with("//") {
        return Some(format!("`{scheme}:` must be followed by `//`"));
    }
    match url::Url::parse(trimmed) {
        Err(e) => Some(format!("the URL does not parse: {e}")),
        Ok(u) if u.host_str().is_none_or(str::is_empty) => Some("the URL has no host".into()),
        Ok(u) => {
            let host = u.host_str().unwrap_or("");
            if host.starts_with('.') || host.ends_with("..") || host.contains("..") {
                Some(format!("the host `{host}` is not a valid name"))
            } else {
                None
            }
        }
    }
}

/// `link/malformed`: a URL that does not parse or uses a scheme a list should not have.
pub fn malformed(cx: &Context) -> Vec<Finding> {
    let schemes = &cx.policy.links.schemes;
    let mut out = Vec::new();
    for link in &cx.doc.links {
        if let Some(reason) = malformed_reason(&link.url, schemes) {
            out.push(
                Finding::new(
                    "link/malformed",
                    Severity::Error,
                    link.span.clone(),
                    format!("malformed link `{}`: {reason}", link.url),
                )
                .label("malformed")
                .help("link to an http(s) URL, a relative file or a #heading")
                .data(json!({"url": link.url})),
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classifies_urls() {
        let s: Vec<String> = ["http", "https", "mailto"].map(String::from).to_vec();
        for ok in [
            "https://example.com/a?b=c#d",
            "http://[::1]:8080/",
            "./x.md",
            "#anchor",
            "mailto:a@b.example",
            "docs/a b.md",
        ] {
            assert_eq!(malformed_reason(ok, &s), None, "{ok}");
        }
        for (bad, why) in [
            (
                "javascript:alert(1)",
                "`javascript:` URLs have no place in a resource list",
            ),
            (
                "data:text/html,x",
                "`data:` URLs have no place in a resource list",
            ),
            (
                "htps://example.com",
                "unsupported URL scheme `htps` (did you mean `https`?)",
            ),
            ("https:/example.com", "`https:` must be followed by `//`"),
            ("https://", "the URL does not parse: empty host"),
            (
                "http://exa mple.com",
                "the URL does not parse: invalid international domain name",
            ),
            (
                "https://[::1/",
                "the URL does not parse: invalid IPv6 address",
            ),
            ("https://a..b/", "the host `a..b` is not a valid name"),
            ("mailto:nobody", "a mailto: link needs an address"),
            ("", "the link has an empty target"),
        ] {
            assert_eq!(malformed_reason(bad, &s).as_deref(), Some(why), "{bad}");
        }
    }
}
