//! The marker bytes of the
//! [specification](https://github.com/msgpack/msgpack/blob/master/spec.md):
//! the first byte of every encoded value.

/// `nil`.
pub const NIL: u8 = 0xc0;
/// Never used; always an error on decode.
pub const NEVER_USED: u8 = 0xc1;
/// `false`.
pub const FALSE: u8 = 0xc2;
/// `true`.
pub const TRUE: u8 = 0xc3;
/// `bin 8`: 1-byte length, then the bytes.
pub const BIN8: u8 = 0xc4;
/// `bin 16`: 2-byte length, then the bytes.
pub const BIN16: u8 = 0xc5;
/// `bin 32`: 4-byte length, then the bytes.
pub const BIN32: u8 = 0xc6;
/// `ext 8`: 1-byte length, type, payload.
pub const EXT8: u8 = 0xc7;
/// `ext 16`: 2-byte length, type, payload.
pub const EXT16: u8 = 0xc8;
/// `ext 32`: 4-byte length, type, payload.
pub const EXT32: u8 = 0xc9;
/// `float 32`.
pub const F32: u8 = 0xca;
/// `float 64`.
pub const F64: u8 = 0xcb;
/// `uint 8`.
pub const U8: u8 = 0xcc;
/// `uint 16`.
pub const U16: u8 = 0xcd;
/// `uint 32`.
pub const U32: u8 = 0xce;
/// `uint 64`.
pub const U64: u8 = 0xcf;
/// `int 8`.
pub const I8: u8 = 0xd0;
/// `int 16`.
pub const I16: u8 = 0xd1;
/// `int 32`.
pub const I32: u8 = 0xd2;
/// `int 64`.
pub const I64: u8 = 0xd3;
/// `fixext 1`: type, 1-byte payload.
pub const FIXEXT1: u8 = 0xd4;
/// `fixext 2`: type, 2-byte payload.
pub const FIXEXT2: u8 = 0xd5;
/// `fixext 4`: type, 4-byte payload.
pub const FIXEXT4: u8 = 0xd6;
/// `fixext 8`: type, 8-byte payload.
pub const FIXEXT8: u8 = 0xd7;
/// `fixext 16`: type, 16-byte payload.
pub const FIXEXT16: u8 = 0xd8;
/// `str 8`: 1-byte length, then UTF-8 bytes.
pub const STR8: u8 = 0xd9;
/// `str 16`: 2-byte length, then UTF-8 bytes.
pub const STR16: u8 = 0xda;
/// `str 32`: 4-byte length, then UTF-8 bytes.
pub const STR32: u8 = 0xdb;
/// `array 16`: 2-byte element count.
pub const ARRAY16: u8 = 0xdc;
/// `array 32`: 4-byte element count.
pub const ARRAY32: u8 = 0xdd;
/// `map 16`: 2-byte entry count.
pub const MAP16: u8 = 0xde;
/// `map 32`: 4-byte entry count.
pub const MAP32: u8 = 0xdf;
/// `fixstr` base: `0xa0 | len` for lengths 0..=31.
pub const FIXSTR: u8 = 0xa0;
/// `fixarray` base: `0x90 | len` for lengths 0..=15.
pub const FIXARRAY: u8 = 0x90;
/// `fixmap` base: `0x80 | len` for lengths 0..=15.
pub const FIXMAP: u8 = 0x80;
