//! msgspec's filesystem-tree generator, ported draw for draw, on a port of
//! CPython's `random.Random` (MT19937).
//!
//! The order of the draws is what makes the tree: any change (one call more
//! or less, another rounding) gives another tree, and the SHA-256 check values
//! of `WORKLOADS.md` then fail.

use super::{Node, Permissions};

/// CPython's `random.Random`, seeded from an integer: MT19937 initialised with
/// `init_by_array` of the seed's 32-bit words (here one word), with CPython's
/// derivations of floats and bounded integers from the 32-bit outputs.
///
/// ```
/// use msgpack_bench::w1::PyRandom;
/// // python3 -c "import random; r = random.Random(42); print(r.random(), r.randint(0, 30))"
/// let mut r = PyRandom::new(42);
/// assert_eq!(r.random(), 0.6394267984578837);
/// assert_eq!(r.randint(0, 30), 0);
/// ```
#[derive(Clone)]
pub struct PyRandom {
    mt: [u32; N],
    index: usize,
}

const N: usize = 624;
const M: usize = 397;

impl PyRandom {
    /// `random.Random(seed)` for a seed below 2^32 (`init_by_array([seed])`).
    ///
    /// ```
    /// use msgpack_bench::w1::PyRandom;
    ///
    /// // The same seed, the same draws.
    /// let (mut a, mut b) = (PyRandom::new(7), PyRandom::new(7));
    /// assert_eq!(a.next_u32(), b.next_u32());
    /// assert_ne!(PyRandom::new(7).next_u32(), PyRandom::new(8).next_u32());
    /// ```
    pub fn new(seed: u32) -> Self {
        let mut r = PyRandom { mt: [0; N], index: N };
        r.init_by_array(&[seed]);
        r
    }

    fn init_genrand(&mut self, s: u32) {
        self.mt[0] = s;
        for i in 1..N {
            let prev = self.mt[i - 1];
            self.mt[i] = 1_812_433_253u32.wrapping_mul(prev ^ (prev >> 30)).wrapping_add(i as u32);
        }
        self.index = N;
    }

    fn init_by_array(&mut self, key: &[u32]) {
        self.init_genrand(19_650_218);
        let (mut i, mut j) = (1usize, 0usize);
        for _ in 0..N.max(key.len()) {
            let prev = self.mt[i - 1];
            self.mt[i] = (self.mt[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_664_525))
                .wrapping_add(key[j])
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= N {
                self.mt[0] = self.mt[N - 1];
                i = 1;
            }
            if j >= key.len() {
                j = 0;
            }
        }
        for _ in 0..N - 1 {
            let prev = self.mt[i - 1];
            self.mt[i] = (self.mt[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_566_083_941)).wrapping_sub(i as u32);
            i += 1;
            if i >= N {
                self.mt[0] = self.mt[N - 1];
                i = 1;
            }
        }
        self.mt[0] = 0x8000_0000;
    }

    /// The next tempered 32-bit output (`genrand_uint32`).
    ///
    /// ```
    /// // python3 -c "import random; print(random.Random(42).getrandbits(32))"
    /// assert_eq!(msgpack_bench::w1::PyRandom::new(42).next_u32(), 2_746_317_213);
    /// ```
    pub fn next_u32(&mut self) -> u32 {
        const UPPER: u32 = 0x8000_0000;
        const LOWER: u32 = 0x7fff_ffff;
        const MATRIX_A: u32 = 0x9908_b0df;
        if self.index >= N {
            for k in 0..N {
                let y = (self.mt[k] & UPPER) | (self.mt[(k + 1) % N] & LOWER);
                let mag = if y & 1 == 0 { 0 } else { MATRIX_A };
                self.mt[k] = self.mt[(k + M) % N] ^ (y >> 1) ^ mag;
            }
            self.index = 0;
        }
        let mut y = self.mt[self.index];
        self.index += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }

    /// `random()`: a float in [0, 1) with 53 random bits.
    ///
    /// ```
    /// // python3 -c "import random; r = random.Random(42); print(r.random(), r.random())"
    /// let mut r = msgpack_bench::w1::PyRandom::new(42);
    /// assert_eq!(r.random(), 0.6394267984578837);
    /// assert_eq!(r.random(), 0.025010755222666936);
    /// ```
    pub fn random(&mut self) -> f64 {
        let a = self.next_u32() >> 5;
        let b = self.next_u32() >> 6;
        (f64::from(a) * 67_108_864.0 + f64::from(b)) / 9_007_199_254_740_992.0
    }

