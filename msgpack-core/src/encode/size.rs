//! Exact sizes of encoded items, for [`Encode::encoded_len`](super::Encode::encoded_len).

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

/// The sum of encoding bounds ([`Encode::MAX_LEN`](crate::Encode::MAX_LEN)),
/// saturating at `usize::MAX` (no bound).
pub const fn max_len_sum(parts: &[usize]) -> usize {
    let mut total = 0usize;
    let mut i = 0;
    while i < parts.len() {
        total = total.saturating_add(parts[i]);
        i += 1;
    }
    total
}

/// `count` copies of an element bound, saturating.
pub(crate) const fn max_len_times(count: usize, each: usize) -> usize {
    count.saturating_mul(each)
}

/// The larger of two bounds.
pub(crate) const fn max_len_max(a: usize, b: usize) -> usize {
    if a > b { a } else { b }
}
