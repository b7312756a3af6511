//! URL normalisation: one key per resource, whatever spelling a list uses for it.
//!
//! `http`/`https`, `www.`, default ports, a trailing slash, the fragment and tracking
//! parameters do not change the resource. Papers and standards have canonical ids: an arXiv
//! paper is `arxiv:ID` whether linked as abs, pdf or html and in any version; a DOI is
//! `doi:…` through any resolver, the `doi:` scheme or a publisher's DOI path (ACM, Springer,
//! Wiley); an RFC is `rfc:N` on any mirror. GitHub
//! owner and repository names are case-insensitive.

use std::fmt::Write as _;

/// The arXiv id in an `abs`/`pdf`/`html`/`format` path, without its version: `2205.14135`
/// (new style, 4+4..5 digits) or `cs/0501001` (old style, archive/7 digits).
fn arxiv_id(path: &str) -> Option<String> {
    let rest = path.strip_prefix('/')?;
    let (kind, id) = rest.split_once('/')?;
    if !matches!(kind, "abs" | "pdf" | "html" | "format") {
        return None;
    }
    let id = id.trim_end_matches('/');
    let id = id.strip_suffix(".pdf").unwrap_or(id);
    let strip_version = |s: &str| -> String {
        match s.rfind('v') {
            Some(i)
                if i > 0 && i + 1 < s.len() && s[i + 1..].bytes().all(|b| b.is_ascii_digit()) =>
            {
                s[..i].to_string()
            }
            _ => s.to_string(),
        }
    };
    let id = strip_version(id);
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let new_style = id
        .split_once('.')
        .is_some_and(|(a, b)| a.len() == 4 && digits(a) && (4..=5).contains(&b.len()) && digits(b));
    let old_style = id.split_once('/').is_some_and(|(archive, n)| {
        !archive.is_empty()
            && archive
                .bytes()
                .all(|b| b.is_ascii_alphabetic() || b == b'-' || b == b'.')
            && n.len() == 7
            && digits(n)
    });
    (new_style || old_style).then_some(id)
}

/// The RFC number of a page on an RFC mirror (`/rfc/rfc9110.html`, `/doc/html/rfc9110`, …).
fn rfc_number(host: &str, path: &str) -> Option<String> {
    if !matches!(
        host,
        "rfc-editor.org" | "datatracker.ietf.org" | "tools.ietf.org" | "ietf.org"
    ) {
        return None;
    }
    let path = path.trim_end_matches('/');
    let last = path.rsplit('/').next()?;
    let prefix = path[..path.len() - last.len()].trim_end_matches('/');
    if !matches!(prefix, "" | "/rfc" | "/doc/html" | "/doc" | "/html") {
        return None;
    }
    let name = last.split('.').next()?;
    let ext_ok = last
        .split_once('.')
        .is_none_or(|(_, e)| matches!(e, "html" | "txt" | "pdf" | "xml"));
    let n = name.strip_prefix("rfc")?.trim_start_matches('0');
    (ext_ok && !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())).then(|| n.to_string())
}

/// The DOI in a publisher's path that is built from it: ACM's and Wiley's `/doi/10.…` (also
/// `/doi/abs/`, `/doi/full/`, `/doi/pdf/`, …) and Springer's `/article/10.…` and
/// `/chapter/10.…`. Only these hosts: others (IEEE Xplore's `/document/N`) name papers by
/// their own numbers.
fn publisher_doi<'p>(host: &str, path: &'p str) -> Option<&'p str> {
    let rest = match host {
        "dl.acm.org" | "onlinelibrary.wiley.com" => {
            let rest = path.strip_prefix("/doi/")?;
            match rest.split_once('/') {
                Some(("abs" | "full" | "fullHtml" | "pdf" | "epdf", doi)) => doi,
                _ => rest,
            }
        }
        "link.springer.com" => path
            .strip_prefix("/article/")
            .or_else(|| path.strip_prefix("/chapter/"))?,
        _ => return None,
    };
    let doi = rest.trim_end_matches('/');
    let (prefix, suffix) = doi.split_once('/')?;
    let registrant = prefix.strip_prefix("10.")?;
    (!registrant.is_empty()
        && registrant.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        && !suffix.is_empty())
    .then_some(doi)
}

