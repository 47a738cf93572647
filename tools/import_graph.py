#!/usr/bin/env python3
"""File-level import graph of one Rust crate: import circles and layer order.

Usage:
    tools/import_graph.py CRATE/src [--layers a,b|c,d::e,...,lib]
                                    [--exclude p,q] [--edges]

Every `.rs` file reached from `lib.rs` (or `main.rs`) through `mod x;`
declarations is a node; a parent `decode.rs` and its child `decode/x.rs`
are separate nodes, so a parent and a child that use each other's items
form a circle. An edge A -> B means that file A names an item defined in
file B, through

  * a `use` declaration starting with `crate::`, `$crate::`, `super::`,
    `self::` or a child module's name (groups, `self`, `as` renames and
    globs included), wherever it stands (also inside functions);
  * a qualified path in code starting with `crate::`, `$crate::`,
    `super::`, `self::`, a child module's name, or a name that a `use`
    of the same file bound to a module (`use super::decoder;` then
    `decoder::skip(..)`);
  * `crate::name!` where `name` is a `#[macro_export]` macro of the crate.

A path is resolved to the file of its longest existing module prefix; the
next segment is the item. When that module binds the item with a `use`
(a re-export such as `pub use self::decoder::Decoder;`, or a private
import), the resolution follows it to the file that defines the item, so
`crate::Decoder` names `decode/decoder.rs`, not `lib.rs`. The files a path
passed through are remembered: the layer check reports them too (naming an
item through the crate root is reaching into the crate root). A `use` of a
module itself (`use crate::decode;`) is no edge: the paths through it are.
`mod x;` declarations are no edges either, and `#[path = ".."]` on them is
honoured. Nor, unless `--strict`, is a module's re-export of an item of its
own descendants (`pub use self::decoder::Decoder;` in `decode.rs`, the
path written under the module and resolving to a file of its subtree): a
facade, like `mod x;`; an item of a child that its parent uses in code
(`collect::collect(..)` in `decode.rs`) is an edge.

Output: the strongly connected components of more than one file (the
circles), each edge inside them with one example line; with `--layers`,
the edges from a file of a lower layer to a file of a higher one (layers
are listed lowest first; a layer is a module prefix such as `decode` or
`decode::collect`, `|` puts several prefixes in one layer, `lib` is the
crate root file; the longest matching prefix gives a file's layer, files
matching none are not checked). `--exclude` drops the files under the
given module prefixes (and the edges to and from them). `--edges` prints
every edge. Exit status 1 when there are circles or layer violations,
0 otherwise, 2 on bad usage.

What it does not see (so a clean report is a lower bound):

  * names brought in by glob imports (`use super::*;`, `use crate::x::*;`):
    the glob itself is an edge to the module's file, but the items used
    through it are not followed further, and a glob is not followed when
    resolving a re-export;
  * macros: invocations by bare name (`macro_rules!` textual scope,
    `#[macro_use]`), and whatever a macro expands to (paths built inside
    macro bodies from fragments); the contents of `quote!`,
    `quote_spanned!` and `parse_quote!` are skipped, as they are code for
    another crate;
  * method calls and trait items (`x.helper()`, `T::helper()`): an edge
    appears only where the trait or type is named by path or `use`;
  * unqualified names in scope without a `use` (a child's items named by
    its parent after a glob, items of the prelude);
  * a module's own uses of the names it re-exports from its subtree (with
    the facade rule above, `decode.rs` naming `Decoder` after
    `pub use decoder::Decoder;` is no edge; `--strict` counts the
    re-export itself);
  * `cfg`: every declaration counts, whatever the features;
  * `include!`d files, build scripts, other crates (`::name` and paths of
    external crates are ignored), and scoping of `use` inside functions
    (treated as file-wide for module aliases).
"""

import argparse
import bisect
import os
import re
import sys

IDENT = r"[A-Za-z_][A-Za-z0-9_]*"
KEYWORDS = {"crate", "super", "self", "Self"}


