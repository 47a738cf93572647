//! `CStr` and (feature `alloc`) `CString`: `bin` of the bytes without the
//! terminating NUL, as serde writes them.

use core::ffi::CStr;

use crate::encode::{self, Encode, Encoder, Write, bin_size};
use crate::schema::{Schema, Shape, ShapeRef};

/// A `bin` of the bytes, without the terminating NUL.
///
/// ```
/// let bytes = msgpack_core::to_vec(c"hi")?;
/// assert_eq!(bytes, [0xc4, 0x02, b'h', b'i']);
/// assert_eq!(msgpack_core::from_slice::<std::ffi::CString>(&bytes)?.as_c_str(), c"hi");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Encode for CStr {
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        e.bin(self.to_bytes())
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        bin_size(self.to_bytes().len())
    }
}

impl Schema for CStr {
    const SHAPE: ShapeRef = ShapeRef::new(&Shape::Bin { len: None, from_array: true });
}

#[cfg(feature = "alloc")]
mod alloc_impls {
    use super::*;
    use crate::decode::{Decode, Decoder, Error, ErrorKind, ErrorText};
    use alloc::ffi::CString;

    impl Encode for CString {
        #[inline]
        fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
            self.as_c_str().encode(e)
        }
        #[inline]
        fn encoded_len(&self) -> usize {
            self.as_c_str().encoded_len()
        }
    }

    /// Reads a byte buffer (a `bin`, or an array of small integers, as
    /// `Vec<u8>` does); a NUL byte in it is an [`ErrorKind::Conversion`]
    /// error, as `CString::new` rejects it.
    impl<'de> Decode<'de> for CString {
        fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
            let at = d.position();
            let bytes = <alloc::vec::Vec<u8>>::decode(d)?;
            CString::new(bytes).map_err(|e| {
                let message = ErrorText::new(format_args!("a NUL byte at index {}", e.nul_position()));
                d.error(ErrorKind::Conversion { into: "CString", message }, at)
            })
        }
    }

    impl Schema for CString {
        const SHAPE: ShapeRef = ShapeRef::new(&Shape::Bin { len: None, from_array: true });
    }
}
