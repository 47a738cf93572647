//! The sinks over a `Vec`'s spare capacity (feature `alloc`): the writer
//! behind `to_vec` / `append_to_vec`, and `Write` for `Vec<u8>`.

use super::{EndOfSlice, Write};

/// The writer behind [`to_vec`](crate::to_vec): it fills the spare capacity
/// of a `Vec` sized by `encoded_len`, so the buffer is neither zeroed first
/// nor checked for growth per item. Every write initializes the bytes it
/// covers before `pos` moves past them, which is what lets `to_vec` call
/// `set_len(pos)` afterwards.
pub(crate) struct SpareWriter<'a> {
    buf: &'a mut [core::mem::MaybeUninit<u8>],
    pos: usize,
}

impl<'a> SpareWriter<'a> {
    #[inline]
    fn new(buf: &'a mut [core::mem::MaybeUninit<u8>]) -> Self {
        SpareWriter { buf, pos: 0 }
    }

    /// Bytes written (and initialized) from the start of the buffer.
    #[inline]
    pub(crate) fn position(&self) -> usize {
        self.pos
    }
}

/// Runs `f` on a [`SpareWriter`] over the spare capacity of `out` and
/// extends `out` past what it wrote; on an error, `out` is unchanged.
#[inline(always)]
pub(crate) fn write_spare<E>(
    out: &mut alloc::vec::Vec<u8>,
    f: impl for<'b> FnOnce(SpareWriter<'b>) -> Result<SpareWriter<'b>, E>,
) -> Result<(), E> {
    let len = out.len();
    let written = f(SpareWriter::new(out.spare_capacity_mut()))?.position();
    // SAFETY: `f` handed back the `SpareWriter` made here over the spare
    // capacity (no other can be made, and its lifetime is `f`'s own);
    // it initializes every byte below its position before moving past it,
    // and the position never exceeds the spare capacity it was given,
    // which starts at `out.len()`.
    unsafe { out.set_len(len + written) };
    Ok(())
}

impl SpareWriter<'_> {
    /// As [`SliceWriter::item`], over uninitialized bytes.
    #[inline(always)]
    fn item<const N: usize>(&mut self) -> Result<&mut [core::mem::MaybeUninit<u8>; N], EndOfSlice> {
        if self.buf.len() - self.pos < N {
            return Err(EndOfSlice);
        }
        // SAFETY: as in `SliceWriter::item`: `pos <= buf.len()` always
        // holds, and `pos + N <= buf.len()` was checked above.
        Ok(unsafe { &mut *self.buf.as_mut_ptr().add(self.pos).cast::<[core::mem::MaybeUninit<u8>; N]>() })
    }
}

impl Write for SpareWriter<'_> {
    type Error = EndOfSlice;

    // `commit` moves the position only after all `n` bytes are written:
    // what `to_vec`'s `set_len` relies on.
    fixed_size_writes!(
        |d: &mut core::mem::MaybeUninit<u8>, b: u8| {
            d.write(b);
        },
        |w: &mut Self, n: usize| w.pos += n;
        write_marked_u8(2, u8), write_marked_u16(3, u16), write_marked_u32(5, u32), write_marked_u64(9, u64)
    );

    #[inline(always)]
    fn __window(&mut self, len: usize) -> Option<&mut [core::mem::MaybeUninit<u8>]> {
        self.buf.get_mut(self.pos..)?.get_mut(..len)
    }

    #[inline(always)]
    unsafe fn __advance(&mut self, len: usize) {
        // The caller initialized these bytes, at most the window's length
        // (`to_vec` relies on it, and `item` on `pos <= buf.len()`).
        debug_assert!(len <= self.buf.len() - self.pos);
        self.pos += len;
    }

    // Headers, numbers and pre-encoded keys: their length is a constant at
    // the call site, so the element loop unrolls into stores of the values
    // themselves (a block copy would reload them from a stack temporary).
    #[inline(always)]
    fn write_all(&mut self, data: &[u8]) -> Result<(), EndOfSlice> {
        let end = self.pos + data.len();
        match self.buf.get_mut(self.pos..end) {
            Some(dst) => {
                if data.len() <= 16 {
                    for (d, s) in dst.iter_mut().zip(data) {
                        d.write(*s);
                    }
                } else {
                    copy_uninit(dst, data);
                }
                self.pos = end;
                Ok(())
            }
            None => Err(EndOfSlice),
        }
    }

    #[inline(always)]
    fn write_parts(&mut self, head: &[u8], body: &[u8]) -> Result<(), EndOfSlice> {
        let end = self.pos + head.len() + body.len();
        match self.buf.get_mut(self.pos..end) {
            Some(dst) => {
                let (h, b) = dst.split_at_mut(head.len());
                for (d, s) in h.iter_mut().zip(head) {
                    d.write(*s);
                }
                copy_uninit(b, body);
                self.pos = end;
                Ok(())
            }
            None => Err(EndOfSlice),
        }
    }
}

