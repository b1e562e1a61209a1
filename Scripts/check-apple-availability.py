#!/usr/bin/env python3
"""The work of Scripts/check-apple-availability (read its header first); standard library only.

    check-apple-availability.py --root ROOT --store INDEX_STORE --graphs DIR --libindexstore SO
                                [--target-dir Sources/Courier ...]

1. Availability: DIR holds the toolchain modules' symbol graphs (*.symbols.json, made by the
   bash script); the first run boils them down to DIR/availability.json: for every symbol with
   Apple availability, its name and, per Apple platform, the version it was introduced in (the
   latest of its own and its enclosing types' and protocols') or that it is unavailable there.
2. References: every reference occurrence (the index's Reference role, implicit ones included:
   `for await` calls next(isolation:)) in the newest unit of each file under the target
   directories, read from the index store through libIndexStore with ctypes.
3. A reference to a symbol introduced after the package's minimum on a platform (Package.swift's
   `platforms:`), or unavailable there, is a finding unless the source around it covers that
   platform and version: an `@available(...)` on an enclosing declaration in the same file, the
   body of an `if #available(...)` / `while #available(...)`, or the rest of the block after a
   `guard #available(...) else { ... }` (a small lexer skips comments and string literals and
   matches braces). ALLOWLIST below silences known false positives.
"""
import argparse
import collections
import ctypes as C
import glob
import json
import os
import re
import sys

DOMAINS = ("macOS", "iOS", "tvOS", "watchOS", "visionOS")
SOURCE_DOMAINS = {"macOS": "macOS", "OSX": "macOS", "iOS": "iOS", "tvOS": "tvOS",
                  "watchOS": "watchOS", "visionOS": "visionOS", "xrOS": "visionOS"}
NEVER = (1 << 30,)  # an "unavailable" platform: newer than any version
# The format of availability.json: change it with load_availability, so that no run reads a table
# an older version of this file made.
CACHE_FORMAT = 1

# Known false positives: symbol name (as printed; "*.x" is any name ending in ".x") -> (which
# references, why they are not real).
# "implicit" silences only references the compiler made up (`for await`, a conformance's default
# implementation), so that writing the API out is still reported; "any" silences every one. A new
# entry needs a reason that a reviewer can check.
CODABLE_128 = "implicit", "Int128/UInt128 requirement reached through a default implementation"
ALLOWLIST = {
    # `for await` compiles to next(isolation:) with Swift 6 (the protocol's, or a concrete
    # iterator's such as AsyncStream.Iterator's); for targets older than macOS 15 / iOS 18 the
    # compiler calls next(), which is as old as AsyncSequence.
    "*.next(isolation:)":
        ("implicit", "`for await`; older Apple targets call next()"),
    # A requirement added in macOS 15 / iOS 18; on older targets `&*` is the unannotated default
    # implementation (and the concrete integer types' own operator).
    "Swift.FixedWidthInteger.&*(_:_:)":
        ("any", "macOS 15 requirement; older targets use the unannotated default"),
    # swift-foundation's own introduction date; Apple's Foundation has it since macOS 10.10 / iOS 8.
    "FoundationEssentials.String.data(using:allowLossyConversion:)":
        ("any", "swift-foundation's date; Apple has had it since macOS 10.10 / iOS 8"),
    # The Int128/UInt128 overloads of the Codable container requirements (macOS 15), reached
    # through the default implementations every conformance gets.
    "Swift.KeyedDecodingContainerProtocol.decode(_:forKey:)": CODABLE_128,
    "Swift.KeyedDecodingContainerProtocol.decodeIfPresent(_:forKey:)": CODABLE_128,
    "Swift.KeyedEncodingContainerProtocol.encode(_:forKey:)": CODABLE_128,
    "Swift.KeyedEncodingContainerProtocol.encodeIfPresent(_:forKey:)": CODABLE_128,
    "Swift.SingleValueDecodingContainer.decode(_:)": CODABLE_128,
    "Swift.SingleValueEncodingContainer.encode(_:)": CODABLE_128,
    "Swift.UnkeyedDecodingContainer.decode(_:)": CODABLE_128,
    "Swift.UnkeyedDecodingContainer.decodeIfPresent(_:)": CODABLE_128,
    "Swift.UnkeyedEncodingContainer.encode(_:)": CODABLE_128,
    "Swift.UnkeyedEncodingContainer.encode(contentsOf:)": CODABLE_128,
}


