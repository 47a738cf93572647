use msgpack_core::MsgPack;

#[derive(MsgPack)]
#[msgpack(from = "u16", try_from = "u16")]
struct Port(u16);

impl From<u16> for Port {
    fn from(v: u16) -> Self {
        Port(v)
    }
}

fn main() {}
