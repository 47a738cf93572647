//! serde's attribute spellings inside `#[msgpack(...)]` (issue 27): the
//! same declaration with `serde` replaced by `msgpack` writes rmp-serde's
//! bytes and reads them as serde does, including the one-sided
//! `skip_serializing` / `skip_deserializing`, and `rename` / `alias` on the
//! fields of an `array`-form struct (used when it reads the map form).

use msgpack_core::{MsgPack, Value};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{Array, Named, hex, same};

mod ours_fns {
    use msgpack_core::{Decoder, Encoder, decode, encode};
    pub(crate) fn write_hex<W: encode::Write>(v: &u32, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        e.str(&format!("{v:x}"))
    }
    pub(crate) fn read_hex(d: &mut Decoder<'_>) -> Result<u32, decode::Error> {
        let at = d.position();
        u32::from_str_radix(d.str()?, 16).map_err(|_| decode::Error::custom("not hex", at))
    }
}

fn ser_hex<S: Serializer>(v: &u32, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&format!("{v:x}"))
}
fn de_hex<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    let s = String::deserialize(d)?;
    u32::from_str_radix(&s, 16).map_err(serde::de::Error::custom)
}

/// One struct with serde's spellings, written `msgpack` instead of `serde`.
#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(rename = "profile", rename_all(serialize = "camelCase", deserialize = "camelCase"))]
struct Profile {
    #[msgpack(rename(serialize = "id", deserialize = "id"))]
    user_id: u32,
    #[msgpack(skip_serializing_if = "Option::is_none")]
    nick_name: Option<String>,
    #[msgpack(serialize_with = "ours_fns::write_hex", deserialize_with = "ours_fns::read_hex")]
    color: u32,
    /// Never written; read when a message has it.
    #[msgpack(skip_serializing, default)]
    cache_hits: u32,
    /// Written; never read (the default on decode).
    #[msgpack(skip_deserializing)]
    schema_version: u32,
}
#[derive(Serialize, Deserialize, PartialEq, Debug)]
#[serde(rename = "profile", rename_all(serialize = "camelCase", deserialize = "camelCase"))]
struct TProfile {
    #[serde(rename(serialize = "id", deserialize = "id"))]
    user_id: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    nick_name: Option<String>,
    #[serde(serialize_with = "ser_hex", deserialize_with = "de_hex")]
    color: u32,
    #[serde(skip_serializing, default)]
    cache_hits: u32,
    #[serde(skip_deserializing)]
    schema_version: u32,
}

/// Both decoders' view of one message, as comparable tuples.
fn ours_read(bytes: &[u8]) -> (u32, Option<String>, u32, u32, u32) {
    let p: Profile = msgpack_core::from_slice(bytes).unwrap_or_else(|e| panic!("ours: {e}"));
    (p.user_id, p.nick_name, p.color, p.cache_hits, p.schema_version)
}
fn theirs_read(bytes: &[u8]) -> (u32, Option<String>, u32, u32, u32) {
    let p: TProfile = rmp_serde::from_slice(bytes).unwrap_or_else(|e| panic!("rmp-serde: {e}"));
    (p.user_id, p.nick_name, p.color, p.cache_hits, p.schema_version)
}

#[test]
fn serde_spellings_same_bytes() {
    for nick in [None, Some("ada".to_string())] {
        let ours = Profile { user_id: 7, nick_name: nick.clone(), color: 0xff8800, cache_hits: 3, schema_version: 2 };
        let theirs = TProfile { user_id: 7, nick_name: nick, color: 0xff8800, cache_hits: 3, schema_version: 2 };
        let a = msgpack_core::to_vec(&ours).unwrap();
        let b = rmp_serde::to_vec_named(&theirs).unwrap();
        assert_eq!(hex(&a), hex(&b));
        assert_eq!(msgpack_core::Encode::encoded_len(&ours), a.len());
        // `cacheHits` is not written; `schemaVersion` is written but not
        // read back: both sides read the same values.
        assert!(!a.windows(9).any(|w| w == b"cacheHits"));
        assert!(a.windows(13).any(|w| w == b"schemaVersion"));
        assert_eq!(ours_read(&a), theirs_read(&a));
        assert_eq!(ours_read(&a).3, 0);
        assert_eq!(ours_read(&a).4, 0);
    }
    assert_eq!(
        msgpack_core::to_vec(&Profile { user_id: 1, nick_name: None, color: 0xa, cache_hits: 5, schema_version: 9 })
            .unwrap(),
        b"\x83\xa2id\x01\xa5color\xa1a\xadschemaVersion\x09"
    );
}

