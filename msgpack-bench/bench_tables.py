#!/usr/bin/env python3
"""The runner's figures in README.md and BENCHMARKS.md, generated from one run.

    cargo run --release -p msgpack-bench -- --json msgpack-bench/results/runner.json
    python3 msgpack-bench/bench_tables.py msgpack-bench/results/runner.json --write README.md BENCHMARKS.md
    python3 msgpack-bench/bench_tables.py msgpack-bench/results/runner.json --check README.md BENCHMARKS.md  # CI

Builds, only from the figures in that JSON file, the blocks that stand
between marker comments:

    <!-- bench_tables.py: NAME -->...<!-- /bench_tables.py: NAME -->

- `headline`: the README's table of headline figures (our derive against
  rmp-serde and zerompk on W1 n=1000, W2, the W5 mesh and game state and W7,
  every operation), with the run's date, CPU, rustc and peer versions;
- `runner`: the condensed tables of BENCHMARKS.md's "In the runner" (W5, W7,
  W1 n=1000, W2, W6; our serde path beside rmp-serde in each), with their
  titles;
- `targets`: BENCHMARKS.md's targets matrix (one row per target, one column
  per case).

The JSON has no commit: the text beside each block names it.

Every ratio is their time ÷ ours (above 1: ours is faster), as the runner
prints it. `--write` replaces the blocks in place in the files given;
`--check` exits 1 and prints a diff when a file differs from what the JSON
gives (CI). Every block must stand in at least one of the files, and every
file must hold at least one block. Without either option, the blocks are
printed.
"""

import argparse
import difflib
import json
import re
import sys

BLOCKS = ("headline", "runner", "targets")


def fmt(ns):
    """A time like the runner prints it: 3 significant digits and a unit."""
    if ns is None:
        return "-"
    for unit, scale in (("ns", 1.0), ("us", 1e3), ("ms", 1e6), ("s", 1e9)):
        v = ns / scale
        if v < 1000 or unit == "s":
            if v >= 99.95:
                return f"{v:.0f} {unit}"
            if v >= 9.995:
                return f"{v:.1f} {unit}"
            return f"{v:.2f} {unit}"
    raise AssertionError


def mb(n):
    return f"{n / 1e6:.1f} MB" if n >= 1e6 else f"{n / 1e3:.0f} kB"


def med(row, op):
    stats = row.get(op) if row else None
    return stats["median_ns"] if stats else None


def case(run, workload, name):
    for c in run["cases"]:
        if c["workload"] == workload and c["case"] == name:
            return c
    raise SystemExit(f"bench_tables.py: no case {workload} {name} in the run")


def row(c, name):
    for r in c["rows"]:
        if r["name"] == name:
            return r
    return None


def ops(r, sep=" / "):
    if r is None or r.get("unsupported"):
        return "cannot"
    return sep.join(fmt(med(r, op)) for op in ("reuse", "encode", "decode"))


def version(run, crate):
    """A crate's version in the run (`rmp-serde 1.3.1` -> `1.3.1`)."""
    for c in run.get("crates", []):
        name, _, v = c.partition(" ")
        if name == crate:
            return v
    raise SystemExit(f"bench_tables.py: no version of {crate} in the run")


def peers(run):
    """The crates the run compares with, and their versions."""
    return ", ".join(c for c in run.get("crates", []) if not c.startswith("msgpack-core "))


def caption(run, path, what):
    return (
        f"From the run in `{path}`: {run['date']}, {run['cpu']} ({run['cpus']} logical CPUs), {run['rustc']}, "
        f"{what}, {run['samples']} sample rounds"
        + (", a QUICK smoke run (small cases: not for comparing)." if run.get("quick") else ".")
    )


HEADLINE = (
    # (workload, case, label, our row, rmp-serde's row, zerompk's row)
    ("W1", "n=1000", "W1 n=1000, msgspec's file tree (zerompk: hand-written impls)", "ours: derive",
     "rmp-serde (named)", "zerompk (hand-written)"),
    ("W2", "Custom1", "W2 Custom1, tinylib/msgp's struct", "ours: derive", "rmp-serde (named)", "zerompk"),
    ("W2", "Custom2", "W2 Custom2", "ours: derive", "rmp-serde (named)", "zerompk"),
    ("W5", "mesh", "W5 mesh, {n:,} `f32` triangles", "ours: derive (array)", "rmp-serde (compact)", "zerompk"),
    ("W5", "game state", "W5 game state, mk48 (zerompk: other bytes)", "ours: derive (array)", "rmp-serde (compact)", "zerompk"),
    ("W7", "polygons", "W7 GeoJSON polygons, {n:,} `f64` pairs", "ours: derive (array)", "rmp-serde (compact)", "zerompk"),
)


