"""MessagePack interoperability test-vector generator.

This script uses the reference implementation (PyPI ``msgpack``, the C
extension of msgpack-python) to produce ``vectors.json`` next to this file.
The Rust tests of ``msgpack-core`` read that JSON with serde_json, so they do
not need Python.  The output is committed; re-run this script only when the
vector set changes.

How to run (from the repository root)::

    pip install msgpack==1.2.4
    python3 msgpack-core/tests/data/gen_vectors.py

Only the standard library and ``msgpack`` are used.  The output is
deterministic: the random sections use ``random.Random(SEED)`` and
``random.Random(SEED_NESTED)``, so running the script twice produces
byte-identical files.  New vectors are appended after the existing ones (the
``random-nested/*`` section came after ``random/*``), which keep their order
and content.

Output format::

    {"generator": "gen_vectors.py", "msgpack_version": "1.2.4",
     "vectors": [{"name": ..., "canonical": bool, "value": V, "hex": ...}, ...]}

``V`` is a tagged value, a one-key object:

    {"nil": null}                 {"bool": true}
    {"int": "-12345"}             decimal string, i64::MIN..=u64::MAX
    {"f32": "3f800000"}           IEEE-754 bits, big-endian hex (8 digits)
    {"f64": "3ff0000000000000"}   IEEE-754 bits, big-endian hex (16 digits)
    {"str": "text"}               {"bin": "hex"}
    {"array": [V, ...]}           {"map": [[K, V], ...]}   (pairs in wire order)
    {"ext": {"type": -128..127, "data": "hex"}}
        type -1 is the timestamp extension; "data" is its raw payload
        (4, 8 or 12 bytes).
    {"uint_array": [n, ...]}      compact array: every element is an integer
                                  0 <= n < 2**53, written as a plain JSON number
    {"uint_map": [[k, v], ...]}   compact map: every key and value is an integer
                                  0 <= n < 2**53, as plain JSON numbers
                                  (pairs in wire order)

The two compact tags only shorten the JSON; they mean exactly the same as
``{"array": [{"int": "n"}, ...]}`` and ``{"map": [[{"int": "k"}, {"int": "v"}],
...]}`` (a reader can expand them to those).  They hold only leaves, never
nested values, and are used only for containers of at least ``COMPACT_MIN``
(256) elements -- in practice the 65536-element ``array/array32-65536`` and
``map/map32-65536``; every smaller container uses the tagged form.  The script
checks that no plain ``array``/``map`` of that size could have been compact.
The 2**53 bound keeps the numbers exact for JSON readers that use doubles.

``hex`` is the MessagePack encoding (lowercase hex).

* ``canonical: true``  -- the bytes are what ``msgpack.packb(value,
  use_bin_type=True)`` produced (``use_single_float=True`` for values whose
  floats are all f32).  A smallest-form encoder must write exactly these bytes.
  The only exception are the vectors named ``float/mixed-*``: the reference
  cannot emit f32 and f64 in the same ``packb`` call, so their bytes are the
  concatenation of reference outputs for each element (still the smallest
  form); the script checks this with its own smallest-form encoder.
* ``canonical: false`` -- hand-crafted (``struct.pack``) bytes that are valid
  but not the smallest form (e.g. uint16 holding 5).  A decoder must accept
  them and produce ``value``; an encoder is not expected to reproduce them.

Every vector is checked against the reference decoder::

    msgpack.unpackb(bytes, raw=False, strict_map_key=False, use_list=True,
                    timestamp=0, ext_hook=...)

must give back the Python value the vector was made from (types compared
strictly, floats compared by their bits, maps compared in wire order).  The
one deviation: vectors with an array as a map key are decoded with
``use_list=False``, because with ``use_list=True`` the reference builds a list
key and fails with ``TypeError: unhashable type: 'list'``.

Notes on reference behaviour that shaped the vectors:

* ``msgpack.ExtType`` refuses negative type ids ("code must be 0~127"), both
  when constructed by the user and in the default ``ext_hook``.  The packer
  itself writes any type byte, so negative ids are built with
  ``tuple.__new__(ExtType, (code, data))`` and decoded with a custom
  ``ext_hook``.
* Ext type -1 is always parsed as a timestamp by the decoder; an ext -1 whose
  payload is not a valid timestamp (length not 4/8/12, or nanoseconds >
  999999999) is rejected.  So every ext -1 here holds a valid timestamp.
* Python floats are packed as float64 unless ``use_single_float=True`` (then
  every float is float32); float map keys therefore come out as f64.
* A map cannot be a map key in Python, so no vector has one.
"""

import importlib.metadata
import json
import os
import random
import struct
import sys

import msgpack
from msgpack import ExtType, Timestamp

SEED = 20240611
GENERATOR = "gen_vectors.py"
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "vectors.json")

I64_MIN = -(2**63)
U64_MAX = 2**64 - 1
COMPACT_BOUND = 2**53  # uint_array / uint_map elements are below this
COMPACT_MIN = 256      # ... and those tags are used only from this many elements
COMPACT_TAGS = ("uint_array", "uint_map")


# ---------------------------------------------------------------------------
# Tagged values (V), exactly as they appear in the JSON file
# ---------------------------------------------------------------------------

def NIL():
    return {"nil": None}


def BOOL(b):
    assert isinstance(b, bool)
    return {"bool": b}


def INT(n):
    assert type(n) is int and I64_MIN <= n <= U64_MAX, n
    return {"int": str(n)}


def F32(x):
    """f32 from a Python float (must be exactly representable) or 4 raw bytes."""
    bits = x if isinstance(x, bytes) else struct.pack(">f", x)
    assert len(bits) == 4
    if not isinstance(x, bytes) and x == x:  # exactly representable?
        assert struct.unpack(">f", bits)[0] == x, x
    return {"f32": bits.hex()}


def F64(x):
    """f64 from a Python float or 8 raw bytes."""
    bits = x if isinstance(x, bytes) else struct.pack(">d", x)
    assert len(bits) == 8
    return {"f64": bits.hex()}


def STR(s):
    assert isinstance(s, str)
    s.encode("utf-8")  # no lone surrogates
    return {"str": s}


def BIN(b):
    return {"bin": bytes(b).hex()}


def ARR(items):
    return {"array": list(items)}


def MAP(pairs):
    return {"map": [[k, v] for k, v in pairs]}


def is_compact_uint(n):
    return type(n) is int and 0 <= n < COMPACT_BOUND  # type(): bools excluded


def UARR(ns):
    """Compact array of small non-negative integers (plain JSON numbers)."""
    ns = list(ns)
    assert len(ns) >= COMPACT_MIN, "small containers keep the tagged form"
    assert all(is_compact_uint(n) for n in ns)
    return {"uint_array": ns}


