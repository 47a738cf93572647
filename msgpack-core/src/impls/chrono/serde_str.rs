//! chrono's date-times as chrono's own serde impls write them (feature
//! `chrono`): a `str`, the same characters to the byte.
//!
//! | type | text (chrono's `Serialize`) |
//! |---|---|
//! | `DateTime<Utc>`, `DateTime<FixedOffset>` | RFC 3339: `2023-11-14T22:13:20.123Z`, `2023-11-14T23:13:20+01:00` (fraction in 0, 3, 6 or 9 digits; `Z` for a zero offset) |
//! | `NaiveDateTime` | `2023-11-14T22:13:20.123` |
//! | `NaiveDate` | `2023-11-14` |
//! | `NaiveTime` | `22:13:20.123` |
//!
//! The date-times' own form here is the timestamp extension (ext -1);
//! `NaiveDate` and `NaiveTime` have none. Decoding parses as chrono's
//! `Deserialize` does (its `FromStr`; a `DateTime<Utc>` is read at any
//! offset and converted); text it refuses is an
//! [`ErrorKind::Invalid`](crate::decode::ErrorKind::Invalid) error naming
//! chrono's reason and the string found. Formatting needs no allocator.
//! `DateTime<Local>` is not covered (its decoding needs the clock): keep
//! the field a `DateTime<FixedOffset>` or `DateTime<Utc>`, whose text is
//! the same. `encoded_len` formats the text to measure it, about the work
//! of `encode`: a type with many such fields may set
//! `#[msgpack(costly_len)]` so that `to_vec` grows its buffer instead.
//!
//! ```
//! use chrono::{DateTime, Utc};
//! use msgpack_core::MsgPack;
//!
//! #[derive(MsgPack, Debug, PartialEq)]
//! #[msgpack(rename_all = "camelCase")]
//! struct Post { #[msgpack(with = "msgpack_core::with::chrono_str")] created_at: DateTime<Utc> }
//!
//! let post = Post { created_at: "2023-11-14T22:13:20.123Z".parse()? };
//! let bytes = msgpack_core::to_vec(&post)?;
//! assert_eq!(bytes, b"\x81\xa9createdAt\xb82023-11-14T22:13:20.123Z");
//! assert_eq!(msgpack_core::from_slice::<Post>(&bytes)?, post);
//!
//! let e = msgpack_core::from_slice::<Post>(b"\x81\xa9createdAt\xa72023-13").unwrap_err();
//! assert_eq!(e.to_string(), "expected a date-time as chrono writes it (input is out of range), found str \"2023-13\" at $.createdAt (byte 11)");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;

use ::chrono::{DateTime, FixedOffset, NaiveDate, NaiveDateTime, NaiveTime, Offset, TimeZone, Utc};

use crate::decode::{Decoder, Error};
use crate::encode::{self, Encoder, Write, str_size};
use crate::with::common;
use crate::with::stack_str::StackStr;

mod sealed {
    pub trait Sealed {}
}

/// The chrono types this module writes (implemented here only).
///
/// ```
/// use msgpack_core::with::chrono_str::ChronoStr;
/// fn takes<T: ChronoStr>(_: T) {}
/// takes(chrono::NaiveDate::from_ymd_opt(2023, 11, 14).unwrap());
/// ```
pub trait ChronoStr: sealed::Sealed + Sized {
    /// Writes the text chrono's `Serialize` writes.
    fn write_text(&self, w: &mut dyn fmt::Write) -> fmt::Result;
    /// Parses as chrono's `Deserialize` does.
    fn parse_text(s: &str) -> Result<Self, ::chrono::ParseError>;
}

/// chrono's `DateTime` text: the local date-time, then the offset rounded
/// to the minute (`Z` when zero), as chrono's `Serialize` writes it.
/// A local time outside chrono's range (its `MAX_UTC` at a positive
/// offset), where chrono's `naive_local` panics, is a `fmt::Error`: an
/// encode error here.
fn write_date_time<Tz: TimeZone>(t: &DateTime<Tz>, w: &mut dyn fmt::Write) -> fmt::Result {
    let fix = t.offset().fix();
    let local = t.naive_utc().checked_add_offset(fix).ok_or(fmt::Error)?;
    write!(w, "{local:?}")?;
    let off = fix.local_minus_utc();
    if off == 0 {
        return w.write_char('Z');
    }
    let sign = if off < 0 { '-' } else { '+' };
    let minutes = (off.unsigned_abs() + 30) / 60;
    write!(w, "{sign}{:02}:{:02}", minutes / 60, minutes % 60)
}

impl sealed::Sealed for DateTime<Utc> {}
impl ChronoStr for DateTime<Utc> {
    fn write_text(&self, w: &mut dyn fmt::Write) -> fmt::Result {
        write_date_time(self, w)
    }
    fn parse_text(s: &str) -> Result<Self, ::chrono::ParseError> {
        s.parse::<DateTime<FixedOffset>>().map(|t| t.with_timezone(&Utc))
    }
}

