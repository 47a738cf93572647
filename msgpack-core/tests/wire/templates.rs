//! Fixed-layout templates (`msgpack_core::layout`): a type whose encoding
//! has a fixed size and fixed marker bytes is written as one template and
//! read by comparing its markers with a few wide masked compares.
//!
//! Every check compares a templated type with its *twin*: the same fields
//! and wire form, but through `Plain` wrappers (hand-written impls without
//! a layout), so the twin always takes the general path. For every input
//! (the encoding with each byte replaced by every value, each truncation,
//! valid wider forms at each field, other key orders, tight limits) the
//! templated type must give what the twin gives: the same value, or an
//! error with the same message at the same offset. Encoding must give the
//! same bytes through every sink (slice, exact and short; new `Vec`;
//! appended `Vec`; `io::Write` without a buffer of its own; `BytesMut`).

use crate::common::rng;
use crate::common::roundtrip;

use std::fmt::Debug;

use msgpack_core::decode::Decoder;
use msgpack_core::encode::{self, Encoder, Write};
use msgpack_core::{Decode, DecodeOptions, Encode, MsgPack, from_slice, from_slice_with, to_vec};
use rng::Rng;
use roundtrip::encode_checked;

/// A value through hand-written impls that have no fixed layout: the
/// general encoder and decoder of `T`.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Plain<T>(T);

macro_rules! plain {
    ($($t:ty => $enc:ident, $dec:ident;)*) => {$(
        impl Encode for Plain<$t> {
            fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
                e.$enc(self.0)
            }
            fn encoded_len(&self) -> usize {
                self.0.encoded_len()
            }
        }
        impl<'de> Decode<'de> for Plain<$t> {
            fn decode(d: &mut Decoder<'de>) -> Result<Self, msgpack_core::decode::Error> {
                d.$dec().map(Plain)
            }
        }
        impl msgpack_core::schema::Schema for Plain<$t> {
            const SHAPE: msgpack_core::schema::ShapeRef = <$t as msgpack_core::schema::Schema>::SHAPE;
        }
    )*};
}

plain! {
    f32 => f32, f32;
    f64 => f64, f64;
    bool => bool, bool;
    u32 => u32, u32;
}

