//! `#[msgpack(flatten)]`: the parts of a map that a flattened field reads
//! and writes inline in its parent's map, without buffering.
//!
//! The parent's decoder offers each key it does not know to its flattened
//! fields in two rounds: first to the flattened structs
//! ([`FlattenDecode::__take`]: their own keys, and those of structs they
//! flatten in turn), then to the first catch-all map
//! ([`FlattenDecode::__take_rest`], which goes back to the key to decode it
//! as the map's key type). Each field collects what it took in its
//! accumulator, built into the value once the parent's map has been read.

use super::key::Key;
use crate::decode::{self, Decoder};
use crate::encode::{self, Encoder, Write};

/// A type whose entries can be flattened into an enclosing map: derived
/// map-form structs, `BTreeMap` and `HashMap` (the catch-all).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be flattened",
    label = "`flatten` needs a map-form struct that derives `MsgPack`, or a `BTreeMap` / `HashMap`"
)]
pub trait FlattenDecode<'de>: Sized {
    /// What has been read so far.
    type Acc;
    /// A catch-all map, or a struct that flattens one: it takes every key
    /// (checked at compile time: one per struct, none beside
    /// `deny_unknown_fields`).
    const __CATCH_ALL: bool = false;
    /// Nothing read yet.
    fn __new_acc() -> Self::Acc;
    /// The enclosing struct's in-order fast path, at this field's place:
    /// reads this type's keys while they come in declaration order
    /// (decrementing `left`, the entries still to read), stopping at the
    /// first other key. A map reads nothing here.
    #[inline]
    fn __take_in_order(acc: &mut Self::Acc, d: &mut Decoder<'de>, left: &mut usize) -> Result<(), decode::Error> {
        let _ = (acc, d, left);
        Ok(())
    }
    /// Reads the value of `key` (just read, the decoder is at its value)
    /// if this type has such a field; `false` (nothing read) otherwise.
    fn __take(acc: &mut Self::Acc, key: Key<'de>, key_at: usize, d: &mut Decoder<'de>) -> Result<bool, decode::Error>;
    /// Reads the value of this type's keyed field at wire position `index`
    /// (the `index`-th element of an array-form reading, or the field a key
    /// matched in [`__take`](Self::__take)) into `acc`; `false` (nothing
    /// read) if there is no such field. The one copy of the field decoders
    /// that the any-order map loop and the array form share. `key_at` is
    /// where a duplicate is reported.
    #[inline]
    fn __take_index(
        acc: &mut Self::Acc,
        index: usize,
        key_at: usize,
        d: &mut Decoder<'de>,
    ) -> Result<bool, decode::Error> {
        let _ = (acc, index, key_at, d);
        Ok(false)
    }
    /// The second round: a catch-all map takes any entry (going back to
    /// `key_at` to decode the key); a struct passes it to its own
    /// flattened fields.
    fn __take_rest(acc: &mut Self::Acc, key_at: usize, d: &mut Decoder<'de>) -> Result<bool, decode::Error>;
    /// The value, once the enclosing map (which starts at `at`) is read.
    fn __finish(acc: Self::Acc, d: &Decoder<'de>, at: usize) -> Result<Self, decode::Error>;
}

#[cfg(feature = "alloc")]
mod maps {
    use super::super::keys::{KeySet, key_claimed};
    use super::*;
    use crate::decode::Decode;
    use crate::encode::Encode;
    use alloc::collections::BTreeMap;

    const CLAIMED: &str =
        "a flattened catch-all map holds a key that another field of the map writes: the map would hold the key twice";

    /// One entry of a catch-all map, its key read again from `key_at`.
    #[inline]
    fn entry<'de, K: Decode<'de>, V: Decode<'de>>(
        key_at: usize,
        d: &mut Decoder<'de>,
    ) -> Result<(K, V), decode::Error> {
        d.charge_elements::<(K, V)>(1, key_at)?;
        d.__rewind(key_at);
        let k = K::decode(d)?;
        let v = V::decode(d).map_err(|e| e.at_key(d.found_at(key_at)))?;
        Ok((k, v))
    }

    /// `duplicate key "..."`, at the key.
    #[cold]
    #[inline(never)]
    fn duplicate_key(d: &Decoder<'_>, key_at: usize) -> decode::Error {
        d.error(crate::decode::ErrorKind::DuplicateKey(d.found_at(key_at)), key_at)
    }

    /// Writes a map's entries (no header); with `claimed`, a key it holds
    /// is an error (the enclosing map would hold it twice).
    #[inline]
    fn encode_entries<'a, K: Encode + 'a, V: Encode + 'a, W: Write>(
        entries: impl Iterator<Item = (&'a K, &'a V)>,
        e: &mut Encoder<W>,
        claimed: Option<&KeySet>,
    ) -> Result<(), encode::Error<W::Error>> {
        for (k, v) in entries {
            if claimed.is_some_and(|c| key_claimed(k, c)) {
                return Err(encode::Error::Unrepresentable(CLAIMED));
            }
            k.encode(e)?;
            v.encode(e)?;
        }
        Ok(())
    }

    /// The encoded length of a map's entries (no header).
    #[inline]
    fn entries_len<'a, K: Encode + 'a, V: Encode + 'a>(entries: impl Iterator<Item = (&'a K, &'a V)>) -> usize {
        entries.map(|(k, v)| k.encoded_len() + v.encoded_len()).sum()
    }

    // The catch-alls. The impls are written out (not a macro) so that the
    // compiler's "other types implement" notes quote them plainly.

    impl<'de, K: Decode<'de> + Ord, V: Decode<'de>> FlattenDecode<'de> for BTreeMap<K, V> {
        type Acc = Self;
        const __CATCH_ALL: bool = true;
        #[inline]
        fn __new_acc() -> Self {
            BTreeMap::new()
        }
        #[inline]
        fn __take(_: &mut Self, _: Key<'de>, _: usize, _: &mut Decoder<'de>) -> Result<bool, decode::Error> {
            Ok(false)
        }
        #[inline]
        fn __take_rest(acc: &mut Self, key_at: usize, d: &mut Decoder<'de>) -> Result<bool, decode::Error> {
            let (k, v) = entry(key_at, d)?;
            // A key given twice is refused, as a field given twice is.
            match acc.entry(k) {
                alloc::collections::btree_map::Entry::Vacant(slot) => {
                    slot.insert(v);
                    Ok(true)
                }
                alloc::collections::btree_map::Entry::Occupied(_) => Err(duplicate_key(d, key_at)),
            }
        }
        #[inline]
        fn __finish(acc: Self, _: &Decoder<'de>, _: usize) -> Result<Self, decode::Error> {
            Ok(acc)
        }
    }

    impl<K: Encode, V: Encode> super::super::EncodeMap for BTreeMap<K, V> {
        const __KEYS: KeySet = KeySet::EMPTY;
        #[inline]
        fn __map_entries(&self) -> usize {
            self.len()
        }
        #[inline]
        fn __encode_entries<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
            encode_entries(self.iter(), e, None)
        }
        #[inline]
        fn __entries_len(&self) -> usize {
            entries_len(self.iter())
        }
        fn __encode_flat<W: Write>(&self, e: &mut Encoder<W>, claimed: &KeySet) -> Result<(), encode::Error<W::Error>> {
            encode_entries(self.iter(), e, Some(claimed))
        }
    }

    #[cfg(feature = "std")]
    impl<'de, K, V, S> FlattenDecode<'de> for std::collections::HashMap<K, V, S>
    where
        K: Decode<'de> + Eq + core::hash::Hash,
        V: Decode<'de>,
        S: core::hash::BuildHasher + Default,
    {
        type Acc = Self;
        const __CATCH_ALL: bool = true;
        #[inline]
        fn __new_acc() -> Self {
            std::collections::HashMap::with_hasher(S::default())
        }
        #[inline]
        fn __take(_: &mut Self, _: Key<'de>, _: usize, _: &mut Decoder<'de>) -> Result<bool, decode::Error> {
            Ok(false)
        }
        #[inline]
        fn __take_rest(acc: &mut Self, key_at: usize, d: &mut Decoder<'de>) -> Result<bool, decode::Error> {
            let (k, v) = entry(key_at, d)?;
            // A key given twice is refused, as a field given twice is.
            match acc.entry(k) {
                std::collections::hash_map::Entry::Vacant(slot) => {
                    slot.insert(v);
                    Ok(true)
                }
                std::collections::hash_map::Entry::Occupied(_) => Err(duplicate_key(d, key_at)),
            }
        }
        #[inline]
        fn __finish(acc: Self, _: &Decoder<'de>, _: usize) -> Result<Self, decode::Error> {
            Ok(acc)
        }
    }

    #[cfg(feature = "std")]
    impl<K: Encode, V: Encode, S> super::super::EncodeMap for std::collections::HashMap<K, V, S> {
        const __KEYS: KeySet = KeySet::EMPTY;
        #[inline]
        fn __map_entries(&self) -> usize {
            self.len()
        }
        #[inline]
        fn __encode_entries<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
            encode_entries(self.iter(), e, None)
        }
        #[inline]
        fn __entries_len(&self) -> usize {
            entries_len(self.iter())
        }
        fn __encode_flat<W: Write>(&self, e: &mut Encoder<W>, claimed: &KeySet) -> Result<(), encode::Error<W::Error>> {
            encode_entries(self.iter(), e, Some(claimed))
        }
    }
}

/// An `array`-form struct's fields as array elements without the header:
/// what a struct that flattens it (in `array` form) writes at that place.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be flattened into an `array`-form struct",
    label = "`flatten` in `array` form needs a struct with named fields, in `array` form, that derives `MsgPack`"
)]
pub trait EncodeElems {
    /// How many elements it writes.
    const __ELEMS: usize;
    /// Writes them.
    fn __encode_elems<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>>;
    /// Their encoded length.
    fn __elems_len(&self) -> usize;
}

/// Reads what [`EncodeElems`] writes: exactly `__ELEMS` elements.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be flattened into an `array`-form struct",
    label = "`flatten` in `array` form needs a struct with named fields, in `array` form, that derives `MsgPack`"
)]
pub trait DecodeElems<'de>: Sized {
    /// How many elements it reads.
    const __ELEMS: usize;
    /// Reads them (the enclosing array's header is read).
    fn __decode_elems(d: &mut Decoder<'de>) -> Result<Self, decode::Error>;
}