/// Whether a query parameter only tracks the click (`utm_*`, `ref`, … from the policy).
pub fn is_tracking(name: &str, tracking: &[String]) -> bool {
    tracking.iter().any(|t| match t.strip_suffix('*') {
        Some(prefix) => name.starts_with(prefix),
        None => name == t,
    })
}

/// The key of a DOI (`10.1145/…`, percent-encoded or not): DOIs are case-insensitive.
pub fn doi_key(doi: &str) -> String {
    format!("doi:{}", super::percent_decode(doi.trim()).to_lowercase())
}

/// The bytes a URL's path and query may hold as they are (besides `%` escapes).
const URL_BYTES: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric();
        c += 1;
    }
    let extra = b"-._~!$&()*+,;=:@/?";
    let mut i = 0;
    while i < extra.len() {
        t[extra[i] as usize] = true;
        i += 1;
    }
    t
};

/// Whether a path segment is `.` or `..`, dots written as `%2e` too.
fn is_dot_segment(seg: &str) -> bool {
    let b = seg.as_bytes();
    let (mut i, mut dots) = (0, 0);
    while i < b.len() {
        if b[i] == b'.' {
            i += 1;
        } else if b[i] == b'%'
            && b.get(i + 1) == Some(&b'2')
            && matches!(b.get(i + 2), Some(b'e' | b'E'))
        {
            i += 3;
        } else {
            return false;
        }
        dots += 1;
    }
    dots == 1 || dots == 2
}

/// The parts of an http(s) URL that the URL parser would return unchanged (see `plain`).
pub(super) struct Plain<'u> {
    /// As written (any case, `www.` kept).
    pub host: &'u str,
    /// Empty or from its `/`, up to the query.
    pub path: &'u str,
    pub query: Option<&'u str>,
    /// What follows the first `#`, if any.
    pub fragment: Option<&'u str>,
    /// Whether every label of the host is at most 63 bytes long (the most a name the URL
    /// parser is not asked to judge may have: see `target::plain_authority`).
    pub short_labels: bool,
}

/// The parts of an http(s) URL that the URL parser would return unchanged: a plain host
/// (labels of ASCII letters, digits and hyphens; no port, no user), a path and query of
/// characters a URL may hold as they are (no space, no backslash, no `%` without two hex
/// digits after it) and no `.` or `..` segment. Such a URL needs no full parse (whose host
/// processing alone costs more than the rest of a link's work), and most links are such URLs;
/// anything else goes through the parser. One pass over the host, one over path and query.
pub(super) fn plain(url: &str) -> Option<Plain<'_>> {
    let head = url.get(..8)?.as_bytes();
    let rest = if head.eq_ignore_ascii_case(b"https://") {
        &url[8..]
    } else if head[..7].eq_ignore_ascii_case(b"http://") {
        &url[7..]
    } else {
        return None;
    };
    let b = rest.as_bytes();
    // The host: labels checked as they end.
    let (mut i, mut label_start, mut short_labels) = (0, 0, true);
    loop {
        while i < b.len() && HOST_BYTES[usize::from(b[i])] {
            i += 1;
        }
        let c = b.get(i).copied();
        if !matches!(c, None | Some(b'.' | b'/' | b'?' | b'#' | b'\\')) {
            return None;
        }
        let label = &b[label_start..i];
        if label.is_empty()
            || label[0] == b'-'
            || label[label.len() - 1] == b'-'
            || label
                .get(..4)
                .is_some_and(|p| p.eq_ignore_ascii_case(b"xn--"))
        {
            return None;
        }
        short_labels &= label.len() <= 63;
        if c != Some(b'.') {
            // a last label that is a number makes the host an IPv4 address to the parser
            // (`1.2.3.4`, `0x7f000001`) or invalid (`example.123`)
            let hex = label.len() >= 2
                && label[..2].eq_ignore_ascii_case(b"0x")
                && label[2..].iter().all(u8::is_ascii_hexdigit);
            if hex || label.iter().all(u8::is_ascii_digit) {
                return None;
            }
            break;
        }
        i += 1;
        label_start = i;
    }
    let (host, after) = rest.split_at(i);
    // Path and query: every byte one a URL may hold as it is; the first `?` ends the path,
    // the first `#` both.
    let a = after.as_bytes();
    let (mut query_at, mut end, mut maybe_dot) = (None, a.len(), false);
    let mut j = 0;
    while j < a.len() {
        let c = a[j];
        j += 1;
        if PLAIN_BYTES[usize::from(c)] {
            continue;
        }
        match c {
            b'/' => {
                // a dot segment starts after a `/` with `.` or `%` (`%2e`)
                maybe_dot |= query_at.is_none() && matches!(a.get(j), Some(b'.' | b'%'));
            }
            b'#' => {
                end = j - 1;
                break;
            }
            b'?' => {
                if query_at.is_none() {
                    query_at = Some(j - 1);
                }
            }
            b'%' => {
                if !(a.len() > j + 1 && a[j].is_ascii_hexdigit() && a[j + 1].is_ascii_hexdigit()) {
                    return None;
                }
            }
            _ => return None,
        }
    }
    let (path, query) = match query_at {
        Some(q) => (&after[..q], Some(&after[q + 1..end])),
        None => (&after[..end], None),
    };
    let dot_segment = maybe_dot && path.split('/').any(is_dot_segment);
    (!dot_segment && (path.is_empty() || path.starts_with('/'))).then(|| Plain {
        host,
        path,
        query,
        fragment: (end < a.len()).then(|| &after[end + 1..]),
        short_labels,
    })
}

