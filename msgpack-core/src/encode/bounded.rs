//! Encoding of a value whose encoding has a known upper bound, into a
//! fixed-size window of the sink.
//!
//! Every item written into a [`Bounded`] window is bounds-checked against
//! the window's constant size `M`, starting at offset 0. For a value made of
//! fixed-size items (a struct of numbers) the offsets are constants, so the
//! optimiser folds every one of those checks away: the sink checks its room
//! once per value (`M` bytes) instead of once per item. The window is only a
//! speed-up: a bound that is too small gives an error, never a write out of
//! the window.
//!
//! Here too, the arithmetic of the bounds themselves
//! ([`Encode::MAX_LEN`](crate::Encode::MAX_LEN), which the window's size is
//! computed from): [`max_len_sum`] and its kin.

use super::{Encoder, EndOfSlice, Error, Write};
use crate::mem::{Bounded, SLACK, bound_error, in_window, through_stack};

/// Values with an encoding bound above this many bytes are encoded item by
/// item (the fallback path of a sink copies a window of this size through
/// the stack).
pub const BOUNDED_LIMIT: usize = 256;

/// The window for a bound of `max` bytes: its span (`max` rounded up to a
/// power of two, so that offsets can be masked into it) plus the window slack;
/// clamped at [`BOUNDED_LIMIT`], so that it is always a valid size for the
/// type system whether or not the bounded path is taken.
pub const fn window(max: usize) -> usize {
    let max = if max < BOUNDED_LIMIT { max } else { BOUNDED_LIMIT };
    max.next_power_of_two() + SLACK
}

/// The sum of encoding bounds ([`Encode::MAX_LEN`](crate::Encode::MAX_LEN)),
/// saturating at `usize::MAX` (no bound).
pub const fn max_len_sum(parts: &[usize]) -> usize {
    let mut total = 0usize;
    let mut i = 0;
    while i < parts.len() {
        total = total.saturating_add(parts[i]);
        i += 1;
    }
    total
}

/// `count` copies of an element bound, saturating.
pub(crate) const fn max_len_times(count: usize, each: usize) -> usize {
    count.saturating_mul(each)
}

/// The larger of two bounds.
pub(crate) const fn max_len_max(a: usize, b: usize) -> usize {
    if a > b { a } else { b }
}

/// A value's items, written with their header: the code behind a derived
/// struct's `Encode::encode`, generic over the sink so that it can run
/// either in a bounded window of the sink or item by item. Passed to the
/// window as a value, not a closure, so that it is inlined into the window
/// (and the window's position stays in a register).
pub(crate) trait WriteItems {
    /// Writes the value.
    fn write_items<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), Error<W::Error>>;
}

// The entry point of a bounded encoding: here, beside the window it
// writes into, so that the encoder does not depend on it.
impl<W: Write> Encoder<W> {
    /// Encodes `value` in a window of `M` bytes of the sink (see
    /// [`bounded`](self)): the derive's encoding of a struct with a small
    /// bound.
    #[inline(always)]
    pub(crate) fn bounded<const M: usize, T: WriteItems + ?Sized>(&mut self, value: &T) -> Result<(), Error<W::Error>> {
        // Nested in another bounded value: its bound counts this one, so
        // write in place (a window of its own would go through the stack).
        if self.w.__in_window() {
            return value.write_items(self);
        }
        match in_window::<_, M>(&mut self.w, |b| encode_items(value, b)) {
            Some(r) => r,
            // No buffer of its own, or near the end: the whole value or
            // nothing of it.
            None => through_stack::<_, M>(&mut self.w, |b| encode_items(value, b)),
        }
    }
}

/// Maps the window's errors to the sink's.
#[inline(always)]
pub(crate) fn from_window<E>(e: Error<EndOfSlice>) -> Error<E> {
    match e {
        Error::Write(EndOfSlice) => bound_error(),
        Error::Unrepresentable(what) => Error::Unrepresentable(what),
        Error::Custom(what) => Error::Custom(what),
    }
}

/// Writes `value` into the window `b`, which it hands back (for
/// [`in_window`] and [`through_stack`], which take what it wrote).
#[inline(always)]
fn encode_items<'b, const M: usize, T: WriteItems + ?Sized, E>(
    value: &T,
    b: Bounded<'b, M>,
) -> Result<Bounded<'b, M>, Error<E>> {
    let mut e = Encoder::new(b);
    value.write_items(&mut e).map_err(from_window)?;
    Ok(e.into_writer())
}
