//! The shapes msgspec cannot express: each refusal's message.

use super::*;

#[derive(MsgPack)]
struct Reading {
    celsius: f32,
}

#[derive(MsgPack)]
struct Compact {
    #[msgpack(key = 1)]
    id: u32,
}

#[derive(MsgPack)]
struct Loose {
    #[msgpack(flatten)]
    rest: BTreeMap<String, u8>,
}

mod as_text {
    use msgpack_core::{Decoder, Encoder, decode, encode};
    pub(super) fn encode<W: encode::Write>(v: &u8, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        e.u8(*v)
    }
    pub(super) fn encoded_len(_: &u8) -> usize {
        2
    }
    pub(super) fn decode(d: &mut Decoder<'_>) -> Result<u8, decode::Error> {
        d.u8()
    }
}

#[derive(MsgPack)]
struct Custom {
    #[msgpack(with = "as_text")]
    n: u8,
}

#[derive(MsgPack)]
enum Msg {
    Ping,
    Text(String),
}

#[derive(MsgPack)]
#[msgpack(tag = "t", content = "c")]
enum Cmd {
    Say(String),
}

#[derive(MsgPack)]
#[msgpack(tag = "type")]
enum Event {
    Click {
        x: u8,
    },
    #[msgpack(other)]
    Unknown(Value),
}

#[derive(MsgPack)]
#[msgpack(untagged)]
enum Num {
    Small(u8),
    Big(u64),
}

#[derive(MsgPack)]
#[msgpack(untagged)]
enum Blob {
    Text(String),
    Bytes(Vec<u8>),
}

#[derive(MsgPack)]
#[msgpack(untagged)]
enum Tree {
    Leaf(u8),
    Node(Vec<Tree>),
}

#[derive(MsgPack, PartialEq)]
struct Inner {
    a: u8,
}

#[derive(MsgPack)]
#[msgpack(omit_defaults)]
struct Nested {
    #[msgpack(default = "one")]
    inner: Inner,
}

fn one() -> Inner {
    Inner { a: 1 }
}

#[derive(MsgPack)]
struct ByPoint {
    m: BTreeMap<Inner, u8>,
}

impl PartialOrd for Inner {
    fn partial_cmp(&self, o: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(o))
    }
}
impl Eq for Inner {}
impl Ord for Inner {
    fn cmp(&self, o: &Self) -> core::cmp::Ordering {
        self.a.cmp(&o.a)
    }
}

#[test]
fn messages() {
    assert_eq!(
        refused::<Reading>(),
        r#"msgspec cannot express Reading, field "celsius": f32: msgspec writes every float as float 64, which an f32 does not read"#
    );
    assert_eq!(
        refused::<Compact>(),
        r#"msgspec cannot express Compact, field "id": an integer key (1): msgspec Struct fields have string names"#
    );
    assert_eq!(
        refused::<Loose>(),
        r#"msgspec cannot express Loose, field "rest": a flattened catch-all map: msgspec Structs keep no unknown keys"#
    );
    assert!(
        refused::<Custom>()
            .starts_with(r#"msgspec cannot express Custom, field "n": a field encoded by Rust code (`with = ""#)
    );
    assert_eq!(
        refused::<Msg>(),
        r#"msgspec cannot express Msg, variant "Text": externally tagged with data ({"Variant": payload}) or untagged variants: msgspec has no externally tagged unions (it tags the fields of a Struct)"#
    );
    assert_eq!(
        refused::<Cmd>(),
        r#"msgspec cannot express Cmd, variant "Say": adjacently tagged ({"tag": .., "content": ..}): msgspec tags only the fields of a Struct"#
    );
    assert_eq!(
        refused::<Event>(),
        r#"msgspec cannot express Event, variant "Unknown": an `other` variant holding the unknown value writes it back as it came, which no msgspec type reads"#
    );
    assert_eq!(
        refused::<Num>(),
        r#"msgspec cannot express Num, variant "Big": msgspec tells a union's members apart by their MessagePack type, and this variant and an earlier one are both an integer"#
    );
    assert!(
        refused::<Blob>().ends_with("are both string-like (str, bytes, an enum or a datetime, one per msgspec union)")
    );
    assert_eq!(
        refused::<Tree>(),
        "msgspec cannot express Tree: a union that contains itself outside a Struct (an untagged payload of its own type): Python cannot define the alias"
    );
    assert_eq!(
        refused::<Nested>(),
        r#"msgspec cannot express Nested, field "inner": left out of messages when it equals its default (`omit_defaults` / `skip_if`), and msgspec's omit_defaults needs that default, which the schema cannot tell for the struct Inner"#
    );
    assert!(
        refused::<ByPoint>()
            .starts_with(r#"msgspec cannot express ByPoint, field "m": a map keyed by the struct Inner: "#)
    );
    assert_eq!(
        refused::<Vec<f32>>(),
        "msgspec cannot express root: f32: msgspec writes every float as float 64, which an f32 does not read"
    );
}

#[test]
fn accessors() {
    let e: UnsupportedShape = msgspec::<Event>().unwrap_err();
    assert_eq!((e.type_name(), e.variant(), e.field()), ("Event", Some("Unknown"), None));
    assert!(e.reason().starts_with("an `other` variant"));
    let e = msgspec::<Reading>().unwrap_err();
    assert_eq!((e.type_name(), e.variant(), e.field()), ("Reading", None, Some("celsius")));
    struct Hand;
    impl Schema for Hand {
        const SHAPE: ShapeRef = ShapeRef::new(&Shape::Opaque { with: "m", ty: "u8" });
    }
    assert_eq!(msgspec::<Hand>().unwrap_err().type_name(), "root");
}
