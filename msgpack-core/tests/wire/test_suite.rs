//! Conformance against kawanet's msgpack-test-suite (npm
//! `msgpack-test-suite` 1.0.0, vendored as
//! `tests/data/msgpack-test-suite.json`; source, license and checksum in
//! `tests/data/msgpack-test-suite.md`).
//!
//! Each case of the suite holds one typed value (`nil`, `bool`, `binary`,
//! `number`, `bignum`, `string`, `array`, `map`, `ext`, `timestamp`) and
//! every encoding (`msgpack`) that is to mean it. For every case:
//!
//! - every listed encoding decodes, consuming all its bytes (and no strict
//!   prefix of it does), to exactly the expected [`Value`] and
//!   [`ValueRef`], floats compared by their bits; `skip` and `raw_value`
//!   cover exactly the encoding;
//! - it decodes into the natural Rust types too (integers, floats,
//!   strings, byte buffers, `Ext`, `Timestamp`...), and an integer type
//!   refuses a value out of its range or a float;
//! - our encoding of the value ([`to_vec`] of the `Value`, and of the
//!   typed value) is the first listed encoding, except in the cases of
//!   [`EXCEPTIONS`], each with its reason, where it is another listed
//!   encoding.
//!
//! The suite is JavaScript's view of MessagePack: a `number` is a double,
//! and the suite lists `float 32` / `float 64` encodings of integers such
//! as `0` or `2^32` among its encodings. A [`Value`] keeps the wire's type:
//! `ca 00 00 00 00` decodes to `Value::F32(0.0)`, not to `Value::Int(0)`,
//! so the value expected of a float encoding is the float of that width
//! holding the number exactly (checked: the conversion is exact). Likewise
//! an integer type never reads a float (lossy in general), so the typed
//! check of a float encoding of an integer is `f32` / `f64`.

use std::borrow::Cow;
use std::collections::BTreeMap;

use msgpack_core::decode::ErrorKind;
use msgpack_core::value::Integer;
use msgpack_core::{
    DecodeOptions, Decoder, Ext, ExtRef, Timestamp, Value, ValueRef, from_slice, from_slice_with, to_vec,
};
use serde_json::Value as Json;

use crate::common::same;
use same::same;

/// What the vendored file holds (see `tests/data/msgpack-test-suite.md`):
/// a different file must be looked at, not silently passed.
const GROUPS: usize = 15;
const CASES: usize = 85;
const ENCODINGS: usize = 233;

/// The cases where our encoding is not the suite's first one: the group,
/// the index of the case in it, our encoding (which must be another of the
/// listed ones) and why.
const EXCEPTIONS: &[(&str, usize, &str, &str)] = &[
    (
        "22.number-float.yaml",
        0,
        "cb-3f-e0-00-00-00-00-00-00",
        "0.5 is a double (JSON, JavaScript): Value::F64 is written as float 64, never narrowed, as \
         rmp-serde and msgpack-python write a double; the suite lists the float 32 form first \
         (written by us for Value::F32(0.5), checked by floats_take_the_width_of_their_value)",
    ),
    (
        "22.number-float.yaml",
        1,
        "cb-bf-e0-00-00-00-00-00-00",
        "-0.5 as 0.5: Value::F64 stays float 64; the float 32 form is written for Value::F32(-0.5)",
    ),
    (
        "23.number-bignum.yaml",
        4,
        "cf-7f-ff-ff-ff-ff-ff-ff-ff",
        "2^63 - 1 has two 9-byte forms: we write every non-negative integer as uint (as msgpack-python \
         and rmp write it); the suite lists int 64 first here, but uint 64 first for 2^32 and 2^48 \
         (same group), so its order is no canonical choice",
    ),
];

fn unhex(s: &str) -> Vec<u8> {
    if s.is_empty() {
        return Vec::new();
    }
    s.split('-').map(|b| u8::from_str_radix(b, 16).unwrap_or_else(|_| panic!("bad hex {s:?}"))).collect()
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|b| format!("{b:02x}")).collect::<Vec<_>>().join("-")
}

