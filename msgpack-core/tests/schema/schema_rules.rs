//! The rule ids of the compatibility check: every [`Rule`] is what `check`
//! returns for at least one pair here (and every pair returns exactly the
//! rule written beside it), and the ids are unique, kebab-case, and parse
//! back.

use std::collections::{BTreeMap, BTreeSet};

use msgpack_core::schema::{Incompatible, Rule, Schema, Shape, check, shape_of};
use msgpack_core::{MsgPack, Raw, Value};

mod types {
    use super::*;

    #[derive(MsgPack)]
    pub(crate) struct UserV1 {
        pub(crate) id: u64,
        pub(crate) name: String,
    }

    #[derive(MsgPack)]
    pub(crate) struct UserV2 {
        pub(crate) id: u64,
        pub(crate) name: String,
        pub(crate) email: String,
    }

    #[derive(MsgPack)]
    #[msgpack(omit_defaults)]
    pub(crate) struct Sparse {
        pub(crate) id: u64,
        #[msgpack(default)]
        pub(crate) name: String,
    }

    #[derive(MsgPack)]
    pub(crate) struct SkipIf {
        pub(crate) id: u64,
        #[msgpack(skip_if = "String::is_empty")]
        pub(crate) name: String,
    }

    #[derive(MsgPack)]
    pub(crate) struct Renamed {
        pub(crate) id: u64,
        #[msgpack(rename = "full_name")]
        pub(crate) name: String,
    }

    #[derive(MsgPack)]
    pub(crate) struct RenamedIntKey {
        #[msgpack(key = 1)]
        pub(crate) id: u64,
    }

    #[derive(MsgPack)]
    #[msgpack(deny_unknown_fields)]
    pub(crate) struct Strict {
        pub(crate) id: u64,
        pub(crate) name: String,
    }

    #[derive(MsgPack)]
    pub(crate) struct Open {
        pub(crate) id: u64,
        pub(crate) name: String,
        #[msgpack(flatten)]
        pub(crate) rest: BTreeMap<String, Value>,
    }

    #[derive(MsgPack)]
    pub(crate) struct OpenIntKeys {
        pub(crate) id: u64,
        #[msgpack(flatten)]
        pub(crate) rest: BTreeMap<u8, Value>,
    }

    #[derive(MsgPack)]
    pub(crate) struct WritesBoth {
        pub(crate) name: String,
        pub(crate) n: String,
    }

    #[derive(MsgPack)]
    pub(crate) struct AliasName {
        #[msgpack(rename = "n", alias = "name")]
        pub(crate) name: String,
    }

    #[derive(MsgPack)]
    #[msgpack(array)]
    pub(crate) struct RowV1 {
        pub(crate) name: String,
        pub(crate) age: u8,
    }

    #[derive(MsgPack)]
    #[msgpack(array)]
    pub(crate) struct RowSwapped {
        pub(crate) age: u8,
        pub(crate) name: String,
    }

    #[derive(MsgPack)]
    #[msgpack(array)]
    pub(crate) struct RowV2 {
        pub(crate) name: String,
        pub(crate) age: u8,
        pub(crate) city: String,
    }

    #[derive(MsgPack)]
    #[msgpack(array, deny_unknown_fields)]
    pub(crate) struct RowStrict {
        pub(crate) name: String,
        pub(crate) age: u8,
    }

    #[derive(MsgPack)]
    #[msgpack(array)]
    pub(crate) struct RowRetyped {
        pub(crate) name: String,
        pub(crate) age: String,
    }

    #[derive(MsgPack)]
    pub(crate) struct RowMap {
        pub(crate) name: String,
        pub(crate) age: u8,
    }

    #[derive(MsgPack)]
    pub(crate) struct Pair(pub(crate) u8, pub(crate) u8);

    #[derive(MsgPack)]
    pub(crate) struct Triple(pub(crate) u8, pub(crate) u8, pub(crate) u8);

    #[derive(MsgPack)]
    pub(crate) struct Narrow {
        pub(crate) id: u32,
    }

    #[derive(MsgPack)]
    pub(crate) struct MaybeEmail {
        pub(crate) email: Option<String>,
    }

