//! The encode side of the contract: a derived struct's `Encode::encode`
//! (its body through the bounded window or item by item), the constants
//! its `MAX_LEN` is built from, and the length of a field that user code
//! writes.

use super::body::EncodeBody;
use crate::encode::bounded::WriteItems;
use crate::encode::{self, Encode, Encoder, Write};

pub use crate::encode::bounded::max_len_sum;
pub use crate::encode::bounded::{BOUNDED_LIMIT, window};

/// A body written with its header, as the bounded window takes it.
struct WithHeader<'a, F, T: ?Sized>(&'a T, core::marker::PhantomData<F>);

impl<F, T: EncodeBody<F> + ?Sized> WriteItems for WithHeader<'_, F, T> {
    #[inline(always)]
    fn write_items<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        self.0.write_body::<true, W>(e)
    }
}

/// A derived struct's `Encode::encode`: a value of a small bound (`MAX_LEN <=
/// BOUNDED_LIMIT`) in a window of `M` bytes of the sink (one room check
/// per value), anything else item by item. `M` is `window(MAX_LEN)`: a
/// constant the derive spells with the type's name (a generic type takes
/// [`encode_struct_unbounded`]). The test is on constants of the type, so
/// only one path is compiled.
///
/// One fast path: a struct of a fixed layout goes through the window too
/// (its template is for slices of it, `Encode::__encode_slice`: one room
/// check for all of them). The template per value cost the same
/// instructions as the window on every workload (callgrind: W5 mesh, game
/// state, save file, W7), and testing for it here for every struct kept
/// W5's save-file `Item::encode` out of its caller's loop (+17%).
#[inline(always)]
pub fn encode_struct<const M: usize, F, T: Encode + EncodeBody<F> + ?Sized, W: Write>(
    v: &T,
    e: &mut Encoder<W>,
) -> Result<(), encode::Error<W::Error>> {
    if T::MAX_LEN <= BOUNDED_LIMIT {
        e.bounded::<M, _>(&WithHeader::<F, T>(v, core::marker::PhantomData))
    } else {
        v.write_body::<true, W>(e)
    }
}

/// [`encode_struct`] for a generic type, whose bound cannot size a
/// window (a constant generic argument may not depend on a type
/// parameter): item by item.
#[inline(always)]
pub fn encode_struct_unbounded<F, T: Encode + EncodeBody<F> + ?Sized, W: Write>(
    v: &T,
    e: &mut Encoder<W>,
) -> Result<(), encode::Error<W::Error>> {
    v.write_body::<true, W>(e)
}

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