# --- availability ------------------------------------------------------------------------------

def version(v):
    return (v.get("major", 0), v.get("minor", 0), v.get("patch", 0))


def dotted(text):
    """(major, minor, patch) of "14" or "14.2"."""
    parts = [int(x) for x in text.split(".") if x]
    return tuple(parts + [0] * (3 - len(parts)))[:3]


def show(v):
    if v == NEVER:
        return "unavailable"
    v = list(v)
    while len(v) > 1 and v[-1] == 0:
        v.pop()
    return ".".join(map(str, v))


def load_availability(graphs):
    cache = os.path.join(graphs, "availability.json")
    if os.path.exists(cache):
        data = json.load(open(cache))
        if data.get("format") == CACHE_FORMAT:
            return {u: (n, {d: tuple(v) for d, v in a.items()}) for u, (n, a) in data["symbols"].items()}
    own, names, parent = {}, {}, {}
    files = sorted(glob.glob(os.path.join(graphs, "*.symbols.json")))
    if not files:
        sys.exit(f"check-apple-availability: no symbol graphs in {graphs}")
    for path in files:
        module = os.path.basename(path).split("@")[0].split(".symbols.json")[0]
        graph = json.load(open(path))
        for symbol in graph["symbols"]:
            usr = symbol["identifier"]["precise"]
            if "::SYNTHESIZED::" in usr:
                continue
            names.setdefault(usr, module + "." + ".".join(symbol["pathComponents"]))
            entries = {}
            for a in symbol.get("availability", []):
                domain = a.get("domain")
                if domain not in DOMAINS:
                    continue
                if a.get("isUnconditionallyUnavailable") or a.get("obsoleted"):
                    # `obsoleted` too: the SDK refuses it from that version on; counted as
                    # unavailable everywhere, the cautious reading.
                    entries[domain] = NEVER
                elif "introduced" in a:
                    entries[domain] = max(entries.get(domain, (0,)), version(a["introduced"]))
            if entries:
                own[usr] = entries
        for r in graph["relationships"]:
            if r["kind"] in ("memberOf", "requirementOf", "optionalRequirementOf"):
                parent.setdefault(r["source"], r["target"])
    symbols = {}
    for usr, name in names.items():
        merged, seen, u = {}, set(), usr
        while u and u not in seen:  # a member is no older than its type or protocol
            seen.add(u)
            for d, v in own.get(u, {}).items():
                merged[d] = max(merged.get(d, (0,)), v)
            u = parent.get(u)
        if merged:
            symbols[usr] = (name, merged)
    tmp = cache + ".tmp"
    json.dump({"format": CACHE_FORMAT, "symbols": symbols}, open(tmp, "w"))
    os.replace(tmp, cache)
    return symbols


def minimums(package_swift):
    text = open(package_swift).read()
    m = re.search(r"platforms\s*:\s*\[(.*?)\]", text, re.S)
    if not m:
        sys.exit("check-apple-availability: no `platforms:` in Package.swift")
    result = {}
    for domain, v in re.findall(r"\.(macOS|iOS|tvOS|watchOS|visionOS)\s*\(\s*([^)]*?)\s*\)", m.group(1)):
        v = v.strip().strip('"')
        if v.startswith(".v"):
            v = v[2:].replace("_", ".")
        try:
            result[domain] = dotted(v)
        except ValueError:
            sys.exit(f"check-apple-availability: cannot read .{domain}({v}) in Package.swift")
    return result


