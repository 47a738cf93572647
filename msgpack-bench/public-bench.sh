#!/usr/bin/env bash
# The criterion target shaped like the public Rust serialization benchmark
# (benches/public.rs), built the way users build: `[profile.bench]` with
# `lto = true`, once for generic x86-64 and once with
# `-C target-cpu=native`, each in its own target directory; then the ratio
# tables (public_table.py), with the CPU, the commit and the date.
#
#   msgpack-bench/public-bench.sh [--quick] [--generic-only] [CRITERION ARGS...]
#
# --quick: the datasets' small sizes and short measurements (CI).
# --generic-only: only the generic build (CI: each LTO tree takes ~9 min
# to build on a 2-core machine; the native build is for measuring). Other
# arguments go to criterion: a filter (a regex over
# `<dataset>/<crate>/<operation>`), `--measurement-time 3`, ...
set -euo pipefail
cd "$(dirname "$0")/.."

crit=()
modes=(generic native)
for arg in "$@"; do
  case "$arg" in
    --quick) export MSGPACK_BENCH_QUICK=1 ;;
    --generic-only) modes=(generic) ;;
    -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
    *) crit+=("$arg") ;;
  esac
done

for mode in "${modes[@]}"; do
  flags="${RUSTFLAGS:-}"
  [ "$mode" = native ] && flags="$flags -C target-cpu=native"
  echo "=== benches/public.rs, $mode build (RUSTFLAGS='$flags')" >&2
  # Absolute: criterion writes under the target directory as the bench
  # (run from msgpack-bench/) sees it.
  dir="$PWD/target/public-$mode"
  rm -rf "$dir/criterion"
  RUSTFLAGS="$flags" CARGO_TARGET_DIR="$dir" \
    cargo bench -q -p msgpack-bench --bench public -- "${crit[@]}" >&2
done

dirs=()
for mode in "${modes[@]}"; do dirs+=("target/public-$mode/criterion"); done
python3 msgpack-bench/public_table.py "${dirs[@]}"