    #[derive(MsgPack)]
    pub(crate) struct Email {
        pub(crate) email: String,
    }

    #[derive(MsgPack)]
    pub(crate) enum StatusV1 {
        Active,
        Banned,
    }

    #[derive(MsgPack)]
    pub(crate) enum StatusV2 {
        Active,
        Banned,
        Deleted,
    }

    #[derive(MsgPack)]
    pub(crate) enum StatusRenamed {
        #[msgpack(rename = "active")]
        Active,
        Banned,
    }

    #[derive(MsgPack)]
    #[msgpack(index)]
    pub(crate) enum StatusIndex {
        Active,
        Banned,
    }

    #[derive(MsgPack)]
    pub(crate) enum Code {
        Ok = 200,
        NotFound = 404,
    }

    #[derive(MsgPack)]
    pub(crate) enum External {
        Start { at: u64 },
    }

    #[derive(MsgPack)]
    #[msgpack(tag = "type")]
    pub(crate) enum Internal {
        Start { at: u64 },
    }

    #[derive(MsgPack)]
    #[msgpack(tag = "kind")]
    pub(crate) enum InternalKind {
        Start { at: u64 },
    }

    #[derive(MsgPack)]
    pub(crate) enum NoteText {
        Note(String),
    }

    #[derive(MsgPack)]
    pub(crate) enum NoteUnit {
        Note,
    }

    #[derive(MsgPack)]
    pub(crate) enum Keeps {
        A(u8),
        #[msgpack(other)]
        Unknown(Raw),
    }

    #[derive(MsgPack)]
    pub(crate) enum Plain {
        A(u8),
    }

    #[derive(MsgPack)]
    pub(crate) enum IdV1 {
        Uuid(String),
    }

    #[derive(MsgPack)]
    pub(crate) enum IdV2 {
        Uuid(String),
        #[msgpack(untagged)]
        Num(u64),
    }

    #[derive(MsgPack)]
    #[msgpack(untagged)]
    pub(crate) enum IntOrText {
        Int(u8),
        Text(String),
    }

    /// 21 levels of `Option`: one more than the check follows.
    pub(crate) type Deep = Option<
        Option<
            Option<
                Option<
                    Option<
                        Option<
                            Option<
                                Option<
                                    Option<
                                        Option<
                                            Option<
                                                Option<
                                                    Option<
                                                        Option<
                                                            Option<Option<Option<Option<Option<Option<Option<u8>>>>>>>,
                                                        >,
                                                    >,
                                                >,
                                            >,
                                        >,
                                    >,
                                >,
                            >,
                        >,
                    >,
                >,
            >,
        >,
    >;

    pub(crate) static EXT5: Shape = Shape::Ext { type_code: Some(5) };
    pub(crate) static EXT7: Shape = Shape::Ext { type_code: Some(7) };
    pub(crate) static AS_TEXT: Shape = Shape::Opaque { with: "crate::as_text", ty: "u32" };
    pub(crate) static AS_HEX: Shape = Shape::Opaque { with: "crate::as_hex", ty: "u32" };
    pub(crate) static AS_TEXT_U64: Shape = Shape::Opaque { with: "crate::as_text", ty: "u64" };
    pub(crate) static LOST: Shape = Shape::Recur { name: "Tree", id: "crate::Tree" };
}

use types::*;

fn err<R: Schema + ?Sized, W: Schema + ?Sized>() -> Incompatible {
    err_of(shape_of::<R>(), shape_of::<W>())
}

fn err_of(r: &'static Shape, w: &'static Shape) -> Incompatible {
    match check(r, w) {
        Ok(()) => panic!("{r} reads {w}: expected an incompatibility"),
        Err(e) => e,
    }
}

