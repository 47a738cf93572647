//! `_ExtStruct((i8, bytes))`: the serde form of an ext item, as rmp-serde
//! writes it (a newtype struct of that name around the tuple of the type
//! and the payload).

use core::fmt;

use ::serde::ser::{self, Impossible, Serialize};

use crate::encode::{Encoder, Write};
use crate::serde::Error;

const EXPECTED_TUPLE: &str = "_ExtStruct must hold the tuple (i8, bytes)";
const EXPECTED_PARTS: &str = "_ExtStruct's tuple must be (i8, bytes): an i8 by serialize_i8, then serialize_bytes";

/// Writes the ext item `value` (which must serialize as a tuple of an `i8`
/// and bytes) into `e`.
pub(super) fn serialize_ext<W: Write, T: Serialize + ?Sized>(
    e: &mut Encoder<W>,
    value: &T,
) -> Result<(), Error<W::Error>>
where
    W::Error: fmt::Debug + fmt::Display,
{
    let mut ext = Ext { e, tag: None, written: false };
    value.serialize(&mut ext)?;
    if ext.written { Ok(()) } else { Err(Error::InvalidDataModel(EXPECTED_PARTS)) }
}

/// The ext item being captured: the tag once seen, whether it is written.
struct Ext<'a, W> {
    e: &'a mut Encoder<W>,
    tag: Option<i8>,
    written: bool,
}

/// Methods of `serde::Serializer` that fail with `$msg`.
macro_rules! refuse {
    ($msg:expr; $($name:ident($($arg:ident: $ty:ty),*) -> $ret:ty;)*) => {
        $(
            #[inline]
            fn $name(self, $($arg: $ty),*) -> Result<$ret, Self::Error> {
                $(let _ = $arg;)*
                Err(Error::InvalidDataModel($msg))
            }
        )*
    };
}

/// Every method but the ones of the form refused with `$msg`; `$T` is
/// the generic value parameter's name.
macro_rules! refuse_generic {
    ($msg:expr; $($name:ident($($arg:ident: $ty:ty),*);)*) => {
        $(
            #[inline]
            fn $name<T: Serialize + ?Sized>(self, $($arg: $ty),*) -> Result<(), Self::Error> {
                $(let _ = $arg;)*
                Err(Error::InvalidDataModel($msg))
            }
        )*
    };
}

