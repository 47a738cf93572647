//! The date-time adapters of `msgpack_core::with` against rmp-serde 1.3
//! (issue 27), as `serde_adapters.rs` does for the others: chrono's text
//! (`chrono_str`) and timestamp modules (`chrono_ts`), time's RFC 3339 and
//! tuples, in map and `array` containers, both ways.
//!
//! `cargo test -p msgpack-core --features chrono,time --test serde_compat serde_compat::serde_adapters_dates::`.

#![allow(unused_imports)]

use msgpack_core::{MsgPack, from_slice, to_vec};
use serde::{Deserialize, Serialize};

use crate::common::rng;

use crate::common::parity;
use parity::parity;

// ---- chrono ------------------------------------------------------------------------

#[cfg(feature = "chrono")]
mod chrono_forms {
    use super::*;
    use chrono::{DateTime, FixedOffset, NaiveDate, NaiveDateTime, NaiveTime, TimeZone, Utc};

    macro_rules! chrono_struct {
        ($name:ident $(, $form:ident)?) => {
            #[derive(MsgPack, Serialize, Deserialize, Debug, PartialEq)]
            $(#[msgpack($form)])?
            pub(super) struct $name {
                #[msgpack(with = "msgpack_core::with::chrono_str")]
                utc: DateTime<Utc>,
                #[msgpack(with = "msgpack_core::with::chrono_str")]
                fixed: DateTime<FixedOffset>,
                #[msgpack(with = "msgpack_core::with::chrono_str")]
                naive: NaiveDateTime,
                #[msgpack(with = "msgpack_core::with::chrono_str")]
                date: NaiveDate,
                #[msgpack(with = "msgpack_core::with::chrono_str")]
                time: NaiveTime,
                #[msgpack(with = "msgpack_core::with::chrono_str::option")]
                maybe: Option<DateTime<Utc>>,
            }
        };
    }
    chrono_struct!(Named);
    chrono_struct!(Compact, array);

    /// Nanoseconds of each width chrono writes (0, 3, 6 or 9 digits).
    fn nanos(rng: &mut rng::Rng) -> u32 {
        let n = (rng.next() % 1_000_000_000) as u32;
        [0, n / 1_000_000 * 1_000_000, n / 1000 * 1000, n, 100_000_000, 1][rng.below(6)]
    }

    fn values() -> Vec<(DateTime<Utc>, DateTime<FixedOffset>)> {
        let mut rng = rng::Rng(0xc4_0e0);
        // chrono's range: about ±262,000 years.
        let (min, max) = (DateTime::<Utc>::MIN_UTC.timestamp(), DateTime::<Utc>::MAX_UTC.timestamp());
        let mut out = vec![];
        for i in 0..2000 {
            let secs = match i % 4 {
                0 => rng.next() as i64 % max,
                1 => (rng.next() % 4_102_444_800) as i64,     // 1970..2100
                2 => -((rng.next() % 62_167_219_200) as i64), // back to year 0
                _ => [min, max, 0, -1, 253_402_300_799, 253_402_300_800][rng.below(6)],
            };
            let Some(utc) = DateTime::from_timestamp(secs, nanos(&mut rng)) else { continue };
            // Whole minutes: chrono rounds an offset to the minute in its
            // text, so one with seconds does not come back (on either side;
            // its bytes are compared in `chrono_str_known_text`).
            let off = FixedOffset::east_opt(((rng.next() % 2879) as i32 - 1439) * 60).unwrap();
            let off = [off, FixedOffset::east_opt(0).unwrap(), FixedOffset::west_opt(5 * 3600).unwrap()][rng.below(3)];
            // chrono's `naive_local` (and so its `Serialize`) panics for a
            // local time past its range; the adapter's error is in
            // `chrono_local_time_out_of_range_is_an_encode_error`.
            if utc.naive_utc().checked_add_offset(off).is_some() {
                out.push((utc, utc.with_timezone(&off)));
            }
        }
        // Leap seconds (nanoseconds of 1e9 or more: second 60 in text).
        let leap = NaiveDate::from_ymd_opt(2016, 12, 31).unwrap().and_hms_nano_opt(23, 59, 59, 1_500_000_000).unwrap();
        out.push((Utc.from_utc_datetime(&leap), Utc.from_utc_datetime(&leap).fixed_offset()));
        out
    }

    #[test]
    fn chrono_str_matches_rmp_serde_in_both_forms() {
        let mut rng = rng::Rng(7);
        for (utc, fixed) in values() {
            let naive = fixed.naive_local();
            let (date, time) = (naive.date(), naive.time());
            let maybe = rng.next().is_multiple_of(2).then_some(utc);
            let bytes = parity(&Named { utc, fixed, naive, date, time, maybe }, true);
            // `DateTime<FixedOffset>` compares instants: the offset is kept
            // (rounded to the minute, as chrono's text has it).
            let back: Named = from_slice(&bytes).unwrap();
            let theirs: Named = rmp_serde::from_slice(&bytes).unwrap();
            assert_eq!(back.fixed.offset(), theirs.fixed.offset());
            parity(&Compact { utc, fixed, naive, date, time, maybe }, false);
        }
    }

    #[test]
    fn chrono_local_time_out_of_range_is_an_encode_error() {
        let far = DateTime::<Utc>::MAX_UTC.with_timezone(&FixedOffset::east_opt(3600).unwrap());
        let mut out = Vec::new();
        let e = msgpack_core::with::chrono_str::encode(&far, &mut msgpack_core::Encoder::new(&mut out)).unwrap_err();
        assert!(matches!(e, msgpack_core::encode::Error::Unrepresentable(_)));
        assert_eq!(msgpack_core::with::chrono_str::encoded_len(&far), 0);
        // At UTC it is written, and read back.
        let max = DateTime::<Utc>::MAX_UTC;
        msgpack_core::with::chrono_str::encode(&max, &mut msgpack_core::Encoder::new(&mut out)).unwrap();
        assert_eq!(out, rmp_serde::to_vec(&max).unwrap());
    }

    #[test]
    fn chrono_str_known_text() {
        use msgpack_core::with::chrono_str;
        let cases: [(&str, &str); 5] = [
            ("2023-11-14T22:13:20.123Z", "2023-11-14T22:13:20.123Z"),
            ("2023-11-14T22:13:20.1Z", "2023-11-14T22:13:20.100Z"),
            ("2023-11-14T22:13:20.0001Z", "2023-11-14T22:13:20.000100Z"),
            ("2023-11-14T22:13:20.000000001Z", "2023-11-14T22:13:20.000000001Z"),
            ("2023-11-14T22:13:20+00:00", "2023-11-14T22:13:20Z"),
        ];
        for (input, text) in cases {
            let t: DateTime<Utc> = input.parse().unwrap();
            let mut out = Vec::new();
            chrono_str::encode(&t, &mut msgpack_core::Encoder::new(&mut out)).unwrap();
            assert_eq!(out, to_vec(text).unwrap(), "{input}");
            assert_eq!(out, rmp_serde::to_vec(&t).unwrap());
        }
        // An offset with seconds is rounded to the minute, as chrono does.
        let odd = DateTime::from_timestamp(0, 0).unwrap().with_timezone(&FixedOffset::east_opt(3600 + 30).unwrap());
        assert_eq!(rmp_serde::to_vec(&odd).unwrap(), to_vec("1970-01-01T01:00:30+01:01").unwrap());
        assert_eq!(chrono_str::encoded_len(&odd), 26);
    }
}

// ---- time --------------------------------------------------------------------------

#[cfg(feature = "time")]
mod time_forms {
    use super::*;
    use time::{Date, OffsetDateTime, PrimitiveDateTime, Time, UtcDateTime, UtcOffset};

