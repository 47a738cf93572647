//! W3 deep nesting: arrays of 3 integers nested N = 1, 2, 4, ..., 128 levels,
//! built (encoded) and examined (decoded) as dynamic values, and skipped.
//!
//! Level 1 is `[1, 2, 3]`; level `k > 1` is `[1, 2, <level k-1>]`, so N
//! levels take `3N + 1` bytes.

use msgpack_core::{Value, ValueRef};

use crate::harness::Case;
use crate::rows;

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

    Case::new("W3", format!("nest {levels}"), canonical)
        .row(rows::value(value))
        .row(rows::value_ref(value_ref))
        .row(rows::rmpv(rmpv_value))
        .row(rows::zerompk_value(zerompk_value))
        .items("level", levels)
        .series("W3 nesting")
        .with_limits()
}

/// The nesting cases, N = 1, 2, 4, ..., 128.
pub(super) fn cases() -> Vec<Case> {
    DEPTHS.into_iter().map(nest_case).collect()
}
