//! Byte identity with rmp-serde for `flatten` (map form): a flattened
//! struct's fields inline in the parent map, a catch-all map collecting
//! every other key, nesting, and `as_map`.

use std::collections::{BTreeMap, HashMap};

use msgpack_core::{MsgPack, Value};
use serde::{Deserialize, Serialize};

use super::{Named, ours_from, same, theirs_from};

#[derive(MsgPack, PartialEq, Debug, Clone)]
struct Meta {
    id: u32,
    #[msgpack(rename = "ts")]
    timestamp: Option<u64>,
}
#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
struct TMeta {
    id: u32,
    #[serde(rename = "ts")]
    timestamp: Option<u64>,
}

#[derive(MsgPack, PartialEq, Debug, Clone)]
struct Doc {
    name: String,
    #[msgpack(flatten)]
    meta: Meta,
    #[msgpack(flatten)]
    extra: BTreeMap<String, Value>,
    size: u8,
}
#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
struct TDoc {
    name: String,
    #[serde(flatten)]
    meta: TMeta,
    #[serde(flatten)]
    extra: BTreeMap<String, i64>,
    size: u8,
}

fn doc(extra: &[(&str, i64)]) -> (Doc, TDoc) {
    (
        Doc {
            name: "n".into(),
            meta: Meta { id: 7, timestamp: Some(9) },
            extra: extra.iter().map(|(k, v)| (k.to_string(), Value::from(*v))).collect(),
            size: 3,
        },
        TDoc {
            name: "n".into(),
            meta: TMeta { id: 7, timestamp: Some(9) },
            extra: extra.iter().map(|(k, v)| (k.to_string(), *v)).collect(),
            size: 3,
        },
    )
}

#[test]
fn flatten_struct_and_catch_all() {
    for extra in [&[][..], &[("a", 1), ("zz", -5)]] {
        let (o, t) = doc(extra);
        let bytes = same(Named, &o, &t);
        assert_eq!(msgpack_core::Encode::encoded_len(&o), bytes.len());
    }
    // Keys in any order, unknown ones collected.
    let bytes = msgpack_core::to_vec(&Value::Map(vec![
        ("q".into(), 1.into()),
        ("size".into(), 3.into()),
        ("id".into(), 7.into()),
        ("name".into(), "n".into()),
        ("ts".into(), 9.into()),
    ]))
    .unwrap();
    let (o, t) = doc(&[("q", 1)]);
    assert_eq!(ours_from(&o, &bytes), o);
    assert_eq!(theirs_from(&t, &bytes), t);
}

#[derive(MsgPack, PartialEq, Debug, Clone)]
struct Outer {
    #[msgpack(flatten)]
    inner: Inner,
    top: bool,
}
#[derive(MsgPack, PartialEq, Debug, Clone)]
struct Inner {
    a: u8,
    #[msgpack(flatten)]
    rest: HashMap<String, u8>,
}
#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
struct TOuter {
    #[serde(flatten)]
    inner: TInner,
    top: bool,
}
#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
struct TInner {
    a: u8,
    #[serde(flatten)]
    rest: HashMap<String, u8>,
}

/// A flattened struct holding a flattened map: the map takes what neither
/// struct claims (`top` stays the outer field's).
#[test]
fn nested_flatten() {
    let o = Outer { inner: Inner { a: 1, rest: [("x".to_string(), 2)].into() }, top: true };
    let t = TOuter { inner: TInner { a: 1, rest: [("x".to_string(), 2)].into() }, top: true };
    same(Named, &o, &t);
    let missing = msgpack_core::from_slice::<Outer>(b"\x81\xa3top\xc3").unwrap_err();
    assert_eq!(missing.to_string(), "missing field \"a\" at $ (byte 0)");
}

#[derive(MsgPack, PartialEq, Debug, Clone)]
struct Headers {
    #[msgpack(as_map)]
    list: Vec<(String, u32)>,
}
#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
struct THeaders {
    list: BTreeMap<String, u32>,
}

/// `as_map`: the pairs as a map, in their order (here sorted, so that a
/// `BTreeMap` on the serde side writes the same bytes); a repeated key is
/// kept, in order.
#[test]
fn as_map_in_order() {
    let o = Headers { list: vec![("a".into(), 1), ("b".into(), 2)] };
    let t = THeaders { list: [("a".to_string(), 1), ("b".to_string(), 2)].into() };
    same(Named, &o, &t);
    let twice = b"\x81\xa4list\x83\xa1z\x01\xa1a\x02\xa1z\x03";
    let back: Headers = msgpack_core::from_slice(twice).unwrap();
    assert_eq!(back.list, [("z".to_string(), 1), ("a".to_string(), 2), ("z".to_string(), 3)]);
    assert_eq!(msgpack_core::to_vec(&back).unwrap(), twice);
}

