//! `OsString` as serde's impl writes it on Unix (features `std`, Unix
//! only): the externally tagged `{"Unix": [bytes]}`, the bytes an array of
//! integers, in both of rmp-serde's modes.
//!
//! `OsString`'s own form here is a `str` (portable; an OS string that is
//! not UTF-8 is an encode error), and it reads serde's form too, so
//! decoding is the type's own: a `str`, `{"Unix": [bytes]}` or `{"Unix":
//! bin}`; a `{"Windows": ..}` string is an error on Unix, as in serde.
//! This form writes any OS string, UTF-8 or not.
//!
//! ```
//! use std::ffi::OsString;
//! use msgpack_core::MsgPack;
//!
//! #[derive(MsgPack, Debug, PartialEq)]
//! struct File { #[msgpack(with = "msgpack_core::with::serde_os_string")] name: OsString }
//!
//! let file = File { name: "é".into() };
//! let bytes = msgpack_core::to_vec(&file)?;
//! assert_eq!(bytes, b"\x81\xa4name\x81\xa4Unix\x92\xcc\xc3\xcc\xa9");
//! assert_eq!(msgpack_core::from_slice::<File>(&bytes)?, file);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::ffi::OsString;
use std::os::unix::ffi::OsStrExt;

use crate::decode::{Decode, Decoder, Error};
use crate::encode::{self, Encoder, Write, map_header_size, str_size};
use crate::impls::as_array::{bytes_as_array, bytes_as_array_len};

/// Writes `{"Unix": [bytes]}`.
///
/// ```
/// let mut out = Vec::new();
/// msgpack_core::with::serde_os_string::encode(&"a".into(), &mut msgpack_core::Encoder::new(&mut out))?;
/// assert_eq!(out, b"\x81\xa4Unix\x91a");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[inline]
pub fn encode<W: Write>(v: &OsString, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
    e.map_len(1)?;
    e.str("Unix")?;
    bytes_as_array(v.as_bytes(), e)
}

/// The length [`encode()`] writes.
///
/// ```
/// assert_eq!(msgpack_core::with::serde_os_string::encoded_len(&"a".into()), 8);
/// ```
#[inline]
pub fn encoded_len(v: &OsString) -> usize {
    map_header_size(1) + str_size(4) + bytes_as_array_len(v.as_bytes())
}

/// Reads serde's form or a `str`: the type's own [`Decode`].
///
/// ```
/// use msgpack_core::{Decoder, with::serde_os_string};
/// assert_eq!(serde_os_string::decode(&mut Decoder::new(b"\x81\xa4Unix\x91a"))?, "a");
/// assert_eq!(serde_os_string::decode(&mut Decoder::new(b"\xa1a"))?, "a");
/// # Ok::<(), msgpack_core::decode::Error>(())
/// ```
#[inline]
pub fn decode(d: &mut Decoder<'_>) -> Result<OsString, Error> {
    OsString::decode(d)
}

/// `Option<OsString>`: `nil` or serde's form.
///
/// ```
/// use std::ffi::OsString;
/// use msgpack_core::MsgPack;
///
/// #[derive(MsgPack, Debug, PartialEq)]
/// struct File { #[msgpack(with = "msgpack_core::with::serde_os_string::option")] name: Option<OsString> }
///
/// assert_eq!(msgpack_core::to_vec(&File { name: None })?, b"\x81\xa4name\xc0");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub mod option {
    use std::ffi::OsString;

    use crate::decode::{Decoder, Error};
    use crate::encode::{self, Encoder, Write};
    use crate::with::common;

    /// Writes `nil` or serde's form.
    ///
    /// ```
    /// let mut out = Vec::new();
    /// msgpack_core::with::serde_os_string::option::encode(&None, &mut msgpack_core::Encoder::new(&mut out))?;
    /// assert_eq!(out, [0xc0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn encode<W: Write>(v: &Option<OsString>, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        common::encode_option(v, e, super::encode)
    }

    /// The length [`encode()`] writes.
    ///
    /// ```
    /// assert_eq!(msgpack_core::with::serde_os_string::option::encoded_len(&None), 1);
    /// ```
    #[inline]
    pub fn encoded_len(v: &Option<OsString>) -> usize {
        common::option_len(v, super::encoded_len)
    }

    /// Reads `nil`, serde's form or a `str`.
    ///
    /// ```
    /// use msgpack_core::{Decoder, with::serde_os_string};
    /// assert_eq!(serde_os_string::option::decode(&mut Decoder::new(&[0xc0]))?, None);
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline]
    pub fn decode(d: &mut Decoder<'_>) -> Result<Option<OsString>, Error> {
        common::decode_option(d, super::decode)
    }
}
