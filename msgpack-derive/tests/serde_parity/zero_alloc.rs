//! Borrowed decodes through the new shapes allocate nothing: untagged
//! enums (failed attempts included: a speculative error carries no
//! details), adjacently tagged enums (the content before the tag is
//! re-read, not buffered), trailing untagged variants, `other` holding a
//! `RawRef`, flattened borrowed structs. Counted by the test allocator of
//! `msgpack-core/tests/common/peak_alloc.rs`.
//!
//! Left out: a flattened catch-all map, and `as_map`, which allocate their
//! map or `Vec` by nature (their entries are charged to the allocation
//! budget instead), and `ValueRef` of a container (a `Vec` of entries).

use msgpack_core::RawRef;

use super::peak_alloc::measure;
use super::*;

/// Decodes `bytes` as `T` and checks that it allocated nothing and equals
/// `expected`.
#[track_caller]
fn no_alloc<'de, T: msgpack_core::Decode<'de> + PartialEq + Debug>(bytes: &'de [u8], expected: &T) {
    let (r, largest, total) = measure(|| msgpack_core::from_slice::<T>(bytes));
    let v = r.unwrap_or_else(|e| panic!("{bytes:02x?}: {e}"));
    assert_eq!(&v, expected);
    assert_eq!((largest, total), (0, 0), "{} from {bytes:02x?} allocated", std::any::type_name::<T>());
}

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(untagged)]
enum Ident<'a> {
    /// Reads arrays only: passed over for maps without an attempt.
    Pair(&'a str, &'a str),
    /// Tried first on any map: fails on a map without `x`.
    ByX {
        x: &'a str,
    },
    ByY {
        y: &'a str,
        n: u8,
    },
    Text(&'a str),
    Bytes(&'a [u8]),
    Nothing,
}

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(untagged)]
enum Outer<'a> {
    /// Fails on anything but an array of two `str`: the inner untagged
    /// enum's own attempts fail first.
    Two((Ident<'a>, u8)),
    One(Ident<'a>),
}

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(untagged, deny_unknown_fields)]
enum Strict<'a> {
    Short { a: &'a str },
    Long { a: &'a str, b: &'a str },
}

#[test]
fn untagged_enum_of_borrowed_variants() {
    no_alloc(b"\x81\xa1x\xa3abc", &Ident::ByX { x: "abc" });
    // `ByX` fails (a missing field), `ByY` reads it.
    no_alloc(b"\x82\xa1y\xa3abc\xa1n\x07", &Ident::ByY { y: "abc", n: 7 });
    // `ByX` fails on a type mismatch inside, then `ByY`.
    no_alloc(b"\x82\xa1y\xa1q\xa1n\x07", &Ident::ByY { y: "q", n: 7 });
    no_alloc(b"\xa4text", &Ident::Text("text"));
    no_alloc(b"\xc4\x02\x01\x02", &Ident::Bytes(&[1, 2]));
    no_alloc(b"\x92\xa1a\xa1b", &Ident::Pair("a", "b"));
    no_alloc(b"\xc0", &Ident::Nothing);
    // Nested: the outer first attempt fails after the inner one succeeded.
    no_alloc(b"\x92\xa1a\xa1b", &Outer::One(Ident::Pair("a", "b")));
    no_alloc(b"\x92\xa1a\x05", &Outer::Two((Ident::Text("a"), 5)));
    no_alloc(b"\x82\xa1y\xa1q\xa1n\x07", &Outer::One(Ident::ByY { y: "q", n: 7 }));
    // `deny_unknown_fields`: `Short` fails on `b`.
    no_alloc(b"\x82\xa1a\xa1x\xa1b\xa1y", &Strict::Long { a: "x", b: "y" });
}

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(tag = "t", content = "c")]
enum Event<'a> {
    Ping,
    Text(&'a str),
    Pair(&'a str, &'a [u8]),
    Put {
        key: &'a str,
        value: Option<&'a str>,
    },
    #[msgpack(other)]
    Unknown(RawRef<'a>),
}

#[test]
fn adjacently_tagged_with_borrowed_payload() {
    no_alloc(b"\x81\xa1t\xa4Ping", &Event::Ping);
    no_alloc(b"\x82\xa1t\xa4Text\xa1c\xa2hi", &Event::Text("hi"));
    // The content before the tag: re-read once the tag is known.
    no_alloc(b"\x82\xa1c\xa2hi\xa1t\xa4Text", &Event::Text("hi"));
    no_alloc(b"\x82\xa1c\x92\xa1k\xc4\x01\x09\xa1t\xa4Pair", &Event::Pair("k", &[9]));
    no_alloc(
        b"\x83\xa1c\x82\xa5value\xa1v\xa3key\xa1k\xa1z\xc0\xa1t\xa3Put",
        &Event::Put { key: "k", value: Some("v") },
    );
    let unknown = b"\x82\xa1c\x91\x01\xa1t\xa1Q";
    no_alloc(unknown, &Event::Unknown(RawRef::new(unknown).unwrap()));
}

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(tag = "type")]
enum Internal<'a> {
    A {
        name: &'a str,
    },
    #[msgpack(other)]
    Unknown(RawRef<'a>),
}

