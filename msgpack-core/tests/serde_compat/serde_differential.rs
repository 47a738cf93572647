//! `msgpack_core::serde` against rmp-serde 1.3, value by value:
//! - thousands of seeded random values of a serde type that reaches every
//!   item of the data model (enums of every kind, structs, tuples,
//!   options, every integer width, floats, chars, strings, bytes, maps,
//!   sequences, ext items, internally / adjacently tagged and untagged
//!   enums, flattened fields), serialized by both crates in both struct
//!   forms byte for byte, and each crate's bytes read by the other;
//! - random `Value`s, through both crates and the core's `to_vec`;
//! - the derive-interop matrix: types deriving both `MsgPack` and serde's
//!   traits (the shapes of `msgpack-derive/tests/rmp_serde.rs`), where the
//!   derive's bytes, this format's and rmp-serde's are one, and each reads
//!   the others'.
#![cfg(all(feature = "serde", feature = "derive"))]

use std::collections::BTreeMap;
use std::fmt::Debug;

use msgpack_core::serde::{from_slice, to_vec, to_vec_named};
use msgpack_core::{Decode, Encode, MsgPack, Value};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_bytes::ByteBuf;

use crate::common::rng;
use rng::Rng;

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect::<Vec<_>>().join(" ")
}

/// Both crates write `v` alike in both forms, and read each other's bytes
/// (and their own) back to `v`. Returns the two encodings.
fn check<T: Serialize + DeserializeOwned + PartialEq + Debug>(v: &T) -> [Vec<u8>; 2] {
    let forms = [
        (to_vec(v).unwrap(), rmp_serde::to_vec(v).unwrap()),
        (to_vec_named(v).unwrap(), rmp_serde::to_vec_named(v).unwrap()),
    ];
    for (ours, theirs) in &forms {
        assert_eq!(hex(ours), hex(theirs), "bytes of {v:?}");
        let back: T = from_slice(theirs).unwrap_or_else(|e| panic!("we could not read rmp-serde's {v:?}: {e}"));
        assert_eq!(&back, v);
        let back: T = rmp_serde::from_slice(ours).unwrap_or_else(|e| panic!("rmp-serde could not read our {v:?}: {e}"));
        assert_eq!(&back, v);
    }
    forms.map(|(ours, _)| ours)
}

// ---- a random tree over the whole data model --------------------------------------

#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
struct Unit;

#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
struct Meters(f64);

#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
struct Pair(i16, String);

#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
struct Record {
    id: u32,
    name: String,
    child: Option<Box<Node>>,
    tags: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    note: Option<String>,
}

#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
#[serde(rename = "_ExtStruct")]
struct Ext((i8, ByteBuf));

#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
enum Color {
    DeepRed,
    Green,
    #[serde(rename = "b")]
    Blue,
}

#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
#[serde(tag = "kind")]
enum Internal {
    Start,
    Move { dx: i32, dy: i32 },
    Named(Inner),
}

#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
struct Inner {
    label: String,
    weight: u16,
}

#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
#[serde(tag = "t", content = "c")]
enum Adjacent {
    Num(i64),
    Words(Vec<String>),
    Both(u8, bool),
}

/// Untagged variants whose forms cannot be mistaken for one another.
#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
#[serde(untagged)]
enum Untagged {
    Flag(bool),
    Count(u64),
    Text(String),
    Point { x: i32, y: i32 },
}

#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
struct Flat {
    id: u8,
    #[serde(flatten)]
    inner: Inner,
    #[serde(flatten)]
    rest: BTreeMap<String, i32>,
}

