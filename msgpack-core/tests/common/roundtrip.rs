//! Round trips and the comparison with rmp-serde, shared by
//! `integrations/std_types.rs`, `integrations/ecosystem_types.rs`
//! and `wire/templates.rs`.
//!
//! [`encode_checked`] encodes through every entry point and checks that
//! they agree with each other and with `encoded_len`, and that a slice one
//! byte short fails without writing past its end. [`same_as_rmp_serde`]
//! adds the differential check: our bytes are `rmp_serde::to_vec_named`'s,
//! we decode rmp-serde's bytes, rmp-serde decodes ours.

use std::fmt::Debug;

use msgpack_core::encode::{self, EndOfSlice};
use msgpack_core::{DecodeOwned, Encode, from_slice, to_slice, to_vec};

/// The bytes of `v`, checked across the encoding entry points.
#[track_caller]
pub(crate) fn encode_checked<T: Encode + ?Sized>(v: &T) -> Vec<u8> {
    let bytes = to_vec(v).expect("to_vec");
    let len = v.encoded_len();
    assert_eq!(len, bytes.len(), "encoded_len() disagrees with to_vec for {bytes:02x?}");
    let mut appended = vec![0xee];
    msgpack_core::append_to_vec(v, &mut appended).expect("append_to_vec");
    assert_eq!(appended[1..], bytes[..], "append_to_vec");
    let mut written = Vec::new();
    msgpack_core::to_writer(v, &mut written).expect("to_writer");
    assert_eq!(written, bytes, "to_writer");
    let mut buf = vec![0x5a; len + 8];
    assert_eq!(to_slice(v, &mut buf[..len]), Ok(len), "exact-size slice");
    assert_eq!(buf[..len], bytes[..]);
    assert!(buf[len..].iter().all(|&b| b == 0x5a), "wrote past the end of an exact-size slice");
    if len > 0 {
        let mut buf = vec![0x5a; len - 1 + 8];
        assert_eq!(to_slice(v, &mut buf[..len - 1]), Err(encode::Error::Write(EndOfSlice)));
        assert!(buf[len - 1..].iter().all(|&b| b == 0x5a), "wrote past the end of a short slice");
    }
    bytes
}

/// [`encode_checked`], then decodes the bytes back and compares.
#[track_caller]
pub(crate) fn roundtrip<T: Encode + DecodeOwned + PartialEq + Debug>(v: &T) -> Vec<u8> {
    roundtrip_by(v, |x| format!("{x:?}"))
}

/// [`roundtrip`] comparing `key(value)`, for types without `PartialEq`
/// (locks) or whose equality is not the one that matters (heaps).
#[track_caller]
pub(crate) fn roundtrip_by<T: Encode + DecodeOwned, K: PartialEq + Debug>(v: &T, key: impl Fn(&T) -> K) -> Vec<u8> {
    let bytes = encode_checked(v);
    match from_slice::<T>(&bytes) {
        Ok(back) => assert_eq!(key(&back), key(v), "round trip through {bytes:02x?}"),
        Err(e) => panic!("decoding {bytes:02x?} back failed: {e}"),
    }
    bytes
}

/// The hex of `bytes`, for messages.
pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect::<Vec<_>>().join(" ")
}

/// [`roundtrip`], and: our bytes equal `rmp_serde::to_vec_named`'s, we
/// decode rmp-serde's bytes to the value, and rmp-serde decodes ours.
#[track_caller]
pub(crate) fn same_as_rmp_serde<T>(v: &T) -> Vec<u8>
where
    T: Encode + DecodeOwned + serde::Serialize + serde::de::DeserializeOwned + PartialEq + Debug,
{
    same_as_rmp_serde_by(v, |x| format!("{x:?}"))
}

/// [`same_as_rmp_serde`] comparing `key(value)`.
#[track_caller]
pub(crate) fn same_as_rmp_serde_by<T, K>(v: &T, key: impl Fn(&T) -> K) -> Vec<u8>
where
    T: Encode + DecodeOwned + serde::Serialize + serde::de::DeserializeOwned,
    K: PartialEq + Debug,
{
    let ours = roundtrip_by(v, &key);
    let theirs = rmp_serde::to_vec_named(v).expect("rmp_serde::to_vec_named");
    assert!(ours == theirs, "ours {} vs rmp-serde {} for {:?}", hex(&ours), hex(&theirs), key(v));
    let back: T = from_slice(&theirs).unwrap_or_else(|e| panic!("our decode of rmp-serde's {}: {e}", hex(&theirs)));
    assert_eq!(key(&back), key(v), "our decode of rmp-serde's bytes");
    let back: T =
        rmp_serde::from_slice(&ours).unwrap_or_else(|e| panic!("rmp-serde's decode of our {}: {e}", hex(&ours)));
    assert_eq!(key(&back), key(v), "rmp-serde's decode of our bytes");
    ours
}

/// A deterministic xorshift64* generator for the value sweeps.
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    pub(crate) fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Values of every magnitude: a random word shifted right by a random
    /// amount.
    pub(crate) fn spread(&mut self) -> u64 {
        let s = self.next() % 64;
        self.next() >> s
    }
}