# ----------------------------------------------------------------------------
# Lexing: blank out comments, string and char literals, quote! bodies.


def strip(src):
    """Returns `src` with comments and the contents of string / char
    literals replaced by spaces (newlines kept, so offsets and lines stay)."""
    out = list(src)
    n = len(src)
    i = 0

    def blank(a, b):
        for k in range(a, b):
            if out[k] != "\n":
                out[k] = " "

    while i < n:
        c = src[i]
        if c == "/" and i + 1 < n and src[i + 1] == "/":
            j = src.find("\n", i)
            j = n if j < 0 else j
            blank(i, j)
            i = j
        elif c == "/" and i + 1 < n and src[i + 1] == "*":
            depth = 1
            j = i + 2
            while j < n and depth:
                if src.startswith("/*", j):
                    depth += 1
                    j += 2
                elif src.startswith("*/", j):
                    depth -= 1
                    j += 2
                else:
                    j += 1
            blank(i, j)
            i = j
        elif c in "rb" and (i == 0 or not (src[i - 1].isalnum() or src[i - 1] == "_")):
            m = re.match(r'(br|r|b)(#*)"', src[i:])
            if m and (m.group(1) != "b" or not m.group(2)):
                hashes = m.group(2)
                start = i + m.end()
                if m.group(1) == "b" and not hashes:
                    j = _end_of_plain_string(src, start)
                else:
                    close = '"' + hashes
                    j = src.find(close, start)
                    j = n if j < 0 else j + len(close)
                blank(start, max(start, j - 1 - len(hashes)))
                i = j
            elif src.startswith("b'", i):
                j = _end_of_char(src, i + 1)
                blank(i + 2, j - 1)
                i = j
            else:
                i += 1
        elif c == '"':
            j = _end_of_plain_string(src, i + 1)
            blank(i + 1, j - 1)
            i = j
        elif c == "'":
            # A char literal, or a lifetime / label (`'a`, `'static`).
            if i + 2 < n and src[i + 1] == "\\":
                j = _end_of_char(src, i)
                blank(i + 1, j - 1)
                i = j
            elif i + 2 < n and src[i + 2] == "'":
                blank(i + 1, i + 2)
                i += 3
            else:
                i += 1
        else:
            i += 1
    return "".join(out)


def _end_of_plain_string(src, start):
    j = start
    n = len(src)
    while j < n:
        if src[j] == "\\":
            j += 2
        elif src[j] == '"':
            return j + 1
        else:
            j += 1
    return n


def _end_of_char(src, quote):
    j = quote + 1
    n = len(src)
    while j < n:
        if src[j] == "\\":
            j += 2
        elif src[j] == "'":
            return j + 1
        else:
            j += 1
    return n


PAIRS = {"(": ")", "[": "]", "{": "}"}


def matching(text, open_at):
    """Offset just past the delimiter closing the one at `open_at`."""
    stack = []
    for j in range(open_at, len(text)):
        ch = text[j]
        if ch in PAIRS:
            stack.append(PAIRS[ch])
        elif ch in ")]}":
            if stack and stack[-1] == ch:
                stack.pop()
            if not stack:
                return j + 1
    return len(text)


def blank_quotes(text):
    out = list(text)
    for m in re.finditer(r"\b(quote|quote_spanned|parse_quote|parse_quote_spanned)\s*!\s*([({\[])", text):
        start = m.end() - 1
        end = matching(text, start)
        for k in range(start + 1, end - 1):
            if out[k] != "\n":
                out[k] = " "
    return "".join(out)


# ----------------------------------------------------------------------------
# The module tree.


