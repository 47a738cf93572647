//! Our types for W2 (owned map form, borrowed, array form), the two values
//! exactly as WORKLOADS.md lists them, and the same data as dynamic values
//! (ours, rmpv, zerompk).

use std::borrow::Cow;
use std::collections::BTreeMap;

use msgpack_core::{MsgPack, Value, ValueRef};

/// Go `Custom1`, map form, owned fields.
#[derive(MsgPack, Debug, Clone, PartialEq)]
pub(crate) struct Custom1 {
    pub(crate) str: String,
    pub(crate) slice: Vec<u8>,
    pub(crate) map_str_uint16: BTreeMap<String, u16>,
    pub(crate) inner_struct: Inner,
    pub(crate) bt: u8,
    pub(crate) int: i32,
    pub(crate) i64: i64,
}

/// Go `Inner` (used by both customs); it has no borrowed fields, so the
/// borrowed variants reuse it.
#[derive(MsgPack, Debug, Clone, Copy, PartialEq)]
pub(crate) struct Inner {
    pub(crate) bool: bool,
    pub(crate) f64: f64,
    pub(crate) i8: i8,
    pub(crate) u64: u64,
}

/// Go `Custom2`, map form, owned fields.
#[derive(MsgPack, Debug, Clone, PartialEq)]
pub(crate) struct Custom2 {
    pub(crate) str: String,
    pub(crate) slice: Vec<u8>,
    pub(crate) map_str_uint64: BTreeMap<String, u64>,
    pub(crate) inner_struct: Inner,
    pub(crate) float_64: f64,
    pub(crate) map_str_slice: BTreeMap<String, Vec<i8>>,
    pub(crate) inner_struct_2: Inner2,
}

/// Go `Inner2`; `map_str_intf` is a Go `map[string]interface{}`: a dynamic
/// map, kept in the listed entry order.
#[derive(MsgPack, Debug, Clone, PartialEq)]
pub(crate) struct Inner2 {
    pub(crate) slice_uint64: Vec<u64>,
    pub(crate) map_str_intf: Value,
    pub(crate) string: String,
    pub(crate) f32: f32,
}

/// `Custom1` borrowing its strings and bytes from the input.
#[derive(MsgPack, Debug, Clone, PartialEq)]
pub(crate) struct Custom1Ref<'a> {
    pub(crate) str: &'a str,
    pub(crate) slice: &'a [u8],
    pub(crate) map_str_uint16: BTreeMap<&'a str, u16>,
    pub(crate) inner_struct: Inner,
    pub(crate) bt: u8,
    pub(crate) int: i32,
    pub(crate) i64: i64,
}

/// `Custom2` borrowing its strings and bytes from the input (the `i8`
/// arrays and the `u64` array are decoded, they cannot borrow).
#[derive(MsgPack, Debug, Clone, PartialEq)]
pub(crate) struct Custom2Ref<'a> {
    pub(crate) str: &'a str,
    pub(crate) slice: &'a [u8],
    pub(crate) map_str_uint64: BTreeMap<&'a str, u64>,
    pub(crate) inner_struct: Inner,
    pub(crate) float_64: f64,
    pub(crate) map_str_slice: BTreeMap<&'a str, Vec<i8>>,
    pub(crate) inner_struct_2: Inner2Ref<'a>,
}

/// `Inner2` with a [`ValueRef`] for the dynamic map.
#[derive(MsgPack, Debug, Clone, PartialEq)]
pub(crate) struct Inner2Ref<'a> {
    pub(crate) slice_uint64: Vec<u64>,
    pub(crate) map_str_intf: ValueRef<'a>,
    pub(crate) string: &'a str,
    pub(crate) f32: f32,
}

/// `Custom1` as an array (every nested struct too).
#[derive(MsgPack, Debug, Clone, PartialEq)]
#[msgpack(array)]
pub(crate) struct Custom1Array {
    str: String,
    slice: Vec<u8>,
    map_str_uint16: BTreeMap<String, u16>,
    inner_struct: InnerArray,
    bt: u8,
    int: i32,
    i64: i64,
}

/// `Inner` as an array.
#[derive(MsgPack, Debug, Clone, Copy, PartialEq)]
#[msgpack(array)]
pub(crate) struct InnerArray {
    bool: bool,
    f64: f64,
    i8: i8,
    u64: u64,
}

/// `Custom2` as an array (every nested struct too).
#[derive(MsgPack, Debug, Clone, PartialEq)]
#[msgpack(array)]
pub(crate) struct Custom2Array {
    str: String,
    slice: Vec<u8>,
    map_str_uint64: BTreeMap<String, u64>,
    inner_struct: InnerArray,
    float_64: f64,
    map_str_slice: BTreeMap<String, Vec<i8>>,
    inner_struct_2: Inner2Array,
}