    macro_rules! time_struct {
        ($name:ident $(, $form:ident)?) => {
            #[derive(MsgPack, Serialize, Deserialize, Debug, PartialEq)]
            $(#[msgpack($form)])?
            pub(super) struct $name {
                #[msgpack(with = "msgpack_core::with::time_tuple")]
                odt: OffsetDateTime,
                #[msgpack(with = "msgpack_core::with::time_tuple")]
                pdt: PrimitiveDateTime,
                #[msgpack(with = "msgpack_core::with::time_tuple")]
                udt: UtcDateTime,
                #[msgpack(with = "msgpack_core::with::time_tuple::option")]
                maybe: Option<OffsetDateTime>,
                #[msgpack(with = "msgpack_core::with::time_rfc3339")]
                #[serde(with = "time::serde::rfc3339")]
                text: OffsetDateTime,
                #[msgpack(with = "msgpack_core::with::time_rfc3339::option")]
                #[serde(with = "time::serde::rfc3339::option")]
                text_opt: Option<OffsetDateTime>,
            }
        };
    }
    time_struct!(Named);
    time_struct!(Compact, array);

    /// A random date-time of `time`'s default range, and a random offset
    /// (`whole` minutes only, for RFC 3339).
    fn date_time(rng: &mut rng::Rng, years: i64, whole: bool) -> OffsetDateTime {
        loop {
            let year = (rng.next() % (2 * years as u64 + 1)) as i64 - years;
            let Ok(date) = Date::from_ordinal_date(year as i32, 1 + rng.below(366) as u16) else { continue };
            let nanos = [0, (rng.next() % 1_000_000_000) as u32, 500_000_000, 120_000_000, 1][rng.below(5)];
            let t = Time::from_hms_nano(rng.below(24) as u8, rng.below(60) as u8, rng.below(60) as u8, nanos).unwrap();
            let h = rng.below(51) as i8 - 25;
            let (m, s) = (rng.below(60) as i8 * h.signum(), if whole { 0 } else { rng.below(60) as i8 * h.signum() });
            let off = [UtcOffset::from_hms(h, m, s).unwrap(), UtcOffset::UTC][rng.below(2)];
            if whole && h.abs() > 23 {
                continue;
            }
            return PrimitiveDateTime::new(date, t).assume_offset(off);
        }
    }

    #[test]
    fn time_adapters_match_rmp_serde_in_both_forms() {
        let mut rng = rng::Rng(0x713e);
        for _ in 0..2000 {
            let odt = date_time(&mut rng, 9999, false);
            let pdt = PrimitiveDateTime::new(odt.date(), odt.time());
            let udt = date_time(&mut rng, 9999, false).to_utc();
            let maybe = rng.next().is_multiple_of(2).then_some(odt);
            // RFC 3339 has years 0..=9999 only.
            let text = loop {
                let t = date_time(&mut rng, 9999, true);
                if t.year() >= 0 {
                    break t;
                }
            };
            let text_opt = rng.next().is_multiple_of(2).then_some(text);
            let bytes = parity(&Named { odt, pdt, udt, maybe, text, text_opt }, true);
            // `OffsetDateTime` compares instants: the offsets are kept.
            let back: Named = from_slice(&bytes).unwrap();
            assert_eq!((back.odt.offset(), back.text.offset()), (odt.offset(), text.offset()));
            parity(&Compact { odt, pdt, udt, maybe, text, text_opt }, false);
        }
    }

    #[test]
    fn rfc3339_refuses_what_time_refuses() {
        use msgpack_core::encode::Error;
        let ok = time::macros::datetime!(2023-11-14 22:13:20.5 UTC);
        // (A year past 9999 needs time's `large-dates`.)
        let refused = [ok.replace_year(-1).unwrap(), ok.to_offset(time::macros::offset!(+1:00:30))];
        for t in refused {
            let n = Named {
                odt: ok,
                pdt: PrimitiveDateTime::new(ok.date(), ok.time()),
                udt: ok.to_utc(),
                maybe: None,
                text: t,
                text_opt: None,
            };
            assert!(rmp_serde::to_vec_named(&n).is_err(), "{t}");
            assert!(matches!(to_vec(&n), Err(Error::Unrepresentable(_))), "{t}");
        }
        let mut out = Vec::new();
        msgpack_core::with::time_rfc3339::encode(&ok, &mut msgpack_core::Encoder::new(&mut out)).unwrap();
        assert_eq!(out, to_vec("2023-11-14T22:13:20.5Z").unwrap());
    }
}

#[cfg(feature = "chrono")]
mod chrono_ts_forms {
    use super::*;
    use chrono::{DateTime, Utc};

