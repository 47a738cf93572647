//! msgpack-rpc with a real Neovim: the example starts `nvim --embed
//! --headless --clean` as a child process and talks to it over its stdin
//! and stdout, the way GUIs and plugin hosts do.
//!
//! What it shows:
//! - the three msgpack-rpc messages as derived types: requests
//!   `[0, msgid, method, params]`, responses `[1, msgid, error, result]` and
//!   notifications `[2, method, params]` (`array` form; the leading type
//!   number is a one-variant enum with an explicit discriminant, so an
//!   `untagged` enum tells the three apart), with the result kept as a
//!   `RawRef` borrowed from the stream buffer and decoded into the type the
//!   caller asks for;
//! - `decode::StreamDecoder` reading the messages off the pipe as they
//!   arrive, including notifications and requests that Neovim sends while we
//!   wait for a response (here: `rpcnotify()` and `rpcrequest()` calls back
//!   to us, which we log and answer);
//! - the whole `nvim_get_api_info` metadata (version, every function and UI
//!   event, UI options, error types, ext types) decoded into derived structs,
//!   with `Option` / `#[msgpack(default)]` fields for what older or newer
//!   Neovims leave out and a `flatten` catch-all for keys this code does not
//!   know;
//! - Neovim's ext types: `Buffer`, `Window` and `Tabpage` handles are ext
//!   items (ids 0, 1, 2 from the metadata) whose payload is a MessagePack
//!   integer, written here as small types with hand-written `Encode`,
//!   `Decode` and `Schema` impls and used as call parameters and results;
//! - error responses (`[type, message]`) decoded into a typed error: an
//!   exception from Vimscript and a validation error from a bad handle;
//! - a clean exit: `nvim_command("qa!")`, whose response may never come
//!   (Neovim exits first: the end of the stream is expected), then the exit
//!   status; the child is killed if anything goes wrong (and by a watchdog
//!   if it stops answering), never left behind.
//!
//! Every check panics when it fails, so a regression fails CI.
//!
//! Run: `cargo run -p msgpack-examples --example nvim_rpc`
//!
//! It needs `nvim` on the `PATH` (Debian: `apt-get install neovim`; tested
//! with Neovim 0.7.2). Without it the example prints that it was skipped and
//! exits successfully.

use std::collections::BTreeMap;
use std::error::Error;
use std::fmt;
use std::io::{self, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use msgpack_core::decode::{self, StreamDecoder, StreamError};
use msgpack_core::encode::{self, Encoder};
use msgpack_core::schema::{Schema, Shape, ShapeRef};
use msgpack_core::{Decode, DecodeOwned, Decoder, Encode, MsgPack, RawRef, Value, to_vec};

/// How long Neovim may take to answer before the watchdog kills it.
const WATCHDOG: Duration = Duration::from_secs(30);

// ---- msgpack-rpc messages -------------------------------------------------

/// The first element of a request: `0`. A one-variant enum with an
/// explicit discriminant is written as that integer and reads nothing else,
/// so it tells the message types apart.
#[derive(MsgPack, Debug, Clone, Copy, PartialEq)]
enum RequestTag {
    Request = 0,
}

/// The first element of a response: `1`.
#[derive(MsgPack, Debug, Clone, Copy, PartialEq)]
enum ResponseTag {
    Response = 1,
}

/// The first element of a notification: `2`.
#[derive(MsgPack, Debug, Clone, Copy, PartialEq)]
enum NotificationTag {
    Notification = 2,
}

/// `[0, msgid, method, params]`; `params` is an array.
#[derive(MsgPack, Debug)]
#[msgpack(array)]
struct Request<'a, P> {
    tag: RequestTag,
    msgid: u32,
    method: &'a str,
    params: P,
}

/// `[1, msgid, error, result]`: `error` is nil on success, `result` nil on
/// failure.
#[derive(MsgPack, Debug)]
#[msgpack(array)]
struct Response<E, R> {
    tag: ResponseTag,
    msgid: u32,
    error: Option<E>,
    result: R,
}

/// `[2, method, params]`.
#[derive(MsgPack, Debug)]
#[msgpack(array)]
struct Notification<'a, P> {
    tag: NotificationTag,
    method: &'a str,
    params: P,
}

