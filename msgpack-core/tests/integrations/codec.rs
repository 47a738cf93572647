//! `codec::MsgPackCodec` (feature `tokio-util`): the `tokio_util::codec`
//! `Decoder` and `Encoder`.
//!
//! Properties checked: the frames of a stream come out the same however
//! the bytes are split (at every byte boundary, at every pair of
//! boundaries, one byte at a time, all in one buffer, and through `Framed`
//! over a pipe that passes one byte per read); each frame comes out at the
//! byte that completes it; a frame over the limit is refused as soon as its
//! headers show it and fails the codec for good (the buffer dropped); a
//! well-formed frame that is not a `T` is skipped and the next one decodes;
//! a malformed frame fails the codec for good; `Bytes` fields point into
//! the receive buffer; a cut frame at the end is `Truncated` and not fatal;
//! the encoder reserves the exact size, appends, and writes nothing on an
//! error.

#![cfg(all(feature = "tokio-util", feature = "derive"))]

use std::collections::BTreeMap;
use std::io;
use std::ops::Range;

use bytes::{Bytes, BytesMut};
use futures_util::{SinkExt, StreamExt};
use msgpack_core::codec::{CodecError, MsgPackCodec};
use msgpack_core::decode::{DEFAULT_MAX_MESSAGE_LEN, ErrorKind};
use msgpack_core::{DecodeOptions, Encode, MsgPack, to_vec};
use tokio_util::codec::{Decoder, Encoder, FramedRead, FramedWrite};

#[derive(MsgPack, Debug, PartialEq, Clone)]
struct Chunk {
    id: u32,
    name: String,
    data: Bytes,
    tags: Vec<String>,
    extra: Option<BTreeMap<String, i64>>,
}

fn chunk(id: u32, data_len: usize) -> Chunk {
    let extra = (id % 2 == 1).then(|| (0..id).map(|i| (format!("k{i}"), -i64::from(i) * 1000)).collect());
    Chunk {
        id,
        name: "n".repeat(id as usize * 5),
        data: Bytes::from((0..data_len).map(|i| i as u8).collect::<Vec<u8>>()),
        tags: (0..id).map(|i| format!("tag{i}")).collect(),
        extra,
    }
}

/// Frames of several shapes: empty and fixed-size payloads, a `bin 16`
/// (300 bytes), a `str 8`, nested maps and arrays.
fn chunks() -> Vec<Chunk> {
    vec![chunk(0, 0), chunk(1, 3), chunk(2, 300), chunk(7, 40), chunk(3, 1)]
}

fn wire(frames: &[Chunk]) -> Vec<u8> {
    frames.iter().flat_map(|c| to_vec(c).unwrap()).collect()
}

/// Every frame `decode` gives for the bytes in `buf` now.
fn drain(codec: &mut MsgPackCodec<Chunk>, buf: &mut BytesMut, out: &mut Vec<Chunk>) {
    while let Some(c) = codec.decode(buf).expect("a valid stream") {
        out.push(c);
    }
}

#[test]
fn every_split_point() {
    let frames = chunks();
    let wire = wire(&frames);
    assert!(wire.len() > 500);
    for k in 0..=wire.len() {
        let mut codec = MsgPackCodec::<Chunk>::new();
        let (mut buf, mut out) = (BytesMut::new(), Vec::new());
        buf.extend_from_slice(&wire[..k]);
        drain(&mut codec, &mut buf, &mut out);
        buf.extend_from_slice(&wire[k..]);
        drain(&mut codec, &mut buf, &mut out);
        assert_eq!(out, frames, "split at {k}");
        assert!(buf.is_empty());
        assert_eq!(codec.decode_eof(&mut buf).unwrap(), None);
    }
}

#[test]
fn every_pair_of_split_points() {
    let frames = vec![chunk(1, 2), chunk(2, 5), chunk(0, 0)];
    let wire = wire(&frames);
    for i in 0..=wire.len() {
        for j in i..=wire.len() {
            let mut codec = MsgPackCodec::<Chunk>::new();
            let (mut buf, mut out) = (BytesMut::new(), Vec::new());
            for piece in [&wire[..i], &wire[i..j], &wire[j..]] {
                buf.extend_from_slice(piece);
                drain(&mut codec, &mut buf, &mut out);
            }
            assert_eq!(out, frames, "split at {i} and {j}");
        }
    }
}

