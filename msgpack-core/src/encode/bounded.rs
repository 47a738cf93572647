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

use core::mem::MaybeUninit;

use super::{Encoder, EndOfSlice, Error, Write};

/// Values with an encoding bound above this many bytes are encoded item by
/// item (the fallback path of a sink copies a window of this size through
/// the stack).
#[doc(hidden)]
pub const BOUNDED_LIMIT: usize = 256;

/// Bytes of slack after a window's span, at least the largest fixed-size
/// item (9 bytes): what lets a masked offset index the window unchecked.
const SLACK: usize = 16;

/// The window for a bound of `max` bytes: its span (`max` rounded up to a
/// power of two, so that offsets can be masked into it) plus [`SLACK`];
/// clamped at [`BOUNDED_LIMIT`], so that it is always a valid size for the
/// type system whether or not the bounded path is taken.
#[doc(hidden)]
pub const fn window(max: usize) -> usize {
    let max = if max < BOUNDED_LIMIT { max } else { BOUNDED_LIMIT };
    max.next_power_of_two() + SLACK
}

/// The sum of encoding bounds, saturating at `usize::MAX` (no bound).
#[doc(hidden)]
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
#[doc(hidden)]
pub const fn max_len_times(count: usize, each: usize) -> usize {
    count.saturating_mul(each)
}

/// The larger of two bounds.
#[doc(hidden)]
pub const fn max_len_max(a: usize, b: usize) -> usize {
    if a > b { a } else { b }
}

/// The fields of a derived struct, written with their header: the code
/// behind `Encode::encode`, generic over the sink so that `encode` can run
/// it either in a bounded window of the sink or item by item. Passed to the
/// window as a value, not a closure, so that it is inlined into the window
/// (and the window's position stays in a register).
#[doc(hidden)]
pub trait EncodeItems {
    /// Writes the value.
    fn __encode_items<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), Error<W::Error>>;
}

/// A sink over a window of `M` bytes (see the module docs), written from
/// the start. Only the derive's generated code and the core's sinks use it.
#[doc(hidden)]
#[derive(Debug)]
pub struct Bounded<'a, const M: usize> {
    buf: &'a mut [MaybeUninit<u8>; M],
    pos: usize,
}

impl<'a, const M: usize> Bounded<'a, M> {
    /// A window over `buf`, nothing written.
    #[inline(always)]
    pub(crate) fn new(buf: &'a mut [MaybeUninit<u8>; M]) -> Self {
        Bounded { buf, pos: 0 }
    }

    /// The window's span: `M` without the slack, a power of two.
    const SPAN: usize = M - SLACK;

    /// Bytes written (and initialized) from the start of the window; an
    /// error if the writes went past the span, which only a wrong bound can
    /// cause (they then wrapped around inside the window: the bytes are
    /// garbage, but nothing was written outside it).
    #[inline(always)]
    pub(crate) fn written<E>(&self) -> Result<usize, Error<E>> {
        if self.pos <= Self::SPAN { Ok(self.pos) } else { Err(bound_error()) }
    }

    /// The next `N` bytes of the window (`N` at most [`SLACK`]), at the
    /// position masked into the span: the optimiser sees that offset plus
    /// `N` stays inside the window and drops the bounds check, so items of
    /// any length (small integers in their smallest form) cost no check.
    /// While the type's bound holds the mask changes nothing.
    #[inline(always)]
    fn item<const N: usize>(&mut self) -> Result<&mut [MaybeUninit<u8>; N], EndOfSlice> {
        let at = self.pos & (Self::SPAN - 1);
        match self.buf.get_mut(at..).and_then(|rest| rest.first_chunk_mut::<N>()) {
            Some(dst) => Ok(dst),
            None => Err(EndOfSlice),
        }
    }
}

