use msgpack_core::MsgPack;

// `other` keeps the whole unknown value: a `u8` cannot hold `{"Blue": ..}`.
#[derive(MsgPack)]
enum Color {
    Red,
    #[msgpack(other)]
    Unknown(u8),
}

fn main() {}
