//! The string keys a map-form type writes, known at compile time: for the
//! checks that a map never holds a key twice (a flattened struct's key
//! equal to its parent's, an internal tag equal to a field's key, an alias
//! equal to a flattened key).

#[cfg(feature = "alloc")]
use crate::encode::{self, Encode, Encoder};

/// Up to [`KeySet::CAPACITY`] raw `str` key payloads, buildable in
/// constants. A set that outgrew its capacity is `overflowed`, and then
/// claims to contain nothing (the checks it serves are skipped rather than
/// wrong).
#[derive(Clone, Copy, Debug)]
pub struct KeySet {
    keys: [&'static [u8]; KeySet::CAPACITY],
    len: usize,
    overflowed: bool,
}

impl KeySet {
    /// How many keys a set holds.
    pub const CAPACITY: usize = 64;

    /// No keys.
    pub const EMPTY: KeySet = KeySet { keys: [&[]; KeySet::CAPACITY], len: 0, overflowed: false };

    /// The keys of `keys`.
    pub const fn of(keys: &[&'static [u8]]) -> KeySet {
        let mut s = KeySet::EMPTY;
        let mut i = 0;
        while i < keys.len() {
            s = s.add(keys[i]);
            i += 1;
        }
        s
    }

    const fn add(mut self, key: &'static [u8]) -> KeySet {
        if self.has(key) {
            return self;
        }
        if self.len == KeySet::CAPACITY {
            self.overflowed = true;
            return self;
        }
        self.keys[self.len] = key;
        self.len += 1;
        self
    }

    /// These keys and `other`'s.
    pub const fn with(self, other: &KeySet) -> KeySet {
        let mut s = self;
        s.overflowed |= other.overflowed;
        let mut i = 0;
        while i < other.len {
            s = s.add(other.keys[i]);
            i += 1;
        }
        s
    }

    const fn has(&self, key: &[u8]) -> bool {
        let mut i = 0;
        while i < self.len {
            if bytes_eq(self.keys[i], key) {
                return true;
            }
            i += 1;
        }
        false
    }

    /// Whether the set has no keys (and did not overflow).
    pub const fn is_empty(&self) -> bool {
        self.len == 0 && !self.overflowed
    }

    /// Whether the set holds `key` (never, once overflowed).
    pub const fn contains(&self, key: &[u8]) -> bool {
        !self.overflowed && self.has(key)
    }

    /// Whether the two sets share a key (never, once either overflowed).
    pub const fn overlaps(&self, other: &KeySet) -> bool {
        if self.overflowed || other.overflowed {
            return false;
        }
        let mut i = 0;
        while i < other.len {
            if self.has(other.keys[i]) {
                return true;
            }
            i += 1;
        }
        false
    }
}

const fn bytes_eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Whether `key` encodes as a `str` that `claimed` holds (a catch-all
/// map's key that a field of the same map writes).
#[cfg(feature = "alloc")]
pub(super) fn key_claimed<K: Encode + ?Sized>(key: &K, claimed: &KeySet) -> bool {
    if claimed.is_empty() {
        return false;
    }
    let mut buf = [0u8; 80];
    let mut w = encode::SliceWriter::new(&mut buf);
    let mut e = Encoder::new(&mut w);
    if key.encode(&mut e).is_err() {
        // Longer than any key a field can have in the set's capacity? No:
        // field keys are not bounded; such a key is checked by its bytes.
        return false;
    }
    let n = w.position();
    let bytes = &buf[..n];
    let payload = match bytes.first() {
        Some(&b) if b & 0xe0 == 0xa0 => &bytes[1..],
        Some(0xd9) if n >= 2 => &bytes[2..],
        Some(0xda) if n >= 3 => &bytes[3..],
        _ => return false,
    };
    claimed.contains(payload)
}
