//! Decoding limits and switches.

/// Limits and switches for a [`Decoder`](super::Decoder).
///
/// The defaults suit trusted and untrusted input alike: the depth limit
/// keeps recursion bounded, and no allocation is ever sized from a length
/// prefix beyond what the remaining input could hold (an array of `n`
/// elements needs at least `n` bytes, a map of `n` entries `2n`), so memory
/// stays proportional to the input whatever it claims.
///
/// | option | default | effect |
/// |---|---|---|
/// | [`max_depth`](DecodeOptions::max_depth) | 1024 (as rmp-serde) | arrays and maps nested deeper are an error |
/// | [`int_to_float`](DecodeOptions::int_to_float) | `false` | whether `f32`/`f64` accept integer items |
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
    /// Whether floats accept integer items (converted, possibly rounding).
    pub int_to_float: bool,
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
        DecodeOptions { max_depth: Self::DEFAULT_MAX_DEPTH, int_to_float: false }
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
}

impl Default for DecodeOptions {
    fn default() -> Self {
        Self::new()
    }
}
