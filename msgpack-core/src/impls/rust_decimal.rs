//! `rust_decimal::Decimal` (feature `rust_decimal`, no_std): a `str` of
//! its decimal form, as rust_decimal's serde impl writes it by default
//! (`"-12.340"`: the scale is kept, trailing zeros and all).

use core::fmt::{self, Write as _};
use core::str::FromStr;

use ::rust_decimal::Decimal;

use crate::decode::{Decode, Decoder, Error, ErrorKind, ErrorText};
use crate::encode::{self, Encode, Encoder, Write, str_size};
use crate::marker::Marker;
use crate::schema::{Schema, Shape, ShapeRef};

/// A `Decimal`'s text, formatted on the stack (at most 31 bytes:
/// a sign, 29 digits, a point).
struct Text {
    buf: [u8; 40],
    len: usize,
}

impl fmt::Write for Text {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len + s.len();
        self.buf.get_mut(self.len..end).ok_or(fmt::Error)?.copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

impl Text {
    #[inline]
    fn of(d: &Decimal) -> Text {
        let mut t = Text { buf: [0; 40], len: 0 };
        // `Display` without a width or precision is serde's text.
        let _ = write!(t, "{d}");
        t
    }

    #[inline]
    fn as_str(&self) -> &str {
        // Only whole `str`s were copied in.
        core::str::from_utf8(&self.buf[..self.len]).unwrap_or_default()
    }
}

/// The `str` rust_decimal's serde impl writes (its `Display`).
/// Decoding reads that, scientific notation (`"1.5e3"`), and integers
/// (any MessagePack integer fits). Floats are not read: a float's decimal
/// value is not the one it was written from (serde's visitor goes through
/// the float's shortest text; use a `str` to keep the digits).
///
/// ```
/// use rust_decimal::Decimal;
/// let x = Decimal::new(-12340, 3);
/// let bytes = msgpack_core::to_vec(&x)?;
/// assert_eq!(bytes, b"\xa7-12.340");
/// assert_eq!(msgpack_core::from_slice::<Decimal>(&bytes)?, x);
/// assert_eq!(msgpack_core::from_slice::<Decimal>(&[0x2a])?, Decimal::from(42));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Encode for Decimal {
    const MAX_LEN: usize = 1 + 31;
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        e.str(Text::of(self).as_str())
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        str_size(Text::of(self).len)
    }
}

impl<'de> Decode<'de> for Decimal {
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        let at = d.position();
        match d.peek()? {
            Marker::UInt | Marker::Int => {
                let v = d.i128()?;
                Ok(if v < 0 { Decimal::from(v as i64) } else { Decimal::from(v as u64) })
            }
            Marker::Str => {
                let s = d.str()?;
                Decimal::from_str(s).or_else(|_| Decimal::from_scientific(s)).map_err(|e| {
                    d.error(ErrorKind::Conversion { into: "Decimal", message: ErrorText::new(format_args!("{e}")) }, at)
                })
            }
            _ => Err(d.type_error("Decimal", at)),
        }
    }
}

impl Schema for Decimal {
    const SHAPE: ShapeRef = ShapeRef::new(&Shape::Str);
}
