//! The W2 types as the other crates declare them: serde (for rmp-serde,
//! with `rmpv::Value` for the dynamic map), zerompk (map form, string keys,
//! `zerompk::Value` for the dynamic map) and msgpacker (Custom1 only), each
//! converted from our typed value so that every implementation holds the
//! same data.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::data::{Custom1, Custom2, Inner, to_rmpv, to_zerompk};

// ---- serde (rmp-serde) -----------------------------------------------------

/// `Custom1` for serde; `slice` goes through `serde_bytes` (MessagePack bin).
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub(crate) struct SCustom1 {
    str: String,
    #[serde(with = "serde_bytes")]
    slice: Vec<u8>,
    map_str_uint16: BTreeMap<String, u16>,
    inner_struct: SInner,
    bt: u8,
    int: i32,
    i64: i64,
}

/// `Inner` for serde.
#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq)]
pub(crate) struct SInner {
    bool: bool,
    f64: f64,
    i8: i8,
    u64: u64,
}

/// `Custom2` for serde.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub(crate) struct SCustom2 {
    str: String,
    #[serde(with = "serde_bytes")]
    slice: Vec<u8>,
    map_str_uint64: BTreeMap<String, u64>,
    inner_struct: SInner,
    float_64: f64,
    map_str_slice: BTreeMap<String, Vec<i8>>,
    inner_struct_2: SInner2,
}

/// `Inner2` for serde, the dynamic map as an `rmpv::Value`.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub(crate) struct SInner2 {
    slice_uint64: Vec<u64>,
    map_str_intf: rmpv::Value,
    string: String,
    f32: f32,
}

impl From<&Inner> for SInner {
    fn from(v: &Inner) -> Self {
        SInner { bool: v.bool, f64: v.f64, i8: v.i8, u64: v.u64 }
    }
}

impl From<&Custom1> for SCustom1 {
    fn from(v: &Custom1) -> Self {
        SCustom1 {
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

impl From<&Custom2> for SCustom2 {
    fn from(v: &Custom2) -> Self {
        let i2 = &v.inner_struct_2;
        SCustom2 {
            str: v.str.clone(),
            slice: v.slice.clone(),
            map_str_uint64: v.map_str_uint64.clone(),
            inner_struct: (&v.inner_struct).into(),
            float_64: v.float_64,
            map_str_slice: v.map_str_slice.clone(),
            inner_struct_2: SInner2 {
                slice_uint64: i2.slice_uint64.clone(),
                map_str_intf: to_rmpv(&i2.map_str_intf),
                string: i2.string.clone(),
                f32: i2.f32,
            },
        }
    }
}

// ---- zerompk ---------------------------------------------------------------

/// `Custom1` for zerompk: map form, the field names as string keys; its
/// derive writes a `Vec<u8>` field as bin by default.
#[derive(zerompk::ToMessagePack, zerompk::FromMessagePack, Debug, Clone, PartialEq)]
#[msgpack(map)]
pub(crate) struct ZCustom1 {
    str: String,
    slice: Vec<u8>,
    map_str_uint16: BTreeMap<String, u16>,
    inner_struct: ZInner,
    bt: u8,
    int: i32,
    i64: i64,
}

/// `Inner` for zerompk.
#[derive(zerompk::ToMessagePack, zerompk::FromMessagePack, Debug, Clone, Copy, PartialEq)]
#[msgpack(map)]
pub(crate) struct ZInner {
    bool: bool,
    f64: f64,
    i8: i8,
    u64: u64,
}

/// `Custom2` for zerompk. The lifetime comes from `zerompk::Value<'a>`:
/// zerompk only implements `FromMessagePack<'de>` for `Value<'de>`, whose
/// strings borrow from the input (there is no owned-value decode).
/// The dynamic map is wrapped in [`ZDyn`]: zerompk's derive reads a field of
/// type `Value<'a>` with `'de: 'a`, which that impl does not cover.
#[derive(zerompk::ToMessagePack, zerompk::FromMessagePack, Debug, Clone, PartialEq)]
#[msgpack(map)]
pub(crate) struct ZCustom2<'a> {
    str: String,
    slice: Vec<u8>,
    map_str_uint64: BTreeMap<String, u64>,
    inner_struct: ZInner,
    float_64: f64,
    map_str_slice: BTreeMap<String, Vec<i8>>,
    inner_struct_2: ZInner2<'a>,
}

/// `Inner2` for zerompk, the dynamic map as a `zerompk::Value`.
#[derive(zerompk::ToMessagePack, zerompk::FromMessagePack, Debug, Clone, PartialEq)]
#[msgpack(map)]
pub(crate) struct ZInner2<'a> {
    slice_uint64: Vec<u64>,
    map_str_intf: ZDyn<'a>,
    string: String,
    f32: f32,
}

/// `zerompk::Value<'a>` as a field of a derived struct: reads a `Value<'de>`
/// and lets covariance shorten it to `'a` (the two impls just delegate).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ZDyn<'a>(zerompk::Value<'a>);

impl zerompk::ToMessagePack for ZDyn<'_> {
    #[inline]
    fn write<W: zerompk::Write>(&self, writer: &mut W) -> zerompk::Result<()> {
        self.0.write(writer)
    }
}

