#!/usr/bin/env python3
"""The generator and the report of `Benchmarks/run compile-cost` (Python standard library only).

Usage:
    python3 Benchmarks/Measurements/compile_cost.py generate --root COURIER_CHECKOUT --out DIR
        [--endpoints 500] [--seed 13]
    python3 Benchmarks/Measurements/compile_cost.py report --package DIR --log BUILD_LOG [--limit 100]
        [--top 10] [--json PATH --endpoints N --build-wall S --build-cpu S]

`generate` writes a package that depends on the checkout by path, with one executable target,
CompileCostCatalog: one file per resource (models, a documented error type, a sort enum and 20
endpoints) and a main.swift that builds every endpoint's request and a Catalog of the
CatalogEndpoint ones. It prints one line saying what it wrote.

Endpoints are written the way users write them (see Examples/Sources/TodoCatalog): mostly a struct
per endpoint whose stored properties are its parameters and whose `definition` is a builder block,
and one in five as a function returning `Endpoint { … }`. They mix methods, 1-3 path parameters
(Int, String, UUID), 0-4 query items (optional, enum, literal, `if let`, arrays, `for`), bearer and
custom headers, JSON, dictionary, form and multipart bodies, `switch` and `if`/`else` inside
blocks, `Timeout`, `Idempotent` and shared `Components`. Struct endpoints that only use what a
server can parse back are `CatalogEndpoint`s; the others are plain `RequestModel`s. The same seed
always writes the same files, so runs are comparable.

`report` reads the log of a build made with `-warn-long-function-bodies`,
`-warn-long-expression-type-checking`, `-debug-time-function-bodies` and
`-debug-time-expression-type-checking`, and prints the total type-checking time, the slowest
function bodies and expressions of the generated package, and every one over the limit; it exits
with 1 when there is one. With `--json PATH` it also writes those figures, the build's wall and CPU
time as given, and the B7 goal as met or not (the `goals` list every measure script writes).
"""

import argparse
import json
import os
import random
import re
import sys

RESOURCES = [
    ("Project", "projects"), ("Issue", "issues"), ("Comment", "comments"), ("Order", "orders"),
    ("Invoice", "invoices"), ("Payment", "payments"), ("Product", "products"), ("Cart", "carts"),
    ("Shipment", "shipments"), ("Review", "reviews"), ("Document", "documents"), ("Webhook", "webhooks"),
    ("Event", "events"), ("Label", "labels"), ("Member", "members"), ("Notification", "notifications"),
    ("Report", "reports"), ("Subscription", "subscriptions"), ("Team", "teams"), ("Device", "devices"),
    ("Workspace", "workspaces"), ("Pipeline", "pipelines"), ("Deployment", "deployments"),
    ("Ticket", "tickets"), ("Article", "articles"), ("Playlist", "playlists"), ("Coupon", "coupons"),
]
PARENTS = [("orgs", "orgID"), ("accounts", "accountID"), ("spaces", "spaceID"), ("regions", "regionCode")]
FIELD_POOL = [
    ("name", "String", '"Ada"'), ("title", "String", '"Milk"'), ("count", "Int", "3"),
    ("isActive", "Bool", "true"), ("priority", "Priority", ".normal"), ("notes", "String?", "nil"),
    ("amount", "Double", "9.5"), ("tags", "[String]", '["a", "b"]'), ("ownerID", "UUID", "exampleUUID"),
    ("position", "Int?", "2"), ("color", "String?", '"red"'), ("visibility", "Visibility", ".team"),
]
SWIFT_TYPES = ["Int", "String", "UUID"]
EXAMPLE = {"Int": "7", "String": '"main"', "UUID": "exampleUUID"}

