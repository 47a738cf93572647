//! W3 strings: one string per case, 8 B, 1 KB and 64 KB of ASCII and 1 KB of
//! multi-byte UTF-8, owned (`String`) and borrowed (`&str`) (recipe in the
//! parent module).

use std::convert::Infallible;
use std::hint::black_box;

use msgpacker::{Unpackable as _, UnpackableBorrowed as _};

use super::{err, rmpv_row};
use crate::harness::{Case, Group, Row, expect_eq, names};

/// `len` bytes of printable ASCII: byte `j` is `0x20 + (31j + 7) mod 95`.
pub(super) fn ascii(len: usize) -> String {
    (0..len).map(|j| char::from(0x20 + ((31 * j + 7) % 95) as u8)).collect()
}

/// 1024 bytes (384 characters) of 2-, 3- and 4-byte UTF-8: 64 units of 16 bytes.
pub(super) fn utf8_1k() -> String {
    let mut s = String::with_capacity(1024);
    for k in 0..64u32 {
        let units = [
            0x4E00 + (2 * k) * 37,     // CJK ideograph, 3 bytes
            0x4E00 + (2 * k + 1) * 37, // CJK ideograph, 3 bytes
            0x00C0 + k,                // Latin-1 letter, 2 bytes
            0x03B1 + k % 25,           // Greek, 2 bytes
            0x1F600 + k % 80,          // emoticon, 4 bytes
            0x0410 + k % 32,           // Cyrillic, 2 bytes
        ];
        s.extend(units.map(|u| char::from_u32(u).expect("every unit is a scalar value")));
    }
    s
}

fn text_case(name: &str, text: String) -> Case {
    let canonical = msgpack_core::to_vec(&text).expect("a string always encodes");

    let ours = {
        let (src, want) = (text.clone(), text.clone());
        Row::new(format!("{} (String)", names::DERIVE), Group::Ours)
            .encode(move || msgpack_core::to_vec(&src))
            .decode(|b| msgpack_core::from_slice::<String>(b))
            .check(move |b| expect_eq(&msgpack_core::from_slice::<String>(b).map_err(err)?, &want))
    };
    let ours_borrowed = {
        let (src, want) = (text.clone(), text.clone());
        Row::new(format!("{} (&str)", names::DERIVE_BORROWED), Group::Ours)
            .encode(move || msgpack_core::to_vec(src.as_str()))
            .decode_with(|b| {
                let s: &str = msgpack_core::from_slice(b).map_err(err)?;
                black_box(s);
                Ok(())
            })
            .check(move |b| expect_eq(&msgpack_core::from_slice::<&str>(b).map_err(err)?, &want.as_str()))
    };
    let rmp_serde = {
        let (src, want) = (text.clone(), text.clone());
        Row::new(format!("{} (String)", names::RMP_SERDE_COMPACT), Group::Other)
            .encode(move || rmp_serde::to_vec(&src))
            .decode(|b| rmp_serde::from_slice::<String>(b))
            .check(move |b| expect_eq(&rmp_serde::from_slice::<String>(b).map_err(err)?, &want))
    };
    let rmp_serde_borrowed = {
        let (src, want) = (text.clone(), text.clone());
        Row::new(format!("{} (&str)", names::RMP_SERDE_COMPACT), Group::Other)
            .encode(move || rmp_serde::to_vec(src.as_str()))
            .decode_with(|b| {
                let s: &str = rmp_serde::from_slice(b).map_err(err)?;
                black_box(s);
                Ok(())
            })
            .check(move |b| expect_eq(&rmp_serde::from_slice::<&str>(b).map_err(err)?, &want.as_str()))
    };
    let rmpv_row = rmpv_row(rmpv::Value::from(text.as_str()));
    let zerompk_row = {
        let (src, want) = (text.clone(), text.clone());
        Row::new(format!("{} (String)", names::ZEROMPK), Group::Other)
            .encode(move || zerompk::to_msgpack_vec(&src))
            .decode(|b| zerompk::from_msgpack::<String>(b))
            .check(move |b| expect_eq(&zerompk::from_msgpack::<String>(b).map_err(err)?, &want))
    };
    let zerompk_borrowed = {
        let (src, want) = (text.clone(), text.clone());
        Row::new(format!("{} (&str)", names::ZEROMPK), Group::Other)
            .encode(move || zerompk::to_msgpack_vec(&src.as_str()))
            .decode_with(|b| {
                let s: &str = zerompk::from_msgpack(b).map_err(err)?;
                black_box(s);
                Ok(())
            })
            .check(move |b| expect_eq(&zerompk::from_msgpack::<&str>(b).map_err(err)?, &want.as_str()))
    };
    let msgpacker_row = {
        let (src, want) = (text.clone(), text.clone());
        Row::new(format!("{} (String)", names::MSGPACKER), Group::Other)
            .encode(move || Ok::<_, Infallible>(msgpacker::pack_to_vec(&src)))
            .decode(String::unpack)
            .check(move |b| expect_eq(&String::unpack(b).map_err(err)?, &want))
    };
    let msgpacker_borrowed = {
        let (src, want) = (text.clone(), text);
        Row::new(format!("{} (&str)", names::MSGPACKER), Group::Other)
            .encode(move || Ok::<_, Infallible>(msgpacker::pack_to_vec(&src.as_str())))
            .decode_with(|b| {
                let s = <&str>::unpack(b).map_err(err)?;
                black_box(s);
                Ok(())
            })
            .check(move |b| expect_eq(&<&str>::unpack(b).map_err(err)?, &want.as_str()))
    };

    Case::new("W3", name, canonical)
        .row(ours)
        .row(ours_borrowed)
        .row(rmp_serde)
        .row(rmp_serde_borrowed)
        .row(rmpv_row)
        .row(zerompk_row)
        .row(zerompk_borrowed)
        .row(msgpacker_row)
        .row(msgpacker_borrowed)
        .with_limits()
}

/// The four string cases.
pub(super) fn cases() -> Vec<Case> {
    vec![
        text_case("str 8 B", ascii(8)),
        text_case("str 1 KB", ascii(1024)),
        text_case("str 64 KB", ascii(64 * 1024)),
        text_case("str 1 KB utf-8", utf8_1k()),
    ]
}
