//! The schema exports from outside the crate: the JSON Schema parses as JSON
//! (serde_json), every `$ref` names a definition and every definition is
//! referred to, output is deterministic, names and strings are escaped; the
//! msgspec source names every class it uses. (`python/msgspec_roundtrip.py`
//! runs generated modules against msgspec itself; the unit tests in
//! `src/json_schema/tests.rs` and `src/msgspec/tests.rs`
//! check each shape's output.)

use std::collections::{BTreeMap, BTreeSet, HashMap};

use msgpack_core::schema::Schema;
use msgpack_core::{MsgPack, Timestamp, Value};
use msgpack_schema::{json_schema, msgspec};
// W1's tree, as `msgpack-bench` uses it (`msgpack-testdata`, the one
// definition of the workspace).
use msgpack_testdata::w1::Node;
use serde_json::Value as Json;

#[derive(MsgPack)]
#[msgpack(array)]
struct Point {
    x: i32,
    #[msgpack(default)]
    y: Option<i32>,
}

#[derive(MsgPack)]
struct Page {
    page: u32,
}

#[derive(MsgPack)]
#[msgpack(untagged)]
enum Label {
    Off,
    Code(u16),
    Text(String),
}

#[derive(MsgPack)]
#[msgpack(tag = "t", content = "c")]
enum Cmd {
    Stop,
    Go(Point),
}

#[derive(MsgPack)]
struct Tree<T> {
    value: T,
    kids: Vec<Tree<T>>,
}

#[derive(MsgPack)]
struct Compact {
    #[msgpack(key = 1)]
    id: u32,
}

/// Reaches every kind of shape.
#[derive(MsgPack)]
#[msgpack(deny_unknown_fields)]
struct Everything {
    #[msgpack(rename = "quote\"back\\slash\nnew\u{1}é")]
    odd: bool,
    tree: Node,
    points: Vec<Point>,
    #[msgpack(flatten)]
    page: Page,
    labels: HashMap<String, Label>,
    cmd: Cmd,
    ints: Tree<u8>,
    bools: Tree<bool>,
    compact: Compact,
    when: Timestamp,
    raw: Vec<u8>,
    fixed: [u8; 5],
    value: Value,
    by_int: BTreeMap<u16, f32>,
    pair: (char, f64),
}

fn parse<T: Schema + ?Sized>() -> Json {
    let text = json_schema::<T>();
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}:\n{text}"))
}

fn refs(j: &Json, out: &mut Vec<String>) {
    match j {
        Json::Object(m) => {
            for (k, v) in m {
                match (k.as_str(), v) {
                    ("$ref", Json::String(r)) => out.push(r.clone()),
                    _ => refs(v, out),
                }
            }
        }
        Json::Array(a) => a.iter().for_each(|v| refs(v, out)),
        _ => {}
    }
}

/// Every `$ref` names a definition, every definition is named by one.
fn check_refs(doc: &Json) -> BTreeSet<String> {
    let mut found = Vec::new();
    refs(doc, &mut found);
    let defs: BTreeSet<String> =
        doc.get("$defs").and_then(Json::as_object).map(|d| d.keys().cloned().collect()).unwrap_or_default();
    let used: BTreeSet<String> = found
        .iter()
        .map(|r| r.strip_prefix("#/$defs/").unwrap_or_else(|| panic!("a $ref outside $defs: {r}")).to_string())
        .collect();
    assert_eq!(used, defs, "definitions and references differ");
    defs
}

#[test]
fn json_schema_documents_parse_and_refer_to_their_definitions() {
    for doc in [parse::<Node>(), parse::<Everything>(), parse::<Vec<Tree<Point>>>(), parse::<u8>()] {
        assert_eq!(doc["$schema"], "https://json-schema.org/draft/2020-12/schema");
        check_refs(&doc);
    }
    let defs = check_refs(&parse::<Everything>());
    let expected = ["Cmd", "Compact", "Everything", "Label", "Node", "Permissions", "Point", "Tree", "Tree2"];
    assert_eq!(defs, expected.iter().map(|s| s.to_string()).collect());
}

