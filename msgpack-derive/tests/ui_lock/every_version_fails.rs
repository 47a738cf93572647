use msgpack_core::MsgPack;

// `mode backward` (every version): versions 1 (u8), 2 (u16) and 3 (u32)
// are each checked in a `const` of their own, so each failure is its own
// error, all in one build.
#[derive(MsgPack)]
#[msgpack(schema_lock = "schemas/Reading.all.msgpack-schema")]
struct Reading {
    value: i8,
}

fn main() {}
