//! W7: GeoJSON polygons, a document of `f64` pairs (local addition from the
//! performance issue; the shape of `canada.json` in serde-rs/json-benchmark,
//! the public JSON benchmark file that is one country's outline).
//!
//! A `FeatureCollection` of features, each with a name and a `Polygon`
//! geometry whose `coordinates` are rings of `(longitude, latitude)` pairs:
//! `Vec<Vec<(f64, f64)>>`, a few hundred thousand points in all. Almost
//! every byte is a `float 64`, in arrays of two: the data that made our
//! encode trail zerompk in an independent check (0.51x in map form, 0.56x
//! in array form, into a reused buffer).
//!
//! # Rows
//!
//! - `ours: derive (array)` (canonical: every struct `#[msgpack(array)]`),
//!   `ours: derive` (map form, keys `type`, `features`, `properties`,
//!   `name`, `geometry`, `coordinates`, as GeoJSON writes them);
//! - `zerompk` (its array form: the same bytes) and `zerompk (map)` (a twin
//!   with zerompk's own `#[msgpack(map)]` and `key = "type"`; the same
//!   bytes as our map form);
//! - `ours: serde path`, `rmp-serde (compact)` (the canonical bytes),
//!   `ours: serde path (named)`, `rmp-serde (named)` (the map form's);
//! - `msgpacker` (its struct layout: no headers);
//! - the floors `memcpy` and `skip`.

use std::rc::Rc;

use msgpack_core::MsgPack;

use crate::harness::{Case, Workload, names};
use crate::rows;
use crate::w5::SplitMix64;

/// Features, rings per feature, and the range of points per ring, full size:
/// 8 features of 48 rings of 400 to 900 points (about 250,000 points).
const FULL: (usize, usize, i64, i64) = (8, 48, 400, 900);
/// The same, `--quick`: 2 features of 4 rings of 100 to 300 points.
const QUICK: (usize, usize, i64, i64) = (2, 4, 100, 300);
/// The generator's seed.
const SEED: u64 = 7;

/// Feature names, picked in turn.
const NAMES: [&str; 8] = ["Canada", "Chile", "Norway", "Japan", "Indonesia", "Greece", "Philippines", "Scotland"];

/// Why the map-form rows are not the canonical bytes.
const MAP_FORM: &str = "map form: structs as maps keyed by their GeoJSON names (rmp_serde::to_vec_named); the same \
                        bytes in every map-form row";
/// Why msgpacker's row is not the canonical bytes.
const MSGPACKER_LAYOUT: &str = "msgpacker's derive writes a struct as its fields' values back to back, with no array \
                                header";

/// Declares the array-form structs: every crate's derive (ours, serde,
/// zerompk, msgpacker) on one type, as W5 does.
macro_rules! geo_structs {
    ($($(#[$meta:meta])* pub struct $name:ident { $($body:tt)* })*) => {$(
        $(#[$meta])*
        #[derive(
            ::msgpack_core::MsgPack,
            ::serde::Serialize,
            ::serde::Deserialize,
            ::zerompk::ToMessagePack,
            ::zerompk::FromMessagePack,
            ::msgpacker::MsgPacker,
            Debug,
            Clone,
            PartialEq,
        )]
        #[msgpack(array)]
        pub struct $name { $($body)* }
    )*};
}

geo_structs! {
    /// The document: `{"type": "FeatureCollection", "features": [..]}`.
    pub struct FeatureCollection {
        #[serde(rename = "type")]
        kind: String,
        features: Vec<Feature>,
    }

    /// One feature: its properties and its outline.
    pub struct Feature {
        #[serde(rename = "type")]
        kind: String,
        properties: Properties,
        geometry: Geometry,
    }

    /// A feature's properties.
    pub struct Properties {
        name: String,
    }

    /// A `Polygon`: rings of `(longitude, latitude)` pairs.
    pub struct Geometry {
        #[serde(rename = "type")]
        kind: String,
        coordinates: Vec<Vec<(f64, f64)>>,
    }
}

