//! `Decoder`: the items a decode reads on its way to a value: nil,
//! booleans, integers and floats (an inlined fast path per form, the rest
//! out of line), `str` and `bin`, and [`eat_raw`](Decoder::eat_raw), the
//! derive's match of a field name.

use super::{Decoder, Result};
use crate::decode::{ErrorKind, Limit};
use crate::marker as m;
use crate::mem::ascii_str;

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

    // ---- strings and binaries ----------------------------------------------

    /// Reads a `str` header and returns the payload length (checked against the input).
    #[inline]
    pub(super) fn str_len(&mut self, at: usize) -> Result<usize> {
        let b = self.byte()?;
        let len = match b {
            0xa0..=0xbf => (b & 0x1f) as usize,
            m::STR8 => self.byte()? as usize,
            m::STR16 => self.be_u16()? as usize,
            m::STR32 => self.be_u32()? as usize,
            _ => return Err(self.type_error("str", at)),
        };
        Ok(len)
    }

    /// Reads a `str`, borrowed from the input, validating UTF-8 (with
    /// [`str_bin_compat`](crate::DecodeOptions::str_bin_compat()), a `bin`
    /// too).
    ///
    /// ```
    /// assert_eq!(msgpack_core::Decoder::new(&[0xa2, b'o', b'k']).str()?, "ok");
    /// assert!(msgpack_core::Decoder::new(&[0xa1, 0xff]).str().is_err());
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline(always)]
    pub fn str(&mut self) -> Result<&'de str> {
        // Inlined: an ASCII `fixstr` or `str 8` (names, keys, dates, short
        // text); everything else (longer headers, non-ASCII text, errors)
        // out of line.
        let at = self.pos;
        let (len, head) = match *self.buf.get(at..).unwrap_or_default() {
            [b @ 0xa0..=0xbf, ..] => ((b & 0x1f) as usize, 1),
            [m::STR8, n, ..] => (n as usize, 2),
            _ => return self.str_slow(),
        };
        if let Some(bytes) = self.buf.get(at + head..at + head + len)
            && len as u64 <= u64::from(self.opts.max_str_len)
            && let Some(s) = ascii_str(bytes)
        {
            self.pos = at + head + len;
            return Ok(s);
        }
        self.str_slow()
    }

    #[inline(never)]
    pub(super) fn str_slow(&mut self) -> Result<&'de str> {
        let at = self.pos;
        let bytes = match self.str_bytes() {
            Ok(bytes) => bytes,
            Err(e) => self.bin_as_str(e, at)?,
        };
        utf8(bytes).ok_or_else(|| self.fail(ErrorKind::InvalidUtf8, at))
    }

    /// The item at `at` did not read as a `str` (`e`): with
    /// [`str_bin_compat`](crate::DecodeOptions::str_bin_compat()), a `bin`
    /// there is read instead, held to the `str` length limit. Only reached
    /// on the error path, so the option costs a string decode nothing.
    #[cold]
    #[inline(never)]
    fn bin_as_str(&mut self, e: crate::decode::Error, at: usize) -> Result<&'de [u8]> {
        if !(self.opts.str_bin_compat && matches!(self.buf.get(at), Some(m::BIN8..=m::BIN32))) {
            return Err(e);
        }
        self.pos = at;
        let len = match self.byte()? {
            m::BIN8 => self.byte()? as usize,
            m::BIN16 => self.be_u16()? as usize,
            _ => self.be_u32()? as usize, // BIN32, checked above
        };
        self.check_len(Limit::StrLen, len, self.opts.max_str_len, at)?;
        self.take(len)
    }

    /// Reads a `str` item's raw payload without UTF-8 validation (for
    /// comparing keys against known bytes).
    ///
    /// ```
    /// assert_eq!(msgpack_core::Decoder::new(&[0xa1, 0xff]).str_bytes()?, &[0xff]);
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline]
    pub fn str_bytes(&mut self) -> Result<&'de [u8]> {
        let at = self.pos;
        // fixstr (up to 31 bytes, the common case) without the general path.
        if let Some(&b) = self.buf.get(at)
            && b & 0xe0 == 0xa0
            && u32::from(b & 0x1f) <= self.opts.max_str_len
            && let Some(bytes) = self.buf.get(at + 1..at + 1 + (b & 0x1f) as usize)
        {
            self.pos = at + 1 + bytes.len();
            return Ok(bytes);
        }
        let len = self.str_len(at)?;
        self.check_len(Limit::StrLen, len, self.opts.max_str_len, at)?;
        self.take(len)
    }

    /// If the next item is a `str` whose raw bytes are exactly `encoded`
    /// (header included), consumes it and returns `true`.
    ///
    /// Derived decoders use this to match the expected field name with one
    /// comparison.
    ///
    /// ```
    /// let mut d = msgpack_core::Decoder::new(&[0xa2, b'i', b'd', 0x01]);
    /// assert!(!d.eat_raw(&[0xa2, b'i', b'x']));
    /// assert!(d.eat_raw(&[0xa2, b'i', b'd']));
    /// assert_eq!(d.position(), 3);
    /// ```
    #[inline(always)] // the length is a constant at every derived call site: no memcmp call
    pub fn eat_raw(&mut self, encoded: &[u8]) -> bool {
        match self.buf.get(self.pos..self.pos + encoded.len()) {
            Some(s) if s == encoded => {
                self.pos += encoded.len();
                true
            }
            _ => false,
        }
    }

    /// Reads a `bin`, borrowed from the input (with
    /// [`str_bin_compat`](crate::DecodeOptions::str_bin_compat()), the
    /// payload of a `str` too).
    ///
    /// ```
    /// assert_eq!(msgpack_core::Decoder::new(&[0xc4, 1, 9]).bin()?, &[9]);
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline]
    pub fn bin(&mut self) -> Result<&'de [u8]> {
        let at = self.pos;
        let len = match self.byte()? {
            m::BIN8 => self.byte()? as usize,
            m::BIN16 => self.be_u16()? as usize,
            m::BIN32 => self.be_u32()? as usize,
            _ => return self.str_as_bin(at),
        };
        self.check_len(Limit::BinLen, len, self.opts.max_bin_len, at)?;
        self.take(len)
    }

    /// The item at `at` is not a `bin`: a type error, or with
    /// [`str_bin_compat`](crate::DecodeOptions::str_bin_compat()) the
    /// payload of the `str` there, held to the `bin` length limit. Only
    /// reached on the error path, so the option costs a `bin` decode nothing.
    #[cold]
    #[inline(never)]
    fn str_as_bin(&mut self, at: usize) -> Result<&'de [u8]> {
        if !(self.opts.str_bin_compat && matches!(self.buf.get(at), Some(0xa0..=0xbf | m::STR8..=m::STR32))) {
            return Err(self.type_error("bin", at));
        }
        self.pos = at;
        let len = self.str_len(at)?;
        self.check_len(Limit::BinLen, len, self.opts.max_bin_len, at)?;
        self.take(len)
    }
}

/// UTF-8 validation of a `str` payload. Short ASCII strings (keys, names,
/// dates) are the common case: one word-wise ASCII test settles them. Text
/// that is not all ASCII goes through `core::str::from_utf8`, or with the
/// `simdutf8` feature, from `SIMD_UTF8_MIN` bytes on, through
/// `simdutf8::basic::from_utf8` (below that length both validate byte by
/// byte and run level).
#[inline]
pub(super) fn utf8(bytes: &[u8]) -> Option<&str> {
    if let Some(s) = ascii_str(bytes) {
        return Some(s);
    }
    #[cfg(feature = "simdutf8")]
    if bytes.len() >= SIMD_UTF8_MIN {
        return simdutf8::basic::from_utf8(bytes).ok();
    }
    core::str::from_utf8(bytes).ok()
}

/// The shortest payload the `simdutf8` feature validates with SIMD: below
/// 64 bytes `simdutf8` falls back to a scalar loop no faster than core's
/// (measured: 16-64 bytes level, 128 bytes 3x faster, 256 bytes 8x, on an
/// AMD EPYC Zen 4).
#[cfg(feature = "simdutf8")]
const SIMD_UTF8_MIN: usize = 64;
