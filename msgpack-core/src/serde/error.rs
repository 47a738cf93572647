//! The serializer's error, and `serde::de::Error` for [`decode::Error`].

use alloc::string::{String, ToString};
use core::convert::Infallible;
use core::fmt;

use ::serde::{de, ser};

use crate::decode::{self, ErrorKind, ErrorText, Found, Text};
use crate::encode;

/// Why serializing through [`Serializer`](super::Serializer) failed.
///
/// `E` is the sink's error, as in [`encode::Error`]: `Infallible` for a
/// `Vec<u8>` ([`to_vec`](super::to_vec)), [`EndOfSlice`](encode::EndOfSlice)
/// for a slice, `std::io::Error` for an [`IoWriter`](encode::IoWriter).
/// Deserializing fails with [`decode::Error`] instead, as the derive does.
///
/// ```
/// use msgpack_core::serde::Error;
///
/// /// Refuses to be serialized (`serde::ser::Error::custom`).
/// struct Secret;
/// impl serde::Serialize for Secret {
///     fn serialize<S: serde::Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
///         Err(serde::ser::Error::custom("secrets stay here"))
///     }
/// }
/// let err = msgpack_core::serde::to_vec(&Secret).unwrap_err();
/// assert_eq!(err, Error::Custom("secrets stay here".into()));
///
/// /// Claims to be an ext item without holding `(i8, bytes)`.
/// #[derive(serde::Serialize)]
/// #[serde(rename = "_ExtStruct")]
/// struct NotExt(u8);
/// let err = msgpack_core::serde::to_vec(&NotExt(1)).unwrap_err();
/// assert!(matches!(err, Error::InvalidDataModel(_)));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error<E = Infallible> {
    /// The encoder failed: the sink (full, an I/O error), or a length
    /// MessagePack cannot hold (more than `u32::MAX` elements or bytes).
    Encode(encode::Error<E>),
    /// A `Serialize` impl broke a rule of serde's data model that the
    /// format relies on: an `_ExtStruct` that is not the tuple `(i8,
    /// bytes)`, a sequence, map, tuple or struct with another number of
    /// elements than it declared.
    InvalidDataModel(&'static str),
    /// A message from a `Serialize` impl (`serde::ser::Error::custom`).
    Custom(String),
}

impl<E> Error<E> {
    /// Maps the sink error.
    ///
    /// ```
    /// use msgpack_core::{encode, serde::Error};
    /// let e: Error<u8> = Error::Encode(encode::Error::Write(1));
    /// assert_eq!(e.map_write(u16::from), Error::Encode(encode::Error::Write(1u16)));
    /// ```
    pub fn map_write<F>(self, f: impl FnOnce(E) -> F) -> Error<F> {
        match self {
            Error::Encode(e) => Error::Encode(e.map_write(f)),
            Error::InvalidDataModel(m) => Error::InvalidDataModel(m),
            Error::Custom(m) => Error::Custom(m),
        }
    }
}

impl Error<Infallible> {
    /// The error of an encode into a buffer (which cannot fail to write),
    /// as one of a sink of another kind.
    pub(crate) fn widen<E>(self) -> Error<E> {
        self.map_write(|never| match never {})
    }
}

impl<E> From<encode::Error<E>> for Error<E> {
    #[inline]
    fn from(e: encode::Error<E>) -> Self {
        Error::Encode(e)
    }
}

impl<E: fmt::Display> fmt::Display for Error<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Encode(e) => write!(f, "{e}"),
            Error::InvalidDataModel(m) => write!(f, "invalid serde data model: {m}"),
            Error::Custom(m) => f.write_str(m),
        }
    }
}

impl<E: fmt::Debug + fmt::Display> core::error::Error for Error<E> {}

impl<E: fmt::Debug + fmt::Display> ser::Error for Error<E> {
    #[cold]
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Error::Custom(msg.to_string())
    }
}

#[cfg(feature = "std")]
impl From<Error<std::io::Error>> for std::io::Error {
    /// The I/O error itself, or [`InvalidInput`](std::io::ErrorKind::InvalidInput)
    /// with the message.
    fn from(e: Error<std::io::Error>) -> Self {
        match e {
            Error::Encode(encode::Error::Write(e)) => e,
            other => std::io::Error::new(std::io::ErrorKind::InvalidInput, other.to_string()),
        }
    }
}

/// What a [`decode::Error`] names as the enum of an unknown variant until
/// the deserializer, which knows the enum, puts its name in.
pub(crate) const SOME_ENUM: &str = "the enum";