def UMAP(pairs):
    """Compact map whose keys and values are small non-negative integers."""
    pairs = [[k, v] for k, v in pairs]
    assert len(pairs) >= COMPACT_MIN, "small containers keep the tagged form"
    assert all(is_compact_uint(k) and is_compact_uint(v) for k, v in pairs)
    return {"uint_map": pairs}


def expand(v):
    """The tagged form of a compact value (other values unchanged)."""
    t = tag(v)
    if t == "uint_array":
        assert all(is_compact_uint(n) for n in v[t])
        return ARR(INT(n) for n in v[t])
    if t == "uint_map":
        assert all(len(p) == 2 and is_compact_uint(p[0]) and is_compact_uint(p[1]) for p in v[t])
        return MAP((INT(k), INT(e)) for k, e in v[t])
    return v


def EXT(code, data):
    assert -128 <= code <= 127
    if code == -1:
        Timestamp.from_bytes(bytes(data))  # must be a valid timestamp payload
    return {"ext": {"type": code, "data": bytes(data).hex()}}


def mkext(code, data):
    """An ExtType, bypassing its 0..127 check (the packer accepts any code)."""
    return tuple.__new__(ExtType, (code, bytes(data)))


def tag(v):
    (k,) = v.keys()
    return k


def walk(v):
    """Yield v and every value nested in it (compact elements as tagged INTs)."""
    yield v
    v = expand(v)
    t = tag(v)
    if t == "array":
        for e in v["array"]:
            yield from walk(e)
    elif t == "map":
        for k, e in v["map"]:
            yield from walk(k)
            yield from walk(e)


def has_tag(v, t):
    return any(tag(x) == t for x in walk(v))


def has_array_key(v):
    return any(tag(x) == "map" and any(tag(k) == "array" for k, _ in x["map"])
               for x in walk(v))


def has_nan(v):
    for x in walk(v):
        t = tag(x)
        if t == "f32" and struct.unpack(">f", bytes.fromhex(x[t]))[0] != struct.unpack(">f", bytes.fromhex(x[t]))[0]:
            return True
        if t == "f64" and struct.unpack(">d", bytes.fromhex(x[t]))[0] != struct.unpack(">d", bytes.fromhex(x[t]))[0]:
            return True
    return False


# ---------------------------------------------------------------------------
# V -> Python value (what the reference packs / what it should decode to)
# ---------------------------------------------------------------------------

def to_py(v, tuples=False, key=False):
    v = expand(v)
    t = tag(v)
    x = v[t]
    if t == "nil":
        return None
    if t == "bool":
        return x
    if t == "int":
        return int(x)
    if t == "f32":
        return struct.unpack(">f", bytes.fromhex(x))[0]
    if t == "f64":
        return struct.unpack(">d", bytes.fromhex(x))[0]
    if t == "str":
        return x
    if t == "bin":
        return bytes.fromhex(x)
    if t == "array":
        items = [to_py(e, tuples, key) for e in x]
        return tuple(items) if (tuples or key) else items
    if t == "map":
        assert not key, "a map cannot be a Python dict key"
        d = {}
        for k, e in x:
            pk = to_py(k, tuples, key=True)
            assert pk not in d, ("duplicate key (Python equality)", k)
            d[pk] = to_py(e, tuples)
        return d
    if t == "ext":
        data = bytes.fromhex(x["data"])
        if x["type"] == -1:
            return Timestamp.from_bytes(data)
        return mkext(x["type"], data)
    raise AssertionError(t)


def py_matches(obj, v, list_type):
    """Strict comparison of a decoded Python object against V."""
    v = expand(v)
    t = tag(v)
    x = v[t]
    if t == "nil":
        return obj is None
    if t == "bool":
        return obj is x
    if t == "int":
        return type(obj) is int and obj == int(x)
    if t == "f32":
        return type(obj) is float and struct.pack(">f", obj).hex() == x \
            and struct.pack(">d", obj) == struct.pack(">d", struct.unpack(">f", bytes.fromhex(x))[0])
    if t == "f64":
        return type(obj) is float and struct.pack(">d", obj).hex() == x
    if t == "str":
        return type(obj) is str and obj == x
    if t == "bin":
        return type(obj) is bytes and obj.hex() == x
    if t == "array":
        return type(obj) is list_type and len(obj) == len(x) \
            and all(py_matches(o, e, list_type) for o, e in zip(obj, x))
    if t == "map":
        if type(obj) is not dict or len(obj) != len(x):
            return False
        return all(py_matches(ok, k, list_type) and py_matches(ov, e, list_type)
                   for (ok, ov), (k, e) in zip(obj.items(), x))
    if t == "ext":
        data = bytes.fromhex(x["data"])
        if x["type"] == -1:
            return type(obj) is Timestamp and obj == Timestamp.from_bytes(data)
        return isinstance(obj, ExtType) and obj.code == x["type"] and obj.data == data
    raise AssertionError(t)


# ---------------------------------------------------------------------------
# Independent smallest-form encoder, used to cross-check V against the bytes
# ---------------------------------------------------------------------------

def enc(v):
    v = expand(v)
    t = tag(v)
    x = v[t]
    if t == "nil":
        return b"\xc0"
    if t == "bool":
        return b"\xc3" if x else b"\xc2"
    if t == "int":
        n = int(x)
        if 0 <= n <= 0x7F:
            return struct.pack("B", n)
        if -32 <= n < 0:
            return struct.pack("b", n)
        if 0 <= n <= 0xFF:
            return b"\xcc" + struct.pack(">B", n)
        if 0 <= n <= 0xFFFF:
            return b"\xcd" + struct.pack(">H", n)
        if 0 <= n <= 0xFFFFFFFF:
            return b"\xce" + struct.pack(">I", n)
        if 0 <= n:
            return b"\xcf" + struct.pack(">Q", n)
        if n >= -0x80:
            return b"\xd0" + struct.pack(">b", n)
        if n >= -0x8000:
            return b"\xd1" + struct.pack(">h", n)
        if n >= -0x80000000:
            return b"\xd2" + struct.pack(">i", n)
        return b"\xd3" + struct.pack(">q", n)
    if t == "f32":
        return b"\xca" + bytes.fromhex(x)
    if t == "f64":
        return b"\xcb" + bytes.fromhex(x)
    if t in ("str", "bin"):
        data = x.encode("utf-8") if t == "str" else bytes.fromhex(x)
        n = len(data)
        if t == "str" and n <= 31:
            return struct.pack("B", 0xA0 | n) + data
        if n <= 0xFF:
            return (b"\xd9" if t == "str" else b"\xc4") + struct.pack(">B", n) + data
        if n <= 0xFFFF:
            return (b"\xda" if t == "str" else b"\xc5") + struct.pack(">H", n) + data
        return (b"\xdb" if t == "str" else b"\xc6") + struct.pack(">I", n) + data
    if t in ("array", "map"):
        n = len(x)
        fix, c16, c32 = (0x90, b"\xdc", b"\xdd") if t == "array" else (0x80, b"\xde", b"\xdf")
        if n <= 15:
            head = struct.pack("B", fix | n)
        elif n <= 0xFFFF:
            head = c16 + struct.pack(">H", n)
        else:
            head = c32 + struct.pack(">I", n)
        if t == "array":
            return head + b"".join(enc(e) for e in x)
        return head + b"".join(enc(k) + enc(e) for k, e in x)
    if t == "ext":
        data = bytes.fromhex(x["data"])
        code = struct.pack("b", x["type"])
        n = len(data)
        fixext = {1: 0xD4, 2: 0xD5, 4: 0xD6, 8: 0xD7, 16: 0xD8}
        if n in fixext:
            return struct.pack("B", fixext[n]) + code + data
        if n <= 0xFF:
            return b"\xc7" + struct.pack(">B", n) + code + data
        if n <= 0xFFFF:
            return b"\xc8" + struct.pack(">H", n) + code + data
        return b"\xc9" + struct.pack(">I", n) + code + data
    raise AssertionError(t)


