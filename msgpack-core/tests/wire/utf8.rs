//! UTF-8 validation of `str` payloads on every length path: ASCII (the
//! word-wise shortcut), short non-ASCII (core's check), and 64 bytes or more
//! of non-ASCII text, which the `simdutf8` feature validates with SIMD. The
//! README's test command (all features) runs this with the feature on, the
//! default-features run with it off: the same strings must be accepted and
//! refused both ways, and exactly those `core::str::from_utf8` accepts.

use msgpack_core::decode::ErrorKind;
use msgpack_core::encode::Encoder;
use msgpack_core::{Decoder, from_slice};
use proptest::prelude::*;

/// `payload` as a `str` item, the header written by the encoder.
fn str_item(payload: &[u8]) -> Vec<u8> {
    let mut e = Encoder::new(Vec::new());
    e.str_header(payload.len()).unwrap();
    let mut out = e.into_writer();
    out.extend_from_slice(payload);
    out
}

/// Decodes `payload` as `&str`, `String` and through `Decoder::str`, checks
/// that all three agree with `core::str::from_utf8`, and that a refusal is
/// `InvalidUtf8` at the item's first byte.
fn agrees(payload: &[u8]) {
    let input = str_item(payload);
    let want = core::str::from_utf8(payload).ok();
    let borrowed = from_slice::<&str>(&input);
    let owned = from_slice::<String>(&input);
    let direct = Decoder::new(&input).str();
    match want {
        Some(s) => {
            assert_eq!(borrowed.as_deref(), Ok(s), "len {}", payload.len());
            assert_eq!(owned.as_deref(), Ok(s));
            assert_eq!(direct, Ok(s));
        }
        None => {
            for e in [borrowed.unwrap_err(), owned.unwrap_err(), direct.unwrap_err()] {
                assert_eq!(e.kind(), &ErrorKind::InvalidUtf8, "len {}: {e}", payload.len());
                assert_eq!(e.offset(), 0);
            }
        }
    }
}

/// Sequences that are not UTF-8 (the hostile corpus' list).
const BAD: [&[u8]; 9] = [
    &[0xc0, 0xaf],                   // overlong '/'
    &[0xe0, 0x80, 0xaf],             // overlong, three bytes
    &[0xed, 0xa0, 0x80],             // surrogate U+D800
    &[0xe2, 0x82],                   // truncated euro sign
    &[b'o', b'k', 0xc3],             // a lead byte without its continuation
    &[0xff],                         // never valid
    &[0x80],                         // lone continuation byte
    &[0xf4, 0x90, 0x80, 0x80],       // above U+10FFFF
    &[0xf8, 0x88, 0x80, 0x80, 0x80], // five-byte form
];

#[test]
fn long_and_short_text_with_bad_sequences_at_every_place() {
    // Around the SIMD threshold (64), a SIMD block (32 / 64 bytes) and a
    // header change (256).
    for len in [0usize, 1, 31, 32, 62, 63, 64, 65, 95, 96, 127, 128, 129, 255, 256, 1000, 70_000] {
        for text in ["abcdefgh", "aé名前ゆ€😀", "😀"] {
            let mut good: String = text.chars().cycle().take(len).collect();
            while good.len() > len {
                good.pop();
            }
            agrees(good.as_bytes());
            for bad in BAD {
                for at in [0, good.len() / 2, good.len()] {
                    // At a character boundary, so that only `bad` is wrong.
                    let at = (at..=good.len()).find(|&i| good.is_char_boundary(i)).unwrap_or(good.len());
                    let mut payload = good.clone().into_bytes();
                    payload.splice(at..at, bad.iter().copied());
                    agrees(&payload);
                }
            }
            // Truncated: the last character cut short.
            if good.chars().last().is_some_and(|c| c.len_utf8() > 1) {
                agrees(&good.as_bytes()[..good.len() - 1]);
            }
        }
    }
}

proptest! {
    /// Arbitrary bytes, mostly valid text with some bytes flipped: every
    /// verdict is core's.
    #[test]
    fn arbitrary_payloads_agree_with_core(
        text in "\\PC{0,200}",
        flips in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..3),
    ) {
        let mut payload = text.into_bytes();
        for (at, byte) in flips {
            if !payload.is_empty() {
                let i = at.index(payload.len());
                payload[i] = byte;
            }
        }
        agrees(&payload);
    }
}
