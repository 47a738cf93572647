//! `Path`, `PathBuf`, `OsStr`, `OsString` (feature `std`) as `str`.
//!
//! A path or OS string that is not UTF-8 has no `str` form: encoding it is
//! an [`encode::Error::Unrepresentable`] (serde fails the same way on a
//! path), and its `encoded_len` is 0 (nothing is written).

use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};

use super::forms::{self, Tag};
use crate::decode::{Decode, Decoder, Error, ErrorKind};
use crate::encode::{self, Encode, Encoder, Write, str_size};
use crate::schema::{Schema, Shape, ShapeRef};

const NOT_UTF8_PATH: &str = "a path that is not UTF-8";
const NOT_UTF8_OS_STRING: &str = "an OS string that is not UTF-8";
const OTHER_PLATFORM: &str = "an OS string in another platform's code units";

#[inline]
fn encode_utf8<W: Write>(
    s: Option<&str>,
    what: &'static str,
    e: &mut Encoder<W>,
) -> Result<(), encode::Error<W::Error>> {
    match s {
        Some(s) => e.str(s),
        None => Err(encode::Error::Unrepresentable(what)),
    }
}

#[inline]
fn utf8_len(s: Option<&str>) -> usize {
    s.map_or(0, |s| str_size(s.len()))
}

/// Reads a `str` that is about to be copied, charging its length.
#[inline]
fn owned_str<'de>(d: &mut Decoder<'de>) -> Result<&'de str, Error> {
    let at = d.position();
    let s = d.str()?;
    d.charge(s.len(), at)?;
    Ok(s)
}

/// A `str`, as serde writes a `Path`; a path that is not UTF-8 is an
/// [`encode::Error::Unrepresentable`].
///
/// ```
/// use std::path::{Path, PathBuf};
/// let bytes = msgpack_core::to_vec(Path::new("/etc/hosts"))?;
/// assert_eq!(bytes, b"\xaa/etc/hosts");
/// assert_eq!(msgpack_core::from_slice::<PathBuf>(&bytes)?, PathBuf::from("/etc/hosts"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Encode for Path {
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        encode_utf8(self.to_str(), NOT_UTF8_PATH, e)
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        utf8_len(self.to_str())
    }
}

impl Encode for PathBuf {
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        self.as_path().encode(e)
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        self.as_path().encoded_len()
    }
}

impl<'de> Decode<'de> for PathBuf {
    #[inline]
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        owned_str(d).map(PathBuf::from)
    }
}

/// A `str`; an OS string that is not UTF-8 is an
/// [`encode::Error::Unrepresentable`]. serde writes an OS string as the
/// platform's code units instead (`{"Unix": [bytes]}`, `{"Windows":
/// [u16s]}`), which one platform cannot read from another; that form is
/// read too, on the platform that wrote it.
impl Encode for OsStr {
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        encode_utf8(self.to_str(), NOT_UTF8_OS_STRING, e)
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        utf8_len(self.to_str())
    }
}

impl Encode for OsString {
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        self.as_os_str().encode(e)
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        self.as_os_str().encoded_len()
    }
}

/// A `str`, or serde's `{"Unix": [bytes]}` (on Unix) / `{"Windows":
/// [u16s]}` (on Windows).
impl<'de> Decode<'de> for OsString {
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        if d.peek()? == crate::marker::Marker::Str {
            return owned_str(d).map(OsString::from);
        }
        let (tag, tag_at) = match forms::read_tag(d, "OsString")? {
            (Tag::Data(tag), tag_at) => (tag, tag_at),
            (Tag::Unit(_), tag_at) => return Err(forms::unknown_variant(d, "OsString", tag_at)),
        };
        let s = match tag {
            #[cfg(unix)]
            b"Unix" => {
                use std::os::unix::ffi::OsStringExt;
                OsString::from_vec(<alloc::vec::Vec<u8>>::decode(d).map_err(|e| e.at_field("Unix"))?)
            }
            #[cfg(windows)]
            b"Windows" => {
                use std::os::windows::ffi::OsStringExt;
                let wide = <alloc::vec::Vec<u16>>::decode(d).map_err(|e| e.at_field("Windows"))?;
                OsString::from_wide(&wide)
            }
            #[cfg(not(unix))]
            b"Unix" => return Err(d.error(ErrorKind::Custom(OTHER_PLATFORM), tag_at)),
            #[cfg(not(windows))]
            b"Windows" => return Err(d.error(ErrorKind::Custom(OTHER_PLATFORM), tag_at)),
            _ => return Err(forms::unknown_variant(d, "OsString", tag_at)),
        };
        d.leave();
        Ok(s)
    }
}

macro_rules! str_schema {
    ($($t:ty),*) => {$(
        impl Schema for $t {
            const SHAPE: ShapeRef = ShapeRef::new(&Shape::Str);
        }
    )*};
}

str_schema!(Path, PathBuf, OsStr, OsString);
