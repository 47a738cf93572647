//! The two body traits of a derived struct: what it writes after its
//! header ([`EncodeBody`]) and how it reads its fields ([`DecodeBody`]).
//!
//! A derived struct implements both, for the form it writes ([`MapForm`]
//! or [`ArrayForm`]); its `Encode` and `Decode` are then calls of the
//! shared generic code in this module's siblings (`encode_struct`,
//! `decode_struct`, `struct_entries`, `decode_fallback`), and everything
//! that handles a struct it does not know writes and reads it through the
//! same two bodies: a struct that flattens it (the form parameter is how
//! the compiler tells a map-form struct, which `flatten` in a map needs,
//! from an array-form one), and an internally tagged enum whose newtype
//! variant holds it. `BTreeMap` and `HashMap` implement the map bodies as
//! the catch-all of `flatten`.

use super::keys::KeySet;
use crate::decode::key::Key;
use crate::decode::{self, Decoder};
use crate::encode::{self, Encoder, Write};

/// The form of a map-form body: string (or integer) keys, any order.
#[derive(Debug, Clone, Copy)]
pub enum MapForm {}

/// The form of an array-form body: fields by position.
#[derive(Debug, Clone, Copy)]
pub enum ArrayForm {}

/// The encode body of a derived struct in form `F`: its map entries or
/// array elements, with or without the header before them.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be flattened or tagged here: it is not a derived struct of this form, or a map",
    label = "`flatten` and internally tagged newtype variants need a struct of the same form (map or `array`) that derives `MsgPack` (or, for `flatten` in a map, a `BTreeMap` / `HashMap`)"
)]
pub trait EncodeBody<F> {
    /// The raw payloads of the string keys this type writes and of the
    /// aliases it also reads, its flattened structs' included (checked at
    /// compile time against an enclosing enum's internal tag and a
    /// flattening parent's keys); empty in array form.
    const KEYS: KeySet = KeySet::EMPTY;
    /// How many elements the body holds, in array form (a constant: what a
    /// struct that flattens it counts in its header); 0 in map form.
    const ELEMS: usize = 0;
    /// How many entries (map form) or elements (array form) the body
    /// writes.
    fn items(&self) -> usize;
    /// Writes the body, after the header when `HEADER` (a constant, so
    /// that each use compiles to straight code, the header and the first
    /// key in one write).
    fn write_body<const HEADER: bool, W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>>;
    /// The encoded length of the body without the header.
    fn body_len(&self) -> usize;
    /// Writes the body without its header as a flattened field of a map
    /// whose other parts write the keys in `claimed`: a catch-all map
    /// holding one of them is an error (the map would hold the key twice);
    /// a struct's keys were checked at compile time.
    #[inline]
    fn write_flat<W: Write>(&self, e: &mut Encoder<W>, claimed: &KeySet) -> Result<(), encode::Error<W::Error>> {
        let _ = claimed;
        self.write_body::<false, W>(e)
    }
}

