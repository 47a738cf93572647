//! The decoder: a cursor over borrowed input, one method per wire item.

use super::{Decode, DecodeOptions, Error, ErrorKind, Found, Limit, Text};
use crate::ext::{ExtRef, TIMESTAMP_TYPE, Timestamp};
use crate::marker::{self as m, Marker};

type Result<T> = core::result::Result<T, Error>;

/// Reads MessagePack items from a byte slice, borrowing strings and binaries.
///
/// Integer methods accept every integer width whose value fits the target
/// (a `u8` reads `uint 16` holding 5); a value out of range is an error,
/// never a wrap. [`str`](Decoder::str) validates UTF-8. Length prefixes are
/// checked against the remaining input before anything is read or allocated.
/// After an error the decoder's position is unspecified; start a new one to
/// resynchronise.
///
/// Several values can be read one after another (streaming):
///
/// ```
/// use msgpack_core::Decoder;
///
/// let input = [0x01, 0xa2, b'h', b'i', 0xc3];
/// let mut d = Decoder::new(&input);
/// assert_eq!(d.u32()?, 1);
/// assert_eq!(d.str()?, "hi");
/// assert!(d.bool()?);
/// assert!(d.is_empty());
/// # Ok::<(), msgpack_core::decode::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct Decoder<'de> {
    buf: &'de [u8],
    pos: usize,
    depth: u32,
    /// Where the last array or map header started (for depth errors).
    container_at: usize,
    /// What is left of [`DecodeOptions::max_alloc`].
    budget: usize,
    /// What is left of the allowance for capacity reserved ahead of the
    /// elements (see [`Decoder::capacity_for`]).
    reserve: usize,
    opts: DecodeOptions,
    #[cfg(feature = "bytes")]
    source: Option<&'de bytes::Bytes>,
}

/// Capacity every decode may reserve ahead of the elements, whatever its input.
const RESERVE_BASE: usize = 64 * 1024;
/// And per input byte.
const RESERVE_PER_BYTE: usize = 8;

impl<'de> Decoder<'de> {
    /// A decoder over `input` with the default [`DecodeOptions`].
    ///
    /// ```
    /// let d = msgpack_core::Decoder::new(&[0xc0]);
    /// assert_eq!(d.position(), 0);
    /// ```
    #[inline]
    pub const fn new(input: &'de [u8]) -> Self {
        Self::with_options(input, DecodeOptions::new())
    }

    /// A decoder over `input` with `opts`.
    ///
    /// ```
    /// use msgpack_core::{Decoder, DecodeOptions};
    /// let d = Decoder::with_options(&[0xc0], DecodeOptions::new().max_depth(8));
    /// assert_eq!(d.options().max_depth, 8);
    /// ```
    #[inline]
    pub const fn with_options(input: &'de [u8], opts: DecodeOptions) -> Self {
        Decoder {
            buf: input,
            pos: 0,
            depth: 0,
            container_at: 0,
            budget: opts.max_alloc,
            reserve: RESERVE_BASE.saturating_add(input.len().saturating_mul(RESERVE_PER_BYTE)),
            opts,
            #[cfg(feature = "bytes")]
            source: None,
        }
    }

    /// A decoder over a [`bytes::Bytes`] (feature `bytes`): decoding a
    /// `Bytes` value then yields a slice of `input` sharing its memory,
    /// without copying.
    ///
    /// ```
    /// use bytes::Bytes;
    /// let input = Bytes::from_static(&[0xc4, 2, 7, 8]);
    /// let mut d = msgpack_core::Decoder::from_bytes(&input, msgpack_core::DecodeOptions::new());
    /// let b: Bytes = d.decode()?;
    /// assert_eq!(&b[..], &[7, 8]);
    /// assert_eq!(b.as_ptr(), input[2..].as_ptr()); // no copy
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[cfg(feature = "bytes")]
    #[inline]
    pub fn from_bytes(input: &'de bytes::Bytes, opts: DecodeOptions) -> Self {
        let mut d = Self::with_options(input, opts);
        d.source = Some(input);
        d
    }

