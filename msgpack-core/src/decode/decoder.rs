//! The decoder: a cursor over borrowed input, one method per wire item.

use super::{DecodeOptions, Error, ErrorKind, Found, Text};
use crate::marker::{self as m, Marker};

type Result<T> = core::result::Result<T, Error>;

mod containers;
mod fixed;
mod scalars;
mod skip;
mod strings;

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
    /// Item starts that the open containers of this crate's collections
    /// have claimed and not yet met (see [`Decoder::claim`]): each must
    /// begin at a byte of its own in what is left of the input.
    pending: usize,
    opts: DecodeOptions,
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
        self.fail(ErrorKind::UnexpectedEof { needed, available }, self.pos)
    }

    /// The item at `at` is not what `expected` names.
    ///
    /// Builds the error for hand-written [`Decode`](crate::decode::Decode) impls and derived code:
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
            _ if self.quiet => Error::speculative(),
            Found::Reserved => Error::new(ErrorKind::ReservedMarker, at),
            found => Error::new(ErrorKind::TypeMismatch { expected, found }, at),
        }
    }

    /// The item at `at` has the right type but a value the impl refuses
    /// (serde's `invalid_value`): `expected <expected>, found <the item>`.
    ///
    /// For hand-written [`Decode`](super::Decode) impls that validate what
    /// they read: remember the position before reading, read, and on a bad
    /// value return this. The error carries the item found at `at` (read
    /// again from the input, so nothing is kept on the success path) and
    /// `expected` formatted once ([`ErrorKind::Invalid`]); while an untagged
    /// enum tries its variants it costs nothing (a speculative error).
    ///
    /// ```
    /// use msgpack_core::{Decoder, decode::ErrorKind};
    ///
    /// let mut d = Decoder::new(b"\xa4#12g");
    /// let at = d.position();
    /// let text = d.str()?;
    /// let e = d.invalid_value("a colour #rrggbb", at);
    /// assert!(matches!(e.kind(), ErrorKind::Invalid { .. }));
    /// assert_eq!(e.to_string(), r##"expected a colour #rrggbb, found str "#12g" at $ (byte 0)"##);
    /// # let _ = text;
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[cold]
    #[inline(never)]
    pub fn invalid_value(&self, expected: &str, at: usize) -> Error {
        if self.quiet {
            return Error::speculative();
        }
        let expected = super::ErrorText::new(expected);
        self.fail(ErrorKind::Invalid { expected, found: self.found_at(at) }, at)
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
        self.fail(kind, at)
    }

    /// Every error the decoder makes: detail-free while speculating.
    #[cold]
    #[inline(never)]
    pub(crate) fn fail(&self, kind: ErrorKind, at: usize) -> Error {
        if self.quiet { Error::speculative() } else { Error::with_depth(kind, at, self.depth as usize) }
    }

    /// A copy of this decoder for one speculative attempt (a variant of an
    /// untagged enum): its errors carry no details and allocate nothing.
    /// Adopt it with [`commit`](Decoder::commit) when the attempt
    /// succeeds; drop it otherwise (this decoder has not moved).
    #[inline]
    pub(crate) fn speculate(&self) -> Result<Self> {
        if self.spec_left == 0 {
            return Err(self.speculation_limit());
        }
        let mut d = self.clone();
        d.quiet = true;
        Ok(d)
    }

    #[cold]
    #[inline(never)]
    fn speculation_limit(&self) -> Error {
        let budget = SPECULATION_BASE.saturating_add(self.buf.len().saturating_mul(SPECULATION_PER_BYTE));
        self.fail(ErrorKind::SpeculationLimit { budget: budget as u64 }, self.pos)
    }

    /// A speculative copy whose attempt failed: the bytes it read count
    /// against the budget of failed attempts (this decoder has not moved).
    #[inline]
    pub(crate) fn failed(&mut self, attempt: Self) {
        // Nested failures inside the attempt were counted in its copy.
        self.spec_left = attempt.spec_left;
        if self.quiet {
            let read = attempt.pos.saturating_sub(self.pos).saturating_add(1);
            self.spec_left = self.spec_left.saturating_sub(read);
        }
    }

    /// A copy that decodes again to report reasons: nested untagged enums
    /// do not list theirs.
    #[inline]
    pub(crate) fn for_reasons(&self) -> Self {
        let mut d = self.clone();
        d.brief = true;
        d
    }

    /// Sets whether errors are detail-free (speculating), returning the old
    /// setting: an untagged value that only one variant can start with is
    /// decoded in place this way, without a speculative copy.
    #[inline]
    pub(crate) fn set_quiet(&mut self, quiet: bool) -> bool {
        core::mem::replace(&mut self.quiet, quiet)
    }

    /// Whether errors are detail-free (speculating): an error's details
    /// need not be built.
    #[inline]
    pub(crate) fn is_quiet(&self) -> bool {
        self.quiet
    }

    /// Whether this decoder is reporting an enclosing untagged enum's
    /// reasons (see [`for_reasons`](Decoder::for_reasons)).
    #[inline]
    pub(crate) fn is_brief(&self) -> bool {
        self.brief
    }

    /// Takes the state of a successful speculative copy (position, budgets),
    /// keeping this decoder's own error mode.
    #[inline]
    pub(crate) fn commit(&mut self, mut attempt: Self) {
        attempt.quiet = self.quiet;
        attempt.brief = self.brief;
        *self = attempt;
    }

    /// Where the decoder is (position, depth, open claims), to go back after a failed
    /// attempt made in place (see [`reset`](Decoder::reset)).
    #[inline]
    pub(crate) fn mark(&self) -> (usize, u32, usize) {
        (self.pos, self.depth, self.pending)
    }

    /// Back to a [`mark`](Decoder::mark) of this decoder, after a
    /// failed attempt (whose error is then reported).
    #[inline]
    pub(crate) fn reset(&mut self, mark: (usize, u32, usize)) {
        self.pos = mark.0.min(self.buf.len());
        self.depth = mark.1;
        // The claims of the containers the attempt opened go with it.
        self.pending = mark.2;
    }

    /// Moves back (or forward) to `pos`, a position this decoder reported
    /// earlier with [`position`](Decoder::position) at the same depth: a
    /// value decoded out of order (an adjacent tag's content that came
    /// before the tag, a catch-all map's key). Clamped to the input.
    #[inline]
    pub(crate) fn rewind(&mut self, pos: usize) {
        self.pos = pos.min(self.buf.len());
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
}
