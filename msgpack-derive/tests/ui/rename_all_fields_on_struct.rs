use msgpack_core::MsgPack;

#[derive(MsgPack)]
#[msgpack(rename_all_fields = "camelCase")]
struct Settings {
    max_depth: u32,
}

fn main() {}
