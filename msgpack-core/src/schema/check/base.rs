//! The check's limits, its result type and `tri!`, and small predicates on
//! shapes and keys that every part of the check uses. This file uses none
//! of the other files of the check: they are all above it.

use crate::schema::report::Incompatible;
use crate::schema::{IntShape, Key, Shape, str_eq};

/// How many levels (fields, elements, variants, newtypes, options) one path
/// may nest before the check gives up and reports the schema as too deep.
/// Recursive types stop earlier: a pair of named types already being
/// checked on the path is assumed compatible (the check is coinductive).
///
/// The limit keeps the check inside the compiler's default const-evaluation
/// stack (a level takes up to five frames of the 128 `recursion_limit`
/// allows), so that a schema too deep to check gets this crate's message
/// rather than the compiler's.
pub const MAX_CHECK_DEPTH: usize = 20;

/// Path steps recorded (a level pushes at most two: a named pair and a
/// field, position, element or variant).
pub(super) const MAX_STEPS: usize = 2 * MAX_CHECK_DEPTH;

pub(super) type R = Result<(), Incompatible>;

/// `?` for `const fn`.
macro_rules! tri {
    ($e:expr) => {
        match $e {
            Ok(()) => {}
            Err(e) => return Err(e),
        }
    };
}

/// One part of a shape that the check goes on after (a field, a position,
/// an element, a variant): `$step` (if given) pushed on the path, `$e`
/// evaluated, then back to the state before (`Cx::went_on`): a failure is
/// recorded while collecting, else returned.
macro_rules! part {
    ($cx:ident, $step:expr, $e:expr) => {{
        let mark = $cx.mark();
        $cx.push($step);
        let res = $e;
        tri!($cx.went_on(mark, res));
    }};
    ($cx:ident, $e:expr) => {{
        let mark = $cx.mark();
        let res = $e;
        tri!($cx.went_on(mark, res));
    }};
}

pub(super) const fn is_named(s: &Shape) -> bool {
    matches!(s, Shape::Struct(_) | Shape::Enum(_) | Shape::Newtype(_))
}

pub(super) const fn len_ok(r: Option<usize>, w: Option<usize>) -> bool {
    match (r, w) {
        (None, _) => true,
        (Some(a), Some(b)) => a == b,
        (Some(_), None) => false,
    }
}

pub(super) const fn int_in(r: &IntShape, v: i64) -> bool {
    if v < 0 { r.min <= v } else { r.min <= v && v as u64 <= r.max && !(r.nonzero && v == 0) }
}

/// Whether a map's key shape reads a field's wire key.
pub(super) const fn key_readable(rk: &Shape, k: &Key) -> bool {
    match (rk, k) {
        (Shape::Any, _) | (Shape::Str, Key::Str(_)) => true,
        (Shape::Int(ri), Key::Int(v)) => int_in(ri, *v),
        (Shape::Option(inner), _) => key_readable(inner.get(), k),
        _ => false,
    }
}

/// Whether a reader field (or variant) with this key and these aliases reads
/// the writer's `key`.
pub(super) const fn reads_key(own: &Key, aliases: &[&str], key: &Key) -> bool {
    if own.eq(key) {
        return true;
    }
    if let Key::Str(k) = key {
        let mut i = 0;
        while i < aliases.len() {
            if str_eq(aliases[i], k) {
                return true;
            }
            i += 1;
        }
    }
    false
}

/// A named definition's name and identity.
#[derive(Clone, Copy)]
pub(super) struct NamedInfo {
    pub(super) name: &'static str,
    pub(super) id: &'static str,
    pub(super) generic: bool,
}

pub(super) const fn named(s: &Shape) -> Option<NamedInfo> {
    match s {
        Shape::Struct(d) => Some(NamedInfo { name: d.name, id: d.id, generic: d.generic }),
        Shape::Enum(d) => Some(NamedInfo { name: d.name, id: d.id, generic: d.generic }),
        Shape::Newtype(d) => Some(NamedInfo { name: d.name, id: d.id, generic: d.generic }),
        _ => None,
    }
}
