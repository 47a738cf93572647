//! Adjacently tagged enums (`tag = "t", content = "c"`): `{"t": V, "c":
//! payload}` (`{"t": V}` for a unit variant), the keys in either order,
//! other keys skipped or rejected; `[V, payload]` in array form. Errors
//! name the key and the offset.

use super::*;

#[derive(MsgPack, PartialEq, Debug)]
struct Point {
    x: i32,
    y: i32,
}

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(tag = "t", content = "c")]
enum Event {
    Ping,
    Text(String),
    Move(i32, i32),
    Put { at: Point, label: Option<String> },
}

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(tag = "t", content = "c", deny_unknown_fields)]
enum Strict {
    Ping,
    Text(String),
}

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(tag = "t", content = "c", array)]
enum EventA {
    Ping,
    Text(String),
    Move(i32, i32),
}

#[test]
fn exact_bytes_and_lengths() {
    assert_eq!(rt(&Event::Ping), b"\x81\xa1t\xa4Ping");
    assert_eq!(rt(&Event::Text("hi".into())), b"\x82\xa1t\xa4Text\xa1c\xa2hi");
    assert_eq!(rt(&Event::Move(1, -1)), b"\x82\xa1t\xa4Move\xa1c\x92\x01\xff");
    assert_eq!(
        rt(&Event::Put { at: Point { x: 1, y: 2 }, label: None }),
        b"\x82\xa1t\xa3Put\xa1c\x82\xa2at\x82\xa1x\x01\xa1y\x02\xa5label\xc0"
    );
    rt(&Event::Text("x".repeat(300)));
    assert_eq!(rt(&EventA::Ping), b"\x91\xa4Ping");
    assert_eq!(rt(&EventA::Text("hi".into())), b"\x92\xa4Text\xa2hi");
    assert_eq!(rt(&EventA::Move(70000, 0)), b"\x92\xa4Move\x92\xce\x00\x01\x11\x70\x00");
    rt(&vec![Event::Ping, Event::Move(0, 0), Event::Text(String::new())]);
}

/// The content before the tag: the decoder goes back to it once the tag is
/// known, then on past the map.
#[test]
fn content_before_tag() {
    let bytes = map(vec![("c", Value::from("hi")), ("t", Value::from("Text"))]);
    assert_eq!(msgpack_core::from_slice::<Event>(&bytes).unwrap(), Event::Text("hi".into()));
    let put = map(vec![
        ("c", Value::Map(vec![("label".into(), "l".into()), ("at".into(), map_value(&[("y", 2), ("x", 1)]))])),
        ("t", Value::from("Put")),
    ]);
    assert_eq!(
        msgpack_core::from_slice::<Event>(&put).unwrap(),
        Event::Put { at: Point { x: 1, y: 2 }, label: Some("l".into()) }
    );
    // In a sequence: the next element is read from the right place.
    let mut seq = vec![0x93];
    seq.extend(&bytes);
    seq.extend(&put);
    seq.extend(msgpack_core::to_vec(&Event::Ping).unwrap());
    let all: Vec<Event> = msgpack_core::from_slice(&seq).unwrap();
    assert_eq!(all.len(), 3);
    assert_eq!(all[2], Event::Ping);
    // An error in content read late is still located in it.
    let bad = map(vec![("c", Value::from(1u8)), ("t", Value::from("Text"))]);
    assert_eq!(err::<Event>(&bad), "expected str, found int 1 at $.c (byte 3)");
}

fn map_value(entries: &[(&str, i32)]) -> Value {
    Value::Map(entries.iter().map(|(k, v)| (Value::from(*k), Value::from(*v))).collect())
}

