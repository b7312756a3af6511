//! Checks the http(s) links of a file with `sourcepolicy::net::check` and prints one summary
//! line. Used by `scripts/bench-online.sh` until `sourcepolicy lint --online` exists.
//!
//! usage: netcheck FILE [--allow-private] [--max-concurrency N] [--host-concurrency N]
//!                      [--timeout SECS] [--cache PATH] [--verbose]
//! Exit status: 0 when nothing is broken or private, 1 otherwise, 2 on bad usage.

use sourcepolicy::net::{check, CacheOptions, NetOptions, Request, Verdict};
use std::time::Duration;

fn main() {
    let mut args = std::env::args().skip(1);
    let mut opts = NetOptions::default().with_env_token();
    let (mut file, mut verbose) = (None, false);
    let usage = || -> ! {
        eprintln!("usage: netcheck FILE [--allow-private] [--max-concurrency N] [--host-concurrency N] [--timeout SECS] [--cache PATH] [--verbose]");
        std::process::exit(2)
    };
    let number = |args: &mut dyn Iterator<Item = String>| -> u64 {
        args.next()
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| usage())
    };
    while let Some(a) = args.next() {
        match a.as_str() {
            "--allow-private" => opts.allow_private = true,
            "--max-concurrency" => opts.max_concurrency = number(&mut args) as usize,
            "--host-concurrency" => opts.host_concurrency = number(&mut args) as usize,
            "--timeout" => opts.timeout = Duration::from_secs(number(&mut args)),
            "--cache" => {
                let path = args.next().unwrap_or_else(|| usage()).into();
                let max_age = Duration::from_secs(86_400);
                opts.cache = Some(CacheOptions { path, max_age });
            }
            "--verbose" | "-v" => verbose = true,
            _ if a.starts_with('-') || file.is_some() => usage(),
            _ => file = Some(a),
        }
    }
    let file = file.unwrap_or_else(|| usage());
    let text = std::fs::read_to_string(&file).unwrap_or_else(|e| {
        eprintln!("netcheck: cannot read {file}: {e}");
        std::process::exit(2)
    });
    let requests: Vec<Request> = urls(&text)
        .map(|url| Request {
            url: url.to_string(),
            ..Request::default()
        })
        .collect();
    let run = check(&requests, &opts, &|_| {}).unwrap_or_else(|e| {
        eprintln!("netcheck: {e}");
        std::process::exit(2)
    });
    let mut keys: Vec<&String> = run.results.keys().collect();
    keys.sort();
    let mut counts = [0usize; 5];
    for k in keys {
        let r = &run.results[k];
        let (i, word) = match &r.verdict {
            Verdict::Ok { .. } if r.redirect.as_ref().is_some_and(|d| d.permanent) => {
                (1, "redirect".to_string())
            }
            Verdict::Ok { .. } => (0, "ok".to_string()),
            Verdict::Broken { status, reason } => (2, format!("broken {status:?} {reason}")),
            Verdict::Unverified { status, reason } => {
                (3, format!("unverified {status:?} {reason}"))
            }
            Verdict::PrivateAddress { addr, .. } => (4, format!("private {addr}")),
        };
        counts[i] += 1;
        if verbose {
            println!("{word}\t{k}");
        }
    }
    for w in &run.warnings {
        eprintln!("warning: {w}");
    }
    let s = &run.stats;
    println!(
        "{} links: {} ok, {} permanent redirects, {} broken, {} unverified, {} private; {} requests, {} from cache, {:.0?}",
        run.results.len(), counts[0], counts[1], counts[2], counts[3], counts[4], s.requests, s.cache_hits, s.elapsed
    );
    std::process::exit(if counts[2] + counts[4] > 0 { 1 } else { 0 });
}

/// Every `http://` or `https://` URL in the text, up to whitespace or a closing bracket.
fn urls(text: &str) -> impl Iterator<Item = &str> {
    text.match_indices("http").filter_map(move |(i, _)| {
        let rest = &text[i..];
        if !(rest.starts_with("http://") || rest.starts_with("https://")) {
            return None;
        }
        if i > 0 && text.as_bytes()[i - 1].is_ascii_alphanumeric() {
            return None;
        }
        let end = rest
            .find(|c: char| c.is_whitespace() || "()<>[]\"'`".contains(c))
            .unwrap_or(rest.len());
        Some(rest[..end].trim_end_matches(['.', ',', ';', ':', '!', '?']))
    })
}
