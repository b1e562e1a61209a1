import Foundation

extension CatalogEndpoint {
    /// Recognises `request` as this endpoint and returns the value that would have built it.
    ///
    /// The method, the fixed path segments and fixed query values must match; parameters are
    /// read from their path segment, query item (first of that name), header field (any case),
    /// body, or multipart part (first of that name), and decoded into the model. Query items,
    /// header fields and parts the endpoint does not declare are ignored, and so are fixed
    /// headers such as `Accept`; a fixed part must be there with its content. A multipart body
    /// that ends before its closing boundary does not match. A value outside a
    /// ``SchemaConstraint`` of the endpoint (or of a model in its body) does not match either:
    /// the mismatch lists each in ``EndpointMismatch/violations``.
    ///
    /// - Throws: ``EndpointMismatch`` with every reason the request is not this endpoint.
    public static func parse(_ request: IncomingRequest) throws(EndpointMismatch) -> Self {
        switch EndpointReadings.reading(for: Self.self) {
        case .success(let reading):
            return try parse(request, reading: reading)
        case .failure(let error):
            throw EndpointMismatch(template: "\(Self.self)", reasons: [error.message])
        }
    }

    /// Parses with the reading found earlier (a ``Catalog`` finds it once).
    static func parse(_ request: IncomingRequest, reading: EndpointReadings.Reading)
        throws(EndpointMismatch) -> Self
    {
        switch reading.constraints {
        case .success(let constraints):
            return try parse(
                request, shape: reading.shape, formEncoding: reading.formEncoding, constraints: constraints)
        case .failure(let error):
            throw EndpointMismatch(template: reading.shape.description, reasons: [error.message])
        }
    }

    /// Parses with a shape and form encoding found earlier, checking `constraints` (none while
    /// the shape is checked with probe values).
    static func parse(
        _ request: IncomingRequest, shape: EndpointShape, formEncoding: FormEncoding,
        constraints: ConstraintRules = .none
    ) throws(EndpointMismatch) -> Self {
        let values: [String: ParameterDecoder.Source]
        do throws(EndpointMismatch) {
            values = try RequestMatching.values(of: request, for: shape, formEncoding: formEncoding)
        } catch {
            throw pathChecked(error, request, shape)
        }
        let decoder = ParameterDecoder(values: values, constraints: constraints)
        let value: Self
        do {
            value = try Self(from: decoder)
        } catch {
            // A path parameter that does not decode (`/todos/first` for an `Int`) is another path.
            let key = decoder.failedKeys.keys.first
            let inPath = key != nil && shape.path.contains { $0.parameter == key }
            let mismatch = EndpointMismatch(
                template: shape.description,
                reasons: [
                    "its parameters do not decode as \(Self.self) "
                        + "(\(key.map { "\($0): " } ?? "")\(DecodingFailureReason.describe(error, key: key)))"
                ],
                closeness: inPath ? .otherPath : .sameRoute, shape: shape)
            throw pathChecked(mismatch, request, shape)
        }
        let violations = decoder.violations.found
        guard violations.isEmpty else {
            let omitted = decoder.violations.omitted
            throw EndpointMismatch(
                template: shape.description,
                reasons: violations.map(\.description)
                    + (omitted > 0 ? ["and \(omitted) more values outside their constraints"] : []),
                closeness: .sameRoute, shape: shape, violations: violations)
        }
        return value
    }

    /// `mismatch`, or another path when the literal path fits but a path parameter does not
    /// decode (`GET /todos/first` is not the path of `DELETE /todos/{id}` for an `Int` id).
    private static func pathChecked(
        _ mismatch: EndpointMismatch, _ request: IncomingRequest, _ shape: EndpointShape
    )
        -> EndpointMismatch
    {
        guard mismatch.closeness != .otherPath, let segments = request.pathSegments else { return mismatch }
        var values: [String: ParameterDecoder.Source] = [:]
        for case (let segment, .parameter(let key, let prefix, let suffix)) in zip(segments, shape.path) {
            values[key] = RequestMatching.value(in: segment, prefix: prefix, suffix: suffix).map { .text($0) }
        }
        let decoder = ParameterDecoder(values: values, fillsGapsWithProbes: true)
        do {
            _ = try Self(from: decoder)
            return mismatch
        } catch {
            guard let key = decoder.failedKeys.keys.first(where: { values[$0] != nil }) else {
                return mismatch
            }
            return EndpointMismatch(
                template: mismatch.template,
                reasons: mismatch.reasons + [
                    "the path segment of \(key) does not decode (\(DecodingFailureReason.describe(error, key: key)))"
                ],
                closeness: .otherPath, shape: shape, violations: mismatch.violations,
                unsupportedContent: mismatch.unsupportedContent)
        }
    }
}
