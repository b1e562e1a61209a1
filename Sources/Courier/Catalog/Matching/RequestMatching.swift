import Foundation

/// Compares a request with an ``EndpointShape`` and collects the parameter values.
enum RequestMatching {
    /// The values of the shape's parameters in `request`; `formEncoding` reads a form body
    /// and array query values.
    static func values(of request: IncomingRequest, for shape: EndpointShape, formEncoding: FormEncoding)
        throws(EndpointMismatch) -> [String: ParameterDecoder.Source]
    {
        var reasons: [String] = []
        var values: [String: ParameterDecoder.Source] = [:]
        var pathFits = true
        if request.method != shape.method {
            reasons.append("the method is \(request.method), not \(shape.method)")
        }
        if let segments = request.pathSegments {
            if segments.contains(where: isDotSegment) {
                pathFits = false
                reasons.append("the path has a dot segment (. or ..)")
            } else if segments.count != shape.path.count {
                pathFits = false
                reasons.append("the path has \(segments.count) segments, not \(shape.path.count)")
            } else {
                // A segment is named by its place, never quoted: what was sent there may be a
                // secret of another endpoint, whose path has a parameter where this one has text.
                for (index, (segment, expected)) in zip(segments, shape.path).enumerated() {
                    switch expected {
                    case .literal(let text) where text != segment:
                        pathFits = false
                        reasons.append("the path segment \(index + 1) is not \(text.debugDescription)")
                    case .parameter(let key, let prefix, let suffix):
                        if let value = parameterValue(in: segment, prefix: prefix, suffix: suffix) {
                            values[key] = .text(value)
                        } else {
                            pathFits = false
                            reasons.append(
                                "the path segment \(index + 1) is not of the form "
                                    + (prefix + "{\(key)}" + suffix).debugDescription)
                        }
                    default: break
                    }
                }
            }
        } else {
            pathFits = false
            reasons.append("the path is not valid percent-encoded UTF-8")
        }
        if let items = request.queryItems {
            for field in shape.query {
                let found = items.first { $0.name == field.name }?.value
                if field.arrayStrategy == nil, items.lazy.filter({ $0.name == field.name }).count > 1 {
                    reasons.append("the query item \(field.name) is repeated, and it holds one value")
                    continue
                }
                if let key = field.parameter, field.arrayStrategy != nil {
                    // An array reads its own pairs; none at all is an empty array.
                    values[key] = .form(items, position: .named(field.name), encoding: formEncoding)
                } else if let key = field.parameter {
                    if let found {
                        if case .text(let text)? = unwrap(
                            found, field, in: "the query item \(field.name)", &reasons)
                        {
                            values[key] = .form([], position: .text(text), encoding: formEncoding)
                        }
                    } else if field.isRequired {
                        reasons.append("the query lacks \(field.name)")
                    }
                } else if found != field.value {
                    // A secret fixed value is named, never shown, as the template shows it.
                    reasons.append(
                        "the query lacks \(field.name)"
                            + (field.isSecret ? " with its declared value" : "=\(field.value ?? "")"))
                }
            }
        } else {
            reasons.append("the query is not valid percent-encoded UTF-8")
        }
        for field in shape.headers {
            guard let key = field.parameter else { continue }
            let found = HeaderName(validating: field.name).map(request.headers.values) ?? []
            if found.count > 1 {
                // Field lines of one name are one list (RFC 9110 §5.3), and this field holds one value.
                reasons.append("the header \(field.name) is repeated, and it holds one value")
            } else if let found = found.first {
                values[key] = unwrap(
                    credentials(found, of: field), field, in: "the header \(field.name)", &reasons)
            } else if field.isRequired {
                reasons.append("the header \(field.name) is missing")
            }
        }
        if !shape.cookies.isEmpty {
            let received = DeclaredCookies(request.headers.values(for: .cookie))
            for field in shape.cookies {
                let (found, count) = received.value(named: field.name)
                if count > 1 {
                    reasons.append("the cookie \(field.name) is repeated, and it holds one value")
                } else if let key = field.parameter {
                    if let found {
                        values[key] = unwrap(found, field, in: "the cookie \(field.name)", &reasons)
                    } else if field.isRequired {
                        reasons.append("the cookie \(field.name) is missing")
                    }
                } else if found != field.value {
                    // Named, never shown: a cookie's value is a secret.
                    reasons.append("the cookie \(field.name) is missing or not its declared value")
                }
            }
        }
        let declared = request.headers[.contentType].flatMap(MediaType.init(headerValue:))
        var unsupportedContent = false
        if shape.body != nil, request.headers.values(for: .contentType).count > 1 {
            // One value only (RFC 9110 §8.3): two could frame the body in two ways.
            reasons.append("the header Content-Type is repeated, and it holds one value")
        } else if let body = shape.body, !request.body.isEmpty,
            let refusal = contentRefusal(of: request, declared: declared, for: body)
        {
            // Content the endpoint cannot read at all: 415 (RFC 9110 §15.5.16), whatever else fits.
            unsupportedContent = true
            reasons.append(refusal)
        } else if let body = shape.body, !body.parts.isEmpty {
            // A body that arrived has the endpoint's media type: `contentRefusal` found it so.
            if request.body.isEmpty {
                reasons.append("the body is missing")
            } else if let declared {
                do {
                    let received = try MultipartReading.parts(of: request.body, contentType: declared)
                    for part in body.parts { match(part, in: received, &values, &reasons) }
                } catch {
                    reasons.append("the multipart body \(error.reason)")
                }
            }
        } else if let body = shape.body, let key = body.parameter {
            // Bytes or text sent as they are come back as they were sent, JSON bytes included.
            let isForm = !body.isVerbatim && body.contentType.essence == MediaType.formURLEncoded.essence
            if request.body.isEmpty, body.isVerbatim,
                body.isRequired || declared?.essence == body.contentType.essence
            {
                // Bytes or text may be empty: an empty body is the empty value, and no body too
                // when the value is required (an optional one is left out by sending none).
                values[key] = .verbatim(Data(), isJSON: false)
            } else if request.body.isEmpty, !(isForm && declared?.essence == body.contentType.essence) {
                // A form whose values are all absent or empty arrays is an empty body, not a missing one.
                if body.isRequired { reasons.append("the body is missing") }
            } else if isForm {
                if let pairs = String(strictUTF8: request.body).flatMap({
                    IncomingRequest.pairs(Substring($0))
                }) {
                    values[key] = .form(pairs, position: .named(nil), encoding: formEncoding)
                } else {
                    reasons.append("the form body is not valid percent-encoded UTF-8")
                }
            } else if body.isVerbatim {
                // Bytes (`Body.data`) or text (`Body.text`), read as they were sent.
                values[key] = .verbatim(request.body, isJSON: body.contentType.isJSON)
            } else {
                // JSON (`Body.json`).
                values[key] = .body(request.body)
            }
        }
        guard reasons.isEmpty else {
            let closeness: EndpointMismatch.Closeness =
                !pathFits ? .otherPath : request.method != shape.method ? .otherMethod : .sameRoute
            throw EndpointMismatch(
                template: shape.description, reasons: reasons, closeness: closeness, shape: shape,
                unsupportedContent: unsupportedContent)
        }
        return values
    }

