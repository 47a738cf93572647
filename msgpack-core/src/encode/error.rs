//! The encode error.

use core::fmt;

/// Why encoding failed.
///
/// `E` is the sink's error: [`EndOfSlice`](super::EndOfSlice) for a slice,
/// `std::io::Error` for an [`IoWriter`](super::IoWriter), and
/// `Infallible` for a `Vec<u8>`, where only [`Error::Unrepresentable`] can
/// happen (a `u128` above `u64::MAX`, more than `u32::MAX` elements).
///
/// ```
/// use msgpack_core::encode::Error;
///
/// let err = msgpack_core::to_vec(&(u64::MAX as u128 + 1)).unwrap_err();
/// assert!(matches!(err, Error::Unrepresentable(_)));
/// assert_eq!(err.to_string(), "cannot encode: u128 outside the 64-bit integer range");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error<E> {
    /// The sink failed (full, or an I/O error).
    Write(E),
    /// The value has no MessagePack representation.
    Unrepresentable(&'static str),
    /// A custom error from a hand-written [`Encode`](super::Encode) impl.
    Custom(&'static str),
}

impl<E> Error<E> {
    /// Maps the sink error.
    ///
    /// ```
    /// use msgpack_core::encode::Error;
    /// let e: Error<u8> = Error::Write(1);
    /// assert_eq!(e.map_write(u16::from), Error::Write(1u16));
    /// ```
    pub fn map_write<F>(self, f: impl FnOnce(E) -> F) -> Error<F> {
        match self {
            Error::Write(e) => Error::Write(f(e)),
            Error::Unrepresentable(m) => Error::Unrepresentable(m),
            Error::Custom(m) => Error::Custom(m),
        }
    }
}

impl<E> From<E> for Error<E> {
    #[inline]
    fn from(e: E) -> Self {
        Error::Write(e)
    }
}

impl<E: fmt::Display> fmt::Display for Error<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Write(e) => write!(f, "write error: {e}"),
            Error::Unrepresentable(m) => write!(f, "cannot encode: {m}"),
            Error::Custom(m) => f.write_str(m),
        }
    }
}

impl<E: fmt::Debug + fmt::Display> core::error::Error for Error<E> {}

#[cfg(feature = "std")]
impl From<Error<std::io::Error>> for std::io::Error {
    fn from(e: Error<std::io::Error>) -> Self {
        match e {
            Error::Write(e) => e,
            other => std::io::Error::new(std::io::ErrorKind::InvalidInput, std::format!("{other}")),
        }
    }
}
