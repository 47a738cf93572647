//! `from` / `try_from` / `into`: conversion through a proxy type.

use super::*;

/// Packed as one integer on the wire: `major << 16 | minor`.
#[derive(MsgPack, Clone, PartialEq, Debug)]
#[msgpack(from = "u32", into = "u32")]
struct Version {
    major: u16,
    minor: u16,
}

impl From<u32> for Version {
    fn from(v: u32) -> Self {
        Version { major: (v >> 16) as u16, minor: v as u16 }
    }
}

impl From<Version> for u32 {
    fn from(v: Version) -> u32 {
        (v.major as u32) << 16 | v.minor as u32
    }
}

#[derive(MsgPack, PartialEq, Debug)]
struct Package {
    name: String,
    version: Version,
}

/// Written as the proxy (exact `encoded_len` at every integer width), read
/// as the proxy then converted; errors are the proxy's, at the field.
#[test]
fn from_and_into_go_through_the_proxy() {
    assert_eq!(rt(&Version { major: 0, minor: 5 }), [0x05]);
    assert_eq!(rt(&Version { major: 0, minor: 200 }), [0xcc, 200]);
    assert_eq!(rt(&Version { major: 1, minor: 2 }), [0xce, 0, 1, 0, 2]);
    let p = Package { name: "core".into(), version: Version { major: 1, minor: 0 } };
    assert_eq!(rt(&p), b"\x82\xa4name\xa4core\xa7version\xce\x00\x01\x00\x00");
    assert_eq!(
        err::<Package>(b"\x82\xa4name\xa4core\xa7version\xa11"),
        r#"expected u32, found str "1" at $.version (byte 19)"#
    );
    assert_eq!(err::<Version>(b"\xd0\xff"), "expected u32, found int -1 (out of range) at $ (byte 0)");
}

/// A generic container, and a borrowed proxy.
#[derive(MsgPack, Clone, PartialEq, Debug)]
#[msgpack(from = "Vec<T>", into = "Vec<T>")]
struct Stack<T: Clone> {
    items: Vec<T>,
    top: Option<T>,
}

impl<T: Clone> From<Vec<T>> for Stack<T> {
    fn from(items: Vec<T>) -> Self {
        Stack { top: items.last().cloned(), items }
    }
}

impl<T: Clone> From<Stack<T>> for Vec<T> {
    fn from(s: Stack<T>) -> Vec<T> {
        s.items
    }
}

#[derive(MsgPack, Clone, PartialEq, Debug)]
#[msgpack(from = "&'a str", into = "&'a str")]
struct Word<'a> {
    text: &'a str,
    len: usize,
}

impl<'a> From<&'a str> for Word<'a> {
    fn from(text: &'a str) -> Self {
        Word { text, len: text.chars().count() }
    }
}

impl<'a> From<Word<'a>> for &'a str {
    fn from(w: Word<'a>) -> &'a str {
        w.text
    }
}

#[test]
fn from_and_into_generic_and_borrowed() {
    assert_eq!(rt(&Stack::from(vec![1u8, 2, 3])), b"\xc4\x03\x01\x02\x03");
    assert_eq!(rt(&Stack::from(vec!["a".to_owned()])), b"\x91\xa1a");
    assert_eq!(rt_borrowed!(Word::from("héllo")), b"\xa6h\xc3\xa9llo");
    let input = b"\xa3abc".to_vec();
    let w: Word = msgpack_core::from_slice(&input).unwrap();
    assert!(std::ptr::eq(w.text.as_ptr(), input[1..].as_ptr()), "borrowed from the input");
}

/// Only one side through a proxy: `from` validates on the way in, the
/// derived encoding writes the same shape as the proxy.
#[derive(MsgPack, PartialEq, Debug)]
struct RawName {
    name: String,
}

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(from = "RawName")]
struct Name {
    name: String,
}

impl From<RawName> for Name {
    fn from(r: RawName) -> Self {
        Name { name: r.name.to_lowercase() }
    }
}

#[derive(MsgPack, Clone, PartialEq, Debug)]
#[msgpack(into = "String")]
struct Shout(String);

impl From<Shout> for String {
    fn from(s: Shout) -> String {
        s.0.to_uppercase()
    }
}

