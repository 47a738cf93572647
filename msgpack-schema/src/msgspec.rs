//! msgspec export: [`msgspec`] (whose docs give the mapping and the promise),
//! [`msgspec_of`] and [`UnsupportedShape`].

mod emit;
mod error;
#[cfg(test)]
mod tests;

use alloc::string::String;

use msgpack_core::schema::{Schema, Shape};

pub use error::UnsupportedShape;

/// Python source for [msgspec](https://jcristharif.com/msgspec/) `Struct`
/// classes that read and write the same MessagePack bytes as a type.
///
/// # The promise
///
/// For every message the Rust type writes, the generated classes decode it
/// (`msgspec.msgpack.decode(data, type=ROOT)`) and encode the result back
/// to the same bytes; every message the classes write, the Rust type reads.
/// (`python/msgspec_roundtrip.py` checks this with msgspec itself on the W1
/// tree.) Leniencies of the Rust reader that no writer relies on are not
/// copied: aliases (old names are never written), `other` unit variants
/// catching unknown tags, byte buffers read from arrays. What msgspec
/// cannot express at all is an [`UnsupportedShape`] naming the type, the
/// variant or field, and why, instead of classes that would differ.
///
/// # The mapping
///
/// | shape | Python |
/// |---|---|
/// | any (`Value`) | `Any` |
/// | nil, bool, str | `None`, `bool`, `str` |
/// | integer | `int`, with `Annotated[int, msgspec.Meta(ge=.., le=..)]` for the bounds msgspec can check (within `int64`) |
/// | `f64` | `float` |
/// | `char` | `Annotated[str, msgspec.Meta(min_length=1, max_length=1)]` |
/// | bin | `bytes` (`[u8; N]`: with `min_length` = `max_length` = N) |
/// | ext, timestamp | `msgspec.msgpack.Ext`, `datetime.datetime` |
/// | `Option<T>` | `Optional[T]` |
/// | sequence, `[T; N]`, tuple | `list[T]`, `tuple[T, ..]` (N times), `tuple[A, B]` |
/// | map | `dict[K, V]` (keys: strings, integers, floats, booleans, bytes, timestamps, unit enums, tuples of those) |
/// | newtype | its field's type |
/// | map-form struct | `class Name(msgspec.Struct, ...)`; `rename` is `msgspec.field(name="wire")` |
/// | `array` struct | the same with `array_like=True` |
/// | tuple struct, unit struct | `array_like=True, forbid_unknown_fields=True`, fields `_0`, `_1`.. |
/// | `deny_unknown_fields` | `forbid_unknown_fields=True` |
/// | unit-only enum | `class Name(enum.Enum)` with the tags as values (`enum.IntEnum` for integer tags) |
/// | internally tagged enum (`tag = "t"`) | one class per variant with `tag_field="t", tag="v"`, and `Name = Union[..]` |
/// | untagged enum, `untagged` variants | `Union[..]` of the payloads (`None` for a unit variant, a class per struct variant) |
///
/// Classes are named after the Rust types and variants (a variant's class
/// is `EnumVariant` when its name is taken, and two types with one name are
/// `Name` and `Name2`), with `kw_only=True` when a field without a default
/// follows one with a default. The module ends with `ROOT = ...`, the root
/// type, and uses `from __future__ import annotations` (msgspec resolves the
/// names when a decoder is made, so recursion works).
///
/// **Defaults.** A field the reader does not require gets a default: `None`
/// for an `Option`, else the `Default` of its type where the schema tells
/// it (`0`, `0.0`, `False`, `""`, `b""`, `msgspec.field(default_factory=list)`
/// / `dict`, tuples of those). A field the Rust writer leaves out when it
/// equals its default (`omit_defaults`, or `skip_if`) puts
/// `omit_defaults=True` on its class; it needs such a default, else the
/// export fails. In such a class a field the Rust writer always writes
/// gets no default (msgspec would leave it out). The schema records that a
/// field has a default, not its value: with `default = "path"` returning
/// another value, or a `skip_if` that is not "equals the default", the
/// classes write other bytes. Check those by hand. A field whose default
/// the schema cannot spell (an enum, a struct, a newtype) stays required in
/// its class: the classes read every message the Rust type writes, but
/// reject one without that field (from an older version) that the Rust
/// reader fills in.
///
/// **Not expressible** (an [`UnsupportedShape`]): `f32` (msgspec writes every
/// float as float 64, which an `f32` does not read), integer map keys
/// (`key = N`), flattened catch-all maps, `with` fields, externally tagged
/// enums with data (`{"V": payload}`: msgspec tags only the fields of a
/// Struct), adjacently tagged enums, `other` variants holding the unknown
/// value, untagged variants msgspec cannot tell apart by their MessagePack
/// type (msgspec allows one integer, one string-like (`str`, `bytes`,
/// enums, `datetime`), one array-like and one map-like type per union, or
/// several tagged Structs), a newtype that contains itself, a union that
/// contains itself outside a Struct. A flattened struct is fine: its fields
/// are written into the class.
///
/// Also not said in the classes (msgspec has no way to say it, and no
/// Rust writer produces it): `NonZero*` (an `int` that may be 0), integer
/// bounds beyond `int64`; `datetime` keeps microseconds, so a timestamp
/// with a sub-microsecond part comes back rounded.
///
/// ```
/// use msgpack_core::MsgPack;
///
/// #[derive(MsgPack)]
/// #[msgpack(omit_defaults)]
/// struct User {
///     id: u32,
///     #[msgpack(rename = "n")]
///     name: String,
///     email: Option<String>,
/// }
///
/// let py = msgpack_schema::msgspec::<User>()?;
/// assert!(py.contains(r#"
/// class User(msgspec.Struct, omit_defaults=True):
///     """Rust: User."""
///
///     id: Annotated[int, msgspec.Meta(ge=0, le=4294967295)]
///     name: str = msgspec.field(name="n")
///     email: Optional[str] = None
/// "#));
/// assert!(py.ends_with("\nROOT = User\n"));
/// # Ok::<(), msgpack_schema::UnsupportedShape>(())
/// ```
///
/// ```
/// use msgpack_core::MsgPack;
///
/// #[derive(MsgPack)]
/// #[msgpack(tag = "type", rename_all = "lowercase")]
/// enum Shape { Circle { r: f64 }, Empty }
///
/// let py = msgpack_schema::msgspec::<Shape>()?;
/// assert!(py.contains(r#"class Circle(msgspec.Struct, tag_field="type", tag="circle"):"#));
/// assert!(py.contains("\nShape = Union[Circle, Empty]\n"));
/// # Ok::<(), msgpack_schema::UnsupportedShape>(())
/// ```
///
/// # Errors
///
/// [`UnsupportedShape`] when `T` reaches a shape msgspec cannot express.
pub fn msgspec<T: Schema + ?Sized>() -> Result<String, UnsupportedShape> {
    msgspec_of(T::SHAPE.get())
}

/// Python source for msgspec classes that read and write a shape's bytes:
/// see [`msgspec`] for the mapping.
///
/// # Errors
///
/// [`UnsupportedShape`] when the shape reaches one msgspec cannot express.
///
/// ```
/// use msgpack_core::schema::Schema;
/// use msgpack_schema::msgspec_of;
///
/// let py = msgspec_of(<Vec<(String, u8)>>::SHAPE.get())?;
/// assert!(py.ends_with("\nROOT = list[tuple[str, Annotated[int, msgspec.Meta(ge=0, le=255)]]]\n"));
/// # Ok::<(), msgpack_schema::UnsupportedShape>(())
/// ```
pub fn msgspec_of(shape: &'static Shape) -> Result<String, UnsupportedShape> {
    emit::module(shape)
}
