//! `#[msgpack(serde)]` when msgpack-core's `serde` feature is off: one
//! error at the field, saying which feature to enable.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
}