impl<const M: usize> Write for Bounded<'_, M> {
    type Error = EndOfSlice;

    #[inline(always)]
    fn write_all(&mut self, data: &[u8]) -> Result<(), EndOfSlice> {
        let end = self.pos + data.len();
        match self.buf.get_mut(self.pos..end) {
            Some(dst) => {
                for (d, s) in dst.iter_mut().zip(data) {
                    d.write(*s);
                }
                self.pos = end;
                Ok(())
            }
            None => Err(EndOfSlice),
        }
    }

    // Inside a window (a fixed-layout field of a bounded struct): at the
    // masked position, as `item` (a nested bounded struct does not ask:
    // see `__in_window`).
    #[inline(always)]
    fn __window(&mut self, len: usize) -> Option<&mut [MaybeUninit<u8>]> {
        let at = self.pos & (Self::SPAN - 1);
        self.buf.get_mut(at..)?.get_mut(..len)
    }

    #[inline(always)]
    #[allow(unsafe_code)]
    unsafe fn __advance(&mut self, len: usize) {
        self.pos += len;
    }

    #[inline(always)]
    fn __in_window(&self) -> bool {
        true
    }

    // `commit` moves the position only after all `n` bytes are written.
    fixed_size_writes!(
        |d: &mut MaybeUninit<u8>, b: u8| {
            d.write(b);
        },
        |w: &mut Self, n: usize| w.pos += n;
        write_marked_u8(2, u8), write_marked_u16(3, u16), write_marked_u32(5, u32), write_marked_u64(9, u64)
    );
}

// The entry point of a bounded encoding: here, beside the window it
// writes into, so that the encoder does not depend on it.
impl<W: Write> Encoder<W> {
    /// Encodes `value` in a window of `M` bytes of the sink (see
    /// [`bounded`](self)): the derive's encoding of a struct with
    /// a small bound.
    #[doc(hidden)]
    #[inline(always)]
    pub fn __bounded<const M: usize, T: EncodeItems + ?Sized>(&mut self, value: &T) -> Result<(), Error<W::Error>> {
        // Nested in another bounded value: its bound counts this one, so
        // write in place (a window of its own would go through the stack).
        if self.w.__in_window() {
            return value.__encode_items(self);
        }
        let Some(window) = self.w.__window(M).and_then(<[_]>::first_chunk_mut::<M>) else {
            // No buffer of its own, or near the end: the whole value or
            // nothing of it.
            return through_stack::<_, M, T>(&mut self.w, value);
        };
        let mut e = Encoder::new(Bounded::new(window));
        value.__encode_items(&mut e).map_err(from_window)?;
        let n = e.writer().written()?;
        #[allow(unsafe_code)]
        // SAFETY: `Bounded` initialized every byte of the window below its
        // position `n` (its `written` is at most `M`, the window's length),
        // and nothing was written to the sink since `__window`.
        unsafe {
            self.w.__advance(n)
        };
        Ok(())
    }
}

/// A window that overflowed: the type's bound was wrong (a hand-written
/// `__MAX_LEN`); reported, never written past.
#[cold]
#[inline(never)]
pub(crate) fn bound_error<E>() -> Error<E> {
    Error::Custom("an encoding longer than its type's declared bound (__MAX_LEN)")
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

/// The path of [`Encoder::__bounded`] for a sink without a window of its
/// own (or without room): encodes into a window on the stack, then writes
/// what it holds with one `write_all`.
#[inline(always)]
pub(crate) fn through_stack<W: Write + ?Sized, const M: usize, T: EncodeItems + ?Sized>(
    w: &mut W,
    value: &T,
) -> Result<(), Error<W::Error>> {
    let mut tmp = [MaybeUninit::<u8>::uninit(); M];
    let n = {
        let mut e = Encoder::new(Bounded::new(&mut tmp));
        value.__encode_items(&mut e).map_err(from_window)?;
        e.writer().written()?
    };
    let written = &tmp[..n];
    #[allow(unsafe_code)]
    // SAFETY: `Bounded` initializes every byte below its position before
    // moving past it, so the first `n` bytes of `tmp` are initialized;
    // `MaybeUninit<u8>` has the layout of `u8`.
    let written = unsafe { &*(written as *const [MaybeUninit<u8>] as *const [u8]) };
    w.write_all(written).map_err(Error::Write)
}
