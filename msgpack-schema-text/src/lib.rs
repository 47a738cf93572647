//! The text form of [msgpack-core](https://docs.rs/msgpack-core) wire
//! schemas: the grammar of schema lock files, parsed into a syntax tree and
//! printed back canonically.
//!
//! A lock file records every version of one message type's wire schema,
//! oldest first. `#[derive(MsgPack)]` reads it at compile time
//! (`#[msgpack(schema_lock = "...")]`) and `msgpack_schema::lock`
//! reads and appends to it at test time; both go through this crate, so
//! they agree on every byte. The grammar is specified in
//! `msgpack_schema::lock`'s documentation; this crate implements it.
//!
//! **An internal part of [msgpack-schema](https://docs.rs/msgpack-schema)**,
//! which re-exports it as `msgpack_schema::text`: use it through that path.
//! It is a crate of its own only because the derive (a proc macro, which
//! `msgpack-core` depends on) parses lock files at expansion time, and
//! `msgpack-schema` depends on `msgpack-core`: the derive depending on
//! `msgpack-schema` would be a package cycle.
//!
//! ```
//! let text = "\
//! msgpack-schema-lock 1
//! mode backward
//!
//! version 1 fingerprint 0x0000000000000001
//! User = map {
//!     \"id\": u64,
//!     \"name\": str (default),
//! }
//! ";
//! let lock = msgpack_schema_text::parse(text).unwrap();
//! assert_eq!(lock.versions.len(), 1);
//! assert_eq!(lock.versions[0].defs[0].name, "User");
//! // The canonical text is the same, after a comment saying what the file is.
//! assert!(msgpack_schema_text::render(&lock).ends_with(text));
//! assert_eq!(msgpack_schema_text::parse(&msgpack_schema_text::render(&lock)).unwrap(), lock);
//! ```

#![forbid(unsafe_code)]

mod error;
mod parse;
mod path;
mod render;
mod token;

pub use error::ParseError;
pub use parse::parse;
pub use path::lock_path;
pub use render::{render, render_defs, render_version};

/// The lock format version this crate reads and writes.
///
/// ```
/// assert_eq!(msgpack_schema_text::FORMAT, 1);
/// ```
pub const FORMAT: u32 = 1;

/// A whole lock file.
///
/// ```
/// use msgpack_schema_text::{Direction, LockFile, Mode};
/// let empty = LockFile { mode: Mode { direction: Direction::Backward, last: None }, versions: vec![] };
/// assert!(msgpack_schema_text::render(&empty).contains("mode backward"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LockFile {
    /// Which direction of compatibility is checked, against how many versions.
    pub mode: Mode,
    /// The recorded versions, oldest first, numbered from 1.
    pub versions: Vec<Version>,
}

impl LockFile {
    /// The versions the current type is checked against: those from the
    /// last deliberate break on (a break starts a new history), and of
    /// those only the last N under `mode ... last N`.
    ///
    /// ```
    /// let lock = msgpack_schema_text::parse("\
    /// msgpack-schema-lock 1
    /// mode backward last 2
    /// version 1 fingerprint 0x1
    /// A = u8
    /// version 2 fingerprint 0x2
    /// break \"u8 was too small\"
    /// A = u16
    /// version 3 fingerprint 0x3
    /// A = u32
    /// version 4 fingerprint 0x4
    /// A = u64
    /// ").unwrap();
    /// let numbers: Vec<u32> = lock.checked_versions().iter().map(|v| v.number).collect();
    /// assert_eq!(numbers, [3, 4]);
    /// ```
    #[must_use]
    pub fn checked_versions(&self) -> &[Version] {
        let start = self.versions.iter().rposition(|v| v.reason.is_some()).unwrap_or(0);
        let since_break = &self.versions[start..];
        match self.mode.last {
            Some(n) => &since_break[since_break.len().saturating_sub(n as usize)..],
            None => since_break,
        }
    }
}

/// The compatibility a lock file asks for (its `mode` line).
///
/// ```
/// use msgpack_schema_text::{Direction, Mode};
/// let m = Mode { direction: Direction::Full, last: Some(2) };
/// assert_eq!(m.to_string(), "full last 2");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mode {
    /// Backward, forward or both.
    pub direction: Direction,
    /// Only the last N recorded versions (`None`: all of them, transitive).
    pub last: Option<u32>,
}