impl<'de: 'a, 'a> zerompk::FromMessagePack<'de> for ZDyn<'a> {
    #[inline]
    fn read<R: zerompk::Read<'de>>(reader: &mut R) -> zerompk::Result<Self> {
        zerompk::Value::<'de>::read(reader).map(ZDyn)
    }
}

impl From<&Inner> for ZInner {
    fn from(v: &Inner) -> Self {
        ZInner { bool: v.bool, f64: v.f64, i8: v.i8, u64: v.u64 }
    }
}

impl From<&Custom1> for ZCustom1 {
    fn from(v: &Custom1) -> Self {
        ZCustom1 {
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

impl From<&Custom2> for ZCustom2<'static> {
    fn from(v: &Custom2) -> Self {
        let i2 = &v.inner_struct_2;
        ZCustom2 {
            str: v.str.clone(),
            slice: v.slice.clone(),
            map_str_uint64: v.map_str_uint64.clone(),
            inner_struct: (&v.inner_struct).into(),
            float_64: v.float_64,
            map_str_slice: v.map_str_slice.clone(),
            inner_struct_2: ZInner2 {
                slice_uint64: i2.slice_uint64.clone(),
                map_str_intf: ZDyn(to_zerompk(&i2.map_str_intf)),
                string: i2.string.clone(),
                f32: i2.f32,
            },
        }
    }
}

// ---- msgpacker -------------------------------------------------------------

/// `Custom1` for msgpacker's derive (`Vec<u8>` is written as bin, the
/// `BTreeMap` as a map). The derive writes the fields' values one after
/// another with no container header and no keys.
#[derive(msgpacker::MsgPacker, Debug, Clone, PartialEq)]
pub(crate) struct MCustom1 {
    str: String,
    slice: Vec<u8>,
    map_str_uint16: BTreeMap<String, u16>,
    inner_struct: MInner,
    bt: u8,
    int: i32,
    i64: i64,
}

/// `Inner` for msgpacker.
#[derive(msgpacker::MsgPacker, Debug, Clone, Copy, PartialEq)]
pub(crate) struct MInner {
    bool: bool,
    f64: f64,
    i8: i8,
    u64: u64,
}

impl From<&Custom1> for MCustom1 {
    fn from(v: &Custom1) -> Self {
        let i = &v.inner_struct;
        MCustom1 {
            str: v.str.clone(),
            slice: v.slice.clone(),
            map_str_uint16: v.map_str_uint16.clone(),
            inner_struct: MInner { bool: i.bool, f64: i.f64, i8: i.i8, u64: i.u64 },
            bt: v.bt,
            int: v.int,
            i64: v.i64,
        }
    }
}
