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

/// With several required fields missing, the first in declaration order is
/// reported, whichever order the present ones came in.
#[test]
fn the_first_missing_required_field_is_reported() {
    #[derive(MsgPack, Debug, PartialEq)]
    struct Three {
        x: u8,
        y: Option<u8>,
        z: String,
        w: u8,
    }
    let err = |entries: &[(&str, Value)]| from_slice::<Three>(&map(entries)).unwrap_err().to_string();
    assert_eq!(err(&[]), r#"missing field "x" at $ (byte 0)"#);
    assert_eq!(err(&[("w", 1.into())]), r#"missing field "x" at $ (byte 0)"#);
    assert_eq!(err(&[("w", 1.into()), ("x", 1.into())]), r#"missing field "z" at $ (byte 0)"#);
    assert_eq!(err(&[("x", 1.into()), ("z", "s".into())]), r#"missing field "w" at $ (byte 0)"#);
    let ok = from_slice::<Three>(&map(&[("z", "s".into()), ("w", 2.into()), ("x", 1.into())])).unwrap();
    assert_eq!(ok, Three { x: 1, y: None, z: "s".into(), w: 2 });
}

mod hex {
    use msgpack_core::{Decoder, decode};
    pub(crate) fn decode(d: &mut Decoder<'_>) -> Result<u32, decode::Error> {
        let at = d.position();
        let s = d.str()?;
        u32::from_str_radix(s, 16).map_err(|_| decode::Error::custom("not hex", at))
    }
    pub(crate) fn encode<W: msgpack_core::encode::Write>(
        v: &u32,
        e: &mut msgpack_core::encode::Encoder<W>,
    ) -> Result<(), msgpack_core::encode::Error<W::Error>> {
        e.str(&format!("{v:x}"))
    }
}

/// A map-form struct read from an array (rmp-serde's default form for
/// structs): element `i` is the field at wire position `i`, decoded by the
/// same code as its map entry; missing trailing fields take their defaults
/// or are reported; extra elements are skipped.
#[test]
fn map_form_structs_read_from_arrays() {
    fn arr(items: Vec<Value>) -> Vec<u8> {
        to_vec(&Value::Array(items)).unwrap()
    }
    #[derive(MsgPack, Debug, PartialEq)]
    struct Rec {
        id: u32,
        #[msgpack(skip)]
        cache: u8,
        #[msgpack(decode_with = "hex::decode", encode_with = "hex::encode")]
        code: u32,
        note: Option<String>,
        #[msgpack(default)]
        n: u16,
    }
    let rec = |id, code, note: Option<&str>, n| Rec { id, cache: 0, code, note: note.map(Into::into), n };
    assert_eq!(
        from_slice::<Rec>(&arr(vec![1.into(), "ff".into(), "x".into(), 3.into()])).unwrap(),
        rec(1, 255, Some("x"), 3)
    );
    assert_eq!(from_slice::<Rec>(&arr(vec![1.into(), "ff".into()])).unwrap(), rec(1, 255, None, 0));
    let long = arr(vec![1.into(), "a".into(), Value::Nil, 4.into(), Value::Array(vec![1.into()]), "extra".into()]);
    assert_eq!(from_slice::<Rec>(&long).unwrap(), rec(1, 10, None, 4));
    let err = |b: &[u8]| from_slice::<Rec>(b).unwrap_err().to_string();
    assert_eq!(err(&arr(vec![])), r#"missing field "id" at $ (byte 0)"#);
    assert_eq!(err(&arr(vec![1.into()])), r#"missing field "code" at $ (byte 0)"#);
    assert_eq!(err(&arr(vec![1.into(), "zz".into()])), "not hex at $.code (byte 2)");
    assert_eq!(err(&arr(vec!["1".into()])), r#"expected u32, found str "1" at $.id (byte 1)"#);

    #[derive(MsgPack, Debug, PartialEq)]
    #[msgpack(deny_unknown_fields)]
    struct Strict {
        a: u8,
        b: Option<u8>,
    }
    assert_eq!(from_slice::<Strict>(&arr(vec![1.into()])).unwrap(), Strict { a: 1, b: None });
    let e = from_slice::<Strict>(&arr(vec![1.into(), 2.into(), 3.into()])).unwrap_err().to_string();
    assert_eq!(e, "expected 2 elements, found 3 at $ (byte 0)");

    #[derive(MsgPack, Debug, PartialEq)]
    #[msgpack(default)]
    struct Defaults {
        a: u8,
        b: String,
    }
    impl Default for Defaults {
        fn default() -> Self {
            Defaults { a: 7, b: "dflt".into() }
        }
    }
    assert_eq!(from_slice::<Defaults>(&arr(vec![1.into()])).unwrap(), Defaults { a: 1, b: "dflt".into() });
    assert_eq!(from_slice::<Defaults>(&arr(vec![])).unwrap(), Defaults::default());
}
