//! Message boundaries in a byte stream: [`message_len`], the resumable
//! [`Framer`] and, with feature `std`, the [`StreamDecoder`] over any
//! `std::io::Read`.
//!
//! A MessagePack value is self-delimiting: its first bytes say how long it
//! is, or how many values it holds. Messages can therefore be sent back to
//! back with no length prefix, and the receiver finds where each ends by
//! reading the headers (never the payloads) of the bytes received so far.

use super::{DecodeOptions, Error, ErrorKind, Limit};
use crate::marker as m;

/// Levels of nesting a [`Framer`] tracks without allocating.
const INLINE_LEVELS: usize = 64;

/// The length of the message at the start of `buf`: `Ok(Some(n))` when
/// `buf[..n]` is one whole value, `Ok(None)` when `buf` is the start of a
/// value and more bytes are needed, and an error when no bytes that could
/// follow would make it a valid message under `opts`.
///
/// Bytes after the first message are not looked at: they are the next
/// message's. An empty `buf` needs more bytes.
///
/// What is checked, against `opts`, as soon as the bytes that show it have
/// arrived:
/// - the byte 0xc1 ([`ErrorKind::ReservedMarker`]);
/// - arrays and maps nested deeper than [`max_depth`](DecodeOptions::max_depth)
///   ([`ErrorKind::DepthLimitExceeded`], at the same offset as a decode of
///   the message into [`Value`](crate::Value) reports);
/// - `str`, `bin` and `ext` payloads and array and map lengths above
///   [`max_str_len`](DecodeOptions::max_str_len),
///   [`max_bin_len`](DecodeOptions::max_bin_len),
///   [`max_ext_len`](DecodeOptions::max_ext_len) and
///   [`max_container_len`](DecodeOptions::max_container_len)
///   ([`ErrorKind::LimitExceeded`]). They apply to every item of the
///   message, including those a decode would [`skip`](super::Decoder::skip)
///   (the framer cannot know which): stricter than decoding, so that a
///   declared length is refused before its bytes are waited for.
///
/// Not checked: the UTF-8 of strings, the layout of timestamps, types.
/// Decoding the message does that.
///
/// Offsets in errors are from the start of `buf`. The whole message is not
/// bounded here (a `str` may claim 4 GiB): a [`Framer`] tells how many
/// bytes the message needs at least ([`Framer::needed`]), to refuse it
/// before buffering that much; [`StreamDecoder`] does so.
///
/// **Cost**: proportional to the number of items, not bytes: payloads are
/// stepped over. Each call starts from the beginning of `buf`, so calling
/// it again each time a few bytes arrive rescans the message every time
/// (quadratic in the worst case). For input that arrives in pieces keep a
/// [`Framer`], which resumes where it stopped.
///
/// **Memory**: none for messages nested up to 64 levels; beyond that
/// 8 bytes per level on the heap (feature `alloc`). Without `alloc`,
/// nesting deeper than 64 levels is an error whatever `max_depth` says
/// (`DepthLimitExceeded { limit: 64 }`).
///
/// ```
/// use msgpack_core::decode::message_len;
/// use msgpack_core::DecodeOptions;
///
/// let opts = DecodeOptions::new();
/// let stream = [0x92, 0x01, 0xa2, b'h', b'i', 0xc3]; // [1, "hi"], then true
/// assert_eq!(message_len(&stream, &opts)?, Some(5));
/// assert_eq!(message_len(&stream[5..], &opts)?, Some(1));
/// assert_eq!(message_len(&stream[..4], &opts)?, None); // "hi" is cut
/// assert!(message_len(&[0x91, 0xc1], &opts).is_err()); // can never be valid
/// # Ok::<(), msgpack_core::decode::Error>(())
/// ```
pub fn message_len(buf: &[u8], opts: &DecodeOptions) -> Result<Option<usize>, Error> {
    Framer::new(*opts).message_len(buf)
}

