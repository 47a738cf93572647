//! Byte identity with rmp-serde where the new shapes nest: an untagged
//! enum inside an adjacently tagged one, flattened structs holding
//! flattened structs and maps, aliases under `rename_all` in flattened
//! fields, `flatten` in struct variants, adjacently tagged struct variants
//! with `rename_all`, untagged enums holding borrowed types, and
//! `deny_unknown_fields` with `flatten`. Each side reads the other's bytes.

use std::collections::{BTreeMap, HashMap};

use msgpack_core::MsgPack;
use serde::{Deserialize, Serialize};

use super::tagging::{Point, TPoint};
use super::{Named, bytes_of, ours_from, same, theirs_from};

// ---------------------------------------------------------------------------
// An untagged enum inside an adjacently tagged one

#[derive(MsgPack, PartialEq, Debug, Clone)]
#[msgpack(untagged)]
enum Scalar {
    Nothing,
    Int(i64),
    Text(String),
    At(Point),
    List(Vec<Scalar>),
}
#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
#[serde(untagged)]
enum TScalar {
    Nothing,
    Int(i64),
    Text(String),
    At(TPoint),
    List(Vec<TScalar>),
}

#[derive(MsgPack, PartialEq, Debug, Clone)]
#[msgpack(tag = "op", content = "arg")]
enum Command {
    Set(Scalar),
    Clear,
    Swap(Scalar, Scalar),
    Put { key: String, value: Scalar },
}
#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
#[serde(tag = "op", content = "arg")]
enum TCommand {
    Set(TScalar),
    Clear,
    Swap(TScalar, TScalar),
    Put { key: String, value: TScalar },
}

fn scalars() -> Vec<(Scalar, TScalar)> {
    vec![
        (Scalar::Nothing, TScalar::Nothing),
        (Scalar::Int(-70000), TScalar::Int(-70000)),
        (Scalar::Text("t".into()), TScalar::Text("t".into())),
        (Scalar::At(Point { x: 1, y: -2 }), TScalar::At(TPoint { x: 1, y: -2 })),
        (Scalar::List(vec![]), TScalar::List(vec![])),
        (
            Scalar::List(vec![Scalar::Int(1), Scalar::List(vec![Scalar::Text("deep".into())]), Scalar::Nothing]),
            TScalar::List(vec![TScalar::Int(1), TScalar::List(vec![TScalar::Text("deep".into())]), TScalar::Nothing]),
        ),
    ]
}

#[test]
fn untagged_inside_adjacently_tagged() {
    for (o, t) in scalars() {
        same(Named, &Command::Set(o.clone()), &TCommand::Set(t.clone()));
        same(Named, &Command::Swap(o.clone(), Scalar::Int(0)), &TCommand::Swap(t.clone(), TScalar::Int(0)));
        same(
            Named,
            &Command::Put { key: "k".into(), value: o.clone() },
            &TCommand::Put { key: "k".into(), value: t.clone() },
        );
    }
    same(Named, &Command::Clear, &TCommand::Clear);
    // The content before the tag, on both sides.
    let bytes = b"\x82\xa3arg\x92\x01\xa1x\xa2op\xa4Swap";
    assert_eq!(ours_from(&Command::Clear, bytes), Command::Swap(Scalar::Int(1), Scalar::Text("x".into())));
    assert_eq!(theirs_from(&TCommand::Clear, bytes), TCommand::Swap(TScalar::Int(1), TScalar::Text("x".into())));
    // `Set(nil)` is the untagged unit variant, not a missing content.
    let bytes = b"\x82\xa2op\xa3Set\xa3arg\xc0";
    assert_eq!(ours_from(&Command::Clear, bytes), Command::Set(Scalar::Nothing));
    assert_eq!(theirs_from(&TCommand::Clear, bytes), TCommand::Set(TScalar::Nothing));
}

// ---------------------------------------------------------------------------
// Flattened structs holding flattened structs and maps

fn is_zero(v: &u32) -> bool {
    *v == 0
}

