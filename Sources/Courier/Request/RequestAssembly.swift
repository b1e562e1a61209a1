import Foundation

/// Folds declared parts into a validated ``EndpointRequest``, failing on the first problem.
enum RequestAssembly {
    static func build(
        _ parts: [RequestPart], defaultEncoder: JSONEncoder, formEncoding defaultFormEncoding: FormEncoding
    ) throws(CourierError) -> EndpointRequest {
        // The first method and body, and how many there are: one is the rule.
        var method: MethodToken?
        var methodCount = 0
        var bodySource: BodySource?
        var bodyCount = 0
        var segments: [String] = []
        var pathSecrets: [String] = []
        // The segments with each secret value marked, from the first secret declared on.
        var redactedSegments: [String]?
        // A path that ends with a slash ends with an empty segment, as RFC 3986 reads it.
        var endsWithSlash = false
        // Query items in order. Text needs no encoding, so it goes straight in; from the first
        // value the endpoint's FormEncoding writes, declarations wait until it is known (it may
        // be declared after them).
        var items: [QueryItem] = []
        var encodedQueries: [(QueryDeclaration, isSecret: Bool)] = []
        var headers = HeaderFields()
        var cookies: [(name: String, value: String)] = []
        var timeouts: [Timeout] = []
        var formEncodings: [FormEncoding] = []
        var declaresIdempotent = false
        var validations: [ResponseValidation] = []
        var successStatuses: [HTTPStatus] = []
        var absoluteURLs: [(URL, sendsSecrets: Bool)] = []

        for part in parts {
            switch part {
            case .method(let token):
                method = method ?? token
                methodCount += 1
            case .path(let pathSegments, let display):
                for segment in pathSegments {
                    try RequestRules.validate(pathSegment: segment)
                }
                if !pathSegments.isEmpty {
                    if display.redactedSegments != nil, redactedSegments == nil {
                        redactedSegments = segments
                    }
                    redactedSegments? += display.redactedSegments ?? pathSegments
                    segments += pathSegments
                    endsWithSlash = display.endsWithSlash
                }
                pathSecrets += display.secrets
            case .query(.text(let name, let value), let isSecret) where encodedQueries.isEmpty:
                items.append(QueryItem(name: name, value: value, isSecret: isSecret))
            case .query(let declaration, let isSecret): encodedQueries.append((declaration, isSecret))
            case .header(let name, let value, let isSecret):
                try RequestRules.add(HeaderField(name: name, value: value, isSecret: isSecret), to: &headers)
            case .cookie(let name, let value): cookies.append((name, value))
            case .body(let source):
                bodySource = bodySource ?? source
                bodyCount += 1
            case .timeout(let timeout): timeouts.append(timeout)
            case .formEncoding(let encoding): formEncodings.append(encoding)
            case .idempotent: declaresIdempotent = true
            case .validation(let validation): validations.append(validation)
            case .invalid(let error): throw error
            case .successStatus(let status): successStatuses.append(status)
            case .absoluteURL(let url, let sendsSecrets): absoluteURLs.append((url, sendsSecrets))
            }
        }

        if !cookies.isEmpty {
            try addCookies(cookies, to: &headers)
        }
        let resolvedMethod = try resolveMethod(method, count: methodCount)
        let timeout = try resolveTimeout(timeouts)
        guard validations.count <= 1 else {
            throw CourierError(
                stage: .building, kind: .multipleValidations,
                message:
                    "An endpoint declares at most one ResponseValidation; this one declares \(validations.count)."
            )
        }
        let successStatus = try resolveSuccessStatus(successStatuses)
        let formEncoding = try resolveFormEncoding(formEncodings) ?? defaultFormEncoding
        if !encodedQueries.isEmpty {
            try resolveQuery(encodedQueries, encoding: formEncoding, into: &items)
        }
        let body =
            try bodySource.map { source throws(CourierError) in
                try resolveBody(
                    source, count: bodyCount, method: resolvedMethod,
                    encoders: BodyEncoders(
                        json: defaultEncoder, form: formEncoding,
                        declaredContentType: headers[.contentType].flatMap(MediaType.init(headerValue:))))
            }
        if let body, body.contentType.isMultipart, let declared = headers[.contentType],
            MediaType(headerValue: declared)?.parameter("boundary") != body.contentType.parameter("boundary")
        {
            throw CourierError(
                stage: .building, kind: .bodyEncodingFailed,
                message:
                    "A Content-Type header next to a multipart body must carry the body's boundary; "
                    + "leave the header out and the body sets it."
            )
        }
        if let body, !headers.contains(.contentType) {
            headers.append(HeaderField(name: .contentType, value: body.contentType.rawValue))
        }
        var request = EndpointRequest(
            method: resolvedMethod, pathSegments: endsWithSlash ? segments + [""] : segments, query: items,
            headers: headers, body: body,
            timeout: timeout ?? Timeout(), declaresIdempotent: declaresIdempotent,
            validation: validations.first, successStatus: successStatus
        )
        if let redactedSegments {
            request.secretPath = EndpointRequest.SecretPath(
                values: pathSecrets,
                markedSegments: endsWithSlash ? redactedSegments + [""] : redactedSegments)
        }
        if !absoluteURLs.isEmpty {
            request.absoluteTarget = try resolveAbsoluteURL(absoluteURLs)
        }
        return request
    }

