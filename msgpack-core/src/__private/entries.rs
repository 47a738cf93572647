//! The entries of a map-form struct, through its `FlattenDecode` steps:
//! shared by every derived struct instead of generated per struct (the
//! derive's `__decode_entries` is one call of [`struct_entries`]; inlined,
//! it is the same machine code).

use super::{FlattenDecode, Key, TagKey, read_key, unknown_field};
use crate::decode::{self, Decoder};

/// Reads `len` entries into `T`'s accumulator: the in-order path first
/// (`__take_in_order`), then any order (`__take` by key, the enum tag
/// `tag` skipped once, `__take_rest` for a flattened catch-all), unknown
/// keys skipped or, with `deny_unknown`, an error; then `__finish` (the
/// struct, or the first missing field). `at` is the map's position.
#[inline]
pub fn struct_entries<'de, T: FlattenDecode<'de>>(
    d: &mut Decoder<'de>,
    len: usize,
    at: usize,
    mut tag: Option<TagKey>,
    deny_unknown: bool,
) -> Result<T, decode::Error> {
    let mut acc = T::__new_acc();
    let mut left = len;
    T::__take_in_order(&mut acc, d, &mut left)?;
    while left > 0 {
        left -= 1;
        let key_at = d.position();
        let key = read_key(d)?;
        if T::__take(&mut acc, key, key_at, d)? {
            continue;
        }
        match key {
            Key::Str(k) if tag.is_some_and(|t| t.is(k)) => {
                if let Some(t) = tag.as_mut() {
                    t.seen(d, key_at)?;
                }
            }
            _ => {
                if !T::__take_rest(&mut acc, key_at, d)? {
                    if deny_unknown {
                        return Err(unknown_field(d, key_at));
                    }
                    d.skip()?;
                }
            }
        }
    }
    T::__finish(acc, d, at)
}
