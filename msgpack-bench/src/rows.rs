//! Row constructors shared by the workloads, one per kind of implementation
//! (ours, our serde path, rmp-serde, rmpv, zerompk, msgpacker), so that a
//! workload only says which value a row holds and under which name.
//!
//! Our serde path (`msgpack_core::serde`, rows [`names::SERDE_PATH`] and
//! [`names::SERDE_PATH_NAMED`]) sits beside every rmp-serde row, on the same
//! serde-derived type and with the same API shapes: `to_vec` /
//! `to_vec_named` beside `rmp_serde::to_vec` / `to_vec_named`, `from_slice`
//! (owned, and borrowed where rmp-serde has a borrowed row) beside
//! `rmp_serde::from_slice`. It is the reflection-style path on our core, so
//! its figures against rmp-serde's are the core's share of our speed, and
//! against our derive's the code generation's.
//!
//! Every row built here has the operations of [`Row`]: encode the source
//! into a fresh `Vec<u8>` (column (b)), encode it into the runner's reused
//! buffer through the crate's fastest public way of reusing one (column (a):
//! see each constructor), decode the bytes into the row's own type (passed
//! through `black_box` and dropped), and a check that decodes the bytes and
//! compares the result with the source ([`expect_eq`]).
//!
//! The reused-buffer APIs. Where a crate has more than one, each was
//! measured once (2026-12-01, this runner, W2 Custom1 / Custom2 and W1
//! n=1000, medians of 11 rounds) and the faster is used:
//!
//! - ours: `msgpack_core::to_slice` (a slice). `append_to_vec` into
//!   a cleared `Vec` took 24.6 ns / 122 ns against 21.8 ns / 117 ns.
//! - zerompk: `zerompk::to_msgpack` (a slice), its only way to reuse a
//!   buffer (`to_msgpack_vec` makes a new `Vec`, `write_msgpack` goes
//!   through `io::Write`).
//! - msgpacker: `Packable::pack` into its `EncoderSlice` over the slice:
//!   22.3 ns on Custom1 against 28.4 ns into a cleared `Vec` (its `BufMut`)
//!   and 25.8 ns into the `&mut [u8]` `BufMut`; on a `BTreeMap<String,
//!   Vec<i8>>` 42.7 ns, 44.9 ns and 55.1 ns.
//! - ours, serde path (`msgpack_core::serde`, measured 2026-12-01, this
//!   runner, `--profile` loops of 10^6 calls, 4,000 on W1): `to_slice`
//!   (measured as its former spelling, `to_writer` into a `SliceWriter`) over the slice (`Serializer::named` over it for the
//!   named form). `append_to_vec` into a cleared `Vec` (`Serializer::named`
//!   over `&mut Vec` for the named form) took, named, 79.6 ns on Custom1,
//!   290 ns on Custom2 and 48.8 us on W1 n=1000 against 60.6 ns, 256 ns and
//!   30.7 us; compact 57.7 ns / 259 ns against 46.5 ns / 245 ns.
//! - rmp-serde: `Serializer::new(&mut vec)` (`.with_struct_map()` for the
//!   named form) on a cleared `Vec`: named 74.1 ns on Custom1, 45.1 us on W1,
//!   against 139 ns and 99.8 us with a `&mut [u8]` as the `io::Write`
//!   (compact 50.8 ns against 82.5 ns).
//! - rmpv: `rmpv::encode::write_value` into a cleared `Vec`: 144 ns / 544 ns
//!   against 173 ns / 739 ns into a `&mut [u8]`.

use std::borrow::Borrow;
use std::convert::Infallible;
use std::fmt::{Debug, Display};
use std::hint::black_box;
use std::rc::Rc;

use msgpack_core::decode::DecodeOwned;
use msgpack_core::encode::{Encode, EndOfSlice, SliceWriter};
use msgpack_core::{Value, ValueRef};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::harness::{Group, ReuseApi, Row, expect_eq, names};

/// rmp-serde into a cleared `Vec` (faster, see the module notes) or a
/// `&mut [u8]` as `io::Write`.
const REUSE_SERDE: ReuseApi = ReuseApi::Vec;
/// Our serde path into a `SliceWriter` over the slice (faster: `to_slice`,
/// or a `Serializer::named` over it) or a cleared `Vec` (`append_to_vec`);
/// see the module notes.
const REUSE_SERDE_PATH: ReuseApi = ReuseApi::Slice;
/// rmpv into a cleared `Vec` (faster) or a `&mut [u8]` as `io::Write`.
const REUSE_RMPV: ReuseApi = ReuseApi::Vec;
/// msgpacker into its `EncoderSlice` over the slice (faster) or a cleared
/// `Vec` as its `BufMut`.
const REUSE_MSGPACKER: ReuseApi = ReuseApi::Slice;

