//! `time::OffsetDateTime` as `#[serde(with = "time::serde::rfc3339")]`
//! writes it (feature `time`): an RFC 3339 `str`, the same characters to
//! the byte (`2023-11-14T22:13:20.123Z`, `2023-11-14T23:13:20+01:00`: the
//! fraction without trailing zeros, `Z` for UTC).
//!
//! `OffsetDateTime`'s own form here is the timestamp extension (ext -1);
//! the `time` crate's plain `Serialize` (no `with`) is a tuple, see
//! [`time_tuple`](crate::with::time_tuple). As in `time`, a year outside
//! 0..=9999, an offset of more than 23 hours or one with seconds cannot be
//! written ([`encode::Error::Unrepresentable`]). Decoding parses with
//! `time`'s own RFC 3339 parser (this feature enables `time/parsing`);
//! text it refuses is an
//! [`ErrorKind::Invalid`](crate::decode::ErrorKind::Invalid) error with
//! `time`'s reason and the string found. Formatting needs no allocator;
//! `encoded_len` formats the text to measure it (see `#[msgpack(costly_len)]`
//! for a type with many such fields).
//!
//! ```
//! use msgpack_core::MsgPack;
//! use time::{macros::datetime, OffsetDateTime};
//!
//! #[derive(MsgPack, Debug, PartialEq)]
//! struct Post { #[msgpack(with = "msgpack_core::with::time_rfc3339")] at: OffsetDateTime }
//!
//! let post = Post { at: datetime!(2023-11-14 22:13:20.1 UTC) };
//! let bytes = msgpack_core::to_vec(&post)?;
//! assert_eq!(bytes, b"\x81\xa2at\xb62023-11-14T22:13:20.1Z");
//! assert_eq!(msgpack_core::from_slice::<Post>(&bytes)?, post);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt::{self, Write as _};

use ::time::OffsetDateTime;
use ::time::format_description::well_known::Rfc3339;

use crate::decode::{Decoder, Error};
use crate::encode::{self, Encoder, Write, str_size};
use crate::with::common;
use crate::with::stack_str::StackStr;

/// The text `time`'s RFC 3339 formatter writes, or why it refuses.
fn text(t: &OffsetDateTime) -> Result<StackStr<40>, &'static str> {
    let off = t.offset();
    if !(0..10_000).contains(&t.year()) {
        return Err("an RFC 3339 year outside 0..=9999");
    }
    if off.whole_hours().unsigned_abs() > 23 || off.seconds_past_minute() != 0 {
        return Err("an RFC 3339 offset beyond 23:59 or with seconds");
    }
    let write = |w: &mut StackStr<40>| -> fmt::Result {
        let month = u8::from(t.month());
        write!(w, "{:04}-{month:02}-{:02}T{:02}:{:02}:{:02}", t.year(), t.day(), t.hour(), t.minute(), t.second())?;
        let mut nanos = t.nanosecond();
        if nanos != 0 {
            let mut digits = 9;
            while nanos.is_multiple_of(10) {
                nanos /= 10;
                digits -= 1;
            }
            write!(w, ".{nanos:0digits$}")?;
        }
        if off.is_utc() {
            return w.write_char('Z');
        }
        let sign = if off.is_negative() { '-' } else { '+' };
        write!(w, "{sign}{:02}:{:02}", off.whole_hours().unsigned_abs(), off.minutes_past_hour().unsigned_abs())
    };
    let mut s = StackStr::new();
    write(&mut s).map_err(|_| "an RFC 3339 text longer than 40 bytes")?;
    Ok(s)
}

/// Writes the RFC 3339 `str`.
///
/// ```
/// use time::macros::datetime;
/// let mut out = Vec::new();
/// let t = datetime!(2023-11-14 23:13:20 +01:00);
/// msgpack_core::with::time_rfc3339::encode(&t, &mut msgpack_core::Encoder::new(&mut out))?;
/// assert_eq!(out, b"\xb92023-11-14T23:13:20+01:00");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[inline]
pub fn encode<W: Write>(v: &OffsetDateTime, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
    e.str(text(v).map_err(encode::Error::Unrepresentable)?.as_str())
}

/// The length [`encode()`] writes (0 where it fails).
///
/// ```
/// use time::macros::datetime;
/// assert_eq!(msgpack_core::with::time_rfc3339::encoded_len(&datetime!(2023-11-14 22:13:20 UTC)), 1 + 20);
/// ```
#[inline]
pub fn encoded_len(v: &OffsetDateTime) -> usize {
    text(v).map_or(0, |t| str_size(t.as_str().len()))
}

/// Reads a `str` and parses it with `time`'s RFC 3339 parser.
///
/// ```
/// use msgpack_core::{Decoder, with::time_rfc3339};
/// let t = time_rfc3339::decode(&mut Decoder::new(b"\xb42023-11-14T22:13:20Z"))?;
/// assert_eq!(t.unix_timestamp(), 1_700_000_000);
/// assert!(time_rfc3339::decode(&mut Decoder::new(b"\xa42023")).is_err());
/// # Ok::<(), msgpack_core::decode::Error>(())
/// ```
pub fn decode(d: &mut Decoder<'_>) -> Result<OffsetDateTime, Error> {
    let at = d.position();
    let s = d.str()?;
    OffsetDateTime::parse(s, &Rfc3339).map_err(|why| common::invalid(d, at, "an RFC 3339 date-time", why))
}

/// `Option<OffsetDateTime>` as `time::serde::rfc3339::option` writes it:
/// `nil` or the `str`.
///
/// ```
/// use msgpack_core::MsgPack;
/// use time::OffsetDateTime;
///
/// #[derive(MsgPack, Debug, PartialEq)]
/// struct Post { #[msgpack(with = "msgpack_core::with::time_rfc3339::option")] edited: Option<OffsetDateTime> }
///
/// assert_eq!(msgpack_core::to_vec(&Post { edited: None })?, b"\x81\xa6edited\xc0");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub mod option {
    use ::time::OffsetDateTime;

    use crate::decode::{Decoder, Error};
    use crate::encode::{self, Encoder, Write};
    use crate::with::common;

    /// Writes `nil` or the `str`.
    ///
    /// ```
    /// let mut out = Vec::new();
    /// msgpack_core::with::time_rfc3339::option::encode(&None, &mut msgpack_core::Encoder::new(&mut out))?;
    /// assert_eq!(out, [0xc0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn encode<W: Write>(v: &Option<OffsetDateTime>, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        common::encode_option(v, e, super::encode)
    }

    /// The length [`encode()`] writes.
    ///
    /// ```
    /// assert_eq!(msgpack_core::with::time_rfc3339::option::encoded_len(&None), 1);
    /// ```
    #[inline]
    pub fn encoded_len(v: &Option<OffsetDateTime>) -> usize {
        common::option_len(v, super::encoded_len)
    }

    /// Reads `nil` or the `str`.
    ///
    /// ```
    /// use msgpack_core::{Decoder, with::time_rfc3339};
    /// assert_eq!(time_rfc3339::option::decode(&mut Decoder::new(&[0xc0]))?, None);
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline]
    pub fn decode(d: &mut Decoder<'_>) -> Result<Option<OffsetDateTime>, Error> {
        common::decode_option(d, super::decode)
    }
}
