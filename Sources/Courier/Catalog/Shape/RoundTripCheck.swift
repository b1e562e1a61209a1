import Foundation

/// Checks, once per endpoint, that a server reads back what the client prints: for every
/// parameter and every ``ProbeMode`` (left out, empty arrays, arrays of `""`, reserved
/// characters), the request built from the probe value parses into a value that prints the same
/// request again, and no two of those values print the same request.
///
/// A declaration that fails is refused with a sentence naming the parameter, when the
/// ``Catalog`` is made, instead of answering 400 to some of its requests.
enum RoundTripCheck {
    /// Checks every parameter in `keys` of `Model`, whose requests have `shape`.
    ///
    /// A text body a property fills (``Body/text(_:contentType:)``) in a charset other than
    /// UTF-8 is checked first; text that does not read back (any text but what that charset and
    /// UTF-8 write alike) is refused with a sentence naming the charset, since a server reads the
    /// text as UTF-8.
    static func check<Model: CatalogEndpoint>(
        _ type: Model.Type, shape: EndpointShape, formEncoding: FormEncoding, keys: [String]
    ) throws(CourierError) {
        let foreign = shape.body?.parameter.flatMap { key in
            foreignCharset(of: type).map { (key: key, charset: $0) }
        }
        for key in keys.filter({ $0 == foreign?.key }) + keys.filter({ $0 != foreign?.key }) {
            do {
                try check(key, of: type, shape: shape, formEncoding: formEncoding)
            } catch  where key == foreign?.key {
                throw ShapeInference.failure(
                    type,
                    "its text body (Body.text), from \(key), declares the charset \(foreign?.charset ?? ""), "
                        + "and a server reads the text a property fills as UTF-8 only; declare charset=utf-8 or "
                        + "no charset, or send the bytes of a Data property with Body.data")
            }
        }
    }

    /// The charset the text body (``Body/text(_:contentType:)``) of a probe value of `Model`
    /// declares, in lowercase, when it is not UTF-8; `nil` for any other body.
    private static func foreignCharset<Model: CatalogEndpoint>(of type: Model.Type) -> String? {
        guard let model = try? Model(from: ProbeDecoder(varying: nil, log: ProbeLog())) else { return nil }
        for case .body(.text(_, let contentType)) in model.endpoint.parts {
            guard let charset = contentType.charset, Charset(name: charset) != .utf8 else { return nil }
            return charset
        }
        return nil
    }

    /// Checks the parameter `key` in every ``ProbeMode``.
    private static func check<Model: CatalogEndpoint>(
        _ key: String, of type: Model.Type, shape: EndpointShape, formEncoding: FormEncoding
    ) throws(CourierError) {
        var printed: [(mode: ProbeMode, request: ShapeInference.Printed)] = []
        for mode in ProbeMode.allCases {
            let log = ProbeLog()
            let request: EndpointRequest
            do {
                let model = try Model(from: ProbeDecoder(varying: key, log: log, mode: mode))
                request = try model.endpoint.request()
            } catch let error as CourierError where error.kind == .invalidCookie && mode != .plain {
                // A value a cookie cannot carry is refused on building, before any server
                // could misread it.
                continue
            } catch let error as CourierError {
                throw ShapeInference.failure(
                    type, "\(key) cannot always be sent (\(mode.description)): \(error.message)")
            } catch {
                // The model cannot be made this way (an array type that needs elements, say).
                continue
            }
            if mode != .plain, !log.applied { continue }
            let again = try parsedAgain(type, request, key: key, mode: mode, shape, formEncoding)
            let sent = try ShapeInference.Printed(
                request, parts: ShapeInference.formParts(of: request, type))
            guard again == sent else {
                throw ShapeInference.failure(
                    type, misreading(key, mode, sent: sent, again: again, shape: shape, log: log))
            }
            if let same = printed.first(where: { $0.request == sent }) {
                throw ShapeInference.failure(
                    type,
                    "\(key) \(mode.description) and \(same.mode.description) send the same request, "
                        + "so a server cannot tell them apart")
            }
            printed.append((mode, sent))
        }
    }

