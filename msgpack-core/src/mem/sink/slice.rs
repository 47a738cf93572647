//! [`SliceWriter`]: the sink over a `&mut [u8]`, whose room for an item is
//! checked with one comparison.

use core::mem::MaybeUninit;

use super::{EndOfSlice, Write};

/// A cursor over a mutable byte slice.
///
/// A write that does not fit fails with [`EndOfSlice`] and writes nothing of
/// that piece; bytes written by earlier calls stay in the buffer, and
/// [`position`](SliceWriter::position) counts them. Nothing is ever written
/// past the end of the slice.
///
/// ```
/// use msgpack_core::encode::{SliceWriter, Write};
///
/// let mut buf = [0u8; 4];
/// let mut w = SliceWriter::new(&mut buf);
/// w.write_all(&[1, 2, 3])?;
/// assert!(w.write_all(&[4, 5]).is_err());
/// assert_eq!(w.position(), 3);
/// assert_eq!(w.written(), &[1, 2, 3]);
/// # Ok::<(), msgpack_core::encode::EndOfSlice>(())
/// ```
#[derive(Debug)]
pub struct SliceWriter<'a> {
    buf: &'a mut [u8],
    pos: usize,
}

impl<'a> SliceWriter<'a> {
    /// A cursor at the start of `buf`.
    ///
    /// ```
    /// let mut buf = [0u8; 8];
    /// let w = msgpack_core::encode::SliceWriter::new(&mut buf);
    /// assert_eq!(w.remaining(), 8);
    /// ```
    #[inline]
    pub fn new(buf: &'a mut [u8]) -> Self {
        SliceWriter { buf, pos: 0 }
    }

    /// Bytes written so far.
    ///
    /// ```
    /// let mut buf = [0u8; 8];
    /// let w = msgpack_core::encode::SliceWriter::new(&mut buf);
    /// assert_eq!(w.position(), 0);
    /// ```
    #[inline]
    pub fn position(&self) -> usize {
        self.pos
    }

    /// Room left.
    ///
    /// ```
    /// use msgpack_core::encode::Write;
    /// let mut buf = [0u8; 8];
    /// let mut w = msgpack_core::encode::SliceWriter::new(&mut buf);
    /// w.write_all(b"abc").unwrap();
    /// assert_eq!(w.remaining(), 5);
    /// ```
    #[inline]
    pub fn remaining(&self) -> usize {
        self.buf.len() - self.pos
    }

    /// The bytes written so far.
    ///
    /// ```
    /// use msgpack_core::encode::Write;
    /// let mut buf = [0u8; 8];
    /// let mut w = msgpack_core::encode::SliceWriter::new(&mut buf);
    /// w.write_all(b"ab").unwrap();
    /// assert_eq!(w.written(), b"ab");
    /// ```
    #[inline]
    pub fn written(&self) -> &[u8] {
        &self.buf[..self.pos]
    }

    /// Gives back the written part of the buffer, with the original lifetime.
    ///
    /// ```
    /// use msgpack_core::encode::Write;
    /// let mut buf = [0u8; 8];
    /// let mut w = msgpack_core::encode::SliceWriter::new(&mut buf);
    /// w.write_all(b"ab").unwrap();
    /// let out: &mut [u8] = w.into_written();
    /// assert_eq!(out, b"ab");
    /// ```
    #[inline]
    pub fn into_written(self) -> &'a mut [u8] {
        &mut self.buf[..self.pos]
    }
}

impl SliceWriter<'_> {
    /// The next `N` bytes of the buffer (the caller moves `pos` past them);
    /// `EndOfSlice` when fewer are left.
    #[inline(always)]
    fn item<const N: usize>(&mut self) -> Result<&mut [u8; N], EndOfSlice> {
        // One comparison per item: `pos <= buf.len()` always holds (every
        // method moves `pos` only past bytes it checked), so the subtraction
        // cannot wrap, and a safe `get_mut(pos..)` would check it again.
        if self.buf.len() - self.pos < N {
            return Err(EndOfSlice);
        }
        // SAFETY: `pos + N <= buf.len()` (checked above), so the `N` bytes
        // from `pos` are inside the buffer, and `&mut self` borrows it
        // exclusively for the lifetime of the returned reference.
        Ok(unsafe { &mut *self.buf.as_mut_ptr().add(self.pos).cast::<[u8; N]>() })
    }
}

