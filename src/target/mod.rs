//! What a link points at, parsed once per link and used by every rule: a web URL (with its
//! host, path and normalised resource key), a `#fragment` of this file, a relative file, a
//! mail address, another allowed scheme, or a malformed target with the reason.

pub mod host;
pub mod key;
pub mod query;

use crate::error::did_you_mean;
use std::fmt::Write as _;

pub use host::{is_public_host, is_public_v4, is_public_v6};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    Web(Web),
    /// `#fragment`: an anchor of this file (raw, as written after `#`).
    Fragment(String),
    /// A file relative to the list (or to the repository root when it starts with `/`).
    Relative {
        /// Percent-decoded, without query or fragment; may be empty (`?x`).
        path: String,
        fragment: Option<String>,
    },
    Mail,
    /// An allowed scheme other than http(s) (`ftp://…`), or a protocol-relative `//host/…`
    /// link (scheme empty), which no rule judges.
    Other {
        scheme: String,
    },
    Malformed {
        reason: String,
        /// The resource it still names, for duplicate detection (`doi:…`).
        key: Option<String>,
    },
}

/// An http(s) URL. Its host, path, fragment and key are held in one string (one allocation
/// per link; the key shares the bytes of host and path when it is a prefix of them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Web {
    pub https: bool,
    /// Whether the host is on the public internet (not loopback, private, a local name…).
    pub public: bool,
    /// Host, path, fragment and (when not a prefix of host and path) key, one after another.
    text: String,
    /// Where the path starts (the host ends) in `text`.
    path_at: usize,
    /// Where the path ends (the fragment starts) in `text`.
    fragment_at: usize,
    /// Where the fragment ends, when there is one.
    fragment_end: Option<usize>,
    /// Where the key is in `text`.
    key: std::ops::Range<usize>,
}

impl Web {
    /// A web target of its parts: `key` appends the key to the string it is given (which
    /// already holds host, path and fragment).
    fn new(
        https: bool,
        public: bool,
        (host, path, fragment): (&str, &str, Option<&str>),
        capacity: usize,
        key: impl FnOnce(&mut String),
    ) -> Web {
        let mut text = String::with_capacity(capacity);
        text.push_str(host);
        let path_at = text.len();
        text.push_str(path);
        let fragment_at = text.len();
        let fragment_end = fragment.map(|f| {
            text.push_str(f);
            text.len()
        });
        let key_at = text.len();
        key(&mut text);
        let len = text.len() - key_at;
        let key = if len <= fragment_at && text.as_bytes()[..len] == text.as_bytes()[key_at..] {
            text.truncate(key_at);
            0..len
        } else {
            key_at..text.len()
        };
        Web {
            https,
            public,
            text,
            path_at,
            fragment_at,
            fragment_end,
            key,
        }
    }

    /// Lower case, without a trailing dot, `www.`, user information or port.
    pub fn host(&self) -> &str {
        &self.text[..self.path_at]
    }

    /// The path up to the query, starting with `/`, non-ASCII bytes percent-encoded as a
    /// browser sends them.
    pub fn path(&self) -> &str {
        &self.text[self.path_at..self.fragment_at]
    }

    /// Host and path together (`github.com/a/b`), as the policy's URL patterns see a URL.
    pub fn host_path(&self) -> &str {
        &self.text[..self.fragment_at]
    }

    /// The resource it names whatever the spelling (see `key::resource_key`).
    pub fn key(&self) -> &str {
        &self.text[self.key.clone()]
    }

    /// What follows the first `#`, if anything does.
    pub fn fragment(&self) -> Option<&str> {
        self.fragment_end.map(|e| &self.text[self.fragment_at..e])
    }
}

impl Target {
    pub fn web(&self) -> Option<&Web> {
        match self {
            Target::Web(w) => Some(w),
            _ => None,
        }
    }

    /// The normalised resource key, for duplicate detection.
    pub fn key(&self) -> Option<&str> {
        match self {
            Target::Web(w) => Some(w.key()),
            Target::Malformed { key, .. } => key.as_deref(),
            _ => None,
        }
    }
}

/// The policy settings a link's target depends on.
#[derive(Debug, Clone, Copy)]
pub struct TargetOptions<'a> {
    /// Schemes a list may use; any other is malformed.
    pub schemes: &'a [String],
    /// Query parameters that do not change the resource (`utm_*`).
    pub tracking: &'a [String],
}

