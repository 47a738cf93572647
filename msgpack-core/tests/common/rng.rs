//! xorshift64*: a tiny deterministic generator for the seeded tests, so a
//! failure reproduces (shared by the seeded tests of every layer, e.g.
//! `hostile/malformed.rs`, `hostile/stress.rs` and `wire/stream.rs`; each
//! file adds the generators it needs in its own `impl Rng`, so the files of
//! one binary must not add two methods of the same name).

/// The generator state; any non-zero seed.
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    /// The next 64 random bits.
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number in `0..n`.
    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}