impl core::fmt::Display for Mode {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.direction.as_str())?;
        match self.last {
            Some(n) => write!(f, " last {n}"),
            None => Ok(()),
        }
    }
}

/// A direction of compatibility.
///
/// ```
/// assert_eq!(msgpack_schema_text::Direction::Forward.as_str(), "forward");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// The current type reads every recorded version's messages.
    Backward,
    /// Every recorded version's reader reads the current type's messages.
    Forward,
    /// Both.
    Full,
}

impl Direction {
    /// The keyword in the `mode` line.
    ///
    /// ```
    /// assert_eq!(msgpack_schema_text::Direction::Full.as_str(), "full");
    /// ```
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Direction::Backward => "backward",
            Direction::Forward => "forward",
            Direction::Full => "full",
        }
    }

    /// The direction named by a keyword.
    ///
    /// ```
    /// use msgpack_schema_text::Direction;
    /// assert_eq!(Direction::from_keyword("backward"), Some(Direction::Backward));
    /// assert_eq!(Direction::from_keyword("sideways"), None);
    /// ```
    #[must_use]
    pub fn from_keyword(s: &str) -> Option<Direction> {
        match s {
            "backward" => Some(Direction::Backward),
            "forward" => Some(Direction::Forward),
            "full" => Some(Direction::Full),
            _ => None,
        }
    }
}

/// One recorded version.
///
/// ```
/// let lock = msgpack_schema_text::parse(
///     "msgpack-schema-lock 1\nmode backward\nversion 1 fingerprint 0x2a\nbreak \"first\"\nId = u64\n",
/// ).unwrap();
/// let v = &lock.versions[0];
/// assert_eq!((v.number, v.fingerprint, v.reason.as_deref()), (1, 42, Some("first")));
/// ```
#[derive(Debug, Clone, Eq)]
pub struct Version {
    /// The version number (1, 2, ...).
    pub number: u32,
    /// The recorded 64-bit fingerprint of the schema.
    pub fingerprint: u64,
    /// For a version recorded as a deliberate break: why.
    pub reason: Option<String>,
    /// The named definitions; the first is the locked type itself.
    pub defs: Vec<Def>,
    /// The line of the `version` keyword (1-based).
    pub line: usize,
}

/// A named definition: `Name = body`.
///
/// ```
/// let lock = msgpack_schema_text::parse(
///     "msgpack-schema-lock 1\nmode backward\nversion 1 fingerprint 0x0\nMeters = f64\n",
/// ).unwrap();
/// assert_eq!(lock.versions[0].defs[0].body, msgpack_schema_text::Body::Newtype(msgpack_schema_text::Ty::F64));
/// ```
#[derive(Debug, Clone, Eq)]
pub struct Def {
    /// The name (a Rust type name, made unique in its version); for
    /// readers and references only, never part of the check.
    pub name: String,
    /// What the type is on the wire.
    pub body: Body,
    /// The line of the name (1-based).
    pub line: usize,
}

/// Equal when everything but the line is (a parsed tree equals the tree
/// it was printed from).
impl PartialEq for Version {
    fn eq(&self, o: &Self) -> bool {
        (self.number, self.fingerprint, &self.reason, &self.defs) == (o.number, o.fingerprint, &o.reason, &o.defs)
    }
}

/// Equal when the name and body are (the line is not compared).
impl PartialEq for Def {
    fn eq(&self, o: &Self) -> bool {
        (&self.name, &self.body) == (&o.name, &o.body)
    }
}

/// The body of a definition.
///
/// ```
/// use msgpack_schema_text::{Body, Ty};
/// assert_ne!(Body::Newtype(Ty::Str), Body::Newtype(Ty::Char));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Body {
    /// A derived struct.
    Struct(StructBody),
    /// A derived enum.
    Enum(EnumBody),
    /// A newtype struct: its field on the wire.
    Newtype(Ty),
}

/// How a struct's fields go on the wire.
///
/// ```
/// assert_eq!(msgpack_schema_text::Form::Array.keyword(), "array");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// `map { "key": T, ... }`.
    Map,
    /// `array { name: T, ... }` (`#[msgpack(array)]`).
    Array,
    /// `tuple { 0: T, ... }`: exactly the fields.
    Tuple,
    /// `unit {}`.
    Unit,
}

