//! Tuples of 1 to 16 elements: arrays of exactly that many elements.

use crate::decode::{Decode, Decoder, Error, ErrorKind};
use crate::encode::{self, Encode, Encoder, Write, array_header_size};
use crate::layout::{self, Layout};

macro_rules! tuple {
    ($len:literal => $($idx:tt $t:ident),+) => {
        impl<$($t: Encode),+> Encode for ($($t,)+) {
            const COSTLY_LEN: bool = false $(|| $t::COSTLY_LEN)+;
            const MAX_LEN: usize =
                crate::encode::max_len_sum(&[array_header_size($len), $($t::MAX_LEN),+]);
            const __LAYOUT: Layout = Layout::array(&[$(<$t as Encode>::__LAYOUT),+]);
            #[inline(always)]
            fn __write_fixed(&self, out: &mut [u8]) {
                // The header, then the elements back to back.
                let mut at = Self::__LAYOUT.len $(.saturating_sub(<$t as Encode>::__LAYOUT.len))+;
                layout::put_pattern(out, const { &Self::__LAYOUT }, 0, at);
                $(
                    self.$idx.__write_fixed(layout::part_mut(out, at, <$t as Encode>::__LAYOUT.len));
                    at += <$t as Encode>::__LAYOUT.len;
                )+
                let _ = at;
            }
            #[inline]
            fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
                if Self::__LAYOUT.is_fixed() && !e.in_window() {
                    return e.fixed(self);
                }
                e.array_len($len)?;
                $(self.$idx.encode(e)?;)+
                Ok(())
            }
            #[inline]
            fn encoded_len(&self) -> usize {
                array_header_size($len) $(+ self.$idx.encoded_len())+
            }
        }

        impl<'de, $($t: Decode<'de>),+> Decode<'de> for ($($t,)+) {
            const __LAYOUT: Layout = Layout::array(&[$(<$t as Decode<'de>>::__LAYOUT),+]);
            #[inline(always)]
            fn __read_fixed(bytes: &'de [u8]) -> Option<Self> {
                let mut at = Self::__LAYOUT.len $(.saturating_sub(<$t as Decode<'de>>::__LAYOUT.len))+;
                let t = ($({
                    let x = $t::__read_fixed(layout::part(bytes, at, <$t as Decode<'de>>::__LAYOUT.len))?;
                    at += <$t as Decode<'de>>::__LAYOUT.len;
                    x
                },)+);
                let _ = at;
                Some(t)
            }
            #[inline]
            fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
                if let Some(t) = d.fixed::<Self>() {
                    return Ok(t);
                }
                let at = d.position();
                let len = d.array_len()?;
                if len != $len {
                    return Err(d.error(ErrorKind::InvalidLength { expected: $len, found: len }, at));
                }
                d.enter()?;
                let t = ($($t::decode(d).map_err(|e| e.at_index($idx))?,)+);
                d.leave();
                Ok(t)
            }
        }
    };
}

tuple!(1 => 0 A);
tuple!(2 => 0 A, 1 B);
tuple!(3 => 0 A, 1 B, 2 C);
tuple!(4 => 0 A, 1 B, 2 C, 3 D);
tuple!(5 => 0 A, 1 B, 2 C, 3 D, 4 E);
tuple!(6 => 0 A, 1 B, 2 C, 3 D, 4 E, 5 F);
tuple!(7 => 0 A, 1 B, 2 C, 3 D, 4 E, 5 F, 6 G);
tuple!(8 => 0 A, 1 B, 2 C, 3 D, 4 E, 5 F, 6 G, 7 H);
tuple!(9 => 0 A, 1 B, 2 C, 3 D, 4 E, 5 F, 6 G, 7 H, 8 I);
tuple!(10 => 0 A, 1 B, 2 C, 3 D, 4 E, 5 F, 6 G, 7 H, 8 I, 9 J);
tuple!(11 => 0 A, 1 B, 2 C, 3 D, 4 E, 5 F, 6 G, 7 H, 8 I, 9 J, 10 K);
tuple!(12 => 0 A, 1 B, 2 C, 3 D, 4 E, 5 F, 6 G, 7 H, 8 I, 9 J, 10 K, 11 L);
tuple!(13 => 0 A, 1 B, 2 C, 3 D, 4 E, 5 F, 6 G, 7 H, 8 I, 9 J, 10 K, 11 L, 12 M);
tuple!(14 => 0 A, 1 B, 2 C, 3 D, 4 E, 5 F, 6 G, 7 H, 8 I, 9 J, 10 K, 11 L, 12 M, 13 N);
tuple!(15 => 0 A, 1 B, 2 C, 3 D, 4 E, 5 F, 6 G, 7 H, 8 I, 9 J, 10 K, 11 L, 12 M, 13 N, 14 O);
tuple!(16 => 0 A, 1 B, 2 C, 3 D, 4 E, 5 F, 6 G, 7 H, 8 I, 9 J, 10 K, 11 L, 12 M, 13 N, 14 O, 15 P);
