import Foundation

/// Folds declared parts into a validated ``EndpointRequest``, failing on the first problem.
enum RequestAssembly {
    static func build(_ parts: [RequestPart], defaultEncoder: JSONEncoder) throws(CourierError)
        -> EndpointRequest
    {
        var methods: [MethodToken] = []
        var segments: [String] = []
        var query: [QueryItem] = []
        var headers = HeaderFields()
        var bodies: [BodySource] = []
        var timeouts: [Duration] = []

        for part in parts {
            switch part {
            case .method(let token): methods.append(token)
            case .pathSegment(let segment):
                try RequestValidation.validate(pathSegment: segment)
                segments.append(segment)
            case .query(let name, let value): query.append(QueryItem(name: name, value: value))
            case .header(let name, let value, let isSecret):
                let field = HeaderField(
                    name: try RequestValidation.headerName(name), value: value, isSecret: isSecret)
                try RequestValidation.validate(header: field)
                headers.append(field)
            case .body(let source): bodies.append(source)
            case .timeout(let duration): timeouts.append(duration)
            }
        }

        let method = try resolveMethod(methods)
        let timeout = try resolveTimeout(timeouts)
        let body = try resolveBody(bodies, method: method, encoder: defaultEncoder)
        if let body, !headers.contains(.contentType) {
            headers.append(HeaderField(name: .contentType, value: body.contentType.rawValue))
        }
        return EndpointRequest(
            method: method, pathSegments: segments, query: query, headers: headers, body: body,
            timeout: timeout
        )
    }

    private static func resolveMethod(_ methods: [MethodToken]) throws(CourierError) -> HTTPMethod {
        guard methods.count == 1, let token = methods.first else {
            throw CourierError(
                stage: .building, kind: .methodCount,
                message: "An endpoint declares exactly one Method; this one declares \(methods.count)."
            )
        }
        switch token {
        case .known(let method):
            return method
        case .unchecked(let text):
            guard let method = HTTPMethod(validating: text) else {
                throw CourierError(
                    stage: .building, kind: .invalidMethod,
                    message: "The method \(text.debugDescription) is not a valid RFC 9110 token."
                )
            }
            return method
        }
    }

    private static func resolveTimeout(_ timeouts: [Duration]) throws(CourierError) -> Duration? {
        guard timeouts.count <= 1 else {
            throw CourierError(
                stage: .building, kind: .invalidTimeout,
                message: "An endpoint declares at most one Timeout; this one declares \(timeouts.count)."
            )
        }
        if let timeout = timeouts.first, timeout <= .zero {
            throw CourierError(
                stage: .building, kind: .invalidTimeout, message: "The timeout \(timeout) is not positive."
            )
        }
        return timeouts.first
    }

    private static func resolveBody(
        _ bodies: [BodySource], method: HTTPMethod, encoder: JSONEncoder
    ) throws(CourierError) -> RequestBody? {
        guard bodies.count <= 1 else {
            throw CourierError(
                stage: .building, kind: .multipleBodies,
                message: "An endpoint declares at most one Body; this one declares \(bodies.count)."
            )
        }
        guard let source = bodies.first else { return nil }
        if method.forbidsBody {
            throw CourierError(
                stage: .building, kind: .bodyNotAllowed,
                message: "A \(method) request cannot have a body."
            )
        }
        switch source {
        case .bytes(let data, let type):
            return RequestBody(data: data, contentType: type)
        case .json(let payload):
            do {
                return RequestBody(data: try payload.encode(defaultEncoder: encoder), contentType: .json)
            } catch {
                throw CourierError(
                    stage: .building, kind: .bodyEncodingFailed,
                    message: "The JSON body of type \(type(of: payload.value)) could not be encoded.",
                    underlying: error
                )
            }
        }
    }
}