/// Finds where messages end in a buffer that fills up over time, resuming
/// where the previous call stopped.
///
/// Feed it the receive buffer each time bytes have been appended to it:
/// [`message_len`](Framer::message_len) answers `Ok(None)` until the first
/// message is whole, then `Ok(Some(n))`; take `n` bytes off the front and
/// go on. It checks what the free function [`message_len`] checks.
///
/// Between calls that return `Ok(None)` the framer remembers how far it
/// got (the offset of the first item not yet whole, and the element counts
/// of the open arrays and maps), so each call only looks at items it has
/// not seen: framing a message costs O(items + calls) however it is split.
/// In return, the buffer given to the next call must start with the same
/// bytes (it may be longer). After `Ok(Some(_))` or an error the framer
/// starts over: the next call looks at a new message from the start of the
/// buffer it is given. To drop a partial message, call
/// [`reset`](Framer::reset).
///
/// [`needed`](Framer::needed) says how many bytes the message needs at
/// least, from the lengths declared so far: compare it to a size limit to
/// refuse a message before buffering it.
///
/// ```
/// use msgpack_core::decode::Framer;
/// use msgpack_core::DecodeOptions;
///
/// let wire = msgpack_core::to_vec(&("key", vec![1u32, 2, 3]))?;
/// let mut framer = Framer::new(DecodeOptions::untrusted());
/// let mut inbox = Vec::new();
/// for (i, &byte) in wire.iter().enumerate() {
///     inbox.push(byte); // bytes arrive one at a time
///     match framer.message_len(&inbox)? {
///         None => assert!(framer.needed() > inbox.len() as u64),
///         Some(n) => assert_eq!((n, i), (wire.len(), wire.len() - 1)),
///     }
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Framer {
    opts: DecodeOptions,
    /// Every item before this offset is whole and checked.
    pos: usize,
    /// The remaining items of the open arrays and maps, summed (including
    /// the item at `pos` if any are open).
    pending: u64,
    /// Calls with a buffer shorter than this cannot make progress (nor
    /// find an error): the item at `pos` needs these bytes to be read on.
    item_end: u64,
    /// The message ends at this offset at least.
    needed: u64,
    /// The items left in each open array or map, outermost first.
    stack: Stack,
}

impl Framer {
    /// A framer checking against `opts`.
    ///
    /// ```
    /// use msgpack_core::{decode::Framer, DecodeOptions};
    /// let framer = Framer::new(DecodeOptions::untrusted());
    /// assert_eq!(framer.options().max_depth, 64);
    /// ```
    pub const fn new(opts: DecodeOptions) -> Self {
        Framer { opts, pos: 0, pending: 0, item_end: 1, needed: 1, stack: Stack::new() }
    }

    /// The options in force.
    ///
    /// ```
    /// let framer = msgpack_core::decode::Framer::default();
    /// assert_eq!(framer.options().max_depth, 1024);
    /// ```
    pub fn options(&self) -> &DecodeOptions {
        &self.opts
    }

    /// The length of the message at the start of `buf`, as
    /// [`message_len`](fn@message_len), resuming from the previous call if
    /// it returned `Ok(None)`: `buf` must then start with the bytes that
    /// call was given.
    ///
    /// ```
    /// use msgpack_core::decode::Framer;
    ///
    /// let wire = [0x93, 0x01, 0xa3, b'a', b'b', b'c', 0xc0, 0x07]; // [1, "abc", nil], then 7
    /// let mut framer = Framer::default();
    /// assert_eq!(framer.message_len(&wire[..2])?, None);
    /// assert_eq!(framer.message_len(&wire[..4])?, None); // resumes at "abc", still cut
    /// assert_eq!(framer.message_len(&wire)?, Some(7));
    /// assert_eq!(framer.message_len(&wire[7..])?, Some(1)); // a new message
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    pub fn message_len(&mut self, buf: &[u8]) -> Result<Option<usize>, Error> {
        if (buf.len() as u64) < self.item_end {
            return Ok(None);
        }
        let result = self.scan(buf);
        if !matches!(result, Ok(None)) {
            self.reset();
        }
        result
    }

