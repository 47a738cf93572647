//! An annotated hex dump of MessagePack: one line per item.
//!
//! Each line holds the item's byte offset (hex), its first bytes (the
//! whole header, then payload bytes up to [`SHOWN_BYTES`] in all, `..` when
//! there are more), then, indented two spaces per level of nesting, the
//! item's place in its container (`[i]` for array elements, `key:` and
//! `value:` for map entries), the format name from the specification
//! (`fixmap`, `uint 16`, `str 8`, `fixext 4`, `timestamp 64`, ...) and what
//! the item means:
//!
//! ```text
//! 00000000  82                                fixmap  map of 2 entries
//! 00000001  a2 69 64                            key: fixstr  "id"
//! 00000004  cd 01 2c                            value: uint 16  = 300
//! 00000007  a4 74 61 67 73                      key: fixstr  "tags"
//! 0000000c  92                                  value: fixarray  array of 2 elements
//! 0000000d  c4 03 01 02 03                        [0] bin 8  bin of 3 bytes
//! 00000012  d6 ff 65 92 00 80                     [1] timestamp 32  2024-01-01T00:00:00Z
//! ```
//!
//! Strings are quoted with Rust escapes and cut after [`SHOWN_CHARS`]
//! characters (`"abc..."... (300 bytes)`). An ext -1 whose payload is a
//! valid timestamp is named `timestamp 32`, `timestamp 64` or
//! `timestamp 96` after its layout. Several concatenated values are dumped
//! one after another, each starting at depth 0.

use core::fmt;
use std::io;

use msgpack_core::decode::{Error, ErrorKind};
use msgpack_core::ext::TIMESTAMP_TYPE;
use msgpack_core::marker::{self as m, Marker};
use msgpack_core::{DecodeOptions, Decoder, Timestamp};

use crate::time::format_timestamp;

/// The most bytes of one item a line shows.
pub const SHOWN_BYTES: usize = 10;
/// The most characters of a string a line shows.
pub const SHOWN_CHARS: usize = 32;

/// The width of the bytes column: `SHOWN_BYTES` as `xx ` plus `..`.
const BYTES_WIDTH: usize = SHOWN_BYTES * 3 + 2;

/// Why [`inspect`] stopped.
///
/// ```
/// use msgpack_core::DecodeOptions;
/// use msgpack_json::{InspectError, inspect};
///
/// // Bad input: a `uint 16` (0xcd) cut after its first payload byte.
/// let err = inspect(&[0xcd, 0x01], DecodeOptions::untrusted(), &mut Vec::new()).unwrap_err();
/// assert!(matches!(&err, InspectError::Invalid(e) if e.offset() == 1));
///
/// // A writer that fills up: a 16-byte buffer cannot take the first line.
/// let mut buf = [0u8; 16];
/// let err = inspect(&[0x01], DecodeOptions::untrusted(), &mut &mut buf[..]).unwrap_err();
/// assert!(matches!(err, InspectError::Io(_)));
/// assert!(err.to_string().starts_with("cannot write: "));
/// ```
#[derive(Debug)]
pub enum InspectError {
    /// The input is not valid MessagePack (or exceeds a decode limit); the
    /// error's offset is from the start of the input. The lines of every
    /// item before it have been written.
    Invalid(Error),
    /// Writing the dump failed.
    Io(io::Error),
}

impl fmt::Display for InspectError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InspectError::Invalid(e) => write!(f, "invalid MessagePack at byte {}: {}", e.offset(), e.kind()),
            InspectError::Io(e) => write!(f, "cannot write: {e}"),
        }
    }
}

impl std::error::Error for InspectError {}

impl From<Error> for InspectError {
    fn from(e: Error) -> Self {
        InspectError::Invalid(e)
    }
}

impl From<io::Error> for InspectError {
    fn from(e: io::Error) -> Self {
        InspectError::Io(e)
    }
}

/// Writes the annotated dump of `input` (one or more concatenated values)
/// to `out`, line by line, nesting limited by `opts`.
///
/// On bad input, every line up to the bad item has been written when the
/// error is returned.
///
/// ```
/// use msgpack_core::DecodeOptions;
///
/// let mut out = Vec::new();
/// msgpack_json::inspect(&[0x92, 0x01, 0xa2, b'h', b'i'], DecodeOptions::untrusted(), &mut out)?;
/// assert_eq!(
///     String::from_utf8(out).unwrap(),
///     "00000000  92                                fixarray  array of 2 elements\n\
///      00000001  01                                  [0] positive fixint  = 1\n\
///      00000002  a2 68 69                            [1] fixstr  \"hi\"\n",
/// );
///
/// let mut out = Vec::new();
/// let err = msgpack_json::inspect(&[0x92, 0x01, 0xcd, 0x01], DecodeOptions::untrusted(), &mut out).unwrap_err();
/// assert_eq!(err.to_string(), "invalid MessagePack at byte 3: unexpected end of input: needed 2 bytes, 1 left");
/// assert_eq!(String::from_utf8(out).unwrap().lines().count(), 2);
/// # Ok::<(), msgpack_json::InspectError>(())
/// ```
pub fn inspect<W: io::Write>(input: &[u8], opts: DecodeOptions, out: &mut W) -> Result<(), InspectError> {
    let mut d = Decoder::with_options(input, opts);
    while !d.is_empty() {
        item(&mut d, "", out)?;
    }
    Ok(())
}