#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
enum Node {
    Unit,
    Bool(bool),
    U8(u8),
    U16(u16),
    U32(u32),
    U64(u64),
    I8(i8),
    I16(i16),
    I32(i32),
    I64(i64),
    U128(u128),
    I128(i128),
    F32(f32),
    F64(f64),
    Char(char),
    Str(String),
    Bytes(#[serde(with = "serde_bytes")] Vec<u8>),
    Ints(Vec<u8>),
    Opt(Option<Box<Node>>),
    Seq(Vec<Node>),
    Map(BTreeMap<String, Node>),
    IntMap(BTreeMap<i64, Node>),
    Tuple(i32, Box<Node>),
    Triple((u8, Option<bool>, Color)),
    Rec(Record),
    StructVariant { a: Option<u64>, b: Vec<Node> },
    Meters(Meters),
    Pair(Pair),
    Marker(Unit),
    Ext(Ext),
    Color(Color),
    Internal(Internal),
    Adjacent(Adjacent),
    Untagged(Untagged),
    Flat(Flat),
}

impl Rng {
    fn string(&mut self) -> String {
        let len = [0, 1, 5, 31, 32, 40, 255, 256, 300][self.below(9)];
        let alphabet = ['a', 'Z', '0', ' ', 'é', '€', '😀', '\n', '"'];
        (0..len).map(|_| alphabet[self.below(alphabet.len())]).collect()
    }

    fn bytes(&mut self) -> Vec<u8> {
        let len = [0, 1, 2, 4, 8, 15, 16, 17, 255, 256][self.below(10)];
        (0..len).map(|_| self.next() as u8).collect()
    }

    /// An integer near one of the encoding boundaries of its width.
    fn edge(&mut self) -> u64 {
        let e = [0u64, 1, 31, 32, 127, 128, 255, 256, 65535, 65536, u32::MAX as u64, u32::MAX as u64 + 1, u64::MAX];
        let v = e[self.below(e.len())];
        match self.below(3) {
            0 => v,
            1 => v.wrapping_add(self.below(3) as u64),
            _ => self.next() >> self.below(64),
        }
    }

    fn finite_f64(&mut self) -> f64 {
        let v = f64::from_bits(self.next());
        if v.is_finite() { v } else { self.below(1000) as f64 - 500.5 }
    }

    fn inner(&mut self) -> Inner {
        Inner { label: self.string(), weight: self.edge() as u16 }
    }

    fn color(&mut self) -> Color {
        [Color::DeepRed, Color::Green, Color::Blue][self.below(3)].clone()
    }

