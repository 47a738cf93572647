//! `Value` and `ValueRef`: round trips, exact bytes, exact `encoded_len`,
//! borrowing, hostile input, depth limits, `Display`, and a cross-check
//! against the reference implementation's vectors (`data/vectors.json`).

use std::collections::HashSet;

use msgpack_core::decode::{Error, ErrorKind};
use msgpack_core::value::Integer;
use msgpack_core::{
    DecodeOptions, Encode, Ext, ExtRef, Timestamp, Value, ValueRef, from_slice, from_slice_with, to_vec,
};
use proptest::prelude::*;

use crate::common::any_value;
use any_value::any_value;

// ---- helpers -------------------------------------------------------------------

fn hex(s: &str) -> Vec<u8> {
    (0..s.len()).step_by(2).map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap()).collect()
}

use crate::common::same;
use same::same;

/// Encodes `v` as `Value` and as `ValueRef`, checks `encoded_len`, decodes
/// both ways and checks they give `v` back; returns the bytes.
#[track_caller]
fn round_trip(v: &Value) -> Vec<u8> {
    let bytes = to_vec(v).unwrap();
    assert_eq!(v.encoded_len(), bytes.len(), "encoded_len of {v}");
    let r = v.as_ref();
    assert_eq!(r.encoded_len(), bytes.len(), "ValueRef encoded_len of {v}");
    assert_eq!(to_vec(&r).unwrap(), bytes, "ValueRef bytes of {v}");

    let back: Value = from_slice(&bytes).unwrap();
    assert!(same(&back, v), "{back:?} != {v:?}");
    let back_ref: ValueRef = from_slice(&bytes).unwrap();
    assert!(same(&back_ref.to_owned_value(), v), "{back_ref:?} != {v:?}");
    assert_eq!(back_ref.to_string(), v.to_string());
    bytes
}

fn nested_array(depth: usize) -> Vec<u8> {
    let mut bytes = vec![0x91; depth];
    bytes.push(0xc0);
    bytes
}

/// Runs `f` on a thread with a `stack`-byte stack and returns its result.
fn on_stack<T: Send + 'static>(stack: usize, f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new().stack_size(stack).spawn(f).unwrap().join().unwrap()
}

fn kind(r: Result<Value, Error>) -> ErrorKind {
    r.unwrap_err().kind().clone()
}

fn sample() -> Value {
    Value::Map(vec![
        (Value::from("name"), Value::from("ada")),
        (Value::from(7u8), Value::Array(vec![Value::from(-1i8), Value::from(1.5f32), Value::from(0.25)])),
        (Value::Nil, Value::from(&b"\x00\xff"[..])),
        (Value::Array(vec![Value::from(true)]), Value::Map(vec![(Value::from("k"), Value::from(u64::MAX))])),
        (Value::from("ext"), Value::from(Ext::new(42, vec![1, 2, 3]))),
        (Value::from("t"), Value::from(Timestamp::new(1_700_000_000, 5).unwrap())),
        (Value::from("é"), Value::from(i64::MIN)),
    ])
}

// ---- round trips and exact bytes -------------------------------------------------

#[test]
fn round_trips_every_kind() {
    let ints: [i128; 24] = [
        0,
        1,
        127,
        128,
        255,
        256,
        65535,
        65536,
        u32::MAX as i128,
        u32::MAX as i128 + 1,
        i64::MAX as i128,
        u64::MAX as i128,
        -1,
        -32,
        -33,
        -128,
        -129,
        -32768,
        -32769,
        i32::MIN as i128,
        i32::MIN as i128 - 1,
        i64::MIN as i128,
        i64::MIN as i128 + 1,
        42,
    ];
    let mut values = vec![Value::Nil, Value::from(true), Value::from(false)];
    values.extend(ints.iter().map(|&i| Value::Int(Integer::try_from(i).unwrap())));
    values.extend([0.0f32, -0.0, 1.5, f32::MAX, f32::MIN_POSITIVE, f32::INFINITY, f32::NAN].map(Value::from));
    values.extend([0.0f64, -0.0, 0.1, 1e300, f64::NEG_INFINITY, f64::NAN].map(Value::from));
    values.extend(["", "a", "hé\u{1F600}", "quote\"back\\slash\n"].map(Value::from));
    values.extend([&b""[..], b"\x00\x01\xff", b"text"].map(Value::from));
    values.push(Value::Array(vec![]));
    values.push(Value::Map(vec![]));
    values.extend([0usize, 1, 2, 3, 4, 8, 16, 17].map(|n| Value::from(Ext::new(-5, vec![0xab; n]))));
    values.extend(
        [(0, 0), (1_700_000_000, 0), (u32::MAX as i64 + 1, 0), (1, 1), (-1, 999_999_999), (1 << 34, 0), (i64::MIN, 0)]
            .map(|(s, n)| Value::from(Timestamp::new(s, n).unwrap())),
    );
    values.push(sample());
    values.push(Value::Array(values.clone()));
    for v in &values {
        round_trip(v);
    }
}

