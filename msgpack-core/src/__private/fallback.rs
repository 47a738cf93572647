//! The out-of-line decode of a map-form struct when its fast path does not
//! apply (a map 16/32 header, rmp-serde's array form, a wrong type), shared
//! by every derived struct instead of generated per struct: the derive's
//! `DecodeFallback` impl is one call of [`struct_fallback`].

use super::{DecodeMap, FlattenDecode};
use crate::decode::{self, Decoder};
use crate::marker::Marker;

/// Decodes a map-form struct `T` from either form: a map through its
/// `__decode_entries`, an array by position through its `__take_index`.
/// `name` is the type's name for the wrong-type error; `max_len` the most
/// elements an array may have (its field count under
/// `deny_unknown_fields`, else `usize::MAX`: extra elements are skipped).
#[inline]
pub fn struct_fallback<'de, T: DecodeMap<'de> + FlattenDecode<'de>>(
    d: &mut Decoder<'de>,
    name: &'static str,
    max_len: usize,
) -> Result<T, decode::Error> {
    let at = d.position();
    match d.peek()? {
        Marker::Map => {
            let len = d.map_len()?;
            d.enter()?;
            let r = T::__decode_entries(d, len, at, None)?;
            d.leave();
            Ok(r)
        }
        Marker::Array => {
            let len = d.array_len()?;
            if len > max_len {
                return Err(super::invalid_length(d, max_len, len, at));
            }
            d.enter()?;
            let mut acc = T::__new_acc();
            by_position(d, len, &mut |i, el_at, d| T::__take_index(&mut acc, i, el_at, d))?;
            let r = T::__finish(acc, d, at)?;
            d.leave();
            Ok(r)
        }
        _ => Err(d.type_error(name, at)),
    }
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
