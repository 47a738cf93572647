//! Schemas: the descriptors, the compatibility rules and their ids,
//! fingerprints and rendering, and the adversarial soundness tests of
//! `schema::check`.
//!
//! One test binary: its modules are the files of `tests/schema/`, the
//! helpers are `tests/common/` (the soundness macros, `common/soundness.rs`).

#[macro_use]
mod common;

mod schema {
    mod descriptors;
    mod schema_rules;
    mod schema_soundness;
    mod schema_soundness_shapes;
}
