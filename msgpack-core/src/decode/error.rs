//! The decode error: what was expected, what was found, where.

use core::fmt;

/// Why decoding failed, where, and on which path.
///
/// The message reads like
/// `expected u8, found str "abc" at $.users[3].age (byte 1042)`:
/// the [`kind`](Error::kind) says what went wrong, the
/// [`offset`](Error::offset) is the byte position of the offending item, and
/// the [`path`](Error::path) leads from the root value to it. The path is
/// built while the error travels up through container and derived decoders
/// (see [`at_field`](Error::at_field)), so a successful decode never pays for
/// it. With feature `alloc` the error is one pointer wide and the path has no
/// length limit; without it the error is stored inline and keeps the
/// innermost [`MAX_INLINE_SEGMENTS`] segments.
///
/// ```
/// let err = msgpack_core::from_slice::<Vec<u8>>(&[0x92, 0x01, 0xa1, b'x']).unwrap_err();
/// assert_eq!(err.to_string(), r#"expected u8, found str "x" at $[1] (byte 2)"#);
/// assert_eq!(err.offset(), 2);
/// ```
pub struct Error {
    /// `None`: a speculative failure (see [`Error::is_speculative`]),
    /// made without allocating.
    #[cfg(feature = "alloc")]
    inner: Option<alloc::boxed::Box<Inner>>,
    #[cfg(not(feature = "alloc"))]
    inner: Inner,
}

/// What a speculative failure reads as (it has no details of its own).
#[cfg(feature = "alloc")]
static SPECULATIVE: Inner = Inner { kind: ErrorKind::Custom(SPECULATIVE_TEXT), offset: 0, path: Path::new() };
const SPECULATIVE_TEXT: &str = "a speculative decode failed (an untagged variant's attempt)";

/// The offset of an error made by `serde::de::Error` before the
/// deserializer of `msgpack_core::serde` has located it (see [`Error::locate`]).
pub(crate) const UNLOCATED: usize = usize::MAX;

/// How many path segments an error keeps without feature `alloc`.
pub const MAX_INLINE_SEGMENTS: usize = 8;

#[derive(Clone)]
struct Inner {
    kind: ErrorKind,
    offset: usize,
    path: Path,
}

