//! Field adapters for serde's forms: `#[msgpack(with = "msgpack_core::with::...")]`
//! gives a field the bytes that rmp-serde writes for its type through the
//! type's serde impl, where this crate's own form differs.
//!
//! A type's own [`Encode`](crate::Encode) form here is chosen for
//! MessagePack (a timestamp extension for date-times, an integer for a
//! `u128` that fits); serde's impls write what suits every format (a
//! struct, a string). A serde codebase that moves to the derive keeps its
//! bytes, and reads its stored data, by putting the adapter on the field.
//! Each adapter has `encode`, `encoded_len` and `decode`, as the derive's
//! `with` needs, and an `option` submodule for an `Option<T>` field (`nil`
//! or the form, as serde writes an `Option`; an absent field is `None`).
//! (`serde_range`'s adapter is [`serde_range::compact`]: the map form is
//! the ranges' own.)
//! Each is tested against rmp-serde both ways, in map and `array`
//! containers (`tests/serde_compat/serde_adapters.rs`, `tests/serde_compat/serde_adapters_dates.rs`;
//! bad input in `tests/hostile/hostile_serde_forms.rs`).
//!
//! | type | here | rmp-serde (serde impl) | adapter | feature |
//! |---|---|---|---|---|
//! | `Duration` | `[secs, nanos]` (= `to_vec`) | `to_vec_named`: `{"secs": s, "nanos": n}` | [`serde_duration`] (in `array` containers none is needed) | |
//! | `SystemTime` | timestamp (ext -1) | `{"secs_since_epoch": s, "nanos_since_epoch": n}` / `[s, n]` | [`serde_system_time`] / [`serde_system_time::compact`] | `std` |
//! | `u128`, `i128`, `NonZeroU128`, `NonZeroI128` | integer (encode error beyond 64 bits) | 16-byte `bin`, big-endian | [`serde_int128`] | |
//! | `chrono::DateTime<Utc>`, `DateTime<FixedOffset>`, `NaiveDateTime` | timestamp (ext -1) | `str`: `"2023-11-14T22:13:20.123Z"`, `"2023-11-14T22:13:20.123"` | [`chrono_str`] (also `NaiveDate`, `NaiveTime`) | `chrono` |
//! | `time::OffsetDateTime` with `time::serde::rfc3339` | timestamp (ext -1) | `str`: `"2023-11-14T22:13:20.123Z"` | [`time_rfc3339`] | `time` |
//! | `time::OffsetDateTime`, `PrimitiveDateTime`, `UtcDateTime` (plain serde impl) | timestamp (ext -1) | array `[year, ordinal, h, m, s, ns(, offset h, m, s)]` | [`time_tuple`] | `time` |
//! | `chrono::DateTime<Utc>` with `chrono::serde::ts_seconds` .. `ts_nanoseconds` (and `_option`) | timestamp (ext -1) | integer count of the unit | [`chrono_ts`] | `chrono` |
//! | `OsString` (Unix) | `str` (an encode error if not UTF-8) | `{"Unix": [bytes]}` | [`serde_os_string`] | `std` |
//! | `Range`, `RangeInclusive`, `RangeFrom`, `RangeTo` | `{"start": s, "end": e}` (= `to_vec_named`) | `to_vec`: `[start, end]` | [`serde_range::compact`] (in map containers none is needed) | |
//!
//! The other forms of the crate's type table equal rmp-serde's (each is
//! compared in `tests/serde_compat/serde_forms.rs`), except byte buffers without
//! `serde_bytes` (the derive's `as_array`) and `OsString` off Unix
//! (serde's `{"Windows": [u16s]}` is read, not written). Serde's forms in
//! a human-readable rmp-serde
//! (`Serializer::with_human_readable`) differ again (addresses and `time`'s
//! date-times as strings) and are not covered.
//!
//! ```
//! # #[cfg(all(feature = "chrono", feature = "std"))]
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! use std::time::Duration;
//! use chrono::{DateTime, Utc};
//! use msgpack_core::MsgPack;
//!
//! // The report's message: rmp_serde::to_vec_named of the serde struct.
//! #[derive(MsgPack, Debug, PartialEq)]
//! #[msgpack(rename_all = "camelCase")]
//! struct Upload {
//!     #[msgpack(with = "msgpack_core::with::serde_duration")]
//!     took: Duration,
//!     #[msgpack(with = "msgpack_core::with::chrono_str")]
//!     created_at: DateTime<Utc>,
//!     #[msgpack(with = "msgpack_core::with::chrono_str::option")]
//!     deleted_at: Option<DateTime<Utc>>,
//! }
//!
//! let up = Upload { took: Duration::new(2, 500_000_000), created_at: "2023-11-14T22:13:20.123Z".parse()?, deleted_at: None };
//! let bytes = msgpack_core::to_vec(&up)?;
//! assert_eq!(bytes, b"\x83\xa4took\x82\xa4secs\x02\xa5nanos\xce\x1d\xcd\x65\x00\
//!     \xa9createdAt\xb82023-11-14T22:13:20.123Z\xa9deletedAt\xc0");
//! assert_eq!(msgpack_core::from_slice::<Upload>(&bytes)?, up);
//! # Ok(())
//! # }
//! # #[cfg(not(all(feature = "chrono", feature = "std")))]
//! # fn main() {}
//! ```
//!
//! In the schema descriptor an adapted field is
//! [`Shape::Opaque`](crate::schema::Shape::Opaque) named by the adapter's
//! path (`msgpack_core::with::serde_duration`, from any module, with or
//! without a leading `::`) and the field's type as written: a reader is
//! compatible with a writer that has the same adapter on the same type.
//! The descriptor does not see through the adapter, so a field that moves
//! between its own form and the adapter's is reported as changed
//! (`Rule::WithChanged`), as it is on the wire.
//!
// Without their feature the adapters do not exist: their names in the table
// point at the crate's Features table instead (`cargo doc`, -D warnings).
#![cfg_attr(
    not(feature = "chrono"),
    doc = "[`chrono_str`]: crate#features \"feature `chrono`\"",
    doc = "[`chrono_ts`]: crate#features \"feature `chrono`\""
)]
#![cfg_attr(
    not(feature = "time"),
    doc = "[`time_rfc3339`]: crate#features \"feature `time`\"",
    doc = "[`time_tuple`]: crate#features \"feature `time`\""
)]
#![cfg_attr(
    not(feature = "std"),
    doc = "[`serde_os_string`]: crate#features \"feature `std`\"",
    doc = "[`serde_system_time`]: crate#features \"feature `std`\""
)]

pub(crate) mod common;
pub mod serde_duration;
pub mod serde_int128;
#[cfg(all(feature = "std", unix))]
pub mod serde_os_string;
pub mod serde_range;
#[cfg(feature = "std")]
pub mod serde_system_time;
#[cfg(any(feature = "chrono", feature = "time"))]
pub(crate) mod stack_str;

// The adapters of the date-time crates live with their other impls
// (`impls/chrono/`, `impls/time/`); users find them here.
#[cfg(feature = "chrono")]
pub use crate::impls::chrono::serde_str as chrono_str;
#[cfg(feature = "chrono")]
pub use crate::impls::chrono::serde_ts as chrono_ts;
#[cfg(feature = "time")]
pub use crate::impls::time::serde_rfc3339 as time_rfc3339;
#[cfg(feature = "time")]
pub use crate::impls::time::serde_tuple as time_tuple;