    fn node(&mut self, depth: u32) -> Node {
        let leaf = depth == 0;
        match self.below(if leaf { 18 } else { 35 }) {
            0 => Node::Unit,
            1 => Node::Bool(self.below(2) == 0),
            2 => Node::U8(self.edge() as u8),
            3 => Node::U16(self.edge() as u16),
            4 => Node::U32(self.edge() as u32),
            5 => Node::U64(self.edge()),
            6 => Node::I8(self.edge() as i8),
            7 => Node::I16(self.edge() as i16),
            8 => Node::I32(self.edge() as i32),
            9 => Node::I64(self.edge() as i64),
            10 => Node::U128(u128::from(self.next()) << self.below(65)),
            11 => Node::I128((i128::from(self.next() as i64)) << self.below(64)),
            12 => Node::F32(self.finite_f64() as f32),
            13 => Node::F64(self.finite_f64()),
            14 => Node::Char(char::from_u32(self.below(0x11_0000) as u32).unwrap_or('x')),
            15 => Node::Str(self.string()),
            16 => Node::Bytes(self.bytes()),
            17 => Node::Color(self.color()),
            18 => Node::Ints(self.bytes()),
            19 => Node::Opt(if self.below(3) == 0 { None } else { Some(Box::new(self.node(depth - 1))) }),
            20 => Node::Seq((0..self.below(18)).map(|_| self.node(depth - 1)).collect()),
            21 => Node::Map((0..self.below(18)).map(|_| (self.string(), self.node(depth - 1))).collect()),
            22 => Node::IntMap((0..self.below(5)).map(|_| (self.edge() as i64, self.node(depth - 1))).collect()),
            23 => Node::Tuple(self.edge() as i32, Box::new(self.node(depth - 1))),
            24 => Node::Triple((self.edge() as u8, [None, Some(true), Some(false)][self.below(3)], self.color())),
            25 => Node::Rec(Record {
                id: self.edge() as u32,
                name: self.string(),
                child: if self.below(2) == 0 { None } else { Some(Box::new(self.node(depth - 1))) },
                tags: (0..self.below(4)).map(|_| self.string()).collect(),
                note: if self.below(2) == 0 { None } else { Some(self.string()) },
            }),
            26 => Node::StructVariant {
                a: if self.below(2) == 0 { None } else { Some(self.edge()) },
                b: (0..self.below(4)).map(|_| self.node(depth - 1)).collect(),
            },
            27 => Node::Meters(Meters(self.finite_f64())),
            28 => Node::Pair(Pair(self.edge() as i16, self.string())),
            29 => Node::Marker(Unit),
            30 => Node::Ext(Ext((self.next() as i8, ByteBuf::from(self.bytes())))),
            31 => Node::Internal(match self.below(3) {
                0 => Internal::Start,
                1 => Internal::Move { dx: self.edge() as i32, dy: -(self.below(100) as i32) },
                _ => Internal::Named(self.inner()),
            }),
            32 => Node::Adjacent(match self.below(3) {
                0 => Adjacent::Num(self.edge() as i64),
                1 => Adjacent::Words((0..self.below(4)).map(|_| self.string()).collect()),
                _ => Adjacent::Both(self.edge() as u8, self.below(2) == 0),
            }),
            33 => Node::Untagged(match self.below(4) {
                0 => Untagged::Flag(self.below(2) == 0),
                1 => Untagged::Count(self.edge()),
                2 => Untagged::Text(self.string()),
                _ => Untagged::Point { x: self.edge() as i32, y: self.edge() as i32 },
            }),
            _ => Node::Flat(Flat {
                id: self.edge() as u8,
                inner: self.inner(),
                rest: (0..self.below(4)).map(|_| (format!("x{}", self.string()), self.edge() as i32)).collect(),
            }),
        }
    }
}

/// Whether `n` holds an untagged struct variant, which serde reads back
/// from the map form only (it buffers untagged content and matches a
/// struct to maps): in the array form both crates write the same bytes and
/// refuse them alike.
fn array_form_unreadable(n: &Node) -> bool {
    match n {
        Node::Untagged(Untagged::Point { .. }) => true,
        Node::Opt(Some(n)) | Node::Tuple(_, n) => array_form_unreadable(n),
        Node::Seq(v) | Node::StructVariant { b: v, .. } => v.iter().any(array_form_unreadable),
        Node::Map(m) => m.values().any(array_form_unreadable),
        Node::IntMap(m) => m.values().any(array_form_unreadable),
        Node::Rec(r) => r.child.as_deref().is_some_and(array_form_unreadable),
        _ => false,
    }
}

#[test]
fn random_serde_values_through_both_crates() {
    let mut rng = Rng(0x00c0_ffee_1234_5678);
    let mut total = 0;
    for seed in 0..3000u32 {
        let node = rng.node(1 + seed % 4);
        if array_form_unreadable(&node) {
            // Same bytes in both forms, same reading of the map form, and
            // the array form refused by both.
            let array = to_vec(&node).unwrap();
            assert_eq!(hex(&array), hex(&rmp_serde::to_vec(&node).unwrap()), "bytes of {node:?}");
            assert!(from_slice::<Node>(&array).is_err() && rmp_serde::from_slice::<Node>(&array).is_err());
            let named = to_vec_named(&node).unwrap();
            assert_eq!(hex(&named), hex(&rmp_serde::to_vec_named(&node).unwrap()), "bytes of {node:?}");
            assert_eq!(from_slice::<Node>(&named).unwrap(), node);
            assert_eq!(rmp_serde::from_slice::<Node>(&named).unwrap(), node);
        } else {
            let [array, _] = check(&node);
            // Whatever the core reads, the serde format reads the same way.
            let core: Value = msgpack_core::from_slice(&array).unwrap();
            assert_eq!(from_slice::<Value>(&array).unwrap(), core, "{node:?}");
        }
        total += 1;
    }
    assert!(total >= 3000);
}

// ---- random Values ---------------------------------------------------------------

impl Rng {
    fn value(&mut self, depth: u32) -> Value {
        match self.below(if depth == 0 { 9 } else { 11 }) {
            0 => Value::Nil,
            1 => Value::from(self.below(2) == 0),
            2 => Value::from(self.edge()),
            3 => Value::from(-(self.edge() as i64).wrapping_abs()),
            4 => Value::F32(self.finite_f64() as f32),
            5 => Value::F64(f64::from_bits(self.next())),
            6 => Value::from(self.string()),
            7 => Value::from(self.bytes()),
            8 => Value::from(msgpack_core::Ext::new(self.next() as i8, self.bytes())),
            9 => Value::Array((0..self.below(20)).map(|_| self.value(depth - 1)).collect()),
            _ => Value::Map((0..self.below(20)).map(|_| (self.value(depth - 1), self.value(depth - 1))).collect()),
        }
    }
}

use crate::common::same;

#[test]
fn random_values_through_both_crates() {
    let mut rng = Rng(0x0bad_cafe_0000_0001);
    for seed in 0..1500u32 {
        let v = rng.value(seed % 4);
        let core = msgpack_core::to_vec(&v).unwrap();
        let ours = to_vec(&v).unwrap();
        assert_eq!(hex(&ours), hex(&core), "{v}");
        assert_eq!(hex(&ours), hex(&rmp_serde::to_vec(&v).unwrap()), "{v}");
        let back: Value = from_slice(&ours).unwrap();
        assert!(same::same(&back, &v), "{back} != {v}");
        let theirs: Value = rmp_serde::from_slice(&ours).unwrap();
        assert!(same::same(&theirs, &v), "{theirs} != {v}");
        // rmpv, rmp-serde's own dynamic value, reads our bytes and writes them back.
        let rv: rmpv::Value = from_slice(&ours).unwrap();
        assert_eq!(hex(&rmp_serde::to_vec(&rv).unwrap()), hex(&ours));
    }
}

// ---- the derive-interop matrix -----------------------------------------------------

/// `v` by the derive (`MsgPack`), this format and rmp-serde in the given
/// form (the derive's map form against `to_vec_named`, `#[msgpack(array)]`
/// against `to_vec`): the same bytes, and each reads the others'.
fn triple<T>(v: &T, named: bool) -> Vec<u8>
where
    T: Encode + for<'de> Decode<'de> + Serialize + DeserializeOwned + PartialEq + Debug,
{
    let derive = msgpack_core::to_vec(v).unwrap();
    let (ours, theirs) = if named {
        (to_vec_named(v).unwrap(), rmp_serde::to_vec_named(v).unwrap())
    } else {
        (to_vec(v).unwrap(), rmp_serde::to_vec(v).unwrap())
    };
    assert_eq!(hex(&ours), hex(&theirs), "serde format vs rmp-serde: {v:?}");
    assert_eq!(hex(&ours), hex(&derive), "serde format vs derive: {v:?}");
    assert_eq!(&from_slice::<T>(&derive).unwrap(), v, "serde format reading the derive's bytes");
    assert_eq!(&msgpack_core::from_slice::<T>(&ours).unwrap(), v, "derive reading the serde format's bytes");
    assert_eq!(&rmp_serde::from_slice::<T>(&ours).unwrap(), v, "rmp-serde reading ours");
    // The other struct form: read by this format as by rmp-serde (to `v`,
    // or refused by both where serde cannot read it back, as an adjacently
    // tagged struct variant from an array).
    let other = if named { to_vec(v).unwrap() } else { to_vec_named(v).unwrap() };
    match (from_slice::<T>(&other), rmp_serde::from_slice::<T>(&other)) {
        (Ok(a), Ok(b)) => assert!(&a == v && &b == v, "{v:?}: {a:?} / {b:?}"),
        (Err(_), Err(_)) => {}
        (a, b) => panic!("the other form of {v:?}: ours {a:?}, rmp-serde {b:?}"),
    }
    ours
}

#[derive(MsgPack, Serialize, Deserialize, PartialEq, Debug, Clone)]
struct Widths {
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
    m: String,
    n: Option<u32>,
    o: (),
}

#[derive(MsgPack, Serialize, Deserialize, PartialEq, Debug, Clone)]
#[msgpack(array)]
struct WidthsA {
    a: u8,
    d: u64,
    h: i64,
    j: f64,
    l: char,
    m: String,
}

#[derive(MsgPack, Serialize, Deserialize, PartialEq, Debug, Clone)]
struct Containers {
    #[serde(with = "serde_bytes")]
    raw: Vec<u8>,
    #[msgpack(as_array)]
    ints: Vec<u8>,
    list: Vec<i32>,
    nested: Vec<Vec<String>>,
    map: BTreeMap<String, u64>,
    int_keys: BTreeMap<i32, bool>,
    opt: Option<Vec<u32>>,
    tuple: (u8, String, Option<bool>),
    arr: [u16; 3],
}

#[derive(MsgPack, Serialize, Deserialize, PartialEq, Debug, Clone)]
struct NewtypeD(u64);

#[derive(MsgPack, Serialize, Deserialize, PartialEq, Debug, Clone)]
struct TupleD(u8, String, i64);

#[derive(MsgPack, Serialize, Deserialize, PartialEq, Debug, Clone)]
struct UnitD;

#[derive(MsgPack, Serialize, Deserialize, PartialEq, Debug, Clone)]
struct Generic<T> {
    value: T,
    list: Vec<T>,
}

#[derive(MsgPack, Serialize, Deserialize, PartialEq, Debug, Clone)]
struct Nested {
    name: String,
    newtype: NewtypeD,
    tuple: TupleD,
    unit: UnitD,
    generic: Generic<Option<i8>>,
    children: Vec<Nested>,
}

#[derive(MsgPack, Serialize, Deserialize, PartialEq, Debug, Clone)]
#[serde(rename_all = "camelCase")]
#[msgpack(rename_all = "camelCase")]
struct Renamed {
    user_id: u64,
    #[serde(rename = "DisplayName")]
    #[msgpack(rename = "DisplayName")]
    display_name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[msgpack(default, skip_if = "Option::is_none")]
    nick: Option<String>,
}

#[derive(MsgPack, Serialize, Deserialize, PartialEq, Debug, Clone)]
enum External {
    Unit,
    #[serde(rename = "nt")]
    #[msgpack(rename = "nt")]
    Newtype(u32),
    Tuple(i8, String),
    Struct {
        x: i64,
        tags: Vec<String>,
    },
    Nested(Box<External>),
}

#[derive(MsgPack, Serialize, Deserialize, PartialEq, Debug, Clone)]
#[serde(tag = "type")]
#[msgpack(tag = "type")]
enum InternalD {
    Ping,
    Move { dx: i32, dy: i32 },
}

#[derive(MsgPack, Serialize, Deserialize, PartialEq, Debug, Clone)]
#[serde(tag = "t", content = "c")]
#[msgpack(tag = "t", content = "c")]
enum AdjacentD {
    Num(i64),
    Pair(u8, bool),
    Rec { a: String },
}

#[derive(MsgPack, Serialize, Deserialize, PartialEq, Debug, Clone)]
#[serde(untagged)]
#[msgpack(untagged)]
enum UntaggedD {
    Flag(bool),
    Count(u64),
    Text(String),
    Point { x: i32, y: i32 },
}

#[derive(MsgPack, Serialize, Deserialize, PartialEq, Debug, Clone)]
struct FlatInner {
    label: String,
    weight: u16,
}

#[derive(MsgPack, Serialize, Deserialize, PartialEq, Debug, Clone)]
struct FlatD {
    id: u8,
    #[serde(flatten)]
    #[msgpack(flatten)]
    inner: FlatInner,
    #[serde(flatten)]
    #[msgpack(flatten)]
    rest: BTreeMap<String, i32>,
}

#[derive(MsgPack, Serialize, Deserialize, PartialEq, Debug, Clone)]
#[serde(transparent)]
#[msgpack(transparent)]
struct Transparent {
    inner: Vec<u16>,
}

#[test]
fn derive_interop_matrix() {
    let mut rng = Rng(0x1234_0000_9876);
    for _ in 0..200 {
        let w = Widths {
            a: rng.edge() as u8,
            b: rng.edge() as u16,
            c: rng.edge() as u32,
            d: rng.edge(),
            e: rng.edge() as i8,
            f: rng.edge() as i16,
            g: rng.edge() as i32,
            h: rng.edge() as i64,
            i: rng.finite_f64() as f32,
            j: rng.finite_f64(),
            k: rng.below(2) == 0,
            l: char::from_u32(rng.below(0x11_0000) as u32).unwrap_or('x'),
            m: rng.string(),
            n: if rng.below(2) == 0 { None } else { Some(rng.edge() as u32) },
            o: (),
        };
        triple(&w, true);
        let wa = WidthsA { a: w.a, d: w.d, h: w.h, j: w.j, l: w.l, m: w.m.clone() };
        triple(&wa, false);
        let c = Containers {
            raw: rng.bytes(),
            ints: rng.bytes(),
            list: (0..rng.below(20)).map(|_| rng.edge() as i32).collect(),
            nested: (0..rng.below(3)).map(|_| (0..rng.below(3)).map(|_| rng.string()).collect()).collect(),
            map: (0..rng.below(20)).map(|_| (rng.string(), rng.edge())).collect(),
            int_keys: (0..rng.below(4)).map(|_| (rng.edge() as i32, rng.below(2) == 0)).collect(),
            opt: if rng.below(2) == 0 { None } else { Some(rng.bytes().into_iter().map(u32::from).collect()) },
            tuple: (rng.edge() as u8, rng.string(), [None, Some(true)][rng.below(2)]),
            arr: [rng.edge() as u16, 0, u16::MAX],
        };
        triple(&c, true);
        let e = match rng.below(5) {
            0 => External::Unit,
            1 => External::Newtype(rng.edge() as u32),
            2 => External::Tuple(rng.edge() as i8, rng.string()),
            3 => External::Struct { x: rng.edge() as i64, tags: vec![rng.string()] },
            _ => External::Nested(Box::new(External::Tuple(-1, "n".into()))),
        };
        triple(&e, true);
        triple(&vec![e.clone(), External::Unit], true);
        triple(
            &Renamed {
                user_id: rng.edge(),
                display_name: rng.string(),
                nick: [None, Some(rng.string())][rng.below(2)].clone(),
            },
            true,
        );
        triple(&[InternalD::Ping, InternalD::Move { dx: rng.edge() as i32, dy: -1 }][rng.below(2)], true);
        triple(
            &[
                AdjacentD::Num(rng.edge() as i64),
                AdjacentD::Pair(rng.edge() as u8, true),
                AdjacentD::Rec { a: rng.string() },
            ][rng.below(3)],
            true,
        );
        triple(
            &[
                UntaggedD::Flag(rng.below(2) == 0),
                UntaggedD::Count(rng.edge()),
                UntaggedD::Text(rng.string()),
                UntaggedD::Point { x: rng.edge() as i32, y: -7 },
            ][rng.below(4)],
            true,
        );
        let rest = (0..rng.below(4)).map(|_| (format!("k{}", rng.string()), rng.edge() as i32)).collect();
        triple(&FlatD { id: rng.edge() as u8, inner: FlatInner { label: rng.string(), weight: 3 }, rest }, true);
    }
    triple(&NewtypeD(u64::MAX), true);
    triple(&TupleD(1, "t".into(), i64::MIN), true);
    triple(&UnitD, true);
    assert_eq!(triple(&UnitD, true), [0x90]);
    triple(&Transparent { inner: vec![1, 2, 3] }, true);
    let leaf = |n: &str| Nested {
        name: n.into(),
        newtype: NewtypeD(1),
        tuple: TupleD(2, "x".into(), -3),
        unit: UnitD,
        generic: Generic { value: Some(-1), list: vec![None, Some(5)] },
        children: vec![],
    };
    triple(&Nested { children: vec![leaf("a"), leaf("b")], ..leaf("root") }, true);
    // Long containers: 16- and 32-bit headers.
    for n in [15, 16, 65535, 65536] {
        triple(&Generic { value: 0u16, list: vec![7u16; n] }, true);
        let map = (0..n as u32).map(|i| (i.to_string(), u64::from(i))).collect();
        triple(&Containers { map, ..Containers::default_like() }, true);
    }
}

impl Containers {
    fn default_like() -> Self {
        Containers {
            raw: vec![],
            ints: vec![],
            list: vec![],
            nested: vec![],
            map: BTreeMap::new(),
            int_keys: BTreeMap::new(),
            opt: None,
            tuple: (0, String::new(), None),
            arr: [0; 3],
        }
    }
}
