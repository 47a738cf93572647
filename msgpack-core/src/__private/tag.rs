//! An internally tagged enum's tag among the entries of a map: found ahead,
//! skipped the one time it is expected, refused when it comes twice.

use crate::decode::key::{Key, read_key};
use crate::decode::reject::duplicate_field;
use crate::decode::{self, Decoder};

/// An enum's internal tag as the map reader of a variant sees it: its key,
/// and whether it is still to come (found ahead by [`find_tag`]) or was
/// already read (it came first). Meeting it when it is not pending is a
/// duplicate.
#[derive(Clone, Copy, Debug)]
pub struct TagKey {
    /// The tag's key.
    pub name: &'static str,
    /// Whether the reader will meet it once among the entries.
    pub pending: bool,
}

impl TagKey {
    /// Whether `key` is the tag's key.
    #[inline]
    pub fn is(&self, key: &[u8]) -> bool {
        self.name.as_bytes() == key
    }

    /// The tag's key was read at `key_at`: skip its value the one time it
    /// is expected, report a duplicate otherwise.
    #[inline]
    pub fn seen(&mut self, d: &mut Decoder<'_>, key_at: usize) -> Result<(), decode::Error> {
        if self.pending {
            self.pending = false;
            d.skip()
        } else {
            Err(duplicate_field(d, self.name, key_at))
        }
    }
}

/// Finds an internal tag among the `len` entries that follow (without
/// moving `d`): the tag's raw `str` payload and its offset, or `None`.
#[inline(never)]
pub fn find_tag<'de>(d: &Decoder<'de>, len: usize, tag: &[u8]) -> Result<Option<(&'de [u8], usize)>, decode::Error> {
    let mut s = d.clone();
    for _ in 0..len {
        if let Key::Str(k) = read_key(&mut s)?
            && k == tag
        {
            let at = s.position();
            return s.str_bytes().map(|v| Some((v, at)));
        }
        s.skip()?;
    }
    Ok(None)
}

/// Skips the `n` remaining entries of an internally tagged variant that
/// reads no fields of its own (a unit variant, the `other` variant),
/// refusing its tag's key when it comes again (a duplicate, at its key).
#[inline(never)]
pub fn skip_entries_but_tag(d: &mut Decoder<'_>, n: usize, tag: &mut Option<TagKey>) -> Result<(), decode::Error> {
    for _ in 0..n {
        let key_at = d.position();
        match read_key(d)? {
            Key::Str(k) if tag.is_some_and(|t| t.is(k)) => {
                if let Some(t) = tag.as_mut() {
                    t.seen(d, key_at)?;
                }
            }
            _ => d.skip()?,
        }
    }
    Ok(())
}

/// Refuses a map at `at` (the decoder's input, not moved) that holds the
/// key `tag` more than once: before an internally tagged enum's raw
/// `other` variant keeps the whole map, as the known variants refuse it.
#[inline(never)]
pub fn single_tag(d: &Decoder<'_>, at: usize, tag: &'static str) -> Result<(), decode::Error> {
    let mut s = d.clone();
    s.rewind(at);
    let len = s.map_len()?;
    let mut seen = false;
    for _ in 0..len {
        let key_at = s.position();
        if let Key::Str(k) = read_key(&mut s)?
            && k == tag.as_bytes()
        {
            if seen {
                return Err(duplicate_field(d, tag, key_at));
            }
            seen = true;
        }
        s.skip()?;
    }
    Ok(())
}
