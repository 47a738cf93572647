//! `RawRef` / `Raw`: one value kept as its bytes. Round trips of arbitrary
//! values, verbatim re-encoding (non-canonical input stays as it was),
//! use inside derived types and maps, zero allocations for a borrowed
//! decode, and hostile input: truncation at every cut, `0xc1`, length
//! prefixes the input cannot back, a million-deep nesting (the structural
//! check is iterative), trailing bytes, the allocation budget.

use std::collections::BTreeMap;

use msgpack_core::decode::{ErrorKind, Limit};
use msgpack_core::{
    DecodeOptions, MsgPack, Raw, RawRef, Value, assert_compatible, from_slice, from_slice_with, to_vec,
};
use proptest::prelude::*;

use crate::common::any_value;
use crate::common::peak_alloc;

proptest! {
    #[test]
    fn any_value_round_trips(v in any_value::any_value()) {
        let bytes = to_vec(&v).unwrap();
        let raw = RawRef::new(&bytes).unwrap();
        prop_assert_eq!(raw.as_bytes(), &bytes[..]);
        prop_assert_eq!(to_vec(&raw).unwrap(), bytes.clone());
        let owned = Raw::new(bytes.clone()).unwrap();
        prop_assert_eq!(to_vec(&owned).unwrap(), bytes.clone());
        prop_assert_eq!(owned.as_ref(), raw);
        // Decoded as a field of a sequence, then back.
        let pair = to_vec(&(1u8, &v)).unwrap();
        let (one, inner): (u8, RawRef) = from_slice(&pair).unwrap();
        prop_assert_eq!(one, 1);
        prop_assert_eq!(inner.as_bytes(), &bytes[..]);
        let (_, inner): (u8, Raw) = from_slice(&pair).unwrap();
        prop_assert_eq!(inner.as_bytes(), &bytes[..]);
    }
}

#[test]
fn non_canonical_bytes_are_kept_verbatim() {
    // uint 16 for 5, str 8 for a 1-byte string, map 16 for one entry.
    let bytes = [0xde, 0x00, 0x01, 0xd9, 0x01, b'k', 0xcd, 0x00, 0x05];
    let raw = RawRef::new(&bytes).unwrap();
    assert_eq!(to_vec(&raw).unwrap(), bytes);
    let map: BTreeMap<String, u8> = raw.decode().unwrap();
    assert_eq!(map["k"], 5);
    // Re-encoding the decoded value is canonical, the raw value is not.
    assert_eq!(to_vec(&map).unwrap(), [0x81, 0xa1, b'k', 0x05]);
}

#[derive(MsgPack, Debug, PartialEq)]
struct Envelope<'a> {
    kind: &'a str,
    body: RawRef<'a>,
}

#[derive(MsgPack, Debug, PartialEq, Clone)]
struct Stored {
    kind: String,
    body: Raw,
    extra: BTreeMap<String, Raw>,
}

#[test]
fn in_derived_types_and_maps() {
    let body = to_vec(&(1u32, "two", [3.5f64])).unwrap();
    let stored = Stored {
        kind: "k".into(),
        body: Raw::new(body.clone()).unwrap(),
        extra: BTreeMap::from([("a".into(), Raw::encode(&Value::from(true)).unwrap())]),
    };
    let bytes = to_vec(&stored).unwrap();
    assert_eq!(bytes.len(), msgpack_core::Encode::encoded_len(&stored));
    assert_eq!(from_slice::<Stored>(&bytes).unwrap(), stored);

    #[derive(MsgPack)]
    struct Sent<'a> {
        kind: &'a str,
        body: (u32, &'a str, [f64; 1]),
    }
    let sent = to_vec(&Sent { kind: "k", body: (1, "two", [3.5]) }).unwrap();
    let env: Envelope = from_slice(&sent).unwrap();
    assert_eq!(env.body.as_bytes(), &body[..]);
    assert_eq!(to_vec(&env).unwrap(), sent);
    assert_eq!(env.body.decode::<(u32, &str, [f64; 1])>().unwrap(), (1, "two", [3.5]));

    // A borrowed decode allocates nothing.
    let (value, _largest, total) = peak_alloc::measure(|| from_slice::<Envelope>(&sent).unwrap());
    assert_eq!(value, env);
    assert_eq!(total, 0, "a borrowed decode allocated {total} bytes");
}

