//! [`ErrorText`]: text made at run time that a decode error carries (the
//! `Display` of a `TryFrom` error, say). Not the input's text: the start
//! of a `str` found in the input is a [`Text`](super::Text).

use core::fmt;

/// Text formatted when an error happens: the whole text with `alloc`,
/// its first [`ErrorText::INLINE_CAPACITY`] bytes (cut at a character
/// boundary) without.
///
/// ```
/// let m = msgpack_core::decode::ErrorText::new(format_args!("{} is not {}", 7, "even"));
/// assert_eq!(m.as_str(), "7 is not even");
/// assert!(!m.is_truncated());
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct ErrorText {
    #[cfg(feature = "alloc")]
    text: alloc::string::String,
    #[cfg(not(feature = "alloc"))]
    buf: [u8; ErrorText::INLINE_CAPACITY],
    #[cfg(not(feature = "alloc"))]
    len: usize,
    truncated: bool,
}

impl ErrorText {
    /// How many bytes are kept without `alloc`.
    pub const INLINE_CAPACITY: usize = 48;

    /// Formats `text`.
    ///
    /// ```
    /// let m = msgpack_core::decode::ErrorText::new("out of range");
    /// assert_eq!(m.to_string(), "out of range");
    /// ```
    pub fn new(text: impl fmt::Display) -> Self {
        #[cfg(feature = "alloc")]
        {
            // Measured first, then written into a string of that exact
            // size: no doubling buffer (an untagged enum's reasons run to a
            // few hundred bytes, and the allocation bound counts them).
            struct Count(usize);
            impl fmt::Write for Count {
                fn write_str(&mut self, s: &str) -> fmt::Result {
                    self.0 += s.len();
                    Ok(())
                }
            }
            let mut count = Count(0);
            let _ = fmt::write(&mut count, format_args!("{text}"));
            let mut out = alloc::string::String::with_capacity(count.0);
            let _ = fmt::write(&mut out, format_args!("{text}"));
            ErrorText { text: out, truncated: false }
        }
        #[cfg(not(feature = "alloc"))]
        {
            let mut m = ErrorText { buf: [0; ErrorText::INLINE_CAPACITY], len: 0, truncated: false };
            let _ = fmt::write(&mut m, format_args!("{text}"));
            m
        }
    }

    /// The text.
    ///
    /// ```
    /// assert_eq!(msgpack_core::decode::ErrorText::new("x").as_str(), "x");
    /// ```
    pub fn as_str(&self) -> &str {
        #[cfg(feature = "alloc")]
        {
            &self.text
        }
        #[cfg(not(feature = "alloc"))]
        {
            // Only whole characters are ever appended (see `write_str`).
            core::str::from_utf8(&self.buf[..self.len]).unwrap_or_default()
        }
    }

    /// Whether the text was cut (only without `alloc`).
    ///
    /// ```
    /// assert!(!msgpack_core::decode::ErrorText::new("short").is_truncated());
    /// ```
    pub fn is_truncated(&self) -> bool {
        self.truncated
    }
}

/// Appends whole characters while they fit.
#[cfg(not(feature = "alloc"))]
impl fmt::Write for ErrorText {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let room = ErrorText::INLINE_CAPACITY - self.len;
        let mut take = s.len().min(room);
        while !s.is_char_boundary(take) {
            take -= 1;
        }
        self.buf[self.len..self.len + take].copy_from_slice(&s.as_bytes()[..take]);
        self.len += take;
        if take < s.len() {
            self.truncated = true;
        }
        Ok(())
    }
}

impl fmt::Display for ErrorText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())?;
        if self.truncated { f.write_str("…") } else { Ok(()) }
    }
}

impl fmt::Debug for ErrorText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}
