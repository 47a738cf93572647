//! Byte-identity with rmp-serde: each case defines one shape twice, once
//! with `#[derive(MsgPack)]` and once with serde's derives, fills both with
//! the same data and checks that
//! - our bytes equal `rmp_serde::to_vec_named` (map form) or
//!   `rmp_serde::to_vec` (our `#[msgpack(array)]`),
//! - `encoded_len` is exact,
//! - we decode rmp-serde's bytes and rmp-serde decodes ours, to equal data.
//!
//! Where a case cannot be byte-identical for a principled reason, a comment
//! says why and the test checks our documented behaviour instead.

use std::collections::BTreeMap;
use std::fmt::Debug;

use msgpack_core::{Decode, Encode, MsgPack};
use serde::{Deserialize, Serialize};

/// Our `T` decoded from `bytes` (the first argument only fixes the type).
fn ours_from<'de, T: Decode<'de>>(_: &T, bytes: &'de [u8]) -> T {
    msgpack_core::from_slice(bytes).unwrap_or_else(|e| panic!("msgpack-core could not decode rmp-serde's bytes: {e}"))
}

/// rmp-serde's `T` decoded from `bytes` (the first argument only fixes the type).
fn theirs_from<'de, T: Deserialize<'de>>(_: &T, bytes: &'de [u8]) -> T {
    rmp_serde::from_slice(bytes).unwrap_or_else(|e| panic!("rmp-serde could not decode our bytes: {e}"))
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Form {
    /// `rmp_serde::to_vec_named` against our default map form.
    Named,
    /// `rmp_serde::to_vec` against our `#[msgpack(array)]`.
    Array,
}
use Form::{Array, Named};

/// The four checks of one case. Returns our bytes.
fn same<O, S>(form: Form, ours: &O, theirs: &S) -> Vec<u8>
where
    O: Encode + for<'de> Decode<'de> + PartialEq + Debug,
    S: Serialize + for<'de> Deserialize<'de> + PartialEq + Debug,
{
    let (a, b) = bytes_of(form, ours, theirs);
    assert_eq!(&ours_from(ours, &b), ours, "{form:?}: our decode of rmp-serde's bytes");
    assert_eq!(&theirs_from(theirs, &a), theirs, "{form:?}: rmp-serde's decode of our bytes");
    a
}

/// Encodes both sides and checks byte-identity and `encoded_len`; returns
/// (ours, theirs) for the decode checks of borrowed cases.
fn bytes_of<O: Encode + Debug, S: Serialize + Debug>(form: Form, ours: &O, theirs: &S) -> (Vec<u8>, Vec<u8>) {
    let a = msgpack_core::to_vec(ours).unwrap();
    let b = match form {
        Named => rmp_serde::to_vec_named(theirs).unwrap(),
        Array => rmp_serde::to_vec(theirs).unwrap(),
    };
    assert_eq!(hex(&a), hex(&b), "{form:?}: bytes of ours {ours:?} vs rmp-serde {theirs:?}");
    assert_eq!(ours.encoded_len(), a.len(), "encoded_len of {ours:?}");
    (a, b)
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect::<Vec<_>>().join(" ")
}

// ---------------------------------------------------------------------------
// Primitives

mod ours_one {
    use msgpack_core::MsgPack;
    #[derive(MsgPack, PartialEq, Debug)]
    pub(crate) struct One<T> {
        pub(crate) v: T,
    }
    #[derive(MsgPack, PartialEq, Debug)]
    #[msgpack(array)]
    pub(crate) struct OneA<T> {
        pub(crate) v: T,
    }
}

mod theirs_one {
    use serde::{Deserialize, Serialize};
    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    pub(crate) struct One<T> {
        pub(crate) v: T,
    }
}

/// `{v: x}` in map form and `[x]` in array form, for each value.
fn one<T>(values: &[T])
where
    T: Encode + for<'de> Decode<'de> + Serialize + for<'de> Deserialize<'de> + PartialEq + Debug + Clone,
{
    for v in values {
        same(Named, &ours_one::One { v: v.clone() }, &theirs_one::One { v: v.clone() });
        same(Array, &ours_one::OneA { v: v.clone() }, &theirs_one::One { v: v.clone() });
    }
}

#[test]
fn unsigned_integers_at_every_boundary() {
    one::<u8>(&[0, 1, 127, 128, 255]);
    one::<u16>(&[0, 127, 128, 255, 256, 65535]);
    one::<u32>(&[0, 127, 128, 255, 256, 65535, 65536, u32::MAX]);
    one::<u64>(&[0, 127, 128, 255, 256, 65535, 65536, u32::MAX as u64, u32::MAX as u64 + 1, u64::MAX]);
    one::<usize>(&[0, 128, 65536, usize::MAX]);
}

#[test]
fn signed_integers_at_every_boundary() {
    one::<i8>(&[0, 1, 127, -1, -32, -33, -128]);
    one::<i16>(&[0, 127, 128, 255, 256, 32767, -1, -32, -33, -128, -129, -32768]);
    let i32s = [0, 127, 128, 255, 256, 65535, 65536, i32::MAX, -1, -32, -33, -128, -129, -32768, -32769, i32::MIN];
    one::<i32>(&i32s);
    let mut i64s: Vec<i64> = i32s.iter().map(|&v| v as i64).collect();
    i64s.extend([u32::MAX as i64, u32::MAX as i64 + 1, i64::MAX, i32::MIN as i64 - 1, i64::MIN]);
    one::<i64>(&i64s);
    one::<isize>(&[0, -1, -33, isize::MIN, isize::MAX]);
}

#[test]
fn floats_bools_chars_and_unit() {
    one::<f32>(&[0.0, -0.0, 1.5, f32::MAX, f32::MIN_POSITIVE, f32::INFINITY]);
    one::<f64>(&[0.0, -2.5, 1e300, f64::MIN_POSITIVE, f64::NEG_INFINITY]);
    one::<bool>(&[true, false]);
    one::<char>(&['a', 'é', '€', '😀']);
    one::<()>(&[()]);
}

/// Every width in one struct, at the top of its range.
#[test]
fn all_widths_in_one_struct() {
    #[derive(MsgPack, PartialEq, Debug)]
    struct Ours {
        a: u8,
        b: u16,
        c: u32,
        d: u64,
        e: i8,
        f: i16,
        g: i32,
        h: i64,
        i: f32,
        j: f64,
        k: bool,
        l: char,
    }
    #[derive(MsgPack, PartialEq, Debug)]
    #[msgpack(array)]
    struct OursA {
        a: u8,
        b: u16,
        c: u32,
        d: u64,
        e: i8,
        f: i16,
        g: i32,
        h: i64,
        i: f32,
        j: f64,
        k: bool,
        l: char,
    }
    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    struct Theirs {
        a: u8,
        b: u16,
        c: u32,
        d: u64,
        e: i8,
        f: i16,
        g: i32,
        h: i64,
        i: f32,
        j: f64,
        k: bool,
        l: char,
    }
    macro_rules! fill {
        ($t:ident, $hi:expr) => {
            if $hi {
                $t {
                    a: u8::MAX,
                    b: u16::MAX,
                    c: u32::MAX,
                    d: u64::MAX,
                    e: i8::MIN,
                    f: i16::MIN,
                    g: i32::MIN,
                    h: i64::MIN,
                    i: f32::MAX,
                    j: f64::MIN,
                    k: true,
                    l: '\u{10ffff}',
                }
            } else {
                $t {
                    a: 0,
                    b: 128,
                    c: 65536,
                    d: 1 << 32,
                    e: -32,
                    f: -129,
                    g: -32769,
                    h: -(1 << 31) - 1,
                    i: 0.5,
                    j: 0.25,
                    k: false,
                    l: 'x',
                }
            }
        };
    }
    for hi in [false, true] {
        same(Named, &fill!(Ours, hi), &fill!(Theirs, hi));
        same(Array, &fill!(OursA, hi), &fill!(Theirs, hi));
    }
}

/// Not byte-identical, by design: rmp-serde writes `u128`/`i128` as a
/// 16-byte `bin` (big-endian), msgpack-core writes them as a MessagePack
/// integer when they fit in 64 bits (and fails to encode otherwise), per its
/// type table. rmp-serde reads our integers back; a value written by
/// rmp-serde (`bin` 16) is not an integer to us.
#[test]
fn u128_is_an_integer_not_rmp_serde_bin16() {
    let ours = ours_one::One { v: 300u128 };
    let theirs = theirs_one::One { v: 300u128 };
    let a = msgpack_core::to_vec(&ours).unwrap();
    assert_eq!(a, [0x81, 0xa1, b'v', 0xcd, 0x01, 0x2c]);
    let b = rmp_serde::to_vec_named(&theirs).unwrap();
    assert_eq!(&b[..5], [0x81, 0xa1, b'v', 0xc4, 16]);
    assert_eq!(theirs_from(&theirs, &a), theirs);
    assert_eq!(
        theirs_from(&theirs_one::One { v: -5i128 }, &msgpack_core::to_vec(&ours_one::One { v: -5i128 }).unwrap()).v,
        -5
    );
    assert!(msgpack_core::from_slice::<ours_one::One<u128>>(&b).is_err());
}

// ---------------------------------------------------------------------------
// Strings and byte buffers

#[test]
fn strings_owned_at_every_length_boundary() {
    let lens = [0usize, 1, 31, 32, 255, 256, 65535, 65536];
    one::<String>(&lens.map(|n| "s".repeat(n)));
    one::<String>(&["héllo wörld ✓".to_owned()]);
}

#[test]
fn strings_borrowed() {
    #[derive(MsgPack, PartialEq, Debug)]
    struct Ours<'a> {
        name: &'a str,
        alias: Option<&'a str>,
    }
    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    struct Theirs<'a> {
        name: &'a str,
        alias: Option<&'a str>,
    }
    let long = "x".repeat(300);
    for (name, alias) in [("", None), ("ada", Some("countess")), (long.as_str(), Some(""))] {
        let ours = Ours { name, alias };
        let theirs = Theirs { name, alias };
        let (a, b) = bytes_of(Named, &ours, &theirs);
        assert_eq!(ours_from(&ours, &b), ours);
        assert_eq!(theirs_from(&theirs, &a), theirs);
    }
}

