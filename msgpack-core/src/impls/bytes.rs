//! `bytes::Bytes` and `bytes::BytesMut` (feature `bytes`): `bin`.

use bytes::{Bytes, BytesMut};

use crate::decode::{Decode, Decoder, Error};
use crate::encode::{self, Encode, Encoder, Write, bin_size};
use crate::schema::{Schema, Shape, ShapeRef};

impl Encode for Bytes {
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        e.bin(self)
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        bin_size(self.len())
    }
}

/// Without copying when the decoder reads a `Bytes`
/// ([`Decoder::from_bytes`], [`from_bytes`](crate::from_bytes)): the result
/// shares the input's memory. From a plain slice the payload is copied. An
/// array of small integers is accepted too (copied).
impl<'de> Decode<'de> for Bytes {
    #[inline]
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        if d.peek()? == crate::marker::Marker::Array {
            return <u8 as Decode>::__decode_vec(d).map(Bytes::from);
        }
        // A `bin` (with `str_bin_compat`, a `str` too).
        let at = d.position();
        let b = d.bin().map_err(|e| super::num::rename_bin_error(d, e, at))?;
        Ok(match d.source_bytes() {
            Some(src) if !b.is_empty() => src.slice_ref(b),
            _ => {
                d.charge(b.len(), at)?;
                Bytes::copy_from_slice(b)
            }
        })
    }
}

impl Encode for BytesMut {
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        e.bin(self)
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        bin_size(self.len())
    }
}

impl<'de> Decode<'de> for BytesMut {
    #[inline]
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        <u8 as Decode>::__decode_vec(d).map(|v| BytesMut::from(&v[..]))
    }
}

impl Schema for Bytes {
    const SHAPE: ShapeRef = ShapeRef::new(&Shape::Bin { len: None, from_array: true });
}

impl Schema for BytesMut {
    const SHAPE: ShapeRef = ShapeRef::new(&Shape::Bin { len: None, from_array: true });
}
