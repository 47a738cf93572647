//! W2: tinylib/msgp's "Custom1" and "Custom2" (the Go messagepack-benchmarks
//! structs), as `WORKLOADS.md` section W2 describes them.
//!
//! The keys are the Go `msg:"..."` tags, written as maps in field order; the
//! Rust fields carry the same names (`str`, `bool`, `i64`... are valid field
//! names), so no renaming is needed in any crate. Our canonical encodings
//! (derive, map form) are 132 bytes (Custom1) and 589 bytes (Custom2).
//!
//! Decisions that make the bytes comparable:
//! - Go maps iterate in random order. The typed string maps
//!   (`map_str_uint16`, `map_str_uint64`, `map_str_slice`) are `BTreeMap`s in
//!   every implementation, so their entries are written in sorted key order
//!   (byte order: `""` < `"RTQ..."` < `"uio..."`) and every run gives the
//!   same bytes.
//! - Inner2's `map_str_intf` is a Go `map[string]interface{}`: a dynamic map
//!   whose values mix an integer, a string, an `f64`, an `f32` (-234.0,
//!   written as `float 32`), a `u32`-sized integer and an array of strings. It
//!   is a dynamic value in every implementation (ours `Value`/`ValueRef`,
//!   serde's side `rmpv::Value`, zerompk's `zerompk::Value`) and keeps the
//!   entry order of the listing.
//! - The `slice` fields are `bin` (ours: `Vec<u8>`/`&[u8]`; serde:
//!   `serde_bytes`; zerompk: its derive writes `Vec<u8>` fields as bin by
//!   default; msgpacker: its derive writes `Vec<u8>` as bin). The
//!   `map_str_slice` values are Go `[]int8`: arrays of integers.
//!
//! Rows and what they hold:
//! - ours: derive (owned), derive (borrowed: `&str`, `&[u8]`,
//!   `BTreeMap<&str, _>`, `ValueRef` for the dynamic map), derive (array:
//!   `#[msgpack(array)]` on every struct; differs), `Value`, `ValueRef`, and
//!   hand-written `Encoder`/`Decoder` code (same bytes). The `Value` (and the
//!   rmpv and zerompk values) are built field by field from the typed value,
//!   not decoded from the canonical bytes.
//! - The borrowed sources (`DERIVE_BORROWED`, `VALUE_REF`) are decoded once
//!   from the canonical bytes, which are leaked with `Box::leak` (132 and
//!   589 bytes per call of the case builder) so that the source can be
//!   `'static` and owned by the encode closure.
//! - rmp-serde named (`to_vec_named`): the same bytes. rmp-serde compact
//!   (`to_vec`): structs as arrays; the same bytes as our array form.
//! - ours: serde path (`msgpack_core::serde`) on rmp-serde's types, named
//!   (`to_vec_named`) and compact (`to_vec`) beside rmp-serde's two rows:
//!   rmp-serde's bytes in both forms (the rows check it).
//! - rmpv: the whole value as an `rmpv::Value`, written into `Vec::new()`
//!   with `rmpv::encode::write_value` (rmpv has no size hint).
//! - zerompk: its derive with `#[msgpack(map)]` (field names as string
//!   keys); the same bytes. Custom2's zerompk struct has a lifetime: zerompk
//!   only decodes `zerompk::Value<'de>` borrowing its strings from the input
//!   (there is no owned-value decode), so its dynamic map borrows while the
//!   typed fields are owned. For the same reason its derive cannot read a
//!   `Value<'a>` field (it needs `'de: 'a`), so the field is a newtype whose
//!   two trait impls delegate to `Value`'s. `zerompk: Value` also borrows
//!   (`Cow` strings).
//! - msgpacker: its derive writes a struct as the values of its fields back
//!   to back, with no map or array header and no keys, so Custom1 differs;
//!   it has no dynamic value type, so Custom2 (with `map_str_intf`) cannot be
//!   expressed.
//! - Every row that encodes also encodes into the runner's reused buffer
//!   (column (a)), each crate through its fastest public way (see
//!   [`crate::rows`]): ours and the hand-written rows into a slice, zerompk
//!   `to_msgpack` into a slice, msgpacker `pack` into its `EncoderSlice`,
//!   our serde path, rmp-serde and rmpv into a cleared `Vec`.

use std::convert::Infallible;
use std::fmt::{Debug, Display};
use std::rc::Rc;

use msgpack_core::encode::Encode;
use msgpack_core::{Value, ValueRef};
use msgpacker::{Packable, Unpackable};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::harness::{Case, Group, Row, Workload, expect_eq, names};
use crate::rows;

mod data;
mod hand;
mod others;

use data::{Custom1, Custom1Array, Custom1Ref, Custom2, Custom2Array, Custom2Ref};
use others::{MCustom1, SCustom1, SCustom2, ZCustom1, ZCustom2};

