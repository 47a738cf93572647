//! `msgpack_core::serde`, the serde data format: byte identity with
//! rmp-serde 1.3 for every item of serde's data model (edges of every
//! header included), round trips both ways, what is read the way rmp-serde
//! reads it, zero-copy borrowing, the limits of `DecodeOptions` and the
//! errors (kind, offset, path).
#![cfg(feature = "serde")]

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::fmt::Debug;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::time::Duration;

use msgpack_core::decode::{ErrorKind, Found, Limit, Segment, Text};
use msgpack_core::serde::{Deserializer, Error, Serializer, from_slice, from_slice_with, to_vec, to_vec_named};
use msgpack_core::{DecodeOptions, Value};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_bytes::{ByteBuf, Bytes};

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect::<Vec<_>>().join(" ")
}

/// Our bytes equal rmp-serde's in both struct forms; returns the array form.
fn bytes<T: Serialize + Debug + ?Sized>(v: &T) -> Vec<u8> {
    let ours = to_vec(v).unwrap();
    assert_eq!(hex(&ours), hex(&rmp_serde::to_vec(v).unwrap()), "to_vec of {v:?}");
    let named = to_vec_named(v).unwrap();
    assert_eq!(hex(&named), hex(&rmp_serde::to_vec_named(v).unwrap()), "to_vec_named of {v:?}");
    ours
}

/// Our read of `b` is rmp-serde's: the same value, or both an error.
fn agree<T: DeserializeOwned + PartialEq + Debug>(b: &[u8]) -> Option<T> {
    let (ours, theirs) = (from_slice::<T>(b), rmp_serde::from_slice::<T>(b));
    match (ours, theirs) {
        (Ok(a), Ok(b)) => {
            assert_eq!(a, b);
            Some(a)
        }
        (Err(_), Err(_)) => None,
        (x, y) => panic!("{}: ours {x:?}, rmp-serde {y:?}", hex(b)),
    }
}

/// [`bytes`], and each crate reads the other's bytes back to `v`, in both forms.
fn same<T: Serialize + DeserializeOwned + PartialEq + Debug>(v: &T) -> Vec<u8> {
    let ours = bytes(v);
    for b in [ours.clone(), to_vec_named(v).unwrap()] {
        assert_eq!(&from_slice::<T>(&b).unwrap_or_else(|e| panic!("ours of {v:?}: {e}")), v);
        assert_eq!(&rmp_serde::from_slice::<T>(&b).unwrap(), v, "rmp-serde's read of our {v:?}");
    }
    ours
}

// ---- every item of the data model -------------------------------------------------

#[test]
fn integers_at_every_boundary() {
    for v in [0u64, 1, 127, 128, 255, 256, 65535, 65536, u32::MAX as u64, u32::MAX as u64 + 1, u64::MAX] {
        same(&v);
        if let Ok(v) = u8::try_from(v) {
            same(&v);
        }
        if let Ok(v) = u16::try_from(v) {
            same(&v);
        }
        if let Ok(v) = u32::try_from(v) {
            same(&v);
        }
    }
    let signed = [
        0i64,
        1,
        127,
        128,
        255,
        256,
        32767,
        32768,
        65535,
        65536,
        i32::MAX as i64,
        u32::MAX as i64 + 1,
        i64::MAX,
        -1,
        -32,
        -33,
        -128,
        -129,
        -32768,
        -32769,
        i32::MIN as i64,
        i32::MIN as i64 - 1,
        i64::MIN,
    ];
    for v in signed {
        same(&v);
        if let Ok(v) = i8::try_from(v) {
            same(&v);
        }
        if let Ok(v) = i16::try_from(v) {
            same(&v);
        }
        if let Ok(v) = i32::try_from(v) {
            same(&v);
        }
    }
    assert_eq!(bytes(&-33i64), [0xd0, 0xdf]);
    assert_eq!(bytes(&200i16), [0xcc, 200]);
    same(&usize::MAX);
    same(&isize::MIN);
}

#[test]
fn i128_and_u128_are_bin16_like_rmp_serde() {
    for v in [0i128, 1, -1, i64::MIN as i128, u64::MAX as i128 + 1, i128::MIN, i128::MAX] {
        let b = same(&v);
        assert_eq!(b[..2], [0xc4, 16]);
        assert_eq!(b[2..], v.to_be_bytes());
    }
    for v in [0u128, 1, u64::MAX as u128 + 1, u128::MAX] {
        assert_eq!(same(&v)[2..], v.to_be_bytes());
    }
    // Integers read too, of any width; a negative one is not a u128.
    assert_eq!(from_slice::<i128>(&[0xd3, 0x80, 0, 0, 0, 0, 0, 0, 0]).unwrap(), i64::MIN as i128);
    assert_eq!(from_slice::<u128>(&[0xcf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]).unwrap(), u64::MAX as u128);
    let e = from_slice::<u128>(&[0xff]).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::OutOfRange { expected: "u128", .. }), "{e}");
    assert_eq!(rmp_serde::from_slice::<u128>(&[0xff]).unwrap(), u128::MAX); // rmp-serde wraps
    let e = from_slice::<i128>(&[0xc4, 2, 0, 1]).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::InvalidLength { expected: 16, found: 2 });
}

