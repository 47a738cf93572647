//! `msgpack-json`: MessagePack to JSON, JSON to MessagePack, and an
//! annotated hex dump. The mapping and the exit codes are documented in the
//! crate's README (the library's crate docs).

use std::ffi::OsString;
use std::fs::File;
use std::io::{self, BufWriter, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use msgpack_core::{DecodeOptions, Decoder, Value, decode};
use serde_json::Value as Json;

const USAGE: &str = "\
Usage: msgpack-json <COMMAND> [OPTIONS] [FILE]

Commands:
  to-json     MessagePack (one or more concatenated values) to JSON, one value per line
  from-json   JSON (one or more values) to MessagePack
  inspect     annotated hex dump of MessagePack, one line per item
  schema      one recorded version of a schema lock file (msgpack_schema::lock)

FILE is read whole; without FILE, or with '-', standard input is read.

Options:
  -o, --output FILE  write to FILE instead of standard output
      --pretty       to-json: indent each value over several lines
      --force        to-json: read the input as MessagePack even if it looks
                     like JSON text

Limits of to-json and inspect (msgpack_core::DecodeOptions). By default the
tool reads anything from-json writes: nesting up to 1024 levels and no
limit on lengths (memory stays linear in the input whatever the input);
--untrusted applies DecodeOptions::untrusted(), --trusted the default. A
limit given after a preset replaces the preset's:
      --untrusted              depth 64, containers of 65,536, strings and ext
                               of 1 MiB, binaries of 16 MiB, 64 MiB a value
      --trusted                the default
      --max-depth N            nesting of arrays and maps, 1 to 1024
      --max-container-len N    elements of an array, entries of a map
      --max-str-len N          bytes of a string
      --max-bin-len N          bytes of a binary
      --max-ext-len N          bytes of an ext payload
      --max-alloc N            bytes one value may allocate
      --format F     schema: text (the default), json-schema or msgspec
      --schema-version N
                     schema: the recorded version to export (default: the latest)
  -h, --help         print this help
  -V, --version      print the version

Exit status: 0 success, 1 invalid input, 2 usage error, 3 I/O error.
";

/// The highest `--max-depth` (and the default): what the worker's stack
/// holds with a wide margin.
const MAX_MAX_DEPTH: u32 = 1024;
/// Stack of the worker thread. Decoding, converting and printing recurse
/// once per level (a `$map` form is three JSON levels); 1024 levels take a
/// few MiB in a debug build.
const STACK_SIZE: usize = 64 << 20;

/// Why the tool stops, each with its exit code.
enum Failure {
    /// Exit 1: the input is not valid, or not representable.
    Invalid(String),
    /// Exit 2: bad arguments.
    Usage(String),
    /// Exit 3: reading or writing failed.
    Io(String),
}

#[derive(Clone, Copy, PartialEq)]
enum Command {
    ToJson,
    FromJson,
    Inspect,
    Schema,
}

struct Args {
    command: Command,
    /// `None`: standard input.
    input: Option<PathBuf>,
    /// `None`: standard output.
    output: Option<PathBuf>,
    pretty: bool,
    force: bool,
    /// The decode limits (to-json, inspect).
    opts: DecodeOptions,
    format: Option<msgpack_json::SchemaFormat>,
    schema_version: Option<u32>,
}

/// What the arguments ask for.
enum Request {
    Run(Args),
    Help,
    Version,
}

fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let worker = std::thread::Builder::new().name("msgpack-json".into()).stack_size(STACK_SIZE);
    match worker.spawn(move || cli(args)) {
        // A panic is a bug; its message has been printed. 101 is Rust's own code for it.
        Ok(handle) => handle.join().unwrap_or(ExitCode::from(101)),
        Err(e) => {
            eprintln!("error: cannot start the worker thread: {e}");
            ExitCode::from(3)
        }
    }
}

fn cli(args: Vec<OsString>) -> ExitCode {
    let result = match parse_args(args) {
        Ok(Request::Help) => {
            print!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Ok(Request::Version) => {
            println!("msgpack-json {}", env!("CARGO_PKG_VERSION"));
            return ExitCode::SUCCESS;
        }
        Ok(Request::Run(args)) => run(&args),
        Err(e) => Err(e),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Invalid(msg)) => {
            eprintln!("error: {msg}");
            ExitCode::from(1)
        }
        Err(Failure::Usage(msg)) => {
            eprintln!("error: {msg}\n\n{USAGE}");
            ExitCode::from(2)
        }
        Err(Failure::Io(msg)) => {
            eprintln!("error: {msg}");
            ExitCode::from(3)
        }
    }
}