#[derive(MsgPack, PartialEq, Debug)]
enum Mixed<'a> {
    Named(&'a str),
    #[msgpack(other)]
    Unknown(RawRef<'a>),
}

#[derive(MsgPack, PartialEq, Debug)]
enum Trailing<'a> {
    Named(&'a str),
    #[msgpack(untagged)]
    Bare(&'a str),
    #[msgpack(untagged)]
    Fields {
        f: &'a str,
    },
}

#[test]
fn other_and_trailing_untagged_variants() {
    no_alloc(b"\x82\xa4name\xa1n\xa4type\xa1A", &Internal::A { name: "n" });
    let unknown = b"\x82\xa1x\x01\xa4type\xa1Q";
    no_alloc(unknown, &Internal::Unknown(RawRef::new(unknown).unwrap()));
    no_alloc(b"\x81\xa5Named\xa1n", &Mixed::Named("n"));
    let unknown = b"\x81\xa1Z\x92\xa1a\x01";
    no_alloc(unknown, &Mixed::Unknown(RawRef::new(unknown).unwrap()));
    no_alloc(b"\x81\xa5Named\xa1n", &Trailing::Named("n"));
    // The tagged reading fails, then the untagged variants are tried.
    no_alloc(b"\xa4free", &Trailing::Bare("free"));
    no_alloc(b"\x81\xa1f\xa1v", &Trailing::Fields { f: "v" });
}

#[derive(MsgPack, PartialEq, Debug)]
struct Inner<'a> {
    label: &'a str,
    data: &'a [u8],
}

#[derive(MsgPack, PartialEq, Debug)]
struct Deeper<'a> {
    #[msgpack(flatten)]
    inner: Inner<'a>,
    note: Option<&'a str>,
}

#[derive(MsgPack, PartialEq, Debug)]
struct View<'a> {
    name: &'a str,
    #[msgpack(flatten)]
    deeper: Deeper<'a>,
}

#[test]
fn flattened_borrowed_structs() {
    let v = View { name: "n", deeper: Deeper { inner: Inner { label: "l", data: &[1] }, note: None } };
    let bytes = msgpack_core::to_vec(&v).unwrap();
    no_alloc(&bytes, &v);
    // Keys in another order, unknown ones skipped.
    let shuffled = b"\x85\xa4note\xa1x\xa4data\xc4\x00\xa1z\x92\x01\x02\xa5label\xa0\xa4name\xa0";
    no_alloc(shuffled, &View { name: "", deeper: Deeper { inner: Inner { label: "", data: &[] }, note: Some("x") } });
}

/// The allocator counts: a decode that allocates is seen.
#[test]
fn the_counter_counts() {
    let (_, largest, total) = measure(|| msgpack_core::from_slice::<String>(b"\xa1x").unwrap());
    assert!(largest > 0 && total > 0);
}
