import Foundation

/// Sends an idempotent request again after a transient failure, waiting between attempts.
///
/// ```swift
/// let client = Client(
///     baseURL: BaseURL("api.example.com"),
///     middleware: [RetryMiddleware(maxRetries: 3, backoff: RetryBackoff(base: .milliseconds(200)))]
/// )
/// ```
///
/// **Which requests.** Only requests that are safe to send twice: ``EndpointRequest/isIdempotent``
/// (`GET`, `HEAD`, `OPTIONS`, `PUT`, `DELETE`, an endpoint that declares ``Idempotent``, or one
/// that carries an `Idempotency-Key` header, which is part of the request value and so identical
/// on every attempt). A `POST` or `PATCH` without one of those is sent exactly once.
///
/// **When.** After a response whose status is in ``retryableStatuses`` (408, 429, 502, 503, 504
/// by default), and after a transport-stage ``CourierError`` whose kind is in ``retryableErrors``
/// (``CourierError/Kind/connectionLost`` and ``CourierError/Kind/cannotConnect``: no response
/// arrived). Never after a cancellation, a timeout, a truncated response, or a failure to build,
/// validate or decode.
///
/// **How long to wait.** For 429 and 503, a valid `Retry-After` replaces the backoff and is
/// honoured exactly, without jitter. An HTTP date is measured against the response's `Date`
/// header when it has one, so a skewed local clock does not matter; a date in the past means at
/// once.
/// A `Retry-After` longer than ``maxRetryAfter`` is not waited for: that response is returned at
/// once. Otherwise the wait comes from the ``backoff``: full jitter, exponential, capped.
/// An unparsable `Retry-After` (a negative or fractional number, or garbage) falls back to the
/// backoff.
///
/// **Deadlines.** When the exchange has a total timeout (the endpoint's ``Timeout`` or the
/// client's `timeout`) and a wait would not end before it, the middleware does not sleep: it
/// returns the last response (or throws the last error) at once, so the caller sees the 429 or
/// 503 with its `Retry-After` instead of a timeout.
///
/// **After the last attempt** the last response is returned as it is, or the last error thrown.
/// Cancelling the task interrupts a wait at once with ``CourierError/Kind/cancelled`` at the
/// ``CourierError/Stage/middleware`` stage.
///
/// **Bodies.** Every attempt sends the same immutable ``EndpointRequest``. A ``RequestBody`` is
/// bytes in memory or regions of files that are read again for each attempt, so every body can
/// be replayed. (A file that changed length in between fails that attempt with
/// ``CourierError/Kind/bodyFileUnreadable``, which is not retried.)
///
/// Place it outside (before) ``AuthenticationMiddleware``, so every attempt is signed with the
/// current token, and inside middleware that turns statuses into errors, so it still sees the
/// 503 as a response.
public struct RetryMiddleware: Middleware {
    /// The most retries after the first attempt.
    public let maxRetries: Int
    /// The waits between attempts when the server names none.
    public let backoff: RetryBackoff
    /// Response statuses that are retried.
    public let retryableStatuses: Set<HTTPStatus>
    /// Kinds of transport-stage errors that are retried.
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
    ///   - maxRetries: The most retries after the first attempt; 2 by default (3 attempts in
    ///     all). A negative value counts as zero.
    ///   - backoff: The waits between attempts when the server names none: up to 0.5 s, 1 s,
    ///     2 s, … capped at 30 s by default.
    ///   - retryableStatuses: Response statuses that are retried; ``defaultRetryableStatuses``
    ///     by default.
    ///   - retryableErrors: Kinds of transport-stage errors that are retried;
    ///     ``defaultRetryableErrors`` by default.
    ///   - maxRetryAfter: The longest `Retry-After` waited for; 60 s by default.
    ///   - clock: The clock the waits sleep on; a `ContinuousClock` by default. Tests inject
    ///     one that records the waits instead of sleeping.
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
    public func intercept(
        _ request: EndpointRequest, baseURL: BaseURL, next: Next
    ) async throws -> RawResponse {
        guard request.isIdempotent else { return try await next(request, baseURL) }
        var retry = 0
        while true {
            let outcome: Result<RawResponse, CourierError>
            do {
                outcome = .success(try await next(request, baseURL))
            } catch {
                outcome = .failure(error)
            }
            guard retry < maxRetries, let delay = delay(beforeRetry: retry, after: outcome),
                Deadline.remaining.map({ delay < $0 }) ?? true
            else { return try outcome.get() }
            try await wait(delay, request: request)
            retry += 1
        }
    }

    /// The wait before retry `retry` after `outcome`, or `nil` when the outcome is final.
    private func delay(beforeRetry retry: Int, after outcome: Result<RawResponse, CourierError>) -> Duration?
    {
        switch outcome {
        case .success(let response):
            guard retryableStatuses.contains(response.status) else { return nil }
            guard let serverDelay = Self.retryAfter(in: response) else {
                return backoff.delay(forRetry: retry)
            }
            return serverDelay <= maxRetryAfter ? serverDelay : nil
        case .failure(let error):
            guard error.stage == .transport, retryableErrors.contains(error.kind) else { return nil }
            return backoff.delay(forRetry: retry)
        }
    }

    /// The wait a 429 or 503 asks for with a valid `Retry-After`, if any.
    static func retryAfter(in response: RawResponse) -> Duration? {
        guard response.status == .tooManyRequests || response.status == .serviceUnavailable,
            let value = response.headers[.retryAfter], let retryAfter = RetryAfter(value)
        else { return nil }
        let serverNow = response.headers["Date"].flatMap(HTTPDate.parse)
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