#[test]
fn floats_bools_chars_unit() {
    for v in [0.0f32, -0.0, 1.5, f32::MAX, f32::MIN_POSITIVE, f32::INFINITY, f32::NEG_INFINITY] {
        assert_eq!(same(&v)[0], 0xca);
    }
    for v in [0.0f64, -2.5, 1e300, f64::MIN_POSITIVE, f64::NEG_INFINITY] {
        assert_eq!(same(&v)[0], 0xcb);
    }
    assert_eq!(bytes(&f64::NAN), rmp_serde::to_vec(&f64::NAN).unwrap());
    assert!(from_slice::<f64>(&bytes(&f64::NAN)).unwrap().is_nan());
    assert_eq!(same(&true), [0xc3]);
    assert_eq!(same(&false), [0xc2]);
    for c in ['a', 'é', '€', '😀', '\0', char::MAX] {
        same(&c);
    }
    assert_eq!(same(&()), [0xc0]);
    // Floats read integers (serde's float visitors convert them), and f32 into f64.
    assert_eq!(from_slice::<f64>(&[0x05]).unwrap(), 5.0);
    assert_eq!(from_slice::<f64>(&[0xca, 0x3f, 0xc0, 0, 0]).unwrap(), 1.5);
}

#[test]
fn strings_at_every_header_boundary() {
    for n in [0, 1, 31, 32, 255, 256, 65535, 65536, 70_000] {
        let s = "é".repeat(n / 2) + &"x".repeat(n % 2);
        same(&s);
    }
}

#[test]
fn bytes_with_serde_bytes_are_bin_and_plain_vec_u8_is_an_array() {
    for n in [0, 1, 255, 256, 65535, 65536] {
        let b = ByteBuf::from(vec![0xa5; n]);
        let out = same(&b);
        assert_eq!(
            out[0],
            if n < 256 {
                0xc4
            } else if n < 65536 {
                0xc5
            } else {
                0xc6
            }
        );
    }
    assert_eq!(same(&vec![1u8, 200]), [0x92, 0x01, 0xcc, 200]);
    // As rmp-serde does, a Vec<u8> reads a bin too, and a ByteBuf an array.
    assert_eq!(from_slice::<Vec<u8>>(&[0xc4, 2, 1, 200]).unwrap(), [1, 200]);
    assert_eq!(from_slice::<ByteBuf>(&[0x92, 0x01, 0xcc, 200]).unwrap().into_vec(), [1, 200]);
    assert_eq!(from_slice::<[u8; 2]>(&[0xc4, 2, 1, 2]).unwrap(), [1, 2]);
}

#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
struct Unit;

#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
struct Newtype(u32);

#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
struct TupleStruct(u8, String, Option<i64>);

#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
struct Point {
    x: i32,
    y: i32,
}

#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
enum E {
    A,
    B(u32),
    C(u8, u8),
    D { x: i32, name: String },
    N(Newtype),
    U(Unit),
}

#[test]
fn structs_enums_and_their_bytes() {
    assert_eq!(same(&Unit), [0x90]);
    assert_eq!(same(&Newtype(5)), [0x05]);
    assert_eq!(same(&TupleStruct(1, "a".into(), None)), [0x93, 0x01, 0xa1, b'a', 0xc0]);
    assert_eq!(same(&Point { x: 1, y: -1 }), [0x92, 0x01, 0xff]);
    assert_eq!(to_vec_named(&Point { x: 1, y: -1 }).unwrap(), [0x82, 0xa1, b'x', 0x01, 0xa1, b'y', 0xff]);
    assert_eq!(same(&E::A), [0xa1, b'A']);
    assert_eq!(same(&E::B(5)), [0x81, 0xa1, b'B', 0x05]);
    assert_eq!(same(&E::C(1, 2)), [0x81, 0xa1, b'C', 0x92, 0x01, 0x02]);
    assert_eq!(same(&E::D { x: 1, name: "n".into() }), [0x81, 0xa1, b'D', 0x92, 0x01, 0xa1, b'n']);
    assert_eq!(
        to_vec_named(&E::D { x: 1, name: "n".into() }).unwrap(),
        [0x81, 0xa1, b'D', 0x82, 0xa1, b'x', 0x01, 0xa4, b'n', b'a', b'm', b'e', 0xa1, b'n']
    );
    same(&E::N(Newtype(7)));
    same(&E::U(Unit));
    same(&vec![E::A, E::B(u32::MAX), E::C(0, 255)]);
    // Unit structs read nil too; unit variants read from {name: nil} too.
    assert_eq!(from_slice::<Unit>(&[0xc0]).unwrap(), Unit);
    assert_eq!(from_slice::<E>(&[0x81, 0xa1, b'A', 0xc0]).unwrap(), E::A);
    // A unit variant by index, as rmp-serde reads it.
    assert_eq!(from_slice::<E>(&[0x00]).unwrap(), E::A);
    assert_eq!(rmp_serde::from_slice::<E>(&[0x00]).unwrap(), E::A);
}

