//! Untagged enums: the marker classes a variant's shape can start with
//! (tested before an attempt) and the error listing each variant's reason
//! when none matched.

use crate::decode::{self, Decoder, ErrorKind};
use crate::marker::Marker;

/// The first-byte classes ([`Marker`]) a value of a shape can start with,
/// one bit per class ([`marker_bit`]): what an untagged enum checks
/// before trying a variant, so that a variant that cannot read the value
/// costs one test instead of an attempt. Conservative: a shape whose
/// decoder might accept a marker (an option such as `int_to_float`,
/// user code, recursion) includes it.
pub const fn markers(s: &crate::schema::Shape) -> u16 {
    markers_depth(s, 0)
}

/// Every marker class.
pub const ALL_MARKERS: u16 = u16::MAX;

const fn markers_depth(s: &crate::schema::Shape, depth: u32) -> u16 {
    use crate::schema::{Form, Payload, Shape, Tagging};
    const NUM: u16 = marker_bit(Marker::UInt) | marker_bit(Marker::Int);
    if depth > 8 {
        return ALL_MARKERS;
    }
    match s {
        Shape::Nil => marker_bit(Marker::Nil),
        Shape::Bool => marker_bit(Marker::Bool),
        Shape::Int(_) => NUM,
        // `int_to_float` lets floats read integers.
        Shape::F32 | Shape::F64 => marker_bit(Marker::F32) | marker_bit(Marker::F64) | NUM,
        Shape::Str | Shape::Char => marker_bit(Marker::Str),
        Shape::Bin { from_array, .. } => {
            marker_bit(Marker::Bin) | if *from_array { marker_bit(Marker::Array) } else { 0 }
        }
        Shape::Ext { .. } | Shape::Timestamp => marker_bit(Marker::Ext),
        Shape::Option(inner) => marker_bit(Marker::Nil) | markers_depth(inner.get(), depth + 1),
        Shape::Seq { .. } | Shape::Tuple(_) => marker_bit(Marker::Array),
        Shape::Map { .. } => marker_bit(Marker::Map),
        Shape::Struct(d) => match d.form {
            Form::Map | Form::Array => marker_bit(Marker::Map) | marker_bit(Marker::Array),
            Form::Tuple => marker_bit(Marker::Array),
            Form::Unit => marker_bit(Marker::Array) | marker_bit(Marker::Nil),
        },
        Shape::Newtype(d) => markers_depth(d.inner.get(), depth + 1),
        Shape::Enum(d) => {
            if d.other {
                return ALL_MARKERS;
            }
            let tagged = match d.tagging {
                Tagging::External => {
                    let mut m = marker_bit(Marker::Map) | marker_bit(Marker::Str);
                    if let Some(v) = d.variants.first()
                        && let crate::schema::Key::Int(_) = v.tag
                    {
                        m |= NUM;
                    }
                    m
                }
                Tagging::Internal(_) => marker_bit(Marker::Map),
                Tagging::Adjacent { .. } => marker_bit(Marker::Map) | marker_bit(Marker::Array),
                Tagging::Untagged => 0,
            };
            // Untagged variants (all of them, or the trailing ones).
            let mut m = tagged;
            let mut i = 0;
            while i < d.variants.len() {
                let v = &d.variants[i];
                if v.untagged || matches!(d.tagging, Tagging::Untagged) {
                    m |= match v.payload {
                        Payload::Unit => marker_bit(Marker::Nil),
                        Payload::Newtype(inner) | Payload::Other(inner) => markers_depth(inner.get(), depth + 1),
                        Payload::Struct(def) => markers_depth(&Shape::Struct(def), depth + 1),
                    };
                }
                i += 1;
            }
            m
        }
        Shape::Any | Shape::Recur { .. } | Shape::Opaque { .. } => ALL_MARKERS,
    }
}

/// The bit of one marker class in [`markers`].
#[inline]
pub const fn marker_bit(m: Marker) -> u16 {
    1 << (m as u16)
}

/// The marker bits of the next value, without moving (`0` at the end of
/// the input: no variant is tried and the error says why). With
/// [`str_bin_compat`](crate::DecodeOptions::str_bin_compat()) a `str` or
/// a `bin` has both bits: string and byte variants read either.
#[inline]
pub fn next_markers(d: &Decoder<'_>) -> u16 {
    const STR_BIN: u16 = marker_bit(Marker::Str) | marker_bit(Marker::Bin);
    match d.peek() {
        Ok(Marker::Str | Marker::Bin) if d.options().str_bin_compat => STR_BIN,
        Ok(m) => marker_bit(m),
        Err(_) => 0,
    }
}

