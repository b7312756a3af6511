//! `perf/exceeds-peak` and the device table: the labelled fixture written blind against the
//! table (every line exact), and the behaviours a user relies on.

mod common;
use common::rows;
use sourcepolicy::policy::Policy;
use std::collections::BTreeSet;

const TODAY: &str = "2026-12-02";

/// (line, claim, device, precision key or `any`/`bandwidth`/`interconnect`/`share`)
type Label = (usize, String, String, String);

/// The labels of `perf-peak-labelled.md`: `<!-- peak: CLAIM over DEVICE PRECISION | why -->`
/// for a finding, `<!-- peak: none | why -->` for none; and how many lines say none.
fn labels(text: &str) -> (BTreeSet<Label>, usize) {
    let mut out = BTreeSet::new();
    let mut none = 0;
    for (n, line) in text.lines().enumerate() {
        // (the head quotes the syntax in backticks)
        let Some(start) = line
            .find("<!-- peak: ")
            .filter(|&s| !line[..s].ends_with('`'))
        else {
            continue;
        };
        let body = &line[start + 11..line.rfind(" -->").expect("closed label")];
        let body = body.split(" | ").next().unwrap().trim();
        if body == "none" {
            none += 1;
            continue;
        }
        let (claim, rest) = body
            .split_once(" over ")
            .expect("CLAIM over DEVICE PRECISION");
        let (device, precision) = rest.rsplit_once(' ').expect("DEVICE PRECISION");
        out.insert((n + 1, claim.into(), device.into(), precision.into()));
    }
    (out, none)
}

/// The label a finding earns: its claim, device and what it was held to.
fn label_of(line: usize, data: &serde_json::Value) -> Label {
    let s = |k: &str| data[k].as_str().unwrap_or("").to_string();
    let stated_none = data["stated"].as_array().is_none_or(|a| a.is_empty());
    let precision = match s("quantity").as_str() {
        "share" => "share".to_string(),
        "memory" => "bandwidth".to_string(),
        "interconnect" => "interconnect".to_string(),
        _ if stated_none => "any".to_string(),
        _ => s("precision"),
    };
    (line, s("claim"), s("device"), precision)
}

#[test]
fn labelled_fixture_is_exact() {
    let text = std::fs::read_to_string(common::fixture_path("perf-peak-labelled.md")).unwrap();
    let (expected, none) = labels(&text);
    assert!(
        expected.len() >= 55 && none >= 80,
        "{} / {none}",
        expected.len()
    );
    let r = common::report(
        "peak.md",
        text,
        &["perf/exceeds-peak"],
        TODAY,
        &Policy::default_policy(),
    );
    let found: BTreeSet<Label> = r
        .findings
        .iter()
        .zip(&r.positions)
        .map(|(f, &(line, _))| label_of(line, &f.data.value()))
        .collect();
    let extra: Vec<_> = found.difference(&expected).collect();
    let missed: Vec<_> = expected.difference(&found).collect();
    assert!(
        extra.is_empty() && missed.is_empty(),
        "extra {extra:#?}\nmissed {missed:#?}"
    );
    assert_eq!(
        r.findings.len(),
        expected.len(),
        "one finding per labelled claim"
    );
}

/// `perf/exceeds-peak` alone on a list, under the default policy.
fn exceeds_peak(text: &str) -> common::Report {
    common::report(
        "k.md",
        text.into(),
        &["perf/exceeds-peak"],
        TODAY,
        &Policy::default_policy(),
    )
}

#[test]
fn a_finding_names_claim_peak_precision_and_source() {
    let text = "# G\n\n## Kernels\n\n- [K](https://github.com/example/k) - 30,000 Gbps of HBM bandwidth on an H100 SXM.\n";
    let r = exceeds_peak(text);
    assert_eq!(r.findings.len(), 1);
    let f = &r.findings[0];
    assert_eq!(&text[f.span.clone()], "30,000 Gbps");
    assert_eq!(
        f.message,
        "\"30,000 Gbps\" (3.75 TB/s) is above the peak of NVIDIA H100 SXM: 3.35 TB/s memory bandwidth (https://www.nvidia.com/en-us/data-center/h100/)"
    );
    assert_eq!(
        f.data.value(),
        serde_json::json!({
            "claim": "30,000 Gbps",
            "claimed": 3.75e12,
            "peak": 3.35e12,
            "unit": "B/s",
            "device": "NVIDIA H100 SXM",
            "count": 1,
            "precision": null,
            "sparse": false,
            "stated": [],
            "quantity": "memory",
            "source": "https://www.nvidia.com/en-us/data-center/h100/",
        })
    );
    // A count multiplies the peak; the data say so.
    let text = "# G\n\n## Kernels\n\n- [K](https://github.com/example/k) - 8x MI300X reach 12 PFLOPS of dense FP8 with sparsity off.\n";
    let r = exceeds_peak(text);
    assert!(r.findings.is_empty(), "8 × 2,614.9 TFLOPS = 20.9 PFLOPS");
    let text = "# G\n\n## Kernels\n\n- [K](https://github.com/example/k) - 2x MI300X reach 6 PFLOPS of FP8.\n";
    let r = exceeds_peak(text);
    assert_eq!(r.findings.len(), 1);
    let d = &r.findings[0].data.value();
    assert_eq!(
        (
            d["count"].as_u64(),
            d["precision"].as_str(),
            d["stated"][0].as_str()
        ),
        (Some(2), Some("fp8"), Some("FP8"))
    );
    assert_eq!(d["peak"].as_f64(), Some(2.0 * 2614.9e12));
}

