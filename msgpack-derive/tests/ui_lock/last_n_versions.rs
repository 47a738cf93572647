use msgpack_core::MsgPack;

// `mode backward last 1`: only version 3 (u32) is checked; versions 1 (u8)
// and 2 (u16) are not reported.
#[derive(MsgPack)]
#[msgpack(schema_lock = "schemas/Reading.last1.msgpack-schema")]
struct Reading {
    value: u8,
}

fn main() {}
