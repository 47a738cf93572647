//! Dynamic MessagePack values (feature `alloc`): [`Value`] owns its data,
//! [`ValueRef`] borrows strings, binaries and ext payloads from the input.
//!
//! Either one decodes any MessagePack item and encodes back to the same
//! bytes, as long as the input used the smallest forms (which every
//! mainstream encoder writes): integers are kept by value, `float 32` stays
//! [`F32`](Value::F32), maps keep their entries in wire order, with keys of
//! any type. Nesting is bounded by [`DecodeOptions::max_depth`](crate::DecodeOptions::max_depth)
//! (default 1024); each level costs one stack frame of under 300 bytes in a
//! release build, so decoding fits a 2 MiB thread stack with room to spare.
//!
//! ```
//! use msgpack_core::{Value, ValueRef};
//!
//! // {"name": "ada", "tags": [1, -2], 7: nil}
//! let bytes = [0x83, 0xa4, b'n', b'a', b'm', b'e', 0xa3, b'a', b'd', b'a',
//!              0xa4, b't', b'a', b'g', b's', 0x92, 0x01, 0xfe, 0x07, 0xc0];
//! let value: Value = msgpack_core::from_slice(&bytes)?;
//! assert_eq!(value.get("name").and_then(Value::as_str), Some("ada"));
//! assert_eq!(value.get("tags").and_then(|t| t.get_index(1)).and_then(Value::as_i64), Some(-2));
//! assert_eq!(value.to_string(), r#"{"name": "ada", "tags": [1, -2], 7: nil}"#);
//! assert_eq!(msgpack_core::to_vec(&value).unwrap(), bytes);
//!
//! // The same without copying the strings.
//! let borrowed: ValueRef = msgpack_core::from_slice(&bytes)?;
//! assert_eq!(borrowed, value);
//! # Ok::<(), msgpack_core::decode::Error>(())
//! ```

use alloc::string::String;
use alloc::vec::Vec;

use crate::ext::{Ext, ExtRef, TIMESTAMP_TYPE, Timestamp};

mod codec;
mod display;
mod from;
mod integer;
mod value_ref;

pub use integer::Integer;
pub use value_ref::ValueRef;

/// Any MessagePack value, owning its data (feature `alloc`).
///
/// Maps are a `Vec` of entries in wire order: keys can be of any type
/// (integers, `nil`, arrays...) and duplicates are kept. Timestamps are
/// [`Ext`] items of type -1 (see [`as_timestamp`](Value::as_timestamp));
/// `Value::from(timestamp)` builds one.
///
/// Equality is structural, with IEEE semantics for floats: `NaN != NaN`, and
/// `F32(1.0) != F64(1.0)` (different variants), while integers compare by
/// value whatever their wire form.
///
/// ```
/// use msgpack_core::Value;
///
/// let v = Value::Map(vec![
///     (Value::from("id"), Value::from(300u16)),
///     (Value::from(1u8), Value::Nil),
/// ]);
/// let bytes = msgpack_core::to_vec(&v).unwrap();
/// assert_eq!(bytes, [0x82, 0xa2, b'i', b'd', 0xcd, 0x01, 0x2c, 0x01, 0xc0]);
/// assert_eq!(msgpack_core::from_slice::<Value>(&bytes)?, v);
/// assert_ne!(Value::F64(f64::NAN), Value::F64(f64::NAN));
/// # Ok::<(), msgpack_core::decode::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Value {
    /// `nil`.
    #[default]
    Nil,
    /// `true` or `false`.
    Bool(bool),
    /// Any integer, `i64::MIN..=u64::MAX`.
    Int(Integer),
    /// A `float 32`.
    F32(f32),
    /// A `float 64`.
    F64(f64),
    /// A UTF-8 string.
    Str(String),
    /// A byte string.
    Bin(Vec<u8>),
    /// An array.
    Array(Vec<Value>),
    /// A map: key/value pairs in wire order.
    Map(Vec<(Value, Value)>),
    /// An extension item, including timestamps (type -1).
    Ext(Ext),
}

