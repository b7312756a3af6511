//! The live link checker against servers these tests start on 127.0.0.1 (never the
//! internet; names resolve only through `NetOptions::resolve`).

mod netserver;

use netserver::{Reply, Server};
use sourcepolicy::net::{
    check, CacheOptions, CheckRun, LinkResult, NetOptions, Progress, Request, Verdict,
};
use std::collections::HashMap;
use std::net::{IpAddr, TcpListener};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

const LOOPBACK: IpAddr = IpAddr::V4(std::net::Ipv4Addr::LOCALHOST);

/// Loopback allowed, no system DNS, quick retries, and a network probe that says "down"
/// (see [`with_network`]).
fn opts() -> NetOptions {
    NetOptions {
        allow_private: true,
        timeout: Duration::from_secs(3),
        retry_base: Duration::from_millis(5),
        retry_after_cap: Duration::from_secs(2),
        resolve_only_overrides: true,
        network_probe: Vec::new(),
        ..NetOptions::default()
    }
}

/// A probe target that answers, so that DNS failures and refused connections count as the
/// link's fault. Keep the listener alive for the test.
fn with_network(mut o: NetOptions) -> (NetOptions, TcpListener) {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    o.resolve.insert("probe.test".into(), vec![LOOPBACK]);
    o.network_probe = vec![format!("probe.test:{}", l.local_addr().unwrap().port())];
    (o, l)
}

fn req(url: &str) -> Request {
    Request {
        url: url.to_string(),
        read_page: false,
        fragment: None,
    }
}

fn run(urls: &[String], o: &NetOptions) -> CheckRun {
    let reqs: Vec<Request> = urls.iter().map(|u| req(u)).collect();
    check(&reqs, o, &|_| {}).unwrap()
}

fn one(url: &str, o: &NetOptions) -> LinkResult {
    run(&[url.to_string()], o).results.remove(url).unwrap()
}

fn methods(s: &Server) -> Vec<String> {
    s.requests()
        .iter()
        .map(|r| format!("{} {}", r.method, r.path))
        .collect()
}

fn broken(status: u16) -> impl Fn(&LinkResult) -> bool {
    move |r| matches!(r.verdict, Verdict::Broken { status: Some(s), .. } if s == status)
}

fn unverified(r: &LinkResult) -> bool {
    matches!(r.verdict, Verdict::Unverified { .. })
}

#[test]
fn head_first_and_get_when_head_is_refused() {
    let s = Server::start(|r| match (r.method.as_str(), r.path.as_str()) {
        (_, "/ok") => Reply::status(200),
        ("HEAD", "/nohead") => Reply::status(405),
        ("GET", "/nohead") => Reply::status(200),
        ("HEAD", "/headfails") => Reply::hangup(),
        ("GET", "/headfails") => Reply::status(200),
        _ => Reply::status(404),
    });
    let o = opts();
    let r = run(&[s.url("/ok"), s.url("/nohead"), s.url("/headfails")], &o);
    for u in ["/ok", "/nohead", "/headfails"] {
        assert_eq!(
            r.results[&s.url(u)].verdict,
            Verdict::Ok { status: 200 },
            "{u}"
        );
    }
    let m = methods(&s);
    assert_eq!(
        m.iter().filter(|x| x.ends_with("/ok")).collect::<Vec<_>>(),
        ["HEAD /ok"]
    );
    assert_eq!(m.iter().filter(|x| x.ends_with("/nohead")).count(), 2);
    assert!(m.contains(&"GET /headfails".to_string()));
    let ua = s.requests()[0].header("user-agent").unwrap().to_string();
    assert!(ua.starts_with("sourcepolicy/"), "{ua}");
}

#[test]
fn broken_statuses_and_retries() {
    let s = Server::start(|r| match r.path.as_str() {
        "/404" => Reply::status(404),
        "/410" => Reply::status(410),
        _ => Reply::status(500),
    });
    let o = opts();
    let r = run(&[s.url("/404"), s.url("/410"), s.url("/500")], &o);
    assert!(broken(404)(&r.results[&s.url("/404")]));
    assert!(broken(410)(&r.results[&s.url("/410")]));
    assert!(broken(500)(&r.results[&s.url("/500")]));
    // HEAD, then GET and its two retries.
    assert_eq!(s.count_path("/500"), 4);
    assert_eq!(
        s.count_path("/404"),
        2,
        "HEAD, then GET before calling it broken"
    );
    assert_eq!(r.stats.retries, 2);
}

