use std::collections::{BTreeMap, HashMap};

use msgpack_core::{MsgPack, Value};

// The first catch-all takes every key no field claims; the second would
// always be empty. Also in a struct variant.
#[derive(MsgPack)]
struct Record {
    name: String,
    #[msgpack(flatten)]
    extra: BTreeMap<String, Value>,
    #[msgpack(flatten)]
    more: HashMap<String, Value>,
}

#[derive(MsgPack)]
enum Msg {
    Data {
        id: u32,
        #[msgpack(flatten)]
        a: BTreeMap<String, u8>,
        #[msgpack(flatten)]
        b: BTreeMap<String, u8>,
    },
}

fn main() {}