# --- the index store ---------------------------------------------------------------------------

REFERENCE = 1 << 2
IMPLICIT = 1 << 8


class Ref(C.Structure):
    _fields_ = [("data", C.c_char_p), ("length", C.c_size_t)]


def text(r):
    return C.string_at(r.data, r.length).decode() if r.length else ""


def references(libpath, store_path, dirs, wanted):
    """{(file, line, column, usr, implicit)} of every reference to a USR in `wanted` in files under dirs."""
    lib = C.CDLL(libpath)
    vp = C.c_void_p
    for name, res, args in [
        ("indexstore_store_create", vp, [C.c_char_p, C.POINTER(vp)]),
        ("indexstore_store_units_apply_f", C.c_bool, [vp, C.c_uint, vp, vp]),
        ("indexstore_unit_reader_create", vp, [vp, C.c_char_p, C.POINTER(vp)]),
        ("indexstore_unit_reader_dispose", None, [vp]),
        ("indexstore_unit_reader_get_main_file", Ref, [vp]),
        ("indexstore_unit_reader_dependencies_apply_f", C.c_bool, [vp, vp, vp]),
        ("indexstore_unit_dependency_get_kind", C.c_int, [vp]),
        ("indexstore_unit_dependency_get_name", Ref, [vp]),
        ("indexstore_unit_dependency_get_filepath", Ref, [vp]),
        ("indexstore_record_reader_create", vp, [vp, C.c_char_p, C.POINTER(vp)]),
        ("indexstore_record_reader_dispose", None, [vp]),
        ("indexstore_record_reader_occurrences_apply_f", C.c_bool, [vp, vp, vp]),
        ("indexstore_occurrence_get_symbol", vp, [vp]),
        ("indexstore_occurrence_get_roles", C.c_uint64, [vp]),
        ("indexstore_occurrence_get_line_col", None, [vp, C.POINTER(C.c_uint), C.POINTER(C.c_uint)]),
        ("indexstore_symbol_get_usr", Ref, [vp]),
    ]:
        f = getattr(lib, name)
        f.restype, f.argtypes = res, args
    error = vp()
    store = lib.indexstore_store_create(store_path.encode(), C.byref(error))
    if not store:
        sys.exit(f"check-apple-availability: cannot open the index store {store_path}")
    units = []
    unit_cb = C.CFUNCTYPE(C.c_bool, vp, Ref)(lambda _, n: units.append(text(n)) or True)
    lib.indexstore_store_units_apply_f(store, 0, None, C.cast(unit_cb, vp))

    # The newest unit of each file (a file compiled under another output path leaves an old one).
    newest = {}
    for unit in units:
        reader = lib.indexstore_unit_reader_create(store, unit.encode(), C.byref(error))
        if not reader:
            continue
        main = text(lib.indexstore_unit_reader_get_main_file(reader))
        if any(main.startswith(d + os.sep) for d in dirs) and os.path.exists(main):
            mtime = os.path.getmtime(os.path.join(store_path, "v5", "units", unit))
            records = []

            def dep(_, d, records=records, main=main):
                if lib.indexstore_unit_dependency_get_kind(d) == 2 and \
                        text(lib.indexstore_unit_dependency_get_filepath(d)) == main:
                    records.append(text(lib.indexstore_unit_dependency_get_name(d)))
                return True
            dep_cb = C.CFUNCTYPE(C.c_bool, vp, vp)(dep)
            lib.indexstore_unit_reader_dependencies_apply_f(reader, None, C.cast(dep_cb, vp))
            if main not in newest or mtime > newest[main][0]:
                newest[main] = (mtime, records)
        lib.indexstore_unit_reader_dispose(reader)

    found = set()
    line, col = C.c_uint(), C.c_uint()
    for main, (mtime, records) in sorted(newest.items()):
        if os.path.getmtime(main) > mtime + 1:
            print(f"check-apple-availability: warning: the index of {main} is older than the file;"
                  " build first", file=sys.stderr)
        for record in records:
            reader = lib.indexstore_record_reader_create(store, record.encode(), C.byref(error))
            if not reader:
                continue

            def occurrence(_, occ, main=main):
                roles = lib.indexstore_occurrence_get_roles(occ)
                if roles & REFERENCE:
                    usr = text(lib.indexstore_symbol_get_usr(lib.indexstore_occurrence_get_symbol(occ)))
                    if usr in wanted:
                        lib.indexstore_occurrence_get_line_col(occ, C.byref(line), C.byref(col))
                        found.add((main, line.value, col.value, usr, bool(roles & IMPLICIT)))
                return True
            occ_cb = C.CFUNCTYPE(C.c_bool, vp, vp)(occurrence)
            lib.indexstore_record_reader_occurrences_apply_f(reader, None, C.cast(occ_cb, vp))
            lib.indexstore_record_reader_dispose(reader)
    return found, len(newest)


