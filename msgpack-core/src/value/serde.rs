//! `serde` support for [`Value`] and [`ValueRef`] (feature `serde`).
//!
//! The mapping between MessagePack and serde's data model is documented on
//! the `Serialize` and `Deserialize` impls of [`Value`]; `ValueRef` maps
//! the same way.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::marker::PhantomData;

use ::serde::de::{self, Deserialize, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use ::serde::ser::{Serialize, Serializer};

use super::{Integer, Value, ValueRef};
use crate::decode::DecodeOptions;
use crate::ext::{Ext, ExtRef};

/// The newtype struct name that rmp-serde and rmpv use for ext items:
/// `_ExtStruct((type, bytes))`.
const EXT_STRUCT: &str = "_ExtStruct";

/// How deep [`Value`] and [`ValueRef`] deserialize, in nested arrays, maps,
/// options and newtypes: the default of [`DecodeOptions::max_depth`].
const MAX_DEPTH: u32 = DecodeOptions::DEFAULT_MAX_DEPTH;

/// At most this many bytes are reserved ahead of elements from a format's
/// length hint (a hostile prefix cannot make one container reserve more).
const MAX_PREALLOC_BYTES: usize = 64 * 1024;

// ---- Serialize ---------------------------------------------------------------

/// Serializes into serde's data model; any serde format can write a `Value`
/// (`serde_json::to_string(&value)`, `rmp_serde::to_vec(&value)`, ...).
///
/// | MessagePack | serde | JSON (`serde_json`) |
/// |---|---|---|
/// | `nil` | `serialize_unit` | `null` |
/// | `bool` | `serialize_bool` | `true` / `false` |
/// | integer | `serialize_u64` when not negative, `serialize_i64` when negative | number |
/// | `float 32` / `float 64` | `serialize_f32` / `serialize_f64` | number (`null` for NaN and infinities) |
/// | `str` | `serialize_str` | string |
/// | `bin` | `serialize_bytes` | array of numbers `0..=255` |
/// | array | `serialize_seq` | array |
/// | map | `serialize_map`, keys of any type, in order, duplicates kept | object (keys must be strings, numbers or booleans, written as strings) |
/// | ext | newtype struct `_ExtStruct` around the tuple `(i8, bytes)` | `[type, [payload bytes]]` |
///
/// The ext form is the one of rmp-serde and rmpv, so `rmp_serde::to_vec`
/// writes a `Value` back as the same MessagePack bytes (timestamps
/// included: they are ext items of type -1). Formats without bytes or ext
/// write their fallback for them (serde_json: arrays of numbers), which
/// reads back as arrays (see the `Deserialize` impl).
///
/// Serializing recurses once per level of nesting, as [`Encode`](crate::Encode)
/// does: a decoded or deserialized `Value` is bounded by the depth limit; one
/// built by hand deeper than the thread stack allows overflows it.
///
/// ```
/// use msgpack_core::{Ext, Value};
///
/// let v = Value::Map(vec![
///     (Value::from("id"), Value::from(-7i8)),
///     (Value::from("raw"), Value::from(vec![1u8, 2])),
///     (Value::from("ext"), Value::from(Ext::new(5, vec![0xff]))),
/// ]);
/// assert_eq!(serde_json::to_string(&v)?, r#"{"id":-7,"raw":[1,2],"ext":[5,[255]]}"#);
/// assert_eq!(rmp_serde::to_vec(&v)?, msgpack_core::to_vec(&v)?); // the same bytes
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Serialize for Value {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Value::Nil => s.serialize_unit(),
            Value::Bool(b) => s.serialize_bool(*b),
            Value::Int(i) => serialize_int(*i, s),
            Value::F32(v) => s.serialize_f32(*v),
            Value::F64(v) => s.serialize_f64(*v),
            Value::Str(v) => s.serialize_str(v),
            Value::Bin(v) => s.serialize_bytes(v),
            Value::Array(items) => s.collect_seq(items),
            Value::Map(entries) => s.collect_map(entries.iter().map(|(k, v)| (k, v))),
            Value::Ext(x) => serialize_ext(x.as_ref(), s),
        }
    }
}