/// One variant of an untagged enum, as the error of a failed decode lists
/// it: its name, the marker classes it may start with, and its decode.
pub struct Attempt<'a, 'de, T> {
    /// The variant's name.
    pub name: &'static str,
    /// What [`markers`] says of its shape.
    pub markers: u16,
    /// Reads the variant (the derive's attempt closure).
    pub decode: &'a dyn Fn(&mut Decoder<'de>) -> Result<T, decode::Error>,
}

/// No variant of an untagged enum read the value at `at`: each attempt is
/// made again, this time with details, and its reason listed (a variant
/// whose shape cannot start with the value's marker is listed as such).
/// While speculating (an enclosing untagged attempt), a detail-free error.
#[cold]
#[inline(never)]
pub fn no_variant_matched<'de, T>(
    d: &Decoder<'de>,
    enum_name: &'static str,
    at: usize,
    attempts: &[Attempt<'_, 'de, T>],
) -> decode::Error {
    if d.is_quiet() {
        return decode::Error::speculative();
    }
    if d.is_brief() {
        let reasons = decode::ErrorText::new("not listed inside the reasons of an enclosing untagged enum");
        return d.error(ErrorKind::NoVariantMatched { enum_name, reasons }, at);
    }
    struct Reasons<'x, 'a, 'de, T> {
        d: &'x Decoder<'de>,
        at: usize,
        attempts: &'x [Attempt<'a, 'de, T>],
    }
    impl<T> core::fmt::Display for Reasons<'_, '_, '_, T> {
        fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            let here = next_markers(self.d);
            if self.attempts.is_empty() {
                return f.write_str("it has no variants");
            }
            for (i, a) in self.attempts.iter().enumerate() {
                if i > 0 {
                    f.write_str("; ")?;
                }
                f.write_str(a.name)?;
                f.write_str(": ")?;
                if a.markers & here == 0 {
                    write!(f, "cannot start with {}", self.d.found_at(self.at))?;
                    continue;
                }
                let mut t = self.d.for_reasons();
                match (a.decode)(&mut t) {
                    Err(e) => write!(f, "{e}")?,
                    // Cannot happen (the speculative attempt failed), unless
                    // the decode depends on more than the input.
                    Ok(_) => f.write_str("matched when tried again")?,
                }
            }
            Ok(())
        }
    }
    let reasons = decode::ErrorText::new(Reasons { d, at, attempts });
    d.error(ErrorKind::NoVariantMatched { enum_name, reasons }, at)
}

/// A copy of `d` for one speculative attempt (a variant of an untagged
/// enum): its errors carry no details and allocate nothing. Adopt it with
/// [`commit`] when the attempt succeeds; hand it to [`failed`] otherwise
/// (`d` has not moved).
#[inline]
pub fn speculate<'de>(d: &Decoder<'de>) -> Result<Decoder<'de>, decode::Error> {
    d.speculate()
}

/// A speculative copy whose attempt failed: the bytes it read count
/// against the budget of failed attempts (`d` has not moved).
#[inline]
pub fn failed<'de>(d: &mut Decoder<'de>, attempt: Decoder<'de>) {
    d.failed(attempt);
}

/// Takes the state of a successful speculative copy (position, budgets),
/// keeping `d`'s own error mode.
#[inline]
pub fn commit<'de>(d: &mut Decoder<'de>, attempt: Decoder<'de>) {
    d.commit(attempt);
}

/// Where the decoder is (position, depth, open claims), to go back after
/// a failed attempt made in place ([`reset`]).
#[inline]
pub fn mark(d: &Decoder<'_>) -> (usize, u32, usize) {
    d.mark()
}

/// Back to a [`mark`] of `d`, after a failed attempt (whose error is then
/// reported).
#[inline]
pub fn reset(d: &mut Decoder<'_>, mark: (usize, u32, usize)) {
    d.reset(mark);
}

/// Sets whether errors are detail-free (speculating), returning the old
/// setting: an untagged value that only one variant can start with is
/// decoded in place this way, without a speculative copy.
#[inline]
pub fn set_quiet(d: &mut Decoder<'_>, quiet: bool) -> bool {
    d.set_quiet(quiet)
}