/// Anything Neovim sends us. The tags make the variants exclusive; the
/// payloads stay undecoded bytes in the stream decoder's buffer until we
/// know what type they should be.
#[derive(MsgPack, Debug)]
#[msgpack(untagged)]
enum Incoming<'a> {
    Response(Response<NvimError, RawRef<'a>>),
    Notification(Notification<'a, RawRef<'a>>),
    Request(Request<'a, RawRef<'a>>),
}

/// Empty parameters, `[]` (a derived unit struct is an empty array; `()` is
/// nil, which Neovim refuses as parameters).
#[derive(MsgPack, Debug)]
struct NoParams;

/// The error of an error response: `[type, message]`, with the type ids
/// of the metadata's `error_types`.
#[derive(MsgPack, Debug, Clone, PartialEq)]
#[msgpack(array)]
struct NvimError {
    kind: ErrorType,
    message: String,
}

#[derive(MsgPack, Debug, Clone, Copy, PartialEq)]
enum ErrorType {
    Exception = 0,
    Validation = 1,
    /// A type a newer Neovim may add.
    #[msgpack(other)]
    Unknown,
}

impl fmt::Display for NvimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}: {}", self.kind, self.message)
    }
}

impl Error for NvimError {}

// ---- Neovim's ext types -----------------------------------------------------

/// Defines a handle type: an ext item of type `$ext` whose payload is a
/// MessagePack integer (Neovim writes buffer 1 as `d4 00 01`: fixext 1,
/// type 0, positive fixint 1).
macro_rules! handle {
    ($(#[$doc:meta])* $name:ident = ext $ext:literal) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        struct $name(i64);

        impl $name {
            /// The ext type id (checked against the API metadata at start).
            const EXT: i8 = $ext;
        }

        impl Encode for $name {
            fn encode<W: encode::Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
                // The ext header, then the integer written straight after
                // it as the payload (its length is known in advance).
                e.ext_header(Self::EXT, self.0.encoded_len())?;
                e.i64(self.0)
            }

            fn encoded_len(&self) -> usize {
                encode::ext_size(self.0.encoded_len())
            }
        }

        impl<'de> Decode<'de> for $name {
            fn decode(d: &mut Decoder<'de>) -> Result<Self, decode::Error> {
                let at = d.position();
                let ext = d.ext()?;
                if ext.ty != Self::EXT {
                    // "expected Buffer (ext 0), found ext type 1 ... at $[0] (byte 5)"
                    return Err(d.type_error(concat!(stringify!($name), " (ext ", stringify!($ext), ")"), at));
                }
                // The payload is a whole MessagePack value of its own.
                let mut payload = Decoder::new(ext.data);
                match payload.i64().and_then(|id| payload.finish().map(|()| id)) {
                    Ok(id) => Ok($name(id)),
                    Err(_) => Err(decode::Error::custom(
                        concat!("the payload of a ", stringify!($name), " is not one integer"),
                        at,
                    )),
                }
            }
        }

        /// The wire shape, for schema checks (and needed to use the type
        /// in derived structs).
        impl Schema for $name {
            const SHAPE: ShapeRef = ShapeRef::new(&Shape::Ext { type_code: Some($ext) });
        }
    };
}

handle!(
    /// A buffer handle (`Buffer` in the API metadata).
    Buffer = ext 0
);
handle!(
    /// A window handle.
    Window = ext 1
);
handle!(
    /// A tab page handle.
    Tabpage = ext 2
);

// ---- the API metadata -------------------------------------------------------

/// The metadata of `nvim_get_api_info` (also `nvim --api-info`).
#[derive(MsgPack, Debug)]
struct ApiInfo {
    version: Version,
    functions: Vec<Function>,
    #[msgpack(default)]
    ui_events: Vec<UiEvent>,
    #[msgpack(default)]
    ui_options: Vec<String>,
    error_types: BTreeMap<String, ErrorTypeInfo>,
    types: ExtTypes,
    /// Keys a newer Neovim may add: kept, not an error.
    #[msgpack(flatten)]
    other: BTreeMap<String, Value>,
}

