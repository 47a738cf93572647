//! The two serde shapes that std types other than containers take in
//! rmp-serde's bytes: externally tagged enums (`Result`, `Bound`, `IpAddr`,
//! `SocketAddr`) and structs with named fields (`Range`, `RangeInclusive`).
//! The readers here accept what `#[derive(MsgPack)]` accepts for the same
//! shapes.

use crate::decode::{Decode, Decoder, Error, ErrorKind};
use crate::encode::{self, Encode, Encoder, Write, map_header_size, str_size};
use crate::marker::Marker;
use crate::schema::{FieldDef, Key, Payload, ShapeRef, VariantDef};

/// A variant tag read by [`read_tag`].
pub(crate) enum Tag<'de> {
    /// A bare `str`: a unit variant.
    Unit(&'de [u8]),
    /// The key of the one-entry map `{tag: payload}`: the map is entered and
    /// the payload comes next (the caller reads it, then calls
    /// [`Decoder::leave`]).
    Data(&'de [u8]),
}

/// Reads the tag of an externally tagged enum (serde's default, as
/// rmp-serde writes it): a unit variant is its name, a variant with data
/// the one-entry map `{name: payload}`. Returns the tag and its offset.
pub(crate) fn read_tag<'de>(d: &mut Decoder<'de>, enum_name: &'static str) -> Result<(Tag<'de>, usize), Error> {
    let at = d.position();
    match d.peek()? {
        Marker::Str => Ok((Tag::Unit(d.str_bytes()?), at)),
        Marker::Map => {
            let len = d.map_len()?;
            if len != 1 {
                return Err(crate::decode::reject::invalid_length(d, 1, len, at));
            }
            d.enter()?;
            let tag_at = d.position();
            Ok((Tag::Data(d.str_bytes()?), tag_at))
        }
        _ => Err(d.type_error(enum_name, at)),
    }
}

/// `unknown tag "..." for Enum`, at the tag.
#[cold]
pub(crate) fn unknown_variant(d: &Decoder<'_>, enum_name: &'static str, tag_at: usize) -> Error {
    crate::decode::reject::unknown_variant(d, enum_name, tag_at)
}

/// Writes the one-entry map `{tag: payload}` of a variant with data.
#[inline]
pub(crate) fn encode_variant<T: Encode + ?Sized, W: Write>(
    tag: &str,
    payload: &T,
    e: &mut Encoder<W>,
) -> Result<(), encode::Error<W::Error>> {
    e.map_len(1)?;
    e.str(tag)?;
    payload.encode(e)
}

/// The encoded length of [`encode_variant`].
#[inline]
pub(crate) fn variant_len<T: Encode + ?Sized>(tag: &str, payload: &T) -> usize {
    map_header_size(1) + str_size(tag.len()) + payload.encoded_len()
}

/// Writes a struct of `N` fields of one type as rmp-serde's named form:
/// the map `{name: value, ..}` in field order.
#[inline]
pub(crate) fn encode_fields<T: Encode, W: Write, const N: usize>(
    names: &[&str; N],
    values: [&T; N],
    e: &mut Encoder<W>,
) -> Result<(), encode::Error<W::Error>> {
    e.map_len(N)?;
    for (name, value) in names.iter().zip(values) {
        e.str(name)?;
        value.encode(e)?;
    }
    Ok(())
}

/// The encoded length of [`encode_fields`].
#[inline]
pub(crate) fn fields_len<T: Encode, const N: usize>(names: &[&str; N], values: [&T; N]) -> usize {
    map_header_size(N) + names.iter().zip(values).map(|(n, v)| str_size(n.len()) + v.encoded_len()).sum::<usize>()
}

/// Reads a struct of `N` fields of one type: the map `{name: value, ..}`
/// (rmp-serde's named form; any order, each field exactly once, no other
/// keys, as serde's own impls require) or the array `[value, ..]` of
/// exactly `N` elements (`rmp_serde::to_vec`'s compact form).
pub(crate) fn decode_fields<'de, T: Decode<'de>, const N: usize>(
    d: &mut Decoder<'de>,
    names: &[&'static str; N],
) -> Result<[T; N], Error> {
    let at = d.position();
    if d.peek()? != Marker::Map {
        let len = d.array_len()?;
        if len != N {
            return Err(d.error(ErrorKind::InvalidLength { expected: N, found: len }, at));
        }
        d.enter()?;
        let values = crate::array::try_array_from_fn(|i| T::decode(d).map_err(|e| e.at_index(i)))?;
        d.leave();
        return Ok(values);
    }
    let len = d.map_len()?;
    d.enter()?;
    let mut slots: [Option<T>; N] = [const { None }; N];
    for _ in 0..len {
        let key_at = d.position();
        let i = match crate::decode::key::read_key(d)? {
            crate::decode::key::Key::Str(k) => names.iter().position(|n| n.as_bytes() == k),
            _ => None,
        };
        let Some(i) = i else { return Err(crate::decode::reject::unknown_field(d, key_at)) };
        if slots[i].is_some() {
            return Err(crate::decode::reject::duplicate_field(d, names[i], key_at));
        }
        slots[i] = Some(T::decode(d).map_err(|e| e.at_field(names[i]))?);
    }
    d.leave();
    crate::array::try_array_from_fn(|i| {
        slots[i].take().ok_or_else(|| crate::decode::reject::missing_field(d, names[i], at))
    })
}

/// A variant of an externally tagged enum's descriptor.
pub(crate) const fn variant(name: &'static str, payload: Payload) -> VariantDef {
    VariantDef { name, tag: Key::Str(name), aliases: &[], payload, untagged: false }
}

/// A required, always written field of a struct descriptor.
pub(crate) const fn field(name: &'static str, shape: ShapeRef) -> FieldDef {
    FieldDef { name, key: Key::Str(name), aliases: &[], shape, required: true, always_written: true, flatten: false }
}
