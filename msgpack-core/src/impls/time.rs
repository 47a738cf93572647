//! `Duration`, `Timestamp` and ext items.

use core::time::Duration;

use crate::decode::{Decode, Decoder, Error, ErrorKind, Found};
use crate::encode::{self, Encode, Encoder, Write, array_header_size, ext_size, uint_size};
use crate::ext::{ExtRef, Timestamp};
use crate::marker::Marker;

/// `Duration` is the array `[secs, nanos]`, which is what `rmp_serde::to_vec`
/// writes for serde's `Duration`. Decoding also accepts the map
/// `{"secs": .., "nanos": ..}` that `rmp_serde::to_vec_named` writes.
impl Encode for Duration {
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        e.array_len(2)?;
        e.u64(self.as_secs())?;
        e.u32(self.subsec_nanos())
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        array_header_size(2) + uint_size(self.as_secs()) + uint_size(self.subsec_nanos() as u64)
    }
}

impl<'de> Decode<'de> for Duration {
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        let at = d.position();
        let (secs, nanos) = if d.peek()? == Marker::Map {
            let len = d.map_len()?;
            d.enter()?;
            let (mut secs, mut nanos) = (None, None);
            for _ in 0..len {
                let key_at = d.position();
                match d.str()? {
                    "secs" if secs.is_some() => return Err(d.error(ErrorKind::DuplicateField("secs"), key_at)),
                    "nanos" if nanos.is_some() => return Err(d.error(ErrorKind::DuplicateField("nanos"), key_at)),
                    "secs" => secs = Some(d.u64().map_err(|e| e.at_field("secs"))?),
                    "nanos" => nanos = Some(d.u32().map_err(|e| e.at_field("nanos"))?),
                    _ => return Err(d.error(ErrorKind::UnknownField(d.found_at(key_at)), key_at)),
                }
            }
            let secs = secs.ok_or_else(|| d.error(ErrorKind::MissingField("secs"), at))?;
            let nanos = nanos.ok_or_else(|| d.error(ErrorKind::MissingField("nanos"), at))?;
            d.leave();
            (secs, nanos)
        } else {
            <(u64, u32)>::decode(d)?
        };
        if nanos >= 1_000_000_000 {
            let found = Found::UInt(nanos as u64);
            return Err(d.error(ErrorKind::OutOfRange { expected: "nanoseconds below 1e9", found }, at));
        }
        Ok(Duration::new(secs, nanos))
    }
}

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
/// hold is an [`ErrorKind::OutOfRange`] at the item's offset, naming the
/// target in `expected` and the timestamp's seconds as what was found.
#[cfg(any(feature = "std", feature = "chrono", feature = "time"))]
pub(crate) fn decode_timestamp_as<T>(
    d: &mut Decoder<'_>,
    expected: &'static str,
    convert: impl FnOnce(Timestamp) -> Option<T>,
) -> Result<T, Error> {
    let at = d.position();
    let t = d.timestamp()?;
    convert(t).ok_or_else(|| {
        let found = u64::try_from(t.secs()).map_or(Found::NegInt(t.secs()), Found::UInt);
        d.error(ErrorKind::OutOfRange { expected, found }, at)
    })
}