#[test]
fn byte_buffers_are_bin_like_serde_bytes() {
    #[derive(MsgPack, PartialEq, Debug)]
    struct Ours<'a> {
        owned: Vec<u8>,
        borrowed: &'a [u8],
        maybe: Option<Vec<u8>>,
    }
    #[derive(MsgPack, PartialEq, Debug)]
    #[msgpack(array)]
    struct OursA<'a> {
        owned: Vec<u8>,
        borrowed: &'a [u8],
        maybe: Option<Vec<u8>>,
    }
    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    struct Theirs<'a> {
        #[serde(with = "serde_bytes")]
        owned: Vec<u8>,
        #[serde(with = "serde_bytes")]
        borrowed: &'a [u8],
        #[serde(with = "serde_bytes")]
        maybe: Option<Vec<u8>>,
    }
    for n in [0usize, 1, 255, 256, 65535, 65536] {
        let data: Vec<u8> = (0..n).map(|i| i as u8).collect();
        for maybe in [None, Some(data[..n / 2].to_vec())] {
            let ours = Ours { owned: data.clone(), borrowed: &data, maybe: maybe.clone() };
            let theirs = Theirs { owned: data.clone(), borrowed: &data, maybe: maybe.clone() };
            let (a, b) = bytes_of(Named, &ours, &theirs);
            assert_eq!(ours_from(&ours, &b), ours);
            assert_eq!(theirs_from(&theirs, &a), theirs);
            let ours = OursA { owned: data.clone(), borrowed: &data, maybe };
            let (a, b) = bytes_of(Array, &ours, &theirs);
            assert_eq!(ours_from(&ours, &b), ours);
            assert_eq!(theirs_from(&theirs, &a), theirs);
        }
    }
}

