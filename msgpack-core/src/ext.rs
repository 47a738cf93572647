//! Extension types: [`ExtRef`] (borrowed), [`Ext`] (owned) and the
//! predefined [`Timestamp`] (ext type -1).

use core::fmt;

/// The ext type id of the predefined timestamp extension.
pub const TIMESTAMP_TYPE: i8 = -1;

/// An ext item borrowed from the input: a type id and its payload.
///
/// ```
/// use msgpack_core::ExtRef;
///
/// let bytes = [0xd4, 0x07, 0x2a]; // fixext 1, type 7, payload [42]
/// let ext: ExtRef = msgpack_core::from_slice(&bytes)?;
/// assert_eq!(ext, ExtRef::new(7, &[42]));
/// assert_eq!(msgpack_core::to_vec(&ext).unwrap(), bytes);
/// # Ok::<(), msgpack_core::decode::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ExtRef<'a> {
    /// The type id (negative ids are reserved by the specification).
    pub ty: i8,
    /// The payload.
    pub data: &'a [u8],
}

impl<'a> ExtRef<'a> {
    /// An ext of type `ty` with payload `data`.
    ///
    /// ```
    /// let e = msgpack_core::ExtRef::new(1, b"abc");
    /// assert_eq!(e.data.len(), 3);
    /// ```
    pub const fn new(ty: i8, data: &'a [u8]) -> Self {
        ExtRef { ty, data }
    }

    /// Copies the payload into an owned [`Ext`] (feature `alloc`).
    ///
    /// ```
    /// let e = msgpack_core::ExtRef::new(1, b"abc").to_owned();
    /// assert_eq!(e.data, b"abc");
    /// ```
    #[cfg(feature = "alloc")]
    #[allow(clippy::wrong_self_convention, reason = "mirrors ToOwned; ExtRef is Copy")]
    pub fn to_owned(&self) -> Ext {
        Ext { ty: self.ty, data: self.data.to_vec() }
    }
}

/// An owned ext item (feature `alloc`).
///
/// ```
/// use msgpack_core::Ext;
///
/// let ext = Ext::new(3, vec![1, 2, 3]);
/// let bytes = msgpack_core::to_vec(&ext).unwrap();
/// assert_eq!(bytes, [0xc7, 3, 3, 1, 2, 3]);
/// assert_eq!(msgpack_core::from_slice::<Ext>(&bytes)?, ext);
/// # Ok::<(), msgpack_core::decode::Error>(())
/// ```
#[cfg(feature = "alloc")]
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Ext {
    /// The type id.
    pub ty: i8,
    /// The payload.
    pub data: alloc::vec::Vec<u8>,
}

#[cfg(feature = "alloc")]
impl Ext {
    /// An ext of type `ty` with payload `data`.
    ///
    /// ```
    /// let e = msgpack_core::Ext::new(-2, vec![0]);
    /// assert_eq!(e.ty, -2);
    /// ```
    pub fn new(ty: i8, data: alloc::vec::Vec<u8>) -> Self {
        Ext { ty, data }
    }

    /// A borrowed view.
    ///
    /// ```
    /// let e = msgpack_core::Ext::new(1, vec![9]);
    /// assert_eq!(e.as_ref().data, &[9]);
    /// ```
    pub fn as_ref(&self) -> ExtRef<'_> {
        ExtRef { ty: self.ty, data: &self.data }
    }
}

/// A point in time: the MessagePack timestamp extension (ext type -1).
///
/// Seconds since the Unix epoch (negative before it) and nanoseconds
/// `0..1_000_000_000`. Encoding picks the smallest of the three layouts
/// (32-bit: seconds in `0..2^32` with no nanoseconds; 64-bit: seconds in
/// `0..2^34`; 96-bit otherwise); decoding accepts all three and rejects
/// nanoseconds of 1e9 or more.
///
/// ```
/// use msgpack_core::Timestamp;
///
/// let t = Timestamp::new(1_700_000_000, 0).unwrap();
/// let bytes = msgpack_core::to_vec(&t).unwrap();
/// assert_eq!(bytes.len(), 6); // fixext 4: the 32-bit layout
/// assert_eq!(msgpack_core::from_slice::<Timestamp>(&bytes)?, t);
/// assert!(Timestamp::new(0, 1_000_000_000).is_none());
/// assert_eq!(Timestamp::new(-1, 5).unwrap().to_string(), "-0.999999995");
/// # Ok::<(), msgpack_core::decode::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Timestamp {
    secs: i64,
    nanos: u32,
}

