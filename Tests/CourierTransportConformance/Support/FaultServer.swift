// Only where Swift Testing exists: a plain `swift build` compiles this target too.
#if canImport(Testing)
    import Courier
    import Foundation
    import Testing

    /// The fault-injecting server `Scripts/test` starts (`Tests/Servers/fault_server.py`), on 127.0.0.1
    /// and 127.0.0.2 with the same port, and what it counted.
    public struct FaultServer: Sendable {
        /// `http://127.0.0.1:PORT`.
        public let primary: BaseURL
        /// `http://127.0.0.2:PORT`: another origin, for cross-host redirects and leak checks.
        public let alternate: BaseURL

        /// Whether `Scripts/test` started the server (it exports `COURIER_FAULT_URL`).
        public static let isAvailable = ProcessInfo.processInfo.environment["COURIER_FAULT_URL"] != nil

        /// Why a suite that needs the server did not run.
        public static let skipReason: Comment =
            "Fault suite NOT run: start it with Scripts/test, which runs Tests/Servers/fault_server.py."

        /// The server `Scripts/test` started, read from the environment it exports.
        public static func current() throws -> FaultServer {
            let environment = ProcessInfo.processInfo.environment
            func base(_ name: String) throws -> BaseURL {
                let value = try #require(environment[name], "Scripts/test exports \(name)")
                return try BaseURL(validating: value)
            }
            return FaultServer(
                primary: try base("COURIER_FAULT_URL"), alternate: try base("COURIER_FAULT_ALT_URL"))
        }

        /// A counter key no other test uses, starting with the letters of `label`.
        public static func uniqueKey(_ label: String = #function) -> String {
            let letters = label.filter { $0.isLetter || $0.isNumber }.prefix(24)
            return "\(letters)-\(UUID().uuidString.prefix(8).lowercased())"
        }

        /// The bytes the server generates for a body of `count` bytes: byte `i` is `i % 251`.
        public static func pattern(_ count: Int) -> Data {
            let cycle = Data((0..<251).map { UInt8($0) })
            var data = Data(capacity: count + cycle.count)
            while data.count < count { data.append(cycle) }
            return data.prefix(count)
        }

        /// A request for `path` whose body is returned as bytes, counted under `key`.
        ///
        /// - Parameters:
        ///   - path: The route, such as `"truncate"` or `"redirect/chain"`.
        ///   - key: The counter key, sent as `X-Count-Key`.
        ///   - method: The request method.
        ///   - query: The query items, in order.
        public static func bytes(
            _ path: String, key: String, method: HTTPMethod = .get, _ query: [(String, String)] = []
        ) -> Endpoint<Data, Never> {
            Endpoint<Data, Never> {
                Method(method)
                Path(segments: path.split(separator: "/").map { String($0) })
                for (name, value) in query { Query(name, value) }
                Header("X-Count-Key", key)
            }
        }

        /// What the server counted for `key`, asked with the default transport, so that a fault of a
        /// transport under test cannot hide in the count.
        public func counts(_ key: String) async throws -> Counts {
            try await Client(baseURL: primary).value(
                Endpoint<Counts, Never> {
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
        public func expectCounts(
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
                received.contains(first.received), "received \(first.received)",
                sourceLocation: sourceLocation)
            try await Task.sleep(for: settle)
            let later = try await counts(key)
            #expect(
                later.received == first.received,
                "the server received \(later.received - first.received) more request(s) after the outcome",
                sourceLocation: sourceLocation)
        }
    }
#endif
