//! Framing and stream decoding: `decode::message_len`, `decode::Framer` and
//! `decode::StreamDecoder`.
//!
//! Properties checked: the framer agrees with `Decoder::skip` on every
//! interop vector and on every prefix of it; resuming gives the same answers
//! as starting over; invalid prefixes are refused as soon as they show (0xc1,
//! depth, declared lengths); a stream decoder reads messages however the
//! bytes are split, tells a clean end from a cut message, refuses huge
//! claims without buffering them and retries interrupted reads.

use std::cell::Cell;
use std::io::{self, Read};
use std::rc::Rc;

use msgpack_core::decode::{
    self, DEFAULT_MAX_MESSAGE_LEN, ErrorKind, Framer, Limit, StreamDecoder, StreamError, message_len,
};
use msgpack_core::{DecodeOptions, Decoder, MsgPack, Value, ValueRef, from_slice, from_slice_with, to_vec};
use serde_json::Value as Json;

// ---- readers -------------------------------------------------------------------

/// Serves `data` in reads of the sizes in `sizes` (cycled); a size of 0
/// means an `Interrupted` error instead of a read.
struct Chunked<'a> {
    data: &'a [u8],
    sizes: &'a [usize],
    turn: usize,
}

impl<'a> Chunked<'a> {
    fn new(data: &'a [u8], sizes: &'a [usize]) -> Self {
        Chunked { data, sizes, turn: 0 }
    }
}

impl Read for Chunked<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let size = self.sizes[self.turn % self.sizes.len()];
        self.turn += 1;
        if size == 0 {
            return Err(io::ErrorKind::Interrupted.into());
        }
        let n = size.min(buf.len()).min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

/// `prefix`, then `fill` forever; counts the bytes it served.
struct Endless {
    prefix: Vec<u8>,
    fill: u8,
    served: Rc<Cell<usize>>,
}

impl Read for Endless {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let at = self.served.get();
        for (i, b) in buf.iter_mut().enumerate() {
            *b = *self.prefix.get(at + i).unwrap_or(&self.fill);
        }
        self.served.set(at + buf.len());
        Ok(buf.len())
    }
}

fn endless(prefix: &[u8], fill: u8) -> (Endless, Rc<Cell<usize>>) {
    let served = Rc::new(Cell::new(0));
    (Endless { prefix: prefix.to_vec(), fill, served: served.clone() }, served)
}

// ---- the interop vectors (as tests/wire/interop.rs loads them) ------------------------

fn unhex(s: &str) -> Vec<u8> {
    (0..s.len()).step_by(2).map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap()).collect()
}

/// (name, bytes) of every vector in `tests/data/vectors.json`.
fn vectors() -> Vec<(String, Vec<u8>)> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/vectors.json")).unwrap();
    let doc: Json = serde_json::from_str(&text).unwrap();
    let vs: Vec<_> = doc["vectors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| (v["name"].as_str().unwrap().to_owned(), unhex(v["hex"].as_str().unwrap())))
        .collect();
    assert!(vs.len() >= 400, "{} vectors", vs.len());
    vs
}

fn skip_len(bytes: &[u8]) -> Result<usize, decode::Error> {
    let mut d = Decoder::new(bytes);
    d.skip()?;
    Ok(d.position())
}

/// Feeds `bytes` to one framer a byte more each call; returns the first
/// answer that is not `Ok(None)` (and checks `needed` on the way).
fn feed_bytewise(framer: &mut Framer, bytes: &[u8]) -> Result<Option<usize>, decode::Error> {
    for end in 0..=bytes.len() {
        match framer.message_len(&bytes[..end])? {
            None => assert!(framer.needed() > end as u64, "needed {} with {end} bytes", framer.needed()),
            Some(n) => return Ok(Some(n)),
        }
    }
    Ok(None)
}

// ---- framing: agreement with skip ------------------------------------------------

