//! `SystemTime` as serde's impl writes it: the struct
//! `{"secs_since_epoch": u64, "nanos_since_epoch": u32}`, a map in
//! `rmp_serde::to_vec_named` (this module) and the array `[secs, nanos]`
//! in `rmp_serde::to_vec` ([`compact`]). Feature `std`.
//!
//! `SystemTime`'s own form here is the timestamp extension (ext -1). As in
//! serde, a time before the epoch is an encode error
//! ([`encode::Error::Unrepresentable`]); decoding reads both forms, and
//! nanoseconds of 1e9 or more or a time the platform cannot hold are an
//! error.
//!
//! ```
//! use std::time::{Duration, SystemTime, UNIX_EPOCH};
//! use msgpack_core::MsgPack;
//!
//! #[derive(MsgPack, Debug, PartialEq)]
//! struct Event { #[msgpack(with = "msgpack_core::with::serde_system_time")] at: SystemTime }
//!
//! let event = Event { at: UNIX_EPOCH + Duration::new(1_700_000_000, 5) };
//! let bytes = msgpack_core::to_vec(&event)?;
//! assert_eq!(bytes, b"\x81\xa2at\x82\xb0secs_since_epoch\xce\x65\x53\xf1\x00\xb1nanos_since_epoch\x05");
//! assert_eq!(msgpack_core::from_slice::<Event>(&bytes)?, event);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::decode::{Decoder, Error, ErrorKind, Found};
use crate::encode::{self, Encoder, Write};
use crate::impls::forms;

const NAMES: [&str; 2] = ["secs_since_epoch", "nanos_since_epoch"];

/// The time since the epoch, or the error serde gives a time before it.
#[inline]
fn since_epoch<E>(t: &SystemTime) -> Result<[u64; 2], encode::Error<E>> {
    match t.duration_since(UNIX_EPOCH) {
        Ok(d) => Ok([d.as_secs(), u64::from(d.subsec_nanos())]),
        Err(_) => Err(encode::Error::Unrepresentable("SystemTime before UNIX_EPOCH (serde's form has no sign)")),
    }
}

/// Reads either form and checks the nanoseconds and the platform's range.
fn read(d: &mut Decoder<'_>) -> Result<SystemTime, Error> {
    let at = d.position();
    let [secs, nanos] = forms::decode_fields::<u64, 2>(d, &NAMES)?;
    if nanos >= 1_000_000_000 {
        let found = Found::UInt(nanos);
        return Err(d.error(ErrorKind::OutOfRange { expected: "nanos_since_epoch below 1e9", found }, at));
    }
    UNIX_EPOCH.checked_add(Duration::new(secs, nanos as u32)).ok_or_else(|| {
        let expected = "secs_since_epoch within the range of std::time::SystemTime";
        d.error(ErrorKind::OutOfRange { expected, found: Found::UInt(secs) }, at)
    })
}

/// Writes `{"secs_since_epoch": s, "nanos_since_epoch": n}`.
///
/// ```
/// use std::time::{Duration, UNIX_EPOCH};
/// let mut out = Vec::new();
/// let t = UNIX_EPOCH + Duration::from_secs(1);
/// msgpack_core::with::serde_system_time::encode(&t, &mut msgpack_core::Encoder::new(&mut out))?;
/// assert_eq!(out, b"\x82\xb0secs_since_epoch\x01\xb1nanos_since_epoch\x00");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[inline]
pub fn encode<W: Write>(v: &SystemTime, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
    let [secs, nanos] = since_epoch(v)?;
    forms::encode_fields(&NAMES, [&secs, &nanos], e)
}

/// The length [`encode()`] writes (0 before the epoch, where it fails).
///
/// ```
/// use std::time::UNIX_EPOCH;
/// assert_eq!(msgpack_core::with::serde_system_time::encoded_len(&UNIX_EPOCH), 38);
/// ```
#[inline]
pub fn encoded_len(v: &SystemTime) -> usize {
    since_epoch::<()>(v).map_or(0, |[secs, nanos]| forms::fields_len(&NAMES, [&secs, &nanos]))
}

/// Reads the map (keys in any order) or the array `[secs, nanos]`.
///
/// ```
/// use std::time::{Duration, UNIX_EPOCH};
/// use msgpack_core::{Decoder, with::serde_system_time};
/// let t = serde_system_time::decode(&mut Decoder::new(&[0x92, 0x01, 0x02]))?;
/// assert_eq!(t, UNIX_EPOCH + Duration::new(1, 2));
/// # Ok::<(), msgpack_core::decode::Error>(())
/// ```
#[inline]
pub fn decode(d: &mut Decoder<'_>) -> Result<SystemTime, Error> {
    read(d)
}