    /// The least number of bytes the current message can have, from what
    /// has been seen: after `Ok(None)`, more than the buffer holds.
    ///
    /// It counts the header and payload of the item being read and one
    /// byte for each element the open arrays and maps still expect, so a
    /// length prefix claiming gigabytes shows here as soon as it arrives.
    ///
    /// ```
    /// use msgpack_core::decode::Framer;
    /// let mut framer = Framer::default();
    /// assert_eq!(framer.message_len(&[0xc6, 0xff, 0xff, 0xff, 0xff])?, None); // a bin of 4 GiB
    /// assert_eq!(framer.needed(), 5 + 0xffff_ffff);
    /// framer.reset();
    /// assert_eq!(framer.message_len(&[0xdc, 0x01, 0x00])?, None); // an array of 256 elements
    /// assert_eq!(framer.needed(), 3 + 256);
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    pub fn needed(&self) -> u64 {
        self.needed
    }

    /// Forgets the current message: the next call starts a new one.
    ///
    /// ```
    /// use msgpack_core::decode::Framer;
    /// let mut framer = Framer::default();
    /// assert_eq!(framer.message_len(&[0x92, 0x01])?, None);
    /// framer.reset();
    /// assert_eq!(framer.message_len(&[0x01])?, Some(1));
    /// # Ok::<(), msgpack_core::decode::Error>(())
    /// ```
    pub fn reset(&mut self) {
        self.pos = 0;
        self.pending = 0;
        self.item_end = 1;
        self.needed = 1;
        self.stack.clear();
    }

    /// The depth limit in force: [`DecodeOptions::max_depth`], and at most
    /// what the inline stack holds without `alloc`.
    fn max_depth(&self) -> u32 {
        #[cfg(feature = "alloc")]
        return self.opts.max_depth;
        #[cfg(not(feature = "alloc"))]
        return self.opts.max_depth.min(INLINE_LEVELS as u32);
    }

    fn scan(&mut self, buf: &[u8]) -> Result<Option<usize>, Error> {
        loop {
            let at = self.pos;
            let len = match item(buf, at, &self.opts)? {
                Item::Partial { next, min } => {
                    self.item_end = (at as u64).saturating_add(next);
                    self.needed = (at as u64).saturating_add(min).saturating_add(self.pending.saturating_sub(1));
                    return Ok(None);
                }
                Item::Whole(len) => {
                    self.claim();
                    len
                }
                Item::Container { header, items } => {
                    // The container's own level, counting the outermost as 1.
                    if self.stack.len() >= self.max_depth() as usize {
                        return Err(Error::new(ErrorKind::DepthLimitExceeded { limit: self.max_depth() }, at));
                    }
                    self.claim();
                    if items > 0 {
                        if !self.stack.push(items) {
                            // Unreachable: `max_depth` is within the stack's reach.
                            return Err(Error::new(ErrorKind::DepthLimitExceeded { limit: self.max_depth() }, at));
                        }
                        self.pending = self.pending.saturating_add(items);
                    }
                    header
                }
            };
            self.pos = at + len;
            // Close the arrays and maps whose last element this was.
            while self.stack.top_mut().is_some_and(|left| *left == 0) {
                self.stack.pop();
            }
            if self.stack.len() == 0 {
                return Ok(Some(self.pos));
            }
        }
    }

    /// Counts the item at `pos` against the innermost open container.
    fn claim(&mut self) {
        if let Some(left) = self.stack.top_mut() {
            *left -= 1;
            self.pending = self.pending.saturating_sub(1);
        }
    }
}

impl Default for Framer {
    /// A framer with the default [`DecodeOptions`].
    fn default() -> Self {
        Self::new(DecodeOptions::new())
    }
}

/// What the bytes at an offset hold.
enum Item {
    /// The start of an item: `next` bytes are needed to read on (the whole
    /// header or the whole item), and the item has at least `min`.
    Partial { next: u64, min: u64 },
    /// A whole item that is not an array or map (header and payload).
    Whole(usize),
    /// The whole header of an array or map, and the items (elements, or
    /// keys and values) that follow it.
    Container { header: usize, items: u64 },
}

