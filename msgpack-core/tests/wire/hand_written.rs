//! Hand-written impls as first-class types: the public length bound
//! (`Encode::MAX_LEN`) puts a fixed-size type on the derive's one-check
//! write path, `Encode::COSTLY_LEN` makes `to_vec` / `append_to_vec` grow
//! instead of measuring, and `Decoder::invalid_value` refuses a value with
//! the item found in the message (see the `hand_written` docs page).

use std::cell::Cell;

use msgpack_core::decode::{self, ErrorKind, Found};
use msgpack_core::schema::{Schema, Shape, ShapeRef};
use msgpack_core::{Decode, Decoder, Encode, Encoder, MsgPack, encode};

/// `"#rrggbb"`: always 8 bytes.
#[derive(Debug, PartialEq, Clone, Copy)]
struct Colour(u8, u8, u8);

impl Encode for Colour {
    const MAX_LEN: usize = 8;
    fn encode<W: encode::Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        e.str(&format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2))
    }
    fn encoded_len(&self) -> usize {
        8
    }
}

impl<'de> Decode<'de> for Colour {
    fn decode(d: &mut Decoder<'de>) -> Result<Self, decode::Error> {
        let at = d.position();
        let text = d.str()?;
        let hex = |i: usize| text.get(i..i + 2).and_then(|h| u8::from_str_radix(h, 16).ok());
        match (text.len(), text.starts_with('#'), hex(1), hex(3), hex(5)) {
            (7, true, Some(r), Some(g), Some(b)) => Ok(Colour(r, g, b)),
            _ => Err(d.invalid_value("a colour \"#rrggbb\"", at)),
        }
    }
}

impl Schema for Colour {
    const SHAPE: ShapeRef = ShapeRef::new(&Shape::Str);
}

#[derive(MsgPack, Debug, PartialEq, Clone, Copy)]
struct Pixel {
    x: u16,
    y: u16,
    colour: Colour,
}

#[test]
fn a_fixed_size_hand_written_type_bounds_the_derived_struct() {
    // fixmap 3 + "x", "y", "colour" keys + two u16 bounds + the colour's 8.
    assert_eq!(Pixel::MAX_LEN, 1 + 2 + 2 + 7 + 3 + 3 + 8);
    let p = Pixel { x: 300, y: 2, colour: Colour(0xff, 0x88, 0) };
    let bytes = msgpack_core::to_vec(&p).unwrap();
    assert_eq!(bytes, b"\x83\xa1x\xcd\x01\x2c\xa1y\x02\xa6colour\xa7#ff8800");
    assert_eq!(msgpack_core::from_slice::<Pixel>(&bytes).unwrap(), p);

    // The bounded window writes into a slice of exactly the size, refuses a
    // smaller one without writing past it, and appends to a reused Vec.
    let mut exact = vec![0u8; bytes.len()];
    assert_eq!(msgpack_core::to_slice(&p, &mut exact).unwrap(), bytes.len());
    assert_eq!(exact, bytes);
    let mut short = vec![0u8; bytes.len() + 4];
    let (head, tail) = short.split_at_mut(bytes.len() - 1);
    assert!(msgpack_core::to_slice(&p, head).is_err());
    assert!(tail.iter().all(|&b| b == 0));
    let mut out = Vec::with_capacity(256);
    for _ in 0..3 {
        msgpack_core::append_to_vec(&p, &mut out).unwrap();
    }
    assert_eq!(out, bytes.repeat(3));
    // An array of them: every element through the window.
    let many = vec![p; 40];
    let bytes = msgpack_core::to_vec(&many).unwrap();
    assert_eq!(msgpack_core::from_slice::<Vec<Pixel>>(&bytes).unwrap(), many);
}