#[derive(MsgPack, Debug)]
struct Version {
    major: u32,
    minor: u32,
    patch: u32,
    api_level: u32,
    api_compatible: u32,
    api_prerelease: bool,
    /// Since Neovim 0.9 (absent in 0.7).
    #[msgpack(default)]
    prerelease: bool,
    /// Since Neovim 0.9 (absent in 0.7).
    build: Option<String>,
}

#[derive(MsgPack, Debug)]
struct Function {
    name: String,
    parameters: Vec<Parameter>,
    return_type: String,
    /// Whether the first parameter is the object the function acts on.
    #[msgpack(default)]
    method: bool,
    /// The API level that added it.
    since: u32,
    deprecated_since: Option<u32>,
}

/// `[type, name]`.
#[derive(MsgPack, Debug)]
#[msgpack(array)]
struct Parameter {
    ty: String,
    name: String,
}

#[derive(MsgPack, Debug)]
struct UiEvent {
    name: String,
    parameters: Vec<Parameter>,
    since: u32,
}

#[derive(MsgPack, Debug)]
struct ErrorTypeInfo {
    id: i64,
}

/// `{"Buffer": {...}, "Window": {...}, "Tabpage": {...}}`.
#[derive(MsgPack, Debug)]
#[msgpack(rename_all = "PascalCase")]
struct ExtTypes {
    buffer: ExtType,
    window: ExtType,
    tabpage: ExtType,
}

#[derive(MsgPack, Debug)]
struct ExtType {
    /// The ext type id of the handles.
    id: i8,
    /// The prefix of the functions that take the handle first.
    prefix: String,
}

impl fmt::Display for Function {
    /// `nvim_buf_set_lines(Buffer buffer, Integer start, ...) -> void`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}(", self.name)?;
        for (i, p) in self.parameters.iter().enumerate() {
            let sep = if i == 0 { "" } else { ", " };
            write!(f, "{sep}{} {}", p.ty, p.name)?;
        }
        write!(f, ") -> {}", self.return_type)
    }
}

// ---- the client -------------------------------------------------------------

/// Why a call failed.
#[derive(Debug)]
enum CallError {
    /// Neovim answered with an error.
    Nvim(NvimError),
    /// The result is not the type the caller asked for.
    Result(decode::Error),
    /// Writing the request failed.
    Io(io::Error),
    /// Reading messages failed (not MessagePack, cut short, I/O).
    Stream(StreamError),
    /// Neovim closed its stdout before answering.
    Closed,
    /// A response to a request we did not make.
    Protocol(String),
}

impl fmt::Display for CallError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CallError::Nvim(e) => write!(f, "nvim: {e}"),
            CallError::Result(e) => write!(f, "unexpected result: {e}"),
            CallError::Io(e) => write!(f, "writing to nvim: {e}"),
            CallError::Stream(e) => write!(f, "reading from nvim: {e}"),
            CallError::Closed => write!(f, "nvim closed the connection"),
            CallError::Protocol(e) => write!(f, "protocol error: {e}"),
        }
    }
}

impl Error for CallError {}

impl From<io::Error> for CallError {
    fn from(e: io::Error) -> Self {
        CallError::Io(e)
    }
}

impl From<StreamError> for CallError {
    fn from(e: StreamError) -> Self {
        CallError::Stream(e)
    }
}

/// A Neovim child process and the msgpack-rpc channel over its stdio.
struct Nvim {
    child: Arc<Mutex<Child>>,
    stdin: ChildStdin,
    messages: StreamDecoder<ChildStdout>,
    next_msgid: u32,
    /// The notifications received so far: method and parameters.
    notifications: Vec<(String, Value)>,
    /// Dropping it stops the watchdog.
    _watchdog: mpsc::Sender<()>,
}

