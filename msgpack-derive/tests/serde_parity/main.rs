//! Runtime behaviour of the attributes taken from serde (the "Serde parity"
//! issue): `alias`, container `default`, `transparent`, `from` / `try_from`
//! / `into`, `rename_all_fields`, `encode_with` / `decode_with`, `as_array`. Exact bytes,
//! round trips, `encoded_len`, borrowed fields, and error messages with
//! their paths and offsets; the byte identity with rmp-serde is in
//! `rmp_serde/serde_parity.rs`. One module per attribute.

use std::fmt::Debug;

use msgpack_core::{Encode, MsgPack, Value};

/// Encodes `v`, checks `encoded_len`, decodes the bytes back to an equal
/// value, and returns the bytes.
fn rt<T>(v: &T) -> Vec<u8>
where
    T: Encode + for<'de> msgpack_core::Decode<'de> + PartialEq + Debug,
{
    let bytes = msgpack_core::to_vec(v).unwrap();
    assert_eq!(v.encoded_len(), bytes.len(), "encoded_len of {v:?}");
    let back: T = msgpack_core::from_slice(&bytes).unwrap_or_else(|e| panic!("decoding {v:?}: {e}"));
    assert_eq!(&back, v);
    bytes
}

/// The bytes of `v` (checking `encoded_len`) and `v` decoded from them, for
/// types that borrow from the input.
macro_rules! rt_borrowed {
    ($v:expr) => {{
        let v = $v;
        let bytes = msgpack_core::to_vec(&v).unwrap();
        assert_eq!(v.encoded_len(), bytes.len(), "encoded_len of {v:?}");
        assert_eq!(msgpack_core::from_slice(&bytes).map_err(|e| e.to_string()), Ok(v));
        bytes
    }};
}

/// The message of the error decoding `bytes` as `T`.
fn err<T: for<'de> msgpack_core::Decode<'de> + Debug>(bytes: &[u8]) -> String {
    match msgpack_core::from_slice::<T>(bytes) {
        Ok(v) => panic!("expected an error, decoded {v:?}"),
        Err(e) => e.to_string(),
    }
}

/// The bytes of a map with string keys.
fn map(entries: Vec<(&str, Value)>) -> Vec<u8> {
    let v = Value::Map(entries.into_iter().map(|(k, v)| (Value::from(k), v)).collect());
    msgpack_core::to_vec(&v).unwrap()
}

#[path = "../../../msgpack-core/tests/common/peak_alloc.rs"]
mod peak_alloc;

mod adjacent;
mod alias;
mod as_array;
mod as_map;
mod container_default;
mod encode_decode_with;
mod flatten;
mod other_raw;
mod proxy;
mod rename_all_fields;
mod spellings;
mod transparent;
mod untagged;
mod zero_alloc;
