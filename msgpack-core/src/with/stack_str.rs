//! Text formatted on the stack, for the date-time adapters of `chrono` and
//! `time` (no allocator).

use core::fmt;

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
