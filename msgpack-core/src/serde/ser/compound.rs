//! Sequences and maps ([`Compound`], whose length may be unknown), tuples,
//! structs and the variants holding them ([`Fields`], whose length is
//! always known).

use alloc::vec::Vec;
use core::fmt;

use ::serde::ser::{self, Serialize};

use super::Serializer;
use crate::encode::Write;
use crate::serde::Error;

/// The state of a sequence or map being serialized by a [`Serializer`]:
/// the `SerializeSeq` and `SerializeMap` of `&mut Serializer<W>`.
///
/// A container of known length writes its header first and its elements
/// straight into the sink; one of unknown length (`serialize_seq(None)`,
/// `serialize_map(None)`: a struct with flattened fields, an iterator
/// without an exact size) is written into a buffer and copied after its
/// header once its count is known, as rmp-serde does. Having more or fewer
/// elements than declared is an [`Error::InvalidDataModel`].
///
/// ```
/// use serde::ser::{SerializeMap, Serializer as _};
///
/// let mut ser = msgpack_core::serde::Serializer::new(Vec::new());
/// let mut map = (&mut ser).serialize_map(None)?; // unknown length
/// map.serialize_entry("a", &1)?;
/// map.serialize_entry("b", &2)?;
/// map.end()?;
/// assert_eq!(ser.into_inner(), [0x82, 0xa1, b'a', 0x01, 0xa1, b'b', 0x02]);
/// # Ok::<(), msgpack_core::serde::Error>(())
/// ```
#[derive(Debug)]
pub struct Compound<'a, W> {
    ser: &'a mut Serializer<W>,
    state: State,
}

#[derive(Debug)]
enum State {
    /// The header is written; `left` more elements (map values not
    /// counted) are expected.
    Direct { left: usize },
    /// Elements go into `buf`; the header with `count` is written at the end.
    Buffered { buf: Serializer<Vec<u8>>, count: usize, map: bool },
}

const TOO_MANY: &str = "more elements than the length given to serialize_seq / map / tuple / struct";
const TOO_FEW: &str = "fewer elements than the length given to serialize_seq / map / tuple / struct";

impl<'a, W: Write> Compound<'a, W>
where
    W::Error: fmt::Debug + fmt::Display,
{
    pub(super) fn direct(ser: &'a mut Serializer<W>, len: usize) -> Self {
        Compound { ser, state: State::Direct { left: len } }
    }

    pub(super) fn buffered(ser: &'a mut Serializer<W>, map: bool) -> Self {
        let buf = ser.buffer();
        Compound { ser, state: State::Buffered { buf, count: 0, map } }
    }

    /// One element (or map key: `counted`), or one map value (not counted).
    #[inline]
    fn item<T: Serialize + ?Sized>(&mut self, value: &T, counted: bool) -> Result<(), Error<W::Error>> {
        match &mut self.state {
            State::Direct { left } => {
                if counted {
                    *left = left.checked_sub(1).ok_or(Error::InvalidDataModel(TOO_MANY))?;
                }
                value.serialize(&mut *self.ser)
            }
            State::Buffered { buf, count, .. } => {
                if counted {
                    *count += 1;
                }
                value.serialize(buf).map_err(Error::widen)
            }
        }
    }

    #[inline]
    fn finish(self) -> Result<(), Error<W::Error>> {
        match self.state {
            State::Direct { left: 0 } => Ok(()),
            State::Direct { .. } => Err(Error::InvalidDataModel(TOO_FEW)),
            State::Buffered { buf, count, map } => {
                let e = &mut self.ser.e;
                if map {
                    e.map_len(count)?;
                } else {
                    e.array_len(count)?;
                }
                Ok(e.raw(&buf.into_inner())?)
            }
        }
    }
}

