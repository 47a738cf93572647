//! Encoding into a `Vec` (feature `alloc`): straight into its spare
//! capacity when that holds the encoding, else after reserving
//! [`encoded_len`](Encode::encoded_len); the bodies of the crate root's
//! `Vec` entry points and of `Raw::encode`.

use core::convert::Infallible;

use super::write::write_spare;
use super::{Encode, Encoder, EndOfSlice, Error, Write};

/// The encoding of `value` in a new `Vec` of exactly its
/// [`encoded_len`](Encode::encoded_len) (one allocation).
#[inline]
pub(crate) fn encoded_vec<T: Encode + ?Sized>(value: &T) -> Result<alloc::vec::Vec<u8>, Error<Infallible>> {
    let mut out = alloc::vec::Vec::with_capacity(value.encoded_len());
    append_exact(value, &mut out)?;
    Ok(out)
}

/// The result of a spare-capacity encode, with `retry` run in place of its
/// `EndOfSlice` (the spare capacity was short); its other errors as they are.
#[inline(always)]
pub(crate) fn or_retry(
    first: Result<(), Error<EndOfSlice>>,
    retry: impl FnOnce() -> Result<(), Error<Infallible>>,
) -> Result<(), Error<Infallible>> {
    match first {
        Ok(()) => Ok(()),
        Err(Error::Write(EndOfSlice)) => retry(),
        Err(Error::Unrepresentable(what)) => Err(Error::Unrepresentable(what)),
        Err(Error::Custom(what)) => Err(Error::Custom(what)),
    }
}

/// Writes `value` into the spare capacity of `out` and extends `out` past
/// it; `EndOfSlice` (and `out` unchanged) if the spare capacity is short.
#[inline(always)]
pub(crate) fn append_spare<T: Encode + ?Sized>(
    value: &T,
    out: &mut alloc::vec::Vec<u8>,
) -> Result<(), Error<EndOfSlice>> {
    write_spare(out, |w| {
        let mut e = Encoder::new(w);
        value.encode(&mut e)?;
        Ok(e.into_writer())
    })
}

/// [`append_spare`] where the capacity was reserved from `encoded_len`:
/// should a hand-written `encoded_len` fall short, encodes again into the
/// growing `Vec` (correct, one allocation more, a call per write).
#[inline(always)]
pub(crate) fn append_exact<T: Encode + ?Sized>(
    value: &T,
    out: &mut alloc::vec::Vec<u8>,
) -> Result<(), Error<Infallible>> {
    let first = append_spare(value, out);
    or_retry(first, || {
        // A second encoder of the value for this rare path, through `dyn
        // Write` (each write a call: the smallest instance). Into `&mut
        // Vec<u8>`, with the growth inlined at every write, it was 2.6 KB
        // of `.text` per struct of `derive-cost --quick` (18.5 against
        // 15.9 KB). (Out of line in a `#[cold]` function instead: W2
        // Custom2's encode +0.6% instructions, callgrind.)
        let w: &mut dyn Write<Error = Infallible> = out;
        value.encode(&mut Encoder::new(w))
    })
}