/// Dumps one item (recursing into containers, bounded by [`Decoder::enter`]).
fn item<W: io::Write>(d: &mut Decoder<'_>, label: &str, out: &mut W) -> Result<(), InspectError> {
    let at = d.position();
    let b = d.peek_byte()?;
    let mut name = marker_name(b);
    let mut len = 0;
    let meaning = match Marker::from_u8(b) {
        Marker::Nil => {
            d.nil()?;
            "nil".to_string()
        }
        Marker::Bool => format!("= {}", d.bool()?),
        Marker::UInt => format!("= {}", d.u64()?),
        Marker::Int => format!("= {}", d.i64()?),
        // `Debug`: the shortest text that reads back to the same bits, always
        // with a fraction or an exponent (`1.0`, `1e300`, `-0.0`, `NaN`, `inf`).
        Marker::F32 => format!("= {:?}", d.f32()?),
        Marker::F64 => format!("= {:?}", d.f64()?),
        Marker::Str => quoted(d.str()?),
        Marker::Bin => format!("bin of {}", bytes(d.bin()?.len())),
        Marker::Ext => {
            let ext = d.ext()?;
            if ext.ty != TIMESTAMP_TYPE {
                format!("ext type {}, {}", ext.ty, bytes(ext.data.len()))
            } else if let Some(ts) = Timestamp::from_payload(ext.data) {
                name = timestamp_name(ext.data.len());
                format_timestamp(ts)
            } else {
                format!("ext type -1, {} (not a valid timestamp)", bytes(ext.data.len()))
            }
        }
        Marker::Array => {
            len = d.array_len()?;
            format!("array of {len} {}", if len == 1 { "element" } else { "elements" })
        }
        Marker::Map => {
            len = d.map_len()?;
            format!("map of {len} {}", if len == 1 { "entry" } else { "entries" })
        }
        Marker::Reserved => return Err(d.error(ErrorKind::ReservedMarker, at).into()),
    };
    let raw = &d.input()[at..d.position()];
    let indent = "  ".repeat(d.depth() as usize);
    writeln!(out, "{at:08x}  {:<BYTES_WIDTH$}  {indent}{label}{name}  {meaning}", hex(raw))?;

    match Marker::from_u8(b) {
        Marker::Array => {
            d.enter()?;
            for i in 0..len {
                item(d, &format!("[{i}] "), out)?;
            }
            d.leave();
        }
        Marker::Map => {
            d.enter()?;
            for _ in 0..len {
                item(d, "key: ", out)?;
                item(d, "value: ", out)?;
            }
            d.leave();
        }
        _ => {}
    }
    Ok(())
}

fn bytes(n: usize) -> String {
    if n == 1 { "1 byte".into() } else { format!("{n} bytes") }
}

/// The first [`SHOWN_BYTES`] of `raw` in hex, `..` after them if there are more.
fn hex(raw: &[u8]) -> String {
    let mut s = raw.iter().take(SHOWN_BYTES).map(|b| format!("{b:02x}")).collect::<Vec<_>>().join(" ");
    if raw.len() > SHOWN_BYTES {
        s.push_str(" ..");
    }
    s
}

fn quoted(s: &str) -> String {
    let mut chars = s.chars();
    let shown: String = chars.by_ref().take(SHOWN_CHARS).collect();
    if chars.next().is_none() {
        format!("\"{}\"", shown.escape_debug())
    } else {
        format!("\"{}\"... ({} bytes)", shown.escape_debug(), s.len())
    }
}

/// The specification's name of the format that marker byte `b` starts.
fn marker_name(b: u8) -> &'static str {
    match b {
        0x00..=0x7f => "positive fixint",
        0x80..=0x8f => "fixmap",
        0x90..=0x9f => "fixarray",
        0xa0..=0xbf => "fixstr",
        m::NIL => "nil",
        m::NEVER_USED => "never used",
        m::FALSE => "false",
        m::TRUE => "true",
        m::BIN8 => "bin 8",
        m::BIN16 => "bin 16",
        m::BIN32 => "bin 32",
        m::EXT8 => "ext 8",
        m::EXT16 => "ext 16",
        m::EXT32 => "ext 32",
        m::F32 => "float 32",
        m::F64 => "float 64",
        m::U8 => "uint 8",
        m::U16 => "uint 16",
        m::U32 => "uint 32",
        m::U64 => "uint 64",
        m::I8 => "int 8",
        m::I16 => "int 16",
        m::I32 => "int 32",
        m::I64 => "int 64",
        m::FIXEXT1 => "fixext 1",
        m::FIXEXT2 => "fixext 2",
        m::FIXEXT4 => "fixext 4",
        m::FIXEXT8 => "fixext 8",
        m::FIXEXT16 => "fixext 16",
        m::STR8 => "str 8",
        m::STR16 => "str 16",
        m::STR32 => "str 32",
        m::ARRAY16 => "array 16",
        m::ARRAY32 => "array 32",
        m::MAP16 => "map 16",
        m::MAP32 => "map 32",
        0xe0..=0xff => "negative fixint",
    }
}

fn timestamp_name(payload_len: usize) -> &'static str {
    match payload_len {
        4 => "timestamp 32",
        8 => "timestamp 64",
        _ => "timestamp 96",
    }
}