#[test]
fn invalid_value_quotes_the_item_and_the_path() {
    let e = msgpack_core::from_slice::<Pixel>(b"\x83\xa1x\x01\xa1y\x02\xa6colour\xa4#12g").unwrap_err();
    assert_eq!(e.to_string(), r##"expected a colour "#rrggbb", found str "#12g" at $.colour (byte 14)"##);
    match e.kind() {
        ErrorKind::Invalid { expected, found } => {
            assert_eq!(expected.as_str(), r##"a colour "#rrggbb""##);
            assert_eq!(found, &Found::Str(decode::Text::new("#12g")));
        }
        other => panic!("{other:?}"),
    }
}

/// Refused by the colour, then read by the next variant: `invalid_value`
/// while an untagged enum tries its variants is a quiet failure.
#[derive(MsgPack, Debug, PartialEq)]
#[msgpack(untagged)]
enum Paint {
    Colour(Colour),
    Named(String),
}

#[test]
fn invalid_value_inside_an_untagged_enum() {
    let named = msgpack_core::to_vec(&Paint::Named("teal".into())).unwrap();
    assert_eq!(msgpack_core::from_slice::<Paint>(&named).unwrap(), Paint::Named("teal".into()));
    let colour = msgpack_core::to_vec(&Paint::Colour(Colour(1, 2, 3))).unwrap();
    assert_eq!(msgpack_core::from_slice::<Paint>(&colour).unwrap(), Paint::Colour(Colour(1, 2, 3)));
    let e = msgpack_core::from_slice::<Paint>(&[0x07]).unwrap_err();
    assert!(e.to_string().contains("Paint"), "{e}");
}

thread_local! {
    static MEASURED: Cell<usize> = const { Cell::new(0) };
}

/// Written as its `Display` text; counts the calls of `encoded_len`.
#[derive(Debug, PartialEq, Clone)]
struct Shown<const COSTLY: bool>(f64);

impl<const COSTLY: bool> Encode for Shown<COSTLY> {
    const COSTLY_LEN: bool = COSTLY;
    fn encode<W: encode::Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        if self.0.is_nan() {
            return Err(encode::Error::Unrepresentable("NaN has no text here"));
        }
        e.str(&self.0.to_string())
    }
    fn encoded_len(&self) -> usize {
        MEASURED.with(|m| m.set(m.get() + 1));
        encode::str_size(self.0.to_string().len())
    }
}

impl<const COSTLY: bool> Schema for Shown<COSTLY> {
    const SHAPE: ShapeRef = ShapeRef::new(&Shape::Str);
}

impl<'de, const COSTLY: bool> Decode<'de> for Shown<COSTLY> {
    fn decode(d: &mut Decoder<'de>) -> Result<Self, decode::Error> {
        let at = d.position();
        d.str()?.parse().map(Shown).map_err(|_| d.invalid_value("a number as text", at))
    }
}

#[derive(MsgPack, Debug, PartialEq)]
struct Reading<const COSTLY: bool> {
    id: u32,
    values: Option<[Shown<COSTLY>; 3]>,
}

/// Costly values in a `Vec`: declared by the container attribute.
#[derive(MsgPack)]
#[msgpack(costly_len)]
struct Series {
    points: Vec<Shown<true>>,
}

/// Recursive, with a costly field: its constant stops at the `Vec` and the
/// `Box` (no cycle for the compiler).
#[derive(MsgPack)]
struct Tree {
    label: Option<Shown<false>>,
    kids: Vec<Tree>,
    next: Option<Box<Tree>>,
}

fn measured<T>(f: impl FnOnce() -> T) -> (T, usize) {
    MEASURED.with(|m| m.set(0));
    let out = f();
    (out, MEASURED.with(Cell::get))
}

#[test]
fn costly_len_propagates_through_containers_and_derived_types() {
    let costly = [
        <Shown<true>>::COSTLY_LEN,
        <Option<[Shown<true>; 2]>>::COSTLY_LEN,
        <(u8, Result<u8, Shown<true>>)>::COSTLY_LEN,
        <[std::cell::RefCell<Shown<true>>]>::COSTLY_LEN,
        <Reading<true>>::COSTLY_LEN,
        <Series>::COSTLY_LEN, // by its attribute
    ];
    assert_eq!(costly, [true; 6]);
    let cheap = [
        <Shown<false>>::COSTLY_LEN,
        <Reading<false>>::COSTLY_LEN,
        <Vec<String>>::COSTLY_LEN,
        <Pixel>::COSTLY_LEN,
        // Pointers and heap collections stop it (recursion goes through them).
        <Vec<Shown<true>>>::COSTLY_LEN,
        <Box<Shown<true>>>::COSTLY_LEN,
        <std::collections::BTreeMap<String, Shown<true>>>::COSTLY_LEN,
        <Tree>::COSTLY_LEN,
    ];
    assert_eq!(cheap, [false; 8]);
}

#[test]
fn to_vec_grows_instead_of_measuring_a_costly_type() {
    let costly = Reading::<true> { id: 9, values: Some([Shown(0.5), Shown(-12.25), Shown(3.0)]) };
    let cheap = Reading::<false> { id: 9, values: Some([Shown(0.5), Shown(-12.25), Shown(3.0)]) };

    let (a, n) = measured(|| msgpack_core::to_vec(&costly).unwrap());
    assert_eq!(n, 0, "a costly type is not measured");
    let (b, n) = measured(|| msgpack_core::to_vec(&cheap).unwrap());
    assert_eq!(n, 3, "the other is measured once per value");
    assert_eq!(a, b);
    assert_eq!(msgpack_core::from_slice::<Reading<true>>(&a).unwrap(), costly);

    // append_to_vec: a reused buffer with room is one pass for both; a new
    // one grows for the costly type.
    let (out, n) = measured(|| {
        let mut out = vec![0xc0];
        msgpack_core::append_to_vec(&costly, &mut out).unwrap();
        out
    });
    assert_eq!((n, &out[1..], out[0]), (0, &a[..], 0xc0));
    let (_, n) = measured(|| msgpack_core::append_to_vec(&cheap, &mut vec![0xc0]).unwrap());
    assert_eq!(n, 3);

    let series = Series { points: vec![Shown(1.5), Shown(2.0)] };
    let (bytes, n) = measured(|| msgpack_core::to_vec(&series).unwrap());
    assert_eq!((n, &bytes[..]), (0, &b"\x81\xa6points\x92\xa31.5\xa12"[..]));
}

#[test]
fn a_failed_growing_write_leaves_the_buffer_as_it_was() {
    let bad = Reading::<true> { id: 1, values: Some([Shown(1.0), Shown(f64::NAN), Shown(2.0)]) };
    assert!(matches!(msgpack_core::to_vec(&bad), Err(encode::Error::Unrepresentable(_))));
    let mut out = vec![1, 2, 3];
    assert!(msgpack_core::append_to_vec(&bad, &mut out).is_err());
    assert_eq!(out, [1, 2, 3]);
}
