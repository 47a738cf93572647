//! msgpack-core without `std` and without an allocator.
//!
//! This binary has no global allocator at all (the `alloc` crate is not even
//! linked), so anything that tried to allocate would fail to build. It
//! encodes a record into a stack buffer, decodes it back with borrowed
//! strings and binaries, decodes owned fields into fixed-capacity `heapless`
//! containers, streams several values, checks a hostile input, and
//! exits with status 0 on success (1 on any mismatch), so CI can run it.
#![no_std]
#![no_main]

use msgpack_core::decode::{Decode, Decoder, Error, ErrorKind};
use msgpack_core::encode::{self, Encode, Encoder, Write};
use msgpack_core::schema::{Schema, Shape, ShapeRef};

/// A record with borrowed fields: decoding it copies nothing.
#[derive(Debug, PartialEq)]
struct Reading<'a> {
    sensor: &'a str,
    celsius: f32,
    samples: [u16; 4],
    raw: &'a [u8],
}

impl Encode for Reading<'_> {
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        e.array_len(4)?;
        e.str(self.sensor)?;
        e.f32(self.celsius)?;
        self.samples.encode(e)?;
        e.bin(self.raw)
    }

    fn encoded_len(&self) -> usize {
        encode::array_header_size(4)
            + self.sensor.encoded_len()
            + self.celsius.encoded_len()
            + self.samples.encoded_len()
            + self.raw.encoded_len()
    }
}

impl<'de> Decode<'de> for Reading<'de> {
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        let at = d.position();
        let len = d.array_len()?;
        if len != 4 {
            return Err(d.error(ErrorKind::InvalidLength { expected: 4, found: len }, at));
        }
        d.enter()?;
        let r = Reading { sensor: d.decode()?, celsius: d.decode()?, samples: d.decode()?, raw: d.decode()? };
        d.leave();
        Ok(r)
    }
}

/// Its wire schema, by hand: an array of exactly these four items. Schema
/// descriptors are `const` data, no allocator involved.
impl Schema for Reading<'_> {
    const SHAPE: ShapeRef = ShapeRef::new(&Shape::Tuple(&[
        <&str as Schema>::SHAPE,
        <f32 as Schema>::SHAPE,
        <[u16; 4] as Schema>::SHAPE,
        <&[u8] as Schema>::SHAPE,
    ]));
}

/// The same kind of record with generated code: the derive needs no
/// allocator either when its field types do not.
#[derive(msgpack_core::MsgPack, Debug, PartialEq)]
#[msgpack(tag = "kind", rename_all = "lowercase")]
enum Event<'a> {
    Reading {
        sensor: &'a str,
        celsius: f32,
        #[msgpack(default)]
        raw: &'a [u8],
    },
    Reset,
}

/// The previous version of `Event`, before `raw` was added.
#[derive(msgpack_core::MsgPack, Debug, PartialEq)]
#[msgpack(tag = "kind", rename_all = "lowercase")]
enum EventV0<'a> {
    Reading { sensor: &'a str, celsius: f32 },
    Reset,
}

// Checked by the compiler, in `no_std`: the current `Event` reads what the
// previous version wrote and the reverse (`raw` has a default; readers skip
// fields they do not know).
msgpack_core::assert_compatible!(Event<'static> <=> EventV0<'static>);

/// A schema fingerprint computed at compile time.
const EVENT_FINGERPRINT: u64 = msgpack_core::schema::fingerprint_of::<Event<'static>>();

fn derived() -> bool {
    let event = Event::Reading { sensor: "door", celsius: -4.25, raw: &[1, 2, 3] };
    let mut buf = [0u8; 64];
    let Ok(n) = msgpack_core::to_slice(&event, &mut buf) else { return false };
    let ok = matches!(msgpack_core::from_slice::<Event>(&buf[..n]), Ok(ref back) if *back == event);
    let Ok(m) = msgpack_core::to_slice(&Event::Reset, &mut buf) else { return false };
    let ok = ok && &buf[..m] == b"\x81\xa4kind\xa5reset";
    // Old bytes, new type: `raw` takes its default.
    let Ok(n) = msgpack_core::to_slice(&EventV0::Reading { sensor: "door", celsius: 1.0 }, &mut buf) else {
        return false;
    };
    let old_read =
        matches!(msgpack_core::from_slice::<Event>(&buf[..n]), Ok(Event::Reading { sensor: "door", raw: &[], .. }));
    ok && old_read
        && EVENT_FINGERPRINT != msgpack_core::schema::fingerprint_of::<EventV0<'static>>()
        && msgpack_core::schema::check(Reading::SHAPE.get(), <(&str, f32, [u16; 4], &[u8])>::SHAPE.get()).is_ok()
}

