use msgpack_core::MsgPack;

#[derive(MsgPack)]
enum Status {
    #[msgpack(alias = "on")]
    Active,
    #[msgpack(alias = "on")]
    Enabled,
}

fn main() {}