impl Value {
    /// Whether this is `nil`.
    ///
    /// ```
    /// use msgpack_core::Value;
    /// assert!(Value::Nil.is_nil());
    /// assert!(!Value::from(0u8).is_nil());
    /// ```
    #[inline]
    pub fn is_nil(&self) -> bool {
        matches!(self, Value::Nil)
    }

    /// The boolean, if this is one.
    ///
    /// ```
    /// use msgpack_core::Value;
    /// assert_eq!(Value::from(true).as_bool(), Some(true));
    /// assert_eq!(Value::Nil.as_bool(), None);
    /// ```
    #[inline]
    pub fn as_bool(&self) -> Option<bool> {
        match *self {
            Value::Bool(b) => Some(b),
            _ => None,
        }
    }

    /// The integer, if this is one.
    ///
    /// ```
    /// use msgpack_core::{Value, value::Integer};
    /// assert_eq!(Value::from(-3i8).as_int(), Some(Integer::from(-3)));
    /// ```
    #[inline]
    pub fn as_int(&self) -> Option<Integer> {
        match *self {
            Value::Int(i) => Some(i),
            _ => None,
        }
    }

    /// The integer as a `u64`, if this is a non-negative integer (floats are
    /// not converted).
    ///
    /// ```
    /// use msgpack_core::Value;
    /// assert_eq!(Value::from(300u16).as_u64(), Some(300));
    /// assert_eq!(Value::from(-1i8).as_u64(), None);
    /// assert_eq!(Value::from(1.0).as_u64(), None);
    /// ```
    #[inline]
    pub fn as_u64(&self) -> Option<u64> {
        self.as_int()?.as_u64()
    }

    /// The integer as an `i64`, if this is an integer that fits.
    ///
    /// ```
    /// use msgpack_core::Value;
    /// assert_eq!(Value::from(-1i8).as_i64(), Some(-1));
    /// assert_eq!(Value::from(u64::MAX).as_i64(), None);
    /// ```
    #[inline]
    pub fn as_i64(&self) -> Option<i64> {
        self.as_int()?.as_i64()
    }

    /// The float, if this is one (`F32` is widened exactly; integers are not converted).
    ///
    /// ```
    /// use msgpack_core::Value;
    /// assert_eq!(Value::from(1.5f32).as_f64(), Some(1.5));
    /// assert_eq!(Value::from(2.0).as_f64(), Some(2.0));
    /// assert_eq!(Value::from(2u8).as_f64(), None);
    /// ```
    #[inline]
    pub fn as_f64(&self) -> Option<f64> {
        match *self {
            Value::F32(v) => Some(v as f64),
            Value::F64(v) => Some(v),
            _ => None,
        }
    }

