use msgpack_core::{MsgPack, assert_compatible};

#[derive(MsgPack)]
enum External {
    Start { at: u64 },
}

#[derive(MsgPack)]
#[msgpack(tag = "type")]
enum Internal {
    Start { at: u64 },
}

assert_compatible!(Internal, External);

fn main() {}
