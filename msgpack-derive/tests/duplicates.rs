//! A key that appears twice in one map is an error at the second key, for
//! every shape that reads a map (issue 25): struct fields, internal tags
//! (unit, newtype, struct variants, the `other` variant as a unit, a `Raw`
//! and a `Value`, with `deny_unknown_fields`), adjacent tags and contents,
//! flattened structs and the catch-all map. rmp-serde refuses the same
//! inputs, except the catch-all map's repeated key (serde's flatten keeps
//! the last value): a deliberate difference, listed in the crate docs.

use std::collections::{BTreeMap, HashMap};

use msgpack_core::{MsgPack, Raw, Value};

/// The message of the error decoding `bytes` as `T`.
#[track_caller]
fn err<T: for<'de> msgpack_core::Decode<'de> + std::fmt::Debug>(bytes: &[u8]) -> String {
    match msgpack_core::from_slice::<T>(bytes) {
        Ok(v) => panic!("{bytes:02x?}: expected an error, decoded {v:?}"),
        Err(e) => e.to_string(),
    }
}

/// A map of `entries`, each a key and an already encoded value.
fn map(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut out = vec![0x80 | entries.len() as u8];
    for (k, v) in entries {
        out.push(0xa0 | k.len() as u8);
        out.extend_from_slice(k.as_bytes());
        out.extend_from_slice(v);
    }
    out
}

/// Where the `n`-th entry (from 0) of [`map`]'s output starts.
fn entry_at(entries: &[(&str, &[u8])], n: usize) -> usize {
    1 + entries[..n].iter().map(|(k, v)| 1 + k.len() + v.len()).sum::<usize>()
}

/// `T` refuses `entries` with a duplicate of `key` at entry `n`.
#[track_caller]
fn refused<T: for<'de> msgpack_core::Decode<'de> + std::fmt::Debug>(entries: &[(&str, &[u8])], key: &str, n: usize) {
    let at = entry_at(entries, n);
    assert_eq!(err::<T>(&map(entries)), format!("duplicate field \"{key}\" at $ (byte {at})"), "{entries:?}");
}

#[derive(MsgPack, Debug, PartialEq)]
struct Circle {
    r: u8,
}

#[derive(MsgPack, Debug, PartialEq)]
#[msgpack(tag = "kind")]
enum Shape {
    Empty,
    Round(Circle),
    Square { side: u8 },
}

#[derive(MsgPack, Debug, PartialEq)]
#[msgpack(tag = "kind", deny_unknown_fields)]
enum Strict {
    Empty,
    Square { side: u8 },
}

#[derive(MsgPack, Debug, PartialEq)]
#[msgpack(tag = "type")]
enum OtherUnit {
    Ping,
    #[msgpack(other)]
    Unknown,
}

#[derive(MsgPack, Debug, PartialEq)]
#[msgpack(tag = "type")]
enum OtherRaw {
    Ping {
        seq: u8,
    },
    #[msgpack(other)]
    Unknown(Raw),
}

#[derive(MsgPack, Debug, PartialEq)]
#[msgpack(tag = "type")]
enum OtherValue {
    Ping {
        seq: u8,
    },
    #[msgpack(other)]
    Unknown(Value),
}

#[derive(MsgPack, Debug, PartialEq)]
#[msgpack(tag = "t", content = "c")]
enum Adjacent {
    Unit,
    One(u8),
    Pair(u8, u8),
    Named {
        a: u8,
    },
    #[msgpack(other)]
    Unknown(Raw),
}

#[derive(MsgPack, Debug, PartialEq)]
struct Meta {
    id: u8,
}

#[derive(MsgPack, Debug, PartialEq)]
struct Flat {
    name: u8,
    #[msgpack(flatten)]
    meta: Meta,
}

#[derive(MsgPack, Debug, PartialEq)]
struct CatchAll {
    name: u8,
    #[msgpack(flatten)]
    meta: Meta,
    #[msgpack(flatten)]
    rest: BTreeMap<String, Value>,
}

