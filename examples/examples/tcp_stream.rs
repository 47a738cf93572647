//! A request/response protocol over one TCP connection: a key-value server
//! and a client on loopback (std::net and threads), exchanging MessagePack
//! messages back to back with no length prefix.
//!
//! A MessagePack value is self-delimiting, so the reader below finds where a
//! message ends with `Decoder::skip` on the bytes received so far: an
//! `UnexpectedEof` error means "incomplete, read more". That handles
//! messages split across reads and several messages in one read (the client
//! sends one request in two writes with a pause between, to show it). The
//! server decodes requests with borrowed `&str` keys straight from its
//! receive buffer, with `DecodeOptions::untrusted()` limits.
//!
//! Run: `cargo run -p msgpack-examples --example tcp_stream`

use std::collections::HashMap;
use std::io::{self, BufWriter, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::thread;
use std::time::Duration;

use msgpack_core::decode::ErrorKind;
use msgpack_core::{DecodeOptions, Decoder, MsgPack, encode_to_writer, from_slice_with, to_vec};

/// A request; the keys borrow from the server's receive buffer.
#[derive(MsgPack, Debug, PartialEq)]
enum Request<'a> {
    Set { key: &'a str, value: i64 },
    Get { key: &'a str },
    Add { key: &'a str, by: i64 },
    Delete { key: &'a str },
}

#[derive(MsgPack, Debug, PartialEq)]
enum Response {
    Done,
    Value(Option<i64>),
    Error(String),
}

/// The request (by position) that the client sends in two writes.
const SPLIT: usize = 3;

/// The largest message a reader accepts: a peer cannot make it buffer more.
const MAX_MESSAGE: usize = 1 << 20;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let listener = TcpListener::bind("127.0.0.1:0")?;
    let addr = listener.local_addr()?;
    println!("server listening on {addr}");
    let server = thread::spawn(move || serve_one(&listener));

    let requests = [
        Request::Set { key: "apples", value: 3 },
        Request::Add { key: "apples", by: 4 },
        Request::Get { key: "pears" },
        Request::Set { key: "pears", value: 10 }, // SPLIT: sent in two writes
        Request::Get { key: "pears" },
        Request::Delete { key: "apples" },
        Request::Get { key: "apples" },
    ];
    let expected = [
        Response::Done,
        Response::Value(Some(7)),
        Response::Value(None),
        Response::Done,
        Response::Value(Some(10)),
        Response::Value(Some(7)),
        Response::Value(None),
        Response::Error(r#"bad request: unknown tag "Shutdown" for Request at $ (byte 1)"#.into()),
    ];
    let responses = client(addr, &requests)?;
    assert_eq!(responses, expected);

    let served = server.join().expect("the server thread panicked")?;
    println!("server: {served} requests answered, client disconnected, server done");
    assert_eq!(served, expected.len());

    // The reader works on any `io::Read`. A bad stream is an error: no
    // hang, no huge buffer.
    let bad: [(&[u8], &str, io::ErrorKind); 3] = [
        (b"\xc1", "a reserved byte", io::ErrorKind::InvalidData),
        (b"\xdb\xff\xff\xff\xff", "a str claiming 4 GiB", io::ErrorKind::InvalidData),
        (b"\x92\x01", "an array cut short", io::ErrorKind::UnexpectedEof),
    ];
    for (stream, what, kind) in bad {
        let err = MessageReader::new(stream).next_message().expect_err(what);
        println!("a stream with {what}: error: {err}");
        assert_eq!(err.kind(), kind);
    }
    Ok(())
}

/// Sends every request, then one the server does not know, then reads all
/// the responses and closes the connection.
fn client(addr: SocketAddr, requests: &[Request<'_>]) -> io::Result<Vec<Response>> {
    let mut stream = TcpStream::connect(addr)?;
    stream.set_nodelay(true)?; // send each write at once, so the split below reaches the server split
    stream.set_read_timeout(Some(Duration::from_secs(5)))?; // fail instead of hanging on a bug

    for (i, request) in requests.iter().enumerate() {
        let bytes = to_vec(request).map_err(io::Error::other)?;
        if i == SPLIT {
            // Half a message, a pause (the server reads it and waits), then the rest.
            let (head, tail) = bytes.split_at(bytes.len() / 2);
            stream.write_all(head)?;
            stream.flush()?;
            thread::sleep(Duration::from_millis(50));
            stream.write_all(tail)?;
        } else {
            stream.write_all(&bytes)?;
        }
    }
    // A well-formed message that is no `Request`: the server answers with an
    // error and the connection goes on (framing does not depend on the type).
    let unknown = to_vec(&Newer::Shutdown { now: true }).map_err(io::Error::other)?;
    stream.write_all(&unknown)?;

    let mut reader = MessageReader::new(&stream);
    let mut responses = Vec::new();
    let sent = requests.iter().map(|r| format!("{r:?}")).chain(["Shutdown { now: true }".to_string()]);
    for request in sent {
        let message = reader.next_message()?.ok_or(io::ErrorKind::UnexpectedEof)?;
        let response: Response = from_slice_with(message, &DecodeOptions::untrusted()).map_err(invalid_data)?;
        println!("client: {request:<40} -> {response:?}");
        responses.push(response);
    }
    stream.shutdown(Shutdown::Write)?; // tells the server we are done
    // The server then closes its side: a clean end of stream, no bytes left over.
    assert!(reader.next_message()?.is_none());
    Ok(responses)
}

/// A request from a newer protocol version, which `Request` does not have.
#[derive(MsgPack)]
enum Newer {
    Shutdown { now: bool },
}

/// Accepts one connection and answers its requests until the client closes
/// it; returns how many it answered.
fn serve_one(listener: &TcpListener) -> io::Result<usize> {
    let (stream, peer) = listener.accept()?;
    stream.set_read_timeout(Some(Duration::from_secs(5)))?;
    println!("server: connection from {peer}");
    let mut reader = MessageReader::new(&stream);
    let mut writer = BufWriter::new(&stream);
    let mut store: HashMap<String, i64> = HashMap::new();
    let mut served = 0;
    while let Some(message) = reader.next_message()? {
        let response = match from_slice_with::<Request>(message, &DecodeOptions::untrusted()) {
            Ok(request) => handle(&mut store, request),
            Err(e) => Response::Error(format!("bad request: {e}")),
        };
        encode_to_writer(&response, &mut writer).map_err(io::Error::other)?;
        writer.flush()?;
        served += 1;
    }
    println!("server: {} reads for {served} messages", reader.reads);
    Ok(served)
}

fn handle(store: &mut HashMap<String, i64>, request: Request<'_>) -> Response {
    match request {
        Request::Set { key, value } => {
            store.insert(key.to_owned(), value);
            Response::Done
        }
        Request::Get { key } => Response::Value(store.get(key).copied()),
        Request::Add { key, by } => {
            let slot = store.entry(key.to_owned()).or_insert(0);
            match slot.checked_add(by) {
                Some(sum) => {
                    *slot = sum;
                    Response::Value(Some(sum))
                }
                None => Response::Error(format!("{key} would overflow")),
            }
        }
        Request::Delete { key } => Response::Value(store.remove(key)),
    }
}

/// Splits a byte stream into MessagePack messages.
///
/// Keeps what has been received in a buffer; a message is complete when
/// `Decoder::skip` can step over it. `skip` fails with `UnexpectedEof` only
/// when the bytes so far are the start of a valid message; any other error
/// means the stream is not MessagePack.
struct MessageReader<R> {
    inner: R,
    buf: Vec<u8>,
    /// Bytes at the front of `buf` that the last message returned occupies.
    consumed: usize,
    /// Do not try to split before `buf` holds this many bytes (the lower
    /// bound from the last `UnexpectedEof`): a large message is then scanned
    /// about once, not once per read.
    wanted: usize,
    /// `read` calls made so far.
    reads: usize,
}

impl<R: Read> MessageReader<R> {
    fn new(inner: R) -> Self {
        MessageReader { inner, buf: Vec::new(), consumed: 0, wanted: 1, reads: 0 }
    }

    /// The next whole message, or `None` when the stream ends between messages.
    fn next_message(&mut self) -> io::Result<Option<&[u8]>> {
        self.buf.drain(..self.consumed);
        self.consumed = 0;
        loop {
            if self.buf.len() >= self.wanted {
                let mut d = Decoder::new(&self.buf);
                match d.skip() {
                    Ok(()) => {
                        self.consumed = d.position();
                        self.wanted = 1;
                        return Ok(Some(&self.buf[..self.consumed]));
                    }
                    Err(e) => match e.kind() {
                        ErrorKind::UnexpectedEof { needed, .. } => {
                            let at_least = (e.offset() as u64).saturating_add(*needed);
                            if at_least > MAX_MESSAGE as u64 {
                                return Err(invalid_data(format!("a message of {at_least} bytes or more")));
                            }
                            self.wanted = at_least as usize;
                        }
                        _ => return Err(invalid_data(e)),
                    },
                }
            }
            let mut chunk = [0u8; 4096];
            let n = match self.inner.read(&mut chunk) {
                Ok(n) => n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            self.reads += 1;
            if n == 0 {
                return match self.buf.is_empty() {
                    true => Ok(None),
                    false => Err(io::Error::new(io::ErrorKind::UnexpectedEof, "the stream ended inside a message")),
                };
            }
            self.buf.extend_from_slice(&chunk[..n]);
        }
    }
}

fn invalid_data(e: impl Into<Box<dyn std::error::Error + Send + Sync>>) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, e)
}
