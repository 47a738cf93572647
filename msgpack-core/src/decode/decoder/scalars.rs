//! `Decoder`: nil, booleans, integers (an inlined fast path per form, the
//! rest out of line) and floats.

use super::{Decoder, Result};
use crate::decode::{Error, ErrorKind, Found};
use crate::marker as m;

impl<'de> Decoder<'de> {
    // ---- scalars -------------------------------------------------------------

    /// Reads `nil`.
    ///
    /// ```
    /// msgpack_core::Decoder::new(&[0xc0]).nil()?;
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline]
    pub fn nil(&mut self) -> Result<()> {
        let at = self.pos;
        match self.byte()? {
            m::NIL => Ok(()),
            _ => Err(self.type_error("nil", at)),
        }
    }

    /// Reads `nil` if it is next and says whether it was.
    ///
    /// ```
    /// let mut d = msgpack_core::Decoder::new(&[0xc0, 0x01]);
    /// assert!(d.try_nil()?);
    /// assert!(!d.try_nil()?);
    /// assert_eq!(d.position(), 1);
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline]
    pub fn try_nil(&mut self) -> Result<bool> {
        if self.peek_byte()? == m::NIL {
            self.pos += 1;
            Ok(true)
        } else {
            Ok(false)
        }
    }

    /// Reads a boolean.
    ///
    /// ```
    /// assert!(msgpack_core::Decoder::new(&[0xc3]).bool()?);
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline]
    pub fn bool(&mut self) -> Result<bool> {
        let at = self.pos;
        match self.byte()? {
            m::TRUE => Ok(true),
            m::FALSE => Ok(false),
            _ => Err(self.type_error("bool", at)),
        }
    }

    /// Reads any integer item into an `i128` (which holds every MessagePack integer).
    #[inline]
    pub(super) fn int_slow(&mut self, expected: &'static str) -> Result<i128> {
        let at = self.pos;
        let b = self.byte()?;
        Ok(match b {
            0x00..=0x7f => b as i128,
            0xe0..=0xff => b as i8 as i128,
            m::U8 => self.byte()? as i128,
            m::U16 => self.be_u16()? as i128,
            m::U32 => self.be_u32()? as i128,
            m::U64 => self.be_u64()? as i128,
            m::I8 => self.byte()? as i8 as i128,
            m::I16 => self.be_u16()? as i16 as i128,
            m::I32 => self.be_u32()? as i32 as i128,
            m::I64 => self.be_u64()? as i64 as i128,
            _ => return Err(self.type_error(expected, at)),
        })
    }

    #[cold]
    #[inline(never)]
    pub(super) fn range_error(&self, expected: &'static str, v: i128, at: usize) -> Error {
        let found = if v >= 0 { Found::UInt(v as u64) } else { Found::NegInt(v as i64) };
        self.fail(ErrorKind::OutOfRange { expected, found }, at)
    }

    /// Any integer item that fits `T`, consumed: the inlined fast path of
    /// the integer readers (one slice pattern per form). `None`, with
    /// nothing consumed, for anything else (another type, truncated input,
    /// a value out of `T`'s range), which the out-of-line readers then
    /// report.
    #[inline(always)]
    pub(super) fn int_fast<T: TryFrom<u64> + TryFrom<i64>>(&mut self) -> Option<T> {
        let rest = self.buf.get(self.pos..)?;
        let u = |v: u64| T::try_from(v).ok();
        let i = |v: i64| T::try_from(v).ok();
        let (v, n) = match *rest {
            [b @ 0x00..=0x7f, ..] => (u(u64::from(b)), 1),
            [b @ 0xe0..=0xff, ..] => (i(i64::from(b as i8)), 1),
            [m::U8, b, ..] => (u(u64::from(b)), 2),
            [m::U16, a, b, ..] => (u(u64::from(u16::from_be_bytes([a, b]))), 3),
            [m::U32, a, b, c, d, ..] => (u(u64::from(u32::from_be_bytes([a, b, c, d]))), 5),
            [m::U64, a, b, c, d, e, f, g, h, ..] => (u(u64::from_be_bytes([a, b, c, d, e, f, g, h])), 9),
            [m::I8, b, ..] => (i(i64::from(b as i8)), 2),
            [m::I16, a, b, ..] => (i(i64::from(i16::from_be_bytes([a, b]))), 3),
            [m::I32, a, b, c, d, ..] => (i(i64::from(i32::from_be_bytes([a, b, c, d]))), 5),
            [m::I64, a, b, c, d, e, f, g, h, ..] => (i(i64::from_be_bytes([a, b, c, d, e, f, g, h])), 9),
            _ => return None,
        };
        let v = v?;
        self.pos += n;
        Some(v)
    }

    /// An unsigned integer: fixint and the unsigned formats directly, the
    /// rest (negative values, signed formats, errors) the general way.
    #[inline(never)]
    pub(super) fn uint<T: TryFrom<u64> + TryFrom<i128>>(&mut self, expected: &'static str) -> Result<T> {
        let at = self.pos;
        let v = match self.buf.get(at) {
            Some(&b) if b < 0x80 => {
                self.pos = at + 1;
                u64::from(b)
            }
            Some(&m::U8) => {
                self.pos = at + 1;
                u64::from(self.byte()?)
            }
            Some(&m::U16) => {
                self.pos = at + 1;
                u64::from(self.be_u16()?)
            }
            Some(&m::U32) => {
                self.pos = at + 1;
                u64::from(self.be_u32()?)
            }
            Some(&m::U64) => {
                self.pos = at + 1;
                self.be_u64()?
            }
            _ => return self.int(expected),
        };
        T::try_from(v).map_err(|_| self.range_error(expected, i128::from(v), at))
    }

    /// A signed integer: fixints and the signed formats directly, the rest
    /// (unsigned formats, errors) the general way.
    #[inline(never)]
    pub(super) fn sint<T: TryFrom<i64> + TryFrom<i128>>(&mut self, expected: &'static str) -> Result<T> {
        let at = self.pos;
        let v = match self.buf.get(at) {
            Some(&b) if !(0x80..0xe0).contains(&b) => {
                self.pos = at + 1;
                i64::from(b as i8)
            }
            Some(&m::I8) => {
                self.pos = at + 1;
                i64::from(self.byte()? as i8)
            }
            Some(&m::I16) => {
                self.pos = at + 1;
                i64::from(self.be_u16()? as i16)
            }
            Some(&m::I32) => {
                self.pos = at + 1;
                i64::from(self.be_u32()? as i32)
            }
            Some(&m::I64) => {
                self.pos = at + 1;
                self.be_u64()? as i64
            }
            _ => return self.int(expected),
        };
        T::try_from(v).map_err(|_| self.range_error(expected, i128::from(v), at))
    }

    /// Reads any integer and converts it to `T` without wrapping.
    ///
    /// ```
    /// let mut d = msgpack_core::Decoder::new(&[0xcd, 0x00, 0x05, 0xd0, 0xff]);
    /// assert_eq!(d.int::<u8>("u8")?, 5);
    /// assert!(d.int::<u8>("u8").is_err()); // -1
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline]
    pub fn int<T: TryFrom<i128>>(&mut self, expected: &'static str) -> Result<T> {
        let at = self.pos;
        let v = self.int_slow(expected)?;
        T::try_from(v).map_err(|_| self.range_error(expected, v, at))
    }

    /// Reads a `u8`.
    ///
    /// ```
    /// assert_eq!(msgpack_core::Decoder::new(&[0xcc, 200]).u8()?, 200);
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline(always)]
    pub fn u8(&mut self) -> Result<u8> {
        match self.int_fast() {
            Some(v) => Ok(v),
            None => self.uint("u8"),
        }
    }

    /// Reads a `u16`.
    ///
    /// ```
    /// assert_eq!(msgpack_core::Decoder::new(&[0xcd, 1, 0]).u16()?, 256);
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline(always)]
    pub fn u16(&mut self) -> Result<u16> {
        match self.int_fast() {
            Some(v) => Ok(v),
            None => self.uint("u16"),
        }
    }

    /// Reads a `u32`.
    ///
    /// ```
    /// assert_eq!(msgpack_core::Decoder::new(&[0x07]).u32()?, 7);
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline(always)]
    pub fn u32(&mut self) -> Result<u32> {
        match self.int_fast() {
            Some(v) => Ok(v),
            None => self.uint("u32"),
        }
    }

    /// Reads a `u64`.
    ///
    /// ```
    /// assert_eq!(msgpack_core::Decoder::new(&[0xcf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]).u64()?, u64::MAX);
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline(always)]
    pub fn u64(&mut self) -> Result<u64> {
        match self.int_fast() {
            Some(v) => Ok(v),
            None => self.uint("u64"),
        }
    }

    /// Reads an `i8`.
    ///
    /// ```
    /// assert_eq!(msgpack_core::Decoder::new(&[0xe0]).i8()?, -32);
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline(always)]
    pub fn i8(&mut self) -> Result<i8> {
        match self.int_fast() {
            Some(v) => Ok(v),
            None => self.sint("i8"),
        }
    }

    /// Reads an `i16`.
    ///
    /// ```
    /// assert_eq!(msgpack_core::Decoder::new(&[0xd0, 0x80]).i16()?, -128);
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline(always)]
    pub fn i16(&mut self) -> Result<i16> {
        match self.int_fast() {
            Some(v) => Ok(v),
            None => self.sint("i16"),
        }
    }

    /// Reads an `i32`.
    ///
    /// ```
    /// assert_eq!(msgpack_core::Decoder::new(&[0x2a]).i32()?, 42);
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline(always)]
    pub fn i32(&mut self) -> Result<i32> {
        match self.int_fast() {
            Some(v) => Ok(v),
            None => self.sint("i32"),
        }
    }

    /// Reads an `i64`.
    ///
    /// ```
    /// assert_eq!(msgpack_core::Decoder::new(&[0xd3, 0x80, 0, 0, 0, 0, 0, 0, 0]).i64()?, i64::MIN);
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline(always)]
    pub fn i64(&mut self) -> Result<i64> {
        match self.int_fast() {
            Some(v) => Ok(v),
            None => self.sint("i64"),
        }
    }

    /// Reads a `u128` (any integer item that is not negative).
    ///
    /// ```
    /// assert_eq!(msgpack_core::Decoder::new(&[0x01]).u128()?, 1);
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline]
    pub fn u128(&mut self) -> Result<u128> {
        self.int("u128")
    }

    /// Reads an `i128` (any integer item).
    ///
    /// ```
    /// assert_eq!(msgpack_core::Decoder::new(&[0xff]).i128()?, -1);
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline]
    pub fn i128(&mut self) -> Result<i128> {
        self.int_slow("i128")
    }

    /// Reads a `float 32` (or an integer if [`DecodeOptions::int_to_float`](crate::DecodeOptions::int_to_float) is set).
    ///
    /// ```
    /// assert_eq!(msgpack_core::Decoder::new(&[0xca, 0x3f, 0x80, 0, 0]).f32()?, 1.0);
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline(always)]
    pub fn f32(&mut self) -> Result<f32> {
        // The whole item in one bounds check, inlined; anything else (an
        // integer, truncated input, another type) out of line.
        if let Some(&[m::F32, a, b, c, d]) = self.buf.get(self.pos..).and_then(<[u8]>::first_chunk::<5>) {
            self.pos += 5;
            return Ok(f32::from_bits(u32::from_be_bytes([a, b, c, d])));
        }
        self.f32_slow()
    }

    /// A `float 32` item, consumed, or `None` with nothing consumed. Not
    /// public API: the serde format's inlined path.
    #[inline(always)]
    #[cfg(feature = "serde")]
    pub(crate) fn f32_exact(&mut self) -> Option<f32> {
        let &[m::F32, a, b, c, d] = self.buf.get(self.pos..)?.first_chunk::<5>()? else { return None };
        self.pos += 5;
        Some(f32::from_bits(u32::from_be_bytes([a, b, c, d])))
    }

    /// A `float 64` item, consumed, or `None` with nothing consumed. Not
    /// public API: the serde format's inlined path.
    #[inline(always)]
    #[cfg(feature = "serde")]
    pub(crate) fn f64_exact(&mut self) -> Option<f64> {
        let &[m::F64, a, b, c, d, e, f, g, h] = self.buf.get(self.pos..)?.first_chunk::<9>()? else { return None };
        self.pos += 9;
        Some(f64::from_bits(u64::from_be_bytes([a, b, c, d, e, f, g, h])))
    }

    #[inline(never)]
    pub(super) fn f32_slow(&mut self) -> Result<f32> {
        let at = self.pos;
        match self.byte()? {
            m::F32 => Ok(f32::from_bits(self.be_u32()?)),
            _ if self.opts.int_to_float => {
                self.pos = at;
                Ok(self.int_slow("f32")? as f32)
            }
            _ => Err(self.type_error("f32", at)),
        }
    }

    /// Reads a `float 64` or a `float 32` (exactly widened), or an integer if
    /// [`DecodeOptions::int_to_float`](crate::DecodeOptions::int_to_float) is set.
    ///
    /// ```
    /// assert_eq!(msgpack_core::Decoder::new(&[0xca, 0x3f, 0xc0, 0, 0]).f64()?, 1.5);
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline(always)]
    pub fn f64(&mut self) -> Result<f64> {
        if let Some(&[m::F64, a, b, c, d, e, f, g, h]) = self.buf.get(self.pos..).and_then(<[u8]>::first_chunk::<9>) {
            self.pos += 9;
            return Ok(f64::from_bits(u64::from_be_bytes([a, b, c, d, e, f, g, h])));
        }
        self.f64_slow()
    }

    #[inline(never)]
    pub(super) fn f64_slow(&mut self) -> Result<f64> {
        let at = self.pos;
        match self.byte()? {
            m::F64 => Ok(f64::from_bits(self.be_u64()?)),
            m::F32 => Ok(f32::from_bits(self.be_u32()?) as f64),
            _ if self.opts.int_to_float => {
                self.pos = at;
                Ok(self.int_slow("f64")? as f64)
            }
            _ => Err(self.type_error("f64", at)),
        }
    }
}
