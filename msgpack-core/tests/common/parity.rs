//! The adapters' parity check against rmp-serde (shared by
//! `serde_compat/serde_adapters.rs` and
//! `serde_compat/serde_adapters_dates.rs`).

use std::fmt::Debug;

use msgpack_core::{DecodeOwned, Encode, from_slice, to_vec};
use serde::Serialize;
use serde::de::DeserializeOwned;

pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect::<Vec<_>>().join(" ")
}

/// Our bytes equal rmp-serde's (`to_vec_named` if `named`, else
/// `to_vec`), each side decodes the other's to the value, and the length
/// is exact. Returns the bytes.
#[track_caller]
pub(crate) fn parity<T>(value: &T, named: bool) -> Vec<u8>
where
    T: Encode + DecodeOwned + Serialize + DeserializeOwned + PartialEq + Debug,
{
    let ours = to_vec(value).unwrap();
    assert_eq!(ours.len(), value.encoded_len(), "{value:?}");
    let theirs = if named { rmp_serde::to_vec_named(value) } else { rmp_serde::to_vec(value) }.unwrap();
    assert_eq!(hex(&ours), hex(&theirs), "{value:?}");
    assert_eq!(rmp_serde::from_slice::<T>(&ours).unwrap(), *value, "rmp-serde reading ours");
    assert_eq!(from_slice::<T>(&theirs).unwrap(), *value, "we reading rmp-serde's");
    ours
}
