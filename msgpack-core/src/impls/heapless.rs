//! `heapless::String<N>`, `Vec<T, N>` and `IndexMap<K, V, S, N>` (feature
//! `heapless`, no_std, no allocator): the containers of a program without
//! an allocator. More elements, entries or bytes in the input than the
//! capacity `N` is an [`ErrorKind::CapacityExceeded`] error at the header,
//! before any element is read: never a panic.
//!
//! The schema describes them as their unbounded counterparts (`[T]`,
//! `str`, a map): [`check`](crate::schema::check) does not compare lengths
//! with capacities, as it does not with the length limits of
//! [`DecodeOptions`](crate::DecodeOptions).

use core::hash::{BuildHasher, Hash};

use ::heapless::{IndexMap, LenType, String, Vec};

use crate::decode::{Decode, Decoder, Error, ErrorKind};
use crate::encode::{self, Encode, Encoder, Write, map_header_size, str_size};
use crate::schema::{Schema, Shape, ShapeRef};

/// As a slice: an array of the elements, a `bin` for `Vec<u8, N>` (read
/// from an array of small integers too, as serde writes it).
///
/// ```
/// let v: heapless::Vec<u16, 4> = msgpack_core::from_slice(&[0x92, 0x01, 0xcd, 0x01, 0x2c])?;
/// assert_eq!(v, [1, 300]);
/// assert!(msgpack_core::from_slice::<heapless::Vec<u16, 1>>(&[0x92, 0x01, 0x02]).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl<T: Encode, LenT: LenType, const N: usize> Encode for Vec<T, N, LenT> {
    const COSTLY_LEN: bool = T::COSTLY_LEN;
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        T::__encode_slice(self.as_slice(), e)
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        T::__encoded_len_slice(self.as_slice())
    }
}

impl<'de, T: Decode<'de>, LenT: LenType, const N: usize> Decode<'de> for Vec<T, N, LenT> {
    #[inline]
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        let mut v = Vec::new();
        // `__decode_bounded` hands over at most `N` elements: the push
        // cannot fail.
        T::__decode_bounded(d, N, |x| {
            let _ = v.push(x);
        })?;
        Ok(v)
    }
}

/// A `str`.
impl<LenT: LenType, const N: usize> Encode for String<N, LenT> {
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        e.str(self.as_str())
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        str_size(self.len())
    }
}

/// A `str` of at most `N` bytes.
///
/// ```
/// use msgpack_core::decode::ErrorKind;
/// let s: heapless::String<8> = msgpack_core::from_slice(b"\xa5hello")?;
/// assert_eq!(s, "hello");
/// let e = msgpack_core::from_slice::<heapless::String<4>>(b"\xa5hello").unwrap_err();
/// assert_eq!(e.kind(), &ErrorKind::CapacityExceeded { capacity: 4, found: 5 });
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl<'de, LenT: LenType, const N: usize> Decode<'de> for String<N, LenT> {
    #[inline]
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        let at = d.position();
        let s = d.str()?;
        let mut out = String::new();
        out.push_str(s).map_err(|_| d.error(ErrorKind::CapacityExceeded { capacity: N, found: s.len() }, at))?;
        Ok(out)
    }
}

/// A map of the entries in insertion order.
impl<K: Encode, V: Encode, S, const N: usize> Encode for IndexMap<K, V, S, N> {
    const COSTLY_LEN: bool = K::COSTLY_LEN || V::COSTLY_LEN;
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        e.map_len(self.len())?;
        for (k, v) in self.iter() {
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

/// Entries in the order of the message (a repeated key keeps its first
/// position and its last value). A map header of more than `N` entries is
/// an [`ErrorKind::CapacityExceeded`] error, repeated keys or not.
impl<'de, K, V, S, const N: usize> Decode<'de> for IndexMap<K, V, S, N>
where
    K: Decode<'de> + Hash + Eq,
    V: Decode<'de>,
    S: BuildHasher + Default,
{
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        let at = d.position();
        let len = d.map_len()?;
        if len > N {
            return Err(d.error(ErrorKind::CapacityExceeded { capacity: N, found: len }, at));
        }
        d.enter()?;
        let mut map = IndexMap::default();
        for i in 0..len {
            let key_at = d.position();
            let k = K::decode(d).map_err(|e| e.at_index(i))?;
            let v = V::decode(d).map_err(|e| e.at_key(d.found_at(key_at)))?;
            // At most `len <= N` distinct keys: the insert cannot fail.
            let _ = map.insert(k, v);
        }
        d.leave();
        Ok(map)
    }
}

impl<T: Schema, LenT: LenType, const N: usize> Schema for Vec<T, N, LenT> {
    const SHAPE: ShapeRef = if T::__BYTE {
        ShapeRef::new(&Shape::Bin { len: None, from_array: true })
    } else {
        ShapeRef::new(&Shape::Seq { elem: T::SHAPE, len: None })
    };
}

impl<LenT: LenType, const N: usize> Schema for String<N, LenT> {
    const SHAPE: ShapeRef = ShapeRef::new(&Shape::Str);
}

impl<K: Schema, V: Schema, S, const N: usize> Schema for IndexMap<K, V, S, N> {
    const SHAPE: ShapeRef = ShapeRef::new(&Shape::Map { key: K::SHAPE, value: V::SHAPE });
}
