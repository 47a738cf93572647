//! The deserializer: serde's data model read from a [`Decoder`](crate::decode::Decoder), accepting
//! what rmp-serde 1.3 accepts, with the derive's limits and errors.

use ::serde::de::{self, Visitor};

use crate::decode::{Error, ErrorKind, Found};
use crate::marker::{self as m, Marker};
use crate::serde::error::SOME_ENUM;
use crate::serde::ser::EXT_STRUCT;

mod access;
mod deserializer;

use access::{BinSeq, Enum, ExtSeq, MapAccess, SeqAccess, UnitVariant};
pub use deserializer::Deserializer;

type Result<T> = core::result::Result<T, Error>;

impl<'de> Deserializer<'de> {
    /// Any item, for `deserialize_any` (`bin` as bytes) and the sequence
    /// hints (`bin` as a sequence of `u8`, as rmp-serde reads it there).
    /// Struct `fields` name the elements of an array and the values of a
    /// map in error paths; `charge` charges each element to the budget.
    fn any<V: Visitor<'de>>(
        &mut self,
        v: V,
        bytes: bool,
        fields: &'static [&'static str],
        charge: bool,
    ) -> Result<V::Value> {
        let at = self.d.position();
        let r = match self.d.peek()? {
            Marker::Nil | Marker::Bool | Marker::UInt | Marker::Int | Marker::F32 | Marker::F64 => {
                return self.scalar(v, at);
            }
            Marker::Str => return self.str(v, at),
            Marker::Bin if bytes => {
                let b = self.d.bin()?;
                v.visit_borrowed_bytes(b)
            }
            Marker::Bin => {
                let b = self.d.bin()?;
                BinSeq::visit(self, b, at, charge, v)
            }
            Marker::Array => {
                let len = self.d.array_len()?;
                SeqAccess::visit(self, len, at, fields, charge, v)
            }
            Marker::Map => {
                let len = self.d.map_len()?;
                MapAccess::visit(self, len, at, fields, charge, v)
            }
            // Not a level of depth, as for the derive: its two parts are
            // handed out without recursing into the input.
            Marker::Ext => v.visit_newtype_struct(ExtSeq::new(self.d.ext()?)),
            Marker::Reserved => return Err(self.d.type_error("any MessagePack value", at)),
        };
        r.map_err(|e| self.locate(e, at))
    }

    /// The common case of a sequence, tuple or struct inline: a `fixarray`
    /// straight to its elements; anything else through [`any`](Self::any).
    #[inline]
    fn array_or_any<V: Visitor<'de>>(
        &mut self,
        v: V,
        fields: &'static [&'static str],
        charge: bool,
    ) -> Result<V::Value> {
        let at = self.d.position();
        if let Some(len) = self.d.fixarray() {
            return SeqAccess::visit(self, len, at, fields, charge, v).map_err(|e| self.locate(e, at));
        }
        self.any(v, false, fields, charge)
    }

    /// `nil`, a bool, an integer or a float, visited as rmp-serde visits
    /// it (an integer by the width of its form).
    fn scalar<V: Visitor<'de>>(&mut self, v: V, at: usize) -> Result<V::Value> {
        let d = &mut self.d;
        let r = match d.peek_byte()? {
            m::NIL => {
                d.nil()?;
                v.visit_unit()
            }
            m::FALSE | m::TRUE => v.visit_bool(d.bool()?),
            0x00..=0x7f | m::U8 => v.visit_u8(d.u8()?),
            m::U16 => v.visit_u16(d.u16()?),
            m::U32 => v.visit_u32(d.u32()?),
            m::U64 => v.visit_u64(d.u64()?),
            0xe0..=0xff | m::I8 => v.visit_i8(d.i8()?),
            m::I16 => v.visit_i16(d.i16()?),
            m::I32 => v.visit_i32(d.i32()?),
            m::I64 => v.visit_i64(d.i64()?),
            m::F32 => v.visit_f32(d.f32()?),
            m::F64 => v.visit_f64(d.f64()?),
            _ => return Err(d.type_error("nil, bool, int or float", at)),
        };
        r.map_err(|e| self.locate(e, at))
    }

    /// A scalar for a number or bool hint: `expected` names the type in
    /// errors, which are the derive's when the visitor refuses the item
    /// (a type mismatch, or an integer out of `range`).
    #[inline(never)]
    fn number<V: Visitor<'de>>(&mut self, v: V, expected: &'static str, range: (i128, i128)) -> Result<V::Value> {
        let at = self.d.position();
        let marker = self.d.peek()?;
        if !matches!(marker, Marker::Nil | Marker::Bool | Marker::UInt | Marker::Int | Marker::F32 | Marker::F64) {
            return Err(self.d.type_error(expected, at));
        }
        self.scalar(v, at).map_err(|e| {
            if !matches!(e.kind(), ErrorKind::Invalid { .. }) || e.offset() != at {
                return e; // the visitor's own message, kept
            }
            let found = self.d.found_at(at);
            let value = match found {
                Found::UInt(u) => i128::from(u),
                Found::NegInt(i) => i128::from(i),
                _ => return self.d.error(ErrorKind::TypeMismatch { expected, found }, at),
            };
            match range {
                NOT_INT => self.d.error(ErrorKind::TypeMismatch { expected, found }, at),
                (lo, hi) if value < lo || value > hi => self.d.error(ErrorKind::OutOfRange { expected, found }, at),
                // In range and still refused (a `NonZeroU8` given 0): the visitor's words.
                _ => e,
            }
        })
    }

    /// A `str`, borrowed; one whose payload is not UTF-8 goes to the
    /// visitor as bytes (as rmp-serde does), and is
    /// [`InvalidUtf8`](ErrorKind::InvalidUtf8) if it refuses them.
    fn str<V: Visitor<'de>>(&mut self, v: V, at: usize) -> Result<V::Value> {
        let r = match self.d.str() {
            Ok(s) => v.visit_borrowed_str(s),
            Err(e) if *e.kind() == ErrorKind::InvalidUtf8 => {
                self.d.rewind(at);
                let b = self.d.str_bytes()?;
                return v.visit_borrowed_bytes::<Error>(b).map_err(|_| e);
            }
            Err(e) => return Err(e),
        };
        r.map_err(|e| self.locate(e, at))
    }

    /// The payload of the `bin` at `at` as a 128-bit integer's 16 bytes.
    fn bin16(&mut self, at: usize) -> Result<[u8; 16]> {
        let b = self.d.bin()?;
        <[u8; 16]>::try_from(b).map_err(|_| self.d.error(ErrorKind::InvalidLength { expected: 16, found: b.len() }, at))
    }

    /// Charges the payload of the `str` or `bin` at the cursor to the
    /// budget, for a visitor that asked for an owned copy.
    fn charge_payload(&mut self) -> Result<()> {
        let at = self.d.position();
        let mut peek = self.d.clone();
        let len = match self.d.peek()? {
            Marker::Str => peek.str_bytes().map(<[u8]>::len),
            Marker::Bin => peek.bin().map(<[u8]>::len),
            _ => return Ok(()),
        };
        // A header that does not read is reported by the read itself.
        match len {
            Ok(len) => self.d.charge(len, at),
            Err(_) => Ok(()),
        }
    }
}

