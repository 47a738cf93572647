//! Compile-time checks, each `.rs` must fail to build with exactly the
//! error in its `.stderr` file (regenerate with `TRYBUILD=overwrite cargo
//! test -p msgpack-derive --test compile_fail` after an intended change, and
//! review the diff):
//! - `tests/ui`: schemas the derive rejects;
//! - `tests/ui_schema`: pairs of types that `assert_compatible!` rejects,
//!   one rule per file (the passing pairs are in `msgpack-core/tests/schema.rs`).

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
}

#[test]
fn ui_schema() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui_schema/*.rs");
}
