#!/usr/bin/env python3
"""The ratio tables of benches/public.rs (the public Rust serialization
benchmark's shape), from criterion's estimates of one or more builds.

    python3 msgpack-bench/public_table.py DIR [DIR ...]

Each DIR is a criterion output directory (`target/public-generic/criterion`,
`target/public-generic-pinned/criterion`, ... as `public-bench.sh` writes
them, each with a `peers.json`: the build and the peers' versions). The runs
of one build (generic, native) make one table: a column per peer and version
(the newest, this workspace's lock; the pinned, the public benchmark's, from
`msgpack-bench/pinned/`). Every ratio is theirs / ours within one run (above
1: ours is faster), medians of criterion's samples; `x memcpy` is our time
over the time to copy our encoding (the floor), lower is better. The targets
of the performance issue are checked at the end against the lower ratio of a
peer's versions, one line each and a count.
"""

import json
import os
import platform
import subprocess
import sys
from datetime import date

DATASETS = ["mesh", "log", "minecraft_savedata", "mk48", "polygons"]
OPS = ["serialize", "deserialize", "borrow"]


def cpu_model():
    """The model name, with the family and model numbers (a VM may name
    only the vendor: `AMD EPYC`)."""
    info = {}
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if ":" in line:
                    k, v = (x.strip() for x in line.split(":", 1))
                    info.setdefault(k, v)
    except OSError:
        pass
    name = info.get("model name") or platform.processor() or "unknown CPU"
    if "cpu family" in info and "model" in info:
        name += f" (family {info['cpu family']} model {info['model']})"
    return name


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


PEERS = ["zerompk", "msgpacker"]


def meta_of(root):
    """The build and the peers' versions of a run (`peers.json`, written
    by public-bench.sh beside criterion's output), or what the directory's
    name says."""
    try:
        with open(os.path.join(root, "peers.json")) as f:
            return json.load(f)
    except (OSError, ValueError):
        name = os.path.basename(os.path.dirname(os.path.abspath(root))).replace("public-", "") or root
        pinned = name.endswith("-pinned")
        return {"build": name.removesuffix("-pinned"), "peers": "pinned" if pinned else "newest"}


def label(run, crate):
    version = run[0].get(crate) or "?"
    return f"{crate} {version} ({run[0]['peers']})"


def table(build, runs):
    """One build's table: our time, then every peer's time / ours in each
    run (each ratio from one run: one binary, interleaved by criterion)."""
    main = runs[0][1]
    lines = [f"### {build}", ""]
    head = ["dataset", "operation", "ours"]
    head += [f"{label(r, c)} / ours" for c in PEERS for r in runs]
    head += ["rmp-serde / ours", "ours x memcpy", "ours-serde", "rmp-serde / ours-serde"]
    lines.append("| " + " | ".join(head) + " |")
    lines.append("|" + "---|" * 2 + "---:|" * (len(head) - 2))
    for ds in DATASETS:
        for op in OPS:
            ours = main.get((ds, "ours", op))
            if ours is None:
                continue
            row = [ds, op, fmt_time(ours)]
            row += [ratio(r[1].get((ds, c, op)), r[1].get((ds, "ours", op))) for c in PEERS for r in runs]
            row.append(ratio(main.get((ds, "rmp-serde", op)), ours))
            memcpy = main.get((ds, "memcpy", "serialize"))
            row.append(f"{ours / memcpy:.2f}" if memcpy and op != "borrow" else "-")
            serde = main.get((ds, "ours-serde", op))
            row.append(fmt_time(serde) if serde else "-")
            row.append(ratio(main.get((ds, "rmp-serde", op)), serde))
            lines.append("| " + " | ".join(row) + " |")
    return lines


def targets(build, runs):
    """The performance issue's targets on one build: (text, met). A peer's
    ratio is the lowest over its versions (the pinned and the newest)."""
    out = []
    main = runs[0][1]

    def check(what, value, goal, higher=True):
        if value is None:
            return
        met = value >= goal if higher else value <= goal
        sign = ">=" if higher else "<="
        out.append((f"{build}: {what}: {value:.2f} (goal {sign} {goal:.2f})", met))

    for ds in DATASETS:
        for op in OPS:
            if main.get((ds, "ours", op)) is None:
                continue
            for c, goal in [("zerompk", 1.5 if op == "borrow" else 1.25), ("msgpacker", 1.0)]:
                seen = []
                for meta, data in runs:
                    theirs, ours = data.get((ds, c, op)), data.get((ds, "ours", op))
                    if theirs is not None and ours:
                        seen.append((theirs / ours, meta.get(c) or "?"))
                if seen:
                    low = min(seen)
                    versions = ", ".join(v for _, v in seen)
                    check(f"{ds} {op}: {c} / ours (lowest of {versions}: {low[1]})", low[0], goal)
            serde, rmp = main.get((ds, "ours-serde", op)), main.get((ds, "rmp-serde", op))
            if serde and rmp:
                check(f"{ds} {op}: rmp-serde / ours-serde", rmp / serde, 1.0)
        memcpy = main.get((ds, "memcpy", "serialize"))
        if ds == "mesh" and memcpy:
            s, d = main.get((ds, "ours", "serialize")), main.get((ds, "ours", "deserialize"))
            if s:
                check("mesh serialize: ours / memcpy", s / memcpy, 1.25, higher=False)
            if d:
                check("mesh deserialize: ours / memcpy", d / memcpy, 1.5, higher=False)
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
    print("ratios: theirs / ours, above 1 = ours faster (medians of criterion's samples); each ratio from one run")
    print()
    builds = {}
    for d in dirs:
        data = load(d)
        if not data:
            print(f"no criterion estimates under {d}", file=sys.stderr)
            return 1
        meta = meta_of(d)
        builds.setdefault(meta["build"], []).append((meta, data))
    all_targets = []
    for build, runs in builds.items():
        # The newest peers' run first: our time, memcpy and rmp-serde come from it.
        runs.sort(key=lambda r: r[0]["peers"] != "newest")
        for meta, _ in runs:
            print(f"- {build}, {meta['peers']} peers: zerompk {meta.get('zerompk', '?')}, msgpacker {meta.get('msgpacker', '?')}")
        print()
        print("\n".join(table(build, runs)))
        print()
        all_targets += targets(build, runs)
    missed = [t for t, met in all_targets if not met]
    for t, met in all_targets:
        print(f"{'met   ' if met else 'MISSED'} {t}")
    print(f"targets: {len(all_targets) - len(missed)} met, {len(missed)} missed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
