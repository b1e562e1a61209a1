import Courier
import Foundation
import Testing

/// The fault-injecting server `Scripts/test` starts (`Scripts/fault_server.py`), on 127.0.0.1 and
/// 127.0.0.2 with the same port, and what it counted.
struct FaultServer {
    /// `http://127.0.0.1:PORT`.
    let primary: BaseURL
    /// `http://127.0.0.2:PORT`: another origin, for cross-host redirects and leak checks.
    let alternate: BaseURL

    static let isAvailable = ProcessInfo.processInfo.environment["COURIER_FAULT_URL"] != nil

    static let skipReason: Comment =
        "Fault suite NOT run: start it with Scripts/test, which runs Scripts/fault_server.py."

    static func current() throws -> FaultServer {
        let environment = ProcessInfo.processInfo.environment
        func base(_ name: String) throws -> BaseURL {
            let value = try #require(environment[name], "Scripts/test exports \(name)")
            return try BaseURL(validating: value)
        }
        return FaultServer(
            primary: try base("COURIER_FAULT_URL"), alternate: try base("COURIER_FAULT_ALT_URL"))
    }

    /// A counter key no other test uses.
    static func uniqueKey(_ label: String = #function) -> String {
        let letters = label.filter { $0.isLetter || $0.isNumber }.prefix(24)
        return "\(letters)-\(UUID().uuidString.prefix(8).lowercased())"
    }

    /// The bytes the server generates for a body of `count` bytes: byte `i` is `i % 251`.
    static func pattern(_ count: Int) -> Data {
        let cycle = Data((0..<251).map { UInt8($0) })
        var data = Data(capacity: count + cycle.count)
        while data.count < count { data.append(cycle) }
        return data.prefix(count)
    }

    /// What the server counted for `key`.
    func counts(_ key: String) async throws -> FaultCounts {
        let client = Client(baseURL: primary)
        return try await client.value(
            Endpoint<FaultCounts, Never> {
                Method(.get)
                Path("counts", key)
            })
    }

    /// Checks the server's counts for `key` now and again after `settle`, so a late re-send
    /// behind the caller's back cannot slip through.
    ///
    /// A request that timed out on the client may be counted a little later, once the server
    /// gets to reading it (seconds later on a busy machine), so this first waits, for up to
    /// 30 s, until the count reaches the range's lower bound.
    func expectCounts(
        _ key: String, received: ClosedRange<Int>, settle: Duration = .milliseconds(500),
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        var first = try await counts(key)
        let end = ContinuousClock.now + .seconds(30)
        while first.received < received.lowerBound, ContinuousClock.now < end {
            try await Task.sleep(for: .milliseconds(20))
            first = try await counts(key)
        }
        #expect(
            received.contains(first.received), "received \(first.received)", sourceLocation: sourceLocation)
        try await Task.sleep(for: settle)
        let later = try await counts(key)
        #expect(
            later.received == first.received,
            "the server received \(later.received - first.received) more request(s) after the outcome",
            sourceLocation: sourceLocation)
    }
}

/// The fault server's counter for one key (`GET /counts/<key>`).
struct FaultCounts: Decodable, Sendable {
    /// Requests whose headers arrived.
    let received: Int
    /// Requests whose whole body arrived.
    let complete: Int
    /// Each counted request, in arrival order.
    let requests: [Recorded]

    struct Recorded: Decodable, Sendable {
        let method: String
        let target: String
        let host: String?
        let headers: [[String]]
        let bodyLength: Int

        enum CodingKeys: String, CodingKey {
            case method, target, host, headers
            case bodyLength = "body_length"
        }

        func header(_ name: String) -> String? {
            headers.first { $0.first?.lowercased() == name.lowercased() }?.last
        }
    }
}
