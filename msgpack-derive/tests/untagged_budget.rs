//! Untagged enums on hostile input: a nesting where every level tries
//! every variant of the level below would take exponential time; the
//! budget of bytes that failed attempts may read stops it, with an error.

use msgpack_core::MsgPack;
use msgpack_core::decode::ErrorKind;

/// Both variants decode the whole nested value before their second
/// element fails (a `str` is neither a `bool` nor a `u8`).
#[derive(MsgPack, Debug)]
#[msgpack(untagged)]
enum Bad {
    Leaf(i8),
    L(Box<Bad>, bool),
    R(Box<Bad>, u8),
}

/// `[[[..[1, "s"].., "s"], "s"]`, `depth` levels.
fn nested(depth: usize) -> Vec<u8> {
    let mut out = vec![0x92; depth];
    out.push(0x01);
    for _ in 0..depth {
        out.extend_from_slice(b"\xa1s");
    }
    out
}

#[test]
fn exponential_nesting_stops_at_the_budget() {
    let bytes = nested(40);
    let start = std::time::Instant::now();
    let err = msgpack_core::from_slice::<Bad>(&bytes).unwrap_err();
    // Not a timing assertion: the test would simply not finish without
    // the budget (2^40 attempts); this only prints how long it took.
    eprintln!("{:?} for {} bytes", start.elapsed(), bytes.len());
    let text = err.to_string();
    assert!(matches!(err.kind(), ErrorKind::SpeculationLimit { .. } | ErrorKind::NoVariantMatched { .. }), "{text}");
    assert!(text.contains("tried too often"), "{text}");
}

#[test]
fn honest_nesting_decodes() {
    // `[[1, true], 7]`: L inside R.
    let v: Bad = msgpack_core::from_slice(b"\x92\x92\x01\xc3\x07").unwrap();
    assert!(matches!(v, Bad::R(inner, 7) if matches!(*inner, Bad::L(_, true))));
    // A deep but honest value: each level's first attempt that fits wins.
    let mut bytes = vec![0x92; 200];
    bytes.push(0x01);
    bytes.extend(std::iter::repeat_n(0xc3, 200));
    assert!(msgpack_core::from_slice::<Bad>(&bytes).is_ok());
}
