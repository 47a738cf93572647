//! Feature `serde`: `Value` / `ValueRef` through serde_json and rmp-serde,
//! serde-derived types into and out of `Value`, the documented mapping of
//! every kind, and the depth limit against formats that have none.
#![cfg(feature = "serde")]

use std::collections::BTreeMap;

use msgpack_core::{Ext, Timestamp, Value, ValueRef, from_slice, to_vec};
use proptest::prelude::*;

use crate::common::any_value;
use any_value::any_value;
use serde::de::value::{Error as PlainError, I128Deserializer, U128Deserializer};
use serde::de::{self, Deserialize, DeserializeSeed, Deserializer, IntoDeserializer, MapAccess, SeqAccess, Visitor};
use serde::forward_to_deserialize_any;

// ---- helpers -------------------------------------------------------------------

use crate::common::same;
use same::same;

fn map(entries: Vec<(Value, Value)>) -> Value {
    Value::Map(entries)
}

fn arr(items: Vec<Value>) -> Value {
    Value::Array(items)
}

/// One value of every kind MessagePack has, each at the edges of its
/// encodings (fix/8/16/32-bit headers, every ext size, the three timestamp
/// layouts), with the wire form `msgpack_core::to_vec` gives them.
fn every_kind() -> Vec<Value> {
    let mut v = vec![
        Value::Nil,
        Value::from(true),
        Value::from(false),
        Value::from(0u8),
        Value::from(127u8),
        Value::from(128u8),
        Value::from(u16::MAX),
        Value::from(u32::MAX),
        Value::from(u64::MAX),
        Value::from(-1i8),
        Value::from(-32i8),
        Value::from(-33i8),
        Value::from(i16::MIN),
        Value::from(i32::MIN),
        Value::from(i64::MIN),
        Value::from(1.5f32),
        Value::from(f32::MAX),
        Value::from(-0.0f64),
        Value::from(f64::MIN_POSITIVE),
        Value::from(1e300),
        Value::from(f64::INFINITY),
        Value::from(f32::NAN),
        Value::from(f64::NAN),
        Value::from(""),
        Value::from("héllo"),
        Value::from("x".repeat(31)),
        Value::from("x".repeat(32)),
        Value::from("y".repeat(256)),
        Value::from("z".repeat(70_000)),
        Value::from(Vec::<u8>::new()),
        Value::from(vec![0u8, 255]),
        Value::from(vec![7u8; 256]),
        Value::from(vec![9u8; 70_000]),
        arr(vec![]),
        arr((0..15u8).map(Value::from).collect()),
        arr((0..16u8).map(Value::from).collect()),
        arr((0..70_000u32).map(Value::from).collect()),
        map(vec![]),
        map(vec![(Value::from("k"), Value::from(1u8)), (Value::from("k"), Value::from(2u8))]), // duplicates kept
        map((0..16u8).map(|i| (Value::from(i), Value::Nil)).collect()),
        map(vec![
            (Value::Nil, Value::from(1u8)),
            (Value::from(-5i8), Value::from("neg")),
            (arr(vec![Value::from(1u8)]), Value::from(true)),
            (Value::from(vec![1u8]), Value::from(1.0f32)),
            (map(vec![]), arr(vec![])),
        ]),
    ];
    for len in [0, 1, 2, 3, 4, 5, 8, 16, 17, 255, 256, 65_536] {
        v.push(Value::from(Ext::new(42, vec![0xab; len])));
    }
    v.push(Value::from(Ext::new(-128, vec![1])));
    for (secs, nanos) in [(1_700_000_000, 0), (1_700_000_000, 1), (1 << 34, 0), (-1, 999_999_999), (i64::MIN, 0)] {
        v.push(Value::from(Timestamp::new(secs, nanos).unwrap()));
    }
    let nested =
        arr(v.iter().take(30).cloned().chain([map(vec![(Value::from("inner"), arr(v[20..40].to_vec()))])]).collect());
    v.push(nested);
    v
}