/// A row over a type that borrows from its input, which [`Row::decode`]
/// cannot take: `borrowed!(name, group, source, Type<'_>, encode, decode)`.
///
/// `encode(&source)` encodes; `decode(bytes)` decodes into `Type<'_>`, which
/// the decode operation passes through `black_box` and the check compares with
/// the (`'static`) source. The reused-buffer encode comes with the encode:
/// `msgpack_core::to_vec` gets `msgpack_core::to_slice`,
/// `zerompk::to_msgpack_vec` gets `zerompk::to_msgpack`; any other encode
/// names it as a last argument, `slice = f` (`f(&source, &mut [u8]) ->
/// Result<usize, E>`) or `vec = f` (`f(&source, &mut Vec<u8>) -> Result<(), E>`,
/// the buffer cleared first), or goes without.
macro_rules! borrowed {
    (@row [$($reuse:tt)*] $name:expr, $group:expr, $source:expr, $ty:ty, $encode:path, $decode:path) => {{
        let source = ::std::rc::Rc::new($source);
        let want = ::std::rc::Rc::clone(&source);
        let reused = ::std::rc::Rc::clone(&source);
        let row = $crate::harness::Row::new($name, $group)
            .encode(move || $encode(&*source))
            .decode_with(|bytes| {
                let value: $ty = $decode(bytes).map_err(|e| e.to_string())?;
                ::std::hint::black_box(&value);
                Ok(())
            })
            .check(move |bytes| {
                let value: $ty = $decode(bytes).map_err(|e| e.to_string())?;
                $crate::harness::expect_eq(&value, &*want)
            });
        $crate::rows::borrowed!(@reuse row, reused, $($reuse)*)
    }};
    (@reuse $row:ident, $source:ident,) => {{
        drop($source);
        $row
    }};
    (@reuse $row:ident, $source:ident, slice $f:path) => {
        $row.encode_slice(move |buf| $f(&*$source, buf))
    };
    (@reuse $row:ident, $source:ident, vec $f:path) => {
        $row.encode_reuse_vec(move |buf| $f(&*$source, buf))
    };
    ($name:expr, $group:expr, $source:expr, $ty:ty, msgpack_core::to_vec, $decode:path $(,)?) => {
        $crate::rows::borrowed!(
            @row [slice msgpack_core::to_slice] $name, $group, $source, $ty, msgpack_core::to_vec, $decode
        )
    };
    ($name:expr, $group:expr, $source:expr, $ty:ty, zerompk::to_msgpack_vec, $decode:path $(,)?) => {
        $crate::rows::borrowed!(
            @row [slice zerompk::to_msgpack] $name, $group, $source, $ty, zerompk::to_msgpack_vec, $decode
        )
    };
    ($name:expr, $group:expr, $source:expr, $ty:ty, $encode:path, $decode:path, slice = $f:path $(,)?) => {
        $crate::rows::borrowed!(@row [slice $f] $name, $group, $source, $ty, $encode, $decode)
    };
    ($name:expr, $group:expr, $source:expr, $ty:ty, $encode:path, $decode:path, vec = $f:path $(,)?) => {
        $crate::rows::borrowed!(@row [vec $f] $name, $group, $source, $ty, $encode, $decode)
    };
    ($name:expr, $group:expr, $source:expr, $ty:ty, $encode:path, $decode:path $(,)?) => {
        $crate::rows::borrowed!(@row [] $name, $group, $source, $ty, $encode, $decode)
    };
}

pub(crate) use borrowed;

/// A row over an owned type `T`: `encode(&source)` encodes, `decode(bytes)`
/// decodes into `T`; the check compares the decoded `T` with the source.
/// It has no reused-buffer encode: add one with [`Row::encode_slice`] or
/// [`Row::encode_reuse_vec`].
///
/// ```
/// use msgpack_bench::{Group, rows};
///
/// // rmpv's reader and writer, driven by hand.
/// let row = rows::owned(
///     "rmpv (hand)",
///     Group::Other,
///     rmpv::Value::from("hi"),
///     |v| {
///         let mut out = Vec::new();
///         rmpv::encode::write_value(&mut out, v).map(|()| out)
///     },
///     |bytes| rmpv::decode::read_value(&mut &bytes[..]),
/// );
/// let bytes = row.run_encode().unwrap()?;
/// assert_eq!(bytes, [0xa2, b'h', b'i']);
/// assert_eq!(row.run_check(&bytes), Some(Ok(())));
/// assert!(row.run_check(&[0xa2, b'h', b'o']).unwrap().is_err());
/// assert!(row.reuse_api().is_none());
/// # Ok::<(), String>(())
/// ```
pub fn owned<T, E, E2>(
    name: impl Into<String>,
    group: Group,
    source: impl Into<Rc<T>>,
    encode: impl Fn(&T) -> Result<Vec<u8>, E> + 'static,
    decode: impl Fn(&[u8]) -> Result<T, E2> + Copy + 'static,
) -> Row
where
    T: PartialEq + Debug + 'static,
    E: Display,
    E2: Display,
{
    let source = source.into();
    let want = Rc::clone(&source);
    Row::new(name, group)
        .encode(move || encode(&source))
        .decode(decode)
        .check(move |bytes| expect_eq(&decode(bytes).map_err(|e| e.to_string())?, &want))
}

