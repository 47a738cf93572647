//! [`StreamDecoder`]: messages read one after another from a `std::io::Read`
//! (feature `std`), framed by [`Framer`](super::Framer).

use std::io::{self, Read};
use std::vec::Vec;

use super::Framer;
use crate::decode::{Decode, DecodeOptions, DecodeOwned, Decoder, Error, ErrorKind};

/// The largest message a [`StreamDecoder`] buffers unless told
/// otherwise: 64 MiB (the allocation budget of
/// [`DecodeOptions::untrusted`]).
///
/// ```
/// assert_eq!(msgpack_core::decode::DEFAULT_MAX_MESSAGE_LEN, 64 << 20);
/// ```
pub const DEFAULT_MAX_MESSAGE_LEN: usize = 64 << 20;

/// Reads at least this much at a time.
const MIN_READ: usize = 8 * 1024;

/// Reads MessagePack messages one after another from a
/// [`std::io::Read`] (feature `std`): a socket, a pipe, a file of
/// records. No length prefix is needed (values are self-delimiting).
///
/// Bytes are read in blocks of 8 KiB or more into an internal buffer
/// (there is no need to wrap the reader in a `BufReader`); a message is
/// decoded once it is whole, with the decoder's options. A [`Framer`]
/// finds where each message ends, resuming as bytes arrive, so framing
/// costs O(items) per message however the bytes are split.
///
/// # Untrusted peers
///
/// A message whose declared lengths add up to more than
/// [`max_message_len`](StreamDecoder::max_message_len) (by default
/// [`DEFAULT_MAX_MESSAGE_LEN`]) is refused with
/// [`StreamError::TooLarge`] as soon as its headers arrive: the buffer
/// grows with the bytes received, never with what a length prefix
/// claims, and never beyond about twice the limit (it keeps its size
/// for the messages that follow). The limits of the options (depth,
/// lengths) are checked while the message arrives ([`Framer`]) and
/// again by its decode.
///
/// # Errors and what comes after
///
/// - [`StreamError::Decode`]: a whole, well-formed message that is not
///   a `T`. It has been consumed; the next call reads the next message.
/// - [`StreamError::Io`]: from the reader. Nothing is lost: after a
///   timeout or `WouldBlock` the next call carries on
///   (`Interrupted` is retried here).
/// - [`StreamError::Malformed`], [`StreamError::TooLarge`],
///   [`StreamError::Truncated`]: the stream cannot be read further
///   (there is no telling where the next message would start); later
///   calls return the same error.
///
/// ```
/// use msgpack_core::decode::StreamDecoder;
/// use msgpack_core::{to_writer, DecodeOptions};
///
/// let mut wire = Vec::new(); // could be a TcpStream
/// to_writer(&(1u8, "one"), &mut wire)?;
/// to_writer(&(2u8, "two"), &mut wire)?;
///
/// let mut stream = StreamDecoder::with_options(&wire[..], DecodeOptions::untrusted());
/// let mut got = Vec::new();
/// while let Some((n, name)) = stream.next::<(u8, String)>()? {
///     got.push((n, name));
/// }
/// assert_eq!(got, [(1, "one".to_string()), (2, "two".to_string())]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct StreamDecoder<R> {
    reader: R,
    /// `buf[start..end]` has been read and not returned yet; the rest
    /// is room for the next read.
    buf: Vec<u8>,
    start: usize,
    end: usize,
    framer: Framer,
    max_len: usize,
}

impl<R: Read> StreamDecoder<R> {
    /// A stream decoder with the default [`DecodeOptions`] and
    /// [`DEFAULT_MAX_MESSAGE_LEN`].
    ///
    /// ```
    /// use msgpack_core::decode::StreamDecoder;
    /// let mut stream = StreamDecoder::new(&[0x01, 0x02][..]);
    /// assert_eq!(stream.next::<u8>()?, Some(1));
    /// assert_eq!(stream.next::<u8>()?, Some(2));
    /// assert_eq!(stream.next::<u8>()?, None); // the end, between messages
    /// # Ok::<(), msgpack_core::decode::StreamError>(())
    /// ```
    pub fn new(reader: R) -> Self {
        Self::with_options(reader, DecodeOptions::new())
    }

