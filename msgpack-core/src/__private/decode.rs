//! The decode side of the contract: the fast-path headers and templates a
//! derived decode tries first, and the shared generic code that reads a
//! struct through its [`DecodeBody`] (the map entries in any order, the
//! array form by position, the wrong type), written once here instead of
//! generated per struct.

use super::body::{ArrayForm, DecodeBody, MapForm};
use super::tag::TagKey;
use crate::decode::key::{Key, read_key};
use crate::decode::reject::{duplicate_field, invalid_length, missing_field, unknown_field};
use crate::decode::{self, Decode, Decoder};
use crate::layout::Layout;
use crate::marker::Marker;

/// Consumes an array header of exactly `n` elements in its smallest form
/// (what the derive writes for a struct of `n` fields) that passes the
/// checks of [`Decoder::array_len`], and says whether it did (the fast
/// path of an array-form or tuple struct).
#[inline(always)]
pub fn array_exact(d: &mut Decoder<'_>, n: usize) -> bool {
    d.array_exact(n)
}

/// Runs `f` out of line: the general decode of a type whose fast path is
/// inlined (a tuple struct's other header forms and errors), kept out of
/// the callers so that the fast path stays small enough to inline.
#[inline(never)]
pub fn decode_cold<'de, T>(
    d: &mut Decoder<'de>,
    f: impl FnOnce(&mut Decoder<'de>) -> Result<T, decode::Error>,
) -> Result<T, decode::Error> {
    f(d)
}

/// Reads a `T` (a type with a fixed layout) from its template, if the
/// input holds it next; `None`, nothing consumed, otherwise.
#[inline(always)]
pub fn fixed<'de, T: Decode<'de>>(d: &mut Decoder<'de>) -> Option<T> {
    d.fixed::<T>()
}

/// Reads a run of fixed-layout fields (layout `l`, keys included in map
/// form) with `read`, if the input holds the template next; `None`,
/// nothing consumed, otherwise (the fields are then read one by one).
#[inline(always)]
pub fn fixed_run<'de, R>(d: &mut Decoder<'de>, l: &Layout, read: impl FnOnce(&'de [u8]) -> Option<R>) -> Option<R> {
    d.fixed_run(l, read)
}

/// Moves back (or forward) to `pos`, a position `d` reported earlier at
/// the same depth: a value decoded out of order (an adjacent tag's content
/// that came before the tag).
#[inline]
pub fn rewind(d: &mut Decoder<'_>, pos: usize) {
    d.rewind(pos);
}

/// A map-form struct's `Decode::decode`: the `fixmap` test inline, its
/// entries read by the struct's one out-of-line entries loop
/// (`map_entries`), anything else out of line ([`decode_fallback`]).
#[inline(always)]
pub fn decode_map_struct<'de, T: DecodeBody<'de, MapForm>>(
    d: &mut Decoder<'de>,
    name: &'static str,
) -> Result<T, decode::Error> {
    if let Some((len, at)) = d.fixmap() {
        return map_entries::<MapForm, T>(d, len, at);
    }
    // `Ok(..?)`, not the call's result as it is: the fallback then writes
    // into a temporary of its own, so the caller's copy of the result is
    // not handed to an out-of-line call and can stay in registers.
    #[allow(clippy::needless_question_mark, reason = "a temporary of its own for the out-of-line call's result")]
    Ok(decode_fallback::<MapForm, T>(d, name)?)
}

/// The complete decode of a derived struct, out of line: what its inlined
/// fast path falls back to when the input is not the common form it reads
/// (the other form, longer headers, fewer or more elements, errors). A map
/// is read through [`struct_entries`], an array by position through
/// [`DecodeBody::take_index`]; `name` is the type's name for the
/// wrong-type error. Kept out of line so that the fast path stays small
/// enough to inline into the loop that decodes a sequence of the type.
#[inline(never)]
pub fn decode_fallback<'de, F, T: DecodeBody<'de, F>>(
    d: &mut Decoder<'de>,
    name: &'static str,
) -> Result<T, decode::Error> {
    let at = d.position();
    match d.peek()? {
        Marker::Map if !T::ARRAY_ONLY => {
            let len = d.map_len()?;
            map_entries::<F, T>(d, len, at)
        }
        // A map-form struct's flattened fields are keys, not positions.
        Marker::Array if T::MAP_ONLY => Err(d.type_error("a map (flattened fields are keys)", at)),
        Marker::Array => {
            let len = d.array_len()?;
            // Extra elements are skipped, or refused with
            // `deny_unknown_fields`; missing trailing fields take their
            // defaults or are reported missing by `finish`.
            if T::DENY_UNKNOWN && len > T::ELEMS {
                return Err(invalid_length(d, T::ELEMS, len, at));
            }
            d.enter()?;
            let mut acc = T::new_acc();
            by_position(d, len, &mut |i, el_at, d| T::take_index(&mut acc, i, el_at, d))?;
            let r = T::finish(acc, d, at)?;
            d.leave();
            Ok(r)
        }
        _ => Err(d.type_error(name, at)),
    }
}

