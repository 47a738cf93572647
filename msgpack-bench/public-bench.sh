#!/usr/bin/env bash
# The criterion target shaped like the public Rust serialization benchmark
# (benches/public.rs), built the way users build: `[profile.bench]` with
# `lto = true`, once for generic x86-64 and once with
# `-C target-cpu=native`, each in its own target directory, and each twice:
# against the peers' newest versions (this workspace's Cargo.lock) and
# against the versions the public benchmark pins (msgpack-bench/pinned/, a
# workspace of its own); then the ratio tables (public_table.py: their time
# / ours at both versions, the lower one checked against the targets), with
# the CPU, the commit, the date and the versions.
#
#   msgpack-bench/public-bench.sh [--quick] [--generic-only | --native-only] [--newest-only] [CRITERION ARGS...]
#
# --quick: the datasets' small sizes and short measurements (CI).
# --generic-only: only the generic build (CI: each LTO tree takes ~9 min
# to build on a 2-core machine; the native build is for measuring).
# --native-only: only the native build.
# --newest-only: only this workspace's peer versions. Other arguments go to
# criterion: a filter (a regex over `<dataset>/<crate>/<operation>`),
# `--measurement-time 3`, ...
set -euo pipefail
cd "$(dirname "$0")/.."

crit=()
modes=(generic native)
peers=(newest pinned)
for arg in "$@"; do
  case "$arg" in
    --quick) export MSGPACK_BENCH_QUICK=1 ;;
    --generic-only) modes=(generic) ;;
    --native-only) modes=(native) ;;
    --newest-only) peers=(newest) ;;
    -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
    *) crit+=("$arg") ;;
  esac
done

# The version cargo resolved for a peer, from the manifest's lock file.
version() {
  cargo tree --offline --manifest-path "$1" -p "$2" --depth 0 -e normal 2>/dev/null \
    | sed -n 's/^[^ ]* v\([^ ]*\).*/\1/p' | head -n 1
}

dirs=()
for mode in "${modes[@]}"; do
  flags="${RUSTFLAGS:-}"
  [ "$mode" = native ] && flags="$flags -C target-cpu=native"
  for which in "${peers[@]}"; do
    manifest=Cargo.toml pkg=msgpack-bench
    dir="$PWD/target/public-$mode"
    if [ "$which" = pinned ]; then
      manifest=msgpack-bench/pinned/Cargo.toml pkg=msgpack-bench-pinned
      dir="$PWD/target/public-$mode-pinned"
    fi
    echo "=== benches/public.rs, $mode build (RUSTFLAGS='$flags'), $which peers ($manifest)" >&2
    # Absolute: criterion writes under the target directory as the bench
    # (run from its package's directory) sees it.
    rm -rf "$dir/criterion"
    RUSTFLAGS="$flags" CARGO_TARGET_DIR="$dir" \
      cargo bench -q --manifest-path "$manifest" -p "$pkg" --bench public -- "${crit[@]}" >&2
    printf '{"build": "%s", "peers": "%s", "zerompk": "%s", "msgpacker": "%s"}\n' \
      "$mode" "$which" "$(version "$manifest" zerompk)" "$(version "$manifest" msgpacker)" \
      > "$dir/criterion/peers.json"
    dirs+=("$dir/criterion")
  done
done

python3 msgpack-bench/public_table.py "${dirs[@]}"
