//! Reading, checking and appending to lock files at test time.

use std::fmt;
use std::string::{String, ToString};
use std::vec::Vec;
use std::{env, format, fs, io};

use msgpack_schema_text::{self as text, Direction, LockFile, Mode, Version};

use super::{diff, shape, text as from_shape};
use msgpack_core::schema::{Incompatible, Schema, Shape, ShapeRef, check as check_schema};

/// What a test run may do to a lock file.
///
/// ```
/// use msgpack_schema::lock::Action;
/// assert_eq!(Action::parse(None, None).unwrap(), Action::Check);
/// assert_eq!(Action::parse(Some("bless"), None).unwrap(), Action::Bless);
/// assert!(Action::parse(Some("break"), None).is_err()); // a break needs a reason
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// Read only: pass when the schema is the latest recorded version.
    Check,
    /// Append the schema as a new version when it is compatible.
    Bless,
    /// Append the schema as a deliberate break, with the reason.
    Break(String),
}

impl Action {
    /// The action named by `MSGPACK_SCHEMA` (`check` or unset, `bless`,
    /// `break`) and `MSGPACK_SCHEMA_REASON`.
    ///
    /// # Errors
    ///
    /// An unknown value, or `break` without a reason.
    ///
    /// ```
    /// use msgpack_schema::lock::Action;
    /// assert_eq!(Action::parse(Some("break"), Some("ids are strings now")).unwrap(), Action::Break("ids are strings now".into()));
    /// assert!(Action::parse(Some("overwrite"), None).is_err());
    /// ```
    pub fn parse(schema: Option<&str>, reason: Option<&str>) -> Result<Action, LockError> {
        match schema.map(str::trim) {
            None | Some("") | Some("check") => Ok(Action::Check),
            Some("bless") => Ok(Action::Bless),
            Some("break") => match reason.map(str::trim) {
                Some(r) if !r.is_empty() => Ok(Action::Break(r.to_string())),
                _ => Err(LockError::new(
                    LockErrorKind::Environment,
                    "MSGPACK_SCHEMA=break needs MSGPACK_SCHEMA_REASON=\"why the break is deliberate\"".into(),
                )),
            },
            Some(other) => Err(LockError::new(
                LockErrorKind::Environment,
                format!("MSGPACK_SCHEMA={other:?} is not `check`, `bless` or `break`"),
            )),
        }
    }
}

/// How [`verify`] runs: the action, and the mode of a file it creates.
///
/// ```
/// use msgpack_schema::lock::{Action, Direction, Options};
/// let o = Options::parse(Some("bless"), None, Some("full last 3")).unwrap();
/// assert_eq!((o.action, o.new_mode.direction, o.new_mode.last), (Action::Bless, Direction::Full, Some(3)));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// What may be written.
    pub action: Action,
    /// The `mode` line of a file created by this run.
    pub new_mode: Mode,
}

impl Options {
    /// From the environment: `MSGPACK_SCHEMA`, `MSGPACK_SCHEMA_REASON`,
    /// `MSGPACK_SCHEMA_MODE` (`backward` when unset).
    ///
    /// # Errors
    ///
    /// As [`Options::parse`].
    ///
    /// ```
    /// let o = msgpack_schema::lock::Options::from_env().unwrap();
    /// # let _ = o;
    /// ```
    pub fn from_env() -> Result<Options, LockError> {
        let get = |k| env::var(k).ok();
        Options::parse(
            get("MSGPACK_SCHEMA").as_deref(),
            get("MSGPACK_SCHEMA_REASON").as_deref(),
            get("MSGPACK_SCHEMA_MODE").as_deref(),
        )
    }

    /// From the three variables' values.
    ///
    /// # Errors
    ///
    /// An unknown action or mode, or a break without a reason.
    ///
    /// ```
    /// use msgpack_schema::lock::Options;
    /// assert!(Options::parse(None, None, Some("sideways")).is_err());
    /// ```
    pub fn parse(schema: Option<&str>, reason: Option<&str>, mode: Option<&str>) -> Result<Options, LockError> {
        let action = Action::parse(schema, reason)?;
        let new_mode = match mode.map(str::trim) {
            None | Some("") => Mode { direction: Direction::Backward, last: None },
            Some(m) => text::parse(&format!("msgpack-schema-lock {}\nmode {m}\n", text::FORMAT))
                .map(|l| l.mode)
                .map_err(|_| {
                    LockError::new(
                        LockErrorKind::Environment,
                        format!(
                            "MSGPACK_SCHEMA_MODE={m:?} is not `backward`, `forward` or `full`, optionally with `last N`"
                        ),
                    )
                })?,
        };
        Ok(Options { action, new_mode })
    }
}

