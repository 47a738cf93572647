//! [`Schema`] for every type this crate encodes (the crate docs' table).
//!
//! `usize` / `isize` are described with their 64-bit ranges: the check
//! assumes a 64-bit reader. The types of `impls/` that have a file of
//! their own (ranges, `Result`, addresses, paths, cells, `Duration`,
//! `SystemTime`, the extension types, the ecosystem crates' types) keep
//! their `Schema` beside their `Encode` and `Decode`.

use core::marker::PhantomData;

use super::{IntShape, Schema, Shape, ShapeRef};

macro_rules! leaf {
    ($($t:ty => $shape:expr;)*) => {$(
        impl Schema for $t {
            const SHAPE: ShapeRef = ShapeRef::new(&$shape);
        }
    )*};
}

leaf! {
    bool => Shape::Bool;
    u16 => Shape::Int(IntShape::U16);
    u32 => Shape::Int(IntShape::U32);
    u64 => Shape::Int(IntShape::U64);
    usize => Shape::Int(IntShape::new("usize", 0, u64::MAX));
    u128 => Shape::Int(IntShape::new("u128", 0, u64::MAX));
    i8 => Shape::Int(IntShape::I8);
    i16 => Shape::Int(IntShape::I16);
    i32 => Shape::Int(IntShape::I32);
    i64 => Shape::Int(IntShape::I64);
    isize => Shape::Int(IntShape::new("isize", i64::MIN, i64::MAX as u64));
    i128 => Shape::Int(IntShape::new("i128", i64::MIN, u64::MAX));
    f32 => Shape::F32;
    f64 => Shape::F64;
    char => Shape::Char;
    () => Shape::Nil;
    str => Shape::Str;
}

/// `u8` is the one type whose sequences are `bin`.
impl Schema for u8 {
    const SHAPE: ShapeRef = ShapeRef::new(&Shape::Int(IntShape::U8));
    const __BYTE: bool = true;
}

macro_rules! nonzero {
    ($($t:ty => $name:literal, $min:expr, $max:expr;)*) => {$(
        impl Schema for $t {
            const SHAPE: ShapeRef =
                ShapeRef::new(&Shape::Int(IntShape { name: $name, min: $min, max: $max, nonzero: true }));
        }
    )*};
}

nonzero! {
    core::num::NonZeroU8 => "NonZeroU8", 1, u8::MAX as u64;
    core::num::NonZeroU16 => "NonZeroU16", 1, u16::MAX as u64;
    core::num::NonZeroU32 => "NonZeroU32", 1, u32::MAX as u64;
    core::num::NonZeroU64 => "NonZeroU64", 1, u64::MAX;
    core::num::NonZeroUsize => "NonZeroUsize", 1, u64::MAX;
    core::num::NonZeroU128 => "NonZeroU128", 1, u64::MAX;
    core::num::NonZeroI8 => "NonZeroI8", i8::MIN as i64, i8::MAX as u64;
    core::num::NonZeroI16 => "NonZeroI16", i16::MIN as i64, i16::MAX as u64;
    core::num::NonZeroI32 => "NonZeroI32", i32::MIN as i64, i32::MAX as u64;
    core::num::NonZeroI64 => "NonZeroI64", i64::MIN, i64::MAX as u64;
    core::num::NonZeroIsize => "NonZeroIsize", i64::MIN, i64::MAX as u64;
    core::num::NonZeroI128 => "NonZeroI128", i64::MIN, u64::MAX;
}

/// A sequence of `T` of any length: `bin` for `u8` (owned buffers also
/// read arrays of small integers), an array otherwise.
#[cfg(feature = "alloc")]
const fn seq_of<T: Schema>() -> ShapeRef {
    if T::__BYTE {
        ShapeRef::new(&Shape::Bin { len: None, from_array: true })
    } else {
        ShapeRef::new(&Shape::Seq { elem: T::SHAPE, len: None })
    }
}

/// An array of `T` (never `bin`): sets and lists.
#[cfg(feature = "alloc")]
const fn array_of<T: Schema>() -> ShapeRef {
    ShapeRef::new(&Shape::Seq { elem: T::SHAPE, len: None })
}

impl<T: Schema + ?Sized> Schema for &T {
    const SHAPE: ShapeRef = T::SHAPE;
}

impl<T: Schema + ?Sized> Schema for &mut T {
    const SHAPE: ShapeRef = T::SHAPE;
}

impl<T: Schema> Schema for Option<T> {
    const SHAPE: ShapeRef = ShapeRef::new(&Shape::Option(T::SHAPE));
}

impl<T: ?Sized> Schema for PhantomData<T> {
    const SHAPE: ShapeRef = ShapeRef::new(&Shape::Tuple(&[]));
}

