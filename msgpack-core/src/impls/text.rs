//! Strings: `str`, `String`, `Cow<str>`, `Box<str>`, `Rc<str>`, `Arc<str>`.

use crate::decode::{Decode, Decoder, Error};
use crate::encode::{self, Encode, Encoder, Write, str_size};

impl Encode for str {
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        e.str(self)
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        str_size(self.len())
    }
}

/// Borrows the string from the input (zero-copy).
impl<'de: 'a, 'a> Decode<'de> for &'a str {
    #[inline]
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        d.str()
    }
}

#[cfg(feature = "alloc")]
mod alloc_impls {
    use super::*;
    use alloc::borrow::Cow;
    use alloc::boxed::Box;
    use alloc::rc::Rc;
    use alloc::string::String;
    use alloc::sync::Arc;

    /// Reads a `str` that is about to be copied, charging its length to the
    /// allocation budget.
    #[inline]
    fn owned_str<'de>(d: &mut Decoder<'de>) -> Result<&'de str, Error> {
        let at = d.position();
        let s = d.str()?;
        d.charge(s.len(), at)?;
        Ok(s)
    }

    impl Encode for String {
        #[inline]
        fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
            e.str(self)
        }
        #[inline]
        fn encoded_len(&self) -> usize {
            str_size(self.len())
        }
    }

    impl<'de> Decode<'de> for String {
        #[inline]
        fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
            owned_str(d).map(String::from)
        }
    }

    /// Borrows from the input: always `Cow::Borrowed` after decoding.
    impl<'de: 'a, 'a> Decode<'de> for Cow<'a, str> {
        #[inline]
        fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
            d.str().map(Cow::Borrowed)
        }
    }

    impl<'de> Decode<'de> for Box<str> {
        #[inline]
        fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
            owned_str(d).map(Box::from)
        }
    }

    impl<'de> Decode<'de> for Rc<str> {
        #[inline]
        fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
            owned_str(d).map(Rc::from)
        }
    }

    impl<'de> Decode<'de> for Arc<str> {
        #[inline]
        fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
            owned_str(d).map(Arc::from)
        }
    }
}
