//! Structs whose encoding has a small bound (`Encode::MAX_LEN`) are
//! encoded through one window of the sink. These tests check that the bound
//! really bounds every value (extremes included), that the bytes are the
//! same through every sink and path (window in place, window through the
//! stack near the end of a slice, `&mut` sinks, `std::io::Write`), and that
//! a slice too small still fails with a prefix and nothing past its end.
//! Miri runs them over the window's `unsafe` blocks:
//! `cargo +nightly miri test -p msgpack-derive --test bounded`.

use msgpack_core::encode::{Encoder, SliceWriter};
use msgpack_core::{Encode, MsgPack, append_to_vec, to_slice, to_vec, to_writer};

#[derive(MsgPack, Debug, Clone, Copy, PartialEq)]
#[msgpack(array)]
struct Vector3 {
    x: f32,
    y: f32,
    z: f32,
}

#[derive(MsgPack, Debug, Clone, Copy, PartialEq)]
#[msgpack(array)]
struct Triangle {
    v0: Vector3,
    v1: Vector3,
    v2: Vector3,
    normal: Vector3,
}

#[derive(MsgPack, Debug, Clone, PartialEq)]
struct Ints {
    a: u8,
    b: u16,
    c: u32,
    d: u64,
    e: i8,
    f: i16,
    g: i32,
    h: i64,
    opt: Option<u64>,
    flag: bool,
}

#[derive(MsgPack, Debug, Clone, PartialEq, Default)]
#[msgpack(omit_defaults)]
struct Sparse {
    #[msgpack(default)]
    a: u32,
    #[msgpack(default)]
    b: Option<i64>,
    c: [u16; 4],
}

#[derive(MsgPack, Debug, Clone, PartialEq)]
struct Keys {
    #[msgpack(key = 1)]
    one: f64,
    #[msgpack(key = 300)]
    big: (u8, i32, char),
}

#[derive(MsgPack, Debug, Clone, PartialEq)]
struct Pair(u64, [u8; 3]);

#[derive(MsgPack, Debug, Clone, PartialEq)]
struct Unbounded {
    name: String,
    v: Vector3,
}

fn ints(pick: u64) -> Ints {
    let ext = |lo: i64, hi: i64| if pick.is_multiple_of(2) { lo } else { hi };
    Ints {
        a: if pick & 1 == 0 { 0 } else { u8::MAX },
        b: if pick & 2 == 0 { 127 } else { u16::MAX },
        c: if pick & 4 == 0 { 128 } else { u32::MAX },
        d: if pick & 8 == 0 { 0 } else { u64::MAX },
        e: ext(i8::MIN.into(), i8::MAX.into()) as i8,
        f: ext(i16::MIN.into(), -33) as i16,
        g: ext(i32::MIN.into(), 65536) as i32,
        h: ext(i64::MIN, i64::MAX),
        opt: if pick & 16 == 0 { None } else { Some(u64::MAX) },
        flag: pick & 32 == 0,
    }
}

/// Every path must give `to_vec`'s bytes; the bound must hold.
#[track_caller]
fn check<T: Encode>(v: &T) -> Vec<u8> {
    let bytes = to_vec(v).unwrap();
    assert_eq!(bytes.len(), v.encoded_len());
    assert!(bytes.len() <= T::MAX_LEN, "{} bytes over the bound {}", bytes.len(), T::MAX_LEN);

    // A slice with room to spare, then every size too small (the window
    // path near the end goes through the stack: all of the value or none).
    let mut big = vec![0xee; bytes.len() + 300];
    let n = to_slice(v, &mut big).unwrap();
    assert_eq!(big[..n], bytes[..]);
    let step = if cfg!(miri) { 1 + bytes.len() / 16 } else { 1 };
    for size in (0..bytes.len()).step_by(step) {
        let mut buf = vec![0xee; size + 8];
        assert!(to_slice(v, &mut buf[..size]).is_err(), "size {size}");
        assert!(buf[size..].iter().all(|&b| b == 0xee), "size {size}: wrote past the end");
        let kept = buf[..size].iter().rposition(|&b| b != 0xee).map_or(0, |i| i + 1);
        assert_eq!(buf[..kept], bytes[..kept], "size {size}: not a prefix");
    }
    let mut exact = vec![0; bytes.len()];
    assert_eq!(to_slice(v, &mut exact), Ok(bytes.len()));
    assert_eq!(exact, bytes);

    // A `&mut SliceWriter` (the generic window through the stack).
    let mut buf = vec![0; bytes.len()];
    let mut w = SliceWriter::new(&mut buf);
    v.encode(&mut Encoder::new(&mut w)).unwrap();
    assert_eq!(w.written(), &bytes[..]);

    // Vec sinks: reused with room, a new one, the growable sink.
    let mut reused = Vec::with_capacity(1024);
    reused.push(0xaa);
    append_to_vec(v, &mut reused).unwrap();
    assert_eq!(reused[1..], bytes[..]);
    let mut e = Encoder::new(vec![0xaa]);
    v.encode(&mut e).unwrap();
    assert_eq!(e.writer()[1..], bytes[..]);

    // std::io::Write.
    let mut out = Vec::new();
    to_writer(v, &mut out).unwrap();
    assert_eq!(out, bytes);
    bytes
}

