"""The msgpack-python peer of the interop matrix (see ../../PROTOCOL.md).

msgpack.unpackb / msgpack.Packer on plain Python values, with the options
that keep the most.
"""

import os
import sys
import threading

import msgpack

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python-common"))
from frames import error_frame, frame, read_frames  # noqa: E402  (the shared frame files)


class Pairs(list):
    """A map's (key, value) pairs in wire order.

    object_pairs_hook gives them to us before any dict is made: a dict would
    refuse list and dict keys (unhashable), merge 1, 1.0 and True, and drop
    repeated keys.
    """


def raw_ext(code, data):
    """ext_hook: every ext type (but -1) as a msgpack.ExtType(code, data).

    The unpacker hands ext_hook every type code, -128..127, and the packer
    writes an ExtType of any code (msgpack_pack_ext takes a signed byte), but
    ExtType's constructor accepts 0..127 only ("code must be 0~127": the spec
    reserves the negative codes). For a reserved code the tuple is made
    without that check, so the value still goes back as it came.
    """
    if code >= 0:
        return msgpack.ExtType(code, data)
    return tuple.__new__(msgpack.ExtType, (code, data))


def decode(data):
    # unpackb raises ExtraData when bytes follow the value and ValueError
    # when the value is cut short: the whole frame is one value.
    return msgpack.unpackb(
        data,
        raw=False,  # str -> str, bin -> bytes
        strict_map_key=False,  # keys of any type
        object_pairs_hook=Pairs,
        # ext -> ExtType(code, data), raw. The timestamp type -1 never reaches
        # ext_hook: the unpacker always parses it (timestamp=0 keeps it as a
        # msgpack.Timestamp, seconds and nanoseconds exact).
        ext_hook=raw_ext,
        timestamp=0,
    )


class Encoder:
    def __init__(self):
        # use_bin_type: bytes -> bin; strict_types: a Pairs (a list subclass)
        # is not written as an array by the packer itself.
        self.packer = msgpack.Packer(use_bin_type=True, use_single_float=False, strict_types=True)

    def encode(self, value):
        out = []
        self._walk(value, out)
        return b"".join(out)

    def _walk(self, value, out):
        # Containers are written here with the packer's own headers, so that
        # maps go out as their pairs; every scalar through Packer.pack.
        p = self.packer
        if type(value) is Pairs:
            out.append(p.pack_map_header(len(value)))
            for k, v in value:
                self._walk(k, out)
                self._walk(v, out)
        elif type(value) is list:
            out.append(p.pack_array_header(len(value)))
            for v in value:
                self._walk(v, out)
        else:
            out.append(p.pack(value))


def roundtrip(inp, outp):
    enc = Encoder()
    out = []
    for data in read_frames(inp):
        try:
            out.append(frame(enc.encode(decode(data))))
        except (Exception, RecursionError, MemoryError) as e:
            out.append(error_frame(f"{type(e).__name__}: {str(e) or '(no message)'}"))
    with open(outp, "wb") as f:
        f.write(b"".join(out))


def edge_values():
    v = []
    v += [0, 1, 127, 128, 255, 256, 65535, 65536, 2**32 - 1, 2**32, 2**63 - 1, 2**63, 2**64 - 1]
    v += [-1, -31, -32, -33, -127, -128, -129, -32767, -32768, -32769]
    v += [-(2**31) + 1, -(2**31), -(2**31) - 1, -(2**63) + 1, -(2**63), 2**53, 2**53 + 1, -(2**53) - 1]
    inf = float("inf")
    v += [0.0, -0.0, 1.0, 1.5, 0.1, inf, -inf, float("nan"), sys.float_info.max,
          sys.float_info.min, 5e-324, 3.4028234663852886e38, 1e300]
    v += [None, True, False]
    for n in [0, 1, 15, 16, 31, 32, 255, 256, 65535, 65536]:
        v.append("s" * n)
        v.append(b"\x07" * n)
    v.append("h\u00e9llo \u2603 \U0001f600")
    for n in [0, 1, 15, 16, 65535, 65536]:
        v.append([i % 100 for i in range(n)])
        v.append({f"k{i}": i for i in range(n)})
    # Keys of every kind: tuples are written as arrays.
    v.append({1: "one", -1: "minus one", None: "nil", True: "true", 1.5: "float",
              b"\x01": "bin", (1, 2): "array", (): "empty array"})
    deep = "leaf"
    for i in range(40):
        deep = [deep] if i % 2 == 0 else {"k": deep}
    v.append(deep)
    v.append([None, [], {}, [[[]]], {"a": {"b": {"c": [1, "x", b"y"]}}}])
    for n in [1, 2, 4, 8, 16, 0, 3, 17, 255, 256, 65535, 65536]:
        v.append(msgpack.ExtType(42, b"\x07" * n))
    v += [msgpack.ExtType(0, b"\x01"), msgpack.ExtType(127, b"\x01")]
    # msgpack.Timestamp picks the 32-, 64- or 96-bit layout itself.
    for sec, nsec in [(0, 0), (2**32 - 1, 0), (2**32, 0), (1, 1), (2**34 - 1, 999999999),
                      (2**34, 0), (-1, 0), (-1, 999999999), (-(2**63), 0), (2**63 - 1, 999999999)]:
        v.append(msgpack.Timestamp(sec, nsec))
    return v


def edge(outp):
    packer = msgpack.Packer(use_bin_type=True, use_single_float=False)
    with open(outp, "wb") as f:
        f.write(b"".join(frame(packer.pack(v)) for v in edge_values()))


def main(argv):
    if len(argv) == 3 and argv[0] == "roundtrip":
        roundtrip(argv[1], argv[2])
    elif len(argv) == 2 and argv[0] == "edge":
        edge(argv[1])
    else:
        mode = argv[0] if argv else ""
        sys.exit(f"usage: run roundtrip IN OUT | run edge OUT (mode {mode!r} is not implemented)")


if __name__ == "__main__":
    # Deep values: a big stack for the recursive encoder.
    sys.setrecursionlimit(1_000_000)
    threading.stack_size(512 * 1024 * 1024)
    failed = []

    def target():
        try:
            main(sys.argv[1:])
        except SystemExit as e:
            failed.append(e.code)
        except BaseException as e:
            failed.append(f"{type(e).__name__}: {e}")

    t = threading.Thread(target=target)
    t.start()
    t.join()
    if failed:
        sys.exit(failed[0])