#[test]
fn message_len_agrees_with_skip_on_the_interop_vectors() {
    let opts = DecodeOptions::new();
    for (name, bytes) in vectors() {
        let len = skip_len(&bytes).unwrap_or_else(|e| panic!("{name}: skip: {e}"));
        assert_eq!(len, bytes.len(), "{name}");
        assert_eq!(message_len(&bytes, &opts).unwrap(), Some(len), "{name}");
        // Whatever follows is the next message's.
        let mut more = bytes.clone();
        more.extend_from_slice(&[0xc1, 0xdb, 0xff]);
        assert_eq!(message_len(&more, &opts).unwrap(), Some(len), "{name}: with bytes after it");
        // Every proper prefix needs more bytes (as skip says: UnexpectedEof);
        // for the few large vectors, 500 of them (each check costs O(len)).
        let step = len / 500 + 1;
        for cut in (0..len).step_by(step).chain(len.saturating_sub(20)..len) {
            let err = skip_len(&bytes[..cut]).unwrap_err();
            assert!(matches!(err.kind(), ErrorKind::UnexpectedEof { .. }), "{name}[..{cut}]: skip: {err}");
            assert_eq!(message_len(&bytes[..cut], &opts).unwrap(), None, "{name}[..{cut}]");
        }
        // Resumed a byte at a time: the same length.
        let mut framer = Framer::new(opts);
        assert_eq!(feed_bytewise(&mut framer, &more).unwrap(), Some(len), "{name}: byte by byte");
        // The framer starts over after an answer: the next message.
        assert_eq!(framer.message_len(&[0xc0]).unwrap(), Some(1), "{name}: after");
    }
}

#[test]
fn the_stream_decoder_returns_every_vector_back_to_back_one_byte_per_read() {
    let vs = vectors();
    let wire: Vec<u8> = vs.iter().flat_map(|(_, b)| b.iter().copied()).collect();
    let mut raw = StreamDecoder::new(Chunked::new(&wire, &[1]));
    for (name, bytes) in &vs {
        assert_eq!(raw.next_raw().unwrap().unwrap_or_else(|| panic!("{name}: ended early")), &bytes[..], "{name}");
    }
    assert!(raw.next_raw().unwrap().is_none());

    // Decoded as `Value` and `ValueRef`, in reads of 7 bytes: the same as
    // decoding each vector alone (compared re-encoded: NaN != NaN).
    let mut owned = StreamDecoder::new(Chunked::new(&wire, &[7]));
    let mut borrowed = StreamDecoder::new(Chunked::new(&wire, &[7]));
    for (name, bytes) in &vs {
        let alone: Value = from_slice(bytes).unwrap();
        let got: Value = owned.next().unwrap().unwrap();
        assert_eq!(to_vec(&got).unwrap(), to_vec(&alone).unwrap(), "{name}");
        let got: ValueRef = borrowed.next_ref().unwrap().unwrap();
        assert_eq!(to_vec(&got).unwrap(), to_vec(&alone).unwrap(), "{name}: ValueRef");
    }
    assert!(owned.next::<Value>().unwrap().is_none());
    assert!(borrowed.next_ref::<ValueRef>().unwrap().is_none());
}

use crate::common::rng;
use rng::Rng;

