//! Output sinks, and the crate's only `unsafe` code (`#![deny(unsafe_code)]`
//! at the crate root, allowed for this module alone): the sinks write
//! into buffers that are not initialized yet and hand out windows of
//! them, and the few primitives the other modules need are safe functions
//! here, each `unsafe` block with its `SAFETY` comment: [`write_spare`]
//! (the spare capacity of a `Vec`), [`in_window`] / [`through_stack`] (a
//! bounded encoding's window), [`write_window_init`] /
//! [`write_window_filled`] (a fixed-layout template); and two that are not
//! about sinks but are `unsafe` too, so live here: [`ascii_str`] (the
//! decoder's ASCII shortcut) and [`StaticRef`] (the pointer inside a
//! schema's [`ShapeRef`](crate::schema::ShapeRef)).

use core::fmt;
use core::mem::MaybeUninit;

#[cfg(any(feature = "bytes", feature = "std"))]
mod adapters;
#[cfg(feature = "alloc")]
mod alloc_sinks;
mod ascii;
mod static_ref;
mod window;

#[cfg(feature = "bytes")]
pub use adapters::BufMutWriter;
#[cfg(feature = "std")]
pub use adapters::IoWriter;
#[cfg(feature = "alloc")]
pub(crate) use alloc_sinks::write_spare;
pub(crate) use ascii::ascii_str;
pub(crate) use static_ref::StaticRef;
pub(crate) use window::Bounded;
pub(crate) use window::{SLACK, bound_error, in_window, through_stack};

/// A byte sink the [`Encoder`](super::Encoder) writes into.
///
/// Implementations: [`SliceWriter`] (a fixed buffer; [`EndOfSlice`] when
/// full), `Vec<u8>` (feature `alloc`; infallible), `bytes::BytesMut` and
/// `BufMutWriter` (feature `bytes`), `IoWriter` over any
/// `std::io::Write` (feature `std`), and `&mut W` for any sink `W`.
///
/// ```
/// use msgpack_core::encode::Write;
///
/// /// Counts bytes instead of storing them.
/// struct Counter(usize);
///
/// impl Write for Counter {
///     type Error = core::convert::Infallible;
///     fn write_all(&mut self, buf: &[u8]) -> Result<(), Self::Error> {
///         self.0 += buf.len();
///         Ok(())
///     }
/// }
///
/// let mut e = msgpack_core::encode::Encoder::new(Counter(0));
/// e.str("hello")?;
/// assert_eq!(e.writer().0, 6);
/// # Ok::<(), msgpack_core::encode::Error<core::convert::Infallible>>(())
/// ```
pub trait Write {
    /// The error a write can fail with (`Infallible` for growable buffers).
    type Error;

    /// Writes all of `buf`, or fails.
    fn write_all(&mut self, buf: &[u8]) -> Result<(), Self::Error>;

    /// A hint that `additional` more bytes are about to be written.
    #[inline]
    fn reserve(&mut self, additional: usize) {
        let _ = additional;
    }

    /// Writes a header and its payload (a `str` or `bin`); sinks that grow
    /// make room for both at once.
    ///
    /// ```
    /// use msgpack_core::encode::Write;
    /// let mut out = Vec::new();
    /// out.write_parts(&[0xa2], b"ok").unwrap();
    /// assert_eq!(out, [0xa2, b'o', b'k']);
    /// ```
    #[inline]
    fn write_parts(&mut self, head: &[u8], body: &[u8]) -> Result<(), Self::Error> {
        self.write_all(head)?;
        self.write_all(body)
    }

    /// Writes one byte (a fixint, `nil`, a bool, a small header).
    ///
    /// This method and the four `write_marked_*` ones are the fixed-size
    /// items the encoder writes for every number and header. A sink that
    /// overrides them stores the marker and the payload straight into its
    /// buffer (one byte store and one word store, one bounds check) instead
    /// of copying the item out of a temporary; the defaults go through
    /// [`write_all`](Write::write_all), which is always correct.
    ///
    /// ```
    /// use msgpack_core::encode::Write;
    /// let mut out = Vec::new();
    /// out.write_byte(0xc0).unwrap();
    /// assert_eq!(out, [0xc0]);
    /// ```
    #[inline]
    fn write_byte(&mut self, byte: u8) -> Result<(), Self::Error> {
        self.write_all(&[byte])
    }

