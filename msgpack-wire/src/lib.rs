//! The MessagePack wire format in one place: the marker bytes and the
//! smallest-form headers of integers, strings, binaries, arrays, maps and
//! extensions, as `const fn`s.
//!
//! Two users share it so that the format is written once:
//! `msgpack-core`'s encoder and size functions at run time, and
//! `#[derive(MsgPack)]` at expansion time (the pre-encoded keys and headers
//! it bakes into generated code). No dependencies, `#![no_std]`, no
//! `unsafe`. Internal to those crates: use `msgpack-core`.
//!
//! ```
//! use msgpack_wire::{array_head, int, str_head};
//!
//! assert_eq!(int(-33).as_slice(), [0xd0, 0xdf]);
//! assert_eq!(str_head(32).unwrap().as_slice(), [0xd9, 32]);
//! assert_eq!(array_head(3).unwrap().as_slice(), [0x93]);
//! ```

#![no_std]
#![forbid(unsafe_code)]

pub mod marker;

use marker::*;

/// A header (or a whole integer): a marker and up to 8 bytes after it, in
/// a fixed buffer, `len` of them used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Head {
    bytes: [u8; 9],
    len: u8,
}

impl Head {
    /// The marker alone.
    const fn one(marker: u8) -> Head {
        Head { bytes: [marker, 0, 0, 0, 0, 0, 0, 0, 0], len: 1 }
    }

    /// The marker and the `N` big-endian bytes `payload`.
    const fn with<const N: usize>(marker: u8, payload: [u8; N]) -> Head {
        let mut bytes = [marker, 0, 0, 0, 0, 0, 0, 0, 0];
        let mut i = 0;
        while i < N {
            bytes[1 + i] = payload[i];
            i += 1;
        }
        Head { bytes, len: 1 + N as u8 }
    }

    /// The encoded bytes.
    ///
    /// ```
    /// assert_eq!(msgpack_wire::uint(300).as_slice(), [0xcd, 0x01, 0x2c]);
    /// ```
    #[inline]
    pub const fn as_slice(&self) -> &[u8] {
        self.bytes.split_at(self.len as usize).0
    }

    /// The buffer: the first [`len`](Head::len) bytes are the encoding,
    /// the rest zero.
    ///
    /// ```
    /// assert_eq!(msgpack_wire::uint(300).bytes(), [0xcd, 0x01, 0x2c, 0, 0, 0, 0, 0, 0]);
    /// ```
    #[inline]
    pub const fn bytes(&self) -> [u8; 9] {
        self.bytes
    }

    /// How many bytes it has (1 to 9).
    ///
    /// ```
    /// assert_eq!(msgpack_wire::uint(u64::MAX).len(), 9);
    /// ```
    #[allow(clippy::len_without_is_empty, reason = "never empty: a marker at least")]
    #[inline]
    pub const fn len(&self) -> usize {
        self.len as usize
    }
}

/// An unsigned integer in its smallest form.
///
/// ```
/// assert_eq!(msgpack_wire::uint(127).as_slice(), [0x7f]);
/// assert_eq!(msgpack_wire::uint(128).as_slice(), [0xcc, 0x80]);
/// ```
#[inline]
pub const fn uint(v: u64) -> Head {
    if v < 128 {
        Head::one(v as u8)
    } else if v <= u8::MAX as u64 {
        Head::with(U8, [v as u8])
    } else if v <= u16::MAX as u64 {
        Head::with(U16, (v as u16).to_be_bytes())
    } else if v <= u32::MAX as u64 {
        Head::with(U32, (v as u32).to_be_bytes())
    } else {
        Head::with(U64, v.to_be_bytes())
    }
}

