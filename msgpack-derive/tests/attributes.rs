//! Runtime behaviour of every `#[msgpack(...)]` attribute and of the shapes
//! the derive supports: exact bytes, round trips, `encoded_len`, error
//! messages with their paths and offsets, zero-copy decoding, and limits.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt::Debug;

use msgpack_core::decode::ErrorKind;
use msgpack_core::{DecodeOptions, Encode, MsgPack, Value};

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

/// The bytes of `v`, checking `encoded_len`.
fn enc<T: Encode + ?Sized>(v: &T) -> Vec<u8> {
    let bytes = msgpack_core::to_vec(v).unwrap();
    assert_eq!(v.encoded_len(), bytes.len());
    bytes
}

/// The message of the error decoding `bytes` as `T`.
fn err<T: for<'de> msgpack_core::Decode<'de> + Debug>(bytes: &[u8]) -> String {
    match msgpack_core::from_slice::<T>(bytes) {
        Ok(v) => panic!("expected an error, decoded {v:?}"),
        Err(e) => e.to_string(),
    }
}

fn map(entries: Vec<(&str, Value)>) -> Value {
    Value::Map(entries.into_iter().map(|(k, v)| (Value::from(k), v)).collect())
}

// ---------------------------------------------------------------------------
// Forms

#[derive(MsgPack, PartialEq, Debug)]
struct Point {
    x: i32,
    y: i32,
}

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(array)]
struct PointA {
    x: i32,
    y: i32,
}

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(map)]
struct PointM {
    x: i32,
    y: i32,
}

#[test]
fn map_and_array_forms() {
    assert_eq!(rt(&Point { x: 1, y: -1 }), b"\x82\xa1x\x01\xa1y\xff");
    assert_eq!(rt(&PointM { x: 1, y: -1 }), b"\x82\xa1x\x01\xa1y\xff");
    assert_eq!(rt(&PointA { x: 1, y: -1 }), b"\x92\x01\xff");
    // Each decodes from the other form.
    assert_eq!(msgpack_core::from_slice::<Point>(b"\x92\x01\xff").unwrap(), Point { x: 1, y: -1 });
    assert_eq!(msgpack_core::from_slice::<PointA>(b"\x82\xa1x\x01\xa1y\xff").unwrap(), PointA { x: 1, y: -1 });
    // Any key order.
    assert_eq!(msgpack_core::from_slice::<PointA>(b"\x82\xa1y\xff\xa1x\x01").unwrap(), PointA { x: 1, y: -1 });
    assert_eq!(msgpack_core::from_slice::<Point>(b"\x82\xa1y\xff\xa1x\x01").unwrap(), Point { x: 1, y: -1 });
    // Neither a map nor an array.
    assert_eq!(err::<Point>(b"\x05"), "expected Point, found int 5 at $ (byte 0)");
}

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(array)]
struct Versioned {
    id: u32,
    name: Option<String>,
    #[msgpack(default)]
    added_in_v2: u8,
    #[msgpack(default = "ten")]
    added_in_v3: u8,
}

fn ten() -> u8 {
    10
}

#[test]
fn array_form_short_and_long_arrays() {
    let v = Versioned { id: 1, name: None, added_in_v2: 2, added_in_v3: 3 };
    assert_eq!(rt(&v), b"\x94\x01\xc0\x02\x03");
    // Trailing defaulted fields may be missing (an older writer).
    assert_eq!(
        msgpack_core::from_slice::<Versioned>(b"\x92\x01\xa1n").unwrap(),
        Versioned { id: 1, name: Some("n".into()), added_in_v2: 0, added_in_v3: 10 }
    );
    // So may an `Option`, which becomes `None`.
    assert_eq!(
        msgpack_core::from_slice::<Versioned>(b"\x91\x07").unwrap(),
        Versioned { id: 7, name: None, added_in_v2: 0, added_in_v3: 10 }
    );
    // A required one may not.
    assert_eq!(err::<Versioned>(b"\x90"), r#"missing field "id" at $ (byte 0)"#);
    // Extra elements (a newer writer) are skipped, containers included.
    assert_eq!(
        msgpack_core::from_slice::<Versioned>(b"\x96\x01\xc0\x02\x03\x92\x01\x81\xa1k\x90\xa1z").unwrap(),
        Versioned { id: 1, name: None, added_in_v2: 2, added_in_v3: 3 }
    );
}

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(array, deny_unknown_fields)]
struct StrictA {
    a: u8,
    b: u8,
}

#[test]
fn array_form_deny_unknown_fields_rejects_long_arrays() {
    assert_eq!(rt(&StrictA { a: 1, b: 2 }), b"\x92\x01\x02");
    assert_eq!(err::<StrictA>(b"\x93\x01\x02\x03"), "expected 2 elements, found 3 at $ (byte 0)");
}

// ---------------------------------------------------------------------------
// rename_all and rename (serde's rules)

macro_rules! renamed {
    ($name:ident, $enum_name:ident, $rule:literal, [$($key:literal),*], [$($variant:literal),*]) => {
        #[derive(MsgPack, PartialEq, Debug)]
        #[msgpack(rename_all = $rule)]
        struct $name {
            created_by: u8,
            x: u8,
            url_v2_path: u8,
        }
        #[derive(MsgPack, PartialEq, Debug)]
        #[msgpack(rename_all = $rule)]
        enum $enum_name {
            ReadWrite,
            A,
            HttpV2Server,
        }
        impl $name {
            fn check() {
                let bytes = rt(&$name { created_by: 1, x: 2, url_v2_path: 3 });
                let keys: Vec<String> = match msgpack_core::from_slice::<Value>(&bytes).unwrap().into_map() {
                    Ok(m) => m.into_iter().map(|(k, _)| k.as_str().unwrap().to_owned()).collect(),
                    Err(other) => panic!("{other:?}"),
                };
                assert_eq!(keys, [$($key),*], "fields with {}", $rule);
                let names: Vec<String> = [$enum_name::ReadWrite, $enum_name::A, $enum_name::HttpV2Server]
                    .iter()
                    .map(|v| msgpack_core::from_slice::<String>(&rt(v)).unwrap())
                    .collect();
                assert_eq!(names, [$($variant),*], "variants with {}", $rule);
            }
        }
    };
}

