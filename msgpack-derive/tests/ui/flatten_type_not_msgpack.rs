use msgpack_core::MsgPack;

// A struct that does not derive `MsgPack` cannot be flattened: the hidden
// traits say so (`on_unimplemented`).
struct Plain {
    id: u32,
}

#[derive(MsgPack)]
struct Record {
    name: String,
    #[msgpack(flatten)]
    plain: Plain,
}

fn main() {}
