//! `chrono` (feature `chrono`): its date-times as the timestamp extension
//! here, and the forms of chrono's serde impls as field adapters
//! ([`serde_str`], re-exported as `with::chrono_str`; [`serde_ts`], as
//! `with::chrono_ts`).

use ::chrono::{DateTime, NaiveDateTime, TimeZone, Utc};

use super::ext::decode_timestamp_as;
use crate::decode::{Decode, Decoder, Error};
use crate::encode::{self, Encode, Encoder, Write};
use crate::ext::{Timestamp, TimestampRangeError};
use crate::schema::{Schema, Shape, ShapeRef};

pub mod serde_str;
pub mod serde_ts;

/// The instant of a `chrono` date-time as a [`Timestamp`].
///
/// chrono keeps a leap second as nanoseconds of 1e9 or more in the 59th
/// second; a Unix timestamp cannot, so those carry into the next second
/// (23:59:60.5 becomes 00:00:00.5 of the next day), as chrono's own
/// `timestamp_nanos_opt` counts them. chrono's range (about ±262,000 years)
/// is far inside the timestamp's `i64` seconds, so this cannot overflow.
#[inline]
fn instant<Tz: TimeZone>(dt: &DateTime<Tz>) -> Timestamp {
    let (secs, nanos) = (dt.timestamp(), dt.timestamp_subsec_nanos());
    let (secs, nanos) = if nanos >= 1_000_000_000 { (secs + 1, nanos - 1_000_000_000) } else { (secs, nanos) };
    Timestamp::new(secs, nanos).unwrap_or(Timestamp::UNIX_EPOCH) // nanos < 1e9: always `Some`
}

/// The timestamp extension (ext -1) in the smallest of its 32/64/96-bit
/// layouts: the instant, to the nanosecond. The time zone is not written
/// (MessagePack timestamps are UTC): a `DateTime<FixedOffset>` or
/// `DateTime<Local>` encodes the same bytes as the equal `DateTime<Utc>`,
/// and decodes back as a `DateTime<Utc>`.
///
/// A leap second (nanoseconds of 1e9 or more in chrono) carries into the
/// next second, as a Unix timestamp counts it.
///
/// ```
/// use chrono::{DateTime, FixedOffset, Utc};
///
/// let t: DateTime<Utc> = "2023-11-14T22:13:20.000000001Z".parse()?;
/// let bytes = msgpack_core::to_vec(&t)?;
/// assert_eq!(bytes, [0xd7, 0xff, 0, 0, 0, 4, 0x65, 0x53, 0xf1, 0x00]); // fixext 8, 64-bit layout
/// assert_eq!(msgpack_core::from_slice::<DateTime<Utc>>(&bytes)?, t);
///
/// let paris: DateTime<FixedOffset> = "2023-11-14T23:13:20.000000001+01:00".parse()?;
/// assert_eq!(msgpack_core::to_vec(&paris)?, bytes); // the same instant
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl<Tz: TimeZone> Encode for DateTime<Tz> {
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        e.timestamp(instant(self))
    }

    #[inline]
    fn encoded_len(&self) -> usize {
        instant(self).encoded_size()
    }
}

/// Reads a timestamp (ext -1) in any of its three layouts. One outside
/// chrono's range (about ±262,000 years) is an
/// [`ErrorKind::OutOfRange`](crate::decode::ErrorKind::OutOfRange) error.
///
/// ```
/// use chrono::{DateTime, Utc};
/// use msgpack_core::{decode::ErrorKind, Timestamp};
///
/// let bytes = msgpack_core::to_vec(&Timestamp::new(-1, 5).unwrap())?;
/// let t: DateTime<Utc> = msgpack_core::from_slice(&bytes)?;
/// assert_eq!(t.to_rfc3339(), "1969-12-31T23:59:59.000000005+00:00");
///
/// let far = msgpack_core::to_vec(&Timestamp::new(i64::MAX, 0).unwrap())?;
/// let e = msgpack_core::from_slice::<DateTime<Utc>>(&far).unwrap_err();
/// assert!(matches!(e.kind(), ErrorKind::OutOfRange { .. }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl<'de> Decode<'de> for DateTime<Utc> {
    #[inline]
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        decode_timestamp_as(d, "timestamp seconds within the range of chrono::DateTime", to_date_time)
    }
}

