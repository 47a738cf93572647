//! Fixed layouts: the templates behind the encoding and decoding of
//! fixed-size data (not public API; used by the core's impls and the
//! derive's generated code).
//!
//! A type has a fixed layout when every value of it encodes to the same
//! number of bytes, with the same marker bytes at the same offsets: `f32`
//! (`ca` and 4 bytes), `f64` (`cb` and 8), `bool` (`c2` or `c3`: the
//! marker with its low bit free), `()` (`c0`), and tuples, arrays `[T; N]`
//! and derived structs (array form, or map form with their pre-encoded
//! keys) made only of such types. Integers are not fixed: they are written
//! in their smallest form.
//!
//! Such a value is encoded as one template: the sink checks its room once,
//! then each item is stored at its constant offset, markers, headers and
//! keys as constants (a sink whose buffer is not initialized yet gets the
//! [`pattern`](Layout::pattern) first, so that every byte is). It is decoded by
//! comparing the input's marker bytes with the pattern under the
//! [`mask`](Layout::mask) a word at a time, then reading each payload at its
//! constant offset; an input in another valid form (a `float 64` where an
//! `f32` is expected, a `map 16` header, keys in another order) does not
//! match, and the general decoder reads it instead. A `Vec` (or slice) of a
//! fixed-layout type checks its room or its input length once for all its
//! elements.

mod field;

pub use field::{read_field, write_field};

/// The largest fixed layout, in bytes: longer types are encoded and
/// decoded item by item.
pub(crate) const CAP: usize = 128;

/// The fixed layout of a type's encoding, or [`Layout::NONE`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Encoded length in bytes; 0 when the type has no fixed layout.
    pub len: usize,
    /// Array and map levels inside (what the depth limit counts).
    pub depth: u32,
    /// The largest array or map length declared inside (what
    /// `max_container_len` limits).
    pub widest: u32,
    /// The fixed bits of every encoding (markers, headers, keys), zero
    /// where the payload goes.
    pub pattern: [u8; CAP],
    /// Which bits of each byte [`pattern`](Layout::pattern) fixes.
    pub mask: [u8; CAP],
}

impl Layout {
    /// No fixed layout.
    pub const NONE: Layout = Layout { len: 0, depth: 0, widest: 0, pattern: [0; CAP], mask: [0; CAP] };

    /// Whether the type has a fixed layout.
    #[inline(always)]
    pub const fn is_fixed(&self) -> bool {
        self.len > 0
    }

    /// One marker byte whose bits under `mask` are fixed, then `payload`
    /// free bytes.
    pub const fn scalar(marker: u8, mask: u8, payload: usize) -> Layout {
        let mut l = Layout::NONE;
        l.len = 1 + payload;
        l.pattern[0] = marker & mask;
        l.mask[0] = mask;
        l
    }

    /// Constant bytes (a pre-encoded key or header), all fixed.
    pub const fn bytes(bytes: &[u8]) -> Layout {
        if bytes.is_empty() || bytes.len() > CAP {
            return Layout::NONE;
        }
        let mut l = Layout::NONE;
        l.len = bytes.len();
        let mut i = 0;
        while i < bytes.len() {
            l.pattern[i] = bytes[i];
            l.mask[i] = 0xff;
            i += 1;
        }
        l
    }

    /// `parts` one after the other; [`NONE`](Layout::NONE) if any part is,
    /// or if they add up to more than [`CAP`] bytes.
    pub const fn concat(parts: &[Layout]) -> Layout {
        let mut l = Layout::NONE;
        let mut i = 0;
        while i < parts.len() {
            let p = &parts[i];
            if p.len == 0 || l.len + p.len > CAP {
                return Layout::NONE;
            }
            let mut j = 0;
            while j < p.len {
                l.pattern[l.len + j] = p.pattern[j];
                l.mask[l.len + j] = p.mask[j];
                j += 1;
            }
            l.len += p.len;
            if p.depth > l.depth {
                l.depth = p.depth;
            }
            if p.widest > l.widest {
                l.widest = p.widest;
            }
            i += 1;
        }
        l
    }