SHARED = '''import Courier
import Foundation

/// What every endpoint shares: the version prefix and the media type it wants back.
enum API {
    static let v1 = Components {
        Path("v1")
        Header.accept(.json)
    }

    static func authorized(_ token: String) -> Components<EndpointState.NoMethod, EndpointState.NoBody> {
        Components {
            v1
            Header.bearer(token)
        }
    }

    static let tracing = Components {
        Header("X-Client", "compile-cost/1.0")
        Header.userAgent("CompileCost/1.0")
    }
}

let exampleUUID = UUID(uuidString: "6F1C2E5A-4B7D-4C1E-9A3B-2D8E0F7A6B5C")!

enum Priority: String, Codable, Sendable, CaseIterable {
    case low, normal, high
}

enum Visibility: String, Codable, Sendable, CaseIterable {
    case `private`, team, `public`
}

enum Mode: String, Codable, Sendable, CaseIterable {
    case sync, async, dryRun
}

struct NotFoundBody: Codable, Sendable, Equatable {
    var resource: String
    var id: String
}

struct ValidationBody: Codable, Sendable, Equatable {
    var field: String
    var message: String
}

struct ConflictBody: Codable, Sendable, Equatable {
    var currentVersion: Int
}

struct ServerErrorBody: Codable, Sendable, Equatable {
    var message: String
    var requestID: String?
}

struct APIErrorBody: Error, Codable, Sendable, Equatable {
    var code: String
    var message: String
}

struct SignInForm: Codable, Sendable, Equatable {
    var username: String
    var password: String
    var remember: Bool
}
'''


class Endpoint:
    def __init__(self, name, catalog, success, failure):
        self.name = name
        self.catalog = catalog
        self.function = False  # a static func returning an Endpoint instead of a RequestModel type
        self.success = success
        self.failure = failure
        self.props = []  # (name, type, example)
        self.lines = []

    def prop(self, name, swift_type, example):
        self.props.append((name, swift_type, example))

    def render(self):
        if self.function:
            return self.render_function()
        conformance = "CatalogEndpoint, Equatable" if self.catalog else "RequestModel"
        out = [f"struct {self.name}: {conformance} {{"]
        out.append(f"    typealias Success = {self.success}")
        out.append(f"    typealias Failure = {self.failure}")
        out.append("")
        for name, swift_type, _ in self.props:
            out.append(f"    var {name}: {swift_type}")
        out.append("")
        out.append("    var definition: some EndpointDefinition {")
        out.extend("        " + line if line else "" for line in self.lines)
        out.append("    }")
        out.append("")
        args = ", ".join(f"{name}: {example}" for name, _, example in self.props)
        out.append(f"    static var example: Self {{ Self({args}) }}")
        out.append("}")
        return "\n".join(out)

    def function_name(self):
        return self.name[0].lower() + self.name[1:]

    def render_function(self):
        """The other way users declare endpoints: `Endpoint { … }` returned from a function."""
        params = ", ".join(f"{name}: {swift_type}" for name, swift_type, _ in self.props)
        out = [f"    static func {self.function_name()}({params}) -> Endpoint<{self.success}, {self.failure}> {{"]
        out.append("        Endpoint {")
        out.extend("            " + line if line else "" for line in self.lines)
        out.append("        }")
        out.append("    }")
        return "\n".join(out)

    def example(self, namespace):
        args = ", ".join(f"{name}: {example}" for name, _, example in self.props)
        if self.function:
            return f"{namespace}.{self.function_name()}({args})"
        return f"{self.name}.example"