#[test]
fn exact_bytes() {
    assert_eq!(to_vec(&Value::from(300u16)).unwrap(), [0xcd, 0x01, 0x2c]);
    assert_eq!(to_vec(&Value::from(-1i64)).unwrap(), [0xff]);
    assert_eq!(to_vec(&Value::from(-33i64)).unwrap(), [0xd0, 0xdf]);
    assert_eq!(to_vec(&Value::from(200i64)).unwrap(), [0xcc, 0xc8]); // non-negative: uint
    assert_eq!(to_vec(&Value::from(u64::MAX)).unwrap(), [0xcf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
    assert_eq!(to_vec(&Value::from(i64::MIN)).unwrap(), [0xd3, 0x80, 0, 0, 0, 0, 0, 0, 0]);
    // F32 stays float 32, F64 stays float 64.
    assert_eq!(to_vec(&Value::from(1.0f32)).unwrap(), [0xca, 0x3f, 0x80, 0, 0]);
    assert_eq!(to_vec(&Value::from(1.0f64)).unwrap(), [0xcb, 0x3f, 0xf0, 0, 0, 0, 0, 0, 0]);
    assert_eq!(from_slice::<Value>(&[0xca, 0x3f, 0x80, 0, 0]).unwrap(), Value::F32(1.0));
    assert_ne!(Value::F32(1.0), Value::F64(1.0));
    // A map with integer, nil and array keys, in wire order.
    let map = Value::Map(vec![
        (Value::from(2u8), Value::from("two")),
        (Value::Nil, Value::from(-1i8)),
        (Value::from("a"), Value::Nil),
        (Value::Array(vec![Value::from(1u8)]), Value::from(true)),
    ]);
    let bytes = round_trip(&map);
    assert_eq!(bytes, [0x84, 0x02, 0xa3, b't', b'w', b'o', 0xc0, 0xff, 0xa1, b'a', 0xc0, 0x91, 0x01, 0xc3]);
    // Str vs bin.
    assert_eq!(to_vec(&Value::from("ab")).unwrap(), [0xa2, b'a', b'b']);
    assert_eq!(to_vec(&Value::from(&b"ab"[..])).unwrap(), [0xc4, 2, b'a', b'b']);
    // Ext, fixext and ext 8.
    assert_eq!(to_vec(&Value::from(Ext::new(5, vec![1, 2]))).unwrap(), [0xd5, 5, 1, 2]);
    assert_eq!(to_vec(&Value::from(Ext::new(-2, vec![]))).unwrap(), [0xc7, 0, 0xfe]);
    // Timestamps: the same bytes as `Timestamp` itself, in all three layouts.
    for (s, n, len) in [(1, 0, 6), (1, 1, 10), (-1, 0, 15), (1 << 34, 0, 15), ((1 << 34) - 1, 999_999_999, 10)] {
        let t = Timestamp::new(s, n).unwrap();
        let bytes = to_vec(&Value::from(t)).unwrap();
        assert_eq!(bytes, to_vec(&t).unwrap(), "{t}");
        assert_eq!(bytes.len(), len);
        assert_eq!(from_slice::<Value>(&bytes).unwrap().as_timestamp(), Some(t));
    }
}

#[test]
fn non_smallest_integer_forms_read_as_the_same_number() {
    // int 8 holding 5, int 64 holding i64::MAX, uint 16 holding 5: all
    // normalised, so they equal the smallest forms and re-encode as them.
    let cases: [(&[u8], Value, &[u8]); 4] = [
        (&[0xd0, 0x05], Value::from(5u8), &[0x05]),
        (&[0xcd, 0x00, 0x05], Value::from(5u8), &[0x05]),
        (
            &[0xd3, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff],
            Value::from(i64::MAX),
            &[0xcf, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff],
        ),
        (&[0xd1, 0xff, 0xff], Value::from(-1i8), &[0xff]),
    ];
    for (input, expected, smallest) in cases {
        let v: Value = from_slice(input).unwrap();
        assert_eq!(v, expected);
        assert_eq!(to_vec(&v).unwrap(), smallest);
        let r: ValueRef = from_slice(input).unwrap();
        assert_eq!(r, expected);
    }
}

#[test]
fn encoded_len_is_exact_at_every_boundary() {
    let check = |v: Value, first: &[u8]| {
        let bytes = round_trip(&v);
        assert_eq!(&bytes[..first.len()], first, "header of {}", v.encoded_len());
    };
    for (n, first) in [
        (0, &[0xa0][..]),
        (31, &[0xbf]),
        (32, &[0xd9, 32]),
        (255, &[0xd9, 255]),
        (256, &[0xda, 1, 0]),
        (65535, &[0xda, 0xff, 0xff]),
        (65536, &[0xdb, 0, 1, 0, 0]),
    ] {
        check(Value::from("x".repeat(n)), first);
    }
    for (n, first) in [
        (0, &[0xc4, 0][..]),
        (255, &[0xc4, 255]),
        (256, &[0xc5, 1, 0]),
        (65535, &[0xc5, 0xff, 0xff]),
        (65536, &[0xc6, 0, 1, 0, 0]),
    ] {
        check(Value::from(vec![7u8; n]), first);
    }
    for (n, first) in
        [(15, &[0x9f][..]), (16, &[0xdc, 0, 16]), (65535, &[0xdc, 0xff, 0xff]), (65536, &[0xdd, 0, 1, 0, 0])]
    {
        check(Value::Array(vec![Value::from(300u16); n]), first);
    }
    for (n, first) in
        [(15, &[0x8f][..]), (16, &[0xde, 0, 16]), (65535, &[0xde, 0xff, 0xff]), (65536, &[0xdf, 0, 1, 0, 0])]
    {
        check((0..n).map(|i| (Value::from(i), Value::Nil)).collect(), first);
    }
    for (n, first) in [
        (1, &[0xd4, 9][..]),
        (2, &[0xd5, 9]),
        (3, &[0xc7, 3, 9]),
        (4, &[0xd6, 9]),
        (8, &[0xd7, 9]),
        (16, &[0xd8, 9]),
        (17, &[0xc7, 17, 9]),
        (255, &[0xc7, 255, 9]),
        (256, &[0xc8, 1, 0, 9]),
        (65535, &[0xc8, 0xff, 0xff, 9]),
        (65536, &[0xc9, 0, 1, 0, 0, 9]),
    ] {
        check(Value::from(Ext::new(9, vec![0; n])), first);
    }
    // Big strings nested in containers.
    let mixed = Value::Array(vec![
        Value::from("y".repeat(70_000)),
        Value::Map(vec![(Value::from("z".repeat(300)), Value::from(vec![1u8; 40_000]))]),
    ]);
    round_trip(&mixed);
}

// ---- the reference implementation's vectors ----------------------------------------

fn from_json(j: &serde_json::Value) -> Value {
    let (tag, v) = j.as_object().unwrap().iter().next().unwrap();
    match tag.as_str() {
        "nil" => Value::Nil,
        "bool" => Value::from(v.as_bool().unwrap()),
        "int" => Value::Int(Integer::try_from(v.as_str().unwrap().parse::<i128>().unwrap()).unwrap()),
        "f32" => Value::F32(f32::from_bits(u32::from_str_radix(v.as_str().unwrap(), 16).unwrap())),
        "f64" => Value::F64(f64::from_bits(u64::from_str_radix(v.as_str().unwrap(), 16).unwrap())),
        "str" => Value::from(v.as_str().unwrap()),
        "bin" => Value::Bin(hex(v.as_str().unwrap())),
        "array" => v.as_array().unwrap().iter().map(from_json).collect(),
        "map" => Value::Map(v.as_array().unwrap().iter().map(|kv| (from_json(&kv[0]), from_json(&kv[1]))).collect()),
        "ext" => Value::from(Ext::new(v["type"].as_i64().unwrap() as i8, hex(v["data"].as_str().unwrap()))),
        "uint_array" => v.as_array().unwrap().iter().map(|n| Value::from(n.as_u64().unwrap())).collect(),
        "uint_map" => {
            v.as_array().unwrap().iter().map(|kv| (kv[0].as_u64().unwrap(), kv[1].as_u64().unwrap())).collect()
        }
        other => panic!("unknown tag {other}"),
    }
}

#[test]
fn reference_vectors() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/vectors.json")).unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let vectors = json["vectors"].as_array().unwrap();
    assert!(vectors.len() > 400);
    for vector in vectors {
        let name = vector["name"].as_str().unwrap();
        let bytes = hex(vector["hex"].as_str().unwrap());
        let expected = from_json(&vector["value"]);

        let decoded: Value = from_slice(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(same(&decoded, &expected), "{name}: {decoded:?} != {expected:?}");
        let borrowed: ValueRef = from_slice(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(same(&borrowed.to_owned_value(), &expected), "{name}: ValueRef");

        if vector["canonical"].as_bool().unwrap() {
            assert_eq!(to_vec(&expected).unwrap(), bytes, "{name}: bytes");
            assert_eq!(to_vec(&borrowed).unwrap(), bytes, "{name}: ValueRef bytes");
            assert_eq!(expected.encoded_len(), bytes.len(), "{name}: encoded_len");
        } else {
            // Not the smallest form: re-encoding is no longer, and reads back the same.
            let smallest = to_vec(&decoded).unwrap();
            assert!(smallest.len() <= bytes.len(), "{name}");
            assert!(same(&from_slice::<Value>(&smallest).unwrap(), &expected), "{name}");
        }
    }
}

// ---- borrowing -------------------------------------------------------------------

#[test]
fn value_ref_borrows_from_the_input_and_matches_value() {
    let v = sample();
    let bytes = to_vec(&v).unwrap();
    let r: ValueRef = from_slice(&bytes).unwrap();
    assert_eq!(r, v);
    assert_eq!(v, r);
    assert_eq!(r.to_owned_value(), v);
    assert_eq!(Value::from(r.clone()), v);
    assert_eq!(v.as_ref(), r);

    let range = bytes.as_ptr_range();
    let name = r.get("name").and_then(ValueRef::as_str).unwrap();
    assert!(range.contains(&name.as_ptr()));
    let bin = r.get_key(&ValueRef::Nil).and_then(ValueRef::as_bin).unwrap();
    assert!(range.contains(&bin.as_ptr()));
    assert_eq!(bin, b"\x00\xff");
    let ext = r.get("ext").and_then(ValueRef::as_ext).unwrap();
    assert!(range.contains(&ext.data.as_ptr()));
    assert_eq!(ext, ExtRef::new(42, &[1, 2, 3]));

    // A `Value` copies.
    let owned: Value = from_slice(&bytes).unwrap();
    let name = owned.get("name").and_then(Value::as_str).unwrap();
    assert!(!range.contains(&name.as_ptr()));
}

#[test]
fn decoding_leaves_the_decoder_after_the_value() {
    let mut bytes = to_vec(&sample()).unwrap();
    bytes.extend([0x2a, 0xc3]);
    let mut d = msgpack_core::Decoder::new(&bytes);
    assert_eq!(d.decode::<Value>().unwrap(), sample());
    assert_eq!(d.decode::<ValueRef>().unwrap(), Value::from(42u8));
    assert_eq!(d.decode::<Value>().unwrap(), Value::from(true));
    assert!(d.is_empty());
    assert_eq!(kind(from_slice::<Value>(&bytes)), ErrorKind::TrailingBytes { count: 2 });
}

// ---- hostile input ----------------------------------------------------------------

#[test]
fn every_truncation_is_an_error() {
    let bytes = to_vec(&sample()).unwrap();
    for end in 0..bytes.len() {
        let input = &bytes[..end];
        let e = from_slice::<Value>(input).unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::UnexpectedEof { .. }), "at {end}: {e}");
        let e2 = from_slice::<ValueRef>(input).unwrap_err();
        assert_eq!(e, e2, "at {end}");
    }
}

#[test]
fn reserved_marker() {
    assert_eq!(kind(from_slice(&[0xc1])), ErrorKind::ReservedMarker);
    let e = from_slice::<ValueRef>(&[0x92, 0x01, 0xc1]).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::ReservedMarker);
    assert_eq!((e.offset(), e.path().to_string()), (2, "$[1]".to_string()));
}

