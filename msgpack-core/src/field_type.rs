//! [`MsgPackField`]: what a plain field of a derived type needs, checked
//! once per field so that a missing trait is one error at the field.
//!
//! The derive puts `let _ = __field::<Type>;` (a function whose bound is
//! `MsgPackField`) first in every generated body that uses the field's
//! type: rustc reports the unmet `MsgPackField` and, at the same span in
//! the same body, leaves out the errors it implies (its supertraits);
//! identical reports from the other bodies are shown once. Nothing is
//! generated for it: the function item is never called.

use crate::decode::Decode;
use crate::encode::Encode;
use crate::schema::Schema;

/// A type that can be a plain field of a `#[derive(MsgPack)]` type: it
/// implements [`Encode`], [`Decode`] for every input lifetime, and
/// [`Schema`] (the wire descriptor the compile-time checks compare). It is
/// implemented for every such type; a derive gives all three.
///
/// A type with a hand-written `Encode` and `Decode` needs a hand-written
/// [`Schema`] too (or the field a `with` module, which needs none).
///
/// ```
/// use msgpack_core::{MsgPack, MsgPackField};
///
/// fn can_be_a_field<T: MsgPackField>() {}
///
/// #[derive(MsgPack)]
/// struct Point { x: i32, y: i32 }
///
/// can_be_a_field::<Point>();
/// can_be_a_field::<Vec<String>>();
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a field of a `#[derive(MsgPack)]` type: it needs `Encode`, `Decode` and `Schema`",
    label = "needs `Encode`, `Decode` and `Schema`",
    note = "derive `MsgPack` for it (one derive gives the three traits); a type with hand-written `Encode` / `Decode` needs a hand-written `Schema` too (see `msgpack_core::schema::Schema`); for a type of another crate, give the field `#[msgpack(with = \"module\")]`, wrap the type in a newtype that implements the three, or (if it implements serde's `Serialize` / `Deserialize`) mark the field `#[msgpack(serde)]`"
)]
pub trait MsgPackField: Encode + for<'de> Decode<'de> + Schema {}

// Not recommended: the error stays the one above, not the first unmet
// bound of this impl.
#[diagnostic::do_not_recommend]
impl<T: Encode + for<'de> Decode<'de> + Schema> MsgPackField for T {}

/// A type that can be a plain field of a `#[derive(MsgPack)]` type that
/// borrows from its input for `'de`: [`Encode`], [`Decode<'de>`](Decode)
/// and [`Schema`]. [`MsgPackField`] is the same for owned types, which
/// decode from input of any lifetime.
///
/// The derive checks a field whose type has lifetimes (`Name<'a>`) as
/// `Name<'static>: MsgPackBorrowedField<'static>`, so that a missing trait
/// is one error at the field whatever the type's lifetimes.
///
/// ```
/// use msgpack_core::{MsgPack, MsgPackBorrowedField};
///
/// fn can_be_a_borrowed_field<'de, T: MsgPackBorrowedField<'de>>() {}
///
/// #[derive(MsgPack)]
/// struct Name<'a> { first: &'a str, last: &'a str }
///
/// can_be_a_borrowed_field::<Name<'static>>();
/// can_be_a_borrowed_field::<&'static [u8]>();
/// can_be_a_borrowed_field::<u32>();
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a field of a `#[derive(MsgPack)]` type: it needs `Encode`, `Decode` and `Schema`",
    label = "needs `Encode`, `Decode` and `Schema`",
    note = "derive `MsgPack` for it (one derive gives the three traits); a type with hand-written `Encode` / `Decode` needs a hand-written `Schema` too (see `msgpack_core::schema::Schema`); for a type of another crate, give the field `#[msgpack(with = \"module\")]`, wrap the type in a newtype that implements the three, or (if it implements serde's `Serialize` / `Deserialize`) mark the field `#[msgpack(serde)]`"
)]
pub trait MsgPackBorrowedField<'de>: Encode + Decode<'de> + Schema {}

// Not recommended: the error stays the one above, not the first unmet
// bound of this impl.
#[diagnostic::do_not_recommend]
impl<'de, T: Encode + Decode<'de> + Schema> MsgPackBorrowedField<'de> for T {}