def resource_file(rng, index, count):
    model, collection = RESOURCES[index % len(RESOURCES)]
    if index >= len(RESOURCES):
        model, collection = f"{model}{index // len(RESOURCES) + 1}", f"{collection}{index // len(RESOURCES) + 1}"
    parent_literal, parent_id = PARENTS[index % len(PARENTS)]
    # The path chain: parent, this resource, a child collection; each with its identifier's type.
    types = [rng.choice(SWIFT_TYPES) for _ in range(3)]
    chain = [(parent_literal, parent_id, types[0]), (collection, f"{model[0].lower()}{model[1:]}ID", types[1]),
             ("versions", "versionID", types[2])]
    fields = rng.sample(FIELD_POOL, 4)
    error = f"{model}Error"
    sort = f"{model}Sort"
    lines = ["import Courier", "import Foundation", ""]
    lines.append(f"struct {model}: Codable, Sendable, Equatable {{")
    lines.append("    var id: Int")
    lines += [f"    var {n}: {t}" for n, t, _ in fields]
    lines.append("    var createdAt: Date")
    lines.append("}")
    lines.append("")
    lines.append(f"struct New{model}: Codable, Sendable, Equatable {{")
    lines += [f"    var {n}: {t}" for n, t, _ in fields]
    lines.append("}")
    lines.append("")
    lines.append(f"struct {model}Patch: Codable, Sendable, Equatable {{")
    lines += [f"    var {n}: {t.rstrip('?')}?" for n, t, _ in fields]
    lines.append("}")
    lines.append("")
    lines.append(f"struct {model}Page: Codable, Sendable, Equatable {{")
    lines.append(f"    var items: [{model}]")
    lines.append("    var next: String?")
    lines.append("}")
    lines.append("")
    lines.append(f"enum {sort}: String, Codable, Sendable, CaseIterable {{")
    lines.append("    case newest, oldest, name, updated")
    lines.append("}")
    lines.append("")
    lines.append(f"enum {error}: DocumentedErrors, Equatable {{")
    lines.append("    case notFound(NotFoundBody)")
    lines.append("    case invalid(ValidationBody)")
    lines.append("    case conflict(ConflictBody)")
    lines.append("    case server(ServerErrorBody)")
    lines.append("")
    lines.append(f"    static let documentedStatuses: [DocumentedStatus<{error}>] = [")
    lines.append(f"        .status(404, NotFoundBody.self, {error}.notFound),")
    lines.append(f"        .status(422, ValidationBody.self, {error}.invalid),")
    lines.append(f"        .status(409, ConflictBody.self, {error}.conflict),")
    lines.append(f"        .statuses(500...599, ServerErrorBody.self, {error}.server),")
    lines.append("    ]")
    lines.append("}")
    draft_example = f"New{model}(" + ", ".join(f"{n}: {e}" for n, _, e in fields) + ")"
    patch_example = f"{model}Patch(" + ", ".join(f"{n}: {e}" for n, _, e in fields) + ")"
    ctx = dict(model=model, collection=collection, chain=chain, error=error, sort=sort,
               draft_example=draft_example, patch_example=patch_example)
    endpoints = [make_endpoint(rng, ctx, f"{index:02d}{number:02d}") for number in range(count)]
    namespace = f"{model}Endpoints"
    for endpoint in endpoints:
        if not endpoint.function:
            lines.append("")
            lines.append(endpoint.render())
    lines.append("")
    lines.append(f"enum {namespace} {{")
    for endpoint in endpoints:
        if endpoint.function:
            lines.append(endpoint.render())
            lines.append("")
    lines.append("    static let catalog: [any CatalogEndpoint.Type] = [")
    lines += [f"        {e.name}.self," for e in endpoints if e.catalog and not e.function]
    lines.append("    ]")
    lines.append("")
    lines.append("    static var examples: [any EndpointRepresentable] {")
    lines.append("        [")
    lines += [f"            {e.example(namespace)}," for e in endpoints]
    lines.append("        ]")
    lines.append("    }")
    lines.append("}")
    return f"{index:02d}{model}.swift", "\n".join(lines) + "\n", namespace, endpoints


KINDS = [("list", 20), ("get", 18), ("create", 14), ("replace", 8), ("update", 12), ("delete", 10),
         ("action", 8), ("search", 5), ("form", 3), ("upload", 2), ("export", 2)]


def pick_kind(rng):
    total = sum(w for _, w in KINDS)
    roll = rng.randrange(total)
    for kind, weight in KINDS:
        if roll < weight:
            return kind
        roll -= weight
    return KINDS[-1][0]


