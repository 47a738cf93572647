//! `#[msgpack(serde)]` fields: written and read through the type's
//! `Serialize` / `Deserialize` impls and [`crate::serde`], structs as maps
//! (`named`, inside a map-form container) or as arrays.

use super::encode::LenCounter;
use crate::decode::{self, Decoder};
use crate::encode::{self, Encoder, Write};
use crate::serde::{Deserializer, Error as SerdeError, Serializer};
use ::serde::{Deserialize, Serialize};

/// A sink whose error serde can show (`Debug` + `Display`, which a
/// sink's own error need not be): the sink's error is kept aside and
/// handed back after serializing.
struct Capture<'a, W: Write> {
    w: &'a mut W,
    err: Option<W::Error>,
}

#[derive(Debug)]
struct SinkFailed;

impl core::fmt::Display for SinkFailed {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("the sink failed")
    }
}

impl<W: Write> Write for Capture<'_, W> {
    type Error = SinkFailed;
    #[inline]
    fn write_all(&mut self, buf: &[u8]) -> Result<(), SinkFailed> {
        self.w.write_all(buf).map_err(|e| {
            self.err = Some(e);
            SinkFailed
        })
    }
    #[inline]
    fn reserve(&mut self, additional: usize) {
        self.w.reserve(additional);
    }
}

fn encode_error<E>(e: SerdeError<SinkFailed>, captured: Option<E>) -> encode::Error<E> {
    match e {
        SerdeError::Encode(encode::Error::Write(SinkFailed)) => match captured {
            Some(e) => encode::Error::Write(e),
            None => encode::Error::Custom("the sink failed"),
        },
        SerdeError::Encode(encode::Error::Unrepresentable(m)) => encode::Error::Unrepresentable(m),
        SerdeError::Encode(encode::Error::Custom(m)) => encode::Error::Custom(m),
        SerdeError::InvalidDataModel(m) => encode::Error::Unrepresentable(m),
        SerdeError::Custom(_) => {
            encode::Error::Custom("a `#[msgpack(serde)]` field's `Serialize` impl failed (serde::ser::Error::custom)")
        }
    }
}

/// Writes `v` with its `Serialize` impl.
#[inline]
pub fn serde_encode<T: Serialize + ?Sized, W: Write>(
    v: &T,
    e: &mut Encoder<W>,
    named: bool,
) -> Result<(), encode::Error<W::Error>> {
    let mut sink = Capture { w: e.writer_mut(), err: None };
    let r = v.serialize(&mut Serializer::from_encoder(Encoder::new(&mut sink), named));
    r.map_err(|err| encode_error(err, sink.err.take()))
}

/// The exact length [`serde_encode`] writes (serialized once into a
/// counter).
#[inline]
pub fn serde_len<T: Serialize + ?Sized>(v: &T, named: bool) -> usize {
    let mut s = Serializer::from_encoder(Encoder::new(LenCounter(0)), named);
    let _ = v.serialize(&mut s);
    s.into_inner().0
}

/// Reads a `T` with its `Deserialize` impl, at the decoder's position.
#[inline]
pub fn serde_decode<'de, T: Deserialize<'de>>(d: &mut Decoder<'de>) -> Result<T, decode::Error> {
    let mut de = Deserializer::from_decoder(d.clone());
    let v = de.decode::<T>()?;
    *d = de.into_decoder();
    Ok(v)
}
