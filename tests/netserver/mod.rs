//! A tiny HTTP/1.1 server on 127.0.0.1 for the link checker's tests: one thread per
//! connection, keep-alive, a handler that decides each reply, and counters the tests read
//! (requests seen, requests in flight per Host header, bytes sent, replies cut short).

#![allow(dead_code)] // each test binary uses a part of it

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

#[derive(Debug, Clone)]
pub struct Seen {
    pub method: String,
    pub path: String,
    pub headers: Vec<(String, String)>,
}

impl Seen {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

pub enum Body {
    Bytes(Vec<u8>),
    /// A body of this many bytes, written in 64 KiB chunks until the client goes away.
    Endless(u64),
    /// Close the connection without answering.
    Hangup,
}

pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Body,
    pub delay: Duration,
}

impl Reply {
    pub fn status(status: u16) -> Reply {
        Reply {
            status,
            headers: Vec::new(),
            body: Body::Bytes(Vec::new()),
            delay: Duration::ZERO,
        }
    }
    pub fn html(body: &str) -> Reply {
        Reply::status(200)
            .header("content-type", "text/html; charset=utf-8")
            .body(body)
    }
    pub fn redirect(status: u16, to: &str) -> Reply {
        Reply::status(status).header("location", to)
    }
    pub fn header(mut self, k: &str, v: &str) -> Reply {
        self.headers.push((k.into(), v.into()));
        self
    }
    pub fn body(mut self, b: &str) -> Reply {
        self.body = Body::Bytes(b.as_bytes().to_vec());
        self
    }
    pub fn endless(mut self, len: u64) -> Reply {
        self.body = Body::Endless(len);
        self
    }
    pub fn hangup() -> Reply {
        Reply {
            body: Body::Hangup,
            ..Reply::status(0)
        }
    }
    pub fn delay(mut self, d: Duration) -> Reply {
        self.delay = d;
        self
    }
}

type Handler = dyn Fn(&Seen) -> Reply + Send + Sync;

#[derive(Default)]
struct Counters {
    log: Mutex<Vec<Seen>>,
    in_flight: Mutex<HashMap<String, usize>>,
    max_in_flight: Mutex<HashMap<String, usize>>,
    total_in_flight: AtomicUsize,
    max_total: AtomicUsize,
    bytes_sent: AtomicU64,
    cut_short: AtomicUsize,
}

pub struct Server {
    pub addr: SocketAddr,
    counters: Arc<Counters>,
    stop: Arc<AtomicBool>,
}

impl Server {
    pub fn start(handler: impl Fn(&Seen) -> Reply + Send + Sync + 'static) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        let counters = Arc::new(Counters::default());
        let stop = Arc::new(AtomicBool::new(false));
        let handler: Arc<Handler> = Arc::new(handler);
        let (c, s) = (counters.clone(), stop.clone());
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                if s.load(Ordering::SeqCst) {
                    break;
                }
                let Ok(stream) = stream else { continue };
                let (c, h) = (c.clone(), handler.clone());
                std::thread::spawn(move || serve(stream, &c, &*h));
            }
        });
        Server {
            addr,
            counters,
            stop,
        }
    }

    pub fn port(&self) -> u16 {
        self.addr.port()
    }

    /// `http://127.0.0.1:PORT{path}`
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    /// `http://{host}:PORT{path}`
    pub fn url_as(&self, host: &str, path: &str) -> String {
        format!("http://{host}:{}{path}", self.port())
    }

    pub fn requests(&self) -> Vec<Seen> {
        self.counters.log.lock().unwrap().clone()
    }

    pub fn count(&self) -> usize {
        self.counters.log.lock().unwrap().len()
    }

    pub fn count_path(&self, path: &str) -> usize {
        self.requests().iter().filter(|s| s.path == path).count()
    }

    /// Most requests in flight at once for one `Host` header value.
    pub fn max_in_flight(&self, host: &str) -> usize {
        self.counters
            .max_in_flight
            .lock()
            .unwrap()
            .get(host)
            .copied()
            .unwrap_or(0)
    }

    pub fn max_total_in_flight(&self) -> usize {
        self.counters.max_total.load(Ordering::SeqCst)
    }

    pub fn bytes_sent(&self) -> u64 {
        self.counters.bytes_sent.load(Ordering::SeqCst)
    }

    /// Replies whose body the client stopped reading before the end.
    pub fn cut_short(&self) -> usize {
        self.counters.cut_short.load(Ordering::SeqCst)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        let _ = TcpStream::connect(self.addr);
    }
}

fn serve(stream: TcpStream, c: &Counters, handler: &Handler) {
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut out = stream;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap_or(0) == 0 {
            return;
        }
        let mut parts = line.split_whitespace();
        let (method, path) = (
            parts.next().unwrap_or("").to_string(),
            parts.next().unwrap_or("").to_string(),
        );
        let mut headers = Vec::new();
        loop {
            let mut h = String::new();
            if reader.read_line(&mut h).unwrap_or(0) == 0 {
                return;
            }
            let h = h.trim_end();
            if h.is_empty() {
                break;
            }
            if let Some((k, v)) = h.split_once(':') {
                headers.push((k.trim().to_ascii_lowercase(), v.trim().to_string()));
            }
        }
        let seen = Seen {
            method,
            path,
            headers,
        };
        let host = seen.header("host").unwrap_or("").to_string();
        c.log.lock().unwrap().push(seen.clone());
        {
            let mut f = c.in_flight.lock().unwrap();
            let n = f.entry(host.clone()).or_default();
            *n += 1;
            let mut m = c.max_in_flight.lock().unwrap();
            let max = m.entry(host.clone()).or_default();
            *max = (*max).max(*n);
            let total = c.total_in_flight.fetch_add(1, Ordering::SeqCst) + 1;
            c.max_total.fetch_max(total, Ordering::SeqCst);
        }
        let reply = handler(&seen);
        std::thread::sleep(reply.delay);
        // Out of flight before the reply leaves: the client can only send its next request
        // after reading this one, so the counts never run ahead of the client's.
        *c.in_flight.lock().unwrap().get_mut(&host).unwrap() -= 1;
        c.total_in_flight.fetch_sub(1, Ordering::SeqCst);
        if !respond(&mut out, &seen, reply, c) {
            return;
        }
    }
}

/// Writes the reply; false when the connection is done.
fn respond(out: &mut TcpStream, seen: &Seen, reply: Reply, c: &Counters) -> bool {
    let len = match &reply.body {
        Body::Bytes(b) => b.len() as u64,
        Body::Endless(n) => *n,
        Body::Hangup => return false,
    };
    let mut head = format!("HTTP/1.1 {} X\r\ncontent-length: {len}\r\n", reply.status);
    for (k, v) in &reply.headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str("\r\n");
    if out.write_all(head.as_bytes()).is_err() {
        return false;
    }
    if seen.method == "HEAD" {
        return true;
    }
    match reply.body {
        Body::Bytes(b) => out.write_all(&b).is_ok(),
        Body::Endless(n) => {
            let chunk = vec![b'a'; 64 * 1024];
            let mut sent = 0u64;
            while sent < n {
                let k = chunk.len().min((n - sent) as usize);
                if out.write_all(&chunk[..k]).is_err() {
                    c.cut_short.fetch_add(1, Ordering::SeqCst);
                    return false;
                }
                sent += k as u64;
                c.bytes_sent.fetch_add(k as u64, Ordering::SeqCst);
            }
            true
        }
        Body::Hangup => false,
    }
}