    /// A stream decoder checking messages against `opts`.
    ///
    /// ```
    /// use msgpack_core::decode::{StreamDecoder, StreamError};
    /// use msgpack_core::DecodeOptions;
    /// let input = [0x91, 0x91, 0x91, 0xc0]; // [[[nil]]]
    /// let mut stream = StreamDecoder::with_options(&input[..], DecodeOptions::new().max_depth(2));
    /// assert!(matches!(stream.next::<msgpack_core::Value>(), Err(StreamError::Malformed(_))));
    /// ```
    pub fn with_options(reader: R, opts: DecodeOptions) -> Self {
        StreamDecoder {
            reader,
            buf: Vec::new(),
            start: 0,
            end: 0,
            framer: Framer::new(opts),
            max_len: DEFAULT_MAX_MESSAGE_LEN,
        }
    }

    /// Sets the largest message accepted, in bytes (header and payloads).
    ///
    /// ```
    /// use msgpack_core::decode::{StreamDecoder, StreamError};
    /// let input = [0xa5, b'h', b'e', b'l', b'l', b'o'];
    /// let mut stream = StreamDecoder::new(&input[..]).max_message_len(4);
    /// let err = stream.next::<String>().unwrap_err();
    /// assert!(matches!(err, StreamError::TooLarge { needed: 6, max: 4 }));
    /// ```
    pub fn max_message_len(mut self, bytes: usize) -> Self {
        self.max_len = bytes;
        self
    }

    /// The options messages are checked and decoded with.
    ///
    /// ```
    /// use msgpack_core::{decode::StreamDecoder, DecodeOptions};
    /// let stream = StreamDecoder::with_options(std::io::empty(), DecodeOptions::untrusted());
    /// assert_eq!(stream.options().max_depth, 64);
    /// ```
    pub fn options(&self) -> &DecodeOptions {
        self.framer.options()
    }

    /// Reads and decodes the next message; `Ok(None)` when the stream
    /// ends between two messages.
    ///
    /// ```
    /// use msgpack_core::decode::{StreamDecoder, StreamError};
    /// let input = [0xa2, b'o', b'k', 0x05, 0xa1];
    /// let mut stream = StreamDecoder::new(&input[..]);
    /// assert_eq!(stream.next::<String>()?.as_deref(), Some("ok"));
    /// // A message that is no `String` is skipped and reported:
    /// assert!(matches!(stream.next::<String>(), Err(StreamError::Decode(_))));
    /// // The stream ends inside a message:
    /// assert!(matches!(stream.next::<String>(), Err(StreamError::Truncated { buffered: 1, needed: 2 })));
    /// # Ok::<(), StreamError>(())
    /// ```
    #[allow(clippy::should_implement_trait, reason = "generic over the message type, so it cannot be Iterator::next")]
    pub fn next<T: DecodeOwned>(&mut self) -> Result<Option<T>, StreamError> {
        self.next_ref()
    }

    /// Reads the next message and decodes a `T` that may borrow from
    /// the decoder's buffer (`&str`, `&[u8]`, [`ValueRef`](crate::ValueRef)):
    /// no copy. The value borrows the decoder, so drop it before the
    /// next call.
    ///
    /// ```
    /// use msgpack_core::decode::StreamDecoder;
    /// let input = [0xa3, b'a', b'b', b'c', 0xa1, b'd'];
    /// let mut stream = StreamDecoder::new(&input[..]);
    /// let mut total = 0;
    /// while let Some(s) = stream.next_ref::<&str>()? {
    ///     total += s.len();
    /// }
    /// assert_eq!(total, 4);
    /// # Ok::<(), msgpack_core::decode::StreamError>(())
    /// ```
    pub fn next_ref<'a, T: Decode<'a>>(&'a mut self) -> Result<Option<T>, StreamError> {
        let opts = *self.framer.options();
        match self.next_raw()? {
            Some(message) => {
                crate::decode::decode_whole(Decoder::with_options(message, opts)).map(Some).map_err(StreamError::Decode)
            }
            None => Ok(None),
        }
    }