/// The bytes of a plain host's labels: ASCII letters, digits and `-`.
const HOST_BYTES: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric() || b == b'-';
        c += 1;
    }
    t
};

/// `URL_BYTES` but `/` and `?`, which `plain` looks at: the bytes it passes over.
const PLAIN_BYTES: [bool; 256] = {
    let mut t = URL_BYTES;
    t[b'/' as usize] = false;
    t[b'?' as usize] = false;
    t
};

/// The resource a URL names, or None for what is not a web resource (relative paths,
/// fragments, mailto:, URLs that do not parse).
pub fn resource_key(url: &str, tracking: &[String]) -> Option<String> {
    key_of(url, tracking, true)
}

/// `resource_key`, optionally without the shortcut for plain URLs (to test that it changes
/// nothing).
fn key_of(url: &str, tracking: &[String], shortcut: bool) -> Option<String> {
    let url = url.trim();
    if let Some(doi) = url
        .get(..4)
        .filter(|p| p.eq_ignore_ascii_case("doi:"))
        .map(|_| &url[4..])
    {
        return Some(doi_key(doi));
    }
    let scheme_ok = url.get(..8).map(str::as_bytes).is_some_and(|p| {
        p[..7].eq_ignore_ascii_case(b"http://") || p.eq_ignore_ascii_case(b"https://")
    });
    if !scheme_ok {
        return None;
    }
    // Most links need no URL parser: see `plain`.
    let parsed;
    let (host, path, port, query) = match plain(url).filter(|_| shortcut) {
        Some(p) => (p.host, p.path, None, p.query),
        None => {
            parsed = url::Url::parse(url).ok()?;
            let host = parsed.host_str()?.trim_end_matches('.');
            (host, parsed.path(), parsed.port(), parsed.query())
        }
    };
    let lower_host;
    let host = if host.bytes().any(|b| b.is_ascii_uppercase()) {
        lower_host = host.to_ascii_lowercase();
        lower_host.as_str()
    } else {
        host
    };
    let host = host.strip_prefix("www.").unwrap_or(host);
    let mut key = String::with_capacity(url.len());
    write_key(host, path, port, query, tracking, &mut key);
    Some(key)
}

