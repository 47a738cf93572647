//! Wire schemas known at compile time: descriptors, compatibility checks,
//! fingerprints.
//!
//! Every type this crate encodes, and every type that derives
//! [`MsgPack`](crate::MsgPack), implements [`Schema`]: a `const` description
//! ([`Shape`]) of what it writes and what it accepts. From two descriptors,
//! [`check`] decides at compile time whether a reader type can decode every
//! message a writer type can produce, and [`assert_compatible!`](crate::assert_compatible) turns a
//! "no" into a build error that names the type, the field and the reason:
//!
//! ```compile_fail
//! use msgpack_core::{MsgPack, assert_compatible};
//!
//! #[derive(MsgPack)]
//! struct UserV1 { id: u64, name: String }
//!
//! #[derive(MsgPack)]
//! struct UserV2 { id: u64, name: String, email: String }
//!
//! // error: UserV2 cannot read UserV1: rule required-field-added: field "email" is required in UserV2 but UserV1 never writes it
//! assert_compatible!(UserV2, UserV1);
//! ```
//!
//! Every incompatibility is reported at once: the first on the error's
//! first line (the same line as when it is the only one), each other one
//! on a line of its own, `  rule ID: path: reason` (up to eight, then `and
//! N more`; [`Incompatible::entries`] lists them), so one build shows
//! everything to fix:
//!
//! ```text
//! error[E0080]: evaluation panicked: UserV2 cannot read UserV1: rule integer-narrowed: field "id": u32 cannot hold every u64
//!                 rule required-field-added: field "email" is required in UserV2 but UserV1 never writes it
//! ```
//!
//! A new field with a default (or an `Option`) keeps old messages readable,
//! and old readers skip the field they do not know, so both directions hold:
//!
//! ```
//! use msgpack_core::{MsgPack, assert_compatible};
//!
//! #[derive(MsgPack)]
//! struct UserV1 { id: u64, name: String }
//!
//! #[derive(MsgPack)]
//! struct UserV2 { id: u64, name: String, email: Option<String> }
//!
//! assert_compatible!(UserV2 <=> UserV1);
//! ```
//!
//! The check runs in the compiler's const evaluator: it costs nothing at run
//! time and needs no build script. The same descriptors give a stable 64-bit
//! [`fingerprint`](Shape::fingerprint) of the wire schema and a printable
//! rendering ([`Display`](core::fmt::Display) on [`Shape`]), e.g. for a
//! handshake log.
//!
//! # The rules
//!
//! [`check(reader, writer)`](check) accepts when every message `writer` can
//! produce decodes as `reader` with the default [`DecodeOptions`](crate::DecodeOptions):
//!
//! - **Fields.** A field the reader requires (no `default`, not an
//!   `Option`) must always be written by the writer. A writer field that
//!   `skip_if`, `skip_serializing` or `omit_defaults` may leave out counts as sometimes absent;
//!   an `Option` field the writer writes as `nil` is checked by its type (the
//!   reader needs an `Option` too). A field the writer writes and the reader
//!   does not know is skipped, unless the reader has `deny_unknown_fields`.
//!   A renamed key is a removed field plus an added one, unless the reader
//!   keeps the old key as an `alias`: a reader field is found under its key
//!   or any of its aliases (and a writer that writes two fields the reader
//!   reads as one, its key and an alias, is rejected: that is a duplicate).
//!   Enum variants are found by their tag or an alias likewise.
//! - **Types.** Integers widen when the reader's range holds the writer's
//!   (`u8` into `u16`, `u32` into `i64`), never narrow; `f32` widens into
//!   `f64`; `T` reads into `Option<T>`; a `char` reads into a string.
//!   `str`, `bin`, integers, floats, arrays and maps never read as each
//!   other (integers into floats need `int_to_float`, `str` and `bin` into
//!   each other's strings and byte buffers `str_bin_compat`: run-time
//!   options the check does not assume). Byte buffers also read arrays of `u8`-range
//!   integers. Nested derived types are checked field by field.
//! - **Forms.** A `map`-form struct and an `array`-form one are not
//!   compatible (the decoder reads both, but which array position holds
//!   which field is exactly what a map-form writer does not promise). In
//!   `array` form positions must agree; the reader may have extra trailing
//!   fields only if they have defaults, and extra writer elements are
//!   skipped unless the reader has `deny_unknown_fields`. Tuple structs and
//!   tuples need exactly their length.
//! - **Enums.** Every variant the writer can produce must be known to the
//!   reader with a compatible payload, unless the reader has an `other`
//!   variant (which catches unknown tags and skips their payload). Tags
//!   (names after `rename`, or integers) and tagging style (external or
//!   `tag = "..."`) must agree.
//! - **[`Value`](crate::Value) / [`ValueRef`](crate::ValueRef)** read anything; a
//!   writer that may write anything (a `Value` field) is readable only by
//!   `Value`. A field with `with = "module"` is opaque: only a field with the
//!   same `with` module (the same path from the same module) and the same
//!   field type (as written) reads it.
//!
//! The check is conservative: where it cannot prove a message readable it
//! says no, even if some decoders would accept it (a derived struct never
//! reads a `BTreeMap` writer, a tuple never reads a tuple struct, a map-form
//! struct never reads an array-form one). It does not look at run-time
//! [`DecodeOptions`](crate::DecodeOptions): a recursive writer can nest
//! deeper than the reader's `max_depth`, and lengths are not compared with
//! the length limits.
//!
//! # Rule ids
//!
//! Every incompatibility names the rule it breaks with a stable id, in the
//! message (`R cannot read W: rule ID: path: reason`, and `  rule ID: path:
//! reason` for each further one) and as a [`Rule`] ([`Incompatible::rule`];
//! [`Incompatible::detail`] is the path and the reason alone; both are the
//! first incompatibility's, and [`Incompatible::entries`] gives each one's). The ids describe the reader against the writer, as a new
//! version reading an old one's messages:
//!
//! ```
//! use msgpack_core::{MsgPack, schema::{Rule, check, shape_of}};
//!
//! #[derive(MsgPack)]
//! struct UserV1 { id: u64, name: String }
//! #[derive(MsgPack)]
//! struct UserV2 { id: u64, name: String, email: String }
//!
//! let err = check(shape_of::<UserV2>(), shape_of::<UserV1>()).unwrap_err();
//! assert_eq!(err.rule(), Rule::RequiredFieldAdded);
//! assert_eq!(
//!     err.as_str(),
//!     r#"UserV2 cannot read UserV1: rule required-field-added: field "email" is required in UserV2 but UserV1 never writes it"#
//! );
//! ```
//!
//! | id | meaning |
//! |----|---------|
//! | [`required-field-added`](Rule::RequiredFieldAdded) | the reader requires a field (key or position) the writer never writes |
//! | [`required-field-omittable`](Rule::RequiredFieldOmittable) | the reader requires a field the writer may leave out (`skip_if`, `omit_defaults`) |
//! | [`key-renamed`](Rule::KeyRenamed) | a required field's key is not written, but the writer writes the same field under another key |
//! | [`unknown-fields-denied`](Rule::UnknownFieldsDenied) | the writer writes a field the reader does not know and `deny_unknown_fields` rejects |
//! | [`alias-duplicate`](Rule::AliasDuplicate) | the writer writes two fields the reader reads as one (a key and its `alias`) |
//! | [`key-unreadable`](Rule::KeyUnreadable) | a map (or flattened catch-all map) reading a struct's fields cannot read a field's key |
//! | [`array-field-reordered`](Rule::ArrayFieldReordered) | in array form, a position does not read and the writer has the reader's field at another position |
//! | [`form-changed`](Rule::FormChanged) | a map-form struct against an array-form one |
//! | [`type-changed`](Rule::TypeChanged) | the reader expects another MessagePack type than the writer writes |
//! | [`integer-narrowed`](Rule::IntegerNarrowed) | the reader's integer range does not hold the writer's (or an integer tag) |
//! | [`float-narrowed`](Rule::FloatNarrowed) | an `f32` reader, an `f64` writer |
//! | [`char-narrowed`](Rule::CharNarrowed) | a `char` reader, a string writer |
//! | [`option-removed`](Rule::OptionRemoved) | the writer may write `nil` (an `Option`), the reader does not read it |
//! | [`length-changed`](Rule::LengthChanged) | fixed lengths differ (`[u8; N]`, `[T; N]`, tuples, tuple structs) |
//! | [`ext-type-changed`](Rule::ExtTypeChanged) | ext items (timestamps included) of another or an unfixed type code |
//! | [`with-changed`](Rule::WithChanged) | a `with = "module"` field against another module, field type, or none |
//! | [`any-value-written`](Rule::AnyValueWritten) | the writer may write any value, which only `Value` / `ValueRef` reads |
//! | [`variant-removed`](Rule::VariantRemoved) | the writer writes a variant the reader does not know (and it has no `other`) |
//! | [`tag-changed`](Rule::TagChanged) | the reader has the writer's variant under another tag |
//! | [`tag-kind-changed`](Rule::TagKindChanged) | string tags against integer tags |
//! | [`tagging-changed`](Rule::TaggingChanged) | another tagging style (external, `tag`, `tag` + `content`) or other tag keys |
//! | [`variant-payload-changed`](Rule::VariantPayloadChanged) | a variant's payload kind differs (unit, newtype, tuple, struct) |
//! | [`other-variant-missing`](Rule::OtherVariantMissing) | the writer writes unknown values back verbatim; the reader has no `other` variant holding the value |
//! | [`untagged-variant-unreadable`](Rule::UntaggedVariantUnreadable) | the writer writes a variant untagged; the reader has no untagged variants |
//! | [`untagged-no-match`](Rule::UntaggedNoMatch) | no variant of an untagged reader reads what the writer writes |
//! | [`too-deep`](Rule::TooDeep) | a path nests deeper than [`MAX_CHECK_DEPTH`]: not checked, so not accepted |
//! | [`recursion-unresolved`](Rule::RecursionUnresolved) | a hand-built [`Shape::Recur`] outside the type it refers to |
//!
//! Each variant of [`Rule`] has an example; [`Rule::ALL`] lists them and
//! [`Rule::from_id`] parses an id.
//!
//! # Fingerprints
//!
//! [`Shape::fingerprint`] hashes the wire schema with 64-bit FNV-1a over a
//! canonical byte encoding, specified on [`Shape::fingerprint`]. It depends
//! only on what goes on the wire: Rust type and field names are not part of
//! it (a field renamed in Rust with `rename` keeping the wire key keeps the
//! fingerprint), wire keys and aliases, forms, integer ranges, tags and
//! requiredness are. It is computed by this crate's code, so it does not change with the
//! compiler version.
//!
//! # Implementing `Schema` by hand
//!
//! A type with a hand-written [`Encode`](crate::Encode) /
//! [`Decode`](crate::Decode) describes its wire form with the building
//! blocks of [`Shape`]:
//!
//! ```
//! use msgpack_core::schema::{Schema, Shape, ShapeRef};
//!
//! /// Written as a `str` (e.g. "#ff8800").
//! struct Color(u8, u8, u8);
//!
//! impl Schema for Color {
//!     const SHAPE: ShapeRef = ShapeRef::new(&Shape::Str);
//! }
//!
//! assert_eq!(Color::SHAPE.get().to_string(), "str");
//! ```
//!
//! # Limits
//!
//! - Recursive types work. A derived type without type or const parameters
//!   keeps its descriptor in a `static`, and descriptors point at each other.
//!   A generic type that contains itself (`Tree<T>` holding `Vec<Tree<T>>`,
//!   or `Self`) is described with [`Shape::Recur`] in its own fields. Two
//!   generic types that contain each other (`A<T>` holding `B<T>` holding
//!   `A<T>`), or a generic type containing itself with other parameters
//!   (`Tree<T>` holding `Tree<Vec<T>>`), have no place to close the cycle:
//!   they derive, encode and decode, but using their `SHAPE` is a compile
//!   error ("cycle detected").
//! - The check follows at most [`MAX_CHECK_DEPTH`] nested levels on one
//!   path; deeper schemas are reported as too deep rather than checked.