    /// `getrandbits(k)` for `1 <= k <= 64`: the low word is drawn first, the
    /// last word drawn keeps its top bits.
    ///
    /// # Panics
    ///
    /// If `k` is 0 or above 64.
    ///
    /// ```
    /// // python3 -c "import random; r = random.Random(42); print(r.getrandbits(64), r.getrandbits(40))"
    /// let mut r = msgpack_bench::w1::PyRandom::new(42);
    /// assert_eq!(r.getrandbits(64), 2_053_695_854_357_871_005);
    /// assert_eq!(r.getrandbits(40), 811_856_239_313);
    /// ```
    pub fn getrandbits(&mut self, k: u32) -> u64 {
        assert!((1..=64).contains(&k), "getrandbits({k}) is not ported");
        if k <= 32 {
            u64::from(self.next_u32() >> (32 - k))
        } else {
            let lo = u64::from(self.next_u32());
            let hi = u64::from(self.next_u32() >> (64 - k));
            lo | (hi << 32)
        }
    }

    /// `_randbelow(n)`: uniform in `0..n` by rejection, drawing
    /// `bit_length(n)` bits at a time (of `n`, not `n - 1`, as CPython does).
    /// `n = 0` gives 0 without drawing.
    ///
    /// ```
    /// // python3 -c "import random; r = random.Random(42); print(r._randbelow(10), r._randbelow(1000))"
    /// let mut r = msgpack_bench::w1::PyRandom::new(42);
    /// assert_eq!(r.randbelow(10), 1);
    /// assert_eq!(r.randbelow(1000), 25);
    /// ```
    pub fn randbelow(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        let k = u64::BITS - n.leading_zeros();
        loop {
            let r = self.getrandbits(k);
            if r < n {
                return r;
            }
        }
    }

    /// `randint(a, b)`: uniform in `a..=b`.
    ///
    /// # Panics
    ///
    /// If `a > b`.
    ///
    /// ```
    /// // python3 -c "import random; r = random.Random(42); print([r.randint(1, 6) for _ in range(3)])"
    /// let mut r = msgpack_bench::w1::PyRandom::new(42);
    /// assert_eq!([r.randint(1, 6), r.randint(1, 6), r.randint(1, 6)], [6, 1, 1]);
    /// ```
    pub fn randint(&mut self, a: i64, b: i64) -> i64 {
        assert!(a <= b, "randint({a}, {b}): empty range");
        let width = (b - a) as u64 + 1;
        a + self.randbelow(width) as i64
    }

    /// `choice(s)`.
    ///
    /// # Panics
    ///
    /// If `s` is empty.
    ///
    /// ```
    /// // python3 -c "import random; print(random.Random(42).choice('abcd'))"
    /// assert_eq!(msgpack_bench::w1::PyRandom::new(42).choice(&['a', 'b', 'c', 'd']), &'a');
    /// ```
    pub fn choice<'a, T>(&mut self, s: &'a [T]) -> &'a T {
        assert!(!s.is_empty(), "choice from an empty sequence");
        &s[self.randbelow(s.len() as u64) as usize]
    }
}

const LETTERS: &[u8; 52] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const NAMES: [&str; 26] = [
    "alice",
    "ben",
    "carol",
    "daniel",
    "esther",
    "franklin",
    "genevieve",
    "harold",
    "ilana",
    "jerome",
    "katelyn",
    "leonard",
    "monique",
    "nathan",
    "ora",
    "patrick",
    "quinn",
    "ronald",
    "stephanie",
    "thomas",
    "uma",
    "vince",
    "wendy",
    "xavier",
    "yitzchak",
    "zahra",
];
const PERMISSIONS: [Permissions; 3] = [Permissions::Read, Permissions::Write, Permissions::ReadWrite];
/// 2018-01-01T00:00:00Z.
const T0: i64 = 1_514_764_800;
/// 2023-01-01T00:00:00Z.
const T1: i64 = 1_672_531_200;

/// `datetime.fromtimestamp(ts, timezone.utc).isoformat()`:
/// `YYYY-MM-DDTHH:MM:SS+00:00`.
fn iso(ts: i64) -> String {
    let (days, secs) = (ts.div_euclid(86_400), ts.rem_euclid(86_400));
    let (year, month, day) = crate::civil::from_days(days);
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    format!("{year:04}-{month:02}-{day:02}T{h:02}:{m:02}:{s:02}+00:00")
}

/// The generator's state: the random source and how many nodes are still
/// to be made.
struct Generator {
    rng: PyRandom,
    capacity: usize,
}

