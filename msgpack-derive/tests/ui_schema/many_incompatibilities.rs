use msgpack_core::{MsgPack, assert_compatible};

// More incompatibilities than are listed, at several depths: the first
// eight are listed (in the order found), the others counted. Both
// directions of `<=>` fail, each with its own error.
#[derive(MsgPack)]
struct Inner {
    a: u8,
    b: String,
}

#[derive(MsgPack)]
struct InnerWide {
    a: u64,
    b: Vec<u8>,
}

#[derive(MsgPack)]
struct Narrow {
    f0: u8,
    f1: u8,
    inner: Inner,
    f2: u8,
    f3: u8,
    list: Vec<(u8, char)>,
    f4: u8,
    f5: u8,
    f6: u8,
}

#[derive(MsgPack)]
struct Wide {
    f0: u16,
    f1: u32,
    inner: InnerWide,
    f2: u64,
    f3: i8,
    list: Vec<(u16, String)>,
    f4: u16,
    f5: u16,
    f6: u16,
}

assert_compatible!(Narrow <=> Wide);

fn main() {}