/// A signed integer in its smallest form (non-negative values as unsigned
/// integers).
///
/// ```
/// assert_eq!(msgpack_wire::int(-32).as_slice(), [0xe0]);
/// assert_eq!(msgpack_wire::int(200).as_slice(), [0xcc, 0xc8]);
/// ```
#[inline]
pub const fn int(v: i64) -> Head {
    if v >= 0 {
        uint(v as u64)
    } else if v >= -32 {
        Head::one(v as u8)
    } else if v >= i8::MIN as i64 {
        Head::with(I8, [v as u8])
    } else if v >= i16::MIN as i64 {
        Head::with(I16, (v as i16).to_be_bytes())
    } else if v >= i32::MIN as i64 {
        Head::with(I32, (v as i32).to_be_bytes())
    } else {
        Head::with(I64, v.to_be_bytes())
    }
}

/// The header of a length-prefixed item: the fix form below `fix_limit`
/// (none when 0), else the 8- (when `m8` is some), 16- or 32-bit form;
/// `None` above `u32::MAX`.
const fn len_head(len: usize, fix: u8, fix_limit: usize, m8: Option<u8>, m16: u8, m32: u8) -> Option<Head> {
    Some(if len < fix_limit {
        Head::one(fix | len as u8)
    } else if len <= u8::MAX as usize && m8.is_some() {
        match m8 {
            Some(m) => Head::with(m, [len as u8]),
            None => return None,
        }
    } else if len <= u16::MAX as usize {
        Head::with(m16, (len as u16).to_be_bytes())
    } else if len <= u32::MAX as usize {
        Head::with(m32, (len as u32).to_be_bytes())
    } else {
        return None;
    })
}

/// The header of a `str` of `len` bytes; `None` above `u32::MAX`.
///
/// ```
/// assert_eq!(msgpack_wire::str_head(31).unwrap().as_slice(), [0xbf]);
/// assert_eq!(msgpack_wire::str_head(256).unwrap().as_slice(), [0xda, 1, 0]);
/// ```
#[inline]
pub const fn str_head(len: usize) -> Option<Head> {
    len_head(len, FIXSTR, 32, Some(STR8), STR16, STR32)
}

/// The header of a `bin` of `len` bytes; `None` above `u32::MAX`.
///
/// ```
/// assert_eq!(msgpack_wire::bin_head(3).unwrap().as_slice(), [0xc4, 3]);
/// ```
#[inline]
pub const fn bin_head(len: usize) -> Option<Head> {
    len_head(len, 0, 0, Some(BIN8), BIN16, BIN32)
}

/// The header of an array of `len` elements; `None` above `u32::MAX`.
///
/// ```
/// assert_eq!(msgpack_wire::array_head(16).unwrap().as_slice(), [0xdc, 0, 16]);
/// ```
#[inline]
pub const fn array_head(len: usize) -> Option<Head> {
    len_head(len, FIXARRAY, 16, None, ARRAY16, ARRAY32)
}

/// The header of a map of `len` entries; `None` above `u32::MAX`.
///
/// ```
/// assert_eq!(msgpack_wire::map_head(4).unwrap().as_slice(), [0x84]);
/// ```
#[inline]
pub const fn map_head(len: usize) -> Option<Head> {
    len_head(len, FIXMAP, 16, None, MAP16, MAP32)
}

/// The header of an extension of type `ty` and `len` payload bytes (the
/// `fixext` forms for 1, 2, 4, 8 and 16); `None` above `u32::MAX`.
///
/// ```
/// assert_eq!(msgpack_wire::ext_head(5, 4).unwrap().as_slice(), [0xd6, 5]);
/// assert_eq!(msgpack_wire::ext_head(5, 3).unwrap().as_slice(), [0xc7, 3, 5]);
/// ```
#[inline]
pub const fn ext_head(ty: i8, len: usize) -> Option<Head> {
    let t = ty as u8;
    Some(match len {
        1 => Head::with(FIXEXT1, [t]),
        2 => Head::with(FIXEXT2, [t]),
        4 => Head::with(FIXEXT4, [t]),
        8 => Head::with(FIXEXT8, [t]),
        16 => Head::with(FIXEXT16, [t]),
        _ if len <= u8::MAX as usize => Head::with(EXT8, [len as u8, t]),
        _ if len <= u16::MAX as usize => {
            let b = (len as u16).to_be_bytes();
            Head::with(EXT16, [b[0], b[1], t])
        }
        _ if len <= u32::MAX as usize => {
            let b = (len as u32).to_be_bytes();
            Head::with(EXT32, [b[0], b[1], b[2], b[3], t])
        }
        _ => return None,
    })
}

