use msgpack_core::{MsgPack, Value};

// An untagged enum has no tags, so no unknown ones: `other` (and `alias`)
// have nothing to act on; a variant marked `untagged` is redundant.
#[derive(MsgPack)]
#[msgpack(untagged)]
enum Any {
    #[msgpack(alias = "N")]
    Number(u64),
    #[msgpack(untagged)]
    Text(String),
    #[msgpack(other)]
    Rest(Value),
}

fn main() {}