/// Not byte-identical without `serde_bytes`: serde writes a plain `Vec<u8>`
/// as an array of integers, we always write `bin` (DESIGN section 3: no
/// attribute needed). We read serde's array form, so data still moves.
#[test]
fn plain_vec_u8_reads_serde_integer_arrays() {
    let theirs = theirs_one::One { v: vec![1u8, 200, 0] };
    let b = rmp_serde::to_vec_named(&theirs).unwrap();
    assert_eq!(b, [0x81, 0xa1, b'v', 0x93, 0x01, 0xcc, 200, 0x00]);
    let ours: ours_one::One<Vec<u8>> = msgpack_core::from_slice(&b).unwrap();
    assert_eq!(ours.v, theirs.v);
    let a = msgpack_core::to_vec(&ours).unwrap();
    assert_eq!(a, [0x81, 0xa1, b'v', 0xc4, 3, 1, 200, 0]);
    // serde's `Vec<u8>` visitor accepts bytes too.
    assert_eq!(theirs_from(&theirs, &a), theirs);
}

// ---------------------------------------------------------------------------
// Options, sequences, maps, nesting, generics

#[test]
fn options_vecs_and_maps() {
    #[derive(MsgPack, PartialEq, Debug, Clone)]
    struct Ours {
        some: Option<u32>,
        none: Option<String>,
        nums: Vec<i64>,
        words: Vec<String>,
        nested: Vec<Vec<u16>>,
        by_name: BTreeMap<String, u32>,
        by_id: BTreeMap<u32, String>,
        pair: (u8, String),
    }
    #[derive(MsgPack, PartialEq, Debug, Clone)]
    #[msgpack(array)]
    struct OursA {
        some: Option<u32>,
        none: Option<String>,
        nums: Vec<i64>,
        words: Vec<String>,
        nested: Vec<Vec<u16>>,
        by_name: BTreeMap<String, u32>,
        by_id: BTreeMap<u32, String>,
        pair: (u8, String),
    }
    #[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
    struct Theirs {
        some: Option<u32>,
        none: Option<String>,
        nums: Vec<i64>,
        words: Vec<String>,
        nested: Vec<Vec<u16>>,
        by_name: BTreeMap<String, u32>,
        by_id: BTreeMap<u32, String>,
        pair: (u8, String),
    }
    for n in [0usize, 1, 15, 16, 300] {
        let nums: Vec<i64> = (0..n as i64).map(|i| i * i * 1000 - 40).collect();
        let words: Vec<String> = (0..n).map(|i| format!("w{i}")).collect();
        let nested: Vec<Vec<u16>> = (0..n.min(20)).map(|i| (0..i as u16).collect()).collect();
        let by_name: BTreeMap<String, u32> = (0..n as u32).map(|i| (format!("k{i}"), i * 7)).collect();
        let by_id: BTreeMap<u32, String> = (0..n as u32).map(|i| (i * 1000, format!("v{i}"))).collect();
        let some = if n % 2 == 0 { Some(n as u32) } else { None };
        macro_rules! fill {
            ($t:ident) => {
                $t {
                    some,
                    none: None,
                    nums: nums.clone(),
                    words: words.clone(),
                    nested: nested.clone(),
                    by_name: by_name.clone(),
                    by_id: by_id.clone(),
                    pair: (n as u8, "p".into()),
                }
            };
        }
        same(Named, &fill!(Ours), &fill!(Theirs));
        same(Array, &fill!(OursA), &fill!(Theirs));
    }
}

#[test]
fn long_arrays_and_maps_use_32_bit_headers() {
    let big: Vec<u16> = (0..70_000u32).map(|i| i as u16).collect();
    one::<Vec<u16>>(&[big]);
    let map: BTreeMap<u32, bool> = (0..70_000u32).map(|i| (i, i % 3 == 0)).collect();
    one::<BTreeMap<u32, bool>>(&[map]);
}