/// Random short inputs (bytes drawn mostly from markers and small lengths)
/// and mutated vectors: the framer never panics, agrees with `skip`, and
/// answers the same resumed as started over.
#[test]
fn random_input_agrees_with_skip_and_resuming_agrees_with_starting_over() {
    let alphabet = [
        0x00, 0x01, 0x02, 0x7f, 0x80, 0x81, 0x82, 0x90, 0x91, 0x92, 0x9f, 0xa0, 0xa1, 0xa3, 0xbf, 0xc0, 0xc1, 0xc3,
        0xc4, 0xc5, 0xc6, 0xc7, 0xc8, 0xc9, 0xca, 0xcb, 0xcc, 0xcf, 0xd0, 0xd3, 0xd4, 0xd5, 0xd8, 0xd9, 0xda, 0xdb,
        0xdc, 0xdd, 0xde, 0xdf, 0xe0, 0xff,
    ];
    // Small vectors only: every prefix is framed from scratch below.
    let vs: Vec<_> = vectors().into_iter().filter(|(_, b)| b.len() <= 256).collect();
    assert!(vs.len() >= 300, "{} small vectors", vs.len());
    let mut rng = Rng(0x5eed_1234_abcd_0042);
    let tight = DecodeOptions::new().max_depth(3).max_str_len(4).max_bin_len(2).max_ext_len(2).max_container_len(3);
    for round in 0..20_000 {
        let input: Vec<u8> = if round % 2 == 0 {
            (0..rng.below(24)).map(|_| alphabet[rng.below(alphabet.len())]).collect()
        } else {
            let mut v = vs[rng.below(vs.len())].1.clone();
            for _ in 0..1 + rng.below(3) {
                let at = rng.below(v.len() + 1);
                match rng.below(3) {
                    0 if at < v.len() => v[at] ^= 1 << rng.below(8),
                    1 => v.insert(at, alphabet[rng.below(alphabet.len())]),
                    _ => v.truncate(at),
                }
            }
            v
        };

        // Against skip, with the default options (depth 1024 is out of reach here).
        let got = message_len(&input, &DecodeOptions::new());
        match skip_len(&input) {
            Ok(n) => assert_eq!(got.unwrap(), Some(n), "{input:02x?}"),
            Err(e) => match e.kind() {
                ErrorKind::ReservedMarker => assert_eq!(got.unwrap_err(), e, "{input:02x?}"),
                // Skip stops early when the counts outrun the input; the
                // framer reads on and may find a 0xc1 there.
                ErrorKind::UnexpectedEof { .. } => match got {
                    Ok(None) => {}
                    Err(f) => {
                        assert_eq!(f.kind(), &ErrorKind::ReservedMarker, "{input:02x?}");
                        assert_eq!(input[f.offset()], 0xc1, "{input:02x?}");
                    }
                    Ok(Some(n)) => panic!("{input:02x?}: framed {n} bytes, skip says {e}"),
                },
                other => panic!("skip: {other}"),
            },
        }

        // Resumed byte by byte, with tight limits: each answer equals the
        // answer for that prefix from scratch.
        for opts in [DecodeOptions::new(), tight] {
            let mut framer = Framer::new(opts);
            for end in 0..=input.len() {
                let resumed = framer.message_len(&input[..end]);
                let fresh = message_len(&input[..end], &opts);
                assert_eq!(resumed, fresh, "{input:02x?}[..{end}] with {opts:?}");
                if !matches!(fresh, Ok(None)) {
                    break;
                }
            }
        }
    }
}

// ---- framing: what is refused, and when ------------------------------------------

#[test]
fn the_reserved_byte_is_refused_as_soon_as_it_arrives() {
    let opts = DecodeOptions::new();
    for (input, at) in [
        (&[0xc1][..], 0),
        (&[0x92, 0x01, 0xc1], 2),
        (&[0x81, 0xa1, b'k', 0xc1], 3),
        // The array still expects 2 more elements: skip would report a
        // truncation; the framer knows no continuation can help.
        (&[0x94, 0x01, 0xc1], 2),
        (&[0xdd, 0xff, 0xff, 0xff, 0xff, 0xc1], 5),
    ] {
        let err = message_len(input, &opts).unwrap_err();
        assert_eq!((err.kind(), err.offset()), (&ErrorKind::ReservedMarker, at), "{input:02x?}");
        let err = StreamDecoder::new(input).next_raw().unwrap_err();
        assert!(matches!(&err, StreamError::Malformed(e) if e.kind() == &ErrorKind::ReservedMarker), "{err}");
        // The same error again on the next call: the stream cannot resync.
        let mut stream = StreamDecoder::new(input);
        let first = stream.next::<Value>().unwrap_err().to_string();
        assert_eq!(stream.next::<Value>().unwrap_err().to_string(), first);
    }
}

