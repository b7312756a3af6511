//! Source rules: in a core section, every source is one of the four admissible kinds
//! (`crate::classify` decides, with its reason), never a known non-primary kind, and a
//! report names its code.

use super::Context;
use crate::classify::{Classification, Kind};
use crate::directive::Directive;
use crate::finding::{concat, Finding, Rule, Severity, Text};
use crate::target::Target;
use serde_json::json;

pub static UNCLASSIFIED: Rule = Rule {
    name: "source/unclassified",
    severity: Severity::Error,
    summary: "a source in a core section matches none of the four admissible kinds",
    explanation: include_str!("../../docs/rules/source-unclassified.md"),
    online: false,
    fixable: false,
};

pub static INADMISSIBLE: Rule = Rule {
    name: "source/inadmissible",
    severity: Severity::Error,
    summary: "a source is a known non-primary kind (video, social, forum, blog platform, aggregator, news, marketing)",
    explanation: include_str!("../../docs/rules/source-inadmissible.md"),
    online: false,
    fixable: false,
};

pub static REPORT_EVIDENCE: Rule = Rule {
    name: "source/report-evidence",
    severity: Severity::Error,
    summary: "a `report` names no code (a repository link in the entry, or `code=` in its comment)",
    explanation: include_str!("../../docs/rules/source-report-evidence.md"),
    online: false,
    fixable: false,
};

/// The host of a source, for messages.
fn host_of<'t>(target: &'t Target, url: &'t str) -> &'t str {
    match target {
        Target::Web(w) => w.host(),
        _ => url,
    }
}

/// For each entry, the first directive that declares things about it (`type=`, `code=`).
pub fn entry_directives(dirs: &[Directive], entries: usize) -> Vec<Option<&Directive>> {
    let mut out = vec![None; entries];
    for d in dirs {
        if let Some(e) = d.entry.filter(|&e| e < entries) {
            if out[e].is_none() && (d.kind.is_some() || d.code.is_some()) {
                out[e] = Some(d);
            }
        }
    }
    out
}

/// Classifies every link of the document that is a source; `None` for other links.
/// The classifier is compiled on the first source, so a file without any costs nothing.
pub fn classify_all(cx: &Context) -> Vec<Option<Classification>> {
    let doc = cx.doc;
    let declarations = entry_directives(cx.directives, doc.entries.len());
    let mut out: Vec<Option<Classification>> = vec![None; doc.links.len()];
    for (e, entry) in doc.entries.iter().enumerate() {
        let declared = declarations[e].and_then(|d| {
            let k = Kind::parse(&d.kind.as_ref()?.text)?;
            Some((k, cx.line_of(d.span.start)))
        });
        let primary = entry.primary(doc);
        for (i, &l) in entry.links.iter().enumerate() {
            out[l] = Some(match declared {
                Some((k, line)) if i == primary => Classification {
                    kind: Some(k),
                    reason: format!("declared type={} by the comment on line {line}", k.as_str())
                        .into(),
                    ..Classification::default()
                },
                _ => super::evidence::adjust(cx, l, cx.classifier().classify(&doc.links[l].target)),
            });
        }
    }
    out
}

/// How a message names a source: its link text; in a table row, the row's title.
fn title<'c>(cx: &Context<'c, '_>, l: usize) -> std::borrow::Cow<'c, str> {
    cx.doc.link_name(l)
}

