use msgpack_core::MsgPack;

#[derive(MsgPack)]
#[msgpack(try_from = "u16")]
struct Port(u16);

impl TryFrom<u16> for Port {
    type Error = &'static str;
    fn try_from(v: u16) -> Result<Self, Self::Error> {
        if v == 0 { Err("port 0 is reserved") } else { Ok(Port(v)) }
    }
}

fn main() {}
