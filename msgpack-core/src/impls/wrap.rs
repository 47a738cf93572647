//! Transparent wrappers: `Wrapping<T>`, `Saturating<T>`, `Reverse<T>`,
//! written as the value they hold (as serde writes them).

use core::cmp::Reverse;
use core::num::{Saturating, Wrapping};

use crate::decode::{Decode, Decoder, Error};
use crate::encode::{self, Encode, Encoder, Write};
use crate::layout::Layout;
use crate::schema::{Schema, ShapeRef};

macro_rules! transparent {
    ($($w:ident),*) => {$(
        /// The inner value itself, every item of `Encode` forwarded.
        impl<T: Encode> Encode for $w<T> {
            const COSTLY_LEN: bool = T::COSTLY_LEN;
            const MAX_LEN: usize = T::MAX_LEN;
            const __LAYOUT: Layout = T::__LAYOUT;
            #[inline(always)]
            fn __write_fixed(&self, out: &mut [u8]) {
                self.0.__write_fixed(out)
            }
            #[inline]
            fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
                self.0.encode(e)
            }
            #[inline]
            fn encoded_len(&self) -> usize {
                self.0.encoded_len()
            }
        }

        /// Every item of `Decode` but the sequences forwarded.
        impl<'de, T: Decode<'de>> Decode<'de> for $w<T> {
            const __LAYOUT: Layout = T::__LAYOUT;
            #[inline(always)]
            fn __read_fixed(bytes: &'de [u8]) -> Option<Self> {
                T::__read_fixed(bytes).map($w)
            }
            #[inline]
            fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
                T::decode(d).map($w)
            }
        }

        impl<T: Schema> Schema for $w<T> {
            const SHAPE: ShapeRef = T::SHAPE;
        }
    )*};
}

transparent!(Wrapping, Saturating, Reverse);
