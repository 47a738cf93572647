//! Compile-time schema checks: each `tests/ui/*.rs` must fail to build with
//! exactly the error in its `.stderr` file (regenerate with
//! `TRYBUILD=overwrite cargo test -p msgpack-derive --test compile_fail`
//! after an intended change, and review the diff).

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
}
