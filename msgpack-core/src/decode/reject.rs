//! The decode errors of derived types (missing, duplicate and unknown
//! fields, unknown variants, wrong lengths, failed conversions): out of
//! line and cold, so that the decoders' fast paths stay small.

use crate::decode::{self, Decoder, ErrorKind};

/// `missing field "name"`, at the container starting at `at`.
#[cold]
#[inline(never)]
pub fn missing_field(d: &Decoder<'_>, name: &'static str, at: usize) -> decode::Error {
    d.error(ErrorKind::MissingField(name), at)
}

/// `missing field "name"` for the first of `fields` (`(absent, name)`, in
/// declaration order) that is absent: the derive's build checks every
/// required field at once and calls this only when one is missing.
#[cold]
#[inline(never)]
pub fn first_missing(d: &Decoder<'_>, at: usize, fields: &[(bool, &'static str)]) -> decode::Error {
    let name = fields.iter().find(|(absent, _)| *absent).map_or("", |(_, name)| name);
    missing_field(d, name, at)
}

/// `duplicate field "name"`, at its second key.
#[cold]
#[inline(never)]
pub fn duplicate_field(d: &Decoder<'_>, name: &'static str, key_at: usize) -> decode::Error {
    d.error(ErrorKind::DuplicateField(name), key_at)
}

/// `unknown field "..."`, at its key.
#[cold]
#[inline(never)]
pub fn unknown_field(d: &Decoder<'_>, key_at: usize) -> decode::Error {
    d.error(ErrorKind::UnknownField(d.found_at(key_at)), key_at)
}

/// `unknown tag "..." for Enum`, at the tag value.
#[cold]
#[inline(never)]
pub fn unknown_variant(d: &Decoder<'_>, enum_name: &'static str, tag_at: usize) -> decode::Error {
    d.error(ErrorKind::UnknownVariant { enum_name, found: d.found_at(tag_at) }, tag_at)
}

/// An array of the wrong length for a tuple struct or variant.
#[cold]
#[inline(never)]
pub fn invalid_length(d: &Decoder<'_>, expected: usize, found: usize, at: usize) -> decode::Error {
    d.error(ErrorKind::InvalidLength { expected, found }, at)
}

/// A `try_from = "T"` conversion into `into` that failed, for the value
/// read at `at`.
#[cold]
#[inline(never)]
pub fn conversion_error(d: &Decoder<'_>, into: &'static str, why: &dyn core::fmt::Display, at: usize) -> decode::Error {
    d.error(ErrorKind::Conversion { into, message: decode::ErrorText::new(why) }, at)
}