/// A sink of the fixed-size writes the wire format is made of: a marker
/// alone, or a marker and a 1-, 2-, 4- or 8-byte big-endian payload. The
/// `put_*` functions write through it, for an encoder whose sink stores
/// each size in one go (the [`Head`] builders are the same rules for
/// constants: a test checks that the two agree at every boundary).
pub trait Put {
    /// What a write can fail with.
    type Error;
    /// One byte.
    fn put1(&mut self, b: u8) -> Result<(), Self::Error>;
    /// A marker and one byte.
    fn put2(&mut self, marker: u8, v: u8) -> Result<(), Self::Error>;
    /// A marker and a big-endian `u16`.
    fn put3(&mut self, marker: u8, v: u16) -> Result<(), Self::Error>;
    /// A marker and a big-endian `u32`.
    fn put5(&mut self, marker: u8, v: u32) -> Result<(), Self::Error>;
    /// A marker and a big-endian `u64`.
    fn put9(&mut self, marker: u8, v: u64) -> Result<(), Self::Error>;
}

/// Writes [`uint(v)`](uint) through `p`.
///
/// ```
/// struct Out(Vec<u8>);
/// impl msgpack_wire::Put for Out {
///     type Error = ();
///     fn put1(&mut self, b: u8) -> Result<(), ()> { self.0.push(b); Ok(()) }
///     fn put2(&mut self, m: u8, v: u8) -> Result<(), ()> { self.0.extend([m, v]); Ok(()) }
///     fn put3(&mut self, m: u8, v: u16) -> Result<(), ()> { self.0.push(m); self.0.extend(v.to_be_bytes()); Ok(()) }
///     fn put5(&mut self, m: u8, v: u32) -> Result<(), ()> { self.0.push(m); self.0.extend(v.to_be_bytes()); Ok(()) }
///     fn put9(&mut self, m: u8, v: u64) -> Result<(), ()> { self.0.push(m); self.0.extend(v.to_be_bytes()); Ok(()) }
/// }
/// let mut out = Out(Vec::new());
/// msgpack_wire::put_uint(&mut out, 300).unwrap();
/// assert_eq!(out.0, [0xcd, 0x01, 0x2c]);
/// ```
#[inline(always)]
pub fn put_uint<P: Put>(p: &mut P, v: u64) -> Result<(), P::Error> {
    if v < 128 { p.put1(v as u8) } else { put_uint_wide(p, v) }
}

/// [`put_uint`] of a `v` of at least 128, whose one-byte form its caller
/// has tested inline: the 8-, 16-, 32- and 64-bit forms (a smaller `v`
/// would be written in the 8-bit form, valid but not the smallest).
#[inline(always)]
pub fn put_uint_wide<P: Put>(p: &mut P, v: u64) -> Result<(), P::Error> {
    if v <= u8::MAX as u64 {
        p.put2(U8, v as u8)
    } else if v <= u16::MAX as u64 {
        p.put3(U16, v as u16)
    } else if v <= u32::MAX as u64 {
        p.put5(U32, v as u32)
    } else {
        p.put9(U64, v)
    }
}

/// Writes [`int(v)`](int) through `p`.
#[inline(always)]
pub fn put_int<P: Put>(p: &mut P, v: i64) -> Result<(), P::Error> {
    if (-32..128).contains(&v) { p.put1(v as u8) } else { put_int_wide(p, v) }
}

/// [`put_int`] of a `v` outside `-32..128`, whose one-byte forms its
/// caller has tested inline.
#[inline(always)]
pub fn put_int_wide<P: Put>(p: &mut P, v: i64) -> Result<(), P::Error> {
    if v >= 0 {
        put_uint_wide(p, v as u64)
    } else if v >= i8::MIN as i64 {
        p.put2(I8, v as u8)
    } else if v >= i16::MIN as i64 {
        p.put3(I16, v as u16)
    } else if v >= i32::MIN as i64 {
        p.put5(I32, v as u32)
    } else {
        p.put9(I64, v as u64)
    }
}