#[test]
fn json_schema_escapes_strings() {
    let doc = parse::<Everything>();
    let props = doc["$defs"]["Everything"]["properties"].as_object().unwrap();
    assert!(props.contains_key("quote\"back\\slash\nnew\u{1}é"));
    assert!(json_schema::<Everything>().contains(r#""quote\"back\\slash\nnew\u0001é": {"#));
    // The flattened struct's field is the struct's own.
    assert!(props.contains_key("page"));
    assert_eq!(doc["$defs"]["Everything"]["additionalProperties"], false);
}

#[test]
fn json_schema_is_deterministic() {
    let a = json_schema::<Everything>();
    assert_eq!(a, json_schema::<Everything>());
    assert!(a.ends_with("}\n"));
    // Definitions in the order they are first referred to.
    let order: Vec<&str> =
        ["\"Everything\": {", "\"Node\": {", "\"Point\": {", "\"Label\": {", "\"Cmd\": {"].into_iter().collect();
    let at: Vec<usize> = order.iter().map(|k| a.find(k).unwrap_or_else(|| panic!("{k}"))).collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "{at:?}");
}

#[test]
fn msgspec_source_defines_what_it_uses() {
    let py = msgspec::<Node>().unwrap();
    for name in ["File", "Directory", "Permissions"] {
        assert!(py.contains(&format!("\nclass {name}(")), "{name}:\n{py}");
    }
    assert!(py.contains("\nNode = Union[File, Directory]\n"));
    assert!(py.ends_with("\nROOT = Node\n"));
    // Names in annotations resolve: every capitalised word in a field's type
    // is a class, a union, or a name of the module's imports.
    let defined: BTreeSet<&str> = py
        .lines()
        .filter_map(|l| {
            l.strip_prefix("class ")
                .map(|c| c.split('(').next().unwrap())
                .or_else(|| l.split_once(" = ").map(|(n, _)| n))
        })
        .chain(["Optional", "Union", "Annotated", "Any"])
        .collect();
    for line in py.lines().filter(|l| l.starts_with("    ") && l.contains(": ") && !l.contains("\"\"\"")) {
        let ty = line.split_once(": ").unwrap().1.split(" = ").next().unwrap();
        for word in ty.split(|c: char| !c.is_alphanumeric() && c != '_' && c != '.') {
            if word.starts_with(|c: char| c.is_ascii_uppercase()) {
                assert!(defined.contains(word), "{word} in {line:?} is not defined");
            }
        }
    }
}

#[test]
fn msgspec_refuses_what_it_cannot_express() {
    let err = msgspec::<Everything>().unwrap_err();
    // Problems are reported in definition order: `Everything`'s own fields
    // (the `f32` values of `by_int`) come before `Cmd` and `Compact`.
    assert_eq!((err.type_name(), err.field()), ("Everything", Some("by_int")));
    assert!(err.to_string().contains("f32"), "{err}");
    let err = msgspec::<Cmd>().unwrap_err();
    assert_eq!((err.type_name(), err.variant()), ("Cmd", Some("Stop")));
    let err = msgspec::<Compact>().unwrap_err();
    assert_eq!(err.reason(), "an integer key (1): msgspec Struct fields have string names");
    let boxed: Box<dyn std::error::Error> = Box::new(err);
    assert!(boxed.to_string().starts_with("msgspec cannot express Compact, field \"id\""));
}

#[test]
fn msgspec_escapes_renamed_keys() {
    #[derive(MsgPack)]
    struct Odd {
        #[msgpack(rename = "quote\"back\\slash\nnew\u{1}é")]
        odd: bool,
    }
    let py = msgspec::<Odd>().unwrap();
    assert!(py.contains(r#"    odd: bool = msgspec.field(name="quote\"back\\slash\nnew\x01\xe9")"#), "{py}");
}