// ---- JSON ----------------------------------------------------------------------

#[test]
fn value_to_json_string_and_back() {
    let v = map(vec![
        (Value::from("nil"), Value::Nil),
        (Value::from("yes"), Value::from(true)),
        (Value::from("small"), Value::from(7u8)),
        (Value::from("neg"), Value::from(-300i16)),
        (Value::from("max"), Value::from(u64::MAX)),
        (Value::from("min"), Value::from(i64::MIN)),
        (Value::from("pi"), Value::from(3.25)),
        (Value::from("text"), Value::from("a \"quoted\" é")),
        (Value::from("list"), arr(vec![Value::from(1u8), arr(vec![]), map(vec![])])),
    ]);
    let json = serde_json::to_string(&v).unwrap();
    assert_eq!(
        json,
        r#"{"nil":null,"yes":true,"small":7,"neg":-300,"max":18446744073709551615,"min":-9223372036854775808,"pi":3.25,"text":"a \"quoted\" é","list":[1,[],{}]}"#
    );
    let back: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(back, v);
    // Key order is kept both ways (Value maps are ordered, and so is the JSON text).
    let keys: Vec<&str> = back.as_map().unwrap().iter().map(|(k, _)| k.as_str().unwrap()).collect();
    assert_eq!(keys, ["nil", "yes", "small", "neg", "max", "min", "pi", "text", "list"]);
    // The same through serde_json::Value, whose objects sort their keys
    // without serde_json's `preserve_order` feature and keep them with it
    // (another crate of the workspace turns it on): compare sorted.
    let tree = serde_json::to_value(&v).unwrap();
    assert_eq!(tree["max"], serde_json::json!(u64::MAX));
    let sorted = |v: Value| {
        let mut m = v.into_map().unwrap();
        m.sort_by(|(a, _), (b, _)| a.as_str().cmp(&b.as_str()));
        m
    };
    assert_eq!(sorted(Value::deserialize(tree).unwrap()), sorted(v.clone()));
}

