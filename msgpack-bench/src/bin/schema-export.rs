//! Writes the schema exports of W1 (and of a showcase type that reaches
//! most shapes) with sample messages, for `python/msgspec_roundtrip.py`
//! to check against msgspec itself.
//!
//! ```sh
//! cargo run --release -p msgpack-bench --bin schema-export -- --out target/schema-export
//! target/py-venv/bin/python python/msgspec_roundtrip.py target/schema-export
//! ```
//!
//! Into `--out DIR` (created if needed):
//!
//! - `w1_types.py`: `msgpack_schema::msgspec::<Node>()`, the W1 tree's
//!   classes; `w1_schema.json`: `msgpack_schema::json_schema::<Node>()`;
//! - `w1-100.msgpack`, `w1-1000.msgpack`, `w1-10000.msgpack`: the W1 trees
//!   of the runner's cases (`msgpack_bench::w1::generate`, encoded with
//!   `msgpack_core::to_vec`, the canonical bytes the runner times);
//! - `showcase_types.py`, `showcase_schema.json`, `showcase-1.msgpack`...:
//!   the same for [`Showcase`], defined here, whose fields reach the other
//!   shapes the msgspec export supports (array form, tuple and unit structs,
//!   a newtype, `rename`, `rename_all`, `deny_unknown_fields`,
//!   `omit_defaults` with several kinds of defaults, `flatten`, unit enums
//!   with string and integer tags, an internally tagged enum with struct,
//!   newtype and unit variants, an untagged enum, bin, fixed-length bin,
//!   ext, timestamp, `char`, `Value`, maps, tuples, options).
//!
//! `--quick` leaves out the 10,000-node tree.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use msgpack_core::ext::Ext;
use msgpack_core::schema::Schema;
use msgpack_core::{Encode, MsgPack, Timestamp, Value};
use msgpack_schema::{json_schema, msgspec};

const USAGE: &str = "usage: schema-export --out DIR [--quick]";

/// A unit enum written as strings (one with an alias, read only).
#[derive(MsgPack)]
#[msgpack(rename_all = "lowercase")]
enum Color {
    Red,
    Green,
    #[msgpack(alias = "grey")]
    Gray,
}

/// A unit enum written as integers.
#[derive(MsgPack, PartialEq, Eq, PartialOrd, Ord)]
enum Level {
    Low = 1,
    High = 10,
}

/// Array form, a trailing field with a default.
#[derive(MsgPack)]
#[msgpack(array)]
struct Point {
    x: i32,
    y: i32,
    #[msgpack(default)]
    z: Option<i32>,
}

/// A tuple struct.
#[derive(MsgPack)]
struct Rgb(u8, u8, u8);

/// A unit struct.
#[derive(MsgPack)]
struct Marker;

/// A newtype.
#[derive(MsgPack)]
struct Meters(f64);

/// Flattened into [`Showcase`]; always written (no `omit_defaults` here).
#[derive(MsgPack)]
struct Audit {
    created_by: String,
    #[msgpack(default)]
    revision: u32,
}

/// The struct of a newtype variant of an internally tagged enum.
#[derive(MsgPack)]
struct Polygon {
    points: Vec<Point>,
    #[msgpack(default)]
    closed: bool,
}

/// Internally tagged: struct, newtype and unit variants.
#[derive(MsgPack)]
#[msgpack(tag = "kind", rename_all = "snake_case")]
enum Figure {
    Circle { center: Point, radius: Meters },
    Polygon(Polygon),
    Empty,
}

/// Untagged, told apart by MessagePack type.
#[derive(MsgPack)]
#[msgpack(untagged)]
enum Label {
    Off,
    Code(u16),
    Text(String),
    Pos(Point),
}

/// Reaches most shapes the msgspec export supports.
#[derive(MsgPack)]
#[msgpack(omit_defaults, deny_unknown_fields, rename_all = "camelCase")]
struct Showcase {
    #[msgpack(rename = "id")]
    showcase_id: u64,
    title: String,
    #[msgpack(default)]
    tags: Vec<String>,
    subtitle: Option<String>,
    #[msgpack(default)]
    score: f64,
    #[msgpack(default)]
    meta: BTreeMap<String, i64>,
    color: Color,
    levels: BTreeMap<Level, bool>,
    figures: Vec<Figure>,
    labels: Vec<Label>,
    swatch: Rgb,
    marker: Marker,
    thumbnail: Vec<u8>,
    digest: [u8; 4],
    created: Timestamp,
    attachment: Ext,
    initial: char,
    extra: Value,
    pair: (bool, i8),
    #[msgpack(flatten)]
    audit: Audit,
}

