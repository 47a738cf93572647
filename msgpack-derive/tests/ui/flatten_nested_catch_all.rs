use std::collections::BTreeMap;

use msgpack_core::MsgPack;

#[derive(MsgPack)]
struct Inner {
    a: u8,
    #[msgpack(flatten)]
    rest: BTreeMap<String, u8>,
}

// Two catch-alls, one through the flattened struct.
#[derive(MsgPack)]
struct Outer {
    #[msgpack(flatten)]
    inner: Inner,
    #[msgpack(flatten)]
    extra: BTreeMap<String, u8>,
}

// `deny_unknown_fields` beside a catch-all, directly and through a struct.
#[derive(MsgPack)]
#[msgpack(deny_unknown_fields)]
struct Strict {
    q: u8,
    #[msgpack(flatten)]
    rest: BTreeMap<String, u8>,
}

#[derive(MsgPack)]
#[msgpack(deny_unknown_fields)]
struct StrictNested {
    q: u8,
    #[msgpack(flatten)]
    inner: Inner,
}

fn main() {}
