//! `core::time::Duration`: `[secs, nanos]`, as serde writes it to rmp-serde.

use core::time::Duration;

use crate::decode::{Decode, Decoder, Error, ErrorKind, Found};
use crate::encode::{self, Encode, Encoder, Write, array_header_size, uint_size};
use crate::marker::Marker;
use crate::schema::{IntShape, Schema, Shape, ShapeRef};

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

impl Schema for Duration {
    const SHAPE: ShapeRef = ShapeRef::new(&Shape::Tuple(&[<u64 as Schema>::SHAPE, NANOS]));
}

/// A `Duration`'s nanoseconds: decoding rejects 1e9 and above.
const NANOS: ShapeRef = ShapeRef::new(&Shape::Int(IntShape::new("nanoseconds", 0, 999_999_999)));