def headline(run, path):
    """Our derive against rmp-serde and zerompk, every operation: our times,
    then their time ÷ ours (a decode that borrows from the input against our
    borrowing decode, marked so)."""
    rmp, zmp = version(run, "rmp-serde"), version(run, "zerompk")
    out = [
        caption(run, path, f"against rmp-serde {rmp} and zerompk {zmp}"),
        "",
        f"| case | ours: encode (a) / (b) / decode | rmp-serde {rmp} ÷ ours | zerompk {zmp} ÷ ours |",
        "|---|---:|---:|---:|",
    ]
    opnames = ("reuse", "encode", "decode")
    for workload, name, label, ours_name, rmp_name, zmp_name in HEADLINE:
        c = case(run, workload, name)
        ours = row(c, ours_name)

        def ratio(theirs, op):
            mine, note = ours, ""
            if op == "decode" and theirs.get("borrows") and not ours.get("borrows"):
                # A decode that borrows from the input against ours that does too.
                mine, note = row(c, f"{ours_name}, borrowed"), " (borrowed)"
            if mine is None or not med(theirs, op) or not med(mine, op):
                return "-"
            return f"{med(theirs, op) / med(mine, op):.2f}x{note}"

        def ratios(theirs):
            if theirs is None or theirs.get("unsupported"):
                return "cannot"
            return " / ".join(ratio(theirs, op) for op in opnames)

        label = label.format(n=c["items"]["count"] if c.get("items") else 0)
        out.append(f"| {label} | {ops(ours)} | {ratios(row(c, rmp_name))} | {ratios(row(c, zmp_name))} |")
    return "\n".join(out)


def numeric_table(out, c, rows, no_api=()):
    """A numeric case's table: each (row name, label) with its encode into a
    reused buffer (and the API it went through, unless in `no_api`), into a
    new Vec, decode and size, then the memcpy / skip floors."""
    out.append("| implementation | encode (a) reused | encode (b) new `Vec` | decode | size |")
    out.append("|---|---:|---:|---:|---:|")
    for name, label in rows:
        r = row(c, name)
        api = f" ({r['reuse_api']})" if r.get("reuse_api") and name not in no_api else ""
        out.append(
            f"| {label} | {fmt(med(r, 'reuse'))}{api} | {fmt(med(r, 'encode'))} | {fmt(med(r, 'decode'))} "
            f"| {r['size']:,} B |"
        )
    m, s = row(c, "memcpy (floor)"), row(c, "skip (floor)")
    out.append(f"| memcpy / skip (floors) | {fmt(med(m, 'reuse'))} | {fmt(med(m, 'encode'))} | {fmt(med(s, 'decode'))} | |")
    out.append("")


