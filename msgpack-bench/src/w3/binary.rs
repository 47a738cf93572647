//! W3 binary: one byte string per case, 1 KB and 1 MB, owned (`Vec<u8>`) and
//! borrowed (`&[u8]`), written as `bin` by every row (recipe in the parent
//! module).

use std::convert::Infallible;
use std::rc::Rc;

use serde_bytes::{ByteBuf, Bytes};

use crate::harness::{Case, Group, names};
use crate::rows;

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
#[derive(Debug, PartialEq)]
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

/// msgpacker's reused-buffer encode: its `bin` function into its
/// `EncoderSlice` (which trusts the caller for room in a release build,
/// hence the check).
fn msgpacker_to_slice(data: &[u8], buf: &mut [u8]) -> Result<usize, String> {
    if buf.len() < data.len() + 5 {
        return Err(format!("{} bytes may not fit a {}-byte buffer", data.len() + 5, buf.len()));
    }
    Ok(msgpacker::pack_bytes(&mut msgpacker::EncoderSlice::new(buf), data))
}

fn bin_case(name: &str, data: Vec<u8>) -> Case {
    let canonical = msgpack_core::to_vec(&data).expect("a byte string always encodes");
    let data = Rc::new(data);
    let byte_buf = Rc::new(ByteBuf::from((*data).clone()));
    let zbytes = Rc::new(ZBytes((*data).clone()));
    // One source per reused-buffer closure.
    let src = || Rc::clone(&data);
    let (d1, d2, d3, d4) = (src(), src(), src(), src());
    let z1 = Rc::clone(&zbytes);

    Case::new("W3", name, canonical)
        .row(rows::ours::<Vec<u8>>(format!("{} (Vec<u8>)", names::DERIVE), src()))
        .row(
            rows::borrowed_slice(
                format!("{} (&[u8])", names::DERIVE_BORROWED),
                Group::Ours,
                (*data).clone(),
                msgpack_core::to_vec,
                |b| msgpack_core::from_slice::<&[u8]>(b),
            )
            .encode_slice(move |buf| msgpack_core::to_slice(d1.as_slice(), buf)),
        )
        .row(rows::serde_path_extras(
            rows::owned(
                format!("{} (ByteBuf)", names::SERDE_PATH),
                Group::Ours,
                Rc::clone(&byte_buf),
                |v: &ByteBuf| msgpack_core::serde::to_vec(Bytes::new(v)),
                |b| msgpack_core::serde::from_slice::<ByteBuf>(b),
            ),
            Rc::clone(&byte_buf),
            false,
        ))
        .row(rows::serde_path_extras(
            rows::borrowed_slice(
                format!("{} (&Bytes)", names::SERDE_PATH),
                Group::Ours,
                (*data).clone(),
                |v: &[u8]| msgpack_core::serde::to_vec(Bytes::new(v)),
                |b| msgpack_core::serde::from_slice::<&Bytes>(b).map(|v| &**v),
            ),
            Rc::clone(&byte_buf),
            false,
        ))
        .row(rows::serde_reuse(
            rows::owned(
                format!("{} (ByteBuf)", names::RMP_SERDE_COMPACT),
                Group::Other,
                Rc::clone(&byte_buf),
                |v: &ByteBuf| rmp_serde::to_vec(Bytes::new(v)),
                |b| rmp_serde::from_slice::<ByteBuf>(b),
            ),
            Rc::clone(&byte_buf),
            false,
        ))
        .row(rows::serde_reuse(
            rows::borrowed_slice(
                format!("{} (&Bytes)", names::RMP_SERDE_COMPACT),
                Group::Other,
                (*data).clone(),
                |v: &[u8]| rmp_serde::to_vec(Bytes::new(v)),
                |b| rmp_serde::from_slice::<&Bytes>(b).map(|v| &**v),
            ),
            byte_buf,
            false,
        ))
        .row(rows::rmpv(rmpv::Value::Binary((*data).clone())))
        .row(
            rows::owned(
                format!("{} (Vec<u8>)", names::ZEROMPK_HAND),
                Group::Other,
                zbytes,
                |v: &ZBytes<Vec<u8>>| zerompk_encode(&v.0),
                |b| zerompk::from_msgpack::<ZBytes<Vec<u8>>>(b),
            )
            .encode_slice(move |buf| zerompk::to_msgpack(&*z1, buf)),
        )
        .row(
            rows::borrowed_slice(
                format!("{} (&[u8])", names::ZEROMPK_HAND),
                Group::Other,
                (*data).clone(),
                zerompk_encode,
                |b| zerompk::from_msgpack::<&[u8]>(b),
            )
            .encode_slice(move |buf| zerompk::to_msgpack(&ZBytes(d2.as_slice()), buf)),
        )
        .row(
            rows::owned(
                format!("{} (Vec<u8>)", names::MSGPACKER),
                Group::Other,
                src(),
                |v: &Vec<u8>| Ok::<_, Infallible>(msgpacker_encode(v)),
                |b| msgpacker::unpack_bytes(b).map(|(_, v)| v.to_vec()),
            )
            .encode_slice(move |buf| msgpacker_to_slice(&d3, buf)),
        )
        .row(
            rows::borrowed_slice(
                format!("{} (&[u8])", names::MSGPACKER),
                Group::Other,
                (*data).clone(),
                |v: &[u8]| Ok::<_, Infallible>(msgpacker_encode(v)),
                |b| msgpacker::unpack_bytes(b).map(|(_, v)| v),
            )
            .encode_slice(move |buf| msgpacker_to_slice(&d4, buf)),
        )
        .with_limits()
}

/// The two binary cases.
pub(super) fn cases() -> Vec<Case> {
    vec![bin_case("bin 1 KB", payload(1024)), bin_case("bin 1 MB", payload(1024 * 1024))]
}
