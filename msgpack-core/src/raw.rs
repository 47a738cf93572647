//! One complete MessagePack value kept as its encoded bytes: [`RawRef`]
//! (borrowed) and [`Raw`] (owned, feature `alloc`).
//!
//! A raw value is checked once, when it is made or decoded: exactly one
//! well-formed item (every header and length consistent with the input, no
//! `0xc1`), by the decoder's structural skip, which is iterative, so any
//! nesting depth is safe to check. String payloads are not UTF-8-validated
//! and [`DecodeOptions`] limits (depth, lengths) are
//! not applied at that point: decoding the value later into a typed value
//! ([`RawRef::decode`]) validates what it reads and applies them, as every
//! decode does.
//! Encoding writes the bytes back verbatim, so a value passes through a
//! program unchanged (like msgspec's `Raw`, tinylib/msgp's `Raw` or
//! serde_json's `RawValue`): a field whose content is forwarded, a payload
//! decoded later, or a map value of mixed types.
//!
//! ```
//! use msgpack_core::{MsgPack, RawRef};
//!
//! /// What the sender wrote.
//! #[derive(MsgPack)]
//! struct Sent { kind: String, body: (u8, u8) }
//!
//! /// What a forwarder reads: the body is kept as it was on the wire.
//! #[derive(MsgPack, Debug)]
//! struct Envelope<'a> {
//!     kind: &'a str,
//!     body: RawRef<'a>,
//! }
//!
//! let bytes = msgpack_core::to_vec(&Sent { kind: "point".into(), body: (1, 2) }).unwrap();
//! let env: Envelope = msgpack_core::from_slice(&bytes)?;
//! assert_eq!(env.body.as_bytes(), [0x92, 0x01, 0x02]);
//! let point: (u8, u8) = env.body.decode()?;
//! assert_eq!(point, (1, 2));
//! // Re-encoding writes the same bytes.
//! assert_eq!(msgpack_core::to_vec(&env).unwrap(), bytes);
//! # Ok::<(), msgpack_core::decode::Error>(())
//! ```

use core::fmt;

use crate::decode::{Decode, DecodeOptions, Decoder, Error};
use crate::encode::{self, Encode, Encoder, Write};

/// One well-formed MessagePack value, borrowed as its encoded bytes.
///
/// ```
/// use msgpack_core::RawRef;
///
/// let raw = RawRef::new(&[0x92, 0x01, 0xa1, b'x'])?;
/// assert_eq!(raw.as_bytes().len(), 4);
/// assert_eq!(raw.decode::<(u8, &str)>()?, (1, "x"));
/// assert!(RawRef::new(&[0x92, 0x01]).is_err()); // truncated
/// assert!(RawRef::new(&[0x01, 0x02]).is_err()); // two values
/// # Ok::<(), msgpack_core::decode::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RawRef<'a> {
    bytes: &'a [u8],
}

impl<'a> RawRef<'a> {
    /// Checks that `bytes` are exactly one well-formed value and wraps
    /// them.
    ///
    /// ```
    /// assert!(msgpack_core::RawRef::new(&[0xc1]).is_err());
    /// assert!(msgpack_core::RawRef::new(&[0xc0]).is_ok());
    /// ```
    pub fn new(bytes: &'a [u8]) -> Result<Self, Error> {
        let mut d = Decoder::new(bytes);
        let bytes = d.raw_value()?;
        d.finish()?;
        Ok(RawRef { bytes })
    }

    /// The encoded bytes.
    ///
    /// ```
    /// let raw = msgpack_core::RawRef::new(&[0xc3])?;
    /// assert_eq!(raw.as_bytes(), [0xc3]);
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    pub fn as_bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// Decodes the value as `T` (borrowing from the same bytes).
    ///
    /// ```
    /// let raw = msgpack_core::RawRef::new(&[0xa2, b'h', b'i'])?;
    /// assert_eq!(raw.decode::<&str>()?, "hi");
    /// assert!(raw.decode::<u8>().is_err());
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    pub fn decode<T: Decode<'a>>(&self) -> Result<T, Error> {
        crate::decode::decode_whole(Decoder::with_options(self.bytes, DecodeOptions::new()))
    }

    /// An owned copy (feature `alloc`).
    ///
    /// ```
    /// let raw = msgpack_core::RawRef::new(&[0x01])?;
    /// assert_eq!(raw.to_owned().as_bytes(), [0x01]);
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[cfg(feature = "alloc")]
    pub fn to_owned(&self) -> Raw {
        Raw { bytes: self.bytes.to_vec() }
    }
}

impl fmt::Debug for RawRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        debug_bytes("RawRef", self.bytes, f)
    }
}

/// `RawRef(92 01 02)`: the bytes in hex.
fn debug_bytes(name: &str, bytes: &[u8], f: &mut fmt::Formatter<'_>) -> fmt::Result {
    write!(f, "{name}(")?;
    for (i, b) in bytes.iter().enumerate() {
        if i > 0 {
            f.write_str(" ")?;
        }
        write!(f, "{b:02x}")?;
    }
    f.write_str(")")
}

