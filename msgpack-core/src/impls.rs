//! `Encode` and `Decode` for the types of `core`, `alloc` and `std`.
//!
//! The wire form of each is listed in the crate docs' table.

mod num;
mod ptr;
mod seq;
mod text;
mod time;
mod tuple;

#[cfg(feature = "alloc")]
mod map;

#[cfg(feature = "bytes")]
mod bytes;

#[cfg(feature = "std")]
mod system_time;

#[cfg(feature = "chrono")]
mod chrono;

#[cfg(feature = "time")]
mod time_crate;
