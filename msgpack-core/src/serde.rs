//! A serde data format (feature `serde`): any `Serialize` / `Deserialize`
//! type to and from MessagePack, with the bytes of rmp-serde 1.3.
//!
//! [`Serializer`] writes through an [`Encoder`](crate::Encoder) into any
//! [`Write`](crate::encode::Write) sink; [`Deserializer`] reads through a [`Decoder`] from a byte
//! slice, borrowing `&str` and `&[u8]` from it. The derive
//! ([`MsgPack`](crate::MsgPack)) is faster and checks schemas at compile
//! time; this module serves the types that only have serde impls, with the
//! same limits and the same errors. The functions have the names of the
//! top level's ([`to_vec`], [`append_to_vec`], [`to_slice`], [`to_writer`],
//! [`from_slice`], [`from_read`], with `_with` twins for options; see
//! "Entry points" in the crate docs), plus [`to_vec_named`].
//!
//! ```
//! use serde::{Deserialize, Serialize};
//!
//! #[derive(Serialize, Deserialize, Debug, PartialEq)]
//! struct User<'a> { id: u32, name: &'a str, tags: Vec<String> }
//!
//! let user = User { id: 7, name: "ana", tags: vec!["admin".into()] };
//! let compact = msgpack_core::serde::to_vec(&user)?; // structs as arrays
//! let named = msgpack_core::serde::to_vec_named(&user)?; // structs as maps
//! assert_eq!(compact, rmp_serde::to_vec(&user)?);
//! assert_eq!(named, rmp_serde::to_vec_named(&user)?);
//!
//! // Either form reads back; `name` borrows from the input.
//! let back: User = msgpack_core::serde::from_slice(&named)?;
//! assert_eq!(back, user);
//! assert_eq!(msgpack_core::serde::from_slice::<User>(&compact)?, user);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Writing
//!
//! Every item of serde's data model is written as rmp-serde 1.3's default
//! serializer writes it (`rmp_serde::to_vec`; `to_vec_named` for structs
//! as maps), byte for byte: every integer in its smallest form, and
//!
//! | serde data model | MessagePack | example → bytes |
//! |---|---|---|
//! | `bool` | `true` / `false` | `true` → `c3` |
//! | `i8`..`i64`, `u8`..`u64` | smallest integer form (non-negative as `uint`) | `-33i64` → `d0 df`, `200u64` → `cc c8` |
//! | `i128`, `u128` | `bin 8` of the 16 big-endian bytes (rmp-serde's form) | `1u128` → `c4 10 00 … 01` |
//! | `f32`, `f64` | `float 32`, `float 64` (never narrowed) | `1.0f32` → `ca 3f 80 00 00` |
//! | `char`, `str` | `str` | `'é'` → `a2 c3 a9` |
//! | bytes (`serde_bytes`, `Value::Bin`) | `bin` | `[1, 2]` → `c4 02 01 02` |
//! | a `&[u8]` / `Vec<u8>` without `serde_bytes` | array of integers (serde calls it a sequence) | `vec![1u8]` → `91 01` |
//! | `None` / `Some(v)` | `nil` / `v` | `Some(5)` → `05` |
//! | unit `()` | `nil` | `c0` |
//! | unit struct | empty array | `struct U;` → `90` |
//! | unit variant | its name as `str` | `E::A` → `a1 41` |
//! | newtype struct | its content | `Meters(5)` → `05` |
//! | `_ExtStruct((i8, bytes))` | ext (fixext 1/2/4/8/16, ext 8/16/32) | `(5, [0xff])` → `d4 05 ff` |
//! | newtype variant | `{name: content}` | `E::B(5)` → `81 a1 42 05` |
//! | sequence, tuple, tuple struct | array (of unknown length: buffered, the header has the count) | `(1, "a")` → `92 01 a1 61` |
//! | tuple variant | `{name: [fields]}` | `E::C(1, 2)` → `81 a1 43 92 01 02` |
//! | map | map (of unknown length, as with `#[serde(flatten)]`: buffered, the header has the count) | `{"a": 1}` → `81 a1 61 01` |
//! | struct | [`to_vec`]: array of the field values; [`to_vec_named`]: map from field names to values | `P { x: 1 }` → `91 01` / `81 a1 78 01` |
//! | struct variant | `{name: struct}`, the struct as above | `E::D { x: 1 }` → `81 a1 44 91 01` |
//!
//! `is_human_readable()` is `false` (rmp-serde's default): `IpAddr`,
//! `SocketAddr` and the like take their compact forms. Internally,
//! adjacently tagged and untagged enums are what serde makes of them
//! (maps, and the variant's content), so their bytes match too; a struct
//! with flattened fields is a map in both forms, as in rmp-serde. A
//! [`Value`](crate::Value) serialized here gives the bytes of
//! [`to_vec`](crate::to_vec) (ext items and timestamps included).
//!
//! # Reading
//!
//! [`Deserializer`] reads everything rmp-serde's `from_slice` reads, and
//! as it does:
//! - structs from arrays (in field order) and from maps (keyed by field
//!   name, or index), whichever form was written;
//! - enums from `{name: payload}` (a unit variant from `{name: nil}` too)
//!   or from the bare name (or index) of a unit variant;
//! - integers of any width into any integer type they fit (out of range
//!   is an error, never a wrap), and into floats; `float 32` into `f64`;
//! - `i128` / `u128` from any integer or a 16-byte `bin`;
//! - a `bin` where a sequence is asked for (a `Vec<u8>` without
//!   `serde_bytes`) as a sequence of its bytes, and `str` or `bin` for
//!   bytes; a `str` whose payload is not UTF-8 as bytes, for a visitor
//!   that takes them;
//! - unit structs from an empty array or `nil`; ext items as
//!   `_ExtStruct((i8, bytes))` (how [`Value`](crate::Value) and rmpv read them).
//!
//! `deserialize_any` (a [`Value`](crate::Value), serde's untagged and
//! internally tagged enums, flattened fields) gives every format its serde
//! form: `nil` unit, integers by the width of their form (`visit_u8` for
//! a positive fixint, `visit_i16` for `int 16` ...), `str` borrowed
//! strings, `bin` borrowed bytes, arrays sequences, maps maps, ext the
//! newtype above. Strings and byte strings are handed out borrowed
//! (`visit_borrowed_str`, `visit_borrowed_bytes`), so `&'de str`,
//! `&'de [u8]` and `#[serde(borrow)] Cow` fields do not copy.
//!
//! # Limits and errors
//!
//! The [`DecodeOptions`] of the decoder apply as to the derive: the depth
//! limit to arrays and maps (enums in map form included; and, apart, to the `Some` and
//! newtype levels a recursive type enters without reading input: the
//! recursion is bounded for every input and every type), the length limits to every
//! `str`, `bin`, ext payload, array and map read, and the allocation
//! budget to what the visitors are known to allocate: each element or
//! entry of a growing collection (`deserialize_seq`, `deserialize_map`,
//! `deserialize_any`) by the size of the element type, and the payload of
//! an owned `String` or byte buffer. Size hints are bounded like the
//! derive's preallocation ([`Decoder::capacity_for`]).
//!
//! Errors are [`decode::Error`]s, as the derive's: what was expected, what
//! was found, the byte offset and the path (`$.users[3].name`; struct
//! fields by name in both forms, array elements by index, map values by
//! key, enum payloads by variant). A number of the wrong type or out of
//! range is the derive's [`TypeMismatch`](crate::decode::ErrorKind::TypeMismatch)
//! or [`OutOfRange`](crate::decode::ErrorKind::OutOfRange); a missing,
//! unknown or duplicate field and an unknown variant are the derive's
//! kinds; what else a visitor refuses is
//! [`Invalid`](crate::decode::ErrorKind::Invalid) (its expectation in serde's
//! words, the item found), and `serde::de::Error::custom` is
//! [`Message`](crate::decode::ErrorKind::Message).
//!
//! ```
//! use serde::Deserialize;
//!
//! #[derive(Deserialize, Debug)]
//! struct Team { users: Vec<User> }
//! #[derive(Deserialize, Debug)]
//! struct User { age: u8 }
//!
//! // {"users": [{"age": 30}, {"age": 300}]}
//! let input = [0x81, 0xa5, b'u', b's', b'e', b'r', b's', 0x92, 0x81, 0xa3, b'a', b'g', b'e', 30,
//!              0x81, 0xa3, b'a', b'g', b'e', 0xcd, 0x01, 0x2c];
//! let err = msgpack_core::serde::from_slice::<Team>(&input).unwrap_err();
//! assert_eq!(err.to_string(), "expected u8, found int 300 (out of range) at $.users[1].age (byte 19)");
//! ```
//!
//! # Differences from rmp-serde
//!
//! None in the bytes written for valid `Serialize` impls, and none in what
//! is read, except where rmp-serde would produce a wrong value or an
//! invalid message:
//! - a negative integer read as `u128` is an error (rmp-serde wraps it:
//!   `-1` becomes `u128::MAX`);
//! - a length above `u32::MAX` is an
//!   [`Unrepresentable`](crate::encode::Error::Unrepresentable) error
//!   (rmp-serde writes the length cut to 32 bits);
//! - a `Serialize` impl that writes more or fewer elements than the length
//!   it declared is an [`Error::InvalidDataModel`] (rmp-serde writes a header
//!   that does not match what follows), as is an `_ExtStruct` tuple with
//!   more than its two parts;
//! - the depth limit counts arrays and maps, enums in map form included,
//!   and apart the `Some` / newtype levels, as the derive's does: an input
//!   nesting enums or a type nesting options without end stops with an
//!   error, where rmp-serde (which counts arrays, maps and ext items) could
//!   overflow the stack; an ext item is not a level here.

