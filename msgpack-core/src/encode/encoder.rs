//! The encoder: one method per MessagePack item, always the smallest form.

use super::{Encode, Error, Write};
use crate::ext::Timestamp;
use crate::marker as m;

/// Writes MessagePack items into a [`Write`] sink.
///
/// Every method writes its item in the smallest form the specification
/// allows (an `u64` of 5 is one byte, a `str` of 31 bytes has a one-byte
/// header), which is what every other implementation writes too.
///
/// ```
/// use msgpack_core::encode::Encoder;
///
/// let mut e = Encoder::new(Vec::new());
/// e.array_len(3)?;
/// e.i64(-1)?;
/// e.str("a")?;
/// e.nil()?;
/// assert_eq!(e.into_writer(), [0x93, 0xff, 0xa1, b'a', 0xc0]);
/// # Ok::<(), msgpack_core::encode::Error<core::convert::Infallible>>(())
/// ```
#[derive(Debug)]
pub struct Encoder<W> {
    pub(super) w: W,
}

type Result<E> = core::result::Result<(), Error<E>>;

impl<W: Write> Encoder<W> {
    /// An encoder writing into `w`.
    ///
    /// ```
    /// let e = msgpack_core::encode::Encoder::new(Vec::new());
    /// assert!(e.writer().is_empty());
    /// ```
    #[inline]
    pub const fn new(w: W) -> Self {
        Encoder { w }
    }

    /// The sink.
    ///
    /// ```
    /// let mut e = msgpack_core::encode::Encoder::new(Vec::new());
    /// e.nil().unwrap();
    /// assert_eq!(e.writer(), &[0xc0]);
    /// ```
    #[inline]
    pub fn writer(&self) -> &W {
        &self.w
    }

    /// The sink, mutably.
    ///
    /// ```
    /// let mut e = msgpack_core::encode::Encoder::new(Vec::new());
    /// e.writer_mut().push(0xc3);
    /// assert_eq!(e.writer(), &[0xc3]);
    /// ```
    #[inline]
    pub fn writer_mut(&mut self) -> &mut W {
        &mut self.w
    }

    /// Gives the sink back.
    ///
    /// ```
    /// let e = msgpack_core::encode::Encoder::new(Vec::<u8>::new());
    /// let v = e.into_writer();
    /// # assert!(v.is_empty());
    /// ```
    #[inline]
    pub fn into_writer(self) -> W {
        self.w
    }

    /// Writes any [`Encode`] value.
    ///
    /// ```
    /// let mut e = msgpack_core::encode::Encoder::new(Vec::new());
    /// e.encode(&(1u8, "x"))?;
    /// assert_eq!(e.into_writer(), [0x92, 0x01, 0xa1, b'x']);
    /// # Ok::<(), msgpack_core::encode::Error<core::convert::Infallible>>(())
    /// ```
    #[inline]
    pub fn encode<T: Encode + ?Sized>(&mut self, value: &T) -> Result<W::Error> {
        value.encode(self)
    }

    /// Writes bytes as they are: pre-encoded MessagePack (a cached header, a
    /// whole encoded value). The caller is responsible for their validity.
    ///
    /// ```
    /// let mut e = msgpack_core::encode::Encoder::new(Vec::new());
    /// e.raw(&[0x91, 0x01])?;
    /// assert_eq!(e.into_writer(), [0x91, 0x01]);
    /// # Ok::<(), msgpack_core::encode::Error<core::convert::Infallible>>(())
    /// ```
    #[inline(always)]
    pub fn raw(&mut self, bytes: &[u8]) -> Result<W::Error> {
        self.w.write_all(bytes).map_err(Error::Write)
    }

    /// Writes `nil`.
    ///
    /// ```
    /// let mut e = msgpack_core::encode::Encoder::new(Vec::new());
    /// e.nil()?;
    /// assert_eq!(e.into_writer(), [0xc0]);
    /// # Ok::<(), msgpack_core::encode::Error<core::convert::Infallible>>(())
    /// ```
    #[inline(always)]
    pub fn nil(&mut self) -> Result<W::Error> {
        self.w.write_byte(m::NIL).map_err(Error::Write)
    }