#[derive(MsgPack, Debug, PartialEq)]
struct CatchAllHash {
    name: u8,
    #[msgpack(flatten)]
    rest: HashMap<String, u8>,
}

#[derive(MsgPack, Debug, PartialEq)]
#[msgpack(tag = "kind")]
enum TaggedFlat {
    Doc {
        #[msgpack(flatten)]
        meta: Meta,
        #[msgpack(flatten)]
        rest: BTreeMap<String, u8>,
    },
}

const EMPTY: &[u8] = b"\xa5Empty";
const ROUND: &[u8] = b"\xa5Round";
const SQUARE: &[u8] = b"\xa6Square";
const ONE: &[u8] = b"\x01";

#[test]
fn struct_fields() {
    refused::<Circle>(&[("r", ONE), ("r", ONE)], "r", 1);
    refused::<Flat>(&[("id", ONE), ("name", ONE), ("id", ONE)], "id", 2);
    refused::<Flat>(&[("name", ONE), ("id", ONE), ("name", ONE)], "name", 2);
}

/// The issue's own input: `{"kind": "Empty", "kind": "Circle"}`.
#[test]
fn internal_tag_of_a_unit_variant() {
    let bytes = b"\x82\xa4kind\xa5Empty\xa4kind\xa6Circle";
    assert_eq!(err::<Shape>(bytes), "duplicate field \"kind\" at $ (byte 12)");
    refused::<Shape>(&[("kind", EMPTY), ("kind", EMPTY)], "kind", 1);
    // The tag not first: found ahead, then met twice.
    refused::<Shape>(&[("x", ONE), ("kind", EMPTY), ("kind", EMPTY)], "kind", 2);
    refused::<Strict>(&[("kind", EMPTY), ("kind", EMPTY)], "kind", 1);
    refused::<Strict>(&[("kind", EMPTY), ("kind", SQUARE)], "kind", 1);
    // Once is fine, first or not.
    assert_eq!(msgpack_core::from_slice::<Shape>(&map(&[("x", ONE), ("kind", EMPTY)])).unwrap(), Shape::Empty);
}

#[test]
fn internal_tag_of_newtype_and_struct_variants() {
    refused::<Shape>(&[("kind", ROUND), ("r", ONE), ("kind", ROUND)], "kind", 2);
    refused::<Shape>(&[("r", ONE), ("kind", ROUND), ("kind", ROUND)], "kind", 2);
    refused::<Shape>(&[("kind", ROUND), ("r", ONE), ("r", ONE)], "r", 2);
    refused::<Shape>(&[("kind", SQUARE), ("kind", SQUARE), ("side", ONE)], "kind", 1);
    refused::<Shape>(&[("kind", SQUARE), ("side", ONE), ("side", ONE)], "side", 2);
    refused::<Strict>(&[("kind", SQUARE), ("side", ONE), ("kind", SQUARE)], "kind", 2);
}

/// `{"type": "Zed", "type": "Ping", "seq": 1}`: an unknown tag first, then
/// a known one; and an unknown tag twice.
#[test]
fn internal_tag_of_the_other_variant() {
    let zed_ping = [("type", &b"\xa3Zed"[..]), ("type", b"\xa4Ping"), ("seq", ONE)];
    refused::<OtherUnit>(&zed_ping, "type", 1);
    refused::<OtherRaw>(&zed_ping, "type", 1);
    refused::<OtherValue>(&zed_ping, "type", 1);
    let zed_twice = [("seq", ONE), ("type", &b"\xa3Zed"[..]), ("type", b"\xa3Zed")];
    refused::<OtherUnit>(&zed_twice, "type", 2);
    refused::<OtherRaw>(&zed_twice, "type", 2);
    refused::<OtherValue>(&zed_twice, "type", 2);
    // A known tag twice, then an unknown one.
    let ping_twice = [("type", &b"\xa4Ping"[..]), ("seq", ONE), ("type", b"\xa3Zed")];
    refused::<OtherRaw>(&ping_twice, "type", 2);
    refused::<OtherValue>(&ping_twice, "type", 2);
    // Once is kept.
    let once = map(&[("seq", ONE), ("type", b"\xa3Zed")]);
    assert!(matches!(msgpack_core::from_slice::<OtherRaw>(&once).unwrap(), OtherRaw::Unknown(_)));
    assert!(matches!(msgpack_core::from_slice::<OtherValue>(&once).unwrap(), OtherValue::Unknown(_)));
    assert_eq!(msgpack_core::from_slice::<OtherUnit>(&once).unwrap(), OtherUnit::Unknown);
}

