//! A peer that is a program: `interop/peers/<name>/{setup,run}`
//! (`PROTOCOL.md`).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::check::Peer;
use crate::frames::{self, Frame};

/// What `setup` said.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Setup {
    /// Ready: the implementation and its version.
    Ready(String),
    /// Skipped, and why.
    Skipped(String),
    /// The setup failed, with the end of its output.
    Failed(String),
}

/// Runs `dir/setup` with `work` as `INTEROP_WORK`.
pub fn setup(dir: &Path, work: &Path, install: bool) -> Setup {
    if let Err(e) = fs::create_dir_all(work) {
        return Setup::Failed(format!("cannot create {}: {e}", work.display()));
    }
    let mut cmd = Command::new(dir.join("setup"));
    cmd.env("INTEROP_WORK", work);
    if install {
        cmd.env("INTEROP_INSTALL", "1");
    } else {
        cmd.env_remove("INTEROP_INSTALL");
    }
    let out = match cmd.output() {
        Ok(o) => o,
        Err(e) => return Setup::Failed(format!("cannot run {}/setup: {e}", dir.display())),
    };
    let stdout = String::from_utf8_lossy(&out.stdout);
    let last = stdout.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("").trim().to_string();
    match out.status.code() {
        Some(0) if !last.is_empty() => Setup::Ready(last),
        Some(0) => Setup::Failed("setup printed no name and version".into()),
        Some(3) => Setup::Skipped(last),
        _ => {
            let stderr = String::from_utf8_lossy(&out.stderr);
            let tail: Vec<&str> = stderr.lines().chain(stdout.lines()).rev().take(8).collect();
            Setup::Failed(format!(
                "setup exited with {}: {}",
                out.status,
                tail.into_iter().rev().collect::<Vec<_>>().join(" | ")
            ))
        }
    }
}

/// A peer run as `dir/run MODE ...`.
pub struct Program {
    dir: PathBuf,
    work: PathBuf,
    calls: usize,
}

impl Program {
    /// The peer in `dir`, built into `work`.
    pub fn new(dir: &Path, work: &Path) -> Program {
        Program { dir: dir.to_path_buf(), work: work.to_path_buf(), calls: 0 }
    }

    fn call(&mut self, mode: &str, input: Option<&[Vec<u8>]>) -> Result<Vec<u8>, String> {
        self.calls += 1;
        let inp = self.work.join(format!("in-{}-{}.frames", mode, self.calls));
        let out = self.work.join(format!("out-{}-{}.frames", mode, self.calls));
        let _ = fs::remove_file(&out);
        let mut cmd = Command::new(self.dir.join("run"));
        cmd.env("INTEROP_WORK", &self.work).arg(mode);
        if let Some(values) = input {
            fs::write(&inp, frames::write(values)).map_err(|e| format!("cannot write {}: {e}", inp.display()))?;
            cmd.arg(&inp);
        }
        cmd.arg(&out);
        let status = cmd.output().map_err(|e| format!("cannot run {}/run: {e}", self.dir.display()))?;
        if !status.status.success() {
            let stderr = String::from_utf8_lossy(&status.stderr);
            let tail: Vec<&str> = stderr.lines().rev().take(6).collect();
            return Err(format!(
                "`run {mode}` exited with {}: {}",
                status.status,
                tail.into_iter().rev().collect::<Vec<_>>().join(" | ")
            ));
        }
        let bytes = fs::read(&out).map_err(|e| format!("`run {mode}` wrote no {}: {e}", out.display()))?;
        // INTEROP_KEEP=1 keeps the frame files for debugging a peer.
        if std::env::var_os("INTEROP_KEEP").is_none() {
            let _ = fs::remove_file(&inp);
            let _ = fs::remove_file(&out);
        }
        Ok(bytes)
    }
}

impl Peer for Program {
    fn roundtrip(&mut self, values: &[Vec<u8>]) -> Result<Vec<Frame>, String> {
        let out = self.call("roundtrip", Some(values))?;
        frames::read(&out).map_err(|e| format!("`run roundtrip` output: {e}"))
    }

    fn edge(&mut self) -> Result<Vec<Vec<u8>>, String> {
        let out = self.call("edge", None)?;
        frames::read(&out)
            .map_err(|e| format!("`run edge` output: {e}"))?
            .into_iter()
            .map(|f| match f {
                Frame::Bytes(b) => Ok(b),
                Frame::Error(e) => Err(format!("`run edge` wrote an error frame: {e}")),
            })
            .collect()
    }

    fn w2(&mut self, values: &[Vec<u8>]) -> Result<Vec<Frame>, String> {
        let out = self.call("w2", Some(values))?;
        frames::read(&out).map_err(|e| format!("`run w2` output: {e}"))
    }
}
