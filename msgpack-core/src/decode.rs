//! Decoding: the [`Decode`] trait, the [`Decoder`], errors and limits.
//!
//! A [`Decoder`] reads items from a `&'de [u8]`; [`Decode<'de>`](Decode) is
//! implemented by types that can be read from it, possibly borrowing from the
//! input (`&'de str`, `&'de [u8]`, `Cow<'de, str>`).
//!
//! ```
//! use msgpack_core::Decoder;
//!
//! let input = [0x82, 0xa1, b'a', 0x01, 0xa1, b'b', 0xc3];
//! let mut d = Decoder::new(&input);
//! let n = d.map_len()?;
//! let mut pairs = Vec::new();
//! for _ in 0..n {
//!     let key: &str = d.str()?;
//!     let value = d.raw_value()?; // whatever it is
//!     pairs.push((key, value));
//! }
//! assert_eq!(pairs, [("a", &[0x01][..]), ("b", &[0xc3][..])]);
//! # Ok::<(), msgpack_core::decode::Error>(())
//! ```
//!
//! # Streams
//!
//! A value is self-delimiting, so messages can follow each other on a
//! connection or in a file with no length prefix. [`message_len`] says
//! where the first message in a buffer ends (or that more bytes are
//! needed), [`Framer`] does the same for a buffer that fills up over time,
//! resuming where it stopped, and [`StreamDecoder`] (feature `std`) reads
//! messages from any `std::io::Read`.

// The decoder (`decoder.rs`, its rarer parts in `decoder/` by concern) reads
// each item from the input; its errors are `error.rs` (with `error_text.rs`,
// the text an error may hold), its limits `options.rs`. Its fast path, beside
// it as the encoder's beside the encoder: the fixed-layout templates
// (`fixed.rs`, as `encode/fixed.rs`). For the derive and the collections: map
// keys (`key.rs`), the errors of derived types (`reject.rs`), the element
// loop of collections (`collect.rs`); messages on a stream: `stream.rs`.
// Here: the `Decode` trait.
#[cfg(feature = "alloc")]
pub(crate) mod collect;
mod decoder;
mod error;
mod error_text;
mod fixed;
pub(crate) mod key;
mod options;
pub(crate) mod reject;
mod stream;

pub use decoder::{Decoder, SPECULATION_BASE, SPECULATION_PER_BYTE};
pub use error::{Error, ErrorKind, Found, Limit, MAX_INLINE_SEGMENTS, PathDisplay, Segment, Text};
pub use error_text::ErrorText;
pub use options::DecodeOptions;
#[cfg(feature = "std")]
pub(crate) use stream::read_whole;
#[cfg(feature = "std")]
pub use stream::{DEFAULT_MAX_MESSAGE_LEN, StreamDecoder, StreamError};
pub use stream::{Framer, message_len};

