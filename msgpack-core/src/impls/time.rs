//! The `time` crate (feature `time`): its date-times as the timestamp
//! extension here, and the forms of its serde impls as field adapters
//! ([`serde_rfc3339`], re-exported as `with::time_rfc3339`;
//! [`serde_tuple`], as `with::time_tuple`).

use ::time::{OffsetDateTime, PrimitiveDateTime, UtcDateTime};

use super::ext::decode_timestamp_as;
use crate::decode::{Decode, Decoder, Error};
use crate::encode::{self, Encode, Encoder, Write};
use crate::ext::{Timestamp, TimestampRangeError};
use crate::schema::{Schema, Shape, ShapeRef};

pub mod serde_rfc3339;
pub mod serde_tuple;

/// A [`Timestamp`] from Unix seconds and nanoseconds as the `time` crate
/// gives them: its range (±9,999 years, ±999,999 with `large-dates`) is far
/// inside `i64` seconds and its nanoseconds are below 1e9, so this always
/// succeeds.
#[inline]
fn timestamp(secs: i64, nanos: u32) -> Timestamp {
    Timestamp::new(secs, nanos).unwrap_or(Timestamp::UNIX_EPOCH) // nanos < 1e9: always `Some`
}

#[inline]
fn to_utc(t: Timestamp) -> Option<UtcDateTime> {
    UtcDateTime::from_unix_timestamp_nanos(t.secs() as i128 * 1_000_000_000 + t.nanos() as i128).ok()
}

/// The timestamp extension (ext -1) in the smallest of its 32/64/96-bit
/// layouts: the instant, to the nanosecond. The UTC offset is not written
/// (MessagePack timestamps are UTC): decoding gives the same instant at
/// offset UTC, which compares equal (`OffsetDateTime` compares instants).
///
/// ```
/// use time::macros::datetime;
/// use time::OffsetDateTime;
///
/// let t = datetime!(2023-11-14 23:13:20.000000001 +01:00);
/// let bytes = msgpack_core::to_vec(&t)?;
/// assert_eq!(bytes, [0xd7, 0xff, 0, 0, 0, 4, 0x65, 0x53, 0xf1, 0x00]); // fixext 8, 64-bit layout
/// let back: OffsetDateTime = msgpack_core::from_slice(&bytes)?;
/// assert_eq!(back, t);
/// assert!(back.offset().is_utc());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Encode for OffsetDateTime {
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        e.timestamp(Timestamp::from(*self))
    }

    #[inline]
    fn encoded_len(&self) -> usize {
        Timestamp::from(*self).encoded_size()
    }
}

/// Reads a timestamp (ext -1) in any of its three layouts, at offset UTC.
/// One outside the crate's range (±9,999 years unless `time`'s
/// `large-dates` feature is on) is an
/// [`ErrorKind::OutOfRange`](crate::decode::ErrorKind::OutOfRange) error.
///
/// ```
/// use msgpack_core::{decode::ErrorKind, Timestamp};
/// use time::OffsetDateTime;
///
/// let far = msgpack_core::to_vec(&Timestamp::new(1 << 40, 0).unwrap())?; // year ~36,812
/// let e = msgpack_core::from_slice::<OffsetDateTime>(&far).unwrap_err();
/// assert!(matches!(e.kind(), ErrorKind::OutOfRange { .. }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl<'de> Decode<'de> for OffsetDateTime {
    #[inline]
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        decode_timestamp_as(d, "timestamp seconds within the range of time::OffsetDateTime", |t| {
            to_utc(t).map(OffsetDateTime::from)
        })
    }
}

/// The timestamp extension (ext -1), as for `OffsetDateTime`.
///
/// ```
/// use time::macros::utc_datetime;
/// use time::UtcDateTime;
///
/// let t = utc_datetime!(1969-12-31 23:59:59.5);
/// let bytes = msgpack_core::to_vec(&t)?;
/// assert_eq!(bytes.len(), 15); // before the epoch: the 96-bit layout
/// assert_eq!(msgpack_core::from_slice::<UtcDateTime>(&bytes)?, t);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Encode for UtcDateTime {
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        e.timestamp(Timestamp::from(*self))
    }

    #[inline]
    fn encoded_len(&self) -> usize {
        Timestamp::from(*self).encoded_size()
    }
}

/// Reads a timestamp; one outside the crate's range is an
/// [`ErrorKind::OutOfRange`](crate::decode::ErrorKind::OutOfRange) error.
impl<'de> Decode<'de> for UtcDateTime {
    #[inline]
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        decode_timestamp_as(d, "timestamp seconds within the range of time::UtcDateTime", to_utc)
    }
}

