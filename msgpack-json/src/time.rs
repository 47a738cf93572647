//! RFC 3339 text for MessagePack timestamps, exact to the nanosecond.
//!
//! [`format_timestamp`] writes `YYYY-MM-DDTHH:MM:SS[.fffffffff]Z` in UTC:
//! the fraction is left out when the nanoseconds are zero and has exactly
//! nine digits otherwise, so each [`Timestamp`] has one text. Years outside
//! `0000`..=`9999` (reachable with the 96-bit layout, whose seconds are an
//! `i64`) use the ISO 8601 expanded form: a sign and at least four digits
//! (`-0001-01-01T00:00:00Z`, `+10000-01-01T00:00:00Z`). The calendar is the
//! proleptic Gregorian one; there are no leap seconds (MessagePack counts
//! POSIX seconds), so `:60` is rejected.
//!
//! [`parse_timestamp`] reads that text back, and also accepts one to nine
//! fraction digits, lowercase `t`/`z`, and a numeric offset `±HH:MM` in
//! place of `Z` (converted to UTC).

use core::fmt;

use msgpack_core::Timestamp;

const SECS_PER_DAY: i64 = 86_400;

/// Why a timestamp text was refused by [`parse_timestamp`].
///
/// ```
/// use msgpack_json::parse_timestamp;
///
/// let err = parse_timestamp("2024-01-01 00:00:00Z").unwrap_err();
/// assert_eq!(err.to_string(), "expected 'T' between the date and the time");
/// assert!(parse_timestamp("2024-01-01T00:00:60Z").is_err()); // no leap seconds
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimestampError(&'static str);

impl fmt::Display for TimestampError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl std::error::Error for TimestampError {}

/// Formats `ts` as RFC 3339 text in UTC (see the [module docs](self)).
///
/// ```
/// use msgpack_core::Timestamp;
/// use msgpack_json::format_timestamp;
///
/// assert_eq!(format_timestamp(Timestamp::new(1_704_067_200, 0).unwrap()), "2024-01-01T00:00:00Z");
/// assert_eq!(format_timestamp(Timestamp::new(-1, 500_000_000).unwrap()), "1969-12-31T23:59:59.500000000Z");
/// assert_eq!(format_timestamp(Timestamp::new(-62_167_219_201, 0).unwrap()), "-0001-12-31T23:59:59Z");
/// ```
pub fn format_timestamp(ts: Timestamp) -> String {
    let days = ts.secs().div_euclid(SECS_PER_DAY);
    let sod = ts.secs().rem_euclid(SECS_PER_DAY);
    let (year, month, day) = civil_from_days(days);
    let mut out = if (0..=9999).contains(&year) {
        format!("{year:04}")
    } else {
        let sign = if year < 0 { '-' } else { '+' };
        format!("{sign}{:04}", year.unsigned_abs())
    };
    out.push_str(&format!("-{month:02}-{day:02}T{:02}:{:02}:{:02}", sod / 3600, sod / 60 % 60, sod % 60));
    if ts.nanos() != 0 {
        out.push_str(&format!(".{:09}", ts.nanos()));
    }
    out.push('Z');
    out
}

/// Parses RFC 3339 text (see the [module docs](self)) into a [`Timestamp`].
///
/// ```
/// use msgpack_json::{format_timestamp, parse_timestamp};
///
/// let ts = parse_timestamp("1969-12-31T23:59:59.5Z")?;
/// assert_eq!((ts.secs(), ts.nanos()), (-1, 500_000_000));
/// assert_eq!(parse_timestamp("2024-01-01T01:00:00+01:00")?.secs(), 1_704_067_200);
/// assert!(parse_timestamp("2024-02-30T00:00:00Z").is_err());
/// # Ok::<(), msgpack_json::TimestampError>(())
/// ```
pub fn parse_timestamp(text: &str) -> Result<Timestamp, TimestampError> {
    let mut p = Parser { s: text.as_bytes(), pos: 0 };
    let year = p.year()?;
    p.expect(b'-', "expected '-' after the year")?;
    let month = p.digits(2, "expected a two-digit month")?;
    p.expect(b'-', "expected '-' after the month")?;
    let day = p.digits(2, "expected a two-digit day")?;
    if !p.eat(b'T') && !p.eat(b't') {
        return Err(TimestampError("expected 'T' between the date and the time"));
    }
    let hour = p.digits(2, "expected a two-digit hour")?;
    p.expect(b':', "expected ':' after the hour")?;
    let minute = p.digits(2, "expected two-digit minutes")?;
    p.expect(b':', "expected ':' after the minutes")?;
    let second = p.digits(2, "expected two-digit seconds")?;
    let mut nanos = 0u32;
    if p.eat(b'.') {
        let start = p.pos;
        while p.peek().is_some_and(|b| b.is_ascii_digit()) {
            p.pos += 1;
        }
        let frac = &p.s[start..p.pos];
        if frac.is_empty() || frac.len() > 9 {
            return Err(TimestampError("expected 1 to 9 digits of fractional seconds"));
        }
        for i in 0..9 {
            nanos = nanos * 10 + frac.get(i).map_or(0, |d| u32::from(d - b'0'));
        }
    }
    let offset_secs: i64 = match p.peek() {
        Some(b'Z' | b'z') => {
            p.pos += 1;
            0
        }
        Some(sign @ (b'+' | b'-')) => {
            p.pos += 1;
            let h = p.digits(2, "expected a two-digit offset hour")?;
            p.expect(b':', "expected ':' in the offset")?;
            let m = p.digits(2, "expected two-digit offset minutes")?;
            if h > 23 || m > 59 {
                return Err(TimestampError("offset out of range"));
            }
            let off = (h * 3600 + m * 60) as i64;
            if sign == b'-' { -off } else { off }
        }
        _ => return Err(TimestampError("expected 'Z' or an offset such as +01:00 after the time")),
    };
    if p.pos != p.s.len() {
        return Err(TimestampError("unexpected text after the timestamp"));
    }
    if !(1..=12).contains(&month) || day == 0 || day > days_in_month(year, month) {
        return Err(TimestampError("no such date"));
    }
    if hour > 23 || minute > 59 {
        return Err(TimestampError("no such time of day"));
    }
    if second > 59 {
        return Err(TimestampError("seconds must be 00 to 59 (MessagePack timestamps have no leap seconds)"));
    }
    let days = days_from_civil(i128::from(year), month, day);
    let secs =
        days * i128::from(SECS_PER_DAY) + i128::from(hour * 3600 + minute * 60 + second) - i128::from(offset_secs);
    let secs = i64::try_from(secs).map_err(|_| TimestampError("beyond the range of a MessagePack timestamp"))?;
    Timestamp::new(secs, nanos).ok_or(TimestampError("nanoseconds out of range"))
}

struct Parser<'a> {
    s: &'a [u8],
    pos: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.pos).copied()
    }

    fn eat(&mut self, b: u8) -> bool {
        if self.peek() == Some(b) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, b: u8, what: &'static str) -> Result<(), TimestampError> {
        if self.eat(b) { Ok(()) } else { Err(TimestampError(what)) }
    }

    /// Exactly `n` ASCII digits.
    fn digits(&mut self, n: usize, what: &'static str) -> Result<u32, TimestampError> {
        let digits = self.s.get(self.pos..self.pos + n).ok_or(TimestampError(what))?;
        if !digits.iter().all(u8::is_ascii_digit) {
            return Err(TimestampError(what));
        }
        self.pos += n;
        Ok(digits.iter().fold(0, |acc, d| acc * 10 + u32::from(d - b'0')))
    }

    /// Four digits, or a sign and at least four digits.
    fn year(&mut self) -> Result<i64, TimestampError> {
        const WHAT: &str = "expected a four-digit year (or a sign and at least four digits)";
        let negative = match self.peek() {
            Some(b'-') => true,
            Some(b'+') => false,
            _ => return Ok(i64::from(self.digits(4, WHAT)?)),
        };
        self.pos += 1;
        let start = self.pos;
        while self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.pos += 1;
        }
        let digits = &self.s[start..self.pos];
        if digits.len() < 4 {
            return Err(TimestampError(WHAT));
        }
        // Every year a timestamp can reach has at most 12 digits.
        let too_far = TimestampError("beyond the range of a MessagePack timestamp");
        if digits.len() > 15 {
            return Err(too_far);
        }
        let abs = digits.iter().fold(0i64, |acc, d| acc * 10 + i64::from(d - b'0'));
        Ok(if negative { -abs } else { abs })
    }
}