/// A row whose decode returns a reference into the input (`&str`, `&[u8]`):
/// `encode(source.borrow())` encodes, `decode(bytes)` decodes into `&S`; the
/// check compares the decoded `&S` with the source. As with [`owned`], the
/// reused-buffer encode is added by the caller.
///
/// ```
/// use msgpack_bench::harness::names;
/// use msgpack_bench::{Group, rows};
///
/// let row = rows::borrowed_slice(
///     format!("{} (&str)", names::DERIVE_BORROWED),
///     Group::Ours,
///     String::from("hello"),
///     msgpack_core::to_vec,
///     |bytes| msgpack_core::from_slice::<&str>(bytes),
/// );
/// let bytes = row.run_encode().unwrap()?;
/// assert_eq!(bytes, b"\xa5hello");
/// assert_eq!(row.run_decode(&bytes), Some(Ok(())));
/// assert_eq!(row.run_check(&bytes), Some(Ok(())));
/// assert!(row.borrows);
///
/// let row = row.encode_slice(|buf| msgpack_core::to_slice("hello", buf));
/// let mut buf = vec![0; 64];
/// assert_eq!(row.run_reuse(&mut buf), Some(Ok(6)));
/// assert_eq!(buf[..6], bytes);
/// # Ok::<(), String>(())
/// ```
pub fn borrowed_slice<S, E, E2>(
    name: impl Into<String>,
    group: Group,
    source: impl Borrow<S> + 'static,
    encode: impl Fn(&S) -> Result<Vec<u8>, E> + 'static,
    decode: impl for<'a> Fn(&'a [u8]) -> Result<&'a S, E2> + Copy + 'static,
) -> Row
where
    S: PartialEq + Debug + ?Sized + 'static,
    E: Display,
    E2: Display,
{
    let source = Rc::new(source);
    let want = Rc::clone(&source);
    Row::new(name, group)
        .encode(move || encode(Borrow::<S>::borrow(&*source)))
        .decode_with(move |bytes| {
            let value = decode(bytes).map_err(|e| e.to_string())?;
            black_box(value);
            Ok(())
        })
        .check(move |bytes| expect_eq(&decode(bytes).map_err(|e| e.to_string())?, &Borrow::<S>::borrow(&*want)))
}

/// Our `to_vec` / `from_slice` on an owned type (a derive, a standard type);
/// `to_slice` for the reused buffer.
///
/// ```
/// use msgpack_bench::harness::{ReuseApi, names};
/// use msgpack_core::MsgPack;
///
/// #[derive(MsgPack, Debug, PartialEq)]
/// struct Point {
///     x: i32,
///     y: i32,
/// }
///
/// let row = msgpack_bench::rows::ours::<Point>(names::DERIVE, Point { x: 1, y: 2 });
/// let bytes = row.run_encode().unwrap()?;
/// assert_eq!(bytes, [0x82, 0xa1, b'x', 0x01, 0xa1, b'y', 0x02]);
/// assert_eq!(row.run_check(&bytes), Some(Ok(())));
///
/// // The reused buffer: a slice, the encoding at its start.
/// let mut buf = vec![0; 64];
/// assert_eq!(row.reuse_api(), Some(ReuseApi::Slice));
/// assert_eq!(row.run_reuse(&mut buf), Some(Ok(7)));
/// assert_eq!(buf[..7], bytes);
/// # Ok::<(), String>(())
/// ```
pub fn ours<T>(name: impl Into<String>, source: impl Into<Rc<T>>) -> Row
where
    T: Encode + DecodeOwned + PartialEq + Debug + 'static,
{
    let source = source.into();
    let reused = Rc::clone(&source);
    owned(name, Group::Ours, source, msgpack_core::to_vec, |bytes| msgpack_core::from_slice::<T>(bytes))
        .encode_slice(move |buf| msgpack_core::to_slice(&*reused, buf))
}