def path_lines(rng, endpoint, chain, params, collection_end):
    """Path components for `params` identifiers: a collection path ends with the literal after the
    last identifier (`/orgs/{orgID}/projects`), an item path with its own (`/projects/{projectID}`)."""
    start = 1 if params == 1 and not collection_end else 0
    used = chain[start:start + params]
    for _, name, swift_type in used:
        endpoint.prop(name, swift_type, EXAMPLE[swift_type])
    if rng.random() < 0.6:
        pieces = []
        for literal, name, _ in used:
            pieces += [f'"{literal}"', name]
        if collection_end:
            pieces.append(f'"{chain[params][0]}"')
        return [f"Path({', '.join(pieces)})"]
    lines = [f'Path("{literal}", {name})' for literal, name, _ in used]
    if collection_end:
        lines.append(f'Path("{chain[params][0]}")')
    return lines


def auth_lines(rng, endpoint):
    endpoint.prop("token", "String", '"secret"')
    roll = rng.random()
    if roll < 0.7:
        return ["API.authorized(token)"]
    if roll < 0.9:
        return ["API.v1", "Header.bearer(token)"]
    return ["API.v1", 'Header("X-Api-Key", token, isSecret: true)']


def query_lines(rng, endpoint, ctx, count):
    """Up to `count` query items; returns the lines and whether a server can still parse them."""
    pool = ["page", "perPage", "sort", "search", "status", "cursor", "tags", "ids", "archived", "since",
            "limit", "fields"]
    catalog = True
    lines = []
    for item in rng.sample(pool, count):
        if item == "page":
            endpoint.prop("page", "Int?", "2")
            lines.append('Query("page", page)')
        elif item == "perPage":
            endpoint.prop("perPage", "Int?", "50")
            lines.append('Query("per_page", perPage)')
        elif item == "sort":
            endpoint.prop("sort", ctx["sort"], ".newest")
            lines.append('Query("sort", sort)')
        elif item == "search":
            endpoint.prop("search", "String?", '"swift http"')
            lines.append('Query("q", search)')
        elif item == "status":
            endpoint.prop("visibility", "Visibility?", ".team")
            lines.append('Query("visibility", visibility)')
        elif item == "cursor":
            endpoint.prop("cursor", "String?", '"abc"')
            lines.append('if let cursor { Query("cursor", cursor) }')
            catalog = False
        elif item == "tags":
            endpoint.prop("tags", "[String]", '["swift", "http"]')
            lines += ["for tag in tags {", '    Query("tag", tag)', "}"]
            catalog = False
        elif item == "ids":
            endpoint.prop("ids", "[Int]", "[1, 2, 3]")
            lines.append('Query("id", ids)')
            catalog = False
        elif item == "archived":
            endpoint.prop("includeArchived", "Bool", "false")
            lines += ["if includeArchived {", '    Query("archived", true)', "}"]
            catalog = False
        elif item == "since":
            endpoint.prop("since", "Date?", "Date(timeIntervalSince1970: 0)")
            lines.append('Query("since", since)')
            catalog = False
        elif item == "limit":
            lines.append(f'Query("limit", {rng.choice([10, 25, 100])})')
        elif item == "fields":
            lines.append('Query("fields", "id,name,createdAt")')
    return lines, catalog


def extra_header_lines(rng, endpoint, kind):
    roll = rng.random()
    if roll < 0.15:
        endpoint.prop("requestID", "String", '"req-1"')
        return ['Header("X-Request-ID", requestID)'], True
    if roll < 0.22:
        return ["API.tracing"], True
    if roll < 0.28:
        endpoint.prop("etag", "String?", '"\\"v1\\""')
        name = '"If-Match"' if kind in ("replace", "update", "delete") else ".ifNoneMatch"
        return [f"if let etag {{ Header({name}, etag) }}"], False
    if roll < 0.33:
        return ['Header.acceptLanguage("fr-CH", "en")'], True
    return [], True


