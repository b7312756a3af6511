//! Offline link rules.

use super::Context;
use crate::document::{scheme_of, LinkKind};
use crate::error::did_you_mean;
use crate::finding::{Finding, Severity};
use crate::slug::percent_decode;
use serde_json::json;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

pub mod normalize;

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
    if lower == "doi" {
        return Some(format!(
            "`doi:` links do not open in a browser; use https://doi.org/{}",
            trimmed[4..].trim()
        ));
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
    if plain_authority(&trimmed[scheme.len() + 3..]) {
        return None;
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

/// Whether the part after `scheme://` starts with an authority the URL parser is sure to
/// accept: a plain ASCII host name (labels of letters, digits and hyphens) and an optional
/// numeric port. The path, query and fragment cannot make an http(s) URL fail to parse, so
/// such a URL needs no full parse.
fn plain_authority(rest: &str) -> bool {
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let authority = &rest[..end];
    let (host, port) = match authority.rsplit_once(':') {
        Some((h, p)) => (h, Some(p)),
        None => (authority, None),
    };
    let port_ok = port.is_none_or(|p| {
        !p.is_empty()
            && p.len() <= 5
            && p.bytes().all(|b| b.is_ascii_digit())
            && p.parse::<u32>().is_ok_and(|n| n <= 65535)
    });
    let labels_ok = !host.is_empty()
        && host.split('.').all(|l| {
            !l.is_empty()
                && l.len() <= 63
                && l.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
                && !l.starts_with('-')
                && !l.ends_with('-')
        });
    // all-numeric labels may be an IPv4 address: let the parser judge those
    let numeric = host.bytes().all(|b| b.is_ascii_digit() || b == b'.');
    port_ok && labels_ok && !numeric
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

/// The fragment a `#…` link targets, decoded, without GitHub's `user-content-` prefix.
fn fragment_target(fragment: &str) -> String {
    let decoded = percent_decode(fragment);
    decoded
        .strip_prefix("user-content-")
        .map(str::to_string)
        .unwrap_or(decoded)
}

/// Whether `fragment` names one of `anchors` (exactly, or ignoring case as GitHub's page
/// script does).
fn anchor_exists(anchors: &HashSet<&str>, fragment: &str) -> bool {
    fragment.is_empty()
        || anchors.contains(fragment)
        || anchors.iter().any(|a| a.eq_ignore_ascii_case(fragment))
}

fn anchor_help(anchors: &HashSet<&str>, fragment: &str) -> String {
    match did_you_mean(fragment, anchors.iter().copied()) {
        Some(a) => format!("did you mean `#{a}`?"),
        None => "link to an existing heading's anchor (GitHub: lower case, punctuation dropped, spaces to `-`)".into(),
    }
}

/// `link/broken-anchor`: a `#fragment` link that no heading or explicit anchor answers.
/// Links in the contents list are judged by `structure/toc-mismatch` instead.
pub fn broken_anchor(cx: &Context) -> Vec<Finding> {
    let doc = cx.doc;
    let anchors = doc.anchors();
    let mut out = Vec::new();
    for link in &doc.links {
        let Some(frag) = link.url.strip_prefix('#') else {
            continue;
        };
        if cx.scopes[link.section].contents {
            continue;
        }
        let target = fragment_target(frag);
        if anchor_exists(&anchors, &target) {
            continue;
        }
        out.push(
            Finding::new(
                "link/broken-anchor",
                Severity::Error,
                link.span.clone(),
                format!("no heading has the anchor `#{target}`"),
            )
            .label("broken anchor")
            .help(anchor_help(&anchors, &target))
            .data(json!({"anchor": target})),
        );
    }
    out
}

/// Splits a relative link into its path (decoded) and fragment.
fn split_relative(url: &str) -> (String, Option<&str>) {
    let (before_frag, frag) = match url.split_once('#') {
        Some((p, f)) => (p, Some(f)),
        None => (url, None),
    };
    let path = before_frag.split('?').next().unwrap_or("");
    (percent_decode(path), frag)
}

/// `link/missing-file`: a relative link or image to a file that does not exist, or to an
/// anchor that a Markdown file does not have.
pub fn missing_file(cx: &Context) -> Vec<Finding> {
    let Some(base) = cx.base_dir else {
        return Vec::new();
    };
    let repo_root = base.canonicalize().ok().and_then(|b| {
        b.ancestors()
            .find(|a| a.join(".git").exists())
            .map(Path::to_path_buf)
    });
    let mut parsed: HashMap<PathBuf, Option<Vec<String>>> = HashMap::new();
    let mut out = Vec::new();
    for link in &cx.doc.links {
        let url = link.url.trim();
        if url.is_empty()
            || url.starts_with('#')
            || url.starts_with("//")
            || scheme_of(url).is_some()
        {
            continue;
        }
        let (path, frag) = split_relative(url);
        if path.is_empty() {
            continue;
        }
        let target = match path.strip_prefix('/') {
            Some(rooted) => match &repo_root {
                Some(root) => root.join(rooted),
                None => continue, // root-relative, and no repository to resolve it against
            },
            None => base.join(&path),
        };
        let what = if link.kind == LinkKind::Image {
            "image"
        } else {
            "file"
        };
        if !target.exists() {
            out.push(
                Finding::new(
                    "link/missing-file",
                    Severity::Error,
                    link.span.clone(),
                    format!("linked {what} `{path}` does not exist"),
                )
                .label(format!("no such {what}"))
                .help(format!(
                    "paths are resolved from the list's folder ({}); fix the path or add the file",
                    base.display()
                ))
                .data(json!({"path": path})),
            );
            continue;
        }
        let Some(frag) = frag.filter(|f| !f.is_empty()) else {
            continue;
        };
        let is_md = target
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| e.eq_ignore_ascii_case("md") || e.eq_ignore_ascii_case("markdown"));
        if !is_md || !target.is_file() {
            continue;
        }
        let max = cx.policy.list.max_file_bytes;
        let anchors = parsed.entry(target.clone()).or_insert_with(|| {
            let text = crate::lint::read_list(&target, max).ok()?;
            let d = crate::document::Document::parse(&text);
            let mut a: Vec<String> = d.headings.iter().map(|h| h.anchor.clone()).collect();
            a.extend(d.html_anchors.iter().cloned());
            Some(a)
        });
        let Some(anchors) = anchors else { continue };
        let set: HashSet<&str> = anchors.iter().map(String::as_str).collect();
        let target_frag = fragment_target(frag);
        if !anchor_exists(&set, &target_frag) {
            out.push(
                Finding::new(
                    "link/missing-file",
                    Severity::Error,
                    link.span.clone(),
                    format!("`{path}` has no heading with the anchor `#{target_frag}`"),
                )
                .label("no such anchor in that file")
                .help(anchor_help(&set, &target_frag))
                .data(json!({"path": path, "anchor": target_frag})),
            );
        }
    }
    out
}

/// `link/duplicate`: the same resource linked twice, after normalisation. An error within one
/// section, a warning across sections; links of one entry may repeat a resource (a paper and
/// its PDF).
pub fn duplicate(cx: &Context) -> Vec<Finding> {
    let doc = cx.doc;
    let tracking = &cx.policy.links.tracking_params;
    let mut first: HashMap<String, usize> = HashMap::with_capacity(doc.links.len());
    let mut out = Vec::new();
    for (i, link) in doc.links.iter().enumerate() {
        if link.kind == LinkKind::Image || cx.scopes[link.section].contents {
            continue;
        }
        let Some(key) = normalize::resource_key(&link.url, tracking) else {
            continue;
        };
        match first.get(&key) {
            None => {
                first.insert(key, i);
            }
            Some(&j) => {
                let prev = &doc.links[j];
                if prev.entry.is_some() && prev.entry == link.entry {
                    continue;
                }
                let same_section = prev.section == link.section;
                let line = doc.line_of(prev.span.start);
                let (severity, place) = if same_section {
                    (Severity::Error, "in this section")
                } else {
                    (Severity::Warning, "in another section")
                };
                let prev_path = doc.section_path(prev.section).join(" › ");
                out.push(
                    Finding::new(
                        "link/duplicate",
                        severity,
                        link.span.clone(),
                        format!(
                            "\"{}\" links the same resource as \"{}\" on line {line} ({place}{})",
                            link.text.trim(),
                            prev.text.trim(),
                            if same_section || prev_path.is_empty() {
                                String::new()
                            } else {
                                format!(": {prev_path}")
                            }
                        ),
                    )
                    .label(format!("duplicate of line {line}"))
                    .help(if same_section {
                        "keep one entry per source in a section"
                    } else {
                        "link a source from one place, or refer to that section with a #heading link"
                    })
                    .data(json!({"first_line": line, "resource": key, "url": link.url})),
                );
            }
        }
    }
    out
}

/// `link/insecure`: an `http://` link to a public host.
pub fn insecure(cx: &Context) -> Vec<Finding> {
    let mut out = Vec::new();
    for link in &cx.doc.links {
        let url = link.url.trim();
        if !url
            .get(..7)
            .is_some_and(|s| s.eq_ignore_ascii_case("http://"))
        {
            continue;
        }
        let Ok(u) = url::Url::parse(url) else {
            continue;
        };
        if !normalize::is_public_host(&u) {
            continue;
        }
        let mut https = u.clone();
        let _ = https.set_scheme("https");
        out.push(
            Finding::new(
                "link/insecure",
                Severity::Warning,
                link.span.clone(),
                format!("`{url}` uses http:// to a public host"),
            )
            .label("insecure")
            .help(format!(
                "link to `{https}` if the site serves HTTPS (`lint --online` checks)"
            ))
            .data(json!({"url": url, "https_url": https.as_str()})),
        );
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
