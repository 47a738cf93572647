//! W4: the Python serializer benchmark's two messages, small and big; its
//! "round trip" is the runner's total column (encode + decode).
//!
//! | case | value | canonical bytes |
//! |---|---|---|
//! | `small` | `[1, 2, true, false, "abcd"]` | our array-form derive, 10 bytes |
//! | `big` | `{i: str(i) × 10}` for i in `0..20_000`, integer keys | our `BTreeMap<u32, String>`, 987,519 bytes |
//!
//! The big map's values are the decimal digits of `i` repeated 10 times
//! (`i = 7` gives `"7777777777"`, `i = 12` gives `"1212121212121212121212"`);
//! entries are written in key order. Its size, by key and value width:
//! keys `0..128` take 1 byte, `128..256` 2 bytes, the other 19,744 3 bytes
//! (59,616 bytes); values of 10, 20, 30, 40, 50 bytes (for 1- to 5-digit keys:
//! 10, 90, 900, 9000, 10,000 of them) take 11, 21, 31, 42, 52 bytes
//! (927,900 bytes); plus a 3-byte map 16 header.
//!
//! Rows over standard types are named `ours: derive (T)` as in W3: our
//! `Encode` / `Decode` impls for `T`, what a derived field of that type runs.

use std::collections::{BTreeMap, HashMap};
use std::convert::Infallible;
use std::hint::black_box;
use std::rc::Rc;
use std::sync::OnceLock;

use msgpack_core::{MsgPack, Value, ValueRef};
use msgpacker::Unpackable as _;
use serde::{Deserialize, Serialize};

use crate::harness::{Case, Group, Row, Workload, expect_eq, names};
use crate::w3::{err, rmpv_row};

/// The workload.
pub fn workload() -> Workload {
    Workload {
        id: "W4",
        title: "Python serializer benchmark: small and big",
        source: "python serializer benchmark (small / big data)",
        cases: |_quick| vec![small(), big()],
    }
}

/// The small message `[1, 2, true, false, "abcd"]` as a struct (array form
/// everywhere; msgpacker writes the fields back to back, without a header).
#[derive(
    MsgPack,
    Serialize,
    Deserialize,
    zerompk::ToMessagePack,
    zerompk::FromMessagePack,
    msgpacker::MsgPacker,
    Debug,
    Clone,
    PartialEq,
)]
#[msgpack(array)]
struct Small {
    one: i64,
    two: i64,
    yes: bool,
    no: bool,
    text: String,
}

type SmallTuple = (i64, i64, bool, bool, String);

