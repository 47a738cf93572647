//! W3 deep nesting: arrays of 3 integers nested N = 1, 2, 4, ..., 128 levels,
//! built (encoded) and examined (decoded) as dynamic values, and skipped.
//!
//! Level 1 is `[1, 2, 3]`; level `k > 1` is `[1, 2, <level k-1>]`, so N
//! levels take `3N + 1` bytes.

use std::hint::black_box;

use msgpack_core::{Value, ValueRef};

use super::{err, rmpv_row};
use crate::harness::{Case, Group, Row, expect_eq, names};

/// The depths measured.
const DEPTHS: [u64; 8] = [1, 2, 4, 8, 16, 32, 64, 128];

/// `levels` nested arrays of one value type: `int` makes an integer, `array`
/// an array; each level's last element is the next level.
fn nest<V>(levels: u64, int: impl Fn(u8) -> V, array: impl Fn(Vec<V>) -> V) -> V {
    let mut v = array(vec![int(1), int(2), int(3)]);
    for _ in 1..levels {
        v = array(vec![int(1), int(2), v]);
    }
    v
}

fn nest_case(levels: u64) -> Case {
    let value = nest(levels, Value::from, Value::Array);
    let value_ref: ValueRef<'static> = nest(levels, ValueRef::from, ValueRef::Array);
    let rmpv_value = nest(levels, rmpv::Value::from, rmpv::Value::Array);
    let zerompk_value: zerompk::Value<'static> = nest(levels, zerompk::Value::from, zerompk::Value::Array);
    let canonical = msgpack_core::to_vec(&value).expect("a Value always encodes");

    let ours = {
        let want = value.clone();
        Row::new(names::VALUE, Group::Ours)
            .encode(move || msgpack_core::to_vec(&value))
            .decode(|b| msgpack_core::from_slice::<Value>(b))
            .check(move |b| expect_eq(&msgpack_core::from_slice::<Value>(b).map_err(err)?, &want))
    };
    let ours_ref = {
        let want = value_ref.clone();
        Row::new(names::VALUE_REF, Group::Ours)
            .encode(move || msgpack_core::to_vec(&value_ref))
            .decode_with(|b| {
                let v: ValueRef<'_> = msgpack_core::from_slice(b).map_err(err)?;
                black_box(&v);
                Ok(())
            })
            .check(move |b| expect_eq(&msgpack_core::from_slice::<ValueRef<'_>>(b).map_err(err)?, &want))
    };
    let rmpv_row = rmpv_row(rmpv_value);
    let zerompk_row = {
        let want = zerompk_value.clone();
        Row::new(names::ZEROMPK_VALUE, Group::Other)
            .encode(move || zerompk::to_msgpack_vec(&zerompk_value))
            .decode_with(|b| {
                let v: zerompk::Value<'_> = zerompk::from_msgpack(b).map_err(err)?;
                black_box(&v);
                Ok(())
            })
            .check(move |b| expect_eq(&zerompk::from_msgpack::<zerompk::Value<'_>>(b).map_err(err)?, &want))
    };

    Case::new("W3", format!("nest {levels}"), canonical)
        .row(ours)
        .row(ours_ref)
        .row(rmpv_row)
        .row(zerompk_row)
        .items("level", levels)
        .series("W3 nesting")
        .with_limits()
}

/// The nesting cases, N = 1, 2, 4, ..., 128.
pub(super) fn cases() -> Vec<Case> {
    DEPTHS.into_iter().map(nest_case).collect()
}
