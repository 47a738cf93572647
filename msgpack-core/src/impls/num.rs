//! Booleans, integers, floats, `char`, `()`.

use crate::decode::{Decode, Decoder, Error, ErrorKind, Found, Text};
use crate::encode::{self, Encode, Encoder, Write, bin_size, int_size, uint_size};
use crate::layout::{self, Layout};

/// `bool`'s layout: `c2` or `c3`, the low bit free.
const BOOL: Layout = Layout::scalar(crate::marker::FALSE, 0xfe, 0);
/// `f32`'s: `ca` and 4 bytes.
const F32: Layout = Layout::scalar(crate::marker::F32, 0xff, 4);
/// `f64`'s: `cb` and 8 bytes.
const F64: Layout = Layout::scalar(crate::marker::F64, 0xff, 8);

impl Encode for bool {
    const MAX_LEN: usize = 1;
    const __LAYOUT: Layout = BOOL;
    #[inline(always)]
    fn __write_fixed(&self, out: &mut [u8]) {
        layout::put(out, 0, [crate::marker::FALSE | u8::from(*self)]);
    }
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        e.bool(*self)
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        1
    }
    /// A sequence of `bool` (one byte each): stored into one window of the
    /// sink when it has one; otherwise built in a block on the stack and
    /// written with one copy per 64 elements.
    #[inline]
    fn __encode_slice<W: Write>(items: &[Self], e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        e.array_len(items.len())?;
        if e.fixed_items(items) {
            return Ok(());
        }
        let mut block = [0u8; 64];
        for chunk in items.chunks(64) {
            for (d, &b) in block.iter_mut().zip(chunk) {
                *d = crate::marker::FALSE | u8::from(b);
            }
            e.raw(&block[..chunk.len()])?;
        }
        Ok(())
    }
}

impl<'de> Decode<'de> for bool {
    const __LAYOUT: Layout = BOOL;
    #[inline]
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        d.bool()
    }
    #[inline(always)]
    fn __read_fixed(bytes: &'de [u8]) -> Option<Self> {
        Some(layout::get::<1>(bytes, 0)[0] & 1 == 1)
    }

    /// A `Vec<bool>`: when the next `len` bytes are all `true` / `false`
    /// markers (always, for valid input), read them as one block; any other
    /// byte goes through the element-wise path for its error.
    #[cfg(feature = "alloc")]
    #[inline]
    fn __decode_vec(d: &mut Decoder<'de>) -> Result<alloc::vec::Vec<Self>, Error> {
        let at = d.position();
        let len = d.array_len()?;
        d.charge_elements::<Self>(len, at)?;
        d.enter()?;
        let block = d.remaining().get(..len).filter(|b| b.iter().all(|&m| m & 0xfe == crate::marker::FALSE));
        let v = match block {
            Some(block) => {
                let v = block.iter().map(|&m| m == crate::marker::TRUE).collect();
                d.take(len)?;
                v
            }
            None => {
                let mut v = alloc::vec::Vec::with_capacity(d.capacity_for::<Self>(len));
                for i in 0..len {
                    v.push(d.bool().map_err(|e| e.at_index(i))?);
                }
                v
            }
        };
        d.leave();
        Ok(v)
    }
}

macro_rules! unsigned {
    ($($t:ty => $enc:ident, $dec:ident;)*) => {$(
        impl Encode for $t {
            const MAX_LEN: usize = 1 + core::mem::size_of::<$t>();
            #[inline]
            fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
                e.$enc((*self).into())
            }
            #[inline]
            fn encoded_len(&self) -> usize {
                uint_size(*self as u64)
            }
        }

        impl<'de> Decode<'de> for $t {
            #[inline]
            fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
                d.$dec()
            }
        }
    )*};
}

macro_rules! signed {
    ($($t:ty => $enc:ident, $dec:ident;)*) => {$(
        impl Encode for $t {
            const MAX_LEN: usize = 1 + core::mem::size_of::<$t>();
            #[inline]
            fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
                e.$enc((*self).into())
            }
            #[inline]
            fn encoded_len(&self) -> usize {
                int_size(*self as i64)
            }
        }

        impl<'de> Decode<'de> for $t {
            #[inline]
            fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
                d.$dec()
            }
        }
    )*};
}

unsigned! {
    u16 => u64, u16;
    u32 => u64, u32;
    u64 => u64, u64;
}

signed! {
    i8 => i64, i8;
    i16 => i64, i16;
    i32 => i64, i32;
    i64 => i64, i64;
}

/// `u8` writes slices of itself as `bin` (byte buffers), and reads byte
/// buffers from `bin` or from an array of small integers.
impl Encode for u8 {
    const MAX_LEN: usize = 2;
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        e.u8(*self)
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        uint_size(*self as u64)
    }
    #[inline]
    fn __encode_slice<W: Write>(items: &[Self], e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        e.bin(items)
    }
    #[inline]
    fn __encoded_len_slice(items: &[Self]) -> usize {
        bin_size(items.len())
    }
    #[inline]
    fn __encode_split<W: Write>(a: &[Self], b: &[Self], e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        e.bin_header(a.len() + b.len())?;
        e.raw(a)?;
        e.raw(b)
    }
    #[inline]
    fn __encoded_len_split(a: &[Self], b: &[Self]) -> usize {
        bin_size(a.len() + b.len())
    }
}

