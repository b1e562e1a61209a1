import Foundation

/// Sends an idempotent request again after a transient failure, waiting between attempts.
///
/// Only requests that are safe to send twice are retried (``EndpointRequest/isIdempotent``): a
/// `POST` or `PATCH` without ``Idempotent`` or a non-empty `Idempotency-Key` is sent exactly once,
/// and so is a request whose body is streamed from a sequence (``RequestBody/stream``).
///
/// ```swift
/// let client = Client(
///     baseURL: BaseURL("api.example.com"),
///     middleware: [RetryMiddleware(maxRetries: 3, backoff: RetryBackoff(base: .milliseconds(200)))]
/// )
/// ```
///
/// When it retries, how long it waits and where it belongs in the middleware list:
/// <doc:UsingMiddleware#Retry-transient-failures>.
public struct RetryMiddleware: Middleware {
    /// The most retries after the first attempt.
    public let maxRetries: Int
    /// The waits between attempts when the server names none.
    public let backoff: RetryBackoff
    /// Response statuses that are retried.
    public let retryableStatuses: Set<HTTPStatus>
    /// Kinds of transport-stage errors that are retried; a TLS trust failure
    /// (``CourierError/Kind/isTLSTrustFailure``) never is, even when listed.
    public let retryableErrors: Set<CourierError.Kind>
    /// The longest `Retry-After` the middleware waits for; a longer one returns the response.
    public let maxRetryAfter: Duration
    private let clock: any Clock<Duration>

    /// 408, 429, 502, 503 and 504: statuses that say "try again later".
    public static let defaultRetryableStatuses: Set<HTTPStatus> = [408, 429, 502, 503, 504]

    /// Connection failures before any response: nothing was processed.
    public static let defaultRetryableErrors: Set<CourierError.Kind> = [.connectionLost, .cannotConnect]

    /// Creates a retry policy.
    ///
    /// - Parameters:
    ///   - maxRetries: Retries after the first attempt; 2 by default, a negative value means 0.
    ///   - backoff: The waits when the server names none; a ``RetryBackoff`` with its defaults.
    ///   - retryableStatuses: Statuses that are retried; ``defaultRetryableStatuses`` by default.
    ///   - retryableErrors: Transport error kinds retried; ``defaultRetryableErrors`` by default.
    ///   - maxRetryAfter: The longest `Retry-After` waited for; 60 s by default.
    ///   - clock: The clock the waits sleep on; a `ContinuousClock` by default.
    public init(
        maxRetries: Int = 2,
        backoff: RetryBackoff = RetryBackoff(),
        retryableStatuses: Set<HTTPStatus> = RetryMiddleware.defaultRetryableStatuses,
        retryableErrors: Set<CourierError.Kind> = RetryMiddleware.defaultRetryableErrors,
        maxRetryAfter: Duration = .seconds(60),
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.maxRetries = max(maxRetries, 0)
        self.backoff = backoff
        self.retryableStatuses = retryableStatuses
        self.retryableErrors = retryableErrors
        self.maxRetryAfter = maxRetryAfter
        self.clock = clock
    }

    /// Sends `request`, and again after each retryable outcome, until an outcome is final.
    ///
    /// An error about the final outcome, thrown or made by the client from the response, says how
    /// many times the request was tried when it was tried more than once (in all, when retry
    /// middleware are stacked), and why it was not sent again when a retry was due: a
    /// `Retry-After` longer than ``maxRetryAfter``, a wait past the call's deadline, or a body
    /// streamed from a sequence.
    public func intercept(
        _ request: EndpointRequest, baseURL: BaseURL, next: Next
    ) async throws -> RawResponse {
        guard request.isIdempotent else { return try await next(request, baseURL) }
        // A streamed body is read once: a retry could only fail, and would hide the first outcome.
        // An outcome that would have been retried says why it was not.
        guard request.body?.stream == nil else {
            let outcome: Result<RawResponse, CourierError>
            do {
                outcome = .success(try await next(request, baseURL))
            } catch {
                outcome = .failure(error)
            }
            guard maxRetries > 0, case .retry = decision(beforeRetry: 0, after: outcome) else {
                return try outcome.get()
            }
            return try Self.noting(
                sends: 1, heldBack: "its body is a stream, which is read once", on: outcome)
        }
        var retry = 0
        var sends = 0
        while true {
            let outcome: Result<RawResponse, CourierError>
            do {
                outcome = .success(try await next(request, baseURL))
            } catch {
                outcome = .failure(error)
            }
            sends += Self.sends(behind: outcome)
            var decided = retry < maxRetries ? decision(beforeRetry: retry, after: outcome) : .final
            if case .retry(let delay) = decided {
                // A wait that would pass the call's deadline is not made: the caller gets this outcome.
                if request.context.remaining.map({ delay < $0 }) ?? true {
                    try await wait(delay, request: request)
                    retry += 1
                    continue
                }
                decided = .heldBack(
                    because: "waiting \(delay.spoken) for the next attempt would pass the call's deadline")
            }
            let heldBack: String? =
                switch decided {
                case .heldBack(let reason): reason
                case .retry, .final: nil
                }
            return try Self.noting(sends: sends, heldBack: heldBack, on: outcome)
        }
    }

