//! Hostile input for the adapters of `msgpack_core::with` (issue 27): each
//! case asserts the exact error (its message, with the value found, its
//! offset and its path), and random mutations of valid messages never
//! panic. Companion of `hostile_corpus.rs`, for the adapters.
//!
//! `cargo test -p msgpack-core --features chrono,time --test hostile hostile::hostile_serde_forms::`.

#![allow(unused_imports)]

use std::num::NonZeroU128;
use std::time::{Duration, SystemTime};

use msgpack_core::decode::{ErrorKind, Found};
use msgpack_core::{MsgPack, from_slice, to_vec};

use crate::common::rng;

#[derive(MsgPack, Debug, PartialEq)]
struct Std {
    #[msgpack(with = "msgpack_core::with::serde_duration")]
    d: Duration,
    #[msgpack(with = "msgpack_core::with::serde_system_time")]
    t: SystemTime,
    #[msgpack(with = "msgpack_core::with::serde_int128")]
    n: NonZeroU128,
    #[msgpack(with = "msgpack_core::with::serde_int128::option")]
    i: Option<i128>,
}

/// A valid `Std` message with the field `key`'s value replaced by `value`.
fn std_with(key: &str, value: &[u8]) -> Vec<u8> {
    let mut fields: Vec<(&str, Vec<u8>)> = vec![
        ("d", b"\x82\xa4secs\x01\xa5nanos\x02".to_vec()),
        ("t", b"\x92\x01\x02".to_vec()),
        ("n", b"\x07".to_vec()),
        ("i", b"\xc0".to_vec()),
    ];
    fields.iter_mut().filter(|(k, _)| *k == key).for_each(|(_, v)| *v = value.to_vec());
    let mut out = vec![0x84];
    for (k, v) in fields {
        out.extend(to_vec(k).unwrap());
        out.extend(v);
    }
    out
}