#[test]
fn schema_is_any_value() {
    #[derive(MsgPack)]
    struct Reader {
        body: Raw,
    }
    #[derive(MsgPack)]
    struct Writer {
        body: Vec<BTreeMap<String, (u8, String)>>,
    }
    assert_compatible!(Reader, Writer);
}

/// A value with every kind of length prefix and nesting.
fn sample() -> Vec<u8> {
    to_vec(&Value::Map(vec![
        (Value::from("s"), Value::from("x".repeat(40))),
        (Value::from(7u8), Value::from(vec![1u8; 300])),
        (Value::from(-1i64), Value::Array(vec![Value::from(1.5f64), Value::Nil, Value::from(u64::MAX)])),
        (Value::from(false), Value::from(msgpack_core::Ext::new(5, vec![0; 17]))),
    ]))
    .unwrap()
}

#[test]
fn every_truncation_is_an_error_at_its_end() {
    let bytes = sample();
    for cut in 0..bytes.len() {
        let e = RawRef::new(&bytes[..cut]).unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::UnexpectedEof { .. }), "cut {cut}: {e}");
        assert!(Raw::new(bytes[..cut].to_vec()).is_err());
        assert!(from_slice::<RawRef>(&bytes[..cut]).is_err());
        assert!(from_slice::<Raw>(&bytes[..cut]).is_err());
    }
}

#[test]
fn malformed_and_hostile_input() {
    // 0xc1 at the top and inside.
    assert!(matches!(RawRef::new(&[0xc1]).unwrap_err().kind(), ErrorKind::ReservedMarker));
    let e = RawRef::new(&[0x92, 0x01, 0xc1]).unwrap_err();
    assert_eq!(e.offset(), 2);
    // Trailing bytes: exactly one value.
    assert!(matches!(RawRef::new(&[0x01, 0x02]).unwrap_err().kind(), ErrorKind::TrailingBytes { count: 1 }));
    // Length prefixes the input cannot back.
    for bytes in [&[0xdd, 0xff, 0xff, 0xff, 0xff][..], &[0xdb, 0xff, 0xff, 0xff, 0xff], &[0xc6, 0x7f, 0, 0, 0, 1]] {
        assert!(RawRef::new(bytes).is_err());
        let (r, largest, _total) = peak_alloc::measure(|| from_slice::<Raw>(bytes));
        assert!(r.is_err());
        assert!(largest < 1024, "allocated {largest} bytes for a length the input cannot back");
    }
    // A million levels: checked iteratively, no stack overflow; decoding it
    // as a typed value applies the depth limit.
    let mut deep = vec![0x91u8; 1_000_000];
    deep.push(0xc0);
    assert!(RawRef::new(&deep).is_ok());
    let raw = Raw::new(deep).unwrap();
    assert!(matches!(raw.decode::<Value>().unwrap_err().kind(), ErrorKind::DepthLimitExceeded { .. }));
}

#[test]
fn the_copy_of_raw_is_charged_to_the_allocation_budget() {
    let bytes = to_vec(&vec![7u8; 1000]).unwrap();
    let e = from_slice_with::<Raw>(&bytes, &DecodeOptions::new().max_alloc(100)).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::LimitExceeded { limit: Limit::Alloc, .. }), "{e}");
    assert!(from_slice_with::<RawRef>(&bytes, &DecodeOptions::new().max_alloc(100)).is_ok());
}

#[test]
fn debug_shows_the_bytes() {
    assert_eq!(format!("{:?}", RawRef::new(&[0x92, 0x01, 0x02]).unwrap()), "RawRef(92 01 02)");
    assert_eq!(format!("{:?}", Raw::new(vec![0xc0]).unwrap()), "Raw(c0)");
}