#[derive(MsgPack, PartialEq, Debug, Clone)]
struct Audit {
    by: String,
    #[msgpack(skip_if = "Option::is_none")]
    reason: Option<String>,
}
#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
struct TAudit {
    by: String,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    reason: Option<String>,
}

#[derive(MsgPack, PartialEq, Debug, Clone)]
struct Versioned {
    #[msgpack(skip_if = "is_zero", default)]
    version: u32,
    #[msgpack(flatten)]
    audit: Audit,
    #[msgpack(flatten)]
    labels: BTreeMap<String, String>,
}
#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
struct TVersioned {
    #[serde(skip_serializing_if = "is_zero", default)]
    version: u32,
    #[serde(flatten)]
    audit: TAudit,
    #[serde(flatten)]
    labels: BTreeMap<String, String>,
}

#[derive(MsgPack, PartialEq, Debug, Clone)]
struct Record {
    id: u64,
    #[msgpack(flatten)]
    position: Point,
    #[msgpack(flatten)]
    versioned: Versioned,
    tags: Vec<String>,
}
#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
struct TRecord {
    id: u64,
    #[serde(flatten)]
    position: TPoint,
    #[serde(flatten)]
    versioned: TVersioned,
    tags: Vec<String>,
}

#[test]
fn flattened_struct_holding_struct_and_map() {
    for (version, reason, labels) in [
        (0u32, None, vec![]),
        (3, Some("fix"), vec![("env", "prod")]),
        (70000, None, vec![("a", ""), ("b", "two"), ("c", "three")]),
    ] {
        let labels: BTreeMap<String, String> = labels.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        let o = Record {
            id: 9,
            versioned: Versioned {
                version,
                audit: Audit { by: "me".into(), reason: reason.map(Into::into) },
                labels: labels.clone(),
            },
            position: Point { x: 1, y: 2 },
            tags: vec!["t".into()],
        };
        let t = TRecord {
            id: 9,
            versioned: TVersioned {
                version,
                audit: TAudit { by: "me".into(), reason: reason.map(Into::into) },
                labels,
            },
            position: TPoint { x: 1, y: 2 },
            tags: vec!["t".into()],
        };
        same(Named, &o, &t);
    }
    // Keys in any order, the unknown ones to the innermost map on both sides.
    let bytes = msgpack_core::to_vec(&msgpack_core::Value::Map(vec![
        ("y".into(), 2.into()),
        ("zone".into(), "eu".into()),
        ("tags".into(), msgpack_core::Value::Array(vec![])),
        ("by".into(), "you".into()),
        ("x".into(), 1.into()),
        ("id".into(), 1.into()),
    ]))
    .unwrap();
    let o = ours_from(&dummy_record(), &bytes);
    let t = theirs_from(&dummy_trecord(), &bytes);
    assert_eq!(o.versioned.labels, BTreeMap::from([("zone".to_string(), "eu".to_string())]));
    assert_eq!(t.versioned.labels, o.versioned.labels);
    assert_eq!((o.versioned.audit.by.as_str(), o.position.x), ("you", 1));
    assert_eq!((t.versioned.audit.by.as_str(), t.position.x), ("you", 1));
}

fn dummy_record() -> Record {
    Record {
        id: 0,
        versioned: Versioned { version: 0, audit: Audit { by: String::new(), reason: None }, labels: BTreeMap::new() },
        position: Point { x: 0, y: 0 },
        tags: vec![],
    }
}

fn dummy_trecord() -> TRecord {
    TRecord {
        id: 0,
        versioned: TVersioned {
            version: 0,
            audit: TAudit { by: String::new(), reason: None },
            labels: BTreeMap::new(),
        },
        position: TPoint { x: 0, y: 0 },
        tags: vec![],
    }
}

#[derive(MsgPack, PartialEq, Debug, Clone)]
struct Late {
    #[msgpack(flatten)]
    versioned: Versioned,
    #[msgpack(flatten)]
    position: Point,
}
#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
struct TLate {
    #[serde(flatten)]
    versioned: TVersioned,
    #[serde(flatten)]
    position: TPoint,
}

