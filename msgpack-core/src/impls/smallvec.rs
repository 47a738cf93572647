//! `smallvec::SmallVec` (feature `smallvec`, which implies `alloc`): a
//! sequence like `Vec`: an array, and a `bin` for `SmallVec<[u8; N]>`.

use ::smallvec::{Array, SmallVec};

use crate::decode::{Decode, Decoder, Error};
use crate::encode::{self, Encode, Encoder, Write};
use crate::schema::{Schema, Shape, ShapeRef};

/// As `Vec<T>`: an array of the elements, a `bin` for bytes (serde writes
/// bytes as an array of integers unless told otherwise: the difference of
/// `Vec<u8>`, see the crate docs; both forms are read).
///
/// ```
/// use smallvec::{SmallVec, smallvec};
/// let v: SmallVec<[u16; 4]> = smallvec![1, 300];
/// let bytes = msgpack_core::to_vec(&v)?;
/// assert_eq!(bytes, [0x92, 0x01, 0xcd, 0x01, 0x2c]);
/// assert_eq!(msgpack_core::from_slice::<SmallVec<[u16; 4]>>(&bytes)?, v);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl<A: Array> Encode for SmallVec<A>
where
    A::Item: Encode,
{
    const COSTLY_LEN: bool = <A::Item as Encode>::COSTLY_LEN;
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        A::Item::__encode_slice(self.as_slice(), e)
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        A::Item::__encoded_len_slice(self.as_slice())
    }
}

/// Read as a `Vec` (within the same allocation limits) and kept inline
/// when it fits.
impl<'de, A: Array> Decode<'de> for SmallVec<A>
where
    A::Item: Decode<'de>,
{
    #[inline]
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        A::Item::__decode_vec(d).map(SmallVec::from_vec)
    }
}

impl<A: Array> Schema for SmallVec<A>
where
    A::Item: Schema,
{
    const SHAPE: ShapeRef = if <A::Item as Schema>::__BYTE {
        ShapeRef::new(&Shape::Bin { len: None, from_array: true })
    } else {
        ShapeRef::new(&Shape::Seq { elem: <A::Item as Schema>::SHAPE, len: None })
    };
}
