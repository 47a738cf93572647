//! A proptest strategy for arbitrary `Value`s: every kind of item, nested
//! up to 4 levels (shared by `wire/value.rs` and `serde_compat/value_serde.rs`).

use msgpack_core::{Ext, Timestamp, Value};
use proptest::prelude::*;

/// Any `Value`: leaves of every kind, arrays and maps of up to 20 entries.
pub(crate) fn any_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Nil),
        any::<bool>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<f32>().prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        ".{0,40}".prop_map(Value::from),
        prop::collection::vec(any::<u8>(), 0..40).prop_map(Value::from),
        (any::<i8>(), prop::collection::vec(any::<u8>(), 0..20)).prop_map(|(t, d)| Value::from(Ext::new(t, d))),
        (any::<i64>(), 0..1_000_000_000u32).prop_map(|(s, n)| Value::from(Timestamp::new(s, n).unwrap())),
    ];
    leaf.prop_recursive(4, 64, 20, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..20).prop_map(Value::Array),
            prop::collection::vec((inner.clone(), inner), 0..20).prop_map(Value::Map),
        ]
    })
}
