use msgpack_core::MsgPack;

#[derive(MsgPack)]
#[msgpack(tag = "type")]
enum Status {
    Ok = 200,
    NotFound = 404,
}

fn main() {}