/// What went wrong.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The input ended inside an item, or a length prefix claims more bytes
    /// than the input has left (checked before anything is allocated).
    UnexpectedEof {
        /// Bytes the item needs (for a container: at least one per element).
        needed: u64,
        /// Bytes left in the input.
        available: usize,
    },
    /// The byte 0xc1, which MessagePack never uses.
    ReservedMarker,
    /// The item has another type than the one being decoded.
    TypeMismatch {
        /// The Rust type or wire item that was expected.
        expected: &'static str,
        /// What the input holds instead.
        found: Found,
    },
    /// An integer that does not fit the target type (never wrapped).
    OutOfRange {
        /// The target type.
        expected: &'static str,
        /// The value in the input.
        found: Found,
    },
    /// A `str` item whose payload is not UTF-8.
    InvalidUtf8,
    /// Arrays and maps nested deeper than [`DecodeOptions::max_depth`](super::DecodeOptions::max_depth).
    DepthLimitExceeded {
        /// The limit in force.
        limit: u32,
    },
    /// A length or an allocation beyond a limit of the [`DecodeOptions`](super::DecodeOptions).
    LimitExceeded {
        /// Which limit.
        limit: Limit,
        /// The declared length, or the bytes the allocation needed.
        value: u64,
        /// The limit in force (for [`Limit::Alloc`], what was left of the budget).
        max: u64,
    },
    /// Bytes left after the top-level value (see [`from_slice`](crate::from_slice)).
    TrailingBytes {
        /// How many.
        count: usize,
    },
    /// An ext -1 whose payload is not a valid timestamp (length other than
    /// 4, 8 or 12, or nanoseconds of 1e9 or more).
    InvalidTimestamp,
    /// A fixed-size array or tuple with another number of elements.
    InvalidLength {
        /// The number of elements expected.
        expected: usize,
        /// The number in the input.
        found: usize,
    },
    /// A container of a fixed capacity (`heapless`, `arrayvec`) given more
    /// elements (bytes, for a string) than it holds.
    CapacityExceeded {
        /// The container's capacity.
        capacity: usize,
        /// The number of elements (or bytes) in the input.
        found: usize,
    },
    /// A required field that the input does not have.
    MissingField(&'static str),
    /// A field the type does not know (with `deny_unknown_fields`).
    UnknownField(Found),
    /// A field that appears twice.
    DuplicateField(&'static str),
    /// A key that appears twice in a map whose entries a derived struct's
    /// flattened catch-all map collects (a key no field claims).
    DuplicateKey(Found),
    /// An enum tag that names no variant.
    UnknownVariant {
        /// The enum.
        enum_name: &'static str,
        /// The tag in the input.
        found: Found,
    },
    /// A message from a hand-written [`Decode`](super::Decode) impl.
    Custom(&'static str),
    /// A message from a serde `Deserialize` impl (`serde::de::Error::custom`,
    /// deserializing through `msgpack_core::serde`; feature `serde`).
    Message(super::ErrorText),
    /// An impl refused the item it was given: a hand-written
    /// [`Decode`](super::Decode) impl through
    /// [`Decoder::invalid_value`](super::Decoder::invalid_value), or a serde
    /// `Deserialize` impl (`serde::de::Error::invalid_type`, `invalid_value`
    /// or `invalid_length`, through `msgpack_core::serde`): what it expected,
    /// in its own words, and what the input holds there.
    Invalid {
        /// What the impl expected (serde's `Expected`, formatted).
        expected: super::ErrorText,
        /// The item at the error's offset.
        found: Found,
    },
    /// A value was read but could not be converted into the type (a derived
    /// type with `try_from = "T"`: the `TryFrom` error's `Display`).
    Conversion {
        /// The type converted into.
        into: &'static str,
        /// Why the conversion failed.
        message: super::ErrorText,
    },
    /// Failed attempts of untagged variants read more bytes in all than the
    /// input allows (a hostile nesting of untagged enums; see
    /// [`SPECULATION_PER_BYTE`](super::SPECULATION_PER_BYTE)).
    SpeculationLimit {
        /// The bytes failed attempts could read, for this input.
        budget: u64,
    },
    /// An untagged enum (or the untagged variants of a tagged one) where no
    /// variant read the value: each variant tried, with its reason.
    NoVariantMatched {
        /// The enum.
        enum_name: &'static str,
        /// `A: reason; B: reason`, in the order the variants were tried
        /// (variants whose shape cannot start with the value's marker are
        /// listed as such).
        reasons: super::ErrorText,
    },
}

/// The limits of [`DecodeOptions`](super::DecodeOptions), as named in
/// [`ErrorKind::LimitExceeded`].
///
/// ```
/// use msgpack_core::decode::{ErrorKind, Limit};
/// use msgpack_core::{from_slice_with, DecodeOptions};
/// let e = from_slice_with::<Vec<u8>>(&[0x93, 1, 2, 3], &DecodeOptions::new().max_container_len(2)).unwrap_err();
/// assert_eq!(e.kind(), &ErrorKind::LimitExceeded { limit: Limit::ContainerLen, value: 3, max: 2 });
/// assert_eq!(Limit::ContainerLen.option(), "max_container_len");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Limit {
    /// [`max_container_len`](super::DecodeOptions::max_container_len).
    ContainerLen,
    /// [`max_str_len`](super::DecodeOptions::max_str_len).
    StrLen,
    /// [`max_bin_len`](super::DecodeOptions::max_bin_len).
    BinLen,
    /// [`max_ext_len`](super::DecodeOptions::max_ext_len).
    ExtLen,
    /// [`max_alloc`](super::DecodeOptions::max_alloc).
    Alloc,
}

impl Limit {
    /// The name of the option that sets this limit.
    ///
    /// ```
    /// assert_eq!(msgpack_core::decode::Limit::Alloc.option(), "max_alloc");
    /// ```
    pub const fn option(self) -> &'static str {
        match self {
            Limit::ContainerLen => "max_container_len",
            Limit::StrLen => "max_str_len",
            Limit::BinLen => "max_bin_len",
            Limit::ExtLen => "max_ext_len",
            Limit::Alloc => "max_alloc",
        }
    }
}

