//! Offline link rules: malformed targets, broken anchors, missing files, duplicates and
//! insecure links. Each link's target was parsed once (`crate::target`); local files were
//! looked up by the facts phase.

use super::Context;
use crate::document::LinkKind;
use crate::facts::{Anchors, LocalFile};
use crate::finding::{concat, Finding, Rule, Severity, Text};
use crate::fix::Fix;
use crate::slug::AnchorSet;
use crate::target::query::strip_tracking;
use crate::target::Target;
use serde_json::json;
use std::collections::hash_map::Entry;
use std::collections::HashMap;

pub static MALFORMED: Rule = Rule {
    name: "link/malformed",
    severity: Severity::Error,
    summary: "a URL does not parse, or uses a scheme a list should not link to",
    explanation: include_str!("../../docs/rules/link-malformed.md"),
    online: false,
    fixable: false,
};

pub static BROKEN_ANCHOR: Rule = Rule {
    name: "link/broken-anchor",
    severity: Severity::Error,
    summary: "a `#fragment` matches no heading's GitHub anchor and no HTML `id`",
    explanation: include_str!("../../docs/rules/link-broken-anchor.md"),
    online: false,
    fixable: false,
};

pub static MISSING_FILE: Rule = Rule {
    name: "link/missing-file",
    severity: Severity::Error,
    summary: "a relative link points to a file (or an anchor in it) that does not exist",
    explanation: include_str!("../../docs/rules/link-missing-file.md"),
    online: false,
    fixable: false,
};

pub static DUPLICATE: Rule = Rule {
    name: "link/duplicate",
    severity: Severity::Error,
    summary: "the same resource twice after normalisation (error in one section, warning across)",
    explanation: include_str!("../../docs/rules/link-duplicate.md"),
    online: false,
    fixable: false,
};

pub static INSECURE: Rule = Rule {
    name: "link/insecure",
    severity: Severity::Warning,
    summary: "an `http://` link to a public host",
    explanation: include_str!("../../docs/rules/link-insecure.md"),
    online: false,
    fixable: true,
};

pub static TRACKING_PARAMS: Rule = Rule {
    name: "link/tracking-params",
    severity: Severity::Warning,
    summary: "a URL carries query parameters that only track the click ([links] tracking_params)",
    explanation: include_str!("../../docs/rules/link-tracking-params.md"),
    online: false,
    fixable: true,
};

/// `link/malformed`: a URL that does not parse or uses a scheme a list should not have.
pub fn malformed(cx: &Context) -> Vec<Finding> {
    let mut out = Vec::new();
    for link in &cx.doc.links {
        if let Target::Malformed { reason, .. } = &link.target {
            out.push(
                cx.report(
                    &MALFORMED,
                    link.span.clone(),
                    format!("malformed link `{}`: {reason}", link.url),
                )
                .label("malformed")
                .help("link to an http(s) URL, a relative file or a #heading")
                .data(|| json!({"url": link.url})),
            );
        }
    }
    out
}

fn anchor_help(anchors: &AnchorSet, fragment: &str) -> Text {
    match anchors.suggest(fragment) {
        Some(a) => format!("did you mean `#{a}`?").into(),
        None => "link to an existing heading's anchor (GitHub: lower case, punctuation dropped, spaces to `-`) or an element's id=".into(),
    }
}

/// `link/broken-anchor`: a `#fragment` link that no heading or explicit anchor answers.
/// Links in the contents list are judged by `structure/toc-mismatch` instead.
pub fn broken_anchor(cx: &Context) -> Vec<Finding> {
    let doc = cx.doc;
    let mut anchors: Option<AnchorSet> = None;
    let mut out = Vec::new();
    for link in &doc.links {
        let Target::Fragment(frag) = &link.target else {
            continue;
        };
        if cx.scopes[link.section].contents {
            continue;
        }
        let anchors = anchors.get_or_insert_with(|| doc.anchors());
        if anchors.contains(frag) {
            continue;
        }
        let target = AnchorSet::target(frag);
        out.push(
            cx.report(
                &BROKEN_ANCHOR,
                link.span.clone(),
                format!("no heading or HTML id has the anchor `#{target}`"),
            )
            .label("broken anchor")
            .help(anchor_help(anchors, frag))
            .data(|| json!({"anchor": target})),
        );
    }
    out
}