impl<'de> Decode<'de> for u8 {
    #[inline]
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        d.u8()
    }

    #[cfg(feature = "alloc")]
    #[inline]
    fn __decode_vec(d: &mut Decoder<'de>) -> Result<alloc::vec::Vec<Self>, Error> {
        let at = d.position();
        if d.peek()? == crate::marker::Marker::Array {
            let len = d.array_len()?;
            d.charge(len, at)?;
            d.enter()?;
            let mut v = alloc::vec::Vec::with_capacity(len);
            for i in 0..len {
                v.push(d.u8().map_err(|e| e.at_index(i))?);
            }
            d.leave();
            return Ok(v);
        }
        let bytes = d.bin().map_err(|e| rename_bin_error(d, e, at))?;
        d.charge(bytes.len(), at)?;
        Ok(bytes.to_vec())
    }

    #[cfg(feature = "alloc")]
    #[inline]
    fn __decode_cow<'a>(d: &mut Decoder<'de>) -> Result<alloc::borrow::Cow<'a, [Self]>, Error>
    where
        'de: 'a,
    {
        // Anything but an array is read as a `bin` (with `str_bin_compat`,
        // a `str` too), borrowed.
        if d.peek()? == crate::marker::Marker::Array {
            Self::__decode_vec(d).map(alloc::borrow::Cow::Owned)
        } else {
            let at = d.position();
            d.bin().map(alloc::borrow::Cow::Borrowed).map_err(|e| rename_bin_error(d, e, at))
        }
    }

    #[inline]
    fn __decode_bounded(d: &mut Decoder<'de>, capacity: usize, mut push: impl FnMut(Self)) -> Result<(), Error> {
        let at = d.position();
        if d.peek()? == crate::marker::Marker::Array {
            let len = d.array_len()?;
            if len > capacity {
                return Err(d.error(ErrorKind::CapacityExceeded { capacity, found: len }, at));
            }
            d.enter()?;
            for i in 0..len {
                push(d.u8().map_err(|e| e.at_index(i))?);
            }
            d.leave();
            return Ok(());
        }
        let bytes = d.bin().map_err(|e| rename_bin_error(d, e, at))?;
        if bytes.len() > capacity {
            return Err(d.error(ErrorKind::CapacityExceeded { capacity, found: bytes.len() }, at));
        }
        bytes.iter().copied().for_each(push);
        Ok(())
    }

    #[inline]
    fn __decode_array<const N: usize>(d: &mut Decoder<'de>) -> Result<[Self; N], Error> {
        let at = d.position();
        if d.peek()? == crate::marker::Marker::Array {
            let len = d.array_len()?;
            if len != N {
                return Err(d.error(ErrorKind::InvalidLength { expected: N, found: len }, at));
            }
            d.enter()?;
            let arr = crate::array::try_array_from_fn(|i| d.u8().map_err(|e| e.at_index(i)))?;
            d.leave();
            return Ok(arr);
        }
        let bytes = d.bin().map_err(|e| rename_bin_error(d, e, at))?;
        <[u8; N]>::try_from(bytes)
            .map_err(|_| d.error(ErrorKind::InvalidLength { expected: N, found: bytes.len() }, at))
    }
}

/// Byte buffers say `expected bytes` rather than `expected bin`.
#[cold]
pub(crate) fn rename_bin_error(d: &Decoder<'_>, e: Error, at: usize) -> Error {
    match e.kind() {
        ErrorKind::TypeMismatch { .. } => d.type_error("bytes", at),
        _ => e,
    }
}

impl Encode for usize {
    const MAX_LEN: usize = 1 + core::mem::size_of::<usize>();
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        e.u64(*self as u64)
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        uint_size(*self as u64)
    }
}

impl<'de> Decode<'de> for usize {
    #[inline]
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        d.int("usize")
    }
}

impl Encode for isize {
    const MAX_LEN: usize = 1 + core::mem::size_of::<isize>();
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        e.i64(*self as i64)
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        int_size(*self as i64)
    }
}

impl<'de> Decode<'de> for isize {
    #[inline]
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        d.int("isize")
    }
}

/// `u128` is written as an integer when it fits in 64 bits; larger values
/// cannot be encoded ([`encode::Error::Unrepresentable`]).
impl Encode for u128 {
    const MAX_LEN: usize = 9;
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        e.u128(*self)
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        // Out-of-range values write nothing (encoding fails).
        u64::try_from(*self).map_or(0, uint_size)
    }
}

impl<'de> Decode<'de> for u128 {
    #[inline]
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        d.u128()
    }
}

