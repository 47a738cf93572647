//! The output sinks' fast paths (the fixed-size `write_marked_*` items, the
//! spare-capacity writes behind `to_vec` / `append_to_vec`), at every room
//! boundary. Small on purpose: these are the tests Miri runs over the
//! `unsafe` blocks of `src/mem/sink.rs` and `src/mem/sink/`
//! (`cargo +nightly miri test -p msgpack-core --test wire wire::sinks::`).

use msgpack_core::encode::{EndOfSlice, SliceWriter, Write};
use msgpack_core::{Encode, Encoder, append_to_vec, to_slice, to_vec};

/// One fixed-size item: a marker and its payload.
#[derive(Clone, Copy, Debug)]
enum Item {
    Byte(u8),
    U8(u8, u8),
    U16(u8, u16),
    U32(u8, u32),
    U64(u8, u64),
}

const ITEMS: [Item; 5] = [
    Item::Byte(0xc0),
    Item::U8(0xcc, 0xfe),
    Item::U16(0xcd, 0x1234),
    Item::U32(0xca, 0x3f80_0001),
    Item::U64(0xcf, 0x0102_0304_0506_0708),
];

fn expected(item: Item) -> Vec<u8> {
    match item {
        Item::Byte(b) => vec![b],
        Item::U8(m, v) => vec![m, v],
        Item::U16(m, v) => [&[m][..], &v.to_be_bytes()].concat(),
        Item::U32(m, v) => [&[m][..], &v.to_be_bytes()].concat(),
        Item::U64(m, v) => [&[m][..], &v.to_be_bytes()].concat(),
    }
}

fn put<W: Write>(w: &mut W, item: Item) -> Result<(), W::Error> {
    match item {
        Item::Byte(b) => w.write_byte(b),
        Item::U8(m, v) => w.write_marked_u8(m, v),
        Item::U16(m, v) => w.write_marked_u16(m, v),
        Item::U32(m, v) => w.write_marked_u32(m, v),
        Item::U64(m, v) => w.write_marked_u64(m, v),
    }
}

#[test]
fn slice_writer_items_fit_exactly_or_fail_without_writing() {
    for item in ITEMS {
        let want = expected(item);
        // Room from none to more than enough, after a 3-byte prefix.
        for room in 0..=want.len() + 2 {
            let mut buf = vec![0xee; 3 + room + 4];
            let (inner, guard) = buf.split_at_mut(3 + room);
            {
                let mut w = SliceWriter::new(inner);
                w.write_all(&[1, 2, 3]).unwrap();
                let r = put(&mut w, item);
                if room >= want.len() {
                    assert_eq!(r, Ok(()), "{item:?} with {room} bytes of room");
                    assert_eq!(w.position(), 3 + want.len());
                    assert_eq!(w.written()[3..], want[..]);
                } else {
                    assert_eq!(r, Err(EndOfSlice), "{item:?} with {room} bytes of room");
                    assert_eq!(w.position(), 3, "a failed item moved the position");
                }
            }
            assert!(guard.iter().all(|&b| b == 0xee), "wrote past the end of the slice");
            assert_eq!(buf[..3], [1, 2, 3]);
            if room < want.len() {
                assert!(buf[3..3 + room].iter().all(|&b| b == 0xee), "a failed item wrote");
            }
        }
    }
}

#[test]
fn vec_sink_items_append_after_existing_bytes() {
    for item in ITEMS {
        let want = expected(item);
        // Capacity exactly full, and with room to spare.
        for extra in [0, want.len() - 1, want.len(), 64] {
            let mut v = Vec::with_capacity(2 + extra);
            v.extend_from_slice(&[9, 8]);
            put(&mut v, item).unwrap();
            assert_eq!(v[..2], [9, 8]);
            assert_eq!(v[2..], want[..], "{item:?}, {extra} bytes of spare capacity");
        }
    }
    // Through `&mut W` too.
    let mut v = Vec::new();
    for item in ITEMS {
        put(&mut &mut v, item).unwrap();
    }
    assert_eq!(v, ITEMS.iter().flat_map(|&i| expected(i)).collect::<Vec<_>>());
}

/// A value with every item kind: nil, bools, ints of each width, floats,
/// strings short and long, bin, nested arrays and maps.
fn sample() -> impl Encode {
    (
        (),
        true,
        [0u64, 127, 128, 255, 256, 65535, 65536, u32::MAX as u64, u64::MAX],
        [-1i64, -32, -33, -128, -129, -32768, -32769, i32::MIN as i64, i64::MIN],
        (1.5f32, -2.25f64),
        ("short", "x".repeat(40), "y".repeat(300)),
        vec![vec![1u8; 3]; 20],
        std::collections::BTreeMap::from([("a", 1u32), ("bb", 70000)]),
    )
}

