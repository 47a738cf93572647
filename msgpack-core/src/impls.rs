//! `Encode` and `Decode` for the types of `core`, `alloc` and `std`, the
//! crate's extension types, and the types of the ecosystem crates (one
//! file, or a file beside a folder, per foreign type: its impls, its
//! `Schema` and, for `chrono` and `time`, the adapters for its serde forms).
//!
//! The wire form of each is listed in the crate docs' table.

pub(crate) mod as_array;
mod cell;
mod duration;
mod ext;
mod ffi;
pub(crate) mod forms;
mod net;
mod num;
mod ops;
mod ptr;
mod result;
mod seq;
mod text;
mod tuple;
mod wrap;

#[cfg(feature = "alloc")]
mod map;

#[cfg(feature = "bytes")]
mod bytes;

#[cfg(feature = "std")]
mod path;
#[cfg(feature = "std")]
mod system_time;

// The date-time crates, each with its field adapters (re-exported by `with`).
#[cfg(feature = "chrono")]
pub(crate) mod chrono;

#[cfg(feature = "time")]
pub(crate) mod time;

#[cfg(feature = "uuid")]
mod uuid;

#[cfg(feature = "indexmap")]
mod indexmap;

#[cfg(feature = "smallvec")]
mod smallvec;

#[cfg(feature = "arrayvec")]
mod arrayvec;

#[cfg(feature = "heapless")]
mod heapless;

#[cfg(feature = "rust_decimal")]
mod rust_decimal;