def timeout_lines(rng):
    roll = rng.random()
    if roll < 0.12:
        return [f"Timeout(.seconds({rng.choice([5, 10, 30, 60])}))"]
    if roll < 0.17:
        return ["Timeout(.seconds(30), connect: .seconds(3))"]
    if roll < 0.19:
        return ["Timeout(.milliseconds(2500), connect: .seconds(1), idle: .seconds(2))"]
    return []


def make_endpoint(rng, ctx, suffix):
    kind = pick_kind(rng)
    model, error, chain = ctx["model"], ctx["error"], ctx["chain"]
    failure = error if rng.random() < 0.8 else rng.choice(["APIErrorBody", "ProblemDetails"])
    success = {"list": f"{model}Page", "search": f"{model}Page", "export": f"{model}Page", "delete": "Empty", "form": "Empty",
               "upload": "Empty"}.get(kind, model)
    verb = {"list": "List", "get": "Get", "create": "Create", "replace": "Replace", "update": "Update",
            "delete": "Delete", "action": "Run", "search": "Search", "form": "Submit", "upload": "Upload",
            "export": "Export"}[kind]
    name = f"{verb}{model}{suffix}"
    endpoint = Endpoint(name, True, success, failure)
    catalog = True
    lines = []
    method = {"list": "Method.get", "get": "Method.get", "search": "Method.get", "create": "Method.post",
              "replace": "Method.put", "update": "Method.patch", "delete": "Method.delete",
              "action": "Method.post", "form": "Method.post", "upload": "Method.post",
              "export": "Method.post"}[kind]
    if rng.random() < 0.15:
        method = f"Method(.{method.split('.')[1]})"
    lines.append(method)
    lines += auth_lines(rng, endpoint)
    params = rng.choice([1, 1, 2, 2, 2, 3])
    collection_end = kind in ("list", "create", "search", "form", "upload", "export")
    if collection_end and params == 3:
        params = 2
    lines += path_lines(rng, endpoint, chain, params, collection_end)
    if kind == "action":
        lines.append(f'Path("{rng.choice(["archive", "restore", "publish", "sync", "duplicate"])}")')
    if kind == "export":
        # The largest blocks users write: every filter, several headers, a branch and a body.
        more, _ = query_lines(rng, endpoint, ctx, 4)
        lines += more
        endpoint.prop("requestID", "String", '"req-1"')
        endpoint.prop("format", "Mode", ".async")
        endpoint.prop("filters", "SignInForm?", "nil")
        lines += ['Header("X-Request-ID", requestID)', "API.tracing", 'Header.acceptLanguage("fr-CH", "en")',
                  "switch format {", 'case .sync: Header("Prefer", "wait=60")',
                  'case .async: Header("Prefer", "respond-async")', "case .dryRun:",
                  '    Query("dry_run", true)', '    Header("X-Dry-Run", "1")', "}",
                  "if let filters {", "    Body.json(filters)", "} else {",
                  '    Body.json(["scope": "all", "format": "csv"])', "}",
                  "Idempotent()", "Timeout(.seconds(120), connect: .seconds(5), idle: .seconds(30))"]
        catalog = False
    elif kind in ("list", "search"):
        more, ok = query_lines(rng, endpoint, ctx, rng.choice([0, 1, 2, 2, 3, 4]))
        lines += more
        catalog = catalog and ok
    elif kind in ("get", "delete") and rng.random() < 0.3:
        more, ok = query_lines(rng, endpoint, ctx, 1)
        lines += more
        catalog = catalog and ok
    if kind != "export":
        more, ok = extra_header_lines(rng, endpoint, kind)
        lines += more
        catalog = catalog and ok
    if kind == "search":
        endpoint.prop("mode", "Mode", ".sync")
        lines += ["switch mode {", 'case .sync: Header("Prefer", "wait=10")',
                  'case .async: Header("Prefer", "respond-async")', 'case .dryRun: Query("dry_run", true)', "}"]
        catalog = False
    if kind == "create":
        endpoint.prop("draft", f"New{model}", ctx["draft_example"])
        if rng.random() < 0.3:
            endpoint.prop("idempotencyKey", "String", '"key-1"')
            lines.append("Header.idempotencyKey(idempotencyKey)")
        lines.append("Body.json(draft)")
    elif kind == "replace":
        endpoint.prop(ctx["model"][0].lower() + ctx["model"][1:], f"New{model}", ctx["draft_example"])
        lines.append(f"Body.json({ctx['model'][0].lower() + ctx['model'][1:]})")
    elif kind == "update":
        endpoint.prop("patch", f"{model}Patch", ctx["patch_example"])
        lines.append("Body.json(patch)")
    elif kind == "action":
        roll = rng.random()
        if roll < 0.4:
            endpoint.prop("priority", "Priority", ".high")
            lines += ["switch priority {", 'case .low: Header("X-Priority", "low")',
                      'case .normal: Header("X-Priority", "normal")', 'case .high: Header("X-Priority", "high")',
                      "}"]
            catalog = False
        elif roll < 0.7:
            endpoint.prop("reason", "String?", '"cleanup"')
            endpoint.prop("notify", "Bool", "true")
            lines += ["if notify {", '    Body.json(["reason": reason ?? "", "notify": "true"])', "} else {",
                      '    Body.json(["reason": reason ?? ""])', "}"]
            catalog = False
        else:
            lines.append("Idempotent()")
    elif kind == "form":
        roll = rng.random()
        if roll < 0.6:
            endpoint.prop("form", "SignInForm", 'SignInForm(username: "ada", password: "pw", remember: true)')
            lines.append("Body.form(form)")
        else:
            endpoint.prop("grant", "String", '"password"')
            lines.append('Body.form(items: [QueryItem(name: "grant_type", value: grant), '
                         'QueryItem(name: "scope", value: "read write")])')
        catalog = False
    elif kind == "upload":
        endpoint.prop("comment", "String", '"scan"')
        endpoint.prop("contents", "Data", 'Data("hello".utf8)')
        endpoint.prop("filename", "String", '"scan.pdf"')
        lines.append('Body.multipart(.text("comment", comment), '
                     '.data("file", contents, filename: filename, contentType: .octetStream))')
    if kind != "export":
        lines += timeout_lines(rng)
    endpoint.lines = lines
    endpoint.function = rng.random() < 0.2
    endpoint.catalog = catalog and not endpoint.function
    return endpoint