fn showcases() -> Vec<Showcase> {
    let point = |x, y, z| Point { x, y, z };
    vec![
        Showcase {
            showcase_id: 1,
            title: "defaults left out".into(),
            tags: vec![],
            subtitle: None,
            score: 0.0,
            meta: BTreeMap::new(),
            color: Color::Red,
            levels: BTreeMap::new(),
            figures: vec![Figure::Empty],
            labels: vec![],
            swatch: Rgb(0, 0, 0),
            marker: Marker,
            thumbnail: vec![],
            digest: [0; 4],
            created: Timestamp::new(0, 0).expect("a valid timestamp"),
            attachment: Ext::new(1, vec![]),
            initial: 'a',
            extra: Value::Nil,
            pair: (false, 0),
            audit: Audit { created_by: "ada".into(), revision: 0 },
        },
        Showcase {
            showcase_id: u64::MAX,
            title: "every field set: é, \u{1F600}".into(),
            tags: vec!["a".into(), "b".into()],
            subtitle: Some("sub".into()),
            score: -1.5,
            meta: BTreeMap::from([("k".into(), i64::MIN), ("l".into(), 7)]),
            color: Color::Gray,
            levels: BTreeMap::from([(Level::Low, true), (Level::High, false)]),
            figures: vec![
                Figure::Circle { center: point(1, -2, None), radius: Meters(0.5) },
                Figure::Polygon(Polygon { points: vec![point(0, 0, Some(3)), point(4, 5, None)], closed: true }),
                Figure::Empty,
            ],
            labels: vec![Label::Off, Label::Code(65535), Label::Text("t".into()), Label::Pos(point(7, 8, Some(9)))],
            swatch: Rgb(255, 128, 0),
            marker: Marker,
            thumbnail: vec![0, 1, 2, 255],
            digest: [0xde, 0xad, 0xbe, 0xef],
            // msgspec's datetime keeps microseconds: whole microseconds only.
            created: Timestamp::new(1_700_000_000, 123_456_000).expect("a valid timestamp"),
            attachment: Ext::new(42, vec![1, 2, 3]),
            initial: '\u{1F600}',
            extra: Value::Map(vec![
                (Value::from("list"), Value::Array(vec![Value::from(1), Value::from(-1), Value::F64(2.5)])),
                (Value::from("bin"), Value::Bin(vec![9])),
            ]),
            pair: (true, -128),
            audit: Audit { created_by: "grace".into(), revision: 3 },
        },
    ]
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("schema-export: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), String> {
    let mut out: Option<PathBuf> = None;
    let mut quick = false;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--out" => out = Some(args.next().ok_or(USAGE)?.into()),
            "--quick" => quick = true,
            "-h" | "--help" => {
                println!("{USAGE}");
                return Ok(());
            }
            other => return Err(format!("unknown argument {other:?}\n{USAGE}")),
        }
    }
    let dir = out.ok_or(USAGE)?;
    std::fs::create_dir_all(&dir).map_err(|e| format!("creating {}: {e}", dir.display()))?;

    let mut written = Vec::new();
    exports::<msgpack_bench::w1::Node>(&dir, "w1", &mut written)?;
    for n in msgpack_bench::w1::SIZES.into_iter().filter(|&n| !quick || n < 10_000) {
        message(&dir, &format!("w1-{n}.msgpack"), &msgpack_bench::w1::generate(n), &mut written)?;
    }
    exports::<Showcase>(&dir, "showcase", &mut written)?;
    for (i, s) in showcases().iter().enumerate() {
        message(&dir, &format!("showcase-{}.msgpack", i + 1), s, &mut written)?;
    }
    eprintln!("schema-export: wrote {} to {}", written.join(", "), dir.display());
    Ok(())
}

/// `{prefix}_types.py` and `{prefix}_schema.json`.
fn exports<T: Schema + ?Sized>(dir: &Path, prefix: &str, written: &mut Vec<String>) -> Result<(), String> {
    let py = msgspec::<T>().map_err(|e| e.to_string())?;
    write(dir, &format!("{prefix}_types.py"), py.as_bytes(), written)?;
    write(dir, &format!("{prefix}_schema.json"), json_schema::<T>().as_bytes(), written)
}

fn message<T: Encode>(dir: &Path, name: &str, value: &T, written: &mut Vec<String>) -> Result<(), String> {
    let bytes = msgpack_core::to_vec(value).map_err(|e| format!("encoding {name}: {e}"))?;
    write(dir, name, &bytes, written)
}

fn write(dir: &Path, name: &str, bytes: &[u8], written: &mut Vec<String>) -> Result<(), String> {
    std::fs::write(dir.join(name), bytes).map_err(|e| format!("writing {name}: {e}"))?;
    written.push(name.to_string());
    Ok(())
}
