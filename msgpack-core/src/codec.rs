//! [`MsgPackCodec`]: MessagePack frames for `tokio_util::codec` (feature
//! `tokio-util`), to read and write typed messages over any `AsyncRead` /
//! `AsyncWrite` with [`Framed`](tokio_util::codec::Framed),
//! [`FramedRead`](tokio_util::codec::FramedRead) or
//! [`FramedWrite`](tokio_util::codec::FramedWrite).
//!
//! A MessagePack value is self-delimiting, so frames go back to back with
//! no length prefix (the bytes on the wire are those of [`to_vec`](crate::to_vec),
//! one message after the other, readable by any MessagePack stream reader).
//! The decoder finds where each frame ends with a [`Framer`], which reads
//! the headers of the bytes received so far (never the payloads) and resumes
//! where it stopped when more arrive: framing costs O(items) per frame
//! however the bytes are split across reads.
//!
//! ```
//! use futures_util::{SinkExt, StreamExt};
//! use msgpack_core::codec::{CodecError, MsgPackCodec};
//! use tokio_util::codec::Framed;
//!
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> Result<(), CodecError> {
//! // One end of an in-memory pipe sends (id, name) pairs, the other reads them.
//! let (near, far) = tokio::io::duplex(64);
//! let mut sender = Framed::new(near, MsgPackCodec::<()>::new());
//! let mut receiver = Framed::new(far, MsgPackCodec::<(u32, String)>::new());
//!
//! sender.send((1u32, "one")).await?; // anything `Encode`: `&str` here, `String` there
//! sender.send((2u32, "two")).await?;
//! assert_eq!(receiver.next().await.transpose()?, Some((1, "one".to_string())));
//! assert_eq!(receiver.next().await.transpose()?, Some((2, "two".to_string())));
//!
//! drop(sender); // closes the pipe: the stream ends between two frames
//! assert!(receiver.next().await.is_none());
//! # Ok(())
//! # }
//! ```

use core::convert::Infallible;
use core::fmt;
use core::marker::PhantomData;
use std::io;

use bytes::BytesMut;

use crate::decode::{self, DEFAULT_MAX_MESSAGE_LEN, DecodeOptions, DecodeOwned, Framer};
use crate::encode::{self, Encode};

/// A `tokio_util::codec` [`Encoder`](tokio_util::codec::Encoder) and
/// [`Decoder`](tokio_util::codec::Decoder) for MessagePack messages: it
/// decodes frames into `T` and encodes any [`Encode`] value (so one codec
/// type serves a connection that reads requests and writes responses).
///
/// # Decoding
///
/// `T` is [`DecodeOwned`]: each frame is split off the receive buffer
/// (`BytesMut::split_to`, no copy), frozen and decoded with
/// [`Decoder::from_bytes`](crate::Decoder::from_bytes), so the
/// `bytes::Bytes` fields of `T` are slices of the receive buffer's memory
/// rather than copies (they keep that memory alive while they live). Types
/// that borrow from the input (`&str`, `&[u8]`, `ValueRef`) cannot be
/// decoded here, since the frame is dropped after the decode: use `String`,
/// `Bytes` or `Value`.
///
/// # Encoding
///
/// The codec is an `Encoder<I>` for every `I:` [`Encode`], values and
/// references alike, whatever `T` is. Each item is written straight into
/// the write buffer after one exact reservation of its
/// [`encoded_len`](Encode::encoded_len). Since the item type is open, the
/// `SinkExt` methods that take no item need it named (as with tokio-util's
/// `LinesCodec`): `SinkExt::<&Request>::close(&mut framed)`, or drop the
/// `Framed` instead.
///
/// # Limits
///
/// A frame longer than [`max_frame_len`](MsgPackCodec::max_frame_len) (by
/// default [`DEFAULT_MAX_MESSAGE_LEN`], 64 MiB) is refused with
/// [`CodecError::TooLarge`] as soon as its headers show it, before its
/// payload is waited for: the buffer grows with the bytes received, never
/// with what a length prefix claims. The limits of the
/// [`options`](MsgPackCodec::options) (depth, lengths) are checked while the
/// frame arrives, and again by its decode. For peers you do not trust, use
/// [`DecodeOptions::untrusted`] and a frame limit sized for your protocol.
///
/// # Errors and what comes after
///
/// | error | the frame | later calls |
/// |---|---|---|
/// | [`Decode`](CodecError::Decode) | whole and well-formed, but not a `T`: skipped | decode the next frame |
/// | [`Malformed`](CodecError::Malformed), [`TooLarge`](CodecError::TooLarge) | cannot be delimited (or not without buffering more than the limit) | the codec has failed: it drops the buffered bytes and returns the same error every time |
/// | [`Truncated`](CodecError::Truncated) | the input ended inside it (`decode_eof`) | resume if more bytes come |
/// | [`Encode`](CodecError::Encode) | nothing was written | encode the next item |
///
/// There is no telling where the next frame starts after a malformed one
/// (the framer checks the options' limits on every item, so a `str` longer
/// than `max_str_len` is malformed here even inside a field the type would
/// skip), so such a stream cannot go on: answer the peer if you like, then
/// close the connection. [`CodecError::is_recoverable`] tells the cases
/// apart.
///
/// `Framed` (tokio-util 0.7) ends its stream after any error: the error is
/// yielded, then `None` once; polling again resumes reading. After a
/// recoverable error, keep polling past that `None` (the bytes are still
/// there); frames that were already buffered behind the bad one come out
/// when more bytes arrive or the input ends.
///
/// ```
/// use bytes::BytesMut;
/// use msgpack_core::codec::{CodecError, MsgPackCodec};
/// use tokio_util::codec::Decoder;
///
/// let mut codec = MsgPackCodec::<(u8, String)>::new();
/// let mut buf = BytesMut::from(&[0x92, 0x01, 0xa2, b'h'][..]); // [1, "h… (cut)
/// assert_eq!(codec.decode(&mut buf)?, None); // wait for the rest
/// buf.extend_from_slice(&[b'i', 0xc3, 0x92, 0x02, 0xa0]); // …i"], true, [2, ""]
/// assert_eq!(codec.decode(&mut buf)?, Some((1, "hi".to_string())));
/// assert!(matches!(codec.decode(&mut buf), Err(CodecError::Decode(_)))); // `true` is skipped
/// assert_eq!(codec.decode(&mut buf)?, Some((2, String::new())));
/// assert!(buf.is_empty());
/// # Ok::<(), CodecError>(())
/// ```
pub struct MsgPackCodec<T> {
    framer: Framer,
    max_len: usize,
    /// Set by a malformed or too large frame: returned from then on.
    failed: Option<Failure>,
    /// `fn() -> T`: the codec is `Send` and `Sync` whatever `T` is.
    _item: PhantomData<fn() -> T>,
}

/// Why a codec has failed for good.
#[derive(Debug, Clone)]
enum Failure {
    Malformed(decode::Error),
    TooLarge { needed: u64, max: usize },
}

impl<T> MsgPackCodec<T> {
    /// A codec with the default [`DecodeOptions`] and a frame limit of
    /// [`DEFAULT_MAX_MESSAGE_LEN`] (64 MiB).
    ///
    /// ```
    /// use bytes::BytesMut;
    /// use tokio_util::codec::Decoder;
    ///
    /// let mut codec = msgpack_core::codec::MsgPackCodec::<Vec<u16>>::new();
    /// let mut buf = BytesMut::from(&[0x92, 0x01, 0xcd, 0x01, 0x2c][..]);
    /// assert_eq!(codec.decode(&mut buf)?, Some(vec![1, 300]));
    /// # Ok::<(), msgpack_core::codec::CodecError>(())
    /// ```
    pub fn new() -> Self {
        MsgPackCodec {
            framer: Framer::new(DecodeOptions::new()),
            max_len: DEFAULT_MAX_MESSAGE_LEN,
            failed: None,
            _item: PhantomData,
        }
    }

    /// Sets the longest frame accepted by the decoder, in bytes (header
    /// and payloads). Encoding is not limited.
    ///
    /// ```
    /// use bytes::BytesMut;
    /// use msgpack_core::codec::{CodecError, MsgPackCodec};
    /// use tokio_util::codec::Decoder;
    ///
    /// let mut codec = MsgPackCodec::<bytes::Bytes>::new().max_frame_len(1024);
    /// // A bin claiming 1 MiB is refused from its 5-byte header alone.
    /// let mut buf = BytesMut::from(&[0xc6, 0x00, 0x10, 0x00, 0x00][..]);
    /// let err = codec.decode(&mut buf).unwrap_err();
    /// assert!(matches!(err, CodecError::TooLarge { needed: 1_048_581, max: 1024 }));
    /// ```
    pub fn max_frame_len(mut self, bytes: usize) -> Self {
        self.max_len = bytes;
        self
    }

    /// Sets the options frames are checked and decoded with.
    ///
    /// ```
    /// use bytes::BytesMut;
    /// use msgpack_core::codec::{CodecError, MsgPackCodec};
    /// use msgpack_core::{DecodeOptions, Value};
    /// use tokio_util::codec::Decoder;
    ///
    /// let mut codec = MsgPackCodec::<Value>::new().options(DecodeOptions::untrusted().max_depth(2));
    /// let mut buf = BytesMut::from(&[0x91, 0x91, 0x91][..]); // [[[… : too deep already
    /// assert!(matches!(codec.decode(&mut buf), Err(CodecError::Malformed(_))));
    /// ```
    pub fn options(mut self, opts: DecodeOptions) -> Self {
        self.framer = Framer::new(opts);
        self
    }

    /// The options frames are checked and decoded with.
    ///
    /// ```
    /// use msgpack_core::{codec::MsgPackCodec, DecodeOptions};
    /// let codec = MsgPackCodec::<u8>::new().options(DecodeOptions::untrusted());
    /// assert_eq!(codec.decode_options().max_depth, 64);
    /// ```
    pub fn decode_options(&self) -> &DecodeOptions {
        self.framer.options()
    }

    /// The longest frame the decoder accepts, in bytes.
    ///
    /// ```
    /// let codec = msgpack_core::codec::MsgPackCodec::<u8>::new();
    /// assert_eq!(codec.frame_limit(), msgpack_core::decode::DEFAULT_MAX_MESSAGE_LEN);
    /// ```
    pub fn frame_limit(&self) -> usize {
        self.max_len
    }

    /// Whether the decoder has failed for good (a malformed or too large
    /// frame): every later call returns that error again.
    ///
    /// ```
    /// use bytes::BytesMut;
    /// use tokio_util::codec::Decoder;
    ///
    /// let mut codec = msgpack_core::codec::MsgPackCodec::<u8>::new();
    /// assert!(!codec.has_failed());
    /// assert!(codec.decode(&mut BytesMut::from(&[0xc1][..])).is_err()); // a reserved marker
    /// assert!(codec.has_failed());
    /// ```
    pub fn has_failed(&self) -> bool {
        self.failed.is_some()
    }

    /// Records a failure, drops the buffered bytes (they cannot be framed)
    /// and returns the error.
    fn fail(&mut self, src: &mut BytesMut, failure: Failure) -> CodecError {
        src.clear();
        self.framer.reset();
        self.failed = Some(failure.clone());
        failure.into()
    }
}

impl<T: DecodeOwned> tokio_util::codec::Decoder for MsgPackCodec<T> {
    type Item = T;
    type Error = CodecError;

    /// Takes the first whole frame off `src` and decodes it; `Ok(None)` if
    /// it has not all arrived. `src` must start with the bytes it held at
    /// the previous call (as `Framed` does: it only appends), since the
    /// framer resumes where it stopped.
    ///
    /// ```
    /// use bytes::BytesMut;
    /// use tokio_util::codec::Decoder;
    ///
    /// let mut codec = msgpack_core::codec::MsgPackCodec::<String>::new();
    /// let mut buf = BytesMut::new();
    /// for &byte in b"\xa3abc\xa2d" {
    ///     buf.extend_from_slice(&[byte]); // one byte at a time
    ///     if let Some(s) = codec.decode(&mut buf)? {
    ///         assert_eq!(s, "abc");
    ///     }
    /// }
    /// assert_eq!(&buf[..], b"\xa2d"); // the start of the next frame
    /// # Ok::<(), msgpack_core::codec::CodecError>(())
    /// ```
    fn decode(&mut self, src: &mut BytesMut) -> Result<Option<T>, CodecError> {
        if let Some(failure) = &self.failed {
            src.clear();
            return Err(failure.clone().into());
        }
        if src.is_empty() {
            return Ok(None); // between frames (a partial frame is never empty)
        }
        let len = match self.framer.message_len(src) {
            Ok(Some(len)) => len,
            Ok(None) => {
                let needed = self.framer.needed();
                if needed > self.max_len as u64 {
                    return Err(self.fail(src, Failure::TooLarge { needed, max: self.max_len }));
                }
                return Ok(None);
            }
            Err(e) => return Err(self.fail(src, Failure::Malformed(e))),
        };
        if len > self.max_len {
            return Err(self.fail(src, Failure::TooLarge { needed: len as u64, max: self.max_len }));
        }
        let frame = src.split_to(len).freeze();
        decode::decode_whole(decode::Decoder::from_bytes(&frame, *self.framer.options()))
            .map(Some)
            .map_err(CodecError::Decode)
    }

    /// [`decode`](tokio_util::codec::Decoder::decode) at the end of the input: bytes
    /// left that are not a whole frame are [`CodecError::Truncated`].
    ///
    /// ```
    /// use bytes::BytesMut;
    /// use msgpack_core::codec::{CodecError, MsgPackCodec};
    /// use tokio_util::codec::Decoder;
    ///
    /// let mut codec = MsgPackCodec::<Vec<u8>>::new();
    /// let mut buf = BytesMut::from(&[0x01, 0x93, 0x01][..]); // 1, then [1, … (cut)
    /// assert!(matches!(codec.decode_eof(&mut buf), Err(CodecError::Decode(_)))); // 1 is no Vec
    /// let err = codec.decode_eof(&mut buf).unwrap_err();
    /// assert!(matches!(err, CodecError::Truncated { buffered: 2, needed: 4 }));
    /// assert_eq!(codec.decode_eof(&mut BytesMut::new())?, None); // ended between frames
    /// # Ok::<(), CodecError>(())
    /// ```
    fn decode_eof(&mut self, src: &mut BytesMut) -> Result<Option<T>, CodecError> {
        match self.decode(src)? {
            Some(item) => Ok(Some(item)),
            None if src.is_empty() => Ok(None),
            None => Err(CodecError::Truncated { buffered: src.len(), needed: self.framer.needed() }),
        }
    }
}

impl<T, I: Encode> tokio_util::codec::Encoder<I> for MsgPackCodec<T> {
    type Error = CodecError;

    /// Appends the encoding of `item` to `dst`, reserving its exact
    /// [`encoded_len`](Encode::encoded_len) first and writing straight
    /// into the buffer. On an error `dst` keeps its old contents.
    ///
    /// ```
    /// use bytes::BytesMut;
    /// use msgpack_core::codec::{CodecError, MsgPackCodec};
    /// use tokio_util::codec::Encoder;
    ///
    /// let mut codec = MsgPackCodec::<()>::new();
    /// let mut buf = BytesMut::new();
    /// codec.encode([1u16, 300], &mut buf)?;
    /// codec.encode(&"hi", &mut buf)?; // references encode as what they point to
    /// assert_eq!(&buf[..], &[0x92, 0x01, 0xcd, 0x01, 0x2c, 0xa2, b'h', b'i']);
    /// // A value MessagePack cannot hold writes nothing:
    /// assert!(matches!(codec.encode(u128::MAX, &mut buf), Err(CodecError::Encode(_))));
    /// assert_eq!(buf.len(), 8);
    /// # Ok::<(), CodecError>(())
    /// ```
    fn encode(&mut self, item: I, dst: &mut BytesMut) -> Result<(), CodecError> {
        let start = dst.len();
        dst.reserve(item.encoded_len());
        item.encode(&mut encode::Encoder::new(&mut *dst)).map_err(|e| {
            dst.truncate(start);
            CodecError::Encode(e)
        })
    }
}

impl<T> Default for MsgPackCodec<T> {
    /// [`MsgPackCodec::new`].
    fn default() -> Self {
        Self::new()
    }
}

impl<T> Clone for MsgPackCodec<T> {
    /// A codec with the same settings and state (any partly framed frame
    /// included), for any `T`.
    fn clone(&self) -> Self {
        MsgPackCodec {
            framer: self.framer.clone(),
            max_len: self.max_len,
            failed: self.failed.clone(),
            _item: PhantomData,
        }
    }
}

impl<T> fmt::Debug for MsgPackCodec<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MsgPackCodec")
            .field("framer", &self.framer)
            .field("max_frame_len", &self.max_len)
            .field("failed", &self.failed)
            .finish()
    }
}