#[test]
fn missing_tag_or_content() {
    assert_eq!(err::<Event>(b"\x80"), "missing field \"t\" at $ (byte 0)");
    assert_eq!(err::<Event>(&map(vec![("c", Value::from("hi"))])), "missing field \"t\" at $ (byte 0)");
    // A variant with data needs its content; a unit variant does not.
    assert_eq!(err::<Event>(&map(vec![("t", Value::from("Text"))])), "missing field \"c\" at $ (byte 0)");
    assert_eq!(err::<Event>(&map(vec![("t", Value::from("Move"))])), "missing field \"c\" at $ (byte 0)");
    // A unit variant's content, if any, is nil.
    let bytes = map(vec![("t", Value::from("Ping")), ("c", Value::Nil)]);
    assert_eq!(msgpack_core::from_slice::<Event>(&bytes).unwrap(), Event::Ping);
    let bytes = map(vec![("t", Value::from("Ping")), ("c", Value::from(5u8))]);
    assert_eq!(err::<Event>(&bytes), "expected nil, found int 5 at $.c (byte 10)");
    // In array form: one element for a unit variant, two otherwise.
    assert_eq!(err::<EventA>(b"\x91\xa4Text"), "missing field \"c\" at $ (byte 0)");
    assert_eq!(err::<EventA>(b"\x90"), "expected 2 elements, found 0 at $ (byte 0)");
    assert_eq!(err::<EventA>(b"\x93\xa4Ping\xc0\xc0"), "expected 2 elements, found 3 at $ (byte 0)");
}

#[test]
fn duplicate_tag_or_content() {
    let bytes = map(vec![("t", Value::from("Text")), ("c", Value::from("a")), ("t", Value::from("Text"))]);
    assert_eq!(err::<Event>(&bytes), "duplicate field \"t\" at $ (byte 12)");
    let bytes = map(vec![("t", Value::from("Text")), ("c", Value::from("a")), ("c", Value::from("b"))]);
    assert_eq!(err::<Event>(&bytes), "duplicate field \"c\" at $ (byte 12)");
    // Also when the content came first (and was skipped, waiting for the tag).
    let bytes = map(vec![("c", Value::from("a")), ("c", Value::from("b")), ("t", Value::from("Text"))]);
    assert_eq!(err::<Event>(&bytes), "duplicate field \"c\" at $ (byte 5)");
}

#[test]
fn unknown_or_malformed_tag() {
    let bytes = map(vec![("t", Value::from("Nope")), ("c", Value::from(1u8))]);
    assert_eq!(err::<Event>(&bytes), "unknown tag \"Nope\" for Event at $.t (byte 3)");
    // The content first: the same error, at the tag.
    let bytes = map(vec![("c", Value::from(1u8)), ("t", Value::from("Nope"))]);
    assert_eq!(err::<Event>(&bytes), "unknown tag \"Nope\" for Event at $.t (byte 6)");
    let bytes = map(vec![("t", Value::from(1u8))]);
    assert_eq!(err::<Event>(&bytes), "expected str, found int 1 at $.t (byte 3)");
    assert_eq!(err::<EventA>(b"\x92\xa4Nope\x01"), "unknown tag \"Nope\" for EventA at $ (byte 1)");
    assert_eq!(err::<EventA>(b"\x92\x01\x01"), "expected str, found int 1 at $[0] (byte 1)");
    assert_eq!(err::<Event>(b"\xa4Ping"), "expected Event, found str \"Ping\" at $ (byte 0)");
    // Tags are case-sensitive, as written.
    let bytes = map(vec![("t", Value::from("ping"))]);
    assert_eq!(err::<Event>(&bytes), "unknown tag \"ping\" for Event at $.t (byte 3)");
}

