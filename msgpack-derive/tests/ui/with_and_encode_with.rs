use msgpack_core::MsgPack;

mod as_text {
    use msgpack_core::{Decoder, Encoder, decode, encode};
    pub fn encode<W: encode::Write>(v: &u32, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        e.str(&v.to_string())
    }
    pub fn encoded_len(v: &u32) -> usize {
        encode::str_size(v.to_string().len())
    }
    pub fn decode(d: &mut Decoder<'_>) -> Result<u32, decode::Error> {
        let at = d.position();
        d.str()?.parse().map_err(|_| decode::Error::custom("not a number", at))
    }
}

#[derive(MsgPack)]
struct Id {
    #[msgpack(with = "as_text", encode_with = "as_text::encode")]
    id: u32,
}

fn main() {}
