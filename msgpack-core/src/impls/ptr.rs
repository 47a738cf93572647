//! References, smart pointers, `Option`, `PhantomData`.

use core::marker::PhantomData;

use crate::decode::{Decode, Decoder, Error};
use crate::encode::{self, Encode, Encoder, Write};

impl<T: Encode + ?Sized> Encode for &T {
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        (**self).encode(e)
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        (**self).encoded_len()
    }
}

impl<T: Encode + ?Sized> Encode for &mut T {
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        (**self).encode(e)
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        (**self).encoded_len()
    }
}

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

    impl<B: Encode + ToOwned + ?Sized> Encode for Cow<'_, B> {
        const COSTLY_LEN: bool = B::COSTLY_LEN;
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
