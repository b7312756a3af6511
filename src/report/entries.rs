//! `sourcepolicy entries`: every source (a link of a list entry or a table row) with its
//! section, kind and reason.

use crate::classify::Classification;
use crate::document::Document;
use crate::input::SourceFile;
use serde::Serialize;

/// One source (a link inside an entry), as `entries` reports it.
#[derive(Debug, Clone, Serialize)]
pub struct SourceRow {
    pub path: String,
    pub line: usize,
    pub column: usize,
    pub section: Vec<String>,
    pub title: String,
    pub url: String,
    #[serde(rename = "type")]
    pub kind: Option<&'static str>,
    pub reason: String,
    pub description: String,
    /// The non-primary group of an inadmissible source ("video", …), else None.
    pub group: Option<String>,
    /// For a source in a table row: where it sits.
    pub row: Option<RowPlace>,
    /// The URL's host (the table's HOST column; json has the URL).
    #[serde(skip)]
    pub host: String,
    /// The entry's index in its file (to count entries as `lint` does).
    #[serde(skip)]
    pub entry: usize,
}

/// Where a source in a table row sits.
#[derive(Debug, Clone, Serialize)]
pub struct RowPlace {
    /// The table's number in the file (1-based).
    pub table: usize,
    /// The row's number in its table (1-based, header not counted).
    pub number: usize,
    /// The header of the source's column.
    pub column: String,
    /// What the column holds: "title", "source", "code", "date", or null.
    pub role: Option<&'static str>,
    /// The row's date column, if it has one.
    pub date: Option<String>,
}

/// The rows of one file, given each link's classification (indexed like `doc.links`).
pub fn rows(
    file: &SourceFile,
    doc: &Document,
    classes: &[Option<Classification>],
) -> Vec<SourceRow> {
    doc.entries
        .iter()
        .flat_map(|e| e.links.iter().enumerate().map(move |(i, &l)| (e, i, l)))
        .map(|(entry, i, l)| {
            let link = &doc.links[l];
            let c = classes[l].as_ref().expect("sources are classified");
            let pos = file.lines.position(&file.text, link.span.start);
            let row = entry.row.as_ref().map(|r| {
                let t = &doc.tables[r.table];
                let column = r.columns.get(i).copied().unwrap_or(0);
                RowPlace {
                    table: r.table + 1,
                    number: r.number,
                    column: t.header.get(column).cloned().unwrap_or_default(),
                    role: t.role(column).map(|r| r.as_str()),
                    date: r.date.clone(),
                }
            });
            SourceRow {
                path: file.shown.clone(),
                line: pos.line,
                column: pos.column,
                section: doc
                    .section_path(link.section)
                    .into_iter()
                    .map(String::from)
                    .collect(),
                // A table row's sources are titled by its title column.
                title: entry
                    .row
                    .as_ref()
                    .and_then(|r| r.title.clone())
                    .unwrap_or_else(|| link.text.trim().to_string()),
                url: link.url.clone(),
                kind: c.kind.map(|k| k.as_str()),
                reason: match &c.inadmissible {
                    Some(g) => format!("inadmissible ({g}): {}", c.reason),
                    None => c.reason.to_string(),
                },
                description: entry.description.clone(),
                group: c.inadmissible.as_deref().map(String::from),
                host: match &link.target {
                    crate::target::Target::Web(w) => w.host().to_string(),
                    _ => String::new(),
                },
                entry: link.entry.unwrap_or_default(),
                row,
            }
        })
        .collect()
}

pub fn render_json(rows: &[SourceRow]) -> String {
    #[derive(Serialize)]
    struct Out<'a> {
        version: u32,
        entries: &'a [SourceRow],
    }
    let mut s = serde_json::to_string_pretty(&Out {
        version: 1,
        entries: rows,
    })
    .expect("serialisable");
    s.push('\n');
    s
}