use alloc::vec::Vec;

#[cfg(feature = "std")]
use ::serde::de::DeserializeOwned;
use ::serde::{Deserialize, Serialize};

#[cfg(feature = "std")]
use crate::decode::StreamError;
use crate::decode::{self, DecodeOptions, Decoder};
#[cfg(feature = "std")]
use crate::encode::IoWriter;
use crate::encode::{EndOfSlice, SliceWriter};

mod de;
mod error;
mod ser;

pub use de::Deserializer;
pub use error::Error;
pub use ser::{Compound, Fields, Serializer};

/// The capacity `to_vec` / `to_vec_named` start with (rmp-serde's too):
/// a small message is written without growing the buffer.
const START_CAPACITY: usize = 128;

/// Serializes `value` into a new `Vec`, structs as arrays of their field
/// values: the bytes of `rmp_serde::to_vec`.
///
/// ```
/// use serde::Serialize;
///
/// #[derive(Serialize)]
/// struct Point { x: i32, y: i32 }
///
/// let bytes = msgpack_core::serde::to_vec(&Point { x: 1, y: -300 })?;
/// assert_eq!(bytes, [0x92, 0x01, 0xd1, 0xfe, 0xd4]);
/// assert_eq!(bytes, rmp_serde::to_vec(&Point { x: 1, y: -300 })?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[inline]
pub fn to_vec<T: Serialize + ?Sized>(value: &T) -> Result<Vec<u8>, Error> {
    let mut ser = Serializer::new(Vec::with_capacity(START_CAPACITY));
    value.serialize(&mut ser)?;
    Ok(ser.into_inner())
}