    /// Writes `true` or `false`.
    ///
    /// ```
    /// let mut e = msgpack_core::encode::Encoder::new(Vec::new());
    /// e.bool(false)?;
    /// assert_eq!(e.into_writer(), [0xc2]);
    /// # Ok::<(), msgpack_core::encode::Error<core::convert::Infallible>>(())
    /// ```
    #[inline(always)]
    pub fn bool(&mut self, v: bool) -> Result<W::Error> {
        self.w.write_byte(if v { m::TRUE } else { m::FALSE }).map_err(Error::Write)
    }

    /// Writes an unsigned integer in its smallest form.
    ///
    /// ```
    /// let mut e = msgpack_core::encode::Encoder::new(Vec::new());
    /// e.u64(255)?;
    /// e.u64(256)?;
    /// assert_eq!(e.into_writer(), [0xcc, 0xff, 0xcd, 0x01, 0x00]);
    /// # Ok::<(), msgpack_core::encode::Error<core::convert::Infallible>>(())
    /// ```
    #[inline(always)]
    pub fn u64(&mut self, v: u64) -> Result<W::Error> {
        // The one-byte form inline at every call; the four wider forms
        // once, where the optimiser chooses (issue 26: the whole ladder at
        // every integer field of every struct was a large part of what a
        // derived struct's encoder grew to after inlining).
        if v < 128 {
            return self.w.write_byte(v as u8).map_err(Error::Write);
        }
        self.u64_wide(v)
    }

    #[inline]
    fn u64_wide(&mut self, v: u64) -> Result<W::Error> {
        msgpack_wire::put_uint_wide(&mut Put(&mut self.w), v).map_err(Error::Write)
    }

    /// Writes a signed integer in its smallest form (non-negative values as
    /// unsigned integers).
    ///
    /// ```
    /// let mut e = msgpack_core::encode::Encoder::new(Vec::new());
    /// e.i64(-33)?;
    /// e.i64(200)?;
    /// assert_eq!(e.into_writer(), [0xd0, 0xdf, 0xcc, 0xc8]);
    /// # Ok::<(), msgpack_core::encode::Error<core::convert::Infallible>>(())
    /// ```
    #[inline(always)]
    pub fn i64(&mut self, v: i64) -> Result<W::Error> {
        // The one-byte forms inline, the wider ones once (see `u64`).
        if (-32..128).contains(&v) {
            return self.w.write_byte(v as u8).map_err(Error::Write);
        }
        self.i64_wide(v)
    }

    #[inline]
    fn i64_wide(&mut self, v: i64) -> Result<W::Error> {
        msgpack_wire::put_int_wide(&mut Put(&mut self.w), v).map_err(Error::Write)
    }

    /// Writes a `u8` (see [`u64`](Encoder::u64)).
    ///
    /// ```
    /// let mut e = msgpack_core::encode::Encoder::new(Vec::new());
    /// e.u8(7)?;
    /// assert_eq!(e.into_writer(), [0x07]);
    /// # Ok::<(), msgpack_core::encode::Error<core::convert::Infallible>>(())
    /// ```
    #[inline(always)]
    pub fn u8(&mut self, v: u8) -> Result<W::Error> {
        if v < 128 { self.w.write_byte(v) } else { self.w.write_marked_u8(m::U8, v) }.map_err(Error::Write)
    }

    /// Writes a `u16` (see [`u64`](Encoder::u64)).
    ///
    /// ```
    /// let mut e = msgpack_core::encode::Encoder::new(Vec::new());
    /// e.u16(300)?;
    /// assert_eq!(e.into_writer(), [0xcd, 0x01, 0x2c]);
    /// # Ok::<(), msgpack_core::encode::Error<core::convert::Infallible>>(())
    /// ```
    #[inline(always)]
    pub fn u16(&mut self, v: u16) -> Result<W::Error> {
        self.u64(v.into())
    }