#[test]
fn unverified_statuses_and_bot_challenges() {
    let s = Server::start(|r| match r.path.as_str() {
        "/401" => Reply::status(401),
        "/403" => Reply::status(403),
        "/429" => Reply::status(429).header("retry-after", "0"),
        "/cf" => Reply::status(503).header("cf-mitigated", "challenge"),
        "/cfpage" => Reply::status(403).body("<html><title>Just a moment...</title></html>"),
        "/999" => Reply::status(999),
        "/418" => Reply::status(418),
        _ => Reply::status(200),
    });
    let mut o = opts();
    o.accept = vec![999];
    let paths = ["/999", "/401", "/403", "/429", "/cf", "/cfpage", "/418"];
    let r = run(&paths.map(|p| s.url(p)), &o);
    let v = |p: &str| r.results[&s.url(p)].verdict.clone();
    assert_eq!(
        v("/999"),
        Verdict::Ok { status: 999 },
        "accepted by the policy"
    );
    for p in &paths[1..] {
        assert!(
            matches!(
                v(p),
                Verdict::Unverified {
                    status: Some(_),
                    ..
                }
            ),
            "{p}: {:?}",
            v(p)
        );
    }
    let reason = |p: &str| match v(p) {
        Verdict::Unverified { reason, .. } => reason,
        other => panic!("{other:?}"),
    };
    assert!(
        reason("/cf").contains("bot challenge (Cloudflare)")
            || reason("/cf").contains("Cloudflare")
    );
    assert!(reason("/cfpage").contains("Cloudflare"));
    assert_eq!(reason("/418"), "unexpected status 418");
    assert!(
        reason("/429").contains("rate limited after 3 attempts"),
        "{}",
        reason("/429")
    );
    assert_eq!(s.count_path("/cf"), 2, "a challenge is not retried");
}

#[test]
fn retry_after_is_honoured_up_to_the_cap() {
    let hits = AtomicUsize::new(0);
    let s = Server::start(move |r| match r.path.as_str() {
        "/later" if hits.fetch_add(1, Ordering::SeqCst) == 0 => {
            Reply::status(429).header("retry-after", "1")
        }
        "/date" if r.method == "GET" && !r.headers.iter().any(|(k, _)| k == "x-never") => {
            Reply::status(503).header("retry-after", "Sun, 06 Nov 1994 08:49:37 GMT")
        }
        "/forever" => Reply::status(429).header("retry-after", "3600"),
        "/later" => Reply::status(200),
        _ => Reply::status(405),
    });
    let o = opts();
    let t = Instant::now();
    let r = one(&s.url("/later"), &o);
    assert_eq!(r.verdict, Verdict::Ok { status: 200 });
    assert!(
        t.elapsed() >= Duration::from_millis(950),
        "{:?}",
        t.elapsed()
    );
    assert_eq!(
        methods(&s),
        ["HEAD /later", "GET /later"],
        "the GET waited for the HEAD's Retry-After"
    );
    // A date in the past: retry at once (503 kept answering, so broken after 3 tries).
    let r = one(&s.url("/date"), &o);
    assert!(broken(503)(&r));
    assert_eq!(s.count_path("/date"), 4);
    // Beyond the cap: not waited for, unverified.
    let t = Instant::now();
    let r = one(&s.url("/forever"), &o);
    assert!(matches!(
        r.verdict,
        Verdict::Unverified {
            status: Some(429),
            ..
        }
    ));
    assert!(t.elapsed() < Duration::from_millis(900));
    assert_eq!(s.count_path("/forever"), 2, "HEAD, one GET, no wait");
}

