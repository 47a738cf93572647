//! `Range`, `RangeInclusive`, `RangeFrom` and `RangeTo` as serde's impls
//! write them: structs, the map `{"start": s, "end": e}` in
//! `rmp_serde::to_vec_named` (the ranges' own form here: a field needs no
//! adapter) and the array `[start, end]` (`[start]`, `[end]`) in
//! `rmp_serde::to_vec` ([`compact`], for `array` containers).
//!
//! Decoding reads both forms, as the ranges' own impls do; a start past
//! the end is kept, as in serde.
//!
//! ```
//! use std::ops::{Range, RangeFrom};
//! use msgpack_core::MsgPack;
//!
//! #[derive(MsgPack, Debug, PartialEq)]
//! #[msgpack(array)]
//! struct Page {
//!     #[msgpack(with = "msgpack_core::with::serde_range::compact")]
//!     rows: Range<u32>,
//!     #[msgpack(with = "msgpack_core::with::serde_range::compact")]
//!     rest: RangeFrom<u32>,
//! }
//!
//! let page = Page { rows: 10..20, rest: 20.. };
//! let bytes = msgpack_core::to_vec(&page)?;
//! assert_eq!(bytes, [0x92, 0x92, 10, 20, 0x91, 20]);
//! assert_eq!(msgpack_core::from_slice::<Page>(&bytes)?, page);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::ops::{Range, RangeFrom, RangeInclusive, RangeTo};

use crate::encode::Encode;

mod sealed {
    pub trait Sealed {}
}

/// The range types this module writes (implemented here only).
///
/// ```
/// use msgpack_core::with::serde_range::SerdeRange;
/// fn takes<R: SerdeRange>(_: R) {}
/// takes(1u8..=2);
/// ```
pub trait SerdeRange: sealed::Sealed {
    /// The bound's type.
    type Bound: Encode;
    /// The bounds serde writes, in order (`start`, `end`; one of them for
    /// `RangeFrom` / `RangeTo`).
    fn bounds(&self) -> (&Self::Bound, Option<&Self::Bound>);
}

impl<T> sealed::Sealed for Range<T> {}
impl<T: Encode> SerdeRange for Range<T> {
    type Bound = T;
    fn bounds(&self) -> (&T, Option<&T>) {
        (&self.start, Some(&self.end))
    }
}

impl<T> sealed::Sealed for RangeInclusive<T> {}
impl<T: Encode> SerdeRange for RangeInclusive<T> {
    type Bound = T;
    fn bounds(&self) -> (&T, Option<&T>) {
        (self.start(), Some(self.end()))
    }
}

impl<T> sealed::Sealed for RangeFrom<T> {}
impl<T: Encode> SerdeRange for RangeFrom<T> {
    type Bound = T;
    fn bounds(&self) -> (&T, Option<&T>) {
        (&self.start, None)
    }
}

impl<T> sealed::Sealed for RangeTo<T> {}
impl<T: Encode> SerdeRange for RangeTo<T> {
    type Bound = T;
    fn bounds(&self) -> (&T, Option<&T>) {
        (&self.end, None)
    }
}

