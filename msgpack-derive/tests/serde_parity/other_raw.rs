//! `other` on a newtype variant holding `Value`, `ValueRef`, `Raw` or
//! `RawRef`: the whole unknown value is kept and written back, for every
//! tagging; `Raw` keeps its exact bytes, `Value` re-encodes the value.

use msgpack_core::{Raw, RawRef, ValueRef};

use super::*;

#[derive(MsgPack, PartialEq, Debug, Clone)]
enum External {
    A(u8),
    B,
    C {
        x: u8,
    },
    #[msgpack(other)]
    Unknown(Raw),
}

#[derive(MsgPack, PartialEq, Debug, Clone)]
enum ExternalValue {
    A(u8),
    B,
    #[msgpack(other)]
    Unknown(Value),
}

#[derive(MsgPack, PartialEq, Debug, Clone)]
#[msgpack(tag = "type")]
enum Internal {
    A {
        x: u8,
    },
    B,
    #[msgpack(other)]
    Unknown(Raw),
}

#[derive(MsgPack, PartialEq, Debug, Clone)]
#[msgpack(tag = "t", content = "c")]
enum Adjacent {
    A(u8),
    B,
    #[msgpack(other)]
    Unknown(Raw),
}

#[derive(MsgPack, PartialEq, Debug, Clone)]
#[msgpack(tag = "t", content = "c", array)]
enum AdjacentA {
    A(u8),
    #[msgpack(other)]
    Unknown(Raw),
}

/// Decodes `bytes` as `T`, expects the `other` variant (checked by
/// `is_other`), writes it back to the same bytes with an exact
/// `encoded_len`.
#[track_caller]
fn kept<T>(bytes: &[u8], is_other: impl Fn(&T) -> bool)
where
    T: for<'de> msgpack_core::Decode<'de> + Encode + Debug,
{
    let v: T = msgpack_core::from_slice(bytes).unwrap_or_else(|e| panic!("{bytes:02x?}: {e}"));
    assert!(is_other(&v), "{bytes:02x?} read as {v:?}");
    assert_eq!(msgpack_core::to_vec(&v).unwrap(), bytes, "{v:?}");
    assert_eq!(v.encoded_len(), bytes.len(), "{v:?}");
}

/// Non-canonical integers and headers: what `Raw` keeps and `Value` would
/// normalise.
const ODD_INT: &[u8] = b"\xcd\x00\x05";

#[test]
fn external_unknown_values_round_trip() {
    let is = |v: &External| matches!(v, External::Unknown(_));
    kept(b"\xa1Z", is);
    kept(b"\xd9\x01Z", is);
    kept(b"\x81\xa1Z\x92\x01\x02", is);
    kept(&[b"\x81\xa1Z".as_slice(), ODD_INT].concat(), is);
    kept(b"\xde\x00\x01\xa1Z\xc0", is);
    kept(&[b"\x81\xa1Z\xc5\x01\x00".as_slice(), &[7; 256]].concat(), is);
    // Known tags are the known variants; a known tag whose payload fails is
    // an error, not an unknown value.
    assert_eq!(rt(&External::A(1)), b"\x81\xa1A\x01");
    assert_eq!(rt(&External::B), b"\xa1B");
    assert_eq!(rt(&External::C { x: 1 }), b"\x81\xa1C\x81\xa1x\x01");
    assert_eq!(err::<External>(b"\x81\xa1A\xa1x"), "expected u8, found str \"x\" at $.A (byte 3)");
    // Values that are neither a tag nor a one-entry map are no variant at
    // all: `other` keeps them too (so what it holds after a decode always
    // reads back).
    kept(&[0x07], is);
    kept(b"\x82\xa1Z\x01\xa1Y\x02", is);
    // As elements: each kept, the next read from the right place.
    let seq = b"\x93\xa1B\x81\xa1Q\x91\xc0\x81\xa1A\x05";
    let all: Vec<External> = msgpack_core::from_slice(seq).unwrap();
    assert_eq!(all[0], External::B);
    assert_eq!(all[1], External::Unknown(Raw::new(b"\x81\xa1Q\x91\xc0".to_vec()).unwrap()));
    assert_eq!(all[2], External::A(5));
    assert_eq!(msgpack_core::to_vec(&all).unwrap(), seq);
}

/// `Value` keeps the value, not its bytes: a non-canonical encoding comes
/// back in its shortest form (`encoded_len` still exact).
#[test]
fn value_keeps_the_value_not_the_bytes() {
    let bytes = [b"\x81\xa1Z".as_slice(), ODD_INT].concat();
    let v: ExternalValue = msgpack_core::from_slice(&bytes).unwrap();
    assert_eq!(v, ExternalValue::Unknown(Value::Map(vec![(Value::from("Z"), Value::from(5u8))])));
    assert_eq!(rt(&v), b"\x81\xa1Z\x05");
    let v: ExternalValue = msgpack_core::from_slice(b"\xa1Z").unwrap();
    assert_eq!(v, ExternalValue::Unknown(Value::from("Z")));
    assert_eq!(rt(&v), b"\xa1Z");
}