/// A short description of an item found in the input, for error messages.
///
/// Strings keep their first bytes (up to [`Text::CAPACITY`]), so a message
/// can show `found str "abc"` without allocating.
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub enum Found {
    /// `nil`.
    Nil,
    /// A boolean.
    Bool(bool),
    /// A non-negative integer.
    UInt(u64),
    /// A negative integer.
    NegInt(i64),
    /// A `float 32`.
    F32(f32),
    /// A `float 64`.
    F64(f64),
    /// A `str` (its start).
    Str(Text),
    /// A `bin` of this many bytes.
    Bin(usize),
    /// An array of this many elements.
    Array(usize),
    /// A map of this many entries.
    Map(usize),
    /// An ext item.
    Ext {
        /// Its type id.
        ty: i8,
        /// Its payload length.
        len: usize,
    },
    /// The reserved byte 0xc1.
    Reserved,
    /// The end of the input.
    Eof,
}

/// The start of a string, stored inline.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Text {
    buf: [u8; Text::CAPACITY],
    len: u8,
    truncated: bool,
}

impl Text {
    /// How many bytes of a string are kept.
    pub const CAPACITY: usize = 24;

    /// Keeps the start of `s`, cut at a character boundary.
    ///
    /// ```
    /// let t = msgpack_core::decode::Text::new("abc");
    /// assert_eq!(t.as_str(), "abc");
    /// assert!(!t.is_truncated());
    /// ```
    pub fn new(s: &str) -> Self {
        let mut end = s.len().min(Self::CAPACITY);
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        let mut buf = [0u8; Self::CAPACITY];
        buf[..end].copy_from_slice(&s.as_bytes()[..end]);
        Text { buf, len: end as u8, truncated: end < s.len() }
    }

    /// The kept text.
    ///
    /// ```
    /// let t = msgpack_core::decode::Text::new(&"x".repeat(100));
    /// assert_eq!(t.as_str().len(), msgpack_core::decode::Text::CAPACITY);
    /// ```
    pub fn as_str(&self) -> &str {
        // `new` only keeps whole characters of a `str`.
        core::str::from_utf8(&self.buf[..self.len as usize]).unwrap_or("")
    }

    /// Whether the string was longer than what is kept.
    ///
    /// ```
    /// assert!(msgpack_core::decode::Text::new(&"x".repeat(100)).is_truncated());
    /// ```
    pub fn is_truncated(&self) -> bool {
        self.truncated
    }
}

