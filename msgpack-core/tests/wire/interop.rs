//! Interoperability with the reference implementation (Python `msgpack`).
//!
//! `tests/data/vectors.json` was produced by `tests/data/gen_vectors.py`
//! with msgpack-python (version recorded in the file). For every vector our
//! decoder must produce the described value (bit-exact floats), and for every
//! canonical vector our encoder must write exactly the reference's bytes.

use msgpack_core::value::Integer;
use msgpack_core::{Decoder, Encode, Ext, Timestamp, Value, ValueRef, from_slice, to_vec};
use serde_json::Value as Json;

fn unhex(s: &str) -> Vec<u8> {
    (0..s.len()).step_by(2).map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap()).collect()
}

fn int(s: &str) -> Value {
    let v: i128 = s.parse().unwrap();
    Value::Int(Integer::try_from(v).unwrap())
}

/// Builds the expected value from its tagged JSON description.
fn value(j: &Json) -> Value {
    let obj = j.as_object().expect("tagged value");
    assert_eq!(obj.len(), 1, "{j}");
    let (tag, v) = obj.iter().next().unwrap();
    match tag.as_str() {
        "nil" => Value::Nil,
        "bool" => Value::Bool(v.as_bool().unwrap()),
        "int" => int(v.as_str().unwrap()),
        "f32" => Value::F32(f32::from_bits(u32::from_str_radix(v.as_str().unwrap(), 16).unwrap())),
        "f64" => Value::F64(f64::from_bits(u64::from_str_radix(v.as_str().unwrap(), 16).unwrap())),
        "str" => Value::Str(v.as_str().unwrap().to_owned()),
        "bin" => Value::Bin(unhex(v.as_str().unwrap())),
        "array" => Value::Array(v.as_array().unwrap().iter().map(value).collect()),
        "map" => Value::Map(
            v.as_array()
                .unwrap()
                .iter()
                .map(|kv| {
                    let kv = kv.as_array().unwrap();
                    (value(&kv[0]), value(&kv[1]))
                })
                .collect(),
        ),
        "ext" => {
            let ty = v["type"].as_i64().unwrap() as i8;
            Value::Ext(Ext::new(ty, unhex(v["data"].as_str().unwrap())))
        }
        "uint_array" => Value::Array(v.as_array().unwrap().iter().map(|n| Value::from(n.as_u64().unwrap())).collect()),
        "uint_map" => Value::Map(
            v.as_array()
                .unwrap()
                .iter()
                .map(|kv| (Value::from(kv[0].as_u64().unwrap()), Value::from(kv[1].as_u64().unwrap())))
                .collect(),
        ),
        other => panic!("unknown tag {other}"),
    }
}

use crate::common::same;
use same::same;

struct Vector {
    name: String,
    canonical: bool,
    value: Value,
    bytes: Vec<u8>,
}

fn vectors() -> Vec<Vector> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/vectors.json")).unwrap();
    let doc: Json = serde_json::from_str(&text).unwrap();
    doc["vectors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| Vector {
            name: v["name"].as_str().unwrap().to_owned(),
            canonical: v["canonical"].as_bool().unwrap(),
            value: value(&v["value"]),
            bytes: unhex(v["hex"].as_str().unwrap()),
        })
        .collect()
}

#[test]
fn the_vector_file_covers_every_category() {
    let vs = vectors();
    assert!(vs.len() >= 400, "{} vectors", vs.len());
    for prefix in [
        "int/",
        "f32/",
        "f64/",
        "str/",
        "bin/",
        "array/",
        "map/",
        "ext/",
        "timestamp/",
        "noncanonical/",
        "random/",
        "random-nested/",
    ] {
        assert!(vs.iter().any(|v| v.name.starts_with(prefix)), "no vector named {prefix}*");
    }
    assert!(vs.iter().any(|v| !v.canonical));
}

#[test]
fn we_decode_what_the_reference_writes() {
    for v in vectors() {
        let got: Value = from_slice(&v.bytes).unwrap_or_else(|e| panic!("{}: {e}", v.name));
        assert!(same(&got, &v.value), "{}: decoded {got} expected {}", v.name, v.value);
        // The borrowed form reads the same thing.
        let borrowed: ValueRef = from_slice(&v.bytes).unwrap_or_else(|e| panic!("{}: {e}", v.name));
        assert!(same(&Value::from(borrowed), &v.value), "{}: ValueRef differs", v.name);
        // Skipping consumes exactly the value.
        let mut d = Decoder::new(&v.bytes);
        d.skip().unwrap_or_else(|e| panic!("{}: skip: {e}", v.name));
        assert!(d.is_empty(), "{}: skip stopped at {}", v.name, d.position());
    }
}