fn parse_args(args: Vec<OsString>) -> Result<Request, Failure> {
    let mut command = None;
    let mut input: Option<OsString> = None;
    let mut output = None;
    let mut pretty = false;
    let mut force = false;
    let mut opts = DecodeOptions::new();
    let mut limits_given = false;
    let mut format = None;
    let mut schema_version = None;
    // Help and version win over any other argument (up to `--`).
    for arg in args.iter().take_while(|a| *a != "--") {
        match arg.to_str() {
            Some("-h" | "--help") => return Ok(Request::Help),
            Some("-V" | "--version") => return Ok(Request::Version),
            _ => {}
        }
    }
    let mut args = args.into_iter();
    let mut options_done = false;

    let mut positional = |arg: OsString, command: &mut Option<Command>| -> Result<(), Failure> {
        if command.is_none() {
            *command = Some(match arg.to_str() {
                Some("to-json") => Command::ToJson,
                Some("from-json") => Command::FromJson,
                Some("inspect") => Command::Inspect,
                Some("schema") => Command::Schema,
                _ => return Err(Failure::Usage(format!("unknown command {}", arg.to_string_lossy()))),
            });
        } else if input.is_none() {
            input = Some(arg);
        } else {
            return Err(Failure::Usage(format!("unexpected argument {}", arg.to_string_lossy())));
        }
        Ok(())
    };

    while let Some(arg) = args.next() {
        let text = arg.to_str().unwrap_or("");
        if options_done || text == "-" || !text.starts_with('-') {
            positional(arg, &mut command)?;
            continue;
        }
        // `--name=value` or `--name value`.
        let (name, inline) = match text.split_once('=') {
            Some((name, value)) if name.starts_with("--") => (name, Some(OsString::from(value))),
            _ => (text, None),
        };
        let mut value = |what: &str| -> Result<OsString, Failure> {
            inline.clone().or_else(|| args.next()).ok_or_else(|| Failure::Usage(format!("{name} needs {what}")))
        };
        match name {
            "--" => options_done = true,
            "--pretty" if inline.is_none() => pretty = true,
            "--force" if inline.is_none() => force = true,
            "-o" | "--output" => output = Some(PathBuf::from(value("a file name")?)),
            // A preset replaces every limit; limits given after it refine it.
            "--untrusted" | "--trusted" if inline.is_none() => {
                limits_given = true;
                opts = if name == "--untrusted" { DecodeOptions::untrusted() } else { DecodeOptions::new() };
            }
            "--max-depth" => {
                limits_given = true;
                let v = value("a number")?;
                let n = v.to_str().and_then(|s| s.parse::<u32>().ok()).filter(|n| (1..=MAX_MAX_DEPTH).contains(n));
                match n {
                    Some(n) => opts = opts.max_depth(n),
                    None => {
                        return Err(Failure::Usage(format!(
                            "--max-depth must be a number from 1 to {MAX_MAX_DEPTH}, not {}",
                            v.to_string_lossy()
                        )));
                    }
                }
            }
            "--max-container-len" | "--max-str-len" | "--max-bin-len" | "--max-ext-len" => {
                limits_given = true;
                let v = value("a number")?;
                let n = v.to_str().and_then(|s| s.parse::<u32>().ok()).ok_or_else(|| {
                    Failure::Usage(format!(
                        "{name} must be a number from 0 to {}, not {}",
                        u32::MAX,
                        v.to_string_lossy()
                    ))
                })?;
                opts = match name {
                    "--max-container-len" => opts.max_container_len(n),
                    "--max-str-len" => opts.max_str_len(n),
                    "--max-bin-len" => opts.max_bin_len(n),
                    _ => opts.max_ext_len(n),
                };
            }
            "--max-alloc" => {
                limits_given = true;
                let v = value("a number")?;
                let n = v.to_str().and_then(|s| s.parse::<usize>().ok()).ok_or_else(|| {
                    Failure::Usage(format!("--max-alloc must be a number of bytes, not {}", v.to_string_lossy()))
                })?;
                opts = opts.max_alloc(n);
            }
            "--format" => {
                let v = value("a format")?;
                format = Some(v.to_str().and_then(msgpack_json::SchemaFormat::parse).ok_or_else(|| {
                    Failure::Usage(format!(
                        "--format must be text, json-schema or msgspec, not {}",
                        v.to_string_lossy()
                    ))
                })?);
            }
            "--schema-version" => {
                let v = value("a number")?;
                schema_version = Some(v.to_str().and_then(|s| s.parse::<u32>().ok()).ok_or_else(|| {
                    Failure::Usage(format!("--schema-version must be a version number, not {}", v.to_string_lossy()))
                })?);
            }
            _ => return Err(Failure::Usage(format!("unknown option {}", arg.to_string_lossy()))),
        }
    }

    let Some(command) = command else {
        return Err(Failure::Usage("no command given".into()));
    };
    if pretty && command != Command::ToJson {
        return Err(Failure::Usage("--pretty applies to to-json only".into()));
    }
    if force && command != Command::ToJson {
        return Err(Failure::Usage("--force applies to to-json only".into()));
    }
    if limits_given && command == Command::FromJson {
        return Err(Failure::Usage(
            "--max-depth applies to to-json and inspect, as do the other limits (from-json reads JSON nested up to 128 levels)"
                .into(),
        ));
    }
    if (format.is_some() || schema_version.is_some()) && command != Command::Schema {
        return Err(Failure::Usage("--format and --schema-version apply to schema only".into()));
    }
    if command == Command::Schema && limits_given {
        return Err(Failure::Usage("--max-depth applies to to-json and inspect, as do the other limits".into()));
    }
    let input = input.filter(|path| path != "-").map(PathBuf::from);
    Ok(Request::Run(Args { command, input, output, pretty, force, opts, format, schema_version }))
}

