//! `str` and `bin`: strict by default, interchangeable for strings and
//! byte buffers with `DecodeOptions::str_bin_compat`; `Value` and the serde
//! path are not affected. And the other tolerances the crate docs list
//! under "Implementation quirks the decoder tolerates".

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};

use msgpack_core::decode::{ErrorKind, Found, Limit};
use msgpack_core::{DecodeOptions, Decoder, MsgPack, Timestamp, Value, ValueRef, from_slice, from_slice_with, to_vec};

fn compat() -> DecodeOptions {
    DecodeOptions::new().str_bin_compat(true)
}

/// `bin "hi"` in each of the three widths.
const BIN_HI: [&[u8]; 3] = [b"\xc4\x02hi", b"\xc5\x00\x02hi", b"\xc6\x00\x00\x00\x02hi"];
/// `str "hi"` in each of the four widths.
const STR_HI: [&[u8]; 4] = [b"\xa2hi", b"\xd9\x02hi", b"\xda\x00\x02hi", b"\xdb\x00\x00\x00\x02hi"];

// ---- the default: strict ---------------------------------------------------------------

#[test]
fn by_default_strings_refuse_bin_naming_both_types() {
    assert!(!DecodeOptions::new().str_bin_compat);
    assert!(!DecodeOptions::untrusted().str_bin_compat);
    for input in BIN_HI {
        let mismatch = ErrorKind::TypeMismatch { expected: "str", found: Found::Bin(2) };
        let message = "expected str, found bin of 2 bytes at $ (byte 0)";
        for e in [
            from_slice::<String>(input).unwrap_err(),
            from_slice::<&str>(input).unwrap_err(),
            from_slice::<Cow<str>>(input).unwrap_err(),
            from_slice::<Box<str>>(input).unwrap_err(),
            from_slice::<std::sync::Arc<str>>(input).unwrap_err(),
        ] {
            assert_eq!(e.kind(), &mismatch);
            assert_eq!(e.to_string(), message);
        }
    }
}

#[test]
fn by_default_byte_buffers_refuse_str_naming_both_types() {
    for input in STR_HI {
        let message = r#"expected bytes, found str "hi" at $ (byte 0)"#;
        let errors = [
            from_slice::<Vec<u8>>(input).unwrap_err(),
            from_slice::<&[u8]>(input).unwrap_err(),
            from_slice::<Cow<[u8]>>(input).unwrap_err(),
            from_slice::<Box<[u8]>>(input).unwrap_err(),
            from_slice::<[u8; 2]>(input).unwrap_err(),
            #[cfg(feature = "bytes")]
            from_slice::<bytes::Bytes>(input).unwrap_err(),
        ];
        for e in errors {
            assert!(matches!(e.kind(), ErrorKind::TypeMismatch { expected: "bytes", found: Found::Str(_) }), "{e:?}");
            assert_eq!(e.to_string(), message);
        }
    }
}

#[derive(MsgPack, Debug, PartialEq)]
struct Record<'a> {
    name: String,
    data: Vec<u8>,
    #[msgpack(default)]
    view: Option<&'a [u8]>,
    #[msgpack(default)]
    label: Option<&'a str>,
}

/// `{"name": bin "ana", "data": str "xy"}`.
const SWAPPED: &[u8] = b"\x82\xa4name\xc4\x03ana\xa4data\xa2xy";

#[test]
fn by_default_derived_fields_refuse_the_other_type_at_their_path() {
    let e = from_slice::<Record>(SWAPPED).unwrap_err();
    assert_eq!(e.to_string(), "expected str, found bin of 3 bytes at $.name (byte 6)");
    // With `name` right, `data` is refused.
    let e = from_slice::<Record>(b"\x82\xa4name\xa3ana\xa4data\xa2xy").unwrap_err();
    assert_eq!(e.to_string(), r#"expected bytes, found str "xy" at $.data (byte 15)"#);
    // A `bin` key is no field name: skipped as an unknown key.
    let e = from_slice::<Record>(b"\x82\xc4\x04name\xa3ana\xa4data\xc4\x00").unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::MissingField("name"));
}