/// The workload: Custom1 and Custom2, the same in quick runs.
///
/// ```
/// let w = msgpack_bench::w2::workload();
/// let sizes: Vec<(String, usize)> = (w.cases)(true).into_iter().map(|c| (c.name, c.canonical.len())).collect();
/// assert_eq!(sizes, [("Custom1".to_string(), 132), ("Custom2".to_string(), 589)]);
/// ```
pub fn workload() -> Workload {
    Workload {
        id: "W2",
        title: "tinylib/msgp Custom1 and Custom2",
        source: "messagepack-benchmarks (Go tinylib/msgp)",
        cases: |_quick| vec![custom1_case(), custom2_case()],
    }
}

const ARRAY_FORM: &str = "array form: `#[msgpack(array)]` on every struct, so structs are arrays without keys \
                          (the dynamic map stays a map)";
const SERDE_COMPACT: &str =
    "rmp_serde::to_vec writes structs as arrays without keys (the same bytes as our array form)";
const SERDE_PATH_COMPACT: &str = "msgpack_core::serde::to_vec writes structs as arrays without keys (the bytes of \
                                  rmp_serde::to_vec and of our array form)";
const MSGPACKER_LAYOUT: &str = "msgpacker's derive writes a struct as its fields' values back to back, with no map or \
                                array header and no keys";
const MSGPACKER_NO_DYNAMIC: &str = "msgpacker has no dynamic value type, so its derive cannot express Inner2's \
                                    map_str_intf (a map whose values mix integers, a string, f64, f32 and an array)";

/// Leaks a copy of the canonical bytes, for the borrowed sources.
fn leak(bytes: &[u8]) -> &'static [u8] {
    Box::leak(bytes.to_vec().into_boxed_slice())
}

/// rmp-serde, named (`to_vec_named`) or compact (`to_vec`); `from_slice` reads both.
fn serde_row<T>(src: T, named: bool) -> Row
where
    T: Serialize + DeserializeOwned + PartialEq + Debug + 'static,
{
    if named {
        rows::serde_named::<T>(names::RMP_SERDE_NAMED, src)
    } else {
        rows::serde_compact::<T>(names::RMP_SERDE_COMPACT, src).differs(SERDE_COMPACT)
    }
}

/// Our serde path on rmp-serde's type, named (`to_vec_named`) or compact
/// (`to_vec`), beside [`serde_row`].
fn serde_path_row<T>(src: T, named: bool) -> Row
where
    T: Serialize + DeserializeOwned + PartialEq + Debug + 'static,
{
    if named {
        rows::serde_path_named::<T>(names::SERDE_PATH_NAMED, src)
    } else {
        rows::serde_path::<T>(names::SERDE_PATH, src).differs(SERDE_PATH_COMPACT)
    }
}

/// Our hand-written `Encoder` / `Decoder` code: into a fresh `Vec`, into a
/// slice, from the bytes.
fn hand_row<T, E, E2, E3>(
    src: T,
    encode: fn(&T) -> Result<Vec<u8>, E>,
    to_slice: fn(&T, &mut [u8]) -> Result<usize, E2>,
    decode: fn(&[u8]) -> Result<T, E3>,
) -> Row
where
    T: PartialEq + Debug + 'static,
    E: Display + 'static,
    E2: Display + 'static,
    E3: Display + 'static,
{
    let src = Rc::new(src);
    let reused = Rc::clone(&src);
    rows::owned(names::HAND, Group::Ours, src, encode, decode).encode_slice(move |buf| to_slice(&reused, buf))
}

/// msgpacker's derive (`pack_to_vec` / `unpack`; `pack` into its
/// `EncoderSlice` for the reused buffer).
fn msgpacker_row<T>(src: T) -> Row
where
    T: Packable + Unpackable + PartialEq + Debug + Clone + 'static,
    <T as Unpackable>::Error: Debug,
{
    let want = src.clone();
    let reused = Rc::new(src.clone());
    let row = Row::new(names::MSGPACKER, Group::Other)
        .encode(move || Ok::<_, Infallible>(src.pack_to_vec()))
        // Debug: msgpacker's error has no Display before 0.7.2 (`pinned/`).
        .decode(|bytes| T::unpack(bytes).map_err(|e| format!("{e:?}")))
        .check(move |bytes| {
            let (used, v) = T::unpack_with_ofs(bytes).map_err(|e| format!("{e:?}"))?;
            if used != bytes.len() {
                return Err(format!("{} bytes left after the value", bytes.len() - used));
            }
            expect_eq(&v, &want)
        })
        .differs(MSGPACKER_LAYOUT);
    rows::msgpacker_reuse(row, reused)
}

/// Our canonical bytes: the derive's map form.
fn canonical<T: Encode>(v: &T) -> Vec<u8> {
    msgpack_core::to_vec(v).expect("a W2 value always encodes")
}

