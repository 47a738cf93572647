//! `flatten`: a map-form struct's fields inline in the parent's map, and a
//! catch-all map taking every key no field claims. Missing and duplicate
//! fields, keys in any order, exact lengths.

use std::collections::{BTreeMap, HashMap};

use super::*;

#[derive(MsgPack, PartialEq, Debug, Clone)]
struct Meta {
    id: u32,
    #[msgpack(rename = "ts")]
    timestamp: Option<u64>,
    #[msgpack(default)]
    rev: u8,
}

#[derive(MsgPack, PartialEq, Debug, Clone)]
struct Doc {
    name: String,
    #[msgpack(flatten)]
    meta: Meta,
    size: u8,
}

#[derive(MsgPack, PartialEq, Debug, Clone)]
struct Open {
    name: String,
    #[msgpack(flatten)]
    meta: Meta,
    #[msgpack(flatten)]
    extra: BTreeMap<String, Value>,
}

fn meta() -> Meta {
    Meta { id: 7, timestamp: Some(9), rev: 1 }
}

#[test]
fn fields_inline_in_declaration_order() {
    let d = Doc { name: "n".into(), meta: meta(), size: 3 };
    assert_eq!(rt(&d), b"\x85\xa4name\xa1n\xa2id\x07\xa2ts\x09\xa3rev\x01\xa4size\x03");
    let o = Open { name: "n".into(), meta: meta(), extra: BTreeMap::new() };
    assert_eq!(rt(&o), b"\x84\xa4name\xa1n\xa2id\x07\xa2ts\x09\xa3rev\x01");
    // Header sizes: 15 entries (fixmap), 16 (map 16).
    for n in [11usize, 12, 300] {
        let extra = (0..n).map(|i| (format!("k{i:03}"), Value::from(i as u64))).collect();
        let o = Open { name: "n".into(), meta: meta(), extra };
        let bytes = rt(&o);
        let header = if n + 4 <= 15 { 1 } else { 3 };
        assert_eq!(bytes[0], if header == 1 { 0x80 | (n + 4) as u8 } else { 0xde }, "{n}");
    }
}

/// A missing field of the flattened struct is reported like the parent's
/// own, at the parent's map; its default applies.
#[test]
fn missing_field_of_the_flattened_struct() {
    let bytes = map(vec![("name", "n".into()), ("size", 1u8.into())]);
    assert_eq!(err::<Doc>(&bytes), "missing field \"id\" at $ (byte 0)");
    let bytes = map(vec![("name", "n".into()), ("id", 1u8.into())]);
    assert_eq!(err::<Doc>(&bytes), "missing field \"size\" at $ (byte 0)");
    let bytes = map(vec![("id", 1u8.into()), ("size", 1u8.into()), ("name", "n".into())]);
    let d: Doc = msgpack_core::from_slice(&bytes).unwrap();
    assert_eq!(d.meta, Meta { id: 1, timestamp: None, rev: 0 });
    // Inside a sequence: the parent's map's offset and the element's path.
    let mut seq = vec![0x92];
    seq.extend(msgpack_core::to_vec(&Doc { name: "a".into(), meta: meta(), size: 0 }).unwrap());
    let second = seq.len();
    seq.extend(map(vec![("name", "n".into())]));
    assert_eq!(err::<Vec<Doc>>(&seq), format!("missing field \"id\" at $[1] (byte {second})"));
}

/// A key given twice is a duplicate, whether it is the parent's or the
/// flattened struct's, in order or not.
#[test]
fn duplicate_keys() {
    let bytes = map(vec![("name", "n".into()), ("id", 1u8.into()), ("size", 1u8.into()), ("id", 2u8.into())]);
    assert_eq!(err::<Doc>(&bytes), "duplicate field \"id\" at $ (byte 18)");
    let bytes = map(vec![("ts", 1u8.into()), ("ts", 2u8.into())]);
    assert_eq!(err::<Doc>(&bytes), "duplicate field \"ts\" at $ (byte 5)");
    let bytes = map(vec![("name", "n".into()), ("name", "m".into())]);
    assert_eq!(err::<Open>(&bytes), "duplicate field \"name\" at $ (byte 8)");
    // A key the catch-all map collects, given twice, is refused too (issue
    // 25: every key of the map is read once; rmp-serde's flatten keeps the
    // last value, a deliberate difference).
    let bytes = map(vec![("id", 1u8.into()), ("name", "n".into()), ("z", 1u8.into()), ("z", 2u8.into())]);
    assert_eq!(err::<Open>(&bytes), "duplicate key \"z\" at $ (byte 15)");
}

