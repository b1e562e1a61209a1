import Courier
import CourierAsyncHTTPClient
import Foundation

/// The transport `todo-session` sends with, chosen by `--transport urlsession|ahc`.
enum SessionTransport: String, CaseIterable {
    /// `URLSessionTransport`, Courier's default.
    case urlsession
    /// `AsyncHTTPClientTransport` with an `HTTPClient` of its own, shut down at the end.
    case ahc

    /// Whether the transport can trust a CA of the session's own through `TLSOptions`: not
    /// URLSession on Linux, whose FoundationNetworking takes no trust roots.
    var trustsOwnRoots: Bool {
        switch self {
        case .urlsession:
            #if canImport(FoundationNetworking)
                false
            #else
                true
            #endif
        case .ahc: true
        }
    }

    /// The transport's type, and who owns what, for the session's first line.
    var summary: String {
        switch self {
        case .urlsession: "URLSessionTransport"
        case .ahc: "AsyncHTTPClientTransport with an HTTPClient of its own, shut down at the end"
        }
    }

    /// Creates the transport, runs `body` with it (on the caller's actor), then shuts it down if
    /// it needs that, whether `body` returned or threw.
    ///
    /// - Throws: What `body` threw, or else what the shutdown threw.
    func withTransport<Value>(
        isolation: isolated (any Actor)? = #isolation, _ body: (any Transport) async throws -> Value
    ) async throws -> Value {
        switch self {
        case .urlsession:
            // Its sessions are invalidated when it is released.
            return try await body(URLSessionTransport())
        case .ahc:
            // It created its HTTPClient, so it shuts it down: once, after the last request.
            let transport = AsyncHTTPClientTransport()
            return try await withCleanup {
                try await body(transport)
            } cleanup: {
                try await transport.shutdown()
            }
        }
    }
}

/// `todo-session`'s command line:
/// `[--server hummingbird|vapor] [--transport urlsession|ahc] [--tls DIRECTORY]`.
struct SessionOptions {
    /// The framework of the todo servers; `hummingbird` by default.
    var server = SessionServer.hummingbird
    /// The transport the session sends with; `urlsession` by default.
    var transport = SessionTransport.urlsession
    /// Where `Tests/Servers/make_tls_material.sh` wrote a throwaway CA and a certificate it
    /// signed, when the server under test is to serve HTTPS with them.
    var tlsDirectory: URL?

    /// Reads the options from the command line's arguments (without the program's name).
    ///
    /// - Throws: ``UsageError`` for an argument it does not know, or an unknown server or
    ///   transport name.
    init(arguments: [String]) throws(UsageError) {
        var remaining = arguments[...]
        while let option = remaining.popFirst() {
            guard let value = remaining.popFirst() else {
                throw UsageError(message: "\(option) needs a value")
            }
            switch option {
            case "--server":
                guard let server = SessionServer(rawValue: value) else {
                    throw UsageError(message: "unknown server '\(value)'")
                }
                self.server = server
            case "--transport":
                guard let transport = SessionTransport(rawValue: value) else {
                    throw UsageError(message: "unknown transport '\(value)'")
                }
                self.transport = transport
            case "--tls":
                tlsDirectory = URL(fileURLWithPath: value, isDirectory: true)
            default:
                throw UsageError(message: "unexpected argument \(option)")
            }
        }
    }
}

/// A command line `todo-session` does not understand.
struct UsageError: Error, CustomStringConvertible {
    /// What is wrong with it.
    let message: String

    /// The message and the usage line.
    var description: String {
        let servers = SessionServer.allCases.map(\.rawValue).joined(separator: "|")
        let transports = SessionTransport.allCases.map(\.rawValue).joined(separator: "|")
        return
            "\(message)\nusage: todo-session [--server \(servers)] [--transport \(transports)] [--tls DIRECTORY]"
    }
}