fn is_leap(year: i64) -> bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
}

fn days_in_month(year: i64, month: u32) -> u32 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days since 1970-01-01 to a proleptic Gregorian date (H. Hinnant's
/// `civil_from_days`); exact for every `i64` day count a timestamp reaches.
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097); // [0, 146096]
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365; // [0, 399]
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100); // [0, 365]
    let mp = (5 * doy + 2) / 153; // [0, 11], March-based
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// The inverse of [`civil_from_days`], in `i128` so that no year overflows.
fn days_from_civil(year: i128, month: u32, day: u32) -> i128 {
    let y = year - i128::from(month <= 2);
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let m = i128::from(month);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i128::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ts(secs: i64, nanos: u32) -> Timestamp {
        Timestamp::new(secs, nanos).unwrap()
    }

    #[test]
    fn known_dates() {
        assert_eq!(format_timestamp(ts(0, 0)), "1970-01-01T00:00:00Z");
        assert_eq!(format_timestamp(ts(951_782_400, 0)), "2000-02-29T00:00:00Z");
        assert_eq!(format_timestamp(ts(4_102_444_799, 1)), "2099-12-31T23:59:59.000000001Z");
        assert_eq!(format_timestamp(ts(-62_135_596_800, 0)), "0001-01-01T00:00:00Z");
        assert_eq!(format_timestamp(ts(-62_167_219_200, 0)), "0000-01-01T00:00:00Z");
        assert_eq!(format_timestamp(ts(253_402_300_800, 0)), "+10000-01-01T00:00:00Z");
        assert_eq!(format_timestamp(ts(i64::MAX, 999_999_999)), "+292277026596-12-04T15:30:07.999999999Z");
        assert_eq!(format_timestamp(ts(i64::MIN, 0)), "-292277022657-01-27T08:29:52Z");
    }

    #[test]
    fn round_trips_across_the_range() {
        let mut secs = vec![0, -1, 1, 86_399, 86_400, -86_400, -86_401, i64::MAX, i64::MIN, i64::MIN + 1, i64::MAX - 1];
        // A deterministic spread over the whole i64 range and near the epoch.
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            secs.push(x as i64);
            secs.push((x as i64) >> 28);
        }
        for (i, s) in secs.into_iter().enumerate() {
            let t = ts(s, (i as u32).wrapping_mul(2_654_435_761) % 1_000_000_000);
            let text = format_timestamp(t);
            assert_eq!(parse_timestamp(&text), Ok(t), "{text}");
        }
    }

    #[test]
    fn lenient_input() {
        assert_eq!(parse_timestamp("2024-01-01t00:00:00.1z"), Ok(ts(1_704_067_200, 100_000_000)));
        assert_eq!(parse_timestamp("2024-01-01T00:00:00-00:30"), Ok(ts(1_704_069_000, 0)));
        assert_eq!(parse_timestamp("+2024-01-01T00:00:00Z"), Ok(ts(1_704_067_200, 0)));
    }

    #[test]
    fn refusals() {
        for bad in [
            "",
            "2024",
            "24-01-01T00:00:00Z",
            "2024-1-01T00:00:00Z",
            "2024-01-01 00:00:00Z",
            "2024-01-01T00:00:00",
            "2024-01-01T00:00:00Zx",
            "2024-13-01T00:00:00Z",
            "2023-02-29T00:00:00Z",
            "2024-00-10T00:00:00Z",
            "2024-01-00T00:00:00Z",
            "2024-01-01T24:00:00Z",
            "2024-01-01T00:60:00Z",
            "2016-12-31T23:59:60Z",
            "2024-01-01T00:00:00.Z",
            "2024-01-01T00:00:00.1234567890Z",
            "2024-01-01T00:00:00+1:00",
            "2024-01-01T00:00:00+24:00",
            "+292277026596-12-04T15:30:08Z",
            "-292277022657-01-27T08:29:51Z",
            "+99999999999999999999-01-01T00:00:00Z",
            "-001-01-01T00:00:00Z",
            "２０２４-01-01T00:00:00Z",
        ] {
            assert!(parse_timestamp(bad).is_err(), "{bad:?} was accepted");
        }
    }
}
