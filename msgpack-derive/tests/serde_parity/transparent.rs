//! `transparent`: a struct encoded as its one encoded field.

use super::*;

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(transparent)]
struct UserId {
    id: u64,
}

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(transparent)]
struct Label<'a> {
    #[msgpack(skip)]
    cached: Option<usize>,
    text: &'a str,
}

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(transparent)]
struct Tagged<T>(#[msgpack(skip)] std::marker::PhantomData<u8>, Vec<T>);

mod hex {
    use msgpack_core::{Decoder, Encoder, decode, encode};
    pub(crate) fn encode<W: encode::Write>(v: &u32, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        e.str(&format!("{v:x}"))
    }
    pub(crate) fn encoded_len(v: &u32) -> usize {
        encode::str_size(format!("{v:x}").len())
    }
    pub(crate) fn decode(d: &mut Decoder<'_>) -> Result<u32, decode::Error> {
        let at = d.position();
        u32::from_str_radix(d.str()?, 16).map_err(|_| decode::Error::custom("not hex", at))
    }
}

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(transparent)]
struct Color {
    #[msgpack(with = "hex")]
    rgb: u32,
}

#[derive(MsgPack, PartialEq, Debug)]
struct Profile<'a> {
    user: UserId,
    label: Label<'a>,
    color: Color,
}

/// Written and read as the field alone, like a newtype; skipped fields
/// take their defaults; `with` applies to the field.
#[test]
fn transparent_is_the_field_alone() {
    assert_eq!(rt(&UserId { id: 300 }), msgpack_core::to_vec(&300u64).unwrap());
    assert_eq!(rt_borrowed!(Label { cached: None, text: "hi" }), b"\xa2hi");
    assert_eq!(rt(&Tagged(std::marker::PhantomData, vec![1u8, 2])), b"\xc4\x02\x01\x02");
    assert_eq!(rt(&Tagged(std::marker::PhantomData, vec!["a".to_owned()])), b"\x91\xa1a");
    assert_eq!(rt(&Color { rgb: 0xff8800 }), b"\xa6ff8800");
    let p = Profile { user: UserId { id: 1 }, label: Label { cached: None, text: "x" }, color: Color { rgb: 1 } };
    let bytes = rt_borrowed!(Profile {
        user: UserId { id: 1 },
        label: Label { cached: None, text: "x" },
        color: Color { rgb: 1 }
    });
    assert_eq!(bytes, b"\x83\xa4user\x01\xa5label\xa1x\xa5color\xa11");
    assert_eq!(msgpack_core::from_slice::<Profile>(&bytes).unwrap(), p);
    // Errors: the path is the enclosing field's, as for a newtype.
    let e = msgpack_core::from_slice::<Profile>(b"\x81\xa4user\xa1x").unwrap_err();
    assert_eq!(e.to_string(), r#"expected u64, found str "x" at $.user (byte 6)"#);
    assert_eq!(err::<Color>(b"\xa1z"), "not hex at $ (byte 0)");
}

#[test]
fn transparent_in_the_schema() {
    use msgpack_core::schema::{check, fingerprint_of, shape_of};
    assert_eq!(fingerprint_of::<UserId>(), fingerprint_of::<u64>());
    assert!(check(shape_of::<UserId>(), shape_of::<u32>()).is_ok());
    assert!(check(shape_of::<u64>(), shape_of::<UserId>()).is_ok());
    assert!(check(shape_of::<Tagged<u8>>(), shape_of::<Vec<u8>>()).is_ok());
    assert!(check(shape_of::<UserId>(), shape_of::<String>()).is_err());
    assert_eq!(shape_of::<UserId>().to_string(), "UserId = u64");
}
