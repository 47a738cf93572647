//! `std::time::SystemTime` as the timestamp extension (feature `std`).

use std::time::SystemTime;

use super::ext::decode_timestamp_as;
use crate::decode::{Decode, Decoder, Error};
use crate::encode::{self, Encode, Encoder, Write};
use crate::ext::{Timestamp, TimestampRangeError};
use crate::schema::{Schema, Shape, ShapeRef};

/// The timestamp extension (ext -1), in the smallest of its 32/64/96-bit
/// layouts, as [`Timestamp`] writes it; times before the epoch use the
/// 96-bit layout (negative seconds, nanoseconds counted forward).
///
/// Decoding accepts all three layouts. A timestamp the platform's
/// `SystemTime` cannot hold (never on Unix, where it has `i64` seconds; on
/// Windows, times before 1601 or after about 30828) is an
/// [`ErrorKind::OutOfRange`](crate::decode::ErrorKind::OutOfRange) error,
/// and encoding a `SystemTime` outside the `i64` seconds range (which no
/// current platform has) is an [`encode::Error::Unrepresentable`].
///
/// ```
/// use std::time::{Duration, SystemTime, UNIX_EPOCH};
///
/// let t = UNIX_EPOCH + Duration::from_secs(1_700_000_000);
/// let bytes = msgpack_core::to_vec(&t)?;
/// assert_eq!(bytes, [0xd6, 0xff, 0x65, 0x53, 0xf1, 0x00]); // fixext 4, type -1
/// assert_eq!(msgpack_core::from_slice::<SystemTime>(&bytes)?, t);
///
/// let before = UNIX_EPOCH - Duration::from_nanos(1); // 1969-12-31T23:59:59.999999999Z
/// let bytes = msgpack_core::to_vec(&before)?;
/// assert_eq!(bytes.len(), 15); // ext 8, 96-bit layout
/// assert_eq!(msgpack_core::from_slice::<SystemTime>(&bytes)?, before);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Encode for SystemTime {
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        match Timestamp::from_system_time(*self) {
            Some(t) => e.timestamp(t),
            None => Err(encode::Error::Unrepresentable("SystemTime outside the timestamp range (i64 seconds)")),
        }
    }

    #[inline]
    fn encoded_len(&self) -> usize {
        // An unrepresentable time writes nothing (encoding fails).
        Timestamp::from_system_time(*self).map_or(0, |t| t.encoded_size())
    }
}

impl<'de> Decode<'de> for SystemTime {
    #[inline]
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        decode_timestamp_as(d, "timestamp seconds within the range of std::time::SystemTime", |t| t.to_system_time())
    }
}

/// [`Timestamp::from_system_time`], failing outside the `i64` seconds range
/// (which no current platform's `SystemTime` reaches).
///
/// ```
/// use msgpack_core::Timestamp;
/// use std::time::{Duration, UNIX_EPOCH};
///
/// let t = Timestamp::try_from(UNIX_EPOCH - Duration::from_millis(1500))?;
/// assert_eq!((t.secs(), t.nanos()), (-2, 500_000_000));
/// # Ok::<(), msgpack_core::ext::TimestampRangeError>(())
/// ```
impl TryFrom<SystemTime> for Timestamp {
    type Error = TimestampRangeError;

    #[inline]
    fn try_from(t: SystemTime) -> Result<Self, Self::Error> {
        Timestamp::from_system_time(t).ok_or(TimestampRangeError::new("msgpack_core::Timestamp"))
    }
}

/// [`Timestamp::to_system_time`], failing for a time the platform's
/// `SystemTime` cannot hold (never on Unix).
///
/// ```
/// use msgpack_core::Timestamp;
/// use std::time::{Duration, SystemTime, UNIX_EPOCH};
///
/// let t = SystemTime::try_from(Timestamp::new(-2, 500_000_000).unwrap())?;
/// assert_eq!(t, UNIX_EPOCH - Duration::from_millis(1500));
/// # Ok::<(), msgpack_core::ext::TimestampRangeError>(())
/// ```
impl TryFrom<Timestamp> for SystemTime {
    type Error = TimestampRangeError;

    #[inline]
    fn try_from(t: Timestamp) -> Result<Self, Self::Error> {
        t.to_system_time().ok_or(TimestampRangeError::new("std::time::SystemTime"))
    }
}

impl Schema for SystemTime {
    const SHAPE: ShapeRef = ShapeRef::new(&Shape::Timestamp);
}
