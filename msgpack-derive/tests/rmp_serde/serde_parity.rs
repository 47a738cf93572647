//! Byte identity with rmp-serde for the attributes taken from serde
//! (`alias`, container `default`, `transparent`, `from` / `try_from` /
//! `into`, `rename_all_fields`, `encode_with` / `decode_with`): the same
//! four checks as the rest of `rmp_serde.rs`, on types derived both ways.

use msgpack_core::MsgPack;
use serde::{Deserialize, Serialize};

use super::{Array, Named, ours_from, same, theirs_from};

// ---------------------------------------------------------------------------
// `alias`

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(rename_all = "camelCase")]
struct Account {
    #[msgpack(alias = "user_name", alias = "login")]
    user_name: String,
    #[msgpack(alias = "mail")]
    email: Option<String>,
}
#[derive(Serialize, Deserialize, PartialEq, Debug)]
#[serde(rename_all = "camelCase")]
struct TAccount {
    #[serde(alias = "user_name", alias = "login")]
    user_name: String,
    #[serde(alias = "mail")]
    email: Option<String>,
}

#[derive(MsgPack, PartialEq, Debug)]
enum Status {
    #[msgpack(alias = "on")]
    Active,
    #[msgpack(rename = "off", alias = "Inactive")]
    Inactive { since: u32 },
}
#[derive(Serialize, Deserialize, PartialEq, Debug)]
enum TStatus {
    #[serde(alias = "on")]
    Active,
    #[serde(rename = "off", alias = "Inactive")]
    Inactive { since: u32 },
}

/// An alias is never written, so the bytes are the plain ones; under
/// `rename_all` both take the alias as written. Both sides read a message
/// that uses an alias, to equal values.
#[test]
fn alias_under_rename_all() {
    let ours = Account { user_name: "ada".into(), email: Some("a@b".into()) };
    let theirs = TAccount { user_name: "ada".into(), email: Some("a@b".into()) };
    let bytes = same(Named, &ours, &theirs);
    assert_eq!(bytes, b"\x82\xa8userName\xa3ada\xa5email\xa3a@b");
    for (key, mail) in [("user_name", "mail"), ("login", "email"), ("userName", "mail")] {
        let old = msgpack_core::to_vec(&msgpack_core::Value::Map(vec![
            (key.into(), "ada".into()),
            (mail.into(), "a@b".into()),
        ]))
        .unwrap();
        assert_eq!(ours_from(&ours, &old), ours, "ours, keys {key} / {mail}");
        assert_eq!(theirs_from(&theirs, &old), theirs, "theirs, keys {key} / {mail}");
    }
    for (o, t) in [(Status::Active, TStatus::Active), (Status::Inactive { since: 3 }, TStatus::Inactive { since: 3 })] {
        same(Named, &o, &t);
    }
    for (bytes, o, t) in [
        (&b"\xa2on"[..], Status::Active, TStatus::Active),
        (&b"\x81\xa8Inactive\x81\xa5since\x03"[..], Status::Inactive { since: 3 }, TStatus::Inactive { since: 3 }),
    ] {
        assert_eq!(ours_from(&o, bytes), o);
        assert_eq!(theirs_from(&t, bytes), t);
    }
}

// ---------------------------------------------------------------------------
// Container `default`

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(default)]
struct Settings {
    name: String,
    retries: u8,
    tags: Option<Vec<String>>,
}
impl Default for Settings {
    fn default() -> Self {
        Settings { name: "anon".into(), retries: 3, tags: Some(vec!["t".into()]) }
    }
}
#[derive(Serialize, Deserialize, PartialEq, Debug)]
#[serde(default)]
struct TSettings {
    name: String,
    retries: u8,
    tags: Option<Vec<String>>,
}
impl Default for TSettings {
    fn default() -> Self {
        TSettings { name: "anon".into(), retries: 3, tags: Some(vec!["t".into()]) }
    }
}

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(array, default)]
struct SettingsA {
    name: String,
    retries: u8,
}
impl Default for SettingsA {
    fn default() -> Self {
        SettingsA { name: "anon".into(), retries: 3 }
    }
}
#[derive(Serialize, Deserialize, PartialEq, Debug)]
#[serde(default)]
struct TSettingsA {
    name: String,
    retries: u8,
}
impl Default for TSettingsA {
    fn default() -> Self {
        TSettingsA { name: "anon".into(), retries: 3 }
    }
}

