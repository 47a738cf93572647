//! What the adapters share: `Option` wrapping and the decode error for a
//! value that does not parse.

use core::fmt;

use crate::decode::{Decoder, Error, ErrorKind, ErrorText};
use crate::encode::{self, Encoder, Write};

/// Writes `None` as `nil` and `Some(v)` with `f`, as serde writes an
/// `Option` (and as its `_option` / `::option` modules do).
#[inline]
pub(crate) fn encode_option<T, W: Write>(
    v: &Option<T>,
    e: &mut Encoder<W>,
    f: impl FnOnce(&T, &mut Encoder<W>) -> Result<(), encode::Error<W::Error>>,
) -> Result<(), encode::Error<W::Error>> {
    match v {
        Some(v) => f(v, e),
        None => e.nil(),
    }
}

/// The encoded length of [`encode_option`].
#[inline]
pub(crate) fn option_len<T>(v: &Option<T>, f: impl FnOnce(&T) -> usize) -> usize {
    v.as_ref().map_or(1, f)
}

/// Reads `nil` as `None`, anything else with `f`.
#[inline]
pub(crate) fn decode_option<'de, T>(
    d: &mut Decoder<'de>,
    f: impl FnOnce(&mut Decoder<'de>) -> Result<T, Error>,
) -> Result<Option<T>, Error> {
    if d.try_nil()? { Ok(None) } else { f(d).map(Some) }
}

/// The error for the item at `at` that was read but is not a valid value
/// (a string that does not parse, a component out of range): what was
/// expected, why, and the item itself (`expected an RFC 3339 date-time
/// (input is out of range), found str "2023-13-01T00:00:00Z"`).
#[cold]
pub(crate) fn invalid(d: &Decoder<'_>, at: usize, expected: &str, why: impl fmt::Display) -> Error {
    if d.is_quiet() {
        // Speculating (an untagged variant): no details, nothing allocated.
        return Error::speculative();
    }
    let expected = ErrorText::new(format_args!("{expected} ({why})"));
    d.error(ErrorKind::Invalid { expected, found: d.found_at(at) }, at)
}
