//! Runtime behaviour of the attributes taken from serde (the "Serde parity"
//! issue): `alias`, container `default`, `transparent`, `from` / `try_from`
//! / `into`, `rename_all_fields`, `encode_with` / `decode_with`. Exact bytes,
//! round trips, `encoded_len`, borrowed fields, and error messages with
//! their paths and offsets; the byte identity with rmp-serde is in
//! `rmp_serde/serde_parity.rs`.

use std::fmt::Debug;

use msgpack_core::{Encode, MsgPack, Value};

/// Encodes `v`, checks `encoded_len`, decodes the bytes back to an equal
/// value, and returns the bytes.
fn rt<T>(v: &T) -> Vec<u8>
where
    T: Encode + for<'de> msgpack_core::Decode<'de> + PartialEq + Debug,
{
    let bytes = msgpack_core::to_vec(v).unwrap();
    assert_eq!(v.encoded_len(), bytes.len(), "encoded_len of {v:?}");
    let back: T = msgpack_core::from_slice(&bytes).unwrap_or_else(|e| panic!("decoding {v:?}: {e}"));
    assert_eq!(&back, v);
    bytes
}

/// The bytes of `v` (checking `encoded_len`) and `v` decoded from them, for
/// types that borrow from the input.
macro_rules! rt_borrowed {
    ($v:expr) => {{
        let v = $v;
        let bytes = msgpack_core::to_vec(&v).unwrap();
        assert_eq!(v.encoded_len(), bytes.len(), "encoded_len of {v:?}");
        assert_eq!(msgpack_core::from_slice(&bytes).map_err(|e| e.to_string()), Ok(v));
        bytes
    }};
}

/// The message of the error decoding `bytes` as `T`.
fn err<T: for<'de> msgpack_core::Decode<'de> + Debug>(bytes: &[u8]) -> String {
    match msgpack_core::from_slice::<T>(bytes) {
        Ok(v) => panic!("expected an error, decoded {v:?}"),
        Err(e) => e.to_string(),
    }
}

/// The bytes of a map with string keys.
fn map(entries: Vec<(&str, Value)>) -> Vec<u8> {
    let v = Value::Map(entries.into_iter().map(|(k, v)| (Value::from(k), v)).collect());
    msgpack_core::to_vec(&v).unwrap()
}

// ---------------------------------------------------------------------------
// `alias`

#[derive(MsgPack, PartialEq, Debug)]
struct Renamed {
    #[msgpack(alias = "name", alias = "login")]
    user_name: String,
    id: u32,
}

/// An alias is read, never written; the key itself still reads; an alias
/// is found in any order, and the in-order fast path still serves the key.
#[test]
fn alias_is_read_never_written() {
    let v = Renamed { user_name: "ada".into(), id: 7 };
    assert_eq!(rt(&v), b"\x82\xa9user_name\xa3ada\xa2id\x07");
    for key in ["name", "login", "user_name"] {
        let bytes = map(vec![(key, Value::from("ada")), ("id", Value::from(7u8))]);
        assert_eq!(msgpack_core::from_slice::<Renamed>(&bytes).unwrap(), v, "key {key}");
        let reversed = map(vec![("id", Value::from(7u8)), (key, Value::from("ada"))]);
        assert_eq!(msgpack_core::from_slice::<Renamed>(&reversed).unwrap(), v, "key {key}, reversed");
    }
}

