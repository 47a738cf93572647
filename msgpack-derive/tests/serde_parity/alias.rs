//! `alias`: more keys (or variant names) read, never written.

use super::*;

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
