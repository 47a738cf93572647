//! Map keys as derived decoders read them: a `str` key's raw payload, an
//! integer, or anything else (skipped).

use crate::decode::{self, Decoder};
use crate::marker::Marker;

/// A map key as derived decoders see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key<'de> {
    /// A `str` key's raw payload (not UTF-8 validated: it is only compared).
    Str(&'de [u8]),
    /// An integer key.
    Int(i128),
    /// Any other key (skipped).
    Other,
}

/// Reads a map key for field matching (a `bin` key too, compared as a
/// `str` one, with [`str_bin_compat`](crate::DecodeOptions::str_bin_compat())).
#[inline]
pub fn read_key<'de>(d: &mut Decoder<'de>) -> Result<Key<'de>, decode::Error> {
    match d.peek()? {
        Marker::Str => d.str_bytes().map(Key::Str),
        Marker::UInt | Marker::Int => d.i128().map(Key::Int),
        _ => other_key(d),
    }
}

/// A key that is neither a `str` nor an integer: skipped, or with
/// `str_bin_compat` a `bin` read as a `str` key. Out of line: the option
/// costs the keys of the common kinds nothing (a check in `read_key` itself
/// showed in a derived map-form struct's decode, callgrind, though its
/// in-order fast path never reaches it).
#[inline(never)]
fn other_key<'de>(d: &mut Decoder<'de>) -> Result<Key<'de>, decode::Error> {
    if d.options().str_bin_compat && d.peek()? == Marker::Bin {
        return d.bin().map(Key::Str);
    }
    d.skip().map(|()| Key::Other)
}
