//! `Decoder`: array and map headers, limits, the allocation budget and
//! the depth count.

use super::{Decoder, Result};
use crate::decode::{Error, ErrorKind, Limit};
use crate::marker as m;

impl<'de> Decoder<'de> {
    // ---- containers ----------------------------------------------------------

    /// Parses an array or map header: the count and whether it is a map.
    #[inline]
    pub(super) fn container_header(&mut self, at: usize, expected: &'static str) -> Result<(usize, bool)> {
        let b = self.byte()?;
        Ok(match b {
            0x90..=0x9f => ((b & 0x0f) as usize, false),
            0x80..=0x8f => ((b & 0x0f) as usize, true),
            m::ARRAY16 => (self.be_u16()? as usize, false),
            m::ARRAY32 => (self.be_u32()? as usize, false),
            m::MAP16 => (self.be_u16()? as usize, true),
            m::MAP32 => (self.be_u32()? as usize, true),
            _ => return Err(self.type_error(expected, at)),
        })
    }

    /// Reads an array (`want_map == false`) or map header and checks the
    /// count against the remaining input.
    #[inline(never)]
    pub(super) fn header_len(&mut self, at: usize, want_map: bool) -> Result<usize> {
        let expected = if want_map { "map" } else { "array" };
        let (len, is_map) = self.container_header(at, expected)?;
        if is_map != want_map {
            return Err(self.type_error(expected, at));
        }
        self.check_len(Limit::ContainerLen, len, self.opts.max_container_len, at)?;
        self.container_at = at;
        let needed = len as u64 * if is_map { 2 } else { 1 };
        if needed > (self.buf.len() - self.pos) as u64 {
            return Err(self.eof(needed));
        }
        Ok(len)
    }