/// Nested arrays/maps `depth` levels deep with an element before and after
/// each inner one, so levels close with items left in their parents.
fn nested(depth: usize, maps: bool) -> Vec<u8> {
    let mut v = Value::Nil;
    for i in 0..depth {
        v = if maps && i % 2 == 1 {
            Value::Map(vec![(Value::from(1u8), v), (Value::from(2u8), Value::from("x"))])
        } else {
            Value::Array(vec![Value::from(i as u64), v, Value::Bool(true)])
        };
    }
    to_vec(&v).unwrap()
}

#[test]
fn depth_errors_agree_with_decoding_a_value() {
    for depth in [0, 1, 2, 3, 10, 63, 64, 65, 66, 100, 200] {
        for maps in [false, true] {
            let bytes = nested(depth, maps);
            for max_depth in [0, 1, 2, 3, 10, 63, 64, 65, 66, 100, 199, 200, 1024] {
                let opts = DecodeOptions::new().max_depth(max_depth);
                let framed = message_len(&bytes, &opts);
                let decoded = from_slice_with::<Value>(&bytes, &opts);
                match (&framed, &decoded) {
                    (Ok(Some(n)), Ok(_)) => assert_eq!(*n, bytes.len()),
                    (Err(f), Err(d)) => {
                        assert_eq!(f.kind(), &ErrorKind::DepthLimitExceeded { limit: max_depth });
                        assert_eq!((f.kind(), f.offset()), (d.kind(), d.offset()), "depth {depth}/{max_depth}");
                    }
                    _ => panic!("depth {depth}, max {max_depth}, maps {maps}: framed {framed:?}, decoded {decoded:?}"),
                }
                // Resumed, and every prefix: the same.
                assert_eq!(feed_bytewise(&mut Framer::new(opts), &bytes), framed);
            }
        }
    }
}

#[test]
fn nesting_past_max_depth_is_refused_without_reading_on() {
    // An endless `[[[[...`: refused at the first level too deep.
    for opts in [DecodeOptions::new(), DecodeOptions::untrusted()] {
        let (reader, served) = endless(&[], 0x91);
        let err = StreamDecoder::with_options(reader, opts).next_raw().unwrap_err();
        let StreamError::Malformed(e) = &err else { panic!("{err}") };
        assert_eq!(e.kind(), &ErrorKind::DepthLimitExceeded { limit: opts.max_depth });
        assert_eq!(e.offset(), opts.max_depth as usize);
        assert!(served.get() <= 16 * 1024, "read {} bytes", served.get());
    }
}

#[test]
fn length_limits_agree_with_decoding_a_value() {
    let opts = DecodeOptions::new().max_str_len(3).max_bin_len(3).max_ext_len(3).max_container_len(3);
    // (message, limit, bytes up to the end of the header that breaks it)
    let cases: [(&[u8], Limit, usize); 8] = [
        (&[0x92, 0x01, 0xa4, b'a', b'b', b'c', b'd'], Limit::StrLen, 3),
        (&[0x92, 0x01, 0xd9, 0x04, b'a', b'b', b'c', b'd'], Limit::StrLen, 4),
        (&[0x92, 0x01, 0xc4, 0x04, 1, 2, 3, 4], Limit::BinLen, 4),
        (&[0x92, 0x01, 0xd6, 0x05, 1, 2, 3, 4], Limit::ExtLen, 3),
        (&[0x92, 0x01, 0xc7, 0x04, 0x05, 1, 2, 3, 4], Limit::ExtLen, 4),
        (&[0x92, 0x01, 0x94, 1, 2, 3, 4], Limit::ContainerLen, 3),
        (&[0x92, 0x01, 0x84, 1, 1, 2, 2, 3, 3, 4, 4], Limit::ContainerLen, 3),
        (&[0x92, 0x01, 0xdc, 0x00, 0x04, 1, 2, 3, 4], Limit::ContainerLen, 5),
    ];
    for (input, limit, header) in cases {
        let framed = message_len(input, &opts).unwrap_err();
        let decoded = from_slice_with::<Value>(input, &opts).unwrap_err();
        assert!(matches!(framed.kind(), ErrorKind::LimitExceeded { limit: l, value: 4, max: 3 } if *l == limit));
        assert_eq!((framed.kind(), framed.offset()), (decoded.kind(), decoded.offset()), "{input:02x?}");
        // Refused once the header is there, before the payload arrives.
        assert_eq!(message_len(&input[..header], &opts).unwrap_err(), framed, "{input:02x?}");
        assert_eq!(message_len(&input[..header - 1], &opts).unwrap(), None, "{input:02x?}");
        // Within the limits, the same shapes frame.
        assert_eq!(message_len(input, &DecodeOptions::new()).unwrap(), Some(input.len()));
    }
}