class File:
    def __init__(self, path, modpath, rel):
        self.path = path
        self.modpath = modpath  # tuple of names
        self.rel = rel  # path relative to src/
        with open(path, encoding="utf-8") as f:
            self.raw = f.read()
        self.text = blank_quotes(strip(self.raw))
        self.lines = self.raw.split("\n")
        self.line_starts = [0]
        for m in re.finditer("\n", self.raw):
            self.line_starts.append(m.end())
        # (start, end, modpath) of inline modules, outermost first.
        self.inline = []

    def line_of(self, offset):
        return bisect.bisect_right(self.line_starts, offset)

    def line_text(self, line):
        return self.lines[line - 1].strip()

    def module_at(self, offset):
        best = self.modpath
        best_len = -1
        for start, end, mp in self.inline:
            if start <= offset < end and len(mp) > best_len:
                best, best_len = mp, len(mp)
        return best


class Crate:
    def __init__(self, src):
        self.src = os.path.normpath(src)
        self.files = []  # File
        self.module_file = {}  # modpath -> File
        self.children = {}  # modpath -> set of child names
        self.items = {}  # modpath -> set of item names defined there
        self.imports = {}  # modpath -> {name: (segments, ctx modpath)}
        self.globs = {}  # modpath -> list of (segments, ctx)
        self.exported_macros = {}  # name -> File
        root = None
        for name in ("lib.rs", "main.rs"):
            if os.path.exists(os.path.join(self.src, name)):
                root = os.path.join(self.src, name)
                break
        if root is None:
            sys.exit(f"import_graph: no lib.rs or main.rs in {self.src}")
        self._load(root, ())
        for f in self.files:
            self._scan_items(f)

    def _load(self, path, modpath):
        f = File(path, modpath, os.path.relpath(path, self.src))
        self.files.append(f)
        self.module_file[modpath] = f
        self.children.setdefault(modpath, set())
        base = os.path.basename(path)
        if modpath == () or base == "mod.rs":
            own_dir = os.path.dirname(path)
        else:
            own_dir = os.path.join(os.path.dirname(path), base[:-3])
        path_attrs = {}
        for m in re.finditer(
            r'#\s*\[\s*path\s*=\s*"([^"]+)"\s*\](?:\s*#\s*\[[^\]]*\])*\s*(?:pub(?:\s*\([^)]*\))?\s+)?mod\s+(' + IDENT + r")\s*;",
            f.raw,
        ):
            path_attrs[m.group(2)] = m.group(1)
        text = f.text
        # Inline modules first, so that `mod x;` inside them finds its place.
        for m in re.finditer(r"\bmod\s+(" + IDENT + r")\s*\{", text):
            start = m.end() - 1
            end = matching(text, start)
            f.inline.append((start, end, None, m.group(1)))
        f.inline.sort()
        resolved = []
        for start, end, _, name in f.inline:
            outer = f.modpath
            for s2, e2, mp2 in resolved:
                if s2 < start < e2 and len(mp2) >= len(outer):
                    outer = mp2
            mp = outer + (name,)
            resolved.append((start, end, mp))
            self.children.setdefault(outer, set()).add(name)
            self.children.setdefault(mp, set())
            self.module_file[mp] = f
        f.inline = resolved
        for m in re.finditer(r"\bmod\s+(" + IDENT + r")\s*;", text):
            name = m.group(1)
            outer = f.module_at(m.start())
            rel_inline = outer[len(modpath):]
            if name in path_attrs:
                child = os.path.normpath(os.path.join(os.path.dirname(path), *rel_inline, path_attrs[name]))
            else:
                d = os.path.join(own_dir, *rel_inline)
                child = os.path.join(d, name + ".rs")
                if not os.path.exists(child):
                    child = os.path.join(d, name, "mod.rs")
            if not os.path.exists(child):
                print(f"import_graph: warning: {f.rel}: no file for `mod {name};`", file=sys.stderr)
                continue
            self.children.setdefault(outer, set()).add(name)
            self._load(child, outer + (name,))

    def _scan_items(self, f):
        for m in re.finditer(
            r"\b(?:fn|struct|enum|trait|type|const|static|union)\s+(" + IDENT + r")",
            f.text,
        ):
            self.items.setdefault(f.module_at(m.start()), set()).add(m.group(1))
        for m in re.finditer(r"macro_rules\s*!\s*(" + IDENT + ")", f.text):
            before = f.text[max(0, m.start() - 200) : m.start()]
            if re.search(r"#\s*\[\s*macro_export[^\]]*\]\s*(#\s*\[[^\]]*\]\s*)*$", before):
                self.exported_macros[m.group(1)] = f
        for use in find_uses(f.text):
            ctx = f.module_at(use.start)
            for segs, alias, glob in use.entries:
                if glob:
                    self.globs.setdefault(ctx, []).append((segs, ctx))
                elif alias and alias != "_":
                    self.imports.setdefault(ctx, {})[alias] = (segs, ctx)

    # -- resolution --------------------------------------------------------

    def absolute(self, segs, ctx, depth=0):
        """The absolute segments of a path in module `ctx`, or None when it
        leaves the crate."""
        if not segs:
            return None
        head = segs[0]
        if head in ("crate", "$crate"):
            cur, rest = (), list(segs[1:])
        elif head in ("super", "self"):
            cur = ctx
            rest = list(segs)
            while rest and rest[0] in ("super", "self"):
                if rest[0] == "super":
                    if not cur:
                        return None
                    cur = cur[:-1]
                rest.pop(0)
        elif head in self.children.get(ctx, ()):
            cur, rest = ctx, list(segs)
        elif head in self.imports.get(ctx, {}) and depth < 16:
            isegs, ictx = self.imports[ctx][head]
            base = self.absolute(isegs, ictx, depth + 1)
            if base is None:
                return None
            return tuple(base) + tuple(segs[1:])
        else:
            return None
        return tuple(cur) + tuple(rest)

    def resolve(self, abspath, depth=0):
        """(File, is_module, via) for an absolute path: the file defining the
        item it names (following `use` bindings), whether the whole path is a
        module, and the files whose re-exports were passed through."""
        k = len(abspath)
        while k > 0 and abspath[:k] not in self.module_file:
            k -= 1
        mod = abspath[:k]
        if k == len(abspath):
            return self.module_file[mod], True, []
        item = abspath[k]
        if item not in self.items.get(mod, ()) and item in self.imports.get(mod, {}) and depth < 16:
            isegs, ictx = self.imports[mod][item]
            nxt = self.absolute(isegs, ictx)
            if nxt is not None:
                f, is_mod, via = self.resolve(tuple(nxt) + tuple(abspath[k + 1 :]), depth + 1)
                return f, is_mod, [self.module_file[mod]] + via
        return self.module_file[mod], False, []

    def is_module_alias(self, name, ctx):
        if name not in self.imports.get(ctx, {}):
            return False
        isegs, ictx = self.imports[ctx][name]
        ab = self.absolute(isegs, ictx)
        return ab is not None and ab in self.module_file