#[test]
fn adjacent_tag_and_content() {
    let one = &b"\xa3One"[..];
    refused::<Adjacent>(&[("t", one), ("c", ONE), ("t", one)], "t", 2);
    refused::<Adjacent>(&[("t", one), ("c", ONE), ("c", ONE)], "c", 2);
    refused::<Adjacent>(&[("c", ONE), ("t", one), ("c", ONE)], "c", 2);
    refused::<Adjacent>(&[("c", ONE), ("c", ONE), ("t", one)], "c", 1);
    refused::<Adjacent>(&[("t", b"\xa4Unit"), ("t", b"\xa4Unit")], "t", 1);
    refused::<Adjacent>(&[("t", b"\xa4Pair"), ("c", b"\x92\x01\x02"), ("c", b"\x92\x01\x02")], "c", 2);
    refused::<Adjacent>(&[("t", b"\xa5Named"), ("c", b"\x81\xa1a\x01"), ("t", b"\xa5Named")], "t", 2);
    // Inside the content: the struct variant's own fields.
    let bytes = map(&[("t", b"\xa5Named"), ("c", b"\x82\xa1a\x01\xa1a\x01")]);
    assert_eq!(err::<Adjacent>(&bytes), "duplicate field \"a\" at $.c (byte 15)");
    // The other variant: an unknown tag, or content, twice.
    refused::<Adjacent>(&[("t", b"\xa3Zed"), ("c", ONE), ("t", b"\xa3Zed")], "t", 2);
    refused::<Adjacent>(&[("t", b"\xa3Zed"), ("c", ONE), ("c", ONE)], "c", 2);
}

#[test]
fn flatten_and_catch_all() {
    refused::<CatchAll>(&[("name", ONE), ("id", ONE), ("id", ONE)], "id", 2);
    refused::<CatchAll>(&[("id", ONE), ("name", ONE), ("name", ONE)], "name", 2);
    // A key no field claims, collected by the catch-all map, twice.
    let entries = [("name", ONE), ("id", ONE), ("z", ONE), ("z", ONE)];
    let at = entry_at(&entries, 3);
    assert_eq!(err::<CatchAll>(&map(&entries)), format!("duplicate key \"z\" at $ (byte {at})"));
    let entries = [("z", ONE), ("name", ONE), ("z", ONE)];
    let at = entry_at(&entries, 2);
    assert_eq!(err::<CatchAllHash>(&map(&entries)), format!("duplicate key \"z\" at $ (byte {at})"));
    // In an internally tagged variant: the tag, a flattened field, a
    // collected key.
    let doc = &b"\xa3Doc"[..];
    refused::<TaggedFlat>(&[("kind", doc), ("id", ONE), ("kind", doc)], "kind", 2);
    refused::<TaggedFlat>(&[("id", ONE), ("kind", doc), ("id", ONE)], "id", 2);
    let entries = [("kind", doc), ("id", ONE), ("q", ONE), ("q", ONE)];
    let at = entry_at(&entries, 3);
    assert_eq!(err::<TaggedFlat>(&map(&entries)), format!("duplicate key \"q\" at $ (byte {at})"));
    // Distinct keys are all kept.
    let ok = map(&[("q", ONE), ("id", ONE), ("kind", doc), ("r", ONE)]);
    assert_eq!(
        msgpack_core::from_slice::<TaggedFlat>(&ok).unwrap(),
        TaggedFlat::Doc { meta: Meta { id: 1 }, rest: BTreeMap::from([("q".into(), 1), ("r".into(), 1)]) }
    );
}
