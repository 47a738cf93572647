//! Ranges and `Bound`, in serde's shapes: a range is a struct
//! (`{"start": s, "end": e}` in rmp-serde's named form), a `Bound` an
//! externally tagged enum.

use core::ops::{Bound, Range, RangeFrom, RangeInclusive, RangeTo};

use super::forms::{self, Tag};
use crate::decode::{Decode, Decoder, Error};
use crate::encode::{self, Encode, Encoder, Write};
use crate::schema::{EnumDef, Form, Payload, Schema, Shape, ShapeRef, StructDef, Tagging};

const START_END: [&str; 2] = ["start", "end"];

/// The map `{"start": start, "end": end}`, as `rmp_serde::to_vec_named`
/// writes serde's `Range`. Decoding also reads the array `[start, end]`
/// (`rmp_serde::to_vec`). As with serde, a range whose start is past its
/// end is not an error: it is an empty range, kept as it was.
///
/// ```
/// let bytes = msgpack_core::to_vec(&(1u8..10))?;
/// assert_eq!(bytes, b"\x82\xa5start\x01\xa3end\x0a");
/// assert_eq!(msgpack_core::from_slice::<std::ops::Range<u8>>(&bytes)?, 1..10);
/// assert_eq!(msgpack_core::from_slice::<std::ops::Range<u8>>(&[0x92, 0x05, 0x02])?, 5..2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl<T: Encode> Encode for Range<T> {
    const COSTLY_LEN: bool = T::COSTLY_LEN;
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        forms::encode_fields(&START_END, [&self.start, &self.end], e)
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        forms::fields_len(&START_END, [&self.start, &self.end])
    }
}

impl<'de, T: Decode<'de>> Decode<'de> for Range<T> {
    #[inline]
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        let [start, end] = forms::decode_fields(d, &START_END)?;
        Ok(start..end)
    }
}

/// As `Range`: `{"start": start, "end": end}`. A `RangeInclusive` that
/// iteration has exhausted is written by its bounds alone (as serde does)
/// and reads back as a fresh range.
impl<T: Encode> Encode for RangeInclusive<T> {
    const COSTLY_LEN: bool = T::COSTLY_LEN;
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        forms::encode_fields(&START_END, [self.start(), self.end()], e)
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        forms::fields_len(&START_END, [self.start(), self.end()])
    }
}

impl<'de, T: Decode<'de>> Decode<'de> for RangeInclusive<T> {
    #[inline]
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        let [start, end] = forms::decode_fields(d, &START_END)?;
        Ok(start..=end)
    }
}

/// `{"start": start}`.
impl<T: Encode> Encode for RangeFrom<T> {
    const COSTLY_LEN: bool = T::COSTLY_LEN;
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        forms::encode_fields(&["start"], [&self.start], e)
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        forms::fields_len(&["start"], [&self.start])
    }
}

impl<'de, T: Decode<'de>> Decode<'de> for RangeFrom<T> {
    #[inline]
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        let [start] = forms::decode_fields(d, &["start"])?;
        Ok(start..)
    }
}

/// `{"end": end}`.
impl<T: Encode> Encode for RangeTo<T> {
    const COSTLY_LEN: bool = T::COSTLY_LEN;
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        forms::encode_fields(&["end"], [&self.end], e)
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        forms::fields_len(&["end"], [&self.end])
    }
}

impl<'de, T: Decode<'de>> Decode<'de> for RangeTo<T> {
    #[inline]
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        let [end] = forms::decode_fields(d, &["end"])?;
        Ok(..end)
    }
}

/// serde's externally tagged enum: `"Unbounded"`, `{"Included": v}`,
/// `{"Excluded": v}`.
///
/// ```
/// use std::ops::Bound;
/// assert_eq!(msgpack_core::to_vec(&Bound::<u8>::Unbounded)?, b"\xa9Unbounded");
/// assert_eq!(msgpack_core::to_vec(&Bound::Included(7u8))?, b"\x81\xa8Included\x07");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl<T: Encode> Encode for Bound<T> {
    const COSTLY_LEN: bool = T::COSTLY_LEN;
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        match self {
            Bound::Unbounded => e.str("Unbounded"),
            Bound::Included(v) => forms::encode_variant("Included", v, e),
            Bound::Excluded(v) => forms::encode_variant("Excluded", v, e),
        }
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        match self {
            Bound::Unbounded => encode::str_size("Unbounded".len()),
            Bound::Included(v) => forms::variant_len("Included", v),
            Bound::Excluded(v) => forms::variant_len("Excluded", v),
        }
    }
}

impl<'de, T: Decode<'de>> Decode<'de> for Bound<T> {
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        match forms::read_tag(d, "Bound")? {
            (Tag::Unit(b"Unbounded"), _) => Ok(Bound::Unbounded),
            (Tag::Data(tag), tag_at) => {
                let v = match tag {
                    b"Unbounded" => d.nil().map(|()| Bound::Unbounded).map_err(|e| e.at_field("Unbounded"))?,
                    b"Included" => Bound::Included(T::decode(d).map_err(|e| e.at_field("Included"))?),
                    b"Excluded" => Bound::Excluded(T::decode(d).map_err(|e| e.at_field("Excluded"))?),
                    _ => return Err(forms::unknown_variant(d, "Bound", tag_at)),
                };
                d.leave();
                Ok(v)
            }
            (Tag::Unit(_), tag_at) => Err(forms::unknown_variant(d, "Bound", tag_at)),
        }
    }
}

/// serde's range impls reject unknown keys, as this crate's do.
macro_rules! range_schema {
    ($($ty:ident $name:literal [$($field:literal)*];)*) => {$(
        impl<T: Schema> Schema for $ty<T> {
            const SHAPE: ShapeRef = ShapeRef::new(&Shape::Struct(&StructDef {
                name: $name,
                id: concat!("core::ops::", $name),
                generic: true,
                form: Form::Map,
                fields: &[$(forms::field($field, T::SHAPE)),*],
                deny_unknown_fields: true,
            }));
        }
    )*};
}

range_schema! {
    Range "Range" ["start" "end"];
    RangeInclusive "RangeInclusive" ["start" "end"];
    RangeFrom "RangeFrom" ["start"];
    RangeTo "RangeTo" ["end"];
}

impl<T: Schema> Schema for Bound<T> {
    const SHAPE: ShapeRef = ShapeRef::new(&Shape::Enum(&EnumDef {
        name: "Bound",
        id: "core::ops::Bound",
        generic: true,
        tagging: Tagging::External,
        variants: &[
            forms::variant("Unbounded", Payload::Unit),
            forms::variant("Included", Payload::Newtype(T::SHAPE)),
            forms::variant("Excluded", Payload::Newtype(T::SHAPE)),
        ],
        other: false,
    }));
}
