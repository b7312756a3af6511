//! From what happened to a verdict: transport failures, statuses, bot challenges.

use super::guard::{NotResolved, Refused};
use super::Verdict;
use std::error::Error as StdError;
use std::io;

/// Why a request got no usable response.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// The name did not resolve.
    Dns(String),
    Refused(String),
    /// No route to the network or the host.
    Unreachable(String),
    Timeout,
    /// Reset or closed mid-exchange.
    Reset(String),
    Tls(String),
    Private {
        host: String,
        addr: String,
    },
    RedirectLoop,
    TooManyRedirects(usize),
    BadRedirect(String),
    /// Not an http(s) URL, or not a URL at all: not checked.
    NotChecked(String),
    Other(String),
}

impl Failure {
    /// Retried with backoff: timeouts and resets (statuses are decided by `retry`).
    pub fn retryable(&self) -> bool {
        matches!(
            self,
            Failure::Timeout | Failure::Reset(_) | Failure::Other(_)
        )
    }

    /// Failures that also happen when no network is reachable at all; their verdict depends
    /// on whether the network probe reached anything.
    pub fn network_dependent(&self) -> bool {
        matches!(
            self,
            Failure::Dns(_) | Failure::Refused(_) | Failure::Unreachable(_) | Failure::Timeout
        )
    }

    /// Failures that concern the host as a whole: later requests to it in this run reuse them.
    pub fn host_wide(&self) -> bool {
        matches!(self, Failure::Dns(_) | Failure::Unreachable(_))
    }

    /// The verdict, once retries are spent. `network_up` is the probe's answer; `tries` the
    /// number of attempts made.
    pub fn verdict(&self, network_up: bool, tries: u32) -> Verdict {
        let broken = |reason: String| Verdict::Broken {
            status: None,
            reason,
        };
        let unverified = |reason: String| Verdict::Unverified {
            status: None,
            reason,
        };
        if self.network_dependent() && !network_up {
            return unverified(format!("no network: {}", self.describe(tries)));
        }
        match self {
            Failure::Private { host, addr } => Verdict::PrivateAddress {
                host: host.clone(),
                addr: addr.clone(),
            },
            Failure::Timeout | Failure::Reset(_) | Failure::NotChecked(_) | Failure::Other(_) => {
                unverified(self.describe(tries))
            }
            _ => broken(self.describe(tries)),
        }
    }

    fn describe(&self, tries: u32) -> String {
        let after = if tries > 1 {
            format!(" (after {tries} attempts)")
        } else {
            String::new()
        };
        match self {
            Failure::Dns(m) => format!("DNS failure: {m}"),
            Failure::Refused(m) => format!("connection refused: {m}"),
            Failure::Unreachable(m) => format!("unreachable: {m}"),
            Failure::Timeout => format!("timed out{after}"),
            Failure::Reset(m) => format!("connection reset: {m}{after}"),
            Failure::Tls(m) => format!("TLS failure: {m}"),
            Failure::Private { host, addr } => format!("{host} resolves to private address {addr}"),
            Failure::RedirectLoop => "redirect loop".into(),
            Failure::TooManyRedirects(n) => format!("more than {n} redirects"),
            Failure::BadRedirect(m) => format!("bad redirect: {m}"),
            Failure::NotChecked(m) => format!("not checked: {m}"),
            Failure::Other(m) => format!("{m}{after}"),
        }
    }
}