    /// The `Bytes` this decoder reads, if made by [`from_bytes`](Decoder::from_bytes).
    ///
    /// ```
    /// assert!(msgpack_core::Decoder::new(&[]).source_bytes().is_none());
    /// ```
    #[cfg(feature = "bytes")]
    #[inline]
    pub fn source_bytes(&self) -> Option<&'de bytes::Bytes> {
        self.source
    }

    /// The options in force.
    ///
    /// ```
    /// assert_eq!(msgpack_core::Decoder::new(&[]).options().max_depth, 1024);
    /// ```
    #[inline]
    pub fn options(&self) -> &DecodeOptions {
        &self.opts
    }

    /// The byte offset of the next item.
    ///
    /// ```
    /// let mut d = msgpack_core::Decoder::new(&[0x01, 0x02]);
    /// d.u8()?;
    /// assert_eq!(d.position(), 1);
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline]
    pub fn position(&self) -> usize {
        self.pos
    }

    /// The whole input.
    ///
    /// ```
    /// assert_eq!(msgpack_core::Decoder::new(&[1, 2]).input(), &[1, 2]);
    /// ```
    #[inline]
    pub fn input(&self) -> &'de [u8] {
        self.buf
    }

    /// The input not read yet.
    ///
    /// ```
    /// let mut d = msgpack_core::Decoder::new(&[0x01, 0x02]);
    /// d.u8()?;
    /// assert_eq!(d.remaining(), &[0x02]);
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline]
    pub fn remaining(&self) -> &'de [u8] {
        &self.buf[self.pos..]
    }

    /// Whether the whole input has been read.
    ///
    /// ```
    /// assert!(msgpack_core::Decoder::new(&[]).is_empty());
    /// ```
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.pos >= self.buf.len()
    }

    /// Decodes the next value as `T`.
    ///
    /// ```
    /// let mut d = msgpack_core::Decoder::new(&[0x92, 0x01, 0x02]);
    /// let v: Vec<u16> = d.decode()?;
    /// assert_eq!(v, [1, 2]);
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline]
    pub fn decode<T: Decode<'de>>(&mut self) -> Result<T> {
        T::decode(self)
    }

    // ---- low-level reading -------------------------------------------------

    #[inline]
    fn byte(&mut self) -> Result<u8> {
        match self.buf.get(self.pos) {
            Some(&b) => {
                self.pos += 1;
                Ok(b)
            }
            None => Err(self.eof(1)),
        }
    }

    #[inline]
    pub(crate) fn take(&mut self, len: usize) -> Result<&'de [u8]> {
        if len <= self.buf.len() - self.pos {
            let s = &self.buf[self.pos..self.pos + len];
            self.pos += len;
            Ok(s)
        } else {
            Err(self.eof(len as u64))
        }
    }

    #[inline]
    fn array<const N: usize>(&mut self) -> Result<[u8; N]> {
        match self.buf.get(self.pos..self.pos + N) {
            Some(s) => {
                self.pos += N;
                let mut a = [0u8; N];
                a.copy_from_slice(s);
                Ok(a)
            }
            None => Err(self.eof(N as u64)),
        }
    }

    #[inline]
    fn be_u16(&mut self) -> Result<u16> {
        self.array().map(u16::from_be_bytes)
    }

    #[inline]
    fn be_u32(&mut self) -> Result<u32> {
        self.array().map(u32::from_be_bytes)
    }

    #[inline]
    fn be_u64(&mut self) -> Result<u64> {
        self.array().map(u64::from_be_bytes)
    }

    /// `needed` more bytes were required at the current position.
    #[cold]
    #[inline(never)]
    fn eof(&self, needed: u64) -> Error {
        let available = self.buf.len().saturating_sub(self.pos);
        Error::new(ErrorKind::UnexpectedEof { needed, available }, self.pos)
    }

    /// The item at `at` is not what `expected` names.
    ///
    /// Builds the error for hand-written [`Decode`] impls and derived code:
    /// it describes the item found at `at` (`found str "abc"`).
    ///
    /// ```
    /// let d = msgpack_core::Decoder::new(&[0xa1, b'x']);
    /// let e = d.type_error("u8", 0);
    /// assert_eq!(e.to_string(), r#"expected u8, found str "x" at $ (byte 0)"#);
    /// ```
    #[cold]
    #[inline(never)]
    pub fn type_error(&self, expected: &'static str, at: usize) -> Error {
        match self.found_at(at) {
            Found::Reserved => Error::new(ErrorKind::ReservedMarker, at),
            found => Error::new(ErrorKind::TypeMismatch { expected, found }, at),
        }
    }

    /// An error of `kind` at byte `at`.
    ///
    /// ```
    /// use msgpack_core::decode::ErrorKind;
    /// let d = msgpack_core::Decoder::new(&[]);
    /// let e = d.error(ErrorKind::MissingField("id"), 0);
    /// assert_eq!(e.to_string(), r#"missing field "id" at $ (byte 0)"#);
    /// ```
    #[cold]
    #[inline(never)]
    pub fn error(&self, kind: ErrorKind, at: usize) -> Error {
        Error::new(kind, at)
    }

    /// Describes the item at `at` without moving (for error messages).
    ///
    /// ```
    /// use msgpack_core::decode::Found;
    /// let d = msgpack_core::Decoder::new(&[0xcd, 0x01, 0x00]);
    /// assert_eq!(d.found_at(0), Found::UInt(256));
    /// ```
    #[cold]
    pub fn found_at(&self, at: usize) -> Found {
        let mut d = Decoder::new(self.buf);
        d.pos = at;
        let Ok(b) = d.byte() else { return Found::Eof };
        let r: Result<Found> = (|| {
            Ok(match b {
                0x00..=0x7f => Found::UInt(b as u64),
                0xe0..=0xff => Found::NegInt(b as i8 as i64),
                m::NIL => Found::Nil,
                m::NEVER_USED => Found::Reserved,
                m::FALSE => Found::Bool(false),
                m::TRUE => Found::Bool(true),
                m::U8..=m::U64 | m::I8..=m::I64 => {
                    d.pos = at;
                    match d.int_slow("int")? {
                        v if v >= 0 => Found::UInt(v as u64),
                        v => Found::NegInt(v as i64),
                    }
                }
                m::F32 => Found::F32(f32::from_bits(d.be_u32()?)),
                m::F64 => Found::F64(f64::from_bits(d.be_u64()?)),
                0xa0..=0xbf | m::STR8..=m::STR32 => {
                    d.pos = at;
                    match d.str() {
                        Ok(s) => Found::Str(Text::new(s)),
                        Err(_) => {
                            // Not decodable as a str: say why (missing bytes,
                            // bad UTF-8), or show it if only a limit refused it.
                            d.pos = at;
                            let len = d.str_len(at)?;
                            let text = match d.remaining().get(..len) {
                                None => "<truncated>",
                                Some(bytes) => core::str::from_utf8(bytes).unwrap_or("<invalid UTF-8>"),
                            };
                            Found::Str(Text::new(text))
                        }
                    }
                }
                m::BIN8 => Found::Bin(d.byte()? as usize),
                m::BIN16 => Found::Bin(d.be_u16()? as usize),
                m::BIN32 => Found::Bin(d.be_u32()? as usize),
                0x80..=0x9f | m::ARRAY16..=m::MAP32 => {
                    d.pos = at;
                    match d.container_header(at, "")? {
                        (n, true) => Found::Map(n),
                        (n, false) => Found::Array(n),
                    }
                }
                m::EXT8..=m::EXT32 | m::FIXEXT1..=m::FIXEXT16 => {
                    d.pos = at;
                    let (ty, len) = d.ext_header()?;
                    Found::Ext { ty, len }
                }
            })
        })();
        r.unwrap_or(Found::Eof)
    }

    // ---- markers -----------------------------------------------------------

    /// The next byte, without moving.
    ///
    /// ```
    /// assert_eq!(msgpack_core::Decoder::new(&[0xc0]).peek_byte()?, 0xc0);
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline]
    pub fn peek_byte(&self) -> Result<u8> {
        match self.buf.get(self.pos) {
            Some(&b) => Ok(b),
            None => Err(self.eof(1)),
        }
    }

    /// The family of the next item, without moving.
    ///
    /// ```
    /// use msgpack_core::marker::Marker;
    /// assert_eq!(msgpack_core::Decoder::new(&[0x93]).peek()?, Marker::Array);
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline(always)]
    pub fn peek(&self) -> Result<Marker> {
        self.peek_byte().map(Marker::from_u8)
    }

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
    fn int_slow(&mut self, expected: &'static str) -> Result<i128> {
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
    fn range_error(&self, expected: &'static str, v: i128, at: usize) -> Error {
        let found = if v >= 0 { Found::UInt(v as u64) } else { Found::NegInt(v as i64) };
        Error::new(ErrorKind::OutOfRange { expected, found }, at)
    }

    /// Any integer item that fits `T`, consumed: the inlined fast path of
    /// the integer readers (one slice pattern per form). `None`, with
    /// nothing consumed, for anything else (another type, truncated input,
    /// a value out of `T`'s range), which the out-of-line readers then
    /// report.
    #[inline(always)]
    fn int_fast<T: TryFrom<u64> + TryFrom<i64>>(&mut self) -> Option<T> {
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
    fn uint<T: TryFrom<u64> + TryFrom<i128>>(&mut self, expected: &'static str) -> Result<T> {
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
    fn sint<T: TryFrom<i64> + TryFrom<i128>>(&mut self, expected: &'static str) -> Result<T> {
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

    /// Reads a `float 32` (or an integer if [`DecodeOptions::int_to_float`] is set).
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

    #[inline(never)]
    fn f32_slow(&mut self) -> Result<f32> {
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
    /// [`DecodeOptions::int_to_float`] is set.
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
    fn f64_slow(&mut self) -> Result<f64> {
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
    fn str_len(&mut self, at: usize) -> Result<usize> {
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

    /// Reads a `str`, borrowed from the input, validating UTF-8.
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
            && bytes.is_ascii()
        {
            self.pos = at + head + len;
            #[allow(unsafe_code)]
            // SAFETY: ASCII bytes are valid UTF-8.
            return Ok(unsafe { core::str::from_utf8_unchecked(bytes) });
        }
        self.str_slow()
    }

    #[inline(never)]
    fn str_slow(&mut self) -> Result<&'de str> {
        let at = self.pos;
        let bytes = self.str_bytes()?;
        utf8(bytes).ok_or_else(|| Error::new(ErrorKind::InvalidUtf8, at))
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

    /// Reads a `bin`, borrowed from the input.
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
            _ => return Err(self.type_error("bin", at)),
        };
        self.check_len(Limit::BinLen, len, self.opts.max_bin_len, at)?;
        self.take(len)
    }

    // ---- containers ----------------------------------------------------------

    /// Parses an array or map header: the count and whether it is a map.
    #[inline]
    fn container_header(&mut self, at: usize, expected: &'static str) -> Result<(usize, bool)> {
        let b = self.byte()?;
        Ok(match b {
            0x90..=0x9f => ((b & 0x0f) as usize, false),
            0x80..=0x8f => ((b & 0x0f) as usize, true),
            m::ARRAY16 => (self.be_u16()? as usize, false),
            m::ARRAY32 => (self.be_u32()? as usize, false),
            m::MAP16 => (self.be_u16()? as usize, true),
            m::MAP32 => (self.be_u32()? as usize, true),
            _ => return Err(self.type_error(expected, at)),
        })
    }

    /// Reads an array (`want_map == false`) or map header and checks the
    /// count against the remaining input.
    #[inline(never)]
    fn header_len(&mut self, at: usize, want_map: bool) -> Result<usize> {
        let expected = if want_map { "map" } else { "array" };
        let (len, is_map) = self.container_header(at, expected)?;
        if is_map != want_map {
            return Err(self.type_error(expected, at));
        }
        self.check_len(Limit::ContainerLen, len, self.opts.max_container_len, at)?;
        self.container_at = at;
        let needed = len as u64 * if is_map { 2 } else { 1 };
        if needed > (self.buf.len() - self.pos) as u64 {
            return Err(self.eof(needed));
        }
        Ok(len)
    }

    /// Reads an array header: the number of elements that follow.
    ///
    /// The count is checked against the input (each element takes at least
    /// one byte), so it can size an allocation safely. Call
    /// [`enter`](Decoder::enter) before decoding nested elements.
    ///
    /// ```
    /// assert_eq!(msgpack_core::Decoder::new(&[0x92, 1, 2]).array_len()?, 2);
    /// assert!(msgpack_core::Decoder::new(&[0xdd, 0xff, 0xff, 0xff, 0xff]).array_len().is_err());
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline]
    pub fn array_len(&mut self) -> Result<usize> {
        let at = self.pos;
        if let Some(&b) = self.buf.get(at)
            && b & 0xf0 == 0x90
        {
            let len = (b & 0x0f) as usize;
            if len < self.buf.len() - at && len as u32 <= self.opts.max_container_len {
                self.container_at = at;
                self.pos += 1;
                return Ok(len);
            }
        }
        self.header_len(at, false)
    }

    /// The fast path of a derived array-form struct: consumes a `fixarray`
    /// header of exactly `n` elements (`n < 16`) that passes the checks of
    /// [`array_len`](Decoder::array_len), and says whether it did; any other
    /// input is left for the full decode.
    #[doc(hidden)]
    #[inline(always)]
    pub fn __fixarray_exact(&mut self, n: u8) -> bool {
        let at = self.pos;
        if self.buf.get(at) == Some(&(0x90 | n))
            && (n as usize) < self.buf.len() - at
            && u32::from(n) <= self.opts.max_container_len
        {
            self.container_at = at;
            self.pos += 1;
            true
        } else {
            false
        }
    }

    /// The fast path of a derived map-form struct: consumes a `fixmap`
    /// header that passes the checks of [`map_len`](Decoder::map_len) and
    /// returns its length and offset; any other input is left alone.
    #[doc(hidden)]
    #[inline(always)]
    pub fn __fixmap(&mut self) -> Option<(usize, usize)> {
        let at = self.pos;
        match self.buf.get(at) {
            Some(&b) if b & 0xf0 == 0x80 => {
                let len = (b & 0x0f) as usize;
                if 2 * len < self.buf.len() - at && len as u32 <= self.opts.max_container_len {
                    self.container_at = at;
                    self.pos += 1;
                    Some((len, at))
                } else {
                    None
                }
            }
            _ => None,
        }
    }

    /// Reads a map header: the number of key/value pairs that follow
    /// (checked against the input: each pair takes at least two bytes).
    ///
    /// ```
    /// assert_eq!(msgpack_core::Decoder::new(&[0x81, 1, 2]).map_len()?, 1);
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline]
    pub fn map_len(&mut self) -> Result<usize> {
        let at = self.pos;
        if let Some(&b) = self.buf.get(at)
            && b & 0xf0 == 0x80
        {
            let len = (b & 0x0f) as usize;
            if 2 * len < self.buf.len() - at && len as u32 <= self.opts.max_container_len {
                self.container_at = at;
                self.pos += 1;
                return Ok(len);
            }
        }
        self.header_len(at, true)
    }

    /// Fails with [`ErrorKind::LimitExceeded`] if `len` is above `max`.
    #[inline(always)]
    fn check_len(&self, limit: Limit, len: usize, max: u32, at: usize) -> Result<()> {
        if len as u64 > u64::from(max) { Err(self.limit_error(limit, len as u64, u64::from(max), at)) } else { Ok(()) }
    }

    #[cold]
    #[inline(never)]
    fn limit_error(&self, limit: Limit, value: u64, max: u64, at: usize) -> Error {
        Error::new(ErrorKind::LimitExceeded { limit, value, max }, at)
    }

    /// Takes `bytes` from the allocation budget
    /// ([`DecodeOptions::max_alloc`]) before an impl allocates them; `at` is
    /// the offset of the item being decoded, for the error.
    ///
    /// Every impl of this crate that allocates calls it; a hand-written
    /// [`Decode`] impl that allocates should too.
    ///
    /// ```
    /// use msgpack_core::{Decoder, DecodeOptions};
    /// let mut d = Decoder::with_options(&[], DecodeOptions::new().max_alloc(100));
    /// d.charge(60, 0)?;
    /// assert!(d.charge(60, 0).is_err());
    /// assert_eq!(d.budget_left(), 40);
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline]
    pub fn charge(&mut self, bytes: usize, at: usize) -> Result<()> {
        match self.budget.checked_sub(bytes) {
            Some(left) => {
                self.budget = left;
                Ok(())
            }
            None => Err(self.limit_error(Limit::Alloc, bytes as u64, self.budget as u64, at)),
        }
    }

    /// The capacity to reserve for a sequence whose header declared `len`
    /// elements of `T`, before any element is read.
    ///
    /// `len` has been checked against the remaining input (one byte per
    /// element at least), but an element may take far more memory than its
    /// encoding, and nested containers may all claim the same bytes. So all
    /// the capacity reserved ahead over one decode is bounded: 64 KiB plus
    /// 8 bytes per input byte. Past that, sequences grow as their elements
    /// actually arrive, which keeps memory proportional to the input.
    ///
    /// ```
    /// let mut d = msgpack_core::Decoder::new(&[0u8; 10]);
    /// assert_eq!(d.capacity_for::<u64>(5), 5);
    /// assert!(d.capacity_for::<[u8; 4096]>(1_000) < 1_000);
    /// ```
    #[inline]
    pub fn capacity_for<T>(&mut self, len: usize) -> usize {
        let size = core::mem::size_of::<T>().max(1);
        let cap = len.min(self.reserve / size);
        self.reserve -= cap * size;
        cap
    }

    /// What is left of the allocation budget.
    ///
    /// ```
    /// let d = msgpack_core::Decoder::new(&[]);
    /// assert_eq!(d.budget_left(), usize::MAX);
    /// ```
    #[inline]
    pub fn budget_left(&self) -> usize {
        self.budget
    }

    /// Charges `len` elements of `T` ([`charge`](Decoder::charge)), for a
    /// sequence or map whose header was read at `at`.
    #[inline]
    pub fn charge_elements<T>(&mut self, len: usize, at: usize) -> Result<()> {
        self.charge(len.saturating_mul(core::mem::size_of::<T>()), at)
    }

    /// Enters one level of array or map nesting, failing beyond
    /// [`DecodeOptions::max_depth`]. Pair with [`leave`](Decoder::leave).
    ///
    /// Every impl that decodes the elements of a container calls it, so
    /// recursion is bounded whatever the input.
    ///
    /// ```
    /// use msgpack_core::{Decoder, DecodeOptions};
    /// let mut d = Decoder::with_options(&[], DecodeOptions::new().max_depth(1));
    /// d.enter()?;
    /// assert!(d.enter().is_err());
    /// d.leave();
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline]
    pub fn enter(&mut self) -> Result<()> {
        if self.depth >= self.opts.max_depth {
            return Err(self.depth_error());
        }
        self.depth += 1;
        Ok(())
    }

    #[cold]
    #[inline(never)]
    fn depth_error(&self) -> Error {
        Error::new(ErrorKind::DepthLimitExceeded { limit: self.opts.max_depth }, self.container_at)
    }

    /// Leaves a level entered with [`enter`](Decoder::enter).
    ///
    /// ```
    /// let mut d = msgpack_core::Decoder::new(&[]);
    /// d.enter()?;
    /// d.leave();
    /// assert_eq!(d.depth(), 0);
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline]
    pub fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    /// The current nesting depth.
    ///
    /// ```
    /// assert_eq!(msgpack_core::Decoder::new(&[]).depth(), 0);
    /// ```
    #[inline]
    pub fn depth(&self) -> u32 {
        self.depth
    }

    // ---- ext -----------------------------------------------------------------

    /// Reads an ext header: the type id and payload length (checked against the input).
    #[inline]
    fn ext_header(&mut self) -> Result<(i8, usize)> {
        let at = self.pos;
        let len = match self.byte()? {
            m::FIXEXT1 => 1,
            m::FIXEXT2 => 2,
            m::FIXEXT4 => 4,
            m::FIXEXT8 => 8,
            m::FIXEXT16 => 16,
            m::EXT8 => self.byte()? as usize,
            m::EXT16 => self.be_u16()? as usize,
            m::EXT32 => self.be_u32()? as usize,
            _ => return Err(self.type_error("ext", at)),
        };
        let ty = self.byte()? as i8;
        Ok((ty, len))
    }

    /// Reads an ext item, borrowing its payload.
    ///
    /// ```
    /// let e = msgpack_core::Decoder::new(&[0xd5, 0x02, 0xaa, 0xbb]).ext()?;
    /// assert_eq!((e.ty, e.data), (2, &[0xaa, 0xbb][..]));
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline]
    pub fn ext(&mut self) -> Result<ExtRef<'de>> {
        let at = self.pos;
        let (ty, len) = self.ext_header()?;
        self.check_len(Limit::ExtLen, len, self.opts.max_ext_len, at)?;
        Ok(ExtRef { ty, data: self.take(len)? })
    }

    /// Reads a timestamp (ext -1) in any of its three layouts.
    ///
    /// ```
    /// let t = msgpack_core::Decoder::new(&[0xd6, 0xff, 0, 0, 0, 9]).timestamp()?;
    /// assert_eq!(t.secs(), 9);
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline]
    pub fn timestamp(&mut self) -> Result<Timestamp> {
        let at = self.pos;
        let ext = self.ext().map_err(|e| match e.kind() {
            ErrorKind::TypeMismatch { .. } => self.type_error("timestamp", at),
            _ => e,
        })?;
        if ext.ty != TIMESTAMP_TYPE {
            return Err(self.type_error("timestamp", at));
        }
        Timestamp::from_payload(ext.data).ok_or_else(|| Error::new(ErrorKind::InvalidTimestamp, at))
    }

    // ---- skipping --------------------------------------------------------------

    /// Skips one whole value, however deeply nested, without recursion.
    ///
    /// Skipping checks structure and lengths but not the UTF-8 of strings it
    /// passes over (nothing is decoded); 0xc1 is an error. Arrays and maps
    /// are not counted against [`DecodeOptions::max_depth`], since skipping
    /// uses no stack per level.
    ///
    /// ```
    /// let mut d = msgpack_core::Decoder::new(&[0x81, 0xa1, b'k', 0x92, 0x01, 0xc0, 0x07]);
    /// d.skip()?;
    /// assert_eq!(d.u8()?, 7);
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    pub fn skip(&mut self) -> Result<()> {
        // Values still to skip. Each needs at least one byte, so a count
        // larger than the remaining input is a truncation, caught early.
        let mut pending: u64 = 1;
        while pending > 0 {
            pending -= 1;
            let at = self.pos;
            let b = self.byte()?;
            let skip: usize = match b {
                0x00..=0x7f | 0xe0..=0xff | m::NIL | m::FALSE | m::TRUE => 0,
                0x80..=0x8f => {
                    pending += 2 * (b & 0x0f) as u64;
                    0
                }
                0x90..=0x9f => {
                    pending += (b & 0x0f) as u64;
                    0
                }
                0xa0..=0xbf => (b & 0x1f) as usize,
                m::NEVER_USED => return Err(Error::new(ErrorKind::ReservedMarker, at)),
                m::BIN8 | m::STR8 => self.byte()? as usize,
                m::BIN16 | m::STR16 => self.be_u16()? as usize,
                m::BIN32 | m::STR32 => self.be_u32()? as usize,
                m::EXT8 => self.byte()? as usize + 1,
                m::EXT16 => self.be_u16()? as usize + 1,
                m::EXT32 => self.be_u32()? as usize + 1,
                m::F32 => 4,
                m::F64 => 8,
                m::U8 | m::I8 => 1,
                m::U16 | m::I16 => 2,
                m::U32 | m::I32 => 4,
                m::U64 | m::I64 => 8,
                m::FIXEXT1 => 2,
                m::FIXEXT2 => 3,
                m::FIXEXT4 => 5,
                m::FIXEXT8 => 9,
                m::FIXEXT16 => 17,
                m::ARRAY16 => {
                    pending += self.be_u16()? as u64;
                    0
                }
                m::ARRAY32 => {
                    pending += self.be_u32()? as u64;
                    0
                }
                m::MAP16 => {
                    pending += 2 * self.be_u16()? as u64;
                    0
                }
                m::MAP32 => {
                    pending += 2 * self.be_u32()? as u64;
                    0
                }
            };
            self.take(skip)?;
            let left = (self.buf.len() - self.pos) as u64;
            if pending > left {
                return Err(self.eof(pending));
            }
        }
        Ok(())
    }

    /// Skips one whole value and returns its encoded bytes.
    ///
    /// ```
    /// let mut d = msgpack_core::Decoder::new(&[0x92, 0x01, 0x02, 0xc0]);
    /// assert_eq!(d.raw_value()?, &[0x92, 0x01, 0x02]);
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline]
    pub fn raw_value(&mut self) -> Result<&'de [u8]> {
        let start = self.pos;
        self.skip()?;
        Ok(&self.buf[start..self.pos])
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

    /// Fails with [`ErrorKind::TrailingBytes`] unless the input is exhausted.
    ///
    /// ```
    /// let mut d = msgpack_core::Decoder::new(&[0x01, 0x02]);
    /// d.u8()?;
    /// assert!(d.finish().is_err());
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline]
    pub fn finish(&self) -> Result<()> {
        if self.pos < self.buf.len() {
            Err(Error::new(ErrorKind::TrailingBytes { count: self.buf.len() - self.pos }, self.pos))
        } else {
            Ok(())
        }
    }
}

/// UTF-8 validation of a `str` payload. Short ASCII strings (keys, names,
/// dates) are the common case: one word-wise ASCII test settles them.
#[inline]
fn utf8(bytes: &[u8]) -> Option<&str> {
    if bytes.is_ascii() {
        #[allow(unsafe_code)]
        // SAFETY: ASCII bytes are valid UTF-8.
        return Some(unsafe { core::str::from_utf8_unchecked(bytes) });
    }
    core::str::from_utf8(bytes).ok()
}