fn run(args: &Args) -> Result<(), Failure> {
    let input = read_input(args.input.as_ref())?;
    let mut out: BufWriter<Box<dyn Write>> = BufWriter::new(match &args.output {
        None => Box::new(io::stdout().lock()),
        Some(path) => {
            Box::new(File::create(path).map_err(|e| Failure::Io(format!("cannot create {}: {e}", path.display())))?)
        }
    });
    // Deeper than the worker's stack is sized for is refused above; a
    // preset never goes deeper than the default.
    let opts = args.opts.max_depth(args.opts.max_depth.min(MAX_MAX_DEPTH));
    if args.command == Command::ToJson && !args.force && looks_like_json(&input) {
        return Err(Failure::Invalid(
            "the input looks like JSON text, not MessagePack: from-json converts JSON to MessagePack \
             (--force reads it as MessagePack anyway)"
                .into(),
        ));
    }
    let converted = match args.command {
        Command::ToJson => to_json(&input, opts, args.pretty, &mut out),
        Command::FromJson => from_json(&input, &mut out),
        Command::Inspect => msgpack_json::inspect(&input, opts, &mut out).map_err(|e| match e {
            msgpack_json::InspectError::Invalid(e) => Conversion::Invalid(msgpack_error(&e, &input, 0)),
            msgpack_json::InspectError::Io(e) => Conversion::Write(e),
        }),
        Command::Schema => {
            export(&input, args).and_then(|text| out.write_all(text.as_bytes()).map_err(Conversion::Write))
        }
    };
    // What was converted before an error is written out before the error is reported.
    let flushed = out.flush();
    let result = match converted {
        Ok(()) => flushed.map_err(Conversion::Write),
        Err(e) => Err(e),
    };
    match result {
        Ok(()) => Ok(()),
        Err(Conversion::Invalid(msg)) => Err(Failure::Invalid(msg)),
        // A reader that went away (`msgpack-json to-json big.msgpack | head`) is not a failure.
        Err(Conversion::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        Err(Conversion::Write(e)) => {
            let target = args.output.as_ref().map_or("standard output".into(), |p| p.display().to_string());
            Err(Failure::Io(format!("cannot write {target}: {e}")))
        }
    }
}

/// `schema`: the lock file's version in the asked format.
fn export(input: &[u8], args: &Args) -> Result<String, Conversion> {
    let text =
        std::str::from_utf8(input).map_err(|e| Conversion::Invalid(format!("the lock file is not UTF-8: {e}")))?;
    let format = args.format.unwrap_or(msgpack_json::SchemaFormat::Text);
    let mut out = msgpack_json::export_schema(text, format, args.schema_version).map_err(Conversion::Invalid)?;
    if !out.ends_with('\n') {
        out.push('\n');
    }
    Ok(out)
}

/// How a conversion stopped early.
enum Conversion {
    Invalid(String),
    Write(io::Error),
}

impl From<io::Error> for Conversion {
    fn from(e: io::Error) -> Self {
        Conversion::Write(e)
    }
}

fn read_input(path: Option<&PathBuf>) -> Result<Vec<u8>, Failure> {
    let mut buf = Vec::new();
    match path {
        None => io::stdin()
            .lock()
            .read_to_end(&mut buf)
            .map(|_| buf)
            .map_err(|e| Failure::Io(format!("cannot read standard input: {e}"))),
        Some(path) => std::fs::read(path).map_err(|e| Failure::Io(format!("cannot read {}: {e}", path.display()))),
    }
}

/// A decode error of the value that starts at byte `base` of `input`, with
/// the path to it (array indexes, map keys and entries told apart: see
/// `msgpack_json::path_to`).
fn msgpack_error(e: &decode::Error, input: &[u8], base: usize) -> String {
    let mut msg = format!("invalid MessagePack at byte {}: {}", base + e.offset(), e.kind());
    let path = msgpack_json::path_to(&input[base..], e.offset());
    if path != "$" {
        msg.push_str(&format!(" (at {path})"));
    }
    msg
}

/// Whether `input` reads as JSON text: UTF-8, whole JSON values one after
/// the other, and something only text has (a value that opens with `{`,
/// `[` or `"`, or white space between or around values). A MessagePack
/// stream of small integers can be such text too: `--force` reads it.
fn looks_like_json(input: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(input) else { return false };
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return false;
    }
    let textual = trimmed.starts_with(['{', '[', '"']) || text.bytes().any(|b| b.is_ascii_whitespace());
    textual && serde_json::Deserializer::from_str(text).into_iter::<Json>().all(|r| r.is_ok())
}

