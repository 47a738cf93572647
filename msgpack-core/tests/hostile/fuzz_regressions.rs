//! Inputs kept from the cargo-fuzz runs of `msgpack-core/fuzz`: the smallest
//! ones that reached each error kind of `Value` and of the fuzzed derived
//! types, nesting at the depth limit, NaN payloads and non-canonical forms.
//!
//! Every input goes through the very checks the fuzz targets run
//! (`fuzz/src/lib.rs`, included below: `Value`, `ValueRef` and `skip` agree,
//! error offsets lie in the input, whatever decodes re-encodes in
//! `encoded_len` bytes to an equal value, a short slice sink errors, derived
//! values round-trip, a depth-8 failure is a depth error), here on stable,
//! and then the outcome itself is asserted.
//!
//! No fuzzing run has found a crash so far; a crash input would be added
//! here with the outcome it should have.

#[path = "../../fuzz/src/lib.rs"]
#[allow(unreachable_pub, reason = "the public API of the fuzz crate, included here as a private module")]
mod fuzz_checks;

use fuzz_checks::{BorrowedTagged, DERIVED_TYPES, Message, Tree};
use msgpack_core::decode::{Error, ErrorKind, Found};
use msgpack_core::{DecodeOptions, Decoder, from_slice_with};

fn bytes(hex: &str) -> Vec<u8> {
    assert!(hex.len().is_multiple_of(2), "odd hex {hex}");
    (0..hex.len()).step_by(2).map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap()).collect()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// What the three fuzz targets make of one input.
struct Outcome {
    value: Result<(), Error>,
    reencoded: Option<Vec<u8>>,
    derived: [Result<(), Error>; DERIVED_TYPES.len()],
    /// Where the first message ends (`decode::message_len`, which the
    /// check compared with a resumed `Framer` and with `skip`).
    framing: Result<Option<usize>, Error>,
}

impl Outcome {
    fn derived(&self, ty: &str) -> &Result<(), Error> {
        let i = DERIVED_TYPES.iter().position(|t| *t == ty).unwrap_or_else(|| panic!("no derived type {ty}"));
        &self.derived[i]
    }
}

/// Runs every fuzz target's checks on `input` (they panic on a violated property).
fn run(input: &[u8]) -> Outcome {
    Outcome {
        value: fuzz_checks::decode_value(input),
        reencoded: fuzz_checks::roundtrip_value(input),
        derived: fuzz_checks::decode_derived(input),
        framing: fuzz_checks::framing(input),
    }
}

fn assert_err(r: &Result<(), Error>, kind: &ErrorKind, offset: usize, what: &str) {
    match r {
        Ok(()) => panic!("{what}: decoded, expected {kind:?} at {offset}"),
        Err(e) => {
            assert_eq!((e.kind(), e.offset()), (kind, offset), "{what}: {e}");
        }
    }
}

#[test]
fn value_errors() {
    let cases: &[(&str, ErrorKind, usize)] = &[
        ("c1", ErrorKind::ReservedMarker, 0),
        // map of 4 entries with nothing after its header: 8 bytes needed at least.
        ("84", ErrorKind::UnexpectedEof { needed: 8, available: 0 }, 1),
        // fixstr "\xa1" (a lone continuation byte), then the input ends.
        ("92a1a1", ErrorKind::InvalidUtf8, 1),
        ("0041", ErrorKind::TrailingBytes { count: 1 }, 1),
        ("916add", ErrorKind::TrailingBytes { count: 1 }, 2),
    ];
    for (input, kind, offset) in cases {
        let o = run(&bytes(input));
        assert_err(&o.value, kind, *offset, input);
        assert!(o.reencoded.is_none());
    }
}

/// Well-formed but invalid: `skip` passes it, decoding rejects it.
#[test]
fn skip_accepts_what_decoding_rejects() {
    let input = bytes("91a1ff"); // [str "\xff"]
    assert!(Decoder::new(&input).skip().is_ok());
    assert_err(&run(&input).value, &ErrorKind::InvalidUtf8, 1, "91a1ff");
}

