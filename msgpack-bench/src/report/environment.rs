//! The machine, compiler and crate versions a run's figures come from.

/// The machine and build the figures come from.
///
/// ```
/// use msgpack_bench::report::Environment;
///
/// // Usually read with `Environment::detect()`; fixed here for a reproducible report.
/// let env = Environment {
///     rustc: "rustc 1.95.0",
///     cpu: "Example CPU".into(),
///     cpus: 2,
///     crates: vec!["rmp-serde 1.3.1".into()],
///     date: "2026-01-01".into(),
/// };
/// assert_eq!(env.cpus, 2);
/// ```
pub struct Environment {
    /// `rustc -V` of the build.
    pub rustc: &'static str,
    /// CPU model name.
    pub cpu: String,
    /// Logical CPUs.
    pub cpus: usize,
    /// `name version` of each compared crate.
    pub crates: Vec<String>,
    /// UTC date of the run, `YYYY-MM-DD`.
    pub date: String,
}

impl Environment {
    /// Read the environment of this process: the compiler and crate versions
    /// recorded at build time, the CPU from `/proc/cpuinfo` (`"unknown"`
    /// elsewhere) and today's date.
    ///
    /// ```
    /// let env = msgpack_bench::report::Environment::detect();
    /// assert!(env.cpus >= 1);
    /// assert!(env.crates.iter().any(|c| c.starts_with("rmp-serde ")));
    /// assert_eq!(env.date.len(), "YYYY-MM-DD".len());
    /// ```
    pub fn detect() -> Environment {
        let cpu = std::fs::read_to_string("/proc/cpuinfo")
            .ok()
            .and_then(|s| {
                s.lines().find_map(|l| {
                    l.strip_prefix("model name").map(|v| v.trim_start_matches([' ', '\t', ':']).to_string())
                })
            })
            .unwrap_or_else(|| "unknown".into());
        let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
        Environment {
            rustc: env!("BENCH_RUSTC"),
            cpu,
            cpus: std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1),
            crates: env!("BENCH_CRATES").split(';').filter(|s| !s.is_empty()).map(String::from).collect(),
            date: utc_date(secs),
        }
    }
}

/// `YYYY-MM-DD` of a Unix time.
///
/// ```
/// assert_eq!(msgpack_bench::report::utc_date(1_514_764_800), "2018-01-01");
/// ```
pub fn utc_date(secs: u64) -> String {
    let (year, month, day) = crate::civil::from_days((secs / 86_400) as i64);
    format!("{year:04}-{month:02}-{day:02}")
}