/// Decodes value after value until the input is exhausted, printing each as
/// one line of JSON (or an indented block with `pretty`).
fn to_json(input: &[u8], opts: DecodeOptions, pretty: bool, out: &mut impl Write) -> Result<(), Conversion> {
    let mut pos = 0;
    while pos < input.len() {
        // A decoder per value: the allocation limit applies to each value,
        // not to the whole stream.
        let mut d = Decoder::with_options(&input[pos..], opts);
        let value: Value = d.decode().map_err(|e| Conversion::Invalid(msgpack_error(&e, input, pos)))?;
        pos += d.position();
        let json = msgpack_json::to_json(&value);
        drop(value);
        let written = if pretty {
            serde_json::to_writer_pretty(&mut *out, &json)
        } else {
            serde_json::to_writer(&mut *out, &json)
        };
        // Serializing a `serde_json::Value` fails only by failing to write.
        written.map_err(io::Error::from)?;
        out.write_all(b"\n")?;
    }
    Ok(())
}

/// Reads JSON value after value, writing each as MessagePack.
fn from_json(input: &[u8], out: &mut impl Write) -> Result<(), Conversion> {
    let mut stream = serde_json::Deserializer::from_slice(input).into_iter::<Json>();
    loop {
        let start = stream.byte_offset();
        let json = match stream.next() {
            None => return Ok(()),
            Some(Ok(json)) => json,
            Some(Err(e)) => {
                let text = e.to_string();
                let suffix = format!(" at line {} column {}", e.line(), e.column());
                let what = text.strip_suffix(&suffix).unwrap_or(&text);
                return Err(Conversion::Invalid(format!(
                    "invalid JSON at line {} column {}: {what}",
                    e.line(),
                    e.column()
                )));
            }
        };
        let end = stream.byte_offset();
        let value = msgpack_json::from_json(&json).map_err(|e| {
            // At the value at fault (the body of a malformed `$` form), or
            // at the start of the value when it cannot be found.
            let text = std::str::from_utf8(&input[start..end]).unwrap_or("");
            let at = e.offset_in(text).map_or(start, |o| start + o);
            let (line, column) = value_position(input, at);
            Conversion::Invalid(format!(
                "invalid JSON value at line {line} column {column}: {} (at {})",
                e.message(),
                e.path()
            ))
        })?;
        let bytes = msgpack_core::to_vec(&value)
            .map_err(|e| Conversion::Invalid(format!("cannot write the value as MessagePack: {e}")))?;
        out.write_all(&bytes)?;
    }
}

/// The line and column (1-based, columns in bytes as serde_json counts
/// them) of the first non-whitespace byte from `from`.
fn value_position(input: &[u8], from: usize) -> (usize, usize) {
    let start = from + input[from..].iter().take_while(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r')).count();
    let before = &input[..start];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let column = start - before.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1) + 1;
    (line, column)
}