/// Serializes `value` into a new `Vec`, structs as maps from field names to
/// values: the bytes of `rmp_serde::to_vec_named`.
///
/// ```
/// use serde::Serialize;
///
/// #[derive(Serialize)]
/// struct Point { x: i32, y: i32 }
///
/// let bytes = msgpack_core::serde::to_vec_named(&Point { x: 1, y: 2 })?;
/// assert_eq!(bytes, [0x82, 0xa1, b'x', 0x01, 0xa1, b'y', 0x02]);
/// assert_eq!(bytes, rmp_serde::to_vec_named(&Point { x: 1, y: 2 })?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[inline]
pub fn to_vec_named<T: Serialize + ?Sized>(value: &T) -> Result<Vec<u8>, Error> {
    let mut ser = Serializer::named(Vec::with_capacity(START_CAPACITY));
    value.serialize(&mut ser)?;
    Ok(ser.into_inner())
}

/// Appends the serialization of `value` to `out` (structs as arrays, as
/// [`to_vec`]); reuse one buffer for many
/// messages. On an error `out` keeps its old contents.
///
/// ```
/// let mut out = vec![0xc3];
/// msgpack_core::serde::append_to_vec(&("hi", 1u8), &mut out)?;
/// assert_eq!(out, [0xc3, 0x92, 0xa2, b'h', b'i', 0x01]);
///
/// out.clear(); // reused: the capacity is kept
/// msgpack_core::serde::append_to_vec(&None::<u8>, &mut out)?;
/// assert_eq!(out, [0xc0]);
/// # Ok::<(), msgpack_core::serde::Error>(())
/// ```
#[inline]
pub fn append_to_vec<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
    let len = out.len();
    let mut ser = Serializer::new(&mut *out);
    let r = value.serialize(&mut ser);
    if r.is_err() {
        out.truncate(len);
    }
    r
}

