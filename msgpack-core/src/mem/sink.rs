//! The sinks over memory and the trait every sink implements: [`Write`]
//! (public as `encode::Write`, with the window protocol of the encoder's
//! fast paths: `__window`, `__window_init`, `__advance`), its impl for
//! `&mut W`, [`EndOfSlice`], and what the sinks below share to store their
//! fixed-size items straight into their buffers (`fixed_size_writes!`,
//! [`Slot`]). The sinks: [`SliceWriter`] (`slice.rs`), the writer behind
//! `to_vec` and `Vec<u8>` (`vec.rs`), the bounded window and the template
//! stores (`window.rs`).
//!
//! Here, in the `unsafe` module, rather than in `encode/write.rs` (which
//! re-exports them beside the sinks over other crates' writers): the window
//! protocol's `__advance` is an `unsafe fn`, and the `unsafe` blocks rely on
//! what the sinks' private fields hold (a position that never passes the
//! end, every byte below it initialized), which only this module's code can
//! change.

/// The fixed-size methods of [`Write`] for a sink with a
/// `fn item<const N: usize>(&mut self) -> Result<&mut [T; N], E>` that
/// hands out the next `N` bytes of its buffer, a `put(&mut T, u8)` that
/// stores one byte, and a `commit(&mut self, N)` that moves the write
/// position past them once they are stored. Each method named after the
/// two closures is generated (a sink writes the others by hand).
macro_rules! fixed_size_writes {
    ($put:expr, $commit:expr; $($method:ident($n:literal, $ty:ty)),* $(,)?) => {
        #[inline(always)]
        fn write_byte(&mut self, byte: u8) -> Result<(), Self::Error> {
            let [d] = self.item::<1>()?;
            $put(d, byte);
            $commit(self, 1);
            Ok(())
        }

        $(
            #[inline(always)]
            fn $method(&mut self, marker: u8, v: $ty) -> Result<(), Self::Error> {
                let (m, d) = self.item::<$n>()?.split_at_mut(1);
                $put(&mut m[0], marker);
                // The payload as one store (a byte loop over `MaybeUninit`
                // is not always merged into one, and an array `map` was
                // left out of line in large functions).
                crate::mem::sink::Slot::store(d, &v.to_be_bytes());
                $commit(self, $n);
                Ok(())
            }
        )*
    };
}

use core::fmt;
use core::mem::MaybeUninit;

mod slice;
#[cfg(feature = "alloc")]
mod vec;
mod window;

pub use slice::SliceWriter;
#[cfg(feature = "alloc")]
pub(crate) use vec::write_spare;
pub(crate) use window::{
    Bounded, SLACK, bound_error, in_window, through_stack, write_window_filled, write_window_filled_each,
    write_window_init,
};

/// A byte sink the [`Encoder`](crate::encode::Encoder) writes into.
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
    /// [`bounded`](crate::encode::bounded)): a struct with a small bound nested in one is encoded
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
