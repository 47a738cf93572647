//! The date-times of the `time` crate as its plain serde impls write them
//! to rmp-serde (feature `time`): a tuple, the same array in both of
//! rmp-serde's modes (rmp-serde is not human-readable unless configured
//! so, and `time` writes text only to a human-readable format).
//!
//! | type | array |
//! |---|---|
//! | `OffsetDateTime` | `[year, ordinal, hour, minute, second, nanosecond, offset_hours, offset_minutes, offset_seconds]` |
//! | `PrimitiveDateTime`, `UtcDateTime` | `[year, ordinal, hour, minute, second, nanosecond]` |
//!
//! Their own form here is the timestamp extension (ext -1), which keeps
//! the instant but not the offset; this form keeps the offset. Decoding
//! needs the array of exactly that length, each element within its type
//! (`i32` year, `u16` ordinal, `u8` hour, minute and second, `u32`
//! nanosecond, `i8` offset parts), and a valid date, time and offset: an
//! invalid one is an [`ErrorKind::Invalid`]
//! error with `time`'s reason.
//!
//! ```
//! use msgpack_core::MsgPack;
//! use time::{macros::datetime, OffsetDateTime};
//!
//! #[derive(MsgPack, Debug, PartialEq)]
//! struct Post { #[msgpack(with = "msgpack_core::with::time_tuple")] at: OffsetDateTime }
//!
//! let post = Post { at: datetime!(2023-11-14 23:13:20 +01:00) };
//! let bytes = msgpack_core::to_vec(&post)?;
//! assert_eq!(bytes, b"\x81\xa2at\x99\xcd\x07\xe7\xcd\x01\x3e\x17\x0d\x14\x00\x01\x00\x00");
//! assert_eq!(msgpack_core::from_slice::<Post>(&bytes)?.at.offset(), post.at.offset());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use ::time::{Date, OffsetDateTime, PrimitiveDateTime, UtcDateTime, UtcOffset, error::ComponentRange};

use crate::decode::{Decode, Decoder, Error, ErrorKind};
use crate::encode::{self, Encoder, Write, array_header_size, int_size};
use crate::with::common;

mod sealed {
    pub trait Sealed {}
}

/// The `time` types this module writes (implemented here only).
///
/// ```
/// use msgpack_core::with::time_tuple::TimeTuple;
/// fn takes<T: TimeTuple>(_: T) {}
/// takes(time::macros::datetime!(2023-11-14 22:13:20));
/// ```
pub trait TimeTuple: sealed::Sealed + Sized {
    /// The tuple's length: 9 with the offset, 6 without.
    const LEN: usize;
    /// The tuple's elements (the first [`LEN`](Self::LEN)).
    fn parts(&self) -> [i64; 9];
    /// The value of the elements, each within its type.
    fn from_parts(p: [i64; 9]) -> Result<Self, ComponentRange>;
}

fn date_time(p: [i64; 9]) -> Result<PrimitiveDateTime, ComponentRange> {
    // `read_parts` checked each element against its type: the casts are exact.
    Date::from_ordinal_date(p[0] as i32, p[1] as u16)?.with_hms_nano(p[2] as u8, p[3] as u8, p[4] as u8, p[5] as u32)
}

fn local_parts(t: PrimitiveDateTime) -> [i64; 9] {
    let (h, m, s, ns) = t.as_hms_nano();
    [t.year().into(), t.ordinal().into(), h.into(), m.into(), s.into(), ns.into(), 0, 0, 0]
}

impl sealed::Sealed for OffsetDateTime {}
impl TimeTuple for OffsetDateTime {
    const LEN: usize = 9;
    fn parts(&self) -> [i64; 9] {
        let mut p = local_parts(PrimitiveDateTime::new(self.date(), self.time()));
        let (oh, om, os) = self.offset().as_hms();
        p[6..].copy_from_slice(&[oh.into(), om.into(), os.into()]);
        p
    }
    fn from_parts(p: [i64; 9]) -> Result<Self, ComponentRange> {
        Ok(date_time(p)?.assume_offset(UtcOffset::from_hms(p[6] as i8, p[7] as i8, p[8] as i8)?))
    }
}

impl sealed::Sealed for PrimitiveDateTime {}
impl TimeTuple for PrimitiveDateTime {
    const LEN: usize = 6;
    fn parts(&self) -> [i64; 9] {
        local_parts(*self)
    }
    fn from_parts(p: [i64; 9]) -> Result<Self, ComponentRange> {
        date_time(p)
    }
}

impl sealed::Sealed for UtcDateTime {}
impl TimeTuple for UtcDateTime {
    const LEN: usize = 6;
    fn parts(&self) -> [i64; 9] {
        local_parts(PrimitiveDateTime::new(self.date(), self.time()))
    }
    fn from_parts(p: [i64; 9]) -> Result<Self, ComponentRange> {
        date_time(p).map(PrimitiveDateTime::as_utc)
    }
}