/// An error in a flattened field's value names it by its key, as if it
/// were the parent's.
#[test]
fn errors_inside_flattened_values() {
    let bytes = map(vec![("name", "n".into()), ("id", "x".into())]);
    assert_eq!(err::<Doc>(&bytes), "expected u32, found str \"x\" at $.id (byte 11)");
    let bytes = map(vec![("ts", Value::from(-1i8)), ("name", "n".into())]);
    assert_eq!(err::<Open>(&bytes), "expected u64, found int -1 (out of range) at $.ts (byte 4)");
}

/// The catch-all takes the keys no field claims, wherever they are:
/// first, between the known ones, last; the known keys in any order.
#[test]
fn catch_all_takes_keys_in_any_position() {
    let known = [("name", Value::from("n")), ("id", 7u8.into()), ("ts", 9u8.into()), ("rev", 1u8.into())];
    let unknown = [("a", Value::from(1u8)), ("zz", Value::Array(vec![Value::Nil])), ("m", Value::Map(vec![]))];
    let expected = Open {
        name: "n".into(),
        meta: meta(),
        extra: unknown.iter().map(|(k, v)| (k.to_string(), v.clone())).collect(),
    };
    for at in 0..=known.len() {
        for rotate in 0..known.len() {
            let mut k = known.to_vec();
            k.rotate_left(rotate);
            let mut entries: Vec<(&str, Value)> = k[..at].to_vec();
            entries.extend(unknown.iter().cloned());
            entries.extend(k[at..].iter().cloned());
            let bytes = map(entries);
            assert_eq!(msgpack_core::from_slice::<Open>(&bytes).unwrap(), expected, "unknown keys at {at}");
        }
    }
    // Interleaved one by one.
    let bytes = map(vec![
        ("a", 1u8.into()),
        ("name", "n".into()),
        ("zz", Value::Array(vec![Value::Nil])),
        ("id", 7u8.into()),
        ("m", Value::Map(vec![])),
        ("rev", 1u8.into()),
        ("ts", 9u8.into()),
    ]);
    assert_eq!(msgpack_core::from_slice::<Open>(&bytes).unwrap(), expected);
}

#[derive(MsgPack, PartialEq, Debug)]
struct IntKeys {
    #[msgpack(key = 0)]
    id: u8,
    #[msgpack(flatten)]
    rest: HashMap<i32, String>,
}

/// The catch-all reads each key as its own key type: a key of another
/// type is an error at that key.
#[test]
fn catch_all_key_types() {
    assert_eq!(err::<Open>(b"\x83\xa4name\xa1n\xa2id\x01\x05\x01"), "expected str, found int 5 at $ (byte 12)");
    let v = IntKeys { id: 1, rest: HashMap::from([(-3, "m".to_owned())]) };
    assert_eq!(rt(&v), b"\x82\x00\x01\xfd\xa1m");
    assert_eq!(err::<IntKeys>(b"\x82\x00\x01\xa1k\xa1m"), "expected i32, found str \"k\" at $ (byte 3)");
}

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(deny_unknown_fields)]
struct Strict {
    name: String,
    #[msgpack(flatten)]
    meta: Meta,
}

#[derive(MsgPack, PartialEq, Debug)]
struct Lenient {
    name: String,
    #[msgpack(flatten)]
    meta: Meta,
}

/// Without a catch-all, a key neither struct knows is skipped, or rejected
/// with `deny_unknown_fields` (which knows the flattened struct's keys).
#[test]
fn unknown_keys_without_a_catch_all() {
    let bytes = map(vec![("name", "n".into()), ("zz", 1u8.into()), ("id", 1u8.into()), ("ts", 2u8.into())]);
    assert_eq!(
        msgpack_core::from_slice::<Lenient>(&bytes).unwrap(),
        Lenient { name: "n".into(), meta: Meta { id: 1, timestamp: Some(2), rev: 0 } }
    );
    assert_eq!(err::<Strict>(&bytes), "unknown field \"zz\" at $ (byte 8)");
    let ok = map(vec![("rev", 3u8.into()), ("ts", 2u8.into()), ("id", 1u8.into()), ("name", "n".into())]);
    assert_eq!(
        msgpack_core::from_slice::<Strict>(&ok).unwrap(),
        Strict { name: "n".into(), meta: Meta { id: 1, timestamp: Some(2), rev: 3 } }
    );
}

#[derive(MsgPack, PartialEq, Debug)]
struct Level3 {
    c: u8,
    #[msgpack(flatten)]
    rest: BTreeMap<String, u8>,
}

#[derive(MsgPack, PartialEq, Debug)]
struct Level2 {
    b: u8,
    #[msgpack(flatten)]
    l3: Level3,
}

#[derive(MsgPack, PartialEq, Debug)]
struct Level1 {
    #[msgpack(flatten)]
    l2: Level2,
    a: u8,
}

