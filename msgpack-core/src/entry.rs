//! The top-level entry points (re-exported at the crate root): one family
//! of names, the same as in [`serde`](mod@crate::serde). See "Entry points"
//! in the crate docs for the table.

use crate::decode::{self, Decode, DecodeOptions, Decoder};
use crate::encode::{self, Encode, Encoder};
#[cfg(feature = "alloc")]
use crate::encode::{append_exact, append_spare, or_retry};

/// Encodes `value` into a new `Vec`, allocating exactly once (feature `alloc`).
///
/// Fails only for values MessagePack cannot represent (a `u128` above
/// `u64::MAX`, a sequence of more than `u32::MAX` elements), and for an
/// `Encode` impl that breaks its contract (below).
///
/// The buffer is sized by [`Encode::encoded_len`] and written as a slice
/// (no growth checks per item). Against one pass into a growing `Vec`, the
/// length pass wins where lengths are cheap to compute (numbers, fixed-size
/// structs, short strings) and loses on streams of random small integers of
/// varying width, where measuring repeats the write's choice of a form for
/// every value.
/// To encode many messages, reuse one buffer with [`append_to_vec`]. A type
/// whose `encoded_len` costs as much as encoding (text formatted by
/// `Display`, say) sets [`Encode::COSTLY_LEN`], and `to_vec` then writes
/// into a growing `Vec` without measuring.
///
/// `encoded_len` must be exact ([`Encode`]'s contract; the derive's is). A
/// hand-written one that returns fewer bytes than `encode` writes makes
/// this fail with [`Error::Custom`](encode::Error::Custom) (never a panic,
/// never a short or corrupt buffer); one that returns more wastes capacity.
///
/// ```
/// let bytes = msgpack_core::to_vec(&[1u16, 300])?;
/// assert_eq!(bytes, [0x92, 0x01, 0xcd, 0x01, 0x2c]);
/// # Ok::<(), msgpack_core::encode::Error<core::convert::Infallible>>(())
/// ```
#[cfg(feature = "alloc")]
#[inline]
pub fn to_vec<T: Encode + ?Sized>(value: &T) -> Result<alloc::vec::Vec<u8>, encode::Error<core::convert::Infallible>> {
    encode::encoded_vec(value)
}

/// Appends the encoding of `value` to `out` (feature `alloc`).
///
/// One pass when `out`'s spare capacity already holds the encoding (a
/// buffer reused across messages): the value is written straight into it,
/// with one bounds check per item and no length pass. Otherwise (a new or
/// too small buffer) it reserves [`Encode::encoded_len`] and writes again:
/// one allocation at most (for a type whose [`Encode::COSTLY_LEN`] is set,
/// it grows `out` as it writes instead of measuring). On an error `out`
/// keeps its old contents.
///
/// ```
/// let mut out = vec![0xc3];
/// msgpack_core::append_to_vec(&"hi", &mut out)?;
/// assert_eq!(out, [0xc3, 0xa2, b'h', b'i']);
///
/// // Reused: cleared, the capacity kept, one pass per message.
/// out.clear();
/// msgpack_core::append_to_vec(&[1u16, 2], &mut out)?;
/// assert_eq!(out, [0x92, 0x01, 0x02]);
/// # Ok::<(), msgpack_core::encode::Error<core::convert::Infallible>>(())
/// ```
#[cfg(feature = "alloc")]
#[inline]
pub fn append_to_vec<T: Encode + ?Sized>(
    value: &T,
    out: &mut alloc::vec::Vec<u8>,
) -> Result<(), encode::Error<core::convert::Infallible>> {
    let first = append_spare(value, out);
    or_retry(first, || {
        if T::COSTLY_LEN {
            return encode::append_growing(value, out);
        }
        out.reserve(value.encoded_len());
        append_exact(value, out)
    })
}

/// Encodes `value` into `buf` and returns the number of bytes written.
///
/// One pass, no length computation first: each item is bounds-checked as
/// it is written. If the value does not fit, fails with
/// [`encode::EndOfSlice`]; `buf` then holds a prefix of the encoding (the
/// items that fitted) and nothing is written past its end. To fail before
/// writing anything, compare [`Encode::encoded_len`] with `buf.len()` first.
///
/// ```
/// let mut buf = [0u8; 8];
/// let n = msgpack_core::to_slice(&-1i64, &mut buf)?;
/// assert_eq!(&buf[..n], &[0xff]);
/// assert!(msgpack_core::to_slice(&"too long for it", &mut buf).is_err());
/// # Ok::<(), msgpack_core::encode::Error<msgpack_core::encode::EndOfSlice>>(())
/// ```
#[inline]
pub fn to_slice<T: Encode + ?Sized>(value: &T, buf: &mut [u8]) -> Result<usize, encode::Error<encode::EndOfSlice>> {
    let mut e = Encoder::new(encode::SliceWriter::new(buf));
    value.encode(&mut e)?;
    Ok(e.writer().position())
}