fn custom1_case() -> Case {
    let src = data::custom1();
    let bytes = canonical(&src);
    let leaked = leak(&bytes);
    let borrowed: Custom1Ref<'static> = msgpack_core::from_slice(leaked).expect("canonical Custom1 decodes borrowed");
    let value_ref: ValueRef<'static> = msgpack_core::from_slice(leaked).expect("canonical Custom1 decodes as ValueRef");
    let value = data::custom1_value(&src);
    let zvalue = data::to_zerompk(&value);
    let rmpv_value = data::to_rmpv(&value);

    // A borrowed decode allocates the map's B-tree node only.
    let collections = u64::from(!src.map_str_uint16.is_empty());
    Case::new("W2", "Custom1", bytes)
        .collections(collections)
        .row(rows::ours::<Custom1>(names::DERIVE, src.clone()))
        .row(rows::borrowed!(
            names::DERIVE_BORROWED,
            Group::Ours,
            borrowed,
            Custom1Ref<'_>,
            msgpack_core::to_vec,
            msgpack_core::from_slice
        ))
        .row(rows::ours::<Custom1Array>(names::DERIVE_ARRAY, Custom1Array::from(&src)).differs(ARRAY_FORM))
        .row(rows::value(value))
        .row(rows::value_ref(value_ref))
        .row(hand_row(src.clone(), hand::encode_custom1, hand::encode_custom1_to_slice, hand::decode_custom1))
        .row(serde_path_row(SCustom1::from(&src), true))
        .row(serde_path_row(SCustom1::from(&src), false))
        .row(serde_row(SCustom1::from(&src), true))
        .row(serde_row(SCustom1::from(&src), false))
        .row(rows::rmpv(rmpv_value))
        .row(rows::zerompk::<ZCustom1>(names::ZEROMPK, ZCustom1::from(&src)))
        .row(rows::zerompk_value(zvalue))
        .row(msgpacker_row(MCustom1::from(&src)))
        .with_limits()
}

fn custom2_case() -> Case {
    let src: Custom2 = data::custom2();
    let bytes = canonical(&src);
    let leaked = leak(&bytes);
    let borrowed: Custom2Ref<'static> = msgpack_core::from_slice(leaked).expect("canonical Custom2 decodes borrowed");
    let value_ref: ValueRef<'static> = msgpack_core::from_slice(leaked).expect("canonical Custom2 decodes as ValueRef");
    let value = data::custom2_value(&src);
    let zvalue = data::to_zerompk(&value);
    let rmpv_value = data::to_rmpv(&value);

    // A borrowed decode allocates the two maps' B-tree nodes, the non-empty
    // `Vec<i8>` values, `slice_uint64` and the dynamic map's containers.
    let collections = u64::from(!src.map_str_uint64.is_empty())
        + u64::from(!src.map_str_slice.is_empty())
        + src.map_str_slice.values().filter(|v| !v.is_empty()).count() as u64
        + u64::from(!src.inner_struct_2.slice_uint64.is_empty())
        + value_collections(&src.inner_struct_2.map_str_intf);
    Case::new("W2", "Custom2", bytes)
        .collections(collections)
        .row(rows::ours::<Custom2>(names::DERIVE, src.clone()))
        .row(rows::borrowed!(
            names::DERIVE_BORROWED,
            Group::Ours,
            borrowed,
            Custom2Ref<'_>,
            msgpack_core::to_vec,
            msgpack_core::from_slice
        ))
        .row(rows::ours::<Custom2Array>(names::DERIVE_ARRAY, Custom2Array::from(&src)).differs(ARRAY_FORM))
        .row(rows::value(value))
        .row(rows::value_ref(value_ref))
        .row(hand_row(src.clone(), hand::encode_custom2, hand::encode_custom2_to_slice, hand::decode_custom2))
        .row(serde_path_row(SCustom2::from(&src), true))
        .row(serde_path_row(SCustom2::from(&src), false))
        .row(serde_row(SCustom2::from(&src), true))
        .row(serde_row(SCustom2::from(&src), false))
        .row(rows::rmpv(rmpv_value))
        .row(rows::borrowed!(
            names::ZEROMPK,
            Group::Other,
            ZCustom2::from(&src),
            ZCustom2<'_>,
            zerompk::to_msgpack_vec,
            zerompk::from_msgpack
        ))
        .row(rows::zerompk_value(zvalue))
        .row(Row::unsupported(names::MSGPACKER, Group::Other, MSGPACKER_NO_DYNAMIC))
        .with_limits()
}

/// Non-empty arrays and maps in a dynamic value (each is one `Vec`).
fn value_collections(v: &Value) -> u64 {
    match v {
        Value::Array(items) => u64::from(!items.is_empty()) + items.iter().map(value_collections).sum::<u64>(),
        Value::Map(entries) => {
            u64::from(!entries.is_empty())
                + entries.iter().map(|(k, v)| value_collections(k) + value_collections(v)).sum::<u64>()
        }
        _ => 0,
    }
}