/// Written back verbatim.
impl Encode for RawRef<'_> {
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        e.raw(self.bytes)
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        self.bytes.len()
    }
}

/// Borrows the next whole value from the input (checked by the decoder's
/// structural skip, within its limits).
impl<'de: 'a, 'a> Decode<'de> for RawRef<'a> {
    #[inline]
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        Ok(RawRef { bytes: d.raw_value()? })
    }
}

impl crate::schema::Schema for RawRef<'_> {
    const SHAPE: crate::schema::ShapeRef = crate::schema::ShapeRef::new(&crate::schema::Shape::Any);
}

#[cfg(feature = "alloc")]
pub use owned::Raw;

#[cfg(feature = "alloc")]
mod owned {
    use super::*;
    use alloc::vec::Vec;

    /// One well-formed MessagePack value, owned as its encoded bytes
    /// (feature `alloc`).
    ///
    /// ```
    /// use msgpack_core::Raw;
    ///
    /// let raw = Raw::new(vec![0x81, 0xa1, b'a', 0x07])?;
    /// let map: std::collections::BTreeMap<String, u8> = raw.decode()?;
    /// assert_eq!(map["a"], 7);
    /// assert_eq!(msgpack_core::to_vec(&raw).unwrap(), raw.as_bytes());
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
    pub struct Raw {
        pub(super) bytes: Vec<u8>,
    }

    impl Raw {
        /// Checks that `bytes` are exactly one well-formed value and takes
        /// them.
        ///
        /// ```
        /// assert!(msgpack_core::Raw::new(vec![0x92, 0x01]).is_err());
        /// ```
        pub fn new(bytes: Vec<u8>) -> Result<Self, Error> {
            RawRef::new(&bytes)?;
            Ok(Raw { bytes })
        }

        /// The encoding of `value`, as a raw value.
        ///
        /// ```
        /// let raw = msgpack_core::Raw::encode(&[1u16, 300])?;
        /// assert_eq!(raw.as_bytes(), [0x92, 0x01, 0xcd, 0x01, 0x2c]);
        /// # Ok::<(), msgpack_core::encode::Error<core::convert::Infallible>>(())
        /// ```
        pub fn encode<T: Encode + ?Sized>(value: &T) -> Result<Self, encode::Error<core::convert::Infallible>> {
            Ok(Raw { bytes: encode::encoded_vec(value)? })
        }

        /// The encoded bytes.
        ///
        /// ```
        /// assert_eq!(msgpack_core::Raw::new(vec![0xc0])?.as_bytes(), [0xc0]);
        /// # Ok::<(), msgpack_core::decode::Error>(())
        /// ```
        pub fn as_bytes(&self) -> &[u8] {
            &self.bytes
        }

        /// A borrowed view.
        ///
        /// ```
        /// let raw = msgpack_core::Raw::new(vec![0x05])?;
        /// assert_eq!(raw.as_ref().decode::<u8>()?, 5);
        /// # Ok::<(), msgpack_core::decode::Error>(())
        /// ```
        pub fn as_ref(&self) -> RawRef<'_> {
            RawRef { bytes: &self.bytes }
        }

        /// Decodes the value as `T`, borrowing from `self`.
        ///
        /// ```
        /// let raw = msgpack_core::Raw::new(vec![0xa1, b'z'])?;
        /// assert_eq!(raw.decode::<&str>()?, "z");
        /// # Ok::<(), msgpack_core::decode::Error>(())
        /// ```
        pub fn decode<'a, T: Decode<'a>>(&'a self) -> Result<T, Error> {
            crate::decode::decode_whole(Decoder::with_options(&self.bytes, DecodeOptions::new()))
        }

        /// The bytes, given back.
        ///
        /// ```
        /// let bytes = msgpack_core::Raw::new(vec![0x01])?.into_bytes();
        /// assert_eq!(bytes, [0x01]);
        /// # Ok::<(), msgpack_core::decode::Error>(())
        /// ```
        pub fn into_bytes(self) -> Vec<u8> {
            self.bytes
        }
    }

    impl fmt::Debug for Raw {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            debug_bytes("Raw", &self.bytes, f)
        }
    }

    /// Written back verbatim.
    impl Encode for Raw {
        #[inline]
        fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
            e.raw(&self.bytes)
        }
        #[inline]
        fn encoded_len(&self) -> usize {
            self.bytes.len()
        }
    }

    /// Copies the next whole value out of the input (the copy charged to
    /// [`DecodeOptions::max_alloc`](crate::DecodeOptions::max_alloc)).
    impl<'de> Decode<'de> for Raw {
        #[inline]
        fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
            let at = d.position();
            let bytes = d.raw_value()?;
            d.charge(bytes.len(), at)?;
            Ok(Raw { bytes: bytes.to_vec() })
        }
    }

    impl crate::schema::Schema for Raw {
        const SHAPE: crate::schema::ShapeRef = crate::schema::ShapeRef::new(&crate::schema::Shape::Any);
    }
}