# ---------------------------------------------------------------------------
# Reference helpers
# ---------------------------------------------------------------------------

def ref_pack(v):
    """Reference encoding of V (V must not mix f32 and f64)."""
    single = has_tag(v, "f32")
    assert not (single and has_tag(v, "f64")), "mixed f32/f64: build bytes by hand"
    return msgpack.packb(to_py(v), use_bin_type=True, use_single_float=single)


def ref_unpack(b, use_list=True):
    return msgpack.unpackb(b, raw=False, strict_map_key=False, use_list=use_list,
                           timestamp=0, ext_hook=mkext)


def ts_payload(secs, nanos):
    """Raw ext -1 payload, with the layout chosen by the reference packer."""
    b = msgpack.packb(Timestamp(secs, nanos))
    if b[0] == 0xD6 or b[0] == 0xD7:
        assert b[1] == 0xFF
        data = b[2:]
    else:
        assert b[:3] == b"\xc7\x0c\xff", b.hex()
        data = b[3:]
    assert data == Timestamp(secs, nanos).to_bytes()
    return data


def TS(secs, nanos=0):
    return EXT(-1, ts_payload(secs, nanos))


# ---------------------------------------------------------------------------
# Vector collection
# ---------------------------------------------------------------------------

VECTORS = []
NAMES = set()


def check_roundtrip(name, b, v):
    use_list = not has_array_key(v)
    obj = ref_unpack(b, use_list=use_list)
    assert py_matches(obj, v, list if use_list else tuple), (name, obj)
    if not has_nan(v):
        assert obj == to_py(v, tuples=not use_list), name


def add(name, v, canonical_bytes=None):
    """A canonical vector; bytes come from the reference packer."""
    assert name not in NAMES, name
    NAMES.add(name)
    if canonical_bytes is None:
        b = ref_pack(v)
    else:  # mixed f32/f64 values, assembled from reference outputs
        b = canonical_bytes
    assert enc(v) == b, (name, enc(v).hex(), b.hex())
    check_roundtrip(name, b, v)
    VECTORS.append({"name": name, "canonical": True, "value": v, "hex": b.hex()})


def add_nc(name, b, v, expected):
    """A non-canonical vector: hand-crafted bytes, valid but not smallest-form."""
    assert name not in NAMES, name
    NAMES.add(name)
    assert to_py(v) == expected, name
    assert b != ref_pack(v), (name, "is actually what the reference writes")
    # Usually the bytes also differ from the smallest framing of V.  The
    # exception are timestamps in a wider *payload layout* inside the
    # smallest ext framing (e.g. 96-bit layout for 1 second): as a raw
    # ext -1 value they are smallest-form, as a timestamp they are not.
    is_ts_layout = tag(v) == "ext" and v["ext"]["type"] == -1 and b == enc(v)
    assert b != enc(v) or is_ts_layout, (name, "is actually canonical")
    if not is_ts_layout:
        assert ref_pack(v) == enc(v), name
    got = msgpack.unpackb(b, raw=False, strict_map_key=False, ext_hook=mkext)
    assert got == expected and type(got) is type(expected), (name, got)
    check_roundtrip(name, b, v)
    # Re-encoding the decoded value gives the reference's canonical form.
    assert msgpack.packb(got, use_bin_type=True) == ref_pack(v), name
    VECTORS.append({"name": name, "canonical": False, "value": v, "hex": b.hex()})


