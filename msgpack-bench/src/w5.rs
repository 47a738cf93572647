//! W5: data shapes from djkoloski/rust_serialization_benchmark (the public
//! Rust serialization benchmark), written as MessagePack, array form.
//!
//! The benchmark's datasets `mesh`, `mk48`, `log` and `minecraft_savedata`
//! are four shapes a MessagePack user meets all the time: a large array of
//! small float structs, a stream of game updates made of small integers,
//! unit enums, options and nested arrays, a table of short strings, and a
//! deep document of nested structs. The types and value ranges follow the
//! benchmark's Rust types; the values come from our own generator
//! ([`SplitMix64`], one fixed seed per case), so the bytes are the same on
//! every run (`WORKLOADS.md`, section W5, lists the recipes and the sizes).
//!
//! # Cases
//!
//! | case | value (full / `--quick`) | module |
//! |---|---|---|
//! | `mesh` | 125,000 / 1,000 triangles of 4 `Vector3 { x, y, z: f32 }` | `mesh` |
//! | `game state` | 1,000 / 10 mk48 `Update`s (about 30 contacts each) | `game` |
//! | `access log` | 10,000 / 200 `Log` entries (4 strings, 3 integers, an address) | `log` |
//! | `save file` | 500 / 10 minecraft `Player`s | `save` |
//!
//! # Rows
//!
//! The canonical bytes are our derive's array form (`#[msgpack(array)]` on
//! every struct). Every crate's row holds the same values: the types derive
//! every crate's traits at once (ours, serde, zerompk, msgpacker), so each row
//! encodes one shared copy of the generated data.
//! - `ours: derive (array)` (canonical), `ours: derive, borrowed` for the
//!   access log (`&str` fields), `ours: derive` (map form, a
//!   `#[msgpack(map)]` twin of the types; mesh and access log).
//! - `zerompk`: its derive, whose default is the array form: the same bytes
//!   for mesh and access log (`zerompk, borrowed` too: its derive reads
//!   `&'a str`). In game state and save file it writes positive signed
//!   integers above 127 in signed formats and cannot read the smallest
//!   (unsigned) ones that we and rmp-serde write: the same values, other
//!   bytes (`ZEROMPK_SIGNED`).
//! - `ours: serde path` (`msgpack_core::serde::to_vec` / `from_slice` on the
//!   serde-derived types), `ours: serde path, borrowed` (access log) and
//!   `ours: serde path (named)` (`to_vec_named`; mesh and access log): one
//!   beside each rmp-serde row, rmp-serde's bytes.
//! - `rmp-serde (compact)` (`to_vec`, structs as arrays): the same bytes;
//!   `rmp-serde (compact), borrowed` (serde borrows `&'a str` fields);
//!   `rmp-serde (named)` (`to_vec_named`) beside our map form.
//! - `msgpacker` (and `msgpacker, borrowed`): its derive writes a struct as
//!   its fields back to back without a header and a unit enum as its index,
//!   so its bytes differ.
//! - the floors `memcpy` and `skip` over the canonical bytes.
//!
//! Enums are unit enums written as their variant's name (our default, serde's
//! and zerompk's); options are `nil` or the value; byte buffers are `bin`
//! (`serde_bytes` on the serde side).

/// Declares array-form structs that derive every crate's traits (ours,
/// serde, zerompk, msgpacker), for the cases' types.
///
/// The fields pass through as plain tokens (not `ty` fragments, which reach
/// a derive wrapped in invisible groups): zerompk's and msgpacker's derives
/// recognise `Vec<u8>`, `Vec<u16>` or `Option<T>` by their spelling and take
/// their fast paths (`bin`, slice writers) only when they see it.
macro_rules! array_structs {
    ($($(#[$meta:meta])* struct $name:ident { $($body:tt)* })*) => {$(
        $(#[$meta])*
        #[derive(
            ::msgpack_core::MsgPack,
            ::serde::Serialize,
            ::serde::Deserialize,
            ::zerompk::ToMessagePack,
            ::zerompk::FromMessagePack,
            ::msgpacker::MsgPacker,
            Debug,
            Clone,
            PartialEq,
        )]
        #[msgpack(array)]
        pub struct $name { $($body)* }
    )*};
}

pub mod game;
pub mod log;
pub mod mesh;
pub mod save;

use std::convert::Infallible;

use crate::harness::{Case, Workload};

/// The workload: mesh, game state, access log and save file; `--quick` runs
/// build the same cases with far fewer elements.
///
/// ```
/// let w = msgpack_bench::w5::workload();
/// assert_eq!(w.id, "W5");
/// let quick = (w.cases)(true);
/// let names: Vec<&str> = quick.iter().map(|c| c.name.as_str()).collect();
/// assert_eq!(names, ["mesh", "game state", "access log", "save file"]);
/// // 1,000 triangles in quick runs.
/// assert_eq!(quick[0].items.map(|i| (i.unit, i.count)), Some(("triangle", 1_000)));
/// ```
pub fn workload() -> Workload {
    Workload {
        id: "W5",
        title: "rust_serialization_benchmark shapes: mesh, game state, access log, save file",
        source: "djkoloski/rust_serialization_benchmark (datasets mesh, mk48, log, minecraft_savedata)",
        cases,
    }
}

/// The cases in table order, at full or quick size.
fn cases(quick: bool) -> Vec<Case> {
    vec![mesh::case(quick), game::case(quick), log::case(quick), save::case(quick)]
}

