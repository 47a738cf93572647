//! Helpers shared by the test binaries (`tests/<layer>.rs`), each of which
//! declares `mod common;`. Every binary gets them all; each uses a part.
//!
//! `alloc` is the binaries' one global allocator: it feeds the per-thread
//! counters of `count_alloc`, `peak_alloc` and `live_alloc`, so the tests
//! that measure allocations see only their own thread's, whatever runs in
//! parallel. (`live_alloc.rs` and `peak_alloc.rs` are not modules here:
//! they wrap `alloc.rs` for msgpack-derive's tests, which include one of
//! them with `#[path]`.)

#![allow(dead_code, reason = "each test binary uses a part of the helpers")]
#![allow(unused_macros, reason = "the soundness macros are used by the schema binary only")]

pub(crate) mod alloc;
pub(crate) mod any_value;
pub(crate) mod parity;
pub(crate) mod rng;
pub(crate) mod roundtrip;
pub(crate) mod same;
#[macro_use]
pub(crate) mod soundness;

#[allow(unused_imports, reason = "each test binary uses a part of the counters")]
pub(crate) use alloc::{count as count_alloc, live as live_alloc, peak as peak_alloc};
