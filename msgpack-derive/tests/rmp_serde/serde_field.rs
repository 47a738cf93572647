//! `#[msgpack(serde)]`: a field written and read through its serde impls
//! and msgpack-core's serde format, so that a derived struct holding a
//! serde-only type is byte-identical to rmp-serde's encoding of the whole
//! serde twin (`to_vec_named` in map form, `to_vec` in array form).

use std::collections::BTreeMap;

use msgpack_core::MsgPack;
use serde::{Deserialize, Serialize};

use super::{Array, Named, same};

/// A type from "another crate": serde only.
#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
pub(crate) struct Geo {
    lat: f64,
    lon: f64,
    tags: Vec<String>,
}

#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
pub(crate) enum Level {
    Low,
    High(u8),
    Range { from: u8, to: u8 },
}

fn geo() -> Geo {
    Geo { lat: 1.5, lon: -2.25, tags: vec!["a".into()] }
}

#[derive(MsgPack, PartialEq, Debug, Clone)]
struct Place {
    name: String,
    #[msgpack(serde)]
    geo: Geo,
    #[msgpack(serde)]
    level: Level,
    #[msgpack(serde)]
    extra: Option<BTreeMap<String, Geo>>,
}
#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
struct TPlace {
    name: String,
    geo: Geo,
    level: Level,
    extra: Option<BTreeMap<String, Geo>>,
}

#[derive(MsgPack, PartialEq, Debug, Clone)]
#[msgpack(array)]
struct PlaceA {
    name: String,
    #[msgpack(serde)]
    geo: Geo,
    #[msgpack(serde)]
    level: Level,
    #[msgpack(serde)]
    extra: Option<BTreeMap<String, Geo>>,
}

#[test]
fn serde_fields_same_bytes_in_both_forms() {
    let levels = [Level::Low, Level::High(3), Level::Range { from: 1, to: 9 }];
    for level in levels {
        let extra = Some(BTreeMap::from([("k".to_string(), geo())]));
        let ours = Place { name: "p".into(), geo: geo(), level: level.clone(), extra: extra.clone() };
        let theirs = TPlace { name: "p".into(), geo: geo(), level: level.clone(), extra: extra.clone() };
        let bytes = same(Named, &ours, &theirs);
        assert_eq!(msgpack_core::Encode::encoded_len(&ours), bytes.len());
        let ours = PlaceA { name: "p".into(), geo: geo(), level: level.clone(), extra: None };
        let theirs = TPlace { name: "p".into(), geo: geo(), level, extra: None };
        let bytes = same(Array, &ours, &theirs);
        assert_eq!(msgpack_core::Encode::encoded_len(&ours), bytes.len());
    }
}

/// A borrowed serde field borrows from the input; a generic one gets its
/// serde bound inferred.
#[derive(MsgPack, PartialEq, Debug)]
struct Borrowing<'a, T> {
    #[msgpack(serde)]
    text: &'a str,
    #[msgpack(serde)]
    value: T,
}

#[test]
fn borrowed_and_generic_serde_fields() {
    let bytes = msgpack_core::to_vec(&Borrowing { text: "hi", value: geo() }).unwrap();
    let back: Borrowing<'_, Geo> = msgpack_core::from_slice(&bytes).unwrap();
    assert_eq!(back.value, geo());
    let start = bytes.as_ptr() as usize;
    let at = back.text.as_ptr() as usize;
    assert!(at >= start && at < start + bytes.len(), "the &str points into the input");
    // Errors carry the path through the serde part.
    let mut bad = msgpack_core::from_slice::<msgpack_core::Value>(&bytes).unwrap();
    if let msgpack_core::Value::Map(entries) = &mut bad
        && let msgpack_core::Value::Map(geo) = &mut entries[1].1
    {
        geo[0].1 = msgpack_core::Value::from("north");
    }
    let err = msgpack_core::from_slice::<Borrowing<'_, Geo>>(&msgpack_core::to_vec(&bad).unwrap()).unwrap_err();
    assert!(err.to_string().contains("$.value.lat"), "{err}");
}
