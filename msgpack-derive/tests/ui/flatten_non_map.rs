use msgpack_core::MsgPack;

// Only a map-form struct or a map has entries to inline; every field that
// is neither is reported at once.
#[derive(MsgPack)]
struct Record {
    name: String,
    #[msgpack(flatten)]
    count: u32,
    #[msgpack(flatten)]
    bytes: Vec<u8>,
    #[msgpack(flatten)]
    maybe: Option<String>,
    #[msgpack(flatten)]
    pair: (u8, u8),
}

fn main() {}
