use msgpack_core::MsgPack;
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize)]
struct Geo {
    lat: f64,
}

#[derive(MsgPack)]
struct Place {
    #[msgpack(serde)]
    geo: Geo,
}

fn main() {}
