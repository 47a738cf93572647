//! The decoder's ASCII shortcut (`src/mem/ascii.rs`, an `unsafe`
//! block): ASCII `str` payloads of every header form become `&str` without
//! UTF-8 validation, others are validated. Small on purpose: Miri runs it
//! (`cargo +nightly miri test -p msgpack-core --test wire wire::ascii_str::`).

use msgpack_core::{Decoder, from_slice};

/// `s` encoded as a `str` with the header `form` (0: fixstr, 8, 16, 32).
fn encoded(s: &[u8], form: u8) -> Vec<u8> {
    let mut out = match form {
        0 => vec![0xa0 | s.len() as u8],
        8 => vec![0xd9, s.len() as u8],
        16 => [&[0xda][..], &(s.len() as u16).to_be_bytes()].concat(),
        _ => [&[0xdb][..], &(s.len() as u32).to_be_bytes()].concat(),
    };
    out.extend_from_slice(s);
    out
}

#[test]
fn ascii_and_other_strings_of_every_form_and_length() {
    for len in [0usize, 1, 7, 8, 9, 15, 16, 17, 31] {
        let ascii: Vec<u8> = (0..len).map(|i| b'a' + (i % 26) as u8).collect();
        let mut utf8 = ascii.clone();
        if len >= 2 {
            utf8.splice(len - 2.., "é".bytes());
        }
        let mut invalid = ascii.clone();
        if len >= 1 {
            invalid[len - 1] = 0xff;
        }
        for form in [0, 8, 16, 32] {
            let input = encoded(&ascii, form);
            let s: &str = from_slice(&input).unwrap();
            assert_eq!(s.as_bytes(), &ascii[..]);
            assert_eq!(s.as_ptr(), input[input.len() - len..].as_ptr(), "borrowed");
            assert_eq!(from_slice::<String>(&input).unwrap().as_bytes(), &ascii[..]);
            let mut d = Decoder::new(&input);
            assert_eq!(d.str().unwrap().as_bytes(), &ascii[..]);
            assert!(d.is_empty());

            let input = encoded(&utf8, form);
            assert_eq!(from_slice::<&str>(&input).unwrap().as_bytes(), &utf8[..]);

            let input = encoded(&invalid, form);
            assert_eq!(from_slice::<&str>(&input).is_ok(), len == 0);
        }
    }
}

#[test]
fn a_truncated_ascii_string_is_an_error() {
    for form in [0, 8, 16, 32] {
        let input = encoded(b"abcdef", form);
        assert!(from_slice::<&str>(&input[..input.len() - 1]).is_err());
    }
}
