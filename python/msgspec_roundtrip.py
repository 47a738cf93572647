#!/usr/bin/env python3
"""Check the schema exports of msgpack-core against msgspec itself.

`cargo run -p msgpack-bench --bin schema-export -- --out DIR` writes, for
the W1 tree type and a showcase type, the msgspec classes that
`msgpack_schema::msgspec` generates (`w1_types.py`,
`showcase_types.py`), the JSON Schema of `msgpack_schema::json_schema`
(`w1_schema.json`, `showcase_schema.json`) and messages the Rust types wrote
(`w1-100.msgpack`, ..., `showcase-1.msgpack`, ...). This script imports the
generated modules and, for every message:

- decodes it with `msgspec.msgpack.decode(data, type=module.ROOT)` and
  encodes the result with `msgspec.msgpack.encode`: the bytes must be the
  same as the Rust type's;
- checks that the JSON Schemas parse, and, when the `jsonschema` package is
  installed, that each is a valid 2020-12 schema and that the message, in
  msgpack-json's JSON mapping ({"$bin": ...}, {"$map": [[k, v], ...]}, ...),
  is valid against it.

Then it alters messages (a tag that does not exist, a required field taken
out, a value out of range, an enum value that does not exist, an unknown
field where unknown fields are denied) and checks that the generated classes
and the JSON Schema reject each. It prints one summary line and exits with
status 1 on the first failure.

    python3 python/msgspec_roundtrip.py DIR
"""

from __future__ import annotations

import argparse
import base64
import copy
import datetime
import importlib.metadata
import importlib.util
import json
import math
import sys
import threading
from pathlib import Path
from types import ModuleType
from typing import Any, Callable

import msgspec

try:
    import jsonschema
except ImportError:  # optional: only the JSON parses are checked then
    jsonschema = None

# The 10,000-node W1 tree nests 1017 maps and arrays deep; msgspec honours the
# recursion limit, and jsonschema recurses several frames per level.
RECURSION_LIMIT = 100_000
STACK_SIZE = 512 << 20

RESERVED_KEYS = ("$bin", "$ext", "$timestamp", "$map", "$float")


class Failure(Exception):
    """A check that did not hold."""


