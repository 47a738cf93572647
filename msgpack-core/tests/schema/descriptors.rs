//! Schema descriptors, the compatibility rules (each in both outcomes),
//! fingerprints and the printable rendering.
//!
//! Failing checks are asserted here through `schema::check` with their
//! exact messages; `msgpack-derive/tests/ui_schema` has the same failures
//! as build errors of `assert_compatible!`.

use std::collections::{BTreeMap, HashMap};

use msgpack_core::schema::{Schema, Shape, check, fingerprint_of, shape_of};
use msgpack_core::{MsgPack, Value, assert_compatible};

/// The check's message, or "ok".
fn verdict<R: Schema + ?Sized, W: Schema + ?Sized>() -> String {
    match check(R::SHAPE.get(), W::SHAPE.get()) {
        Ok(()) => "ok".to_string(),
        Err(e) => e.to_string(),
    }
}

/// Also checks that the bytes `w` writes decode as `R` whenever the check
/// passes (the rules are about real decoders).
fn decodes<R: for<'de> msgpack_core::Decode<'de>, W: msgpack_core::Encode>(w: &W) -> bool {
    let bytes = msgpack_core::to_vec(w).unwrap();
    msgpack_core::from_slice::<R>(&bytes).is_ok()
}

mod fields {
    use super::*;

    #[derive(MsgPack, Debug, PartialEq)]
    pub(crate) struct UserV1 {
        pub(crate) id: u64,
        pub(crate) name: String,
    }

    #[derive(MsgPack, Debug, PartialEq)]
    pub(crate) struct UserV2 {
        pub(crate) id: u64,
        pub(crate) name: String,
        pub(crate) email: String,
    }

    #[derive(MsgPack, Debug, PartialEq)]
    pub(crate) struct UserV2Opt {
        pub(crate) id: u64,
        pub(crate) name: String,
        pub(crate) email: Option<String>,
        #[msgpack(default)]
        pub(crate) logins: u32,
    }

    #[derive(MsgPack, Debug, PartialEq)]
    #[msgpack(omit_defaults)]
    pub(crate) struct Sparse {
        pub(crate) id: u64,
        pub(crate) name: Option<String>,
    }

    #[derive(MsgPack, Debug, PartialEq)]
    pub(crate) struct SkipIf {
        pub(crate) id: u64,
        #[msgpack(skip_if = "String::is_empty")]
        pub(crate) name: String,
    }

    #[derive(MsgPack, Debug, PartialEq)]
    pub(crate) struct NeedsName {
        pub(crate) id: u64,
        pub(crate) name: String,
    }

    #[derive(MsgPack, Debug, PartialEq)]
    #[msgpack(deny_unknown_fields)]
    pub(crate) struct Strict {
        pub(crate) id: u64,
        pub(crate) name: String,
    }

    #[derive(MsgPack, Debug, PartialEq)]
    pub(crate) struct Renamed {
        pub(crate) id: u64,
        #[msgpack(rename = "full_name")]
        pub(crate) name: String,
    }

    #[derive(MsgPack, Debug, PartialEq)]
    pub(crate) struct RenamedKeepsKey {
        pub(crate) id: u64,
        #[msgpack(rename = "name")]
        pub(crate) display_name: String,
    }
}

#[test]
fn required_field_must_always_be_written() {
    use fields::*;
    assert_eq!(
        verdict::<UserV2, UserV1>(),
        r#"UserV2 cannot read UserV1: rule required-field-added: field "email" is required in UserV2 but UserV1 never writes it"#
    );
    assert!(!decodes::<UserV2, _>(&UserV1 { id: 1, name: "a".into() }));
    // A defaulted or optional new field keeps old messages readable.
    assert_eq!(verdict::<UserV2Opt, UserV1>(), "ok");
    assert!(decodes::<UserV2Opt, _>(&UserV1 { id: 1, name: "a".into() }));
}

#[test]
fn sometimes_absent_writer_fields() {
    use fields::*;
    assert_eq!(
        verdict::<NeedsName, Sparse>(),
        "NeedsName cannot read Sparse: rule required-field-omittable: field \"name\" is required in NeedsName but Sparse may leave it out (`skip_if`, `skip_serializing` or `omit_defaults`)\n  \
         rule option-removed: field \"name\": expected str, found Option<str> (nil is not a str)"
    );
    assert!(!decodes::<NeedsName, _>(&Sparse { id: 1, name: None }));
    assert_eq!(
        verdict::<NeedsName, SkipIf>(),
        r#"NeedsName cannot read SkipIf: rule required-field-omittable: field "name" is required in NeedsName but SkipIf may leave it out (`skip_if`, `skip_serializing` or `omit_defaults`)"#
    );
    assert!(!decodes::<NeedsName, _>(&SkipIf { id: 1, name: String::new() }));
    // An `Option` written as nil needs an `Option` reader.
    assert_eq!(
        verdict::<NeedsName, UserV2Opt>(),
        "ok",
        "the extra fields of UserV2Opt are skipped; `name` is always written"
    );
    assert_eq!(
        verdict::<UserV2, UserV2Opt>(),
        r#"UserV2 cannot read UserV2Opt: rule option-removed: field "email": expected str, found Option<str> (nil is not a str)"#
    );
    // Readers that default the field accept its absence.
    assert_eq!(verdict::<Sparse, Sparse>(), "ok");
    assert!(decodes::<Sparse, _>(&Sparse { id: 1, name: None }));
    assert_eq!(
        verdict::<UserV1, Sparse>(),
        "UserV1 cannot read Sparse: rule required-field-omittable: field \"name\" is required in UserV1 but Sparse may leave it out (`skip_if`, `skip_serializing` or `omit_defaults`)\n  \
         rule option-removed: field \"name\": expected str, found Option<str> (nil is not a str)"
    );
}

