// swift-tools-version: 6.0
import PackageDescription

// Courier's examples, as a package of their own that depends on the checkout around it.
//
//   swift build --package-path Examples                              # compiles every example
//   swift run --package-path Examples courier-example http://127.0.0.1:8080
//
//   swift run --package-path Examples todo-session                  # in-process server + client
//   swift run --package-path Examples todo-session --transport ahc  # the same over AsyncHTTPClient
//   swift run --package-path Examples todo-session --server vapor   # against Vapor servers
//   swift run --package-path Examples todo-server                   # the server alone
//
// `Scripts/run-example` runs `todo-session` first, over each transport: it starts the Hummingbird
// server of `TodoServer` on a free loopback port, in-process, and drives it with a Courier
// `Client`; both sides use the endpoints of `TodoCatalog`, declared once, and the server calls a
// second in-process instance (its upstream) through one shared `HTTPClient`; then again against
// `TodoVaporServer`, the same API served by Vapor (`--server vapor`). Then it starts a
// loopback server (Tests/Servers/loopback_server.py) and runs `courier-example` against it.
let package = Package(
    name: "CourierExamples",
    // Hummingbird 2 needs macOS 14, iOS 17 and tvOS 17; watchOS 10 is the release Swift's
    // availability pairs with them.
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    dependencies: [
        // A path dependency's identity is its directory name, which depends on the checkout;
        // `name:` lets the targets below say `package: "Courier"` wherever it was cloned.
        .package(name: "Courier", path: ".."),
        // Courier's AsyncHTTPClient transport, a package of its own next to Courier; named for the
        // same reason. The todo server calls its upstream through it, and todo-session can send
        // over it (`--transport ahc`).
        .package(name: "CourierAsyncHTTPClient", path: "../Transports/AsyncHTTPClient"),
        // The `HTTPClient` the todo server creates once and shares; the version the transport pins.
        .package(url: "https://github.com/swift-server/async-http-client.git", exact: "1.37.0"),
        // The todo example's server only; Courier itself depends on nothing.
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.0.0"),
        // The todo server's HTTPS configuration (HummingbirdTLS takes a NIOSSL one).
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.29.0"),
        // Courier's swift-log, swift-metrics and swift-distributed-tracing integrations, packages
        // of their own next to Courier; named for the same reason. todo-session logs, measures and
        // traces one call with them, and the docs' samples use them.
        .package(name: "CourierLogging", path: "../Integrations/Logging"),
        .package(name: "CourierMetrics", path: "../Integrations/Metrics"),
        .package(name: "CourierTracing", path: "../Integrations/Tracing"),
        // Courier's swift-http-types conversions, which the docs' samples use.
        .package(name: "CourierHTTPTypes", path: "../Integrations/HTTPTypes"),
        // Courier's Hummingbird router middleware, which serves the todo catalog and the
        // round-trip server's.
        .package(name: "CourierHummingbird", path: "../Integrations/HummingbirdServer"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        // Courier's Vapor middleware, which serves the same todo catalog from Vapor 4
        // (`todo-session --server vapor`); named for the same reason.
        .package(name: "CourierVapor", path: "../Integrations/VaporServer"),
        .package(url: "https://github.com/vapor/vapor.git", from: "4.122.3"),
        // Courier's swift-openapi-runtime transport, a package of its own next to Courier; named
        // for the same reason. todo-openapi sends a generated client through it.
        .package(name: "CourierOpenAPI", path: "../Integrations/OpenAPI"),
        .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.13.4"),
        // Hummingbird's own dependencies, named for their in-memory backends, which todo-session
        // prints that call from.
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.7.3"),
    ],
    targets: [
        // A small endpoint catalog for the routes of Tests/Servers/loopback_server.py.
        .target(
            name: "ExampleCatalog",
            dependencies: [.product(name: "Courier", package: "Courier")]
        ),
        // A todo API declared once, as Courier catalog endpoints: the client sends them, the
        // server recognises requests as them.
        .target(
            name: "TodoCatalog",
            dependencies: [.product(name: "Courier", package: "Courier")]
        ),
        // A Hummingbird 2 server whose only routing is TodoCatalog's, through CourierHummingbird's
        // CatalogMiddleware; its import handler calls an upstream todo server through one
        // shared HTTPClient.
        .target(
            name: "TodoServer",
            dependencies: [
                "TodoCatalog",
                .product(name: "Courier", package: "Courier"),
                .product(name: "CourierAsyncHTTPClient", package: "CourierAsyncHTTPClient"),
                .product(name: "CourierHummingbird", package: "CourierHummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        // The same todo API served by Vapor 4 through CourierVapor's CatalogMiddleware, with
        // TodoServer's TodoService, change feed and upstream importer.
        .target(
            name: "TodoVaporServer",
            dependencies: [
                "TodoCatalog", "TodoServer",
                .product(name: "Courier", package: "Courier"),
                .product(name: "CourierVapor", package: "CourierVapor"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Vapor", package: "vapor"),
            ]
        ),
        // Starts TodoServer (or TodoVaporServer, `--server vapor`) in-process on a free loopback
        // port and runs a scripted session against it with a Courier Client, checking every typed
        // result; `--transport ahc` sends over AsyncHTTPClientTransport instead of
        // URLSessionTransport. One call is logged,
        // measured and traced into in-memory backends, and the client's and the server's spans
        // are printed.
        .executableTarget(
            name: "todo-session",
            dependencies: [
                "TodoCatalog", "TodoServer", "TodoVaporServer", .product(name: "Courier", package: "Courier"),
                .product(name: "CourierAsyncHTTPClient", package: "CourierAsyncHTTPClient"),
                .product(name: "CourierLogging", package: "CourierLogging"),
                .product(name: "CourierMetrics", package: "CourierMetrics"),
                .product(name: "CourierTracing", package: "CourierTracing"),
                .product(name: "InMemoryLogging", package: "swift-log"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ]
        ),
        // The same server as a program of its own: the second executable importing TodoCatalog.
        .executableTarget(
            name: "todo-server",
            dependencies: ["TodoCatalog", "TodoServer", .product(name: "Courier", package: "Courier")]
        ),
        // The client swift-openapi-generator made from the todo API's own OpenAPI export
        // (TodoAPI/Generated, Scripts/generate-openapi-client) calls TodoServer through a Courier
        // Client with retries and logging (CourierOpenAPI's CourierClientTransport).
        .executableTarget(
            name: "todo-openapi",
            dependencies: [
                "TodoCatalog", "TodoServer", .product(name: "Courier", package: "Courier"),
                .product(name: "CourierOpenAPI", package: "CourierOpenAPI"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            ],
            exclude: ["TodoAPI/openapi.json", "TodoAPI/openapi-generator-config.yaml"]
        ),
        // Sends at least 1,000 generated values per endpoint through a Hummingbird server that
        // matches them with a catalog and answers with the value it parsed (CatalogMiddleware,
        // typed answers); every value must come back equal. Scripts/check-catalog runs it.
        .executableTarget(
            name: "catalog-roundtrip",
            dependencies: [
                .product(name: "Courier", package: "Courier"),
                .product(name: "CourierHummingbird", package: "CourierHummingbird"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        // Sends every catalog endpoint with a real Client and checks each typed result.
        .executableTarget(
            name: "courier-example",
            dependencies: ["ExampleCatalog", .product(name: "Courier", package: "Courier")]
        ),
        // The README's example, verbatim, so that it keeps compiling. Built, never run.
        .executableTarget(
            name: "ReadmeSnippets",
            dependencies: [.product(name: "Courier", package: "Courier")]
        ),
        // App code compiled as a new app project in Xcode 26 compiles it: isolated to the main actor
        // by default, with isolated conformances inferred. A library: compiled, never linked or run.
        // `-default-isolation` as an unsafe flag: `.defaultIsolation` needs tools version 6.2.
        .target(
            name: "MainActorApp",
            dependencies: [.product(name: "Courier", package: "Courier")],
            swiftSettings: [
                .unsafeFlags(["-default-isolation", "MainActor"]),
                .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
                .enableUpcomingFeature("InferIsolatedConformances"),
            ]
        ),
        // Every other ```swift block of README.md and Documentation/Courier.docc, wrapped so that it
        // compiles (Scripts/extract-doc-snippets writes Generated/; Prelude.swift declares what the
        // blocks use). A library: compiled, never linked or run.
        .target(
            name: "DocSnippets",
            dependencies: [
                .product(name: "Courier", package: "Courier"),
                .product(name: "CourierTesting", package: "Courier"),
                .product(name: "CourierTransportConformance", package: "Courier"),
                .product(name: "CourierAsyncHTTPClient", package: "CourierAsyncHTTPClient"),
                .product(name: "CourierLogging", package: "CourierLogging"),
                .product(name: "CourierMetrics", package: "CourierMetrics"),
                .product(name: "CourierTracing", package: "CourierTracing"),
                .product(name: "CourierHTTPTypes", package: "CourierHTTPTypes"),
                .product(name: "CourierHummingbird", package: "CourierHummingbird"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "CourierVapor", package: "CourierVapor"),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "CourierOpenAPI", package: "CourierOpenAPI"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
