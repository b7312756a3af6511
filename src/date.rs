//! Calendar dates, strictly `YYYY-MM-DD`, with day arithmetic.
//!
//! Hand-written rather than a dependency: the frontier rules need parsing that rejects
//! `2026-8-1` and `2026-02-30`, day differences, and today's UTC date; that is forty lines.

use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    pub year: i32,
    pub month: u8,
    pub day: u8,
}

/// Why a string is not a valid date.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DateError {
    /// Not of the form `YYYY-MM-DD` (four, two and two ASCII digits).
    Format,
    /// Of the right form, but no such day exists (`2026-02-30`, month 13).
    NoSuchDay,
}

impl fmt::Display for DateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DateError::Format => f.write_str("is not of the form YYYY-MM-DD"),
            DateError::NoSuchDay => f.write_str("is not a day of the calendar"),
        }
    }
}

impl Date {
    /// Parses exactly `YYYY-MM-DD`.
    pub fn parse(s: &str) -> Result<Date, DateError> {
        let b = s.as_bytes();
        let shape_ok = b.len() == 10
            && b[4] == b'-'
            && b[7] == b'-'
            && b.iter()
                .enumerate()
                .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit());
        if !shape_ok {
            return Err(DateError::Format);
        }
        let num = |r: std::ops::Range<usize>| s[r].parse::<u32>().expect("digits checked");
        let (year, month, day) = (num(0..4) as i32, num(5..7), num(8..10));
        if !(1..=12).contains(&month) || day == 0 || day > days_in_month(year, month as u8) as u32 {
            return Err(DateError::NoSuchDay);
        }
        Ok(Date {
            year,
            month: month as u8,
            day: day as u8,
        })
    }

    /// Days since 1970-01-01 (negative before it).
    pub fn days_since_epoch(self) -> i64 {
        // Howard Hinnant's days_from_civil.
        let y = i64::from(self.year) - i64::from(self.month <= 2);
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let m = i64::from(self.month);
        let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(self.day) - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    /// The date `days` after 1970-01-01.
    pub fn from_days_since_epoch(days: i64) -> Date {
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u8;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u8;
        let year = (yoe + era * 400 + i64::from(month <= 2)) as i32;
        Date { year, month, day }
    }

    /// Adds (or with a negative number, subtracts) whole days.
    pub fn add_days(self, days: i64) -> Date {
        Date::from_days_since_epoch(self.days_since_epoch() + days)
    }

    /// Today's date in UTC, from the system clock.
    pub fn today_utc() -> Date {
        let secs = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs() as i64)
            .unwrap_or(0);
        Date::from_days_since_epoch(secs.div_euclid(86_400))
    }
}

fn days_in_month(year: i32, month: u8) -> u8 {
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        _ if (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 => 29,
        _ => 28,
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_strictly() {
        assert_eq!(
            Date::parse("2026-08-23"),
            Ok(Date {
                year: 2026,
                month: 8,
                day: 23
            })
        );
        for bad in [
            "2026-8-23",
            "2026-08-3",
            "26-08-23",
            "2026/08/23",
            "2026-08-23 ",
            "２026-08-23",
        ] {
            assert_eq!(Date::parse(bad), Err(DateError::Format), "{bad}");
        }
        for bad in [
            "2026-02-29",
            "2026-02-30",
            "2026-13-01",
            "2026-00-10",
            "2026-04-31",
            "2026-01-00",
        ] {
            assert_eq!(Date::parse(bad), Err(DateError::NoSuchDay), "{bad}");
        }
        assert!(Date::parse("2024-02-29").is_ok());
        assert!(Date::parse("2000-02-29").is_ok());
        assert_eq!(Date::parse("1900-02-29"), Err(DateError::NoSuchDay));
    }

    #[test]
    fn day_arithmetic_round_trips() {
        assert_eq!(Date::parse("1970-01-01").unwrap().days_since_epoch(), 0);
        let a = Date::parse("2026-08-23").unwrap();
        let b = Date::parse("2026-12-02").unwrap();
        assert_eq!(b.days_since_epoch() - a.days_since_epoch(), 101);
        assert_eq!(a.add_days(90).to_string(), "2026-11-21");
        for d in -800_000..-799_000 {
            assert_eq!(Date::from_days_since_epoch(d).days_since_epoch(), d);
        }
        for d in (0..200_000).step_by(7) {
            let date = Date::from_days_since_epoch(d);
            assert_eq!(Date::parse(&date.to_string()).unwrap(), date);
        }
    }
}
