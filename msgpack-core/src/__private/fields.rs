//! The per-field steps of the derive's generated decoders, written once
//! here as generic functions instead of once per field in every expansion.
//!
//! Each is `#[inline(always)]` and calls `T::decode` directly (no function
//! value in between, which would cost the inliner a shim per call), so the
//! optimised code is what the inline expansion was; what changes is the
//! work of the compiler: an instance per field *type* (`field::<u32>`
//! serves every `u32` field of every struct) instead of a closure and a
//! `map_err` per field. Fields decoded by a `with` function keep their
//! inline code (a borrowed result may need a coercion to the field's
//! lifetime).

use crate::decode::reject::{duplicate_field, missing_field};
use crate::decode::{self, Decode, Decoder};

/// Decodes one field's value, adding `.name` to an error's path.
#[inline(always)]
pub fn field<'de, T: Decode<'de>>(d: &mut Decoder<'de>, name: &'static str) -> Result<T, decode::Error> {
    match T::decode(d) {
        Ok(v) => Ok(v),
        Err(e) => Err(e.at_field(name)),
    }
}

/// Decodes one element of a tuple struct, adding `[index]` to an error's
/// path.
#[inline(always)]
pub fn element<'de, T: Decode<'de>>(d: &mut Decoder<'de>, index: usize) -> Result<T, decode::Error> {
    match T::decode(d) {
        Ok(v) => Ok(v),
        Err(e) => Err(e.at_index(index)),
    }
}

/// A keyed field read in any order: an error if its key came before,
/// else its value into `slot`.
#[inline(always)]
pub fn take_field<'de, T: Decode<'de>>(
    slot: &mut Option<T>,
    d: &mut Decoder<'de>,
    name: &'static str,
    key_at: usize,
) -> Result<(), decode::Error> {
    if slot.is_some() {
        return Err(duplicate_field(d, name, key_at));
    }
    *slot = Some(field(d, name)?);
    Ok(())
}

/// The field at `index` of an array-form struct of `len` elements: its
/// value, or an error naming it when the array is shorter.
#[inline(always)]
pub fn array_field<'de, T: Decode<'de>>(
    d: &mut Decoder<'de>,
    name: &'static str,
    index: usize,
    len: usize,
    at: usize,
) -> Result<T, decode::Error> {
    if index < len { field(d, name) } else { Err(missing_field(d, name, at)) }
}
