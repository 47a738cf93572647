//! `chrono::DateTime<Utc>` as chrono's serde modules
//! `chrono::serde::ts_seconds`, `ts_milliseconds`, `ts_microseconds` and
//! `ts_nanoseconds` (and their `_option`s) write it (feature `chrono`): an
//! integer count of the unit since the epoch, the finer digits dropped
//! (rounded toward the past, as chrono does).
//!
//! | chrono's `serde(with = ..)` | here |
//! |---|---|
//! | `chrono::serde::ts_seconds` / `ts_seconds_option` | [`seconds`] / [`seconds::option`] |
//! | `ts_milliseconds` / `ts_milliseconds_option` | [`milliseconds`] / [`milliseconds::option`] |
//! | `ts_microseconds` / `ts_microseconds_option` | [`microseconds`] / [`microseconds::option`] |
//! | `ts_nanoseconds` / `ts_nanoseconds_option` | [`nanoseconds`] / [`nanoseconds::option`] |
//!
//! Decoding reads any integer; one outside chrono's range is an
//! [`ErrorKind::OutOfRange`] error.
//! Nanoseconds cannot count beyond about 1677-2262 in an `i64`: encoding
//! a date-time outside is [`encode::Error::Unrepresentable`] (chrono's
//! serializer fails too).
//!
//! ```
//! use chrono::{DateTime, Utc};
//! use msgpack_core::MsgPack;
//!
//! #[derive(MsgPack, Debug, PartialEq)]
//! struct Event {
//!     #[msgpack(with = "msgpack_core::with::chrono_ts::seconds")]
//!     at: DateTime<Utc>,
//!     #[msgpack(with = "msgpack_core::with::chrono_ts::milliseconds::option")]
//!     seen: Option<DateTime<Utc>>,
//! }
//!
//! let at = DateTime::from_timestamp(1_700_000_000, 0).unwrap();
//! let event = Event { at, seen: Some(at) };
//! let bytes = msgpack_core::to_vec(&event)?;
//! assert_eq!(bytes, b"\x82\xa2at\xce\x65\x53\xf1\x00\xa4seen\xcf\x00\x00\x01\x8b\xcf\xe5\x68\x00");
//! assert_eq!(msgpack_core::from_slice::<Event>(&bytes)?, event);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use ::chrono::{DateTime, Utc};

use crate::decode::{Decoder, Error, ErrorKind};
use crate::encode::{self, Encoder, Write, int_size};

/// The count of units (`per` a second) since the epoch, if it fits `i64`.
fn count(t: &DateTime<Utc>, per: i64) -> Option<i64> {
    // chrono: seconds times `per`, plus the sub-second units (a leap
    // second's nanoseconds of 1e9 or more carry, as in chrono).
    let sub = i64::from(t.timestamp_subsec_nanos()) / (1_000_000_000 / per);
    t.timestamp().checked_mul(per)?.checked_add(sub)
}

fn write<W: Write>(t: &DateTime<Utc>, per: i64, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
    match count(t, per) {
        Some(n) => e.i64(n),
        None => Err(encode::Error::Unrepresentable("a date-time outside the i64 nanoseconds since the epoch")),
    }
}

fn len(t: &DateTime<Utc>, per: i64) -> usize {
    count(t, per).map_or(0, int_size)
}

fn read(d: &mut Decoder<'_>, per: i64, expected: &'static str) -> Result<DateTime<Utc>, Error> {
    let at = d.position();
    let n = d.i128()?;
    let per = i128::from(per);
    let secs = i64::try_from(n.div_euclid(per)).ok();
    let nanos = (n.rem_euclid(per) * (1_000_000_000 / per)) as u32; // below 1e9
    secs.and_then(|s| DateTime::from_timestamp(s, nanos))
        .ok_or_else(|| d.error(ErrorKind::OutOfRange { expected, found: d.found_at(at) }, at))
}