/// Classifies a reqwest error by walking its chain of sources.
pub fn from_reqwest(err: &reqwest::Error) -> Failure {
    let mut source: Option<&(dyn StdError + 'static)> = Some(err);
    let mut last = err.to_string();
    while let Some(e) = source {
        if let Some(f) = classify_one(e) {
            return f;
        }
        last = e.to_string();
        // io::Error's `source` skips its own payload; look at the payload first.
        source = match e.downcast_ref::<io::Error>().and_then(|io| io.get_ref()) {
            Some(inner) => Some(inner as &(dyn StdError + 'static)),
            None => e.source(),
        };
    }
    if err.is_timeout() {
        return Failure::Timeout;
    }
    // A connection that failed for another reason (no IPv6 route, say).
    if err.is_connect() {
        return Failure::Unreachable(last);
    }
    // Anything else that broke a request mid-way (hyper's "connection closed before message
    // completed", a body cut short) is a reset for the retry policy.
    if err.is_request() || err.is_body() {
        return Failure::Reset(last);
    }
    Failure::Other(last)
}

fn classify_one(e: &(dyn StdError + 'static)) -> Option<Failure> {
    if let Some(r) = e.downcast_ref::<Refused>() {
        return Some(Failure::Private {
            host: r.host.clone(),
            addr: r.addr.to_string(),
        });
    }
    if let Some(n) = e.downcast_ref::<NotResolved>() {
        return Some(Failure::Dns(n.to_string()));
    }
    if let Some(t) = e.downcast_ref::<rustls::Error>() {
        return Some(Failure::Tls(t.to_string()));
    }
    let io = e.downcast_ref::<io::Error>()?;
    use io::ErrorKind as K;
    Some(match io.kind() {
        K::ConnectionRefused => Failure::Refused(io.to_string()),
        K::NetworkUnreachable | K::HostUnreachable | K::NetworkDown | K::AddrNotAvailable => {
            Failure::Unreachable(io.to_string())
        }
        K::TimedOut => Failure::Timeout,
        K::ConnectionReset | K::ConnectionAborted | K::BrokenPipe | K::UnexpectedEof => {
            Failure::Reset(io.to_string())
        }
        _ => return None,
    })
}

/// The verdict of a final status. `tries` counts attempts at the final URL.
pub fn status_verdict(status: u16, accept: &[u16], challenge: Option<&str>, tries: u32) -> Verdict {
    if challenge.is_none() && ((200..300).contains(&status) || accept.contains(&status)) {
        return Verdict::Ok { status };
    }
    let after = if tries > 1 {
        format!(" after {tries} attempts")
    } else {
        String::new()
    };
    let unverified = |reason: String| Verdict::Unverified {
        status: Some(status),
        reason,
    };
    if let Some(who) = challenge {
        return unverified(format!("bot challenge page ({who})"));
    }
    match status {
        404 => Verdict::Broken {
            status: Some(status),
            reason: "not found".into(),
        },
        410 => Verdict::Broken {
            status: Some(status),
            reason: "gone".into(),
        },
        500..=599 => Verdict::Broken {
            status: Some(status),
            reason: format!("server error{after}"),
        },
        401 => unverified("requires authentication".into()),
        403 => unverified("forbidden: the site refuses automated checks".into()),
        429 => unverified(format!("rate limited{after}")),
        408 => unverified(format!("request timeout{after}")),
        _ => unverified(format!("unexpected status {status}")),
    }
}

/// Recognises the bot-protection pages that answer automated requests with 403, 429, 503 or
/// even 200: by their headers, then by the first bytes of the body. Returns who sent it.
pub fn challenge(headers: &reqwest::header::HeaderMap, body: &[u8]) -> Option<&'static str> {
    let h = |name: &str| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
    };
    if h("cf-mitigated").eq_ignore_ascii_case("challenge") {
        return Some("Cloudflare");
    }
    if h("x-vercel-mitigated").eq_ignore_ascii_case("challenge") {
        return Some("Vercel");
    }
    if !h("x-amzn-waf-action").is_empty() {
        return Some("AWS WAF");
    }
    if !h("x-datadome").is_empty() {
        return Some("DataDome");
    }
    let head = &body[..body.len().min(64 * 1024)];
    const MARKERS: [(&str, &str); 12] = [
        ("challenge-platform", "Cloudflare"),
        ("cf-browser-verification", "Cloudflare"),
        ("<title>just a moment...</title>", "Cloudflare"),
        ("attention required! | cloudflare", "Cloudflare"),
        ("captcha-delivery.com", "DataDome"),
        ("px-captcha", "PerimeterX"),
        ("_incapsula_resource", "Imperva"),
        ("sucuri website firewall", "Sucuri"),
        ("ddos-guard", "DDoS-Guard"),
        ("making sure you&#39;re not a bot", "Anubis"),
        ("making sure you're not a bot", "Anubis"),
        ("awswafintegration", "AWS WAF"),
    ];
    let lower = String::from_utf8_lossy(head).to_ascii_lowercase();
    MARKERS
        .iter()
        .find(|(marker, _)| lower.contains(marker))
        .map(|(_, who)| *who)
}

#[cfg(test)]
mod tests {
    use super::*;
    use reqwest::header::{HeaderMap, HeaderValue};

    #[test]
    fn statuses() {
        assert_eq!(
            status_verdict(200, &[], None, 1),
            Verdict::Ok { status: 200 }
        );
        assert_eq!(
            status_verdict(403, &[403], None, 1),
            Verdict::Ok { status: 403 }
        );
        assert!(matches!(
            status_verdict(404, &[], None, 1),
            Verdict::Broken {
                status: Some(404),
                ..
            }
        ));
        assert!(matches!(
            status_verdict(410, &[], None, 1),
            Verdict::Broken {
                status: Some(410),
                ..
            }
        ));
        assert!(matches!(
            status_verdict(503, &[], None, 3),
            Verdict::Broken {
                status: Some(503),
                ..
            }
        ));
        for s in [401, 403, 429, 400, 999] {
            assert!(
                matches!(status_verdict(s, &[], None, 1), Verdict::Unverified { .. }),
                "{s}"
            );
        }
        assert!(matches!(
            status_verdict(503, &[], Some("Cloudflare"), 1),
            Verdict::Unverified {
                status: Some(503),
                ..
            }
        ));
    }

    #[test]
    fn no_network_never_breaks() {
        for f in [
            Failure::Dns("x".into()),
            Failure::Refused("x".into()),
            Failure::Unreachable("x".into()),
            Failure::Timeout,
        ] {
            assert!(
                matches!(f.verdict(false, 1), Verdict::Unverified { .. }),
                "{f:?}"
            );
        }
        assert!(matches!(
            Failure::Dns("x".into()).verdict(true, 1),
            Verdict::Broken { .. }
        ));
        assert!(matches!(
            Failure::Timeout.verdict(true, 3),
            Verdict::Unverified { .. }
        ));
        assert!(matches!(
            Failure::Tls("x".into()).verdict(true, 1),
            Verdict::Broken { .. }
        ));
        assert!(matches!(
            Failure::RedirectLoop.verdict(true, 1),
            Verdict::Broken { .. }
        ));
    }

    #[test]
    fn challenges() {
        let mut h = HeaderMap::new();
        assert_eq!(
            challenge(&h, b"<html><title>Just a moment...</title>"),
            Some("Cloudflare")
        );
        assert_eq!(challenge(&h, b"<html>hello</html>"), None);
        h.insert("cf-mitigated", HeaderValue::from_static("challenge"));
        assert_eq!(challenge(&h, b""), Some("Cloudflare"));
    }
}