/// A date-time without offset is taken to be in UTC (as
/// `PrimitiveDateTime::assume_utc` does) and written as the timestamp
/// extension; decoding gives the UTC date and time of the timestamp.
///
/// ```
/// use time::macros::datetime;
/// use time::PrimitiveDateTime;
///
/// let t = datetime!(1969-07-20 20:17:40);
/// let bytes = msgpack_core::to_vec(&t)?;
/// assert_eq!(bytes, msgpack_core::to_vec(&t.assume_utc())?);
/// assert_eq!(msgpack_core::from_slice::<PrimitiveDateTime>(&bytes)?, t);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Encode for PrimitiveDateTime {
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        self.assume_utc().encode(e)
    }

    #[inline]
    fn encoded_len(&self) -> usize {
        self.assume_utc().encoded_len()
    }
}

/// Reads a timestamp as a UTC date and time (see the `Encode` impl); one
/// outside the crate's range is an
/// [`ErrorKind::OutOfRange`](crate::decode::ErrorKind::OutOfRange) error.
impl<'de> Decode<'de> for PrimitiveDateTime {
    #[inline]
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        decode_timestamp_as(d, "timestamp seconds within the range of time::PrimitiveDateTime", |t| {
            to_utc(t).map(|u| PrimitiveDateTime::new(u.date(), u.time()))
        })
    }
}

/// The instant, to the nanosecond. Never fails.
///
/// ```
/// use msgpack_core::Timestamp;
/// use time::macros::datetime;
///
/// let t = Timestamp::from(datetime!(1970-01-01 00:00:01.5 +00:00));
/// assert_eq!(t, Timestamp::new(1, 500_000_000).unwrap());
/// ```
impl From<OffsetDateTime> for Timestamp {
    #[inline]
    fn from(t: OffsetDateTime) -> Self {
        timestamp(t.unix_timestamp(), t.nanosecond())
    }
}

/// The instant, to the nanosecond. Never fails.
///
/// ```
/// use msgpack_core::Timestamp;
/// use time::macros::utc_datetime;
///
/// assert_eq!(Timestamp::from(utc_datetime!(1970-01-01 0:00)), Timestamp::UNIX_EPOCH);
/// ```
impl From<UtcDateTime> for Timestamp {
    #[inline]
    fn from(t: UtcDateTime) -> Self {
        timestamp(t.unix_timestamp(), t.nanosecond())
    }
}

/// The date-time at offset UTC; fails outside the crate's range (±9,999
/// years unless `time`'s `large-dates` feature is on).
///
/// ```
/// use msgpack_core::Timestamp;
/// use time::OffsetDateTime;
///
/// let t = OffsetDateTime::try_from(Timestamp::new(-1, 0).unwrap())?;
/// assert_eq!((t.year(), t.second()), (1969, 59));
/// assert!(OffsetDateTime::try_from(Timestamp::new(i64::MAX, 0).unwrap()).is_err());
/// # Ok::<(), msgpack_core::ext::TimestampRangeError>(())
/// ```
impl TryFrom<Timestamp> for OffsetDateTime {
    type Error = TimestampRangeError;

    #[inline]
    fn try_from(t: Timestamp) -> Result<Self, Self::Error> {
        to_utc(t).map(OffsetDateTime::from).ok_or(TimestampRangeError::new("time::OffsetDateTime"))
    }
}

/// The UTC date-time; fails outside the crate's range.
///
/// ```
/// use msgpack_core::Timestamp;
/// use time::UtcDateTime;
///
/// let t = UtcDateTime::try_from(Timestamp::new(86_400, 0).unwrap())?;
/// assert_eq!(t.date().to_string(), "1970-01-02");
/// # Ok::<(), msgpack_core::ext::TimestampRangeError>(())
/// ```
impl TryFrom<Timestamp> for UtcDateTime {
    type Error = TimestampRangeError;

    #[inline]
    fn try_from(t: Timestamp) -> Result<Self, Self::Error> {
        to_utc(t).ok_or(TimestampRangeError::new("time::UtcDateTime"))
    }
}

impl Schema for OffsetDateTime {
    const SHAPE: ShapeRef = ShapeRef::new(&Shape::Timestamp);
}

impl Schema for UtcDateTime {
    const SHAPE: ShapeRef = ShapeRef::new(&Shape::Timestamp);
}

impl Schema for PrimitiveDateTime {
    const SHAPE: ShapeRef = ShapeRef::new(&Shape::Timestamp);
}