#[test]
fn internal_unknown_values_round_trip() {
    let is = |v: &Internal| matches!(v, Internal::Unknown(_));
    // The tag first, last, among other keys; the whole map is kept.
    kept(b"\x81\xa4type\xa1Q", is);
    kept(b"\x82\xa4type\xa1Q\xa1x\x01", is);
    kept(b"\x83\xa1x\x01\xa1y\x92\xc0\xc0\xa4type\xa1Q", is);
    kept(&[b"\x82\xa1n".as_slice(), ODD_INT, b"\xa4type\xa1Q"].concat(), is);
    assert_eq!(rt(&Internal::A { x: 1 }), b"\x82\xa4type\xa1A\xa1x\x01");
    assert_eq!(rt(&Internal::B), b"\x81\xa4type\xa1B");
    // Without a tag it is not an unknown value: the tag is missing.
    // A map without the tag (or no map) is no variant: kept too.
    kept(b"\x81\xa1x\x01", |v: &Internal| matches!(v, Internal::Unknown(_)));
    assert_eq!(err::<Internal>(b"\x81\xa4type\x01"), "expected str, found int 1 at $.type (byte 6)");
    // A repeated tag is a duplicate, for a known tag and for an unknown
    // one alike (issue 25: the map would otherwise be kept with two tags,
    // which rmp-serde and the known variants refuse).
    let twice = b"\x83\xa4type\xa1A\xa1x\x01\xa4type\xa1A";
    assert_eq!(err::<Internal>(twice), "duplicate field \"type\" at $ (byte 11)");
    let twice = b"\x82\xa4type\xa1Q\xa4type\xa1Q";
    assert_eq!(err::<Internal>(twice), "duplicate field \"type\" at $ (byte 8)");
    let twice = b"\x83\xa4type\xa3Zed\xa4type\xa4Ping\xa3seq\x01";
    assert_eq!(err::<Internal>(twice), "duplicate field \"type\" at $ (byte 10)");
}

#[test]
fn adjacent_unknown_values_round_trip() {
    let is = |v: &Adjacent| matches!(v, Adjacent::Unknown(_));
    kept(b"\x81\xa1t\xa1Q", is);
    kept(b"\x82\xa1t\xa1Q\xa1c\x92\x01\x02", is);
    // The content first: the whole map, in its order.
    kept(b"\x82\xa1c\x91\x01\xa1t\xa1Q", is);
    kept(&[b"\x83\xa1z\xc0\xa1c".as_slice(), ODD_INT, b"\xa1t\xa1Q"].concat(), is);
    assert_eq!(rt(&Adjacent::A(3)), b"\x82\xa1t\xa1A\xa1c\x03");
    assert_eq!(rt(&Adjacent::B), b"\x81\xa1t\xa1B");
    let is = |v: &AdjacentA| matches!(v, AdjacentA::Unknown(_));
    kept(b"\x92\xa1Q\x01", is);
    kept(b"\x91\xa1Q", is);
    kept(b"\x92\xa1Q\x81\xa1k\xcd\x00\x01", is);
    assert_eq!(rt(&AdjacentA::A(3)), b"\x92\xa1A\x03");
}

#[derive(MsgPack, PartialEq, Debug)]
enum ExternalRef<'a> {
    A(&'a str),
    #[msgpack(other)]
    Unknown(RawRef<'a>),
}

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(tag = "t", content = "c")]
enum AdjacentRef<'a> {
    A(&'a str),
    #[msgpack(other)]
    Unknown(ValueRef<'a>),
}

/// The borrowed holders borrow the unknown value from the input.
#[test]
fn borrowed_holders() {
    let bytes = b"\x81\xa1Z\xa5hello";
    let v: ExternalRef = msgpack_core::from_slice(bytes).unwrap();
    let ExternalRef::Unknown(raw) = &v else { panic!("{v:?}") };
    assert_eq!(raw.as_bytes().as_ptr(), bytes.as_ptr());
    assert_eq!(msgpack_core::to_vec(&v).unwrap(), bytes);
    assert_eq!(v.encoded_len(), bytes.len());
    let bytes = b"\x82\xa1c\xa5hello\xa1t\xa1Q";
    let v: AdjacentRef = msgpack_core::from_slice(bytes).unwrap();
    let AdjacentRef::Unknown(ValueRef::Map(entries)) = &v else { panic!("{v:?}") };
    assert_eq!(entries[0], (ValueRef::Str("c"), ValueRef::Str("hello")));
    assert_eq!(msgpack_core::to_vec(&v).unwrap(), bytes);
    assert_eq!(v.encoded_len(), bytes.len());
    assert_eq!(rt_borrowed!(AdjacentRef::A("a")), b"\x82\xa1t\xa1A\xa1c\xa1a");
}

#[derive(MsgPack, PartialEq, Debug)]
struct Log {
    events: Vec<Internal>,
    last: Option<Adjacent>,
}

/// Unknown values inside a struct are kept; the struct's bytes come back
/// unchanged.
#[test]
fn unknown_values_inside_a_struct() {
    let bytes = map(vec![
        (
            "events",
            Value::Array(vec![
                Value::Map(vec![("type".into(), "New".into()), ("v".into(), 2.into())]),
                Value::Map(vec![("type".into(), "B".into())]),
            ]),
        ),
        ("last", Value::Map(vec![("c".into(), Value::Nil), ("t".into(), "Later".into())])),
    ]);
    let log: Log = msgpack_core::from_slice(&bytes).unwrap();
    assert!(matches!(log.events[0], Internal::Unknown(_)));
    assert_eq!(log.events[1], Internal::B);
    assert!(matches!(log.last, Some(Adjacent::Unknown(_))));
    assert_eq!(msgpack_core::to_vec(&log).unwrap(), bytes);
    assert_eq!(log.encoded_len(), bytes.len());
}
