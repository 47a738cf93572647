//! Fast, safe MessagePack for Rust: exact-size encoding, zero-copy decoding,
//! no allocator required.
//!
//! | Rust type | MessagePack format | encoder / decoder method |
//! |---|---|---|
//! | `bool` | `true` / `false` | [`Encoder::bool`] / [`Decoder::bool`] |
//! | `u8`..`u64`, `usize`, `NonZero*` (every width; zero is a decode error) | smallest of positive fixint, `uint 8/16/32/64` | [`Encoder::u64`] / [`Decoder::u64`] |
//! | `i8`..`i64`, `isize` | smallest of fixint, `int 8/16/32/64` (non-negative as `uint`) | [`Encoder::i64`] / [`Decoder::i64`] |
//! | `u128`, `i128` | an integer if it fits in 64 bits, else an encode error (rmp-serde: a 16-byte `bin`, also for `NonZeroU128` / `NonZeroI128`, which these impls do not read; serde's form: [`with::serde_int128`]) | [`Encoder::u128`] / [`Decoder::u128`] |
//! | `f32` | `float 32` | [`Encoder::f32`] / [`Decoder::f32`] |
//! | `f64` | `float 64` (reads `float 32` too) | [`Encoder::f64`] / [`Decoder::f64`] |
//! | `char` | `str` of one character | [`Encoder::str`] / [`Decoder::str`] |
//! | `()` | `nil` | [`Encoder::nil`] / [`Decoder::nil`] |
//! | `PhantomData<T>`, derived unit structs | empty array (as rmp-serde writes unit structs; `nil` is read too) | |
//! | `&str`, `String`, `Cow<str>`, `Box<str>`, `Rc<str>`, `Arc<str>` | `str` (UTF-8 validated on decode; `&str` and `Cow` borrow) | [`Encoder::str`] / [`Decoder::str`] |
//! | `&[u8]`, `Vec<u8>`, `VecDeque<u8>`, `[u8; N]`, `Cow<[u8]>`, `Box<[u8]>`, `Bytes`, `BytesMut` | `bin` (also read from an array of small integers, except borrowed `&[u8]`) | [`Encoder::bin`] / [`Decoder::bin`] |
//! | `Option<T>` | `nil` or the value | [`Decoder::try_nil`] |
//! | `[T]`, `[T; N]`, `Vec<T>`, `VecDeque<T>`, `LinkedList<T>`, `BTreeSet<T>`, `HashSet<T>`, `Box<[T]>`, `Cow<[T]>` | array | [`Encoder::array_len`] / [`Decoder::array_len`] |
//! | tuples of 1 to 16 | array of exactly that length | [`Encoder::array_len`] / [`Decoder::array_len`] |
//! | `BTreeMap<K, V>`, `HashMap<K, V>` (any key type) | map (last duplicate key wins) | [`Encoder::map_len`] / [`Decoder::map_len`] |
//! | `Box<T>`, `Rc<T>`, `Arc<T>`, `&T` | the value | |
//! | `BinaryHeap<T>` | array, in the heap's iteration order (of `u8` too, as serde writes it) | |
//! | `Wrapping<T>`, `Saturating<T>`, `Reverse<T>`, `Cell<T>`, `RefCell<T>`, `Mutex<T>` and `RwLock<T>` (`std`) | the value (a mutably borrowed `RefCell` or a poisoned lock is an encode error) | |
//! | `Result<T, E>` | `{"Ok": v}` / `{"Err": e}` (serde's externally tagged enum) | |
//! | `Bound<T>` | `"Unbounded"`, `{"Included": v}`, `{"Excluded": v}` | |
//! | `Range<T>`, `RangeInclusive<T>`, `RangeFrom<T>`, `RangeTo<T>` (`char` ranges too) | map `{"start": s, "end": e}` as `rmp_serde::to_vec_named` writes it (the array `[s, e]` of `rmp_serde::to_vec` is read too; that form: [`with::serde_range::compact`]); a start past the end is kept, as in serde | |
//! | `Ipv4Addr`, `Ipv6Addr` | array of the 4 / 16 octets, serde's binary form (a `bin` is read too) | |
//! | `IpAddr`, `SocketAddr` | `{"V4": addr}` / `{"V6": addr}` | |
//! | `SocketAddrV4`, `SocketAddrV6` | array `[ip, port]` (a V6's flow label and scope id are not written, as in serde) | |
//! | `Path`, `PathBuf`, `OsStr`, `OsString` (`std`) | `str`; one that is not UTF-8 is an encode error (serde writes an `OsString` as `{"Unix": [bytes]}`, not portable: read too; that form on Unix: `with::serde_os_string`) | [`Encoder::str`] / [`Decoder::str`] |
//! | `CStr`, `CString` | `bin` of the bytes without the NUL (a NUL inside is a decode error) | [`Encoder::bin`] / [`Decoder::bin`] |
//! | `uuid::Uuid` (`uuid`) | `bin` of the 16 bytes, serde's binary form (an array of 16 and the text form are read too) | [`Encoder::bin`] / [`Decoder::bin`] |
//! | `indexmap::IndexMap<K, V, S>`, `IndexSet<T, S>` (`indexmap`) | map / array, in insertion order both ways | [`Encoder::map_len`] / [`Decoder::map_len`] |
//! | `smallvec::SmallVec<A>` (`smallvec`) | as `Vec<T>` (`bin` for bytes) | |
//! | `arrayvec::ArrayVec<T, N>`, `ArrayString<N>` (`arrayvec`) | as `[T]` (`bin` for bytes) / `str`; more than `N` elements or bytes is a decode error | |
//! | `heapless::Vec<T, N>`, `String<N>`, `IndexMap<K, V, S, N>` (`heapless`) | as `[T]` (`bin` for bytes) / `str` / map in order; more than `N` is a decode error | |
//! | `rust_decimal::Decimal` (`rust_decimal`) | `str` (`"-12.340"`), as its serde impl writes it; integers and scientific notation are read too, floats not (lossy) | [`Encoder::str`] / [`Decoder::str`] |
//! | `Duration` | array `[secs, nanos]`, as `rmp_serde::to_vec` writes it (reads the map `{secs, nanos}` of `to_vec_named` too; that form: [`with::serde_duration`]) | |
//! | [`Timestamp`] | ext -1, smallest of the 32/64/96-bit layouts | [`Encoder::timestamp`] / [`Decoder::timestamp`] |
//! | `SystemTime` (`std`) | ext -1 as [`Timestamp`] (before the epoch too); a time the platform cannot hold is a decode error (serde: `{secs_since_epoch, nanos_since_epoch}`, `with::serde_system_time`) | [`Encoder::timestamp`] / [`Decoder::timestamp`] |
//! | `chrono::DateTime<Tz>`, `NaiveDateTime` (`chrono`) | ext -1, the UTC instant (the offset is not kept; naive is UTC); decodes `DateTime<Utc>` and `NaiveDateTime` (chrono's serde: RFC 3339 text, `with::chrono_str`; `chrono::serde::ts_seconds` and the like: `with::chrono_ts`) | [`Encoder::timestamp`] / [`Decoder::timestamp`] |
//! | `time::OffsetDateTime`, `UtcDateTime`, `PrimitiveDateTime` (`time`) | ext -1, the UTC instant (the offset is not kept; primitive is UTC) (time's serde: a tuple, `with::time_tuple`; `time::serde::rfc3339`: `with::time_rfc3339`) | [`Encoder::timestamp`] / [`Decoder::timestamp`] |
//! | [`ExtRef`], [`Ext`] | ext (fixext 1/2/4/8/16, ext 8/16/32) | [`Encoder::ext`] / [`Decoder::ext`] |
//! | [`Value`], [`ValueRef`] | any | |
//! | [`RawRef`], [`Raw`] | any one value, kept as its bytes and written back verbatim | [`Decoder::raw_value`] |
//!
//! Encoding always uses the smallest form, so the bytes equal those of every
//! mainstream implementation (Python `msgpack`, rmp-serde). Where a type's
//! own form differs from what its serde impl writes through rmp-serde (the
//! date-times, `Duration` in `to_vec_named`, 128-bit integers), the table
//! names the field adapter of [`with`] that writes serde's form:
//! `#[msgpack(with = "msgpack_core::with::serde_duration")]`. Decoding accepts
//! every valid form: any integer width whose value fits the target type (an
//! out-of-range value is an error, never a wrap), `float 32` into `f64`.
//!
//! A type of your own gets the traits from `#[derive(MsgPack)]` (see
//! [`MsgPack`] for the attributes) or by hand: [`hand_written`] shows a
//! complete hand-written type, one for each common shape and the rules the
//! derive relies on.
//!
//! # Quick start
//!
//! ```
//! use std::collections::BTreeMap;
//!
//! let mut scores = BTreeMap::new();
//! scores.insert("alice".to_string(), vec![98u32, 87]);
//! let bytes = msgpack_core::to_vec(&scores)?;
//! assert_eq!(bytes.len(), msgpack_core::Encode::encoded_len(&scores));
//!
//! let back: BTreeMap<&str, Vec<u32>> = msgpack_core::from_slice(&bytes)?; // keys borrow from `bytes`
//! assert_eq!(back["alice"], [98, 87]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Without an allocator, encode into a slice and decode borrowed values:
//!
//! ```
//! let mut buf = [0u8; 32];
//! let n = msgpack_core::to_slice(&("id", 7u8, [1u8, 2, 3]), &mut buf)?;
//! let (name, id, raw): (&str, u8, &[u8]) = msgpack_core::from_slice(&buf[..n])?;
//! assert_eq!((name, id, raw), ("id", 7, &[1u8, 2, 3][..]));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Entry points
//!
//! One family of names, the same at the top level (types that implement
//! [`Encode`] / [`Decode`], derived or not) and in the [`serde`][serde-mod]
//! format (types that implement `Serialize` / `Deserialize`). Each decoder
//! has a `_with` twin taking [`DecodeOptions`]; the plain one uses
//! `DecodeOptions::new()`.
//!
//! | task | top level (`Encode` / `Decode`) | `serde` module (`Serialize` / `Deserialize`) |
//! |---|---|---|
//! | encode into a new `Vec` | [`to_vec`] | [`serde::to_vec`], [`serde::to_vec_named`] (structs as maps) |
//! | append to a `Vec` (reused buffer) | [`append_to_vec`] | [`serde::append_to_vec`] |
//! | into a slice, returns the length written | [`to_slice`] | [`serde::to_slice`] |
//! | into a `std::io::Write` (feature `std`) | [`to_writer`] | [`serde::to_writer`] |
//! | decode from a slice, borrowing from it | [`from_slice`] | [`serde::from_slice`] |
//! | the same with options | [`from_slice_with`] | [`serde::from_slice_with`] |
//! | from a `std::io::Read`, owned, the input one value (feature `std`) | [`from_read`], [`from_read_with`] | [`serde::from_read`], [`serde::from_read_with`] |
//! | from a `Bytes`, its `Bytes` fields sharing it (feature `bytes`) | [`from_bytes`], [`from_bytes_with`] | (none: serde's `Bytes` copies; use [`serde::from_slice`]) |
//!
//! Every encoder can also be given any sink through [`Encoder::new`] /
//! [`serde::Serializer::new`] (structs as maps: [`serde::Serializer::named`]),
//! and several values can be read from one slice with a [`Decoder`] or
//! from a reader with a [`decode::StreamDecoder`].
//!
//! ```
//! use msgpack_core::{append_to_vec, from_read, from_slice, to_slice, to_vec, to_writer};
//!
//! let value = (7u8, "seven");
//! let bytes = to_vec(&value)?;
//! let mut appended = vec![0xc0];
//! append_to_vec(&value, &mut appended)?;
//! let mut buf = [0u8; 16];
//! let n = to_slice(&value, &mut buf)?;
//! let mut written = Vec::new();
//! to_writer(&value, &mut written)?;
//! assert!(appended[1..] == bytes[..] && buf[..n] == bytes[..] && written == bytes);
//!
//! assert_eq!(from_slice::<(u8, &str)>(&bytes)?, value);
//! assert_eq!(from_read::<(u8, String), _>(&bytes[..])?, (7, "seven".to_string()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Implementation quirks the decoder tolerates
//!
//! Forms other encoders write, and this crate does not, that decode all
//! the same (each is tested where named):
//!
//! - **Non-canonical forms.** An integer, `str`, `bin`, array, map or ext
//!   in a wider form than its value needs (`cd 00 05` for 5, `d3 00 .. 05`
//!   into a `u8`, `db 00 00 00 01 61` for `"a"`, one byte in an `ext 8`, a
//!   timestamp in the 96-bit layout whose value fits 32 bits) reads as the
//!   smallest form would. [`Value`] keeps the value, not the form: it
//!   writes the smallest header back (an ext's payload as it was read).
//!   `tests/wire/spec_vectors.rs` (`noncanonical_forms_decode`),
//!   `tests/serde_compat/str_bin_compat.rs`, and every alternative encoding of the
//!   msgpack-test-suite cases (`tests/wire/test_suite.rs`).
//! - **`float 32` into `f64`**, exactly widened (`tests/wire/test_suite.rs`).
//!   Integers and floats do not read as each other unless
//!   [`DecodeOptions::int_to_float`] lets floats read integers.
//! - **Byte buffers from arrays of small integers**, as serde writes a
//!   `Vec<u8>` without `serde_bytes` (not into a borrowed `&[u8]`):
//!   `tests/wire/types.rs` (`byte_buffers_from_arrays_of_small_ints`).
//! - **Unit structs and `PhantomData` from `nil`** as well as from the
//!   empty array they are written as (`tests/serde_compat/str_bin_compat.rs`).
//! - **Repeated map keys**: a map type keeps the last value, as rmp-serde
//!   does; a [`Value`] keeps every entry, in order; a derived struct
//!   refuses a repeated field (`tests/serde_compat/str_bin_compat.rs`).
//! - **`str` and `bin` only with [`DecodeOptions::str_bin_compat`].** By
//!   default a string refuses a `bin` and a byte buffer a `str`
//!   (`expected str, found bin of 2 bytes`): the types are kept apart, as
//!   the compile-time schema checks assume. The option lets strings read a
//!   `bin` of UTF-8 and byte buffers a `str`, for pre-2013 "raw" data and
//!   encoders that do not keep text and bytes apart; it is looked at only
//!   where a decode would otherwise fail. [`Value`] keeps the wire's type either way, and the
//!   [`serde`][serde-mod] format reads as rmp-serde, whatever the option
//!   (a `String` takes a `bin` of UTF-8, `serde_bytes` a `str`):
//!   `tests/serde_compat/str_bin_compat.rs`.
//!
//! Not tolerated: bytes after the value ([`from_slice`] gives
//! [`TrailingBytes`](decode::ErrorKind::TrailingBytes); read several
//! values with a [`Decoder`]), the never-used marker `0xc1`, a `str`
//! whose payload is not UTF-8 (except through the serde format, to a
//! visitor that takes bytes), and a timestamp of 1e9 nanoseconds or more
//! (`tests/wire/test_suite.rs`, `tests/hostile/hostile_corpus.rs`, `tests/serde_compat/str_bin_compat.rs`).
//!
//! # Features
//!
//! | feature | default | adds |
//! |---|---|---|
//! | `alloc` | via `std` | `Vec`, `String`, `Box`, `Rc`, `Arc`, `BTreeMap`, [`Value`], [`to_vec`], [`append_to_vec`] |
//! | `std` | yes | `HashMap`, `HashSet`, [`encode::IoWriter`], [`decode::StreamDecoder`], [`to_writer`], [`from_read`], `SystemTime` as timestamp and its conversions |
//! | `bytes` | no | `Bytes`/`BytesMut` impls, `encode::BufMutWriter`, [`from_bytes`], [`from_bytes_with`] |
//! | `derive` | yes | [`#[derive(MsgPack)]`](MsgPack): generated `Encode`, `Decode` and [`Schema`](schema::Schema) |
//! | `serde` | no | `serde::Serialize` / `Deserialize` for [`Value`] and [`ValueRef`] (to and from any serde format; ext in rmp-serde's `_ExtStruct` form), and [`serde`][serde-mod], a serde data format with rmp-serde's bytes. Implies `alloc` |
//! | `chrono` | no | `chrono::DateTime` and `NaiveDateTime` as timestamps, `Timestamp` conversions (no_std) |
//! | `time` | no | `time::OffsetDateTime`, `UtcDateTime` and `PrimitiveDateTime` as timestamps, `Timestamp` conversions (no_std) |
//! | `uuid` | no | `uuid::Uuid` (no_std) |
//! | `indexmap` | no | `indexmap::IndexMap` / `IndexSet`, the order kept both ways (no_std) |
//! | `smallvec` | no | `smallvec::SmallVec`. Implies `alloc` |
//! | `arrayvec` | no | `arrayvec::ArrayVec` / `ArrayString`, without an allocator (no_std) |
//! | `heapless` | no | `heapless::String`, `Vec` and `IndexMap`, without an allocator (no_std) |
//! | `rust_decimal` | no | `rust_decimal::Decimal` (no_std) |
//! | `tokio-util` | no | `codec::MsgPackCodec`: a `tokio_util::codec` `Encoder` / `Decoder` for `Framed`. Implies `std` and `bytes` |
//! | `simdutf8` | no | SIMD UTF-8 validation (the `simdutf8` crate) of `str` payloads of 64 bytes or more that are not all ASCII: about 3x faster at 128 bytes and 8x at 256; shorter or all-ASCII text keeps the built-in check, which is as fast or faster there. The same strings are accepted and refused either way (no_std; with `std`, the CPU's features are detected at run time) |
//!
//! # Guarantees on hostile input
//!
//! A decoder that reads bytes from the network is attack surface. For any
//! input, with any [`DecodeOptions`]:
//!
//! 1. **No panic, abort, stack overflow, endless loop or out-of-bounds
//!    read** from [`from_slice`] / [`Decoder`], for [`Value`], [`ValueRef`],
//!    every type this crate implements [`Decode`] for and every derived type,
//!    recursive ones included, and serde types read through
//!    `msgpack_core::serde`. Bad input is an [`decode::Error`] saying what
//!    was expected, what was found, where (byte offset) and on which path
//!    (a container of a fixed capacity given more elements than it holds:
//!    [`decode::ErrorKind::CapacityExceeded`], at its header).
//! 2. **Memory linear in the input.** One decode of an `n`-byte input
//!    allocates, at its peak, at most **64·n + 4 KiB beyond twice the heap
//!    memory of the value it returns**; a decode that fails returns nothing,
//!    so its whole peak stays under 64·n + 4 KiB, whatever the bytes claim.
//!    This holds for every decoder the crate ships: [`Value`], [`ValueRef`],
//!    [`Raw`] / [`RawRef`], strings and byte buffers, the std and ecosystem
//!    collections of these and of numbers, derived structs and enums (every
//!    attribute, `other` and `flatten` included), the serde format, and
//!    `msgpack-json`. Peak means live heap bytes, a reallocation counting its
//!    new block before it frees the old one. How: length prefixes are checked
//!    against the remaining input before anything is allocated (an array of
//!    `n` elements needs `n` bytes, a map `2n`); the elements that open
//!    containers claim are counted against the whole input, not level by
//!    level (every item starts at a byte of its own, so the elements claimed
//!    over one decode, met or still to come, never outnumber the input's
//!    bytes, and a claim that cannot be met reserves nothing: its elements
//!    are read, not kept, to the error that ends the decode); an element of
//!    up to 32 bytes per item (a `Value` is 32, a map entry of two `Value`s
//!    64) is then reserved in full, at most 32 bytes per input byte; an
//!    error's path takes 32 bytes per level and its message is written at
//!    its exact size. Checked on every input of `tests/hostile/hostile_claims.rs`
//!    (nested over-claiming headers), `tests/hostile/stress.rs` and the differential
//!    fuzz test (`msgpack-derive/tests/fuzz_differential.rs`).
//!
//!    **What your own types add.** An element type larger than 32 bytes per
//!    item (a struct of many fields that an empty array or map fills with
//!    defaults, a `Box`ed value, a B-tree or hash map, which allocates a
//!    node or table however few its entries) can make a short input decode
//!    into a large value: that value counts in the bound above when it is
//!    returned, and a decode that fails part-way may hold up to three times
//!    the size of such elements read before the error (they are reserved
//!    from an allowance of 1 KiB plus 8 bytes per input byte,
//!    [`Decoder::capacity_for`], then grow by doubling).
//!    [`DecodeOptions::max_alloc`] caps every decode absolutely, your types
//!    included.
//! 3. **Bounded depth.** Arrays and maps nested deeper than
//!    [`DecodeOptions::max_depth`] (default 1024) are an error before any
//!    recursion; at the default limit a release build decodes [`Value`] and a
//!    recursive derived type on a 2 MiB thread stack (tested).
//!    [`skip`](Decoder::skip) is iterative (no depth limit needed). Dropping
//!    a [`Value`] never recurses, however deep it was built by hand.
//! 4. **Time linear in the input, untagged enums included.** Trying the
//!    variants of an untagged enum re-reads the value once per failed
//!    attempt (at most once per variant of its type); failed attempts made
//!    inside another untagged attempt may read at most
//!    [`SPECULATION_PER_BYTE`](decode::SPECULATION_PER_BYTE) (32) bytes per
//!    input byte in all, plus 4 KiB, so a hostile nesting where every level
//!    would try every variant of the level below (exponential work) stops
//!    with [`ErrorKind::SpeculationLimit`](decode::ErrorKind::SpeculationLimit)
//!    (`msgpack-derive/tests/untagged_budget.rs`). A failed attempt
//!    allocates nothing of its own (its error has no details until the
//!    enum lists the reasons, once, at the failing level).
//! 5. **Encoding never panics.** Values MessagePack cannot hold (a `u128`
//!    above `u64::MAX`, more than `u32::MAX` elements, a path that is not
//!    UTF-8) are an [`encode::Error::Unrepresentable`], a value that cannot
//!    be read (a poisoned lock, a mutably borrowed `RefCell`) an
//!    [`encode::Error::Custom`]; a full [`encode::SliceWriter`]
//!    gives [`encode::EndOfSlice`], having written every item that fit
//!    whole (a `str` or `bin` is written with its payload or not at all).
//! 6. **Schema lock files** (the derive's `schema_lock`, and
//!    `msgpack_schema::lock` at test time) are parsed with a nesting bound
//!    (128); a malformed file is an error with its line, and rebuilding the
//!    descriptors of a file whose definitions fan out exponentially stops
//!    at 200,000 descriptors with an error
//!    (`msgpack-schema-text/tests/hostile.rs`, mutated files;
//!    `msgpack-schema/tests/schema_lock.rs`).
//!
//! [`DecodeOptions::untrusted`] tightens every limit (depth 64, containers
//! of 65,536, strings of 1 MiB, 64 MiB per decode). The guarantees are
//! tested by a named hostile corpus (`tests/hostile/malformed.rs`,
//! `tests/hostile/hostile_corpus.rs`), a seeded stress test of mutated messages
//! (`tests/hostile/stress.rs`), differential tests against rmp-serde, rmpv and
//! Python's `msgpack` (`tests/hostile/differential.rs`, `tests/wire/interop.rs`), and
//! cargo-fuzz targets (`fuzz/`).
//!
//! # Compile-time schema checks
//!
//! Every type here and every derived type has a `const` wire descriptor
//! ([`schema::Schema`]). [`assert_compatible!`] fails the build when a
//! reader type cannot decode every message a writer type can produce, naming
//! the field and the reason; the descriptors also give a stable
//! [fingerprint](schema::Shape::fingerprint) and a printable schema:
//!
//! ```
//! use msgpack_core::{MsgPack, assert_compatible};
//!
//! #[derive(MsgPack)]
//! struct EventV1 { id: u64, kind: String }
//!
//! #[derive(MsgPack)]
//! struct EventV2 { id: u64, kind: String, #[msgpack(default)] tags: Vec<String> }
//!
//! assert_compatible!(EventV2 <=> EventV1); // old and new readers read both
//! ```
//!
//! # Unsafe code
//!
//! `unsafe` stays in one module, `mem` (`src/mem.rs` and the files of
//! `src/mem/`; the crate root denies it, that module alone allows it): the
//! sinks over memory and the [`encode::Write`] trait whose window protocol
//! they implement (`mem/sink.rs`, `mem/sink/`), one UTF-8 shortcut
//! (`mem/ascii.rs`) and one schema pointer (`mem/static_ref.rs`), the rest
//! of the crate reaching them through safe functions and types; each block
//! has a `SAFETY` note and tests that Miri runs (`cargo +nightly miri test
//! -p msgpack-core --test wire wire::sinks::` and `wire::ascii_str::`, `-p
//! msgpack-derive --test bounded`, `-p msgpack-core --test schema
//! schema::descriptors::`). Generated code has none. The speed-ups, each
//! measured with `msgpack-bench` (`--profile`, callgrind) before it was kept:
//! - a `str` payload that passes the word-wise ASCII test becomes `&str`
//!   without running the full UTF-8 validator again (ASCII is valid UTF-8):
//!   one pass over the bytes instead of two (`mem/ascii.rs`);
//! - [`to_vec`] and [`append_to_vec`] write into the spare capacity of a
//!   `Vec` and then set its length to what was written, every byte below it
//!   having been written first; the `Vec<u8>` sink stores fixed-size items
//!   into its spare capacity the same way (one capacity check and one length
//!   update per item instead of the two of `Vec::extend_from_slice`)
//!   (`mem/sink/vec.rs`);
//! - `SliceWriter` and the spare-capacity writer check the room for an item
//!   with one comparison (the position never passes the end, so the
//!   subtraction cannot wrap) and then take the bytes by pointer, where safe
//!   slicing would compare twice (`mem/sink/slice.rs`, `mem/sink/vec.rs`);
//! - the bounded window of a derived struct (`encode/bounded.rs`, its window
//!   in `mem/sink/window.rs`) views `M` bytes of a `SliceWriter`'s buffer as
//!   `[MaybeUninit<u8>; M]` (only initialized bytes are ever stored through
//!   it) and reads back the initialized prefix of a window on the stack: one
//!   room check per value instead of one per item; the fixed-layout
//!   templates (`encode/fixed.rs`) are stored through the same windows.
//!
//! The last is a capability, not a speed-up: [`schema::ShapeRef`] holds a
//! raw pointer to a `'static` shape, dereferenced in one `const fn`
//! (`mem/static_ref.rs`). A plain `&'static` reference inside a constant
//! makes the compiler evaluate its target while evaluating the constant,
//! which is a cycle for recursive types; a pointer that only
//! `ShapeRef::new(&'static Shape)` can create lets descriptors point at
//! each other (`tests/schema/descriptors.rs` under Miri).
//!
// Links to items behind a feature: without it they point at the Features
// table instead of failing (`cargo doc` with default features, -D warnings).
#![cfg_attr(feature = "serde", doc = "[serde-mod]: mod@serde")]
#![cfg_attr(
    not(feature = "serde"),
    doc = "[serde-mod]: crate#features \"feature `serde`\"",
    doc = "[`serde::to_vec`]: crate#features \"feature `serde`\"",
    doc = "[`serde::to_vec_named`]: crate#features \"feature `serde`\"",
    doc = "[`serde::append_to_vec`]: crate#features \"feature `serde`\"",
    doc = "[`serde::to_slice`]: crate#features \"feature `serde`\"",
    doc = "[`serde::to_writer`]: crate#features \"feature `serde`\"",
    doc = "[`serde::Serializer::new`]: crate#features \"feature `serde`\"",
    doc = "[`serde::Serializer::named`]: crate#features \"feature `serde`\"",
    doc = "[`serde::from_slice`]: crate#features \"feature `serde`\"",
    doc = "[`serde::from_slice_with`]: crate#features \"feature `serde`\"",
    doc = "[`serde::from_read`]: crate#features \"feature `serde`\"",
    doc = "[`serde::from_read_with`]: crate#features \"feature `serde`\""
)]
#![cfg_attr(
    not(feature = "bytes"),
    doc = "[`from_bytes`]: crate#features \"feature `bytes`\"",
    doc = "[`from_bytes_with`]: crate#features \"feature `bytes`\""
)]
#![no_std]
// `unsafe` lives in one module, `mem` (allowed there alone).
#![deny(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_auto_cfg))]
// Without an allocator the decode error (kind, offset and a bounded path)
// is stored inline instead of behind one pointer: larger, but it needs no
// heap. With `alloc` it is one pointer wide.
#![cfg_attr(
    not(feature = "alloc"),
    allow(clippy::result_large_err, reason = "the inline error of no-alloc builds, see decode::Error")
)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod array;
#[cfg(feature = "tokio-util")]
pub mod codec;
pub mod decode;
pub mod encode;
mod entry;
pub mod ext;
mod field_type;
#[doc = include_str!("hand_written.md")]
pub mod hand_written {}
mod impls;
mod layout;
pub mod marker;
// The crate's only home of `unsafe` code (see its docs).
#[allow(unsafe_code)]
mod mem;
pub mod raw;
pub mod schema;
#[cfg(feature = "serde")]
pub mod serde;
#[cfg(feature = "alloc")]
pub mod value;
pub mod with;

#[doc(hidden)]
pub mod __private;

pub use decode::{Decode, DecodeOptions, DecodeOwned, Decoder};
pub use encode::{Encode, Encoder};
#[cfg(feature = "alloc")]
pub use ext::Ext;
pub use ext::{ExtRef, Timestamp};
pub use field_type::{MsgPackBorrowedField, MsgPackField};
#[cfg(feature = "alloc")]
pub use raw::Raw;
pub use raw::RawRef;
#[cfg(feature = "alloc")]
pub use value::{Integer, Value, ValueRef};

#[cfg(feature = "derive")]
#[doc = include_str!("derive.md")]
pub use msgpack_derive::MsgPack;

#[cfg(feature = "alloc")]
pub use entry::{append_to_vec, to_vec};
#[cfg(feature = "bytes")]
pub use entry::{from_bytes, from_bytes_with};
#[cfg(feature = "std")]
pub use entry::{from_read, from_read_with, to_writer};
pub use entry::{from_slice, from_slice_with, to_slice};