/// What [`verify`] found or did.
///
/// ```
/// use msgpack_schema::lock::Status;
/// assert_ne!(Status::Unchanged { version: 1 }, Status::Recorded { version: 1, created: true });
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// The schema is the latest recorded version.
    Unchanged {
        /// Its number.
        version: u32,
    },
    /// The schema was appended as a new version.
    Recorded {
        /// Its number.
        version: u32,
        /// The file was created.
        created: bool,
    },
}

/// What went wrong, by kind.
///
/// ```
/// use msgpack_schema::lock::{Action, LockErrorKind};
/// assert_eq!(Action::parse(Some("x"), None).unwrap_err().kind(), LockErrorKind::Environment);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum LockErrorKind {
    /// The file does not exist (and the run may not create it).
    Missing,
    /// The file could not be read or written.
    Io,
    /// The file is not a valid lock file (syntax, format, fingerprints).
    Malformed,
    /// The schema differs from the latest recorded version.
    Changed,
    /// The schema is incompatible with a recorded version under the mode.
    Incompatible,
    /// `MSGPACK_SCHEMA*` hold something unknown.
    Environment,
    /// The type's schema cannot be written as lock-file text.
    Unrepresentable,
}

/// A failed [`verify`]: the kind and a message to show as is.
///
/// ```
/// use msgpack_schema::lock::Action;
/// let e = Action::parse(Some("break"), None).unwrap_err();
/// assert!(e.to_string().contains("MSGPACK_SCHEMA_REASON"));
/// ```
#[derive(Debug, Clone)]
pub struct LockError {
    kind: LockErrorKind,
    message: String,
}

impl LockError {
    fn new(kind: LockErrorKind, message: String) -> Self {
        LockError { kind, message }
    }

    /// The kind of failure.
    ///
    /// ```
    /// use msgpack_schema::lock::{Action, LockErrorKind};
    /// assert_eq!(Action::parse(Some("?"), None).unwrap_err().kind(), LockErrorKind::Environment);
    /// ```
    #[must_use]
    pub fn kind(&self) -> LockErrorKind {
        self.kind
    }

