use msgpack_core::{MsgPack, assert_compatible};

// 30 nested structs: deeper than the check follows (20 levels). The
// check says so itself, before the compiler's const-evaluation limit.

#[derive(MsgPack)]
struct L0 {
    x: L1,
}

#[derive(MsgPack)]
struct L1 {
    x: L2,
}

#[derive(MsgPack)]
struct L2 {
    x: L3,
}

#[derive(MsgPack)]
struct L3 {
    x: L4,
}

#[derive(MsgPack)]
struct L4 {
    x: L5,
}

#[derive(MsgPack)]
struct L5 {
    x: L6,
}

#[derive(MsgPack)]
struct L6 {
    x: L7,
}

#[derive(MsgPack)]
struct L7 {
    x: L8,
}

#[derive(MsgPack)]
struct L8 {
    x: L9,
}

#[derive(MsgPack)]
struct L9 {
    x: L10,
}

#[derive(MsgPack)]
struct L10 {
    x: L11,
}

#[derive(MsgPack)]
struct L11 {
    x: L12,
}

#[derive(MsgPack)]
struct L12 {
    x: L13,
}

#[derive(MsgPack)]
struct L13 {
    x: L14,
}

#[derive(MsgPack)]
struct L14 {
    x: L15,
}

#[derive(MsgPack)]
struct L15 {
    x: L16,
}

#[derive(MsgPack)]
struct L16 {
    x: L17,
}

#[derive(MsgPack)]
struct L17 {
    x: L18,
}

#[derive(MsgPack)]
struct L18 {
    x: L19,
}

#[derive(MsgPack)]
struct L19 {
    x: L20,
}

#[derive(MsgPack)]
struct L20 {
    x: L21,
}

#[derive(MsgPack)]
struct L21 {
    x: L22,
}

#[derive(MsgPack)]
struct L22 {
    x: L23,
}

#[derive(MsgPack)]
struct L23 {
    x: L24,
}

#[derive(MsgPack)]
struct L24 {
    x: L25,
}

#[derive(MsgPack)]
struct L25 {
    x: L26,
}

#[derive(MsgPack)]
struct L26 {
    x: L27,
}

#[derive(MsgPack)]
struct L27 {
    x: L28,
}

#[derive(MsgPack)]
struct L28 {
    x: L29,
}

#[derive(MsgPack)]
struct L29 {
    x: u8,
}

assert_compatible!(L0, L0);

fn main() {}
