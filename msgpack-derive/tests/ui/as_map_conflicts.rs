use msgpack_core::MsgPack;

mod pairs {
    use msgpack_core::{Decoder, Encoder, decode, encode};
    pub fn encode<W: encode::Write>(_: &Vec<(String, u8)>, _: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        Ok(())
    }
    pub fn encoded_len(_: &Vec<(String, u8)>) -> usize {
        0
    }
    pub fn decode(_: &mut Decoder<'_>) -> Result<Vec<(String, u8)>, decode::Error> {
        Ok(Vec::new())
    }
}

// `as_map` says how the field is written; so do `with` and `flatten`.
#[derive(MsgPack)]
struct Headers {
    #[msgpack(as_map, with = "pairs")]
    a: Vec<(String, u8)>,
    #[msgpack(as_map, flatten)]
    b: Vec<(String, u8)>,
}

fn main() {}
