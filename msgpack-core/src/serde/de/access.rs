//! What the deserializer hands visitors: the elements of arrays, maps,
//! `bin` read as a sequence, ext items and enums.

use core::mem::size_of;

use ::serde::de::{self, DeserializeSeed, Unexpected, Visitor};
use ::serde::forward_to_deserialize_any;

use super::deserializer::Deserializer;
use crate::decode::{Error, ErrorKind, Found};
use crate::ext::ExtRef;

type Result<T> = core::result::Result<T, Error>;

/// How many elements a growing collection (`charge`) is offered as its
/// size hint: the capacity the derive would reserve for elements of 8 bytes,
/// claimed against the whole input as the crate's own collections claim it
/// ([`Decoder::capacity_for`](crate::Decoder::capacity_for)); serde's own
/// visitors reserve at most 1 MiB from it. Structs and tuples, which
/// reserve nothing, get no hint and take nothing from that allowance.
///
/// When the open containers claim more items than the input has bytes
/// left, the decode cannot succeed, and a serde visitor would keep every
/// element it is given: the input's end is reported at the header (the
/// crate's own collections read on to the error the input ends with).
#[inline]
fn hint(de: &mut Deserializer<'_>, len: usize, per: usize, at: usize, charge: bool) -> Result<Option<usize>> {
    if !charge {
        return Ok(None);
    }
    match de.d.claim::<u64>(len, per) {
        Some(cap) => Ok(Some(cap)),
        None => Err(de.d.unmet_claims(len, per, at)),
    }
}

/// The error of a container whose visitor returned before reading all
/// `len` elements (rmp-serde's `LengthMismatch`).
#[cold]
fn leftover(de: &Deserializer<'_>, read: usize, len: usize, at: usize) -> Error {
    de.d.error(ErrorKind::InvalidLength { expected: read, found: len }, at)
}

// ---- arrays ----------------------------------------------------------------------

/// The elements of an array.
pub(super) struct SeqAccess<'a, 'de> {
    de: &'a mut Deserializer<'de>,
    len: usize,
    index: usize,
    hint: Option<usize>,
    /// A struct's field names, for error paths (`$.name` for element `i`).
    fields: &'static [&'static str],
    /// Whether each element is charged to the budget (a growing collection).
    charge: bool,
}

impl<'a, 'de> SeqAccess<'a, 'de> {
    /// Visits the `len` elements of the array whose header, at `at`, was
    /// just read; the visitor must read them all, as rmp-serde requires.
    #[inline]
    pub(super) fn visit<V: Visitor<'de>>(
        de: &'a mut Deserializer<'de>,
        len: usize,
        at: usize,
        fields: &'static [&'static str],
        charge: bool,
        v: V,
    ) -> Result<V::Value> {
        let hint = hint(de, len, 1, at, charge)?;
        de.d.enter()?;
        let mut seq = SeqAccess { de, len, index: 0, hint, fields, charge };
        let r = v.visit_seq(&mut seq);
        let (read, de) = (seq.index, seq.de);
        de.d.leave();
        let value = r?;
        if read < len {
            return Err(leftover(de, read, len, at));
        }
        Ok(value)
    }
}

impl<'de> de::SeqAccess<'de> for SeqAccess<'_, 'de> {
    type Error = Error;

    #[inline]
    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>> {
        if self.index >= self.len {
            return Ok(None);
        }
        let i = self.index;
        self.index += 1;
        let at = self.de.d.position();
        let r = match self.charge {
            true => {
                self.de.d.release_claim(1);
                self.de.d.charge(size_of::<T::Value>(), at).and_then(|()| seed.deserialize(&mut *self.de))
            }
            false => seed.deserialize(&mut *self.de),
        };
        r.map(Some).map_err(|e| {
            let e = self.de.locate(e, at);
            match self.fields.get(i) {
                Some(name) => e.at_field(name),
                None => e.at_index(i),
            }
        })
    }

    #[inline]
    fn size_hint(&self) -> Option<usize> {
        self.hint.map(|h| h.min(self.len - self.index))
    }
}

// ---- maps ------------------------------------------------------------------------

/// The entries of a map.
pub(super) struct MapAccess<'a, 'de> {
    de: &'a mut Deserializer<'de>,
    len: usize,
    index: usize,
    hint: Option<usize>,
    /// Where the last key started (its value's errors are located by it).
    key_at: usize,
    /// A key has been read and its value not yet.
    pending: bool,
    /// A struct's field names: the value of a key naming one is `$.name`
    /// in error paths, other values `$[key]`.
    fields: &'static [&'static str],
    charge: bool,
}

