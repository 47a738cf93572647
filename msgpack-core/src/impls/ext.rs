//! The extension types: [`Timestamp`] (ext -1), [`ExtRef`] and `Ext`, and
//! the timestamp reader that the date-time impls (`SystemTime`, `chrono`,
//! `time`) share.

use crate::decode::{Decode, Decoder, Error};
use crate::encode::{self, Encode, Encoder, Write, ext_size};
use crate::ext::{ExtRef, Timestamp};
use crate::schema::{Schema, Shape, ShapeRef};

/// Ext type -1 in the smallest of its three layouts.
impl Encode for Timestamp {
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        e.timestamp(*self)
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        self.encoded_size()
    }
}

impl<'de> Decode<'de> for Timestamp {
    #[inline]
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        d.timestamp()
    }
}

impl Encode for ExtRef<'_> {
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        e.ext(self.ty, self.data)
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        ext_size(self.data.len())
    }
}

/// Borrows the payload from the input.
impl<'de: 'a, 'a> Decode<'de> for ExtRef<'a> {
    #[inline]
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        d.ext()
    }
}

#[cfg(feature = "alloc")]
impl Encode for crate::ext::Ext {
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        e.ext(self.ty, &self.data)
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        ext_size(self.data.len())
    }
}

#[cfg(feature = "alloc")]
impl<'de> Decode<'de> for crate::ext::Ext {
    #[inline]
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        let at = d.position();
        let x = d.ext()?;
        d.charge(x.data.len(), at)?;
        Ok(x.to_owned())
    }
}

/// Reads a timestamp (ext -1) and converts it with `convert`, for the
/// date-time types of `std`, `chrono` and `time`. A time the target cannot
/// hold is an [`ErrorKind::OutOfRange`](crate::decode::ErrorKind::OutOfRange)
/// at the item's offset, naming the target in `expected` and the
/// timestamp's seconds as what was found.
#[cfg(any(feature = "std", feature = "chrono", feature = "time"))]
pub(crate) fn decode_timestamp_as<T>(
    d: &mut Decoder<'_>,
    expected: &'static str,
    convert: impl FnOnce(Timestamp) -> Option<T>,
) -> Result<T, Error> {
    use crate::decode::{ErrorKind, Found};

    let at = d.position();
    let t = d.timestamp()?;
    convert(t).ok_or_else(|| {
        let found = u64::try_from(t.secs()).map_or(Found::NegInt(t.secs()), Found::UInt);
        d.error(ErrorKind::OutOfRange { expected, found }, at)
    })
}

impl Schema for Timestamp {
    const SHAPE: ShapeRef = ShapeRef::new(&Shape::Timestamp);
}

impl Schema for ExtRef<'_> {
    const SHAPE: ShapeRef = ShapeRef::new(&Shape::Ext { type_code: None });
}

#[cfg(feature = "alloc")]
impl Schema for crate::ext::Ext {
    const SHAPE: ShapeRef = ShapeRef::new(&Shape::Ext { type_code: None });
}