/// The length-prefixed forms of [`str_head`], [`bin_head`],
/// [`array_head`] and [`map_head`], for [`put_len`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// `str`.
    Str,
    /// `bin`.
    Bin,
    /// An array.
    Array,
    /// A map.
    Map,
}

/// Writes the header of an item of `family` and `len` through `p`;
/// `Ok(false)` (nothing written) above `u32::MAX`, where no form exists.
#[inline(always)]
pub fn put_len<P: Put>(p: &mut P, family: Family, len: usize) -> Result<bool, P::Error> {
    let (fix, fix_limit) = match family {
        Family::Str => (FIXSTR, 32),
        Family::Bin => (0, 0),
        Family::Array => (FIXARRAY, 16),
        Family::Map => (FIXMAP, 16),
    };
    if len < fix_limit {
        p.put1(fix | len as u8)?;
        return Ok(true);
    }
    put_len_wide(p, family, len)
}

/// [`put_len`] of a length whose fix form (if the family has one) its
/// caller has tested inline: the 8- (`str`, `bin`), 16- and 32-bit forms.
#[inline(always)]
pub fn put_len_wide<P: Put>(p: &mut P, family: Family, len: usize) -> Result<bool, P::Error> {
    let (m8, m16, m32) = match family {
        Family::Str => (STR8, STR16, STR32),
        Family::Bin => (BIN8, BIN16, BIN32),
        // No 8-bit form: the 16-bit one from the end of the fix form.
        Family::Array => (0, ARRAY16, ARRAY32),
        Family::Map => (0, MAP16, MAP32),
    };
    let has8 = matches!(family, Family::Str | Family::Bin);
    if has8 && len <= u8::MAX as usize {
        p.put2(m8, len as u8)?;
    } else if len <= u16::MAX as usize {
        p.put3(m16, len as u16)?;
    } else if len <= u32::MAX as usize {
        p.put5(m32, len as u32)?;
    } else {
        return Ok(false);
    }
    Ok(true)
}

/// The length of [`uint(v)`](uint), without building it.
///
/// ```
/// assert_eq!(msgpack_wire::uint_len(127), 1);
/// assert_eq!(msgpack_wire::uint_len(128), 2);
/// ```
#[inline]
pub const fn uint_len(v: u64) -> usize {
    if v < 128 {
        1
    } else if v <= u8::MAX as u64 {
        2
    } else if v <= u16::MAX as u64 {
        3
    } else if v <= u32::MAX as u64 {
        5
    } else {
        9
    }
}

/// The length of [`int(v)`](int), without building it.
///
/// ```
/// assert_eq!(msgpack_wire::int_len(-32), 1);
/// assert_eq!(msgpack_wire::int_len(-33), 2);
/// ```
#[inline]
pub const fn int_len(v: i64) -> usize {
    if v >= 0 {
        uint_len(v as u64)
    } else if v >= -32 {
        1
    } else if v >= i8::MIN as i64 {
        2
    } else if v >= i16::MIN as i64 {
        3
    } else if v >= i32::MIN as i64 {
        5
    } else {
        9
    }
}

/// The length of [`str_head(len)`](str_head) (5 above `u32::MAX`, where
/// no header exists).
///
/// ```
/// assert_eq!(msgpack_wire::str_head_len(31), 1);
/// assert_eq!(msgpack_wire::str_head_len(32), 2);
/// ```
#[inline]
pub const fn str_head_len(len: usize) -> usize {
    if len < 32 { 1 } else { bin_head_len(len) }
}

/// The length of [`bin_head(len)`](bin_head) (5 above `u32::MAX`).
///
/// ```
/// assert_eq!(msgpack_wire::bin_head_len(0), 2);
/// assert_eq!(msgpack_wire::bin_head_len(256), 3);
/// ```
#[inline]
pub const fn bin_head_len(len: usize) -> usize {
    if len <= u8::MAX as usize {
        2
    } else if len <= u16::MAX as usize {
        3
    } else {
        5
    }
}