/// Our dynamic [`Value`] ([`names::VALUE`]).
///
/// ```
/// use msgpack_core::Value;
///
/// let row = msgpack_bench::rows::value(Value::Array(vec![Value::from(1u8), Value::from("a")]));
/// let bytes = row.run_encode().unwrap()?;
/// assert_eq!(bytes, msgpack_core::to_vec(&(1u8, "a")).unwrap());
/// assert_eq!(row.run_check(&bytes), Some(Ok(())));
/// let mut buf = vec![0; 16];
/// assert_eq!(row.run_reuse(&mut buf), Some(Ok(bytes.len())));
/// # Ok::<(), String>(())
/// ```
pub fn value(value: Value) -> Row {
    ours::<Value>(names::VALUE, value)
}

/// Our borrowed dynamic [`ValueRef`] ([`names::VALUE_REF`]).
///
/// ```
/// use msgpack_core::ValueRef;
///
/// let row = msgpack_bench::rows::value_ref(ValueRef::Array(vec![ValueRef::from("x"), ValueRef::from(true)]));
/// let bytes = row.run_encode().unwrap()?;
/// assert_eq!(bytes, [0x92, 0xa1, b'x', 0xc3]);
/// assert_eq!(row.run_check(&bytes), Some(Ok(())));
/// assert!(row.borrows);
/// let mut buf = vec![0; 16];
/// assert_eq!(row.run_reuse(&mut buf), Some(Ok(4)));
/// assert_eq!(buf[..4], bytes);
/// # Ok::<(), String>(())
/// ```
pub fn value_ref(value: ValueRef<'static>) -> Row {
    borrowed!(names::VALUE_REF, Group::Ours, value, ValueRef<'_>, msgpack_core::to_vec, msgpack_core::from_slice)
}

/// `rmp_serde::to_vec_named` / `rmp_serde::from_slice` (structs as maps);
/// for the reused buffer, `rmp_serde::Serializer::new(&mut buf).with_struct_map()`
/// on a cleared `Vec` (faster than a `&mut [u8]` as the `io::Write`).
///
/// ```
/// use msgpack_bench::harness::names;
///
/// #[derive(serde::Serialize, serde::Deserialize, msgpack_core::MsgPack, Debug, PartialEq)]
/// struct Point {
///     x: i32,
///     y: i32,
/// }
///
/// let row = msgpack_bench::rows::serde_named::<Point>(names::RMP_SERDE_NAMED, Point { x: 1, y: 2 });
/// let bytes = row.run_encode().unwrap()?;
/// // The same bytes as our derive: a map keyed by field names.
/// assert_eq!(bytes, msgpack_core::to_vec(&Point { x: 1, y: 2 }).unwrap());
/// assert_eq!(row.run_check(&bytes), Some(Ok(())));
///
/// // The reused buffer: a `Vec`, cleared by the operation, its capacity kept.
/// let mut buf = vec![0xff; 64];
/// assert_eq!(row.reuse_api(), Some(msgpack_bench::harness::ReuseApi::Vec));
/// assert_eq!(row.run_reuse(&mut buf), Some(Ok(bytes.len())));
/// assert_eq!(buf, bytes);
/// assert_eq!(buf.capacity(), 64);
/// # Ok::<(), String>(())
/// ```
pub fn serde_named<T>(name: impl Into<String>, source: impl Into<Rc<T>>) -> Row
where
    T: Serialize + DeserializeOwned + PartialEq + Debug + 'static,
{
    let source = source.into();
    let reused = Rc::clone(&source);
    let row = owned(name, Group::Other, source, rmp_serde::to_vec_named, |bytes| rmp_serde::from_slice::<T>(bytes));
    serde_reuse(row, reused, true)
}

/// `rmp_serde::to_vec` / `rmp_serde::from_slice` (structs as arrays); for
/// the reused buffer, `rmp_serde::Serializer::new(&mut buf)` on a cleared `Vec`.
///
/// ```
/// use msgpack_bench::harness::names;
///
/// #[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
/// struct Point {
///     x: i32,
///     y: i32,
/// }
///
/// let row = msgpack_bench::rows::serde_compact::<Point>(names::RMP_SERDE_COMPACT, Point { x: 1, y: 2 })
///     .differs("structs as arrays without keys");
/// let bytes = row.run_encode().unwrap()?;
/// assert_eq!(bytes, [0x92, 0x01, 0x02]);
/// assert_eq!(row.run_check(&bytes), Some(Ok(())));
/// let mut buf = Vec::with_capacity(64);
/// assert_eq!(row.run_reuse(&mut buf), Some(Ok(3)));
/// assert_eq!(buf, bytes);
/// # Ok::<(), String>(())
/// ```
pub fn serde_compact<T>(name: impl Into<String>, source: impl Into<Rc<T>>) -> Row
where
    T: Serialize + DeserializeOwned + PartialEq + Debug + 'static,
{
    let source = source.into();
    let reused = Rc::clone(&source);
    let row = owned(name, Group::Other, source, rmp_serde::to_vec, |bytes| rmp_serde::from_slice::<T>(bytes));
    serde_reuse(row, reused, false)
}

/// Our serde data format on a serde-derived type, beside
/// [`serde_compact`] ([`names::SERDE_PATH`]): `msgpack_core::serde::to_vec`
/// (structs as arrays) / `msgpack_core::serde::from_slice`, and for the
/// reused buffer `msgpack_core::serde::to_slice` (a `SliceWriter` over
/// the slice) (faster than `append_to_vec` on a cleared `Vec`, see the module
/// notes). Its check also fails if `rmp_serde::to_vec` writes other bytes
/// (see [`like_rmp_serde`]).
///
/// ```
/// use msgpack_bench::harness::{ReuseApi, names};
///
/// #[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
/// struct Point {
///     x: i32,
///     y: i32,
/// }
///
/// let row = msgpack_bench::rows::serde_path::<Point>(names::SERDE_PATH, Point { x: 1, y: -300 });
/// let bytes = row.run_encode().unwrap()?;
/// assert_eq!(bytes, rmp_serde::to_vec(&Point { x: 1, y: -300 }).unwrap());
/// assert_eq!(row.run_check(&bytes), Some(Ok(())));
/// assert_eq!(row.group, msgpack_bench::Group::Ours);
/// // The reused buffer: a slice, the encoding at its start.
/// let mut buf = vec![0; 64];
/// assert_eq!(row.reuse_api(), Some(ReuseApi::Slice));
/// assert_eq!(row.run_reuse(&mut buf), Some(Ok(bytes.len())));
/// assert_eq!(buf[..bytes.len()], bytes);
/// # Ok::<(), String>(())
/// ```
pub fn serde_path<T>(name: impl Into<String>, source: impl Into<Rc<T>>) -> Row
where
    T: Serialize + DeserializeOwned + PartialEq + Debug + 'static,
{
    let source = source.into();
    let reused = Rc::clone(&source);
    let row = owned(name, Group::Ours, source, msgpack_core::serde::to_vec, |bytes| {
        msgpack_core::serde::from_slice::<T>(bytes)
    });
    serde_path_extras(row, reused, false)
}

/// Our serde data format with structs as maps, beside [`serde_named`]
/// ([`names::SERDE_PATH_NAMED`]): `msgpack_core::serde::to_vec_named` /
/// `from_slice`; for the reused buffer a `Serializer::named` over a
/// `SliceWriter`. Its check also fails if `rmp_serde::to_vec_named` writes
/// other bytes.
///
/// ```
/// use msgpack_bench::harness::names;
///
/// #[derive(serde::Serialize, serde::Deserialize, msgpack_core::MsgPack, Debug, PartialEq)]
/// struct Point {
///     x: i32,
///     y: i32,
/// }
///
/// let row = msgpack_bench::rows::serde_path_named::<Point>(names::SERDE_PATH_NAMED, Point { x: 1, y: 2 });
/// let bytes = row.run_encode().unwrap()?;
/// // The bytes of rmp-serde's named form and of our derive.
/// assert_eq!(bytes, msgpack_core::to_vec(&Point { x: 1, y: 2 }).unwrap());
/// assert_eq!(row.run_check(&bytes), Some(Ok(())));
/// let mut buf = vec![0xff; 64];
/// assert_eq!(row.run_reuse(&mut buf), Some(Ok(bytes.len())));
/// assert_eq!(buf[..bytes.len()], bytes);
/// # Ok::<(), String>(())
/// ```
pub fn serde_path_named<T>(name: impl Into<String>, source: impl Into<Rc<T>>) -> Row
where
    T: Serialize + DeserializeOwned + PartialEq + Debug + 'static,
{
    let source = source.into();
    let reused = Rc::clone(&source);
    let row = owned(name, Group::Ours, source, msgpack_core::serde::to_vec_named, |bytes| {
        msgpack_core::serde::from_slice::<T>(bytes)
    });
    serde_path_extras(row, reused, true)
}

/// What every serde-path row has beside its encode and decode: the
/// reused-buffer encode of `source` ([`serde_path_reuse`]) and, in its
/// check, the comparison of our bytes for `source` with rmp-serde's
/// (`to_vec_named` when `named`, else `to_vec`; see [`like_rmp_serde`]).
/// The runner checks the row's other encode (into a new `Vec`) against the
/// canonical bytes, or against this one when the row differs.
pub(crate) fn serde_path_extras<T: Serialize + ?Sized + 'static>(row: Row, source: Rc<T>, named: bool) -> Row {
    let identity = if named {
        like_rmp_serde(
            msgpack_core::serde::to_vec_named(&*source),
            rmp_serde::to_vec_named(&*source),
            "msgpack_core::serde::to_vec_named",
            "rmp_serde::to_vec_named",
        )
    } else {
        like_rmp_serde(
            msgpack_core::serde::to_vec(&*source),
            rmp_serde::to_vec(&*source),
            "msgpack_core::serde::to_vec",
            "rmp_serde::to_vec",
        )
    };
    with_identity(serde_path_reuse(row, source, named), identity)
}

