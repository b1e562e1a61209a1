import Foundation

extension EndpointResponse {
    /// Turns a raw response into the endpoint's result: `success` for a 2xx status, the
    /// documented `Failure` when the body decodes as one, else an `undocumentedStatus` error.
    static func decoding(
        _ raw: RawResponse, request: EndpointRequest, decoder: JSONDecoder,
        success: (RawResponse) throws(CourierError) -> Success
    ) throws(CourierError) -> EndpointResponse {
        if raw.status.isSuccess {
            return EndpointResponse(
                status: raw.status, headers: raw.headers, body: raw.body, url: raw.url,
                result: .success(try success(raw)), httpVersion: raw.httpVersion,
                cacheOutcome: raw.cacheOutcome)
        }
        return try documentedFailure(raw, request: request, decoder: decoder)
    }

    /// The response for a non-2xx `raw`: the documented `Failure` when the body decodes as one,
    /// else an error: `notModified` for a 304, `preconditionFailed` for a 412,
    /// `preconditionRequired` for a 428, `undocumentedStatus` for any other status. The `504` a
    /// cache made for a cache-only call is `notCached`, whatever the endpoint documents: no server
    /// answered it.
    static func documentedFailure(
        _ raw: RawResponse, request: EndpointRequest, decoder: JSONDecoder
    ) throws(CourierError) -> EndpointResponse {
        let url = raw.url
        if raw.cacheOutcome == .unsatisfiable { throw .notCached(raw, request: request, stage: .status) }
        let (failure, decodingError) = ResponseDecoding.documentedFailure(
            Failure.self, from: raw, to: request, decoder: decoder)
        if let failure {
            return EndpointResponse(
                status: raw.status, headers: raw.headers, body: raw.body, url: url, result: .failure(failure),
                httpVersion: raw.httpVersion, cacheOutcome: raw.cacheOutcome)
        }
        let kind: CourierError.Kind =
            switch raw.status.code {
            case 304: .notModified
            case 412: .preconditionFailed
            case 428: .preconditionRequired
            default: .undocumentedStatus
            }
        // A status documented with a model whose decoding failed is named with that model.
        let model = ResponseDecoding.documentedModelName(Failure.self, for: raw.status)
        var message =
            (decodingError == nil ? nil : model).map {
                "The server answered \(raw.status), which the endpoint documents with \($0) (in \(Failure.self))"
            } ?? "The server answered \(raw.status), which the endpoint does not document"
        switch kind {
        case .notModified: message += ": the copy the request's validators name is current"
        case .preconditionFailed: message += ": a condition of the request no longer holds"
        case .preconditionRequired: message += ": it changes this resource only under a condition"
        default: break
        }
        if let decodingError = decodingError as? DecodingError {
            message +=
                "; the body did not decode as \(model ?? "\(Failure.self)"): "
                + CourierError.describe(decodingError)
            if message.hasSuffix(".") { message.removeLast() }
        }
        let secrets = LogRedaction().secrets(of: request, answeredBy: raw)
        let body = raw.body.isEmpty ? nil : BodySnippet.redacted(raw.body, hiding: secrets)
        throw CourierError(
            stage: .status, kind: kind, statement: message + ".", request: request, url: url,
            response: raw, underlying: decodingError, notes: raw.notes, bodySnippet: body)
    }
}
