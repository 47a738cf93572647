//! A request/response protocol with tokio: a server and a client on
//! loopback, each end a `tokio_util::codec::Framed` over a `TcpStream` with
//! `codec::MsgPackCodec` (msgpack-core feature `tokio-util`). Messages go
//! back to back with no length prefix: the codec finds where each ends.
//!
//! The client makes a few calls (two of them pipelined in one write), then
//! writes a bad frame straight to the socket: well-formed MessagePack that
//! is not a `Request`. The codec skips it, the server answers with an error
//! and serves the next call on the same connection. A second connection
//! claims a 1 MiB upload: refused from its 5 header bytes (the server reads
//! requests of at most 64 KiB), answered, and
//! that connection closed (there is no finding the next frame behind a
//! frame that is never read); the server carries on. Then everything shuts
//! down and the program exits by itself.
//!
//! Run: `cargo run -p msgpack-examples --example tokio_rpc`

use std::error::Error;
use std::net::SocketAddr;
use std::time::Duration;

use bytes::Bytes;
use futures_util::{SinkExt, StreamExt};
use msgpack_core::codec::{CodecError, MsgPackCodec};
use msgpack_core::{DecodeOptions, MsgPack};
use tokio::io::AsyncWriteExt;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::oneshot;
use tokio::task::JoinSet;
use tokio_util::codec::Framed;

/// What the client asks. On the server, `Store::data` is a slice of the
/// connection's receive buffer (a `Bytes` field decoded by the codec is
/// never copied).
#[derive(MsgPack, Debug, PartialEq)]
enum Request {
    Add { a: i64, b: i64 },
    Upper(String),
    Store { name: String, data: Bytes },
}

#[derive(MsgPack, Debug, PartialEq)]
enum Response {
    Sum(i64),
    Text(String),
    Stored { name: String, len: u64 },
    Error(String),
}

/// The largest request the server reads.
const MAX_REQUEST: usize = 64 * 1024;

type Client = Framed<TcpStream, MsgPackCodec<Response>>;

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn Error>> {
    // Whatever happens, the program ends within a few seconds.
    tokio::time::timeout(Duration::from_secs(10), run()).await.map_err(|_| "timed out")?
}

