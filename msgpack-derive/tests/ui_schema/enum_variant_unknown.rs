use msgpack_core::{MsgPack, assert_compatible};

#[derive(MsgPack)]
enum StatusV1 {
    Active,
    Suspended { reason: String },
}

#[derive(MsgPack)]
enum StatusV2 {
    Active,
    Suspended { reason: String },
    Deleted,
}

assert_compatible!(StatusV1, StatusV2);

fn main() {}