def generate(args):
    rng = random.Random(args.seed)
    sources = os.path.join(args.out, "Sources", "CompileCostCatalog")
    os.makedirs(sources, exist_ok=True)
    with open(os.path.join(args.out, "Package.swift"), "w") as f:
        f.write(f'''// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "CompileCost",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "Courier", path: {args.root!r})],
    targets: [
        .executableTarget(
            name: "CompileCostCatalog",
            dependencies: [.product(name: "Courier", package: "Courier")],
            // Per-body and per-expression times for the report, for this module only.
            swiftSettings: [
                .unsafeFlags([
                    "-Xfrontend", "-debug-time-function-bodies",
                    "-Xfrontend", "-debug-time-expression-type-checking",
                ])
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
'''.replace("'", '"'))
    with open(os.path.join(sources, "Shared.swift"), "w") as f:
        f.write(SHARED)
    per_file = 20
    groups = []
    endpoints = []
    while len(endpoints) < args.endpoints:
        count = min(per_file, args.endpoints - len(endpoints))
        filename, text, group, written = resource_file(rng, len(groups), count)
        with open(os.path.join(sources, filename), "w") as f:
            f.write(text)
        groups.append(group)
        endpoints += written
    with open(os.path.join(sources, "main.swift"), "w") as f:
        f.write("import Courier\n\n")
        f.write("var catalogTypes: [any CatalogEndpoint.Type] = []\n")
        f.write("var examples: [any EndpointRepresentable] = []\n")
        for group in groups:
            f.write(f"catalogTypes += {group}.catalog\n")
            f.write(f"examples += {group}.examples\n")
        f.write('''
var built = 0
for example in examples {
    _ = try example.request()
    built += 1
}
let catalog = try Catalog(catalogTypes)
print("compile-cost catalog: built \\(built) requests; \\(catalog.entries.count) catalog endpoints parse back")
''')
    functions = sum(1 for e in endpoints if e.function)
    catalog = sum(1 for e in endpoints if e.catalog)
    print(f"{len(endpoints)} endpoints in {len(groups)} files (seed {args.seed}): "
          f"{len(endpoints) - functions} request model types ({catalog} of them CatalogEndpoint), "
          f"{functions} Endpoint functions")