/// The documented lossy cases: JSON has no bytes, ext, float32, NaN or
/// non-string keys.
#[test]
fn json_fallbacks_are_the_documented_ones() {
    let cases: Vec<(Value, &str, Value)> = vec![
        (Value::from(vec![1u8, 255]), "[1,255]", arr(vec![Value::from(1u8), Value::from(255u8)])),
        (Value::from(Ext::new(-3, vec![9])), "[-3,[9]]", arr(vec![Value::from(-3i8), arr(vec![Value::from(9u8)])])),
        (
            Value::from(Timestamp::new(1, 0).unwrap()),
            "[-1,[0,0,0,1]]",
            arr(vec![Value::from(-1i8), arr([0u8, 0, 0, 1].into_iter().map(Value::from).collect())]),
        ),
        (Value::from(0.5f32), "0.5", Value::from(0.5f64)),
        (Value::from(0.1f32), "0.1", Value::from(0.1f64)), // the f32's shortest decimal, read as f64
        (Value::from(f64::NAN), "null", Value::Nil),
        (Value::from(f32::INFINITY), "null", Value::Nil),
        (
            map(vec![(Value::from(5u8), Value::from(true))]),
            r#"{"5":true}"#,
            map(vec![(Value::from("5"), Value::from(true))]),
        ),
        (
            map(vec![(Value::from(-5i8), Value::Nil), (Value::from(false), Value::Nil)]),
            r#"{"-5":null,"false":null}"#,
            map(vec![(Value::from("-5"), Value::Nil), (Value::from("false"), Value::Nil)]),
        ),
        (map(vec![(Value::from(1.5), Value::Nil)]), r#"{"1.5":null}"#, map(vec![(Value::from("1.5"), Value::Nil)])),
    ];
    for (v, json, back) in cases {
        assert_eq!(serde_json::to_string(&v).unwrap(), json, "{v}");
        assert_eq!(serde_json::from_str::<Value>(json).unwrap(), back, "{json}");
        assert_eq!(serde_json::to_string(&v.as_ref()).unwrap(), json, "ValueRef {v}");
    }
    // Keys JSON cannot have are a serde_json error, not a panic.
    for key in [Value::Nil, arr(vec![]), map(vec![]), Value::from(vec![1u8]), Value::from(Ext::new(1, vec![]))] {
        let v = map(vec![(key.clone(), Value::Nil)]);
        let e = serde_json::to_string(&v).unwrap_err();
        assert!(e.to_string().contains("key must be"), "{key}: {e}");
    }
}

#[test]
fn json_numbers_pick_the_integer_or_float_variant() {
    let v: Value = serde_json::from_str("[0, -0, 1.0, -1, 18446744073709551615, -9223372036854775808, 1e2]").unwrap();
    let expect = arr(vec![
        Value::from(0u8),
        Value::from(-0.0f64), // serde_json reads "-0" as a float
        Value::from(1.0f64),
        Value::from(-1i8),
        Value::from(u64::MAX),
        Value::from(i64::MIN),
        Value::from(100.0f64),
    ]);
    assert!(same(&v, &expect), "{v}");
    // Beyond u64 and i64 serde_json reads a float: no silent wrap.
    let v: Value = serde_json::from_str("[18446744073709551616, -9223372036854775809]").unwrap();
    assert_eq!(v, arr(vec![Value::from(18446744073709551616.0f64), Value::from(-9223372036854775809.0f64)]));
}

// ---- serde-derived types ---------------------------------------------------------

#[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
struct Order {
    id: u64,
    customer: String,
    lines: Vec<Line>,
    note: Option<String>,
    status: Status,
    #[serde(with = "serde_bytes_compat")]
    blob: Vec<u8>,
    attrs: BTreeMap<String, i32>,
}

#[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
struct Line {
    sku: String,
    qty: i32,
    price: f64,
}

#[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
enum Status {
    Open,
    Shipped { carrier: String },
}

/// `serialize_bytes` / `deserialize_byte_buf` for a `Vec<u8>` field (what
/// `serde_bytes` does), so the field is a MessagePack `bin`.
mod serde_bytes_compat {
    pub(crate) fn serialize<S: serde::Serializer>(v: &[u8], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(v)
    }

    pub(crate) fn deserialize<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Vec<u8>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("bytes")
            }
            fn visit_bytes<E: serde::de::Error>(self, v: &[u8]) -> Result<Vec<u8>, E> {
                Ok(v.to_vec())
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<u8>, A::Error> {
                let mut out = Vec::new();
                while let Some(b) = seq.next_element()? {
                    out.push(b);
                }
                Ok(out)
            }
        }
        d.deserialize_byte_buf(V)
    }
}

fn order() -> Order {
    Order {
        id: 90_001,
        customer: "Ada".into(),
        lines: vec![Line { sku: "A-1".into(), qty: 2, price: 9.5 }, Line { sku: "B-22".into(), qty: -1, price: 0.25 }],
        note: None,
        status: Status::Shipped { carrier: "post".into() },
        blob: vec![0, 1, 254, 255],
        attrs: [("gift".to_string(), 1), ("rush".to_string(), -3)].into_iter().collect(),
    }
}