#[test]
fn options_sequences_maps_and_long_headers() {
    assert_eq!(same(&Some(5u8)), [0x05]);
    assert_eq!(same(&None::<u8>), [0xc0]);
    same(&Some(vec![Some(1u8), None]));
    for n in [0usize, 15, 16, 65535, 65536] {
        same(&vec![7u8; n]);
        let m: BTreeMap<u32, bool> = (0..n as u32).map(|i| (i, i % 2 == 0)).collect();
        same(&m);
    }
    same(&(1u8, -1i8, "t".to_string(), [1u16, 2, 3], ((), Unit)));
    same(&HashMap::from([("k".to_string(), vec![1u64])]));
    same(&BTreeMap::from([(vec![1u8], "vec key".to_string()), (vec![], "empty".to_string())]));
}

/// Serializes its items with `serialize_seq(None)` / `serialize_map(None)`.
#[derive(Debug)]
struct Unsized(Vec<u8>);

impl Serialize for Unsized {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{SerializeMap, SerializeSeq};
        let mut outer = s.serialize_map(None)?;
        outer.serialize_key("items")?;
        struct Items<'a>(&'a [u8]);
        impl Serialize for Items<'_> {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let mut seq = s.serialize_seq(None)?;
                for x in self.0 {
                    seq.serialize_element(x)?;
                }
                seq.end()
            }
        }
        outer.serialize_value(&Items(&self.0))?;
        outer.end()
    }
}

#[test]
fn unknown_lengths_are_buffered_with_the_exact_count() {
    for n in [0, 1, 15, 16, 300, 70_000] {
        let v = Unsized((0..n).map(|i| i as u8).collect());
        let b = bytes(&v);
        assert_eq!(b[0], 0x81);
        let back: BTreeMap<String, Vec<u8>> = from_slice(&b).unwrap();
        assert_eq!(back["items"], v.0);
    }
}

#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
#[serde(rename = "_ExtStruct")]
struct Ext((i8, ByteBuf));

#[test]
fn ext_items_in_the_ext_struct_convention() {
    for (n, marker) in
        [(1, 0xd4), (2, 0xd5), (3, 0xc7), (4, 0xd6), (8, 0xd7), (16, 0xd8), (17, 0xc7), (256, 0xc8), (65536, 0xc9)]
    {
        let x = Ext((-5, ByteBuf::from(vec![9; n])));
        let b = same(&x);
        assert_eq!(b[0], marker, "ext of {n} bytes");
        // The same bytes as the core's Ext, and a Value reads them as one.
        assert_eq!(b, msgpack_core::to_vec(&msgpack_core::Ext::new(-5, vec![9; n])).unwrap());
        assert_eq!(from_slice::<Value>(&b).unwrap(), Value::from(msgpack_core::Ext::new(-5, vec![9; n])));
    }
    // Value through the serde format: the bytes of the core's to_vec.
    let ts = msgpack_core::Timestamp::new(1_700_000_000, 5).unwrap();
    let v = Value::Array(vec![Value::from(ts), Value::from(msgpack_core::Ext::new(1, vec![]))]);
    assert_eq!(to_vec(&v).unwrap(), msgpack_core::to_vec(&v).unwrap());
    // Anything but (i8, bytes) is refused.
    #[derive(Serialize)]
    #[serde(rename = "_ExtStruct")]
    struct Bad((i16, ByteBuf));
    assert!(matches!(to_vec(&Bad((1, ByteBuf::new()))), Err(Error::InvalidDataModel(_))));
}

#[test]
fn is_human_readable_is_false_both_ways() {
    #[derive(Debug)]
    struct Probe;
    impl Serialize for Probe {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let human = s.is_human_readable();
            s.serialize_bool(human)
        }
    }
    assert_eq!(bytes(&Probe), [0xc2]);
    let de = &mut Deserializer::new(&[0xc0]);
    assert!(!serde::Deserializer::is_human_readable(&de));
    // So std's types take their compact forms, as with rmp-serde.
    same(&IpAddr::V4(Ipv4Addr::new(10, 0, 0, 1)));
    same(&IpAddr::V6(Ipv6Addr::LOCALHOST));
    same(&SocketAddr::from(([127, 0, 0, 1], 8080)));
    same(&Duration::new(5, 7));
    same(&std::time::UNIX_EPOCH);
}

// ---- serde attributes ------------------------------------------------------------

#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
#[serde(tag = "type")]
enum Internal {
    Ping,
    Move { x: i32 },
    Wrap(Point),
}

#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
#[serde(tag = "t", content = "c")]
enum Adjacent {
    Unit,
    One(u8),
    Two(u8, String),
}

#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
#[serde(untagged)]
enum Untagged {
    Int(i64),
    Text(String),
    Pair(bool, bool),
    Named { v: Vec<u8> },
}

#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
#[serde(rename_all = "camelCase")]
struct Attrs {
    user_id: u64,
    #[serde(rename = "n")]
    name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    nick: Option<String>,
    #[serde(flatten)]
    extra: BTreeMap<String, i32>,
}

