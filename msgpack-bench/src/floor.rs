//! The allocation floor of an owned decode (issue 35, item 3): what the
//! same allocations and copies cost without any parsing.
//!
//! An owned decode of string-heavy data (the access log, the save file)
//! allocates every `String` and `Vec` the value holds and copies their
//! bytes; no decoder can do less. Cloning the decoded value does exactly
//! that work, from the same sizes, with nothing to parse, validate or
//! check: the row [`alloc_floor`] times it, and the runner's targets hold
//! our owned decode within 1.3x of it, so what remains between the two is
//! ours to cut and what the floor itself costs is the allocator's.

use std::hint::black_box;
use std::rc::Rc;

use crate::harness::{Group, Row, names};

/// A decode-only row (in [`Group::Limit`], beside `memcpy` and `skip`)
/// that clones `value`, the case's decoded value, and drops the clone, as
/// every decode row drops what it decoded. The bytes it is handed are not
/// read.
///
/// ```
/// use std::rc::Rc;
///
/// let row = msgpack_bench::floor::alloc_floor(Rc::new(vec![String::from("a"); 3]));
/// assert_eq!(row.name, msgpack_bench::harness::names::ALLOC_FLOOR);
/// assert_eq!(row.run_decode(&[]), Some(Ok(())));
/// assert!(!row.borrows);
/// assert!(row.run_encode().is_none());
/// ```
pub fn alloc_floor<T: Clone + 'static>(value: Rc<T>) -> Row {
    Row::new(names::ALLOC_FLOOR, Group::Limit).decode(move |_bytes| Ok::<T, String>(black_box(&*value).clone()))
}
