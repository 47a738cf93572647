//! [`assert_compatible!`](crate::assert_compatible): the compatibility
//! check as a build error (re-exported at the crate root by
//! `#[macro_export]`, its body as `schema::__assert`).

use super::{ShapeRef, check};

/// Fails the build unless a reader type can decode every message a writer
/// type can produce (see the [module docs](crate::schema) for the rules).
///
/// `assert_compatible!(Reader, Writer)` checks one direction;
/// `assert_compatible!(A <=> B)` checks both, for types that must stay
/// mutually readable (old and new versions of a message). It expands to a
/// `const _: () = ...;` item, so it can stand at module level or in a
/// function body, and costs nothing at run time.
///
/// ```
/// use msgpack_core::{MsgPack, assert_compatible};
///
/// #[derive(MsgPack)]
/// struct V1 { id: u32 }
/// #[derive(MsgPack)]
/// struct V2 { id: u64, #[msgpack(default)] retries: u8 }
///
/// assert_compatible!(V2, V1); // u32 widens into u64, `retries` has a default
/// assert_compatible!(Vec<V2>, Vec<V1>);
/// ```
///
/// The reverse fails the build with a message naming the field (and,
/// when there are several, listing every incompatibility, one per line):
///
/// ```compile_fail
/// # use msgpack_core::{MsgPack, assert_compatible};
/// # #[derive(MsgPack)]
/// # struct V1 { id: u32 }
/// # #[derive(MsgPack)]
/// # struct V2 { id: u64, #[msgpack(default)] retries: u8 }
/// // error: V1 cannot read V2: rule integer-narrowed: field "id": u32 cannot hold every u64
/// assert_compatible!(V1, V2);
/// ```
#[macro_export]
macro_rules! assert_compatible {
    (@scan [$($a:tt)+] <=> $($b:tt)+) => {
        $crate::assert_compatible!(@one [$($a)+] [$($b)+]);
        $crate::assert_compatible!(@one [$($b)+] [$($a)+]);
    };
    (@scan [$($a:tt)*] $t:tt $($rest:tt)*) => {
        $crate::assert_compatible!(@scan [$($a)* $t] $($rest)*);
    };
    (@scan [$($a:tt)*]) => {
        $crate::assert_compatible!(@pair $($a)*);
    };
    (@pair $r:ty, $w:ty $(,)?) => {
        $crate::assert_compatible!(@one [$r] [$w]);
    };
    (@one [$r:ty] [$w:ty]) => {
        const _: () = $crate::schema::__assert(
            <$r as $crate::schema::Schema>::SHAPE,
            <$w as $crate::schema::Schema>::SHAPE,
        );
    };
    ($($t:tt)+) => {
        $crate::assert_compatible!(@scan [] $($t)+);
    };
}

/// The body of [`assert_compatible!`](crate::assert_compatible): panics (a compile error in a
/// `const`) with the incompatibility's message.
#[doc(hidden)]
pub const fn __assert(reader: ShapeRef, writer: ShapeRef) {
    if let Err(e) = check(reader.get(), writer.get()) {
        panic!("{}", e.as_str());
    }
}
