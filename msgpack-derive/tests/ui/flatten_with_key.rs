use std::collections::BTreeMap;

use msgpack_core::MsgPack;

#[derive(MsgPack)]
struct Meta {
    id: u32,
}

// A flattened field has no key of its own: `key`, `rename`, `alias` (and
// `default`, `skip_if`) have nothing to act on. All reported at once.
#[derive(MsgPack)]
struct Record {
    name: String,
    #[msgpack(flatten, key = 3)]
    meta: Meta,
    #[msgpack(flatten, rename = "rest", alias = "others")]
    extra: BTreeMap<String, u8>,
}

#[derive(MsgPack)]
struct Defaults {
    #[msgpack(flatten, default, skip_if = "is_empty")]
    meta: Meta,
}

fn is_empty(_: &Meta) -> bool {
    false
}

fn main() {}