impl Nvim {
    /// Starts `nvim --embed --headless --clean`; `Ok(None)` if there is no
    /// `nvim` on the `PATH`.
    fn start() -> io::Result<Option<Nvim>> {
        let spawned = Command::new("nvim")
            .args(["--embed", "--headless", "--clean"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn();
        let mut child = match spawned {
            Ok(child) => child,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e),
        };
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let child = Arc::new(Mutex::new(child));

        // A time limit on the whole session: should Neovim stop answering,
        // it is killed, the blocked read sees the end of the stream and the
        // example fails instead of hanging.
        let (watchdog, stop) = mpsc::channel::<()>();
        let victim = Arc::clone(&child);
        thread::spawn(move || {
            if let Err(RecvTimeoutError::Timeout) = stop.recv_timeout(WATCHDOG) {
                eprintln!("nvim_rpc: still running after {WATCHDOG:?}: killing nvim");
                let mut child = victim.lock().unwrap_or_else(PoisonError::into_inner);
                let _ = child.kill();
                let _ = child.wait();
            }
        });

        Ok(Some(Nvim {
            child,
            stdin,
            messages: StreamDecoder::new(stdout),
            next_msgid: 0,
            notifications: Vec::new(),
            _watchdog: watchdog,
        }))
    }

    /// Calls `method` with `params` (a tuple, a slice, [`NoParams`]...)
    /// and decodes the result as an `R`.
    fn call<P: Encode, R: DecodeOwned>(&mut self, method: &str, params: P) -> Result<R, CallError> {
        let msgid = self.send(method, params)?;
        self.wait_for(msgid)
    }

    /// Writes a request; returns its msgid.
    fn send<P: Encode>(&mut self, method: &str, params: P) -> Result<u32, CallError> {
        let msgid = self.next_msgid;
        self.next_msgid += 1;
        let request = Request { tag: RequestTag::Request, msgid, method, params };
        // One write per message (a `ChildStdin` is not buffered).
        let bytes = to_vec(&request).map_err(io::Error::other)?;
        self.stdin.write_all(&bytes)?;
        Ok(msgid)
    }

    /// Reads messages until the response to `msgid`, handling the
    /// notifications and requests that come before it.
    fn wait_for<R: DecodeOwned>(&mut self, msgid: u32) -> Result<R, CallError> {
        loop {
            // The message borrows from the decoder's buffer: no copies of
            // the payloads until they are decoded into their types.
            let message = self.messages.next_ref::<Incoming>()?.ok_or(CallError::Closed)?;
            match message {
                Incoming::Response(r) if r.msgid == msgid => {
                    return match r.error {
                        Some(e) => Err(CallError::Nvim(e)),
                        None => r.result.decode().map_err(CallError::Result),
                    };
                }
                Incoming::Response(r) => {
                    return Err(CallError::Protocol(format!(
                        "a response to request {} while waiting for {msgid}",
                        r.msgid
                    )));
                }
                Incoming::Notification(n) => {
                    let params: Value = n.params.decode().map_err(CallError::Result)?;
                    println!("  (notification while waiting: {}{params})", n.method);
                    self.notifications.push((n.method.to_owned(), params));
                }
                Incoming::Request(q) => {
                    let reply = serve(q.method, q.params);
                    let params: Value = q.params.decode().map_err(CallError::Result)?;
                    println!("  (request from nvim while waiting: {}{params} -> {reply:?})", q.method);
                    let bytes = match reply {
                        Ok(result) => to_vec(&Response::<(), _> {
                            tag: ResponseTag::Response,
                            msgid: q.msgid,
                            error: None,
                            result,
                        }),
                        Err(error) => to_vec(&Response {
                            tag: ResponseTag::Response,
                            msgid: q.msgid,
                            error: Some(error),
                            result: (),
                        }),
                    };
                    self.stdin.write_all(&bytes.map_err(io::Error::other)?)?;
                }
            }
        }
    }

    /// Asks Neovim to quit and waits for it to exit.
    fn quit(mut self) -> Result<ExitStatus, Box<dyn Error>> {
        let msgid = self.send("nvim_command", ("qa!",))?;
        // Neovim may exit before it answers: the end of the stream is
        // expected here, between messages or even inside one.
        match self.wait_for::<()>(msgid) {
            Ok(()) => println!("qa!: answered, then nvim exited"),
            Err(CallError::Closed) => println!("qa!: nvim exited without answering (the stream ended)"),
            Err(CallError::Stream(StreamError::Truncated { buffered, .. })) => {
                println!("qa!: nvim exited in the middle of a message ({buffered} bytes of it)")
            }
            Err(e) => return Err(e.into()),
        }
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            if let Some(status) = self.child.lock().unwrap_or_else(PoisonError::into_inner).try_wait()? {
                return Ok(status);
            }
            if Instant::now() > deadline {
                return Err("nvim did not exit after qa!".into()); // `drop` kills it
            }
            thread::sleep(Duration::from_millis(5));
        }
    }
}

