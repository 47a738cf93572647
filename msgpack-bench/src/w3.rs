//! W3: the PB-MessagePack workloads: small fields, strings, binary, maps and
//! deep nesting, each timed per field / per string / per map / per level.
//!
//! Everything is generated in code from the formulas below (no randomness
//! except a fixed xorshift for the binary payloads), so the bytes are the same
//! on every run and the expected sizes follow by arithmetic (the test
//! `tests/w3_w4.rs` checks them).
//!
//! # Cases
//!
//! | case | value | canonical bytes |
//! |---|---|---|
//! | `fields 1M` | 125,000 records of 8 fields in one array (1,000,000 fields) | our array-form derive |
//! | `str 8 B`, `str 1 KB`, `str 64 KB` | one ASCII string of 8, 1024, 65,536 bytes | our `String` |
//! | `str 1 KB utf-8` | one string of 1024 bytes of 2-, 3- and 4-byte characters | our `String` |
//! | `bin 1 KB`, `bin 1 MB` | one byte string of 1024, 1,048,576 bytes | our `Vec<u8>` (`bin`) |
//! | `maps 100k×16` | 100,000 maps of 16 entries `k00`..`k15` → u32, in one array | our map-form derive |
//! | `nest 1` .. `nest 128` | arrays of 3 integers nested N levels | our `Value` |
//!
//! `fields 1M` and `maps 100k×16` show peak decode memory and are left out of
//! `--quick` runs (their `Value` and `BTreeMap` decodes take over 50 ms).
//!
//! # Recipes
//!
//! **Fields** (record `i` in `0..125_000`, an array of 8):
//! `u8 = i % 100` (positive fixint), `u16 = 1000 + i % 60_000` (uint 16),
//! `u32 = 100_000 + 7·i` (uint 32), `i64 = −(5_000_000_000 + 1_000_003·i)` (int 64),
//! `f64 = 0.5·i + 0.25` (float 64), `f32 = 0.25·i` (float 32), `bool = i even`,
//! `str = format!("s{:07}", i)` (8 bytes, fixstr). Every record is then 43 bytes:
//! `1 + 1 + 3 + 5 + 9 + 9 + 5 + 1 + 9`.
//!
//! **Strings**: ASCII byte `j` is `0x20 + (31·j + 7) mod 95` (printable ASCII).
//! The UTF-8 string is 64 repetitions of a 16-byte unit built from `k` in
//! `0..64`: two CJK ideographs `U+4E00 + (2k)·37`, `U+4E00 + (2k+1)·37` (3 bytes
//! each), `U+00C0 + k` (2 bytes), `U+03B1 + k mod 25` (2 bytes),
//! `U+1F600 + k mod 80` (4 bytes) and `U+0410 + k mod 32` (2 bytes).
//!
//! **Binary**: byte `j` is the low byte of the `j+1`-th output of xorshift32
//! (`x ^= x << 13; x ^= x >> 17; x ^= x << 5`) seeded with `0x9E37_79B9`.
//!
//! **Maps** (map `m` in `0..100_000`, key `kJJ` for `j` in `0..16`), by `j mod 4`:
//! `0`: `(m + j) mod 128` (fixint), `1`: `128 + m mod 128` (uint 8),
//! `2`: `256 + (7m + j) mod 65_000` (uint 16), `3`: `65_536 + 1000·m + j` (uint 32).
//! A map is then `3 + 16·4 + 4·(1 + 2 + 3 + 5) = 111` bytes (map 16 header,
//! 16 fixstr keys of 3 bytes).
//!
//! **Nesting**: level 1 is `[1, 2, 3]`; level `k > 1` is `[1, 2, <level k−1>]`
//! (each level an array of 3 elements whose last element is the next level),
//! so N levels take `3N + 1` bytes.
//!
//! # Row names
//!
//! A case whose value is a standard type (a string, a byte buffer, a map)
//! names our typed rows `ours: derive (T)` / `ours: derive, borrowed (T)`: they
//! run our `Encode` / `Decode` impls for `T`, which is what a derived struct's
//! field of that type runs. Other crates' rows carry the same `(T)` suffix,
//! and so do our serde-path rows (`ours: serde path (String)`, ...), one
//! beside each rmp-serde row, on the same type.

mod binary;
mod fields;
mod maps;
mod nesting;
mod strings;

use crate::harness::{Case, Workload};

/// The workload; quick runs leave out `fields 1M` and `maps 100k×16`.
///
/// ```
/// let w = msgpack_bench::w3::workload();
/// assert_eq!(w.id, "W3");
/// let quick = (w.cases)(true);
/// assert!(quick.iter().all(|c| c.name != "fields 1M" && c.name != "maps 100k×16"));
/// // N levels of nesting take 3N + 1 bytes.
/// let nest = quick.iter().find(|c| c.name == "nest 128").unwrap();
/// assert_eq!(nest.canonical.len(), 3 * 128 + 1);
/// ```
pub fn workload() -> Workload {
    Workload {
        id: "W3",
        title: "PB-MessagePack: fields, strings, binary, maps, nesting",
        source: "PB-MessagePack benchmarks",
        cases,
    }
}

/// The cases in table order. `fields 1M` and `maps 100k×16` are left out of
/// quick runs (and not even built): their dynamic-value and `BTreeMap` decodes
/// take well over 50 ms each.
fn cases(quick: bool) -> Vec<Case> {
    let mut out = Vec::new();
    if !quick {
        out.push(fields::case());
    }
    out.extend(strings::cases());
    out.extend(binary::cases());
    if !quick {
        out.push(maps::case());
    }
    out.extend(nesting::cases());
    out
}