/// Owned fields without an allocator: `heapless` containers (feature
/// `heapless`), each with a capacity fixed at compile time.
#[derive(msgpack_core::MsgPack, Debug, PartialEq)]
struct Batch {
    device: heapless::String<16>,
    readings: heapless::Vec<i16, 8>,
}

/// The same message with more readings than a `Batch` holds.
#[derive(msgpack_core::MsgPack)]
struct BatchWire<'a> {
    device: &'a str,
    readings: [i16; 9],
}

fn heapless_containers() -> bool {
    let mut batch = Batch { device: heapless::String::new(), readings: heapless::Vec::new() };
    if batch.device.push_str("probe-7").is_err() || batch.readings.extend_from_slice(&[-40, 0, 215]).is_err() {
        return false;
    }
    let mut buf = [0u8; 64];
    let Ok(n) = msgpack_core::to_slice(&batch, &mut buf) else { return false };
    let ok = matches!(msgpack_core::from_slice::<Batch>(&buf[..n]), Ok(ref back) if *back == batch);
    // Nine readings do not fit in eight: a decode error, not an overflow.
    let Ok(n) = msgpack_core::to_slice(&BatchWire { device: "probe-7", readings: [1; 9] }, &mut buf) else {
        return false;
    };
    let too_many = matches!(
        msgpack_core::from_slice::<Batch>(&buf[..n]).map_err(|e| e.kind().clone()),
        Err(ErrorKind::CapacityExceeded { capacity: 8, found: 9 })
    );
    ok && too_many
}

fn run() -> bool {
    if !derived() || !heapless_containers() {
        return false;
    }
    let reading = Reading { sensor: "greenhouse-3", celsius: 21.5, samples: [1, 200, 3000, 40000], raw: &[0xde, 0xad] };

    // Encode into a stack buffer.
    let mut buf = [0u8; 64];
    let Ok(n) = msgpack_core::to_slice(&reading, &mut buf) else { return false };
    if n != reading.encoded_len() {
        return false;
    }

    // Decode it back, borrowing from `buf`.
    let Ok(back) = msgpack_core::from_slice::<Reading>(&buf[..n]) else { return false };
    if back != reading || back.sensor.as_ptr() < buf.as_ptr() || back.sensor.as_ptr() >= buf[n..].as_ptr() {
        return false;
    }

    // A buffer that is too small is an error, not an overflow.
    let mut tiny = [0u8; 8];
    if msgpack_core::to_slice(&reading, &mut tiny).is_ok() {
        return false;
    }

    // Stream several values from one buffer.
    let mut w = encode::SliceWriter::new(&mut buf);
    let mut e = Encoder::new(&mut w);
    for i in 0..3u32 {
        if e.u32(i * 1000).is_err() {
            return false;
        }
    }
    let len = w.position();
    let mut d = Decoder::new(&buf[..len]);
    for i in 0..3u32 {
        if d.u32() != Ok(i * 1000) {
            return false;
        }
    }

    // Hostile input: a str claiming 4 GiB in 5 bytes.
    let hostile = [0xdb, 0xff, 0xff, 0xff, 0xff];
    matches!(
        msgpack_core::from_slice::<&str>(&hostile).map_err(|e| e.kind().clone()),
        Err(ErrorKind::UnexpectedEof { .. })
    )
}

// libc provides `_start`, `exit`, `abort` and `memcpy`; nothing else is linked.
#[link(name = "c")]
unsafe extern "C" {
    safe fn abort() -> !;
}

#[allow(unsafe_code, reason = "the C entry point of a no_std binary must not be mangled")]
#[unsafe(no_mangle)]
extern "C" fn main(_argc: i32, _argv: *const *const u8) -> i32 {
    if run() { 0 } else { 1 }
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    abort()
}

/// The precompiled `core` refers to this symbol; with `panic = "abort"` it is
/// never called.
#[allow(unsafe_code, reason = "a symbol name that the precompiled core links against")]
#[unsafe(no_mangle)]
extern "C" fn rust_eh_personality() {}