WARNING = re.compile(r"^(/[^:]+):(\d+):(\d+): warning: (.* took (\d+)ms to type-check \(limit: \d+ms\))$")
TIMING = re.compile(r"^(\d+(?:\.\d+)?)ms\t(/[^:\t]+):(\d+):(\d+)(?:\t(.*))?$")


def report(args):
    package = os.path.realpath(args.package) + os.sep
    warnings = set()
    bodies = {}  # (path, line, column) -> (ms, what); the slowest of the jobs that checked it
    expressions = {}
    with open(args.log, errors="replace") as log:
        for line in log:
            line = line.rstrip("\n")
            match = WARNING.match(line)
            if match:
                warnings.add((match.group(1), int(match.group(2)), int(match.group(3)), match.group(4)))
                continue
            match = TIMING.match(line)
            if not match or not os.path.realpath(match.group(2)).startswith(package):
                continue
            key = (os.path.realpath(match.group(2)), int(match.group(3)), int(match.group(4)))
            ms = float(match.group(1))
            table = bodies if match.group(5) is not None else expressions
            what = match.group(5) or ""
            if key not in table or table[key][0] < ms:
                table[key] = (ms, what)
    sources = {}

    def source_line(path, line):
        if path not in sources:
            with open(path, errors="replace") as f:
                sources[path] = f.read().splitlines()
        text = sources[path][line - 1].strip() if line <= len(sources[path]) else ""
        return text if len(text) <= 60 else text[:57] + "..."

    def place(key):
        return f"{os.path.basename(key[0])}:{key[1]}:{key[2]}"

    def body_name(what):
        # "getter CompileCostCatalog.(file).ListProject0001.definition.getter@/…:80:45"
        kind, _, name = what.partition(" ")
        name = name.split("@")[0].replace("CompileCostCatalog.(file).", "").replace("CompileCostCatalog.", "")
        return f"{kind} {name.removesuffix('.' + kind)}"

    print(f"type-checking: function bodies {sum(ms for ms, _ in bodies.values()) / 1000:.1f} s in total "
          f"({len(bodies)} bodies), expressions {sum(ms for ms, _ in expressions.values()) / 1000:.1f} s "
          f"({len(expressions)} expressions); each the slowest of the jobs that checked it")
    print(f"slowest function bodies (-debug-time-function-bodies):")
    for key, (ms, what) in sorted(bodies.items(), key=lambda item: -item[1][0])[:args.top]:
        print(f"  {ms:7.1f} ms  {place(key):28} {body_name(what)}")
    print(f"slowest expressions (-debug-time-expression-type-checking):")
    for key, (ms, _) in sorted(expressions.items(), key=lambda item: -item[1][0])[:args.top]:
        print(f"  {ms:7.1f} ms  {place(key):28} {source_line(key[0], key[1])}")
    over = sorted(w for w in warnings if os.path.realpath(w[0]).startswith(package))
    over_timed = [key for table in (bodies, expressions) for key, (ms, _) in table.items() if ms > args.limit]
    if args.json:
        write_json(args, bodies, expressions, len(set(over_timed) | {(os.path.realpath(p), l, c) for p, l, c, _ in over}))
    if not over and not over_timed:
        print(f"over {args.limit} ms: none")
        return 0
    print(f"over {args.limit} ms: {len(over)} compiler warnings, {len(over_timed)} timings")

    def what(key):
        return body_name(bodies[key][1]) if key in bodies else source_line(key[0], key[1])

    for path, line, column, message in over:
        print(f"  {place((path, line, column))}: {message}: {what((os.path.realpath(path), line, column))}")
    for key in sorted(set(over_timed) - {(os.path.realpath(p), l, c) for p, l, c, _ in over}):
        print(f"  {place(key)}: timed over the limit: {what(key)}")
    return 1


