//! Query strings: the tracking parameters of a URL, removed without touching the rest.

use std::borrow::Cow;

/// A URL without its tracking parameters.
pub struct Stripped {
    pub url: String,
    /// The names removed, in order.
    pub removed: Vec<String>,
    /// The bytes of the query (from its `?`) in the URL, and what replaces them.
    pub query: std::ops::Range<usize>,
    pub replacement: String,
}

/// Removes the query parameters named in `tracking` (a `*` suffix is a prefix); None when
/// there are none. The rest of the URL is kept byte for byte; a query left empty loses its `?`.
pub fn strip_tracking(url: &str, tracking: &[String]) -> Option<Stripped> {
    let q = url.find('?')?;
    let (before, rest) = (&url[..q], &url[q + 1..]);
    let (query, fragment) = match rest.find('#') {
        Some(h) => (&rest[..h], &rest[h..]),
        None => (rest, ""),
    };
    let mut removed = Vec::new();
    let kept: Vec<&str> = query
        .split('&')
        .filter(|pair| {
            let name = pair.split('=').next().unwrap_or("");
            // decoded only when there is something to decode (most names are plain)
            let decoded: Cow<str> = if name.contains(['%', '+']) {
                super::percent_decode(&name.replace('+', " ")).into()
            } else {
                name.into()
            };
            let is = !name.is_empty()
                && (super::key::is_tracking(name, tracking)
                    || super::key::is_tracking(&decoded, tracking));
            if is {
                removed.push(decoded.into_owned());
            }
            !is
        })
        .collect();
    if removed.is_empty() {
        return None;
    }
    let kept = kept.join("&");
    let replacement = if kept.is_empty() {
        String::new()
    } else {
        format!("?{kept}")
    };
    Some(Stripped {
        url: format!("{before}{replacement}{fragment}"),
        removed,
        query: q..q + 1 + query.len(),
        replacement,
    })
}

#[cfg(test)]
mod tests {
    use super::strip_tracking;

    #[test]
    fn strips_only_tracking_parameters() {
        let t: Vec<String> = ["utm_*", "ref", "si"].map(String::from).to_vec();
        let s = |u: &str| strip_tracking(u, &t).map(|s| (s.url, s.removed));
        assert_eq!(
            s("https://a.org/p?id=3&utm_source=x&utm_medium=y#top"),
            Some((
                "https://a.org/p?id=3#top".into(),
                vec!["utm_source".into(), "utm_medium".into()]
            ))
        );
        assert_eq!(
            s("https://a.org/p?utm_source=x"),
            Some(("https://a.org/p".into(), vec!["utm_source".into()]))
        );
        assert_eq!(
            s("https://a.org/p?ref=nl&x=1&si=2"),
            Some((
                "https://a.org/p?x=1".into(),
                vec!["ref".into(), "si".into()]
            ))
        );
        // Not a tracking name, or only a prefix of one: kept.
        assert_eq!(s("https://a.org/p?reference=1&refresh"), None);
        assert_eq!(s("https://a.org/p#utm_source=x"), None);
        // Percent-encoded names are recognised too.
        assert_eq!(
            s("https://a.org/?utm%5Fsource=x&q=1"),
            Some(("https://a.org/?q=1".into(), vec!["utm_source".into()]))
        );
    }
}