/// Not the same reading, by design: serde hands a flattened map every key
/// that no struct flattened *before* it has taken, so a catch-all inside an
/// earlier field also gets a later flattened struct's keys (and here fails
/// on their integer values); ours offers each key to every flattened struct
/// first and gives the catch-all only what none of them takes. The bytes
/// are the same; rmp-serde reads them when the catch-all comes last.
#[test]
fn catch_all_before_a_flattened_struct() {
    let o = Late {
        versioned: Versioned {
            version: 1,
            audit: Audit { by: "b".into(), reason: None },
            labels: [("env".to_string(), "prod".to_string())].into(),
        },
        position: Point { x: 1, y: 2 },
    };
    let t = TLate {
        versioned: TVersioned {
            version: 1,
            audit: TAudit { by: "b".into(), reason: None },
            labels: [("env".to_string(), "prod".to_string())].into(),
        },
        position: TPoint { x: 1, y: 2 },
    };
    let (a, b) = bytes_of(Named, &o, &t);
    assert_eq!(ours_from(&o, &b), o);
    let e = rmp_serde::from_slice::<TLate>(&a).unwrap_err();
    assert_eq!(e.to_string(), "invalid type: integer `1`, expected a string");
}

#[derive(MsgPack, PartialEq, Debug, Clone)]
struct Counters {
    name: String,
    #[msgpack(flatten)]
    counts: HashMap<String, i64>,
}
#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
struct TCounters {
    name: String,
    #[serde(flatten)]
    counts: HashMap<String, i64>,
}

/// A `HashMap` catch-all with one entry (the order of several is the
/// map's own, the same on both sides only by chance): bytes; with many,
/// each side reads the other's.
#[test]
fn hash_map_catch_all() {
    let one: HashMap<String, i64> = [("hits".to_string(), -5)].into();
    same(Named, &Counters { name: "c".into(), counts: one.clone() }, &TCounters { name: "c".into(), counts: one });
    let many: HashMap<String, i64> = (0..40).map(|i| (format!("k{i}"), i * 1000 - 7)).collect();
    let o = Counters { name: "c".into(), counts: many.clone() };
    let t = TCounters { name: "c".into(), counts: many };
    let a = msgpack_core::to_vec(&o).unwrap();
    assert_eq!(msgpack_core::Encode::encoded_len(&o), a.len());
    let b = rmp_serde::to_vec_named(&t).unwrap();
    assert_eq!(a.len(), b.len());
    assert_eq!(ours_from(&o, &b), o);
    assert_eq!(theirs_from(&t, &a), t);
}

// ---------------------------------------------------------------------------
// Aliases under `rename_all` in flattened fields

#[derive(MsgPack, PartialEq, Debug, Clone)]
#[msgpack(rename_all = "camelCase")]
struct Owner {
    #[msgpack(alias = "user_name")]
    user_name: String,
    #[msgpack(default, alias = "login_count")]
    login_count: u32,
}
#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
#[serde(rename_all = "camelCase")]
struct TOwner {
    #[serde(alias = "user_name")]
    user_name: String,
    #[serde(default, alias = "login_count")]
    login_count: u32,
}

#[derive(MsgPack, PartialEq, Debug, Clone)]
#[msgpack(rename_all = "SCREAMING_SNAKE_CASE")]
struct Repo {
    repo_name: String,
    #[msgpack(flatten)]
    owner: Owner,
}
#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
struct TRepo {
    repo_name: String,
    #[serde(flatten)]
    owner: TOwner,
}

/// The parent's `rename_all` renames its own keys only; the flattened
/// struct keeps its `rename_all` and reads its aliases, as written.
#[test]
fn aliases_under_rename_all_in_flattened_fields() {
    let o = Repo { repo_name: "r".into(), owner: Owner { user_name: "ada".into(), login_count: 2 } };
    let t = TRepo { repo_name: "r".into(), owner: TOwner { user_name: "ada".into(), login_count: 2 } };
    let bytes = same(Named, &o, &t);
    assert_eq!(bytes, b"\x83\xa9REPO_NAME\xa1r\xa8userName\xa3ada\xaaloginCount\x02");
    for (name_key, count_key) in
        [("user_name", "login_count"), ("userName", "login_count"), ("user_name", "loginCount")]
    {
        let old = msgpack_core::to_vec(&msgpack_core::Value::Map(vec![
            (count_key.into(), 2.into()),
            ("REPO_NAME".into(), "r".into()),
            (name_key.into(), "ada".into()),
        ]))
        .unwrap();
        assert_eq!(ours_from(&o, &old), o, "{name_key} {count_key}");
        assert_eq!(theirs_from(&t, &old), t, "{name_key} {count_key}");
    }
}

