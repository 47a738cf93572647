//! `Result<T, E>`: serde's externally tagged enum, `{"Ok": v}` or `{"Err": e}`.

use super::forms::{self, Tag};
use crate::decode::{Decode, Decoder, Error};
use crate::encode::{self, Encode, Encoder, Write};
use crate::schema::{EnumDef, Payload, Schema, Shape, ShapeRef, Tagging};

/// The one-entry map `{"Ok": value}` or `{"Err": error}`, as rmp-serde
/// writes serde's `Result`.
///
/// ```
/// let ok: Result<u8, String> = Ok(1);
/// assert_eq!(msgpack_core::to_vec(&ok)?, b"\x81\xa2Ok\x01");
/// let err: Result<u8, String> = Err("no".into());
/// let bytes = msgpack_core::to_vec(&err)?;
/// assert_eq!(bytes, b"\x81\xa3Err\xa2no");
/// assert_eq!(msgpack_core::from_slice::<Result<u8, String>>(&bytes)?, err);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl<T: Encode, E: Encode> Encode for Result<T, E> {
    const COSTLY_LEN: bool = T::COSTLY_LEN || E::COSTLY_LEN;
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        match self {
            Ok(v) => forms::encode_variant("Ok", v, e),
            Err(x) => forms::encode_variant("Err", x, e),
        }
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        match self {
            Ok(v) => forms::variant_len("Ok", v),
            Err(x) => forms::variant_len("Err", x),
        }
    }
}

impl<'de, T: Decode<'de>, E: Decode<'de>> Decode<'de> for Result<T, E> {
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        match forms::read_tag(d, "Result")? {
            (Tag::Data(tag), tag_at) => {
                let v = match tag {
                    b"Ok" => Ok(T::decode(d).map_err(|e| e.at_field("Ok"))?),
                    b"Err" => Err(E::decode(d).map_err(|e| e.at_field("Err"))?),
                    _ => return Err(forms::unknown_variant(d, "Result", tag_at)),
                };
                d.leave();
                Ok(v)
            }
            // Both variants have data: a bare tag names none.
            (Tag::Unit(_), tag_at) => Err(forms::unknown_variant(d, "Result", tag_at)),
        }
    }
}

impl<T: Schema, E: Schema> Schema for Result<T, E> {
    const SHAPE: ShapeRef = ShapeRef::new(&Shape::Enum(&EnumDef {
        name: "Result",
        id: "core::result::Result",
        generic: true,
        tagging: Tagging::External,
        variants: &[
            forms::variant("Ok", Payload::Newtype(T::SHAPE)),
            forms::variant("Err", Payload::Newtype(E::SHAPE)),
        ],
        other: false,
    }));
}