/// `link/missing-file`: a relative link or image to a file that does not exist, or to an
/// anchor that a Markdown file does not have.
pub fn missing_file(cx: &Context) -> Vec<Finding> {
    let Some(base) = cx.file.base_dir() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for link in &cx.doc.links {
        let Target::Relative { path, fragment } = &link.target else {
            continue;
        };
        if path.is_empty() {
            continue;
        }
        // Root-relative, and no repository to resolve it against: not judged.
        let Some(resolved) = crate::facts::resolve(base, cx.repo_root, path) else {
            continue;
        };
        let what = if link.kind == LinkKind::Image {
            "image"
        } else {
            "file"
        };
        match cx.facts.local(&resolved) {
            Some(LocalFile::Missing) => out.push(
                cx.report(
                    &MISSING_FILE,
                    link.span.clone(),
                    format!("linked {what} `{path}` does not exist"),
                )
                .label(format!("no such {what}"))
                .help(format!(
                    "paths are resolved from the list's folder ({}); fix the path or add the file",
                    base.display()
                ))
                .data(|| json!({"path": path})),
            ),
            Some(LocalFile::Markdown(Anchors::Read(anchors))) => {
                let Some(frag) = fragment.as_deref().filter(|f| !f.is_empty()) else {
                    continue;
                };
                if anchors.contains(frag) {
                    continue;
                }
                let target = AnchorSet::target(frag);
                out.push(
                    cx.report(
                        &MISSING_FILE,
                        link.span.clone(),
                        format!("`{path}` has no heading with the anchor `#{target}`"),
                    )
                    .label("no such anchor in that file")
                    .help(anchor_help(anchors, frag))
                    .data(|| json!({"path": path, "anchor": target})),
                );
            }
            _ => {}
        }
    }
    out
}

/// `link/duplicate`: the same resource linked twice, after normalisation. An error within one
/// section, a warning across sections (one step below the rule's level); links of one entry
/// may repeat a resource (a paper and its PDF). A link of a table row is named by the row's
/// title.
pub fn duplicate(cx: &Context) -> Vec<Finding> {
    let doc = cx.doc;
    let mut first: HashMap<&str, usize> = HashMap::with_capacity(doc.links.len());
    let mut out = Vec::new();
    for (i, link) in doc.links.iter().enumerate() {
        // Images and badges are decoration, not resources a reader follows.
        if link.kind == LinkKind::Image || link.badge || cx.scopes[link.section].contents {
            continue;
        }
        let Some(key) = link.target.key() else {
            continue;
        };
        // One hash of the key, whether it is new or seen.
        let j = match first.entry(key) {
            Entry::Vacant(v) => {
                v.insert(i);
                continue;
            }
            Entry::Occupied(o) => *o.get(),
        };
        let prev = &doc.links[j];
        if prev.entry.is_some() && prev.entry == link.entry {
            continue;
        }
        let same_section = prev.section == link.section;
        let line = cx.line_of(prev.span.start);
        let place = if same_section {
            "in this section"
        } else {
            "in another section"
        };
        let prev_path = match same_section {
            true => Vec::new(),
            false => doc.section_path(prev.section),
        };
        let number = line.to_string();
        let (name, prev_name) = (doc.link_name(i), doc.link_name(j));
        let mut parts = vec![
            "\"",
            &name,
            "\" links the same resource as \"",
            &prev_name,
            "\" on line ",
            &number,
            " (",
            place,
        ];
        for (k, heading) in prev_path.iter().enumerate() {
            parts.push(if k == 0 { ": " } else { " › " });
            parts.push(heading);
        }
        parts.push(")");
        let finding = cx
            .report(&DUPLICATE, link.span.clone(), concat(&parts))
            .label(concat(&["duplicate of line ", &number]))
            .help(if same_section {
                "keep one entry per source in a section"
            } else {
                "link a source from one place, or refer to that section with a #heading link"
            })
            .data(|| json!({"first_line": line, "resource": key, "url": link.url}));
        out.push(if same_section {
            finding
        } else {
            finding.demote()
        });
    }
    out
}

