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
    /// The non-primary group of an inadmissible source.
    pub group: Option<String>,
    /// For a source in a table row: where it sits.
    pub row: Option<RowPlace>,
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
                    None => c.reason.clone(),
                },
                description: entry.description.clone(),
                group: c.inadmissible.clone(),
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

/// A plain table: location, section, title, kind, reason. Section and title are cut to fit
/// `width`; the reason, the point of the table, never is. With one file the location is just
/// the line number.
pub fn render_table(rows: &[SourceRow], width: usize) -> String {
    let one_file = rows.windows(2).all(|w| w[0].path == w[1].path);
    let headers = [
        if one_file { "LINE" } else { "LOCATION" },
        "SECTION",
        "TITLE",
        "TYPE",
        "REASON",
    ];
    let cells: Vec<[String; 5]> = rows
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
                r.kind.unwrap_or("-").to_string(),
                r.reason.clone(),
            ]
        })
        .collect();
    let mut w: Vec<usize> = headers.iter().map(|h| h.chars().count()).collect();
    for c in &cells {
        for (i, s) in c.iter().enumerate() {
            w[i] = w[i].max(s.chars().count());
        }
    }
    // Section and title share what the location, type and a 40-column reason leave.
    let room = width.saturating_sub(w[0] + w[3] + 40 + 8).max(30);
    w[1] = w[1].min(room * 2 / 5).max(7);
    w[2] = w[2].min(room - w[1]).max(5);
    let fit = |s: &str, n: usize| -> String {
        if s.chars().count() <= n {
            format!("{s:<n$}")
        } else {
            let cut: String = s.chars().take(n.saturating_sub(1)).collect();
            format!("{cut}…")
        }
    };
    let line = |c: [&str; 5]| -> String {
        format!(
            "{}  {}  {}  {}  {}",
            fit(c[0], w[0]),
            fit(c[1], w[1]),
            fit(c[2], w[2]),
            fit(c[3], w[3]),
            c[4]
        )
        .trim_end()
        .to_string()
            + "\n"
    };
    let mut out = line(headers);
    for c in &cells {
        out.push_str(&line([&c[0], &c[1], &c[2], &c[3], &c[4]]));
    }
    let classified = rows.iter().filter(|r| r.kind.is_some()).count();
    out.push_str(&format!(
        "{} sources, {} classified, {} unclassified\n",
        rows.len(),
        classified,
        rows.len() - classified
    ));
    out
}
