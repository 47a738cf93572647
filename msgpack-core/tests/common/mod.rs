//! Helpers shared by the test binaries (`tests/<layer>.rs`), each of which
//! declares `mod common;`. Every binary gets them all; each uses a part.
//!
//! `alloc` is the binaries' one global allocator: it feeds the per-thread
//! counters of `count_alloc`, `peak_alloc` and `live_alloc`, so the tests
//! that measure allocations see only their own thread's, whatever runs in
//! parallel.

#![allow(dead_code, reason = "each test binary uses a part of the helpers")]
#![allow(unused_macros, reason = "the soundness macros are used by the schema binary only")]

mod alloc;
pub(crate) mod any_value;
pub(crate) mod count_alloc;
pub(crate) mod live_alloc;
pub(crate) mod parity;
pub(crate) mod peak_alloc;
pub(crate) mod rng;
pub(crate) mod roundtrip;
pub(crate) mod same;
#[macro_use]
pub(crate) mod soundness;
