//! The report of a failed check, built without an allocator in `const`
//! code: [`Incompatible`] is a fixed buffer that whole strings are appended
//! to, plus the short renderings of shapes used in its text and `Display`.
//! The list of every incompatibility a check found, in the same buffer, is
//! in `report/list.rs`.

use core::fmt;

use super::{Form, Key, Rule, Shape};

mod list;

pub use list::Incompatibilities;

/// Room for the message: the incompatibilities listed, then the tail
/// (`and N more`, a note).
const MSG_CAP: usize = 1536;

/// Room kept after the listed incompatibilities for the tail; text longer
/// than the rest ends in `...`.
const TAIL_ROOM: usize = 160;

/// At most this many incompatibilities are listed; the others are counted.
const MAX_LISTED: usize = 8;

/// Why a reader cannot decode what a writer writes: a message naming the
/// types, the [rule](Rule) broken, the path (fields, positions, variants)
/// and the reason: `R cannot read W: rule ID: path: reason`.
///
/// A [`check`](super::check) reports every incompatibility it finds: the
/// first on that line, each other one on a line of its own (`  rule ID:
/// path: reason`), up to eight (and as many as fit), then `  and N more`.
/// [`rule`](Self::rule) and [`detail`](Self::detail) are the first one's,
/// [`count`](Self::count) says how many were found and
/// [`entries`](Self::entries) lists them.
///
/// ```
/// use msgpack_core::schema::{Rule, check, shape_of};
///
/// let err = check(shape_of::<u8>(), shape_of::<u32>()).unwrap_err();
/// assert_eq!(err.as_str(), "u8 cannot read u32: rule integer-narrowed: u8 cannot hold every u32");
/// assert_eq!(err.rule(), Rule::IntegerNarrowed);
/// assert_eq!(err.detail(), "u8 cannot hold every u32");
/// assert_eq!(err.count(), 1);
/// ```
#[derive(Clone, Copy)]
pub struct Incompatible {
    buf: [u8; MSG_CAP],
    len: usize,
    full: bool,
    rule: Rule,
    /// Where the head (`R cannot read W`) ends.
    head_end: usize,
    /// Where the detail (the path and the reason) starts.
    detail_start: usize,
    /// Incompatibilities found: the first `listed` are in the text.
    count: usize,
    listed: usize,
    /// The rule of each listed one (the first is `rule`).
    rules: [Rule; MAX_LISTED],
    /// Where each listed one's line starts and its detail starts.
    starts: [usize; MAX_LISTED],
    details: [usize; MAX_LISTED],
    /// Where the tail (`and N more`, a note) starts, if there is one.
    tail: Option<usize>,
}

impl Incompatible {
    /// An empty buffer, for labels (`display`) or text pushed as it is: its
    /// head is empty, its detail all of it, its rule `TypeChanged`. A
    /// message of a rule is made with [`for_rule`](Self::for_rule),
    /// [`from_parts`](Self::from_parts) or [`with_head`](Self::with_head).
    pub(super) const fn new() -> Self {
        Incompatible::for_rule(Rule::TypeChanged)
    }

    /// An empty message for `rule`: push the head, then call
    /// [`begin_detail`](Self::begin_detail), then push the path and reason.
    pub(super) const fn for_rule(rule: Rule) -> Self {
        Incompatible {
            buf: [0; MSG_CAP],
            len: 0,
            full: false,
            rule,
            head_end: 0,
            detail_start: 0,
            count: 1,
            listed: 1,
            rules: [rule; MAX_LISTED],
            starts: [0; MAX_LISTED],
            details: [0; MAX_LISTED],
            tail: None,
        }
    }

    /// Ends the head: appends `": rule ID: "`, after which comes the detail.
    pub(super) const fn begin_detail(&mut self) {
        self.head_end = self.len;
        self.push(": rule ");
        self.push(self.rule.id());
        self.push(": ");
        self.detail_start = self.len;
        self.details[0] = self.len;
    }

    /// A message from parts: `{head parts}: rule {id}: {detail parts}`
    /// (each list concatenated).
    pub(super) const fn from_parts(head: &[&str], rule: Rule, detail: &[&str]) -> Self {
        let mut m = Incompatible::for_rule(rule);
        let mut i = 0;
        while i < head.len() {
            m.push(head[i]);
            i += 1;
        }
        m.begin_detail();
        let mut i = 0;
        while i < detail.len() {
            m.push(detail[i]);
            i += 1;
        }
        m
    }

    /// The same head and detail under another rule (more may be pushed to
    /// the detail).
    pub(super) const fn with_rule(&self, rule: Rule) -> Self {
        let mut m = Incompatible::from_parts(&[self.head()], rule, &[self.detail()]);
        m.full = m.full || self.full;
        m
    }