    /// Writes a marker and a one-byte payload.
    ///
    /// ```
    /// use msgpack_core::encode::Write;
    /// let mut out = Vec::new();
    /// out.write_marked_u8(0xcc, 200).unwrap();
    /// assert_eq!(out, [0xcc, 200]);
    /// ```
    #[inline]
    fn write_marked_u8(&mut self, marker: u8, v: u8) -> Result<(), Self::Error> {
        self.write_all(&[marker, v])
    }

    /// Writes a marker and a big-endian `u16`.
    ///
    /// ```
    /// use msgpack_core::encode::Write;
    /// let mut out = Vec::new();
    /// out.write_marked_u16(0xcd, 300).unwrap();
    /// assert_eq!(out, [0xcd, 0x01, 0x2c]);
    /// ```
    #[inline]
    fn write_marked_u16(&mut self, marker: u8, v: u16) -> Result<(), Self::Error> {
        let b = v.to_be_bytes();
        self.write_all(&[marker, b[0], b[1]])
    }

    /// Writes a marker and a big-endian `u32` (also `float 32` bits).
    ///
    /// ```
    /// use msgpack_core::encode::Write;
    /// let mut out = Vec::new();
    /// out.write_marked_u32(0xca, 1.0f32.to_bits()).unwrap();
    /// assert_eq!(out, [0xca, 0x3f, 0x80, 0, 0]);
    /// ```
    #[inline]
    fn write_marked_u32(&mut self, marker: u8, v: u32) -> Result<(), Self::Error> {
        let b = v.to_be_bytes();
        self.write_all(&[marker, b[0], b[1], b[2], b[3]])
    }

    /// Writes a marker and a big-endian `u64` (also `float 64` bits).
    ///
    /// ```
    /// use msgpack_core::encode::Write;
    /// let mut out = Vec::new();
    /// out.write_marked_u64(0xcf, 1 << 40).unwrap();
    /// assert_eq!(out, [0xcf, 0, 0, 1, 0, 0, 0, 0, 0]);
    /// ```
    #[inline]
    fn write_marked_u64(&mut self, marker: u8, v: u64) -> Result<(), Self::Error> {
        let b = v.to_be_bytes();
        self.write_all(&[marker, b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]])
    }

    /// The next `len` bytes of the sink's buffer, to be written in place
    /// (a value's template, a bounded window), or `None` when the sink has
    /// no buffer of its own or no room: the caller then writes through
    /// [`write_all`](Write::write_all). Not public API: the core's sinks
    /// hand out their buffer, for the derive's generated code.
    #[doc(hidden)]
    #[inline(always)]
    fn __window(&mut self, len: usize) -> Option<&mut [MaybeUninit<u8>]> {
        let _ = len;
        None
    }

    /// [`__window`](Write::__window) of a sink whose buffer is initialized
    /// (a slice): the next `len` bytes to overwrite in place, or `None`.
    #[doc(hidden)]
    #[inline(always)]
    fn __window_init(&mut self, len: usize) -> Option<&mut [u8]> {
        let _ = len;
        None
    }

    /// Moves the write position past `len` bytes of the last
    /// [`__window`](Write::__window) or [`__window_init`](Write::__window_init).
    ///
    /// # Safety
    ///
    /// The caller has initialized the first `len` bytes of the window the
    /// last `__window` call returned, and nothing was written to the sink
    /// since.
    #[doc(hidden)]
    #[inline(always)]
    unsafe fn __advance(&mut self, len: usize) {
        let _ = len;
    }

    /// Whether this sink is itself a bounded window (see
    /// [`bounded`]): a struct with a small bound nested in one is encoded
    /// in place, its bytes counted in the enclosing bound.
    #[doc(hidden)]
    #[inline(always)]
    fn __in_window(&self) -> bool {
        false
    }
}

