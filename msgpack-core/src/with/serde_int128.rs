//! `u128`, `i128`, `NonZeroU128` and `NonZeroI128` as rmp-serde writes
//! them: always a 16-byte `bin` of the big-endian two's complement bytes
//! (`serialize_u128` / `serialize_i128`), in both of its modes.
//!
//! Their own form here is an integer when the value fits in 64 bits (an
//! encode error beyond). Decoding reads the `bin` of exactly 16 bytes and
//! any integer that fits (rmp-serde reads both too); a `bin` of another
//! length, or zero into a `NonZero`, is an error.
//!
//! ```
//! use msgpack_core::MsgPack;
//!
//! #[derive(MsgPack, Debug, PartialEq)]
//! struct Account { #[msgpack(with = "msgpack_core::with::serde_int128")] balance: i128 }
//!
//! let bytes = msgpack_core::to_vec(&Account { balance: -2 })?;
//! assert_eq!(&bytes[..11], b"\x81\xa7balance\xc4\x10");
//! assert_eq!(bytes[11..], [0xff; 15].iter().chain(&[0xfe]).copied().collect::<Vec<u8>>()[..]);
//! assert_eq!(msgpack_core::from_slice::<Account>(&bytes)?, Account { balance: -2 });
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::num::{NonZeroI128, NonZeroU128};

use crate::decode::{Decoder, Error, ErrorKind, Found};
use crate::encode::{self, Encoder, Write, bin_size};
use crate::marker::Marker;

mod sealed {
    pub trait Sealed {}
}

/// The 128-bit integer types this module writes: `u128`, `i128`,
/// `NonZeroU128`, `NonZeroI128` (implemented here only).
///
/// ```
/// use msgpack_core::with::serde_int128::Int128;
/// fn takes<T: Int128>(_: T) {}
/// takes(5u128);
/// ```
pub trait Int128: sealed::Sealed + Sized {
    /// The big-endian bytes.
    fn to_be(&self) -> [u8; 16];
    /// The value from big-endian bytes (`None`: zero for a `NonZero`).
    fn from_be(b: [u8; 16]) -> Option<Self>;
    /// Reads an integer item.
    fn from_int(d: &mut Decoder<'_>) -> Result<Self, Error>;
}

macro_rules! int128 {
    ($($t:ty, $prim:ty, $new:expr, $get:expr, $name:literal;)*) => {$(
        impl sealed::Sealed for $t {}
        impl Int128 for $t {
            #[inline]
            fn to_be(&self) -> [u8; 16] {
                $get(*self).to_be_bytes()
            }
            #[inline]
            fn from_be(b: [u8; 16]) -> Option<Self> {
                $new(<$prim>::from_be_bytes(b))
            }
            fn from_int(d: &mut Decoder<'_>) -> Result<Self, Error> {
                let at = d.position();
                let v = crate::Decode::decode(d)?;
                $new(v).ok_or_else(|| d.error(ErrorKind::OutOfRange { expected: $name, found: Found::UInt(0) }, at))
            }
        }
    )*};
}

int128! {
    u128, u128, Some, |v| v, "u128";
    i128, i128, Some, |v| v, "i128";
    NonZeroU128, u128, NonZeroU128::new, NonZeroU128::get, "a non-zero u128";
    NonZeroI128, i128, NonZeroI128::new, NonZeroI128::get, "a non-zero i128";
}

/// Writes the 16-byte `bin`.
///
/// ```
/// let mut out = Vec::new();
/// msgpack_core::with::serde_int128::encode(&1u128, &mut msgpack_core::Encoder::new(&mut out))?;
/// assert_eq!(out[..2], [0xc4, 16]);
/// assert_eq!(out[17], 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[inline]
pub fn encode<T: Int128, W: Write>(v: &T, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
    e.bin(&v.to_be())
}

/// 18: the `bin 8` header and the 16 bytes.
///
/// ```
/// assert_eq!(msgpack_core::with::serde_int128::encoded_len(&0i128), 18);
/// ```
#[inline]
pub fn encoded_len<T: Int128>(_: &T) -> usize {
    bin_size(16)
}

/// Reads the 16-byte `bin` or an integer.
///
/// ```
/// use msgpack_core::{Decoder, with::serde_int128};
/// assert_eq!(serde_int128::decode::<u128>(&mut Decoder::new(&[0x07]))?, 7);
/// let mut bin = vec![0xc4, 16];
/// bin.extend([0xff; 16]);
/// assert_eq!(serde_int128::decode::<i128>(&mut Decoder::new(&bin))?, -1);
/// assert_eq!(serde_int128::decode::<u128>(&mut Decoder::new(&bin))?, u128::MAX);
/// # Ok::<(), msgpack_core::decode::Error>(())
/// ```
pub fn decode<T: Int128>(d: &mut Decoder<'_>) -> Result<T, Error> {
    if d.peek()? != Marker::Bin {
        return T::from_int(d);
    }
    let at = d.position();
    let bytes = d.bin()?;
    let Ok(b) = <[u8; 16]>::try_from(bytes) else {
        return Err(d.error(ErrorKind::InvalidLength { expected: 16, found: bytes.len() }, at));
    };
    T::from_be(b).ok_or_else(|| crate::with::common::invalid(d, at, "a 128-bit integer", "zero into a NonZero"))
}

/// `Option` of a 128-bit integer: `nil` or the `bin`.
///
/// ```
/// use msgpack_core::MsgPack;
///
/// #[derive(MsgPack, Debug, PartialEq)]
/// struct Account { #[msgpack(with = "msgpack_core::with::serde_int128::option")] limit: Option<u128> }
///
/// assert_eq!(msgpack_core::to_vec(&Account { limit: None })?, b"\x81\xa5limit\xc0");
/// assert_eq!(msgpack_core::to_vec(&Account { limit: Some(1) })?.len(), 7 + 18);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub mod option {
    use super::Int128;
    use crate::decode::{Decoder, Error};
    use crate::encode::{self, Encoder, Write};
    use crate::with::common;

    /// Writes `nil` or the `bin`.
    ///
    /// ```
    /// let mut out = Vec::new();
    /// msgpack_core::with::serde_int128::option::encode(&None::<u128>, &mut msgpack_core::Encoder::new(&mut out))?;
    /// assert_eq!(out, [0xc0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn encode<T: Int128, W: Write>(v: &Option<T>, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        common::encode_option(v, e, super::encode)
    }

    /// The length [`encode()`] writes.
    ///
    /// ```
    /// assert_eq!(msgpack_core::with::serde_int128::option::encoded_len(&Some(1i128)), 18);
    /// ```
    #[inline]
    pub fn encoded_len<T: Int128>(v: &Option<T>) -> usize {
        common::option_len(v, super::encoded_len)
    }

    /// Reads `nil` or a value.
    ///
    /// ```
    /// use msgpack_core::{Decoder, with::serde_int128};
    /// assert_eq!(serde_int128::option::decode::<i128>(&mut Decoder::new(&[0xc0]))?, None);
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline]
    pub fn decode<T: Int128>(d: &mut Decoder<'_>) -> Result<Option<T>, Error> {
        common::decode_option(d, super::decode)
    }
}
