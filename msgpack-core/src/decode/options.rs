//! Decoding limits and switches.

/// Limits and switches for a [`Decoder`](super::Decoder).
///
/// The defaults already make any input safe to decode: the depth limit
/// keeps recursion bounded, and no allocation is ever sized from a length
/// prefix beyond what the remaining input could hold (an array of `n`
/// elements needs at least `n` bytes, a map of `n` entries `2n`), so memory
/// stays proportional to the input whatever it claims.
///
/// | option | default | [`untrusted`](DecodeOptions::untrusted) | effect |
/// |---|---|---|---|
/// | [`max_depth`](DecodeOptions::max_depth) | 1024 (as rmp-serde) | 64 | arrays and maps nested deeper are an error |
/// | [`max_container_len`](DecodeOptions::max_container_len) | none (u32::MAX) | 65,536 | longer arrays and maps are an error |
/// | [`max_str_len`](DecodeOptions::max_str_len) | none (u32::MAX) | 1 MiB | longer `str` items are an error |
/// | [`max_bin_len`](DecodeOptions::max_bin_len) | none (u32::MAX) | 16 MiB | longer `bin` items are an error |
/// | [`max_ext_len`](DecodeOptions::max_ext_len) | none (u32::MAX) | 1 MiB | longer `ext` payloads are an error |
/// | [`max_alloc`](DecodeOptions::max_alloc) | none (usize::MAX) | 64 MiB | heap bytes one decode may allocate |
/// | [`int_to_float`](DecodeOptions::int_to_float) | `false` | `false` | whether `f32`/`f64` accept integer items |
/// | [`str_bin_compat`](DecodeOptions::str_bin_compat) | `false` | `false` | whether strings accept `bin` items (of UTF-8) and byte buffers `str` items |
///
/// Length limits apply to the items that are decoded (not to unknown
/// fields that [`skip`](super::Decoder::skip) passes over, which allocate
/// nothing). The allocation budget is charged by every impl of this crate
/// that allocates (owned strings and byte buffers by their length,
/// sequences and maps by their declared length times the element size, `Box`
/// and friends by the size of what they hold, `Value` likewise), before it
/// allocates; hand-written impls can take part with
/// [`Decoder::charge`](super::Decoder::charge). A limit that is hit is a
/// [`LimitExceeded`](super::ErrorKind::LimitExceeded) error naming it.
///
/// Each level of nesting costs one stack frame of the decoding impl (for
/// [`Value`](crate::Value), measured on x86-64: about 180 bytes per array
/// level and 260 per map level in a release build, 550 / 870 in a debug
/// build), so the default limit fits a 2 MiB thread stack with room to spare.
///
/// ```
/// use msgpack_core::{from_slice_with, DecodeOptions, Value};
///
/// let nested = [0x91, 0x91, 0x91, 0xc0]; // [[[nil]]]
/// let opts = DecodeOptions::new().max_depth(2);
/// assert!(from_slice_with::<Value>(&nested, &opts).is_err());
/// assert!(from_slice_with::<Value>(&nested, &DecodeOptions::new()).is_ok());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct DecodeOptions {
    /// Maximum nesting of arrays and maps (the top-level container counts as 1).
    pub max_depth: u32,
    /// Maximum number of elements of an array or entries of a map.
    pub max_container_len: u32,
    /// Maximum length of a `str` payload, in bytes.
    pub max_str_len: u32,
    /// Maximum length of a `bin` payload, in bytes.
    pub max_bin_len: u32,
    /// Maximum length of an `ext` payload, in bytes.
    pub max_ext_len: u32,
    /// Maximum heap bytes the impls of this crate may allocate during one decode.
    pub max_alloc: usize,
    /// Whether floats accept integer items (converted, possibly rounding).
    pub int_to_float: bool,
    /// Whether strings accept `bin` items holding UTF-8 and byte buffers
    /// accept `str` items (see [`DecodeOptions::str_bin_compat()`]).
    pub str_bin_compat: bool,
}

impl DecodeOptions {
    /// The default depth limit.
    pub const DEFAULT_MAX_DEPTH: u32 = 1024;

    /// The defaults.
    ///
    /// ```
    /// assert_eq!(msgpack_core::DecodeOptions::new().max_depth, 1024);
    /// ```
    pub const fn new() -> Self {
        DecodeOptions {
            max_depth: Self::DEFAULT_MAX_DEPTH,
            max_container_len: u32::MAX,
            max_str_len: u32::MAX,
            max_bin_len: u32::MAX,
            max_ext_len: u32::MAX,
            max_alloc: usize::MAX,
            int_to_float: false,
            str_bin_compat: false,
        }
    }

