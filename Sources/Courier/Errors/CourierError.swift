import Foundation

/// The one error Courier throws: what went wrong, at which stage, with the request and response.
///
/// Documented API errors are not thrown as `CourierError`; they arrive as the `Failure` of an
/// ``EndpointResponse``. Everything else is a `CourierError`:
///
/// ```swift
/// do throws(CourierError) {
///     let response = try await client.send(API.user(42))
/// } catch {
///     print(error.stage, error.kind, error.response?.status as Any)
/// }
/// ```
///
/// The request is stored redacted: credential headers never appear in an error.
public struct CourierError: Error, CustomStringConvertible, CustomReflectable, LocalizedError {
    /// Where on the request's way the error happened.
    public enum Stage: String, Sendable, Hashable {
        /// Turning the endpoint into a request value, or resolving its URL.
        case building
        /// Inside a middleware.
        case middleware
        /// Sending the request or receiving the response.
        case transport
        /// The response status was neither a success nor a documented error, the response broke
        /// the endpoint's ``ResponseValidation`` (checked by the client when no
        /// ``ValidationMiddleware`` is installed), or a 2xx answer to an ``EventStream`` endpoint
        /// was not an event stream.
        case status
        /// The response body did not decode as the expected type.
        case decoding
    }

    /// The stage the error happened at.
    public var stage: Stage { storage.stage }
    /// What kind of failure it is.
    public var kind: Kind { storage.kind }
    /// A sentence describing the failure; never contains a secret header or body value.
    ///
    /// It ends with what middleware did on the way that the failure itself does not show (how
    /// many times a ``RetryMiddleware`` tried the request, a token refresh an
    /// ``AuthenticationMiddleware`` held back), then, for a response body that did not decode or
    /// a status the endpoint does not document, a redacted snippet of the body.
    public var message: String { storage.message }
    /// The request as sent, with secret header values and declared secret query values
    /// redacted, when one was built. An ``AbsoluteURL``'s own query is kept as it is, as in
    /// ``url``.
    public var request: EndpointRequest? { storage.request }
    /// The URL the request was sent to, when it was resolved, as sent: its query may hold a
    /// secret. Every rendering of the error (``description``, interpolation, `dump`,
    /// ``errorDescription``) hides it; reading this property is the explicit way to see it.
    public var url: URL? { storage.url }
    /// The response, when one arrived, with its status, headers and raw body.
    public var response: RawResponse? { storage.response }
    /// The underlying error, for example a `DecodingError` or a `URLError`, as the library that
    /// threw it made it: its own text may name the URL with its query (a `URLError`'s
    /// `NSErrorFailingURLKey`), which may hold a secret, or a path on the machine that built the
    /// library. Every rendering of the error shows at most its type and code; reading this property,
    /// as reading ``url``, is the explicit way to see it, so log ``message`` instead.
    public var underlying: (any Error)? { storage.underlying }

    /// The fields, in one immutable box, so that an error is one pointer wide wherever it is
    /// thrown or kept.
    private let storage: Storage

    /// ``CourierError``'s fields; immutable, so sharing one between copies is safe.
    private final class Storage: Sendable {
        let stage: Stage
        let kind: Kind
        /// What went wrong, without the notes and the body snippet.
        let statement: String
        /// What middleware did on the way, said after the statement.
        let notes: MiddlewareNotes
        /// A redacted snippet of the response body, quoted last.
        let bodySnippet: String?
        /// The statement, the notes and the body snippet, as ``CourierError/message`` reads.
        let message: String
        let request: EndpointRequest?
        let url: URL?
        let response: RawResponse?
        let underlying: (any Error)?
        /// The request's secret path values, which the renderings of ``url`` and the response's
        /// URL hide however those spell them; the stored request no longer has them.
        let pathSecrets: [String]