#[test]
fn unknown_fields_are_skipped_unless_denied() {
    use fields::*;
    assert_eq!(verdict::<UserV1, UserV2>(), "ok");
    assert!(decodes::<UserV1, _>(&UserV2 { id: 1, name: "a".into(), email: "e".into() }));
    assert_eq!(
        verdict::<Strict, UserV2>(),
        r#"Strict cannot read UserV2: rule unknown-fields-denied: UserV2 writes field "email", which Strict does not know and `deny_unknown_fields` rejects"#
    );
    assert!(!decodes::<Strict, _>(&UserV2 { id: 1, name: "a".into(), email: "e".into() }));
    assert_eq!(verdict::<Strict, UserV1>(), "ok");
}

#[test]
fn renamed_keys_are_removed_plus_added() {
    use fields::*;
    assert_eq!(
        verdict::<Renamed, UserV1>(),
        r#"Renamed cannot read UserV1: rule key-renamed: field "full_name" is required in Renamed but UserV1 never writes it; UserV1 writes `name` as "name" (keep the old key readable with `alias = "name"`)"#
    );
    assert_eq!(verdict::<RenamedKeepsKey, UserV1>(), "ok");
    assert_eq!(verdict::<UserV1, RenamedKeepsKey>(), "ok");
    assert_eq!(fingerprint_of::<RenamedKeepsKey>(), fingerprint_of::<UserV1>());
    assert_ne!(fingerprint_of::<Renamed>(), fingerprint_of::<UserV1>());
}

mod types {
    use super::*;

    #[derive(MsgPack)]
    pub(crate) struct Small {
        pub(crate) n: u8,
        pub(crate) f: f32,
        pub(crate) c: char,
        pub(crate) s: String,
    }

    #[derive(MsgPack)]
    pub(crate) struct Wide {
        pub(crate) n: i64,
        pub(crate) f: f64,
        pub(crate) c: String,
        pub(crate) s: Option<String>,
    }

    #[derive(MsgPack)]
    pub(crate) struct Bytes {
        pub(crate) n: u8,
        pub(crate) f: f32,
        pub(crate) c: char,
        pub(crate) s: Vec<u8>,
    }

    #[derive(MsgPack)]
    pub(crate) struct Outer {
        pub(crate) inner: Small,
        pub(crate) list: Vec<Small>,
        pub(crate) map: BTreeMap<String, Small>,
    }

    #[derive(MsgPack)]
    pub(crate) struct OuterWide {
        pub(crate) inner: Wide,
        pub(crate) list: Vec<Wide>,
        pub(crate) map: HashMap<String, Wide>,
    }

    #[derive(MsgPack)]
    pub(crate) struct OuterBytes {
        pub(crate) inner: Small,
        pub(crate) list: Vec<Bytes>,
        pub(crate) map: BTreeMap<String, Small>,
    }
}

#[test]
fn integer_widening_and_narrowing() {
    assert_eq!(verdict::<u16, u8>(), "ok");
    assert_eq!(verdict::<i64, u32>(), "ok");
    assert_eq!(verdict::<i128, u64>(), "ok");
    assert_eq!(verdict::<u64, std::num::NonZeroU32>(), "ok");
    assert_eq!(verdict::<u8, u16>(), "u8 cannot read u16: rule integer-narrowed: u8 cannot hold every u16");
    assert_eq!(verdict::<u64, i8>(), "u64 cannot read i8: rule integer-narrowed: u64 cannot hold every i8");
    assert_eq!(
        verdict::<std::num::NonZeroU8, u8>(),
        "NonZeroU8 cannot read u8: rule integer-narrowed: NonZeroU8 cannot hold every u8"
    );
    assert!(decodes::<u16, _>(&255u8));
    assert!(!decodes::<u8, _>(&256u16));
}

