//! `#[msgpack(serde)]` without the `serde` feature: bounds no type meets,
//! whose message says what to do.

use crate::decode::{self, Decoder, ErrorKind};
use crate::encode::{self, Encoder, Write};

/// `#[msgpack(serde)]` without the `serde` feature: a bound no type meets,
/// whose message says what to do.
#[diagnostic::on_unimplemented(
    message = "`#[msgpack(serde)]` needs the `serde` feature of msgpack-core",
    label = "this field is encoded through serde",
    note = "enable it: msgpack-core = {{ version = \"...\", features = [\"serde\"] }}"
)]
pub trait SerdeFeatureOff {}

/// See [`SerdeFeatureOff`].
pub fn serde_encode<T: SerdeFeatureOff + ?Sized, W: Write>(
    _: &T,
    _: &mut Encoder<W>,
    _: bool,
) -> Result<(), encode::Error<W::Error>> {
    Err(encode::Error::Unrepresentable("`#[msgpack(serde)]` needs the `serde` feature"))
}

/// See [`SerdeFeatureOff`].
pub fn serde_len<T: SerdeFeatureOff + ?Sized>(_: &T, _: bool) -> usize {
    0
}

/// See [`SerdeFeatureOff`].
pub fn serde_decode<'de, T: SerdeFeatureOff>(d: &mut Decoder<'de>) -> Result<T, decode::Error> {
    Err(d.error(ErrorKind::Custom("`#[msgpack(serde)]` needs the `serde` feature"), d.position()))
}
