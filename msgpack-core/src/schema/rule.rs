//! The stable ids of the checker's rules: every [`Incompatible`] names the
//! one rule it breaks, so that tools (lock files, CI reports) can match on
//! it without parsing the message.
//!
//! [`Incompatible`]: super::Incompatible

use core::fmt;

use super::str_eq;

/// Which rule of [`check`](super::check) a reader and a writer break: one
/// variant per distinct reason, each with a stable kebab-case [`id`](Rule::id)
/// that the message carries (`R cannot read W: rule ID: path: reason`) and
/// [`Incompatible::rule`](super::Incompatible::rule) returns.
///
/// The ids describe the reader relative to the writer, as when a new
/// version (the reader) reads the messages of an old one (the writer):
/// `required-field-added` is a field the reader requires and the writer
/// never writes. Read the other way round (an old reader, a new writer), it
/// is the same incompatibility: a required field was removed from the
/// writer.
///
/// Ids never change once published; a new rule may be added (the enum is
/// `non_exhaustive`). The [module docs](super#rule-ids) list them all.
///
/// ```
/// use msgpack_core::schema::{Rule, check, shape_of};
///
/// let err = check(shape_of::<u8>(), shape_of::<u32>()).unwrap_err();
/// assert_eq!(err.rule(), Rule::IntegerNarrowed);
/// assert_eq!(err.rule().id(), "integer-narrowed");
/// assert_eq!(Rule::from_id("integer-narrowed"), Some(Rule::IntegerNarrowed));
/// assert_eq!(err.to_string(), "u8 cannot read u32: rule integer-narrowed: u8 cannot hold every u32");
/// ```
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// `required-field-added`: the reader requires a field (a key in map
    /// form, a position in array form) that the writer never writes.
    ///
    /// ```
    /// use msgpack_core::{MsgPack, schema::{Rule, check, shape_of}};
    ///
    /// #[derive(MsgPack)]
    /// struct UserV1 { id: u64 }
    /// #[derive(MsgPack)]
    /// struct UserV2 { id: u64, email: String }
    ///
    /// let err = check(shape_of::<UserV2>(), shape_of::<UserV1>()).unwrap_err();
    /// assert_eq!((err.rule(), err.rule().id()), (Rule::RequiredFieldAdded, "required-field-added"));
    /// assert_eq!(err.detail(), r#"field "email" is required in UserV2 but UserV1 never writes it"#);
    /// ```
    RequiredFieldAdded,
    /// `required-field-omittable`: the reader requires a field that the
    /// writer may leave out (`skip_if`, `omit_defaults`).
    ///
    /// ```
    /// use msgpack_core::{MsgPack, schema::{Rule, check, shape_of}};
    ///
    /// #[derive(MsgPack)]
    /// #[msgpack(omit_defaults)]
    /// struct Sparse { #[msgpack(default)] retries: u8 }
    /// #[derive(MsgPack)]
    /// struct Needs { retries: u8 }
    ///
    /// let err = check(shape_of::<Needs>(), shape_of::<Sparse>()).unwrap_err();
    /// assert_eq!((err.rule(), err.rule().id()), (Rule::RequiredFieldOmittable, "required-field-omittable"));
    /// ```
    RequiredFieldOmittable,
    /// `key-renamed`: the reader requires a field under a key the writer
    /// does not write, and the writer writes the same (Rust) field under
    /// another key: the wire key was renamed. An `alias` with the old key
    /// keeps old messages readable.
    ///
    /// ```
    /// use msgpack_core::{MsgPack, schema::{Rule, check, shape_of}};
    ///
    /// #[derive(MsgPack)]
    /// struct V1 { user_name: String }
    /// #[derive(MsgPack)]
    /// #[msgpack(rename_all = "camelCase")]
    /// struct V2 { user_name: String }
    ///
    /// let err = check(shape_of::<V2>(), shape_of::<V1>()).unwrap_err();
    /// assert_eq!((err.rule(), err.rule().id()), (Rule::KeyRenamed, "key-renamed"));
    /// ```
    KeyRenamed,
    /// `unknown-fields-denied`: the writer writes a field (a key, an array
    /// element past the reader's fields, or any key of a flattened map) that
    /// the reader does not know and rejects with `deny_unknown_fields`.
    ///
    /// ```
    /// use msgpack_core::{MsgPack, schema::{Rule, check, shape_of}};
    ///
    /// #[derive(MsgPack)]
    /// struct Writer { id: u64, debug: bool }
    /// #[derive(MsgPack)]
    /// #[msgpack(deny_unknown_fields)]
    /// struct Reader { id: u64 }
    ///
    /// let err = check(shape_of::<Reader>(), shape_of::<Writer>()).unwrap_err();
    /// assert_eq!((err.rule(), err.rule().id()), (Rule::UnknownFieldsDenied, "unknown-fields-denied"));
    /// ```
    UnknownFieldsDenied,
    /// `alias-duplicate`: the writer writes two fields that the reader
    /// reads as one (its key and an `alias`): a message with both is a
    /// duplicate field.
    ///
    /// ```
    /// use msgpack_core::{MsgPack, schema::{Rule, check, shape_of}};
    ///
    /// #[derive(MsgPack)]
    /// struct Writer { name: String, n: String }
    /// #[derive(MsgPack)]
    /// struct Reader { #[msgpack(rename = "n", alias = "name")] name: String }
    ///
    /// let err = check(shape_of::<Reader>(), shape_of::<Writer>()).unwrap_err();
    /// assert_eq!((err.rule(), err.rule().id()), (Rule::AliasDuplicate, "alias-duplicate"));
    /// ```
    AliasDuplicate,
    /// `key-unreadable`: the reader reads the writer's fields as map
    /// entries (a map reading a struct, or a flattened catch-all map taking
    /// the fields it does not know), and its key type cannot read a field's
    /// wire key.
    ///
    /// ```
    /// use std::collections::BTreeMap;
    /// use msgpack_core::{MsgPack, schema::{Rule, check, shape_of}};
    ///
    /// #[derive(MsgPack)]
    /// struct Point { x: u8, y: u8 }
    ///
    /// let err = check(shape_of::<BTreeMap<u8, u8>>(), shape_of::<Point>()).unwrap_err();
    /// assert_eq!((err.rule(), err.rule().id()), (Rule::KeyUnreadable, "key-unreadable"));
    /// ```
    KeyUnreadable,
    /// `array-field-reordered`: in array form, a position does not read and
    /// the writer writes the reader's field at another position (fields are
    /// matched by position only, so reordering them changes the wire).
    ///
    /// ```
    /// use msgpack_core::{MsgPack, schema::{Rule, check, shape_of}};
    ///
    /// #[derive(MsgPack)]
    /// #[msgpack(array)]
    /// struct Writer { name: String, age: u8 }
    /// #[derive(MsgPack)]
    /// #[msgpack(array)]
    /// struct Reader { age: u8, name: String }
    ///
    /// let err = check(shape_of::<Reader>(), shape_of::<Writer>()).unwrap_err();
    /// assert_eq!((err.rule(), err.rule().id()), (Rule::ArrayFieldReordered, "array-field-reordered"));
    /// ```
    ArrayFieldReordered,
    /// `form-changed`: one struct is in map form and the other in an
    /// array form (`array`, a tuple struct).
    ///
    /// ```
    /// use msgpack_core::{MsgPack, schema::{Rule, check, shape_of}};
    ///
    /// #[derive(MsgPack)]
    /// #[msgpack(array)]
    /// struct Compact { id: u64 }
    /// #[derive(MsgPack)]
    /// struct Named { id: u64 }
    ///
    /// let err = check(shape_of::<Named>(), shape_of::<Compact>()).unwrap_err();
    /// assert_eq!((err.rule(), err.rule().id()), (Rule::FormChanged, "form-changed"));
    /// ```
    FormChanged,
    /// `type-changed`: the reader expects another MessagePack type than
    /// the writer writes (`str` and `bin`, integers and floats, arrays and
    /// maps, a struct and a plain value...).
    ///
    /// ```
    /// use msgpack_core::schema::{Rule, check, shape_of};
    ///
    /// let err = check(shape_of::<String>(), shape_of::<u64>()).unwrap_err();
    /// assert_eq!((err.rule(), err.rule().id()), (Rule::TypeChanged, "type-changed"));
    /// ```
    TypeChanged,
    /// `integer-narrowed`: the reader's integer range does not hold every
    /// value of the writer's (`u32` into `u16`, `i8` into `u64`, `u8` into
    /// `NonZeroU8`, an integer tag out of the reader's range).
    ///
    /// ```
    /// use msgpack_core::schema::{Rule, check, shape_of};
    ///
    /// let err = check(shape_of::<u16>(), shape_of::<u32>()).unwrap_err();
    /// assert_eq!((err.rule(), err.rule().id()), (Rule::IntegerNarrowed, "integer-narrowed"));
    /// ```
    IntegerNarrowed,
    /// `float-narrowed`: an `f32` reader, an `f64` writer.
    ///
    /// ```
    /// use msgpack_core::schema::{Rule, check, shape_of};
    ///
    /// let err = check(shape_of::<f32>(), shape_of::<f64>()).unwrap_err();
    /// assert_eq!((err.rule(), err.rule().id()), (Rule::FloatNarrowed, "float-narrowed"));
    /// ```
    FloatNarrowed,
    /// `char-narrowed`: a `char` reader (a string of one character), a
    /// string writer.
    ///
    /// ```
    /// use msgpack_core::schema::{Rule, check, shape_of};
    ///
    /// let err = check(shape_of::<char>(), shape_of::<String>()).unwrap_err();
    /// assert_eq!((err.rule(), err.rule().id()), (Rule::CharNarrowed, "char-narrowed"));
    /// ```
    CharNarrowed,
    /// `option-removed`: the writer may write `nil` (an `Option`) where the
    /// reader does not read it.
    ///
    /// ```
    /// use msgpack_core::schema::{Rule, check, shape_of};
    ///
    /// let err = check(shape_of::<String>(), shape_of::<Option<String>>()).unwrap_err();
    /// assert_eq!((err.rule(), err.rule().id()), (Rule::OptionRemoved, "option-removed"));
    /// ```
    OptionRemoved,
    /// `length-changed`: fixed lengths differ (`[u8; 4]` and a `bin` of
    /// any length, tuples or tuple structs of different arity, `[T; N]`).
    ///
    /// ```
    /// use msgpack_core::schema::{Rule, check, shape_of};
    ///
    /// let err = check(shape_of::<(u8, u8)>(), shape_of::<(u8, u8, u8)>()).unwrap_err();
    /// assert_eq!((err.rule(), err.rule().id()), (Rule::LengthChanged, "length-changed"));
    /// ```
    LengthChanged,
    /// `ext-type-changed`: both sides are ext items (the timestamp
    /// extension included) and the reader's type code is not the writer's
    /// (or the writer's is not fixed).
    ///
    /// ```
    /// use msgpack_core::schema::{Rule, Shape, check};
    ///
    /// static READER: Shape = Shape::Ext { type_code: Some(5) };
    /// static WRITER: Shape = Shape::Ext { type_code: Some(7) };
    /// let err = check(&READER, &WRITER).unwrap_err();
    /// assert_eq!((err.rule(), err.rule().id()), (Rule::ExtTypeChanged, "ext-type-changed"));
    /// ```
    ExtTypeChanged,
    /// `with-changed`: a field encoded by user code (`with = "module"`,
    /// opaque to the check) against a field with another `with` module,
    /// another field type, or none.
    ///
    /// ```
    /// use msgpack_core::schema::{Rule, Shape, check};
    ///
    /// static READER: Shape = Shape::Opaque { with: "crate::as_text", ty: "u32" };
    /// static WRITER: Shape = Shape::Opaque { with: "crate::as_hex", ty: "u32" };
    /// let err = check(&READER, &WRITER).unwrap_err();
    /// assert_eq!((err.rule(), err.rule().id()), (Rule::WithChanged, "with-changed"));
    /// ```
    WithChanged,
    /// `any-value-written`: the writer may write any value (a
    /// [`Value`](crate::Value) field), which only `Value` or `ValueRef` reads.
    ///
    /// ```
    /// use msgpack_core::{Value, schema::{Rule, check, shape_of}};
    ///
    /// let err = check(shape_of::<u64>(), shape_of::<Value>()).unwrap_err();
    /// assert_eq!((err.rule(), err.rule().id()), (Rule::AnyValueWritten, "any-value-written"));
    /// ```
    AnyValueWritten,
    /// `variant-removed`: the writer writes a variant the reader does not
    /// know, and the reader has no `other` variant to catch it.
    ///
    /// ```
    /// use msgpack_core::{MsgPack, schema::{Rule, check, shape_of}};
    ///
    /// #[derive(MsgPack)]
    /// enum StatusV1 { Active, Banned }
    /// #[derive(MsgPack)]
    /// enum StatusV2 { Active, Banned, Deleted }
    ///
    /// let err = check(shape_of::<StatusV1>(), shape_of::<StatusV2>()).unwrap_err();
    /// assert_eq!((err.rule(), err.rule().id()), (Rule::VariantRemoved, "variant-removed"));
    /// ```
    VariantRemoved,
    /// `tag-changed`: the writer writes a variant under a tag the reader
    /// does not know, and the reader has the same (Rust) variant under
    /// another tag: the tag was renamed or renumbered. A string tag can be
    /// kept readable with an `alias`.
    ///
    /// ```
    /// use msgpack_core::{MsgPack, schema::{Rule, check, shape_of}};
    ///
    /// #[derive(MsgPack)]
    /// enum EventV1 { Start, Stop }
    /// #[derive(MsgPack)]
    /// enum EventV2 { #[msgpack(rename = "begin")] Start, Stop }
    ///
    /// let err = check(shape_of::<EventV2>(), shape_of::<EventV1>()).unwrap_err();
    /// assert_eq!((err.rule(), err.rule().id()), (Rule::TagChanged, "tag-changed"));
    /// ```
    TagChanged,
    /// `tag-kind-changed`: one side tags variants by name (strings), the
    /// other by integers (`index`, discriminants), or a plain string or
    /// integer reads the tags of the other kind.
    ///
    /// ```
    /// use msgpack_core::{MsgPack, schema::{Rule, check, shape_of}};
    ///
    /// #[derive(MsgPack)]
    /// enum ByName { A, B }
    /// #[derive(MsgPack)]
    /// #[msgpack(index)]
    /// enum ByIndex { A, B }
    ///
    /// let err = check(shape_of::<ByName>(), shape_of::<ByIndex>()).unwrap_err();
    /// assert_eq!((err.rule(), err.rule().id()), (Rule::TagKindChanged, "tag-kind-changed"));
    /// ```
    TagKindChanged,
    /// `tagging-changed`: the enums are tagged differently (external,
    /// `tag = "..."`, `tag` + `content`), or by different tag or content
    /// keys.
    ///
    /// ```
    /// use msgpack_core::{MsgPack, schema::{Rule, check, shape_of}};
    ///
    /// #[derive(MsgPack)]
    /// enum External { A { x: u8 } }
    /// #[derive(MsgPack)]
    /// #[msgpack(tag = "type")]
    /// enum Internal { A { x: u8 } }
    ///
    /// let err = check(shape_of::<Internal>(), shape_of::<External>()).unwrap_err();
    /// assert_eq!((err.rule(), err.rule().id()), (Rule::TaggingChanged, "tagging-changed"));
    /// ```
    TaggingChanged,
    /// `variant-payload-changed`: a variant both know has another kind of
    /// payload in each (unit, newtype, tuple, struct).
    ///
    /// ```
    /// use msgpack_core::{MsgPack, schema::{Rule, check, shape_of}};
    ///
    /// #[derive(MsgPack)]
    /// enum Writer { Note(String) }
    /// #[derive(MsgPack)]
    /// enum Reader { Note }
    ///
    /// let err = check(shape_of::<Reader>(), shape_of::<Writer>()).unwrap_err();
    /// assert_eq!((err.rule(), err.rule().id()), (Rule::VariantPayloadChanged, "variant-payload-changed"));
    /// ```
    VariantPayloadChanged,
    /// `other-variant-missing`: the writer writes back unknown values
    /// verbatim (an `other` variant holding the value), which only an
    /// `other` variant holding the value reads, and the reader has none.
    ///
    /// ```
    /// use msgpack_core::{MsgPack, Raw, schema::{Rule, check, shape_of}};
    ///
    /// #[derive(MsgPack)]
    /// enum Keeps { A(u8), #[msgpack(other)] Unknown(Raw) }
    /// #[derive(MsgPack)]
    /// enum Plain { A(u8) }
    ///
    /// let err = check(shape_of::<Plain>(), shape_of::<Keeps>()).unwrap_err();
    /// assert_eq!((err.rule(), err.rule().id()), (Rule::OtherVariantMissing, "other-variant-missing"));
    /// ```
    OtherVariantMissing,
    /// `untagged-variant-unreadable`: the writer writes a variant untagged
    /// (its payload alone) and the reader has no untagged variants to read
    /// it.
    ///
    /// ```
    /// use msgpack_core::{MsgPack, schema::{Rule, check, shape_of}};
    ///
    /// #[derive(MsgPack)]
    /// enum IdV1 { Uuid(String) }
    /// #[derive(MsgPack)]
    /// enum IdV2 { Uuid(String), #[msgpack(untagged)] Num(u64) }
    ///
    /// let err = check(shape_of::<IdV1>(), shape_of::<IdV2>()).unwrap_err();
    /// assert_eq!((err.rule(), err.rule().id()), (Rule::UntaggedVariantUnreadable, "untagged-variant-unreadable"));
    /// ```
    UntaggedVariantUnreadable,
    /// `untagged-no-match`: an untagged reader (or a tagged one's untagged
    /// variants) has no variant that reads what the writer writes.
    ///
    /// ```
    /// use msgpack_core::{MsgPack, schema::{Rule, check, shape_of}};
    ///
    /// #[derive(MsgPack)]
    /// #[msgpack(untagged)]
    /// enum IntOrText { Int(u8), Text(String) }
    ///
    /// let err = check(shape_of::<IntOrText>(), shape_of::<u16>()).unwrap_err();
    /// assert_eq!((err.rule(), err.rule().id()), (Rule::UntaggedNoMatch, "untagged-no-match"));
    /// ```
    UntaggedNoMatch,
    /// `too-deep`: a path nests more than
    /// [`MAX_CHECK_DEPTH`](super::MAX_CHECK_DEPTH) levels; the check gives
    /// up rather than say yes.
    ///
    /// ```
    /// use msgpack_core::schema::{Rule, check, shape_of};
    ///
    /// type Deep = Option<Option<Option<Option<Option<Option<Option<Option<Option<Option<
    ///     Option<Option<Option<Option<Option<Option<Option<Option<Option<Option<Option<u8>>>>>>>>>>>>>>>>>>>>>;
    /// let err = check(shape_of::<Deep>(), shape_of::<Deep>()).unwrap_err();
    /// assert_eq!((err.rule(), err.rule().id()), (Rule::TooDeep, "too-deep"));
    /// ```
    TooDeep,
    /// `recursion-unresolved`: a [`Shape::Recur`](super::Shape::Recur)
    /// outside the definition it refers to (only a hand-built shape has
    /// one).
    ///
    /// ```
    /// use msgpack_core::schema::{Rule, Shape, check, shape_of};
    ///
    /// static LOST: Shape = Shape::Recur { name: "Tree", id: "crate::Tree" };
    /// let err = check(&LOST, shape_of::<u8>()).unwrap_err();
    /// assert_eq!((err.rule(), err.rule().id()), (Rule::RecursionUnresolved, "recursion-unresolved"));
    /// ```
    RecursionUnresolved,
}