impl<'a, 'de> MapAccess<'a, 'de> {
    /// Visits the `len` entries of the map whose header, at `at`, was just
    /// read; the visitor must read them all.
    pub(super) fn visit<V: Visitor<'de>>(
        de: &'a mut Deserializer<'de>,
        len: usize,
        at: usize,
        fields: &'static [&'static str],
        charge: bool,
        v: V,
    ) -> Result<V::Value> {
        let hint = hint(de, len, 2, at, charge)?;
        de.d.enter()?;
        let mut map = MapAccess { de, len, index: 0, hint, key_at: at, pending: false, fields, charge };
        let r = v.visit_map(&mut map);
        let (read, de) = (map.index - usize::from(map.pending), map.de);
        de.d.leave();
        let value = r?;
        if read < len {
            return Err(leftover(de, read, len, at));
        }
        Ok(value)
    }

    /// Adds the entry whose value failed to the path: the field it names,
    /// or its key.
    #[cold]
    fn value_path(&self, e: Error) -> Error {
        let mut key = self.de.d.clone();
        key.rewind(self.key_at);
        if let Ok(name) = key.str()
            && let Some(field) = self.fields.iter().find(|f| **f == name)
        {
            return e.at_field(field);
        }
        e.at_key(self.de.d.found_at(self.key_at))
    }
}

/// The error of a visitor reading a map entry out of order.
#[cold]
fn out_of_order(de: &Deserializer<'_>, what: &'static str) -> Error {
    de.d.error(ErrorKind::Custom(what), de.d.position())
}

impl<'de> de::MapAccess<'de> for MapAccess<'_, 'de> {
    type Error = Error;

    #[inline]
    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        if self.pending {
            return Err(out_of_order(self.de, "a map key was read where its value comes (serde MapAccess misuse)"));
        }
        if self.index >= self.len {
            return Ok(None);
        }
        let i = self.index;
        self.index += 1;
        let at = self.de.d.position();
        self.key_at = at;
        self.pending = true;
        let r = match self.charge {
            true => {
                self.de.d.release_claim(2);
                self.de.d.charge(size_of::<K::Value>(), at).and_then(|()| seed.deserialize(&mut *self.de))
            }
            false => seed.deserialize(&mut *self.de),
        };
        // An error in a key is located by the entry's index, as the derive does.
        r.map(Some).map_err(|e| self.de.locate(e, at).at_index(i))
    }

    #[inline]
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value> {
        if !self.pending {
            return Err(out_of_order(self.de, "a map value was read before its key (serde MapAccess misuse)"));
        }
        self.pending = false;
        let at = self.de.d.position();
        let r = match self.charge {
            true => self.de.d.charge(size_of::<V::Value>(), at).and_then(|()| seed.deserialize(&mut *self.de)),
            false => seed.deserialize(&mut *self.de),
        };
        r.map_err(|e| {
            let e = self.de.locate(e, at);
            self.value_path(e)
        })
    }

    #[inline]
    fn size_hint(&self) -> Option<usize> {
        self.hint.map(|h| h.min(self.len - self.index))
    }
}

// ---- bin as a sequence -----------------------------------------------------------

/// The bytes of a `bin`, as a sequence of `u8` (where a sequence is asked
/// for: rmp-serde reads a `Vec<u8>` without `serde_bytes` from a `bin`).
pub(super) struct BinSeq<'a, 'de> {
    de: &'a mut Deserializer<'de>,
    bytes: &'de [u8],
    index: usize,
    at: usize,
    charge: bool,
}

impl<'a, 'de> BinSeq<'a, 'de> {
    /// Visits `bytes`, the payload of the `bin` at `at`. As in rmp-serde,
    /// the visitor need not read them all (a `[u8; 2]` from 3 bytes).
    pub(super) fn visit<V: Visitor<'de>>(
        de: &'a mut Deserializer<'de>,
        bytes: &'de [u8],
        at: usize,
        charge: bool,
        v: V,
    ) -> Result<V::Value> {
        v.visit_seq(BinSeq { de, bytes, index: 0, at, charge })
    }
}

impl<'de> de::SeqAccess<'de> for BinSeq<'_, 'de> {
    type Error = Error;

    #[inline]
    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>> {
        let Some(&b) = self.bytes.get(self.index) else { return Ok(None) };
        let i = self.index;
        self.index += 1;
        if self.charge {
            self.de.d.charge(size_of::<T::Value>(), self.at).map_err(|e| e.at_index(i))?;
        }
        let at = self.at;
        seed.deserialize(Part::U8(b)).map(Some).map_err(|e| e.locate(at, || Found::UInt(b.into())).at_index(i))
    }

    #[inline]
    fn size_hint(&self) -> Option<usize> {
        Some(self.bytes.len() - self.index)
    }
}

/// A value that is not in the input as an item of its own: a byte of a
/// `bin` read as a sequence, or a part of an ext item.
#[derive(Clone, Copy)]
enum Part<'de> {
    U8(u8),
    I8(i8),
    Bytes(&'de [u8]),
}

impl<'de> de::Deserializer<'de> for Part<'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value> {
        match self {
            Part::U8(b) => v.visit_u8(b),
            Part::I8(t) => v.visit_i8(t),
            Part::Bytes(b) => v.visit_borrowed_bytes(b),
        }
    }

    fn is_human_readable(&self) -> bool {
        false
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct newtype_struct seq tuple
        tuple_struct map struct enum identifier ignored_any
    }
}