    /// The message (several lines for a diff).
    ///
    /// ```
    /// use msgpack_schema::lock::Action;
    /// assert!(Action::parse(Some("?"), None).unwrap_err().message().starts_with("MSGPACK_SCHEMA="));
    /// ```
    #[must_use]
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for LockError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for LockError {}

/// Checks `T`'s schema against its lock file, in a test: passes when it is
/// the latest recorded version; otherwise panics with what changed and how
/// to record it. `MSGPACK_SCHEMA=bless` / `break` record it instead (see
/// the [module docs](super)). `path` is relative to the crate's
/// `CARGO_MANIFEST_DIR` (or the current directory, when that is unset).
///
/// # Panics
///
/// With [`verify`]'s error.
///
/// ```no_run
/// #[derive(msgpack_core::MsgPack)]
/// #[msgpack(schema_lock = "schemas/Point.msgpack-schema")]
/// struct Point { x: i32, y: i32 }
///
/// msgpack_schema::lock::check::<Point>("schemas/Point.msgpack-schema");
/// ```
#[track_caller]
pub fn check<T: Schema + ?Sized>(path: &str) {
    let result = Options::from_env().and_then(|o| verify(T::SHAPE.get(), path, &o));
    if let Err(e) = result {
        panic!("{e}");
    }
}

/// [`check`] for several types at once, each `(name, lock path, shape)`,
/// reporting every failure; what [`check_all!`](crate::check_all) calls.
///
/// # Panics
///
/// When any of them fails, with all their messages.
///
/// ```no_run
/// use msgpack_core::schema::Schema;
/// msgpack_schema::lock::check_all(&[("u8", "schemas/u8.msgpack-schema", u8::SHAPE)]);
/// ```
#[track_caller]
pub fn check_all(types: &[(&str, &str, ShapeRef)]) {
    let options = match Options::from_env() {
        Ok(o) => o,
        Err(e) => panic!("{e}"),
    };
    let failures: Vec<String> = types
        .iter()
        .filter_map(|(name, path, shape)| verify(shape.get(), path, &options).err().map(|e| format!("{name}: {e}")))
        .collect();
    if !failures.is_empty() {
        panic!("{} of {} locked schemas failed:\n\n{}", failures.len(), types.len(), failures.join("\n\n"));
    }
}

/// The schema of `T` as a lock file writes it (its definitions).
///
/// # Errors
///
/// A hand-built shape that refers to itself outside its definition.
///
/// ```
/// assert_eq!(msgpack_schema::lock::schema_text::<Option<u8>>().unwrap(), "Root = Option<u8>\n");
/// ```
pub fn schema_text<T: Schema + ?Sized>() -> Result<String, LockError> {
    shape_text(T::SHAPE.get())
}

/// [`schema_text`] of a shape.
///
/// # Errors
///
/// A hand-built shape that refers to itself outside its definition.
///
/// ```
/// use msgpack_core::schema::Schema;
/// assert_eq!(msgpack_schema::lock::shape_text(<[u8; 4]>::SHAPE.get()).unwrap(), "Root = bin[4]|[u8]\n");
/// ```
pub fn shape_text(shape: &'static Shape) -> Result<String, LockError> {
    let defs = from_shape::defs(shape).map_err(|m| LockError::new(LockErrorKind::Unrepresentable, m))?;
    Ok(text::render_defs(&defs))
}

/// Every recorded version of a lock file's text, as descriptors (leaked:
/// for tests and tools), each with its number, the definitions named as
/// in the file; fingerprints are checked.
///
/// # Errors
///
/// A malformed file, or a version whose fingerprint does not match.
///
/// ```
/// let text = "msgpack-schema-lock 1\nmode backward\nversion 1 fingerprint 0x28e6b0a4d9dc0c63\nId = u64\n";
/// let err = msgpack_schema::lock::shapes(text).unwrap_err();
/// assert!(err.to_string().contains("does not match"), "{err}");
/// ```
pub fn shapes(text: &str) -> Result<Vec<(u32, &'static Shape)>, LockError> {
    let lock = parse(text, "lock file")?;
    lock.versions.iter().map(|v| Ok((v.number, version_shape(v, text, "lock file", false)?))).collect()
}

fn parse(src: &str, path: &str) -> Result<LockFile, LockError> {
    text::parse(src).map_err(|e| {
        let quoted = src.lines().nth(e.line.saturating_sub(1)).unwrap_or("");
        LockError::new(LockErrorKind::Malformed, format!("{path}:{}: {}\n{:>5} | {quoted}", e.line, e.message, e.line))
    })
}

fn version_shape(v: &Version, src: &str, path: &str, label: bool) -> Result<&'static Shape, LockError> {
    let s = shape::root_shape(v, label)
        .map_err(|m| LockError::new(LockErrorKind::Malformed, format!("{path}: version {}: {m}", v.number)))?;
    let got = s.fingerprint_as_cycles();
    if got != v.fingerprint {
        let quoted = src.lines().nth(v.line.saturating_sub(1)).unwrap_or("");
        return Err(LockError::new(
            LockErrorKind::Malformed,
            format!(
                "{path}:{}: version {}: the recorded fingerprint 0x{:016x} does not match the version's schema, which hashes to 0x{got:016x} (a recorded version must never be edited; restore it from version control)\n{:>5} | {quoted}",
                v.line, v.number, v.fingerprint, v.line
            ),
        ));
    }
    Ok(s)
}

const HOW: &str = "To record it as a new version: `MSGPACK_SCHEMA=bless cargo test` (accepted when compatible under the file's mode); for a deliberate break: `MSGPACK_SCHEMA=break MSGPACK_SCHEMA_REASON=\"why\" cargo test`.";