/// Why [`MsgPackCodec`] could not decode or encode a frame (see the
/// [table](MsgPackCodec#errors-and-what-comes-after) of what comes after
/// each).
///
/// `From<io::Error>` (as `Framed` requires, for the transport's errors)
/// and into [`io::Error`]: [`Io`](CodecError::Io) gives back the
/// original, [`Truncated`](CodecError::Truncated) becomes
/// [`UnexpectedEof`](io::ErrorKind::UnexpectedEof),
/// [`Encode`](CodecError::Encode) [`InvalidInput`](io::ErrorKind::InvalidInput),
/// the others [`InvalidData`](io::ErrorKind::InvalidData).
///
/// ```
/// use bytes::BytesMut;
/// use msgpack_core::codec::{CodecError, MsgPackCodec};
/// use tokio_util::codec::Decoder;
///
/// let err = MsgPackCodec::<u8>::new().decode(&mut BytesMut::from(&[0xa1, b'x'][..])).unwrap_err();
/// assert_eq!(err.to_string(), r#"undecodable frame (skipped): expected u8, found str "x" at $ (byte 0)"#);
/// assert!(err.is_recoverable());
/// assert_eq!(std::io::Error::from(err).kind(), std::io::ErrorKind::InvalidData);
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum CodecError {
    /// The transport failed.
    Io(io::Error),
    /// A whole, well-formed frame that does not decode as the type asked
    /// for (offsets are from the start of the frame). It was consumed:
    /// the next call decodes the next frame.
    Decode(decode::Error),
    /// The bytes are not MessagePack or break a limit of the options, so
    /// the frame's end cannot be found (offsets are from the start of the
    /// frame). The codec has failed for good.
    Malformed(decode::Error),
    /// A frame longer than [`max_frame_len`](MsgPackCodec::max_frame_len),
    /// refused as soon as its headers show it. The codec has failed for good.
    TooLarge {
        /// The least number of bytes the frame needs, from its headers (its
        /// length, if it arrived whole).
        needed: u64,
        /// The limit.
        max: usize,
    },
    /// The input ended inside a frame.
    Truncated {
        /// The bytes of the frame that arrived.
        buffered: usize,
        /// The least number of bytes the frame needs.
        needed: u64,
    },
    /// The item has no MessagePack form (a `u128` above `u64::MAX`, more
    /// than `u32::MAX` elements) or its `Encode` impl failed; nothing was
    /// written.
    Encode(encode::Error<Infallible>),
}