        init(
            stage: Stage, kind: Kind, statement: String, notes: MiddlewareNotes, bodySnippet: String?,
            request: EndpointRequest?, url: URL?, response: RawResponse?, underlying: (any Error)?,
            pathSecrets: [String]
        ) {
            self.stage = stage
            self.kind = kind
            self.statement = statement
            self.notes = notes
            self.bodySnippet = bodySnippet
            let noted = notes.appended(to: statement)
            message = bodySnippet.map { noted + " Body: " + $0 } ?? noted
            self.request = request
            self.url = url
            self.response = response
            self.underlying = underlying
            self.pathSecrets = pathSecrets
        }
    }

    /// Creates an error; the request is redacted before it is stored, and every secret value of
    /// it (``LogRedaction/redacting(_:for:)``) is hidden in `message`, which may quote a cause
    /// that echoed the request.
    public init(
        stage: Stage,
        kind: Kind,
        message: String,
        request: EndpointRequest? = nil,
        url: URL? = nil,
        response: RawResponse? = nil,
        underlying: (any Error)? = nil
    ) {
        self.init(
            stage: stage, kind: kind, statement: message, request: request, url: url, response: response,
            underlying: underlying, notes: MiddlewareNotes())
    }

    /// Creates an error as the public initializer does, whose ``message`` is `statement` followed
    /// by `notes` and then, when there is one, `bodySnippet`: a snippet of the response body as
    /// ``BodySnippet`` redacts it. The request's secrets are hidden in the statement and the
    /// snippet; the notes quote nothing to hide (``MiddlewareNotes``).
    init(
        stage: Stage, kind: Kind, statement: String, request: EndpointRequest? = nil, url: URL? = nil,
        response: RawResponse? = nil, underlying: (any Error)? = nil, notes: MiddlewareNotes,
        bodySnippet: String? = nil
    ) {
        self.init(
            stage: stage, kind: kind, statement: statement, notes: notes, bodySnippet: bodySnippet,
            request: request, url: url, response: response, underlying: underlying, pathSecrets: [])
    }

    /// Creates an error as the public initializer does, also hiding `pathSecrets` (as an earlier
    /// error of the same request kept them) in renderings of URLs.
    private init(
        stage: Stage, kind: Kind, statement: String, notes: MiddlewareNotes, bodySnippet: String?,
        request: EndpointRequest?, url: URL?, response: RawResponse?, underlying: (any Error)?,
        pathSecrets: [String]
    ) {
        let ownSecrets = request?.pathSecrets ?? []
        func redacted(_ text: String) -> String {
            request.map { LogRedaction().redacting(text, for: $0) } ?? text
        }
        storage = Storage(
            stage: stage, kind: kind, statement: redacted(statement), notes: notes,
            bodySnippet: bodySnippet.map(redacted), request: request?.redacted(),
            url: url, response: response, underlying: underlying,
            pathSecrets: Array(Set(ownSecrets + pathSecrets)))
    }

    /// A one-line description: stage, kind, message and, when known, the request line and status.
    ///
    /// The values of secret query parameters read `<redacted>`, as in a log (see
    /// ``QueryItem/isSensitive``); read ``url`` for the URL as sent.
    public var description: String {
        var text = "Courier \(stage) error (\(kind)): \(message)"
        if let request {
            text += " [\(request.method) \(shownURL ?? request.percentEncodedPath)"
            if let response { text += " → \(response.status)" }
            text += "]"
        }
        return text
    }