#[derive(MsgPack, PartialEq, Debug, Clone)]
struct Page<T> {
    q: u8,
    #[msgpack(flatten)]
    inner: T,
}
#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
struct TPage<T> {
    q: u8,
    #[serde(flatten)]
    inner: T,
}

/// A generic flattened field: the bounds are inferred, as serde infers
/// them.
#[test]
fn generic_flatten() {
    let o = Page { q: 1, inner: Meta { id: 2, timestamp: None } };
    let t = TPage { q: 1, inner: TMeta { id: 2, timestamp: None } };
    same(Named, &o, &t);
    let o = Page { q: 1, inner: BTreeMap::from([("k".to_string(), 5u8)]) };
    let t = TPage { q: 1, inner: BTreeMap::from([("k".to_string(), 5u8)]) };
    same(Named, &o, &t);
}

/// Flattening or declaring fields inline writes the same bytes, so the
/// fingerprints are equal.
#[test]
fn flatten_fingerprint_is_the_inline_one() {
    #[derive(MsgPack)]
    struct Inline {
        name: String,
        id: u32,
        #[msgpack(rename = "ts")]
        timestamp: Option<u64>,
        size: u8,
    }
    #[derive(MsgPack)]
    struct Flat {
        name: String,
        #[msgpack(flatten)]
        meta: Meta,
        size: u8,
    }
    use msgpack_core::schema::fingerprint_of;
    assert_eq!(fingerprint_of::<Inline>(), fingerprint_of::<Flat>());
    msgpack_core::assert_compatible!(Inline, Flat);
    msgpack_core::assert_compatible!(Flat, Inline);
}

// ---------------------------------------------------------------------------
// `flatten` in `array` form: the flattened struct's fields inline, by
// position. rmp-serde's `to_vec` writes such a serde struct as a map with
// keys (serde's flatten always serializes a map, a known serde bug), so
// there are no serde bytes to match: the bytes here are those of the
// struct with the fields declared inline.

#[derive(MsgPack, PartialEq, Debug, Clone)]
#[msgpack(array)]
struct Pos {
    x: i32,
    y: i32,
}

#[derive(MsgPack, PartialEq, Debug, Clone)]
#[msgpack(array)]
struct Sprite {
    name: String,
    #[msgpack(flatten)]
    pos: Pos,
    #[msgpack(default)]
    z: u8,
}

#[derive(MsgPack, PartialEq, Debug, Clone)]
#[msgpack(array)]
struct SpriteInline {
    name: String,
    x: i32,
    y: i32,
    #[msgpack(default)]
    z: u8,
}

#[derive(MsgPack, PartialEq, Debug, Clone)]
#[msgpack(array)]
struct Layer {
    #[msgpack(flatten)]
    sprite: Sprite,
    visible: bool,
}

#[test]
fn array_form_flatten_is_positional() {
    let s = Sprite { name: "a".into(), pos: Pos { x: 1, y: -2 }, z: 3 };
    let bytes = msgpack_core::to_vec(&s).unwrap();
    assert_eq!(bytes, b"\x94\xa1a\x01\xfe\x03");
    assert_eq!(msgpack_core::Encode::encoded_len(&s), bytes.len());
    let inline = SpriteInline { name: "a".into(), x: 1, y: -2, z: 3 };
    assert_eq!(msgpack_core::to_vec(&inline).unwrap(), bytes);
    assert_eq!(msgpack_core::from_slice::<Sprite>(&bytes).unwrap(), s);
    // A missing trailing defaulted field, as without flatten.
    assert_eq!(msgpack_core::from_slice::<Sprite>(b"\x93\xa1a\x01\xfe").unwrap().z, 0);
    // A flattened struct's elements must all be there.
    let err = msgpack_core::from_slice::<Sprite>(b"\x92\xa1a\x01").unwrap_err();
    assert_eq!(err.to_string(), "expected 4 elements, found 2 at $ (byte 0)");
    // Nested: the inner struct's fields, then its own flattened ones, inline.
    let l = Layer { sprite: s.clone(), visible: true };
    let bytes = msgpack_core::to_vec(&l).unwrap();
    assert_eq!(bytes, b"\x95\xa1a\x01\xfe\x03\xc3");
    assert_eq!(msgpack_core::from_slice::<Layer>(&bytes).unwrap(), l);
    use msgpack_core::schema::fingerprint_of;
    assert_eq!(fingerprint_of::<Sprite>(), fingerprint_of::<SpriteInline>());
    msgpack_core::assert_compatible!(Sprite <=> SpriteInline);
}