#[test]
fn redirects_one_hop_at_a_time() {
    let s = Server::start(|r| {
        let p = r.path.as_str();
        match p {
            "/a" => Reply::redirect(301, "/b"),
            "/b" => Reply::redirect(302, "/c"),
            "/c" => Reply::status(200),
            "/p" => Reply::redirect(308, "/p2"),
            "/p2" => Reply::redirect(301, "/c"),
            "/t" => Reply::redirect(307, "/c"),
            "/loop1" => Reply::redirect(301, "/loop2"),
            "/loop2" => Reply::redirect(302, "/loop1"),
            "/dead" => Reply::redirect(301, "/404"),
            _ if p.starts_with("/chain") => {
                let n: u32 = p[6..].parse().unwrap();
                Reply::redirect(302, &format!("/chain{}", n + 1))
            }
            _ => Reply::status(404),
        }
    });
    let o = opts();
    let urls: Vec<String> = ["/a", "/p", "/t", "/loop1", "/dead", "/chain0"]
        .iter()
        .map(|p| s.url(p))
        .collect();
    let r = run(&urls, &o);
    let get = |p: &str| r.results[&s.url(p)].clone();

    let a = get("/a");
    assert_eq!(a.verdict, Verdict::Ok { status: 200 });
    let red = a.redirect.unwrap();
    assert!(red.permanent);
    assert_eq!(
        red.final_url,
        s.url("/b"),
        "the permanent hop only; /b -> /c is temporary"
    );
    assert_eq!(red.reached, s.url("/c"));
    assert_eq!(
        red.hops.iter().map(|h| h.status).collect::<Vec<_>>(),
        [301, 302]
    );

    let p = get("/p").redirect.unwrap();
    assert!(p.permanent);
    assert_eq!(p.final_url, s.url("/c"));

    let t = get("/t").redirect.unwrap();
    assert!(!t.permanent);

    let l = get("/loop1");
    assert!(
        matches!(&l.verdict, Verdict::Broken { reason, .. } if reason.contains("redirect loop"))
    );

    let d = get("/dead");
    assert!(broken(404)(&d));
    assert_eq!(d.redirect.unwrap().final_url, s.url("/404"));

    let c = get("/chain0");
    assert!(
        matches!(&c.verdict, Verdict::Broken { reason, .. } if reason.contains("more than 10 redirects"))
    );
    assert_eq!(s.count_path("/chain10"), 1);
    assert_eq!(s.count_path("/chain11"), 0);
}

#[test]
fn slow_server_times_out_as_unverified() {
    let s = Server::start(|_| Reply::status(200).delay(Duration::from_millis(1500)));
    let (mut o, _probe) = with_network(opts());
    o.timeout = Duration::from_millis(150);
    o.max_retries = 1;
    let t = Instant::now();
    let r = one(&s.url("/slow"), &o);
    assert!(
        matches!(&r.verdict, Verdict::Unverified { status: None, reason } if reason.contains("timed out (after 2 attempts)")),
        "{:?}",
        r.verdict
    );
    assert!(
        t.elapsed() < Duration::from_millis(1000),
        "{:?}",
        t.elapsed()
    );
}

#[test]
fn a_200_mb_body_is_not_read() {
    const BIG: u64 = 200 << 20;
    let s = Server::start(|r| match r.path.as_str() {
        "/page" => Reply::html("").endless(BIG),
        "/nohead" if r.method == "HEAD" => Reply::status(405),
        _ => Reply::status(200)
            .header("content-type", "application/octet-stream")
            .endless(BIG),
    });
    let mut o = opts();
    o.body_cap = 64 * 1024;
    let t = Instant::now();
    let reqs = [
        Request {
            url: s.url("/page"),
            read_page: true,
            fragment: None,
        },
        Request {
            url: s.url("/nohead"),
            read_page: false,
            fragment: None,
        },
        Request {
            url: s.url("/binary"),
            read_page: true,
            fragment: None,
        },
    ];
    let r = check(&reqs, &o, &|_| {}).unwrap();
    for q in &reqs {
        assert_eq!(r.results[&q.url].verdict, Verdict::Ok { status: 200 });
    }
    let page = r.results[&s.url("/page")].page.clone().unwrap();
    assert_eq!(page.bytes_read, 64 * 1024);
    assert!(!page.complete);
    assert!(r.stats.bytes_read < 4 << 20, "{}", r.stats.bytes_read);
    // The server sees each of the three GETs go away long before 200 MB.
    let deadline = Instant::now() + Duration::from_secs(5);
    while s.cut_short() < 3 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(10));
    }
    assert_eq!(s.cut_short(), 3);
    assert!(s.bytes_sent() < 3 * (32 << 20), "{}", s.bytes_sent());
    assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
}

