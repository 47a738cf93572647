use msgpack_core::MsgPack;

mod hex {
    use msgpack_core::encode::{Encoder, Error, Write};
    use msgpack_core::{Decoder, decode};
    pub fn encode<W: Write>(v: &Vec<u8>, e: &mut Encoder<W>) -> Result<(), Error<W::Error>> {
        e.bin(v)
    }
    pub fn encoded_len(v: &Vec<u8>) -> usize {
        2 + v.len()
    }
    pub fn decode(d: &mut Decoder<'_>) -> Result<Vec<u8>, decode::Error> {
        d.bin().map(<[u8]>::to_vec)
    }
}

#[derive(MsgPack)]
struct Frame {
    #[msgpack(as_array, with = "hex")]
    payload: Vec<u8>,
}

fn main() {}
