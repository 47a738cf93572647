use msgpack_core::MsgPack;

#[derive(MsgPack, Clone)]
#[msgpack(from = "u32", into = "u64")]
struct Id {
    value: u32,
}

impl From<u32> for Id {
    fn from(value: u32) -> Self {
        Id { value }
    }
}

impl From<Id> for u64 {
    fn from(id: Id) -> u64 {
        id.value as u64
    }
}

fn main() {}