#[test]
fn one_byte_at_a_time_each_frame_at_its_last_byte() {
    let frames = chunks();
    let wire = wire(&frames);
    let ends: Vec<usize> =
        frames.iter().scan(0, |end, c| Some(*end + c.encoded_len()).inspect(|&e| *end = e)).collect();
    let mut codec = MsgPackCodec::<Chunk>::new();
    let (mut buf, mut out, mut at) = (BytesMut::new(), Vec::new(), Vec::new());
    for (i, &byte) in wire.iter().enumerate() {
        buf.extend_from_slice(&[byte]);
        while let Some(c) = codec.decode(&mut buf).unwrap() {
            out.push(c);
            at.push(i + 1);
        }
    }
    assert_eq!(out, frames);
    assert_eq!(at, ends);
}

#[test]
fn several_frames_in_one_buffer() {
    let frames = chunks();
    let mut buf = BytesMut::from(&wire(&frames)[..]);
    let mut codec = MsgPackCodec::<Chunk>::new();
    for (i, expected) in frames.iter().enumerate() {
        assert_eq!(codec.decode(&mut buf).unwrap().as_ref(), Some(expected), "frame {i}");
    }
    assert_eq!(codec.decode(&mut buf).unwrap(), None);
    assert!(buf.is_empty());
}

#[test]
fn a_frame_larger_than_the_limit_arriving_whole() {
    let big = to_vec(&chunk(2, 300)).unwrap();
    let max = big.len() - 1;
    let mut codec = MsgPackCodec::<Chunk>::new().max_frame_len(max);
    assert_eq!(codec.frame_limit(), max);
    let mut buf = BytesMut::from(&big[..]);
    buf.extend_from_slice(&to_vec(&chunk(0, 0)).unwrap()); // a good frame behind it
    let err = codec.decode(&mut buf).unwrap_err();
    assert!(matches!(err, CodecError::TooLarge { needed, max: m } if needed == big.len() as u64 && m == max), "{err}");
    assert!(!err.is_recoverable());
    assert!(codec.has_failed());
    assert!(buf.is_empty(), "the buffered bytes are dropped");
    // Failed for good: the same error, and new bytes are dropped too.
    buf.extend_from_slice(&to_vec(&chunk(1, 1)).unwrap());
    assert!(matches!(codec.decode(&mut buf), Err(CodecError::TooLarge { .. })));
    assert!(buf.is_empty());
    assert!(matches!(codec.decode_eof(&mut buf), Err(CodecError::TooLarge { .. })));
    assert_eq!(io::Error::from(err).kind(), io::ErrorKind::InvalidData);

    // At the limit exactly: accepted.
    let mut codec = MsgPackCodec::<Chunk>::new().max_frame_len(big.len());
    assert_eq!(codec.decode(&mut BytesMut::from(&big[..])).unwrap(), Some(chunk(2, 300)));
}

#[test]
fn a_frame_larger_than_the_limit_at_every_split_point() {
    let big = to_vec(&chunk(2, 300)).unwrap();
    for k in 0..=big.len() {
        let mut codec = MsgPackCodec::<Chunk>::new().max_frame_len(big.len() - 1);
        let mut buf = BytesMut::from(&big[..k]);
        let first = codec.decode(&mut buf);
        let result = match first {
            Ok(None) => {
                buf.extend_from_slice(&big[k..]);
                codec.decode(&mut buf)
            }
            other => other,
        };
        assert!(matches!(result, Err(CodecError::TooLarge { .. })), "split at {k}: {result:?}");
    }
}

#[test]
fn a_claimed_length_over_the_limit_is_refused_from_its_header() {
    // A bin 32 claiming 1 GiB: refused on its 5 header bytes.
    let mut codec = MsgPackCodec::<Bytes>::new();
    let mut buf = BytesMut::from(&[0xc6, 0x40, 0x00, 0x00, 0x00][..]);
    assert!(matches!(codec.decode(&mut buf), Err(CodecError::TooLarge { needed, max })
        if needed == 5 + (1 << 30) && max == DEFAULT_MAX_MESSAGE_LEN));
    // An array 16 of 4096 elements (each at least a byte) against 1000.
    let mut codec = MsgPackCodec::<Vec<u8>>::new().max_frame_len(1000);
    let mut buf = BytesMut::from(&[0xdc][..]);
    assert_eq!(codec.decode(&mut buf).unwrap(), None);
    buf.extend_from_slice(&[0x10, 0x00]);
    assert!(matches!(codec.decode(&mut buf), Err(CodecError::TooLarge { needed: 4099, max: 1000 })));
}