// ---- the option: strings from bin ------------------------------------------------------

#[test]
fn strings_read_a_bin_of_utf8() {
    for input in BIN_HI {
        assert_eq!(from_slice_with::<String>(input, &compat()).unwrap(), "hi");
        assert_eq!(&*from_slice_with::<Box<str>>(input, &compat()).unwrap(), "hi");
        assert_eq!(&*from_slice_with::<std::rc::Rc<str>>(input, &compat()).unwrap(), "hi");
        assert_eq!(&*from_slice_with::<std::sync::Arc<str>>(input, &compat()).unwrap(), "hi");
    }
    // Not only ASCII; and a `char`.
    let text = "Кириллица ❤";
    let mut input = vec![0xc4, text.len() as u8];
    input.extend_from_slice(text.as_bytes());
    assert_eq!(from_slice_with::<String>(&input, &compat()).unwrap(), text);
    assert_eq!(from_slice_with::<char>(b"\xc4\x03\xe2\x9d\xa4", &compat()).unwrap(), '❤');
    // Empty.
    assert_eq!(from_slice_with::<String>(b"\xc4\x00", &compat()).unwrap(), "");
}

#[test]
fn str_borrows_from_a_bin() {
    for input in BIN_HI {
        let s: &str = from_slice_with(input, &compat()).unwrap();
        assert_eq!((s, s.as_ptr()), ("hi", input[input.len() - 2..].as_ptr()));
        let cow: Cow<str> = from_slice_with(input, &compat()).unwrap();
        assert!(matches!(cow, Cow::Borrowed("hi")));
    }
}

#[test]
fn a_bin_that_is_not_utf8_is_the_error_of_a_str_that_is_not() {
    let bad_str = from_slice::<String>(b"\xa2\xc3\x28").unwrap_err();
    for input in [&b"\xc4\x02\xc3\x28"[..], b"\xc5\x00\x02\xc3\x28", b"\xc6\x00\x00\x00\x02\xc3\x28"] {
        for e in [
            from_slice_with::<String>(input, &compat()).unwrap_err(),
            from_slice_with::<&str>(input, &compat()).unwrap_err(),
            from_slice_with::<Cow<str>>(input, &compat()).unwrap_err(),
        ] {
            assert_eq!(e.kind(), &ErrorKind::InvalidUtf8);
            assert_eq!(e.kind(), bad_str.kind());
            assert_eq!(e.offset(), bad_str.offset());
        }
    }
    assert_eq!(from_slice_with::<String>(b"\xc4\x02\xc3\x28", &compat()).unwrap_err().to_string(), bad_str.to_string());
    // Truncated: the bin's own EOF.
    let e = from_slice_with::<String>(b"\xc4\x05hi", &compat()).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::UnexpectedEof { needed: 5, available: 2 }), "{e:?}");
}

#[test]
fn other_items_are_still_refused() {
    for (input, found) in [(&b"\x05"[..], Found::UInt(5)), (b"\xc0", Found::Nil), (b"\x91\xa0", Found::Array(1))] {
        let e = from_slice_with::<String>(input, &compat()).unwrap_err();
        assert_eq!(e.kind(), &ErrorKind::TypeMismatch { expected: "str", found });
        let e = from_slice_with::<&[u8]>(input, &compat()).unwrap_err();
        assert_eq!(e.kind(), &ErrorKind::TypeMismatch { expected: "bytes", found });
    }
    // An ext is neither.
    let e = from_slice_with::<&str>(b"\xd4\x01\x61", &compat()).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::TypeMismatch { expected: "str", found: Found::Ext { ty: 1, len: 1 } });
}

// ---- the option: byte buffers from str -------------------------------------------------

