import Courier
import Foundation

/// A transport the conformance suite runs against: how to make one, how to shut it down, and
/// where it is known not to conform.
///
/// Each package with a transport declares one and runs every case with it:
///
/// ```swift
/// @Suite(.enabled(if: ConformanceCase.serversAreRunning, ConformanceCase.skipReason))
/// struct MyTransportConformanceTests {
///     static let subject = TransportUnderTest(name: "MyTransport") { limits in
///         MyTransport(responseLimit: limits.responseLimit, downloadLimit: limits.downloadLimit)
///     } shutdown: { transport in
///         try await transport.shutdown()
///     }
///
///     @Test(arguments: ConformanceCase.all)
///     func conforms(_ check: ConformanceCase) async throws {
///         try await check.run(on: Self.subject)
///     }
/// }
/// ```
public struct TransportUnderTest: Sendable {
    /// The limits a case asks a new transport for.
    public struct Limits: Sendable, Equatable {
        /// The largest response body, in bytes, to keep in memory.
        public var responseLimit: Int
        /// The largest body, in bytes, to write to a download file; `nil` for no limit.
        public var downloadLimit: Int64?

        /// Limits of 10 MiB in memory and none for downloads, the transports' defaults.
        public static let standard = Limits(responseLimit: 10 * 1024 * 1024, downloadLimit: nil)

        /// Creates limits.
        ///
        /// - Parameters:
        ///   - responseLimit: The largest response body, in bytes, to keep in memory.
        ///   - downloadLimit: The largest body, in bytes, to write to a download file.
        public init(responseLimit: Int, downloadLimit: Int64? = nil) {
            self.responseLimit = responseLimit
            self.downloadLimit = downloadLimit
        }
    }

    /// Where a transport does not conform, and why: the case still runs, and its failures are
    /// recorded as known issues instead of failing the test (a case that then passes fails, so the
    /// entry is removed once the transport conforms).
    ///
    /// Every failure of the case counts as known, so the cases a transport deviates from check one
    /// thing each; a case beside it holds what the transport must still do (a malformed chunk is
    /// never a success, say, even where its kind differs).
    public struct KnownDeviation: Sendable {
        /// What the transport does instead, and why it cannot do otherwise.
        public let reason: String
        /// Whether the case passes on some runs: then a pass is not a failure.
        public let isIntermittent: Bool
        /// Whether running the case would stop the test process: then it is not run, and a
        /// known issue says so.
        public let endsTheProcess: Bool

        /// Declares a deviation.
        ///
        /// - Parameters:
        ///   - reason: What the transport does instead, and why.
        ///   - isIntermittent: Whether the case passes on some runs.
        ///   - endsTheProcess: Whether running the case would stop the test process.
        public init(_ reason: String, isIntermittent: Bool = false, endsTheProcess: Bool = false) {
            self.reason = reason
            self.isIntermittent = isIntermittent
            self.endsTheProcess = endsTheProcess
        }
    }

    /// The transport's name, as the suite reports it.
    public let name: String
    /// Cases, by ``ConformanceCase/name``, where the transport is known not to conform.
    public let deviations: [String: KnownDeviation]
    /// Whether the transport sends a body streamed from a sequence (`Body.stream`); when it does
    /// not, the upload cases check that it refuses one with
    /// `CourierError.Kind.streamedBodyUnsupported` before anything is sent.
    public let sendsStreamedBodies: Bool
    let makeTransport: @Sendable (Limits) -> any Transport
    let shutdown: @Sendable (any Transport) async throws -> Void

    /// Describes a transport under test that needs shutting down.
    ///
    /// - Parameters:
    ///   - name: The transport's name.
    ///   - deviations: Cases, by name, where it is known not to conform.
    ///   - sendsStreamedBodies: Whether it sends bodies streamed from a sequence.
    ///   - makeTransport: Makes a new transport with the given limits; each case makes its own.
    ///   - shutdown: Releases a transport `makeTransport` made, once its case is done, whether
    ///     the case passed or not.
    public init<T: Transport>(
        name: String, deviations: [String: KnownDeviation] = [:], sendsStreamedBodies: Bool = false,
        makeTransport: @escaping @Sendable (Limits) -> T,
        shutdown: @escaping @Sendable (T) async throws -> Void
    ) {
        self.name = name
        self.deviations = deviations
        self.sendsStreamedBodies = sendsStreamedBodies
        self.makeTransport = { makeTransport($0) }
        self.shutdown = { transport in
            // Always a T: this subject made it.
            if let transport = transport as? T { try await shutdown(transport) }
        }
    }

    /// Describes a transport under test that is released without ceremony.
    ///
    /// - Parameters:
    ///   - name: The transport's name.
    ///   - deviations: Cases, by name, where it is known not to conform.
    ///   - sendsStreamedBodies: Whether it sends bodies streamed from a sequence.
    ///   - makeTransport: Makes a new transport with the given limits; each case makes its own.
    public init<T: Transport>(
        name: String, deviations: [String: KnownDeviation] = [:], sendsStreamedBodies: Bool = false,
        makeTransport: @escaping @Sendable (Limits) -> T
    ) {
        self.init(
            name: name, deviations: deviations, sendsStreamedBodies: sendsStreamedBodies,
            makeTransport: makeTransport, shutdown: { _ in })
    }
}