#[test]
fn types_and_nesting() {
    use types::*;
    assert_eq!(verdict::<Wide, Small>(), "ok");
    assert_eq!(
        verdict::<Small, Wide>(),
        "Small cannot read Wide: rule integer-narrowed: field \"n\": u8 cannot hold every i64\n  \
         rule float-narrowed: field \"f\": expected float 32, found float 64\n  \
         rule char-narrowed: field \"c\": expected str of one character, found str\n  \
         rule option-removed: field \"s\": expected str, found Option<str> (nil is not a str)"
    );
    assert_eq!(verdict::<f64, f32>(), "ok");
    assert_eq!(verdict::<f32, f64>(), "f32 cannot read f64: rule float-narrowed: expected float 32, found float 64");
    assert_eq!(verdict::<f64, u8>(), "f64 cannot read u8: rule type-changed: expected float 64 or 32, found integer");
    assert_eq!(verdict::<Option<u32>, u32>(), "ok");
    assert_eq!(verdict::<String, char>(), "ok");
    assert_eq!(
        verdict::<char, String>(),
        "char cannot read str: rule char-narrowed: expected str of one character, found str"
    );
    assert_eq!(
        verdict::<Small, Bytes>(),
        r#"Small cannot read Bytes: rule type-changed: field "s": expected str, found bin of any length"#
    );
    assert_eq!(verdict::<String, u64>(), "str cannot read u64: rule type-changed: expected str, found integer");
    assert_eq!(verdict::<OuterWide, Outer>(), "ok");
    assert_eq!(
        verdict::<Outer, OuterWide>(),
        "Outer cannot read OuterWide: rule integer-narrowed: field \"inner\": Small cannot read Wide: field \"n\": u8 cannot hold every i64\n  \
         rule float-narrowed: field \"inner\": Small cannot read Wide: field \"f\": expected float 32, found float 64\n  \
         rule char-narrowed: field \"inner\": Small cannot read Wide: field \"c\": expected str of one character, found str\n  \
         rule option-removed: field \"inner\": Small cannot read Wide: field \"s\": expected str, found Option<str> (nil is not a str)\n  \
         rule integer-narrowed: field \"list\": element: Small cannot read Wide: field \"n\": u8 cannot hold every i64\n  \
         rule float-narrowed: field \"list\": element: Small cannot read Wide: field \"f\": expected float 32, found float 64\n  \
         rule char-narrowed: field \"list\": element: Small cannot read Wide: field \"c\": expected str of one character, found str\n  \
         rule option-removed: field \"list\": element: Small cannot read Wide: field \"s\": expected str, found Option<str> (nil is not a str)\n  \
         and 4 more"
    );
    assert_eq!(
        verdict::<Outer, OuterBytes>(),
        r#"Outer cannot read OuterBytes: rule type-changed: field "list": element: Small cannot read Bytes: field "s": expected str, found bin of any length"#
    );
    assert_eq!(verdict::<Vec<u8>, [u8; 4]>(), "ok");
    assert_eq!(
        verdict::<[u8; 4], Vec<u8>>(),
        "bin[4] cannot read bin: rule length-changed: expected bin of 4 bytes, found bin of any length"
    );
    assert_eq!(verdict::<Vec<u8>, std::collections::BTreeSet<u8>>(), "ok", "bytes read arrays of u8");
    assert_eq!(verdict::<Vec<u16>, (u8, u16)>(), "ok");
    assert_eq!(
        verdict::<(u8, u8), (u8, u8, u8)>(),
        "(u8, u8) cannot read (u8, u8, u8): rule length-changed: expected array of 2, found array of 3"
    );
    assert_eq!(verdict::<Value, OuterWide>(), "ok");
    assert_eq!(
        verdict::<u8, Value>(),
        "u8 cannot read any: rule any-value-written: expected u8, found any value (only `Value` or `ValueRef` reads any value)"
    );
    assert_eq!(verdict::<BTreeMap<String, Value>, Outer>(), "ok", "a map-form struct is a map with str keys");
    // A tuple may hold 1e9 nanoseconds, which `Duration` rejects.
    assert_eq!(
        verdict::<std::time::Duration, (u64, u32)>(),
        "(u64, nanoseconds) cannot read (u64, u32): rule integer-narrowed: element 1: nanoseconds cannot hold every u32"
    );
    assert_eq!(verdict::<(u64, u32), std::time::Duration>(), "ok");
    assert_eq!(verdict::<msgpack_core::Ext, msgpack_core::Timestamp>(), "ok");
    assert_eq!(
        verdict::<msgpack_core::Timestamp, msgpack_core::Ext>(),
        "timestamp cannot read ext: rule ext-type-changed: expected timestamp, found ext of any type"
    );
}

mod arrays {
    use super::*;

    #[derive(MsgPack, Debug, PartialEq)]
    #[msgpack(array)]
    pub(crate) struct PointV1 {
        pub(crate) x: i32,
        pub(crate) y: i32,
    }

    #[derive(MsgPack, Debug, PartialEq)]
    #[msgpack(array)]
    pub(crate) struct PointV2 {
        pub(crate) x: i32,
        pub(crate) y: i32,
        #[msgpack(default)]
        pub(crate) z: i32,
    }

    #[derive(MsgPack, Debug, PartialEq)]
    #[msgpack(array)]
    pub(crate) struct PointRequiredZ {
        pub(crate) x: i32,
        pub(crate) y: i32,
        pub(crate) z: i32,
    }

    #[derive(MsgPack, Debug, PartialEq)]
    #[msgpack(array)]
    pub(crate) struct Swapped {
        pub(crate) y: i32,
        pub(crate) name: String,
    }

    #[derive(MsgPack, Debug, PartialEq)]
    #[msgpack(array, deny_unknown_fields)]
    pub(crate) struct StrictPoint {
        pub(crate) x: i32,
        pub(crate) y: i32,
    }

    #[derive(MsgPack, Debug, PartialEq)]
    pub(crate) struct MapPoint {
        pub(crate) x: i32,
        pub(crate) y: i32,
    }

    #[derive(MsgPack, Debug, PartialEq)]
    pub(crate) struct Pair(pub(crate) i32, pub(crate) i32);
}