/// Serializes `value` into `buf` (structs as arrays, as [`to_vec`]) and
/// returns the number of bytes written.
///
/// A value that does not fit is an error whose source is
/// [`EndOfSlice`]; `buf` then holds a prefix
/// of the bytes and nothing is written past its end. For structs as maps,
/// use [`Serializer::named`] over a [`SliceWriter`].
///
/// ```
/// let mut buf = [0u8; 8];
/// let n = msgpack_core::serde::to_slice(&[1u16, 300], &mut buf)?;
/// assert_eq!(&buf[..n], &[0x92, 0x01, 0xcd, 0x01, 0x2c]);
///
/// let mut tiny = [0u8; 2];
/// assert!(msgpack_core::serde::to_slice(&"too long", &mut tiny).is_err());
/// # Ok::<(), msgpack_core::serde::Error<msgpack_core::encode::EndOfSlice>>(())
/// ```
#[inline]
pub fn to_slice<T: Serialize + ?Sized>(value: &T, buf: &mut [u8]) -> Result<usize, Error<EndOfSlice>> {
    let mut ser = Serializer::new(SliceWriter::new(buf));
    value.serialize(&mut ser)?;
    Ok(ser.into_inner().position())
}

/// Serializes `value` into a `std::io::Write` (feature `std`; structs as
/// arrays, as [`to_vec`]). Small items are small writes: pass a buffered
/// writer.
///
/// Before 0.2 this took any [`Write`](crate::encode::Write) sink; for one
/// of those (or structs as maps) make a [`Serializer`] over it.
///
/// ```
/// let mut out = Vec::new(); // or a BufWriter<File>
/// msgpack_core::serde::to_writer(&("a", 1u8), &mut out)?;
/// assert_eq!(out, [0x92, 0xa1, b'a', 0x01]);
/// # Ok::<(), msgpack_core::serde::Error<std::io::Error>>(())
/// ```
#[cfg(feature = "std")]
#[inline]
pub fn to_writer<T: Serialize + ?Sized, W: std::io::Write>(value: &T, writer: W) -> Result<(), Error<std::io::Error>> {
    value.serialize(&mut Serializer::new(IoWriter::new(writer)))
}

