//! The decoder: a cursor over borrowed input, one method per wire item.
//!
//! Here, what every decode goes through: the state and its construction,
//! peeking, the array and map headers, the limits (lengths, the allocation
//! budget), nesting ([`enter`](Decoder::enter) / [`leave`](Decoder::leave))
//! and [`finish`](Decoder::finish). Beside it: `read.rs`, the items (nil,
//! booleans, numbers, `str`, `bin`, and [`eat_raw`](Decoder::eat_raw), the
//! derive's match of a field name); `ext.rs`, ext items and timestamps;
//! `skip.rs`, whole values skipped or taken raw; `claims.rs`, the capacity
//! collections reserve ahead; `speculate.rs`, the attempts of untagged
//! enums; `fail.rs`, the errors, built out of line. The fixed-layout
//! templates extend it from `decode/fixed.rs`, as `encode/fixed.rs` does the
//! encoder.

use super::{DecodeOptions, Error, ErrorKind, Limit};
use crate::marker::{self as m, Marker};

type Result<T> = core::result::Result<T, Error>;

mod claims;
mod ext;
mod fail;
mod read;
mod skip;
mod speculate;

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
    // The input, the position, the depth and the options are visible to
    // `decode`, whose `fixed.rs` reads templates in place (as the encoder's
    // sink is to `encode`); the rest only to the decoder's files.
    pub(super) buf: &'de [u8],
    pub(super) pos: usize,
    pub(super) depth: u32,
    /// Where the last array or map header started (for depth errors).
    container_at: usize,
    /// What is left of [`DecodeOptions::max_alloc`].
    budget: usize,
    /// What is left of the allowance for capacity reserved ahead of the
    /// elements (see [`Decoder::capacity_for`]).
    reserve: usize,
    /// Item starts that the open containers of this crate's collections
    /// have claimed and not yet met (see [`Decoder::claim`]): each must
    /// begin at a byte of its own in what is left of the input.
    pending: usize,
    pub(super) opts: DecodeOptions,
    /// Speculating (an untagged variant's attempt): errors carry no
    /// details and allocate nothing (see [`Decoder::speculate`]).
    quiet: bool,
    /// Listing an untagged enum's reasons: nested untagged enums do not
    /// list theirs (one level of detail, linear work).
    brief: bool,
    /// What is left of the bytes failed speculative attempts may read
    /// (see [`SPECULATION_PER_BYTE`]).
    spec_left: usize,
    #[cfg(feature = "bytes")]
    source: Option<&'de bytes::Bytes>,
}

/// Failed attempts of untagged variants made *inside another attempt* may
/// read this many bytes in all, per input byte (plus [`SPECULATION_BASE`]):
/// a hostile nesting of untagged enums, where every level would try every
/// variant of the level below, stops with
/// [`ErrorKind::SpeculationLimit`] instead of taking exponential time. The
/// attempts of an untagged enum that is not itself inside an attempt are
/// not counted: they re-read the value at most once per variant (linear
/// for a given type), however many variants fail first.
pub const SPECULATION_PER_BYTE: usize = 32;
/// See [`SPECULATION_PER_BYTE`].
pub const SPECULATION_BASE: usize = 4096;