#[test]
fn tagging_renames_skips_and_flatten() {
    for v in [Internal::Ping, Internal::Move { x: -3 }, Internal::Wrap(Point { x: 1, y: 2 })] {
        same(&v);
    }
    for v in [Adjacent::One(1), Adjacent::Two(2, "b".into())] {
        same(&v);
    }
    // A unit variant of an adjacently tagged enum is `[tag]` in the array
    // form, which serde itself cannot read back (it wants `[tag, content]`):
    // the same bytes, and the same refusal by both crates.
    let b = bytes(&Adjacent::Unit);
    assert_eq!(b, [0x91, 0xa4, b'U', b'n', b'i', b't']);
    assert_eq!(agree::<Adjacent>(&b), None);
    assert_eq!(agree::<Adjacent>(&to_vec_named(&Adjacent::Unit).unwrap()), Some(Adjacent::Unit));
    for v in [Untagged::Int(-5), Untagged::Text("t".into()), Untagged::Pair(true, false)] {
        same(&v);
    }
    // A struct variant of an untagged enum does not read from the array
    // form (serde buffers it and matches maps only): both crates refuse it.
    let v = Untagged::Named { v: vec![1] };
    assert_eq!(agree::<Untagged>(&bytes(&v)), None);
    assert_eq!(agree::<Untagged>(&to_vec_named(&v).unwrap()), Some(v));
    let a = Attrs { user_id: 1, name: "x".into(), nick: None, extra: BTreeMap::from([("z".into(), 9)]) };
    let b = same(&a);
    assert_eq!(b[0], 0x83); // flattened: a map in both forms, with the exact count
    same(&Attrs { nick: Some("nn".into()), extra: BTreeMap::new(), ..a });
}

// ---- reading what rmp-serde reads ------------------------------------------------

#[test]
fn structs_from_arrays_and_maps_and_fields_by_index() {
    let p = Point { x: 1, y: 2 };
    assert_eq!(from_slice::<Point>(&[0x92, 0x01, 0x02]).unwrap(), p);
    assert_eq!(from_slice::<Point>(&[0x82, 0xa1, b'y', 0x02, 0xa1, b'x', 0x01]).unwrap(), p);
    // Fields keyed by index, as rmp-serde (and serde's field visitors) take them.
    assert_eq!(from_slice::<Point>(&[0x82, 0x00, 0x01, 0x01, 0x02]).unwrap(), p);
    assert_eq!(rmp_serde::from_slice::<Point>(&[0x82, 0x00, 0x01, 0x01, 0x02]).unwrap(), p);
    // Unknown keys are skipped.
    assert_eq!(from_slice::<Point>(&[0x83, 0xa1, b'x', 0x01, 0xa1, b'q', 0x91, 0xc0, 0xa1, b'y', 0x02]).unwrap(), p);
}

#[test]
fn integers_into_any_width_they_fit() {
    // 5 in every form, into every integer type.
    let forms: [&[u8]; 9] = [
        &[0x05],
        &[0xcc, 5],
        &[0xcd, 0, 5],
        &[0xce, 0, 0, 0, 5],
        &[0xcf, 0, 0, 0, 0, 0, 0, 0, 5],
        &[0xd0, 5],
        &[0xd1, 0, 5],
        &[0xd2, 0, 0, 0, 5],
        &[0xd3, 0, 0, 0, 0, 0, 0, 0, 5],
    ];
    for f in forms {
        assert_eq!(from_slice::<u8>(f).unwrap(), 5);
        assert_eq!(from_slice::<i8>(f).unwrap(), 5);
        assert_eq!(from_slice::<u16>(f).unwrap(), 5);
        assert_eq!(from_slice::<i64>(f).unwrap(), 5);
        assert_eq!(from_slice::<u64>(f).unwrap(), 5);
        assert_eq!(from_slice::<i128>(f).unwrap(), 5);
        assert_eq!(from_slice::<std::num::NonZeroU32>(f).unwrap().get(), 5);
        assert_eq!(from_slice::<u8>(f).unwrap(), rmp_serde::from_slice::<u8>(f).unwrap());
    }
}

#[test]
fn strings_as_bytes_and_bytes_as_strings() {
    assert_eq!(from_slice::<String>(&[0xc4, 2, b'h', b'i']).unwrap(), "hi");
    assert_eq!(from_slice::<&str>(&[0xc4, 2, b'h', b'i']).unwrap(), "hi");
    assert_eq!(from_slice::<ByteBuf>(&[0xa2, b'h', b'i']).unwrap().into_vec(), b"hi");
    // A str that is not UTF-8: bytes for a visitor that takes them, else InvalidUtf8.
    assert_eq!(from_slice::<&Bytes>(&[0xa1, 0xff]).unwrap().as_ref(), [0xff]);
    let e = from_slice::<String>(&[0xa1, 0xff]).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (&ErrorKind::InvalidUtf8, 0));
    assert!(rmp_serde::from_slice::<String>(&[0xa1, 0xff]).is_err());
}

#[test]
fn values_read_as_from_slice_reads_them() {
    let v = Value::Map(vec![
        (Value::from("a"), Value::Array(vec![Value::from(-1i8), Value::from(300u16), Value::F32(1.5)])),
        (Value::from(7u8), Value::from(vec![1u8, 2])),
        (Value::Nil, Value::from(msgpack_core::Ext::new(3, vec![1, 2, 3]))),
    ]);
    let b = msgpack_core::to_vec(&v).unwrap();
    assert_eq!(from_slice::<Value>(&b).unwrap(), v);
    assert_eq!(
        from_slice::<msgpack_core::ValueRef>(&b).unwrap(),
        msgpack_core::from_slice::<msgpack_core::ValueRef>(&b).unwrap()
    );
    assert_eq!(from_slice::<rmpv::Value>(&b).unwrap(), rmp_serde::from_slice::<rmpv::Value>(&b).unwrap());
}