impl fmt::Debug for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{}", self.as_str().escape_debug())?;
        if self.truncated { f.write_str("...\"") } else { f.write_str("\"") }
    }
}

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Found::Nil => f.write_str("nil"),
            Found::Bool(b) => write!(f, "bool {b}"),
            Found::UInt(v) => write!(f, "int {v}"),
            Found::NegInt(v) => write!(f, "int {v}"),
            Found::F32(v) => write!(f, "float32 {v}"),
            Found::F64(v) => write!(f, "float64 {v}"),
            Found::Str(t) => write!(f, "str {t:?}"),
            Found::Bin(n) => write!(f, "bin of {n} bytes"),
            Found::Array(n) => write!(f, "array of {n} elements"),
            Found::Map(n) => write!(f, "map of {n} entries"),
            Found::Ext { ty, len } => write!(f, "ext type {ty} of {len} bytes"),
            Found::Reserved => f.write_str("reserved byte 0xc1"),
            Found::Eof => f.write_str("end of input"),
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorKind::UnexpectedEof { needed, available } => {
                write!(f, "unexpected end of input: needed {needed} bytes, {available} left")
            }
            ErrorKind::ReservedMarker => f.write_str("invalid marker 0xc1 (never used by MessagePack)"),
            ErrorKind::TypeMismatch { expected, found } => write!(f, "expected {expected}, found {found}"),
            ErrorKind::OutOfRange { expected, found } => write!(f, "expected {expected}, found {found} (out of range)"),
            ErrorKind::InvalidUtf8 => f.write_str("invalid UTF-8 in str"),
            ErrorKind::DepthLimitExceeded { limit } => write!(f, "nesting deeper than the limit of {limit}"),
            ErrorKind::LimitExceeded { limit: Limit::Alloc, value, max } => {
                write!(f, "allocating {value} bytes exceeds what is left of the budget ({max} bytes, max_alloc)")
            }
            ErrorKind::LimitExceeded { limit, value, max } => {
                write!(f, "length {value} exceeds the limit of {max} ({})", limit.option())
            }
            ErrorKind::TrailingBytes { count } => write!(f, "{count} trailing bytes after the value"),
            ErrorKind::InvalidTimestamp => f.write_str("invalid timestamp"),
            ErrorKind::InvalidLength { expected, found } => {
                write!(f, "expected {expected} elements, found {found}")
            }
            ErrorKind::CapacityExceeded { capacity, found } => {
                write!(f, "found {found} elements (bytes of a string), more than the capacity of {capacity}")
            }
            ErrorKind::MissingField(name) => write!(f, "missing field \"{name}\""),
            ErrorKind::UnknownField(found) => match found {
                Found::Str(t) => write!(f, "unknown field {t:?}"),
                other => write!(f, "unknown field {other}"),
            },
            ErrorKind::DuplicateField(name) => write!(f, "duplicate field \"{name}\""),
            ErrorKind::DuplicateKey(found) => match found {
                Found::Str(t) => write!(f, "duplicate key {t:?}"),
                other => write!(f, "duplicate key {other}"),
            },
            ErrorKind::UnknownVariant { enum_name, found } => match found {
                Found::Str(t) => write!(f, "unknown tag {t:?} for {enum_name}"),
                other => write!(f, "unknown tag {other} for {enum_name}"),
            },
            ErrorKind::Custom(msg) => f.write_str(msg),
            ErrorKind::Message(msg) => write!(f, "{msg}"),
            ErrorKind::Invalid { expected, found } => write!(f, "expected {expected}, found {found}"),
            ErrorKind::Conversion { into, message } => write!(f, "invalid {into}: {message}"),
            ErrorKind::SpeculationLimit { budget } => write!(
                f,
                "untagged variants tried too often: failed attempts read more than {budget} bytes, the budget for this input"
            ),
            ErrorKind::NoVariantMatched { enum_name, reasons } => {
                write!(f, "no variant of untagged enum {enum_name} matched ({reasons})")
            }
        }
    }
}

