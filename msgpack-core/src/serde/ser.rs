//! The serializer: serde's data model onto an [`Encoder`], item by item as
//! rmp-serde 1.3 writes it.

use core::fmt;

use ::serde::ser::{self, Serialize};

use super::Error;
use crate::encode::{Encoder, Write};

mod compound;
mod ext;

pub use compound::{Compound, Fields};

/// The newtype struct name of an ext item: `_ExtStruct((i8, bytes))`, as
/// rmp-serde and rmpv write and read it.
pub(crate) const EXT_STRUCT: &str = "_ExtStruct";

/// A serde `Serializer` writing MessagePack through an [`Encoder`], with
/// the bytes of `rmp_serde`'s default serializer (see the
/// [module docs](super) for the mapping).
///
/// Structs are arrays of their field values by default
/// ([`new`](Serializer::new), like `rmp_serde::to_vec`) and maps keyed by
/// field name with [`named`](Serializer::named) (like
/// `rmp_serde::to_vec_named`). Any [`Write`] sink works, without an
/// allocator for the sink itself (sequences and maps of unknown length are
/// buffered in a `Vec`, as rmp-serde buffers them).
///
/// ```
/// use msgpack_core::encode::SliceWriter;
/// use msgpack_core::serde::Serializer;
/// use serde::Serialize;
///
/// #[derive(Serialize)]
/// struct Point { x: i32, y: i32 }
///
/// let mut buf = [0u8; 16];
/// let mut ser = Serializer::named(SliceWriter::new(&mut buf));
/// Point { x: 1, y: -1 }.serialize(&mut ser)?;
/// let n = ser.encoder().writer().position();
/// assert_eq!(&buf[..n], &[0x82, 0xa1, b'x', 0x01, 0xa1, b'y', 0xff]);
/// # Ok::<(), msgpack_core::serde::Error<msgpack_core::encode::EndOfSlice>>(())
/// ```
#[derive(Debug)]
pub struct Serializer<W> {
    pub(super) e: Encoder<W>,
    named: bool,
}

impl<W: Write> Serializer<W> {
    /// A serializer writing into `writer`, structs as arrays (like
    /// `rmp_serde::to_vec`).
    ///
    /// ```
    /// use serde::Serialize;
    /// #[derive(Serialize)]
    /// struct Point { x: i32, y: i32 }
    ///
    /// let mut ser = msgpack_core::serde::Serializer::new(Vec::new());
    /// Point { x: 1, y: 2 }.serialize(&mut ser)?;
    /// assert_eq!(ser.into_inner(), [0x92, 0x01, 0x02]);
    /// # Ok::<(), msgpack_core::serde::Error>(())
    /// ```
    #[inline]
    pub const fn new(writer: W) -> Self {
        Serializer { e: Encoder::new(writer), named: false }
    }

    /// A serializer writing into `writer`, structs as maps keyed by field
    /// name (like `rmp_serde::to_vec_named`).
    ///
    /// ```
    /// use serde::Serialize;
    /// #[derive(Serialize)]
    /// struct Point { x: i32 }
    ///
    /// let mut ser = msgpack_core::serde::Serializer::named(Vec::new());
    /// Point { x: 1 }.serialize(&mut ser)?;
    /// assert_eq!(ser.into_inner(), [0x81, 0xa1, b'x', 0x01]);
    /// # Ok::<(), msgpack_core::serde::Error>(())
    /// ```
    #[inline]
    pub const fn named(writer: W) -> Self {
        Serializer { e: Encoder::new(writer), named: true }
    }

    /// A serializer writing through `encoder` (structs as arrays, or as
    /// maps if `named`): serde values between items of your own.
    ///
    /// ```
    /// use msgpack_core::{encode::Encoder, serde::Serializer};
    /// use serde::Serialize;
    ///
    /// let mut e = Encoder::new(Vec::new());
    /// e.array_len(2)?;
    /// e.u8(1)?;
    /// let mut ser = Serializer::from_encoder(e, false);
    /// Some("x").serialize(&mut ser).unwrap();
    /// assert_eq!(ser.into_inner(), [0x92, 0x01, 0xa1, b'x']);
    /// # Ok::<(), msgpack_core::encode::Error<core::convert::Infallible>>(())
    /// ```
    #[inline]
    pub const fn from_encoder(encoder: Encoder<W>, named: bool) -> Self {
        Serializer { e: encoder, named }
    }