// ---------------------------------------------------------------------------
// `flatten` inside struct variants

#[derive(MsgPack, PartialEq, Debug, Clone)]
enum Shape {
    Circle {
        r: u32,
        #[msgpack(flatten)]
        at: Point,
    },
    Free {
        name: String,
        #[msgpack(flatten)]
        attrs: BTreeMap<String, u32>,
    },
    Empty,
}
#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
enum TShape {
    Circle {
        r: u32,
        #[serde(flatten)]
        at: TPoint,
    },
    Free {
        name: String,
        #[serde(flatten)]
        attrs: BTreeMap<String, u32>,
    },
    Empty,
}

#[derive(MsgPack, PartialEq, Debug, Clone)]
#[msgpack(tag = "kind")]
enum IShape {
    Circle {
        r: u32,
        #[msgpack(flatten)]
        at: Point,
    },
    Free {
        name: String,
        #[msgpack(flatten)]
        attrs: BTreeMap<String, u32>,
    },
}
#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
#[serde(tag = "kind")]
enum TIShape {
    Circle {
        r: u32,
        #[serde(flatten)]
        at: TPoint,
    },
    Free {
        name: String,
        #[serde(flatten)]
        attrs: BTreeMap<String, u32>,
    },
}

#[test]
fn flatten_inside_struct_variants() {
    let attrs: BTreeMap<String, u32> = [("w".to_string(), 3), ("h".to_string(), 70000)].into();
    same(Named, &Shape::Circle { r: 5, at: Point { x: 1, y: 2 } }, &TShape::Circle { r: 5, at: TPoint { x: 1, y: 2 } });
    same(
        Named,
        &Shape::Free { name: "f".into(), attrs: attrs.clone() },
        &TShape::Free { name: "f".into(), attrs: attrs.clone() },
    );
    same(
        Named,
        &Shape::Free { name: "f".into(), attrs: BTreeMap::new() },
        &TShape::Free { name: "f".into(), attrs: BTreeMap::new() },
    );
    same(Named, &Shape::Empty, &TShape::Empty);
    same(
        Named,
        &IShape::Circle { r: 5, at: Point { x: -1, y: 2 } },
        &TIShape::Circle { r: 5, at: TPoint { x: -1, y: 2 } },
    );
    let bytes = same(
        Named,
        &IShape::Free { name: "f".into(), attrs: attrs.clone() },
        &TIShape::Free { name: "f".into(), attrs: attrs.clone() },
    );
    assert_eq!(&bytes[..13], b"\x84\xa4kind\xa4Free\xa4n");
    // The tag last: neither side gives it to the catch-all.
    let late = msgpack_core::to_vec(&msgpack_core::Value::Map(vec![
        ("q".into(), 1.into()),
        ("name".into(), "f".into()),
        ("kind".into(), "Free".into()),
    ]))
    .unwrap();
    let one: BTreeMap<String, u32> = [("q".to_string(), 1)].into();
    assert_eq!(
        ours_from(&IShape::Circle { r: 0, at: Point { x: 0, y: 0 } }, &late),
        IShape::Free { name: "f".into(), attrs: one.clone() }
    );
    assert_eq!(
        theirs_from(&TIShape::Circle { r: 0, at: TPoint { x: 0, y: 0 } }, &late),
        TIShape::Free { name: "f".into(), attrs: one }
    );
}

// ---------------------------------------------------------------------------
// Adjacently tagged, struct variants, `rename_all`

