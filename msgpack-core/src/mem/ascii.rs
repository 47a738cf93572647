//! The decoder's ASCII shortcut: a `str` payload that is all ASCII is
//! valid UTF-8 without the general validation. Here, with the crate's other
//! `unsafe` code, rather than in the decoder (see the parent module).

/// `bytes` as a `str` when they are all ASCII (one word-wise test, no
/// UTF-8 validation); `None` otherwise.
#[inline(always)]
pub(crate) fn ascii_str(bytes: &[u8]) -> Option<&str> {
    if !bytes.is_ascii() {
        return None;
    }
    // SAFETY: ASCII bytes are valid UTF-8.
    Some(unsafe { core::str::from_utf8_unchecked(bytes) })
}