# --- what the source says around a reference ---------------------------------------------------

def blank(source):
    """The source with comments and string literals (interpolations included) replaced by spaces,
    newlines kept, so that offsets and lines stay the same."""
    out = list(source)
    n, i = len(source), 0

    def wipe(a, b):
        for k in range(a, b):
            if out[k] != "\n":
                out[k] = " "

    def string_end(i):
        # source[i:] starts a string literal (#*"  or #*"""); returns the offset after it.
        hashes = 0
        while source[i] == "#":
            hashes += 1
            i += 1
        multi = source.startswith('"""', i)
        i += 3 if multi else 1
        close = ('"""' if multi else '"') + "#" * hashes
        escape = "\\" + "#" * hashes
        while i < n:
            if source.startswith(close, i):
                return i + len(close)
            if source.startswith(escape, i):
                j = i + len(escape)
                if j < n and source[j] == "(":  # interpolation: skip to its closing parenthesis
                    depth, j = 1, j + 1
                    while j < n and depth:
                        if source[j] == '"' or (source[j] == "#" and re.match(r'#+"', source[j:j + 8])):
                            j = string_end(j)
                            continue
                        depth += {"(": 1, ")": -1}.get(source[j], 0)
                        j += 1
                    i = j
                    continue
                i = j + 1
                continue
            if not multi and source[i] == "\n":
                return i
            i += 1
        return n

    while i < n:
        if source.startswith("//", i):
            j = source.find("\n", i)
            j = n if j < 0 else j
            wipe(i, j)
            i = j
        elif source.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if source.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif source.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            wipe(i, j)
            i = j
        elif source[i] == '"' or (source[i] == "#" and re.match(r'#+"', source[i:i + 8])):
            j = string_end(i)
            wipe(i, j)
            i = j
        else:
            i += 1
    return "".join(out)


def parse_versions(args):
    """{domain: version} an @available / #available argument list guarantees."""
    parts = [p.strip() for p in args.split(",")]
    result = {}
    if parts and parts[0] in ("*",) + tuple(SOURCE_DOMAINS) and len(parts) > 1 and \
            not re.match(r"^\w+\s+\d", parts[1]):
        # The long form: @available(macOS, introduced: 14), @available(*, unavailable), ...
        domains = DOMAINS if parts[0] == "*" else (SOURCE_DOMAINS[parts[0]],)
        for p in parts[1:]:
            if p == "unavailable":
                result.update({d: NEVER for d in domains})
            m = re.match(r"^introduced\s*:\s*([\d.]+)$", p)
            if m and parts[0] != "*":
                result[domains[0]] = dotted(m.group(1))
        return result
    for p in parts:
        m = re.match(r"^(\w+)\s+([\d.]+)$", p)
        if m and m.group(1) in SOURCE_DOMAINS:
            result[SOURCE_DOMAINS[m.group(1)]] = dotted(m.group(2))
    return result