/// The scheme of a URL-like string (`https` in `https://x`), if it has one.
pub fn scheme_of(url: &str) -> Option<&str> {
    let b = url.as_bytes();
    if !b.first()?.is_ascii_alphabetic() {
        return None;
    }
    let colon = 1 + b[1..]
        .iter()
        .position(|&c| !(c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.')))?;
    (b[colon] == b':' && colon > 1).then(|| &url[..colon])
}

/// Parses a link destination.
pub fn parse(url: &str, opts: TargetOptions) -> Target {
    parse_with(url, opts, true)
}

/// `parse`, optionally without the shortcut for plain http(s) URLs (to test that it changes
/// nothing).
fn parse_with(url: &str, opts: TargetOptions, shortcut: bool) -> Target {
    let trimmed = url.trim();
    let malformed = |reason: String| Target::Malformed { reason, key: None };
    if trimmed.is_empty() {
        return malformed("the link has an empty target".into());
    }
    let Some(scheme) = scheme_of(trimmed) else {
        if let Some(frag) = trimmed.strip_prefix('#') {
            return Target::Fragment(frag.to_string());
        }
        if trimmed.starts_with("//") {
            return Target::Other {
                scheme: String::new(),
            };
        }
        let (path, fragment) = split_relative(trimmed);
        return Target::Relative { path, fragment };
    };
    // Most links are plain http(s) URLs: read in one pass, see `plain_web`.
    if shortcut && opts.schemes.iter().any(|s| s.eq_ignore_ascii_case(scheme)) {
        if let Some(web) = plain_web(trimmed, opts.tracking) {
            return Target::Web(web);
        }
    }
    let lower = scheme.to_ascii_lowercase();
    let rest = &trimmed[scheme.len() + 1..];
    if matches!(lower.as_str(), "javascript" | "data" | "vbscript" | "file") {
        return malformed(format!("`{lower}:` URLs have no place in a resource list"));
    }
    if lower == "doi" {
        return Target::Malformed {
            reason: format!(
                "`doi:` links do not open in a browser; use https://doi.org/{}",
                rest.trim()
            ),
            key: Some(key::doi_key(rest)),
        };
    }
    if !opts.schemes.iter().any(|s| s.eq_ignore_ascii_case(&lower)) {
        let hint = did_you_mean(&lower, opts.schemes.iter().map(String::as_str))
            .map(|s| format!(" (did you mean `{s}`?)"))
            .unwrap_or_default();
        return malformed(format!("unsupported URL scheme `{scheme}`{hint}"));
    }
    if lower == "mailto" {
        return if rest.contains('@') {
            Target::Mail
        } else {
            malformed("a mailto: link needs an address".into())
        };
    }
    let Some(after) = rest.strip_prefix("//") else {
        return malformed(format!("`{scheme}:` must be followed by `//`"));
    };
    let parsed = if plain_authority(after) {
        None
    } else {
        match url::Url::parse(trimmed) {
            Err(e) => return malformed(format!("the URL does not parse: {e}")),
            Ok(u) if u.host_str().is_none_or(str::is_empty) => {
                return malformed("the URL has no host".into())
            }
            Ok(u) => {
                let host = u.host_str().unwrap_or("");
                if host.starts_with('.') || host.contains("..") {
                    return malformed(format!("the host `{host}` is not a valid name"));
                }
                Some(u)
            }
        }
    };
    if lower != "http" && lower != "https" {
        return Target::Other { scheme: lower };
    }
    let Some((host, path)) = split_web_url(trimmed) else {
        return malformed("the URL has no host".into());
    };
    let public = match &parsed {
        Some(u) => is_public_host(u),
        None => host::is_public_domain(&host),
    };
    let Some(key) = key::resource_key(trimmed, opts.tracking) else {
        return malformed("the URL does not parse".into());
    };
    let fragment = trimmed.split_once('#').map(|(_, f)| f);
    let capacity = host.len() + path.len() + fragment.map_or(0, str::len) + key.len();
    Target::Web(Web::new(
        lower == "https",
        public,
        (&host, &path, fragment),
        capacity,
        |text| text.push_str(&key),
    ))
}

/// A plain http(s) URL (`key::plain`: one the URL parser would return unchanged, whose host
/// labels are short enough that `parse` would not ask the parser about it) read in one pass,
/// as `parse` reads it with `split_web_url`, `is_public_domain` and `resource_key`.
fn plain_web(url: &str, tracking: &[String]) -> Option<Web> {
    let p = key::plain(url).filter(|p| p.short_labels)?;
    let https = url.as_bytes()[4].eq_ignore_ascii_case(&b's');
    let host = match p.host.get(..4) {
        Some(www) if www.eq_ignore_ascii_case("www.") => &p.host[4..],
        _ => p.host,
    };
    let lower;
    let host = if host.bytes().any(|b| b.is_ascii_uppercase()) {
        lower = host.to_ascii_lowercase();
        lower.as_str()
    } else {
        host
    };
    let path = if p.path.is_empty() { "/" } else { p.path };
    let query = p.query.map_or(0, str::len);
    let capacity = 2 * (host.len() + path.len() + query) + p.fragment.map_or(0, str::len) + 8;
    Some(Web::new(
        https,
        host::is_public_name(host),
        (host, path, p.fragment),
        capacity,
        |text| key::write_key(host, p.path, None, p.query, tracking, text),
    ))
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

/// `(host, path)` of an http(s) URL: host lower-cased without `www.`, a port or user
/// information; path up to the query, non-ASCII bytes percent-encoded as a browser would.
/// Hand-written: the `url` parser costs more than all the rest of classification.
pub fn split_web_url(url: &str) -> Option<(String, String)> {
    let u = url.trim();
    let head = u.get(..8).unwrap_or(u).as_bytes();
    let rest = if head.len() >= 8 && head.eq_ignore_ascii_case(b"https://") {
        &u[8..]
    } else if head.len() >= 7 && head[..7].eq_ignore_ascii_case(b"http://") {
        &u[7..]
    } else {
        return None;
    };
    let end = rest
        .bytes()
        .position(|b| matches!(b, b'/' | b'?' | b'#'))
        .unwrap_or(rest.len());
    let authority = rest[..end].rsplit('@').next().unwrap_or("");
    let host = if let Some(v6) = authority.strip_prefix('[') {
        v6.split(']').next().unwrap_or("")
    } else {
        authority.split(':').next().unwrap_or("")
    };
    let host = host.trim_end_matches('.');
    let mut host = if host.is_ascii() {
        host.to_ascii_lowercase()
    } else {
        host.to_lowercase()
    };
    if host.is_empty() {
        return None;
    }
    if host.starts_with("www.") {
        host.drain(..4);
    }
    let path = &rest[end..];
    let path = &path[..path
        .bytes()
        .position(|b| matches!(b, b'?' | b'#'))
        .unwrap_or(path.len())];
    let mut out = String::with_capacity(path.len() + 1);
    if !path.starts_with('/') {
        out.push('/');
    }
    if path.is_ascii() {
        out.push_str(path);
    } else {
        for c in path.chars() {
            if c.is_ascii() {
                out.push(c);
            } else {
                let mut buf = [0; 4];
                for b in c.encode_utf8(&mut buf).bytes() {
                    let _ = write!(out, "%{b:02X}");
                }
            }
        }
    }
    Some((host, out))
}

/// Splits a relative link into its path (percent-decoded) and fragment.
fn split_relative(url: &str) -> (String, Option<String>) {
    let (before_frag, frag) = match url.split_once('#') {
        Some((p, f)) => (p, Some(f.to_string())),
        None => (url, None),
    };
    let path = before_frag.split('?').next().unwrap_or("");
    (percent_decode(path), frag)
}

/// Decodes `%XX` escapes (a result that is not UTF-8 keeps the text as written).
pub fn percent_decode(s: &str) -> String {
    if !s.contains('%') {
        return s.to_string();
    }
    percent_encoding::percent_decode_str(s)
        .decode_utf8()
        .map(|c| c.into_owned())
        .unwrap_or_else(|_| s.to_string())
}

/// Every inline link target of the corpus lists beside the repository (none when it is
/// absent), for tests that compare two ways of reading the same URLs.
#[cfg(test)]
pub(crate) fn corpus_link_targets() -> Vec<String> {
    let mut urls = Vec::new();
    let corpus = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    for dir in [corpus.clone(), corpus.join("dev"), corpus.join("guide")] {
        for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let text = std::fs::read_to_string(e.path()).unwrap_or_default();
            for part in text.split("](").skip(1) {
                let end = part.find([')', ' ']).unwrap_or(part.len());
                urls.push(part[..end].to_string());
            }
        }
    }
    urls
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts() -> (Vec<String>, Vec<String>) {
        (
            ["http", "https", "mailto", "ftp"]
                .map(String::from)
                .to_vec(),
            ["utm_*", "ref"].map(String::from).to_vec(),
        )
    }

    fn reason(url: &str) -> Option<String> {
        let (s, t) = opts();
        match parse(
            url,
            TargetOptions {
                schemes: &s,
                tracking: &t,
            },
        ) {
            Target::Malformed { reason, .. } => Some(reason),
            _ => None,
        }
    }

    #[test]
    fn classifies_urls() {
        for ok in [
            "https://example.com/a?b=c#d",
            "http://[::1]:8080/",
            "./x.md",
            "#anchor",
            "mailto:a@b.example",
            "docs/a b.md",
            "ftp://ftp.example.org/pub/x",
            "//cdn.example.org/x",
        ] {
            assert_eq!(reason(ok), None, "{ok}");
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
            assert_eq!(reason(bad).as_deref(), Some(why), "{bad}");
        }
    }

    /// The one-pass reading of plain http(s) URLs gives what the general path gives: on
    /// hand-made shapes, and on every link of the corpus lists when they are beside the
    /// repository.
    #[test]
    fn plain_urls_parse_as_the_general_path_does() {
        let (s, t) = opts();
        let o = TargetOptions {
            schemes: &s,
            tracking: &t,
        };
        let mut urls: Vec<String> = [
            "https://Example.COM/A/b/",
            "http://www.example.com",
            "HTTPS://WWW.Example.com/x#",
            "https://WwW.example.com?utm_source=a",
            "https://example.com?a=1&ref=x#f#g",
            "https://example.com/a/./b",
            "https://example.com/a/%2E%2e/b",
            "https://example.com/a/.../b",
            "https://example.com/%zz",
            "https://example.com/%4",
            "https://example.com/%4#1",
            "https://example.com/a\\b",
            "https://example.com\\a",
            "https://xn--bcher-kva.example/",
            "https://example.123/",
            "https://a.0x1/",
            "https://0x/",
            "https://a-.b/",
            "https://a..b/",
            "https://a./",
            "https://.a/",
            "https://localhost/",
            "https://printer.local/x",
            "https://a.home.arpa/",
            "https://arpa.org/",
            "https://example.com:443/x",
            "https://user@example.com/x",
            "https://github.com/Owner/Repo.git/tree/Main",
            "https://github.com/owner/repo",
            "https://github.com/owner/repo/",
            "https://doi.org/10.1145/X",
            "https://arxiv.org/abs/2205.14135v2",
            "https://dl.acm.org/doi/abs/10.1145/3458817.3476209",
            "https://www.rfc-editor.org/rfc/rfc9110.html",
            "https://example.com/caf\u{e9}",
            "http://a.b/?",
            "http://a.b?#",
            "http://abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcd.org/",
            "http://abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabc.org/",
        ]
        .map(String::from)
        .to_vec();
        let fixed = urls.len();
        urls.extend(crate::target::corpus_link_targets());
        // how many URLs took the shortcut: of the list above, of the corpus (when it is there)
        let mut shortcut = [0, 0];
        for (k, u) in urls.iter().enumerate() {
            assert_eq!(parse_with(u, o, true), parse_with(u, o, false), "{u}");
            shortcut[usize::from(k >= fixed)] += usize::from(plain_web(u.trim(), &t).is_some());
        }
        assert!(shortcut[0] >= 20, "{shortcut:?}");
        assert!(urls.len() == fixed || shortcut[1] > 0, "{shortcut:?}");
    }

    #[test]
    fn each_kind_of_target() {
        let (s, t) = opts();
        let o = TargetOptions {
            schemes: &s,
            tracking: &t,
        };
        let Target::Web(w) = parse(" HTTPS://www.Example.org:8443/Über?utm_source=x#Part ", o)
        else {
            panic!("web")
        };
        assert!(w.https && w.public);
        assert_eq!(w.host(), "example.org");
        assert_eq!(w.path(), "/%C3%9Cber");
        assert_eq!(w.fragment(), Some("Part"));
        assert_eq!(w.key(), "example.org:8443/%C3%9Cber");
        let Target::Web(local) = parse("http://localhost:8080/x", o) else {
            panic!("web")
        };
        assert!(!local.public && !local.https);
        assert_eq!(
            parse("docs/a%20b.md?x=1#Sec", o),
            Target::Relative {
                path: "docs/a b.md".into(),
                fragment: Some("Sec".into())
            }
        );
        assert_eq!(parse("#top", o), Target::Fragment("top".into()));
        assert_eq!(parse("mailto:a@b.example", o), Target::Mail);
        assert_eq!(
            parse("ftp://ftp.example.org/", o),
            Target::Other {
                scheme: "ftp".into()
            }
        );
        assert_eq!(
            parse("doi:10.1145/X", o).key(),
            Some("doi:10.1145/x"),
            "a doi: link is malformed but still names its paper"
        );
    }
}
