//! Every shape kind, parsed back with serde_json and compared as values.

use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::vec::Vec;

use serde_json::{Value as Json, json};

use msgpack_core::MsgPack;
use msgpack_core::schema::{IntShape, Schema, Shape, ShapeRef};

fn doc<T: Schema + ?Sized>() -> Json {
    let text = super::json_schema::<T>();
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// The schema of `T` without the `$schema` line (and the definitions).
fn root<T: Schema + ?Sized>() -> Json {
    let mut d = doc::<T>();
    let map = d.as_object_mut().unwrap();
    assert_eq!(map.remove("$schema"), Some(json!("https://json-schema.org/draft/2020-12/schema")));
    map.remove("$defs");
    d
}

fn def<T: Schema + ?Sized>(name: &str) -> Json {
    doc::<T>()["$defs"][name].clone()
}

fn nonfinite() -> Json {
    json!({"type": "object", "properties": {"$float": {"enum": ["NaN", "Infinity", "-Infinity"]}}, "required": ["$float"], "additionalProperties": false})
}

fn bin() -> Json {
    json!({"type": "object", "properties": {"$bin": {"type": "string", "contentEncoding": "base64"}}, "required": ["$bin"], "additionalProperties": false})
}

#[test]
fn leaves() {
    assert_eq!(root::<msgpack_core::Value>(), json!({}));
    assert_eq!(root::<()>(), json!({"type": "null"}));
    assert_eq!(root::<bool>(), json!({"type": "boolean"}));
    assert_eq!(root::<u8>(), json!({"type": "integer", "minimum": 0, "maximum": 255}));
    assert_eq!(root::<i64>(), json!({"type": "integer", "minimum": i64::MIN, "maximum": i64::MAX}));
    assert_eq!(root::<u64>(), json!({"type": "integer", "minimum": 0, "maximum": u64::MAX}));
    assert_eq!(
        root::<core::num::NonZeroI8>(),
        json!({"type": "integer", "minimum": -128, "maximum": 127, "not": {"const": 0}})
    );
    assert_eq!(root::<f32>(), json!({"anyOf": [{"type": "number"}, nonfinite()], "x-msgpack": {"type": "float32"}}));
    assert_eq!(root::<f64>(), json!({"anyOf": [{"type": "number"}, nonfinite()], "x-msgpack": {"type": "float64"}}));
    assert_eq!(root::<String>(), json!({"type": "string"}));
    assert_eq!(root::<char>(), json!({"type": "string", "minLength": 1, "maxLength": 1}));
}

#[test]
fn bin_ext_timestamp() {
    let mut borrowed = bin();
    borrowed["x-msgpack"] = json!({"type": "bin"});
    assert_eq!(root::<&[u8]>(), borrowed);
    let ints = json!({"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 255}});
    assert_eq!(root::<Vec<u8>>(), json!({"anyOf": [bin(), ints], "x-msgpack": {"type": "bin", "from_array": true}}));
    let fixed = root::<[u8; 16]>();
    assert_eq!(
        fixed["anyOf"][0]["properties"]["$bin"]["pattern"],
        json!("^(?:[A-Za-z0-9+/]{4}){5}[A-Za-z0-9+/]{2}==$")
    );
    assert_eq!(root::<[u8; 0]>()["anyOf"][0]["properties"]["$bin"]["pattern"], json!("^$"));
    assert_eq!(root::<[u8; 2]>()["anyOf"][0]["properties"]["$bin"]["pattern"], json!("^[A-Za-z0-9+/]{3}=$"));
    assert_eq!(root::<[u8; 3]>()["anyOf"][0]["properties"]["$bin"]["pattern"], json!("^(?:[A-Za-z0-9+/]{4}){1}$"));
    assert_eq!(fixed["x-msgpack"], json!({"type": "bin", "len": 16, "from_array": true}));
    assert_eq!(fixed["anyOf"][1]["minItems"], json!(16));

    let ts = json!({"type": "object", "properties": {"$timestamp": {"type": "string"}}, "required": ["$timestamp"], "additionalProperties": false});
    let mut annotated = ts.clone();
    annotated["x-msgpack"] = json!({"type": "timestamp"});
    assert_eq!(root::<msgpack_core::Timestamp>(), annotated);

    struct Ext5;
    impl Schema for Ext5 {
        const SHAPE: ShapeRef = ShapeRef::new(&Shape::Ext { type_code: Some(5) });
    }
    let ext = |code: Json| {
        json!({"type": "object", "properties": {"$ext": {
            "type": "object",
            "properties": {"type": code, "data": {"type": "string", "contentEncoding": "base64"}},
            "required": ["type", "data"],
            "additionalProperties": false,
        }}, "required": ["$ext"], "additionalProperties": false})
    };
    let mut five = ext(json!({"const": 5}));
    five["x-msgpack"] = json!({"type": "ext", "code": 5});
    assert_eq!(root::<Ext5>(), five);
    assert_eq!(
        root::<msgpack_core::ext::Ext>(),
        json!({"anyOf": [ext(json!({"type": "integer", "minimum": -128, "maximum": 127})), ts], "x-msgpack": {"type": "ext"}})
    );
}

#[test]
fn containers() {
    assert_eq!(root::<Option<bool>>(), json!({"anyOf": [{"type": "boolean"}, {"type": "null"}]}));
    assert_eq!(root::<Vec<bool>>(), json!({"type": "array", "items": {"type": "boolean"}}));
    assert_eq!(
        root::<[bool; 3]>(),
        json!({"type": "array", "items": {"type": "boolean"}, "minItems": 3, "maxItems": 3})
    );
    assert_eq!(
        root::<(bool, String)>(),
        json!({"type": "array", "prefixItems": [{"type": "boolean"}, {"type": "string"}], "items": false, "minItems": 2, "maxItems": 2})
    );
    assert_eq!(root::<core::marker::PhantomData<u8>>(), json!({"type": "array", "maxItems": 0}));
    assert_eq!(
        root::<BTreeMap<String, bool>>(),
        json!({"type": "object", "additionalProperties": {"type": "boolean"}})
    );
    assert_eq!(root::<BTreeMap<String, msgpack_core::Value>>(), json!({"type": "object"}));
    assert_eq!(
        root::<BTreeMap<char, bool>>(),
        json!({"type": "object", "propertyNames": {"type": "string", "minLength": 1, "maxLength": 1}, "additionalProperties": {"type": "boolean"}})
    );
    // Integer keys print as `$map` pairs (or `{}` when empty).
    let pairs = json!({"type": "object", "properties": {"$map": {"type": "array", "items": {
        "type": "array",
        "prefixItems": [{"type": "integer", "minimum": 0, "maximum": 255}, {"type": "boolean"}],
        "items": false,
        "minItems": 2,
    }}}, "required": ["$map"], "additionalProperties": false});
    assert_eq!(root::<BTreeMap<u8, bool>>(), json!({"anyOf": [{"type": "object", "maxProperties": 0}, pairs]}));
    // A key that may be either: both forms.
    let any_keys = root::<BTreeMap<msgpack_core::Value, bool>>();
    assert_eq!(
        any_keys["anyOf"][0],
        json!({"type": "object", "propertyNames": {}, "additionalProperties": {"type": "boolean"}})
    );
    assert_eq!(any_keys["anyOf"][1]["required"], json!(["$map"]));
}

mod structs {
    use super::*;

    #[derive(MsgPack)]
    pub(super) struct User {
        id: u32,
        #[msgpack(rename = "n", alias = "name")]
        name: String,
        email: Option<String>,
        #[msgpack(default)]
        tags: Vec<String>,
        #[msgpack(alias = "old")]
        score: u8,
    }

    #[test]
    fn map_form() {
        let tags = json!({"type": "array", "items": {"type": "string"}});
        assert_eq!(
            def::<User>("User"),
            json!({
                "type": "object",
                "properties": {
                    "id": {"type": "integer", "minimum": 0, "maximum": 4294967295u32},
                    "n": {"type": "string"},
                    "name": {"type": "string", "x-msgpack": {"alias_of": "n"}},
                    "email": {"anyOf": [{"type": "string"}, {"type": "null"}]},
                    "tags": tags,
                    "score": {"type": "integer", "minimum": 0, "maximum": 255},
                    "old": {"type": "integer", "minimum": 0, "maximum": 255, "x-msgpack": {"alias_of": "score"}},
                },
                "required": ["id"],
                "allOf": [
                    {"anyOf": [{"required": ["n"]}, {"required": ["name"]}]},
                    {"anyOf": [{"required": ["score"]}, {"required": ["old"]}]},
                ],
            })
        );
        assert_eq!(root::<User>(), json!({"title": "User", "$ref": "#/$defs/User"}));
    }

    #[derive(MsgPack)]
    #[msgpack(deny_unknown_fields)]
    struct Strict {
        a: bool,
    }

    #[test]
    fn deny_unknown_fields() {
        assert_eq!(
            def::<Strict>("Strict"),
            json!({"type": "object", "properties": {"a": {"type": "boolean"}}, "required": ["a"], "additionalProperties": false})
        );
    }

    #[derive(MsgPack)]
    struct Page {
        page: u32,
        #[msgpack(default)]
        per_page: u32,
    }

    #[derive(MsgPack)]
    struct Query {
        q: String,
        #[msgpack(flatten)]
        paging: Page,
        #[msgpack(flatten)]
        rest: BTreeMap<String, bool>,
    }

    #[test]
    fn flatten() {
        let d = doc::<Query>();
        assert_eq!(
            d["$defs"]["Query"],
            json!({
                "type": "object",
                "properties": {
                    "q": {"type": "string"},
                    "page": {"type": "integer", "minimum": 0, "maximum": 4294967295u32},
                    "per_page": {"type": "integer", "minimum": 0, "maximum": 4294967295u32},
                },
                "required": ["q", "page"],
                "additionalProperties": {"type": "boolean"},
            })
        );
        // The flattened struct is not a definition of its own.
        assert_eq!(d["$defs"].as_object().unwrap().len(), 1);
    }

    #[derive(MsgPack)]
    struct Compact {
        #[msgpack(key = 1)]
        id: u32,
        #[msgpack(key = 2, default)]
        ok: bool,
    }

    #[test]
    fn integer_keys() {
        let id = json!({"type": "integer", "minimum": 0, "maximum": 4294967295u32});
        assert_eq!(
            def::<Compact>("Compact"),
            json!({
                "type": "object",
                "properties": {"$map": {
                    "type": "array",
                    "items": {
                        "type": "array",
                        "minItems": 2,
                        "maxItems": 2,
                        "anyOf": [
                            {"title": "id", "prefixItems": [{"const": 1}, id]},
                            {"title": "ok", "prefixItems": [{"const": 2}, {"type": "boolean"}]},
                            {"title": "unknown keys", "prefixItems": [{"not": {"enum": [1, 2]}}, {}]},
                        ],
                    },
                    "allOf": [{"contains": {"prefixItems": [{"const": 1}]}}],
                }},
                "required": ["$map"],
                "additionalProperties": false,
                "x-msgpack": {"keys": "int"},
            })
        );
    }

    #[derive(MsgPack)]
    #[msgpack(array)]
    struct Point {
        x: i8,
        #[msgpack(default)]
        y: Option<i8>,
    }

    #[derive(MsgPack)]
    #[msgpack(array, deny_unknown_fields)]
    struct Sprite {
        name: String,
        #[msgpack(flatten)]
        pos: Point,
        #[msgpack(default)]
        z: bool,
    }

    #[test]
    fn array_form() {
        let i8s = json!({"type": "integer", "minimum": -128, "maximum": 127});
        assert_eq!(
            def::<Point>("Point"),
            json!({
                "type": "array",
                "prefixItems": [{"title": "x", "type": "integer", "minimum": -128, "maximum": 127}, {"title": "y", "anyOf": [i8s, {"type": "null"}]}],
                "minItems": 1,
                "x-msgpack": {"form": "array"},
            })
        );
        let sprite = def::<Sprite>("Sprite");
        let titles: Vec<&str> =
            sprite["prefixItems"].as_array().unwrap().iter().map(|i| i["title"].as_str().unwrap()).collect();
        assert_eq!(titles, ["name", "x", "y", "z"]);
        // The flattened struct's elements are all needed.
        assert_eq!((&sprite["minItems"], &sprite["maxItems"], &sprite["items"]), (&json!(3), &json!(4), &json!(false)));
    }

    #[derive(MsgPack)]
    struct Pair(u8, bool);

    #[derive(MsgPack)]
    struct Marker;

    #[derive(MsgPack)]
    struct Meters(f64);

    #[test]
    fn tuple_unit_newtype() {
        assert_eq!(
            def::<Pair>("Pair"),
            json!({"type": "array", "prefixItems": [{"type": "integer", "minimum": 0, "maximum": 255}, {"type": "boolean"}], "items": false, "minItems": 2, "maxItems": 2})
        );
        assert_eq!(def::<Marker>("Marker"), json!({"type": ["array", "null"], "maxItems": 0}));
        assert_eq!(def::<Meters>("Meters")["x-msgpack"], json!({"type": "float64"}));
        assert_eq!(root::<Vec<Meters>>(), json!({"type": "array", "items": {"$ref": "#/$defs/Meters"}}));
    }
}

mod enums {
    use super::*;

    #[derive(MsgPack)]
    #[msgpack(rename_all = "lowercase")]
    enum Role {
        Admin,
        #[msgpack(alias = "visitor")]
        Guest,
    }

    #[derive(MsgPack)]
    enum Level {
        Low = 1,
        High = 10,
    }

    #[test]
    fn unit_enums() {
        assert_eq!(def::<Role>("Role"), json!({"enum": ["admin", "guest", "visitor"]}));
        assert_eq!(def::<Level>("Level"), json!({"enum": [1, 10]}));
        // As map keys: strings, so an object with `propertyNames`.
        assert_eq!(root::<BTreeMap<Role, u8>>()["propertyNames"], json!({"$ref": "#/$defs/Role"}));
        assert_eq!(root::<BTreeMap<Level, u8>>()["anyOf"][1]["required"], json!(["$map"]));
    }

    #[derive(MsgPack)]
    enum Msg {
        Ping,
        Text(String),
        Move { x: i8 },
        Pair(u8, u8),
    }

    #[test]
    fn external() {
        let i8s = json!({"type": "integer", "minimum": -128, "maximum": 127});
        let u8s = json!({"type": "integer", "minimum": 0, "maximum": 255});
        assert_eq!(
            def::<Msg>("Msg"),
            json!({
                "oneOf": [
                    {"title": "Ping", "const": "Ping"},
                    {"title": "Text", "type": "object", "properties": {"Text": {"type": "string"}}, "required": ["Text"], "additionalProperties": false},
                    {"title": "Move", "type": "object", "properties": {"Move": {"type": "object", "properties": {"x": i8s}, "required": ["x"]}}, "required": ["Move"], "additionalProperties": false},
                    {"title": "Pair", "type": "object", "properties": {"Pair": {"type": "array", "prefixItems": [u8s, u8s], "items": false, "minItems": 2, "maxItems": 2}}, "required": ["Pair"], "additionalProperties": false},
                ],
                "x-msgpack": {"tagging": "external"},
            })
        );
    }

    #[derive(MsgPack)]
    struct Circle {
        r: u8,
    }

    #[derive(MsgPack)]
    #[msgpack(tag = "type", rename_all = "lowercase")]
    enum Shape2 {
        Square { side: u8 },
        Round(Circle),
        Empty,
    }

    #[test]
    fn internal() {
        let u8s = json!({"type": "integer", "minimum": 0, "maximum": 255});
        let d = doc::<Shape2>();
        assert_eq!(
            d["$defs"]["Shape2"],
            json!({
                "oneOf": [
                    {"title": "Square", "type": "object", "properties": {"type": {"const": "square"}, "side": u8s}, "required": ["type", "side"]},
                    {"title": "Round", "type": "object", "properties": {"type": {"const": "round"}, "r": u8s}, "required": ["type", "r"]},
                    {"title": "Empty", "type": "object", "properties": {"type": {"const": "empty"}}, "required": ["type"]},
                ],
                "x-msgpack": {"tagging": "internal", "tag": "type"},
            })
        );
        // The newtype variant's struct is written inline.
        assert!(d["$defs"].get("Circle").is_none());
    }

    #[derive(MsgPack)]
    #[msgpack(tag = "t", content = "c")]
    enum Cmd {
        Stop,
        Say(String),
    }

    #[test]
    fn adjacent() {
        assert_eq!(
            def::<Cmd>("Cmd"),
            json!({
                "oneOf": [
                    {"title": "Stop", "anyOf": [
                        {"type": "object", "properties": {"t": {"const": "Stop"}, "c": {"type": "null"}}, "required": ["t"]},
                        {"type": "array", "prefixItems": [{"const": "Stop"}], "items": false, "minItems": 1},
                    ]},
                    {"title": "Say", "anyOf": [
                        {"type": "object", "properties": {"t": {"const": "Say"}, "c": {"type": "string"}}, "required": ["t", "c"]},
                        {"type": "array", "prefixItems": [{"const": "Say"}, {"type": "string"}], "items": false, "minItems": 2},
                    ]},
                ],
                "x-msgpack": {"tagging": "adjacent", "tag": "t", "content": "c"},
            })
        );
    }

    #[derive(MsgPack)]
    #[msgpack(untagged)]
    enum Setting {
        Off,
        Level(u8),
        Custom { r: u8 },
    }

    #[derive(MsgPack)]
    enum Id {
        Uuid(String),
        #[msgpack(untagged)]
        Num(u64),
    }

    #[test]
    fn untagged() {
        let u8s = json!({"type": "integer", "minimum": 0, "maximum": 255});
        assert_eq!(
            def::<Setting>("Setting"),
            json!({
                "anyOf": [
                    {"title": "Off", "type": "null"},
                    {"title": "Level", "type": "integer", "minimum": 0, "maximum": 255},
                    {"title": "Custom", "type": "object", "properties": {"r": u8s}, "required": ["r"]},
                ],
                "x-msgpack": {"tagging": "untagged"},
            })
        );
        let id = def::<Id>("Id");
        assert_eq!(
            id["anyOf"][1],
            json!({"title": "Num", "type": "integer", "minimum": 0, "maximum": u64::MAX, "x-msgpack": {"untagged": true}})
        );
    }

    #[derive(MsgPack)]
    enum Kind {
        Alpha,
        #[msgpack(other)]
        Unknown,
    }

    #[derive(MsgPack)]
    #[msgpack(tag = "type")]
    enum Event {
        Click {
            x: u8,
        },
        #[msgpack(other)]
        Unknown(msgpack_core::Value),
    }

    #[test]
    fn other() {
        let kind = def::<Kind>("Kind");
        assert_eq!(
            kind["anyOf"][2],
            json!({
                "title": "other",
                "anyOf": [{"type": "string"}, {"type": "object", "minProperties": 1, "maxProperties": 1}],
                "x-msgpack": {"other": true},
            })
        );
        let event = def::<Event>("Event");
        assert_eq!(event["anyOf"][1], json!({"title": "Unknown", "x-msgpack": {"other": true}}));
        assert_eq!(event["anyOf"].as_array().unwrap().len(), 2);
    }
}

mod named {
    use super::*;

    #[derive(MsgPack)]
    struct Tree {
        children: Vec<Tree>,
    }

    #[derive(MsgPack)]
    struct Gen<T> {
        value: T,
        kids: Vec<Gen<T>>,
    }

    #[derive(MsgPack)]
    struct Both {
        a: Gen<u8>,
        b: Gen<bool>,
        c: Gen<u8>,
        d: super::structs::User,
        e: other::User,
    }

    mod other {
        #[derive(msgpack_core::MsgPack)]
        pub(super) struct User {
            pub(super) x: bool,
        }
    }

    #[test]
    fn recursion_and_unique_names() {
        assert_eq!(
            def::<Tree>("Tree"),
            json!({"type": "object", "properties": {"children": {"type": "array", "items": {"$ref": "#/$defs/Tree"}}}, "required": ["children"]})
        );
        let d = doc::<Both>();
        let names: Vec<&String> = d["$defs"].as_object().unwrap().keys().collect();
        let mut expected = ["Both", "Gen", "Gen2", "User", "User2"];
        expected.sort_unstable();
        let mut names = names;
        names.sort_unstable();
        assert_eq!(names, expected);
        let both = &d["$defs"]["Both"]["properties"];
        assert_eq!(both["a"], json!({"$ref": "#/$defs/Gen"}));
        assert_eq!(both["b"], json!({"$ref": "#/$defs/Gen2"}));
        assert_eq!(both["c"], json!({"$ref": "#/$defs/Gen"}));
        // `Recur` refers to the enclosing instantiation.
        assert_eq!(d["$defs"]["Gen2"]["properties"]["kids"]["items"], json!({"$ref": "#/$defs/Gen2"}));
        assert_eq!(d["$defs"]["Gen2"]["properties"]["value"], json!({"type": "boolean"}));
        assert_eq!(d["$defs"]["User2"]["properties"]["x"], json!({"type": "boolean"}));
    }

    #[test]
    fn order_is_stable_and_breadth_first() {
        let text = super::super::json_schema::<Both>();
        assert_eq!(text, super::super::json_schema::<Both>());
        let at = |name: &str| text.find(&alloc::format!("\n    \"{name}\": {{")).unwrap();
        assert!(
            at("Both") < at("Gen") && at("Gen") < at("Gen2") && at("Gen2") < at("User") && at("User") < at("User2")
        );
    }

    #[test]
    fn opaque() {
        struct Odd;
        impl Schema for Odd {
            const SHAPE: ShapeRef = ShapeRef::new(&Shape::Opaque { with: "my::codec", ty: "u32" });
        }
        assert_eq!(root::<Odd>(), json!({"x-msgpack": {"with": "my::codec", "rust_type": "u32"}}));
        struct Range;
        impl Schema for Range {
            const SHAPE: ShapeRef = ShapeRef::new(&Shape::Int(IntShape::new("Percent", 0, 100)));
        }
        assert_eq!(root::<Range>(), json!({"type": "integer", "minimum": 0, "maximum": 100}));
    }
}