impl sealed::Sealed for DateTime<FixedOffset> {}
impl ChronoStr for DateTime<FixedOffset> {
    fn write_text(&self, w: &mut dyn fmt::Write) -> fmt::Result {
        write_date_time(self, w)
    }
    fn parse_text(s: &str) -> Result<Self, ::chrono::ParseError> {
        s.parse()
    }
}

macro_rules! naive {
    ($($t:ty),*) => {$(
        impl sealed::Sealed for $t {}
        impl ChronoStr for $t {
            fn write_text(&self, w: &mut dyn fmt::Write) -> fmt::Result {
                write!(w, "{self:?}")
            }
            fn parse_text(s: &str) -> Result<Self, ::chrono::ParseError> {
                s.parse()
            }
        }
    )*};
}

naive!(NaiveDateTime, NaiveDate, NaiveTime);

/// The text, on the stack: at most 38 bytes (`+262143-12-31T23:59:60.999999999+23:59`);
/// `None` (an encode error) for a local time outside chrono's range.
fn text<T: ChronoStr>(v: &T) -> Option<StackStr<48>> {
    let mut s = StackStr::new();
    v.write_text(&mut s).ok()?;
    Some(s)
}

/// Writes the `str`.
///
/// ```
/// let t = chrono::NaiveDate::from_ymd_opt(2023, 11, 14).unwrap();
/// let mut out = Vec::new();
/// msgpack_core::with::chrono_str::encode(&t, &mut msgpack_core::Encoder::new(&mut out))?;
/// assert_eq!(out, b"\xaa2023-11-14");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[inline]
pub fn encode<T: ChronoStr, W: Write>(v: &T, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
    match text(v) {
        Some(t) => e.str(t.as_str()),
        None => Err(encode::Error::Unrepresentable("a chrono date-time whose local time is outside chrono's range")),
    }
}

/// The length [`encode()`] writes (the text is formatted to measure it).
///
/// ```
/// let t: chrono::DateTime<chrono::Utc> = "2023-11-14T22:13:20Z".parse()?;
/// assert_eq!(msgpack_core::with::chrono_str::encoded_len(&t), 1 + 20);
/// # Ok::<(), chrono::ParseError>(())
/// ```
#[inline]
pub fn encoded_len<T: ChronoStr>(v: &T) -> usize {
    text(v).map_or(0, |t| str_size(t.as_str().len()))
}

/// Reads a `str` and parses it as chrono's `Deserialize` does.
///
/// ```
/// use chrono::{DateTime, FixedOffset};
/// use msgpack_core::{Decoder, with::chrono_str};
/// let t: DateTime<FixedOffset> = chrono_str::decode(&mut Decoder::new(b"\xb92023-11-14T23:13:20+01:00"))?;
/// assert_eq!(t.offset().local_minus_utc(), 3600);
/// # Ok::<(), msgpack_core::decode::Error>(())
/// ```
pub fn decode<T: ChronoStr>(d: &mut Decoder<'_>) -> Result<T, Error> {
    let at = d.position();
    let s = d.str()?;
    T::parse_text(s).map_err(|why| common::invalid(d, at, "a date-time as chrono writes it", why))
}

/// `Option` of a chrono type: `nil` or the `str`, as serde writes it.
///
/// ```
/// use chrono::{DateTime, Utc};
/// use msgpack_core::MsgPack;
///
/// #[derive(MsgPack, Debug, PartialEq)]
/// struct Post { #[msgpack(with = "msgpack_core::with::chrono_str::option")] edited: Option<DateTime<Utc>> }
///
/// assert_eq!(msgpack_core::to_vec(&Post { edited: None })?, b"\x81\xa6edited\xc0");
/// assert_eq!(msgpack_core::from_slice::<Post>(b"\x80")?, Post { edited: None });
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub mod option {
    use super::ChronoStr;
    use crate::decode::{Decoder, Error};
    use crate::encode::{self, Encoder, Write};
    use crate::with::common;

    /// Writes `nil` or the `str`.
    ///
    /// ```
    /// let mut out = Vec::new();
    /// let none = None::<chrono::NaiveDate>;
    /// msgpack_core::with::chrono_str::option::encode(&none, &mut msgpack_core::Encoder::new(&mut out))?;
    /// assert_eq!(out, [0xc0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn encode<T: ChronoStr, W: Write>(v: &Option<T>, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        common::encode_option(v, e, super::encode)
    }

    /// The length [`encode()`] writes.
    ///
    /// ```
    /// assert_eq!(msgpack_core::with::chrono_str::option::encoded_len(&None::<chrono::NaiveTime>), 1);
    /// ```
    #[inline]
    pub fn encoded_len<T: ChronoStr>(v: &Option<T>) -> usize {
        common::option_len(v, super::encoded_len)
    }

    /// Reads `nil` or the `str`.
    ///
    /// ```
    /// use msgpack_core::{Decoder, with::chrono_str};
    /// assert_eq!(chrono_str::option::decode::<chrono::NaiveDate>(&mut Decoder::new(&[0xc0]))?, None);
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline]
    pub fn decode<T: ChronoStr>(d: &mut Decoder<'_>) -> Result<Option<T>, Error> {
        common::decode_option(d, super::decode)
    }
}