    /// Whether structs are written as maps (see [`named`](Serializer::named)).
    ///
    /// ```
    /// assert!(msgpack_core::serde::Serializer::named(Vec::new()).is_named());
    /// assert!(!msgpack_core::serde::Serializer::new(Vec::new()).is_named());
    /// ```
    #[inline]
    pub fn is_named(&self) -> bool {
        self.named
    }

    /// The encoder.
    ///
    /// ```
    /// let ser = msgpack_core::serde::Serializer::new(Vec::new());
    /// assert!(ser.encoder().writer().is_empty());
    /// ```
    #[inline]
    pub fn encoder(&self) -> &Encoder<W> {
        &self.e
    }

    /// The encoder, mutably (to write items of your own between serde values).
    ///
    /// ```
    /// let mut ser = msgpack_core::serde::Serializer::new(Vec::new());
    /// ser.encoder_mut().nil()?;
    /// assert_eq!(ser.into_inner(), [0xc0]);
    /// # Ok::<(), msgpack_core::encode::Error<core::convert::Infallible>>(())
    /// ```
    #[inline]
    pub fn encoder_mut(&mut self) -> &mut Encoder<W> {
        &mut self.e
    }

    /// Gives the encoder back.
    ///
    /// ```
    /// let ser = msgpack_core::serde::Serializer::new(Vec::<u8>::new());
    /// let e = ser.into_encoder();
    /// assert!(e.writer().is_empty());
    /// ```
    #[inline]
    pub fn into_encoder(self) -> Encoder<W> {
        self.e
    }

    /// Gives the sink back.
    ///
    /// ```
    /// use serde::Serialize;
    /// let mut ser = msgpack_core::serde::Serializer::new(Vec::new());
    /// true.serialize(&mut ser)?;
    /// assert_eq!(ser.into_inner(), [0xc3]);
    /// # Ok::<(), msgpack_core::serde::Error>(())
    /// ```
    #[inline]
    pub fn into_inner(self) -> W {
        self.e.into_writer()
    }

    /// A serializer into a new buffer with the same settings, for a
    /// sequence or map of unknown length.
    pub(super) fn buffer(&self) -> Serializer<alloc::vec::Vec<u8>> {
        // rmp-serde's starting capacity too: most buffered containers are small.
        Serializer { e: Encoder::new(alloc::vec::Vec::with_capacity(128)), named: self.named }
    }
}

type Result<W> = core::result::Result<(), Error<<W as Write>::Error>>;