impl Drop for Nvim {
    /// Never leaves the process behind: kills it unless it has exited.
    fn drop(&mut self) {
        let mut child = self.child.lock().unwrap_or_else(PoisonError::into_inner);
        if let Ok(None) = child.try_wait() {
            eprintln!("nvim_rpc: killing nvim");
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// Answers a request from Neovim (an `rpcrequest()` in Vimscript).
fn serve(method: &str, params: RawRef<'_>) -> Result<i64, String> {
    match method {
        "add" => match params.decode::<(i64, i64)>() {
            Ok((a, b)) => a.checked_add(b).ok_or_else(|| "overflow".to_string()),
            Err(e) => Err(format!("add: bad parameters: {e}")),
        },
        _ => Err(format!("no such method: {method}")),
    }
}

// ---- the session ------------------------------------------------------------

/// A scalar of a Vimscript list: `untagged` reads whichever it is.
#[derive(MsgPack, Debug, PartialEq)]
#[msgpack(untagged)]
enum Scalar {
    Int(i64),
    Float(f64),
    Str(String),
}

fn main() -> Result<(), Box<dyn Error>> {
    let started = Instant::now();
    let Some(mut nvim) = Nvim::start()? else {
        println!("nvim_rpc: skipped: nvim is not installed (apt-get install neovim)");
        return Ok(());
    };

    // The API metadata, all of it, into the structs above.
    let (channel, api): (i64, ApiInfo) = nvim.call("nvim_get_api_info", NoParams)?;
    let v = &api.version;
    let deprecated = api.functions.iter().filter(|f| f.deprecated_since.is_some()).count();
    println!(
        "Neovim {}.{}.{}{}, API level {} (compatible down to {}{}), channel {channel}",
        v.major,
        v.minor,
        v.patch,
        v.build.as_deref().map(|b| format!(" ({b})")).unwrap_or_default(),
        v.api_level,
        v.api_compatible,
        if v.api_prerelease || v.prerelease { ", prerelease" } else { "" },
    );
    println!(
        "{} functions ({deprecated} deprecated, {} methods), {} UI events, {} UI options",
        api.functions.len(),
        api.functions.iter().filter(|f| f.method).count(),
        api.ui_events.len(),
        api.ui_options.len(),
    );
    let t = &api.types;
    println!(
        "ext types: Buffer {} ({}*), Window {} ({}*), Tabpage {} ({}*)",
        t.buffer.id, t.buffer.prefix, t.window.id, t.window.prefix, t.tabpage.id, t.tabpage.prefix
    );
    let errors: Vec<String> = api.error_types.iter().map(|(name, e)| format!("{name} {}", e.id)).collect();
    println!("error types: {}", errors.join(", "));
    if !api.other.is_empty() {
        println!("metadata keys this example does not know: {:?}", api.other.keys().collect::<Vec<_>>());
    }
    let set_lines = api.functions.iter().find(|f| f.name == "nvim_buf_set_lines").expect("nvim_buf_set_lines");
    println!("for example {set_lines} (since API level {})", set_lines.since);

    assert!(v.api_level >= 1 && api.functions.len() > 100, "implausible metadata: {v:?}");
    assert_eq!((t.buffer.id, t.window.id, t.tabpage.id), (Buffer::EXT, Window::EXT, Tabpage::EXT));
    assert_eq!(t.buffer.prefix, "nvim_buf_");
    assert_eq!(api.error_types["Exception"].id, ErrorType::Exception as i64);
    assert_eq!(api.error_types["Validation"].id, ErrorType::Validation as i64);
    assert_eq!(set_lines.parameters[0].ty, "Buffer");
    assert!(set_lines.method);
    // Every function and UI event was decoded: Neovim counts them too.
    let counts: (usize, usize) = nvim.call("nvim_eval", ("[len(api_info().functions), len(api_info().ui_events)]",))?;
    assert_eq!(counts, (api.functions.len(), api.ui_events.len()));

    // Ext handles, as results and as parameters.
    let buf: Buffer = nvim.call("nvim_get_current_buf", NoParams)?;
    let win: Window = nvim.call("nvim_get_current_win", NoParams)?;
    let tab: Tabpage = nvim.call("nvim_get_current_tabpage", NoParams)?;
    println!("current: {buf:?}, {win:?}, {tab:?}");
    assert_eq!(nvim.call::<_, Buffer>("nvim_win_get_buf", (win,))?, buf);
    assert_eq!(nvim.call::<_, Window>("nvim_tabpage_get_win", (tab,))?, win);

    // Buffer lines there and back.
    let lines = ["hello", "from", "msgpack-core"];
    nvim.call::<_, ()>("nvim_buf_set_lines", (buf, 0, -1, false, lines))?;
    let back: Vec<String> = nvim.call("nvim_buf_get_lines", (buf, 0, -1, false))?;
    println!("buffer lines: {back:?}");
    assert_eq!(back, lines);
    assert_eq!(nvim.call::<_, i64>("nvim_buf_line_count", (buf,))?, 3);

    // Expressions.
    let seven: i64 = nvim.call("nvim_eval", ("1 + 2 * 3",))?;
    println!("1 + 2 * 3 = {seven}");
    assert_eq!(seven, 7);
    let dict: Value = nvim.call("nvim_eval", ("{'a': [1, 2.5, 'x']}",))?;
    println!("{{'a': [1, 2.5, 'x']}} = {dict}");
    let typed: BTreeMap<String, Vec<Scalar>> = nvim.call("nvim_eval", ("{'a': [1, 2.5, 'x']}",))?;
    assert_eq!(
        typed,
        BTreeMap::from([("a".into(), vec![Scalar::Int(1), Scalar::Float(2.5), Scalar::Str("x".into())])])
    );

    // Messages from Neovim while we wait for a response: a notification,
    // and requests that we answer before Neovim can answer ours.
    nvim.call::<_, ()>("nvim_command", (format!("call rpcnotify({channel}, 'greeting', 'hello', 42)"),))?;
    assert_eq!(nvim.notifications, [("greeting".to_string(), Value::Array(vec!["hello".into(), 42.into()]))]);
    let sum: i64 = nvim.call("nvim_eval", (format!("rpcrequest({channel}, 'add', 20, 22)"),))?;
    println!("rpcrequest(add, 20, 22) = {sum}");
    assert_eq!(sum, 42);

    // Error responses, decoded into `NvimError`.
    let expect_error = |method: &str, what: &str, err: Result<Value, CallError>| -> NvimError {
        match err {
            Err(CallError::Nvim(e)) => {
                println!("{method}({what}): error {e}");
                e
            }
            other => panic!("{method}({what}) should fail, got {other:?}"),
        }
    };
    let call = nvim.call("nvim_eval", ("undefined_function_xyz()",));
    let e = expect_error("nvim_eval", "undefined_function_xyz()", call);
    assert_eq!(e.kind, ErrorType::Exception);
    assert!(e.message.contains("undefined_function_xyz"), "{e}");
    let call = nvim.call("nvim_buf_get_lines", (Buffer(9999), 0, -1, false));
    let e = expect_error("nvim_buf_get_lines", "Buffer(9999), ...", call);
    assert_eq!(e.kind, ErrorType::Validation);
    assert!(e.message.contains("9999"), "{e}");
    // Our error answer to Neovim's request becomes its error to us.
    let call = nvim.call("nvim_eval", (format!("rpcrequest({channel}, 'frobnicate')"),));
    let e = expect_error("nvim_eval", "rpcrequest(frobnicate)", call);
    assert!(e.message.contains("no such method: frobnicate"), "{e}");
    // A result of another type than asked for is an error too, and the
    // connection goes on.
    match nvim.call::<_, i64>("nvim_eval", ("'text'",)) {
        Err(CallError::Result(e)) => println!("nvim_eval('text') as i64: {e}"),
        other => panic!("a str is no i64: {other:?}"),
    }
    assert_eq!(nvim.call::<_, i64>("nvim_eval", ("6 * 7",))?, 42);

    // Quit, and check how it went.
    let status = nvim.quit()?;
    println!("nvim exited: {status}");
    assert!(status.success(), "nvim exited with {status}");
    println!("done in {:.0?}", started.elapsed());
    Ok(())
}