impl Generator {
    /// One node with no children yet.
    fn node(&mut self, is_dir: bool) -> Node {
        let len = self.rng.randint(4, 30);
        let name: String = (0..len).map(|_| LETTERS[(self.rng.random() * 52.0) as usize] as char).collect();
        let created_by = self.rng.choice(&NAMES).to_string();
        let cts = self.rng.randint(T0, T1);
        let created_at = iso(cts);
        let (updated_by, updated_at) = if self.rng.random() > 0.75 {
            let by = self.rng.choice(&NAMES).to_string();
            let uts = self.rng.randint(cts, T1);
            (Some(by), Some(iso(uts)))
        } else {
            (None, None)
        };
        if is_dir {
            Node::Directory { name, created_by, created_at, updated_by, updated_at, contents: Vec::new() }
        } else {
            let nbytes = self.rng.randint(0, 1_000_000) as u64;
            let permissions = *self.rng.choice(&PERMISSIONS);
            Node::File { name, created_by, created_at, updated_by, updated_at, nbytes, permissions }
        }
    }

    /// How many children the next directory gets.
    fn draw(&mut self) -> usize {
        let n = (self.rng.randint(0, 30) as usize).min(self.capacity);
        self.capacity -= n;
        n
    }

    /// A file, or a directory with its whole subtree, depth first.
    ///
    /// Python keeps a stack of `(parent, total, made)` and appends each child
    /// to its parent when it is made. That stack is always the path of open
    /// directories from this root down, so here it owns them: a file is
    /// appended at once, a directory when it is finished (which keeps the
    /// order, since a directory's later siblings are made only after it).
    fn make(&mut self, is_dir: bool) -> Node {
        if !is_dir {
            return self.node(false);
        }
        let root = self.node(true);
        let total = self.draw();
        let mut stack = vec![(root, total, 0usize)];
        loop {
            let (_, total, made) = stack.last_mut().expect("the stack holds the open directories");
            if *made == *total {
                let (done, _, _) = stack.pop().expect("not empty");
                match stack.last_mut() {
                    Some((parent, _, _)) => contents(parent).push(done),
                    None => return done,
                }
                continue;
            }
            *made += 1;
            let is_dir = self.rng.random() > 0.8;
            let child = self.node(is_dir);
            if is_dir {
                let total = self.draw();
                stack.push((child, total, 0));
            } else {
                let (parent, _, _) = stack.last_mut().expect("not empty");
                contents(parent).push(child);
            }
        }
    }
}

fn contents(dir: &mut Node) -> &mut Vec<Node> {
    match dir {
        Node::Directory { contents, .. } => contents,
        Node::File { .. } => unreachable!("only directories are pushed on the stack"),
    }
}

/// msgspec's filesystem tree of `n` nodes (`make_filesystem_data(n)` of
/// `benchmarks/bench_encodings.py`, seed 42): `n = 1` is a single file,
/// otherwise a directory holding `n - 1` nodes in all.
///
/// ```
/// use msgpack_bench::w1::{generate, Node};
/// assert!(matches!(generate(1), Node::File { .. }));
/// assert_eq!(msgpack_core::to_vec(&generate(10)).unwrap().len(), 1316);
/// ```
///
/// Its trees decode borrowed too:
///
/// ```
/// use msgpack_bench::w1::{NodeRef, generate};
///
/// let bytes = msgpack_core::to_vec(&generate(5)).unwrap();
/// let tree: NodeRef<'_> = msgpack_core::from_slice(&bytes).unwrap();
/// let NodeRef::Directory { name, contents, .. } = tree else { panic!("a tree of 5 nodes is a directory") };
/// assert_eq!(contents.len(), 4);
/// // `name` points into `bytes`: nothing was copied.
/// assert!(bytes.as_ptr_range().contains(&name.as_ptr()));
/// ```
///
/// # Panics
///
/// If `n` is 0 (msgspec's generator never stops then).
pub fn generate(n: usize) -> Node {
    assert!(n > 0, "a W1 tree has at least one node");
    let mut g = Generator { rng: PyRandom::new(42), capacity: n - 1 };
    if g.capacity == 0 {
        return g.make(false);
    }
    let mut out = g.make(true);
    while g.capacity > 0 {
        g.capacity -= 1;
        let is_dir = g.rng.random() > 0.8;
        let child = g.make(is_dir);
        contents(&mut out).push(child);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iso_dates() {
        assert_eq!(iso(T0), "2018-01-01T00:00:00+00:00");
        assert_eq!(iso(T1), "2023-01-01T00:00:00+00:00");
        assert_eq!(iso(1_582_934_400 + 86_399), "2020-02-29T23:59:59+00:00");
        assert_eq!(iso(0), "1970-01-01T00:00:00+00:00");
    }

    /// Values printed by CPython 3 for `random.Random(42)`.
    #[test]
    fn matches_cpython() {
        let mut r = PyRandom::new(42);
        assert_eq!(r.next_u32(), 2_746_317_213);
        let mut r = PyRandom::new(42);
        assert_eq!(r.getrandbits(64), (478_163_327 << 32) | 2_746_317_213);
        assert_eq!(r.getrandbits(40), 811_856_239_313);
    }
}
