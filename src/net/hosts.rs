//! What a run knows of each host (its request slots, a `Retry-After` that holds it back, a
//! failure of the host itself) and of the network as a whole (the probe).

use super::guard::GuardResolver;
use super::status::Failure;
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;
use url::Url;

pub struct Host {
    pub permits: Semaphore,
    /// No request before this instant (a `Retry-After` applies to the whole host).
    pub not_before: Mutex<Option<Instant>>,
    /// A failure of the host itself (DNS, unreachable): later requests reuse it.
    pub failure: Mutex<Option<Failure>>,
}

impl Host {
    /// Holds every later request to the host back until `d` from now.
    pub fn hold(&self, d: Duration) {
        let until = Instant::now() + d;
        let mut nb = self.not_before.lock().unwrap();
        *nb = Some(nb.map_or(until, |t| t.max(until)));
    }
}

/// Hosts by lower-case name (ports share their host's limit: one machine, one politeness).
pub struct Hosts {
    per_host: usize,
    map: Mutex<HashMap<String, Arc<Host>>>,
}

impl Hosts {
    pub fn new(per_host: usize) -> Hosts {
        Hosts {
            per_host: per_host.max(1),
            map: Mutex::new(HashMap::new()),
        }
    }

    pub fn get(&self, url: &Url) -> Arc<Host> {
        let name = url.host_str().unwrap_or_default().to_ascii_lowercase();
        let mut map = self.map.lock().unwrap();
        let host = map.entry(name).or_insert_with(|| {
            Arc::new(Host {
                permits: Semaphore::new(self.per_host),
                not_before: Mutex::new(None),
                failure: Mutex::new(None),
            })
        });
        host.clone()
    }
}

/// Whether the network reaches anything: the first `host:port` that resolves (through the
/// guard) and accepts a TCP connection within `wait` says yes. Nothing is sent.
pub async fn reachable(resolver: Arc<GuardResolver>, targets: &[String], wait: Duration) -> bool {
    let mut set = tokio::task::JoinSet::new();
    for target in targets {
        let Some((host, port)) = target.rsplit_once(':') else {
            continue;
        };
        let Ok(port) = port.parse::<u16>() else {
            continue;
        };
        let (resolver, host) = (resolver.clone(), host.to_string());
        // The whole probe within `wait`: a resolver that does not answer is no network either.
        set.spawn(tokio::time::timeout(wait, async move {
            let Ok(addrs) = resolver.lookup(&host).await else {
                return false;
            };
            for a in addrs.into_iter().take(2) {
                let connect = tokio::net::TcpStream::connect(SocketAddr::new(a.ip(), port));
                if connect.await.is_ok() {
                    return true;
                }
            }
            false
        }));
    }
    while let Some(r) = set.join_next().await {
        if let Ok(Ok(true)) = r {
            return true;
        }
    }
    false
}