/// Every field is written; both sides fill the same missing fields from
/// the same default (an `Option` takes the default's value, not `None`).
#[test]
fn container_default() {
    same(
        Named,
        &Settings { name: "n".into(), retries: 0, tags: None },
        &TSettings { name: "n".into(), retries: 0, tags: None },
    );
    same(Array, &SettingsA { name: "n".into(), retries: 9 }, &TSettingsA { name: "n".into(), retries: 9 });
    for partial in [&b"\x80"[..], b"\x81\xa7retries\x01", b"\x81\xa4tags\xc0", b"\x81\xa4name\xa1x"] {
        let ours: Settings = msgpack_core::from_slice(partial).unwrap();
        let theirs: TSettings = rmp_serde::from_slice(partial).unwrap();
        assert_eq!((ours.name, ours.retries, ours.tags), (theirs.name, theirs.retries, theirs.tags), "{partial:?}");
    }
    for partial in [&b"\x90"[..], b"\x91\xa1x"] {
        let ours: SettingsA = msgpack_core::from_slice(partial).unwrap();
        let theirs: TSettingsA = rmp_serde::from_slice(partial).unwrap();
        assert_eq!((ours.name, ours.retries), (theirs.name, theirs.retries), "{partial:?}");
    }
}

// ---------------------------------------------------------------------------
// `transparent`

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(transparent)]
struct Email {
    #[msgpack(skip)]
    verified: bool,
    address: String,
}
#[derive(Serialize, Deserialize, PartialEq, Debug)]
#[serde(transparent)]
struct TEmail {
    #[serde(skip)]
    verified: bool,
    address: String,
}

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(transparent)]
struct Scores<T>(Vec<T>, #[msgpack(skip)] std::marker::PhantomData<T>);
#[derive(Serialize, Deserialize, PartialEq, Debug)]
#[serde(transparent)]
struct TScores<T>(Vec<T>, #[serde(skip)] std::marker::PhantomData<T>);

#[derive(MsgPack, PartialEq, Debug)]
struct Contact {
    primary: Email,
    scores: Scores<i32>,
}
#[derive(Serialize, Deserialize, PartialEq, Debug)]
struct TContact {
    primary: TEmail,
    scores: TScores<i32>,
}

/// The field alone, in both forms; nested in a struct too.
#[test]
fn transparent() {
    let bytes = same(
        Named,
        &Email { verified: false, address: "a@b".into() },
        &TEmail { verified: false, address: "a@b".into() },
    );
    assert_eq!(bytes, b"\xa3a@b");
    same(Array, &Email { verified: false, address: "".into() }, &TEmail { verified: false, address: "".into() });
    let p = std::marker::PhantomData;
    same(Named, &Scores(vec![-1, 70000], p), &TScores(vec![-1, 70000], p));
    same(
        Named,
        &Contact { primary: Email { verified: false, address: "x".into() }, scores: Scores(vec![1], p) },
        &TContact { primary: TEmail { verified: false, address: "x".into() }, scores: TScores(vec![1], p) },
    );
}

// ---------------------------------------------------------------------------
// `from` / `into`

#[derive(MsgPack, Clone, PartialEq, Debug)]
#[msgpack(from = "Vec<u32>", into = "Vec<u32>")]
struct Span2 {
    start: u32,
    end: u32,
}
#[derive(Serialize, Deserialize, Clone, PartialEq, Debug)]
#[serde(from = "Vec<u32>", into = "Vec<u32>")]
struct TSpan2 {
    start: u32,
    end: u32,
}
impl From<Vec<u32>> for Span2 {
    fn from(v: Vec<u32>) -> Self {
        Span2 { start: v.first().copied().unwrap_or(0), end: v.get(1).copied().unwrap_or(0) }
    }
}
impl From<Span2> for Vec<u32> {
    fn from(s: Span2) -> Self {
        vec![s.start, s.end]
    }
}
impl From<Vec<u32>> for TSpan2 {
    fn from(v: Vec<u32>) -> Self {
        TSpan2 { start: v.first().copied().unwrap_or(0), end: v.get(1).copied().unwrap_or(0) }
    }
}
impl From<TSpan2> for Vec<u32> {
    fn from(s: TSpan2) -> Self {
        vec![s.start, s.end]
    }
}

#[derive(MsgPack, PartialEq, Debug)]
struct Doc {
    title: String,
    span: Span2,
}
#[derive(Serialize, Deserialize, PartialEq, Debug)]
struct TDoc {
    title: String,
    span: TSpan2,
}

#[derive(MsgPack, PartialEq, Debug)]
struct Raw {
    name: String,
}
#[derive(Serialize, Deserialize, PartialEq, Debug)]
struct TRaw {
    name: String,
}
#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(from = "Raw")]
struct Lower {
    name: String,
}
#[derive(Serialize, Deserialize, PartialEq, Debug)]
#[serde(from = "TRaw")]
struct TLower {
    name: String,
}
impl From<Raw> for Lower {
    fn from(r: Raw) -> Self {
        Lower { name: r.name.to_lowercase() }
    }
}
impl From<TRaw> for TLower {
    fn from(r: TRaw) -> Self {
        TLower { name: r.name.to_lowercase() }
    }
}

/// The proxy's bytes, nested too; `from` alone (the derived encoding on
/// the way out, the conversion on the way in) converts alike.
#[test]
fn from_and_into() {
    let bytes = same(Named, &Span2 { start: 1, end: 70000 }, &TSpan2 { start: 1, end: 70000 });
    assert_eq!(bytes, b"\x92\x01\xce\x00\x01\x11\x70");
    same(Array, &Span2 { start: 0, end: 0 }, &TSpan2 { start: 0, end: 0 });
    same(
        Named,
        &Doc { title: "t".into(), span: Span2 { start: 2, end: 3 } },
        &TDoc { title: "t".into(), span: TSpan2 { start: 2, end: 3 } },
    );
    let bytes = same(Named, &Lower { name: "ada".into() }, &TLower { name: "ada".into() });
    assert_eq!(bytes, b"\x81\xa4name\xa3ada");
    let upper = rmp_serde::to_vec_named(&TRaw { name: "ADA".into() }).unwrap();
    assert_eq!(ours_from(&Lower { name: String::new() }, &upper), Lower { name: "ada".into() });
    assert_eq!(theirs_from(&TLower { name: String::new() }, &upper), TLower { name: "ada".into() });
}

// ---------------------------------------------------------------------------
// `try_from` (with `into` for the writing side, as serde pairs them)

/// A port: any `u16` but 0.
#[derive(MsgPack, Clone, Copy, PartialEq, Debug)]
#[msgpack(try_from = "u16", into = "u16")]
struct Port {
    number: u16,
}
#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Debug)]
#[serde(try_from = "u16", into = "u16")]
struct TPort {
    number: u16,
}
impl TryFrom<u16> for Port {
    type Error = &'static str;
    fn try_from(number: u16) -> Result<Self, Self::Error> {
        if number == 0 { Err("port 0 is reserved") } else { Ok(Port { number }) }
    }
}
impl From<Port> for u16 {
    fn from(p: Port) -> u16 {
        p.number
    }
}
impl TryFrom<u16> for TPort {
    type Error = &'static str;
    fn try_from(number: u16) -> Result<Self, Self::Error> {
        if number == 0 { Err("port 0 is reserved") } else { Ok(TPort { number }) }
    }
}
impl From<TPort> for u16 {
    fn from(p: TPort) -> u16 {
        p.number
    }
}

#[derive(MsgPack, PartialEq, Debug)]
struct Listen {
    host: String,
    port: Port,
}
#[derive(Serialize, Deserialize, PartialEq, Debug)]
struct TListen {
    host: String,
    port: TPort,
}

/// The same bytes both ways, and both sides reject the value the
/// conversion rejects, with the conversion's message.
#[test]
fn try_from() {
    assert_eq!(same(Named, &Port { number: 8080 }, &TPort { number: 8080 }), [0xcd, 0x1f, 0x90]);
    same(
        Named,
        &Listen { host: "h".into(), port: Port { number: 1 } },
        &TListen { host: "h".into(), port: TPort { number: 1 } },
    );
    let zero = b"\x82\xa4host\xa1h\xa4port\x00";
    let ours = msgpack_core::from_slice::<Listen>(zero).unwrap_err();
    assert_eq!(ours.to_string(), "invalid Port: port 0 is reserved at $.port (byte 13)");
    let theirs = rmp_serde::from_slice::<TListen>(zero).unwrap_err();
    assert!(theirs.to_string().contains("port 0 is reserved"), "{theirs}");
}

// ---------------------------------------------------------------------------
// `rename_all_fields`

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(rename_all = "kebab-case", rename_all_fields = "camelCase")]
enum Command {
    AddItem {
        item_id: u32,
        display_name: String,
    },
    #[msgpack(rename_all = "UPPERCASE")]
    RemoveItem {
        item_id: u32,
    },
    Clear,
}
#[derive(Serialize, Deserialize, PartialEq, Debug)]
#[serde(rename_all = "kebab-case", rename_all_fields = "camelCase")]
enum TCommand {
    AddItem {
        item_id: u32,
        display_name: String,
    },
    #[serde(rename_all = "UPPERCASE")]
    RemoveItem {
        item_id: u32,
    },
    Clear,
}

/// The same wire names as serde's, including a variant's own `rename_all`
/// taking precedence, in both forms.
#[test]
fn rename_all_fields() {
    let bytes = same(
        Named,
        &Command::AddItem { item_id: 1, display_name: "d".into() },
        &TCommand::AddItem { item_id: 1, display_name: "d".into() },
    );
    assert_eq!(bytes, b"\x81\xa8add-item\x82\xa6itemId\x01\xabdisplayName\xa1d");
    same(Named, &Command::RemoveItem { item_id: 2 }, &TCommand::RemoveItem { item_id: 2 });
    same(Named, &Command::Clear, &TCommand::Clear);
}

// ---------------------------------------------------------------------------
// `encode_with` / `decode_with` (serde's `serialize_with` / `deserialize_with`)

mod as_hex {
    use msgpack_core::{Decoder, Encoder, decode, encode};
    use serde::{Deserialize, Deserializer, Serializer};
    pub(crate) fn encode<W: encode::Write>(v: &u32, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        e.str(&format!("{v:x}"))
    }
    pub(crate) fn decode(d: &mut Decoder<'_>) -> Result<u32, decode::Error> {
        let at = d.position();
        u32::from_str_radix(d.str()?, 16).map_err(|_| decode::Error::custom("not hex", at))
    }
    pub(crate) fn serialize<S: Serializer>(v: &u32, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&format!("{v:x}"))
    }
    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
        let s = String::deserialize(d)?;
        u32::from_str_radix(&s, 16).map_err(serde::de::Error::custom)
    }
}