DECL_WITH_BODY = r"func|init|subscript|deinit|struct|class|enum|actor|extension|protocol"
MODIFIERS = (r"public|private|fileprivate|internal|package|open|static|final|override|"
             r"mutating|nonmutating|nonisolated|convenience|required|lazy|weak|unowned|dynamic|"
             r"indirect|consuming|borrowing|distributed|prefix|postfix|infix|isolated")


class Scopes:
    """Which platforms and versions the source guarantees at an offset of one file."""

    def __init__(self, source):
        self.t = t = blank(source)
        self.match, stack = {}, []
        for i, ch in enumerate(t):
            if ch == "{":
                stack.append(i)
            elif ch == "}" and stack:
                self.match[stack.pop()] = i
        self.pairs = sorted(self.match.items())
        self.regions = []  # (start, end, {domain: version})
        for m in re.finditer(r"@available\s*\(", t):
            close = self.closing_paren(m.end() - 1)
            versions = parse_versions(t[m.end():close])
            if versions:
                self.regions.append((m.start(), self.declaration_end(close + 1), versions))
        for m in re.finditer(r"#available\s*\(", t):
            close = self.closing_paren(m.end() - 1)
            versions = parse_versions(t[m.end():close])
            if not versions:
                continue
            boundary = max(t.rfind("{", 0, m.start()), t.rfind("}", 0, m.start()), t.rfind(";", 0, m.start()))
            keywords = re.findall(r"\b(if|guard|while)\b", t[boundary + 1:m.start()])
            body = self.next_brace(close + 1)
            if not keywords or body is None:
                continue
            if keywords[-1] == "guard":
                enclosing = self.enclosing_block(m.start())
                if enclosing:
                    self.regions.append((self.match[body], enclosing[1], versions))
            else:
                self.regions.append((body, self.match[body], versions))

    def closing_paren(self, open_at):
        depth = 0
        for j in range(open_at, len(self.t)):
            depth += {"(": 1, ")": -1}.get(self.t[j], 0)
            if depth == 0:
                return j
        return len(self.t)

    def next_brace(self, i):
        """The first `{` from i outside parentheses and brackets."""
        depth = 0
        for j in range(i, len(self.t)):
            ch = self.t[j]
            if ch in "([":
                depth += 1
            elif ch in ")]":
                depth -= 1
            elif ch == "{" and depth <= 0:
                return j if j in self.match else None
        return None

    def enclosing_block(self, i):
        best = None
        for a, b in self.pairs:
            if a > i:
                break
            if b > i and (best is None or a > best[0]):
                best = (a, b)
        return best

    def declaration_end(self, i):
        """The end of the declaration whose attributes end at i: its closing brace, or the end of
        its line for one without a body."""
        t = self.t
        m = re.compile(r"(?:\s|@\w+(?:\s*\([^)]*\))?|\b(?:%s)\b(?:\s*\(\s*set\s*\))?)*" % MODIFIERS).match(t, i)
        j = m.end()
        kw = re.compile(r"(%s|var|let)\b" % DECL_WITH_BODY).match(t, j)
        line_end = t.find("\n", j)
        line_end = len(t) if line_end < 0 else line_end
        if not kw:
            return line_end
        depth, k = 0, kw.end()
        while k < len(t):
            ch = t[k]
            if ch in "([<":
                depth += 1
            elif ch in ")]>" and depth > 0:
                depth -= 1
            elif ch == "{" and depth == 0:
                return self.match.get(k, k)
            elif ch == "\n" and depth == 0:
                if kw.group(1) in ("var", "let"):
                    return k
                rest = t[k:].lstrip()
                if rest.startswith(("@", "}")) or re.match(r"(%s|%s|var|let|case|typealias)\b" % (DECL_WITH_BODY, MODIFIERS), rest):
                    return k  # a declaration without a body (a protocol requirement)
            k += 1
        return len(t)

    def guaranteed(self, offset):
        result = {}
        for a, b, versions in self.regions:
            if a <= offset <= b:
                for d, v in versions.items():
                    result[d] = max(result.get(d, (0,)), v)
        return result