#[test]
fn a_4_gib_claim_is_refused_before_it_is_buffered() {
    let gib4 = u64::from(u32::MAX);
    for (header, needed) in [
        (&[0xdb, 0xff, 0xff, 0xff, 0xff][..], 5 + gib4),         // str 32
        (&[0xc6, 0xff, 0xff, 0xff, 0xff], 5 + gib4),             // bin 32
        (&[0xc9, 0xff, 0xff, 0xff, 0xff, 0x01], 6 + gib4),       // ext 32
        (&[0xdd, 0xff, 0xff, 0xff, 0xff], 5 + gib4),             // array 32: a byte per element at least
        (&[0xdf, 0xff, 0xff, 0xff, 0xff], 5 + 2 * gib4),         // map 32: two
        (&[0x92, 0xc0, 0xdb, 0xff, 0xff, 0xff, 0xff], 7 + gib4), // nested, not first
        (&[0x93, 0xdb, 0xff, 0xff, 0xff, 0xff], 6 + gib4 + 2),   // and elements after it
    ] {
        let mut framer = Framer::default();
        assert_eq!(framer.message_len(header).unwrap(), None, "{header:02x?}");
        assert_eq!(framer.needed(), needed, "{header:02x?}");

        let (reader, served) = endless(header, 0x00);
        let err = StreamDecoder::new(reader).next_raw().unwrap_err();
        assert!(
            matches!(err, StreamError::TooLarge { needed: n, max: DEFAULT_MAX_MESSAGE_LEN } if n == needed),
            "{header:02x?}: {err}"
        );
        assert!(served.get() <= 16 * 1024, "{header:02x?}: read {} bytes", served.get());
    }

    // Counts of nested containers add up: 65,535 elements, the first an
    // array of 65,536.
    let mut framer = Framer::default();
    assert_eq!(framer.message_len(&[0xdc, 0xff, 0xff, 0xdd, 0x00, 0x01, 0x00, 0x00]).unwrap(), None);
    assert_eq!(framer.needed(), 8 + 65536 + 65534);

    // A smaller limit: a 1 MiB claim against 64 KiB.
    let (reader, served) = endless(&[0xc6, 0x00, 0x10, 0x00, 0x00], 0x00);
    let err = StreamDecoder::new(reader).max_message_len(64 * 1024).next_raw().unwrap_err();
    assert!(matches!(err, StreamError::TooLarge { needed: 0x10_0005, max: 65536 }), "{err}");
    assert!(served.get() <= 16 * 1024);
}

#[test]
fn max_message_len_is_exact() {
    let message = to_vec(&vec![7u8; 100]).unwrap(); // bin 8: 102 bytes
    assert_eq!(message.len(), 102);
    let read = |max| StreamDecoder::new(&message[..]).max_message_len(max).next::<Vec<u8>>();
    assert_eq!(read(102).unwrap().unwrap().len(), 100);
    // Refused even when it arrived whole in one read.
    assert!(matches!(read(101), Err(StreamError::TooLarge { needed: 102, max: 101 })));
    // And when it arrives a byte at a time (refused once its header is in).
    let mut stream = StreamDecoder::new(Chunked::new(&message, &[1])).max_message_len(101);
    assert!(matches!(stream.next_raw(), Err(StreamError::TooLarge { needed: 102, max: 101 })));
    assert_eq!(stream.buffered().len(), 2);
}

// ---- stream decoding ------------------------------------------------------------

