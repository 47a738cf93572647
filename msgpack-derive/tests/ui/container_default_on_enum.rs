use msgpack_core::MsgPack;

#[derive(MsgPack, Default)]
#[msgpack(default)]
enum Mode {
    #[default]
    Fast,
    Slow { level: u8 },
}

fn main() {}