/// A case's typed value.
#[derive(Debug, Clone)]
enum Expected {
    Nil,
    Bool(bool),
    Binary(Vec<u8>),
    /// `number` holding an integer, or `bignum`.
    Int(i128),
    /// `number` holding a fraction.
    Float(f64),
    Str(String),
    /// `array` or `map`, as a `Value`.
    Nested(Value),
    Ext(i8, Vec<u8>),
    Timestamp(Timestamp),
}

impl Expected {
    /// The value as a `Value` (floats as the double they are in JSON).
    fn value(&self) -> Value {
        match self {
            Expected::Nil => Value::Nil,
            Expected::Bool(b) => Value::Bool(*b),
            Expected::Binary(b) => Value::Bin(b.clone()),
            Expected::Int(n) => Value::Int(Integer::try_from(*n).unwrap()),
            Expected::Float(x) => Value::F64(*x),
            Expected::Str(s) => Value::Str(s.clone()),
            Expected::Nested(v) => v.clone(),
            Expected::Ext(ty, data) => Value::Ext(Ext::new(*ty, data.clone())),
            Expected::Timestamp(t) => Value::from(*t),
        }
    }

    /// The `Value` the encoding `bytes` must decode to: the value, or for a
    /// number written as a float, the float of that width (which must hold
    /// the number exactly).
    fn value_of(&self, bytes: &[u8]) -> Value {
        let number = match *self {
            Expected::Int(n) => n as f64,
            Expected::Float(x) => x,
            _ => return self.value(),
        };
        if let (Expected::Int(n), 0xca | 0xcb) = (self, bytes[0]) {
            assert_eq!(number as i128, *n, "{n} is not exact as a double");
        }
        match bytes[0] {
            0xca => {
                let x = number as f32;
                assert_eq!(f64::from(x).to_bits(), number.to_bits(), "{number} is not exact as float 32");
                Value::F32(x)
            }
            0xcb => Value::F64(number),
            _ => {
                let Expected::Int(_) = self else { panic!("the fraction {number} as {}", hex(bytes)) };
                self.value()
            }
        }
    }
}

fn int(n: i128) -> Value {
    Value::Int(Integer::try_from(n).unwrap())
}

/// A JSON number as JavaScript means it: integral ones as integers.
fn number(j: &Json) -> Expected {
    if let Some(u) = j.as_u64() {
        return Expected::Int(u.into());
    }
    if let Some(i) = j.as_i64() {
        return Expected::Int(i.into());
    }
    let x = j.as_f64().unwrap();
    assert!(x.fract() != 0.0, "{x}: an integral double written as a fraction");
    Expected::Float(x)
}

/// An element of an `array` / `map` value.
fn element(j: &Json) -> Value {
    match j {
        Json::Null => Value::Nil,
        Json::Bool(b) => Value::Bool(*b),
        Json::Number(_) => match number(j) {
            Expected::Int(n) => int(n),
            Expected::Float(x) => Value::F64(x),
            _ => unreachable!(),
        },
        Json::String(s) => Value::Str(s.clone()),
        Json::Array(items) => Value::Array(items.iter().map(element).collect()),
        Json::Object(entries) => {
            // Without serde_json's `preserve_order` the keys come sorted:
            // the wire order of a map of more than one key is not known.
            assert!(entries.len() <= 1, "a map of several keys: {j}");
            Value::Map(entries.iter().map(|(k, v)| (Value::Str(k.clone()), element(v))).collect())
        }
    }
}

struct Case {
    group: String,
    index: usize,
    expected: Expected,
    encodings: Vec<Vec<u8>>,
}

impl Case {
    fn name(&self) -> String {
        format!("{}[{}] {:?}", self.group, self.index, self.expected)
    }
}

