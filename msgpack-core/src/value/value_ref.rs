//! [`ValueRef`]: a dynamic value borrowing from the input.

use alloc::vec::Vec;

use super::{Integer, Value, timestamp_of};
use crate::ext::{ExtRef, Timestamp};

/// Any MessagePack value, borrowing strings, binaries and ext payloads from
/// the input (feature `alloc`: arrays and maps are `Vec`s).
///
/// The same shapes as [`Value`], with the same equality (IEEE floats) and
/// the same encoding; a `ValueRef` and a `Value` compare equal when they
/// hold the same data. [`to_owned_value`](ValueRef::to_owned_value) copies
/// it into a `Value`, [`Value::as_ref`] borrows a `Value` as one.
///
/// ```
/// use msgpack_core::ValueRef;
///
/// let input = [0x92, 0xa2, b'h', b'i', 0xc4, 0x01, 0xff]; // ["hi", bin [255]]
/// let v: ValueRef = msgpack_core::from_slice(&input)?;
/// let s = v.get_index(0).and_then(ValueRef::as_str).unwrap();
/// assert_eq!(s, "hi");
/// assert_eq!(s.as_ptr(), input[2..].as_ptr()); // no copy
/// assert_eq!(v.to_string(), r#"["hi", b"\xff"]"#);
/// # Ok::<(), msgpack_core::decode::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Default)]
pub enum ValueRef<'a> {
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
    Str(&'a str),
    /// A byte string.
    Bin(&'a [u8]),
    /// An array.
    Array(Vec<ValueRef<'a>>),
    /// A map: key/value pairs in wire order.
    Map(Vec<(ValueRef<'a>, ValueRef<'a>)>),
    /// An extension item, including timestamps (type -1).
    Ext(ExtRef<'a>),
}

impl<'a> ValueRef<'a> {
    /// Copies the value into an owned [`Value`].
    ///
    /// ```
    /// use msgpack_core::{Value, ValueRef};
    /// let v = ValueRef::Array(vec![ValueRef::from("a"), ValueRef::Nil]);
    /// assert_eq!(v.to_owned_value(), Value::Array(vec![Value::from("a"), Value::Nil]));
    /// ```
    pub fn to_owned_value(&self) -> Value {
        match *self {
            ValueRef::Nil => Value::Nil,
            ValueRef::Bool(b) => Value::Bool(b),
            ValueRef::Int(i) => Value::Int(i),
            ValueRef::F32(v) => Value::F32(v),
            ValueRef::F64(v) => Value::F64(v),
            ValueRef::Str(s) => Value::Str(s.into()),
            ValueRef::Bin(b) => Value::Bin(b.into()),
            ValueRef::Array(ref items) => Value::Array(items.iter().map(ValueRef::to_owned_value).collect()),
            ValueRef::Map(ref entries) => {
                Value::Map(entries.iter().map(|(k, v)| (k.to_owned_value(), v.to_owned_value())).collect())
            }
            ValueRef::Ext(e) => Value::Ext(e.to_owned()),
        }
    }

    /// Whether this is `nil`.
    ///
    /// ```
    /// assert!(msgpack_core::ValueRef::Nil.is_nil());
    /// ```
    #[inline]
    pub fn is_nil(&self) -> bool {
        matches!(self, ValueRef::Nil)
    }

    /// The boolean, if this is one.
    ///
    /// ```
    /// use msgpack_core::ValueRef;
    /// assert_eq!(ValueRef::from(false).as_bool(), Some(false));
    /// ```
    #[inline]
    pub fn as_bool(&self) -> Option<bool> {
        match *self {
            ValueRef::Bool(b) => Some(b),
            _ => None,
        }
    }

    /// The integer, if this is one.
    ///
    /// ```
    /// use msgpack_core::{ValueRef, value::Integer};
    /// assert_eq!(ValueRef::from(9u8).as_int(), Some(Integer::from(9)));
    /// ```
    #[inline]
    pub fn as_int(&self) -> Option<Integer> {
        match *self {
            ValueRef::Int(i) => Some(i),
            _ => None,
        }
    }

    /// The integer as a `u64`, if this is a non-negative integer.
    ///
    /// ```
    /// use msgpack_core::ValueRef;
    /// assert_eq!(ValueRef::from(u64::MAX).as_u64(), Some(u64::MAX));
    /// ```
    #[inline]
    pub fn as_u64(&self) -> Option<u64> {
        self.as_int()?.as_u64()
    }

    /// The integer as an `i64`, if this is an integer that fits.
    ///
    /// ```
    /// use msgpack_core::ValueRef;
    /// assert_eq!(ValueRef::from(-5i64).as_i64(), Some(-5));
    /// ```
    #[inline]
    pub fn as_i64(&self) -> Option<i64> {
        self.as_int()?.as_i64()
    }

    /// The float, if this is one (`F32` is widened exactly; integers are not converted).
    ///
    /// ```
    /// use msgpack_core::ValueRef;
    /// assert_eq!(ValueRef::from(0.5f32).as_f64(), Some(0.5));
    /// ```
    #[inline]
    pub fn as_f64(&self) -> Option<f64> {
        match *self {
            ValueRef::F32(v) => Some(v as f64),
            ValueRef::F64(v) => Some(v),
            _ => None,
        }
    }

    /// The string, borrowed from the input, if this is one.
    ///
    /// ```
    /// use msgpack_core::ValueRef;
    /// assert_eq!(ValueRef::from("x").as_str(), Some("x"));
    /// ```
    #[inline]
    pub fn as_str(&self) -> Option<&'a str> {
        match *self {
            ValueRef::Str(s) => Some(s),
            _ => None,
        }
    }

    /// The bytes, borrowed from the input, if this is a `bin`.
    ///
    /// ```
    /// use msgpack_core::ValueRef;
    /// assert_eq!(ValueRef::from(&[1u8][..]).as_bin(), Some(&[1u8][..]));
    /// ```
    #[inline]
    pub fn as_bin(&self) -> Option<&'a [u8]> {
        match *self {
            ValueRef::Bin(b) => Some(b),
            _ => None,
        }
    }

    /// The elements, if this is an array.
    ///
    /// ```
    /// use msgpack_core::ValueRef;
    /// let v = ValueRef::Array(vec![ValueRef::Nil]);
    /// assert_eq!(v.as_array(), Some(&[ValueRef::Nil][..]));
    /// ```
    #[inline]
    pub fn as_array(&self) -> Option<&[ValueRef<'a>]> {
        match self {
            ValueRef::Array(items) => Some(items),
            _ => None,
        }
    }

    /// The entries in wire order, if this is a map.
    ///
    /// ```
    /// use msgpack_core::ValueRef;
    /// let v: ValueRef = [("k", true)].into_iter().collect();
    /// assert_eq!(v.as_map().map(<[_]>::len), Some(1));
    /// ```
    #[inline]
    pub fn as_map(&self) -> Option<&[(ValueRef<'a>, ValueRef<'a>)]> {
        match self {
            ValueRef::Map(entries) => Some(entries),
            _ => None,
        }
    }

    /// The ext item, if this is one (timestamps included).
    ///
    /// ```
    /// use msgpack_core::{ExtRef, ValueRef};
    /// let v = ValueRef::Ext(ExtRef::new(3, &[0]));
    /// assert_eq!(v.as_ext().map(|e| e.ty), Some(3));
    /// ```
    #[inline]
    pub fn as_ext(&self) -> Option<ExtRef<'a>> {
        match *self {
            ValueRef::Ext(e) => Some(e),
            _ => None,
        }
    }

    /// The timestamp, if this is a valid ext of type -1.
    ///
    /// ```
    /// use msgpack_core::{ExtRef, Timestamp, ValueRef};
    /// let v = ValueRef::Ext(ExtRef::new(-1, &[0, 0, 0, 9]));
    /// assert_eq!(v.as_timestamp(), Timestamp::new(9, 0));
    /// ```
    #[inline]
    pub fn as_timestamp(&self) -> Option<Timestamp> {
        timestamp_of(self.as_ext()?)
    }

    /// The value of the last entry whose key is the string `key`, if this is a map.
    ///
    /// ```
    /// use msgpack_core::ValueRef;
    /// let v: ValueRef = msgpack_core::from_slice(&[0x81, 0xa1, b'k', 0x07])?;
    /// assert_eq!(v.get("k").and_then(ValueRef::as_u64), Some(7));
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline]
    pub fn get(&self, key: &str) -> Option<&ValueRef<'a>> {
        let entries = self.as_map()?;
        entries.iter().rev().find(|(k, _)| k.as_str() == Some(key)).map(|(_, v)| v)
    }

    /// The value of the last entry whose key equals `key` (any key type), if
    /// this is a map.
    ///
    /// ```
    /// use msgpack_core::ValueRef;
    /// let v: ValueRef = msgpack_core::from_slice(&[0x81, 0xc0, 0x07])?; // {nil: 7}
    /// assert_eq!(v.get_key(&ValueRef::Nil), Some(&ValueRef::from(7u8)));
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline]
    pub fn get_key(&self, key: &ValueRef<'_>) -> Option<&ValueRef<'a>> {
        let entries = self.as_map()?;
        entries.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    /// The element at `index`, if this is an array long enough.
    ///
    /// ```
    /// use msgpack_core::ValueRef;
    /// let v: ValueRef = msgpack_core::from_slice(&[0x91, 0xc3])?;
    /// assert_eq!(v.get_index(0), Some(&ValueRef::Bool(true)));
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline]
    pub fn get_index(&self, index: usize) -> Option<&ValueRef<'a>> {
        self.as_array()?.get(index)
    }
}