/// The policy key (or comment) that decided a classification, from its reason: "host
/// arxiv.org is listed under [sources.paper]" → "[sources.paper] hosts". The full reason stays
/// in json.
pub fn decided_by(reason: &str) -> String {
    if let Some(rest) = reason.strip_prefix("declared ") {
        let line = rest.rsplit(' ').next().unwrap_or("");
        return format!("comment, line {line}");
    }
    if let Some(open) = reason.find("[sources") {
        if let Some(close) = reason[open..].find(']') {
            let key = if reason.contains("URL matches") {
                "urls"
            } else {
                "hosts"
            };
            return format!("{} {key}", &reason[open..=open + close]);
        }
    }
    if reason.starts_with("no rule of the policy") {
        return "no policy rule matches".into();
    }
    reason.to_string()
}

/// A table that fits `width`: location, section, title, type, host, and the policy key that
/// decided. TYPE is a kind, `✗ group` for a known non-primary source, or `unclassified`. With
/// one file the location is just the line number. The footer counts entries and sources as
/// `lint`'s summary does.
pub fn render_table(rows: &[SourceRow], width: usize) -> String {
    let one_file = rows.windows(2).all(|w| w[0].path == w[1].path);
    let headers = [
        if one_file { "LINE" } else { "LOCATION" },
        "SECTION",
        "TITLE",
        "TYPE",
        "HOST",
        "REASON",
    ];
    let cells: Vec<[String; 6]> = rows
        .iter()
        .map(|r| {
            [
                if one_file {
                    r.line.to_string()
                } else {
                    format!("{}:{}", r.path, r.line)
                },
                r.section
                    .last()
                    .cloned()
                    .unwrap_or_else(|| "(preamble)".into()),
                r.title.clone(),
                match (r.kind, &r.group) {
                    (Some(k), _) => k.to_string(),
                    (None, Some(g)) => format!("✗ {g}"),
                    (None, None) => "unclassified".to_string(),
                },
                r.host.clone(),
                decided_by(&r.reason),
            ]
        })
        .collect();
    let mut w: Vec<usize> = headers.iter().map(|h| h.chars().count()).collect();
    for c in &cells {
        for (i, s) in c.iter().enumerate() {
            w[i] = w[i].max(s.chars().count());
        }
    }
    // Location and type keep their width; the others give way, in turn, down to a floor:
    // title to 16, section to 12, host to 14, reason to 22, then all to their minimum.
    w[5] = w[5].min(36);
    w[4] = w[4].min(24);
    let total = |w: &[usize]| w.iter().sum::<usize>() + 2 * (w.len() - 1);
    for (col, floor) in [
        (2, 16),
        (1, 12),
        (4, 14),
        (5, 22),
        (2, 8),
        (1, 7),
        (4, 10),
        (5, 16),
    ] {
        let over = total(&w).saturating_sub(width);
        if over == 0 {
            break;
        }
        w[col] = w[col].saturating_sub(over).max(floor.min(w[col]));
    }
    let fit = |s: &str, n: usize| -> String {
        if s.chars().count() <= n {
            format!("{s:<n$}")
        } else {
            let cut: String = s.chars().take(n.saturating_sub(1)).collect();
            format!("{cut}…")
        }
    };
    let line = |c: [&str; 6]| -> String {
        let parts: Vec<String> = c.iter().zip(&w).map(|(s, &n)| fit(s, n)).collect();
        parts.join("  ").trim_end().to_string() + "\n"
    };
    let mut out = line(headers);
    for c in &cells {
        out.push_str(&line([&c[0], &c[1], &c[2], &c[3], &c[4], &c[5]]));
    }
    let classified = rows.iter().filter(|r| r.kind.is_some()).count();
    let inadmissible = rows.iter().filter(|r| r.group.is_some()).count();
    let mut entries: Vec<(&str, usize)> = rows.iter().map(|r| (r.path.as_str(), r.entry)).collect();
    entries.dedup();
    let plural =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    out.push_str(&format!(
        "{}, {}: {} classified, {} inadmissible, {} unclassified\n",
        plural(entries.len(), "entry", "entries"),
        plural(rows.len(), "source", "sources"),
        classified,
        inadmissible,
        rows.len() - classified - inadmissible
    ));
    out
}