#[test]
fn bounds_are_upper_bounds_and_small() {
    assert_eq!(Vector3::MAX_LEN, 16);
    assert_eq!(Triangle::MAX_LEN, 65);
    assert_eq!(<Vec<Triangle>>::MAX_LEN, usize::MAX);
    assert_eq!(Unbounded::MAX_LEN, usize::MAX);
    // fixmap header, 10 keys (8 one-letter, "opt", "flag"), the values.
    assert_eq!(Ints::MAX_LEN, 1 + (8 * 2 + 4 + 5) + (2 + 3 + 5 + 9 + 2 + 3 + 5 + 9 + 9 + 1));
}

#[test]
fn every_path_writes_the_same_bytes() {
    let v = Vector3 { x: 1.5, y: f32::NAN, z: -0.0 };
    assert_eq!(check(&v), [0x93, 0xca, 0x3f, 0xc0, 0, 0, 0xca, 0x7f, 0xc0, 0, 0, 0xca, 0x80, 0, 0, 0]);
    let t = Triangle { v0: v, v1: v, v2: v, normal: Vector3 { x: 0.0, y: 1.0, z: 0.0 } };
    check(&t);
    check(&vec![t; 40]);
    for pick in 0..64 {
        check(&ints(pick));
    }
    check(&Sparse::default());
    check(&Sparse { a: u32::MAX, b: Some(i64::MIN), c: [u16::MAX; 4] });
    check(&Keys { one: f64::MAX, big: (255, i32::MIN, '\u{10ffff}') });
    check(&Pair(u64::MAX, [1, 2, 3]));
    check(&Unbounded { name: "x".repeat(300), v });
}

#[test]
fn decodes_back() {
    let t = Triangle {
        v0: Vector3 { x: 1.0, y: 2.0, z: 3.0 },
        v1: Vector3 { x: -1.0, y: 0.5, z: 1e30 },
        v2: Vector3 { x: 0.0, y: 0.0, z: 0.0 },
        normal: Vector3 { x: 0.0, y: 0.0, z: 1.0 },
    };
    let bytes = check(&vec![t; 3]);
    assert_eq!(msgpack_core::from_slice::<Vec<Triangle>>(&bytes).unwrap(), vec![t; 3]);
    for pick in 0..64 {
        let v = ints(pick);
        assert_eq!(msgpack_core::from_slice::<Ints>(&to_vec(&v).unwrap()).unwrap(), v);
    }
}

/// A hand-written impl whose declared bound is too small.
struct Liar;

impl Encode for Liar {
    const MAX_LEN: usize = 1;
    fn encode<W: msgpack_core::encode::Write>(
        &self,
        e: &mut Encoder<W>,
    ) -> Result<(), msgpack_core::encode::Error<W::Error>> {
        e.str("longer than one byte")
    }
    fn encoded_len(&self) -> usize {
        21
    }
}

/// A wrong bound is an error, never a write out of the window.
#[test]
fn a_wrong_bound_is_an_error() {
    struct Outer(Liar);
    impl Encode for Outer {
        const MAX_LEN: usize = 2;
        fn encode<W: msgpack_core::encode::Write>(
            &self,
            e: &mut Encoder<W>,
        ) -> Result<(), msgpack_core::encode::Error<W::Error>> {
            // What a derived struct's `encode` is (see `__private`).
            msgpack_core::__private::encode_struct::<
                { msgpack_core::__private::window(2) },
                msgpack_core::__private::ArrayForm,
                Self,
                W,
            >(self, e)
        }
        fn encoded_len(&self) -> usize {
            21
        }
    }
    impl msgpack_core::__private::EncodeBody<msgpack_core::__private::ArrayForm> for Outer {
        fn items(&self) -> usize {
            1
        }
        fn write_body<const HEADER: bool, W: msgpack_core::encode::Write>(
            &self,
            e: &mut Encoder<W>,
        ) -> Result<(), msgpack_core::encode::Error<W::Error>> {
            self.0.encode(e)
        }
        fn body_len(&self) -> usize {
            21
        }
    }
    let mut buf = [0u8; 64];
    let err = to_slice(&Outer(Liar), &mut buf).unwrap_err();
    assert!(matches!(err, msgpack_core::encode::Error::Custom(m) if m.contains("MAX_LEN")), "{err:?}");
    assert!(to_vec(&Outer(Liar)).is_err());
    assert!(buf[2..].iter().all(|&b| b == 0), "wrote outside the window");
}
