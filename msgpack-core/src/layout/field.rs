//! The fields of a template, written and read through their own types'
//! templates (the part of the layouts that needs `Encode` and `Decode`;
//! the rest sits below the encoders and decoders, which name it).

use super::{part, part_mut};
use crate::decode::Decode;
use crate::encode::Encode;

/// Writes `value` (a field of a template) at `*at` of `out` through its own
/// template, and moves `*at` past it.
#[inline(always)]
pub fn write_field<T: Encode + ?Sized>(out: &mut [u8], at: &mut usize, value: &T) {
    let len = T::__LAYOUT.len;
    value.__write_fixed(part_mut(out, *at, len));
    *at += len;
}

/// Reads a `T` (a field of a matched template) at `*at` of `bytes` from its
/// own template, and moves `*at` past it.
#[inline(always)]
pub fn read_field<'de, T: Decode<'de>>(bytes: &'de [u8], at: &mut usize) -> Option<T> {
    let len = T::__LAYOUT.len;
    let value = T::__read_fixed(part(bytes, *at, len));
    *at += len;
    value
}
