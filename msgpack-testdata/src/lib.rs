//! The workspace's shared test types, one definition each (not published).
//!
//! - [`w1`]: msgspec's "filesystem" tree, the W1 workload of
//!   `msgpack-bench` (its generator is there), the byte-identity test of
//!   `msgpack-derive/tests/w1.rs` against msgspec's own encoding, and the
//!   schema exports of `msgpack-schema/tests/schema_exports.rs`.

pub mod w1;
