//! Sequences, tuples, maps, structs and the variants holding them.

use alloc::vec::Vec;
use core::fmt;

use ::serde::ser::{self, Serialize};

use super::Serializer;
use crate::encode::Write;
use crate::serde::Error;

/// The state of a container being serialized by a [`Serializer`]: the
/// `SerializeSeq`, `SerializeTuple`, `SerializeTupleStruct`,
/// `SerializeTupleVariant`, `SerializeMap`, `SerializeStruct` and
/// `SerializeStructVariant` of `&mut Serializer<W>`.
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
    /// counted) are expected. `fields`: struct fields, named in map form.
    Direct { left: usize, fields: bool },
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
        Compound { ser, state: State::Direct { left: len, fields: false } }
    }

    pub(super) fn fields(ser: &'a mut Serializer<W>, len: usize) -> Self {
        Compound { ser, state: State::Direct { left: len, fields: true } }
    }

    pub(super) fn buffered(ser: &'a mut Serializer<W>, map: bool) -> Self {
        let buf = ser.buffer();
        Compound { ser, state: State::Buffered { buf, count: 0, map } }
    }

    /// One element (or map key: `counted`), or one map value (not counted).
    #[inline]
    fn item<T: Serialize + ?Sized>(&mut self, value: &T, counted: bool) -> Result<(), Error<W::Error>> {
        match &mut self.state {
            State::Direct { left, .. } => {
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

    /// A struct field: its name first in map form.
    #[inline]
    fn field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), Error<W::Error>> {
        if let State::Direct { fields: true, left } = &mut self.state
            && self.ser.is_named()
            && *left > 0
        {
            self.ser.e.str(key)?;
        }
        self.item(value, true)
    }

    #[inline]
    fn finish(self) -> Result<(), Error<W::Error>> {
        match self.state {
            State::Direct { left: 0, .. } => Ok(()),
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
    SerializeTuple {
        #[inline]
        fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Self::Error> {
            self.item(value, true)
        }
    }
    SerializeTupleStruct {
        #[inline]
        fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Self::Error> {
            self.item(value, true)
        }
    }
    SerializeTupleVariant {
        #[inline]
        fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Self::Error> {
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
