//! The verdict checks of the schema soundness tests (shared by
//! `schema/schema_soundness.rs` and `schema/schema_soundness_shapes.rs`): each pair runs
//! `schema::check(reader, writer)`, encodes the writer's edge values and
//! decodes them as the reader, and compares the outcome with the verdict.

use std::fmt::Debug;

use msgpack_core::schema::{Schema, check};
use msgpack_core::{Decode, Encode, from_slice, to_vec};

#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Expect {
    Ok,
    Err,
    Conservative,
}

/// Runs the check, encodes every value and decodes it with `decode`, and
/// compares the outcome with the verdict.
pub(crate) fn verify_with<W: Schema + Encode + Debug>(
    expect: Expect,
    reader: (&'static msgpack_core::schema::Shape, &str),
    decode: impl Fn(&[u8]) -> Result<(), msgpack_core::decode::Error>,
    values: &[W],
) {
    assert!(!values.is_empty(), "a pair needs writer values");
    let (r, w) = (reader.1, std::any::type_name::<W>());
    let verdict = check(reader.0, W::SHAPE.get());
    let failures: Vec<String> = values
        .iter()
        .filter_map(|v| {
            let bytes = to_vec(v).unwrap_or_else(|e| panic!("encoding {v:?} as {w}: {e}"));
            decode(&bytes).err().map(|e| {
                let mut s = format!("{v:?} -> {e}");
                s.truncate(300);
                s
            })
        })
        .collect();
    match (&verdict, expect) {
        (Ok(()), Expect::Ok) => {
            assert!(failures.is_empty(), "UNSOUND: check({r}, {w}) is Ok but these fail: {failures:#?}")
        }
        (Err(e), Expect::Err) => {
            assert!(!failures.is_empty(), "check({r}, {w}) says `{e}` but every value decodes: conservative?")
        }
        (Err(_), Expect::Conservative) => {
            assert!(failures.is_empty(), "conservative pair ({r}, {w}) now really fails: {failures:#?}")
        }
        (v, x) => panic!("check({r}, {w}) = {v:?}, expected {x:?} (decode failures: {failures:#?})"),
    }
}

pub(crate) fn verify<R: Schema + for<'de> Decode<'de>, W: Schema + Encode + Debug>(expect: Expect, values: &[W]) {
    let reader = (R::SHAPE.get(), std::any::type_name::<R>());
    verify_with(expect, reader, |b| from_slice::<R>(b).map(drop), values);
}

/// The check's message (for the pairs whose wording is pinned).
pub(crate) fn message<R: Schema + ?Sized, W: Schema + ?Sized>() -> String {
    check(R::SHAPE.get(), W::SHAPE.get()).map_or_else(|e| e.to_string(), |()| "ok".to_owned())
}

/// `#[derive(MsgPack, Debug)]` on each item, one line per type.
macro_rules! derive_all {
    ($($i:item)*) => {$(
        #[derive(MsgPack, Debug)]
        $i
    )*};
}

/// `name: Reader, Writer => Expect [writer values];`
macro_rules! pairs {
    ($($(#[$m:meta])* $name:ident: $r:ty, $w:ty => $expect:ident [$($v:expr),* $(,)?];)*) => {$(
        $(#[$m])*
        #[test]
        fn $name() {
            let values: Vec<$w> = vec![$($v),*];
            verify::<$r, $w>(Expect::$expect, &values);
        }
    )*};
}
