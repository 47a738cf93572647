//! Maps: `BTreeMap` (feature `alloc`) and `HashMap` (feature `std`), with
//! keys of any type (integer and other non-string keys are legal MessagePack).
//!
//! A key that appears twice keeps its last value, as in rmp-serde.

use alloc::collections::BTreeMap;

use crate::decode::{Decode, Decoder, Error};
use crate::encode::{self, Encode, Encoder, Write};

/// Writes `len` entries as a map. Always inlined: left out of line (as
/// LLVM chose once the headers were inlined), the encode of a struct with
/// maps (W2 Custom1) ran more instructions (callgrind).
#[inline(always)]
fn encode_map<'a, K: Encode + 'a, V: Encode + 'a, W: Write>(
    len: usize,
    entries: impl Iterator<Item = (&'a K, &'a V)>,
    e: &mut Encoder<W>,
) -> Result<(), encode::Error<W::Error>> {
    e.map_len(len)?;
    for (k, v) in entries {
        k.encode(e)?;
        v.encode(e)?;
    }
    Ok(())
}

#[inline]
fn map_len<'a, K: Encode + 'a, V: Encode + 'a>(len: usize, entries: impl Iterator<Item = (&'a K, &'a V)>) -> usize {
    encode::map_header_size(len) + entries.map(|(k, v)| k.encoded_len() + v.encoded_len()).sum::<usize>()
}

/// Reads a map header, charges the entries to the allocation budget and
/// enters the map (the caller leaves it).
#[inline]
fn map_header<'de, K, V>(d: &mut Decoder<'de>) -> Result<usize, Error> {
    let at = d.position();
    let len = d.map_len()?;
    d.charge_elements::<(K, V)>(len, at)?;
    d.enter()?;
    Ok(len)
}

/// Entry `i`: an error in the key is located by the index, in the value by
/// the key.
#[inline]
fn map_entry<'de, K: Decode<'de>, V: Decode<'de>>(d: &mut Decoder<'de>, i: usize) -> Result<(K, V), Error> {
    let key_at = d.position();
    let k = K::decode(d).map_err(|e| e.at_index(i))?;
    let v = V::decode(d).map_err(|e| e.at_key(d.found_at(key_at)))?;
    Ok((k, v))
}

impl<K: Encode, V: Encode> Encode for BTreeMap<K, V> {
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        encode_map(self.len(), self.iter(), e)
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        map_len(self.len(), self.iter())
    }
}

/// A key that appears twice keeps its last value, as with `insert`. Maps
/// of more than 8 entries are collected first and built in one pass
/// (`BTreeMap::from_iter`: a stable sort, linear on keys that arrive in
/// order, then a bulk build) instead of a search per insert.
/// Maps of more than 8 entries are collected first and built in one pass
/// (`BTreeMap::from_iter`: a stable sort, linear on keys that arrive in
/// order, then a bulk build; the last of equal keys wins, as with
/// `insert`) instead of a search per insert.
impl<'de, K: Decode<'de> + Ord, V: Decode<'de>> Decode<'de> for BTreeMap<K, V> {
    #[inline]
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        let len = map_header::<K, V>(d)?;
        let map = if len <= 8 {
            let mut map = BTreeMap::new();
            for i in 0..len {
                let (k, v) = map_entry(d, i)?;
                map.insert(k, v);
            }
            map
        } else {
            let entries = crate::decode::collect::collect::<(K, V), _, _>(
                d,
                len,
                2,
                alloc::vec::Vec::with_capacity,
                map_entry,
                alloc::vec::Vec::push,
            )?;
            entries.into_iter().collect()
        };
        d.leave();
        Ok(map)
    }
}

#[cfg(feature = "std")]
mod std_impls {
    use super::*;
    use core::hash::{BuildHasher, Hash};
    use std::collections::HashMap;

    /// Entries in the map's iteration order.
    impl<K: Encode, V: Encode, S> Encode for HashMap<K, V, S> {
        #[inline]
        fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
            encode_map(self.len(), self.iter(), e)
        }
        #[inline]
        fn encoded_len(&self) -> usize {
            map_len(self.len(), self.iter())
        }
    }

    impl<'de, K, V, S> Decode<'de> for HashMap<K, V, S>
    where
        K: Decode<'de> + Eq + Hash,
        V: Decode<'de>,
        S: BuildHasher + Default,
    {
        #[inline]
        fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
            // Reserved for the count as claimed against the whole input
            // (2 bytes per entry at least): no rehashing on the way.
            let len = map_header::<K, V>(d)?;
            let map = crate::decode::collect::collect::<(K, V), _, _>(
                d,
                len,
                2,
                |cap| HashMap::with_capacity_and_hasher(cap, S::default()),
                map_entry,
                |map, (k, v)| {
                    map.insert(k, v);
                },
            )?;
            d.leave();
            Ok(map)
        }
    }
}