/// One step of an error's path.
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub enum Segment {
    /// A struct field, by its wire name: `.name`.
    Field(&'static str),
    /// An array element: `[3]`.
    Index(usize),
    /// A map entry, by its key: `["key"]` or `[5]`.
    Key(Found),
}

#[derive(Clone)]
struct Path {
    /// Innermost segment first (the order in which they are added).
    #[cfg(feature = "alloc")]
    segs: alloc::vec::Vec<Segment>,
    #[cfg(not(feature = "alloc"))]
    segs: [Option<Segment>; MAX_INLINE_SEGMENTS],
    #[cfg(not(feature = "alloc"))]
    len: usize,
    #[cfg(not(feature = "alloc"))]
    dropped: bool,
}

impl Path {
    const fn new() -> Self {
        Path {
            #[cfg(feature = "alloc")]
            segs: alloc::vec::Vec::new(),
            #[cfg(not(feature = "alloc"))]
            segs: [None; MAX_INLINE_SEGMENTS],
            #[cfg(not(feature = "alloc"))]
            len: 0,
            #[cfg(not(feature = "alloc"))]
            dropped: false,
        }
    }

    fn push(&mut self, seg: Segment) {
        #[cfg(feature = "alloc")]
        self.segs.push(seg);
        #[cfg(not(feature = "alloc"))]
        {
            if self.len < MAX_INLINE_SEGMENTS {
                self.segs[self.len] = Some(seg);
                self.len += 1;
            } else {
                self.dropped = true;
            }
        }
    }

    /// Segments from the root to the error.
    fn iter(&self) -> impl Iterator<Item = &Segment> {
        #[cfg(feature = "alloc")]
        return self.segs.iter().rev();
        #[cfg(not(feature = "alloc"))]
        return self.segs[..self.len].iter().rev().flatten();
    }

    fn is_partial(&self) -> bool {
        #[cfg(feature = "alloc")]
        return false;
        #[cfg(not(feature = "alloc"))]
        return self.dropped;
    }
}

/// The path of an error, displayed as `$.users[3].age`.
///
/// ```
/// let err = msgpack_core::from_slice::<Vec<Vec<bool>>>(&[0x91, 0x91, 0x01]).unwrap_err();
/// assert_eq!(err.path().to_string(), "$[0][0]");
/// ```
pub struct PathDisplay<'a>(&'a Path);

impl fmt::Display for PathDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.0.is_partial() { "$..." } else { "$" })?;
        for seg in self.0.iter() {
            match seg {
                Segment::Field(name) => write!(f, ".{name}")?,
                Segment::Index(i) => write!(f, "[{i}]")?,
                Segment::Key(Found::Str(t)) => write!(f, "[{t:?}]")?,
                Segment::Key(Found::UInt(v)) => write!(f, "[{v}]")?,
                Segment::Key(Found::NegInt(v)) => write!(f, "[{v}]")?,
                Segment::Key(other) => write!(f, "[{other}]")?,
            }
        }
        Ok(())
    }
}

impl Error {
    /// An error of `kind` at byte `offset`.
    ///
    /// ```
    /// use msgpack_core::decode::{Error, ErrorKind};
    /// let e = Error::new(ErrorKind::Custom("bad checksum"), 7);
    /// assert_eq!(e.to_string(), "bad checksum at $ (byte 7)");
    /// ```
    #[cold]
    #[inline(never)]
    pub fn new(kind: ErrorKind, offset: usize) -> Self {
        let inner = Inner { kind, offset, path: Path::new() };
        Error {
            #[cfg(feature = "alloc")]
            inner: Some(alloc::boxed::Box::new(inner)),
            #[cfg(not(feature = "alloc"))]
            inner,
        }
    }

    /// An error made `depth` containers deep: its path gets room for a
    /// segment per level at once (one allocation of what it will hold,
    /// not a doubling vector, so a deep error's path stays within its
    /// input's size in memory: 32 bytes a level, a level at least a byte).
    #[cold]
    #[inline(never)]
    pub(crate) fn with_depth(kind: ErrorKind, offset: usize, depth: usize) -> Self {
        #[allow(unused_mut)]
        let mut e = Self::new(kind, offset);
        #[cfg(feature = "alloc")]
        if let Some(inner) = e.inner.as_mut() {
            inner.path.segs.reserve_exact(depth + 1);
        }
        let _ = depth;
        e
    }

    /// The failure of a speculative decode: no details, nothing allocated.
    /// What a decoder returns in place of an error while it tries one
    /// variant of an untagged enum; the derive then tries the next variant,
    /// and only when none matches decodes again for the real reasons.
    #[cold]
    #[inline(never)]
    pub(crate) fn speculative() -> Self {
        Error {
            #[cfg(feature = "alloc")]
            inner: None,
            #[cfg(not(feature = "alloc"))]
            inner: Inner { kind: ErrorKind::Custom(SPECULATIVE_TEXT), offset: 0, path: Path::new() },
        }
    }

