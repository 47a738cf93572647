//! Sequences: slices, arrays, `Vec`, `VecDeque`, sets, `BinaryHeap`.
//!
//! Every sequence is an array, except sequences of `u8`, which are `bin`
//! (through the hidden `__encode_slice` / `__decode_vec` methods that `u8`
//! overrides). Byte buffers also decode from an array of small integers.

use crate::decode::{Decode, Decoder, Error};
use crate::encode::{self, Encode, Encoder, Write};
use crate::layout::{self, Layout};

impl<T: Encode> Encode for [T] {
    const COSTLY_LEN: bool = T::COSTLY_LEN;
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        T::__encode_slice(self, e)
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        T::__encoded_len_slice(self)
    }
}

impl<T: Encode, const N: usize> Encode for [T; N] {
    const COSTLY_LEN: bool = T::COSTLY_LEN;
    // The array form bounds the `bin` form of `[u8; N]` too (1 byte per
    // element and a header of at most 5 against at least 2 and 1).
    const MAX_LEN: usize =
        crate::encode::max_len_sum(&[encode::array_header_size(N), crate::encode::max_len_times(N, T::MAX_LEN)]);
    const __LAYOUT: Layout = Layout::repeat(N, T::__LAYOUT);
    #[inline(always)]
    fn __write_fixed(&self, out: &mut [u8]) {
        let each = T::__LAYOUT.len;
        let header = Self::__LAYOUT.len.saturating_sub(N * each);
        layout::put_pattern(out, const { &Self::__LAYOUT }, 0, header);
        for (i, item) in self.iter().enumerate() {
            item.__write_fixed(layout::part_mut(out, header + i * each, each));
        }
    }
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        if Self::__LAYOUT.is_fixed() && !e.in_window() {
            return e.fixed(self);
        }
        T::__encode_slice(self, e)
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        T::__encoded_len_slice(self)
    }
}

/// `[u8; N]` is read from a `bin` of exactly `N` bytes (or an array of `N`
/// integers); other arrays from an array of exactly `N` elements.
impl<'de, T: Decode<'de>, const N: usize> Decode<'de> for [T; N] {
    const __LAYOUT: Layout = Layout::repeat(N, T::__LAYOUT);
    #[inline(always)]
    fn __read_fixed(bytes: &'de [u8]) -> Option<Self> {
        let each = T::__LAYOUT.len;
        let header = Self::__LAYOUT.len.saturating_sub(N * each);
        crate::array::try_array_from_fn(|i| T::__read_fixed(layout::part(bytes, header + i * each, each)).ok_or(()))
            .ok()
    }
    #[inline]
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        if let Some(a) = d.fixed::<Self>() {
            return Ok(a);
        }
        T::__decode_array(d)
    }
}

/// Borrows a `bin` from the input (zero-copy). A byte array written as an
/// array of integers cannot be borrowed and gives a type error; use
/// `Cow<[u8]>` or `Vec<u8>` to accept both.
impl<'de: 'a, 'a> Decode<'de> for &'a [u8] {
    #[inline]
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        let at = d.position();
        d.bin().map_err(|e| super::num::rename_bin_error(d, e, at))
    }
}

#[cfg(feature = "alloc")]
mod alloc_impls {
    use super::*;
    use alloc::collections::{BTreeSet, BinaryHeap, LinkedList, VecDeque};
    use alloc::vec::Vec;