def pattern_text(n):
    alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    return (alphabet * (n // len(alphabet) + 1))[:n]


def pattern_bytes(n):
    return bytes(i & 0xFF for i in range(n))


# --- scalars ---------------------------------------------------------------

def gen_scalars():
    add("nil", NIL())
    add("bool/false", BOOL(False))
    add("bool/true", BOOL(True))

    ints = [
        ("pos-fixint", [0, 1, 127]),
        ("uint8", [128, 255]),
        ("uint16", [256, 65535]),
        ("uint32", [65536, 4294967295]),
        ("uint64", [4294967296, 9223372036854775807, 9223372036854775808,
                    18446744073709551615]),
        ("neg-fixint", [-1, -32]),
        ("int8", [-33, -128]),
        ("int16", [-129, -32768]),
        ("int32", [-32769, -2147483648]),
        ("int64", [-2147483649, -9223372036854775808]),
    ]
    for fmt, values in ints:
        for n in values:
            add(f"int/{fmt}/{n}", INT(n))

    f32 = [
        ("0.0", 0.0), ("-0.0", -0.0), ("1.0", 1.0), ("1.5", 1.5), ("-2.5", -2.5),
        ("inf", float("inf")), ("-inf", float("-inf")), ("nan", float("nan")),
        ("min-subnormal", struct.unpack(">f", bytes.fromhex("00000001"))[0]),
        ("min-normal", struct.unpack(">f", bytes.fromhex("00800000"))[0]),
        ("max", struct.unpack(">f", bytes.fromhex("7f7fffff"))[0]),
        ("-max", struct.unpack(">f", bytes.fromhex("ff7fffff"))[0]),
    ]
    for name, x in f32:
        add(f"f32/{name}", F32(x))

    f64 = [
        ("0.0", 0.0), ("-0.0", -0.0), ("1.0", 1.0), ("0.1", 0.1), ("-1.5", -1.5),
        ("1e308", 1e308), ("inf", float("inf")), ("-inf", float("-inf")),
        ("nan", float("nan")), ("min-subnormal", 5e-324),
        ("max", sys.float_info.max), ("min-normal", sys.float_info.min),
        ("2^64", 18446744073709551616.0),
    ]
    for name, x in f64:
        add(f"f64/{name}", F64(x))
    # NaNs with other bit patterns: the reference copies the 8 bytes verbatim.
    add("f64/nan-negative", F64(bytes.fromhex("fff8000000000000")))
    add("f64/nan-payload", F64(bytes.fromhex("7ff8000000000123")))
    add("f64/nan-signalling", F64(bytes.fromhex("7ff0000000000001")))

    # Arrays/maps of f32 only (use_single_float=True).
    add("f32/array", ARR([F32(1.5), F32(-0.0), F32(float("inf")), F32(float("nan"))]))
    add("f32/map-key", MAP([(F32(0.25), F32(-1.0)), (STR("x"), F32(3.0))]))

    # Mixed f32/f64: the reference cannot do this in one call; concatenate.
    def single(x):
        return msgpack.packb(x, use_single_float=True)

    def double(x):
        return msgpack.packb(x)

    add("float/mixed-array", ARR([F32(1.5), F64(1.5), F32(float("nan")), F64(0.1)]),
        canonical_bytes=b"\x94" + single(1.5) + double(1.5) + single(float("nan")) + double(0.1))
    add("float/mixed-map", MAP([(F32(2.0), F64(2.0)), (F64(-0.5), F32(-0.5))]),
        canonical_bytes=b"\x82" + single(2.0) + double(2.0) + double(-0.5) + single(-0.5))


# --- str / bin ---------------------------------------------------------------

def gen_str_bin():
    add("str/empty", STR(""))
    add("str/fixstr-1", STR("a"))
    add("str/fixstr-31", STR(pattern_text(31)))
    add("str/str8-32", STR(pattern_text(32)))
    add("str/str8-255", STR(pattern_text(255)))
    add("str/str16-256", STR(pattern_text(256)))
    add("str/str16-65535", STR(pattern_text(65535)))
    add("str/str32-65536", STR(pattern_text(65536)))

    add("str/utf8-e-acute", STR("\u00e9"))
    add("str/utf8-cjk", STR("\u65e5\u672c\u8a9e"))
    add("str/utf8-emoji", STR("\U0001F600"))
    add("str/utf8-mixed", STR("a\u00e9\u65e5\U0001F600z"))
    add("str/utf8-edge-codepoints", STR("\u007f\u0080\u07ff\u0800\uffff\U00010000\U0010ffff"))
    add("str/controls-and-nul", STR("\x00\x01\t\n\r\x1f\x7f\"\\/\u2028\u2029"))
    # Byte length decides the format, not the character count.
    add("str/utf8-fixstr-31-bytes-16-chars", STR("\u00e9" * 15 + "a"))
    add("str/utf8-str8-32-bytes-16-chars", STR("\u00e9" * 16))
    add("str/utf8-str8-33-bytes-11-chars", STR("\u65e5" * 11))
    add("str/utf8-str8-32-bytes-8-chars", STR("\U0001F600" * 8))
    add("str/utf8-str8-255-bytes-66-chars", STR("\U0001F600" * 63 + "abc"))
    add("str/utf8-str16-256-bytes-64-chars", STR("\U0001F600" * 64))

    add("bin/empty", BIN(b""))
    add("bin/bin8-1", BIN(b"\x00"))
    add("bin/bin8-3", BIN(b"\x00\xff\x80"))
    add("bin/bin8-255", BIN(pattern_bytes(255)))
    add("bin/bin16-256", BIN(pattern_bytes(256)))
    add("bin/bin16-65535", BIN(pattern_bytes(65535)))
    add("bin/bin32-65536", BIN(pattern_bytes(65536)))


# --- containers ----------------------------------------------------------------

def small_ints(n):
    return [INT(i % 10) for i in range(n)]


def int_map(n):
    return MAP([(INT(i), INT(i % 10)) for i in range(n)])


def small_uints_compact(n):
    """Same value as ARR(small_ints(n)), in the compact uint_array form."""
    return UARR(i % 10 for i in range(n))


def int_map_compact(n):
    """Same value as int_map(n), in the compact uint_map form."""
    return UMAP((i, i % 10) for i in range(n))


def gen_containers():
    add("array/empty", ARR([]))
    add("array/fixarray-1", ARR([INT(1)]))
    add("array/fixarray-15", ARR(small_ints(15)))
    add("array/array16-16", ARR(small_ints(16)))
    # array16-65535 is not generated (size); the Rust tests cover the
    # array16/array32 boundary with their own byte-exact vectors.
    add("array/array32-65536", small_uints_compact(65536))
    add("array/mixed-scalars", ARR([NIL(), BOOL(True), BOOL(False), INT(-1), INT(U64_MAX),
                                    F64(0.5), STR("s"), BIN(b"\x01"), EXT(5, b"\x07"), TS(1)]))
    add("array/nested-empty", ARR([ARR([])]))
    add("array/nested", ARR([INT(1), ARR([INT(2), ARR([INT(3), ARR([])])]),
                             STR("a"), ARR([NIL(), BOOL(True)])]))
    deep = ARR([])
    for _ in range(19):
        deep = ARR([deep])
    add("array/nested-depth-20", deep)
    add("array/nested-16-arrays-of-16", ARR([ARR(small_ints(16)) for _ in range(16)]))

    add("map/empty", MAP([]))
    add("map/fixmap-1", MAP([(STR("a"), INT(1))]))
    add("map/fixmap-15", int_map(15))
    add("map/map16-16", int_map(16))
    # map16-65535 is not generated (size); see array16-65535 above.
    add("map/map32-65536", int_map_compact(65536))
    add("map/str-keys-wire-order", MAP([(STR(k), INT(i)) for i, k in
                                        enumerate(["zeta", "alpha", "mid", "", "Alpha", "b"])]))
    add("map/int-keys", MAP([(INT(k), STR(str(k))) for k in [3, 1, 2, 127, 128, 300, 70000, 2**40, U64_MAX]]))
    add("map/negative-int-keys", MAP([(INT(k), INT(i)) for i, k in
                                      enumerate([-1, -32, -33, -128, -129, -40000, -2**40, I64_MIN])]))
    add("map/nil-key", MAP([(NIL(), STR("nil"))]))
    add("map/bool-keys", MAP([(BOOL(True), INT(1)), (BOOL(False), INT(0))]))
    add("map/float-keys", MAP([(F64(1.5), STR("a")), (F64(-0.0), STR("b")),
                               (F64(float("inf")), STR("c")), (F64(0.1), STR("d"))]))
    add("map/bin-keys", MAP([(BIN(b""), INT(0)), (BIN(b"\x00"), INT(1)), (BIN(b"\xff\xfe"), INT(2))]))
    add("map/array-keys", MAP([(ARR([INT(1), INT(2)]), STR("a")), (ARR([]), STR("b")),
                               (ARR([STR("x"), NIL()]), STR("c"))]))
    add("map/nested-array-keys", MAP([(ARR([INT(1), ARR([INT(2), ARR([INT(3)])])]), INT(1))]))
    add("map/ext-keys", MAP([(EXT(1, b"\x01"), INT(1)), (EXT(-128, b"ab"), INT(2)), (TS(5), INT(3))]))
    add("map/mixed-keys", MAP([
        (INT(1), STR("int")), (STR("1"), STR("str")), (NIL(), STR("nil")),
        (BOOL(False), STR("bool")), (F64(2.5), STR("float")), (BIN(b"1"), STR("bin")),
        (ARR([INT(1)]), STR("array")), (INT(-1), STR("negint")),
        (EXT(42, b"\x00\x01"), STR("ext")), (TS(0, 1), STR("timestamp")),
    ]))
    add("map/nested", MAP([(STR("a"), MAP([(STR("b"), MAP([(STR("c"), ARR([]))]))])),
                           (STR("m"), MAP([])), (STR("l"), ARR([MAP([(INT(1), NIL())])]))]))
    add("map/array-of-maps", ARR([MAP([(STR("id"), INT(i)), (STR("ok"), BOOL(i % 2 == 0))])
                                  for i in range(3)]))


# --- ext / timestamps ------------------------------------------------------------

def gen_ext():
    for n, code in [(1, 1), (2, 2), (4, 4), (8, 8), (16, 16)]:
        add(f"ext/fixext{n}", EXT(code, pattern_bytes(n)))
    for n in (0, 3, 17, 255):
        add(f"ext/ext8-{n}", EXT(7, pattern_bytes(n)))
    add("ext/ext16-256", EXT(7, pattern_bytes(256)))
    add("ext/ext32-65536", EXT(7, pattern_bytes(65536)))
    for code in (0, 127, -128, -2, -100):
        add(f"ext/type{code}-fixext1", EXT(code, b"\xaa"))
    add("ext/type-128-ext8-0", EXT(-128, b""))
    add("ext/type127-ext8-5", EXT(127, b"hello"))
    add("ext/type-2-fixext16", EXT(-2, pattern_bytes(16)))

    ts = [
        ("32/zero", 0, 0), ("32/one", 1, 0), ("32/max", 4294967295, 0),
        ("64/secs1-nanos1", 1, 1), ("64/secs0-nanos1", 0, 1),
        ("64/secs2^32", 4294967296, 0), ("64/max", 17179869183, 999999999),
        ("64/typical", 1700000000, 123456789),
        ("96/minus1", -1, 0), ("96/minus1-nanos-max", -1, 999999999),
        ("96/secs2^34", 17179869184, 0), ("96/secs2^34-nanos1", 17179869184, 1),
        ("96/i64-min", I64_MIN, 0), ("96/i64-max", 2**63 - 1, 999999999),
    ]
    for name, s, ns in ts:
        add(f"timestamp/{name}", TS(s, ns))


# --- non-canonical forms ------------------------------------------------------------

def gen_noncanonical():
    P = struct.pack
    # Integers wider than needed.
    for name, b, n in [
        ("uint8-0", b"\xcc" + P(">B", 0), 0),
        ("uint8-5", b"\xcc" + P(">B", 5), 5),
        ("uint16-5", b"\xcd" + P(">H", 5), 5),
        ("uint32-5", b"\xce" + P(">I", 5), 5),
        ("uint64-5", b"\xcf" + P(">Q", 5), 5),
        ("uint16-200", b"\xcd" + P(">H", 200), 200),
        ("uint32-65535", b"\xce" + P(">I", 65535), 65535),
        ("uint64-4294967295", b"\xcf" + P(">Q", 4294967295), 4294967295),
        ("int8-0", b"\xd0" + P(">b", 0), 0),
        ("int8-5", b"\xd0" + P(">b", 5), 5),
        ("int16-5", b"\xd1" + P(">h", 5), 5),
        ("int32-5", b"\xd2" + P(">i", 5), 5),
        ("int64-5", b"\xd3" + P(">q", 5), 5),
        ("int16-200", b"\xd1" + P(">h", 200), 200),
        ("int32-65535", b"\xd2" + P(">i", 65535), 65535),
        ("int64-4294967296", b"\xd3" + P(">q", 4294967296), 4294967296),
        ("int64-i64-max", b"\xd3" + P(">q", 2**63 - 1), 2**63 - 1),
        ("int8--1", b"\xd0" + P(">b", -1), -1),
        ("int16--1", b"\xd1" + P(">h", -1), -1),
        ("int32--1", b"\xd2" + P(">i", -1), -1),
        ("int64--1", b"\xd3" + P(">q", -1), -1),
        ("int8--32", b"\xd0" + P(">b", -32), -32),
        ("int16--100", b"\xd1" + P(">h", -100), -100),
        ("int32--32768", b"\xd2" + P(">i", -32768), -32768),
        ("int64--2147483648", b"\xd3" + P(">q", -2147483648), -2147483648),
    ]:
        add_nc(f"noncanonical/int/{name}", b, INT(n), n)

    # Strings.
    for name, b, s in [
        ("str8-empty", b"\xd9\x00", ""),
        ("str8-3", b"\xd9\x03abc", "abc"),
        ("str16-3", b"\xda" + P(">H", 3) + b"abc", "abc"),
        ("str32-3", b"\xdb" + P(">I", 3) + b"abc", "abc"),
        ("str16-empty", b"\xda\x00\x00", ""),
        ("str32-empty", b"\xdb\x00\x00\x00\x00", ""),
        ("str16-32", b"\xda" + P(">H", 32) + pattern_text(32).encode(), pattern_text(32)),
        ("str32-utf8", b"\xdb" + P(">I", 4) + "\U0001F600".encode(), "\U0001F600"),
    ]:
        add_nc(f"noncanonical/str/{name}", b, STR(s), s)

    # Binaries.
    for name, b, data in [
        ("bin16-3", b"\xc5" + P(">H", 3) + b"\x01\x02\x03", b"\x01\x02\x03"),
        ("bin32-3", b"\xc6" + P(">I", 3) + b"\x01\x02\x03", b"\x01\x02\x03"),
        ("bin16-empty", b"\xc5\x00\x00", b""),
        ("bin32-empty", b"\xc6\x00\x00\x00\x00", b""),
    ]:
        add_nc(f"noncanonical/bin/{name}", b, BIN(data), data)

    # Arrays.
    add_nc("noncanonical/array/array16-empty", b"\xdc\x00\x00", ARR([]), [])
    add_nc("noncanonical/array/array32-empty", b"\xdd\x00\x00\x00\x00", ARR([]), [])
    add_nc("noncanonical/array/array16-1", b"\xdc\x00\x01\x01", ARR([INT(1)]), [1])
    add_nc("noncanonical/array/array32-1", b"\xdd\x00\x00\x00\x01\x01", ARR([INT(1)]), [1])
    add_nc("noncanonical/array/array16-15", b"\xdc" + P(">H", 15) + bytes(i % 10 for i in range(15)),
           ARR(small_ints(15)), [i % 10 for i in range(15)])
    add_nc("noncanonical/array/array32-16", b"\xdd" + P(">I", 16) + bytes(i % 10 for i in range(16)),
           ARR(small_ints(16)), [i % 10 for i in range(16)])

    # Maps.
    add_nc("noncanonical/map/map16-empty", b"\xde\x00\x00", MAP([]), {})
    add_nc("noncanonical/map/map32-empty", b"\xdf\x00\x00\x00\x00", MAP([]), {})
    add_nc("noncanonical/map/map16-1", b"\xde\x00\x01\xa1a\x01", MAP([(STR("a"), INT(1))]), {"a": 1})
    add_nc("noncanonical/map/map32-1", b"\xdf\x00\x00\x00\x01\xa1a\x01", MAP([(STR("a"), INT(1))]), {"a": 1})
    add_nc("noncanonical/map/map32-2-int-keys", b"\xdf\x00\x00\x00\x02\x01\xc0\xff\xc3",
           MAP([(INT(1), NIL()), (INT(-1), BOOL(True))]), {1: None, -1: True})

    # Ext written with ext8/16/32 instead of fixext (or a wider length field).
    for n in (1, 2, 4, 8, 16):
        data = pattern_bytes(n)
        add_nc(f"noncanonical/ext/ext8-{n}", b"\xc7" + P(">Bb", n, 9) + data, EXT(9, data), mkext(9, data))
    add_nc("noncanonical/ext/ext16-1", b"\xc8" + P(">Hb", 1, 9) + b"\x01", EXT(9, b"\x01"), mkext(9, b"\x01"))
    add_nc("noncanonical/ext/ext16-0", b"\xc8" + P(">Hb", 0, 9), EXT(9, b""), mkext(9, b""))
    add_nc("noncanonical/ext/ext32-3", b"\xc9" + P(">Ib", 3, -5) + b"abc", EXT(-5, b"abc"), mkext(-5, b"abc"))
    add_nc("noncanonical/ext/ext32-4", b"\xc9" + P(">Ib", 4, 9) + b"abcd", EXT(9, b"abcd"), mkext(9, b"abcd"))

    # Timestamps in a wider layout (or a wider ext header) than needed.
    def ts96(secs, nanos):
        return P(">Iq", nanos, secs)

    def ts64(secs, nanos):
        return P(">Q", (nanos << 34) | secs)

    def ts32(secs):
        return P(">I", secs)

    for name, b, data, secs, nanos in [
        ("96-layout-secs1", b"\xc7\x0c\xff" + ts96(1, 0), ts96(1, 0), 1, 0),
        ("96-layout-zero", b"\xc7\x0c\xff" + ts96(0, 0), ts96(0, 0), 0, 0),
        ("96-layout-secs1-nanos1", b"\xc7\x0c\xff" + ts96(1, 1), ts96(1, 1), 1, 1),
        ("64-layout-secs1", b"\xd7\xff" + ts64(1, 0), ts64(1, 0), 1, 0),
        ("64-layout-u32-max", b"\xd7\xff" + ts64(4294967295, 0), ts64(4294967295, 0), 4294967295, 0),
        ("32-layout-in-ext8", b"\xc7\x04\xff" + ts32(1), ts32(1), 1, 0),
        ("64-layout-in-ext8", b"\xc7\x08\xff" + ts64(1, 1), ts64(1, 1), 1, 1),
        ("96-layout-in-ext16", b"\xc8\x00\x0c\xff" + ts96(-1, 0), ts96(-1, 0), -1, 0),
    ]:
        add_nc(f"noncanonical/timestamp/{name}", b, EXT(-1, data), Timestamp(secs, nanos))

    # Non-canonical pieces nested inside a canonical container.
    add_nc("noncanonical/nested",
           b"\x93" + b"\xcd\x00\x05" + b"\xde\x00\x01" + b"\xd1\xff\xff" + b"\xd9\x01x" + b"\xdc\x00\x00",
           ARR([INT(5), MAP([(INT(-1), STR("x"))]), ARR([])]), [5, {-1: "x"}, []])


# ---------------------------------------------------------------------------
# Random section
# ---------------------------------------------------------------------------

INT_BOUNDS = [0, 127, 128, 255, 256, 65535, 65536, 2**32 - 1, 2**32, 2**63 - 1, 2**63, U64_MAX,
              -1, -32, -33, -128, -129, -32768, -32769, -2**31, -2**31 - 1, I64_MIN]
CHAR_POOLS = [
    [chr(c) for c in range(0x20, 0x7F)],
    [chr(c) for c in range(0x00, 0x20)] + ["\x7f"],
    [chr(c) for c in range(0xA0, 0x180)],
    [chr(c) for c in range(0x3040, 0x30A0)] + [chr(c) for c in range(0x4E00, 0x4F00)],
    [chr(c) for c in range(0x1F600, 0x1F650)] + ["\U00010000", "\U0010ffff", "\uffff", "\ufeff"],
]
MAX_DEPTH = 6
MAX_ITEMS = 20


class RandomValues:
    def __init__(self, rng):
        self.rng = rng

    def value(self, single):
        r = self.rng
        self.single = single  # all floats f32 (True) or all f64 (False)
        p = r.random()
        self.budget = r.randint(1, 12) if p < 0.5 else r.randint(12, 40) if p < 0.9 else r.randint(40, 120)
        if r.random() < 0.85:
            return self.container(1)
        return self.scalar()

    def any(self, depth):
        if depth < MAX_DEPTH and self.budget > 0 and self.rng.random() < 0.3:
            return self.container(depth + 1)
        return self.scalar()

    def container(self, depth):
        r = self.rng
        n = min(r.randint(0, MAX_ITEMS), max(self.budget, 0))
        self.budget -= n + 1
        if r.random() < 0.5:
            return ARR([self.any(depth) for _ in range(n)])
        pairs, seen = [], {}
        for _ in range(n):
            k = self.key()
            pk = to_py(k, key=True)
            if pk in seen:  # equal under Python rules (1 == 1.0 == True) -> skip
                continue
            seen[pk] = True
            pairs.append((k, self.any(depth)))
        return MAP(pairs)

    def key(self):
        r = self.rng
        p = r.random()
        if p < 0.42:
            return self.int()
        if p < 0.84:
            return self.str()
        if p < 0.86:
            return NIL()
        if p < 0.89:
            return BOOL(r.random() < 0.5)
        if p < 0.92:
            while True:
                f = self.float()
                if not has_nan(f):
                    return f
        if p < 0.95:
            return self.bin()
        if p < 0.97:
            return ARR([r.choice([self.int, self.str, self.bin])() for _ in range(r.randint(0, 3))])
        if p < 0.985:
            return self.ext()
        return self.timestamp()

    def scalar(self):
        r = self.rng
        p = r.random()
        if p < 0.06:
            return NIL()
        if p < 0.12:
            return BOOL(r.random() < 0.5)
        if p < 0.42:
            return self.int()
        if p < 0.57:
            return self.float()
        if p < 0.80:
            return self.str()
        if p < 0.88:
            return self.bin()
        if p < 0.95:
            return self.ext()
        return self.timestamp()

    def int(self):
        r = self.rng
        p = r.random()
        if p < 0.2:
            n = r.randint(0, 127)
        elif p < 0.3:
            n = r.randint(-32, -1)
        elif p < 0.5:
            n = min(max(r.choice(INT_BOUNDS) + r.randint(-2, 2), I64_MIN), U64_MAX)
        elif p < 0.7:
            n = r.randint(0, 2 ** r.choice([8, 16, 32, 64]) - 1)
        elif p < 0.85:
            n = r.randint(-2 ** (r.choice([8, 16, 32, 64]) - 1), -1)
        else:
            n = r.randint(I64_MIN, U64_MAX)
        return INT(n)

    def float(self):
        r = self.rng
        p = r.random()
        if self.single:
            if p < 0.2:
                return F32(r.choice([0.0, -0.0, 1.0, -1.0, 0.5, float("inf"), float("-inf"), float("nan"),
                                     struct.unpack(">f", bytes.fromhex("00000001"))[0],
                                     struct.unpack(">f", bytes.fromhex("7f7fffff"))[0]]))
            if p < 0.5:
                return F32(struct.unpack(">f", struct.pack(">f", r.uniform(-1e6, 1e6)))[0])
            if p < 0.6:
                return F32(float(r.randint(-1000, 1000)))
            bits = r.getrandbits(32).to_bytes(4, "big")
            if struct.unpack(">f", bits)[0] != struct.unpack(">f", bits)[0]:
                bits = bytes.fromhex("7fc00000")  # keep f32 NaNs canonical
            return F32(bits)
        if p < 0.2:
            return F64(r.choice([0.0, -0.0, 1.0, -1.0, 0.1, float("inf"), float("-inf"), float("nan"),
                                 5e-324, sys.float_info.max, sys.float_info.min, 1e300, -1e-300]))
        if p < 0.5:
            return F64(r.uniform(-1e6, 1e6))
        if p < 0.6:
            return F64(float(r.randint(-1000, 1000)))
        if p < 0.7:
            return F64(r.uniform(-1, 1) * 10.0 ** r.randint(-300, 300))
        return F64(r.getrandbits(64).to_bytes(8, "big"))

    def length(self):
        r = self.rng
        p = r.random()
        if p < 0.6:
            return r.randint(0, 12)
        if p < 0.9:
            return r.randint(13, 40)   # around the fixstr/str8 boundary
        if p < 0.98:
            return r.randint(250, 260)  # around the 8/16-bit length boundary
        return r.randint(261, 400)

    def str(self):
        r = self.rng
        n = self.length()
        pool = r.choice(CHAR_POOLS) if r.random() < 0.7 else sum(CHAR_POOLS, [])
        return STR("".join(r.choice(pool) for _ in range(n)))

    def bin(self):
        r = self.rng
        return BIN(bytes(r.getrandbits(8) for _ in range(self.length())))

    def ext(self):
        r = self.rng
        code = r.randint(-128, 126)
        if code == -1:
            code = 127
        n = r.choice([0, 1, 2, 3, 4, 8, 16, 17]) if r.random() < 0.6 else self.length()
        return EXT(code, bytes(r.getrandbits(8) for _ in range(n)))

    def timestamp(self):
        r = self.rng
        p = r.random()
        if p < 0.3:
            return TS(r.randint(0, 2**32 - 1))
        if p < 0.6:
            return TS(r.randint(0, 2**34 - 1), r.randint(0, 999999999))
        if p < 0.8:
            return TS(r.randint(-2**40, -1), r.choice([0, r.randint(0, 999999999)]))
        return TS(r.randint(I64_MIN, 2**63 - 1), r.randint(0, 999999999))


def gen_random():
    rng = random.Random(SEED)
    gen = RandomValues(rng)
    for i in range(200):
        add(f"random/{i:03d}", gen.value(single=rng.random() < 0.2))


# --- random nested section (appended after the first random section) ---------
#
# A second seeded stream (SEED_NESTED, so the vectors above stay exactly as
# they were) aimed at what the first section reaches rarely or not at all:
# map keys of every type the reference can hash (ints at every boundary,
# negative ints, nil, bools, floats, bin, ext, timestamps, strings) including
# arrays as keys nested up to three levels with keys of any of those types
# inside (Python tuples); strings whose UTF-8 *byte* length sits on a format
# boundary (31/32, 255/256, 65535/65536) built from multi-byte characters;
# ext payloads of every length 0..18 and around 255/256 and 65535/65536, any
# type id but -1; timestamps on the 32/64/96-bit layout boundaries; containers
# of 15/16/17 items (fix -> 16-bit header).

SEED_NESTED = SEED + 1
NESTED_COUNT = 150
STR_BYTE_LENS = [0, 1, 2, 3, 4, 5, 30, 31, 32, 33, 254, 255, 256, 257]
EXT_LENS = list(range(19)) + [254, 255, 256, 257]
# Items with a 16/32-bit length boundary size, each placed once somewhere in the section
# (they dominate the file size, so there are only these).
BIG_ITEMS = [("str", 65535), ("str", 65536), ("ext", 65535)]
MULTIBYTE_POOLS = [
    [chr(c) for c in range(0xA0, 0x800)],                             # 2 bytes
    [chr(c) for c in range(0x3040, 0x30A0)] + [chr(c) for c in range(0x4E00, 0x4F00)]
    + ["\uffff", "\ufeff", "\u0800", "\u2028"],                       # 3 bytes
    [chr(c) for c in range(0x1F600, 0x1F650)] + ["\U00010000", "\U0010ffff"],  # 4 bytes
]
TS_SECS = [0, 1, 2**32 - 1, 2**32, 2**34 - 1, 2**34, -1, -2**31, 2**63 - 1, I64_MIN]


def utf8_bytes_len(v):
    return len(v["str"].encode("utf-8"))


class NestedValues(RandomValues):
    def __init__(self, rng):
        super().__init__(rng)
        self.big = list(BIG_ITEMS)

    def take_big(self, kind):
        """The pending boundary size of this kind, once, at a random place."""
        for i, (k, n) in enumerate(self.big):
            if k == kind and self.rng.random() < 0.04:
                del self.big[i]
                return n
        return None

    def container(self, depth):
        r = self.rng
        n = r.choice([15, 16, 17]) if r.random() < 0.1 else r.randint(0, 10)
        n = min(n, max(self.budget, 0))
        self.budget -= n + 1
        if r.random() < 0.4:
            return ARR([self.any(depth) for _ in range(n)])
        pairs, seen = [], {}
        for _ in range(n):
            k = self.key(0)
            pk = to_py(k, key=True)
            if pk in seen:  # equal under Python rules (1 == 1.0 == True, (1,) == (True,))
                continue
            seen[pk] = True
            pairs.append((k, self.any(depth)))
        return MAP(pairs)

    def key(self, depth):
        r = self.rng
        p = r.random()
        if p < 0.25:
            return self.int()
        if p < 0.35:
            return INT(r.randint(I64_MIN, -1))
        if p < 0.45:
            return self.str()
        if p < 0.5:
            return NIL()
        if p < 0.55:
            return BOOL(r.random() < 0.5)
        if p < 0.62:
            while True:
                f = self.float()
                if not has_nan(f):
                    return f
        if p < 0.67:
            return self.bin()
        if p < 0.75:
            return self.ext()
        if p < 0.82:
            return self.timestamp()
        if depth < 3:  # an array key (a Python tuple), itself holding any keys
            return ARR([self.key(depth + 1) for _ in range(r.randint(0, 4))])
        return self.int()

    def str(self):
        r = self.rng
        n = self.take_big("str") or r.choice(STR_BYTE_LENS)
        pool = r.choice(MULTIBYTE_POOLS) if r.random() < 0.8 else sum(MULTIBYTE_POOLS, [])
        out, size = [], 0
        while size < n:
            c = r.choice(pool)
            if size + len(c.encode("utf-8")) > n:  # pad the last few bytes with ASCII
                c = chr(r.randint(0x20, 0x7E))
            out.append(c)
            size += len(c.encode("utf-8"))
        s = "".join(out)
        assert len(s.encode("utf-8")) == n
        return STR(s)

    def bin(self):
        r = self.rng
        n = self.take_big("bin") or r.choice(STR_BYTE_LENS)
        return BIN(bytes(r.getrandbits(8) for _ in range(n)))

    def ext(self):
        r = self.rng
        code = r.randint(-128, 126)
        if code == -1:
            code = 127
        n = self.take_big("ext") or r.choice(EXT_LENS)
        return EXT(code, bytes(r.getrandbits(8) for _ in range(n)))

    def timestamp(self):
        r = self.rng
        secs = min(max(r.choice(TS_SECS) + r.randint(-1, 1), I64_MIN), 2**63 - 1)
        nanos = r.choice([0, 0, 1, 999999999, r.randint(0, 999999999)])
        return TS(secs, nanos)


def gen_random_nested():
    rng = random.Random(SEED_NESTED)
    gen = NestedValues(rng)
    first = len(VECTORS)
    for i in range(NESTED_COUNT):
        gen.single = rng.random() < 0.2  # all floats f32 (the reference packs one width per call)
        gen.budget = rng.randint(4, 20) if rng.random() < 0.6 else rng.randint(20, 60)
        add(f"random-nested/{i:03d}", gen.container(1))
    assert not gen.big, ("boundary-size items not placed", gen.big)
    check_nested_coverage(VECTORS[first:])


def check_nested_coverage(vectors):
    """The section reaches every case it is meant to cover."""
    str_lens, multibyte_lens, ext_lens, ts_lens, key_tags = set(), set(), set(), set(), set()
    nested_array_keys = 0
    for vec in vectors:
        for x in walk(vec["value"]):
            t = tag(x)
            if t == "str":
                str_lens.add(utf8_bytes_len(x))
                if utf8_bytes_len(x) > len(x["str"]):
                    multibyte_lens.add(utf8_bytes_len(x))
            elif t == "ext":
                (ts_lens if x[t]["type"] == -1 else ext_lens).add(len(x[t]["data"]) // 2)
            elif t == "map":
                for k, _ in x[t]:
                    kt = tag(k)
                    if kt == "int" and int(k["int"]) < 0:
                        kt = "negint"
                    if kt == "ext" and k["ext"]["type"] == -1:
                        kt = "timestamp"
                    key_tags.add(kt)
                    if kt == "array" and any(tag(e) == "array" for e in k["array"]):
                        nested_array_keys += 1
    assert multibyte_lens >= {31, 32, 255, 256, 65535, 65536}, sorted(multibyte_lens)
    assert ext_lens >= set(EXT_LENS) | {65535}, sorted(set(EXT_LENS) - ext_lens)
    assert ts_lens == {4, 8, 12}, ts_lens
    assert key_tags >= {"nil", "bool", "int", "negint", "f64", "str", "bin", "ext", "timestamp", "array"}, key_tags
    assert nested_array_keys >= 10, nested_array_keys


# ---------------------------------------------------------------------------

def check_compact_usage():
    """Big all-small-uint containers are compact; compact ones are big."""
    def small(x):
        return tag(x) == "int" and is_compact_uint(int(x["int"]))

    for vec in VECTORS:
        for x in walk(vec["value"]):
            t = tag(x)
            if t in COMPACT_TAGS:
                assert len(x[t]) >= COMPACT_MIN, vec["name"]
            elif t == "array" and len(x[t]) >= COMPACT_MIN:
                assert not all(small(e) for e in x[t]), (vec["name"], "use uint_array")
            elif t == "map" and len(x[t]) >= COMPACT_MIN:
                assert not all(small(k) and small(e) for k, e in x[t]), (vec["name"], "use uint_map")


def main():
    version = importlib.metadata.version("msgpack")
    if version != "1.2.4":
        print(f"warning: generated with msgpack {version}, docstring says 1.2.4", file=sys.stderr)

    gen_scalars()
    gen_str_bin()
    gen_containers()
    gen_ext()
    gen_noncanonical()
    gen_random()
    gen_random_nested()
    check_compact_usage()

    header = {"generator": GENERATOR, "msgpack_version": version}
    lines = ["{"]
    for k, v in header.items():
        lines.append(f"{json.dumps(k)}: {json.dumps(v)},")
    lines.append('"vectors": [')
    body = [json.dumps(v, ensure_ascii=False, separators=(",", ":")) for v in VECTORS]
    lines.append(",\n".join(body))
    lines.append("]")
    lines.append("}")
    text = "\n".join(lines) + "\n"

    # The file must parse back to exactly what we generated.
    parsed = json.loads(text)
    assert parsed["vectors"] == VECTORS and parsed["generator"] == GENERATOR
    with open(OUT, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)

    counts = {}
    for v in VECTORS:
        cat = v["name"].split("/")[0]
        if cat == "noncanonical":
            cat = "noncanonical/" + v["name"].split("/")[1]
        counts[cat] = counts.get(cat, 0) + 1
    print(f"wrote {len(VECTORS)} vectors ({len(text.encode())} bytes) to {OUT}")
    for cat, n in counts.items():
        print(f"  {cat}: {n}")


if __name__ == "__main__":
    main()