    /// A container of `count` elements (or entries) with `header` in front
    /// of `body`: one level deeper.
    const fn container(count: usize, header: &[u8], body: Layout) -> Layout {
        if body.len == 0 || count > u32::MAX as usize {
            return Layout::NONE;
        }
        let mut l = Layout::concat(&[Layout::bytes(header), body]);
        if l.len == 0 {
            return Layout::NONE;
        }
        l.depth = body.depth + 1;
        l.widest = if count as u32 > body.widest { count as u32 } else { body.widest };
        l
    }

    /// An array of `elems`, its smallest header first (as a tuple or an
    /// `array`-form struct is written).
    pub const fn array(elems: &[Layout]) -> Layout {
        let (header, n) = header(0x90, 0xdc, elems.len());
        Layout::container(elems.len(), header.split_at(n).0, Layout::concat(elems))
    }

    /// An array of `count` copies of `elem` (`[T; N]`).
    pub const fn repeat(count: usize, elem: Layout) -> Layout {
        if count == 0 || elem.len == 0 || count > CAP {
            return Layout::NONE;
        }
        let mut body = elem;
        let mut i = 1;
        while i < count {
            body = Layout::concat(&[body, elem]);
            if body.len == 0 {
                return Layout::NONE;
            }
            i += 1;
        }
        let (header, n) = header(0x90, 0xdc, count);
        Layout::container(count, header.split_at(n).0, body)
    }

    /// A map of `entries` entries whose keys and values alternate in
    /// `parts` (each key a [`bytes`](Layout::bytes) layout).
    pub const fn map(entries: usize, parts: &[Layout]) -> Layout {
        let (header, n) = header(0x80, 0xde, entries);
        Layout::container(entries, header.split_at(n).0, Layout::concat(parts))
    }
}

/// The smallest array (`fix`, `x16`) or map header of `count` (at most
/// 65,535: longer ones are never fixed, `CAP` being far smaller), with its
/// length in bytes.
const fn header(fix: u8, x16: u8, count: usize) -> ([u8; 3], usize) {
    if count < 16 { ([fix | count as u8, 0, 0], 1) } else { ([x16, (count >> 8) as u8, count as u8], 3) }
}

/// Whether `bytes` (exactly `l.len` of them) match the layout: every fixed
/// bit as in the pattern. Compared a word at a time, all words folded into
/// one test; with a constant layout, a word without fixed bits is not
/// even loaded.
#[inline(always)]
pub(crate) fn matches(bytes: &[u8], l: &Layout) -> bool {
    let n = l.len;
    if bytes.len() != n || n == 0 || n > CAP {
        return false;
    }
    let mut diff = 0u64;
    if n >= 8 {
        let mut i = 0;
        while i + 8 < n {
            diff |= word_diff(bytes, l, i);
            i += 8;
        }
        // The last 8 bytes (overlapping the previous word).
        diff |= word_diff(bytes, l, n - 8);
    } else {
        let mut i = 0;
        while i < n {
            diff |= u64::from((bytes[i] & l.mask[i]) ^ l.pattern[i]);
            i += 1;
        }
    }
    diff == 0
}

/// The fixed bits of the 8 bytes at `at` that differ from the pattern.
#[inline(always)]
fn word_diff(bytes: &[u8], l: &Layout, at: usize) -> u64 {
    let word = |s: &[u8]| match s.get(at..).and_then(<[u8]>::first_chunk::<8>) {
        Some(w) => u64::from_le_bytes(*w),
        None => 0,
    };
    let mask = word(&l.mask);
    if mask == 0 {
        return 0;
    }
    (word(bytes) & mask) ^ word(&l.pattern)
}

/// The `N` bytes at `at` of a matched template (zeros if out of range,
/// which a consistent layout never is).
#[inline(always)]
pub(crate) fn get<const N: usize>(bytes: &[u8], at: usize) -> [u8; N] {
    match bytes.get(at..).and_then(<[u8]>::first_chunk::<N>) {
        Some(a) => *a,
        None => [0; N],
    }
}

/// Stores `value` at `at` of a template being written (nothing if out of
/// range, which a consistent layout never is).
#[inline(always)]
pub(crate) fn put<const N: usize>(out: &mut [u8], at: usize, value: [u8; N]) {
    if let Some(d) = out.get_mut(at..).and_then(<[u8]>::first_chunk_mut::<N>) {
        *d = value;
    }
}

