//! A small RESP2 client: enough of the Redis protocol for `EVAL` with
//! binary arguments, so the Lua cmsgpack peer needs no crate.

use std::io::{self, BufRead, BufReader, Write};
use std::net::TcpStream;
use std::time::Duration;

/// A reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// `+OK`.
    Status(String),
    /// `-ERR ...`.
    Error(String),
    /// `:42`.
    Int(i64),
    /// `$n` bytes, or nil (`$-1`).
    Bulk(Option<Vec<u8>>),
    /// `*n` replies, or nil (`*-1`).
    Array(Option<Vec<Reply>>),
}

/// A connection to a Redis server.
pub struct Client {
    reader: BufReader<TcpStream>,
    writer: TcpStream,
}

impl Client {
    /// Connects to `addr` (`127.0.0.1:6390`).
    ///
    /// # Errors
    ///
    /// The connection failed.
    pub fn connect(addr: &str) -> io::Result<Client> {
        let stream = TcpStream::connect(addr)?;
        stream.set_read_timeout(Some(Duration::from_secs(60)))?;
        Ok(Client { reader: BufReader::new(stream.try_clone()?), writer: stream })
    }

    /// Sends one command (its arguments as bulk strings) and reads the reply.
    ///
    /// # Errors
    ///
    /// The connection failed or the server broke the protocol.
    pub fn command(&mut self, args: &[&[u8]]) -> io::Result<Reply> {
        let mut out = format!("*{}\r\n", args.len()).into_bytes();
        for a in args {
            out.extend_from_slice(format!("${}\r\n", a.len()).as_bytes());
            out.extend_from_slice(a);
            out.extend_from_slice(b"\r\n");
        }
        self.writer.write_all(&out)?;
        self.reply(0)
    }

    fn line(&mut self) -> io::Result<String> {
        let mut line = Vec::new();
        self.reader.read_until(b'\n', &mut line)?;
        if !line.ends_with(b"\r\n") {
            return Err(io::Error::new(io::ErrorKind::UnexpectedEof, "the server closed the connection"));
        }
        line.truncate(line.len() - 2);
        String::from_utf8(line).map_err(|_| bad("a reply line that is not UTF-8"))
    }

    fn reply(&mut self, depth: usize) -> io::Result<Reply> {
        if depth > 32 {
            return Err(bad("replies nested more than 32 levels"));
        }
        let line = self.line()?;
        let (kind, rest) = line.split_at_checked(1).ok_or_else(|| bad("an empty reply line"))?;
        let num = || rest.parse::<i64>().map_err(|_| bad("a reply length that is not a number"));
        Ok(match kind {
            "+" => Reply::Status(rest.to_string()),
            "-" => Reply::Error(rest.to_string()),
            ":" => Reply::Int(num()?),
            "$" => match num()? {
                -1 => Reply::Bulk(None),
                n if (0..=512 << 20).contains(&n) => {
                    let mut buf = vec![0; n as usize + 2];
                    io::Read::read_exact(&mut self.reader, &mut buf)?;
                    buf.truncate(n as usize);
                    Reply::Bulk(Some(buf))
                }
                _ => return Err(bad("a bulk length out of range")),
            },
            "*" => match num()? {
                -1 => Reply::Array(None),
                n if (0..=1 << 20).contains(&n) => {
                    Reply::Array(Some((0..n).map(|_| self.reply(depth + 1)).collect::<io::Result<_>>()?))
                }
                _ => return Err(bad("an array length out of range")),
            },
            _ => return Err(bad("an unknown reply type")),
        })
    }
}

fn bad(what: &str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, format!("RESP: {what}"))
}
