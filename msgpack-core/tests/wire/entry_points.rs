//! The entry points' one family of names (issue 26): every name gives the
//! same bytes (top level and serde), `to_slice` fails
//! without panicking on a short slice, and `from_read` is bounded on
//! truncated, over-claiming and endless readers.

use std::io::{self, Read};

use msgpack_core::decode::{ErrorKind, StreamError};
use msgpack_core::encode::{self, EndOfSlice};
use msgpack_core::{DecodeOptions, Value};

/// Values of several shapes, with their bytes from `to_vec`.
fn samples() -> Vec<(Value, Vec<u8>)> {
    let values = [
        Value::from(7u8),
        Value::from("seven"),
        Value::Array(vec![Value::from(1u8), Value::from(-300i64), Value::Nil, Value::from(2.5f64)]),
        Value::Map(vec![(Value::from("k"), Value::Bin(vec![1, 2, 3])), (Value::from(1u8), Value::from(true))]),
        Value::from("x".repeat(300)),
    ];
    values
        .into_iter()
        .map(|v| {
            let bytes = msgpack_core::to_vec(&v).unwrap();
            (v, bytes)
        })
        .collect()
}

#[test]
fn top_level_entry_points_agree() {
    for (value, bytes) in samples() {
        // append to a Vec
        let mut new = vec![0xc0];
        msgpack_core::append_to_vec(&value, &mut new).unwrap();
        assert_eq!(new[0], 0xc0);
        assert_eq!(new[1..], bytes[..]);
        // into a slice
        let mut new = [0u8; 512];
        let n = msgpack_core::to_slice(&value, &mut new).unwrap();
        assert_eq!(new[..n], bytes[..]);
        // into an io::Write
        let mut new = Vec::new();
        msgpack_core::to_writer(&value, &mut new).unwrap();
        assert_eq!(new, bytes);
        // decoders: slice, slice with options, reader, reader with options
        let opts = DecodeOptions::untrusted();
        assert_eq!(msgpack_core::from_slice::<Value>(&bytes).unwrap(), value);
        assert_eq!(msgpack_core::from_slice_with::<Value>(&bytes, &opts).unwrap(), value);
        assert_eq!(msgpack_core::from_read::<Value, _>(&bytes[..]).unwrap(), value);
        assert_eq!(msgpack_core::from_read_with::<Value, _>(&bytes[..], &opts).unwrap(), value);
    }
}

#[cfg(feature = "bytes")]
#[test]
fn from_bytes_and_from_bytes_with() {
    use bytes::Bytes;
    for (value, bytes) in samples() {
        let input = Bytes::from(bytes);
        assert_eq!(msgpack_core::from_bytes::<Value>(&input).unwrap(), value);
        let with = msgpack_core::from_bytes_with::<Value>(&input, &DecodeOptions::new()).unwrap();
        assert_eq!(with, value);
    }
    // The options are applied.
    let input = Bytes::from_static(&[0xc4, 3, 1, 2, 3]);
    let strict = DecodeOptions::new().max_bin_len(2);
    assert!(msgpack_core::from_bytes_with::<Bytes>(&input, &strict).is_err());
    let shared: Bytes = msgpack_core::from_bytes(&input).unwrap();
    assert_eq!(shared.as_ptr(), input[2..].as_ptr());
}

#[test]
fn to_slice_too_small_is_an_error_at_every_size() {
    for (value, bytes) in samples() {
        for size in 0..bytes.len() {
            let mut buf = vec![0xee; size];
            let err = msgpack_core::to_slice(&value, &mut buf).unwrap_err();
            assert_eq!(err, encode::Error::Write(EndOfSlice), "size {size}");
        }
        let mut exact = vec![0; bytes.len()];
        assert_eq!(msgpack_core::to_slice(&value, &mut exact), Ok(bytes.len()));
    }
}

/// A reader of `bytes` that gives them `chunk` at a time.
struct Trickle<'a> {
    bytes: &'a [u8],
    chunk: usize,
}

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.chunk.min(buf.len()).min(self.bytes.len());
        buf[..n].copy_from_slice(&self.bytes[..n]);
        self.bytes = &self.bytes[n..];
        Ok(n)
    }
}

/// A reader that never ends: `head`, then `fill` forever, counting the
/// bytes handed out.
struct Endless {
    head: Vec<u8>,
    fill: u8,
    given: usize,
}

impl Read for Endless {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        for (i, b) in buf.iter_mut().enumerate() {
            *b = self.head.get(self.given + i).copied().unwrap_or(self.fill);
        }
        self.given += buf.len();
        Ok(buf.len())
    }
}

#[test]
fn from_read_over_a_trickle_and_truncated() {
    let (value, bytes) = samples().pop().unwrap();
    let got: Value = msgpack_core::from_read(Trickle { bytes: &bytes, chunk: 1 }).unwrap();
    assert_eq!(got, value);
    for cut in 0..bytes.len() {
        let err = msgpack_core::from_read::<Value, _>(Trickle { bytes: &bytes[..cut], chunk: 3 }).unwrap_err();
        assert!(matches!(err, StreamError::Truncated { .. }), "cut {cut}: {err}");
        assert_eq!(io::Error::from(err).kind(), io::ErrorKind::UnexpectedEof);
    }
}