impl Form {
    /// The keyword that opens the body.
    ///
    /// ```
    /// assert_eq!(msgpack_schema_text::Form::Map.keyword(), "map");
    /// ```
    #[must_use]
    pub fn keyword(self) -> &'static str {
        match self {
            Form::Map => "map",
            Form::Array => "array",
            Form::Tuple => "tuple",
            Form::Unit => "unit",
        }
    }
}

/// A struct body (also a variant's fields).
///
/// ```
/// use msgpack_schema_text::{Form, StructBody};
/// let b = StructBody { form: Form::Unit, deny_unknown_fields: false, fields: vec![] };
/// assert!(b.fields.is_empty());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StructBody {
    /// Map, array, tuple or unit.
    pub form: Form,
    /// Unknown keys or extra elements are errors.
    pub deny_unknown_fields: bool,
    /// The fields on the wire, in order.
    pub fields: Vec<Field>,
}

/// One field.
///
/// ```
/// use msgpack_schema_text::{Field, Key, Ty};
/// let f = Field { name: None, key: Key::Str("id".into()), aliases: vec![], ty: Ty::U64, required: true, always_written: true, flatten: false };
/// assert!(f.required);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Field {
    /// In array and tuple forms, the Rust field name or index (for readers).
    pub name: Option<String>,
    /// In map form, the wire key (in other forms, the position is the key).
    pub key: Key,
    /// More keys the reader accepts (`alias`).
    pub aliases: Vec<String>,
    /// The field's type.
    pub ty: Ty,
    /// The reader needs it (no `default`, not an `Option`).
    pub required: bool,
    /// The writer writes it in every message.
    pub always_written: bool,
    /// `flatten`: written inline (`..T`).
    pub flatten: bool,
}

/// A wire key or tag.
///
/// ```
/// use msgpack_schema_text::Key;
/// assert_ne!(Key::Int(1), Key::Str("1".into()));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Key {
    /// A string.
    Str(String),
    /// An integer.
    Int(i64),
}

/// An enum body.
///
/// ```
/// use msgpack_schema_text::{EnumBody, Tagging};
/// let e = EnumBody { tagging: Tagging::External, variants: vec![], other: true };
/// assert!(e.other);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EnumBody {
    /// The tagging style.
    pub tagging: Tagging,
    /// The variants on the wire.
    pub variants: Vec<Variant>,
    /// An `other` variant catches unknown tags.
    pub other: bool,
}

/// An enum's tagging style.
///
/// ```
/// use msgpack_schema_text::Tagging;
/// assert_eq!(Tagging::Internal("type".into()), Tagging::Internal("type".into()));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Tagging {
    /// `{tag: payload}`, or the bare tag for unit variants.
    External,
    /// `tag "t"`: the tag is an entry of the variant's map.
    Internal(String),
    /// `tag "t", content "c"`.
    Adjacent {
        /// The tag's key.
        tag: String,
        /// The payload's key.
        content: String,
    },
    /// `untagged`.
    Untagged,
}

/// One variant.
///
/// ```
/// use msgpack_schema_text::{Key, Payload, Variant};
/// let v = Variant { tag: Key::Str("Ping".into()), aliases: vec![], untagged: false, payload: Payload::Unit };
/// assert_eq!(v.payload, Payload::Unit);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Variant {
    /// The tag on the wire.
    pub tag: Key,
    /// More tags the reader accepts.
    pub aliases: Vec<String>,
    /// An untagged variant of a tagged enum (`(untagged)`).
    pub untagged: bool,
    /// What follows the tag.
    pub payload: Payload,
}

/// A variant's data.
///
/// ```
/// use msgpack_schema_text::{Payload, Ty};
/// assert_ne!(Payload::Newtype(Ty::Any), Payload::Other(Ty::Any));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Payload {
    /// No data.
    Unit,
    /// One value.
    Newtype(Ty),
    /// Fields.
    Struct(StructBody),
    /// `other T`: the variant holding a whole unknown value.
    Other(Ty),
}