// ---- borrowing -------------------------------------------------------------------

#[derive(Deserialize, Serialize, Debug, PartialEq)]
struct Borrowed<'a> {
    name: &'a str,
    #[serde(borrow)]
    cow: Cow<'a, str>,
    #[serde(with = "serde_bytes")]
    raw: &'a [u8],
    #[serde(borrow)]
    tags: Vec<&'a str>,
}

#[test]
fn strings_and_bytes_borrow_from_the_input() {
    let v = Borrowed { name: "name", cow: Cow::Borrowed("cow"), raw: &[1, 2, 3], tags: vec!["t1", "t2"] };
    let b = to_vec_named(&v).unwrap();
    assert_eq!(b, rmp_serde::to_vec_named(&v).unwrap());
    let back: Borrowed = from_slice(&b).unwrap();
    assert_eq!(back, v);
    let range = b.as_ptr_range();
    assert!(range.contains(&back.name.as_ptr()));
    assert!(matches!(back.cow, Cow::Borrowed(s) if range.contains(&s.as_ptr())));
    assert!(range.contains(&back.raw.as_ptr()));
    assert!(back.tags.iter().all(|t| range.contains(&t.as_ptr())));
    // And from the array form.
    let compact = to_vec(&v).unwrap();
    let back: Borrowed = from_slice(&compact).unwrap();
    assert_eq!(back, v);
    // Through deserialize_any too (an untagged enum buffers the content borrowed).
    #[derive(Deserialize, Debug)]
    #[serde(untagged)]
    enum Any<'a> {
        #[serde(borrow)]
        S(&'a str),
    }
    let input = [0xa2, b'h', b'i'];
    let Any::S(s) = from_slice::<Any>(&input).unwrap();
    assert_eq!(s.as_ptr(), input[1..].as_ptr());
}

// ---- limits ----------------------------------------------------------------------

fn with<'de, T: Deserialize<'de>>(b: &'de [u8], o: DecodeOptions) -> Result<T, msgpack_core::decode::Error> {
    from_slice_with(b, &o)
}

#[test]
fn depth_limits_arrays_maps_enums_and_wrappers() {
    let nested = [0x91, 0x91, 0x91, 0xc0];
    let e = with::<Value>(&nested, DecodeOptions::new().max_depth(2)).unwrap_err();
    assert_eq!(e.to_string(), "nesting deeper than the limit of 2 at $[0][0] (byte 2)");
    assert!(with::<Value>(&nested, DecodeOptions::new().max_depth(3)).is_ok());
    // The same as the derive's limit for the same type.
    let derive =
        msgpack_core::from_slice_with::<Vec<Vec<Vec<Option<u8>>>>>(&nested, &DecodeOptions::new().max_depth(2));
    assert_eq!(derive.unwrap_err(), e);

    // An ext item is not a level (as for the derive's Value).
    let ext_in_array = [0x91, 0xd4, 0x01, 0x07];
    let o = DecodeOptions::new().max_depth(1);
    assert_eq!(
        with::<Value>(&ext_in_array, o).unwrap(),
        msgpack_core::from_slice_with::<Value>(&ext_in_array, &o).unwrap()
    );

    // Enums in map form are counted (rmp-serde does not count them).
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    enum Chain {
        Next(Box<Chain>),
        End,
    }
    let mut input = vec![];
    for _ in 0..5000 {
        input.extend([0x81, 0xa4, b'N', b'e', b'x', b't']);
    }
    input.extend([0xa3, b'E', b'n', b'd']);
    let e = from_slice::<Chain>(&input).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::DepthLimitExceeded { limit: 1024 }), "{e}");

    // A type that recurses without reading input (a newtype around an
    // option of itself) stops at the limit instead of overflowing the stack.
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Loop(Option<Box<Loop>>);
    let e = from_slice::<Loop>(&[0x01]).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::DepthLimitExceeded { limit: 1024 }), "{e}");
    assert_eq!(e.offset(), 0);
}

#[test]
fn deep_input_at_the_default_limit_on_a_small_stack() {
    // 1024 nested arrays (the limit) of a recursive serde type, and one more.
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Tree(Vec<Tree>);
    let run = |depth: usize| {
        std::thread::Builder::new()
            .stack_size(16 << 20)
            .spawn(move || {
                let mut input = vec![0x91; depth - 1];
                input.push(0x90);
                from_slice::<Tree>(&input).map(drop).map_err(|e| e.to_string())
            })
            .unwrap()
            .join()
            .unwrap()
    };
    assert_eq!(run(1024), Ok(()));
    assert!(run(1025).unwrap_err().starts_with("nesting deeper than the limit of 1024"));
}

