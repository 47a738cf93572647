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
#[cfg(feature = "serde")]
mod serde;
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
/// With feature `serde`, `Value` implements `serde::Serialize` and
/// `Deserialize`, so it converts to and from any serde format (JSON
/// included); the mapping is documented on those impls.
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

    /// The string, moved out, if this is one (`Value` implements `Drop`, so
    /// `match v { Value::Str(s) => s, .. }` cannot move; these `into_*`
    /// methods do it).
    ///
    /// ```
    /// use msgpack_core::Value;
    /// assert_eq!(Value::from("hi").into_string(), Ok("hi".to_string()));
    /// assert_eq!(Value::Nil.into_string(), Err(Value::Nil));
    /// ```
    #[inline]
    pub fn into_string(mut self) -> Result<String, Value> {
        match &mut self {
            Value::Str(s) => Ok(core::mem::take(s)),
            _ => Err(self),
        }
    }

    /// The byte string, moved out, if this is one.
    ///
    /// ```
    /// use msgpack_core::Value;
    /// assert_eq!(Value::Bin(vec![1, 2]).into_bin(), Ok(vec![1, 2]));
    /// ```
    #[inline]
    pub fn into_bin(mut self) -> Result<Vec<u8>, Value> {
        match &mut self {
            Value::Bin(b) => Ok(core::mem::take(b)),
            _ => Err(self),
        }
    }

    /// The elements, moved out, if this is an array.
    ///
    /// ```
    /// use msgpack_core::Value;
    /// let v = Value::Array(vec![Value::from(1u8)]);
    /// assert_eq!(v.into_array(), Ok(vec![Value::from(1u8)]));
    /// ```
    #[inline]
    pub fn into_array(mut self) -> Result<Vec<Value>, Value> {
        match &mut self {
            Value::Array(items) => Ok(core::mem::take(items)),
            _ => Err(self),
        }
    }

    /// The entries, moved out, if this is a map.
    ///
    /// ```
    /// use msgpack_core::Value;
    /// let v = Value::Map(vec![(Value::from("k"), Value::Nil)]);
    /// let keys: Vec<String> = v.into_map().unwrap().into_iter().map(|(k, _)| k.into_string().unwrap()).collect();
    /// assert_eq!(keys, ["k"]);
    /// ```
    #[inline]
    pub fn into_map(mut self) -> Result<Vec<(Value, Value)>, Value> {
        match &mut self {
            Value::Map(entries) => Ok(core::mem::take(entries)),
            _ => Err(self),
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

/// Dropping never recurses: nested arrays and maps are detached onto a
/// heap stack and dropped one level at a time, so a value nested a million
/// levels deep (built by hand: decoding is depth-limited) drops on any
/// thread stack. A value whose containers hold no containers drops as
/// usual, without the stack.
///
/// [`ValueRef`] has no such `Drop` (one would make every borrow of the
/// input outlive the value, as the compiler cannot see through a custom
/// `Drop`): a decoded `ValueRef` is bounded by the depth limit; one built by
/// hand tens of thousands of levels deep drops recursively.
impl Drop for Value {
    #[inline]
    fn drop(&mut self) {
        if is_nested_value(self) {
            drop_nested(self);
        }
    }
}

#[inline(always)]
fn is_nested_value(v: &Value) -> bool {
    match v {
        Value::Array(items) => !items.is_empty(),
        Value::Map(entries) => !entries.is_empty(),
        _ => false,
    }
}

/// Moves the non-empty containers among `v`'s direct children onto `stack`.
fn detach_children(v: &mut Value, stack: &mut Vec<Value>) {
    let mut take = |x: &mut Value| {
        if is_nested_value(x) {
            stack.push(core::mem::take(x));
        }
    };
    match v {
        Value::Array(items) => items.iter_mut().for_each(&mut take),
        Value::Map(entries) => entries.iter_mut().for_each(|(k, x)| {
            take(k);
            take(x);
        }),
        _ => {}
    }
}

/// The iterative drop of a non-empty container: every nested container is
/// detached onto a heap stack before its parent's children are dropped, so
/// no `drop` ever sees more than one level. The root's own (now flat)
/// children are dropped by the caller's drop glue.
#[inline(never)]
fn drop_nested(root: &mut Value) {
    let mut stack = Vec::new();
    detach_children(root, &mut stack);
    while let Some(mut v) = stack.pop() {
        detach_children(&mut v, &mut stack);
        // `v`'s children are flat now: drop them here, and leave `v` an
        // empty container whose own drop returns at once.
        match &mut v {
            Value::Array(items) => drop(core::mem::take(items)),
            Value::Map(entries) => drop(core::mem::take(entries)),
            _ => {}
        }
    }
}