/// Deserializes one `T` from `bytes` with the default [`DecodeOptions`],
/// borrowing strings and byte strings from it; bytes left after the value
/// are an error ([`TrailingBytes`](decode::ErrorKind::TrailingBytes)).
///
/// ```
/// use std::collections::BTreeMap;
///
/// let bytes = rmp_serde::to_vec(&BTreeMap::from([("a", 1u8)]))?;
/// let map: BTreeMap<&str, u8> = msgpack_core::serde::from_slice(&bytes)?;
/// assert_eq!(map["a"], 1);
/// assert!(msgpack_core::serde::from_slice::<u8>(&[0x01, 0x02]).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[inline]
pub fn from_slice<'de, T: Deserialize<'de>>(bytes: &'de [u8]) -> Result<T, decode::Error> {
    from_slice_with(bytes, &DecodeOptions::new())
}

/// [`from_slice`] with explicit options (depth, lengths, allocation budget).
///
/// ```
/// use msgpack_core::DecodeOptions;
///
/// let deep = [0x91, 0x91, 0x90]; // [[[]]]
/// let opts = DecodeOptions::new().max_depth(2);
/// let err = msgpack_core::serde::from_slice_with::<Vec<Vec<Vec<u8>>>>(&deep, &opts).unwrap_err();
/// assert_eq!(err.to_string(), "nesting deeper than the limit of 2 at $[0][0] (byte 2)");
///
/// let opts = DecodeOptions::new().max_alloc(4);
/// assert!(msgpack_core::serde::from_slice_with::<String>(&[0xa5, b'h', b'e', b'l', b'l', b'o'], &opts).is_err());
/// assert!(msgpack_core::serde::from_slice_with::<&str>(&[0xa5, b'h', b'e', b'l', b'l', b'o'], &opts).is_ok());
/// ```
#[inline]
pub fn from_slice_with<'de, T: Deserialize<'de>>(bytes: &'de [u8], opts: &DecodeOptions) -> Result<T, decode::Error> {
    let mut de = Deserializer::from_decoder(Decoder::with_options(bytes, *opts));
    let value = de.decode()?;
    de.end()?;
    Ok(value)
}

/// Deserializes one `T` from a `std::io::Read` (feature `std`) with the
/// default [`DecodeOptions`]: the whole input is one value, as for
/// [`from_slice`]. As [`crate::from_read`]: the value is owned, at most
/// 64 MiB long, bytes after it are an error.
///
/// ```
/// use std::collections::BTreeMap;
///
/// let bytes = rmp_serde::to_vec(&BTreeMap::from([("a", 1u8)]))?;
/// let map: BTreeMap<String, u8> = msgpack_core::serde::from_read(&bytes[..])?;
/// assert_eq!(map["a"], 1);
/// assert!(msgpack_core::serde::from_read::<u8, _>(&[0xcd, 0x01][..]).is_err()); // truncated
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[cfg(feature = "std")]
#[inline]
pub fn from_read<T: DeserializeOwned, R: std::io::Read>(reader: R) -> Result<T, StreamError> {
    from_read_with(reader, &DecodeOptions::new())
}

/// [`from_read`] with explicit options (feature `std`), bounded as
/// [`crate::from_read_with`] says: at most `max_alloc` bytes on the wire
/// (64 MiB when that is unlimited), the limits checked as headers arrive.
///
/// ```
/// use msgpack_core::{decode::StreamError, DecodeOptions};
///
/// let opts = DecodeOptions::untrusted();
/// let v: Vec<String> = msgpack_core::serde::from_read_with(&[0x91, 0xa1, b'x'][..], &opts)?;
/// assert_eq!(v, ["x"]);
///
/// // An array claiming 4 billion elements: refused by its header.
/// let claim = [0xdd, 0xff, 0xff, 0xff, 0xff];
/// let err = msgpack_core::serde::from_read_with::<Vec<u8>, _>(&claim[..], &opts).unwrap_err();
/// assert!(matches!(err, StreamError::Malformed(_)));
/// # Ok::<(), StreamError>(())
/// ```
#[cfg(feature = "std")]
#[inline]
pub fn from_read_with<T: DeserializeOwned, R: std::io::Read>(
    reader: R,
    opts: &DecodeOptions,
) -> Result<T, StreamError> {
    decode::read_whole(reader, opts, |bytes, opts| from_slice_with(bytes, opts))
}
