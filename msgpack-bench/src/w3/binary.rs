//! W3 binary: one byte string per case, 1 KB and 1 MB, owned (`Vec<u8>`) and
//! borrowed (`&[u8]`), written as `bin` by every row (recipe in the parent
//! module).

use std::convert::Infallible;
use std::hint::black_box;

use serde_bytes::{ByteBuf, Bytes};

use super::{err, rmpv_row};
use crate::harness::{Case, Group, Row, expect_eq, names};

/// `len` bytes: the low byte of each xorshift32 output, seed `0x9E37_79B9`.
pub(super) fn payload(len: usize) -> Vec<u8> {
    let mut x: u32 = 0x9E37_79B9;
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            x as u8
        })
        .collect()
}

/// zerompk writes `Vec<u8>` and `&[u8]` as arrays of integers (only a derived
/// field with `as_bytes` becomes `bin`), so a top-level byte string needs its
/// traits implemented by hand over `Write::write_binary` / `Read::read_binary`.
struct ZBytes<B>(B);

impl<B: AsRef<[u8]>> zerompk::ToMessagePack for ZBytes<B> {
    fn write<W: zerompk::Write>(&self, w: &mut W) -> zerompk::Result<()> {
        w.write_binary(self.0.as_ref())
    }
}

impl<'de> zerompk::FromMessagePack<'de> for ZBytes<Vec<u8>> {
    fn read<R: zerompk::Read<'de>>(r: &mut R) -> zerompk::Result<Self> {
        Ok(ZBytes(r.read_binary()?.into_owned()))
    }
}

/// zerompk: into a `Vec` sized up front (a hand-written `ToMessagePack` has
/// no size hint without `unsafe`, so `to_msgpack_vec` would grow its buffer).
fn zerompk_encode(data: &[u8]) -> zerompk::Result<Vec<u8>> {
    let mut out = Vec::with_capacity(data.len() + 5);
    zerompk::write_msgpack(&mut out, &ZBytes(data))?;
    Ok(out)
}

/// msgpacker: its `bin` function into a `Vec` sized up front.
fn msgpacker_encode(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len() + 5);
    msgpacker::pack_bytes(&mut out, data);
    out
}

fn bin_case(name: &str, data: Vec<u8>) -> Case {
    let canonical = msgpack_core::to_vec(&data).expect("a byte string always encodes");

    let ours = {
        let (src, want) = (data.clone(), data.clone());
        Row::new(format!("{} (Vec<u8>)", names::DERIVE), Group::Ours)
            .encode(move || msgpack_core::to_vec(&src))
            .decode(|b| msgpack_core::from_slice::<Vec<u8>>(b))
            .check(move |b| expect_eq(&msgpack_core::from_slice::<Vec<u8>>(b).map_err(err)?, &want))
    };
    let ours_borrowed = {
        let (src, want) = (data.clone(), data.clone());
        Row::new(format!("{} (&[u8])", names::DERIVE_BORROWED), Group::Ours)
            .encode(move || msgpack_core::to_vec(src.as_slice()))
            .decode_with(|b| {
                let v: &[u8] = msgpack_core::from_slice(b).map_err(err)?;
                black_box(v);
                Ok(())
            })
            .check(move |b| expect_eq(&msgpack_core::from_slice::<&[u8]>(b).map_err(err)?, &want.as_slice()))
    };
    let rmp_serde = {
        let (src, want) = (data.clone(), data.clone());
        Row::new(format!("{} (ByteBuf)", names::RMP_SERDE_COMPACT), Group::Other)
            .encode(move || rmp_serde::to_vec(Bytes::new(&src)))
            .decode(|b| rmp_serde::from_slice::<ByteBuf>(b))
            .check(move |b| expect_eq(&rmp_serde::from_slice::<ByteBuf>(b).map_err(err)?.into_vec(), &want))
    };
    let rmp_serde_borrowed = {
        let (src, want) = (data.clone(), data.clone());
        Row::new(format!("{} (&Bytes)", names::RMP_SERDE_COMPACT), Group::Other)
            .encode(move || rmp_serde::to_vec(Bytes::new(&src)))
            .decode_with(|b| {
                let v: &Bytes = rmp_serde::from_slice(b).map_err(err)?;
                black_box(v);
                Ok(())
            })
            .check(move |b| {
                let got: &Bytes = rmp_serde::from_slice(b).map_err(err)?;
                expect_eq(&got.as_ref(), &want.as_slice())
            })
    };
    let rmpv_row = rmpv_row(rmpv::Value::Binary(data.clone()));
    let zerompk_row = {
        let (src, want) = (data.clone(), data.clone());
        Row::new(format!("{} (Vec<u8>)", names::ZEROMPK_HAND), Group::Other)
            .encode(move || zerompk_encode(&src))
            .decode(|b| zerompk::from_msgpack::<ZBytes<Vec<u8>>>(b))
            .check(move |b| expect_eq(&zerompk::from_msgpack::<ZBytes<Vec<u8>>>(b).map_err(err)?.0, &want))
    };
    let zerompk_borrowed = {
        let (src, want) = (data.clone(), data.clone());
        Row::new(format!("{} (&[u8])", names::ZEROMPK_HAND), Group::Other)
            .encode(move || zerompk_encode(&src))
            .decode_with(|b| {
                let v: &[u8] = zerompk::from_msgpack(b).map_err(err)?;
                black_box(v);
                Ok(())
            })
            .check(move |b| expect_eq(&zerompk::from_msgpack::<&[u8]>(b).map_err(err)?, &want.as_slice()))
    };
    let msgpacker_row = {
        let (src, want) = (data.clone(), data.clone());
        Row::new(format!("{} (Vec<u8>)", names::MSGPACKER), Group::Other)
            .encode(move || Ok::<_, Infallible>(msgpacker_encode(&src)))
            .decode(|b| msgpacker::unpack_bytes(b).map(|(_, v)| v.to_vec()))
            .check(move |b| expect_eq(&msgpacker::unpack_bytes(b).map_err(err)?.1.to_vec(), &want))
    };
    let msgpacker_borrowed = {
        let (src, want) = (data.clone(), data);
        Row::new(format!("{} (&[u8])", names::MSGPACKER), Group::Other)
            .encode(move || Ok::<_, Infallible>(msgpacker_encode(&src)))
            .decode_with(|b| {
                let (_, v) = msgpacker::unpack_bytes(b).map_err(err)?;
                black_box(v);
                Ok(())
            })
            .check(move |b| expect_eq(&msgpacker::unpack_bytes(b).map_err(err)?.1, &want.as_slice()))
    };

    Case::new("W3", name, canonical)
        .row(ours)
        .row(ours_borrowed)
        .row(rmp_serde)
        .row(rmp_serde_borrowed)
        .row(rmpv_row)
        .row(zerompk_row)
        .row(zerompk_borrowed)
        .row(msgpacker_row)
        .row(msgpacker_borrowed)
        .with_limits()
}

/// The two binary cases.
pub(super) fn cases() -> Vec<Case> {
    vec![bin_case("bin 1 KB", payload(1024)), bin_case("bin 1 MB", payload(1024 * 1024))]
}