#[test]
fn from_read_refuses_huge_claims_from_the_header() {
    // bin 32, str 32, array 32 and map 32 claiming 4 GiB / 4 G elements.
    let claims: [&[u8]; 4] = [
        &[0xc6, 0xff, 0xff, 0xff, 0xff],
        &[0xdb, 0xff, 0xff, 0xff, 0xff],
        &[0xdd, 0xff, 0xff, 0xff, 0xff],
        &[0xdf, 0xff, 0xff, 0xff, 0xff],
    ];
    for claim in claims {
        // The default options: at most DEFAULT_MAX_MESSAGE_LEN buffered.
        let err = msgpack_core::from_read::<Value, _>(claim).unwrap_err();
        assert!(
            matches!(err, StreamError::TooLarge { max, .. } if max == msgpack_core::decode::DEFAULT_MAX_MESSAGE_LEN),
            "{err}"
        );
        // The untrusted options' length limits, from the header.
        let err = msgpack_core::from_read_with::<Value, _>(claim, &DecodeOptions::untrusted()).unwrap_err();
        assert!(
            matches!(err, StreamError::Malformed(ref e) if matches!(e.kind(), ErrorKind::LimitExceeded { .. })),
            "{err}"
        );
        // max_alloc bounds the message.
        let opts = DecodeOptions::new().max_alloc(1000);
        let err = msgpack_core::from_read_with::<Value, _>(claim, &opts).unwrap_err();
        assert!(matches!(err, StreamError::TooLarge { max: 1000, .. }), "{err}");
    }
    // A claim that is refused only once its bytes run past the limit: at
    // most about twice the limit is read.
    let mut endless = Endless { head: vec![0xc6, 0x00, 0x10, 0x00, 0x00], fill: 0, given: 0 }; // bin of 1 MiB
    let opts = DecodeOptions::new().max_alloc(4096);
    assert!(matches!(msgpack_core::from_read_with::<Value, _>(&mut endless, &opts), Err(StreamError::TooLarge { .. })));
    assert!(endless.given <= 64 * 1024, "{} bytes read", endless.given);
}

#[test]
fn from_read_stops_on_endless_readers() {
    // An endless array of arrays: the depth limit.
    let mut nested = Endless { head: Vec::new(), fill: 0x91, given: 0 };
    let err = msgpack_core::from_read::<Value, _>(&mut nested).unwrap_err();
    assert!(
        matches!(err, StreamError::Malformed(ref e) if matches!(e.kind(), ErrorKind::DepthLimitExceeded { .. })),
        "{err}"
    );
    // An array of 65,535 elements and then endless bytes: the value ends, the
    // bytes after it are an error, and little is read.
    let mut long = Endless { head: vec![0xdc, 0xff, 0xff], fill: 0x01, given: 0 };
    let err = msgpack_core::from_read::<Vec<u8>, _>(&mut long).unwrap_err();
    assert!(matches!(err, StreamError::Decode(ref e) if matches!(e.kind(), ErrorKind::TrailingBytes { .. })), "{err}");
    assert!(long.given < 1 << 20, "{} bytes read", long.given);
    // One value and then bytes forever.
    let err = msgpack_core::from_read::<u8, _>(io::repeat(0x05)).unwrap_err();
    assert!(matches!(err, StreamError::Decode(ref e) if matches!(e.kind(), ErrorKind::TrailingBytes { .. })), "{err}");
}

#[test]
fn from_read_trailing_bytes_and_empty_input() {
    let err = msgpack_core::from_read::<u8, _>(&[0x01, 0x02][..]).unwrap_err();
    let StreamError::Decode(e) = err else { panic!("{err}") };
    assert_eq!((e.kind(), e.offset()), (&ErrorKind::TrailingBytes { count: 1 }, 1));
    // The same error from_slice gives.
    let slice = msgpack_core::from_slice::<u8>(&[0x01, 0x02]).unwrap_err();
    assert_eq!(e, slice);
    // Bytes after the value that arrive in a later read.
    let err = msgpack_core::from_read::<u8, _>(Trickle { bytes: &[0x01, 0x02, 0x03], chunk: 1 }).unwrap_err();
    assert!(matches!(err, StreamError::Decode(ref e) if e.kind() == &ErrorKind::TrailingBytes { count: 1 }), "{err}");
    // Nothing at all.
    assert!(matches!(msgpack_core::from_read::<u8, _>(io::empty()), Err(StreamError::Truncated { buffered: 0, .. })));
    // A whole value of the wrong type.
    assert!(matches!(msgpack_core::from_read::<u8, _>(&[0xa1, b'x'][..]), Err(StreamError::Decode(_))));
}

#[cfg(feature = "serde")]
mod serde_format {
    use super::*;
    use serde::{Deserialize, Serialize};
    use std::collections::BTreeMap;

