#!/usr/bin/env python3
"""Time Python MessagePack libraries on the bytes msgpack-bench writes.

The Rust runner (`cargo run --release -p msgpack-bench -- --dump-data DIR`)
writes each case's canonical MessagePack bytes to DIR together with
DIR/manifest.json. This script decodes and re-encodes those exact bytes with

- msgspec with typed Structs (W1 only; the File / Directory Structs of
  msgspec's benchmarks/bench_encodings.py),
- msgspec untyped (msgspec.msgpack.Decoder() / Encoder()),
- ormsgpack (packb / unpackb),
- msgpack (packb / unpackb with raw=False, strict_map_key=False),

checks each round trip before timing anything, and prints one table per case
in the Rust runner's format. See python/README.md for the method.
"""

from __future__ import annotations

import argparse
import datetime
import gc
import itertools
import json
import math
import os
import platform
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Literal, Optional

import msgpack
import msgspec
import ormsgpack

# ---------------------------------------------------------------------------
# W1 typed model: exactly the Structs of msgspec's benchmarks/bench_encodings.py
# (`tag="file"` there, with the default tag field "type").


class File(msgspec.Struct, kw_only=True, omit_defaults=True, tag_field="type", tag="file"):
    """A file node of the W1 filesystem tree."""

    name: str
    created_by: str
    created_at: str
    updated_by: Optional[str] = None
    updated_at: Optional[str] = None
    nbytes: int
    permissions: Literal["READ", "WRITE", "READ_WRITE"]


class Directory(msgspec.Struct, kw_only=True, omit_defaults=True, tag_field="type", tag="directory"):
    """A directory node of the W1 filesystem tree."""

    name: str
    created_by: str
    created_at: str
    updated_by: Optional[str] = None
    updated_at: Optional[str] = None
    contents: list[File | Directory]


# ---------------------------------------------------------------------------
# Implementations


@dataclass
class Impl:
    """One library configuration: how it encodes and decodes."""

    name: str
    encode: Callable[[Any], bytes]
    decode: Callable[[bytes], Any]
    # Typed rows must give back the canonical bytes exactly.
    must_be_identical: bool = False


def msgspec_typed() -> Impl:
    enc = msgspec.msgpack.Encoder()
    dec = msgspec.msgpack.Decoder(File | Directory)
    return Impl("msgspec (Struct)", enc.encode, dec.decode, must_be_identical=True)


def msgspec_untyped() -> Impl:
    enc = msgspec.msgpack.Encoder()
    dec = msgspec.msgpack.Decoder()
    return Impl("msgspec (untyped)", enc.encode, dec.decode)


def ormsgpack_impl(non_str_keys: bool) -> Impl:
    if not non_str_keys:
        return Impl("ormsgpack", ormsgpack.packb, ormsgpack.unpackb)
    opt = ormsgpack.OPT_NON_STR_KEYS

    def packb(obj: Any) -> bytes:
        return ormsgpack.packb(obj, option=opt)

    def unpackb(data: bytes) -> Any:
        return ormsgpack.unpackb(data, option=opt)

    return Impl("ormsgpack (OPT_NON_STR_KEYS)", packb, unpackb)


def msgpack_impl() -> Impl:
    # packb as msgspec's benchmark uses it (use_bin_type=True is the default since 1.0). A reused
    # msgpack.Packer() is faster on small messages (it skips building a Packer per call).
    def unpackb(data: bytes) -> Any:
        return msgpack.unpackb(data, raw=False, strict_map_key=False)

    return Impl("msgpack", msgpack.packb, unpackb)


def implementations(workload: str) -> list[Callable[[], Impl]]:
    """The rows of a case, in table order (factories: ormsgpack may be rebuilt with options)."""
    rows: list[Callable[[], Impl]] = []
    if workload == "W1":
        rows.append(msgspec_typed)
    rows += [msgspec_untyped, lambda: ormsgpack_impl(False), msgpack_impl]
    return rows


# ---------------------------------------------------------------------------
# Checking


FORMATS = [
    (0x00, 0x7F, "positive fixint"), (0x80, 0x8F, "fixmap"), (0x90, 0x9F, "fixarray"), (0xA0, 0xBF, "fixstr"),
    (0xC0, 0xC0, "nil"), (0xC1, 0xC1, "(never used)"), (0xC2, 0xC3, "bool"), (0xC4, 0xC6, "bin"),
    (0xC7, 0xC9, "ext"), (0xCA, 0xCA, "float 32"), (0xCB, 0xCB, "float 64"), (0xCC, 0xCF, "uint"),
    (0xD0, 0xD3, "int"), (0xD4, 0xD8, "fixext"), (0xD9, 0xDB, "str"), (0xDC, 0xDD, "array"), (0xDE, 0xDF, "map"),
    (0xE0, 0xFF, "negative fixint"),
]


