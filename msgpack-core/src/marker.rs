//! MessagePack format markers: the first byte of every encoded value.
//!
//! [`Marker`] classifies a first byte into the format family it starts,
//! which is what [`Decoder::peek`](crate::decode::Decoder::peek) returns.
//! The byte constants are the fixed markers of the
//! [specification](https://github.com/msgpack/msgpack/blob/master/spec.md).

pub use msgpack_wire::marker::*;

/// The format family a first byte starts.
///
/// ```
/// use msgpack_core::marker::Marker;
/// assert_eq!(Marker::from_u8(0x93), Marker::Array);
/// assert_eq!(Marker::from_u8(0xcc), Marker::UInt);
/// assert_eq!(Marker::from_u8(0xc1), Marker::Reserved);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Marker {
    /// `nil`.
    Nil,
    /// `true` or `false`.
    Bool,
    /// A non-negative integer: positive fixint or `uint 8..64`.
    UInt,
    /// A signed integer: negative fixint or `int 8..64` (the value may still be non-negative).
    Int,
    /// `float 32`.
    F32,
    /// `float 64`.
    F64,
    /// `fixstr`, `str 8/16/32`.
    Str,
    /// `bin 8/16/32`.
    Bin,
    /// `fixarray`, `array 16/32`.
    Array,
    /// `fixmap`, `map 16/32`.
    Map,
    /// `fixext 1..16`, `ext 8/16/32`.
    Ext,
    /// `0xc1`, which the specification never uses.
    Reserved,
}

impl Marker {
    /// Classifies a first byte.
    ///
    /// ```
    /// use msgpack_core::marker::Marker;
    /// assert_eq!(Marker::from_u8(0xff), Marker::Int); // negative fixint -1
    /// ```
    #[inline]
    pub const fn from_u8(b: u8) -> Marker {
        match b {
            0x00..=0x7f | U8..=U64 => Marker::UInt,
            0x80..=0x8f | MAP16 | MAP32 => Marker::Map,
            0x90..=0x9f | ARRAY16 | ARRAY32 => Marker::Array,
            0xa0..=0xbf | STR8..=STR32 => Marker::Str,
            NIL => Marker::Nil,
            NEVER_USED => Marker::Reserved,
            FALSE | TRUE => Marker::Bool,
            BIN8..=BIN32 => Marker::Bin,
            EXT8..=EXT32 | FIXEXT1..=FIXEXT16 => Marker::Ext,
            F32 => Marker::F32,
            F64 => Marker::F64,
            I8..=I64 | 0xe0..=0xff => Marker::Int,
        }
    }

    /// A short lowercase name of the family, as used in error messages.
    ///
    /// ```
    /// use msgpack_core::marker::Marker;
    /// assert_eq!(Marker::Str.name(), "str");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Marker::Nil => "nil",
            Marker::Bool => "bool",
            Marker::UInt | Marker::Int => "int",
            Marker::F32 => "float32",
            Marker::F64 => "float64",
            Marker::Str => "str",
            Marker::Bin => "bin",
            Marker::Array => "array",
            Marker::Map => "map",
            Marker::Ext => "ext",
            Marker::Reserved => "reserved byte 0xc1",
        }
    }
}