fn small() -> Case {
    let src = Small { one: 1, two: 2, yes: true, no: false, text: "abcd".to_owned() };
    let tuple: SmallTuple = (1, 2, true, false, "abcd".to_owned());
    let value = Value::Array(vec![1u8.into(), 2u8.into(), true.into(), false.into(), "abcd".into()]);
    let value_ref = ValueRef::Array(vec![1u8.into(), 2u8.into(), true.into(), false.into(), "abcd".into()]);
    let rmpv_value = rmpv::Value::Array(vec![1.into(), 2.into(), true.into(), false.into(), "abcd".into()]);
    let canonical = msgpack_core::to_vec(&src).expect("a struct always encodes");

    let ours = {
        let (v, want) = (src.clone(), src.clone());
        Row::new(names::DERIVE_ARRAY, Group::Ours)
            .encode(move || msgpack_core::to_vec(&v))
            .decode(|b| msgpack_core::from_slice::<Small>(b))
            .check(move |b| expect_eq(&msgpack_core::from_slice::<Small>(b).map_err(err)?, &want))
    };
    let ours_tuple = {
        let (v, want) = (tuple.clone(), tuple.clone());
        Row::new(format!("{} (tuple)", names::DERIVE), Group::Ours)
            .encode(move || msgpack_core::to_vec(&v))
            .decode(|b| msgpack_core::from_slice::<SmallTuple>(b))
            .check(move |b| expect_eq(&msgpack_core::from_slice::<SmallTuple>(b).map_err(err)?, &want))
    };
    let ours_value = {
        let want = value.clone();
        Row::new(names::VALUE, Group::Ours)
            .encode(move || msgpack_core::to_vec(&value))
            .decode(|b| msgpack_core::from_slice::<Value>(b))
            .check(move |b| expect_eq(&msgpack_core::from_slice::<Value>(b).map_err(err)?, &want))
    };
    let ours_value_ref = {
        let want = value_ref.clone();
        Row::new(names::VALUE_REF, Group::Ours)
            .encode(move || msgpack_core::to_vec(&value_ref))
            .decode_with(|b| {
                let v: ValueRef<'_> = msgpack_core::from_slice(b).map_err(err)?;
                black_box(&v);
                Ok(())
            })
            .check(move |b| expect_eq(&msgpack_core::from_slice::<ValueRef<'_>>(b).map_err(err)?, &want))
    };
    let rmp_serde = {
        let (v, want) = (src.clone(), src.clone());
        Row::new(names::RMP_SERDE_COMPACT, Group::Other)
            .encode(move || rmp_serde::to_vec(&v))
            .decode(|b| rmp_serde::from_slice::<Small>(b))
            .check(move |b| expect_eq(&rmp_serde::from_slice::<Small>(b).map_err(err)?, &want))
    };
    let rmp_serde_tuple = {
        let (v, want) = (tuple.clone(), tuple);
        Row::new(format!("{} (tuple)", names::RMP_SERDE_COMPACT), Group::Other)
            .encode(move || rmp_serde::to_vec(&v))
            .decode(|b| rmp_serde::from_slice::<SmallTuple>(b))
            .check(move |b| expect_eq(&rmp_serde::from_slice::<SmallTuple>(b).map_err(err)?, &want))
    };
    let rmpv_row = rmpv_row(rmpv_value);
    let zerompk_row = {
        let (v, want) = (src.clone(), src.clone());
        Row::new(names::ZEROMPK, Group::Other)
            .encode(move || zerompk::to_msgpack_vec(&v))
            .decode(|b| zerompk::from_msgpack::<Small>(b))
            .check(move |b| expect_eq(&zerompk::from_msgpack::<Small>(b).map_err(err)?, &want))
    };
    let msgpacker_row = {
        let (v, want) = (src.clone(), src);
        Row::new(names::MSGPACKER, Group::Other)
            .encode(move || Ok::<_, Infallible>(msgpacker::pack_to_vec(&v)))
            .decode(Small::unpack)
            .check(move |b| expect_eq(&Small::unpack(b).map_err(err)?, &want))
            .differs("msgpacker's derive writes a struct's fields back to back, without an array header")
    };

    Case::new("W4", "small", canonical)
        .row(ours)
        .row(ours_tuple)
        .row(ours_value)
        .row(ours_value_ref)
        .row(rmp_serde)
        .row(rmp_serde_tuple)
        .row(rmpv_row)
        .row(zerompk_row)
        .row(msgpacker_row)
        .with_limits()
}

/// Entries of the big map.
const BIG: usize = 20_000;

/// The big map's values, `str(i)` repeated 10 times, kept for the process so
/// that borrowed sources can be `'static` (built once, about 0.9 MB).
fn texts() -> &'static [String] {
    static TEXTS: OnceLock<Vec<String>> = OnceLock::new();
    TEXTS.get_or_init(|| (0..BIG).map(|i| i.to_string().repeat(10)).collect())
}

fn big_entries() -> impl Iterator<Item = (u32, &'static str)> {
    texts().iter().enumerate().map(|(i, s)| (i as u32, s.as_str()))
}

fn big() -> Case {
    let btree: Rc<BTreeMap<u32, String>> = Rc::new(big_entries().map(|(k, v)| (k, v.to_owned())).collect());
    let btree_ref: BTreeMap<u32, &'static str> = big_entries().collect();
    let hash: HashMap<u32, String> = big_entries().map(|(k, v)| (k, v.to_owned())).collect();
    let value = Value::Map(big_entries().map(|(k, v)| (k.into(), v.into())).collect());
    let value_ref = ValueRef::Map(big_entries().map(|(k, v)| (k.into(), v.into())).collect());
    let rmpv_value = rmpv::Value::Map(big_entries().map(|(k, v)| (k.into(), v.into())).collect());
    let canonical = msgpack_core::to_vec(&*btree).expect("a map always encodes");

    let ours = {
        let (v, want) = (btree.clone(), btree.clone());
        Row::new(format!("{} (BTreeMap<u32, String>)", names::DERIVE), Group::Ours)
            .encode(move || msgpack_core::to_vec(&*v))
            .decode(|b| msgpack_core::from_slice::<BTreeMap<u32, String>>(b))
            .check(move |b| expect_eq(&msgpack_core::from_slice::<BTreeMap<u32, String>>(b).map_err(err)?, &*want))
    };
    let ours_hash = {
        let want = hash.clone();
        Row::new(format!("{} (HashMap<u32, String>)", names::DERIVE), Group::Ours)
            .encode(move || msgpack_core::to_vec(&hash))
            .decode(|b| msgpack_core::from_slice::<HashMap<u32, String>>(b))
            .check(move |b| expect_eq(&msgpack_core::from_slice::<HashMap<u32, String>>(b).map_err(err)?, &want))
            .differs("HashMap iteration order is random, so the entries are written in another order")
    };
    let ours_borrowed = {
        let want = btree_ref.clone();
        Row::new(format!("{} (BTreeMap<u32, &str>)", names::DERIVE_BORROWED), Group::Ours)
            .encode(move || msgpack_core::to_vec(&btree_ref))
            .decode_with(|b| {
                let v: BTreeMap<u32, &str> = msgpack_core::from_slice(b).map_err(err)?;
                black_box(&v);
                Ok(())
            })
            .check(move |b| expect_eq(&msgpack_core::from_slice::<BTreeMap<u32, &str>>(b).map_err(err)?, &want))
    };
    let ours_value = {
        let want = value.clone();
        Row::new(names::VALUE, Group::Ours)
            .encode(move || msgpack_core::to_vec(&value))
            .decode(|b| msgpack_core::from_slice::<Value>(b))
            .check(move |b| expect_eq(&msgpack_core::from_slice::<Value>(b).map_err(err)?, &want))
    };
    let ours_value_ref = {
        let want = value_ref.clone();
        Row::new(names::VALUE_REF, Group::Ours)
            .encode(move || msgpack_core::to_vec(&value_ref))
            .decode_with(|b| {
                let v: ValueRef<'_> = msgpack_core::from_slice(b).map_err(err)?;
                black_box(&v);
                Ok(())
            })
            .check(move |b| expect_eq(&msgpack_core::from_slice::<ValueRef<'_>>(b).map_err(err)?, &want))
    };
    let rmp_serde = {
        let (v, want) = (btree.clone(), btree.clone());
        Row::new(format!("{} (BTreeMap<u32, String>)", names::RMP_SERDE_NAMED), Group::Other)
            .encode(move || rmp_serde::to_vec_named(&*v))
            .decode(|b| rmp_serde::from_slice::<BTreeMap<u32, String>>(b))
            .check(move |b| expect_eq(&rmp_serde::from_slice::<BTreeMap<u32, String>>(b).map_err(err)?, &*want))
    };
    let rmpv_row = rmpv_row(rmpv_value);
    let zerompk_row = {
        let (v, want) = (btree.clone(), btree.clone());
        Row::new(format!("{} (BTreeMap<u32, String>)", names::ZEROMPK), Group::Other)
            .encode(move || zerompk::to_msgpack_vec(&*v))
            .decode(|b| zerompk::from_msgpack::<BTreeMap<u32, String>>(b))
            .check(move |b| expect_eq(&zerompk::from_msgpack::<BTreeMap<u32, String>>(b).map_err(err)?, &*want))
    };
    let msgpacker_row = {
        let (v, want) = (btree.clone(), btree);
        Row::new(format!("{} (BTreeMap<u32, String>)", names::MSGPACKER), Group::Other)
            .encode(move || Ok::<_, Infallible>(msgpacker::pack_to_vec(&*v)))
            .decode(BTreeMap::<u32, String>::unpack)
            .check(move |b| expect_eq(&BTreeMap::<u32, String>::unpack(b).map_err(err)?, &*want))
    };

    Case::new("W4", "big", canonical)
        .row(ours)
        .row(ours_hash)
        .row(ours_borrowed)
        .row(ours_value)
        .row(ours_value_ref)
        .row(rmp_serde)
        .row(rmpv_row)
        .row(zerompk_row)
        .row(msgpacker_row)
        .items("entry", BIG as u64)
        .with_limits()
}
