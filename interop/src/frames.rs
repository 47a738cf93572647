//! The frame files peers read and write (`PROTOCOL.md`): a 4-byte
//! big-endian length, then that many bytes; `ff ff ff ff` then a frame of
//! UTF-8 marks a value the peer could not handle.

use std::fmt;

/// What a peer returned for one value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Frame {
    /// The bytes it wrote.
    Bytes(Vec<u8>),
    /// Its error message.
    Error(String),
}

/// A frame file that does not follow the protocol.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FrameError(String);

impl fmt::Display for FrameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for FrameError {}

const ERROR_MARK: u32 = u32::MAX;

/// The frame file holding `values`.
///
/// ```
/// let file = msgpack_interop::frames::write(&[vec![0xc0], vec![]]);
/// assert_eq!(file, [0, 0, 0, 1, 0xc0, 0, 0, 0, 0]);
/// ```
pub fn write(values: &[Vec<u8>]) -> Vec<u8> {
    let mut out = Vec::with_capacity(values.iter().map(|v| v.len() + 4).sum());
    for v in values {
        let len = u32::try_from(v.len()).expect("a frame holds less than 4 GiB");
        assert_ne!(len, ERROR_MARK, "a frame of 2^32 - 1 bytes would read as an error mark");
        out.extend_from_slice(&len.to_be_bytes());
        out.extend_from_slice(v);
    }
    out
}

/// The frames of a file a peer wrote.
///
/// # Errors
///
/// A truncated frame, or an error message that is not UTF-8.
///
/// ```
/// use msgpack_interop::frames::{read, Frame};
/// let file = [0, 0, 0, 1, 0xc0, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 2, b'n', b'o'];
/// assert_eq!(read(&file).unwrap(), [Frame::Bytes(vec![0xc0]), Frame::Error("no".into())]);
/// assert!(read(&[0, 0, 0, 5, 1]).is_err());
/// ```
pub fn read(mut file: &[u8]) -> Result<Vec<Frame>, FrameError> {
    let mut frames = Vec::new();
    while !file.is_empty() {
        let (len, rest) = take_len(file, frames.len())?;
        if len == ERROR_MARK {
            let (len, rest) = take_len(rest, frames.len())?;
            let (msg, rest) = take(rest, len, frames.len())?;
            let msg = String::from_utf8(msg.to_vec())
                .map_err(|_| FrameError(format!("frame {}: the error message is not UTF-8", frames.len())))?;
            frames.push(Frame::Error(msg));
            file = rest;
        } else {
            let (bytes, rest) = take(rest, len, frames.len())?;
            frames.push(Frame::Bytes(bytes.to_vec()));
            file = rest;
        }
    }
    Ok(frames)
}

fn take_len(file: &[u8], index: usize) -> Result<(u32, &[u8]), FrameError> {
    match file.split_first_chunk::<4>() {
        Some((len, rest)) => Ok((u32::from_be_bytes(*len), rest)),
        None => Err(FrameError(format!("frame {index}: the file ends inside a length"))),
    }
}

fn take(file: &[u8], len: u32, index: usize) -> Result<(&[u8], &[u8]), FrameError> {
    let len = len as usize;
    if file.len() < len {
        return Err(FrameError(format!("frame {index}: {len} bytes announced, {} left", file.len())));
    }
    Ok(file.split_at(len))
}
