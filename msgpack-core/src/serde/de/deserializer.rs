//! The [`Deserializer`] itself: its decoder and the state it keeps, and
//! how it is made and taken apart (its serde impl, in the parent module,
//! reads through them).

use crate::decode::{DecodeOptions, Decoder, Error, ErrorKind};

type Result<T> = core::result::Result<T, Error>;

/// A serde `Deserializer` reading MessagePack from a byte slice through a
/// [`Decoder`], borrowing strings and byte strings (`&'de str`,
/// `&'de [u8]`, `Cow` fields marked `#[serde(borrow)]`) without copying.
///
/// It reads every form rmp-serde reads (structs from arrays and maps alike,
/// enums from `{name: payload}` or a bare name, integers of any width into
/// any type they fit, see the [module docs](crate::serde)), under the
/// [`DecodeOptions`] of its decoder: the depth, length and allocation
/// limits the derive has, and the same errors, with the byte offset and
/// path of the offending item.
///
/// ```
/// use msgpack_core::serde::Deserializer;
/// use serde::Deserialize;
///
/// #[derive(Deserialize, Debug, PartialEq)]
/// struct Dog<'a> { name: &'a str, age: u8 }
///
/// let input = [0x92, 0xa3, b'R', b'e', b'x', 0x03, 0xc3]; // ["Rex", 3], then true
/// let mut de = Deserializer::new(&input);
/// let dog = Dog::deserialize(&mut de)?;
/// assert_eq!(dog, Dog { name: "Rex", age: 3 });
/// assert_eq!(dog.name.as_ptr(), input[2..].as_ptr()); // borrowed
/// assert!(bool::deserialize(&mut de)?); // values can follow each other
/// de.end()?;
/// # Ok::<(), msgpack_core::decode::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct Deserializer<'de> {
    pub(in crate::serde) d: Decoder<'de>,
    /// `Some` and newtype levels entered and not left: they recurse without
    /// consuming input, so they are bounded apart from containers (by the
    /// same [`DecodeOptions::max_depth`]).
    wraps: u32,
}

