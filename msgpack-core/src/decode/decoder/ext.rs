//! `Decoder`: ext items and timestamps.

use super::{Decoder, Result};
use crate::decode::{ErrorKind, Limit};
use crate::ext::{ExtRef, TIMESTAMP_TYPE, Timestamp};
use crate::marker as m;

impl<'de> Decoder<'de> {
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
