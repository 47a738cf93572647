use msgpack_core::MsgPack;

#[derive(MsgPack)]
#[msgpack(schema_lock = "schemas/Page.msgpack-schema")]
struct Page<T> {
    items: Vec<T>,
}

fn main() {}