/// Map-form twins for our derive (GeoJSON's keys).
pub mod ours_map {
    use super::MsgPack;

    /// The document.
    #[derive(MsgPack, Debug, Clone, PartialEq)]
    #[msgpack(map)]
    pub struct FeatureCollection {
        #[msgpack(rename = "type")]
        kind: String,
        features: Vec<Feature>,
    }

    /// One feature.
    #[derive(MsgPack, Debug, Clone, PartialEq)]
    #[msgpack(map)]
    pub struct Feature {
        #[msgpack(rename = "type")]
        kind: String,
        properties: Properties,
        geometry: Geometry,
    }

    /// A feature's properties.
    #[derive(MsgPack, Debug, Clone, PartialEq)]
    #[msgpack(map)]
    pub struct Properties {
        name: String,
    }

    /// A `Polygon`.
    #[derive(MsgPack, Debug, Clone, PartialEq)]
    #[msgpack(map)]
    pub struct Geometry {
        #[msgpack(rename = "type")]
        kind: String,
        coordinates: Vec<Vec<(f64, f64)>>,
    }

    impl From<&super::FeatureCollection> for FeatureCollection {
        fn from(c: &super::FeatureCollection) -> Self {
            let features = c
                .features
                .iter()
                .map(|f| Feature {
                    kind: f.kind.clone(),
                    properties: Properties { name: f.properties.name.clone() },
                    geometry: Geometry { kind: f.geometry.kind.clone(), coordinates: f.geometry.coordinates.clone() },
                })
                .collect();
            FeatureCollection { kind: c.kind.clone(), features }
        }
    }
}

/// Map-form twins for zerompk's derive (its `key = "..."` names a field).
pub mod zerompk_map {
    /// The document.
    #[derive(zerompk::ToMessagePack, zerompk::FromMessagePack, Debug, Clone, PartialEq)]
    #[msgpack(map)]
    pub struct FeatureCollection {
        #[msgpack(key = "type")]
        kind: String,
        features: Vec<Feature>,
    }

    /// One feature.
    #[derive(zerompk::ToMessagePack, zerompk::FromMessagePack, Debug, Clone, PartialEq)]
    #[msgpack(map)]
    pub struct Feature {
        #[msgpack(key = "type")]
        kind: String,
        properties: Properties,
        geometry: Geometry,
    }

    /// A feature's properties.
    #[derive(zerompk::ToMessagePack, zerompk::FromMessagePack, Debug, Clone, PartialEq)]
    #[msgpack(map)]
    pub struct Properties {
        name: String,
    }

    /// A `Polygon`.
    #[derive(zerompk::ToMessagePack, zerompk::FromMessagePack, Debug, Clone, PartialEq)]
    #[msgpack(map)]
    pub struct Geometry {
        #[msgpack(key = "type")]
        kind: String,
        coordinates: Vec<Vec<(f64, f64)>>,
    }

    impl From<&super::FeatureCollection> for FeatureCollection {
        fn from(c: &super::FeatureCollection) -> Self {
            let features = c
                .features
                .iter()
                .map(|f| Feature {
                    kind: f.kind.clone(),
                    properties: Properties { name: f.properties.name.clone() },
                    geometry: Geometry { kind: f.geometry.kind.clone(), coordinates: f.geometry.coordinates.clone() },
                })
                .collect();
            FeatureCollection { kind: c.kind.clone(), features }
        }
    }
}

/// The workload.
///
/// ```
/// let w = msgpack_bench::w7::workload();
/// assert_eq!(w.id, "W7");
/// let quick = (w.cases)(true);
/// assert_eq!(quick[0].name, "polygons");
/// ```
pub fn workload() -> Workload {
    Workload {
        id: "W7",
        title: "GeoJSON polygons: rings of f64 pairs",
        source: "the shape of canada.json (serde-rs/json-benchmark), local addition",
        cases: |quick| vec![case(quick)],
    }
}

