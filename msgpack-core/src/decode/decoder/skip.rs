//! `Decoder`: skipping whole values (iteratively) and reading them raw.

use super::{Decoder, Result};
use crate::decode::ErrorKind;
use crate::marker as m;

impl<'de> Decoder<'de> {
    /// Skips one whole value, however deeply nested, without recursion.
    ///
    /// Skipping checks structure and lengths but not the UTF-8 of strings it
    /// passes over (nothing is decoded); 0xc1 is an error. Arrays and maps
    /// are not counted against [`DecodeOptions::max_depth`](crate::DecodeOptions::max_depth), since skipping
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
                m::NEVER_USED => return Err(self.fail(ErrorKind::ReservedMarker, at)),
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
}