#[test]
fn length_limits() {
    let e = with::<Vec<u8>>(&[0x93, 1, 2, 3], DecodeOptions::new().max_container_len(2)).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::LimitExceeded { limit: Limit::ContainerLen, value: 3, max: 2 });
    let e = with::<BTreeMap<u8, u8>>(&[0x82, 1, 1, 2, 2], DecodeOptions::new().max_container_len(1)).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::LimitExceeded { limit: Limit::ContainerLen, .. }));
    let e = with::<&str>(&[0xa2, b'h', b'i'], DecodeOptions::new().max_str_len(1)).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::LimitExceeded { limit: Limit::StrLen, .. }));
    let e = with::<ByteBuf>(&[0xc4, 2, 1, 2], DecodeOptions::new().max_bin_len(1)).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::LimitExceeded { limit: Limit::BinLen, .. }));
    let e = with::<Ext>(&[0xd5, 1, 7, 8], DecodeOptions::new().max_ext_len(1)).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::LimitExceeded { limit: Limit::ExtLen, .. }));
    let e = with::<Value>(&[0xd5, 1, 7, 8], DecodeOptions::new().max_ext_len(1)).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::LimitExceeded { limit: Limit::ExtLen, .. }));
    // A length prefix beyond the input fails before anything is read.
    let e = from_slice::<Vec<u64>>(&[0xdd, 0xff, 0xff, 0xff, 0xff]).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::UnexpectedEof { .. }));
    let e = from_slice::<u8>(&[0x01, 0x02]).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::TrailingBytes { count: 1 });
}

#[test]
fn the_allocation_budget() {
    let hello = [0xa5, b'h', b'e', b'l', b'l', b'o'];
    let budget = |n| DecodeOptions::new().max_alloc(n);
    // Owned strings and byte buffers by their length; borrowed ones are free.
    assert!(with::<String>(&hello, budget(5)).is_ok());
    let e = with::<String>(&hello, budget(4)).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::LimitExceeded { limit: Limit::Alloc, value: 5, max: 4 });
    assert!(with::<&str>(&hello, budget(0)).is_ok());
    assert!(with::<ByteBuf>(&[0xc4, 3, 1, 2, 3], budget(2)).is_err());
    assert!(with::<&Bytes>(&[0xc4, 3, 1, 2, 3], budget(0)).is_ok());
    // Growing collections by their element size, as the derive charges them.
    let ints = to_vec(&vec![1u64; 100]).unwrap();
    assert!(with::<Vec<u64>>(&ints, budget(800)).is_ok());
    let e = with::<Vec<u64>>(&ints, budget(799)).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::LimitExceeded { limit: Limit::Alloc, .. }), "{e}");
    // The derive charges the 800 bytes at the header, serde's visitor
    // element by element: the same limit, reached at another point.
    assert_eq!(e.kind(), &ErrorKind::LimitExceeded { limit: Limit::Alloc, value: 8, max: 7 });
    assert!(msgpack_core::from_slice_with::<Vec<u64>>(&ints, &budget(799)).is_err());
    // Fixed-size things (tuples, arrays, struct fields) are not heap.
    assert!(with::<[u64; 3]>(&[0x93, 1, 2, 3], budget(0)).is_ok());
    assert!(with::<Point>(&[0x92, 1, 2], budget(0)).is_ok());
    // A map of many entries.
    let m = to_vec(&(0..1000u32).map(|i| (i, i)).collect::<BTreeMap<_, _>>()).unwrap();
    assert!(with::<BTreeMap<u32, u32>>(&m, budget(4000)).is_err());
    assert!(with::<BTreeMap<u32, u32>>(&m, budget(8000)).is_ok());
}

// ---- errors ----------------------------------------------------------------------

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Team {
    name: String,
    users: Vec<User>,
}

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct User {
    age: u8,
    tags: BTreeMap<String, u16>,
    kind: Option<Kind>,
}

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
enum Kind {
    Admin,
    Guest { since: u32 },
}

/// A team, its second user's field `field` replaced by the bytes `bad`.
fn team(bad: Option<(&str, Value)>, named: bool) -> Vec<u8> {
    let user = |age: u8| {
        let mut fields = vec![
            ("age", Value::from(age)),
            ("tags", Value::Map(vec![(Value::from("a"), Value::from(1u8))])),
            ("kind", Value::from("Admin")),
        ];
        if age == 2
            && let Some((name, v)) = &bad
        {
            fields.iter_mut().find(|(n, _)| n == name).unwrap().1 = v.clone();
        }
        if named {
            Value::Map(fields.into_iter().map(|(n, v)| (Value::from(n), v)).collect())
        } else {
            Value::Array(fields.into_iter().map(|(_, v)| v).collect())
        }
    };
    let users = Value::Array(vec![user(1), user(2)]);
    let team = if named {
        Value::Map(vec![(Value::from("name"), Value::from("t")), (Value::from("users"), users)])
    } else {
        Value::Array(vec![Value::from("t"), users])
    };
    msgpack_core::to_vec(&team).unwrap()
}

fn err_of(b: &[u8]) -> msgpack_core::decode::Error {
    let e = from_slice::<Team>(b).unwrap_err();
    assert!(e.offset() < b.len(), "{e}: offset inside the input");
    e
}