/// A struct's map of `len` entries at `at` (the header read): one level
/// deeper, [`struct_entries`]. The one out-of-line instance per struct
/// that the fast path and the fallback share, as a per-struct method was
/// before the body traits: with `struct_entries` called from both, the
/// optimiser inlined the entries loop into both (derive-cost, 200
/// structs: release `.text` 20.1 KB per struct against 14.7 KB with this).
#[inline(never)]
fn map_entries<'de, F, T: DecodeBody<'de, F>>(d: &mut Decoder<'de>, len: usize, at: usize) -> Result<T, decode::Error> {
    d.enter()?;
    let r = struct_entries::<F, T>(d, len, at, None)?;
    d.leave();
    Ok(r)
}

/// The elements of an `array`-form struct flattened into another (the
/// enclosing array has room for all of them): exactly `T::ELEMS` of them,
/// each through its `take_index`, then built.
#[inline]
pub fn decode_elems<'de, T: DecodeBody<'de, ArrayForm>>(d: &mut Decoder<'de>) -> Result<T, decode::Error> {
    let at = d.position();
    let mut acc = T::new_acc();
    by_position(d, T::ELEMS, &mut |i, el_at, d| T::take_index(&mut acc, i, el_at, d))?;
    T::finish(acc, d, at)
}

/// Hands each of `len` elements to `take` with its position; an element
/// `take` does not claim is skipped. Not generic over the struct: one copy
/// for every derived type.
#[inline(never)]
fn by_position<'de>(
    d: &mut Decoder<'de>,
    len: usize,
    take: &mut dyn FnMut(usize, usize, &mut Decoder<'de>) -> Result<bool, decode::Error>,
) -> Result<(), decode::Error> {
    for i in 0..len {
        let at = d.position();
        if !take(i, at, d)? {
            d.skip()?;
        }
    }
    Ok(())
}

/// Reads `len` map entries (the header read) into `T`'s accumulator: the
/// in-order path first ([`DecodeBody::take_in_order`]), then any order
/// ([`DecodeBody::take`] by key, the enum tag `tag` skipped once,
/// [`DecodeBody::take_rest`] for a flattened catch-all), unknown keys
/// skipped or, with `deny_unknown_fields`, an error; then
/// [`DecodeBody::finish`] (the struct, or the first missing field). `at`
/// is the map's position. Inlined, it is the machine code a per-struct
/// expansion would be.
#[inline]
pub fn struct_entries<'de, F, T: DecodeBody<'de, F>>(
    d: &mut Decoder<'de>,
    len: usize,
    at: usize,
    mut tag: Option<TagKey>,
) -> Result<T, decode::Error> {
    let mut acc = T::new_acc();
    let mut left = len;
    T::take_in_order(&mut acc, d, &mut left)?;
    while left > 0 {
        left -= 1;
        let key_at = d.position();
        let key = read_key(d)?;
        if T::take(&mut acc, key, key_at, d)? {
            continue;
        }
        match key {
            Key::Str(k) if tag.is_some_and(|t| t.is(k)) => {
                if let Some(t) = tag.as_mut() {
                    t.seen(d, key_at)?;
                }
            }
            _ => {
                if !T::take_rest(&mut acc, key_at, d)? {
                    if T::DENY_UNKNOWN {
                        return Err(unknown_field(d, key_at));
                    }
                    d.skip()?;
                }
            }
        }
    }
    T::finish(acc, d, at)
}

// The per-field steps of the generated decoders, written once here as
// generic functions instead of once per field in every expansion: each is
// `#[inline(always)]` and calls `T::decode` directly (no function value in
// between, which would cost the inliner a shim per call), so the optimised
// code is what the inline expansion was; what changes is the work of the
// compiler, an instance per field *type* (`field::<u32>` serves every `u32`
// field of every struct) instead of a closure and a `map_err` per field.
// Fields decoded by a `with` function keep their inline code (a borrowed
// result may need a coercion to the field's lifetime).

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