def runner(run, path):
    out = [caption(run, path, f"against {peers(run)}"), ""]
    mesh = case(run, "W5", "mesh")
    out.append(
        f"**W5, mesh** ({mesh['items']['count']:,} triangles of four `f32` vectors, array form, {mb(mesh['bytes'])})"
    )
    out.append("")
    numeric_table(
        out,
        mesh,
        [
            ("ours: derive (array)", "ours: derive (array)"),
            ("ours: derive", "ours: derive (map form)"),
            ("zerompk", "zerompk"),
            ("msgpacker", "msgpacker (no headers: other bytes)"),
            ("ours: serde path", "ours: serde path (`msgpack_core::serde::to_vec`)"),
            ("rmp-serde (compact)", "rmp-serde (`to_vec`)"),
        ],
        no_api=("ours: derive",),
    )
    poly = case(run, "W7", "polygons")
    out.append(f"**W7, GeoJSON polygons** ({poly['items']['count']:,} `(f64, f64)` points, {mb(poly['bytes'])})")
    out.append("")
    numeric_table(
        out,
        poly,
        [
            ("ours: derive (array)", "ours: derive (array)"),
            ("ours: derive", "ours: derive (map form)"),
            ("zerompk", "zerompk"),
            ("zerompk (map)", "zerompk (map form)"),
            ("msgpacker", "msgpacker (no headers: other bytes)"),
            ("ours: serde path", "ours: serde path"),
            ("rmp-serde (compact)", "rmp-serde (`to_vec`)"),
        ],
    )

    cases = [case(run, "W5", n) for n in ("game state", "access log", "save file")]
    out.append("**W5, game state, access log, save file** (encode (a) / encode (b) / decode)")
    out.append("")
    heads = [f"{n} ({c['items']['count']:,} {u})" for n, c, u in zip(
        ("game state", "access log", "save file"), cases, ("updates", "entries", "players"))]
    out.append("| implementation | " + " | ".join(heads) + " |")
    out.append("|---|---:|---:|---:|")
    for name in [
        "ours: derive (array)",
        "ours: derive, borrowed",
        "zerompk",
        "zerompk, borrowed",
        "msgpacker",
        "ours: serde path",
        "rmp-serde (compact)",
    ]:
        cells = [ops(row(c, name)) if row(c, name) else "-" for c in cases]
        out.append(f"| {name} | " + " | ".join(cells) + " |")
    out.append("| skip (floor) | " + " | ".join(fmt(med(row(c, "skip (floor)"), "decode")) for c in cases) + " |")
    out.append("")

    w1 = case(run, "W1", "n=1000")
    out.append(
        f"**W1, msgspec filesystem tree, n = 1000** ({w1['bytes']:,} bytes, an internally tagged enum with omitted "
        "optional fields)"
    )
    out.append("")
    out.append("| implementation | encode (a) reused | encode (b) new `Vec` | decode | allocs/decode |")
    out.append("|---|---:|---:|---:|---:|")
    for name in ["ours: derive", "ours: derive, borrowed", "ours: Value", "ours: ValueRef", "ours: serde path (named)",
                 "rmp-serde (named)", "rmpv", "zerompk (hand-written)"]:
        r = row(w1, name)
        allocs = f"{r['decode_alloc']['allocs']:,}" if r.get("decode_alloc") else "-"
        out.append(f"| {name} | {fmt(med(r, 'reuse'))} ({r['reuse_api']}) | {fmt(med(r, 'encode'))} "
                   f"| {fmt(med(r, 'decode'))} | {allocs} |")
    m, s = row(w1, "memcpy (floor)"), row(w1, "skip (floor)")
    out.append(f"| memcpy / skip (floors) | {fmt(med(m, 'reuse'))} | {fmt(med(m, 'encode'))} | {fmt(med(s, 'decode'))} | 0 |")
    out.append("")
    big = [c for c in run["cases"] if c["workload"] == "W1" and c["items"] and c["items"]["count"] > 1000]
    if big:
        c = big[-1]
        decoders = [r["name"] for r in c["rows"] if not r.get("unsupported") and r.get("decode")
                    and r["group"] != "limit"]
        others = sorted({n.split(" ")[0].split(":")[0] for n in decoders if not n.startswith("ours")})
        out.append(
            f"At n = {c['items']['count']:,} ({mb(c['bytes'])}) the rows that decode the tree are ours and "
            + ", ".join(others) + " (the others' depth limits stop short of it)."
        )
        out.append("")

    c1, c2 = case(run, "W2", "Custom1"), case(run, "W2", "Custom2")
    out.append(
        f"**W2, tinylib/msgp Custom1 and Custom2** ({c1['bytes']:,} and {c2['bytes']:,} bytes; encode (a) / "
        "encode (b) / decode)"
    )
    out.append("")
    out.append("| implementation | Custom1 | Custom2 |")
    out.append("|---|---:|---:|")
    for name in ["ours: derive", "ours: derive, borrowed", "ours: serde path (named)", "rmp-serde (named)", "zerompk",
                 "msgpacker"]:
        out.append(f"| {name} | {ops(row(c1, name))} | {ops(row(c2, name))} |")
    out.append("")

    w6 = case(run, "W6", "stream")
    out.append(
        f"**W6, serde-parity shapes** ({w6['items']['count']:,} messages, {mb(w6['bytes'])}: an untagged enum of four "
        "shapes, an adjacently tagged enum, a struct with a flattened struct and a catch-all map; every row writes "
        "the same bytes)"
    )
    out.append("")
    out.append("| implementation | encode (a) reused | encode (b) new `Vec` | decode | allocs/decode |")
    out.append("|---|---:|---:|---:|---:|")
    for name in ["ours: derive", "ours: derive, borrowed", "ours: serde path (named)", "ours: serde path (named), borrowed",
                 "rmp-serde (named)", "rmp-serde (named), borrowed"]:
        r = row(w6, name)
        if r is None:
            continue
        allocs = f"{r['decode_alloc']['allocs']:,}" if r.get("decode_alloc") else "-"
        api = f" ({r['reuse_api']})" if r.get("reuse_api") else ""
        out.append(f"| {name} | {fmt(med(r, 'reuse'))}{api} | {fmt(med(r, 'encode'))} | {fmt(med(r, 'decode'))} "
                   f"| {allocs} |")
    m, s_ = row(w6, "memcpy (floor)"), row(w6, "skip (floor)")
    out.append(f"| memcpy / skip (floors) | {fmt(med(m, 'reuse'))} | {fmt(med(m, 'encode'))} | {fmt(med(s_, 'decode'))} | 0 |")
    return "\n".join(out)


def family(name):
    """The crate of a row name: `zerompk (String)` -> `zerompk`."""
    for f in ("rmp-serde", "zerompk", "msgpacker", "memcpy", "skip"):
        if name.startswith(f):
            return f
    return None


