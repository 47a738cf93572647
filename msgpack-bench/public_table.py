#!/usr/bin/env python3
"""The ratio tables of benches/public.rs (the public Rust serialization
benchmark's shape), from criterion's estimates of one or more builds.

    python3 msgpack-bench/public_table.py DIR [DIR ...]

Each DIR is a criterion output directory (`target/public-generic/criterion`,
`target/public-native/criterion`, as `public-bench.sh` writes them). Every
ratio is theirs / ours (above 1: ours is faster), medians of criterion's
samples; `x memcpy` is our time over the time to copy our encoding (the
floor), lower is better. The targets of the performance issue are checked at
the end, one line each and a count.
"""

import json
import os
import platform
import subprocess
import sys
from datetime import date

DATASETS = ["mesh", "log", "minecraft_savedata", "mk48", "polygons"]
OPS = ["serialize", "deserialize", "borrow"]
OTHERS = ["zerompk", "msgpacker", "rmp-serde"]


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def git(*args):
    try:
        return subprocess.run(["git", *args], capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "?"


def load(root):
    """{(dataset, crate, op): median ns} from a criterion directory."""
    out = {}
    for dirpath, _dirs, files in os.walk(root):
        if os.path.basename(dirpath) != "new" or "benchmark.json" not in files:
            continue
        with open(os.path.join(dirpath, "benchmark.json")) as f:
            bench = json.load(f)
        with open(os.path.join(dirpath, "estimates.json")) as f:
            est = json.load(f)
        group = bench["group_id"]
        if "/" not in group:
            continue
        dataset, crate = group.split("/", 1)
        out[(dataset, crate, bench["function_id"])] = est["median"]["point_estimate"]
    return out


def fmt_time(ns):
    if ns >= 1e6:
        return f"{ns / 1e6:.2f} ms"
    if ns >= 1e3:
        return f"{ns / 1e3:.1f} us"
    return f"{ns:.0f} ns"


def ratio(theirs, ours):
    if theirs is None or ours is None or ours == 0:
        return "-"
    return f"{theirs / ours:.2f}"


def table(name, data):
    lines = [f"### {name}", ""]
    head = ["dataset", "operation", "ours"] + [f"{c} / ours" for c in OTHERS]
    head += ["ours x memcpy", "ours-serde", "rmp-serde / ours-serde"]
    lines.append("| " + " | ".join(head) + " |")
    lines.append("|" + "---|" * 2 + "---:|" * (len(head) - 2))
    for ds in DATASETS:
        for op in OPS:
            ours = data.get((ds, "ours", op))
            if ours is None:
                continue
            row = [ds, op, fmt_time(ours)]
            row += [ratio(data.get((ds, c, op)), ours) for c in OTHERS]
            memcpy = data.get((ds, "memcpy", "serialize"))
            row.append(f"{ours / memcpy:.2f}" if memcpy and op != "borrow" else "-")
            serde = data.get((ds, "ours-serde", op))
            row.append(fmt_time(serde) if serde else "-")
            row.append(ratio(data.get((ds, "rmp-serde", op)), serde))
            lines.append("| " + " | ".join(row) + " |")
    return lines


def targets(name, data):
    """The performance issue's targets on one build: (text, met)."""
    out = []

    def check(what, value, goal, higher=True):
        if value is None:
            return
        met = value >= goal if higher else value <= goal
        sign = ">=" if higher else "<="
        out.append((f"{name}: {what}: {value:.2f} (goal {sign} {goal:.2f})", met))

    for ds in DATASETS:
        for op in OPS:
            ours = data.get((ds, "ours", op))
            if ours is None:
                continue
            for c in ["zerompk", "msgpacker"]:
                theirs = data.get((ds, c, op))
                if theirs is not None:
                    check(f"{ds} {op}: {c} / ours", theirs / ours, 1.0)
            z = data.get((ds, "zerompk", op))
            if z is not None:
                check(f"{ds} {op}: zerompk / ours (1.25x)", z / ours, 1.5 if op == "borrow" else 1.25)
            serde, rmp = data.get((ds, "ours-serde", op)), data.get((ds, "rmp-serde", op))
            if serde and rmp:
                check(f"{ds} {op}: rmp-serde / ours-serde", rmp / serde, 1.0)
        memcpy = data.get((ds, "memcpy", "serialize"))
        if ds == "mesh" and memcpy:
            s, d = data.get((ds, "ours", "serialize")), data.get((ds, "ours", "deserialize"))
            if s:
                check("mesh serialize: ours / memcpy", s / memcpy, 1.5, higher=False)
            if d:
                check("mesh deserialize: ours / memcpy", d / memcpy, 2.0, higher=False)
    return out


def main():
    dirs = sys.argv[1:]
    if not dirs:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    commit = git("rev-parse", "--short", "HEAD")
    dirty = " (uncommitted changes)" if git("status", "--porcelain", "--untracked-files=no") else ""
    rustc = subprocess.run(["rustc", "--version"], capture_output=True, text=True).stdout.strip()
    quick = " · quick mode (small data)" if os.environ.get("MSGPACK_BENCH_QUICK") else ""
    print(f"benches/public.rs · {date.today()} · {cpu_model()} · {rustc} · commit {commit}{dirty}{quick}")
    print("ratios: theirs / ours, above 1 = ours faster (medians of criterion's samples)")
    print()
    all_targets = []
    for d in dirs:
        data = load(d)
        if not data:
            print(f"no criterion estimates under {d}", file=sys.stderr)
            return 1
        name = os.path.basename(os.path.dirname(os.path.abspath(d))).replace("public-", "") or d
        print("\n".join(table(name, data)))
        print()
        all_targets += targets(name, data)
    missed = [t for t, met in all_targets if not met]
    for t, met in all_targets:
        print(f"{'met   ' if met else 'MISSED'} {t}")
    print(f"targets: {len(all_targets) - len(missed)} met, {len(missed)} missed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