#[derive(MsgPack, Debug, PartialEq, Clone)]
enum Event {
    Login { user: String, at: u64 },
    Data { seq: u32, payload: Vec<u8>, tags: Vec<String> },
    Ping,
    Nested(Vec<Option<Vec<i64>>>),
}

fn events(n: usize) -> Vec<Event> {
    (0..n)
        .map(|i| match i % 4 {
            0 => Event::Login { user: format!("user{i}"), at: i as u64 * 1_000_003 },
            1 => Event::Data {
                seq: i as u32,
                payload: vec![i as u8; i % 300],
                tags: (0..i % 5).map(|t| "t".repeat(t * 10)).collect(),
            },
            2 => Event::Ping,
            _ => Event::Nested(vec![None, Some(vec![-(i as i64), i as i64 * 65_537]), Some(vec![])]),
        })
        .collect()
}

#[test]
fn many_messages_however_the_reads_split_them() {
    let sent = events(2_000);
    let wire: Vec<u8> = sent.iter().flat_map(|e| to_vec(e).unwrap()).collect();
    for sizes in [&[1][..], &[2], &[3, 1, 4, 1, 5, 9, 2, 6], &[64], &[4096], &[100_000], &[0, 1], &[0, 0, 7]] {
        let mut stream = StreamDecoder::with_options(Chunked::new(&wire, sizes), DecodeOptions::untrusted());
        let mut got = Vec::new();
        while let Some(event) = stream.next::<Event>().unwrap() {
            got.push(event);
        }
        assert_eq!(got, sent, "reads of {sizes:?}");
        assert!(stream.buffered().is_empty());
    }
}

#[test]
fn interrupted_reads_are_retried() {
    let wire = to_vec(&("a", 1u8, [2u8, 3])).unwrap();
    // Interrupted before every byte.
    let mut stream = StreamDecoder::new(Chunked::new(&wire, &[0, 1]));
    assert_eq!(stream.next::<(String, u8, [u8; 2])>().unwrap(), Some(("a".to_string(), 1, [2, 3])));
    assert_eq!(stream.next::<Value>().unwrap(), None);
}

/// A reader that fails once with `kind` after `after` bytes, then goes on.
struct FailsOnce<'a> {
    data: &'a [u8],
    after: usize,
    kind: Option<io::ErrorKind>,
}

impl Read for FailsOnce<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.after == 0
            && let Some(kind) = self.kind.take()
        {
            return Err(kind.into());
        }
        let n = buf.len().min(self.data.len()).min(self.after.max(1));
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        self.after = self.after.saturating_sub(n);
        Ok(n)
    }
}

#[test]
fn an_io_error_loses_nothing() {
    let wire: Vec<u8> = [to_vec(&"first").unwrap(), to_vec(&"second").unwrap()].concat();
    // Fails in the middle of the second message.
    let reader = FailsOnce { data: &wire, after: 9, kind: Some(io::ErrorKind::TimedOut) };
    let mut stream = StreamDecoder::new(reader);
    assert_eq!(stream.next::<String>().unwrap().as_deref(), Some("first"));
    let err = stream.next::<String>().unwrap_err();
    assert!(matches!(&err, StreamError::Io(e) if e.kind() == io::ErrorKind::TimedOut), "{err}");
    assert_eq!(io::Error::from(err).kind(), io::ErrorKind::TimedOut);
    assert_eq!(stream.next::<String>().unwrap().as_deref(), Some("second"));
    assert_eq!(stream.next::<String>().unwrap(), None);
}

