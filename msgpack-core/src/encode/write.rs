//! Output sinks.

use core::fmt;

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
}

impl<W: Write + ?Sized> Write for &mut W {
    type Error = W::Error;

    #[inline]
    fn write_all(&mut self, buf: &[u8]) -> Result<(), Self::Error> {
        (**self).write_all(buf)
    }

    #[inline]
    fn reserve(&mut self, additional: usize) {
        (**self).reserve(additional)
    }
}

/// The error of [`SliceWriter`]: the buffer has no room for the next item.
///
/// ```
/// let mut buf = [0u8; 2];
/// let err = msgpack_core::encode_to_slice("hello", &mut buf).unwrap_err();
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

impl Write for SliceWriter<'_> {
    type Error = EndOfSlice;

    #[inline]
    fn write_all(&mut self, data: &[u8]) -> Result<(), EndOfSlice> {
        let end = self.pos + data.len();
        match self.buf.get_mut(self.pos..end) {
            Some(dst) => {
                dst.copy_from_slice(data);
                self.pos = end;
                Ok(())
            }
            None => Err(EndOfSlice),
        }
    }
}

#[cfg(feature = "alloc")]
impl Write for alloc::vec::Vec<u8> {
    type Error = core::convert::Infallible;

    #[inline]
    fn write_all(&mut self, buf: &[u8]) -> Result<(), Self::Error> {
        self.extend_from_slice(buf);
        Ok(())
    }

    #[inline]
    fn reserve(&mut self, additional: usize) {
        alloc::vec::Vec::reserve(self, additional)
    }
}

#[cfg(feature = "bytes")]
impl Write for bytes::BytesMut {
    type Error = core::convert::Infallible;

    #[inline]
    fn write_all(&mut self, buf: &[u8]) -> Result<(), Self::Error> {
        self.extend_from_slice(buf);
        Ok(())
    }

    #[inline]
    fn reserve(&mut self, additional: usize) {
        bytes::BytesMut::reserve(self, additional)
    }
}

/// A sink over any [`bytes::BufMut`] (feature `bytes`).
///
/// Fails with [`EndOfSlice`] when the buffer reports less
/// [`remaining_mut`](bytes::BufMut::remaining_mut) than a write needs (a
/// `BytesMut` or `Vec<u8>` grows instead; a `&mut [u8]` does not).
///
/// ```
/// use bytes::BytesMut;
/// use msgpack_core::encode::{BufMutWriter, Encoder};
///
/// let mut e = Encoder::new(BufMutWriter::new(BytesMut::new()));
/// e.str("hi")?;
/// assert_eq!(&e.into_writer().into_inner()[..], &[0xa2, b'h', b'i']);
/// # Ok::<(), msgpack_core::encode::Error<msgpack_core::encode::EndOfSlice>>(())
/// ```
#[cfg(feature = "bytes")]
#[derive(Debug)]
pub struct BufMutWriter<B>(B);

#[cfg(feature = "bytes")]
impl<B: bytes::BufMut> BufMutWriter<B> {
    /// Wraps a buffer.
    ///
    /// ```
    /// let w = msgpack_core::encode::BufMutWriter::new(Vec::<u8>::new());
    /// assert!(w.into_inner().is_empty());
    /// ```
    pub fn new(buf: B) -> Self {
        BufMutWriter(buf)
    }

    /// Gives the buffer back.
    ///
    /// ```
    /// let w = msgpack_core::encode::BufMutWriter::new(Vec::<u8>::new());
    /// let v: Vec<u8> = w.into_inner();
    /// # assert!(v.is_empty());
    /// ```
    pub fn into_inner(self) -> B {
        self.0
    }
}

#[cfg(feature = "bytes")]
impl<B: bytes::BufMut> Write for BufMutWriter<B> {
    type Error = EndOfSlice;

    #[inline]
    fn write_all(&mut self, buf: &[u8]) -> Result<(), EndOfSlice> {
        if self.0.remaining_mut() < buf.len() {
            return Err(EndOfSlice);
        }
        self.0.put_slice(buf);
        Ok(())
    }
}

/// A sink over any [`std::io::Write`] (feature `std`).
///
/// Each item becomes a `write_all` call; wrap a `File` or socket in a
/// `std::io::BufWriter` first.
///
/// ```
/// use msgpack_core::encode::{Encoder, IoWriter};
///
/// let mut out = std::io::Cursor::new(Vec::new());
/// let mut e = Encoder::new(IoWriter::new(&mut out));
/// e.bool(true)?;
/// assert_eq!(out.into_inner(), [0xc3]);
/// # Ok::<(), msgpack_core::encode::Error<std::io::Error>>(())
/// ```
#[cfg(feature = "std")]
#[derive(Debug)]
pub struct IoWriter<W>(W);

#[cfg(feature = "std")]
impl<W: std::io::Write> IoWriter<W> {
    /// Wraps a writer.
    ///
    /// ```
    /// let w = msgpack_core::encode::IoWriter::new(std::io::sink());
    /// # let _ = w;
    /// ```
    pub fn new(w: W) -> Self {
        IoWriter(w)
    }

    /// Gives the writer back.
    ///
    /// ```
    /// let w = msgpack_core::encode::IoWriter::new(Vec::<u8>::new());
    /// assert!(w.into_inner().is_empty());
    /// ```
    pub fn into_inner(self) -> W {
        self.0
    }
}

#[cfg(feature = "std")]
impl<W: std::io::Write> Write for IoWriter<W> {
    type Error = std::io::Error;

    #[inline]
    fn write_all(&mut self, buf: &[u8]) -> Result<(), std::io::Error> {
        self.0.write_all(buf)
    }
}