# ----------------------------------------------------------------------------
# `use` declarations.


class Use:
    def __init__(self, start, end, entries, public):
        self.start = start
        self.end = end
        self.entries = entries  # (segments, alias or None, glob)
        self.public = public  # `pub use`, `pub(crate) use`, ...


TOKEN = re.compile(r"\s*(\$crate|::|" + IDENT + r"|[{},*;])")


def find_uses(text):
    uses = []
    for m in re.finditer(r"(?:^|(?<=[;{}\]\s)]))use\s+", text):
        # `use` as a keyword only (not `r#use`, not part of an identifier).
        if m.start() > 0 and (text[m.start() - 1].isalnum() or text[m.start() - 1] in "_#"):
            continue
        toks = []
        pos = m.end()
        ok = True
        while True:
            t = TOKEN.match(text, pos)
            if not t:
                ok = False
                break
            pos = t.end()
            if t.group(1) == ";":
                break
            toks.append(t.group(1))
        if not ok or not toks:
            continue
        entries = []
        _parse_tree(toks, 0, [], entries)
        public = re.search(r"\bpub\s*(\([^)]*\))?\s*$", text[max(0, m.start() - 40) : m.start()]) is not None
        uses.append(Use(m.start(), pos, entries, public))
    return uses


def _parse_tree(toks, i, prefix, entries):
    """Parses one use tree at toks[i], appending its leaves; returns the
    index past it."""
    segs = list(prefix)
    if i < len(toks) and toks[i] == "::":
        segs.append("::")
        i += 1
    while i < len(toks):
        t = toks[i]
        if t == "{":
            i += 1
            while i < len(toks) and toks[i] != "}":
                i = _parse_tree(toks, i, segs, entries)
                if i < len(toks) and toks[i] == ",":
                    i += 1
            return i + 1
        if t == "*":
            entries.append((segs, None, True))
            return i + 1
        if t in (",", "}"):
            return i
        if t == "::":
            i += 1
            continue
        if t == "self" and segs and segs[-1] != "::":
            # `a::b::{self}`: the module itself.
            alias = segs[-1]
            i += 1
            if i + 1 < len(toks) and toks[i] == "as":
                alias = toks[i + 1]
                i += 2
            entries.append((segs, alias, False))
            return i
        segs = segs + [t]
        i += 1
        if i < len(toks) and toks[i] == "as":
            alias = toks[i + 1] if i + 1 < len(toks) else None
            entries.append((segs, alias, False))
            return i + 2
        if i >= len(toks) or toks[i] in (",", "}"):
            entries.append((segs, segs[-1], False))
            return i
    return i


