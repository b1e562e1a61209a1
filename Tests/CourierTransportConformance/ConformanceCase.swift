// Only where Swift Testing exists: a plain `swift build` compiles this target too.
#if canImport(Testing)
    import Courier
    import Foundation
    import Testing

    /// One rule every transport keeps, checked against the loopback test servers that
    /// `Scripts/test` starts: a fault and the one typed outcome it must end in, or what must
    /// arrive on the wire.
    ///
    /// Run every case with `@Test(arguments: ConformanceCase.all)` and ``run(on:)``; see
    /// ``TransportUnderTest``.
    public struct ConformanceCase: Sendable, Hashable, Identifiable, CustomTestStringConvertible {
        /// What part of a transport's work a case checks.
        public enum Area: String, Sendable, CaseIterable {
            /// What arrives on the wire, and responses as they were sent.
            case wire
            /// Response framing: lengths, chunks, and responses that are not HTTP.
            case framing
            /// Connections that close, reset or race, and what is sent again.
            case connections
            /// Connect, idle and total timeouts, and cancellation.
            case timeouts
            /// Redirects, followed by the client over the transport.
            case redirects
            /// Compression, size limits, and bodies that do not decode.
            case bodies
            /// Downloads to files, file uploads and progress.
            case files
            /// The built-in middleware over the transport: retries, credentials, de-duplication,
            /// limits, logs and metrics.
            case middleware
            /// Streamed responses and Server-Sent Events: bodies read as they arrive, timeouts,
            /// cancellation and reconnection.
            case streams
            /// HTTPS: trust roots, client certificates, pins, minimum versions, typed TLS failures
            /// and connections kept across requests.
            case tls
        }

        /// The case's name: a sentence in camel case, unique in ``all``.
        public let name: String
        /// The case's name, which identifies it (and lets Swift Testing run one case again).
        public var id: String { name }
        /// What part of a transport's work the case checks.
        public let area: Area
        let body: @Sendable (ConformanceContext) async throws -> Void

        init(
            _ area: Area, _ name: String,
            _ body: @escaping @Sendable (ConformanceContext) async throws -> Void
        ) {
            self.area = area
            self.name = name
            self.body = body
        }

        /// Every case, by area.
        public static let all: [ConformanceCase] =
            wireCases + framingCases + connectionCases + timeoutCases + redirectCases + bodyCases + fileCases
            + rangeCases + retryCases + authenticationCases + deduplicationCases + concurrencyLimitCases
            + loggingCases + metricsCases + cacheCases + validationCases + cookieCases + streamCases
            + uploadStreamCases + tlsCases

        /// How the case appears in test results: its area and name.
        public var testDescription: String { "\(area.rawValue): \(name)" }

        /// Runs the case against a new transport of `subject`.
        ///
        /// A case listed in the subject's ``TransportUnderTest/deviations`` runs inside
        /// `withKnownIssue`: its failures are recorded as known, and when it passes although it
        /// is not marked intermittent, that is an issue of its own. One whose deviation would end
        /// the process is not run; a known issue records that instead.
        public func run(on subject: TransportUnderTest) async throws {
            if self == Self.all.first {
                // Once per run: a deviation that names no case is a typo and would hide nothing.
                for name in Self.unknownDeviations(of: subject) {
                    Issue.record("\(subject.name) lists a deviation from \"\(name)\", which is not a case")
                }
            }
            if let deviation = subject.deviations[name], deviation.endsTheProcess {
                withKnownIssue(Comment(rawValue: "\(subject.name): \(deviation.reason)")) {
                    Issue.record("Not run: the transport would stop the test process.")
                }
                return
            }
            let context = try ConformanceContext(subject: subject)
            defer { try? FileManager.default.removeItem(at: context.directory) }
            if let deviation = subject.deviations[name] {
                await withKnownIssue(
                    Comment(rawValue: "\(subject.name): \(deviation.reason)"),
                    isIntermittent: deviation.isIntermittent
                ) {
                    try await body(context)
                }
            } else {
                try await body(context)
            }
        }

        /// The names in `subject`'s deviations that are not cases: each is a typo or a case that
        /// was renamed, and would hide nothing.
        public static func unknownDeviations(of subject: TransportUnderTest) -> [String] {
            let names = Set(all.map(\.name))
            return subject.deviations.keys.filter { !names.contains($0) }.sorted()
        }

        /// Whether `Scripts/test` started the servers the cases need.
        public static let serversAreRunning = FaultServer.isAvailable && LoopbackServers.isAvailable

        /// Why a conformance suite did not run.
        public static let skipReason: Comment =
            "Transport conformance suite NOT run: start it with Scripts/test, which runs the loopback servers."

        /// Whether two cases are the same case: names are unique.
        public static func == (lhs: ConformanceCase, rhs: ConformanceCase) -> Bool {
            lhs.name == rhs.name
        }

        /// Hashes the case's name.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(name)
        }
    }

    /// What a running case works with: the servers, a folder of its own, and clients on new
    /// transports of the subject.
    struct ConformanceContext: Sendable {
        let subject: TransportUnderTest
        let faults: FaultServer
        let servers: LoopbackServers
        /// A new, empty folder, removed after the case.
        let directory: URL

        /// A safety net, not a bound under test: a fault that hangs ends as a timeout, which no
        /// case accepts unless it asked for it. Cases about timeouts declare their own.
        static let safetyNet = Client.Configuration(timeout: Timeout(.seconds(40)))

        init(subject: TransportUnderTest) throws {
            self.subject = subject
            faults = try FaultServer.current()
            servers = try LoopbackServers.current()
            directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "courier-conformance-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }

        /// Runs `body` with a client on a new transport of the subject, against the fault server
        /// unless told otherwise, and shuts the transport down after.
        func withClient<T>(
            _ limits: TransportUnderTest.Limits = .standard, baseURL: BaseURL? = nil,
            middleware: [any Middleware] = [], configuration: Client.Configuration = safetyNet,
            _ body: (Client) async throws -> T
        ) async throws -> T {
            let transport = subject.makeTransport(limits)
            let client = Client(
                baseURL: baseURL ?? faults.primary, transport: transport, middleware: middleware,
                configuration: configuration)
            do {
                let value = try await body(client)
                try await subject.shutdown(transport)
                return value
            } catch {
                try? await subject.shutdown(transport)
                throw error
            }
        }

        /// Files in the case's folder, hidden temporary ones included.
        func leftovers() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        }
    }

    /// The error sending `endpoint` with `client` ends in; when it succeeds instead, records an
    /// issue and throws, ending the case.
    func failure<E: EndpointRepresentable>(
        of endpoint: E, with client: Client, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> CourierError {
        try #require(await outcome(endpoint, with: client).failure, sourceLocation: sourceLocation)
    }

    /// The one outcome of sending `endpoint` with `client`.
    func outcome<E: EndpointRepresentable>(
        _ endpoint: E, with client: Client
    ) async -> Result<EndpointResponse<E.Success, E.Failure>, CourierError> {
        do {
            return .success(try await client.send(endpoint))
        } catch {
            return .failure(error)
        }
    }
#endif