/// Appends to `key` the key of the resource at `host` (lower case, without `www.`), `path`,
/// `port` and `query` of a URL as the URL parser gives them.
pub(super) fn write_key(
    host: &str,
    path: &str,
    port: Option<u16>,
    query: Option<&str>,
    tracking: &[String],
    key: &mut String,
) {
    match host {
        "doi.org" | "dx.doi.org" if path.len() > 1 => {
            key.push_str(&doi_key(path[1..].trim_end_matches('/')));
            return;
        }
        "arxiv.org" | "export.arxiv.org" => {
            if let Some(id) = arxiv_id(path) {
                key.push_str("arxiv:");
                key.push_str(&id);
                return;
            }
        }
        _ => {}
    }
    if let Some(doi) = publisher_doi(host, path) {
        key.push_str(&doi_key(doi));
        return;
    }
    if let Some(n) = rfc_number(host, path) {
        key.push_str("rfc:");
        key.push_str(&n);
        return;
    }
    key.push_str(host);
    if let Some(port) = port {
        let _ = write!(key, ":{port}");
    }
    let path = path.trim_end_matches('/');
    if host == "github.com" {
        // Owner and repository are case-insensitive; `.git` names the same repository.
        for (i, seg) in path.split('/').skip(1).enumerate() {
            key.push('/');
            match i {
                0 | 1 => {
                    let from = key.len();
                    if seg.is_ascii() {
                        key.push_str(seg);
                        key[from..].make_ascii_lowercase();
                    } else {
                        key.push_str(&seg.to_lowercase());
                    }
                    if i == 1 && key[from..].ends_with(".git") {
                        // as `trim_end_matches`: every trailing `.git`
                        while key[from..].ends_with(".git") {
                            key.truncate(key.len() - 4);
                        }
                    }
                }
                _ => key.push_str(seg),
            }
        }
    } else {
        key.push_str(path);
    }
    // the query's parameters, decoded, without those that only track the click
    let mut first = true;
    for (k, v) in url::form_urlencoded::parse(query.unwrap_or("").as_bytes()) {
        if is_tracking(&k, tracking) {
            continue;
        }
        key.push(if first { '?' } else { '&' });
        first = false;
        key.push_str(&k);
        key.push('=');
        key.push_str(&v);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shortcut for plain URLs gives the parser's key: on hand-made shapes, and on every
    /// link of the corpus lists when they are beside the repository.
    #[test]
    fn plain_urls_key_as_the_parser_does() {
        let tracking: Vec<String> = ["utm_*", "ref_src"].map(String::from).to_vec();
        let mut urls: Vec<String> = [
            "https://Example.COM/A/b/",
            "http://www.example.com",
            "https://example.com/a/./b",
            "https://example.com/a/%2E%2e/b",
            "https://example.com/a/.%2E/b",
            "https://example.com/a/%2e./b",
            "https://example.com/a/.../b",
            "https://example.com/a/.x/%2ex/%2f/b",
            "https://example.com/a b",
            "https://example.com/%zz",
            "https://example.com/%41",
            "https://example.com/a\\b",
            "https://xn--bcher-kva.example/",
            "https://XN--bcher-kva.example/",
            "https://shop.xn--p1ai/x",
            "https://example.123/",
            "https://a.0/",
            "https://a.0x1/",
            "https://a.b.c.1/",
            "https://0x7f000001/",
            "https://0x7g.example/",
            "https://example.com:443/x",
            "https://user@example.com/x",
            "https://1.2.3.4/x",
            "https://example.com/x?utm_source=a&b=c#f",
            "https://example.com/x#y?z",
            "https://github.com/Owner/Repo.git",
            "https://example.com/caf\u{e9}",
            "HTTPS://EXAMPLE.com",
            "https://example.com/a:b@c;d=e,f",
            "https://example.com/~u/(x)*!$'",
        ]
        .map(String::from)
        .to_vec();
        urls.extend(crate::target::corpus_link_targets());
        for u in &urls {
            assert_eq!(
                key_of(u, &tracking, true),
                key_of(u, &tracking, false),
                "{u}"
            );
        }
    }

    fn key(u: &str) -> Option<String> {
        let tracking: Vec<String> = ["utm_*", "ref", "fbclid"].map(String::from).to_vec();
        resource_key(u, &tracking)
    }

    #[test]
    fn spellings_of_one_resource_share_a_key() {
        let groups: &[&[&str]] = &[
            &[
                "https://arxiv.org/abs/2205.14135",
                "http://arxiv.org/abs/2205.14135v2",
                "https://arxiv.org/pdf/2205.14135",
                "https://arxiv.org/pdf/2205.14135v1.pdf",
                "https://www.arxiv.org/html/2205.14135v3",
                "https://export.arxiv.org/abs/2205.14135/",
            ],
            &[
                "https://arxiv.org/abs/cs/0501001",
                "https://arxiv.org/pdf/cs/0501001v2",
            ],
            &[
                "https://doi.org/10.1145/3458817.3476209",
                "http://dx.doi.org/10.1145/3458817.3476209",
                "doi:10.1145/3458817.3476209",
                "https://doi.org/10.1145/3458817.3476209/",
                "https://dl.acm.org/doi/10.1145/3458817.3476209",
                "https://dl.acm.org/doi/abs/10.1145/3458817.3476209",
                "https://dl.acm.org/doi/pdf/10.1145/3458817.3476209",
                "http://www.dl.acm.org/doi/fullHtml/10.1145/3458817.3476209/",
            ],
            &[
                "https://doi.org/10.1007/s11227-020-03190-3",
                "https://link.springer.com/article/10.1007/s11227-020-03190-3",
                "https://link.springer.com/article/10.1007/S11227-020-03190-3?utm_source=x",
            ],
            &[
                "https://doi.org/10.1007/978-3-030-50743-5_3",
                "https://link.springer.com/chapter/10.1007/978-3-030-50743-5_3",
            ],
            &[
                "https://doi.org/10.1002/cpe.4321",
                "https://onlinelibrary.wiley.com/doi/10.1002/cpe.4321",
                "https://onlinelibrary.wiley.com/doi/full/10.1002/cpe.4321",
                "https://onlinelibrary.wiley.com/doi/abs/10.1002/cpe.4321",
                "https://onlinelibrary.wiley.com/doi/epdf/10.1002/cpe.4321",
            ],
            &[
                "https://www.rfc-editor.org/rfc/rfc9110.html",
                "https://datatracker.ietf.org/doc/html/rfc9110",
                "https://tools.ietf.org/html/rfc9110",
                "https://www.ietf.org/rfc/rfc9110.txt",
                "https://datatracker.ietf.org/doc/html/rfc9110/",
                "https://www.rfc-editor.org/rfc/rfc9110/",
            ],
            &[
                "https://github.com/NVIDIA/nccl",
                "https://github.com/nvidia/NCCL/",
                "http://www.github.com/NVIDIA/nccl.git",
                "https://github.com/NVIDIA/nccl#readme",
            ],
            &[
                "https://example.org/post",
                "http://www.example.org/post/",
                "https://example.org:443/post?utm_source=x&utm_medium=y",
                "https://example.org/post?ref=newsletter#comments",
            ],
        ];
        for g in groups {
            let k0 = key(g[0]).unwrap();
            for u in *g {
                assert_eq!(key(u).as_deref(), Some(k0.as_str()), "{u}");
            }
        }
    }

    #[test]
    fn different_resources_differ() {
        let distinct = [
            "https://arxiv.org/abs/2205.14135",
            "https://arxiv.org/abs/2205.14136",
            "https://arxiv.org/list/cs.LG/recent",
            "https://github.com/NVIDIA/nccl/tree/master/src",
            "https://github.com/NVIDIA/nccl-tests",
            "https://example.org/post?id=1",
            "https://example.org/post?id=2",
            "https://example.org/Post",
            "https://example.org:8443/post",
            "https://docs.example.org/post",
            // Publisher paths that are no DOI stay URLs of their own.
            "https://ieeexplore.ieee.org/document/9355239",
            "https://dl.acm.org/doi/proceedings/10.1145/3458817",
            "https://dl.acm.org/doi/",
            "https://dl.acm.org/doi/abs/",
            "https://link.springer.com/book/10.1007/978-3-030-50743-5",
            "https://link.springer.com/article/",
            "https://onlinelibrary.wiley.com/doi/toc/10.1002/cpe",
            "https://example.org/doi/10.1145/3458817.3476209",
        ];
        let keys: std::collections::HashSet<String> =
            distinct.iter().map(|u| key(u).unwrap()).collect();
        assert_eq!(keys.len(), distinct.len());
        for not_web in ["#anchor", "docs/file.md", "mailto:a@b.example", "https://"] {
            assert_eq!(key(not_web), None, "{not_web}");
        }
    }
}