/// Encodes `value` into a `std::io::Write` (feature `std`).
///
/// Small items become small `write_all` calls: pass a buffered writer.
/// For any other sink ([`encode::Write`]), use an [`Encoder`] over it.
///
/// ```
/// let mut out = Vec::new();
/// msgpack_core::to_writer(&true, &mut out)?;
/// assert_eq!(out, [0xc3]);
/// # Ok::<(), msgpack_core::encode::Error<std::io::Error>>(())
/// ```
#[cfg(feature = "std")]
#[inline]
pub fn to_writer<T: Encode + ?Sized, W: std::io::Write>(
    value: &T,
    writer: W,
) -> Result<(), encode::Error<std::io::Error>> {
    value.encode(&mut Encoder::new(encode::IoWriter::new(writer)))
}

/// Decodes one `T` from `bytes`; bytes left after it are an error
/// ([`decode::ErrorKind::TrailingBytes`]). Uses the default [`DecodeOptions`].
///
/// ```
/// let s: &str = msgpack_core::from_slice(&[0xa3, b'a', b'b', b'c'])?;
/// assert_eq!(s, "abc");
/// assert!(msgpack_core::from_slice::<u8>(&[0x01, 0x02]).is_err());
/// # Ok::<(), msgpack_core::decode::Error>(())
/// ```
#[inline]
pub fn from_slice<'de, T: Decode<'de>>(bytes: &'de [u8]) -> Result<T, decode::Error> {
    from_slice_with(bytes, &DecodeOptions::new())
}

/// [`from_slice`] with explicit options.
///
/// ```
/// use msgpack_core::{from_slice_with, DecodeOptions};
/// let deep = [0x91, 0x91, 0x90]; // [[[]]]
/// assert!(from_slice_with::<Vec<Vec<Vec<u8>>>>(&deep, &DecodeOptions::new().max_depth(2)).is_err());
/// ```
#[inline]
pub fn from_slice_with<'de, T: Decode<'de>>(bytes: &'de [u8], opts: &DecodeOptions) -> Result<T, decode::Error> {
    let mut d = Decoder::with_options(bytes, *opts);
    let value = T::decode(&mut d)?;
    d.finish()?;
    Ok(value)
}

/// Reads one `T` from a `std::io::Read` (feature `std`), with the default
/// [`DecodeOptions`]: the whole input is one value, as for [`from_slice`].
///
/// What [`from_read_with`] says holds: the input is read up to the end of
/// the value and one read beyond (bytes after the value are an error), and
/// a value longer than [`DEFAULT_MAX_MESSAGE_LEN`](decode::DEFAULT_MAX_MESSAGE_LEN)
/// (64 MiB) is refused as soon as its headers show it. The value is owned
/// ([`DecodeOwned`](crate::DecodeOwned)): the bytes it was read from are
/// dropped. For several values one after another, or a connection that
/// stays open, use a [`StreamDecoder`](decode::StreamDecoder).
///
/// ```
/// let file = std::io::Cursor::new(vec![0x92, 0xa2, b'h', b'i', 0x07]); // or a File
/// let (word, n): (String, u8) = msgpack_core::from_read(file)?;
/// assert_eq!((word.as_str(), n), ("hi", 7));
/// assert!(msgpack_core::from_read::<u8, _>(&[0x92, 0x01][..]).is_err()); // truncated
/// # Ok::<(), msgpack_core::decode::StreamError>(())
/// ```
#[cfg(feature = "std")]
#[inline]
pub fn from_read<T: crate::DecodeOwned, R: std::io::Read>(reader: R) -> Result<T, decode::StreamError> {
    from_read_with(reader, &DecodeOptions::new())
}