impl CodecError {
    /// Whether the stream can go on: the bad frame was skipped
    /// ([`Decode`](CodecError::Decode)) or nothing was written
    /// ([`Encode`](CodecError::Encode)). `false` for the others, including
    /// [`Io`](CodecError::Io) (whether the transport can go on is up to it).
    ///
    /// ```
    /// use msgpack_core::codec::CodecError;
    /// assert!(!CodecError::TooLarge { needed: 10, max: 4 }.is_recoverable());
    /// ```
    pub fn is_recoverable(&self) -> bool {
        matches!(self, CodecError::Decode(_) | CodecError::Encode(_))
    }
}

impl From<Failure> for CodecError {
    fn from(failure: Failure) -> Self {
        match failure {
            Failure::Malformed(e) => CodecError::Malformed(e),
            Failure::TooLarge { needed, max } => CodecError::TooLarge { needed, max },
        }
    }
}

impl fmt::Display for CodecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CodecError::Io(e) => write!(f, "transport: {e}"),
            CodecError::Decode(e) => write!(f, "undecodable frame (skipped): {e}"),
            CodecError::Malformed(e) => write!(f, "malformed frame: {e}"),
            CodecError::TooLarge { needed, max } => {
                write!(f, "a frame of at least {needed} bytes exceeds the limit of {max} bytes")
            }
            CodecError::Truncated { buffered, needed } => {
                write!(f, "the input ended inside a frame: {buffered} bytes received, at least {needed} needed")
            }
            CodecError::Encode(e) => write!(f, "encoding a frame: {e}"),
        }
    }
}

