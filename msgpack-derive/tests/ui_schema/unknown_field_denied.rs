use msgpack_core::{MsgPack, assert_compatible};

#[derive(MsgPack)]
struct Writer {
    id: u64,
    debug: bool,
}

#[derive(MsgPack)]
#[msgpack(deny_unknown_fields)]
struct Reader {
    id: u64,
}

assert_compatible!(Reader, Writer);

fn main() {}
