//! The in-order fast path of derived map decoding passes over absent
//! optional fields; any other order falls back to the general loop with the
//! same results (values, defaults, duplicate and missing-field errors).

use msgpack_core::{MsgPack, Value, from_slice, to_vec};

#[derive(MsgPack, Debug, PartialEq, Default)]
#[msgpack(omit_defaults)]
struct Doc {
    a: u32,
    b: Option<String>,
    #[msgpack(default)]
    c: u64,
    d: String,
}

/// Encodes a map with the given entries, in the given order.
fn map(entries: &[(&str, Value)]) -> Vec<u8> {
    to_vec(&Value::Map(entries.iter().map(|(k, v)| (Value::from(*k), v.clone())).collect())).unwrap()
}

#[test]
fn absent_optional_fields_in_order() {
    let doc = Doc { a: 1, b: None, c: 0, d: "x".into() };
    let bytes = to_vec(&doc).unwrap();
    assert_eq!(bytes, map(&[("a", 1.into()), ("d", "x".into())]));
    assert_eq!(from_slice::<Doc>(&bytes).unwrap(), doc);
    let doc = Doc { a: 1, b: None, c: 7, d: "x".into() };
    assert_eq!(from_slice::<Doc>(&to_vec(&doc).unwrap()).unwrap(), doc);
}

#[test]
fn out_of_order_and_late_optional_fields() {
    let bytes = map(&[("a", 1.into()), ("d", "x".into()), ("b", "late".into()), ("c", 9.into())]);
    assert_eq!(from_slice::<Doc>(&bytes).unwrap(), Doc { a: 1, b: Some("late".into()), c: 9, d: "x".into() });
    let bytes = map(&[("d", "x".into()), ("c", 2.into()), ("a", 5.into())]);
    assert_eq!(from_slice::<Doc>(&bytes).unwrap(), Doc { a: 5, b: None, c: 2, d: "x".into() });
}

#[test]
fn duplicates_and_missing_fields_are_still_errors() {
    let dup = map(&[("a", 1.into()), ("d", "x".into()), ("a", 2.into())]);
    let err = from_slice::<Doc>(&dup).unwrap_err().to_string();
    assert!(err.contains("duplicate field") && err.contains('a'), "{err}");
    let dup_optional = map(&[("a", 1.into()), ("c", 1.into()), ("d", "x".into()), ("c", 2.into())]);
    assert!(from_slice::<Doc>(&dup_optional).unwrap_err().to_string().contains("duplicate field"));
    let missing = map(&[("a", 1.into()), ("b", "y".into())]);
    let err = from_slice::<Doc>(&missing).unwrap_err().to_string();
    assert!(err.contains("missing field") && err.contains('d'), "{err}");
}

#[test]
fn unknown_keys_between_known_ones_are_skipped() {
    let bytes = map(&[("a", 1.into()), ("zz", Value::Array(vec![1.into(), 2.into()])), ("d", "x".into())]);
    assert_eq!(from_slice::<Doc>(&bytes).unwrap(), Doc { a: 1, b: None, c: 0, d: "x".into() });
}

/// A derived struct can hold a `ValueRef` borrowing from the input (its
/// `Decode` impl is `impl<'de: 'a, 'a>` like `&'a str`'s).
#[test]
fn value_ref_fields_borrow() {
    #[derive(MsgPack, Debug, PartialEq)]
    struct Holder<'a> {
        name: &'a str,
        extra: msgpack_core::ValueRef<'a>,
    }
    let bytes = map(&[("name", "n".into()), ("extra", Value::Array(vec!["x".into(), 2.into()]))]);
    let h: Holder<'_> = from_slice(&bytes).unwrap();
    assert_eq!(h.name, "n");
    assert_eq!(to_vec(&h).unwrap(), bytes);
}