/// A type that can be read from MessagePack, possibly borrowing from the
/// input for `'de`.
///
#[doc = include_str!("hand_written_colour.md")]
///
/// The [`hand_written`](crate::hand_written) page has an example for each
/// common shape and the rules the derive relies on: read exactly one item,
/// errors at the item's position ([`Decoder::type_error`],
/// [`Decoder::invalid_value`], [`Decoder::error`]).
///
/// Impls of containers must call [`Decoder::enter`] / [`Decoder::leave`]
/// around their elements (that is what bounds recursion) and should add
/// their position to errors on the way out with
/// [`Error::at_index`] / [`Error::at_field`].
///
/// ```
/// use msgpack_core::{Decode, Decoder, decode::Error};
///
/// #[derive(Debug, PartialEq)]
/// struct Point { x: i32, y: i32 }
///
/// impl<'de> Decode<'de> for Point {
///     fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
///         let at = d.position();
///         if d.array_len()? != 2 {
///             return Err(Error::custom("expected [x, y]", at));
///         }
///         d.enter()?;
///         let x = d.i32().map_err(|e| e.at_index(0))?;
///         let y = d.i32().map_err(|e| e.at_index(1))?;
///         d.leave();
///         Ok(Point { x, y })
///     }
/// }
///
/// assert_eq!(msgpack_core::from_slice::<Point>(&[0x92, 0x01, 0xff])?, Point { x: 1, y: -1 });
/// # Ok::<(), Error>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be decoded from MessagePack (`Decode` is not implemented)",
    note = "derive `MsgPack` for it; for a type of another crate, decode the field with `#[msgpack(with = \"module\")]`, wrap the type in a newtype that implements `Decode`, or (if it implements serde's `Deserialize`) mark the field `#[msgpack(serde)]`"
)]
pub trait Decode<'de>: Sized {
    /// Reads one value.
    ///
    /// ```
    /// use msgpack_core::{Decode, Decoder};
    ///
    /// let mut d = Decoder::new(&[0xa2, b'h', b'i', 0xcd, 0x01, 0x2c]);
    /// assert_eq!(<&str>::decode(&mut d)?, "hi");
    /// assert_eq!(u16::decode(&mut d)?, 300);
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error>;

    /// The type's fixed layout (see [`Encode`](crate::Encode)'s and
    /// [`layout`](crate::layout)); a type with a layout implements
    /// [`__read_fixed`](Decode::__read_fixed).
    #[doc(hidden)]
    const __LAYOUT: crate::layout::Layout = crate::layout::Layout::NONE;

    /// Reads a value from its template: `bytes` are exactly
    /// `__LAYOUT.len` bytes that matched the layout. `None` only from a
    /// type without a layout (the default), which is never asked.
    #[doc(hidden)]
    #[inline(always)]
    fn __read_fixed(bytes: &'de [u8]) -> Option<Self> {
        let _ = bytes;
        None
    }

    /// Reads a sequence of `Self` into a `Vec` (an array by default; with a
    /// fixed layout, one input length check for all the elements).
    ///
    /// Not public API: `u8` overrides it to read byte buffers from `bin`.
    #[doc(hidden)]
    #[cfg(feature = "alloc")]
    #[inline]
    fn __decode_vec(d: &mut Decoder<'de>) -> Result<alloc::vec::Vec<Self>, Error> {
        if Self::__LAYOUT.is_fixed() {
            return d.fixed_vec();
        }
        let at = d.position();
        let len = d.array_len()?;
        d.charge_elements::<Self>(len, at)?;
        d.enter()?;
        let v = collect::collect::<Self, _, _>(
            d,
            len,
            1,
            alloc::vec::Vec::with_capacity,
            |d, i| Self::decode(d).map_err(|e| e.at_index(i)),
            alloc::vec::Vec::push,
        )?;
        d.leave();
        Ok(v)
    }

    /// Reads a sequence of `Self` into a `Cow` (an owned `Vec` by default).
    ///
    /// Not public API: `u8` overrides it to borrow a `bin` from the input.
    #[doc(hidden)]
    #[cfg(feature = "alloc")]
    #[inline]
    fn __decode_cow<'a>(d: &mut Decoder<'de>) -> Result<alloc::borrow::Cow<'a, [Self]>, Error>
    where
        Self: Clone + 'a,
        'de: 'a,
    {
        Self::__decode_vec(d).map(alloc::borrow::Cow::Owned)
    }

    /// Reads a sequence of at most `capacity` elements of `Self`, handing
    /// each to `push` (an array by default), for containers of a fixed
    /// capacity. A longer sequence is an [`ErrorKind::CapacityExceeded`] at
    /// its header, before any element is read.
    ///
    /// Not public API: `u8` overrides it to read a `bin` too.
    #[doc(hidden)]
    #[inline]
    fn __decode_bounded(d: &mut Decoder<'de>, capacity: usize, mut push: impl FnMut(Self)) -> Result<(), Error> {
        let at = d.position();
        let len = d.array_len()?;
        if len > capacity {
            return Err(d.error(ErrorKind::CapacityExceeded { capacity, found: len }, at));
        }
        d.enter()?;
        for i in 0..len {
            push(Self::decode(d).map_err(|e| e.at_index(i))?);
        }
        d.leave();
        Ok(())
    }

    /// Reads exactly `N` elements of `Self` (an array by default).
    ///
    /// Not public API: `u8` overrides it to read `[u8; N]` from `bin`.
    #[doc(hidden)]
    #[inline]
    fn __decode_array<const N: usize>(d: &mut Decoder<'de>) -> Result<[Self; N], Error> {
        let at = d.position();
        let len = d.array_len()?;
        if len != N {
            return Err(d.error(ErrorKind::InvalidLength { expected: N, found: len }, at));
        }
        d.enter()?;
        let arr = crate::array::try_array_from_fn(|i| Self::decode(d).map_err(|e| e.at_index(i)))?;
        d.leave();
        Ok(arr)
    }
}

// The typed read of the decoder: here, beside the trait, so that the
// decoder itself (the reading of items) does not depend on it.
impl<'de> Decoder<'de> {
    /// Decodes the next value as `T`.
    ///
    /// ```
    /// let mut d = msgpack_core::Decoder::new(&[0x92, 0x01, 0x02]);
    /// let v: Vec<u16> = d.decode()?;
    /// assert_eq!(v, [1, 2]);
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline]
    pub fn decode<T: Decode<'de>>(&mut self) -> Result<T, Error> {
        T::decode(self)
    }
}

/// A type that decodes without borrowing from the input.
///
/// ```
/// fn load<T: msgpack_core::DecodeOwned>(bytes: Vec<u8>) -> T {
///     msgpack_core::from_slice(&bytes).unwrap()
/// }
/// assert_eq!(load::<String>(vec![0xa1, b'x']), "x");
/// ```
pub trait DecodeOwned: for<'de> Decode<'de> {}

impl<T: for<'de> Decode<'de>> DecodeOwned for T {}

/// Decodes one `T` from the whole input of `d`: bytes left after it are an
/// error ([`ErrorKind::TrailingBytes`]). What the crate root's `from_slice`
/// and its kin do, for the modules below it (streams, `RawRef`, the codec).
#[inline]
pub(crate) fn decode_whole<'de, T: Decode<'de>>(mut d: Decoder<'de>) -> Result<T, Error> {
    let value = T::decode(&mut d)?;
    d.finish()?;
    Ok(value)
}