    #[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
    struct Record {
        id: u32,
        name: String,
        tags: Vec<String>,
        scores: BTreeMap<String, i64>,
    }

    fn record() -> Record {
        Record {
            id: 42,
            name: "ana".into(),
            tags: vec!["a".into(), "bb".into()],
            scores: BTreeMap::from([("x".into(), -1), ("y".into(), 70_000)]),
        }
    }

    #[test]
    fn serde_entry_points_agree_with_the_top_level() {
        let value = record();
        let bytes = msgpack_core::serde::to_vec(&value).unwrap();
        assert_eq!(bytes, rmp_serde::to_vec(&value).unwrap());
        // append to a Vec
        let mut new = vec![0xc3];
        msgpack_core::serde::append_to_vec(&value, &mut new).unwrap();
        assert_eq!(new[0], 0xc3);
        assert_eq!(new[1..], bytes[..]);
        // into a slice, and too small at every size
        let mut buf = [0u8; 256];
        let n = msgpack_core::serde::to_slice(&value, &mut buf).unwrap();
        assert_eq!(buf[..n], bytes[..]);
        for size in 0..bytes.len() {
            let mut small = vec![0u8; size];
            let err = msgpack_core::serde::to_slice(&value, &mut small).unwrap_err();
            assert!(matches!(err, msgpack_core::serde::Error::Encode(encode::Error::Write(EndOfSlice))), "size {size}");
        }
        // into an io::Write
        let mut out = Vec::new();
        msgpack_core::serde::to_writer(&value, &mut out).unwrap();
        assert_eq!(out, bytes);
        // decoders
        let opts = DecodeOptions::untrusted();
        assert_eq!(msgpack_core::serde::from_slice::<Record>(&bytes).unwrap(), value);
        assert_eq!(msgpack_core::serde::from_slice_with::<Record>(&bytes, &opts).unwrap(), value);
        assert_eq!(msgpack_core::serde::from_read::<Record, _>(&bytes[..]).unwrap(), value);
        let trickle = Trickle { bytes: &bytes, chunk: 2 };
        assert_eq!(msgpack_core::serde::from_read_with::<Record, _>(trickle, &opts).unwrap(), value);
        // Value has both impls: the two families write the same bytes.
        for (v, top) in samples() {
            assert_eq!(msgpack_core::serde::to_vec(&v).unwrap(), top);
            let mut buf = [0u8; 512];
            let n = msgpack_core::serde::to_slice(&v, &mut buf).unwrap();
            assert_eq!(buf[..n], top[..]);
            assert_eq!(msgpack_core::serde::from_read::<Value, _>(&top[..]).unwrap(), v);
        }
    }

    #[test]
    fn serde_from_read_is_bounded() {
        let bytes = msgpack_core::serde::to_vec(&record()).unwrap();
        for cut in 0..bytes.len() {
            let err = msgpack_core::serde::from_read::<Record, _>(&bytes[..cut]).unwrap_err();
            assert!(matches!(err, StreamError::Truncated { .. }), "cut {cut}: {err}");
        }
        let claim: &[u8] = &[0xdd, 0xff, 0xff, 0xff, 0xff];
        let err = msgpack_core::serde::from_read::<Vec<u8>, _>(claim).unwrap_err();
        assert!(matches!(err, StreamError::TooLarge { .. }), "{err}");
        let err = msgpack_core::serde::from_read::<u8, _>(io::repeat(0x05)).unwrap_err();
        assert!(
            matches!(err, StreamError::Decode(ref e) if matches!(e.kind(), ErrorKind::TrailingBytes { .. })),
            "{err}"
        );
        let mut nested = Endless { head: Vec::new(), fill: 0x91, given: 0 };
        assert!(matches!(msgpack_core::serde::from_read::<Value, _>(&mut nested), Err(StreamError::Malformed(_))));
    }
}

/// An `Encode` impl whose `encoded_len` breaks the contract (one byte
/// short): `to_vec` (a buffer of exactly that capacity) fails with
/// `Error::Custom`; `append_to_vec` with room to spare succeeds in its one
/// pass (the length is then never asked; without room, whether the
/// reserved capacity holds the value depends on the allocator's rounding).
#[test]
fn short_encoded_len_is_an_error_not_a_corrupt_buffer() {
    use msgpack_core::encode::{self, Encode, Encoder, Write};

    struct Liar;
    impl Encode for Liar {
        fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
            e.str("four")
        }
        fn encoded_len(&self) -> usize {
            4 // 5 written
        }
    }

    match msgpack_core::to_vec(&Liar) {
        Err(encode::Error::Custom(msg)) => assert!(msg.contains("encoded_len"), "{msg}"),
        other => panic!("expected the contract error, got {other:?}"),
    }
    let mut roomy = Vec::with_capacity(64);
    msgpack_core::append_to_vec(&Liar, &mut roomy).unwrap();
    assert_eq!(roomy, [0xa4, b'f', b'o', b'u', b'r']);
}