/// The key and an alias in one message are one field given twice.
#[test]
fn alias_and_key_together_are_a_duplicate() {
    let bytes = map(vec![("user_name", Value::from("a")), ("name", Value::from("b")), ("id", Value::from(1u8))]);
    assert_eq!(err::<Renamed>(&bytes), r#"duplicate field "user_name" at $ (byte 13)"#);
    let bytes = map(vec![("login", Value::from("a")), ("id", Value::from(1u8))]);
    assert!(msgpack_core::from_slice::<Renamed>(&bytes).is_ok());
    // A missing field is named by its key, not by an alias.
    let bytes = map(vec![("id", Value::from(1u8))]);
    assert_eq!(err::<Renamed>(&bytes), r#"missing field "user_name" at $ (byte 0)"#);
    // An error inside the value names the field by its key.
    let bytes = map(vec![("name", Value::from(1u8)), ("id", Value::from(1u8))]);
    assert_eq!(err::<Renamed>(&bytes), "expected str, found int 1 at $.user_name (byte 6)");
}

/// serde's rule: `rename_all` renames the key, the alias is taken as written.
#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(rename_all = "camelCase", deny_unknown_fields)]
struct Camel<'a> {
    #[msgpack(alias = "user_name")]
    user_name: &'a str,
    #[msgpack(default, alias = "retry_count")]
    retry_count: u8,
}

#[test]
fn alias_under_rename_all_is_taken_as_written() {
    let v = Camel { user_name: "ada", retry_count: 2 };
    assert_eq!(rt_borrowed!(Camel { user_name: "ada", retry_count: 2 }), b"\x82\xa8userName\xa3ada\xaaretryCount\x02");
    let old = map(vec![("user_name", Value::from("ada")), ("retry_count", Value::from(2u8))]);
    assert_eq!(msgpack_core::from_slice::<Camel>(&old).unwrap(), v);
    // `deny_unknown_fields` knows the aliases, and only them: the renamed
    // alias ("userName" is the key) is not an alias of something else.
    let other = map(vec![("user-name", Value::from("ada"))]);
    let e = msgpack_core::from_slice::<Camel>(&other).unwrap_err();
    assert_eq!(e.to_string(), r#"unknown field "user-name" at $ (byte 1)"#);
    // Borrowed through the alias too.
    let owned = map(vec![("user_name", Value::from("zero-copy"))]);
    let back: Camel = msgpack_core::from_slice(&owned).unwrap();
    assert_eq!(back, Camel { user_name: "zero-copy", retry_count: 0 });
}

#[derive(MsgPack, PartialEq, Debug)]
enum Animal {
    #[msgpack(alias = "Doggo")]
    Dog,
    #[msgpack(rename = "cat", alias = "Cat", alias = "kitty")]
    Cat { lives: u8 },
    #[msgpack(alias = "Bird")]
    Parrot(String),
}

#[test]
fn alias_on_variants() {
    assert_eq!(rt(&Animal::Dog), b"\xa3Dog");
    assert_eq!(rt(&Animal::Cat { lives: 9 }), b"\x81\xa3cat\x81\xa5lives\x09");
    assert_eq!(msgpack_core::from_slice::<Animal>(b"\xa5Doggo").unwrap(), Animal::Dog);
    assert_eq!(
        msgpack_core::from_slice::<Animal>(b"\x81\xa5kitty\x81\xa5lives\x09").unwrap(),
        Animal::Cat { lives: 9 }
    );
    assert_eq!(msgpack_core::from_slice::<Animal>(b"\x81\xa3Cat\x81\xa5lives\x09").unwrap(), Animal::Cat { lives: 9 });
    assert_eq!(msgpack_core::from_slice::<Animal>(b"\x81\xa4Bird\xa1x").unwrap(), Animal::Parrot("x".into()));
    assert_eq!(err::<Animal>(b"\xa3Cow"), r#"unknown tag "Cow" for Animal at $ (byte 0)"#);
}

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(tag = "type")]
enum Event {
    #[msgpack(alias = "begin")]
    Start {
        #[msgpack(alias = "time")]
        at: u64,
    },
    Stop,
}

#[test]
fn alias_in_internally_tagged_enums() {
    assert_eq!(rt(&Event::Start { at: 1 }), b"\x82\xa4type\xa5Start\xa2at\x01");
    let old = map(vec![("type", Value::from("begin")), ("time", Value::from(1u8))]);
    assert_eq!(msgpack_core::from_slice::<Event>(&old).unwrap(), Event::Start { at: 1 });
    let tag_last = map(vec![("time", Value::from(1u8)), ("type", Value::from("begin"))]);
    assert_eq!(msgpack_core::from_slice::<Event>(&tag_last).unwrap(), Event::Start { at: 1 });
}

/// An alias reaches the schema: a reader with the old key as an alias reads
/// a writer that still writes it.
#[test]
fn alias_in_the_schema() {
    use msgpack_core::schema::{Schema, Shape, check, shape_of};
    #[derive(MsgPack)]
    struct Old {
        name: String,
    }
    let Shape::Struct(def) = Renamed::SHAPE.get() else { unreachable!() };
    assert_eq!(def.fields[0].aliases, ["name", "login"]);
    assert!(check(shape_of::<Renamed>(), shape_of::<(String,)>()).is_err());
    assert!(check(shape_of::<Camel>(), shape_of::<Old>()).is_err());
    #[derive(MsgPack)]
    struct OldRenamed {
        name: String,
        id: u32,
    }
    assert!(check(shape_of::<Renamed>(), shape_of::<OldRenamed>()).is_ok());
    assert_eq!(
        shape_of::<Renamed>().to_string(),
        "Renamed = map {\n    \"user_name\" (alias \"name\", \"login\"): str,\n    \"id\": u32,\n}"
    );
}

// ---------------------------------------------------------------------------
// Container `default`

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(default)]
struct Config<'a> {
    name: &'a str,
    retries: u8,
    #[msgpack(default = "seven")]
    level: u8,
    verbose: Option<bool>,
    #[msgpack(skip)]
    cache: Vec<u8>,
}

