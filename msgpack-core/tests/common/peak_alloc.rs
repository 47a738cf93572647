//! The largest-allocation counters of `alloc.rs` ([`measure`]) for a test
//! binary that includes this file alone with `#[path]`
//! (`msgpack-derive/tests/serde_parity/main.rs`): it brings the counting
//! global allocator of `alloc.rs` with it. msgpack-core's test binaries have
//! `mod common;` instead, whose `common::peak_alloc` is the same module
//! (`alloc::peak`); they do not declare this file.

#[path = "alloc.rs"]
mod alloc;

pub(crate) use alloc::peak::measure;
