//! References, smart pointers, `Option`, `PhantomData`.

use core::marker::PhantomData;

use crate::decode::{Decode, Decoder, Error};
use crate::encode::{self, Encode, Encoder, Write};
use crate::layout::Layout;

/// The value behind the reference, every item of `Encode` forwarded (its
/// bound, its cost, its fixed layout): a reference is the value. A type
/// that refers to itself through a reference (`Option<&'a Node<'a>>`)
/// makes its `MAX_LEN` a constant that depends on itself, a compile-time
/// cycle: hold the next node in a `Box` (which does not forward them).
macro_rules! reference {
    ($($r:ty),*) => {$(
        impl<T: Encode + ?Sized> Encode for $r {
            const MAX_LEN: usize = T::MAX_LEN;
            const COSTLY_LEN: bool = T::COSTLY_LEN;
            const __LAYOUT: Layout = T::__LAYOUT;
            #[inline(always)]
            fn __write_fixed(&self, out: &mut [u8]) {
                (**self).__write_fixed(out)
            }
            #[inline]
            fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
                (**self).encode(e)
            }
            #[inline]
            fn encoded_len(&self) -> usize {
                (**self).encoded_len()
            }
        }
    )*};
}

reference!(&T, &mut T);

/// `None` is `nil`; `Some(v)` is `v` itself (so `Option<Option<T>>` cannot
/// tell `None` from `Some(None)`, as in rmp-serde).
impl<T: Encode> Encode for Option<T> {
    const COSTLY_LEN: bool = T::COSTLY_LEN;
    const MAX_LEN: usize = crate::encode::max_len_max(1, T::MAX_LEN);
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        match self {
            Some(v) => v.encode(e),
            None => e.nil(),
        }
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        match self {
            Some(v) => v.encoded_len(),
            None => 1,
        }
    }
}

impl<'de, T: Decode<'de>> Decode<'de> for Option<T> {
    #[inline]
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        if d.try_nil()? { Ok(None) } else { T::decode(d).map(Some) }
    }
}

/// `PhantomData` is an empty array, as rmp-serde writes serde's unit
/// structs (`nil` is accepted on decode too).
impl<T: ?Sized> Encode for PhantomData<T> {
    const MAX_LEN: usize = 1;
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        e.array_len(0)
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        1
    }
}

impl<'de, T: ?Sized> Decode<'de> for PhantomData<T> {
    #[inline]
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        if d.try_nil()? {
            return Ok(PhantomData);
        }
        let at = d.position();
        match d.array_len()? {
            0 => Ok(PhantomData),
            n => Err(d.error(crate::decode::ErrorKind::InvalidLength { expected: 0, found: n }, at)),
        }
    }
}

#[cfg(feature = "alloc")]
mod alloc_impls {
    use super::*;
    use alloc::borrow::{Cow, ToOwned};
    use alloc::boxed::Box;
    use alloc::rc::Rc;
    use alloc::sync::Arc;

    // The value behind the pointer, but its bound, cost and fixed layout
    // are not forwarded: a recursive type is recursive through a pointer
    // (`Option<Box<Node>>`), and a constant that depends on itself is a
    // compile-time cycle (`tests/wire/forwarding.rs` lists what each
    // wrapper forwards).
    macro_rules! pointer {
        ($($p:ident),*) => {$(
            impl<T: Encode + ?Sized> Encode for $p<T> {
                #[inline]
                fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
                    (**self).encode(e)
                }
                #[inline]
                fn encoded_len(&self) -> usize {
                    (**self).encoded_len()
                }
            }

            impl<'de, T: Decode<'de>> Decode<'de> for $p<T> {
                #[inline]
                fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
                    d.charge(core::mem::size_of::<T>(), d.position())?;
                    T::decode(d).map($p::new)
                }
            }

            impl<'de, T: Decode<'de>> Decode<'de> for $p<[T]> {
                #[inline]
                fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
                    T::__decode_vec(d).map($p::from)
                }
            }
        )*};
    }

    pointer!(Box, Rc, Arc);

    /// The value it holds, every item of `Encode` forwarded.
    impl<B: Encode + ToOwned + ?Sized> Encode for Cow<'_, B> {
        const COSTLY_LEN: bool = B::COSTLY_LEN;
        const MAX_LEN: usize = B::MAX_LEN;
        const __LAYOUT: Layout = B::__LAYOUT;
        #[inline(always)]
        fn __write_fixed(&self, out: &mut [u8]) {
            (**self).__write_fixed(out)
        }
        #[inline]
        fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
            (**self).encode(e)
        }
        #[inline]
        fn encoded_len(&self) -> usize {
            (**self).encoded_len()
        }
    }

    /// `Cow<[u8]>` borrows a `bin` from the input; a byte array written as
    /// an array of integers (which cannot be borrowed) is copied into
    /// `Cow::Owned`. Other element types are always decoded into
    /// `Cow::Owned` (an array of `T` is not a `[T]` in memory).
    impl<'de: 'a, 'a, T: Decode<'de> + Clone> Decode<'de> for Cow<'a, [T]> {
        #[inline]
        fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
            T::__decode_cow(d)
        }
    }
}
