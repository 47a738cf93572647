//! W2 written by hand against our low-level `Encoder` / `Decoder`: the
//! same owned types and the same bytes as the derive. Keys are written with
//! `Encoder::str` and matched after `Decoder::str` (any order; unknown keys
//! skipped; a missing key is an error). The dynamic map goes through
//! `Value`'s own `Encode` / `Decode`.

use std::collections::BTreeMap;
use std::convert::Infallible;

use msgpack_core::decode::{self, ErrorKind};
use msgpack_core::encode::{self, EndOfSlice, SliceWriter, Write};
use msgpack_core::{Decoder, Encode, Encoder};

use super::data::{Custom1, Custom2, Inner, Inner2};

type EncResult<W> = Result<(), encode::Error<<W as Write>::Error>>;

fn missing(d: &Decoder<'_>, name: &'static str) -> decode::Error {
    decode::Error::new(ErrorKind::MissingField(name), d.position())
}

fn duplicate(at: usize, name: &'static str) -> decode::Error {
    decode::Error::new(ErrorKind::DuplicateField(name), at)
}

/// Stores a decoded field, rejecting a key seen twice.
fn set<T>(slot: &mut Option<T>, value: T, at: usize, name: &'static str) -> Result<(), decode::Error> {
    if slot.replace(value).is_some() { Err(duplicate(at, name)) } else { Ok(()) }
}

fn take<T>(slot: Option<T>, d: &Decoder<'_>, name: &'static str) -> Result<T, decode::Error> {
    slot.ok_or_else(|| missing(d, name))
}

// ---- encode ------------------------------------------------------------------

fn encode_inner<W: Write>(e: &mut Encoder<W>, v: &Inner) -> EncResult<W> {
    e.map_len(4)?;
    e.str("bool")?;
    e.bool(v.bool)?;
    e.str("f64")?;
    e.f64(v.f64)?;
    e.str("i8")?;
    e.i8(v.i8)?;
    e.str("u64")?;
    e.u64(v.u64)
}

fn encode_inner2<W: Write>(e: &mut Encoder<W>, v: &Inner2) -> EncResult<W> {
    e.map_len(4)?;
    e.str("slice_uint64")?;
    e.array_len(v.slice_uint64.len())?;
    for &x in &v.slice_uint64 {
        e.u64(x)?;
    }
    e.str("map_str_intf")?;
    e.encode(&v.map_str_intf)?;
    e.str("string")?;
    e.str(&v.string)?;
    e.str("f32")?;
    e.f32(v.f32)
}

/// Custom1 into a fresh `Vec` of the exact size.
pub(crate) fn encode_custom1(v: &Custom1) -> Result<Vec<u8>, encode::Error<Infallible>> {
    let mut out = Vec::with_capacity(v.encoded_len());
    write_custom1(&mut Encoder::new(&mut out), v)?;
    Ok(out)
}

/// Custom1 into a slice (the reused-buffer row), returning the length written.
pub(crate) fn encode_custom1_to_slice(v: &Custom1, buf: &mut [u8]) -> Result<usize, encode::Error<EndOfSlice>> {
    let mut w = SliceWriter::new(buf);
    write_custom1(&mut Encoder::new(&mut w), v)?;
    Ok(w.position())
}

/// Custom2 into a fresh `Vec` of the exact size.
pub(crate) fn encode_custom2(v: &Custom2) -> Result<Vec<u8>, encode::Error<Infallible>> {
    let mut out = Vec::with_capacity(v.encoded_len());
    write_custom2(&mut Encoder::new(&mut out), v)?;
    Ok(out)
}

/// Custom2 into a slice (the reused-buffer row), returning the length written.
pub(crate) fn encode_custom2_to_slice(v: &Custom2, buf: &mut [u8]) -> Result<usize, encode::Error<EndOfSlice>> {
    let mut w = SliceWriter::new(buf);
    write_custom2(&mut Encoder::new(&mut w), v)?;
    Ok(w.position())
}

