//! `Display` for [`Value`] and [`ValueRef`]: a one-line, JSON-like form.

use core::fmt::{self, Display, Write as _};

use super::{Value, ValueRef, timestamp_of};
use crate::ext::ExtRef;

/// One line, JSON-like:
///
/// | item | shown as |
/// |---|---|
/// | nil, booleans | `nil`, `true`, `false` |
/// | integers | decimal: `-3`, `18446744073709551615` |
/// | floats (both widths) | Rust's `Debug` form, always marked as a float: `1.0`, `0.1`, `1e100`, `NaN`, `inf` |
/// | str | quoted, with Rust's escapes: `"a\"b\n"` |
/// | bin | a Rust byte string: `b"\x01ab"` (printable ASCII as is, `\"`, `\\`, `\n`, `\r`, `\t`, else `\xNN`) |
/// | array | `[1, 2]` |
/// | map | `{"a": 1, 2: nil}` (wire order) |
/// | ext | `ext(5, <01 02>)`: type, then the payload in hex |
/// | timestamp (valid ext -1) | `timestamp(1700000000.000000005)`: seconds.nanoseconds |
///
/// `F32` and `F64` look alike; the `Debug` form (`F32(1.5)`) tells them apart.
///
/// ```
/// use msgpack_core::{Ext, Timestamp, Value};
///
/// let v = Value::Map(vec![
///     (Value::from("a\"b"), Value::Array(vec![Value::from(1u8), Value::from(-2i8), Value::from(1.0)])),
///     (Value::from(2u8), Value::Nil),
///     (Value::from("bin"), Value::from(&b"\x01ab"[..])),
///     (Value::from("ext"), Value::from(Ext::new(5, vec![1, 2]))),
///     (Value::from("t"), Value::from(Timestamp::new(1_700_000_000, 5).unwrap())),
/// ]);
/// assert_eq!(
///     v.to_string(),
///     r#"{"a\"b": [1, -2, 1.0], 2: nil, "bin": b"\x01ab", "ext": ext(5, <01 02>), "t": timestamp(1700000000.000000005)}"#,
/// );
/// ```
impl Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Nil => f.write_str("nil"),
            Value::Bool(b) => Display::fmt(b, f),
            Value::Int(i) => Display::fmt(i, f),
            Value::F32(v) => write!(f, "{v:?}"),
            Value::F64(v) => write!(f, "{v:?}"),
            Value::Str(s) => write!(f, "{s:?}"),
            Value::Bin(b) => bin(f, b),
            Value::Array(items) => array(f, items),
            Value::Map(entries) => map(f, entries),
            Value::Ext(x) => ext(f, x.as_ref()),
        }
    }
}

/// The same text as the equal [`Value`].
///
/// ```
/// use msgpack_core::ValueRef;
/// let v: ValueRef = msgpack_core::from_slice(&[0x92, 0xa1, b'x', 0xca, 0x3f, 0xc0, 0, 0])?;
/// assert_eq!(v.to_string(), r#"["x", 1.5]"#);
/// # Ok::<(), msgpack_core::decode::Error>(())
/// ```
impl Display for ValueRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ValueRef::Nil => f.write_str("nil"),
            ValueRef::Bool(b) => Display::fmt(b, f),
            ValueRef::Int(i) => Display::fmt(i, f),
            ValueRef::F32(v) => write!(f, "{v:?}"),
            ValueRef::F64(v) => write!(f, "{v:?}"),
            ValueRef::Str(s) => write!(f, "{s:?}"),
            ValueRef::Bin(b) => bin(f, b),
            ValueRef::Array(items) => array(f, items),
            ValueRef::Map(entries) => map(f, entries),
            ValueRef::Ext(x) => ext(f, *x),
        }
    }
}

fn array<T: Display>(f: &mut fmt::Formatter<'_>, items: &[T]) -> fmt::Result {
    f.write_char('[')?;
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        Display::fmt(item, f)?;
    }
    f.write_char(']')
}

fn map<T: Display>(f: &mut fmt::Formatter<'_>, entries: &[(T, T)]) -> fmt::Result {
    f.write_char('{')?;
    for (i, (k, v)) in entries.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        Display::fmt(k, f)?;
        f.write_str(": ")?;
        Display::fmt(v, f)?;
    }
    f.write_char('}')
}

fn bin(f: &mut fmt::Formatter<'_>, bytes: &[u8]) -> fmt::Result {
    f.write_str("b\"")?;
    for &b in bytes {
        match b {
            b'"' => f.write_str("\\\"")?,
            b'\\' => f.write_str("\\\\")?,
            b'\n' => f.write_str("\\n")?,
            b'\r' => f.write_str("\\r")?,
            b'\t' => f.write_str("\\t")?,
            0x20..=0x7e => f.write_char(b as char)?,
            _ => write!(f, "\\x{b:02x}")?,
        }
    }
    f.write_char('"')
}

fn ext(f: &mut fmt::Formatter<'_>, x: ExtRef<'_>) -> fmt::Result {
    if let Some(t) = timestamp_of(x) {
        return write!(f, "timestamp({t})");
    }
    write!(f, "ext({}, <", x.ty)?;
    for (i, b) in x.data.iter().enumerate() {
        if i > 0 {
            f.write_char(' ')?;
        }
        write!(f, "{b:02x}")?;
    }
    f.write_str(">)")
}
