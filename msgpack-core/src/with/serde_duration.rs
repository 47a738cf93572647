//! `Duration` as serde's impl writes it in `rmp_serde::to_vec_named`: the
//! map `{"secs": u64, "nanos": u32}`.
//!
//! `Duration`'s own form here is the array `[secs, nanos]`, which is what
//! `rmp_serde::to_vec` writes: in an `array` container no attribute is
//! needed. Decoding reads both forms; nanoseconds of 1e9 or more are an
//! error (serde carries them into the seconds; no encoder writes them).
//!
//! ```
//! use std::time::Duration;
//! use msgpack_core::MsgPack;
//!
//! #[derive(MsgPack, Debug, PartialEq)]
//! struct Job { #[msgpack(with = "msgpack_core::with::serde_duration")] timeout: Duration }
//!
//! let job = Job { timeout: Duration::new(2, 500_000_000) };
//! let bytes = msgpack_core::to_vec(&job)?;
//! assert_eq!(bytes, b"\x81\xa7timeout\x82\xa4secs\x02\xa5nanos\xce\x1d\xcd\x65\x00");
//! assert_eq!(msgpack_core::from_slice::<Job>(&bytes)?, job);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::time::Duration;

use crate::decode::{Decode, Decoder, Error};
use crate::encode::{self, Encoder, Write};
use crate::impls::forms;

const NAMES: [&str; 2] = ["secs", "nanos"];

/// Writes `{"secs": s, "nanos": n}`.
///
/// ```
/// let mut out = Vec::new();
/// let d = std::time::Duration::from_millis(1500);
/// msgpack_core::with::serde_duration::encode(&d, &mut msgpack_core::Encoder::new(&mut out))?;
/// assert_eq!(out, b"\x82\xa4secs\x01\xa5nanos\xce\x1d\xcd\x65\x00");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[inline]
pub fn encode<W: Write>(v: &Duration, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
    forms::encode_fields(&NAMES, [&v.as_secs(), &u64::from(v.subsec_nanos())], e)
}

/// The length [`encode()`] writes.
///
/// ```
/// use msgpack_core::with::serde_duration;
/// assert_eq!(serde_duration::encoded_len(&std::time::Duration::from_secs(1)), 14);
/// ```
#[inline]
pub fn encoded_len(v: &Duration) -> usize {
    forms::fields_len(&NAMES, [&v.as_secs(), &u64::from(v.subsec_nanos())])
}

/// Reads the map `{"secs", "nanos"}` (keys in any order) or the array
/// `[secs, nanos]`.
///
/// ```
/// use std::time::Duration;
/// use msgpack_core::{Decoder, with::serde_duration};
/// let d = serde_duration::decode(&mut Decoder::new(b"\x82\xa5nanos\x05\xa4secs\x02"))?;
/// assert_eq!(d, Duration::new(2, 5));
/// assert_eq!(serde_duration::decode(&mut Decoder::new(&[0x92, 0x02, 0x05]))?, d);
/// # Ok::<(), msgpack_core::decode::Error>(())
/// ```
#[inline]
pub fn decode(d: &mut Decoder<'_>) -> Result<Duration, Error> {
    Duration::decode(d)
}

/// `Option<Duration>`: `nil` or the map, as serde writes an
/// `Option<Duration>`.
///
/// ```
/// use std::time::Duration;
/// use msgpack_core::MsgPack;
///
/// #[derive(MsgPack, Debug, PartialEq)]
/// struct Job { #[msgpack(with = "msgpack_core::with::serde_duration::option")] timeout: Option<Duration> }
///
/// assert_eq!(msgpack_core::to_vec(&Job { timeout: None })?, b"\x81\xa7timeout\xc0");
/// let bytes = msgpack_core::to_vec(&Job { timeout: Some(Duration::from_secs(3)) })?;
/// assert_eq!(bytes, b"\x81\xa7timeout\x82\xa4secs\x03\xa5nanos\x00");
/// assert_eq!(msgpack_core::from_slice::<Job>(b"\x80")?, Job { timeout: None }); // absent: None
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub mod option {
    use core::time::Duration;

    use crate::decode::{Decoder, Error};
    use crate::encode::{self, Encoder, Write};
    use crate::with::common;

    /// Writes `nil` or the map.
    ///
    /// ```
    /// let mut out = Vec::new();
    /// msgpack_core::with::serde_duration::option::encode(&None, &mut msgpack_core::Encoder::new(&mut out))?;
    /// assert_eq!(out, [0xc0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn encode<W: Write>(v: &Option<Duration>, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        common::encode_option(v, e, super::encode)
    }

    /// The length [`encode()`] writes.
    ///
    /// ```
    /// assert_eq!(msgpack_core::with::serde_duration::option::encoded_len(&None), 1);
    /// ```
    #[inline]
    pub fn encoded_len(v: &Option<Duration>) -> usize {
        common::option_len(v, super::encoded_len)
    }

    /// Reads `nil` or a duration.
    ///
    /// ```
    /// use msgpack_core::{Decoder, with::serde_duration};
    /// assert_eq!(serde_duration::option::decode(&mut Decoder::new(&[0xc0]))?, None);
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline]
    pub fn decode(d: &mut Decoder<'_>) -> Result<Option<Duration>, Error> {
        common::decode_option(d, super::decode)
    }
}
