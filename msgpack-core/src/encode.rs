//! Encoding: the [`Encode`] trait and the sizes its
//! [`encoded_len`](Encode::encoded_len) adds up, the [`Encoder`] and its
//! output sinks.
//!
//! An [`Encoder`] writes MessagePack items into any [`Write`] sink, always in
//! the smallest form the specification allows. [`Encode`] is implemented by
//! types that know how to write themselves and how many bytes that takes
//! ([`Encode::encoded_len`] is exact, so [`to_vec`](crate::to_vec) allocates
//! once; encoding into a slice or a reused `Vec` is a single pass).
//!
//! ```
//! use msgpack_core::encode::{Encoder, SliceWriter};
//!
//! let mut buf = [0u8; 16];
//! let mut e = Encoder::new(SliceWriter::new(&mut buf));
//! e.map_len(1)?;
//! e.str("id")?;
//! e.u64(300)?;
//! let n = e.writer().position();
//! assert_eq!(&buf[..n], &[0x81, 0xa2, b'i', b'd', 0xcd, 0x01, 0x2c]);
//! # Ok::<(), msgpack_core::encode::Error<msgpack_core::encode::EndOfSlice>>(())
//! ```

// The encoder (`encoder.rs`) writes each item into a sink (`write.rs`: the
// `Write` trait and the sinks, those over memory defined in `mem`); its
// errors are `error.rs`. Its fast paths, beside it as the decoder's beside
// the decoder: the fixed-layout templates (`fixed.rs`, as `decode/fixed.rs`)
// and the bounded window (`bounded.rs`, with the bounds `MAX_LEN` adds up).
// `vec.rs`: encoding into a `Vec` (`to_vec`, `append_to_vec`). Here: the
// `Encode` trait and the sizes its `encoded_len` adds up.
pub(crate) mod bounded;
mod encoder;
mod error;
mod fixed;
#[cfg(feature = "alloc")]
mod vec;
mod write;

pub(crate) use bounded::{max_len_max, max_len_sum, max_len_times};
pub use encoder::Encoder;
pub use error::Error;
#[cfg(feature = "alloc")]
pub(crate) use vec::{append_exact, append_growing, append_spare, encoded_vec, or_retry};
#[cfg(feature = "bytes")]
pub use write::BufMutWriter;
#[cfg(feature = "std")]
pub use write::IoWriter;
pub use write::{EndOfSlice, SliceWriter, Write};