/// Checks `shape` against the lock file at `path` (relative to
/// `CARGO_MANIFEST_DIR`), and records it as `options` allow.
///
/// # Errors
///
/// A missing or malformed file, a schema that differs from the latest
/// recorded version (under [`Action::Check`]), or one incompatible with a
/// recorded version (under [`Action::Bless`]), with a readable message.
///
/// ```
/// use msgpack_core::schema::Schema;
/// use msgpack_schema::lock::{verify, LockErrorKind, Options};
///
/// let options = Options::parse(None, None, None).unwrap();
/// let err = verify(u32::SHAPE.get(), "no/such/file.msgpack-schema", &options).unwrap_err();
/// assert_eq!(err.kind(), LockErrorKind::Missing);
/// ```
pub fn verify(shape: &'static Shape, path: &str, options: &Options) -> Result<Status, LockError> {
    let file = text::lock_path(path);
    let defs = from_shape::defs(shape).map_err(|m| LockError::new(LockErrorKind::Unrepresentable, m))?;
    let root = defs.first().map_or("the type", |d| d.name.as_str()).to_string();
    let fingerprint = shape.fingerprint_as_cycles();
    let src = match fs::read_to_string(&file) {
        Ok(s) => s,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            let reason = match &options.action {
                Action::Check => {
                    return Err(LockError::new(
                        LockErrorKind::Missing,
                        format!(
                            "{path} does not exist (looked for {}). Create it with `MSGPACK_SCHEMA=bless cargo test`.",
                            file.display()
                        ),
                    ));
                }
                Action::Bless => None,
                Action::Break(r) => Some(r.clone()),
            };
            let lock = LockFile {
                mode: options.new_mode,
                versions: std::vec![Version { number: 1, fingerprint, reason, defs, line: 0 }],
            };
            if let Some(dir) = file.parent() {
                fs::create_dir_all(dir).map_err(|e| io_error(path, &e))?;
            }
            fs::write(&file, text::render(&lock)).map_err(|e| io_error(path, &e))?;
            return Ok(Status::Recorded { version: 1, created: true });
        }
        Err(e) => return Err(io_error(path, &e)),
    };
    let lock = parse(&src, path)?;
    let mut recorded = Vec::new();
    for v in &lock.versions {
        recorded.push(version_shape(v, &src, path, true)?);
    }
    let Some(latest) = lock.versions.last() else {
        return Err(LockError::new(LockErrorKind::Malformed, format!("{path}: no version is recorded")));
    };
    if latest.fingerprint == fingerprint {
        return Ok(Status::Unchanged { version: latest.number });
    }
    let number = latest.number + 1;
    let reason = match &options.action {
        Action::Check => {
            let changes = diff::diff(&latest.defs, &defs);
            let mut msg = format!(
                "{path}: {root} is not the latest recorded version (version {}); what changed:\n",
                latest.number
            );
            for c in &changes {
                msg.push_str("    ");
                msg.push_str(c);
                msg.push('\n');
            }
            if changes.is_empty() {
                msg.push_str("    (the schemas differ in details the diff does not show; compare the texts)\n");
            }
            let problems = incompatibilities(&lock, &recorded, shape, &root, path);
            if !problems.is_empty() {
                msg.push_str(&format!(
                    "It is incompatible under `mode {}` (`bless` refuses it; only a deliberate break records it):\n    {}\n",
                    lock.mode,
                    problems.join("\n    ")
                ));
            }
            msg.push_str(HOW);
            return Err(LockError::new(LockErrorKind::Changed, msg));
        }
        Action::Bless => {
            let problems = incompatibilities(&lock, &recorded, shape, &root, path);
            if !problems.is_empty() {
                return Err(LockError::new(
                    LockErrorKind::Incompatible,
                    format!(
                        "{path}: refusing to record {root} as version {number}: it is incompatible under `mode {}`:\n    {}\nFor a deliberate break: `MSGPACK_SCHEMA=break MSGPACK_SCHEMA_REASON=\"why\" cargo test`.",
                        lock.mode,
                        problems.join("\n    ")
                    ),
                ));
            }
            None
        }
        Action::Break(r) => Some(r.clone()),
    };
    let v = Version { number, fingerprint, reason, defs, line: 0 };
    let mut out = src.clone();
    if !out.ends_with('\n') {
        out.push('\n');
    }
    out.push('\n');
    out.push_str(&text::render_version(&v));
    fs::write(&file, out).map_err(|e| io_error(path, &e))?;
    Ok(Status::Recorded { version: number, created: false })
}

/// The messages of every failed check of `current` against the versions
/// the mode checks (each lists every incompatibility of its pair, its
/// lines after the first indented for a list under a heading).
fn incompatibilities(
    lock: &LockFile,
    recorded: &[&'static Shape],
    current: &'static Shape,
    root: &str,
    path: &str,
) -> Vec<String> {
    let mut out = Vec::new();
    for v in lock.checked_versions() {
        let old = recorded[v.number as usize - 1];
        let old_name = format!("{root}@{}", v.number);
        let backward = lock.mode.direction != Direction::Forward;
        let forward = lock.mode.direction != Direction::Backward;
        if backward && let Err(e) = check_schema(current, old) {
            out.push(message(root, &old_name, path, &e).as_str().replace('\n', "\n    "));
        }
        if forward && let Err(e) = check_schema(old, current) {
            out.push(message(&old_name, root, path, &e).as_str().replace('\n', "\n    "));
        }
    }
    out
}

/// `R cannot read W (file): rule ID: detail`.
fn message(reader: &str, writer: &str, file: &str, e: &Incompatible) -> Incompatible {
    e.with_head(&[reader, " cannot read ", writer, " (", file, ")"])
}

fn io_error(path: &str, e: &io::Error) -> LockError {
    LockError::new(LockErrorKind::Io, format!("{path}: {e}"))
}
