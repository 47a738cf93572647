use msgpack_core::MsgPack;

#[derive(MsgPack)]
#[msgpack(transparent)]
struct Meters {
    value: f64,
    unit: String,
}

fn main() {}