    /// Reads the next message and returns its bytes undecoded (for
    /// [`Decoder`](crate::Decoder), forwarding or storage).
    ///
    /// ```
    /// use msgpack_core::decode::StreamDecoder;
    /// let input = [0x92, 0x01, 0x02, 0xc0];
    /// let mut stream = StreamDecoder::new(&input[..]);
    /// assert_eq!(stream.next_raw()?, Some(&[0x92, 0x01, 0x02][..]));
    /// assert_eq!(stream.next_raw()?, Some(&[0xc0][..]));
    /// assert_eq!(stream.next_raw()?, None);
    /// # Ok::<(), msgpack_core::decode::StreamError>(())
    /// ```
    pub fn next_raw(&mut self) -> Result<Option<&[u8]>, StreamError> {
        loop {
            match self.framer.message_len(&self.buf[self.start..self.end]) {
                Ok(Some(n)) if n > self.max_len => {
                    return Err(StreamError::TooLarge { needed: n as u64, max: self.max_len });
                }
                Ok(Some(n)) => {
                    let message = self.start..self.start + n;
                    self.start += n;
                    return Ok(Some(&self.buf[message]));
                }
                Ok(None) => {}
                Err(e) => return Err(StreamError::Malformed(e)),
            }
            let needed = self.framer.needed();
            if needed > self.max_len as u64 {
                return Err(StreamError::TooLarge { needed, max: self.max_len });
            }
            if self.fill()? == 0 {
                let buffered = self.end - self.start;
                return if buffered == 0 { Ok(None) } else { Err(StreamError::Truncated { buffered, needed }) };
            }
        }
    }