#[derive(MsgPack, PartialEq, Debug, Clone)]
#[msgpack(tag = "type", content = "payload", rename_all = "kebab-case", rename_all_fields = "camelCase")]
enum Request {
    GetUser {
        user_id: u64,
        include_deleted: bool,
    },
    #[msgpack(rename_all = "SCREAMING_SNAKE_CASE")]
    ListUsers {
        page_size: u16,
        page_token: Option<String>,
    },
    #[msgpack(rename = "bye")]
    LogOut,
    Raw(Vec<String>),
}
#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
#[serde(tag = "type", content = "payload", rename_all = "kebab-case", rename_all_fields = "camelCase")]
enum TRequest {
    GetUser {
        user_id: u64,
        include_deleted: bool,
    },
    #[serde(rename_all = "SCREAMING_SNAKE_CASE")]
    ListUsers {
        page_size: u16,
        page_token: Option<String>,
    },
    #[serde(rename = "bye")]
    LogOut,
    Raw(Vec<String>),
}

#[test]
fn adjacently_tagged_struct_variants_with_rename_all() {
    let bytes = same(
        Named,
        &Request::GetUser { user_id: u64::MAX, include_deleted: false },
        &TRequest::GetUser { user_id: u64::MAX, include_deleted: false },
    );
    assert_eq!(&bytes[..23], b"\x82\xa4type\xa8get-user\xa7payload");
    same(
        Named,
        &Request::ListUsers { page_size: 50, page_token: Some("p".into()) },
        &TRequest::ListUsers { page_size: 50, page_token: Some("p".into()) },
    );
    same(
        Named,
        &Request::ListUsers { page_size: 0, page_token: None },
        &TRequest::ListUsers { page_size: 0, page_token: None },
    );
    same(Named, &Request::LogOut, &TRequest::LogOut);
    same(Named, &Request::Raw(vec!["a".into(), "b".into()]), &TRequest::Raw(vec!["a".into(), "b".into()]));
    // The payload's keys in another order, the payload before the tag.
    let bytes = b"\x82\xa7payload\x82\xa9PAGE_SIZE\x07\xaaPAGE_TOKEN\xc0\xa4type\xaalist-users";
    assert_eq!(ours_from(&Request::LogOut, bytes), Request::ListUsers { page_size: 7, page_token: None });
    assert_eq!(theirs_from(&TRequest::LogOut, bytes), TRequest::ListUsers { page_size: 7, page_token: None });
}

// ---------------------------------------------------------------------------
// Untagged enums holding borrowed types

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(untagged)]
enum Token<'a> {
    Number(i32),
    Word(&'a str),
    Bytes(&'a [u8]),
    Pair { key: &'a str, value: &'a str },
}
#[derive(Serialize, Deserialize, PartialEq, Debug)]
#[serde(untagged)]
enum TToken<'a> {
    Number(i32),
    Word(&'a str),
    Bytes(#[serde(with = "serde_bytes")] &'a [u8]),
    Pair { key: &'a str, value: &'a str },
}

#[derive(MsgPack, PartialEq, Debug)]
struct Line<'a> {
    tokens: Vec<Token<'a>>,
}
#[derive(Serialize, Deserialize, PartialEq, Debug)]
struct TLine<'a> {
    #[serde(borrow)]
    tokens: Vec<TToken<'a>>,
}

#[test]
fn untagged_enum_holding_borrowed_types() {
    let ours = Line {
        tokens: vec![
            Token::Number(-3),
            Token::Word("w"),
            Token::Bytes(&[0, 255]),
            Token::Pair { key: "k", value: "v" },
            Token::Word(""),
        ],
    };
    let theirs = TLine {
        tokens: vec![
            TToken::Number(-3),
            TToken::Word("w"),
            TToken::Bytes(&[0, 255]),
            TToken::Pair { key: "k", value: "v" },
            TToken::Word(""),
        ],
    };
    let (a, b) = bytes_of(Named, &ours, &theirs);
    let back = ours_from(&ours, &b);
    assert_eq!(back, ours);
    let Token::Word(w) = back.tokens[1] else { unreachable!() };
    assert!(b.as_ptr_range().contains(&w.as_ptr()));
    assert_eq!(theirs_from(&theirs, &a), theirs);
}