/// Reads the item at `buf[at]`: its header and, for `str`, `bin` and `ext`,
/// the length of its payload (which is stepped over, not read).
fn item(buf: &[u8], at: usize, opts: &DecodeOptions) -> Result<Item, Error> {
    let Some(&b) = buf.get(at) else { return Ok(Item::Partial { next: 1, min: 1 }) };
    // Header size beyond the marker for the length, extra header bytes
    // (the ext type), and the limit on the payload.
    let (len_size, extra, limit, max) = match b {
        0x00..=0x7f | 0xe0..=0xff | m::NIL | m::FALSE | m::TRUE => return Ok(sized(buf, at, 1)),
        m::NEVER_USED => return Err(Error::new(ErrorKind::ReservedMarker, at)),
        m::U8 | m::I8 => return Ok(sized(buf, at, 2)),
        m::U16 | m::I16 => return Ok(sized(buf, at, 3)),
        m::U32 | m::I32 | m::F32 => return Ok(sized(buf, at, 5)),
        m::U64 | m::I64 | m::F64 => return Ok(sized(buf, at, 9)),
        m::FIXEXT1 | m::FIXEXT2 | m::FIXEXT4 | m::FIXEXT8 | m::FIXEXT16 => {
            let len = 1u64 << (b - m::FIXEXT1);
            check(Limit::ExtLen, len, opts.max_ext_len, at)?;
            return Ok(sized(buf, at, 2 + len));
        }
        0xa0..=0xbf => {
            let len = u64::from(b & 0x1f);
            check(Limit::StrLen, len, opts.max_str_len, at)?;
            return Ok(sized(buf, at, 1 + len));
        }
        0x90..=0x9f => return container(at, 1, u64::from(b & 0x0f), 1, opts),
        0x80..=0x8f => return container(at, 1, u64::from(b & 0x0f), 2, opts),
        m::ARRAY16 | m::ARRAY32 | m::MAP16 | m::MAP32 => {
            let size = if matches!(b, m::ARRAY16 | m::MAP16) { 2 } else { 4 };
            let Some(n) = be_len(buf, at, size) else { return Ok(partial(1 + size as u64)) };
            let per = if matches!(b, m::ARRAY16 | m::ARRAY32) { 1 } else { 2 };
            return container(at, 1 + size, n, per, opts);
        }
        m::STR8 => (1, 0, Limit::StrLen, opts.max_str_len),
        m::STR16 => (2, 0, Limit::StrLen, opts.max_str_len),
        m::STR32 => (4, 0, Limit::StrLen, opts.max_str_len),
        m::BIN8 => (1, 0, Limit::BinLen, opts.max_bin_len),
        m::BIN16 => (2, 0, Limit::BinLen, opts.max_bin_len),
        m::BIN32 => (4, 0, Limit::BinLen, opts.max_bin_len),
        m::EXT8 => (1, 1, Limit::ExtLen, opts.max_ext_len),
        m::EXT16 => (2, 1, Limit::ExtLen, opts.max_ext_len),
        m::EXT32 => (4, 1, Limit::ExtLen, opts.max_ext_len),
    };
    let header = 1 + len_size + extra;
    // The length is checked against the limit as soon as it is in, before
    // the ext type that follows it.
    let Some(len) = be_len(buf, at, len_size) else {
        return Ok(Item::Partial { next: 1 + len_size as u64, min: header as u64 });
    };
    check(limit, len, max, at)?;
    Ok(sized(buf, at, header as u64 + len))
}

/// An array or map header of `header` bytes declaring `n` elements of
/// `per` items each.
fn container(at: usize, header: usize, n: u64, per: u64, opts: &DecodeOptions) -> Result<Item, Error> {
    check(Limit::ContainerLen, n, opts.max_container_len, at)?;
    Ok(Item::Container { header, items: n * per })
}

/// An item of `len` bytes at `at`: whole if `buf` holds it.
fn sized(buf: &[u8], at: usize, len: u64) -> Item {
    match usize::try_from(len) {
        Ok(n) if n <= buf.len() - at => Item::Whole(n),
        _ => partial(len),
    }
}

/// The start of an item that needs `len` bytes to be read on.
fn partial(len: u64) -> Item {
    Item::Partial { next: len, min: len }
}

