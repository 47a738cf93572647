//! Running the `msgpack-json` binary as a user would (shared by the CLI
//! tests).

#![allow(dead_code, reason = "each test file uses part of the helpers")]

use std::io::Write;
use std::process::{Command, Stdio};

pub(crate) const BIN: &str = env!("CARGO_BIN_EXE_msgpack-json");

pub(crate) struct Output {
    pub(crate) code: i32,
    pub(crate) stdout: Vec<u8>,
    pub(crate) stderr: String,
}

impl Output {
    pub(crate) fn text(&self) -> String {
        String::from_utf8(self.stdout.clone()).expect("stdout is UTF-8")
    }

    #[track_caller]
    pub(crate) fn ok(self) -> Self {
        assert_eq!(self.code, 0, "exit status; stderr: {}", self.stderr);
        assert_eq!(self.stderr, "");
        self
    }
}

/// Runs the binary with `args`, `stdin` written to its standard input.
pub(crate) fn run(args: &[&str], stdin: &[u8]) -> Output {
    run_in(&std::env::current_dir().unwrap(), args, stdin)
}

/// [`run`] in the working directory `dir`.
pub(crate) fn run_in(dir: &std::path::Path, args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(BIN)
        .current_dir(dir)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut pipe = child.stdin.take().unwrap();
    let input = stdin.to_vec();
    // From another thread: the child may stop reading (usage errors) or
    // write a lot before we read.
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    Output {
        code: out.status.code().expect("exited, not killed by a signal"),
        stdout: out.stdout,
        stderr: String::from_utf8(out.stderr).unwrap(),
    }
}

pub(crate) fn unhex(s: &str) -> Vec<u8> {
    let s: String = s.split_whitespace().collect();
    (0..s.len()).step_by(2).map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap()).collect()
}
