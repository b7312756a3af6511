//! The address guard: which addresses a check may connect to, and the resolver that enforces it.
//!
//! Host names are resolved by [`GuardResolver`], which reqwest calls for every new connection
//! and which hands back only the addresses the guard allows: the connection is made to exactly
//! the address that was checked, so there is no window between checking and connecting for a
//! DNS answer to change (no DNS rebinding). IP-literal URLs never reach a resolver (hyper
//! connects to them directly), so [`check_literal`] checks them before every request, on the
//! first URL and on every redirect hop. As a last line, the client also checks the address each
//! response actually came from (`Response::remote_addr`).

use reqwest::dns::{Addrs, Name, Resolve, Resolving};
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::Arc;

/// Why an address is refused. `Metadata` is refused even with `allow_private`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    Public,
    Loopback,
    Private,
    LinkLocal,
    Cgnat,
    UniqueLocal,
    Unspecified,
    Multicast,
    Reserved,
    Metadata,
}

impl Class {
    pub fn as_str(self) -> &'static str {
        match self {
            Class::Public => "public",
            Class::Loopback => "loopback",
            Class::Private => "private",
            Class::LinkLocal => "link-local",
            Class::Cgnat => "carrier-grade NAT",
            Class::UniqueLocal => "unique-local",
            Class::Unspecified => "unspecified",
            Class::Multicast => "multicast",
            Class::Reserved => "reserved",
            Class::Metadata => "cloud metadata",
        }
    }
}

/// Cloud instance-metadata endpoints (AWS, GCP, Azure, OCI, Alibaba, ECS/EKS task metadata).
fn is_metadata(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => matches!(
            v4.octets(),
            [169, 254, 169, 254] | [169, 254, 170, 2] | [169, 254, 170, 23] | [100, 100, 100, 200]
        ),
        IpAddr::V6(v6) => {
            let s = v6.segments();
            s[..4] == [0xfd00, 0x0ec2, 0, 0] && s[4..7] == [0, 0, 0] && matches!(s[7], 0x254 | 0x23)
        }
    }
}

pub fn classify_v4(ip: Ipv4Addr) -> Class {
    if is_metadata(IpAddr::V4(ip)) {
        return Class::Metadata;
    }
    let o = ip.octets();
    match o {
        [127, ..] => Class::Loopback,
        [10, ..] | [172, 16..=31, ..] | [192, 168, ..] => Class::Private,
        [169, 254, ..] => Class::LinkLocal,
        [100, 64..=127, ..] => Class::Cgnat,
        [0, ..] => Class::Unspecified,
        [224..=239, ..] => Class::Multicast,
        // 192.0.0.0/24 (IETF protocol assignments), 240.0.0.0/4 and the broadcast address.
        [192, 0, 0, _] | [240..=255, ..] => Class::Reserved,
        _ => Class::Public,
    }
}

pub fn classify(ip: IpAddr) -> Class {
    match ip {
        IpAddr::V4(v4) => classify_v4(v4),
        IpAddr::V6(v6) => classify_v6(v6),
    }
}

fn classify_v6(ip: Ipv6Addr) -> Class {
    if is_metadata(IpAddr::V6(ip)) {
        return Class::Metadata;
    }
    if ip.is_unspecified() {
        return Class::Unspecified;
    }
    if ip.is_loopback() {
        return Class::Loopback;
    }
    let s = ip.segments();
    // IPv4 embedded in IPv6: mapped (::ffff:a.b.c.d), compatible (::a.b.c.d), NAT64
    // (64:ff9b::a.b.c.d) and 6to4 (2002:aabb:ccdd::) all reach the IPv4 address.
    let v4 = |hi: u16, lo: u16| Ipv4Addr::new((hi >> 8) as u8, hi as u8, (lo >> 8) as u8, lo as u8);
    if s[..5] == [0; 5] && (s[5] == 0xffff || s[5] == 0) {
        return classify_v4(v4(s[6], s[7]));
    }
    if s[..6] == [0x64, 0xff9b, 0, 0, 0, 0] {
        return classify_v4(v4(s[6], s[7]));
    }
    if s[0] == 0x2002 {
        return classify_v4(v4(s[1], s[2]));
    }
    match s[0] {
        0xfc00..=0xfdff => Class::UniqueLocal,
        0xfe80..=0xfebf => Class::LinkLocal,
        0xfec0..=0xfeff => Class::Private, // deprecated site-local
        0xff00..=0xffff => Class::Multicast,
        _ => Class::Public,
    }
}