/// The same as the equal [`Value`] (see its `Serialize` impl).
///
/// ```
/// use msgpack_core::ValueRef;
///
/// let v: ValueRef = msgpack_core::from_slice(&[0x92, 0xa2, b'h', b'i', 0xc4, 0x01, 0x07])?;
/// assert_eq!(serde_json::to_string(&v)?, r#"["hi",[7]]"#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Serialize for ValueRef<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            ValueRef::Nil => s.serialize_unit(),
            ValueRef::Bool(b) => s.serialize_bool(*b),
            ValueRef::Int(i) => serialize_int(*i, s),
            ValueRef::F32(v) => s.serialize_f32(*v),
            ValueRef::F64(v) => s.serialize_f64(*v),
            ValueRef::Str(v) => s.serialize_str(v),
            ValueRef::Bin(v) => s.serialize_bytes(v),
            ValueRef::Array(items) => s.collect_seq(items),
            ValueRef::Map(entries) => s.collect_map(entries.iter().map(|(k, v)| (k, v))),
            ValueRef::Ext(x) => serialize_ext(*x, s),
        }
    }
}

fn serialize_int<S: Serializer>(i: Integer, s: S) -> Result<S::Ok, S::Error> {
    // Lossless casts: an `Integer` lies in `i64::MIN..=u64::MAX`.
    let v = i128::from(i);
    if v < 0 { s.serialize_i64(v as i64) } else { s.serialize_u64(v as u64) }
}

/// `_ExtStruct((ty, bytes))`, the form rmp-serde writes as an ext item.
fn serialize_ext<S: Serializer>(x: ExtRef<'_>, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_newtype_struct(EXT_STRUCT, &(x.ty, Bytes(x.data)))
}

/// Bytes that serialize with `serialize_bytes` (a `&[u8]` is a sequence in serde).
struct Bytes<'a>(&'a [u8]);

impl Serialize for Bytes<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(self.0)
    }
}

// ---- Deserialize -------------------------------------------------------------

/// Deserializes from any self-describing serde format
/// (`serde_json::from_str::<Value>(..)`, `rmp_serde::from_slice::<Value>(..)`, ...).
///
/// | serde | `Value` |
/// |---|---|
/// | unit, `None` | `Nil` (`Some(x)` is `x`) |
/// | bool | `Bool` |
/// | `u8`..`u64`, `i8`..`i64` | `Int` (by value: `i64` 5 and `u64` 5 are the same `Int`) |
/// | `u128`, `i128` | `Int` within `i64::MIN..=u64::MAX`, else an error |
/// | `f32` / `f64` | `F32` / `F64` |
/// | `char`, string | `Str` |
/// | bytes | `Bin` |
/// | sequence | `Array` |
/// | map | `Map` (keys of any type, in the format's order, duplicates kept) |
/// | newtype struct | `Ext` if its content is a pair (integer in `i8` range, bytes): how rmp-serde and rmpv hand out an ext item (`_ExtStruct((i8, bytes))`); else the content |
/// | enum | an error: `Value` has no enum form (serde_json and rmp-serde never hand one to `deserialize_any`) |
///
/// So every MessagePack value read by rmp-serde becomes the same `Value`
/// [`from_slice`](crate::from_slice) gives (ext and timestamps included).
/// A format whose data model is smaller gives the nearest values back:
/// through JSON, `bin` comes back as an array of numbers, ext as the array
/// `[type, [payload bytes]]`, `F32` as `F64`, non-string map keys as
/// strings, and NaN or infinities as `Nil`.
///
/// **Depth.** Deserializing recurses once per level of nesting, and the
/// format drives the recursion: a format without a depth limit of its own
/// (serde_json after `disable_recursion_limit`, a hand-written
/// `Deserializer`) could otherwise overflow the stack on hostile input.
/// `Value` stops with an error past [`DecodeOptions::DEFAULT_MAX_DEPTH`]
/// (1024) levels, whatever the format (serde_json's own default limit is
/// 128, rmp-serde's 1024). Arrays, maps, `Some` and newtypes each count as
/// a level; an ext item from rmp-serde counts two (a newtype around a pair),
/// so a `Value` that [`from_slice`](crate::from_slice) reads with an ext
/// item nested in 1023 or 1024 arrays and maps is too deep here. At the
/// limit, serde_json or rmp-serde and `Value` together need under 1 MiB of
/// stack in a release build (under 4 MiB unoptimised; measured by
/// `tests/serde_compat/value_serde.rs`).
///
/// ```
/// use msgpack_core::Value;
///
/// let v: Value = serde_json::from_str(r#"{"id": -7, "tags": ["a", null], "ok": true, "pi": 3.5}"#)?;
/// assert_eq!(v.get("id").and_then(Value::as_i64), Some(-7));
/// assert_eq!(v.to_string(), r#"{"id": -7, "tags": ["a", nil], "ok": true, "pi": 3.5}"#);
///
/// // rmp-serde reads MessagePack into the same Value as from_slice.
/// let bytes = [0x82, 0xa1, b'b', 0xc4, 0x01, 0xff, 0x01, 0xd4, 0x05, 0x00]; // {"b": bin [255], 1: ext 5 [0]}
/// let from_serde: Value = rmp_serde::from_slice(&bytes)?;
/// assert_eq!(from_serde, msgpack_core::from_slice::<Value>(&bytes)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl<'de> Deserialize<'de> for Value {
    #[inline]
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Seed::<Value>::root().deserialize(d)
    }
}