pub(crate) mod assert;
mod check;
mod display;
mod field_def;
mod fingerprint;
mod impls;
pub mod lock;
mod report;
mod rule;

pub use check::{MAX_CHECK_DEPTH, check};
pub use field_def::FieldDef;
pub use report::{Incompatibilities, Incompatible};
pub use rule::Rule;

use crate::mem::StaticRef;

/// A type with a known wire schema.
///
/// Implemented for every type this crate implements [`Encode`](crate::Encode)
/// and [`Decode`](crate::Decode) for, and by `#[derive(MsgPack)]`. See the
/// [module docs](self) for what the descriptor is used for.
///
/// ```
/// use msgpack_core::schema::{Schema, Shape};
///
/// assert!(matches!(<Vec<String> as Schema>::SHAPE.get(), Shape::Seq { .. }));
/// assert_eq!(<Option<u8> as Schema>::SHAPE.get().to_string(), "Option<u8>");
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no wire schema (`Schema` is not implemented)",
    note = "a type used in a `#[derive(MsgPack)]` type needs `Schema` too, beside `Encode` and `Decode`: derive `MsgPack` for it, or implement `Schema` by hand (see the docs of `msgpack_core::schema::Schema`: a hand-written impl describes what `encode` writes), or give the field `#[msgpack(with = \"module\")]`"
)]
pub trait Schema {
    /// The wire shape of `Self`.
    const SHAPE: ShapeRef;