fn write_custom1<W: Write>(e: &mut Encoder<W>, v: &Custom1) -> EncResult<W> {
    e.map_len(7)?;
    e.str("str")?;
    e.str(&v.str)?;
    e.str("slice")?;
    e.bin(&v.slice)?;
    e.str("map_str_uint16")?;
    e.map_len(v.map_str_uint16.len())?;
    for (k, &x) in &v.map_str_uint16 {
        e.str(k)?;
        e.u16(x)?;
    }
    e.str("inner_struct")?;
    encode_inner(e, &v.inner_struct)?;
    e.str("bt")?;
    e.u8(v.bt)?;
    e.str("int")?;
    e.i32(v.int)?;
    e.str("i64")?;
    e.i64(v.i64)
}

fn write_custom2<W: Write>(e: &mut Encoder<W>, v: &Custom2) -> EncResult<W> {
    e.map_len(7)?;
    e.str("str")?;
    e.str(&v.str)?;
    e.str("slice")?;
    e.bin(&v.slice)?;
    e.str("map_str_uint64")?;
    e.map_len(v.map_str_uint64.len())?;
    for (k, &x) in &v.map_str_uint64 {
        e.str(k)?;
        e.u64(x)?;
    }
    e.str("inner_struct")?;
    encode_inner(e, &v.inner_struct)?;
    e.str("float_64")?;
    e.f64(v.float_64)?;
    e.str("map_str_slice")?;
    e.map_len(v.map_str_slice.len())?;
    for (k, xs) in &v.map_str_slice {
        e.str(k)?;
        e.array_len(xs.len())?;
        for &x in xs {
            e.i8(x)?;
        }
    }
    e.str("inner_struct_2")?;
    encode_inner2(e, &v.inner_struct_2)
}

// ---- decode ------------------------------------------------------------------

fn decode_inner(d: &mut Decoder<'_>) -> Result<Inner, decode::Error> {
    let (mut bool, mut f64, mut i8, mut u64) = (None, None, None, None);
    for _ in 0..d.map_len()? {
        let at = d.position();
        match d.str()? {
            "bool" => set(&mut bool, d.bool()?, at, "bool")?,
            "f64" => set(&mut f64, d.f64()?, at, "f64")?,
            "i8" => set(&mut i8, d.i8()?, at, "i8")?,
            "u64" => set(&mut u64, d.u64()?, at, "u64")?,
            _ => d.skip()?,
        }
    }
    Ok(Inner {
        bool: take(bool, d, "bool")?,
        f64: take(f64, d, "f64")?,
        i8: take(i8, d, "i8")?,
        u64: take(u64, d, "u64")?,
    })
}

fn decode_u64s(d: &mut Decoder<'_>) -> Result<Vec<u64>, decode::Error> {
    // `array_len` is checked against the remaining input, so the capacity is bounded.
    let n = d.array_len()?;
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        out.push(d.u64()?);
    }
    Ok(out)
}

fn decode_i8s(d: &mut Decoder<'_>) -> Result<Vec<i8>, decode::Error> {
    let n = d.array_len()?;
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        out.push(d.i8()?);
    }
    Ok(out)
}

fn decode_inner2(d: &mut Decoder<'_>) -> Result<Inner2, decode::Error> {
    let (mut slice_uint64, mut map_str_intf, mut string, mut f32) = (None, None, None, None);
    for _ in 0..d.map_len()? {
        let at = d.position();
        match d.str()? {
            "slice_uint64" => set(&mut slice_uint64, decode_u64s(d)?, at, "slice_uint64")?,
            "map_str_intf" => set(&mut map_str_intf, d.decode()?, at, "map_str_intf")?,
            "string" => set(&mut string, d.str()?.to_owned(), at, "string")?,
            "f32" => set(&mut f32, d.f32()?, at, "f32")?,
            _ => d.skip()?,
        }
    }
    Ok(Inner2 {
        slice_uint64: take(slice_uint64, d, "slice_uint64")?,
        map_str_intf: take(map_str_intf, d, "map_str_intf")?,
        string: take(string, d, "string")?,
        f32: take(f32, d, "f32")?,
    })
}

