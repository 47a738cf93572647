//! MessagePack with the `bytes` crate (msgpack-core feature `bytes`): encode
//! into a `BytesMut`, decode `Bytes` fields that share the input's memory
//! instead of copying it, and split a receive buffer holding several
//! messages into frames the way a `tokio_util::codec::Decoder` does.
//!
//! Run: `cargo run -p msgpack-examples --example bytes_codec`

use std::io;
use std::ops::Range;

use bytes::{Bytes, BytesMut};
use msgpack_core::decode::ErrorKind;
use msgpack_core::{DecodeOptions, Decoder, Encode, Encoder, MsgPack, from_bytes};

/// A piece of a file transfer. Decoded from a `Bytes`, `data` is a view into
/// that input, not a copy, and `Chunk` still owns everything (no lifetime):
/// it can be sent to another thread or kept after the input is dropped.
#[derive(MsgPack, Debug, PartialEq)]
struct Chunk {
    stream: u32,
    seq: u64,
    data: Bytes,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // 1. Encode into a BytesMut (it grows as needed; `Encode::encoded_len`
    //    lets the codec reserve the exact size first).
    let sent: Vec<Chunk> = (0..3u8)
        .map(|i| Chunk { stream: 7, seq: i.into(), data: Bytes::from(vec![b'a' + i; 20 + 10 * usize::from(i)]) })
        .collect();
    let mut codec = MsgPackCodec::new(DecodeOptions::untrusted());
    let mut wire = BytesMut::new();
    for chunk in &sent {
        codec.encode(chunk, &mut wire)?;
    }
    println!("encoded {} messages back to back: {} bytes", sent.len(), wire.len());

    // 2. Decode one message from a `Bytes`: `data` points into the input.
    let input: Bytes = msgpack_core::to_vec(&sent[0])?.into();
    let chunk: Chunk = from_bytes(&input, &DecodeOptions::new())?;
    assert_eq!(chunk, sent[0]);
    let at = chunk.data.as_ptr() as usize - input.as_ptr() as usize;
    println!("one message: `data` is input[{at}..{}], shared, not copied", at + chunk.data.len());
    assert!(contains(&address_range(&input), &chunk.data));

    // 3. A receive buffer that gets the wire bytes 16 at a time, as from a
    //    socket. After each read, take every whole frame; a partial one
    //    stays in the buffer until the rest arrives.
    let mut inbox = BytesMut::with_capacity(wire.len()); // never grows, so no reallocation below
    let inbox_memory = inbox.as_ptr() as usize..inbox.as_ptr() as usize + inbox.capacity();
    let mut received = Vec::new();
    for piece in wire.chunks(16) {
        inbox.extend_from_slice(piece);
        println!("read {:>2} bytes: {:>2} in the buffer", piece.len(), inbox.len());
        while let Some(chunk) = codec.decode(&mut inbox)? {
            let (seq, len, left) = (chunk.seq, chunk.data.len(), inbox.len());
            println!("    frame: seq {seq} with {len} bytes of data; {left} bytes of the next frame remain");
            // The payload lives in the receive buffer's memory: split off, never copied.
            assert!(contains(&inbox_memory, &chunk.data));
            received.push(chunk);
        }
    }
    assert_eq!(received, sent);
    assert!(inbox.is_empty());

    // Bad input is an error, not a wait for bytes that never come.
    let mut bad = BytesMut::from(&b"\xc1"[..]);
    let err = codec.decode(&mut bad).expect_err("0xc1 is never valid");
    println!("a reserved byte: error: {err}");
    assert_eq!(err.kind(), io::ErrorKind::InvalidData);
    let mut huge = BytesMut::from(&b"\xc6\xff\xff\xff\xff"[..]); // a bin claiming 4 GiB
    let err = codec.decode(&mut huge).expect_err("beyond the frame limit");
    println!("a 4 GiB bin: error: {err}");
    assert_eq!(err.kind(), io::ErrorKind::InvalidData);
    Ok(())
}

/// The body of a `tokio_util::codec::{Decoder, Encoder}` pair for
/// MessagePack: no length prefix, since each value is self-delimiting.
struct MsgPackCodec {
    options: DecodeOptions,
    max_frame: usize,
}

impl MsgPackCodec {
    fn new(options: DecodeOptions) -> Self {
        MsgPackCodec { options, max_frame: 1 << 20 }
    }

    /// Appends one message to `dst`.
    fn encode(&mut self, item: &Chunk, dst: &mut BytesMut) -> io::Result<()> {
        dst.reserve(item.encoded_len());
        item.encode(&mut Encoder::new(dst)).map_err(io::Error::other)
    }

    /// Takes the first whole message off `src`, or `None` if it has not
    /// arrived completely yet. A whole message of the wrong shape is taken
    /// off too before its error is returned, so the next one still decodes.
    fn decode(&mut self, src: &mut BytesMut) -> io::Result<Option<Chunk>> {
        // `skip` steps over one value without decoding it; it runs out of
        // input (`UnexpectedEof`) only if the bytes so far are the start of
        // a valid message.
        let mut d = Decoder::new(src);
        let len = match d.skip() {
            Ok(()) => d.position(),
            Err(e) => match e.kind() {
                ErrorKind::UnexpectedEof { needed, .. } => {
                    let at_least = (e.offset() as u64).saturating_add(*needed);
                    if at_least > self.max_frame as u64 {
                        return Err(invalid_data(format!("a frame of {at_least} bytes or more")));
                    }
                    return Ok(None);
                }
                _ => return Err(invalid_data(e)),
            },
        };
        // Split the frame off the buffer (no copy) and decode it; its
        // `Bytes` fields become slices of `frame`.
        let frame = src.split_to(len).freeze();
        from_bytes(&frame, &self.options).map(Some).map_err(invalid_data)
    }
}

fn address_range(bytes: &[u8]) -> Range<usize> {
    let Range { start, end } = bytes.as_ptr_range();
    start as usize..end as usize
}

/// Whether `part` lies in the memory `range`.
fn contains(range: &Range<usize>, part: &[u8]) -> bool {
    let part = address_range(part);
    range.start <= part.start && part.end <= range.end
}

fn invalid_data(e: impl Into<Box<dyn std::error::Error + Send + Sync>>) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, e)
}