    /// Writes a `u32` (see [`u64`](Encoder::u64)).
    ///
    /// ```
    /// let mut e = msgpack_core::encode::Encoder::new(Vec::new());
    /// e.u32(65536)?;
    /// assert_eq!(e.into_writer(), [0xce, 0, 1, 0, 0]);
    /// # Ok::<(), msgpack_core::encode::Error<core::convert::Infallible>>(())
    /// ```
    #[inline(always)]
    pub fn u32(&mut self, v: u32) -> Result<W::Error> {
        self.u64(v.into())
    }

    /// Writes an `i8` (see [`i64`](Encoder::i64)).
    ///
    /// ```
    /// let mut e = msgpack_core::encode::Encoder::new(Vec::new());
    /// e.i8(-1)?;
    /// assert_eq!(e.into_writer(), [0xff]);
    /// # Ok::<(), msgpack_core::encode::Error<core::convert::Infallible>>(())
    /// ```
    #[inline(always)]
    pub fn i8(&mut self, v: i8) -> Result<W::Error> {
        self.i64(v.into())
    }

    /// Writes an `i16` (see [`i64`](Encoder::i64)).
    ///
    /// ```
    /// let mut e = msgpack_core::encode::Encoder::new(Vec::new());
    /// e.i16(-129)?;
    /// assert_eq!(e.into_writer(), [0xd1, 0xff, 0x7f]);
    /// # Ok::<(), msgpack_core::encode::Error<core::convert::Infallible>>(())
    /// ```
    #[inline(always)]
    pub fn i16(&mut self, v: i16) -> Result<W::Error> {
        self.i64(v.into())
    }

    /// Writes an `i32` (see [`i64`](Encoder::i64)).
    ///
    /// ```
    /// let mut e = msgpack_core::encode::Encoder::new(Vec::new());
    /// e.i32(42)?;
    /// assert_eq!(e.into_writer(), [42]);
    /// # Ok::<(), msgpack_core::encode::Error<core::convert::Infallible>>(())
    /// ```
    #[inline(always)]
    pub fn i32(&mut self, v: i32) -> Result<W::Error> {
        self.i64(v.into())
    }

    /// Writes a `u128` as an integer; values above `u64::MAX` have no
    /// MessagePack form and give [`Error::Unrepresentable`].
    ///
    /// ```
    /// let mut e = msgpack_core::encode::Encoder::new(Vec::new());
    /// e.u128(5)?;
    /// assert!(e.u128(u128::MAX).is_err());
    /// assert_eq!(e.into_writer(), [5]);
    /// # Ok::<(), msgpack_core::encode::Error<core::convert::Infallible>>(())
    /// ```
    #[inline]
    pub fn u128(&mut self, v: u128) -> Result<W::Error> {
        match u64::try_from(v) {
            Ok(v) => self.u64(v),
            Err(_) => Err(Error::Unrepresentable("u128 outside the 64-bit integer range")),
        }
    }

    /// Writes an `i128` as an integer; values outside `i64::MIN..=u64::MAX`
    /// give [`Error::Unrepresentable`].
    ///
    /// ```
    /// let mut e = msgpack_core::encode::Encoder::new(Vec::new());
    /// e.i128(-1)?;
    /// e.i128(u64::MAX as i128)?;
    /// assert!(e.i128(i128::MIN).is_err());
    /// # Ok::<(), msgpack_core::encode::Error<core::convert::Infallible>>(())
    /// ```
    #[inline]
    pub fn i128(&mut self, v: i128) -> Result<W::Error> {
        if let Ok(v) = i64::try_from(v) {
            self.i64(v)
        } else if let Ok(v) = u64::try_from(v) {
            self.u64(v)
        } else {
            Err(Error::Unrepresentable("i128 outside the 64-bit integer range"))
        }
    }

    /// Writes a `float 32`.
    ///
    /// ```
    /// let mut e = msgpack_core::encode::Encoder::new(Vec::new());
    /// e.f32(1.0)?;
    /// assert_eq!(e.into_writer(), [0xca, 0x3f, 0x80, 0, 0]);
    /// # Ok::<(), msgpack_core::encode::Error<core::convert::Infallible>>(())
    /// ```
    #[inline(always)]
    pub fn f32(&mut self, v: f32) -> Result<W::Error> {
        self.w.write_marked_u32(m::F32, v.to_bits()).map_err(Error::Write)
    }