/// The `range` of [`Deserializer::number`] for bools and floats (whose
/// visitors take integers by serde's conversions).
const NOT_INT: (i128, i128) = (1, 0);

/// The range of an integer type, for [`Deserializer::number`].
macro_rules! range {
    ($t:ty) => {
        (<$t>::MIN as i128, <$t>::MAX as i128)
    };
}

impl<'de> de::Deserializer<'de> for &mut Deserializer<'de> {
    type Error = Error;

    /// `false`, as rmp-serde's default.
    #[inline]
    fn is_human_readable(&self) -> bool {
        false
    }

    #[inline]
    fn deserialize_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value> {
        self.any(v, true, &[], true)
    }

    fn deserialize_bool<V: Visitor<'de>>(self, v: V) -> Result<V::Value> {
        self.number(v, "bool", NOT_INT)
    }

    #[inline]
    fn deserialize_i8<V: Visitor<'de>>(self, v: V) -> Result<V::Value> {
        // The common case in one step: an integer in range, read as the
        // hinted type (any other item, or an error, takes the general path).
        let at = self.d.position();
        if let Ok(Marker::UInt | Marker::Int) = self.d.peek() {
            match self.d.i8() {
                Ok(x) => return v.visit_i8(x).map_err(|e| self.locate(e, at)),
                Err(_) => self.d.rewind(at),
            }
        }
        self.number(v, "i8", range!(i8))
    }

    #[inline]
    fn deserialize_i16<V: Visitor<'de>>(self, v: V) -> Result<V::Value> {
        // The common case in one step: an integer in range, read as the
        // hinted type (any other item, or an error, takes the general path).
        let at = self.d.position();
        if let Ok(Marker::UInt | Marker::Int) = self.d.peek() {
            match self.d.i16() {
                Ok(x) => return v.visit_i16(x).map_err(|e| self.locate(e, at)),
                Err(_) => self.d.rewind(at),
            }
        }
        self.number(v, "i16", range!(i16))
    }

    #[inline]
    fn deserialize_i32<V: Visitor<'de>>(self, v: V) -> Result<V::Value> {
        // The common case in one step: an integer in range, read as the
        // hinted type (any other item, or an error, takes the general path).
        let at = self.d.position();
        if let Ok(Marker::UInt | Marker::Int) = self.d.peek() {
            match self.d.i32() {
                Ok(x) => return v.visit_i32(x).map_err(|e| self.locate(e, at)),
                Err(_) => self.d.rewind(at),
            }
        }
        self.number(v, "i32", range!(i32))
    }

    #[inline]
    fn deserialize_i64<V: Visitor<'de>>(self, v: V) -> Result<V::Value> {
        // The common case in one step: an integer in range, read as the
        // hinted type (any other item, or an error, takes the general path).
        let at = self.d.position();
        if let Ok(Marker::UInt | Marker::Int) = self.d.peek() {
            match self.d.i64() {
                Ok(x) => return v.visit_i64(x).map_err(|e| self.locate(e, at)),
                Err(_) => self.d.rewind(at),
            }
        }
        self.number(v, "i64", range!(i64))
    }

    #[inline]
    fn deserialize_u8<V: Visitor<'de>>(self, v: V) -> Result<V::Value> {
        // The common case in one step: an integer in range, read as the
        // hinted type (any other item, or an error, takes the general path).
        let at = self.d.position();
        if let Ok(Marker::UInt | Marker::Int) = self.d.peek() {
            match self.d.u8() {
                Ok(x) => return v.visit_u8(x).map_err(|e| self.locate(e, at)),
                Err(_) => self.d.rewind(at),
            }
        }
        self.number(v, "u8", range!(u8))
    }

    #[inline]
    fn deserialize_u16<V: Visitor<'de>>(self, v: V) -> Result<V::Value> {
        // The common case in one step: an integer in range, read as the
        // hinted type (any other item, or an error, takes the general path).
        let at = self.d.position();
        if let Ok(Marker::UInt | Marker::Int) = self.d.peek() {
            match self.d.u16() {
                Ok(x) => return v.visit_u16(x).map_err(|e| self.locate(e, at)),
                Err(_) => self.d.rewind(at),
            }
        }
        self.number(v, "u16", range!(u16))
    }

    #[inline]
    fn deserialize_u32<V: Visitor<'de>>(self, v: V) -> Result<V::Value> {
        // The common case in one step: an integer in range, read as the
        // hinted type (any other item, or an error, takes the general path).
        let at = self.d.position();
        if let Ok(Marker::UInt | Marker::Int) = self.d.peek() {
            match self.d.u32() {
                Ok(x) => return v.visit_u32(x).map_err(|e| self.locate(e, at)),
                Err(_) => self.d.rewind(at),
            }
        }
        self.number(v, "u32", range!(u32))
    }

    #[inline]
    fn deserialize_u64<V: Visitor<'de>>(self, v: V) -> Result<V::Value> {
        // The common case in one step: an integer in range, read as the
        // hinted type (any other item, or an error, takes the general path).
        let at = self.d.position();
        if let Ok(Marker::UInt | Marker::Int) = self.d.peek() {
            match self.d.u64() {
                Ok(x) => return v.visit_u64(x).map_err(|e| self.locate(e, at)),
                Err(_) => self.d.rewind(at),
            }
        }
        self.number(v, "u64", range!(u64))
    }

    #[inline]
    fn deserialize_f32<V: Visitor<'de>>(self, v: V) -> Result<V::Value> {
        let at = self.d.position();
        if let Some(x) = self.d.f32_exact() {
            return v.visit_f32(x).map_err(|e| self.locate(e, at));
        }
        self.number(v, "f32", NOT_INT)
    }

    #[inline]
    fn deserialize_f64<V: Visitor<'de>>(self, v: V) -> Result<V::Value> {
        let at = self.d.position();
        if let Some(x) = self.d.f64_exact() {
            return v.visit_f64(x).map_err(|e| self.locate(e, at));
        }
        self.number(v, "f64", NOT_INT)
    }

    /// Any integer, or a `bin` of 16 big-endian bytes (rmp-serde's form).
    fn deserialize_i128<V: Visitor<'de>>(self, v: V) -> Result<V::Value> {
        let at = self.d.position();
        let x = match self.d.peek()? {
            Marker::UInt | Marker::Int => self.d.i128()?,
            Marker::Bin => i128::from_be_bytes(self.bin16(at)?),
            _ => return Err(self.d.type_error("i128", at)),
        };
        v.visit_i128(x).map_err(|e| self.locate(e, at))
    }

    /// Any non-negative integer, or a `bin` of 16 big-endian bytes.
    fn deserialize_u128<V: Visitor<'de>>(self, v: V) -> Result<V::Value> {
        let at = self.d.position();
        let x = match self.d.peek()? {
            Marker::UInt | Marker::Int => self.d.u128()?,
            Marker::Bin => u128::from_be_bytes(self.bin16(at)?),
            _ => return Err(self.d.type_error("u128", at)),
        };
        v.visit_u128(x).map_err(|e| self.locate(e, at))
    }

    fn deserialize_char<V: Visitor<'de>>(self, v: V) -> Result<V::Value> {
        self.any(v, true, &[], false)
    }

    fn deserialize_str<V: Visitor<'de>>(self, v: V) -> Result<V::Value> {
        self.any(v, true, &[], false)
    }

    /// As `deserialize_str`; the payload of a `str` or `bin` (which the
    /// visitor copies) is charged to the allocation budget.
    fn deserialize_string<V: Visitor<'de>>(self, v: V) -> Result<V::Value> {
        // The common case in one step: a UTF-8 `str`, charged by its length
        // (anything else takes the general path).
        let at = self.d.position();
        if let Ok(Marker::Str) = self.d.peek() {
            match self.d.str() {
                Ok(s) => {
                    self.d.charge(s.len(), at)?;
                    return v.visit_borrowed_str(s).map_err(|e| self.locate(e, at));
                }
                Err(_) => self.d.rewind(at),
            }
        }
        self.charge_payload()?;
        self.any(v, true, &[], false)
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, v: V) -> Result<V::Value> {
        self.any(v, true, &[], false)
    }

    /// As `deserialize_bytes`; the payload of a `bin` or `str` is charged
    /// to the allocation budget.
    fn deserialize_byte_buf<V: Visitor<'de>>(self, v: V) -> Result<V::Value> {
        self.charge_payload()?;
        self.any(v, true, &[], true)
    }

    /// `nil` is `None`; anything else `Some`.
    fn deserialize_option<V: Visitor<'de>>(self, v: V) -> Result<V::Value> {
        let at = self.d.position();
        if self.d.try_nil()? {
            return v.visit_none().map_err(|e| self.locate(e, at));
        }
        self.wrapped(at, |de| v.visit_some(de))
    }

    fn deserialize_unit<V: Visitor<'de>>(self, v: V) -> Result<V::Value> {
        self.any(v, true, &[], false)
    }

    /// `nil` or an empty `fixarray` (rmp-serde writes an empty array).
    fn deserialize_unit_struct<V: Visitor<'de>>(self, _name: &'static str, v: V) -> Result<V::Value> {
        let at = self.d.position();
        if self.d.try_nil()? || self.d.fixarray_exact(0) {
            return v.visit_unit().map_err(|e| self.locate(e, at));
        }
        self.any(v, true, &[], false)
    }

    /// The content; `_ExtStruct` from an ext item (`(i8, bytes)`).
    fn deserialize_newtype_struct<V: Visitor<'de>>(self, name: &'static str, v: V) -> Result<V::Value> {
        let at = self.d.position();
        if name == EXT_STRUCT {
            let ext = self.d.ext()?;
            return v.visit_newtype_struct(ExtSeq::new(ext)).map_err(|e| self.locate(e, at));
        }
        self.wrapped(at, |de| v.visit_newtype_struct(de))
    }

    /// An array, or a `bin` as a sequence of `u8` (as rmp-serde reads it).
    #[inline]
    fn deserialize_seq<V: Visitor<'de>>(self, v: V) -> Result<V::Value> {
        self.array_or_any(v, &[], true)
    }

    #[inline]
    fn deserialize_tuple<V: Visitor<'de>>(self, _len: usize, v: V) -> Result<V::Value> {
        self.array_or_any(v, &[], false)
    }

    #[inline]
    fn deserialize_tuple_struct<V: Visitor<'de>>(self, _name: &'static str, _len: usize, v: V) -> Result<V::Value> {
        self.array_or_any(v, &[], false)
    }

    fn deserialize_map<V: Visitor<'de>>(self, v: V) -> Result<V::Value> {
        self.any(v, true, &[], true)
    }

    /// An array of the field values, or a map keyed by field name (or index).
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        fields: &'static [&'static str],
        v: V,
    ) -> Result<V::Value> {
        self.array_or_any(v, fields, false)
    }

    /// `{variant: payload}`, or the variant's name (or index) alone for a
    /// unit variant.
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        v: V,
    ) -> Result<V::Value> {
        let at = self.d.position();
        let map_form = self.d.peek()? == Marker::Map;
        let r = if map_form {
            let len = self.d.map_len()?;
            if len != 1 {
                return Err(self.d.error(ErrorKind::InvalidLength { expected: 1, found: len }, at));
            }
            self.d.enter()?;
            let r = v.visit_enum(Enum::new(self, variants));
            self.d.leave();
            r
        } else {
            v.visit_enum(UnitVariant(self))
        };
        r.map_err(|mut e| {
            if let Some(ErrorKind::UnknownVariant { enum_name, .. }) = e.kind_mut()
                && core::ptr::eq(*enum_name, SOME_ENUM)
            {
                *enum_name = name;
            }
            let e = self.locate(e, at);
            match e.kind() {
                // A tag that no variant identifier takes (an array, a
                // float, an index out of range): the derive's error.
                ErrorKind::Invalid { found, .. } if !map_form && e.offset() == at => {
                    self.d.error(ErrorKind::TypeMismatch { expected: name, found: *found }, at)
                }
                _ => e,
            }
        })
    }

    #[inline]
    fn deserialize_identifier<V: Visitor<'de>>(self, v: V) -> Result<V::Value> {
        let at = self.d.position();
        if let Ok(Marker::Str) = self.d.peek() {
            return self.str(v, at);
        }
        self.any(v, true, &[], false)
    }

    /// Skipped without recursion ([`Decoder::skip`](crate::decode::Decoder::skip)).
    fn deserialize_ignored_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value> {
        let at = self.d.position();
        self.d.skip()?;
        v.visit_unit().map_err(|e| self.locate(e, at))
    }
}