def describe_byte(b: int) -> str:
    for lo, hi, name in FORMATS:
        if lo <= b <= hi:
            return f"0x{b:02x} ({name})"
    return f"0x{b:02x}"


def first_difference(want: bytes, got: bytes) -> str:
    at = next((i for i, (a, b) in enumerate(zip(want, got)) if a != b), min(len(want), len(got)))
    w = describe_byte(want[at]) if at < len(want) else "end of data"
    g = describe_byte(got[at]) if at < len(got) else "end of data"
    return (
        f"{len(got):,} B instead of {len(want):,} B, first difference at byte {at:,}: "
        f"{g} where the canonical bytes have {w}"
    )


@dataclass
class Op:
    """Timing results of one operation (encode or decode) of one row."""

    batch: int = 0
    samples: list[float] = field(default_factory=list)  # seconds per operation

    @property
    def median(self) -> float:
        return statistics.median(self.samples)

    @property
    def spread(self) -> float:
        return (max(self.samples) - min(self.samples)) / self.median if self.samples else 0.0


@dataclass
class Row:
    """One implementation of one case: the checked state and the timings."""

    impl: Impl
    value: Any = None
    encoded: bytes = b""
    error: Optional[str] = None  # nothing timed
    encode_error: Optional[str] = None  # decoding works, encoding fails: decode timed on the canonical bytes
    differs: Optional[str] = None
    encode: Op = field(default_factory=Op)
    decode: Op = field(default_factory=Op)


def values_equal(a: Any, b: Any) -> bool:
    """Equality that treats NaN as equal to itself (floats may round-trip NaN)."""
    try:
        if a == b:
            return True
    except Exception:
        return False
    if isinstance(a, float) and isinstance(b, float):
        return math.isnan(a) and math.isnan(b)
    return False


def describe_error(e: Exception) -> str:
    msg = str(e).splitlines()[0] if str(e) else ""
    return f"{type(e).__name__}: {msg}"[:200]


def check_row(factory: Callable[[], Impl], canonical: bytes) -> Row:
    """Decode the canonical bytes, re-encode, decode again; record what differs."""
    impl = factory()
    try:
        try:
            value = impl.decode(canonical)
        except (ValueError, TypeError) as e:
            # ormsgpack needs OPT_NON_STR_KEYS for maps with integer (or other non-str) keys.
            if impl.name != "ormsgpack":
                raise
            impl = ormsgpack_impl(True)
            try:
                value = impl.decode(canonical)
            except Exception:
                raise e from None
    except Exception as e:  # the library cannot read this case: report it, time nothing
        return Row(impl, error="decode fails, " + describe_error(e))
    try:
        encoded = impl.encode(value)
    except Exception as e:  # it reads the case but cannot write it back: time the decode alone
        row = Row(impl, value=value, encoded=canonical, encode_error=describe_error(e))
        if impl.must_be_identical:
            row.error = "encode fails, " + row.encode_error
        return row
    try:
        back = impl.decode(encoded)
    except Exception as e:
        return Row(impl, error="decoding its own encoding fails, " + describe_error(e))
    row = Row(impl, value=value, encoded=encoded)
    if not values_equal(back, value):
        row.error = "decoding its own encoding gives a different value"
    elif encoded != canonical:
        if impl.must_be_identical:
            row.error = "typed re-encoding is not byte-identical: " + first_difference(canonical, encoded)
        else:
            row.differs = "re-encodes to an equal value in other bytes: " + first_difference(canonical, encoded)
    return row


# ---------------------------------------------------------------------------
# Timing


def run_batch(f: Callable[[Any], Any], arg: Any, n: int) -> float:
    """Seconds for n calls of f(arg), with the cyclic GC off (as timeit does)."""
    it = itertools.repeat(None, n)
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        t0 = time.perf_counter()
        for _ in it:
            f(arg)
        t1 = time.perf_counter()
    finally:
        if gc_was_enabled:
            gc.enable()
    return t1 - t0


def calibrate(f: Callable[[Any], Any], arg: Any, target: float) -> int:
    """Warm up, then size a batch to take about `target` seconds."""
    f(arg)
    n = 1
    while True:
        t = run_batch(f, arg, n)
        if t >= target / 4 or n >= 1 << 30:
            break
        n *= 2 if t <= 0 else max(2, min(16, int(target / 4 / t) + 1))
    per_op = max(t / n, 1e-12)
    return max(1, round(target / per_op))