/// The decode body of a derived struct in form `F`: an accumulator of its
/// fields, filled key by key (any order) or position by position, then
/// built into the value.
///
/// A struct's own decode reads a map through [`struct_entries`] and an
/// array through [`take_index`](Self::take_index) by position; a parent
/// that flattens it offers it the keys (or positions) it does not know, in
/// two rounds: first to the flattened structs ([`take`](Self::take): their
/// own keys, and those of structs they flatten in turn), then to the first
/// catch-all map ([`take_rest`](Self::take_rest), which goes back to the
/// key to decode it as the map's key type).
///
/// [`struct_entries`]: super::struct_entries
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be flattened or tagged here: it is not a derived struct of this form, or a map",
    label = "`flatten` and internally tagged newtype variants need a struct of the same form (map or `array`) that derives `MsgPack` (or, for `flatten` in a map, a `BTreeMap` / `HashMap`)"
)]
pub trait DecodeBody<'de, F>: Sized {
    /// What has been read so far.
    type Acc;
    /// A catch-all map, or a struct that flattens one: it takes every key
    /// (checked at compile time: one per struct, none beside
    /// `deny_unknown_fields`).
    const CATCH_ALL: bool = false;
    /// `deny_unknown_fields`: an unknown key (or an extra element) is an
    /// error instead of skipped.
    const DENY_UNKNOWN: bool = false;
    /// How many fields (map form) or elements (array form, flattened
    /// structs' included) the body reads.
    const ELEMS: usize = 0;
    /// Read from an array only (an `array`-form struct that flattens
    /// another: its flattened fields are positions, not keys).
    const ARRAY_ONLY: bool = false;
    /// Read from a map only (a map-form struct that flattens another: its
    /// flattened fields are keys, not positions).
    const MAP_ONLY: bool = false;
    /// Nothing read yet.
    fn new_acc() -> Self::Acc;
    /// The in-order fast path of a map: reads this type's keys while they
    /// come in declaration order (decrementing `left`, the entries still
    /// to read), stopping at the first other key. A map reads nothing here.
    #[inline]
    fn take_in_order(acc: &mut Self::Acc, d: &mut Decoder<'de>, left: &mut usize) -> Result<(), decode::Error> {
        let _ = (acc, d, left);
        Ok(())
    }
    /// Reads the value of `key` (just read, the decoder is at its value)
    /// if this type has such a field; `false` (nothing read) otherwise.
    fn take(acc: &mut Self::Acc, key: Key<'de>, key_at: usize, d: &mut Decoder<'de>) -> Result<bool, decode::Error>;
    /// Reads the field at wire position `index` (the `index`-th element of
    /// an array, or the field a key matched in [`take`](Self::take)) into
    /// `acc`; `false` (nothing read) if there is no such field. The one
    /// copy of the field decoders that the any-order map loop and the
    /// array form share. `key_at` is where a duplicate is reported.
    #[inline]
    fn take_index(
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
    #[inline]
    fn take_rest(acc: &mut Self::Acc, key_at: usize, d: &mut Decoder<'de>) -> Result<bool, decode::Error> {
        let _ = (acc, key_at, d);
        Ok(false)
    }
    /// The value, once the enclosing map or array (which starts at `at`)
    /// is read.
    fn finish(acc: Self::Acc, d: &Decoder<'de>, at: usize) -> Result<Self, decode::Error>;
}

#[cfg(feature = "alloc")]
mod maps {
    use super::super::keys::key_claimed;
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
        d.rewind(key_at);
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

    /// Writes a map's entries (after its header when `HEADER`); with
    /// `claimed`, a key it holds is an error (the enclosing map would hold
    /// it twice).
    #[inline]
    fn write_entries<'a, const HEADER: bool, K: Encode + 'a, V: Encode + 'a, W: Write>(
        len: usize,
        entries: impl Iterator<Item = (&'a K, &'a V)>,
        e: &mut Encoder<W>,
        claimed: Option<&KeySet>,
    ) -> Result<(), encode::Error<W::Error>> {
        if HEADER {
            e.map_len(len)?;
        }
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

    impl<'de, K: Decode<'de> + Ord, V: Decode<'de>> DecodeBody<'de, MapForm> for BTreeMap<K, V> {
        type Acc = Self;
        const CATCH_ALL: bool = true;
        #[inline]
        fn new_acc() -> Self {
            BTreeMap::new()
        }
        #[inline]
        fn take(_: &mut Self, _: Key<'de>, _: usize, _: &mut Decoder<'de>) -> Result<bool, decode::Error> {
            Ok(false)
        }
        #[inline]
        fn take_rest(acc: &mut Self, key_at: usize, d: &mut Decoder<'de>) -> Result<bool, decode::Error> {
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
        fn finish(acc: Self, _: &Decoder<'de>, _: usize) -> Result<Self, decode::Error> {
            Ok(acc)
        }
    }

    impl<K: Encode, V: Encode> EncodeBody<MapForm> for BTreeMap<K, V> {
        #[inline]
        fn items(&self) -> usize {
            self.len()
        }
        #[inline]
        fn write_body<const HEADER: bool, W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
            write_entries::<HEADER, _, _, _>(self.len(), self.iter(), e, None)
        }
        #[inline]
        fn body_len(&self) -> usize {
            entries_len(self.iter())
        }
        fn write_flat<W: Write>(&self, e: &mut Encoder<W>, claimed: &KeySet) -> Result<(), encode::Error<W::Error>> {
            write_entries::<false, _, _, _>(self.len(), self.iter(), e, Some(claimed))
        }
    }

    #[cfg(feature = "std")]
    impl<'de, K, V, S> DecodeBody<'de, MapForm> for std::collections::HashMap<K, V, S>
    where
        K: Decode<'de> + Eq + core::hash::Hash,
        V: Decode<'de>,
        S: core::hash::BuildHasher + Default,
    {
        type Acc = Self;
        const CATCH_ALL: bool = true;
        #[inline]
        fn new_acc() -> Self {
            std::collections::HashMap::with_hasher(S::default())
        }
        #[inline]
        fn take(_: &mut Self, _: Key<'de>, _: usize, _: &mut Decoder<'de>) -> Result<bool, decode::Error> {
            Ok(false)
        }
        #[inline]
        fn take_rest(acc: &mut Self, key_at: usize, d: &mut Decoder<'de>) -> Result<bool, decode::Error> {
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
        fn finish(acc: Self, _: &Decoder<'de>, _: usize) -> Result<Self, decode::Error> {
            Ok(acc)
        }
    }

    #[cfg(feature = "std")]
    impl<K: Encode, V: Encode, S> EncodeBody<MapForm> for std::collections::HashMap<K, V, S> {
        #[inline]
        fn items(&self) -> usize {
            self.len()
        }
        #[inline]
        fn write_body<const HEADER: bool, W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
            write_entries::<HEADER, _, _, _>(self.len(), self.iter(), e, None)
        }
        #[inline]
        fn body_len(&self) -> usize {
            entries_len(self.iter())
        }
        fn write_flat<W: Write>(&self, e: &mut Encoder<W>, claimed: &KeySet) -> Result<(), encode::Error<W::Error>> {
            write_entries::<false, _, _, _>(self.len(), self.iter(), e, Some(claimed))
        }
    }
}
