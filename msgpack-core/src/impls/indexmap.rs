//! `indexmap::IndexMap` and `IndexSet` (feature `indexmap`, no_std): a map
//! and an array in insertion order, both ways. MessagePack maps are
//! ordered; an `IndexMap` keeps the order a message has, where a
//! `HashMap` loses it and a `BTreeMap` sorts it.

use core::hash::{BuildHasher, Hash};

use ::indexmap::{IndexMap, IndexSet};

use crate::decode::collect::{collect, collect_array};
use crate::decode::{Decode, Decoder, Error};
use crate::encode::{self, Encode, Encoder, Write, array_header_size, map_header_size};
use crate::schema::{Schema, Shape, ShapeRef};

/// A map of the entries in insertion order.
///
/// ```
/// use indexmap::IndexMap;
/// let mut m = IndexMap::new();
/// m.insert("z", 1u8);
/// m.insert("a", 2);
/// let bytes = msgpack_core::to_vec(&m)?;
/// assert_eq!(bytes, b"\x82\xa1z\x01\xa1a\x02"); // not sorted
/// let back: IndexMap<String, u8> = msgpack_core::from_slice(&bytes)?;
/// assert_eq!(back.keys().collect::<Vec<_>>(), ["z", "a"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl<K: Encode, V: Encode, S> Encode for IndexMap<K, V, S> {
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        e.map_len(self.len())?;
        for (k, v) in self {
            k.encode(e)?;
            v.encode(e)?;
        }
        Ok(())
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        map_header_size(self.len()) + self.iter().map(|(k, v)| k.encoded_len() + v.encoded_len()).sum::<usize>()
    }
}

/// Entries in the order of the message. A key that appears twice keeps
/// its first position and its last value (`IndexMap::insert`, as serde's
/// impl does).
impl<'de, K, V, S> Decode<'de> for IndexMap<K, V, S>
where
    K: Decode<'de> + Hash + Eq,
    V: Decode<'de>,
    S: BuildHasher + Default,
{
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        let at = d.position();
        let len = d.map_len()?;
        // An entry, its hash and its index.
        d.charge_elements::<(K, V, usize, usize)>(len, at)?;
        d.enter()?;
        let map = collect::<(K, V, usize, usize), _, _>(
            d,
            len,
            2,
            |cap| IndexMap::with_capacity_and_hasher(cap, S::default()),
            |d, i| {
                let key_at = d.position();
                let k = K::decode(d).map_err(|e| e.at_index(i))?;
                let v = V::decode(d).map_err(|e| e.at_key(d.found_at(key_at)))?;
                Ok((k, v))
            },
            |map, (k, v)| {
                map.insert(k, v);
            },
        )?;
        d.leave();
        Ok(map)
    }
}

/// An array of the elements in insertion order.
impl<T: Encode, S> Encode for IndexSet<T, S> {
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        e.array_len(self.len())?;
        for x in self {
            x.encode(e)?;
        }
        Ok(())
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        array_header_size(self.len()) + self.iter().map(Encode::encoded_len).sum::<usize>()
    }
}

/// Elements in the order of the message; a repeated element keeps its
/// first position.
impl<'de, T, S> Decode<'de> for IndexSet<T, S>
where
    T: Decode<'de> + Hash + Eq,
    S: BuildHasher + Default,
{
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        let set = collect_array::<(T, usize, usize), _, _>(
            d,
            T::decode,
            |cap| IndexSet::with_capacity_and_hasher(cap, S::default()),
            |set, x| {
                set.insert(x);
            },
        )?;
        Ok(set)
    }
}

impl<K: Schema, V: Schema, S> Schema for IndexMap<K, V, S> {
    const SHAPE: ShapeRef = ShapeRef::new(&Shape::Map { key: K::SHAPE, value: V::SHAPE });
}

impl<T: Schema, S> Schema for IndexSet<T, S> {
    const SHAPE: ShapeRef = ShapeRef::new(&Shape::Seq { elem: T::SHAPE, len: None });
}