def time_case(rows: list[Row], samples: int, target: float) -> None:
    """Time every checked row, interleaving rows within each sample round."""
    jobs = []
    for row in rows:
        if row.error is None:
            if row.encode_error is None:
                jobs.append((row.impl.encode, row.value, row.encode))
            jobs.append((row.impl.decode, row.encoded, row.decode))
    for f, arg, op in jobs:
        op.batch = calibrate(f, arg, target)
    for _ in range(samples):
        for f, arg, op in jobs:
            op.samples.append(run_batch(f, arg, op.batch) / op.batch)
        gc.collect()


# ---------------------------------------------------------------------------
# Formatting (the Rust runner's conventions)


def fmt_time(seconds: float) -> str:
    """3 significant figures: 9.87 ns, 123 ns, 12.3 us, 1.23 ms, 1.23 s."""
    ns = seconds * 1e9
    for unit, scale in (("ns", 1.0), ("us", 1e3), ("ms", 1e6), ("s", 1e9)):
        v = ns / scale
        if v < 999.5 or unit == "s":
            if v >= 99.95:
                return f"{v:.0f} {unit}"
            if v >= 9.995:
                return f"{v:.1f} {unit}"
            return f"{v:.2f} {unit}"
    raise AssertionError("unreachable")


def fmt_bytes(n: int) -> str:
    return f"{n:,} B"


def machine_info() -> dict[str, str]:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "libraries": f"msgspec {msgspec.__version__}, ormsgpack {ormsgpack.__version__}, msgpack "
        + ".".join(map(str, msgpack.version)),
        "cpu": f"{cpu} ({os.cpu_count()} logical CPUs)",
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
    }


def case_table(case: dict, rows: list[Row]) -> list[str]:
    out = [f"### {case['workload']} {case['case']} ({case['bytes']:,} bytes)", ""]
    out.append("| implementation | encode | vs. | decode | vs. | total | vs. | size |")
    out.append("|---|---:|---:|---:|---:|---:|---:|---:|")
    decoded = [r for r in rows if r.error is None]
    timed = [r for r in decoded if r.encode_error is None]  # both operations
    best_e = min((r.encode.median for r in timed), default=0.0)
    best_d = min((r.decode.median for r in decoded), default=0.0)
    best_t = min((r.encode.median + r.decode.median for r in timed), default=0.0)
    notes = []
    for r in rows:
        if r.error is not None:
            out.append(f"| {r.impl.name} | — | | — | | — | | — |")
            notes.append(f"- {r.impl.name}: {r.error}")
            continue
        if r.encode_error is not None:
            d = r.decode.median
            out.append(f"| {r.impl.name} | — | | {fmt_time(d)} | {d / best_d:.2f} | — | | — |")
            notes.append(f"- {r.impl.name}: encode fails, {r.encode_error} (decode timed on the canonical bytes)")
            continue
        e, d = r.encode.median, r.decode.median
        mark = " *" if r.differs else ""
        out.append(
            f"| {r.impl.name}{mark} | {fmt_time(e)} | {e / best_e:.2f} | {fmt_time(d)} | {d / best_d:.2f} "
            f"| {fmt_time(e + d)} | {(e + d) / best_t:.2f} | {fmt_bytes(len(r.encoded))} |"
        )
        if r.differs:
            notes.append(f"- \\* {r.impl.name}: {r.differs}")
    out.append("")
    items = case.get("items")
    if items and timed:
        fastest = min(timed, key=lambda r: r.encode.median + r.decode.median)
        count = items["count"]
        out.append(
            f"per {items['unit']}: {fastest.impl.name} encode {fmt_time(fastest.encode.median / count)}, "
            f"decode {fmt_time(fastest.decode.median / count)}"
        )
    if decoded:
        ops = [(r.encode.spread, r.impl.name, "encode") for r in timed] + [
            (r.decode.spread, r.impl.name, "decode") for r in decoded
        ]
        worst = max(ops)
        out.append(
            f"spread ((max − min) / median of the samples): at most {worst[0] * 100:.1f}% ({worst[1]} {worst[2]})"
        )
    out += notes
    out.append("")
    return out


def op_json(op: Op) -> dict:
    return {
        "median_ns": op.median * 1e9,
        "min_ns": min(op.samples) * 1e9,
        "max_ns": max(op.samples) * 1e9,
        "spread": op.spread,
        "batch": op.batch,
        "samples_ns": [s * 1e9 for s in op.samples],
    }