#[test]
fn array_form_positions() {
    use arrays::*;
    // Appending a defaulted field works both ways.
    assert_eq!(verdict::<PointV2, PointV1>(), "ok");
    assert_eq!(verdict::<PointV1, PointV2>(), "ok");
    assert!(decodes::<PointV2, _>(&PointV1 { x: 1, y: 2 }));
    assert!(decodes::<PointV1, _>(&PointV2 { x: 1, y: 2, z: 3 }));
    assert_eq!(
        verdict::<PointRequiredZ, PointV1>(),
        "PointRequiredZ cannot read PointV1: rule required-field-added: position 2 (`z`) is required in PointRequiredZ but PointV1 writes only 2 elements"
    );
    assert!(!decodes::<PointRequiredZ, _>(&PointV1 { x: 1, y: 2 }));
    assert_eq!(
        verdict::<Swapped, PointV1>(),
        "Swapped cannot read PointV1: rule array-field-reordered: position 1 (`name`): expected str, found integer (Swapped reads `y`, written here, at position 0)"
    );
    assert_eq!(
        verdict::<StrictPoint, PointV2>(),
        "StrictPoint cannot read PointV2: rule unknown-fields-denied: StrictPoint reads at most 2 elements but PointV2 writes 3"
    );
    assert_eq!(verdict::<Pair, PointV1>(), "ok");
    assert_eq!(
        verdict::<Pair, PointV2>(),
        "Pair cannot read PointV2: rule length-changed: Pair reads exactly 2 elements but PointV2 writes 3"
    );
}

#[test]
fn map_and_array_forms_do_not_mix() {
    use arrays::*;
    assert_eq!(
        verdict::<MapPoint, PointV1>(),
        "MapPoint cannot read PointV1: rule form-changed: MapPoint reads a map but PointV1 writes an array (`array` form)"
    );
    assert_eq!(
        verdict::<PointV1, MapPoint>(),
        "PointV1 cannot read MapPoint: rule form-changed: PointV1 reads an array (`array` form) but MapPoint writes a map"
    );
}

mod enums {
    use super::*;

    #[derive(MsgPack, Debug, PartialEq)]
    pub(crate) enum EventV1 {
        Start { at: u64 },
        Stop,
        Note(String),
    }

    #[derive(MsgPack, Debug, PartialEq)]
    pub(crate) enum EventV2 {
        Start {
            at: u64,
            #[msgpack(default)]
            by: Option<String>,
        },
        Stop,
        Note(String),
        Pause(u32),
    }

    #[derive(MsgPack, Debug, PartialEq)]
    pub(crate) enum EventV2Other {
        Start {
            at: u64,
        },
        Stop,
        #[msgpack(other)]
        Unknown,
    }

    #[derive(MsgPack, Debug, PartialEq)]
    pub(crate) enum EventNoteIsUnit {
        Start { at: u64 },
        Stop,
        Note,
    }

    #[derive(MsgPack, Debug, PartialEq)]
    #[msgpack(tag = "type")]
    pub(crate) enum Tagged {
        Start { at: u64 },
        Stop,
    }

    #[derive(MsgPack, Debug, PartialEq)]
    #[msgpack(tag = "kind")]
    pub(crate) enum TaggedKind {
        Start { at: u64 },
        Stop,
    }

    #[derive(MsgPack, Debug, PartialEq)]
    pub(crate) enum Renamed {
        #[msgpack(rename = "begin")]
        Start {
            at: u64,
        },
        Stop,
        Note(String),
    }

    #[derive(MsgPack, Debug, PartialEq, Clone, Copy)]
    #[msgpack(index)]
    pub(crate) enum Level {
        Low,
        High,
    }

    #[derive(MsgPack, Debug, PartialEq, Clone, Copy)]
    pub(crate) enum Code {
        Ok = 200,
        NotFound = 404,
    }
}

#[test]
fn enum_variants_tags_and_other() {
    use enums::*;
    assert_eq!(verdict::<EventV2, EventV1>(), "ok");
    assert_eq!(
        verdict::<EventV1, EventV2>(),
        r#"EventV1 cannot read EventV2: rule variant-removed: variant "Pause" written by EventV2 is unknown to EventV1 (and it has no `other` variant)"#
    );
    assert!(!decodes::<EventV1, _>(&EventV2::Pause(1)));
    assert_eq!(verdict::<EventV2Other, EventV1>(), "ok");
    assert!(decodes::<EventV2Other, _>(&EventV1::Note("x".into())));
    assert_eq!(
        verdict::<EventNoteIsUnit, EventV1>(),
        r#"EventNoteIsUnit cannot read EventV1: rule variant-payload-changed: variant "Note": EventNoteIsUnit has a unit variant but EventV1 writes a newtype variant"#
    );
    assert_eq!(
        verdict::<Tagged, EventV1>(),
        r#"Tagged cannot read EventV1: rule tagging-changed: Tagged is tagged by field "type" but EventV1 is externally tagged"#
    );
    assert_eq!(
        verdict::<TaggedKind, Tagged>(),
        r#"TaggedKind cannot read Tagged: rule tagging-changed: TaggedKind is tagged by field "kind" but Tagged is tagged by field "type""#
    );
    assert_eq!(
        verdict::<Renamed, EventV1>(),
        r#"Renamed cannot read EventV1: rule tag-changed: variant "Start" written by EventV1 is unknown to Renamed (and it has no `other` variant); Renamed tags `Start` as "begin" (keep the old tag readable with `alias = "Start"`)"#
    );
    // Struct variant payloads are checked field by field.
    assert_eq!(
        verdict::<EventV1, EventV2Other>(),
        r#"EventV1 cannot read EventV2Other: rule variant-removed: variant "Unknown" written by EventV2Other is unknown to EventV1 (and it has no `other` variant)"#
    );
    // Unit-only enums are their tags.
    assert_eq!(verdict::<u8, Level>(), "ok");
    assert_eq!(verdict::<u16, Code>(), "ok");
    assert_eq!(
        verdict::<u8, Code>(),
        r#"u8 cannot read Code: rule integer-narrowed: variant 404: u8 cannot hold the tag"#
    );
    assert_eq!(
        verdict::<String, Level>(),
        "str cannot read Level: rule tag-kind-changed: variant 0: expected str, found an integer tag\n  \
         rule tag-kind-changed: variant 1: expected str, found an integer tag"
    );
    assert!(decodes::<u16, _>(&Code::NotFound));
}

