//! `Encode` and `Decode` for the types of `core`, `alloc` and `std`.
//!
//! The wire form of each is listed in the crate docs' table.

pub(crate) mod as_array;
mod cell;
mod ffi;
pub(crate) mod forms;
mod net;
mod num;
mod ops;
mod ptr;
mod result;
mod seq;
mod text;
mod time;
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

#[cfg(feature = "chrono")]
mod chrono;

#[cfg(feature = "time")]
mod time_crate;

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