/// Whether our serde path writes rmp-serde's bytes for one value: `ours`
/// and `theirs` are the two encodes (named `ours_api`, `theirs_api` in the
/// error). The sources of the rows never change, so comparing once, when the
/// row is built, compares every encode the row will time; [`with_identity`]
/// makes the row's check report the result, so that the runner stops on it
/// before it times anything (a row of ours that fails its check is an
/// error), whether or not the row writes the case's canonical bytes.
///
/// ```
/// use msgpack_bench::rows::like_rmp_serde;
///
/// let same = like_rmp_serde(msgpack_core::serde::to_vec(&(1, "a")), rmp_serde::to_vec(&(1, "a")), "ours", "theirs");
/// assert_eq!(same, Ok(()));
/// let other = like_rmp_serde(Ok::<_, String>(vec![0x91, 0x01]), Ok::<_, String>(vec![0x91, 0x02]), "ours", "theirs");
/// assert_eq!(
///     other.unwrap_err(),
///     "ours writes other bytes than theirs (2 vs 2 bytes, first difference at byte 1)"
/// );
/// ```
pub fn like_rmp_serde<E: Display, E2: Display>(
    ours: Result<Vec<u8>, E>,
    theirs: Result<Vec<u8>, E2>,
    ours_api: &str,
    theirs_api: &str,
) -> Result<(), String> {
    let ours = ours.map_err(|e| format!("{ours_api} failed: {e}"))?;
    let theirs = theirs.map_err(|e| format!("{theirs_api} failed: {e}"))?;
    if ours == theirs {
        return Ok(());
    }
    let at = ours.iter().zip(&theirs).take_while(|(a, b)| a == b).count();
    Err(format!(
        "{ours_api} writes other bytes than {theirs_api} ({} vs {} bytes, first difference at byte {at})",
        ours.len(),
        theirs.len()
    ))
}

