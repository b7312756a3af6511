//! Whether an address or host name is on the public internet, judged from the URL alone (no
//! DNS): what a parsed web target records as `public`, which the offline `link/insecure` rule
//! reads (`http://` to a public host). The online address guard (`crate::net::guard`) does not
//! use it: it classifies the addresses a name resolves to with its own classes, and lets
//! through documentation and benchmarking ranges this test calls not public.

use std::net::{Ipv4Addr, Ipv6Addr};

/// Whether a URL's host is on the public internet (not loopback, private, link-local, CGNAT,
/// documentation or a reserved local name).
pub fn is_public_host(u: &url::Url) -> bool {
    match u.host() {
        None => false,
        Some(url::Host::Ipv4(ip)) => is_public_v4(ip),
        Some(url::Host::Ipv6(ip)) => is_public_v6(ip),
        Some(url::Host::Domain(d)) => is_public_domain(d),
    }
}

/// Whether a host name (not an IP address) is public: not `localhost`, not a single label,
/// not a reserved local or documentation suffix.
pub fn is_public_domain(d: &str) -> bool {
    let d = d.trim_end_matches('.');
    let lower;
    let d = if d.bytes().any(|b| b.is_ascii_uppercase()) {
        lower = d.to_ascii_lowercase();
        lower.as_str()
    } else {
        d
    };
    is_public_name(d)
}

/// `is_public_domain` of a name already in lower case without a trailing dot.
pub(super) fn is_public_name(d: &str) -> bool {
    // A reserved local or documentation suffix is the last label (`home.arpa` the last two).
    let Some(dot) = d.bytes().rposition(|b| b == b'.') else {
        return false;
    };
    match &d[dot + 1..] {
        "localhost" | "local" | "internal" | "test" | "example" | "invalid" | "lan"
        | "intranet" | "corp" => false,
        "arpa" => !d[..dot].ends_with(".home"),
        _ => true,
    }
}

pub fn is_public_v4(ip: Ipv4Addr) -> bool {
    let o = ip.octets();
    !(ip.is_loopback()
        || ip.is_private()
        || ip.is_link_local()
        || ip.is_unspecified()
        || ip.is_broadcast()
        || ip.is_documentation()
        || ip.is_multicast()
        || (o[0] == 100 && (64..128).contains(&o[1])) // CGNAT 100.64.0.0/10
        || o[0] == 0
        || (o[0] == 192 && o[1] == 0 && o[2] == 0)
        || (o[0] == 198 && (o[1] == 18 || o[1] == 19))
        || o[0] >= 240)
}

pub fn is_public_v6(ip: Ipv6Addr) -> bool {
    if let Some(v4) = ip.to_ipv4_mapped() {
        return is_public_v4(v4);
    }
    let s = ip.segments();
    !(ip.is_loopback()
        || ip.is_unspecified()
        || ip.is_multicast()
        || (s[0] & 0xfe00) == 0xfc00 // unique local fc00::/7
        || (s[0] & 0xffc0) == 0xfe80 // link-local fe80::/10
        || (s[0] == 0x2001 && s[1] == 0x0db8)) // documentation
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn public_hosts() {
        let public = |s: &str| is_public_host(&url::Url::parse(s).unwrap());
        assert!(public("http://example.com/"));
        assert!(public("http://93.184.216.34/"));
        assert!(public("http://[2606:4700::1]/"));
        for local in [
            "http://localhost:8080/",
            "http://127.0.0.1/",
            "http://10.1.2.3/",
            "http://192.168.0.1/",
            "http://172.16.5.4/",
            "http://169.254.169.254/latest/meta-data",
            "http://100.64.0.1/",
            "http://[::1]/",
            "http://[fd00::1]/",
            "http://[fe80::1]/",
            "http://[::ffff:127.0.0.1]/",
            "http://printer.local/",
            "http://intranet/",
            "http://app.test/",
            "http://a.home.arpa/",
        ] {
            assert!(!public(local), "{local}");
        }
        // only a suffix after a dot is reserved
        for (d, public) in [
            ("home.arpa", true),
            ("x.home.arpa", false),
            ("arpa", false),
            ("x.arpa", true),
            ("local", false),
            ("a.localhost.org", true),
            ("Printer.LOCAL.", false),
        ] {
            assert_eq!(is_public_domain(d), public, "{d}");
        }
    }

    /// The guard of `--online` classifies addresses on its own (see the module comment):
    /// documentation and benchmarking ranges are not public here, yet the guard lets them
    /// through as public.
    #[test]
    fn the_address_guard_classifies_on_its_own() {
        use crate::net::{classify_address, AddressClass};
        for ip in ["192.0.2.1", "198.51.100.7", "203.0.113.9", "198.18.0.1"] {
            let v4: Ipv4Addr = ip.parse().unwrap();
            assert!(!is_public_v4(v4), "{ip}");
            assert_eq!(classify_address(v4.into()), AddressClass::Public, "{ip}");
        }
        let doc: Ipv6Addr = "2001:db8::1".parse().unwrap();
        assert!(!is_public_v6(doc));
        assert_eq!(classify_address(doc.into()), AddressClass::Public);
    }
}