    /// Whether this is the detail-free failure of a speculative attempt
    /// (only seen by code that tries the variants of an untagged enum).
    ///
    /// ```
    /// let e = msgpack_core::decode::Error::custom("bad", 0);
    /// assert!(!e.is_speculative());
    /// ```
    pub fn is_speculative(&self) -> bool {
        matches!(self.get().kind, ErrorKind::Custom(t) if core::ptr::eq(t, SPECULATIVE_TEXT))
    }

    #[inline]
    fn get(&self) -> &Inner {
        #[cfg(feature = "alloc")]
        return self.inner.as_deref().unwrap_or(&SPECULATIVE);
        #[cfg(not(feature = "alloc"))]
        return &self.inner;
    }

    /// An error of `kind` whose offset is not known yet: made by
    /// `serde::de::Error` inside a `Deserialize` impl, located by the
    /// deserializer of `msgpack_core::serde` at the item it was reading.
    #[cfg(feature = "serde")]
    #[cold]
    #[inline(never)]
    pub(crate) fn unlocated(kind: ErrorKind) -> Self {
        Error::new(kind, UNLOCATED)
    }

    /// Gives an error made by [`unlocated`](Error::unlocated) the offset
    /// `at`, and an [`ErrorKind::Invalid`] the item found there; any other
    /// error is returned as it is.
    #[cfg(feature = "serde")]
    #[cold]
    #[inline(never)]
    pub(crate) fn locate(mut self, at: usize, found: impl FnOnce() -> Found) -> Self {
        if let Some(inner) = self.inner_mut()
            && inner.offset == UNLOCATED
        {
            inner.offset = at;
            if let ErrorKind::Invalid { found: f, .. } = &mut inner.kind {
                *f = found();
            }
        }
        self
    }

    /// The kind, to be refined by the code that knows more (the serde
    /// deserializer naming the enum of an unknown variant); `None` for a
    /// speculative failure.
    #[cfg(feature = "serde")]
    pub(crate) fn kind_mut(&mut self) -> Option<&mut ErrorKind> {
        self.inner_mut().map(|inner| &mut inner.kind)
    }

    /// The details (feature `serde` implies `alloc`: the boxed form).
    #[cfg(feature = "serde")]
    #[inline]
    fn inner_mut(&mut self) -> Option<&mut Inner> {
        self.inner.as_deref_mut()
    }

    /// Adds a path segment (a speculative failure has no path to extend).
    #[inline]
    fn push(&mut self, seg: Segment) {
        #[cfg(feature = "alloc")]
        if let Some(inner) = self.inner.as_deref_mut() {
            inner.path.push(seg);
        }
        #[cfg(not(feature = "alloc"))]
        if !self.is_speculative() {
            self.inner.path.push(seg);
        }
    }

    /// A custom error at byte `offset`.
    ///
    /// ```
    /// let e = msgpack_core::decode::Error::custom("no", 0);
    /// assert!(matches!(e.kind(), msgpack_core::decode::ErrorKind::Custom("no")));
    /// ```
    #[cold]
    pub fn custom(msg: &'static str, offset: usize) -> Self {
        Error::new(ErrorKind::Custom(msg), offset)
    }

    /// What went wrong.
    ///
    /// ```
    /// use msgpack_core::decode::ErrorKind;
    /// let e = msgpack_core::from_slice::<u8>(&[0xc1]).unwrap_err();
    /// assert_eq!(e.kind(), &ErrorKind::ReservedMarker);
    /// ```
    pub fn kind(&self) -> &ErrorKind {
        &self.get().kind
    }

    /// The byte offset of the offending item in the input (`usize::MAX`
    /// for an error made by `serde::de::Error` outside a deserializer of
    /// this crate: it has no place in an input).
    ///
    /// ```
    /// let e = msgpack_core::from_slice::<(u8, u8)>(&[0x92, 0x01, 0xc0]).unwrap_err();
    /// assert_eq!(e.offset(), 2);
    /// ```
    pub fn offset(&self) -> usize {
        self.get().offset
    }