#[test]
fn to_vec_and_append_to_vec_agree_with_the_slice_writer_at_every_capacity() {
    let value = sample();
    let want = {
        let mut buf = vec![0; value.encoded_len()];
        let n = to_slice(&value, &mut buf).unwrap();
        assert_eq!(n, buf.len());
        buf
    };
    assert_eq!(to_vec(&value).unwrap(), want);
    // Every spare capacity around the needed one: the one-pass path and
    // the reserve-and-retry path, appending after existing bytes.
    let step = if cfg!(miri) { 37 } else { 1 };
    for spare in (0..want.len() + 3).step_by(step).chain([want.len() - 1, want.len()]) {
        let mut out = Vec::with_capacity(1 + spare);
        out.push(0xaa);
        append_to_vec(&value, &mut out).unwrap();
        assert_eq!(out[0], 0xaa);
        assert_eq!(out[1..], want[..], "spare capacity {spare}");
    }
    // The growable sink, item by item.
    let mut e = Encoder::new(Vec::new());
    value.encode(&mut e).unwrap();
    assert_eq!(e.into_writer(), want);
}

#[test]
fn a_short_slice_keeps_a_prefix_and_nothing_past_its_end() {
    let value = sample();
    let want = to_vec(&value).unwrap();
    let step = if cfg!(miri) { 29 } else { 1 };
    for size in (0..want.len()).step_by(step) {
        let mut buf = vec![0xee; size + 8];
        let r = to_slice(&value, &mut buf[..size]);
        assert!(r.is_err(), "size {size}");
        assert!(buf[size..].iter().all(|&b| b == 0xee), "size {size}: past the end");
        let kept = buf[..size].iter().rposition(|&b| b != 0xee).map_or(0, |i| i + 1);
        assert_eq!(buf[..kept], want[..kept], "size {size}: not a prefix");
    }
}

/// A fixed-layout struct (see `msgpack_core::layout`) with a nested one,
/// in map form: its template holds headers, keys, markers and payloads.
#[derive(msgpack_core::MsgPack, Debug, Clone, Copy, PartialEq)]
struct Pose {
    at: (f32, f32),
    turn: f64,
    on: bool,
}

/// A bounded struct (an integer) holding fixed-layout values: they are
/// written in place inside its window.
#[derive(msgpack_core::MsgPack, Debug, Clone, Copy, PartialEq)]
#[msgpack(array)]
struct Tagged {
    id: u16,
    pose: Pose,
    corners: [f32; 2],
}

fn poses() -> Vec<Tagged> {
    (0..6u16)
        .map(|i| Tagged {
            id: i * 70,
            pose: Pose { at: (f32::from(i), -0.5), turn: f64::from(i) * 1e10, on: i % 2 == 0 },
            corners: [1.0 / f32::from(i + 1), 0.0],
        })
        .collect()
}

/// The templates' windows (`__window_init` of a slice, `__window` of the
/// spare capacity and of a `Vec`, `__advance`) and their stack path, at
/// every room and capacity: the same bytes as item by item. Inside a
/// bounded window (`Tagged`), one value (`Pose`) and a slice of them (the
/// batch path).
#[test]
fn templates_write_through_every_sink_at_every_room() {
    assert!(<Pose as Encode>::__LAYOUT.is_fixed());
    let tagged = poses();
    let alone: Vec<Pose> = tagged.iter().map(|t| t.pose).collect();
    every_sink(&tagged);
    every_sink(&alone);
    every_sink(&alone[0]);
    assert_eq!(msgpack_core::from_slice::<Vec<Tagged>>(&to_vec(&tagged).unwrap()).unwrap(), tagged);
    assert_eq!(msgpack_core::from_slice::<Vec<Pose>>(&to_vec(&alone).unwrap()).unwrap(), alone);
}

fn every_sink<T: Encode + ?Sized>(value: &T) {
    let want = item_by_item(value);
    assert_eq!(to_vec(value).unwrap(), want);
    let mut io = Vec::new();
    msgpack_core::to_writer(value, &mut io).unwrap();
    assert_eq!(io, want);
    let mut e = Encoder::new(Vec::new());
    value.encode(&mut e).unwrap();
    assert_eq!(e.into_writer(), want);
    let step = if cfg!(miri) { 17 } else { 1 };
    for spare in (0..want.len() + 3).step_by(step).chain([want.len() - 1, want.len()]) {
        let mut out = Vec::with_capacity(1 + spare);
        out.push(0xaa);
        append_to_vec(value, &mut out).unwrap();
        assert_eq!(out[1..], want[..], "spare capacity {spare}");
    }
    for size in (0..want.len()).step_by(step) {
        let mut buf = vec![0xee; size + 8];
        assert!(to_slice(value, &mut buf[..size]).is_err(), "size {size}");
        assert!(buf[size..].iter().all(|&b| b == 0xee), "size {size}: past the end");
    }
    let mut buf = vec![0; want.len()];
    assert_eq!(to_slice(value, &mut buf), Ok(want.len()));
    assert_eq!(buf, want);
}

/// The encoding through a sink that takes one byte at a time (no window,
/// no fixed-size overrides): the reference.
fn item_by_item<T: Encode + ?Sized>(value: &T) -> Vec<u8> {
    struct Bytes(Vec<u8>);
    impl Write for Bytes {
        type Error = core::convert::Infallible;
        fn write_all(&mut self, buf: &[u8]) -> Result<(), Self::Error> {
            self.0.extend_from_slice(buf);
            Ok(())
        }
    }
    let mut e = Encoder::new(Bytes(Vec::new()));
    value.encode(&mut e).unwrap();
    e.into_writer().0
}
