//! Interior mutability: `Cell<T>`, `RefCell<T>`, and (feature `std`)
//! `Mutex<T>` and `RwLock<T>`, written as the value they hold (as serde
//! writes them). A value that cannot be read at encode time (a `RefCell`
//! that is mutably borrowed, a poisoned lock) is an
//! [`encode::Error::Custom`], with `encoded_len` 0 (nothing is written).
//! Their bound and cost are the value's; a fixed layout only `Cell`'s (the
//! others' reads can fail, and a template's write cannot).

use core::cell::{Cell, RefCell};

use crate::decode::{Decode, Decoder, Error};
use crate::encode::{self, Encode, Encoder, Write};
use crate::layout::Layout;
use crate::schema::{Schema, ShapeRef};

/// The value, copied out; every item of `Encode` forwarded.
impl<T: Encode + Copy> Encode for Cell<T> {
    const COSTLY_LEN: bool = T::COSTLY_LEN;
    const MAX_LEN: usize = T::MAX_LEN;
    const __LAYOUT: Layout = T::__LAYOUT;
    #[inline(always)]
    fn __write_fixed(&self, out: &mut [u8]) {
        self.get().__write_fixed(out)
    }
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        self.get().encode(e)
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        self.get().encoded_len()
    }
}

impl<'de, T: Decode<'de>> Decode<'de> for Cell<T> {
    const __LAYOUT: Layout = T::__LAYOUT;
    #[inline(always)]
    fn __read_fixed(bytes: &'de [u8]) -> Option<Self> {
        T::__read_fixed(bytes).map(Cell::new)
    }
    #[inline]
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        T::decode(d).map(Cell::new)
    }
}

const BORROWED: &str = "RefCell is mutably borrowed";

/// The value, borrowed for the encode. A `RefCell` that is mutably
/// borrowed meanwhile is an [`encode::Error::Custom`] (serde's "already
/// mutably borrowed").
///
/// ```
/// use std::cell::RefCell;
/// let c = RefCell::new(5u8);
/// assert_eq!(msgpack_core::to_vec(&c)?, [0x05]);
/// let guard = c.borrow_mut();
/// assert!(matches!(msgpack_core::to_vec(&c), Err(msgpack_core::encode::Error::Custom(_))));
/// # drop(guard);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl<T: Encode + ?Sized> Encode for RefCell<T> {
    const COSTLY_LEN: bool = T::COSTLY_LEN;
    const MAX_LEN: usize = T::MAX_LEN;
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        match self.try_borrow() {
            Ok(v) => v.encode(e),
            Err(_) => Err(encode::Error::Custom(BORROWED)),
        }
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        self.try_borrow().map_or(0, |v| v.encoded_len())
    }
}

impl<'de, T: Decode<'de>> Decode<'de> for RefCell<T> {
    #[inline]
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        T::decode(d).map(RefCell::new)
    }
}

impl<T: Schema> Schema for Cell<T> {
    const SHAPE: ShapeRef = T::SHAPE;
}

impl<T: Schema + ?Sized> Schema for RefCell<T> {
    const SHAPE: ShapeRef = T::SHAPE;
}

#[cfg(feature = "std")]
mod locks {
    use super::*;
    use std::sync::{Mutex, RwLock};

    const POISONED: &str = "the lock is poisoned (a thread panicked while holding it)";

    /// The value, locked for the encode (and again for `encoded_len`). A
    /// poisoned mutex is an [`encode::Error::Custom`], as serde fails on
    /// it. Encoding a mutex that the encoding thread holds blocks forever
    /// (or panics), as locking it does.
    impl<T: Encode + ?Sized> Encode for Mutex<T> {
        const COSTLY_LEN: bool = T::COSTLY_LEN;
        const MAX_LEN: usize = T::MAX_LEN;
        #[inline]
        fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
            match self.lock() {
                Ok(v) => v.encode(e),
                Err(_) => Err(encode::Error::Custom(POISONED)),
            }
        }
        #[inline]
        fn encoded_len(&self) -> usize {
            self.lock().map_or(0, |v| v.encoded_len())
        }
    }

    impl<'de, T: Decode<'de>> Decode<'de> for Mutex<T> {
        #[inline]
        fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
            T::decode(d).map(Mutex::new)
        }
    }

    /// The value, read-locked for the encode. A poisoned lock is an
    /// [`encode::Error::Custom`].
    impl<T: Encode + ?Sized> Encode for RwLock<T> {
        const COSTLY_LEN: bool = T::COSTLY_LEN;
        const MAX_LEN: usize = T::MAX_LEN;
        #[inline]
        fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
            match self.read() {
                Ok(v) => v.encode(e),
                Err(_) => Err(encode::Error::Custom(POISONED)),
            }
        }
        #[inline]
        fn encoded_len(&self) -> usize {
            self.read().map_or(0, |v| v.encoded_len())
        }
    }

    impl<'de, T: Decode<'de>> Decode<'de> for RwLock<T> {
        #[inline]
        fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
            T::decode(d).map(RwLock::new)
        }
    }

    impl<T: Schema + ?Sized> Schema for Mutex<T> {
        const SHAPE: ShapeRef = T::SHAPE;
    }

    impl<T: Schema + ?Sized> Schema for RwLock<T> {
        const SHAPE: ShapeRef = T::SHAPE;
    }
}