/// The newtype's content: only a tuple is accepted.
impl<W: Write> ser::Serializer for &mut Ext<'_, W>
where
    W::Error: fmt::Debug + fmt::Display,
{
    type Ok = ();
    type Error = Error<W::Error>;
    type SerializeSeq = Impossible<(), Self::Error>;
    type SerializeTuple = Self;
    type SerializeTupleStruct = Impossible<(), Self::Error>;
    type SerializeTupleVariant = Impossible<(), Self::Error>;
    type SerializeMap = Impossible<(), Self::Error>;
    type SerializeStruct = Impossible<(), Self::Error>;
    type SerializeStructVariant = Impossible<(), Self::Error>;

    fn is_human_readable(&self) -> bool {
        false
    }

    #[inline]
    fn serialize_tuple(self, _len: usize) -> Result<Self, Self::Error> {
        Ok(self)
    }

    refuse! { EXPECTED_TUPLE;
        serialize_bool(v: bool) -> ();
        serialize_i8(v: i8) -> ();
        serialize_i16(v: i16) -> ();
        serialize_i32(v: i32) -> ();
        serialize_i64(v: i64) -> ();
        serialize_i128(v: i128) -> ();
        serialize_u8(v: u8) -> ();
        serialize_u16(v: u16) -> ();
        serialize_u32(v: u32) -> ();
        serialize_u64(v: u64) -> ();
        serialize_u128(v: u128) -> ();
        serialize_f32(v: f32) -> ();
        serialize_f64(v: f64) -> ();
        serialize_char(v: char) -> ();
        serialize_str(v: &str) -> ();
        serialize_bytes(v: &[u8]) -> ();
        serialize_none() -> ();
        serialize_unit() -> ();
        serialize_unit_struct(name: &'static str) -> ();
        serialize_unit_variant(name: &'static str, index: u32, variant: &'static str) -> ();
        serialize_seq(len: Option<usize>) -> Self::SerializeSeq;
        serialize_tuple_struct(name: &'static str, len: usize) -> Self::SerializeTupleStruct;
        serialize_tuple_variant(name: &'static str, index: u32, variant: &'static str, len: usize) -> Self::SerializeTupleVariant;
        serialize_map(len: Option<usize>) -> Self::SerializeMap;
        serialize_struct(name: &'static str, len: usize) -> Self::SerializeStruct;
        serialize_struct_variant(name: &'static str, index: u32, variant: &'static str, len: usize) -> Self::SerializeStructVariant;
    }

    refuse_generic! { EXPECTED_TUPLE;
        serialize_some(value: &T);
        serialize_newtype_struct(name: &'static str, value: &T);
        serialize_newtype_variant(name: &'static str, index: u32, variant: &'static str, value: &T);
    }
}

impl<W: Write> ser::SerializeTuple for &mut Ext<'_, W>
where
    W::Error: fmt::Debug + fmt::Display,
{
    type Ok = ();
    type Error = Error<W::Error>;

    #[inline]
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Self::Error> {
        value.serialize(Part(self))
    }

    #[inline]
    fn end(self) -> Result<(), Self::Error> {
        Ok(())
    }
}

/// One element of the tuple: the `i8` type, then the payload bytes.
struct Part<'b, 'a, W>(&'b mut Ext<'a, W>);

impl<W: Write> ser::Serializer for Part<'_, '_, W>
where
    W::Error: fmt::Debug + fmt::Display,
{
    type Ok = ();
    type Error = Error<W::Error>;
    type SerializeSeq = Impossible<(), Self::Error>;
    type SerializeTuple = Impossible<(), Self::Error>;
    type SerializeTupleStruct = Impossible<(), Self::Error>;
    type SerializeTupleVariant = Impossible<(), Self::Error>;
    type SerializeMap = Impossible<(), Self::Error>;
    type SerializeStruct = Impossible<(), Self::Error>;
    type SerializeStructVariant = Impossible<(), Self::Error>;

    fn is_human_readable(&self) -> bool {
        false
    }

    #[inline]
    fn serialize_i8(self, v: i8) -> Result<(), Self::Error> {
        match self.0.tag {
            None if !self.0.written => {
                self.0.tag = Some(v);
                Ok(())
            }
            _ => Err(Error::InvalidDataModel(EXPECTED_PARTS)),
        }
    }

    #[inline]
    fn serialize_bytes(self, v: &[u8]) -> Result<(), Self::Error> {
        match self.0.tag.take() {
            Some(ty) => {
                self.0.e.ext(ty, v)?;
                self.0.written = true;
                Ok(())
            }
            None => Err(Error::InvalidDataModel(EXPECTED_PARTS)),
        }
    }

    refuse! { EXPECTED_PARTS;
        serialize_bool(v: bool) -> ();
        serialize_i16(v: i16) -> ();
        serialize_i32(v: i32) -> ();
        serialize_i64(v: i64) -> ();
        serialize_i128(v: i128) -> ();
        serialize_u8(v: u8) -> ();
        serialize_u16(v: u16) -> ();
        serialize_u32(v: u32) -> ();
        serialize_u64(v: u64) -> ();
        serialize_u128(v: u128) -> ();
        serialize_f32(v: f32) -> ();
        serialize_f64(v: f64) -> ();
        serialize_char(v: char) -> ();
        serialize_str(v: &str) -> ();
        serialize_none() -> ();
        serialize_unit() -> ();
        serialize_unit_struct(name: &'static str) -> ();
        serialize_unit_variant(name: &'static str, index: u32, variant: &'static str) -> ();
        serialize_seq(len: Option<usize>) -> Self::SerializeSeq;
        serialize_tuple(len: usize) -> Self::SerializeTuple;
        serialize_tuple_struct(name: &'static str, len: usize) -> Self::SerializeTupleStruct;
        serialize_tuple_variant(name: &'static str, index: u32, variant: &'static str, len: usize) -> Self::SerializeTupleVariant;
        serialize_map(len: Option<usize>) -> Self::SerializeMap;
        serialize_struct(name: &'static str, len: usize) -> Self::SerializeStruct;
        serialize_struct_variant(name: &'static str, index: u32, variant: &'static str, len: usize) -> Self::SerializeStructVariant;
    }

    refuse_generic! { EXPECTED_PARTS;
        serialize_some(value: &T);
        serialize_newtype_struct(name: &'static str, value: &T);
        serialize_newtype_variant(name: &'static str, index: u32, variant: &'static str, value: &T);
    }
}
