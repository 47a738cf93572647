"""The frame files of interop/PROTOCOL.md, shared by the Python peers (python-msgpack,
python-msgspec, python-umsgpack). Not a peer itself: it has no setup."""

import struct


def read_frames(path):
    with open(path, "rb") as f:
        data = f.read()
    frames, pos = [], 0
    while pos < len(data):
        if pos + 4 > len(data):
            raise ValueError(f"truncated frame header at byte {pos}")
        (n,) = struct.unpack_from(">I", data, pos)
        pos += 4
        if pos + n > len(data):
            raise ValueError(f"frame at byte {pos - 4} wants {n} bytes, {len(data) - pos} left")
        frames.append(data[pos : pos + n])
        pos += n
    return frames


def frame(b):
    return struct.pack(">I", len(b)) + b


def error_frame(message):
    return b"\xff\xff\xff\xff" + frame(message.encode("utf-8", "replace"))
