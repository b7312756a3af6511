//! Every rule has a folder `tests/fixtures/<family>/<rule>/` with `fire.md` (it must fire),
//! `pass.md` (it must not) and `expected.json` (the exact findings of `fire.md`), and
//! optionally `case.toml` (`select`: the rules reported, default the folder's rule; `today`;
//! `policy`: a policy layered over the default). One test drives them all.
//!
//! Rules that need `--online` set `online = true` in case.toml: their fixtures link
//! `http://site.test:{port}/PATH`, which resolves (for this test only) to a server the test
//! starts on 127.0.0.1 with the routes of `site()`; `{port}` is put back in messages.
//!
//! To regenerate the expectations on purpose: `SOURCEPOLICY_BLESS=1 cargo test --test
//! rule_fixtures`, then read the diff.

mod common;
mod netserver;

use serde::Deserialize;
use serde_json::{json, Value};
use sourcepolicy::date::Date;
use sourcepolicy::engine::{lint_text, LintOptions, Selection};
use sourcepolicy::policy::Policy;
use std::path::{Path, PathBuf};

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Case {
    select: Option<Vec<String>>,
    today: Option<String>,
    policy: Option<String>,
    #[serde(default)]
    online: bool,
}

/// The site online fixtures link to: each path answers as its name says.
fn site() -> netserver::Server {
    use netserver::Reply;
    netserver::Server::start(|r| {
        let path = r.path.as_str();
        if let Some(code) = path.strip_prefix("/status/") {
            return Reply::status(code.parse().unwrap_or(500));
        }
        match path {
            "/ok" | "/moved/here" => {
                Reply::html("<html><body><h1 id=\"intro\">Hello</h1></body></html>")
            }
            "/moved" => Reply::redirect(301, "/moved/here"),
            "/moved-for-now" => Reply::redirect(302, "/ok"),
            "/loop" => Reply::redirect(301, "/loop"),
            "/challenge" => Reply::status(403)
                .header("cf-mitigated", "challenge")
                .header("content-type", "text/html")
                .body("<html><title>Just a moment...</title></html>"),
            "/escape" => Reply::redirect(301, "http://169.254.169.254/latest/meta-data/"),
            _ => Reply::status(404),
        }
    })
}

/// Live-check settings for online fixtures: `site.test` resolves to the fixture server (and is
/// exempt from the address guard, which stays on for every other host); a probe that answers
/// says the network is up; quick retries; no cache.
fn online_options(
    server: &netserver::Server,
    probe: &std::net::TcpListener,
) -> sourcepolicy::net::NetOptions {
    let lo = std::net::IpAddr::V4(std::net::Ipv4Addr::LOCALHOST);
    let mut o = sourcepolicy::net::NetOptions {
        timeout: std::time::Duration::from_secs(3),
        retry_base: std::time::Duration::from_millis(5),
        max_retries: 1,
        resolve_only_overrides: true,
        guard_exempt_hosts: vec!["site.test".into(), "probe.test".into()],
        network_probe: vec![format!("probe.test:{}", probe.local_addr().unwrap().port())],
        ..sourcepolicy::net::NetOptions::default()
    };
    o.resolve.insert("site.test".into(), vec![lo]);
    o.resolve.insert("probe.test".into(), vec![lo]);
    assert!(
        server.port() >= 10000,
        "five-digit port keeps columns stable"
    );
    o
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

/// The findings of one fixture file, as expected.json holds them.
fn findings(path: &Path, rule: &str, case: &Case) -> Value {
    let mut text =
        std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut online = None;
    let mut port = String::new();
    let (_server, _probe);
    if case.online {
        let server = site();
        let probe = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        port = server.port().to_string();
        text = text.replace("{port}", &port);
        online = Some(online_options(&server, &probe));
        (_server, _probe) = (server, probe);
    }
    let policy = match &case.policy {
        Some(toml) => {
            Policy::layered("case.toml", toml, &sourcepolicy::rules::selectors()).expect("policy")
        }
        None => Policy::default_policy(),
    };
    let select = case
        .select
        .clone()
        .unwrap_or_else(|| vec![rule.to_string()]);
    let opts = LintOptions {
        selection: Selection::new(&select, &[]).expect("known rules"),
        online,
        ..LintOptions::new(
            Date::parse(case.today.as_deref().unwrap_or("2026-12-02")).expect("today"),
        )
    };
    // The real path, so that relative links resolve from the fixture's folder.
    let report = lint_text(&path.display().to_string(), text, &policy, &opts);
    let rows: Vec<Value> = report
        .findings
        .iter()
        .map(|r| {
            // Every finding points at its row of the rule table.
            assert!(
                sourcepolicy::rules::all().any(|row| std::ptr::eq(row, r.finding.rule)),
                "{} is not a row of rules::RULES",
                r.finding.rule.name
            );
            json!({
                "rule": r.finding.rule.name,
                "severity": r.finding.severity.as_str(),
                "line": r.region.line,
                "column": r.region.column,
                "end_line": r.region.end_line,
                "end_column": r.region.end_column,
                "message": if port.is_empty() { r.finding.message.clone() } else { r.finding.message.replace(&port, "{port}") },
            })
        })
        .collect();
    Value::Array(rows)
}

#[test]
fn every_rule_fires_on_its_fixture_and_not_on_its_pass() {
    let bless = std::env::var_os("SOURCEPOLICY_BLESS").is_some();
    let mut problems = Vec::new();
    for rule in sourcepolicy::rules::all() {
        let dir = root().join(rule.name);
        let case: Case = match std::fs::read_to_string(dir.join("case.toml")) {
            Ok(t) => toml::from_str(&t).expect("case.toml"),
            Err(_) => Case::default(),
        };
        if !dir.join("fire.md").is_file() || !dir.join("pass.md").is_file() {
            problems.push(format!(
                "{}: no fire.md and pass.md in {}",
                rule.name,
                dir.display()
            ));
            continue;
        }
        let fire = findings(&dir.join("fire.md"), rule.name, &case);
        let expected_path = dir.join("expected.json");
        if bless {
            let mut s = serde_json::to_string_pretty(&fire).unwrap();
            s.push('\n');
            std::fs::write(&expected_path, s).unwrap();
        }
        let expected: Value = std::fs::read_to_string(&expected_path)
            .map(|t| serde_json::from_str(&t).expect("expected.json parses"))
            .unwrap_or(Value::Null);
        if fire != expected {
            problems.push(format!(
                "{}: fire.md findings differ from expected.json (SOURCEPOLICY_BLESS=1 regenerates)\ngot: {}",
                rule.name,
                serde_json::to_string_pretty(&fire).unwrap()
            ));
        }
        let own = |v: &Value| {
            v.as_array()
                .map_or(0, |a| a.iter().filter(|f| f["rule"] == rule.name).count())
        };
        if own(&fire) == 0 {
            problems.push(format!("{}: fire.md does not trigger it", rule.name));
        }
        let pass = findings(&dir.join("pass.md"), rule.name, &case);
        if pass != json!([]) {
            problems.push(format!(
                "{}: pass.md has findings: {}",
                rule.name,
                serde_json::to_string_pretty(&pass).unwrap()
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}
