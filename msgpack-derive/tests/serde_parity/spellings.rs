//! serde's spellings (issue 27) in the schema descriptor and the
//! compatibility check: `skip_serializing` fields are never written (to the
//! check: may be left out), `skip_deserializing` fields never read (to the
//! check: not required), and an `array`-form struct's fields carry their
//! renamed key and aliases, used when it reads the map form.

use msgpack_core::schema::{FieldDef, Key, Schema, Shape, check, fingerprint_of};

use super::*;

fn fields<T: Schema>() -> &'static [FieldDef] {
    match T::SHAPE.get() {
        Shape::Struct(def) => def.fields,
        other => panic!("not a struct: {other:?}"),
    }
}

fn verdict<R: Schema, W: Schema>() -> String {
    match check(R::SHAPE.get(), W::SHAPE.get()) {
        Ok(()) => "ok".to_string(),
        Err(e) => e.to_string(),
    }
}

#[derive(MsgPack, PartialEq, Debug)]
struct Stats {
    id: u32,
    #[msgpack(skip_serializing, default)]
    hits: u32,
    #[msgpack(skip_deserializing)]
    version: u32,
}

/// The same keys, all plain: a reader that needs `hits`.
#[derive(MsgPack, PartialEq, Debug)]
struct NeedsHits {
    id: u32,
    hits: u32,
}

#[derive(MsgPack, PartialEq, Debug)]
struct Plain {
    id: u32,
    hits: u32,
    version: u32,
}

#[test]
fn one_sided_fields_in_the_descriptor() {
    let f = fields::<Stats>();
    assert_eq!(f.len(), 3);
    // `hits`: read (not required: `default`), never written.
    assert!(!f[1].required && !f[1].always_written);
    // `version`: written every time, never read (so never required).
    assert!(!f[2].required && f[2].always_written);
    assert!(matches!(f[2].key, Key::Str("version")));
    // A reader that needs `hits` cannot read what `Stats` writes, and the
    // bytes agree.
    assert_eq!(
        verdict::<NeedsHits, Stats>(),
        "NeedsHits cannot read Stats: rule required-field-omittable: field \"hits\" is required in NeedsHits but Stats may leave it out (`skip_if`, `skip_serializing` or `omit_defaults`)"
    );
    let written = msgpack_core::to_vec(&Stats { id: 1, hits: 2, version: 3 }).unwrap();
    assert_eq!(written, map(vec![("id", 1.into()), ("version", 3.into())]));
    assert!(msgpack_core::from_slice::<NeedsHits>(&written).is_err());
    // `Stats` reads a plain writer: `hits` is taken, `version` skipped.
    assert_eq!(verdict::<Stats, Plain>(), "ok");
    let plain = msgpack_core::to_vec(&Plain { id: 1, hits: 2, version: 3 }).unwrap();
    assert_eq!(msgpack_core::from_slice::<Stats>(&plain).unwrap(), Stats { id: 1, hits: 2, version: 0 });
    assert_eq!(verdict::<Stats, Stats>(), "ok");
}

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(array)]
struct Event {
    #[msgpack(rename = "type")]
    kind: String,
    #[msgpack(alias = "ts", alias = "at")]
    time: u64,
}

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(array)]
struct EventV1 {
    kind: String,
    time: u64,
}

/// The descriptor of an `array`-form struct carries the keys it reads the
/// map form by; its array bytes (and so its fingerprint) do not depend on
/// them.
#[test]
fn array_form_keys_in_the_descriptor() {
    let f = fields::<Event>();
    assert!(matches!(f[0].key, Key::Str("type")));
    assert_eq!(f[1].aliases, ["ts", "at"]);
    assert_eq!(verdict::<Event, EventV1>(), "ok");
    assert_eq!(verdict::<EventV1, Event>(), "ok");
    assert_eq!(fingerprint_of::<Event>(), fingerprint_of::<EventV1>());
    let e = Event { kind: "k".into(), time: 1 };
    assert_eq!(rt(&e), b"\x92\xa1k\x01");
    // The map form, by the renamed key and an alias.
    let old = map(vec![("type", "k".into()), ("at", 1.into())]);
    assert_eq!(msgpack_core::from_slice::<Event>(&old).unwrap(), e);
    assert_eq!(
        err::<Event>(&map(vec![("kind", "k".into()), ("time", 1.into())])),
        "missing field \"type\" at $ (byte 0)"
    );
}