/// [`from_read`] with explicit options (feature `std`).
///
/// The bytes are read in blocks into a buffer that grows with what has
/// arrived, never with what a length prefix claims, and the options'
/// limits (depth, lengths) are checked as the headers arrive, before the
/// bytes they announce are waited for (a [`Framer`](decode::Framer)). The
/// value may take at most [`max_alloc`](DecodeOptions::max_alloc) bytes on
/// the wire, or [`DEFAULT_MAX_MESSAGE_LEN`](decode::DEFAULT_MAX_MESSAGE_LEN)
/// (64 MiB) when the options leave `max_alloc` unlimited (the default):
/// a longer one is [`StreamError::TooLarge`](decode::StreamError::TooLarge),
/// so a hostile length or a reader that never ends costs at most about
/// twice that limit. To read more with unlimited allocation, use a
/// [`StreamDecoder`](decode::StreamDecoder) and its `max_message_len`.
///
/// Errors: the reader's ([`Io`](decode::StreamError::Io)), an input that
/// ends inside the value or before it
/// ([`Truncated`](decode::StreamError::Truncated)), a broken limit or
/// bytes that are not MessagePack ([`Malformed`](decode::StreamError::Malformed)),
/// and a value that is not a `T` or bytes after it
/// ([`Decode`](decode::StreamError::Decode), as [`from_slice_with`] gives).
///
/// ```
/// use msgpack_core::decode::StreamError;
/// use msgpack_core::{from_read_with, DecodeOptions};
///
/// let opts = DecodeOptions::untrusted(); // messages of at most 64 MiB
/// let v: Vec<u32> = from_read_with(&[0x92, 0x01, 0x02][..], &opts)?;
/// assert_eq!(v, [1, 2]);
///
/// // A `bin` claiming 4 GiB is refused from its header, nothing buffered.
/// let claim = [0xc6, 0xff, 0xff, 0xff, 0xff];
/// let err = from_read_with::<Vec<u8>, _>(&claim[..], &DecodeOptions::new().max_bin_len(u32::MAX).max_alloc(1 << 20));
/// assert!(matches!(err, Err(StreamError::TooLarge { .. })));
/// // A reader that never ends: bytes after the value are an error.
/// assert!(from_read_with::<u8, _>(std::io::repeat(0x01), &opts).is_err());
/// # Ok::<(), StreamError>(())
/// ```
#[cfg(feature = "std")]
#[inline]
pub fn from_read_with<T: crate::DecodeOwned, R: std::io::Read>(
    reader: R,
    opts: &DecodeOptions,
) -> Result<T, decode::StreamError> {
    decode::read_whole(reader, opts, |bytes, opts| from_slice_with(bytes, opts))
}

/// Decodes one `T` from a [`bytes::Bytes`] with the default
/// [`DecodeOptions`] (feature `bytes`): `Bytes` fields share `bytes`'
/// memory instead of copying. Trailing bytes are an error.
///
/// ```
/// use bytes::Bytes;
/// let input = Bytes::from(vec![0x92, 0xc4, 1, 7, 0xc4, 1, 8]);
/// let parts: Vec<Bytes> = msgpack_core::from_bytes(&input)?;
/// assert_eq!(parts, [Bytes::from_static(&[7]), Bytes::from_static(&[8])]);
/// # Ok::<(), msgpack_core::decode::Error>(())
/// ```
#[cfg(feature = "bytes")]
#[inline]
pub fn from_bytes<'de, T: Decode<'de>>(bytes: &'de bytes::Bytes) -> Result<T, decode::Error> {
    from_bytes_with(bytes, &DecodeOptions::new())
}

/// [`from_bytes`] with explicit options (feature `bytes`; before 0.2 this
/// was `from_bytes(bytes, opts)`).
///
/// ```
/// use bytes::Bytes;
/// use msgpack_core::DecodeOptions;
/// let input = Bytes::from(vec![0xc4, 3, 1, 2, 3]);
/// let b: Bytes = msgpack_core::from_bytes_with(&input, &DecodeOptions::new())?;
/// assert_eq!(b.as_ptr(), input[2..].as_ptr()); // no copy
/// assert!(msgpack_core::from_bytes_with::<Bytes>(&input, &DecodeOptions::new().max_bin_len(2)).is_err());
/// # Ok::<(), msgpack_core::decode::Error>(())
/// ```
#[cfg(feature = "bytes")]
#[inline]
pub fn from_bytes_with<'de, T: Decode<'de>>(
    bytes: &'de bytes::Bytes,
    opts: &DecodeOptions,
) -> Result<T, decode::Error> {
    let mut d = Decoder::from_bytes(bytes, *opts);
    let value = T::decode(&mut d)?;
    d.finish()?;
    Ok(value)
}