/// The big-endian length of `size` bytes after the marker at `at`.
fn be_len(buf: &[u8], at: usize, size: usize) -> Option<u64> {
    let bytes = buf.get(at + 1..at + 1 + size)?;
    Some(bytes.iter().fold(0u64, |n, &b| n << 8 | u64::from(b)))
}

fn check(limit: Limit, value: u64, max: u32, at: usize) -> Result<(), Error> {
    if value > u64::from(max) {
        return Err(Error::new(ErrorKind::LimitExceeded { limit, value, max: u64::from(max) }, at));
    }
    Ok(())
}

/// The items left in each open array or map: the first 64 levels inline,
/// deeper ones on the heap (feature `alloc`).
#[derive(Clone)]
struct Stack {
    len: usize,
    inline: [u64; INLINE_LEVELS],
    #[cfg(feature = "alloc")]
    deeper: alloc::vec::Vec<u64>,
}

impl Stack {
    const fn new() -> Self {
        Stack {
            len: 0,
            inline: [0; INLINE_LEVELS],
            #[cfg(feature = "alloc")]
            deeper: alloc::vec::Vec::new(),
        }
    }

    fn len(&self) -> usize {
        self.len
    }

    fn top_mut(&mut self) -> Option<&mut u64> {
        match self.len {
            0 => None,
            n if n <= INLINE_LEVELS => self.inline.get_mut(n - 1),
            #[cfg(feature = "alloc")]
            _ => self.deeper.last_mut(),
            #[cfg(not(feature = "alloc"))]
            _ => None,
        }
    }

    /// Opens a level; `false` if there is no room (only without `alloc`).
    fn push(&mut self, items: u64) -> bool {
        if let Some(slot) = self.inline.get_mut(self.len) {
            *slot = items;
        } else {
            #[cfg(feature = "alloc")]
            self.deeper.push(items);
            #[cfg(not(feature = "alloc"))]
            return false;
        }
        self.len += 1;
        true
    }

    fn pop(&mut self) {
        #[cfg(feature = "alloc")]
        if self.len > INLINE_LEVELS {
            self.deeper.pop();
        }
        self.len = self.len.saturating_sub(1);
    }

    fn clear(&mut self) {
        self.len = 0;
        #[cfg(feature = "alloc")]
        self.deeper.clear();
    }
}

impl core::fmt::Debug for Stack {
    /// The open levels only, outermost first.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let inline = self.inline.iter().take(self.len);
        #[cfg(feature = "alloc")]
        let levels = inline.chain(self.deeper.iter());
        #[cfg(not(feature = "alloc"))]
        let levels = inline;
        f.debug_list().entries(levels).finish()
    }
}

#[cfg(feature = "std")]
pub(crate) use reader::read_whole;
#[cfg(feature = "std")]
pub use reader::{DEFAULT_MAX_MESSAGE_LEN, StreamDecoder, StreamError};

#[cfg(feature = "std")]
mod reader;

#[cfg(test)]
mod tests {
    use super::*;

    /// `N - 1` nested arrays of one element around `nil`.
    fn nested<const N: usize>() -> [u8; N] {
        let mut bytes = [0x91; N];
        bytes[N - 1] = m::NIL;
        bytes
    }

    /// Run in both builds: `cargo test -p msgpack-core --lib` and
    /// `cargo test -p msgpack-core --lib --no-default-features`.
    #[test]
    fn nesting_beyond_the_inline_stack() {
        let opts = DecodeOptions::new(); // max_depth 1024
        assert_eq!(message_len(&nested::<65>(), &opts), Ok(Some(65))); // 64 levels: inline in every build
        let deeper = message_len(&nested::<201>(), &opts);
        #[cfg(feature = "alloc")]
        assert_eq!(deeper, Ok(Some(201)));
        #[cfg(not(feature = "alloc"))]
        assert_eq!(deeper, Err(Error::new(ErrorKind::DepthLimitExceeded { limit: 64 }, 64)));
        // Resumed a byte at a time: the same answer.
        let bytes = nested::<201>();
        let mut framer = Framer::new(opts);
        let first = (0..=bytes.len()).map(|end| framer.message_len(&bytes[..end])).find(|r| r != &Ok(None));
        assert_eq!(first, Some(deeper));
    }
}