fn typed(case: &serde_json::Map<String, Json>) -> Expected {
    // Sorted: serde_json keeps the file's order when another crate of the
    // workspace turns on its `preserve_order` feature, and sorts otherwise.
    let mut keys: Vec<&str> = case.keys().map(String::as_str).filter(|k| *k != "msgpack").collect();
    keys.sort_unstable();
    match keys[..] {
        ["nil"] => {
            assert!(case["nil"].is_null());
            Expected::Nil
        }
        ["bool"] => Expected::Bool(case["bool"].as_bool().unwrap()),
        ["binary"] => Expected::Binary(unhex(case["binary"].as_str().unwrap())),
        ["number"] => number(&case["number"]),
        ["bignum"] => Expected::Int(case["bignum"].as_str().unwrap().parse().unwrap()),
        // Both: the decimal string is exact, the double must agree with it.
        ["bignum", "number"] => {
            let n: i128 = case["bignum"].as_str().unwrap().parse().unwrap();
            match number(&case["number"]) {
                Expected::Int(m) => assert_eq!(m, n, "number and bignum disagree"),
                other => panic!("number {other:?} with bignum {n}"),
            }
            Expected::Int(n)
        }
        ["string"] => Expected::Str(case["string"].as_str().unwrap().to_owned()),
        ["array"] | ["map"] => Expected::Nested(element(&case[keys[0]])),
        ["ext"] => {
            let e = case["ext"].as_array().unwrap();
            assert_eq!(e.len(), 2);
            let ty = i8::try_from(e[0].as_i64().unwrap()).unwrap();
            Expected::Ext(ty, unhex(e[1].as_str().unwrap()))
        }
        ["timestamp"] => {
            let t = case["timestamp"].as_array().unwrap();
            assert_eq!(t.len(), 2);
            let secs = t[0].as_i64().unwrap();
            let nanos = u32::try_from(t[1].as_u64().unwrap()).unwrap();
            Expected::Timestamp(Timestamp::new(secs, nanos).unwrap())
        }
        _ => panic!("a case of unknown keys {keys:?}"),
    }
}

fn load() -> (Vec<Case>, usize) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/msgpack-test-suite.json");
    let doc: Json = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let groups = doc.as_object().unwrap();
    let mut cases = Vec::new();
    for (group, list) in groups {
        for (index, case) in list.as_array().unwrap().iter().enumerate() {
            let case = case.as_object().unwrap();
            let encodings: Vec<Vec<u8>> =
                case["msgpack"].as_array().unwrap().iter().map(|h| unhex(h.as_str().unwrap())).collect();
            assert!(!encodings.is_empty(), "{group}[{index}] lists no encoding");
            cases.push(Case { group: group.clone(), index, expected: typed(case), encodings });
        }
    }
    (cases, groups.len())
}

#[test]
fn the_file_is_the_vendored_one() {
    let (cases, groups) = load();
    assert_eq!(groups, GROUPS);
    assert_eq!(cases.len(), CASES);
    assert_eq!(cases.iter().map(|c| c.encodings.len()).sum::<usize>(), ENCODINGS);
    // Every kind of value the README's format has.
    let kinds = |f: fn(&Expected) -> bool| cases.iter().filter(|c| f(&c.expected)).count();
    assert_eq!(kinds(|e| matches!(e, Expected::Nil)), 1);
    assert_eq!(kinds(|e| matches!(e, Expected::Bool(_))), 2);
    assert_eq!(kinds(|e| matches!(e, Expected::Binary(_))), 3);
    assert_eq!(kinds(|e| matches!(e, Expected::Int(_))), 28);
    assert_eq!(kinds(|e| matches!(e, Expected::Float(_))), 2);
    assert_eq!(kinds(|e| matches!(e, Expected::Str(_))), 11);
    assert_eq!(kinds(|e| matches!(e, Expected::Nested(_))), 12);
    assert_eq!(kinds(|e| matches!(e, Expected::Ext(..))), 7);
    assert_eq!(kinds(|e| matches!(e, Expected::Timestamp(_))), 19);
}