#[test]
fn per_host_and_global_limits_hold_at_the_server() {
    let s = Server::start(|_| Reply::status(200).delay(Duration::from_millis(40)));
    let hosts = ["a.test", "b.test", "c.test"];
    let mut o = opts();
    for h in hosts {
        o.resolve.insert(h.into(), vec![LOOPBACK]);
    }
    // The per-host limit binds: 12 links on one host, 3 at a time.
    o.host_concurrency = 3;
    let urls: Vec<String> = (0..12)
        .map(|i| s.url_as("a.test", &format!("/{i}")))
        .collect();
    assert!(run(&urls, &o).results.values().all(|x| x.verdict.is_ok()));
    assert_eq!(s.max_in_flight(&format!("a.test:{}", s.port())), 3);
    // The global limit binds: 3 hosts of 4 would make 12, the run allows 5.
    o.host_concurrency = 4;
    o.max_concurrency = 5;
    let urls: Vec<String> = (0..30)
        .map(|i| s.url_as(hosts[i % 3], &format!("/g{i}")))
        .collect();
    assert!(run(&urls, &o).results.values().all(|x| x.verdict.is_ok()));
    assert_eq!(s.max_total_in_flight(), 5);
    for h in hosts {
        assert!(s.max_in_flight(&format!("{h}:{}", s.port())) <= 4, "{h}");
    }
}

#[test]
fn each_url_is_requested_once() {
    let s = Server::start(|_| Reply::html("<h1 id=top>x</h1>"));
    let o = opts();
    let u = s.url("/doc");
    let reqs = vec![
        req(&u),
        req(&u),
        Request {
            url: format!("{u}#top"),
            read_page: true,
            fragment: None,
        },
        Request {
            url: format!("{u}#nope"),
            read_page: false,
            fragment: None,
        },
        req(&u),
    ];
    let seen = Mutex::new(Vec::new());
    let progress = |p: Progress| seen.lock().unwrap().push((p.done, p.total));
    let r = check(&reqs, &o, &progress).unwrap();
    assert_eq!(s.count(), 1, "{:?}", methods(&s));
    assert_eq!(r.results.len(), 3);
    assert_eq!(r.results[&format!("{u}#top")].fragment_found, Some(true));
    assert_eq!(r.results[&format!("{u}#nope")].fragment_found, Some(false));
    assert_eq!(r.results[&format!("{u}#nope")].missing_fragments, ["nope"]);
    assert_eq!(r.results[&u].fragment_found, None);
    assert_eq!(*seen.lock().unwrap(), [(1, 1)]);
    assert_eq!((r.stats.urls, r.stats.pages, r.stats.requests), (3, 1, 1));
}

#[test]
fn the_guard_refuses_loopback_before_any_request() {
    let s = Server::start(|_| Reply::status(200));
    let mut o = opts();
    o.allow_private = false;
    o.resolve.insert("local.test".into(), vec![LOOPBACK]);
    o.resolve.insert(
        "mixed.test".into(),
        vec!["::1".parse().unwrap(), "10.1.2.3".parse().unwrap()],
    );
    let urls = [
        s.url("/literal"),
        s.url_as("local.test", "/name"),
        s.url_as("mixed.test", "/mixed"),
        format!("http://[::ffff:127.0.0.1]:{}/mapped", s.port()),
        format!("http://2130706433:{}/decimal", s.port()),
        "http://169.254.169.254/latest/meta-data/".to_string(),
    ];
    let r = run(&urls, &o);
    for u in &urls {
        assert!(
            matches!(r.results[u].verdict, Verdict::PrivateAddress { .. }),
            "{u}: {:?}",
            r.results[u].verdict
        );
    }
    assert_eq!(s.count(), 0, "the server saw {:?}", methods(&s));
    // Cloud metadata stays refused even with the guard lifted.
    o.allow_private = true;
    let r = one("http://169.254.169.254/latest/meta-data/", &o);
    assert!(matches!(r.verdict, Verdict::PrivateAddress { .. }));
}

#[test]
fn the_guard_applies_to_every_redirect_hop() {
    let inner = Server::start(|_| Reply::status(200));
    let (lit, named) = (inner.url("/secret"), inner.url_as("inner.test", "/secret"));
    let outer = Server::start(move |r| match r.path.as_str() {
        "/to-literal" => Reply::redirect(302, &lit),
        _ => Reply::redirect(301, &named),
    });
    let mut o = opts();
    o.allow_private = false;
    // outer.test is let through, as a public host would be; inner.test is not.
    o.resolve.insert("outer.test".into(), vec![LOOPBACK]);
    o.resolve.insert("inner.test".into(), vec![LOOPBACK]);
    o.guard_exempt_hosts = vec!["outer.test".into()];
    let urls = [
        outer.url_as("outer.test", "/to-literal"),
        outer.url_as("outer.test", "/to-name"),
    ];
    let r = run(&urls, &o);
    for u in &urls {
        let res = &r.results[u];
        assert!(
            matches!(res.verdict, Verdict::PrivateAddress { .. }),
            "{u}: {:?}",
            res.verdict
        );
        assert_eq!(res.redirect.as_ref().unwrap().hops.len(), 1);
    }
    assert_eq!(outer.count(), 2);
    assert_eq!(inner.count(), 0);
}

