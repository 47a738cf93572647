use msgpack_core::MsgPack;

// Version 1 writes `{"kind": "Stop"}`, which the new enum does not know.
#[derive(MsgPack)]
#[msgpack(tag = "kind", schema_lock = "schemas/Event.msgpack-schema")]
enum Event {
    Start { at: u64 },
}

fn main() {}