impl<'de> Deserializer<'de> {
    /// A deserializer over `input` with the default [`DecodeOptions`].
    ///
    /// ```
    /// use serde::Deserialize;
    /// let mut de = msgpack_core::serde::Deserializer::new(&[0xa2, b'h', b'i']);
    /// assert_eq!(<&str>::deserialize(&mut de)?, "hi");
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline]
    pub const fn new(input: &'de [u8]) -> Self {
        Self::from_decoder(Decoder::new(input))
    }

    /// A deserializer over `input` with `opts`.
    ///
    /// ```
    /// use msgpack_core::{DecodeOptions, serde::Deserializer};
    /// use serde::Deserialize;
    /// let mut de = Deserializer::with_options(&[0x91, 0x91, 0x90], DecodeOptions::new().max_depth(2));
    /// assert!(Vec::<Vec<Vec<u8>>>::deserialize(&mut de).is_err());
    /// ```
    #[inline]
    pub const fn with_options(input: &'de [u8], opts: DecodeOptions) -> Self {
        Self::from_decoder(Decoder::with_options(input, opts))
    }

    /// A deserializer reading on from `decoder` (its position, options and
    /// what is left of its budgets).
    ///
    /// ```
    /// use msgpack_core::{Decoder, serde::Deserializer};
    /// use serde::Deserialize;
    ///
    /// let mut d = Decoder::new(&[0x07, 0xa1, b'x']);
    /// assert_eq!(d.u8()?, 7);
    /// let mut de = Deserializer::from_decoder(d);
    /// assert_eq!(String::deserialize(&mut de)?, "x");
    /// assert!(de.into_decoder().is_empty());
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline]
    pub const fn from_decoder(decoder: Decoder<'de>) -> Self {
        Deserializer { d: decoder, wraps: 0 }
    }

    /// The decoder (its [`position`](Decoder::position) is the offset of
    /// the next value).
    ///
    /// ```
    /// use serde::Deserialize;
    /// let mut de = msgpack_core::serde::Deserializer::new(&[0x01, 0x02]);
    /// u8::deserialize(&mut de)?;
    /// assert_eq!(de.decoder().position(), 1);
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline]
    pub fn decoder(&self) -> &Decoder<'de> {
        &self.d
    }

    /// The decoder, mutably (to read items of your own between serde values).
    ///
    /// ```
    /// use serde::Deserialize;
    /// let mut de = msgpack_core::serde::Deserializer::new(&[0xc0, 0x05]);
    /// de.decoder_mut().nil()?;
    /// assert_eq!(u8::deserialize(&mut de)?, 5);
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline]
    pub fn decoder_mut(&mut self) -> &mut Decoder<'de> {
        &mut self.d
    }

    /// Gives the decoder back.
    ///
    /// ```
    /// let de = msgpack_core::serde::Deserializer::new(&[0xc0]);
    /// assert_eq!(de.into_decoder().remaining(), &[0xc0]);
    /// ```
    #[inline]
    pub fn into_decoder(self) -> Decoder<'de> {
        self.d
    }

    /// Deserializes the next value as `T`: `T::deserialize(self)`, with the
    /// offset of the value on an error its `Deserialize` impl made outside
    /// any item (a `try_from` conversion, say). The way to read a serde
    /// type inside a hand-written [`Decode`](crate::Decode) impl.
    ///
    /// ```
    /// use msgpack_core::{Decode, Decoder, decode::Error, serde::Deserializer};
    ///
    /// /// A type with serde impls only, inside this crate's traits.
    /// #[derive(serde::Deserialize, Debug, PartialEq)]
    /// struct Legacy { id: u32 }
    ///
    /// struct Wrapper(Legacy);
    /// impl<'de> Decode<'de> for Wrapper {
    ///     fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
    ///         let mut de = Deserializer::from_decoder(d.clone());
    ///         let v = de.decode()?;
    ///         *d = de.into_decoder(); // on past the value, budgets spent
    ///         Ok(Wrapper(v))
    ///     }
    /// }
    ///
    /// let (w, n): (Wrapper, u8) = msgpack_core::from_slice(&[0x92, 0x91, 0x07, 0x01])?;
    /// assert_eq!((w.0, n), (Legacy { id: 7 }, 1));
    /// # Ok::<(), Error>(())
    /// ```
    #[inline]
    pub fn decode<T: ::serde::de::Deserialize<'de>>(&mut self) -> Result<T> {
        let at = self.d.position();
        T::deserialize(&mut *self).map_err(|e| self.locate(e, at))
    }

    /// Fails with [`ErrorKind::TrailingBytes`] unless the whole input has
    /// been read (what [`from_slice`](crate::serde::from_slice) checks after the value).
    ///
    /// ```
    /// use serde::Deserialize;
    /// let mut de = msgpack_core::serde::Deserializer::new(&[0x01, 0x02]);
    /// u8::deserialize(&mut de)?;
    /// assert!(de.end().is_err());
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    #[inline]
    pub fn end(&self) -> Result<()> {
        self.d.finish()
    }

    // ---- helpers -------------------------------------------------------------

    /// Gives an error a visitor made about the item at `at` its offset (and
    /// an [`ErrorKind::Invalid`] that item).
    #[cold]
    #[inline(never)]
    pub(in crate::serde) fn locate(&self, e: Error, at: usize) -> Error {
        e.locate(at, || self.d.found_at(at))
    }

    /// Runs `f` one `Some` or newtype level down (see [`Deserializer::wraps`]).
    #[inline]
    pub(super) fn wrapped<T>(&mut self, at: usize, f: impl FnOnce(&mut Self) -> Result<T>) -> Result<T> {
        if self.wraps >= self.d.options().max_depth {
            let limit = self.d.options().max_depth;
            return Err(self.d.error(ErrorKind::DepthLimitExceeded { limit }, at));
        }
        self.wraps += 1;
        let r = f(self);
        self.wraps -= 1;
        r.map_err(|e| self.locate(e, at))
    }
}