    /// Why the endpoint cannot read `request`'s body at all, or `nil`: a content coding (a
    /// catalog decodes none, RFC 9110 §8.4), another media type or none, or another charset than
    /// the one the endpoint declares (UTF-8 for JSON, RFC 8259 §8.1; US-ASCII reads as UTF-8).
    private static func contentRefusal(
        of request: IncomingRequest, declared: MediaType?, for body: EndpointShape.BodyShape
    ) -> String? {
        let codings = request.contentCodings
        if !codings.isEmpty {
            return
                "the body is coded \(codings.joined(separator: ", ")), and this endpoint reads no content coding"
        }
        guard let declared, declared.essence == body.contentType.essence else {
            return "the body is \(declared?.essence ?? "untyped"), not \(body.contentType.essence)"
        }
        guard body.parts.isEmpty, let received = declared.charset,
            let expected = body.contentType.charset ?? (body.contentType.isJSON ? "utf-8" : nil),
            !isReadable(received, as: expected)
        else { return nil }
        return "the body's charset is \(received), and this endpoint reads \(expected)"
    }

    /// Whether text in the charset `received` reads as text in `expected`: the same charset
    /// under any of its names, or US-ASCII where UTF-8 is expected.
    private static func isReadable(_ received: String, as expected: String) -> Bool {
        guard let received = Charset(name: received), let expected = Charset(name: expected) else {
            return received.lowercased() == expected.lowercased()
        }
        return received == expected || (received == .usASCII && expected == .utf8)
    }

