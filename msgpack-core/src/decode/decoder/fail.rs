//! `Decoder`: the errors, each built out of line (`#[cold]`), detail-free
//! while speculating; and [`found_at`](Decoder::found_at), which describes
//! the item an error points at.

use super::{Decoder, Result};
use crate::decode::{Error, ErrorKind, ErrorText, Found, Limit, Text};
use crate::marker as m;

impl<'de> Decoder<'de> {
    /// `needed` more bytes were required at the current position.
    #[cold]
    #[inline(never)]
    pub(super) fn eof(&self, needed: u64) -> Error {
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
    /// For hand-written [`Decode`](crate::decode::Decode) impls that validate what
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
        let expected = ErrorText::new(expected);
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

    #[cold]
    #[inline(never)]
    pub(super) fn range_error(&self, expected: &'static str, v: i128, at: usize) -> Error {
        let found = if v >= 0 { Found::UInt(v as u64) } else { Found::NegInt(v as i64) };
        self.fail(ErrorKind::OutOfRange { expected, found }, at)
    }

    #[cold]
    #[inline(never)]
    pub(super) fn limit_error(&self, limit: Limit, value: u64, max: u64, at: usize) -> Error {
        self.fail(ErrorKind::LimitExceeded { limit, value, max }, at)
    }

    #[cold]
    #[inline(never)]
    pub(super) fn depth_error(&self) -> Error {
        self.fail(ErrorKind::DepthLimitExceeded { limit: self.opts.max_depth }, self.container_at)
    }
}