macro_rules! unit {
    ($name:ident, $per:expr, $chrono:literal, $expected:literal, $example:literal) => {
        #[doc = concat!("An integer count of ", stringify!($name), " since the epoch, as `chrono::serde::", $chrono, "` writes it.")]
        ///
        /// ```
        /// use chrono::{DateTime, Utc};
        /// use msgpack_core::MsgPack;
        ///
        /// #[derive(MsgPack, Debug, PartialEq)]
        #[doc = concat!("struct Event { #[msgpack(with = \"msgpack_core::with::chrono_ts::", stringify!($name), "\")] at: DateTime<Utc> }")]
        ///
        /// let event = Event { at: DateTime::from_timestamp(-1, 0).unwrap() };
        /// let bytes = msgpack_core::to_vec(&event)?;
        #[doc = concat!("assert_eq!(bytes[4..], ", $example, ");")]
        /// assert_eq!(msgpack_core::from_slice::<Event>(&bytes)?, event);
        /// # Ok::<(), Box<dyn std::error::Error>>(())
        /// ```
        pub mod $name {
            use ::chrono::{DateTime, Utc};

            use crate::decode::{Decoder, Error};
            use crate::encode::{self, Encoder, Write};

            /// Writes the count.
            ///
            /// ```
            /// let mut out = Vec::new();
            /// let t = chrono::DateTime::from_timestamp(0, 0).unwrap();
            #[doc = concat!("msgpack_core::with::chrono_ts::", stringify!($name), "::encode(&t, &mut msgpack_core::Encoder::new(&mut out))?;")]
            /// assert_eq!(out, [0]);
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            #[inline]
            pub fn encode<W: Write>(v: &DateTime<Utc>, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
                super::write(v, $per, e)
            }

            /// The length [`encode()`] writes (0 where it fails).
            ///
            /// ```
            /// let t = chrono::DateTime::from_timestamp(0, 0).unwrap();
            #[doc = concat!("assert_eq!(msgpack_core::with::chrono_ts::", stringify!($name), "::encoded_len(&t), 1);")]
            /// ```
            #[inline]
            pub fn encoded_len(v: &DateTime<Utc>) -> usize {
                super::len(v, $per)
            }

            /// Reads any integer count.
            ///
            /// ```
            /// use msgpack_core::{Decoder, with::chrono_ts};
            #[doc = concat!("let t = chrono_ts::", stringify!($name), "::decode(&mut Decoder::new(&[0xff]))?;")]
            /// assert!(t.timestamp() < 0);
            /// # Ok::<(), msgpack_core::decode::Error>(())
            /// ```
            #[inline]
            pub fn decode(d: &mut Decoder<'_>) -> Result<DateTime<Utc>, Error> {
                super::read(d, $per, $expected)
            }

            #[doc = concat!("`Option<DateTime<Utc>>` as `chrono::serde::", $chrono, "_option` writes it: `nil` or the count.")]
            ///
            /// ```
            /// use chrono::{DateTime, Utc};
            /// use msgpack_core::MsgPack;
            ///
            /// #[derive(MsgPack, Debug, PartialEq)]
            #[doc = concat!("struct Event { #[msgpack(with = \"msgpack_core::with::chrono_ts::", stringify!($name), "::option\")] at: Option<DateTime<Utc>> }")]
            ///
            /// assert_eq!(msgpack_core::to_vec(&Event { at: None })?, b"\x81\xa2at\xc0");
            /// assert_eq!(msgpack_core::from_slice::<Event>(b"\x80")?, Event { at: None });
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            pub mod option {
                use ::chrono::{DateTime, Utc};

                use crate::decode::{Decoder, Error};
                use crate::encode::{self, Encoder, Write};
                use crate::with::common;

                /// Writes `nil` or the count.
                ///
                /// ```
                /// let mut out = Vec::new();
                #[doc = concat!("msgpack_core::with::chrono_ts::", stringify!($name), "::option::encode(&None, &mut msgpack_core::Encoder::new(&mut out))?;")]
                /// assert_eq!(out, [0xc0]);
                /// # Ok::<(), Box<dyn std::error::Error>>(())
                /// ```
                #[inline]
                pub fn encode<W: Write>(v: &Option<DateTime<Utc>>, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
                    common::encode_option(v, e, super::encode)
                }

                /// The length [`encode()`] writes.
                ///
                /// ```
                #[doc = concat!("assert_eq!(msgpack_core::with::chrono_ts::", stringify!($name), "::option::encoded_len(&None), 1);")]
                /// ```
                #[inline]
                pub fn encoded_len(v: &Option<DateTime<Utc>>) -> usize {
                    common::option_len(v, super::encoded_len)
                }

                /// Reads `nil` or the count.
                ///
                /// ```
                /// use msgpack_core::{Decoder, with::chrono_ts};
                #[doc = concat!("assert_eq!(chrono_ts::", stringify!($name), "::option::decode(&mut Decoder::new(&[0xc0]))?, None);")]
                /// # Ok::<(), msgpack_core::decode::Error>(())
                /// ```
                #[inline]
                pub fn decode(d: &mut Decoder<'_>) -> Result<Option<DateTime<Utc>>, Error> {
                    common::decode_option(d, super::decode)
                }
            }
        }
    };
}

unit!(seconds, 1, "ts_seconds", "seconds within the range of chrono::DateTime", "[0xff]");
unit!(
    milliseconds,
    1_000,
    "ts_milliseconds",
    "milliseconds within the range of chrono::DateTime",
    "[0xd1, 0xfc, 0x18]"
);
unit!(
    microseconds,
    1_000_000,
    "ts_microseconds",
    "microseconds within the range of chrono::DateTime",
    "[0xd2, 0xff, 0xf0, 0xbd, 0xc0]"
);
unit!(
    nanoseconds,
    1_000_000_000,
    "ts_nanoseconds",
    "nanoseconds within the range of chrono::DateTime",
    "[0xd2, 0xc4, 0x65, 0x36, 0x00]"
);