impl<'a, W: Write> ser::Serializer for &'a mut Serializer<W>
where
    W::Error: fmt::Debug + fmt::Display,
{
    type Ok = ();
    type Error = Error<W::Error>;
    type SerializeSeq = Compound<'a, W>;
    type SerializeTuple = Fields<'a, W>;
    type SerializeTupleStruct = Fields<'a, W>;
    type SerializeTupleVariant = Fields<'a, W>;
    type SerializeMap = Compound<'a, W>;
    type SerializeStruct = Fields<'a, W>;
    type SerializeStructVariant = Fields<'a, W>;

    /// `false`, as rmp-serde's default (`IpAddr`, `SocketAddr` and the
    /// like take their compact forms).
    #[inline]
    fn is_human_readable(&self) -> bool {
        false
    }

    #[inline]
    fn serialize_bool(self, v: bool) -> Result<W> {
        Ok(self.e.bool(v)?)
    }

    #[inline]
    fn serialize_i8(self, v: i8) -> Result<W> {
        Ok(self.e.i64(v.into())?)
    }

    #[inline]
    fn serialize_i16(self, v: i16) -> Result<W> {
        Ok(self.e.i64(v.into())?)
    }

    #[inline]
    fn serialize_i32(self, v: i32) -> Result<W> {
        Ok(self.e.i64(v.into())?)
    }

    #[inline]
    fn serialize_i64(self, v: i64) -> Result<W> {
        Ok(self.e.i64(v)?)
    }

    /// A `bin` of the 16 big-endian bytes, as rmp-serde writes 128-bit
    /// integers (the derive writes an integer when the value fits 64 bits).
    #[inline]
    fn serialize_i128(self, v: i128) -> Result<W> {
        Ok(self.e.bin(&v.to_be_bytes())?)
    }

    #[inline]
    fn serialize_u8(self, v: u8) -> Result<W> {
        Ok(self.e.u8(v)?)
    }

    #[inline]
    fn serialize_u16(self, v: u16) -> Result<W> {
        Ok(self.e.u64(v.into())?)
    }

    #[inline]
    fn serialize_u32(self, v: u32) -> Result<W> {
        Ok(self.e.u64(v.into())?)
    }

    #[inline]
    fn serialize_u64(self, v: u64) -> Result<W> {
        Ok(self.e.u64(v)?)
    }

    /// A `bin` of the 16 big-endian bytes (see `serialize_i128`).
    #[inline]
    fn serialize_u128(self, v: u128) -> Result<W> {
        Ok(self.e.bin(&v.to_be_bytes())?)
    }

    #[inline]
    fn serialize_f32(self, v: f32) -> Result<W> {
        Ok(self.e.f32(v)?)
    }

    #[inline]
    fn serialize_f64(self, v: f64) -> Result<W> {
        Ok(self.e.f64(v)?)
    }

    #[inline]
    fn serialize_char(self, v: char) -> Result<W> {
        Ok(self.e.str(v.encode_utf8(&mut [0; 4]))?)
    }

    #[inline]
    fn serialize_str(self, v: &str) -> Result<W> {
        Ok(self.e.str(v)?)
    }

    #[inline]
    fn serialize_bytes(self, v: &[u8]) -> Result<W> {
        Ok(self.e.bin(v)?)
    }

    #[inline]
    fn serialize_none(self) -> Result<W> {
        Ok(self.e.nil()?)
    }

    #[inline]
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<W> {
        value.serialize(self)
    }

    #[inline]
    fn serialize_unit(self) -> Result<W> {
        Ok(self.e.nil()?)
    }

    /// An empty array, as rmp-serde writes unit structs.
    #[inline]
    fn serialize_unit_struct(self, _name: &'static str) -> Result<W> {
        Ok(self.e.array_len(0)?)
    }

    /// The variant's name.
    #[inline]
    fn serialize_unit_variant(self, _name: &'static str, _index: u32, variant: &'static str) -> Result<W> {
        Ok(self.e.str(variant)?)
    }

    /// The value itself, except `_ExtStruct((i8, bytes))`, which is an ext item.
    #[inline]
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, name: &'static str, value: &T) -> Result<W> {
        if name == EXT_STRUCT {
            return ext::serialize_ext(&mut self.e, value);
        }
        value.serialize(self)
    }

    /// `{variant: value}`.
    #[inline]
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<W> {
        self.e.map_len(1)?;
        self.e.str(variant)?;
        value.serialize(self)
    }

    /// An array; of unknown length, buffered and written with its count.
    #[inline]
    fn serialize_seq(self, len: Option<usize>) -> core::result::Result<Compound<'a, W>, Self::Error> {
        match len {
            Some(len) => {
                self.e.array_len(len)?;
                Ok(Compound::direct(self, len))
            }
            None => Ok(Compound::buffered(self, false)),
        }
    }

    #[inline]
    fn serialize_tuple(self, len: usize) -> core::result::Result<Fields<'a, W>, Self::Error> {
        self.e.array_len(len)?;
        Ok(Fields::elements(self, len))
    }

    #[inline]
    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        len: usize,
    ) -> core::result::Result<Fields<'a, W>, Self::Error> {
        self.e.array_len(len)?;
        Ok(Fields::elements(self, len))
    }

    /// `{variant: [fields]}`.
    #[inline]
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> core::result::Result<Fields<'a, W>, Self::Error> {
        self.e.map_len(1)?;
        self.e.str(variant)?;
        self.e.array_len(len)?;
        Ok(Fields::elements(self, len))
    }

    /// A map; of unknown length (a struct with flattened fields), buffered
    /// and written with its count.
    #[inline]
    fn serialize_map(self, len: Option<usize>) -> core::result::Result<Compound<'a, W>, Self::Error> {
        match len {
            Some(len) => {
                self.e.map_len(len)?;
                Ok(Compound::direct(self, len))
            }
            None => Ok(Compound::buffered(self, true)),
        }
    }

    /// An array of the field values, or with [`named`](Serializer::named) a
    /// map from field names to values.
    #[inline]
    fn serialize_struct(self, _name: &'static str, len: usize) -> core::result::Result<Fields<'a, W>, Self::Error> {
        let named = self.named;
        if named {
            self.e.map_len(len)?;
        } else {
            self.e.array_len(len)?;
        }
        Ok(Fields::of_struct(self, len, named))
    }

    /// `{variant: struct}`, the struct as `serialize_struct` writes it.
    #[inline]
    fn serialize_struct_variant(
        self,
        name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> core::result::Result<Fields<'a, W>, Self::Error> {
        self.e.map_len(1)?;
        self.e.str(variant)?;
        ser::Serializer::serialize_struct(self, name, len)
    }
}