// ---------------------------------------------------------------------------
// `deny_unknown_fields` with `flatten`

#[derive(MsgPack, PartialEq, Debug, Clone)]
#[msgpack(deny_unknown_fields)]
struct Strict {
    name: String,
    #[msgpack(flatten)]
    at: Point,
}
#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
#[serde(deny_unknown_fields)]
struct TStrict {
    name: String,
    #[serde(flatten)]
    at: TPoint,
}

/// The flattened struct's keys are known; any other key is rejected, on
/// both sides. (With a catch-all map, `deny_unknown_fields` would have
/// nothing to reject: the derive refuses the combination, see
/// `tests/ui/flatten_nested_catch_all.rs`; serde accepts it and then
/// rejects every key the map would take.)
#[test]
fn deny_unknown_fields_with_flatten() {
    same(
        Named,
        &Strict { name: "n".into(), at: Point { x: 1, y: 2 } },
        &TStrict { name: "n".into(), at: TPoint { x: 1, y: 2 } },
    );
    let extra = msgpack_core::to_vec(&msgpack_core::Value::Map(vec![
        ("name".into(), "n".into()),
        ("x".into(), 1.into()),
        ("zz".into(), 0.into()),
        ("y".into(), 2.into()),
    ]))
    .unwrap();
    let e = msgpack_core::from_slice::<Strict>(&extra).unwrap_err();
    assert_eq!(e.to_string(), "unknown field \"zz\" at $ (byte 11)");
    assert_eq!(rmp_serde::from_slice::<TStrict>(&extra).unwrap_err().to_string(), "unknown field `zz`");
    // serde with a catch-all beside `deny_unknown_fields`: even its own
    // bytes are rejected.
    let t = TStrictOpen { name: "n".into(), rest: [("x".to_string(), 1)].into() };
    let b = rmp_serde::to_vec_named(&t).unwrap();
    assert_eq!(rmp_serde::from_slice::<TStrictOpen>(&b).unwrap_err().to_string(), "unknown field `x`");
}

#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
#[serde(deny_unknown_fields)]
struct TStrictOpen {
    name: String,
    #[serde(flatten)]
    rest: BTreeMap<String, i32>,
}

// ---------------------------------------------------------------------------
// An untagged enum of many struct variants told apart by a required field

macro_rules! keyed_variants {
    ($ours:ident, $theirs:ident: $($v:ident $k:ident),*) => {
        #[derive(MsgPack, PartialEq, Debug)]
        #[msgpack(untagged)]
        enum $ours {
            $($v { $k: u8, pad: String },)*
        }
        #[derive(Serialize, Deserialize, PartialEq, Debug)]
        #[serde(untagged)]
        enum $theirs {
            $($v { $k: u8, pad: String },)*
        }
    };
}

keyed_variants!(Keyed, TKeyed: V0 k0, V1 k1, V2 k2, V3 k3, V4 k4, V5 k5, V6 k6, V7 k7, V8 k8, V9 k9,
    V10 k10, V11 k11, V12 k12, V13 k13, V14 k14, V15 k15, V16 k16, V17 k17, V18 k18, V19 k19);

/// Twenty struct variants, each needing its own key: a message of the last
/// one is read in full by the nineteen before it, each failing at its end
/// (a missing field). rmp-serde reads it whatever its size; so must we (an
/// honest message, each value tried once by each variant).
#[test]

fn many_struct_variants_on_a_large_message() {
    for pad in [10usize, 10_000] {
        let o = Keyed::V19 { k19: 7, pad: "p".repeat(pad) };
        let t = TKeyed::V19 { k19: 7, pad: "p".repeat(pad) };
        same(Named, &o, &t);
    }
}

#[test]
fn many_struct_variants_on_a_small_message() {
    same(Named, &Keyed::V19 { k19: 7, pad: "p".into() }, &TKeyed::V19 { k19: 7, pad: "p".into() });
    same(Named, &Keyed::V0 { k0: 0, pad: String::new() }, &TKeyed::V0 { k0: 0, pad: String::new() });
}