#[test]
fn byte_buffers_read_a_str() {
    for input in STR_HI {
        assert_eq!(from_slice_with::<Vec<u8>>(input, &compat()).unwrap(), b"hi");
        assert_eq!(&*from_slice_with::<Box<[u8]>>(input, &compat()).unwrap(), b"hi");
        assert_eq!(from_slice_with::<[u8; 2]>(input, &compat()).unwrap(), *b"hi");
        assert_eq!(from_slice_with::<std::collections::VecDeque<u8>>(input, &compat()).unwrap(), b"hi");
        #[cfg(feature = "bytes")]
        {
            assert_eq!(&from_slice_with::<bytes::Bytes>(input, &compat()).unwrap()[..], b"hi");
            assert_eq!(&from_slice_with::<bytes::BytesMut>(input, &compat()).unwrap()[..], b"hi");
        }
        // `[u8; N]` still checks the length.
        let e = from_slice_with::<[u8; 3]>(input, &compat()).unwrap_err();
        assert_eq!(e.kind(), &ErrorKind::InvalidLength { expected: 3, found: 2 });
    }
    // A raw (pre-2013) string of bytes that are not UTF-8: taken as they are.
    let raw = b"\xa3\x00\xff\xfe";
    assert_eq!(from_slice_with::<Vec<u8>>(raw, &compat()).unwrap(), [0x00, 0xff, 0xfe]);
    assert_eq!(from_slice_with::<&[u8]>(raw, &compat()).unwrap(), [0x00, 0xff, 0xfe]);
    // Arrays of integers are read as before.
    assert_eq!(from_slice_with::<Vec<u8>>(&[0x92, 0x01, 0x02], &compat()).unwrap(), [1, 2]);
}

#[test]
fn borrowed_byte_buffers_borrow_a_str() {
    for input in STR_HI {
        let b: &[u8] = from_slice_with(input, &compat()).unwrap();
        assert_eq!((b, b.as_ptr()), (&b"hi"[..], input[input.len() - 2..].as_ptr()));
        let cow: Cow<[u8]> = from_slice_with(input, &compat()).unwrap();
        assert!(matches!(cow, Cow::Borrowed(b"hi")), "{cow:?}");
        // A `Bytes` decoder shares the input's memory.
        #[cfg(feature = "bytes")]
        let shared = bytes::Bytes::copy_from_slice(input);
        #[cfg(feature = "bytes")]
        {
            let b: bytes::Bytes = msgpack_core::from_bytes_with(&shared, &compat()).unwrap();
            assert_eq!((&b[..], b.as_ptr()), (&b"hi"[..], shared[shared.len() - 2..].as_ptr()));
        }
    }
}

#[test]
fn the_length_limit_is_the_one_of_the_type_read() {
    // A bin read as a string is a string: `max_str_len`.
    let o = compat().max_str_len(1);
    let e = from_slice_with::<&str>(b"\xc4\x02hi", &o).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::LimitExceeded { limit: Limit::StrLen, value: 2, max: 1 });
    assert_eq!(from_slice_with::<&[u8]>(b"\xc4\x02hi", &o).unwrap(), b"hi");
    // A str read as bytes is bytes: `max_bin_len`.
    let o = compat().max_bin_len(1);
    let e = from_slice_with::<&[u8]>(b"\xa2hi", &o).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::LimitExceeded { limit: Limit::BinLen, value: 2, max: 1 });
    assert_eq!(from_slice_with::<&str>(b"\xa2hi", &o).unwrap(), "hi");
    // The allocation budget counts the copy as for the type's own item.
    let o = compat().max_alloc(1);
    let e = from_slice_with::<String>(b"\xc4\x02hi", &o).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::LimitExceeded { limit: Limit::Alloc, .. }), "{e:?}");
    let e = from_slice_with::<Vec<u8>>(b"\xa2hi", &o).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::LimitExceeded { limit: Limit::Alloc, .. }), "{e:?}");
}

