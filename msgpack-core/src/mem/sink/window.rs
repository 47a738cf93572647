//! The window of a bounded encoding (see [`bounded`](crate::encode::bounded)):
//! the [`Bounded`] sink over `M` bytes, and the two ways its bytes reach a
//! sink, in place ([`in_window`]) or copied from the stack
//! ([`through_stack`]). Only these make a `Bounded`, and each takes back
//! the one it made: what lets them trust its position.

use core::mem::MaybeUninit;

use super::{EndOfSlice, Write};
use crate::encode::Error;

/// Bytes of slack after a window's span, at least the largest fixed-size
/// item (9 bytes): what lets a masked offset index the window unchecked.
pub(crate) const SLACK: usize = 16;

/// A sink over a window of `M` bytes (see the module docs), written from
/// the start. Only the derive's generated code and the core's sinks use it.
#[derive(Debug)]
pub(crate) struct Bounded<'a, const M: usize> {
    buf: &'a mut [MaybeUninit<u8>; M],
    pos: usize,
}

impl<'a, const M: usize> Bounded<'a, M> {
    /// A window over `buf`, nothing written.
    #[inline(always)]
    fn new(buf: &'a mut [MaybeUninit<u8>; M]) -> Self {
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

/// A window that overflowed: the type's bound was wrong (a hand-written
/// `MAX_LEN`); reported, never written past.
#[cold]
#[inline(never)]
pub(crate) fn bound_error<E>() -> Error<E> {
    Error::Custom("an encoding longer than its type's declared bound (MAX_LEN)")
}

/// Runs `f` on a [`Bounded`] window of `M` bytes of `w`'s own buffer and
/// moves `w` past what it wrote; `None` (nothing done) when `w` has no such
/// window (no buffer of its own, or near the end).
#[inline(always)]
pub(crate) fn in_window<W: Write + ?Sized, const M: usize>(
    w: &mut W,
    f: impl for<'b> FnOnce(Bounded<'b, M>) -> Result<Bounded<'b, M>, Error<W::Error>>,
) -> Option<Result<(), Error<W::Error>>> {
    let window = w.__window(M).and_then(<[_]>::first_chunk_mut::<M>)?;
    let n = match f(Bounded::new(window)).and_then(|b| b.written()) {
        Ok(n) => n,
        Err(e) => return Some(Err(e)),
    };
    // SAFETY: `f` handed back the `Bounded` made here over the window
    // (no other can be made, and its lifetime is `f`'s own), which
    // initialized every byte below its position `n` (its `written` is at
    // most `M`, the window's length); nothing was written to the sink
    // since `__window`, which the window borrowed.
    unsafe { w.__advance(n) };
    Some(Ok(()))
}

/// Runs `f` on a [`Bounded`] window of `M` bytes on the stack, then writes
/// what it wrote to `w` with one `write_all`: the path of a sink without a
/// window of its own (or without room).
#[inline(always)]
pub(crate) fn through_stack<W: Write + ?Sized, const M: usize>(
    w: &mut W,
    f: impl for<'b> FnOnce(Bounded<'b, M>) -> Result<Bounded<'b, M>, Error<W::Error>>,
) -> Result<(), Error<W::Error>> {
    let mut tmp = [MaybeUninit::<u8>::uninit(); M];
    let b = f(Bounded::new(&mut tmp))?;
    let n = b.written()?;
    let written = &b.buf[..n];
    // SAFETY: a `Bounded` initializes every byte below its position before
    // moving past it, so the first `n` bytes of its buffer are initialized;
    // `MaybeUninit<u8>` has the layout of `u8`.
    let written = unsafe { &*(written as *const [MaybeUninit<u8>] as *const [u8]) };
    w.write_all(written).map_err(Error::Write)
}

/// Copies `pattern` into `window` (equal lengths) and gives the window
/// back as initialized bytes: a template ready for its payload (see
/// [`layout`](crate::layout)). A shorter pattern leaves the window empty.
#[inline(always)]
pub(crate) fn fill<'a>(window: &'a mut [MaybeUninit<u8>], pattern: &[u8]) -> &'a mut [u8] {
    let n = pattern.len();
    let Some(window) = window.get_mut(..n) else { return &mut [] };
    // SAFETY: `window` and `pattern` are distinct live borrows of `n`
    // elements each; `MaybeUninit<u8>` has the layout of `u8`. After the
    // copy all `n` bytes are initialized, so viewing them as `[u8]` is
    // valid, and the exclusive borrow of `window` moves into the result.
    unsafe {
        core::ptr::copy_nonoverlapping(pattern.as_ptr(), window.as_mut_ptr().cast::<u8>(), n);
        &mut *(window as *mut [MaybeUninit<u8>] as *mut [u8])
    }
}

/// Writes a template of `n` bytes in place: `write` stores it in the next
/// `n` initialized bytes of `w`'s buffer, then `w` moves past them. `false`
/// (nothing done) when `w` has no such bytes (see
/// [`__window_init`](Write::__window_init)).
#[inline(always)]
pub(crate) fn write_window_init<W: Write + ?Sized>(w: &mut W, n: usize, write: impl FnOnce(&mut [u8])) -> bool {
    let Some(out) = w.__window_init(n) else { return false };
    write(out);
    // SAFETY: the window was initialized bytes of the sink's buffer
    // (`__window_init`); nothing was written to the sink since.
    unsafe { w.__advance(n) };
    true
}

/// Writes a template in place: the next `pattern.len()` bytes of `w`'s
/// buffer are filled with `pattern` (see [`fill`]), `write` stores the
/// payload, then `w` moves past them. `false` (nothing done) when `w` has
/// no such window (see [`__window`](Write::__window)).
#[inline(always)]
pub(crate) fn write_window_filled<W: Write + ?Sized>(w: &mut W, pattern: &[u8], write: impl FnOnce(&mut [u8])) -> bool {
    let n = pattern.len();
    let Some(window) = w.__window(n) else { return false };
    // Initialized first: `write` is trusted with the bytes, not with
    // covering every one of them.
    write(fill(window, pattern));
    // SAFETY: `fill` initialized the whole window (`n` bytes); nothing was
    // written to the sink since `__window`.
    unsafe { w.__advance(n) };
    true
}

/// Writes the templates of `items` back to back in place: each of the next
/// `items.len()` runs of `pattern.len()` bytes of `w`'s buffer is filled
/// with `pattern` (see [`fill`]) and `write` stores its item's payload, then
/// `w` moves past them all. `false` (nothing done) when `w` has no such
/// window or `pattern` is empty.
#[inline(always)]
pub(crate) fn write_window_filled_each<W: Write + ?Sized, T>(
    w: &mut W,
    pattern: &[u8],
    items: &[T],
    mut write: impl FnMut(&T, &mut [u8]),
) -> bool {
    let n = pattern.len();
    let Some(total) = n.checked_mul(items.len()) else { return false };
    if n == 0 {
        return false;
    }
    let Some(window) = w.__window(total) else { return false };
    for (item, chunk) in items.iter().zip(window.chunks_exact_mut(n)) {
        write(item, fill(chunk, pattern));
    }
    // SAFETY: the window is `total` bytes (a `__window` of that length),
    // `chunks_exact_mut(n)` covers all of it, one chunk per item, and
    // `fill` initialized every chunk (`pattern` is `n` bytes); nothing was
    // written since `__window`.
    unsafe { w.__advance(total) };
    true
}
