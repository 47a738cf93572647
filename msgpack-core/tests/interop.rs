//! Interoperability with the reference implementation (Python `msgpack`).
//!
//! `tests/data/vectors.json` was produced by `tests/data/gen_vectors.py`
//! with msgpack-python (version recorded in the file). For every vector our
//! decoder must produce the described value (bit-exact floats), and for every
//! canonical vector our encoder must write exactly the reference's bytes.

use msgpack_core::value::Integer;
use msgpack_core::{Decoder, Encode, Ext, Value, ValueRef, from_slice, to_vec};
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

/// Equality with floats compared by their bits (NaN payloads included).
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::F32(x), Value::F32(y)) => x.to_bits() == y.to_bits(),
        (Value::F64(x), Value::F64(y)) => x.to_bits() == y.to_bits(),
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(a, b)| same(a, b)),
        (Value::Map(x), Value::Map(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|((ka, va), (kb, vb))| same(ka, kb) && same(va, vb))
        }
        _ => a == b,
    }
}

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
    for prefix in
        ["int/", "f32/", "f64/", "str/", "bin/", "array/", "map/", "ext/", "timestamp/", "noncanonical/", "random/"]
    {
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