impl std::error::Error for CodecError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CodecError::Io(e) => Some(e),
            CodecError::Decode(e) | CodecError::Malformed(e) => Some(e),
            CodecError::Encode(e) => Some(e),
            CodecError::TooLarge { .. } | CodecError::Truncated { .. } => None,
        }
    }
}

impl From<io::Error> for CodecError {
    /// [`CodecError::Io`].
    ///
    /// ```
    /// use msgpack_core::codec::CodecError;
    /// let err = CodecError::from(std::io::Error::from(std::io::ErrorKind::ConnectionReset));
    /// assert!(matches!(err, CodecError::Io(_)));
    /// ```
    fn from(e: io::Error) -> Self {
        CodecError::Io(e)
    }
}

impl From<CodecError> for io::Error {
    /// The original error for [`CodecError::Io`], else a new one wrapping it.
    ///
    /// ```
    /// use msgpack_core::codec::CodecError;
    /// let err = std::io::Error::from(CodecError::Truncated { buffered: 1, needed: 3 });
    /// assert_eq!(err.kind(), std::io::ErrorKind::UnexpectedEof);
    /// ```
    fn from(e: CodecError) -> Self {
        match e {
            CodecError::Io(e) => e,
            CodecError::Truncated { .. } => io::Error::new(io::ErrorKind::UnexpectedEof, e),
            CodecError::Encode(_) => io::Error::new(io::ErrorKind::InvalidInput, e),
            other => io::Error::new(io::ErrorKind::InvalidData, other),
        }
    }
}
