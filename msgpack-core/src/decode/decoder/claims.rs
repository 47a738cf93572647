//! `Decoder`: the capacity a collection reserves ahead of its elements, from
//! an allowance per decode ([`capacity_for`](Decoder::capacity_for)) and the
//! claims of the open containers ([`claim`](Decoder::claim)).

use super::Decoder;
#[cfg(feature = "serde")]
use crate::decode::{Error, ErrorKind};

impl<'de> Decoder<'de> {
    /// The capacity to reserve for a sequence whose header declared `len`
    /// elements of `T`, before any element is read.
    ///
    /// `len` has been checked against the remaining input (one byte per
    /// element at least), but an element may take far more memory than its
    /// encoding, and nested containers may all claim the same bytes. So all
    /// the capacity reserved ahead over one decode is bounded: 1 KiB plus
    /// 8 bytes per input byte. Past that, sequences grow as their elements
    /// actually arrive, which keeps memory proportional to the input.
    ///
    /// The crate's own collections also count the elements every open
    /// container still expects, so that nested containers cannot all
    /// reserve for the same bytes; a hand-written impl of a collection gets
    /// that by decoding through them (a `Vec<T>`, then converting).
    ///
    /// ```
    /// let mut d = msgpack_core::Decoder::new(&[0u8; 10]);
    /// assert_eq!(d.capacity_for::<u64>(5), 5);
    /// assert!(d.capacity_for::<[u8; 4096]>(1_000) < 1_000);
    /// ```
    #[inline]
    pub fn capacity_for<T>(&mut self, len: usize) -> usize {
        let size = core::mem::size_of::<T>().max(1);
        let cap = len.min(self.reserve / size);
        self.reserve -= cap * size;
        cap
    }

    /// Claims the `len` elements of a container whose header was just
    /// read, each the start of `per` items (1 for an array, 2 for a map
    /// entry), and returns the capacity to reserve for them
    /// ([`capacity_for`](Decoder::capacity_for)).
    ///
    /// Every item starts at a byte of its own, and the items the open
    /// containers still expect all start after this one's elements; so when
    /// they and these elements together need more bytes than the input has
    /// left, the decode cannot succeed. Then nothing is claimed and `None`
    /// comes back: decode the elements without keeping them, reserving
    /// nothing, and return an empty collection: the decode ends with the
    /// error it would have ended with (an enclosing container, or this
    /// one, runs out of input), and the placeholder is dropped with it.
    /// Otherwise call [`release_claim`](Decoder::release_claim) as each element starts.
    /// This is what keeps nested length claims from reserving, level by
    /// level, more than the input can hold: the elements claimed over a
    /// whole decode, met or still to come, never outnumber its bytes, so
    /// elements of up to 32 bytes per item are reserved in full, and
    /// larger ones from [`capacity_for`](Decoder::capacity_for)'s
    /// allowance.
    #[inline]
    #[cfg(feature = "alloc")]
    pub(crate) fn claim<T>(&mut self, len: usize, per: usize) -> Option<usize> {
        let left = self.buf.len() - self.pos;
        let claimed = self.pending.checked_add(len.checked_mul(per)?)?;
        if claimed > left {
            return None;
        }
        self.pending = claimed;
        // All the elements claimed at once, met or still to come, fit in
        // the input a byte each: an element of at most 32 bytes per item
        // start is reserved in full (at most 32 bytes per input byte over
        // the whole decode), a larger one from the allowance.
        if core::mem::size_of::<T>() <= 32 * per { Some(len) } else { Some(self.capacity_for::<T>(len)) }
    }

    /// The error of a container at `at` whose `len` elements (`per` items
    /// each) the input cannot hold once the open containers' claims are
    /// counted (see [`claim`](Decoder::claim)): the input ends before
    /// the items they need. For decoders that cannot decode the elements
    /// without keeping them (the serde format).
    #[cold]
    #[inline(never)]
    #[cfg(feature = "serde")]
    pub(crate) fn unmet_claims(&self, len: usize, per: usize, at: usize) -> Error {
        let left = self.buf.len() - self.pos;
        let needed = self.pending.saturating_add(len.saturating_mul(per));
        self.fail(ErrorKind::UnexpectedEof { needed: needed as u64, available: left }, at)
    }

    /// An element of a container claimed with [`claim`](Decoder::claim)
    /// starts (`per` as claimed).
    #[inline(always)]
    #[cfg(feature = "alloc")]
    pub(crate) fn release_claim(&mut self, per: usize) {
        self.pending = self.pending.saturating_sub(per);
    }
}