/// Every source of a core section with its classification: (link index, classification).
fn core_sources<'c, 'a, 'p>(
    cx: &'c Context<'a, 'p>,
) -> impl Iterator<Item = (usize, &'c Classification)> + use<'c, 'a, 'p> {
    let classes = cx.classes();
    cx.doc
        .entries
        .iter()
        .filter(|e| cx.scopes[e.section].core)
        .flat_map(|e| e.links.iter().copied())
        .filter_map(move |l| classes[l].as_ref().map(|c| (l, c)))
}

/// `source/unclassified`: a source in a core section that is none of the four kinds.
pub fn unclassified(cx: &Context) -> Vec<Finding> {
    core_sources(cx)
        .filter(|(_, c)| c.kind.is_none() && c.inadmissible.is_none())
        .map(|(l, c)| {
            let link = &cx.doc.links[l];
            let host = host_of(&link.target, &link.url);
            let finding = match &c.none {
                // The policy knows what it is: say so, and point at what to link instead.
                Some(g) => cx
                    .report(
                        &UNCLASSIFIED,
                        link.span.clone(),
                        format!(
                            "source \"{}\" ({host}) is none of paper, docs, repo, report: {}",
                            title(cx, l),
                            if g.about.is_empty() { &g.name } else { &g.about }
                        ),
                    )
                    .label(format!("{} page", g.name))
                    .help("link the paper, specification, repository or implementer report it points to; if it really is one, declare it (<!-- sourcepolicy: type=paper|docs|repo|report -->)"),
                None => cx
                    .report(
                        &UNCLASSIFIED,
                        link.span.clone(),
                        format!(
                            "source \"{}\" ({host}) is none of paper, docs, repo, report",
                            title(cx, l),
                        ),
                    )
                    .label("unclassified source")
                    .help(match super::evidence::unclassified_help(cx, l) {
                        Some(h) => cx.shared(h),
                        None => match &link.target {
                            Target::Web(w) => cx.shared(format!("replace it with the primary source, declare its kind (<!-- sourcepolicy: type=paper|docs|repo|report -->), or add `extend_hosts = [\"{}\"]` under [sources.<kind>] in your policy file", w.host())),
                            _ => "replace it with the primary source, or declare its kind (<!-- sourcepolicy: type=paper|docs|repo|report -->)".into(),
                        },
                    }),
            };
            finding.data(|| json!({
                "url": link.url,
                "host": host,
                "group": c.none.as_ref().map(|g| &*g.name),
                "reason": &*c.reason
            }))
        })
        .collect()
}

/// `source/inadmissible`: a source in a core section of a known non-primary kind.
pub fn inadmissible(cx: &Context) -> Vec<Finding> {
    // The label of each group, made once: a policy has few groups, a list many links of
    // each (compared by name, so their number is bounded by the policy's).
    let mut labels: Vec<(&str, Text)> = Vec::new();
    core_sources(cx)
        .filter_map(|(l, c)| c.inadmissible.as_ref().map(|g| (l, g, &c.reason)))
        .map(|(l, group, reason)| {
            let link = &cx.doc.links[l];
            let label = match labels.iter().find(|(g, _)| *g == &**group) {
                Some((_, label)) => label.clone(),
                None => {
                    let label = Text::Shared(concat(&[group, " link"]).into());
                    labels.push((group, label.clone()));
                    label
                }
            };
            cx.report(
                &INADMISSIBLE,
                link.span.clone(),
                concat(&[
                    "source \"",
                    &title(cx, l),
                    "\" is not primary: ",
                    host_of(&link.target, &link.url),
                    " (",
                    group,
                    ")",
                ]),
            )
            .label(label)
            .help("link the paper, specification, repository or implementer report it is about; a direct implementer report can be declared with <!-- sourcepolicy: type=report code=URL -->")
            .data(|| json!({"url": link.url, "group": &**group, "reason": &**reason}))
        })
        .collect()
}

/// `source/report-evidence` (offline part): a report must name its code — a repository link
/// in the same entry, a link in the code column of its table row, or `code=` in its comment.
pub fn report_evidence(cx: &Context) -> Vec<Finding> {
    let doc = cx.doc;
    let classes = cx.classes();
    let declarations = entry_directives(cx.directives, doc.entries.len());
    let mut out = Vec::new();
    for (e, entry) in doc.entries.iter().enumerate() {
        if !cx.scopes[entry.section].core {
            continue;
        }
        let is_kind = |l: usize, k: Kind| classes[l].as_ref().is_some_and(|c| c.kind == Some(k));
        let has_repo = entry.links.iter().enumerate().any(|(i, &l)| {
            is_kind(l, Kind::Repo)
                || (entry.in_code_column(doc, i) && doc.links[l].target.web().is_some())
        });
        let code = declarations[e].and_then(|d| d.code.as_ref());
        let code_ok = code.is_some_and(|c| crate::target::split_web_url(&c.text).is_some());
        for &l in &entry.links {
            if !is_kind(l, Kind::Report) {
                continue;
            }
            let link = &doc.links[l];
            // Online, the report's own page must link its code and show measurements.
            let gaps = super::evidence::report_page_gaps(cx, l);
            if !gaps.is_empty() {
                out.push(
                    cx.report(
                        &REPORT_EVIDENCE,
                        link.span.clone(),
                        format!("report \"{}\": its page {}", title(cx, l), gaps.join(" and ")),
                    )
                    .label("report without evidence")
                    .help("a direct implementer report shows its code and its measurements; link the article that does, or the paper or repository instead")
                    .data(|| json!({"url": link.url, "page_lacks": gaps})),
                );
                continue;
            }
            if has_repo || code_ok {
                continue;
            }
            let message = match code {
                Some(c) => format!(
                    "report \"{}\" names code `{}`, which is not an http(s) URL",
                    title(cx, l),
                    c.text
                ),
                None => format!("report \"{}\" names no code", title(cx, l)),
            };
            out.push(
                cx.report(&REPORT_EVIDENCE, link.span.clone(), message)
                    .label("report without code")
                    .help(if entry.row.is_some() {
                        "link the repository in the row's code column, or add code=URL to a <!-- sourcepolicy: … --> comment in the row"
                    } else {
                        "add the repository to the entry (`([code](https://github.com/owner/repo))`) or code=URL to its <!-- sourcepolicy: … --> comment"
                    })
                    .data(|| json!({"url": link.url})),
            );
        }
    }
    out
}