/// `bytes` decodes to `want` as a `Value` and a `ValueRef`, consuming
/// every byte; `skip` and `raw_value` cover exactly it; no strict prefix
/// decodes.
fn decodes_to(name: &str, bytes: &[u8], want: &Value) {
    let h = hex(bytes);
    let got: Value = from_slice(bytes).unwrap_or_else(|e| panic!("{name}: {h}: {e}"));
    assert!(same(&got, want), "{name}: {h} decoded to {got:?}, expected {want:?}");
    let borrowed: ValueRef = from_slice(bytes).unwrap_or_else(|e| panic!("{name}: {h}: {e}"));
    assert!(same(&Value::from(borrowed), want), "{name}: {h} as ValueRef");

    let mut d = Decoder::new(bytes);
    let _: Value = d.decode().unwrap();
    assert!(d.is_empty(), "{name}: {h}: {} bytes left", d.remaining().len());
    let mut d = Decoder::new(bytes);
    d.skip().unwrap();
    assert!(d.is_empty(), "{name}: {h}: skip left bytes");
    assert_eq!(Decoder::new(bytes).raw_value().unwrap(), bytes, "{name}: {h}: raw_value");

    for n in 0..bytes.len() {
        let e = from_slice::<Value>(&bytes[..n]).expect_err(&format!("{name}: {n} bytes of {h} decoded"));
        assert!(matches!(e.kind(), ErrorKind::UnexpectedEof { .. }), "{name}: {n} bytes of {h}: {e}");
    }
    // A byte more is left over.
    let mut longer = bytes.to_vec();
    longer.push(0xc0);
    let e = from_slice::<Value>(&longer).unwrap_err();
    assert_eq!(*e.kind(), ErrorKind::TrailingBytes { count: 1 }, "{name}: {h}");
}

