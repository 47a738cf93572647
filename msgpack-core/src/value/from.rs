//! Conversions into [`Value`] and [`ValueRef`].
//!
//! Scalars map to the variant of the same name (`u16` to `Int`, `f32` to
//! `F32`), `&str`/`String` to `Str`, byte slices and `Vec<u8>` to `Bin`,
//! `None` and `()` to `Nil`; collecting values gives an array, collecting
//! pairs gives a map.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use super::{Integer, Value, ValueRef};
use crate::ext::{Ext, ExtRef, TIMESTAMP_TYPE, Timestamp};

macro_rules! from_scalars {
    ($($t:ty),*) => {$(
        impl From<$t> for Value {
            #[inline]
            fn from(v: $t) -> Self {
                Value::Int(Integer::from(v))
            }
        }

        impl From<$t> for ValueRef<'_> {
            #[inline]
            fn from(v: $t) -> Self {
                ValueRef::Int(Integer::from(v))
            }
        }
    )*};
}

from_scalars!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize, Integer);

macro_rules! from_same {
    ($($t:ty => $variant:ident;)*) => {$(
        impl From<$t> for Value {
            #[inline]
            fn from(v: $t) -> Self {
                Value::$variant(v)
            }
        }

        impl From<$t> for ValueRef<'_> {
            #[inline]
            fn from(v: $t) -> Self {
                ValueRef::$variant(v)
            }
        }
    )*};
}

from_same! {
    bool => Bool;
    f32 => F32;
    f64 => F64;
}

/// `nil`.
///
/// ```
/// assert!(msgpack_core::Value::from(()).is_nil());
/// ```
impl From<()> for Value {
    #[inline]
    fn from((): ()) -> Self {
        Value::Nil
    }
}

/// `nil`.
///
/// ```
/// assert!(msgpack_core::ValueRef::from(()).is_nil());
/// ```
impl From<()> for ValueRef<'_> {
    #[inline]
    fn from((): ()) -> Self {
        ValueRef::Nil
    }
}

/// `None` is `nil`, `Some(v)` is `v`.
///
/// ```
/// use msgpack_core::Value;
/// assert_eq!(Value::from(None::<u8>), Value::Nil);
/// assert_eq!(Value::from(Some("x")), Value::from("x"));
/// ```
impl<T: Into<Value>> From<Option<T>> for Value {
    #[inline]
    fn from(v: Option<T>) -> Self {
        v.map_or(Value::Nil, Into::into)
    }
}

/// `None` is `nil`, `Some(v)` is `v`.
///
/// ```
/// use msgpack_core::ValueRef;
/// assert_eq!(ValueRef::from(Some(1u8)), ValueRef::from(1u8));
/// ```
impl<'a, T: Into<ValueRef<'a>>> From<Option<T>> for ValueRef<'a> {
    #[inline]
    fn from(v: Option<T>) -> Self {
        v.map_or(ValueRef::Nil, Into::into)
    }
}

impl From<&str> for Value {
    #[inline]
    fn from(v: &str) -> Self {
        Value::Str(v.into())
    }
}

impl From<String> for Value {
    #[inline]
    fn from(v: String) -> Self {
        Value::Str(v)
    }
}

impl From<Cow<'_, str>> for Value {
    #[inline]
    fn from(v: Cow<'_, str>) -> Self {
        Value::Str(v.into_owned())
    }
}

/// `bin`.
///
/// ```
/// use msgpack_core::Value;
/// assert_eq!(Value::from(&[1u8, 2][..]), Value::Bin(vec![1, 2]));
/// ```
impl From<&[u8]> for Value {
    #[inline]
    fn from(v: &[u8]) -> Self {
        Value::Bin(v.into())
    }
}

/// `bin`.
///
/// ```
/// use msgpack_core::Value;
/// assert_eq!(Value::from(b"ab"), Value::Bin(vec![b'a', b'b']));
/// ```
impl<const N: usize> From<&[u8; N]> for Value {
    #[inline]
    fn from(v: &[u8; N]) -> Self {
        Value::Bin(v.into())
    }
}

/// `bin`.
///
/// ```
/// use msgpack_core::Value;
/// assert_eq!(Value::from(vec![7u8]).as_bin(), Some(&[7u8][..]));
/// ```
impl From<Vec<u8>> for Value {
    #[inline]
    fn from(v: Vec<u8>) -> Self {
        Value::Bin(v)
    }
}

impl From<Vec<Value>> for Value {
    #[inline]
    fn from(v: Vec<Value>) -> Self {
        Value::Array(v)
    }
}

impl From<Vec<(Value, Value)>> for Value {
    #[inline]
    fn from(v: Vec<(Value, Value)>) -> Self {
        Value::Map(v)
    }
}

impl From<Ext> for Value {
    #[inline]
    fn from(v: Ext) -> Self {
        Value::Ext(v)
    }
}

/// Copies the payload.
///
/// ```
/// use msgpack_core::{ExtRef, Value};
/// assert_eq!(Value::from(ExtRef::new(1, &[2])).as_ext(), Some(ExtRef::new(1, &[2])));
/// ```
impl From<ExtRef<'_>> for Value {
    #[inline]
    fn from(v: ExtRef<'_>) -> Self {
        Value::Ext(v.to_owned())
    }
}