#[test]
fn the_token_goes_to_its_origin_only_never_across_a_redirect() {
    let other = Server::start(|_| Reply::status(200));
    let to_other = other.url("/landing");
    let home = Server::start(move |r| match r.path.as_str() {
        "/away" => Reply::redirect(302, &to_other),
        _ => Reply::status(200),
    });
    let mut o = opts();
    o.github_token = Some("sekrit-token".into());
    o.token_origins = vec![format!("http://{}", home.addr)];
    let urls = [home.url("/away"), home.url("/plain"), other.url("/direct")];
    let r = run(&urls, &o);
    assert!(r.results.values().all(|x| x.verdict.is_ok()));
    for seen in home.requests() {
        assert_eq!(
            seen.header("authorization"),
            Some("Bearer sekrit-token"),
            "{}",
            seen.path
        );
    }
    assert!(other.count() >= 2);
    assert!(other
        .requests()
        .iter()
        .all(|s| s.header("authorization").is_none()));
    assert!(!format!("{o:?}").contains("sekrit"));
    assert!(!format!("{r:?}").contains("sekrit"));
}

#[test]
fn the_cache_keeps_fresh_successes_only() {
    let s = Server::start(|r| match r.path.as_str() {
        "/ok" | "/moved-target" => Reply::html("<p id=x>ok</p>"),
        "/moved" => Reply::redirect(301, "/moved-target"),
        "/gone" => Reply::status(404),
        _ => Reply::status(403),
    });
    let dir = std::env::temp_dir().join(format!("sp-net-cache-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(".sourcepolicy-cache.json");
    let _ = std::fs::remove_file(&path);
    let mut o = opts();
    o.cache = Some(CacheOptions {
        path: path.clone(),
        max_age: Duration::from_secs(3600),
    });
    o.github_token = None;
    let urls: Vec<String> = ["/ok", "/moved", "/gone", "/forbidden"]
        .iter()
        .map(|p| s.url(p))
        .collect();
    let first = run(&urls, &o);
    assert!(first.results.values().all(|r| !r.cached));
    let before: HashMap<String, usize> = ["/ok", "/moved", "/gone", "/forbidden"]
        .iter()
        .map(|p| (p.to_string(), s.count_path(p)))
        .collect();
    let second = run(&urls, &o);
    assert!(second.results[&s.url("/ok")].cached);
    assert!(second.results[&s.url("/moved")].cached);
    assert_eq!(
        second.results[&s.url("/moved")].redirect,
        first.results[&s.url("/moved")].redirect
    );
    assert!(!second.results[&s.url("/gone")].cached);
    assert!(!second.results[&s.url("/forbidden")].cached);
    assert_eq!(
        s.count_path("/ok"),
        before["/ok"],
        "a fresh success is not requested again"
    );
    assert_eq!(s.count_path("/moved"), before["/moved"]);
    assert!(
        s.count_path("/gone") > before["/gone"],
        "failures are re-checked"
    );
    assert!(
        s.count_path("/forbidden") > before["/forbidden"],
        "unverified results are re-checked"
    );
    assert_eq!(second.stats.cache_hits, 2);
    assert!(second.warnings.is_empty(), "{:?}", second.warnings);

    // Page facts were not read the first time: asking for them is a miss.
    let third = check(
        &[Request {
            url: s.url("/ok"),
            read_page: true,
            fragment: None,
        }],
        &o,
        &|_| {},
    )
    .unwrap();
    assert!(!third.results[&s.url("/ok")].cached);
    assert!(third.results[&s.url("/ok")].page.is_some());

    // An all-cached run makes no request at all.
    let n = s.count();
    let fourth = run(&urls[..2], &o);
    assert_eq!(
        (s.count(), fourth.stats.requests, fourth.stats.cache_hits),
        (n, 0, 2)
    );

    // A truncated file: one warning, checked afresh, then rewritten whole.
    let bytes = std::fs::read(&path).unwrap();
    std::fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
    let fifth = run(&urls[..1], &o);
    assert_eq!(fifth.warnings.len(), 1, "{:?}", fifth.warnings);
    assert!(!fifth.results[&urls[0]].cached);
    let sixth = run(&urls[..1], &o);
    assert!(sixth.warnings.is_empty() && sixth.results[&urls[0]].cached);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn page_facts_of_each_kind_of_page() {
    let s = Server::start(|r| match r.path.as_str() {
        "/paper" => Reply::html(
            r#"<meta name="citation_title" content="A Kernel"><meta name="citation_doi" content="10.1/x">
               <meta name="citation_pdf_url" content="/paper.pdf"><meta property="og:type" content="article">"#,
        ),
        "/docs" => Reply::html(
            r#"<meta name="generator" content="mkdocs-1.6.0, mkdocs-material-9.5"><h2 id="api">API</h2>"#,
        ),
        "/report" => Reply::html(
            r#"<p>Code at <a href="https://github.com/acme/kern">acme/kern</a>.</p>
               <table><tr><th>n</th><th>time</th></tr><tr><td>1024</td><td>0.8 ms</td></tr><tr><td>4096</td><td>3.1 ms</td></tr></table>
               <p>That is 1.9x faster, 640 GB/s.</p>"#,
        ),
        "/marketing" => Reply::html("<h1>Fast. Simple. Yours.</h1><p>Book a demo today.</p>"),
        "/pdf" => Reply::status(200)
            .header("content-type", "application/pdf")
            .body("%PDF-1.7"),
        _ => Reply::status(404),
    });
    let o = opts();
    let reqs: Vec<Request> = ["/paper", "/docs", "/report", "/marketing", "/pdf"]
        .iter()
        .map(|p| Request {
            url: s.url(p),
            read_page: true,
            fragment: None,
        })
        .chain([Request {
            url: s.url("/docs"),
            read_page: true,
            fragment: Some("api".into()),
        }])
        .collect();
    let r = check(&reqs, &o, &|_| {}).unwrap();
    let page = |p: &str| r.results[&s.url(p)].page.clone().unwrap();
    let paper = page("/paper");
    assert_eq!(paper.citation["citation_title"], ["A Kernel"]);
    assert!(
        paper.citation.contains_key("citation_doi")
            && paper.citation.contains_key("citation_pdf_url")
    );
    assert_eq!(paper.og_type.as_deref(), Some("article"));
    let docs = page("/docs");
    assert_eq!(docs.doc_generator.as_deref(), Some("mkdocs"));
    assert_eq!(r.results[&s.url("/docs")].fragment_found, Some(true));
    let report = page("/report");
    assert_eq!(report.code_links, ["https://github.com/acme/kern"]);
    assert_eq!(report.numeric_tables, 1);
    assert_eq!(
        report.measurements,
        ["0.8 ms", "3.1 ms", "1.9x", "640 GB/s"]
    );
    let marketing = page("/marketing");
    assert!(
        marketing.code_links.is_empty()
            && !marketing.shows_measurements()
            && marketing.citation.is_empty()
    );
    let pdf = page("/pdf");
    assert!(!pdf.html && pdf.bytes_read == 0);
    assert_eq!(
        s.requests().iter().filter(|q| q.method == "HEAD").count(),
        0,
        "pages are read with GET directly"
    );
}

#[test]
fn fragments_are_read_for_when_asked() {
    let s = Server::start(|_| Reply::html(r#"<h2 id="usage">Usage</h2><p>rest of the page</p>"#));
    let mut o = opts();
    let reqs = [Request {
        url: s.url("/r"),
        read_page: false,
        fragment: Some("usage".into()),
    }];
    let r = check(&reqs, &o, &|_| {}).unwrap();
    assert_eq!(
        r.results[&s.url("/r")].fragment_found,
        None,
        "HEAD only: nothing read"
    );
    o.check_fragments = true;
    let r = check(&reqs, &o, &|_| {}).unwrap();
    assert_eq!(r.results[&s.url("/r")].fragment_found, Some(true));
}

fn api_server() -> Server {
    Server::start(|r| {
        let json = |body: &str| {
            Reply::status(200)
                .header("content-type", "application/json")
                .body(body)
        };
        let repo = |name: &str, port: &str| {
            json(&format!(
                r#"{{"full_name":"{name}","html_url":"https://github.com/{name}","private":false,"archived":{},"fork":false,"description":"d","stargazers_count":7,"pushed_at":"2026-01-01T00:00:00Z","_":"{port}"}}"#,
                name == "acme/old-tool"
            ))
        };
        let port = r.header("host").unwrap_or_default().to_string();
        match r.path.as_str() {
            "/repos/acme/tool" => repo("acme/tool", &port),
            "/repos/acme/tool/languages" => json(r#"{"Rust": 12000, "Shell": 300}"#),
            "/repos/acme/list" => repo("acme/list", &port),
            "/repos/acme/list/languages" => json(r#"{"Markdown": 4000}"#),
            "/repos/acme/gone" => Reply::status(404).body(r#"{"message":"Not Found"}"#),
            "/repos/acme/secret" => json(
                r#"{"full_name":"acme/secret","html_url":"https://github.com/acme/secret","private":true}"#,
            ),
            "/repos/acme/renamed" => Reply::redirect(301, "/repositories/42"),
            "/repositories/42" => repo("acme/old-tool", &port),
            "/repositories/42/languages" => json(r#"{"C": 10}"#),
            "/repos/acme/limited" => Reply::status(403).header("x-ratelimit-remaining", "0"),
            "/acme/limited" => Reply::status(200),
            _ => Reply::status(404),
        }
    })
}

#[test]
fn github_repositories_through_the_api() {
    let s = api_server();
    let mut o = opts();
    o.resolve.insert("github.com".into(), vec![LOOPBACK]);
    o.github_api_url = s.url("");
    o.github_token = Some("gh-token".into());
    o.token_origins = vec![format!("http://{}", s.addr)];
    let link = |p: &str| s.url_as("github.com", p);
    let urls: Vec<String> = [
        "/acme/tool",
        "/acme/list",
        "/acme/gone",
        "/acme/renamed",
        "/acme/secret",
    ]
    .iter()
    .map(|p| link(p))
    .collect();
    let r = run(&urls, &o);
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);
    let get = |p: &str| r.results[&link(p)].clone();

    let tool = get("/acme/tool");
    assert_eq!(tool.verdict, Verdict::Ok { status: 200 });
    let facts = tool.repo.unwrap();
    assert!(facts.exists && facts.is_code() && !facts.archived);
    assert_eq!(facts.languages["Rust"], 12000);

    let list = get("/acme/list").repo.unwrap();
    assert!(
        list.exists && !list.is_code(),
        "a list of links: Markdown only"
    );

    let gone = get("/acme/gone");
    assert!(broken(404)(&gone));
    assert!(!gone.repo.unwrap().exists);

    let secret = get("/acme/secret");
    assert!(
        matches!(&secret.verdict, Verdict::Broken { reason, .. } if reason.starts_with("private repository")),
        "a repository only the token can see is not fine for readers: {:?}",
        secret.verdict
    );
    assert!(secret.repo.unwrap().private);

    let renamed = get("/acme/renamed");
    assert_eq!(renamed.verdict, Verdict::Ok { status: 200 });
    let red = renamed.redirect.unwrap();
    assert!(red.permanent);
    assert_eq!(red.final_url, "https://github.com/acme/old-tool");
    assert!(renamed.repo.unwrap().archived);

    // The API's rate limit (in a run of its own: it would cut the API short for the links
    // that happen to come after it): one warning, the page itself is checked instead.
    let r = run(&[link("/acme/limited")], &o);
    let limited = &r.results[&link("/acme/limited")];
    assert_eq!(limited.verdict, Verdict::Ok { status: 200 });
    assert!(limited.repo.is_none());
    assert_eq!(r.warnings.len(), 1, "{:?}", r.warnings);
    assert!(r.warnings[0].contains("rate limit"));

    // With the token, repository homes are answered by the API alone.
    let pages: Vec<String> = s
        .requests()
        .iter()
        .filter(|q| !q.path.starts_with("/repos") && !q.path.starts_with("/repositories"))
        .map(|q| q.path.clone())
        .collect();
    assert_eq!(pages, ["/acme/limited"]);
    // The token went to the API's origin, not to the page's.
    for q in s.requests() {
        let api = q.path.starts_with("/repos") || q.path.starts_with("/repositories");
        let want = api.then_some("Bearer gh-token");
        assert_eq!(q.header("authorization"), want, "{}", q.path);
    }
}

#[test]
fn no_network_means_unverified_never_broken() {
    let o = opts(); // nothing resolves, the probe reaches nothing
    let urls: Vec<String> = [
        "https://github.com/rust-lang/rust",
        "https://arxiv.org/abs/2205.14135",
        "https://docs.nvidia.com/cuda/",
        "http://example.invalid/x",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let t = Instant::now();
    let r = run(&urls, &o);
    assert!(t.elapsed() < Duration::from_secs(2));
    for u in &urls {
        assert!(
            matches!(&r.results[u].verdict, Verdict::Unverified { reason, .. } if reason.starts_with("no network")),
            "{u}: {:?}",
            r.results[u].verdict
        );
    }
    assert!(
        r.warnings.iter().any(|w| w.starts_with("no network")),
        "{:?}",
        r.warnings
    );
    // With a network, a name that does not resolve is a broken link.
    let (o, _probe) = with_network(opts());
    let r = one("http://example.invalid/x", &o);
    assert!(
        matches!(&r.verdict, Verdict::Broken { status: None, reason } if reason.contains("DNS")),
        "{:?}",
        r.verdict
    );
}

#[test]
fn without_network_a_silent_host_costs_one_timeout_not_one_per_link() {
    let s = Server::start(|_| Reply::status(200).delay(Duration::from_secs(2)));
    let mut o = opts(); // the probe reaches nothing
    o.timeout = Duration::from_millis(200);
    o.host_concurrency = 2;
    let urls: Vec<String> = (0..10).map(|i| s.url(&format!("/{i}"))).collect();
    let t = Instant::now();
    let r = run(&urls, &o);
    assert!(
        t.elapsed() < Duration::from_millis(700),
        "{:?}",
        t.elapsed()
    );
    for u in &urls {
        assert!(
            matches!(&r.results[u].verdict, Verdict::Unverified { reason, .. } if reason == "no network: timed out"),
            "{u}: {:?}",
            r.results[u].verdict
        );
    }
    assert_eq!(s.count(), 2, "the two first requests, not retried");
}

#[test]
fn refused_connections_and_tls_failures_are_broken() {
    let closed = {
        let l = TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    // A server that answers a TLS hello in plain HTTP.
    let plain = TcpListener::bind("127.0.0.1:0").unwrap();
    let plain_port = plain.local_addr().unwrap().port();
    std::thread::spawn(move || {
        for mut c in plain.incoming().flatten() {
            use std::io::{Read, Write};
            let mut buf = [0u8; 512];
            let _ = c.read(&mut buf);
            let _ = c.write_all(b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n");
        }
    });
    let (o, _probe) = with_network(opts());
    let refused = format!("http://127.0.0.1:{closed}/");
    let tls = format!("https://127.0.0.1:{plain_port}/");
    let r = run(&[refused.clone(), tls.clone()], &o);
    assert!(
        matches!(&r.results[&refused].verdict, Verdict::Broken { reason, .. } if reason.contains("refused")),
        "{:?}",
        r.results[&refused].verdict
    );
    assert!(
        matches!(&r.results[&tls].verdict, Verdict::Broken { reason, .. } if reason.contains("TLS")),
        "{:?}",
        r.results[&tls].verdict
    );
    // Without a network, a refused connection is not the link's fault.
    let r = one(&refused, &opts());
    assert!(unverified(&r));
}

#[test]
fn resets_are_retried_then_unverified() {
    let s = Server::start(|_| Reply::hangup());
    let (o, _probe) = with_network(opts());
    let r = one(&s.url("/x"), &o);
    assert!(
        matches!(&r.verdict, Verdict::Unverified { reason, .. } if reason.contains("reset")),
        "{:?}",
        r.verdict
    );
    assert!(s.count() >= 3);
}

#[test]
fn urls_that_are_not_checked_say_so() {
    let o = opts();
    let r = run(
        &[
            "mailto:a@b.c".to_string(),
            "http://".to_string(),
            "ftp://x.test/f".to_string(),
        ],
        &o,
    );
    for v in r.results.values() {
        assert!(
            matches!(&v.verdict, Verdict::Unverified { reason, .. } if reason.starts_with("not checked")),
            "{:?}",
            v.verdict
        );
    }
    assert_eq!(r.stats.requests, 0);
}

#[test]
fn check_works_from_inside_a_tokio_runtime() {
    let s = Server::start(|_| Reply::status(200));
    let rt = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    let r = rt.block_on(async { one(&s.url("/x"), &opts()) });
    assert_eq!(r.verdict, Verdict::Ok { status: 200 });
}