renamed!(Lower, LowerE, "lowercase", ["created_by", "x", "url_v2_path"], ["readwrite", "a", "httpv2server"]);
renamed!(Upper, UpperE, "UPPERCASE", ["CREATED_BY", "X", "URL_V2_PATH"], ["READWRITE", "A", "HTTPV2SERVER"]);
renamed!(Pascal, PascalE, "PascalCase", ["CreatedBy", "X", "UrlV2Path"], ["ReadWrite", "A", "HttpV2Server"]);
renamed!(Camel, CamelE, "camelCase", ["createdBy", "x", "urlV2Path"], ["readWrite", "a", "httpV2Server"]);
renamed!(Snake, SnakeE, "snake_case", ["created_by", "x", "url_v2_path"], ["read_write", "a", "http_v2_server"]);
renamed!(
    ScreamingSnake,
    ScreamingSnakeE,
    "SCREAMING_SNAKE_CASE",
    ["CREATED_BY", "X", "URL_V2_PATH"],
    ["READ_WRITE", "A", "HTTP_V2_SERVER"]
);
renamed!(Kebab, KebabE, "kebab-case", ["created-by", "x", "url-v2-path"], ["read-write", "a", "http-v2-server"]);
renamed!(
    ScreamingKebab,
    ScreamingKebabE,
    "SCREAMING-KEBAB-CASE",
    ["CREATED-BY", "X", "URL-V2-PATH"],
    ["READ-WRITE", "A", "HTTP-V2-SERVER"]
);

#[test]
fn rename_all_every_rule() {
    Lower::check();
    Upper::check();
    Pascal::check();
    Camel::check();
    Snake::check();
    ScreamingSnake::check();
    Kebab::check();
    ScreamingKebab::check();
}

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(rename_all = "camelCase")]
struct Renamed {
    user_id: u8,
    #[msgpack(rename = "ID")]
    other_id: u8,
    r#type: u8,
}

