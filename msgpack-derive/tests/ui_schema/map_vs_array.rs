use msgpack_core::{MsgPack, assert_compatible};

#[derive(MsgPack)]
#[msgpack(array)]
struct Compact {
    x: f64,
    y: f64,
}

#[derive(MsgPack)]
struct Named {
    x: f64,
    y: f64,
}

assert_compatible!(Named, Compact);

fn main() {}
