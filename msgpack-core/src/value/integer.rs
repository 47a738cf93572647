//! [`Integer`]: any MessagePack integer, `i64::MIN..=u64::MAX`.

use core::fmt;

use crate::decode::{Decode, Decoder, Error};
use crate::encode::{self, Encode, Encoder, Write, int_size, uint_size};
use crate::marker::Marker;

/// Any MessagePack integer: a value in `i64::MIN..=u64::MAX`.
///
/// The wire format has unsigned and signed forms that overlap (5 can be
/// written as `uint 8` or `int 32`); an `Integer` only keeps the number, so
/// equal numbers compare equal and hash alike whatever form they were read
/// from. It orders like the numbers it holds.
///
/// ```
/// use msgpack_core::value::Integer;
///
/// let small = Integer::from(-1i8);
/// let big = Integer::from(u64::MAX);
/// assert!(small < big);
/// assert_eq!(Integer::from(5u8), Integer::from(5i64));
/// assert_eq!(big.as_i64(), None);
/// assert_eq!(i128::from(small), -1);
/// assert_eq!(big.to_string(), "18446744073709551615");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Integer(Repr);

/// `Neg` comes first so that the derived order is the numeric order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Repr {
    /// Always below zero.
    Neg(i64),
    Pos(u64),
}

impl Integer {
    /// The value as a `u64`, if it is not negative.
    ///
    /// ```
    /// use msgpack_core::value::Integer;
    /// assert_eq!(Integer::from(7i32).as_u64(), Some(7));
    /// assert_eq!(Integer::from(-7i32).as_u64(), None);
    /// ```
    #[inline]
    pub const fn as_u64(&self) -> Option<u64> {
        match self.0 {
            Repr::Pos(v) => Some(v),
            Repr::Neg(_) => None,
        }
    }

    /// The value as an `i64`, if it fits (everything but `i64::MAX + 1..=u64::MAX`).
    ///
    /// ```
    /// use msgpack_core::value::Integer;
    /// assert_eq!(Integer::from(-7i32).as_i64(), Some(-7));
    /// assert_eq!(Integer::from(u64::MAX).as_i64(), None);
    /// ```
    #[inline]
    pub const fn as_i64(&self) -> Option<i64> {
        match self.0 {
            Repr::Neg(v) => Some(v),
            Repr::Pos(v) if v <= i64::MAX as u64 => Some(v as i64),
            Repr::Pos(_) => None,
        }
    }

    /// Whether the value is below zero.
    ///
    /// ```
    /// use msgpack_core::value::Integer;
    /// assert!(Integer::from(-1i64).is_negative());
    /// assert!(!Integer::from(0u8).is_negative());
    /// ```
    #[inline]
    pub const fn is_negative(&self) -> bool {
        matches!(self.0, Repr::Neg(_))
    }
}

macro_rules! from_unsigned {
    ($($t:ty),*) => {$(
        impl From<$t> for Integer {
            #[inline]
            fn from(v: $t) -> Self {
                // Lossless: `usize` is at most 64 bits on every supported target.
                Integer(Repr::Pos(v as u64))
            }
        }
    )*};
}

macro_rules! from_signed {
    ($($t:ty),*) => {$(
        impl From<$t> for Integer {
            #[inline]
            fn from(v: $t) -> Self {
                // Lossless: `isize` is at most 64 bits on every supported target.
                let v = v as i64;
                if v < 0 { Integer(Repr::Neg(v)) } else { Integer(Repr::Pos(v as u64)) }
            }
        }
    )*};
}

from_unsigned!(u8, u16, u32, u64, usize);
from_signed!(i8, i16, i32, i64, isize);

/// Fails outside `i64::MIN..=u64::MAX`.
///
/// ```
/// use msgpack_core::value::Integer;
/// assert_eq!(Integer::try_from(-5i128)?, Integer::from(-5i8));
/// assert!(Integer::try_from(i128::from(u64::MAX) + 1).is_err());
/// # Ok::<(), core::num::TryFromIntError>(())
/// ```
impl TryFrom<i128> for Integer {
    type Error = core::num::TryFromIntError;

    #[inline]
    fn try_from(v: i128) -> Result<Self, Self::Error> {
        if v < 0 { i64::try_from(v).map(Integer::from) } else { u64::try_from(v).map(Integer::from) }
    }
}

/// Fails above `u64::MAX`.
///
/// ```
/// use msgpack_core::value::Integer;
/// assert_eq!(Integer::try_from(5u128)?, Integer::from(5u8));
/// assert!(Integer::try_from(u128::MAX).is_err());
/// # Ok::<(), core::num::TryFromIntError>(())
/// ```
impl TryFrom<u128> for Integer {
    type Error = core::num::TryFromIntError;

    #[inline]
    fn try_from(v: u128) -> Result<Self, Self::Error> {
        u64::try_from(v).map(Integer::from)
    }
}

/// Every MessagePack integer fits an `i128`.
///
/// ```
/// use msgpack_core::value::Integer;
/// assert_eq!(i128::from(Integer::from(i64::MIN)), i64::MIN as i128);
/// ```
impl From<Integer> for i128 {
    #[inline]
    fn from(v: Integer) -> Self {
        match v.0 {
            Repr::Neg(v) => v as i128,
            Repr::Pos(v) => v as i128,
        }
    }
}

impl fmt::Display for Integer {
    /// The number in decimal.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Repr::Neg(v) => fmt::Display::fmt(&v, f),
            Repr::Pos(v) => fmt::Display::fmt(&v, f),
        }
    }
}

impl fmt::Debug for Integer {
    /// The number in decimal, as for the primitive integers.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The smallest form: a fixint, `uint 8..64` when not negative, `int 8..64` otherwise.
impl Encode for Integer {
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        match self.0 {
            Repr::Neg(v) => e.i64(v),
            Repr::Pos(v) => e.u64(v),
        }
    }

    #[inline]
    fn encoded_len(&self) -> usize {
        match self.0 {
            Repr::Neg(v) => int_size(v),
            Repr::Pos(v) => uint_size(v),
        }
    }
}

/// Reads any integer item.
impl<'de> Decode<'de> for Integer {
    #[inline]
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        match d.peek()? {
            // A `uint` always fits `u64`, and an `int` (negative fixint,
            // `int 8..64`) always fits `i64`, whatever its sign.
            Marker::UInt => d.u64().map(Integer::from),
            Marker::Int => d.i64().map(Integer::from),
            _ => Err(d.type_error("integer", d.position())),
        }
    }
}