/// Deserializes like [`Value`], borrowing every string and byte string from
/// the input: from a format that hands out borrowed data
/// (`visit_borrowed_str` / `visit_borrowed_bytes`, as rmp-serde's
/// `from_slice` always and serde_json's `from_str` for strings without
/// escapes do). A string or byte string the format had to copy (a JSON
/// string with an escape, any string read from an `io::Read`) is an
/// "invalid type" error: deserialize a [`Value`] there instead.
///
/// ```
/// use msgpack_core::ValueRef;
///
/// let input = [0x92, 0xa2, b'h', b'i', 0xc4, 0x01, 0xff]; // ["hi", bin [255]]
/// let v: ValueRef = rmp_serde::from_slice(&input)?;
/// assert_eq!(v.get_index(0).and_then(ValueRef::as_str).map(str::as_ptr), Some(input[2..].as_ptr()));
/// assert_eq!(v, msgpack_core::from_slice::<ValueRef>(&input)?);
///
/// let json = r#"["plain", "esc\"aped"]"#;
/// assert!(serde_json::from_str::<ValueRef>(r#"["plain"]"#).is_ok());
/// assert!(serde_json::from_str::<ValueRef>(json).is_err()); // the escaped string is a copy
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl<'de> Deserialize<'de> for ValueRef<'de> {
    #[inline]
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Seed::<ValueRef<'de>>::root().deserialize(d)
    }
}