/// Declares a templated struct and its twin (every field's type wrapped in
/// `Plain`), with `From` between them.
macro_rules! twins {
    ($(#[$m:meta])* $name:ident / $twin:ident { $($f:ident: $t:ty),* $(,)? }) => {
        #[derive(MsgPack, Debug, Clone, Copy, PartialEq)]
        $(#[$m])*
        struct $name { $($f: $t),* }

        #[derive(MsgPack, Debug, Clone, Copy, PartialEq)]
        $(#[$m])*
        struct $twin { $($f: Plain<$t>),* }

        impl From<$name> for $twin {
            fn from(v: $name) -> Self {
                $twin { $($f: Plain(v.$f)),* }
            }
        }
    };
}

twins!(
    #[msgpack(array)]
    Vec3 / Vec3Twin { x: f32, y: f32, z: f32 }
);
twins!(Vec3Map / Vec3MapTwin { x: f32, y: f32, z: f32 });
twins!(
    #[msgpack(array)]
    Mixed
        / MixedTwin { a: f64, on: bool, b: f32, off: bool }
);
twins!(MixedMap / MixedMapTwin { a: f64, on: bool, b: f32, off: bool });

/// A nested fixed struct (array form around array form).
#[derive(MsgPack, Debug, Clone, Copy, PartialEq)]
#[msgpack(array)]
struct Tri {
    a: Vec3,
    b: Vec3,
    n: Vec3,
}

/// [`Tri`]'s twin.
#[derive(MsgPack, Debug, Clone, Copy, PartialEq)]
#[msgpack(array)]
struct TriTwin {
    a: Vec3Twin,
    b: Vec3Twin,
    n: Vec3Twin,
}

impl From<Tri> for TriTwin {
    fn from(t: Tri) -> Self {
        TriTwin { a: t.a.into(), b: t.b.into(), n: t.n.into() }
    }
}

/// Map form around map form, with an array and a tuple inside.
#[derive(MsgPack, Debug, Clone, Copy, PartialEq)]
struct Body {
    pos: Vec3Map,
    rot: [f32; 4],
    span: (f64, f64),
    live: bool,
}

/// [`Body`]'s twin.
#[derive(MsgPack, Debug, Clone, Copy, PartialEq)]
struct BodyTwin {
    pos: Vec3MapTwin,
    rot: [Plain<f32>; 4],
    span: (Plain<f64>, Plain<f64>),
    live: Plain<bool>,
}

impl From<Body> for BodyTwin {
    fn from(b: Body) -> Self {
        BodyTwin {
            pos: b.pos.into(),
            rot: b.rot.map(Plain),
            span: (Plain(b.span.0), Plain(b.span.1)),
            live: Plain(b.live),
        }
    }
}

/// Declares a struct with runs of fixed-layout fields (`a, on` and `b, c`)
/// between variable ones (an integer, a nested struct), and its twin.
macro_rules! runs {
    ($(#[$m:meta])* $name:ident / $twin:ident, $v:ident / $vt:ident) => {
        #[derive(MsgPack, Debug, Clone, Copy, PartialEq)]
        $(#[$m])*
        struct $name {
            id: u32,
            a: f64,
            on: bool,
            p: $v,
            n: u32,
            b: f32,
            c: f32,
        }

        #[derive(MsgPack, Debug, Clone, Copy, PartialEq)]
        $(#[$m])*
        struct $twin {
            id: Plain<u32>,
            a: Plain<f64>,
            on: Plain<bool>,
            p: $vt,
            n: Plain<u32>,
            b: Plain<f32>,
            c: Plain<f32>,
        }

        impl From<$name> for $twin {
            fn from(v: $name) -> Self {
                $twin {
                    id: Plain(v.id),
                    a: Plain(v.a),
                    on: Plain(v.on),
                    p: v.p.into(),
                    n: Plain(v.n),
                    b: Plain(v.b),
                    c: Plain(v.c),
                }
            }
        }
    };
}

runs!(
    #[msgpack(array)]
    Runs / RunsTwin,
    Vec3 / Vec3Twin
);
runs!(RunsMap / RunsMapTwin, Vec3Map / Vec3MapTwin);

/// A newtype of a float, and a generic struct of them.
#[derive(MsgPack, Debug, Clone, Copy, PartialEq)]
struct Meters(f64);

#[derive(MsgPack, Debug, Clone, Copy, PartialEq)]
#[msgpack(array)]
struct Pair<T> {
    a: T,
    b: T,
}

/// Not fixed: an integer field (smallest form).
#[derive(MsgPack, Debug, Clone, Copy, PartialEq)]
#[msgpack(array)]
struct WithInt {
    x: f32,
    n: u32,
}

impl Rng {
    fn f32(&mut self) -> f32 {
        // Any bit pattern but NaNs (which compare unequal), some of them
        // special: zeros, infinities, subnormals.
        let v = f32::from_bits(self.next() as u32);
        if v.is_nan() { -0.0 } else { v }
    }
    fn f64(&mut self) -> f64 {
        let v = f64::from_bits(self.next());
        if v.is_nan() { f64::INFINITY } else { v }
    }
    fn bool(&mut self) -> bool {
        self.next() & 1 == 1
    }
    fn vec3(&mut self) -> Vec3 {
        Vec3 { x: self.f32(), y: self.f32(), z: self.f32() }
    }
    fn vec3m(&mut self) -> Vec3Map {
        Vec3Map { x: self.f32(), y: self.f32(), z: self.f32() }
    }
    fn tri(&mut self) -> Tri {
        Tri { a: self.vec3(), b: self.vec3(), n: self.vec3() }
    }
    fn runs(&mut self) -> Runs {
        Runs {
            id: self.next() as u32 >> (self.next() % 32),
            a: self.f64(),
            on: self.bool(),
            p: self.vec3(),
            n: self.next() as u32 >> (self.next() % 32),
            b: self.f32(),
            c: self.f32(),
        }
    }
    fn runs_map(&mut self) -> RunsMap {
        let r = self.runs();
        RunsMap { id: r.id, a: r.a, on: r.on, p: self.vec3m(), n: r.n, b: r.b, c: r.c }
    }
    fn body(&mut self) -> Body {
        Body {
            pos: self.vec3m(),
            rot: [self.f32(), self.f32(), self.f32(), self.f32()],
            span: (self.f64(), self.f64()),
            live: self.bool(),
        }
    }
}

/// The outcome of a decode, comparable between a type and its twin.
fn outcome<'de, T: Decode<'de> + Debug>(bytes: &'de [u8], opts: &DecodeOptions) -> Result<String, String> {
    from_slice_with::<T>(bytes, opts)
        .map(|v| format!("{v:?}").replace("Twin", "").replace("Plain(", "("))
        .map_err(|e| e.to_string().replace("Twin", ""))
}

/// `T` and its twin read `bytes` alike.
#[track_caller]
fn same_reading<T, U>(bytes: &[u8], opts: &DecodeOptions)
where
    T: for<'de> Decode<'de> + Debug,
    U: for<'de> Decode<'de> + Debug,
{
    let t = outcome::<T>(bytes, opts);
    let u = outcome::<U>(bytes, opts);
    // The twin writes `Plain(1.0)` where the type writes `1.0`.
    let norm = |r: Result<String, String>| r.map(|s| s.replace("(", "").replace(")", ""));
    assert_eq!(norm(t), norm(u), "templated and general decodes differ on {:02x?}", bytes);
}

/// Every corruption of `bytes` (each byte set to each value), every
/// truncation, read alike by `T` and its twin.
fn every_corruption<T, U>(bytes: &[u8])
where
    T: for<'de> Decode<'de> + Debug,
    U: for<'de> Decode<'de> + Debug,
{
    let opts = DecodeOptions::new();
    for at in 0..bytes.len() {
        same_reading::<T, U>(&bytes[..at], &opts);
        let mut b = bytes.to_vec();
        for v in 0..=255u8 {
            b[at] = v;
            same_reading::<T, U>(&b, &opts);
        }
    }
}

/// The layout is what the encoder writes: its length is `encoded_len`.
fn layout_len<T: Encode>(v: &T) -> usize {
    let len = <T as Encode>::__LAYOUT.len;
    assert_eq!(len, v.encoded_len());
    len
}

#[test]
fn qualifying_types_have_layouts() {
    let mut rng = Rng(7);
    assert_eq!(layout_len(&rng.vec3()), 16);
    assert_eq!(layout_len(&rng.vec3m()), 1 + 3 * (2 + 5));
    assert_eq!(layout_len(&rng.tri()), 1 + 3 * 16);
    assert_eq!(layout_len(&rng.body()), 1 + 4 + 22 + 4 + 21 + 5 + 19 + 5 + 1);
    assert_eq!(layout_len(&Meters(1.0)), 9);
    assert_eq!(layout_len(&Pair { a: 1.0f32, b: 2.0 }), 11);
    assert_eq!(layout_len(&(1.0f64, 2.0f64)), 19);
    assert_eq!(layout_len(&[true; 20]), 23);
    // Not fixed: an integer in its smallest form, a `Pair` of them, and a
    // type longer than the largest template.
    assert!(!<WithInt as Encode>::__LAYOUT.is_fixed());
    assert!(!<Pair<u8> as Encode>::__LAYOUT.is_fixed());
    assert!(!<[f64; 20] as Encode>::__LAYOUT.is_fixed());
    assert!(!<Vec3Twin as Encode>::__LAYOUT.is_fixed());
    assert!(!<Runs as Encode>::__LAYOUT.is_fixed());
}

#[test]
fn templates_write_what_the_general_encoder_writes() {
    let mut rng = Rng(11);
    for _ in 0..500 {
        let v = rng.vec3();
        assert_eq!(encode_checked(&v), to_vec(&Vec3Twin::from(v)).unwrap());
        let t = rng.tri();
        assert_eq!(encode_checked(&t), to_vec(&TriTwin::from(t)).unwrap());
        let b = rng.body();
        assert_eq!(encode_checked(&b), to_vec(&BodyTwin::from(b)).unwrap());
        let m = Mixed { a: rng.f64(), on: rng.bool(), b: rng.f32(), off: rng.bool() };
        assert_eq!(encode_checked(&m), to_vec(&MixedTwin::from(m)).unwrap());
        let mm = MixedMap { a: m.a, on: m.on, b: m.b, off: m.off };
        assert_eq!(encode_checked(&mm), to_vec(&MixedMapTwin::from(mm)).unwrap());
        assert_eq!(encode_checked(&Meters(m.a)), to_vec(&m.a).unwrap());
        let r = rng.runs();
        assert_eq!(encode_checked(&r), to_vec(&RunsTwin::from(r)).unwrap());
        assert_eq!(from_slice::<Runs>(&to_vec(&r).unwrap()).unwrap(), r);
        let r = rng.runs_map();
        assert_eq!(encode_checked(&r), to_vec(&RunsMapTwin::from(r)).unwrap());
        assert_eq!(from_slice::<RunsMap>(&to_vec(&r).unwrap()).unwrap(), r);
    }
}

#[test]
fn slices_of_templates_write_what_the_general_encoder_writes() {
    let mut rng = Rng(13);
    for n in [0, 1, 2, 15, 16, 17, 300] {
        let tris: Vec<Tri> = (0..n).map(|_| rng.tri()).collect();
        let twins: Vec<TriTwin> = tris.iter().copied().map(TriTwin::from).collect();
        assert_eq!(encode_checked(&tris), to_vec(&twins).unwrap());
        let bodies: Vec<Body> = (0..n).map(|_| rng.body()).collect();
        let twins: Vec<BodyTwin> = bodies.iter().copied().map(BodyTwin::from).collect();
        assert_eq!(encode_checked(&bodies), to_vec(&twins).unwrap());
        let points: Vec<(f64, f64)> = (0..n).map(|_| (rng.f64(), rng.f64())).collect();
        let twins: Vec<(Plain<f64>, Plain<f64>)> = points.iter().map(|&(a, b)| (Plain(a), Plain(b))).collect();
        assert_eq!(encode_checked(&points), to_vec(&twins).unwrap());
        // Into a `BytesMut` (a sink without a buffer of its own).
        #[cfg(feature = "bytes")]
        {
            let mut bm = bytes::BytesMut::new();
            let mut e = Encoder::new(&mut bm);
            tris.encode(&mut e).unwrap();
            assert_eq!(bm[..], to_vec(&tris).unwrap()[..]);
        }
    }
}

#[test]
fn a_slice_with_too_little_room_fails_where_the_room_ends() {
    let mut rng = Rng(17);
    let tris: Vec<Tri> = (0..10).map(|_| rng.tri()).collect();
    let bytes = to_vec(&tris).unwrap();
    for room in 0..bytes.len() {
        let mut buf = vec![0x5a; room + 64];
        let r = msgpack_core::to_slice(&tris, &mut buf[..room]);
        assert_eq!(r, Err(encode::Error::Write(encode::EndOfSlice)), "room {room}");
        assert!(buf[room..].iter().all(|&b| b == 0x5a), "wrote past the end with room {room}");
        // What was written is a prefix of the encoding.
        let written = buf[..room].iter().zip(&bytes).take_while(|(a, b)| a == b).count();
        assert!(written >= room.min(1), "room {room}");
    }
}

#[test]
fn every_corruption_and_truncation_reads_as_the_general_decoder_reads_it() {
    let mut rng = Rng(19);
    let v = rng.vec3();
    every_corruption::<Vec3, Vec3Twin>(&to_vec(&v).unwrap());
    let v = rng.vec3m();
    every_corruption::<Vec3Map, Vec3MapTwin>(&to_vec(&v).unwrap());
    let m = Mixed { a: rng.f64(), on: true, b: rng.f32(), off: false };
    every_corruption::<Mixed, MixedTwin>(&to_vec(&m).unwrap());
    let mm = MixedMap { a: m.a, on: m.on, b: m.b, off: m.off };
    every_corruption::<MixedMap, MixedMapTwin>(&to_vec(&mm).unwrap());
    every_corruption::<Tri, TriTwin>(&to_vec(&rng.tri()).unwrap());
    every_corruption::<Body, BodyTwin>(&to_vec(&rng.body()).unwrap());
    // Runs of fixed-layout fields between variable ones.
    every_corruption::<Runs, RunsTwin>(&to_vec(&rng.runs()).unwrap());
    every_corruption::<RunsMap, RunsMapTwin>(&to_vec(&rng.runs_map()).unwrap());
    // In a `Vec`: the batch path, corrupted at every byte of its elements.
    let tris: Vec<Tri> = (0..3).map(|_| rng.tri()).collect();
    every_corruption::<Vec<Tri>, Vec<TriTwin>>(&to_vec(&tris).unwrap());
    let pts: Vec<(f64, f64)> = (0..4).map(|_| (rng.f64(), rng.f64())).collect();
    every_corruption::<Vec<(f64, f64)>, Vec<(Plain<f64>, Plain<f64>)>>(&to_vec(&pts).unwrap());
}

/// `float 32` for an `f64`, a wider header, keys in another order: valid
/// forms the template does not match, read by the general decoder.
#[test]
fn valid_wider_forms_read_through_the_general_path() {
    let opts = DecodeOptions::new();
    // `Mixed` = [f64, bool, f32, bool] with the f64 as float 32.
    let bytes = [0x94, 0xca, 0x3f, 0xc0, 0, 0, 0xc3, 0xca, 0x40, 0, 0, 0, 0xc2];
    assert_eq!(from_slice::<Mixed>(&bytes).unwrap(), Mixed { a: 1.5, on: true, b: 2.0, off: false });
    same_reading::<Mixed, MixedTwin>(&bytes, &opts);
    // An `array 16` header for three elements.
    let mut bytes = vec![0xdc, 0, 3];
    for x in [1.0f32, 2.0, 3.0] {
        bytes.push(0xca);
        bytes.extend(x.to_bits().to_be_bytes());
    }
    assert_eq!(from_slice::<Vec3>(&bytes).unwrap(), Vec3 { x: 1.0, y: 2.0, z: 3.0 });
    same_reading::<Vec3, Vec3Twin>(&bytes, &opts);
    // A `map 16` header, keys in another order, and the map form read by
    // an array-form type (rmp-serde's named form).
    let f = |x: f32| {
        let mut v = vec![0xca];
        v.extend(x.to_bits().to_be_bytes());
        v
    };
    let mut bytes = vec![0xde, 0, 3];
    for (k, x) in [(b'z', 3.0), (b'x', 1.0), (b'y', 2.0)] {
        bytes.extend([0xa1, k]);
        bytes.extend(f(x));
    }
    assert_eq!(from_slice::<Vec3Map>(&bytes).unwrap(), Vec3Map { x: 1.0, y: 2.0, z: 3.0 });
    assert_eq!(from_slice::<Vec3>(&bytes).unwrap(), Vec3 { x: 1.0, y: 2.0, z: 3.0 });
    same_reading::<Vec3Map, Vec3MapTwin>(&bytes, &opts);
    same_reading::<Vec3, Vec3Twin>(&bytes, &opts);
    // A `Vec` whose second element is in a wider form: the batch stops
    // there, the rest is read element by element.
    let mut v = vec![0x93];
    v.extend(to_vec(&Vec3 { x: 1.0, y: 1.0, z: 1.0 }).unwrap());
    v.extend(&bytes);
    v.extend(to_vec(&Vec3 { x: 4.0, y: 4.0, z: 4.0 }).unwrap());
    let got = from_slice::<Vec<Vec3>>(&v).unwrap();
    assert_eq!(got[1], Vec3 { x: 1.0, y: 2.0, z: 3.0 });
    assert_eq!(got[2], Vec3 { x: 4.0, y: 4.0, z: 4.0 });
    same_reading::<Vec<Vec3>, Vec<Vec3Twin>>(&v, &opts);
}

#[test]
fn limits_apply_to_templates_as_to_the_general_path() {
    let mut rng = Rng(23);
    let tri = to_vec(&rng.tri()).unwrap();
    let body = to_vec(&rng.body()).unwrap();
    let tris = to_vec(&vec![rng.tri(); 3]).unwrap();
    let runs = to_vec(&rng.runs()).unwrap();
    let runs_map = to_vec(&rng.runs_map()).unwrap();
    for depth in 0..4 {
        let opts = DecodeOptions::new().max_depth(depth);
        same_reading::<Runs, RunsTwin>(&runs, &opts);
        same_reading::<RunsMap, RunsMapTwin>(&runs_map, &opts);
        same_reading::<Tri, TriTwin>(&tri, &opts);
        same_reading::<Body, BodyTwin>(&body, &opts);
        same_reading::<Vec<Tri>, Vec<TriTwin>>(&tris, &opts);
    }
    for len in 0..8 {
        let opts = DecodeOptions::new().max_container_len(len);
        same_reading::<Runs, RunsTwin>(&runs, &opts);
        same_reading::<RunsMap, RunsMapTwin>(&runs_map, &opts);
        same_reading::<Tri, TriTwin>(&tri, &opts);
        same_reading::<Body, BodyTwin>(&body, &opts);
        same_reading::<Vec<Tri>, Vec<TriTwin>>(&tris, &opts);
    }
}

#[test]
fn random_inputs_read_alike() {
    // Mutations of valid encodings: several bytes changed, bytes inserted
    // or removed.
    let mut rng = Rng(29);
    let opts = DecodeOptions::new();
    for _ in 0..20_000 {
        let mut b = to_vec(&vec![rng.body(); 1 + rng.below(3)]).unwrap();
        for _ in 0..1 + rng.below(4) {
            let at = rng.below(b.len());
            match rng.below(3) {
                0 => b[at] = rng.next() as u8,
                1 => b.insert(at, rng.next() as u8),
                _ => {
                    b.remove(at);
                }
            }
            if b.is_empty() {
                break;
            }
        }
        same_reading::<Vec<Body>, Vec<BodyTwin>>(&b, &opts);
    }
}
