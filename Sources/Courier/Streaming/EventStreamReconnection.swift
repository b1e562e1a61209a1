import Foundation

/// How an ``EventStream`` connects again after its body ends or its connection fails, as the
/// WHATWG HTML rules for Server-Sent Events describe: each new request sends the last event ID as
/// `Last-Event-ID`, waits the stream's `retry:` time (or ``initialDelay``), backs off after failed
/// attempts, and stops for good on 204 No Content or a status it does not retry. An answer that
/// is not an event stream (a `200 OK` of another `Content-Type`, say) ends it with an error at
/// once: it is never reconnected.
///
/// ```swift
/// let response = try await client.events(API.changes(), reconnection: .standard)
/// for try await change in try response.get() {
///     print(change.id ?? "-", change.data)
/// }
/// ```
///
/// Pass `sleep` and `random` to test reconnection without waiting. Connections are timed by the
/// system's clock, so in such a test one that delivered no event counts as a failed attempt.
public struct EventStreamReconnection: Sendable {
    /// The wait before reconnecting when the stream sent no `retry:` field.
    public var initialDelay: Duration
    /// The longest wait between attempts.
    public var maximumDelay: Duration
    /// How much each failed attempt in a row multiplies the wait.
    public var multiplier: Double
    /// The fraction of each wait that is random: a wait `d` becomes between `d × (1 − jitter)`
    /// and `d`.
    public var jitter: Double
    /// How many attempts in a row may fail before the stream throws the last failure; `nil` for
    /// no limit. A connection that delivers an event resets the count, and so does one that stays
    /// open at least as long as the stream's reconnection time (its `retry:`, else
    /// ``initialDelay``) and a second: a feed of rare events behind a proxy that cuts idle
    /// connections is reconnected, not given up on, while a server that answers and closes at
    /// once is backed off from (from a second after `retry: 0`).
    public var maximumAttempts: Int?
    /// The statuses that mean "try again later"; any other non-2xx status ends the stream with an
    /// error, and 204 ends it normally.
    public var retryableStatuses: Set<HTTPStatus>
    /// Whether reconnecting may send a request that is not idempotent (for example a `POST`
    /// without an `Idempotency-Key` header) again; `false` by default, and then
    /// ``Client/events(_:reconnection:)`` throws ``CourierError/Kind/nonIdempotentReconnection``
    /// before sending such a request. Set it only when the server treats a repeated request as
    /// a request to resume the stream.
    public var resendsNonIdempotentRequests: Bool
    let sleep: @Sendable (Duration) async throws -> Void
    let random: @Sendable () -> Double
    /// The clock connections are timed by.
    var now: @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }

    /// The base failed attempts back off from after `retry: 0`, and the least time a connection
    /// that delivered no event must stay open to count as answered: a server that answers and
    /// closes at once is backed off from even with `retry: 0`.
    static let shortestBackoff = Duration.seconds(1)
    /// Sends the stream's request again with a `Last-Event-ID`, and throws for a 2xx answer that
    /// is not an event stream (``EventStreamHead``); set by the client.
    var connect: (@Sendable (_ lastEventID: String) async throws(CourierError) -> RawResponse)?

    /// Creates a reconnection policy.
    ///
    /// - Parameters:
    ///   - initialDelay: The wait when the stream set no `retry:` time; 3 seconds by default.
    ///   - maximumDelay: The longest wait; 60 seconds by default.
    ///   - multiplier: The backoff factor per failed attempt in a row; 2 by default.
    ///   - jitter: The random fraction of each wait, from 0 to 1; 0.2 by default.
    ///   - maximumAttempts: Failed attempts in a row before giving up; 10 by default.
    ///   - retryableStatuses: Statuses to retry: 429, 500, 502, 503 and 504 by default.
    ///   - resendsNonIdempotentRequests: Whether a request that is not idempotent may be sent
    ///     again; `false` by default.
    ///   - sleep: Waits the given time; `Task.sleep(for:)` by default.
    ///   - random: A number from 0 up to 1; `Double.random(in:)` by default.
    public init(
        initialDelay: Duration = .seconds(3), maximumDelay: Duration = .seconds(60), multiplier: Double = 2,
        jitter: Double = 0.2, maximumAttempts: Int? = 10,
        retryableStatuses: Set<HTTPStatus> = [429, 500, 502, 503, 504],
        resendsNonIdempotentRequests: Bool = false,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
        self.multiplier = max(1, multiplier)
        self.jitter = min(max(jitter, 0), 1)
        self.maximumAttempts = maximumAttempts
        self.retryableStatuses = retryableStatuses
        self.resendsNonIdempotentRequests = resendsNonIdempotentRequests
        self.sleep = sleep
        self.random = random
    }

    /// The defaults: 3 seconds first, doubling up to 60, 20 % jitter, 10 failed attempts in a row.
    public static var standard: EventStreamReconnection { EventStreamReconnection() }

    /// The wait before attempt `attempt` (1 for the first after a break), given the stream's
    /// `retry:` time.
    ///
    /// Computed in seconds as a `Double` and capped at ``maximumDelay`` before it becomes a
    /// `Duration`, so no attempt count, multiplier or `retry:` time can overflow.
    func delay(attempt: Int, retry: Duration?) -> Duration {
        let maximum = maximumDelay.timeInterval
        var seconds = (retry ?? initialDelay).timeInterval
        if attempt > 1 {
            // After `retry: 0`, failed attempts back off from a second rather than from nothing.
            if seconds <= 0 { seconds = Self.shortestBackoff.timeInterval }
            seconds *= Foundation.pow(multiplier, Double(attempt - 1))
        }
        if !(seconds <= maximum) { seconds = maximum }
        seconds *= 1 - jitter * min(max(random(), 0), 1)
        // About 285 years at most, well inside what `Int64` nanoseconds hold.
        return .nanoseconds(Int64((min(max(seconds, 0), 9e9) * 1e9).rounded()))
    }

    /// Whether a failure of the stream's body is worth reconnecting after.
    static func retries(_ error: CourierError) -> Bool {
        [.connectionLost, .truncatedResponse, .timedOut, .cannotConnect, .transportFailed].contains(
            error.kind)
    }

    /// One stream's reconnecting: the failed attempts in a row so far, and how long the current
    /// connection has been open.
    struct Run: Sendable {
        let policy: EventStreamReconnection
        private var failures = 0
        /// When the current connection was made; `nil` once its end was timed.
        private var connectedAt: ContinuousClock.Instant?

        init(policy: EventStreamReconnection) {
            self.policy = policy
            connectedAt = policy.now()
        }

        /// An event arrived: the next break starts backing off afresh.
        mutating func receivedEvent() {
            failures = 0
        }

        /// Waits and connects until a 2xx answer gives a new body; `nil` on 204. A connection
        /// that ends after being open at least as long as the stream's reconnection time (its
        /// `retry:`, else the initial delay) and a second was not a failure: the backing off
        /// starts afresh, however long the waits before it had grown.
        mutating func reconnect(
            after error: CourierError?, lastEventID: String, retry: Duration?
        ) async throws(CourierError) -> ResponseBodyStream? {
            let answered = max(retry ?? policy.initialDelay, EventStreamReconnection.shortestBackoff)
            // Timed once per connection: a give-up thrown here and caught for another attempt
            // finds no connection to time.
            if let connected = connectedAt, policy.now() - connected >= answered { failures = 0 }
            connectedAt = nil
            var lastError = error
            while true {
                failures += 1
                if let maximum = policy.maximumAttempts, failures > maximum {
                    throw lastError
                        ?? CourierError(
                            stage: .transport, kind: .connectionLost,
                            message: maximum == 0
                                ? "The event stream's connection ended, and its reconnection allows no attempts "
                                    + "(maximumAttempts is 0)."
                                : "The event stream stopped reconnecting after \(maximum) attempts in a row: the "
                                    + "last connection was answered but ended before an event arrived."
                        )
                }
                do {
                    try await policy.sleep(policy.delay(attempt: failures, retry: retry))
                } catch {
                    throw CourierError(
                        stage: .transport, kind: .cancelled,
                        message: "Reconnecting the event stream was cancelled.",
                        underlying: error)
                }
                guard let connect = policy.connect else { return nil }
                let response: RawResponse
                do {
                    response = try await connect(lastEventID)
                } catch {
                    guard EventStreamReconnection.retries(error) else { throw error }
                    lastError = error
                    continue
                }
                if response.status == .noContent { return nil }
                if response.status.isSuccess {
                    connectedAt = policy.now()
                    return response.bodyStream ?? ResponseBodyStream(response.body)
                }
                let error = CourierError(
                    stage: .status, kind: .unacceptableStatus,
                    statement: "On reconnecting, the event stream's server answered \(response.status).",
                    url: response.url, response: response, notes: response.notes)
                guard policy.retryableStatuses.contains(response.status) else { throw error }
                lastError = error
            }
        }
    }
}