/// Custom1 from the whole input.
pub(crate) fn decode_custom1(bytes: &[u8]) -> Result<Custom1, decode::Error> {
    let d = &mut Decoder::new(bytes);
    let (mut str, mut slice, mut map, mut inner, mut bt, mut int, mut i64) = (None, None, None, None, None, None, None);
    for _ in 0..d.map_len()? {
        let at = d.position();
        match d.str()? {
            "str" => set(&mut str, d.str()?.to_owned(), at, "str")?,
            "slice" => set(&mut slice, d.bin()?.to_vec(), at, "slice")?,
            "map_str_uint16" => {
                let mut m = BTreeMap::new();
                for _ in 0..d.map_len()? {
                    let k = d.str()?.to_owned();
                    m.insert(k, d.u16()?);
                }
                set(&mut map, m, at, "map_str_uint16")?;
            }
            "inner_struct" => set(&mut inner, decode_inner(d)?, at, "inner_struct")?,
            "bt" => set(&mut bt, d.u8()?, at, "bt")?,
            "int" => set(&mut int, d.i32()?, at, "int")?,
            "i64" => set(&mut i64, d.i64()?, at, "i64")?,
            _ => d.skip()?,
        }
    }
    d.finish()?;
    Ok(Custom1 {
        str: take(str, d, "str")?,
        slice: take(slice, d, "slice")?,
        map_str_uint16: take(map, d, "map_str_uint16")?,
        inner_struct: take(inner, d, "inner_struct")?,
        bt: take(bt, d, "bt")?,
        int: take(int, d, "int")?,
        i64: take(i64, d, "i64")?,
    })
}

/// Custom2 from the whole input.
pub(crate) fn decode_custom2(bytes: &[u8]) -> Result<Custom2, decode::Error> {
    let d = &mut Decoder::new(bytes);
    let (mut str, mut slice, mut map64, mut inner, mut float_64, mut slices, mut inner2) =
        (None, None, None, None, None, None, None);
    for _ in 0..d.map_len()? {
        let at = d.position();
        match d.str()? {
            "str" => set(&mut str, d.str()?.to_owned(), at, "str")?,
            "slice" => set(&mut slice, d.bin()?.to_vec(), at, "slice")?,
            "map_str_uint64" => {
                let mut m = BTreeMap::new();
                for _ in 0..d.map_len()? {
                    let k = d.str()?.to_owned();
                    m.insert(k, d.u64()?);
                }
                set(&mut map64, m, at, "map_str_uint64")?;
            }
            "inner_struct" => set(&mut inner, decode_inner(d)?, at, "inner_struct")?,
            "float_64" => set(&mut float_64, d.f64()?, at, "float_64")?,
            "map_str_slice" => {
                let mut m = BTreeMap::new();
                for _ in 0..d.map_len()? {
                    let k = d.str()?.to_owned();
                    m.insert(k, decode_i8s(d)?);
                }
                set(&mut slices, m, at, "map_str_slice")?;
            }
            "inner_struct_2" => set(&mut inner2, decode_inner2(d)?, at, "inner_struct_2")?,
            _ => d.skip()?,
        }
    }
    d.finish()?;
    Ok(Custom2 {
        str: take(str, d, "str")?,
        slice: take(slice, d, "slice")?,
        map_str_uint64: take(map64, d, "map_str_uint64")?,
        inner_struct: take(inner, d, "inner_struct")?,
        float_64: take(float_64, d, "float_64")?,
        map_str_slice: take(slices, d, "map_str_slice")?,
        inner_struct_2: take(inner2, d, "inner_struct_2")?,
    })
}