#[test]
fn users_extend_the_device_table() {
    let text = "# G\n\n## Kernels\n\n- [K](https://github.com/example/k) - 600 TFLOP/s of BF16 on one Zebra-9.\n- [L](https://github.com/example/l) - 1,200 TFLOP/s of BF16 on one H100 SXM.\n";
    // Unknown to the default table: only the H100 claim is judged.
    let default = common::lint_default("z.md", text.into(), &["perf/exceeds-peak"]);
    assert_eq!(default.iter().map(|r| r.1).collect::<Vec<_>>(), [6]);
    // `extend_devices` adds a row and keeps the defaults.
    let extended = common::policy(
        "[[perf.extend_devices]]\nname = \"Zebra-9\"\nnames = ['Zebra-9']\nsource = \"https://zebra.example/datasheet\"\ndense = { bf16 = \"400 TFLOPS\" }\n",
    );
    assert_eq!(
        common::lint_str("z.md", text.into(), &["perf/exceeds-peak"], TODAY, &extended),
        rows(&[
            (
                "perf/exceeds-peak",
                5,
                39,
                "\"600 TFLOP/s\" is above the peak of Zebra-9: 400 TFLOPS dense BF16 (https://zebra.example/datasheet)"
            ),
            (
                "perf/exceeds-peak",
                6,
                39,
                "\"1,200 TFLOP/s\" is above the peak of NVIDIA H100 SXM: 989.5 TFLOPS dense BF16 (https://www.nvidia.com/en-us/data-center/h100/)"
            ),
        ])
    );
    // `devices` replaces the table.
    let replaced = common::policy(
        "[[perf.devices]]\nname = \"Zebra-9\"\nnames = ['Zebra-9']\nsource = \"https://zebra.example/datasheet\"\ndense = { bf16 = \"400 TFLOPS\" }\n",
    );
    let found = common::lint_str(
        "z.md",
        text.into(),
        &["perf/exceeds-peak"],
        TODAY,
        &replaced,
    );
    assert_eq!(found.iter().map(|r| r.1).collect::<Vec<_>>(), [5]);
}

#[test]
fn suppressions_and_levels_apply() {
    let text = "# G\n\n## Kernels\n\n<!-- sourcepolicy: ignore=perf/exceeds-peak reason=\"quoted to show the bug\" -->\n- [K](https://github.com/example/k) - 1,200 TFLOP/s of BF16 on one H100 SXM.\n";
    assert_eq!(
        common::lint_default("s.md", text.into(), &["perf/exceeds-peak", "suppression"]),
        rows(&[])
    );
    let warn = common::policy("[rules]\n\"perf/exceeds-peak\" = \"warning\"\n");
    let plain = "# G\n\n## Kernels\n\n- [K](https://github.com/example/k) - 1,200 TFLOP/s of BF16 on one H100 SXM.\n";
    let r = common::report("s.md", plain.into(), &["perf/exceeds-peak"], TODAY, &warn);
    assert_eq!(r.findings.len(), 1);
    assert_eq!(
        r.findings[0].severity,
        sourcepolicy::finding::Severity::Warning
    );
}

/// Done-when of issue 13: no finding on any text of the corpus (every one of them was read and
/// judged; see the report of the branch). Skips when the corpus is absent.
#[test]
fn no_false_alarm_on_the_corpus() {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    let Ok(dirs) = std::fs::read_dir(&root) else {
        eprintln!("skipping: {} not present", root.display());
        return;
    };
    let mut files: Vec<std::path::PathBuf> = Vec::new();
    let mut stack: Vec<std::path::PathBuf> = dirs.flatten().map(|e| e.path()).collect();
    while let Some(p) = stack.pop() {
        if p.is_dir() {
            stack.extend(std::fs::read_dir(&p).unwrap().flatten().map(|e| e.path()));
        } else if p.extension().is_some_and(|e| e == "md") {
            files.push(p);
        }
    }
    assert!(files.len() >= 20, "{} corpus files", files.len());
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let found = common::lint_default(&f.display().to_string(), text, &["perf/exceeds-peak"]);
        assert_eq!(found, rows(&[]), "{}", f.display());
    }
}

/// Rates, shares and device names in one block of about 300 KB: judging stays linear (each
/// claim reads a bounded window) and every claim is judged.
#[test]
fn one_huge_block_stays_linear() {
    let unit = "1,200 TFLOP/s of BF16 on one H100. 104% MFU on 8x MI300X. 30,000 Gbps of HBM on an H100 SXM. ";
    let text = format!(
        "# G\n\n## K\n\n- [x](https://a.example/) {}\n",
        unit.repeat(3_000)
    );
    let t = std::time::Instant::now();
    let r = common::report(
        "h.md",
        text,
        &["perf/exceeds-peak", "perf/vendor-peak"],
        TODAY,
        &Policy::default_policy(),
    );
    let took = t.elapsed();
    assert_eq!(r.findings.len(), 3 * 3_000);
    assert!(took < std::time::Duration::from_secs(30), "took {took:?}");
}