mod recursive {
    use super::*;

    #[derive(MsgPack, Debug, PartialEq)]
    pub(crate) struct Node {
        pub(crate) value: u32,
        pub(crate) children: Vec<Node>,
    }

    #[derive(MsgPack, Debug, PartialEq)]
    pub(crate) struct NodeV2 {
        pub(crate) value: u64,
        pub(crate) children: Vec<NodeV2>,
        #[msgpack(default)]
        pub(crate) label: Option<String>,
    }

    #[derive(MsgPack, Debug, PartialEq)]
    pub(crate) struct Narrow {
        pub(crate) value: u8,
        pub(crate) children: Vec<Narrow>,
    }

    #[derive(MsgPack, Debug, PartialEq)]
    pub(crate) enum Expr {
        Num(i64),
        Add(Box<Expr>, Box<Expr>),
        Call { name: String, args: Vec<Expr> },
    }

    #[derive(MsgPack, Debug, PartialEq)]
    pub(crate) struct List {
        pub(crate) head: u8,
        pub(crate) tail: Option<Box<Self>>,
    }

    #[derive(MsgPack, Debug, PartialEq)]
    pub(crate) struct Borrowed<'a> {
        pub(crate) name: &'a str,
        pub(crate) next: Option<Box<Borrowed<'a>>>,
    }

    #[derive(MsgPack, Debug, PartialEq)]
    pub(crate) struct Generic<T> {
        pub(crate) item: T,
        pub(crate) nodes: Vec<Node>,
    }
}

#[test]
fn recursive_types() {
    use recursive::*;
    assert_eq!(verdict::<NodeV2, Node>(), "ok");
    assert_eq!(verdict::<Node, Node>(), "ok");
    assert_eq!(verdict::<Expr, Expr>(), "ok");
    assert_eq!(verdict::<List, List>(), "ok");
    assert_eq!(verdict::<Borrowed<'_>, Borrowed<'_>>(), "ok");
    assert_eq!(verdict::<Generic<u64>, Generic<u8>>(), "ok");
    assert_eq!(
        verdict::<Narrow, Node>(),
        r#"Narrow cannot read Node: rule integer-narrowed: field "value": u8 cannot hold every u32"#
    );
    assert_eq!(
        verdict::<Generic<u8>, Generic<u64>>(),
        r#"Generic cannot read Generic: rule integer-narrowed: field "item": u8 cannot hold every u64"#
    );
    assert_eq!(
        verdict::<Node, NodeV2>(),
        r#"Node cannot read NodeV2: rule integer-narrowed: field "value": u32 cannot hold every u64"#
    );
    assert_ne!(fingerprint_of::<Node>(), fingerprint_of::<NodeV2>());
    assert_ne!(fingerprint_of::<Node>(), fingerprint_of::<Narrow>());
}

// The macro in both forms, at module level (a failing pair would not build).
assert_compatible!(fields::UserV2Opt <=> fields::UserV1);
assert_compatible!(recursive::NodeV2, recursive::Node);
assert_compatible!(Vec<u64>, Vec<u16>);
assert_compatible!(BTreeMap<String, Option<i64>> <=> BTreeMap<String, Option<i64>>);
assert_compatible!(enums::EventV2, enums::EventV1,);

#[test]
fn macro_in_a_function_body() {
    assert_compatible!(arrays::PointV2 <=> arrays::PointV1);
}

mod pinned {
    use super::*;

    #[derive(MsgPack)]
    pub(crate) struct User {
        pub(crate) id: u64,
        pub(crate) name: String,
        #[msgpack(default)]
        pub(crate) tags: Vec<String>,
    }

    #[derive(MsgPack)]
    #[msgpack(array)]
    pub(crate) struct Point {
        pub(crate) x: f64,
        pub(crate) y: f64,
    }

    #[derive(MsgPack)]
    #[msgpack(tag = "type", rename_all = "snake_case")]
    pub(crate) enum Event {
        UserJoined { user: String },
        Tick,
    }
}

