import Foundation

extension EndpointMismatch {
    /// The answer to a request that is not any endpoint of a catalog: a ``ProblemDetails`` body
    /// (`application/problem+json`) whose `detail` is this mismatch's sentence, with the status
    /// its ``closeness`` says. A 404 names an endpoint only when the path fits its template (a
    /// path parameter did not decode); for any other path the detail says only that no endpoint
    /// has it, so that a 404 never lists the catalog's endpoints.
    ///
    /// ```swift
    /// do {
    ///     endpoint = try catalog.match(incoming)
    /// } catch {
    ///     return error.answer(to: incoming)   // 404, 405 with Allow, 401, 415 or 400
    /// }
    /// ```
    ///
    /// 404 for another path, 405 with an `Allow` header for another method (its detail names only
    /// the method and those the path allows), 401 with
    /// `WWW-Authenticate` when the request lacks the credentials the endpoint needs (its
    /// `Authorization` header, or its API key's header or query item), 415 with
    /// `Accept-Encoding: identity` and an `Accept` naming the media type the endpoint reads for a
    /// body it cannot read at all (another media type, another charset than it declares, a
    /// content coding), and 400 for the rest. A 400 for
    /// values outside the endpoint's constraints also lists them as RFC 9457's `invalid-params`,
    /// each with its `name` and `reason`. A catalog's OpenAPI document lists these answers.
    public func answer(to request: IncomingRequest) -> CatalogAnswer {
        var headers: HeaderFields = []
        let status: HTTPStatus
        var detail = description
        switch closeness {
        case .otherPath:
            status = .notFound
            // Only a path that fits an endpoint's template names that endpoint: the nearest one
            // to any other path would list the catalog's endpoints to whoever asks.
            if !MismatchAnswers.fitsTemplate(request, shape) {
                detail = "No endpoint has this path."
            }
        case .otherMethod:
            status = 405
            let allowed = allowedMethods.map(\.rawValue).joined(separator: ", ")
            headers.append(HeaderField(name: HeaderName("Allow"), value: allowed))
            // Only the method is the client's fault: what the request lacks for an endpoint of
            // another method is not what it asked.
            detail = "This path does not allow \(request.method.rawValue); it allows \(allowed)."
        case .sameRoute:
            if let credentials = MismatchAnswers.requiredCredentials(shape),
                !credentials.isCarried(by: request)
            {
                status = .unauthorized
                headers.append(
                    HeaderField(name: HeaderName("WWW-Authenticate"), value: credentials.challenge))
            } else if unsupportedContent {
                status = 415
                // The one content coding a catalog reads (RFC 9110 §12.5.3), and the media type
                // the endpoint reads (§15.5.16).
                headers.append(HeaderField(name: .acceptEncoding, value: "identity"))
                if let body = shape?.body {
                    headers.append(HeaderField(name: .accept, value: MismatchAnswers.accepted(body)))
                }
            } else {
                status = .badRequest
            }
        }
        let problem = ProblemDetails(
            title: MismatchAnswers.title(status), status: status.code, detail: detail,
            extensions: MismatchAnswers.invalidParameters(violations))
        return CatalogAnswer(status: status, headers: headers, problem: problem)
    }
}

/// What ``EndpointMismatch/answer(to:)`` sends, for the answer and for the OpenAPI document.
enum MismatchAnswers {
    /// The credentials an endpoint requires, if any.
    static func requiredCredentials(_ shape: EndpointShape?) -> EndpointCredentials? {
        guard let credentials = EndpointCredentials(shape), credentials.isRequired else { return nil }
        return credentials
    }

    /// Whether the path of `request` fits the path of `shape` as matching reads it (as many
    /// segments, none a dot segment, each fixed one, and for each parameter a segment that is not
    /// empty with the parameter's fixed text around its value): a request for that endpoint whose
    /// path parameter does not decode.
    static func fitsTemplate(_ request: IncomingRequest, _ shape: EndpointShape?) -> Bool {
        guard let shape, let segments = request.pathSegments, segments.count == shape.path.count,
            !segments.contains(where: RequestMatching.isDotSegment)
        else { return false }
        return zip(segments, shape.path).allSatisfy { segment, part in
            switch part {
            case .literal(let text): segment == text
            case .parameter(_, let prefix, let suffix):
                RequestMatching.parameterValue(in: segment, prefix: prefix, suffix: suffix) != nil
            }
        }
    }

    /// The media type an endpoint's body is read in, for the `Accept` of a 415: its essence, with
    /// the charset the endpoint declares.
    static func accepted(_ body: EndpointShape.BodyShape) -> String {
        guard let charset = body.contentType.charset else { return body.contentType.essence }
        return "\(body.contentType.essence); charset=\(charset)"
    }

    /// The problem title of a mismatch status.
    static func title(_ status: HTTPStatus) -> String {
        switch status.code {
        case 401: "Unauthorized"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 415: "Unsupported Media Type"
        default: "Bad Request"
        }
    }

    /// `invalid-params` with each violation's name and reason, as RFC 9457's example writes
    /// them; nothing without violations.
    static func invalidParameters(_ violations: [ConstraintViolation]) -> [String: String] {
        guard !violations.isEmpty else { return [:] }
        let members = violations.map { ["name": $0.name, "reason": $0.reason] }
        guard let json = try? JSONEncoder.courierDefault().encode(members) else { return [:] }
        return ["invalid-params": String(decoding: json, as: UTF8.self)]
    }

    /// The mismatch statuses an endpoint's requests can get: 400 always, 401 when it needs
    /// credentials, 415 when it reads a body, 404 when its path has parameters (one that does not
    /// decode is another path).
    static func statuses(of shape: EndpointShape) -> [HTTPStatus] {
        var statuses: [HTTPStatus] = [.badRequest]
        if requiredCredentials(shape) != nil { statuses.append(.unauthorized) }
        if shape.body != nil { statuses.append(415) }
        if shape.path.contains(where: { $0.parameter != nil }) {
            statuses.append(.notFound)
        }
        return statuses
    }
}
