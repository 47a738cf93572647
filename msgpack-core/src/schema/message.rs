//! The message of a failed check, built without an allocator in `const`
//! code: [`Incompatible`] is a fixed buffer that whole strings are appended
//! to, plus the short renderings of shapes used in messages and `Display`.

use core::fmt;

use super::{Form, Key, Shape};

/// Room for the message; longer messages end in `...`.
const MSG_CAP: usize = 600;

/// Why a reader cannot decode what a writer writes: a message naming the
/// types, the path (fields, positions, variants) and the reason.
///
/// ```
/// use msgpack_core::schema::{check, shape_of};
///
/// let err = check(shape_of::<u8>(), shape_of::<u32>()).unwrap_err();
/// assert_eq!(err.as_str(), "u8 cannot read u32: u8 cannot hold every u32");
/// ```
#[derive(Clone, Copy)]
pub struct Incompatible {
    buf: [u8; MSG_CAP],
    len: usize,
    full: bool,
}

impl Incompatible {
    pub(super) const fn new() -> Self {
        Incompatible { buf: [0; MSG_CAP], len: 0, full: false }
    }

    /// The message.
    ///
    /// ```
    /// use msgpack_core::schema::{check, shape_of};
    /// let err = check(shape_of::<String>(), shape_of::<Vec<u8>>()).unwrap_err();
    /// assert_eq!(err.as_str(), "str cannot read bin: expected str, found bin of any length");
    /// ```
    #[must_use]
    pub const fn as_str(&self) -> &str {
        let (bytes, _) = self.buf.split_at(self.len);
        match core::str::from_utf8(bytes) {
            Ok(s) => s,
            // Only whole `str`s are ever copied in, so this cannot happen.
            Err(_) => "incompatible schemas",
        }
    }

    /// Appends `s` whole, or marks the message as cut (keeping room for `...`).
    pub(super) const fn push(&mut self, s: &str) {
        if self.full {
            return;
        }
        let b = s.as_bytes();
        if self.len + b.len() > MSG_CAP - 3 {
            self.full = true;
            let dots = b"...";
            let mut i = 0;
            while i < 3 {
                self.buf[self.len + i] = dots[i];
                i += 1;
            }
            self.len += 3;
            return;
        }
        let mut i = 0;
        while i < b.len() {
            self.buf[self.len + i] = b[i];
            i += 1;
        }
        self.len += b.len();
    }

    pub(super) const fn push_u64(&mut self, mut v: u64) {
        let mut digits = [0u8; 20];
        let mut n = 0;
        loop {
            digits[19 - n] = b'0' + (v % 10) as u8;
            n += 1;
            v /= 10;
            if v == 0 {
                break;
            }
        }
        let (_, tail) = digits.split_at(20 - n);
        match core::str::from_utf8(tail) {
            Ok(s) => self.push(s),
            Err(_) => self.push("?"),
        }
    }

    pub(super) const fn push_i64(&mut self, v: i64) {
        if v < 0 {
            self.push("-");
        }
        self.push_u64(v.unsigned_abs());
    }

    pub(super) const fn push_key(&mut self, k: &Key) {
        match k {
            Key::Str(s) => {
                self.push("\"");
                self.push(s);
                self.push("\"");
            }
            Key::Int(i) => self.push_i64(*i),
        }
    }