/// What [`Seed`] builds: [`Value`] or [`ValueRef`], which differ in how
/// they take strings and bytes.
trait Node<'de>: Sized {
    const EXPECTING: &'static str;
    fn nil() -> Self;
    fn bool(v: bool) -> Self;
    fn int(v: Integer) -> Self;
    fn f32(v: f32) -> Self;
    fn f64(v: f64) -> Self;
    fn str<E: de::Error>(v: &str) -> Result<Self, E>;
    fn borrowed_str(v: &'de str) -> Self;
    fn string<E: de::Error>(v: String) -> Result<Self, E>;
    fn bytes<E: de::Error>(v: &[u8]) -> Result<Self, E>;
    fn borrowed_bytes(v: &'de [u8]) -> Self;
    fn byte_buf<E: de::Error>(v: Vec<u8>) -> Result<Self, E>;
    fn array(items: Vec<Self>) -> Self;
    fn map(entries: Vec<(Self, Self)>) -> Self;
    /// The content of a newtype struct: an ext item if it has the shape of
    /// rmp-serde's `_ExtStruct((i8, bytes))`, else the content itself.
    fn newtype(inner: Self) -> Self;
}

impl<'de> Node<'de> for Value {
    const EXPECTING: &'static str = "any MessagePack value";
    fn nil() -> Self {
        Value::Nil
    }
    fn bool(v: bool) -> Self {
        Value::Bool(v)
    }
    fn int(v: Integer) -> Self {
        Value::Int(v)
    }
    fn f32(v: f32) -> Self {
        Value::F32(v)
    }
    fn f64(v: f64) -> Self {
        Value::F64(v)
    }
    fn str<E: de::Error>(v: &str) -> Result<Self, E> {
        Ok(Value::Str(v.into()))
    }
    fn borrowed_str(v: &'de str) -> Self {
        Value::Str(v.into())
    }
    fn string<E: de::Error>(v: String) -> Result<Self, E> {
        Ok(Value::Str(v))
    }
    fn bytes<E: de::Error>(v: &[u8]) -> Result<Self, E> {
        Ok(Value::Bin(v.into()))
    }
    fn borrowed_bytes(v: &'de [u8]) -> Self {
        Value::Bin(v.into())
    }
    fn byte_buf<E: de::Error>(v: Vec<u8>) -> Result<Self, E> {
        Ok(Value::Bin(v))
    }
    fn array(items: Vec<Self>) -> Self {
        Value::Array(items)
    }
    fn map(entries: Vec<(Self, Self)>) -> Self {
        Value::Map(entries)
    }
    fn newtype(mut inner: Self) -> Self {
        if let Some([ty, Value::Bin(data)]) = inner.as_array_mut().map(Vec::as_mut_slice) {
            if let Some(ty) = ext_type(ty.as_int()) {
                return Value::Ext(Ext::new(ty, core::mem::take(data)));
            }
        }
        inner
    }
}

impl<'de> Node<'de> for ValueRef<'de> {
    const EXPECTING: &'static str = "any MessagePack value, with strings and byte strings borrowed from the input";
    fn nil() -> Self {
        ValueRef::Nil
    }
    fn bool(v: bool) -> Self {
        ValueRef::Bool(v)
    }
    fn int(v: Integer) -> Self {
        ValueRef::Int(v)
    }
    fn f32(v: f32) -> Self {
        ValueRef::F32(v)
    }
    fn f64(v: f64) -> Self {
        ValueRef::F64(v)
    }
    fn str<E: de::Error>(v: &str) -> Result<Self, E> {
        Err(E::invalid_type(de::Unexpected::Str(v), &BORROWED))
    }
    fn borrowed_str(v: &'de str) -> Self {
        ValueRef::Str(v)
    }
    fn string<E: de::Error>(v: String) -> Result<Self, E> {
        Self::str(&v)
    }
    fn bytes<E: de::Error>(v: &[u8]) -> Result<Self, E> {
        Err(E::invalid_type(de::Unexpected::Bytes(v), &BORROWED))
    }
    fn borrowed_bytes(v: &'de [u8]) -> Self {
        ValueRef::Bin(v)
    }
    fn byte_buf<E: de::Error>(v: Vec<u8>) -> Result<Self, E> {
        Self::bytes(&v)
    }
    fn array(items: Vec<Self>) -> Self {
        ValueRef::Array(items)
    }
    fn map(entries: Vec<(Self, Self)>) -> Self {
        ValueRef::Map(entries)
    }
    fn newtype(inner: Self) -> Self {
        if let Some(&[ref ty, ValueRef::Bin(data)]) = inner.as_array() {
            if let Some(ty) = ext_type(ty.as_int()) {
                return ValueRef::Ext(ExtRef::new(ty, data));
            }
        }
        inner
    }
}

/// The ext type in the first element of an `_ExtStruct` tuple.
fn ext_type(ty: Option<Integer>) -> Option<i8> {
    ty?.as_i64().and_then(|t| i8::try_from(t).ok())
}