/// Whether a connection to `ip` is allowed: public addresses always, the others only with
/// `allow_private` — except cloud-metadata endpoints, which are never checked.
pub fn allowed(ip: IpAddr, allow_private: bool) -> bool {
    match classify(ip) {
        Class::Public => true,
        Class::Metadata => false,
        _ => allow_private,
    }
}

/// The resolver refused every address of `host`.
#[derive(Debug, Clone)]
pub struct Refused {
    pub host: String,
    pub addr: IpAddr,
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let class = classify(self.addr).as_str();
        write!(
            f,
            "{} resolves to {} address {}",
            self.host, class, self.addr
        )
    }
}
impl std::error::Error for Refused {}

/// The name did not resolve.
#[derive(Debug, Clone)]
pub struct NotResolved {
    pub host: String,
    pub message: String,
}

impl fmt::Display for NotResolved {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot resolve {}: {}", self.host, self.message)
    }
}
impl std::error::Error for NotResolved {}

/// Checks an IP-literal host (hyper connects to those without asking a resolver).
pub fn check_literal(
    url: &url::Url,
    allow_private: bool,
    exempt: &HashSet<String>,
) -> Result<(), Refused> {
    let ip = match url.host() {
        Some(url::Host::Ipv4(v4)) => IpAddr::V4(v4),
        Some(url::Host::Ipv6(v6)) => IpAddr::V6(v6),
        _ => return Ok(()),
    };
    let host = url.host_str().unwrap_or_default();
    if allowed(ip, allow_private) || exempt.contains(host) {
        return Ok(());
    }
    Err(Refused {
        host: host.to_string(),
        addr: ip,
    })
}

/// Resolves names (system resolver, or the test/advanced overrides) and keeps only the
/// addresses the guard allows.
pub struct GuardResolver {
    pub overrides: HashMap<String, Vec<IpAddr>>,
    pub overrides_only: bool,
    pub allow_private: bool,
    pub exempt: HashSet<String>,
}

impl GuardResolver {
    pub async fn lookup(
        &self,
        host: &str,
    ) -> Result<Vec<SocketAddr>, Box<dyn std::error::Error + Send + Sync>> {
        let host = host.trim_end_matches('.').to_ascii_lowercase();
        let addrs: Vec<SocketAddr> = if let Some(ips) = self.overrides.get(&host) {
            ips.iter().map(|ip| SocketAddr::new(*ip, 0)).collect()
        } else if self.overrides_only {
            Vec::new()
        } else {
            let found = tokio::net::lookup_host((host.as_str(), 0))
                .await
                .map(|it| it.collect::<Vec<_>>());
            match found {
                Ok(addrs) => addrs,
                Err(e) => {
                    let message = e.to_string();
                    let message = message
                        .strip_prefix("failed to lookup address information: ")
                        .unwrap_or(&message)
                        .to_string();
                    return Err(Box::new(NotResolved { host, message }));
                }
            }
        };
        if addrs.is_empty() {
            let message = "no address found".to_string();
            return Err(Box::new(NotResolved { host, message }));
        }
        if self.exempt.contains(&host) {
            return Ok(addrs);
        }
        let (ok, refused): (Vec<SocketAddr>, Vec<SocketAddr>) = addrs
            .into_iter()
            .partition(|a| allowed(a.ip(), self.allow_private));
        if ok.is_empty() {
            return Err(Box::new(Refused {
                host,
                addr: refused[0].ip(),
            }));
        }
        Ok(ok)
    }
}