/// `i128` is written as an integer when it lies in `i64::MIN..=u64::MAX`;
/// other values cannot be encoded.
impl Encode for i128 {
    const MAX_LEN: usize = 9;
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        e.i128(*self)
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        if let Ok(v) = i64::try_from(*self) { int_size(v) } else { u64::try_from(*self).map_or(0, uint_size) }
    }
}

impl<'de> Decode<'de> for i128 {
    #[inline]
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        d.i128()
    }
}

macro_rules! nonzero {
    ($($nz:ty => $t:ty, $name:literal;)*) => {$(
        impl Encode for $nz {
            const MAX_LEN: usize = 1 + core::mem::size_of::<$t>();
            #[inline]
            fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
                self.get().encode(e)
            }
            #[inline]
            fn encoded_len(&self) -> usize {
                self.get().encoded_len()
            }
        }

        impl<'de> Decode<'de> for $nz {
            #[inline]
            fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
                let at = d.position();
                let v = <$t>::decode(d)?;
                <$nz>::new(v).ok_or_else(|| {
                    d.error(ErrorKind::OutOfRange { expected: $name, found: Found::UInt(0) }, at)
                })
            }
        }
    )*};
}

nonzero! {
    core::num::NonZeroU8 => u8, "NonZeroU8";
    core::num::NonZeroU16 => u16, "NonZeroU16";
    core::num::NonZeroU32 => u32, "NonZeroU32";
    core::num::NonZeroU64 => u64, "NonZeroU64";
    core::num::NonZeroUsize => usize, "NonZeroUsize";
    core::num::NonZeroU128 => u128, "NonZeroU128";
    core::num::NonZeroI8 => i8, "NonZeroI8";
    core::num::NonZeroI16 => i16, "NonZeroI16";
    core::num::NonZeroI32 => i32, "NonZeroI32";
    core::num::NonZeroI64 => i64, "NonZeroI64";
    core::num::NonZeroIsize => isize, "NonZeroIsize";
    core::num::NonZeroI128 => i128, "NonZeroI128";
}

/// `f32` is written as `float 32` and read from `float 32` only (a `float
/// 64` would lose precision), or from integers with
/// [`DecodeOptions::int_to_float`](crate::DecodeOptions::int_to_float).
impl Encode for f32 {
    const MAX_LEN: usize = 5;
    const __LAYOUT: Layout = F32;
    #[inline(always)]
    fn __write_fixed(&self, out: &mut [u8]) {
        // The marker and the payload as two stores (one 5-byte value would
        // be assembled in a register first).
        layout::put(out, 0, [crate::marker::F32]);
        layout::put(out, 1, self.to_bits().to_be_bytes());
    }
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        e.f32(*self)
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        5
    }
}

impl<'de> Decode<'de> for f32 {
    const __LAYOUT: Layout = F32;
    #[inline]
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        d.f32()
    }
    #[inline(always)]
    fn __read_fixed(bytes: &'de [u8]) -> Option<Self> {
        Some(f32::from_bits(u32::from_be_bytes(layout::get(bytes, 1))))
    }
}

/// `f64` is written as `float 64` and read from `float 64` or `float 32`.
impl Encode for f64 {
    const MAX_LEN: usize = 9;
    const __LAYOUT: Layout = F64;
    #[inline(always)]
    fn __write_fixed(&self, out: &mut [u8]) {
        layout::put(out, 0, [crate::marker::F64]);
        layout::put(out, 1, self.to_bits().to_be_bytes());
    }
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        e.f64(*self)
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        9
    }
}

impl<'de> Decode<'de> for f64 {
    const __LAYOUT: Layout = F64;
    #[inline]
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        d.f64()
    }
    #[inline(always)]
    fn __read_fixed(bytes: &'de [u8]) -> Option<Self> {
        Some(f64::from_bits(u64::from_be_bytes(layout::get(bytes, 1))))
    }
}

/// `char` is a `str` of one character (as serde writes it).
impl Encode for char {
    const MAX_LEN: usize = 5;
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        e.str(self.encode_utf8(&mut [0; 4]))
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        1 + self.len_utf8()
    }
}

impl<'de> Decode<'de> for char {
    #[inline]
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        let at = d.position();
        let s = d.str()?;
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Ok(c),
            _ => Err(d.error(ErrorKind::TypeMismatch { expected: "char", found: Found::Str(Text::new(s)) }, at)),
        }
    }
}

/// `()` is `nil`.
impl Encode for () {
    const MAX_LEN: usize = 1;
    const __LAYOUT: Layout = Layout::scalar(crate::marker::NIL, 0xff, 0);
    #[inline(always)]
    fn __write_fixed(&self, out: &mut [u8]) {
        layout::put(out, 0, [crate::marker::NIL]);
    }
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        e.nil()
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        1
    }
}

impl<'de> Decode<'de> for () {
    const __LAYOUT: Layout = Layout::scalar(crate::marker::NIL, 0xff, 0);
    #[inline]
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        d.nil()
    }
    #[inline(always)]
    fn __read_fixed(_: &'de [u8]) -> Option<Self> {
        Some(())
    }
}
