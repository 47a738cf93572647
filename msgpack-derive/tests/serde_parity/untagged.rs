//! `untagged` (the enum's and trailing variants'): variants tried in
//! declaration order, the first that reads the value wins; when none does,
//! the error lists each variant's reason, at the value's offset and path.

use super::*;

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(untagged)]
enum Id {
    Num(u8),
    Name(String),
    Pair { a: u8, b: u8 },
    Nothing,
}

#[derive(MsgPack, PartialEq, Debug)]
struct HasIds {
    id: Id,
    ids: Vec<Id>,
}

/// Each variant is written as its payload alone; `encoded_len` is exact.
#[test]
fn written_as_the_payload_alone() {
    assert_eq!(rt(&Id::Num(7)), [0x07]);
    assert_eq!(rt(&Id::Num(200)), [0xcc, 200]);
    assert_eq!(rt(&Id::Name("n".into())), b"\xa1n");
    assert_eq!(rt(&Id::Name("x".repeat(40))).len(), 42);
    assert_eq!(rt(&Id::Pair { a: 1, b: 2 }), b"\x82\xa1a\x01\xa1b\x02");
    assert_eq!(rt(&Id::Nothing), [0xc0]);
    let v = HasIds { id: Id::Nothing, ids: vec![Id::Num(1), Id::Name(String::new()), Id::Pair { a: 0, b: 255 }] };
    rt(&v);
}

/// A variant whose shape cannot start with the value's marker is listed as
/// such, without an attempt; the others give their own error, with the
/// offset and path inside the value.
#[test]
fn no_match_lists_each_variants_reason() {
    assert_eq!(
        err::<Id>(&[0xc3]),
        "no variant of untagged enum Id matched (Num: cannot start with bool true; Name: cannot start with bool true; \
         Pair: cannot start with bool true; Nothing: cannot start with bool true) at $ (byte 0)"
    );
    assert_eq!(
        err::<Id>(&[0xcd, 0x01, 0x2c]),
        "no variant of untagged enum Id matched (Num: expected u8, found int 300 (out of range) at $ (byte 0); \
         Name: cannot start with int 300; Pair: cannot start with int 300; Nothing: cannot start with int 300) at $ (byte 0)"
    );
    assert_eq!(
        err::<Id>(b"\x81\xa1a\x01"),
        "no variant of untagged enum Id matched (Num: cannot start with map of 1 entries; Name: cannot start with map of 1 entries; \
         Pair: missing field \"b\" at $ (byte 0); Nothing: cannot start with map of 1 entries) at $ (byte 0)"
    );
    // The reason's own offset is inside the value.
    let e = err::<Id>(b"\x82\xa1a\x01\xa1b\xa1x");
    assert!(e.contains("Pair: expected u8, found str \"x\" at $.b (byte 6)"), "{e}");
    assert!(e.ends_with(") at $ (byte 0)"), "{e}");
}

/// The error is located where the enum's value starts: its field, its
/// element.
#[test]
fn no_match_is_located_at_the_value() {
    let bytes = map(vec![("id", Value::from(1u8)), ("ids", Value::Array(vec![Value::from(2u8), Value::from(true)]))]);
    let e = err::<HasIds>(&bytes);
    assert!(e.starts_with("no variant of untagged enum Id matched (Num: cannot start with bool true;"), "{e}");
    assert!(e.ends_with(") at $.ids[1] (byte 11)"), "{e}");
    let bytes = map(vec![("id", Value::Array(vec![])), ("ids", Value::Array(vec![]))]);
    assert!(err::<HasIds>(&bytes).ends_with(") at $.id (byte 4)"));
    // The whole value as the offset: not the byte where an attempt failed.
    let e = msgpack_core::from_slice::<Id>(b"\x82\xa1a\x01\xa1b\xa1x").unwrap_err();
    assert_eq!(e.offset(), 0);
}

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(untagged)]
enum Number {
    Small(u8),
    Big(u64),
    Negative(i64),
    Float(f64),
}