#[test]
fn nested_structs_and_generics() {
    #[derive(MsgPack, PartialEq, Debug)]
    struct Wrapper<T> {
        inner: T,
        label: String,
    }
    #[derive(MsgPack, PartialEq, Debug)]
    struct Point {
        x: i32,
        y: i32,
    }
    #[derive(MsgPack, PartialEq, Debug)]
    struct Shape {
        name: String,
        points: Vec<Point>,
        center: Option<Point>,
        boxed: Box<Point>,
    }
    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    struct TWrapper<T> {
        inner: T,
        label: String,
    }
    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    struct TPoint {
        x: i32,
        y: i32,
    }
    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    struct TShape {
        name: String,
        points: Vec<TPoint>,
        center: Option<TPoint>,
        boxed: Box<TPoint>,
    }
    let ours = Wrapper {
        inner: Shape {
            name: "tri".into(),
            points: vec![Point { x: 0, y: 0 }, Point { x: -300, y: 70000 }, Point { x: 5, y: -5 }],
            center: Some(Point { x: 1, y: 1 }),
            boxed: Box::new(Point { x: i32::MIN, y: i32::MAX }),
        },
        label: "shape".into(),
    };
    let theirs = TWrapper {
        inner: TShape {
            name: "tri".into(),
            points: vec![TPoint { x: 0, y: 0 }, TPoint { x: -300, y: 70000 }, TPoint { x: 5, y: -5 }],
            center: Some(TPoint { x: 1, y: 1 }),
            boxed: Box::new(TPoint { x: i32::MIN, y: i32::MAX }),
        },
        label: "shape".into(),
    };
    same(Named, &ours, &theirs);
    same(Named, &Wrapper { inner: 7u8, label: String::new() }, &TWrapper { inner: 7u8, label: String::new() });
    same(
        Named,
        &Wrapper { inner: vec![Some(1u64), None], label: "v".into() },
        &TWrapper { inner: vec![Some(1u64), None], label: "v".into() },
    );
    same(
        Named,
        &Wrapper { inner: Wrapper { inner: (), label: "in".into() }, label: "out".into() },
        &TWrapper { inner: TWrapper { inner: (), label: "in".into() }, label: "out".into() },
    );
}

#[test]
fn nested_structs_in_array_form() {
    #[derive(MsgPack, PartialEq, Debug)]
    #[msgpack(array)]
    struct Inner {
        a: u8,
        b: Option<String>,
    }
    #[derive(MsgPack, PartialEq, Debug)]
    #[msgpack(array)]
    struct Outer {
        id: u64,
        inners: Vec<Inner>,
        tags: BTreeMap<String, Inner>,
    }
    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    struct TInner {
        a: u8,
        b: Option<String>,
    }
    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    struct TOuter {
        id: u64,
        inners: Vec<TInner>,
        tags: BTreeMap<String, TInner>,
    }
    let ours = Outer {
        id: 1 << 40,
        inners: vec![Inner { a: 1, b: None }, Inner { a: 200, b: Some("b".into()) }],
        tags: [("t".to_owned(), Inner { a: 3, b: None })].into(),
    };
    let theirs = TOuter {
        id: 1 << 40,
        inners: vec![TInner { a: 1, b: None }, TInner { a: 200, b: Some("b".into()) }],
        tags: [("t".to_owned(), TInner { a: 3, b: None })].into(),
    };
    same(Array, &ours, &theirs);
}