    /// The message: `R cannot read W: rule ID: path: reason`, then a line
    /// for each other incompatibility found.
    ///
    /// ```
    /// use msgpack_core::schema::{check, shape_of};
    /// let err = check(shape_of::<String>(), shape_of::<Vec<u8>>()).unwrap_err();
    /// assert_eq!(err.as_str(), "str cannot read bin: rule type-changed: expected str, found bin of any length");
    /// ```
    #[must_use]
    pub const fn as_str(&self) -> &str {
        let (bytes, _) = self.buf.split_at(self.len);
        text(bytes)
    }

    /// The rule the reader and the writer break.
    ///
    /// ```
    /// use msgpack_core::schema::{Rule, check, shape_of};
    /// let err = check(shape_of::<String>(), shape_of::<Vec<u8>>()).unwrap_err();
    /// assert_eq!(err.rule(), Rule::TypeChanged);
    /// ```
    #[must_use]
    pub const fn rule(&self) -> Rule {
        self.rule
    }

    /// The message after `"R cannot read W: rule ID: "`: the path and the
    /// reason (of the first incompatibility, when there are several), for a
    /// caller that names the types its own way.
    ///
    /// ```
    /// use msgpack_core::{MsgPack, schema::{check, shape_of}};
    ///
    /// #[derive(MsgPack)]
    /// struct V1 { id: u64 }
    /// #[derive(MsgPack)]
    /// struct V2 { id: u32 }
    ///
    /// let err = check(shape_of::<V2>(), shape_of::<V1>()).unwrap_err();
    /// assert_eq!(err.detail(), r#"field "id": u32 cannot hold every u64"#);
    /// assert_eq!(err.as_str(), format!("V2 cannot read V1: rule {}: {}", err.rule(), err.detail()));
    /// ```
    #[must_use]
    pub const fn detail(&self) -> &str {
        self.entry_detail(0)
    }

    /// The head: `R cannot read W`.
    pub(super) const fn head(&self) -> &str {
        let end = if self.head_end < self.len { self.head_end } else { self.len };
        let (bytes, _) = self.buf.split_at(end);
        text(bytes)
    }

    /// Appends `s` whole, or marks the message as cut (keeping room for
    /// `...` and the tail).
    pub(super) const fn push(&mut self, s: &str) {
        if self.full {
            return;
        }
        let b = s.as_bytes();
        if self.len + b.len() > MSG_CAP - TAIL_ROOM - 3 {
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

/// Bytes copied from whole `str`s, split at their boundaries.
const fn text(bytes: &[u8]) -> &str {
    match core::str::from_utf8(bytes) {
        Ok(s) => s,
        // Only whole `str`s are ever copied in, and splits are made where one
        // ended, so this cannot happen.
        Err(_) => "incompatible schemas",
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

#[cfg(test)]
mod tests {
    use super::{Incompatible, MSG_CAP, Rule};
    use crate::schema::{check, shape_of};

    #[test]
    fn with_head_keeps_the_rule_and_the_detail() {
        let e = check(shape_of::<u8>(), shape_of::<u32>()).unwrap_err();
        let l = e.with_head(&["User cannot read User@2 (", "schemas/User.msgpack-schema", ")"]);
        assert_eq!(
            l.as_str(),
            "User cannot read User@2 (schemas/User.msgpack-schema): rule integer-narrowed: u8 cannot hold every u32"
        );
        assert_eq!((l.rule(), l.detail()), (e.rule(), e.detail()));
        assert_eq!(l.head(), "User cannot read User@2 (schemas/User.msgpack-schema)");
        assert_eq!(e.head(), "u8 cannot read u32");
    }

    #[test]
    fn from_parts_and_with_rule() {
        let m = Incompatible::from_parts(&["A cannot read ", "B"], Rule::TooDeep, &["field \"x\": ", "why"]);
        assert_eq!(m.as_str(), "A cannot read B: rule too-deep: field \"x\": why");
        let r = m.with_rule(Rule::KeyRenamed);
        assert_eq!(r.as_str(), "A cannot read B: rule key-renamed: field \"x\": why");
        assert_eq!((r.rule(), r.head(), r.detail()), (Rule::KeyRenamed, "A cannot read B", "field \"x\": why"));
    }

    #[test]
    fn a_long_message_ends_in_dots() {
        let long = ["0123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789";
            16];
        let m = Incompatible::from_parts(&["A cannot read B"], Rule::TypeChanged, &long);
        assert!(m.as_str().len() <= MSG_CAP && m.as_str().ends_with("..."), "{}", m.as_str());
        assert!(m.detail().ends_with("...") && m.as_str().starts_with("A cannot read B: rule type-changed: "));
        // More text after the cut is dropped, under any head.
        let h = m.with_head(&["C cannot read D"]);
        assert!(h.as_str().starts_with("C cannot read D: rule type-changed: 0123") && h.as_str().ends_with("..."));
        let mut r = m.with_rule(Rule::ArrayFieldReordered);
        r.push(" (more)");
        assert!(!r.as_str().contains("(more)") && r.as_str().ends_with("..."), "{}", r.as_str());
    }
}
