use msgpack_core::MsgPack;

#[derive(MsgPack)]
struct Meta {
    id: u32,
}

// A tuple's elements have no map to be inlined in; an `array`-form struct
// inlines only an `array`-form struct's fields (positions, not keys).
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
