//! Running cargo on the generated crates: wall time, and the CPU time of
//! cargo and every compiler it started (bash's `times` after the build:
//! children's user + system time, grandchildren included once waited for).

use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use crate::{Profile, Side};

/// Wall and CPU time of one cargo run.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Took {
    pub(crate) wall: Duration,
    pub(crate) cpu: Duration,
}

pub(crate) struct Env {
    pub(crate) cargo: OsString,
    pub(crate) offline: bool,
    pub(crate) root: PathBuf,
}

/// `0m1.250s` (bash's `times`) as a duration.
fn parse_times(field: &str) -> Option<Duration> {
    let (m, s) = field.strip_suffix('s')?.split_once('m')?;
    Some(Duration::from_secs_f64(m.parse::<f64>().ok()? * 60.0 + s.parse::<f64>().ok()?))
}

impl Env {
    pub(crate) fn crate_dir(&self, side: Side, empty: bool) -> PathBuf {
        self.root.join(format!("{}{}", side.dir_name(), if empty { "-empty" } else { "" }))
    }

    pub(crate) fn target_dir(&self, side: Side) -> PathBuf {
        self.root.join(format!("target-{}", side.dir_name()))
    }

    /// `cargo <args> <our options> <rustc_args>` (`rustc_args` after `--`).
    fn command(&self, side: Side, empty: bool, args: &[&str], rustc_args: &[&str]) -> Command {
        self.command_in(&self.crate_dir(side, empty), &self.target_dir(side), args, rustc_args)
    }

    /// [`Env::command`] for the crate in `dir`, built in `target`.
    pub(crate) fn command_in(&self, dir: &Path, target: &Path, args: &[&str], rustc_args: &[&str]) -> Command {
        let manifest = dir.join("Cargo.toml");
        // bash runs cargo, then prints its children's CPU times on stderr.
        let mut cmd = Command::new("bash");
        cmd.arg("-c").arg(r#""$@"; s=$?; times >&2; exit $s"#).arg("bash").arg(&self.cargo);
        cmd.args(args)
            .arg("--quiet")
            .arg("--manifest-path")
            .arg(&manifest)
            .env_remove("CARGO_TARGET_DIR")
            .env_remove("CARGO_BUILD_TARGET_DIR");
        if args[0] != "fetch" {
            cmd.arg("--target-dir").arg(target);
        }
        if self.offline {
            cmd.arg("--offline");
        }
        cmd.args(rustc_args);
        cmd
    }

    /// Runs `cargo <args>` on one generated crate: its times, and its stdout.
    pub(crate) fn cargo_out(&self, side: Side, empty: bool, args: &[&str]) -> Result<(Took, Vec<u8>), String> {
        let what = format!("the {side:?} crate");
        Self::run(self.command(side, empty, args, &[]), args, &what)
    }

    /// Runs a command of [`Env::command_in`] (`cargo <args>` on `what`): its times, and its stdout.
    pub(crate) fn run(mut cmd: Command, args: &[&str], what: &str) -> Result<(Took, Vec<u8>), String> {
        let start = Instant::now();
        let out = cmd.output().map_err(|e| format!("cannot run bash / cargo: {e}"))?;
        let wall = start.elapsed();
        let stderr = String::from_utf8_lossy(&out.stderr);
        if !out.status.success() {
            return Err(format!("`cargo {}` failed for {what}:\n{stderr}", args.join(" ")));
        }
        // The last line is the children's "user system".
        let cpu = stderr
            .lines()
            .last()
            .and_then(|l| {
                let mut w = l.split_whitespace();
                Some(parse_times(w.next()?)? + parse_times(w.next()?)?)
            })
            .unwrap_or_default();
        Ok((Took { wall, cpu }, out.stdout))
    }

    pub(crate) fn cargo(&self, side: Side, empty: bool, args: &[&str]) -> Result<Took, String> {
        self.cargo_out(side, empty, args).map(|(t, _)| t)
    }

    pub(crate) fn build(&self, side: Side, empty: bool, profile: Profile) -> Result<Took, String> {
        let mut args = vec!["build"];
        args.extend_from_slice(profile.flags());
        self.cargo(side, empty, &args)
    }

    /// `cargo clean -p <crate>` then a timed build: the leaf crate alone.
    pub(crate) fn leaf_build(&self, side: Side, empty: bool, profile: Profile) -> Result<Took, String> {
        let pkg = side.package(empty);
        let mut args = vec!["clean", "-p", pkg.as_str()];
        args.extend_from_slice(profile.flags());
        self.cargo(side, empty, &args)?;
        self.build(side, empty, profile)
    }

    /// After a debug build: the source file touched (its contents
    /// unchanged), then a timed debug build, incremental as cargo's `dev`
    /// profile is.
    pub(crate) fn touch_rebuild(&self, side: Side, empty: bool) -> Result<Took, String> {
        let main = self.crate_dir(side, empty).join("src/main.rs");
        let src = fs::read(&main).map_err(|e| format!("{}: {e}", main.display()))?;
        // Rewriting the same bytes gives the file a new modification time.
        std::thread::sleep(Duration::from_millis(20));
        fs::write(&main, &src).map_err(|e| format!("{}: {e}", main.display()))?;
        self.build(side, empty, Profile::Debug)
    }

    /// Lines of the crate after macro expansion (`-Zunpretty=expanded`,
    /// allowed on a stable compiler by `RUSTC_BOOTSTRAP=1`, as cargo-expand
    /// does), unformatted beyond rustc's own printing.
    pub(crate) fn expanded_lines(&self, side: Side, empty: bool) -> Result<usize, String> {
        let bin = side.package(empty);
        // Not fresh: the file rewritten unchanged, so cargo runs rustc again.
        let main = self.crate_dir(side, empty).join("src/main.rs");
        let src = fs::read(&main).map_err(|e| format!("{}: {e}", main.display()))?;
        fs::write(&main, &src).map_err(|e| format!("{}: {e}", main.display()))?;
        let args = ["rustc", "--profile", "check", "--bin", bin.as_str()];
        let mut cmd = self.command(side, empty, &args, &["--", "-Zunpretty=expanded"]);
        cmd.env("RUSTC_BOOTSTRAP", "1");
        let out = cmd.output().map_err(|e| format!("cannot run cargo rustc: {e}"))?;
        if !out.status.success() {
            return Err(format!("cargo rustc -Zunpretty=expanded failed:\n{}", String::from_utf8_lossy(&out.stderr)));
        }
        Ok(out.stdout.iter().filter(|&&b| b == b'\n').count())
    }

    pub(crate) fn binary(&self, side: Side, empty: bool, profile: Profile) -> PathBuf {
        self.target_dir(side).join(profile.name()).join(format!(
            "{}{}",
            side.package(empty),
            std::env::consts::EXE_SUFFIX
        ))
    }
}