def load_module(path: Path) -> ModuleType:
    """Imports a generated module from its file (registered in sys.modules,
    where msgspec looks up the names in its annotations)."""
    if not path.is_file():
        raise Failure(f"{path} does not exist (run schema-export --out {path.parent} first)")
    name = path.stem
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise Failure(f"cannot import {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    if not hasattr(module, "ROOT"):
        raise Failure(f"{path.name} defines no ROOT")
    return module


def to_json_form(value: Any) -> Any:
    """A value decoded without a type, in msgpack-json's JSON mapping."""
    if isinstance(value, bool) or value is None or isinstance(value, (int, str)):
        return value
    if isinstance(value, float):
        if math.isnan(value):
            return {"$float": "NaN"}
        if math.isinf(value):
            return {"$float": "Infinity" if value > 0 else "-Infinity"}
        return value
    if isinstance(value, bytes):
        return {"$bin": base64.b64encode(value).decode()}
    if isinstance(value, datetime.datetime):
        return {"$timestamp": value.isoformat().replace("+00:00", "Z")}
    if isinstance(value, msgspec.msgpack.Ext):
        return {"$ext": {"type": value.code, "data": base64.b64encode(value.data).decode()}}
    if isinstance(value, (list, tuple)):
        return [to_json_form(v) for v in value]
    if isinstance(value, dict):
        keys = list(value)
        plain = all(isinstance(k, str) for k in keys) and not (len(keys) == 1 and keys[0] in RESERVED_KEYS)
        if plain:
            return {k: to_json_form(v) for k, v in value.items()}
        return {"$map": [[to_json_form(k), to_json_form(v)] for k, v in value.items()]}
    raise Failure(f"no JSON form for {type(value).__name__}")


def first(value: Any, pred: Callable[[dict], bool]) -> dict:
    """The first map (depth first, in order) for which `pred` holds."""
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            if pred(v):
                return v
            stack.extend(reversed(list(v.values())))
        elif isinstance(v, list):
            stack.extend(reversed(v))
    raise Failure("no map to alter")


class Checker:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.messages: list[str] = []
        self.rejected = 0
        self.valid = 0
        self.invalid = 0

    def schema(self, name: str) -> Any:
        path = self.root / name
        try:
            schema = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            raise Failure(f"{name} does not parse as JSON: {e}") from e
        if schema.get("$schema") != "https://json-schema.org/draft/2020-12/schema":
            raise Failure(f"{name}: not a 2020-12 schema")
        if jsonschema is not None:
            jsonschema.Draft202012Validator.check_schema(schema)
            return jsonschema.Draft202012Validator(schema)
        return None

    def roundtrip(self, module: ModuleType, path: Path) -> bytes:
        data = path.read_bytes()
        try:
            value = msgspec.msgpack.decode(data, type=module.ROOT)
        except msgspec.ValidationError as e:
            raise Failure(f"{path.name}: the generated classes do not decode it: {e}") from e
        again = msgspec.msgpack.encode(value)
        if again != data:
            at = next((i for i, (a, b) in enumerate(zip(data, again)) if a != b), min(len(data), len(again)))
            raise Failure(
                f"{path.name}: re-encoded bytes differ from the Rust bytes at byte {at} "
                f"({len(again)} bytes, Rust {len(data)}): {again[at:at + 16].hex()} vs {data[at:at + 16].hex()}"
            )
        self.messages.append(path.stem)
        return data

    def validate(self, validator: Any, data: bytes, name: str) -> None:
        if validator is None:
            return
        error = jsonschema.exceptions.best_match(validator.iter_errors(to_json_form(msgspec.msgpack.decode(data))))
        if error is not None:
            message = error.message if len(error.message) < 300 else error.message[:300] + "..."
            raise Failure(f"{name}: not valid against its JSON Schema at {list(error.absolute_path)}: {message}")
        self.valid += 1

    def reject(self, module: ModuleType, validator: Any, value: Any, what: str) -> None:
        """An altered message (given as an untyped value) must be refused."""
        data = msgspec.msgpack.encode(value)
        try:
            msgspec.msgpack.decode(data, type=module.ROOT)
        except msgspec.ValidationError:
            self.rejected += 1
        else:
            raise Failure(f"the generated classes accept a message with {what}")
        if validator is not None:
            if validator.is_valid(to_json_form(value)):
                raise Failure(f"the JSON Schema accepts a message with {what}")
            self.invalid += 1

    def run(self) -> None:
        w1 = load_module(self.root / "w1_types.py")
        w1_schema = self.schema("w1_schema.json")
        files = sorted(self.root.glob("w1-*.msgpack"), key=lambda p: int(p.stem.split("-")[1]))
        if not files:
            raise Failure(f"no w1-*.msgpack in {self.root}")
        for path in files:
            data = self.roundtrip(w1, path)
            self.validate(w1_schema, data, path.name)
        tree = msgspec.msgpack.decode(files[0].read_bytes())

        def altered(pred: Callable[[dict], bool], change: Callable[[dict], None]) -> Any:
            t = copy.deepcopy(tree)
            change(first(t, pred))
            return t

        is_file = lambda m: m.get("type") == "file"  # noqa: E731
        self.reject(w1, w1_schema, altered(is_file, lambda m: m.update(type="fil")), 'the tag "fil"')
        self.reject(w1, w1_schema, altered(is_file, lambda m: m.pop("nbytes")), "a file without nbytes")
        self.reject(w1, w1_schema, altered(is_file, lambda m: m.update(nbytes=-1)), "nbytes = -1")
        self.reject(w1, w1_schema, altered(is_file, lambda m: m.update(permissions="EXECUTE")), 'permissions "EXECUTE"')
        self.reject(w1, w1_schema, altered(lambda m: m.get("type") == "directory", lambda m: m.update(contents=5)), "contents = 5")
        # The bytes themselves: one letter of a tag changed in place.
        data = files[0].read_bytes()
        flipped = data.replace(b"\xa4file", b"\xa4fild", 1)
        if flipped == data:
            raise Failure('no "file" tag in the W1 bytes')
        self.reject(w1, w1_schema, msgspec.msgpack.decode(flipped), "a tag flipped in the bytes")

        show = load_module(self.root / "showcase_types.py")
        show_schema = self.schema("showcase_schema.json")
        samples = sorted(self.root.glob("showcase-*.msgpack"))
        if not samples:
            raise Failure(f"no showcase-*.msgpack in {self.root}")
        for path in samples:
            data = self.roundtrip(show, path)
            self.validate(show_schema, data, path.name)
        full = msgspec.msgpack.decode(samples[-1].read_bytes())

        def changed(change: Callable[[dict], None]) -> Any:
            v = copy.deepcopy(full)
            change(v)
            return v

        self.reject(show, show_schema, changed(lambda m: m.update(unknown=1)), "an unknown field (deny_unknown_fields)")
        self.reject(show, show_schema, changed(lambda m: m.update(digest=b"\x00")), "a 1-byte digest ([u8; 4])")
        self.reject(show, show_schema, changed(lambda m: m["figures"][0].update(kind="square")), 'the figure kind "square"')
        self.reject(show, show_schema, changed(lambda m: m.update(labels=[2.5])), "a label no variant reads")
        self.reject(show, show_schema, changed(lambda m: m.update(swatch=[1, 2])), "a 2-element Rgb")
        self.reject(show, show_schema, changed(lambda m: m.pop("created_by")), "no created_by (a flattened struct's required field)")

    def summary(self) -> str:
        line = (
            f"msgspec_roundtrip: ok: {len(self.messages)} messages ({', '.join(self.messages)}) decoded by the "
            f"generated classes and re-encoded to the Rust bytes; {self.rejected} altered messages rejected"
        )
        if jsonschema is None:
            return line + "; JSON Schemas parse (jsonschema not installed: not validated)"
        version = importlib.metadata.version("jsonschema")
        return line + f"; JSON Schema (jsonschema {version}): {self.valid} messages valid, {self.invalid} altered ones invalid"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dir", type=Path, help="the directory schema-export wrote")
    args = parser.parse_args()
    checker = Checker(args.dir)
    outcome: list[BaseException] = []

    def work() -> None:
        try:
            checker.run()
        except BaseException as e:  # reported by the main thread
            outcome.append(e)

    sys.setrecursionlimit(RECURSION_LIMIT)
    threading.stack_size(STACK_SIZE)
    worker = threading.Thread(target=work)
    worker.start()
    worker.join()
    if outcome:
        e = outcome[0]
        if isinstance(e, Failure):
            print(f"msgspec_roundtrip: FAILED: {e}", file=sys.stderr)
            return 1
        raise e
    print(checker.summary())
    return 0


if __name__ == "__main__":
    sys.exit(main())
