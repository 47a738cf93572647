//! `Encode` and `Decode` for [`Value`] and [`ValueRef`].
//!
//! Decoding recurses once per level of nesting, bounded by
//! [`Decoder::enter`]. Each level is one frame of the function reading that
//! array or map; scalars and error decoration go through non-inlined
//! helpers, so their locals stay out of the recursion. Measured on x86-64
//! (minimal thread stack for 101,024 levels minus that for 1,024): about
//! 180 bytes per array level and 260 per map level in a release build, 550
//! and 870 unoptimised, so the default limit of 1024 levels needs at most
//! ~270 KiB (release) or ~0.9 MiB (debug) of stack.

use alloc::vec::Vec;

use super::{Value, ValueRef};
use crate::decode::collect::claim;
use crate::decode::{Decode, Decoder, Error};
use crate::encode::{self, Encode, Encoder, Write, array_header_size, bin_size, ext_size, map_header_size, str_size};
use crate::marker::Marker;

// ---- encode ------------------------------------------------------------------

/// Integers and floats in their own forms (`F32` stays `float 32`), the
/// smallest headers, map entries in order.
impl Encode for Value {
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        match self {
            Value::Array(items) => {
                array_header(items.len(), e)?;
                for item in items {
                    item.encode(e)?;
                }
                Ok(())
            }
            Value::Map(entries) => {
                map_header(entries.len(), e)?;
                for (k, v) in entries {
                    k.encode(e)?;
                    v.encode(e)?;
                }
                Ok(())
            }
            scalar => scalar_value(scalar, e),
        }
    }

    fn encoded_len(&self) -> usize {
        match self {
            Value::Nil | Value::Bool(_) => 1,
            Value::Int(i) => i.encoded_len(),
            Value::F32(_) => 5,
            Value::F64(_) => 9,
            Value::Str(s) => str_size(s.len()),
            Value::Bin(b) => bin_size(b.len()),
            Value::Array(items) => array_header_size(items.len()) + items.iter().map(Value::encoded_len).sum::<usize>(),
            Value::Map(entries) => {
                map_header_size(entries.len())
                    + entries.iter().map(|(k, v)| k.encoded_len() + v.encoded_len()).sum::<usize>()
            }
            Value::Ext(x) => ext_size(x.data.len()),
        }
    }
}

/// The same bytes as the equal [`Value`].
impl Encode for ValueRef<'_> {
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        match self {
            ValueRef::Array(items) => {
                array_header(items.len(), e)?;
                for item in items {
                    item.encode(e)?;
                }
                Ok(())
            }
            ValueRef::Map(entries) => {
                map_header(entries.len(), e)?;
                for (k, v) in entries {
                    k.encode(e)?;
                    v.encode(e)?;
                }
                Ok(())
            }
            scalar => scalar_value_ref(scalar, e),
        }
    }

    fn encoded_len(&self) -> usize {
        match self {
            ValueRef::Nil | ValueRef::Bool(_) => 1,
            ValueRef::Int(i) => i.encoded_len(),
            ValueRef::F32(_) => 5,
            ValueRef::F64(_) => 9,
            ValueRef::Str(s) => str_size(s.len()),
            ValueRef::Bin(b) => bin_size(b.len()),
            ValueRef::Array(items) => {
                array_header_size(items.len()) + items.iter().map(ValueRef::encoded_len).sum::<usize>()
            }
            ValueRef::Map(entries) => {
                map_header_size(entries.len())
                    + entries.iter().map(|(k, v)| k.encoded_len() + v.encoded_len()).sum::<usize>()
            }
            ValueRef::Ext(x) => ext_size(x.data.len()),
        }
    }
}

// Scalars and headers are written out of line, so that the recursive frame
// of a nested array or map holds only the loop (the writers are inlined
// where they are called: in an unoptimised build, a header written in the
// frame made it 2.4 KiB, and 1,024 levels overflowed a 2 MiB stack).

#[inline(never)]
fn array_header<W: Write>(len: usize, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
    e.array_len(len)
}

#[inline(never)]
fn map_header<W: Write>(len: usize, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
    e.map_len(len)
}

#[inline(never)]
fn scalar_value<W: Write>(v: &Value, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
    match v {
        Value::Nil => e.nil(),
        Value::Bool(b) => e.bool(*b),
        Value::Int(i) => i.encode(e),
        Value::F32(v) => e.f32(*v),
        Value::F64(v) => e.f64(*v),
        Value::Str(s) => e.str(s),
        Value::Bin(b) => e.bin(b),
        Value::Ext(x) => e.ext(x.ty, &x.data),
        Value::Array(_) | Value::Map(_) => v.encode(e),
    }
}

#[inline(never)]
fn scalar_value_ref<W: Write>(v: &ValueRef<'_>, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
    match v {
        ValueRef::Nil => e.nil(),
        ValueRef::Bool(b) => e.bool(*b),
        ValueRef::Int(i) => i.encode(e),
        ValueRef::F32(v) => e.f32(*v),
        ValueRef::F64(v) => e.f64(*v),
        ValueRef::Str(s) => e.str(s),
        ValueRef::Bin(b) => e.bin(b),
        ValueRef::Ext(x) => e.ext(x.ty, x.data),
        ValueRef::Array(_) | ValueRef::Map(_) => v.encode(e),
    }
}

// ---- decode ------------------------------------------------------------------

/// Reads any item: strings are UTF-8 validated and copied, nesting is
/// limited by [`DecodeOptions::max_depth`](crate::DecodeOptions::max_depth).
impl<'de> Decode<'de> for Value {
    #[inline]
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        match d.peek_byte()? {
            0x90..=0x9f | 0xdc | 0xdd => array_owned(d),
            0x80..=0x8f | 0xde | 0xdf => map_owned(d),
            _ => scalar_owned(d),
        }
    }
}