    /// Reads once more (retrying `Interrupted`); returns the bytes read.
    fn fill(&mut self) -> io::Result<usize> {
        // Keep the unread bytes at the front. A message is moved at
        // most once: after this `start` stays 0 until it is returned.
        if self.start > 0 {
            self.buf.copy_within(self.start..self.end, 0);
            self.end -= self.start;
            self.start = 0;
        }
        // Room to read into: at least MIN_READ, and as much as is
        // buffered (the buffer doubles), so a large message takes
        // O(log n) allocations and reads of growing size.
        if self.buf.len() - self.end < MIN_READ {
            let len = self.end + self.end.max(MIN_READ);
            self.buf.resize(len, 0);
        }
        loop {
            match self.reader.read(&mut self.buf[self.end..]) {
                Ok(n) => {
                    self.end += n;
                    return Ok(n);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }

    /// The bytes read from the reader and not returned as a message yet.
    ///
    /// ```
    /// use msgpack_core::decode::StreamDecoder;
    /// let mut stream = StreamDecoder::new(&[0x01, 0x92, 0x01][..]);
    /// assert_eq!(stream.next::<u8>()?, Some(1));
    /// assert_eq!(stream.buffered(), &[0x92, 0x01]); // read along with the first
    /// # Ok::<(), msgpack_core::decode::StreamError>(())
    /// ```
    pub fn buffered(&self) -> &[u8] {
        &self.buf[self.start..self.end]
    }

    /// The reader.
    ///
    /// ```
    /// let stream = msgpack_core::decode::StreamDecoder::new(&[0xc0][..]);
    /// assert_eq!(stream.get_ref().len(), 1);
    /// ```
    pub fn get_ref(&self) -> &R {
        &self.reader
    }

    /// The reader, mutably (reading from it directly skips those bytes).
    ///
    /// ```
    /// let mut stream = msgpack_core::decode::StreamDecoder::new(std::io::Cursor::new([0xc0]));
    /// stream.get_mut().set_position(1);
    /// assert!(stream.next_raw()?.is_none());
    /// # Ok::<(), msgpack_core::decode::StreamError>(())
    /// ```
    pub fn get_mut(&mut self) -> &mut R {
        &mut self.reader
    }

    /// The reader back; bytes in [`buffered`](StreamDecoder::buffered)
    /// are dropped.
    ///
    /// ```
    /// let stream = msgpack_core::decode::StreamDecoder::new(std::io::Cursor::new([0xc0]));
    /// assert_eq!(stream.into_inner().position(), 0);
    /// ```
    pub fn into_inner(self) -> R {
        self.reader
    }
}

/// One whole value read from `reader` and decoded by `decode` (the
/// top-level and serde `from_read_with`): the input must end after it.
///
/// The message is bounded by `opts.max_alloc`, or by
/// [`DEFAULT_MAX_MESSAGE_LEN`] when that is unlimited (the default), so
/// the buffer stays under about twice that whatever the reader sends.
/// Bytes after the value are [`ErrorKind::TrailingBytes`] (counting those
/// that arrived with the last read: the reader is not read to its end).
pub(crate) fn read_whole<R: Read, T>(
    reader: R,
    opts: &DecodeOptions,
    decode: impl FnOnce(&[u8], &DecodeOptions) -> Result<T, Error>,
) -> Result<T, StreamError> {
    let max_len =
        if opts.max_alloc == DecodeOptions::new().max_alloc { DEFAULT_MAX_MESSAGE_LEN } else { opts.max_alloc };
    let mut stream = StreamDecoder::with_options(reader, *opts).max_message_len(max_len);
    let (value, len) = match stream.next_raw()? {
        Some(message) => (decode(message, opts).map_err(StreamError::Decode)?, message.len()),
        None => return Err(StreamError::Truncated { buffered: 0, needed: 1 }),
    };
    let count = match stream.buffered().len() {
        0 => stream.fill()?,
        n => n,
    };
    if count > 0 {
        return Err(StreamError::Decode(Error::new(ErrorKind::TrailingBytes { count }, len)));
    }
    Ok(value)
}

/// Why [`StreamDecoder`] could not return the next message.
///
/// Converts into an [`io::Error`] (for `?` in functions returning
/// `io::Result`): [`Io`](StreamError::Io) gives back the original,
/// [`Truncated`](StreamError::Truncated) becomes
/// [`UnexpectedEof`](io::ErrorKind::UnexpectedEof), the others
/// [`InvalidData`](io::ErrorKind::InvalidData).
///
/// ```
/// use msgpack_core::decode::{StreamDecoder, StreamError};
/// let err = StreamDecoder::new(&[0x92, 0x01][..]).next_raw().unwrap_err();
/// assert_eq!(err.to_string(), "the stream ended inside a message: 2 bytes received, at least 3 needed");
/// assert_eq!(std::io::Error::from(err).kind(), std::io::ErrorKind::UnexpectedEof);
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum StreamError {
    /// The reader failed.
    Io(io::Error),
    /// The bytes are not MessagePack, or break a limit of the options
    /// (offsets are from the start of the message).
    Malformed(Error),
    /// A whole message that does not decode as the type asked for
    /// (offsets are from the start of the message). It was consumed:
    /// the stream goes on with the next one. From
    /// [`from_read`](crate::from_read), also bytes after the value
    /// ([`ErrorKind::TrailingBytes`]).
    Decode(Error),
    /// The stream ended inside a message.
    Truncated {
        /// The bytes of the message that arrived.
        buffered: usize,
        /// The least number of bytes the message needs.
        needed: u64,
    },
    /// A message longer than
    /// [`max_message_len`](StreamDecoder::max_message_len), refused as
    /// soon as its headers show it (the rest is not read).
    TooLarge {
        /// The least number of bytes the message needs, from its headers
        /// (its length, if it arrived whole in one read).
        needed: u64,
        /// The limit.
        max: usize,
    },
}

impl core::fmt::Display for StreamError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            StreamError::Io(e) => write!(f, "reading the stream: {e}"),
            StreamError::Malformed(e) => write!(f, "malformed stream: {e}"),
            StreamError::Decode(e) => write!(f, "{e}"),
            StreamError::Truncated { buffered, needed } => {
                write!(f, "the stream ended inside a message: {buffered} bytes received, at least {needed} needed")
            }
            StreamError::TooLarge { needed, max } => {
                write!(f, "a message of at least {needed} bytes exceeds the limit of {max} bytes")
            }
        }
    }
}

impl std::error::Error for StreamError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StreamError::Io(e) => Some(e),
            StreamError::Malformed(e) | StreamError::Decode(e) => Some(e),
            StreamError::Truncated { .. } | StreamError::TooLarge { .. } => None,
        }
    }
}

impl From<io::Error> for StreamError {
    fn from(e: io::Error) -> Self {
        StreamError::Io(e)
    }
}

impl From<StreamError> for io::Error {
    fn from(e: StreamError) -> Self {
        match e {
            StreamError::Io(e) => e,
            StreamError::Truncated { .. } => io::Error::new(io::ErrorKind::UnexpectedEof, e),
            other => io::Error::new(io::ErrorKind::InvalidData, other),
        }
    }
}