/// The documented algorithm, implemented again here by hand for `u8`.
#[test]
fn fingerprint_algorithm_is_as_documented() {
    fn fnv1a(bytes: &[u8]) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for &b in bytes {
            h ^= b as u64;
            h = h.wrapping_mul(0x100_0000_01b3);
        }
        h
    }
    let mut u8_bytes = vec![0x04];
    u8_bytes.extend_from_slice(&0i64.to_le_bytes());
    u8_bytes.extend_from_slice(&255u64.to_le_bytes());
    u8_bytes.push(0);
    assert_eq!(fingerprint_of::<u8>(), fnv1a(&u8_bytes));

    // Option<[str]>: 0c 0d 00 07
    assert_eq!(fingerprint_of::<Option<Vec<String>>>(), fnv1a(&[0x0c, 0x0d, 0x00, 0x07]));

    // struct A { id: u32 } in map form: 10, form 0, deny 0, count 1, key "id", required 1, always 1, u32.
    #[derive(MsgPack)]
    struct A {
        id: u32,
    }
    let mut a = vec![0x10, 0, 0];
    a.extend_from_slice(&1u64.to_le_bytes());
    a.push(0);
    a.extend_from_slice(&2u64.to_le_bytes());
    a.extend_from_slice(b"id");
    a.extend_from_slice(&[1, 1, 0x04]);
    a.extend_from_slice(&0i64.to_le_bytes());
    a.extend_from_slice(&(u32::MAX as u64).to_le_bytes());
    a.push(0);
    assert_eq!(fingerprint_of::<A>(), fnv1a(&a));

    // The same with `alias = "ident"`: `2` and the alias before the key.
    #[derive(MsgPack)]
    struct B {
        #[msgpack(alias = "ident")]
        id: u32,
    }
    let mut b = a[..11].to_vec();
    b.push(2);
    b.extend_from_slice(&5u64.to_le_bytes());
    b.extend_from_slice(b"ident");
    b.extend_from_slice(&a[11..]);
    assert_eq!(fingerprint_of::<B>(), fnv1a(&b));
}

/// Pinned values: a change here is a change of the wire schema or of the
/// fingerprint algorithm, both breaking.
#[test]
fn pinned_fingerprints() {
    use pinned::*;
    let got = [
        ("u8", fingerprint_of::<u8>()),
        ("String", fingerprint_of::<String>()),
        ("User", fingerprint_of::<User>()),
        ("Point", fingerprint_of::<Point>()),
        ("Event", fingerprint_of::<Event>()),
        ("Node", fingerprint_of::<recursive::Node>()),
    ];
    let want: [(&str, u64); 6] = [
        ("u8", 0x9d4f_0351_7d46_9564),
        ("String", 0xaf63_ba4c_8601_b2c6),
        ("User", 0x95c7_d2cd_2f88_61ef),
        ("Point", 0x0210_6537_fcfc_cbbc),
        ("Event", 0xdf64_ace6_e750_8b7b),
        ("Node", 0xe485_5059_2f8d_fa76),
    ];
    assert_eq!(got, want);
}

#[test]
fn fingerprint_is_const_and_ignores_rust_names() {
    const FP: u64 = fingerprint_of::<pinned::User>();
    #[derive(MsgPack)]
    struct Renamed {
        #[msgpack(rename = "id")]
        ident: u64,
        #[msgpack(rename = "name")]
        full_name: String,
        #[msgpack(default, rename = "tags")]
        labels: Vec<String>,
    }
    assert_eq!(FP, fingerprint_of::<Renamed>());
    #[derive(MsgPack)]
    struct TagsRequired {
        id: u64,
        name: String,
        tags: Vec<String>,
    }
    assert_ne!(FP, fingerprint_of::<TagsRequired>());
}

#[test]
fn display() {
    use pinned::*;
    assert_eq!(
        shape_of::<User>().to_string(),
        "User = map {\n    \"id\": u64,\n    \"name\": str,\n    \"tags\": [str] (default),\n}"
    );
    assert_eq!(shape_of::<Point>().to_string(), "Point = array [\n    x: f64,\n    y: f64,\n]");
    assert_eq!(
        shape_of::<Event>().to_string(),
        "Event = enum, tag \"type\" {\n    \"user_joined\": map { \"user\": str },\n    \"tick\",\n}"
    );
    assert_eq!(
        shape_of::<Vec<recursive::Node>>().to_string(),
        "[Node]\nNode = map {\n    \"value\": u32,\n    \"children\": [Node],\n}"
    );
    assert_eq!(shape_of::<HashMap<String, Option<(u8, bool)>>>().to_string(), "{str: Option<(u8, bool)>}");
    assert_eq!(shape_of::<arrays::Pair>().to_string(), "Pair = [i32, i32]");
    assert!(matches!(shape_of::<Value>(), Shape::Any));
}

mod generic_recursive {
    use super::*;

    #[derive(MsgPack, Debug, PartialEq)]
    pub(crate) struct Tree<T> {
        pub(crate) item: T,
        pub(crate) children: Vec<Tree<T>>,
    }

    /// The same, written with `Self`, and a field added with a default.
    #[derive(MsgPack, Debug, PartialEq)]
    pub(crate) struct TreeV2<T> {
        pub(crate) item: T,
        pub(crate) children: Vec<Self>,
        #[msgpack(default)]
        pub(crate) label: Option<String>,
    }

    #[derive(MsgPack, Debug, PartialEq)]
    pub(crate) enum Expr<T> {
        Lit(T),
        Neg(Box<Expr<T>>),
        Sum(Vec<Expr<T>>),
    }

    #[derive(MsgPack, Debug, PartialEq)]
    pub(crate) struct Nest(pub(crate) Vec<Nest>);

