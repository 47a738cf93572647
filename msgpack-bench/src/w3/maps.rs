//! W3 maps: 100,000 maps of 16 entries (`k00`..`k15` → u32) in one array, as
//! a derived struct, `BTreeMap` and `HashMap` (recipe in the parent module).

use std::collections::{BTreeMap, HashMap};
use std::rc::Rc;

use msgpack_core::MsgPack;
use serde::{Deserialize, Serialize};

use crate::harness::{Case, Group, names};
use crate::rows;

/// Maps in the case.
const MAPS: usize = 100_000;

/// The keys, in the order the struct declares its fields (which is also
/// their sorted order, so the struct and `BTreeMap` write the same bytes).
const KEYS: [&str; 16] =
    ["k00", "k01", "k02", "k03", "k04", "k05", "k06", "k07", "k08", "k09", "k10", "k11", "k12", "k13", "k14", "k15"];

/// One map as a struct: map form in every crate (zerompk needs `map`, ours
/// and serde's named form default to it).
#[derive(
    MsgPack, Serialize, Deserialize, zerompk::ToMessagePack, zerompk::FromMessagePack, Debug, Clone, PartialEq,
)]
#[msgpack(map)]
struct Sixteen {
    k00: u32,
    k01: u32,
    k02: u32,
    k03: u32,
    k04: u32,
    k05: u32,
    k06: u32,
    k07: u32,
    k08: u32,
    k09: u32,
    k10: u32,
    k11: u32,
    k12: u32,
    k13: u32,
    k14: u32,
    k15: u32,
}

/// Entry `j` of map `m`: by `j mod 4` a fixint, a uint 8, a uint 16 or a uint 32.
fn entry(m: usize, j: usize) -> u32 {
    let (m, j) = (m as u32, j as u32);
    match j % 4 {
        0 => (m + j) % 128,
        1 => 128 + m % 128,
        2 => 256 + (7 * m + j) % 65_000,
        _ => 65_536 + 1000 * m + j,
    }
}

fn sixteen(m: usize) -> Sixteen {
    let v: [u32; 16] = std::array::from_fn(|j| entry(m, j));
    Sixteen {
        k00: v[0],
        k01: v[1],
        k02: v[2],
        k03: v[3],
        k04: v[4],
        k05: v[5],
        k06: v[6],
        k07: v[7],
        k08: v[8],
        k09: v[9],
        k10: v[10],
        k11: v[11],
        k12: v[12],
        k13: v[13],
        k14: v[14],
        k15: v[15],
    }
}

fn entries(m: usize) -> impl Iterator<Item = (&'static str, u32)> {
    KEYS.iter().enumerate().map(move |(j, k)| (*k, entry(m, j)))
}

/// The case `maps 100k×16`.
pub(super) fn case() -> Case {
    let structs: Rc<Vec<Sixteen>> = Rc::new((0..MAPS).map(sixteen).collect());
    let btree: Rc<Vec<BTreeMap<String, u32>>> =
        Rc::new((0..MAPS).map(|m| entries(m).map(|(k, v)| (k.to_owned(), v)).collect()).collect());
    let btree_ref: Vec<BTreeMap<&'static str, u32>> = (0..MAPS).map(|m| entries(m).collect()).collect();
    let hash: Vec<HashMap<String, u32>> =
        (0..MAPS).map(|m| entries(m).map(|(k, v)| (k.to_owned(), v)).collect()).collect();
    let rmpv_value = rmpv::Value::Array(
        (0..MAPS).map(|m| rmpv::Value::Map(entries(m).map(|(k, v)| (k.into(), v.into())).collect())).collect(),
    );
    let canonical = msgpack_core::to_vec(&*structs).expect("a Vec of structs always encodes");

    Case::new("W3", "maps 100k×16", canonical)
        .row(rows::ours::<Vec<Sixteen>>(names::DERIVE, structs.clone()))
        .row(rows::ours::<Vec<BTreeMap<String, u32>>>(
            format!("{} (BTreeMap<String, u32>)", names::DERIVE),
            btree.clone(),
        ))
        .row(
            rows::ours::<Vec<HashMap<String, u32>>>(format!("{} (HashMap<String, u32>)", names::DERIVE), hash)
                .differs("HashMap iteration order is random, so the entries are written in another order"),
        )
        .row(rows::borrowed!(
            format!("{} (BTreeMap<&str, u32>)", names::DERIVE_BORROWED),
            Group::Ours,
            btree_ref,
            Vec<BTreeMap<&str, u32>>,
            msgpack_core::to_vec,
            msgpack_core::from_slice
        ))
        .row(rows::serde_path_named::<Vec<Sixteen>>(names::SERDE_PATH_NAMED, structs.clone()))
        .row(rows::serde_path_named::<Vec<BTreeMap<String, u32>>>(
            format!("{} (BTreeMap<String, u32>)", names::SERDE_PATH_NAMED),
            btree.clone(),
        ))
        .row(rows::serde_named::<Vec<Sixteen>>(names::RMP_SERDE_NAMED, structs.clone()))
        .row(rows::serde_named::<Vec<BTreeMap<String, u32>>>(
            format!("{} (BTreeMap<String, u32>)", names::RMP_SERDE_NAMED),
            btree.clone(),
        ))
        .row(rows::rmpv(rmpv_value))
        .row(rows::zerompk::<Vec<Sixteen>>(names::ZEROMPK, structs))
        // msgpacker's derive writes a struct's values back to back, without
        // keys, so the map is its `BTreeMap` impl.
        .row(rows::msgpacker::<Vec<BTreeMap<String, u32>>>(
            format!("{} (BTreeMap<String, u32>)", names::MSGPACKER),
            btree,
        ))
        .items("map", MAPS as u64)
        .show_peak()
        .not_quick()
        .with_limits()
}