fn seven() -> u8 {
    7
}

impl Default for Config<'_> {
    fn default() -> Self {
        Config { name: "default", retries: 3, level: 1, verbose: Some(true), cache: vec![9] }
    }
}

/// serde's semantics: a missing field is that field of the struct's
/// `Default::default()`; a field's own `default` wins; an `Option` takes
/// the container's value, not `None`; a skipped field comes from it too.
#[test]
fn container_default_fills_missing_fields() {
    let full = Config { name: "x", retries: 1, level: 2, verbose: None, cache: vec![9] };
    let bytes = rt_borrowed!(Config { name: "x", retries: 1, level: 2, verbose: None, cache: vec![9] });
    assert_eq!(bytes, b"\x84\xa4name\xa1x\xa7retries\x01\xa5level\x02\xa7verbose\xc0");
    assert_eq!(msgpack_core::from_slice::<Config>(&bytes).unwrap(), full);
    let empty = Config { name: "default", retries: 3, level: 7, verbose: Some(true), cache: vec![9] };
    assert_eq!(msgpack_core::from_slice::<Config>(b"\x80").unwrap(), empty);
    let some = map(vec![("retries", Value::from(5u8)), ("name", Value::from("n"))]);
    let back: Config = msgpack_core::from_slice(&some).unwrap();
    assert_eq!(back, Config { name: "n", retries: 5, level: 7, verbose: Some(true), cache: vec![9] });
    // Array form reads by position: missing trailing fields too.
    let back: Config = msgpack_core::from_slice(b"\x91\xa1a").unwrap();
    assert_eq!(back, Config { name: "a", retries: 3, level: 7, verbose: Some(true), cache: vec![9] });
    // A present field of the wrong type is still an error.
    let bad = map(vec![("retries", Value::from("x"))]);
    let e = msgpack_core::from_slice::<Config>(&bad).unwrap_err();
    assert_eq!(e.to_string(), r#"expected u8, found str "x" at $.retries (byte 9)"#);
}

thread_local! {
    static DEFAULTS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(array, default)]
struct Point3 {
    x: i32,
    y: i32,
    z: i32,
}

impl Default for Point3 {
    fn default() -> Self {
        DEFAULTS.with(|c| c.set(c.get() + 1));
        Point3 { x: 1, y: 2, z: 3 }
    }
}

/// The default value is made once, and only when a field is missing.
#[test]
fn container_default_is_made_only_when_needed() {
    let calls = || DEFAULTS.with(|c| c.get());
    let bytes = rt(&Point3 { x: -1, y: -2, z: -3 });
    assert_eq!(bytes, [0x93, 0xff, 0xfe, 0xfd]);
    assert_eq!(calls(), 0);
    assert_eq!(msgpack_core::from_slice::<Point3>(&[0x91, 0x05]).unwrap(), Point3 { x: 5, y: 2, z: 3 });
    assert_eq!(calls(), 1);
    assert_eq!(msgpack_core::from_slice::<Point3>(&[0x90]).unwrap(), Point3 { x: 1, y: 2, z: 3 });
    assert_eq!(calls(), 2);
    // Map form (not the written form) reads too.
    assert_eq!(msgpack_core::from_slice::<Point3>(b"\x81\xa1z\x09").unwrap(), Point3 { x: 1, y: 2, z: 9 });
    assert_eq!(calls(), 3);
    let bytes = map(vec![("x", Value::from(0)), ("y", Value::from(0)), ("z", Value::from(0))]);
    assert_eq!(msgpack_core::from_slice::<Point3>(&bytes).unwrap(), Point3 { x: 0, y: 0, z: 0 });
    assert_eq!(calls(), 3);
}

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(default = "Limits::strict", deny_unknown_fields)]
struct Limits {
    depth: u32,
    #[msgpack(rename = "len")]
    max_len: u64,
}

impl Limits {
    fn strict() -> Self {
        Limits { depth: 8, max_len: 1024 }
    }
}