#[test]
fn other_keys_skipped_or_denied() {
    let bytes = map(vec![
        ("x", Value::Array(vec![Value::from(1u8); 3])),
        ("t", Value::from("Text")),
        ("y", Value::Nil),
        ("c", Value::from("hi")),
        ("z", Value::from("end")),
    ]);
    assert_eq!(msgpack_core::from_slice::<Event>(&bytes).unwrap(), Event::Text("hi".into()));
    assert_eq!(err::<Strict>(&bytes), "unknown field \"x\" at $ (byte 1)");
    let ok = map(vec![("c", Value::from("hi")), ("t", Value::from("Text"))]);
    assert_eq!(msgpack_core::from_slice::<Strict>(&ok).unwrap(), Strict::Text("hi".into()));
    let late = map(vec![("t", Value::from("Ping")), ("extra", Value::Nil)]);
    assert_eq!(err::<Strict>(&late), "unknown field \"extra\" at $ (byte 8)");
    // A non-string key is another key.
    let int_key = b"\x82\x01\x02\xa1t\xa4Ping";
    assert_eq!(msgpack_core::from_slice::<Event>(int_key).unwrap(), Event::Ping);
    assert_eq!(err::<Strict>(int_key), "unknown field int 1 at $ (byte 1)");
}

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(tag = "kind", content = "data", rename_all = "snake_case", rename_all_fields = "camelCase")]
enum Renamed<'a> {
    SignIn {
        user_name: &'a str,
        remember_me: bool,
    },
    SignOut,
    #[msgpack(alias = "Msg")]
    Message(&'a str),
}

/// `rename_all` renames the tags, `rename_all_fields` the fields of the
/// struct variants; aliases are more tags; borrowed payloads borrow, also
/// when the content comes first.
#[test]
fn renamed_and_borrowed() {
    let bytes = rt_borrowed!(Renamed::SignIn { user_name: "ada", remember_me: true });
    assert_eq!(bytes, b"\x82\xa4kind\xa7sign_in\xa4data\x82\xa8userName\xa3ada\xaarememberMe\xc3".to_vec());
    assert_eq!(rt_borrowed!(Renamed::SignOut), b"\x81\xa4kind\xa8sign_out");
    rt_borrowed!(Renamed::Message("m"));
    let first = map(vec![
        ("data", Value::Map(vec![("rememberMe".into(), false.into()), ("userName".into(), "ada".into())])),
        ("kind", Value::from("sign_in")),
    ]);
    let back: Renamed = msgpack_core::from_slice(&first).unwrap();
    assert_eq!(back, Renamed::SignIn { user_name: "ada", remember_me: false });
    let Renamed::SignIn { user_name, .. } = back else { unreachable!() };
    assert!(first.as_ptr_range().contains(&user_name.as_ptr()));
    let alias = map(vec![("kind", Value::from("Msg")), ("data", Value::from("x"))]);
    assert_eq!(msgpack_core::from_slice::<Renamed>(&alias).unwrap(), Renamed::Message("x"));
    // The fields of a struct variant are checked like a struct's.
    let missing = map(vec![("kind", Value::from("sign_in")), ("data", Value::Map(vec![]))]);
    assert_eq!(
        msgpack_core::from_slice::<Renamed>(&missing).unwrap_err().to_string(),
        "missing field \"userName\" at $.data (byte 19)"
    );
}

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(untagged)]
enum Envelope {
    Event(Event),
    Raw(Vec<u8>),
}

/// Inside an untagged enum (a speculative attempt), a content-first map
/// still reads, and a failure moves on to the next variant.
#[test]
fn inside_an_untagged_enum() {
    let bytes = map(vec![("c", Value::Array(vec![2.into(), 3.into()])), ("t", Value::from("Move"))]);
    assert_eq!(msgpack_core::from_slice::<Envelope>(&bytes).unwrap(), Envelope::Event(Event::Move(2, 3)));
    assert_eq!(rt(&Envelope::Raw(vec![1])), b"\xc4\x01\x01");
    let e = err::<Envelope>(&map(vec![("c", Value::Nil), ("t", Value::from("Text"))]));
    assert_eq!(
        e,
        "no variant of untagged enum Envelope matched (Event: expected str, found nil at $.c (byte 3); \
         Raw: cannot start with map of 2 entries) at $ (byte 0)"
    );
}