#[test]
fn a_clean_end_between_messages_and_a_truncated_one() {
    let messages = [to_vec(&1u8).unwrap(), to_vec(&("two", [2u16; 3])).unwrap(), to_vec(&"three").unwrap()];
    let wire = messages.concat();
    let boundaries: Vec<usize> =
        messages.iter().scan(0, |end, m| Some(std::mem::replace(end, *end + m.len()))).collect();
    for cut in 0..=wire.len() {
        let mut stream = StreamDecoder::new(Chunked::new(&wire[..cut], &[3]));
        let mut whole = 0;
        loop {
            match stream.next_raw() {
                Ok(Some(m)) => {
                    assert_eq!(m, &messages[whole][..]);
                    whole += 1;
                }
                Ok(None) => {
                    assert!(cut == wire.len() || boundaries.contains(&cut), "cut {cut}: clean end inside a message");
                    break;
                }
                Err(StreamError::Truncated { buffered, needed }) => {
                    let start = boundaries[whole];
                    assert_eq!(buffered, cut - start, "cut {cut}");
                    assert!(needed > buffered as u64 && needed <= messages[whole].len() as u64, "cut {cut}");
                    break;
                }
                Err(e) => panic!("cut {cut}: {e}"),
            }
        }
        let complete = boundaries.iter().chain([&wire.len()]).skip(1).filter(|&&end| end <= cut).count();
        assert_eq!(whole, complete, "cut {cut}");
    }
}

#[test]
fn a_message_of_the_wrong_type_is_skipped() {
    let wire = [to_vec(&"a").unwrap(), to_vec(&[true, false]).unwrap(), to_vec(&"b").unwrap()].concat();
    let mut stream = StreamDecoder::new(&wire[..]);
    assert_eq!(stream.next::<String>().unwrap().as_deref(), Some("a"));
    let err = stream.next::<String>().unwrap_err();
    let StreamError::Decode(e) = &err else { panic!("{err}") };
    assert_eq!(e.offset(), 0); // from the start of the message
    assert_eq!(err.to_string(), "expected str, found array of 2 elements at $ (byte 0)");
    assert_eq!(stream.next::<String>().unwrap().as_deref(), Some("b"));
}

#[test]
fn next_ref_borrows_from_the_buffer() {
    let wire = [to_vec(&("k1", &b"v1"[..])).unwrap(), to_vec(&("k2", &b"v2"[..])).unwrap()].concat();
    let mut stream = StreamDecoder::new(Chunked::new(&wire, &[1]));
    let mut seen = Vec::new();
    while let Some((key, value)) = stream.next_ref::<(&str, &[u8])>().unwrap() {
        seen.push(format!("{key}={}", String::from_utf8_lossy(value)));
    }
    assert_eq!(seen, ["k1=v1", "k2=v2"]);
}

/// A quadratic framer (one that rescans the message on every call) would
/// take about 5 * 10^11 steps here; the resuming one takes 10^6.
#[test]
fn framing_a_message_a_byte_at_a_time_is_linear() {
    const N: usize = 1_000_000;
    let mut message = vec![0xdd, 0x00, 0x0f, 0x42, 0x40]; // array 32 of 1,000,000
    message.resize(5 + N, 0x01);
    let mut framer = Framer::default();
    assert_eq!(feed_bytewise(&mut framer, &message).unwrap(), Some(message.len()));

    let mut stream = StreamDecoder::new(Chunked::new(&message, &[1]));
    let ones: Vec<u8> = stream.next().unwrap().unwrap();
    assert_eq!(ones.len(), N);
}

#[test]
fn the_error_messages() {
    let cases: [(&[u8], &str, io::ErrorKind); 3] = [
        (
            &[0x91, 0xc1],
            "malformed stream: invalid marker 0xc1 (never used by MessagePack) at $ (byte 1)",
            io::ErrorKind::InvalidData,
        ),
        (
            &[0xdb, 0xff, 0xff, 0xff, 0xff],
            "a message of at least 4294967300 bytes exceeds the limit of 67108864 bytes",
            io::ErrorKind::InvalidData,
        ),
        (
            &[0x93, 0x01],
            "the stream ended inside a message: 2 bytes received, at least 4 needed",
            io::ErrorKind::UnexpectedEof,
        ),
    ];
    for (input, text, kind) in cases {
        let err = StreamDecoder::new(input).next::<Value>().unwrap_err();
        assert_eq!(err.to_string(), text);
        assert_eq!(std::error::Error::source(&err).is_some(), matches!(err, StreamError::Malformed(_)));
        let io = io::Error::from(err);
        assert_eq!(io.kind(), kind);
        assert_eq!(io.to_string(), text);
    }
}