/// The generator behind every W5 case: SplitMix64 (Steele, Lea and Flood;
/// the seeding generator of the xoshiro family), with the few draws the
/// recipes use. Every draw takes exactly one 64-bit output.
///
/// ```
/// use msgpack_bench::w5::SplitMix64;
///
/// // The reference sequence for seed 0.
/// let mut rng = SplitMix64::new(0);
/// assert_eq!(rng.next_u64(), 0xe220_a839_7b1d_cdaf);
/// assert_eq!(rng.next_u64(), 0x6e78_9e6a_a1b9_65f4);
///
/// let mut rng = SplitMix64::new(7);
/// let x = rng.range(-5, 5);
/// assert!((-5..5).contains(&x));
/// let f = rng.f32();
/// assert!((0.0..1.0).contains(&f));
/// ```
#[derive(Clone, Debug)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator whose state starts at `seed`.
    ///
    /// ```
    /// use msgpack_bench::w5::SplitMix64;
    ///
    /// let (mut a, mut b) = (SplitMix64::new(42), SplitMix64::new(42));
    /// assert_eq!(a.next_u64(), b.next_u64());
    /// ```
    pub fn new(seed: u64) -> Self {
        SplitMix64 { state: seed }
    }

    /// The next 64-bit output.
    ///
    /// ```
    /// let mut rng = msgpack_bench::w5::SplitMix64::new(1);
    /// assert_ne!(rng.next_u64(), rng.next_u64());
    /// ```
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`): the high 64 bits of `next_u64() · n`.
    ///
    /// ```
    /// let mut rng = msgpack_bench::w5::SplitMix64::new(3);
    /// assert!((0..10).all(|_| rng.below(6) < 6));
    /// ```
    pub fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }

    /// A number in `lo..hi` (`lo < hi`): `lo + below(hi - lo)`.
    ///
    /// ```
    /// let mut rng = msgpack_bench::w5::SplitMix64::new(3);
    /// assert!((0..100).all(|_| (-120..-35).contains(&rng.range(-120, -35))));
    /// ```
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo) as u64) as i64
    }

    /// An `f32` in `[0, 1)`: the top 24 bits over 2^24 (every value exact).
    ///
    /// ```
    /// let mut rng = msgpack_bench::w5::SplitMix64::new(9);
    /// let f = rng.f32();
    /// assert_eq!(f, (f * 16_777_216.0).floor() / 16_777_216.0);
    /// ```
    pub fn f32(&mut self) -> f32 {
        (self.next_u64() >> 40) as f32 / (1u32 << 24) as f32
    }

    /// An `f64` in `[0, 1)`: the top 53 bits over 2^53.
    ///
    /// ```
    /// let mut rng = msgpack_bench::w5::SplitMix64::new(9);
    /// assert!((0.0..1.0).contains(&rng.f64()));
    /// ```
    pub fn f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// `true` with probability `p`: `f64() < p`.
    ///
    /// ```
    /// let mut rng = msgpack_bench::w5::SplitMix64::new(5);
    /// assert!(!rng.chance(0.0) && rng.chance(1.0));
    /// ```
    pub fn chance(&mut self, p: f64) -> bool {
        self.f64() < p
    }

    /// One element of `items`, uniformly: `items[below(len)]`.
    ///
    /// ```
    /// let mut rng = msgpack_bench::w5::SplitMix64::new(5);
    /// assert!(["GET", "PUT"].contains(rng.pick(&["GET", "PUT"])));
    /// ```
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
}

/// Why rmp-serde's named form is not the canonical bytes.
const NAMED: &str = "map form (rmp_serde::to_vec_named): structs as maps keyed by field name, the same bytes as our \
                     map-form row";
/// Why our map-form twin is not the canonical bytes.
const OURS_MAP: &str = "map form: the same values in #[msgpack(map)] twins of the types (structs as maps keyed by \
                        field name)";
/// Why zerompk's rows are not the canonical bytes where the case has signed
/// integers.
const ZEROMPK_SIGNED: &str = "zerompk writes a positive signed integer (an i8..i64 field) above 127 in a signed \
                              format (an i16 of 692 as int 16 d1 02 b4, of 140 as d1 00 8c) where ours and rmp-serde \
                              write the smallest format (uint 16 cd 02 b4, uint 8 cc 8c): the same values, as long or \
                              longer (one byte more for 128..=255); zerompk's reader also rejects the unsigned formats \
                              for a signed field, so it cannot read the canonical bytes (Invalid marker: 205)";
/// Why msgpacker's rows are not the canonical bytes.
const MSGPACKER_LAYOUT: &str = "msgpacker's derive writes a struct as its fields' values back to back, with no array \
                                header, and a unit enum as its index";

/// A borrowed row's name: `"<name>, borrowed"`, as `ours: derive, borrowed`.
fn borrowed_name(name: &str) -> String {
    format!("{name}, borrowed")
}

/// msgpacker's `pack_to_vec`, as an encode for `rows::borrowed!`.
fn msgpacker_pack<T: msgpacker::Packable>(value: &T) -> Result<Vec<u8>, Infallible> {
    Ok(msgpacker::pack_to_vec(value))
}

/// The canonical bytes: our derive's array form.
fn canonical<T: msgpack_core::Encode>(value: &T) -> Vec<u8> {
    msgpack_core::to_vec(value).expect("a W5 value always encodes")
}