impl Timestamp {
    /// The Unix epoch.
    pub const UNIX_EPOCH: Timestamp = Timestamp { secs: 0, nanos: 0 };

    /// A timestamp, or `None` when `nanos` is 1e9 or more.
    ///
    /// ```
    /// assert!(msgpack_core::Timestamp::new(-1, 999_999_999).is_some());
    /// ```
    pub const fn new(secs: i64, nanos: u32) -> Option<Self> {
        if nanos < 1_000_000_000 { Some(Timestamp { secs, nanos }) } else { None }
    }

    /// Seconds since the Unix epoch.
    ///
    /// ```
    /// assert_eq!(msgpack_core::Timestamp::new(5, 1).unwrap().secs(), 5);
    /// ```
    pub const fn secs(&self) -> i64 {
        self.secs
    }

    /// Nanoseconds past [`secs`](Timestamp::secs), below 1e9.
    ///
    /// ```
    /// assert_eq!(msgpack_core::Timestamp::new(5, 1).unwrap().nanos(), 1);
    /// ```
    pub const fn nanos(&self) -> u32 {
        self.nanos
    }

    /// The length of the ext payload in the smallest layout: 4, 8 or 12.
    ///
    /// ```
    /// use msgpack_core::Timestamp;
    /// assert_eq!(Timestamp::new(1, 0).unwrap().payload_len(), 4);
    /// assert_eq!(Timestamp::new(1, 1).unwrap().payload_len(), 8);
    /// assert_eq!(Timestamp::new(-1, 0).unwrap().payload_len(), 12);
    /// ```
    pub const fn payload_len(&self) -> usize {
        if (self.secs as u64) >> 34 == 0 {
            if self.nanos == 0 && (self.secs as u64) >> 32 == 0 { 4 } else { 8 }
        } else {
            12
        }
    }

    /// The whole encoded item's length: 6, 10 or 15 bytes.
    ///
    /// ```
    /// assert_eq!(msgpack_core::Timestamp::new(-1, 0).unwrap().encoded_size(), 15);
    /// ```
    pub const fn encoded_size(&self) -> usize {
        match self.payload_len() {
            4 => 6,
            8 => 10,
            _ => 15,
        }
    }

    /// Writes the whole ext item into `buf`, returning its length.
    pub(crate) fn write_ext(&self, buf: &mut [u8; 15]) -> usize {
        let t = TIMESTAMP_TYPE as u8;
        match self.payload_len() {
            4 => {
                buf[0] = crate::marker::FIXEXT4;
                buf[1] = t;
                buf[2..6].copy_from_slice(&(self.secs as u32).to_be_bytes());
                6
            }
            8 => {
                buf[0] = crate::marker::FIXEXT8;
                buf[1] = t;
                let v = ((self.nanos as u64) << 34) | self.secs as u64;
                buf[2..10].copy_from_slice(&v.to_be_bytes());
                10
            }
            _ => {
                buf[0] = crate::marker::EXT8;
                buf[1] = 12;
                buf[2] = t;
                buf[3..7].copy_from_slice(&self.nanos.to_be_bytes());
                buf[7..15].copy_from_slice(&self.secs.to_be_bytes());
                15
            }
        }
    }

    /// Parses an ext -1 payload (4, 8 or 12 bytes); `None` for another
    /// length or nanoseconds of 1e9 or more.
    ///
    /// ```
    /// use msgpack_core::Timestamp;
    /// assert_eq!(Timestamp::from_payload(&[0, 0, 0, 9]), Timestamp::new(9, 0));
    /// assert_eq!(Timestamp::from_payload(&[0, 0, 9]), None);
    /// ```
    pub fn from_payload(data: &[u8]) -> Option<Self> {
        match *data {
            [a, b, c, d] => Timestamp::new(u32::from_be_bytes([a, b, c, d]) as i64, 0),
            [a, b, c, d, e, f, g, h] => {
                let v = u64::from_be_bytes([a, b, c, d, e, f, g, h]);
                Timestamp::new((v & ((1 << 34) - 1)) as i64, (v >> 34) as u32)
            }
            [a, b, c, d, ref rest @ ..] if rest.len() == 8 => {
                let mut s = [0u8; 8];
                s.copy_from_slice(rest);
                Timestamp::new(i64::from_be_bytes(s), u32::from_be_bytes([a, b, c, d]))
            }
            _ => None,
        }
    }

