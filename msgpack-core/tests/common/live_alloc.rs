//! The live-bytes counters of `alloc.rs` ([`measure`], [`measure_all`],
//! [`bound`]) for a test binary that includes this file alone with
//! `#[path]` (`msgpack-derive/tests/fuzz_differential.rs`): it brings the
//! counting global allocator of `alloc.rs` with it. msgpack-core's test
//! binaries have `mod common;` instead, whose `common::live_alloc` is the
//! same module (`alloc::live`); they do not declare this file.

#[path = "alloc.rs"]
mod alloc;

#[allow(unused_imports, reason = "not every test binary that includes this file needs all of them")]
pub(crate) use alloc::live::{bound, measure, measure_all};
