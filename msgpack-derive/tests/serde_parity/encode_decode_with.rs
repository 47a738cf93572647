//! `encode_with` / `decode_with`: the two halves of `with`.

use super::*;

mod hex_fns {
    use msgpack_core::{Decoder, Encoder, decode, encode};
    pub(crate) fn write<W: encode::Write>(v: &u32, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        e.str(&format!("{v:x}"))
    }
    pub(crate) fn read(d: &mut Decoder<'_>) -> Result<u32, decode::Error> {
        let at = d.position();
        u32::from_str_radix(d.str()?, 16).map_err(|_| decode::Error::custom("not hex", at))
    }
    /// Bytes as a hex string (any length: str headers of every width).
    pub(crate) fn write_bytes<W: encode::Write>(v: &[u8], e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        e.str(&v.iter().map(|b| format!("{b:02x}")).collect::<String>())
    }
}

/// A `u8` read from an integer or from a decimal string.
fn lenient_u8(d: &mut msgpack_core::Decoder<'_>) -> Result<u8, msgpack_core::decode::Error> {
    let at = d.position();
    match d.peek()? {
        msgpack_core::marker::Marker::Str => {
            d.str()?.parse().map_err(|_| msgpack_core::decode::Error::custom("not a number", at))
        }
        _ => d.u8(),
    }
}

/// Leading and trailing spaces dropped, still borrowed.
fn trimmed<'de>(d: &mut msgpack_core::Decoder<'de>) -> Result<&'de str, msgpack_core::decode::Error> {
    Ok(d.str()?.trim())
}

#[derive(MsgPack, PartialEq, Debug)]
struct Pixel<'a> {
    #[msgpack(encode_with = "hex_fns::write", decode_with = "hex_fns::read")]
    rgb: u32,
    #[msgpack(decode_with = "lenient_u8")]
    alpha: u8,
    #[msgpack(decode_with = "trimmed")]
    name: &'a str,
}

/// The two halves of `with`: each alone, or both; `encoded_len` of an
/// `encode_with` field is exact (what the function writes, counted).
#[test]
fn encode_with_and_decode_with() {
    let bytes = rt_borrowed!(Pixel { rgb: 0xff8800, alpha: 7, name: "p" });
    assert_eq!(bytes, b"\x83\xa3rgb\xa6ff8800\xa5alpha\x07\xa4name\xa1p");
    let lenient = b"\x83\xa3rgb\xa11\xa5alpha\xa3200\xa4name\xa3 q ";
    assert_eq!(msgpack_core::from_slice::<Pixel>(lenient).unwrap(), Pixel { rgb: 1, alpha: 200, name: "q" });
    let e = msgpack_core::from_slice::<Pixel>(b"\x81\xa3rgb\xa1z").unwrap_err();
    assert_eq!(e.to_string(), "not hex at $.rgb (byte 5)");
    let e = msgpack_core::from_slice::<Pixel>(b"\x81\xa5alpha\xa1z").unwrap_err();
    assert_eq!(e.to_string(), "not a number at $.alpha (byte 7)");
}

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(array)]
struct Blob {
    #[msgpack(encode_with = "hex_fns::write_bytes")]
    data: Vec<u8>,
}

#[test]
fn encode_with_length_at_header_boundaries() {
    // 15 and 16 bytes: 30 and 32 hex digits (fixstr / str 8); 128: 256 digits (str 16).
    for n in [0usize, 15, 16, 127, 128, 40000] {
        let b = Blob { data: vec![0xab; n] };
        let bytes = msgpack_core::to_vec(&b).unwrap();
        assert_eq!(b.encoded_len(), bytes.len(), "{n} bytes");
        assert_eq!(bytes.len(), 1 + msgpack_core::encode::str_size(2 * n));
    }
}

/// Bounds are inferred only for the side that uses the trait.
struct NotMsgPack;

fn write_count<T, W: msgpack_core::encode::Write>(
    v: &[T],
    e: &mut msgpack_core::Encoder<W>,
) -> Result<(), msgpack_core::encode::Error<W::Error>> {
    e.u64(v.len() as u64)
}

#[derive(MsgPack)]
struct Counted<T> {
    #[msgpack(encode_with = "write_count")]
    items: Vec<T>,
}

#[test]
fn encode_with_needs_no_encode_bound() {
    let c = Counted { items: vec![NotMsgPack, NotMsgPack] };
    assert_eq!(msgpack_core::to_vec(&c).unwrap(), b"\x81\xa5items\x02");
    assert_eq!(c.encoded_len(), 8);
}

#[test]
fn encode_with_and_decode_with_in_the_schema() {
    use msgpack_core::schema::{check, shape_of};
    #[derive(MsgPack)]
    struct Plain<'a> {
        rgb: u32,
        alpha: u8,
        name: &'a str,
    }
    assert!(check(shape_of::<Pixel>(), shape_of::<Pixel>()).is_ok());
    assert!(check(shape_of::<Pixel>(), shape_of::<Plain>()).is_err());
    assert!(check(shape_of::<Plain>(), shape_of::<Pixel>()).is_err());
    let text = shape_of::<Pixel>().to_string();
    assert!(
        text.contains("u32 with(encode_with(serde_parity::encode_decode_with::hex_fns::write) decode_with(serde_parity::encode_decode_with::hex_fns::read))"),
        "{text}"
    );
}