/// Three levels: each struct's keys at any depth, the innermost catch-all
/// takes the rest.
#[test]
fn nested_three_levels() {
    let v = Level1 { l2: Level2 { b: 2, l3: Level3 { c: 3, rest: BTreeMap::from([("z".into(), 26)]) } }, a: 1 };
    assert_eq!(rt(&v), b"\x84\xa1b\x02\xa1c\x03\xa1z\x1a\xa1a\x01");
    let bytes = map(vec![("z", 26u8.into()), ("a", 1u8.into()), ("c", 3u8.into()), ("b", 2u8.into())]);
    assert_eq!(msgpack_core::from_slice::<Level1>(&bytes).unwrap(), v);
    let bytes = map(vec![("a", 1u8.into()), ("b", 2u8.into())]);
    assert_eq!(err::<Level1>(&bytes), "missing field \"c\" at $ (byte 0)");
    let bytes = map(vec![("a", 1u8.into()), ("b", 2u8.into()), ("c", 3u8.into()), ("q", "x".into())]);
    assert_eq!(err::<Level1>(&bytes), "expected u8, found str \"x\" at $[\"q\"] (byte 12)");
}

#[derive(MsgPack, PartialEq, Debug)]
struct View<'a> {
    name: &'a str,
    #[msgpack(flatten)]
    inner: ViewInner<'a>,
}

#[derive(MsgPack, PartialEq, Debug)]
struct ViewInner<'a> {
    label: &'a str,
    data: &'a [u8],
}

#[test]
fn borrowed_flattened_struct() {
    let bytes = rt_borrowed!(View { name: "n", inner: ViewInner { label: "l", data: &[1, 2] } });
    assert_eq!(bytes, b"\x83\xa4name\xa1n\xa5label\xa1l\xa4data\xc4\x02\x01\x02");
    let v: View = msgpack_core::from_slice(&bytes).unwrap();
    assert!(bytes.as_ptr_range().contains(&v.inner.label.as_ptr()));
}

#[derive(MsgPack, PartialEq, Debug)]
enum Msg {
    Data {
        seq: u32,
        #[msgpack(flatten)]
        meta: Meta,
        #[msgpack(flatten)]
        extra: BTreeMap<String, u8>,
    },
    Ping,
}

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(tag = "type")]
enum Tagged {
    Data {
        #[msgpack(flatten)]
        meta: Meta,
        #[msgpack(flatten)]
        extra: BTreeMap<String, u8>,
    },
    Ping,
}

/// A struct variant flattens like a struct; in an internally tagged enum
/// the tag is never taken by the catch-all, wherever it is.
#[test]
fn flatten_in_struct_variants() {
    let v = Msg::Data { seq: 1, meta: Meta { id: 2, timestamp: None, rev: 0 }, extra: BTreeMap::new() };
    assert_eq!(rt(&v), b"\x81\xa4Data\x84\xa3seq\x01\xa2id\x02\xa2ts\xc0\xa3rev\x00");
    let v = Msg::Data { seq: 1, meta: meta(), extra: BTreeMap::from([("a".into(), 1), ("b".into(), 2)]) };
    rt(&v);
    let bytes = map(vec![(
        "Data",
        Value::Map(vec![("x".into(), 5u8.into()), ("id".into(), 2u8.into()), ("seq".into(), 1u8.into())]),
    )]);
    assert_eq!(
        msgpack_core::from_slice::<Msg>(&bytes).unwrap(),
        Msg::Data { seq: 1, meta: Meta { id: 2, timestamp: None, rev: 0 }, extra: BTreeMap::from([("x".into(), 5)]) }
    );
    let bytes = map(vec![("Data", Value::Map(vec![("seq".into(), 1u8.into())]))]);
    assert_eq!(err::<Msg>(&bytes), "missing field \"id\" at $.Data (byte 6)");
    assert_eq!(rt(&Msg::Ping), b"\xa4Ping");
    let t = Tagged::Data { meta: meta(), extra: BTreeMap::from([("q".into(), 1)]) };
    assert_eq!(rt(&t), b"\x85\xa4type\xa4Data\xa2id\x07\xa2ts\x09\xa3rev\x01\xa1q\x01");
    let late = map(vec![("q", 1u8.into()), ("id", 7u8.into()), ("type", "Data".into()), ("ts", 9u8.into())]);
    assert_eq!(
        msgpack_core::from_slice::<Tagged>(&late).unwrap(),
        Tagged::Data { meta: Meta { id: 7, timestamp: Some(9), rev: 0 }, extra: BTreeMap::from([("q".into(), 1)]) }
    );
    let twice = map(vec![("type", "Data".into()), ("id", 7u8.into()), ("type", "Data".into())]);
    assert_eq!(err::<Tagged>(&twice), "duplicate field \"type\" at $ (byte 15)");
    assert_eq!(rt(&Tagged::Ping), b"\x81\xa4type\xa4Ping");
}