/// A type as it appears in a field or element.
///
/// ```
/// use msgpack_schema_text::Ty;
/// assert_eq!(Ty::U8, Ty::Int { min: 0, max: 255, nonzero: false });
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ty {
    /// `any`.
    Any,
    /// `nil`.
    Nil,
    /// `bool`.
    Bool,
    /// `u8` ... `i64`, or `int(MIN..=MAX)` / `int(MIN..=MAX, nonzero)`.
    Int {
        /// The smallest value.
        min: i64,
        /// The largest value.
        max: u64,
        /// Zero is not allowed.
        nonzero: bool,
    },
    /// `f32`.
    F32,
    /// `f64`.
    F64,
    /// `str`.
    Str,
    /// `char`.
    Char,
    /// `bin`, `bin[N]`; `|[u8]` when arrays of bytes are read too.
    Bin {
        /// The exact length.
        len: Option<u64>,
        /// Also read from an array of `u8`-range integers.
        from_array: bool,
    },
    /// `ext`, `ext(T)`.
    Ext(Option<i8>),
    /// `timestamp`.
    Timestamp,
    /// `Option<T>`.
    Option(Box<Ty>),
    /// `[T]`, `[T; N]`.
    Seq {
        /// The element type.
        elem: Box<Ty>,
        /// The exact length.
        len: Option<u64>,
    },
    /// `(A, B)`.
    Tuple(Vec<Ty>),
    /// `{K: V}`.
    Map {
        /// The key type.
        key: Box<Ty>,
        /// The value type.
        value: Box<Ty>,
    },
    /// `with("module", "Type")`: encoded by user code.
    Opaque {
        /// The module.
        with: String,
        /// The field's Rust type, as written.
        ty: String,
    },
    /// A named definition of the same version.
    Named(String),
}

macro_rules! int_consts {
    ($($name:ident = $kw:literal, $min:expr, $max:expr;)*) => {
        impl Ty {
            $(
                #[doc = concat!("`", $kw, "`.")]
                pub const $name: Ty = Ty::Int { min: $min, max: $max, nonzero: false };
            )*
        }

        /// The standard integer keywords and their ranges.
        pub(crate) const INT_NAMES: &[(&str, i64, u64)] = &[$(($kw, $min, $max)),*];
    };
}

int_consts! {
    U8 = "u8", 0, u8::MAX as u64;
    U16 = "u16", 0, u16::MAX as u64;
    U32 = "u32", 0, u32::MAX as u64;
    U64 = "u64", 0, u64::MAX;
    I8 = "i8", i8::MIN as i64, i8::MAX as u64;
    I16 = "i16", i16::MIN as i64, i16::MAX as u64;
    I32 = "i32", i32::MIN as i64, i32::MAX as u64;
    I64 = "i64", i64::MIN, i64::MAX as u64;
}

impl Ty {
    /// The standard keyword of an integer range (`u8`, ..., `i64`), if it is one.
    ///
    /// ```
    /// assert_eq!(msgpack_schema_text::Ty::int_keyword(0, 65535), Some("u16"));
    /// assert_eq!(msgpack_schema_text::Ty::int_keyword(0, 100), None);
    /// ```
    #[must_use]
    pub fn int_keyword(min: i64, max: u64) -> Option<&'static str> {
        INT_NAMES.iter().find(|(_, lo, hi)| *lo == min && *hi == max).map(|(k, _, _)| *k)
    }
}

/// Words that cannot be a definition's name (the renderer of a schema
/// makes names unique by appending `#N`, which it also does to these).
///
/// ```
/// assert!(msgpack_schema_text::is_keyword("map"));
/// assert!(!msgpack_schema_text::is_keyword("User"));
/// ```
#[must_use]
pub fn is_keyword(s: &str) -> bool {
    const WORDS: &[&str] = &[
        "any",
        "nil",
        "bool",
        "int",
        "f32",
        "f64",
        "str",
        "char",
        "bin",
        "ext",
        "timestamp",
        "Option",
        "with",
        "map",
        "array",
        "tuple",
        "unit",
        "enum",
        "other",
        "version",
        "mode",
        "break",
        "fingerprint",
    ];
    WORDS.contains(&s) || INT_NAMES.iter().any(|(k, _, _)| *k == s)
}
