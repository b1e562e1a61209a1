import Courier
import Foundation
import Testing

/// The servers `Scripts/test` starts on loopback, read from the environment it exports.
struct LoopbackServers {
    let httpbin: BaseURL
    let loopback: BaseURL
    let alternate: BaseURL

    /// Whether `Scripts/test` started the servers; plain `swift test` leaves this `false`, and the
    /// integration suite reports itself as not run.
    static let isAvailable = ProcessInfo.processInfo.environment["COURIER_INTEGRATION"] == "1"

    static let skipReason: Comment =
        "Integration suite NOT run: start it with Scripts/test, which runs httpbin and the loopback servers."

    static func current() throws -> LoopbackServers {
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
struct Echo: Decodable, Sendable {
    let method: String
    let target: String
    let headers: [[String]]
    let body: String?
    let bodyLength: Int

    enum CodingKeys: String, CodingKey {
        case method, target, headers, body
        case bodyLength = "body_length"
    }

    func header(_ name: String) -> String? {
        headers.first { $0.first?.lowercased() == name.lowercased() }?.last
    }
}

/// The loopback server's request counter for one key.
struct RequestCount: Decodable, Sendable {
    let received: Int
    let complete: Int
}

/// The loopback server's documented error body.
struct ServerError: Error, Decodable, Equatable {
    let message: String
    let code: Int
}
