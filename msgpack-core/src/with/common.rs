//! What the adapters share: `Option` wrapping, text formatted on the stack
//! (no allocator), and the decode error for a value that does not parse.

use core::fmt;

use crate::decode::{Decoder, Error, ErrorKind, Message};
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
    let expected = Message::new(format_args!("{expected} ({why})"));
    d.error(ErrorKind::Invalid { expected, found: d.found_at(at) }, at)
}

/// A string of at most `N` bytes formatted on the stack: date-times are
/// formatted without an allocator. Writing more fails (`fmt::Error`).
pub(crate) struct StackStr<const N: usize> {
    buf: [u8; N],
    len: usize,
}

impl<const N: usize> StackStr<N> {
    /// An empty string, to `write!` into.
    pub(crate) fn new() -> Self {
        StackStr { buf: [0; N], len: 0 }
    }

    /// Formats `args`; `None` if they fail or do not fit.
    pub(crate) fn format(args: fmt::Arguments<'_>) -> Option<Self> {
        let mut s = StackStr::new();
        fmt::write(&mut s, args).ok()?;
        Some(s)
    }

    /// The text written.
    pub(crate) fn as_str(&self) -> &str {
        // Only whole `&str`s are appended, so this is always UTF-8.
        core::str::from_utf8(&self.buf[..self.len]).unwrap_or_default()
    }
}

impl<const N: usize> fmt::Write for StackStr<N> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len.checked_add(s.len()).filter(|&end| end <= N).ok_or(fmt::Error)?;
        self.buf[self.len..end].copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}
