//! The contract between `#[derive(MsgPack)]` and the core: everything the
//! generated code names besides the public API, and nothing else. Not
//! public API: anything here may change in a patch release, in step with
//! the derive of the same version.
//!
//! Generated code reaches the core through two doors only: the public
//! items a hand-written impl uses too (`Encode`, `Decode`, `Schema`,
//! `Encoder` and `Decoder` methods, `schema::StructDef` and its kin), and
//! this module. No other module of the core imports this one (CI checks
//! it: `tools/door_check.py`); this module calls into the core's own
//! `pub(crate)` state.
//!
//! # What a derived struct is
//!
//! Five impls (`#[derive(MsgPack)]` on a struct with named fields):
//!
//! | impl | what it holds |
//! |---|---|
//! | [`Encode`](crate::Encode) | `MAX_LEN`, `COSTLY_LEN`, the fixed layout if any; `encode` is one call of [`encode_struct`] (or [`encode_struct_unbounded`] for a generic type); `encoded_len` |
//! | [`EncodeBody<F>`] | the fields after the header: the one copy of the field encoders ([`MapForm`] or [`ArrayForm`]) |
//! | [`Decode`](crate::Decode) | the fixed layout if any; `decode` is the fast path of its form inline (a `fixmap` through [`decode_map_struct`], whose entries loop is one out-of-line copy per struct, or an array header of exactly its fields, [`array_exact`], and the fields read in order) and [`decode_fallback`] for everything else |
//! | [`DecodeBody<'de, F>`] | the fields' accumulator, the in-order fast path of a map, the key match, the field decoders by position and the build |
//! | [`Schema`](crate::schema::Schema) | the descriptor |
//!
//! Tuple and unit structs, newtypes and enums get `Encode`, `Decode` and
//! `Schema` only, with the helpers below for their errors, tags and
//! untagged attempts.
//!
//! The bodies are what everything else that handles a struct uses: a
//! struct that flattens it (map form: `KEYS`, `take`, `take_rest`,
//! `write_flat`; array form: `ELEMS`, `take_index`), an internally tagged
//! enum whose newtype variant holds it ([`struct_entries`] with the tag),
//! the shared decode of the other form ([`decode_fallback`]).
//!
//! # The pieces, by concern
//!
//! - encode: [`encode_struct`], [`encode_struct_unbounded`], the bound
//!   constants ([`BOUNDED_LIMIT`], [`window`], [`max_len_sum`]), [`len_with`] / [`LenCounter`]
//!   (`encode_with` fields);
//! - fixed layouts: [`Layout`], [`write_field`], [`write_key`] (a type's
//!   template, written for slices of it), [`read_field`], [`fixed`],
//!   [`fixed_run`];
//! - decode: [`array_exact`],
//!   [`decode_map_struct`], [`decode_fallback`], [`decode_cold`], [`decode_elems`],
//!   [`struct_entries`], the per-field steps
//!   ([`field`], [`element`], [`take_field`], [`array_field`]), [`Key`] /
//!   [`read_key`], the errors ([`missing_field`], [`first_missing`],
//!   [`duplicate_field`], [`unknown_field`], [`unknown_variant`],
//!   [`invalid_length`], [`conversion_error`]), [`rewind`];
//! - enums: [`TagKey`], [`find_tag`], [`single_tag`],
//!   [`skip_entries_but_tag`]; untagged attempts: [`markers`],
//!   [`next_markers`], [`ALL_MARKERS`], [`marker_bit`], [`Attempt`],
//!   [`no_variant_matched`], [`speculate`], [`failed`], [`commit`],
//!   [`mark`], [`reset`], [`set_quiet`];
//! - keys checked at compile time: [`KeySet`];
//! - field forms: [`bytes_as_array`] / [`bytes_as_array_len`]
//!   (`as_array`), [`pairs_as_map`] and its kin (`as_map`), the
//!   `#[msgpack(serde)]` bridge ([`serde_encode`], [`serde_len`],
//!   [`serde_decode`]);
//! - schema locks: [`assert_compatible`] (the body of
//!   [`assert_compatible!`](crate::assert_compatible)), [`assert_version`],
//!   [`assert_fingerprint`].

pub use core::option::Option;
pub use core::result::Result;

#[cfg(feature = "alloc")]
mod as_map;
mod body;
mod decode;
mod encode;
mod keys;
#[cfg(feature = "serde")]
mod serde_field;
#[cfg(not(feature = "serde"))]
mod serde_off;
mod tag;
mod untagged;

/// serde itself, for the bounds of generic `#[msgpack(serde)]` fields.
#[cfg(feature = "serde")]
pub use ::serde as serde_crate;
#[cfg(feature = "alloc")]
pub use as_map::{PairSeq, pairs_as_map, pairs_as_map_len, pairs_from_map};
pub use body::{ArrayForm, DecodeBody, EncodeBody, MapForm};
pub use decode::{
    array_exact, array_field, decode_cold, decode_elems, decode_fallback, decode_map_struct, element, field, fixed,
    fixed_run, rewind, struct_entries, take_field,
};
pub use encode::{BOUNDED_LIMIT, LenCounter, encode_struct, encode_struct_unbounded, len_with, max_len_sum, window};
pub use keys::KeySet;
#[cfg(feature = "serde")]
pub use serde_field::{serde_decode, serde_encode, serde_len};
#[cfg(not(feature = "serde"))]
pub use serde_off::{SerdeFeatureOff, serde_decode, serde_encode, serde_len};
pub use tag::{TagKey, find_tag, single_tag, skip_entries_but_tag};
pub use untagged::{
    ALL_MARKERS, Attempt, commit, failed, mark, marker_bit, markers, next_markers, no_variant_matched, reset,
    set_quiet, speculate,
};

pub use crate::decode::key::{Key, read_key};
pub use crate::decode::reject::{
    conversion_error, duplicate_field, first_missing, invalid_length, missing_field, unknown_field, unknown_variant,
};
pub use crate::impls::as_array::{bytes_as_array, bytes_as_array_len};
pub use crate::layout::{Layout, read_field, write_field, write_key};
pub use crate::schema::assert::{assert_compatible, assert_fingerprint, assert_version};