/// Only `&[u8]` decodes of all slices, borrowing a `bin` (never an array).
impl<T: Schema> Schema for [T] {
    const SHAPE: ShapeRef = if T::__BYTE {
        ShapeRef::new(&Shape::Bin { len: None, from_array: false })
    } else {
        ShapeRef::new(&Shape::Seq { elem: T::SHAPE, len: None })
    };
}

impl<T: Schema, const N: usize> Schema for [T; N] {
    const SHAPE: ShapeRef = if T::__BYTE {
        ShapeRef::new(&Shape::Bin { len: Some(N), from_array: true })
    } else {
        ShapeRef::new(&Shape::Seq { elem: T::SHAPE, len: Some(N) })
    };
}

macro_rules! tuple {
    ($($t:ident)+) => {
        impl<$($t: Schema),+> Schema for ($($t,)+) {
            const SHAPE: ShapeRef = ShapeRef::new(&Shape::Tuple(&[$(<$t as Schema>::SHAPE),+]));
        }
    };
}

tuple!(A);
tuple!(A B);
tuple!(A B C);
tuple!(A B C D);
tuple!(A B C D E);
tuple!(A B C D E F);
tuple!(A B C D E F G);
tuple!(A B C D E F G H);
tuple!(A B C D E F G H I);
tuple!(A B C D E F G H I J);
tuple!(A B C D E F G H I J K);
tuple!(A B C D E F G H I J K L);
tuple!(A B C D E F G H I J K L M);
tuple!(A B C D E F G H I J K L M N);
tuple!(A B C D E F G H I J K L M N O);
tuple!(A B C D E F G H I J K L M N O P);

#[cfg(feature = "alloc")]
mod alloc_impls {
    use super::*;
    use alloc::borrow::Cow;
    use alloc::boxed::Box;
    use alloc::collections::{BTreeMap, BTreeSet, BinaryHeap, LinkedList, VecDeque};
    use alloc::rc::Rc;
    use alloc::string::String;
    use alloc::sync::Arc;
    use alloc::vec::Vec;

    impl Schema for String {
        const SHAPE: ShapeRef = ShapeRef::new(&Shape::Str);
    }

    impl Schema for crate::value::Value {
        const SHAPE: ShapeRef = ShapeRef::new(&Shape::Any);
    }

    impl Schema for crate::value::ValueRef<'_> {
        const SHAPE: ShapeRef = ShapeRef::new(&Shape::Any);
    }

    macro_rules! pointer {
        ($($p:ident),*) => {$(
            impl<T: Schema> Schema for $p<T> {
                const SHAPE: ShapeRef = T::SHAPE;
            }

            /// Decoded through a `Vec`: byte buffers read arrays too.
            impl<T: Schema> Schema for $p<[T]> {
                const SHAPE: ShapeRef = seq_of::<T>();
            }

            impl Schema for $p<str> {
                const SHAPE: ShapeRef = ShapeRef::new(&Shape::Str);
            }
        )*};
    }

    pointer!(Box, Rc, Arc);

    impl Schema for Cow<'_, str> {
        const SHAPE: ShapeRef = ShapeRef::new(&Shape::Str);
    }

    /// `Cow<[u8]>` borrows a `bin` and copies an array of integers.
    impl<T: Schema + Clone> Schema for Cow<'_, [T]> {
        const SHAPE: ShapeRef = seq_of::<T>();
    }

    impl<T: Schema> Schema for Vec<T> {
        const SHAPE: ShapeRef = seq_of::<T>();
    }

    impl<T: Schema> Schema for VecDeque<T> {
        const SHAPE: ShapeRef = seq_of::<T>();
    }

    impl<T: Schema> Schema for LinkedList<T> {
        const SHAPE: ShapeRef = array_of::<T>();
    }

    impl<T: Schema> Schema for BTreeSet<T> {
        const SHAPE: ShapeRef = array_of::<T>();
    }

    impl<T: Schema> Schema for BinaryHeap<T> {
        const SHAPE: ShapeRef = array_of::<T>();
    }

    impl<K: Schema, V: Schema> Schema for BTreeMap<K, V> {
        const SHAPE: ShapeRef = ShapeRef::new(&Shape::Map { key: K::SHAPE, value: V::SHAPE });
    }
}

#[cfg(feature = "std")]
mod std_impls {
    use super::*;
    use std::collections::{HashMap, HashSet};

    impl<T: Schema, S> Schema for HashSet<T, S> {
        const SHAPE: ShapeRef = array_of::<T>();
    }

    impl<K: Schema, V: Schema, S> Schema for HashMap<K, V, S> {
        const SHAPE: ShapeRef = ShapeRef::new(&Shape::Map { key: K::SHAPE, value: V::SHAPE });
    }
}
