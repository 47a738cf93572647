//! Calendar dates from day counts, for the W1 generator's timestamps and
//! the report's run date (no date-time crate needed for either).

/// The civil date `(year, month, day)` of a count of days since
/// 1970-01-01 (H. Hinnant's days-from-civil algorithm, inverted).
///
/// ```
/// assert_eq!(msgpack_bench::civil::from_days(0), (1970, 1, 1));
/// assert_eq!(msgpack_bench::civil::from_days(18_321), (2020, 2, 29));
/// ```
pub fn from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}