#[test]
fn errors_name_the_path_in_both_forms() {
    for named in [true, false] {
        let b = team(Some(("age", Value::from(300u16))), named);
        let e = err_of(&b);
        assert_eq!(e.path().to_string(), "$.users[1].age");
        assert_eq!(e.kind(), &ErrorKind::OutOfRange { expected: "u8", found: Found::UInt(300) });
        assert_eq!(b[e.offset()], 0xcd);

        let e = err_of(&team(Some(("age", Value::from("x"))), named));
        assert_eq!(e.kind(), &ErrorKind::TypeMismatch { expected: "u8", found: Found::Str(Text::new("x")) });
        assert_eq!(e.path().to_string(), "$.users[1].age");

        let tags = Value::Map(vec![(Value::from("a"), Value::from(1u8)), (Value::from("b"), Value::from(-1i8))]);
        let e = err_of(&team(Some(("tags", tags)), named));
        assert_eq!(e.to_string().split(" at ").nth(1).unwrap().split(' ').next().unwrap(), r#"$.users[1].tags["b"]"#);
        assert!(matches!(e.kind(), ErrorKind::OutOfRange { expected: "u16", .. }));

        let e = err_of(&team(Some(("kind", Value::from("Root"))), named));
        assert_eq!(e.kind(), &ErrorKind::UnknownVariant { enum_name: "Kind", found: Found::Str(Text::new("Root")) });
        assert_eq!(e.path().to_string(), "$.users[1].kind");

        let guest = Value::Map(vec![(Value::from("Guest"), Value::Array(vec![Value::from(-1i8)]))]);
        let e = err_of(&team(Some(("kind", guest)), named));
        assert_eq!(e.path().to_string(), "$.users[1].kind.Guest.since");
        assert!(matches!(e.kind(), ErrorKind::OutOfRange { expected: "u32", .. }));

        let e = err_of(&team(Some(("kind", Value::Array(vec![]))), named));
        assert_eq!(e.kind(), &ErrorKind::TypeMismatch { expected: "Kind", found: Found::Array(0) });
    }
}

#[test]
fn errors_match_the_derive_for_the_same_type() {
    #[derive(Deserialize, msgpack_core::MsgPack, Debug)]
    #[allow(dead_code)]
    struct Row {
        id: u32,
        cells: Vec<i8>,
        label: String,
    }
    let rows = |cells: Value, label: Value| {
        let row = Value::Map(vec![
            (Value::from("id"), Value::from(1u8)),
            (Value::from("cells"), cells),
            (Value::from("label"), label),
        ]);
        msgpack_core::to_vec(&Value::Array(vec![row.clone(), row])).unwrap()
    };
    let cases = [
        rows(Value::Array(vec![Value::from(1u8), Value::from(200u8)]), Value::from("l")),
        rows(Value::Array(vec![Value::from(1u8), Value::from("x")]), Value::from("l")),
        rows(Value::Array(vec![]), Value::from(5u8)),
        rows(Value::Array(vec![]), Value::Nil),
        rows(Value::Nil, Value::from("l")),
    ];
    for b in cases {
        let ours = from_slice::<Vec<Row>>(&b).unwrap_err();
        let derive = msgpack_core::from_slice::<Vec<Row>>(&b).unwrap_err();
        assert_eq!(ours.path().to_string(), derive.path().to_string(), "{ours} / {derive}");
        assert_eq!(ours.offset(), derive.offset(), "{ours} / {derive}");
        if let ErrorKind::Invalid { found, .. } = ours.kind() {
            // serde words the expectation itself ("a string", "a sequence").
            assert!(
                matches!(derive.kind(), ErrorKind::TypeMismatch { found: f, .. } if f == found),
                "{ours} / {derive}"
            );
        } else {
            assert_eq!(ours.kind(), derive.kind(), "{ours} / {derive}");
        }
    }
}

#[test]
fn field_and_length_errors() {
    #[derive(Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Strict {
        a: u8,
        b: u8,
    }
    let e = from_slice::<Strict>(&[0x81, 0xa1, b'a', 1]).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (&ErrorKind::MissingField("b"), 0));
    assert_eq!(e.to_string(), r#"missing field "b" at $ (byte 0)"#);
    let e = from_slice::<Strict>(&[0x82, 0xa1, b'a', 1, 0xa1, b'z', 1]).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::UnknownField(Found::Str(Text::new("z"))));
    assert_eq!((e.offset(), e.path().to_string()), (4, "$[1]".to_string()));
    let e = from_slice::<Strict>(&[0x83, 0xa1, b'a', 1, 0xa1, b'b', 1, 0xa1, b'a', 2]).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::DuplicateField("a"));
    // Arrays: too short is serde's invalid length, too long ours.
    let e = from_slice::<(u8, u8)>(&[0x91, 1]).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::Invalid { found: Found::Array(1), .. }), "{e}");
    assert_eq!(e.to_string(), "expected a tuple of size 2, found array of 1 elements at $ (byte 0)");
    let e = from_slice::<(u8, u8)>(&[0x93, 1, 2, 3]).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::InvalidLength { expected: 2, found: 3 });
    let e = from_slice::<Strict>(&[0x93, 1, 2, 3]).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::InvalidLength { expected: 2, found: 3 });
    // An enum map of two entries.
    let e = from_slice::<E>(&[0x82, 0xa1, b'A', 0xc0, 0xa1, b'B', 0x01]).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::InvalidLength { expected: 1, found: 2 });
}

