import Courier
import CourierAsyncHTTPClient

/// The transport `todo-session` sends with, chosen by `--transport urlsession|ahc`.
enum SessionTransport: String, CaseIterable {
    /// `URLSessionTransport`, Courier's default.
    case urlsession
    /// `AsyncHTTPClientTransport` with an `HTTPClient` of its own, shut down at the end.
    case ahc

    /// Reads `--transport NAME` from the command line's arguments (without the program's
    /// name); `urlsession` when there is none.
    ///
    /// - Throws: ``UsageError`` for any other argument or an unknown name.
    init(arguments: [String]) throws(UsageError) {
        switch arguments.count {
        case 0:
            self = .urlsession
        case 2 where arguments[0] == "--transport":
            guard let transport = SessionTransport(rawValue: arguments[1]) else {
                throw UsageError(message: "unknown transport '\(arguments[1])'")
            }
            self = transport
        default:
            throw UsageError(message: "unexpected arguments: \(arguments.joined(separator: " "))")
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

/// A command line `todo-session` does not understand.
struct UsageError: Error, CustomStringConvertible {
    /// What is wrong with it.
    let message: String

    /// The message and the usage line.
    var description: String {
        let names = SessionTransport.allCases.map(\.rawValue).joined(separator: "|")
        return "\(message)\nusage: todo-session [--transport \(names)]"
    }
}