    /// Whether `Self` is `u8`: sequences of it are `bin` on the wire.
    #[doc(hidden)]
    const __BYTE: bool = false;
}

/// A reference to a `'static` [`Shape`], as stored inside other shapes.
///
/// Descriptors of recursive types point at each other; a plain reference
/// would make the compiler evaluate the target while evaluating the
/// reference, which is a cycle for a recursive type. `ShapeRef` holds the
/// address without that requirement, and can only be made from a
/// `&'static Shape`.
///
/// ```
/// use msgpack_core::schema::{Shape, ShapeRef};
///
/// const BOOL: ShapeRef = ShapeRef::new(&Shape::Bool);
/// assert!(matches!(BOOL.get(), Shape::Bool));
/// ```
#[derive(Clone, Copy)]
pub struct ShapeRef(StaticRef<Shape>);

impl ShapeRef {
    /// Refers to a `'static` shape.
    ///
    /// ```
    /// use msgpack_core::schema::{Shape, ShapeRef};
    /// const S: ShapeRef = ShapeRef::new(&Shape::Str);
    /// # assert!(matches!(S.get(), Shape::Str));
    /// ```
    #[must_use]
    pub const fn new(shape: &'static Shape) -> Self {
        ShapeRef(StaticRef::new(shape))
    }

