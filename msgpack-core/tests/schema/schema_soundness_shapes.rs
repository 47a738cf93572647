//! Adversarial soundness tests for `schema::check(reader, writer)` on the
//! shapes of the "Serde parity" derive: untagged enums and trailing
//! untagged variants, adjacent tagging, `other` holding the unknown value,
//! `flatten` (structs and catch-all maps) and `as_map`. The same method as
//! `schema_soundness.rs` (its helpers are shared, `common/soundness.rs`):
//! a pair the check accepts must decode every writer value at the edges;
//! a pair it rejects must really fail on one of them, and its message is
//! pinned here.

use std::collections::{BTreeMap, HashMap};

use msgpack_core::{MsgPack, Raw, Value};

use crate::common::soundness;
use soundness::{Expect, message, verify, verify_with};

/// `name: Reader, Writer => "message" [writer values];`: the check rejects
/// the pair with exactly this message, and a value really fails.
macro_rules! rejects {
    ($($(#[$m:meta])* $name:ident: $r:ty, $w:ty => $msg:literal [$($v:expr),* $(,)?];)*) => {$(
        $(#[$m])*
        #[test]
        fn $name() {
            assert_eq!(message::<$r, $w>(), $msg);
            let values: Vec<$w> = vec![$($v),*];
            verify::<$r, $w>(Expect::Err, &values);
        }
    )*};
}

mod untagged {
    use super::*;

    derive_all! {
        #[msgpack(untagged)] pub(crate) enum IntOrText { Int(u8), Text(String) }
        #[msgpack(untagged)] pub(crate) enum TextOrWide { Text(String), Int(u16) }
        #[msgpack(untagged)] pub(crate) enum MaybeInt { Nothing, Int(u8) }
        #[msgpack(untagged)] pub(crate) enum PointOrInt { P { x: u8, y: u8 }, N(u8) }
        #[msgpack(untagged)] pub(crate) enum OnlyPoint { P { x: u8, y: u8 } }
        pub(crate) struct Point { x: u8, y: u8 }
        pub(crate) struct Point3 { x: u8, y: u8, z: Option<u8> }
        pub(crate) struct Point16 { x: u16, y: u16 }
        #[msgpack(untagged)] pub(crate) enum Shapes { Pt(Point), Num(u64) }
        pub(crate) enum Ext { A(u8), B }
        pub(crate) enum Ext2 { A(u8), B, C(String) }
        pub(crate) enum Trailing { A(u8), B, #[msgpack(untagged)] Num(u64), #[msgpack(untagged)] Text(String) }
        pub(crate) enum TrailingNum { A(u8), B, #[msgpack(untagged)] Num(u64) }
        pub(crate) enum TrailingAny { A(u8), B, #[msgpack(untagged)] Any(Value) }
    }

    fn p(x: u8, y: u8) -> Point {
        Point { x, y }
    }

    pairs! {
        // A reader tries its variants in order: one of them reads the value.
        u8_into_untagged: IntOrText, u8 => Ok [0, 255];
        string_into_untagged: IntOrText, String => Ok [String::new(), "x".into()];
        untagged_into_wider_untagged: TextOrWide, IntOrText => Ok [IntOrText::Int(255), IntOrText::Text("t".into())];
        untagged_into_value: Value, IntOrText => Ok [IntOrText::Int(0), IntOrText::Text(String::new())];
        // A unit variant is nil: it reads `None`, and an `Option` reads it.
        option_into_unit_variant: MaybeInt, Option<u8> => Ok [None, Some(0), Some(255)];
        // A struct variant reads a struct's fields; unknown ones are skipped.
        struct_into_struct_variant: PointOrInt, Point => Ok [p(0, 0), p(255, 255)];
        longer_struct_into_struct_variant: PointOrInt, Point3 => Ok [Point3 { x: 1, y: 2, z: None }, Point3 { x: 1, y: 2, z: Some(3) }];
        newtype_of_struct_into_untagged: Shapes, Point => Ok [p(1, 2)];
        // A writer's untagged struct variant is its fields alone.
        struct_variant_into_struct: Point16, OnlyPoint => Ok [OnlyPoint::P { x: 0, y: 255 }];
        struct_variant_into_value: Value, OnlyPoint => Ok [OnlyPoint::P { x: 0, y: 255 }];
        // Trailing untagged variants: the tagged reading, then them.
        int_into_trailing: Trailing, u32 => Ok [0, u32::MAX];
        text_into_trailing: Trailing, String => Ok [String::new(), "A".into(), "B".into(), "free".into()];
        tagged_into_trailing: Trailing, Ext => Ok [Ext::A(255), Ext::B];
        trailing_into_same: Trailing, Trailing => Ok [Trailing::A(1), Trailing::B, Trailing::Num(u64::MAX), Trailing::Text(String::new())];
        // An unknown tag is left to the untagged variants: one reads any value.
        unknown_tag_into_trailing_any: TrailingAny, Ext2 => Ok [Ext2::A(1), Ext2::B, Ext2::C("c".into())];
    }

    derive_all! {
        #[msgpack(untagged)] pub(crate) enum Borrowed<'a> { Word(&'a str), Bytes(&'a [u8]), Pair { k: &'a str } }
        pub(crate) struct KV { k: String }
    }

    /// A borrowing reader (decoded from the message's own bytes).
    #[test]
    fn into_borrowed_untagged() {
        let reader = (msgpack_core::schema::shape_of::<Borrowed>(), "Borrowed");
        let decode = |b: &[u8]| msgpack_core::from_slice::<Borrowed>(b).map(drop);
        verify_with(Expect::Ok, reader, decode, &[String::new(), "w".into()]);
        verify_with(Expect::Ok, reader, decode, &[KV { k: "k".into() }]);
        verify_with(Expect::Err, reader, decode, &[1u8]);
    }

    /// An `Option` reads nil, so it reads an untagged enum whose unit
    /// variant writes nil and whose other variants it reads.
    #[test]
    fn unit_variant_into_option() {
        verify::<Option<u16>, MaybeInt>(Expect::Ok, &[MaybeInt::Nothing, MaybeInt::Int(255)]);
    }

    rejects! {
        u16_into_untagged: IntOrText, u16 => "IntOrText cannot read u16: rule untagged-no-match: no variant of IntOrText reads u16" [0, 256];
        wider_into_untagged: IntOrText, TextOrWide => "IntOrText cannot read TextOrWide: rule untagged-no-match: no variant of IntOrText reads u16" [TextOrWide::Text("t".into()), TextOrWide::Int(256)];
        untagged_into_string: String, IntOrText => "str cannot read IntOrText: rule type-changed: variant \"Int\": expected str, found integer" [IntOrText::Text("t".into()), IntOrText::Int(1)];
        option_into_untagged_without_unit: IntOrText, Option<u8> => "IntOrText cannot read Option<u8>: rule option-removed: expected IntOrText, found Option<u8> (nil is not a IntOrText)" [None, Some(1)];
        int_variant_into_struct: Point16, PointOrInt => "Point16 cannot read PointOrInt: rule type-changed: expected map (Point16), found integer" [PointOrInt::P { x: 1, y: 2 }, PointOrInt::N(1)];
        wide_struct_into_struct_variant: PointOrInt, Point16 => "PointOrInt cannot read Point16: rule untagged-no-match: no variant of PointOrInt reads Point16" [Point16 { x: 1, y: 256 }];
        // A tag the reader does not know, and no untagged variant reads the
        // whole `{"C": ..}`.
        unknown_tag_into_trailing: TrailingNum, Ext2 => "TrailingNum cannot read Ext2: rule untagged-no-match: no untagged variant of TrailingNum reads any" [Ext2::C("c".into())];
        // Written bare: the reader needs untagged variants.
        trailing_into_tagged_only: Ext, TrailingNum => "Ext cannot read TrailingNum: rule untagged-variant-unreadable: variant \"Num\" is written untagged by TrailingNum but Ext has no untagged variants" [TrailingNum::Num(1)];
        text_variant_into_num_only: TrailingNum, Trailing => "TrailingNum cannot read Trailing: rule untagged-no-match: variant \"Text\": no untagged variant of TrailingNum reads str" [Trailing::Text("t".into())];
    }
}

mod adjacent {
    use super::*;

    derive_all! {
        pub(crate) struct Inner { x: u8, y: Option<String> }
        pub(crate) struct InnerWide { x: u16, y: Option<String>, #[msgpack(default)] z: u8 }
        #[msgpack(tag = "t", content = "c")] pub(crate) enum Adj1 { A(u8), B, S { x: u8 }, W(Inner) }
        #[msgpack(tag = "t", content = "c")] pub(crate) enum Adj2 { W(InnerWide), S { x: u16, #[msgpack(default)] more: u8 }, B, A(u16), New }
        #[msgpack(tag = "t", content = "c", array)] pub(crate) enum Adj1A { A(u8), B, S { x: u8 }, W(Inner) }
        #[msgpack(tag = "t", content = "d")] pub(crate) enum OtherContent { A(u8), B, S { x: u8 }, W(Inner) }
        #[msgpack(tag = "kind", content = "c")] pub(crate) enum OtherTag { A(u8), B, S { x: u8 }, W(Inner) }
        #[msgpack(tag = "t")] pub(crate) enum Internal { B, S { x: u8 }, W(Inner) }
        pub(crate) enum External { A(u8), B, S { x: u8 }, W(Inner) }
        #[msgpack(tag = "t", content = "c")] pub(crate) enum UnitB { B }
        #[msgpack(tag = "t", content = "c")] pub(crate) enum AdjUnitA { A, B }
        #[msgpack(tag = "t", content = "c")] pub(crate) enum AdjNew { A(u8), New }
        #[msgpack(tag = "t", content = "c")] pub(crate) enum NoStruct { A(u8), B, W(Inner) }
        #[msgpack(tag = "t", content = "c", array)] pub(crate) enum NoStructA { A(u8), B, W(Inner) }
    }

    fn all1() -> Vec<Adj1> {
        vec![
            Adj1::A(0),
            Adj1::A(255),
            Adj1::B,
            Adj1::S { x: 255 },
            Adj1::W(Inner { x: 0, y: None }),
            Adj1::W(Inner { x: 1, y: Some(String::new()) }),
        ]
    }

    #[test]
    fn adjacent_widens() {
        verify::<Adj2, Adj1>(Expect::Ok, &all1());
        verify::<Adj1, Adj1>(Expect::Ok, &all1());
        verify::<Value, Adj1>(Expect::Ok, &all1());
    }

    /// The array form (`[V, payload]`) is read by a map-form reader, and
    /// the other way round.
    #[test]
    fn array_form_and_map_form() {
        let values = vec![NoStructA::A(255), NoStructA::B, NoStructA::W(Inner { x: 1, y: None })];
        verify::<NoStruct, NoStructA>(Expect::Ok, &values);
        let values = vec![NoStruct::A(255), NoStruct::B, NoStruct::W(Inner { x: 1, y: Some("y".into()) })];
        verify::<NoStructA, NoStruct>(Expect::Ok, &values);
        // CONSERVATIVE (documented, as for structs): a struct variant reads
        // maps and arrays, but the check holds it to its form.
        let values = vec![Adj1A::A(255), Adj1A::B, Adj1A::S { x: 1 }, Adj1A::W(Inner { x: 1, y: None })];
        verify::<Adj1, Adj1A>(Expect::Conservative, &values);
        verify::<Adj1A, Adj1>(Expect::Conservative, &all1());
    }

    #[test]
    fn tag_or_content_changed() {
        assert_eq!(
            message::<OtherContent, Adj1>(),
            "OtherContent cannot read Adj1: rule tagging-changed: OtherContent is tagged by field \"t\" with the payload under \"d\" but Adj1 is tagged by field \"t\" with the payload under \"c\""
        );
        verify::<OtherContent, Adj1>(Expect::Err, &all1());
        assert_eq!(
            message::<OtherTag, Adj1>(),
            "OtherTag cannot read Adj1: rule tagging-changed: OtherTag is tagged by field \"kind\" with the payload under \"c\" but Adj1 is tagged by field \"t\" with the payload under \"c\""
        );
        verify::<OtherTag, Adj1>(Expect::Err, &all1());
    }

    rejects! {
        adjacent_narrows: Adj1, Adj2 => "Adj1 cannot read Adj2: rule integer-narrowed: variant \"W\": Inner cannot read InnerWide: field \"x\": u8 cannot hold every u16\n  rule integer-narrowed: variant \"S\": field \"x\": u8 cannot hold every u16\n  rule integer-narrowed: variant \"A\": u8 cannot hold every u16\n  rule variant-removed: variant \"New\" written by Adj2 is unknown to Adj1 (and it has no `other` variant)" [Adj2::W(InnerWide { x: 256, y: None, z: 0 }), Adj2::A(1)];
        new_variant_unknown: Adj1, AdjNew => "Adj1 cannot read AdjNew: rule variant-removed: variant \"New\" written by AdjNew is unknown to Adj1 (and it has no `other` variant)" [AdjNew::A(1), AdjNew::New];
        adjacent_into_internal: Internal, Adj1 => "Internal cannot read Adj1: rule tagging-changed: Internal is tagged by field \"t\" but Adj1 is tagged by field \"t\" with the payload under \"c\"" [Adj1::B, Adj1::S { x: 1 }];
        internal_into_adjacent: Adj1, Internal => "Adj1 cannot read Internal: rule tagging-changed: Adj1 is tagged by field \"t\" with the payload under \"c\" but Internal is tagged by field \"t\"" [Internal::S { x: 1 }];
        adjacent_into_external: External, Adj1 => "External cannot read Adj1: rule tagging-changed: External is externally tagged but Adj1 is tagged by field \"t\" with the payload under \"c\"" [Adj1::B];
        external_into_adjacent: Adj1, External => "Adj1 cannot read External: rule tagging-changed: Adj1 is tagged by field \"t\" with the payload under \"c\" but External is externally tagged" [External::B, External::A(1)];
        // A unit variant has no content; a newtype needs it.
        unit_into_newtype: Adj1, AdjUnitA => "Adj1 cannot read AdjUnitA: rule variant-payload-changed: variant \"A\": Adj1 has a newtype variant but AdjUnitA writes a unit variant" [AdjUnitA::A];
        missing_variant: UnitB, Adj1 => "UnitB cannot read Adj1: rule variant-removed: variant \"A\" written by Adj1 is unknown to UnitB (and it has no `other` variant)\n  rule variant-removed: variant \"S\" written by Adj1 is unknown to UnitB (and it has no `other` variant)\n  rule variant-removed: variant \"W\" written by Adj1 is unknown to UnitB (and it has no `other` variant)" [Adj1::A(1), Adj1::B];
    }
}

mod other {
    use super::*;

    derive_all! {
        pub(crate) enum Ext { A(u8), B, C(String), D { x: u8 } }
        pub(crate) enum ExtRaw { A(u8), #[msgpack(other)] Unknown(Raw) }
        pub(crate) enum ExtValue { A(u16), #[msgpack(other)] Unknown(Value) }
        pub(crate) enum ExtUnitOther { A(u8), #[msgpack(other)] Unknown }
        pub(crate) enum ExtPlain { A(u8), B }
        #[msgpack(tag = "t")] pub(crate) enum Int { A { x: u8 }, B }
        #[msgpack(tag = "t")] pub(crate) enum IntRaw { A { x: u8 }, #[msgpack(other)] Unknown(Raw) }
        #[msgpack(tag = "t", content = "c")] pub(crate) enum Adj { A(u8), B, C(String) }
        #[msgpack(tag = "t", content = "c")] pub(crate) enum AdjRaw { A(u8), #[msgpack(other)] Unknown(Raw) }
    }

    fn raw(bytes: &[u8]) -> Raw {
        Raw::new(bytes.to_vec()).unwrap()
    }

    pairs! {
        // Every other tag, with any payload, is kept.
        external_into_raw_other: ExtRaw, Ext => Ok [Ext::A(255), Ext::B, Ext::C(String::new()), Ext::D { x: 1 }];
        external_into_value_other: ExtValue, Ext => Ok [Ext::A(255), Ext::B, Ext::C("c".into()), Ext::D { x: 1 }];
        internal_into_raw_other: IntRaw, Int => Ok [Int::A { x: 255 }, Int::B];
        adjacent_into_raw_other: AdjRaw, Adj => Ok [Adj::A(0), Adj::B, Adj::C("c".into())];
        // Kept values written back: another keeping reader reads them.
        raw_other_into_value_other: ExtValue, ExtRaw => Ok [ExtRaw::A(255), ExtRaw::Unknown(raw(b"\x81\xa1Z\x01")), ExtRaw::Unknown(raw(b"\xa1Q"))];
        raw_other_into_raw_other: ExtRaw, ExtRaw => Ok [ExtRaw::A(1), ExtRaw::Unknown(raw(b"\x81\xa1Z\x92\x01\x02"))];
    }

    rejects! {
        raw_other_into_plain: ExtPlain, ExtRaw => "ExtPlain cannot read ExtRaw: rule other-variant-missing: ExtRaw writes back unknown values verbatim (`other` holding any), which only an `other` variant holding the value reads; ExtPlain has none" [ExtRaw::A(1), ExtRaw::Unknown(raw(b"\x81\xa1Z\x01"))];
        raw_other_into_unit_other: ExtUnitOther, ExtRaw => "ExtUnitOther cannot read ExtRaw: rule other-variant-missing: ExtRaw writes back unknown values verbatim (`other` holding any), which only an `other` variant holding the value reads; ExtUnitOther has none" [ExtRaw::Unknown(raw(b"\x92\x01\x02"))];
        value_other_into_narrower: ExtRaw, ExtValue => "ExtRaw cannot read ExtValue: rule integer-narrowed: variant \"A\": u8 cannot hold every u16" [ExtValue::A(256)];
        adjacent_raw_into_plain: Adj, AdjRaw => "Adj cannot read AdjRaw: rule other-variant-missing: AdjRaw writes back unknown values verbatim (`other` holding any), which only an `other` variant holding the value reads; Adj has none" [AdjRaw::Unknown(raw(b"\x81\xa1t\xa1Q"))];
    }

    /// A `Raw` can hold any value, not only an unknown variant. One that is
    /// no tagged form at all (`7`) is read back into `other` too; one that
    /// carries a known tag with a payload of another shape is not (the tag
    /// is known: the payload is then an error, not an unknown variant). The
    /// `other` variant is for values as they were read; the derive docs say
    /// so.
    #[test]
    fn raw_other_holding_any_value() {
        verify::<ExtRaw, ExtRaw>(Expect::Ok, &[ExtRaw::Unknown(raw(&[0x07])), ExtRaw::Unknown(raw(b"\xc0"))]);
        let bad = msgpack_core::to_vec(&ExtRaw::Unknown(raw(b"\x81\xa1A\xa1x"))).unwrap();
        assert!(msgpack_core::from_slice::<ExtRaw>(&bad).is_err());
    }
}

mod flatten {
    use super::*;

    derive_all! {
        pub(crate) struct Meta { id: u64, ts: Option<u64> }
        pub(crate) struct Flat { name: String, #[msgpack(flatten)] meta: Meta }
        pub(crate) struct Plain { name: String, id: u64, ts: Option<u64> }
        pub(crate) struct PlainU32 { name: String, id: u32, ts: Option<u64> }
        pub(crate) struct NameOnly { name: String }
        pub(crate) struct NeedsMore { name: String, id: u64, extra: u8 }
        #[msgpack(deny_unknown_fields)] pub(crate) struct StrictName { name: String }
        #[msgpack(deny_unknown_fields)] pub(crate) struct StrictFlat { name: String, #[msgpack(flatten)] meta: Meta }
        pub(crate) struct Open { name: String, #[msgpack(flatten)] extra: BTreeMap<String, Value> }
        pub(crate) struct OpenU8 { name: String, #[msgpack(flatten)] extra: BTreeMap<String, u8> }
        pub(crate) struct OpenText { name: String, #[msgpack(flatten)] extra: HashMap<String, String> }
        pub(crate) struct OpenIntKeys { name: String, #[msgpack(flatten)] extra: BTreeMap<u8, Value> }
        pub(crate) struct WithCount { name: String, count: Option<u8> }
        pub(crate) struct Outer { #[msgpack(flatten)] flat: Flat, #[msgpack(flatten)] rest: BTreeMap<String, u64> }
    }

    fn flat(id: u64, ts: Option<u64>) -> Flat {
        Flat { name: "n".into(), meta: Meta { id, ts } }
    }
    fn plain(id: u64, ts: Option<u64>) -> Plain {
        Plain { name: "n".into(), id, ts }
    }
    fn open(extra: &[(&str, u8)]) -> Open {
        Open { name: "n".into(), extra: extra.iter().map(|(k, v)| (k.to_string(), Value::from(*v))).collect() }
    }
    fn text(extra: &[(&str, &str)]) -> OpenText {
        OpenText { name: "n".into(), extra: extra.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect() }
    }

    pairs! {
        // A flattened struct contributes its fields, both ways.
        plain_into_flat: Flat, Plain => Ok [plain(0, None), plain(u64::MAX, Some(0))];
        flat_into_plain: Plain, Flat => Ok [flat(0, None), flat(u64::MAX, Some(u64::MAX))];
        flat_into_flat: Flat, Flat => Ok [flat(1, Some(2))];
        flat_into_name_only: NameOnly, Flat => Ok [flat(1, None)];
        flat_into_strict_flat: StrictFlat, Plain => Ok [plain(1, Some(2))];
        nested_into_plain: Plain, Outer => Ok [Outer { flat: flat(1, None), rest: BTreeMap::new() }];
        // A catch-all map accepts any other key.
        plain_into_open: Open, Plain => Ok [plain(0, None), plain(u64::MAX, Some(1))];
        flat_into_open: Open, Flat => Ok [flat(1, None)];
        open_into_plain_name: NameOnly, Open => Ok [open(&[]), open(&[("zz", 1)]), open(&[("a", 0), ("b", 255)])];
        open_into_open: OpenU8, OpenU8 => Ok [OpenU8 { name: "n".into(), extra: BTreeMap::from([("k".into(), 255)]) }];
        // A struct's fields read as a map's entries.
        flat_into_value_map: BTreeMap<String, Value>, Flat => Ok [flat(1, None), flat(1, Some(2))];
        open_into_value_map: BTreeMap<String, Value>, Open => Ok [open(&[]), open(&[("z", 1)])];
    }

    rejects! {
        flat_into_narrower: PlainU32, Flat => "PlainU32 cannot read Flat: rule integer-narrowed: field \"id\": u32 cannot hold every u64" [flat(u64::MAX, None)];
        flat_missing_field: NeedsMore, Flat => "NeedsMore cannot read Flat: rule required-field-added: field \"extra\" is required in NeedsMore but Flat never writes it" [flat(1, None)];
        plain_missing_flattened_field: Flat, NameOnly => "Flat cannot read NameOnly: rule required-field-added: field \"id\" is required in Flat but NameOnly never writes it" [NameOnly { name: "n".into() }];
        // The flattened struct's keys are known to `deny_unknown_fields`, others not.
        extra_key_into_strict_flat: StrictFlat, NeedsMore => "StrictFlat cannot read NeedsMore: rule unknown-fields-denied: NeedsMore writes field \"extra\", which StrictFlat does not know and `deny_unknown_fields` rejects" [NeedsMore { name: "n".into(), id: 1, extra: 0 }];
        // A writer's catch-all writes any key: a reader that rejects unknown keys cannot read it.
        open_into_strict: StrictName, Open => "StrictName cannot read Open: rule unknown-fields-denied: Open writes any other keys (a flattened map), which StrictName rejects (`deny_unknown_fields`)" [open(&[]), open(&[("zz", 1)])];
        // The catch-all's values must read each unknown field.
        plain_into_narrow_catch_all: OpenU8, Plain => "OpenU8 cannot read Plain: rule integer-narrowed: field \"id\": u8 cannot hold every u64\n  rule option-removed: field \"ts\": expected u8, found Option<u64> (nil is not a u8)" [plain(256, None)];
        // A writer's catch-all may hold a key the reader has as a field.
        catch_all_into_optional_field: WithCount, OpenText => "WithCount cannot read OpenText: rule type-changed: field \"count\": expected integer, found str" [text(&[]), text(&[("count", "x")])];
        // The catch-all reads each unknown key as its key type.
        str_keys_into_int_catch_all: OpenIntKeys, Plain => "OpenIntKeys cannot read Plain: rule key-unreadable: field \"id\": the flattened map's key u8 cannot read the key\n  rule key-unreadable: field \"ts\": the flattened map's key u8 cannot read the key" [plain(1, None)];
        flat_into_narrow_map: BTreeMap<String, u8>, Flat => "{str: u8} cannot read Flat: rule type-changed: field \"name\": expected integer, found str\n  rule integer-narrowed: field \"id\": u8 cannot hold every u64\n  rule option-removed: field \"ts\": expected u8, found Option<u64> (nil is not a u8)" [flat(1, None)];
    }

    /// A writer's catch-all map may hold a key that is also one of the
    /// writer's own fields: such a value cannot be written (the message
    /// would have the key twice, a duplicate field for every reader), so
    /// every message the writer does write is read: the check is right to
    /// say compatible.
    #[test]
    fn catch_all_holding_a_field_key() {
        let shadow = Open { name: "n".into(), extra: BTreeMap::from([("name".to_string(), Value::from("m"))]) };
        let err = msgpack_core::to_vec(&shadow).unwrap_err();
        assert!(err.to_string().contains("would hold the key twice"), "{err}");
        assert_eq!(message::<Open, Open>(), "ok");
        assert_eq!(message::<NameOnly, Open>(), "ok");
        verify::<NameOnly, Open>(Expect::Ok, &[open(&[("other", 1)])]);
    }
}

mod as_map {
    use super::*;

    derive_all! {
        pub(crate) struct Pairs { #[msgpack(as_map)] list: Vec<(String, u32)> }
        pub(crate) struct PairsWide { #[msgpack(as_map)] list: Vec<(String, u64)> }
        pub(crate) struct Mapped { list: BTreeMap<String, u64> }
        pub(crate) struct MappedNarrow { list: BTreeMap<String, u8> }
        pub(crate) struct Seq { list: Vec<(String, u32)> }
    }

    fn pairs(list: &[(&str, u32)]) -> Pairs {
        Pairs { list: list.iter().map(|(k, v)| (k.to_string(), *v)).collect() }
    }

    pairs! {
        as_map_into_map: Mapped, Pairs => Ok [pairs(&[]), pairs(&[("a", u32::MAX)]), pairs(&[("a", 1), ("a", 2)])];
        map_into_as_map: PairsWide, Mapped => Ok [Mapped { list: BTreeMap::new() }, Mapped { list: BTreeMap::from([("k".into(), u64::MAX)]) }];
        as_map_into_wider_as_map: PairsWide, Pairs => Ok [pairs(&[("a", 0), ("b", u32::MAX)])];
        as_map_into_value: Value, Pairs => Ok [pairs(&[("a", 1)])];
    }

    rejects! {
        as_map_into_narrow_map: MappedNarrow, Pairs => "MappedNarrow cannot read Pairs: rule integer-narrowed: field \"list\": map value: u8 cannot hold every u32" [pairs(&[("a", 256)])];
        as_map_into_seq: Seq, Pairs => "Seq cannot read Pairs: rule type-changed: field \"list\": expected array, found map" [pairs(&[("a", 1)])];
        seq_into_as_map: Pairs, Seq => "Pairs cannot read Seq: rule type-changed: field \"list\": expected map, found array of any length" [Seq { list: vec![("a".into(), 1)] }];
    }
}
