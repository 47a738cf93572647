//! Zero-copy decoding: a type with borrowed `&str` / `&[u8]` fields decodes
//! without a single heap allocation, and its strings point into the input.
//! A counting global allocator measures it; the example fails if that ever
//! changes.
//!
//! Run: `cargo run -p msgpack-examples --example zero_copy`

use std::alloc::{GlobalAlloc, Layout, System};
use std::borrow::Cow;
use std::sync::atomic::{AtomicUsize, Ordering};

use msgpack_core::{MsgPack, from_slice, to_vec};

/// A message whose text and bytes all borrow from the input buffer.
#[derive(MsgPack, Debug, PartialEq)]
struct Packet<'a> {
    id: u64,
    topic: &'a str,
    payload: &'a [u8],
    sender: Peer<'a>,     // a nested borrowed struct
    labels: [&'a str; 3], // a fixed-size array: no Vec, so no allocation
    reply_to: Option<&'a str>,
    note: Cow<'a, str>, // always `Cow::Borrowed` after decoding
}

#[derive(MsgPack, Debug, PartialEq)]
struct Peer<'a> {
    name: &'a str,
    addr: (&'a str, u16),
}

/// The same strings in a `Vec`: the strings still borrow, the `Vec` itself
/// is one allocation (sized once from the array header).
#[derive(MsgPack, Debug, PartialEq)]
struct Tags<'a> {
    tags: Vec<&'a str>,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let packet = Packet {
        id: 42,
        topic: "sensors/greenhouse-3",
        payload: &[0xde, 0xad, 0xbe, 0xef],
        sender: Peer { name: "gateway-eu", addr: ("10.0.0.7", 8080) },
        labels: ["temp", "humidity", "co2"],
        reply_to: Some("acks/42"),
        note: Cow::Borrowed("calibrated"),
    };
    let bytes = to_vec(&packet)?;
    println!("encoded: {} bytes", bytes.len());

    // Decode, counting the allocations made meanwhile.
    let (back, allocs) = count_allocations(|| from_slice::<Packet>(&bytes));
    let back = back?;
    println!("decoded: {back:?}");
    println!("heap allocations during the decode: {allocs}");
    assert_eq!(back, packet);
    assert_eq!(allocs, 0, "decoding a borrowed type must not allocate");

    // Every borrowed field points into `bytes`: nothing was copied.
    let borrowed: [&[u8]; 7] = [
        back.topic.as_bytes(),
        back.payload,
        back.sender.name.as_bytes(),
        back.sender.addr.0.as_bytes(),
        back.labels[1].as_bytes(),
        back.reply_to.expect("encoded as Some").as_bytes(),
        back.note.as_bytes(),
    ];
    for field in borrowed {
        assert!(points_into(&bytes, field), "{field:?} was copied");
    }
    assert!(matches!(back.note, Cow::Borrowed(_)));
    let offset = back.topic.as_ptr() as usize - bytes.as_ptr() as usize;
    println!("`topic` is bytes[{}..{}] of the input buffer", offset, offset + back.topic.len());

    // A `Vec<&str>`: one allocation for the Vec, none for its strings.
    let tags = to_vec(&Tags { tags: vec!["a", "bb", "ccc", "dddd"] })?;
    let (back, allocs) = count_allocations(|| from_slice::<Tags>(&tags));
    let back = back?;
    println!("Vec<&str> of {} strings: {allocs} allocation(s)", back.tags.len());
    assert_eq!(allocs, 1, "only the Vec's buffer");
    assert!(back.tags.iter().all(|t| points_into(&tags, t.as_bytes())));
    Ok(())
}

/// Whether `part` lies inside `buf` (compares addresses only).
fn points_into(buf: &[u8], part: &[u8]) -> bool {
    let (outer, inner) = (buf.as_ptr_range(), part.as_ptr_range());
    outer.start <= inner.start && inner.end <= outer.end
}

/// Runs `f` and returns its result with the number of heap allocations
/// (including reallocations) it made.
fn count_allocations<R>(f: impl FnOnce() -> R) -> (R, usize) {
    let before = ALLOCATIONS.load(Ordering::SeqCst);
    let result = f();
    (result, ALLOCATIONS.load(Ordering::SeqCst) - before)
}

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

/// The system allocator, counting every allocation.
struct Counting;

#[allow(unsafe_code, reason = "a global allocator must implement the unsafe GlobalAlloc trait")]
// SAFETY: every method forwards its arguments unchanged to `System`; the
// counter is an atomic, so counting never allocates or re-enters.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
        // SAFETY: forwarded unchanged.
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
        // SAFETY: forwarded unchanged.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
        // SAFETY: forwarded unchanged.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded unchanged.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;
