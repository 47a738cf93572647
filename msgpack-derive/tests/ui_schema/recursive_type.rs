use msgpack_core::{MsgPack, assert_compatible};

#[derive(MsgPack)]
struct TreeV1 {
    weight: i64,
    children: Vec<TreeV1>,
}

#[derive(MsgPack)]
struct TreeV2 {
    weight: i32,
    children: Vec<TreeV2>,
}

assert_compatible!(TreeV2, TreeV1);

fn main() {}
