//! `uuid::Uuid` (feature `uuid`, no_std): a `bin` of its 16 bytes, as
//! serde writes it to a binary format (rmp-serde is not human-readable).

use ::uuid::Uuid;

use crate::decode::{Decode, Decoder, Error, ErrorKind, ErrorText};
use crate::encode::{self, Encode, Encoder, Write};
use crate::marker::Marker;
use crate::schema::{Schema, Shape, ShapeRef};

/// A `bin` of the 16 bytes, big-endian (the RFC 9562 byte order).
/// Decoding reads that, an array of 16 small integers, or the text form
/// (`"67e55044-10b1-426f-9247-bb680e5fe0c8"`, as a human-readable format
/// writes it; also braced, simple or URN, as `Uuid::parse_str` takes).
///
/// ```
/// use uuid::Uuid;
/// let id = Uuid::from_u128(0x67e5_5044_10b1_426f_9247_bb68_0e5f_e0c8);
/// let bytes = msgpack_core::to_vec(&id)?;
/// assert_eq!(bytes[..2], [0xc4, 16]);
/// assert_eq!(bytes[2..], *id.as_bytes());
/// assert_eq!(msgpack_core::from_slice::<Uuid>(&bytes)?, id);
/// assert_eq!(msgpack_core::from_slice::<Uuid>(b"\xd9\x2467e55044-10b1-426f-9247-bb680e5fe0c8")?, id);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Encode for Uuid {
    const MAX_LEN: usize = 18;
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        e.bin(self.as_bytes())
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        18
    }
}

impl<'de> Decode<'de> for Uuid {
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        if d.peek()? == Marker::Str {
            let at = d.position();
            let s = d.str()?;
            return Uuid::parse_str(s).map_err(|e| {
                d.error(ErrorKind::Conversion { into: "Uuid", message: ErrorText::new(format_args!("{e}")) }, at)
            });
        }
        <[u8; 16]>::decode(d).map(Uuid::from_bytes)
    }
}

impl Schema for Uuid {
    const SHAPE: ShapeRef = ShapeRef::new(&Shape::Bin { len: Some(16), from_array: true });
}
