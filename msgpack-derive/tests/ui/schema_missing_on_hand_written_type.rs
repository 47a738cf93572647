use msgpack_core::{Decode, Decoder, Encode, Encoder, MsgPack, decode, encode};

// `Encode` and `Decode` written by hand, `Schema` forgotten: one error at
// the field, saying that a field needs the three.
struct Celsius(f32);

impl Encode for Celsius {
    fn encode<W: encode::Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        self.0.encode(e)
    }
    fn encoded_len(&self) -> usize {
        self.0.encoded_len()
    }
}

impl<'de> Decode<'de> for Celsius {
    fn decode(d: &mut Decoder<'de>) -> Result<Self, decode::Error> {
        f32::decode(d).map(Celsius)
    }
}

#[derive(MsgPack)]
enum Reading {
    Temperature { at: u64, value: Celsius },
    Nothing,
}

// A type without `Schema` where the schema alone is asked for.
fn describe<T: msgpack_core::schema::Schema>() {}

fn main() {
    describe::<Celsius>();
}