/// reqwest's hook: every connection to a named host goes through [`GuardResolver::lookup`].
pub struct Hook(pub Arc<GuardResolver>);

impl Resolve for Hook {
    fn resolve(&self, name: Name) -> Resolving {
        let resolver = self.0.clone();
        let host = name.as_str().to_string();
        Box::pin(async move {
            let addrs = resolver.lookup(&host).await?;
            Ok(Box::new(addrs.into_iter()) as Addrs)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn class(s: &str) -> Class {
        classify(s.parse().unwrap())
    }

    #[test]
    fn classes() {
        assert_eq!(class("8.8.8.8"), Class::Public);
        assert_eq!(class("127.0.0.1"), Class::Loopback);
        assert_eq!(class("127.3.4.5"), Class::Loopback);
        assert_eq!(class("10.1.2.3"), Class::Private);
        assert_eq!(class("172.16.0.1"), Class::Private);
        assert_eq!(class("172.31.255.255"), Class::Private);
        assert_eq!(class("172.32.0.1"), Class::Public);
        assert_eq!(class("192.168.1.1"), Class::Private);
        assert_eq!(class("169.254.1.1"), Class::LinkLocal);
        assert_eq!(class("169.254.169.254"), Class::Metadata);
        assert_eq!(class("100.64.0.1"), Class::Cgnat);
        assert_eq!(class("100.127.255.255"), Class::Cgnat);
        assert_eq!(class("100.128.0.1"), Class::Public);
        assert_eq!(class("100.100.100.200"), Class::Metadata);
        assert_eq!(class("0.0.0.0"), Class::Unspecified);
        assert_eq!(class("224.0.0.1"), Class::Multicast);
        assert_eq!(class("255.255.255.255"), Class::Reserved);
        assert_eq!(class("::"), Class::Unspecified);
        assert_eq!(class("::1"), Class::Loopback);
        assert_eq!(class("fd12::1"), Class::UniqueLocal);
        assert_eq!(class("fe80::1"), Class::LinkLocal);
        assert_eq!(class("ff02::1"), Class::Multicast);
        assert_eq!(class("fd00:ec2::254"), Class::Metadata);
        assert_eq!(class("2606:4700::1111"), Class::Public);
    }

    #[test]
    fn embedded_ipv4() {
        assert_eq!(class("::ffff:127.0.0.1"), Class::Loopback);
        assert_eq!(class("::ffff:10.0.0.1"), Class::Private);
        assert_eq!(class("::ffff:169.254.169.254"), Class::Metadata);
        assert_eq!(class("::ffff:8.8.8.8"), Class::Public);
        assert_eq!(class("::127.0.0.1"), Class::Loopback);
        assert_eq!(class("64:ff9b::192.168.0.1"), Class::Private);
        assert_eq!(class("2002:7f00:1::"), Class::Loopback);
        assert_eq!(class("2002:0808:0808::"), Class::Public);
    }

    #[test]
    fn allow_private_never_lifts_metadata() {
        assert!(allowed("127.0.0.1".parse().unwrap(), true));
        assert!(!allowed("127.0.0.1".parse().unwrap(), false));
        assert!(!allowed("169.254.169.254".parse().unwrap(), true));
        assert!(!allowed("::ffff:169.254.169.254".parse().unwrap(), true));
    }

    #[test]
    fn literals_in_every_spelling() {
        let none = HashSet::new();
        for u in [
            "http://127.0.0.1/",
            "http://2130706433/",
            "http://0x7f.1/",
            "http://[::1]:8080/",
            "http://[::ffff:7f00:1]/",
            "http://0/",
        ] {
            let url = url::Url::parse(u).unwrap();
            assert!(check_literal(&url, false, &none).is_err(), "{u}");
        }
        let url = url::Url::parse("http://8.8.8.8/").unwrap();
        assert!(check_literal(&url, false, &none).is_ok());
        let url = url::Url::parse("http://example.com/").unwrap();
        assert!(check_literal(&url, false, &none).is_ok());
    }
}