/// `bytes` decodes into the Rust types that hold the expected value.
fn decodes_typed(name: &str, expected: &Expected, bytes: &[u8]) {
    let h = hex(bytes);
    let ctx = |e: msgpack_core::decode::Error| format!("{name}: {h}: {e}");
    match expected {
        Expected::Nil => {
            from_slice::<()>(bytes).unwrap();
            assert_eq!(from_slice::<Option<u8>>(bytes).unwrap(), None);
        }
        Expected::Bool(b) => assert_eq!(from_slice::<bool>(bytes).unwrap(), *b),
        Expected::Binary(want) => {
            assert_eq!(&from_slice::<Vec<u8>>(bytes).unwrap(), want, "{name}: {h}");
            assert_eq!(from_slice::<&[u8]>(bytes).unwrap(), &want[..], "{name}: {h}");
            assert_eq!(&*from_slice::<Box<[u8]>>(bytes).unwrap(), &want[..], "{name}: {h}");
            let cow = from_slice::<Cow<[u8]>>(bytes).unwrap();
            assert!(matches!(cow, Cow::Borrowed(_)), "{name}: {h}: a bin is borrowed");
            assert_eq!(&*cow, &want[..]);
            #[cfg(feature = "bytes")]
            {
                let b = from_slice::<bytes::Bytes>(bytes).unwrap();
                assert_eq!(&b[..], &want[..], "{name}: {h}");
            }
        }
        Expected::Int(n) => match bytes[0] {
            0xca | 0xcb => {
                let x = *n as f64;
                assert_eq!(from_slice::<f64>(bytes).map_err(ctx).unwrap().to_bits(), x.to_bits());
                if bytes[0] == 0xca {
                    assert_eq!(from_slice::<f32>(bytes).unwrap().to_bits(), (x as f32).to_bits(), "{name}: {h}");
                }
                // An integer type never reads a float.
                for e in [from_slice::<i64>(bytes).unwrap_err(), from_slice::<i128>(bytes).unwrap_err()] {
                    assert!(matches!(e.kind(), ErrorKind::TypeMismatch { .. }), "{name}: {h}: {e}");
                }
            }
            _ => {
                assert_eq!(from_slice::<i128>(bytes).map_err(ctx).unwrap(), *n);
                match i64::try_from(*n) {
                    Ok(i) => assert_eq!(from_slice::<i64>(bytes).map_err(ctx).unwrap(), i),
                    Err(_) => {
                        let e = from_slice::<i64>(bytes).unwrap_err();
                        assert!(matches!(e.kind(), ErrorKind::OutOfRange { .. }), "{name}: {h}: {e}");
                    }
                }
                match u64::try_from(*n) {
                    Ok(u) => assert_eq!(from_slice::<u64>(bytes).map_err(ctx).unwrap(), u),
                    Err(_) => {
                        let e = from_slice::<u64>(bytes).unwrap_err();
                        assert!(matches!(e.kind(), ErrorKind::OutOfRange { .. }), "{name}: {h}: {e}");
                    }
                }
                if let Ok(i) = i32::try_from(*n) {
                    assert_eq!(from_slice::<i32>(bytes).map_err(ctx).unwrap(), i);
                }
                if let Ok(u) = u8::try_from(*n) {
                    assert_eq!(from_slice::<u8>(bytes).map_err(ctx).unwrap(), u);
                }
                // A float reads an integer only with `int_to_float`, exactly
                // for these (all within 2^53, but the 64-bit bignums).
                assert!(from_slice::<f64>(bytes).is_err(), "{name}: {h}");
                if n.unsigned_abs() <= 1 << 53 {
                    let lenient = DecodeOptions::new().int_to_float(true);
                    assert_eq!(from_slice_with::<f64>(bytes, &lenient).map_err(ctx).unwrap(), *n as f64);
                }
            }
        },
        Expected::Float(x) => {
            assert_eq!(from_slice::<f64>(bytes).map_err(ctx).unwrap().to_bits(), x.to_bits());
            if bytes[0] == 0xca {
                assert_eq!(from_slice::<f32>(bytes).unwrap().to_bits(), (*x as f32).to_bits(), "{name}: {h}");
            }
        }
        Expected::Str(s) => {
            assert_eq!(&from_slice::<String>(bytes).map_err(ctx).unwrap(), s);
            assert_eq!(from_slice::<&str>(bytes).unwrap(), s, "{name}: {h}");
            assert_eq!(&*from_slice::<Box<str>>(bytes).unwrap(), s, "{name}: {h}");
            let cow = from_slice::<Cow<str>>(bytes).unwrap();
            assert!(matches!(cow, Cow::Borrowed(_)), "{name}: {h}: a str is borrowed");
            if s.chars().count() == 1 {
                assert_eq!(from_slice::<char>(bytes).unwrap(), s.chars().next().unwrap(), "{name}: {h}");
            }
        }
        Expected::Nested(v @ Value::Array(items)) => {
            let got: Vec<Value> = from_slice(bytes).map_err(ctx).unwrap();
            assert!(same(&Value::Array(got), v), "{name}: {h} as Vec<Value>");
            assert_eq!(from_slice::<Vec<ValueRef>>(bytes).unwrap().len(), items.len(), "{name}: {h}");
        }
        Expected::Nested(Value::Map(entries)) => {
            let got: BTreeMap<String, Value> = from_slice(bytes).map_err(ctx).unwrap();
            let want: BTreeMap<String, Value> =
                entries.iter().map(|(k, v)| (k.as_str().unwrap().to_owned(), v.clone())).collect();
            assert_eq!(got, want, "{name}: {h}");
        }
        Expected::Nested(other) => unreachable!("{other:?}"),
        Expected::Ext(ty, data) => {
            assert_eq!(from_slice::<Ext>(bytes).map_err(ctx).unwrap(), Ext::new(*ty, data.clone()));
            assert_eq!(from_slice::<ExtRef>(bytes).unwrap(), ExtRef::new(*ty, data), "{name}: {h}");
            // Not a timestamp (no case of ext -1 here).
            assert!(from_slice::<Timestamp>(bytes).is_err(), "{name}: {h}");
        }
        Expected::Timestamp(t) => {
            assert_eq!(from_slice::<Timestamp>(bytes).map_err(ctx).unwrap(), *t);
            let v: Value = from_slice(bytes).unwrap();
            assert_eq!(v.as_timestamp(), Some(*t), "{name}: {h}");
            // Read as a plain ext too: type -1, the payload as written.
            let e = from_slice::<ExtRef>(bytes).unwrap();
            assert_eq!((e.ty, e.data), (-1, &bytes[bytes.len() - e.data.len()..]), "{name}: {h}");
        }
    }
}

#[test]
fn every_encoding_decodes_to_the_value() {
    let (cases, _) = load();
    let mut checked = 0;
    for case in &cases {
        let name = case.name();
        for bytes in &case.encodings {
            decodes_to(&name, bytes, &case.expected.value_of(bytes));
            decodes_typed(&name, &case.expected, bytes);
            // Read back and written again: a float keeps its width and
            // bits, anything else takes our (smallest) form.
            let back: Value = from_slice(bytes).unwrap();
            let again = to_vec(&back).unwrap();
            match bytes[0] {
                0xca | 0xcb => assert_eq!(&again, bytes, "{name}: a float re-encoded"),
                _ => assert_eq!(again, to_vec(&case.expected.value()).unwrap(), "{name}: {} re-encoded", hex(bytes)),
            }
            checked += 1;
        }
    }
    assert_eq!(checked, ENCODINGS);
}

