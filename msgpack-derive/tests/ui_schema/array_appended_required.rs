use msgpack_core::{MsgPack, assert_compatible};

#[derive(MsgPack)]
#[msgpack(array)]
struct PointV1 {
    x: f64,
    y: f64,
}

#[derive(MsgPack)]
#[msgpack(array)]
struct PointV2 {
    x: f64,
    y: f64,
    z: f64,
}

assert_compatible!(PointV2, PointV1);

fn main() {}