def kind(t):
    """The matrix row of a target, or None (allocations, figures without a
    goal other than memcpy's, W1's growth, what another row of ours gives)."""
    op, theirs, ours = t["operation"], t["theirs"], t["ours"]
    fam = family(theirs)
    if fam is None or op.startswith("allocs") or op == "decode per node":
        return None
    if t["goal"] == "reported" and fam != "memcpy":
        return None
    if fam == "rmp-serde" and ours.startswith("ours: serde path"):
        form = "named" if "(named)" in theirs else "compact"
        return f"{op}: rmp-serde ÷ our serde path ({form})"
    if fam == "rmp-serde" and "borrowed" in theirs:
        return f"{op}: rmp-serde ÷ ours, borrowed"
    return f"{op}: {fam} ÷ ours"


GROUPS = ("rmp-serde ÷ ours", "rmp-serde ÷ ours, borrowed", "rmp-serde ÷ our serde path (named)",
          "rmp-serde ÷ our serde path (compact)", "zerompk ÷ ours", "msgpacker ÷ ours", "skip ÷ ours", "memcpy ÷ ours")
OPS = ("encode (a)", "encode (b)", "decode", "decode owned", "decode borrowed")


def order(item):
    """Matrix rows by whom we are compared with (rmp-serde, our serde path
    against it, zerompk, msgpacker, the floors), then operation, then the
    higher goal first."""
    (k, goal), _ = item
    op, who = k.split(": ", 1)
    g = float(goal.split()[1].rstrip("x")) if goal.startswith(">=") else 0.0
    return (GROUPS.index(who) if who in GROUPS else len(GROUPS), OPS.index(op) if op in OPS else len(OPS), -g)


def targets(run):
    cols = ["W5 mesh", "W5 game state", "W5 access log", "W5 save file", "W7 polygons", "W1 n=1000", "W2 Custom1",
            "W2 Custom2", "W6 stream"]
    kinds = {}
    for t in run["targets"]:
        k = kind(t)
        if k is not None:
            kinds.setdefault((k, t["goal"]), {})[t["case"]] = t["measured"]
    out = ["| target: their time ÷ ours (goal) | " + " | ".join(c.replace("W5 ", "") for c in cols) + " |",
           "|---|" + "---:|" * len(cols)]
    for (k, goal), cells in sorted(kinds.items(), key=order):
        if any(c in cells for c in cols):
            out.append(f"| {k} ({goal}) | " + " | ".join(cells.get(c, "") for c in cols) + " |")
    return "\n".join(out)


def blocks(run, path):
    return {"headline": headline(run, path), "runner": runner(run, path), "targets": targets(run)}


def marker(name):
    return re.compile(r"(<!-- bench_tables\.py: " + name + r" -->)(.*?)(<!-- /bench_tables\.py: " + name + r" -->)",
                      re.S)


def replace(text, generated):
    """The text with each block found between its markers replaced (each
    block on lines of its own), and the names of the blocks found."""
    found = []
    for name, block in generated.items():
        pattern = marker(name)
        if pattern.search(text):
            found.append(name)
            text = pattern.sub(lambda m: m.group(1) + f"\n\n{block}\n\n" + m.group(3), text)
    return text, found


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("run", help="the runner's --json output")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--write", metavar="FILE", nargs="+", help="replace the blocks between the markers in these files")
    g.add_argument("--check", metavar="FILE", nargs="+", help="exit 1 if these files' blocks differ from the run's")
    a = p.parse_args()
    with open(a.run, encoding="utf-8") as f:
        generated = blocks(json.load(f), a.run)
    if a.write is None and a.check is None:
        for name, text in generated.items():
            print(f"<!-- {name} -->\n{text}\n")
        return 0
    paths = a.write or a.check
    results, seen = [], set()
    for path in paths:
        with open(path, encoding="utf-8") as f:
            current = f.read()
        wanted, found = replace(current, generated)
        if not found:
            raise SystemExit(f"bench_tables.py: no block's markers in {path}")
        seen.update(found)
        results.append((path, current, wanted))
    missing = [name for name in generated if name not in seen]
    if missing:
        raise SystemExit(f"bench_tables.py: no markers for {', '.join(missing)} in {', '.join(paths)}")
    status = 0
    for path, current, wanted in results:
        if a.write:
            with open(path, "w", encoding="utf-8") as f:
                f.write(wanted)
        elif wanted != current:
            sys.stdout.writelines(difflib.unified_diff(current.splitlines(True), wanted.splitlines(True), path,
                                                       f"{path} from {a.run}"))
            print(f"bench_tables.py: {path} does not match {a.run}; run with --write", file=sys.stderr)
            status = 1
        else:
            print(f"bench_tables.py: {path} matches {a.run}")
    return status


if __name__ == "__main__":
    sys.exit(main())