    /// Folds the declared cookies into the one `Cookie` header (RFC 6265bis §5.8.3): after the
    /// pairs of the `Cookie` header declared as such, else in a header of their own.
    private static func addCookies(
        _ cookies: [(name: String, value: String)], to headers: inout HeaderFields
    ) throws(CourierError) {
        let declared = headers.values(for: .cookie)
        let value = (declared + [try Cookie.headerValue(cookies)]).joined(separator: "; ")
        headers.set(HeaderField(name: .cookie, value: value))
    }

    private static func resolveAbsoluteURL(_ urls: [(URL, sendsSecrets: Bool)]) throws(CourierError)
        -> AbsoluteTarget?
    {
        guard urls.count <= 1 else {
            throw CourierError(
                stage: .building, kind: .invalidBaseURL,
                message: "An endpoint declares at most one AbsoluteURL; this one declares \(urls.count).")
        }
        return try urls.first.map { (url, sendsSecrets) throws(CourierError) in
            try AbsoluteTarget(url, sendsSecretsToOtherOrigin: sendsSecrets)
        }
    }

    private static func resolveMethod(_ token: MethodToken?, count: Int) throws(CourierError) -> HTTPMethod {
        guard count == 1, let token else {
            throw CourierError(
                stage: .building, kind: .methodCount,
                message: "An endpoint declares exactly one Method; this one declares \(count)."
            )
        }
        let method: HTTPMethod
        switch token {
        case .known(let known):
            method = known
        case .unchecked(let text):
            guard let normalized = HTTPMethod(normalizing: text) else {
                throw CourierError(
                    stage: .building, kind: .invalidMethod,
                    message: "The method \(text.debugDescription) is not a valid RFC 9110 token."
                )
            }
            method = normalized
        }
        // CONNECT names an authority (`host:port`), not a path (RFC 9112 §3.2.3): it opens a
        // tunnel, which is a proxy's business, not an endpoint's.
        guard method.rawValue != "CONNECT" else {
            throw CourierError(
                stage: .building, kind: .invalidMethod,
                message:
                    "CONNECT opens a tunnel to a host and port, which an endpoint's path cannot name; "
                    + "Courier does not send it (a proxy is a transport's setting).")
        }
        return method
    }

    private static func resolveTimeout(_ timeouts: [Timeout]) throws(CourierError) -> Timeout? {
        guard timeouts.count <= 1 else {
            throw CourierError(
                stage: .building, kind: .invalidTimeout,
                message: "An endpoint declares at most one Timeout; this one declares \(timeouts.count)."
            )
        }
        guard let timeout = timeouts.first else { return nil }
        try validate(timeout)
        return timeout
    }

    /// Rejects a limit that is not positive.
    static func validate(_ timeout: Timeout) throws(CourierError) {
        for (name, duration) in [
            ("total", timeout.total), ("connect", timeout.connect), ("idle", timeout.idle),
        ] {
            if let duration, duration <= .zero {
                throw CourierError(
                    stage: .building, kind: .invalidTimeout,
                    message: "The \(name) timeout \(duration) is not positive."
                )
            }
        }
    }

    private static func resolveSuccessStatus(_ statuses: [HTTPStatus]) throws(CourierError) -> HTTPStatus? {
        guard statuses.count <= 1 else {
            throw CourierError(
                stage: .building, kind: .invalidSuccessStatus,
                message:
                    "An endpoint declares at most one SuccessStatus; this one declares \(statuses.count)."
            )
        }
        if let status = statuses.first, !status.isSuccess {
            throw CourierError(
                stage: .building, kind: .invalidSuccessStatus,
                message:
                    "The SuccessStatus \(status) is not a 2xx status; declare failures in the Failure type."
            )
        }
        return statuses.first
    }

    private static func resolveFormEncoding(_ encodings: [FormEncoding]) throws(CourierError)
        -> FormEncoding?
    {
        guard encodings.count <= 1 else {
            throw CourierError(
                stage: .building, kind: .formEncodingFailed,
                message:
                    "An endpoint declares at most one FormEncoding; this one declares \(encodings.count)."
            )
        }
        return encodings.first
    }

    /// Appends the items of `declarations`, written by `encoding`, to `items`.
    private static func resolveQuery(
        _ declarations: [(QueryDeclaration, isSecret: Bool)], encoding: FormEncoding,
        into items: inout [QueryItem]
    ) throws(CourierError) {
        for (declaration, isSecret) in declarations {
            do throws(FormEncodingError) {
                switch declaration {
                case .text(let name, let value):
                    items.append(QueryItem(name: name, value: value, isSecret: isSecret))
                case .named(let name, let value):
                    let encoded = try value.queryItems(named: name, by: encoding)
                    items +=
                        isSecret
                        ? encoded.map { QueryItem(name: $0.name, value: $0.value, isSecret: true) } : encoded
                case .whole(let value):
                    items += try value.queryItems(by: encoding)
                }
            } catch {
                throw CourierError(
                    stage: .building, kind: .formEncodingFailed,
                    message: "The query could not be encoded: \(error)", underlying: error
                )
            }
        }
    }

    /// The first of `count` declared bodies, encoded; more than one is an error.
    private static func resolveBody(
        _ source: BodySource, count: Int, method: HTTPMethod, encoders: BodyEncoders
    ) throws(CourierError) -> RequestBody {
        guard count <= 1 else {
            throw CourierError(
                stage: .building, kind: .multipleBodies,
                message: "An endpoint declares at most one Body; this one declares \(count)."
            )
        }
        if method.forbidsBody {
            throw CourierError(
                stage: .building, kind: .bodyNotAllowed,
                message: "A \(method) request cannot have a body."
            )
        }
        return try encoders.body(for: source)
    }
}
