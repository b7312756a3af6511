//! Retry policy: what is retried, how long to wait, and `Retry-After`.
//! Pure functions; the client drives the loop.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Statuses worth asking again: 408, 429 and the 5xx that may pass (not 501 Not Implemented,
/// 505 HTTP Version Not Supported, 511 Network Authentication Required).
pub fn retryable_status(status: u16) -> bool {
    matches!(status, 408 | 429)
        || ((500..600).contains(&status) && !matches!(status, 501 | 505 | 511))
}

/// Exponential backoff with jitter: `base * 2^attempt`, scaled by a random factor in
/// [0.5, 1.0), so that many clients (or many links of one host) do not retry in step.
pub fn backoff(base: Duration, attempt: u32) -> Duration {
    let exp = base.saturating_mul(1u32 << attempt.min(16));
    exp.mul_f64(0.5 + 0.5 * unit_random())
}

/// A uniform number in [0, 1) from a process-wide xorshift generator, seeded by the clock.
/// Good enough for jitter; not for anything secret.
fn unit_random() -> f64 {
    static STATE: AtomicU64 = AtomicU64::new(0);
    let mut x = STATE.load(Ordering::Relaxed);
    if x == 0 {
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0x2545_f491_4f6c_dd1d);
        x = nanos | 1;
    }
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    STATE.store(x, Ordering::Relaxed);
    (x >> 11) as f64 / (1u64 << 53) as f64
}

/// What a `Retry-After` header asks for, relative to `now`: delay-seconds or an HTTP-date.
/// A date in the past means "now" (zero). Unreadable values give `None`.
pub fn parse_retry_after(value: &str, now: SystemTime) -> Option<Duration> {
    let v = value.trim();
    if !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()) {
        return Some(Duration::from_secs(v.parse().unwrap_or(u64::MAX)));
    }
    let at = parse_http_date(v)?;
    Some(at.duration_since(now).unwrap_or(Duration::ZERO))
}

/// The three date forms RFC 9110 asks recipients to accept:
/// `Sun, 06 Nov 1994 08:49:37 GMT` (IMF-fixdate), `Sunday, 06-Nov-94 08:49:37 GMT` (RFC 850)
/// and `Sun Nov  6 08:49:37 1994` (asctime). In every form the day comes before the year.
pub fn parse_http_date(s: &str) -> Option<SystemTime> {
    const MONTHS: [&str; 12] = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ];
    let (mut month, mut time, mut numbers) = (None, None, Vec::new());
    for tok in s.split([' ', ',', '-']).filter(|t| !t.is_empty()) {
        if tok.contains(':') {
            let mut parts = tok.split(':').map(|p| p.parse::<u64>().ok());
            let (h, m, sec) = (parts.next()??, parts.next()??, parts.next()??);
            if parts.next().is_some() || h > 23 || m > 59 || sec > 60 {
                return None;
            }
            time = Some(h * 3600 + m * 60 + sec);
        } else if tok.bytes().all(|b| b.is_ascii_digit()) {
            numbers.push((tok.len(), tok.parse::<i64>().ok()?));
        } else if let Some(i) = MONTHS.iter().position(|m| tok.eq_ignore_ascii_case(m)) {
            month = Some(i as i64 + 1);
        }
    }
    let (month, time) = (month?, time?);
    let [(_, day), (year_len, year)] = numbers[..] else {
        return None;
    };
    let year = match year_len {
        2 if year >= 70 => 1900 + year,
        2 => 2000 + year,
        4 => year,
        _ => return None,
    };
    if !(1..=31).contains(&day) {
        return None;
    }
    let days = days_from_civil(year, month, day);
    let secs = u64::try_from(days).ok()? * 86_400 + time;
    Some(UNIX_EPOCH + Duration::from_secs(secs))
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

#[cfg(test)]
mod tests {
    use super::*;

    const EPOCH_1994: u64 = 784_111_777; // 1994-11-06T08:49:37Z

    #[test]
    fn three_date_forms() {
        let want = UNIX_EPOCH + Duration::from_secs(EPOCH_1994);
        assert_eq!(parse_http_date("Sun, 06 Nov 1994 08:49:37 GMT"), Some(want));
        assert_eq!(
            parse_http_date("Sunday, 06-Nov-94 08:49:37 GMT"),
            Some(want)
        );
        assert_eq!(parse_http_date("Sun Nov  6 08:49:37 1994"), Some(want));
        assert_eq!(parse_http_date("Sun, 06 Foo 1994 08:49:37 GMT"), None);
        assert_eq!(parse_http_date("Sun, 06 Nov 1994 25:49:37 GMT"), None);
        assert_eq!(parse_http_date("soon"), None);
        let leap = parse_http_date("Thu, 29 Feb 2024 00:00:00 GMT").unwrap();
        assert_eq!(
            leap.duration_since(UNIX_EPOCH).unwrap().as_secs(),
            1_709_164_800
        );
    }

    #[test]
    fn retry_after_forms() {
        let now = UNIX_EPOCH + Duration::from_secs(EPOCH_1994);
        assert_eq!(
            parse_retry_after("120", now),
            Some(Duration::from_secs(120))
        );
        assert_eq!(parse_retry_after(" 0 ", now), Some(Duration::ZERO));
        assert_eq!(
            parse_retry_after("Sun, 06 Nov 1994 08:50:07 GMT", now),
            Some(Duration::from_secs(30))
        );
        assert_eq!(
            parse_retry_after("Sun, 06 Nov 1994 08:00:00 GMT", now),
            Some(Duration::ZERO)
        );
        assert_eq!(parse_retry_after("-5", now), None);
        assert_eq!(parse_retry_after("", now), None);
    }

    #[test]
    fn backoff_grows_with_jitter() {
        let base = Duration::from_millis(100);
        for attempt in 0..5 {
            let d = backoff(base, attempt);
            let full = base * (1 << attempt);
            assert!(d >= full / 2 && d < full, "{attempt}: {d:?}");
        }
    }

    #[test]
    fn retryable() {
        for s in [408, 429, 500, 502, 503, 504] {
            assert!(retryable_status(s), "{s}");
        }
        for s in [200, 301, 400, 403, 404, 410, 501, 505] {
            assert!(!retryable_status(s), "{s}");
        }
    }
}
