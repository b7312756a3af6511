//! How much of a body a check needs, and reading no more than that.

use super::status::{self, Failure};
use reqwest::header::{HeaderMap, CONTENT_TYPE};
use reqwest::Method;
use std::sync::atomic::{AtomicU64, Ordering};

/// How much of a body an attempt reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Need {
    /// The status only (HEAD, or GET when HEAD is refused). Error pages are sniffed (16 KiB)
    /// for bot challenges.
    Status,
    /// The page, up to the body cap (HTML only; other types are not read).
    Page,
    /// The page, until one of these anchors appears or the cap.
    Anchors(Vec<String>),
    /// An API answer: the whole body up to 1 MiB, whatever its type.
    Api,
}

/// Error pages are read this far, to tell a bot challenge.
const SNIFF: usize = 16 * 1024;
/// API answers are read this far.
const API: usize = 1 << 20;

/// How many body bytes this response is worth.
pub fn limit(method: &Method, status: u16, headers: &HeaderMap, need: &Need, cap: usize) -> usize {
    if *method == Method::HEAD {
        return 0;
    }
    let ok = (200..300).contains(&status);
    match need {
        Need::Api => API,
        _ if !ok => SNIFF,
        Need::Status => 0,
        Need::Page | Need::Anchors(_) => {
            // Only HTML has facts to read (an untyped body may be HTML).
            let ct = headers.get(CONTENT_TYPE).and_then(|v| v.to_str().ok());
            match ct {
                Some(ct) if !ct.to_ascii_lowercase().contains("html") => 0,
                _ => cap,
            }
        }
    }
}

/// Reads at most `limit` bytes; for `Need::Anchors`, stops once every anchor was seen.
/// Returns the bytes and whether the body ended within them. Dropping the response after
/// this closes the connection: the rest is never read.
pub async fn read(
    resp: &mut reqwest::Response,
    limit: usize,
    need: &Need,
    bytes: &AtomicU64,
) -> Result<(Vec<u8>, bool), Failure> {
    let mut body = Vec::new();
    if limit == 0 {
        return Ok((body, false));
    }
    let anchors: &[String] = match need {
        Need::Anchors(a) => a,
        _ => &[],
    };
    let mut found = vec![false; anchors.len()];
    loop {
        match resp.chunk().await {
            Ok(Some(chunk)) => {
                bytes.fetch_add(chunk.len() as u64, Ordering::Relaxed);
                let from = body.len().saturating_sub(256);
                body.extend_from_slice(&chunk[..chunk.len().min(limit - body.len())]);
                if body.len() >= limit {
                    return Ok((body, false));
                }
                if !anchors.is_empty() {
                    let tail = String::from_utf8_lossy(&body[from..]);
                    for (f, seen) in anchors.iter().zip(found.iter_mut()) {
                        *seen |= has_anchor(&tail, f);
                    }
                    if found.iter().all(|s| *s) {
                        return Ok((body, false));
                    }
                }
            }
            Ok(None) => return Ok((body, true)),
            // A body cut short still tells what it held.
            Err(_) if !body.is_empty() => return Ok((body, false)),
            Err(e) => return Err(status::from_reqwest(&e)),
        }
    }
}

/// A quick look for `id="f"` / `name="f"` in raw text, to stop reading early.
fn has_anchor(text: &str, f: &str) -> bool {
    ["id=\"", "id='", "name=\"", "name='"].iter().any(|p| {
        text.contains(&format!("{p}{f}\""))
            || text.contains(&format!("{p}{f}'"))
            || text.contains(&format!("{p}user-content-{f}\""))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits() {
        let html = {
            let mut h = HeaderMap::new();
            h.insert(CONTENT_TYPE, "text/html".parse().unwrap());
            h
        };
        let pdf = {
            let mut h = HeaderMap::new();
            h.insert(CONTENT_TYPE, "application/pdf".parse().unwrap());
            h
        };
        let none = HeaderMap::new();
        assert_eq!(limit(&Method::HEAD, 200, &html, &Need::Page, 100), 0);
        assert_eq!(limit(&Method::GET, 200, &html, &Need::Status, 100), 0);
        assert_eq!(limit(&Method::GET, 200, &html, &Need::Page, 100), 100);
        assert_eq!(limit(&Method::GET, 200, &none, &Need::Page, 100), 100);
        assert_eq!(limit(&Method::GET, 200, &pdf, &Need::Page, 100), 0);
        assert_eq!(limit(&Method::GET, 403, &none, &Need::Status, 100), SNIFF);
        assert_eq!(limit(&Method::GET, 200, &none, &Need::Api, 100), API);
    }

    #[test]
    fn anchors_in_raw_text() {
        assert!(has_anchor(r#"<h2 id="usage">"#, "usage"));
        assert!(has_anchor(r#"<a name='old'>"#, "old"));
        assert!(has_anchor(r#"<h2 id="user-content-usage">"#, "usage"));
        assert!(!has_anchor(r#"<h2 id="usage-2">"#, "usage"));
    }
}