// ---- the option in derived types -------------------------------------------------------

#[test]
fn derived_fields_read_either() {
    let want = Record { name: "ana".into(), data: b"xy".to_vec(), view: None, label: None };
    assert_eq!(from_slice_with::<Record>(SWAPPED, &compat()).unwrap(), want);
    // Borrowed fields borrow the other type's payload.
    let input = b"\x84\xa4name\xa0\xa4data\xc4\x00\xa4view\xa2vw\xa5label\xc4\x02lb";
    let r = from_slice_with::<Record>(input, &compat()).unwrap();
    assert_eq!((r.view, r.label), (Some(&b"vw"[..]), Some("lb")));
    // The bytes as the derive writes them (the types' own items) read back
    // the same with the option.
    let bytes = to_vec(&want).unwrap();
    assert_eq!(from_slice_with::<Record>(&bytes, &compat()).unwrap(), want);
    // The error of a field holding neither keeps its path.
    let e = from_slice_with::<Record>(b"\x82\xa4name\x05\xa4data\xc4\x00", &compat()).unwrap_err();
    assert_eq!(e.to_string(), "expected str, found int 5 at $.name (byte 6)");
}

#[test]
fn derived_structs_find_fields_under_bin_keys() {
    // {bin "name": "ana", bin "data": bin ""}: keys as msgpack-python
    // writes the keys of a dict of `bytes` (use_bin_type=True).
    let input = b"\x82\xc4\x04name\xa3ana\xc4\x04data\xc4\x00";
    let r = from_slice_with::<Record>(input, &compat()).unwrap();
    assert_eq!((r.name.as_str(), &r.data[..]), ("ana", &b""[..]));
    // Maps with string keys too.
    let m: BTreeMap<String, u8> = from_slice_with(b"\x82\xc4\x01a\x01\xa1b\x02", &compat()).unwrap();
    assert_eq!(m, BTreeMap::from([("a".into(), 1), ("b".into(), 2)]));
    // A bin key naming a field twice is still a duplicate.
    let e = from_slice_with::<Record>(b"\x83\xa4name\xa0\xc4\x04name\xa0\xa4data\xc4\x00", &compat()).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::DuplicateField("name"));
}

#[derive(MsgPack, Debug, PartialEq)]
#[msgpack(untagged)]
enum Text {
    Small(u8),
    Words(String),
}

#[derive(MsgPack, Debug, PartialEq)]
#[msgpack(untagged)]
enum Blob {
    Flag(bool),
    Data(Vec<u8>),
}

#[test]
fn untagged_variants_are_tried_on_either() {
    // Default: the string variant cannot start with a bin.
    let e = from_slice::<Text>(b"\xc4\x02hi").unwrap_err();
    assert!(e.to_string().contains("Words: cannot start with bin of 2 bytes"), "{e}");
    assert_eq!(from_slice_with::<Text>(b"\xc4\x02hi", &compat()).unwrap(), Text::Words("hi".into()));
    assert_eq!(from_slice_with::<Text>(b"\xa2hi", &compat()).unwrap(), Text::Words("hi".into()));
    // A bin that is not UTF-8 matches no variant; the reason is the str's.
    let e = from_slice_with::<Text>(b"\xc4\x01\xff", &compat()).unwrap_err();
    assert!(e.to_string().contains("Words: invalid UTF-8"), "{e}");

    let e = from_slice::<Blob>(b"\xa2hi").unwrap_err();
    assert!(e.to_string().contains("Data: cannot start with str"), "{e}");
    assert_eq!(from_slice_with::<Blob>(b"\xa2hi", &compat()).unwrap(), Blob::Data(b"hi".to_vec()));
    assert_eq!(from_slice_with::<Blob>(b"\xc4\x02hi", &compat()).unwrap(), Blob::Data(b"hi".to_vec()));
}

#[derive(MsgPack, Debug, PartialEq)]
enum Color {
    Red,
    Named(String),
}

