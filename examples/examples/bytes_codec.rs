//! MessagePack with the `bytes` crate (msgpack-core feature `bytes`): encode
//! into a `BytesMut`, decode `Bytes` fields that share the input's memory
//! instead of copying it, and split a receive buffer holding several
//! messages into frames the way a `tokio_util::codec::Decoder` does (with
//! `decode::Framer`, which finds where a message ends and resumes as bytes
//! arrive).
//!
//! Run: `cargo run -p msgpack-examples --example bytes_codec`

use std::io;
use std::ops::Range;

use bytes::{Bytes, BytesMut};
use msgpack_core::decode::Framer;
use msgpack_core::{DecodeOptions, Encode, Encoder, MsgPack, from_bytes, from_bytes_with};

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
    let chunk: Chunk = from_bytes(&input)?;
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
    // Lengths are checked as soon as their header is in, before the payload
    // is waited for: against the options (`untrusted()`: a bin of at most
    // 16 MiB) and against the codec's frame limit (1 MiB).
    for (header, what) in [(&b"\xc6\xff\xff\xff\xff"[..], "a 4 GiB bin"), (b"\xc6\x00\x80\x00\x00", "an 8 MiB bin")] {
        let mut huge = BytesMut::from(header);
        let err = codec.decode(&mut huge).expect_err(what);
        println!("{what}: error: {err}");
        assert_eq!(err.kind(), io::ErrorKind::InvalidData);
    }
    Ok(())
}

/// The body of a `tokio_util::codec::{Decoder, Encoder}` pair for
/// MessagePack: no length prefix, since each value is self-delimiting.
struct MsgPackCodec {
    options: DecodeOptions,
    /// Where the message at the front of the receive buffer ends. It keeps
    /// its place between calls, so a frame that arrives in many pieces is
    /// scanned once, not once per piece.
    framer: Framer,
    max_frame: usize,
}

impl MsgPackCodec {
    fn new(options: DecodeOptions) -> Self {
        MsgPackCodec { options, framer: Framer::new(options), max_frame: 1 << 20 }
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
        // `None`: `src` is the start of a message (tokio calls again with
        // the same bytes and more). An error: no bytes to come can make it
        // a message (0xc1, nesting or a length over the options' limits).
        let Some(len) = self.framer.message_len(src).map_err(invalid_data)? else {
            // The frame needs at least this much, from the lengths it declares:
            // refuse it now rather than buffer it.
            let needed = self.framer.needed();
            if needed > self.max_frame as u64 {
                self.framer.reset();
                return Err(invalid_data(format!("a frame of {needed} bytes or more (limit {})", self.max_frame)));
            }
            return Ok(None);
        };
        if len > self.max_frame {
            return Err(invalid_data(format!("a frame of {len} bytes (limit {})", self.max_frame)));
        }
        // Split the frame off the buffer (no copy) and decode it; its
        // `Bytes` fields become slices of `frame`.
        let frame = src.split_to(len).freeze();
        from_bytes_with(&frame, &self.options).map(Some).map_err(invalid_data)
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