#[test]
fn custom_messages_keep_their_text_and_get_a_place() {
    #[derive(Deserialize, Debug)]
    #[serde(try_from = "u8")]
    struct Even(#[allow(dead_code)] u8);
    impl TryFrom<u8> for Even {
        type Error = String;
        fn try_from(v: u8) -> Result<Self, String> {
            if v.is_multiple_of(2) { Ok(Even(v)) } else { Err(format!("{v} is odd")) }
        }
    }
    let e = from_slice::<Vec<Even>>(&[0x93, 2, 4, 5]).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::Message(m) if m.as_str() == "5 is odd"));
    assert_eq!(e.to_string(), "5 is odd at $[2] (byte 3)");
    assert_eq!(e.path_segments().collect::<Vec<_>>(), [&Segment::Index(2)]);
    let e = from_slice::<Even>(&[0x03]).unwrap_err();
    assert_eq!(e.to_string(), "3 is odd at $ (byte 0)");
    // A NonZero given 0: the visitor's words, the item found.
    let e = from_slice::<std::num::NonZeroU8>(&[0x00]).unwrap_err();
    assert_eq!(e.to_string(), "expected a nonzero u8, found int 0 at $ (byte 0)");
}

#[test]
fn serializer_errors() {
    // A declared length that is not kept.
    struct Liar;
    impl Serialize for Liar {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            use serde::ser::SerializeSeq;
            let mut seq = s.serialize_seq(Some(2))?;
            seq.serialize_element(&1)?;
            seq.end()
        }
    }
    assert!(matches!(to_vec(&Liar), Err(Error::InvalidDataModel(_))));
    // The sink's error, and what is written before it.
    let mut buf = [0u8; 3];
    let e = msgpack_core::serde::to_slice(&("abc", 1), &mut buf).unwrap_err();
    assert!(matches!(e, Error::Encode(msgpack_core::encode::Error::Write(msgpack_core::encode::EndOfSlice))));
    // append_to_vec leaves the buffer as it was.
    let mut out = vec![1, 2];
    assert!(msgpack_core::serde::append_to_vec(&Liar, &mut out).is_err());
    assert_eq!(out, [1, 2]);
    // A std::io sink.
    let mut io = Vec::new();
    let mut ser = Serializer::new(msgpack_core::encode::IoWriter::new(&mut io));
    Point { x: 1, y: 2 }.serialize(&mut ser).unwrap();
    assert_eq!(io, [0x92, 1, 2]);
}

// ---- hostile input ---------------------------------------------------------------

use crate::common::rng;

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
enum Hostile<'a> {
    A(Vec<Hostile<'a>>),
    B { s: &'a str, n: Option<Box<Hostile<'a>>>, m: BTreeMap<String, i64> },
    C(#[serde(with = "serde_bytes")] Vec<u8>, f64, u128),
    D(Value),
    E(Untagged, Internal, Adjacent, Attrs),
    F,
}

#[test]
fn mutated_inputs_never_panic() {
    let seeds: Vec<Vec<u8>> = vec![
        to_vec(&(vec![E::A, E::D { x: 1, name: "n".into() }], Point { x: 1, y: 2 })).unwrap(),
        to_vec_named(&Attrs { user_id: 1, name: "x".into(), nick: Some("y".into()), extra: BTreeMap::new() }).unwrap(),
        to_vec(&(Untagged::Named { v: vec![1, 2] }, Internal::Move { x: 3 }, Adjacent::Two(1, "s".into()))).unwrap(),
        to_vec(&Ext((1, ByteBuf::from(vec![1, 2, 3])))).unwrap(),
        team(None, true),
        vec![
            0x81, 0xa1, b'A', 0x92, 0x81, 0xa1, b'F', 0xc0, 0x81, 0xa1, b'B', 0x83, 0xa1, b's', 0xa0, 0xa1, b'n', 0xc0,
            0xa1, b'm', 0x80,
        ],
    ];
    let mut rng = rng::Rng(0x5eed_5e7d);
    let opts = [DecodeOptions::new(), DecodeOptions::untrusted().max_depth(8).max_alloc(4096)];
    for round in 0..20_000 {
        let mut b = seeds[round % seeds.len()].clone();
        for _ in 0..1 + rng.below(4) {
            let i = rng.below(b.len());
            match rng.below(4) {
                0 => b[i] = rng.next() as u8,
                1 => b[i] ^= 1 << rng.below(8),
                2 => {
                    b.truncate(i);
                    if b.is_empty() {
                        b.push(0x91);
                    }
                }
                _ => b.insert(i, [0x91, 0x81, 0xdc, 0xc4, 0xd9, 0xc1, 0xff][rng.below(7)]),
            }
        }
        let o = &opts[round % 2];
        let _ = from_slice_with::<Hostile>(&b, o);
        let _ = from_slice_with::<Value>(&b, o);
        let _ = from_slice_with::<(Vec<E>, Point)>(&b, o);
        let _ = from_slice_with::<Team>(&b, o);
        // Whatever the core reads as a Value, our deserializer reads the
        // same (it reads more: a str that is not UTF-8 as bytes, as rmp-serde does).
        if let Ok(v) = msgpack_core::from_slice_with::<Value>(&b, o) {
            assert_eq!(from_slice_with::<Value>(&b, o), Ok(v));
        }
    }
}