#[test]
fn an_undecodable_frame_is_skipped_at_every_split_point() {
    // A well-formed frame that is no `Chunk` (a map with `id` a string),
    // then a good frame.
    let bad = to_vec(&BTreeMap::from([("id", "seven")])).unwrap();
    let good = chunk(3, 10);
    let mut wire = bad.clone();
    wire.extend_from_slice(&to_vec(&good).unwrap());
    for k in 0..=wire.len() {
        let mut codec = MsgPackCodec::<Chunk>::new();
        let mut buf = BytesMut::new();
        let mut results = Vec::new();
        for piece in [&wire[..k], &wire[k..]] {
            buf.extend_from_slice(piece);
            loop {
                match codec.decode(&mut buf) {
                    Ok(None) => break,
                    Ok(Some(c)) => results.push(Ok(c)),
                    Err(e) => results.push(Err(e)),
                }
            }
        }
        assert_eq!(results.len(), 2, "split at {k}: {results:?}");
        let err = results[0].as_ref().unwrap_err();
        assert!(matches!(err, CodecError::Decode(e) if e.offset() == 4), "split at {k}: {err}"); // at "seven"
        assert!(err.is_recoverable());
        assert!(!codec.has_failed());
        assert_eq!(results[1].as_ref().unwrap(), &good, "split at {k}");
        assert!(buf.is_empty());
    }
}

#[test]
fn a_malformed_frame_fails_the_codec() {
    // 0xc1 inside an array: never MessagePack, whatever follows.
    let mut codec = MsgPackCodec::<Chunk>::new();
    let mut buf = BytesMut::from(&[0x92, 0x01, 0xc1][..]);
    buf.extend_from_slice(&to_vec(&chunk(1, 1)).unwrap());
    let err = codec.decode(&mut buf).unwrap_err();
    assert!(matches!(&err, CodecError::Malformed(e) if *e.kind() == ErrorKind::ReservedMarker && e.offset() == 2));
    assert!(!err.is_recoverable());
    assert!(codec.has_failed() && buf.is_empty());
    buf.extend_from_slice(&to_vec(&chunk(1, 1)).unwrap());
    assert!(matches!(codec.decode(&mut buf), Err(CodecError::Malformed(_))));
    assert!(buf.is_empty());

    // A limit of the options, found by the framer from the header: a `str`
    // over `max_str_len` (even where a decode would skip it).
    let opts = DecodeOptions::new().max_str_len(4);
    let mut codec = MsgPackCodec::<Chunk>::new().options(opts);
    assert_eq!(codec.decode_options(), &opts);
    let mut buf = BytesMut::from(&[0x81, 0xa5][..]); // {"xxxxx"… : the header is enough
    assert!(
        matches!(codec.decode(&mut buf), Err(CodecError::Malformed(e)) if matches!(e.kind(), ErrorKind::LimitExceeded { .. }))
    );
}

/// The addresses of `bytes`.
fn addresses(bytes: &[u8]) -> Range<usize> {
    let Range { start, end } = bytes.as_ptr_range();
    start as usize..end as usize
}

#[test]
fn bytes_fields_share_the_receive_buffer() {
    let frames = chunks();
    let wire = wire(&frames);
    for piece_len in [1, 7, wire.len()] {
        // Room for the whole stream, so the buffer never moves.
        let mut buf = BytesMut::with_capacity(wire.len());
        let memory = buf.as_ptr() as usize..buf.as_ptr() as usize + buf.capacity();
        let mut codec = MsgPackCodec::<Chunk>::new();
        let mut out = Vec::new();
        for piece in wire.chunks(piece_len) {
            buf.extend_from_slice(piece);
            drain(&mut codec, &mut buf, &mut out);
        }
        assert_eq!(out, frames);
        assert_eq!(buf.as_ptr() as usize, memory.start + wire.len(), "the buffer did not move");
        let mut offset = 0;
        for c in &out {
            // Within its own frame's bytes of the receive buffer.
            let frame = memory.start + offset..memory.start + offset + c.encoded_len();
            offset += c.encoded_len();
            if c.data.is_empty() {
                continue; // an empty `Bytes` points nowhere in particular
            }
            let data = addresses(&c.data);
            assert!(frame.start <= data.start && data.end <= frame.end, "{data:?} in the frame at {frame:?}");
            assert!(memory.start <= data.start && data.end <= memory.end);
        }
    }
}

#[test]
fn a_cut_frame_at_the_end_is_truncated_and_not_fatal() {
    let frame = to_vec(&chunk(2, 300)).unwrap();
    let mut codec = MsgPackCodec::<Chunk>::new();
    let mut buf = BytesMut::from(&frame[..100]);
    let err = codec.decode_eof(&mut buf).unwrap_err();
    assert!(
        matches!(err, CodecError::Truncated { buffered: 100, needed } if needed > 100 && needed <= frame.len() as u64)
    );
    assert!(!err.is_recoverable() && !codec.has_failed());
    assert_eq!(io::Error::from(err).kind(), io::ErrorKind::UnexpectedEof);
    // A resumable input that goes on: the frame completes.
    buf.extend_from_slice(&frame[100..]);
    assert_eq!(codec.decode_eof(&mut buf).unwrap(), Some(chunk(2, 300)));
    assert_eq!(codec.decode_eof(&mut buf).unwrap(), None);
}

