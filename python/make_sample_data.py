#!/usr/bin/env python3
"""Write a small data directory in the format of `msgpack-bench --dump-data DIR`.

For trying python/bench.py without the Rust runner:

    .venv/bin/python python/make_sample_data.py target/py-sample-data
    .venv/bin/python python/bench.py --data target/py-sample-data --quick

Cases (recipes from msgpack-bench/WORKLOADS.md):
- W1 n=1000 and n=10000: the filesystem tree, generated with the W1 recipe and
  encoded with msgspec's typed Structs; the sizes and SHA-256 are checked against
  the table in WORKLOADS.md (n=1000 is also msgpack-derive's fixture).
- W2 Custom1 and Custom2: the tinylib/msgp structs as maps, float32 fields
  written as float32 (132 and 589 bytes, checked).
- W4 small and big: `[1, 2, true, false, "abcd"]` and the 20,000-entry
  integer-keyed map.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import os
import random
import struct
import sys

import msgspec

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import Directory, File  # noqa: E402

# ---------------------------------------------------------------------------
# W1: the recipe of WORKLOADS.md (CPython's random.Random(42) is the MT19937 it describes).

LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
NAMES = (
    "alice ben carol daniel esther franklin genevieve harold ilana jerome katelyn leonard monique nathan ora "
    "patrick quinn ronald stephanie thomas uma vince wendy xavier yitzchak zahra"
).split()
PERMISSIONS = ["READ", "WRITE", "READ_WRITE"]
T0, T1 = 1514764800, 1672531200

W1_CHECK = {
    1000: (130702, "ced7c435386c2430e2cd218144433edd8f204255e6fab8048dafa2f8cb0c761d"),
    10000: (1305712, "7a90135bfbae08ed774f452d5e61d7aabfacb25d11456112560d9c4a79be267b"),
}


def iso(ts: int) -> str:
    return datetime.datetime.fromtimestamp(ts, datetime.timezone.utc).isoformat()


class W1Gen:
    def __init__(self, n: int) -> None:
        self.rng = random.Random(42)
        self.capacity = n - 1

    def node(self, is_dir: bool) -> File | Directory:
        r = self.rng
        name = "".join(LETTERS[int(r.random() * len(LETTERS))] for _ in range(r.randint(4, 30)))
        created_by = r.choice(NAMES)
        cts = r.randint(T0, T1)
        updated_by = updated_at = None
        if r.random() > 0.75:
            updated_by = r.choice(NAMES)
            updated_at = iso(r.randint(cts, T1))
        common = dict(
            name=name, created_by=created_by, created_at=iso(cts), updated_by=updated_by, updated_at=updated_at
        )
        if is_dir:
            return Directory(**common, contents=[])
        return File(**common, nbytes=r.randint(0, 1000000), permissions=r.choice(PERMISSIONS))

    def draw(self) -> int:
        k = min(self.rng.randint(0, 30), self.capacity)
        self.capacity -= k
        return k

    def make(self, is_dir: bool) -> File | Directory:
        if not is_dir:
            return self.node(False)
        root = self.node(True)
        stack = [(root, self.draw(), 0)]
        while stack:
            parent, total, made = stack.pop()
            if made == total:
                continue
            is_d = self.rng.random() > 0.8
            child = self.node(is_d)
            parent.contents.append(child)
            stack.append((parent, total, made + 1))
            if is_d:
                stack.append((child, self.draw(), 0))
        return root

    def generate(self) -> File | Directory:
        if self.capacity == 0:
            return self.make(False)
        out = self.make(True)
        while self.capacity > 0:
            self.capacity -= 1
            out.contents.append(self.make(self.rng.random() > 0.8))
        return out


# ---------------------------------------------------------------------------
# A tiny encoder for W2, which mixes float32 and float64 (no Python library writes both in one message).


class F32(float):
    """A float written as MessagePack float 32."""


def pack(v: object) -> bytes:
    if v is None:
        return b"\xc0"
    if v is True or v is False:
        return b"\xc3" if v else b"\xc2"
    if isinstance(v, F32):
        return b"\xca" + struct.pack(">f", v)
    if isinstance(v, float):
        return b"\xcb" + struct.pack(">d", v)
    if isinstance(v, int):
        return msgspec.msgpack.encode(v)  # smallest integer form
    if isinstance(v, str):
        return msgspec.msgpack.encode(v)
    if isinstance(v, bytes):
        return msgspec.msgpack.encode(v)
    if isinstance(v, list):
        n = len(v)
        head = bytes([0x90 | n]) if n < 16 else b"\xdc" + struct.pack(">H", n)
        return head + b"".join(pack(x) for x in v)
    if isinstance(v, dict):
        n = len(v)
        head = bytes([0x80 | n]) if n < 16 else b"\xde" + struct.pack(">H", n)
        return head + b"".join(pack(k) + pack(x) for k, x in v.items())
    raise TypeError(type(v))


def custom1() -> dict:
    return {
        "str": "hello",
        "slice": b"abc",
        "map_str_uint16": {"abc": 23, "lasdhflahsdlfkhlasdf": 4, "c": 1356},
        "inner_struct": {"bool": True, "f64": 213.513, "i8": 23, "u64": 7869},
        "bt": 0,
        "int": 42,
        "i64": -27823325,
    }


def custom2() -> dict:
    unit = [0x32, 0x12, 0x78, 0x00, 0x76]
    long = (unit + unit + [0x32, 0x12, 0x78, 0x76]) * 3 + unit + unit + [0x32, 0x12]
    assert len(long) == 54
    s = 'lk\n\nsdj flasjfdlkaj\nsdlfka\tjs\nldfk"jal kas_ ad"fsfka\tjs\nldfk"jal kas_ ad"fska\tjs\nldfk"jal kas_ adk'
    assert len(s.encode()) == 98
    return {
        "str": s,
        "slice": bytes([0x01, ord("a"), ord("b"), ord("c"), ord("Z"), 0x03, 0x05]),
        "map_str_uint64": {"abc": 23532525, "defghijkl": 1, "ghijkl": 98, "ghijklghijkl": 8000111333},
        "inner_struct": {"bool": False, "f64": -132.88889, "i8": 104, "u64": 24},
        "float_64": 3.14159265359,
        "map_str_slice": {"": [], "uiouoiyioutuuiouoiyioutuuiouoiyioutu": unit, "RTQYWYEUIIUQIE": long},
        "inner_struct_2": {
            "slice_uint64": [0, 1, 3, 100, 18446744073709551615, 1844674407370955, 4294967295],
            "map_str_intf": {
                "asdfasdf": 1,
                "asd": "string",
                "oeiuwroewiro": 98.676,
                "kl": F32(-234.0),
                "lkasdjf": 4294967290,
                "ss": ["h", "ksjldf"],
            },
            "string": "hello\nthere, this is a funky string. Tab: \t.",
            "f32": F32(0.0),
        },
    }


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    out = sys.argv[1]
    sys.setrecursionlimit(5000)  # W1 n=10000 nests maps and arrays 1017 deep
    os.makedirs(out, exist_ok=True)
    enc = msgspec.msgpack.Encoder()
    cases = []

    def add(workload: str, case: str, data: bytes, items: dict | None = None) -> None:
        name = f"{workload}_{case.replace('=', '-')}.msgpack"
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)
        cases.append({"workload": workload, "case": case, "file": name, "bytes": len(data), "items": items})

    for n, (size, sha) in W1_CHECK.items():
        data = enc.encode(W1Gen(n).generate())
        got = hashlib.sha256(data).hexdigest()
        if (len(data), got) != (size, sha):
            print(f"W1 n={n}: {len(data)} bytes, SHA-256 {got}; WORKLOADS.md says {size}, {sha}", file=sys.stderr)
            return 1
        add("W1", f"n={n}", data, {"unit": "node", "count": n})

    for name, value, size in (("Custom1", custom1(), 132), ("Custom2", custom2(), 589)):
        data = pack(value)
        if len(data) != size:
            print(f"W2 {name}: {len(data)} bytes, WORKLOADS.md says {size}", file=sys.stderr)
            return 1
        add("W2", name, data)

    add("W4", "small", enc.encode([1, 2, True, False, "abcd"]))
    add("W4", "big", enc.encode({i: str(i) * 10 for i in range(20000)}), {"unit": "entry", "count": 20000})

    with open(os.path.join(out, "manifest.json"), "w", encoding="utf-8") as f:
        json.dump({"generator": "python/make_sample_data.py", "cases": cases}, f, indent=1)
        f.write("\n")
    for c in cases:
        print(f"{c['file']}: {c['bytes']:,} bytes", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