impl Value {
    /// Borrows the value as a [`ValueRef`] (arrays and maps are rebuilt as
    /// `Vec`s of borrowed values; strings and bytes are not copied).
    ///
    /// ```
    /// use msgpack_core::{Value, ValueRef};
    /// let v = Value::Array(vec![Value::from("a")]);
    /// assert_eq!(v.as_ref(), ValueRef::Array(vec![ValueRef::Str("a")]));
    /// ```
    pub fn as_ref(&self) -> ValueRef<'_> {
        match *self {
            Value::Nil => ValueRef::Nil,
            Value::Bool(b) => ValueRef::Bool(b),
            Value::Int(i) => ValueRef::Int(i),
            Value::F32(v) => ValueRef::F32(v),
            Value::F64(v) => ValueRef::F64(v),
            Value::Str(ref s) => ValueRef::Str(s),
            Value::Bin(ref b) => ValueRef::Bin(b),
            Value::Array(ref items) => ValueRef::Array(items.iter().map(Value::as_ref).collect()),
            Value::Map(ref entries) => ValueRef::Map(entries.iter().map(|(k, v)| (k.as_ref(), v.as_ref())).collect()),
            Value::Ext(ref e) => ValueRef::Ext(e.as_ref()),
        }
    }
}

/// Same data, same variants (floats compare as IEEE numbers).
///
/// ```
/// use msgpack_core::{Value, ValueRef};
/// assert_eq!(Value::from("a"), ValueRef::from("a"));
/// assert_ne!(Value::from(1.0f32), ValueRef::from(1.0f64));
/// ```
impl PartialEq<ValueRef<'_>> for Value {
    fn eq(&self, other: &ValueRef<'_>) -> bool {
        match (self, other) {
            (Value::Nil, ValueRef::Nil) => true,
            (Value::Bool(a), ValueRef::Bool(b)) => a == b,
            (Value::Int(a), ValueRef::Int(b)) => a == b,
            (Value::F32(a), ValueRef::F32(b)) => a == b,
            (Value::F64(a), ValueRef::F64(b)) => a == b,
            (Value::Str(a), ValueRef::Str(b)) => a == b,
            (Value::Bin(a), ValueRef::Bin(b)) => a == b,
            (Value::Array(a), ValueRef::Array(b)) => a[..] == b[..],
            (Value::Map(a), ValueRef::Map(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|((ak, av), (bk, bv))| ak == bk && av == bv)
            }
            (Value::Ext(a), ValueRef::Ext(b)) => a.as_ref() == *b,
            _ => false,
        }
    }
}

/// Same data, same variants (floats compare as IEEE numbers).
///
/// ```
/// use msgpack_core::{Value, ValueRef};
/// assert_eq!(ValueRef::from(&[1u8][..]), Value::from(vec![1u8]));
/// ```
impl PartialEq<Value> for ValueRef<'_> {
    #[inline]
    fn eq(&self, other: &Value) -> bool {
        other == self
    }
}