    macro_rules! ts_struct {
        ($name:ident $(, $form:ident)?) => {
            #[derive(MsgPack, Serialize, Deserialize, Debug, PartialEq)]
            $(#[msgpack($form)])?
            pub(super) struct $name {
                #[msgpack(with = "msgpack_core::with::chrono_ts::seconds")]
                #[serde(with = "chrono::serde::ts_seconds")]
                s: DateTime<Utc>,
                #[msgpack(with = "msgpack_core::with::chrono_ts::milliseconds")]
                #[serde(with = "chrono::serde::ts_milliseconds")]
                ms: DateTime<Utc>,
                #[msgpack(with = "msgpack_core::with::chrono_ts::microseconds")]
                #[serde(with = "chrono::serde::ts_microseconds")]
                us: DateTime<Utc>,
                #[msgpack(with = "msgpack_core::with::chrono_ts::nanoseconds")]
                #[serde(with = "chrono::serde::ts_nanoseconds")]
                ns: DateTime<Utc>,
                #[msgpack(with = "msgpack_core::with::chrono_ts::seconds::option")]
                #[serde(with = "chrono::serde::ts_seconds_option")]
                s_opt: Option<DateTime<Utc>>,
                #[msgpack(with = "msgpack_core::with::chrono_ts::milliseconds::option")]
                #[serde(with = "chrono::serde::ts_milliseconds_option")]
                ms_opt: Option<DateTime<Utc>>,
                #[msgpack(with = "msgpack_core::with::chrono_ts::microseconds::option")]
                #[serde(with = "chrono::serde::ts_microseconds_option")]
                us_opt: Option<DateTime<Utc>>,
                #[msgpack(with = "msgpack_core::with::chrono_ts::nanoseconds::option")]
                #[serde(with = "chrono::serde::ts_nanoseconds_option")]
                ns_opt: Option<DateTime<Utc>>,
            }
        };
    }
    ts_struct!(Named);
    ts_struct!(Compact, array);

    /// `t` cut to what `per` units a second keep (chrono drops the rest).
    fn cut(t: DateTime<Utc>, per: u32) -> DateTime<Utc> {
        let step = 1_000_000_000 / per;
        DateTime::from_timestamp(t.timestamp(), t.timestamp_subsec_nanos() / step * step).unwrap()
    }

    #[test]
    fn chrono_ts_matches_rmp_serde_in_both_forms() {
        let mut rng = rng::Rng(0x75);
        let max = DateTime::<Utc>::MAX_UTC.timestamp();
        for i in 0..2000 {
            // Wide for seconds to microseconds; nanoseconds hold ±292 years.
            let wide = DateTime::from_timestamp(rng.next() as i64 % max, (rng.next() % 1_000_000_000) as u32);
            let near = DateTime::from_timestamp(rng.next() as i64 % 9_000_000_000, (rng.next() % 1_000_000_000) as u32);
            let (Some(wide), Some(near)) = (wide, near) else { continue };
            let wide_us = if i % 2 == 0 { near } else { wide };
            let v = Named {
                s: cut(wide, 1),
                ms: cut(wide, 1000),
                us: cut(wide_us, 1_000_000),
                ns: near,
                s_opt: (i % 3 == 0).then(|| cut(near, 1)),
                ms_opt: (i % 3 == 1).then(|| cut(near, 1000)),
                us_opt: (i % 3 == 2).then(|| cut(near, 1_000_000)),
                ns_opt: (i % 2 == 0).then_some(near),
            };
            parity(&v, true);
            let c = Compact {
                s: v.s,
                ms: v.ms,
                us: v.us,
                ns: v.ns,
                s_opt: v.s_opt,
                ms_opt: v.ms_opt,
                us_opt: v.us_opt,
                ns_opt: v.ns_opt,
            };
            parity(&c, false);
        }
    }

    #[test]
    fn chrono_ts_drops_the_finer_digits_as_chrono_does() {
        use msgpack_core::with::chrono_ts;
        let t = DateTime::from_timestamp(-2, 999_999_999).unwrap(); // 1969-12-31T23:59:58.999999999Z
        let mut out = Vec::new();
        chrono_ts::milliseconds::encode(&t, &mut msgpack_core::Encoder::new(&mut out)).unwrap();
        assert_eq!(out, rmp_serde::to_vec(&t.timestamp_millis()).unwrap());
        assert_eq!(from_slice::<i64>(&out).unwrap(), -1001);
        // Beyond the i64 nanoseconds: both refuse to encode.
        let far = DateTime::from_timestamp(1 << 40, 0).unwrap();
        assert!(chrono_ts::nanoseconds::encode(&far, &mut msgpack_core::Encoder::new(&mut out)).is_err());
        assert!(chrono::serde::ts_nanoseconds::serialize(&far, &mut rmp_serde::Serializer::new(&mut out)).is_err());
        assert_eq!(chrono_ts::nanoseconds::encoded_len(&far), 0);
        // u64 nanoseconds past i64::MAX are still a date chrono reads.
        let big = to_vec(&u64::MAX).unwrap();
        let ours = chrono_ts::nanoseconds::decode(&mut msgpack_core::Decoder::new(&big)).unwrap();
        let theirs = chrono::serde::ts_nanoseconds::deserialize(&mut rmp_serde::Deserializer::new(&big[..])).unwrap();
        assert_eq!(ours, theirs);
    }
}
