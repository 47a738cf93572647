//! Row constructors shared by the workloads, one per kind of implementation
//! (ours, rmp-serde, rmpv, zerompk, msgpacker), so that a workload only says
//! which value a row holds and under which name.
//!
//! Every row built here has the three operations of [`Row`]: encode the
//! source into a fresh `Vec<u8>`, decode the bytes into the row's own type
//! (passed through `black_box` and dropped), and a check that decodes the
//! bytes and compares the result with the source ([`expect_eq`]).
//!
//! The source is held in an [`Rc`] that the encode operation and the check
//! share. The typed constructors take the value or an `Rc` that other rows
//! hold too (the large W3 cases share one copy), so they are told the decoded
//! type with a turbofish: `rows::ours::<Node>(names::DERIVE, tree)`. Types
//! that borrow from the input go through [`borrowed_slice`] (`&str`, `&[u8]`)
//! or the crate-internal `borrowed!` macro (any other `Type<'a>`).

use std::borrow::Borrow;
use std::convert::Infallible;
use std::fmt::{Debug, Display};
use std::hint::black_box;
use std::rc::Rc;

use msgpack_core::decode::DecodeOwned;
use msgpack_core::encode::Encode;
use msgpack_core::{Value, ValueRef};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::harness::{Group, Row, expect_eq, names};

/// A row over a type that borrows from its input, which [`Row::decode`]
/// cannot take: `borrowed!(name, group, source, Type<'_>, encode, decode)`.
///
/// `encode(&source)` encodes; `decode(bytes)` decodes into `Type<'_>`, which
/// the decode operation passes through `black_box` and the check compares with
/// the (`'static`) source.
macro_rules! borrowed {
    ($name:expr, $group:expr, $source:expr, $ty:ty, $encode:path, $decode:path $(,)?) => {{
        let source = ::std::rc::Rc::new($source);
        let want = ::std::rc::Rc::clone(&source);
        $crate::harness::Row::new($name, $group)
            .encode(move || $encode(&*source))
            .decode_with(|bytes| {
                let value: $ty = $decode(bytes).map_err(|e| e.to_string())?;
                ::std::hint::black_box(&value);
                Ok(())
            })
            .check(move |bytes| {
                let value: $ty = $decode(bytes).map_err(|e| e.to_string())?;
                $crate::harness::expect_eq(&value, &*want)
            })
    }};
}

pub(crate) use borrowed;

/// A row over an owned type `T`: `encode(&source)` encodes, `decode(bytes)`
/// decodes into `T`; the check compares the decoded `T` with the source.
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
/// check compares the decoded `&S` with the source.
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

/// Our `to_vec` / `from_slice` on an owned type (a derive, a standard type).
///
/// ```
/// use msgpack_bench::harness::names;
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
/// # Ok::<(), String>(())
/// ```
pub fn ours<T>(name: impl Into<String>, source: impl Into<Rc<T>>) -> Row
where
    T: Encode + DecodeOwned + PartialEq + Debug + 'static,
{
    owned(name, Group::Ours, source, msgpack_core::to_vec, |bytes| msgpack_core::from_slice::<T>(bytes))
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
/// # Ok::<(), String>(())
/// ```
pub fn value_ref(value: ValueRef<'static>) -> Row {
    borrowed!(names::VALUE_REF, Group::Ours, value, ValueRef<'_>, msgpack_core::to_vec, msgpack_core::from_slice)
}

/// `rmp_serde::to_vec_named` / `rmp_serde::from_slice` (structs as maps).
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
/// # Ok::<(), String>(())
/// ```
pub fn serde_named<T>(name: impl Into<String>, source: impl Into<Rc<T>>) -> Row
where
    T: Serialize + DeserializeOwned + PartialEq + Debug + 'static,
{
    owned(name, Group::Other, source, rmp_serde::to_vec_named, |bytes| rmp_serde::from_slice::<T>(bytes))
}

/// `rmp_serde::to_vec` / `rmp_serde::from_slice` (structs as arrays).
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
/// # Ok::<(), String>(())
/// ```
pub fn serde_compact<T>(name: impl Into<String>, source: impl Into<Rc<T>>) -> Row
where
    T: Serialize + DeserializeOwned + PartialEq + Debug + 'static,
{
    owned(name, Group::Other, source, rmp_serde::to_vec, |bytes| rmp_serde::from_slice::<T>(bytes))
}

/// rmpv's dynamic value ([`names::RMPV`]): `write_value` into `Vec::new()`
/// (rmpv has no size hint), `read_value` from the bytes; the check also
/// fails on bytes left after the value.
///
/// ```
/// let row = msgpack_bench::rows::rmpv(rmpv::Value::from(vec![rmpv::Value::from(1), rmpv::Value::Nil]));
/// let bytes = row.run_encode().unwrap()?;
/// assert_eq!(bytes, [0x92, 0x01, 0xc0]);
/// assert_eq!(row.run_check(&bytes), Some(Ok(())));
/// assert_eq!(row.run_check(&[0x92, 0x01, 0xc0, 0xc0]), Some(Err("1 bytes left after the value".to_string())));
/// # Ok::<(), String>(())
/// ```
pub fn rmpv(value: rmpv::Value) -> Row {
    let want = value.clone();
    Row::new(names::RMPV, Group::Other)
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
        })
}

/// `zerompk::to_msgpack_vec` / `zerompk::from_msgpack` on an owned type (its
/// derive, or its traits implemented by hand).
///
/// ```
/// use msgpack_bench::harness::names;
///
/// let row = msgpack_bench::rows::zerompk::<Vec<u32>>(names::ZEROMPK, vec![1, 2, 300]);
/// let bytes = row.run_encode().unwrap()?;
/// assert_eq!(bytes, msgpack_core::to_vec(&[1u32, 2, 300]).unwrap());
/// assert_eq!(row.run_check(&bytes), Some(Ok(())));
/// # Ok::<(), String>(())
/// ```
pub fn zerompk<T>(name: impl Into<String>, source: impl Into<Rc<T>>) -> Row
where
    T: zerompk::ToMessagePack + for<'de> zerompk::FromMessagePack<'de> + PartialEq + Debug + 'static,
{
    owned(name, Group::Other, source, zerompk::to_msgpack_vec, |bytes| zerompk::from_msgpack::<T>(bytes))
}

/// zerompk's dynamic `Value` ([`names::ZEROMPK_VALUE`]), whose strings
/// borrow from the input.
///
/// ```
/// let value = zerompk::Value::Map(vec![(zerompk::Value::from("id"), zerompk::Value::from(7u8))]);
/// let row = msgpack_bench::rows::zerompk_value(value);
/// let bytes = row.run_encode().unwrap()?;
/// assert_eq!(bytes, [0x81, 0xa2, b'i', b'd', 0x07]);
/// assert_eq!(row.run_decode(&bytes), Some(Ok(())));
/// assert_eq!(row.run_check(&bytes), Some(Ok(())));
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
/// derive, or a standard type).
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
/// # Ok::<(), String>(())
/// ```
pub fn msgpacker<T>(name: impl Into<String>, source: impl Into<Rc<T>>) -> Row
where
    T: msgpacker::Packable + msgpacker::Unpackable + PartialEq + Debug + 'static,
{
    let encode = |value: &T| Ok::<_, Infallible>(msgpacker::pack_to_vec(value));
    owned(name, Group::Other, source, encode, T::unpack)
}
