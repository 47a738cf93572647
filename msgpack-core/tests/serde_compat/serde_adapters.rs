//! The adapters of `msgpack_core::with` against rmp-serde 1.3 (issue 27):
//! a struct that derives both `MsgPack` (the field with the adapter) and
//! serde (the field with its plain serde impl, or the serde `with` module
//! the adapter stands for) writes the same bytes as
//! `rmp_serde::to_vec_named` in map form and `rmp_serde::to_vec` in
//! `array` form, each side reads the other's, and `encoded_len` is exact.
//! This file: `Duration`, `SystemTime`, 128-bit integers, ranges, and the
//! adapters in the schema descriptor; the date-times are in
//! `serde_adapters_dates.rs`, bad input in `hostile/hostile_serde_forms.rs`.
//!
//! `cargo test -p msgpack-core --test serde_compat serde_compat::serde_adapters::`.

#![allow(unused_imports)]

use std::num::{NonZeroI128, NonZeroU128};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use msgpack_core::{MsgPack, from_slice, to_vec};
use serde::{Deserialize, Serialize};

use crate::common::rng;

use crate::common::parity;
use parity::parity;

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

// ---- OsString (Unix) ----------------------------------------------------------------

#[cfg(unix)]
#[derive(MsgPack, Serialize, Deserialize, Debug, PartialEq)]
struct Files {
    #[msgpack(with = "msgpack_core::with::serde_os_string")]
    name: std::ffi::OsString,
    #[msgpack(with = "msgpack_core::with::serde_os_string::option")]
    alt: Option<std::ffi::OsString>,
}

#[cfg(unix)]
#[derive(MsgPack, Serialize, Deserialize, Debug, PartialEq)]
#[msgpack(array)]
struct FilesCompact {
    #[msgpack(with = "msgpack_core::with::serde_os_string")]
    name: std::ffi::OsString,
    #[msgpack(with = "msgpack_core::with::serde_os_string::option")]
    alt: Option<std::ffi::OsString>,
}

#[cfg(unix)]
#[test]
fn os_strings_match_rmp_serde_in_both_forms() {
    use std::os::unix::ffi::OsStringExt;
    let mut rng = rng::Rng(0x05);
    for i in 0..300 {
        // Any bytes: UTF-8 or not, which serde's form keeps.
        let name = std::ffi::OsString::from_vec((0..rng.below(40)).map(|_| rng.next() as u8).collect());
        let alt = (i % 2 == 0).then(|| std::ffi::OsString::from(format!("é{i}")));
        parity(&Files { name: name.clone(), alt: alt.clone() }, true);
        parity(&FilesCompact { name, alt }, false);
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

// ---- ranges ---------------------------------------------

#[derive(MsgPack, Serialize, Deserialize, Debug, PartialEq)]
#[msgpack(array)]
struct RangesCompact {
    #[msgpack(with = "msgpack_core::with::serde_range::compact")]
    a: std::ops::Range<u32>,
    #[msgpack(with = "msgpack_core::with::serde_range::compact")]
    b: std::ops::RangeInclusive<char>,
    #[msgpack(with = "msgpack_core::with::serde_range::compact")]
    c: std::ops::RangeFrom<i64>,
    #[msgpack(with = "msgpack_core::with::serde_range::compact")]
    d: std::ops::RangeTo<String>,
    #[msgpack(with = "msgpack_core::with::serde_range::compact::option")]
    e: Option<std::ops::Range<u8>>,
}

// The map form is the ranges' own: no adapter.
#[derive(MsgPack, Serialize, Deserialize, Debug, PartialEq)]
struct RangesNamed {
    a: std::ops::Range<u32>,
    b: std::ops::RangeInclusive<char>,
    c: std::ops::RangeFrom<i64>,
    d: std::ops::RangeTo<String>,
    e: Option<std::ops::Range<u8>>,
}

#[test]
fn ranges_match_rmp_serde_in_both_forms() {
    let mut rng = rng::Rng(0x5a5a);
    for i in 0..300 {
        let (x, y) = (rng.next(), rng.next());
        let a = (x as u32)..(y as u32); // a start past the end is kept
        let b = char::from_u32((x % 0xd000) as u32).unwrap()..=char::from_u32((y % 0xd000) as u32).unwrap();
        let c = (x as i64)..;
        let d = ..format!("{y:x}");
        let e = (i % 3 != 0).then_some((x as u8)..(y as u8));
        parity(&RangesCompact { a: a.clone(), b: b.clone(), c: c.clone(), d: d.clone(), e: e.clone() }, false);
        parity(&RangesNamed { a, b, c, d, e }, true);
    }
}