/// `row` whose check first reports `identity` (see [`like_rmp_serde`]),
/// then runs the row's own check.
///
/// ```
/// use msgpack_bench::harness::names;
/// use msgpack_bench::rows::{self, with_identity};
///
/// let row = rows::ours::<u8>(names::DERIVE, 7);
/// let bytes = row.run_encode().unwrap()?;
/// let row = with_identity(row, Err("writes other bytes".into()));
/// assert_eq!(row.run_check(&bytes), Some(Err("writes other bytes".to_string())));
/// # Ok::<(), String>(())
/// ```
pub fn with_identity(mut row: Row, identity: Result<(), String>) -> Row {
    let check = row.check.take();
    row.check = Some(Box::new(move |bytes| {
        identity.clone()?;
        check.as_ref().map_or(Ok(()), |f| f(bytes))
    }));
    row
}

/// rmpv's dynamic value ([`names::RMPV`]): `write_value` into `Vec::new()`
/// (rmpv has no size hint), or into the reused buffer (a cleared `Vec`),
/// `read_value` from the bytes; the check also fails on bytes left after
/// the value.
///
/// ```
/// let row = msgpack_bench::rows::rmpv(rmpv::Value::from(vec![rmpv::Value::from(1), rmpv::Value::Nil]));
/// let bytes = row.run_encode().unwrap()?;
/// assert_eq!(bytes, [0x92, 0x01, 0xc0]);
/// assert_eq!(row.run_check(&bytes), Some(Ok(())));
/// assert_eq!(row.run_check(&[0x92, 0x01, 0xc0, 0xc0]), Some(Err("1 bytes left after the value".to_string())));
/// let mut buf = Vec::with_capacity(16);
/// assert_eq!(row.run_reuse(&mut buf), Some(Ok(3)));
/// assert_eq!(buf, bytes);
/// # Ok::<(), String>(())
/// ```
pub fn rmpv(value: rmpv::Value) -> Row {
    let value = Rc::new(value);
    let want = Rc::clone(&value);
    let reused = Rc::clone(&value);
    let row = Row::new(names::RMPV, Group::Other)
        .encode(move || {
            let mut out = Vec::new();
            rmpv::encode::write_value(&mut out, &value).map(|()| out)
        })
        .decode(|bytes| rmpv::decode::read_value(&mut &bytes[..]))
        .check(move |bytes| {
            let mut rest = bytes;
            let got = rmpv::decode::read_value(&mut rest).map_err(|e| e.to_string())?;
            if !rest.is_empty() {
                return Err(format!("{} bytes left after the value", rest.len()));
            }
            expect_eq(&got, &want)
        });
    rmpv_reuse(row, reused)
}