/// The impls of the serde compound traits for [`Compound`], all alike.
macro_rules! compound {
    ($($trait:ident { $($body:tt)* })*) => {
        $(
            impl<W: Write> ser::$trait for Compound<'_, W>
            where
                W::Error: fmt::Debug + fmt::Display,
            {
                type Ok = ();
                type Error = Error<W::Error>;

                $($body)*

                #[inline]
                fn end(self) -> Result<(), Self::Error> {
                    self.finish()
                }
            }
        )*
    };
}

compound! {
    SerializeSeq {
        #[inline]
        fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Self::Error> {
            self.item(value, true)
        }
    }
    SerializeMap {
        #[inline]
        fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Self::Error> {
            self.item(key, true)
        }
        #[inline]
        fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Self::Error> {
            self.item(value, false)
        }
    }
}

/// A tuple, struct or the variant holding one, being serialized by a
/// [`Serializer`]: its header is written and its length known, so every
/// element goes straight into the sink (the `SerializeTuple`,
/// `SerializeTupleStruct`, `SerializeTupleVariant`, `SerializeStruct` and
/// `SerializeStructVariant` of `&mut Serializer<W>`). Having more or fewer
/// elements than declared is an [`Error::InvalidDataModel`].
///
/// ```
/// use serde::ser::{SerializeStruct, Serializer as _};
///
/// let mut ser = msgpack_core::serde::Serializer::named(Vec::new());
/// let mut s = (&mut ser).serialize_struct("Point", 1)?;
/// s.serialize_field("x", &1)?;
/// s.end()?;
/// assert_eq!(ser.into_inner(), [0x81, 0xa1, b'x', 0x01]);
/// # Ok::<(), msgpack_core::serde::Error>(())
/// ```
#[derive(Debug)]
pub struct Fields<'a, W> {
    ser: &'a mut Serializer<W>,
    /// Elements still expected.
    left: usize,
    /// Struct fields in map form: each value after its name.
    named: bool,
}

impl<'a, W: Write> Fields<'a, W>
where
    W::Error: fmt::Debug + fmt::Display,
{
    /// `len` elements of a tuple (or tuple struct, tuple variant).
    pub(super) fn elements(ser: &'a mut Serializer<W>, len: usize) -> Self {
        Fields { ser, left: len, named: false }
    }

    /// `len` fields of a struct, `named` in map form.
    pub(super) fn of_struct(ser: &'a mut Serializer<W>, len: usize, named: bool) -> Self {
        Fields { ser, left: len, named }
    }

    /// One element.
    #[inline]
    fn item<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error<W::Error>> {
        self.left = self.left.checked_sub(1).ok_or(Error::InvalidDataModel(TOO_MANY))?;
        value.serialize(&mut *self.ser)
    }

    /// A struct field: its name first in map form.
    #[inline]
    fn field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), Error<W::Error>> {
        if self.named && self.left > 0 {
            self.ser.e.str(key)?;
        }
        self.item(value)
    }
}

/// The impls of the serde traits for [`Fields`], all alike.
macro_rules! fields {
    ($($trait:ident { $($body:tt)* })*) => {
        $(
            impl<W: Write> ser::$trait for Fields<'_, W>
            where
                W::Error: fmt::Debug + fmt::Display,
            {
                type Ok = ();
                type Error = Error<W::Error>;

                $($body)*

                #[inline]
                fn end(self) -> Result<(), Self::Error> {
                    if self.left == 0 { Ok(()) } else { Err(Error::InvalidDataModel(TOO_FEW)) }
                }
            }
        )*
    };
}

fields! {
    SerializeTuple {
        #[inline]
        fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Self::Error> {
            self.item(value)
        }
    }
    SerializeTupleStruct {
        #[inline]
        fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Self::Error> {
            self.item(value)
        }
    }
    SerializeTupleVariant {
        #[inline]
        fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Self::Error> {
            self.item(value)
        }
    }
    SerializeStruct {
        #[inline]
        fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), Self::Error> {
            self.field(key, value)
        }
    }
    SerializeStructVariant {
        #[inline]
        fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), Self::Error> {
            self.field(key, value)
        }
    }
}