def write_json(args, bodies, expressions, over):
    """Writes the report's figures and the B7 goal to args.json."""
    slowest_body = max((ms for ms, _ in bodies.values()), default=0.0)
    slowest_expression = max((ms for ms, _ in expressions.values()), default=0.0)
    figures = {
        "endpoints": args.endpoints,
        "limitMilliseconds": args.limit,
        "buildWallSeconds": args.build_wall,
        "buildCPUSeconds": args.build_cpu,
        "functionBodies": len(bodies),
        "functionBodiesSeconds": round(sum(ms for ms, _ in bodies.values()) / 1000, 3),
        "expressions": len(expressions),
        "expressionsSeconds": round(sum(ms for ms, _ in expressions.values()) / 1000, 3),
        "slowestFunctionBodyMilliseconds": slowest_body,
        "slowestExpressionMilliseconds": slowest_expression,
        "overLimit": over,
    }
    goals = [
        {"id": "B7", "what": f"{args.endpoints} generated endpoints: the slowest function body to type-check",
         "value": slowest_body, "unit": "ms", "target": f"≤ {args.limit} ms",
         "met": slowest_body <= args.limit and over == 0},
        {"id": "B7", "what": f"{args.endpoints} generated endpoints: the slowest expression to type-check",
         "value": slowest_expression, "unit": "ms", "target": f"≤ {args.limit} ms",
         "met": slowest_expression <= args.limit and over == 0},
    ]
    # Reported without a goal: the totals, and the measured build's times.
    ratios = [
        {"id": "B7", "what": f"{args.endpoints} generated endpoints: type-checking, all function bodies",
         "value": figures["functionBodiesSeconds"], "unit": "s"},
        {"id": "B7", "what": f"{args.endpoints} generated endpoints: type-checking, all expressions",
         "value": figures["expressionsSeconds"], "unit": "s"},
        {"id": "B7", "what": f"{args.endpoints} generated endpoints: the debug build of the module, wall time",
         "value": args.build_wall, "unit": "s"},
    ]
    with open(args.json, "w") as out:
        report = {"measurement": "compile-cost", "figures": figures, "goals": goals, "ratios": ratios}
        json.dump(report, out, indent=2, sort_keys=True, ensure_ascii=False)
        out.write("\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    generating = commands.add_parser("generate", help="write the package")
    generating.add_argument("--root", required=True, help="the Courier checkout the package depends on")
    generating.add_argument("--out", required=True, help="the directory to write the package into")
    generating.add_argument("--endpoints", type=int, default=500)
    generating.add_argument("--seed", type=int, default=13)
    reporting = commands.add_parser("report", help="summarise a build log")
    reporting.add_argument("--package", required=True, help="the generated package's directory")
    reporting.add_argument("--log", required=True, help="the output of its swift build")
    reporting.add_argument("--limit", type=int, default=100, help="milliseconds")
    reporting.add_argument("--top", type=int, default=10)
    reporting.add_argument("--json", help="also write the figures and the B7 goal to this file")
    reporting.add_argument("--endpoints", type=int, help="the generated package's endpoints, for --json")
    reporting.add_argument("--build-wall", type=float, help="the measured build's wall time, for --json")
    reporting.add_argument("--build-cpu", type=float, help="the measured build's CPU time, for --json")
    args = parser.parse_args()
    if args.command == "generate":
        generate(args)
        return 0
    return report(args)


if __name__ == "__main__":
    sys.exit(main())
