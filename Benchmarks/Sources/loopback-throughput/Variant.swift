import AsyncHTTPClient
import Courier
import CourierAsyncHTTPClient
import Foundation
import NIOSSL

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One way of sending the benchmark's two requests: by hand on a client library, or through
/// Courier on one of its transports. Each variant keeps one client (and its connection pool) for
/// the whole run, as an application would.
struct Variant: Sendable {
    /// The name in tables and JSON: `URLSession`, `Courier/URLSession`, `AHC`, `Courier/AHC`.
    let name: String
    /// Sends `GET /json` and throws unless it is answered 200 with a body.
    let get: @Sendable () async throws -> Void
    /// Sends `POST /post` with ``Payload`` as JSON and throws unless it is answered 200 with a body.
    let post: @Sendable () async throws -> Void
    /// The same POST declared safe to send again, with an `Idempotency-Key` field.
    let idempotentPost: @Sendable () async throws -> Void
    /// Releases the variant's client (AsyncHTTPClient's must be shut down).
    let shutdown: @Sendable () async throws -> Void

    /// The small JSON body every variant posts, encoded on every request by each of them.
    struct Payload: Encodable, Sendable {
        var name = "Ada Lovelace"
        var email = "ada@analytical-engine.example.org"
        var count = 42
        var tags = ["swift", "http"]
    }

    /// The `Idempotency-Key` every variant sends with ``idempotentPost`` (nginx ignores it).
    static let idempotencyKey = "loopback-throughput-0001"

    /// A response no variant should get: another status, or an empty body.
    struct UnexpectedResponse: Error, CustomStringConvertible {
        let status: Int
        let bytes: Int
        var description: String { "status \(status) with \(bytes) bytes" }
    }

    /// The four variants against `base` (`http://127.0.0.1:PORT`), in the order of the tables;
    /// Courier's clients with a service's timeouts when `timeouts` is true (``configuration(timeouts:)``).
    static func all(base: String, timeouts: Bool = false) throws -> [Variant] {
        [
            rawURLSession(base: base),
            try courier(
                "Courier/URLSession", base: base, transport: URLSessionTransport(),
                configuration: configuration(timeouts: timeouts)),
            rawAsyncHTTPClient(base: base),
            try courierAsyncHTTPClient(base: base, configuration: configuration(timeouts: timeouts)),
        ]
    }

    /// Courier's client configuration: by default none, or with `timeouts` the total, connect and
    /// idle timeouts a service sets (30, 5 and 10 seconds), which Courier enforces itself.
    static func configuration(timeouts: Bool) -> Client.Configuration {
        var configuration = Client.Configuration()
        if timeouts {
            configuration.timeout = Timeout(.seconds(30), connect: .seconds(5), idle: .seconds(10))
        }
        return configuration
    }

    /// AsyncHTTPClient by hand and Courier on it against the HTTPS server at `base`, both trusting
    /// only the CA in `caPEM` (URLSession on Linux cannot be given a CA of its own).
    static func overTLS(base: String, caPEM: String, timeouts: Bool = false) throws -> [Variant] {
        let ca = try NIOSSLCertificate(bytes: Array(caPEM.utf8), format: .pem)
        var raw = HTTPClient.Configuration()
        raw.tlsConfiguration = .makeClientConfiguration()
        raw.tlsConfiguration?.trustRoots = .certificates([ca])
        var courier = configuration(timeouts: timeouts)
        courier.tls = TLSOptions(trustRoots: try .only([TLSCertificate(pem: caPEM)]))
        return [
            rawAsyncHTTPClient(base: base, configuration: raw),
            try courierAsyncHTTPClient(base: base, configuration: courier),
        ]
    }

    /// The variant called `name` alone, without creating the others' clients; `nil` for a name
    /// that is none of ``all(base:)``'s.
    static func named(_ name: String, base: String, timeouts: Bool = false) throws -> Variant? {
        switch name {
        case "URLSession": rawURLSession(base: base)
        case "Courier/URLSession":
            try courier(
                name, base: base, transport: URLSessionTransport(),
                configuration: configuration(timeouts: timeouts))
        case "AHC": rawAsyncHTTPClient(base: base)
        case "Courier/AHC":
            try courierAsyncHTTPClient(base: base, configuration: configuration(timeouts: timeouts))
        default: nil
        }
    }