/// [`copy`] into uninitialized memory (equal lengths, as the callers slice
/// them): payloads up to 32 bytes as two overlapping fixed-size blocks,
/// longer ones as one `memcpy`.
#[inline(always)]
fn copy_uninit(dst: &mut [core::mem::MaybeUninit<u8>], src: &[u8]) {
    /// Copies `N` bytes from the front of `src` to the front of `dst`.
    #[inline(always)]
    fn raw<const N: usize>(dst: &mut [core::mem::MaybeUninit<u8>], src: &[u8]) {
        if let (Some(d), Some(s)) = (dst.first_chunk_mut::<N>(), src.first_chunk::<N>()) {
            // SAFETY: `s` and `d` are distinct live borrows of exactly N
            // elements each, and `MaybeUninit<u8>` has the layout of `u8`:
            // writing N initialized bytes into `d` is valid.
            unsafe { core::ptr::copy_nonoverlapping(s.as_ptr(), d.as_mut_ptr().cast::<u8>(), N) };
        }
    }
    let n = src.len();
    if n != dst.len() {
        return; // unreachable: every caller passes equal lengths
    }
    if n > 32 {
        // SAFETY: `dst` and `src` are distinct live borrows of `n` elements
        // each (checked above), `MaybeUninit<u8>` has the layout of `u8`.
        unsafe { core::ptr::copy_nonoverlapping(src.as_ptr(), dst.as_mut_ptr().cast::<u8>(), n) };
    } else if n >= 16 {
        raw::<16>(dst, src);
        raw::<16>(&mut dst[n - 16..], &src[n - 16..]);
    } else if n >= 8 {
        raw::<8>(dst, src);
        raw::<8>(&mut dst[n - 8..], &src[n - 8..]);
    } else if n >= 4 {
        raw::<4>(dst, src);
        raw::<4>(&mut dst[n - 4..], &src[n - 4..]);
    } else {
        for (d, s) in dst.iter_mut().zip(src) {
            d.write(*s);
        }
    }
}

impl Write for alloc::vec::Vec<u8> {
    type Error = core::convert::Infallible;

    #[inline(always)]
    fn write_all(&mut self, buf: &[u8]) -> Result<(), Self::Error> {
        self.extend_from_slice(buf);
        Ok(())
    }

    #[inline(always)]
    fn write_parts(&mut self, head: &[u8], body: &[u8]) -> Result<(), Self::Error> {
        self.reserve(head.len() + body.len());
        self.extend_from_slice(head);
        self.extend_from_slice(body);
        Ok(())
    }

    #[inline]
    fn reserve(&mut self, additional: usize) {
        alloc::vec::Vec::reserve(self, additional)
    }

    // One capacity check per item, the marker and payload stored into the
    // spare capacity, then one length update (two `extend_from_slice` calls
    // would check and update twice).
    fixed_size_writes!(
        |d: &mut core::mem::MaybeUninit<u8>, b: u8| {
            d.write(b);
        },
        |v: &mut Self, n: usize| {
            let len = v.len();
            // SAFETY: `item::<n>` reserved `n` bytes of spare capacity and
            // the caller initialized all `n` of them before this call.
            unsafe {
                v.set_len(len + n)
            }
        };
        write_marked_u8(2, u8), write_marked_u16(3, u16), write_marked_u32(5, u32), write_marked_u64(9, u64)
    );

    #[inline(always)]
    fn __window(&mut self, len: usize) -> Option<&mut [core::mem::MaybeUninit<u8>]> {
        self.reserve(len);
        self.spare_capacity_mut().get_mut(..len)
    }

    #[inline(always)]
    unsafe fn __advance(&mut self, len: usize) {
        let new_len = self.len() + len;
        // SAFETY: the caller initialized the first `len` bytes of the
        // window, the spare capacity from `self.len()` (`__advance`'s
        // contract), and `__window` made sure they are within capacity.
        unsafe { self.set_len(new_len) }
    }
}

/// Spare-capacity access for the fixed-size writes of `Vec<u8>`.
trait VecItem {
    fn item<const N: usize>(&mut self) -> Result<&mut [core::mem::MaybeUninit<u8>; N], core::convert::Infallible>;
}

impl VecItem for alloc::vec::Vec<u8> {
    /// The first `N` bytes of the spare capacity, reserved first.
    #[inline(always)]
    fn item<const N: usize>(&mut self) -> Result<&mut [core::mem::MaybeUninit<u8>; N], core::convert::Infallible> {
        self.reserve(N);
        match self.spare_capacity_mut().first_chunk_mut::<N>() {
            Some(dst) => Ok(dst),
            None => unreachable_after_reserve(),
        }
    }
}

/// `reserve(N)` guarantees `N` bytes of spare capacity (or aborts), so this
/// is never called; kept out of line so the hot path stays small.
#[cold]
#[inline(never)]
fn unreachable_after_reserve() -> ! {
    panic!("Vec::reserve left less spare capacity than requested")
}
