// Only where Swift Testing exists: a plain `swift build` compiles this target too.
#if canImport(Testing)
    import Courier
    import Foundation
    import Testing

    /// The servers `Scripts/test` starts on loopback, read from the environment it exports.
    public struct LoopbackServers: Sendable {
        /// httpbin (PyPI) on 127.0.0.1.
        public let httpbin: BaseURL
        /// `Tests/Servers/loopback_server.py` on 127.0.0.1.
        public let loopback: BaseURL
        /// `Tests/Servers/loopback_server.py` on 127.0.0.2: another origin.
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
#endif
