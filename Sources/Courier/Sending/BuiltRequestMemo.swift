import Foundation

/// The request a client last built from a fixed declaration, the request it last prepared from
/// one for sending, and the URL it last resolved, so that sending a stored endpoint (a
/// `static let`) again does not build, prepare or resolve it again.
///
/// A memo of pure functions, not state: a hit returns what building would return.
/// - A request is remembered only when every part builds the same way each time
///   (``RequestPart/buildsAlike``: no `Encodable` value of the caller's, no file, no random
///   boundary), and found again only for the very same parts: the same array storage, which the
///   memo keeps alive, so its address cannot belong to other parts. The client's encoder and form
///   encoding are fixed for its life.
/// - A prepared request (the built one with the client's defaults, timeouts and the endpoint
///   type's template applied) is found again, for a send without call options, only for the very
///   same parts and the very same storage of the defaults' headers and query, kept alive the same
///   way, so any change to the defaults misses; and for the same template and streaming. Call
///   options apply after the memo, each send.
/// - A URL is found again for the same base and the very same path and query storage (which the
///   memo keeps alive, as for parts), or else for the same text, which `URL(string:)` parses the
///   same way. The first check costs a comparison of the base; the second, writing the text.
/// - Nothing secret is remembered: not a request with a secret or sensitive-by-default header or
///   query item, nor a prepared request whose defaults hold one (even one the endpoint
///   overrides), nor the URL text of a request with a secret query value, so a client does not
///   keep a credential alive after the call that sent it or after the defaults drop it.
/// - An entry replaced is released after the lock is given back, not inside it.
///
/// Measured on issue 13's B2 send (callgrind), against a bare 1 KB decode of about 128k
/// instructions: building the request cost 4.6k instructions, parsing the URL 3.7k, and applying
/// the defaults, timeouts and template to a built request about 1.1k.
struct BuiltRequestMemo: Sendable {
    private struct Entries: Sendable {
        var request: (parts: [RequestPart], request: EndpointRequest)?
        var prepared: PreparedRequest?
        var url: RememberedURL?
        /// How many requests were found again (for tests).
        var requestHits = 0
        /// How many prepared requests were found again (for tests).
        var preparedHits = 0
        /// How many URLs were found again by their request's storage, and by their text (for tests).
        var urlHits = (byStorage: 0, byText: 0)
    }

    /// A request prepared for sending, with what it was prepared from.
    private struct PreparedRequest: Sendable {
        /// The declaration's parts, and the client's defaults, whose storage identifies them.
        let parts: [RequestPart]
        let headers: HeaderFields
        let query: [QueryItem]
        /// What the endpoint's type added.
        let template: String?
        let streamsResponse: Bool
        let request: EndpointRequest
    }

    /// A resolved URL, with what it was resolved from.
    private struct RememberedURL: Sendable {
        /// The base the request was resolved against.
        let base: BaseURL
        /// The request's path segments and query, whose storage identifies them.
        let pathSegments: [String]
        let query: [QueryItem]
        /// The text ``BaseURL/text(for:)`` wrote, and the URL parsed from it.
        let text: String
        let url: URL
    }

    private let entries = LockedValue(Entries())

    /// The largest in-memory body a remembered request may hold, in bytes: the memo holds the
    /// last request until the next one, so an upload's bytes must not outlive its call.
    static let largestRememberedBody = 16 * 1024

    /// The request `build` returns for `parts`: the remembered one when `parts` is the storage it
    /// was built from.
    func request(
        for parts: [RequestPart], build: () throws(CourierError) -> EndpointRequest
    ) throws(CourierError) -> EndpointRequest {
        let remembered = entries.withLock { entries -> EndpointRequest? in
            guard let entry = entries.request, Self.isSameStorage(entry.parts, parts) else { return nil }
            entries.requestHits += 1
            return entry.request
        }
        if let remembered { return remembered }
        let request = try build()
        if parts.allSatisfy(\.buildsAlike) && !request.carriesSecret {
            let replaced = entries.withLock { entries in
                defer { entries.request = (parts, request) }
                return entries.request
            }
            // The replaced request is released here, after the lock is given back.
            withExtendedLifetime(replaced) {}
        }
        return request
    }