/// Reads any item, borrowing strings, binaries and ext payloads from the
/// input; nesting is limited as for [`Value`].
impl<'de: 'a, 'a> Decode<'de> for ValueRef<'a> {
    #[inline]
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        match d.peek_byte()? {
            0x90..=0x9f | 0xdc | 0xdd => array_ref(d),
            0x80..=0x8f | 0xde | 0xdf => map_ref(d),
            _ => scalar(d),
        }
    }
}

// The recursion: each level of nesting is one frame of one of these four
// (`decode` is inlined into them), holding only what that container needs.

#[inline(never)]
fn array_owned(d: &mut Decoder<'_>) -> Result<Value, Error> {
    let at = d.position();
    let len = d.array_len()?;
    d.charge_elements::<Value>(len, at)?;
    d.enter()?;
    let (cap, per, kept) = claim::<Value>(d, len, 1);
    let mut items = Vec::with_capacity(cap);
    for i in 0..len {
        d.release_claim(per);
        let x = Value::decode(d).map_err(|e| e.at_index(i))?;
        if kept {
            items.push(x);
        }
    }
    d.leave();
    Ok(Value::Array(items))
}

#[inline(never)]
fn map_owned(d: &mut Decoder<'_>) -> Result<Value, Error> {
    let at = d.position();
    let len = d.map_len()?;
    d.charge_elements::<(Value, Value)>(len, at)?;
    d.enter()?;
    let (cap, per, kept) = claim::<(Value, Value)>(d, len, 2);
    let mut entries = Vec::with_capacity(cap);
    for i in 0..len {
        d.release_claim(per);
        let key_at = d.position();
        let k = Value::decode(d).map_err(|e| e.at_index(i))?;
        let v = Value::decode(d).map_err(|e| at_key(d, e, key_at))?;
        if kept {
            entries.push((k, v));
        }
    }
    d.leave();
    Ok(Value::Map(entries))
}

#[inline(never)]
fn array_ref<'de>(d: &mut Decoder<'de>) -> Result<ValueRef<'de>, Error> {
    let at = d.position();
    let len = d.array_len()?;
    d.charge_elements::<ValueRef<'de>>(len, at)?;
    d.enter()?;
    let (cap, per, kept) = claim::<ValueRef<'de>>(d, len, 1);
    let mut items = Vec::with_capacity(cap);
    for i in 0..len {
        d.release_claim(per);
        let x = ValueRef::decode(d).map_err(|e| e.at_index(i))?;
        if kept {
            items.push(x);
        }
    }
    d.leave();
    Ok(ValueRef::Array(items))
}

#[inline(never)]
fn map_ref<'de>(d: &mut Decoder<'de>) -> Result<ValueRef<'de>, Error> {
    let at = d.position();
    let len = d.map_len()?;
    d.charge_elements::<(ValueRef<'de>, ValueRef<'de>)>(len, at)?;
    d.enter()?;
    let (cap, per, kept) = claim::<(ValueRef<'de>, ValueRef<'de>)>(d, len, 2);
    let mut entries = Vec::with_capacity(cap);
    for i in 0..len {
        d.release_claim(per);
        let key_at = d.position();
        let k = ValueRef::decode(d).map_err(|e| e.at_index(i))?;
        let v = ValueRef::decode(d).map_err(|e| at_key(d, e, key_at))?;
        if kept {
            entries.push((k, v));
        }
    }
    d.leave();
    Ok(ValueRef::Map(entries))
}

/// Locates an error in a map value by the entry's key (read again from
/// `key_at`); kept out of line so the key description is not part of the
/// recursive frame.
#[cold]
#[inline(never)]
fn at_key(d: &Decoder<'_>, e: Error, key_at: usize) -> Error {
    e.at_key(d.found_at(key_at))
}

/// Reads an item that is neither an array nor a map, as a `Value`.
#[inline(never)]
fn scalar_owned(d: &mut Decoder<'_>) -> Result<Value, Error> {
    Ok(match d.peek_byte()? {
        // Small integers and short strings first, without a second dispatch.
        b @ 0x00..=0x7f => {
            d.u8()?;
            Value::Int(b.into())
        }
        0xa0..=0xbf => {
            let at = d.position();
            let s = d.str()?;
            d.charge(s.len(), at)?;
            Value::Str(s.into())
        }
        _ => {
            let at = d.position();
            let v = scalar(d)?;
            // Strings, binaries and ext payloads are copied.
            let copied = match v {
                ValueRef::Str(s) => s.len(),
                ValueRef::Bin(b) => b.len(),
                ValueRef::Ext(x) => x.data.len(),
                _ => 0,
            };
            d.charge(copied, at)?;
            v.to_owned_value()
        }
    })
}

/// Reads an item that is neither an array nor a map, borrowing from the input.
#[inline(never)]
fn scalar<'de>(d: &mut Decoder<'de>) -> Result<ValueRef<'de>, Error> {
    Ok(match d.peek()? {
        Marker::Nil => {
            d.nil()?;
            ValueRef::Nil
        }
        Marker::Bool => ValueRef::Bool(d.bool()?),
        Marker::UInt | Marker::Int => ValueRef::Int(d.decode()?),
        Marker::F32 => ValueRef::F32(d.f32()?),
        Marker::F64 => ValueRef::F64(d.f64()?),
        Marker::Str => ValueRef::Str(d.str()?),
        Marker::Bin => ValueRef::Bin(d.bin()?),
        Marker::Ext => ValueRef::Ext(d.ext()?),
        // 0xc1 gives `ReservedMarker`; containers never get here.
        Marker::Reserved | Marker::Array | Marker::Map => return Err(d.type_error("value", d.position())),
    })
}
