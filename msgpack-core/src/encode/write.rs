//! The sinks the [`Encoder`](super::Encoder) writes into: the [`Write`]
//! trait and the sinks over memory ([`SliceWriter`] and [`EndOfSlice`],
//! `Vec<u8>`, the writer behind `to_vec`), defined with the crate's other
//! `unsafe` code in [`mem`](crate::mem) and re-exported here; and the sinks
//! over other crates' buffers and writers, defined here: `bytes::BytesMut`,
//! [`BufMutWriter`] (feature `bytes`) and [`IoWriter`] (feature `std`).

pub use crate::mem::{EndOfSlice, SliceWriter, Write};

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