// ---- ext -------------------------------------------------------------------------

/// An ext item as serde sees it in rmp-serde: the content of the newtype
/// `_ExtStruct`, a sequence of its type (`i8`) and its payload (bytes).
pub(super) struct ExtSeq<'de> {
    ext: ExtRef<'de>,
    next: u8,
}

impl<'de> ExtSeq<'de> {
    pub(super) fn new(ext: ExtRef<'de>) -> Self {
        ExtSeq { ext, next: 0 }
    }
}

impl<'de> de::Deserializer<'de> for ExtSeq<'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value> {
        v.visit_seq(self)
    }

    fn is_human_readable(&self) -> bool {
        false
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct newtype_struct seq tuple
        tuple_struct map struct enum identifier ignored_any
    }
}

impl<'de> de::SeqAccess<'de> for ExtSeq<'de> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>> {
        let part = match self.next {
            0 => Part::I8(self.ext.ty),
            1 => Part::Bytes(self.ext.data),
            _ => return Ok(None),
        };
        let i = usize::from(self.next);
        self.next += 1;
        seed.deserialize(part).map(Some).map_err(|e| e.at_index(i))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(2 - usize::from(self.next).min(2))
    }
}

// ---- enums -----------------------------------------------------------------------

/// The variant of an enum in map form, `{variant: payload}` (the map
/// header read and its level entered).
pub(super) struct Enum<'a, 'de> {
    de: &'a mut Deserializer<'de>,
    variants: &'static [&'static str],
    key_at: usize,
}

impl<'a, 'de> Enum<'a, 'de> {
    pub(super) fn new(de: &'a mut Deserializer<'de>, variants: &'static [&'static str]) -> Self {
        let key_at = de.d.position();
        Enum { de, variants, key_at }
    }

    /// Locates an error in the payload and adds the variant to its path,
    /// as the derive does (`$.Variant`).
    #[cold]
    fn payload_error(&self, e: Error, at: usize) -> Error {
        let e = self.de.locate(e, at);
        let mut key = self.de.d.clone();
        key.rewind(self.key_at);
        let name = match key.peek() {
            Ok(crate::marker::Marker::Str) => key.str().ok().and_then(|k| self.variants.iter().find(|v| **v == k)),
            Ok(_) => key.u64().ok().and_then(|i| usize::try_from(i).ok()).and_then(|i| self.variants.get(i)),
            Err(_) => None,
        };
        match name {
            Some(name) => e.at_field(name),
            None => e.at_key(self.de.d.found_at(self.key_at)),
        }
    }
}

impl<'de> de::EnumAccess<'de> for Enum<'_, 'de> {
    type Error = Error;
    type Variant = Self;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self)> {
        let at = self.key_at;
        let v = seed.deserialize(&mut *self.de).map_err(|e| self.de.locate(e, at))?;
        Ok((v, self))
    }
}

impl<'de> de::VariantAccess<'de> for Enum<'_, 'de> {
    type Error = Error;

    /// `nil` (rmp-serde reads `{variant: nil}` as a unit variant).
    fn unit_variant(self) -> Result<()> {
        let at = self.de.d.position();
        self.de.d.nil().map_err(|e| self.payload_error(e, at))
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value> {
        let at = self.de.d.position();
        seed.deserialize(&mut *self.de).map_err(|e| self.payload_error(e, at))
    }

    fn tuple_variant<V: Visitor<'de>>(self, len: usize, v: V) -> Result<V::Value> {
        let at = self.de.d.position();
        de::Deserializer::deserialize_tuple(&mut *self.de, len, v).map_err(|e| self.payload_error(e, at))
    }

    /// From an array or a map, as a struct.
    fn struct_variant<V: Visitor<'de>>(self, fields: &'static [&'static str], v: V) -> Result<V::Value> {
        let at = self.de.d.position();
        de::Deserializer::deserialize_struct(&mut *self.de, "", fields, v).map_err(|e| self.payload_error(e, at))
    }
}

/// A unit variant by its name (or index) alone.
pub(super) struct UnitVariant<'a, 'de>(pub(super) &'a mut Deserializer<'de>);

impl<'de> de::EnumAccess<'de> for UnitVariant<'_, 'de> {
    type Error = Error;
    type Variant = Self;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self)> {
        let v = seed.deserialize(&mut *self.0)?;
        Ok((v, self))
    }
}

impl<'de> de::VariantAccess<'de> for UnitVariant<'_, 'de> {
    type Error = Error;

    fn unit_variant(self) -> Result<()> {
        Ok(())
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, _seed: T) -> Result<T::Value> {
        Err(de::Error::invalid_type(Unexpected::UnitVariant, &"newtype variant"))
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, _v: V) -> Result<V::Value> {
        Err(de::Error::invalid_type(Unexpected::UnitVariant, &"tuple variant"))
    }

    fn struct_variant<V: Visitor<'de>>(self, _fields: &'static [&'static str], _v: V) -> Result<V::Value> {
        Err(de::Error::invalid_type(Unexpected::UnitVariant, &"struct variant"))
    }
}