/// A type that can be written as MessagePack.
///
#[doc = include_str!("hand_written_colour.md")]
///
/// The [`hand_written`](crate::hand_written) page has an example for each
/// common shape (a newtype, a string form, a struct written as a map or an
/// array, an enum as a string, a type whose length is costly
/// to compute) and the rules the derive relies on.
///
/// Implementations must keep [`encoded_len`](Encode::encoded_len) exact: it
/// returns the number of bytes [`encode`](Encode::encode) writes (a test in
/// this crate checks it for every implementation). Use the size functions of
/// this module ([`uint_size`], [`str_size`], ...) to compute it.
/// [`to_vec`](crate::to_vec) sizes its buffer with it and writes once (unless
/// [`COSTLY_LEN`](Encode::COSTLY_LEN) says measuring costs more than
/// growing): an `encoded_len` that falls short makes it fail with
/// [`Error::Custom`] (a longer one wastes capacity).
///
/// A smaller shape, a point written as `[x, y]`:
///
/// ```
/// use msgpack_core::encode::{self, Encode, Encoder, Write};
///
/// struct Point { x: i32, y: i32 }
///
/// impl Encode for Point {
///     fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
///         e.array_len(2)?;
///         e.i32(self.x)?;
///         e.i32(self.y)
///     }
///     fn encoded_len(&self) -> usize {
///         encode::array_header_size(2) + self.x.encoded_len() + self.y.encoded_len()
///     }
/// }
///
/// let bytes = msgpack_core::to_vec(&Point { x: 1, y: -300 })?;
/// assert_eq!(bytes, [0x92, 0x01, 0xd1, 0xfe, 0xd4]);
/// # Ok::<(), msgpack_core::encode::Error<core::convert::Infallible>>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be encoded as MessagePack (`Encode` is not implemented)",
    note = "derive `MsgPack` for it; for a type of another crate, encode the field with `#[msgpack(with = \"module\")]`, wrap the type in a newtype that implements `Encode`, or (if it implements serde's `Serialize`) mark the field `#[msgpack(serde)]`"
)]
pub trait Encode {
    /// Writes `self` to the encoder.
    ///
    /// ```
    /// use msgpack_core::{Encode, Encoder};
    ///
    /// let mut out = Vec::new();
    /// let mut e = Encoder::new(&mut out);
    /// "hi".encode(&mut e)?;
    /// 300u16.encode(&mut e)?;
    /// assert_eq!(out, [0xa2, b'h', b'i', 0xcd, 0x01, 0x2c]);
    /// # Ok::<(), msgpack_core::encode::Error<core::convert::Infallible>>(())
    /// ```
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), Error<W::Error>>;

    /// The exact number of bytes [`encode`](Encode::encode) writes.
    ///
    /// ```
    /// use msgpack_core::Encode;
    ///
    /// assert_eq!(127u32.encoded_len(), 1); // positive fixint
    /// assert_eq!(128u32.encoded_len(), 2); // uint 8
    /// assert_eq!(("id", [1u8; 3]).encoded_len(), 1 + 3 + 5); // array, fixstr, bin 8
    /// ```
    fn encoded_len(&self) -> usize;

    /// An upper bound of [`encoded_len`](Encode::encoded_len) over every
    /// value of the type, or `usize::MAX` when there is none (the default).
    ///
    /// The core's impls and the derive set it: a bounded integer, float,
    /// `bool`, array or tuple of those, and a derived struct made of bounded
    /// fields (its header, keys and the fields' bounds added up). A derived
    /// struct whose bound is at most 256 bytes is written into a window of
    /// the sink whose room is checked once per value instead of once per
    /// item, which is much of what makes small structs fast to encode. A
    /// hand-written type that always writes at most `N` bytes (a fixed-size
    /// string, a fixed array of fixed-size items) declares `MAX_LEN = N` to
    /// join that path; leave it at `usize::MAX` when the length has no
    /// bound (a `String`, a `Vec`).
    ///
    /// A bound that is too small never writes out of place: the encoding
    /// fails with [`Error::Custom`] instead. A bound that is larger than
    /// needed only costs a larger window.
    ///
    /// ```
    /// use msgpack_core::{Encode, Encoder, MsgPack, encode};
    ///
    /// /// An RGB colour written as `[r, g, b]`: at most 1 + 3 * 2 bytes.
    /// struct Rgb([u8; 3]);
    ///
    /// impl Encode for Rgb {
    ///     const MAX_LEN: usize = encode::array_header_size(3) + 3 * 2;
    ///     fn encode<W: encode::Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
    ///         e.array_len(3)?;
    ///         self.0.iter().try_for_each(|c| e.u8(*c))
    ///     }
    ///     fn encoded_len(&self) -> usize {
    ///         encode::array_header_size(3) + self.0.iter().map(Encode::encoded_len).sum::<usize>()
    ///     }
    /// }
    ///
    /// assert_eq!(<u16 as Encode>::MAX_LEN, 3);
    /// assert_eq!(<(bool, f32) as Encode>::MAX_LEN, 1 + 1 + 5);
    /// assert_eq!(<String as Encode>::MAX_LEN, usize::MAX);
    /// assert_eq!(<Rgb as Encode>::MAX_LEN, 7);
    /// assert_eq!(msgpack_core::to_vec(&Rgb([255, 0, 8]))?, [0x93, 0xcc, 0xff, 0x00, 0x08]);
    /// # Ok::<(), msgpack_core::encode::Error<core::convert::Infallible>>(())
    /// ```
    const MAX_LEN: usize = usize::MAX;

    /// Whether [`encoded_len`](Encode::encoded_len) costs about as much as
    /// encoding (`false` by default).
    ///
    /// [`to_vec`](crate::to_vec) and [`append_to_vec`](crate::append_to_vec)
    /// normally measure the value first and then write it once into a buffer
    /// of exactly that size. For a type whose length is only known by doing
    /// the work (formatting a `Display`, serialising through another library)
    /// that is the work done twice; with `COSTLY_LEN = true` they write into
    /// a buffer that grows instead (amortised doubling, no measuring pass).
    /// `encoded_len` must still be exact: other code calls it.
    ///
    /// Derived types and the core's wrappers that hold their values inline
    /// (`Option`, tuples, arrays and slices, `Result`, `Cell`, `RefCell`,
    /// `Mutex`, `Wrapping`, ranges, `Cow`, `ArrayVec`, `SmallVec`,
    /// `heapless` collections) are costly when one of their field or element
    /// types is, so `to_vec` of a struct holding such a field grows too.
    /// Pointers and heap collections (`&T`, `Box`, `Rc`, `Arc`, `Vec`,
    /// `VecDeque`, sets and maps) keep the default: a recursive type is
    /// recursive through one of them, and a constant cannot depend on
    /// itself. A derived type that holds costly values only through those
    /// says so with the container attribute `#[msgpack(costly_len)]`. The
    /// choice is made at compile time: the other path is not compiled for
    /// the type.
    ///
    /// ```
    /// use msgpack_core::{Encode, Encoder, encode};
    ///
    /// /// A value written as its `Display` text.
    /// struct Shown<T>(T);
    ///
    /// impl<T: core::fmt::Display> Encode for Shown<T> {
    ///     const COSTLY_LEN: bool = true; // the length is only known by formatting
    ///     fn encode<W: encode::Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
    ///         e.str(&self.0.to_string())
    ///     }
    ///     fn encoded_len(&self) -> usize {
    ///         encode::str_size(self.0.to_string().len())
    ///     }
    /// }
    ///
    /// assert!(<Option<(u8, Shown<f64>)> as Encode>::COSTLY_LEN);
    /// let bytes = msgpack_core::to_vec(&[Some(Shown(0.5))])?; // formats once
    /// assert_eq!(bytes, b"\x91\xa30.5");
    /// # Ok::<(), msgpack_core::encode::Error<core::convert::Infallible>>(())
    /// ```
    const COSTLY_LEN: bool = false;

    /// The type's fixed layout ([`Layout::NONE`](crate::layout::Layout::NONE)
    /// by default): set by the core's impls of `f32`, `f64`, `bool`, `()`,
    /// tuples and arrays, and by the derive for structs made of those (see
    /// [`layout`](crate::layout)). A type with a layout implements
    /// [`__write_fixed`](Encode::__write_fixed) and writes through it.
    #[doc(hidden)]
    const __LAYOUT: crate::layout::Layout = crate::layout::Layout::NONE;

    /// Writes `self` into `out`, its template: exactly `__LAYOUT.len`
    /// bytes, every one of them (markers, headers, keys and payloads).
    /// Only called when `__LAYOUT` is fixed.
    #[doc(hidden)]
    #[inline(always)]
    fn __write_fixed(&self, out: &mut [u8]) {
        let _ = out;
    }

    /// Writes a slice of `Self` as one MessagePack item (an array by
    /// default; with a fixed layout, one room check for all the elements).
    ///
    /// Not public API: `u8` overrides it to write byte buffers as `bin`.
    #[doc(hidden)]
    #[inline]
    fn __encode_slice<W: Write>(items: &[Self], e: &mut Encoder<W>) -> Result<(), Error<W::Error>>
    where
        Self: Sized,
    {
        if Self::__LAYOUT.is_fixed() {
            return e.fixed_slice(items);
        }
        e.array_len(items.len())?;
        for item in items {
            item.encode(e)?;
        }
        Ok(())
    }

    /// The encoded length of [`__encode_slice`](Encode::__encode_slice).
    #[doc(hidden)]
    #[inline]
    fn __encoded_len_slice(items: &[Self]) -> usize
    where
        Self: Sized,
    {
        array_header_size(items.len()) + items.iter().map(Encode::encoded_len).sum::<usize>()
    }

    /// Writes two slices of `Self` as one item, `a` then `b` (for `VecDeque`).
    #[doc(hidden)]
    #[inline]
    fn __encode_split<W: Write>(a: &[Self], b: &[Self], e: &mut Encoder<W>) -> Result<(), Error<W::Error>>
    where
        Self: Sized,
    {
        e.array_len(a.len() + b.len())?;
        for item in a.iter().chain(b) {
            item.encode(e)?;
        }
        Ok(())
    }

    /// The encoded length of [`__encode_split`](Encode::__encode_split).
    #[doc(hidden)]
    #[inline]
    fn __encoded_len_split(a: &[Self], b: &[Self]) -> usize
    where
        Self: Sized,
    {
        array_header_size(a.len() + b.len()) + a.iter().chain(b).map(Encode::encoded_len).sum::<usize>()
    }
}