/// Every pair, with the rule it breaks.
fn cases() -> Vec<(Rule, Incompatible)> {
    vec![
        (Rule::RequiredFieldAdded, err::<UserV2, UserV1>()),
        (Rule::RequiredFieldAdded, err::<RowV2, RowV1>()),
        (Rule::RequiredFieldOmittable, err::<UserV1, Sparse>()),
        (Rule::RequiredFieldOmittable, err::<UserV1, SkipIf>()),
        (Rule::KeyRenamed, err::<Renamed, UserV1>()),
        (Rule::KeyRenamed, err::<UserV1, Renamed>()),
        (Rule::KeyRenamed, err::<RenamedIntKey, UserV1>()),
        (Rule::UnknownFieldsDenied, err::<Strict, UserV2>()),
        (Rule::UnknownFieldsDenied, err::<Strict, Open>()),
        (Rule::UnknownFieldsDenied, err::<RowStrict, RowV2>()),
        (Rule::AliasDuplicate, err::<AliasName, WritesBoth>()),
        (Rule::KeyUnreadable, err::<BTreeMap<u8, Value>, UserV1>()),
        (Rule::KeyUnreadable, err::<OpenIntKeys, UserV1>()),
        (Rule::ArrayFieldReordered, err::<RowSwapped, RowV1>()),
        (Rule::FormChanged, err::<RowMap, RowV1>()),
        (Rule::FormChanged, err::<RowV1, RowMap>()),
        (Rule::TypeChanged, err::<String, u64>()),
        (Rule::TypeChanged, err::<RowRetyped, RowV1>()),
        (Rule::TypeChanged, err::<UserV1, u8>()),
        (Rule::TypeChanged, err::<Vec<u16>, Vec<u8>>()),
        (Rule::IntegerNarrowed, err::<u8, u16>()),
        (Rule::IntegerNarrowed, err::<u64, i8>()),
        (Rule::IntegerNarrowed, err::<std::num::NonZeroU8, u8>()),
        (Rule::IntegerNarrowed, err::<Narrow, UserV1>()),
        (Rule::IntegerNarrowed, err::<u8, Code>()),
        (Rule::FloatNarrowed, err::<f32, f64>()),
        (Rule::CharNarrowed, err::<char, String>()),
        (Rule::OptionRemoved, err::<String, Option<String>>()),
        (Rule::OptionRemoved, err::<Email, MaybeEmail>()),
        (Rule::LengthChanged, err::<[u8; 4], Vec<u8>>()),
        (Rule::LengthChanged, err::<(u8, u8), (u8, u8, u8)>()),
        (Rule::LengthChanged, err::<[u16; 2], Vec<u16>>()),
        (Rule::LengthChanged, err::<Pair, Triple>()),
        (Rule::ExtTypeChanged, err_of(&EXT5, &EXT7)),
        (Rule::ExtTypeChanged, err::<msgpack_core::Timestamp, msgpack_core::Ext>()),
        (Rule::WithChanged, err_of(&AS_TEXT, &AS_HEX)),
        (Rule::WithChanged, err_of(&AS_TEXT, &AS_TEXT_U64)),
        (Rule::WithChanged, err_of(shape_of::<u32>(), &AS_TEXT)),
        (Rule::AnyValueWritten, err::<u8, Value>()),
        (Rule::VariantRemoved, err::<StatusV1, StatusV2>()),
        (Rule::TagChanged, err::<StatusRenamed, StatusV1>()),
        (Rule::TagKindChanged, err::<StatusV1, StatusIndex>()),
        (Rule::TagKindChanged, err::<String, StatusIndex>()),
        (Rule::TaggingChanged, err::<Internal, External>()),
        (Rule::TaggingChanged, err::<InternalKind, Internal>()),
        (Rule::VariantPayloadChanged, err::<NoteUnit, NoteText>()),
        (Rule::OtherVariantMissing, err::<Plain, Keeps>()),
        (Rule::UntaggedVariantUnreadable, err::<IdV1, IdV2>()),
        (Rule::UntaggedNoMatch, err::<IntOrText, u16>()),
        (Rule::TooDeep, err::<Deep, Deep>()),
        (Rule::RecursionUnresolved, err_of(&LOST, shape_of::<u8>())),
    ]
}

#[test]
fn each_pair_breaks_its_rule() {
    for (rule, e) in cases() {
        assert_eq!(e.rule(), rule, "{e}");
    }
}

#[test]
fn every_rule_has_a_case() {
    let seen: BTreeSet<&str> = cases().iter().map(|(r, _)| r.id()).collect();
    let all: BTreeSet<&str> = Rule::ALL.iter().map(|r| r.id()).collect();
    assert_eq!(seen, all);
}

