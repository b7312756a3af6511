//! `--diff`: what `--fix` would change, as a unified diff per file (`a/PATH`, `b/PATH`, three
//! lines of context), which `git apply` and `patch -p1` accept.

use super::RunReport;

pub fn render(report: &RunReport) -> String {
    let mut out = String::new();
    for f in &report.files {
        let Some(original) = &f.original else {
            continue;
        };
        let diff = similar::TextDiff::from_lines(original.as_str(), f.text.as_str());
        out.push_str(
            &diff
                .unified_diff()
                .context_radius(3)
                .header(&format!("a/{}", f.path), &format!("b/{}", f.path))
                .to_string(),
        );
    }
    out
}