    /// The path from the root value to the offending item.
    ///
    /// ```
    /// let e = msgpack_core::from_slice::<(u8, u8)>(&[0x92, 0x01, 0xc0]).unwrap_err();
    /// assert_eq!(e.path().to_string(), "$[1]");
    /// ```
    pub fn path(&self) -> PathDisplay<'_> {
        PathDisplay(&self.get().path)
    }

    /// The path's segments, from the root to the offending item.
    ///
    /// ```
    /// use msgpack_core::decode::Segment;
    /// let e = msgpack_core::from_slice::<(u8, u8)>(&[0x92, 0x01, 0xc0]).unwrap_err();
    /// assert_eq!(e.path_segments().collect::<Vec<_>>(), [&Segment::Index(1)]);
    /// ```
    pub fn path_segments(&self) -> impl Iterator<Item = &Segment> {
        self.get().path.iter()
    }

    /// Prepends a struct field to the path (called while unwinding, by
    /// derived code and container impls).
    ///
    /// ```
    /// let e = msgpack_core::decode::Error::custom("bad", 3).at_field("age").at_index(2).at_field("users");
    /// assert_eq!(e.to_string(), "bad at $.users[2].age (byte 3)");
    /// ```
    #[cold]
    #[inline(never)]
    pub fn at_field(mut self, name: &'static str) -> Self {
        self.push(Segment::Field(name));
        self
    }

    /// Prepends an array index to the path.
    ///
    /// ```
    /// let e = msgpack_core::decode::Error::custom("bad", 0).at_index(4);
    /// assert_eq!(e.path().to_string(), "$[4]");
    /// ```
    #[cold]
    #[inline(never)]
    pub fn at_index(mut self, index: usize) -> Self {
        self.push(Segment::Index(index));
        self
    }

    /// Prepends a map key to the path.
    ///
    /// ```
    /// use msgpack_core::decode::{Error, Found, Text};
    /// let e = Error::custom("bad", 0).at_key(Found::Str(Text::new("k")));
    /// assert_eq!(e.path().to_string(), r#"$["k"]"#);
    /// ```
    #[cold]
    #[inline(never)]
    pub fn at_key(mut self, key: Found) -> Self {
        self.push(Segment::Key(key));
        self
    }
}

impl Clone for Error {
    fn clone(&self) -> Self {
        Error { inner: self.inner.clone() }
    }
}

impl PartialEq for Error {
    /// Errors are equal when kind, offset and path are.
    fn eq(&self, other: &Self) -> bool {
        let (a, b) = (self.get(), other.get());
        a.kind == b.kind && a.offset == b.offset && a.path.iter().eq(b.path.iter())
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let inner = self.get();
        if inner.offset == UNLOCATED {
            // Made by `serde::de::Error` outside a deserializer of this crate.
            return write!(f, "{} at {}", inner.kind, self.path());
        }
        write!(f, "{} at {} (byte {})", inner.kind, self.path(), inner.offset)
    }
}

/// The message `Display` writes, in `Error(..)`: what `.unwrap()` shows,
/// and one formatting path in a program instead of two (the derived
/// `Debug` of [`ErrorKind`] and [`Found`] stays for those who print them).
///
/// ```
/// let e = msgpack_core::from_slice::<u8>(&[0xa1, b'x']).unwrap_err();
/// assert_eq!(format!("{e:?}"), "Error(expected u8, found str \"x\" at $ (byte 0))");
/// ```
impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Error(")?;
        fmt::Display::fmt(self, f)?;
        f.write_str(")")
    }
}

impl core::error::Error for Error {}

#[cfg(feature = "std")]
impl From<Error> for std::io::Error {
    fn from(e: Error) -> Self {
        std::io::Error::new(std::io::ErrorKind::InvalidData, e)
    }
}