/// Declaration order decides: `Small` before `Big`, and a value that fits
/// an earlier variant never reaches a later one.
#[test]
fn first_matching_variant_wins() {
    assert_eq!(msgpack_core::from_slice::<Number>(&[0x05]).unwrap(), Number::Small(5));
    assert_eq!(msgpack_core::from_slice::<Number>(&[0xcd, 0x01, 0x00]).unwrap(), Number::Big(256));
    assert_eq!(msgpack_core::from_slice::<Number>(&[0xff]).unwrap(), Number::Negative(-1));
    assert_eq!(msgpack_core::from_slice::<Number>(&[0xcb, 0x3f, 0xf8, 0, 0, 0, 0, 0, 0]).unwrap(), Number::Float(1.5));
    // Written as the variant's own value: `Big(5)` comes back as `Small(5)`.
    let bytes = msgpack_core::to_vec(&Number::Big(5)).unwrap();
    assert_eq!(bytes, [0x05]);
    assert_eq!(Number::Big(5).encoded_len(), 1);
    assert_eq!(msgpack_core::from_slice::<Number>(&bytes).unwrap(), Number::Small(5));
    assert_eq!(rt(&Number::Float(-0.25)), [0xcb, 0xbf, 0xd0, 0, 0, 0, 0, 0, 0]);
}

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(untagged, deny_unknown_fields)]
enum Versioned {
    V1 { a: u8 },
    V2 { a: u8, b: u8 },
}

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(untagged)]
enum Lenient {
    V1 { a: u8 },
    V2 { a: u8, b: u8 },
}

/// `deny_unknown_fields` makes a struct variant fail on a key it does not
/// know, so the next variant is tried; without it the first one skips it.
#[test]
fn deny_unknown_fields_moves_on_to_the_next_variant() {
    let both = b"\x82\xa1a\x01\xa1b\x02";
    assert_eq!(msgpack_core::from_slice::<Versioned>(both).unwrap(), Versioned::V2 { a: 1, b: 2 });
    assert_eq!(msgpack_core::from_slice::<Lenient>(both).unwrap(), Lenient::V1 { a: 1 });
    assert_eq!(msgpack_core::from_slice::<Versioned>(b"\x81\xa1a\x01").unwrap(), Versioned::V1 { a: 1 });
    assert_eq!(
        err::<Versioned>(b"\x82\xa1a\x01\xa1c\x02"),
        "no variant of untagged enum Versioned matched (V1: unknown field \"c\" at $ (byte 4); \
         V2: unknown field \"c\" at $ (byte 4)) at $ (byte 0)"
    );
    // Struct variants also read the array form, by position.
    assert_eq!(msgpack_core::from_slice::<Lenient>(b"\x92\x01\x02").unwrap(), Lenient::V1 { a: 1 });
    assert_eq!(msgpack_core::from_slice::<Versioned>(b"\x92\x01\x02").unwrap(), Versioned::V2 { a: 1, b: 2 });
}

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(untagged)]
enum Wrapper {
    Inner(Id),
    Flag(bool),
}