/// The error of a serde `Deserialize` impl, as the derive reports the same
/// failures: `missing_field` is [`ErrorKind::MissingField`], `unknown_field`
/// [`ErrorKind::UnknownField`], `duplicate_field`
/// [`ErrorKind::DuplicateField`], `unknown_variant`
/// [`ErrorKind::UnknownVariant`] (naming the enum), `invalid_type`,
/// `invalid_value` and `invalid_length` [`ErrorKind::Invalid`] (with the
/// item found in the input), `custom` [`ErrorKind::Message`]. The
/// deserializer of [`msgpack_core::serde`](super) gives each the byte
/// offset of the item being read and its path.
///
/// ```
/// use msgpack_core::decode::{Error, ErrorKind};
/// use serde::de::Error as _;
///
/// let e = Error::missing_field("id");
/// assert_eq!(e.kind(), &ErrorKind::MissingField("id"));
/// assert_eq!(e.to_string(), r#"missing field "id" at $"#); // no offset outside a deserializer
/// ```
impl de::Error for decode::Error {
    #[cold]
    fn custom<T: fmt::Display>(msg: T) -> Self {
        decode::Error::unlocated(ErrorKind::Message(ErrorText::new(msg)))
    }

    #[cold]
    fn invalid_type(unexp: de::Unexpected<'_>, exp: &dyn de::Expected) -> Self {
        invalid(unexp, exp, "type")
    }

    #[cold]
    fn invalid_value(unexp: de::Unexpected<'_>, exp: &dyn de::Expected) -> Self {
        invalid(unexp, exp, "value")
    }

    #[cold]
    fn invalid_length(len: usize, exp: &dyn de::Expected) -> Self {
        let expected = ErrorText::new(format_args!("{exp}"));
        decode::Error::unlocated(ErrorKind::Invalid { expected, found: Found::Array(len) })
    }

    #[cold]
    fn unknown_variant(variant: &str, _expected: &'static [&'static str]) -> Self {
        let found = Found::Str(Text::new(variant));
        decode::Error::unlocated(ErrorKind::UnknownVariant { enum_name: SOME_ENUM, found })
    }

    #[cold]
    fn unknown_field(field: &str, _expected: &'static [&'static str]) -> Self {
        decode::Error::unlocated(ErrorKind::UnknownField(Found::Str(Text::new(field))))
    }

    #[cold]
    fn missing_field(field: &'static str) -> Self {
        decode::Error::unlocated(ErrorKind::MissingField(field))
    }

    #[cold]
    fn duplicate_field(field: &'static str) -> Self {
        decode::Error::unlocated(ErrorKind::DuplicateField(field))
    }
}

fn invalid(unexp: de::Unexpected<'_>, exp: &dyn de::Expected, what: &str) -> decode::Error {
    match found_of(unexp) {
        Some(found) => {
            let expected = ErrorText::new(format_args!("{exp}"));
            decode::Error::unlocated(ErrorKind::Invalid { expected, found })
        }
        // serde's own words for what has no `Found` (a newtype struct, an enum ...).
        None => decode::Error::unlocated(ErrorKind::Message(ErrorText::new(format_args!(
            "invalid {what}: {unexp}, expected {exp}"
        )))),
    }
}

/// The nearest [`Found`] to what serde says it got, if there is one; the
/// deserializer replaces it with the item at the error's offset (which
/// also gives the lengths of arrays and maps, and the width of floats).
fn found_of(unexp: de::Unexpected<'_>) -> Option<Found> {
    use de::Unexpected as U;
    Some(match unexp {
        U::Bool(b) => Found::Bool(b),
        U::Unsigned(v) => Found::UInt(v),
        U::Signed(v) if v < 0 => Found::NegInt(v),
        U::Signed(v) => Found::UInt(v as u64),
        U::Float(v) => Found::F64(v),
        U::Char(c) => Found::Str(Text::new(c.encode_utf8(&mut [0; 4]))),
        U::Str(s) => Found::Str(Text::new(s)),
        U::Bytes(b) => Found::Bin(b.len()),
        U::Unit | U::Option => Found::Nil,
        U::Seq | U::NewtypeVariant | U::TupleVariant | U::StructVariant => Found::Array(0),
        U::Map => Found::Map(0),
        U::NewtypeStruct | U::Enum | U::UnitVariant | U::Other(_) => return None,
    })
}