/// Variant names are `str` items only, with or without the option.
#[test]
fn enum_tags_stay_str() {
    assert_eq!(from_slice_with::<Color>(b"\xa3Red", &compat()).unwrap(), Color::Red);
    assert!(from_slice_with::<Color>(b"\xc4\x03Red", &compat()).is_err());
    assert!(from_slice_with::<Color>(b"\x81\xc4\x05Named\xa1x", &compat()).is_err());
    // The payload is a string: it reads a bin.
    assert_eq!(from_slice_with::<Color>(b"\x81\xa5Named\xc4\x01x", &compat()).unwrap(), Color::Named("x".into()));
}

// ---- what the option leaves alone ------------------------------------------------------

#[test]
fn value_keeps_what_the_wire_says() {
    for opts in [DecodeOptions::new(), compat()] {
        for input in BIN_HI {
            assert_eq!(from_slice_with::<Value>(input, &opts).unwrap(), Value::Bin(b"hi".to_vec()));
            assert_eq!(from_slice_with::<ValueRef>(input, &opts).unwrap(), ValueRef::Bin(b"hi"));
        }
        for input in STR_HI {
            assert_eq!(from_slice_with::<Value>(input, &opts).unwrap(), Value::Str("hi".into()));
            assert_eq!(from_slice_with::<ValueRef>(input, &opts).unwrap(), ValueRef::Str("hi"));
        }
        // A bin that is not UTF-8 is a fine Value; a str that is not, an error.
        assert_eq!(from_slice_with::<Value>(b"\xc4\x01\xff", &opts).unwrap(), Value::Bin(vec![0xff]));
        let e = from_slice_with::<Value>(b"\xa1\xff", &opts).unwrap_err();
        assert_eq!(e.kind(), &ErrorKind::InvalidUtf8);
        // Map keys too.
        let v: Value = from_slice_with(b"\x81\xc4\x01a\xa1b", &opts).unwrap();
        assert_eq!(v, Value::Map(vec![(Value::Bin(b"a".to_vec()), Value::from("b"))]));
    }
}

/// `Decoder::str_bytes` (raw key and tag payloads) stays a `str` reader.
#[test]
fn str_bytes_stays_str() {
    let mut d = Decoder::with_options(b"\xc4\x01a", compat());
    assert!(d.str_bytes().is_err());
    let mut d = Decoder::with_options(b"\xc4\x01a\xa1b", compat());
    assert_eq!(d.str().unwrap(), "a");
    assert_eq!(d.bin().unwrap(), b"b");
    assert!(d.is_empty());
}

/// The serde path reads as rmp-serde does, with or without the option:
/// serde's visitors decide (a `String` takes bytes that are UTF-8,
/// `serde_bytes` takes a string, a `Vec<u8>` is a sequence).
#[cfg(feature = "serde")]
#[test]
fn the_serde_path_reads_as_rmp_serde_whatever_the_option() {
    use msgpack_core::serde::from_slice_with as serde_from;
    use serde_bytes::ByteBuf;

    #[derive(serde::Deserialize, Debug, PartialEq)]
    struct Doc {
        name: String,
        #[serde(with = "serde_bytes")]
        data: Vec<u8>,
    }

    for opts in [DecodeOptions::new(), compat()] {
        for input in BIN_HI {
            assert_eq!(serde_from::<String>(input, &opts).unwrap(), "hi");
            assert_eq!(serde_from::<&str>(input, &opts).unwrap(), "hi");
            assert_eq!(rmp_serde::from_slice::<String>(input).unwrap(), "hi");
        }
        for input in STR_HI {
            assert_eq!(serde_from::<ByteBuf>(input, &opts).unwrap(), b"hi"[..]);
            assert_eq!(rmp_serde::from_slice::<ByteBuf>(input).unwrap(), b"hi"[..]);
            // A plain Vec<u8> is a sequence for serde: neither reads a str.
            assert!(serde_from::<Vec<u8>>(input, &opts).is_err());
            assert!(rmp_serde::from_slice::<Vec<u8>>(input).is_err());
        }
        // A bin that is not UTF-8 is no String, in either.
        assert!(serde_from::<String>(b"\xc4\x01\xff", &opts).is_err());
        assert!(rmp_serde::from_slice::<String>(b"\xc4\x01\xff").is_err());
        // Fields found under bin keys, swapped types: as rmp-serde.
        let input = b"\x82\xc4\x04name\xc4\x03ana\xa4data\xa2xy";
        let want = Doc { name: "ana".into(), data: b"xy".to_vec() };
        assert_eq!(serde_from::<Doc>(input, &opts).unwrap(), want);
        assert_eq!(rmp_serde::from_slice::<Doc>(input).unwrap(), want);
    }
}