# --- the check ---------------------------------------------------------------------------------

def main():
    p = argparse.ArgumentParser()
    p.add_argument("--root", required=True)
    p.add_argument("--store", required=True)
    p.add_argument("--graphs", required=True)
    p.add_argument("--libindexstore", required=True)
    p.add_argument("--target-dir", action="append", default=[])
    p.add_argument("--verbose", action="store_true", help="also list covered and allowlisted references")
    a = p.parse_args()
    root = os.path.realpath(a.root)
    mins = minimums(os.path.join(root, "Package.swift"))
    symbols = load_availability(a.graphs)
    # Only symbols newer than a minimum (or unavailable on a platform) can be findings.
    wanted = {u: (n, av) for u, (n, av) in symbols.items()
              if any(d in mins and v > mins[d] for d, v in av.items())}
    dirs = [os.path.join(root, d) for d in a.target_dir]
    found, files = references(a.libindexstore, a.store, dirs, wanted)
    if files == 0:
        sys.exit(f"check-apple-availability: the index store has no unit for {', '.join(a.target_dir)}; build first")

    scopes, findings, allowed = {}, {}, collections.Counter()
    for path, line, col, usr, implicit in sorted(found):
        name, av = wanted[usr]
        over = {d: v for d, v in av.items() if d in mins and v > mins[d]}
        if path not in scopes:
            raw = open(path, encoding="utf-8", errors="replace").read()
            starts = [0] + [m.end() for m in re.finditer("\n", raw)]
            scopes[path] = (Scopes(raw), starts, raw.split("\n"))
        scope, starts, lines = scopes[path]
        # The index's column counts UTF-8 bytes.
        prefix = lines[line - 1].encode()[:col - 1].decode(errors="ignore") if line <= len(lines) else ""
        offset = starts[line - 1] + len(prefix) if line <= len(starts) else 0
        sure = scope.guaranteed(offset)
        rel = os.path.relpath(path, root)
        if all(sure.get(d, (0,)) >= v for d, v in over.items()):
            if a.verbose:
                print(f"{rel}:{line}: covered: {name}", file=sys.stderr)
            continue
        entry = ALLOWLIST.get(name) or next(
            (v for k, v in ALLOWLIST.items() if k.startswith("*.") and name.endswith(k[1:])), None)
        if entry and (implicit or entry[0] == "any"):
            allowed[name] += 1
            if a.verbose:
                print(f"{rel}:{line}: allowlisted: {name} ({entry[1]})", file=sys.stderr)
            continue
        intro = ", ".join(f"{d} {show(av[d])}" for d in DOMAINS if d in av and av[d] != NEVER)
        gone = ", ".join(d for d in DOMAINS if av.get(d) == NEVER)
        intro = "; ".join(x for x in (intro and "introduced " + intro, gone and "unavailable on " + gone) if x)
        findings.setdefault((rel, line, name), f"{rel}:{line}: {name} ({intro})")

    mins_text = ", ".join(f"{d} {show(v)}" for d, v in mins.items())
    for key in sorted(findings):
        print(findings[key])
    if allowed:
        print(f"check-apple-availability: {sum(allowed.values())} allowlisted reference(s) to "
              f"{len(allowed)} API(s) skipped (ALLOWLIST in Scripts/check-apple-availability.py)",
              file=sys.stderr)
    if findings:
        print(f"check-apple-availability: {len(findings)} reference(s) to APIs newer than the "
              f"package's minimums ({mins_text}) outside an @available / #available that covers "
              f"them, in {files} files", file=sys.stderr)
        return 1
    print(f"check-apple-availability: no reference newer than {mins_text} in {files} files of "
          f"{', '.join(a.target_dir)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
