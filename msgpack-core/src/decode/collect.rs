//! Reading a container's elements into a collection, with the reservation
//! claimed against the whole input (see [`Decoder::claim`]).

use super::{Decoder, Error};

/// Reads `len` elements (`per` items each: 1 for an array, 2 for a map
/// entry) with `item` into the collection `new` makes for the capacity it is
/// given, keeping each with `keep`. `S` is the size of one element as the
/// collection stores it.
///
/// When the open containers claim more items than the input has bytes left,
/// the decode cannot succeed: the elements are still decoded, for the error
/// that ends the decode, but not kept, and the empty collection returned
/// is dropped with that error. Memory then stays with what the input holds.
#[inline(always)]
pub(crate) fn collect<'de, S, C, T>(
    d: &mut Decoder<'de>,
    len: usize,
    per: usize,
    new: impl FnOnce(usize) -> C,
    mut item: impl FnMut(&mut Decoder<'de>, usize) -> Result<T, Error>,
    mut keep: impl FnMut(&mut C, T),
) -> Result<C, Error> {
    let (cap, per, kept) = claim::<S>(d, len, per);
    let mut c = new(cap);
    for i in 0..len {
        d.release_claim(per);
        let x = item(d, i)?;
        if kept {
            keep(&mut c, x);
        }
    }
    Ok(c)
}

/// The claim of [`collect`] for loops written out (the recursion of `Value`,
/// where a closure would add a stack frame per level in unoptimised
/// builds): the capacity to reserve, the `per` to pass to
/// [`Decoder::release_claim`] as each element starts (0 when nothing was claimed)
/// and whether to keep the elements.
#[inline(always)]
pub(crate) fn claim<S>(d: &mut Decoder<'_>, len: usize, per: usize) -> (usize, usize, bool) {
    match d.claim::<S>(len, per) {
        Some(cap) => (cap, per, true),
        None => (0, 0, false),
    }
}

/// An array into the collection `new` makes (see [`collect`]): the header
/// read, the elements charged to the allocation budget as `S` (the size one
/// element takes in the collection) and the array entered, then each
/// element read with `item` (`T::decode`; an error located by its index)
/// and kept.
#[inline(always)]
pub(crate) fn collect_array<'de, S, C, T>(
    d: &mut Decoder<'de>,
    mut item: impl FnMut(&mut Decoder<'de>) -> Result<T, Error>,
    new: impl FnOnce(usize) -> C,
    keep: impl FnMut(&mut C, T),
) -> Result<C, Error> {
    let at = d.position();
    let len = d.array_len()?;
    d.charge_elements::<S>(len, at)?;
    d.enter()?;
    let c = collect::<S, _, _>(d, len, 1, new, |d, i| item(d).map_err(|e| e.at_index(i)), keep)?;
    d.leave();
    Ok(c)
}
