//! Compile-time checks, each `.rs` must fail to build with exactly the
//! error in its `.stderr` file (regenerate with `TRYBUILD=overwrite cargo
//! test -p msgpack-derive --test compile_fail` after an intended change, and
//! review the diff):
//! - `tests/ui`: schemas the derive rejects;
//! - `tests/ui_schema`: pairs of types that `assert_compatible!` rejects,
//!   one rule per file (the passing pairs are in `msgpack-core/tests/schema.rs`);
//! - `tests/ui_lock`: types checked against `schema_lock` files (each mode,
//!   and malformed lock files); the files are in `tests/ui_lock/schemas`.

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

#[test]
fn ui_lock() {
    // trybuild builds the cases as a crate in `<target>/tests/trybuild/msgpack-derive`,
    // which is their `CARGO_MANIFEST_DIR`: the lock files they name go there.
    let target = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).parent().expect("the target directory");
    let dest = target.join("tests/trybuild/msgpack-derive/schemas");
    std::fs::create_dir_all(&dest).unwrap();
    for entry in std::fs::read_dir("tests/ui_lock/schemas").unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, dest.join(path.file_name().unwrap())).unwrap();
    }
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui_lock/*.rs");
}