#[test]
fn container_default_path() {
    assert_eq!(msgpack_core::from_slice::<Limits>(b"\x81\xa3len\x05").unwrap(), Limits { depth: 8, max_len: 5 });
    assert_eq!(rt(&Limits { depth: 1, max_len: 70000 }), b"\x82\xa5depth\x01\xa3len\xce\x00\x01\x11\x70");
    assert_eq!(err::<Limits>(b"\x81\xa1x\x05"), r#"unknown field "x" at $ (byte 1)"#);
}

/// The schema: every field is optional for the reader, and still always
/// written.
#[test]
fn container_default_in_the_schema() {
    use msgpack_core::schema::{Schema, Shape, check, shape_of};
    let Shape::Struct(def) = Config::SHAPE.get() else { unreachable!() };
    assert!(def.fields.iter().all(|f| !f.required && f.always_written));
    #[derive(MsgPack)]
    struct Empty {}
    assert!(check(shape_of::<Config>(), shape_of::<Empty>()).is_ok());
    #[derive(MsgPack)]
    #[msgpack(array)]
    struct Short {
        x: i32,
    }
    assert!(check(shape_of::<Point3>(), shape_of::<Short>()).is_ok());
}

// ---------------------------------------------------------------------------
// `transparent`

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

// ---------------------------------------------------------------------------
// `from` / `into`

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

// ---------------------------------------------------------------------------
// `rename_all_fields`

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(rename_all = "snake_case", rename_all_fields = "camelCase")]
enum Request<'a> {
    GetUser {
        user_id: u64,
        include_posts: bool,
    },
    #[msgpack(rename_all = "SCREAMING_SNAKE_CASE")]
    SetName {
        user_id: u64,
        new_name: &'a str,
    },
    Ping(u8),
    Quit,
}

/// Every struct variant's fields are renamed, unless the variant has its
/// own `rename_all` (serde's precedence); variant names follow `rename_all`.
#[test]
fn rename_all_fields_renames_every_struct_variant() {
    assert_eq!(
        rt_borrowed!(Request::GetUser { user_id: 1, include_posts: true }),
        b"\x81\xa8get_user\x82\xa6userId\x01\xacincludePosts\xc3"
    );
    assert_eq!(
        rt_borrowed!(Request::SetName { user_id: 2, new_name: "n" }),
        b"\x81\xa8set_name\x82\xa7USER_ID\x02\xa8NEW_NAME\xa1n"
    );
    assert_eq!(rt_borrowed!(Request::Ping(3)), b"\x81\xa4ping\x03");
    assert_eq!(rt_borrowed!(Request::Quit), b"\xa4quit");
    let e = msgpack_core::from_slice::<Request>(b"\x81\xa8get_user\x81\xa6userId\x01").unwrap_err();
    assert_eq!(e.to_string(), r#"missing field "includePosts" at $.get_user (byte 10)"#);
}

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(tag = "kind", rename_all_fields = "kebab-case")]
enum Job {
    Build { target_dir: String, release_mode: bool },
}

#[test]
fn rename_all_fields_with_internal_tags() {
    let j = Job::Build { target_dir: "t".into(), release_mode: false };
    assert_eq!(rt(&j), b"\x83\xa4kind\xa5Build\xaatarget-dir\xa1t\xacrelease-mode\xc2");
    use msgpack_core::schema::{Payload, Schema, Shape};
    let Shape::Enum(def) = Job::SHAPE.get() else { unreachable!() };
    let Payload::Struct(s) = def.variants[0].payload else { unreachable!() };
    assert!(matches!(s.fields[0].key, msgpack_core::schema::Key::Str("target-dir")));
}

// ---------------------------------------------------------------------------
// `encode_with` / `decode_with`

mod hex_fns {
    use msgpack_core::{Decoder, Encoder, decode, encode};
    pub(crate) fn write<W: encode::Write>(v: &u32, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        e.str(&format!("{v:x}"))
    }
    pub(crate) fn read(d: &mut Decoder<'_>) -> Result<u32, decode::Error> {
        let at = d.position();
        u32::from_str_radix(d.str()?, 16).map_err(|_| decode::Error::custom("not hex", at))
    }
    /// Bytes as a hex string (any length: str headers of every width).
    pub(crate) fn write_bytes<W: encode::Write>(
        v: &[u8],
        e: &mut Encoder<W>,
    ) -> Result<(), encode::Error<W::Error>> {
        e.str(&v.iter().map(|b| format!("{b:02x}")).collect::<String>())
    }
}

