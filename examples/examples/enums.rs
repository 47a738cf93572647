//! How enums go on the wire: external tagging (the default, as serde and
//! rmp-serde), internal tagging with `#[msgpack(tag = "...")]`, unit enums as
//! strings or integers, and `#[msgpack(other)]` for tags from a newer peer.
//! Prints each encoding in hex and in readable form, and checks round trips.
//!
//! Run: `cargo run -p msgpack-examples --example enums`

use std::fmt::Debug;

use msgpack_core::{DecodeOwned, Encode, MsgPack, Value, from_slice, to_vec};

/// External tagging: a unit variant is its name; any other variant is a
/// one-entry map from its name to its data.
#[derive(MsgPack, Debug, PartialEq)]
enum Shape {
    Empty,                   // "Empty"
    Circle(f64),             // {"Circle": 1.5}
    Line(i32, i32),          // {"Line": [0, -10]}
    Rect { w: u32, h: u32 }, // {"Rect": {"w": 3, "h": 4}}
}

/// Internal tagging: the variant's name is an entry beside its fields
/// (msgspec's tagged unions, serde's `tag`).
#[derive(MsgPack, Debug, PartialEq)]
#[msgpack(tag = "type", rename_all = "snake_case")]
enum Event {
    UserJoined { user: String, room: u32 },
    Message(Chat), // a newtype of a map-form struct: its fields go inline
    Heartbeat,
}

#[derive(MsgPack, Debug, PartialEq)]
struct Chat {
    from: String,
    text: String,
}

/// A unit-only enum is its variant's name, here renamed to lowercase.
#[derive(MsgPack, Debug, PartialEq)]
#[msgpack(rename_all = "lowercase")]
enum Color {
    Red,
    Green,
}

/// With `index`, a unit-only enum is its position: 0, 1, 2.
#[derive(MsgPack, Debug, PartialEq)]
#[msgpack(index)]
enum Priority {
    Low,
    Normal,
    High,
}

/// Explicit discriminants select the integer form with their values.
#[derive(MsgPack, Debug, PartialEq)]
enum Status {
    Ok = 200,
    NotFound = 404,
}

/// What this program understands; `Unknown` catches any other tag.
#[derive(MsgPack, Debug, PartialEq)]
enum Command {
    Start,
    Resize {
        w: u16,
        h: u16,
    },
    #[msgpack(other)]
    Unknown,
}

/// What a newer peer sends: two variants `Command` does not know.
#[derive(MsgPack, Debug, PartialEq)]
enum CommandV2 {
    Start,
    Resize { w: u16, h: u16 },
    Restart,
    Migrate { to: String },
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    println!("== external tagging (the default)");
    round_trip(&Shape::Empty, r#""Empty""#)?;
    round_trip(&Shape::Circle(1.5), r#"{"Circle": 1.5}"#)?;
    round_trip(&Shape::Line(0, -10), r#"{"Line": [0, -10]}"#)?;
    round_trip(&Shape::Rect { w: 3, h: 4 }, r#"{"Rect": {"w": 3, "h": 4}}"#)?;

    println!("== internal tagging: #[msgpack(tag = \"type\")]");
    let joined = Event::UserJoined { user: "ada".into(), room: 7 };
    round_trip(&joined, r#"{"type": "user_joined", "user": "ada", "room": 7}"#)?;
    let chat = Event::Message(Chat { from: "ada".into(), text: "hi".into() });
    round_trip(&chat, r#"{"type": "message", "from": "ada", "text": "hi"}"#)?;
    round_trip(&Event::Heartbeat, r#"{"type": "heartbeat"}"#)?;
    // On decode the tag may be anywhere in the map, not only first.
    let tag_last = to_vec(&Value::Map(vec![
        ("user".into(), "bob".into()),
        ("room".into(), 1u8.into()),
        ("type".into(), "user_joined".into()),
    ]))?;
    let event: Event = from_slice(&tag_last)?;
    println!("the tag last in the map\n    hex     {}\n    decoded {event:?}", hex(&tag_last));
    assert_eq!(event, Event::UserJoined { user: "bob".into(), room: 1 });

    println!("== unit enums as strings and as integers");
    round_trip(&Color::Green, r#""green""#)?;
    round_trip(&Priority::Low, "0")?;
    round_trip(&Priority::High, "2")?;
    round_trip(&Status::Ok, "200")?;
    round_trip(&Status::NotFound, "404")?;
    assert_eq!(to_vec(&Priority::High)?, [0x02]); // a positive fixint: one byte
    assert_eq!(to_vec(&Status::NotFound)?, [0xcd, 0x01, 0x94]); // uint 16

    println!("== #[msgpack(other)]: tags from a newer peer");
    let sent = [
        (CommandV2::Start, Command::Start),
        (CommandV2::Resize { w: 80, h: 24 }, Command::Resize { w: 80, h: 24 }),
        (CommandV2::Restart, Command::Unknown),
        (CommandV2::Migrate { to: "eu-west".into() }, Command::Unknown), // its payload is skipped
    ];
    for (newer, expected) in sent {
        let bytes = to_vec(&newer)?;
        let got: Command = from_slice(&bytes)?;
        println!("CommandV2::{newer:?}\n    hex     {}\n    decoded Command::{got:?}", hex(&bytes));
        assert_eq!(got, expected);
    }

    // Without `other`, an unknown tag is an error that names it.
    let err = from_slice::<Shape>(&to_vec(&"Hexagon")?).unwrap_err();
    println!("Shape from \"Hexagon\" (no `other` variant)\n    error   {err}");
    assert_eq!(err.to_string(), r#"unknown tag "Hexagon" for Shape at $ (byte 0)"#);
    Ok(())
}

/// Encodes `value`, prints its bytes and their readable form, checks that
/// form against `expected` and that decoding gives `value` back.
fn round_trip<T>(value: &T, expected: &str) -> Result<(), Box<dyn std::error::Error>>
where
    T: Encode + DecodeOwned + Debug + PartialEq,
{
    let bytes = to_vec(value)?;
    let readable = from_slice::<Value>(&bytes)?.to_string();
    let name = std::any::type_name::<T>().rsplit("::").next().unwrap_or_default();
    println!("{name}::{value:?}\n    hex     {}\n    as      {readable}", hex(&bytes));
    assert_eq!(readable, expected);
    assert_eq!(&from_slice::<T>(&bytes)?, value);
    Ok(())
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect::<Vec<_>>().join(" ")
}