/// The ranges as `rmp_serde::to_vec` writes them: the array of the bounds.
///
/// ```
/// use msgpack_core::MsgPack;
///
/// #[derive(MsgPack, Debug, PartialEq)]
/// #[msgpack(array)]
/// struct Span { #[msgpack(with = "msgpack_core::with::serde_range::compact")] chars: std::ops::RangeInclusive<char> }
///
/// assert_eq!(msgpack_core::to_vec(&Span { chars: 'a'..='z' })?, [0x91, 0x92, 0xa1, b'a', 0xa1, b'z']);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub mod compact {
    use super::SerdeRange;
    use crate::decode::{Decode, Decoder, Error};
    use crate::encode::{self, Encode, Encoder, Write, array_header_size};

    /// Writes `[start, end]`, `[start]` or `[end]`.
    ///
    /// ```
    /// let mut out = Vec::new();
    /// msgpack_core::with::serde_range::compact::encode(&(..5u8), &mut msgpack_core::Encoder::new(&mut out))?;
    /// assert_eq!(out, [0x91, 5]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn encode<R: SerdeRange, W: Write>(v: &R, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        let (first, second) = v.bounds();
        e.array_len(1 + usize::from(second.is_some()))?;
        first.encode(e)?;
        second.map_or(Ok(()), |b| b.encode(e))
    }

    /// The length [`encode()`] writes.
    ///
    /// ```
    /// assert_eq!(msgpack_core::with::serde_range::compact::encoded_len(&(1u8..2)), 3);
    /// ```
    pub fn encoded_len<R: SerdeRange>(v: &R) -> usize {
        let (first, second) = v.bounds();
        array_header_size(1 + usize::from(second.is_some()))
            + first.encoded_len()
            + second.map_or(0, Encode::encoded_len)
    }

    /// Reads the array or the map: the range's own [`Decode`].
    ///
    /// ```
    /// use std::ops::RangeTo;
    /// use msgpack_core::{Decoder, with::serde_range};
    /// assert_eq!(serde_range::compact::decode::<RangeTo<u8>>(&mut Decoder::new(&[0x91, 5]))?, ..5);
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline]
    pub fn decode<'de, R: SerdeRange + Decode<'de>>(d: &mut Decoder<'de>) -> Result<R, Error> {
        R::decode(d)
    }

    /// `Option` of a range in the array form: `nil` or the array.
    ///
    /// ```
    /// use msgpack_core::MsgPack;
    ///
    /// #[derive(MsgPack, Debug, PartialEq)]
    /// #[msgpack(array)]
    /// struct Page { #[msgpack(with = "msgpack_core::with::serde_range::compact::option")] rows: Option<std::ops::Range<u8>> }
    ///
    /// assert_eq!(msgpack_core::to_vec(&Page { rows: Some(1..2) })?, [0x91, 0x92, 1, 2]);
    /// assert_eq!(msgpack_core::to_vec(&Page { rows: None })?, [0x91, 0xc0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub mod option {
        use super::super::SerdeRange;
        use crate::decode::{Decode, Decoder, Error};
        use crate::encode::{self, Encoder, Write};
        use crate::with::common;

        /// Writes `nil` or the array.
        ///
        /// ```
        /// let mut out = Vec::new();
        /// let none = None::<std::ops::Range<u8>>;
        /// msgpack_core::with::serde_range::compact::option::encode(&none, &mut msgpack_core::Encoder::new(&mut out))?;
        /// assert_eq!(out, [0xc0]);
        /// # Ok::<(), Box<dyn std::error::Error>>(())
        /// ```
        #[inline]
        pub fn encode<R: SerdeRange, W: Write>(
            v: &Option<R>,
            e: &mut Encoder<W>,
        ) -> Result<(), encode::Error<W::Error>> {
            common::encode_option(v, e, super::encode)
        }

        /// The length [`encode()`] writes.
        ///
        /// ```
        /// assert_eq!(msgpack_core::with::serde_range::compact::option::encoded_len(&Some(1u8..2)), 3);
        /// ```
        #[inline]
        pub fn encoded_len<R: SerdeRange>(v: &Option<R>) -> usize {
            common::option_len(v, super::encoded_len)
        }

        /// Reads `nil` or a range in either form.
        ///
        /// ```
        /// use msgpack_core::{Decoder, with::serde_range};
        /// assert_eq!(serde_range::compact::option::decode::<std::ops::Range<u8>>(&mut Decoder::new(&[0xc0]))?, None);
        /// # Ok::<(), msgpack_core::decode::Error>(())
        /// ```
        #[inline]
        pub fn decode<'de, R: SerdeRange + Decode<'de>>(d: &mut Decoder<'de>) -> Result<Option<R>, Error> {
            common::decode_option(d, super::decode)
        }
    }
}