    /// A short inline rendering of a shape: `u8`, `str`, `[T]`,
    /// `Option<T>`, `{K: V}`, a derived type's name.
    pub(super) const fn push_label(&mut self, s: &Shape) {
        match s {
            Shape::Any => self.push("any"),
            Shape::Nil => self.push("nil"),
            Shape::Bool => self.push("bool"),
            Shape::Int(i) => self.push(i.name),
            Shape::F32 => self.push("f32"),
            Shape::F64 => self.push("f64"),
            Shape::Str => self.push("str"),
            Shape::Char => self.push("char"),
            Shape::Bin { len: None, .. } => self.push("bin"),
            Shape::Bin { len: Some(n), .. } => {
                self.push("bin[");
                self.push_u64(*n as u64);
                self.push("]");
            }
            Shape::Ext { type_code: None } => self.push("ext"),
            Shape::Ext { type_code: Some(t) } => {
                self.push("ext(");
                self.push_i64(*t as i64);
                self.push(")");
            }
            Shape::Timestamp => self.push("timestamp"),
            Shape::Option(inner) => {
                self.push("Option<");
                self.push_label(inner.get());
                self.push(">");
            }
            Shape::Seq { elem, len } => {
                self.push("[");
                self.push_label(elem.get());
                if let Some(n) = len {
                    self.push("; ");
                    self.push_u64(*n as u64);
                }
                self.push("]");
            }
            Shape::Tuple(items) => {
                self.push("(");
                let mut i = 0;
                while i < items.len() {
                    if i > 0 {
                        self.push(", ");
                    }
                    self.push_label(items[i].get());
                    i += 1;
                }
                if items.len() == 1 {
                    self.push(",");
                }
                self.push(")");
            }
            Shape::Map { key, value } => {
                self.push("{");
                self.push_label(key.get());
                self.push(": ");
                self.push_label(value.get());
                self.push("}");
            }
            Shape::Struct(d) => self.push(d.name),
            Shape::Enum(d) => self.push(d.name),
            Shape::Newtype(d) => self.push(d.name),
            Shape::Recur { name, .. } => self.push(name),
            Shape::Opaque { with, ty } => {
                self.push(ty);
                self.push(" with(");
                self.push(with);
                self.push(")");
            }
        }
    }
}

impl fmt::Display for Incompatible {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for Incompatible {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Incompatible").field(&self.as_str()).finish()
    }
}

#[cfg(feature = "std")]
impl std::error::Error for Incompatible {}

/// The MessagePack format a shape reads (`reader`) or writes, for
/// mismatch messages.
pub(super) const fn push_format(m: &mut Incompatible, s: &Shape, reader: bool) {
    match s {
        Shape::Any => m.push("any value"),
        Shape::Nil => m.push("nil"),
        Shape::Bool => m.push("bool"),
        Shape::Int(_) => m.push("integer"),
        Shape::F32 => m.push("float 32"),
        Shape::F64 => m.push(if reader { "float 64 or 32" } else { "float 64" }),
        Shape::Str => m.push("str"),
        Shape::Char => m.push(if reader { "str of one character" } else { "str" }),
        Shape::Bin { len: Some(n), .. } => {
            m.push("bin of ");
            m.push_u64(*n as u64);
            m.push(" bytes");
        }
        Shape::Bin { len: None, .. } => m.push(if reader { "bin" } else { "bin of any length" }),
        Shape::Ext { type_code: Some(t) } => {
            m.push("ext type ");
            m.push_i64(*t as i64);
        }
        Shape::Ext { type_code: None } => m.push(if reader { "ext" } else { "ext of any type" }),
        Shape::Timestamp => m.push("timestamp"),
        Shape::Option(inner) => push_format(m, inner.get(), reader),
        Shape::Seq { len: Some(n), .. } => {
            m.push("array of ");
            m.push_u64(*n as u64);
        }
        Shape::Seq { len: None, .. } => m.push(if reader { "array" } else { "array of any length" }),
        Shape::Tuple(items) => {
            m.push("array of ");
            m.push_u64(items.len() as u64);
        }
        Shape::Map { .. } => m.push("map"),
        Shape::Struct(d) => {
            m.push(match d.form {
                Form::Map => "map (",
                Form::Unit if reader => "empty array or nil (",
                _ => "array (",
            });
            m.push(d.name);
            m.push(")");
        }
        Shape::Enum(d) => {
            m.push("enum ");
            m.push(d.name);
        }
        Shape::Newtype(d) => m.push(d.name),
        Shape::Recur { name, .. } => m.push(name),
        Shape::Opaque { with, ty } => {
            m.push(ty);
            m.push(" with(");
            m.push(with);
            m.push(")");
        }
    }
}
