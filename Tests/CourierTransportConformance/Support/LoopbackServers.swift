import Courier
import Foundation
import Testing

/// The servers `Scripts/test` starts on loopback, read from the environment it exports.
public struct LoopbackServers: Sendable {
    /// httpbin (PyPI) on 127.0.0.1.
    public let httpbin: BaseURL
    /// `Scripts/loopback_server.py` on 127.0.0.1.
    public let loopback: BaseURL
    /// `Scripts/loopback_server.py` on 127.0.0.2: another origin.
    public let alternate: BaseURL

    /// Whether `Scripts/test` started the servers; plain `swift test` leaves this `false`, and the
    /// integration suite reports itself as not run.
    public static let isAvailable = ProcessInfo.processInfo.environment["COURIER_INTEGRATION"] == "1"

    /// Why a suite that needs the servers did not run.
    public static let skipReason: Comment =
        "Integration suite NOT run: start it with Scripts/test, which runs httpbin and the loopback servers."

    /// The servers `Scripts/test` started, read from the environment it exports.
    public static func current() throws -> LoopbackServers {
        let environment = ProcessInfo.processInfo.environment
        func base(_ name: String) throws -> BaseURL {
            let value = try #require(environment[name], "Scripts/test exports \(name)")
            return try BaseURL(validating: value)
        }
        return LoopbackServers(
            httpbin: try base("COURIER_HTTPBIN_URL"),
            loopback: try base("COURIER_LOOPBACK_URL"),
            alternate: try base("COURIER_LOOPBACK_ALT_URL")
        )
    }
}

/// What the loopback server's `/echo` route saw, byte for byte.
public struct Echo: Decodable, Sendable {
    /// The request method.
    public let method: String
    /// The request target: path and query, as sent.
    public let target: String
    /// Every header as a name and a value, in order.
    public let headers: [[String]]
    /// The body as UTF-8 text, when it is.
    public let body: String?
    /// How many body bytes arrived.
    public let bodyLength: Int

    enum CodingKeys: String, CodingKey {
        case method, target, headers, body
        case bodyLength = "body_length"
    }

    /// The first value of the header `name`, compared without case.
    public func header(_ name: String) -> String? {
        headers.first { $0.first?.lowercased() == name.lowercased() }?.last
    }
}

/// The loopback server's request counter for one key.
public struct RequestCount: Decodable, Sendable {
    /// Requests whose headers arrived.
    public let received: Int
    /// Requests whose whole body arrived.
    public let complete: Int
}

/// The loopback server's documented error body.
public struct ServerError: Error, Decodable, Equatable {
    /// The server's sentence.
    public let message: String
    /// The status code.
    public let code: Int
}
