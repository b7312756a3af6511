//! `--format concise`: one line per finding, `path:line:col: severity[rule] message`, the
//! shape editors, grep and problem matchers read; then the summary line.

use super::{push_decimal, RunReport};

pub fn render(report: &RunReport) -> String {
    let mut out = String::new();
    for (file, r) in report.findings() {
        let f = &r.finding;
        out.push_str(&file.path);
        out.push(':');
        push_decimal(&mut out, r.region.line);
        out.push(':');
        push_decimal(&mut out, r.region.column);
        out.push_str(": ");
        out.push_str(f.severity.as_str());
        out.push('[');
        out.push_str(f.rule.name);
        out.push_str("] ");
        push_one_line(&mut out, &f.message);
        out.push('\n');
    }
    out.push_str(&super::human::summary_line(report));
    out.push('\n');
    out
}

/// `one_line`, appended to `out`.
fn push_one_line(out: &mut String, s: &str) {
    if !s.contains(['\n', '\r']) {
        out.push_str(s);
        return;
    }
    for (k, p) in s.split(['\n', '\r']).filter(|p| !p.is_empty()).enumerate() {
        if k > 0 {
            out.push(' ');
        }
        out.push_str(p);
    }
}

/// The text on one line: line breaks become spaces (a message quotes the list's text).
pub(crate) fn one_line(s: &str) -> String {
    if !s.contains(['\n', '\r']) {
        return s.to_string();
    }
    s.split(['\n', '\r'])
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::{one_line, push_one_line};

    #[test]
    fn appended_line_is_the_one_line_text() {
        for s in ["plain", "a\nb", "a\r\n\r\nb\r", "\n", ""] {
            let mut out = String::from(">");
            push_one_line(&mut out, s);
            assert_eq!(out, format!(">{}", one_line(s)));
        }
    }
}