#[test]
fn value_reencodings() {
    let cases: &[(&str, &str)] = &[
        // NaNs keep their bits: quiet f32, signalling f32, f64 with a payload.
        ("ca7fc00000", "ca7fc00000"),
        ("ca7f800001", "ca7f800001"),
        ("cb7ff8000000000001", "cb7ff8000000000001"),
        ("92ca7fc00000cbfff0000000000001", "92ca7fc00000cbfff0000000000001"),
        // Non-canonical forms come back in the smallest form.
        ("cc00", "00"),
        ("d000", "00"),
        ("cf0000000000000080", "cc80"),
        ("d3ffffffffffffffff", "ff"),
        ("d90161", "a161"),
        ("c50001ff", "c401ff"),
        ("dc000100", "9100"),
        ("de0000", "80"),
        ("df00000001c0c0", "81c0c0"),
        ("c70105aa", "d405aa"),
        // ext -1 that is no valid timestamp stays an opaque ext in a Value.
        ("c703ff010203", "c703ff010203"),
        // Duplicate keys are kept, in wire order.
        ("82a16101a16102", "82a16101a16102"),
    ];
    for (input, expected) in cases {
        let o = run(&bytes(input));
        assert!(o.value.is_ok(), "{input}: {:?}", o.value);
        assert_eq!(hex(&o.reencoded.unwrap()), *expected, "{input}");
    }
}

#[test]
fn value_depth_limit() {
    // Nine arrays: fine by default, one too many for max_depth(8). `run`
    // checks that the depth-8 failure is a depth error.
    let nine = bytes("91919191919191919100");
    let o = run(&nine);
    assert!(o.value.is_ok());
    assert_eq!(o.reencoded.as_deref(), Some(&nine[..]));
    let e = from_slice_with::<msgpack_core::Value>(&nine, &DecodeOptions::new().max_depth(8)).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (&ErrorKind::DepthLimitExceeded { limit: 8 }, 8));
    assert!(from_slice_with::<msgpack_core::Value>(&nine[1..], &DecodeOptions::new().max_depth(8)).is_ok());
}

/// `{"Boxed": ... {"Boxed": {"Leaf": 0}}}` with `n` boxes: `n + 1` maps.
fn boxed_tree(n: usize) -> Vec<u8> {
    let mut v = Vec::new();
    for _ in 0..n {
        v.extend(b"\x81\xa5Boxed");
    }
    v.extend(b"\x81\xa4Leaf\x00");
    v
}

#[test]
fn derived_depth_limit() {
    let opts = DecodeOptions::new().max_depth(8);
    let ok = boxed_tree(7);
    assert!(run(&ok).derived("Tree").is_ok());
    assert!(from_slice_with::<Tree>(&ok, &opts).is_ok());
    let deep = boxed_tree(8);
    assert!(run(&deep).derived("Tree").is_ok());
    let e = from_slice_with::<Tree>(&deep, &opts).unwrap_err();
    // The ninth map, after eight 7-byte `{"Boxed":` prefixes.
    assert_eq!((e.kind(), e.offset()), (&ErrorKind::DepthLimitExceeded { limit: 8 }, 8 * 7));

    // Recursion through Box inside an externally tagged enum, through
    // Option<Box> inside an internally tagged one.
    // n maps.
    let nested = |n: usize| {
        let mut v = b"\x81\xa6Nested".repeat(n - 1);
        v.extend(b"\x81\xa4Data\xc4\x00");
        v
    };
    assert!(from_slice_with::<Message>(&nested(8), &opts).is_ok());
    assert!(run(&nested(9)).derived("Message").is_ok());
    let e = from_slice_with::<Message>(&nested(9), &opts).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (&ErrorKind::DepthLimitExceeded { limit: 8 }, 8 * 8));

    let blob = |n: usize| {
        let mut v = b"\x83\xa4kind\xa4Blob\xa1b\xc4\x00\xa5inner".repeat(n - 1);
        v.extend(b"\x82\xa4kind\xa4Text\xa1s\xa0");
        v
    };
    assert!(from_slice_with::<BorrowedTagged<'_>>(&blob(8), &opts).is_ok());
    assert!(run(&blob(9)).derived("BorrowedTagged").is_ok());
    let e = from_slice_with::<BorrowedTagged<'_>>(&blob(9), &opts).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (&ErrorKind::DepthLimitExceeded { limit: 8 }, 8 * 21));
}