    /// A plain `URLSession` with a plain `URLRequest` and `data(for:)`, as written by hand.
    ///
    /// Its configuration is the one `URLSessionTransport` uses by default (ephemeral, no cookies,
    /// no cache), so the comparison is of the code around the session, not of its settings. It
    /// pools connections for POSTs too (and may send one twice on a dropped connection, which
    /// Courier never does).
    static func rawURLSession(base: String) -> Variant {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let session = URLSession(configuration: configuration)
        let json = URL(string: base + "/json")!
        let post = URL(string: base + "/post")!
        @Sendable func send(post key: String?) async throws {
            var request = URLRequest(url: post)
            request.httpMethod = "POST"
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            if let key { request.setValue(key, forHTTPHeaderField: "Idempotency-Key") }
            request.httpBody = try JSONEncoder().encode(Payload())
            let (data, response) = try await session.data(for: request)
            try check(status: (response as? HTTPURLResponse)?.statusCode ?? 0, bytes: data.count)
        }
        return Variant(
            name: "URLSession",
            get: {
                let (data, response) = try await session.data(for: URLRequest(url: json))
                try check(status: (response as? HTTPURLResponse)?.statusCode ?? 0, bytes: data.count)
            },
            post: { try await send(post: nil) },
            idempotentPost: { try await send(post: idempotencyKey) },
            shutdown: { session.finishTasksAndInvalidate() }
        )
    }

    /// AsyncHTTPClient by hand: `execute(_:timeout:)` and the whole body collected, on an
    /// `HTTPClient` with its default configuration (and `configuration`'s TLS, when given).
    static func rawAsyncHTTPClient(
        base: String, configuration: HTTPClient.Configuration = HTTPClient.Configuration()
    ) -> Variant {
        let client = HTTPClient(
            eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        let json = base + "/json"
        let post = base + "/post"
        @Sendable func send(post key: String?) async throws {
            var request = HTTPClientRequest(url: post)
            request.method = .POST
            request.headers.add(name: "Content-Type", value: "application/json")
            if let key { request.headers.add(name: "Idempotency-Key", value: key) }
            request.body = .bytes(try JSONEncoder().encode(Payload()))
            let response = try await client.execute(request, timeout: .seconds(60))
            let body = try await response.body.collect(upTo: 1 << 20)
            try check(status: Int(response.status.code), bytes: body.readableBytes)
        }
        return Variant(
            name: "AHC",
            get: {
                let response = try await client.execute(HTTPClientRequest(url: json), timeout: .seconds(60))
                let body = try await response.body.collect(upTo: 1 << 20)
                try check(status: Int(response.status.code), bytes: body.readableBytes)
            },
            post: { try await send(post: nil) },
            idempotentPost: { try await send(post: idempotencyKey) },
            shutdown: { try await client.shutdown() }
        )
    }

    /// Courier over `AsyncHTTPClientTransport` with the `HTTPClient` it creates.
    static func courierAsyncHTTPClient(
        base: String, configuration: Client.Configuration = Client.Configuration()
    ) throws -> Variant {
        let transport = AsyncHTTPClientTransport()
        return try courier("Courier/AHC", base: base, transport: transport, configuration: configuration) {
            try await transport.shutdown()
        }
    }

    /// Courier over `transport`: endpoints declared once, as `static let`s would be, both
    /// answering `Data` (no decoding, as the hand-written variants do none).
    static func courier(
        _ name: String, base: String, transport: some Transport,
        configuration: Client.Configuration = Client.Configuration(),
        shutdown: @escaping @Sendable () async throws -> Void = {}
    ) throws -> Variant {
        let client = Client(
            baseURL: try BaseURL(validating: base), transport: transport, configuration: configuration)
        let json = Endpoint<Data, Never> {
            Method.get
            Path("json")
        }
        let post = Endpoint<Data, Never> {
            Method.post
            Path("post")
            Body.json(Payload())
        }
        let idempotentPost = Endpoint<Data, Never> {
            Method.post
            Path("post")
            Header.idempotencyKey(idempotencyKey)
            Body.json(Payload())
        }
        return Variant(
            name: name,
            get: {
                let data = try await client.value(json)
                try check(status: 200, bytes: data.count)
            },
            post: {
                let data = try await client.value(post)
                try check(status: 200, bytes: data.count)
            },
            idempotentPost: {
                let data = try await client.value(idempotentPost)
                try check(status: 200, bytes: data.count)
            },
            shutdown: shutdown
        )
    }

    /// Throws ``UnexpectedResponse`` unless the status is 200 and the body is not empty.
    private static func check(status: Int, bytes: Int) throws {
        guard status == 200, bytes > 0 else { throw UnexpectedResponse(status: status, bytes: bytes) }
    }
}
