//! `#[msgpack(as_map)]`: a `Vec<(K, V)>` field written and read as a map,
//! in order (feature `alloc`).

use crate::decode::collect;
use crate::decode::{self, Decode, Decoder};
use crate::encode::{self, Encode, Encoder, Write};

/// A `Vec<(K, V)>` field written and read as a map, in order (`as_map`).
pub trait PairSeq: Sized {
    /// The keys.
    type K;
    /// The values.
    type V;
    /// The pairs, in order.
    fn __pairs(&self) -> &[(Self::K, Self::V)];
    /// From the pairs read.
    fn __from_pairs(pairs: alloc::vec::Vec<(Self::K, Self::V)>) -> Self;
}

impl<K, V> PairSeq for alloc::vec::Vec<(K, V)> {
    type K = K;
    type V = V;
    #[inline]
    fn __pairs(&self) -> &[(K, V)] {
        self
    }
    #[inline]
    fn __from_pairs(pairs: alloc::vec::Vec<(K, V)>) -> Self {
        pairs
    }
}

/// Writes pairs as a map, in order.
#[inline]
pub fn pairs_as_map<K: Encode, V: Encode, W: Write>(
    pairs: &[(K, V)],
    e: &mut Encoder<W>,
) -> Result<(), encode::Error<W::Error>> {
    e.map_len(pairs.len())?;
    for (k, v) in pairs {
        k.encode(e)?;
        v.encode(e)?;
    }
    Ok(())
}

/// The encoded length of [`pairs_as_map`].
#[inline]
pub fn pairs_as_map_len<K: Encode, V: Encode>(pairs: &[(K, V)]) -> usize {
    encode::map_header_size(pairs.len()) + pairs.iter().map(|(k, v)| k.encoded_len() + v.encoded_len()).sum::<usize>()
}

/// Reads a map into pairs, in order (a repeated key is kept twice, as
/// written). The entries are charged to the allocation budget.
#[inline]
pub fn pairs_from_map<'de, T, K: Decode<'de>, V: Decode<'de>>(d: &mut Decoder<'de>) -> Result<T, decode::Error>
where
    T: PairSeq<K = K, V = V>,
{
    let at = d.position();
    let len = d.map_len()?;
    d.charge_elements::<(K, V)>(len, at)?;
    d.enter()?;
    let out = collect::collect::<(K, V), _, _>(
        d,
        len,
        2,
        alloc::vec::Vec::with_capacity,
        |d, i| {
            let key_at = d.position();
            let k = K::decode(d).map_err(|e| e.at_index(i))?;
            let v = V::decode(d).map_err(|e| e.at_key(d.found_at(key_at)))?;
            Ok((k, v))
        },
        alloc::vec::Vec::push,
    )?;
    d.leave();
    Ok(T::__from_pairs(out))
}