/// The length of [`array_head(len)`](array_head) or
/// [`map_head(len)`](map_head) (5 above `u32::MAX`).
///
/// ```
/// assert_eq!(msgpack_wire::container_head_len(15), 1);
/// assert_eq!(msgpack_wire::container_head_len(16), 3);
/// ```
#[inline]
pub const fn container_head_len(len: usize) -> usize {
    if len < 16 {
        1
    } else if len <= u16::MAX as usize {
        3
    } else {
        5
    }
}

/// The length of [`ext_head(ty, len)`](ext_head) (6 above `u32::MAX`).
///
/// ```
/// assert_eq!(msgpack_wire::ext_head_len(4), 2);
/// assert_eq!(msgpack_wire::ext_head_len(3), 3);
/// ```
#[inline]
pub const fn ext_head_len(len: usize) -> usize {
    match len {
        1 | 2 | 4 | 8 | 16 => 2,
        _ if len <= u8::MAX as usize => 3,
        _ if len <= u16::MAX as usize => 4,
        _ => 6,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every boundary of every form (127/128, 255/256, 65535/65536, fixstr
    /// 31/32, fixarray 15/16, ...), against the bytes the specification
    /// gives.
    #[test]
    fn boundaries() {
        assert_eq!(uint(0).as_slice(), [0x00]);
        assert_eq!(uint(255).as_slice(), [0xcc, 0xff]);
        assert_eq!(uint(256).as_slice(), [0xcd, 1, 0]);
        assert_eq!(uint(65535).as_slice(), [0xcd, 0xff, 0xff]);
        assert_eq!(uint(65536).as_slice(), [0xce, 0, 1, 0, 0]);
        assert_eq!(uint(u32::MAX as u64 + 1).as_slice(), [0xcf, 0, 0, 0, 1, 0, 0, 0, 0]);
        assert_eq!(int(-1).as_slice(), [0xff]);
        assert_eq!(int(-33).as_slice(), [0xd0, 0xdf]);
        assert_eq!(int(-128).as_slice(), [0xd0, 0x80]);
        assert_eq!(int(-129).as_slice(), [0xd1, 0xff, 0x7f]);
        assert_eq!(int(-32769).as_slice(), [0xd2, 0xff, 0xff, 0x7f, 0xff]);
        assert_eq!(int(i64::MIN).len(), 9);
        assert_eq!(str_head(32).unwrap().as_slice(), [0xd9, 32]);
        assert_eq!(str_head(65536).unwrap().as_slice(), [0xdb, 0, 1, 0, 0]);
        assert_eq!(bin_head(0).unwrap().as_slice(), [0xc4, 0]);
        assert_eq!(bin_head(256).unwrap().as_slice(), [0xc5, 1, 0]);
        assert_eq!(array_head(15).unwrap().as_slice(), [0x9f]);
        assert_eq!(array_head(65536).unwrap().as_slice(), [0xdd, 0, 1, 0, 0]);
        assert_eq!(map_head(16).unwrap().as_slice(), [0xde, 0, 16]);
        assert_eq!(ext_head(-1, 12).unwrap().as_slice(), [0xc7, 12, 0xff]);
        assert_eq!(ext_head(1, 256).unwrap().as_slice(), [0xc8, 1, 0, 1]);
        #[cfg(target_pointer_width = "64")]
        {
            assert_eq!(str_head(u32::MAX as usize + 1), None);
            assert_eq!(array_head(u32::MAX as usize + 1), None);
            assert_eq!(ext_head(0, u32::MAX as usize + 1), None);
        }
    }

    /// A `Put` into a buffer, to compare the writers with the builders.
    struct Buf([u8; 9], usize);

    impl Put for Buf {
        type Error = ();
        fn put1(&mut self, b: u8) -> Result<(), ()> {
            self.0[0] = b;
            self.1 = 1;
            Ok(())
        }
        fn put2(&mut self, m: u8, v: u8) -> Result<(), ()> {
            self.0[..2].copy_from_slice(&[m, v]);
            self.1 = 2;
            Ok(())
        }
        fn put3(&mut self, m: u8, v: u16) -> Result<(), ()> {
            self.0[0] = m;
            self.0[1..3].copy_from_slice(&v.to_be_bytes());
            self.1 = 3;
            Ok(())
        }
        fn put5(&mut self, m: u8, v: u32) -> Result<(), ()> {
            self.0[0] = m;
            self.0[1..5].copy_from_slice(&v.to_be_bytes());
            self.1 = 5;
            Ok(())
        }
        fn put9(&mut self, m: u8, v: u64) -> Result<(), ()> {
            self.0[0] = m;
            self.0[1..9].copy_from_slice(&v.to_be_bytes());
            self.1 = 9;
            Ok(())
        }
    }

    fn put(f: impl FnOnce(&mut Buf)) -> ([u8; 9], usize) {
        let mut b = Buf([0; 9], 0);
        f(&mut b);
        (b.0, b.1)
    }

    /// The run-time writers (`put_*`) and the constant builders give the
    /// same bytes around every boundary.
    #[test]
    fn writers_agree_with_builders() {
        let edges: [u64; 12] = [0, 15, 16, 31, 32, 127, 128, 255, 256, 65535, 65536, 4294967295];
        let mut values: [u64; 40] = [0; 40];
        let mut n = 0;
        for e in edges {
            for v in [e.saturating_sub(1), e, e + 1] {
                values[n] = v;
                n += 1;
            }
        }
        values[n] = 1 << 40;
        values[n + 1] = u64::MAX;
        values[n + 2] = 1 << 63;
        values[n + 3] = 1 << 33;
        for &v in &values {
            let h = uint(v);
            assert_eq!(put(|b| put_uint(b, v).unwrap()), (h.bytes(), h.len()), "uint {v}");
            for s in [v.min(i64::MAX as u64) as i64, -(v.min(i64::MAX as u64) as i64), i64::MIN] {
                let h = int(s);
                assert_eq!(put(|b| put_int(b, s).unwrap()), (h.bytes(), h.len()), "int {s}");
            }
            let l = v.min(u32::MAX as u64) as usize;
            for (family, head) in [
                (Family::Str, str_head(l)),
                (Family::Bin, bin_head(l)),
                (Family::Array, array_head(l)),
                (Family::Map, map_head(l)),
            ] {
                let h = head.unwrap();
                assert_eq!(put(|b| assert!(put_len(b, family, l).unwrap())), (h.bytes(), h.len()), "{family:?} {l}");
            }
        }
        #[cfg(target_pointer_width = "64")]
        assert_eq!(put(|b| assert!(!put_len(b, Family::Str, u32::MAX as usize + 1).unwrap())).1, 0);
    }

    /// The `_len` functions agree with the headers around every boundary.
    #[test]
    fn lengths_agree_with_the_heads() {
        let edges: [u64; 10] = [0, 31, 127, 255, 65535, 4294967295, 1 << 40, 15, 16, 32];
        for e in edges {
            for v in [e.saturating_sub(1), e, e.saturating_add(1)] {
                assert_eq!(uint(v).len(), uint_len(v), "{v}");
                let n = -(v.min(i64::MAX as u64) as i64);
                assert_eq!(int(n).len(), int_len(n), "{n}");
                let l = v.min(u32::MAX as u64) as usize;
                assert_eq!(str_head(l).unwrap().len(), str_head_len(l), "{l}");
                assert_eq!(bin_head(l).unwrap().len(), bin_head_len(l), "{l}");
                assert_eq!(array_head(l).unwrap().len(), container_head_len(l), "{l}");
                assert_eq!(map_head(l).unwrap().len(), container_head_len(l), "{l}");
                assert_eq!(ext_head(1, l).unwrap().len(), ext_head_len(l), "{l}");
            }
        }
    }
}