#[derive(MsgPack, PartialEq, Debug)]
struct Color {
    #[msgpack(encode_with = "as_hex::encode", decode_with = "as_hex::decode")]
    rgb: u32,
    #[msgpack(encode_with = "as_hex::encode")]
    written_hex: u32,
    alpha: u8,
}
#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(array)]
struct ColorA {
    #[msgpack(encode_with = "as_hex::encode", decode_with = "as_hex::decode")]
    rgb: u32,
}
#[derive(Serialize, Deserialize, PartialEq, Debug)]
struct TColor {
    #[serde(serialize_with = "as_hex::serialize", deserialize_with = "as_hex::deserialize")]
    rgb: u32,
    #[serde(serialize_with = "as_hex::serialize")]
    written_hex: u32,
    alpha: u8,
}
#[derive(Serialize, Deserialize, PartialEq, Debug)]
struct TColorA {
    #[serde(serialize_with = "as_hex::serialize", deserialize_with = "as_hex::deserialize")]
    rgb: u32,
}

/// Same bytes for the same functions; an `encode_with` alone writes what
/// the other side's plain decode cannot read, on both sides alike.
#[test]
fn encode_with_and_decode_with() {
    let (ours, theirs) = super::bytes_of(
        Named,
        &Color { rgb: 0xff8800, written_hex: 0x10, alpha: 1 },
        &TColor { rgb: 0xff8800, written_hex: 0x10, alpha: 1 },
    );
    assert_eq!(ours, b"\x83\xa3rgb\xa6ff8800\xabwritten_hex\xa210\xa5alpha\x01");
    assert_eq!(ours, theirs);
    assert!(msgpack_core::from_slice::<Color>(&ours).is_err());
    assert!(rmp_serde::from_slice::<TColor>(&ours).is_err());
    let plain = b"\x83\xa3rgb\xa6ff8800\xabwritten_hex\x10\xa5alpha\x01";
    let o = Color { rgb: 0xff8800, written_hex: 0x10, alpha: 1 };
    let t = TColor { rgb: 0xff8800, written_hex: 0x10, alpha: 1 };
    assert_eq!(ours_from(&o, plain), o);
    assert_eq!(theirs_from(&t, plain), t);
    same(Array, &ColorA { rgb: 0 }, &TColorA { rgb: 0 });
}

// ---------------------------------------------------------------------------
// `as_array`: serde's form of a byte buffer without `serde_bytes`

#[derive(MsgPack, PartialEq, Debug)]
struct Blob {
    #[msgpack(as_array)]
    data: Vec<u8>,
    #[msgpack(as_array)]
    tag: [u8; 2],
}
#[derive(Serialize, Deserialize, PartialEq, Debug)]
struct TBlob {
    data: Vec<u8>,
    tag: [u8; 2],
}

#[test]
fn as_array() {
    for data in [vec![], vec![0, 127, 128, 255], (0..=255).collect::<Vec<u8>>()] {
        let bytes =
            same(Named, &Blob { data: data.clone(), tag: [1, 200] }, &TBlob { data: data.clone(), tag: [1, 200] });
        assert_eq!(bytes[1..6], *b"\xa4data");
    }
}