/// The error of decoding `bytes` as `T`, as `message at path (byte n)`.
#[track_caller]
fn error<T: msgpack_core::DecodeOwned + std::fmt::Debug>(bytes: &[u8]) -> String {
    match from_slice::<T>(bytes) {
        Ok(v) => panic!("decoded {v:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn std_adapters_refuse_bad_values() {
    assert_eq!(from_slice::<Std>(&std_with("d", b"\x92\x01\x02")).unwrap().d, Duration::new(1, 2));
    let cases: [(&str, &[u8], &str); 11] = [
        (
            "d",
            b"\x82\xa4secs\x01\xa5nanos\xce\x3b\x9a\xca\x00",
            "expected nanoseconds below 1e9, found int 1000000000 (out of range) at $.d (byte 3)",
        ),
        ("d", b"\x81\xa4secs\x01", "missing field \"nanos\" at $.d (byte 3)"),
        ("d", b"\x82\xa4secs\x01\xa4secs\x01", "duplicate field \"secs\" at $.d (byte 10)"),
        ("d", b"\xa5hello", "expected array, found str \"hello\" at $.d (byte 3)"),
        (
            "t",
            b"\x92\x01\xce\x3b\x9a\xca\x00",
            "expected nanos_since_epoch below 1e9, found int 1000000000 (out of range) at $.t (byte 19)",
        ),
        (
            "t",
            b"\x92\xcf\xff\xff\xff\xff\xff\xff\xff\xff\x00",
            "expected secs_since_epoch within the range of std::time::SystemTime, found int 18446744073709551615 (out of range) at $.t (byte 19)",
        ),
        ("t", b"\x93\x01\x02\x03", "expected 2 elements, found 3 at $.t (byte 19)"),
        ("t", b"\xd6\xff\x65\x53\xf1\x00", "expected array, found ext type -1 of 4 bytes at $.t (byte 19)"),
        ("n", b"\xc4\x0f\0\0\0\0\0\0\0\0\0\0\0\0\0\0\x01", "expected 16 elements, found 15 at $.n (byte 24)"),
        (
            "n",
            b"\xc4\x10\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0",
            "expected a 128-bit integer (zero into a NonZero), found bin of 16 bytes at $.n (byte 24)",
        ),
        ("i", b"\xa1x", "expected i128, found str \"x\" at $.i (byte 27)"),
    ];
    let got: Vec<String> = cases.iter().map(|(key, value, _)| error::<Std>(&std_with(key, value))).collect();
    assert_eq!(got, cases.map(|c| c.2));
}

#[cfg(feature = "chrono")]
#[derive(MsgPack, Debug, PartialEq)]
#[msgpack(rename_all = "camelCase")]
struct Chrono {
    #[msgpack(with = "msgpack_core::with::chrono_str")]
    created_at: chrono::DateTime<chrono::Utc>,
    #[msgpack(with = "msgpack_core::with::chrono_str::option")]
    day: Option<chrono::NaiveDate>,
}

#[cfg(feature = "chrono")]
#[test]
fn chrono_str_refuses_malformed_text() {
    let msg = |at: &[u8], day: &[u8]| [b"\x82\xa9createdAt".as_slice(), at, b"\xa3day", day].concat();
    let good = msg(b"\xb82023-11-14T22:13:20.123Z", b"\xc0");
    assert_eq!(from_slice::<Chrono>(&good).unwrap().created_at.timestamp_subsec_millis(), 123);
    let cases: [(Vec<u8>, &str); 6] = [
        (
            msg(b"\xb42023-13-14T22:13:20Z", b"\xc0"),
            "expected a date-time as chrono writes it (input is out of range), found str \"2023-13-14T22:13:20Z\" at $.createdAt (byte 11)",
        ),
        (
            msg(b"\xb32023-11-14T22:13:20", b"\xc0"),
            "expected a date-time as chrono writes it (premature end of input), found str \"2023-11-14T22:13:20\" at $.createdAt (byte 11)",
        ),
        (
            msg(b"\xa0", b"\xc0"),
            "expected a date-time as chrono writes it (premature end of input), found str \"\" at $.createdAt (byte 11)",
        ),
        // The report's other direction: our timestamp where the text is expected.
        (
            msg(b"\xd6\xff\x65\x53\xf1\x00", b"\xc0"),
            "expected str, found ext type -1 of 4 bytes at $.createdAt (byte 11)",
        ),
        (
            msg(b"\xb42023-11-14T22:13:20Z", b"\xaa2023-02-30"),
            "expected a date-time as chrono writes it (input is out of range), found str \"2023-02-30\" at $.day (byte 36)",
        ),
        (msg(b"\xb42023-11-14T22:13:20Z", b"\xa3\xff\xfe\xfd"), "invalid UTF-8 in str at $.day (byte 36)"),
    ];
    let got: Vec<String> = cases.iter().map(|(bytes, _)| error::<Chrono>(bytes)).collect();
    assert_eq!(got, cases.map(|c| c.1));
}

#[cfg(feature = "chrono")]
#[derive(MsgPack, Debug, PartialEq)]
#[msgpack(array)]
struct Stamps {
    #[msgpack(with = "msgpack_core::with::chrono_ts::seconds")]
    s: chrono::DateTime<chrono::Utc>,
    #[msgpack(with = "msgpack_core::with::chrono_ts::nanoseconds::option")]
    ns: Option<chrono::DateTime<chrono::Utc>>,
    #[msgpack(with = "msgpack_core::with::serde_range::compact")]
    r: std::ops::Range<u8>,
}

#[cfg(feature = "chrono")]
#[test]
fn chrono_ts_and_ranges_refuse_bad_values() {
    let good = b"\x93\x01\xc0\x92\x01\x02";
    assert_eq!(from_slice::<Stamps>(good).unwrap().r, 1..2);
    let cases: [(&[u8], &str); 4] = [
        (
            b"\x93\xd3\x7f\xff\xff\xff\xff\xff\xff\xff\xc0\x92\x01\x02",
            "expected seconds within the range of chrono::DateTime, found int 9223372036854775807 (out of range) at $.s (byte 1)",
        ),
        (b"\x93\xa11\xc0\x92\x01\x02", "expected i128, found str \"1\" at $.s (byte 1)"),
        (b"\x93\x01\xcb\x3f\xf0\0\0\0\0\0\0\x92\x01\x02", "expected i128, found float64 1 at $.ns (byte 2)"),
        (b"\x93\x01\xc0\x93\x01\x02\x03", "expected 2 elements, found 3 at $.r (byte 3)"),
    ];
    let got: Vec<String> = cases.iter().map(|(bytes, _)| error::<Stamps>(bytes)).collect();
    assert_eq!(got, cases.map(|c| c.1));
}

/// An adapter inside an untagged enum: a text that does not parse fails the
/// variant quietly, and the next one is tried.
#[cfg(feature = "chrono")]
#[derive(MsgPack, Debug, PartialEq)]
#[msgpack(untagged)]
enum When {
    At(#[msgpack(with = "msgpack_core::with::chrono_str")] chrono::DateTime<chrono::Utc>),
    Text(String),
}

#[cfg(feature = "chrono")]
#[test]
fn adapters_in_untagged_variants() {
    let at = from_slice::<When>(b"\xb42023-11-14T22:13:20Z").unwrap();
    assert!(matches!(at, When::At(t) if t.timestamp() == 1_700_000_000));
    assert_eq!(from_slice::<When>(b"\xa5later").unwrap(), When::Text("later".into()));
    let e = from_slice::<When>(&[0x07]).unwrap_err().to_string();
    assert!(e.starts_with("no variant of untagged enum When matched (At: expected str"), "{e}");
}

#[cfg(feature = "time")]
#[derive(MsgPack, Debug, PartialEq)]
struct Time {
    #[msgpack(with = "msgpack_core::with::time_rfc3339")]
    text: time::OffsetDateTime,
    #[msgpack(with = "msgpack_core::with::time_tuple")]
    tuple: time::OffsetDateTime,
}

#[cfg(feature = "time")]
#[test]
fn time_adapters_refuse_bad_values() {
    let tuple = b"\x99\xcd\x07\xe7\xcd\x01\x32\x17\x0d\x14\x00\x01\x00\x00";
    let msg = |text: &[u8], tuple: &[u8]| [b"\x82\xa4text".as_slice(), text, b"\xa5tuple", tuple].concat();
    let good = msg(b"\xb42023-11-14T22:13:20Z", tuple);
    assert_eq!(from_slice::<Time>(&good).unwrap().tuple.offset().whole_hours(), 1);
    let cases: [(Vec<u8>, &str); 7] = [
        (
            msg(b"\xb32023-11-14T22:13:20", tuple),
            "expected an RFC 3339 date-time (the 'offset hour' component could not be parsed), found str \"2023-11-14T22:13:20\" at $.text (byte 6)",
        ),
        (
            msg(b"\xb42023-02-30T22:13:20Z", tuple),
            "expected an RFC 3339 date-time (day must be in the range 1..=28 for the given month and year), found str \"2023-02-30T22:13:20Z\" at $.text (byte 6)",
        ),
        (
            msg(b"\xb42023-11-14T22:13:20Z", b"\x96\x01\x01\x00\x00\x00\x00"),
            "expected 9 elements, found 6 at $.tuple (byte 33)",
        ),
        (
            msg(b"\xb42023-11-14T22:13:20Z", b"\x99\x01\xcd\x01\x6f\x00\x00\x00\x00\x00\x00\x00"),
            "expected a date-time as time's serde impl writes it (ordinal must be in the range 1..=365 for the given year), found array of 9 elements at $.tuple (byte 33)",
        ),
        (
            msg(b"\xb42023-11-14T22:13:20Z", b"\x99\x01\x01\x18\x00\x00\x00\x00\x00\x00"),
            "expected a date-time as time's serde impl writes it (hour must be in the range 0..=23), found array of 9 elements at $.tuple (byte 33)",
        ),
        (
            msg(b"\xb42023-11-14T22:13:20Z", b"\x99\x01\x01\x00\x00\x00\x00\x1e\x00\x00"),
            "expected a date-time as time's serde impl writes it (hours must be in the range -25..=25), found array of 9 elements at $.tuple (byte 33)",
        ),
        (
            msg(
                b"\xb42023-11-14T22:13:20Z",
                b"\x99\xcf\x00\x00\x00\x01\x00\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00",
            ),
            "expected i32, found int 4294967296 (out of range) at $.tuple[0] (byte 34)",
        ),
    ];
    let got: Vec<String> = cases.iter().map(|(bytes, _)| error::<Time>(bytes)).collect();
    assert_eq!(got, cases.map(|c| c.1));
}

/// Mutations of valid messages: an error or a value, never a panic; a
/// value decoded is encoded again without error.
#[test]
fn random_mutations_never_panic() {
    let mut rng = rng::Rng(0x27_27);
    #[allow(unused_mut)] // the date-time features push their seeds
    let mut seeds = vec![std_with("i", b"\xc4\x10\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10")];
    #[cfg(feature = "chrono")]
    seeds.push(b"\x82\xa9createdAt\xb82023-11-14T22:13:20.123Z\xa3day\xaa2023-11-14".to_vec());
    #[cfg(feature = "time")]
    seeds.push(
        b"\x82\xa4text\xb42023-11-14T22:13:20Z\xa5tuple\x99\xcd\x07\xe7\xcd\x01\x32\x17\x0d\x14\x00\x01\x00\x00"
            .to_vec(),
    );
    for seed in &seeds {
        for _ in 0..20_000 {
            let mut m = seed.clone();
            for _ in 0..1 + rng.below(3) {
                let i = rng.below(m.len());
                match rng.below(3) {
                    0 => m[i] = rng.next() as u8,
                    1 => m.truncate(i),
                    _ => m.insert(i, rng.next() as u8),
                }
                if m.is_empty() {
                    break;
                }
            }
            if let Ok(v) = from_slice::<Std>(&m) {
                to_vec(&v).unwrap();
            }
            #[cfg(feature = "chrono")]
            if let Ok(v) = from_slice::<Chrono>(&m) {
                to_vec(&v).unwrap();
            }
            #[cfg(feature = "time")]
            if let Ok(v) = from_slice::<Time>(&m) {
                to_vec(&v).unwrap();
            }
        }
    }
}
