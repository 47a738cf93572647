//! Container `default`: missing fields from the struct's default value.

use super::*;

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