    /// Why `sent` reads back as `again`, naming the property whose place differs: the varied
    /// key changes every build, but the value misread may be another property's (a password
    /// inside Basic credentials is misread whatever key varies).
    private static func misreading(
        _ key: String, _ mode: ProbeMode, sent: ShapeInference.Printed, again: ShapeInference.Printed,
        shape: EndpointShape, log: ProbeLog
    ) -> String {
        guard let misread = misread(sent, again, shape) else {
            return "\(key) \(mode.description) is read back by a server as another value"
        }
        let owner = misread.owner
        var sentence =
            owner == key
            ? "\(key) \(mode.description) is read back by a server as another value (in \(misread.place))"
            : "\(owner) is read back by a server as another value (in \(misread.place))"
        // A value printed changed (Base64 in `Header.basic`, say) has no text a server can find.
        if let printed = misread.value, let text = log.texts[owner], !text.isEmpty, !printed.contains(text) {
            sentence +=
                ": its text is not in what is sent (encoded, or changed some other way), so a server "
                + "reads all of \(misread.place) as \(owner)"
        }
        return sentence
    }

    /// The first place a property fills whose text differs between `sent` and `again`: the
    /// property, the place for a sentence, and the text sent there when it is text.
    private static func misread(
        _ sent: ShapeInference.Printed, _ again: ShapeInference.Printed, _ shape: EndpointShape
    ) -> (owner: String, place: String, value: String?)? {
        if sent.pathSegments.count == again.pathSegments.count, sent.pathSegments.count == shape.path.count {
            for index in sent.pathSegments.indices where sent.pathSegments[index] != again.pathSegments[index]
            {
                if let owner = shape.path[index].parameter {
                    return (owner, "its path segment \(index + 1)", sent.pathSegments[index])
                }
            }
        }
        for item in sent.query where !again.query.contains(item) {
            if let owner = shape.query.first(where: { $0.name == item.name })?.parameter {
                return (owner, "the query item \(item.name)", item.value)
            }
        }
        for header in sent.headers where !again.headers.contains(header) {
            let name = header.name.rawValue.lowercased()
            if let owner = shape.headers.first(where: { $0.name.lowercased() == name })?.parameter {
                return (owner, "the header \(header.name.rawValue)", header.value)
            }
        }
        // Cookies share one header, which the shape reads cookie by cookie.
        let cookies = [sent, again].map {
            DeclaredCookies($0.headers.filter { $0.name == .cookie }.map(\.value))
        }
        for field in shape.cookies {
            let value = cookies[0].value(named: field.name).value
            if let owner = field.parameter, value != cookies[1].value(named: field.name).value {
                return (owner, "the cookie \(field.name)", value)
            }
        }
        for (index, part) in (sent.parts ?? []).enumerated() {
            let other = again.parts.flatMap { index < $0.count ? $0[index] : nil }
            guard other != part, let declared = shape.body?.parts.first(where: { $0.name == part.name })
            else {
                continue
            }
            let place = "the multipart part \(part.name.debugDescription)"
            if part.content != other?.content, let owner = declared.parameter {
                return (owner, place, declared.isText ? String(decoding: part.content, as: UTF8.self) : nil)
            }
            if part.filename != other?.filename, let owner = declared.filename?.parameter {
                return (owner, "the file name of " + place, part.filename)
            }
            if part.contentType != other?.contentType, let owner = declared.contentType?.parameter {
                return (owner, "the content type of " + place, part.contentType)
            }
        }
        if sent.body != again.body, let owner = shape.body?.parameter { return (owner, "the body", nil) }
        return nil
    }

    /// The request printed by the value a server parses from `request`.
    private static func parsedAgain<Model: CatalogEndpoint>(
        _ type: Model.Type, _ request: EndpointRequest, key: String, mode: ProbeMode, _ shape: EndpointShape,
        _ formEncoding: FormEncoding
    ) throws(CourierError) -> ShapeInference.Printed {
        let incoming: IncomingRequest
        do {
            incoming = try IncomingRequest(request)
        } catch {
            throw ShapeInference.failure(type, "its body cannot be read in memory (\(error))")
        }
        let parsed: Model
        do {
            parsed = try Model.parse(incoming, shape: shape, formEncoding: formEncoding)
        } catch {
            throw ShapeInference.failure(
                type,
                "a server cannot read back \(key) \(mode.description): "
                    + error.reasons.joined(separator: "; "))
        }
        let again = try parsed.endpoint.request()
        return try ShapeInference.Printed(again, parts: ShapeInference.formParts(of: again, type))
    }
}
