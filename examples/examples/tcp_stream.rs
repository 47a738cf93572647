//! A request/response protocol over one TCP connection: a key-value server
//! and a client on loopback (std::net and threads), exchanging MessagePack
//! messages back to back with no length prefix.
//!
//! A MessagePack value is self-delimiting, so both sides read the socket
//! with a `decode::StreamDecoder`, which finds where each message ends in
//! the bytes received so far. That handles messages split across reads and
//! several messages in one read (the client sends one request in two writes
//! with a pause between, to show it). The server decodes requests with
//! borrowed `&str` keys straight from the stream decoder's buffer
//! (`next_ref`), with `DecodeOptions::untrusted()` limits and a cap on the
//! message size.
//!
//! Run: `cargo run -p msgpack-examples --example tcp_stream`

use std::collections::HashMap;
use std::io::{self, BufWriter, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::thread;
use std::time::Duration;

use msgpack_core::decode::{StreamDecoder, StreamError};
use msgpack_core::{DecodeOptions, MsgPack, Value, to_vec, to_writer};

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

/// A stream decoder over `reader` with the limits this protocol uses.
fn messages<R: Read>(reader: R) -> StreamDecoder<R> {
    StreamDecoder::with_options(reader, DecodeOptions::untrusted()).max_message_len(MAX_MESSAGE)
}

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

    // The stream decoder works on any `io::Read`. A bad stream is an error
    // as soon as its first bytes show it: no hang, no huge buffer. (A str
    // over `untrusted()`'s 1 MiB `max_str_len` is refused by that limit; a
    // bin may have 16 MiB, but no message may be over MAX_MESSAGE.)
    type Check = fn(&StreamError) -> bool;
    let bad: [(&[u8], &str, Check); 5] = [
        (b"\xc1", "a reserved byte", |e| matches!(e, StreamError::Malformed(_))),
        (&[0x91; 65], "arrays nested 65 deep (the limit is 64)", |e| matches!(e, StreamError::Malformed(_))),
        (b"\xdb\xff\xff\xff\xff", "a str claiming 4 GiB", |e| matches!(e, StreamError::Malformed(_))),
        (b"\xc6\x00\x80\x00\x00", "a bin claiming 8 MiB", |e| matches!(e, StreamError::TooLarge { .. })),
        (b"\x92\x01", "an array cut short", |e| matches!(e, StreamError::Truncated { .. })),
    ];
    for (stream, what, expected) in bad {
        let err = messages(stream).next::<Value>().expect_err(what);
        println!("a stream with {what}: error: {err}");
        assert!(expected(&err), "{what}: {err:?}");
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

    let mut responses = messages(&stream);
    let mut received = Vec::new();
    let sent = requests.iter().map(|r| format!("{r:?}")).chain(["Shutdown { now: true }".to_string()]);
    for request in sent {
        // `StreamError` converts into `io::Error` for `?`.
        let response: Response = responses.next()?.ok_or(io::ErrorKind::UnexpectedEof)?;
        println!("client: {request:<40} -> {response:?}");
        received.push(response);
    }
    stream.shutdown(Shutdown::Write)?; // tells the server we are done
    // The server then closes its side: a clean end of stream, no bytes left over.
    assert!(responses.next::<Response>()?.is_none());
    Ok(received)
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
    let mut requests = messages(CountReads { inner: &stream, reads: 0 });
    let mut writer = BufWriter::new(&stream);
    let mut store: HashMap<String, i64> = HashMap::new();
    let mut served = 0;
    loop {
        // `next_ref`: the request's `&str` keys point into the stream
        // decoder's buffer; the request is dropped before the next read.
        let response = match requests.next_ref::<Request>() {
            Ok(Some(request)) => handle(&mut store, request),
            Ok(None) => break, // the client closed the connection between messages
            // A whole message that is no `Request`: answer and go on.
            Err(StreamError::Decode(e)) => Response::Error(format!("bad request: {e}")),
            // Not MessagePack, too large, cut short, or an I/O error: give up.
            Err(e) => return Err(e.into()),
        };
        to_writer(&response, &mut writer).map_err(io::Error::other)?;
        writer.flush()?;
        served += 1;
    }
    println!("server: {} reads for {served} messages", requests.get_ref().reads);
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

/// Counts the `read` calls made on a reader (to show that one read can
/// bring several messages and one message can take several reads).
struct CountReads<R> {
    inner: R,
    reads: usize,
}

impl<R: Read> Read for CountReads<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.reads += 1;
        self.inner.read(buf)
    }
}