/// Copies the pattern bytes `from..to` of `l` (a header, keys: bytes no
/// field writes) into the template being written.
#[inline(always)]
pub(crate) fn put_pattern(out: &mut [u8], l: &Layout, from: usize, to: usize) {
    if let (Some(d), Some(s)) = (out.get_mut(from..to), l.pattern.get(from..to)) {
        d.copy_from_slice(s);
    }
}

/// Copies the `len` pattern bytes of `l` at `*at` (a key) into `out`, and
/// moves `*at` past them.
#[inline(always)]
pub fn write_key(out: &mut [u8], at: &mut usize, l: &Layout, len: usize) {
    put_pattern(out, l, *at, *at + len);
    *at += len;
}

/// The `len` bytes at `at` of a template (a field's part), empty if out of
/// range.
#[inline(always)]
pub(crate) fn part(bytes: &[u8], at: usize, len: usize) -> &[u8] {
    bytes.get(at..at.saturating_add(len)).unwrap_or(&[])
}

/// [`part`], mutably.
#[inline(always)]
pub(crate) fn part_mut(out: &mut [u8], at: usize, len: usize) -> &mut [u8] {
    match out.get_mut(at..at.saturating_add(len)) {
        Some(p) => p,
        None => &mut [],
    }
}

#[cfg(test)]
mod tests {
    // The examples of the items above (the module is internal: its docs are
    // for the core's own readers, its examples run as unit tests).
    #[test]
    fn example_0() {
        use crate::layout::Layout;

        // `(f32, bool)`: `92`, `ca` + 4 bytes, `c2`/`c3`.
        let l = Layout::array(&[Layout::scalar(0xca, 0xff, 4), Layout::scalar(0xc2, 0xfe, 0)]);
        assert_eq!(l.len, 7);
        assert_eq!(&l.pattern[..7], &[0x92, 0xca, 0, 0, 0, 0, 0xc2]);
        assert_eq!(&l.mask[..7], &[0xff, 0xff, 0, 0, 0, 0, 0xfe]);
        assert!(Layout::array(&[Layout::NONE]).len == 0);
    }

    #[test]
    fn example_1() {
        assert!(!crate::layout::Layout::NONE.is_fixed());
    }

    #[test]
    fn example_2() {
        let f64_layout = crate::layout::Layout::scalar(0xcb, 0xff, 8);
        assert_eq!(f64_layout.len, 9);
    }

    #[test]
    fn example_3() {
        let key = crate::layout::Layout::bytes(b"\xa1x");
        assert_eq!((key.len, key.mask[1]), (2, 0xff));
    }

    #[test]
    fn example_4() {
        use crate::layout::Layout;
        let f32_layout = Layout::scalar(0xca, 0xff, 4);
        assert_eq!(Layout::concat(&[f32_layout, f32_layout]).len, 10);
        assert_eq!(Layout::concat(&[]).len, 0);
    }

    #[test]
    fn example_5() {
        use crate::layout::Layout;
        let v3 = Layout::array(&[Layout::scalar(0xca, 0xff, 4); 3]);
        assert_eq!((v3.len, v3.pattern[0], v3.depth, v3.widest), (16, 0x93, 1, 3));
    }

    #[test]
    fn example_6() {
        use crate::layout::Layout;
        let a = Layout::repeat(20, Layout::scalar(0xc2, 0xfe, 0));
        assert_eq!(&a.pattern[..4], &[0xdc, 0, 20, 0xc2]);
        assert_eq!(a.len, 23);
        assert_eq!(Layout::repeat(1000, a).len, 0); // over `CAP`
    }

    #[test]
    fn example_7() {
        use crate::layout::Layout;
        let f = Layout::scalar(0xca, 0xff, 4);
        let m = Layout::map(2, &[Layout::bytes(b"\xa1x"), f, Layout::bytes(b"\xa1y"), f]);
        assert_eq!(&m.pattern[..4], &[0x82, 0xa1, b'x', 0xca]);
        assert_eq!(m.len, 15);
    }
}