def row_json(r: Row) -> dict:
    d: dict[str, Any] = {"name": r.impl.name, "error": r.error, "encode_error": r.encode_error, "differs": r.differs}
    if r.error is None:
        d["decode"] = op_json(r.decode)
    if r.error is None and r.encode_error is None:
        d.update(
            size=len(r.encoded),
            identical=not r.differs,
            encode=op_json(r.encode),
            total_ns=(r.encode.median + r.decode.median) * 1e9,
        )
    return d


# ---------------------------------------------------------------------------


def main(argv: Optional[list[str]] = None) -> int:
    p = argparse.ArgumentParser(description="Time Python MessagePack libraries on msgpack-bench's dumped data.")
    p.add_argument("--data", required=True, help="directory written by `msgpack-bench --dump-data DIR`")
    p.add_argument("--quick", action="store_true", help="3 samples of ~2 ms batches instead of 11 of ~20 ms")
    p.add_argument("--workload", help="comma-separated workload ids to run, e.g. W1,W2 (default: all)")
    p.add_argument("--json", metavar="PATH", help="also write every sample to PATH as JSON")
    p.add_argument(
        "--markdown",
        action="store_true",
        help="print a pasteable markdown document: a title and the header as a bullet list before the tables",
    )
    args = p.parse_args(argv)

    # W1 n=10000 nests maps and arrays 1017 deep, past CPython's default limit of 1000, which msgspec
    # honours; ormsgpack and msgpack have fixed limits of their own (their rows then report the error).
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 5000))
    samples, target = (3, 0.002) if args.quick else (11, 0.020)
    manifest_path = os.path.join(args.data, "manifest.json")
    with open(manifest_path, encoding="utf-8") as f:
        manifest = json.load(f)
    cases = manifest["cases"]
    if args.workload:
        wanted = {w.strip().upper() for w in args.workload.split(",") if w.strip()}
        unknown = wanted - {c["workload"].upper() for c in cases}
        if unknown:
            print(f"error: no case of workload(s) {', '.join(sorted(unknown))} in {manifest_path}", file=sys.stderr)
            return 2
        cases = [c for c in cases if c["workload"].upper() in wanted]

    info = machine_info()
    head = [
        f"python: {info['python']}",
        f"libraries: {info['libraries']}",
        f"cpu: {info['cpu']}",
        f"date: {info['date']}",
        f"method: {samples} samples of ~{target * 1e3:g} ms batches per operation, libraries interleaved in each "
        "round, cyclic GC off inside a batch; median per operation",
        f"data: {args.data} (generator: {manifest.get('generator', '?')})",
    ]
    if args.markdown:
        print("## Python MessagePack libraries on the msgpack-bench data\n")
        print("\n".join(f"- {h}" for h in head))
    else:
        print("\n".join(head))
    print()
    sys.stdout.flush()

    results = []
    failures = 0
    for i, case in enumerate(cases, 1):
        label = f"{case['workload']} {case['case']}"
        with open(os.path.join(args.data, case["file"]), "rb") as f:
            canonical = f.read()
        if len(canonical) != case["bytes"]:
            msg = f"error: {case['file']} has {len(canonical)} bytes, the manifest says {case['bytes']}"
            print(msg, file=sys.stderr)
            return 1
        print(f"[{i}/{len(cases)}] {label}: checking", file=sys.stderr, flush=True)
        rows = [check_row(f, canonical) for f in implementations(case["workload"])]
        for r in rows:
            if r.error or r.encode_error:
                failures += r.error is not None and r.impl.must_be_identical
                print(f"    {r.impl.name}: {r.error or 'encode fails, ' + str(r.encode_error)}", file=sys.stderr)
        t0 = time.perf_counter()
        print(f"[{i}/{len(cases)}] {label}: timing", file=sys.stderr, flush=True)
        time_case(rows, samples, target)
        print(f"[{i}/{len(cases)}] {label}: {time.perf_counter() - t0:.1f} s", file=sys.stderr, flush=True)
        print("\n".join(case_table(case, rows)))
        sys.stdout.flush()
        results.append({**case, "rows": [row_json(r) for r in rows]})
        for r in rows:  # free the decoded values before the next case
            r.value = None

    if args.json:
        doc = {
            "generator": "msgpack-bench python/bench.py",
            **info,
            "versions": {
                "msgspec": msgspec.__version__,
                "ormsgpack": ormsgpack.__version__,
                "msgpack": ".".join(map(str, msgpack.version)),
            },
            "samples": samples,
            "batch_target_ms": target * 1e3,
            "data": os.path.abspath(args.data),
            "cases": results,
        }
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(doc, f, indent=1)
            f.write("\n")
        print(f"wrote {args.json}", file=sys.stderr)
    if failures:
        print(f"error: {failures} typed row(s) did not re-encode to the canonical bytes", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
