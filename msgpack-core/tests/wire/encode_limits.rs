//! Guarantee 4 of the crate docs: encoding never panics. A slice that is
//! too small gives `EndOfSlice` and holds a prefix of the full encoding
//! made of whole items (a `str` / `bin` is written with its payload or not
//! at all); values MessagePack cannot hold are `Unrepresentable`.

use msgpack_core::encode::{self, EndOfSlice, SliceWriter};
use msgpack_core::{Encode, Encoder, Ext, MsgPack, Timestamp, Value, to_vec};

#[derive(MsgPack, Debug, PartialEq)]
struct Doc {
    id: u64,
    name: String,
    tags: Vec<String>,
    blob: Vec<u8>,
    when: Timestamp,
    extra: Option<Value>,
}

fn samples() -> Vec<Box<dyn Fn() -> Vec<u8>>> {
    fn enc<T: Encode + 'static>(v: T) -> Box<dyn Fn() -> Vec<u8>> {
        Box::new(move || to_vec(&v).unwrap())
    }
    vec![
        enc(Value::Array(vec![
            Value::from(u64::MAX),
            Value::from(i64::MIN),
            Value::from("x".repeat(40)),
            Value::Bin(vec![7; 300]),
            Value::from(Ext::new(3, vec![1; 17])),
            Value::Map(vec![(Value::from(1u8), Value::Array(vec![Value::Nil; 20]))]),
            Value::F32(1.5),
            Value::F64(-0.0),
        ])),
        enc(Doc {
            id: 1 << 40,
            name: "naïve".into(),
            tags: vec!["a".into(), "b".repeat(33)],
            blob: vec![0xff; 70_000],
            when: Timestamp::new(1 << 34, 5).unwrap(),
            extra: Some(Value::from("e")),
        }),
        enc("é".repeat(40_000)),
    ]
}

/// Every buffer size from 0 to the full length: too small is `EndOfSlice`
/// with a prefix of the full encoding in the buffer, big enough is `Ok`.
#[test]
fn a_full_slice_is_an_error_with_a_prefix_written() {
    for make in samples() {
        let full = make();
        let value: Value = msgpack_core::from_slice(&full).unwrap();
        let sizes: Vec<usize> = (0..full.len().min(600)).chain((600..full.len()).step_by(997)).collect();
        for size in sizes.into_iter().chain([full.len(), full.len() + 3]) {
            let mut buf = vec![0xeeu8; size];
            let mut w = SliceWriter::new(&mut buf);
            let r = Encoder::new(&mut w).encode(&value);
            let written = w.position();
            if size < full.len() {
                assert_eq!(r, Err(encode::Error::Write(EndOfSlice)), "size {size}");
                assert!(written <= size);
                assert_eq!(&buf[..written], &full[..written], "size {size}: not a prefix");
                // Nothing past what was written was touched.
                assert!(buf[written..].iter().all(|&b| b == 0xee), "size {size}");
            } else {
                assert_eq!(r, Ok(()), "size {size}");
                assert_eq!(&buf[..written], &full[..]);
            }
            // The one-call form fails when too small (with a prefix written).
            let mut buf2 = vec![0u8; size];
            let r = msgpack_core::to_slice(&value, &mut buf2);
            assert_eq!(r.is_ok(), size >= full.len(), "size {size}");
        }
    }
}

#[test]
fn unrepresentable_values_are_errors() {
    assert_eq!(
        to_vec(&(u64::MAX as u128 + 1)),
        Err(encode::Error::Unrepresentable("u128 outside the 64-bit integer range"))
    );
    assert!(to_vec(&(i64::MIN as i128 - 1)).is_err());
    assert!(to_vec(&u128::from(u64::MAX)).is_ok());
}