    /// The time as a `SystemTime` (feature `std`); `None` if the platform
    /// cannot represent it.
    ///
    /// ```
    /// use msgpack_core::Timestamp;
    /// let t = Timestamp::new(0, 5).unwrap();
    /// assert_eq!(t.to_system_time().unwrap(), std::time::UNIX_EPOCH + std::time::Duration::from_nanos(5));
    /// ```
    #[cfg(feature = "std")]
    pub fn to_system_time(&self) -> Option<std::time::SystemTime> {
        use std::time::{Duration, UNIX_EPOCH};
        if self.secs >= 0 {
            UNIX_EPOCH.checked_add(Duration::new(self.secs as u64, self.nanos))
        } else {
            // secs < 0: go back |secs| seconds, then forward nanos.
            UNIX_EPOCH
                .checked_sub(Duration::from_secs(self.secs.unsigned_abs()))?
                .checked_add(Duration::from_nanos(self.nanos as u64))
        }
    }

    /// The timestamp of a `SystemTime` (feature `std`); `None` outside the
    /// `i64` seconds range.
    ///
    /// ```
    /// use msgpack_core::Timestamp;
    /// let now = std::time::SystemTime::now();
    /// let t = Timestamp::from_system_time(now).unwrap();
    /// assert_eq!(t.to_system_time().unwrap(), now);
    /// ```
    #[cfg(feature = "std")]
    pub fn from_system_time(t: std::time::SystemTime) -> Option<Self> {
        match t.duration_since(std::time::UNIX_EPOCH) {
            Ok(d) => Some(Timestamp { secs: i64::try_from(d.as_secs()).ok()?, nanos: d.subsec_nanos() }),
            Err(e) => {
                // Before the epoch: floor to whole seconds, nanoseconds forward.
                let total = -(e.duration().as_nanos() as i128);
                let secs = i64::try_from(total.div_euclid(1_000_000_000)).ok()?;
                Some(Timestamp { secs, nanos: total.rem_euclid(1_000_000_000) as u32 })
            }
        }
    }
}

impl fmt::Display for Timestamp {
    /// Seconds since the Unix epoch with nine decimals, e.g.
    /// `1700000000.000000005`, or `-0.999999995` for `secs: -1, nanos: 5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let total = self.secs as i128 * 1_000_000_000 + self.nanos as i128;
        let sign = if total < 0 { "-" } else { "" };
        let abs = total.unsigned_abs();
        write!(f, "{sign}{}.{:09}", abs / 1_000_000_000, abs % 1_000_000_000)
    }
}

/// A time that the target type cannot hold: the error of the `TryFrom`
/// conversions between [`Timestamp`] and `std::time::SystemTime` (feature
/// `std`), `chrono` (feature `chrono`) and `time` (feature `time`).
///
/// A [`Timestamp`] spans `i64` seconds either side of the epoch, far more
/// than the date-time types (`chrono` reaches about ±262,000 years, `time`
/// ±9,999 years, or ±999,999 with its `large-dates` feature), so converting
/// a decoded timestamp can fail; converting one of those types into a
/// `Timestamp` cannot.
///
/// ```
/// # #[cfg(feature = "std")] {
/// use msgpack_core::Timestamp;
/// use std::time::{Duration, SystemTime, UNIX_EPOCH};
///
/// let t = Timestamp::try_from(UNIX_EPOCH + Duration::from_nanos(1_500))?;
/// assert_eq!((t.secs(), t.nanos()), (0, 1_500));
/// let back = SystemTime::try_from(t)?;
/// assert_eq!(back, UNIX_EPOCH + Duration::from_nanos(1_500));
/// # }
/// # Ok::<(), msgpack_core::ext::TimestampRangeError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimestampRangeError {
    target: &'static str,
}

impl TimestampRangeError {
    /// An error for a conversion into `target` (a type name).
    #[cfg(any(feature = "std", feature = "chrono", feature = "time"))]
    pub(crate) const fn new(target: &'static str) -> Self {
        TimestampRangeError { target }
    }

    /// The name of the type the time did not fit.
    ///
    /// ```
    /// # #[cfg(feature = "std")] {
    /// use msgpack_core::Timestamp;
    /// // Fits on Unix, where `SystemTime` has `i64` seconds; on Windows it does not.
    /// if let Err(e) = std::time::SystemTime::try_from(Timestamp::new(i64::MIN, 0).unwrap()) {
    ///     assert_eq!(e.target(), "std::time::SystemTime");
    /// }
    /// # }
    /// ```
    pub const fn target(&self) -> &'static str {
        self.target
    }
}

impl fmt::Display for TimestampRangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "time outside the range of {}", self.target)
    }
}

impl core::error::Error for TimestampRangeError {}
