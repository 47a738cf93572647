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
//! Our serde path (`msgpack_core::serde`) has a row beside each rmp-serde
//! row, on the same type.

use std::collections::{BTreeMap, HashMap};
use std::rc::Rc;
use std::sync::OnceLock;

use msgpack_core::{MsgPack, Value, ValueRef};
use serde::{Deserialize, Serialize};

use crate::harness::{Case, Group, Workload, names};
use crate::rows;

/// The workload: the small and the big message, the same in quick runs.
///
/// ```
/// let w = msgpack_bench::w4::workload();
/// let cases = (w.cases)(true);
/// assert_eq!(cases[0].canonical, [0x95, 0x01, 0x02, 0xc3, 0xc2, 0xa4, b'a', b'b', b'c', b'd']);
/// assert_eq!(cases[1].canonical.len(), 987_519);
/// ```
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

    Case::new("W4", "small", canonical)
        .row(rows::ours::<Small>(names::DERIVE_ARRAY, src.clone()))
        .row(rows::ours::<SmallTuple>(format!("{} (tuple)", names::DERIVE), tuple.clone()))
        .row(rows::value(value))
        .row(rows::value_ref(value_ref))
        .row(rows::serde_path::<Small>(names::SERDE_PATH, src.clone()))
        .row(rows::serde_path::<SmallTuple>(format!("{} (tuple)", names::SERDE_PATH), tuple.clone()))
        .row(rows::serde_compact::<Small>(names::RMP_SERDE_COMPACT, src.clone()))
        .row(rows::serde_compact::<SmallTuple>(format!("{} (tuple)", names::RMP_SERDE_COMPACT), tuple))
        .row(rows::rmpv(rmpv_value))
        .row(rows::zerompk::<Small>(names::ZEROMPK, src.clone()))
        .row(
            rows::msgpacker::<Small>(names::MSGPACKER, src)
                .differs("msgpacker's derive writes a struct's fields back to back, without an array header"),
        )
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

    Case::new("W4", "big", canonical)
        .row(rows::ours::<BTreeMap<u32, String>>(format!("{} (BTreeMap<u32, String>)", names::DERIVE), btree.clone()))
        .row(
            rows::ours::<HashMap<u32, String>>(format!("{} (HashMap<u32, String>)", names::DERIVE), hash)
                .differs("HashMap iteration order is random, so the entries are written in another order"),
        )
        .row(rows::borrowed!(
            format!("{} (BTreeMap<u32, &str>)", names::DERIVE_BORROWED),
            Group::Ours,
            btree_ref,
            BTreeMap<u32, &str>,
            msgpack_core::to_vec,
            msgpack_core::from_slice
        ))
        .row(rows::value(value))
        .row(rows::value_ref(value_ref))
        .row(rows::serde_path_named::<BTreeMap<u32, String>>(
            format!("{} (BTreeMap<u32, String>)", names::SERDE_PATH_NAMED),
            btree.clone(),
        ))
        .row(rows::serde_named::<BTreeMap<u32, String>>(
            format!("{} (BTreeMap<u32, String>)", names::RMP_SERDE_NAMED),
            btree.clone(),
        ))
        .row(rows::rmpv(rmpv_value))
        .row(rows::zerompk::<BTreeMap<u32, String>>(
            format!("{} (BTreeMap<u32, String>)", names::ZEROMPK),
            btree.clone(),
        ))
        .row(rows::msgpacker::<BTreeMap<u32, String>>(format!("{} (BTreeMap<u32, String>)", names::MSGPACKER), btree))
        .items("entry", BIG as u64)
        .with_limits()
}