    /// Writes a `float 64`.
    ///
    /// ```
    /// let mut e = msgpack_core::encode::Encoder::new(Vec::new());
    /// e.f64(1.0)?;
    /// assert_eq!(e.into_writer(), [0xcb, 0x3f, 0xf0, 0, 0, 0, 0, 0, 0]);
    /// # Ok::<(), msgpack_core::encode::Error<core::convert::Infallible>>(())
    /// ```
    #[inline(always)]
    pub fn f64(&mut self, v: f64) -> Result<W::Error> {
        self.w.write_marked_u64(m::F64, v.to_bits()).map_err(Error::Write)
    }

    /// Writes a length header of the wire format in one of its 8-, 16- or
    /// 32-bit forms (the caller has written the fix form inline), or the
    /// error `what` when the length has none (above `u32::MAX`).
    #[inline(always)]
    fn len_header(&mut self, family: msgpack_wire::Family, len: usize, what: &'static str) -> Result<W::Error> {
        match msgpack_wire::put_len_wide(&mut Put(&mut self.w), family, len) {
            Ok(true) => Ok(()),
            Ok(false) => Err(unrepresentable(what)),
            Err(e) => Err(Error::Write(e)),
        }
    }

    /// Writes the header of a `str` of `len` bytes; the UTF-8 bytes must follow.
    ///
    /// ```
    /// let mut e = msgpack_core::encode::Encoder::new(Vec::new());
    /// e.str_header(32)?;
    /// assert_eq!(e.into_writer(), [0xd9, 32]);
    /// # Ok::<(), msgpack_core::encode::Error<core::convert::Infallible>>(())
    /// ```
    #[inline]
    pub fn str_header(&mut self, len: usize) -> Result<W::Error> {
        if len < 32 {
            self.w.write_byte(m::FIXSTR | len as u8).map_err(Error::Write)
        } else {
            self.len_header(msgpack_wire::Family::Str, len, "str longer than u32::MAX bytes")
        }
    }

    /// Writes a `str`.
    ///
    /// ```
    /// let mut e = msgpack_core::encode::Encoder::new(Vec::new());
    /// e.str("hé")?;
    /// assert_eq!(e.into_writer(), [0xa3, b'h', 0xc3, 0xa9]);
    /// # Ok::<(), msgpack_core::encode::Error<core::convert::Infallible>>(())
    /// ```
    #[inline(always)]
    pub fn str(&mut self, s: &str) -> Result<W::Error> {
        // fixstr (names, keys, dates): one header byte, inlined at the call site.
        if s.len() < 32 {
            return self.w.write_parts(&[m::FIXSTR | s.len() as u8], s.as_bytes()).map_err(Error::Write);
        }
        // str 8 (sentences, paths, requests) too; longer ones out of line.
        if s.len() < 256 {
            return self.w.write_parts(&[m::STR8, s.len() as u8], s.as_bytes()).map_err(Error::Write);
        }
        self.str_long(s)
    }

    #[inline(never)]
    fn str_long(&mut self, s: &str) -> Result<W::Error> {
        let (head, n) =
            len_head(s.len(), m::FIXSTR, 32, [m::STR8, m::STR16, m::STR32], "str longer than u32::MAX bytes")?;
        self.w.write_parts(&head[..n], s.as_bytes()).map_err(Error::Write)
    }

    /// Writes the header of a `bin` of `len` bytes; the bytes must follow.
    ///
    /// ```
    /// let mut e = msgpack_core::encode::Encoder::new(Vec::new());
    /// e.bin_header(3)?;
    /// assert_eq!(e.into_writer(), [0xc4, 3]);
    /// # Ok::<(), msgpack_core::encode::Error<core::convert::Infallible>>(())
    /// ```
    #[inline]
    pub fn bin_header(&mut self, len: usize) -> Result<W::Error> {
        self.len_header(msgpack_wire::Family::Bin, len, "bin longer than u32::MAX bytes")
    }

