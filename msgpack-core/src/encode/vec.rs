//! Encoding into a `Vec` (feature `alloc`): straight into its spare
//! capacity when that holds the encoding, else after reserving
//! [`encoded_len`](Encode::encoded_len); the bodies of the crate root's
//! `Vec` entry points and of `Raw::encode`.

use core::convert::Infallible;

use super::{Encode, Encoder, EndOfSlice, Error};
use crate::mem::write_spare;

/// The encoding of `value` in a new `Vec` of exactly its
/// [`encoded_len`](Encode::encoded_len) (one allocation), or grown as it is
/// written when the type says measuring is costly ([`Encode::COSTLY_LEN`]).
#[inline]
pub(crate) fn encoded_vec<T: Encode + ?Sized>(value: &T) -> Result<alloc::vec::Vec<u8>, Error<Infallible>> {
    if T::COSTLY_LEN {
        let mut out = alloc::vec::Vec::new();
        append_growing(value, &mut out)?;
        return Ok(out);
    }
    let mut out = alloc::vec::Vec::with_capacity(value.encoded_len());
    append_exact(value, &mut out)?;
    Ok(out)
}

/// Writes `value` at the end of `out`, growing it as it goes (no
/// [`encoded_len`](Encode::encoded_len) pass: for [`Encode::COSTLY_LEN`]
/// types); on an error `out` is truncated back to its old length. Only
/// instantiated for the types that ask for it: the callers select it by
/// the associated constant, and rustc does not compile a branch that a
/// constant rules out.
#[inline(never)]
pub(crate) fn append_growing<T: Encode + ?Sized>(
    value: &T,
    out: &mut alloc::vec::Vec<u8>,
) -> Result<(), Error<Infallible>> {
    let start = out.len();
    let done = value.encode(&mut Encoder::new(&mut *out));
    if done.is_err() {
        out.truncate(start);
    }
    done
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

/// [`append_spare`] where the capacity was reserved from `encoded_len`.
///
/// `encoded_len` is exact by [`Encode`]'s contract, so the encoding fits;
/// should a hand-written `encoded_len` break the contract and fall short,
/// this is an [`Error::Custom`] naming the broken contract (`out`
/// unchanged), not a second encoder of the value: until issue 26, the
/// retry through `dyn Write` was a second instance of every type's encoder
/// (compiled and optimised for every derived struct) for a path that never
/// runs for a correct impl.
#[inline(always)]
pub(crate) fn append_exact<T: Encode + ?Sized>(
    value: &T,
    out: &mut alloc::vec::Vec<u8>,
) -> Result<(), Error<Infallible>> {
    let first = append_spare(value, out);
    or_retry(first, || Err(Error::Custom(SHORT_LEN)))
}

/// The error of `to_vec` / `append_to_vec` for an `encoded_len` that
/// returned fewer bytes than `encode` writes.
const SHORT_LEN: &str =
    "Encode::encoded_len returned fewer bytes than encode wrote (the impl breaks the contract of Encode)";
