//! `arrayvec::ArrayVec` and `ArrayString` (feature `arrayvec`, no_std, no
//! allocator). More elements (or bytes) in the input than the capacity
//! is an [`ErrorKind::CapacityExceeded`] error at the header, before any
//! element is read: never a panic.
//!
//! The schema describes them as their unbounded counterparts (`[T]`,
//! `str`): [`check`](crate::schema::check) does not compare lengths with
//! capacities, as it does not with the length limits of
//! [`DecodeOptions`](crate::DecodeOptions).

use ::arrayvec::{ArrayString, ArrayVec};

use crate::decode::{Decode, Decoder, Error, ErrorKind};
use crate::encode::{self, Encode, Encoder, Write, str_size};
use crate::schema::{Schema, Shape, ShapeRef};

/// As a slice: an array of the elements, a `bin` for `ArrayVec<u8, CAP>`
/// (read from an array of small integers too, as serde writes it).
///
/// ```
/// use arrayvec::ArrayVec;
/// use msgpack_core::decode::ErrorKind;
/// let v: ArrayVec<u32, 2> = msgpack_core::from_slice(&[0x92, 0x01, 0x02])?;
/// assert_eq!(v.as_slice(), [1, 2]);
/// let e = msgpack_core::from_slice::<ArrayVec<u32, 2>>(&[0x93, 0x01, 0x02, 0x03]).unwrap_err();
/// assert_eq!(e.kind(), &ErrorKind::CapacityExceeded { capacity: 2, found: 3 });
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl<T: Encode, const CAP: usize> Encode for ArrayVec<T, CAP> {
    const COSTLY_LEN: bool = T::COSTLY_LEN;
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        T::__encode_slice(self.as_slice(), e)
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        T::__encoded_len_slice(self.as_slice())
    }
}

impl<'de, T: Decode<'de>, const CAP: usize> Decode<'de> for ArrayVec<T, CAP> {
    #[inline]
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        let mut v = ArrayVec::new();
        // `__decode_bounded` hands over at most `CAP` elements: the push
        // cannot fail.
        T::__decode_bounded(d, CAP, |x| {
            let _ = v.try_push(x);
        })?;
        Ok(v)
    }
}

/// A `str`.
impl<const CAP: usize> Encode for ArrayString<CAP> {
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        e.str(self)
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        str_size(self.len())
    }
}

/// A `str` of at most `CAP` bytes.
impl<'de, const CAP: usize> Decode<'de> for ArrayString<CAP> {
    #[inline]
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        let at = d.position();
        let s = d.str()?;
        ArrayString::from(s).map_err(|_| d.error(ErrorKind::CapacityExceeded { capacity: CAP, found: s.len() }, at))
    }
}

impl<T: Schema, const CAP: usize> Schema for ArrayVec<T, CAP> {
    const SHAPE: ShapeRef = if T::__BYTE {
        ShapeRef::new(&Shape::Bin { len: None, from_array: true })
    } else {
        ShapeRef::new(&Shape::Seq { elem: T::SHAPE, len: None })
    };
}

impl<const CAP: usize> Schema for ArrayString<CAP> {
    const SHAPE: ShapeRef = ShapeRef::new(&Shape::Str);
}