    /// Writes a `bin`.
    ///
    /// ```
    /// let mut e = msgpack_core::encode::Encoder::new(Vec::new());
    /// e.bin(&[1, 2])?;
    /// assert_eq!(e.into_writer(), [0xc4, 2, 1, 2]);
    /// # Ok::<(), msgpack_core::encode::Error<core::convert::Infallible>>(())
    /// ```
    #[inline]
    pub fn bin(&mut self, b: &[u8]) -> Result<W::Error> {
        let (head, n) = len_head(b.len(), 0, 0, [m::BIN8, m::BIN16, m::BIN32], "bin longer than u32::MAX bytes")?;
        self.w.write_parts(&head[..n], b).map_err(Error::Write)
    }

    /// Writes an array header; `len` items must follow.
    ///
    /// ```
    /// let mut e = msgpack_core::encode::Encoder::new(Vec::new());
    /// e.array_len(16)?;
    /// assert_eq!(e.into_writer(), [0xdc, 0, 16]);
    /// # Ok::<(), msgpack_core::encode::Error<core::convert::Infallible>>(())
    /// ```
    #[inline(always)]
    pub fn array_len(&mut self, len: usize) -> Result<W::Error> {
        self.container_header(len, m::FIXARRAY, msgpack_wire::Family::Array, "array longer than u32::MAX")
    }

    /// Writes a map header; `len` key/value pairs must follow.
    ///
    /// ```
    /// let mut e = msgpack_core::encode::Encoder::new(Vec::new());
    /// e.map_len(1)?;
    /// e.u8(1)?;
    /// e.nil()?;
    /// assert_eq!(e.into_writer(), [0x81, 0x01, 0xc0]);
    /// # Ok::<(), msgpack_core::encode::Error<core::convert::Infallible>>(())
    /// ```
    #[inline(always)]
    pub fn map_len(&mut self, len: usize) -> Result<W::Error> {
        self.container_header(len, m::FIXMAP, msgpack_wire::Family::Map, "map longer than u32::MAX")
    }

    // The fix form inline at every call, the 16/32-bit forms once where the
    // optimiser chooses (`#[inline]`, issue 26). A forced out-of-line call
    // taking the encoder inside an element loop keeps the sink's position
    // in memory for the whole loop (a store and a reload per item; seen in
    // mk48's encode with the long forms `#[inline(never)]`, callgrind).
    #[inline(always)]
    fn container_header(
        &mut self,
        len: usize,
        fix: u8,
        family: msgpack_wire::Family,
        what: &'static str,
    ) -> Result<W::Error> {
        if len < 16 {
            return self.w.write_byte(fix | len as u8).map_err(Error::Write);
        }
        self.container_header_wide(family, len, what)
    }

    #[inline]
    fn container_header_wide(
        &mut self,
        family: msgpack_wire::Family,
        len: usize,
        what: &'static str,
    ) -> Result<W::Error> {
        self.len_header(family, len, what)
    }

    /// Writes an ext header (type `ty`, payload of `len` bytes); the payload
    /// must follow. Lengths 1, 2, 4, 8 and 16 use the `fixext` forms.
    ///
    /// ```
    /// let mut e = msgpack_core::encode::Encoder::new(Vec::new());
    /// e.ext_header(5, 4)?;
    /// e.ext_header(5, 3)?;
    /// assert_eq!(e.into_writer(), [0xd6, 5, 0xc7, 3, 5]);
    /// # Ok::<(), msgpack_core::encode::Error<core::convert::Infallible>>(())
    /// ```
    #[inline]
    pub fn ext_header(&mut self, ty: i8, len: usize) -> Result<W::Error> {
        let t = ty as u8;
        match len {
            1 => self.raw(&[m::FIXEXT1, t]),
            2 => self.raw(&[m::FIXEXT2, t]),
            4 => self.raw(&[m::FIXEXT4, t]),
            8 => self.raw(&[m::FIXEXT8, t]),
            16 => self.raw(&[m::FIXEXT16, t]),
            _ if len <= u8::MAX as usize => self.raw(&[m::EXT8, len as u8, t]),
            _ if len <= u16::MAX as usize => {
                let b = (len as u16).to_be_bytes();
                self.raw(&[m::EXT16, b[0], b[1], t])
            }
            _ => match u32::try_from(len) {
                Ok(len) => {
                    let b = len.to_be_bytes();
                    self.raw(&[m::EXT32, b[0], b[1], b[2], b[3], t])
                }
                Err(_) => Err(Error::Unrepresentable("ext payload longer than u32::MAX bytes")),
            },
        }
    }

