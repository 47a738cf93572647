//! The crate's only `unsafe` code (`#![deny(unsafe_code)]` at the crate
//! root, allowed for this module alone): what writes into memory that is
//! not initialized yet, hands out windows of a buffer, or views bytes as
//! what they are known to be. The rest of the crate reaches it through
//! safe functions and types; each `unsafe` block has its `SAFETY` comment.
//!
//! - [`sink`]: the [`Write`] trait (public as `encode::Write`; its window
//!   protocol's `__advance` is an `unsafe fn`) and the sinks over memory:
//!   [`SliceWriter`], the writer behind `to_vec` over a `Vec`'s spare
//!   capacity ([`write_spare`]) and `Vec<u8>`, and the windows of the
//!   encoder's fast paths: [`in_window`] / [`through_stack`] (a bounded
//!   encoding's [`Bounded`] window) and [`write_window_init`] /
//!   [`write_window_filled`] (a fixed-layout template);
//! - [`ascii_str`]: the decoder's ASCII shortcut (`ascii.rs`);
//! - [`StaticRef`]: the pointer inside a schema's
//!   [`ShapeRef`](crate::schema::ShapeRef) (`static_ref.rs`).
//!
//! Nothing here depends on the decoder; the windows name the encode
//! error ([`Error`](crate::encode::Error)) their callers return.

mod ascii;
mod sink;
mod static_ref;

pub(crate) use ascii::ascii_str;
#[cfg(feature = "alloc")]
pub(crate) use sink::write_spare;
pub(crate) use sink::{
    Bounded, SLACK, bound_error, in_window, through_stack, write_window_filled, write_window_filled_each,
    write_window_init,
};
pub use sink::{EndOfSlice, SliceWriter, Write};
pub(crate) use static_ref::StaticRef;