    #[derive(MsgPack, Debug, PartialEq)]
    pub(crate) struct NTree {
        pub(crate) item: u8,
        pub(crate) children: Vec<NTree>,
    }

    #[derive(MsgPack, Debug, PartialEq)]
    pub(crate) struct GNest<T>(pub(crate) Vec<GNest<T>>, pub(crate) T);

    /// A generic type holding another instantiation of a generic recursive
    /// type: the inner `Tree<u16>` is a different instance from the outer.
    #[derive(MsgPack, Debug, PartialEq)]
    pub(crate) struct Forest<T> {
        pub(crate) trees: Vec<Tree<T>>,
        pub(crate) index: Tree<u16>,
    }
}

#[test]
fn generic_recursive_types() {
    use generic_recursive::*;
    let t = Tree { item: 1u8, children: vec![Tree { item: 2, children: vec![] }] };
    let back: Tree<u8> = msgpack_core::from_slice(&msgpack_core::to_vec(&t).unwrap()).unwrap();
    assert_eq!(back, t);

    assert_eq!(verdict::<Tree<u8>, Tree<u8>>(), "ok");
    assert_eq!(verdict::<Tree<u64>, Tree<u8>>(), "ok");
    assert_eq!(verdict::<TreeV2<u64>, Tree<u32>>(), "ok");
    assert_eq!(verdict::<Tree<u32>, TreeV2<u32>>(), "ok");
    assert_eq!(
        verdict::<Tree<u8>, Tree<u64>>(),
        r#"Tree cannot read Tree: rule integer-narrowed: field "item": u8 cannot hold every u64"#
    );
    assert_eq!(verdict::<Expr<i64>, Expr<i8>>(), "ok");
    assert_eq!(
        verdict::<Expr<i8>, Expr<i64>>(),
        r#"Expr cannot read Expr: rule integer-narrowed: variant "Lit": i8 cannot hold every i64"#
    );
    // A generic recursive type against a non-generic recursive one.
    assert_eq!(
        verdict::<Nest, GNest<()>>(),
        "Nest cannot read GNest: rule type-changed: position 1 (`1`): expected array, found nil"
    );
    // Generic against non-generic recursion, both ways.
    assert_eq!(verdict::<Tree<u16>, NTree>(), "ok");
    assert_eq!(verdict::<NTree, Tree<u8>>(), "ok");
    assert_eq!(
        verdict::<NTree, Tree<u16>>(),
        r#"NTree cannot read Tree: rule integer-narrowed: field "item": u8 cannot hold every u16"#
    );
    assert_eq!(verdict::<GNest<u8>, GNest<u8>>(), "ok");
    // Instances are told apart: the inner `Tree<u16>` is checked as such.
    assert_eq!(verdict::<Forest<u8>, Forest<u8>>(), "ok");
    assert_eq!(verdict::<Forest<u64>, Forest<u8>>(), "ok");
    assert_eq!(
        verdict::<Forest<u8>, Forest<u64>>(),
        r#"Forest cannot read Forest: rule integer-narrowed: field "trees": element: Tree cannot read Tree: field "item": u8 cannot hold every u64"#
    );
    // The fingerprint refers back to the enclosing instance, and
    // distinguishes instantiations.
    assert_eq!(fingerprint_of::<Tree<u8>>(), fingerprint_of::<Tree<u8>>());
    assert_ne!(fingerprint_of::<Tree<u8>>(), fingerprint_of::<Tree<u16>>());
    assert_ne!(fingerprint_of::<Tree<u32>>(), fingerprint_of::<TreeV2<u32>>());
    assert_eq!(shape_of::<Tree<u8>>().to_string(), "Tree = map {\n    \"item\": u8,\n    \"children\": [Tree],\n}");
    assert_eq!(shape_of::<Nest>().to_string(), "Nest = [Nest]");
}

mod opaque {
    use super::*;

    pub(crate) mod as_text {
        use msgpack_core::{Decoder, Encoder, decode, encode};
        pub(crate) fn encode<W: encode::Write>(v: &u32, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
            e.str(&v.to_string())
        }
        pub(crate) fn encoded_len(v: &u32) -> usize {
            encode::str_size(v.to_string().len())
        }
        pub(crate) fn decode(d: &mut Decoder<'_>) -> Result<u32, decode::Error> {
            let at = d.position();
            d.str()?.parse().map_err(|_| decode::Error::custom("not a number", at))
        }
    }

    pub(crate) mod as_text_too {
        pub(crate) use super::as_text::{decode, encode, encoded_len};
    }

    #[derive(MsgPack)]
    pub(crate) struct A {
        #[msgpack(with = "as_text")]
        pub(crate) id: u32,
    }

    #[derive(MsgPack)]
    pub(crate) struct B {
        #[msgpack(with = "as_text")]
        pub(crate) id: u32,
    }

    #[derive(MsgPack)]
    pub(crate) struct C {
        #[msgpack(with = "as_text_too")]
        pub(crate) id: u32,
    }

    #[derive(MsgPack)]
    pub(crate) struct Plain {
        pub(crate) id: u32,
    }
}

