//! Where a lock file named in code lives on disk.

use std::path::{Path, PathBuf};

/// The file a lock path names: a relative path is relative to the crate
/// being built or tested (`CARGO_MANIFEST_DIR`, which cargo sets for both
/// the derive's expansion and the crate's tests), an absolute one is kept.
/// The derive and `msgpack_schema::lock` both resolve through this
/// function, so the compiler checks the file the tests bless.
///
/// ```
/// use std::path::Path;
/// let abs = msgpack_schema_text::lock_path("/srv/User.msgpack-schema");
/// assert_eq!(abs, Path::new("/srv/User.msgpack-schema"));
/// // Under cargo, a relative path lands in the crate's directory.
/// let rel = msgpack_schema_text::lock_path("schemas/User.msgpack-schema");
/// assert!(rel.ends_with("schemas/User.msgpack-schema"));
/// ```
#[must_use]
pub fn lock_path(path: &str) -> PathBuf {
    let p = Path::new(path);
    match std::env::var_os("CARGO_MANIFEST_DIR") {
        Some(dir) if p.is_relative() => Path::new(&dir).join(p),
        _ => p.to_path_buf(),
    }
}