/// `Inner2` as an array (the dynamic map stays a map).
#[derive(MsgPack, Debug, Clone, PartialEq)]
#[msgpack(array)]
pub(crate) struct Inner2Array {
    slice_uint64: Vec<u64>,
    map_str_intf: Value,
    string: String,
    f32: f32,
}

impl From<&Inner> for InnerArray {
    fn from(v: &Inner) -> Self {
        InnerArray { bool: v.bool, f64: v.f64, i8: v.i8, u64: v.u64 }
    }
}

impl From<&Custom1> for Custom1Array {
    fn from(v: &Custom1) -> Self {
        Custom1Array {
            str: v.str.clone(),
            slice: v.slice.clone(),
            map_str_uint16: v.map_str_uint16.clone(),
            inner_struct: (&v.inner_struct).into(),
            bt: v.bt,
            int: v.int,
            i64: v.i64,
        }
    }
}

impl From<&Custom2> for Custom2Array {
    fn from(v: &Custom2) -> Self {
        let i2 = &v.inner_struct_2;
        Custom2Array {
            str: v.str.clone(),
            slice: v.slice.clone(),
            map_str_uint64: v.map_str_uint64.clone(),
            inner_struct: (&v.inner_struct).into(),
            float_64: v.float_64,
            map_str_slice: v.map_str_slice.clone(),
            inner_struct_2: Inner2Array {
                slice_uint64: i2.slice_uint64.clone(),
                map_str_intf: i2.map_str_intf.clone(),
                string: i2.string.clone(),
                f32: i2.f32,
            },
        }
    }
}

/// Custom2's 98-byte `str`.
pub(crate) const CUSTOM2_STR: &str = "lk\n\nsdj flasjfdlkaj\nsdlfka\tjs\nldfk\"jal kas_ ad\"fsfka\tjs\nldfk\"jal kas_ \
                                      ad\"fska\tjs\nldfk\"jal kas_ adk";

/// The five bytes the `i8` slices repeat.
const PATTERN: [i8; 5] = [0x32, 0x12, 0x78, 0x00, 0x76];

/// The 54 elements of `map_str_slice["RTQYWYEUIIUQIE"]`: (5 + 5 + 4) three
/// times, then 5 + 5 + 2.
pub(crate) fn rtq_slice() -> Vec<i8> {
    let mut out = Vec::with_capacity(54);
    for _ in 0..3 {
        out.extend_from_slice(&PATTERN);
        out.extend_from_slice(&PATTERN);
        out.extend_from_slice(&[0x32, 0x12, 0x78, 0x76]);
    }
    out.extend_from_slice(&PATTERN);
    out.extend_from_slice(&PATTERN);
    out.extend_from_slice(&[0x32, 0x12]);
    out
}

/// The Custom1 value.
pub(crate) fn custom1() -> Custom1 {
    Custom1 {
        str: "hello".into(),
        slice: b"abc".to_vec(),
        map_str_uint16: [("abc", 23), ("lasdhflahsdlfkhlasdf", 4), ("c", 1356)]
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
        inner_struct: Inner { bool: true, f64: 213.513, i8: 23, u64: 7869 },
        bt: 0,
        int: 42,
        i64: -27823325,
    }
}