/// `zerompk::to_msgpack_vec` / `zerompk::from_msgpack` on an owned type (its
/// derive, or its traits implemented by hand); `zerompk::to_msgpack` into
/// the reused slice.
///
/// ```
/// use msgpack_bench::harness::names;
///
/// let row = msgpack_bench::rows::zerompk::<Vec<u32>>(names::ZEROMPK, vec![1, 2, 300]);
/// let bytes = row.run_encode().unwrap()?;
/// assert_eq!(bytes, msgpack_core::to_vec(&[1u32, 2, 300]).unwrap());
/// assert_eq!(row.run_check(&bytes), Some(Ok(())));
/// let mut buf = vec![0; 16];
/// assert_eq!(row.run_reuse(&mut buf), Some(Ok(6)));
/// assert_eq!(buf[..6], bytes);
/// # Ok::<(), String>(())
/// ```
pub fn zerompk<T>(name: impl Into<String>, source: impl Into<Rc<T>>) -> Row
where
    T: zerompk::ToMessagePack + for<'de> zerompk::FromMessagePack<'de> + PartialEq + Debug + 'static,
{
    let source = source.into();
    let reused = Rc::clone(&source);
    owned(name, Group::Other, source, zerompk::to_msgpack_vec, |bytes| zerompk::from_msgpack::<T>(bytes))
        .encode_slice(move |buf| zerompk::to_msgpack(&*reused, buf))
}

/// zerompk's dynamic `Value` ([`names::ZEROMPK_VALUE`]), whose strings
/// borrow from the input; `zerompk::to_msgpack` into the reused slice.
///
/// ```
/// let value = zerompk::Value::Map(vec![(zerompk::Value::from("id"), zerompk::Value::from(7u8))]);
/// let row = msgpack_bench::rows::zerompk_value(value);
/// let bytes = row.run_encode().unwrap()?;
/// assert_eq!(bytes, [0x81, 0xa2, b'i', b'd', 0x07]);
/// assert_eq!(row.run_decode(&bytes), Some(Ok(())));
/// assert_eq!(row.run_check(&bytes), Some(Ok(())));
/// let mut buf = vec![0; 16];
/// assert_eq!(row.run_reuse(&mut buf), Some(Ok(5)));
/// assert_eq!(buf[..5], bytes);
/// # Ok::<(), String>(())
/// ```
pub fn zerompk_value(value: zerompk::Value<'static>) -> Row {
    borrowed!(
        names::ZEROMPK_VALUE,
        Group::Other,
        value,
        zerompk::Value<'_>,
        zerompk::to_msgpack_vec,
        zerompk::from_msgpack
    )
}

/// `msgpacker::pack_to_vec` / `Unpackable::unpack` on an owned type (its
/// derive, or a standard type); `Packable::pack` into its `EncoderSlice`
/// over the reused slice.
///
/// ```
/// use std::collections::BTreeMap;
/// use msgpack_bench::harness::names;
///
/// let map = BTreeMap::from([(1u32, "one".to_string()), (2, "two".to_string())]);
/// let row = msgpack_bench::rows::msgpacker::<BTreeMap<u32, String>>(names::MSGPACKER, map.clone());
/// let bytes = row.run_encode().unwrap()?;
/// // Standard types come out as MessagePack (only its derive has a layout of its own).
/// assert_eq!(bytes, msgpack_core::to_vec(&map).unwrap());
/// assert_eq!(row.run_check(&bytes), Some(Ok(())));
/// let mut buf = vec![0; 64];
/// assert_eq!(row.run_reuse(&mut buf), Some(Ok(bytes.len())));
/// assert_eq!(buf[..bytes.len()], bytes);
/// // Its slice encoder trusts the caller for room: the row checks first.
/// assert!(row.run_reuse(&mut vec![0; 4]).unwrap().is_err());
/// # Ok::<(), String>(())
/// ```
pub fn msgpacker<T>(name: impl Into<String>, source: impl Into<Rc<T>>) -> Row
where
    T: msgpacker::Packable + msgpacker::Unpackable + PartialEq + Debug + 'static,
    <T as msgpacker::Unpackable>::Error: Debug,
{
    let source = source.into();
    let reused = Rc::clone(&source);
    let encode = |value: &T| Ok::<_, Infallible>(msgpacker::pack_to_vec(value));
    // Debug: msgpacker's error has no Display before 0.7.2 (`pinned/`).
    let decode = |bytes: &[u8]| T::unpack(bytes).map_err(|e| format!("{e:?}"));
    msgpacker_reuse(owned(name, Group::Other, source, encode, decode), reused)
}