// ---- the other tolerances of the crate docs --------------------------------------------

/// Non-canonical (wider than needed) forms read as the smallest would;
/// `Value` writes the smallest header back, an ext's payload as it was.
/// (Every form: `tests/wire/spec_vectors.rs` `noncanonical_forms_decode` and
/// every alternative encoding of `tests/wire/test_suite.rs`.)
#[test]
fn noncanonical_forms_read_and_value_writes_the_smallest_header() {
    let v: Value = from_slice(b"\xd3\x00\x00\x00\x00\x00\x00\x00\x05").unwrap();
    assert_eq!(to_vec(&v).unwrap(), [0x05]);
    assert_eq!(from_slice::<u8>(b"\xd1\x00\x05").unwrap(), 5); // a signed form into an unsigned type
    let v: Value = from_slice(b"\xdb\x00\x00\x00\x01a").unwrap();
    assert_eq!(to_vec(&v).unwrap(), b"\xa1a");
    let v: Value = from_slice(b"\xc7\x01\x05\xaa").unwrap(); // ext 8 of one byte
    assert_eq!(to_vec(&v).unwrap(), [0xd4, 0x05, 0xaa]); // fixext 1
    // A timestamp in the 96-bit layout that fits 32 bits: the Timestamp
    // writes its smallest layout, the Value keeps the payload.
    let wide = b"\xc7\x0c\xff\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x09";
    let t: Timestamp = from_slice(wide).unwrap();
    assert_eq!(to_vec(&t).unwrap(), [0xd6, 0xff, 0, 0, 0, 9]);
    let v: Value = from_slice(wide).unwrap();
    assert_eq!(v.as_timestamp(), Some(t));
    assert_eq!(to_vec(&v).unwrap(), wide);
}

/// A map type keeps the last value of a repeated key (as rmp-serde into a
/// map type), a `Value` every entry in order, and a derived struct
/// refuses a repeated field.
#[test]
fn duplicate_map_keys_the_last_wins() {
    let input = b"\x82\xa1k\x01\xa1k\x02";
    assert_eq!(from_slice::<BTreeMap<String, u8>>(input).unwrap(), BTreeMap::from([("k".into(), 2)]));
    assert_eq!(from_slice::<HashMap<&str, u8>>(input).unwrap(), HashMap::from([("k", 2)]));
    assert_eq!(rmp_serde::from_slice::<BTreeMap<String, u8>>(input).unwrap(), BTreeMap::from([("k".into(), 2)]));
    let v: Value = from_slice(input).unwrap();
    assert_eq!(v, Value::Map(vec![(Value::from("k"), Value::from(1u8)), (Value::from("k"), Value::from(2u8))]));

    #[derive(MsgPack, Debug)]
    #[allow(dead_code)]
    struct K {
        k: u8,
    }
    assert_eq!(from_slice::<K>(input).unwrap_err().kind(), &ErrorKind::DuplicateField("k"));
}

