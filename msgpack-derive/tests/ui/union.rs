use msgpack_core::MsgPack;

#[derive(MsgPack)]
union Bits {
    i: u32,
    f: f32,
}

fn main() {}
