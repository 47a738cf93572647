#!/usr/bin/env python3
"""Writes seed inputs into corpus/<target>/ (gitignored) for every fuzz target.

Seeds: every hex value of ../tests/data/vectors.json, plus a few messages in
the shapes of the derived types of fuzz_targets/decode_derived.rs (so the
fuzzer starts from known field names and tags). Standard library only.

    cd msgpack-core/fuzz && python3 seed.py
"""

import hashlib
import json
import pathlib
import struct

HERE = pathlib.Path(__file__).resolve().parent
TARGETS = ["decode_value", "decode_derived", "roundtrip_value", "framing"]


def pack(v) -> bytes:
    """A minimal MessagePack packer (smallest forms) for the seed shapes."""
    if v is None:
        return b"\xc0"
    if v is True:
        return b"\xc3"
    if v is False:
        return b"\xc2"
    if isinstance(v, int):
        if 0 <= v < 128:
            return bytes([v])
        if -32 <= v < 0:
            return struct.pack("b", v)
        if 0 <= v < 1 << 8:
            return b"\xcc" + struct.pack(">B", v)
        if 0 <= v < 1 << 16:
            return b"\xcd" + struct.pack(">H", v)
        if 0 <= v < 1 << 32:
            return b"\xce" + struct.pack(">I", v)
        if v >= 0:
            return b"\xcf" + struct.pack(">Q", v)
        return b"\xd3" + struct.pack(">q", v)
    if isinstance(v, float):
        return b"\xcb" + struct.pack(">d", v)
    if isinstance(v, str):
        b = v.encode()
        assert len(b) < 32
        return bytes([0xA0 | len(b)]) + b
    if isinstance(v, bytes):
        assert len(v) < 256
        return b"\xc4" + bytes([len(v)]) + v
    if isinstance(v, list):
        assert len(v) < 16
        return bytes([0x90 | len(v)]) + b"".join(pack(x) for x in v)
    if isinstance(v, dict):
        assert len(v) < 16
        return bytes([0x80 | len(v)]) + b"".join(pack(k) + pack(x) for k, x in v.items())
    raise TypeError(type(v))


inner = {"id": 7, "label": "x", "flags": [True, False]}
DERIVED = [
    {
        "userName": "ada",
        "nick": None,
        "scores": [1, -2, 300],
        "inner": inner,
        "children": [inner],
        "maybeInner": None,
        "count": 3,
        "bytes": b"\x00\x01",
        "tags": {"a": 1},
        "strict": {"a": 1, "b": -1},
        "unit": [],
        "weird": [1, True],
    },
    {1: 5, -3: -1, 200: "t"},
    # Point: x, y, label, ch, ratio, small, when (timestamp 32), dur, ext, big, pair, fixed, z
    None,  # placeholder, built below (needs ext/float32 forms)
    {"type": "circle", "r": 2},
    {"type": "rect", "w": 1, "h": 2, "name": "r"},
    {"type": "empty"},
    {"type": "wrapped", "id": 1, "flags": []},
    "Ping",
    {"Data": b"ab"},
    {"Pair": [1, "p"]},
    {"Move": {"x": 1, "y": -1}},
    {"Nested": {"Nested": "Ping"}},
    {"Many": ["Ping", {"Data": b""}]},
    {"Leaf": -5},
    {"Node": [{"Leaf": 1}, {"Boxed": {"Leaf": 2}}]},
    {"Named": {"name": "n", "kids": [{"Lvl": 10}], "next": {"Table": {"k": {"Leaf": 0}}}}},
    [{"Node": []}, {"Lvl": 1}],
    [1, [2, [3, None]]],
    {"name": "n", "raw": b"r", "parts": ["a", "b"], "opt": "o", "map": {"k": b"v"}, "any": [1, "x", 1.5]},
    {"kind": "Blob", "b": b"x", "inner": {"kind": "Text", "s": "t"}},
    {"a": 1},
    [],
]
point = (
    b"\x9d"
    + pack(1)
    + pack(-2)
    + pack("pt")
    + pack("\u00e9")
    + pack(0.5)
    + b"\xca"
    + struct.pack(">f", 1.5)
    + b"\xd6\xff"
    + struct.pack(">I", 1)  # timestamp 32
    + pack([1, 500])
    + b"\xd4\x05\x00"  # fixext 1
    + pack(2**64 - 1)
    + pack([1, "s", None])
    + pack([1, 2, 3])
    + pack(None)
)
seeds = [bytes.fromhex(v["hex"]) for v in json.loads((HERE.parent / "tests/data/vectors.json").read_text())["vectors"]]
seeds += [point if s is None else pack(s) for s in DERIVED]

for target in TARGETS:
    out = HERE / "corpus" / target
    out.mkdir(parents=True, exist_ok=True)
    for s in seeds:
        (out / hashlib.sha1(s).hexdigest()).write_bytes(s)
print(f"{len(seeds)} seeds into corpus/{{{','.join(TARGETS)}}}")