#[test]
fn serde_derived_struct_into_value_and_back() {
    let o = order();
    // Through rmp-serde (named fields): the MessagePack a serde user has.
    let bytes = rmp_serde::to_vec_named(&o).unwrap();
    let v: Value = from_slice(&bytes).unwrap();
    assert_eq!(v.get("id").and_then(Value::as_u64), Some(90_001));
    assert_eq!(v.get("note"), Some(&Value::Nil));
    assert_eq!(v.get("blob").and_then(Value::as_bin), Some(&[0u8, 1, 254, 255][..]));
    let carrier = v.get("status").and_then(|s| s.get("Shipped")).and_then(|s| s.get("carrier"));
    assert_eq!(carrier.and_then(Value::as_str), Some("post"));
    // rmp-serde reads the same bytes into the same Value through serde.
    assert_eq!(rmp_serde::from_slice::<Value>(&bytes).unwrap(), v);
    // And back: the Value's bytes (ours or rmp-serde's) are the struct.
    assert_eq!(to_vec(&v).unwrap(), bytes);
    assert_eq!(rmp_serde::to_vec(&v).unwrap(), bytes);
    assert_eq!(rmp_serde::from_slice::<Order>(&to_vec(&v).unwrap()).unwrap(), o);

    // Through JSON: struct -> JSON -> Value -> JSON -> struct.
    let json = serde_json::to_string(&o).unwrap();
    let v: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(
        v.get("lines").and_then(|l| l.get_index(1)).and_then(|l| l.get("qty")).and_then(Value::as_i64),
        Some(-1)
    );
    // `blob` became an array of numbers (JSON has no bytes).
    assert_eq!(v.get("blob").and_then(Value::as_array).map(<[Value]>::len), Some(4));
    assert_eq!(serde_json::to_string(&v).unwrap(), json);
    assert_eq!(serde_json::from_str::<Order>(&serde_json::to_string(&v).unwrap()).unwrap(), o);
    // serde_json::Value in, serde_json::Value out.
    let tree = serde_json::to_value(&o).unwrap();
    let v = Value::deserialize(&tree).unwrap();
    assert_eq!(serde_json::to_value(&v).unwrap(), tree);
    assert_eq!(serde_json::from_value::<Order>(serde_json::to_value(&v).unwrap()).unwrap(), o);
}

/// A `Value` field inside a serde-derived struct, and `Option<Value>`.
#[test]
fn value_as_a_field_of_a_serde_type() {
    #[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    struct Envelope {
        kind: String,
        body: Value,
        extra: Option<Value>,
    }
    let e = Envelope {
        kind: "event".into(),
        body: map(vec![(Value::from(1u8), Value::from(Ext::new(7, vec![1, 2, 3])))]),
        extra: Some(Value::from(vec![5u8])),
    };
    let bytes = rmp_serde::to_vec(&e).unwrap();
    assert_eq!(rmp_serde::from_slice::<Envelope>(&bytes).unwrap(), e);
    let v: Value = from_slice(&bytes).unwrap();
    assert_eq!(v.get_index(1), Some(&e.body));
    // `extra: None` and `extra: Some(Nil)` are both nil on the wire.
    let none = Envelope { extra: None, ..e };
    let back: Envelope = rmp_serde::from_slice(&rmp_serde::to_vec(&none).unwrap()).unwrap();
    assert_eq!(back, none);
}

// ---- rmp-serde round trips ------------------------------------------------------

/// For every kind: rmp-serde writes a `Value` as the same bytes we do, and
/// reads our bytes (and its own) into the same `Value` and `ValueRef`.
#[test]
fn rmp_serde_round_trips_every_kind() {
    for v in every_kind() {
        let ours = to_vec(&v).unwrap();
        let theirs = rmp_serde::to_vec(&v).unwrap();
        assert!(ours == theirs, "rmp_serde::to_vec({v}) differs from to_vec");
        assert_eq!(rmp_serde::to_vec(&v.as_ref()).unwrap(), ours, "ValueRef {v}");

        let back: Value = rmp_serde::from_slice(&ours).unwrap();
        assert!(same(&back, &v), "rmp_serde::from_slice gave {back} for {v}");
        let back: ValueRef = rmp_serde::from_slice(&ours).unwrap();
        assert!(same(&back.to_owned_value(), &v), "rmp_serde::from_slice::<ValueRef> gave {back} for {v}");
        assert!(same(&from_slice::<Value>(&theirs).unwrap(), &v), "from_slice of rmp-serde's bytes for {v}");
    }
}

