use msgpack_core::MsgPack;

struct Opaque;

#[derive(MsgPack)]
struct Holder {
    id: u32,
    inner: Opaque,
}

fn main() {}