    /// Reads an array header: the number of elements that follow.
    ///
    /// The count is checked against the input (each element takes at least
    /// one byte), so it can size an allocation safely. Call
    /// [`enter`](Decoder::enter) before decoding nested elements.
    ///
    /// ```
    /// assert_eq!(msgpack_core::Decoder::new(&[0x92, 1, 2]).array_len()?, 2);
    /// assert!(msgpack_core::Decoder::new(&[0xdd, 0xff, 0xff, 0xff, 0xff]).array_len().is_err());
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline]
    pub fn array_len(&mut self) -> Result<usize> {
        let at = self.pos;
        if let Some(&b) = self.buf.get(at)
            && b & 0xf0 == 0x90
        {
            let len = (b & 0x0f) as usize;
            if len < self.buf.len() - at && len as u32 <= self.opts.max_container_len {
                self.container_at = at;
                self.pos += 1;
                return Ok(len);
            }
        }
        self.header_len(at, false)
    }

    /// A `fixarray` header that passes the checks of
    /// [`array_len`](Decoder::array_len), consumed, with its length; any
    /// other input is left alone. Not public API: the serde format's
    /// inlined path of sequences, tuples and structs.
    #[inline(always)]
    #[cfg(feature = "serde")]
    pub(crate) fn fixarray(&mut self) -> Option<usize> {
        let at = self.pos;
        match self.buf.get(at) {
            Some(&b) if b & 0xf0 == 0x90 => {
                let len = (b & 0x0f) as usize;
                if len < self.buf.len() - at && len as u32 <= self.opts.max_container_len {
                    self.container_at = at;
                    self.pos += 1;
                    Some(len)
                } else {
                    None
                }
            }
            _ => None,
        }
    }

    /// The fast path of a derived array-form struct: consumes a `fixarray`
    /// header of exactly `n` elements (`n < 16`) that passes the checks of
    /// [`array_len`](Decoder::array_len), and says whether it did; any other
    /// input is left for the full decode.
    #[inline(always)]
    pub(crate) fn fixarray_exact(&mut self, n: u8) -> bool {
        let at = self.pos;
        if self.buf.get(at) == Some(&(0x90 | n))
            && (n as usize) < self.buf.len() - at
            && u32::from(n) <= self.opts.max_container_len
        {
            self.container_at = at;
            self.pos += 1;
            true
        } else {
            false
        }
    }

    /// The fast path of a derived array-form or tuple struct: consumes an
    /// array header of exactly `n` elements in its smallest form that
    /// passes the checks of [`array_len`](Decoder::array_len), and says
    /// whether it did; any other input is left for the full decode.
    #[inline(always)]
    pub(crate) fn array_exact(&mut self, n: usize) -> bool {
        if n < 16 {
            return self.fixarray_exact(n as u8);
        }
        let at = self.pos;
        let left = self.buf.len() - at;
        let header = if n <= 0xffff { 3 } else { 5 };
        let ok = match self.buf.get(at..at.saturating_add(header)) {
            Some([m::ARRAY16, a, b]) => n <= 0xffff && usize::from(u16::from_be_bytes([*a, *b])) == n,
            Some([m::ARRAY32, a, b, c, e]) => n > 0xffff && u32::from_be_bytes([*a, *b, *c, *e]) as usize == n,
            _ => false,
        };
        if ok && n <= left - header && n as u64 <= u64::from(self.opts.max_container_len) {
            self.container_at = at;
            self.pos += header;
            true
        } else {
            false
        }
    }

    /// The fast path of a derived map-form struct: consumes a `fixmap`
    /// header that passes the checks of [`map_len`](Decoder::map_len) and
    /// returns its length and offset; any other input is left alone.
    #[inline(always)]
    pub(crate) fn fixmap(&mut self) -> Option<(usize, usize)> {
        let at = self.pos;
        match self.buf.get(at) {
            Some(&b) if b & 0xf0 == 0x80 => {
                let len = (b & 0x0f) as usize;
                if 2 * len < self.buf.len() - at && len as u32 <= self.opts.max_container_len {
                    self.container_at = at;
                    self.pos += 1;
                    Some((len, at))
                } else {
                    None
                }
            }
            _ => None,
        }
    }

    /// Reads a map header: the number of key/value pairs that follow
    /// (checked against the input: each pair takes at least two bytes).
    ///
    /// ```
    /// assert_eq!(msgpack_core::Decoder::new(&[0x81, 1, 2]).map_len()?, 1);
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline]
    pub fn map_len(&mut self) -> Result<usize> {
        let at = self.pos;
        if let Some(&b) = self.buf.get(at)
            && b & 0xf0 == 0x80
        {
            let len = (b & 0x0f) as usize;
            if 2 * len < self.buf.len() - at && len as u32 <= self.opts.max_container_len {
                self.container_at = at;
                self.pos += 1;
                return Ok(len);
            }
        }
        self.header_len(at, true)
    }

    /// Fails with [`ErrorKind::LimitExceeded`] if `len` is above `max`.
    #[inline(always)]
    pub(super) fn check_len(&self, limit: Limit, len: usize, max: u32, at: usize) -> Result<()> {
        if len as u64 > u64::from(max) { Err(self.limit_error(limit, len as u64, u64::from(max), at)) } else { Ok(()) }
    }

    #[cold]
    #[inline(never)]
    pub(super) fn limit_error(&self, limit: Limit, value: u64, max: u64, at: usize) -> Error {
        self.fail(ErrorKind::LimitExceeded { limit, value, max }, at)
    }

    /// Takes `bytes` from the allocation budget
    /// ([`DecodeOptions::max_alloc`](crate::DecodeOptions::max_alloc)) before an impl allocates them; `at` is
    /// the offset of the item being decoded, for the error.
    ///
    /// Every impl of this crate that allocates calls it; a hand-written
    /// [`Decode`](crate::Decode) impl that allocates should too.
    ///
    /// ```
    /// use msgpack_core::{Decoder, DecodeOptions};
    /// let mut d = Decoder::with_options(&[], DecodeOptions::new().max_alloc(100));
    /// d.charge(60, 0)?;
    /// assert!(d.charge(60, 0).is_err());
    /// assert_eq!(d.budget_left(), 40);
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline]
    pub fn charge(&mut self, bytes: usize, at: usize) -> Result<()> {
        match self.budget.checked_sub(bytes) {
            Some(left) => {
                self.budget = left;
                Ok(())
            }
            None => Err(self.limit_error(Limit::Alloc, bytes as u64, self.budget as u64, at)),
        }
    }

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

    /// What is left of the allocation budget.
    ///
    /// ```
    /// let d = msgpack_core::Decoder::new(&[]);
    /// assert_eq!(d.budget_left(), usize::MAX);
    /// ```
    #[inline]
    pub fn budget_left(&self) -> usize {
        self.budget
    }

    /// Charges `len` elements of `T` ([`charge`](Decoder::charge)), for a
    /// sequence or map whose header was read at `at`.
    #[inline]
    pub fn charge_elements<T>(&mut self, len: usize, at: usize) -> Result<()> {
        self.charge(len.saturating_mul(core::mem::size_of::<T>()), at)
    }

    /// Enters one level of array or map nesting, failing beyond
    /// [`DecodeOptions::max_depth`](crate::DecodeOptions::max_depth). Pair with [`leave`](Decoder::leave).
    ///
    /// Every impl that decodes the elements of a container calls it, so
    /// recursion is bounded whatever the input.
    ///
    /// ```
    /// use msgpack_core::{Decoder, DecodeOptions};
    /// let mut d = Decoder::with_options(&[], DecodeOptions::new().max_depth(1));
    /// d.enter()?;
    /// assert!(d.enter().is_err());
    /// d.leave();
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline]
    pub fn enter(&mut self) -> Result<()> {
        if self.depth >= self.opts.max_depth {
            return Err(self.depth_error());
        }
        self.depth += 1;
        Ok(())
    }

    #[cold]
    #[inline(never)]
    pub(super) fn depth_error(&self) -> Error {
        self.fail(ErrorKind::DepthLimitExceeded { limit: self.opts.max_depth }, self.container_at)
    }

    /// Leaves a level entered with [`enter`](Decoder::enter).
    ///
    /// ```
    /// let mut d = msgpack_core::Decoder::new(&[]);
    /// d.enter()?;
    /// d.leave();
    /// assert_eq!(d.depth(), 0);
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline]
    pub fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    /// The current nesting depth.
    ///
    /// ```
    /// assert_eq!(msgpack_core::Decoder::new(&[]).depth(), 0);
    /// ```
    #[inline]
    pub fn depth(&self) -> u32 {
        self.depth
    }
}
