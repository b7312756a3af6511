//! Rates with units, as vendors and lists write them: `989.5 TFLOPS`, `1.2 PFLOP/s`,
//! `3.35 TB/s`, `900 GB/s`, `400 Gbps` (bits), `819 GBps` (bytes, as Google writes it),
//! `1.5 GiB/s` (binary), `1979 TOPS`. Case matters only where it carries meaning: a lower-case
//! `b` in `Gbps` / `Gb/s` is bits.

/// What a rate measures.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RateKind {
    /// FLOP/s or integer OPS.
    Compute,
    /// Bytes per second.
    Bandwidth,
}

/// A rate in base units (FLOP/s, OPS, bytes/s) and its kind, from a unit as written after the
/// number. None for anything that is not a rate unit this module knows.
pub fn unit_scale(unit: &str) -> Option<(f64, RateKind)> {
    let u = unit.trim();
    let lower = u.to_ascii_lowercase();
    let prefix = |c: char| -> Option<f64> {
        Some(match c.to_ascii_lowercase() {
            'k' => 1e3,
            'm' => 1e6,
            'g' => 1e9,
            't' => 1e12,
            'p' => 1e15,
            'e' => 1e18,
            _ => return None,
        })
    };
    // Compute: [KMGTPE]FLOP/s, [KMGTPE]FLOPS, FLOP/s, [KMGTPE]OPS, [KMGTPE]OP/s.
    for suffix in ["flop/s", "flops", "flop/sec", "ops", "op/s"] {
        if let Some(head) = lower.strip_suffix(suffix) {
            let scale = match head {
                "" => Some(1.0),
                h if h.chars().count() == 1 => prefix(h.chars().next()?),
                _ => None,
            };
            if let Some(s) = scale {
                // "OPS" alone (ops per second of what?) is not a rate; "TOPS" is.
                if suffix == "ops" && head.is_empty() {
                    return None;
                }
                return Some((s, RateKind::Compute));
            }
        }
    }
    // Bandwidth: an SI or binary prefix, then B/s or Bps (bytes) or b/s, bps, bit/s (bits).
    let mut chars = u.chars();
    let (scale, rest) = match chars.next().and_then(|c| prefix(c).map(|s| (c, s))) {
        Some((c, s)) => {
            let r = &u[1..];
            match r.strip_prefix('i') {
                Some(r2) => {
                    let exp = match c.to_ascii_lowercase() {
                        'k' => 1,
                        'm' => 2,
                        'g' => 3,
                        't' => 4,
                        'p' => 5,
                        _ => return None,
                    };
                    (1024f64.powi(exp), r2)
                }
                None => (s, r),
            }
        }
        None => (1.0, u),
    };
    // A lower-case `b` is bits, whatever the prefix's case: "Gbps", "gb/s" (when in doubt, the
    // smaller reading, so that a possible claim is never judged impossible).
    let bits = match rest {
        "B/s" | "B/sec" | "Bps" | "byte/s" | "bytes/s" => false,
        "b/s" | "bps" | "bit/s" | "bits/s" | "bit/sec" => true,
        _ => return None,
    };
    Some((if bits { scale / 8.0 } else { scale }, RateKind::Bandwidth))
}

/// Parses `"989.5 TFLOPS"` into (value in base units, kind).
pub fn parse_rate(text: &str) -> Result<(f64, RateKind), String> {
    let t = text.trim();
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
        .unwrap_or(t.len());
    let (num, unit) = t.split_at(split);
    let value: f64 = num
        .replace(',', "")
        .parse()
        .map_err(|_| format!("`{text}` does not start with a number"))?;
    let (scale, kind) = unit_scale(unit).ok_or_else(|| {
        format!(
            "`{text}`: unknown unit `{}` (use TFLOPS, PFLOP/s, TOPS, GB/s, TB/s, Gbps, GiB/s…)",
            unit.trim()
        )
    })?;
    Ok((value * scale, kind))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_scale_to_base_units() {
        let v = |s: &str| parse_rate(s).unwrap();
        assert_eq!(v("989.5 TFLOPS"), (989.5e12, RateKind::Compute));
        assert_eq!(v("1.2 PFLOP/s"), (1.2e15, RateKind::Compute));
        assert_eq!(v("1,979 TOPS"), (1979e12, RateKind::Compute));
        assert_eq!(v("120,000 GFLOP/s"), (120_000e9, RateKind::Compute));
        assert_eq!(v("3.35 TB/s"), (3.35e12, RateKind::Bandwidth));
        assert_eq!(v("900 GB/s"), (900e9, RateKind::Bandwidth));
        assert_eq!(v("819 GBps"), (819e9, RateKind::Bandwidth));
        assert_eq!(v("400 Gbps"), (50e9, RateKind::Bandwidth));
        assert_eq!(v("400 Gb/s"), (50e9, RateKind::Bandwidth));
        assert_eq!(v("2 GiB/s"), (2.0 * 1024f64.powi(3), RateKind::Bandwidth));
        assert_eq!(v("8 gb/s"), (1e9, RateKind::Bandwidth));
        for bad in ["fast", "3 apples", "10 OPS", "5 XB/s", "12 ms"] {
            assert!(parse_rate(bad).is_err(), "{bad}");
        }
    }
}