/// Adds rmp-serde's reused-buffer encode to `row`: `source` serialized by
/// `rmp_serde::Serializer` (`with_struct_map` when `named`) into the buffer.
pub(crate) fn serde_reuse<T: Serialize + ?Sized + 'static>(row: Row, source: Rc<T>, named: bool) -> Row {
    match REUSE_SERDE {
        ReuseApi::Vec => row.encode_reuse_vec(move |buf| {
            if named {
                source.serialize(&mut rmp_serde::Serializer::new(buf).with_struct_map())
            } else {
                source.serialize(&mut rmp_serde::Serializer::new(buf))
            }
        }),
        ReuseApi::Slice => row.encode_slice(move |buf| {
            let room = buf.len();
            let mut rest: &mut [u8] = buf;
            if named {
                source.serialize(&mut rmp_serde::Serializer::new(&mut rest).with_struct_map())?;
            } else {
                source.serialize(&mut rmp_serde::Serializer::new(&mut rest))?;
            }
            Ok::<_, rmp_serde::encode::Error>(room - rest.len())
        }),
    }
}

/// Adds our serde path's reused-buffer encode to `row`: `source`
/// serialized by `msgpack_core::serde::Serializer` (`Serializer::named` when
/// `named`) into the buffer: `to_slice` (a `SliceWriter`) for the compact
/// form on a slice, `append_to_vec` on a `Vec`.
pub(crate) fn serde_path_reuse<T: Serialize + ?Sized + 'static>(row: Row, source: Rc<T>, named: bool) -> Row {
    match REUSE_SERDE_PATH {
        ReuseApi::Vec => row.encode_reuse_vec(move |buf| {
            if named {
                source.serialize(&mut msgpack_core::serde::Serializer::named(buf))
            } else {
                msgpack_core::serde::append_to_vec(&*source, buf)
            }
        }),
        ReuseApi::Slice => row.encode_slice(move |buf| {
            if named {
                let mut w = SliceWriter::new(buf);
                source.serialize(&mut msgpack_core::serde::Serializer::named(&mut w))?;
                Ok::<_, msgpack_core::serde::Error<EndOfSlice>>(w.position())
            } else {
                msgpack_core::serde::to_slice(&*source, buf)
            }
        }),
    }
}

/// Adds rmpv's reused-buffer encode to `row`: `rmpv::encode::write_value`
/// of `value` into the buffer.
pub(crate) fn rmpv_reuse(row: Row, value: Rc<rmpv::Value>) -> Row {
    match REUSE_RMPV {
        ReuseApi::Vec => row.encode_reuse_vec(move |buf| rmpv::encode::write_value(buf, &value)),
        ReuseApi::Slice => row.encode_slice(move |buf| {
            let room = buf.len();
            let mut rest: &mut [u8] = buf;
            rmpv::encode::write_value(&mut rest, &value)?;
            Ok::<_, rmpv::encode::Error>(room - rest.len())
        }),
    }
}

/// Adds msgpacker's reused-buffer encode to `row`: `Packable::pack` of
/// `source` into the buffer.
///
/// msgpacker's slice encoder (`EncoderSlice`) does not check for room in a
/// release build (it trusts the caller), so the closure checks the buffer
/// against the length of the encoding, known in advance: the source never
/// changes.
pub(crate) fn msgpacker_reuse<T: msgpacker::Packable + ?Sized + 'static>(row: Row, source: Rc<T>) -> Row {
    let len = source.pack_to_vec().len();
    match REUSE_MSGPACKER {
        ReuseApi::Vec => row.encode_reuse_vec(move |buf| {
            source.pack(buf);
            Ok::<_, Infallible>(())
        }),
        ReuseApi::Slice => row.encode_slice(move |buf| {
            if buf.len() < len {
                return Err(format!("{len} bytes do not fit a {}-byte buffer", buf.len()));
            }
            Ok(source.pack(&mut msgpacker::EncoderSlice::new(buf)))
        }),
    }
}