/// `link/insecure`: an `http://` link to a public host. On a host the policy lists in
/// `[links] https_hosts` the finding carries a safe fix: the scheme, and only it, becomes
/// `https`.
pub fn insecure(cx: &Context) -> Vec<Finding> {
    let mut out = Vec::new();
    for link in &cx.doc.links {
        let Target::Web(web) = &link.target else {
            continue;
        };
        if web.https || !web.public {
            continue;
        }
        let url = link.url.trim();
        // As a browser would write it (the `url` crate's serialisation).
        let https = match url::Url::parse(url) {
            Ok(mut u) => {
                let _ = u.set_scheme("https");
                u.to_string()
            }
            Err(_) => format!("https://{}", &url["http://".len()..]),
        };
        // The scheme as written in the source (`http`, any case), when the host serves HTTPS.
        let fix = link
            .dest
            .as_ref()
            .filter(|d| {
                cx.text()
                    .get(d.start..d.start + 7)
                    .is_some_and(|s| s.eq_ignore_ascii_case("http://"))
            })
            .filter(|_| cx.policy.links.serves_https(web.host()))
            .map(|d| Fix::safe(d.start..d.start + 4, "https"));
        let help = if fix.is_some() {
            format!(
                "link to `{https}`: {} serves HTTPS (`--fix` rewrites it)",
                web.host()
            )
        } else {
            format!("link to `{https}` if the site serves HTTPS (with --online, a site that redirects there is reported as link/redirect, which --fix rewrites)")
        };
        let mut finding = cx
            .report(
                &INSECURE,
                link.span.clone(),
                format!("`{url}` uses http:// to a public host"),
            )
            .label("insecure")
            .help(help)
            .data(|| json!({"url": url, "https_url": https}));
        if let Some(fix) = fix {
            finding = finding.fix(fix);
        }
        out.push(finding);
    }
    out
}

/// `link/tracking-params`: a web URL whose query holds parameters the policy lists as
/// tracking (`utm_source`, `fbclid`, …). The fix removes them from the destination as
/// written, keeping every other byte (and the fragment).
pub fn tracking_params(cx: &Context) -> Vec<Finding> {
    let tracking = &cx.policy.links.tracking_params;
    if tracking.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    for link in &cx.doc.links {
        if !matches!(link.target, Target::Web(_)) || !link.url.contains('?') {
            continue;
        }
        let Some(cleaned) = strip_tracking(link.url.trim(), tracking) else {
            continue;
        };
        // The same edit on the destination as written, when it is there verbatim.
        let fix = link.dest.as_ref().and_then(|d| {
            let raw = cx.text().get(d.clone())?;
            let fixed = strip_tracking(raw, tracking)?;
            let at = d.start + fixed.query.start..d.start + fixed.query.end;
            (fixed.removed == cleaned.removed).then(|| Fix::safe(at, fixed.replacement))
        });
        let names: Vec<String> = cleaned.removed.iter().map(|n| format!("`{n}`")).collect();
        let mut finding = cx
            .report(
                &TRACKING_PARAMS,
                link.span.clone(),
                format!(
                    "`{}` carries tracking parameter{} {}",
                    link.url.trim(),
                    if names.len() == 1 { "" } else { "s" },
                    names.join(", ")
                ),
            )
            .label("tracking")
            .help(format!(
                "link to `{}`{}",
                cleaned.url,
                if fix.is_some() { " (`--fix` removes them)" } else { "" }
            ))
            .data(|| json!({"url": link.url.trim(), "clean_url": cleaned.url, "params": cleaned.removed}));
        if let Some(fix) = fix {
            finding = finding.fix(fix);
        }
        out.push(finding);
    }
    out
}