    /// Reads one part of a multipart form: its content, file name and content type.
    private static func match(
        _ part: EndpointShape.Part, in received: [MultipartReading.Part],
        _ values: inout [String: ParameterDecoder.Source], _ reasons: inout [String]
    ) {
        let place = "the part \(part.name.debugDescription)"
        let named = received.filter { $0.name == part.name }
        guard named.count < 2 else {
            reasons.append("\(place) is repeated, and it holds one value")
            return
        }
        guard let found = named.first else {
            if part.isRequired { reasons.append("the body lacks \(place)") }
            return
        }
        if let key = part.parameter {
            if !part.isText {
                let isJSON = part.contentType.map {
                    $0.parameter == nil && MediaType(headerValue: $0.value ?? "")?.isJSON == true
                }
                values[key] = .bytes(found.content, isJSON: isJSON ?? false)
            } else if let text = String(strictUTF8: found.content) {
                values[key] = unwrap(
                    text, prefix: part.valuePrefix, suffix: part.valueSuffix, in: place, &reasons)
            } else {
                reasons.append("\(place) is not UTF-8 text")
            }
        } else if found.content != part.value {
            reasons.append("\(place) does not have the endpoint's fixed content")
        }
        for (field, value, what) in [
            (part.filename, found.filename, "file name"),
            // A part without a Content-Type is plain text (RFC 7578 §4.4); a reason says it had none.
            (
                part.contentType, found.contentType ?? "text/plain",
                found.contentType == nil ? "Content-Type (none, so text/plain)" : "Content-Type"
            ),
        ] {
            guard let field, let key = field.parameter else { continue }
            if let value {
                values[key] = unwrap(value, field, in: "the \(what) of \(place)", &reasons)
            } else if field.isRequired {
                reasons.append("\(place) has no \(what)")
            }
        }
    }

    /// The parameter's text inside `text`, without the field's fixed prefix and suffix.
    private static func unwrap(
        _ text: String, _ field: EndpointShape.Field, in place: String, _ reasons: inout [String]
    ) -> ParameterDecoder.Source? {
        unwrap(text, prefix: field.valuePrefix, suffix: field.valueSuffix, in: place, &reasons)
    }

    /// The text between a fixed prefix and suffix, as a source.
    private static func unwrap(
        _ text: String, prefix: String, suffix: String, in place: String, _ reasons: inout [String]
    ) -> ParameterDecoder.Source? {
        guard let value = value(in: text, prefix: prefix, suffix: suffix) else {
            reasons.append("\(place) is not of the form \((prefix + "…" + suffix).debugDescription)")
            return nil
        }
        return .text(value)
    }

    /// The value `text` of the header `field` as its declared prefix writes it, when the field
    /// is `Authorization` or `Proxy-Authorization` and the prefix a scheme and a space (`Bearer `):
    /// the scheme is compared without regard to case and may be followed by more than one space
    /// (RFC 9110 §11.1, §11.4), so `bearer  abc` reads as `Bearer abc`. Other text is returned as
    /// it is.
    static func credentials(_ text: String, of field: EndpointShape.Field) -> String {
        let prefix = field.valuePrefix
        guard ["authorization", "proxy-authorization"].contains(field.name.lowercased()),
            prefix.hasSuffix(" "), let space = text.firstIndex(of: " ")
        else { return text }
        let declared = prefix.dropLast()
        guard !declared.isEmpty, !declared.contains(" "),
            text[..<space].lowercased() == declared.lowercased()
        else { return text }
        return prefix + text[space...].drop { $0 == " " }
    }

    /// Whether `segment` is a dot segment, which names no resource of its own (RFC 3986 §5.2.4)
    /// and is never a value.
    static func isDotSegment(_ segment: String) -> Bool { segment == "." || segment == ".." }

    /// A path parameter's value in `segment`, between its fixed prefix and suffix; `nil` when they
    /// do not fit, or for an empty segment, which is a trailing slash, never a value (a client
    /// refuses to send an empty one).
    static func parameterValue(in segment: String, prefix: String, suffix: String) -> String? {
        segment.isEmpty ? nil : value(in: segment, prefix: prefix, suffix: suffix)
    }

    /// The text between a fixed prefix and suffix, or `nil` when `text` lacks either; compared
    /// scalar by scalar (a value that starts with a combining mark is still found after `Bearer `).
    static func value(in text: String, prefix: String, suffix: String) -> String? {
        if prefix.isEmpty, suffix.isEmpty { return text }
        let scalars = Array(text.unicodeScalars)
        let head = Array(prefix.unicodeScalars)
        let tail = Array(suffix.unicodeScalars)
        guard scalars.count >= head.count + tail.count, scalars.starts(with: head),
            scalars.reversed().starts(with: tail.reversed())
        else { return nil }
        var value = String.UnicodeScalarView()
        value.append(contentsOf: scalars[head.count..<(scalars.count - tail.count)])
        return String(value)
    }
}