/// `R cannot read W: rule ID: detail`, with the detail as `detail()`, then
/// `  rule ID: detail` for each other incompatibility, as `entries()`.
#[test]
fn messages_carry_the_id() {
    for (rule, e) in cases() {
        let msg = e.as_str();
        let tag = format!(": rule {}: ", rule.id());
        let at = msg.find(&tag).unwrap_or_else(|| panic!("no {tag:?} in {msg}"));
        assert!(msg[..at].contains(" cannot read "), "{msg}");
        // The first incompatibility's detail, then a line for each other one.
        let rest = &msg[at + tag.len()..];
        assert_eq!(rest.split('\n').next(), Some(e.detail()), "{msg}");
        assert_eq!(msg.lines().count(), e.count(), "{msg}");
        for ((r, d), line) in e.entries().skip(1).zip(msg.lines().skip(1)) {
            assert_eq!(line, format!("  rule {}: {d}", r.id()), "{msg}");
        }
        assert_eq!(e.to_string(), msg);
    }
}

#[test]
fn ids_are_unique_kebab_case_and_parse_back() {
    let mut ids = BTreeSet::new();
    for &rule in Rule::ALL {
        let id = rule.id();
        assert!(ids.insert(id), "{id} twice");
        assert!(!id.is_empty() && !id.starts_with('-') && !id.ends_with('-') && !id.contains("--"), "{id}");
        assert!(id.bytes().all(|b| b.is_ascii_lowercase() || b == b'-'), "{id}");
        assert_eq!(Rule::from_id(id), Some(rule));
        assert_eq!(rule.to_string(), id);
    }
    assert_eq!(Rule::from_id(""), None);
    assert_eq!(Rule::from_id("Required-Field-Added"), None);
    assert_eq!(Rule::from_id("required-field-added "), None);
}

#[test]
fn from_id_is_const() {
    const R: Option<Rule> = Rule::from_id("too-deep");
    const ID: &str = Rule::KeyRenamed.id();
    assert_eq!((R, ID), (Some(Rule::TooDeep), "key-renamed"));
}

/// The hints of the rules that name where the field or variant went.
#[test]
fn messages_of_the_inferred_rules() {
    assert_eq!(
        err::<Renamed, UserV1>().to_string(),
        r#"Renamed cannot read UserV1: rule key-renamed: field "full_name" is required in Renamed but UserV1 never writes it; UserV1 writes `name` as "name" (keep the old key readable with `alias = "name"`)"#
    );
    assert_eq!(
        err::<RenamedIntKey, UserV1>().to_string(),
        r#"RenamedIntKey cannot read UserV1: rule key-renamed: field 1 is required in RenamedIntKey but UserV1 never writes it; UserV1 writes `id` as "id" (keep the old key readable with `alias = "id"`)"#
    );
    assert_eq!(
        err::<UserV1, RenamedIntKey>().to_string(),
        "UserV1 cannot read RenamedIntKey: rule key-renamed: field \"id\" is required in UserV1 but RenamedIntKey never writes it; RenamedIntKey writes `id` as 1\n  \
         rule required-field-added: field \"name\" is required in UserV1 but RenamedIntKey never writes it"
    );
    assert_eq!(
        err::<StatusRenamed, StatusV1>().to_string(),
        r#"StatusRenamed cannot read StatusV1: rule tag-changed: variant "Active" written by StatusV1 is unknown to StatusRenamed (and it has no `other` variant); StatusRenamed tags `Active` as "active" (keep the old tag readable with `alias = "Active"`)"#
    );
    assert_eq!(
        err::<RowSwapped, RowV1>().to_string(),
        "RowSwapped cannot read RowV1: rule array-field-reordered: position 0 (`age`): expected integer, found str (RowV1 writes `age` at position 1)\n  \
         rule array-field-reordered: position 1 (`name`): expected str, found integer (RowV1 writes `name` at position 0)"
    );
    // A position that changed type without moving is a type change.
    assert_eq!(
        err::<RowRetyped, RowV1>().to_string(),
        "RowRetyped cannot read RowV1: rule type-changed: position 1 (`age`): expected str, found integer"
    );
}
