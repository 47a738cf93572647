//! Equality of `Value`s with floats compared by their bits, so that NaN
//! payloads and the sign of zero count (shared by the tests that compare
//! decoded values).

use msgpack_core::Value;

/// Structural equality, floats by their bits.
pub(crate) fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::F32(x), Value::F32(y)) => x.to_bits() == y.to_bits(),
        (Value::F64(x), Value::F64(y)) => x.to_bits() == y.to_bits(),
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(a, b)| same(a, b)),
        (Value::Map(x), Value::Map(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|((ka, va), (kb, vb))| same(ka, kb) && same(va, vb))
        }
        _ => a == b,
    }
}