/// `Option<SystemTime>` in the map form: `nil` or the map.
///
/// ```
/// use std::time::SystemTime;
/// use msgpack_core::MsgPack;
///
/// #[derive(MsgPack, Debug, PartialEq)]
/// struct Event { #[msgpack(with = "msgpack_core::with::serde_system_time::option")] at: Option<SystemTime> }
///
/// assert_eq!(msgpack_core::to_vec(&Event { at: None })?, b"\x81\xa2at\xc0");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub mod option {
    use std::time::SystemTime;

    use crate::decode::{Decoder, Error};
    use crate::encode::{self, Encoder, Write};
    use crate::with::common;

    /// Writes `nil` or the map.
    ///
    /// ```
    /// let mut out = Vec::new();
    /// msgpack_core::with::serde_system_time::option::encode(&None, &mut msgpack_core::Encoder::new(&mut out))?;
    /// assert_eq!(out, [0xc0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn encode<W: Write>(v: &Option<SystemTime>, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        common::encode_option(v, e, super::encode)
    }

    /// The length [`encode()`] writes.
    ///
    /// ```
    /// assert_eq!(msgpack_core::with::serde_system_time::option::encoded_len(&None), 1);
    /// ```
    #[inline]
    pub fn encoded_len(v: &Option<SystemTime>) -> usize {
        common::option_len(v, super::encoded_len)
    }

    /// Reads `nil` or a time in either form.
    ///
    /// ```
    /// use msgpack_core::{Decoder, with::serde_system_time};
    /// assert_eq!(serde_system_time::option::decode(&mut Decoder::new(&[0xc0]))?, None);
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline]
    pub fn decode(d: &mut Decoder<'_>) -> Result<Option<SystemTime>, Error> {
        common::decode_option(d, super::decode)
    }
}

/// `SystemTime` as `rmp_serde::to_vec` writes it: the array
/// `[secs_since_epoch, nanos_since_epoch]`, for `array` containers.
///
/// ```
/// use std::time::{Duration, SystemTime, UNIX_EPOCH};
/// use msgpack_core::MsgPack;
///
/// #[derive(MsgPack, Debug, PartialEq)]
/// #[msgpack(array)]
/// struct Event { #[msgpack(with = "msgpack_core::with::serde_system_time::compact")] at: SystemTime }
///
/// let event = Event { at: UNIX_EPOCH + Duration::new(7, 5) };
/// assert_eq!(msgpack_core::to_vec(&event)?, [0x91, 0x92, 0x07, 0x05]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub mod compact {
    use std::time::SystemTime;

    use crate::decode::{Decoder, Error};
    use crate::encode::{self, Encode, Encoder, Write};

    /// Writes `[secs, nanos]`.
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    /// let mut out = Vec::new();
    /// let t = UNIX_EPOCH + Duration::new(1, 2);
    /// msgpack_core::with::serde_system_time::compact::encode(&t, &mut msgpack_core::Encoder::new(&mut out))?;
    /// assert_eq!(out, [0x92, 0x01, 0x02]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn encode<W: Write>(v: &SystemTime, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        super::since_epoch(v)?.encode(e)
    }

    /// The length [`encode()`] writes (0 before the epoch, where it fails).
    ///
    /// ```
    /// use std::time::UNIX_EPOCH;
    /// assert_eq!(msgpack_core::with::serde_system_time::compact::encoded_len(&UNIX_EPOCH), 3);
    /// ```
    #[inline]
    pub fn encoded_len(v: &SystemTime) -> usize {
        super::since_epoch::<()>(v).map_or(0, |parts| parts.encoded_len())
    }

    /// Reads the array or the map, as [`super::decode()`].
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    /// use msgpack_core::{Decoder, with::serde_system_time};
    /// let t = serde_system_time::compact::decode(&mut Decoder::new(&[0x92, 0x01, 0x02]))?;
    /// assert_eq!(t, UNIX_EPOCH + Duration::new(1, 2));
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline]
    pub fn decode(d: &mut Decoder<'_>) -> Result<SystemTime, Error> {
        super::read(d)
    }

    /// `Option<SystemTime>` in the array form: `nil` or `[secs, nanos]`.
    ///
    /// ```
    /// use std::time::{Duration, SystemTime, UNIX_EPOCH};
    /// use msgpack_core::MsgPack;
    ///
    /// #[derive(MsgPack, Debug, PartialEq)]
    /// #[msgpack(array)]
    /// struct Event { #[msgpack(with = "msgpack_core::with::serde_system_time::compact::option")] at: Option<SystemTime> }
    ///
    /// assert_eq!(msgpack_core::to_vec(&Event { at: Some(UNIX_EPOCH + Duration::new(7, 5)) })?, [0x91, 0x92, 0x07, 0x05]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub mod option {
        use std::time::SystemTime;

        use crate::decode::{Decoder, Error};
        use crate::encode::{self, Encoder, Write};
        use crate::with::common;

        /// Writes `nil` or the array.
        ///
        /// ```
        /// let mut out = Vec::new();
        /// let e = &mut msgpack_core::Encoder::new(&mut out);
        /// msgpack_core::with::serde_system_time::compact::option::encode(&None, e)?;
        /// assert_eq!(out, [0xc0]);
        /// # Ok::<(), Box<dyn std::error::Error>>(())
        /// ```
        #[inline]
        pub fn encode<W: Write>(v: &Option<SystemTime>, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
            common::encode_option(v, e, super::encode)
        }

        /// The length [`encode()`] writes.
        ///
        /// ```
        /// assert_eq!(msgpack_core::with::serde_system_time::compact::option::encoded_len(&None), 1);
        /// ```
        #[inline]
        pub fn encoded_len(v: &Option<SystemTime>) -> usize {
            common::option_len(v, super::encoded_len)
        }

        /// Reads `nil` or a time in either form.
        ///
        /// ```
        /// use msgpack_core::{Decoder, with::serde_system_time};
        /// assert_eq!(serde_system_time::compact::option::decode(&mut Decoder::new(&[0xc0]))?, None);
        /// # Ok::<(), msgpack_core::decode::Error>(())
        /// ```
        #[inline]
        pub fn decode(d: &mut Decoder<'_>) -> Result<Option<SystemTime>, Error> {
            common::decode_option(d, super::decode)
        }
    }
}
