//! `Decoder`: `str`, `bin` and ext items.

use super::{Decoder, Result};
use crate::decode::{ErrorKind, Limit};
use crate::ext::{ExtRef, TIMESTAMP_TYPE, Timestamp};
use crate::marker as m;
use crate::mem::ascii_str;

impl<'de> Decoder<'de> {
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

    // ---- ext -----------------------------------------------------------------

    /// Reads an ext header: the type id and payload length (checked against the input).
    #[inline]
    pub(super) fn ext_header(&mut self) -> Result<(i8, usize)> {
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
        Timestamp::from_payload(ext.data).ok_or_else(|| self.fail(ErrorKind::InvalidTimestamp, at))
    }
}

/// UTF-8 validation of a `str` payload. Short ASCII strings (keys, names,
/// dates) are the common case: one word-wise ASCII test settles them.
#[inline]
pub(super) fn utf8(bytes: &[u8]) -> Option<&str> {
    if let Some(s) = ascii_str(bytes) {
        return Some(s);
    }
    core::str::from_utf8(bytes).ok()
}
