use msgpack_core::MsgPack;

#[derive(MsgPack)]
struct Meta {
    id: u32,
}

// A tuple's elements have no map to be inlined in, nor has an `array`
// form struct (rmp-serde would write a map anyway).
#[derive(MsgPack)]
struct Pair(String, #[msgpack(flatten)] Meta);

#[derive(MsgPack)]
enum Msg {
    Two(u8, #[msgpack(flatten)] Meta),
}

#[derive(MsgPack)]
#[msgpack(array)]
struct Row {
    name: String,
    #[msgpack(flatten)]
    meta: Meta,
}

fn main() {}