/// The ext form is rmpv's too: rmpv's serde bridge sees the same value as
/// rmpv's own decoder.
#[test]
fn ext_form_matches_rmpv() {
    for v in every_kind() {
        let bytes = to_vec(&v).unwrap();
        let decoded = rmpv::decode::read_value(&mut &bytes[..]).unwrap();
        let via_serde = rmpv::ext::to_value(&v).unwrap();
        // Compare by bytes: rmpv::Value has IEEE equality too.
        let mut a = Vec::new();
        let mut b = Vec::new();
        rmpv::encode::write_value(&mut a, &decoded).unwrap();
        rmpv::encode::write_value(&mut b, &via_serde).unwrap();
        assert!(a == b, "rmpv::ext::to_value({v})");
        // And rmpv::Value serialized through serde reads back as ours.
        let ours: Value = rmpv::ext::from_value(decoded.clone()).unwrap();
        assert!(same(&ours, &v), "rmpv::ext::from_value gave {ours} for {v}");
    }
}

proptest! {
    #[test]
    fn prop_rmp_serde_round_trip(v in any_value()) {
        let bytes = to_vec(&v).unwrap();
        prop_assert_eq!(&rmp_serde::to_vec(&v).unwrap(), &bytes);
        let back: Value = rmp_serde::from_slice(&bytes).unwrap();
        prop_assert!(same(&back, &v));
        let back: ValueRef = rmp_serde::from_slice(&bytes).unwrap();
        prop_assert_eq!(to_vec(&back).unwrap(), bytes);
    }

    /// Through JSON, a value without bin, ext, f32 or non-finite floats and
    /// with string keys comes back equal.
    #[test]
    fn prop_json_round_trip(v in any_value()) {
        let v = jsonable(v);
        let json = serde_json::to_string(&v).unwrap();
        let back: Value = serde_json::from_str(&json).unwrap();
        prop_assert!(same(&back, &v), "{} -> {} -> {}", v, json, back);
    }
}

/// `v` with the kinds JSON cannot carry replaced by ones it can.
fn jsonable(v: Value) -> Value {
    match v {
        Value::F32(_) | Value::Bin(_) | Value::Ext(_) => Value::from("replaced"),
        Value::F64(f) if !f.is_finite() => Value::Nil,
        Value::Array(_) => arr(v.into_array().unwrap().into_iter().map(jsonable).collect()),
        Value::Map(_) => {
            map(v.into_map().unwrap().into_iter().map(|(k, v)| (Value::from(k.to_string()), jsonable(v))).collect())
        }
        other => other,
    }
}

// ---- ValueRef borrowing ------------------------------------------------------------

#[test]
fn value_ref_borrows_from_the_input() {
    let input = to_vec(&map(vec![(Value::from("key"), Value::from(vec![1u8, 2, 3]))])).unwrap();
    let v: ValueRef = rmp_serde::from_slice(&input).unwrap();
    let ValueRef::Map(entries) = &v else { panic!("{v}") };
    let (ValueRef::Str(k), ValueRef::Bin(b)) = entries[0] else { panic!("{v}") };
    let range = input.as_ptr_range();
    assert!(range.contains(&k.as_ptr()) && range.contains(&b.as_ptr()), "copied instead of borrowed");

    let json = r#"{"plain": ["a", "b"]}"#;
    let v: ValueRef = serde_json::from_str(json).unwrap();
    let s = v.get("plain").and_then(|a| a.get_index(1)).and_then(ValueRef::as_str).unwrap();
    assert!(json.as_bytes().as_ptr_range().contains(&s.as_ptr()));
}