    /// A preset for input from untrusted peers: depth 64, containers of at
    /// most 65,536 elements, `str` and `ext` payloads of at most 1 MiB, `bin`
    /// of at most 16 MiB, and at most 64 MiB allocated per decode. Adjust
    /// any of them with the builder methods.
    ///
    /// ```
    /// use msgpack_core::{from_slice_with, DecodeOptions, Value};
    /// let opts = DecodeOptions::untrusted();
    /// assert_eq!(opts.max_depth, 64);
    /// let bomb = [0x91; 100]; // 100 nested arrays (and no end: never read)
    /// assert!(from_slice_with::<Value>(&bomb, &opts).is_err());
    /// ```
    pub const fn untrusted() -> Self {
        DecodeOptions {
            max_depth: 64,
            max_container_len: 1 << 16,
            max_str_len: 1 << 20,
            max_bin_len: 16 << 20,
            max_ext_len: 1 << 20,
            max_alloc: 64 << 20,
            int_to_float: false,
            str_bin_compat: false,
        }
    }

    /// Sets the maximum nesting depth of arrays and maps.
    ///
    /// ```
    /// let o = msgpack_core::DecodeOptions::new().max_depth(10_000);
    /// assert_eq!(o.max_depth, 10_000);
    /// ```
    pub const fn max_depth(mut self, depth: u32) -> Self {
        self.max_depth = depth;
        self
    }

    /// Sets the maximum number of array elements or map entries.
    ///
    /// ```
    /// use msgpack_core::{from_slice_with, DecodeOptions};
    /// let o = DecodeOptions::new().max_container_len(2);
    /// assert!(from_slice_with::<Vec<u8>>(&[0x92, 1, 2], &o).is_ok());
    /// assert!(from_slice_with::<Vec<u8>>(&[0x93, 1, 2, 3], &o).is_err());
    /// ```
    pub const fn max_container_len(mut self, len: u32) -> Self {
        self.max_container_len = len;
        self
    }

    /// Sets the maximum `str` payload length in bytes.
    ///
    /// ```
    /// use msgpack_core::{from_slice_with, DecodeOptions};
    /// let o = DecodeOptions::new().max_str_len(1);
    /// assert!(from_slice_with::<&str>(&[0xa2, b'h', b'i'], &o).is_err());
    /// ```
    pub const fn max_str_len(mut self, len: u32) -> Self {
        self.max_str_len = len;
        self
    }

    /// Sets the maximum `bin` payload length in bytes.
    ///
    /// ```
    /// use msgpack_core::{from_slice_with, DecodeOptions};
    /// let o = DecodeOptions::new().max_bin_len(1);
    /// assert!(from_slice_with::<&[u8]>(&[0xc4, 2, 7, 8], &o).is_err());
    /// ```
    pub const fn max_bin_len(mut self, len: u32) -> Self {
        self.max_bin_len = len;
        self
    }

    /// Sets the maximum `ext` payload length in bytes.
    ///
    /// ```
    /// use msgpack_core::{from_slice_with, DecodeOptions, ExtRef};
    /// let o = DecodeOptions::new().max_ext_len(1);
    /// assert!(from_slice_with::<ExtRef>(&[0xd5, 1, 7, 8], &o).is_err());
    /// ```
    pub const fn max_ext_len(mut self, len: u32) -> Self {
        self.max_ext_len = len;
        self
    }

    /// Sets the allocation budget of one decode, in bytes.
    ///
    /// ```
    /// use msgpack_core::{from_slice_with, DecodeOptions};
    /// let o = DecodeOptions::new().max_alloc(4);
    /// assert!(from_slice_with::<String>(&[0xa3, b'a', b'b', b'c'], &o).is_ok());
    /// assert!(from_slice_with::<String>(&[0xa5, b'a', b'b', b'c', b'd', b'e'], &o).is_err());
    /// // Borrowing allocates nothing:
    /// assert!(from_slice_with::<&str>(&[0xa5, b'a', b'b', b'c', b'd', b'e'], &o).is_ok());
    /// ```
    pub const fn max_alloc(mut self, bytes: usize) -> Self {
        self.max_alloc = bytes;
        self
    }

    /// Lets `f32` and `f64` accept integer items.
    ///
    /// ```
    /// use msgpack_core::{from_slice_with, DecodeOptions};
    /// assert!(msgpack_core::from_slice::<f64>(&[0x05]).is_err());
    /// let o = DecodeOptions::new().int_to_float(true);
    /// assert_eq!(from_slice_with::<f64>(&[0x05], &o)?, 5.0);
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    pub const fn int_to_float(mut self, yes: bool) -> Self {
        self.int_to_float = yes;
        self
    }