/// Our encoding of the typed value itself (not through `Value`), where a
/// Rust type holds it; `None` for arrays and maps (the `Value` covers them).
fn typed_encoding(expected: &Expected) -> Option<Vec<u8>> {
    Some(match expected {
        Expected::Nil => to_vec(&()).unwrap(),
        Expected::Bool(b) => to_vec(b).unwrap(),
        Expected::Binary(b) => to_vec(b).unwrap(),
        Expected::Int(n) => match (i64::try_from(*n), u64::try_from(*n)) {
            (_, Ok(u)) => {
                let bytes = to_vec(&u).unwrap();
                // Every integer type writes the same bytes.
                assert_eq!(to_vec(n).unwrap(), bytes);
                if let Ok(i) = i64::try_from(*n) {
                    assert_eq!(to_vec(&i).unwrap(), bytes);
                }
                bytes
            }
            (Ok(i), _) => {
                assert_eq!(to_vec(n).unwrap(), to_vec(&i).unwrap());
                to_vec(&i).unwrap()
            }
            _ => unreachable!(),
        },
        Expected::Float(x) => to_vec(x).unwrap(),
        Expected::Str(s) => to_vec(s).unwrap(),
        Expected::Nested(_) => return None,
        Expected::Ext(ty, data) => to_vec(&Ext::new(*ty, data.clone())).unwrap(),
        Expected::Timestamp(t) => to_vec(t).unwrap(),
    })
}

#[test]
fn we_write_the_first_listed_encoding() {
    let (cases, _) = load();
    let mut exceptions_used = vec![false; EXCEPTIONS.len()];
    let mut checked = 0;
    for case in &cases {
        let name = case.name();
        let ours = to_vec(&case.expected.value()).unwrap();
        assert_eq!(ours.len(), msgpack_core::Encode::encoded_len(&case.expected.value()), "{name}");
        if let Some(typed) = typed_encoding(&case.expected) {
            assert_eq!(typed, ours, "{name}: the typed value and the Value write different bytes");
        }
        let first = &case.encodings[0];
        match EXCEPTIONS.iter().position(|(g, i, ..)| *g == case.group && *i == case.index) {
            None => assert_eq!(hex(&ours), hex(first), "{name}: we write another encoding than the first listed"),
            Some(k) => {
                let (_, _, hex_ours, why) = EXCEPTIONS[k];
                assert_ne!(&ours, first, "{name}: listed as an exception ({why}) but we write the first encoding");
                assert_eq!(hex(&ours), hex_ours, "{name}");
                assert!(case.encodings.contains(&ours), "{name}: our encoding {hex_ours} is not listed");
                exceptions_used[k] = true;
            }
        }
        checked += 1;
    }
    assert_eq!(checked, CASES);
    assert!(exceptions_used.iter().all(|&u| u), "an exception matches no case: {exceptions_used:?}");
}

/// The float cases' first encoding is `float 32`: what a `Value::F32` (or
/// an `f32`) of the number writes. With the exceptions above, this shows
/// where each listed float form comes from.
#[test]
fn floats_take_the_width_of_their_value() {
    let (cases, _) = load();
    let mut checked = 0;
    for case in &cases {
        let Expected::Float(x) = case.expected else { continue };
        let narrow = x as f32;
        assert_eq!(f64::from(narrow), x);
        assert_eq!(to_vec(&Value::F32(narrow)).unwrap(), case.encodings[0], "{}", case.name());
        assert_eq!(to_vec(&narrow).unwrap(), case.encodings[0], "{}", case.name());
        let wide = to_vec(&x).unwrap();
        assert_eq!(case.encodings.iter().filter(|e| **e == wide).count(), 1, "{}", case.name());
        checked += 1;
    }
    assert_eq!(checked, 2);
}