/// Writes the array.
///
/// ```
/// use time::macros::datetime;
/// let mut out = Vec::new();
/// let t = datetime!(2000-01-01 0:00);
/// msgpack_core::with::time_tuple::encode(&t, &mut msgpack_core::Encoder::new(&mut out))?;
/// assert_eq!(out, [0x96, 0xcd, 0x07, 0xd0, 0x01, 0, 0, 0, 0]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[inline]
pub fn encode<T: TimeTuple, W: Write>(v: &T, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
    e.array_len(T::LEN)?;
    v.parts()[..T::LEN].iter().try_for_each(|&x| e.i64(x))
}

/// The length [`encode()`] writes.
///
/// ```
/// use time::macros::datetime;
/// assert_eq!(msgpack_core::with::time_tuple::encoded_len(&datetime!(2000-01-01 0:00)), 9);
/// ```
#[inline]
pub fn encoded_len<T: TimeTuple>(v: &T) -> usize {
    array_header_size(T::LEN) + v.parts()[..T::LEN].iter().map(|&x| int_size(x)).sum::<usize>()
}

/// Reads the elements of a tuple of `len`, each within its type.
fn read_parts(d: &mut Decoder<'_>, len: usize) -> Result<[i64; 9], Error> {
    let at = d.position();
    let found = d.array_len()?;
    if found != len {
        return Err(d.error(ErrorKind::InvalidLength { expected: len, found }, at));
    }
    d.enter()?;
    let mut p = [0i64; 9];
    for (i, slot) in p.iter_mut().enumerate().take(len) {
        *slot = match i {
            0 => i32::decode(d).map(i64::from),
            1 => u16::decode(d).map(i64::from),
            2..=4 => u8::decode(d).map(i64::from),
            5 => u32::decode(d).map(i64::from),
            _ => i8::decode(d).map(i64::from),
        }
        .map_err(|e| e.at_index(i))?;
    }
    d.leave();
    Ok(p)
}

/// Reads the array and checks the date, time and offset.
///
/// ```
/// use msgpack_core::{Decoder, with::time_tuple};
/// use time::{macros::datetime, PrimitiveDateTime};
/// let t: PrimitiveDateTime = time_tuple::decode(&mut Decoder::new(&[0x96, 0xcd, 0x07, 0xd0, 0x01, 0, 0, 0, 0]))?;
/// assert_eq!(t, datetime!(2000-01-01 0:00));
/// // Day 367 of 2000 does not exist.
/// assert!(time_tuple::decode::<PrimitiveDateTime>(&mut Decoder::new(&[0x96, 0xcd, 0x07, 0xd0, 0xcd, 0x01, 0x6f, 0, 0, 0, 0])).is_err());
/// # Ok::<(), msgpack_core::decode::Error>(())
/// ```
pub fn decode<T: TimeTuple>(d: &mut Decoder<'_>) -> Result<T, Error> {
    let at = d.position();
    let parts = read_parts(d, T::LEN)?;
    T::from_parts(parts).map_err(|why| common::invalid(d, at, "a date-time as time's serde impl writes it", why))
}

/// `Option` of a `time` date-time: `nil` or the array, as serde writes it.
///
/// ```
/// use msgpack_core::MsgPack;
/// use time::UtcDateTime;
///
/// #[derive(MsgPack, Debug, PartialEq)]
/// struct Post { #[msgpack(with = "msgpack_core::with::time_tuple::option")] edited: Option<UtcDateTime> }
///
/// assert_eq!(msgpack_core::to_vec(&Post { edited: None })?, b"\x81\xa6edited\xc0");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub mod option {
    use super::TimeTuple;
    use crate::decode::{Decoder, Error};
    use crate::encode::{self, Encoder, Write};
    use crate::with::common;

    /// Writes `nil` or the array.
    ///
    /// ```
    /// let mut out = Vec::new();
    /// let none = None::<time::UtcDateTime>;
    /// msgpack_core::with::time_tuple::option::encode(&none, &mut msgpack_core::Encoder::new(&mut out))?;
    /// assert_eq!(out, [0xc0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn encode<T: TimeTuple, W: Write>(v: &Option<T>, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        common::encode_option(v, e, super::encode)
    }

    /// The length [`encode()`] writes.
    ///
    /// ```
    /// assert_eq!(msgpack_core::with::time_tuple::option::encoded_len(&None::<time::UtcDateTime>), 1);
    /// ```
    #[inline]
    pub fn encoded_len<T: TimeTuple>(v: &Option<T>) -> usize {
        common::option_len(v, super::encoded_len)
    }

    /// Reads `nil` or the array.
    ///
    /// ```
    /// use msgpack_core::{Decoder, with::time_tuple};
    /// assert_eq!(time_tuple::option::decode::<time::UtcDateTime>(&mut Decoder::new(&[0xc0]))?, None);
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline]
    pub fn decode<T: TimeTuple>(d: &mut Decoder<'_>) -> Result<Option<T>, Error> {
        common::decode_option(d, super::decode)
    }
}