    /// The string, if this is one.
    ///
    /// ```
    /// use msgpack_core::Value;
    /// assert_eq!(Value::from("hi").as_str(), Some("hi"));
    /// assert_eq!(Value::from(&b"hi"[..]).as_str(), None); // bin, not str
    /// ```
    #[inline]
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::Str(s) => Some(s),
            _ => None,
        }
    }

    /// The bytes, if this is a `bin`.
    ///
    /// ```
    /// use msgpack_core::Value;
    /// assert_eq!(Value::from(vec![1u8, 2]).as_bin(), Some(&[1u8, 2][..]));
    /// ```
    #[inline]
    pub fn as_bin(&self) -> Option<&[u8]> {
        match self {
            Value::Bin(b) => Some(b),
            _ => None,
        }
    }

    /// The elements, if this is an array.
    ///
    /// ```
    /// use msgpack_core::Value;
    /// let v: Value = [1u8, 2].into_iter().map(Value::from).collect();
    /// assert_eq!(v.as_array().map(<[Value]>::len), Some(2));
    /// ```
    #[inline]
    pub fn as_array(&self) -> Option<&[Value]> {
        match self {
            Value::Array(items) => Some(items),
            _ => None,
        }
    }

    /// The elements, mutably, if this is an array.
    ///
    /// ```
    /// use msgpack_core::Value;
    /// let mut v = Value::Array(vec![]);
    /// v.as_array_mut().unwrap().push(Value::Nil);
    /// assert_eq!(v.to_string(), "[nil]");
    /// ```
    #[inline]
    pub fn as_array_mut(&mut self) -> Option<&mut Vec<Value>> {
        match self {
            Value::Array(items) => Some(items),
            _ => None,
        }
    }

    /// The entries in wire order, if this is a map.
    ///
    /// ```
    /// use msgpack_core::Value;
    /// let v: Value = [("a", 1u8)].into_iter().collect();
    /// assert_eq!(v.as_map().unwrap()[0], (Value::from("a"), Value::from(1u8)));
    /// ```
    #[inline]
    pub fn as_map(&self) -> Option<&[(Value, Value)]> {
        match self {
            Value::Map(entries) => Some(entries),
            _ => None,
        }
    }

    /// The entries, mutably, if this is a map.
    ///
    /// ```
    /// use msgpack_core::Value;
    /// let mut v = Value::Map(vec![]);
    /// v.as_map_mut().unwrap().push((Value::from(1u8), Value::from("one")));
    /// assert_eq!(v.to_string(), r#"{1: "one"}"#);
    /// ```
    #[inline]
    pub fn as_map_mut(&mut self) -> Option<&mut Vec<(Value, Value)>> {
        match self {
            Value::Map(entries) => Some(entries),
            _ => None,
        }
    }

    /// The ext item, if this is one (timestamps included).
    ///
    /// ```
    /// use msgpack_core::{Ext, ExtRef, Value};
    /// let v = Value::from(Ext::new(5, vec![1, 2]));
    /// assert_eq!(v.as_ext(), Some(ExtRef::new(5, &[1, 2])));
    /// ```
    #[inline]
    pub fn as_ext(&self) -> Option<ExtRef<'_>> {
        match self {
            Value::Ext(e) => Some(e.as_ref()),
            _ => None,
        }
    }

    /// The timestamp, if this is a valid ext of type -1.
    ///
    /// ```
    /// use msgpack_core::{Timestamp, Value};
    /// let t = Timestamp::new(1_700_000_000, 5).unwrap();
    /// assert_eq!(Value::from(t).as_timestamp(), Some(t));
    /// assert_eq!(Value::from(1_700_000_000u32).as_timestamp(), None);
    /// ```
    #[inline]
    pub fn as_timestamp(&self) -> Option<Timestamp> {
        timestamp_of(self.as_ext()?)
    }

    /// The value of the last entry whose key is the string `key`, if this is
    /// a map (the last one wins, as when decoding into a `BTreeMap`).
    ///
    /// ```
    /// use msgpack_core::Value;
    /// let v: Value = [("a", 1u8), ("b", 2), ("a", 3)].into_iter().collect();
    /// assert_eq!(v.get("a"), Some(&Value::from(3u8)));
    /// assert_eq!(v.get("c"), None);
    /// assert_eq!(Value::Nil.get("a"), None);
    /// ```
    #[inline]
    pub fn get(&self, key: &str) -> Option<&Value> {
        let entries = self.as_map()?;
        entries.iter().rev().find(|(k, _)| k.as_str() == Some(key)).map(|(_, v)| v)
    }

    /// The value of the last entry whose key equals `key` (any key type), if
    /// this is a map.
    ///
    /// ```
    /// use msgpack_core::Value;
    /// let v: Value = [(1u8, "one"), (2, "two")].into_iter().collect();
    /// assert_eq!(v.get_key(&Value::from(2u8)).and_then(Value::as_str), Some("two"));
    /// ```
    #[inline]
    pub fn get_key(&self, key: &Value) -> Option<&Value> {
        let entries = self.as_map()?;
        entries.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    /// The element at `index`, if this is an array long enough.
    ///
    /// ```
    /// use msgpack_core::Value;
    /// let v = Value::Array(vec![Value::from(true)]);
    /// assert_eq!(v.get_index(0), Some(&Value::from(true)));
    /// assert_eq!(v.get_index(1), None);
    /// ```
    #[inline]
    pub fn get_index(&self, index: usize) -> Option<&Value> {
        self.as_array()?.get(index)
    }
}

/// The timestamp in an ext item, if it is a valid one.
#[inline]
fn timestamp_of(ext: ExtRef<'_>) -> Option<Timestamp> {
    if ext.ty == TIMESTAMP_TYPE { Timestamp::from_payload(ext.data) } else { None }
}