/// The document at full or quick size (see `WORKLOADS.md`, section W7):
/// for each feature, its name, a centre (`range(-180, 170)`,
/// `range(-80, 70)` degrees), then per ring `range(lo, hi)` points, each
/// `(centre_lon + 10 f64(), centre_lat + 10 f64())`.
///
/// ```
/// let doc = msgpack_bench::w7::data(true);
/// let bytes = msgpack_core::to_vec(&doc).unwrap();
/// assert_eq!(msgpack_core::from_slice::<msgpack_bench::w7::FeatureCollection>(&bytes).unwrap(), doc);
/// ```
pub fn data(quick: bool) -> FeatureCollection {
    let (features, rings, lo, hi) = if quick { QUICK } else { FULL };
    let mut rng = SplitMix64::new(SEED);
    let features = (0..features)
        .map(|i| {
            let lon = rng.range(-180, 170) as f64;
            let lat = rng.range(-80, 70) as f64;
            let coordinates = (0..rings)
                .map(|_| {
                    let n = rng.range(lo, hi) as usize;
                    (0..n).map(|_| (lon + 10.0 * rng.f64(), lat + 10.0 * rng.f64())).collect()
                })
                .collect();
            Feature {
                kind: "Feature".into(),
                properties: Properties { name: NAMES[i % NAMES.len()].into() },
                geometry: Geometry { kind: "Polygon".into(), coordinates },
            }
        })
        .collect();
    FeatureCollection { kind: "FeatureCollection".into(), features }
}

/// The number of points in a document.
///
/// ```
/// assert!(msgpack_bench::w7::points(&msgpack_bench::w7::data(true)) > 500);
/// ```
pub fn points(doc: &FeatureCollection) -> usize {
    doc.features.iter().flat_map(|f| &f.geometry.coordinates).map(Vec::len).sum()
}

/// The case `polygons`.
fn case(quick: bool) -> Case {
    let doc = Rc::new(data(quick));
    let n = points(&doc);
    let ours_map = ours_map::FeatureCollection::from(&*doc);
    let zerompk_map = zerompk_map::FeatureCollection::from(&*doc);
    let canonical = msgpack_core::to_vec(&*doc).expect("a W7 document always encodes");
    let mut case = Case::new("W7", "polygons", canonical)
        .items("point", n as u64)
        .numeric_floor()
        .row(rows::ours::<FeatureCollection>(names::DERIVE_ARRAY, Rc::clone(&doc)))
        .row(rows::ours::<ours_map::FeatureCollection>(names::DERIVE, ours_map).differs(MAP_FORM))
        .row(rows::zerompk::<FeatureCollection>(names::ZEROMPK, Rc::clone(&doc)))
        .row(rows::zerompk::<zerompk_map::FeatureCollection>(ZEROMPK_MAP, zerompk_map).differs(MAP_FORM))
        .row(rows::serde_path::<FeatureCollection>(names::SERDE_PATH, Rc::clone(&doc)))
        .row(rows::serde_path_named::<FeatureCollection>(names::SERDE_PATH_NAMED, Rc::clone(&doc)).differs(MAP_FORM))
        .row(rows::serde_compact::<FeatureCollection>(names::RMP_SERDE_COMPACT, Rc::clone(&doc)))
        .row(rows::serde_named::<FeatureCollection>(names::RMP_SERDE_NAMED, Rc::clone(&doc)).differs(MAP_FORM))
        .row(rows::msgpacker::<FeatureCollection>(names::MSGPACKER, doc).differs(MSGPACKER_LAYOUT))
        .with_limits();
    if !quick {
        case = case.show_peak();
    }
    case
}

/// zerompk's map-form row.
const ZEROMPK_MAP: &str = "zerompk (map)";