    /// The request `prepare` returns for `parts`, the client's `defaults` (a
    /// ``ClientDefaults/current`` value) and an endpoint type's `facts`, for a send without call
    /// options: the remembered one when `parts` and both defaults are the storage it was prepared
    /// from, for the same facts. The client's configuration is fixed for its life.
    ///
    /// A prepared request is remembered by the rule of ``request(for:build:)``, and only when no
    /// default header or query item is secret or sensitive by default: the entry holds the
    /// defaults' arrays as its key, so a secret default, even one the endpoint overrides with a
    /// value of its own, would outlive its removal from the defaults here.
    func prepared(
        for parts: [RequestPart], defaults: ClientDefaults.Values,
        facts: EndpointTypeFacts,
        prepare: () throws(CourierError) -> EndpointRequest
    ) throws(CourierError) -> EndpointRequest {
        let remembered = entries.withLock { entries -> EndpointRequest? in
            guard let entry = entries.prepared, Self.isSameStorage(entry.parts, parts),
                Self.isSameStorage(entry.headers.fields, defaults.headers.fields),
                Self.isSameStorage(entry.query, defaults.query), entry.template == facts.template,
                entry.streamsResponse == facts.streamsResponse
            else { return nil }
            entries.preparedHits += 1
            return entry.request
        }
        if let remembered { return remembered }
        let request = try prepare()
        if parts.allSatisfy(\.buildsAlike) && !request.carriesSecret
            && !defaults.headers.contains(where: \.isSensitive)
            && !defaults.query.contains(where: \.isSensitive)
        {
            let prepared = PreparedRequest(
                parts: parts, headers: defaults.headers, query: defaults.query, template: facts.template,
                streamsResponse: facts.streamsResponse, request: request)
            let replaced = entries.withLock { entries in
                defer { entries.prepared = prepared }
                return entries.prepared
            }
            // The replaced request is released here, after the lock is given back.
            withExtendedLifetime(replaced) {}
        }
        return request
    }

    /// How many prepared requests this memo found again (for tests).
    var preparedHits: Int { entries.withLock { $0.preparedHits } }

    /// How many requests this memo found again instead of building them.
    var requestHits: Int { entries.withLock { $0.requestHits } }

    /// The URL `base` resolves `request` to, or `nil` when its text does not parse: the remembered
    /// one when the request's path and query are the storage it was resolved from against the
    /// same base, or when their text is the same.
    ///
    /// Nothing is remembered or found for a request with an absolute target, whose URL does not
    /// follow from its path and query (a ``CallOptions/url`` call has the empty path and query a
    /// root endpoint has), nor remembered for a request with a secret query value.
    func url(for request: EndpointRequest, against base: BaseURL) -> URL? {
        guard request.absoluteTarget == nil else { return URL(string: base.text(for: request)) }
        let remembered = entries.withLock { entries -> URL? in
            guard let entry = entries.url, Self.isSameStorage(entry.pathSegments, request.pathSegments),
                Self.isSameStorage(entry.query, request.query), entry.base == base
            else { return nil }
            entries.urlHits.byStorage += 1
            return entry.url
        }
        if let remembered { return remembered }
        let text = base.text(for: request)
        guard !request.hasSecretQuery else { return URL(string: text) }
        let sameText = entries.withLock { entries in
            guard let entry = entries.url, entry.text == text else { return nil as URL? }
            entries.urlHits.byText += 1
            return entry.url
        }
        guard let url = sameText ?? URL(string: text) else { return nil }
        let replaced = entries.withLock { entries in
            defer {
                entries.url = RememberedURL(
                    base: base, pathSegments: request.pathSegments, query: request.query, text: text, url: url
                )
            }
            return entries.url
        }
        // The replaced URL is released here, after the lock is given back.
        withExtendedLifetime(replaced) {}
        return url
    }

    /// How many URLs this memo found again instead of parsing them, by their request's storage and
    /// by their text (for tests).
    var urlHits: (byStorage: Int, byText: Int) { entries.withLock { $0.urlHits } }

    /// The URL text remembered now (for tests).
    var rememberedURLText: String? { entries.withLock { $0.url?.text } }

    /// Whether two arrays are one storage (so equal element for element).
    static func isSameStorage<Element>(_ first: [Element], _ second: [Element]) -> Bool {
        first.count == second.count
            && first.withUnsafeBufferPointer { firstBuffer in
                second.withUnsafeBufferPointer { $0.baseAddress == firstBuffer.baseAddress }
            }
    }
}

extension EndpointRequest {
    /// Whether a header or query item of this request is secret, by declaration or by name
    /// (``HeaderField/isSensitive``, ``QueryItem/isSensitive``).
    var carriesSecret: Bool {
        headers.contains(where: \.isSensitive) || hasSecretQuery
    }

    /// Whether a query item of this request is secret, by declaration or by name.
    var hasSecretQuery: Bool {
        query.contains(where: \.isSensitive)
    }
}

extension RequestPart {
    /// Whether the part builds into the same request every time: plain values only, never an
    /// `Encodable` value's own code, a file's length or a fresh multipart boundary.
    var buildsAlike: Bool {
        switch self {
        case .method, .path, .header, .timeout, .formEncoding, .idempotent, .validation, .successStatus:
            true
        case .query(let declaration, _):
            if case .text = declaration { true } else { false }
        case .body(let source):
            switch source {
            // The memo keeps the last request alive for the client's life: never a large body.
            case .bytes(let data, _): data.count <= BuiltRequestMemo.largestRememberedBody
            case .text(let text, _): text.utf8.count <= BuiltRequestMemo.largestRememberedBody
            case .form(.items): true
            case .json, .form(.value), .file, .multipart, .stream: false
            }
        case .invalid, .absoluteURL:
            false
        }
    }
}
