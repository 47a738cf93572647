//! Byte identity with rmp-serde for the enum representations taken from
//! serde: `untagged`, adjacently tagged (`tag` + `content`), trailing
//! `untagged` variants, and (ours only, lossless) `other` holding the
//! unknown value.

use msgpack_core::{MsgPack, Raw, Value};
use serde::{Deserialize, Serialize};

use super::{Array, Named, ours_from, same, theirs_from};

#[derive(MsgPack, PartialEq, Debug, Clone)]
pub(crate) struct Point {
    pub(crate) x: i32,
    pub(crate) y: i32,
}
#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
pub(crate) struct TPoint {
    pub(crate) x: i32,
    pub(crate) y: i32,
}

// ---------------------------------------------------------------------------
// `untagged`

#[derive(MsgPack, PartialEq, Debug, Clone)]
#[msgpack(untagged)]
enum Shape {
    Empty,
    Count(u64),
    Name(String),
    Pair(i32, bool),
    At { point: Point, label: Option<String> },
    // serde writes a `Vec<u8>` as an array of integers (no `serde_bytes`).
    Many(#[msgpack(as_array)] Vec<u8>),
}
#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
#[serde(untagged)]
enum TShape {
    Empty,
    Count(u64),
    Name(String),
    Pair(i32, bool),
    At { point: TPoint, label: Option<String> },
    Many(Vec<u8>),
}

#[test]
fn untagged_same_bytes() {
    let cases = [
        (Shape::Empty, TShape::Empty),
        (Shape::Count(7), TShape::Count(7)),
        (Shape::Name("n".into()), TShape::Name("n".into())),
        (Shape::Pair(-3, true), TShape::Pair(-3, true)),
        (
            Shape::At { point: Point { x: 1, y: 2 }, label: Some("a".into()) },
            TShape::At { point: TPoint { x: 1, y: 2 }, label: Some("a".into()) },
        ),
        (Shape::Many(vec![1, 2, 3]), TShape::Many(vec![1, 2, 3])),
    ];
    for (o, t) in &cases {
        same(Named, o, t);
    }
    assert_eq!(msgpack_core::to_vec(&Shape::Empty).unwrap(), [0xc0]);
    assert_eq!(msgpack_core::to_vec(&Shape::Count(7)).unwrap(), [0x07]);
}

#[test]
fn untagged_no_match_lists_each_variant() {
    let err = msgpack_core::from_slice::<Shape>(&[0xc3]).unwrap_err();
    let text = err.to_string();
    assert!(text.starts_with("no variant of untagged enum Shape matched ("), "{text}");
    for v in ["Empty: ", "Count: ", "Name: ", "Pair: ", "At: ", "Many: "] {
        assert!(text.contains(v), "{v} in {text}");
    }
    assert!(text.ends_with("at $ (byte 0)"), "{text}");
}

// ---------------------------------------------------------------------------
// Adjacently tagged

#[derive(MsgPack, PartialEq, Debug, Clone)]
#[msgpack(tag = "t", content = "c")]
enum Event {
    Ping,
    Text(String),
    Move(i32, i32),
    Put { point: Point, label: Option<String> },
}
#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
#[serde(tag = "t", content = "c")]
enum TEvent {
    Ping,
    Text(String),
    Move(i32, i32),
    Put { point: TPoint, label: Option<String> },
}

#[derive(MsgPack, PartialEq, Debug, Clone)]
#[msgpack(tag = "t", content = "c", array)]
enum EventA {
    Ping,
    Text(String),
    Move(i32, i32),
}

fn event_cases() -> Vec<(Event, TEvent)> {
    vec![
        (Event::Ping, TEvent::Ping),
        (Event::Text("hi".into()), TEvent::Text("hi".into())),
        (Event::Move(1, -1), TEvent::Move(1, -1)),
        (
            Event::Put { point: Point { x: 5, y: 6 }, label: None },
            TEvent::Put { point: TPoint { x: 5, y: 6 }, label: None },
        ),
    ]
}

#[test]
fn adjacent_same_bytes() {
    for (o, t) in event_cases() {
        same(Named, &o, &t);
    }
    assert_eq!(msgpack_core::to_vec(&Event::Ping).unwrap(), b"\x81\xa1t\xa4Ping");
    assert_eq!(msgpack_core::to_vec(&Event::Text("hi".into())).unwrap(), b"\x82\xa1t\xa4Text\xa1c\xa2hi");
    for (o, t) in [
        (EventA::Ping, TEvent::Ping),
        (EventA::Text("x".into()), TEvent::Text("x".into())),
        (EventA::Move(2, 3), TEvent::Move(2, 3)),
    ] {
        let ours = msgpack_core::to_vec(&o).unwrap();
        assert_eq!(ours, rmp_serde::to_vec(&t).unwrap(), "{o:?}");
        assert_eq!(ours_from(&o, &ours), o);
    }
}

#[test]
fn adjacent_content_first() {
    // `{"c": "hi", "t": "Text"}`: the content is met before the tag.
    let bytes = b"\x82\xa1c\xa2hi\xa1t\xa4Text";
    assert_eq!(ours_from(&Event::Ping, bytes), Event::Text("hi".into()));
    assert_eq!(theirs_from(&TEvent::Ping, bytes), TEvent::Text("hi".into()));
    let bytes = b"\x82\xa1c\x92\x01\x02\xa1t\xa4Move";
    assert_eq!(ours_from(&Event::Ping, bytes), Event::Move(1, 2));
}

// ---------------------------------------------------------------------------
// Trailing `untagged` variants

#[derive(MsgPack, PartialEq, Debug, Clone)]
enum Id {
    Named(String),
    Pair {
        a: u8,
        b: u8,
    },
    #[msgpack(untagged)]
    Number(u64),
    #[msgpack(untagged)]
    Text(String),
}
#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
enum TId {
    Named(String),
    Pair {
        a: u8,
        b: u8,
    },
    #[serde(untagged)]
    Number(u64),
    #[serde(untagged)]
    Text(String),
}

#[test]
fn untagged_variants_same_bytes() {
    for (o, t) in [
        (Id::Named("x".into()), TId::Named("x".into())),
        (Id::Pair { a: 1, b: 2 }, TId::Pair { a: 1, b: 2 }),
        (Id::Number(9), TId::Number(9)),
        (Id::Text("free".into()), TId::Text("free".into())),
    ] {
        same(Named, &o, &t);
    }
    // A string that is no tag is the untagged `Text`.
    assert_eq!(ours_from(&Id::Number(0), b"\xa4Pair"), Id::Text("Pair".into()));
}

// ---------------------------------------------------------------------------
// `other` holding the unknown value (ours only: serde's `other` is a unit)

#[derive(MsgPack, PartialEq, Debug, Clone)]
enum Known {
    A(u8),
    B,
    #[msgpack(other)]
    Unknown(Value),
}

#[derive(MsgPack, PartialEq, Debug, Clone)]
#[msgpack(tag = "type")]
enum KnownI {
    A {
        x: u8,
    },
    #[msgpack(other)]
    Unknown(Raw),
}

#[derive(MsgPack, PartialEq, Debug, Clone)]
#[msgpack(tag = "t", content = "c")]
enum KnownJ {
    A(u8),
    #[msgpack(other)]
    Unknown(Raw),
}

#[test]
fn other_keeps_the_unknown_value() {
    for bytes in [&b"\x81\xa1Z\x92\x01\x02"[..], b"\xa1Z"] {
        let v: Known = msgpack_core::from_slice(bytes).unwrap();
        assert!(matches!(v, Known::Unknown(_)), "{v:?}");
        assert_eq!(msgpack_core::to_vec(&v).unwrap(), bytes);
    }
    assert_eq!(msgpack_core::from_slice::<Known>(b"\x81\xa1A\x05").unwrap(), Known::A(5));
    let bytes = b"\x82\xa1x\x01\xa4type\xa1Q";
    let v: KnownI = msgpack_core::from_slice(bytes).unwrap();
    assert_eq!(v, KnownI::Unknown(Raw::new(bytes.to_vec()).unwrap()));
    assert_eq!(msgpack_core::to_vec(&v).unwrap(), bytes);
    let bytes = b"\x82\xa1c\x91\x01\xa1t\xa1Q";
    let v: KnownJ = msgpack_core::from_slice(bytes).unwrap();
    assert_eq!(msgpack_core::to_vec(&v).unwrap(), bytes);
    assert_eq!(msgpack_core::Encode::encoded_len(&v), bytes.len());
    let _ = Array;
}