# ----------------------------------------------------------------------------
# Edges.


class Edge:
    def __init__(self, src, dst, line, via):
        self.src, self.dst, self.line, self.via = src, dst, line, via


PATH_IN_CODE = re.compile(r"(?<![\w:$])(\$crate|" + IDENT + r")((?:\s*::\s*" + IDENT + r")+)(\s*!)?")


def edges_of(crate, strict):
    edges = {}  # (src rel, dst rel) -> Edge (first example)
    via_edges = []  # (src, via file, line) for the layer check

    def add(f, target, via, offset):
        line = f.line_of(offset)
        for v in via:
            if v is not f:
                via_edges.append((f, v, line))
        if target is f:
            return
        key = (f.rel, target.rel)
        if key not in edges:
            edges[key] = Edge(f, target, line, via)

    for f in crate.files:
        text = f.text
        uses = find_uses(text)
        for use in uses:
            ctx = f.module_at(use.start)
            for segs, alias, glob in use.entries:
                if segs and segs[0] == "::":
                    continue
                ab = crate.absolute(segs, ctx)
                if ab is None:
                    continue
                target, is_mod, via = crate.resolve(ab)
                if is_mod and not glob:
                    continue
                if use.public and not strict and ab[: len(ctx)] == ctx and target.modpath[: len(f.modpath)] == f.modpath:
                    # A facade: a module re-exporting its own descendants'
                    # items, which is no more a use than `mod x;`.
                    continue
                add(f, target, via, use.start)
        # Blank the uses, then scan the code's qualified paths.
        chars = list(text)
        for use in uses:
            for k in range(use.start, use.end):
                if chars[k] != "\n":
                    chars[k] = " "
        code = "".join(chars)
        for m in PATH_IN_CODE.finditer(code):
            head = m.group(1)
            rest = [s.strip() for s in m.group(2).split("::")[1:]]
            ctx = f.module_at(m.start())
            if head in ("crate", "$crate", "super", "self"):
                pass
            elif head in crate.children.get(ctx, ()) or crate.is_module_alias(head, ctx):
                pass
            else:
                continue
            segs = [head] + rest
            if m.group(3) and head in ("crate", "$crate") and len(rest) == 1 and rest[0] in crate.exported_macros:
                add(f, crate.exported_macros[rest[0]], [], m.start())
                continue
            ab = crate.absolute(segs, ctx)
            if ab is None:
                continue
            target, is_mod, via = crate.resolve(ab)
            add(f, target, via, m.start())
    return edges, via_edges


