//! Date-time types as the timestamp extension (ext -1): `SystemTime`
//! (feature `std`), `chrono` (feature `chrono`) and `time` (feature `time`).
//!
//! Every type is checked against the same known encodings of the three
//! layouts (32, 64 and 96 bits; the bytes agree with Python's `msgpack`),
//! before the epoch, to the nanosecond, at and past the edges of its range,
//! and against [`Timestamp`] for random instants.
#![cfg(any(feature = "std", feature = "chrono", feature = "time"))]

use msgpack_core::decode::{ErrorKind, Found};
use msgpack_core::{Decode, Encode, Timestamp, from_slice, to_vec};

/// `(secs, nanos, encoding)`: every layout and its edges.
const KNOWN: &[(i64, u32, &[u8])] = &[
    // 32-bit: seconds in 0..2^32, no nanoseconds.
    (0, 0, &[0xd6, 0xff, 0, 0, 0, 0]),
    (1_700_000_000, 0, &[0xd6, 0xff, 0x65, 0x53, 0xf1, 0x00]),
    (u32::MAX as i64, 0, &[0xd6, 0xff, 0xff, 0xff, 0xff, 0xff]),
    // 64-bit: nanoseconds, or seconds in 2^32..2^34.
    (1_700_000_000, 1, &[0xd7, 0xff, 0x00, 0x00, 0x00, 0x04, 0x65, 0x53, 0xf1, 0x00]),
    (1 << 32, 0, &[0xd7, 0xff, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00]),
    ((1 << 34) - 1, 999_999_999, &[0xd7, 0xff, 0xee, 0x6b, 0x27, 0xff, 0xff, 0xff, 0xff, 0xff]),
    // 96-bit: seconds from 2^34 on, or before the epoch.
    (1 << 34, 0, &[0xc7, 0x0c, 0xff, 0, 0, 0, 0, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0x00]),
    (-1, 0, &[0xc7, 0x0c, 0xff, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
    (-1, 999_999_999, &[0xc7, 0x0c, 0xff, 0x3b, 0x9a, 0xc9, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
    // 9999-12-31T23:59:59.999999999Z, the last instant of `time`'s default range.
    (253_402_300_799, 999_999_999, &[0xc7, 0x0c, 0xff, 0x3b, 0x9a, 0xc9, 0xff, 0, 0, 0, 0x3a, 0xff, 0xf4, 0x41, 0x7f]),
    // 0001-01-01T00:00:00Z.
    (-62_135_596_800, 0, &[0xc7, 0x0c, 0xff, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xf1, 0x88, 0x6e, 0x09, 0x00]),
];

/// Encodes `x` and checks the bytes (and `encoded_len`) are `expected`,
/// then decodes them back to an equal value.
#[track_caller]
fn exact<T>(x: &T, expected: &[u8])
where
    T: Encode + for<'de> Decode<'de> + PartialEq + std::fmt::Debug,
{
    let bytes = to_vec(x).unwrap();
    assert_eq!(bytes, expected, "{x:?}");
    assert_eq!(x.encoded_len(), expected.len(), "encoded_len of {x:?}");
    assert_eq!(&from_slice::<T>(&bytes).unwrap(), x);
}

/// The bytes of a timestamp.
fn ts_bytes(secs: i64, nanos: u32) -> Vec<u8> {
    to_vec(&Timestamp::new(secs, nanos).unwrap()).unwrap()
}

/// Checks `e` is the documented out-of-range error for `secs`, at `offset`.
#[track_caller]
fn assert_out_of_range(e: &msgpack_core::decode::Error, secs: i64, target: &str, offset: usize) {
    let found = u64::try_from(secs).map_or(Found::NegInt(secs), Found::UInt);
    match e.kind() {
        ErrorKind::OutOfRange { expected, found: f } => {
            assert!(expected.contains(target), "{expected}");
            assert_eq!(*f, found);
        }
        other => panic!("expected OutOfRange, got {other:?}"),
    }
    assert_eq!(e.offset(), offset);
    assert!(e.to_string().contains("out of range"), "{e}");
}

/// Inputs every type must reject as they are not timestamps (or invalid ones).
fn not_timestamps() -> Vec<(Vec<u8>, &'static str)> {
    vec![
        (vec![0xd5, 0xff, 0, 0], "ext -1 of 2 bytes"),
        (vec![0xc7, 5, 0xff, 0, 0, 0, 0, 0], "ext -1 of 5 bytes"),
        // 64-bit layout with nanoseconds 1e9 (0x3b9aca00 << 34).
        (vec![0xd7, 0xff, 0xee, 0x6b, 0x28, 0x00, 0, 0, 0, 0], "nanos 1e9 (64-bit)"),
        (vec![0xc7, 0x0c, 0xff, 0x3b, 0x9a, 0xca, 0x00, 0, 0, 0, 0, 0, 0, 0, 0], "nanos 1e9 (96-bit)"),
        (vec![0xd6, 0x05, 0, 0, 0, 1], "ext 5"),
        (vec![0xce, 0x65, 0x53, 0xf1, 0x00], "an integer"),
        (vec![0xd6, 0xff, 0, 0], "truncated"),
    ]
}

#[track_caller]
fn rejects<T: for<'de> Decode<'de> + std::fmt::Debug>() {
    for (bytes, what) in not_timestamps() {
        let e = from_slice::<T>(&bytes).unwrap_err();
        let ok = match what {
            "ext 5" | "an integer" => matches!(e.kind(), ErrorKind::TypeMismatch { expected: "timestamp", .. }),
            "truncated" => matches!(e.kind(), ErrorKind::UnexpectedEof { .. }),
            _ => e.kind() == &ErrorKind::InvalidTimestamp,
        };
        assert!(ok, "{what}: {e}");
    }
}

// ---- SystemTime ------------------------------------------------------------------------

#[cfg(feature = "std")]
mod system_time {
    use std::time::{Duration, SystemTime, UNIX_EPOCH};

    use super::*;

    fn at(secs: i64, nanos: u32) -> SystemTime {
        if secs >= 0 {
            UNIX_EPOCH + Duration::new(secs as u64, nanos)
        } else {
            UNIX_EPOCH - Duration::from_secs(secs.unsigned_abs()) + Duration::from_nanos(nanos.into())
        }
    }

    #[test]
    fn known_encodings() {
        for &(secs, nanos, bytes) in KNOWN {
            exact(&at(secs, nanos), bytes);
        }
    }

    #[test]
    fn before_the_epoch_both_ways() {
        let t = UNIX_EPOCH - Duration::from_nanos(1);
        let bytes = to_vec(&t).unwrap();
        assert_eq!(bytes, ts_bytes(-1, 999_999_999));
        assert_eq!(from_slice::<SystemTime>(&bytes).unwrap(), t);
        let t = UNIX_EPOCH - Duration::new(86_400 * 365, 250_000_000);
        let ts = Timestamp::try_from(t).unwrap();
        assert_eq!((ts.secs(), ts.nanos()), (-86_400 * 365 - 1, 750_000_000));
        assert_eq!(SystemTime::try_from(ts).unwrap(), t);
        assert_eq!(from_slice::<SystemTime>(&to_vec(&t).unwrap()).unwrap(), t);
    }

    #[test]
    fn nanosecond_precision() {
        for nanos in [1, 999_999_999, 123_456_789] {
            let t = UNIX_EPOCH + Duration::new(1 << 33, nanos);
            let back: SystemTime = from_slice(&to_vec(&t).unwrap()).unwrap();
            assert_eq!(back.duration_since(UNIX_EPOCH).unwrap().subsec_nanos(), nanos);
            assert_eq!(back, t);
        }
    }

    /// `SystemTime` on Unix has `i64` seconds: every timestamp fits. Elsewhere a
    /// timestamp it cannot hold is the documented error.
    #[test]
    fn extreme_timestamps() {
        for (secs, nanos) in [(i64::MIN, 0), (i64::MIN, 999_999_999), (i64::MAX, 999_999_999), (-(1 << 40), 5)] {
            let bytes = ts_bytes(secs, nanos);
            match from_slice::<SystemTime>(&bytes) {
                Ok(t) => {
                    assert_eq!(Timestamp::try_from(t).unwrap(), Timestamp::new(secs, nanos).unwrap());
                    assert_eq!(to_vec(&t).unwrap(), bytes);
                }
                Err(e) if cfg!(unix) => panic!("SystemTime on Unix holds {secs}: {e}"),
                Err(e) => assert_out_of_range(&e, secs, "SystemTime", 0),
            }
        }
    }

    #[test]
    fn invalid_input() {
        rejects::<SystemTime>();
    }

    #[test]
    fn now_round_trips() {
        let now = SystemTime::now();
        assert_eq!(from_slice::<SystemTime>(&to_vec(&now).unwrap()).unwrap(), now);
        assert_eq!(to_vec(&now).unwrap(), to_vec(&Timestamp::try_from(now).unwrap()).unwrap());
    }

    #[test]
    fn in_containers_and_values() {
        let times = vec![Some(at(-5, 1)), None, Some(at(1 << 35, 0))];
        let bytes = to_vec(&times).unwrap();
        assert_eq!(from_slice::<Vec<Option<SystemTime>>>(&bytes).unwrap(), times);
        let v: msgpack_core::Value = from_slice(&bytes).unwrap();
        assert_eq!(v.get_index(0).and_then(msgpack_core::Value::as_timestamp), Timestamp::new(-5, 1));
    }
}

// ---- chrono ------------------------------------------------------------------------------

#[cfg(feature = "chrono")]
mod chrono_types {
    use chrono::{DateTime, FixedOffset, NaiveDate, NaiveDateTime, TimeZone, Utc};
    use proptest::prelude::*;

    use super::*;

    fn utc(secs: i64, nanos: u32) -> DateTime<Utc> {
        DateTime::from_timestamp(secs, nanos).unwrap()
    }

    #[test]
    fn known_encodings() {
        for &(secs, nanos, bytes) in KNOWN {
            exact(&utc(secs, nanos), bytes);
            exact(&utc(secs, nanos).naive_utc(), bytes);
            // Any offset: the same instant, the same bytes.
            let east = utc(secs, nanos).with_timezone(&FixedOffset::east_opt(5 * 3600 + 1800).unwrap());
            assert_eq!(to_vec(&east).unwrap(), bytes);
            assert_eq!(east.encoded_len(), bytes.len());
            assert_eq!(from_slice::<DateTime<Utc>>(bytes).unwrap(), east);
        }
    }

    #[test]
    fn before_the_epoch_and_nanoseconds() {
        let t: DateTime<Utc> = "1969-12-31T23:59:59.000000001Z".parse().unwrap();
        assert_eq!(Timestamp::from(t), Timestamp::new(-1, 1).unwrap());
        assert_eq!(to_vec(&t).unwrap(), ts_bytes(-1, 1));
        let t: DateTime<Utc> = "1900-02-28T12:34:56.987654321Z".parse().unwrap();
        let back: DateTime<Utc> = from_slice(&to_vec(&t).unwrap()).unwrap();
        assert_eq!(back, t);
        assert_eq!(back.timestamp_subsec_nanos(), 987_654_321);
        assert_eq!(back.to_rfc3339(), "1900-02-28T12:34:56.987654321+00:00");
    }

    /// chrono's extremes encode and decode; one second past them is the
    /// out-of-range error, with the seconds as what was found.
    #[test]
    fn range_edges() {
        for t in [DateTime::<Utc>::MIN_UTC, DateTime::<Utc>::MAX_UTC] {
            assert_eq!(from_slice::<DateTime<Utc>>(&to_vec(&t).unwrap()).unwrap(), t);
            assert_eq!(DateTime::<Utc>::try_from(Timestamp::from(t)).unwrap(), t);
        }
        let past =
            [DateTime::<Utc>::MIN_UTC.timestamp() - 1, DateTime::<Utc>::MAX_UTC.timestamp() + 1, i64::MIN, i64::MAX];
        for secs in past {
            let bytes = ts_bytes(secs, 0);
            assert_out_of_range(&from_slice::<DateTime<Utc>>(&bytes).unwrap_err(), secs, "chrono::DateTime", 0);
            assert_out_of_range(&from_slice::<NaiveDateTime>(&bytes).unwrap_err(), secs, "chrono::NaiveDateTime", 0);
            let e = DateTime::<Utc>::try_from(Timestamp::new(secs, 0).unwrap()).unwrap_err();
            assert_eq!(e.target(), "chrono::DateTime<Utc>");
            assert_eq!(e.to_string(), "time outside the range of chrono::DateTime<Utc>");
        }
        // Inside a container the error has its offset and path.
        let bytes = [vec![0x92, 0xc0], ts_bytes(i64::MAX, 0)].concat();
        let e = from_slice::<Vec<Option<DateTime<Utc>>>>(&bytes).unwrap_err();
        assert_out_of_range(&e, i64::MAX, "chrono::DateTime", 2);
        assert!(e.to_string().contains("[1]"), "{e}");
    }

    /// A leap second carries into the next second, as chrono's
    /// `timestamp_nanos_opt` counts it.
    #[test]
    fn leap_second() {
        let leap = NaiveDate::from_ymd_opt(2016, 12, 31).unwrap().and_hms_nano_opt(23, 59, 59, 1_500_000_000).unwrap();
        let leap = leap.and_utc();
        let next: DateTime<Utc> = "2017-01-01T00:00:00.5Z".parse().unwrap();
        assert_eq!(Timestamp::from(leap), Timestamp::from(next));
        assert_eq!(to_vec(&leap).unwrap(), to_vec(&next).unwrap());
        assert_eq!(leap.encoded_len(), to_vec(&next).unwrap().len());
        assert_eq!(i128::from(leap.timestamp_nanos_opt().unwrap()), {
            let t = Timestamp::from(leap);
            i128::from(t.secs()) * 1_000_000_000 + i128::from(t.nanos())
        });
        assert_eq!(from_slice::<DateTime<Utc>>(&to_vec(&leap).unwrap()).unwrap(), next);
    }

    #[test]
    fn invalid_input() {
        rejects::<DateTime<Utc>>();
        rejects::<NaiveDateTime>();
    }

    #[test]
    fn derived_struct_with_chrono_fields() {
        #[derive(msgpack_core::MsgPack, Debug, PartialEq)]
        struct Event {
            name: String,
            at: DateTime<Utc>,
            local: NaiveDateTime,
            ended: Option<DateTime<Utc>>,
        }
        let e = Event {
            name: "launch".into(),
            at: Utc.with_ymd_and_hms(1969, 7, 16, 13, 32, 0).unwrap(),
            local: "2024-02-29T12:00:00.000000123".parse().unwrap(),
            ended: None,
        };
        let bytes = to_vec(&e).unwrap();
        assert_eq!(bytes.len(), e.encoded_len());
        assert_eq!(from_slice::<Event>(&bytes).unwrap(), e);
    }

    proptest! {
        /// Any instant in chrono's range: the bytes are the Timestamp's, the
        /// conversions are inverses, and decoding gives it back.
        #[test]
        fn prop_matches_timestamp(
            secs in DateTime::<Utc>::MIN_UTC.timestamp()..=DateTime::<Utc>::MAX_UTC.timestamp(),
            nanos in 0u32..1_000_000_000,
        ) {
            let t = utc(secs, nanos);
            let ts = Timestamp::new(secs, nanos).unwrap();
            prop_assert_eq!(Timestamp::from(t), ts);
            prop_assert_eq!(DateTime::<Utc>::try_from(ts).unwrap(), t);
            let bytes = to_vec(&t).unwrap();
            prop_assert_eq!(&bytes, &to_vec(&ts).unwrap());
            prop_assert_eq!(t.encoded_len(), bytes.len());
            prop_assert_eq!(from_slice::<DateTime<Utc>>(&bytes).unwrap(), t);
            prop_assert_eq!(from_slice::<NaiveDateTime>(&bytes).unwrap(), t.naive_utc());
        }
    }
}

// ---- time ----------------------------------------------------------------------------------

#[cfg(feature = "time")]
mod time_types {
    use proptest::prelude::*;
    use time::macros::{datetime, offset};
    use time::{OffsetDateTime, PrimitiveDateTime, UtcDateTime};

    use super::*;

    fn utc(secs: i64, nanos: u32) -> UtcDateTime {
        UtcDateTime::from_unix_timestamp_nanos(i128::from(secs) * 1_000_000_000 + i128::from(nanos)).unwrap()
    }

    #[test]
    fn known_encodings() {
        for &(secs, nanos, bytes) in KNOWN {
            let u = utc(secs, nanos);
            exact(&u, bytes);
            exact(&OffsetDateTime::from(u), bytes);
            exact(&PrimitiveDateTime::new(u.date(), u.time()), bytes);
            // Any offset: the same instant, the same bytes; decoded at UTC.
            let east = OffsetDateTime::from(u).to_offset(offset!(-03:30));
            assert_eq!(to_vec(&east).unwrap(), bytes);
            assert_eq!(east.encoded_len(), bytes.len());
            let back: OffsetDateTime = from_slice(bytes).unwrap();
            assert_eq!(back, east);
            assert!(back.offset().is_utc());
        }
    }

    #[test]
    fn before_the_epoch_and_nanoseconds() {
        let t = datetime!(1969-12-31 23:59:59.000000001 UTC);
        assert_eq!(Timestamp::from(t), Timestamp::new(-1, 1).unwrap());
        assert_eq!(to_vec(&t).unwrap(), ts_bytes(-1, 1));
        let t = datetime!(1900-02-28 12:34:56.987654321 +01:00);
        let back: OffsetDateTime = from_slice(&to_vec(&t).unwrap()).unwrap();
        assert_eq!(back, t);
        assert_eq!(back.nanosecond(), 987_654_321);
        assert_eq!((back.hour(), back.minute()), (11, 34));
    }

    /// The crate's extremes encode and decode; one second past them is the
    /// out-of-range error.
    #[test]
    fn range_edges() {
        let min = PrimitiveDateTime::MIN.assume_utc();
        let max = PrimitiveDateTime::MAX.assume_utc();
        for t in [min, max] {
            assert_eq!(from_slice::<OffsetDateTime>(&to_vec(&t).unwrap()).unwrap(), t);
            assert_eq!(OffsetDateTime::try_from(Timestamp::from(t)).unwrap(), t);
            assert_eq!(UtcDateTime::try_from(Timestamp::from(t)).unwrap(), t.to_utc());
        }
        for secs in [min.unix_timestamp() - 1, max.unix_timestamp() + 1, i64::MIN, i64::MAX] {
            let bytes = ts_bytes(secs, 0);
            assert_out_of_range(&from_slice::<OffsetDateTime>(&bytes).unwrap_err(), secs, "time::OffsetDateTime", 0);
            assert_out_of_range(&from_slice::<UtcDateTime>(&bytes).unwrap_err(), secs, "time::UtcDateTime", 0);
            let e = from_slice::<PrimitiveDateTime>(&bytes).unwrap_err();
            assert_out_of_range(&e, secs, "time::PrimitiveDateTime", 0);
            let ts = Timestamp::new(secs, 0).unwrap();
            assert_eq!(OffsetDateTime::try_from(ts).unwrap_err().target(), "time::OffsetDateTime");
            assert_eq!(UtcDateTime::try_from(ts).unwrap_err().target(), "time::UtcDateTime");
        }
        // An offset date-time whose UTC date is past the range still encodes
        // (the instant is what is written).
        let edge = datetime!(9999-12-31 23:00:00 -05:00);
        let bytes = to_vec(&edge).unwrap();
        assert_eq!(bytes, ts_bytes(edge.unix_timestamp(), 0));
        let e = from_slice::<OffsetDateTime>(&bytes).unwrap_err();
        assert_out_of_range(&e, edge.unix_timestamp(), "time::OffsetDateTime", 0);
    }

    #[test]
    fn invalid_input() {
        rejects::<OffsetDateTime>();
        rejects::<UtcDateTime>();
        rejects::<PrimitiveDateTime>();
    }

    #[test]
    fn derived_struct_with_time_fields() {
        #[derive(msgpack_core::MsgPack, Debug, PartialEq)]
        struct Booking {
            from: OffsetDateTime,
            to: UtcDateTime,
            wall: PrimitiveDateTime,
        }
        let b = Booking {
            from: datetime!(2024-06-01 09:00 +02:00),
            to: datetime!(2024-06-08 07:00 UTC).to_utc(),
            wall: datetime!(2024-06-01 09:00),
        };
        let bytes = to_vec(&b).unwrap();
        assert_eq!(bytes.len(), b.encoded_len());
        assert_eq!(from_slice::<Booking>(&bytes).unwrap(), b);
    }

    proptest! {
        /// Any instant in the crate's range: the bytes are the Timestamp's, the
        /// conversions are inverses, and decoding gives it back.
        #[test]
        fn prop_matches_timestamp(
            secs in PrimitiveDateTime::MIN.assume_utc().unix_timestamp()..=PrimitiveDateTime::MAX.assume_utc().unix_timestamp(),
            nanos in 0u32..1_000_000_000,
        ) {
            let t = utc(secs, nanos);
            let ts = Timestamp::new(secs, nanos).unwrap();
            prop_assert_eq!(Timestamp::from(t), ts);
            prop_assert_eq!(Timestamp::from(OffsetDateTime::from(t)), ts);
            prop_assert_eq!(UtcDateTime::try_from(ts).unwrap(), t);
            let bytes = to_vec(&t).unwrap();
            prop_assert_eq!(&bytes, &to_vec(&ts).unwrap());
            prop_assert_eq!(t.encoded_len(), bytes.len());
            prop_assert_eq!(from_slice::<UtcDateTime>(&bytes).unwrap(), t);
            prop_assert_eq!(from_slice::<OffsetDateTime>(&bytes).unwrap(), OffsetDateTime::from(t));
        }
    }
}

/// chrono and time agree on every instant both can hold.
#[cfg(all(feature = "chrono", feature = "time"))]
#[test]
fn chrono_and_time_write_the_same_bytes() {
    for &(secs, nanos, bytes) in KNOWN {
        let c = chrono::DateTime::from_timestamp(secs, nanos).unwrap();
        let t = time::OffsetDateTime::try_from(Timestamp::new(secs, nanos).unwrap()).unwrap();
        assert_eq!(to_vec(&c).unwrap(), bytes);
        assert_eq!(to_vec(&t).unwrap(), bytes);
        let c_back: chrono::DateTime<chrono::Utc> = from_slice(&to_vec(&t).unwrap()).unwrap();
        assert_eq!(c_back, c);
    }
}
