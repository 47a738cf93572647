//! `#[msgpack(as_array)]`: a byte buffer written as an array of integers.

use crate::encode::{self, Encoder, Write};

/// A byte buffer written as an array of integers (`as_array`): the header,
/// then each byte in its smallest form.
#[inline]
pub fn bytes_as_array<W: Write>(bytes: &[u8], e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
    e.array_len(bytes.len())?;
    for &b in bytes {
        e.u8(b)?;
    }
    Ok(())
}

/// The encoded length of [`bytes_as_array`].
#[inline]
pub fn bytes_as_array_len(bytes: &[u8]) -> usize {
    encode::array_header_size(bytes.len()) + bytes.iter().map(|&b| if b < 0x80 { 1 } else { 2 }).sum::<usize>()
}
