//! The adapters of `msgpack_core::with` against rmp-serde 1.3 (issue 27):
//! a struct that derives both `MsgPack` (the field with the adapter) and
//! serde (the field with its plain serde impl, or the serde `with` module
//! the adapter stands for) writes the same bytes as
//! `rmp_serde::to_vec_named` in map form and `rmp_serde::to_vec` in
//! `array` form, each side reads the other's, and `encoded_len` is exact.
//! Bad input is in `tests/hostile_serde_forms.rs`.
//!
//! `cargo test -p msgpack-core --features chrono,time --test serde_adapters`.

#![allow(unused_imports)]

use std::fmt::Debug;
use std::num::{NonZeroI128, NonZeroU128};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use msgpack_core::{DecodeOwned, Encode, MsgPack, from_slice, to_vec};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

#[path = "common/rng.rs"]
#[allow(dead_code)]
mod rng;

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect::<Vec<_>>().join(" ")
}

/// Our bytes equal rmp-serde's (`to_vec_named` if `named`, else
/// `to_vec`), each side decodes the other's to the value, and the length
/// is exact. Returns the bytes.
#[track_caller]
fn parity<T>(value: &T, named: bool) -> Vec<u8>
where
    T: Encode + DecodeOwned + Serialize + DeserializeOwned + PartialEq + Debug,
{
    let ours = to_vec(value).unwrap();
    assert_eq!(ours.len(), value.encoded_len(), "{value:?}");
    let theirs = if named { rmp_serde::to_vec_named(value) } else { rmp_serde::to_vec(value) }.unwrap();
    assert_eq!(hex(&ours), hex(&theirs), "{value:?}");
    assert_eq!(rmp_serde::from_slice::<T>(&ours).unwrap(), *value, "rmp-serde reading ours");
    assert_eq!(from_slice::<T>(&theirs).unwrap(), *value, "we reading rmp-serde's");
    ours
}

// ---- Duration, SystemTime, 128-bit integers ---------------------------------------

#[derive(MsgPack, Serialize, Deserialize, Debug, PartialEq)]
#[msgpack(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
struct StdNamed {
    #[msgpack(with = "msgpack_core::with::serde_duration")]
    took: Duration,
    #[msgpack(with = "msgpack_core::with::serde_duration::option")]
    limit: Option<Duration>,
    #[msgpack(with = "msgpack_core::with::serde_system_time")]
    at: SystemTime,
    #[msgpack(with = "msgpack_core::with::serde_system_time::option")]
    seen: Option<SystemTime>,
    #[msgpack(with = "msgpack_core::with::serde_int128")]
    big: u128,
    #[msgpack(with = "msgpack_core::with::serde_int128")]
    signed: i128,
    #[msgpack(with = "msgpack_core::with::serde_int128::option")]
    non_zero: Option<NonZeroI128>,
    #[msgpack(with = "msgpack_core::with::serde_int128")]
    positive: NonZeroU128,
}

/// The same in `array` form: `Duration` needs no adapter there.
#[derive(MsgPack, Serialize, Deserialize, Debug, PartialEq)]
#[msgpack(array)]
struct StdCompact {
    took: Duration,
    limit: Option<Duration>,
    #[msgpack(with = "msgpack_core::with::serde_system_time::compact")]
    at: SystemTime,
    #[msgpack(with = "msgpack_core::with::serde_system_time::compact::option")]
    seen: Option<SystemTime>,
    #[msgpack(with = "msgpack_core::with::serde_int128")]
    big: u128,
    #[msgpack(with = "msgpack_core::with::serde_int128")]
    signed: i128,
    #[msgpack(with = "msgpack_core::with::serde_int128::option")]
    non_zero: Option<NonZeroI128>,
    #[msgpack(with = "msgpack_core::with::serde_int128")]
    positive: NonZeroU128,
}