#[test]
fn invalid_utf8() {
    assert_eq!(kind(from_slice(&[0xa2, 0xc3, 0x28])), ErrorKind::InvalidUtf8);
    let e = from_slice::<ValueRef>(&[0x81, 0xa1, b'k', 0xa1, 0xff]).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::InvalidUtf8);
    assert_eq!(e.path().to_string(), r#"$["k"]"#);
}

#[test]
fn error_paths() {
    // {"a": [1, 0xc1]}: the value is located by its key, then by index.
    let e = from_slice::<Value>(&[0x81, 0xa1, b'a', 0x92, 0x01, 0xc1]).unwrap_err();
    assert_eq!(e.to_string(), r#"invalid marker 0xc1 (never used by MessagePack) at $["a"][1] (byte 5)"#);
    // {7: nil, <bad key>: ..}: a key is located by the entry's index.
    let e = from_slice::<Value>(&[0x82, 0x07, 0xc0, 0xa1, 0xff, 0xc0]).unwrap_err();
    assert_eq!((e.kind(), e.path().to_string()), (&ErrorKind::InvalidUtf8, "$[1]".to_string()));
    // Integer keys show as numbers.
    let e = from_slice::<Value>(&[0x81, 0x07, 0xc1]).unwrap_err();
    assert_eq!(e.path().to_string(), "$[7]");
}

#[test]
fn length_prefixes_beyond_the_input() {
    for input in [
        &[0xdd, 0xff, 0xff, 0xff, 0xff][..],
        &[0xdf, 0xff, 0xff, 0xff, 0xff],
        &[0xdb, 0xff, 0xff, 0xff, 0xff],
        &[0xc6, 0xff, 0xff, 0xff, 0xff],
        &[0xc9, 0xff, 0xff, 0xff, 0xff, 0x01],
        &[0x8f, 0x01, 0x02],
    ] {
        assert!(matches!(kind(from_slice(input)), ErrorKind::UnexpectedEof { .. }), "{input:x?}");
    }
    // Each level claims most of the input: the reservation is capped per
    // level, so this fails quickly without reserving depth * input bytes.
    let mut input = Vec::new();
    for _ in 0..1000 {
        input.extend([0xdc, 0xff, 0xff]);
    }
    input.resize(input.len() + 70_000, 0);
    assert!(matches!(kind(from_slice(&input)), ErrorKind::UnexpectedEof { .. }));
}

// ---- depth -------------------------------------------------------------------------

/// Decoding the default maximum of 1024 levels fits a 2 MiB thread stack.
/// Measured on x86-64: at most ~270 KiB in a release build (the documented
/// guarantee) and ~0.9 MiB unoptimised (nested maps), so this holds in the
/// debug profile the tests usually run in too.
const STACK: usize = 2 << 20;

#[test]
fn a_million_levels_is_a_depth_error_not_a_stack_overflow() {
    on_stack(STACK, || {
        let input = nested_array(1_000_000);
        let limit = ErrorKind::DepthLimitExceeded { limit: 1024 };
        let e = from_slice::<Value>(&input).unwrap_err();
        assert_eq!(e.kind(), &limit);
        assert_eq!(e.offset(), 1024);
        assert_eq!(e.path_segments().count(), 1024);
        assert_eq!(from_slice::<ValueRef>(&input).unwrap_err().kind(), &limit);
    });
}

#[test]
fn max_depth_decodes() {
    on_stack(STACK, || {
        let input = nested_array(1024);
        let v: Value = from_slice(&input).unwrap();
        assert_eq!(to_vec(&v).unwrap(), input);
        assert_eq!(v.encoded_len(), input.len());
        let r: ValueRef = from_slice(&input).unwrap();
        assert_eq!(r, v);
        assert!(v.to_string().starts_with("[[[["));
        assert_eq!(kind(from_slice(&nested_array(1025))), ErrorKind::DepthLimitExceeded { limit: 1024 });
    });
}

#[test]
fn max_depth_decodes_nested_maps() {
    on_stack(STACK, || {
        // {nil: {nil: ... nil}}: nesting in value position.
        let values = |depth: usize| {
            let mut b = [0x81u8, 0xc0].repeat(depth);
            b.push(0xc0);
            b
        };
        // {{{nil: nil}: nil}: nil}: nesting in key position.
        let keys = |depth: usize| {
            let mut b = vec![0x81u8; depth];
            b.extend([0xc0, 0xc0]);
            b.resize(b.len() + depth - 1, 0xc0);
            b
        };
        let limit = ErrorKind::DepthLimitExceeded { limit: 1024 };
        for make in [&values as &dyn Fn(usize) -> Vec<u8>, &keys] {
            let input = make(1024);
            let v: Value = from_slice(&input).unwrap();
            assert_eq!(to_vec(&v).unwrap(), input);
            let r: ValueRef = from_slice(&input).unwrap();
            assert_eq!(r, v);
            assert_eq!(kind(from_slice(&make(1025))), limit);
            assert_eq!(from_slice::<ValueRef>(&make(1025)).unwrap_err().kind(), &limit);
        }
    });
}

#[test]
fn max_depth_option() {
    let opts = DecodeOptions::new().max_depth(3);
    assert!(from_slice_with::<Value>(&nested_array(3), &opts).is_ok());
    assert_eq!(
        from_slice_with::<ValueRef>(&nested_array(4), &opts).unwrap_err().kind(),
        &ErrorKind::DepthLimitExceeded { limit: 3 }
    );
    // Scalars and empty containers at the limit are fine.
    let opts = DecodeOptions::new().max_depth(0);
    assert_eq!(from_slice_with::<Value>(&[0x05], &opts).unwrap(), Value::from(5u8));
    assert!(from_slice_with::<Value>(&[0x90], &opts).is_err());
}

// ---- accessors, conversions, Display -------------------------------------------------

#[test]
fn accessors() {
    let v = sample();
    assert_eq!(v.get("name").and_then(Value::as_str), Some("ada"));
    assert_eq!(v.get_key(&Value::from(7u8)).and_then(|a| a.get_index(1)).and_then(Value::as_f64), Some(1.5));
    assert_eq!(v.get_key(&Value::Nil).and_then(Value::as_bin), Some(&[0, 255][..]));
    assert_eq!(v.get("t").and_then(Value::as_timestamp), Timestamp::new(1_700_000_000, 5));
    assert_eq!(v.get("ext").and_then(Value::as_timestamp), None);
    assert_eq!(v.get("é").and_then(Value::as_i64), Some(i64::MIN));
    assert_eq!(v.get("é").and_then(Value::as_u64), None);
    assert_eq!(v.get("missing"), None);
    assert_eq!(v.as_map().map(<[_]>::len), Some(7));
    assert!(v.as_array().is_none() && v.as_str().is_none() && !v.is_nil());
    // Non-string keys are not found by `get`.
    assert_eq!(Value::Map(vec![(Value::from(&b"k"[..]), Value::Nil)]).get("k"), None);

    let r = v.as_ref();
    assert_eq!(r.get("name").and_then(ValueRef::as_str), Some("ada"));
    assert_eq!(r.get("t").and_then(ValueRef::as_timestamp), Timestamp::new(1_700_000_000, 5));
    assert_eq!(r.get("é").and_then(ValueRef::as_int), Some(Integer::from(i64::MIN)));
}

#[test]
fn conversions() {
    assert_eq!(Value::from(()), Value::Nil);
    assert_eq!(Value::from(None::<&str>), Value::Nil);
    assert_eq!(Value::from(Some(3i16)), Value::from(3u64));
    assert_eq!(Value::from(String::from("s")), Value::from("s"));
    assert_eq!(Value::from(std::borrow::Cow::Borrowed("s")), Value::from("s"));
    assert_eq!(Value::from(b"ab"), Value::Bin(b"ab".to_vec()));
    assert_eq!(Value::from(vec![Value::Nil]), Value::Array(vec![Value::Nil]));
    assert_eq!(Value::from(ExtRef::new(1, &[2])), Value::Ext(Ext::new(1, vec![2])));
    assert_eq!(Value::from(usize::MAX).as_u64(), Some(usize::MAX as u64));
    assert_eq!(Value::from(isize::MIN).as_i64(), Some(isize::MIN as i64));
    let m: Value = [(Value::from(1u8), Some("x")), (Value::Nil, None)].into_iter().collect();
    assert_eq!(m.to_string(), r#"{1: "x", nil: nil}"#);
    let r: ValueRef =
        [ValueRef::from(b"x"), ValueRef::from(ExtRef::new(3, b"")), ValueRef::from(())].into_iter().collect();
    assert_eq!(r.to_string(), r#"[b"x", ext(3, <>), nil]"#);
}

#[test]
fn integers() {
    assert_eq!(Integer::from(5u8), Integer::from(5i64));
    assert_eq!(Integer::from(0i8), Integer::from(0u64));
    let set: HashSet<Integer> = [Integer::from(5u8), Integer::from(5i32), Integer::from(5usize)].into();
    assert_eq!(set.len(), 1);
    let mut sorted =
        [u64::MAX as i128, -1, 0, i64::MIN as i128, i64::MAX as i128, 1].map(|i| Integer::try_from(i).unwrap());
    sorted.sort();
    assert_eq!(sorted.map(i128::from), [i64::MIN as i128, -1, 0, 1, i64::MAX as i128, u64::MAX as i128]);
    assert!(Integer::try_from(i64::MIN as i128 - 1).is_err());
    assert!(Integer::try_from(u64::MAX as i128 + 1).is_err());
    assert_eq!(Integer::from(-7i8).to_string(), "-7");
    assert_eq!(format!("{:?}", Value::from(-7i8)), "Int(-7)");
    // Decoding an Integer directly.
    assert_eq!(from_slice::<Integer>(&[0xd0, 0x05]).unwrap(), Integer::from(5u8));
    assert!(from_slice::<Integer>(&[0xc0]).is_err());
}

#[test]
fn display() {
    assert_eq!(
        sample().to_string(),
        concat!(
            r#"{"name": "ada", 7: [-1, 1.5, 0.25], nil: b"\x00\xff", [true]: {"k": 18446744073709551615}, "#,
            r#""ext": ext(42, <01 02 03>), "t": timestamp(1700000000.000000005), "é": -9223372036854775808}"#,
        )
    );
    let floats = Value::Array(
        [1.0f64, 1e100, -0.0, f64::NAN, f64::INFINITY]
            .into_iter()
            .map(Value::from)
            .chain([Value::from(1.0f32)])
            .collect(),
    );
    assert_eq!(floats.to_string(), "[1.0, 1e100, -0.0, NaN, inf, 1.0]");
    assert_eq!(Value::from("tab\t\"q\" \\ \u{1}").to_string(), r#""tab\t\"q\" \\ \u{1}""#);
    assert_eq!(Value::from(&b"a\"\\\n\r\t\x7f"[..]).to_string(), r#"b"a\"\\\n\r\t\x7f""#);
    // An ext -1 that is not a valid timestamp is shown as an ext.
    assert_eq!(Value::from(Ext::new(-1, vec![1, 2, 3])).to_string(), "ext(-1, <01 02 03>)");
    assert_eq!(Value::Map(vec![]).to_string(), "{}");
    assert_eq!(Value::Array(vec![]).to_string(), "[]");
}

// ---- properties --------------------------------------------------------------------

proptest! {
    #[test]
    fn prop_round_trip(v in any_value()) {
        round_trip(&v);
    }

    #[test]
    fn prop_arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..64)) {
        let owned = from_slice::<Value>(&bytes);
        let borrowed = from_slice::<ValueRef>(&bytes);
        prop_assert_eq!(owned.is_ok(), borrowed.is_ok());
        if let (Ok(o), Ok(b)) = (owned, borrowed) {
            prop_assert!(same(&o, &b.to_owned_value()));
        }
    }

    #[test]
    fn prop_mutated_messages_never_panic(i in 0usize..1000, b in any::<u8>()) {
        let mut bytes = to_vec(&sample()).unwrap();
        let at = i % bytes.len();
        bytes[at] = b;
        let _ = from_slice::<Value>(&bytes);
        let _ = from_slice::<ValueRef>(&bytes);
    }
}

/// Values built by hand can nest deeper than any decode allows; dropping
/// them must not recurse (guarantee 3 of the crate docs).
#[test]
fn dropping_a_million_levels_does_not_recurse() {
    fn deep_value(levels: usize, in_key: bool) -> Value {
        let mut v = Value::Nil;
        for i in 0..levels {
            v = match (in_key, i % 2) {
                (false, 0) => Value::Array(vec![v, Value::from(i as u64)]),
                (false, _) => Value::Map(vec![(Value::from("k"), v)]),
                (true, _) => Value::Map(vec![(v, Value::Nil)]),
            };
        }
        v
    }
    // 64 KiB of stack: far less than one frame per level.
    on_stack(64 << 10, || drop(deep_value(1_000_000, false)));
    on_stack(64 << 10, || drop(deep_value(1_000_000, true)));
    // And an ordinary value still drops its contents (checked by Miri / leak checkers; here: no panic).
    drop(deep_value(3, false));
}