    /// The message with the method and path, but never the query, user info or host.
    ///
    /// `localizedDescription` reaches alerts and crash reporters, so it leaves out the parts of a
    /// URL that carry secrets (`?access_token=…`, `user:password@`):
    /// `The request took longer than its 1 s timeout. [GET /v1/users/42]`.
    public var errorDescription: String? {
        guard let request else { return message }
        let path = url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false)?.percentEncodedPath }
            .map { LogRedaction.hidingPathSecretTexts(storage.pathSecrets, in: $0) }
        var text = "\(message) [\(request.method) \(path ?? request.percentEncodedPath)"
        if let response { text += " → \(response.status)" }
        return text + "]"
    }

    /// ``url`` with the values of secret query parameters and secret path values redacted, for
    /// renderings.
    var shownURL: String? {
        url.map(shown)
    }

    /// A URL of this error's request as renderings show it: the values of secret query
    /// parameters and secret path values redacted, and those a middleware added to the request
    /// its response answers (a query item marked secret).
    private func shown(_ url: URL) -> String {
        let text = LogRedaction().url(
            url.absoluteString, alsoHiding: request.map(LogRedaction.secretQueryNames) ?? [])
        let sent = response?.sentSecrets.values() ?? []
        return LogRedaction.scrub(
            LogRedaction.hidingPathSecretTexts(storage.pathSecrets, in: text), hiding: sent)
    }

    /// Stage, kind, message, the redacted request line and headers, the redacted URL, the
    /// response's status and redacted URL, and the cause's type and code, so `dump` and
    /// reflection-based printers show no secret: not an absolute target's query, not the query of
    /// the response's URL, not the failing URL an underlying error carries.
    public var customMirror: Mirror {
        let shownRequest = request.map { "\($0.method) \($0.percentEncodedTarget)" }
        let shownResponse = response.map { response in
            "\(response.status) from " + (response.url.map(shown) ?? "(no URL)")
        }
        let shownUnderlying = underlying.map { error in
            let cause = error as NSError
            return "\(type(of: error)) (\(cause.domain) \(cause.code))"
        }
        return Mirror(
            self,
            children: [
                "stage": stage, "kind": kind, "message": message, "request": shownRequest as Any,
                "requestHeaders": request?.headers as Any, "url": shownURL as Any,
                "response": shownResponse as Any, "underlying": shownUnderlying as Any,
            ],
            displayStyle: .struct
        )
    }

    /// What went wrong, as ``message`` says it before the notes and the body snippet.
    var statement: String { storage.statement }

    /// What middleware did on the way, as ``message`` says after ``statement``.
    var notes: MiddlewareNotes { storage.notes }

    /// Returns a copy with the request and URL filled in where they were missing.
    func adding(request: EndpointRequest?, url: URL? = nil) -> CourierError {
        guard self.request == nil || (self.url == nil && url != nil) else { return self }
        return CourierError(
            stage: stage, kind: kind, statement: statement, notes: notes, bodySnippet: storage.bodySnippet,
            request: self.request ?? request, url: self.url ?? url, response: response,
            underlying: underlying, pathSecrets: storage.pathSecrets + (request?.pathSecrets ?? []))
    }

    /// Returns a copy whose ``statement`` is `statement`, followed by the same notes and body
    /// snippet.
    func with(statement: String) -> CourierError {
        with(statement: statement, notes: notes, bodySnippet: storage.bodySnippet)
    }

    /// Returns a copy whose notes are `notes`.
    func with(notes: MiddlewareNotes) -> CourierError {
        with(statement: statement, notes: notes, bodySnippet: storage.bodySnippet)
    }

    /// Returns a copy whose statement and body snippet show each of `secrets` as `<redacted>`
    /// (the notes quote nothing to hide).
    func hiding(_ secrets: [String]) -> CourierError {
        guard !secrets.isEmpty else { return self }
        return with(
            statement: LogRedaction.scrub(statement, hiding: secrets), notes: notes,
            bodySnippet: storage.bodySnippet.map { LogRedaction.scrub($0, hiding: secrets) })
    }

    /// Returns a copy whose message is made of `statement`, `notes` and `bodySnippet`.
    private func with(statement: String, notes: MiddlewareNotes, bodySnippet: String?) -> CourierError {
        CourierError(
            stage: stage, kind: kind, statement: statement, notes: notes, bodySnippet: bodySnippet,
            request: request, url: url, response: response, underlying: underlying,
            pathSecrets: storage.pathSecrets)
    }
}
