//! The encoded length of a field that user code writes
//! (`#[msgpack(encode_with = "path")]`): counted by writing it once.

use crate::encode::{self, Encoder, Write};

/// A sink that only counts bytes: the exact encoded length of a field
/// written by user code (`#[msgpack(encode_with = "path")]`), which has no
/// length function of its own.
#[derive(Debug, Default)]
pub struct LenCounter(pub usize);

impl Write for LenCounter {
    type Error = core::convert::Infallible;

    #[inline]
    fn write_all(&mut self, buf: &[u8]) -> Result<(), Self::Error> {
        self.0 += buf.len();
        Ok(())
    }
}

/// The number of bytes `f` writes for `v`: `f` runs once into a
/// [`LenCounter`]. An error from `f` itself (a sink cannot fail here, but
/// user code may return `encode::Error::Unrepresentable`) counts the bytes
/// written before it; `encode` then reports the error.
#[inline]
pub fn len_with<T: ?Sized>(
    v: &T,
    f: impl FnOnce(&T, &mut Encoder<LenCounter>) -> Result<(), encode::Error<core::convert::Infallible>>,
) -> usize {
    let mut e = Encoder::new(LenCounter(0));
    let _ = f(v, &mut e);
    e.writer().0
}
