use msgpack_core::{MsgPack, assert_compatible};

#[derive(MsgPack)]
struct V1 {
    user_name: String,
}

#[derive(MsgPack)]
#[msgpack(rename_all = "camelCase")]
struct V2 {
    user_name: String,
}

assert_compatible!(V2, V1);

fn main() {}