/// The Custom2 value.
#[allow(clippy::approx_constant, reason = "3.14159265359 is the workload's literal value, not PI")]
pub(crate) fn custom2() -> Custom2 {
    let map_str_intf = Value::Map(vec![
        (Value::from("asdfasdf"), Value::from(1u8)),
        (Value::from("asd"), Value::from("string")),
        (Value::from("oeiuwroewiro"), Value::F64(98.676)),
        (Value::from("kl"), Value::F32(-234.0)),
        (Value::from("lkasdjf"), Value::from(4294967290u64)),
        (Value::from("ss"), Value::Array(vec![Value::from("h"), Value::from("ksjldf")])),
    ]);
    Custom2 {
        str: CUSTOM2_STR.into(),
        slice: vec![0x01, b'a', b'b', b'c', b'Z', 0x03, 0x05],
        map_str_uint64: [("abc", 23532525), ("defghijkl", 1), ("ghijkl", 98), ("ghijklghijkl", 8000111333)]
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
        inner_struct: Inner { bool: false, f64: -132.88889, i8: 104, u64: 24 },
        float_64: 3.14159265359,
        map_str_slice: [
            ("", Vec::new()),
            ("uiouoiyioutuuiouoiyioutuuiouoiyioutu", PATTERN.to_vec()),
            ("RTQYWYEUIIUQIE", rtq_slice()),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect(),
        inner_struct_2: Inner2 {
            slice_uint64: vec![0, 1, 3, 100, 18446744073709551615, 1844674407370955, 4294967295],
            map_str_intf,
            string: "hello\nthere, this is a funky string. Tab: \t.".into(),
            f32: 0.0,
        },
    }
}

// ---- the same data as our dynamic `Value` ---------------------------------

fn str_map<V: Copy + Into<Value>>(m: &BTreeMap<String, V>) -> Value {
    Value::Map(m.iter().map(|(k, v)| (Value::from(k.as_str()), (*v).into())).collect())
}

fn inner_value(v: &Inner) -> Value {
    Value::Map(vec![
        ("bool".into(), v.bool.into()),
        ("f64".into(), v.f64.into()),
        ("i8".into(), v.i8.into()),
        ("u64".into(), v.u64.into()),
    ])
}

/// Custom1 as our `Value`, built field by field from the typed value.
pub(crate) fn custom1_value(v: &Custom1) -> Value {
    Value::Map(vec![
        ("str".into(), v.str.as_str().into()),
        ("slice".into(), v.slice.as_slice().into()),
        ("map_str_uint16".into(), str_map(&v.map_str_uint16)),
        ("inner_struct".into(), inner_value(&v.inner_struct)),
        ("bt".into(), v.bt.into()),
        ("int".into(), v.int.into()),
        ("i64".into(), v.i64.into()),
    ])
}

/// Custom2 as our `Value`, built field by field from the typed value.
pub(crate) fn custom2_value(v: &Custom2) -> Value {
    let i2 = &v.inner_struct_2;
    let slices = v
        .map_str_slice
        .iter()
        .map(|(k, s)| (Value::from(k.as_str()), s.iter().copied().map(Value::from).collect::<Value>()));
    Value::Map(vec![
        ("str".into(), v.str.as_str().into()),
        ("slice".into(), v.slice.as_slice().into()),
        ("map_str_uint64".into(), str_map(&v.map_str_uint64)),
        ("inner_struct".into(), inner_value(&v.inner_struct)),
        ("float_64".into(), v.float_64.into()),
        ("map_str_slice".into(), Value::Map(slices.collect())),
        (
            "inner_struct_2".into(),
            Value::Map(vec![
                ("slice_uint64".into(), i2.slice_uint64.iter().copied().map(Value::from).collect()),
                ("map_str_intf".into(), i2.map_str_intf.clone()),
                ("string".into(), i2.string.as_str().into()),
                ("f32".into(), i2.f32.into()),
            ]),
        ),
    ])
}

// ---- our `Value` converted to the other crates' dynamic values -------------

/// Our `Value` as an `rmpv::Value` (same structure, same entry order).
pub(crate) fn to_rmpv(v: &Value) -> rmpv::Value {
    match v {
        Value::Nil => rmpv::Value::Nil,
        Value::Bool(b) => rmpv::Value::Boolean(*b),
        Value::Int(i) => match (i.as_u64(), i.as_i64()) {
            (Some(u), _) => rmpv::Value::from(u),
            (None, Some(s)) => rmpv::Value::from(s),
            (None, None) => unreachable!("an Integer is a u64 or an i64"),
        },
        Value::F32(f) => rmpv::Value::F32(*f),
        Value::F64(f) => rmpv::Value::F64(*f),
        Value::Str(s) => rmpv::Value::from(s.as_str()),
        Value::Bin(b) => rmpv::Value::Binary(b.clone()),
        Value::Array(items) => rmpv::Value::Array(items.iter().map(to_rmpv).collect()),
        Value::Map(entries) => rmpv::Value::Map(entries.iter().map(|(k, v)| (to_rmpv(k), to_rmpv(v))).collect()),
        Value::Ext(e) => rmpv::Value::Ext(e.ty, e.data.clone()),
    }
}

/// Our `Value` as an owned `zerompk::Value` (same structure, same entry order).
pub(crate) fn to_zerompk(v: &Value) -> zerompk::Value<'static> {
    use zerompk::Value as Z;
    match v {
        Value::Nil => Z::Nil,
        Value::Bool(b) => Z::Boolean(*b),
        Value::Int(i) => match (i.as_u64(), i.as_i64()) {
            (Some(u), _) => Z::Unsigned(u),
            (None, Some(s)) => Z::Signed(s),
            (None, None) => unreachable!("an Integer is a u64 or an i64"),
        },
        Value::F32(f) => Z::Float32(*f),
        Value::F64(f) => Z::Float64(*f),
        Value::Str(s) => Z::String(Cow::Owned(s.clone())),
        Value::Bin(b) => Z::Binary(Cow::Owned(b.clone())),
        Value::Array(items) => Z::Array(items.iter().map(to_zerompk).collect()),
        Value::Map(entries) => Z::Map(entries.iter().map(|(k, v)| (to_zerompk(k), to_zerompk(v))).collect()),
        Value::Ext(e) => Z::Extension(e.ty, Cow::Owned(e.data.clone())),
    }
}