#[test]
fn from_or_into_alone() {
    let bytes = msgpack_core::to_vec(&RawName { name: "ADA".into() }).unwrap();
    assert_eq!(msgpack_core::from_slice::<Name>(&bytes).unwrap(), Name { name: "ada".into() });
    assert_eq!(msgpack_core::to_vec(&Name { name: "ada".into() }).unwrap(), b"\x81\xa4name\xa3ada");
    let s = Shout("hi".into());
    assert_eq!(msgpack_core::to_vec(&s).unwrap(), b"\xa2HI");
    assert_eq!(s.encoded_len(), 3);
    assert_eq!(msgpack_core::from_slice::<Shout>(b"\xa2HI").unwrap(), Shout("HI".into()));
}

#[test]
fn from_and_into_in_the_schema() {
    use msgpack_core::schema::{check, fingerprint_of, shape_of};
    assert_eq!(fingerprint_of::<Version>(), fingerprint_of::<u32>());
    assert!(check(shape_of::<Version>(), shape_of::<u16>()).is_ok());
    assert!(check(shape_of::<Version>(), shape_of::<u64>()).is_err());
    assert_eq!(fingerprint_of::<Name>(), fingerprint_of::<RawName>());
    assert_eq!(fingerprint_of::<Shout>(), fingerprint_of::<String>());
    assert_eq!(fingerprint_of::<Stack<u8>>(), fingerprint_of::<Vec<u8>>());
}

/// `try_from`: validated on the way in; the conversion's error is a decode
/// error naming the type, with the error's `Display`, at the value's offset
/// and path; the schema is the proxy's.
#[derive(MsgPack, Clone, Copy, PartialEq, Debug)]
#[msgpack(try_from = "u8", into = "u8")]
struct Percent(u8);

impl TryFrom<u8> for Percent {
    type Error = String;
    fn try_from(v: u8) -> Result<Self, String> {
        if v <= 100 { Ok(Percent(v)) } else { Err(format!("{v} is above 100")) }
    }
}

impl From<Percent> for u8 {
    fn from(p: Percent) -> u8 {
        p.0
    }
}

#[derive(MsgPack, PartialEq, Debug)]
struct Progress {
    done: Percent,
    steps: Vec<Percent>,
}

/// A borrowed proxy, validated.
#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(try_from = "&'a str")]
struct Ident<'a>(&'a str);

impl<'a> TryFrom<&'a str> for Ident<'a> {
    type Error = &'static str;
    fn try_from(s: &'a str) -> Result<Self, Self::Error> {
        if !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
            Ok(Ident(s))
        } else {
            Err("not an identifier")
        }
    }
}

#[test]
fn try_from_validates_and_reports() {
    assert_eq!(rt(&Percent(100)), [100]);
    assert_eq!(rt(&Progress { done: Percent(5), steps: vec![Percent(1), Percent(99)] }).len(), 16);
    assert_eq!(err::<Percent>(&[0xcc, 101]), "invalid Percent: 101 is above 100 at $ (byte 0)");
    assert_eq!(
        err::<Progress>(b"\x82\xa4done\x05\xa5steps\x92\x01\xcc\xc8"),
        "invalid Percent: 200 is above 100 at $.steps[1] (byte 15)"
    );
    // The proxy's own errors come first, unchanged.
    assert_eq!(err::<Percent>(b"\xa1x"), r#"expected u8, found str "x" at $ (byte 0)"#);
    let input = b"\xa5ab_12".to_vec();
    let id: Ident = msgpack_core::from_slice(&input).unwrap();
    assert!(std::ptr::eq(id.0.as_ptr(), input[1..].as_ptr()), "borrowed from the input");
    let bad = msgpack_core::from_slice::<Ident>(b"\xa2a-").unwrap_err();
    assert_eq!(bad.to_string(), "invalid Ident: not an identifier at $ (byte 0)");
    // The error kind carries the message.
    let e = msgpack_core::from_slice::<Percent>(&[0xcc, 101]).unwrap_err();
    match e.kind() {
        msgpack_core::decode::ErrorKind::Conversion { into, message } => {
            assert_eq!(*into, "Percent");
            assert_eq!(message.as_str(), "101 is above 100");
        }
        other => panic!("{other:?}"),
    }
    use msgpack_core::schema::{fingerprint_of, shape_of};
    assert_eq!(fingerprint_of::<Percent>(), fingerprint_of::<u8>());
    assert!(msgpack_core::schema::check(shape_of::<Percent>(), shape_of::<u8>()).is_ok());
}