/// Byte buffers read an array of small integers (serde's `Vec<u8>`
/// without `serde_bytes`), except a borrowed `&[u8]`; more in
/// `tests/wire/types.rs` `byte_buffers_from_arrays_of_small_ints`.
#[test]
fn byte_buffers_read_arrays_of_small_integers() {
    assert_eq!(from_slice::<Vec<u8>>(&[0x92, 0x01, 0xcc, 0xff]).unwrap(), [1, 255]);
    assert!(from_slice::<&[u8]>(&[0x92, 0x01, 0xcc, 0xff]).is_err());
}

/// Unit structs and `PhantomData` read `nil` as well as the empty array
/// they are written as.
#[test]
fn unit_structs_read_nil() {
    #[derive(MsgPack, Debug, PartialEq)]
    struct Unit;
    assert_eq!(to_vec(&Unit).unwrap(), [0x90]);
    assert_eq!(from_slice::<Unit>(&[0x90]).unwrap(), Unit);
    assert_eq!(from_slice::<Unit>(&[0xc0]).unwrap(), Unit);
    assert_eq!(from_slice::<std::marker::PhantomData<u8>>(&[0xc0]).unwrap(), std::marker::PhantomData);
}

/// `float 32` reads into `f64`, exactly widened; integers and floats do
/// not read as each other (without `int_to_float`).
#[test]
fn float_32_widens_and_numbers_keep_their_kind() {
    assert_eq!(from_slice::<f64>(&[0xca, 0x3f, 0xc0, 0, 0]).unwrap(), 1.5);
    assert!(from_slice::<f64>(&[0x01]).is_err());
    assert!(from_slice::<i64>(&[0xca, 0x3f, 0x80, 0, 0]).is_err());
}

use crate::common::rng;

/// Hostile input with the option on: mutated messages never panic, and a
/// `Value` reads the same with and without the option (nothing new to
/// guard: the option reads a payload in place of another, borrowed or
/// charged as before).
#[test]
fn mutated_input_with_the_option() {
    let record =
        to_vec(&Record { name: "ana".into(), data: vec![1, 2, 3], view: Some(b"v"), label: Some("l") }).unwrap();
    let seeds: [&[u8]; 5] = [
        SWAPPED,
        &record,
        b"\x82\xc4\x04name\xa3ana\xc4\x04data\xc4\x00",
        b"\x92\xc4\x02hi\xa2hi",
        b"\xa3\x00\xff\xfe",
    ];
    let options = [compat(), DecodeOptions::untrusted().str_bin_compat(true)];
    let mut rng = rng::Rng(0x5eed_b175);
    let mut decoded = 0usize;
    for round in 0..20_000 {
        let mut input = seeds[round % seeds.len()].to_vec();
        for _ in 0..1 + rng.below(3) {
            let i = rng.below(input.len());
            match rng.below(3) {
                0 => input[i] = rng.next() as u8,
                1 => input[i] = [0xc4, 0xc5, 0xc6, 0xa0, 0xd9, 0xda, 0xdb, 0xff][rng.below(8)],
                _ => input.truncate(i.max(1)),
            }
        }
        for opts in &options {
            decoded += usize::from(from_slice_with::<Record>(&input, opts).is_ok());
            decoded += usize::from(from_slice_with::<Text>(&input, opts).is_ok());
            decoded += usize::from(from_slice_with::<Blob>(&input, opts).is_ok());
            decoded += usize::from(from_slice_with::<String>(&input, opts).is_ok());
            decoded += usize::from(from_slice_with::<Vec<Cow<[u8]>>>(&input, opts).is_ok());
            decoded += usize::from(from_slice_with::<BTreeMap<&str, Value>>(&input, opts).is_ok());
            let with = from_slice_with::<Value>(&input, opts);
            let without = from_slice_with::<Value>(&input, &opts.str_bin_compat(false));
            assert_eq!(with.map_err(|e| e.to_string()), without.map_err(|e| e.to_string()), "{input:02x?}");
        }
    }
    assert!(decoded > 1000, "the mutations decoded {decoded} times: too few to say much");
}