    /// Lets strings read a `bin` item and byte buffers a `str` item, for
    /// data from encoders that do not keep the two apart.
    ///
    /// MessagePack before the 2013 revision of the spec had one "raw" type
    /// for text and bytes alike (its markers are today's `str`), so old
    /// data, and encoders that still write it (msgpack-python with
    /// `use_bin_type=False`), hold byte strings in `str` items; other
    /// encoders write text that they only have as bytes (a Python `bytes`
    /// object) as `bin`. With this option:
    ///
    /// - `String`, `&str`, `Cow<str>`, `Box<str>`, `Rc<str>`, `Arc<str>`,
    ///   `char` and every other type read through [`Decoder::str`](crate::Decoder::str)
    ///   read a `bin` too, if its payload is UTF-8 (a `bin` that is not is
    ///   the [`InvalidUtf8`](crate::decode::ErrorKind::InvalidUtf8) error of
    ///   a `str` that is not); `&str` and `Cow<str>` borrow it;
    /// - `Vec<u8>`, `&[u8]`, `Cow<[u8]>`, `Box<[u8]>`, `[u8; N]`, `Bytes`,
    ///   `BytesMut` and every other type read through [`Decoder::bin`](crate::Decoder::bin)
    ///   read a `str` too, its payload as it is; `&[u8]`, `Cow<[u8]>` and
    ///   `Bytes` from `from_bytes` (feature `bytes`) do not copy it;
    /// - a derived struct finds its fields under `bin` keys too (as it does
    ///   under `str` keys: by their bytes), and an untagged enum tries its
    ///   string and byte variants on either item.
    ///
    /// The length limit is the one of the type read: a `bin` read as a
    /// string is held to [`max_str_len`](DecodeOptions::max_str_len), a
    /// `str` read as bytes to [`max_bin_len`](DecodeOptions::max_bin_len).
    /// Not covered: enum variant names (tags) are `str` items only, and
    /// [`Value`](crate::Value) / [`ValueRef`](crate::ValueRef) keep what the
    /// wire says (`Str` or `Bin`) with or without the option.
    ///
    /// **Off by default**, as [`int_to_float`](DecodeOptions::int_to_float):
    /// a `bin` where text is expected, or text where bytes are, is more
    /// often a writer's mistake than an old encoder, and the strict rule is
    /// the one the compile-time schema checks ([`assert_compatible!`](crate::assert_compatible))
    /// and the schema exports describe (`str` and `bin` never read as each
    /// other); the check does not assume this run-time option. rmp-serde
    /// reads a `bin` of UTF-8 into a `String` without asking, but that is
    /// serde's visitors at work, not a MessagePack rule (serde's `String`
    /// visitor takes bytes that are UTF-8, `serde_bytes` takes strings, a
    /// `Vec<u8>` without `serde_bytes` takes neither), and the
    /// `serde` data format of this crate (feature `serde`) reads the same
    /// as rmp-serde there, with or without this option. The option is
    /// looked at only once the item has turned out to be of the other
    /// type, where the decode would otherwise fail, so it costs a decoded
    /// string or buffer nothing (instruction counts of `String`, `&str`,
    /// `Vec<u8>` and `&[u8]` decodes unchanged).
    ///
    /// ```
    /// use msgpack_core::{from_slice, from_slice_with, DecodeOptions, Value};
    ///
    /// let bin = [0xc4, 2, b'h', b'i']; // bin "hi"
    /// let raw = [0xa2, 0x00, 0xff]; // str (raw) holding bytes that are not UTF-8
    ///
    /// let err = from_slice::<String>(&bin).unwrap_err();
    /// assert_eq!(err.to_string(), "expected str, found bin of 2 bytes at $ (byte 0)");
    /// assert!(from_slice::<Vec<u8>>(&raw).is_err());
    ///
    /// let compat = DecodeOptions::new().str_bin_compat(true);
    /// assert_eq!(from_slice_with::<String>(&bin, &compat)?, "hi");
    /// assert_eq!(from_slice_with::<&[u8]>(&raw, &compat)?, [0x00, 0xff]);
    /// assert!(from_slice_with::<String>(&[0xc4, 1, 0xff], &compat).is_err()); // not UTF-8
    /// // A `Value` keeps the wire's type.
    /// assert_eq!(from_slice_with::<Value>(&bin, &compat)?, Value::Bin(b"hi".to_vec()));
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    pub const fn str_bin_compat(mut self, yes: bool) -> Self {
        self.str_bin_compat = yes;
        self
    }
}

impl Default for DecodeOptions {
    fn default() -> Self {
        Self::new()
    }
}
