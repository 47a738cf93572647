//! The compatibility check: can a reader decode everything a writer writes?
//!
//! Everything here is `const fn`, so [`assert_compatible!`](crate::assert_compatible)
//! runs it in the compiler. Errors are rendered into a fixed buffer (no
//! allocator), with the path from the root: the named types entered, the
//! fields, positions, elements and variants on the way.

#![allow(
    clippy::result_large_err,
    reason = "the message is built without an allocator, in const code, into a fixed buffer; errors are rare (a failed check) and mostly at compile time"
)]

#[macro_use]
mod base;
mod cx;
mod flatten;
mod leaf;
mod named;
mod recursion;
mod shape;
mod untagged;

pub use base::MAX_CHECK_DEPTH;

use super::Shape;
use super::report::Incompatible;

/// Checks that `reader` can decode every message `writer` can produce (see
/// the [module docs](crate::schema) for the rules). A `const fn`: usable
/// in constants, which is what [`assert_compatible!`](crate::assert_compatible) does.
///
/// The check goes on after an incompatibility, so the error lists every
/// one it finds (see [`Incompatible`]), except below a change that leaves
/// nothing inside comparable (a struct's form, an enum's tagging) and
/// inside an untagged enum's variants, which are tried in order.
///
/// ```
/// use msgpack_core::schema::{check, shape_of};
///
/// assert!(check(shape_of::<u64>(), shape_of::<u32>()).is_ok());
/// assert!(check(shape_of::<Option<String>>(), shape_of::<&str>()).is_ok());
/// let err = check(shape_of::<Vec<i8>>(), shape_of::<Vec<u8>>()).unwrap_err();
/// assert_eq!(err.as_str(), "[i8] cannot read bin: rule type-changed: expected array, found bin of any length");
/// ```
pub const fn check(reader: &'static Shape, writer: &'static Shape) -> Result<(), Incompatible> {
    let mut cx = cx::Cx::new(reader, writer);
    let res = shape::shape(&mut cx, reader, writer);
    cx.finish(res)
}
