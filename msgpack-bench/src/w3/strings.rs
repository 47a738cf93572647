//! W3 strings: one string per case, 8 B, 1 KB and 64 KB of ASCII and 1 KB of
//! multi-byte UTF-8, owned (`String`) and borrowed (`&str`) (recipe in the
//! parent module).

use std::convert::Infallible;
use std::rc::Rc;

use msgpacker::UnpackableBorrowed as _;

use crate::harness::{Case, Group, names};
use crate::rows;

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
    // The `&str` rows' reused-buffer encodes write the same string.
    let shared = Rc::new(text.clone());
    let (ours, zero) = (Rc::clone(&shared), Rc::clone(&shared));

    Case::new("W3", name, canonical)
        .row(rows::ours::<String>(format!("{} (String)", names::DERIVE), text.clone()))
        .row(
            rows::borrowed_slice(
                format!("{} (&str)", names::DERIVE_BORROWED),
                Group::Ours,
                text.clone(),
                msgpack_core::to_vec,
                |b| msgpack_core::from_slice::<&str>(b),
            )
            .encode_slice(move |buf| msgpack_core::to_slice(ours.as_str(), buf)),
        )
        .row(rows::serde_path::<String>(format!("{} (String)", names::SERDE_PATH), text.clone()))
        .row(rows::serde_path_extras(
            rows::borrowed_slice(
                format!("{} (&str)", names::SERDE_PATH),
                Group::Ours,
                text.clone(),
                msgpack_core::serde::to_vec,
                |b| msgpack_core::serde::from_slice::<&str>(b),
            ),
            Rc::clone(&shared),
            false,
        ))
        .row(rows::serde_compact::<String>(format!("{} (String)", names::RMP_SERDE_COMPACT), text.clone()))
        .row(rows::serde_reuse(
            rows::borrowed_slice(
                format!("{} (&str)", names::RMP_SERDE_COMPACT),
                Group::Other,
                text.clone(),
                rmp_serde::to_vec,
                |b| rmp_serde::from_slice::<&str>(b),
            ),
            Rc::clone(&shared),
            false,
        ))
        .row(rows::rmpv(rmpv::Value::from(text.as_str())))
        .row(rows::zerompk::<String>(format!("{} (String)", names::ZEROMPK), text.clone()))
        .row(
            rows::borrowed_slice(
                format!("{} (&str)", names::ZEROMPK),
                Group::Other,
                text.clone(),
                |s: &str| zerompk::to_msgpack_vec(&s),
                |b| zerompk::from_msgpack::<&str>(b),
            )
            .encode_slice(move |buf| zerompk::to_msgpack(&zero.as_str(), buf)),
        )
        .row(rows::msgpacker::<String>(format!("{} (String)", names::MSGPACKER), text.clone()))
        .row(rows::msgpacker_reuse(
            rows::borrowed_slice(
                format!("{} (&str)", names::MSGPACKER),
                Group::Other,
                text,
                |s: &str| Ok::<_, Infallible>(msgpacker::pack_to_vec(&s)),
                |b| <&str>::unpack(b),
            ),
            shared,
        ))
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
