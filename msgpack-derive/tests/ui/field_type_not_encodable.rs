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

// And in every enum representation.
#[derive(MsgPack)]
#[msgpack(tag = "t")]
enum Internal {
    A { x: Opaque },
}

#[derive(MsgPack)]
#[msgpack(tag = "t", content = "c")]
enum Adjacent {
    B(Opaque),
}

#[derive(MsgPack)]
#[msgpack(untagged)]
enum Untagged {
    C(u8),
    D { y: Opaque },
}

fn main() {}