/// `skip_serializing`: read when present; `skip_deserializing`: its key is
/// an unknown key to the reader (skipped), as in serde.
#[test]
fn one_sided_fields_read_as_serde_reads_them() {
    let msg = Value::Map(vec![
        ("id".into(), 4.into()),
        ("color".into(), "1f".into()),
        ("cacheHits".into(), 11.into()),
        ("schemaVersion".into(), 99.into()),
    ]);
    let bytes = msgpack_core::to_vec(&msg).unwrap();
    assert_eq!(ours_read(&bytes), (4, None, 0x1f, 11, 0));
    assert_eq!(ours_read(&bytes), theirs_read(&bytes));
    // Missing: the default (`default` on one, never read on the other).
    let short = msgpack_core::to_vec(&Value::Map(vec![("id".into(), 4.into()), ("color".into(), "1".into())])).unwrap();
    assert_eq!(ours_read(&short), theirs_read(&short));
}

/// An `array`-form struct with renamed and aliased fields: the array bytes
/// are rmp-serde's `to_vec`, and it reads the map an older (map-form)
/// writer wrote by the renamed key and the alias.
#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(array)]
struct Event {
    #[msgpack(rename = "type")]
    kind: String,
    #[msgpack(alias = "ts")]
    time: u64,
}
#[derive(Serialize, Deserialize, PartialEq, Debug)]
struct TEvent {
    #[serde(rename = "type")]
    kind: String,
    #[serde(alias = "ts")]
    time: u64,
}

#[test]
fn array_form_rename_and_alias_read_the_map_form() {
    let ours = Event { kind: "click".into(), time: 5 };
    let theirs = TEvent { kind: "click".into(), time: 5 };
    assert_eq!(same(Array, &ours, &theirs), b"\x92\xa5click\x05");
    let named = rmp_serde::to_vec_named(&theirs).unwrap();
    assert_eq!(named, b"\x82\xa4type\xa5click\xa4time\x05");
    assert_eq!(msgpack_core::from_slice::<Event>(&named).unwrap(), ours);
    let aliased = b"\x82\xa4type\xa5click\xa2ts\x05";
    assert_eq!(msgpack_core::from_slice::<Event>(aliased).unwrap(), ours);
    assert_eq!(rmp_serde::from_slice::<TEvent>(aliased).unwrap(), theirs);
}

/// `bound(serialize = .., deserialize = ..)` on a container and `bound` on
/// a field, `borrow = "'a"` on a field and `borrow` on a newtype variant.
#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(bound(serialize = "T: msgpack_core::Encode", deserialize = "T: msgpack_core::Decode<'de>"))]
struct Boxed<T> {
    inner: T,
}
#[derive(MsgPack, PartialEq, Debug)]
struct Tagged<'a, T> {
    #[msgpack(bound = "T: msgpack_core::Encode + for<'x> msgpack_core::Decode<'x>")]
    value: T,
    #[msgpack(borrow = "'a")]
    label: std::borrow::Cow<'a, str>,
}
#[derive(MsgPack, PartialEq, Debug)]
enum Name<'a> {
    #[msgpack(borrow)]
    Short(&'a str),
}
#[derive(Serialize, Deserialize, PartialEq, Debug)]
struct TTagged<'a> {
    value: u8,
    #[serde(borrow = "'a")]
    label: std::borrow::Cow<'a, str>,
}

#[test]
fn bounds_and_borrow_spellings() {
    let b = Boxed { inner: 3u8 };
    assert_eq!(msgpack_core::to_vec(&b).unwrap(), b"\x81\xa5inner\x03");
    assert_eq!(msgpack_core::from_slice::<Boxed<u8>>(b"\x81\xa5inner\x03").unwrap(), b);
    let t = Tagged { value: 1u8, label: "x".into() };
    let theirs = TTagged { value: 1, label: "x".into() };
    let (a, _) = super::bytes_of(Named, &t, &theirs);
    let back: Tagged<u8> = msgpack_core::from_slice(&a).unwrap();
    assert!(matches!(back.label, std::borrow::Cow::Borrowed("x")));
    assert_eq!(back, t);
    let n = msgpack_core::to_vec(&Name::Short("s")).unwrap();
    assert_eq!(n, b"\x81\xa5Short\xa1s");
    assert_eq!(msgpack_core::from_slice::<Name>(&n).unwrap(), Name::Short("s"));
}

/// `skip_serializing` on a variant: read, never written (encoding it is an
/// error on both sides).
#[derive(MsgPack, PartialEq, Debug)]
enum Cmd {
    Run(u8),
    #[msgpack(skip_serializing)]
    Legacy,
}
#[derive(Serialize, Deserialize, PartialEq, Debug)]
enum TCmd {
    Run(u8),
    #[serde(skip_serializing)]
    Legacy,
}

#[test]
fn skip_serializing_variant() {
    assert_eq!(same(Named, &Cmd::Run(1), &TCmd::Run(1)), b"\x81\xa3Run\x01");
    let e = msgpack_core::to_vec(&Cmd::Legacy).unwrap_err();
    assert!(e.to_string().contains("`skip_serializing`"), "{e}");
    assert!(rmp_serde::to_vec_named(&TCmd::Legacy).is_err());
    let legacy = b"\xa6Legacy";
    assert_eq!(msgpack_core::from_slice::<Cmd>(legacy).unwrap(), Cmd::Legacy);
    assert_eq!(rmp_serde::from_slice::<TCmd>(legacy).unwrap(), TCmd::Legacy);
}