#[test]
fn derived_decodes() {
    let cases: &[(&str, &[&str])] = &[
        ("c0", &["Unit"]),
        ("90", &["Vec<Tree>", "Unit"]),
        ("9101", &["List", "Strict"]),
        // Array form of a map-form struct; the missing Option is None.
        ("9206ff", &["Compact", "Strict"]),
        ("a450696e67", &["Message"]),
        ("81a474797065a5656d707479", &["Shape"]),
        ("81a44c656166fb", &["Tree"]),
        ("83a46b696e64a4426c6f62a162c40178a5696e6e6572c0", &["BorrowedTagged"]),
    ];
    for (input, types) in cases {
        let o = run(&bytes(input));
        for (ty, r) in DERIVED_TYPES.iter().zip(&o.derived) {
            assert_eq!(r.is_ok(), types.contains(ty), "{input} as {ty}: {r:?}");
        }
    }
}

#[test]
fn derived_errors() {
    let str = |s: &str| Found::Str(msgpack_core::decode::Text::new(s));
    let unknown = |enum_name, s: &str| ErrorKind::UnknownVariant { enum_name, found: str(s) };
    let cases: Vec<(&str, &str, ErrorKind, usize)> = vec![
        ("86a36f7074a16f3b017830a36f7074a100000000", "Borrowed", ErrorKind::DuplicateField("opt"), 11),
        ("81a46b696e64a13f", "BorrowedTagged", unknown("BorrowedTagged", "?"), 6),
        ("83010001c8a174", "Compact", ErrorKind::DuplicateField("1"), 3),
        ("92f8d6", "Compact", ErrorKind::OutOfRange { expected: "u64", found: Found::NegInt(-8) }, 1),
        ("92f8d6", "List", ErrorKind::OutOfRange { expected: "u8", found: Found::NegInt(-8) }, 1),
        ("81a44d6f766582a1792ea179005c", "Message", ErrorKind::DuplicateField("y"), 10),
        ("81a44d6f76658080", "Message", ErrorKind::MissingField("x"), 6),
        ("81a45061697292ff5570", "Message", ErrorKind::OutOfRange { expected: "u8", found: Found::NegInt(-1) }, 7),
        ("80", "Message", ErrorKind::InvalidLength { expected: 1, found: 0 }, 0),
        ("a0", "Message", unknown("Message", ""), 0),
        ("84a474797065a472656361", "Shape", unknown("Shape", "reca"), 6),
        ("84a474797065a472656374a17701a16802a17772", "Shape", ErrorKind::DuplicateField("w"), 17),
        ("810167", "Strict", ErrorKind::UnknownField(Found::UInt(1)), 1),
        ("932ec619", "Strict", ErrorKind::InvalidLength { expected: 2, found: 3 }, 0),
        ("81a54e616d65648063a4a1b39aa2", "Tree", ErrorKind::MissingField("name"), 7),
        ("938064c264", "Vec<Tree>", ErrorKind::InvalidLength { expected: 1, found: 0 }, 1),
        ("9101", "Unit", ErrorKind::InvalidLength { expected: 0, found: 1 }, 0),
        ("92a1a1", "Record", ErrorKind::InvalidUtf8, 1),
        // An enum tag that is not UTF-8 names no variant (the tag is matched as raw bytes).
        ("92a1a1", "Vec<Tree>", unknown("Tree", "<invalid UTF-8>"), 1),
    ];
    for (input, ty, kind, offset) in &cases {
        let o = run(&bytes(input));
        assert_err(o.derived(ty), kind, *offset, &format!("{input} as {ty}"));
    }
}

/// The `framing` target's checks on the kept inputs, and what it answers:
/// a complete message's length, "more bytes" for a prefix, the error of a
/// prefix that can never become a message.
#[test]
fn framing() {
    let cases: &[(&str, Result<Option<usize>, ErrorKind>)] = &[
        ("c0", Ok(Some(1))),
        ("0041", Ok(Some(1))),
        ("916add", Ok(Some(2))),
        ("84", Ok(None)),
        ("92a1a1", Ok(None)),
        ("db7fffffff", Ok(None)),
        ("c1", Err(ErrorKind::ReservedMarker)),
        ("9291c1", Err(ErrorKind::ReservedMarker)),
    ];
    for (input, want) in cases {
        let got = run(&bytes(input)).framing.map_err(|e| e.kind().clone());
        assert_eq!(&got, want, "{input}");
    }
    // Nesting past the framer's limit of 64 (skip has none): a depth error.
    let deep = [0x91u8; 65];
    let got = run(&deep).framing.unwrap_err();
    assert!(matches!(got.kind(), ErrorKind::DepthLimitExceeded { .. }), "{got}");
}