impl Write for SliceWriter<'_> {
    type Error = EndOfSlice;

    fixed_size_writes!(
        |d: &mut u8, b: u8| *d = b, |w: &mut Self, n: usize| w.pos += n;
        write_marked_u8(2, u8), write_marked_u16(3, u16), write_marked_u32(5, u32), write_marked_u64(9, u64)
    );

    #[inline(always)]
    fn __window(&mut self, len: usize) -> Option<&mut [MaybeUninit<u8>]> {
        let dst = self.__window_init(len)?;
        // SAFETY: `[MaybeUninit<u8>]` has the layout of `[u8]`, and every
        // write through a window stores initialized bytes, so the buffer
        // stays initialized; the borrow is exclusive (`&mut self`).
        Some(unsafe { &mut *(dst as *mut [u8] as *mut [MaybeUninit<u8>]) })
    }

    #[inline(always)]
    fn __window_init(&mut self, len: usize) -> Option<&mut [u8]> {
        // One comparison, as `item`: `pos <= buf.len()` always holds.
        if self.buf.len() - self.pos < len {
            return None;
        }
        // SAFETY: `pos + len <= buf.len()` (checked above), so the `len`
        // bytes from `pos` are inside the buffer, and `&mut self` borrows
        // it exclusively for the lifetime of the returned slice.
        Some(unsafe { core::slice::from_raw_parts_mut(self.buf.as_mut_ptr().add(self.pos), len) })
    }

    #[inline(always)]
    unsafe fn __advance(&mut self, len: usize) {
        // Within the buffer (the caller's promise): `len` is at most the
        // window's length, which was at most the room left; `item` relies
        // on `pos <= buf.len()`.
        debug_assert!(len <= self.buf.len() - self.pos);
        self.pos += len;
    }

    #[inline(always)]
    fn write_all(&mut self, data: &[u8]) -> Result<(), EndOfSlice> {
        let end = self.pos + data.len();
        match self.buf.get_mut(self.pos..end) {
            Some(dst) => {
                copy(dst, data);
                self.pos = end;
                Ok(())
            }
            None => Err(EndOfSlice),
        }
    }

    #[inline(always)]
    fn write_parts(&mut self, head: &[u8], body: &[u8]) -> Result<(), EndOfSlice> {
        let mid = self.pos + head.len();
        let end = mid + body.len();
        match self.buf.get_mut(self.pos..end) {
            Some(dst) => {
                let (h, b) = dst.split_at_mut(head.len());
                copy(h, head);
                copy(b, body);
                self.pos = end;
                Ok(())
            }
            None => Err(EndOfSlice),
        }
    }
}

/// `dst.copy_from_slice(src)` (equal lengths) without a `memcpy` call for
/// the short payloads MessagePack is full of (keys, names, small strings):
/// up to 32 bytes are moved as two overlapping fixed-size blocks, which
/// compile to a few register loads and stores.
#[inline(always)]
fn copy(dst: &mut [u8], src: &[u8]) {
    let n = src.len();
    if n > 32 || n != dst.len() {
        dst.copy_from_slice(src);
    } else if n >= 16 {
        dst[..16].copy_from_slice(&src[..16]);
        dst[n - 16..].copy_from_slice(&src[n - 16..]);
    } else if n >= 8 {
        dst[..8].copy_from_slice(&src[..8]);
        dst[n - 8..].copy_from_slice(&src[n - 8..]);
    } else if n >= 4 {
        dst[..4].copy_from_slice(&src[..4]);
        dst[n - 4..].copy_from_slice(&src[n - 4..]);
    } else {
        for (d, s) in dst.iter_mut().zip(src) {
            *d = *s;
        }
    }
}