impl<W: Write + ?Sized> Write for &mut W {
    type Error = W::Error;

    #[inline(always)]
    fn write_all(&mut self, buf: &[u8]) -> Result<(), Self::Error> {
        (**self).write_all(buf)
    }

    #[inline(always)]
    fn write_parts(&mut self, head: &[u8], body: &[u8]) -> Result<(), Self::Error> {
        (**self).write_parts(head, body)
    }

    #[inline]
    fn reserve(&mut self, additional: usize) {
        (**self).reserve(additional)
    }

    #[inline(always)]
    fn write_byte(&mut self, byte: u8) -> Result<(), Self::Error> {
        (**self).write_byte(byte)
    }

    #[inline(always)]
    fn write_marked_u8(&mut self, marker: u8, v: u8) -> Result<(), Self::Error> {
        (**self).write_marked_u8(marker, v)
    }

    #[inline(always)]
    fn write_marked_u16(&mut self, marker: u8, v: u16) -> Result<(), Self::Error> {
        (**self).write_marked_u16(marker, v)
    }

    #[inline(always)]
    fn write_marked_u32(&mut self, marker: u8, v: u32) -> Result<(), Self::Error> {
        (**self).write_marked_u32(marker, v)
    }

    #[inline(always)]
    fn write_marked_u64(&mut self, marker: u8, v: u64) -> Result<(), Self::Error> {
        (**self).write_marked_u64(marker, v)
    }

    #[inline(always)]
    fn __window(&mut self, len: usize) -> Option<&mut [MaybeUninit<u8>]> {
        (**self).__window(len)
    }

    #[inline(always)]
    fn __window_init(&mut self, len: usize) -> Option<&mut [u8]> {
        (**self).__window_init(len)
    }

    #[inline(always)]
    unsafe fn __advance(&mut self, len: usize) {
        // SAFETY: the caller's promise, for the window `W` handed out.
        unsafe { (**self).__advance(len) }
    }

    #[inline(always)]
    fn __in_window(&self) -> bool {
        (**self).__in_window()
    }
}

/// The error of [`SliceWriter`]: the buffer has no room for the next item.
///
/// ```
/// let mut buf = [0u8; 2];
/// let err = msgpack_core::to_slice("hello", &mut buf).unwrap_err();
/// assert!(matches!(err, msgpack_core::encode::Error::Write(msgpack_core::encode::EndOfSlice)));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EndOfSlice;

impl fmt::Display for EndOfSlice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the output buffer is full")
    }
}

impl core::error::Error for EndOfSlice {}

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

/// The writer behind [`to_vec`](crate::to_vec): it fills the spare capacity
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

/// A byte of a sink's buffer, initialized (`u8`) or not yet
/// (`MaybeUninit<u8>`): the fixed-size items' payloads are stored as one
/// copy of their bytes either way.
pub(crate) trait Slot: Sized {
    /// Copies `bytes` into `dst` (equal lengths; nothing otherwise).
    fn store(dst: &mut [Self], bytes: &[u8]);
}

impl Slot for u8 {
    #[inline(always)]
    fn store(dst: &mut [u8], bytes: &[u8]) {
        if dst.len() == bytes.len() {
            dst.copy_from_slice(bytes);
        }
    }
}

impl Slot for MaybeUninit<u8> {
    #[inline(always)]
    fn store(dst: &mut [MaybeUninit<u8>], bytes: &[u8]) {
        if dst.len() == bytes.len() {
            // SAFETY: `dst` and `bytes` are distinct live borrows of the same
            // length; `MaybeUninit<u8>` has the layout of `u8`, and writing
            // initialized bytes into it is always valid.
            unsafe { core::ptr::copy_nonoverlapping(bytes.as_ptr(), dst.as_mut_ptr().cast::<u8>(), bytes.len()) };
        }
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
