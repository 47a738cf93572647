//! Every forwarding impl (a wrapper written as the value it holds) and
//! every item of `Encode` / `Decode` it forwards, or deliberately does not
//! (with the reason): a new item on the traits, or a wrapper that forgets
//! one, fails here.
//!
//! The items: `MAX_LEN` (the bound that puts a derived struct on the
//! one-room-check path), `COSTLY_LEN` (grow instead of measuring),
//! `__LAYOUT` / `__write_fixed` / `__read_fixed` (the fixed-layout
//! template), and the sequence hooks (`__encode_slice`, `__decode_vec`, ...:
//! `u8`'s `bin` form), which no wrapper forwards: a `Vec<Box<u8>>` is an
//! array of integers, as serde writes it.

use std::borrow::Cow;
use std::cell::{Cell, RefCell};
use std::cmp::Reverse;
use std::num::{Saturating, Wrapping};
use std::rc::Rc;
use std::sync::{Arc, Mutex, RwLock};

use msgpack_core::encode::{self, Encoder};
use msgpack_core::{Decode, Encode, MsgPack};

/// A value whose length is costly to measure.
struct Costly;

impl Encode for Costly {
    const COSTLY_LEN: bool = true;
    fn encode<W: encode::Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        e.nil()
    }
    fn encoded_len(&self) -> usize {
        1
    }
}

/// What a type says of itself: (`MAX_LEN`, `COSTLY_LEN`, encode layout
/// length, decode layout length).
fn items<T: Encode + ?Sized>() -> (usize, bool, usize) {
    (T::MAX_LEN, T::COSTLY_LEN, T::__LAYOUT.len)
}

fn decode_layout<T: for<'de> Decode<'de>>() -> usize {
    T::__LAYOUT.len
}

/// A fixed-layout value to wrap: `[x, y]` of floats (11 bytes).
#[derive(MsgPack, Clone, Copy, Debug, PartialEq)]
#[msgpack(array)]
struct Point {
    x: f32,
    y: f32,
}

#[test]
fn the_inner_type_describes_itself() {
    assert_eq!(items::<Point>(), (11, false, 11));
    assert_eq!(items::<u16>(), (3, false, 0));
    assert_eq!(items::<Costly>(), (usize::MAX, true, 0));
    assert_eq!(decode_layout::<Point>(), 11);
}

/// References and `Cow` forward every item: they are the value.
#[test]
fn references_and_cow_forward_every_item() {
    let fwd = [items::<Point>(), items::<u16>(), items::<Costly>()];
    assert_eq!([items::<&Point>(), items::<&u16>(), items::<&Costly>()], fwd);
    assert_eq!([items::<&mut Point>(), items::<&mut u16>(), items::<&mut Costly>()], fwd);
    assert_eq!(items::<Cow<'_, Point>>(), fwd[0]);
    assert_eq!(items::<Cow<'_, u16>>(), fwd[1]);
    // `str` has no bound; `Cow<str>` neither.
    assert_eq!(items::<Cow<'_, str>>(), items::<str>());
}

/// The transparent wrappers and `Cell` forward every item, both traits.
#[test]
fn transparent_wrappers_and_cell_forward_every_item() {
    let fwd = [items::<Point>(), items::<u16>(), items::<Costly>()];
    assert_eq!([items::<Wrapping<Point>>(), items::<Wrapping<u16>>(), items::<Wrapping<Costly>>()], fwd);
    assert_eq!([items::<Saturating<Point>>(), items::<Saturating<u16>>(), items::<Saturating<Costly>>()], fwd);
    assert_eq!([items::<Reverse<Point>>(), items::<Reverse<u16>>(), items::<Reverse<Costly>>()], fwd);
    assert_eq!(items::<Cell<Point>>(), fwd[0]);
    assert_eq!(items::<Cell<u16>>(), fwd[1]);
    for len in [
        decode_layout::<Wrapping<Point>>(),
        decode_layout::<Saturating<Point>>(),
        decode_layout::<Reverse<Point>>(),
        decode_layout::<Cell<Point>>(),
    ] {
        assert_eq!(len, 11);
    }
}

/// `RefCell`, `Mutex`, `RwLock`: bound and cost forwarded, no layout (a
/// borrow or a lock can fail, and a template's write cannot).
#[test]
fn locks_forward_bound_and_cost_but_not_the_layout() {
    for (got, inner) in [
        (items::<RefCell<Point>>(), items::<Point>()),
        (items::<Mutex<Point>>(), items::<Point>()),
        (items::<RwLock<Point>>(), items::<Point>()),
        (items::<RefCell<Costly>>(), items::<Costly>()),
        (items::<Mutex<Costly>>(), items::<Costly>()),
    ] {
        assert_eq!((got.0, got.1, got.2), (inner.0, inner.1, 0));
    }
    assert_eq!(decode_layout::<RefCell<Point>>(), 0);
}

/// `Box`, `Rc`, `Arc`: none of the constants, on purpose. A recursive
/// type is recursive through a pointer, and a constant that depends on
/// itself is a compile-time cycle; `List` below compiles because of it.
#[test]
fn pointers_forward_no_constant_so_that_recursion_compiles() {
    for got in [items::<Box<Point>>(), items::<Rc<Point>>(), items::<Arc<Point>>()] {
        assert_eq!(got, (usize::MAX, false, 0));
    }
    assert_eq!(items::<Box<Costly>>(), (usize::MAX, false, 0));
    assert_eq!(decode_layout::<Box<Point>>(), 0);

    #[derive(MsgPack, Debug, PartialEq)]
    struct List {
        value: u8,
        next: Option<Box<List>>,
    }
    let list = List { value: 1, next: Some(Box::new(List { value: 2, next: None })) };
    let bytes = msgpack_core::to_vec(&list).unwrap();
    assert_eq!(msgpack_core::from_slice::<List>(&bytes).unwrap(), list);
}

/// The forwarded layout is used: a wrapped fixed-layout value is written
/// and read as its template, with the same bytes as the value itself.
#[test]
fn forwarded_layouts_give_the_same_bytes() {
    let p = Point { x: 1.5, y: -2.0 };
    let plain = msgpack_core::to_vec(&p).unwrap();
    assert_eq!(msgpack_core::to_vec(&Wrapping(p)).unwrap(), plain);
    assert_eq!(msgpack_core::to_vec(&Cell::new(p)).unwrap(), plain);
    assert_eq!(msgpack_core::to_vec(&&p).unwrap(), plain);
    assert_eq!(msgpack_core::to_vec(&Cow::Borrowed(&p)).unwrap(), plain);
    let many = vec![Wrapping(p); 20];
    let bytes = msgpack_core::to_vec(&many).unwrap();
    assert_eq!(bytes, msgpack_core::to_vec(&vec![p; 20]).unwrap());
    assert_eq!(msgpack_core::from_slice::<Vec<Wrapping<Point>>>(&bytes).unwrap(), many);
    assert_eq!(msgpack_core::from_slice::<Cell<Point>>(&plain).unwrap().get(), p);
    // A short buffer falls back cleanly: every prefix is an error, never a
    // panic or a write past the end.
    for n in 0..plain.len() {
        let mut buf = vec![0u8; n];
        assert!(msgpack_core::to_slice(&Wrapping(p), &mut buf).is_err());
    }
}
