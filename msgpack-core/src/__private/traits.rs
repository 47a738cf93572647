//! The traits derived types implement besides `Encode` and `Decode`: the
//! entries of a map-form struct (written beside others, read after the
//! header) and the out-of-line decode of any form.

use super::keys::KeySet;
use super::tag::TagKey;
use crate::decode::{self, Decoder};
use crate::encode::{self, Encoder, Write};

/// The fields of a map-form derived struct, without the map header: what an
/// internally tagged enum's newtype variant writes beside its tag, and
/// what a flattened field writes (maps implement it too).
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no map entries of its own to write beside others",
    label = "`flatten` and internally tagged newtype variants need a map-form struct that derives `MsgPack` (or, for `flatten`, a `BTreeMap` / `HashMap`)"
)]
pub trait EncodeMap {
    /// The raw payloads of the string keys this type writes and of the
    /// aliases it also reads, its flattened structs' included (checked at
    /// compile time against an enclosing enum's internal tag and a
    /// flattening parent's keys).
    const __KEYS: KeySet;
    /// How many entries [`__encode_entries`](EncodeMap::__encode_entries) writes.
    fn __map_entries(&self) -> usize;
    /// Writes the entries (keys and values), no header.
    fn __encode_entries<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>>;
    /// The encoded length of the entries.
    fn __entries_len(&self) -> usize;
    /// Writes the entries as a flattened field of a map whose other parts
    /// write the keys in `claimed`: a catch-all map holding one of them is
    /// an error (the map would hold the key twice); a struct's keys were
    /// checked at compile time.
    #[inline]
    fn __encode_flat<W: Write>(&self, e: &mut Encoder<W>, claimed: &KeySet) -> Result<(), encode::Error<W::Error>> {
        let _ = claimed;
        self.__encode_entries(e)
    }
}

/// The one body of a derived map-form struct's encoding: its entries,
/// after the map header when `HEADER` (its `Encode`), without it (its
/// `EncodeMap`, for a struct that flattens it). A constant parameter, so
/// both uses share one body in the source and each compiles to straight
/// code (with the header, the header and the first key are one write).
pub trait MapBody {
    /// Writes the entries, after the header when `HEADER`.
    fn __map_body<const HEADER: bool, W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>>;
}

/// Reads the fields of a map-form derived struct from `len` entries whose
/// header has been read; a key whose raw payload equals `skip_key` (an
/// internal tag) is skipped.
pub trait DecodeMap<'de>: Sized {
    /// Reads `len` entries; `at` is the offset of the map, for errors.
    fn __decode_entries(
        d: &mut Decoder<'de>,
        len: usize,
        at: usize,
        tag: Option<TagKey>,
    ) -> Result<Self, decode::Error>;
}

/// The complete decode of a derived struct, out of line: what its inlined
/// `Decode::decode` falls back to when the input is not the common form
/// its fast path reads (a fixarray of exactly its field count for an array
/// form, a fixmap for a map form): the other form, longer headers, fewer or
/// more elements, errors. Kept out of line so the fast path stays small
/// enough to inline into the loop that decodes a sequence of the type.
pub trait DecodeFallback<'de>: Sized {
    /// Decodes the value from the start, whatever its form.
    fn __decode_fallback(d: &mut Decoder<'de>) -> Result<Self, decode::Error>;
}
