//! Live link rules (`--online`): the verdicts of the facts phase's check (`crate::net`) become
//! findings. A site that would not let us check is a warning (`link/unverified`), never
//! silently fine and never a hard failure; only what is certainly dead is `link/broken`.

use super::Context;
use crate::finding::{Finding, Rule, Severity};
use crate::net::{LinkResult, Verdict};
use crate::target::Target;
use serde_json::json;

pub static BROKEN: Rule = Rule {
    name: "link/broken",
    severity: Severity::Error,
    summary: "a web link is dead: 404/410, 5xx after retries, DNS failure, refused connection, redirect loop, TLS failure (online)",
    explanation: include_str!("../../docs/rules/link-broken.md"),
    online: true,
    fixable: false,
};

pub static REDIRECT: Rule = Rule {
    name: "link/redirect",
    severity: Severity::Warning,
    summary:
        "a web link redirects permanently (301/308); `--fix` rewrites it to the final URL (online)",
    explanation: include_str!("../../docs/rules/link-redirect.md"),
    online: true,
    fixable: true,
};

pub static UNVERIFIED: Rule = Rule {
    name: "link/unverified",
    severity: Severity::Warning,
    summary: "the site would not let the link be checked: 401, 403, bot challenge, 429 or timeouts after retries, no network (online)",
    explanation: include_str!("../../docs/rules/link-unverified.md"),
    online: true,
    fixable: false,
};

pub static PRIVATE_ADDRESS: Rule = Rule {
    name: "link/private-address",
    severity: Severity::Error,
    summary: "a web link (or a redirect hop) resolves to a loopback, private, link-local or metadata address; never requested (online)",
    explanation: include_str!("../../docs/rules/link-private-address.md"),
    online: true,
    fixable: false,
};

/// Every web link with its live result, in document order.
fn checked<'c, 'a, 'p>(
    cx: &'c Context<'a, 'p>,
) -> impl Iterator<Item = (&'c crate::document::Link, &'c LinkResult)> + use<'c, 'a, 'p> {
    cx.doc.links.iter().filter_map(move |l| match &l.target {
        Target::Web(_) => cx.facts.web(&l.url).map(|r| (l, r)),
        _ => None,
    })
}

/// `link/broken`: the link's destination is dead.
pub fn broken(cx: &Context) -> Vec<Finding> {
    checked(cx)
        .filter_map(|(l, r)| match &r.verdict {
            Verdict::Broken { status, reason } => {
                let what = match status {
                    Some(s) => format!("{s} {reason}"),
                    None => reason.clone(),
                };
                let data = match status {
                    Some(s) => json!({"url": l.url, "status": s, "reason": reason}),
                    None => json!({"url": l.url, "reason": reason}),
                };
                Some(
                    cx.report(&BROKEN, l.span.clone(), format!("`{}` is broken: {what}", l.url))
                        .label("broken link")
                        .help("link the source where it lives now (an archived copy if it is gone), or remove the entry")
                        .data(|| data),
                )
            }
            _ => None,
        })
        .collect()
}

/// `link/redirect`: the link redirects permanently; the finding carries the final URL and a
/// fix that writes it into the link.
pub fn redirect(cx: &Context) -> Vec<Finding> {
    checked(cx)
        .filter_map(|(l, r)| {
            let red = r.redirect.as_ref().filter(|red| red.permanent)?;
            if !r.verdict.is_ok() || red.final_url == l.url.trim() {
                return None;
            }
            let mut f = cx
                .report(
                    &REDIRECT,
                    l.span.clone(),
                    format!("`{}` redirects permanently to `{}`", l.url, red.final_url),
                )
                .label("moved permanently")
                .help(format!(
                    "link `{}` instead (`sourcepolicy lint --online --fix` rewrites it)",
                    red.final_url
                ))
                .data(|| json!({"url": l.url, "final_url": red.final_url}));
            if let Some(dest) = &l.dest {
                // Only when the destination in the source is exactly the URL (no escapes), and
                // the final URL can be written there as it is (no space in a bare
                // destination, nothing Markdown would decode).
                if cx.text().get(dest.clone()) == Some(l.url.as_str()) {
                    if let Some(fix) =
                        crate::fix::replace_destination(cx.text(), dest, &red.final_url)
                    {
                        f = f.fix(fix);
                    }
                }
            }
            Some(f)
        })
        .collect()
}

/// `link/unverified`: the site would not let the link be checked, or the page lacks the
/// link's `#fragment` (which a script may still create).
pub fn unverified(cx: &Context) -> Vec<Finding> {
    let mut out = Vec::new();
    for (l, r) in checked(cx) {
        match &r.verdict {
            Verdict::Unverified { status, reason } => {
                let what = match status {
                    Some(s) => format!("{s} {reason}"),
                    None => reason.clone(),
                };
                out.push(
                    cx.report(
                        &UNVERIFIED,
                        l.span.clone(),
                        format!("`{}` could not be verified: {what}", l.url),
                    )
                    .label("not verified")
                    .help("check it by hand; if the site blocks robots for good, suppress this with a reason, or add the status to [links] accept")
                    .data(|| json!({"url": l.url, "status": status, "reason": reason})),
                );
            }
            Verdict::Ok { .. } if r.fragment_found == Some(false) => {
                let missing = r.missing_fragments.join(", #");
                out.push(
                    cx.report(
                        &UNVERIFIED,
                        l.span.clone(),
                        format!("`{}`: the page has no anchor #{missing}", l.url),
                    )
                    .label("no such anchor on the page")
                    .help("link the section's current anchor; if a script on the page creates it, suppress this with a reason")
                    .data(|| json!({"url": l.url, "reason": "fragment", "missing": r.missing_fragments})),
                );
            }
            _ => {}
        }
    }
    out
}

/// `link/private-address`: the link (or a hop) leads to an address a public list must not
/// make a checker reach; it was never requested.
pub fn private_address(cx: &Context) -> Vec<Finding> {
    checked(cx)
        .filter_map(|(l, r)| match &r.verdict {
            Verdict::PrivateAddress { host, addr } => Some(
                cx.report(
                    &PRIVATE_ADDRESS,
                    l.span.clone(),
                    if host == addr {
                        format!("`{}` leads to the private address {addr}; it was not requested", l.url)
                    } else {
                        format!("`{}` leads to {host}, a private address ({addr}); it was not requested", l.url)
                    },
                )
                .label("private address")
                .help("a public list links public pages; for a list of an internal network, run with --allow-private")
                .data(|| json!({"url": l.url, "host": host, "address": addr})),
            ),
            _ => None,
        })
        .collect()
}