#[test]
fn we_write_what_the_reference_writes() {
    let mut checked = 0;
    for v in vectors().into_iter().filter(|v| v.canonical) {
        let ours = to_vec(&v.value).unwrap();
        assert_eq!(ours, v.bytes, "{}: our bytes differ from the reference's", v.name);
        assert_eq!(v.value.encoded_len(), v.bytes.len(), "{}: encoded_len", v.name);
        checked += 1;
    }
    assert!(checked >= 300, "only {checked} canonical vectors");
}

#[test]
fn non_canonical_input_reencodes_to_the_smallest_form() {
    for v in vectors().into_iter().filter(|v| !v.canonical) {
        let got: Value = from_slice(&v.bytes).unwrap();
        let ours = to_vec(&got).unwrap();
        assert!(ours.len() <= v.bytes.len(), "{}: re-encoding grew", v.name);
        let again: Value = from_slice(&ours).unwrap();
        assert!(same(&again, &v.value), "{}", v.name);
    }
}

/// Every value nested in `v` (itself included), keys too.
fn walk<'a>(v: &'a Value, out: &mut Vec<&'a Value>) {
    out.push(v);
    match v {
        Value::Array(items) => items.iter().for_each(|e| walk(e, out)),
        Value::Map(entries) => entries.iter().for_each(|(k, e)| {
            walk(k, out);
            walk(e, out);
        }),
        _ => {}
    }
}

/// The `random-nested/*` section holds what it was generated for (the script
/// asserts the same; this keeps a regenerated file from silently losing it).
#[test]
fn the_nested_random_section_covers_its_cases() {
    let vs: Vec<Vector> = vectors().into_iter().filter(|v| v.name.starts_with("random-nested/")).collect();
    assert!(vs.len() >= 150, "{} random-nested vectors", vs.len());
    let (mut multibyte_lens, mut ext_lens, mut ts_lens) = (Vec::new(), Vec::new(), Vec::new());
    let (mut key_kinds, mut nested_array_keys) = (Vec::new(), 0);
    for v in &vs {
        let mut all = Vec::new();
        walk(&v.value, &mut all);
        for x in all {
            match x {
                Value::Str(s) if s.len() > s.chars().count() => multibyte_lens.push(s.len()),
                Value::Ext(e) if e.ty == -1 => ts_lens.push(e.data.len()),
                Value::Ext(e) => ext_lens.push(e.data.len()),
                Value::Map(entries) => {
                    for (k, _) in entries {
                        key_kinds.push(match k {
                            Value::Nil => "nil",
                            Value::Bool(_) => "bool",
                            Value::Int(i) if i.is_negative() => "negint",
                            Value::Int(_) => "int",
                            Value::F32(_) | Value::F64(_) => "float",
                            Value::Str(_) => "str",
                            Value::Bin(_) => "bin",
                            Value::Ext(e) if e.ty == -1 => "timestamp",
                            Value::Ext(_) => "ext",
                            Value::Array(items) => {
                                nested_array_keys += items.iter().any(|e| matches!(e, Value::Array(_))) as usize;
                                "array"
                            }
                            Value::Map(_) => "map",
                        });
                    }
                }
                _ => {}
            }
        }
    }
    for n in [31, 32, 255, 256, 65535, 65536] {
        assert!(multibyte_lens.contains(&n), "no multi-byte string of {n} bytes");
    }
    for n in (0..=18).chain([255, 256, 65535]) {
        assert!(ext_lens.contains(&n), "no ext with a {n}-byte payload");
    }
    for n in [4, 8, 12] {
        assert!(ts_lens.contains(&n), "no timestamp with a {n}-byte payload");
    }
    for kind in ["nil", "bool", "negint", "int", "float", "str", "bin", "timestamp", "ext", "array"] {
        assert!(key_kinds.contains(&kind), "no {kind} map key");
    }
    assert!(nested_array_keys >= 10, "{nested_array_keys} array keys holding arrays");
}

/// Every canonical timestamp (ext -1) the reference wrote is what our
/// `Timestamp` writes for the same instant: the same 32/64/96-bit layout.
#[test]
fn our_timestamps_pick_the_references_layout() {
    let mut checked = 0;
    for v in vectors().into_iter().filter(|v| v.canonical) {
        let mut all = Vec::new();
        walk(&v.value, &mut all);
        for x in all {
            let Value::Ext(e) = x else { continue };
            if e.ty != -1 {
                continue;
            }
            let ts = Timestamp::from_payload(&e.data).unwrap_or_else(|| panic!("{}: invalid timestamp", v.name));
            assert_eq!(to_vec(&ts).unwrap(), to_vec(x).unwrap(), "{}: {ts}", v.name);
            assert_eq!(Value::from(ts), *x, "{}: {ts}", v.name);
            checked += 1;
        }
    }
    assert!(checked >= 100, "only {checked} timestamps");
}