#[test]
fn with_fields_are_opaque() {
    // A relative `with` path is qualified with the module it is written in
    // (`module_path!()`: the test binary `schema`, then `schema::descriptors`).
    use opaque::*;
    assert_eq!(verdict::<A, B>(), "ok");
    assert_eq!(
        verdict::<A, C>(),
        r#"A cannot read C: rule with-changed: field "id": expected u32 with(schema::schema::descriptors::opaque::as_text), found u32 with(schema::schema::descriptors::opaque::as_text_too)"#
    );
    assert_eq!(
        verdict::<Plain, A>(),
        r#"Plain cannot read A: rule with-changed: field "id": expected integer, found u32 with(schema::schema::descriptors::opaque::as_text)"#
    );
    assert_eq!(verdict::<BTreeMap<String, Value>, A>(), "ok");
    assert_eq!(
        shape_of::<A>().to_string(),
        "A = map {\n    \"id\": u32 with(schema::schema::descriptors::opaque::as_text),\n}"
    );
}

/// Every type of the crate docs' table has a descriptor, rendered here.
#[test]
fn every_core_type_has_a_descriptor() {
    use std::borrow::Cow;
    use std::collections::{BTreeSet, HashSet, LinkedList, VecDeque};
    use std::marker::PhantomData;
    use std::num::{NonZeroI8, NonZeroU64};
    use std::rc::Rc;
    use std::sync::Arc;
    use std::time::Duration;

    fn s<T: Schema + ?Sized>() -> String {
        shape_of::<T>().to_string()
    }
    let got = [
        s::<bool>(),
        s::<u8>(),
        s::<u16>(),
        s::<u32>(),
        s::<u64>(),
        s::<usize>(),
        s::<u128>(),
        s::<i8>(),
        s::<i16>(),
        s::<i32>(),
        s::<i64>(),
        s::<isize>(),
        s::<i128>(),
        s::<NonZeroU64>(),
        s::<NonZeroI8>(),
        s::<f32>(),
        s::<f64>(),
        s::<char>(),
        s::<()>(),
        s::<PhantomData<u8>>(),
        s::<&str>(),
        s::<String>(),
        s::<Cow<'_, str>>(),
        s::<Box<str>>(),
        s::<Rc<str>>(),
        s::<Arc<str>>(),
        s::<&[u8]>(),
        s::<Vec<u8>>(),
        s::<VecDeque<u8>>(),
        s::<[u8; 16]>(),
        s::<Cow<'_, [u8]>>(),
        s::<Box<[u8]>>(),
        s::<Option<u8>>(),
        s::<[u16]>(),
        s::<[u16; 3]>(),
        s::<Vec<i32>>(),
        s::<VecDeque<i32>>(),
        s::<LinkedList<i32>>(),
        s::<BTreeSet<u8>>(),
        s::<HashSet<String>>(),
        s::<Box<[bool]>>(),
        s::<(u8,)>(),
        s::<(u8, String, f64)>(),
        s::<BTreeMap<String, u8>>(),
        s::<HashMap<u32, Vec<u8>>>(),
        s::<Box<u8>>(),
        s::<Rc<u8>>(),
        s::<Arc<u8>>(),
        s::<&u8>(),
        s::<Duration>(),
        s::<std::time::SystemTime>(),
        s::<msgpack_core::Timestamp>(),
        s::<msgpack_core::ExtRef<'_>>(),
        s::<msgpack_core::Ext>(),
        s::<Value>(),
        s::<msgpack_core::ValueRef<'_>>(),
    ];
    let want = [
        "bool",
        "u8",
        "u16",
        "u32",
        "u64",
        "usize",
        "u128",
        "i8",
        "i16",
        "i32",
        "i64",
        "isize",
        "i128",
        "NonZeroU64",
        "NonZeroI8",
        "f32",
        "f64",
        "char",
        "nil",
        "()",
        "str",
        "str",
        "str",
        "str",
        "str",
        "str",
        "bin",
        "bin",
        "bin",
        "bin[16]",
        "bin",
        "bin",
        "Option<u8>",
        "[u16]",
        "[u16; 3]",
        "[i32]",
        "[i32]",
        "[i32]",
        "[u8]",
        "[str]",
        "[bool]",
        "(u8,)",
        "(u8, str, f64)",
        "{str: u8}",
        "{u32: bin}",
        "u8",
        "u8",
        "u8",
        "u8",
        "(u64, nanoseconds)",
        "timestamp",
        "timestamp",
        "ext",
        "ext",
        "any",
        "any",
    ];
    assert_eq!(got, want);
}

#[cfg(feature = "bytes")]
#[test]
fn bytes_types_are_bin() {
    assert_eq!(shape_of::<bytes::Bytes>().to_string(), "bin");
    assert_eq!(shape_of::<bytes::BytesMut>().to_string(), "bin");
    assert_eq!(verdict::<bytes::Bytes, Vec<u8>>(), "ok");
}

#[cfg(all(feature = "chrono", feature = "time"))]
#[test]
fn date_time_types_are_timestamps() {
    for s in [
        shape_of::<chrono::DateTime<chrono::Utc>>(),
        shape_of::<chrono::NaiveDateTime>(),
        shape_of::<time::OffsetDateTime>(),
        shape_of::<time::UtcDateTime>(),
        shape_of::<time::PrimitiveDateTime>(),
    ] {
        assert_eq!(s.to_string(), "timestamp");
    }
    assert_eq!(verdict::<chrono::DateTime<chrono::Utc>, time::OffsetDateTime>(), "ok");
    assert_eq!(verdict::<std::time::SystemTime, msgpack_core::Timestamp>(), "ok");
}