fn std_values() -> Vec<StdNamed> {
    let mut rng = rng::Rng(0x27);
    let mut out = vec![
        StdNamed {
            took: Duration::new(2, 500_000_000),
            limit: None,
            at: UNIX_EPOCH,
            seen: None,
            big: 0,
            signed: 0,
            non_zero: None,
            positive: NonZeroU128::MAX,
        },
        StdNamed {
            took: Duration::MAX,
            limit: Some(Duration::ZERO),
            at: UNIX_EPOCH + Duration::new(u32::MAX as u64 + 1, 999_999_999),
            seen: Some(UNIX_EPOCH + Duration::new(1_700_000_000, 123)),
            big: u128::MAX,
            signed: i128::MIN,
            non_zero: Some(NonZeroI128::new(-1).unwrap()),
            positive: NonZeroU128::MIN,
        },
    ];
    for _ in 0..300 {
        let (a, b) = (rng.next(), rng.next());
        let nanos = (b % 1_000_000_000) as u32;
        out.push(StdNamed {
            took: Duration::new(a >> (a % 64), nanos),
            limit: (!b.is_multiple_of(3)).then(|| Duration::new(b % 1000, nanos / 7)),
            at: UNIX_EPOCH + Duration::new(a % (1 << 40), nanos),
            seen: a.is_multiple_of(2).then(|| UNIX_EPOCH + Duration::from_nanos(b >> 8)),
            big: (u128::from(a) << 64 | u128::from(b)) >> (b % 128),
            signed: ((u128::from(b) << 64 | u128::from(a)) as i128) >> (a % 128),
            non_zero: NonZeroI128::new(a as i128 - b as i128),
            positive: NonZeroU128::new(u128::from(a) + 1).unwrap(),
        });
    }
    out
}

#[test]
fn std_adapters_match_rmp_serde_named() {
    for v in std_values() {
        parity(&v, true);
    }
    // The report's case, to the byte.
    let bytes = to_vec(&std_values().remove(0)).unwrap();
    assert!(bytes.starts_with(b"\x88\xa4took\x82\xa4secs\x02\xa5nanos\xce\x1d\xcd\x65\x00\xa5limit\xc0"));
}

#[test]
fn std_adapters_match_rmp_serde_compact() {
    for v in std_values() {
        let c = StdCompact {
            took: v.took,
            limit: v.limit,
            at: v.at,
            seen: v.seen,
            big: v.big,
            signed: v.signed,
            non_zero: v.non_zero,
            positive: v.positive,
        };
        parity(&c, false);
    }
}

/// `StdNamed` without its `Option` fields.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct StdRequired {
    took: Duration,
    at: SystemTime,
    big: u128,
    signed: i128,
    positive: NonZeroU128,
}

#[test]
fn option_fields_may_be_absent() {
    // serde reads a missing `Option` field as `None`; so does the derive.
    let v = std_values().remove(1);
    let required = StdRequired { took: v.took, at: v.at, big: v.big, signed: v.signed, positive: v.positive };
    let bytes = rmp_serde::to_vec_named(&required).unwrap();
    let back: StdNamed = from_slice(&bytes).unwrap();
    assert_eq!((back.limit, back.seen, back.non_zero), (None, None, None));
    assert_eq!((back.took, back.at, back.big, back.signed, back.positive), (v.took, v.at, v.big, v.signed, v.positive));
    assert_eq!(rmp_serde::from_slice::<StdNamed>(&bytes).unwrap(), back);
}

#[test]
fn system_time_before_the_epoch_is_an_encode_error_on_both_sides() {
    let mut v = std_values().remove(0);
    v.at = UNIX_EPOCH - Duration::from_nanos(1);
    assert!(rmp_serde::to_vec_named(&v).is_err());
    assert!(matches!(to_vec(&v), Err(msgpack_core::encode::Error::Unrepresentable(_))));
}

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

// ---- schema ------------------------------------------------------------------------

/// Two versions of a type in two modules, naming the adapter with and
/// without a leading `::`.
mod v1 {
    use super::*;
    #[derive(MsgPack)]
    pub(crate) struct Job {
        #[msgpack(with = "msgpack_core::with::serde_duration")]
        pub(crate) took: Duration,
    }
}

mod v2 {
    use super::*;
    #[derive(MsgPack)]
    pub(crate) struct Job {
        #[msgpack(with = "::msgpack_core::with::serde_duration")]
        pub(crate) took: Duration,
        pub(crate) retries: Option<u8>,
    }

    /// The same field without the adapter: another form.
    #[derive(MsgPack)]
    pub(crate) struct Plain {
        pub(crate) took: Duration,
    }
}

// The same adapter is the same form from any module.
msgpack_core::assert_compatible!(v2::Job <=> v1::Job);

#[test]
fn adapter_fields_are_opaque_and_named_by_the_adapter() {
    use msgpack_core::schema::{Rule, Shape, check, shape_of};
    let Shape::Struct(def) = shape_of::<v1::Job>() else { panic!("not a struct") };
    let field = def.fields[0].shape.get();
    assert!(matches!(field, Shape::Opaque { with: "msgpack_core::with::serde_duration", ty: "Duration" }), "{field:?}");
    // Without the adapter the field has another form: not compatible.
    let e = check(shape_of::<v2::Plain>(), shape_of::<v1::Job>()).unwrap_err();
    assert_eq!(e.rule(), Rule::WithChanged);
}