#[test]
fn the_encoder_reserves_exactly_and_appends() {
    let mut codec = MsgPackCodec::<Chunk>::new();
    let c = chunk(7, 40);
    let mut buf = BytesMut::new();
    codec.encode(&c, &mut buf).unwrap();
    assert_eq!(&buf[..], &to_vec(&c).unwrap()[..]);
    assert_eq!(buf.capacity(), c.encoded_len(), "one exact reservation");
    // Appends after what is there; by value or by reference.
    codec.encode(chunk(0, 0), &mut buf).unwrap();
    codec.encode("not a chunk", &mut buf).unwrap();
    assert_eq!(buf.len(), c.encoded_len() + chunk(0, 0).encoded_len() + "not a chunk".encoded_len());
    assert_eq!(codec.decode(&mut buf).unwrap(), Some(c));
    assert_eq!(codec.decode(&mut buf).unwrap(), Some(chunk(0, 0)));
    assert!(matches!(codec.decode(&mut buf), Err(CodecError::Decode(_))));

    // An error writes nothing: the buffer keeps what it had.
    let mut buf = BytesMut::from(&[0xc0][..]);
    let err = codec.encode((1u8, "x", u128::MAX), &mut buf).unwrap_err();
    assert!(matches!(err, CodecError::Encode(_)) && err.is_recoverable());
    assert_eq!(&buf[..], &[0xc0]);
    assert_eq!(io::Error::from(err).kind(), io::ErrorKind::InvalidInput);
}

#[test]
fn an_empty_buffer_is_between_frames_whatever_the_limit() {
    let mut codec = MsgPackCodec::<u8>::new().max_frame_len(0);
    assert_eq!(codec.decode(&mut BytesMut::new()).unwrap(), None);
    assert_eq!(codec.decode_eof(&mut BytesMut::new()).unwrap(), None);
    assert!(matches!(codec.decode(&mut BytesMut::from(&[0x01][..])), Err(CodecError::TooLarge { needed: 1, max: 0 })));
}

#[test]
fn the_codec_and_its_error_are_send_and_sync() {
    fn send_sync<T: Send + Sync + 'static>() {}
    send_sync::<MsgPackCodec<std::rc::Rc<str>>>(); // whatever `T` is
    send_sync::<CodecError>();
}

#[test]
fn errors_convert_to_and_from_io() {
    let err = CodecError::from(io::Error::new(io::ErrorKind::ConnectionReset, "gone"));
    assert!(matches!(&err, CodecError::Io(e) if e.kind() == io::ErrorKind::ConnectionReset));
    assert_eq!(err.to_string(), "transport: gone");
    assert!(std::error::Error::source(&err).is_some());
    assert_eq!(io::Error::from(err).kind(), io::ErrorKind::ConnectionReset);
    let err = CodecError::TooLarge { needed: 9, max: 8 };
    assert_eq!(err.to_string(), "a frame of at least 9 bytes exceeds the limit of 8 bytes");
}

/// Through `FramedWrite` and `FramedRead` over a pipe that holds one byte:
/// every read gets one byte, so every frame arrives split at every byte.
#[tokio::test]
async fn framed_over_a_one_byte_pipe() {
    let frames = chunks();
    let (near, far) = tokio::io::duplex(1);
    let mut sink = FramedWrite::new(near, MsgPackCodec::<()>::new());
    let mut stream = FramedRead::new(far, MsgPackCodec::<Chunk>::new().options(DecodeOptions::untrusted()));
    let send = async {
        for (i, c) in frames.iter().enumerate() {
            sink.send(c).await?;
            if i == 2 {
                sink.send(("not", "a chunk")).await?; // well-formed, not a `Chunk`
            }
        }
        // Any `Encode` item can be sent, so `close` needs to be told one.
        SinkExt::<&Chunk>::close(&mut sink).await?;
        drop(sink);
        Ok::<(), CodecError>(())
    };
    let receive = async {
        let mut out = Vec::new();
        let mut errors = Vec::new();
        loop {
            match stream.next().await {
                Some(Ok(c)) => out.push(c),
                Some(Err(e)) => {
                    assert!(e.is_recoverable(), "{e}");
                    errors.push(e.to_string());
                    // `Framed` gives `None` once after an error; then it reads on.
                    assert!(stream.next().await.is_none());
                }
                None => break,
            }
        }
        (out, errors)
    };
    let (sent, (out, errors)) = tokio::join!(send, receive);
    sent.unwrap();
    assert_eq!(out, frames);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].starts_with("undecodable frame (skipped): "), "{errors:?}");
}
