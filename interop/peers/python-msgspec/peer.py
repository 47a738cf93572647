"""The msgspec peer of the interop matrix (see ../../PROTOCOL.md).

msgspec.msgpack.Decoder() (type Any) and msgspec.msgpack.Encoder().
"""

import datetime
import os
import sys
import threading

import msgspec

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python-common"))
from frames import error_frame, frame, read_frames  # noqa: E402  (the shared frame files)

Ext = msgspec.msgpack.Ext

# Type Any: nil, bool, int (int 64 and uint 64 exact), float, str, bytes (bin),
# list, dict (array keys become tuples), msgspec.msgpack.Ext for every ext
# type but -1, which msgspec always decodes into a UTC datetime.datetime
# (the ext_hook is not called for it).
DECODER = msgspec.msgpack.Decoder()
# Dicts in insertion order (= wire order), tuples as arrays, bytes as bin,
# float as float 64, datetime as the timestamp extension.
ENCODER = msgspec.msgpack.Encoder()


def roundtrip(inp, outp):
    out = []
    for data in read_frames(inp):
        try:
            # Decoder.decode raises DecodeError on trailing bytes ("trailing
            # characters") and on a value cut short: one frame, one value.
            out.append(frame(ENCODER.encode(DECODER.decode(data))))
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
    # Keys of every kind msgspec decodes: tuples are written as arrays.
    v.append({1: "one", -1: "minus one", None: "nil", True: "true", 1.5: "float",
              b"\x01": "bin", (1, 2): "array", (): "empty array"})
    deep = "leaf"
    for i in range(40):
        deep = [deep] if i % 2 == 0 else {"k": deep}
    v.append(deep)
    v.append([None, [], {}, [[[]]], {"a": {"b": {"c": [1, "x", b"y"]}}}])
    for n in [1, 2, 4, 8, 16, 0, 3, 17, 255, 256, 65535, 65536]:
        v.append(Ext(42, b"\x07" * n))
    v += [Ext(0, b"\x01"), Ext(127, b"\x01"), Ext(-128, b"\x01")]
    # Timestamps as msgspec writes a datetime (UTC; microseconds), at each
    # layout's edge: 32-bit seconds, 64-bit (34-bit seconds + nanoseconds),
    # 96-bit (negative, or beyond 2^34 seconds), and datetime's own limits.
    utc = datetime.timezone.utc
    epoch = datetime.datetime(1970, 1, 1, tzinfo=utc)
    for sec, us in [(0, 0), (2**32 - 1, 0), (2**32, 0), (1, 1), (2**34 - 1, 999999),
                    (2**34, 0), (-1, 0), (-1, 999999)]:
        v.append(epoch + datetime.timedelta(seconds=sec, microseconds=us))
    v.append(datetime.datetime(1, 1, 1, tzinfo=utc))
    v.append(datetime.datetime(9999, 12, 31, 23, 59, 59, 999999, tzinfo=utc))
    return v


def edge(outp):
    with open(outp, "wb") as f:
        f.write(b"".join(frame(ENCODER.encode(v)) for v in edge_values()))


def main(argv):
    if len(argv) == 3 and argv[0] == "roundtrip":
        roundtrip(argv[1], argv[2])
    elif len(argv) == 2 and argv[0] == "edge":
        edge(argv[1])
    else:
        mode = argv[0] if argv else ""
        sys.exit(f"usage: run roundtrip IN OUT | run edge OUT (mode {mode!r} is not implemented)")


if __name__ == "__main__":
    # Deep values: msgspec's decoder and encoder recurse, bounded by the
    # interpreter's recursion limit; a big stack lets us raise it.
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