    /// Writes an ext item.
    ///
    /// ```
    /// let mut e = msgpack_core::encode::Encoder::new(Vec::new());
    /// e.ext(-5, &[0xaa])?;
    /// assert_eq!(e.into_writer(), [0xd4, 0xfb, 0xaa]);
    /// # Ok::<(), msgpack_core::encode::Error<core::convert::Infallible>>(())
    /// ```
    #[inline]
    pub fn ext(&mut self, ty: i8, data: &[u8]) -> Result<W::Error> {
        self.ext_header(ty, data.len())?;
        self.raw(data)
    }

    /// Writes a timestamp (ext -1) in the smallest of its three layouts.
    ///
    /// ```
    /// use msgpack_core::Timestamp;
    /// let mut e = msgpack_core::encode::Encoder::new(Vec::new());
    /// e.timestamp(Timestamp::new(1, 0).unwrap())?;
    /// assert_eq!(e.into_writer(), [0xd6, 0xff, 0, 0, 0, 1]);
    /// # Ok::<(), msgpack_core::encode::Error<core::convert::Infallible>>(())
    /// ```
    #[inline]
    pub fn timestamp(&mut self, t: Timestamp) -> Result<W::Error> {
        let mut buf = [0u8; 15];
        let n = t.write_ext(&mut buf);
        self.raw(&buf[..n])
    }
}

/// The header of a `str` / `bin` of `len` bytes, in a stack buffer: the
/// fix form below `fix_limit` (none when 0), else the 8/16/32-bit forms.
#[inline(always)]
fn len_head<E>(
    len: usize,
    fix: u8,
    fix_limit: usize,
    markers: [u8; 3],
    what: &'static str,
) -> core::result::Result<([u8; 5], usize), Error<E>> {
    Ok(if len < fix_limit {
        ([fix | len as u8, 0, 0, 0, 0], 1)
    } else if len < 256 {
        ([markers[0], len as u8, 0, 0, 0], 2)
    } else if len < 65536 {
        let b = (len as u16).to_be_bytes();
        ([markers[1], b[0], b[1], 0, 0], 3)
    } else if let Ok(len) = u32::try_from(len) {
        let b = len.to_be_bytes();
        ([markers[2], b[0], b[1], b[2], b[3]], 5)
    } else {
        return Err(Error::Unrepresentable(what));
    })
}

/// [`Error::Unrepresentable`], out of line.
#[cold]
#[inline(never)]
fn unrepresentable<E>(what: &'static str) -> Error<E> {
    Error::Unrepresentable(what)
}

/// The sink as the wire format's writers see it: each fixed size through
/// the sink's own write of that size.
struct Put<'a, W>(&'a mut W);

impl<W: Write> msgpack_wire::Put for Put<'_, W> {
    type Error = W::Error;

    #[inline(always)]
    fn put1(&mut self, b: u8) -> core::result::Result<(), W::Error> {
        self.0.write_byte(b)
    }
    #[inline(always)]
    fn put2(&mut self, marker: u8, v: u8) -> core::result::Result<(), W::Error> {
        self.0.write_marked_u8(marker, v)
    }
    #[inline(always)]
    fn put3(&mut self, marker: u8, v: u16) -> core::result::Result<(), W::Error> {
        self.0.write_marked_u16(marker, v)
    }
    #[inline(always)]
    fn put5(&mut self, marker: u8, v: u32) -> core::result::Result<(), W::Error> {
        self.0.write_marked_u32(marker, v)
    }
    #[inline(always)]
    fn put9(&mut self, marker: u8, v: u64) -> core::result::Result<(), W::Error> {
        self.0.write_marked_u64(marker, v)
    }
}