/// Header boundaries of the pre-encoded constants: 15/16 map and array
/// entries, and keys of 31/32 bytes (fixstr / str 8).
#[test]
fn header_boundaries_of_generated_constants() {
    macro_rules! wide {
        ($name:ident, $derive:meta, $($attr:meta)?) => {
            #[derive(PartialEq, Debug, Default)]
            #[$derive]
            $(#[$attr])?
            struct $name {
                f01: u8, f02: u8, f03: u8, f04: u8, f05: u8, f06: u8, f07: u8, f08: u8,
                f09: u8, f10: u8, f11: u8, f12: u8, f13: u8, f14: u8, f15: u8,
                f16: Option<u8>,
                this_field_name_is_thirty_one_b: u8,
                this_field_name_is_thirty_two_by: u8,
            }
        };
    }
    wide!(Ours, derive(MsgPack),);
    wide!(OursA, derive(MsgPack), msgpack(array));
    wide!(Theirs, derive(Serialize, Deserialize),);
    assert_eq!("this_field_name_is_thirty_two_by".len(), 32);
    let bytes = same(Named, &Ours::default(), &Theirs::default());
    assert_eq!(bytes[..3], [0xde, 0x00, 18]);
    same(Array, &OursA::default(), &Theirs::default());
}

/// With `omit_defaults` the entry count is computed at run time: 15 or 16
/// entries (fixmap or map 16) depending on the values.
#[test]
fn dynamic_map_header_at_the_fixmap_boundary() {
    #[derive(MsgPack, PartialEq, Debug, Default)]
    #[msgpack(omit_defaults)]
    #[rustfmt::skip]
    struct Ours {
        f01: u8, f02: u8, f03: u8, f04: u8, f05: u8, f06: u8, f07: u8, f08: u8,
        f09: u8, f10: u8, f11: u8, f12: u8, f13: u8, f14: u8, f15: u8,
        f16: Option<u8>,
    }
    #[derive(Serialize, Deserialize, PartialEq, Debug, Default)]
    #[rustfmt::skip]
    struct Theirs {
        f01: u8, f02: u8, f03: u8, f04: u8, f05: u8, f06: u8, f07: u8, f08: u8,
        f09: u8, f10: u8, f11: u8, f12: u8, f13: u8, f14: u8, f15: u8,
        #[serde(skip_serializing_if = "Option::is_none", default)]
        f16: Option<u8>,
    }
    assert_eq!(same(Named, &Ours::default(), &Theirs::default())[0], 0x8f);
    let ours = Ours { f16: Some(1), ..Ours::default() };
    let theirs = Theirs { f16: Some(1), ..Theirs::default() };
    assert_eq!(same(Named, &ours, &theirs)[..3], [0xde, 0x00, 16]);
}

// ---------------------------------------------------------------------------
// Tuple, newtype and unit structs

#[test]
fn tuple_and_newtype_structs() {
    #[derive(MsgPack, PartialEq, Debug)]
    struct Pair(u32, String);
    #[derive(MsgPack, PartialEq, Debug)]
    struct Meters(f64);
    #[derive(MsgPack, PartialEq, Debug)]
    struct Id(u64);
    #[derive(MsgPack, PartialEq, Debug)]
    struct Holder {
        pair: Pair,
        len: Meters,
        ids: Vec<Id>,
    }
    #[derive(MsgPack, PartialEq, Debug)]
    #[msgpack(array)]
    struct HolderA {
        pair: Pair,
        len: Meters,
        ids: Vec<Id>,
    }
    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    struct TPair(u32, String);
    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    struct TMeters(f64);
    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    struct TId(u64);
    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    struct THolder {
        pair: TPair,
        len: TMeters,
        ids: Vec<TId>,
    }
    let bytes = same(Named, &Pair(70000, "p".into()), &TPair(70000, "p".into()));
    assert_eq!(bytes, [0x92, 0xce, 0, 1, 0x11, 0x70, 0xa1, b'p']);
    // A newtype is its field (transparent), in both libraries.
    assert_eq!(same(Named, &Id(5), &TId(5)), [5]);
    assert_eq!(same(Array, &Meters(1.5), &TMeters(1.5)), msgpack_core::to_vec(&1.5f64).unwrap());
    let ours = Holder { pair: Pair(1, "a".into()), len: Meters(-0.5), ids: vec![Id(1), Id(u64::MAX)] };
    let theirs = THolder { pair: TPair(1, "a".into()), len: TMeters(-0.5), ids: vec![TId(1), TId(u64::MAX)] };
    same(Named, &ours, &theirs);
    let ours = HolderA { pair: Pair(1, "a".into()), len: Meters(-0.5), ids: vec![Id(1), Id(u64::MAX)] };
    same(Array, &ours, &theirs);
}

/// rmp-serde writes a unit struct as an empty array (`0x90`, its
/// `serialize_unit_struct`); so do we. Both also read `nil`.
#[test]
fn unit_struct_is_an_empty_array_and_reads_nil() {
    #[derive(MsgPack, PartialEq, Debug)]
    struct Marker;
    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    struct TMarker;
    let a = msgpack_core::to_vec(&Marker).unwrap();
    assert_eq!(a, [0x90]);
    assert_eq!(msgpack_core::from_slice::<Marker>(&[0xc0]).unwrap(), Marker);
    assert_eq!(rmp_serde::from_slice::<TMarker>(&[0xc0]).unwrap(), TMarker);
    assert_eq!(Marker.encoded_len(), 1);
    let b = rmp_serde::to_vec_named(&TMarker).unwrap();
    assert_eq!(b, [0x90]);
    assert_eq!(rmp_serde::to_vec(&TMarker).unwrap(), [0x90]);
    assert_eq!(msgpack_core::from_slice::<Marker>(&b).unwrap(), Marker);
    assert_eq!(msgpack_core::from_slice::<Marker>(&a).unwrap(), Marker);
    assert_eq!(rmp_serde::from_slice::<TMarker>(&a).unwrap(), TMarker);

    // Inside a struct too.
    #[derive(MsgPack, PartialEq, Debug)]
    struct Ours {
        m: Marker,
        n: u8,
    }
    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    struct Theirs {
        m: TMarker,
        n: u8,
    }
    let b = rmp_serde::to_vec_named(&Theirs { m: TMarker, n: 1 }).unwrap();
    assert_eq!(msgpack_core::from_slice::<Ours>(&b).unwrap(), Ours { m: Marker, n: 1 });
    let a = msgpack_core::to_vec(&Ours { m: Marker, n: 1 }).unwrap();
    assert_eq!(rmp_serde::from_slice::<Theirs>(&a).unwrap(), Theirs { m: TMarker, n: 1 });
}

// ---------------------------------------------------------------------------
// Renaming

#[test]
fn renamed_fields_and_camel_case() {
    #[derive(MsgPack, PartialEq, Debug)]
    #[msgpack(rename_all = "camelCase")]
    struct Ours {
        user_id: u64,
        display_name: String,
        #[msgpack(rename = "e-mail")]
        email_address: Option<String>,
        is_admin2: bool,
        r#type: u8,
        url_v2_path: String,
    }
    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    #[serde(rename_all = "camelCase")]
    struct Theirs {
        user_id: u64,
        display_name: String,
        #[serde(rename = "e-mail")]
        email_address: Option<String>,
        is_admin2: bool,
        r#type: u8,
        url_v2_path: String,
    }
    let bytes = same(
        Named,
        &Ours {
            user_id: 1,
            display_name: "Ada".into(),
            email_address: None,
            is_admin2: true,
            r#type: 2,
            url_v2_path: "/".into(),
        },
        &Theirs {
            user_id: 1,
            display_name: "Ada".into(),
            email_address: None,
            is_admin2: true,
            r#type: 2,
            url_v2_path: "/".into(),
        },
    );
    let text = String::from_utf8_lossy(&bytes);
    for key in ["userId", "displayName", "e-mail", "isAdmin2", "type", "urlV2Path"] {
        assert!(text.contains(key), "{key} in {text:?}");
    }
}

/// Every `rename_all` rule, on fields and on variant names, against serde's.
#[test]
fn rename_all_rules_match_serde() {
    macro_rules! rule {
        ($rule:literal) => {{
            #[derive(MsgPack, PartialEq, Debug)]
            #[msgpack(rename_all = $rule)]
            struct Ours {
                created_by: u8,
                x: u8,
                url_v2: u8,
            }
            #[derive(Serialize, Deserialize, PartialEq, Debug)]
            #[serde(rename_all = $rule)]
            struct Theirs {
                created_by: u8,
                x: u8,
                url_v2: u8,
            }
            #[derive(MsgPack, PartialEq, Debug)]
            #[msgpack(rename_all = $rule)]
            enum OursE {
                ReadWrite,
                A,
                HttpV2Server,
            }
            #[derive(Serialize, Deserialize, PartialEq, Debug)]
            #[serde(rename_all = $rule)]
            enum TheirsE {
                ReadWrite,
                A,
                HttpV2Server,
            }
            same(Named, &Ours { created_by: 1, x: 2, url_v2: 3 }, &Theirs { created_by: 1, x: 2, url_v2: 3 });
            same(Named, &OursE::ReadWrite, &TheirsE::ReadWrite);
            same(Named, &OursE::A, &TheirsE::A);
            same(Named, &OursE::HttpV2Server, &TheirsE::HttpV2Server);
        }};
    }
    rule!("lowercase");
    rule!("UPPERCASE");
    rule!("PascalCase");
    rule!("camelCase");
    rule!("snake_case");
    rule!("SCREAMING_SNAKE_CASE");
    rule!("kebab-case");
    rule!("SCREAMING-KEBAB-CASE");
}

// ---------------------------------------------------------------------------
// Enums

#[test]
fn unit_only_enums_are_strings() {
    #[derive(MsgPack, PartialEq, Debug, Clone, Copy)]
    enum Color {
        Red,
        Green,
        #[msgpack(rename = "bleu")]
        Blue,
    }
    #[derive(Serialize, Deserialize, PartialEq, Debug, Clone, Copy)]
    enum TColor {
        Red,
        Green,
        #[serde(rename = "bleu")]
        Blue,
    }
    #[derive(MsgPack, PartialEq, Debug)]
    struct Ours {
        color: Color,
        palette: Vec<Color>,
    }
    #[derive(MsgPack, PartialEq, Debug)]
    #[msgpack(array)]
    struct OursA {
        color: Color,
        palette: Vec<Color>,
    }
    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    struct Theirs {
        color: TColor,
        palette: Vec<TColor>,
    }
    assert_eq!(same(Named, &Color::Red, &TColor::Red), b"\xa3Red");
    assert_eq!(same(Array, &Color::Blue, &TColor::Blue), b"\xa4bleu");
    let ours = Ours { color: Color::Green, palette: vec![Color::Red, Color::Blue] };
    let theirs = Theirs { color: TColor::Green, palette: vec![TColor::Red, TColor::Blue] };
    same(Named, &ours, &theirs);
    same(Array, &OursA { color: Color::Green, palette: vec![Color::Red, Color::Blue] }, &theirs);
}

mod ext {
    use msgpack_core::MsgPack;
    use serde::{Deserialize, Serialize};

    #[derive(MsgPack, PartialEq, Debug, Clone)]
    pub(crate) struct Inner {
        pub(crate) a: u8,
        pub(crate) b: String,
    }
    #[derive(MsgPack, PartialEq, Debug, Clone)]
    #[msgpack(array)]
    pub(crate) struct InnerA {
        pub(crate) a: u8,
        pub(crate) b: String,
    }
    #[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
    pub(crate) struct TInner {
        pub(crate) a: u8,
        pub(crate) b: String,
    }

    #[derive(MsgPack, PartialEq, Debug, Clone)]
    pub(crate) enum Msg {
        Ping,
        Text(String),
        Move(i32, i32, Option<u8>),
        Login {
            user: String,
            token: Option<Vec<u8>>,
            tries: u8,
        },
        Nested(Inner),
        Empty {},
        #[msgpack(rename = "renamed")]
        Other(Vec<u16>),
    }
    /// `array` applies to this enum's struct variants; `Nested` holds an
    /// array-form struct because rmp-serde's `to_vec` writes every struct
    /// as an array, while our form is chosen per type.
    #[derive(MsgPack, PartialEq, Debug, Clone)]
    #[msgpack(array)]
    pub(crate) enum MsgA {
        Ping,
        Text(String),
        Move(i32, i32, Option<u8>),
        Login {
            user: String,
            token: Option<Vec<u8>>,
            tries: u8,
        },
        Nested(InnerA),
        Empty {},
        #[msgpack(rename = "renamed")]
        Other(Vec<u16>),
    }
    #[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
    pub(crate) enum TMsg {
        Ping,
        Text(String),
        Move(i32, i32, Option<u8>),
        Login {
            user: String,
            #[serde(with = "serde_bytes")]
            token: Option<Vec<u8>>,
            tries: u8,
        },
        Nested(TInner),
        Empty {},
        #[serde(rename = "renamed")]
        Other(Vec<u16>),
    }
}

/// serde's default (externally tagged): a unit variant is its name (rmp-serde
/// writes a `str`, not `{name: nil}`), the others `{name: payload}`; a
/// struct variant's payload is a map with `to_vec_named` and an array with
/// `to_vec`.
#[test]
fn externally_tagged_enums() {
    use ext::*;
    macro_rules! cases {
        ($m:ident, $i:ident) => {
            [
                $m::Ping,
                $m::Text("hi".into()),
                $m::Move(-1, 70000, None),
                $m::Move(0, 0, Some(255)),
                $m::Login { user: "ada".into(), token: Some(vec![1, 2, 3]), tries: 3 },
                $m::Login { user: "bob".into(), token: None, tries: 0 },
                $m::Nested($i { a: 9, b: "nine".into() }),
                $m::Empty {},
                $m::Other(vec![1, 1000]),
            ]
        };
    }
    let ours = cases!(Msg, Inner);
    let ours_a = cases!(MsgA, InnerA);
    let theirs = cases!(TMsg, TInner);
    for ((o, oa), t) in ours.iter().zip(&ours_a).zip(&theirs) {
        same(Named, o, t);
        same(Array, oa, t);
    }
    assert_eq!(msgpack_core::to_vec(&Msg::Ping).unwrap(), b"\xa4Ping");
    assert_eq!(msgpack_core::to_vec(&Msg::Text("hi".into())).unwrap(), b"\x81\xa4Text\xa2hi");
    assert_eq!(msgpack_core::to_vec(&Msg::Empty {}).unwrap(), b"\x81\xa5Empty\x80");
    assert_eq!(msgpack_core::to_vec(&MsgA::Empty {}).unwrap(), b"\x81\xa5Empty\x90");
    // As a field and in a Vec.
    #[derive(MsgPack, PartialEq, Debug)]
    struct Log {
        msgs: Vec<Msg>,
        last: Option<Msg>,
    }
    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    struct TLog {
        msgs: Vec<TMsg>,
        last: Option<TMsg>,
    }
    same(
        Named,
        &Log { msgs: ours.to_vec(), last: Some(Msg::Ping) },
        &TLog { msgs: theirs.to_vec(), last: Some(TMsg::Ping) },
    );
    // A unit variant written the long way, `{"Ping": nil}`, also reads.
    assert_eq!(msgpack_core::from_slice::<Msg>(b"\x81\xa4Ping\xc0").unwrap(), Msg::Ping);
    assert_eq!(rmp_serde::from_slice::<TMsg>(b"\x81\xa4Ping\xc0").unwrap(), TMsg::Ping);
}

#[test]
fn generic_enum() {
    #[derive(MsgPack, PartialEq, Debug)]
    enum Either<L, R> {
        Left(L),
        Right(R),
        Both { l: L, r: R },
    }
    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    enum TEither<L, R> {
        Left(L),
        Right(R),
        Both { l: L, r: R },
    }
    same(Named, &Either::<u8, String>::Left(1), &TEither::<u8, String>::Left(1));
    same(Named, &Either::<u8, String>::Right("r".into()), &TEither::<u8, String>::Right("r".into()));
    same(Named, &Either::Both { l: vec![1u16], r: Some(2i8) }, &TEither::Both { l: vec![1u16], r: Some(2i8) });
}

mod internal {
    use msgpack_core::MsgPack;
    use serde::{Deserialize, Serialize};

    #[derive(MsgPack, PartialEq, Debug, Clone)]
    pub(crate) struct Circle {
        pub(crate) radius: f64,
        pub(crate) label: Option<String>,
    }
    #[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
    pub(crate) struct TCircle {
        pub(crate) radius: f64,
        pub(crate) label: Option<String>,
    }

    #[derive(MsgPack, PartialEq, Debug, Clone)]
    #[msgpack(tag = "type")]
    pub(crate) enum Shape {
        Square {
            side: u32,
        },
        Rect {
            w: u32,
            h: u32,
            name: String,
        },
        Point,
        Circle(Circle),
        #[msgpack(rename = "tri")]
        Triangle {
            sides: (u8, u8, u8),
        },
    }
    #[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
    #[serde(tag = "type")]
    pub(crate) enum TShape {
        Square {
            side: u32,
        },
        Rect {
            w: u32,
            h: u32,
            name: String,
        },
        Point,
        Circle(TCircle),
        #[serde(rename = "tri")]
        Triangle {
            sides: (u8, u8, u8),
        },
    }
}

/// serde's internally tagged enums write the tag first: `{"type": "Rect",
/// "w": .., ..}`; a unit variant is `{"type": "Point"}`; a newtype variant
/// of a struct puts the tag before the struct's fields. Ours match.
#[test]
fn internally_tagged_enums() {
    use internal::*;
    let ours = [
        Shape::Square { side: 3 },
        Shape::Rect { w: 1, h: 70000, name: "r".into() },
        Shape::Point,
        Shape::Circle(Circle { radius: 0.5, label: None }),
        Shape::Circle(Circle { radius: 2.0, label: Some("c".into()) }),
        Shape::Triangle { sides: (3, 4, 5) },
    ];
    let theirs = [
        TShape::Square { side: 3 },
        TShape::Rect { w: 1, h: 70000, name: "r".into() },
        TShape::Point,
        TShape::Circle(TCircle { radius: 0.5, label: None }),
        TShape::Circle(TCircle { radius: 2.0, label: Some("c".into()) }),
        TShape::Triangle { sides: (3, 4, 5) },
    ];
    for (o, t) in ours.iter().zip(&theirs) {
        same(Named, o, t);
    }
    assert_eq!(msgpack_core::to_vec(&Shape::Point).unwrap(), b"\x81\xa4type\xa5Point");
    assert_eq!(msgpack_core::to_vec(&Shape::Square { side: 3 }).unwrap(), b"\x82\xa4type\xa6Square\xa4side\x03");
    #[derive(MsgPack, PartialEq, Debug)]
    struct Drawing {
        shapes: Vec<Shape>,
    }
    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    struct TDrawing {
        shapes: Vec<TShape>,
    }
    same(Named, &Drawing { shapes: ours.to_vec() }, &TDrawing { shapes: theirs.to_vec() });
}

// ---------------------------------------------------------------------------
// skip, default, skip_if, omit_defaults

fn is_zero(v: &u32) -> bool {
    *v == 0
}

fn seven() -> u32 {
    7
}

#[test]
fn skip_default_and_skip_if() {
    #[derive(MsgPack, PartialEq, Debug)]
    struct Ours {
        id: u32,
        #[msgpack(skip)]
        cache: Option<String>,
        #[msgpack(default)]
        retries: u8,
        #[msgpack(default = "seven")]
        level: u32,
        #[msgpack(skip_if = "is_zero", default)]
        count: u32,
        #[msgpack(skip_if = "Option::is_none")]
        note: Option<String>,
        #[msgpack(skip_if = "Vec::is_empty", default)]
        tags: Vec<String>,
    }
    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    struct Theirs {
        id: u32,
        #[serde(skip)]
        cache: Option<String>,
        #[serde(default)]
        retries: u8,
        #[serde(default = "seven")]
        level: u32,
        #[serde(skip_serializing_if = "is_zero", default)]
        count: u32,
        #[serde(skip_serializing_if = "Option::is_none")]
        note: Option<String>,
        #[serde(skip_serializing_if = "Vec::is_empty", default)]
        tags: Vec<String>,
    }
    // `cache` is never written, so it comes back as `None` on both sides.
    let bytes = same(
        Named,
        &Ours { id: 1, cache: None, retries: 0, level: 7, count: 0, note: None, tags: vec![] },
        &Theirs { id: 1, cache: None, retries: 0, level: 7, count: 0, note: None, tags: vec![] },
    );
    assert_eq!(bytes, b"\x83\xa2id\x01\xa7retries\x00\xa5level\x07");
    same(
        Named,
        &Ours { id: 2, cache: None, retries: 1, level: 8, count: 5, note: Some("n".into()), tags: vec!["t".into()] },
        &Theirs { id: 2, cache: None, retries: 1, level: 8, count: 5, note: Some("n".into()), tags: vec!["t".into()] },
    );
    // A skipped field's value is not written and comes back as its default.
    let ours = Ours { id: 3, cache: Some("c".into()), retries: 0, level: 7, count: 0, note: None, tags: vec![] };
    let theirs = Theirs { id: 3, cache: Some("c".into()), retries: 0, level: 7, count: 0, note: None, tags: vec![] };
    let (a, _) = bytes_of(Named, &ours, &theirs);
    assert_eq!(msgpack_core::from_slice::<Ours>(&a).unwrap().cache, None);
    // Defaults fill in absent fields on both sides.
    let minimal = b"\x81\xa2id\x09";
    let o: Ours = msgpack_core::from_slice(minimal).unwrap();
    let t: Theirs = rmp_serde::from_slice(minimal).unwrap();
    assert_eq!((o.retries, o.level, o.count, o.note.as_deref(), o.tags.len()), (0, 7, 0, None, 0));
    assert_eq!((t.retries, t.level, t.count, t.note.as_deref(), t.tags.len()), (0, 7, 0, None, 0));
}

/// `skip` in array form: the field has no position, like `#[serde(skip)]`
/// with `to_vec`.
#[test]
fn skip_in_array_form() {
    #[derive(MsgPack, PartialEq, Debug)]
    #[msgpack(array)]
    struct Ours {
        a: u8,
        #[msgpack(skip)]
        b: u8,
        c: String,
    }
    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    struct Theirs {
        a: u8,
        #[serde(skip)]
        b: u8,
        c: String,
    }
    assert_eq!(
        same(Array, &Ours { a: 1, b: 0, c: "c".into() }, &Theirs { a: 1, b: 0, c: "c".into() }),
        b"\x92\x01\xa1c"
    );
}

/// msgspec's `omit_defaults` is serde's `skip_serializing_if` on every
/// defaulted field.
#[test]
fn omit_defaults_equals_skip_serializing_if() {
    #[derive(MsgPack, PartialEq, Debug)]
    #[msgpack(omit_defaults)]
    struct Ours {
        name: String,
        nick: Option<String>,
        #[msgpack(default)]
        score: i32,
        #[msgpack(default = "seven")]
        level: u32,
        always: Option<u8>,
    }
    fn is_seven(v: &u32) -> bool {
        *v == 7
    }
    fn is_zero_i(v: &i32) -> bool {
        *v == 0
    }
    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    struct Theirs {
        name: String,
        #[serde(skip_serializing_if = "Option::is_none", default)]
        nick: Option<String>,
        #[serde(skip_serializing_if = "is_zero_i", default)]
        score: i32,
        #[serde(skip_serializing_if = "is_seven", default = "seven")]
        level: u32,
        #[serde(skip_serializing_if = "Option::is_none", default)]
        always: Option<u8>,
    }
    let bytes = same(
        Named,
        &Ours { name: "n".into(), nick: None, score: 0, level: 7, always: None },
        &Theirs { name: "n".into(), nick: None, score: 0, level: 7, always: None },
    );
    assert_eq!(bytes, b"\x81\xa4name\xa1n");
    same(
        Named,
        &Ours { name: "n".into(), nick: Some("k".into()), score: -1, level: 8, always: Some(0) },
        &Theirs { name: "n".into(), nick: Some("k".into()), score: -1, level: 8, always: Some(0) },
    );
}

// ---------------------------------------------------------------------------
// The attributes of the "Serde parity" issue, one section each.

#[path = "rmp_serde/flatten.rs"]
mod flatten;
#[path = "rmp_serde/nesting.rs"]
mod nesting;
#[path = "rmp_serde/serde_field.rs"]
mod serde_field;
#[path = "rmp_serde/serde_parity.rs"]
mod serde_parity;
#[path = "rmp_serde/spellings.rs"]
mod spellings;
#[path = "rmp_serde/tagging.rs"]
mod tagging;
