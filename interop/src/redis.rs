//! The Lua peer: Redis's bundled cmsgpack, driven through `EVAL` over RESP
//! against a `redis-server` this module starts on a loopback port and
//! stops when dropped.

use std::net::TcpListener;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};
use std::{fs, io};

use crate::check::Peer;
use crate::frames::Frame;
use crate::resp::{Client, Reply};

/// A `redis-server` of our own, on a free loopback port, without
/// persistence; killed on drop.
pub struct Server {
    child: Child,
    addr: String,
}

impl Server {
    /// Starts `redis-server` and waits until it answers `PING`.
    ///
    /// # Errors
    ///
    /// `redis-server` is missing or did not answer within 10 seconds.
    pub fn start() -> io::Result<Server> {
        // A free port can be taken again between our probe and the
        // server's bind (tests start servers in parallel): a server that
        // exits at once is tried again on another port.
        let mut last = io::Error::other("redis-server did not start");
        for _ in 0..5 {
            let port = TcpListener::bind("127.0.0.1:0")?.local_addr()?.port();
            let child = Command::new("redis-server")
                .args(["--port", &port.to_string(), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()?;
            let mut server = Server { child, addr: format!("127.0.0.1:{port}") };
            let start = Instant::now();
            while start.elapsed() < Duration::from_secs(10) {
                if let Some(status) = server.child.try_wait()? {
                    last = io::Error::other(format!("redis-server on port {port} exited with {status}"));
                    break;
                }
                // Refused or reset while the server starts: try again.
                let pong = Client::connect(&server.addr).and_then(|mut c| c.command(&[b"PING"]));
                if matches!(pong, Ok(Reply::Status(ref s)) if s == "PONG") {
                    return Ok(server);
                }
                sleep(Duration::from_millis(50));
            }
            if server.child.try_wait()?.is_none() {
                return Err(io::Error::new(io::ErrorKind::TimedOut, "redis-server did not answer PING within 10 s"));
            }
        }
        Err(last)
    }

    /// A new connection.
    ///
    /// # Errors
    ///
    /// The connection failed.
    pub fn client(&self) -> io::Result<Client> {
        Client::connect(&self.addr)
    }

    /// The server's version (`INFO server`'s `redis_version`).
    ///
    /// # Errors
    ///
    /// The server did not answer.
    pub fn version(&self) -> io::Result<String> {
        match self.client()?.command(&[b"INFO", b"server"])? {
            Reply::Bulk(Some(info)) => Ok(String::from_utf8_lossy(&info)
                .lines()
                .find_map(|l| l.strip_prefix("redis_version:"))
                .unwrap_or("?")
                .trim()
                .to_string()),
            other => Err(io::Error::other(format!("INFO answered {other:?}"))),
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The cmsgpack peer: `roundtrip.lua` and `edge.lua` of its directory run
/// by `EVAL` on a [`Server`].
pub struct Lua {
    client: Client,
    roundtrip: Vec<u8>,
    edge: Vec<u8>,
}

impl Lua {
    /// The peer whose scripts are in `dir`, on `server`.
    ///
    /// # Errors
    ///
    /// A script is missing, or the connection failed.
    pub fn new(dir: &Path, server: &Server) -> io::Result<Lua> {
        Ok(Lua {
            client: server.client()?,
            roundtrip: fs::read(dir.join("roundtrip.lua"))?,
            edge: fs::read(dir.join("edge.lua"))?,
        })
    }

    /// `cmsgpack.unpack` then `cmsgpack.pack` of one value, inside Redis.
    ///
    /// # Errors
    ///
    /// The connection failed.
    pub fn roundtrip_one(&mut self, value: &[u8]) -> io::Result<Frame> {
        Ok(match self.client.command(&[b"EVAL", &self.roundtrip, b"0", value])? {
            Reply::Bulk(Some(b)) => Frame::Bytes(b),
            Reply::Error(e) => Frame::Error(e),
            other => Frame::Error(format!("EVAL answered {other:?}")),
        })
    }
}

impl Peer for Lua {
    fn roundtrip(&mut self, values: &[Vec<u8>]) -> Result<Vec<Frame>, String> {
        values.iter().map(|v| self.roundtrip_one(v).map_err(|e| format!("redis: {e}"))).collect()
    }

    fn edge(&mut self) -> Result<Vec<Vec<u8>>, String> {
        match self.client.command(&[b"EVAL", &self.edge, b"0"]).map_err(|e| format!("redis: {e}"))? {
            Reply::Array(Some(items)) => items
                .into_iter()
                .map(|r| match r {
                    Reply::Bulk(Some(b)) => Ok(b),
                    other => Err(format!("edge.lua returned {other:?} among its values")),
                })
                .collect(),
            other => Err(format!("edge.lua returned {other:?}")),
        }
    }

    fn w2(&mut self, _values: &[Vec<u8>]) -> Result<Vec<Frame>, String> {
        Err("cmsgpack has no typed structs".into())
    }
}