#[test]
fn rename_wins_over_rename_all_and_raw_identifiers_are_unraw() {
    assert_eq!(rt(&Renamed { user_id: 1, other_id: 2, r#type: 3 }), b"\x83\xa6userId\x01\xa2ID\x02\xa4type\x03");
}

/// An enum's `rename_all` renames its variants; a variant's own `rename_all`
/// renames that variant's fields (serde's `rename_all` / per-variant rules).
#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(rename_all = "snake_case")]
enum Event {
    #[msgpack(rename_all = "camelCase")]
    UserCreated {
        user_id: u32,
    },
    UserDeleted {
        user_id: u32,
    },
    #[msgpack(rename = "ping!")]
    Ping,
}

#[test]
fn enum_rename_all_applies_to_variants_not_fields() {
    assert_eq!(rt(&Event::UserCreated { user_id: 1 }), b"\x81\xacuser_created\x81\xa6userId\x01");
    assert_eq!(rt(&Event::UserDeleted { user_id: 1 }), b"\x81\xacuser_deleted\x81\xa7user_id\x01");
    assert_eq!(rt(&Event::Ping), b"\xa5ping!");
}

// ---------------------------------------------------------------------------
// Unknown fields

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(deny_unknown_fields)]
struct Strict {
    name: String,
    age: u8,
}

#[derive(MsgPack, PartialEq, Debug)]
struct Lenient {
    name: String,
    age: u8,
}

#[test]
fn deny_unknown_fields() {
    assert_eq!(rt(&Strict { name: "a".into(), age: 1 }), b"\x82\xa4name\xa1a\xa3age\x01");
    let typo = enc(&map(vec![("nmae", Value::from("a")), ("age", Value::from(1u8))]));
    assert_eq!(err::<Strict>(&typo), r#"unknown field "nmae" at $ (byte 1)"#);
    let int_key = enc(&Value::Map(vec![(Value::from(7u8), Value::Nil)]));
    assert_eq!(err::<Strict>(&int_key), "unknown field int 7 at $ (byte 1)");
    assert_eq!(
        msgpack_core::from_slice::<Lenient>(&typo).unwrap_err().to_string(),
        r#"missing field "name" at $ (byte 0)"#
    );
}

#[test]
fn unknown_fields_are_skipped_by_default() {
    let nested = map(vec![
        (
            "deep",
            Value::Array(vec![map(vec![("a", Value::Array(vec![Value::from(1u8); 20]))]), Value::from(vec![0u8; 300])]),
        ),
        ("x", Value::Nil),
    ]);
    let input = Value::Map(vec![
        (Value::from("extra"), nested.clone()),
        (Value::from("age"), Value::from(30u8)),
        (Value::from(5u8), Value::from("int key")),
        (Value::from(-5i8), Value::Nil),
        (Value::Array(vec![Value::from(1u8)]), nested.clone()),
        (Value::from(true), Value::from(1.5f64)),
        (Value::Nil, Value::from(&b"bin"[..])),
        (Value::from("name"), Value::from("ann")),
        (Value::from("ext"), Value::Ext(msgpack_core::Ext::new(3, vec![1, 2, 3]))),
        (Value::from("zzz"), nested),
    ]);
    let bytes = enc(&input);
    assert_eq!(msgpack_core::from_slice::<Lenient>(&bytes).unwrap(), Lenient { name: "ann".into(), age: 30 });
}

// ---------------------------------------------------------------------------
// Duplicate and missing fields, error paths

#[derive(MsgPack, PartialEq, Debug)]
struct Inner {
    name: String,
    age: u8,
}

#[derive(MsgPack, PartialEq, Debug)]
struct Outer {
    id: u8,
    inner: Inner,
    list: Vec<Inner>,
}

#[test]
fn duplicate_fields_are_errors() {
    assert_eq!(err::<Point>(b"\x83\xa1x\x01\xa1x\x02\xa1y\x03"), r#"duplicate field "x" at $ (byte 4)"#);
    assert_eq!(err::<Point>(b"\x83\xa1y\x01\xa1x\x02\xa1y\x03"), r#"duplicate field "y" at $ (byte 7)"#);
    assert_eq!(err::<PointA>(b"\x83\xa1x\x01\xa1x\x02\xa1y\x03"), r#"duplicate field "x" at $ (byte 4)"#);
}

#[test]
fn missing_fields_name_the_field_and_path() {
    // {id: 1, inner: {age: 3}, list: []}
    let bytes = enc(&map(vec![
        ("id", Value::from(1u8)),
        ("inner", map(vec![("age", Value::from(3u8))])),
        ("list", Value::Array(vec![])),
    ]));
    assert_eq!(err::<Outer>(&bytes), r#"missing field "name" at $.inner (byte 11)"#);
    let e = msgpack_core::from_slice::<Outer>(&bytes).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::MissingField("name"));
    assert_eq!(e.offset(), 11);
    let bytes = enc(&map(vec![("id", Value::from(1u8))]));
    assert_eq!(err::<Outer>(&bytes), r#"missing field "inner" at $ (byte 0)"#);
}

#[test]
fn error_paths_through_structs_and_vecs() {
    let good = || map(vec![("name", Value::from("n")), ("age", Value::from(1u8))]);
    let bytes = enc(&map(vec![
        ("id", Value::from(1u8)),
        ("inner", good()),
        ("list", Value::Array(vec![good(), good(), map(vec![("name", Value::from("n")), ("age", Value::from("x"))])])),
    ]));
    let e = err::<Outer>(&bytes);
    assert_eq!(e, format!(r#"expected u8, found str "x" at $.list[2].age (byte {})"#, bytes.len() - 2));
    let bytes = enc(&map(vec![
        ("id", Value::from(1u8)),
        ("inner", map(vec![("name", Value::from("n")), ("age", Value::from(300u16))])),
    ]));
    assert_eq!(err::<Outer>(&bytes), "expected u8, found int 300 (out of range) at $.inner.age (byte 23)");
    // Tuple structs and array-form structs name positions.
    assert_eq!(err::<Pair>(b"\x92\x01\xa1x"), r#"expected u64, found str "x" at $[1] (byte 2)"#);
    assert_eq!(err::<PointA>(b"\x92\x01\xa1x"), r#"expected i32, found str "x" at $.y (byte 2)"#);
}

// ---------------------------------------------------------------------------
// omit_defaults

fn answer() -> u32 {
    42
}

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(omit_defaults)]
struct Sparse {
    id: u32,
    nick: Option<String>,
    #[msgpack(default)]
    score: i64,
    #[msgpack(default = "answer")]
    level: u32,
    #[msgpack(default)]
    tags: Vec<String>,
    required_vec: Vec<u8>,
}

#[test]
fn omit_defaults() {
    let v = Sparse { id: 1, nick: None, score: 0, level: 42, tags: vec![], required_vec: vec![] };
    // Only fields that have a default and equal it are left out.
    assert_eq!(rt(&v), b"\x82\xa2id\x01\xacrequired_vec\xc4\x00");
    let full =
        Sparse { id: 1, nick: Some("n".into()), score: -1, level: 0, tags: vec!["t".into()], required_vec: vec![1] };
    let bytes = rt(&full);
    assert_eq!(bytes[0], 0x86);
    // One at a time.
    for v in [
        Sparse {
            nick: Some(String::new()),
            ..Sparse { id: 1, nick: None, score: 0, level: 42, tags: vec![], required_vec: vec![] }
        },
        Sparse { id: 1, nick: None, score: 5, level: 42, tags: vec![], required_vec: vec![] },
        Sparse { id: 1, nick: None, score: 0, level: 41, tags: vec![], required_vec: vec![] },
        Sparse { id: 1, nick: None, score: 0, level: 42, tags: vec![String::new()], required_vec: vec![] },
    ] {
        assert_eq!(rt(&v)[0], 0x83, "{v:?}");
    }
    // nil for an Option field still decodes.
    let bytes = enc(&map(vec![("id", Value::from(1u8)), ("nick", Value::Nil), ("required_vec", Value::Bin(vec![]))]));
    assert_eq!(msgpack_core::from_slice::<Sparse>(&bytes).unwrap(), v);
}

// ---------------------------------------------------------------------------
// Internally tagged enums

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(tag = "type", rename_all = "lowercase")]
enum Node {
    File { name: String, nbytes: u64 },
    Directory { name: String, contents: Vec<Node> },
    Link(Target),
    Empty,
}

#[derive(MsgPack, PartialEq, Debug)]
struct Target {
    path: String,
    depth: Option<u8>,
}

fn file(name: &str, nbytes: u64) -> Node {
    Node::File { name: name.into(), nbytes }
}

#[test]
fn tag_is_written_first() {
    assert_eq!(rt(&file("a", 1)), b"\x83\xa4type\xa4file\xa4name\xa1a\xa6nbytes\x01");
    assert_eq!(rt(&Node::Empty), b"\x81\xa4type\xa5empty");
    assert_eq!(
        rt(&Node::Link(Target { path: "/p".into(), depth: None })),
        b"\x83\xa4type\xa4link\xa4path\xa2/p\xa5depth\xc0"
    );
    rt(&Node::Directory {
        name: "d".into(),
        contents: vec![file("a", 1), Node::Empty, Node::Directory { name: "e".into(), contents: vec![] }],
    });
}

#[test]
fn tag_anywhere_in_the_map() {
    for input in [
        map(vec![("name", Value::from("a")), ("type", Value::from("file")), ("nbytes", Value::from(1u8))]),
        map(vec![("name", Value::from("a")), ("nbytes", Value::from(1u8)), ("type", Value::from("file"))]),
        map(vec![
            ("extra", Value::Array(vec![Value::Nil])),
            ("nbytes", Value::from(1u8)),
            ("name", Value::from("a")),
            ("type", Value::from("file")),
        ]),
    ] {
        assert_eq!(msgpack_core::from_slice::<Node>(&enc(&input)).unwrap(), file("a", 1));
    }
    let link = map(vec![("path", Value::from("/")), ("type", Value::from("link"))]);
    assert_eq!(
        msgpack_core::from_slice::<Node>(&enc(&link)).unwrap(),
        Node::Link(Target { path: "/".into(), depth: None })
    );
    let empty = map(vec![("junk", Value::from(1u8)), ("type", Value::from("empty"))]);
    assert_eq!(msgpack_core::from_slice::<Node>(&enc(&empty)).unwrap(), Node::Empty);
}

#[test]
fn tag_errors() {
    let missing = enc(&map(vec![("name", Value::from("a")), ("nbytes", Value::from(1u8))]));
    assert_eq!(err::<Node>(&missing), r#"missing field "type" at $ (byte 0)"#);
    let unknown = enc(&map(vec![("type", Value::from("fle")), ("name", Value::from("a"))]));
    assert_eq!(err::<Node>(&unknown), r#"unknown tag "fle" for Node at $.type (byte 6)"#);
    // Nested: the path leads to the tag.
    let nested = enc(&map(vec![
        ("type", Value::from("directory")),
        ("name", Value::from("d")),
        ("contents", Value::Array(vec![map(vec![("type", Value::from("fle"))])])),
    ]));
    assert_eq!(
        err::<Node>(&nested),
        format!(r#"unknown tag "fle" for Node at $.contents[0].type (byte {})"#, nested.len() - 4)
    );
    let not_a_str = enc(&map(vec![("type", Value::from(1u8))]));
    assert_eq!(err::<Node>(&not_a_str), "expected str, found int 1 at $.type (byte 6)");
    assert_eq!(err::<Node>(b"\xa4file"), r#"expected Node, found str "file" at $ (byte 0)"#);
}

/// The example of the issue: a type error deep in a tree of internally
/// tagged nodes gives the full path.
#[test]
fn error_path_through_internally_tagged_tree() {
    let f = |nbytes: Value| map(vec![("type", Value::from("file")), ("name", Value::from("f")), ("nbytes", nbytes)]);
    let dir = |contents: Vec<Value>| {
        map(vec![("type", Value::from("directory")), ("name", Value::from("d")), ("contents", Value::Array(contents))])
    };
    let tree = dir(vec![f(1u8.into()), f(2u8.into()), f(3u8.into()), dir(vec![f(Value::from("x"))])]);
    let bytes = enc(&tree);
    let e = msgpack_core::from_slice::<Node>(&bytes).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(r#"expected u64, found str "x" at $.contents[3].contents[0].nbytes (byte {})"#, bytes.len() - 2)
    );
}

// ---------------------------------------------------------------------------
// Unit-only enums: names, integers, other

#[derive(MsgPack, PartialEq, Debug, Clone, Copy)]
#[msgpack(rename_all = "SCREAMING_SNAKE_CASE")]
enum Permissions {
    Read,
    Write,
    ReadWrite,
}

#[derive(MsgPack, PartialEq, Debug, Clone, Copy)]
enum Level {
    Low,
    High,
    #[msgpack(other)]
    Unknown,
}

#[derive(MsgPack, PartialEq, Debug, Clone, Copy)]
#[msgpack(index)]
enum Indexed {
    A,
    B,
    #[msgpack(skip)]
    Hidden,
    C,
}

#[derive(MsgPack, PartialEq, Debug, Clone, Copy)]
enum Code {
    Ok = 0,
    NotFound = 404,
    Teapot = 418,
    Negative = -7,
}

#[derive(MsgPack, PartialEq, Debug, Clone, Copy)]
enum CodeOr {
    Ok = 200,
    #[msgpack(other)]
    Unknown = 0,
}

#[test]
fn unit_enums_as_names() {
    assert_eq!(rt(&Permissions::ReadWrite), b"\xaaREAD_WRITE");
    assert_eq!(rt(&Permissions::Read), b"\xa4READ");
    assert_eq!(err::<Permissions>(b"\xa4read"), r#"unknown tag "read" for Permissions at $ (byte 0)"#);
    assert_eq!(err::<Permissions>(b"\x01"), "expected Permissions, found int 1 at $ (byte 0)");
    // `other` catches unknown names.
    assert_eq!(rt(&Level::High), b"\xa4High");
    assert_eq!(msgpack_core::from_slice::<Level>(b"\xa6Medium").unwrap(), Level::Unknown);
    assert_eq!(rt(&Level::Unknown), b"\xa7Unknown");
}

#[test]
fn unit_enums_as_integers() {
    // `index`: the position among all variants (skipped ones keep theirs).
    assert_eq!(rt(&Indexed::A), [0x00]);
    assert_eq!(rt(&Indexed::B), [0x01]);
    assert_eq!(rt(&Indexed::C), [0x03]);
    assert_eq!(err::<Indexed>(&[0x02]), "unknown tag int 2 for Indexed at $ (byte 0)");
    assert_eq!(err::<Indexed>(b"\xa1A"), r#"expected Indexed, found str "A" at $ (byte 0)"#);
    // Explicit discriminants, smallest integer form.
    assert_eq!(rt(&Code::Ok), [0x00]);
    assert_eq!(rt(&Code::NotFound), [0xcd, 0x01, 0x94]);
    assert_eq!(rt(&Code::Teapot), [0xcd, 0x01, 0xa2]);
    assert_eq!(rt(&Code::Negative), [0xf9]);
    assert_eq!(msgpack_core::from_slice::<Code>(&[0xd1, 0x01, 0x94]).unwrap(), Code::NotFound);
    assert_eq!(err::<Code>(&[0x05]), "unknown tag int 5 for Code at $ (byte 0)");
    assert_eq!(rt(&CodeOr::Ok), [0xcc, 200]);
    assert_eq!(msgpack_core::from_slice::<CodeOr>(&[0x05]).unwrap(), CodeOr::Unknown);
}

#[derive(MsgPack, PartialEq, Debug, Clone, Copy)]
enum Mode {
    On,
    #[msgpack(skip)]
    Internal,
    Off,
}

#[test]
fn skipped_variants_cannot_be_encoded() {
    let e = msgpack_core::to_vec(&Indexed::Hidden).unwrap_err();
    assert!(e.to_string().contains("Hidden"), "{e}");
    assert_eq!(rt(&Mode::Off), b"\xa3Off");
    assert!(msgpack_core::to_vec(&Mode::Internal).is_err());
    assert_eq!(err::<Mode>(b"\xa8Internal"), r#"unknown tag "Internal" for Mode at $ (byte 0)"#);
}

// ---------------------------------------------------------------------------
// Externally tagged data enums: rename, skip, other

#[derive(MsgPack, PartialEq, Debug)]
enum Msg {
    Ping,
    #[msgpack(rename = "txt")]
    Text(String),
    Move(i32, i32),
    Login {
        user: String,
        #[msgpack(default)]
        tries: u8,
    },
    #[msgpack(skip)]
    Local(std::rc::Rc<u8>),
    #[msgpack(other)]
    Unknown,
}

#[test]
fn externally_tagged_attributes() {
    assert_eq!(rt(&Msg::Ping), b"\xa4Ping");
    assert_eq!(rt(&Msg::Text("hi".into())), b"\x81\xa3txt\xa2hi");
    assert_eq!(rt(&Msg::Move(1, -1)), b"\x81\xa4Move\x92\x01\xff");
    assert_eq!(rt(&Msg::Login { user: "u".into(), tries: 2 }), b"\x81\xa5Login\x82\xa4user\xa1u\xa5tries\x02");
    // Struct variants read from the array form too, with defaults.
    assert_eq!(
        msgpack_core::from_slice::<Msg>(b"\x81\xa5Login\x91\xa1u").unwrap(),
        Msg::Login { user: "u".into(), tries: 0 }
    );
    // `other` catches unknown tags, with or without data.
    assert_eq!(msgpack_core::from_slice::<Msg>(b"\xa4Pong").unwrap(), Msg::Unknown);
    assert_eq!(msgpack_core::from_slice::<Msg>(b"\x81\xa4Pong\x92\x01\x81\xa1a\x90").unwrap(), Msg::Unknown);
    // A skipped variant is unknown on the wire.
    assert_eq!(msgpack_core::from_slice::<Msg>(b"\x81\xa5Local\x01").unwrap(), Msg::Unknown);
    assert!(msgpack_core::to_vec(&Msg::Local(1.into())).is_err());
    // Errors inside a variant name it.
    assert_eq!(err::<Msg>(b"\x81\xa4Move\x92\x01\xa1x"), r#"expected i32, found str "x" at $.Move[1] (byte 8)"#);
    assert_eq!(err::<Msg>(b"\x81\xa4Move\x93\x01\x02\x03"), "expected 2 elements, found 3 at $.Move (byte 6)");
    assert_eq!(err::<Msg>(b"\x82\xa4Ping\xc0\xa4Ping\xc0"), "expected 1 elements, found 2 at $ (byte 0)");
}

#[derive(MsgPack, PartialEq, Debug)]
enum Strict2 {
    A(u8),
    B,
}

#[test]
fn unknown_tags_without_other() {
    assert_eq!(err::<Strict2>(b"\xa1C"), r#"unknown tag "C" for Strict2 at $ (byte 0)"#);
    assert_eq!(err::<Strict2>(b"\x81\xa1C\x01"), r#"unknown tag "C" for Strict2 at $ (byte 1)"#);
    assert_eq!(msgpack_core::from_slice::<Strict2>(b"\x81\xa1B\xc0").unwrap(), Strict2::B);
    // A data variant written as a bare name has no data.
    assert_eq!(err::<Strict2>(b"\xa1A"), r#"unknown tag "A" for Strict2 at $ (byte 0)"#);
}

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(tag = "kind")]
enum Tagged {
    A {
        x: u8,
    },
    B,
    #[msgpack(other)]
    Other,
}

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(tag = "kind", deny_unknown_fields)]
enum TaggedStrict {
    A { x: u8 },
    B,
}

#[test]
fn internally_tagged_other_and_deny_unknown_fields() {
    assert_eq!(rt(&Tagged::A { x: 1 }), b"\x82\xa4kind\xa1A\xa1x\x01");
    let unknown = enc(&map(vec![("kind", Value::from("Z")), ("x", Value::Array(vec![Value::Nil]))]));
    assert_eq!(msgpack_core::from_slice::<Tagged>(&unknown).unwrap(), Tagged::Other);
    let unknown_late = enc(&map(vec![("x", Value::from(1u8)), ("kind", Value::from("Z"))]));
    assert_eq!(msgpack_core::from_slice::<Tagged>(&unknown_late).unwrap(), Tagged::Other);
    let extra = enc(&map(vec![("kind", Value::from("A")), ("x", Value::from(1u8)), ("y", Value::from(2u8))]));
    assert_eq!(msgpack_core::from_slice::<Tagged>(&extra).unwrap(), Tagged::A { x: 1 });
    assert_eq!(err::<TaggedStrict>(&extra), r#"unknown field "y" at $ (byte 11)"#);
    let unit_extra = enc(&map(vec![("kind", Value::from("B")), ("y", Value::from(2u8))]));
    assert_eq!(msgpack_core::from_slice::<Tagged>(&unit_extra).unwrap(), Tagged::B);
    assert_eq!(err::<TaggedStrict>(&unit_extra), r#"unknown field "y" at $ (byte 8)"#);
    // The tag after the fields is not an unknown field.
    let late = enc(&map(vec![("x", Value::from(1u8)), ("kind", Value::from("A"))]));
    assert_eq!(msgpack_core::from_slice::<TaggedStrict>(&late).unwrap(), TaggedStrict::A { x: 1 });
    let late_unit = enc(&map(vec![("kind", Value::from("B"))]));
    assert_eq!(msgpack_core::from_slice::<TaggedStrict>(&late_unit).unwrap(), TaggedStrict::B);
}

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(deny_unknown_fields, omit_defaults)]
struct Sized2 {
    w: u32,
    h: Option<u32>,
}

/// A newtype variant of an internally tagged enum: the tag sits beside the
/// inner struct's fields, which keep their own attributes.
#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(tag = "t")]
enum Shape {
    Rect(Sized2),
    Dot,
}

#[test]
fn internally_tagged_newtype_variants() {
    assert_eq!(rt(&Shape::Rect(Sized2 { w: 1, h: None })), b"\x82\xa1t\xa4Rect\xa1w\x01");
    assert_eq!(rt(&Shape::Rect(Sized2 { w: 1, h: Some(2) })), b"\x83\xa1t\xa4Rect\xa1w\x01\xa1h\x02");
    rt(&Shape::Dot);
    // The tag after the fields is not an unknown field of the inner struct.
    let late = enc(&map(vec![("w", Value::from(1u8)), ("t", Value::from("Rect"))]));
    assert_eq!(msgpack_core::from_slice::<Shape>(&late).unwrap(), Shape::Rect(Sized2 { w: 1, h: None }));
    let extra = enc(&map(vec![("t", Value::from("Rect")), ("w", Value::from(1u8)), ("d", Value::Nil)]));
    assert_eq!(err::<Shape>(&extra), r#"unknown field "d" at $ (byte 11)"#);
    let missing = enc(&map(vec![("t", Value::from("Rect"))]));
    assert_eq!(err::<Shape>(&missing), r#"missing field "w" at $ (byte 0)"#);
}

// ---------------------------------------------------------------------------
// crate, bound, key, default, skip, skip_if, with, borrow

mod reexport {
    #[allow(clippy::single_component_path_imports, reason = "the re-export is what the test is about")]
    pub(crate) use msgpack_core;
}

/// A core path whose `missing_field` / `first_missing` helpers are marked: decoding through it
/// proves the generated code uses the `crate` path, not `::msgpack_core`.
mod shim {
    pub(crate) use msgpack_core::*;
    pub(crate) mod __private {
        pub(crate) use msgpack_core::__private::*;
        use msgpack_core::{Decoder, decode};

        pub(crate) fn missing_field(_: &Decoder<'_>, _: &'static str, at: usize) -> decode::Error {
            decode::Error::custom("missing field, via the shim", at)
        }

        /// What the generated code calls when a required field is missing.
        pub(crate) fn first_missing(d: &Decoder<'_>, at: usize, fields: &[(bool, &'static str)]) -> decode::Error {
            missing_field(d, fields[0].1, at)
        }
    }
}

#[derive(reexport::msgpack_core::MsgPack, PartialEq, Debug)]
#[msgpack(crate = "reexport::msgpack_core")]
struct ViaReexport {
    a: u8,
    b: Option<Vec<u8>>,
}

#[derive(reexport::msgpack_core::MsgPack, PartialEq, Debug)]
#[msgpack(crate = "reexport::msgpack_core", tag = "t")]
enum ViaReexportEnum {
    A { a: u8 },
    B,
}

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(crate = "shim")]
struct ViaShim {
    a: u8,
}

#[test]
fn crate_path() {
    assert_eq!(rt(&ViaShim { a: 1 }), b"\x81\xa1a\x01");
    assert_eq!(err::<ViaShim>(b"\x80"), "missing field, via the shim at $ (byte 0)");
    assert_eq!(rt(&ViaReexport { a: 1, b: Some(vec![2]) }), b"\x82\xa1a\x01\xa1b\xc4\x01\x02");
    rt(&ViaReexportEnum::A { a: 1 });
    rt(&ViaReexportEnum::B);
}

/// A type parameter only used through `PhantomData`-like wrappers, or whose
/// bound the derive cannot infer: `bound` replaces the inferred bounds.
#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(bound = "T: msgpack_core::Encode + for<'x> msgpack_core::Decode<'x> + Default")]
struct Bounded<T> {
    items: Vec<T>,
    #[msgpack(skip)]
    spare: T,
}

trait Store {
    type Id;
}

struct Mem;

impl Store for Mem {
    type Id = u64;
}

/// An associated type in a field: the bound is on `S::Id`, not `S`. One
/// `bound` serves both impls, and the `Encode` impl has no `'de`, so a
/// decode bound is written for every lifetime.
#[derive(MsgPack)]
#[msgpack(bound = "S::Id: msgpack_core::Encode + for<'x> msgpack_core::Decode<'x>")]
struct Record<S: Store> {
    id: S::Id,
}

#[test]
fn bound() {
    rt(&Bounded { items: vec![1u8, 2], spare: 0 });
    let bytes = enc(&Record::<Mem> { id: 7 });
    assert_eq!(bytes, b"\x81\xa2id\x07");
    let r: Record<Mem> = msgpack_core::from_slice(&bytes).unwrap();
    assert_eq!(r.id, 7);
}

#[derive(MsgPack, PartialEq, Debug)]
struct Compact {
    #[msgpack(key = 0)]
    id: u32,
    #[msgpack(key = 1)]
    name: String,
    #[msgpack(key = 200)]
    big: bool,
    #[msgpack(key = -1)]
    neg: Option<u8>,
}

#[test]
fn integer_keys() {
    let v = Compact { id: 5, name: "n".into(), big: true, neg: None };
    assert_eq!(rt(&v), b"\x84\x00\x05\x01\xa1n\xcc\xc8\xc3\xff\xc0");
    // Any order, any integer width, unknown keys skipped.
    let shuffled =
        [0x85, 0xff, 0x01, 0xd0, 0xc8, 0xa1, b'?', 0xcd, 0x00, 0xc8, 0xc2, 0xd1, 0x00, 0x01, 0xa1, b'm', 0x00, 0x06];
    assert_eq!(
        msgpack_core::from_slice::<Compact>(&shuffled).unwrap(),
        Compact { id: 6, name: "m".into(), big: false, neg: Some(1) }
    );
    // A string key "0" is not the integer key 0.
    assert_eq!(err::<Compact>(b"\x83\xa10\x05\x01\xa1n\xcc\xc8\xc3"), r#"missing field "0" at $ (byte 0)"#);
    assert_eq!(err::<Compact>(b"\x84\x00\x05\x00\x05\x01\xa1n\xcc\xc8\xc3"), r#"duplicate field "0" at $ (byte 3)"#);
}

fn hello() -> String {
    "hello".into()
}

fn is_empty_str(s: &str) -> bool {
    s.is_empty()
}

#[derive(MsgPack, PartialEq, Debug)]
struct Fields {
    id: u8,
    #[msgpack(default = "hello")]
    greeting: String,
    #[msgpack(skip)]
    cache: Vec<u8>,
    #[msgpack(skip, default = "hello")]
    local: String,
    #[msgpack(skip_if = "is_empty_str", default)]
    note: String,
    #[msgpack(skip_if = "Option::is_none")]
    extra: Option<u8>,
}

#[test]
fn default_skip_and_skip_if() {
    let v =
        Fields { id: 1, greeting: "hi".into(), cache: vec![], local: "hello".into(), note: String::new(), extra: None };
    assert_eq!(rt(&v), b"\x82\xa2id\x01\xa8greeting\xa2hi");
    let v =
        Fields { id: 1, greeting: "hi".into(), cache: vec![], local: "hello".into(), note: "n".into(), extra: Some(2) };
    assert_eq!(rt(&v), b"\x84\xa2id\x01\xa8greeting\xa2hi\xa4note\xa1n\xa5extra\x02");
    // Skipped fields are not written and come back as their default.
    let v =
        Fields { id: 1, greeting: "hi".into(), cache: vec![9], local: "mine".into(), note: String::new(), extra: None };
    let bytes = enc(&v);
    let back: Fields = msgpack_core::from_slice(&bytes).unwrap();
    assert_eq!((back.cache, back.local), (vec![], "hello".to_owned()));
    // `default = "path"` fills a missing field; a skipped key on the wire is unknown (skipped).
    let back: Fields = msgpack_core::from_slice(b"\x82\xa2id\x01\xa5cache\x91\x01").unwrap();
    assert_eq!(back.greeting, "hello");
    assert!(back.cache.is_empty());
}

/// A `u32` written as a decimal string.
mod as_string {
    use msgpack_core::{Decoder, decode, encode};

    pub(crate) fn encode<W: encode::Write>(v: &u32, e: &mut encode::Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        e.str(&v.to_string())
    }

    pub(crate) fn encoded_len(v: &u32) -> usize {
        encode::str_size(v.to_string().len())
    }

    pub(crate) fn decode(d: &mut Decoder<'_>) -> Result<u32, decode::Error> {
        let at = d.position();
        d.str()?.parse().map_err(|_| decode::Error::custom("expected a decimal number", at))
    }
}

/// Borrowing `with`: a comma-separated list kept as one `&str`.
mod csv {
    use msgpack_core::{Decoder, decode, encode};

    pub(crate) fn encode<W: encode::Write>(
        v: &[&str],
        e: &mut encode::Encoder<W>,
    ) -> Result<(), encode::Error<W::Error>> {
        e.str(&v.join(","))
    }

    pub(crate) fn encoded_len(v: &[&str]) -> usize {
        encode::str_size(v.iter().map(|s| s.len()).sum::<usize>() + v.len().saturating_sub(1))
    }

    pub(crate) fn decode<'de>(d: &mut Decoder<'de>) -> Result<Vec<&'de str>, decode::Error> {
        Ok(d.str()?.split(',').collect())
    }
}

#[derive(MsgPack, PartialEq, Debug)]
struct With<'a> {
    #[msgpack(with = "as_string")]
    port: u32,
    #[msgpack(with = "as_string")]
    hosts: u32,
    #[msgpack(with = "csv")]
    parts: Vec<&'a str>,
}

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(array)]
struct WithA {
    #[msgpack(with = "as_string")]
    port: u32,
}

#[derive(MsgPack, PartialEq, Debug)]
struct WithNewtype(#[msgpack(with = "as_string")] u32);

#[derive(MsgPack, PartialEq, Debug)]
enum WithEnum {
    V(#[msgpack(with = "as_string")] u32),
    S {
        #[msgpack(with = "as_string")]
        n: u32,
    },
}

#[test]
fn with_module() {
    let v = With { port: 8080, hosts: 3, parts: vec!["a", "b"] };
    let bytes = enc(&v);
    assert_eq!(bytes, b"\x83\xa4port\xa48080\xa5hosts\xa13\xa5parts\xa3a,b");
    assert_eq!(msgpack_core::from_slice::<With>(&bytes).unwrap(), v);
    assert_eq!(rt(&WithA { port: 1 }), b"\x91\xa11");
    assert_eq!(rt(&WithNewtype(12)), b"\xa212");
    assert_eq!(rt(&WithEnum::V(5)), b"\x81\xa1V\xa15");
    assert_eq!(rt(&WithEnum::S { n: 5 }), b"\x81\xa1S\x81\xa1n\xa15");
    assert_eq!(err::<WithA>(b"\x91\xa1x"), "expected a decimal number at $.port (byte 1)");
}

#[derive(MsgPack, PartialEq, Debug)]
struct Borrowed<'a> {
    #[msgpack(borrow)]
    name: Cow<'a, str>,
    text: &'a str,
    raw: &'a [u8],
    #[msgpack(borrow)]
    bytes: Cow<'a, [u8]>,
    list: Vec<&'a str>,
    nested: Option<Box<BorrowedInner<'a>>>,
}

#[derive(MsgPack, PartialEq, Debug)]
struct BorrowedInner<'a> {
    s: &'a str,
}

#[test]
fn zero_copy_borrowed_decode() {
    let v = Borrowed {
        name: Cow::Borrowed("name"),
        text: "text",
        raw: b"raw",
        bytes: Cow::Borrowed(b"bytes"),
        list: vec!["a", "bc"],
        nested: Some(Box::new(BorrowedInner { s: "inner" })),
    };
    let bytes = enc(&v);
    let back: Borrowed = msgpack_core::from_slice(&bytes).unwrap();
    assert_eq!(back, v);
    let range = bytes.as_ptr_range();
    let inside = |p: *const u8| range.contains(&p);
    assert!(matches!(back.name, Cow::Borrowed(_)));
    assert!(inside(back.name.as_ptr()));
    assert!(inside(back.text.as_ptr()));
    assert!(inside(back.raw.as_ptr()));
    assert!(matches!(back.bytes, Cow::Borrowed(_)));
    assert!(inside(back.bytes.as_ptr()));
    assert!(back.list.iter().all(|s| inside(s.as_ptr())));
    assert!(inside(back.nested.as_ref().unwrap().s.as_ptr()));
}

// ---------------------------------------------------------------------------
// Shapes: tuple, newtype, unit, generics, lifetimes, where clauses, recursion

#[derive(MsgPack, PartialEq, Debug)]
struct Pair(u32, u64);

#[derive(MsgPack, PartialEq, Debug)]
struct Meters(f64);

#[derive(MsgPack, PartialEq, Debug)]
struct Unit;

#[derive(MsgPack, PartialEq, Debug)]
struct Empty {}

#[derive(MsgPack, PartialEq, Debug)]
struct TupleSkip(u8, #[msgpack(skip)] u8, u8);

#[test]
fn tuple_newtype_and_unit_structs() {
    assert_eq!(rt(&Pair(1, 2)), b"\x92\x01\x02");
    assert_eq!(err::<Pair>(b"\x91\x01"), "expected 2 elements, found 1 at $ (byte 0)");
    assert_eq!(err::<Pair>(b"\x93\x01\x02\x03"), "expected 2 elements, found 3 at $ (byte 0)");
    assert_eq!(rt(&Meters(0.5)), b"\xcb\x3f\xe0\0\0\0\0\0\0");
    assert_eq!(rt(&Unit), b"\x90");
    assert_eq!(msgpack_core::from_slice::<Unit>(b"\xc0").unwrap(), Unit);
    assert_eq!(err::<Unit>(b"\x91\xc0"), "expected 0 elements, found 1 at $ (byte 0)");
    assert_eq!(rt(&Empty {}), b"\x80");
    assert_eq!(msgpack_core::from_slice::<Empty>(b"\x81\xa1x\x01").unwrap(), Empty {});
    assert_eq!(rt(&TupleSkip(1, 0, 3)), b"\x92\x01\x03");
}

#[derive(MsgPack, PartialEq, Debug)]
struct Generic<'a, T, U: Clone, const N: usize>
where
    T: Debug,
{
    t: T,
    u: Vec<U>,
    arr: [u16; N],
    s: &'a str,
}

#[derive(MsgPack, PartialEq, Debug)]
struct Defaulted<T = u8> {
    v: T,
}

#[derive(MsgPack, PartialEq, Debug)]
enum GenericEnum<T> {
    One(T),
    Many(Vec<T>),
    Named { first: T, rest: Vec<T> },
    None,
}

#[test]
fn generics_lifetimes_and_where_clauses() {
    let owned = String::from("borrowed");
    let v = Generic::<Option<i8>, String, 3> { t: Some(-1), u: vec!["u".into()], arr: [1, 2, 300], s: &owned };
    let bytes = enc(&v);
    assert_eq!(msgpack_core::from_slice::<Generic<Option<i8>, String, 3>>(&bytes).unwrap(), v);
    assert!(msgpack_core::from_slice::<Generic<Option<i8>, String, 2>>(&bytes).is_err());
    rt(&Defaulted { v: 1u8 });
    rt(&GenericEnum::One(Point { x: 1, y: 2 }));
    rt(&GenericEnum::Many(vec![1u64, 2]));
    rt(&GenericEnum::Named { first: 'a', rest: vec!['b'] });
    rt(&GenericEnum::<u8>::None);
}

/// An enum with no variants: nothing encodes to it, nothing decodes to it.
#[derive(MsgPack, PartialEq, Debug)]
enum Never {}

#[test]
fn empty_enum() {
    assert_eq!(err::<Never>(b"\xa1x"), r#"unknown tag "x" for Never at $ (byte 0)"#);
    assert_eq!(err::<Never>(b"\x81\xa1x\xc0"), r#"unknown tag "x" for Never at $ (byte 1)"#);
    assert_eq!(rt(&Vec::<Never>::new()), b"\x90");
}

#[derive(MsgPack, PartialEq, Debug)]
struct Tree {
    value: u32,
    children: Vec<Tree>,
}

#[derive(MsgPack, PartialEq, Debug)]
struct List {
    value: u32,
    next: Option<Box<List>>,
}

#[derive(MsgPack, PartialEq, Debug)]
enum Expr {
    Num(i64),
    Neg(Box<Expr>),
    Add(Box<Expr>, Box<Expr>),
    Call { name: String, args: Vec<Expr> },
}

#[test]
fn recursive_types() {
    rt(&Tree {
        value: 1,
        children: vec![
            Tree { value: 2, children: vec![] },
            Tree { value: 3, children: vec![Tree { value: 4, children: vec![] }] },
        ],
    });
    let mut list = List { value: 0, next: None };
    for i in 1..100 {
        list = List { value: i, next: Some(Box::new(list)) };
    }
    rt(&list);
    rt(&Expr::Call {
        name: "f".into(),
        args: vec![
            Expr::Num(1),
            Expr::Neg(Box::new(Expr::Num(2))),
            Expr::Add(Box::new(Expr::Num(3)), Box::new(Expr::Num(-4))),
        ],
    });
}

/// `{"value": 0, "next": {"value": 0, "next": ...}}`, `depth` levels.
fn deep_list(depth: usize) -> Vec<u8> {
    let level: &[u8] = b"\x82\xa5value\x00\xa4next";
    let mut out = Vec::with_capacity(depth * level.len() + 1);
    for _ in 0..depth {
        out.extend_from_slice(level);
    }
    out.push(0xc0);
    out
}

/// `{"value": 0, "children": [{"value": 0, "children": [...]}]}`.
fn deep_tree(depth: usize) -> Vec<u8> {
    let level: &[u8] = b"\x82\xa5value\x00\xa8children\x91";
    let mut out = Vec::with_capacity(depth * level.len() + 16);
    for _ in 0..depth {
        out.extend_from_slice(level);
    }
    out.extend_from_slice(b"\x82\xa5value\x00\xa8children\x90");
    out
}

/// Runs `f` on a thread with the stack DESIGN section 5 budgets for the
/// default depth limit, 2 MiB, in a release build; debug builds use far
/// more stack per level (these types need about 1.5 MiB at depth 1024), so
/// they get 8 MiB.
fn on_budget_stack(f: impl FnOnce() + Send + 'static) {
    let size = if cfg!(debug_assertions) { 8 << 20 } else { 2 << 20 };
    std::thread::Builder::new().stack_size(size).spawn(f).unwrap().join().unwrap();
}

#[test]
fn hostile_depth_is_an_error_not_a_stack_overflow() {
    on_budget_stack(hostile_depth);
}

fn hostile_depth() {
    let bytes = deep_list(1_000_000);
    let e = msgpack_core::from_slice::<List>(&bytes).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::DepthLimitExceeded { limit: 1024 });
    assert!(e.path().to_string().starts_with("$.next.next."), "{}", e.path());
    let bytes = deep_tree(1_000_000);
    let e = msgpack_core::from_slice::<Tree>(&bytes).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::DepthLimitExceeded { limit: 1024 });
    assert!(e.path().to_string().starts_with("$.children[0].children[0]."));
    // An externally tagged recursive enum, and a `Value`.
    let mut expr = Vec::new();
    for _ in 0..1_000_000 {
        expr.extend_from_slice(b"\x81\xa3Neg");
    }
    expr.push(0x00);
    assert!(matches!(
        msgpack_core::from_slice::<Expr>(&expr).unwrap_err().kind(),
        ErrorKind::DepthLimitExceeded { .. }
    ));
}

#[test]
fn depth_limit_is_configurable() {
    let bytes = deep_list(100);
    assert!(msgpack_core::from_slice::<List>(&bytes).is_ok());
    let opts = DecodeOptions::new().max_depth(50);
    let e = msgpack_core::from_slice_with::<List>(&bytes, &opts).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::DepthLimitExceeded { limit: 50 });
    // 100 nested maps need a limit of 100.
    let opts = DecodeOptions::new().max_depth(100);
    assert!(msgpack_core::from_slice_with::<List>(&bytes, &opts).is_ok());
    let opts = DecodeOptions::new().max_depth(99);
    assert!(msgpack_core::from_slice_with::<List>(&bytes, &opts).is_err());
}

/// At the default limit.
#[test]
fn decodes_up_to_the_default_depth() {
    on_budget_stack(up_to_the_default_depth);
}

fn up_to_the_default_depth() {
    let bytes = deep_list(1024);
    let list: List = msgpack_core::from_slice(&bytes).unwrap();
    assert_eq!(msgpack_core::to_vec(&list).unwrap(), bytes);
    assert!(msgpack_core::from_slice::<List>(&deep_list(1025)).is_err());
    let tree: Tree = msgpack_core::from_slice(&deep_tree(511)).unwrap();
    assert_eq!(tree.value, 0);
}

/// Types written by a `macro_rules!` macro, with the derive coming from
/// the macro's caller: the field types carry the macro's hygiene, the
/// generated locals the caller's.
macro_rules! declare {
    ($(#[$m:meta])*) => {
        $(#[$m])*
        struct FromMacro {
            a: u8,
            b: Vec<String>,
            #[msgpack(with = "as_string")]
            c: u32,
        }
        $(#[$m])*
        struct NewtypeFromMacro(Option<u16>);
        $(#[$m])*
        #[msgpack(tag = "k")]
        enum EnumFromMacro {
            S { x: i8 },
            N(FromMacro),
            U,
        }
        $(#[$m])*
        enum ExtFromMacro {
            N(u8),
            T(u8, String),
        }
    };
}

declare!(#[derive(MsgPack, PartialEq, Debug)]);

#[test]
fn types_declared_by_macro_rules() {
    let v = FromMacro { a: 1, b: vec!["b".into()], c: 3 };
    assert_eq!(rt(&v), b"\x83\xa1a\x01\xa1b\x91\xa1b\xa1c\xa13");
    rt(&NewtypeFromMacro(Some(2)));
    rt(&EnumFromMacro::S { x: -1 });
    rt(&EnumFromMacro::N(v));
    rt(&EnumFromMacro::U);
    rt(&ExtFromMacro::N(1));
    rt(&ExtFromMacro::T(1, "t".into()));
}

// ---------------------------------------------------------------------------
// Mixed: a map of derived values, encoded_len of nested optional parts

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(omit_defaults, rename_all = "camelCase")]
struct Config {
    service_name: String,
    ports: BTreeMap<String, Compact>,
    fallback: Option<Box<Config>>,
    #[msgpack(default)]
    retry_count: u8,
}

#[test]
fn encoded_len_is_exact_for_nested_optional_parts() {
    let leaf = Config { service_name: "x".repeat(40), ports: BTreeMap::new(), fallback: None, retry_count: 0 };
    let mut ports = BTreeMap::new();
    for i in 0..20u32 {
        ports.insert(
            format!("p{i}"),
            Compact { id: i * 1000, name: "n".repeat(i as usize * 20), big: i % 2 == 0, neg: Some(i as u8) },
        );
    }
    rt(&leaf);
    rt(&Config { service_name: "svc".into(), ports, fallback: Some(Box::new(leaf)), retry_count: 3 });
}