impl Rule {
    /// Every rule, in the order of the [module docs](super#rule-ids).
    ///
    /// ```
    /// use msgpack_core::schema::Rule;
    /// assert!(Rule::ALL.iter().all(|r| Rule::from_id(r.id()) == Some(*r)));
    /// ```
    pub const ALL: &'static [Rule] = &[
        Rule::RequiredFieldAdded,
        Rule::RequiredFieldOmittable,
        Rule::KeyRenamed,
        Rule::UnknownFieldsDenied,
        Rule::AliasDuplicate,
        Rule::KeyUnreadable,
        Rule::ArrayFieldReordered,
        Rule::FormChanged,
        Rule::TypeChanged,
        Rule::IntegerNarrowed,
        Rule::FloatNarrowed,
        Rule::CharNarrowed,
        Rule::OptionRemoved,
        Rule::LengthChanged,
        Rule::ExtTypeChanged,
        Rule::WithChanged,
        Rule::AnyValueWritten,
        Rule::VariantRemoved,
        Rule::TagChanged,
        Rule::TagKindChanged,
        Rule::TaggingChanged,
        Rule::VariantPayloadChanged,
        Rule::OtherVariantMissing,
        Rule::UntaggedVariantUnreadable,
        Rule::UntaggedNoMatch,
        Rule::TooDeep,
        Rule::RecursionUnresolved,
    ];

    /// The stable kebab-case id (`required-field-added`), as in messages.
    ///
    /// ```
    /// assert_eq!(msgpack_core::schema::Rule::KeyRenamed.id(), "key-renamed");
    /// ```
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Rule::RequiredFieldAdded => "required-field-added",
            Rule::RequiredFieldOmittable => "required-field-omittable",
            Rule::KeyRenamed => "key-renamed",
            Rule::UnknownFieldsDenied => "unknown-fields-denied",
            Rule::AliasDuplicate => "alias-duplicate",
            Rule::KeyUnreadable => "key-unreadable",
            Rule::ArrayFieldReordered => "array-field-reordered",
            Rule::FormChanged => "form-changed",
            Rule::TypeChanged => "type-changed",
            Rule::IntegerNarrowed => "integer-narrowed",
            Rule::FloatNarrowed => "float-narrowed",
            Rule::CharNarrowed => "char-narrowed",
            Rule::OptionRemoved => "option-removed",
            Rule::LengthChanged => "length-changed",
            Rule::ExtTypeChanged => "ext-type-changed",
            Rule::WithChanged => "with-changed",
            Rule::AnyValueWritten => "any-value-written",
            Rule::VariantRemoved => "variant-removed",
            Rule::TagChanged => "tag-changed",
            Rule::TagKindChanged => "tag-kind-changed",
            Rule::TaggingChanged => "tagging-changed",
            Rule::VariantPayloadChanged => "variant-payload-changed",
            Rule::OtherVariantMissing => "other-variant-missing",
            Rule::UntaggedVariantUnreadable => "untagged-variant-unreadable",
            Rule::UntaggedNoMatch => "untagged-no-match",
            Rule::TooDeep => "too-deep",
            Rule::RecursionUnresolved => "recursion-unresolved",
        }
    }

    /// The rule with this [`id`](Rule::id), if there is one (usable in
    /// `const` code).
    ///
    /// ```
    /// use msgpack_core::schema::Rule;
    /// const R: Option<Rule> = Rule::from_id("variant-removed");
    /// assert_eq!(R, Some(Rule::VariantRemoved));
    /// assert_eq!(Rule::from_id("Variant-Removed"), None);
    /// ```
    #[must_use]
    pub const fn from_id(id: &str) -> Option<Rule> {
        let mut i = 0;
        while i < Rule::ALL.len() {
            if str_eq(Rule::ALL[i].id(), id) {
                return Some(Rule::ALL[i]);
            }
            i += 1;
        }
        None
    }
}

/// The [`id`](Rule::id).
///
/// ```
/// assert_eq!(msgpack_core::schema::Rule::TooDeep.to_string(), "too-deep");
/// ```
impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}
