//! `as_array`: a byte buffer written as an array of integers (serde's
//! form without `serde_bytes`); read back from that array or from a `bin`.

use super::*;

#[derive(MsgPack, PartialEq, Debug)]
struct Frame {
    #[msgpack(as_array)]
    payload: Vec<u8>,
    #[msgpack(as_array)]
    digest: [u8; 4],
    raw: Vec<u8>,
}

#[test]
fn written_as_an_array_of_integers() {
    let f = Frame { payload: vec![1, 200], digest: [0, 127, 128, 255], raw: vec![9] };
    let bytes = rt(&f);
    assert_eq!(bytes, b"\x83\xa7payload\x92\x01\xcc\xc8\xa6digest\x94\x00\x7f\xcc\x80\xcc\xff\xa3raw\xc4\x01\x09");
    // Long buffers: a 16-bit array header, exact length.
    let long = Frame { payload: (0..=255).collect(), digest: [0; 4], raw: Vec::new() };
    let bytes = rt(&long);
    assert_eq!(bytes.len(), long.encoded_len());
    // The decode side reads either form.
    let as_bin = b"\x83\xa7payload\xc4\x02\x01\xc8\xa6digest\xc4\x04\x00\x7f\x80\xff\xa3raw\xc4\x01\x09";
    assert_eq!(msgpack_core::from_slice::<Frame>(as_bin).unwrap(), f);
    // An element out of the byte range is an error at its index.
    assert_eq!(
        err::<Frame>(b"\x83\xa7payload\x91\xcd\x01\x00\xa6digest\x94\x00\x00\x00\x00\xa3raw\xc4\x00"),
        "expected u8, found int 256 (out of range) at $.payload[0] (byte 10)"
    );
}

#[test]
fn in_the_schema_it_is_an_array_of_bytes() {
    use msgpack_core::schema::{check, shape_of};
    #[derive(MsgPack)]
    struct Reader {
        payload: Vec<u8>,
        digest: Vec<u8>,
        raw: Vec<u8>,
    }
    // A plain byte buffer reads the arrays; the bytes-as-array writer is
    // not a `bin` writer.
    assert!(check(shape_of::<Reader>(), shape_of::<Frame>()).is_ok());
    let bytes = msgpack_core::to_vec(&Frame { payload: vec![255], digest: [1; 4], raw: vec![] }).unwrap();
    let r: Reader = msgpack_core::from_slice(&bytes).unwrap();
    assert_eq!((r.payload, r.digest), (vec![255], vec![1; 4]));
    #[derive(MsgPack)]
    struct Borrowing<'a> {
        payload: &'a [u8],
        digest: Vec<u8>,
        raw: Vec<u8>,
    }
    assert!(check(shape_of::<Borrowing>(), shape_of::<Frame>()).is_err(), "a borrowed &[u8] reads only bin");
}