/// As `DateTime<Utc>`: a naive date-time is taken to be in UTC (as
/// `NaiveDateTime::and_utc` does) and written as the timestamp extension;
/// decoding gives the UTC date-time of the timestamp.
///
/// ```
/// use chrono::NaiveDateTime;
///
/// let t: NaiveDateTime = "1969-07-20T20:17:40".parse()?;
/// let bytes = msgpack_core::to_vec(&t)?;
/// assert_eq!(bytes, msgpack_core::to_vec(&t.and_utc())?);
/// assert_eq!(msgpack_core::from_slice::<NaiveDateTime>(&bytes)?, t);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Encode for NaiveDateTime {
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        self.and_utc().encode(e)
    }

    #[inline]
    fn encoded_len(&self) -> usize {
        self.and_utc().encoded_len()
    }
}

/// Reads a timestamp as a UTC date-time (see the `Encode` impl); one outside
/// chrono's range is an [`ErrorKind::OutOfRange`](crate::decode::ErrorKind::OutOfRange) error.
impl<'de> Decode<'de> for NaiveDateTime {
    #[inline]
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        decode_timestamp_as(d, "timestamp seconds within the range of chrono::NaiveDateTime", |t| {
            to_date_time(t).map(|t| t.naive_utc())
        })
    }
}

#[inline]
fn to_date_time(t: Timestamp) -> Option<DateTime<Utc>> {
    DateTime::from_timestamp(t.secs(), t.nanos())
}

/// The instant, to the nanosecond (a leap second carries into the next
/// second). Never fails: chrono's range is inside the timestamp's.
///
/// ```
/// use chrono::{DateTime, Utc};
/// use msgpack_core::Timestamp;
///
/// let t: DateTime<Utc> = "1969-12-31T23:59:59.5Z".parse()?;
/// assert_eq!(Timestamp::from(t), Timestamp::new(-1, 500_000_000).unwrap());
/// # Ok::<(), chrono::ParseError>(())
/// ```
impl<Tz: TimeZone> From<DateTime<Tz>> for Timestamp {
    #[inline]
    fn from(t: DateTime<Tz>) -> Self {
        instant(&t)
    }
}

/// The UTC date-time of a timestamp; fails outside chrono's range (about
/// ±262,000 years).
///
/// ```
/// use chrono::{DateTime, Utc};
/// use msgpack_core::Timestamp;
///
/// let t = DateTime::<Utc>::try_from(Timestamp::new(1_700_000_000, 0).unwrap())?;
/// assert_eq!(t.to_rfc3339(), "2023-11-14T22:13:20+00:00");
/// assert!(DateTime::<Utc>::try_from(Timestamp::new(i64::MIN, 0).unwrap()).is_err());
/// # Ok::<(), msgpack_core::ext::TimestampRangeError>(())
/// ```
impl TryFrom<Timestamp> for DateTime<Utc> {
    type Error = TimestampRangeError;

    #[inline]
    fn try_from(t: Timestamp) -> Result<Self, Self::Error> {
        to_date_time(t).ok_or(TimestampRangeError::new("chrono::DateTime<Utc>"))
    }
}

impl<Tz: TimeZone> Schema for DateTime<Tz> {
    const SHAPE: ShapeRef = ShapeRef::new(&Shape::Timestamp);
}

impl Schema for NaiveDateTime {
    const SHAPE: ShapeRef = ShapeRef::new(&Shape::Timestamp);
}