/// An ext of type -1 in the smallest of the three layouts, the bytes
/// [`Encoder::timestamp`](crate::Encoder::timestamp) writes.
///
/// ```
/// use msgpack_core::{Timestamp, Value};
/// let t = Timestamp::new(1, 0).unwrap();
/// let v = Value::from(t);
/// assert_eq!(msgpack_core::to_vec(&v).unwrap(), msgpack_core::to_vec(&t).unwrap());
/// assert_eq!(v.as_timestamp(), Some(t));
/// ```
impl From<Timestamp> for Value {
    fn from(t: Timestamp) -> Self {
        let (secs, nanos) = (t.secs(), t.nanos());
        let data = match t.payload_len() {
            // 32-bit: seconds in `0..2^32`, no nanoseconds.
            4 => (secs as u32).to_be_bytes().to_vec(),
            // 64-bit: nanoseconds in the top 30 bits, seconds in `0..2^34` below.
            8 => (((nanos as u64) << 34) | secs as u64).to_be_bytes().to_vec(),
            // 96-bit: 32-bit nanoseconds, then signed 64-bit seconds.
            _ => {
                let mut data = Vec::with_capacity(12);
                data.extend_from_slice(&nanos.to_be_bytes());
                data.extend_from_slice(&secs.to_be_bytes());
                data
            }
        };
        Value::Ext(Ext::new(TIMESTAMP_TYPE, data))
    }
}

/// Copies strings, bytes and ext payloads.
///
/// ```
/// use msgpack_core::{Value, ValueRef};
/// assert_eq!(Value::from(ValueRef::Str("s")), Value::from("s"));
/// ```
impl From<ValueRef<'_>> for Value {
    #[inline]
    fn from(v: ValueRef<'_>) -> Self {
        v.to_owned_value()
    }
}

/// Borrows (see [`Value::as_ref`]).
///
/// ```
/// use msgpack_core::{Value, ValueRef};
/// let v = Value::from("s");
/// assert_eq!(ValueRef::from(&v), ValueRef::Str("s"));
/// ```
impl<'a> From<&'a Value> for ValueRef<'a> {
    #[inline]
    fn from(v: &'a Value) -> Self {
        v.as_ref()
    }
}

impl<'a> From<&'a str> for ValueRef<'a> {
    #[inline]
    fn from(v: &'a str) -> Self {
        ValueRef::Str(v)
    }
}

/// `bin`.
///
/// ```
/// use msgpack_core::ValueRef;
/// assert_eq!(ValueRef::from(&[1u8][..]), ValueRef::Bin(&[1]));
/// ```
impl<'a> From<&'a [u8]> for ValueRef<'a> {
    #[inline]
    fn from(v: &'a [u8]) -> Self {
        ValueRef::Bin(v)
    }
}

/// `bin`.
///
/// ```
/// use msgpack_core::ValueRef;
/// assert_eq!(ValueRef::from(b"ab"), ValueRef::Bin(b"ab"));
/// ```
impl<'a, const N: usize> From<&'a [u8; N]> for ValueRef<'a> {
    #[inline]
    fn from(v: &'a [u8; N]) -> Self {
        ValueRef::Bin(v)
    }
}

impl<'a> From<Vec<ValueRef<'a>>> for ValueRef<'a> {
    #[inline]
    fn from(v: Vec<ValueRef<'a>>) -> Self {
        ValueRef::Array(v)
    }
}

impl<'a> From<Vec<(ValueRef<'a>, ValueRef<'a>)>> for ValueRef<'a> {
    #[inline]
    fn from(v: Vec<(ValueRef<'a>, ValueRef<'a>)>) -> Self {
        ValueRef::Map(v)
    }
}

impl<'a> From<ExtRef<'a>> for ValueRef<'a> {
    #[inline]
    fn from(v: ExtRef<'a>) -> Self {
        ValueRef::Ext(v)
    }
}

/// An array.
///
/// ```
/// use msgpack_core::Value;
/// let v: Value = (1u8..=3).map(Value::from).collect();
/// assert_eq!(v.to_string(), "[1, 2, 3]");
/// ```
impl FromIterator<Value> for Value {
    #[inline]
    fn from_iter<I: IntoIterator<Item = Value>>(iter: I) -> Self {
        Value::Array(iter.into_iter().collect())
    }
}

/// A map, entries in iteration order.
///
/// ```
/// use msgpack_core::Value;
/// let v: Value = [("a", 1u8), ("b", 2)].into_iter().collect();
/// assert_eq!(v.to_string(), r#"{"a": 1, "b": 2}"#);
/// ```
impl<K: Into<Value>, V: Into<Value>> FromIterator<(K, V)> for Value {
    #[inline]
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Self {
        Value::Map(iter.into_iter().map(|(k, v)| (k.into(), v.into())).collect())
    }
}

/// An array.
///
/// ```
/// use msgpack_core::ValueRef;
/// let v: ValueRef = ["a", "b"].into_iter().map(ValueRef::from).collect();
/// assert_eq!(v.to_string(), r#"["a", "b"]"#);
/// ```
impl<'a> FromIterator<ValueRef<'a>> for ValueRef<'a> {
    #[inline]
    fn from_iter<I: IntoIterator<Item = ValueRef<'a>>>(iter: I) -> Self {
        ValueRef::Array(iter.into_iter().collect())
    }
}

/// A map, entries in iteration order.
///
/// ```
/// use msgpack_core::ValueRef;
/// let v: ValueRef = [(1u8, "one")].into_iter().collect();
/// assert_eq!(v.to_string(), r#"{1: "one"}"#);
/// ```
impl<'a, K: Into<ValueRef<'a>>, V: Into<ValueRef<'a>>> FromIterator<(K, V)> for ValueRef<'a> {
    #[inline]
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Self {
        ValueRef::Map(iter.into_iter().map(|(k, v)| (k.into(), v.into())).collect())
    }
}