def sccs(nodes, adj):
    """Tarjan's strongly connected components."""
    index = {}
    low = {}
    on = set()
    stack = []
    out = []
    counter = [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(adj.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            out.append(sorted(comp))

    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return out


def parse_prefix(p):
    p = p.strip().replace("/", "::")
    if p in ("lib", "main", "crate"):
        return "ROOT"
    return tuple(x for x in p.split("::") if x)


def layer_of(modpath, layers):
    best = None
    best_len = -1
    for rank, prefixes in enumerate(layers):
        for p in prefixes:
            if p == "ROOT":
                if modpath == () and best_len < 0:
                    best, best_len = rank, 0
            elif modpath[: len(p)] == p and len(p) > best_len:
                best, best_len = rank, len(p)
    return best


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("src", help="the crate's src/ directory")
    ap.add_argument("--layers", help="module prefixes, lowest layer first, comma separated; `|` joins prefixes into one layer; `lib` is the crate root")
    ap.add_argument("--exclude", help="module prefixes whose files are left out, comma separated")
    ap.add_argument("--edges", action="store_true", help="print every edge")
    ap.add_argument("--strict", action="store_true", help="count a module's re-exports of its own descendants' items as edges")
    args = ap.parse_args()
    if not os.path.isdir(args.src):
        print(f"import_graph: {args.src} is not a directory", file=sys.stderr)
        return 2

    crate = Crate(args.src)
    excluded = [parse_prefix(p) for p in (args.exclude or "").split(",") if p.strip()]

    def kept(f):
        for p in excluded:
            if p == "ROOT" and f.modpath == ():
                return False
            if p != "ROOT" and f.modpath[: len(p)] == p:
                return False
        return True

    files = {f.rel: f for f in crate.files if kept(f)}
    edges, via_edges = edges_of(crate, args.strict)
    edges = {k: e for k, e in edges.items() if k[0] in files and k[1] in files}
    adj = {}
    for a, b in edges:
        adj.setdefault(a, set()).add(b)

    print(f"{args.src}: {len(files)} files, {len(edges)} edges")
    if args.edges:
        for (a, b), e in sorted(edges.items()):
            print(f"  {a} -> {b}    {a}:{e.line}: {e.src.line_text(e.line)}")

    failed = False
    circles = [c for c in sccs(files.keys(), adj) if len(c) > 1]
    if circles:
        failed = True
        print(f"{len(circles)} import circle(s):")
        for n, comp in enumerate(circles, 1):
            print(f"circle {n} ({len(comp)} files): {', '.join(comp)}")
            members = set(comp)
            for (a, b), e in sorted(edges.items()):
                if a in members and b in members:
                    print(f"  {a} -> {b}    {a}:{e.line}: {e.src.line_text(e.line)}")
    else:
        print("no import circles")

    if args.layers:
        layers = [[parse_prefix(p) for p in group.split("|")] for group in args.layers.split(",") if group.strip()]
        violations = []
        seen = set()
        for (a, b), e in sorted(edges.items()):
            la, lb = layer_of(e.src.modpath, layers), layer_of(e.dst.modpath, layers)
            if la is not None and lb is not None and la < lb:
                violations.append(f"  {a} -> {b}    {a}:{e.line}: {e.src.line_text(e.line)}")
                seen.add((a, b))
        for src, via, line in via_edges:
            if src.rel not in files or via.rel not in files or (src.rel, via.rel) in seen:
                continue
            la, lb = layer_of(src.modpath, layers), layer_of(via.modpath, layers)
            if la is not None and lb is not None and la < lb:
                seen.add((src.rel, via.rel))
                violations.append(f"  {src.rel} -> {via.rel} (re-export passed through)    {src.rel}:{line}: {src.line_text(line)}")
        if violations:
            failed = True
            print(f"{len(violations)} layer violation(s) (lower layer -> higher layer):")
            print("\n".join(violations))
        else:
            print("no layer violations")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
