use msgpack_core::MsgPack;

struct Opaque;

#[derive(MsgPack)]
struct Holder {
    id: u32,
    inner: Opaque,
}

// One error per field, in every form: array form, tuple structs.
#[derive(MsgPack)]
#[msgpack(array)]
struct Row {
    cell: Opaque,
}

#[derive(MsgPack)]
struct Pair(u8, Opaque);

fn main() {}