    /// The shape referred to.
    ///
    /// ```
    /// use msgpack_core::schema::Schema;
    /// assert_eq!(<u16 as Schema>::SHAPE.get().to_string(), "u16");
    /// ```
    #[must_use]
    pub const fn get(self) -> &'static Shape {
        self.0.get()
    }
}

impl core::fmt::Debug for ShapeRef {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        core::fmt::Display::fmt(self.get(), f)
    }
}

/// The wire shape of a type: what it writes and what it reads.
///
/// ```
/// use msgpack_core::schema::{Schema, Shape};
///
/// match <u16 as Schema>::SHAPE.get() {
///     Shape::Int(i) => assert_eq!((i.min, i.max), (0, 65535)),
///     _ => unreachable!(),
/// }
/// ```
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub enum Shape {
    /// Any MessagePack item ([`Value`](crate::Value), [`ValueRef`](crate::ValueRef)).
    Any,
    /// `nil` (`()`).
    Nil,
    /// `true` / `false`.
    Bool,
    /// An integer within a range.
    Int(IntShape),
    /// `float 32`.
    F32,
    /// `float 64` (reads `float 32` too).
    F64,
    /// A `str` of any length.
    Str,
    /// A `str` holding exactly one character.
    Char,
    /// A `bin`, of exactly `len` bytes if given.
    Bin {
        /// The exact length, for `[u8; N]`.
        len: Option<usize>,
        /// Also read from an array of `u8`-range integers (owned byte
        /// buffers do; a borrowed `&[u8]` cannot).
        from_array: bool,
    },
    /// An ext item of one type code, or of any (`None`).
    Ext {
        /// The ext type code, if fixed.
        type_code: Option<i8>,
    },
    /// The timestamp extension (ext -1).
    Timestamp,
    /// `nil` or the inner shape.
    Option(ShapeRef),
    /// An array of elements of one shape, of exactly `len` elements if given.
    Seq {
        /// The elements' shape.
        elem: ShapeRef,
        /// The exact length, for `[T; N]`.
        len: Option<usize>,
    },
    /// An array of exactly these elements (tuples, `Duration`).
    Tuple(&'static [ShapeRef]),
    /// A map from one key shape to one value shape.
    Map {
        /// The keys' shape.
        key: ShapeRef,
        /// The values' shape.
        value: ShapeRef,
    },
    /// A derived struct.
    Struct(&'static StructDef),
    /// A derived enum.
    Enum(&'static EnumDef),
    /// A derived newtype struct: written as its field (transparent), named
    /// for messages and recursion.
    Newtype(&'static NewtypeDef),
    /// Inside a generic derived type's own fields, the type itself (`Self`,
    /// or its name with its own parameters): the nearest enclosing
    /// definition with this `id`. (Types without parameters point at their
    /// `static` descriptor instead.)
    Recur {
        /// The type's name, for messages.
        name: &'static str,
        /// The [`StructDef::id`] / [`EnumDef::id`] / [`NewtypeDef::id`] it
        /// stands for.
        id: &'static str,
    },
    /// A field encoded by user code (`#[msgpack(with = "module")]`): only
    /// the same module on the same field type reads it.
    Opaque {
        /// The module, as written (prefixed with the module path of the
        /// type when the path is relative).
        with: &'static str,
        /// The field's Rust type, as written.
        ty: &'static str,
    },
}

/// An integer type's range (and name, for messages).
///
/// ```
/// use msgpack_core::schema::IntShape;
/// assert!(IntShape::U8.fits_in(&IntShape::I16));
/// assert!(!IntShape::I8.fits_in(&IntShape::U64));
/// ```
#[derive(Debug, Clone, Copy)]
pub struct IntShape {
    /// The Rust type, for messages only (not part of the fingerprint).
    pub name: &'static str,
    /// The smallest value.
    pub min: i64,
    /// The largest value.
    pub max: u64,
    /// Zero is not allowed (`NonZero*`).
    pub nonzero: bool,
}

impl IntShape {
    /// `u8`.
    pub const U8: IntShape = IntShape::new("u8", 0, u8::MAX as u64);
    /// `u16`.
    pub const U16: IntShape = IntShape::new("u16", 0, u16::MAX as u64);
    /// `u32`.
    pub const U32: IntShape = IntShape::new("u32", 0, u32::MAX as u64);
    /// `u64`.
    pub const U64: IntShape = IntShape::new("u64", 0, u64::MAX);
    /// `i8`.
    pub const I8: IntShape = IntShape::new("i8", i8::MIN as i64, i8::MAX as u64);
    /// `i16`.
    pub const I16: IntShape = IntShape::new("i16", i16::MIN as i64, i16::MAX as u64);
    /// `i32`.
    pub const I32: IntShape = IntShape::new("i32", i32::MIN as i64, i32::MAX as u64);
    /// `i64`.
    pub const I64: IntShape = IntShape::new("i64", i64::MIN, i64::MAX as u64);

    /// A range `min..=max` (zero allowed).
    ///
    /// ```
    /// let percent = msgpack_core::schema::IntShape::new("Percent", 0, 100);
    /// assert!(percent.fits_in(&msgpack_core::schema::IntShape::U8));
    /// ```
    #[must_use]
    pub const fn new(name: &'static str, min: i64, max: u64) -> Self {
        IntShape { name, min, max, nonzero: false }
    }

    /// Whether every value of `self` is a value of `reader`.
    ///
    /// ```
    /// use msgpack_core::schema::IntShape;
    /// assert!(IntShape::U32.fits_in(&IntShape::I64));
    /// assert!(!IntShape::U64.fits_in(&IntShape::I64));
    /// ```
    #[must_use]
    pub const fn fits_in(&self, reader: &IntShape) -> bool {
        reader.min <= self.min && self.max <= reader.max && (self.nonzero || !reader.nonzero)
    }
}

/// A derived struct (or an enum variant's fields).
///
/// ```
/// use msgpack_core::schema::{Form, Schema, Shape};
///
/// #[derive(msgpack_core::MsgPack)]
/// struct Point { x: i32, y: i32 }
///
/// let Shape::Struct(def) = Point::SHAPE.get() else { unreachable!() };
/// assert_eq!((def.name, def.form, def.fields.len()), ("Point", Form::Map, 2));
/// ```
#[derive(Debug)]
pub struct StructDef {
    /// The Rust type (or variant) name, for messages only.
    pub name: &'static str,
    /// Identifies the type definition (module path, name and place of
    /// definition), for recursion.
    pub id: &'static str,
    /// The type has type or const parameters: one definition, many
    /// instantiations (only the innermost one is meant by a [`Shape::Recur`]).
    pub generic: bool,
    /// Map, array, or exact-length array.
    pub form: Form,
    /// The fields on the wire, in order (skipped fields are not listed).
    pub fields: &'static [FieldDef],
    /// Unknown keys (map form) or extra elements (array form) are errors.
    pub deny_unknown_fields: bool,
}

/// How a struct's fields go on the wire.
///
/// ```
/// use msgpack_core::schema::Form;
/// assert_ne!(Form::Map, Form::Array);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// A map from wire keys to values (the derive's default).
    Map,
    /// An array in field order (`#[msgpack(array)]`); shorter arrays fill
    /// trailing defaults, longer ones are skipped.
    Array,
    /// An array of exactly the fields (tuple structs and tuple variants).
    Tuple,
    /// A unit struct (`struct S;`): an empty array, and `nil` is read too.
    Unit,
}

/// A wire key (map form) or enum tag.
///
/// ```
/// use msgpack_core::schema::Key;
/// assert!(Key::Str("id").eq(&Key::Str("id")));
/// assert!(!Key::Int(1).eq(&Key::Str("1")));
/// ```
#[derive(Debug, Clone, Copy)]
pub enum Key {
    /// A string key or tag.
    Str(&'static str),
    /// An integer key (`key = N`) or tag (`index`, discriminants).
    Int(i64),
}

impl Key {
    /// Equality usable in `const` code.
    ///
    /// ```
    /// const SAME: bool = msgpack_core::schema::Key::Int(3).eq(&msgpack_core::schema::Key::Int(3));
    /// assert!(SAME);
    /// ```
    #[must_use]
    pub const fn eq(&self, other: &Key) -> bool {
        match (self, other) {
            (Key::Str(a), Key::Str(b)) => str_eq(a, b),
            (Key::Int(a), Key::Int(b)) => *a == *b,
            _ => false,
        }
    }
}

/// A derived newtype struct (`struct Meters(f64)`): on the wire it is its
/// field.
///
/// ```
/// use msgpack_core::schema::{Schema, Shape};
///
/// #[derive(msgpack_core::MsgPack)]
/// struct Meters(f64);
///
/// let Shape::Newtype(def) = Meters::SHAPE.get() else { unreachable!() };
/// assert!(matches!(def.inner.get(), Shape::F64));
/// assert_eq!(msgpack_core::schema::fingerprint_of::<Meters>(), msgpack_core::schema::fingerprint_of::<f64>());
/// ```
#[derive(Debug)]
pub struct NewtypeDef {
    /// The Rust type name, for messages only.
    pub name: &'static str,
    /// Identifies the type definition, for recursion.
    pub id: &'static str,
    /// The type has type or const parameters.
    pub generic: bool,
    /// The field's shape.
    pub inner: ShapeRef,
}

/// A derived enum.
///
/// ```
/// use msgpack_core::schema::{Schema, Shape, Tagging};
///
/// #[derive(msgpack_core::MsgPack)]
/// #[msgpack(tag = "type")]
/// enum Event { Start { at: u64 }, Stop }
///
/// let Shape::Enum(def) = Event::SHAPE.get() else { unreachable!() };
/// assert!(matches!(def.tagging, Tagging::Internal("type")));
/// assert_eq!(def.variants.len(), 2);
/// ```
#[derive(Debug)]
pub struct EnumDef {
    /// The Rust type name, for messages only.
    pub name: &'static str,
    /// Identifies the type definition, for recursion.
    pub id: &'static str,
    /// The type has type or const parameters.
    pub generic: bool,
    /// External (`"A"` / `{"V": payload}`) or internal (`{"tag": "V", ..}`).
    pub tagging: Tagging,
    /// The variants on the wire (skipped variants are not listed).
    pub variants: &'static [VariantDef],
    /// An `other` variant catches unknown tags.
    pub other: bool,
}

/// An enum's tagging style.
///
/// ```
/// use msgpack_core::schema::Tagging;
/// assert!(matches!(Tagging::Internal("type"), Tagging::Internal(_)));
/// ```
#[derive(Debug, Clone, Copy)]
pub enum Tagging {
    /// serde's default: a unit variant is its tag, a variant with data the
    /// one-entry map `{tag: payload}`.
    External,
    /// `#[msgpack(tag = "...")]`: the tag is an entry of the variant's map.
    Internal(&'static str),
    /// `#[msgpack(tag = "t", content = "c")]`: `{"t": tag, "c": payload}`
    /// (`{"t": tag}` for a unit variant); `[tag, payload]` in array form.
    Adjacent {
        /// The tag's key.
        tag: &'static str,
        /// The payload's key.
        content: &'static str,
    },
    /// `#[msgpack(untagged)]`: a variant is its payload alone (a unit
    /// variant is `nil`); the reader tries the variants in order.
    Untagged,
}

/// One variant of an [`EnumDef`].
///
/// ```
/// use msgpack_core::schema::{Key, Payload, Schema, Shape};
///
/// #[derive(msgpack_core::MsgPack)]
/// enum Msg { Ping, Text(String) }
///
/// let Shape::Enum(def) = Msg::SHAPE.get() else { unreachable!() };
/// assert!(matches!((def.variants[1].tag, def.variants[1].payload), (Key::Str("Text"), Payload::Newtype(_))));
/// ```
#[derive(Debug)]
pub struct VariantDef {
    /// The Rust variant name, for messages only.
    pub name: &'static str,
    /// The tag on the wire.
    pub tag: Key,
    /// More tags the reader accepts for the variant (`alias`), never
    /// written; empty for most variants.
    pub aliases: &'static [&'static str],
    /// What follows the tag.
    pub payload: Payload,
    /// Written as its payload alone, without the tag: a variant of an
    /// `untagged` enum, or a trailing `untagged` variant of a tagged one
    /// (which the reader tries when the tagged reading fails).
    pub untagged: bool,
}

/// A variant's data.
///
/// ```
/// use msgpack_core::schema::Payload;
/// assert!(matches!(Payload::Unit, Payload::Unit));
/// ```
#[derive(Debug, Clone, Copy)]
pub enum Payload {
    /// No data.
    Unit,
    /// One unnamed field, written as itself.
    Newtype(ShapeRef),
    /// Named fields (map or array form) or several unnamed ones (tuple form).
    Struct(&'static StructDef),
    /// The `other` variant holding the whole unknown value (a newtype of
    /// `Value`, `ValueRef`, `Raw` or `RawRef`): read in place of the enum
    /// when the tag is unknown, written back verbatim.
    Other(ShapeRef),
}

/// The shape of `T`.
///
/// ```
/// use msgpack_core::schema::{Shape, shape_of};
/// assert!(matches!(shape_of::<String>(), Shape::Str));
/// ```
#[must_use]
pub const fn shape_of<T: Schema + ?Sized>() -> &'static Shape {
    T::SHAPE.get()
}

/// The [fingerprint](Shape::fingerprint) of `T`'s wire schema.
///
/// ```
/// const FP: u64 = msgpack_core::schema::fingerprint_of::<Vec<u32>>();
/// assert_eq!(FP, msgpack_core::schema::shape_of::<[u32]>().fingerprint());
/// ```
#[must_use]
pub const fn fingerprint_of<T: Schema + ?Sized>() -> u64 {
    T::SHAPE.get().fingerprint()
}

/// `str` equality usable in `const` code.
pub(crate) const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}