    /// What follows an outcome: another attempt after a wait, nothing (the outcome is final), or
    /// nothing for a reason a caller would otherwise not see.
    private enum Decision {
        case retry(after: Duration)
        case final
        case heldBack(because: String)
    }

    /// What follows `outcome`, the outcome of retry `retry` (0: the first attempt's).
    private func decision(beforeRetry retry: Int, after outcome: Result<RawResponse, CourierError>)
        -> Decision
    {
        switch outcome {
        case .success(let response):
            // An answer from a cache's storage (or its own 504) would only be given again.
            guard retryableStatuses.contains(response.status), Self.cameFromTheOrigin(response) else {
                return .final
            }
            guard let serverDelay = Self.retryAfter(in: response) else {
                return .retry(after: backoff.delay(forRetry: retry))
            }
            guard serverDelay <= maxRetryAfter else {
                return .heldBack(
                    because: "the server asked for a wait of \(serverDelay.spoken) (Retry-After), longer "
                        + "than its maxRetryAfter of \(maxRetryAfter.spoken)")
            }
            return .retry(after: serverDelay)
        case .failure(let error):
            return retries(error) ? .retry(after: backoff.delay(forRetry: retry)) : .final
        }
    }

    /// How many times the request was sent for `outcome`: as many as a retry middleware after
    /// this one noted, once otherwise.
    private static func sends(behind outcome: Result<RawResponse, CourierError>) -> Int {
        switch outcome {
        case .success(let response): response.notes.retrySends ?? 1
        case .failure(let error): error.notes.retrySends ?? 1
        }
    }

    /// `outcome` noting that the request was sent `sends` times in all (when more than once) and
    /// why a due retry was not made, in place of what a retry middleware after this one noted.
    private static func noting(
        sends: Int, heldBack: String?, on outcome: Result<RawResponse, CourierError>
    ) throws(CourierError) -> RawResponse {
        // Nothing to say: an unnoted response keeps no notes' box, and an error stays as it is.
        guard sends > 1 || heldBack != nil else { return try outcome.get() }
        func noted(_ notes: inout MiddlewareNotes) {
            if sends > 1 { notes.retrySends = sends }
            if let heldBack { notes.retryHeldBack = heldBack }
        }
        switch outcome {
        case .success(var response):
            noted(&response.notes)
            return response
        case .failure(let error):
            var notes = error.notes
            noted(&notes)
            throw error.with(notes: notes)
        }
    }

    /// Whether `error` is one the middleware retries: a transport error of a retryable kind.
    private func retries(_ error: CourierError) -> Bool {
        // A certificate that is not trusted stays untrusted: never retried, even when listed.
        error.stage == .transport && retryableErrors.contains(error.kind) && !error.kind.isTLSTrustFailure
    }

    /// Whether `response` is the origin's own answer: no ``HTTPCacheMiddleware`` after this one
    /// answered it from storage or made it.
    static func cameFromTheOrigin(_ response: RawResponse) -> Bool {
        guard let outcome = response.cacheOutcome else { return true }
        return outcome == .miss || outcome == .bypassed
    }

    /// The wait a 413, 429 or 503 asks for with a valid `Retry-After`, if any: the statuses whose
    /// `Retry-After` says when to try again (RFC 9110 §15.5.14, §15.6.4; RFC 6585 §4).
    static func retryAfter(in response: RawResponse) -> Duration? {
        guard [413, 429, 503].contains(response.status.code),
            let value = response.headers[.retryAfter], let retryAfter = RetryAfter(value)
        else { return nil }
        let serverNow = response.headers[.date].flatMap(HTTPDate.parse)
        return retryAfter.delay(from: serverNow ?? Date())
    }

    private func wait(_ delay: Duration, request: EndpointRequest) async throws(CourierError) {
        do {
            if delay > .zero {
                try await clock.sleep(for: delay)
            } else {
                try Task.checkCancellation()
            }
        } catch {
            throw CourierError(
                stage: .middleware, kind: .cancelled,
                message: "The request was cancelled while waiting to retry.", request: request,
                underlying: error
            )
        }
    }
}