/// An untagged enum in an untagged enum: the inner one's attempts are
/// speculative too; its reasons are not listed inside the outer one's
/// (one level of detail), the inner one alone lists them.
#[test]
fn nested_untagged() {
    assert_eq!(msgpack_core::from_slice::<Wrapper>(b"\xa1x").unwrap(), Wrapper::Inner(Id::Name("x".into())));
    assert_eq!(msgpack_core::from_slice::<Wrapper>(&[0xc2]).unwrap(), Wrapper::Flag(false));
    assert_eq!(rt(&Wrapper::Inner(Id::Nothing)), [0xc0]);
    assert_eq!(
        err::<Wrapper>(b"\x81\xa1a\x01"),
        "no variant of untagged enum Wrapper matched (Inner: no variant of untagged enum Id matched \
         (not listed inside the reasons of an enclosing untagged enum) at $ (byte 0); \
         Flag: cannot start with map of 1 entries) at $ (byte 0)"
    );
    assert!(err::<Id>(b"\x81\xa1a\x01").contains("Pair: missing field \"b\" at $ (byte 0)"));
}

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(untagged)]
enum Borrowed<'a> {
    Text(&'a str),
    Bytes(&'a [u8]),
    // Before `Named`, which reads an array too (by position).
    List(Vec<&'a str>),
    Named { name: &'a str, value: Option<&'a str> },
}

/// Borrowed variants borrow from the input, whichever is tried first.
#[test]
fn borrowed_variants() {
    let bytes = rt_borrowed!(Borrowed::Named { name: "n", value: Some("v") });
    assert_eq!(bytes, b"\x82\xa4name\xa1n\xa5value\xa1v");
    rt_borrowed!(Borrowed::Text("t"));
    rt_borrowed!(Borrowed::Bytes(&[1, 2]));
    rt_borrowed!(Borrowed::List(vec!["a", "b"]));
    let input = b"\xa5hello".to_vec();
    match msgpack_core::from_slice::<Borrowed>(&input).unwrap() {
        Borrowed::Text(s) => assert_eq!(s.as_ptr(), input[1..].as_ptr()),
        other => panic!("{other:?}"),
    }
    // A field that cannot be borrowed (a `bin` where a `str` is expected)
    // is a reason like any other.
    let e = msgpack_core::from_slice::<Borrowed>(b"\x81\xa4name\xc4\x01x").unwrap_err().to_string();
    assert!(e.contains("Named: expected str, found bin of 1 bytes at $.name (byte 6)"), "{e}");
}

#[derive(MsgPack, PartialEq, Debug)]
enum Mixed {
    A(u8),
    B,
    #[msgpack(untagged)]
    Num(u64),
    #[msgpack(untagged)]
    Text(String),
}

/// Trailing untagged variants: the tagged reading first (a known tag wins
/// over an untagged variant that would read the same value), then the
/// untagged variants in order; the error lists the tagged reading first.
#[test]
fn trailing_untagged_variants() {
    assert_eq!(rt(&Mixed::A(1)), b"\x81\xa1A\x01");
    assert_eq!(rt(&Mixed::B), b"\xa1B");
    assert_eq!(rt(&Mixed::Num(300)), [0xcd, 0x01, 0x2c]);
    assert_eq!(rt(&Mixed::Text("free".into())), b"\xa4free");
    // "B" is a tag: the tagged reading wins over `Text`.
    assert_eq!(msgpack_core::from_slice::<Mixed>(b"\xa1B").unwrap(), Mixed::B);
    assert_eq!(msgpack_core::from_slice::<Mixed>(b"\xa1C").unwrap(), Mixed::Text("C".into()));
    // A known tag whose payload fails falls through to the untagged variants.
    assert_eq!(
        err::<Mixed>(b"\x81\xa1A\xa1x"),
        "no variant of untagged enum Mixed matched ((tagged): expected u8, found str \"x\" at $.A (byte 3); \
         Num: cannot start with map of 1 entries; Text: cannot start with map of 1 entries) at $ (byte 0)"
    );
    assert_eq!(
        err::<Mixed>(&[0xc3]),
        "no variant of untagged enum Mixed matched ((tagged): expected Mixed, found bool true at $ (byte 0); \
         Num: cannot start with bool true; Text: cannot start with bool true) at $ (byte 0)"
    );
}

/// Nothing left over, nothing read past the value: an untagged enum inside
/// an array leaves the decoder at the next element, whichever variant won
/// and however many attempts failed.
#[test]
fn position_after_a_failed_attempt() {
    let bytes = msgpack_core::to_vec(&vec![Id::Pair { a: 1, b: 2 }, Id::Num(3), Id::Name("z".into())]).unwrap();
    let back: Vec<Id> = msgpack_core::from_slice(&bytes).unwrap();
    assert_eq!(back, [Id::Pair { a: 1, b: 2 }, Id::Num(3), Id::Name("z".into())]);
    // `{"a": 1, "c": 2}` then `7`: V1 and V2 fail (`c` is unknown to both), `Lenient::V1` reads the map.
    let input = b"\x82\xa1a\x01\xa1c\x02\x07";
    let mut d = msgpack_core::Decoder::new(input);
    assert!(<Versioned as msgpack_core::Decode>::decode(&mut d).is_err());
    let mut d = msgpack_core::Decoder::new(input);
    assert_eq!(<Lenient as msgpack_core::Decode>::decode(&mut d).unwrap(), Lenient::V1 { a: 1 });
    assert_eq!(d.position(), 7);
    assert_eq!(<u8 as msgpack_core::Decode>::decode(&mut d).unwrap(), 7);
}