/// Bytes taken by an unsigned integer in its smallest form.
///
/// ```
/// assert_eq!(msgpack_core::encode::uint_size(127), 1);
/// assert_eq!(msgpack_core::encode::uint_size(128), 2);
/// ```
#[inline]
pub const fn uint_size(v: u64) -> usize {
    msgpack_wire::uint_len(v)
}

/// Bytes taken by a signed integer in its smallest form (non-negative values
/// are written as unsigned integers, as every reference implementation does).
///
/// ```
/// assert_eq!(msgpack_core::encode::int_size(-32), 1);
/// assert_eq!(msgpack_core::encode::int_size(-33), 2);
/// ```
#[inline]
pub const fn int_size(v: i64) -> usize {
    msgpack_wire::int_len(v)
}

/// Bytes taken by a `str` item whose UTF-8 payload is `len` bytes (header included).
///
/// ```
/// assert_eq!(msgpack_core::encode::str_size(31), 32);
/// assert_eq!(msgpack_core::encode::str_size(32), 34);
/// ```
#[inline]
pub const fn str_size(len: usize) -> usize {
    str_header_size(len) + len
}

/// Bytes taken by the header of a `str` item of `len` bytes.
///
/// ```
/// assert_eq!(msgpack_core::encode::str_header_size(256), 3);
/// ```
#[inline]
pub const fn str_header_size(len: usize) -> usize {
    msgpack_wire::str_head_len(len)
}

