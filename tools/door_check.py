#!/usr/bin/env python3
"""The derive's one door (issue 34): checks that

1. no module of msgpack-core outside `__private.rs` / `__private/` names
   `__private` in code (the door calls into the core, never the reverse),
   but `lib.rs`, which declares it, and the `assert_compatible!` macro,
   whose expansion is generated code in the user's crate;
2. no other crate of the workspace reaches `msgpack_core::__private` but
   msgpack-derive (which generates the calls) and test code that stands in
   for generated code;
3. the core's only `#[doc(hidden)]` items are the door itself and the trait
   items listed, with their reasons, on the `hand_written` page.

Exits 1 with the offending lines, 0 otherwise.
"""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
core = root / "msgpack-core" / "src"
bad = []


def code_lines(path):
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        stripped = line.strip()
        if stripped.startswith("//"):
            continue
        yield n, line


# 1. The core does not import its door.
ALLOWED_IN_CORE = {core / "lib.rs": r"pub mod __private;", core / "schema" / "assert.rs": r"\$crate::__private::"}
for path in sorted(core.rglob("*.rs")):
    rel = path.relative_to(core)
    if rel.parts[0] == "__private" or rel.name == "__private.rs":
        continue
    for n, line in code_lines(path):
        if "__private" in line:
            allowed = ALLOWED_IN_CORE.get(path)
            if allowed and re.search(allowed, line):
                continue
            bad.append(f"msgpack-core/src/{rel}:{n}: the core names its door: {line.strip()}")

# 2. Other crates stay out of it (tests may stand in for generated code).
for crate in ["msgpack-json", "msgpack-schema", "msgpack-bench", "examples", "interop", "msgpack-testdata"]:
    for path in sorted((root / crate).rglob("*.rs")):
        rel = path.relative_to(root)
        if "target" in rel.parts or "tests" in rel.parts:
            continue
        for n, line in code_lines(path):
            if "msgpack_core::__private" in line:
                bad.append(f"{rel}:{n}: reaches into msgpack_core::__private: {line.strip()}")

# 3. Hidden items: the door and the listed trait items only.
HIDDEN_OK = {
    "lib.rs": {"__private"},
    "encode.rs": {"__LAYOUT", "__write_fixed", "__encode_slice", "__encoded_len_slice", "__encode_split",
                  "__encoded_len_split"},
    "decode.rs": {"__LAYOUT", "__read_fixed", "__decode_vec", "__decode_cow", "__decode_bounded", "__decode_array"},
    "mem/sink.rs": {"__window", "__window_init", "__advance", "__in_window"},
    "schema.rs": {"__BYTE"},
}
for path in sorted(core.rglob("*.rs")):
    rel = path.relative_to(core).as_posix()
    if rel.startswith("__private"):
        continue
    lines = path.read_text(encoding="utf-8").splitlines()
    for i, line in enumerate(lines):
        if line.strip() != "#[doc(hidden)]":
            continue
        item = ""
        for nxt in lines[i + 1 : i + 6]:
            m = re.search(r"\b(?:fn|const|mod|struct|enum|trait|type|use)\s+([A-Za-z_][A-Za-z0-9_]*)", nxt)
            if m:
                item = m.group(1)
                break
        if item not in HIDDEN_OK.get(rel, set()):
            bad.append(f"msgpack-core/src/{rel}:{i + 1}: a hidden item not listed on the hand_written page: {item or '?'}")

if bad:
    print("\n".join(bad))
    sys.exit(1)
print("door check: the core does not import __private, no other crate reaches it, hidden items are the listed ones")