/// What a [`ValueRef`] expected instead of a string or bytes the format copied.
const BORROWED: &str = "a string or byte string borrowed from the input (use Value where the format copies)";

/// Deserializes a `T` with `depth` levels of nesting above it; both the
/// `DeserializeSeed` and the `Visitor` of the recursion.
struct Seed<T> {
    depth: u32,
    _node: PhantomData<fn() -> T>,
}

// Not derived: that would require `T: Clone`.
impl<T> Clone for Seed<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Seed<T> {}

impl<T> Seed<T> {
    fn root() -> Self {
        Seed { depth: 0, _node: PhantomData }
    }

    /// The seed one level down, or an error past [`MAX_DEPTH`].
    fn nested<E: de::Error>(&self) -> Result<Seed<T>, E> {
        if self.depth >= MAX_DEPTH {
            return Err(E::custom(format_args!(
                "nesting deeper than the limit of {MAX_DEPTH} (msgpack_core::Value's Deserialize)"
            )));
        }
        Ok(Seed { depth: self.depth + 1, _node: PhantomData })
    }
}

/// Reserves for a format's length hint, at most [`MAX_PREALLOC_BYTES`].
fn with_hint<T>(hint: Option<usize>) -> Vec<T> {
    Vec::with_capacity(hint.unwrap_or(0).min(MAX_PREALLOC_BYTES / core::mem::size_of::<T>().max(1)))
}

impl<'de, T: Node<'de>> DeserializeSeed<'de> for Seed<T> {
    type Value = T;

    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<T, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de, T: Node<'de>> Visitor<'de> for Seed<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(T::EXPECTING)
    }

    fn visit_unit<E: de::Error>(self) -> Result<T, E> {
        Ok(T::nil())
    }

    fn visit_none<E: de::Error>(self) -> Result<T, E> {
        Ok(T::nil())
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<T, D::Error> {
        self.nested()?.deserialize(d)
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<T, E> {
        Ok(T::bool(v))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<T, E> {
        Ok(T::int(v.into()))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<T, E> {
        Ok(T::int(v.into()))
    }

    fn visit_i128<E: de::Error>(self, v: i128) -> Result<T, E> {
        match Integer::try_from(v) {
            Ok(i) => Ok(T::int(i)),
            Err(_) => Err(E::custom(format_args!("integer {v} outside the MessagePack range i64::MIN..=u64::MAX"))),
        }
    }

    fn visit_u128<E: de::Error>(self, v: u128) -> Result<T, E> {
        match Integer::try_from(v) {
            Ok(i) => Ok(T::int(i)),
            Err(_) => Err(E::custom(format_args!("integer {v} outside the MessagePack range i64::MIN..=u64::MAX"))),
        }
    }

    fn visit_f32<E: de::Error>(self, v: f32) -> Result<T, E> {
        Ok(T::f32(v))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<T, E> {
        Ok(T::f64(v))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<T, E> {
        T::str(v)
    }

    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<T, E> {
        Ok(T::borrowed_str(v))
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<T, E> {
        T::string(v)
    }

    fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<T, E> {
        T::bytes(v)
    }

    fn visit_borrowed_bytes<E: de::Error>(self, v: &'de [u8]) -> Result<T, E> {
        Ok(T::borrowed_bytes(v))
    }

    fn visit_byte_buf<E: de::Error>(self, v: Vec<u8>) -> Result<T, E> {
        T::byte_buf(v)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<T, A::Error> {
        let inner = self.nested()?;
        let mut items = with_hint::<T>(seq.size_hint());
        while let Some(item) = seq.next_element_seed(inner)? {
            items.push(item);
        }
        Ok(T::array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<T, A::Error> {
        let inner = self.nested()?;
        let mut entries = with_hint::<(T, T)>(map.size_hint());
        while let Some(k) = map.next_key_seed(inner)? {
            let v = map.next_value_seed(inner)?;
            entries.push((k, v));
        }
        Ok(T::map(entries))
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<T, D::Error> {
        Ok(T::newtype(self.nested()?.deserialize(d)?))
    }
}