/// Bytes taken by a `bin` item of `len` bytes (header included).
///
/// ```
/// assert_eq!(msgpack_core::encode::bin_size(0), 2);
/// ```
#[inline]
pub const fn bin_size(len: usize) -> usize {
    bin_header_size(len) + len
}

/// Bytes taken by the header of a `bin` item of `len` bytes.
///
/// ```
/// assert_eq!(msgpack_core::encode::bin_header_size(255), 2);
/// ```
#[inline]
pub const fn bin_header_size(len: usize) -> usize {
    msgpack_wire::bin_head_len(len)
}

/// Bytes taken by the header of an array of `len` elements.
///
/// ```
/// assert_eq!(msgpack_core::encode::array_header_size(15), 1);
/// assert_eq!(msgpack_core::encode::array_header_size(16), 3);
/// ```
#[inline]
pub const fn array_header_size(len: usize) -> usize {
    msgpack_wire::container_head_len(len)
}

/// Bytes taken by the header of a map of `len` entries.
///
/// ```
/// assert_eq!(msgpack_core::encode::map_header_size(65536), 5);
/// ```
#[inline]
pub const fn map_header_size(len: usize) -> usize {
    array_header_size(len)
}

/// Bytes taken by an ext item with a payload of `len` bytes (header and type included).
///
/// ```
/// assert_eq!(msgpack_core::encode::ext_size(4), 6); // fixext 4
/// assert_eq!(msgpack_core::encode::ext_size(3), 6); // ext 8
/// ```
#[inline]
pub const fn ext_size(len: usize) -> usize {
    msgpack_wire::ext_head_len(len) + len
}