/// Capacity (bytes) every decode may reserve ahead of the elements, whatever
/// its input.
const RESERVE_BASE: usize = 1024;
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
            pending: 0,
            opts,
            quiet: false,
            brief: false,
            spec_left: SPECULATION_BASE.saturating_add(input.len().saturating_mul(SPECULATION_PER_BYTE)),
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

    /// The current nesting depth.
    ///
    /// ```
    /// assert_eq!(msgpack_core::Decoder::new(&[]).depth(), 0);
    /// ```
    #[inline]
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// Moves back (or forward) to `pos`, a position this decoder reported
    /// earlier with [`position`](Decoder::position) at the same depth: a
    /// value decoded out of order (an adjacent tag's content that came
    /// before the tag, a catch-all map's key). Clamped to the input.
    #[inline]
    pub(crate) fn rewind(&mut self, pos: usize) {
        self.pos = pos.min(self.buf.len());
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

    /// A `fixarray` header that passes the checks of
    /// [`array_len`](Decoder::array_len), consumed, with its length; any
    /// other input is left alone. Not public API: the serde format's
    /// inlined path of sequences, tuples and structs.
    #[inline(always)]
    #[cfg(feature = "serde")]
    pub(crate) fn fixarray(&mut self) -> Option<usize> {
        let at = self.pos;
        match self.buf.get(at) {
            Some(&b) if b & 0xf0 == 0x90 => {
                let len = (b & 0x0f) as usize;
                if len < self.buf.len() - at && len as u32 <= self.opts.max_container_len {
                    self.container_at = at;
                    self.pos += 1;
                    Some(len)
                } else {
                    None
                }
            }
            _ => None,
        }
    }

    /// The fast path of a derived array-form struct: consumes a `fixarray`
    /// header of exactly `n` elements (`n < 16`) that passes the checks of
    /// [`array_len`](Decoder::array_len), and says whether it did; any other
    /// input is left for the full decode.
    #[inline(always)]
    pub(crate) fn fixarray_exact(&mut self, n: u8) -> bool {
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

    /// The fast path of a derived array-form or tuple struct: consumes an
    /// array header of exactly `n` elements in its smallest form that
    /// passes the checks of [`array_len`](Decoder::array_len), and says
    /// whether it did; any other input is left for the full decode.
    #[inline(always)]
    pub(crate) fn array_exact(&mut self, n: usize) -> bool {
        if n < 16 {
            return self.fixarray_exact(n as u8);
        }
        let at = self.pos;
        let left = self.buf.len() - at;
        let header = if n <= 0xffff { 3 } else { 5 };
        let ok = match self.buf.get(at..at.saturating_add(header)) {
            Some([m::ARRAY16, a, b]) => n <= 0xffff && usize::from(u16::from_be_bytes([*a, *b])) == n,
            Some([m::ARRAY32, a, b, c, e]) => n > 0xffff && u32::from_be_bytes([*a, *b, *c, *e]) as usize == n,
            _ => false,
        };
        if ok && n <= left - header && n as u64 <= u64::from(self.opts.max_container_len) {
            self.container_at = at;
            self.pos += header;
            true
        } else {
            false
        }
    }

    /// The fast path of a derived map-form struct: consumes a `fixmap`
    /// header that passes the checks of [`map_len`](Decoder::map_len) and
    /// returns its length and offset; any other input is left alone.
    #[inline(always)]
    pub(crate) fn fixmap(&mut self) -> Option<(usize, usize)> {
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

    // ---- limits ----------------------------------------------------------------

    /// Fails with [`ErrorKind::LimitExceeded`] if `len` is above `max`.
    #[inline(always)]
    fn check_len(&self, limit: Limit, len: usize, max: u32, at: usize) -> Result<()> {
        if len as u64 > u64::from(max) { Err(self.limit_error(limit, len as u64, u64::from(max), at)) } else { Ok(()) }
    }

    /// Takes `bytes` from the allocation budget
    /// ([`DecodeOptions::max_alloc`](crate::DecodeOptions::max_alloc)) before an impl allocates them; `at` is
    /// the offset of the item being decoded, for the error.
    ///
    /// Every impl of this crate that allocates calls it; a hand-written
    /// [`Decode`](crate::Decode) impl that allocates should too.
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

    /// Charges `len` elements of `T` ([`charge`](Decoder::charge)), for a
    /// sequence or map whose header was read at `at`.
    #[inline]
    pub fn charge_elements<T>(&mut self, len: usize, at: usize) -> Result<()> {
        self.charge(len.saturating_mul(core::mem::size_of::<T>()), at)
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

    // ---- nesting ---------------------------------------------------------------

    /// Enters one level of array or map nesting, failing beyond
    /// [`DecodeOptions::max_depth`](crate::DecodeOptions::max_depth). Pair with [`leave`](Decoder::leave).
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

    // ---- the end -------------------------------------------------------------

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
            Err(self.fail(ErrorKind::TrailingBytes { count: self.buf.len() - self.pos }, self.pos))
        } else {
            Ok(())
        }
    }
}