/// A `u8` read from an integer or from a decimal string.
fn lenient_u8(d: &mut msgpack_core::Decoder<'_>) -> Result<u8, msgpack_core::decode::Error> {
    let at = d.position();
    match d.peek()? {
        msgpack_core::marker::Marker::Str => {
            d.str()?.parse().map_err(|_| msgpack_core::decode::Error::custom("not a number", at))
        }
        _ => d.u8(),
    }
}

/// Leading and trailing spaces dropped, still borrowed.
fn trimmed<'de>(d: &mut msgpack_core::Decoder<'de>) -> Result<&'de str, msgpack_core::decode::Error> {
    Ok(d.str()?.trim())
}

#[derive(MsgPack, PartialEq, Debug)]
struct Pixel<'a> {
    #[msgpack(encode_with = "hex_fns::write", decode_with = "hex_fns::read")]
    rgb: u32,
    #[msgpack(decode_with = "lenient_u8")]
    alpha: u8,
    #[msgpack(decode_with = "trimmed")]
    name: &'a str,
}

/// The two halves of `with`: each alone, or both; `encoded_len` of an
/// `encode_with` field is exact (what the function writes, counted).
#[test]
fn encode_with_and_decode_with() {
    let bytes = rt_borrowed!(Pixel { rgb: 0xff8800, alpha: 7, name: "p" });
    assert_eq!(bytes, b"\x83\xa3rgb\xa6ff8800\xa5alpha\x07\xa4name\xa1p");
    let lenient = b"\x83\xa3rgb\xa11\xa5alpha\xa3200\xa4name\xa3 q ";
    assert_eq!(msgpack_core::from_slice::<Pixel>(lenient).unwrap(), Pixel { rgb: 1, alpha: 200, name: "q" });
    let e = msgpack_core::from_slice::<Pixel>(b"\x81\xa3rgb\xa1z").unwrap_err();
    assert_eq!(e.to_string(), "not hex at $.rgb (byte 5)");
    let e = msgpack_core::from_slice::<Pixel>(b"\x81\xa5alpha\xa1z").unwrap_err();
    assert_eq!(e.to_string(), "not a number at $.alpha (byte 7)");
}

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(array)]
struct Blob {
    #[msgpack(encode_with = "hex_fns::write_bytes")]
    data: Vec<u8>,
}

#[test]
fn encode_with_length_at_header_boundaries() {
    // 15 and 16 bytes: 30 and 32 hex digits (fixstr / str 8); 128: 256 digits (str 16).
    for n in [0usize, 15, 16, 127, 128, 40000] {
        let b = Blob { data: vec![0xab; n] };
        let bytes = msgpack_core::to_vec(&b).unwrap();
        assert_eq!(b.encoded_len(), bytes.len(), "{n} bytes");
        assert_eq!(bytes.len(), 1 + msgpack_core::encode::str_size(2 * n));
    }
}

/// Bounds are inferred only for the side that uses the trait.
struct NotMsgPack;

fn write_count<T, W: msgpack_core::encode::Write>(
    v: &[T],
    e: &mut msgpack_core::Encoder<W>,
) -> Result<(), msgpack_core::encode::Error<W::Error>> {
    e.u64(v.len() as u64)
}

#[derive(MsgPack)]
struct Counted<T> {
    #[msgpack(encode_with = "write_count")]
    items: Vec<T>,
}

#[test]
fn encode_with_needs_no_encode_bound() {
    let c = Counted { items: vec![NotMsgPack, NotMsgPack] };
    assert_eq!(msgpack_core::to_vec(&c).unwrap(), b"\x81\xa5items\x02");
    assert_eq!(c.encoded_len(), 8);
}

#[test]
fn encode_with_and_decode_with_in_the_schema() {
    use msgpack_core::schema::{check, shape_of};
    #[derive(MsgPack)]
    struct Plain<'a> {
        rgb: u32,
        alpha: u8,
        name: &'a str,
    }
    assert!(check(shape_of::<Pixel>(), shape_of::<Pixel>()).is_ok());
    assert!(check(shape_of::<Pixel>(), shape_of::<Plain>()).is_err());
    assert!(check(shape_of::<Plain>(), shape_of::<Pixel>()).is_err());
    let text = shape_of::<Pixel>().to_string();
    assert!(
        text.contains("u32 with(encode_with(serde_parity::hex_fns::write) decode_with(serde_parity::hex_fns::read))"),
        "{text}"
    );
}