    impl<T: Encode> Encode for Vec<T> {
        #[inline]
        fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
            T::__encode_slice(self, e)
        }
        #[inline]
        fn encoded_len(&self) -> usize {
            T::__encoded_len_slice(self)
        }
    }

    impl<'de, T: Decode<'de>> Decode<'de> for Vec<T> {
        #[inline]
        fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
            T::__decode_vec(d)
        }
    }

    /// `VecDeque<u8>` is `bin`, like `Vec<u8>`.
    impl<T: Encode> Encode for VecDeque<T> {
        #[inline]
        fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
            let (a, b) = self.as_slices();
            T::__encode_split(a, b, e)
        }
        #[inline]
        fn encoded_len(&self) -> usize {
            let (a, b) = self.as_slices();
            T::__encoded_len_split(a, b)
        }
    }

    impl<'de, T: Decode<'de>> Decode<'de> for VecDeque<T> {
        #[inline]
        fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
            T::__decode_vec(d).map(VecDeque::from)
        }
    }

    /// Writes an iterator of known length as an array.
    pub(crate) fn encode_seq<'a, T: Encode + 'a, W: Write>(
        len: usize,
        items: impl Iterator<Item = &'a T>,
        e: &mut Encoder<W>,
    ) -> Result<(), encode::Error<W::Error>> {
        e.array_len(len)?;
        for item in items {
            item.encode(e)?;
        }
        Ok(())
    }

    pub(crate) fn seq_len<'a, T: Encode + 'a>(len: usize, items: impl Iterator<Item = &'a T>) -> usize {
        encode::array_header_size(len) + items.map(Encode::encoded_len).sum::<usize>()
    }

    macro_rules! seq_encode {
        ($($(#[$doc:meta])* $seq:ident;)*) => {$(
            $(#[$doc])*
            impl<T: Encode> Encode for $seq<T> {
                #[inline]
                fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
                    encode_seq(self.len(), self.iter(), e)
                }
                #[inline]
                fn encoded_len(&self) -> usize {
                    seq_len(self.len(), self.iter())
                }
            }
        )*};
    }

    seq_encode! {
        /// An array of the elements, in iteration order.
        BTreeSet;
        /// An array of the elements, in iteration order.
        LinkedList;
        /// In the heap's iteration order (arbitrary), as serde writes it.
        BinaryHeap;
    }

    macro_rules! set {
        ($($set:ident<T $(: $bound:ident $(+ $more:ident)*)?> => $insert:ident;)*) => {$(
            impl<'de, T: Decode<'de> $(+ $bound $(+ $more)*)?> Decode<'de> for $set<T> {
                #[inline]
                fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
                    // Claimed as the crate's collections claim (nothing to
                    // reserve: a node per element).
                    crate::decode::collect::collect_array::<T, _, _>(d, T::decode, |_| $set::new(), |out, x| {
                        out.$insert(x);
                    })
                }
            }
        )*};
    }

    set! {
        BTreeSet<T: Ord> => insert;
        LinkedList<T> => push_back;
    }

    /// Read as a `Vec` (reserved as the crate's collections reserve, see
    /// [`Decoder::capacity_for`](crate::Decoder::capacity_for)), then
    /// made a heap in place.
    impl<'de, T: Decode<'de> + Ord> Decode<'de> for BinaryHeap<T> {
        #[inline]
        fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
            T::__decode_vec(d).map(BinaryHeap::from)
        }
    }
}

#[cfg(feature = "std")]
use alloc_impls::{encode_seq, seq_len};

#[cfg(feature = "std")]
mod std_impls {
    use super::*;
    use core::hash::{BuildHasher, Hash};
    use std::collections::HashSet;

    /// An array of the elements, in iteration order.
    impl<T: Encode, S> Encode for HashSet<T, S> {
        #[inline]
        fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
            encode_seq(self.len(), self.iter(), e)
        }
        #[inline]
        fn encoded_len(&self) -> usize {
            seq_len(self.len(), self.iter())
        }
    }

    impl<'de, T: Decode<'de> + Eq + Hash, S: BuildHasher + Default> Decode<'de> for HashSet<T, S> {
        #[inline]
        fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
            // Reserved for the count as claimed against the whole input, as
            // `HashMap` is (no rehashing on the way).
            crate::decode::collect::collect_array::<T, _, _>(
                d,
                T::decode,
                |cap| HashSet::with_capacity_and_hasher(cap, S::default()),
                |set, x| {
                    set.insert(x);
                },
            )
        }
    }
}