async fn run() -> Result<(), Box<dyn Error>> {
    let listener = TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    let (stop, stopped) = oneshot::channel();
    let server = tokio::spawn(server(listener, stopped));
    println!("server on {addr}");

    // Connection 1: calls, a bad frame, and a call after it.
    let mut conn = connect(addr).await?;
    assert_eq!(call(&mut conn, Request::Add { a: 2, b: 40 }).await?, Response::Sum(42));
    assert_eq!(call(&mut conn, Request::Upper("hello".into())).await?, Response::Text("HELLO".into()));
    // Pipelined: two requests in one write, then both answers in order.
    let store = Request::Store { name: "blob".into(), data: Bytes::from(vec![7u8; 1000]) };
    conn.feed(&store).await?;
    conn.feed(&Request::Add { a: -1, b: 1 }).await?;
    SinkExt::<&Request>::flush(&mut conn).await?; // the codec encodes any `Encode` type: name one
    println!("-> Store {{ name: \"blob\", data: 1000 bytes }} and Add {{ a: -1, b: 1 }} in one write");
    assert_eq!(answer(&mut conn).await?, Response::Stored { name: "blob".into(), len: 1000 });
    assert_eq!(answer(&mut conn).await?, Response::Sum(0));

    // {"Add": {"a": 1, "b": "two"}}, written raw: well-formed, not a Request.
    let bad = b"\x81\xa3Add\x82\xa1a\x01\xa1b\xa3two";
    conn.get_mut().write_all(bad).await?;
    println!("-> raw bytes {bad:02x?}");
    let Response::Error(reason) = answer(&mut conn).await? else { panic!("the server accepted a bad frame") };
    assert!(reason.contains(r#"found str "two" at $.Add.b"#), "{reason}");
    // The connection goes on.
    assert_eq!(call(&mut conn, Request::Add { a: 1, b: 2 }).await?, Response::Sum(3));
    drop(conn); // closes the connection: the server's stream ends

    // Connection 2: a bin claiming 1 MiB, refused from its header.
    let mut conn = connect(addr).await?;
    conn.get_mut().write_all(&[0xc6, 0x00, 0x10, 0x00, 0x00]).await?;
    println!("-> raw bytes [c6, 00, 10, 00, 00] (a bin of 1 MiB, no payload)");
    let Response::Error(reason) = answer(&mut conn).await? else { panic!("the server accepted a 1 MiB frame") };
    assert!(reason.contains("exceeds the limit of 65536 bytes"), "{reason}");
    assert!(conn.next().await.is_none(), "the server closes this connection");
    println!("   the server closed the connection");

    // Stop accepting, wait for the connections to finish.
    stop.send(()).map_err(|_| "the server has gone")?;
    let results = server.await??;
    assert_eq!(results.len(), 2);
    assert!(results.iter().any(|r| matches!(r, Ok(6))), "{results:?}"); // six answers on connection 1
    assert!(results.iter().any(|r| matches!(r, Err(CodecError::TooLarge { .. }))), "{results:?}");
    println!("server stopped; bye");
    Ok(())
}

/// Accepts connections until told to stop, then waits for the open ones
/// to end; gives each connection's result.
async fn server(
    listener: TcpListener,
    mut stop: oneshot::Receiver<()>,
) -> std::io::Result<Vec<Result<u32, CodecError>>> {
    let mut connections = JoinSet::new();
    loop {
        tokio::select! {
            accepted = listener.accept() => {
                let (stream, peer) = accepted?;
                connections.spawn(async move {
                    let result = serve(stream).await;
                    println!("   [server] {peer}: {}", match &result {
                        Ok(n) => format!("closed by the client after {n} answers"),
                        Err(e) => format!("closed: {e}"),
                    });
                    result
                });
            }
            _ = &mut stop => break,
        }
    }
    let mut results = Vec::new();
    while let Some(done) = connections.join_next().await {
        results.push(done.expect("a connection task panicked"));
    }
    Ok(results)
}

/// Serves one connection; the number of answers given once the client
/// closes it, or the error that ended it.
async fn serve(stream: TcpStream) -> Result<u32, CodecError> {
    let codec = MsgPackCodec::<Request>::new().options(DecodeOptions::untrusted()).max_frame_len(MAX_REQUEST);
    let mut conn = Framed::new(stream, codec);
    let mut answers = 0;
    let mut after_error = false;
    loop {
        let response = match conn.next().await {
            Some(Ok(request)) => handle(request),
            // Not a `Request`, but skipped: answer and read on. (`Framed`
            // then yields `None` once, see below.)
            Some(Err(e)) if e.is_recoverable() => {
                after_error = true;
                Response::Error(e.to_string())
            }
            // Malformed, too large, or the transport failed: there is no
            // next frame to find. Answer if we can, then close.
            Some(Err(e)) => {
                let _ = conn.send(Response::Error(e.to_string())).await;
                return Err(e);
            }
            // The `None` that follows an error (tokio-util ends the stream
            // after one, and reads on if polled again) is not the end.
            None if std::mem::take(&mut after_error) => continue,
            None => return Ok(answers),
        };
        conn.send(response).await?;
        answers += 1;
    }
}

fn handle(request: Request) -> Response {
    match request {
        Request::Add { a, b } => a.checked_add(b).map_or(Response::Error("overflow".into()), Response::Sum),
        Request::Upper(text) => Response::Text(text.to_uppercase()),
        Request::Store { name, data } => Response::Stored { name, len: data.len() as u64 },
    }
}

async fn connect(addr: SocketAddr) -> std::io::Result<Client> {
    let stream = TcpStream::connect(addr).await?;
    stream.set_nodelay(true)?;
    Ok(Framed::new(stream, MsgPackCodec::new().options(DecodeOptions::untrusted())))
}

async fn call(conn: &mut Client, request: Request) -> Result<Response, Box<dyn Error>> {
    println!("-> {request:?}");
    conn.send(&request).await?;
    answer(conn).await
}

async fn answer(conn: &mut Client) -> Result<Response, Box<dyn Error>> {
    let response = conn.next().await.ok_or("the server closed the connection")??;
    println!("<- {response:?}");
    Ok(response)
}