#[test]
fn value_ref_rejects_copied_strings() {
    // An escape makes serde_json hand out a copy: ValueRef cannot hold it.
    let e = serde_json::from_str::<ValueRef>(r#"["ok", "line\nbreak"]"#).unwrap_err();
    assert!(e.to_string().contains("borrowed from the input"), "{e}");
    // A reader never lends its buffer.
    let e = serde_json::from_reader::<_, Value>(&br#"["x"]"#[..]).map(|_| ());
    assert!(e.is_ok(), "Value copies: {e:?}");
    let mut de = serde_json::Deserializer::from_reader(&br#""x""#[..]);
    let e = ValueRef::deserialize(&mut de).unwrap_err();
    assert!(e.to_string().contains("invalid type: string \"x\""), "{e}");
    // Copied bytes likewise.
    let e = ValueRef::deserialize(serde::de::value::BorrowedBytesDeserializer::<PlainError>::new(b"ab")).map(|_| ());
    assert!(e.is_ok(), "borrowed bytes are fine: {e:?}");
    let e = ValueRef::deserialize(Tok::Bytes(vec![1])).unwrap_err();
    assert!(e.to_string().contains("invalid type: byte array"), "{e}");
    // Value takes all of them.
    assert_eq!(serde_json::from_str::<Value>(r#""line\nbreak""#).unwrap(), Value::from("line\nbreak"));
}

// ---- integers beyond 64 bits, newtypes ---------------------------------------------

#[test]
fn wide_integers_within_range_or_an_error() {
    let ok = |v: i128| Value::deserialize(I128Deserializer::<PlainError>::new(v)).unwrap();
    assert_eq!(ok(-5), Value::from(-5i8));
    assert_eq!(ok(i64::MIN.into()), Value::from(i64::MIN));
    assert_eq!(ok(u64::MAX.into()), Value::from(u64::MAX));
    assert_eq!(Value::deserialize(U128Deserializer::<PlainError>::new(7)).unwrap(), Value::from(7u8));
    for e in [
        Value::deserialize(I128Deserializer::<PlainError>::new(i128::from(i64::MIN) - 1)).unwrap_err(),
        Value::deserialize(I128Deserializer::<PlainError>::new(i128::from(u64::MAX) + 1)).unwrap_err(),
        Value::deserialize(U128Deserializer::<PlainError>::new(u128::MAX)).unwrap_err(),
    ] {
        assert!(e.to_string().contains("outside the MessagePack range"), "{e}");
    }
}

#[test]
fn newtypes_are_their_content_unless_ext_shaped() {
    // serde_json writes newtype structs as their content; a deserializer
    // that reports them (here a hand-written one) gives the content.
    assert_eq!(Value::deserialize(Tok::Newtype(Box::new(Tok::Str("x".into())))).unwrap(), Value::from("x"));
    let pair = |ty: i64| Tok::Newtype(Box::new(Tok::Seq(vec![Tok::I64(ty), Tok::Bytes(vec![1, 2])])));
    assert_eq!(Value::deserialize(pair(-1)).unwrap(), Value::from(Ext::new(-1, vec![1, 2])));
    // Not an i8 type: stays an array.
    let big = Value::deserialize(pair(300)).unwrap();
    assert_eq!(big, arr(vec![Value::from(300u16), Value::from(vec![1u8, 2])]));
    let not_bytes = Tok::Newtype(Box::new(Tok::Seq(vec![Tok::I64(1), Tok::Str("s".into())])));
    assert_eq!(Value::deserialize(not_bytes).unwrap(), arr(vec![Value::from(1u8), Value::from("s")]));
}

#[test]
fn enums_from_a_format_are_an_error() {
    let e = Value::deserialize(Tok::Enum).unwrap_err();
    assert!(e.to_string().contains("invalid type: enum, expected any MessagePack value"), "{e}");
}

// ---- depth ----------------------------------------------------------------------------

const LIMIT: usize = msgpack_core::DecodeOptions::DEFAULT_MAX_DEPTH as usize;

/// The stack for the deep cases: measured, serde_json or rmp-serde plus
/// `Value` at the limit need under 1 MiB in a release build and under
/// 4 MiB unoptimised (the same tests at 2 MiB abort in debug).
const STACK_MIB: usize = if cfg!(debug_assertions) { 8 } else { 2 };

/// Runs `f` on a thread with `mib` MiB of stack: a stack overflow aborts
/// the test binary, so passing means none happened.
fn on_stack<T: Send + 'static>(mib: usize, f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new().stack_size(mib << 20).spawn(f).unwrap().join().unwrap()
}

fn nested_json(levels: usize) -> String {
    format!("{}{}", "[".repeat(levels), "]".repeat(levels))
}

#[test]
fn json_within_serde_json_limit() {
    // serde_json's own limit (128) stops deep input first by default.
    let e = serde_json::from_str::<Value>(&nested_json(200)).unwrap_err();
    assert!(e.to_string().contains("recursion limit exceeded"), "{e}");
    assert!(serde_json::from_str::<Value>(&nested_json(100)).is_ok());
}

/// Without serde_json's limit, `Value` stops at its own, on a stack the
/// unlimited recursion would overflow (a million levels).
#[test]
fn json_without_serde_json_limit_stops_at_ours() {
    fn parse<'de, T: Deserialize<'de>>(json: &'de str) -> Result<T, serde_json::Error> {
        let mut de = serde_json::Deserializer::from_str(json);
        de.disable_recursion_limit();
        T::deserialize(&mut de)
    }
    on_stack(STACK_MIB, || {
        let ok: Value = parse(&nested_json(LIMIT)).unwrap();
        assert_eq!(to_vec(&ok).unwrap(), [vec![0x91; LIMIT - 1], vec![0x90]].concat());
        let json = nested_json(LIMIT);
        let ok: ValueRef = parse(&json).unwrap();
        assert_eq!(to_vec(&ok).unwrap().len(), LIMIT);
        for levels in [LIMIT + 1, 1_000_000] {
            let e = parse::<Value>(&nested_json(levels)).unwrap_err();
            assert!(e.to_string().starts_with("nesting deeper than the limit of 1024"), "{e}");
            let e = parse::<ValueRef>(&nested_json(levels)).unwrap_err();
            assert!(e.to_string().starts_with("nesting deeper than the limit of 1024"), "{e}");
        }
        let deep_map = format!("{}1{}", r#"{"k":"#.repeat(LIMIT + 1), "}".repeat(LIMIT + 1));
        assert!(parse::<Value>(&deep_map).unwrap_err().to_string().starts_with("nesting deeper"));
    });
}

/// rmp-serde with its limit raised as far as it goes (65,535) reads deeper
/// than the stack allows: our limit holds.
#[test]
fn rmp_serde_with_a_raised_limit_stops_at_ours() {
    on_stack(STACK_MIB, || {
        let mut bytes = vec![0x91; 100_000];
        bytes.push(0xc0);
        let mut de = rmp_serde::Deserializer::from_read_ref(&bytes);
        de.set_max_depth(usize::MAX);
        let e = Value::deserialize(&mut de).unwrap_err();
        assert!(e.to_string().contains("nesting deeper than the limit of 1024"), "{e}");
        // At the limit, rmp-serde and from_slice agree.
        let at_limit = [vec![0x91; LIMIT - 1], vec![0xc0]].concat();
        assert_eq!(rmp_serde::from_slice::<Value>(&at_limit).unwrap(), from_slice::<Value>(&at_limit).unwrap());
    });
}

/// An ext item from rmp-serde costs two levels (a newtype around a pair),
/// as documented: inside 1022 arrays it fits, inside 1023 it does not.
#[test]
fn ext_items_count_two_levels() {
    on_stack(STACK_MIB, || {
        let read = |arrays: usize| {
            let bytes = [vec![0x91; arrays], vec![0xd4, 0x05, 0x00]].concat();
            let mut de = rmp_serde::Deserializer::from_read_ref(&bytes);
            de.set_max_depth(usize::MAX);
            let v = Value::deserialize(&mut de).map_err(|e| e.to_string());
            (v, from_slice::<Value>(&bytes).map_err(|e| e.to_string()))
        };
        let (v, ours) = read(LIMIT - 2);
        assert_eq!(v.unwrap(), ours.unwrap());
        let (v, ours) = read(LIMIT - 1);
        assert!(v.unwrap_err().contains("nesting deeper than the limit of 1024"));
        assert!(ours.is_ok());
    });
}

/// A format with no limit at all (hand-written, endless): every kind of
/// nesting stops at the limit with an error.
#[test]
fn endless_nesting_from_a_format_without_limit() {
    on_stack(STACK_MIB, || {
        for kind in [Nest::Seq, Nest::Map, Nest::Some, Nest::Newtype] {
            let e = Value::deserialize(Tok::Endless(kind, usize::MAX)).unwrap_err();
            assert!(e.to_string().starts_with("nesting deeper than the limit of 1024"), "{kind:?}: {e}");
            let e = ValueRef::deserialize(Tok::Endless(kind, usize::MAX)).unwrap_err();
            assert!(e.to_string().starts_with("nesting deeper than the limit of 1024"), "{kind:?}: {e}");
            // Exactly at the limit is fine.
            let v = Value::deserialize(Tok::Endless(kind, LIMIT)).unwrap();
            assert!(matches!(kind, Nest::Some | Nest::Newtype) || !v.is_nil(), "{kind:?}");
        }
    });
}

// ---- a minimal self-describing Deserializer -------------------------------------------

/// What [`Tok::Endless`] nests.
#[derive(Debug, Clone, Copy)]
enum Nest {
    Seq,
    Map,
    Some,
    Newtype,
}

/// A tiny format for the cases serde_json and rmp-serde never produce.
enum Tok {
    I64(i64),
    Str(String),
    /// A string the format lends for any lifetime (`visit_borrowed_str`).
    Static(&'static str),
    Bytes(Vec<u8>),
    Seq(Vec<Tok>),
    Newtype(Box<Tok>),
    Enum,
    /// `n` levels of `Nest` around a unit, produced lazily.
    Endless(Nest, usize),
}

impl<'de> Deserializer<'de> for Tok {
    type Error = PlainError;

    fn deserialize_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value, PlainError> {
        match self {
            Tok::I64(n) => v.visit_i64(n),
            Tok::Str(s) => v.visit_string(s),
            Tok::Static(s) => v.visit_borrowed_str(s),
            Tok::Bytes(b) => v.visit_byte_buf(b),
            Tok::Seq(items) => v.visit_seq(Items(items.into_iter())),
            Tok::Newtype(inner) => v.visit_newtype_struct(*inner),
            Tok::Enum => v.visit_enum("variant".into_deserializer()),
            Tok::Endless(_, 0) => v.visit_unit(),
            Tok::Endless(kind, n) => {
                let inner = Tok::Endless(kind, n - 1);
                match kind {
                    Nest::Seq => v.visit_seq(Items(vec![inner].into_iter())),
                    Nest::Map => v.visit_map(OneEntry(Some(inner))),
                    Nest::Some => v.visit_some(inner),
                    Nest::Newtype => v.visit_newtype_struct(inner),
                }
            }
        }
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct newtype_struct seq tuple
        tuple_struct map struct enum identifier ignored_any
    }
}

struct Items(std::vec::IntoIter<Tok>);

impl<'de> SeqAccess<'de> for Items {
    type Error = PlainError;

    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>, PlainError> {
        self.0.next().map(|t| seed.deserialize(t)).transpose()
    }
}

/// A map of one entry: key `"k"`, value the nested token.
struct OneEntry(Option<Tok>);

impl<'de> MapAccess<'de> for OneEntry {
    type Error = PlainError;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, PlainError> {
        if self.0.is_none() {
            return Ok(None);
        }
        seed.deserialize(Tok::Static("k")).map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, PlainError> {
        match self.0.take() {
            Some(t) => seed.deserialize(t),
            None => Err(de::Error::custom("value without key")),
        }
    }
}
